//! The pad's actions (what a line asks, with its day and time, so a
//! replay makes the same pads) and its events (what a change did).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Wins;

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
fn names(all: &[String]) -> String {
    let quoted: Vec<String> = all
        .iter()
        .map(|n| {
            if n.contains(|c: char| c.is_whitespace() || "'\"\\#".contains(c)) {
                shlex::try_quote(n).map_or_else(|_| n.clone(), |q| q.into_owned())
            } else {
                n.clone()
            }
        })
        .collect();
    quoted.join(" ")
}

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
    },
    Fix {
        round: usize,
        player: String,
        score: i64,
    },
    End {
        day: String,
    },
    /// Seat the table: these players, in seating order.
    Players {
        names: Vec<String>,
    },
    /// Pick who starts (`whole` false) or deal a whole seating order,
    /// among `names` (none: the table's, or the open pad's), from the
    /// deal code's own generator (put in by `act` when none is typed).
    Seat {
        whole: bool,
        names: Vec<String>,
        deal: Option<String>,
    },
    /// The player whose turn it is has finished, at `at` (seconds since
    /// 1970).
    Turn {
        at: u64,
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
            PadAction::Entry { player, score } => {
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
            PadAction::Turn { .. } => f.write_str("turn"),
            PadAction::Players { names: seated } => write!(f, "players {}", names(seated)),
            PadAction::Seat {
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
    /// A turn passed: who finished and in how many seconds (none for the
    /// first `turn`, which starts the clock), and whose turn it is now.
    Passed {
        finished: Option<(String, u64)>,
        now: String,
    },
    /// The table was seated: its players in seating order, who starts,
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
    /// The turn passed at the table, with no pad's clock running.
    Next { now: String },
    /// The table was seated while a pad of other players (or the same in
    /// another order) is open: the pad and its turns keep its own.
    PadKeeps { game: String, players: Vec<String> },
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
            Event::Next { now } => write!(f, "{now}'s turn"),
            Event::PadKeeps { game, players } => write!(
                f,
                "the open pad ({game}) keeps its players in its order ({}): `turn` follows it until `pad end`",
                players.join(", ")
            ),
            Event::Passed { finished, now } => match finished {
                Some((who, s)) => write!(f, "{who} took {}; {now}'s turn", seconds(*s)),
                None => write!(f, "{now}'s turn: the clock runs (`turn` passes it on)"),
            },
        }
    }
}
