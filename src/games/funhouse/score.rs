//! Each room's arithmetic, from what is on the table, with its working.
//!
//! A piece's value is the room's business: null counts 0 in Slide Jam, the
//! mirror and Trampo-Land, but 1 in the Catwalk (DESIGN.md).

use serde::{Deserialize, Serialize};

use super::room::Room;
use crate::pieces::{Piece, Rank, Suit};
use crate::style::plural;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ScoreError(pub String);

fn err<T>(msg: impl Into<String>) -> Result<T, ScoreError> {
    Err(ScoreError(msg.into()))
}

/// One line of the working: what it is and the points it adds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    pub label: String,
    pub points: u32,
}

/// A room's score with its working and the inputs it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Score {
    pub room: String,
    /// The inputs as entered, normalised (so they can be typed back).
    pub inputs: Vec<String>,
    pub terms: Vec<Term>,
    pub total: u32,
}

fn term(label: impl Into<String>, points: u32) -> Term {
    Term {
        label: label.into(),
        points,
    }
}

fn finish(room: Room, inputs: Vec<String>, terms: Vec<Term>) -> Score {
    let total = terms.iter().map(|t| t.points).sum();
    Score {
        room: room.id().to_string(),
        inputs,
        terms,
        total,
    }
}

/// Score `room` from the words after its name.
pub fn score(room: Room, args: &[String]) -> Result<Score, ScoreError> {
    match room {
        Room::SlideJam => slide_jam(args),
        Room::MagicMirror => magic_mirror(args),
        Room::Catwalk => catwalk(args),
        Room::Barrels => barrels(args),
        Room::WhackADummy => whack(args),
        Room::TrampoLand => trampo(args),
    }
}

fn tile(s: &str) -> Result<Piece, ScoreError> {
    s.parse::<Piece>().map_err(|e| ScoreError(e.to_string()))
}

/// Tiles, each at most once.
fn tiles(words: &[String]) -> Result<Vec<Piece>, ScoreError> {
    let out = crate::pieces::distinct_tiles(words).map_err(|e| ScoreError(e.to_string()))?;
    if out.len() > 24 {
        return err(format!("{} tiles: a piecepack has 24", out.len()));
    }
    Ok(out)
}

fn is_none(args: &[String]) -> bool {
    matches!(args, [one] if one.eq_ignore_ascii_case("none"))
}

fn slide_jam(args: &[String]) -> Result<Score, ScoreError> {
    if args.is_empty() {
        return err("list the tiles left on the board (score slide-jam Cn A3 A5), or `none`");
    }
    let left = if is_none(args) {
        Vec::new()
    } else {
        tiles(args)?
    };
    if (24 - left.len()) % 3 != 0 {
        return err(format!(
            "{} {} left: families of three come off, so 24, 21, 18, ... 3 or 0 remain",
            left.len(),
            crate::style::plural(left.len() as u64, "tile", "tiles")
        ));
    }
    let terms = left
        .iter()
        .map(|t| term(t.to_string(), t.rank.index() as u32))
        .collect();
    let inputs = if left.is_empty() {
        vec!["none".into()]
    } else {
        left.iter().map(|t| t.to_string()).collect()
    };
    Ok(finish(Room::SlideJam, inputs, terms))
}

/// How two suits across the mirror are related (an interpretation, from
/// the Catwalk compass: Suns north, Crowns east, Arms south, Moons west).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kinship {
    Twins,
    Cousins,
    Distant,
}

impl Kinship {
    pub fn of(a: Suit, b: Suit) -> Kinship {
        let opposite = |s: Suit| match s {
            Suit::Suns => Suit::Arms,
            Suit::Arms => Suit::Suns,
            Suit::Crowns => Suit::Moons,
            Suit::Moons => Suit::Crowns,
        };
        if a == b {
            Kinship::Twins
        } else if opposite(a) == b {
            Kinship::Distant
        } else {
            Kinship::Cousins
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kinship::Twins => "Identical Twins",
            Kinship::Cousins => "Cousins",
            Kinship::Distant => "Distant Relatives",
        }
    }

    pub fn points(self) -> u32 {
        match self {
            Kinship::Twins => 0,
            Kinship::Cousins => 1,
            Kinship::Distant => 2,
        }
    }
}

/// The largest count any `key=N` input takes (the Whack-a-Dummy
/// penalties are the only count that can go past a room's 24 pieces).
const MAX_COUNT: u32 = 1000;

/// `key=N` with N a whole number, naming the token when it is not.
fn count(word: &str, key: &str) -> Result<Option<u32>, ScoreError> {
    let Some((k, v)) = word.split_once('=') else {
        return Ok(None);
    };
    if !k.eq_ignore_ascii_case(key) {
        return Ok(None);
    }
    // Counts are bounded before any arithmetic, so no sum of them can
    // overflow into a wrong total.
    match v.parse::<u32>() {
        Ok(n) if n <= MAX_COUNT => Ok(Some(n)),
        Ok(_) => err(format!(
            "'{word}': {key} is at most {MAX_COUNT}; no room has more"
        )),
        Err(_) if !v.is_empty() && v.chars().all(|c| c.is_ascii_digit()) => err(format!(
            "'{word}': {key} is at most {MAX_COUNT}; no room has more"
        )),
        Err(_) => err(format!("'{word}': {key} takes a whole number of 0 or more")),
    }
}

/// Read `key=N` words into the named slots; refuse anything else.
fn counts<const N: usize>(
    args: &[String],
    keys: [&str; N],
) -> Result<[Option<u32>; N], ScoreError> {
    let mut out = [None; N];
    for w in args {
        let mut matched = false;
        for (i, k) in keys.iter().enumerate() {
            if let Some(n) = count(w, k)? {
                if out[i].is_some() {
                    return err(format!("{k} is given twice"));
                }
                out[i] = Some(n);
                matched = true;
            }
        }
        if !matched {
            return err(format!(
                "'{w}' is not understood here: expected {}",
                keys.map(|k| format!("{k}=N")).join(", ")
            ));
        }
    }
    Ok(out)
}

fn magic_mirror(args: &[String]) -> Result<Score, ScoreError> {
    if args.is_empty() {
        return err(
            "list the pairs taken, then `left` and the tiles left on one side (score magic-mirror C3+A2 left S4 M5 ...), or counts (twins=N cousins=N distant=N strangers=N)",
        );
    }
    if args.iter().any(|a| a.contains('=')) {
        return magic_mirror_counts(args);
    }
    let split = args.iter().position(|a| a.eq_ignore_ascii_case("left"));
    let (pair_words, left_words) = match split {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &args[args.len()..]),
    };
    let mut seen: Vec<Piece> = Vec::new();
    let mut terms = Vec::new();
    let mut inputs = Vec::new();
    for w in pair_words {
        let Some((a, b)) = w.split_once('+') else {
            return err(format!(
                "'{w}' is not a pair: write the two tiles joined by +, like C3+A2 (then `left` and the tiles left on one side)"
            ));
        };
        let (a, b) = (tile(a)?, tile(b)?);
        for t in [a, b] {
            if seen.contains(&t) {
                return err(format!("tile {t} is entered twice"));
            }
            seen.push(t);
        }
        let sum = a.rank.index() + b.rank.index();
        if sum != 5 {
            return err(format!(
                "pair {a}+{b} totals {sum}, not 5 (null counts 0: n+5, a+4, 2+3)"
            ));
        }
        let kin = Kinship::of(a.suit, b.suit);
        terms.push(term(format!("{a}+{b} {}", kin.name()), kin.points()));
        inputs.push(format!("{a}+{b}"));
    }
    let left = tiles(left_words)?;
    if let Some(t) = left.iter().find(|t| seen.contains(t)) {
        return err(format!("tile {t} is entered twice"));
    }
    let pairs = pair_words.len();
    if pairs > 12 {
        return err(format!(
            "{pairs} pairs: each side of the mirror has 12 tiles"
        ));
    }
    if pairs + left.len() != 12 {
        return err(format!(
            "{pairs} pairs and {} tiles left make {} for one side of the mirror; a side has 12 (list the {} left on one side after `left`)",
            left.len(),
            pairs + left.len(),
            12 - pairs
        ));
    }
    inputs.push("left".into());
    for t in &left {
        terms.push(term(format!("{t} Identical Stranger"), 3));
        inputs.push(t.to_string());
    }
    Ok(finish(Room::MagicMirror, inputs, terms))
}

fn magic_mirror_counts(args: &[String]) -> Result<Score, ScoreError> {
    let [tw, co, di, st] = counts(args, ["twins", "cousins", "distant", "strangers"])?;
    let (tw, co, di, st) = (
        tw.unwrap_or(0),
        co.unwrap_or(0),
        di.unwrap_or(0),
        st.unwrap_or(0),
    );
    if tw + co + di + st != 12 {
        return err(format!(
            "{tw} twins + {co} cousins + {di} distant + {st} strangers make {}; pairs plus the tiles left on one side are the 12 tiles of a side",
            tw + co + di + st
        ));
    }
    let terms = vec![
        term(format!("{tw} Identical Twins x 0"), 0),
        term(format!("{co} Cousins x 1"), co),
        term(format!("{di} Distant Relatives x 2"), di * 2),
        term(format!("{st} Identical Strangers x 3"), st * 3),
    ];
    let inputs = vec![
        format!("twins={tw}"),
        format!("cousins={co}"),
        format!("distant={di}"),
        format!("strangers={st}"),
    ];
    Ok(finish(Room::MagicMirror, inputs, terms))
}

/// A coin or tile value in the Catwalk: null and ace both count 1.
fn catwalk_value(r: Rank) -> u32 {
    (r.index() as u32).max(1)
}

fn catwalk(args: &[String]) -> Result<Score, ScoreError> {
    if args.is_empty() {
        return err("list each fallen coin times its tile (score catwalk 5xn 4xn nx3), or `none`");
    }
    if is_none(args) {
        return Ok(finish(Room::Catwalk, vec!["none".into()], Vec::new()));
    }
    if args.len() > 6 {
        return err(format!(
            "{} coins: one suit of six coins is flicked",
            args.len()
        ));
    }
    let mut coins: Vec<Rank> = Vec::new();
    let mut terms = Vec::new();
    let mut inputs = Vec::new();
    for w in args {
        // Split the word as typed, so a message quotes it as typed.
        let Some(at) = w.find(['x', 'X', '*']) else {
            return err(format!(
                "'{w}' is not coin x tile: write the coin's value, x, and the tile it fell from, like 5xn"
            ));
        };
        let (c, t) = (&w[..at], &w[at + 1..]);
        let coin: Rank = c.parse().map_err(|_| {
            ScoreError(format!(
                "'{c}' in '{w}' is not a coin value: expected n, a, 2, 3, 4 or 5"
            ))
        })?;
        // The tile may be a value or a full code (C3).
        let tile_rank = match t.parse::<Rank>() {
            Ok(r) => r,
            Err(_) => tile(t)
                .map_err(|_| {
                    ScoreError(format!(
                        "'{t}' in '{w}' is not a tile: expected a value (n a 2 3 4 5) or a code like C3"
                    ))
                })?
                .rank,
        };
        if coins.contains(&coin) {
            return err(format!(
                "coin {coin} is entered twice: the six coins of one suit are all different"
            ));
        }
        coins.push(coin);
        let (cv, tv) = (catwalk_value(coin), catwalk_value(tile_rank));
        terms.push(term(
            format!("coin {coin} x tile {tile_rank} = {cv} x {tv}"),
            cv * tv,
        ));
        inputs.push(format!("{coin}x{tile_rank}"));
    }
    if coins.len() == 6 {
        terms.push(term("all six coins fell: penalty", 10));
    }
    Ok(finish(Room::Catwalk, inputs, terms))
}

/// The farthest any coin of a 4x6 grid is from the exit corner.
const BARRELS_MAX_DISTANCE: u32 = 3 + 5;

fn barrels(args: &[String]) -> Result<Score, ScoreError> {
    let [one] = args else {
        return err(
            "give one number: the distance from the nearest coin the die reached to the exit (0 if it got out)",
        );
    };
    let n: u32 = one.parse().map_err(|_| {
        ScoreError(format!(
            "'{one}' is not a distance: expected a whole number from 0 to {BARRELS_MAX_DISTANCE}"
        ))
    })?;
    if n > BARRELS_MAX_DISTANCE {
        return err(format!(
            "distance {n}: no coin of the 4x6 grid is more than {BARRELS_MAX_DISTANCE} steps from the exit"
        ));
    }
    let label = if n == 0 {
        "the die got out".to_string()
    } else {
        format!(
            "{n} {} short of the exit",
            plural(n.into(), "step", "steps")
        )
    };
    Ok(finish(
        Room::Barrels,
        vec![n.to_string()],
        vec![term(label, n)],
    ))
}

fn whack(args: &[String]) -> Result<Score, ScoreError> {
    let mut complete = None;
    let mut rest = Vec::new();
    for a in args {
        match a.to_ascii_lowercase().as_str() {
            "complete" | "completed" | "done" => complete = Some(true),
            "incomplete" | "stuck" => complete = Some(false),
            _ => rest.push(a.clone()),
        }
    }
    let Some(complete) = complete else {
        return err(
            "say `complete` or `incomplete` (and penalties=N, the number of 10-point penalties)",
        );
    };
    let [penalties] = counts(&rest, ["penalties"])?;
    let p = penalties.unwrap_or(0);
    let mut terms = vec![if complete {
        term("completed: all four corners", 0)
    } else {
        term("not completed", 15)
    }];
    if p > 0 {
        terms.push(term(
            format!("{p} {} x 10", plural(p.into(), "penalty", "penalties")),
            p * 10,
        ));
    }
    let inputs = vec![
        if complete { "complete" } else { "incomplete" }.to_string(),
        format!("penalties={p}"),
    ];
    Ok(finish(Room::WhackADummy, inputs, terms))
}

fn trampo(args: &[String]) -> Result<Score, ScoreError> {
    let [kids, adults] = counts(args, ["kids", "adults"])?;
    if kids.is_none() && adults.is_none() {
        return err("give kids=K adults=A: the kids and adults (pawns) left on the trampolines");
    }
    let (k, a) = (kids.unwrap_or(0), adults.unwrap_or(0));
    if k > 9 {
        return err(format!("kids={k}: there are 9 kids"));
    }
    if a > 4 {
        return err(format!("adults={a}: there are 4 adults besides you"));
    }
    let terms = vec![
        term(
            format!("{k} {} x 4", plural(k.into(), "kid", "kids")),
            k * 4,
        ),
        term(
            format!("{a} {} x 1", plural(a.into(), "adult", "adults")),
            a,
        ),
    ];
    Ok(finish(
        Room::TrampoLand,
        vec![format!("kids={k}"), format!("adults={a}")],
        terms,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(room: Room, line: &str) -> Result<Score, ScoreError> {
        let words: Vec<String> = line.split_whitespace().map(String::from).collect();
        score(room, &words)
    }

    fn total(room: Room, line: &str) -> u32 {
        s(room, line).unwrap().total
    }

    fn refused(room: Room, line: &str) -> String {
        s(room, line).unwrap_err().0
    }

    #[test]
    fn slide_jam_sums_values_with_null_zero() {
        assert_eq!(total(Room::SlideJam, "Cn A3 A5"), 8);
        assert_eq!(total(Room::SlideJam, "none"), 0);
        assert_eq!(total(Room::SlideJam, "Sa S2 S3 S4 S5 Sn"), 15);
        assert!(refused(Room::SlideJam, "Cn A3").contains("2 tiles left"));
        assert_eq!(
            refused(Room::SlideJam, "Cn Cn A3"),
            "tile Cn is entered twice"
        );
        assert!(refused(Room::SlideJam, "Cn A7 S2").contains("'A7'"));
    }

    #[test]
    fn magic_mirror_classifies_pairs() {
        let sc = s(
            Room::MagicMirror,
            "S3+S2 S4+Ca C5+An Mn+A5 left M2 M3 M4 C2 C3 C4 A2 A3",
        )
        .unwrap();
        let labels: Vec<&str> = sc.terms.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels[0], "S3+S2 Identical Twins");
        assert_eq!(labels[1], "S4+Ca Cousins");
        assert_eq!(labels[2], "C5+An Cousins");
        assert_eq!(labels[3], "Mn+A5 Cousins");
        // 0 + 1 + 1 + 1 + 8 strangers x 3.
        assert_eq!(sc.total, 27);
        let sc = s(
            Room::MagicMirror,
            "S2+A3 C4+Ma left Sn S5 S3 S4 Sa C5 Cn C3 C2 Ca",
        )
        .unwrap();
        assert_eq!(sc.terms[0].label, "S2+A3 Distant Relatives");
        assert_eq!(sc.terms[1].label, "C4+Ma Distant Relatives");
        assert_eq!(sc.total, 4 + 30);
        assert_eq!(
            total(Room::MagicMirror, "twins=3 cousins=1 distant=5 strangers=3"),
            20
        );
    }

    #[test]
    fn magic_mirror_refusals() {
        assert_eq!(
            refused(Room::MagicMirror, "S3+M3 left"),
            "pair S3+M3 totals 6, not 5 (null counts 0: n+5, a+4, 2+3)"
        );
        assert!(refused(Room::MagicMirror, "S3+S2 left M2").contains("make 2 for one side"));
        assert!(refused(Room::MagicMirror, "twins=3 cousins=1").contains("make 4"));
        assert!(refused(Room::MagicMirror, "twins=-1").contains("'twins=-1'"));
        assert_eq!(
            refused(Room::MagicMirror, "S3+S2 S3+M2"),
            "tile S3 is entered twice"
        );
        assert!(refused(Room::MagicMirror, "S3S2").contains("'S3S2' is not a pair"));
    }

    #[test]
    fn catwalk_example_from_the_rules() {
        // 5 off a null tile, 4 off a null tile, null off a 3 tile: 12.
        let sc = s(Room::Catwalk, "5xn 4xn nx3").unwrap();
        assert_eq!(sc.total, 12);
        assert_eq!(
            sc.terms.iter().map(|t| t.points).collect::<Vec<_>>(),
            vec![5, 4, 3]
        );
        assert_eq!(total(Room::Catwalk, "none"), 0);
        // All six fell: products plus the 10-point penalty.
        assert_eq!(
            total(Room::Catwalk, "nxn axa 2x2 3x3 4x4 5x5"),
            1 + 1 + 4 + 9 + 16 + 25 + 10
        );
        assert_eq!(total(Room::Catwalk, "5xC3"), 15);
    }

    #[test]
    fn catwalk_refusals() {
        assert!(refused(Room::Catwalk, "5xn 5x2").contains("coin 5 is entered twice"));
        assert!(refused(Room::Catwalk, "nxn axa 2x2 3x3 4x4 5x5 5x5").contains("7 coins"));
        assert!(refused(Room::Catwalk, "7xn").contains("'7' in '7xn'"));
        assert!(refused(Room::Catwalk, "5").contains("'5' is not coin x tile"));
    }

    #[test]
    fn barrels_whack_trampo() {
        assert_eq!(total(Room::Barrels, "0"), 0);
        assert_eq!(total(Room::Barrels, "3"), 3);
        assert!(refused(Room::Barrels, "9").contains("distance 9"));
        assert!(refused(Room::Barrels, "-1").contains("'-1'"));
        assert_eq!(total(Room::WhackADummy, "complete penalties=2"), 20);
        assert_eq!(total(Room::WhackADummy, "incomplete"), 15);
        assert_eq!(total(Room::WhackADummy, "incomplete penalties=1"), 25);
        assert!(refused(Room::WhackADummy, "penalties=1").contains("complete"));
        assert!(refused(Room::WhackADummy, "complete penalties=x").contains("'penalties=x'"));
        assert_eq!(total(Room::TrampoLand, "kids=2 adults=1"), 9);
        assert_eq!(total(Room::TrampoLand, "kids=0 adults=0"), 0);
        assert!(refused(Room::TrampoLand, "kids=10").contains("9 kids"));
        assert!(refused(Room::TrampoLand, "kids=1 adults=5").contains("4 adults"));
        assert!(refused(Room::TrampoLand, "kids=1 grownups=2").contains("'grownups=2'"));
    }
}
