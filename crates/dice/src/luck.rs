//! How lucky a run of rolls was: where the sum of their outcomes falls in
//! the distribution of that sum, each roll's exact distribution convolved
//! (a pass/fail check counts 1 for a pass, so its rolls make the
//! Poisson-binomial of the passes).
//!
//! The sums are carried as floating-point probabilities, not as the exact
//! fractions `prob` shows: 10,000 rolls convolved exactly would be
//! numbers of tens of thousands of digits. Each step drops only tail mass
//! below `TAIL` (1e-18) at the ends, so a percentile is good to far more
//! places than it is shown with.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::dist::{Dist, prob_f64};

/// Mass below which an end of a sum's support is dropped.
const TAIL: f64 = 1e-18;

/// Widest single roll taken (its lowest to its highest total): past it
/// the roll is left out and said to be.
pub const MAX_SPAN: i64 = 100_000;

/// A distribution over whole numbers from `lo`, as probabilities.
#[derive(Debug, Clone, PartialEq)]
pub struct Pmf {
    pub lo: i64,
    pub p: Vec<f64>,
}

impl Pmf {
    /// One roll's distribution (the mass past an explosion limit, below
    /// 1e-12, is left out). `None` past `MAX_SPAN`.
    pub fn of(d: &Dist) -> Option<Pmf> {
        let (lo, hi) = (d.min()?, d.max()?);
        if hi - lo > MAX_SPAN {
            return None;
        }
        let mut p = vec![0.0; (hi - lo + 1) as usize];
        for (v, w) in &d.weights {
            p[(v - lo) as usize] = prob_f64(w, &d.denom);
        }
        Some(Pmf { lo, p })
    }

    /// A check: 1 with chance `pass`, else 0.
    pub fn check(pass: f64) -> Pmf {
        Pmf {
            lo: 0,
            p: vec![1.0 - pass, pass],
        }
    }

    /// The sum of one roll of each.
    pub fn plus(&self, o: &Pmf) -> Pmf {
        let (a, b) = if self.p.len() >= o.p.len() {
            (self, o)
        } else {
            (o, self)
        };
        let mut p = vec![0.0; a.p.len() + b.p.len() - 1];
        for (j, &q) in b.p.iter().enumerate() {
            if q == 0.0 {
                continue;
            }
            for (k, &r) in a.p.iter().enumerate() {
                p[j + k] += q * r;
            }
        }
        let mut sum = Pmf { lo: a.lo + b.lo, p };
        sum.trim();
        sum
    }

    /// The sum of `n` rolls of it (by squaring: 2,000 rolls of 2d6 are a
    /// dozen convolutions, not 2,000).
    pub fn times(&self, n: u64) -> Pmf {
        let mut out = Pmf {
            lo: 0,
            p: vec![1.0],
        };
        let (mut base, mut n) = (self.clone(), n);
        while n > 0 {
            if n & 1 == 1 {
                out = out.plus(&base);
            }
            n >>= 1;
            if n > 0 {
                base = base.plus(&base);
            }
        }
        out
    }

    /// Drop the ends whose mass is below `TAIL`.
    fn trim(&mut self) {
        let start = self.p.iter().position(|&q| q >= TAIL).unwrap_or(0);
        let end = self
            .p
            .iter()
            .rposition(|&q| q >= TAIL)
            .map_or(self.p.len(), |i| i + 1);
        if start > 0 || end < self.p.len() {
            self.p = self.p[start..end.max(start + 1)].to_vec();
            self.lo += start as i64;
        }
    }

    /// The chance of a sum below `x`, and of exactly `x` (never -0.0).
    pub fn below_and_at(&self, x: i64) -> (f64, f64) {
        let i = x - self.lo;
        let total: f64 = self.p.iter().sum();
        let below: f64 = self
            .p
            .iter()
            .take(i.clamp(0, self.p.len() as i64) as usize)
            .sum();
        let at = usize::try_from(i)
            .ok()
            .and_then(|i| self.p.get(i))
            .copied()
            .unwrap_or(0.0);
        // An empty sum of floats is -0.0: `+ 0.0` makes it the 0 that a
        // reader (and JSON) expects (`"below": -0.0`, #78).
        (below / total + 0.0, at / total + 0.0)
    }

    pub fn mean(&self) -> f64 {
        let total: f64 = self.p.iter().sum();
        self.p
            .iter()
            .enumerate()
            .map(|(i, q)| (self.lo + i as i64) as f64 * q)
            .sum::<f64>()
            / total
    }
}

/// The sum of one roll of each, smallest first so that no step is wider
/// than it must be.
pub fn sum_of(parts: Vec<Pmf>) -> Pmf {
    let mut heap: BinaryHeap<(Reverse<usize>, usize)> = BinaryHeap::new();
    let mut slots: Vec<Option<Pmf>> = Vec::with_capacity(parts.len());
    for (i, p) in parts.into_iter().enumerate() {
        heap.push((Reverse(p.p.len()), i));
        slots.push(Some(p));
    }
    loop {
        let Some((_, a)) = heap.pop() else {
            return Pmf {
                lo: 0,
                p: vec![1.0],
            };
        };
        let Some((_, b)) = heap.pop() else {
            return slots[a].take().expect("each slot is taken once");
        };
        let (x, y) = (slots[a].take(), slots[b].take());
        let sum = x.expect("taken once").plus(&y.expect("taken once"));
        heap.push((Reverse(sum.p.len()), slots.len()));
        slots.push(Some(sum));
    }
}

/// Where an outcome falls: `below` the chance of less, `at` of exactly
/// it. Its mid-percentile (`below + at / 2`) is the share of runs it
/// beat, a tie counted half.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Standing {
    pub below: f64,
    pub at: f64,
}

impl Standing {
    pub fn percentile(&self) -> f64 {
        self.below + self.at / 2.0
    }

    /// The chance of doing this badly or worse, and this well or better.
    pub fn as_low(&self) -> f64 {
        (self.below + self.at).min(1.0)
    }

    pub fn as_high(&self) -> f64 {
        (1.0 - self.below).max(0.0)
    }
}

/// Where `observed` falls in `sum`.
pub fn standing(sum: &Pmf, observed: i64) -> Standing {
    let (below, at) = sum.below_and_at(observed);
    Standing { below, at }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::TableRng;
    use crate::{distribution, parse};

    fn pmf(expr: &str) -> Pmf {
        Pmf::of(&distribution(&parse(expr).unwrap()).unwrap()).unwrap()
    }

    /// The lowest sum has nothing below it: 0, not -0.0 (an empty float
    /// sum), which JSON wrote as `"below": -0.0`.
    #[test]
    fn nothing_below_the_lowest_sum_is_a_plain_zero() {
        let (below, at) = pmf("2d6").below_and_at(2);
        assert!(below == 0.0 && below.is_sign_positive(), "{below}");
        assert!((at - 1.0 / 36.0).abs() < 1e-12);
        assert_eq!(format!("{below}"), "0");
    }

    /// Three rolls of 2d6 and a d20 check, enumerated one outcome at a
    /// time: the convolution gives the same percentile.
    #[test]
    fn percentiles_equal_a_brute_force_enumeration() {
        let sum = sum_of(vec![pmf("2d6"), pmf("2d6"), pmf("2d6")]);
        for observed in [3, 6, 15, 21, 30, 36, 40] {
            let (mut below, mut at) = (0u64, 0u64);
            for a in 0..36u64 {
                for b in 0..36u64 {
                    for c in 0..36u64 {
                        let s = |x: u64| (x / 6 + 1 + x % 6 + 1) as i64;
                        let t = s(a) + s(b) + s(c);
                        below += u64::from(t < observed);
                        at += u64::from(t == observed);
                    }
                }
            }
            let all = 36f64.powi(3);
            let st = standing(&sum, observed);
            assert!((st.below - below as f64 / all).abs() < 1e-12, "{observed}");
            assert!((st.at - at as f64 / all).abs() < 1e-12, "{observed}");
        }
        // A d20+5 >= 15 check passes on 10 to 20: 11 of 20. Four checks
        // with two passes, against the binomial counted by hand.
        let checks = Pmf::check(11.0 / 20.0).times(4);
        let st = standing(&checks, 2);
        let mut below = 0.0;
        let mut at = 0.0;
        for mask in 0..16u32 {
            let passes = mask.count_ones() as i64;
            let chance: f64 = (0..4)
                .map(|i| if mask >> i & 1 == 1 { 0.55 } else { 0.45 })
                .product();
            if passes < 2 {
                below += chance;
            } else if passes == 2 {
                at += chance;
            }
        }
        assert!((st.below - below).abs() < 1e-12 && (st.at - at).abs() < 1e-12);
    }

    /// 100,000 evenings of 40 mixed rolls, rolled: the share below an
    /// outcome is the convolution's within 0.01.
    #[test]
    fn percentiles_agree_with_100000_evenings_rolled() {
        let exprs = ["4d6kh3", "1d20+5", "3d6!", "2d10", "1d8+1d4", "4dF"];
        let rolls: Vec<_> = (0..40)
            .map(|i| parse(exprs[i % exprs.len()]).unwrap())
            .collect();
        let sum = sum_of(
            rolls
                .iter()
                .map(|r| Pmf::of(&distribution(r).unwrap()).unwrap())
                .collect(),
        );
        let mut rng = TableRng::new(2026);
        let mut totals = Vec::with_capacity(100_000);
        for _ in 0..100_000 {
            let t: i64 = rolls
                .iter()
                .map(|r| crate::roll(r, &mut rng).unwrap().total)
                .sum();
            totals.push(t);
        }
        let mean = sum.mean();
        for observed in [
            mean as i64 - 40,
            mean as i64 - 10,
            mean as i64,
            mean as i64 + 25,
        ] {
            let st = standing(&sum, observed);
            let below = totals.iter().filter(|&&t| t < observed).count() as f64 / 1e5;
            let at = totals.iter().filter(|&&t| t == observed).count() as f64 / 1e5;
            assert!(
                (st.percentile() - (below + at / 2.0)).abs() < 0.01,
                "{observed}: {} against {}",
                st.percentile(),
                below + at / 2.0
            );
        }
    }

    #[test]
    fn many_rolls_of_one_roll_are_its_power() {
        let one = pmf("2d6");
        let by_squaring = one.times(13);
        let one_by_one = sum_of(vec![one.clone(); 13]);
        assert_eq!(by_squaring.lo, one_by_one.lo);
        for (a, b) in by_squaring.p.iter().zip(&one_by_one.p) {
            assert!((a - b).abs() < 1e-15);
        }
        assert!((by_squaring.mean() - 91.0).abs() < 1e-9);
    }
}
