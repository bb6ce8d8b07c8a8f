//! Score sheets: a game's scoring written as data in its rule file
//! (`scoring:`), checked when the file loads, and worked out for a pad.
//!
//! A sheet has categories (what is entered for each, and a formula in
//! the small language of [`formula`]), a rule for who wins (highest,
//! lowest, or the table together against a goal) and tie-breaks in
//! order. Plain data and arithmetic, free of I/O: the rule files are read
//! by `rules`, the pads kept by the store.

pub mod asking;
mod examples;
pub mod formula;
pub mod standing;

use std::cell::RefCell;
use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use formula::{Expr, Fault, Kind, Value};
pub use standing::Standing;

/// Most categories on one sheet.
pub const MOST_CATEGORIES: usize = 40;
/// Longest category name.
const LONGEST_NAME: usize = 24;
/// The largest number one entry may be, either way.
pub const LARGEST_ENTRY: i64 = 1_000_000_000;
/// Words an entry is written with, which no category may be called (in
/// `pad ann left none bonus yes` they end an entry, not start one).
pub const ENTRY_WORDS: [&str; 7] = ["yes", "no", "y", "n", "true", "false", "none"];
/// Most numbers in one list entry.
pub const LONGEST_LIST: usize = 100;

/// Who wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum WinRule {
    #[default]
    Highest,
    Lowest,
    /// Everyone wins or loses together: the table's total against `goal`.
    Together,
}

/// What is entered for a category.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Enter {
    /// A whole number, negative as well.
    #[serde(rename = "number")]
    Number,
    /// A count: 0 or more.
    #[serde(rename = "count")]
    Count,
    /// Yes or no (1 or 0 in formulas).
    #[serde(rename = "yes/no")]
    YesNo,
    /// A list of whole numbers (the dice rolled, the lengths of routes).
    #[serde(rename = "list")]
    List,
}

/// Whether a category is scored once a game or every round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Per {
    #[default]
    Game,
    Round,
}

/// One row of a sheet, as written in a rule file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CategorySpec {
    /// Its name in formulas and at the pad: `full_house` (typed
    /// `full-house` as well).
    pub name: String,
    /// How the sheet heads its row (its name, when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// What is entered; none: the formula works it out from other rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enter: Option<Enter>,
    /// For a list: exactly this many numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// The least and the greatest number entered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// Its score from its entry (`it`) and other rows; none: the entry,
    /// a number, is the score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formula: Option<String>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub per: Per,
    /// Shown, but not added to the total (it adds up other rows).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub subtotal: bool,
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

/// A rule file's `scoring:`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetSpec {
    #[serde(default)]
    pub wins: WinRule,
    /// A total that ends the game when a round that reaches it is whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at: Option<i64>,
    /// What the table's total must reach to win together.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<i64>,
    /// What a player must have done to win at all, a formula over the
    /// categories (`out`, `home and buddies == 2`): the best total wins
    /// among those it holds for, and no one when it holds for no one; a
    /// table playing together wins when it holds for everyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_win: Option<String>,
    pub categories: Vec<CategorySpec>,
    /// In order: `most NAME`, `fewest NAME`, `shared` (the default when
    /// every one is used up: the tied share the place).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ties: Vec<String>,
    /// Worked examples, checked when the file loads (not kept in pads).
    #[serde(default, skip_serializing)]
    pub examples: Vec<Example>,
}

/// A worked example: the entries of a game (or each round's) and the
/// totals and winners they make.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Example {
    pub what: String,
    /// One game's entries: player -> category -> entry.
    #[serde(default)]
    pub entries: Option<serde_yaml::Mapping>,
    /// Each round's entries, for a sheet scored by rounds.
    #[serde(default)]
    pub rounds: Vec<serde_yaml::Mapping>,
    pub totals: serde_yaml::Mapping,
    pub winners: Vec<String>,
}

/// What a sheet refuses (a category mistyped, an entry it does not
/// take, a worked example that does not work out), said.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

impl From<String> for Refused {
    fn from(why: String) -> Refused {
        Refused(why)
    }
}

fn no<T>(why: String) -> Result<T, Refused> {
    Err(Refused(why))
}

/// A tie-break, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tie {
    /// The better score in a category (`most` higher, `fewest` lower).
    Most(usize),
    Fewest(usize),
    Shared,
}

/// A sheet checked and read: its spec and its formulas.
#[derive(Debug, Clone)]
pub struct Sheet {
    pub spec: SheetSpec,
    formulas: Vec<Option<Expr>>,
    to_win: Option<Expr>,
    pub ties: Vec<Tie>,
}

/// The entries of a pad kept by a sheet: `[round][category][player]`
/// (a sheet scored once a game has one round).
pub type Entries = Vec<Vec<Vec<Option<Value>>>>;

impl Sheet {
    /// Read and check a spec, naming every problem: each is the
    /// category (or `ties`, `wins`) it is in and what is wrong.
    pub fn new(spec: SheetSpec) -> Result<Sheet, Vec<(String, String)>> {
        let mut problems: Vec<(String, String)> = Vec::new();
        let cats = &spec.categories;
        if cats.is_empty() {
            problems.push((
                "categories".into(),
                "a sheet has one category or more".into(),
            ));
        }
        if cats.len() > MOST_CATEGORIES {
            problems.push((
                "categories".into(),
                format!(
                    "{} categories: a sheet has at most {MOST_CATEGORIES}",
                    cats.len()
                ),
            ));
        }
        for (i, c) in cats.iter().enumerate() {
            let mut say = |why: String| problems.push((c.name.clone(), why));
            if let Some(why) = name_problem(&c.name) {
                say(why);
            }
            if cats[..i].iter().any(|d| d.name == c.name) {
                say("is named twice".into());
            }
            match (c.enter, &c.formula) {
                (None, None) => say(
                    "has neither enter: nor formula: (what is entered, or how it is worked out)"
                        .into(),
                ),
                (Some(Enter::List), None) => say(
                    "enters a list, so it needs a formula to make a number of it (sum(it))".into(),
                ),
                _ => {}
            }
            if c.size.is_some() && c.enter != Some(Enter::List) {
                say("size: is for a list (enter: list)".into());
            }
            if c.enter.is_none() && (c.min.is_some() || c.max.is_some()) {
                say("min: and max: bound what is entered, and nothing is (no enter:)".into());
            }
            if let (Some(lo), Some(hi)) = (c.min, c.max)
                && lo > hi
            {
                say(format!("min: {lo} is above max: {hi}"));
            }
            if c.size.is_some_and(|s| s == 0 || s > LONGEST_LIST) {
                say(format!("size: a list holds 1 to {LONGEST_LIST} numbers"));
            }
        }
        let formulas: Vec<Option<Expr>> = cats
            .iter()
            .map(|c| {
                let text = c.formula.as_deref()?;
                match formula::parse(text).and_then(|e| {
                    let kind = formula::check(&e, &Scope { spec: &spec, at: c })?;
                    if kind == Kind::List {
                        return Err(Fault(
                            "it makes a list; a score is a number (sum(it))".into(),
                        ));
                    }
                    Ok(e)
                }) {
                    Ok(e) => Some(e),
                    Err(f) => {
                        problems.push((c.name.clone(), format!("formula `{text}`: {f}")));
                        None
                    }
                }
            })
            .collect();
        if problems.is_empty()
            && let Some(cycle) = cycle(cats, &formulas)
        {
            problems.push((
                cycle[0].clone(),
                format!(
                    "its formula comes back to itself: {} (a formula cannot loop)",
                    cycle.join(" -> ")
                ),
            ));
        }
        // `to_win` reads the game's categories; `it` is no one's entry.
        let whole_game = CategorySpec {
            name: "to_win".into(),
            title: None,
            enter: None,
            size: None,
            min: None,
            max: None,
            formula: None,
            per: Per::Game,
            subtotal: false,
        };
        let to_win = spec.to_win.as_deref().and_then(|text| {
            let read = formula::parse(text).and_then(|e| {
                let scope = Scope {
                    spec: &spec,
                    at: &whole_game,
                };
                match formula::check(&e, &scope)? {
                    Kind::List => Err(Fault(
                        "it makes a list; to win is a yes or no (count(it) > 0)".into(),
                    )),
                    Kind::Number => Ok(e),
                }
            });
            read.map_err(|f| problems.push(("to_win".into(), format!("`{text}`: {f}"))))
                .ok()
        });
        match (spec.wins, spec.goal, spec.ends_at) {
            (WinRule::Together, None, _) if spec.to_win.is_none() => problems.push((
                "goal".into(),
                "wins: together needs goal: (the total the table must reach) or to_win: (what each must do)".into(),
            )),
            (WinRule::Highest | WinRule::Lowest, Some(_), _) => problems.push((
                "goal".into(),
                "goal: is the table's target when it wins together; ends_at: is a total that ends the game".into(),
            )),
            (_, _, Some(t)) if !cats.iter().any(|c| c.per == Per::Round) => problems.push((
                "ends_at".into(),
                format!("ends_at: {t} ends a game of rounds, and no category is per: round"),
            )),
            _ => {}
        }
        let mut ties = Vec::new();
        for t in &spec.ties {
            match tie(t, cats) {
                Ok(t) => ties.push(t),
                Err(why) => problems.push(("ties".into(), why.0)),
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Sheet {
            spec,
            formulas,
            to_win,
            ties,
        })
    }

    pub fn categories(&self) -> &[CategorySpec] {
        &self.spec.categories
    }

    /// Whether any category is entered every round.
    pub fn by_rounds(&self) -> bool {
        self.spec.categories.iter().any(|c| c.per == Per::Round)
    }

    /// The category typed as `word` (any case; `-` or a space for `_`;
    /// a unique start will do), or why not.
    pub fn category(&self, word: &str) -> Result<usize, Refused> {
        let typed = word.to_lowercase().replace(['-', ' '], "_");
        let names = self.spec.categories.iter().map(|c| c.name.as_str());
        if let Some(i) = names.clone().position(|n| n == typed) {
            return Ok(i);
        }
        let starts: Vec<usize> = names
            .clone()
            .enumerate()
            .filter(|(_, n)| n.starts_with(&typed))
            .map(|(i, _)| i)
            .collect();
        if let [one] = starts.as_slice() {
            return Ok(*one);
        }
        no(format!(
            "'{word}' is not a category of this sheet{}: {}",
            crate::suggest::hint(&typed, names.clone()),
            names.collect::<Vec<_>>().join(", ")
        ))
    }

    /// An entry for category `c` as typed, or why it will not do.
    pub fn entry(&self, c: usize, words: &[String]) -> Result<Value, Refused> {
        read_entry(&self.spec.categories[c], words)
    }

    /// Every category's score for every player and the totals, from
    /// `entries`; or the first formula that cannot be worked out, named
    /// with its player.
    pub fn score(&self, entries: &Entries, players: usize) -> Result<Scores, Refused> {
        let work = Work {
            sheet: self,
            entries,
            players,
            memo: RefCell::new(HashMap::new()),
        };
        let n = self.spec.categories.len();
        let mut cells = vec![vec![None; players]; n];
        for (c, row) in cells.iter_mut().enumerate() {
            for (p, cell) in row.iter_mut().enumerate() {
                *cell = work
                    .score(c, p, None)
                    .map_err(|f| format!("{} ({}): {f}", self.spec.categories[c].name, p + 1))?;
            }
        }
        let totals = (0..players)
            .map(|p| {
                let mut known = (0..n)
                    .filter(|&c| !self.spec.categories[c].subtotal)
                    .filter_map(|c| cells[c][p])
                    .peekable();
                known
                    .peek()
                    .is_some()
                    .then(|| known.try_fold(0i64, |s, x| s.checked_add(x)))
            })
            .map(|t| {
                t.map(|t| {
                    t.ok_or_else(|| {
                        Refused("the total is past the largest a sheet works with".into())
                    })
                })
            })
            .map(|t| t.transpose())
            .collect::<Result<Vec<_>, _>>()?;
        // Whether each has done what winning takes (nothing entered for
        // it yet: not done).
        let qualified = match &self.to_win {
            None => None,
            Some(e) => Some(
                (0..players)
                    .map(|p| {
                        let at = At {
                            work: &work,
                            c: usize::MAX,
                            p,
                            r: None,
                        };
                        formula::eval(e, &at)
                            .map(|v| matches!(v, Some(Value::Number(n)) if n != 0))
                            .map_err(|f| Refused(format!("to_win ({}): {f}", p + 1)))
                    })
                    .collect::<Result<Vec<bool>, _>>()?,
            ),
        };
        Ok(Scores {
            cells,
            totals,
            qualified,
        })
    }

    /// Whether every entry of every player is in: of a game scored once,
    /// every entered category; of a game of rounds, the last round.
    pub fn whole(&self, entries: &Entries, players: usize) -> bool {
        let entered: Vec<usize> = (0..self.spec.categories.len())
            .filter(|&c| self.spec.categories[c].enter.is_some())
            .collect();
        let filled = |round: &Vec<Vec<Option<Value>>>, per: Per| {
            entered
                .iter()
                .filter(|&&c| self.spec.categories[c].per == per)
                .all(|&c| (0..players).all(|p| round[c][p].is_some()))
        };
        match entries.last() {
            None => false,
            Some(last) if self.by_rounds() => {
                filled(last, Per::Round) && filled(&entries[0], Per::Game)
            }
            Some(only) => filled(only, Per::Game),
        }
    }
}

/// Each category's game score for each player, and each player's total
/// (`None`: nothing scored yet).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Scores {
    pub cells: Vec<Vec<Option<i64>>>,
    pub totals: Vec<Option<i64>>,
    /// Where the sheet says what winning takes (`to_win`): whether each
    /// player has done it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qualified: Option<Vec<bool>>,
}

/// The sheet a rule file's text holds, as written (unchecked): the
/// game's `scoring:` (`part` `None`) or one part's. For what reads a
/// shipped file without the rule library: random play, and the games'
/// tests that check their Rust scoring against their sheets.
pub fn in_rule_file(text: &str, part: Option<&str>) -> Option<SheetSpec> {
    #[derive(Deserialize)]
    struct Part {
        id: String,
        #[serde(default)]
        scoring: Option<SheetSpec>,
    }
    #[derive(Deserialize)]
    struct File {
        #[serde(default)]
        scoring: Option<SheetSpec>,
        #[serde(default)]
        parts: Vec<Part>,
    }
    let file: File = serde_yaml::from_str(text).ok()?;
    match part {
        None => file.scoring,
        Some(id) => file
            .parts
            .into_iter()
            .find(|p| p.id == id)
            .and_then(|p| p.scoring),
    }
}

/// An entry for a category as typed (`1 1 1 4 5`, `1,1,1,4,5`, `yes`),
/// or why it will not do: the sheet's own check, which the REPL also
/// makes of each answer as it asks a category at a time.
pub fn read_entry(cat: &CategorySpec, words: &[String]) -> Result<Value, Refused> {
    let Some(enter) = cat.enter else {
        return no(format!(
            "{} is worked out, not entered: {}",
            cat.name,
            cat.formula.as_deref().unwrap_or_default()
        ));
    };
    let numbers: Vec<&str> = words
        .iter()
        .flat_map(|w| w.split(','))
        .filter(|w| !w.is_empty())
        .collect();
    let bounded = |word: &str| -> Result<i64, Refused> {
        let n: i64 = word.parse().map_err(|_| {
            format!(
                "'{word}' is not a whole number ({} takes {})",
                cat.name,
                takes(cat)
            )
        })?;
        let (lo, hi) = bounds(cat);
        if n < lo || n > hi {
            return no(format!(
                "'{word}' is out of range for {} ({lo} to {hi})",
                cat.name
            ));
        }
        Ok(n)
    };
    match (enter, numbers.as_slice()) {
        (_, []) => no(format!("{} takes {}", cat.name, takes(cat))),
        // A list of no numbers (no tiles left, no coin off a 2 tile).
        (Enter::List, [w]) if w.eq_ignore_ascii_case("none") => match cat.size {
            None | Some(0) => Ok(Value::List(Vec::new())),
            Some(_) => no(format!("'{w}': {} takes {}", cat.name, takes(cat))),
        },
        (Enter::YesNo, [w]) => match w.to_lowercase().as_str() {
            "yes" | "y" | "1" | "true" => Ok(Value::Number(1)),
            "no" | "n" | "0" | "false" => Ok(Value::Number(0)),
            _ => no(format!(
                "'{w}' is not yes or no ({} takes yes or no)",
                cat.name
            )),
        },
        (Enter::Number | Enter::Count, [w]) => bounded(w).map(Value::Number),
        (Enter::List, all) => {
            if all.len() > LONGEST_LIST {
                return no(format!(
                    "{} numbers: a list holds at most {LONGEST_LIST}",
                    all.len()
                ));
            }
            if let Some(n) = cat.size
                && all.len() != n
            {
                return no(format!(
                    "{} {} for {}: it takes {}",
                    all.len(),
                    crate::style::plural(all.len() as u64, "number", "numbers"),
                    cat.name,
                    takes(cat)
                ));
            }
            all.iter()
                .map(|w| bounded(w))
                .collect::<Result<_, _>>()
                .map(Value::List)
        }
        (_, [_, extra, ..]) => no(format!("'{extra}': {} takes {}", cat.name, takes(cat))),
    }
}

/// Who wins a sheet, said: `the lowest total wins, only with out; ties:
/// most chains, shared`.
pub fn who_wins(spec: &SheetSpec) -> String {
    let mut said = match (spec.wins, spec.goal) {
        (WinRule::Highest, _) => "the highest total wins".to_string(),
        (WinRule::Lowest, _) => "the lowest total wins".to_string(),
        (WinRule::Together, Some(goal)) => format!("the table wins together at {goal}"),
        (WinRule::Together, None) => "the table wins together".to_string(),
    };
    if let Some(at) = spec.ends_at {
        said.push_str(&format!(", the game ending at a total of {at}"));
    }
    if let Some(rule) = &spec.to_win {
        said.push_str(&format!(", only with {rule}"));
    }
    if !spec.ties.is_empty() {
        said.push_str(&format!("; ties: {}", spec.ties.join(", ")));
    }
    said
}

/// What a category takes, said.
pub fn takes(c: &CategorySpec) -> String {
    let (lo, hi) = bounds(c);
    let range = |what: &str| {
        if (lo, hi) == (-LARGEST_ENTRY, LARGEST_ENTRY) {
            what.to_string()
        } else {
            format!("{what} from {lo} to {hi}")
        }
    };
    match c.enter {
        None => "nothing: it is worked out".into(),
        Some(Enter::YesNo) => "yes or no".into(),
        Some(Enter::Number) => range("a whole number"),
        Some(Enter::Count) => range("a count"),
        Some(Enter::List) => match c.size {
            Some(n) => format!("{n} {}", range("numbers")),
            None => format!("{} (or none)", range("a list of numbers")),
        },
    }
}

fn bounds(c: &CategorySpec) -> (i64, i64) {
    let floor = if c.enter == Some(Enter::Count) {
        0
    } else {
        -LARGEST_ENTRY
    };
    (
        c.min.unwrap_or(floor).max(floor),
        c.max.unwrap_or(LARGEST_ENTRY).min(LARGEST_ENTRY),
    )
}

fn name_problem(name: &str) -> Option<String> {
    let good = name.len() <= LONGEST_NAME
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !good {
        return Some(format!(
            "'{}' cannot name a category: lowercase letters, digits and _, starting with a letter, at most {LONGEST_NAME}",
            crate::visible::line(name)
        ));
    }
    if ENTRY_WORDS.contains(&name) {
        return Some(format!(
            "'{name}' is a word entries are written with; name it otherwise"
        ));
    }
    formula::reserved(name)
        .then(|| format!("'{name}' is a word of the formulas; name it otherwise"))
}

fn tie(text: &str, cats: &[CategorySpec]) -> Result<Tie, Refused> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let find = |name: &str| {
        cats.iter().position(|c| c.name == name).ok_or_else(|| {
            Refused(format!(
                "'{name}' is not a category{}",
                crate::suggest::hint(name, cats.iter().map(|c| c.name.as_str()))
            ))
        })
    };
    match words.as_slice() {
        ["shared"] => Ok(Tie::Shared),
        ["most", name] => find(name).map(Tie::Most),
        ["fewest", name] => find(name).map(Tie::Fewest),
        _ => no(format!(
            "'{}': a tie-break is most CATEGORY, fewest CATEGORY or shared",
            crate::visible::line(text)
        )),
    }
}

/// The names a category's formula may use.
struct Scope<'a> {
    spec: &'a SheetSpec,
    at: &'a CategorySpec,
}

impl formula::Names for Scope<'_> {
    fn kind(&self, name: &str) -> Result<Kind, Fault> {
        if name == "it" {
            return match self.at.enter {
                None => Err(Fault(format!(
                    "'it' is what is entered, and nothing is entered for {} (enter:)",
                    self.at.name
                ))),
                Some(Enter::List) => Ok(Kind::List),
                Some(_) => Ok(Kind::Number),
            };
        }
        let Some(other) = self.spec.categories.iter().find(|c| c.name == name) else {
            return Err(Fault(format!(
                "'{name}' is not a category{}",
                crate::suggest::hint(name, self.spec.categories.iter().map(|c| c.name.as_str()))
            )));
        };
        if self.at.per == Per::Round && other.per == Per::Game {
            return Err(Fault(format!(
                "'{name}' is scored once a game; a round's formula uses only rounds' categories"
            )));
        }
        Ok(Kind::Number)
    }
}

/// A formula that comes back to itself, as the names round the loop.
fn cycle(cats: &[CategorySpec], formulas: &[Option<Expr>]) -> Option<Vec<String>> {
    fn uses(e: &Expr, out: &mut Vec<String>) {
        match e {
            Expr::Name(n) => out.push(n.clone()),
            Expr::Neg(a) | Expr::Not(a) | Expr::Pow(a, _) => uses(a, out),
            Expr::Bin(_, a, b) | Expr::Div(a, b) => {
                uses(a, out);
                uses(b, out);
            }
            Expr::Call(_, args) => args.iter().for_each(|a| uses(a, out)),
            Expr::Num(_) | Expr::Table(..) => {}
        }
    }
    let edges: Vec<Vec<usize>> = formulas
        .iter()
        .map(|f| {
            let mut names = Vec::new();
            if let Some(e) = f {
                uses(e, &mut names);
            }
            names
                .iter()
                .filter_map(|n| cats.iter().position(|c| c.name == *n))
                .collect()
        })
        .collect();
    // 0 unseen, 1 on the path, 2 done.
    fn walk(
        at: usize,
        edges: &[Vec<usize>],
        state: &mut [u8],
        path: &mut Vec<usize>,
    ) -> Option<Vec<usize>> {
        state[at] = 1;
        path.push(at);
        for &next in &edges[at] {
            if state[next] == 1 {
                let from = path.iter().position(|&p| p == next).unwrap_or(0);
                let mut loop_ = path[from..].to_vec();
                loop_.push(next);
                return Some(loop_);
            }
            if state[next] == 0
                && let Some(found) = walk(next, edges, state, path)
            {
                return Some(found);
            }
        }
        path.pop();
        state[at] = 2;
        None
    }
    let mut state = vec![0u8; cats.len()];
    (0..cats.len()).find_map(|start| {
        (state[start] == 0)
            .then(|| walk(start, &edges, &mut state, &mut Vec::new()))
            .flatten()
            .map(|l| l.into_iter().map(|i| cats[i].name.clone()).collect())
    })
}

/// Working a sheet out: each category's score for each player (in a
/// round, or over the game), each worked once.
struct Work<'a> {
    sheet: &'a Sheet,
    entries: &'a Entries,
    players: usize,
    memo: RefCell<HashMap<Cell, Option<i64>>>,
}

/// A category, a player, and a round (`None`: over the game).
type Cell = (usize, usize, Option<usize>);

impl Work<'_> {
    /// Category `c`'s score for player `p`: in round `r`, or over the
    /// game (`None`: a round's category summed over the rounds).
    fn score(&self, c: usize, p: usize, r: Option<usize>) -> Result<Option<i64>, Fault> {
        if let Some(known) = self.memo.borrow().get(&(c, p, r)) {
            return Ok(*known);
        }
        let cat = &self.sheet.spec.categories[c];
        let worked = match (cat.per, r) {
            (Per::Round, None) => {
                let mut sum: Option<i64> = None;
                for round in 0..self.entries.len() {
                    if let Some(x) = self.score(c, p, Some(round))? {
                        sum = Some(sum.unwrap_or(0).checked_add(x).ok_or_else(|| {
                            Fault("a number past the largest a sheet works with".into())
                        })?);
                    }
                }
                sum
            }
            _ => {
                let round = r.unwrap_or(0);
                match &self.sheet.formulas[c] {
                    None => match self.entry(c, p, round) {
                        Some(Value::Number(n)) => Some(n),
                        _ => None,
                    },
                    Some(e) => match formula::eval(
                        e,
                        &At {
                            work: self,
                            c,
                            p,
                            r,
                        },
                    )? {
                        Some(Value::Number(n)) => Some(n),
                        Some(Value::List(_)) => {
                            return Err(Fault("a list where a score should be".into()));
                        }
                        None => None,
                    },
                }
            }
        };
        self.memo.borrow_mut().insert((c, p, r), worked);
        Ok(worked)
    }

    fn entry(&self, c: usize, p: usize, round: usize) -> Option<Value> {
        self.entries.get(round)?.get(c)?.get(p)?.clone()
    }
}

/// One category's formula for one player, in a round or over the game.
struct At<'a> {
    work: &'a Work<'a>,
    c: usize,
    p: usize,
    r: Option<usize>,
}

impl At<'_> {
    fn other(&self, name: &str) -> Result<usize, Fault> {
        self.work
            .sheet
            .spec
            .categories
            .iter()
            .position(|c| c.name == name)
            .ok_or_else(|| Fault(format!("'{name}' is not a category")))
    }
}

impl formula::Values for At<'_> {
    fn value(&self, name: &str) -> Result<Option<Value>, Fault> {
        if name == "it" {
            return Ok(self.work.entry(self.c, self.p, self.r.unwrap_or(0)));
        }
        let o = self.other(name)?;
        Ok(self.work.score(o, self.p, self.r)?.map(Value::Number))
    }

    fn everyone(&self, name: &str) -> Result<(Vec<Option<i64>>, usize), Fault> {
        let o = self.other(name)?;
        let all = (0..self.work.players)
            .map(|q| self.work.score(o, q, self.r))
            .collect::<Result<_, _>>()?;
        Ok((all, self.p))
    }
}

#[cfg(test)]
mod tests;
