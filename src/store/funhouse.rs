//! The Funhouse as rows: one row a run (the open one and the filed ones),
//! one row a room's score.

use rusqlite::{Connection, OptionalExtension, params};

use super::{Part, PartDoc, Result, StoreError};
use crate::games::funhouse::Room;
use crate::games::funhouse::die::Hand;
use crate::games::funhouse::run::{Book, Run};
use crate::games::funhouse::score::Score;

fn damaged(reason: String) -> StoreError {
    StoreError::Damaged {
        what: "the saved Funhouse runs".into(),
        reason,
        repair: "`export` shows what is saved; `import FILE --replace` puts mended state back"
            .into(),
    }
}

impl PartDoc for Book {
    const PART: Part = Part::Funhouse;

    fn read(conn: &Connection) -> Result<Book> {
        let mut runs = conn
            .prepare("SELECT id, started, filed, barrels, tables FROM funhouse_runs ORDER BY id")?;
        type Row = (i64, String, bool, Option<String>, Option<String>);
        let rows: Vec<Row> = runs
            .query_map([], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })?
            .collect::<Result<_, _>>()?;
        let mut scores =
            conn.prepare("SELECT room, total, inputs, terms FROM funhouse_scores WHERE run = ?1")?;
        let mut book = Book::default();
        let hand: Option<String> = conn
            .query_row("SELECT hand FROM funhouse_die WHERE id = 1", [], |r| {
                r.get(0)
            })
            .optional()?;
        if let Some(h) = hand {
            book.die = h.parse().map_err(damaged)?;
        }
        for (id, started, filed, barrels, tables) in rows {
            let mut run = Run::new(started);
            if let Some(b) = barrels {
                run.barrels =
                    Some(serde_json::from_str(&b).map_err(|e| damaged(format!("barrels: {e}")))?);
            }
            if let Some(t) = tables {
                run.tables =
                    serde_json::from_str(&t).map_err(|e| damaged(format!("tables: {e}")))?;
            }
            let found = scores.query_map([id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, u32>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                ))
            })?;
            for row in found {
                let (room, total, inputs, terms) = row?;
                let slot = Room::ALL
                    .iter()
                    .find(|r| r.id() == room)
                    .ok_or_else(|| damaged(format!("'{room}' is not a room")))?;
                let bad = |e: serde_json::Error| damaged(format!("{room} score: {e}"));
                run.rooms[slot.index()] = Some(Score {
                    inputs: serde_json::from_str(&inputs).map_err(bad)?,
                    terms: serde_json::from_str(&terms).map_err(bad)?,
                    room,
                    total,
                });
            }
            if filed {
                book.history.push(run);
            } else {
                book.run = Some(run);
            }
        }
        Ok(book)
    }

    fn write(&self, conn: &Connection) -> Result<()> {
        conn.execute("DELETE FROM funhouse_runs", [])?;
        conn.execute("DELETE FROM funhouse_die", [])?;
        if self.die != Hand::default() {
            conn.execute(
                "INSERT INTO funhouse_die (id, hand) VALUES (1, ?1)",
                [self.die.name()],
            )?;
        }
        let filed = self.history.iter().map(|r| (r, true));
        for (run, filed) in filed.chain(self.run.iter().map(|r| (r, false))) {
            let barrels = run
                .barrels
                .as_ref()
                .map(|b| serde_json::json!(b).to_string());
            let tables =
                (!run.tables.is_empty()).then(|| serde_json::json!(run.tables).to_string());
            conn.execute(
                "INSERT INTO funhouse_runs (started, filed, barrels, tables) VALUES (?1, ?2, ?3, ?4)",
                params![run.started, filed, barrels, tables],
            )?;
            let id = conn.last_insert_rowid();
            for s in run.rooms.iter().flatten() {
                conn.execute(
                    "INSERT INTO funhouse_scores (run, room, total, inputs, terms)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![
                        id,
                        s.room,
                        s.total,
                        serde_json::json!(s.inputs).to_string(),
                        serde_json::json!(s.terms).to_string()
                    ],
                )?;
            }
        }
        Ok(())
    }

    fn problems(&self) -> Vec<String> {
        self.run
            .iter()
            .map(|r| ("the open run".to_string(), r))
            .chain(
                self.history
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (format!("filed run {}", i + 1), r)),
            )
            .filter_map(|(name, r)| r.check().err().map(|e| format!("{name}: {e}")))
            .collect()
    }

    fn is_empty(&self) -> bool {
        self.run.is_none() && self.history.is_empty() && self.die == Hand::default()
    }
}

/// The Funhouse, checked. A run that fails its checks is left out, with a
/// message saying so, so that the commands that replace it still work; its
/// rows stay until the next Funhouse change (and `undo` brings them back).
pub fn load(conn: &Connection) -> Result<(Book, Vec<String>)> {
    let mut book = Book::read(conn)?;
    let mut notes = Vec::new();
    if let Some(Err(why)) = book.run.as_ref().map(Run::check) {
        notes.push(format!(
            "warning: the open Funhouse run is damaged ({why}); it is left out, and `funhouse new` starts a fresh one"
        ));
        book.run = None;
    }
    let mut n = 0;
    book.history.retain(|r| {
        n += 1;
        match r.check() {
            Ok(()) => true,
            Err(why) => {
                notes.push(format!(
                    "warning: filed Funhouse run {n} is damaged ({why}); it is left out of the history"
                ));
                false
            }
        }
    });
    Ok((book, notes))
}
