//! Saved rolls: a name for a dice expression (`save attack 1d20+5`).

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
                name: r.get(0)?,
                expr: r.get(1)?,
                note: r.get(2)?,
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
