//! Symbol dice: dice whose faces show symbols, not numbers, read by
//! what is left once pairs of symbols cancel. Genesys's narrative dice
//! are one set (`narrative`); a rule file may declare its own in its
//! `dice:` list:
//!
//! ```yaml
//! dice:
//!   - name: saga
//!     title: Saga dice
//!     symbols:
//!       - {letter: s, name: success, plural: successes, cancels: f}
//!       - {letter: f, name: failure, plural: failures}
//!       - {letter: a, name: advantage, plural: advantage, cancels: t}
//!       - {letter: t, name: threat, plural: threat}
//!       - {letter: T, name: triumph, counts_as: s}
//!     kinds:
//!       - {letter: g, name: good, faces: ["", s, s, sa, a, T]}
//!       - {letter: b, name: bad, faces: ["", f, f, t, ft, t]}
//!     succeeds: s
//! ```
//!
//! `roll saga 2g 1b` rolls two good dice and a bad one. A symbol that
//! `cancels` another takes one of it away for each it meets; one that
//! `counts_as` another also counts as one of that (a triumph is a success
//! too) and is kept whatever cancels. With `succeeds`, the roll succeeds
//! when at least one of that symbol is left. `prob saga 2g 1b` gives the
//! exact chance of every net outcome.
//!
//! The helpers first (reading a pool, rolling it, showing it, counting
//! its outcomes) serve both the declared sets and the built-in narrative
//! dice.

use std::collections::BTreeMap;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::Read;
use crate::dice::DiceError;
use crate::random::TableRng;

/// One kind of die as the shared helpers see it: its name, its letter in
/// a pool, its faces (each a run of symbol letters, `""` blank).
pub struct DieView<'a> {
    pub name: &'a str,
    pub letter: char,
    pub faces: Vec<&'a str>,
}

/// Most dice of one kind in a pool (a table rarely rolls more than six).
pub const MAX_KIND: u8 = 10;

/// `2a1p 2d1c`, `2a 1p 2d 1c`, `a p d`: counts and letters, in any order,
/// as how many of each kind (in `kinds`' order). `example` ends each
/// message, to show what is meant.
pub fn parse_pool(words: &[&str], kinds: &[DieView], example: &str) -> Result<Vec<u8>, String> {
    let mut pool = vec![0u8; kinds.len()];
    for word in words {
        let mut rest = *word;
        while !rest.is_empty() {
            let digits = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let (number, tail) = rest.split_at(digits);
            let mut chars = tail.chars();
            let Some(letter) = chars.next() else {
                return Err(format!(
                    "'{word}': a number needs a die's letter: {example}"
                ));
            };
            let Some(kind) = kinds.iter().position(|k| k.letter == letter) else {
                return Err(format!("'{letter}' in '{word}' is not a die: {example}"));
            };
            let too_many = || format!("'{word}': at most {MAX_KIND} dice of a kind");
            let n: u8 = if number.is_empty() {
                1
            } else {
                number
                    .parse()
                    .ok()
                    .filter(|n| *n <= MAX_KIND)
                    .ok_or_else(too_many)?
            };
            pool[kind] = pool[kind]
                .checked_add(n)
                .filter(|n| *n <= MAX_KIND)
                .ok_or_else(too_many)?;
            rest = chars.as_str();
        }
    }
    if pool.iter().all(|&n| n == 0) {
        return Err(format!("say which dice: {example}"));
    }
    Ok(pool)
}

/// The pool in words, for `prob`'s heading: `2 ability, 1 difficulty`.
pub fn pool_words(kinds: &[DieView], pool: &[u8]) -> String {
    kinds
        .iter()
        .zip(pool)
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{n} {}", k.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Roll the pool: each die's face, numbered from 1, kind by kind.
pub fn roll(kinds: &[DieView], pool: &[u8], rng: &mut TableRng) -> Vec<i64> {
    let mut faces = Vec::new();
    for (kind, &n) in kinds.iter().zip(pool) {
        for _ in 0..n {
            faces.push(rng.range(1, kind.faces.len() as i64));
        }
    }
    faces
}

/// The faces rolled, shown kind by kind (`ability [s, aa]`, a blank as
/// `-`), and each die as its kind and face (from 0), for reading.
pub fn shown(kinds: &[DieView], pool: &[u8], faces: &[i64]) -> (String, Vec<(usize, usize)>) {
    let mut shown = Vec::new();
    let mut dice = Vec::new();
    let mut at = 0;
    for (k, (kind, &n)) in kinds.iter().zip(pool).enumerate() {
        if n == 0 {
            continue;
        }
        let these = &faces[at..at + usize::from(n)];
        at += usize::from(n);
        let symbols: Vec<&str> = these
            .iter()
            .map(|&f| (f - 1) as usize)
            .inspect(|&f| dice.push((k, f)))
            .map(|f| match kind.faces[f] {
                "" => "-",
                face => face,
            })
            .collect();
        shown.push(format!("{} [{}]", kind.name, symbols.join(", ")));
    }
    (shown.join(" "), dice)
}

/// Too much counting: how many steps the count would take, at least.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLong {
    pub steps: u64,
}

/// Every outcome of the pool with how many of the equally likely rolls
/// give it, and the number of rolls: one die at a time, each face moving
/// every outcome so far (`add(outcome, kind, face)`). Gives up, with the
/// steps it would take, once more than `budget` are needed.
pub fn count<N: Ord + Clone>(
    sides: &[usize],
    pool: &[u8],
    start: N,
    add: impl Fn(&N, usize, usize) -> N,
    budget: u64,
) -> Result<(BTreeMap<N, BigUint>, BigUint), TooLong> {
    let mut outcomes: BTreeMap<N, BigUint> = BTreeMap::from([(start, BigUint::one())]);
    let mut denom = BigUint::one();
    let mut steps = 0u64;
    let dice: Vec<usize> = pool
        .iter()
        .enumerate()
        .flat_map(|(k, &n)| std::iter::repeat_n(k, usize::from(n)))
        .collect();
    for (i, &kind) in dice.iter().enumerate() {
        // The rest of the dice take at least this die's steps each, as
        // the outcomes never shrink.
        let these = outcomes.len() as u64 * sides[kind] as u64;
        let ahead = these.saturating_mul((dice.len() - i) as u64);
        if steps.saturating_add(ahead) > budget {
            return Err(TooLong {
                steps: steps.saturating_add(ahead),
            });
        }
        steps += these;
        denom *= sides[kind];
        let mut next: BTreeMap<N, BigUint> = BTreeMap::new();
        for (outcome, ways) in &outcomes {
            for face in 0..sides[kind] {
                *next
                    .entry(add(outcome, kind, face))
                    .or_insert_with(BigUint::zero) += ways;
            }
        }
        outcomes = next;
    }
    Ok((outcomes, denom))
}

/// Most symbols and kinds a set declares, faces a die has, and symbols
/// one face shows.
const MAX_SYMBOLS: usize = 12;
const MAX_KINDS: usize = 10;
const MAX_FACES: usize = 100;
const MAX_ON_FACE: usize = 10;
/// Counting steps `prob` takes before it refuses (about a second).
pub const BUDGET: u64 = 4_000_000;

/// One symbol as declared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    pub letter: char,
    pub name: String,
    pub plural: String,
}

/// What one symbol adds up: its own count, or one side of a cancelling
/// pair (a success up, a failure down).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Track {
    /// The symbol counted up.
    up: usize,
    /// The symbol that counts it down, if the pair cancels.
    down: Option<usize>,
}

/// One kind of die as declared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kind {
    pub letter: char,
    pub name: String,
    pub faces: Vec<String>,
    /// Each face as what it adds to each track.
    moves: Vec<Vec<i64>>,
}

/// A symbol as its rule file declares it, before it is checked.
pub struct SymbolDecl<'a> {
    pub letter: &'a str,
    pub name: &'a str,
    pub plural: Option<&'a str>,
    pub cancels: Option<&'a str>,
    pub counts_as: Option<&'a str>,
}

#[cfg(test)]
impl<'a> SymbolDecl<'a> {
    fn new(
        letter: &'a str,
        name: &'a str,
        cancels: Option<&'a str>,
        counts_as: Option<&'a str>,
    ) -> SymbolDecl<'a> {
        SymbolDecl {
            letter,
            name,
            plural: None,
            cancels,
            counts_as,
        }
    }
}

/// A kind of die as its rule file declares it, before it is checked.
pub struct KindDecl<'a> {
    pub letter: &'a str,
    pub name: &'a str,
    pub faces: &'a [String],
}

/// A set of symbol dice as its rule file declares it, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymbolDice {
    pub name: String,
    pub title: String,
    pub symbols: Vec<Symbol>,
    tracks: Vec<Track>,
    pub kinds: Vec<Kind>,
    /// The track whose symbol, left over, makes the roll a success, and
    /// the side it counts on (1 up, -1 down).
    succeeds: Option<(usize, i64)>,
}

/// One roll of a declared set: how many of each kind.
#[derive(Debug, Clone)]
pub struct SymbolRoll {
    pub dice: SymbolDice,
    pub pool: Vec<u8>,
}

/// A symbol by its letter or its name.
fn find_symbol(symbols: &[SymbolDecl], said: &str) -> Option<usize> {
    symbols
        .iter()
        .position(|s| s.letter == said || s.name.eq_ignore_ascii_case(said))
}

/// One ASCII letter, or why not.
fn letter_of(said: &str, what: &str) -> Result<char, String> {
    let mut chars = said.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Ok(c),
        _ => Err(format!(
            "{what} letter '{said}': one letter, a to z or A to Z"
        )),
    }
}

impl SymbolDice {
    /// A declared set, or every problem with it, each naming its part.
    pub fn new(
        name: &str,
        title: Option<&str>,
        symbols: &[SymbolDecl],
        kinds: &[KindDecl],
        succeeds: Option<&str>,
    ) -> Result<SymbolDice, Vec<String>> {
        let mut problems = Vec::new();
        let lower = super::name::check_name(name, &mut problems);
        if symbols.is_empty() {
            problems.push("symbols: none; list each with its letter and name".into());
        }
        if symbols.len() > MAX_SYMBOLS {
            problems.push(format!(
                "symbols: {} of them, at most {MAX_SYMBOLS}",
                symbols.len()
            ));
        }
        let mut checked: Vec<Symbol> = Vec::new();
        for s in symbols {
            match letter_of(s.letter, &format!("symbol '{}':", s.name)) {
                Ok(c) if checked.iter().any(|o| o.letter == c) => {
                    problems.push(format!("symbols: the letter '{c}' is given twice"));
                }
                Ok(c) => checked.push(Symbol {
                    letter: c,
                    name: s.name.trim().to_string(),
                    plural: s
                        .plural
                        .map_or_else(|| plural_of(s.name.trim()), |p| p.trim().to_string()),
                }),
                Err(why) => problems.push(format!("symbols: {why}")),
            }
            if s.name.trim().is_empty() {
                problems.push(format!("symbols: '{}' has no name", s.letter));
            }
        }
        // Pairs and counts: each symbol its own track, unless it is one
        // of a cancelling pair; a pair shares one track, counted up by the
        // symbol declared first and down by the other.
        let mut partner: Vec<Option<usize>> = vec![None; symbols.len()];
        let mut also: Vec<Option<usize>> = vec![None; symbols.len()];
        for (i, s) in symbols.iter().enumerate() {
            if let Some(other) = s.cancels {
                match find_symbol(symbols, other) {
                    None => problems.push(format!(
                        "symbols: '{}' cancels '{other}', which is not a symbol here",
                        s.name
                    )),
                    Some(j) if j == i => {
                        problems.push(format!("symbols: '{}' cannot cancel itself", s.name))
                    }
                    Some(j) if partner[i].is_some() => problems.push(format!(
                        "symbols: '{}' is in a cancelling pair already, so it cannot cancel '{}' too",
                        s.name, symbols[j].name
                    )),
                    Some(j) if partner[j].is_some() => problems.push(format!(
                        "symbols: '{}' is in a cancelling pair already, so '{}' cannot cancel it too",
                        symbols[j].name, s.name
                    )),
                    Some(j) => {
                        partner[i] = Some(j);
                        partner[j] = Some(i);
                    }
                }
            }
        }
        for (i, s) in symbols.iter().enumerate() {
            if let Some(other) = s.counts_as {
                match find_symbol(symbols, other) {
                    None => problems.push(format!(
                        "symbols: '{}' counts as '{other}', which is not a symbol here",
                        s.name
                    )),
                    Some(j) if j == i => problems.push(format!(
                        "symbols: '{}' cannot count as itself",
                        s.name
                    )),
                    Some(j) if symbols[j].counts_as.is_some() => problems.push(format!(
                        "symbols: '{}' counts as '{}', which counts as another in turn; name the last one",
                        s.name, symbols[j].name
                    )),
                    Some(_) if partner[i].is_some() => {
                        problems.push(format!(
                            "symbols: '{}' counts as another, so it is kept: it cannot cancel or be cancelled",
                            s.name
                        ))
                    }
                    Some(j) => also[i] = Some(j),
                }
            }
        }
        let mut tracks: Vec<Track> = Vec::new();
        let mut track_of: Vec<(usize, i64)> = vec![(0, 0); symbols.len()];
        for i in 0..symbols.len() {
            let down = partner[i].filter(|&j| j > i);
            if partner[i].is_none() || down.is_some() {
                track_of[i] = (tracks.len(), 1);
                if let Some(j) = down {
                    track_of[j] = (tracks.len(), -1);
                }
                tracks.push(Track { up: i, down });
            }
        }
        // What one of each symbol adds to each track.
        let moves_of = |i: usize| -> Vec<(usize, i64)> {
            let mut m = vec![track_of[i]];
            m.extend(also[i].map(|j| track_of[j]));
            m
        };
        if kinds.is_empty() {
            problems
                .push("kinds: none; list each kind of die with its letter, name and faces".into());
        }
        if kinds.len() > MAX_KINDS {
            problems.push(format!(
                "kinds: {} of them, at most {MAX_KINDS}",
                kinds.len()
            ));
        }
        let mut checked_kinds: Vec<Kind> = Vec::new();
        for k in kinds {
            let letter = match letter_of(k.letter, &format!("kind '{}':", k.name)) {
                Ok(c) if checked_kinds.iter().any(|o| o.letter == c) => {
                    problems.push(format!("kinds: the letter '{c}' is given twice"));
                    continue;
                }
                Ok(c) => c,
                Err(why) => {
                    problems.push(format!("kinds: {why}"));
                    continue;
                }
            };
            if k.name.trim().is_empty() {
                problems.push(format!("kinds: '{letter}' has no name"));
            }
            if !(2..=MAX_FACES).contains(&k.faces.len()) {
                problems.push(format!(
                    "kinds: '{}' has {} faces; a die has 2 to {MAX_FACES}",
                    k.name,
                    k.faces.len()
                ));
            }
            let mut moves = Vec::new();
            let mut faces = Vec::new();
            for face in k.faces {
                let face = face.trim();
                let face = if face == "-" { "" } else { face };
                let mut adds = vec![0i64; tracks.len()];
                for c in face.chars() {
                    match checked.iter().position(|s| s.letter == c) {
                        Some(i) if checked.len() == symbols.len() => {
                            for (t, by) in moves_of(i) {
                                adds[t] += by;
                            }
                        }
                        Some(_) => {}
                        None => problems.push(format!(
                            "kinds: '{}' has a face '{face}', and '{c}' is not a symbol's letter",
                            k.name
                        )),
                    }
                }
                if face.chars().count() > MAX_ON_FACE {
                    problems.push(format!(
                        "kinds: '{}' has a face '{face}' of more than {MAX_ON_FACE} symbols",
                        k.name
                    ));
                }
                moves.push(adds);
                faces.push(face.to_string());
            }
            checked_kinds.push(Kind {
                letter,
                name: k.name.trim().to_string(),
                faces,
                moves,
            });
        }
        let succeeds = match succeeds.map(|s| (s, find_symbol(symbols, s))) {
            None => None,
            Some((said, None)) => {
                problems.push(format!(
                    "succeeds: '{said}' is not a symbol here; name the one that, left over, makes a success"
                ));
                None
            }
            Some((_, Some(i))) => Some(track_of[i]),
        };
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(SymbolDice {
            title: title.map_or_else(|| name.to_string(), str::to_string),
            name: lower,
            symbols: checked,
            tracks,
            kinds: checked_kinds,
            succeeds,
        })
    }

    /// The kinds as the shared helpers see them.
    fn views(&self) -> Vec<DieView<'_>> {
        self.kinds
            .iter()
            .map(|k| DieView {
                name: &k.name,
                letter: k.letter,
                faces: k.faces.iter().map(String::as_str).collect(),
            })
            .collect()
    }

    /// `saga 2g 1b` for this set: the roll, or why the pool is not one.
    /// `None` if the line names another.
    pub fn read_line(&self, line: &str) -> Option<Result<SymbolRoll, DiceError>> {
        let (name, rest) = super::name::split_name(line)?;
        if !name.eq_ignore_ascii_case(&self.name) {
            return None;
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let example = format!(
            "{} {}",
            self.name,
            self.kinds
                .iter()
                .map(|k| format!("2{}", k.letter))
                .collect::<String>()
        );
        Some(
            parse_pool(&words, &self.views(), &example)
                .map(|pool| SymbolRoll {
                    dice: self.clone(),
                    pool,
                })
                .map_err(|message| DiceError {
                    input: line.trim().to_string(),
                    pos: None,
                    message,
                }),
        )
    }

    /// A net outcome in words: `success (2 successes, 1 advantage)`,
    /// `failure (1 threat)`, `1 failure`, `nothing left`.
    pub fn words(&self, net: &[i64]) -> String {
        let parts: Vec<String> = self
            .tracks
            .iter()
            .zip(net)
            .filter(|(_, n)| **n != 0)
            .map(|(t, &n)| {
                let s = &self.symbols[if n > 0 { t.up } else { t.down.unwrap_or(t.up) }];
                let n = n.unsigned_abs();
                format!("{n} {}", if n == 1 { &s.name } else { &s.plural })
            })
            .collect();
        match (self.succeeds, parts.is_empty()) {
            (None, true) => "nothing left".into(),
            (None, false) => parts.join(", "),
            (Some((t, side)), true) => verdict(net[t] * side).into(),
            (Some((t, side)), false) => {
                format!("{} ({})", verdict(net[t] * side), parts.join(", "))
            }
        }
    }

    /// Each side a track can be left on, as the symbol's name and
    /// whether the count is up: `success` up, `failure` down.
    fn sides(&self) -> Vec<(usize, bool)> {
        self.tracks
            .iter()
            .enumerate()
            .flat_map(|(i, t)| std::iter::once((i, true)).chain(t.down.map(|_| (i, false))))
            .collect()
    }
}

fn verdict(n: i64) -> &'static str {
    if n > 0 { "success" } else { "failure" }
}

/// An English plural for a symbol's name when none is given: `successes`,
/// `hits`, `crosses`.
fn plural_of(name: &str) -> String {
    if ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|e| name.ends_with(e))
    {
        format!("{name}es")
    } else {
        format!("{name}s")
    }
}

/// The exact chance of each net outcome of a declared set's pool: every
/// outcome best first (the first track's most, then the next's), and
/// beside them the chance of a success and of each symbol being left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymbolOdds {
    pub outcomes: Vec<(String, BigUint)>,
    pub also: Vec<(String, BigUint)>,
    pub denom: BigUint,
}

impl SymbolRoll {
    /// The line in its usual form (`saga 2g1b`).
    pub fn line(&self) -> String {
        let pool: String = self
            .dice
            .kinds
            .iter()
            .zip(&self.pool)
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| format!("{n}{}", k.letter))
            .collect();
        format!("{} {pool}", self.dice.name)
    }

    /// What is rolled, in words (for `prob`'s heading).
    pub fn dice_words(&self) -> String {
        pool_words(&self.dice.views(), &self.pool)
    }

    /// The net outcome of the faces rolled (numbered from 1, kind by
    /// kind, as `roll` gives them), and the dice shown.
    pub fn read(&self, faces: &[i64]) -> (Vec<i64>, String) {
        let (shown, dice) = shown(&self.dice.views(), &self.pool, faces);
        let mut net = vec![0; self.dice.tracks.len()];
        for (k, f) in dice {
            for (n, by) in net.iter_mut().zip(&self.dice.kinds[k].moves[f]) {
                *n += by;
            }
        }
        (net, shown)
    }

    /// Roll it and read it: the total is how many of the symbol that
    /// succeeds are left (negative: of the one that cancels it), else of
    /// the first symbol.
    pub fn roll(&self, rng: &mut TableRng) -> Read {
        let faces = roll(&self.dice.views(), &self.pool, rng);
        let (net, _) = self.read(&faces);
        Read {
            expr: self.line(),
            system: self.dice.title.clone(),
            total: self.dice.succeeds.map_or(net[0], |(t, side)| net[t] * side),
            result: self.dice.words(&net),
            dice: faces,
        }
    }

    /// Every net outcome's exact chance, or how long counting them would
    /// take.
    pub fn odds(&self) -> Result<SymbolOdds, TooLong> {
        let sides: Vec<usize> = self.dice.kinds.iter().map(|k| k.faces.len()).collect();
        let start = vec![0i64; self.dice.tracks.len()];
        let (outcomes, denom) = count(
            &sides,
            &self.pool,
            start,
            |net, k, f| {
                net.iter()
                    .zip(&self.dice.kinds[k].moves[f])
                    .map(|(n, by)| n + by)
                    .collect()
            },
            BUDGET,
        )?;
        let mut also = Vec::new();
        if let Some((t, side)) = self.dice.succeeds {
            let ways: BigUint = outcomes
                .iter()
                .filter(|(net, _)| net[t] * side > 0)
                .map(|(_, w)| w)
                .sum();
            also.push(("success".to_string(), ways));
        }
        for (t, up) in self.dice.sides() {
            // The symbol that succeeds has its line above.
            if self.dice.succeeds == Some((t, if up { 1 } else { -1 })) {
                continue;
            }
            let ways: BigUint = outcomes
                .iter()
                .filter(|(net, _)| if up { net[t] > 0 } else { net[t] < 0 })
                .map(|(_, w)| w)
                .sum();
            let track = &self.dice.tracks[t];
            let symbol = if up {
                track.up
            } else {
                track.down.unwrap_or(track.up)
            };
            // A symbol no die in the pool can leave is not worth a line.
            if !ways.is_zero() {
                also.push((
                    format!("at least 1 {} left", self.dice.symbols[symbol].name),
                    ways,
                ));
            }
        }
        Ok(SymbolOdds {
            outcomes: outcomes
                .iter()
                .rev()
                .map(|(net, w)| (self.dice.words(net), w.clone()))
                .collect(),
            also,
            denom,
        })
    }
}

#[cfg(test)]
/// The module's own example (for tests): successes cancel failures, advantages
/// threats, a triumph is a success too and stays.
pub fn example() -> SymbolDice {
    let good: Vec<String> = ["", "s", "s", "sa", "a", "T"].map(String::from).to_vec();
    let bad: Vec<String> = ["", "f", "f", "t", "ft", "t"].map(String::from).to_vec();
    let mut symbols = vec![
        SymbolDecl::new("s", "success", Some("f"), None),
        SymbolDecl::new("f", "failure", None, None),
        SymbolDecl::new("a", "advantage", Some("t"), None),
        SymbolDecl::new("t", "threat", None, None),
        SymbolDecl::new("T", "triumph", None, Some("s")),
    ];
    symbols[2].plural = Some("advantage");
    symbols[3].plural = Some("threat");
    SymbolDice::new(
        "saga",
        Some("Saga dice"),
        &symbols,
        &[
            KindDecl {
                letter: "g",
                name: "good",
                faces: &good,
            },
            KindDecl {
                letter: "b",
                name: "bad",
                faces: &bad,
            },
        ],
        Some("s"),
    )
    .unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decl<'a>(
        letter: &'a str,
        name: &'a str,
        cancels: Option<&'a str>,
        counts_as: Option<&'a str>,
    ) -> SymbolDecl<'a> {
        SymbolDecl::new(letter, name, cancels, counts_as)
    }

    use super::example as saga;

    #[test]
    fn symbols_cancel_in_pairs_and_a_triumph_stays() {
        let saga = saga();
        let roll = saga.read_line("saga 2g 1b").unwrap().unwrap();
        assert_eq!(roll.pool, [2, 1]);
        assert_eq!(roll.line(), "saga 2g1b");
        assert_eq!(roll.dice_words(), "2 good, 1 bad");
        // good "sa" and a triumph, bad "ft": 2 successes less 1 failure,
        // 1 advantage less 1 threat, the triumph kept.
        let (net, shown) = roll.read(&[4, 6, 5]);
        assert_eq!(shown, "good [sa, T] bad [ft]");
        assert_eq!(net, [1, 0, 1]);
        assert_eq!(saga.words(&net), "success (1 success, 1 triumph)");
        let (net, shown) = roll.read(&[1, 1, 4]);
        assert_eq!(shown, "good [-, -] bad [t]");
        assert_eq!(saga.words(&net), "failure (1 threat)");
        let (net, _) = roll.read(&[1, 1, 1]);
        assert_eq!(saga.words(&net), "failure");
        let (net, _) = roll.read(&[2, 3, 1]);
        assert_eq!(saga.words(&net), "success (2 successes)");
    }

    /// Hand-counted: one good die against one bad, 36 rolls. Successes
    /// left: s or sa or T against a blank or t (3 x 3 = 9 ways), sa or T
    /// ... counted below face by face.
    #[test]
    fn odds_count_every_roll() {
        let saga = saga();
        let roll = saga.read_line("saga g b").unwrap().unwrap();
        let odds = roll.odds().unwrap();
        assert_eq!(odds.denom, BigUint::from(36u32));
        let total: BigUint = odds.outcomes.iter().map(|(_, w)| w).sum();
        assert_eq!(total, BigUint::from(36u32));
        // A success needs more s (with T) than f: good s/s/sa/T (4 faces)
        // against bad blank/t/t (3) is 12, against f/f/ft (3) none.
        let success = &odds.also[0];
        assert_eq!(success, &("success".to_string(), BigUint::from(12u32)));
        // Every outcome against listing all 36 rolls.
        let mut listed: BTreeMap<String, u32> = BTreeMap::new();
        for g in 1..=6 {
            for b in 1..=6 {
                let (net, _) = roll.read(&[g, b]);
                *listed.entry(saga.words(&net)).or_default() += 1;
            }
        }
        let counted: BTreeMap<String, u32> = odds
            .outcomes
            .iter()
            .map(|(w, c)| (w.clone(), u32::try_from(c).unwrap()))
            .collect();
        assert_eq!(counted, listed);
        // Best first: the most successes lead.
        assert_eq!(odds.outcomes[0].0, "success (1 success, 1 advantage)");
    }

    /// A pair counts up by the symbol declared first, whichever names
    /// the other; `succeeds` may name either side.
    #[test]
    fn a_pair_counts_up_by_its_first_symbol() {
        let faces: Vec<String> = ["", "h", "e", "he"].map(String::from).to_vec();
        let set = |succeeds| {
            SymbolDice::new(
                "xw",
                None,
                &[
                    decl("h", "hit", None, None),
                    decl("e", "evade", Some("h"), None),
                ],
                &[KindDecl {
                    letter: "d",
                    name: "die",
                    faces: &faces,
                }],
                succeeds,
            )
            .unwrap()
        };
        let plain = set(None);
        let roll = plain.read_line("xw 2d").unwrap().unwrap();
        let odds = roll.odds().unwrap();
        let order: Vec<&str> = odds.outcomes.iter().map(|(w, _)| w.as_str()).collect();
        assert_eq!(
            order,
            ["2 hits", "1 hit", "nothing left", "1 evade", "2 evades"]
        );
        let (net, _) = roll.read(&[2, 3]);
        assert_eq!(plain.words(&net), "nothing left");
        // Evades left make the success: two blanks fail, an evade passes.
        let evading = set(Some("evade"));
        let roll = evading.read_line("xw 2d").unwrap().unwrap();
        let (net, _) = roll.read(&[1, 3]);
        assert_eq!(evading.words(&net), "success (1 evade)");
        let (net, _) = roll.read(&[2, 1]);
        assert_eq!(evading.words(&net), "failure (1 hit)");
        let odds = roll.odds().unwrap();
        // An evade left: e or he against - or e or he... counted: of the
        // 16 rolls, evades outnumber hits in 5 (e-, -e, ee, e+he, he+e).
        assert_eq!(odds.also[0], ("success".into(), BigUint::from(5u32)));
        assert_eq!(odds.also[1].0, "at least 1 hit left");
    }

    #[test]
    fn too_much_counting_is_refused_with_its_size() {
        let faces: Vec<String> = (0..100).map(|i| "a".repeat(i % 10)).collect();
        let set = SymbolDice::new(
            "many",
            None,
            &[decl("a", "mark", None, None)],
            &[KindDecl {
                letter: "m",
                name: "marker",
                faces: &faces,
            }],
            None,
        )
        .unwrap();
        let roll = set.read_line("many 10m").unwrap().unwrap();
        assert!(roll.odds().is_ok());
        let wide = SymbolDice {
            kinds: (0..10)
                .map(|i| Kind {
                    letter: char::from(b'a' + i),
                    ..set.kinds[0].clone()
                })
                .collect(),
            ..set
        };
        let roll = wide
            .read_line("many 10a10b10c10d10e10f10g10h10i10j")
            .unwrap()
            .unwrap();
        let err = roll.odds().unwrap_err();
        assert!(err.steps > BUDGET, "{err:?}");
    }

    #[test]
    fn bad_declarations_are_named() {
        let faces: Vec<String> = ["", "s"].map(String::from).to_vec();
        let kinds = |letter, faces| {
            vec![KindDecl {
                letter,
                name: "die",
                faces,
            }]
        };
        let err = SymbolDice::new(
            "x",
            None,
            &[
                decl("s", "success", Some("q"), None),
                decl("ab", "two", None, None),
                decl("T", "triumph", None, Some("T")),
            ],
            &kinds("d", &faces),
            Some("nope"),
        )
        .unwrap_err();
        assert_eq!(
            err,
            [
                "symbols: symbol 'two': letter 'ab': one letter, a to z or A to Z",
                "symbols: 'success' cancels 'q', which is not a symbol here",
                "symbols: 'triumph' cannot count as itself",
                "succeeds: 'nope' is not a symbol here; name the one that, left over, makes a success",
            ]
        );
        let bad_face: Vec<String> = ["", "sz"].map(String::from).to_vec();
        let err = SymbolDice::new(
            "x",
            None,
            &[
                decl("s", "success", Some("f"), None),
                decl("f", "failure", None, None),
            ],
            &kinds("dd", &bad_face),
            Some("f"),
        )
        .unwrap_err();
        assert_eq!(
            err,
            ["kinds: kind 'die': letter 'dd': one letter, a to z or A to Z"]
        );
        let err = SymbolDice::new(
            "x",
            None,
            &[
                decl("s", "success", Some("f"), None),
                decl("f", "failure", None, None),
            ],
            &kinds("d", &bad_face),
            None,
        )
        .unwrap_err();
        assert_eq!(
            err,
            ["kinds: 'die' has a face 'sz', and 'z' is not a symbol's letter"]
        );
        let one: Vec<String> = vec!["s".into()];
        let err = SymbolDice::new(
            "sr",
            None,
            &[decl("s", "success", None, None)],
            &kinds("d", &one),
            None,
        )
        .unwrap_err();
        assert_eq!(
            err,
            [
                "name 'sr' is a system tablemate knows already",
                "kinds: 'die' has 1 faces; a die has 2 to 100",
            ]
        );
        let saga = saga();
        let bad = saga.read_line("saga 2g 1x").unwrap().unwrap_err();
        assert_eq!(bad.message, "'x' in '1x' is not a die: saga 2g2b");
        assert!(saga.read_line("sagas 2g").is_none());
    }
}
