//! The Piece Gaps tableau and its rules, free of I/O: twenty tiles and
//! four gaps on the grid of four rows of six, which gap takes which
//! tile, and when a row is in order.
//!
//! A space holds a tile's code (1 to 20: suit by suit, ace to five) or
//! 0 for a gap, so a whole tableau packs into one `u128` for the
//! solver's tables.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::error::Misread;
use crate::games::six_by_four::{FILES, RANKS, SPACES, Space};
use crate::pieces::{Piece, Rank, Suit};

/// Tiles on the grid once the nulls are out.
pub const TILES: usize = 20;
/// Ranks a suit runs through: ace to five.
const RUN: u8 = 5;

/// The 24 orders of the four rows.
const ROW_ORDERS: [[u8; 4]; 24] = {
    let mut out = [[0; 4]; 24];
    let mut n = 0;
    let mut i = 0;
    while i < 256 {
        let o = [
            i as u8 & 3,
            (i >> 2) as u8 & 3,
            (i >> 4) as u8 & 3,
            (i >> 6) as u8 & 3,
        ];
        let seen = (1u8 << o[0]) | (1 << o[1]) | (1 << o[2]) | (1 << o[3]);
        if seen == 0b1111 {
            out[n] = o;
            n += 1;
        }
        i += 1;
    }
    out
};

/// Suits renamed 0, 1, 2, 3 in the order they are first met.
#[derive(Default)]
struct Renamed {
    names: [Option<u8>; 4],
    next: u8,
}

impl Renamed {
    /// The new name of a tile's suit.
    fn name(&mut self, c: Code) -> u8 {
        let suit = usize::from((c - 1) / RUN);
        *self.names[suit].get_or_insert_with(|| {
            self.next += 1;
            self.next - 1
        })
    }
}

/// A tile as the solver knows it: 1 to 20 (0 is a gap).
pub type Code = u8;

pub fn code(p: Piece) -> Option<Code> {
    let r = p.rank.index();
    (r > 0).then(|| p.suit as u8 * RUN + r)
}

pub fn piece(c: Code) -> Piece {
    let i = c - 1;
    Piece::new(
        Suit::ALL[usize::from(i / RUN)],
        Rank::from_index(i % RUN + 1).unwrap_or(Rank::Ace),
    )
}

/// 0 for an ace, 4 for a five.
fn step(c: Code) -> u8 {
    (c - 1) % RUN
}

/// What a gap right of a gap takes: nothing (our reading, as in the
/// classic Gaps patience), or any tile (as a gap at a row's left end).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AfterGap {
    #[default]
    Nothing,
    Any,
}

impl AfterGap {
    pub const WORDS: [&'static str; 2] = ["nothing", "any"];

    pub fn parse(word: &str) -> Option<AfterGap> {
        match word.to_ascii_lowercase().as_str() {
            "nothing" => Some(AfterGap::Nothing),
            "any" => Some(AfterGap::Any),
            _ => None,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            AfterGap::Nothing => "nothing",
            AfterGap::Any => "any",
        }
    }
}

/// What a gap takes, by what lies left of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    /// Any tile: the row's left end (or right of a gap, where the table
    /// plays so).
    Any,
    /// The one tile of the same suit one higher.
    One(Code),
    /// Nothing while a five lies left of it.
    AfterFive,
    /// Nothing: a gap lies left of it.
    AfterGap,
}

/// A tile moved into a gap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub tile: Code,
    pub from: Space,
    pub to: Space,
}

/// Twenty tiles and four gaps by space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Tableau(pub [Code; SPACES]);

impl Tableau {
    pub fn at(&self, s: Space) -> Code {
        self.0[s.index()]
    }

    /// The 24 tiles shuffled onto the grid and the nulls taken out
    /// (`shuffle` shuffles a list in place). Nulls are 0 already.
    pub fn deal(shuffle: impl FnOnce(&mut [Code])) -> Tableau {
        let mut t = [0; SPACES];
        for (i, c) in (1..=TILES as u8).enumerate() {
            t[i] = c;
        }
        shuffle(&mut t);
        Tableau(t)
    }

    /// Where a tile lies.
    pub fn find(&self, c: Code) -> Option<Space> {
        self.0
            .iter()
            .position(|&x| x == c)
            .and_then(Space::from_index)
    }

    pub fn gaps(&self) -> impl Iterator<Item = Space> + '_ {
        Space::all().filter(|&s| self.at(s) == 0)
    }

    /// What the gap at `gap` takes.
    pub fn takes(&self, gap: Space, rule: AfterGap) -> Takes {
        if gap.file() == 0 {
            return Takes::Any;
        }
        match self.at(Space::new(gap.file() - 1, gap.rank())) {
            0 if rule == AfterGap::Any => Takes::Any,
            0 => Takes::AfterGap,
            left if step(left) == RUN - 1 => Takes::AfterFive,
            left => Takes::One(left + 1),
        }
    }

    /// Every move allowed, gap by gap (rank 1 first, left to right), the
    /// tiles a gap that takes any tile takes in code order.
    pub fn moves(&self, rule: AfterGap) -> Vec<Move> {
        let mut out = Vec::new();
        for to in self.gaps() {
            match self.takes(to, rule) {
                Takes::Any => {
                    for from in Space::all() {
                        let tile = self.at(from);
                        if tile != 0 {
                            out.push(Move { tile, from, to });
                        }
                    }
                }
                Takes::One(tile) => {
                    if let Some(from) = self.find(tile) {
                        out.push(Move { tile, from, to });
                    }
                }
                Takes::AfterFive | Takes::AfterGap => {}
            }
        }
        out
    }

    /// Move a tile (the caller has checked the move is allowed).
    pub fn apply(&mut self, m: Move) {
        self.0[m.to.index()] = m.tile;
        self.0[m.from.index()] = 0;
    }

    /// How many tiles of a row stand in order from its left end: the
    /// row's ace at file a, its two of the same suit at b, and so on.
    pub fn run(&self, rank: u8) -> u8 {
        let first = self.at(Space::new(0, rank));
        if first == 0 || step(first) != 0 {
            return 0;
        }
        let mut n = 1;
        while n < RUN && self.at(Space::new(n, rank)) == first + n {
            n += 1;
        }
        n
    }

    /// Tiles home: in order from their row's left end.
    pub fn home(&self) -> u8 {
        (0..RANKS).map(|r| self.run(r)).sum()
    }

    /// Every row ace to five of one suit, from its left end.
    pub fn won(&self) -> bool {
        usize::from(self.home()) == TILES
    }

    /// Whether the tile on `s` stands in its row's run.
    pub fn is_home(&self, s: Space) -> bool {
        s.file() < self.run(s.rank())
    }

    /// The tableau as one number, for the solver's tables.
    pub fn key(&self) -> u128 {
        self.0.iter().fold(0u128, |k, &c| (k << 5) | u128::from(c))
    }

    /// One number for the tableau and every tableau that differs from
    /// it only in which row is which and which suit is which: the rules
    /// name no row and no suit (a gap takes by what lies left of it, and
    /// any suit may end in any row), so they are all won or all lost
    /// alike, and the solver need meet only one of them. The least key
    /// over the orders of the rows that sort them by their shapes (ranks,
    /// gaps and which tiles share a suit, which no renaming changes),
    /// each with the suits renamed in the order they are first met. Rows
    /// seldom share a shape, so most tableaux have one such order.
    pub fn symmetric_key(&self) -> u128 {
        let shapes: [u64; 4] = std::array::from_fn(|rank| self.shape(rank as u8));
        let mut least = u128::MAX;
        for order in ROW_ORDERS {
            if order
                .windows(2)
                .any(|w| shapes[usize::from(w[0])] > shapes[usize::from(w[1])])
            {
                continue;
            }
            let mut suits = Renamed::default();
            let mut k = 0u128;
            for rank in order {
                for file in 0..FILES {
                    let c = self.at(Space::new(file, rank));
                    let renamed = match c {
                        0 => 0,
                        c => suits.name(c) * RUN + step(c) + 1,
                    };
                    k = (k << 5) | u128::from(renamed);
                }
            }
            least = least.min(k);
        }
        least
    }

    /// A row's shape: each space's rank (0 a gap) and which of the row's
    /// suits its tile is, counted in the order the row meets them.
    fn shape(&self, rank: u8) -> u64 {
        let mut suits = Renamed::default();
        let mut shape = 0u64;
        for file in 0..FILES {
            let cell = match self.at(Space::new(file, rank)) {
                0 => 0,
                c => (step(c) + 1) << 3 | suits.name(c),
            };
            shape = (shape << 6) | u64::from(cell);
        }
        shape
    }

    pub fn from_key(mut k: u128) -> Tableau {
        let mut t = [0; SPACES];
        for c in t.iter_mut().rev() {
            *c = (k & 31) as Code;
            k >>= 5;
        }
        Tableau(t)
    }

    /// The tiles not home gathered, shuffled and laid again with a gap
    /// right of each row's run (the redeal of the Gaps patience, which
    /// the table may allow): `shuffle` shuffles them in place.
    pub fn redeal(&self, shuffle: impl FnOnce(&mut [Code])) -> Tableau {
        let mut loose: Vec<Code> = Space::all()
            .filter(|&s| self.at(s) != 0 && !self.is_home(s))
            .map(|s| self.at(s))
            .collect();
        shuffle(&mut loose);
        let mut loose = loose.into_iter();
        let mut t = [0; SPACES];
        for rank in 0..RANKS {
            let run = self.run(rank);
            for file in 0..FILES {
                let s = Space::new(file, rank);
                t[s.index()] = match file {
                    f if f < run => self.at(s),
                    f if f == run => 0,
                    _ => loose.next().unwrap_or(0),
                };
            }
        }
        Tableau(t)
    }

    /// Read the tiles the table laid, rank 4 first, each rank left to
    /// right: six of `Sa`, `M3`, ... or `.` for a gap; a null is taken
    /// out as dealt and leaves its gap.
    pub fn parse(text: &str) -> Result<Tableau, Misread> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != usize::from(RANKS) {
            return Err(Misread(format!(
                "'{text}' has {} {}: the tableau is four rows of six tiles, rank 4 first, like SaM3Sn.../...",
                rows.len(),
                crate::style::plural(rows.len() as u64, "row", "rows")
            )));
        }
        let mut t = [0; SPACES];
        let mut seen = [false; TILES + 1];
        for (i, row) in rows.iter().enumerate() {
            let rank = RANKS - 1 - i as u8;
            let tokens = tokens(row)?;
            if tokens.len() != usize::from(FILES) {
                return Err(Misread(format!(
                    "rank {} ('{row}') has {} tiles and gaps: a rank has six",
                    rank + 1,
                    tokens.len()
                )));
            }
            for (file, tile) in tokens.into_iter().enumerate() {
                let Some(c) = tile.and_then(code) else {
                    continue;
                };
                if std::mem::replace(&mut seen[usize::from(c)], true) {
                    return Err(Misread(format!("{} is laid twice", piece(c))));
                }
                t[Space::new(file as u8, rank).index()] = c;
            }
        }
        let missing: Vec<String> = (1..=TILES as u8)
            .filter(|&c| !seen[usize::from(c)])
            .map(|c| piece(c).to_string())
            .collect();
        if !missing.is_empty() {
            return Err(Misread(format!(
                "{} missing: the tableau holds every tile but the nulls",
                list(&missing)
            )));
        }
        Ok(Tableau(t))
    }
}

/// "S3 is", "S3 and M4 are".
fn list(names: &[String]) -> String {
    match names {
        [one] => format!("{one} is"),
        _ => format!("{} are", names.join(", ")),
    }
}

/// A rank's tokens: a tile (suit then rank) or `.` (`None`).
fn tokens(row: &str) -> Result<Vec<Option<Piece>>, Misread> {
    let mut out = Vec::new();
    let mut chars = row.chars();
    while let Some(c) = chars.next() {
        if c == '.' {
            out.push(None);
            continue;
        }
        let r = chars.next();
        let word: String = std::iter::once(c).chain(r).collect();
        let p: Piece = word.parse().map_err(|_| {
            Misread(format!(
                "'{word}' in '{row}' is not a tile: a tile is its suit then its rank, like Sa, M3 or A5, and . a gap"
            ))
        })?;
        out.push(Some(p));
    }
    Ok(out)
}

impl fmt::Display for Tableau {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..RANKS).rev() {
            for file in 0..FILES {
                match self.at(Space::new(file, rank)) {
                    0 => f.write_str(".")?,
                    c => write!(f, "{}", piece(c))?,
                }
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

impl TryFrom<String> for Tableau {
    type Error = Misread;
    fn try_from(s: String) -> Result<Tableau, Misread> {
        Tableau::parse(&s)
    }
}

impl From<Tableau> for String {
    fn from(t: Tableau) -> String {
        t.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tableau one move from won: S5 waits on f4 for the gap at e4.
    pub const NEARLY: &str = "SaS2S3S4.S5/MaM2M3M4M5./CaC2C3C4C5./AaA2A3A4A5.";

    fn sp(s: &str) -> Space {
        Space::parse(s).unwrap()
    }

    #[test]
    fn tiles_read_and_write_as_laid() {
        let t = Tableau::parse(NEARLY).unwrap();
        assert_eq!(t.to_string(), NEARLY);
        assert_eq!(Tableau::from_key(t.key()), t);
        // Nulls leave their gaps.
        let nulls = "SaS2S3S4SnS5/MaM2M3M4M5Mn/CaC2C3C4C5Cn/AaA2A3A4A5An";
        assert_eq!(Tableau::parse(nulls).unwrap(), t);
        assert_eq!(t.home(), 19);
        assert!(!t.won());
        assert_eq!(
            Tableau::parse("SaS2/x").unwrap_err().0,
            "'SaS2/x' has 2 rows: the tableau is four rows of six tiles, rank 4 first, like SaM3Sn.../..."
        );
        assert_eq!(
            Tableau::parse("SaS2S3S4.S5/MaM2M3M4M5/CaC2C3C4C5./AaA2A3A4A5.")
                .unwrap_err()
                .0,
            "rank 3 ('MaM2M3M4M5') has 5 tiles and gaps: a rank has six"
        );
        assert_eq!(
            Tableau::parse("SaS2S3S4.S5/MaM2M3M4M5./CaC2C3C4C5./AaA2A3A4S5.")
                .unwrap_err()
                .0,
            "S5 is laid twice"
        );
        assert_eq!(
            Tableau::parse("SaS2S3S4../MaM2M3M4M5./CaC2C3C4C5./AaA2A3A4A5.")
                .unwrap_err()
                .0,
            "S5 is missing: the tableau holds every tile but the nulls"
        );
        assert_eq!(
            Tableau::parse("SaS2S3S4.S5/MaM2M3M4M5./CaC2C3C4C5./AaA2A3A4X5.")
                .unwrap_err()
                .0,
            "'X5' in 'AaA2A3A4X5.' is not a tile: a tile is its suit then its rank, like Sa, M3 or A5, and . a gap"
        );
    }

    #[test]
    fn rows_and_suits_renamed_are_one_tableau() {
        let t = Tableau::parse("SaS2M5S4.S5/MaM2M3M4S3./CaC2A5.C4C5/AaA2A3A4C3.").unwrap();
        // The rows in another order, and suits S and C swapped.
        let u = Tableau::parse("AaA2A3A4S3./SaS2A5.S4S5/MaM2M3M4C3./CaC2M5C4.C5").unwrap();
        assert_eq!(t.symmetric_key(), u.symmetric_key());
        // A tile moved is another tableau.
        let v = Tableau::parse("AaA2A3A4S3./SaS2A5S4.S5/MaM2M3M4C3./CaC2M5C4.C5").unwrap();
        assert_ne!(t.symmetric_key(), v.symmetric_key());
    }

    #[test]
    fn what_each_gap_takes() {
        let t = Tableau::parse(NEARLY).unwrap();
        // e4 right of S4 takes S5; f3, f2, f1 lie right of fives.
        assert_eq!(t.takes(sp("e4"), AfterGap::Nothing), Takes::One(5));
        assert_eq!(t.takes(sp("f3"), AfterGap::Nothing), Takes::AfterFive);
        let m = t.moves(AfterGap::Nothing);
        assert_eq!(
            m,
            vec![Move {
                tile: 5,
                from: sp("f4"),
                to: sp("e4")
            }]
        );
        let mut won = t;
        won.apply(m[0]);
        assert!(won.won());
        // A gap right of a gap takes nothing, or anything where the
        // table plays so; a gap at the left end takes anything.
        let t = Tableau::parse("..S3S4S2S5/MaM2M3M4M5./CaC2C3C4C5./AaA2A3A4A5Sa").unwrap();
        assert_eq!(t.takes(sp("b4"), AfterGap::Nothing), Takes::AfterGap);
        assert_eq!(t.takes(sp("b4"), AfterGap::Any), Takes::Any);
        assert_eq!(t.takes(sp("a4"), AfterGap::Nothing), Takes::Any);
        assert_eq!(t.moves(AfterGap::Nothing).len(), 20);
        assert_eq!(t.moves(AfterGap::Any).len(), 40);
    }

    #[test]
    fn a_redeal_keeps_the_runs_and_gaps_after_them() {
        let t = Tableau::parse("SaS2M5S4.S5/MaM2M3M4S3./CaC2A5.C4C5/AaA2A3A4C3.").unwrap();
        assert_eq!((t.run(3), t.run(2), t.run(1), t.run(0)), (2, 4, 2, 4));
        let r = t.redeal(|v| v.reverse());
        assert_eq!(
            r.to_string(),
            "SaS2.C4A5C3/MaM2M3M4.C5/CaC2.S4M5S3/AaA2A3A4.S5"
        );
        assert_eq!(r.home(), t.home());
    }
}
