//! Every game's saved state, one row a game in `games` (schema 4): the
//! document its type reads, checked when it is read back, and a change
//! counter. Nothing here knows one game from another: a game is its
//! `Saved` type, and its row is keyed by its id.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;

use super::{Result, StoreError};
use crate::games::game::Game;
use crate::games::wing::Saved;

/// A game's row as stored: its document's text, if any.
pub(super) fn read_raw(conn: &Connection, game: Game) -> Result<Option<String>> {
    Ok(conn
        .query_row(
            "SELECT state FROM games WHERE game = ?1",
            [game.id()],
            |r| r.get(0),
        )
        .optional()?)
}

/// Replace a game's row with `state` (none: remove it); the change
/// counter goes up by one.
pub(super) fn write_raw(conn: &Connection, game: Game, state: Option<&str>) -> Result<()> {
    match state {
        Some(s) => conn.execute(
            "INSERT INTO games (game, state) VALUES (?1, ?2)
             ON CONFLICT (game) DO UPDATE SET state = excluded.state, version = version + 1",
            params![game.id(), s],
        )?,
        None => conn.execute("DELETE FROM games WHERE game = ?1", [game.id()])?,
    };
    Ok(())
}

/// How often each game's state has been saved: what a watcher compares
/// to notice a change without reading any state.
pub fn versions(conn: &Connection) -> Result<Vec<(String, i64)>> {
    let mut stmt = conn.prepare("SELECT game, version FROM games ORDER BY game")?;
    let rows = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// Every game's saved document, as stored (unchecked: a reader that
/// draws them checks each through its type).
pub fn states(conn: &Connection) -> Result<Vec<(String, Value)>> {
    let mut stmt = conn.prepare("SELECT game, state FROM games ORDER BY game")?;
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?
        .filter_map(|row| {
            let (game, text) = row.ok()?;
            Some((game, serde_json::from_str(&text).ok()?))
        })
        .collect();
    Ok(rows)
}

pub(super) fn damaged<S: Saved>(reason: String) -> StoreError {
    StoreError::Damaged {
        what: S::WHAT.into(),
        reason,
        repair: S::REPAIR.into(),
    }
}

/// A document read as `S`, without its checks.
pub(super) fn parse<S: Saved>(text: &str) -> Result<Option<S>> {
    serde_json::from_str(text).map_err(|e| damaged::<S>(e.to_string()))
}

/// A game's state as its type reads it, checked: parts that fail their
/// checks are set aside where the type allows (each said in `notes`),
/// otherwise the whole is refused with the reason and the command that
/// starts afresh.
pub fn load<S: Saved>(conn: &Connection, notes: &mut Vec<String>) -> Result<Option<S>> {
    let Some(text) = read_raw(conn, S::GAME)? else {
        return Ok(None);
    };
    let Some(mut state) = parse::<S>(&text)? else {
        return Ok(None);
    };
    notes.extend(state.mend());
    state.check().map_err(|e| damaged::<S>(e.0))?;
    Ok(Some(state))
}

/// Save a game's state (none: nothing is saved for it).
pub fn save<S: Saved>(conn: &Connection, state: Option<&S>) -> Result<()> {
    let text = state.map(|s| serde_json::to_string(s).expect("game states serialise"));
    write_raw(conn, S::GAME, text.as_deref())
}

/// A game's row as a JSON value, for the undo journal (null: none).
pub(super) fn snapshot(conn: &Connection, game: Game) -> Result<Value> {
    Ok(match read_raw(conn, game)? {
        Some(text) => serde_json::from_str(&text).map_err(|e| StoreError::Damaged {
            what: format!("the saved {} game", game.title()),
            reason: e.to_string(),
            repair: String::new(),
        })?,
        None => Value::Null,
    })
}
