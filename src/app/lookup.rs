//! `rules`: list games, show a game or a section, search every section.

use std::cell::OnceCell;

use super::{App, Reply, Result, invalid};
use crate::rules::{self, Entry, Library};

mod replies;
use replies::{Found, GamePage, RuleList, RulePage};

/// A section of a game's rule text, loading the rules on first use (what
/// a game quotes from its rules, as a room's transition).
pub(super) fn section(
    rules: &OnceCell<Library>,
    dir: &Option<std::path::PathBuf>,
    game: &str,
    section: &str,
) -> Option<String> {
    let lib = rules.get_or_init(|| Library::load(dir.as_deref()));
    let entry = lib.find(game).ok()?;
    let s = entry.sections.iter().find(|s| s.id == section)?;
    Some(s.text.clone())
}

/// The score sheet of the game `game` names exactly, loading the rules
/// on first use (`pad new yacht`).
pub(super) fn sheet(
    rules: &OnceCell<Library>,
    dir: &Option<std::path::PathBuf>,
    game: &str,
) -> crate::games::wing::SheetFound {
    let lib = rules.get_or_init(|| Library::load(dir.as_deref()));
    lib.sheet(game)
        .map(|found| found.map(|(id, sheet)| (id, sheet.spec)))
}

impl App {
    /// The rule library, loaded on first use (start-up never pays for it).
    pub(super) fn library(&mut self) -> &Library {
        let dir = self.rules_dir.clone();
        self.rules.get_or_init(|| Library::load(dir.as_deref()))
    }

    /// Problems found while loading rules, said once per session.
    pub(super) fn rule_warnings(&mut self) -> Vec<String> {
        if self.rules_warned {
            return Vec::new();
        }
        self.rules_warned = true;
        self.library()
            .problems
            .iter()
            .map(|p| format!("warning: rules: {p}"))
            .collect()
    }

    pub(super) fn rules(&mut self, words: &[String]) -> Result<Reply> {
        let warnings = self.rule_warnings();
        let lib = self.library();
        let mut reply = match words {
            [] => Reply::new("rules", RuleList::of(lib)),
            [first, rest @ ..] if first.eq_ignore_ascii_case("search") => {
                let all = rest.iter().any(|w| w == "--all");
                let rest: Vec<String> = rest.iter().filter(|w| *w != "--all").cloned().collect();
                if rest.is_empty() {
                    return Err(invalid("rules search needs words: rules search flick coin"));
                }
                Reply::new("rules-search", Found::of(lib, &rest, all))
            }
            words => {
                let (e, section) = find_game(lib, words)?;
                if section.is_empty() {
                    Reply::new("rules", GamePage::of(lib, &e))
                } else {
                    let s = rules::find_section(&e, &section.join(" "))?;
                    Reply::new("rule", RulePage::of(&e, s))
                }
            }
        };
        reply.warnings = warnings;
        Ok(reply)
    }
}

/// The game a `rules` line names, however many words its name takes
/// (`rules slide jam setup`, `rules roll out the barrels`), and the words left
/// for the section: the longest run of leading words that names a game.
fn find_game<'a>(lib: &Library, words: &'a [String]) -> Result<(Entry, &'a [String])> {
    // The same rule as `setup`, `score` and `solve` (crate::names); an
    // unknown name gets the rule texts' own suggestions.
    match crate::names::longest(&words[0], &words[1..], |n| lib.find(n).ok()) {
        Some((e, used)) => Ok((e, &words[1 + used..])),
        None => Err(lib.find(&words[0]).expect_err("no name matched").into()),
    }
}
