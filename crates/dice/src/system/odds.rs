//! The exact chance of each of a system's words, counted (no sampling):
//! pools from multinomial counts, the rest by listing every roll.

use crate::dist::binomial;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::collections::BTreeMap;

use super::{System, blades_words, cthulhu_words, fate_words, pbta_words, percentile};
use super::{shadowrun_words, storyteller_words};

/// Each word with how many of `denom` equally likely rolls give it, in
/// the order a player reads them (worst first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Odds {
    pub rows: Vec<(String, BigUint)>,
    pub denom: BigUint,
    /// Chances beside the rows, not a step of them (a triumph comes with
    /// any row).
    pub also: Vec<(String, BigUint)>,
}

/// Rows keyed by where they sort, so words gather and order as read.
#[derive(Default)]
struct Rows(BTreeMap<(i64, i64), (String, BigUint)>);

impl Rows {
    fn add(&mut self, key: (i64, i64), word: impl Into<String>, count: BigUint) {
        if count.is_zero() {
            return;
        }
        let row = self
            .0
            .entry(key)
            .or_insert_with(|| (word.into(), BigUint::zero()));
        row.1 += count;
    }

    fn done(self, denom: BigUint) -> Odds {
        Odds {
            rows: self.0.into_values().collect(),
            denom,
            also: Vec::new(),
        }
    }
}

fn pow(base: u64, exp: u64) -> BigUint {
    BigUint::from(base).pow(exp as u32)
}

/// Ways `n` dice split into `a` of one kind, `b` of another and the rest
/// of a third, with `fa`, `fb`, `fc` faces of each kind.
fn split(n: u64, (a, fa): (u64, u64), (b, fb): (u64, u64), fc: u64) -> BigUint {
    binomial(n, a) * binomial(n - a, b) * pow(fa, a) * pow(fb, b) * pow(fc, n - a - b)
}

impl System {
    pub fn odds(&self) -> Odds {
        match *self {
            System::Shadowrun { dice } => shadowrun(u64::from(dice)),
            System::Storyteller {
                dice,
                diff,
                again: false,
            } => storyteller(u64::from(dice), u64::from(diff)),
            System::Storyteller { dice, diff, .. } => again(u64::from(dice), u64::from(diff)),
            System::Pbta { modifier } => listed(&[6, 6], |f| {
                let t = f[0] + f[1] + modifier;
                let key = match pbta_words(t) {
                    "miss" => 0,
                    "weak hit" => 1,
                    _ => 2,
                };
                ((key, 0), pbta_words(t).to_string())
            }),
            System::Fate { modifier } => listed(&[3, 3, 3, 3], |f| {
                let t = f.iter().map(|x| x - 2).sum::<i64>() + modifier;
                ((t, 0), fate_words(t))
            }),
            System::Blades { dice } => blades(u64::from(dice)),
            System::Narrative { pool } => narrative(&pool),
            System::Cthulhu {
                skill,
                bonus,
                penalty,
            } => {
                let net = super::net_bonus(bonus, penalty);
                // The units die, then one tens die and one per net extra.
                let sides = vec![10; 2 + net.unsigned_abs() as usize];
                listed(&sides, |f| {
                    let units = f[0] - 1;
                    let tens: Vec<i64> = f[1..].iter().map(|t| (t - 1) * 10).collect();
                    let value = percentile(&tens, units, net);
                    let word = cthulhu_words(skill, value);
                    let key = [
                        "fumble",
                        "failure",
                        "regular success",
                        "hard success",
                        "extreme success",
                        "critical",
                    ]
                    .iter()
                    .position(|w| *w == word)
                    .unwrap_or(0) as i64;
                    ((key, 0), word.to_string())
                })
            }
        }
    }
}

/// Narrative dice: the six grades worst to best, and beside them the
/// chance of at least one triumph and of at least one despair.
fn narrative(pool: &super::narrative::Pool) -> Odds {
    let (results, denom) = super::narrative::odds(pool);
    let mut rows = Rows::default();
    let (mut triumph, mut despair) = (BigUint::zero(), BigUint::zero());
    for (net, ways) in results {
        let grade = net.grade();
        if net.triumphs > 0 {
            triumph += &ways;
        }
        if net.despairs > 0 {
            despair += &ways;
        }
        rows.add((grade as i64, 0), super::narrative::GRADES[grade], ways);
    }
    let mut odds = rows.done(denom);
    // Only proficiency dice show a triumph, only challenge dice a despair:
    // a pool without them is not told of a chance that is always nil.
    odds.also = [
        ("at least one triumph", triumph),
        ("at least one despair", despair),
    ]
    .into_iter()
    .filter(|(_, ways)| !ways.is_zero())
    .map(|(word, ways)| (word.to_string(), ways))
    .collect();
    odds
}

/// Every roll of a few dice of the given sides, listed.
fn listed(sides: &[i64], mut read: impl FnMut(&[i64]) -> ((i64, i64), String)) -> Odds {
    let mut rows = Rows::default();
    let mut faces = vec![1i64; sides.len()];
    let mut denom = BigUint::one();
    for s in sides {
        denom *= *s as u64;
    }
    loop {
        let (key, word) = read(&faces);
        rows.add(key, word, BigUint::one());
        // The next roll, as an odometer.
        let mut i = 0;
        loop {
            if i == faces.len() {
                return rows.done(denom);
            }
            faces[i] += 1;
            if faces[i] <= sides[i] {
                break;
            }
            faces[i] = 1;
            i += 1;
        }
    }
}

fn shadowrun(n: u64) -> Odds {
    let mut rows = Rows::default();
    for hits in 0..=n {
        for ones in 0..=n - hits {
            let word = shadowrun_words(n as u32, hits as u32, ones as u32);
            let glitch = i64::from(word.contains("glitch"));
            // A glitch reads before a plain result of the same hits.
            rows.add(
                (hits as i64, 1 - glitch),
                word,
                split(n, (hits, 2), (ones, 1), 3),
            );
        }
    }
    rows.done(pow(6, n))
}

/// The word's place: botch, failure, then successes up.
fn storyteller_key(word: &str, net: i64) -> (i64, i64) {
    match word {
        "botch" => (-2, 0),
        "failure" => (-1, 0),
        _ => (net, 0),
    }
}

fn storyteller(n: u64, diff: u64) -> Odds {
    let mut rows = Rows::default();
    for s in 0..=n {
        for o in 0..=n - s {
            let word = storyteller_words(s as i64, o as i64);
            let key = storyteller_key(&word, s as i64 - o as i64);
            rows.add(key, word, split(n, (s, 11 - diff), (o, 1), diff - 2));
        }
    }
    rows.done(pow(10, n))
}

/// Storyteller with 10s again. Each die's 10s form a run before the die
/// that ends it (1 to 9, each as likely), so the pool's 10s `t` follow
/// the negative binomial: C(t+n-1, n-1) 9^n / 10^(t+n) ways, times how
/// the ending dice fall. Every 10 counts without limit (a roll stops
/// after 100 extra dice: a difference below 10^-100). Rows are exact up
/// to `top` net successes; the last row holds everything above.
fn again(n: u64, diff: u64) -> Odds {
    let top = n + 10;
    let most_tens = top + n;
    let denom = pow(10, most_tens + n);
    let mut rows = Rows::default();
    // Faces 1..9 that end a run: successes, ones, the rest.
    let (wins, rest) = (10 - diff, diff - 2);
    for t in 0..=most_tens {
        let runs = binomial(t + n - 1, n - 1) * pow(10, most_tens - t);
        for s in 0..=n {
            for o in 0..=n - s {
                let net = (t + s) as i64 - o as i64;
                if net > top as i64 {
                    continue;
                }
                let word = storyteller_words((t + s) as i64, o as i64);
                let key = storyteller_key(&word, net);
                rows.add(key, word, &runs * split(n, (s, wins), (o, 1), rest));
            }
        }
    }
    let counted: BigUint = rows.0.values().map(|(_, c)| c).sum();
    rows.add(
        (top as i64 + 1, 0),
        format!("more than {top} successes"),
        &denom - counted,
    );
    rows.done(denom)
}

fn blades(n: u64) -> Odds {
    let mut rows = Rows::default();
    let words = |k: i64| blades_words(n as u32, [1, 4, 6, 6][k as usize], 2 * (k == 3) as usize);
    if n == 0 {
        // The lower of two dice: 6 only on double 6; 4 or 5 when both
        // are 4 or more.
        rows.add((0, 0), words(0), BigUint::from(27u32));
        rows.add((1, 0), words(1), BigUint::from(8u32));
        rows.add((2, 0), words(2), BigUint::one());
        return rows.done(BigUint::from(36u32));
    }
    let (all, five, three) = (pow(6, n), pow(5, n), pow(3, n));
    let one_six = pow(5, n - 1) * n;
    rows.add((0, 0), words(0), three.clone());
    rows.add((1, 0), words(1), &five - &three);
    rows.add((2, 0), words(2), one_six.clone());
    rows.add((3, 0), words(3), all - five - one_six);
    rows.done(pow(6, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::TableRng;

    fn chance(odds: &Odds, word: &str) -> String {
        let (_, c) = odds.rows.iter().find(|(w, _)| w == word).unwrap();
        crate::dist::fraction(c, &odds.denom)
    }

    /// Every system's counts add up to all the rolls, and agree with
    /// the words `roll` reads from rolls listed one by one (small pools).
    #[test]
    fn counts_agree_with_reading_every_roll() {
        let systems = [
            System::Shadowrun { dice: 3 },
            System::Shadowrun { dice: 4 },
            System::Storyteller {
                dice: 3,
                diff: 6,
                again: false,
            },
            System::Storyteller {
                dice: 2,
                diff: 10,
                again: false,
            },
            System::Pbta { modifier: 1 },
            System::Fate { modifier: 2 },
            System::Blades { dice: 0 },
            System::Blades { dice: 3 },
            System::Cthulhu {
                skill: 45,
                bonus: 0,
                penalty: 0,
            },
            System::Cthulhu {
                skill: 60,
                bonus: 1,
                penalty: 0,
            },
            System::Cthulhu {
                skill: 30,
                bonus: 0,
                penalty: 2,
            },
        ];
        for sys in systems {
            let odds = sys.odds();
            let sum: BigUint = odds.rows.iter().map(|(_, c)| c).sum();
            assert_eq!(sum, odds.denom, "{sys:?}");
            // Brute force: read every roll the way `roll` does.
            let brute = brute_force(&sys);
            for (word, count) in &odds.rows {
                let want = brute.get(word).cloned().unwrap_or_default();
                assert_eq!(
                    crate::dist::fraction(count, &odds.denom),
                    crate::dist::fraction(&want, &odds.denom),
                    "{sys:?} {word}"
                );
            }
            assert_eq!(brute.len(), odds.rows.len(), "{sys:?}");
        }
    }

    /// Every face combination, read with the same words as `roll`.
    fn brute_force(sys: &System) -> BTreeMap<String, BigUint> {
        let (sides, n): (i64, usize) = match *sys {
            System::Shadowrun { dice } => (6, dice as usize),
            System::Storyteller { dice, .. } => (10, dice as usize),
            System::Pbta { .. } => (6, 2),
            System::Fate { .. } => (3, 4),
            System::Blades { dice } => (6, dice.max(2) as usize),
            System::Cthulhu { bonus, penalty, .. } => (10, 2 + (bonus + penalty) as usize),
            // Dice of several sizes: `narrative`'s own test lists them.
            System::Narrative { .. } => unreachable!("not listed here"),
        };
        let mut out = BTreeMap::new();
        let total = sides.pow(n as u32);
        for mut code in 0..total {
            let mut f = Vec::new();
            for _ in 0..n {
                f.push(code % sides + 1);
                code /= sides;
            }
            let word = match *sys {
                System::Shadowrun { dice } => shadowrun_words(
                    dice,
                    f.iter().filter(|&&x| x >= 5).count() as u32,
                    f.iter().filter(|&&x| x == 1).count() as u32,
                ),
                System::Storyteller { diff, .. } => storyteller_words(
                    f.iter().filter(|&&x| x >= i64::from(diff)).count() as i64,
                    f.iter().filter(|&&x| x == 1).count() as i64,
                ),
                System::Pbta { modifier } => pbta_words(f[0] + f[1] + modifier).to_string(),
                System::Fate { modifier } => {
                    fate_words(f.iter().map(|x| x - 2).sum::<i64>() + modifier)
                }
                System::Blades { dice } => {
                    let (top, sixes) = super::super::blades_read(dice, &f);
                    blades_words(dice, top, sixes).to_string()
                }
                System::Cthulhu {
                    skill,
                    bonus,
                    penalty,
                } => {
                    let net = super::super::net_bonus(bonus, penalty);
                    let tens: Vec<i64> = f[1..].iter().map(|t| (t - 1) * 10).collect();
                    cthulhu_words(skill, percentile(&tens, f[0] - 1, net)).to_string()
                }
                System::Narrative { .. } => unreachable!("not listed here"),
            };
            *out.entry(word).or_insert_with(BigUint::zero) += 1u32;
        }
        out
    }

    /// Hand-worked figures.
    #[test]
    fn hand_worked_chances() {
        // 2d6+1: 10+ needs 9+ on the dice, 10/36.
        let pbta = System::Pbta { modifier: 1 }.odds();
        assert_eq!(chance(&pbta, "strong hit"), "5/18");
        assert_eq!(chance(&pbta, "miss"), "5/18");
        // One Blades die: 6 is a full success, never critical.
        let bitd = System::Blades { dice: 1 }.odds();
        assert_eq!(chance(&bitd, "full success"), "1/6");
        assert!(bitd.rows.iter().all(|(w, _)| w != "critical"));
        // Two dice: both 6 is the only critical.
        assert_eq!(
            chance(&System::Blades { dice: 2 }.odds(), "critical"),
            "1/36"
        );
        // coc 45: 01 to 09 extreme less the critical 01; 96-100 fumble.
        let coc = System::Cthulhu {
            skill: 45,
            bonus: 0,
            penalty: 0,
        }
        .odds();
        assert_eq!(chance(&coc, "critical"), "1/100");
        assert_eq!(chance(&coc, "extreme success"), "2/25");
        assert_eq!(chance(&coc, "fumble"), "1/20");
        // One Shadowrun die: a 1 is a critical glitch.
        assert_eq!(
            chance(&System::Shadowrun { dice: 1 }.odds(), "critical glitch"),
            "1/6"
        );
        // One Storyteller die at 6: a 1 botches.
        let wod = System::Storyteller {
            dice: 1,
            diff: 6,
            again: false,
        }
        .odds();
        assert_eq!(chance(&wod, "botch"), "1/10");
        assert_eq!(chance(&wod, "1 success"), "1/2");
        // 4dF: +0 is 19 of 81.
        assert_eq!(
            chance(&System::Fate { modifier: 0 }.odds(), "+0 Mediocre"),
            "19/81"
        );
    }

    /// 10s again, one die against 6: exactly one net success is 6 to 9
    /// (4/10), or 10 then 2 to 5 (1/10 * 4/10), or 10, 10, 1 (a 1 on an
    /// added die cancels too: 1/1000): 441/1000. A botch stays 1/10.
    #[test]
    fn tens_again_adds_dice() {
        let odds = System::Storyteller {
            dice: 1,
            diff: 6,
            again: true,
        }
        .odds();
        assert_eq!(chance(&odds, "1 success"), "441/1000");
        assert_eq!(chance(&odds, "botch"), "1/10");
        let sum: BigUint = odds.rows.iter().map(|(_, c)| c).sum();
        assert_eq!(sum, odds.denom);
        // Rolled: a 10 brings another die.
        let mut rng = TableRng::new(1);
        let longest = (0..2000)
            .map(|_| {
                System::Storyteller {
                    dice: 1,
                    diff: 6,
                    again: true,
                }
                .roll(&mut rng)
                .dice
                .len()
            })
            .max()
            .unwrap();
        assert!(longest > 1);
    }
}
