//! Decks as rows: one row a deck, one row an item in its pile.

use rusqlite::{Connection, OptionalExtension, params};

use super::{Part, PartDoc, Result};
use crate::deck::{DeckBook, DeckDoc, DeckKind, DeckRecord};

/// Every deck whose row can be read, and the name of each that cannot
/// with the reason: a damaged deck blocks only itself.
pub(super) fn read_decks(conn: &Connection) -> Result<(DeckDoc, Vec<(String, String)>)> {
    let mut stmt = conn.prepare("SELECT name, kind, is_current, deal FROM decks ORDER BY rowid")?;
    let rows: Vec<(String, String, bool, Option<String>)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    let mut items =
        conn.prepare("SELECT item, pile FROM deck_items WHERE deck = ?1 ORDER BY pile, pos")?;
    let mut doc = DeckDoc::default();
    let mut damaged = Vec::new();
    for (name, kind, current, deal) in rows {
        let Some(kind) = DeckKind::from_name(&kind) else {
            damaged.push((name, format!("'{kind}' is not a deck kind")));
            continue;
        };
        let mut record = DeckRecord {
            name: name.clone(),
            kind,
            left: Vec::new(),
            drawn: Vec::new(),
            deal,
        };
        let pairs = items.query_map([&name], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
        })?;
        for pair in pairs {
            let (item, pile) = pair?;
            if pile == "left" {
                record.left.push(item);
            } else {
                record.drawn.push(item);
            }
        }
        if current {
            doc.current = Some(name);
        }
        doc.decks.push(record);
    }
    Ok((doc, damaged))
}

impl PartDoc for DeckDoc {
    const PART: Part = Part::Decks;

    /// The decks that can be read (`read_decks` says which cannot).
    fn read(conn: &Connection) -> Result<DeckDoc> {
        Ok(read_decks(conn)?.0)
    }

    fn write(&self, conn: &Connection) -> Result<()> {
        conn.execute("DELETE FROM decks", [])?;
        for r in &self.decks {
            save_deck(conn, r)?;
        }
        set_current(conn, self.current.as_deref())
    }

    fn problems(&self) -> Vec<String> {
        DeckBook::problems(self)
    }

    fn is_empty(&self) -> bool {
        self.decks.is_empty()
    }
}

/// Save one deck, replacing its items (a new name goes last in the list).
pub fn save_deck(conn: &Connection, r: &DeckRecord) -> Result<()> {
    conn.execute(
        "INSERT INTO decks (name, kind, deal) VALUES (?1, ?2, ?3)
         ON CONFLICT (name) DO UPDATE SET name = excluded.name, kind = excluded.kind,
             deal = excluded.deal",
        params![r.name, r.kind.name(), r.deal],
    )?;
    conn.execute("DELETE FROM deck_items WHERE deck = ?1", [&r.name])?;
    let mut insert = conn.prepare(
        "INSERT INTO deck_items (deck, item, copy, pile, pos) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    // Repeats (custom decks only) are told apart by a copy number.
    let mut copies: std::collections::HashMap<&str, i64> = Default::default();
    for (pile, list) in [("left", &r.left), ("drawn", &r.drawn)] {
        for (pos, item) in list.iter().enumerate() {
            let copy = copies.entry(item.as_str()).or_insert(-1);
            *copy += 1;
            insert.execute(params![r.name, item, *copy, pile, pos as i64])?;
        }
    }
    Ok(())
}

/// Forget a deck and its items; whether there was one.
pub fn delete_deck(conn: &Connection, name: &str) -> Result<bool> {
    Ok(conn.execute("DELETE FROM decks WHERE name = ?1", [name])? > 0)
}

/// Make `name` the deck a bare `draw` takes from (or none).
pub fn set_current(conn: &Connection, name: Option<&str>) -> Result<()> {
    let was: Option<String> = conn
        .query_row("SELECT name FROM decks WHERE is_current = 1", [], |r| {
            r.get(0)
        })
        .optional()?;
    if was.as_deref().map(str::to_lowercase) == name.map(str::to_lowercase) {
        return Ok(());
    }
    conn.execute("UPDATE decks SET is_current = 0 WHERE is_current = 1", [])?;
    if let Some(n) = name {
        conn.execute("UPDATE decks SET is_current = 1 WHERE name = ?1", [n])?;
    }
    Ok(())
}
