//! Squares of the penguins' board: (row, column) from r1c1 at the top
//! left, and steps between them.

use crate::games::compass::Dir;

pub type Sq = (i32, i32);

/// `r3c4`.
pub fn sq_name((r, c): Sq) -> String {
    format!("r{r}c{c}")
}

/// Read `r3c4` (1-based).
pub fn parse_sq(word: &str) -> Option<Sq> {
    let w = word.to_ascii_lowercase();
    let rest = w.strip_prefix('r')?;
    let (r, c) = rest.split_once('c')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// A step on the grid: rows grow south.
pub fn step((r, c): Sq, d: Dir) -> Sq {
    match d {
        Dir::N => (r - 1, c),
        Dir::S => (r + 1, c),
        Dir::E => (r, c + 1),
        Dir::W => (r, c - 1),
    }
}
