//! The Mathrix grid, free of I/O: 24 coins on four rows of six spaces,
//! files `a` to `f` from left to right and ranks `1` (the near row) to
//! `4`, as the text's diagram names them; the coins still on it as a set
//! of spaces; and the strings of coins that make equations.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::sums::{Equation, Misread, Ops, equation};
use crate::pieces::Rank;

pub use crate::games::six_by_four::{FILES, RANKS, SPACES, Space};

/// Every space with its coin: the deal.
pub const FULL: u32 = (1 << SPACES) - 1;

/// The 24 coin values as dealt, by space (null 0, ace 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Coins(pub [u8; SPACES]);

impl Coins {
    pub fn at(&self, s: Space) -> u8 {
        self.0[s.index()]
    }

    /// A piecepack's 24 coins shuffled onto the grid (`shuffle` shuffles
    /// a list in place).
    pub fn deal(shuffle: impl FnOnce(&mut [u8])) -> Coins {
        let mut all = [0u8; SPACES];
        for (i, v) in all.iter_mut().enumerate() {
            *v = (i % 6) as u8;
        }
        shuffle(&mut all);
        Coins(all)
    }

    /// Read rank 4 (the far row) first, left to right, `/` between the
    /// rows (optional): `n4n1a3/...`; `n` or `0` null, `a` or `1` ace.
    /// A piecepack has four coins of each value.
    pub fn parse(text: &str) -> Result<Coins, Misread> {
        let mut values = Vec::new();
        for c in text
            .chars()
            .filter(|c| !c.is_whitespace() && !matches!(c, '/' | ','))
        {
            let r: Rank = c.to_string().parse().map_err(|_| {
                format!("'{c}' in coins={text} is not a value: expected n, a, 2, 3, 4 or 5")
            })?;
            values.push(r.index());
        }
        if values.len() != SPACES {
            return Err(format!(
                "coins={text} has {} values: the grid takes 24, rank 4 first, left to right (like 2a3n45/...)",
                values.len()
            ).into());
        }
        for v in 0..6u8 {
            let n = values.iter().filter(|&&x| x == v).count();
            if n != 4 {
                return Err(format!(
                    "coins={text} has {n} coins of {}: a piecepack has four of each value",
                    code(v)
                )
                .into());
            }
        }
        let mut coins = [0u8; SPACES];
        for (i, v) in values.into_iter().enumerate() {
            // Written far row first; kept near row first.
            let (rank, file) = (RANKS as usize - 1 - i / 6, i % 6);
            coins[rank * 6 + file] = v;
        }
        Ok(Coins(coins))
    }
}

/// A value as a piecepack writes it: n, a, 2 ... 5.
pub fn code(v: u8) -> &'static str {
    Rank::from_index(v).map_or("?", Rank::code)
}

impl fmt::Display for Coins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..RANKS).rev() {
            for file in 0..FILES {
                f.write_str(code(self.at(Space::new(file, rank))))?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

impl TryFrom<String> for Coins {
    type Error = Misread;
    fn try_from(s: String) -> Result<Coins, Misread> {
        Coins::parse(&s)
    }
}

impl From<Coins> for String {
    fn from(c: Coins) -> String {
        c.to_string()
    }
}

/// A string of coins that makes an equation, read in one direction: its
/// spaces as a set, the spaces in reading order, and the equation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sum {
    pub set: u32,
    pub read: Vec<Space>,
    pub equation: Equation,
}

/// Every straight run of two or more spaces of the grid, each in both
/// directions: rows read left-right and right-left, files up and down.
fn strings() -> Vec<Vec<Space>> {
    let mut lines: Vec<Vec<Space>> = Vec::new();
    for rank in 0..RANKS {
        lines.push((0..FILES).map(|f| Space::new(f, rank)).collect());
    }
    for file in 0..FILES {
        lines.push((0..RANKS).map(|r| Space::new(file, r)).collect());
    }
    let mut out = Vec::new();
    for line in lines {
        for i in 0..line.len() {
            for j in i + 2..=line.len() {
                let run = line[i..j].to_vec();
                let mut back = run.clone();
                back.reverse();
                out.push(run);
                out.push(back);
            }
        }
    }
    out
}

/// The strings of a deal that make equations with `ops`: a string can
/// be used while every one of its spaces holds its coin (the coins
/// never move, so these are all there will ever be).
#[derive(Debug, Clone)]
pub struct Sums {
    pub all: Vec<Sum>,
    /// The two-coin sums (equal coins side by side), each once.
    pairs: Vec<u32>,
    /// For each rank, by which of its six spaces hold coins, the coins of
    /// it that open sums take: the search's question, answered by ten
    /// lookups instead of a pass over every sum.
    ranks: [[u32; 64]; RANKS as usize],
    /// The same for each file, by its four spaces.
    files: [[u32; 16]; FILES as usize],
    /// For each rank and which of its spaces hold coins, for each file
    /// of it: the spaces every open sum of the rank through that space
    /// takes (every space, where none goes through it).
    rank_cores: [[[u32; FILES as usize]; 64]; RANKS as usize],
    /// The same for each file, by rank.
    file_cores: [[[u32; RANKS as usize]; 16]; FILES as usize],
    /// For each rank and which of its spaces hold coins, how many open
    /// sums of the rank take each of its spaces; and the same by file.
    rank_ways: [[[u8; FILES as usize]; 64]; RANKS as usize],
    file_ways: [[[u8; RANKS as usize]; 16]; FILES as usize],
}

impl Sums {
    pub fn of(coins: &Coins, ops: Ops) -> Sums {
        let all = strings()
            .into_iter()
            .filter_map(|read| {
                let values: Vec<u8> = read.iter().map(|&s| coins.at(s)).collect();
                let equation = equation(&values, ops)?;
                Some(Sum {
                    set: read.iter().fold(0, |m, s| m | s.bit()),
                    read,
                    equation,
                })
            })
            .collect::<Vec<Sum>>();
        let open = |on: u32| all.iter().filter(move |s| s.set & on == s.set);
        let takes = |on: u32| open(on).fold(0, |m, s| m | s.set);
        let ways = |on: u32, at: Space| open(on).filter(|s| s.set & at.bit() != 0).count() as u8;
        let core = |on: u32, at: Space| {
            open(on)
                .filter(|s| s.set & at.bit() != 0)
                .fold(FULL, |m, s| m & s.set)
        };
        let mut ranks = [[0; 64]; RANKS as usize];
        let mut rank_cores = [[[FULL; FILES as usize]; 64]; RANKS as usize];
        let mut rank_ways = [[[0; FILES as usize]; 64]; RANKS as usize];
        for rank in 0..RANKS {
            for held in 0..64u32 {
                let on = held << (rank * FILES);
                ranks[usize::from(rank)][held as usize] = takes(on);
                for file in 0..FILES {
                    let at = Space::new(file, rank);
                    let (r, h, f) = (usize::from(rank), held as usize, usize::from(file));
                    rank_cores[r][h][f] = core(on, at);
                    rank_ways[r][h][f] = ways(on, at);
                }
            }
        }
        let mut files = [[0; 16]; FILES as usize];
        let mut file_cores = [[[FULL; RANKS as usize]; 16]; FILES as usize];
        let mut file_ways = [[[0; RANKS as usize]; 16]; FILES as usize];
        for file in 0..FILES {
            for held in 0..16u32 {
                let on = file_set(file, held);
                files[usize::from(file)][held as usize] = takes(on);
                for rank in 0..RANKS {
                    let at = Space::new(file, rank);
                    let (f, h, r) = (usize::from(file), held as usize, usize::from(rank));
                    file_cores[f][h][r] = core(on, at);
                    file_ways[f][h][r] = ways(on, at);
                }
            }
        }
        let mut pairs: Vec<u32> = all
            .iter()
            .filter(|s| s.read.len() == 2)
            .map(|s| s.set)
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        Sums {
            all,
            pairs,
            ranks,
            files,
            rank_cores,
            file_cores,
            rank_ways,
            file_ways,
        }
    }

    /// The sums whose coins are all still on the grid.
    pub fn open(&self, on: u32) -> impl Iterator<Item = &Sum> {
        self.all.iter().filter(move |s| s.set & on == s.set)
    }

    /// The coins that may be taken now: every coin of an open sum.
    pub fn removable(&self, on: u32) -> u32 {
        let mut can = 0;
        for (rank, table) in self.ranks.iter().enumerate() {
            can |= table[rank_held(on, rank)];
        }
        for (file, table) in self.files.iter().enumerate() {
            can |= table[file_held(on, file)];
        }
        can
    }

    /// Whether two equal coins side by side are both still on the grid:
    /// the last move of a win takes one of such a pair (from two coins,
    /// only `x=x` is an equation), and coins never come back.
    pub fn has_pair(&self, on: u32) -> bool {
        !self.pairs.iter().all(|&p| p & !on != 0)
    }

    /// How many open sums take each space (by index), for the search's
    /// order of trying.
    pub fn ways(&self, on: u32) -> [u8; SPACES] {
        let mut ways = [0u8; SPACES];
        for rank in 0..RANKS as usize {
            let held = rank_held(on, rank);
            for file in 0..FILES as usize {
                ways[rank * FILES as usize + file] = self.rank_ways[rank][held][file];
            }
        }
        for file in 0..FILES as usize {
            let held = file_held(on, file);
            for rank in 0..RANKS as usize {
                ways[rank * FILES as usize + file] += self.file_ways[file][held][rank];
            }
        }
        ways
    }

    /// At least how many coins of `on` can never be taken, whatever is
    /// done (`can`: its removable coins), counted up to two. A coin no open sum takes stays
    /// (sums only ever close). So does one of two coins each of which
    /// every open sum through the other takes: whichever goes first
    /// closes the other's last sum.
    pub fn must_stay(&self, on: u32, can: u32) -> u32 {
        // The search asks only whether more than one must stay: it
        // counts no further than two.
        let stay = (on & !can).count_ones();
        if stay > 1 {
            return stay;
        }
        stay + self.locked_pairs(on, can, 2 - stay).count_ones()
    }

    /// One coin of each of up to `most` pairs of removable coins (`can`)
    /// of which one must stay: every open sum through either takes the
    /// other, so whichever goes first closes the other's last sum.
    pub fn locked_pairs(&self, on: u32, can: u32, most: u32) -> u32 {
        let mut cores = [FULL; SPACES];
        let ranks: [usize; RANKS as usize] = std::array::from_fn(|r| rank_held(on, r));
        let files: [usize; FILES as usize] = std::array::from_fn(|f| file_held(on, f));
        for s in Space::of(can) {
            let (f, r) = (usize::from(s.file()), usize::from(s.rank()));
            cores[s.index()] = self.rank_cores[r][ranks[r]][f] & self.file_cores[f][files[f]][r];
        }
        let (mut paired, mut one_of_each) = (0u32, 0u32);
        for s in Space::of(can) {
            if one_of_each.count_ones() >= most {
                break;
            }
            if paired & s.bit() != 0 {
                continue;
            }
            let others = cores[s.index()] & !s.bit() & !paired & can;
            if let Some(t) = Space::of(others).find(|t| cores[t.index()] & s.bit() != 0) {
                paired |= s.bit() | t.bit();
                one_of_each |= s.bit();
            }
        }
        one_of_each
    }

    /// A sum that lets `space` be taken now, the shortest first.
    pub fn through(&self, on: u32, space: Space) -> Option<&Sum> {
        self.open(on)
            .filter(|s| s.set & space.bit() != 0)
            .min_by_key(|s| s.read.len())
    }
}

/// Which of `rank`'s six spaces hold coins, as six bits (file a first).
fn rank_held(on: u32, rank: usize) -> usize {
    (on >> (rank * FILES as usize) & 63) as usize
}

/// Which of `file`'s four spaces hold coins, as four bits (rank 1 first).
fn file_held(on: u32, file: usize) -> usize {
    (0..RANKS as usize).fold(0, |h, r| h | ((on >> (r * FILES as usize + file)) & 1) << r) as usize
}

/// The spaces of `file` whose ranks `held` names (bit 0 rank 1).
fn file_set(file: u8, held: u32) -> u32 {
    (0..RANKS)
        .filter(|r| held >> r & 1 != 0)
        .fold(0, |m, r| m | Space::new(file, r).bit())
}

/// Every string of the grid that reads `values` in some direction, all
/// its coins on the grid and one of them on `space`.
pub fn reading(coins: &Coins, on: u32, space: Space, values: &[u8]) -> Option<Vec<Space>> {
    strings().into_iter().find(|read| {
        read.len() == values.len()
            && read.contains(&space)
            && read.iter().all(|&s| on & s.bit() != 0)
            && read.iter().map(|&s| coins.at(s)).eq(values.iter().copied())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text's example: reading down-up from d2, 2 + 2 = 4.
    pub const TEXT: &str = "n3n4aa/n2324a/55324n/5a2534";

    #[test]
    fn spaces_and_coins_read_and_write() {
        assert_eq!(Space::parse("c3").unwrap().to_string(), "c3");
        assert_eq!(Space::parse("F4").unwrap().to_string(), "f4");
        assert_eq!(Space::parse("g1"), None);
        assert_eq!(Space::parse("a5"), None);
        assert_eq!(Space::parse("a0"), None);
        let c = Coins::parse(TEXT).unwrap();
        assert_eq!(c.to_string(), TEXT);
        assert_eq!(c.at(Space::parse("a4").unwrap()), 0);
        assert_eq!(c.at(Space::parse("d2").unwrap()), 2);
        assert_eq!(c.at(Space::parse("f1").unwrap()), 4);
        assert_eq!(
            Coins::parse("n3n5aa").unwrap_err().to_string(),
            "coins=n3n5aa has 6 values: the grid takes 24, rank 4 first, left to right (like 2a3n45/...)"
        );
        assert_eq!(
            Coins::parse("n3n4aa/n2324a/55324n/5a253n")
                .unwrap_err()
                .to_string(),
            "coins=n3n4aa/n2324a/55324n/5a253n has 5 coins of n: a piecepack has four of each value"
        );
        assert_eq!(
            Coins::parse("n3n4aa/n2324a/55324n/5a2537")
                .unwrap_err()
                .to_string(),
            "'7' in coins=n3n4aa/n2324a/55324n/5a2537 is not a value: expected n, a, 2, 3, 4 or 5"
        );
    }

    #[test]
    fn the_texts_example_is_a_sum() {
        let c = Coins::parse(TEXT).unwrap();
        let sums = Sums::of(&c, Ops::ALL);
        let d2 = Space::parse("d2").unwrap();
        let read = reading(&c, FULL, d2, &[2, 2, 4]).unwrap();
        let names: Vec<String> = read.iter().map(Space::to_string).collect();
        assert_eq!(names, ["d2", "d3", "d4"]);
        assert!(sums.removable(FULL) & d2.bit() != 0);
        // The tables agree with a pass over every sum, on every set of a
        // sample.
        let mut rng = crate::random::TableRng::new(7);
        for _ in 0..2000 {
            let on = rng.below(1 << 24) as u32;
            let slow = sums.open(on).fold(0, |m, s| m | s.set);
            assert_eq!(sums.removable(on), slow, "{on:b}");
        }
        // With d3 gone, d2 d3 d4 is no string.
        let d3 = Space::parse("d3").unwrap();
        assert_eq!(reading(&c, FULL & !d3.bit(), d2, &[2, 2, 4]), None);
    }
}
