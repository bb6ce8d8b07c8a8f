//! The table's actions (what a line asks, with the time, so a replay
//! makes the same table) and its events (what a change did).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A duration in words a player reads at a glance: `42 s`, `3 min 05 s`.
pub fn seconds(s: u64) -> String {
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, (s % 3600) / 60),
    }
}

/// Names as typed on a command line: one with a space or a quote in it
/// is quoted (`"cat lee"`), the rest (`zoë`) left as they are.
pub fn names(all: &[String]) -> String {
    let quoted: Vec<String> = all.iter().map(|n| name(n)).collect();
    quoted.join(" ")
}

fn name(n: &str) -> String {
    if n.contains(|c: char| c.is_whitespace() || "'\"\\#".contains(c)) {
        shlex::try_quote(n).map_or_else(|_| n.to_string(), |q| q.into_owned())
    } else {
        n.to_string()
    }
}

/// A change to the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum TableAction {
    /// Seat the table: these people, in seating order (those already
    /// seated keep who they are).
    Players {
        names: Vec<String>,
    },
    /// Seat one more, at the end of the seating order.
    Add {
        name: String,
    },
    Remove {
        name: String,
    },
    Rename {
        from: String,
        to: String,
    },
    /// Move someone to place `to` (1 first) in the seating order.
    Move {
        name: String,
        to: usize,
    },
    /// Pick who starts (`whole` false) or deal a whole seating order,
    /// among `names` (none: the table's), from the deal code's own
    /// generator (put in by `act` when none is typed).
    Seat {
        whole: bool,
        names: Vec<String>,
        deal: Option<String>,
    },
    /// The person whose turn it is has finished, at `at` (seconds since
    /// 1970); `by`: the person passing it from their seat (the terminal
    /// passes anyone's).
    Turn {
        at: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<u32>,
    },
}

impl fmt::Display for TableAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableAction::Players { names: seated } => write!(f, "players {}", names(seated)),
            TableAction::Add { name: n } => write!(f, "players add {}", name(n)),
            TableAction::Remove { name: n } => write!(f, "players remove {}", name(n)),
            TableAction::Rename { from, to } => {
                write!(f, "players rename {} {}", name(from), name(to))
            }
            TableAction::Move { name: n, to } => write!(f, "players move {} {to}", name(n)),
            TableAction::Turn { .. } => f.write_str("turn"),
            TableAction::Seat {
                whole,
                names: seated,
                deal,
            } => {
                f.write_str(if *whole { "seating" } else { "first" })?;
                if !seated.is_empty() {
                    write!(f, " {}", names(seated))?;
                }
                match deal {
                    Some(code) => write!(f, " deal={code}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// What a change did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The table was seated: its people in seating order, who starts,
    /// and the deal code that picked them, if one did (`whole`: the
    /// order was dealt).
    Seated {
        players: Vec<String>,
        first: String,
        whole: bool,
        deal: Option<String>,
        /// The names it was dealt among, in the order given (what the
        /// code deals again).
        given: Vec<String>,
    },
    Added {
        name: String,
        place: usize,
    },
    Removed {
        name: String,
    },
    Renamed {
        from: String,
        to: String,
    },
    Moved {
        name: String,
        place: usize,
    },
    /// A turn passed: who finished and in how many seconds (none for the
    /// first `turn`, which starts the clock), and whose turn it is now.
    Passed {
        finished: Option<(String, u64)>,
        now: String,
    },
    /// The game set up while the table sat has lost a seat's person:
    /// the turn goes round the table again.
    LeftGame {
        game: String,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Seated {
                players,
                first,
                whole,
                deal,
                given,
            } => {
                let seats: Vec<String> = players
                    .iter()
                    .enumerate()
                    .map(|(i, n)| format!("{}. {n}", i + 1))
                    .collect();
                match (deal, whole) {
                    (Some(_), false) => write!(f, "{first} starts")?,
                    _ => write!(f, "{}\n{first} starts", seats.join("\n"))?,
                }
                if let Some(code) = deal {
                    let command = if *whole { "seating" } else { "first" };
                    write!(
                        f,
                        "\ndeal {code}: `{command} {} deal={code}` {} again",
                        names(given),
                        if *whole { "seats them" } else { "picks" }
                    )?;
                }
                Ok(())
            }
            Event::Added { name, place } => write!(f, "{name} sits at place {place}"),
            Event::Removed { name } => write!(f, "{name} has left the table"),
            Event::Renamed { from, to } => write!(f, "{from} is called {to} from now on"),
            Event::Moved { name, place } => write!(f, "{name} moves to place {place}"),
            Event::Passed { finished, now } => match finished {
                Some((who, s)) => write!(f, "{who} took {}; {now}'s turn", seconds(*s)),
                None => write!(f, "{now}'s turn"),
            },
            Event::LeftGame { game } => write!(
                f,
                "{game} loses a player: the turn goes round the table again"
            ),
        }
    }
}
