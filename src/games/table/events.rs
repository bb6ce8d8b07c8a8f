//! The table's actions (what a line asks, with the time, so a replay
//! makes the same table) and its events (what a change did).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::bank::{Out, clock};

/// A duration in words a player reads at a glance: `42 s`, `3 min 05 s`.
pub fn seconds(s: u64) -> String {
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, (s % 3600) / 60),
    }
}

/// A length as it is typed back: `20m`, `1h30m`, `45s`, `2m30s`.
pub fn typed(s: u64) -> String {
    let mut out = String::new();
    for (unit, n) in [("h", s / 3600), ("m", (s / 60) % 60), ("s", s % 60)] {
        if n > 0 {
            out.push_str(&format!("{n}{unit}"));
        }
    }
    if out.is_empty() { "0s".into() } else { out }
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
    /// Keep a time bank, or change it: `each` seconds for everyone (or,
    /// with `who`, for that person alone), `plus` after each turn, what
    /// running out means; `off` ends it. At `at` (a running turn's time
    /// counts from then).
    Clock {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        who: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        each: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        plus: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        out: Option<Out>,
        #[serde(default)]
        off: bool,
        at: u64,
    },
    /// Stop everyone's time (`turn pause`) or let it run again.
    Pause {
        on: bool,
        at: u64,
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
            TableAction::Clock {
                who,
                each,
                plus,
                out,
                off,
                ..
            } => {
                f.write_str("turn clock")?;
                if *off {
                    return f.write_str(" off");
                }
                if let Some(w) = who {
                    write!(f, " {}", name(w))?;
                }
                if let Some(s) = each {
                    write!(f, " {}", typed(*s))?;
                }
                if let Some(p) = plus {
                    write!(f, " +{}", typed(*p))?;
                }
                if let Some(o) = out {
                    write!(f, " out={}", o.word())?;
                }
                Ok(())
            }
            TableAction::Pause { on, .. } => {
                f.write_str(if *on { "turn pause" } else { "turn resume" })
            }
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
    /// first `turn`, which starts the clock), and whose turn it is now;
    /// with a time bank, what each of them has left.
    Passed {
        finished: Option<(String, u64)>,
        now: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        banked: Option<(Option<i64>, i64)>,
    },
    /// The time bank began or changed: what each has (`who`: one
    /// person's), the increment, what running out means.
    Clocked {
        who: Option<String>,
        each: u64,
        plus: u64,
        out: Out,
    },
    ClockOff,
    /// Time stopped (`on`) or runs again, for whose turn it is.
    Paused {
        on: bool,
    },
    /// Someone's time ran out, and what the table said that means.
    RanOut {
        name: String,
        out: Out,
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
            Event::Passed {
                finished,
                now,
                banked,
            } => {
                let (was, next) = match banked {
                    Some((was, next)) => (
                        was.map_or(String::new(), |w| format!(", {} left", clock(w))),
                        format!(" ({} left)", clock(*next)),
                    ),
                    None => (String::new(), String::new()),
                };
                match finished {
                    Some((who, s)) => {
                        write!(f, "{who} took {}{was}; {now}'s turn{next}", seconds(*s))
                    }
                    None => write!(f, "{now}'s turn{next}"),
                }
            }
            Event::Clocked {
                who,
                each,
                plus,
                out,
            } => {
                match who {
                    Some(w) => write!(f, "{w} has {} in the bank", clock(*each as i64))?,
                    None => write!(f, "each has {} in the bank", clock(*each as i64))?,
                }
                if *plus > 0 {
                    write!(f, ", +{} after each turn", seconds(*plus))?;
                }
                match out {
                    Out::Lose => f.write_str("; who runs out loses"),
                    Out::Warn => f.write_str("; running out is said, and play goes on"),
                }
            }
            Event::ClockOff => f.write_str("the time bank is off; turns are still timed"),
            Event::Paused { on: true } => {
                f.write_str("the clock is paused: `turn resume` starts it again")
            }
            Event::Paused { on: false } => f.write_str("the clock runs again"),
            Event::RanOut { name, out } => match out {
                Out::Lose => write!(
                    f,
                    "{name}'s time ran out: {name} loses (the table's rule: out=lose)"
                ),
                Out::Warn => write!(
                    f,
                    "{name}'s time ran out (the table's rule: out=warn, play on)"
                ),
            },
            Event::LeftGame { game } => write!(
                f,
                "{game} loses a player and is set aside (`games` keeps it): the turn goes round the table again"
            ),
        }
    }
}
