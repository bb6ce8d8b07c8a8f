//! The whole store as one JSON document (`export`, `import`), and the
//! undo journal's snapshot of an import.

use rusqlite::Connection;
use serde::{Deserialize, Serialize};

use super::rolls::{SavedRolls, Tallies};
use super::{Part, PartDoc, Result};
use crate::deck::DeckDoc;
use crate::games::funhouse::run::Book;
use crate::games::lab_rats_play::RatsGame;
use crate::games::penguins::Board;
use crate::games::slides_play::SlidesGame;
use crate::games::troll::Troll;

/// The version of the document's shape; a reader refuses a newer one.
pub const EXPORT_FORMAT: u32 = 1;

/// Everything saved. Each part is the same document form the undo journal
/// keeps and the JSON files of tablemate 0.1 held.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    pub tablemate_export: u32,
    pub decks: DeckDoc,
    pub funhouse: Book,
    pub troll: Option<Troll>,
    pub penguins: Option<Board>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slides: Option<SlidesGame>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lab_rats: Option<RatsGame>,
    #[serde(default, skip_serializing_if = "SavedRolls::is_none")]
    pub saved_rolls: SavedRolls,
    #[serde(default, skip_serializing_if = "Tallies::is_none")]
    pub tallies: Tallies,
}

impl PartDoc for Document {
    const PART: Part = Part::All;

    fn read(conn: &Connection) -> Result<Document> {
        Ok(Document {
            tablemate_export: EXPORT_FORMAT,
            decks: DeckDoc::read(conn)?,
            funhouse: Book::read(conn)?,
            troll: PartDoc::read(conn)?,
            penguins: PartDoc::read(conn)?,
            slides: PartDoc::read(conn)?,
            lab_rats: PartDoc::read(conn)?,
            saved_rolls: PartDoc::read(conn)?,
            tallies: PartDoc::read(conn)?,
        })
    }

    fn write(&self, conn: &Connection) -> Result<()> {
        self.decks.write(conn)?;
        self.funhouse.write(conn)?;
        self.troll.write(conn)?;
        self.penguins.write(conn)?;
        self.slides.write(conn)?;
        self.lab_rats.write(conn)?;
        self.saved_rolls.write(conn)?;
        self.tallies.write(conn)
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
        out.extend(self.funhouse.problems());
        out.extend(self.troll.problems());
        out.extend(self.penguins.problems());
        out.extend(self.slides.problems());
        out.extend(self.lab_rats.problems());
        out.extend(self.saved_rolls.problems());
        out.extend(self.tallies.problems());
        out
    }

    fn is_empty(&self) -> bool {
        self.decks.is_empty()
            && self.funhouse.is_empty()
            && self.troll.is_empty()
            && self.penguins.is_empty()
            && self.slides.is_empty()
            && self.lab_rats.is_empty()
            && self.saved_rolls.is_empty()
            && self.tallies.is_empty()
    }
}

impl Document {
    /// The document as a file holds it: pretty JSON, ending in a newline.
    pub fn to_text(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("documents serialise");
        s.push('\n');
        s
    }

    /// Read a document, naming the line and column of a JSON mistake.
    pub fn from_text(text: &str) -> std::result::Result<Document, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    /// A few words on what it holds, for the player.
    pub fn summary(&self) -> String {
        let n =
            |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
        let mut parts = vec![
            n(self.decks.decks.len(), "deck", "decks"),
            format!(
                "{} Funhouse run, {}",
                if self.funhouse.run.is_some() {
                    "an open"
                } else {
                    "no open"
                },
                n(self.funhouse.history.len(), "filed run", "filed runs")
            ),
        ];
        if self.troll.is_some() {
            parts.push("a troll game".into());
        }
        if self.penguins.is_some() {
            parts.push("a penguin board".into());
        }
        if !self.saved_rolls.0.is_empty() {
            parts.push(n(self.saved_rolls.0.len(), "saved roll", "saved rolls"));
        }
        parts.join("; ")
    }
}
