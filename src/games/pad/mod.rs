//! A score pad for any game the table plays: players in seating order,
//! rounds of scores, running totals, who leads and who has won, the
//! games filed before, and how long each player thinks on a turn.
//!
//! Plain data and arithmetic, free of I/O: the date and the clock come in
//! with each action, so replaying the actions gives the same pads.

pub mod events;
pub mod kept;
pub mod show;
pub mod wing;
pub mod words;

use serde::{Deserialize, Serialize};

use crate::games::error::{GameError, Unsound};

pub use kept::SheetPad;
pub use wing::ScorePad;

/// Most players at one pad.
pub const MOST_PLAYERS: usize = 12;
/// Most rounds one pad keeps.
pub const MOST_ROUNDS: usize = 1_000;
/// The largest score one entry may be, either way.
pub const MOST_SCORE: i64 = 1_000_000_000;
/// Most games filed; the oldest goes past this.
pub const MOST_FILED: usize = 1_000;
/// Longest name of a player or a game.
pub const LONGEST_NAME: usize = crate::people::LONGEST;

/// Whether the higher or the lower total wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Wins {
    #[default]
    Higher,
    Lower,
}

/// How long each player has spent on their turns (`turn` passes it on).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// Seconds each player has thought, in seating order.
    pub thinking: Vec<u64>,
    /// Turns each player has finished.
    pub turns: Vec<u32>,
    /// Whose turn it is, and since when (seconds since 1970).
    pub running: Option<(usize, u64)>,
}

/// One game's pad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pad {
    /// What is played (`hearts`).
    pub game: String,
    /// In seating order.
    pub players: Vec<String>,
    pub wins: Wins,
    /// The total that ends the game, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<i64>,
    /// The day it started (YYYY-MM-DD).
    pub started: String,
    /// Each round's scores in seating order (null: not entered yet).
    pub rounds: Vec<Vec<Option<i64>>>,
    #[serde(default)]
    pub clock: Clock,
    /// The day it was filed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<String>,
    /// The table's person in each column, by id, where the column was one
    /// of the table's people when the pad opened (empty: none known). A
    /// column is its person's through renames: it takes their name as
    /// the table writes it now (#77: Ben, renamed ann, scored into the
    /// column that had been Ann's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ids: Vec<Option<u32>>,
    /// The game's score sheet and what is entered on it, for a game
    /// whose rule file has one (`rounds` stays empty then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheet: Option<SheetPad>,
}

/// How many different players `names` holds, as typed without case or
/// accents.
fn distinct(names: &[String]) -> usize {
    let mut seen: Vec<String> = names.iter().map(|p| crate::people::folded(p)).collect();
    seen.sort();
    seen.dedup();
    seen.len()
}

/// The open pad and the games filed before it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pads {
    pub open: Option<Pad>,
    pub filed: Vec<Pad>,
    /// Who sat at the table, as stores before schema 7 kept it here: read
    /// (from an old export or undo entry) so that it can be moved to the
    /// table of its own, never written.
    #[serde(default, skip_serializing)]
    pub table: Option<serde_json::Value>,
}

impl Pads {
    /// Each filed pad with a score in it, as a play: the first player
    /// started, the best total won (every best, on a tie).
    pub fn filed_plays(&self) -> Vec<crate::plays::Play> {
        self.filed
            .iter()
            .filter(|p| !p.is_empty())
            .map(|p| {
                let mut play = crate::plays::Play::new(
                    &p.game,
                    p.ended.as_deref().unwrap_or(&p.started),
                    p.players.clone(),
                    p.scored_totals(),
                    p.leaders(),
                );
                play.lower = p.wins == Wins::Lower;
                if let Some(kept) = &p.sheet {
                    kept.into_play(&mut play, &p.players);
                }
                // The turn clock's count, where it ran.
                if p.clock.thinking.iter().any(|&t| t > 0) {
                    play.seconds = p.clock.thinking.iter().map(|&t| Some(t)).collect();
                    play.turns = p.clock.turns.iter().map(|&t| Some(t)).collect();
                }
                play
            })
            .collect()
    }

    /// Whether the lowest total wins `game` (as its pads were kept).
    pub fn lower_wins(&self, game: &str) -> bool {
        self.filed
            .iter()
            .any(|p| p.game.eq_ignore_ascii_case(game) && p.wins == Wins::Lower)
    }
}

impl Pad {
    pub fn new(
        game: &str,
        players: Vec<String>,
        wins: Wins,
        target: Option<i64>,
        day: &str,
    ) -> Pad {
        let n = players.len();
        Pad {
            game: game.to_string(),
            players,
            wins,
            target,
            started: day.to_string(),
            rounds: Vec::new(),
            clock: Clock {
                thinking: vec![0; n],
                turns: vec![0; n],
                running: None,
            },
            ended: None,
            ids: Vec::new(),
            sheet: None,
        }
    }

    /// What it holds, said: `3 rounds`, `12 entries`.
    pub fn held(&self) -> String {
        let (n, one, many) = match &self.sheet {
            Some(kept) => (kept.entered(), "entry", "entries"),
            None => (self.rounds.len(), "round", "rounds"),
        };
        format!("{n} {}", crate::style::plural(n as u64, one, many))
    }

    /// Whether nothing is entered on it.
    pub fn is_empty(&self) -> bool {
        match &self.sheet {
            Some(kept) => kept.is_empty(),
            None => self.rounds.iter().all(|r| r.iter().all(Option::is_none)),
        }
    }

    /// Each column that is one of `people` (by id), named as they are
    /// named now.
    pub fn seated_as(&mut self, people: &[(u32, String)]) {
        let mut named = self.players.clone();
        for (i, id) in self.ids.iter().enumerate() {
            if let Some((_, now)) = people.iter().find(|(p, _)| Some(*p) == *id) {
                named[i].clone_from(now);
            }
        }
        // A column of no one at the table may hold the name a rename
        // gave someone: then the pad keeps its names as they were.
        if distinct(&named) == named.len() {
            self.players = named;
        }
    }

    /// Each player's total so far (0 for one who has not scored).
    pub fn totals(&self) -> Vec<i64> {
        self.scored_totals()
            .into_iter()
            .map(|t| t.unwrap_or(0))
            .collect()
    }

    /// Each player's total so far, `None` for one with no score yet.
    pub fn scored_totals(&self) -> Vec<Option<i64>> {
        if let Some(kept) = &self.sheet {
            return kept.worked(self.players.len()).map_or_else(
                || vec![None; self.players.len()],
                |(_, scores)| scores.totals,
            );
        }
        (0..self.players.len())
            .map(|p| {
                let mut scores = self.rounds.iter().filter_map(|r| r[p]).peekable();
                scores.peek().is_some().then(|| scores.sum())
            })
            .collect()
    }

    /// Whether `a` is a better total than `b` in this game.
    pub fn better(&self, a: i64, b: i64) -> bool {
        match self.wins {
            Wins::Higher => a > b,
            Wins::Lower => a < b,
        }
    }

    /// The players with the best total (more than one on a tie), among
    /// those with a score: a player who never scored has no total to
    /// lead with (in a lower-wins game their empty column is not a 0
    /// that beats everyone, #78); none before anything is entered.
    pub fn leaders(&self) -> Vec<usize> {
        if let Some(kept) = &self.sheet {
            return kept
                .standing(&self.players)
                .map_or_else(Vec::new, |s| s.winners);
        }
        let totals = self.scored_totals();
        let Some(best) = totals
            .iter()
            .flatten()
            .copied()
            .reduce(|b, t| if self.better(t, b) { t } else { b })
        else {
            return Vec::new();
        };
        (0..totals.len())
            .filter(|&p| totals[p] == Some(best))
            .collect()
    }

    /// Whether every round has every score.
    pub fn complete(&self) -> bool {
        if let Some(kept) = &self.sheet {
            return kept.whole(self.players.len());
        }
        self.rounds.iter().all(|r| r.iter().all(Option::is_some))
    }

    /// The game is over: a total reached the target and the round that
    /// reached it is complete.
    pub fn over(&self) -> bool {
        if let Some(kept) = &self.sheet {
            return kept.over(self.players.len());
        }
        self.target.is_some_and(|t| {
            !self.rounds.is_empty()
                && self.complete()
                && self.scored_totals().iter().flatten().any(|&s| s >= t)
        })
    }

    /// The player whose name folds to `name`'s exactly (a seat scores in
    /// its person's column, never in one its name merely starts).
    pub fn exactly(&self, name: &str) -> Result<usize, GameError> {
        let f = crate::people::folded(name);
        self.players
            .iter()
            .position(|p| crate::people::folded(p) == f)
            .ok_or_else(|| self.no_column(name))
    }

    /// Why a seat's person `name` cannot score here.
    pub fn no_column(&self, name: &str) -> GameError {
        GameError::rule(format!(
            "{name} has no column on this pad ({}: {}): a seat scores only in its own person's column",
            self.game,
            self.players.join(", ")
        ))
    }

    /// The player named `word` (any case; a unique start of a name will
    /// do), or why not.
    pub fn player(&self, word: &str) -> Result<usize, GameError> {
        // Typed without case or accents: `zoe` is Zoë.
        let typed = crate::people::folded(word);
        let names: Vec<String> = self
            .players
            .iter()
            .map(|n| crate::people::folded(n))
            .collect();
        if let Some(p) = names.iter().position(|n| *n == typed) {
            return Ok(p);
        }
        let starts: Vec<usize> = (0..names.len())
            .filter(|&p| names[p].starts_with(&typed))
            .collect();
        match starts.as_slice() {
            [one] => Ok(*one),
            _ => Err(GameError::word(format!(
                "'{word}' is not a player of {}{}: {}",
                self.game,
                crate::suggest::hint(word, self.players.iter().map(String::as_str)),
                self.players.join(", ")
            ))),
        }
    }

    fn check(&self) -> Result<(), Unsound> {
        let n = self.players.len();
        if n == 0 || n > MOST_PLAYERS {
            return Err(Unsound(format!("{n} players (1 to {MOST_PLAYERS})")));
        }
        check_name(&self.game, "a game").map_err(|e| Unsound(e.to_string()))?;
        for p in &self.players {
            check_name(p, "a player").map_err(|e| Unsound(e.to_string()))?;
        }
        if distinct(&self.players) != n {
            return Err("a player is named twice".into());
        }
        if !self.ids.is_empty() && self.ids.len() != n {
            return Err(Unsound(format!(
                "{} people's ids for {n} players",
                self.ids.len()
            )));
        }
        if self.rounds.len() > MOST_ROUNDS {
            return Err(Unsound(format!(
                "{} rounds (at most {MOST_ROUNDS})",
                self.rounds.len()
            )));
        }
        for (i, r) in self.rounds.iter().enumerate() {
            if r.len() != n {
                return Err(Unsound(format!(
                    "round {} has {} scores for {n} players",
                    i + 1,
                    r.len()
                )));
            }
            if r.iter()
                .flatten()
                .any(|s| s.unsigned_abs() > MOST_SCORE.unsigned_abs())
            {
                return Err(Unsound(format!(
                    "round {} has a score past {MOST_SCORE}",
                    i + 1
                )));
            }
        }
        if let Some(kept) = &self.sheet {
            kept.check(n, self.rounds.len())?;
        }
        let c = &self.clock;
        if c.thinking.len() != n || c.turns.len() != n || c.running.is_some_and(|(p, _)| p >= n) {
            return Err("its turn clock does not match its players".into());
        }
        match self.target {
            Some(t) if t <= 0 => return Err(Unsound(format!("its target {t} is not above 0"))),
            Some(t) if t > MOST_SCORE => return Err("its target is past any score".into()),
            _ => {}
        }
        Ok(())
    }
}

/// A name of a player or a game: printable text of 1 to 40 characters
/// (spaces inside, quoted when typed: `"Ann Lee"`), not a number (`pad
/// 12` is a score) nor one of the pad's own words.
pub fn check_name(name: &str, what: &str) -> Result<(), GameError> {
    if let Some(why) = crate::people::problem(name) {
        return Err(GameError::word(format!(
            "'{}' cannot name {what}: {why} (a name is 1 to {LONGEST_NAME} characters of printable text; quote one with spaces: \"Ann Lee\")",
            crate::visible::line(name)
        )));
    }
    if what == "a player"
        && (name.parse::<i64>().is_ok() || words::RESERVED.contains(&name.to_lowercase().as_str()))
    {
        return Err(GameError::word(format!(
            "'{name}' cannot name a player: it is a number or one of the pad's words"
        )));
    }
    Ok(())
}

impl Pads {
    pub(crate) fn check(&self) -> Result<(), Unsound> {
        if let Some(p) = &self.open {
            p.check()
                .map_err(|e| Unsound(format!("the open pad: {}", e.0)))?;
        }
        if self.filed.len() > MOST_FILED {
            return Err(format!("{} filed games (at most {MOST_FILED})", self.filed.len()).into());
        }
        for (i, p) in self.filed.iter().enumerate() {
            p.check()
                .map_err(|e| Unsound(format!("filed game {}: {}", i + 1, e.0)))?;
        }
        Ok(())
    }
}
