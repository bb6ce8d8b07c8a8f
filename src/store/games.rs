//! Games kept as one document in one row: Slides of Action and Lab Rats
//! (each game in progress is checked by its own type when read back).

use rusqlite::{Connection, OptionalExtension};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Part, PartDoc, Result, StoreError};
use crate::games::lab_rats_play::RatsGame;
use crate::games::slides_play::SlidesGame;

/// A game that lives in one row of its own table.
pub trait OneRow: Serialize + DeserializeOwned + Clone {
    const PART: Part;
    const TABLE: &'static str;
    /// What it is called in messages, and how to start afresh.
    const WHAT: &'static str;
    const REPAIR: &'static str;
    fn check(&self) -> std::result::Result<(), String>;
}

impl OneRow for SlidesGame {
    const PART: Part = Part::Slides;
    const TABLE: &'static str = "slides_game";
    const WHAT: &'static str = "the saved Slides of Action game";
    const REPAIR: &'static str = "`setup slides` starts a new one";
    fn check(&self) -> std::result::Result<(), String> {
        SlidesGame::check(self)
    }
}

impl OneRow for RatsGame {
    const PART: Part = Part::LabRats;
    const TABLE: &'static str = "lab_rats_game";
    const WHAT: &'static str = "the saved Lab Rats game";
    const REPAIR: &'static str = "`setup lab-rats` starts a new one";
    fn check(&self) -> std::result::Result<(), String> {
        RatsGame::check(self)
    }
}

fn damaged<G: OneRow>(reason: String) -> StoreError {
    StoreError::Damaged {
        what: G::WHAT.into(),
        reason,
        repair: G::REPAIR.into(),
    }
}

impl<G: OneRow> PartDoc for Option<G> {
    const PART: Part = G::PART;

    fn read(conn: &Connection) -> Result<Option<G>> {
        let state: Option<String> = conn
            .query_row(
                &format!("SELECT state FROM {} WHERE id = 1", G::TABLE),
                [],
                |r| r.get(0),
            )
            .optional()?;
        state
            .map(|s| serde_json::from_str(&s).map_err(|e| damaged::<G>(e.to_string())))
            .transpose()
    }

    fn write(&self, conn: &Connection) -> Result<()> {
        conn.execute(&format!("DELETE FROM {}", G::TABLE), [])?;
        if let Some(g) = self {
            conn.execute(
                &format!("INSERT INTO {} (id, state) VALUES (1, ?1)", G::TABLE),
                [serde_json::json!(g).to_string()],
            )?;
        }
        Ok(())
    }

    fn problems(&self) -> Vec<String> {
        super::optional_problems(self, G::WHAT, G::check)
    }

    fn is_empty(&self) -> bool {
        self.is_none()
    }
}

/// The game, checked: one that fails its checks is refused with the reason
/// and the command that starts afresh.
pub fn load<G: OneRow>(conn: &Connection) -> Result<Option<G>> {
    let g = Option::<G>::read(conn)?;
    if let Some(game) = &g {
        game.check().map_err(damaged::<G>)?;
    }
    Ok(g)
}

pub fn save<G: OneRow>(conn: &Connection, g: &G) -> Result<()> {
    Some(g.clone()).write(conn)
}
