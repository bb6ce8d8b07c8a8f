//! The Slides of Action game in progress: one row holding its document.

use rusqlite::{Connection, OptionalExtension};

use super::{Part, PartDoc, Result, StoreError};
use crate::games::slides_play::SlidesGame;

fn damaged(reason: String) -> StoreError {
    StoreError::Damaged {
        what: "the saved Slides of Action game".into(),
        reason,
        repair: "`setup slides` starts a new one".into(),
    }
}

impl PartDoc for Option<SlidesGame> {
    const PART: Part = Part::Slides;

    fn read(conn: &Connection) -> Result<Option<SlidesGame>> {
        let state: Option<String> = conn
            .query_row("SELECT state FROM slides_game WHERE id = 1", [], |r| {
                r.get(0)
            })
            .optional()?;
        state
            .map(|s| serde_json::from_str(&s).map_err(|e| damaged(e.to_string())))
            .transpose()
    }

    fn write(&self, conn: &Connection) -> Result<()> {
        conn.execute("DELETE FROM slides_game", [])?;
        if let Some(g) = self {
            conn.execute(
                "INSERT INTO slides_game (id, state) VALUES (1, ?1)",
                [serde_json::json!(g).to_string()],
            )?;
        }
        Ok(())
    }

    fn problems(&self) -> Vec<String> {
        super::optional_problems(self, "slides game", SlidesGame::check)
    }

    fn is_empty(&self) -> bool {
        self.is_none()
    }
}

/// The game, checked: a game that fails its checks is refused with the
/// reason and the command that mends it.
pub fn load(conn: &Connection) -> Result<Option<SlidesGame>> {
    let g = Option::<SlidesGame>::read(conn)?;
    if let Some(game) = &g {
        game.check().map_err(damaged)?;
    }
    Ok(g)
}

pub fn save(conn: &Connection, g: &SlidesGame) -> Result<()> {
    Some(g.clone()).write(conn)
}
