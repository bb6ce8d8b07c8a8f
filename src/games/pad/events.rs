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
        /// The game's score sheet, as its rule file had it (put in by
        /// `act`, so a replay keeps the sheet the game began with).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sheet: Option<crate::sheet::SheetSpec>,
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
    /// Entries on a sheet: each a category and the words typed for it
    /// (`pad ann melded 45 in-hand 10`).
    Mark {
        player: String,
        items: Vec<(String, Vec<String>)>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        exact: bool,
    },
    /// A sheet's entry changed: in a round, for a round's category.
    Amend {
        round: Option<usize>,
        player: String,
        items: Vec<(String, Vec<String>)>,
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
            PadAction::Mark { player, items, .. } => {
                write!(
                    f,
                    "pad {}{}",
                    names(std::slice::from_ref(player)),
                    typed(items)
                )
            }
            PadAction::Amend {
                round,
                player,
                items,
            } => {
                f.write_str("pad fix")?;
                if let Some(r) = round {
                    write!(f, " {r}")?;
                }
                write!(
                    f,
                    " {}{}",
                    names(std::slice::from_ref(player)),
                    typed(items)
                )
            }
            PadAction::End { .. } => f.write_str("pad end"),
        }
    }
}

/// Entries as typed: ` melded 45 in_hand 10`.
fn typed(items: &[(String, Vec<String>)]) -> String {
    let mut out = String::new();
    for (category, words) in items {
        for w in std::iter::once(category).chain(words) {
            out.push(' ');
            out.push_str(&names(std::slice::from_ref(w)));
        }
    }
    out
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
    /// An entry on a sheet, and the category's score from it (in its
    /// round, for a round's category; `None` until what it needs is in).
    Marked {
        #[serde(skip_serializing_if = "Option::is_none")]
        round: Option<usize>,
        player: String,
        category: String,
        entry: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        was: Option<String>,
        score: Option<i64>,
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

impl Event {
    /// An entry on a sheet without whose it is: `big casino yes: 2`,
    /// `ones 1 1 1 4 5 -> 1 1 1 1 1: 5`.
    pub fn entry_said(&self) -> Option<String> {
        let Event::Marked {
            category,
            entry,
            was,
            score,
            ..
        } = self
        else {
            return None;
        };
        let mut out = format!("{category} ");
        if let Some(w) = was {
            out.push_str(&format!("{w} -> "));
        }
        out.push_str(entry);
        match score {
            Some(s) if *entry != s.to_string() => out.push_str(&format!(": {s}")),
            _ => {}
        }
        Some(out)
    }
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
            Event::Marked { round, player, .. } => {
                if let Some(r) = round {
                    write!(f, "round {r}: ")?;
                }
                write!(f, "{player} {}", self.entry_said().unwrap_or_default())
            }
            Event::Won { winners, .. } if winners.is_empty() => {
                f.write_str("game over: no one won (`pad end` files it)")
            }
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
                number: Some(n),
                winners,
            } if winners.is_empty() => write!(f, "{game} filed as game {n}; no one won"),
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
