//! A Slides of Action position as layout data (see `crate::layout`).

use super::play::Grid;
use super::seating::START;
use crate::layout::{Layout, Placed};

/// Four face-down tiles in a square, fifteen coins suit up on their
/// squares, the empty space left bare.
pub fn start_layout() -> Layout {
    board_layout(&START)
}

/// A Slides of Action position: four face-down tiles, the coins suit up.
pub fn board_layout(grid: &Grid) -> Layout {
    let mut l = Layout::new("slides-of-action", "Slides of Action");
    for (x, y) in [(1.0, 3.0), (3.0, 3.0), (1.0, 1.0), (3.0, 1.0)] {
        l.push(Placed::tile_back(x, y));
    }
    for (r, row) in grid.iter().enumerate() {
        for (c, s) in row.iter().enumerate() {
            if let Some(s) = s {
                l.push(Placed::coin_suit(*s, c as f64 + 0.5, 3.5 - r as f64));
            }
        }
    }
    l
}
