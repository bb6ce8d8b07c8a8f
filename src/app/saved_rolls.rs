//! `save`, `saved` and `unsave`: rolls kept by name in the store.

use serde_json::json;

use super::{App, AppError, Reply, Result, invalid};
use crate::dice;
use crate::store::{self, Part, PartDoc, SavedRoll, SavedRolls};

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
        let text = format!(
            "{} {name}: {expr}{}  (`roll {name}`; {count} saved)",
            if replaced { "replaced" } else { "saved" },
            note.as_ref().map(|n| format!(" # {n}")).unwrap_or_default()
        );
        Ok(super::drawn(
            "save",
            text,
            json!({"name": name, "expr": expr, "note": note, "replaced": replaced}),
        ))
    }

    pub(super) fn saved_rolls(&mut self) -> Result<Reply> {
        let all: SavedRolls = self
            .store
            .read(|c| store::saved_rolls(c).map_err(AppError::from))?;
        if all.0.is_empty() {
            return Ok(super::drawn(
                "saved",
                "no saved rolls: `save attack 1d20+5 # longsword` keeps one".into(),
                json!([]),
            ));
        }
        let width = all.0.iter().map(|r| r.name.len()).max().unwrap_or(0);
        let text = all
            .0
            .iter()
            .map(|r| {
                format!(
                    "{:<width$}  {}{}",
                    r.name,
                    r.expr,
                    r.note
                        .as_ref()
                        .map(|n| format!("  # {n}"))
                        .unwrap_or_default()
                )
            })
            .collect::<Vec<_>>()
            .join("\n");
        Ok(super::drawn("saved", text, json!(all)))
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
        Ok(super::drawn(
            "unsave",
            format!("forgot {name}"),
            json!({ "name": name }),
        ))
    }
}

/// A name: a letter, then letters, digits, `-` or `_`, at most 24; never
/// dice (`d20`) nor a word the dice language uses.
fn check_name(name: &str) -> Result<()> {
    let shape = name.len() <= 24
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !shape {
        return Err(invalid(format!(
            "'{name}' cannot name a roll: a letter, then letters, digits, - or _ (at most 24)"
        )));
    }
    if dice::parse(name).is_ok()
        || dice::parse::LANGUAGE_WORDS.contains(&name.to_ascii_lowercase().as_str())
    {
        return Err(invalid(format!(
            "'{name}' is dice or a word of the dice language: choose another name"
        )));
    }
    Ok(())
}
