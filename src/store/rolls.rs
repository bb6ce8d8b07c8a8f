//! Saved rolls (a name for a dice expression: `save attack 1d20+5`) and
//! tallies (results of real dice told to `tally`, for `fair`).

use std::collections::BTreeMap;

use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};

use super::{Part, PartDoc, Result};

/// One saved roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedRoll {
    pub name: String,
    pub expr: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Every saved roll, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(transparent)]
pub struct SavedRolls(pub Vec<SavedRoll>);

impl SavedRolls {
    /// Nothing saved (the export leaves the part out).
    pub fn is_none(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, name: &str) -> Option<&SavedRoll> {
        self.0.iter().find(|r| r.name.eq_ignore_ascii_case(name))
    }
}

impl PartDoc for SavedRolls {
    const PART: Part = Part::Rolls;

    fn read(conn: &Connection) -> Result<SavedRolls> {
        let mut stmt = conn.prepare("SELECT name, expr, note FROM saved_rolls ORDER BY name")?;
        let rows = stmt.query_map([], |r| {
            Ok(SavedRoll {
                // Shown as read back: an import may have held an ESC byte.
                name: crate::visible::owned_line(r.get(0)?),
                expr: crate::visible::owned_line(r.get(1)?),
                note: r
                    .get::<_, Option<String>>(2)?
                    .map(crate::visible::owned_line),
            })
        })?;
        Ok(SavedRolls(rows.collect::<rusqlite::Result<_>>()?))
    }

    fn write(&self, conn: &Connection) -> Result<()> {
        conn.execute("DELETE FROM saved_rolls", [])?;
        let mut insert =
            conn.prepare("INSERT INTO saved_rolls (name, expr, note) VALUES (?1, ?2, ?3)")?;
        for r in &self.0 {
            insert.execute(params![r.name, r.expr, r.note])?;
        }
        Ok(())
    }

    fn problems(&self) -> Vec<String> {
        self.0
            .iter()
            .filter_map(|r| {
                crate::dice::parse(&r.expr)
                    .err()
                    .map(|e| format!("saved roll '{}': {}", r.name, e.message))
            })
            .collect()
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The saved rolls.
pub fn load(conn: &Connection) -> Result<SavedRolls> {
    SavedRolls::read(conn)
}

/// How often each total of one expression came up at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    pub expr: String,
    pub counts: BTreeMap<i64, u64>,
}

/// Every tally, by expression.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(transparent)]
pub struct Tallies(pub Vec<Tally>);

impl Tallies {
    pub fn is_none(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, expr: &str) -> Option<&Tally> {
        self.0.iter().find(|t| t.expr == expr)
    }
}

impl PartDoc for Tallies {
    const PART: Part = Part::Tally;

    fn read(conn: &Connection) -> Result<Tallies> {
        let mut stmt =
            conn.prepare("SELECT expr, value, count FROM tallies ORDER BY expr, value")?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
            ))
        })?;
        let mut out: Vec<Tally> = Vec::new();
        for row in rows {
            let (expr, value, count) = row?;
            if out.last().is_none_or(|t| t.expr != expr) {
                out.push(Tally {
                    expr: expr.clone(),
                    counts: BTreeMap::new(),
                });
            }
            if let Some(t) = out.last_mut() {
                t.counts.insert(value, count.max(0) as u64);
            }
        }
        Ok(Tallies(out))
    }

    fn write(&self, conn: &Connection) -> Result<()> {
        conn.execute("DELETE FROM tallies", [])?;
        let mut insert =
            conn.prepare("INSERT INTO tallies (expr, value, count) VALUES (?1, ?2, ?3)")?;
        for t in &self.0 {
            for (v, n) in &t.counts {
                insert.execute(params![t.expr, v, *n as i64])?;
            }
        }
        Ok(())
    }

    fn problems(&self) -> Vec<String> {
        self.0
            .iter()
            .filter_map(|t| {
                crate::dice::parse(&t.expr)
                    .err()
                    .map(|e| format!("tally '{}': {}", t.expr, e.message))
            })
            .collect()
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The tallies.
pub fn tallies(conn: &Connection) -> Result<Tallies> {
    Tallies::read(conn)
}

/// A tally with nothing in it yet.
pub fn rolls_tally(expr: &str) -> Tally {
    Tally {
        expr: expr.to_string(),
        counts: BTreeMap::new(),
    }
}
