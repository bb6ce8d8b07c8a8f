//! The maze, and a game on it, as layout data (see `crate::layout`).

use super::maze::Maze;
use super::play::RatsGame;
use crate::layout::{Layout, Placed};

/// The maze: face-down tiles in laying order (A to X), a square an inch;
/// the rat's start and, when the maze is whole, the exit.
pub fn maze_layout(m: &Maze) -> Layout {
    let mut l = Layout::new("lab-rats", "Lab Rats");
    for (i, t) in m.tiles.iter().enumerate() {
        let (x, y) = t.lower_left();
        let letter = char::from(b'A' + (i % 26) as u8).to_string();
        l.push(Placed::tile_back(x as f64 + 1.0, y as f64 + 1.0).labelled(letter));
    }
    // One marker a square: the rat starts on either of two, and the exit
    // is the two squares past the last tile.
    if !m.tiles.is_empty() {
        for (x, y) in m.start() {
            l.push(Placed::marker("start", x as f64 + 0.5, y as f64 + 0.5));
        }
        if m.complete {
            for (x, y) in m.exit() {
                l.push(Placed::marker("exit", x as f64 + 0.5, y as f64 + 0.5));
            }
        }
    }
    l
}

/// A Lab Rats game in play: each maze square marked, the coins lying on
/// squares (the top one's value showing), the rat and the exit.
pub fn game_layout(g: &RatsGame) -> Layout {
    let mut l = Layout::new("lab-rats", "Lab Rats");
    let at = |(x, y): (i32, i32)| (x as f64 + 0.5, y as f64 + 0.5);
    for &sq in &g.squares {
        let (x, y) = at(sq);
        l.push(Placed::marker("square", x, y));
    }
    for (sq, pile) in &g.piles {
        if let Some(top) = pile.last() {
            let (x, y) = at(*sq);
            l.push(Placed::coin_value(*top, x, y).labelled(pile.len().to_string()));
        }
    }
    for sq in g.exit {
        let (x, y) = at(sq);
        l.push(Placed::marker("exit", x, y));
    }
    if !g.out {
        let (x, y) = at(g.rat);
        l.push(Placed::pawn(None, x, y).labelled("rat"));
    }
    l
}
