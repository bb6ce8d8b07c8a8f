//! A game of Mathrix as the table plays it: the coins as dealt, the
//! operators allowed, and each coin taken with the equation that took it
//! and when (the clock the text asks a player to beat).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::grid::{Coins, FULL, Space, Sums, reading};
use super::sums::{Equation, Ops};
use crate::games::error::{GameError, Unsound};
use crate::random::TableRng;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MathrixGame {
    pub coins: Coins,
    pub ops: Ops,
    /// When the grid was laid (seconds since 1970; 0: not known, as in a
    /// game read from elsewhere).
    #[serde(default)]
    pub started: u64,
    /// Every coin taken, in order.
    pub taken: Vec<Take>,
}

/// A coin taken: where, by which equation (read along a string through
/// it), and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Take {
    pub space: Space,
    /// `None`: the player named the coin only, and tablemate found an
    /// equation through it (filled in before the move is kept).
    pub because: Option<Equation>,
    /// Seconds since 1970 (0: not known).
    #[serde(default)]
    pub at: u64,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "remove {}", self.space)?;
        if let Some(e) = &self.because {
            write!(f, " because {e}")?;
        }
        Ok(())
    }
}

impl MathrixGame {
    pub fn new(coins: Coins, ops: Ops, started: u64) -> MathrixGame {
        MathrixGame {
            coins,
            ops,
            started,
            taken: Vec::new(),
        }
    }

    pub fn deal(rng: &mut TableRng, ops: Ops, started: u64) -> MathrixGame {
        MathrixGame::new(Coins::deal(|v| rng.shuffle(v)), ops, started)
    }

    /// The spaces still holding a coin.
    pub fn on(&self) -> u32 {
        self.taken.iter().fold(FULL, |on, t| on & !t.space.bit())
    }

    pub fn left(&self) -> u32 {
        self.on().count_ones()
    }

    pub fn sums(&self) -> Sums {
        Sums::of(&self.coins, self.ops)
    }

    pub fn won(&self) -> bool {
        self.left() == 1
    }

    /// The coins that may be taken now, each with the shortest equation
    /// that takes it.
    pub fn legal(&self) -> Vec<Take> {
        let sums = self.sums();
        let on = self.on();
        if on.count_ones() <= 1 {
            return Vec::new();
        }
        Space::of(sums.removable(on))
            .filter_map(|s| {
                Some(Take {
                    space: s,
                    because: Some(sums.through(on, s)?.equation.clone()),
                    at: 0,
                })
            })
            .collect()
    }

    pub fn over(&self) -> bool {
        self.won() || self.sums().removable(self.on()) == 0
    }

    /// The seconds from laying the grid to the last coin taken, where the
    /// clock knows both.
    pub fn seconds(&self) -> Option<u64> {
        let last = self.taken.last()?.at;
        (self.started > 0 && last >= self.started).then(|| last - self.started)
    }

    /// Take a coin, or refuse with the rule the move breaks. A move with
    /// no equation is given the shortest one through the coin.
    pub fn step(&mut self, take: &Take) -> Result<Take, GameError> {
        let on = self.on();
        if on.count_ones() <= 1 {
            return Err(GameError::rule("the game is over: one coin is left"));
        }
        let s = take.space;
        if on & s.bit() == 0 {
            return Err(GameError::rule(format!(
                "{s} is empty: its coin was taken (move {})",
                self.taken
                    .iter()
                    .position(|t| t.space == s)
                    .map_or(0, |i| i + 1)
            )));
        }
        let because = match &take.because {
            Some(e) => {
                self.said(on, s, e)?;
                e.clone()
            }
            None => {
                let sums = self.sums();
                let Some(sum) = sums.through(on, s) else {
                    return Err(GameError::rule(format!(
                        "no string through {s} makes an equation{}",
                        some_now(&sums, on)
                    )));
                };
                sum.equation.clone()
            }
        };
        let done = Take {
            space: s,
            because: Some(because),
            at: take.at,
        };
        self.taken.push(done.clone());
        Ok(done)
    }

    /// Check a player's equation: its values must be read along a
    /// gap-free string through `s`, and it must be true.
    fn said(&self, on: u32, s: Space, e: &Equation) -> Result<(), GameError> {
        if reading(&self.coins, on, s, &e.values).is_none() {
            let values: Vec<String> = e.values.iter().map(u8::to_string).collect();
            return Err(GameError::rule(format!(
                "no string of coins through {s} reads {} in any direction (the coins of a string lie side by side in a rank or a file, with no gap)",
                values.join(" ")
            )));
        }
        e.check(self.ops).map_err(|e| GameError::rule(e.0))
    }

    pub fn check(&self) -> Result<(), Unsound> {
        let mut replay = MathrixGame::new(self.coins, self.ops, self.started);
        for (i, t) in self.taken.iter().enumerate() {
            if t.because.is_none() {
                return Err(format!("move {} ({t}) has no equation", i + 1).into());
            }
            replay
                .step(t)
                .map_err(|e| format!("move {} ({t}): {e}", i + 1))?;
        }
        Ok(())
    }
}

/// ", though these can go: a1, b2" or nothing.
fn some_now(sums: &Sums, on: u32) -> String {
    let can: Vec<String> = Space::of(sums.removable(on))
        .map(|s| s.to_string())
        .collect();
    if can.is_empty() {
        " (no coin can be taken now)".into()
    } else {
        format!(" (these can be taken now: {})", can.join(", "))
    }
}

/// A coin taken, as said after the move.
#[derive(Debug, Clone, Serialize)]
pub struct Took {
    pub n: usize,
    pub take: Take,
    pub left: u32,
}

impl fmt::Display for Took {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}. {} ({} left)", self.n, self.take, self.left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "n3n4aa/n2324a/55324n/5a2534";

    fn game() -> MathrixGame {
        MathrixGame::new(Coins::parse(TEXT).unwrap(), Ops::ALL, 1000)
    }

    fn take(s: &str, e: Option<&str>) -> Take {
        Take {
            space: Space::parse(s).unwrap(),
            because: e.map(|e| Equation::parse(e).unwrap()),
            at: 1010,
        }
    }

    #[test]
    fn moves_are_checked_and_refused_by_rule() {
        let mut g = game();
        // The text's example: d2 d3 d4 read down-up, 2 + 2 = 4.
        assert_eq!(
            g.step(&take("d2", Some("2+2=4"))).unwrap().to_string(),
            "remove d2 because 2+2=4"
        );
        assert_eq!(g.left(), 23);
        assert_eq!(g.seconds(), Some(10));
        let no = |g: &mut MathrixGame, s: &str, e: Option<&str>| {
            g.step(&take(s, e)).unwrap_err().to_string()
        };
        assert_eq!(
            no(&mut g, "d2", None),
            "d2 is empty: its coin was taken (move 1)"
        );
        assert_eq!(
            no(&mut g, "d3", Some("2+2=4")),
            "no string of coins through d3 reads 2 2 4 in any direction (the coins of a string lie side by side in a rank or a file, with no gap)"
        );
        assert_eq!(
            no(&mut g, "a4", Some("0=3+0")),
            "0=3+0 is not true: 0 and 3+0 makes 3"
        );
        assert_eq!(g.taken.len(), 1);
        // A coin named alone takes the shortest equation through it.
        let t = g.step(&take("a4", None)).unwrap();
        assert!(t.because.is_some());
        assert!(g.check().is_ok());
    }
}
