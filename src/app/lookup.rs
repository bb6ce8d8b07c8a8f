//! `rules`: list games, show a game or a section, search every section.

use std::fmt::Write;

use serde_json::{Value, json};

use std::cell::OnceCell;

use super::{App, Reply, Result, invalid};
use crate::rules::{self, Entry, Library, SectionSpec};
use crate::style::{Style, Tone, wrap};

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
        let style = self.style;
        let lib = self.library();
        let mut reply = match words {
            [] => list(lib, &style),
            [first, rest @ ..] if first.eq_ignore_ascii_case("search") => {
                let all = rest.iter().any(|w| w == "--all");
                let rest: Vec<String> = rest.iter().filter(|w| *w != "--all").cloned().collect();
                if rest.is_empty() {
                    return Err(invalid("rules search needs words: rules search flick coin"));
                }
                search(lib, &rest, &style, all)
            }
            words => {
                let (e, section) = find_game(lib, words)?;
                if section.is_empty() {
                    game_page(lib, &e, &style)
                } else {
                    let s = rules::find_section(&e, &section.join(" "))?;
                    section_page(&e, s, &style)
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

fn short_time(t: &str) -> &str {
    t.split('(').next().unwrap_or(t).trim()
}

fn list(lib: &Library, style: &Style) -> Reply {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}",
        style.paint(
            "game                             players  time",
            Tone::Heading
        )
    );
    for g in &lib.games {
        let _ = writeln!(out, "{:<33}{:<9}{}", g.name, g.players, short_time(&g.time));
        if !g.parts.is_empty() {
            let ids: Vec<&str> = g.parts.iter().map(|p| p.id.as_str()).collect();
            let rooms = wrap(&format!("rooms: {}", ids.join(", ")), style.width - 2, "  ");
            let _ = writeln!(out, "  {}", rooms.replace('\n', "\n  "));
        }
    }
    out.push_str("`rules GAME` for a game, `rules search WORDS` to find a rule");
    let games: Vec<Value> = lib
        .games
        .iter()
        .map(|g| {
            json!({"id": g.id, "name": g.name, "players": g.players, "time": g.time,
                   "parts": g.parts.iter().map(|p| p.id.clone()).collect::<Vec<_>>()})
        })
        .collect();
    super::drawn("rules", out, json!({"games": games}))
}

fn game_page(lib: &Library, e: &Entry, style: &Style) -> Reply {
    let g = &lib.games[e.game];
    let mut out = String::new();
    let title = match &e.parent {
        Some(parent) => format!("{} ({parent})", e.name),
        None => e.name.clone(),
    };
    let _ = writeln!(out, "{}", style.paint(&title, Tone::Heading));
    let facts = [
        ("by", g.designer.as_str()),
        ("source", g.source.as_str()),
        ("licence", g.licence.as_str()),
        ("players", g.players.as_str()),
        ("time", g.time.as_str()),
    ];
    for (k, v) in facts {
        let _ = writeln!(out, "{}", wrap(&format!("{k}: {v}"), style.width, "  "));
    }
    if !g.equipment.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            wrap(
                &format!("needs: {}", g.equipment.join(", ")),
                style.width,
                "  "
            )
        );
    }
    let _ = writeln!(out, "\n{}\n", wrap(e.summary.trim(), style.width, ""));
    let _ = writeln!(out, "{}", style.paint("sections", Tone::Emph));
    for s in &e.sections {
        let _ = writeln!(out, "  {:<12} {}", s.id, s.title);
    }
    if e.parent.is_none() && !g.parts.is_empty() {
        let _ = writeln!(out, "{}", style.paint("rooms", Tone::Emph));
        for p in &g.parts {
            let _ = writeln!(out, "  {:<21} {}", p.id, p.name);
        }
    }
    let _ = write!(out, "`rules {} SECTION` shows one", e.id);
    let data = json!({
        "id": e.id, "name": e.name, "parent": e.parent,
        "designer": g.designer, "source": g.source, "licence": g.licence,
        "players": g.players, "time": g.time, "equipment": g.equipment,
        "summary": e.summary.trim(),
        "sections": e.sections.iter().map(|s| json!({"id": s.id, "title": s.title})).collect::<Vec<_>>(),
        "parts": if e.parent.is_none() { g.parts.iter().map(|p| p.id.clone()).collect::<Vec<_>>() } else { Vec::new() },
    });
    super::drawn("rules", out, data)
}

fn section_page(e: &Entry, s: &SectionSpec, style: &Style) -> Reply {
    let heading = format!("{}: {}", e.name, s.title);
    let out = format!(
        "{}\n{}",
        style.paint(&heading, Tone::Heading),
        rules::render_text(&s.text, style)
    );
    let data = json!({
        "game": e.id, "section": s.id, "title": s.title,
        "text": s.text.trim(), "blocks": rules::blocks(&s.text),
    });
    super::drawn("rule", out, data)
}

/// Hits shown unless `--all` is given.
const SHOWN_HITS: usize = 5;

fn search(lib: &Library, words: &[String], style: &Style, all: bool) -> Reply {
    let hits = lib.search(words);
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let mut out = String::new();
    if hits.is_empty() {
        let common = words
            .iter()
            .flat_map(|w| w.split_whitespace())
            .all(rules::is_common);
        out.push_str(&format!("nothing found for '{}'", words.join(" ")));
        if common {
            out.push_str(": common words like these are not searched for");
        }
    }
    let shown = if all { hits.len() } else { SHOWN_HITS };
    for h in hits.iter().take(shown) {
        let _ = writeln!(
            out,
            "{}",
            style.paint(
                &format!("{} {}: {} ({})", h.entry, h.section, h.title, h.entry_name),
                Tone::Heading
            )
        );
        let line = wrap(&h.line, style.width.saturating_sub(2), "  ");
        let line = if style.color {
            line.split(' ')
                .map(|w| {
                    let bare = w
                        .trim_matches(|c: char| !c.is_alphanumeric())
                        .to_lowercase();
                    if lower.iter().any(|q| bare.starts_with(q.as_str())) {
                        style.paint(w, Tone::Emph)
                    } else {
                        w.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            line
        };
        let _ = writeln!(out, "> {line}");
    }
    if hits.len() > shown {
        let _ = write!(out, "({} more: add --all to see them)", hits.len() - shown);
    }
    let out = out.trim_end().to_string();
    let data = json!({
        "query": words.join(" "),
        "hits": hits.iter().map(|h| json!({"game": h.entry, "section": h.section, "title": h.title, "score": h.score, "line": h.line})).collect::<Vec<_>>(),
    });
    super::drawn("rules-search", out, data)
}
