//! The mountain of Fuji-san and its rules of movement, free of I/O: two
//! rows of fourteen spaces (the twelve coin steps and a start space at
//! each end), the coins on the steps, the opening dice, and the moves a
//! position allows. Spaces are written as ppgames writes them: files `a`
//! to `n` from left to right, rank `2` the far (top) row and `1` the near.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::pieces::{Rank, Suit};

/// Spaces in a row: a start space, twelve steps, a start space.
pub const COLS: u8 = 14;
/// The coin steps in a row (files b to m).
pub const STEPS: usize = 12;

/// One space of the mountain: row 0 is the top row (rank 2), column 0
/// file `a`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Space(u8);

impl Space {
    pub fn new(row: u8, col: u8) -> Space {
        debug_assert!(row < 2 && col < COLS);
        Space(row * COLS + col)
    }

    pub fn row(self) -> u8 {
        self.0 / COLS
    }

    pub fn col(self) -> u8 {
        self.0 % COLS
    }

    /// Its bit in a set of spaces.
    pub fn bit(self) -> u32 {
        1 << self.0
    }

    /// Files g and h: the two spaces of each row at the summit.
    pub fn on_peak(self) -> bool {
        matches!(self.col(), 6 | 7)
    }

    /// How high it stands: 0 at a start space, 6 at the summit.
    pub fn level(self) -> u8 {
        let c = self.col();
        if c < 7 { c } else { 13 - c }
    }

    /// The coin step it is (0 to 11), if it is one.
    fn step(self) -> Option<usize> {
        (1..=12)
            .contains(&self.col())
            .then(|| usize::from(self.col() - 1))
    }

    /// `a1` ... `n2`, any case.
    pub fn parse(word: &str) -> Option<Space> {
        let b = word.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let col = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let row = match b[1] {
            b'2' => 0,
            b'1' => 1,
            _ => return None,
        };
        (col < COLS).then(|| Space::new(row, col))
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, 2 - self.row())
    }
}

impl TryFrom<String> for Space {
    type Error = Misread;
    fn try_from(s: String) -> Result<Space, Misread> {
        Space::parse(&s).ok_or_else(|| Misread(format!("'{s}' is not a space (a1 to n2)")))
    }
}

impl From<Space> for String {
    fn from(s: Space) -> String {
        s.to_string()
    }
}

pub use crate::games::error::Misread;

/// The four priests, in the order of their dice: top left (Suns), top
/// right (Moons), bottom left (Arms), bottom right (Crowns), as ppgames
/// lays them.
pub const PRIESTS: [Suit; 4] = [Suit::Suns, Suit::Moons, Suit::Arms, Suit::Crowns];

/// Where the priests begin, in the order of [`PRIESTS`].
pub const STARTS: [Space; 4] = [Space(0), Space(13), Space(14), Space(27)];

/// Every priest at a start space.
pub const START: u32 = 1 | 1 << 13 | 1 << 14 | 1 << 27;
/// Every priest at the summit (g2, h2, g1, h1).
pub const SUMMIT: u32 = 1 << 6 | 1 << 7 | 1 << 20 | 1 << 21;

/// The suit of a step's two coins: suns on the rightmost step, then moons,
/// crowns and arms, and round again towards the left.
pub fn step_suit(step: usize) -> Suit {
    [Suit::Suns, Suit::Moons, Suit::Crowns, Suit::Arms][(STEPS - 1 - step) % 4]
}

/// A value as a number: null 0, ace 1.
fn value(r: Rank) -> u8 {
    r as u8
}

/// The 24 coin values on the steps, row by row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Coins(pub [[Rank; STEPS]; 2]);

impl Coins {
    pub fn at(&self, s: Space) -> Option<Rank> {
        s.step().map(|i| self.0[usize::from(s.row())][i])
    }

    /// Read as ppgames writes them: the top row's twelve, `/`, the
    /// bottom row's (`44452n24n3aa/a25335325ann`); `n` or `0` null, `a`
    /// or `1` ace; spaces, commas and the slash optional. A piecepack
    /// has four coins of each value.
    pub fn parse(text: &str) -> Result<Coins, Misread> {
        let ranks = ranks_of(text, "coins")?;
        if ranks.len() != 2 * STEPS {
            return Err(Misread(format!(
                "'{text}' has {} coin values: the mountain takes 24, the top row's twelve then the bottom row's (like 44452n24n3aa/a25335325ann)",
                ranks.len()
            )));
        }
        for r in Rank::ALL {
            let n = ranks.iter().filter(|&&x| x == r).count();
            if n != 4 {
                return Err(Misread(format!(
                    "'{text}' has {n} coins of {}: a piecepack has four of each value",
                    r.code()
                )));
            }
        }
        let mut rows = [[Rank::Null; STEPS]; 2];
        for (i, r) in ranks.into_iter().enumerate() {
            rows[i / STEPS][i % STEPS] = r;
        }
        Ok(Coins(rows))
    }

    /// Laid as the rules lay them: each suit's six coins shuffled onto
    /// its three steps (`shuffle` shuffles a list in place).
    pub fn deal(mut shuffle: impl FnMut(&mut [Rank])) -> Coins {
        let mut rows = [[Rank::Null; STEPS]; 2];
        for first in 0..4 {
            let mut six = Rank::ALL;
            shuffle(&mut six);
            for (k, r) in six.into_iter().enumerate() {
                rows[k % 2][first + 4 * (k / 2)] = r;
            }
        }
        Coins(rows)
    }
}

impl fmt::Display for Coins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = |r: &[Rank; STEPS]| r.iter().map(|x| x.code()).collect::<String>();
        write!(f, "{}/{}", row(&self.0[0]), row(&self.0[1]))
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

/// The four opening dice, in the order of [`PRIESTS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Dice(pub [Rank; 4]);

impl Dice {
    /// As ppgames writes them: `a2/55` (top left, top right / bottom left,
    /// bottom right).
    pub fn parse(text: &str) -> Result<Dice, Misread> {
        let ranks = ranks_of(text, "dice")?;
        <[Rank; 4]>::try_from(ranks).map(Dice).map_err(|r| {
            Misread(format!(
                "'{text}' has {} dice: Fuji-san rolls four, one a priest (like a2/55: top left, top right / bottom left, bottom right)",
                r.len()
            ))
        })
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.0.map(Rank::code);
        write!(f, "{}{}/{}{}", d[0], d[1], d[2], d[3])
    }
}

impl TryFrom<String> for Dice {
    type Error = Misread;
    fn try_from(s: String) -> Result<Dice, Misread> {
        Dice::parse(&s)
    }
}

impl From<Dice> for String {
    fn from(d: Dice) -> String {
        d.to_string()
    }
}

/// The values in `text`, separators left out, naming the first bad one.
fn ranks_of(text: &str, what: &str) -> Result<Vec<Rank>, Misread> {
    text.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '/' | ',' | '-'))
        .map(|c| {
            c.to_string().parse::<Rank>().map_err(|_| {
                Misread(format!(
                    "'{c}' in {what} '{text}' is not a value: expected n, a, 2, 3, 4 or 5"
                ))
            })
        })
        .collect()
}

/// A priest's move, as ppgames writes it: `a1-b1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub from: Space,
    pub to: Space,
}

impl Move {
    /// `a1-b1` (any case).
    pub fn parse(word: &str) -> Option<Move> {
        let (a, b) = word.split_once('-')?;
        Some(Move {
            from: Space::parse(a)?,
            to: Space::parse(b)?,
        })
    }

    /// Whether it leaves its priest lower on the mountain.
    pub fn goes_down(self) -> bool {
        self.to.level() < self.from.level()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// The moves the priests on `taken` (a set of spaces) may make, the
/// opening dice's among them when nothing else moves from the start.
pub fn moves(coins: &Coins, dice: &Dice, taken: u32) -> Vec<Move> {
    let mut all = Vec::new();
    let free = |s: Space| taken & s.bit() == 0;
    for i in 0..2 * COLS {
        if taken & 1 << i == 0 {
            continue;
        }
        let from = Space(i);
        let (row, col) = (from.row(), from.col());
        // Across to the other row, on a step.
        let across = Space::new(1 - row, col);
        if from.step().is_some() && free(across) {
            all.push(Move { from, to: across });
        }
        if from.on_peak() {
            // At the summit: only a step to the other summit space.
            let beside = Space::new(row, 13 - col);
            if free(beside) {
                all.push(Move { from, to: beside });
            }
            continue;
        }
        // Along the row: the empty spaces counted, occupied ones jumped,
        // to a step whose coin shows that count.
        for dir in [-1i8, 1] {
            let mut counted = 0;
            let mut c = col as i8 + dir;
            while (1..=12).contains(&c) {
                let to = Space::new(row, c as u8);
                if free(to) {
                    counted += 1;
                    if coins.at(to).map(value) == Some(counted) {
                        all.push(Move { from, to });
                    }
                }
                c += dir;
            }
        }
    }
    if all.is_empty() && taken == START {
        // No move from the start: any one die moves its priest.
        for (k, die) in dice.0.iter().enumerate() {
            let d = value(*die);
            if d > 0 {
                let from = STARTS[k];
                let col = if from.col() == 0 { d } else { 13 - d };
                all.push(Move {
                    from,
                    to: Space::new(from.row(), col),
                });
            }
        }
    }
    all
}

/// Whether the coins give a move from the start without the dice.
pub fn needs_dice(coins: &Coins) -> bool {
    moves(coins, &Dice([Rank::Null; 4]), START).is_empty()
}

/// The set after `m`.
pub fn after(taken: u32, m: Move) -> u32 {
    taken & !m.from.bit() | m.to.bit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_read_and_write_as_ppgames_does() {
        assert_eq!(STARTS.map(|s| s.to_string()), ["a2", "n2", "a1", "n1"]);
        for i in 0..28 {
            let s = Space(i);
            assert_eq!(Space::parse(&s.to_string()), Some(s));
        }
        assert_eq!(Space::parse("O1"), None);
        assert_eq!(Space::parse("a3"), None);
        assert_eq!(Space::parse("G2").map(Space::level), Some(6));
    }

    #[test]
    fn coins_read_as_written() {
        let c = Coins::parse("44452n24n3aa/a25335325ann").unwrap();
        assert_eq!(c.to_string(), "44452n24n3aa/a25335325ann");
        assert_eq!(
            Coins::parse("235334140030554141221205")
                .unwrap()
                .to_string(),
            "235334a4nn3n/554a4a22a2n5"
        );
        assert!(
            Coins::parse("44452n24n3aa/a25335325an")
                .unwrap_err()
                .to_string()
                .contains("23 coin values")
        );
        assert!(
            Coins::parse("44452n24n3aa/a25335325anx")
                .unwrap_err()
                .to_string()
                .contains("'x'")
        );
        assert_eq!(
            Coins::parse("44452n24n3aa/a25335325a55")
                .unwrap_err()
                .to_string(),
            "'44452n24n3aa/a25335325a55' has 2 coins of n: a piecepack has four of each value"
        );
    }

    #[test]
    fn a_deal_puts_each_suit_on_its_three_steps() {
        let mut n = 0u64;
        let c = Coins::deal(|six| {
            n += 1;
            six.rotate_left((n % 6) as usize)
        });
        for first in 0..4 {
            let mut seen: Vec<Rank> = (0..3)
                .flat_map(|k| [c.0[0][first + 4 * k], c.0[1][first + 4 * k]])
                .collect();
            seen.sort();
            assert_eq!(seen, Rank::ALL.to_vec());
            assert_eq!(step_suit(first), step_suit(first + 8));
        }
        assert_eq!(step_suit(11), Suit::Suns);
        assert_eq!(step_suit(10), Suit::Moons);
    }

    /// Worked by hand on the 12-move case: from the start no coin shows
    /// the count to it, so only the dice move (a2/55: top left an ace,
    /// top right a 2, the bottom priests a 5 each).
    #[test]
    fn the_dice_move_only_when_nothing_else_does() {
        let coins = Coins::parse("2nnna244naa5/335a45235432").unwrap();
        let dice = Dice::parse("a2/55").unwrap();
        assert!(needs_dice(&coins));
        let m: Vec<String> = moves(&coins, &dice, START)
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(m, ["a2-b2", "n2-l2", "a1-f1", "n1-i1"]);
        // A null die moves no one.
        let m = moves(&coins, &Dice::parse("n2/nn").unwrap(), START);
        assert_eq!(m.len(), 1);
        // Puzzle 2 opens without them: a1 counts one to b1's ace.
        let coins = Coins::parse("44452n24n3aa/a25335325ann").unwrap();
        assert!(!needs_dice(&coins));
        assert!(moves(&coins, &dice, START).contains(&Move::parse("a1-b1").unwrap()));
    }

    #[test]
    fn occupied_spaces_are_jumped_and_the_summit_only_steps_across() {
        let coins = Coins::parse("44452n24n3aa/a25335325ann").unwrap();
        let dice = Dice::parse("nn/nn").unwrap();
        // Priests on b1 and c1: b1's move right skips c1, so d1 (a 5) is
        // one, e1 two, f1 three (a 3): b1-f1.
        let taken = Space::parse("b1").unwrap().bit() | Space::parse("c1").unwrap().bit();
        let m: Vec<String> = moves(&coins, &dice, taken)
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert!(m.contains(&"b1-f1".to_string()), "{m:?}");
        assert!(!m.contains(&"b1-e1".to_string()), "{m:?}");
        let g2 = Space::parse("g2").unwrap().bit();
        let m: Vec<String> = moves(&coins, &dice, g2)
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(m, ["g2-g1", "g2-h2"]);
    }
}
