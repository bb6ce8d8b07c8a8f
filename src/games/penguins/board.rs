//! The domino board as first laid, and the nests.

use crate::games::error::Unsound;
use serde::{Deserialize, Serialize};

use crate::pieces::Domino;
use crate::random::TableRng;

/// The board: rows of dominoes laid horizontally, each with its left and
/// right number as it lies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub rows: Vec<Vec<(u8, u8)>>,
    /// Dice sides: 6, or 10 for Elbow Room (zeros rerolled).
    pub die_sides: u8,
    /// Each player's nest, in player order: the domino's two numbers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nests: Vec<(u8, u8)>,
    /// The game followed turn by turn: where every domino lies now (the
    /// rows above are the set as first laid), penguins, buddies, turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<super::play::Night>,
}

/// Lay a shuffled set in rows of `per_row`, each domino turned at random.
/// Double-six: 7 rows of 4; double-nine (Elbow Room): 11 rows of 5 (both
/// interpretations of the lost figure).
pub fn lay(set_max: u8, rng: &mut TableRng) -> Board {
    let mut set = Domino::set(set_max);
    rng.shuffle(&mut set);
    let per_row = if set_max == 6 { 4 } else { 5 };
    let rows = set
        .chunks(per_row)
        .map(|row| {
            row.iter()
                .map(|d| {
                    if rng.coin() {
                        (d.low, d.high)
                    } else {
                        (d.high, d.low)
                    }
                })
                .collect()
        })
        .collect();
    Board {
        rows,
        die_sides: if set_max == 6 { 6 } else { 10 },
        nests: Vec::new(),
        play: None,
    }
}

impl Board {
    /// The nests as dominoes, in player order.
    pub fn nest_dominoes(&self) -> Vec<Domino> {
        self.nests.iter().map(|&(a, b)| Domino::new(a, b)).collect()
    }

    /// Check a board read back from the store or a file: a whole set laid
    /// once (double-six with six-sided dice, double-nine with ten-sided).
    pub fn check(&self) -> Result<(), Unsound> {
        let top = match self.die_sides {
            6 => 6,
            10 => 9,
            n => {
                return Err(
                    format!("{n}-sided dice: the game uses 6 (or 10 for Elbow Room)").into(),
                );
            }
        };
        if self.rows.is_empty() || self.rows.iter().any(Vec::is_empty) {
            return Err("the board has an empty row".into());
        }
        let mut seen = std::collections::HashSet::new();
        for &(a, b) in self.rows.iter().flatten() {
            if a > top || b > top {
                return Err(format!("domino {a}-{b} is not in a double-{top} set").into());
            }
            if !seen.insert(Domino::new(a, b)) {
                return Err(format!("domino {a}-{b} is on the board twice").into());
            }
        }
        if let Some(&(a, b)) = self
            .nests
            .iter()
            .find(|&&(a, b)| !seen.contains(&Domino::new(a, b)))
        {
            return Err(format!("the nest {a}-{b} is not a domino on the board").into());
        }
        let want = Domino::set(top).len();
        if seen.len() != want {
            return Err(format!(
                "the board holds {} dominoes; a double-{top} set has {want}",
                seen.len()
            )
            .into());
        }
        if let Some(play) = &self.play {
            play.check(&seen)?;
        }
        Ok(())
    }

    /// Roll one die: 1-6, or 1-9 on a ten-sider with zeros rerolled.
    pub fn die(&self, rng: &mut TableRng) -> u8 {
        Board::die_value(self.die_sides, rng)
    }

    /// One roll of a die with `sides` (6, or 10 with zeros rerolled).
    pub fn die_value(sides: u8, rng: &mut TableRng) -> u8 {
        loop {
            let v = if sides == 6 {
                rng.below(6) as u8 + 1
            } else {
                rng.below(10) as u8
            };
            if v != 0 {
                return v;
            }
        }
    }

    /// Where the domino with these numbers lies: (row, place), 1-based.
    pub fn find(&self, d: Domino) -> Option<(usize, usize)> {
        self.rows.iter().enumerate().find_map(|(r, row)| {
            row.iter()
                .position(|&(a, b)| Domino::new(a, b) == d)
                .map(|c| (r + 1, c + 1))
        })
    }
}

/// A fresh board and its nests, as data: each domino `left-right` as it
/// lies, the nests by their numbers, and the dice's sides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Laid {
    pub rows: Vec<Vec<String>>,
    pub nests: Vec<Domino>,
    pub dice: u8,
}

impl Board {
    pub fn laid(&self, nests: &[Domino]) -> Laid {
        Laid {
            rows: self
                .rows
                .iter()
                .map(|r| r.iter().map(|(a, b)| format!("{a}-{b}")).collect())
                .collect(),
            nests: nests.to_vec(),
            dice: self.die_sides,
        }
    }
}

/// Nests: each player rolls two dice; a nest already taken is rerolled.
pub fn nests(board: &Board, players: usize, rng: &mut TableRng) -> Vec<(Domino, usize)> {
    let mut out: Vec<(Domino, usize)> = Vec::new();
    for _ in 0..players {
        let mut rerolls = 0;
        loop {
            let d = Domino::new(board.die(rng), board.die(rng));
            if out.iter().all(|(n, _)| *n != d) {
                out.push((d, rerolls));
                break;
            }
            rerolls += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_and_nests() {
        let mut rng = TableRng::new(3);
        let b = lay(6, &mut rng);
        assert_eq!(b.rows.len(), 7);
        assert!(b.rows.iter().all(|r| r.len() == 4));
        for seed in 0..100 {
            let mut rng = TableRng::new(seed);
            let n = nests(&b, 4, &mut rng);
            let mut ds: Vec<Domino> = n.iter().map(|x| x.0).collect();
            ds.sort();
            ds.dedup();
            assert_eq!(ds.len(), 4, "nests are distinct");
            assert!(n.iter().all(|(d, _)| b.find(*d).is_some()));
        }
        let b9 = lay(9, &mut rng);
        assert_eq!((b9.rows.len(), b9.rows[0].len()), (11, 5));
        assert!((0..200).all(|_| (1..=9).contains(&b9.die(&mut rng))));
    }

    #[test]
    fn check_refuses_impossible_boards() {
        let b = lay(6, &mut TableRng::new(3));
        assert_eq!(b.check(), Ok(()));
        let mut d255 = b.clone();
        d255.die_sides = 255;
        assert!(d255.check().unwrap_err().to_string().contains("255-sided"));
        let mut twice = b.clone();
        twice.rows[0][1] = twice.rows[0][0];
        assert!(twice.check().unwrap_err().to_string().contains("twice"));
        let mut short = b.clone();
        short.rows[6].pop();
        assert!(
            short
                .check()
                .unwrap_err()
                .to_string()
                .contains("27 dominoes")
        );
        let mut nine = b;
        nine.rows[0][0] = (9, 9);
        assert!(nine.check().unwrap_err().to_string().contains("double-6"));
    }
}
