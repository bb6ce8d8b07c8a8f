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

pub use super::error::Refusal;
use super::limbs::{from_u64_digits, mul_add};
use super::parse::{
    Dice, DiceError, Expr, Faces, Func, MAX_EXPLOSIONS, Op, Pick, PoolMods, Roll, Sel, floor_div,
};
use super::plan::{
    Limit, Method, explosion_depth, explosion_limit, flatten, method, places, places_among,
    plain_sum,
};

/// More distinct totals than this is refused rather than computed.
pub const MAX_TOTALS: usize = 1_000_001;
/// Refuse work past this many weight multiplications. `cost` refuses
/// anything slow before it starts; this only guards against an estimate
/// gone wrong.
pub(super) const MAX_WORK: u128 = 4_000_000_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dist {
    pub weights: BTreeMap<i64, BigUint>,
    pub denom: BigUint,
    /// Mass of outcomes past the explosion limit (not in `weights`).
    pub beyond: BigUint,
}

pub(super) type Res<T> = Result<T, Refusal>;

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
                return Err(format!("more than {MAX_TOTALS} totals to list").into());
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
        let weights = dense(lo, acc);
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

    /// The sum of `n` independent copies: by Miller's recurrence where
    /// its list of totals fits, else by repeated doubling. Mass past the
    /// explosion limit is no obstacle: the counted outcomes of the sum are
    /// those where every copy was counted, the power of the counted
    /// weights, and the rest of the denominator lies beyond.
    fn power(self, n: u64) -> Res<Dist> {
        if n == 1 {
            return Ok(self);
        }
        if n >= 2 && self.weights.len() >= 2 && self.dense_fits(n) {
            return self.power_miller(n);
        }
        self.power_doubling(n)
    }

    /// A power's weights over the power's denominator, the rest beyond.
    pub(super) fn powered(weights: BTreeMap<i64, BigUint>, denom: BigUint) -> Dist {
        let counted: BigUint = weights.values().sum();
        Dist {
            beyond: &denom - counted,
            weights,
            denom,
        }
    }

    /// Whether Miller's recurrence, which lists every total from the least
    /// to the most, fits: a listed die with gaps (`d{0,1000000}`) makes few
    /// totals over a wide span, and doubling lists only those.
    fn dense_fits(&self, n: u64) -> bool {
        let (Some(lo), Some(hi)) = (self.min(), self.max()) else {
            return true;
        };
        let d = (i128::from(hi) - i128::from(lo)) as u128;
        let totals = u128::from(n) * d + 1;
        totals <= MAX_TOTALS as u128 && totals * d <= MAX_WORK
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
        // Within bounds: `power` asks `dense_fits` first.
        let d = (i128::from(hi) - i128::from(lo)) as u128;
        let totals = u128::from(n) * d + 1;
        let low = lo
            .checked_mul(n as i64)
            .ok_or_else(|| "a total is too large".to_string())?;
        let high = hi
            .checked_mul(n as i64)
            .ok_or_else(|| "a total is too large".to_string())?;
        let (d, totals) = (d as usize, totals as usize);
        let mut p = vec![BigUint::zero(); d + 1];
        for (&v, w) in &self.weights {
            p[(v - lo) as usize] = w.clone();
        }
        if p.iter().all(|w| *w == p[0]) {
            let q = miller_uniform(n, d, totals, &p[0])?;
            let weights = dense(low, q);
            return Ok(Dist::powered(weights, self.denom.pow(n as u32)));
        }
        // Most dice weigh their faces 1 each (or a few): then every step
        // is a big number times a machine word, into reused buffers.
        let small: Vec<Option<u64>> = p.iter().map(ToPrimitive::to_u64).collect();
        let p0 = p[0].clone();
        let mut q: Vec<BigUint> = Vec::with_capacity(totals);
        q.push(p0.pow(n as u32));
        let (mut up, mut down, mut step) = (BigUint::zero(), BigUint::zero(), BigUint::zero());
        for k in 1..totals {
            if k % 256 == 0 {
                crate::cancel::check()?;
            }
            up.set_zero();
            down.set_zero();
            for j in 1..=k.min(d) {
                let coef = (i128::from(n) + 1) * j as i128 - k as i128;
                if coef == 0 || p[j].is_zero() || q[k - j].is_zero() {
                    continue;
                }
                let size = coef.unsigned_abs();
                match small[j].map(|pj| u128::from(pj) * size) {
                    Some(m) if m <= u128::from(u64::MAX) => {
                        step.clone_from(&q[k - j]);
                        step *= m as u64;
                    }
                    _ => {
                        step = &q[k - j] * &p[j];
                        // A coefficient is small: scaled in place, where a
                        // BigUint of it was two more allocations a step.
                        match u64::try_from(size) {
                            Ok(size) => step *= size,
                            Err(_) => step *= BigUint::from(size),
                        }
                    }
                }
                if coef > 0 {
                    up += &step;
                } else {
                    down += &step;
                }
            }
            // The recurrence's sum is p0 * k * q_k >= 0, so up >= down.
            up -= &down;
            let divisor = small[0].and_then(|p0| p0.checked_mul(k as u64));
            q.push(match divisor {
                Some(dv) => &up / dv,
                None => &up / (&p0 * BigUint::from(k)),
            });
        }
        debug_assert_eq!(low + (totals as i64 - 1), high);
        let weights = dense(low, q);
        Ok(Dist::powered(weights, self.denom.pow(n as u32)))
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
        // Sums of w*v (split by sign) and w*v^2, through one reused buffer:
        // a million weights are a million small steps, not allocations.
        let (mut up, mut down, mut s2) = (BigUint::zero(), BigUint::zero(), BigUint::zero());
        let mut t = BigUint::zero();
        for (&v, w) in &self.weights {
            let size = v.unsigned_abs();
            t.clone_from(w);
            t *= size;
            if v >= 0 {
                up += &t;
            } else {
                down += &t;
            }
            t *= size;
            s2 += &t;
        }
        let s1 = BigInt::from(up) - BigInt::from(down);
        let s2 = BigInt::from(s2);
        let m = BigInt::from(mass);
        let mean = ratio_f64(&s1, &m);
        // Variance exactly: (m*s2 - s1^2) / m^2.
        let var = ratio_f64(&(&m * &s2 - &s1 * &s1), &(&m * &m));
        (mean, var.max(0.0).sqrt())
    }
}

/// Weights listed for every total from `low` up, as a map without the
/// totals that cannot come up.
fn dense(low: i64, list: Vec<BigUint>) -> BTreeMap<i64, BigUint> {
    list.into_iter()
        .enumerate()
        .filter(|(_, w)| !w.is_zero())
        .map(|(k, w)| (low + k as i64, w))
        .collect()
}

/// Miller's recurrence for a die whose d+1 values weigh the same (every
/// plain die), every total from the least.
fn miller_uniform(n: u64, d: usize, totals: usize, w: &BigUint) -> Res<Vec<BigUint>> {
    let mut q: Vec<BigUint> = Vec::with_capacity(totals);
    let mut slide = Sliding::new(n, d, w.pow(n as u32));
    for k in 0..totals {
        if k % 1024 == 1023 {
            crate::cancel::check()?;
        }
        let qk = slide.step(k, k.checked_sub(d).map(|old| &q[old]));
        q.push(qk);
    }
    Ok(q)
}

/// Miller's recurrence for a die whose d+1 values weigh the same: with
/// p_j all equal it reads k q_k = (n+1) S1 - k S0, where S0 and S1 are
/// the last d values of q summed plain and weighted by their distance.
/// Both slide along in a few big additions per total, so a total costs
/// the same for a d100 as for a d6, and only the last d values are
/// needed: the caller keeps them, all of them or a window.
pub(super) struct Sliding {
    n: u64,
    d: usize,
    s0: BigUint,
    s1: BigUint,
    num: BigUint,
    scratch: BigUint,
}

impl Sliding {
    /// Starting from q_0.
    pub(super) fn new(n: u64, d: usize, first: BigUint) -> Sliding {
        Sliding {
            n,
            d,
            s1: first.clone(),
            s0: first,
            num: BigUint::zero(),
            scratch: BigUint::zero(),
        }
    }

    /// q_k, for k = 0, 1, 2, ... in turn; `leaving` is q_{k-d} once
    /// k >= d, which leaves the sums.
    pub(super) fn step(&mut self, k: usize, leaving: Option<&BigUint>) -> BigUint {
        if k == 0 {
            return self.s0.clone();
        }
        // num = (n+1) S1 - k S0, never negative: it is k q_k.
        self.num.clone_from(&self.s1);
        self.num *= self.n + 1;
        self.scratch.clone_from(&self.s0);
        self.scratch *= k as u64;
        self.num -= &self.scratch;
        let qk = &self.num / k as u64;
        // Slide to k+1: S0 gains q_k and loses q_{k-d}; S1 gains the new
        // S0 and loses d q_{k-d}.
        self.s0 += &qk;
        if let Some(old) = leaving {
            self.s0 -= old;
            self.scratch.clone_from(old);
            self.scratch *= self.d as u64;
            self.s1 -= &self.scratch;
        }
        self.s1 += &self.s0;
        qk
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
    one_die(d, None)
}

/// `single_die`, or with `element`, for `!` where each roll of a chain is
/// a die of its own: what the chain adds when each of its rolls adds
/// `element` of what it shows (clamped, counted as a success, ...).
fn one_die(d: &Dice, element: Option<&dyn Fn(i64) -> i64>) -> Res<Dist> {
    let faces = &d.faces;
    let f = faces.count();
    // Each side weighs one: a listed die's repeated number weighs more.
    let uniform = |keep: &dyn Fn(i64) -> bool, denom: u64| {
        // Sorted first and built in one pass: a million-face die took a
        // million map inserts (a third of `prob 1d1000000`).
        let mut values: Vec<i64> = faces.values().filter(|&v| keep(v)).collect();
        values.sort_unstable();
        let weights = values
            .chunk_by(|a, b| a == b)
            .map(|same| (same[0], BigUint::from(same.len())))
            .collect();
        Dist {
            weights,
            denom: BigUint::from(denom),
            beyond: BigUint::zero(),
        }
    };
    // The first face, after any reroll.
    let first = match d.mods.reroll {
        None => uniform(&|_| true, f),
        Some(sel) if !d.mods.reroll_once => uniform(&|v| !sel.matches(v), f - sel.matching(faces)),
        Some(sel) => {
            // Keep a non-matching face (f ways of f*f), or reroll a
            // matching one into any face (m ways each).
            let m = sel.matching(faces);
            let mut weights = BTreeMap::new();
            for v in faces.values() {
                let w = if sel.matches(v) { m } else { f + m };
                *weights.entry(v).or_insert_with(BigUint::zero) += w;
            }
            Dist {
                weights,
                denom: BigUint::from(f * f),
                beyond: BigUint::zero(),
            }
        }
    };
    let pen = i64::from(d.mods.penetrate);
    let as_is = |v: i64| v;
    let each = element.unwrap_or(&as_is);
    let chain = Chain {
        first: &|v| each(v),
        extra: &|v| each(v - pen),
    };
    let mut die = match d.mods.explode {
        None => first,
        Some(sel) => {
            let depth = explosion_depth(d).unwrap_or(MAX_EXPLOSIONS);
            explode(&first, sel, faces, depth, &chain)?
        }
    };
    if element.is_none() && (d.mods.min.is_some() || d.mods.max.is_some()) {
        let (lo, hi) = (d.mods.min, d.mods.max);
        die = die.map(|v| {
            let v = lo.map_or(v, |lo| v.max(lo));
            hi.map_or(v, |hi| v.min(hi))
        });
    }
    Ok(die)
}

/// Follow explosions: a matching face adds a plain roll, which may match
/// again, up to `depth` extra rolls.
/// How the rolls of one exploding chain count: the first roll, and each
/// extra roll (both from the face rolled).
struct Chain<'a> {
    first: &'a dyn Fn(i64) -> i64,
    extra: &'a dyn Fn(i64) -> i64,
}

fn explode(first: &Dist, sel: Sel, faces: &Faces, depth: u32, chain: &Chain) -> Res<Dist> {
    let f = faces.count();
    // `tail` is the value added by a chain that starts with one plain roll
    // and may still explode `budget` more times; built from the deepest.
    let plain = |v: i64| ((chain.extra)(v), BigUint::one());
    // The deepest roll: a match there would pass the limit.
    let mut tail = Dist {
        weights: BTreeMap::new(),
        denom: BigUint::from(f),
        beyond: BigUint::from(sel.matching(faces)),
    };
    for (v, w) in faces.values().filter(|&v| !sel.matches(v)).map(plain) {
        *tail.weights.entry(v).or_default() += w;
    }
    for _ in 1..depth {
        crate::cancel::check()?;
        let mut next = Dist {
            weights: BTreeMap::new(),
            denom: &tail.denom * f,
            beyond: BigUint::zero(),
        };
        let mut beyond = BigUint::zero();
        for v in faces.values() {
            let counted = (chain.extra)(v);
            if sel.matches(v) {
                for (t, w) in &tail.weights {
                    *next.weights.entry(counted + t).or_default() += w;
                }
                beyond += &tail.beyond;
            } else {
                *next.weights.entry(counted).or_default() += &tail.denom;
            }
        }
        next.beyond = beyond;
        if next.weights.len() > MAX_TOTALS {
            return Err(format!("more than {MAX_TOTALS} totals to list").into());
        }
        tail = next;
    }
    let mut out = Dist {
        weights: BTreeMap::new(),
        denom: &first.denom * &tail.denom,
        beyond: BigUint::zero(),
    };
    for (&v, w) in &first.weights {
        let counted = (chain.first)(v);
        if sel.matches(v) {
            for (t, tw) in &tail.weights {
                *out.weights.entry(counted + t).or_default() += w * tw;
            }
            out.beyond += w * &tail.beyond;
        } else {
            *out.weights.entry(counted).or_default() += w * &tail.denom;
        }
    }
    Ok(out)
}

/// The sum of `n` dice with faces `lo..=hi` that explode on the one face
/// `e`, to at most `most` extra rolls in all, each roll adding its
/// `worth` (its value; with `!`, its own count of successes): the same
/// answer as adding `n` exploded dice, found by factoring instead of
/// convolving.
///
/// A die's chain is k explosions (worth k*w, w the worth of e) then one
/// plain face r, with chance f^-(k+1). Over n dice, with K explosions in
/// all, the plain faces' worths sum to s: the weight of total s + K*w
/// over f^(n + M), M the most explosions counted, is
///   a_s * c_K * f^(M - K),
/// a_s the ways n plain faces make s, c_K the ways n dice share K
/// explosions. Both are small-number sequences, so the only big products
/// are one per (s, K) pair, where convolving exploded dice multiplied big
/// numbers by big numbers across every pair of totals.
fn exploding_sum(
    lo: i64,
    hi: i64,
    e: i64,
    n: u64,
    most: u64,
    worth: &dyn Fn(i64) -> i64,
) -> Res<Dist> {
    let f = (hi - lo + 1) as u64;
    let most = Some(most)
        .filter(|&k| k <= MAX_TOTALS as u64)
        .ok_or_else(|| format!("more than {MAX_TOTALS} totals to list"))? as usize;
    let mut weights: BTreeMap<i64, BigUint> = BTreeMap::new();
    for v in (lo..=hi).filter(|&v| v != e) {
        *weights.entry(worth(v)).or_default() += 1u32;
    }
    let plain = Dist {
        weights,
        denom: BigUint::from(f - 1),
        beyond: BigUint::zero(),
    };
    // What each explosion adds (its face's worth), not the face itself.
    let per_explosion = worth(e);
    let a = plain.power(n)?;
    let (Some(s_lo), Some(s_hi)) = (a.min(), a.max()) else {
        // Every face explodes (a one-sided die): every chain passes the limit.
        return Ok(Dist {
            weights: BTreeMap::new(),
            denom: BigUint::one(),
            beyond: BigUint::one(),
        });
    };
    let reach = i64::try_from(most)
        .ok()
        .and_then(|k| k.checked_mul(per_explosion))
        .ok_or("a total is too large")?;
    let t_lo = s_lo
        .checked_add(reach.min(0))
        .ok_or("a total is too large")?;
    let t_hi = s_hi
        .checked_add(reach.max(0))
        .ok_or("a total is too large")?;
    let span = (i128::from(t_hi) - i128::from(t_lo) + 1) as u128;
    if span > MAX_TOTALS as u128 {
        return Err(format!("more than {MAX_TOTALS} totals to list").into());
    }
    let pairs = a.weights.len() as u128 * (most as u128 + 1);
    if pairs > MAX_WORK / 8 {
        return Err("too many outcomes to compute exactly".into());
    }
    let c = shared_explosions(n, most as u64)?;
    // b_K = c_K * f^(M - K), from the top down so each power is one step.
    let mut b = vec![BigUint::zero(); most + 1];
    let mut power = BigUint::one();
    for k in (0..=most).rev() {
        b[k] = &c[k] * &power;
        power *= f;
    }
    // Each product is added into its total as it is made, limb by limb
    // (`mul_add`): a product made whole, then added, took two passes and
    // an allocation, and was nearly half of `prob 20d6!`.
    let b: Vec<Vec<u64>> = b.iter().map(BigUint::to_u64_digits).collect();
    let a: Vec<(i64, Vec<u64>)> = a
        .weights
        .iter()
        .map(|(&s, w)| (s, w.to_u64_digits()))
        .collect();
    let mut acc: Vec<Vec<u64>> = vec![Vec::new(); span as usize];
    for (k, bk) in b.iter().enumerate() {
        if k % 64 == 0 {
            crate::cancel::check()?;
        }
        let shift = i128::from(per_explosion) * k as i128 - i128::from(t_lo);
        for (s, w) in &a {
            mul_add(&mut acc[(i128::from(*s) + shift) as usize], bk, w);
        }
    }
    let acc = acc.iter().map(|limbs| from_u64_digits(limbs)).collect();
    let denom = BigUint::from(f).pow((n + most as u64) as u32);
    let weights: BTreeMap<i64, BigUint> = dense(t_lo, acc);
    let counted: BigUint = weights.values().sum();
    Ok(Dist {
        beyond: &denom - counted,
        weights,
        denom,
    })
}

/// The keep/drop-by-value steps of a term (`k>3`, `p1`): each keeps
/// (true) or drops the dice its selector matches. They must come after
/// any step by count.
fn value_filters(d: &Dice) -> Res<Vec<(bool, Sel)>> {
    let mut filters: Vec<(bool, Sel)> = Vec::new();
    for p in &d.mods.picks {
        match *p {
            Pick::Keep(sel) => filters.push((true, sel)),
            Pick::Drop(sel) => filters.push((false, sel)),
            _ if !filters.is_empty() => {
                return Err(
                    "prob needs keep/drop by count (kh, kl, dh, dl) before keep/drop by value (k, p)"
                        .into(),
                );
            }
            _ => {}
        }
    }
    Ok(filters)
}

/// What a kept die showing `v` adds: nothing if filtered out, else its
/// value (or its success count in a pool).
fn kept_worth(d: &Dice, filters: &[(bool, Sel)], v: i64) -> i64 {
    if filters.iter().all(|&(keep, sel)| sel.matches(v) == keep) {
        d.mods.worth(v)
    } else {
        0
    }
}

/// For a term that is the sum of `n` independent dice each adding the
/// same (no explosion, no keep by count, no `ra` or uniqueness), the one
/// die's distribution: the term is its `n`-th power. `None` otherwise.
fn sum_base(d: &Dice) -> Res<Option<Dist>> {
    if !plain_sum(d) {
        return Ok(None);
    }
    let filters = value_filters(d)?;
    let die = single_die(d)?;
    Ok(Some(if filters.is_empty() && d.mods.success.is_none() {
        die
    } else {
        die.map(|v| kept_worth(d, &filters, v))
    }))
}

/// n independent dice with keep/drop steps.
fn term(d: &Dice) -> Res<Dist> {
    let n = d.count;
    let (lo, hi) = places(d);
    let filters = value_filters(d)?;
    let worth = |v: i64| kept_worth(d, &filters, v);
    if d.mods.unique {
        return unique(d, lo, hi, &worth);
    }
    if let Some(sel) = d.mods.reroll_add {
        return reroll_add(d, sel, (lo, hi) != (0, n), &worth);
    }
    // `!` makes each extra roll a die of its own: where dice are clamped,
    // counted or filtered one by one, a chain counts roll by roll.
    let own_dice = d.mods.explode.is_some() && !d.mods.compound;
    let per_die = d.mods.success.is_some()
        || !filters.is_empty()
        || d.mods.min.is_some()
        || d.mods.max.is_some();
    if own_dice && (per_die || (lo, hi) != (0, n)) {
        if (lo, hi) != (0, n) {
            if let Method::ExplodingPlaces(face) = method(d) {
                return exploding_places(d, face, &worth);
            }
            return Err(
                "prob keeps or drops by count among `!` extra dice only where one face explodes and nothing else changes a die (4d6!kh3): `!!` adds them into their die, which it can"
                    .into(),
            );
        }
        if let Method::Exploding(face) = method(d) {
            return exploding_sum(d.faces.min(), d.faces.max(), face, n, in_all(d), &worth);
        }
        let (lo_c, hi_c) = (d.mods.min, d.mods.max);
        let element = |v: i64| {
            let v = lo_c.map_or(v, |l| v.max(l));
            worth(hi_c.map_or(v, |h| v.min(h)))
        };
        return one_die(d, Some(&element))?.power(n);
    }
    match method(d) {
        Method::Exploding(face) => {
            exploding_sum(d.faces.min(), d.faces.max(), face, n, in_all(d), &worth)
        }
        // No copy when nothing is filtered: a 1d1000000 is a million weights.
        Method::Sum if filters.is_empty() && d.mods.success.is_none() => single_die(d)?.power(n),
        Method::Sum => single_die(d)?.map(worth).power(n),
        Method::Places => kept_places(&single_die(d)?, n, lo, hi, d.faces.count(), &worth),
        Method::ExplodingPlaces(face) => exploding_places(d, face, &worth),
        Method::UniformPlaces => uniform_places(d.faces.min(), d.faces.max(), n, lo, hi),
        Method::ExplodingRun { lo, hi } => {
            exploding_run(d.faces.min(), d.faces.max(), (lo, hi), n, in_all(d))
        }
    }
}

/// The sum of `n` dice with faces `min..=max` (from 0 up) that explode on
/// the run `e_lo..=e_hi` at one end, to at most `most` extra rolls in all
/// (`7d12!>1`). As in `exploding_sum`, a die's chain is k exploding
/// faces then one stopping face; over n dice, with K explosions in all
/// (at most M), over f^(n + M),
///   sum over K of c_K f^(M-K) E(x)^K S(x)^n,
/// E and S the faces that explode and that stop, each a window of
/// consecutive faces. The sum over K is taken by Horner's rule, each step
/// one sliding-window multiply by E: a few big additions a total, where
/// a power of the whole chain's distribution multiplied big by big.
fn exploding_run(min: i64, max: i64, (e_lo, e_hi): (i64, i64), n: u64, most: u64) -> Res<Dist> {
    let f = (max - min + 1) as u64;
    let most = Some(most)
        .filter(|&k| k <= MAX_TOTALS as u64)
        .ok_or_else(|| format!("more than {MAX_TOTALS} totals to list"))?;
    let (s_lo, s_hi) = if e_lo == min {
        (e_hi + 1, max)
    } else {
        (min, e_lo - 1)
    };
    let top = usize::try_from(e_hi)
        .ok()
        .and_then(|e| e.checked_mul(most as usize))
        .filter(|&t| t <= MAX_TOTALS)
        .ok_or_else(|| format!("more than {MAX_TOTALS} totals to list"))?;
    let c = shared_explosions(n, most)?;
    let window = (e_hi - e_lo + 1) as usize;
    let shift = e_lo as usize;
    // h[x]: Horner's partial sum, as weights of x^0..; the top K first.
    let mut h: Vec<BigUint> = Vec::with_capacity(top + 1);
    let mut power = BigUint::one();
    let mut b = Vec::with_capacity(most as usize + 1);
    for k in (0..=most as usize).rev() {
        b.push(&c[k] * &power);
        power *= f;
    }
    for (step, bk) in b.into_iter().enumerate() {
        if step % 16 == 0 {
            crate::cancel::check()?;
        }
        if !h.is_empty() {
            // h * E: a window sum of `window` terms, moved up by e_lo.
            let len = h.len() + window - 1;
            let mut next = vec![BigUint::zero(); len + shift];
            let mut sum = BigUint::zero();
            for j in 0..len {
                if j < h.len() {
                    sum += &h[j];
                }
                if j >= window {
                    sum -= &h[j - window];
                }
                next[j + shift] = sum.clone();
            }
            h = next;
        }
        if h.is_empty() {
            h.push(bk);
        } else {
            h[0] += bk;
        }
    }
    // Times S^n: the stopping faces' sum over n dice.
    let stops = Dist {
        weights: (s_lo..=s_hi).map(|v| (v, BigUint::one())).collect(),
        denom: BigUint::from((s_hi - s_lo + 1) as u64),
        beyond: BigUint::zero(),
    }
    .power(n)?;
    // Each product added into its total limb by limb (`mul_add`), into a
    // dense row: a map entry a product was most of the time.
    let (Some(low), Some(high)) = (stops.min(), stops.max()) else {
        return Ok(Dist::powered(
            BTreeMap::new(),
            BigUint::from(f).pow((n + most) as u32),
        ));
    };
    let span = (high - low) as usize + h.len();
    let mut acc: Vec<Vec<u64>> = vec![Vec::new(); span];
    let h: Vec<Vec<u64>> = h.iter().map(BigUint::to_u64_digits).collect();
    for (&s, sw) in &stops.weights {
        crate::cancel::check()?;
        let sw = sw.to_u64_digits();
        let at = (s - low) as usize;
        for (x, hx) in h.iter().enumerate() {
            if !hx.is_empty() {
                mul_add(&mut acc[at + x], hx, &sw);
            }
        }
    }
    let acc = acc.iter().map(|limbs| from_u64_digits(limbs)).collect();
    Ok(Dist::powered(
        dense(low, acc),
        BigUint::from(f).pow((n + most) as u32),
    ))
}

/// Keep or drop by count among dice that explode on one face `e`, each
/// extra roll a die of its own (`4d6!kh3`). Every die's chain is some
/// e's then one plain face, so the pool is the n plain faces and K e's
/// (K shared as in `exploding_sum`). Sorted high to low it is: the j
/// plain faces above e, the K e's, the n - j below; the kept places
/// (which depend on the pool's size, n + K) cut each part, and each cut
/// part is an order statistic of plain dice. So the answer is a sum over
/// K and j of three independent pieces, where listing pools would walk
/// every chain of every die.
fn exploding_places(d: &Dice, e: i64, worth: &dyn Fn(i64) -> i64) -> Res<Dist> {
    let n = d.count;
    let f = d.faces.count();
    let most = Some(in_all(d))
        .filter(|&k| k <= MAX_TOTALS as u64)
        .ok_or_else(|| format!("more than {MAX_TOTALS} totals to list"))?;
    let side = |keep: &dyn Fn(i64) -> bool| {
        let weights: BTreeMap<i64, BigUint> = d
            .faces
            .values()
            .filter(|&v| keep(v))
            .map(|v| (v, BigUint::one()))
            .collect();
        Dist {
            denom: BigUint::from(weights.len()),
            weights,
            beyond: BigUint::zero(),
        }
    };
    let (above, below) = (side(&|v| v > e), side(&|v| v < e));
    let c = shared_explosions(n, most)?;
    let mut cache: BTreeMap<(bool, u64, u64, u64), Dist> = BTreeMap::new();
    let mut part = |high: bool, dice: u64, lo: u64, hi: u64| -> Res<Dist> {
        let key = (high, dice, lo, hi);
        if let Some(d) = cache.get(&key) {
            return Ok(d.clone());
        }
        let die = if high { &above } else { &below };
        let out = if dice == 0 || lo >= hi {
            // Nothing kept: every way the dice fall, worth 0.
            let all: BigUint = die.weights.values().sum::<BigUint>().pow(dice as u32);
            Dist {
                weights: BTreeMap::from([(0, all)]),
                denom: BigUint::one(),
                beyond: BigUint::zero(),
            }
        } else {
            kept_places(die, dice, lo, hi, 1, worth)?
        };
        cache.insert(key, out.clone());
        Ok(out)
    };
    let mut weights: BTreeMap<i64, BigUint> = BTreeMap::new();
    for (k, ck) in c.iter().enumerate().take(most as usize + 1) {
        crate::cancel::check()?;
        let k = k as u64;
        let (lo, hi) = places_among(d, n + k);
        let scale = ck * BigUint::from(f).pow((most - k) as u32);
        // With no face above e (the usual top face), every plain face is
        // below it; with none below, above.
        let splits = match (above.weights.is_empty(), below.weights.is_empty()) {
            (true, _) => 0..=0,
            (_, true) => n..=n,
            _ => 0..=n,
        };
        for j in splits {
            let ways = &scale * binomial(n, j);
            // Places 0..j above e, j..j+k the e's, the rest below.
            let cut = |from: u64, to: u64| (lo.clamp(from, to) - from, hi.clamp(from, to) - from);
            let (a_lo, a_hi) = cut(0, j);
            let (b_lo, b_hi) = cut(j + k, n + k);
            let (e_lo, e_hi) = cut(j, j + k);
            let es = worth(e)
                .checked_mul((e_hi - e_lo) as i64)
                .ok_or("a total is too large")?;
            let top = part(true, j, a_lo, a_hi)?;
            let bottom = part(false, n - j, b_lo, b_hi)?;
            for (&a, aw) in &top.weights {
                let aw = &ways * aw;
                for (&b, bw) in &bottom.weights {
                    let total = a
                        .checked_add(b)
                        .and_then(|t| t.checked_add(es))
                        .ok_or("a total is too large")?;
                    *weights.entry(total).or_default() += &aw * bw;
                }
            }
        }
    }
    Ok(Dist::powered(
        weights,
        BigUint::from(f).pow((n + most) as u32),
    ))
}

/// Where the outcomes `prob` leaves out of a term lie: the plan's limit
/// ([`explosion_limit`]), and for kept places among exploding dice, the
/// kept total past which the walk does not go (`places::kept_cap`).
pub fn term_limit(d: &Dice) -> Option<Limit> {
    let limit = explosion_limit(d)?;
    let (Limit::PerDie(depth), Method::Places) = (limit, method(d)) else {
        return Some(limit);
    };
    let (lo, hi) = places(d);
    let cap = value_filters(d).ok().and_then(|filters| {
        let die = single_die(d).ok()?;
        let die = walked(&die);
        super::places::kept_cap(&die, d.count - lo, hi - lo, &|v| kept_worth(d, &filters, v))
    });
    Some(match cap {
        Some(total) => Limit::Kept { depth, total },
        None => limit,
    })
}

/// What keeping places among a term's dice will walk (`Method::Places`),
/// for the cost model: `None` where the walk would be too large to
/// count out quickly (the cost model's formula then stands in).
pub(super) fn places_work(d: &Dice) -> Option<super::places::Work> {
    let (lo, hi) = places(d);
    let filters = value_filters(d).ok()?;
    if d.faces.count() > 100_000 {
        return None;
    }
    let die = single_die(d).ok()?;
    let steps = die.weights.len() as f64 * (hi.min(d.count - lo) as f64).powi(2);
    if steps > 2e7 {
        return None;
    }
    let worth = |v: i64| kept_worth(d, &filters, v);
    super::places::work(&super::places::Pool {
        die: walked(&die),
        n: d.count,
        lo,
        hi,
        base: d.faces.count(),
        worth: &worth,
    })
    .ok()
}

/// A die as the walk over kept places takes it.
fn walked(die: &Dist) -> super::places::Die<'_> {
    super::places::Die {
        weights: &die.weights,
        denom: &die.denom,
        chances: die
            .weights
            .values()
            .map(|w| prob_f64(w, &die.denom))
            .collect(),
        explodes: !die.beyond.is_zero(),
    }
}

/// The sum of the dice ranked `lo..hi` (0 = highest) among `n` dice of
/// `die`, each kept die adding `worth` (`places::order_statistics`,
/// `base` the number its weights carry powers of), within the limits.
fn kept_places(
    die: &Dist,
    n: u64,
    lo: u64,
    hi: u64,
    base: u64,
    worth: &dyn Fn(i64) -> i64,
) -> Res<Dist> {
    // The walk fills the kept places from whichever end reaches them
    // first, so holds states for that many dice.
    let walked_places = u128::from(hi.min(n - lo));
    let values = die.weights.len() as u128;
    if let (Some(min), Some(max)) = (die.min(), die.max()) {
        let span = (i128::from(max) - i128::from(min)) as u128 + 1;
        let kept = u128::from(hi - lo);
        let sums = (kept * span + 1).min(values.pow(kept.min(8) as u32));
        if values * walked_places * walked_places * sums > MAX_WORK * 4 {
            return Err("too many outcomes to compute exactly".into());
        }
        if kept * span > MAX_TOTALS as u128 * 8 {
            return Err(format!("more than {MAX_TOTALS} totals to list").into());
        }
    }
    let kept = super::places::order_statistics(&super::places::Pool {
        die: walked(die),
        n,
        lo,
        hi,
        base,
        worth,
    })?;
    Ok(Dist::powered(kept.weights, kept.denom))
}

/// The most explosions in all a factored term counts (`plan::Limit`).
fn in_all(d: &Dice) -> u64 {
    match explosion_limit(d) {
        Some(Limit::InAll(k)) => k,
        _ => u64::from(explosion_depth(d).unwrap_or(MAX_EXPLOSIONS)) * d.count,
    }
}

/// c_K for K = 0..=most: the ways n dice share K explosions, as many to a
/// die as it likes (a chain is a die's explosions, so the ways are the
/// multisets, C(n+K-1, K)), each from the last by one small product and
/// one small exact division.
fn shared_explosions(n: u64, most: u64) -> Res<Vec<BigUint>> {
    let mut c: Vec<BigUint> = Vec::with_capacity(most as usize + 1);
    c.push(BigUint::one());
    for k in 1..=most {
        if k % 256 == 0 {
            crate::cancel::check()?;
        }
        let mut next = &c[k as usize - 1] * (n + k - 1);
        next /= k;
        c.push(next);
    }
    Ok(c)
}

/// C(n, k), exact: 0 when k > n. Each step's product of consecutive
/// numbers divides exactly. (The one binomial: dice odds, the systems'
/// odds, deck draws and symbol dice's floor all take it from here.)
pub fn binomial(n: u64, k: u64) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    (0..k.min(n - k)).fold(BigUint::one(), |c, i| c * (n - i) / (i + 1))
}

/// `ra`: n dice, and one more when any of them matches `sel`. The n dice
/// that all miss weigh what the missing faces alone make; the rest of the
/// n-dice sum (every way, less those) adds one more die:
///   none * f + (all - none) * die,  over f^(n+1),
/// with f the die's denominator: two powers and one sum, where listing
/// which die matched first would walk every order.
fn reroll_add(d: &Dice, sel: Sel, by_count: bool, worth: &dyn Fn(i64) -> i64) -> Res<Dist> {
    if by_count {
        return Err(
            "prob cannot keep or drop by count with `ra` (how many dice there are varies)".into(),
        );
    }
    if d.mods.explode.is_some() {
        return Err("prob cannot follow `ra` together with explosions".into());
    }
    let die = single_die(d)?;
    let missing = Dist {
        weights: die
            .weights
            .iter()
            .filter(|(v, _)| !sel.matches(**v))
            .map(|(v, w)| (*v, w.clone()))
            .collect(),
        ..die.clone()
    };
    let one = die.map(worth);
    let all = one.clone().power(d.count)?;
    let none = if missing.weights.is_empty() {
        Dist {
            weights: BTreeMap::new(),
            ..all.clone()
        }
    } else {
        missing.map(worth).power(d.count)?
    };
    let mut some = all;
    for (v, w) in &none.weights {
        let left = some.weights.get_mut(v).expect("a way that misses is a way");
        *left -= w;
        if left.is_zero() {
            some.weights.remove(v);
        }
    }
    let mut out = if some.weights.is_empty() {
        Dist {
            weights: BTreeMap::new(),
            denom: &some.denom * &one.denom,
            beyond: BigUint::zero(),
        }
    } else {
        some.add(&one)?
    };
    for (v, w) in none.weights {
        *out.weights.entry(v).or_default() += w * &one.denom;
    }
    Ok(out)
}

/// `u`: n dice that all differ are, in sum, any n of the k faces, each
/// set as likely as any other. Walking the faces from the highest down,
/// each is taken or not; the c-th taken (0 the highest) is kept when it
/// ranks `lo..hi`. State: (faces taken, kept worth), counted in ways;
/// the denominator is C(k, n).
fn unique(d: &Dice, lo: u64, hi: u64, worth: &dyn Fn(i64) -> i64) -> Res<Dist> {
    let n = d.count as usize;
    let mut faces: Vec<i64> = d.faces.values().collect();
    faces.sort_unstable_by(|a, b| b.cmp(a));
    let span = (faces[0] - faces[faces.len() - 1]) as f64 + 1.0;
    let work = faces.len() as f64 * n as f64 * ((hi - lo) as f64 * span + 1.0);
    if work > 5e7 {
        return Err(format!(
            "too much to work out exactly: {n} different faces of {} is about {work:.0} steps (at most 50 million); `roll` it many times for a sample",
            faces.len()
        ).into());
    }
    let mut ways: Vec<BTreeMap<i64, BigUint>> = vec![BTreeMap::new(); n + 1];
    ways[0].insert(0, BigUint::one());
    for (i, &v) in faces.iter().enumerate() {
        crate::cancel::check()?;
        // Taken so far: at most i, and at most n - 1 to take one more.
        for c in (0..=i.min(n - 1)).rev() {
            if ways[c].is_empty() {
                continue;
            }
            let adds = if (lo as usize..hi as usize).contains(&c) {
                worth(v)
            } else {
                0
            };
            let from = std::mem::take(&mut ways[c]);
            for (s, w) in &from {
                *ways[c + 1].entry(s + adds).or_default() += w;
            }
            ways[c] = from;
        }
    }
    let k = faces.len() as u64;
    let denom = (0..n as u64).fold(BigUint::one(), |acc, i| acc * (k - i) / (i + 1));
    Ok(Dist {
        weights: std::mem::take(&mut ways[n]),
        denom,
        beyond: BigUint::zero(),
    })
}

/// The sum of the highest `hi` (lo = 0) or lowest (hi = n) of n dice
/// whose faces lo_face..=hi_face are each as likely: `100d100kh50` in a
/// fraction of a second where the general walk takes seconds.
///
/// Keeping the highest k, name t the k-th highest face shown. Then a
/// dice show more than t (a < k), at least k - a show t, and the rest
/// less. The kept sum is the a dice above t plus (k - a) t. The a dice
/// above t are a power of the uniform t+1..=m, built one die at a time
/// by a sliding window; the dice at and below t are a single count,
/// t^(n-a) less the ways with too few at t. So each (t, a) is one
/// polynomial times one number. Keeping the lowest is the same, mirrored.
fn uniform_places(lo_face: i64, hi_face: i64, n: u64, lo: u64, hi: u64) -> Res<Dist> {
    let highest = lo == 0;
    let k = (hi - lo) as usize;
    let m = (hi_face - lo_face + 1) as usize;
    if k == 0 {
        let all = BigUint::from(m).pow(n as u32);
        return Ok(Dist {
            weights: BTreeMap::from([(0, all.clone())]),
            denom: all,
            beyond: BigUint::zero(),
        });
    }
    let n_us = n as usize;
    let binom: Vec<Vec<BigUint>> = {
        // Pascal's rows 0..=n, only the first k + 1 entries needed.
        let mut rows = vec![vec![BigUint::one()]];
        for r in 1..=n_us {
            let prev = &rows[r - 1];
            let mut row = vec![BigUint::one(); (r + 1).min(k + 1)];
            for c in 1..row.len() {
                row[c] = &prev[c - 1] + prev.get(c).cloned().unwrap_or_default();
            }
            rows.push(row);
        }
        rows
    };
    let c_n_a = |a: usize| -> BigUint {
        if a <= k {
            binom[n_us][a].clone()
        } else {
            binomial(n, a as u64)
        }
    };
    // Sums of the kept faces counted from 1 (u = face - lo_face + 1).
    let mut acc = vec![BigUint::zero(); k * m + 1];
    for t in 1..=m {
        crate::cancel::check()?;
        let w = m - t;
        // (t - 1)^e for every e: the dice below t.
        let below: Vec<BigUint> =
            std::iter::successors(Some(BigUint::one()), |p| Some(p * (t - 1)))
                .take(n_us + 1)
                .collect();
        // q[j]: ways a dice above t sum to a(t+1) + j.
        let mut q = vec![BigUint::one()];
        for a in 0..k.min(n_us) {
            if a > 0 {
                if w == 0 {
                    break;
                }
                let mut next = Vec::with_capacity(q.len() + w - 1);
                let mut window = BigUint::zero();
                for j in 0..q.len() + w - 1 {
                    if j < q.len() {
                        window += &q[j];
                    }
                    if j >= w {
                        window -= &q[j - w];
                    }
                    next.push(window.clone());
                }
                q = next;
            }
            // The other n - a dice: at least k - a of them show t, the
            // rest less: t^(n-a) less those with fewer at t.
            let rest = n_us - a;
            let mut ways = BigUint::from(t).pow(rest as u32);
            for b in 0..(k - a).min(rest + 1) {
                ways -= &binom[rest][b] * &below[rest - b];
            }
            if ways.is_zero() {
                continue;
            }
            let scale = c_n_a(a) * ways;
            let base = a * (t + 1) + (k - a) * t - k;
            for (j, qj) in q.iter().enumerate() {
                acc[base + j] += &scale * qj;
            }
        }
    }
    // Back to faces, mirrored when the lowest were kept.
    let shift = (lo_face - 1) * k as i64;
    let weights: BTreeMap<i64, BigUint> = acc
        .into_iter()
        .enumerate()
        .filter(|(_, w)| !w.is_zero())
        .map(|(s, w)| {
            let u = s as i64 + k as i64;
            let u = if highest {
                u
            } else {
                (m as i64 + 1) * k as i64 - u
            };
            (u + shift, w)
        })
        .collect();
    Ok(Dist::powered(weights, BigUint::from(m).pow(n as u32)))
}

fn eval(e: &Expr, terms: &Terms) -> Res<Dist> {
    if matches!(e, Expr::Bin(Op::Add | Op::Sub, ..) | Expr::Neg(_))
        && let Some(sum) = linear_sum(e, terms.dice)?
    {
        return Ok(sum);
    }
    match e {
        Expr::Num(n) => Ok(Dist::point(*n)),
        Expr::Dice(i) => terms.get(*i),
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
                Op::Div => a.combine(&b, floor_div, &undefined),
                Op::Mod => a.combine(&b, i64::checked_rem, &undefined),
            }
        }
        Expr::Pool(items, mods) => {
            let dists = items
                .iter()
                .map(|x| eval(x, terms))
                .collect::<Res<Vec<_>>>()?;
            pool(&dists, mods)
        }
        Expr::Call(f, args) => {
            let big = |_: i64, _: i64| "a total is too large".to_string();
            match (f, args.as_slice()) {
                (f, [Expr::Bin(Op::Div, a, b)]) if f.rounds() => {
                    let (a, b) = (eval(a, terms)?, eval(b, terms)?);
                    a.combine(&b, |x, y| f.quotient(x, y), &undefined)
                }
                (f, [x]) if f.rounds() => eval(x, terms),
                (Func::Abs, [x]) => {
                    Dist::point(0).combine(&eval(x, terms)?, |_, v| v.checked_abs(), &big)
                }
                (f, _) => {
                    let pick = if *f == Func::Min { i64::min } else { i64::max };
                    let mut acc = eval(&args[0], terms)?;
                    for a in &args[1..] {
                        acc = acc.combine(&eval(a, terms)?, |x, y| Some(pick(x, y)), &big)?;
                    }
                    Ok(acc)
                }
            }
        }
    }
}

/// Most joint outcomes a group's distribution is worked out over, when it
/// keeps more than the single highest or lowest entry.
const MAX_GROUP_OUTCOMES: u128 = 2_000_000;

/// A group of independent entries: all counted (added), the highest or
/// lowest alone (a maximum or minimum taken pairwise), or else every joint
/// outcome gone through, up to a bound.
/// The dice terms' distributions, each worked out when first needed (a
/// term inside a sum worked out at once is never needed alone).
struct Terms<'a> {
    dice: &'a [Dice],
    done: Vec<std::cell::OnceCell<Dist>>,
}

impl<'a> Terms<'a> {
    fn new(dice: &'a [Dice]) -> Terms<'a> {
        Terms {
            dice,
            done: dice.iter().map(|_| std::cell::OnceCell::new()).collect(),
        }
    }

    fn get(&self, i: usize) -> Res<Dist> {
        if let Some(d) = self.done[i].get() {
            return Ok(d.clone());
        }
        let d = term(&self.dice[i])?;
        Ok(self.done[i].get_or_init(|| d).clone())
    }
}

/// Each kind of die in a sum with how many of it, and the numbers added.
type Kinds = (Vec<(Dist, u64)>, i64);

/// The dice of a sum and difference of dice terms and numbers, each kind
/// of die once with how many of it (a subtracted term's die negated),
/// and the numbers added up. `None` for fewer than `least` terms, or a
/// term that is not the sum of identical dice, or explodes.
fn kinds_of(e: &Expr, dice: &[Dice], least: usize) -> Res<Option<Kinds>> {
    let (mut parts, mut constant) = (Vec::new(), 0i64);
    if !flatten(e, false, &mut parts, &mut constant) || parts.len() < least {
        return Ok(None);
    }
    let mut kinds: Vec<(Dist, u64)> = Vec::new();
    for (i, neg) in parts {
        let Some(base) = sum_base(&dice[i])? else {
            return Ok(None);
        };
        if !base.beyond.is_zero() {
            return Ok(None);
        }
        let base = if neg { base.map(|v| -v) } else { base };
        let n = dice[i].count;
        match kinds.iter_mut().find(|(b, _)| *b == base) {
            Some((_, m)) => match m.checked_add(n) {
                Some(sum) => *m = sum,
                None => return Ok(None),
            },
            None => kinds.push((base, n)),
        }
    }
    Ok(Some((kinds, constant)))
}

/// A sum and difference of two or more dice terms (and numbers), each
/// term the sum of identical dice, worked out at once as a product of
/// powers (`poly`): `1000d20 + 100d6`, `3d6 - 2d4 + 1`. `None` where the
/// expression is not of that form or too wide for it; it is then worked
/// out term by term.
fn linear_sum(e: &Expr, dice: &[Dice]) -> Res<Option<Dist>> {
    let Some((kinds, constant)) = kinds_of(e, dice, 2)? else {
        return Ok(None);
    };
    if let [(base, n)] = kinds.as_slice() {
        // One kind of die after all (`5000d6 + 5000d6`): its own power.
        let sum = base.clone().power(*n)?;
        return Ok(Some(if constant == 0 {
            sum
        } else {
            let big = |_: i64, _: i64| "a total is too large".to_string();
            sum.combine(&Dist::point(constant), i64::checked_add, &big)?
        }));
    }
    let mut polys: Vec<(Vec<BigUint>, u64)> = Vec::new();
    let mut low = constant;
    for (base, n) in &kinds {
        let (Some(lo), Some(hi)) = (base.min(), base.max()) else {
            return Ok(None);
        };
        let Some(shift) = lo.checked_mul(*n as i64).and_then(|s| low.checked_add(s)) else {
            return Ok(None);
        };
        low = shift;
        let span = (i128::from(hi) - i128::from(lo)) as usize;
        if span as u128 > MAX_TOTALS as u128 {
            return Ok(None);
        }
        let mut p = vec![BigUint::zero(); span + 1];
        for (&v, w) in &base.weights {
            p[(v - lo) as usize] = w.clone();
        }
        polys.push((p, *n));
    }
    let degrees: Vec<(usize, u64)> = polys.iter().map(|(p, n)| (p.len() - 1, *n)).collect();
    let (totals, work) = super::poly::steps(&degrees);
    if totals > MAX_TOTALS as u128 || work > MAX_WORK {
        return Ok(None);
    }
    if low.checked_add(totals as i64).is_none() {
        return Ok(None);
    }
    let factors: Vec<(&[BigUint], u64)> = polys.iter().map(|(p, n)| (p.as_slice(), *n)).collect();
    let coefficients = super::poly::product_of_powers(&factors)?;
    let denom = kinds.iter().map(|(b, n)| b.denom.pow(*n as u32)).product();
    Ok(Some(Dist {
        weights: dense(low, coefficients),
        denom,
        beyond: BigUint::zero(),
    }))
}

fn pool(d: &[Dist], m: &PoolMods) -> Res<Dist> {
    let big = |_: i64, _: i64| "a total is too large".to_string();
    let worth = |x: &Dist| x.map(|v| m.worth(v));
    let ranks: Vec<i64> = (0..d.len() as i64).rev().collect();
    let kept: Vec<usize> = (0..d.len()).filter(|&r| m.kept(&ranks)[r]).collect();
    if m.picks.is_empty() {
        return d[1..]
            .iter()
            .try_fold(worth(&d[0]), |acc, x| acc.add(&worth(x)));
    }
    if kept.len() == 1 && (kept[0] == 0 || kept[0] == d.len() - 1) {
        // Entry 0 has the highest rank: kept alone means the maximum.
        let pick = if kept[0] == 0 { i64::max } else { i64::min };
        let best = d[1..].iter().try_fold(d[0].clone(), |acc, x| {
            acc.combine(x, |a, b| Some(pick(a, b)), &big)
        })?;
        return Ok(worth(&best));
    }
    let joint: u128 = d.iter().map(|x| x.weights.len() as u128).product();
    if joint > MAX_GROUP_OUTCOMES {
        return Err(format!(
            "this group has {joint} joint outcomes; prob works out at most {MAX_GROUP_OUTCOMES} (keeping the single highest or lowest entry has no such limit)"
        ).into());
    }
    let lists: Vec<Vec<(i64, &BigUint)>> = d
        .iter()
        .map(|x| x.weights.iter().map(|(&v, w)| (v, w)).collect())
        .collect();
    let mut at = vec![0usize; d.len()];
    let mut weights: BTreeMap<i64, BigUint> = BTreeMap::new();
    let mut values = vec![0i64; d.len()];
    'all: loop {
        crate::cancel::check()?;
        let mut w = BigUint::one();
        for (k, list) in lists.iter().enumerate() {
            values[k] = list[at[k]].0;
            w *= list[at[k]].1;
        }
        let v = m.value(&values).ok_or("a total is too large")?;
        *weights.entry(v).or_default() += w;
        for k in 0..at.len() {
            at[k] += 1;
            if at[k] < lists[k].len() {
                continue 'all;
            }
            at[k] = 0;
        }
        break;
    }
    let denom: BigUint = d.iter().map(|x| x.denom.clone()).product();
    let counted: BigUint = weights.values().sum();
    Ok(Dist {
        beyond: &denom - counted,
        weights,
        denom,
    })
}

/// Why a quotient or remainder has no value.
fn undefined(_: i64, d: i64) -> String {
    if d == 0 {
        "the divisor can be 0, so the division is undefined".into()
    } else {
        "a total is too large".into()
    }
}

/// How a comparison's two sides fall (the sign of the left side less the
/// right): the weights of the left being higher, of a tie and of the right
/// being higher, over one denominator. A comparison passes or fails by
/// that sign alone, so this is all it needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Margin {
    pub above: BigUint,
    pub tie: BigUint,
    pub below: BigUint,
    pub denom: BigUint,
    /// Mass past the explosion limit on either side.
    pub beyond: BigUint,
}

impl Margin {
    /// The two sides of independent rolls `a` and `b`, from `b`'s running
    /// sum: one pass over each side, never the product of their totals
    /// (`1000d20 > 1000d20` is 19,001 steps, not 361 million).
    fn of(a: &Dist, b: &Dist) -> Res<Margin> {
        let b_mass: BigUint = b.weights.values().sum();
        let a_mass: BigUint = a.weights.values().sum();
        let mut bs = b.weights.iter().peekable();
        let mut under = BigUint::zero();
        let (mut above, mut tie) = (BigUint::zero(), BigUint::zero());
        for (i, (&v, w)) in a.weights.iter().enumerate() {
            if i % 256 == 0 {
                crate::cancel::check()?;
            }
            while let Some((_, bw)) = bs.next_if(|(bv, _)| **bv < v) {
                under += bw;
            }
            above += w * &under;
            if let Some(same) = b.weights.get(&v) {
                tie += w * same;
            }
        }
        let below = &a_mass * &b_mass - &above - &tie;
        Ok(Margin {
            above,
            tie,
            below,
            denom: &a.denom * &b.denom,
            beyond: a.joint_beyond(b),
        })
    }

    /// The chance the margin's sign satisfies `pred` (asked at 1, 0 and
    /// -1), as (numerator, denominator).
    pub fn chance(&self, pred: impl Fn(i64) -> bool) -> (BigUint, BigUint) {
        let mut num = BigUint::zero();
        for (sign, w) in [(1, &self.above), (0, &self.tie), (-1, &self.below)] {
            if pred(sign) {
                num += w;
            }
        }
        (num, self.denom.clone())
    }
}

/// For a comparison (`1d20+5 >= 15`), how its margin (the left side less
/// the right) falls; the two sides roll different dice, so they are
/// independent. `None` for a roll with no comparison. No budget is asked:
/// `odds::margin` asks the cost model first.
pub(super) fn margin_of(r: &Roll) -> Result<Option<Margin>, DiceError> {
    let Some((_, right)) = &r.compare else {
        return Ok(None);
    };
    with_terms(r, |terms| {
        let (a, b) = (eval(&r.expr, terms)?, eval(right, terms)?);
        Margin::of(&a, &b).map(Some)
    })
}

/// The exact distribution of one roll of `r` (one of its repeats), with
/// no budget asked (`odds::exact` asks the cost model first).
pub(super) fn worked_out(r: &Roll) -> Result<Dist, DiceError> {
    with_terms(r, |terms| eval(&r.expr, terms))
}

/// A refusal, naming the roll.
pub(super) fn refused(r: &Roll, why: Refusal) -> DiceError {
    DiceError {
        input: r.source.clone(),
        pos: None,
        message: why.0,
    }
}

/// `n` dice (n >= 2) whose values `lo..=hi` each weigh `weight` out of
/// the die's `denom`, plus `plus`: what `table` streams.
pub struct LikeDice {
    pub n: u64,
    pub values: (i64, i64),
    pub weight: BigUint,
    pub denom: BigUint,
    pub plus: i64,
}

/// `r` as a sum of two or more dice of one kind whose values weigh the
/// same and run without a gap (`10000d6`, `5000d6 + 5000d6 + 3`), whose
/// table is streamed; `None` for anything else.
pub fn like_dice(r: &Roll) -> Result<Option<LikeDice>, DiceError> {
    if r.compare.is_some() {
        return Ok(None);
    }
    like_sum(&r.expr, &r.dice).map_err(|why| refused(r, why))
}

fn like_sum(e: &Expr, dice: &[Dice]) -> Res<Option<LikeDice>> {
    let Some((kinds, constant)) = kinds_of(e, dice, 1)? else {
        return Ok(None);
    };
    // One kind of die.
    let mut kinds = kinds.into_iter();
    let (Some((base, n)), None) = (kinds.next(), kinds.next()) else {
        return Ok(None);
    };
    let (Some(lo), Some(hi), Some(w)) = (base.min(), base.max(), base.weights.values().next())
    else {
        return Ok(None);
    };
    let gapless = base.weights.len() as u128 == lo.abs_diff(hi) as u128 + 1;
    if n < 2 || !gapless || base.weights.values().any(|x| x != w) {
        return Ok(None);
    }
    Ok(Some(LikeDice {
        n,
        values: (lo, hi),
        weight: w.clone(),
        denom: base.denom,
        plus: constant,
    }))
}

/// `f` of the dice terms' distributions; errors name the roll.
fn with_terms<T>(r: &Roll, f: impl FnOnce(&Terms) -> Res<T>) -> Result<T, DiceError> {
    f(&Terms::new(&r.dice)).map_err(|why| refused(r, why))
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse;
    use super::*;

    fn distribution(r: &Roll) -> Result<Dist, DiceError> {
        worked_out(r)
    }

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

    /// The distribution of n dice exploding on the faces `sel` matches,
    /// each roll adding its `worth`, over every outcome with at most `most`
    /// explosions in all, worked out the plain way: for one die, how many
    /// sequences of faces make each (explosions, total); then n of them
    /// convolved in both at once, explosions past `most` dropped; a count
    /// with k explosions weighs f^(most - k) over f^(n + most). It shares
    /// nothing with the factored methods it checks.
    fn by_chains(r: &str, most: u64, worth: &dyn Fn(i64) -> i64) -> Dist {
        let roll = parse(r).unwrap();
        let d = &roll.dice[0];
        let sel = d.mods.explode.unwrap();
        let f = d.faces.count();
        let most = most as usize;
        // one[k]: total -> sequences of faces with k explosions.
        let mut one: Vec<BTreeMap<i64, BigUint>> = vec![BTreeMap::new(); most + 1];
        for v in d.faces.values().filter(|&v| !sel.matches(v)) {
            *one[0].entry(worth(v)).or_default() += 1u32;
        }
        for k in 1..=most {
            let below = one[k - 1].clone();
            for e in d.faces.values().filter(|&v| sel.matches(v)) {
                for (t, w) in &below {
                    *one[k].entry(t + worth(e)).or_default() += w;
                }
            }
        }
        let mut all: Vec<BTreeMap<i64, BigUint>> = vec![BTreeMap::new(); most + 1];
        all[0].insert(0, BigUint::one());
        for _ in 0..d.count {
            let mut next: Vec<BTreeMap<i64, BigUint>> = vec![BTreeMap::new(); most + 1];
            for (ka, a) in all.iter().enumerate() {
                for (kb, b) in one.iter().enumerate().take(most + 1 - ka) {
                    for (ta, wa) in a {
                        for (tb, wb) in b {
                            *next[ka + kb].entry(ta + tb).or_default() += wa * wb;
                        }
                    }
                }
            }
            all = next;
        }
        let mut weights: BTreeMap<i64, BigUint> = BTreeMap::new();
        for (k, totals) in all.iter().enumerate() {
            let scale = BigUint::from(f).pow((most - k) as u32);
            for (t, w) in totals {
                *weights.entry(*t).or_default() += w * &scale;
            }
        }
        Dist::powered(weights, BigUint::from(f).pow(d.count as u32 + most as u32))
    }

    /// The explosions a factored term counts in all.
    fn counted(r: &str) -> u64 {
        match explosion_limit(&parse(r).unwrap().dice[0]) {
            Some(Limit::InAll(k)) => k,
            other => panic!("{r}: {other:?}"),
        }
    }

    /// Dice exploding on one face, factored, agree weight for weight with
    /// their chains counted out, on faces from 1, from 0 (a piecepack
    /// die), negative (Fudge), exploding on the top, a middle or the
    /// bottom face.
    #[test]
    fn factored_explosions_agree_with_their_chains() {
        for e in [
            "1d6!", "3d6!", "5d4!", "2d6!3", "4d2!", "3dF!", "2pp!", "2d10!", "3d6!<2",
        ] {
            let fast = dist(e);
            let slow = by_chains(e, counted(e), &|v| v);
            assert!(fast == slow, "{e} differs");
            assert!(sums_to_one(&fast));
        }
    }

    #[test]
    fn miller_agrees_with_doubling() {
        for die in [
            "d2", "d6", "d10", "dF", "1pp", "d6ro1", "d6rr<3", "d6mi3", "d8ma5", "d6k>4", "d6p<3",
            "d20", "d6!", "d4!>3", "d6!p",
        ] {
            // Exploding dice too (a few, their chains are long): mass past
            // the limit stays beyond.
            let one = dist(die);
            let most = if die.contains('!') { 3 } else { 12 };
            for n in 2..=most {
                assert_eq!(
                    one.power_miller(n).unwrap(),
                    one.power_doubling(n).unwrap(),
                    "{n} x {die}"
                );
            }
        }
    }

    /// The valuations walk never claims more of the base than divides a
    /// weight: every weight found by remainders divided by its power
    /// exactly, and agreeing with the walk without the valuation pass.
    #[test]
    fn powers_of_the_base_divide_the_weights_they_claim() {
        for (die, n, lo, hi) in [
            ("1d6!!", 5u64, 0u64, 2u64),
            ("1d4!!", 6, 2, 5),
            ("1d3!!", 4, 1, 4),
        ] {
            let r = parse(die).unwrap();
            let one = distribution(&r).unwrap();
            let with = kept_places(&one, n, lo, hi, r.dice[0].faces.count(), &|v| v).unwrap();
            let without = kept_places(&one, n, lo, hi, 1, &|v| v).unwrap();
            assert_eq!(with, without, "{n}{die} places {lo}..{hi}");
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

    /// Keep/drop by count agrees with listing every outcome of the pool
    /// (of an exploding die, every kept total up to the cap the walk
    /// stops at; the rest lies beyond).
    #[test]
    fn order_statistics_agree_with_enumeration() {
        for die in ["d4", "d6", "dF", "d3ro1", "d3!!"] {
            let one = single_die(&parse(&format!("1{die}")).unwrap().dice[0]).unwrap();
            for n in 1..=4u32 {
                for pick in ["kh1", "kh2", "kl1", "dh1", "dl2", "kh3"] {
                    let k: usize = pick[2..].parse().unwrap();
                    // An exploded die has hundreds of values: pairs only;
                    // and a keep of every one of them is a sum, whose
                    // explosions are counted in all (checked against its
                    // chains above).
                    let every = matches!(&pick[..2], "kh" | "kl") && k == n as usize;
                    if k > n as usize || (die.ends_with('!') && (n > 2 || every)) {
                        continue;
                    }
                    let d = dist(&format!("{n}{die}{pick}"));
                    let mut want: BTreeMap<i64, BigUint> = BTreeMap::new();
                    let faces: Vec<(&i64, &BigUint)> = one.weights.iter().collect();
                    let outcomes = faces.len().pow(n);
                    for mut code in 0..outcomes {
                        let mut vals = Vec::new();
                        let mut w = BigUint::one();
                        for _ in 0..n {
                            let (v, fw) = faces[code % faces.len()];
                            code /= faces.len();
                            vals.push(*v);
                            w *= fw;
                        }
                        vals.sort_by(|a, b| b.cmp(a));
                        let kept: i64 = match &pick[..2] {
                            "kh" => vals[..k].iter().sum(),
                            "kl" => vals[n as usize - k..].iter().sum(),
                            "dh" => vals[k..].iter().sum(),
                            _ => vals[..n as usize - k].iter().sum(),
                        };
                        *want.entry(kept).or_default() += w;
                    }
                    let (k_kept, dropped_high) = match &pick[..2] {
                        "kh" => (k as u64, 0),
                        "kl" => (k as u64, u64::from(n) - k as u64),
                        "dh" => (u64::from(n) - k as u64, k as u64),
                        _ => (u64::from(n) - k as u64, 0),
                    };
                    if let Some(cap) = super::super::places::kept_cap(
                        &walked(&one),
                        u64::from(n) - dropped_high,
                        k_kept,
                        &|v| v,
                    ) {
                        want.retain(|&t, _| t <= cap);
                    }
                    assert_eq!(d.weights, want, "{n}{die}{pick}");
                    assert!(sums_to_one(&d), "{n}{die}{pick}");
                }
            }
        }
    }

    #[test]
    fn unique_dice_agree_with_enumeration() {
        // Every ordered way for n dice of k faces to all differ, ranked,
        // the places lo..hi kept: the walk over faces must agree.
        for (n, k, lo, hi, expr) in [
            (3u32, 5u32, 0usize, 3usize, "3d5u"),
            (3, 5, 0, 2, "3d5ukh2"),
            (4, 6, 1, 3, "4d6udh1dl1"),
            (2, 4, 1, 2, "2d4ukl1"),
        ] {
            let mut counts: BTreeMap<i64, u64> = BTreeMap::new();
            let mut all = 0u64;
            for code in 0..k.pow(n) {
                let mut v: Vec<i64> = (0..n).map(|i| (code / k.pow(i) % k) as i64 + 1).collect();
                let mut sorted = v.clone();
                sorted.sort_unstable();
                sorted.dedup();
                if sorted.len() < n as usize {
                    continue;
                }
                v.sort_unstable_by(|a, b| b.cmp(a));
                *counts.entry(v[lo..hi].iter().sum()).or_default() += 1;
                all += 1;
            }
            let d = dist(expr);
            for (t, c) in counts {
                assert_eq!(
                    p(&d, t),
                    fraction(&BigUint::from(c), &BigUint::from(all)),
                    "{expr} at {t}"
                );
            }
            assert!(sums_to_one(&d), "{expr}");
        }
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
    fn success_pools_by_hand() {
        // 3d6>=5f1: per die +1 on 5 or 6 (2/6), -1 on a 1 (1/6), else 0.
        let d = dist("3d6>=5f1");
        assert_eq!(p(&d, 3), "1/27");
        assert_eq!(p(&d, -3), "1/216");
        // Two successes and a blank: 3 orders * (2/6)^2 * (3/6).
        assert_eq!(p(&d, 2), "1/6");
        assert!(sums_to_one(&d));
        // Keeping the highest three of four, then counting 5s and 6s,
        // agrees with going through all 6^4 rolls.
        let d = dist("4d6kh3>4");
        let mut counts = [0u32; 4];
        for roll in 0..6u32.pow(4) {
            let mut faces: Vec<u32> = (0..4).map(|k| roll / 6u32.pow(k) % 6 + 1).collect();
            faces.sort_unstable();
            let hits = faces[1..].iter().filter(|&&f| f > 4).count();
            counts[hits] += 1;
        }
        for (k, &c) in counts.iter().enumerate() {
            let want = fraction(&BigUint::from(c), &BigUint::from(1296u32));
            assert_eq!(p(&d, k as i64), want, "{k} successes");
        }
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

    /// Keeping among exploded dice: keeping every die is the plain sum,
    /// weight for weight; keeping the lowest is the lowest plain face
    /// (the 6s are always higher), in the ratios of the lowest of four
    /// d5s; a brute force over chains (truncated at seven explosions)
    /// agreed with `4d6!kh3` to 2e-6, shrinking with the truncation.
    #[test]
    fn keeping_among_exploded_dice() {
        for (all, face) in [("3d6!", 6), ("2d4!", 4), ("2d3!1", 1)] {
            // The parser refuses keeping more than the dice written, so
            // the keep is put in by hand: more than any pool holds.
            let mut r = parse(all).unwrap();
            r.dice[0].mods.picks = vec![super::super::parse::Pick::KeepHigh(10_000)];
            let kept = exploding_places(&r.dice[0], face, &|v| v).unwrap();
            let sum = all;
            let plain = dist(sum);
            assert_eq!(kept.weights, plain.weights, "{all}");
            assert_eq!(
                (kept.denom, kept.beyond),
                (plain.denom, plain.beyond),
                "{all}"
            );
        }
        let low = dist("4d6!kl1");
        let w = |v: i64| low.weights[&v].clone();
        for v in 2..=5u32 {
            let ways = BigUint::from((6 - v).pow(4) - (5 - v).pow(4));
            assert_eq!(
                w(i64::from(v)) * BigUint::from(5u32.pow(4) - 4u32.pow(4)),
                w(1) * ways
            );
        }
        assert_eq!(low.max(), Some(5));
    }

    /// The uniform method and the general walk agree, weight for weight,
    /// keeping the highest or the lowest of small pools.
    #[test]
    fn uniform_places_agree_with_the_walk() {
        for m in 1..=7i64 {
            for n in 1..=6u64 {
                for k in 0..=n {
                    let die = dist(&format!(
                        "1d{{{}}}",
                        (0..m)
                            .map(|v| (v + 3).to_string())
                            .collect::<Vec<_>>()
                            .join(",")
                    ));
                    for (lo, hi) in [(0, k), (n - k, n)] {
                        let fast = uniform_places(3, m + 2, n, lo, hi).unwrap();
                        let walk =
                            super::super::places::order_statistics(&super::super::places::Pool {
                                die: walked(&die),
                                n,
                                lo,
                                hi,
                                base: 1,
                                worth: &|v| v,
                            })
                            .unwrap();
                        assert_eq!(fast.weights, walk.weights, "{n}d{m} places {lo}..{hi}");
                        assert_eq!(fast.denom, walk.denom);
                        assert!(fast.beyond.is_zero());
                    }
                }
            }
        }
    }

    /// A run of exploding faces summed by Horner's rule agrees, weight
    /// for weight, with its chains counted out.
    #[test]
    fn exploding_runs_agree_with_their_chains() {
        for e in [
            "2d6!>4",
            "3d4!<3",
            "2d10!>=8",
            "3d8!>6",
            "3d20!>=18",
            "4d6!<3",
        ] {
            let r = parse(e).unwrap();
            let d = &r.dice[0];
            let Method::ExplodingRun { lo, hi } = method(d) else {
                panic!("{e}: {:?}", method(d));
            };
            let fast =
                exploding_run(d.faces.min(), d.faces.max(), (lo, hi), d.count, counted(e)).unwrap();
            let slow = by_chains(e, counted(e), &|v| v);
            assert_eq!(fast.weights, slow.weights, "{e}");
            assert_eq!((fast.denom, fast.beyond), (slow.denom, slow.beyond), "{e}");
        }
    }

    /// Exploding dice counted or filtered roll by roll (`7d12!12>8`),
    /// factored, agree weight for weight with their chains counted out
    /// roll by roll: worths
    /// of 0 and 1, failures taking away, a face kept or dropped, and an
    /// exploding face that counts nothing (`3d6!1>3`).
    #[test]
    fn counted_explosions_factor_as_sums_do() {
        for e in [
            "7d12!12>8",
            "5d6!6>4f1",
            "4d8!8k>3",
            "3d8!8p<3",
            "3d6!1>3",
            "3d6!6>6",
            "4d6!6k>=2>4",
            "6d10!10>=7f<=2",
        ] {
            let r = parse(e).unwrap();
            let d = &r.dice[0];
            let Method::Exploding(face) = method(d) else {
                panic!("{e}: {:?}", method(d));
            };
            let filters = value_filters(d).unwrap();
            let worth = |v: i64| kept_worth(d, &filters, v);
            let most = counted(e);
            let fast =
                exploding_sum(d.faces.min(), d.faces.max(), face, d.count, most, &worth).unwrap();
            let slow = by_chains(e, most, &worth);
            assert_eq!(fast.weights, slow.weights, "{e}");
            assert_eq!((fast.denom, fast.beyond), (slow.denom, slow.beyond), "{e}");
        }
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
        let d = dist("3d6k=6");
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

    /// Term by term, the way every expression was worked out before sums
    /// of several kinds of dice were taken at once.
    fn term_by_term(e: &Expr, terms: &Terms) -> Dist {
        let big = |_: i64, _: i64| "a total is too large".to_string();
        match e {
            Expr::Num(n) => Dist::point(*n),
            Expr::Dice(i) => terms.get(*i).unwrap(),
            Expr::Group(x) => term_by_term(x, terms),
            Expr::Neg(x) => Dist::point(0)
                .combine(&term_by_term(x, terms), i64::checked_sub, &big)
                .unwrap(),
            Expr::Bin(Op::Add, a, b) => term_by_term(a, terms)
                .combine(&term_by_term(b, terms), i64::checked_add, &big)
                .unwrap(),
            Expr::Bin(Op::Sub, a, b) => term_by_term(a, terms)
                .combine(&term_by_term(b, terms), i64::checked_sub, &big)
                .unwrap(),
            _ => unreachable!("the generator writes sums"),
        }
    }

    fn term_strategy() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        (
            1u32..4,
            proptest::sample::select(vec![
                "d2", "d4", "d6", "dF", "d6r1", "d8>5", "d6mi3", "d10k>6",
            ]),
        )
            .prop_map(|(n, d)| format!("{n}{d}"))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 200, ..Default::default() })]

        /// Sums of several kinds of dice, worked out at once, agree with
        /// working them out term by term.
        #[test]
        fn sums_at_once_agree_with_term_by_term(
            terms in proptest::collection::vec((term_strategy(), proptest::prelude::any::<bool>()), 2..4),
            constant in -5i64..5,
        ) {
            let mut expr = String::new();
            for (i, (t, neg)) in terms.iter().enumerate() {
                if i > 0 || *neg {
                    expr.push_str(if *neg { "-" } else { "+" });
                }
                expr.push_str(t);
            }
            expr.push_str(&format!("+{constant}").replace("+-", "-"));
            let r = parse(&expr).unwrap();
            let at_once = linear_sum(&r.expr, &r.dice).unwrap().expect("a sum of plain terms");
            let slowly = term_by_term(&r.expr, &Terms::new(&r.dice));
            proptest::prop_assert_eq!(at_once, slowly, "{}", expr);
        }

        /// A comparison's sides set against each other by running sums
        /// agree with the full distribution of the margin.
        #[test]
        fn margins_agree_with_the_margins_distribution(
            left in term_strategy(),
            right in term_strategy(),
        ) {
            let (a, b) = (dist(&left), dist(&right));
            let big = |_: i64, _: i64| "a total is too large".to_string();
            let full = a.combine(&b, i64::checked_sub, &big).unwrap();
            let m = Margin::of(&a, &b).unwrap();
            for pred in [|v: i64| v > 0, |v: i64| v == 0, |v: i64| v < 0, |v: i64| v >= 0] {
                proptest::prop_assert_eq!(m.chance(pred), full.chance(pred));
            }
        }
    }
}
