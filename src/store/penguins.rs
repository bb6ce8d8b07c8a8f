//! The penguins' board as rows: the dice, and each domino at its place as
//! first laid; the game in play (schema 3) as one checked document.

use rusqlite::{Connection, OptionalExtension, params};

use super::{Part, PartDoc, Result, StoreError};
use crate::games::penguins::Board;

impl PartDoc for Option<Board> {
    const PART: Part = Part::Penguins;

    fn read(conn: &Connection) -> Result<Option<Board>> {
        let board: Option<(u8, Option<String>, Option<String>)> = conn
            .query_row(
                "SELECT die_sides, nests, play FROM penguin_board WHERE id = 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        let Some((die_sides, nests, play)) = board else {
            return Ok(None);
        };
        let play = match play {
            Some(json) => Some(
                serde_json::from_str(&json).map_err(|e| StoreError::Damaged {
                    what: "the penguin game".into(),
                    reason: e.to_string(),
                    repair: "`setup penguins` lays a new board".into(),
                })?,
            ),
            None => None,
        };
        let nests: Vec<(u8, u8)> = match nests {
            Some(json) => serde_json::from_str(&json).map_err(|e| StoreError::Damaged {
                what: "the penguin board".into(),
                reason: format!("its nests: {e}"),
                repair: "`setup penguins` lays a new board".into(),
            })?,
            None => Vec::new(),
        };
        let mut stmt = conn.prepare(
            "SELECT board_row, pips_left, pips_right FROM penguin_dominoes
             ORDER BY board_row, board_col",
        )?;
        let mut rows: Vec<(i64, Vec<(u8, u8)>)> = Vec::new();
        let found = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get(1)?, r.get(2)?)))?;
        for d in found {
            let (row, a, b) = d?;
            match rows.last_mut() {
                Some((r, list)) if *r == row => list.push((a, b)),
                _ => rows.push((row, vec![(a, b)])),
            }
        }
        Ok(Some(Board {
            rows: rows.into_iter().map(|(_, list)| list).collect(),
            die_sides,
            nests,
            play,
        }))
    }

    fn write(&self, conn: &Connection) -> Result<()> {
        conn.execute("DELETE FROM penguin_dominoes", [])?;
        conn.execute("DELETE FROM penguin_board", [])?;
        let Some(b) = self else {
            return Ok(());
        };
        let nests = (!b.nests.is_empty()).then(|| serde_json::json!(b.nests).to_string());
        let play = b.play.as_ref().map(|p| serde_json::json!(p).to_string());
        conn.execute(
            "INSERT INTO penguin_board (id, die_sides, nests, play) VALUES (1, ?1, ?2, ?3)",
            params![b.die_sides, nests, play],
        )?;
        let mut insert = conn.prepare(
            "INSERT INTO penguin_dominoes (board_row, board_col, pips_left, pips_right)
             VALUES (?1, ?2, ?3, ?4)",
        )?;
        for (r, row) in b.rows.iter().enumerate() {
            for (c, (a, z)) in row.iter().enumerate() {
                insert.execute(params![r as i64, c as i64, a, z])?;
            }
        }
        Ok(())
    }

    fn problems(&self) -> Vec<String> {
        super::optional_problems(self, "penguin board", Board::check)
    }

    fn is_empty(&self) -> bool {
        self.is_none()
    }
}

/// The board in play, checked; `None` when none is laid.
pub fn load(conn: &Connection) -> Result<Option<Board>> {
    let b = Option::<Board>::read(conn)?;
    if let Some(Err(why)) = b.as_ref().map(Board::check) {
        return Err(StoreError::Damaged {
            what: "the saved penguin board".into(),
            reason: why,
            repair: "`setup penguins` lays a new one".into(),
        });
    }
    Ok(b)
}
