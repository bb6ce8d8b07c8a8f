//! Squares of the maze: x east, y north.

use serde::{Deserialize, Serialize};

pub type Square = (i32, i32);

pub fn square_name((x, y): Square) -> String {
    format!("{x},{y}")
}

/// The two start squares, as the rat faces into the maze.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Left = 0,
    Right = 1,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Left, Side::Right];

    /// The side a word names (as typed after `rats start`).
    pub fn named(word: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| s.name() == word)
    }

    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}
