//! `save`, `saved` and `unsave`: rolls kept by name in the store.

use serde::Serialize;

use super::{App, AppError, Reply, Result, invalid};
use crate::dice;
use crate::reply::Show;
use crate::store::{self, Part, PartDoc, SavedRoll, SavedRolls};
use crate::style::Style;

impl App {
    pub(super) fn save_roll(&mut self, name: &str, words: &[String]) -> Result<Reply> {
        check_name(name)?;
        let text = words.join(" ");
        let (expr, note) = match text.split_once('#') {
            Some((e, n)) => (
                e.trim().to_string(),
                Some(n.trim().chars().take(80).collect::<String>()),
            ),
            None => (text.trim().to_string(), None),
        };
        let note = note.filter(|n| !n.is_empty());
        // A saved roll may use other saved rolls; it is kept as written
        // and must make sense now.
        let expanded = self.with_saved(&expr)?;
        dice::parse(&expanded)?;
        let (count, replaced) = self.store.change(Part::Rolls, |c| {
            let mut all = store::saved_rolls(c)?;
            let replaced = all.0.iter().any(|r| r.name.eq_ignore_ascii_case(name));
            all.0.retain(|r| !r.name.eq_ignore_ascii_case(name));
            all.0.push(SavedRoll {
                name: name.to_string(),
                expr: expr.clone(),
                note: note.clone(),
            });
            all.0.sort_by_key(|r| r.name.to_ascii_lowercase());
            all.write(c)?;
            Ok::<_, AppError>(((all.0.len(), replaced), Some(format!("save {name}"))))
        })?;
        Ok(Reply::new(
            "save",
            Kept {
                name: name.to_string(),
                expr,
                note,
                replaced,
                count,
            },
        ))
    }

    pub(super) fn saved_rolls(&mut self) -> Result<Reply> {
        let all: SavedRolls = self
            .store
            .read(|c| store::saved_rolls(c).map_err(AppError::from))?;
        Ok(Reply::new("saved", all))
    }

    pub(super) fn unsave_roll(&mut self, name: &str) -> Result<Reply> {
        let gone = self.store.change(Part::Rolls, |c| {
            let mut all = store::saved_rolls(c)?;
            let before = all.0.len();
            all.0.retain(|r| !r.name.eq_ignore_ascii_case(name));
            if all.0.len() == before {
                let names: Vec<&str> = all.0.iter().map(|r| r.name.as_str()).collect();
                return Err(invalid(format!(
                    "no saved roll '{name}'{}: `saved` lists them",
                    crate::suggest::hint(name, names)
                )));
            }
            all.write(c)?;
            Ok::<_, AppError>(((), Some(format!("unsave {name}"))))
        });
        gone?;
        Ok(Reply::new(
            "unsave",
            Forgot {
                name: name.to_string(),
            },
        ))
    }
}

/// A name: a letter (of any language: `zoë`, `ключ`), then letters,
/// digits, `-` or `_`, at most 24; never dice (`d20`) nor a word the dice
/// language uses.
fn check_name(name: &str) -> Result<()> {
    let shape = name.chars().count() <= 24
        && name.starts_with(char::is_alphabetic)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    if !shape {
        return Err(invalid(format!(
            "'{name}' cannot name a roll: a letter, then letters, digits, - or _ (at most 24)"
        )));
    }
    if dice::parse(name).is_ok()
        || dice::parse::LANGUAGE_WORDS.contains(&name.to_ascii_lowercase().as_str())
        || dice::system::NAMES.contains(&name.to_ascii_lowercase().as_str())
    {
        return Err(invalid(format!(
            "'{name}' is dice, a word of the dice language or a game system's roll (`roll sr 12`): choose another name"
        )));
    }
    Ok(())
}

/// `save NAME EXPR`: the roll kept.
#[derive(Debug, Serialize)]
struct Kept {
    name: String,
    expr: String,
    note: Option<String>,
    /// A roll of that name was there before.
    replaced: bool,
    /// Rolls saved now.
    #[serde(skip)]
    count: usize,
}

impl Show for Kept {
    fn show(&self, _: &Style) -> String {
        let name = &self.name;
        format!(
            "{} {name}: {}{}  (`roll {name}`; {} saved)",
            if self.replaced { "replaced" } else { "saved" },
            self.expr,
            self.note
                .as_ref()
                .map(|n| format!(" # {n}"))
                .unwrap_or_default(),
            self.count
        )
    }
}

/// `saved`: every saved roll, names in a column.
impl Show for SavedRolls {
    fn show(&self, _: &Style) -> String {
        if self.0.is_empty() {
            return "no saved rolls: `save attack 1d20+5 # longsword` keeps one".into();
        }
        let width = self.0.iter().map(|r| r.name.len()).max().unwrap_or(0);
        self.0
            .iter()
            .map(|r| {
                let note = r.note.as_ref().map(|n| format!("  # {n}"));
                format!("{:<width$}  {}{}", r.name, r.expr, note.unwrap_or_default())
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// `unsave NAME`.
#[derive(Debug, Serialize)]
struct Forgot {
    name: String,
}

impl Show for Forgot {
    fn show(&self, _: &Style) -> String {
        format!("forgot {}", self.name)
    }
}
