//! Game records and their replay. A record is the setup's state and each
//! change made after it, kept by the store's one door; replaying it takes
//! each action again through its game's own `act`, on the generator at the
//! same place, the same day and time, so every position comes back
//! exactly (and a record that would not is refused at its first bad step).
//! Nothing here names a game: the wings do the work.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::error::Unsound;
use super::{Game, Turn};
use crate::layout::Layout;
use crate::style::Style;

/// One change to a recorded game: enough to make it again (the action,
/// the generator's place, the day and the time) and the state it left.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The game whose command made it (the whole game, in a part of one).
    pub wing: Game,
    /// What the journal calls it.
    pub what: String,
    /// The action as the game reads it; null for a change made outside
    /// play, which the state alone records.
    pub action: Option<Value>,
    /// Who made it, in the game's words (`Crowns`, `player 2`,
    /// `tablemate`), where the game says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// The generator it drew on: its seed and how many words had been
    /// drawn from it. The seed is text in a file, exact in any reader.
    #[serde(with = "crate::random::seed_as_text")]
    pub seed: u64,
    pub draws: u64,
    /// Seconds since 1970, and the day (YYYY-MM-DD).
    pub at: u64,
    pub day: String,
    /// The state after it.
    pub state: Value,
}

/// A whole record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Its number in `games` (none in a file until imported).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<i64>,
    /// The game, or the part of one, played.
    pub game: Game,
    /// The saved game whose state it follows.
    pub slot: Game,
    pub started: u64,
    /// The line that lays the same table again.
    pub setup: String,
    /// The state the setup left.
    pub start: Value,
    pub steps: Vec<Step>,
    /// Still being played.
    #[serde(default)]
    pub open: bool,
}

/// One position of a replay: the setup (`n` 0) or the state after step
/// `n`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Frame {
    pub n: usize,
    /// What made it (`setup ...` for the first).
    pub what: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// What came of it, in words (a die rolled, a card turned), as the
    /// replay took it again.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub said: Vec<String>,
    pub turn: Turn,
    pub layout: Layout,
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the record's setup cannot be read as {game}: {why}")]
    Start { game: Game, why: String },
    #[error("step {n} (`{what}`) is not a move of {wing} ({why})")]
    Unreadable {
        n: usize,
        what: String,
        wing: Game,
        why: String,
    },
    #[error("step {n} (`{what}`) is refused by the rules: {why}")]
    Refused { n: usize, what: String, why: String },
    #[error("step {n} (`{what}`) does not lead to the position the record holds")]
    Differs { n: usize, what: String },
    #[error("the record's game {game} and its saved game {slot} do not go together")]
    Mismatch { game: Game, slot: Game },
}

/// What the table sees of `game`'s saved `state`: its layout and whose
/// turn it is (or why it cannot be read).
pub fn look(game: Game, state: &Value) -> Result<(Layout, Turn), Unsound> {
    game.wing().look(state)
}

/// Whether `game`'s deal codes are sealed (`Wing::SEALS_DEAL`).
pub fn seals_deal(game: Game) -> bool {
    game.wing().seals_deal()
}

/// A record's setup line as the table may see it: a sealed game's
/// `deal=CODE` reads `deal=sealed` until the game is over.
pub fn shown_setup(game: Game, setup: &str, over: bool) -> String {
    if over || !seals_deal(game) {
        return setup.to_string();
    }
    setup
        .split(' ')
        .map(|w| match w.get(..5) {
            Some(start) if start.eq_ignore_ascii_case("deal=") => "deal=sealed",
            _ => w,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where a game stands, in words: how it ended, who is to move, or (a
/// solitaire room, a pad: no one moves by seat) what comes next in it.
/// Never "unfinished" for a game in play (#78: a room just set up read
/// "unfinished" on the TV and in `games` while the banner said whose
/// turn it was); a game filed before it ended says so where it is
/// listed.
pub fn standing(turn: &Turn) -> String {
    match (&turn.to_move, turn.over) {
        (_, true) => turn.next.clone(),
        (Some(who), false) => format!("{who} to move"),
        (None, false) => turn.next.clone(),
    }
}

/// A record made of a game read from another tool's PPN: each move taken
/// through the game's own rules from its setup, the states as the rules
/// leave them, each move by whoever was to move; the first move the
/// rules refuse is named.
pub fn of_ppn(ppn: super::PpnGame, at: u64, day: &str) -> Result<Record, ReplayError> {
    let wing = ppn.game.wing();
    let mut state = ppn.start.clone();
    let mut steps = Vec::new();
    for (i, (what, action)) in ppn.moves.into_iter().enumerate() {
        let by = look(ppn.game, &state)
            .ok()
            .and_then(|(_, turn)| turn.to_move);
        let mut step = Step {
            wing: ppn.game,
            what,
            action: Some(action),
            by,
            seed: 0,
            draws: 0,
            at,
            day: day.to_string(),
            state: Value::Null,
        };
        let (after, _) = wing
            .replay(&step, state)
            .map_err(|(_, why)| ReplayError::Refused {
                n: i + 1,
                what: step.what.clone(),
                why,
            })?;
        step.state = after.clone();
        state = after;
        steps.push(step);
    }
    Ok(Record {
        number: None,
        game: ppn.game,
        slot: wing.keeps(),
        started: at,
        setup: ppn.setup,
        start: ppn.start,
        steps,
        open: false,
    })
}

/// Every position of `record`, the setup first, each step taken again
/// through the rules and checked against the state the record holds.
pub fn frames(record: &Record) -> Result<Vec<Frame>, ReplayError> {
    if record.game.wing().keeps() != record.slot {
        return Err(ReplayError::Mismatch {
            game: record.game,
            slot: record.slot,
        });
    }
    let look = |state: &Value| record.game.wing().look(state);
    let (layout, turn) = look(&record.start).map_err(|why| ReplayError::Start {
        game: record.game,
        why: why.0,
    })?;
    let mut frames = vec![Frame {
        n: 0,
        what: record.setup.clone(),
        by: None,
        said: Vec::new(),
        turn,
        layout,
    }];
    let mut state = record.start.clone();
    for (i, step) in record.steps.iter().enumerate() {
        let n = i + 1;
        if step.wing.wing().keeps() != record.slot {
            return Err(ReplayError::Mismatch {
                game: step.wing,
                slot: record.slot,
            });
        }
        let (after, said) = step
            .wing
            .wing()
            .replay(step, state)
            .map_err(|(refused, why)| {
                if refused {
                    ReplayError::Refused {
                        n,
                        what: step.what.clone(),
                        why,
                    }
                } else {
                    ReplayError::Unreadable {
                        n,
                        what: step.what.clone(),
                        wing: step.wing,
                        why,
                    }
                }
            })?;
        if after != step.state {
            return Err(ReplayError::Differs {
                n,
                what: step.what.clone(),
            });
        }
        let (layout, turn) = look(&after).map_err(|why| ReplayError::Unreadable {
            n,
            what: step.what.clone(),
            wing: step.wing,
            why: why.0,
        })?;
        frames.push(Frame {
            n,
            what: step.what.clone(),
            by: step.by.clone(),
            said,
            turn,
            layout,
        });
        state = after;
    }
    Ok(frames)
}

/// `game`'s layout as its wing draws it in the terminal.
pub fn diagram(game: Game, layout: &Layout, style: &Style) -> Option<String> {
    game.wing().diagram(layout, style)
}

/// `game`'s board for the shared screen (a scorecard, a score pad), if
/// it has one beside its picture.
pub fn screen(
    game: Game,
    state: &Value,
    now: u64,
    people: &[(u32, String)],
    style: &Style,
) -> Option<(String, Option<crate::reply::Grid>)> {
    game.wing()
        .screen(state, now, people)
        .map(|r| (r.text(style), r.body.grid()))
}
