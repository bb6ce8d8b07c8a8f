//! The Angry Troll game as rows: the game's settings, and each card with
//! where it lies (a bridge slot, the deck of awakening, or played).

use rusqlite::{Connection, OptionalExtension, params};

use super::{Part, PartDoc, Result, StoreError};
use crate::games::troll::Troll;

impl PartDoc for Option<Troll> {
    const PART: Part = Part::Troll;

    fn read(conn: &Connection) -> Result<Option<Troll>> {
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
        let mut t = Troll {
            upper: vec![Vec::new(); 6],
            lower: vec![Vec::new(); 6],
            deck: Vec::new(),
            played: Vec::new(),
            lower_red,
            troll_slot,
        };
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
            let pile = match place.as_str() {
                "upper" => t.upper.get_mut((slot - 1) as usize),
                "lower" => t.lower.get_mut((slot - 1) as usize),
                "deck" => Some(&mut t.deck),
                _ => Some(&mut t.played),
            };
            pile.ok_or_else(|| damaged(format!("{card} lies in {place} slot {slot}")))?
                .push(card);
        }
        Ok(Some(t))
    }

    fn write(&self, conn: &Connection) -> Result<()> {
        conn.execute("DELETE FROM troll_cards", [])?;
        conn.execute("DELETE FROM troll_game", [])?;
        let Some(t) = self else {
            return Ok(());
        };
        conn.execute(
            "INSERT INTO troll_game (id, lower_red, troll_slot) VALUES (1, ?1, ?2)",
            params![t.lower_red, t.troll_slot],
        )?;
        let mut insert = conn
            .prepare("INSERT INTO troll_cards (card, place, slot, pos) VALUES (?1, ?2, ?3, ?4)")?;
        for (place, row) in [("upper", &t.upper), ("lower", &t.lower)] {
            for (i, stack) in row.iter().enumerate() {
                for (pos, card) in stack.iter().enumerate() {
                    insert.execute(params![card, place, i as i64 + 1, pos as i64])?;
                }
            }
        }
        for (place, pile) in [("deck", &t.deck), ("played", &t.played)] {
            for (pos, card) in pile.iter().enumerate() {
                insert.execute(params![card, place, 0, pos as i64])?;
            }
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
