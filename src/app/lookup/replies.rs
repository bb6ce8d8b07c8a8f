//! What `rules` answers: the game list, a game's page, a section, and
//! search hits, each drawn from its fields.

use std::fmt::Write;

use serde::Serialize;

use crate::reply::Show;
use crate::rules::{self, Entry, Hit, Library, SectionSpec};
use crate::style::{Style, Tone, wrap};

/// One game in the list.
#[derive(Debug, Serialize)]
struct Listed {
    id: String,
    name: String,
    players: String,
    time: String,
    /// Its rooms' ids.
    parts: Vec<String>,
}

/// `rules`: every game there are rules for.
#[derive(Debug, Serialize)]
pub(super) struct RuleList {
    games: Vec<Listed>,
}

impl RuleList {
    pub fn of(lib: &Library) -> RuleList {
        RuleList {
            games: lib
                .games
                .iter()
                .map(|g| Listed {
                    id: g.id.clone(),
                    name: g.name.clone(),
                    players: g.players.clone(),
                    time: g.time.clone(),
                    parts: g.parts.iter().map(|p| p.id.clone()).collect(),
                })
                .collect(),
        }
    }
}

impl Show for RuleList {
    fn show(&self, style: &Style) -> String {
        let mut out = String::new();
        let heading = "game                             players  time";
        let _ = writeln!(out, "{}", style.paint(heading, Tone::Heading));
        for g in &self.games {
            let _ = writeln!(out, "{:<33}{:<9}{}", g.name, g.players, short_time(&g.time));
            if !g.parts.is_empty() {
                let rooms = format!("rooms: {}", g.parts.join(", "));
                let rooms = wrap(&rooms, style.width - 2, "  ");
                let _ = writeln!(out, "  {}", rooms.replace('\n', "\n  "));
            }
        }
        out.push_str("`rules GAME` for a game, `rules search WORDS` to find a rule");
        out
    }
}

/// "30 minutes", without what follows in brackets.
fn short_time(t: &str) -> &str {
    t.split('(').next().unwrap_or(t).trim()
}

/// A section as the page lists it.
#[derive(Debug, Serialize)]
struct SectionName {
    id: String,
    title: String,
}

/// `rules GAME`: the game's facts, summary, sections and rooms.
#[derive(Debug, Serialize)]
pub(super) struct GamePage {
    id: String,
    name: String,
    parent: Option<String>,
    designer: String,
    source: String,
    licence: String,
    players: String,
    time: String,
    equipment: Vec<String>,
    summary: String,
    sections: Vec<SectionName>,
    /// Its rooms' ids (none on a room's own page).
    parts: Vec<String>,
    /// The rooms' names, beside `parts`.
    #[serde(skip)]
    part_names: Vec<String>,
    /// The game's own dice systems (`roll NAME`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    dice: Vec<DiceName>,
    /// Its score sheet's rows (`pad new GAME` keeps it).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sheet: Vec<SheetRow>,
    /// Who wins by the sheet, said.
    #[serde(skip_serializing_if = "Option::is_none")]
    sheet_wins: Option<String>,
}

/// A row of a game's score sheet, as its page lists it.
#[derive(Debug, Serialize)]
struct SheetRow {
    category: String,
    /// What is entered (`5 numbers from 1 to 6`), or that it is worked out.
    takes: String,
    formula: Option<String>,
}

/// A dice system a game declares, as its page lists it.
#[derive(Debug, Serialize)]
struct DiceName {
    name: String,
    title: Option<String>,
    roll: String,
}

impl GamePage {
    pub fn of(lib: &Library, e: &Entry) -> GamePage {
        let g = &lib.games[e.game];
        let sheet = match &e.parent {
            None => g.scoring.as_ref(),
            Some(_) => g
                .parts
                .iter()
                .find(|p| p.id == e.id)
                .and_then(|p| p.scoring.as_ref()),
        };
        let rooms = if e.parent.is_none() {
            g.parts.as_slice()
        } else {
            &[]
        };
        GamePage {
            id: e.id.clone(),
            name: e.name.clone(),
            parent: e.parent.clone(),
            designer: g.designer.clone(),
            source: g.source.clone(),
            licence: g.licence.clone(),
            players: g.players.clone(),
            time: g.time.clone(),
            equipment: g.equipment.clone(),
            summary: e.summary.trim().to_string(),
            sections: e
                .sections
                .iter()
                .map(|s| SectionName {
                    id: s.id.clone(),
                    title: s.title.clone(),
                })
                .collect(),
            parts: rooms.iter().map(|p| p.id.clone()).collect(),
            part_names: rooms.iter().map(|p| p.name.clone()).collect(),
            dice: if e.parent.is_none() {
                g.dice
                    .iter()
                    .map(|d| DiceName {
                        name: d.name.clone(),
                        title: d.title.clone(),
                        roll: d.rolled(),
                    })
                    .collect()
            } else {
                Vec::new()
            },
            sheet_wins: sheet.map(crate::sheet::who_wins),
            sheet: {
                sheet.map_or_else(Vec::new, |spec| {
                    spec.categories
                        .iter()
                        .map(|c| SheetRow {
                            category: c.name.clone(),
                            takes: crate::sheet::takes(c),
                            formula: c.formula.clone(),
                        })
                        .collect()
                })
            },
        }
    }
}

impl Show for GamePage {
    fn show(&self, style: &Style) -> String {
        let mut out = String::new();
        let title = match &self.parent {
            Some(parent) => format!("{} ({parent})", self.name),
            None => self.name.clone(),
        };
        let _ = writeln!(out, "{}", style.paint(&title, Tone::Heading));
        let facts = [
            ("by", &self.designer),
            ("source", &self.source),
            ("licence", &self.licence),
            ("players", &self.players),
            ("time", &self.time),
        ];
        for (k, v) in facts {
            let _ = writeln!(out, "{}", wrap(&format!("{k}: {v}"), style.width, "  "));
        }
        if !self.equipment.is_empty() {
            let needs = format!("needs: {}", self.equipment.join(", "));
            let _ = writeln!(out, "{}", wrap(&needs, style.width, "  "));
        }
        let _ = writeln!(out, "\n{}\n", wrap(&self.summary, style.width, ""));
        let _ = writeln!(out, "{}", style.paint("sections", Tone::Emph));
        for s in &self.sections {
            let _ = writeln!(out, "  {:<12} {}", s.id, s.title);
        }
        if !self.parts.is_empty() {
            let _ = writeln!(out, "{}", style.paint("rooms", Tone::Emph));
            for (id, name) in self.parts.iter().zip(&self.part_names) {
                let _ = writeln!(out, "  {id:<21} {name}");
            }
        }
        if !self.dice.is_empty() {
            let _ = writeln!(
                out,
                "{}",
                style.paint("dice (roll NAME, prob NAME)", Tone::Emph)
            );
            for d in &self.dice {
                let what = match &d.title {
                    Some(t) => format!("{t}: {}", d.roll),
                    None => d.roll.clone(),
                };
                let _ = writeln!(out, "  {:<12} {what}", d.name);
            }
        }
        if !self.sheet.is_empty() {
            let head = format!("score sheet (pad new {})", self.id);
            let _ = writeln!(out, "{}", style.paint(&head, Tone::Emph));
            for r in &self.sheet {
                let row = match (&r.formula, r.takes.as_str()) {
                    (Some(f), "nothing: it is worked out") => format!("{}: {f}", r.category),
                    (Some(f), takes) => format!("{}: {takes}; {f}", r.category),
                    (None, takes) => format!("{}: {takes}", r.category),
                };
                let row = wrap(&row, style.width.saturating_sub(2), "    ");
                let _ = writeln!(out, "  {row}");
            }
            if let Some(wins) = &self.sheet_wins {
                let _ = writeln!(
                    out,
                    "  {}",
                    wrap(wins, style.width.saturating_sub(2), "    ")
                );
            }
        }
        let _ = write!(out, "`rules {} SECTION` shows one", self.id);
        out
    }
}

/// `rules GAME SECTION`: one section's text.
#[derive(Debug, Serialize)]
pub(super) struct RulePage {
    game: String,
    section: String,
    title: String,
    text: String,
    blocks: Vec<String>,
    /// The game's name, for the heading.
    #[serde(skip)]
    name: String,
}

impl RulePage {
    pub fn of(e: &Entry, s: &SectionSpec) -> RulePage {
        RulePage {
            game: e.id.clone(),
            section: s.id.clone(),
            title: s.title.clone(),
            text: s.text.trim().to_string(),
            blocks: crate::prose::blocks(&s.text),
            name: e.name.clone(),
        }
    }
}

impl Show for RulePage {
    fn show(&self, style: &Style) -> String {
        let heading = format!("{}: {}", self.name, self.title);
        format!(
            "{}\n{}",
            style.paint(&heading, Tone::Heading),
            crate::prose::render_text(&self.text, style)
        )
    }
}

/// Hits shown unless `--all` is given.
const SHOWN_HITS: usize = 5;

/// `rules search WORDS`: the sections that match, best first.
#[derive(Debug, Serialize)]
pub(super) struct Found {
    query: String,
    hits: Vec<Hit>,
    /// The words searched for, lower case, to mark in the lines.
    #[serde(skip)]
    words: Vec<String>,
    /// Every hit is shown, not only the first few.
    #[serde(skip)]
    all: bool,
}

impl Found {
    pub fn of(lib: &Library, words: &[String], all: bool) -> Found {
        Found {
            query: words.join(" "),
            hits: lib.search(words),
            words: words.iter().map(|w| w.to_lowercase()).collect(),
            all,
        }
    }
}

impl Show for Found {
    fn show(&self, style: &Style) -> String {
        let mut out = String::new();
        if self.hits.is_empty() {
            let nothing = format!("nothing found for '{}'", self.query);
            out.push_str(&crate::style::clip_quoted(&nothing));
            let mut words = self.words.iter().flat_map(|w| w.split_whitespace());
            if words.all(rules::is_common) {
                out.push_str(": common words like these are not searched for");
            }
        }
        let shown = if self.all {
            self.hits.len()
        } else {
            SHOWN_HITS
        };
        for h in self.hits.iter().take(shown) {
            let heading = format!("{} {}: {} ({})", h.entry, h.section, h.title, h.entry_name);
            let _ = writeln!(out, "{}", style.paint(&heading, Tone::Heading));
            let line = wrap(&h.line, style.width.saturating_sub(2), "  ");
            let line = if style.color {
                self.mark(&line, style)
            } else {
                line
            };
            let _ = writeln!(out, "> {line}");
        }
        if self.hits.len() > shown {
            let more = self.hits.len() - shown;
            let _ = write!(out, "({more} more: add --all to see them)");
        }
        out.trim_end().to_string()
    }
}

impl Found {
    /// The line with each word that starts like a searched word marked.
    fn mark(&self, line: &str, style: &Style) -> String {
        line.split(' ')
            .map(|w| {
                let bare = w
                    .trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase();
                if self.words.iter().any(|q| bare.starts_with(q.as_str())) {
                    style.paint(w, Tone::Emph)
                } else {
                    w.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}
