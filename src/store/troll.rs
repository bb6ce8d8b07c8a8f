//! The Angry Troll game: one checked document in `troll_play` (schema 3).
//! A game saved by an earlier version lies in `troll_game` and
//! `troll_cards` (each card with where it lay: a bridge slot, the deck of
//! awakening, or played); it is read from there until its next change
//! moves it.

use rusqlite::{Connection, OptionalExtension};

use super::{Part, PartDoc, Result, StoreError};
use crate::games::troll::Troll;

impl PartDoc for Option<Troll> {
    const PART: Part = Part::Troll;

    fn read(conn: &Connection) -> Result<Option<Troll>> {
        let state: Option<String> = conn
            .query_row("SELECT state FROM troll_play WHERE id = 1", [], |r| {
                r.get(0)
            })
            .optional()?;
        match state {
            Some(s) => serde_json::from_str(&s)
                .map(Some)
                .map_err(|e| damaged(e.to_string())),
            None => read_v2(conn),
        }
    }

    fn write(&self, conn: &Connection) -> Result<()> {
        conn.execute("DELETE FROM troll_cards", [])?;
        conn.execute("DELETE FROM troll_game", [])?;
        conn.execute("DELETE FROM troll_play", [])?;
        if let Some(t) = self {
            conn.execute(
                "INSERT INTO troll_play (id, state) VALUES (1, ?1)",
                [serde_json::json!(t).to_string()],
            )?;
        }
        Ok(())
    }

    fn problems(&self) -> Vec<String> {
        super::optional_problems(self, "troll game", Troll::check)
    }

    fn is_empty(&self) -> bool {
        self.is_none()
    }
}

/// A game as schema 2 kept it: only what the awakening helper knew (no
/// awake bricks were tracked), so it reads back as a game whose turn is
/// about to start, the troll in the lower row.
fn read_v2(conn: &Connection) -> Result<Option<Troll>> {
    let game: Option<(bool, u8)> = conn
        .query_row(
            "SELECT lower_red, troll_slot FROM troll_game WHERE id = 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((lower_red, troll_slot)) = game else {
        return Ok(None);
    };
    let (mut upper, mut lower) = (vec![Vec::new(); 6], vec![Vec::new(); 6]);
    let (mut deck, mut played) = (Vec::new(), Vec::new());
    let mut stmt =
        conn.prepare("SELECT card, place, slot FROM troll_cards ORDER BY place, slot, pos")?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, i64>(2)?,
        ))
    })?;
    for row in rows {
        let (card, place, slot) = row?;
        let pile: Option<&mut Vec<String>> = match place.as_str() {
            "upper" => upper.get_mut((slot - 1) as usize),
            "lower" => lower.get_mut((slot - 1) as usize),
            "deck" => Some(&mut deck),
            _ => Some(&mut played),
        };
        pile.ok_or_else(|| damaged(format!("{card} lies in {place} slot {slot}")))?
            .push(card);
    }
    // The fields play-along added take their defaults (see `Troll`).
    let doc = serde_json::json!({
        "upper": upper, "lower": lower, "deck": deck, "played": played,
        "lower_red": lower_red, "troll_slot": troll_slot,
    });
    serde_json::from_value(doc)
        .map(Some)
        .map_err(|e| damaged(e.to_string()))
}

fn damaged(reason: String) -> StoreError {
    StoreError::Damaged {
        what: "the saved troll game".into(),
        reason,
        repair: "`setup troll` deals a new one".into(),
    }
}

/// The game in progress, checked; `None` when there is none.
pub fn load(conn: &Connection) -> Result<Option<Troll>> {
    let t = Option::<Troll>::read(conn)?;
    if let Some(Err(why)) = t.as_ref().map(Troll::check) {
        return Err(damaged(why));
    }
    Ok(t)
}
