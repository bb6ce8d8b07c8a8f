//! Squares of a grid as players name them.

/// A grid position: row from the top, column from the left (both from 0).
pub type Cell = (usize, usize);

/// `rNcM`, 1-based, as shown to the player (rooms' grids, boards).
pub fn cell_name((r, c): Cell) -> String {
    format!("r{}c{}", r + 1, c + 1)
}
