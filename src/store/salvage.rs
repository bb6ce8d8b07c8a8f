//! What can still be read of a damaged store, copied into the fresh one
//! that replaces it: a flipped byte in one page must not cost the table
//! its pad, its games and its decks.
//!
//! Each table is copied whole where it reads whole, else up to the damage
//! and then row by row (by rowid, so a damaged page costs only the rows
//! on it), inside one transaction, so another process sees the fresh store empty or
//! salvaged, never half. Rows whose parent was lost are kept under a
//! parent made again for them (a deck, a record), so the fresh store
//! keeps every rule the schema makes and every row that read.

use std::path::Path;

use rusqlite::types::Value;
use rusqlite::{Connection, OpenFlags, params_from_iter};

use super::schema;

/// Most rowids tried one by one in a table that does not read whole (a
/// table's store holds hundreds of rows; a damaged max(rowid) must not
/// make this run for ever).
const MOST_ROWIDS: i64 = 1_000_000;

/// What was copied.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Salvaged {
    /// Rows copied into the fresh store.
    pub rows: u64,
    /// Tables read only in part, or not at all.
    pub partly: Vec<String>,
    /// Rows kept under a parent made again for them (`made`).
    pub adopted: u64,
    /// The parents made again: `deck bag`, `record 3`.
    pub made: Vec<String>,
    /// Rows dropped because what they belonged to was lost.
    pub orphans: u64,
}

impl Salvaged {
    /// In words, for the warning that says the store was set aside.
    pub fn words(&self) -> String {
        let mut s = format!(
            "{} {} that could still be read {} copied into it",
            self.rows,
            if self.rows == 1 { "row" } else { "rows" },
            if self.rows == 1 { "was" } else { "were" }
        );
        if !self.partly.is_empty() {
            s.push_str(&format!(" ({} read only in part)", self.partly.join(", ")));
        }
        if self.adopted > 0 {
            s.push_str(&format!(
                "; {} whose deck or record was lost {} kept under one made again ({}: `deck`, `games`)",
                self.adopted,
                if self.adopted == 1 { "was" } else { "were" },
                self.made.join(", ")
            ));
        }
        if self.orphans > 0 {
            s.push_str(&format!(
                "; {} whose game or deck was lost {} left out",
                self.orphans,
                if self.orphans == 1 { "was" } else { "were" }
            ));
        }
        s
    }
}

/// Copy what reads of the damaged store at `damaged` into `fresh` (just
/// made, at this build's schema). `None` when the damaged file is no
/// tablemate store of this schema (nothing of it can be trusted).
///
/// The damaged file is read through connections of its own, opened
/// again after each failure: SQLite answers every later read of a file
/// "malformed" once it has met the damage, so a table read after a
/// damaged one would be lost with it.
pub fn salvage(fresh: &Connection, damaged: &Path) -> rusqlite::Result<Option<Salvaged>> {
    let old = || {
        let c = Connection::open_with_flags(
            damaged,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        let app: i32 = c.pragma_query_value(None, "application_id", |r| r.get(0))?;
        let version: i32 = c.pragma_query_value(None, "user_version", |r| r.get(0))?;
        Ok::<_, rusqlite::Error>(
            (app == schema::APPLICATION_ID && version == schema::VERSION).then_some(c),
        )
    };
    if old().ok().flatten().is_none() {
        return Ok(None);
    }
    // Parents may arrive after their rows; orphans are dropped at the end.
    fresh.pragma_update(None, "foreign_keys", false)?;
    let tx = fresh.unchecked_transaction()?;
    let mut out = Salvaged::default();
    for table in schema::TABLES {
        let columns = columns_of(&tx, table)?;
        let (rows, whole) = read_table(&old, table, &columns);
        if !whole {
            out.partly.push(table.to_string());
        }
        let marks = vec!["?"; columns.len()].join(", ");
        let mut insert = tx.prepare(&format!(
            "INSERT OR IGNORE INTO main.{table} ({}) VALUES ({marks})",
            columns.join(", ")
        ))?;
        for row in rows {
            // A row the damage garbled (text where a STRICT table keeps
            // a number) is left out like one that did not read.
            match insert.execute(params_from_iter(row)) {
                Ok(n) => out.rows += n as u64,
                Err(_) => {
                    if !out.partly.iter().any(|t| t == table) {
                        out.partly.push(table.to_string());
                    }
                }
            }
        }
    }
    out.adopted = adopt_orphans(&tx, &mut out.made)?;
    out.orphans = drop_orphans(&tx)?;
    out.rows -= out.orphans.min(out.rows);
    tx.commit()?;
    fresh.pragma_update(None, "foreign_keys", true)?;
    Ok(Some(out))
}

/// The table's columns, quoted for SQL (the same in both stores: they
/// share the schema's version).
fn columns_of(conn: &Connection, table: &str) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare(&format!("PRAGMA main.table_info({table})"))?;
    let names: Vec<String> = stmt
        .query_map([], |r| r.get::<_, String>(1))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(names
        .iter()
        .map(|n| format!("\"{}\"", n.replace('"', "\"\"")))
        .collect())
}

type Opener<'a> = dyn Fn() -> rusqlite::Result<Option<Connection>> + 'a;

/// Every row of `table` that reads, and whether all of them did: in
/// rowid order until the damage, then one rowid at a time past it.
fn read_table(old: &Opener, table: &str, columns: &[String]) -> (Vec<Vec<Value>>, bool) {
    let list = columns.join(", ");
    let mut rows = Vec::new();
    let mut last = 0i64;
    let scan =
        |c: &Connection, rows: &mut Vec<Vec<Value>>, last: &mut i64| -> rusqlite::Result<()> {
            let mut stmt = c.prepare(&format!(
                "SELECT rowid, {list} FROM {table} WHERE rowid > ?1 ORDER BY rowid"
            ))?;
            let mut found = stmt.query([*last])?;
            while let Some(r) = found.next()? {
                let id: i64 = r.get(0)?;
                let row = (1..=columns.len())
                    .map(|i| r.get::<_, Value>(i))
                    .collect::<rusqlite::Result<Vec<_>>>()?;
                rows.push(row);
                *last = id;
            }
            Ok(())
        };
    let whole = match old() {
        Ok(Some(c)) => scan(&c, &mut rows, &mut last).is_ok(),
        _ => false,
    };
    if whole {
        return (rows, true);
    }
    // Past the damage: the highest rowid (its path may still read), then
    // each rowid up to it, on a connection opened again after a failure.
    let most = old()
        .ok()
        .flatten()
        .and_then(|c| {
            c.query_row(&format!("SELECT max(rowid) FROM {table}"), [], |r| {
                r.get::<_, Option<i64>>(0)
            })
            .ok()
            .flatten()
        })
        .unwrap_or(last)
        .min(last.saturating_add(MOST_ROWIDS));
    let mut conn = old().ok().flatten();
    let one = format!("SELECT {list} FROM {table} WHERE rowid = ?1");
    for id in last + 1..=most {
        let Some(c) = &conn else { break };
        let got = c.query_row(&one, [id], |r| {
            (0..columns.len())
                .map(|i| r.get::<_, Value>(i))
                .collect::<rusqlite::Result<Vec<_>>>()
        });
        match got {
            Ok(row) => rows.push(row),
            Err(rusqlite::Error::QueryReturnedNoRows) => {}
            Err(_) => conn = old().ok().flatten(),
        }
    }
    (rows, false)
}

/// Parents made again for rows whose own did not read, so those rows
/// are kept (#77: three flipped bytes in the decks' page cost all 2,156
/// items that still read): a deck under its own name (what its items
/// name; a custom deck, since its kind was lost) and a record under its
/// own number (closed, its game and slot the steps' own, its start the
/// first step's state, its setup saying it was lost). What each made is named
/// in `made`; how many rows it kept is the count returned.
fn adopt_orphans(conn: &Connection, made: &mut Vec<String>) -> rusqlite::Result<u64> {
    let mut kept = 0;
    let names: Vec<String> = {
        let mut stmt = conn.prepare(
            "SELECT DISTINCT deck FROM main.deck_items
             WHERE deck NOT IN (SELECT name FROM main.decks)",
        )?;
        stmt.query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?
    };
    for name in names {
        // A name the damage made too long for a deck is given a free one.
        let fits = (1..=24).contains(&name.chars().count());
        let new = if fits {
            name.clone()
        } else {
            (1..)
                .map(|n| format!("recovered-{n}"))
                .find(|n| {
                    conn.query_row("SELECT 1 FROM main.decks WHERE name = ?1", [n], |_| Ok(()))
                        .is_err()
                })
                .expect("some number is free")
        };
        conn.execute(
            "INSERT INTO main.decks (name, kind, is_current) VALUES (?1, 'custom', 0)",
            [&new],
        )?;
        kept += conn.execute(
            "UPDATE main.deck_items SET deck = ?2 WHERE deck = ?1",
            [&name, &new],
        )? as u64;
        made.push(format!("deck {new}"));
    }
    let records: Vec<i64> = {
        let mut stmt = conn.prepare(
            "SELECT DISTINCT record FROM main.record_steps
             WHERE record NOT IN (SELECT id FROM main.records) ORDER BY record",
        )?;
        stmt.query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?
    };
    for id in records {
        let made_again = conn.execute(
            "INSERT INTO main.records (id, slot, game, started, setup, start, open)
             SELECT ?1, substr(wing, 1, 40), substr(wing, 1, 40), at,
                    'recovered: the setup was lost with its page', state, 0
             FROM main.record_steps WHERE record = ?1 ORDER BY n LIMIT 1",
            [id],
        )?;
        if made_again == 1 {
            kept += conn.query_row(
                "SELECT count(*) FROM main.record_steps WHERE record = ?1",
                [id],
                |r| r.get::<_, i64>(0),
            )? as u64;
            made.push(format!("record {id}"));
        }
    }
    Ok(kept)
}

/// Delete the rows whose parent row was not salvaged (and could not be
/// made again); how many.
fn drop_orphans(conn: &Connection) -> rusqlite::Result<u64> {
    let mut dropped = 0;
    // A deletion can orphan nothing further (cascades point down), but a
    // second pass costs little and makes sure.
    for _ in 0..2 {
        let found: Vec<(String, i64)> = {
            let mut stmt = conn.prepare("PRAGMA main.foreign_key_check")?;
            stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?
                .collect::<rusqlite::Result<_>>()?
        };
        if found.is_empty() {
            break;
        }
        for (table, rowid) in found {
            dropped += conn.execute(
                &format!("DELETE FROM main.{table} WHERE rowid = ?1"),
                [rowid],
            )? as u64;
        }
    }
    Ok(dropped)
}
