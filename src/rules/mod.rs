//! Rule texts: YAML files, one per game, embedded in the binary and
//! optionally overridden or extended from a directory.
//!
//! Loading is two steps: deserialize into plain spec structs, then check
//! them, collecting every problem (file, line, field) instead of stopping
//! at the first; a bad file is reported and the others still load. Only the
//! commands that need rules load them, once per process.

use std::path::Path;

use serde::Deserialize;

use crate::dice::system::declared::Declared;
use crate::dice::system::house::House;
use crate::dice::system::symbols::{KindDecl, SymbolDecl, SymbolDice};
use crate::games::Game;
use crate::sheet::{Refused, Sheet, SheetSpec};
use crate::suggest;

/// The rule files shipped inside the binary: each game's own, in the
/// order games are listed.
pub fn embedded() -> Vec<(&'static str, &'static str)> {
    Game::all()
        .filter_map(|g| g.wing().rules())
        .chain(SHEETS)
        .collect()
}

/// Games tablemate keeps the score of without following their play: a
/// rule text and a score sheet each (`pad new yacht`).
const SHEETS: [(&str, &str); 3] = [
    ("yacht.yaml", include_str!("../../rules/sheets/yacht.yaml")),
    (
        "five-hundred-rum.yaml",
        include_str!("../../rules/sheets/five-hundred-rum.yaml"),
    ),
    (
        "casino.yaml",
        include_str!("../../rules/sheets/casino.yaml"),
    ),
];

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub designer: String,
    pub source: String,
    pub licence: String,
    pub players: String,
    pub time: String,
    #[serde(default)]
    pub equipment: Vec<String>,
    pub summary: String,
    #[serde(default)]
    pub sections: Vec<SectionSpec>,
    /// Games within the game (rooms), in playing order.
    #[serde(default)]
    pub parts: Vec<PartSpec>,
    /// The game's own dice systems: `roll NAME`, `prob NAME`.
    #[serde(default)]
    pub dice: Vec<DiceSpec>,
    /// The game's score sheet: what `pad new GAME` keeps.
    #[serde(default)]
    pub scoring: Option<SheetSpec>,
}

/// A dice system a rule file declares: a total read in words (`roll`,
/// `words`; see `dice::system::house`) or symbol dice (`symbols`,
/// `kinds`, `succeeds`; see `dice::system::symbols`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceSpec {
    pub name: String,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub roll: Option<String>,
    #[serde(default)]
    pub words: Vec<WordSpec>,
    #[serde(default)]
    pub symbols: Vec<SymbolSpec>,
    #[serde(default)]
    pub kinds: Vec<KindSpec>,
    #[serde(default)]
    pub succeeds: Option<String>,
}

/// One word of a dice system: the least total it reads (none for the
/// last, which takes every total below).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WordSpec {
    #[serde(default)]
    pub at_least: Option<i64>,
    pub word: String,
}

/// One symbol of a set of symbol dice.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SymbolSpec {
    pub letter: String,
    pub name: String,
    #[serde(default)]
    pub plural: Option<String>,
    #[serde(default)]
    pub cancels: Option<String>,
    #[serde(default)]
    pub counts_as: Option<String>,
}

/// One kind of symbol die: its letter in a pool, its name, its faces.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindSpec {
    pub letter: String,
    pub name: String,
    pub faces: Vec<String>,
}

impl DiceSpec {
    /// The system, or every problem with it.
    pub fn system(&self) -> Result<Declared, Vec<String>> {
        let symbolic =
            !self.symbols.is_empty() || !self.kinds.is_empty() || self.succeeds.is_some();
        match (&self.roll, symbolic) {
            (Some(_), true) => Err(vec![
                "a system reads a total (roll, words) or symbol dice (symbols, kinds), not both"
                    .into(),
            ]),
            (None, false) => Err(vec![
                "say what is rolled: roll and words, or symbols and kinds".into(),
            ]),
            (Some(roll), false) => House::new(
                &self.name,
                self.title.as_deref(),
                roll,
                self.words
                    .iter()
                    .map(|w| (w.at_least, w.word.clone()))
                    .collect(),
            )
            .map(|h| Declared::Total(Box::new(h))),
            (None, true) if !self.words.is_empty() => Err(vec![
                "words: symbol dice read what is left of their symbols; leave out words".into(),
            ]),
            (None, true) => SymbolDice::new(
                &self.name,
                self.title.as_deref(),
                &self
                    .symbols
                    .iter()
                    .map(|s| SymbolDecl {
                        letter: &s.letter,
                        name: &s.name,
                        plural: s.plural.as_deref(),
                        cancels: s.cancels.as_deref(),
                        counts_as: s.counts_as.as_deref(),
                    })
                    .collect::<Vec<_>>(),
                &self
                    .kinds
                    .iter()
                    .map(|k| KindDecl {
                        letter: &k.letter,
                        name: &k.name,
                        faces: &k.faces,
                    })
                    .collect::<Vec<_>>(),
                self.succeeds.as_deref(),
            )
            .map(Declared::Symbols),
        }
    }

    /// What is rolled, for the game's page: the expression, or each kind
    /// of symbol die with its letter (`g good, b bad`).
    pub fn rolled(&self) -> String {
        match &self.roll {
            Some(roll) => roll.clone(),
            None => {
                let kinds: Vec<String> = self
                    .kinds
                    .iter()
                    .map(|k| format!("{} {}", k.letter, k.name))
                    .collect();
                kinds.join(", ")
            }
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartSpec {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub summary: String,
    pub sections: Vec<SectionSpec>,
    /// The part's own score sheet (a room's): `pad new slide-jam`.
    #[serde(default)]
    pub scoring: Option<SheetSpec>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionSpec {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub keywords: Vec<String>,
    /// Paragraphs separated by blank lines; `- ` starts a list item.
    pub text: String,
}

/// A game or section no name matches, and what would.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NotFound(pub String);

/// A rule file skipped, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unreadable(pub String);

impl From<String> for Unreadable {
    fn from(why: String) -> Unreadable {
        Unreadable(why)
    }
}

impl From<&str> for Unreadable {
    fn from(why: &str) -> Unreadable {
        Unreadable(why.to_string())
    }
}

/// One problem in one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub file: String,
    pub line: Option<usize>,
    pub field: String,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(l) => write!(
                f,
                "{} line {l}: {}: {}",
                self.file, self.field, self.message
            ),
            None => write!(f, "{}: {}: {}", self.file, self.field, self.message),
        }
    }
}

/// A game or a part of one (a room): what lookups return.
#[derive(Debug, Clone)]
pub struct Entry {
    pub id: String,
    pub name: String,
    pub aliases: Vec<String>,
    pub summary: String,
    pub sections: Vec<SectionSpec>,
    /// Index of the game in the library.
    pub game: usize,
    /// For a part, its game's name.
    pub parent: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct Library {
    pub games: Vec<GameSpec>,
    /// Where each game came from (file name, or path for overrides).
    pub origins: Vec<String>,
    pub problems: Vec<Problem>,
}

/// Section ids every game (or each part) must have one of, per need.
const NEEDED: &[(&str, &[&str])] = &[
    ("setup", &["setup"]),
    ("play", &["play"]),
    ("scoring or winning", &["scoring", "winning"]),
];

fn line_of(text: &str, needle: &str, after: usize) -> Option<usize> {
    text.lines()
        .enumerate()
        .skip(after.saturating_sub(1))
        .find(|(_, l)| l.contains(needle))
        .map(|(i, _)| i + 1)
}

/// Check a parsed game, reporting every problem.
fn check(game: &GameSpec, file: &str, text: &str) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut problem = |line: Option<usize>, field: &str, message: String| {
        out.push(Problem {
            file: file.to_string(),
            line,
            field: field.to_string(),
            message,
        })
    };
    for (field, value) in [
        ("id", &game.id),
        ("name", &game.name),
        ("designer", &game.designer),
        ("source", &game.source),
        ("licence", &game.licence),
        ("players", &game.players),
        ("time", &game.time),
        ("summary", &game.summary),
    ] {
        if value.trim().is_empty() {
            problem(
                line_of(text, &format!("{field}:"), 1),
                field,
                "is empty".into(),
            );
        }
    }
    if !game
        .id
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        problem(
            line_of(text, "id:", 1),
            "id",
            format!("'{}' must be lowercase letters, digits and -", game.id),
        );
    }
    let mut check_sections = |owner: &str, sections: &[SectionSpec], start: usize, need: bool| {
        let mut seen: Vec<&str> = Vec::new();
        for s in sections {
            let line = line_of(text, &format!("id: {}", s.id), start);
            if seen.contains(&s.id.as_str()) {
                problem(
                    line,
                    "sections.id",
                    format!("'{}' appears twice in {owner}", s.id),
                );
            }
            seen.push(&s.id);
            if s.title.trim().is_empty() {
                problem(
                    line,
                    "sections.title",
                    format!("section '{}' has no title", s.id),
                );
            }
            if s.text.trim().is_empty() {
                problem(
                    line,
                    "sections.text",
                    format!("section '{}' has no text", s.id),
                );
            }
        }
        if need {
            for (what, ids) in NEEDED {
                if !sections.iter().any(|s| ids.contains(&s.id.as_str())) {
                    problem(
                        Some(start),
                        "sections",
                        format!("{owner} has no {what} section (id {})", ids.join(" or ")),
                    );
                }
            }
        }
    };
    check_sections(&game.name, &game.sections, 1, game.parts.is_empty());
    for p in &game.parts {
        let start = line_of(text, &format!("id: {}", p.id), 1).unwrap_or(1);
        check_sections(&p.name, &p.sections, start, true);
    }
    let mut names: Vec<String> = Vec::new();
    for d in &game.dice {
        let line = line_of(text, &format!("name: {}", d.name), 1);
        if names.contains(&d.name.to_ascii_lowercase()) {
            problem(line, "dice.name", format!("'{}' appears twice", d.name));
        }
        names.push(d.name.to_ascii_lowercase());
        for why in d.system().err().unwrap_or_default() {
            problem(line, "dice", why);
        }
    }
    let parts = game.parts.iter().map(|p| {
        let start = line_of(text, &format!("id: {}", p.id), 1).unwrap_or(1);
        (&p.scoring, start)
    });
    for (spec, after) in std::iter::once((&game.scoring, 1)).chain(parts) {
        let Some(spec) = spec else { continue };
        let start = line_of(text, "scoring:", after).unwrap_or(after);
        match Sheet::new(spec.clone()) {
            Err(problems) => {
                for (at, why) in problems {
                    let line = line_of(text, &format!("name: {at}"), start)
                        .or_else(|| line_of(text, &format!("{at}:"), start))
                        .or(Some(start));
                    problem(line, "scoring", format!("{at}: {why}"));
                }
            }
            Ok(sheet) => {
                for ex in &spec.examples {
                    if let Err(why) = sheet.check_example(ex) {
                        let head: String = ex.what.chars().take(40).collect();
                        problem(
                            line_of(text, &format!("what: {head}"), start).or(Some(start)),
                            "scoring.examples",
                            format!("'{}': {why}", ex.what),
                        );
                    }
                }
            }
        }
    }
    out
}

/// Parse one file's text into a game, or the problems that stop it.
pub fn parse_file(file: &str, text: &str) -> Result<(GameSpec, Vec<Problem>), Vec<Problem>> {
    match serde_yaml::from_str::<GameSpec>(text) {
        Ok(game) => {
            let game = visible_spec(text).unwrap_or(game);
            let problems = check(&game, file, text);
            Ok((game, problems))
        }
        Err(e) => {
            let line = e.location().map(|l| l.line());
            let msg = e.to_string();
            // serde_yaml names the field in its message ("missing field `x`").
            let field = msg
                .split('`')
                .nth(1)
                .filter(|_| msg.contains("field"))
                .unwrap_or("(document)")
                .to_string();
            let message = msg.split(" at line ").next().unwrap_or(&msg).to_string();
            Err(vec![Problem {
                file: file.to_string(),
                line,
                field,
                message,
            }])
        }
    }
}

/// The game of a rule text that may hold control characters (written
/// raw, or as YAML escapes such as `"\e"`), with each made visible
/// (`\e`), so that a rule file cannot drive the terminal it is shown on.
/// `None` when the text can hold none: ours, and most others.
fn visible_spec(text: &str) -> Option<GameSpec> {
    let raw = text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'));
    if !raw && !text.contains('\\') {
        return None;
    }
    fn walk(v: &mut serde_yaml::Value) {
        match v {
            serde_yaml::Value::String(s) => {
                if let std::borrow::Cow::Owned(o) = crate::visible::lines(s) {
                    *s = o;
                }
            }
            serde_yaml::Value::Sequence(items) => items.iter_mut().for_each(walk),
            serde_yaml::Value::Mapping(m) => m.iter_mut().for_each(|(_, v)| walk(v)),
            serde_yaml::Value::Tagged(t) => walk(&mut t.value),
            _ => {}
        }
    }
    let mut value: serde_yaml::Value = serde_yaml::from_str(text).ok()?;
    walk(&mut value);
    serde_yaml::from_value(value).ok()
}

/// Larger than any rule text; a bigger file is skipped, not read.
const MAX_RULE_BYTES: u64 = 1 << 20;
/// Flow collections (`[ ]`, `{ }`) inside one another; rule files need a
/// level or two, and deep nesting makes the YAML parser slow.
const MAX_FLOW_DEPTH: usize = 32;

/// Read a rule file, refusing anything that could hang, flood memory or
/// stall the parser: only a regular file (a FIFO is never opened, a link
/// to /dev/zero never read), at most `MAX_RULE_BYTES`, no YAML anchors or
/// aliases (which can expand a small file enormously), and shallow flow
/// nesting.
fn read_rule_file(path: &Path) -> Result<String, Unreadable> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(|e| Unreadable(format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err("not a regular file; skipped".into());
    }
    if meta.len() > MAX_RULE_BYTES {
        return Err(format!(
            "{} bytes; a rule file is at most {MAX_RULE_BYTES}; skipped",
            meta.len()
        )
        .into());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_RULE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| Unreadable(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_RULE_BYTES {
        return Err(format!("more than {MAX_RULE_BYTES} bytes; skipped").into());
    }
    let text = String::from_utf8(bytes).map_err(|_| Unreadable::from("not UTF-8 text; skipped"))?;
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '[' | '{' => {
                depth += 1;
                if depth > MAX_FLOW_DEPTH {
                    return Err(format!(
                        "lists or maps nested more than {MAX_FLOW_DEPTH} deep; skipped"
                    )
                    .into());
                }
            }
            ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    // An alias only repeats what an anchor defines, so refusing anchors
    // (`&name` where a value starts) is enough.
    let anchor = text.lines().enumerate().find(|(_, line)| {
        let rest = line.trim_start().trim_start_matches("- ");
        let value = rest.split_once(": ").map_or(rest, |(_, v)| v.trim_start());
        let starts = [rest, value]
            .into_iter()
            .chain(line.split(['[', '{', ',']).skip(1).map(str::trim_start));
        starts.into_iter().any(|v| {
            let mut c = v.chars();
            c.next() == Some('&') && c.next().is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    });
    if let Some((n, _)) = anchor {
        return Err(format!(
            "line {}: YAML anchors (&name) are not used in rule files; skipped",
            n + 1
        )
        .into());
    }
    Ok(text)
}

impl Library {
    /// The embedded rules, plus `*.yaml` files from `extra` (a file whose
    /// id matches an embedded game replaces it).
    pub fn load(extra: Option<&Path>) -> Library {
        let mut lib = Library::default();
        for (file, text) in embedded() {
            lib.add(file, text);
        }
        if let Some(dir) = extra {
            match std::fs::read_dir(dir) {
                Ok(entries) => {
                    let mut paths: Vec<_> = entries
                        .filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
                        .collect();
                    paths.sort();
                    for p in paths {
                        let name = p.display().to_string();
                        match read_rule_file(&p) {
                            Ok(text) => lib.add(&name, &text),
                            Err(why) => lib.problems.push(Problem {
                                file: name,
                                line: None,
                                field: "(file)".into(),
                                message: why.0,
                            }),
                        }
                    }
                }
                Err(e) => lib.problems.push(Problem {
                    file: dir.display().to_string(),
                    line: None,
                    field: "(directory)".into(),
                    message: format!("cannot read the rules directory: {e}"),
                }),
            }
        }
        lib
    }

    fn add(&mut self, file: &str, text: &str) {
        match parse_file(file, text) {
            Ok((game, problems)) => {
                self.problems.extend(problems);
                if let Some(i) = self.games.iter().position(|g| g.id == game.id) {
                    self.games[i] = game;
                    self.origins[i] = file.to_string();
                } else {
                    self.games.push(game);
                    self.origins.push(file.to_string());
                }
            }
            Err(problems) => self.problems.extend(problems),
        }
    }

    /// The dice system a rule file declares under `name` (the first, if
    /// two do), or why it cannot be rolled.
    pub fn house(&self, name: &str) -> Option<Result<Declared, String>> {
        let (i, spec) = self
            .games
            .iter()
            .enumerate()
            .flat_map(|(i, g)| g.dice.iter().map(move |d| (i, d)))
            .find(|(_, d)| d.name.eq_ignore_ascii_case(name))?;
        Some(spec.system().map_err(|problems| {
            format!(
                "'{}' in {} is not rolled until it is mended: {}",
                spec.name,
                self.origins[i],
                problems.join("; ")
            )
        }))
    }

    /// The score sheet of the game or part (a room) `name` names exactly
    /// (its id, name or an alias; no typo forgiven: a pad's game may be
    /// any name): `None` for no such game or one without a sheet, `Err`
    /// when its sheet does not check.
    pub fn sheet(&self, name: &str) -> Result<Option<(String, Sheet)>, Refused> {
        let key = normalise(name);
        let Some(entry) = self
            .entries()
            .into_iter()
            .find(|e| answers_to(&e.id, &e.name, &e.aliases).contains(&key))
        else {
            return Ok(None);
        };
        let i = entry.game;
        let game = &self.games[i];
        let scoring = match &entry.parent {
            None => &game.scoring,
            Some(_) => match game.parts.iter().find(|p| p.id == entry.id) {
                Some(part) => &part.scoring,
                None => return Ok(None),
            },
        };
        let Some(spec) = scoring else {
            return Ok(None);
        };
        Sheet::new(spec.clone())
            .map(|s| Some((entry.id.clone(), s)))
            .map_err(|problems| {
                Refused(format!(
                    "{}'s score sheet ({}) is not used until it is mended: {}",
                    entry.name,
                    self.origins[i],
                    problems
                        .iter()
                        .map(|(at, why)| format!("{at}: {why}"))
                        .collect::<Vec<_>>()
                        .join("; ")
                ))
            })
    }

    /// Every game and every part, as lookup entries.
    pub fn entries(&self) -> Vec<Entry> {
        let mut out = Vec::new();
        for (i, g) in self.games.iter().enumerate() {
            out.push(Entry {
                id: g.id.clone(),
                name: g.name.clone(),
                aliases: g.aliases.clone(),
                summary: g.summary.clone(),
                sections: g.sections.clone(),
                game: i,
                parent: None,
            });
            for p in &g.parts {
                out.push(Entry {
                    id: p.id.clone(),
                    name: p.name.clone(),
                    aliases: p.aliases.clone(),
                    summary: p.summary.clone(),
                    sections: p.sections.clone(),
                    game: i,
                    parent: Some(g.name.clone()),
                });
            }
        }
        out
    }

    /// Find a game or part by id, name or alias; forgiving of case, spaces
    /// and small typos.
    pub fn find(&self, name: &str) -> Result<Entry, NotFound> {
        let entries = self.entries();
        let key = normalise(name);
        let names = |e: &Entry| answers_to(&e.id, &e.name, &e.aliases);
        if let Some(e) = entries.iter().find(|e| names(e).contains(&key)) {
            return Ok(e.clone());
        }
        let all: Vec<(String, usize)> = entries
            .iter()
            .enumerate()
            .flat_map(|(i, e)| names(e).into_iter().map(move |n| (n, i)))
            .collect();
        let close = suggest::nearest(&key, all.iter().map(|(n, _)| n.as_str()));
        let mut hits: Vec<usize> = close
            .iter()
            .filter_map(|c| all.iter().find(|(n, _)| n == c).map(|(_, i)| *i))
            .collect();
        hits.dedup();
        match hits.as_slice() {
            [one] => Ok(entries[*one].clone()),
            [] => Err(NotFound(format!(
                "no game called '{name}' (`rules` lists them)"
            ))),
            many => Err(NotFound(format!(
                "no game called '{name}'; did you mean {}?",
                many.iter()
                    .map(|&i| format!("'{}'", entries[i].id))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ))),
        }
    }

    /// Rank sections across every game and part by how well they match.
    pub fn search(&self, words: &[String]) -> Vec<Hit> {
        let query = Query::new(words);
        let terms = &query.terms;
        if terms.is_empty() {
            return Vec::new();
        }
        let mut hits = Vec::new();
        for e in self.entries() {
            for s in &e.sections {
                let title = tokens(&s.title);
                let tags: Vec<String> = s
                    .keywords
                    .iter()
                    .chain(&s.aliases)
                    .flat_map(|k| tokens(k))
                    .collect();
                let body = tokens(&s.text);
                let mut score = 0.0;
                let mut matched = 0;
                for t in terms {
                    let in_title = title.iter().filter(|w| *w == t).count() as f64;
                    let in_tags = tags.iter().filter(|w| *w == t).count() as f64;
                    let in_body = body.iter().filter(|w| *w == t).count() as f64;
                    if in_title + in_tags + in_body > 0.0 {
                        matched += 1;
                    }
                    score += 4.0 * in_title.min(1.0) + 3.0 * in_tags.min(1.0) + in_body.min(5.0);
                }
                if matched == 0 {
                    continue;
                }
                // Sections that hold every word rank above those holding some,
                // and a quoted phrase found as written above its words apart.
                score *= matched as f64 / terms.len() as f64;
                let phrases = query
                    .phrases
                    .iter()
                    .filter(|p| contains_run(&body, p) || contains_run(&title, p))
                    .count();
                score += 6.0 * phrases as f64;
                let line = best_line(&s.text, &query);
                hits.push(Hit {
                    entry: e.id.clone(),
                    entry_name: e.name.clone(),
                    section: s.id.clone(),
                    title: s.title.clone(),
                    score,
                    line,
                });
            }
        }
        hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.entry.cmp(&b.entry)));
        hits
    }
}

/// A search result: which section, how well it matched, and its best line.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Hit {
    #[serde(rename = "game")]
    pub entry: String,
    #[serde(skip)]
    pub entry_name: String,
    pub section: String,
    pub title: String,
    pub score: f64,
    pub line: String,
}

fn normalise(s: &str) -> String {
    s.trim()
        .to_lowercase()
        .replace([' ', '_'], "-")
        .replace('\'', "")
}

/// Every name something answers to, normalised: its id, its name or
/// title, its aliases.
fn answers_to(id: &str, name: &str, aliases: &[String]) -> Vec<String> {
    std::iter::once(id.to_string())
        .chain(std::iter::once(normalise(name)))
        .chain(aliases.iter().map(|a| normalise(a)))
        .collect()
}

/// A crude stem, so "coins" finds "coin" and "counts" finds "count".
fn stem(w: &str) -> String {
    let w: String = w.chars().filter(|c| c.is_alphanumeric()).collect();
    if w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") {
        w[..w.len() - 1].to_string()
    } else {
        w
    }
}

fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| stem(&w.to_lowercase()))
        .collect()
}

/// Words too common to find anything by: never searched for.
const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "for", "from", "how", "i", "if",
    "in", "is", "it", "its", "my", "of", "on", "or", "that", "the", "then", "this", "to", "what",
    "when", "with", "you", "your",
];

pub fn is_common(word: &str) -> bool {
    STOP_WORDS.contains(&word.to_lowercase().as_str())
}

/// A search as the player typed it: the words that count (stemmed, common
/// words dropped), and each quoted phrase as a run of words. A word that
/// holds spaces is a phrase (the shell or the REPL kept quotes together);
/// stray quote marks are dropped.
struct Query {
    terms: Vec<String>,
    phrases: Vec<Vec<String>>,
}

impl Query {
    fn new(words: &[String]) -> Query {
        let cleaned: Vec<String> = words
            .iter()
            .map(|w| w.replace(['"', '\u{201c}', '\u{201d}'], ""))
            .collect();
        let useful: Vec<String> = cleaned
            .iter()
            .flat_map(|w| tokens(w))
            .filter(|t| !is_common(t))
            .collect();
        let mut terms = useful;
        terms.dedup();
        let phrases = cleaned
            .iter()
            .map(|w| tokens(w))
            .filter(|t| t.len() > 1)
            .collect();
        Query { terms, phrases }
    }
}

/// Whether `words` holds `run` as consecutive words.
fn contains_run(words: &[String], run: &[String]) -> bool {
    !run.is_empty() && words.windows(run.len()).any(|w| w == run)
}

/// The whole sentence of `text` that best matches: the most query words,
/// then a quoted phrase as written, then the query's words closest
/// together. Sentences end at '.', ';' or '!' (a colon introduces what
/// follows, so it does not end one). With no sentence holding a word (the
/// section matched on its title), its first sentence.
fn best_line(text: &str, query: &Query) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let sentences: Vec<&str> = flat
        .split_inclusive(['.', ';', '!'])
        .map(|s| s.trim().trim_start_matches("- "))
        .filter(|s| s.chars().any(char::is_alphanumeric))
        .collect();
    let rank = |sentence: &str| {
        let toks = tokens(sentence);
        // "fall" finds "falling" and "fell" is lost: a word that begins
        // with a query word counts, for words of three letters or more.
        let has = |t: &String| {
            toks.iter()
                .any(|w| w == t || (t.len() >= 3 && w.starts_with(t.as_str())))
        };
        let found = query.terms.iter().filter(|t| has(t)).count();
        let phrase = query
            .phrases
            .iter()
            .filter(|p| contains_run(&toks, p))
            .count();
        // The narrowest window of words holding every found term.
        let places: Vec<usize> = toks
            .iter()
            .enumerate()
            .filter(|(_, w)| {
                query
                    .terms
                    .iter()
                    .any(|t| *w == t || (t.len() >= 3 && w.starts_with(t.as_str())))
            })
            .map(|(i, _)| i)
            .collect();
        let spread = match (places.first(), places.last()) {
            (Some(a), Some(b)) => b - a,
            _ => usize::MAX,
        };
        (found, phrase, std::cmp::Reverse(spread))
    };
    let mut best: Option<(_, &str)> = None;
    for s in &sentences {
        let r = rank(s);
        if r.0 > 0 && best.as_ref().is_none_or(|(b, _)| r > *b) {
            best = Some((r, s));
        }
    }
    best.map(|(_, s)| s)
        .or(sentences.first().copied())
        .unwrap_or_default()
        .to_string()
}

/// Find a section of an entry by id, title or alias (typos forgiven).
pub fn find_section<'a>(e: &'a Entry, name: &str) -> Result<&'a SectionSpec, NotFound> {
    let key = normalise(name);
    let names = |s: &SectionSpec| answers_to(&s.id, &s.title, &s.aliases);
    if let Some(s) = e.sections.iter().find(|s| names(s).contains(&key)) {
        return Ok(s);
    }
    let all: Vec<String> = e.sections.iter().flat_map(names).collect();
    let close = suggest::nearest(&key, all.iter().map(String::as_str));
    if let Some(first) = close.first()
        && let Some(s) = e
            .sections
            .iter()
            .find(|s| names(s).iter().any(|n| n == first))
    {
        return Ok(s);
    }
    Err(NotFound(format!(
        "{} has no section '{name}': {}",
        e.name,
        e.sections
            .iter()
            .map(|s| s.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_file_reports_every_problem() {
        let text = "id: Bad Id\nname: x\ndesigner: ''\nsource: s\nlicence: l\nplayers: '1'\ntime: t\nsummary: s\nsections:\n  - id: setup\n    title: Setup\n    text: do it\n";
        let (_, problems) = parse_file("bad.yaml", text).unwrap();
        let shown: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        assert!(
            shown.contains(&"bad.yaml line 3: designer: is empty".to_string()),
            "{shown:?}"
        );
        assert!(
            shown.iter().any(|p| p.contains("line 1: id: 'Bad Id'")),
            "{shown:?}"
        );
        assert!(
            shown.iter().any(|p| p.contains("no play section")),
            "{shown:?}"
        );
        assert!(
            shown
                .iter()
                .any(|p| p.contains("no scoring or winning section")),
            "{shown:?}"
        );
        let broken = parse_file("broken.yaml", "id: x\nname: [unclosed\n").unwrap_err();
        assert_eq!(broken[0].file, "broken.yaml");
        assert!(broken[0].line.is_some());
        let missing = parse_file("m.yaml", "id: x\nname: y\n").unwrap_err();
        assert_eq!(missing[0].field, "designer", "{:?}", missing[0]);
    }
}
