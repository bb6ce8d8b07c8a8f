//! The pad's actions (what a line asks, with its day and time, so a
//! replay makes the same pads) and its events (what a change did).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Wins;

use crate::games::table::events::names;
pub use crate::games::table::events::seconds;

/// A change to the pads, with the day and the time it was made (so a
/// replay makes the same pads).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum PadAction {
    New {
        game: String,
        players: Vec<String>,
        wins: Wins,
        target: Option<i64>,
        /// File the open pad (if any) rather than ask.
        replace: bool,
        day: String,
    },
    Round {
        scores: Vec<i64>,
    },
    Entry {
        player: String,
        score: i64,
        /// From a seat: `player` is the seat's person, and only the
        /// column whose name folds to theirs exactly takes it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        exact: bool,
    },
    Fix {
        round: usize,
        player: String,
        score: i64,
    },
    End {
        day: String,
    },
}

impl fmt::Display for PadAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PadAction::New {
                game,
                players,
                wins,
                target,
                replace,
                ..
            } => {
                write!(f, "pad new {}", names(std::slice::from_ref(game)))?;
                if !players.is_empty() {
                    write!(f, " {}", names(players))?;
                }
                if *wins == Wins::Lower {
                    f.write_str(" lower wins")?;
                }
                if let Some(t) = target {
                    write!(f, " to {t}")?;
                }
                if *replace {
                    f.write_str(" --yes")?;
                }
                Ok(())
            }
            PadAction::Round { scores } => {
                let s: Vec<String> = scores.iter().map(i64::to_string).collect();
                write!(f, "pad {}", s.join(" "))
            }
            PadAction::Entry { player, score, .. } => {
                write!(f, "pad {} {score}", names(std::slice::from_ref(player)))
            }
            PadAction::Fix {
                round,
                player,
                score,
            } => write!(
                f,
                "pad fix {round} {} {score}",
                names(std::slice::from_ref(player))
            ),
            PadAction::End { .. } => f.write_str("pad end"),
        }
    }
}

/// What a change did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A new pad; the one open before it was filed (its number) if it
    /// held anything.
    Started { game: String, filed: Option<usize> },
    Entered {
        round: usize,
        player: String,
        score: i64,
    },
    Fixed {
        round: usize,
        player: String,
        was: Option<i64>,
        score: i64,
    },
    /// The target was reached with the round complete.
    Won { winners: Vec<String>, total: i64 },
    /// Filed as game `number`; `None`: it held nothing and was put away.
    Filed {
        game: String,
        number: Option<usize>,
        winners: Vec<String>,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Started { game, filed } => {
                write!(f, "new pad: {game}")?;
                if let Some(n) = filed {
                    write!(f, " (the open pad was filed as game {n})")?;
                }
                Ok(())
            }
            Event::Entered {
                round,
                player,
                score,
            } => write!(f, "round {round}: {player} {score}"),
            Event::Fixed {
                round,
                player,
                was,
                score,
            } => match was {
                Some(w) => write!(f, "round {round}: {player} {w} -> {score}"),
                None => write!(f, "round {round}: {player} {score}"),
            },
            Event::Won { winners, total } => {
                write!(
                    f,
                    "game over: {} {} with {total}",
                    winners.join(" and "),
                    if winners.len() == 1 { "wins" } else { "tie" }
                )?;
                f.write_str(" (`pad end` files it)")
            }
            Event::Filed {
                game,
                number,
                winners,
            } => match number {
                Some(n) => write!(
                    f,
                    "{game} filed as game {n}; won by {}",
                    winners.join(" and ")
                ),
                None => write!(f, "{game} held no scores: put away, not filed"),
            },
        }
    }
}
