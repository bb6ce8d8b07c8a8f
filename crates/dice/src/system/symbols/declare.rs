//! A set of symbol dice as a rule file declares it, checked: every
//! problem named, each with the part it is in.

use super::{Kind, Symbol, SymbolDice, Track};
use crate::system::name::check_name;

/// Most symbols and kinds a set declares, faces a die has, and symbols
/// one face shows.
pub(super) const MAX_SYMBOLS: usize = 12;
const MAX_KINDS: usize = 10;
const MAX_FACES: usize = 100;
const MAX_ON_FACE: usize = 10;
/// A symbol as its rule file declares it, before it is checked.
pub struct SymbolDecl<'a> {
    pub letter: &'a str,
    pub name: &'a str,
    pub plural: Option<&'a str>,
    pub cancels: Option<&'a str>,
    pub counts_as: Option<&'a str>,
}

impl<'a> SymbolDecl<'a> {
    pub(super) fn new(
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
        let lower = check_name(name, &mut problems);
        let checked = check_symbols(symbols, &mut problems);
        let partner = pairs(symbols, &mut problems);
        let also = counts(symbols, &partner, &mut problems);
        let (tracks, track_of) = tracks(&partner);
        // What one of each symbol adds to each track (none to go by when
        // a symbol could not be read).
        let moves: Option<Vec<Vec<(usize, i64)>>> = (checked.len() == symbols.len()).then(|| {
            (0..symbols.len())
                .map(|i| {
                    let mut m = vec![track_of[i]];
                    m.extend(also[i].map(|j| track_of[j]));
                    m
                })
                .collect()
        });
        let kinds = check_kinds(
            kinds,
            &checked,
            moves.as_deref(),
            tracks.len(),
            &mut problems,
        );
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
            kinds,
            succeeds,
        })
    }
}

/// Each symbol read (letter, name, plural); one whose letter is not one
/// letter, or is given twice, is left out and its problem said.
fn check_symbols(symbols: &[SymbolDecl], problems: &mut Vec<String>) -> Vec<Symbol> {
    list_size(
        "symbols",
        symbols.len(),
        MAX_SYMBOLS,
        "its letter and name",
        problems,
    );
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
    checked
}

/// A declared list's problem with its size: none, or more than `most`.
fn list_size(list: &str, n: usize, most: usize, each: &str, problems: &mut Vec<String>) {
    if n == 0 {
        problems.push(format!("{list}: none; list each with {each}"));
    } else if n > most {
        problems.push(format!("{list}: {n} of them, at most {most}"));
    }
}

/// Each symbol's partner in a cancelling pair, if it is in one.
fn pairs(symbols: &[SymbolDecl], problems: &mut Vec<String>) -> Vec<Option<usize>> {
    let mut partner: Vec<Option<usize>> = vec![None; symbols.len()];
    for (i, s) in symbols.iter().enumerate() {
        let Some(other) = s.cancels else { continue };
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
    partner
}

/// The symbol each also counts as (a triumph as a success), if any.
fn counts(
    symbols: &[SymbolDecl],
    partner: &[Option<usize>],
    problems: &mut Vec<String>,
) -> Vec<Option<usize>> {
    let mut also: Vec<Option<usize>> = vec![None; symbols.len()];
    for (i, s) in symbols.iter().enumerate() {
        let Some(other) = s.counts_as else { continue };
        match find_symbol(symbols, other) {
            None => problems.push(format!(
                "symbols: '{}' counts as '{other}', which is not a symbol here",
                s.name
            )),
            Some(j) if j == i => {
                problems.push(format!("symbols: '{}' cannot count as itself", s.name))
            }
            Some(j) if symbols[j].counts_as.is_some() => problems.push(format!(
                "symbols: '{}' counts as '{}', which counts as another in turn; name the last one",
                s.name, symbols[j].name
            )),
            Some(_) if partner[i].is_some() => problems.push(format!(
                "symbols: '{}' counts as another, so it is kept: it cannot cancel or be cancelled",
                s.name
            )),
            Some(j) => also[i] = Some(j),
        }
    }
    also
}

/// The tracks the symbols count on, and each symbol's track and side:
/// a symbol alone its own track, counted up; a cancelling pair one
/// track, counted up by the symbol declared first and down by the other.
fn tracks(partner: &[Option<usize>]) -> (Vec<Track>, Vec<(usize, i64)>) {
    let mut tracks: Vec<Track> = Vec::new();
    let mut track_of: Vec<(usize, i64)> = vec![(0, 0); partner.len()];
    for i in 0..partner.len() {
        let down = partner[i].filter(|&j| j > i);
        if partner[i].is_none() || down.is_some() {
            track_of[i] = (tracks.len(), 1);
            if let Some(j) = down {
                track_of[j] = (tracks.len(), -1);
            }
            tracks.push(Track { up: i, down });
        }
    }
    (tracks, track_of)
}

/// Each kind read, its faces as what they add to each track (`moves`:
/// what one of each symbol adds, by the symbols' order).
fn check_kinds(
    kinds: &[KindDecl],
    symbols: &[Symbol],
    moves: Option<&[Vec<(usize, i64)>]>,
    tracks: usize,
    problems: &mut Vec<String>,
) -> Vec<Kind> {
    list_size(
        "kinds",
        kinds.len(),
        MAX_KINDS,
        "its letter, name and faces",
        problems,
    );
    let mut checked: Vec<Kind> = Vec::new();
    for k in kinds {
        let letter = match letter_of(k.letter, &format!("kind '{}':", k.name)) {
            Ok(c) if checked.iter().any(|o| o.letter == c) => {
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
            let n = k.faces.len();
            problems.push(format!(
                "kinds: '{}' has {n} {}; a die has 2 to {MAX_FACES}",
                k.name,
                if n == 1 { "face" } else { "faces" }
            ));
        }
        let mut kind = Kind {
            letter,
            name: k.name.trim().to_string(),
            faces: Vec::new(),
            moves: Vec::new(),
        };
        for face in k.faces {
            let face = match face.trim() {
                "-" => "",
                face => face,
            };
            let mut adds = vec![0i64; tracks];
            for c in face.chars() {
                match (symbols.iter().position(|s| s.letter == c), moves) {
                    (Some(i), Some(moves)) => {
                        for &(t, by) in &moves[i] {
                            adds[t] += by;
                        }
                    }
                    (Some(_), None) => {}
                    (None, _) => problems.push(format!(
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
            kind.moves.push(counted(&adds));
            kind.faces.push(face.to_string());
        }
        checked.push(kind);
    }
    checked
}

/// A face's moves in the form they are counted in. Only a set without
/// problems is rolled, and its tracks (at most `MAX_SYMBOLS`) and moves
/// (at most `MAX_ON_FACE` a face) fit; what this makes of a set with
/// problems is never used, so there it need only not fail.
fn counted(adds: &[i64]) -> super::Net {
    let mut net = [0; MAX_SYMBOLS];
    for (n, &by) in net.iter_mut().zip(adds) {
        *n = by.clamp(i16::MIN.into(), i16::MAX.into()) as i16;
    }
    net
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
