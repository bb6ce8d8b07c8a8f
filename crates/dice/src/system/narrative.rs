//! Genesys and Star Wars narrative dice: six kinds of die whose faces show
//! symbols, not numbers. Successes cancel failures and advantages cancel
//! threats one for one; a triumph also counts as a success and a despair
//! as a failure, and both stay whatever cancels. The roll succeeds with at
//! least one success left.
//!
//! A pool is written as counts and letters, `2a1p 2d1c 1b1s` (ability,
//! proficiency, difficulty, challenge, boost, setback); a face is shown as
//! its symbols: `s` success, `a` advantage, `T` triumph, `f` failure, `t`
//! threat, `D` despair, `-` blank.

use num_bigint::BigUint;

use super::symbols::pool::{self as symbols, DieView};

/// One kind of die: its name, its letter in a pool, its faces.
pub struct Kind {
    pub name: &'static str,
    pub letter: char,
    pub faces: &'static [&'static str],
}

/// The six kinds, in the order a pool is shown: the player's dice, then
/// the opposition's.
pub const KINDS: [Kind; 6] = [
    Kind {
        name: "ability",
        letter: 'a',
        faces: &["", "s", "s", "ss", "a", "a", "sa", "aa"],
    },
    Kind {
        name: "proficiency",
        letter: 'p',
        faces: &[
            "", "s", "s", "ss", "ss", "a", "sa", "sa", "sa", "aa", "aa", "T",
        ],
    },
    Kind {
        name: "boost",
        letter: 'b',
        faces: &["", "", "s", "sa", "aa", "a"],
    },
    Kind {
        name: "difficulty",
        letter: 'd',
        faces: &["", "f", "ff", "t", "t", "t", "tt", "ft"],
    },
    Kind {
        name: "challenge",
        letter: 'c',
        faces: &[
            "", "f", "f", "ff", "ff", "t", "t", "ft", "ft", "tt", "tt", "D",
        ],
    },
    Kind {
        name: "setback",
        letter: 's',
        faces: &["", "", "f", "f", "t", "t"],
    },
];

/// How many dice of each kind, in `KINDS` order.
pub type Pool = [u8; 6];

/// What a roll comes to once symbols cancel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Net {
    /// Successes less failures (triumphs count as successes, despairs as
    /// failures).
    pub successes: i64,
    /// Advantages less threats.
    pub advantage: i64,
    pub triumphs: i64,
    pub despairs: i64,
}

impl Net {
    /// Add one face's symbols.
    fn add(&mut self, face: &str) {
        for c in face.chars() {
            match c {
                's' => self.successes += 1,
                'f' => self.successes -= 1,
                'a' => self.advantage += 1,
                't' => self.advantage -= 1,
                'T' => {
                    self.successes += 1;
                    self.triumphs += 1;
                }
                _ => {
                    self.successes -= 1;
                    self.despairs += 1;
                }
            }
        }
    }

    /// The roll in words: `2 successes, 1 advantage, 1 triumph`,
    /// `failure by 1, 2 threat, 1 despair`.
    pub fn words(&self) -> String {
        let mut parts = vec![match self.successes {
            1 => "1 success".to_string(),
            n if n > 1 => format!("{n} successes"),
            0 => "failure".to_string(),
            n => format!("failure by {}", -n),
        }];
        match self.advantage {
            0 => {}
            n if n > 0 => parts.push(format!("{n} advantage")),
            n => parts.push(format!("{} threat", -n)),
        }
        if self.triumphs > 0 {
            parts.push(format!("{} triumph", self.triumphs));
        }
        if self.despairs > 0 {
            parts.push(format!("{} despair", self.despairs));
        }
        parts.join(", ")
    }

    /// Triumphs and despairs as whether there is any (0 or 1).
    pub fn any_special(self) -> Net {
        Net {
            triumphs: self.triumphs.min(1),
            despairs: self.despairs.min(1),
            ..self
        }
    }

    /// Where the roll stands from worst to best: failure or success, each
    /// with threat, even or advantage.
    pub fn grade(&self) -> usize {
        let success = usize::from(self.successes > 0);
        let side = match self.advantage {
            n if n < 0 => 0,
            0 => 1,
            _ => 2,
        };
        success * 3 + side
    }
}

/// The grades' words, worst first.
pub const GRADES: [&str; 6] = [
    "failure with threat",
    "failure",
    "failure with advantage",
    "success with threat",
    "success",
    "success with advantage",
];

/// The kinds as the symbol-dice helpers see them.
fn views() -> Vec<DieView<'static>> {
    KINDS
        .iter()
        .map(|k| DieView {
            name: k.name,
            letter: k.letter,
            faces: k.faces.to_vec(),
        })
        .collect()
}

/// `2a1p 2d1c`, `2a 1p 2d 1c`, `a p d`: counts and letters, in any order.
pub fn parse_pool(words: &[&str]) -> Result<Pool, String> {
    let example = "genesys 2a1p 2d1c (ability, proficiency, difficulty, challenge, boost, setback)";
    let pool = symbols::parse_pool(words, &views(), example)?;
    Ok(pool
        .try_into()
        .expect("one count for each of the six kinds"))
}

/// The pool as written back: `2a1p 2d1c`, the player's dice first.
pub fn pool_line(pool: &Pool) -> String {
    let part = |range: std::ops::Range<usize>| -> String {
        range
            .filter(|&k| pool[k] > 0)
            .map(|k| format!("{}{}", pool[k], KINDS[k].letter))
            .collect()
    };
    let (mine, theirs) = (part(0..3), part(3..6));
    [mine, theirs]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The pool in words, for `prob`'s heading: `2 ability, 1 difficulty`.
pub fn pool_words(pool: &Pool) -> String {
    symbols::pool_words(&views(), pool)
}

/// Roll the pool: each die's face, numbered from 1 in `KINDS[k].faces`,
/// kind by kind.
pub fn roll<S: crate::roll::Source>(pool: &Pool, rng: &mut S) -> Vec<i64> {
    symbols::roll(&views(), pool, rng)
}

/// The faces rolled, as `roll` gives them, read: what is left after
/// cancelling, and each die shown (`ability [s, aa]`).
pub fn read(pool: &Pool, faces: &[i64]) -> (Net, String) {
    let (shown, dice) = symbols::shown(&views(), pool, faces);
    let mut net = Net::default();
    for (k, f) in dice {
        net.add(KINDS[k].faces[f]);
    }
    (net, shown)
}

/// Every net result of the pool, in order, with how many of the equally
/// likely rolls give it, and the number of rolls: one die at a time, each
/// face adding its symbols to every result so far. Triumphs and despairs are counted
/// up to one (whether there is any): counted in full they multiplied the
/// results by the dice that can show them (20 of each kind took minutes).
pub fn odds(pool: &Pool) -> (Vec<(Net, BigUint)>, BigUint) {
    let faces = KINDS.map(|k| symbols::alike(k.faces));
    let add = |net: &Net, k: usize, f: usize| {
        let mut after = *net;
        after.add(KINDS[k].faces[f]);
        after.any_special()
    };
    // At most ten of a kind keeps this under half a second. (Capped
    // triumphs are not sums of faces: no floor from their span.)
    let counted = symbols::count(
        &faces,
        pool,
        Net::default(),
        add,
        symbols::Budget::NONE,
        |_| 0,
    )
    .expect("no budget to pass");
    (counted.outcomes, counted.rolls)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    #[test]
    fn pools_are_read_in_any_spelling() {
        assert_eq!(parse_pool(&["2a1p", "2d1c"]), Ok([2, 1, 0, 2, 1, 0]));
        assert_eq!(
            parse_pool(&["a", "a", "p", "b", "s"]),
            Ok([2, 1, 1, 0, 0, 1])
        );
        assert_eq!(pool_line(&[2, 1, 1, 2, 1, 1]), "2a1p1b 2d1c1s");
        assert!(
            parse_pool(&["2x"])
                .unwrap_err()
                .starts_with("'x' in '2x' is not a die")
        );
        assert!(parse_pool(&["2"]).is_err());
        assert!(parse_pool(&["21a"]).is_err());
        assert!(parse_pool(&["6a", "5a"]).is_err());
        assert_eq!(parse_pool(&["6a", "4a"]), Ok([10, 0, 0, 0, 0, 0]));
        assert!(parse_pool(&[]).is_err());
    }

    #[test]
    fn symbols_cancel_and_triumphs_stay() {
        let pool = [1, 1, 0, 1, 1, 0];
        // ability "sa", proficiency triumph, difficulty "ft", challenge despair.
        let (net, shown) = read(&pool, &[7, 12, 8, 12]);
        assert_eq!(
            shown,
            "ability [sa] proficiency [T] difficulty [ft] challenge [D]"
        );
        assert_eq!(
            net,
            Net {
                successes: 0,
                advantage: 0,
                triumphs: 1,
                despairs: 1
            }
        );
        assert_eq!(net.words(), "failure, 1 triumph, 1 despair");
        let (net, _) = read(&[2, 0, 0, 1, 0, 0], &[4, 7, 2]);
        assert_eq!(net.words(), "2 successes, 1 advantage");
        // Difficulty "tt" and a blank, setback "f".
        let (net, _) = read(&[0, 0, 0, 2, 0, 1], &[7, 1, 3]);
        assert_eq!(net.words(), "failure by 1, 2 threat");
    }

    /// The counted odds agree with reading every roll of small pools.
    #[test]
    fn odds_agree_with_every_roll() {
        for pool in [[1, 0, 0, 1, 0, 0], [2, 1, 0, 1, 1, 0], [0, 1, 1, 0, 1, 1]] {
            let (counted, denom) = odds(&pool);
            let counted: BTreeMap<Net, BigUint> = counted.into_iter().collect();
            let sides: Vec<i64> = KINDS
                .iter()
                .zip(&pool)
                .flat_map(|(k, &n)| std::iter::repeat_n(k.faces.len() as i64, usize::from(n)))
                .collect();
            let mut listed: BTreeMap<Net, BigUint> = BTreeMap::new();
            let mut faces = vec![1i64; sides.len()];
            'all: loop {
                *listed
                    .entry(read(&pool, &faces).0.any_special())
                    .or_default() += 1u32;
                for i in 0..faces.len() {
                    faces[i] += 1;
                    if faces[i] <= sides[i] {
                        continue 'all;
                    }
                    faces[i] = 1;
                }
                break;
            }
            assert_eq!(counted, listed, "{pool:?}");
            assert_eq!(
                denom,
                sides.iter().map(|&s| s as u64).product::<u64>().into()
            );
        }
    }
}
