//! The whole store as one JSON document (`export`, `import`), and the
//! undo journal's snapshot of an import.
//!
//! Each game's state is written by its own type, under the key its
//! `Saved` declares, in the order `Game::saved()` lists them: the document
//! reads exactly as the release before wrote it, and a new game adds its
//! key without anything here changing.

use rusqlite::Connection;
use serde::de::Error as _;
use serde::ser::{Error as _, SerializeMap};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::games::{read_raw, write_raw};
use super::records::Record;
use super::rolls::{SavedRolls, Tallies};
use super::{Part, PartDoc, Result, StoreError};
use crate::deck::DeckDoc;
use crate::games::Visitor;
use crate::games::game::Game;
use crate::games::wing::{Saved, Wing};

/// The version of the document's shape; a reader refuses a newer one.
pub const EXPORT_FORMAT: u32 = 1;

/// Everything saved. Each part is the same document form the undo journal
/// keeps and the JSON files of tablemate 0.1 held.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub tablemate_export: u32,
    pub decks: DeckDoc,
    /// Each game with saved state, in `Game::saved()` order: its state as
    /// its type writes it.
    pub games: Vec<(Game, Value)>,
    pub saved_rolls: SavedRolls,
    pub tallies: Tallies,
    /// Every game record, oldest first (left out of the text when none).
    pub records: Vec<Record>,
    /// Every play, oldest first (left out of the text when none).
    pub plays: Vec<crate::plays::Play>,
    /// What the store held but could not be read, and why: left out of
    /// the document, so that one damaged row does not keep the rest from
    /// being saved elsewhere. Not part of the document's text.
    pub skipped: Vec<String>,
}

/// The key a game's state has in the document.
fn key(game: Game) -> &'static str {
    game.wing().state().export_key()
}

impl Document {
    /// A game's state in the document, if it holds one.
    pub fn game(&self, game: Game) -> Option<&Value> {
        self.games.iter().find(|(g, _)| *g == game).map(|(_, v)| v)
    }
}

impl Serialize for Document {
    fn serialize<Z: Serializer>(&self, s: Z) -> std::result::Result<Z::Ok, Z::Error> {
        /// One game's entry, written by its own type (so its fields come
        /// in the order the type declares them).
        struct Entry<'a>(Game, Option<&'a Value>);
        /// Writes a state with its own type's serializer: serde's
        /// `Serializer` is generic, so this is one of the few places that
        /// needs the state's type rather than `Game::wing()`.
        struct Write<'a, Z>(Option<&'a Value>, Z);
        impl<Z: Serializer> Visitor for Write<'_, Z> {
            type Out = std::result::Result<Z::Ok, Z::Error>;
            fn visit<W: Wing>(self) -> Self::Out {
                let state: Option<W::State> = match self.0 {
                    Some(v) => serde_json::from_value(v.clone()).map_err(Z::Error::custom)?,
                    None => <W::State as Saved>::empty(),
                };
                state.serialize(self.1)
            }
        }
        impl Serialize for Entry<'_> {
            fn serialize<Z: Serializer>(&self, s: Z) -> std::result::Result<Z::Ok, Z::Error> {
                self.0.visit(Write(self.1, s))
            }
        }
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("tablemate_export", &self.tablemate_export)?;
        map.serialize_entry("decks", &self.decks)?;
        for game in Game::saved() {
            let value = self.game(game);
            if value.is_some() || game.wing().state().export_always() {
                map.serialize_entry(key(game), &Entry(game, value))?;
            }
        }
        if !self.saved_rolls.is_none() {
            map.serialize_entry("saved_rolls", &self.saved_rolls)?;
        }
        if !self.tallies.is_none() {
            map.serialize_entry("tallies", &self.tallies)?;
        }
        if !self.records.is_empty() {
            map.serialize_entry("records", &self.records)?;
        }
        if !self.plays.is_empty() {
            map.serialize_entry("plays", &self.plays)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Document {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Document, D::Error> {
        #[derive(Deserialize)]
        struct Parts {
            tablemate_export: u32,
            decks: DeckDoc,
            #[serde(default)]
            saved_rolls: SavedRolls,
            #[serde(default)]
            tallies: Tallies,
            #[serde(default)]
            records: Vec<Record>,
            #[serde(default)]
            plays: Vec<crate::plays::Play>,
            /// The games' states, by their keys; anything else is refused.
            #[serde(flatten)]
            rest: Map<String, Value>,
        }
        let mut parts = Parts::deserialize(d)?;
        let mut games = Vec::new();
        for game in Game::saved() {
            if let Some(v) = parts.rest.remove(key(game))
                && !v.is_null()
            {
                games.push((game, v));
            }
        }
        if let Some(unknown) = parts.rest.keys().next() {
            let known: Vec<&str> = [
                "tablemate_export",
                "decks",
                "saved_rolls",
                "tallies",
                "records",
                "plays",
            ]
            .into_iter()
            .chain(Game::saved().map(key))
            .collect();
            return Err(D::Error::custom(format!(
                "unknown field `{unknown}`, expected one of {}",
                known.join(", ")
            )));
        }
        Ok(Document {
            tablemate_export: parts.tablemate_export,
            decks: parts.decks,
            games,
            saved_rolls: parts.saved_rolls,
            tallies: parts.tallies,
            records: parts.records,
            plays: parts.plays,
            skipped: Vec::new(),
        })
    }
}

impl PartDoc for Document {
    const PART: Part = Part::All;

    /// Everything that can be read; what cannot is named in `skipped`.
    fn read(conn: &Connection) -> Result<Document> {
        let mut games = Vec::new();
        let mut skipped = Vec::new();
        for game in Game::saved() {
            let Some(text) = read_raw(conn, game)? else {
                continue;
            };
            // As it is loaded for play: the parts that fail their checks
            // set aside (said in `skipped`).
            let state = game.wing().state();
            match state.load(&text, &mut skipped) {
                Ok(Some(v)) => games.push((game, v)),
                Ok(None) => {}
                Err(why) => skipped.push(format!(
                    "note: {} cannot be read ({why}); it is left out of the export",
                    state.what()
                )),
            }
        }
        let (decks, unread) = super::decks::read_decks(conn)?;
        skipped.extend(unread.into_iter().map(|(name, why)| {
            format!("note: deck '{name}' cannot be read ({why}); it is left out of the export")
        }));
        Ok(Document {
            tablemate_export: EXPORT_FORMAT,
            decks,
            games,
            saved_rolls: PartDoc::read(conn)?,
            tallies: PartDoc::read(conn)?,
            records: super::records::all(conn)?,
            plays: {
                let (plays, unread) = super::plays::all(conn)?;
                if unread > 0 {
                    skipped.push(format!(
                        "note: {unread} filed plays cannot be read; they are left out of the export"
                    ));
                }
                plays
            },
            skipped,
        })
    }

    fn write(&self, conn: &Connection) -> Result<()> {
        self.decks.write(conn)?;
        for game in Game::saved() {
            let text = self.game(game).map(Value::to_string);
            write_raw(conn, game, text.as_deref())?;
        }
        self.saved_rolls.write(conn)?;
        self.tallies.write(conn)?;
        super::records::replace_all(conn, &self.records)?;
        super::plays::replace_all(conn, &self.plays)
    }

    fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.tablemate_export != EXPORT_FORMAT {
            out.push(format!(
                "export format {} (this tablemate reads format {EXPORT_FORMAT})",
                self.tablemate_export
            ));
        }
        out.extend(self.decks.problems());
        for (game, value) in &self.games {
            let state = game.wing().state();
            if let Err(why) = state.check(value) {
                out.push(format!("{}: {why}", state.what()));
            }
        }
        out.extend(self.saved_rolls.problems());
        out.extend(self.tallies.problems());
        // A record is taken in only if it replays through its game's rules.
        for (i, r) in self.records.iter().enumerate() {
            if let Err(e) = crate::games::record::frames(r) {
                out.push(format!("record {} ({}): {e}", i + 1, r.game.title()));
            }
        }
        out
    }

    fn is_empty(&self) -> bool {
        self.decks.is_empty()
            && self.games.iter().all(|(g, v)| g.wing().state().blank(v))
            && self.saved_rolls.is_empty()
            && self.tallies.is_empty()
            && self.records.is_empty()
            && self.plays.is_empty()
    }
}

/// A game's part of the store checked and written from a JSON value (the
/// undo journal's snapshot): refused, with the reason, when its type
/// cannot read it.
pub(super) fn restore_game(conn: &Connection, game: Game, value: &Value) -> Result<()> {
    if value.is_null() {
        return write_raw(conn, game, None);
    }
    let state = game.wing().state();
    let text = state.retyped(value).map_err(|why| StoreError::Damaged {
        what: state.what().into(),
        reason: why.0,
        repair: state.repair().into(),
    })?;
    write_raw(conn, game, text.as_deref())
}

impl Document {
    /// Leave out what a game in play keeps secret: the state of every
    /// game whose deal is sealed and that is not over, the open record of
    /// one (its steps hold every state, its setup the code), and every
    /// deck dealt from a sealed code and not yet spent (its order).
    /// What was left out, said for the player.
    pub fn seal(&mut self) -> Vec<String> {
        let sealed = |g: Game| crate::games::record::seals_deal(g);
        let open = |g: Game, v: &Value| g.wing().look(v).map_or(true, |(_, turn)| !turn.over);
        let mut said = Vec::new();
        self.games.retain(|(g, v)| {
            let keep = !(sealed(*g) && open(*g, v));
            if !keep {
                said.push(format!(
                    "note: the {} game in play is left out: what it hides would show in the file (`export --secrets` puts it in)",
                    g.title()
                ));
            }
            keep
        });
        // A deck dealt from a sealed code holds its order until it is
        // spent: the next draw would be in the file.
        self.decks.decks.retain(|d| {
            let keep = d.deal.is_none() || d.left.is_empty();
            if !keep {
                said.push(format!(
                    "note: deck '{}' is left out: its order is sealed until it is spent (`export --secrets` puts it in)",
                    d.name
                ));
            }
            keep
        });
        let decks = &self.decks.decks;
        if self
            .decks
            .current
            .as_ref()
            .is_some_and(|c| !decks.iter().any(|d| d.name == *c))
        {
            self.decks.current = None;
        }
        let before = self.records.len();
        self.records
            .retain(|r| !(r.open && (sealed(r.game) || sealed(r.slot))));
        if self.records.len() < before {
            said.push(
                "note: its open record is left out too; both are exported once the game is over"
                    .into(),
            );
        }
        said
    }

    /// The document as a file holds it: pretty JSON, ending in a newline.
    pub fn to_text(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("documents serialise");
        s.push('\n');
        s
    }

    /// Read a document; the error names the line and column of a JSON
    /// mistake.
    pub fn from_text(text: &str) -> std::result::Result<Document, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// A few words on what it holds, for the player.
    pub fn summary(&self) -> String {
        let n =
            |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
        let mut parts = vec![n(self.decks.decks.len(), "deck", "decks")];
        parts.extend(Game::saved().filter_map(|g| g.wing().state().summary(self.game(g))));
        if !self.saved_rolls.0.is_empty() {
            parts.push(n(self.saved_rolls.0.len(), "saved roll", "saved rolls"));
        }
        parts.join("; ")
    }
}
