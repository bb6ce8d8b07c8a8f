//! What happens to a Funhouse run, as typed events.

use std::fmt;

use serde::Serialize;

use super::die::Hand;
use super::room::Room;
use super::score::Score;

/// Where a score's inputs came from, when the player gave none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum Source {
    /// As the player typed them.
    Typed,
    /// The position played along in the run.
    Play,
    /// The run's barrel grid, by the solver, with the player's die.
    Solver { hand: Hand },
}

/// A score recorded in the open run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Recorded {
    /// The room's earlier score, now replaced.
    pub replaced: Option<u32>,
    pub run_total: u32,
    pub played: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A new run; the total of the run it replaced, if that had scores.
    Started {
        day: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        player: Option<String>,
        discarded: Option<u32>,
    },
    /// The run filed in the history.
    Filed {
        number: usize,
        total: u32,
        played: usize,
        best: bool,
    },
    /// A run with no scores closed without filing.
    Closed,
    Deleted {
        number: usize,
        started: String,
        total: u32,
    },
    Scored {
        score: Score,
        source: Source,
        /// `None`: no run is open, so nothing was recorded.
        recorded: Option<Recorded>,
        /// Scored from a position played along that is not over by the
        /// room's rules (a family can still be taken): said, since the
        /// player may have scored too soon.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        unfinished: bool,
    },
    /// A room laid out; `kept`: its table is kept in the open run.
    Laid {
        room: Room,
        kept: bool,
    },
    /// A move in the room in play, as kept (it replays), and what it did.
    Moved {
        room: Room,
        count: usize,
        kept: String,
        said: String,
        /// With `coach on`, what the move cost against best play.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        coached: Option<super::play::Coached>,
    },
    /// `coach on` or `coach off`.
    CoachSet {
        on: bool,
    },
    DieSet {
        was: Hand,
        now: Hand,
    },
    /// A hint given: `level` 1 a nudge, 2 the move, 3 the line (0:
    /// nothing left to do, not counted); `said` what it says; `count` the
    /// room's hints so far.
    Hinted {
        room: Room,
        level: u8,
        said: Vec<String>,
        why: String,
        count: u32,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Started { day, player, .. } => match player {
                Some(p) => write!(f, "new run for {p} started {day}"),
                None => write!(f, "new run started {day}"),
            },
            Event::Filed { number, total, .. } => write!(f, "run {number} filed: total {total}"),
            Event::Closed => {
                f.write_str("the open run had no scores; it was closed without filing")
            }
            Event::Deleted { number, total, .. } => {
                write!(f, "run {number} (total {total}) removed from the history")
            }
            Event::Scored { score, .. } => {
                write!(f, "{} scored {}", score.room, score.total)
            }
            Event::Laid { room, kept } => write!(
                f,
                "{} laid out{}",
                room.title(),
                if *kept { " (kept in the run)" } else { "" }
            ),
            Event::Moved {
                room, count, said, ..
            } => write!(f, "{} move {count}: {said}", room.title()),
            Event::DieSet { now, .. } => write!(f, "your die is now {now}-handed"),
            Event::CoachSet { on } => {
                write!(f, "the coach is {}", if *on { "on" } else { "off" })
            }
            Event::Hinted { room, count, .. } => {
                write!(f, "{} hint {count}", room.title())
            }
        }
    }
}
