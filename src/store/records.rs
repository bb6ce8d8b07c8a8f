//! Game records: every followed game as it went, kept by the store's one
//! door rather than by each game. A setup opens a record (filing the one
//! open for that game before it); each change made through the door
//! while it is open adds a step holding the action, what it drew on and
//! the state it left. `undo` takes back a step (or the setup that made a
//! record) with the journal entry of its change.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;

use super::Result;
use crate::games::Game;
pub use crate::games::record::{Record, Step};

/// What a change through the door adds to the records.
#[derive(Debug, Clone, PartialEq)]
pub enum Note {
    /// Not part of any record (a change to a game with no setup, or to a
    /// state whose record is closed).
    Nothing,
    /// A setup: a new record of `game` starts with the state it laid.
    Start { game: Game, setup: String },
    /// A change to the game in play.
    Step(Step),
    /// A change to `game`, played on from the game before it without a
    /// setup of its own (a room played on the table the room before it
    /// left): where the record open is another game's, it is filed and
    /// `game`'s opens from the state `before` the change, laid again by
    /// the line that laid the one filed; the change is its first step.
    StepOf {
        game: Game,
        before: Value,
        step: Step,
    },
    /// The game in play ends without a move of its own (its run filed).
    Close,
}

fn game(id: &str) -> rusqlite::Result<Game> {
    id.parse().map_err(|_| {
        rusqlite::Error::FromSqlConversionFailure(
            0,
            rusqlite::types::Type::Text,
            format!("'{id}' is not a game").into(),
        )
    })
}

fn json(text: &str) -> rusqlite::Result<Value> {
    serde_json::from_str(text).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, e.into())
    })
}

/// Add what a change made through the door means for the records of
/// `slot`, whose state it left as `state`; `journal` is its entry.
pub(super) fn note(
    conn: &Connection,
    slot: Game,
    note: Note,
    state: &Value,
    journal: Option<i64>,
) -> Result<()> {
    match note {
        Note::Nothing => Ok(()),
        Note::Start { game, setup } => {
            conn.execute(
                "UPDATE records SET open = 0, filed_by = ?2 WHERE slot = ?1 AND open = 1",
                params![slot.id(), journal],
            )?;
            conn.execute(
                "INSERT INTO records (slot, game, started, setup, start, open, made_by)
                 VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)",
                params![
                    slot.id(),
                    game.id(),
                    crate::roll_log::now() as i64,
                    setup,
                    state.to_string(),
                    journal
                ],
            )?;
            Ok(())
        }
        Note::Close => {
            // Undo opens it again: the journal entry is kept as `filed_by`.
            conn.execute(
                "UPDATE records SET open = 0, filed_by = ?2 WHERE slot = ?1 AND open = 1",
                params![slot.id(), journal],
            )?;
            Ok(())
        }
        Note::StepOf {
            game,
            before,
            mut step,
        } => {
            step.state = state.clone();
            let open: Option<(i64, String, String)> = conn
                .query_row(
                    "SELECT id, game, setup FROM records WHERE slot = ?1 AND open = 1",
                    [slot.id()],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
                .optional()?;
            let setup = match open {
                Some((record, of, _)) if of == game.id() => {
                    return add_step(conn, record, &step, journal);
                }
                Some((_, _, setup)) => setup,
                None => format!("setup {}", game.id()),
            };
            self::note(conn, slot, Note::Start { game, setup }, &before, journal)?;
            let record = conn.last_insert_rowid();
            add_step(conn, record, &step, journal)
        }
        Note::Step(mut step) => {
            step.state = state.clone();
            let open: Option<i64> = conn
                .query_row(
                    "SELECT id FROM records WHERE slot = ?1 AND open = 1",
                    [slot.id()],
                    |r| r.get(0),
                )
                .optional()?;
            let Some(record) = open else {
                return Ok(());
            };
            add_step(conn, record, &step, journal)
        }
    }
}

fn add_step(conn: &Connection, record: i64, step: &Step, journal: Option<i64>) -> Result<()> {
    conn.execute(
        "INSERT INTO record_steps (record, n, wing, what, action, by_whom, seed, draws, at, day, state, journal)
         VALUES (?1, (SELECT coalesce(max(n), 0) + 1 FROM record_steps WHERE record = ?1),
                 ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            record,
            step.wing.id(),
            step.what,
            step.action.as_ref().map(Value::to_string),
            step.by,
            step.seed as i64,
            step.draws as i64,
            step.at as i64,
            step.day,
            step.state.to_string(),
            journal
        ],
    )?;
    Ok(())
}

/// Undo the journal entry `journal`: its step comes off its record, a
/// record it made goes, and the record it filed is open again.
pub(super) fn undo(conn: &Connection, journal: i64) -> Result<()> {
    conn.execute("DELETE FROM record_steps WHERE journal = ?1", [journal])?;
    let made: Vec<(i64, String)> = conn
        .prepare("SELECT id, slot FROM records WHERE made_by = ?1")?
        .query_map([journal], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (id, _) in &made {
        conn.execute("DELETE FROM records WHERE id = ?1", [id])?;
    }
    conn.execute(
        "UPDATE records SET open = 1, filed_by = NULL WHERE filed_by = ?1",
        [journal],
    )?;
    Ok(())
}

/// One line of `games`: a record without its states.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub number: i64,
    pub game: Game,
    pub started: u64,
    pub setup: String,
    /// Its steps, hints included.
    pub moves: usize,
    /// Steps that were hints asked (their words start with `hint`): a
    /// coach's hint is part of the game's story, but not a move.
    pub hints: usize,
    pub open: bool,
    /// The state it ended in (for the result).
    #[serde(skip)]
    pub last: Value,
}

/// Words of a record as read back, safe to show: a record may come
/// from an import or a store written before typed words were checked,
/// and an ESC byte in a step's words must not reach a terminal.
fn text(words: String) -> String {
    crate::visible::owned_line(words)
}

/// Every record, oldest first.
pub fn list(conn: &Connection) -> Result<Vec<Summary>> {
    let mut st = conn.prepare(
        "SELECT r.id, r.game, r.started, r.setup, r.open,
                (SELECT count(*) FROM record_steps s WHERE s.record = r.id),
                (SELECT count(*) FROM record_steps s WHERE s.record = r.id
                   AND (s.what = 'hint' OR s.what LIKE 'hint %')),
                coalesce((SELECT s.state FROM record_steps s WHERE s.record = r.id
                          ORDER BY s.n DESC LIMIT 1), r.start)
         FROM records r ORDER BY r.id",
    )?;
    let rows = st
        .query_map([], |r| {
            Ok(Summary {
                number: r.get(0)?,
                game: game(&r.get::<_, String>(1)?)?,
                started: r.get::<_, i64>(2)? as u64,
                setup: text(r.get(3)?),
                open: r.get::<_, i64>(4)? == 1,
                moves: r.get::<_, i64>(5)? as usize,
                hints: r.get::<_, i64>(6)? as usize,
                last: json(&r.get::<_, String>(7)?)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// Record `number`, or the one open for the table's game in play, else
/// the one open for the game played last that is not set aside (none:
/// `None`).
pub fn load(conn: &Connection, number: Option<i64>) -> Result<Option<Record>> {
    let table = super::table::seating(conn)?;
    let playing = table
        .as_ref()
        .and_then(|t| t.playing.as_ref())
        .map(|p| p.game.clone());
    let aside: Vec<String> = table
        .map(|t| t.aside.into_iter().map(|a| a.game).collect())
        .unwrap_or_default();
    let id: Option<i64> = match (number, playing) {
        (Some(n), _) => Some(n),
        (None, Some(slot)) => conn
            .query_row(
                "SELECT id FROM records WHERE open = 1 AND slot = ?1 ORDER BY id DESC LIMIT 1",
                [&slot],
                |r| r.get(0),
            )
            .optional()?,
        (None, None) => None,
    };
    let id = match (number, id) {
        (None, None) => {
            let mut st = conn.prepare(
                "SELECT r.id, r.slot FROM records r WHERE r.open = 1 ORDER BY
                   coalesce((SELECT max(s.at) FROM record_steps s WHERE s.record = r.id), r.started) DESC,
                   r.id DESC",
            )?;
            let open = st
                .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            open.into_iter()
                .find(|(_, slot)| !aside.contains(slot))
                .map(|(id, _)| id)
        }
        (_, id) => id,
    };
    let Some(id) = id else { return Ok(None) };
    let head = conn
        .query_row(
            "SELECT game, slot, started, setup, start, open FROM records WHERE id = ?1",
            [id],
            |r| {
                Ok(Record {
                    number: Some(id),
                    game: game(&r.get::<_, String>(0)?)?,
                    slot: game(&r.get::<_, String>(1)?)?,
                    started: r.get::<_, i64>(2)? as u64,
                    setup: text(r.get(3)?),
                    start: json(&r.get::<_, String>(4)?)?,
                    steps: Vec::new(),
                    open: r.get::<_, i64>(5)? == 1,
                })
            },
        )
        .optional()?;
    let Some(mut record) = head else {
        return Ok(None);
    };
    let mut st = conn.prepare(
        "SELECT wing, what, action, by_whom, seed, draws, at, day, state
         FROM record_steps WHERE record = ?1 ORDER BY n",
    )?;
    record.steps = st
        .query_map([id], |r| {
            Ok(Step {
                wing: game(&r.get::<_, String>(0)?)?,
                what: text(r.get(1)?),
                action: r
                    .get::<_, Option<String>>(2)?
                    .map(|a| json(&a))
                    .transpose()?,
                by: r.get::<_, Option<String>>(3)?.map(text),
                seed: r.get::<_, i64>(4)? as u64,
                draws: r.get::<_, i64>(5)? as u64,
                at: r.get::<_, i64>(6)? as u64,
                day: text(r.get(7)?),
                state: json(&r.get::<_, String>(8)?)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(Some(record))
}

/// File a record read from elsewhere (checked by the caller); its number.
pub fn add(conn: &Connection, record: &Record) -> Result<i64> {
    conn.execute(
        "INSERT INTO records (slot, game, started, setup, start, open)
         VALUES (?1, ?2, ?3, ?4, ?5, 0)",
        params![
            record.slot.id(),
            record.game.id(),
            record.started as i64,
            record.setup,
            record.start.to_string()
        ],
    )?;
    let id = conn.last_insert_rowid();
    for step in &record.steps {
        add_step(conn, id, step, None)?;
    }
    Ok(id)
}

/// Every record, whole, oldest first (what `export` carries).
pub(super) fn all(conn: &Connection) -> Result<Vec<Record>> {
    let ids: Vec<i64> = conn
        .prepare("SELECT id FROM records ORDER BY id")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(mut r) = load(conn, Some(id))? {
            // Numbers are the store's own: an import numbers them afresh.
            r.number = None;
            out.push(r);
        }
    }
    Ok(out)
}

/// Put `records` in place of every record (an import, or undoing one).
pub(super) fn replace_all(conn: &Connection, records: &[Record]) -> Result<()> {
    conn.execute("DELETE FROM records", [])?;
    for r in records {
        let id = add(conn, r)?;
        if r.open {
            conn.execute(
                "UPDATE records SET open = 1 WHERE id = ?1 AND NOT EXISTS
                   (SELECT 1 FROM records WHERE slot = ?2 AND open = 1)",
                params![id, r.slot.id()],
            )?;
        }
    }
    Ok(())
}
