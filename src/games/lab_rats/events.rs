//! What happens in the maze, as typed events.

use std::fmt;

use serde::Serialize;

use super::square::{Side, Square, square_name};
use crate::games::compass::Dir;
use crate::pieces::Rank;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The rat moved by a coin, which it left where it stood.
    Moved {
        dir: Dir,
        squares: u32,
        to: Square,
        coin: Rank,
        left: Square,
    },
    /// The rat left the maze through the exit: the game is won.
    Out {
        dir: Dir,
    },
    /// A coin given up, left under the rat.
    Lost {
        coin: Rank,
    },
    BackedUp {
        to: Square,
    },
    /// The coin under the rat went back on a stack.
    Returned {
        coin: Rank,
        stack: usize,
    },
    /// The rat begins on this start square.
    Begins {
        side: Side,
        at: Square,
        already: bool,
    },
    /// What a stack shows at the table.
    Shows {
        stack: usize,
        value: Rank,
        already: bool,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Moved {
                dir,
                squares,
                to,
                coin,
                left,
            } => write!(
                f,
                "the rat moved {} {squares} to {} (the {} left at {})",
                dir.name(),
                square_name(*to),
                coin.code(),
                square_name(*left)
            ),
            Event::Out { dir } => {
                write!(
                    f,
                    "the rat ran {} out through the exit: you win",
                    dir.name()
                )
            }
            Event::Begins { side, at, already } => write!(
                f,
                "the rat {} on the {} start square ({})",
                if *already { "is already" } else { "starts" },
                side.name(),
                square_name(*at)
            ),
            Event::Lost { coin } => write!(f, "the {} is lost, left under the rat", coin.code()),
            Event::BackedUp { to } => write!(f, "the rat backed up to {}", square_name(*to)),
            Event::Returned { coin, stack } => {
                write!(f, "the {} went back on stack {stack}", coin.code())
            }
            Event::Shows {
                stack,
                value,
                already,
            } => write!(
                f,
                "stack {stack} shows {}{}",
                value.code(),
                if *already { " already" } else { "" }
            ),
        }
    }
}

// Tests compare an event with the sentence the table is told.
#[cfg(test)]
crate::games::error::said_as!(Event);
