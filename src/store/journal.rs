//! The undo journal: before each change, the changed part as it was.
//!
//! Undo restores the newest entry and drops it. Because every change to a
//! part goes through the journal, restoring the newest snapshot undoes
//! exactly the newest change, even when several processes take turns; so
//! undo is one list for the whole store, newest first, whoever made it.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;

use super::rolls::{SavedRolls, Tallies};
use super::{Document, Part, PartDoc, Result, StoreError};
use crate::deck::DeckDoc;
use crate::games::Game;

/// How many changes can be undone.
const KEEP: i64 = 100;

/// What `undo` reverted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undone {
    pub what: String,
    /// Another process (another terminal, a script) made the change.
    pub elsewhere: bool,
    /// How many earlier changes can still be undone.
    pub left: usize,
}

/// A game's change that may seat the table: both rows as they were.
#[derive(serde::Serialize, serde::Deserialize)]
struct Seated {
    game: Value,
    table: Value,
}

fn value<D: PartDoc>(conn: &Connection) -> Result<Value> {
    Ok(serde_json::to_value(D::read(conn)?).expect("documents serialise"))
}

/// The part as it is now, in its document form.
pub(super) fn snapshot(conn: &Connection, part: Part) -> Result<Value> {
    match part {
        Part::Decks => value::<DeckDoc>(conn),
        Part::Game(game) => super::games::snapshot(conn, game),
        Part::Seated(game) => Ok(serde_json::to_value(Seated {
            game: super::games::snapshot(conn, game)?,
            table: super::games::snapshot(conn, Game::Table)?,
        })
        .expect("documents serialise")),
        Part::Rolls => value::<SavedRolls>(conn),
        Part::Tally => value::<Tallies>(conn),
        // The plays a change files name its entry: nothing to keep.
        Part::Plays => Ok(Value::Null),
        Part::All => value::<Document>(conn),
    }
}

fn put<D: PartDoc>(conn: &Connection, v: Value) -> Result<()> {
    let doc: D = serde_json::from_value(v).map_err(|e| StoreError::Damaged {
        what: "the snapshot".into(),
        reason: e.to_string(),
        repair: String::new(),
    })?;
    doc.write(conn)
}

fn restore(conn: &Connection, part: Part, v: Value) -> Result<()> {
    match part {
        Part::Decks => put::<DeckDoc>(conn, v),
        Part::Game(game) => super::export::restore_game(conn, game, &v),
        Part::Seated(game) => {
            let both: Seated = serde_json::from_value(v).map_err(|e| StoreError::Damaged {
                what: "the snapshot".into(),
                reason: e.to_string(),
                repair: String::new(),
            })?;
            super::export::restore_game(conn, game, &both.game)?;
            super::export::restore_game(conn, Game::Table, &both.table)
        }
        Part::Rolls => put::<SavedRolls>(conn, v),
        Part::Tally => put::<Tallies>(conn, v),
        Part::Plays => Ok(()),
        Part::All => put::<Document>(conn, v),
    }
}

pub(super) fn record(
    conn: &Connection,
    session: &str,
    part: Part,
    before: &Value,
    what: &str,
) -> Result<i64> {
    let at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    conn.execute(
        "INSERT INTO journal (at, session, part, what, snapshot) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![at, session, part.name(), what, before.to_string()],
    )?;
    let newest = conn.last_insert_rowid();
    conn.execute("DELETE FROM journal WHERE id <= ?1", [newest - KEEP])?;
    Ok(newest)
}

/// When the table was last seated (`players …`), as the journal still
/// remembers it (seconds since 1970): where an evening begins.
pub fn last_seated(conn: &Connection) -> Result<Option<u64>> {
    let at: Option<i64> = conn.query_row(
        "SELECT max(at) FROM journal WHERE what = 'players' OR what LIKE 'players %'",
        [],
        |r| r.get(0),
    )?;
    Ok(at.and_then(|a| u64::try_from(a).ok()))
}

/// Restore the newest entry and drop it. An entry that cannot be restored
/// is dropped all the same (the inner error says why), so one bad entry
/// never blocks the ones before it; a half-done restore is rolled back.
/// `own`: only if this session made it (else `NotYours`, nothing changed).
pub(super) fn undo(conn: &Connection, session: &str, own: bool) -> Result<Option<Result<Undone>>> {
    let newest: Option<(i64, String, String, String, String)> = conn
        .query_row(
            "SELECT id, session, part, what, snapshot FROM journal ORDER BY id DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .optional()?;
    let Some((id, by, part, what, snapshot)) = newest else {
        return Ok(None);
    };
    if own && by != session {
        return Err(StoreError::NotYours { what });
    }
    conn.execute("DELETE FROM journal WHERE id = ?1", [id])?;
    super::records::undo(conn, id)?;
    super::plays::undo(conn, id)?;
    let bad = |reason: String| StoreError::Damaged {
        what: format!("the undo entry for '{what}'"),
        reason,
        repair: "it was dropped; `undo` again goes on to the change before it".into(),
    };
    let restored = Part::from_name(&part)
        .ok_or_else(|| bad(format!("'{part}' is not a part of the store")))
        .and_then(|part| {
            let v: Value = serde_json::from_str(&snapshot).map_err(|e| bad(e.to_string()))?;
            conn.execute_batch("SAVEPOINT restore")?;
            let r = restore(conn, part, v);
            if r.is_err() {
                conn.execute_batch("ROLLBACK TO restore")?;
            }
            conn.execute_batch("RELEASE restore")?;
            r.map_err(|e| match e {
                StoreError::Damaged { reason, .. } => bad(reason),
                other => bad(other.to_string()),
            })
        });
    let left: i64 = conn.query_row("SELECT count(*) FROM journal", [], |r| r.get(0))?;
    Ok(Some(restored.map(|()| Undone {
        what,
        elsewhere: by != session,
        left: left as usize,
    })))
}
