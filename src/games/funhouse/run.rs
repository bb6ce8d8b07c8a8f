//! A Funhouse run in progress and the runs filed before it. Plain data:
//! the dispatcher loads and saves it through `store`.

use crate::games::error::Unsound;
use std::collections::BTreeMap;
use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::die::Hand;
use super::room::Room;
use super::score::Score;
use crate::pieces::{Piece, Rank};
use crate::style::{Style, Tone};

/// No room's score comes near this; the store refuses anything above it,
/// so a run's total (six rooms) is always exact.
pub const MAX_ROOM_SCORE: u32 = 100_000;

/// The most moves kept for one room (Whack-a-Dummy can wander; nothing
/// else comes near).
pub const MAX_MOVES: usize = 10_000;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Book {
    /// The run being played, if any.
    pub run: Option<Run>,
    /// Runs filed with `funhouse end`, oldest first.
    pub history: Vec<Run>,
    /// How the player's die is numbered (Roll Out the Barrels).
    pub die: Hand,
    /// `coach on`: each move followed in play is weighed against best
    /// play, and a move that lost points is said to have. The table's
    /// coach: every game with one reads it here (`Wing::KEEPS_COACH`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub coach: bool,
    /// Runs in the saved document that could not be read, and why: each
    /// is left out, so one damaged run blocks only itself (`mend` says
    /// so). Never written.
    #[serde(skip)]
    pub unread: Vec<String>,
}

/// A book is read run by run: a run that does not read (a negative score
/// written into the database by hand) is left out and named in `unread`,
/// and the rest is read as it is.
impl<'de> Deserialize<'de> for Book {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Book, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Raw {
            run: Option<serde_json::Value>,
            history: Vec<serde_json::Value>,
            #[serde(default)]
            die: Hand,
            #[serde(default)]
            coach: bool,
        }
        let raw = Raw::deserialize(d)?;
        let mut unread = Vec::new();
        let run = match raw.run.map(serde_json::from_value::<Run>) {
            Some(Ok(run)) => Some(run),
            Some(Err(e)) => {
                unread.push(format!(
                    "warning: the open Funhouse run cannot be read ({e}); it is left out, and `funhouse new` starts a fresh one"
                ));
                None
            }
            None => None,
        };
        let mut history = Vec::new();
        for (n, v) in raw.history.into_iter().enumerate() {
            match serde_json::from_value::<Run>(v) {
                Ok(run) => history.push(run),
                Err(e) => unread.push(format!(
                    "warning: filed Funhouse run {} cannot be read ({e}); it is left out of the history",
                    n + 1
                )),
            }
        }
        Ok(Book {
            run,
            history,
            die: raw.die,
            coach: raw.coach,
            unread,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// The day it started (YYYY-MM-DD).
    pub started: String,
    /// Who plays it, where the table was seated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// One slot per room, in playing order.
    pub rooms: [Option<Score>; 6],
    /// The barrel grid laid by `setup barrels` in this run (6 rows of 4
    /// coin values): the Whack-a-Dummy board.
    #[serde(default)]
    pub barrels: Option<Vec<Vec<String>>>,
    /// The other rooms' positions as set up in this run.
    #[serde(default, skip_serializing_if = "Tables::is_empty")]
    pub tables: Tables,
    /// Hints asked in each room, by its id: the score sheet counts them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hints: BTreeMap<String, Hinted>,
}

/// The hints asked in one room: how many, and how far the last asking
/// went at the position it was asked at (a nudge, the move, the line).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hinted {
    pub count: u32,
    /// The room's moves played when last asked.
    pub at: usize,
    /// 1 nudge, 2 the move, 3 the line.
    pub level: u8,
}

/// What the run holds of each room's table, in piece notation, so a
/// solver (or the next room's setup) can work from it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// The Slide Jam deal: 6 rows of 4 tiles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slide_jam: Option<Vec<Vec<String>>>,
    /// The Magic Mirror's two grids (3 rows of 4), upper then lower.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub magic_mirror: Option<[Vec<Vec<String>>; 2]>,
    /// What set Trampo-Land up: the die, the cast, the column sums.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trampo_land: Option<TrampoSetup>,
    /// The moves made in each room followed in play, by room id, as
    /// `move` takes them (replayed from the table to rebuild a position).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub played: BTreeMap<String, Vec<String>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrampoSetup {
    pub die: String,
    pub cast: u32,
    pub columns: [u32; 4],
}

impl Tables {
    pub fn is_empty(&self) -> bool {
        *self == Tables::default()
    }

    /// Every piece a real one, each grid its room's shape.
    fn check(&self) -> Result<(), Unsound> {
        let tiles_ok = |rows: &[Vec<String>], n: usize| {
            rows.len() == n
                && rows.iter().all(|r| r.len() == 4)
                && rows.iter().flatten().all(|t| t.parse::<Piece>().is_ok())
        };
        if let Some(g) = &self.slide_jam
            && !tiles_ok(g, 6)
        {
            return Err("the Slide Jam deal is not 6 rows of 4 tiles".into());
        }
        if let Some([u, l]) = &self.magic_mirror
            && !(tiles_ok(u, 3) && tiles_ok(l, 3))
        {
            return Err("the Magic Mirror grids are not 3 rows of 4 tiles each".into());
        }
        if let Some(t) = &self.trampo_land
            && (t.die.parse::<Rank>().is_err()
                || !(1..=15).contains(&t.cast)
                || t.columns.iter().any(|&c| c > 30))
        {
            return Err("the Trampo-Land setup is out of range".into());
        }
        for (room, moves) in &self.played {
            if !Room::ALL.iter().any(|r| r.id() == room) {
                return Err(format!("moves kept for '{room}', which is not a room").into());
            }
            if moves.len() > MAX_MOVES || moves.iter().any(|m| m.len() > 40) {
                return Err(format!("the {room} moves are beyond any game's").into());
            }
        }
        Ok(())
    }
}

impl Run {
    pub fn new(started: String) -> Run {
        Run {
            started,
            player: None,
            rooms: Default::default(),
            barrels: None,
            tables: Tables::default(),
            hints: BTreeMap::new(),
        }
    }

    pub fn total(&self) -> u32 {
        self.rooms.iter().flatten().map(|s| s.total).sum()
    }

    pub fn played(&self) -> usize {
        self.rooms.iter().flatten().count()
    }

    pub fn is_complete(&self) -> bool {
        self.played() == 6
    }

    /// The first room not yet scored.
    pub fn next_room(&self) -> Option<Room> {
        Room::ALL
            .into_iter()
            .find(|r| self.rooms[r.index()].is_none())
    }

    /// The last room scored, in playing order.
    pub fn last_played(&self) -> Option<Room> {
        Room::ALL
            .into_iter()
            .rev()
            .find(|r| self.rooms[r.index()].is_some())
    }

    /// Record a room's score; returns the entry it replaced, if any.
    pub fn record(&mut self, room: Room, score: Score) -> Option<Score> {
        self.rooms[room.index()].replace(score)
    }

    /// Check a run read back from the store or a file: each score in its
    /// own room's slot, within range, and adding up (summed with checks,
    /// so points that would overflow are refused, never wrapped).
    pub fn check(&self) -> Result<(), Unsound> {
        if let Some(why) = self.player.as_deref().and_then(crate::people::problem) {
            return Err(format!("who plays the run: {why}").into());
        }
        if self.started.is_empty() || self.started.chars().count() > 40 {
            return Err(format!("'{}' is not a start date", self.started).into());
        }
        for (room, slot) in Room::ALL.iter().zip(&self.rooms) {
            if let Some(s) = slot {
                if s.room != room.id() {
                    return Err(format!("the {} slot holds a {} score", room.id(), s.room).into());
                }
                let sum = s
                    .terms
                    .iter()
                    .try_fold(0u32, |acc, t| acc.checked_add(t.points));
                if sum != Some(s.total) {
                    return Err(format!("the {} score does not add up", room.id()).into());
                }
                if s.total > MAX_ROOM_SCORE {
                    return Err(format!(
                        "the {} score {} is beyond any room's ({MAX_ROOM_SCORE})",
                        room.id(),
                        s.total
                    )
                    .into());
                }
            }
        }
        if let Some(grid) = &self.barrels {
            let shape_ok = grid.len() == 6 && grid.iter().all(|r| r.len() == 4);
            let values_ok = grid.iter().flatten().all(|v| v.parse::<Rank>().is_ok());
            if !shape_ok || !values_ok {
                return Err("the barrel grid is not 6 rows of 4 coin values".into());
            }
        }
        self.tables.check()
    }
}

impl Book {
    /// The open run's name, numbered as `funhouse history` will file it:
    /// the group its rooms' records belong to.
    pub fn run_name(&self) -> Option<String> {
        let run = self.run.as_ref()?;
        Some(format!(
            "Epic Funhouse run {}{}, started {}",
            self.history.len() + 1,
            run.player
                .as_ref()
                .map_or(String::new(), |p| format!(" of {p}")),
            run.started
        ))
    }

    pub fn check(&self) -> Result<(), Unsound> {
        self.run
            .iter()
            .chain(&self.history)
            .try_for_each(Run::check)
    }
}

/// The scorecard: each room with score and inputs, blanks for rooms not
/// played, the running total, and what comes next.
pub fn scorecard(run: &Run, transition: Option<(Room, String)>, style: &Style) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}",
        style.paint(
            &match &run.player {
                Some(p) => format!("Epic Funhouse run of {p}, started {}", run.started),
                None => format!("Epic Funhouse run started {}", run.started),
            },
            Tone::Heading
        )
    );
    for room in Room::ALL {
        let (points, inputs) = match &run.rooms[room.index()] {
            Some(s) => (s.total.to_string(), s.inputs.join(" ")),
            None => ("-".to_string(), String::new()),
        };
        let hints = match run.hints.get(room.id()).map_or(0, |h| h.count) {
            0 => String::new(),
            1 => "  (1 hint)".to_string(),
            n => format!("  ({n} hints)"),
        };
        let line = format!(
            "{:<5} {:<20} {:>3}  {inputs}{hints}",
            room.game_number(),
            room.title(),
            points
        );
        let line: String = if line.chars().count() > style.width {
            let cut: String = line.chars().take(style.width.saturating_sub(3)).collect();
            format!("{cut}...")
        } else {
            line
        };
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = write!(
        out,
        "{}",
        style.paint(
            &format!("total {} ({} of 6 rooms)", run.total(), run.played()),
            Tone::Emph
        )
    );
    match run.next_room() {
        Some(next) => {
            let _ = write!(out, "\nnext: {}", next.title());
            if let Some((from, text)) = transition {
                let _ = write!(out, "\nleaving {}:\n{text}", from.title());
            }
        }
        None => out.push_str("\nall six rooms scored: `funhouse end` files the run"),
    }
    out
}

/// The scorecard as a table, for a screen that draws tables: a room a
/// row, its points, the total; what comes next under it.
pub fn scorecard_grid(run: &Run, transition: Option<(Room, String)>) -> crate::reply::Grid {
    let rows = Room::ALL
        .iter()
        .map(|room| {
            let points = run.rooms[room.index()]
                .as_ref()
                .map_or("-".to_string(), |s| s.total.to_string());
            vec![
                room.game_number().to_string(),
                room.title().to_string(),
                points,
            ]
        })
        .collect();
    let mut notes = Vec::new();
    match run.next_room() {
        Some(next) => {
            notes.push(format!("next: {}", next.title()));
            if let Some((from, text)) = transition {
                notes.push(format!("leaving {}: {text}", from.title()));
            }
        }
        None => notes.push("all six rooms scored: `funhouse end` files the run".into()),
    }
    crate::reply::Grid {
        caption: match &run.player {
            Some(p) => format!("run of {p}, started {}", run.started),
            None => format!("run started {}", run.started),
        },
        head: vec!["game".into(), "room".into(), "points".into()],
        rows,
        foot: vec![vec![
            "total".into(),
            format!("{} of 6 rooms", run.played()),
            run.total().to_string(),
        ]],
        notes,
        running: false,
        entered: Vec::new(),
    }
}

/// Past runs: date, six room scores, total; best marked; average; chart.
pub fn history_text(history: &[Run], style: &Style) -> String {
    if history.is_empty() {
        return "no runs filed yet: `funhouse end` files the open run".into();
    }
    let mut out = String::new();
    let best = best_run(history);
    // Laid out by the same widths as the rows below it.
    let heading = format!(
        "{:<4}{:<10}  {} {:>5}",
        "", "date", "sj mm cw rb wd tl", "total"
    );
    let _ = writeln!(out, "{}", style.paint(&heading, Tone::Heading));
    for (i, run) in history.iter().enumerate() {
        let rooms: Vec<String> = run
            .rooms
            .iter()
            .map(|s| {
                s.as_ref()
                    .map_or(" -".into(), |s| format!("{:>2}", s.total))
            })
            .collect();
        let mark = if Some(i) == best { "*" } else { " " };
        let partial = if run.is_complete() { "" } else { " (partial)" };
        let _ = writeln!(
            out,
            "{mark}{:>2} {}  {} {:>5}{partial}",
            i + 1,
            run.started,
            rooms.join(" "),
            run.total()
        );
    }
    let complete: Vec<u32> = history
        .iter()
        .filter(|r| r.is_complete())
        .map(Run::total)
        .collect();
    if !complete.is_empty() {
        let avg = complete.iter().sum::<u32>() as f64 / complete.len() as f64;
        let _ = writeln!(
            out,
            "* best {}, average {avg:.1} over {} complete {}",
            complete.iter().min().unwrap_or(&0),
            complete.len(),
            crate::style::plural(complete.len() as u64, "run", "runs")
        );
    }
    // Only complete runs are charted: a partial total is not comparable.
    if !complete.is_empty() {
        out.push_str("complete runs over time (shorter is better):\n");
    }
    let top = complete.iter().copied().max().unwrap_or(0).max(1);
    let room = style.width.saturating_sub(10).max(10) as u32;
    for (i, run) in history.iter().enumerate().filter(|(_, r)| r.is_complete()) {
        let cells = (run.total() * room).div_ceil(top) as usize;
        let _ = writeln!(out, "{:>3} {:>4} {}", i + 1, run.total(), "█".repeat(cells));
    }
    out.pop();
    out
}

/// The complete run with the lowest total (the earliest of equals).
pub fn best_run(history: &[Run]) -> Option<usize> {
    history
        .iter()
        .enumerate()
        .filter(|(_, r)| r.is_complete())
        .min_by_key(|(i, r)| (r.total(), *i))
        .map(|(i, _)| i)
}

/// A grid the run keeps (in notation) read back; `None` if any cell is
/// not a piece.
pub fn parse_rows<T: std::str::FromStr>(g: &[Vec<String>]) -> Option<Vec<Vec<T>>> {
    g.iter()
        .map(|r| r.iter().map(|t| t.parse().ok()).collect())
        .collect()
}

/// A grid in the notation the run keeps.
pub fn grid_codes<T: ToString>(g: &[Vec<T>]) -> Vec<Vec<String>> {
    g.iter()
        .map(|r| r.iter().map(T::to_string).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::score::score;
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    fn full_run(day: &str, catwalk: &str) -> Run {
        let mut run = Run::new(day.into());
        for (room, args) in [
            (Room::SlideJam, "Cn A3 A5"),
            (Room::MagicMirror, "twins=3 cousins=1 distant=5 strangers=3"),
            (Room::Catwalk, catwalk),
            (Room::Barrels, "0"),
            (Room::WhackADummy, "complete penalties=1"),
            (Room::TrampoLand, "kids=1 adults=2"),
        ] {
            run.record(room, score(room, &words(args)).unwrap());
        }
        run
    }

    #[test]
    fn run_totals_and_replacement() {
        let mut run = Run::new("2026-11-21".into());
        assert_eq!(run.next_room(), Some(Room::SlideJam));
        let first = score(Room::SlideJam, &words("Cn A3 A5")).unwrap();
        assert!(run.record(Room::SlideJam, first).is_none());
        let again = score(Room::SlideJam, &words("none")).unwrap();
        assert!(run.record(Room::SlideJam, again).is_some());
        assert_eq!(run.total(), 0);
        assert_eq!(run.next_room(), Some(Room::MagicMirror));
        let full = full_run("2026-11-21", "5xn 4xn nx3");
        // Slide Jam 8, mirror 20, Catwalk 12, barrels 0, whack 10, Trampo-Land 6.
        assert_eq!(full.total(), [8, 20, 12, 0, 10, 6].iter().sum::<u32>());
        assert!(full.is_complete());
        assert!(full.check().is_ok());
    }

    #[test]
    fn history_marks_best_and_average() {
        let h = vec![
            full_run("2026-11-01", "5xn 4xn nx3"),
            full_run("2026-11-02", "none"),
        ];
        assert_eq!(best_run(&h), Some(1));
        let text = history_text(&h, &Style::plain());
        assert!(text.contains("* 2 2026-11-02"), "{text}");
        assert!(
            text.contains("best 44, average 50.0 over 2 complete runs"),
            "{text}"
        );
    }

    #[test]
    fn scorecard_shows_blanks_and_next() {
        let mut run = Run::new("2026-11-21".into());
        run.record(
            Room::SlideJam,
            score(Room::SlideJam, &words("Cn A3 A5")).unwrap(),
        );
        let text = scorecard(
            &run,
            Some((Room::SlideJam, "stack them".into())),
            &Style::plain(),
        );
        assert_eq!(
            text,
            "Epic Funhouse run started 2026-11-21\n\
             ace   Slide Jam              8  Cn A3 A5\n\
             two   Magic Mirror           -\n\
             three Catwalk                -\n\
             four  Roll Out the Barrels   -\n\
             five  Whack-a-Dummy          -\n\
             null  Trampo-Land            -\n\
             total 8 (1 of 6 rooms)\n\
             next: Magic Mirror\n\
             leaving Slide Jam:\n\
             stack them"
        );
    }
}
