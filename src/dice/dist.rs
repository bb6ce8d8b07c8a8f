//! Exact distributions of dice expressions.
//!
//! A distribution is a map from total to an integer weight over one common
//! denominator (big integers, so `100d6` over 6^100 stays exact). Explosions
//! are followed to the explosion limit; the mass of chains longer than that
//! is kept apart as `beyond` and reported, so weights plus `beyond` always
//! equal the denominator.

use std::collections::BTreeMap;

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use super::parse::{Dice, DiceError, Expr, MAX_EXPLOSIONS, Op, Pick, Roll, Sel};
use super::roll::floor_div;

/// More distinct totals than this is refused rather than computed.
pub const MAX_TOTALS: usize = 200_000;
/// Refuse work past this many weight multiplications.
const MAX_WORK: u128 = 40_000_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dist {
    pub weights: BTreeMap<i64, BigUint>,
    pub denom: BigUint,
    /// Mass of outcomes past the explosion limit (not in `weights`).
    pub beyond: BigUint,
}

type Res<T> = Result<T, String>;

impl Dist {
    pub fn point(v: i64) -> Dist {
        Dist {
            weights: BTreeMap::from([(v, BigUint::one())]),
            denom: BigUint::one(),
            beyond: BigUint::zero(),
        }
    }

    pub fn min(&self) -> Option<i64> {
        self.weights.keys().next().copied()
    }

    pub fn max(&self) -> Option<i64> {
        self.weights.keys().next_back().copied()
    }

    /// Two independent distributions combined by `f` (None: refuse, with
    /// the reason from `why`).
    fn combine(
        &self,
        other: &Dist,
        f: impl Fn(i64, i64) -> Option<i64>,
        why: &dyn Fn(i64, i64) -> String,
    ) -> Res<Dist> {
        let work = self.weights.len() as u128 * other.weights.len() as u128;
        if work > MAX_WORK {
            return Err("too many outcomes to compute exactly".into());
        }
        let mut weights: BTreeMap<i64, BigUint> = BTreeMap::new();
        for (&a, wa) in &self.weights {
            crate::cancel::check()?;
            for (&b, wb) in &other.weights {
                let v = f(a, b).ok_or_else(|| why(a, b))?;
                let w = wa * wb;
                *weights.entry(v).or_default() += w;
            }
            if weights.len() > MAX_TOTALS {
                return Err(format!("more than {MAX_TOTALS} totals to list"));
            }
        }
        let beyond = self.joint_beyond(other);
        Ok(Dist {
            weights,
            denom: &self.denom * &other.denom,
            beyond,
        })
    }

    /// Mass past the explosion limit in either of two independent
    /// distributions, over the product of their denominators.
    fn joint_beyond(&self, other: &Dist) -> BigUint {
        &self.beyond * &other.denom + &other.beyond * &self.denom - &self.beyond * &other.beyond
    }

    fn add(&self, other: &Dist) -> Res<Dist> {
        let too_large = |_, _| "a total is too large".to_string();
        let (Some(lo_a), Some(hi_a), Some(lo_b), Some(hi_b)) =
            (self.min(), self.max(), other.min(), other.max())
        else {
            return self.combine(other, i64::checked_add, &too_large);
        };
        let (Some(lo), Some(hi)) = (lo_a.checked_add(lo_b), hi_a.checked_add(hi_b)) else {
            return self.combine(other, i64::checked_add, &too_large);
        };
        // In i128: the span of two far-apart i64 totals overflows i64.
        let span = (i128::from(hi) - i128::from(lo)) as u128 + 1;
        let pairs = self.weights.len() as u128 * other.weights.len() as u128;
        if span > MAX_TOTALS as u128 || pairs > MAX_WORK || span > 4 * pairs + 1024 {
            return self.combine(other, i64::checked_add, &too_large);
        }
        // Sums of dice are dense: accumulate by offset, not by map lookup.
        let mut acc = vec![BigUint::zero(); span as usize];
        let mut product = BigUint::zero();
        for (&a, wa) in &self.weights {
            crate::cancel::check()?;
            for (&b, wb) in &other.weights {
                product.clone_from(wa);
                product *= wb;
                acc[(i128::from(a) + i128::from(b) - i128::from(lo)) as usize] += &product;
            }
        }
        let weights = acc
            .into_iter()
            .enumerate()
            .filter(|(_, w)| !w.is_zero())
            .map(|(i, w)| (lo + i as i64, w))
            .collect();
        let beyond = self.joint_beyond(other);
        Ok(Dist {
            weights,
            denom: &self.denom * &other.denom,
            beyond,
        })
    }

    fn map(&self, f: impl Fn(i64) -> i64) -> Dist {
        let mut weights: BTreeMap<i64, BigUint> = BTreeMap::new();
        for (&v, w) in &self.weights {
            *weights.entry(f(v)).or_default() += w;
        }
        Dist {
            weights,
            denom: self.denom.clone(),
            beyond: self.beyond.clone(),
        }
    }

    /// The sum of `n` independent copies: by Miller's recurrence when no
    /// mass lies past the explosion limit, else by repeated doubling.
    fn power(&self, n: u64) -> Res<Dist> {
        if n >= 2 && self.beyond.is_zero() && self.weights.len() >= 2 {
            return self.power_miller(n);
        }
        self.power_doubling(n)
    }

    /// The n-th power of the die's generating polynomial P by J.C.P.
    /// Miller's recurrence: with p_j the weight of the j-th value above
    /// the lowest and q = P^n, q_0 = p_0^n and
    ///   q_k = sum_{j=1..min(k,d)} ((n+1)j - k) p_j q_{k-j} / (k p_0),
    /// the division exact. Only big-by-small products, where doubling
    /// multiplies big by big: 1000d6 in milliseconds instead of seconds.
    fn power_miller(&self, n: u64) -> Res<Dist> {
        let (Some(lo), Some(hi)) = (self.min(), self.max()) else {
            return Ok(Dist::point(0));
        };
        let d = (i128::from(hi) - i128::from(lo)) as u128;
        let totals = u128::from(n) * d + 1;
        if totals > MAX_TOTALS as u128 {
            return Err(format!("more than {MAX_TOTALS} totals to list"));
        }
        if totals * d > MAX_WORK {
            return Err("too many outcomes to compute exactly".into());
        }
        let low = lo
            .checked_mul(n as i64)
            .ok_or_else(|| "a total is too large".to_string())?;
        let high = hi
            .checked_mul(n as i64)
            .ok_or_else(|| "a total is too large".to_string())?;
        let (d, totals) = (d as usize, totals as usize);
        let mut p = vec![BigInt::zero(); d + 1];
        for (&v, w) in &self.weights {
            p[(v - lo) as usize] = BigInt::from(w.clone());
        }
        let p0 = p[0].clone();
        let mut q: Vec<BigInt> = Vec::with_capacity(totals);
        q.push(p0.pow(n as u32));
        for k in 1..totals {
            if k % 256 == 0 {
                crate::cancel::check()?;
            }
            let mut acc = BigInt::zero();
            for j in 1..=k.min(d) {
                let coef = (n as i64 + 1) * j as i64 - k as i64;
                if coef == 0 || p[j].is_zero() || q[k - j].is_zero() {
                    continue;
                }
                acc += &q[k - j] * &p[j] * coef;
            }
            q.push(acc / (&p0 * BigInt::from(k)));
        }
        debug_assert_eq!(low + (totals as i64 - 1), high);
        let weights = q
            .into_iter()
            .enumerate()
            .filter_map(|(k, w)| Some((low + k as i64, w.to_biguint()?)))
            .filter(|(_, w)| !w.is_zero())
            .collect();
        Ok(Dist {
            weights,
            denom: self.denom.pow(n as u32),
            beyond: BigUint::zero(),
        })
    }

    /// The sum of `n` independent copies, by repeated doubling.
    fn power_doubling(&self, n: u64) -> Res<Dist> {
        let mut result = Dist::point(0);
        let mut base = self.clone();
        let mut n = n;
        loop {
            if n & 1 == 1 {
                result = result.add(&base)?;
            }
            n >>= 1;
            if n == 0 {
                return Ok(result);
            }
            base = base.add(&base)?;
        }
    }

    /// Chance that the total satisfies `pred`, as (numerator, denominator).
    pub fn chance(&self, pred: impl Fn(i64) -> bool) -> (BigUint, BigUint) {
        let num: BigUint = self
            .weights
            .iter()
            .filter(|(v, _)| pred(**v))
            .map(|(_, w)| w)
            .sum();
        (num, self.denom.clone())
    }

    /// Mean and standard deviation over the counted outcomes.
    pub fn mean_sd(&self) -> (f64, f64) {
        let mass: BigUint = self.weights.values().sum();
        if mass.is_zero() {
            return (0.0, 0.0);
        }
        let mut s1 = BigInt::zero();
        let mut s2 = BigInt::zero();
        for (&v, w) in &self.weights {
            let w = BigInt::from(w.clone());
            s1 += &w * v;
            s2 += &w * v * v;
        }
        let m = BigInt::from(mass);
        let mean = ratio_f64(&s1, &m);
        // Variance exactly: (m*s2 - s1^2) / m^2.
        let var = ratio_f64(&(&m * &s2 - &s1 * &s1), &(&m * &m));
        (mean, var.max(0.0).sqrt())
    }
}

/// A big ratio as f64, scaling both sides down so neither overflows.
pub fn ratio_f64(num: &BigInt, den: &BigInt) -> f64 {
    let shift = den.bits().max(num.bits()).saturating_sub(1000);
    let n = (num >> shift).to_f64().unwrap_or(0.0);
    let d = (den >> shift).to_f64().unwrap_or(1.0);
    n / d
}

/// "a/b" in lowest terms.
pub fn fraction(num: &BigUint, den: &BigUint) -> String {
    if num.is_zero() {
        return "0".into();
    }
    let g = num.gcd(den);
    format!("{}/{}", num / &g, den / &g)
}

pub fn prob_f64(num: &BigUint, den: &BigUint) -> f64 {
    ratio_f64(&BigInt::from(num.clone()), &BigInt::from(den.clone()))
}

/// One die: the values it can show after rerolls, explosions and clamps.
fn single_die(d: &Dice) -> Res<Dist> {
    let faces = d.faces;
    let f = faces.count();
    let all = || faces.min()..=faces.max();
    let uniform = |keep: &dyn Fn(i64) -> bool, denom: u64| Dist {
        weights: all()
            .filter(|&v| keep(v))
            .map(|v| (v, BigUint::one()))
            .collect(),
        denom: BigUint::from(denom),
        beyond: BigUint::zero(),
    };
    // The first face, after any reroll.
    let first = match d.mods.reroll {
        None => uniform(&|_| true, f),
        Some(sel) if !d.mods.reroll_once => uniform(&|v| !sel.matches(v), f - sel.matching(faces)),
        Some(sel) => {
            // Keep a non-matching face (f ways of f*f), or reroll a
            // matching one into any face (m ways each).
            let m = sel.matching(faces);
            Dist {
                weights: all()
                    .map(|v| {
                        let w = if sel.matches(v) { m } else { f + m };
                        (v, BigUint::from(w))
                    })
                    .collect(),
                denom: BigUint::from(f * f),
                beyond: BigUint::zero(),
            }
        }
    };
    let mut die = match d.mods.explode {
        None => first,
        Some(sel) => explode(&first, sel, faces.min(), faces.max(), f)?,
    };
    if d.mods.min.is_some() || d.mods.max.is_some() {
        let (lo, hi) = (d.mods.min, d.mods.max);
        die = die.map(|v| {
            let v = lo.map_or(v, |lo| v.max(lo));
            hi.map_or(v, |hi| v.min(hi))
        });
    }
    Ok(die)
}

/// Follow explosions: a matching face adds a plain roll, which may match
/// again, up to `MAX_EXPLOSIONS` extra rolls.
fn explode(first: &Dist, sel: Sel, lo: i64, hi: i64, f: u64) -> Res<Dist> {
    // `tail` is the value added by a chain that starts with one plain roll
    // and may still explode `budget` more times; built from the deepest.
    let plain = |v: i64| (v, BigUint::one());
    // The deepest roll: a match there would pass the limit.
    let mut tail = Dist {
        weights: (lo..=hi).filter(|&v| !sel.matches(v)).map(plain).collect(),
        denom: BigUint::from(f),
        beyond: BigUint::from((lo..=hi).filter(|&v| sel.matches(v)).count() as u64),
    };
    for _ in 1..MAX_EXPLOSIONS {
        crate::cancel::check()?;
        let mut next = Dist {
            weights: BTreeMap::new(),
            denom: &tail.denom * f,
            beyond: BigUint::zero(),
        };
        let mut beyond = BigUint::zero();
        for v in lo..=hi {
            if sel.matches(v) {
                for (t, w) in &tail.weights {
                    *next.weights.entry(v + t).or_default() += w;
                }
                beyond += &tail.beyond;
            } else {
                *next.weights.entry(v).or_default() += &tail.denom;
            }
        }
        next.beyond = beyond;
        if next.weights.len() > MAX_TOTALS {
            return Err(format!("more than {MAX_TOTALS} totals to list"));
        }
        tail = next;
    }
    let mut out = Dist {
        weights: BTreeMap::new(),
        denom: &first.denom * &tail.denom,
        beyond: BigUint::zero(),
    };
    for (&v, w) in &first.weights {
        if sel.matches(v) {
            for (t, tw) in &tail.weights {
                *out.weights.entry(v + t).or_default() += w * tw;
            }
            out.beyond += w * &tail.beyond;
        } else {
            *out.weights.entry(v).or_default() += w * &tail.denom;
        }
    }
    Ok(out)
}

/// n independent dice with keep/drop steps.
fn term(d: &Dice) -> Res<Dist> {
    let die = single_die(d)?;
    let n = d.count;
    // Count steps narrow a range of places (highest first); value steps
    // filter what is left. prob handles value steps after count steps.
    let (mut lo, mut hi) = (0u64, n);
    let mut filters: Vec<(bool, Sel)> = Vec::new();
    for p in &d.mods.picks {
        let len = hi - lo;
        if !filters.is_empty()
            && matches!(
                p,
                Pick::KeepHigh(_) | Pick::KeepLow(_) | Pick::DropHigh(_) | Pick::DropLow(_)
            )
        {
            return Err(
                "prob needs keep/drop by count (kh, kl, dh, dl) before keep/drop by value (k, p)"
                    .into(),
            );
        }
        match *p {
            Pick::KeepHigh(k) => hi = lo + k.min(len),
            Pick::KeepLow(k) => lo = hi - k.min(len),
            Pick::DropHigh(k) => lo += k.min(len),
            Pick::DropLow(k) => hi -= k.min(len),
            Pick::Keep(sel) => filters.push((true, sel)),
            Pick::Drop(sel) => filters.push((false, sel)),
        }
    }
    let counts = |v: i64| filters.iter().all(|&(keep, sel)| sel.matches(v) == keep);
    if lo == 0 && hi == n {
        return die.map(|v| if counts(v) { v } else { 0 }).power(n);
    }
    order_statistics(&die, n, lo, hi, &counts)
}

/// Distribution of the sum of the dice ranked `lo..hi` (0 = highest) among
/// n iid dice, counting only values that pass `counts`. Dynamic programming
/// over face values from the highest down: state (dice placed, kept sum).
fn order_statistics(
    die: &Dist,
    n: u64,
    lo: u64,
    hi: u64,
    counts: &dyn Fn(i64) -> bool,
) -> Res<Dist> {
    let n = n as usize;
    let states = (n as u128 + 1) * die.weights.len() as u128 * (n as u128 + 1);
    if states * ((hi - lo) as u128 + 1) > MAX_WORK {
        return Err("too many outcomes to compute exactly".into());
    }
    let binom = binomials(n);
    // state[m] maps kept-sum -> weight, for m dice placed so far.
    let mut state: Vec<BTreeMap<i64, BigUint>> = vec![BTreeMap::new(); n + 1];
    state[0].insert(0, BigUint::one());
    for (&v, w) in die.weights.iter().rev() {
        let mut next: Vec<BTreeMap<i64, BigUint>> = vec![BTreeMap::new(); n + 1];
        let powers: Vec<BigUint> = std::iter::successors(Some(BigUint::one()), |p| Some(p * w))
            .take(n + 1)
            .collect();
        for (m, sums) in state.iter().enumerate() {
            crate::cancel::check()?;
            for (&s, sw) in sums {
                for c in 0..=(n - m) {
                    let overlap = (m + c).min(hi as usize).saturating_sub(m.max(lo as usize));
                    let add = if counts(v) {
                        v.checked_mul(overlap as i64)
                    } else {
                        Some(0)
                    };
                    let total = add
                        .and_then(|a| s.checked_add(a))
                        .ok_or("a total is too large")?;
                    let weight = sw * &binom[n - m][c] * &powers[c];
                    *next[m + c].entry(total).or_default() += weight;
                }
            }
        }
        state = next;
    }
    let weights = std::mem::take(&mut state[n]);
    let denom = die.denom.pow(n as u32);
    let counted: BigUint = weights.values().sum();
    Ok(Dist {
        beyond: &denom - counted,
        weights,
        denom,
    })
}

fn binomials(n: usize) -> Vec<Vec<BigUint>> {
    let mut rows: Vec<Vec<BigUint>> = Vec::with_capacity(n + 1);
    for i in 0..=n {
        let mut row = vec![BigUint::one(); i + 1];
        for j in 1..i {
            row[j] = &rows[i - 1][j - 1] + &rows[i - 1][j];
        }
        rows.push(row);
    }
    rows
}

fn eval(e: &Expr, terms: &[Dist]) -> Res<Dist> {
    match e {
        Expr::Num(n) => Ok(Dist::point(*n)),
        Expr::Dice(i) => Ok(terms[*i].clone()),
        Expr::Group(x) => eval(x, terms),
        Expr::Neg(x) => {
            // 0 - x, checked: the negation of the smallest total overflows.
            let big = |_: i64, _: i64| "a total is too large".to_string();
            Dist::point(0).combine(&eval(x, terms)?, i64::checked_sub, &big)
        }
        Expr::Bin(op, a, b) => {
            let (a, b) = (eval(a, terms)?, eval(b, terms)?);
            let big = |_: i64, _: i64| "a total is too large".to_string();
            match op {
                Op::Add => a.add(&b),
                Op::Sub => a.combine(&b, i64::checked_sub, &big),
                Op::Mul => a.combine(&b, i64::checked_mul, &big),
                Op::Div => a.combine(&b, floor_div, &|_, d| {
                    if d == 0 {
                        "the divisor can be 0, so the division is undefined".into()
                    } else {
                        "a total is too large".into()
                    }
                }),
            }
        }
    }
}

/// The exact distribution of one roll of `r` (one of its repeats).
pub fn distribution(r: &Roll) -> Result<Dist, DiceError> {
    let err = |message: String| DiceError {
        input: r.source.clone(),
        pos: None,
        message,
    };
    let terms: Vec<Dist> = r.dice.iter().map(term).collect::<Res<_>>().map_err(err)?;
    eval(&r.expr, &terms).map_err(err)
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse;
    use super::*;

    fn dist(s: &str) -> Dist {
        distribution(&parse(s).unwrap()).unwrap()
    }

    fn p(d: &Dist, v: i64) -> String {
        fraction(d.weights.get(&v).unwrap_or(&BigUint::zero()), &d.denom)
    }

    fn sums_to_one(d: &Dist) -> bool {
        let total: BigUint = d.weights.values().sum::<BigUint>() + &d.beyond;
        total == d.denom
    }

    /// Miller's recurrence gives exactly what repeated doubling gives, on
    /// dice with uniform and uneven weights, gaps and negative values.
    #[test]
    fn miller_agrees_with_doubling() {
        for die in [
            "d2", "d6", "d10", "dF", "1pp", "d6ro1", "d6rr<3", "d6mi3", "d8ma5", "d6k>4", "d6p<3",
            "d20",
        ] {
            let one = dist(die);
            for n in 2..=12 {
                assert_eq!(
                    one.power_miller(n).unwrap(),
                    one.power_doubling(n).unwrap(),
                    "{n} x {die}"
                );
            }
        }
    }

    #[test]
    fn two_d6() {
        let d = dist("2d6");
        assert_eq!((d.min(), d.max()), (Some(2), Some(12)));
        assert_eq!(p(&d, 7), "1/6");
        assert_eq!(p(&d, 2), "1/36");
        let (m, sd) = d.mean_sd();
        assert!((m - 7.0).abs() < 1e-12 && (sd - (35.0f64 / 6.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn keep_highest_by_hand() {
        // 2d6kh1: P(max = k) = (2k - 1) / 36.
        let d = dist("2d6kh1");
        for k in 1..=6 {
            assert_eq!(
                p(&d, k),
                fraction(&BigUint::from(2 * k as u64 - 1), &BigUint::from(36u8))
            );
        }
        // 2d20kl1: P(min = 20) = 1/400.
        assert_eq!(p(&dist("2d20kl1"), 20), "1/400");
        // 4d6dl1 is 4d6kh3; 3 needs all four dice at 1.
        assert_eq!(dist("4d6dl1"), dist("4d6kh3"));
        assert_eq!(p(&dist("4d6kh3"), 3), "1/1296");
        assert_eq!(p(&dist("4d6kh3"), 18), "7/432"); // 21/1296
    }

    #[test]
    fn rerolls_by_hand() {
        // ro1 on a d20: a 1 stays only if rerolled into a 1.
        let d = dist("1d20ro1");
        assert_eq!(p(&d, 1), "1/400");
        assert_eq!(p(&d, 2), "21/400");
        let d = dist("1d10rr<3");
        assert_eq!(d.min(), Some(3));
        assert_eq!(p(&d, 3), "1/8");
    }

    #[test]
    fn explosion_by_hand() {
        let d = dist("1d6!");
        assert_eq!(p(&d, 5), "1/6");
        assert_eq!(p(&d, 6), "0");
        assert_eq!(p(&d, 7), "1/36");
        assert_eq!(p(&d, 13), "1/216");
        assert!(sums_to_one(&d));
        assert!(
            !d.beyond.is_zero(),
            "chains past the limit are counted apart"
        );
        let (m, _) = d.mean_sd();
        assert!((m - 4.2).abs() < 1e-9, "{m}"); // 3.5 * 6/5
    }

    #[test]
    fn selectors_and_clamps_by_hand() {
        let d = dist("3d6k6");
        assert_eq!(p(&d, 0), "125/216");
        assert_eq!(p(&d, 18), "1/216");
        let d = dist("1d6mi3");
        assert_eq!(p(&d, 3), "1/2");
        let d = dist("1d6p<3");
        assert_eq!(p(&d, 0), "1/3");
        let d = dist("4dF");
        assert_eq!(p(&d, 0), "19/81");
        let d = dist("1pp");
        assert_eq!((d.min(), d.max()), (Some(0), Some(5)));
    }

    #[test]
    fn arithmetic_by_hand() {
        let d = dist("1d4*2-1");
        assert_eq!(
            d.weights.keys().copied().collect::<Vec<_>>(),
            vec![1, 3, 5, 7]
        );
        let d = dist("1d6/2");
        assert_eq!(p(&d, 0), "1/6");
        assert_eq!(p(&d, 3), "1/6");
        assert!(distribution(&parse("1d6/(1d2-1)").unwrap()).is_err());
    }

    #[test]
    fn ranges_and_totals_hold_for_many_expressions() {
        for (e, lo, hi) in [
            ("3d6", 3, 18),
            ("2d20kh1", 1, 20),
            ("12d10kh3", 3, 30),
            ("100d6", 100, 600),
            ("4d6kh3+1d4-2", 2, 20),
            ("d%", 1, 100),
            ("2pp*3", 0, 30),
            ("-1d8", -8, -1),
            ("(1d4+1)*(1d4+1)", 4, 25),
            ("5d6dh2dl1", 2, 12),
            ("3d6kh2k>4", 0, 12),
            ("2d10ro2", 2, 20),
            ("2d10rr1", 4, 20),
            ("1d6e>4", 1, 6 * 100 + 4),
        ] {
            let d = dist(e);
            assert!(sums_to_one(&d), "{e}");
            assert_eq!(d.min(), Some(lo), "{e}");
            if !e.contains('e') {
                assert_eq!(d.max(), Some(hi), "{e}");
            }
        }
    }
}
