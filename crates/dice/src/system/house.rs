//! A player's own system, declared in a rule file's `dice:` list: a dice
//! expression and the words its total reads as, best first.
//!
//! ```yaml
//! dice:
//!   - name: hero
//!     title: Hero check
//!     roll: 2d10
//!     words:
//!       - {at_least: 15, word: great success}
//!       - {at_least: 10, word: success}
//!       - {word: failure}
//! ```
//!
//! `roll hero+2` rolls 2d10, adds 2 and reads the total; `prob hero+2`
//! gives each word's exact chance from the expression's distribution.

use num_bigint::BigUint;
use num_traits::Zero;

use super::Read;
use super::name::{check_name, split_name};
use super::odds::Odds;
use crate as dice;
use crate::random::TableRng;
use crate::{DiceError, Outcome, Roll};

/// Most words one system reads.
pub const MAX_WORDS: usize = 20;

/// A system as its rule file declares it, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    pub name: String,
    pub title: String,
    /// The expression rolled, as written.
    pub roll: String,
    /// Best first: each word from its least total up to the one before's;
    /// the last (`None`) takes every total below.
    pub words: Vec<(Option<i64>, String)>,
    /// The expression, parsed once when the system is checked.
    parsed: Roll,
}

/// One roll of a house system, with the modifier said on the line.
#[derive(Debug, Clone)]
pub struct HouseRoll {
    pub house: House,
    pub modifier: i64,
}

impl House {
    /// A declared system, or what is wrong with it (each problem in
    /// words naming the bad part).
    pub fn new(
        name: &str,
        title: Option<&str>,
        roll: &str,
        words: Vec<(Option<i64>, String)>,
    ) -> Result<House, Vec<String>> {
        let mut problems = Vec::new();
        let lower = check_name(name, &mut problems);
        let parsed = match dice::parse(roll) {
            Ok(r) if r.compare.is_some() => {
                problems.push(format!(
                    "roll '{roll}': a total to read, not a comparison; the words do the comparing"
                ));
                None
            }
            Ok(r) if r.repeats > 1 => {
                problems.push(format!(
                    "roll '{roll}': one roll, not {} of them",
                    r.repeats
                ));
                None
            }
            Ok(r) => Some(r),
            Err(e) => {
                problems.push(format!("roll '{roll}': {}", e.message));
                None
            }
        };
        if words.is_empty() {
            problems.push("words: none; list them best first, the last without at_least".into());
        }
        if words.len() > MAX_WORDS {
            problems.push(format!(
                "words: {} of them, at most {MAX_WORDS}",
                words.len()
            ));
        }
        for (i, (least, word)) in words.iter().enumerate() {
            let last = i + 1 == words.len();
            if word.trim().is_empty() {
                problems.push(format!("words: entry {} has no word", i + 1));
            }
            match (least, last) {
                (None, false) => problems.push(format!(
                    "words: '{word}' has no at_least but is not the last (the last takes every total below)"
                )),
                (Some(n), true) => problems.push(format!(
                    "words: the last, '{word}', takes every total below the one before; leave out its at_least {n}"
                )),
                _ => {}
            }
            if let (Some(n), Some((Some(before), prev))) =
                (least, i.checked_sub(1).map(|j| &words[j]))
                && n >= before
            {
                problems.push(format!(
                    "words: '{word}' at_least {n} after '{prev}' at_least {before}: list them best first, each lower"
                ));
            }
        }
        match parsed {
            Some(parsed) if problems.is_empty() => Ok(House {
                title: title.map_or_else(|| name.to_string(), str::to_string),
                name: lower,
                roll: roll.to_string(),
                words,
                parsed,
            }),
            _ => Err(problems),
        }
    }

    /// The word a total reads as.
    pub fn word(&self, total: i64) -> &str {
        &self.words[self.word_of(total)].1
    }

    /// Which word (best first) a total reads as: the first whose least
    /// total it reaches, else the last, which has none.
    fn word_of(&self, total: i64) -> usize {
        self.words
            .iter()
            .position(|(least, _)| least.is_some_and(|n| total >= n))
            .unwrap_or(self.words.len() - 1)
    }

    /// `hero`, `hero+2`, `hero -1` for this system: the roll with its
    /// modifier, or why the modifier is not one. `None` if the line names
    /// another.
    pub fn read_line(&self, line: &str) -> Option<Result<HouseRoll, DiceError>> {
        let (name, rest) = split_name(line)?;
        if !name.eq_ignore_ascii_case(&self.name) {
            return None;
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let example = format!("{}+2", self.name);
        let error = |message: String| DiceError {
            input: line.trim().to_string(),
            pos: None,
            message,
        };
        Some(
            super::modifier(&words, &example)
                .map(|modifier| HouseRoll {
                    house: self.clone(),
                    modifier,
                })
                .map_err(error),
        )
    }
}

impl HouseRoll {
    /// The line in its usual form (`hero+2`).
    pub fn line(&self) -> String {
        format!(
            "{}{}",
            self.house.name,
            super::signed_or_empty(self.modifier)
        )
    }

    /// What is rolled, in words (for `prob`'s heading).
    pub fn dice_words(&self) -> String {
        format!(
            "{}{}",
            self.house.roll,
            super::signed_or_empty(self.modifier)
        )
    }

    /// Roll it and read the total; the outcome is kept for drawing the
    /// dice.
    pub fn roll(&self, rng: &mut TableRng) -> Result<(Read, Outcome), DiceError> {
        let o = dice::roll(&self.house.parsed, rng)?;
        let total = o.total.saturating_add(self.modifier);
        let read = Read {
            expr: self.line(),
            system: self.house.title.clone(),
            dice: o
                .terms
                .iter()
                .flat_map(|t| &t.dice)
                .map(|d| d.value)
                .collect(),
            total,
            result: self.house.word(total).to_string(),
        };
        Ok((read, o))
    }

    /// The parsed expression, for drawing a roll of it.
    pub fn parsed(&self) -> &Roll {
        &self.house.parsed
    }

    /// Each word's exact chance, worst first, from the expression's
    /// distribution; what lies past the explosion limit stands apart.
    pub fn odds(&self) -> Result<Odds, DiceError> {
        let d = dice::distribution(&self.house.parsed)?;
        let mut rows: Vec<(String, BigUint)> = self
            .house
            .words
            .iter()
            .rev()
            .map(|(_, w)| (w.clone(), BigUint::zero()))
            .collect();
        let count = rows.len();
        for (&v, w) in &d.weights {
            let total = v.saturating_add(self.modifier);
            rows[count - 1 - self.house.word_of(total)].1 += w;
        }
        let also = if d.beyond.is_zero() {
            Vec::new()
        } else {
            vec![("past the explosion limit".to_string(), d.beyond.clone())]
        };
        Ok(Odds {
            rows,
            denom: d.denom,
            also,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hero() -> House {
        House::new(
            "hero",
            Some("Hero check"),
            "2d10",
            vec![
                (Some(15), "great success".into()),
                (Some(10), "success".into()),
                (None, "failure".into()),
            ],
        )
        .unwrap()
    }

    #[test]
    fn words_read_from_the_best_down() {
        let h = hero();
        assert_eq!(h.word(20), "great success");
        assert_eq!(h.word(15), "great success");
        assert_eq!(h.word(14), "success");
        assert_eq!(h.word(10), "success");
        assert_eq!(h.word(2), "failure");
        assert_eq!(h.word(-50), "failure");
    }

    /// Hand-counted over the 100 rolls of 2d10: 15 or more 21 ways, 10
    /// to 14 43 ways, the rest 36; with +2, 36, 43 and 21.
    #[test]
    fn odds_count_the_rolls() {
        let h = hero();
        let plain = h.read_line("hero").unwrap().unwrap().odds().unwrap();
        let counts: Vec<(String, u32)> = plain
            .rows
            .iter()
            .map(|(w, c)| (w.clone(), u32::try_from(c).unwrap()))
            .collect();
        assert_eq!(
            counts,
            [
                ("failure".into(), 36),
                ("success".into(), 43),
                ("great success".into(), 21)
            ]
        );
        assert_eq!(plain.denom, BigUint::from(100u32));
        let plus = h.read_line("hero +2").unwrap().unwrap().odds().unwrap();
        let counts: Vec<u32> = plus
            .rows
            .iter()
            .map(|(_, c)| u32::try_from(c).unwrap())
            .collect();
        assert_eq!(counts, [21, 43, 36]);
    }

    #[test]
    fn bad_declarations_are_named() {
        let words = |v: &[(Option<i64>, &str)]| -> Vec<(Option<i64>, String)> {
            v.iter().map(|(n, w)| (*n, w.to_string())).collect()
        };
        let err = House::new("sr", None, "2d6", words(&[(None, "x")])).unwrap_err();
        assert_eq!(err, ["name 'sr' is a system tablemate knows already"]);
        let err = House::new("d20", None, "2d6", words(&[(None, "x")])).unwrap_err();
        assert_eq!(err, ["name 'd20' reads as dice; choose another"]);
        let err = House::new("hero", None, "2d6 > 7", words(&[(None, "x")])).unwrap_err();
        assert!(
            err[0].starts_with("roll '2d6 > 7': a total to read"),
            "{err:?}"
        );
        let err = House::new(
            "hero",
            None,
            "2q6",
            words(&[(Some(5), "hit"), (Some(7), "crit"), (Some(1), "meh")]),
        )
        .unwrap_err();
        assert_eq!(err.len(), 3, "{err:?}");
        assert!(err[0].starts_with("roll '2q6': "), "{err:?}");
        assert_eq!(
            err[1],
            "words: 'crit' at_least 7 after 'hit' at_least 5: list them best first, each lower"
        );
        assert_eq!(
            err[2],
            "words: the last, 'meh', takes every total below the one before; leave out its at_least 1"
        );
        let h = hero();
        assert!(h.read_line("heroic").is_none());
        assert!(h.read_line("2d6").is_none());
        let bad = h.read_line("hero +x").unwrap().unwrap_err();
        assert_eq!(bad.message, "'+x' is not a modifier: hero+2");
    }
}
