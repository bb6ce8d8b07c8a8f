//! The table beside every change a game makes: read in the same
//! transaction (who sits, and where the game they play stands), changed
//! there when the change seats them, and journaled with it.

use rusqlite::Connection;

use super::Result;
use super::games;
use crate::games::game::Game;
use crate::games::table::{InPlay, Seating};

/// What the store's door hands a change besides its own state: the
/// table as it is inside the change's transaction.
#[derive(Debug, Clone, Default)]
pub struct AtTable {
    /// Who sits (none: no one; also none for a change to the table
    /// itself, which is its own state). A change may seat them; it is
    /// saved with the change.
    pub seating: Option<Seating>,
    /// The game the table plays, and where it stands now.
    pub in_play: Option<InPlay>,
}

impl AtTable {
    /// The names in seating order.
    pub fn names(&self) -> Vec<String> {
        self.seating.as_ref().map_or_else(Vec::new, Seating::names)
    }

    /// The names from who starts round the table, as a game seats them.
    pub fn names_from_first(&self) -> Vec<String> {
        self.seating.as_ref().map_or_else(Vec::new, |t| {
            t.from_first().into_iter().map(|p| p.name.clone()).collect()
        })
    }
}

/// The table as stored, read leniently: a table the checks refuse is
/// said by the commands that change it, and reads as no one seated here.
pub(super) fn seating(conn: &Connection) -> Result<Option<Seating>> {
    let Some(text) = games::read_raw(conn, Game::Table)? else {
        return Ok(None);
    };
    Ok(serde_json::from_str::<Option<Seating>>(&text)
        .ok()
        .flatten()
        .filter(|t| t.check().is_ok()))
}

/// The game `table` set up, as it stands in its saved state (none: it
/// plays none, or the game's state is gone or unreadable).
pub(super) fn in_play(conn: &Connection, table: Option<&Seating>) -> Result<Option<InPlay>> {
    let Some(playing) = table.and_then(|t| t.playing.as_ref()) else {
        return Ok(None);
    };
    let Some(game) = Game::by_id(&playing.game) else {
        return Ok(None);
    };
    let Some(text) = games::read_raw(conn, game)? else {
        return Ok(None);
    };
    let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else {
        return Ok(None);
    };
    Ok(crate::games::record::look(game, &value)
        .ok()
        .map(|(_, turn)| InPlay {
            game: playing.game.clone(),
            title: game.title().to_string(),
            turn,
        }))
}

/// The table and its game in play, read in one go (for a view).
pub(super) fn at_table(conn: &Connection) -> Result<AtTable> {
    let seating = seating(conn)?;
    let in_play = in_play(conn, seating.as_ref())?;
    Ok(AtTable { seating, in_play })
}

/// After a change to the table, saved in this transaction: anyone
/// renamed (by id, against the table `before` it) is renamed in the names
/// `game`'s state keeps (the table's game in play), so its own replies
/// say the name as written.
pub(super) fn rename_in(conn: &Connection, game: Game, before: Option<&Seating>) -> Result<()> {
    let (Some(before), Some(now)) = (before, seating(conn)?) else {
        return Ok(());
    };
    let renames: Vec<(&str, &str)> = before
        .people
        .iter()
        .filter_map(|p| {
            let after = now.by_id(p.id)?;
            (after.name != p.name).then_some((p.name.as_str(), after.name.as_str()))
        })
        .collect();
    if renames.is_empty() {
        return Ok(());
    }
    let Some(text) = games::read_raw(conn, game)? else {
        return Ok(());
    };
    let Ok(mut value) = serde_json::from_str::<serde_json::Value>(&text) else {
        return Ok(());
    };
    let state = game.wing().state();
    let mut changed = None;
    for (from, to) in renames {
        if let Some(t) = state.renamed(&value, from, to) {
            value = serde_json::from_str(&t).unwrap_or(value);
            changed = Some(t);
        }
    }
    match changed {
        Some(t) => games::write_raw(conn, game, Some(&t)),
        None => Ok(()),
    }
}
