//! What the player says of Penguin's Night Out: a typed action or a
//! question.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::squares::{Sq, sq_name};
use crate::games::compass::Dir;
use crate::pieces::Domino;

/// A step of the game, as the player says it; what the player leaves out
/// (a square to place on, a die) tablemate draws.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum PenguinAction {
    Place {
        at: Option<Sq>,
    },
    Roll {
        die: Option<u8>,
    },
    /// An empty route stays put.
    Move {
        from: Option<Sq>,
        route: Vec<Dir>,
    },
    Shift {
        from: Sq,
        dir: Dir,
    },
    Alter {
        dice: Option<(u8, u8)>,
    },
    Relocate {
        domino: Domino,
        to: Sq,
        down: bool,
        /// The pips named first (`4-2`: the 4), which go on `to`: how a
        /// domino is turned as it moves. None: as it lay.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        first: Option<u8>,
    },
    Done,
}

/// The words after `penguins` that replay it.
impl fmt::Display for PenguinAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PenguinAction::Place { at: None } => f.write_str("place"),
            PenguinAction::Place { at: Some(s) } => write!(f, "place {}", sq_name(*s)),
            PenguinAction::Roll { die: None } => f.write_str("roll"),
            PenguinAction::Roll { die: Some(v) } => write!(f, "roll {v}"),
            PenguinAction::Move { from, route } => {
                f.write_str("move")?;
                if let Some(s) = from {
                    write!(f, " from {}", sq_name(*s))?;
                }
                if route.is_empty() && from.is_none() {
                    f.write_str(" stay")?;
                }
                for d in route {
                    write!(f, " {}", dir_word(*d))?;
                }
                Ok(())
            }
            PenguinAction::Shift { from, dir } => {
                write!(f, "shift {} {}", sq_name(*from), dir_word(*dir))
            }
            PenguinAction::Alter { dice: None } => f.write_str("alter"),
            PenguinAction::Alter { dice: Some((a, b)) } => write!(f, "alter {a} {b}"),
            PenguinAction::Relocate {
                domino,
                to,
                down,
                first,
            } => {
                match first {
                    Some(n) if *n == domino.high && domino.low != domino.high => {
                        write!(f, "relocate {}-{}", domino.high, domino.low)?
                    }
                    _ => write!(f, "relocate {domino}")?,
                }
                write!(f, " {}{}", sq_name(*to), if *down { "v" } else { "" })
            }
            PenguinAction::Done => f.write_str("done"),
        }
    }
}

/// `penguins` alone: the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    Show,
}

fn dir_word(d: Dir) -> String {
    d.letter().to_ascii_lowercase()
}
