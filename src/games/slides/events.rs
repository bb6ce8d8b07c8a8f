//! What happens on the Slides of Action board, as typed events.

use std::fmt;

use serde::Serialize;

use crate::games::cell::{Cell, cell_name};
use crate::pieces::Suit;

/// A win: the suits joined by the move, and who wins by it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Won {
    pub joined: Vec<Suit>,
    pub winner: Suit,
}

/// A move that lets the next suit win: who, by which square, and a move
/// that would not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Warning {
    pub suit: Suit,
    pub by: Cell,
    pub instead: Option<Cell>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Coins slid into the gap, up to and from the square named.
    Slid {
        suit: Suit,
        coins: usize,
        from: Cell,
        /// tablemate chose the move.
        tablemate: bool,
        won: Option<Won>,
        /// The slide made a position come up for the third time.
        drawn: bool,
    },
    /// The coach: the move just made lets the next suit win at once.
    Warned(Warning),
    /// The coach turned on or off.
    Coaching { on: bool },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (suit, coins, from, tablemate, won, drawn) = match self {
            Event::Slid {
                suit,
                coins,
                from,
                tablemate,
                won,
                drawn,
            } => (suit, coins, from, tablemate, won, drawn),
            Event::Coaching { on: true } => {
                return f.write_str(
                    "the coach is on: a move that lets another suit win on its next turn is said to",
                );
            }
            Event::Coaching { on: false } => return f.write_str("the coach is off"),
            Event::Warned(w) => {
                write!(
                    f,
                    "coach: that move lets {} win next turn ({})",
                    w.suit.name(),
                    cell_name(w.by)
                )?;
                return match w.instead {
                    Some(m) => write!(f, "; {} would not have", cell_name(m)),
                    None => f.write_str("; every move would have"),
                };
            }
        };
        if *tablemate {
            f.write_str("tablemate: ")?;
        }
        write!(
            f,
            "{} slid {coins} {} from {} into the gap",
            suit.name(),
            if *coins == 1 { "coin" } else { "coins" },
            cell_name(*from)
        )?;
        if let Some(w) = won {
            let joined: Vec<&str> = w.joined.iter().map(|s| s.name()).collect();
            write!(
                f,
                "; {} connected: {} wins{}",
                joined.join(" and "),
                w.winner.name(),
                if joined != [w.winner.name()] {
                    " (the mover)"
                } else {
                    ""
                }
            )?;
        }
        if *drawn {
            f.write_str("; the same position a third time: the game is drawn")?;
        }
        Ok(())
    }
}

// Tests compare an event with the sentence the table is told.
#[cfg(test)]
crate::games::error::said_as!(Event);
