//! Keeping some places among dice: the distribution of the sum of the
//! dice ranked `lo..hi` (0 = highest) among n iid dice (`20d20!!kh10`).
//!
//! Dynamic programming over face values from the highest down: a state is
//! (dice placed, kept sum). Once a state has filled every kept place, the
//! dice still to place can only be lower and are not counted: the state
//! is retired with one binomial-tail weight for all of them (icepool's
//! technique), so states never hold more than `hi` dice. Keeping the
//! lowest walks the values from the bottom instead, which is the same
//! problem mirrored.
//!
//! An exploding die's weights run to thousands of bits and the walk
//! multiplies them together millions of times, so the walk is made twice,
//! each cheap:
//!
//! 1. with the power of the die's base each weight is divisible by (its
//!    valuation: a value from a chain of k explosions weighs base^(D-k)),
//!    in place of the weight: a lower bound on the power that divides
//!    each total's weight;
//! 2. with the weights' remainders by primes (`residues`), as few as the
//!    totals' weights over those powers need: a machine multiply a prime,
//!    where the big integers multiplied thousands of bits by thousands.
//!
//! Every weight is below the denominator, so the remainders give it back
//! exactly. `50d20!!kh25`: 9 primes instead of 53. And where the dice
//! explode, kept totals past `kept_cap` (a bound that leaves out less than
//! the explosion depth does) are not walked: they lie beyond.

use std::collections::BTreeMap;

use num_bigint::BigUint;
use num_traits::Zero;

use super::error::Refusal;
use super::residues::Moduli;

type Res<T> = Result<T, Refusal>;

/// One die as the walk needs it: its values' weights over its
/// denominator, each value's chance, and whether it explodes (some of its
/// outcomes lie past the explosion limit).
pub(super) struct Die<'a> {
    pub weights: &'a BTreeMap<i64, BigUint>,
    pub denom: &'a BigUint,
    pub chances: Vec<f64>,
    pub explodes: bool,
}

/// The kept totals' weights, over the n dice's denominator.
pub(super) struct Kept {
    pub weights: BTreeMap<i64, BigUint>,
    pub denom: BigUint,
}

/// What is summed: the dice ranked `lo..hi` (0 the highest) among `n`
/// dice of `die`, each kept die adding `worth` of its value; `base` is
/// the number whose powers the die's weights carry (its faces, for an
/// exploding die; 1 for none).
pub(super) struct Pool<'a> {
    pub die: Die<'a>,
    pub n: u64,
    pub lo: u64,
    pub hi: u64,
    pub base: u64,
    pub worth: &'a dyn Fn(i64) -> i64,
}

/// The kept sum's exact weights.
pub(super) fn order_statistics(pool: &Pool) -> Res<Kept> {
    let base = pool.base;
    let (walk, denom) = match prepare(pool)? {
        Prepared::Answer(k) => return Ok(k),
        Prepared::Walk(walk, denom) => (walk, denom),
    };
    // 1. The power of the base dividing each total's weight.
    let powers: Vec<u64> = if base > 1 {
        let mut v = Valuations::new(&walk, base);
        walk.run(&mut v)?;
        v.done
    } else {
        vec![0; walk.width]
    };
    // 2. Their remainders, by as many primes as the largest weight over
    // its power needs.
    let moduli = Moduli::for_bits(bits_needed(&denom, &powers, base));
    let mut r = Remainders::new(&walk, &moduli, base);
    walk.run(&mut r)?;
    let mut weights: BTreeMap<i64, BigUint> = BTreeMap::new();
    let base_big = BigUint::from(base.max(1));
    if let Some((s_lo, s_hi)) = r.done.span {
        for (at, &power) in powers.iter().enumerate().take(s_hi + 1).skip(s_lo) {
            let cell = r.done.cell(at);
            if cell.iter().all(|&x| x == 0) || power == u64::MAX {
                continue;
            }
            // Divided by its power (exactly: the power divides it), the
            // weight is small enough for the primes; then multiplied back.
            let e = if base > 1 { power } else { 0 };
            let over = moduli.mul(cell, &moduli.pow(&r.base_inverse, e));
            let x = moduli.number(&over) * base_big.pow(e as u32);
            if !x.is_zero() {
                weights.insert(at as i64 - walk.start, x);
            }
        }
    }
    Ok(Kept { weights, denom })
}

/// Bits the totals' weights over their powers of the base can need: the
/// denominator's, less the least power's.
fn bits_needed(denom: &BigUint, powers: &[u64], base: u64) -> u64 {
    let least = powers.iter().copied().min().unwrap_or(0);
    let lost = if base > 1 && least != u64::MAX {
        (least as f64 * (base as f64).log2()).floor() as u64
    } else {
        0
    };
    denom.bits().saturating_sub(lost) + 2
}

/// What the walk will do, for the cost model (`cost`): its steps (a
/// state carried to another or retired), the die's values, the places
/// walked and the kept totals' row, from the same plan as the walk
/// itself, the states' ranges followed as it follows them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Work {
    pub steps: f64,
    pub values: f64,
    pub places: f64,
    pub totals: f64,
    /// Bits of the denominator, and of the kept explosions' share of it
    /// at most (the weights past the powers the walk divides out).
    pub bits: f64,
}

/// What `order_statistics` would do, counted without doing it.
pub(super) fn work(pool: &Pool) -> Res<Work> {
    let (die, n, base) = (&pool.die, pool.n, pool.base);
    let (walk, denom) = match prepare(pool)? {
        Prepared::Answer(_) => return Ok(Work::default()),
        Prepared::Walk(walk, denom) => (walk, denom),
    };
    let mut count = Count {
        walk: &walk,
        spans: vec![None; walk.hi],
        steps: 0.0,
    };
    count.spans[0] = Some((walk.start as usize, walk.start as usize));
    walk.run(&mut count)?;
    // The weights over their powers: each die's own share of the
    // denominator (a face of its first roll), and each explosion the kept
    // totals can hold (twice: the dice below the kept ones explode about
    // as often). Walked from the bottom, the dice not walked are the
    // highest, whose explosions nothing bounds: the whole of their
    // denominators.
    let f = (base.max(2) as f64).log2();
    let explosions = 2.0 * walk.width as f64 / base.max(2) as f64;
    let free = if walk.from_top {
        0
    } else {
        n as usize - walk.hi
    };
    let bits = if base > 1 && die.explodes {
        let die_bits = die.denom.bits() as f64;
        (free as f64 * die_bits + (n as f64 - free as f64 + explosions) * f)
            .min(denom.bits() as f64)
    } else {
        denom.bits() as f64
    };
    Ok(Work {
        steps: count.steps,
        values: walk.order.len() as f64,
        places: walk.hi as f64,
        totals: walk.width as f64,
        bits,
    })
}

/// A walk ready to go, or the answer without one.
enum Prepared<'a> {
    Answer(Kept),
    Walk(Walk<'a>, BigUint),
}

fn prepare<'a>(pool: &'a Pool) -> Res<Prepared<'a>> {
    let Pool {
        die,
        n,
        lo,
        hi,
        worth,
        ..
    } = pool;
    let (n, lo, hi) = (*n, *lo, *hi);
    // The kept dice are among the lowest n - lo.
    let cap = kept_cap(die, n - lo, hi - lo, worth);
    let n = n as usize;
    let (lo, hi) = (lo as usize, hi as usize);
    // Fill the kept places from whichever end reaches them first.
    let from_top = hi <= n - lo;
    let (lo, hi) = if from_top { (lo, hi) } else { (n - hi, n - lo) };
    let denom = die.denom.pow(n as u32);
    if die.weights.is_empty() {
        return Ok(Prepared::Answer(Kept {
            weights: BTreeMap::new(),
            denom,
        }));
    }
    if hi == 0 {
        let all: BigUint = die.weights.values().sum::<BigUint>().pow(n as u32);
        return Ok(Prepared::Answer(Kept {
            weights: BTreeMap::from([(0, all)]),
            denom,
        }));
    }
    // The kept totals there can be: each kept die's worth between the
    // least and the most any value is worth (a worth may be negative).
    let (w_lo, w_hi) = die
        .weights
        .keys()
        .map(|&v| worth(v))
        .fold((i64::MAX, i64::MIN), |(a, b), w| (a.min(w), b.max(w)));
    let big = || Refusal::from("a total is too large");
    let kept = (hi - lo) as i64;
    let t_lo = w_lo.min(0).checked_mul(kept).ok_or_else(big)?;
    let mut t_hi = w_hi.max(0).checked_mul(kept).ok_or_else(big)?;
    if let Some(c) = cap {
        t_hi = t_hi.min(c);
    }
    let mut order: Vec<(i64, &BigUint)> = die.weights.iter().map(|(&v, w)| (worth(v), w)).collect();
    if from_top {
        order.reverse();
    }
    let walk = Walk {
        order,
        from_top,
        n,
        lo,
        hi,
        width: (t_hi - t_lo + 1) as usize,
        start: -t_lo,
    };
    Ok(Prepared::Walk(walk, denom))
}

/// The walk, counted: the states' ranges as the walk widens them, and
/// each state it carries or retires.
struct Count<'w> {
    walk: &'w Walk<'w>,
    spans: Vec<Option<(usize, usize)>>,
    steps: f64,
}

impl Carry for Count<'_> {
    fn value(&mut self, _: usize) {}

    fn span(&self, a: usize) -> Option<(usize, usize)> {
        self.spans[a]
    }

    fn open(&mut self, a: usize, c: usize, shift: i64) {
        let Some((s_lo, s_hi)) = self.spans[a] else {
            return;
        };
        let width = self.walk.width as i64;
        let (to_lo, to_hi) = (s_lo as i64 + shift, s_hi as i64 + shift);
        // A state carried past the cap is not looked at.
        self.steps += self.walk.within((s_lo, s_hi), shift).count() as f64;
        if to_hi < 0 || to_lo >= width {
            return;
        }
        let (to_lo, to_hi) = (to_lo.max(0) as usize, to_hi.min(width - 1) as usize);
        let target = &mut self.spans[a + c];
        *target = widen(widen(*target, to_lo), to_hi);
    }

    fn close(&mut self, a: usize, need: usize, shift: i64) {
        if need <= self.walk.n - a
            && let Some(span) = self.spans[a]
        {
            self.steps += self.walk.within(span, shift).count() as f64;
        }
    }
}

/// The walk's plan: the die's values in the order walked (with their
/// worths and weights), the places, and the kept totals' row.
struct Walk<'a> {
    order: Vec<(i64, &'a BigUint)>,
    from_top: bool,
    n: usize,
    lo: usize,
    hi: usize,
    /// Kept totals held, from the least.
    width: usize,
    /// The row's index of a kept total of 0.
    start: i64,
}

/// What the walk carries: weights (as remainders) or their valuations.
trait Carry {
    /// The walk reaches the `index`th value.
    fn value(&mut self, index: usize);
    /// The kept totals states with `a` dice placed hold (row indices).
    fn span(&self, a: usize) -> Option<(usize, usize)>;
    /// `c` of the `n - a` dice left show the value, the rest lower, and
    /// the state stays open: moved to `a + c` dice, its kept total by
    /// `shift`.
    fn open(&mut self, a: usize, c: usize, shift: i64);
    /// At least `need` of them show it: the state fills every kept place
    /// and retires, its kept total moved by `shift`.
    fn close(&mut self, a: usize, need: usize, shift: i64);
}

impl Walk<'_> {
    fn run(&self, carry: &mut impl Carry) -> Res<()> {
        let big = || Refusal::from("a total is too large");
        for (index, &(wv, _)) in self.order.iter().enumerate() {
            crate::cancel::check()?;
            carry.value(index);
            // Rows with more dice placed first: a row's dice at this value
            // go to rows above it, which have already had their turn.
            for a in (0..self.hi).rev() {
                if carry.span(a).is_none() {
                    continue;
                }
                let need = self.hi - a;
                // What the kept places gain when c of these dice show it.
                let gain = |c: usize| -> Res<i64> {
                    let overlap = (a + c).min(self.hi).saturating_sub(a.max(self.lo));
                    wv.checked_mul(overlap as i64).ok_or_else(big)
                };
                for c in 1..need {
                    carry.open(a, c, gain(c)?);
                }
                carry.close(a, need, gain(need)?);
            }
        }
        Ok(())
    }

    /// The states of `span` that, moved by `shift`, stay in the row (a
    /// total past the cap is left out), as a range of them.
    fn within(&self, (s_lo, s_hi): (usize, usize), shift: i64) -> std::ops::RangeInclusive<usize> {
        let lo = (s_lo as i64).max(-shift);
        let hi = (s_hi as i64).min(self.width as i64 - 1 - shift);
        if lo > hi {
            #[allow(clippy::reversed_empty_ranges)]
            return 1..=0;
        }
        lo as usize..=hi as usize
    }
}

/// The power of `base` dividing `w` (0 for 0, which no value weighs).
fn valuation(w: &BigUint, base: u64) -> u64 {
    let mut w = w.clone();
    let mut e = 0;
    while !w.is_zero() && (&w % base).is_zero() {
        w /= base;
        e += 1;
    }
    e
}

/// Walk 1: for each state, a lower bound on the power of the base that
/// divides its weight (`u64::MAX`: no state). Products add powers; a sum
/// is divisible by the least of its terms' powers; binomials count 0.
struct Valuations<'w> {
    walk: &'w Walk<'w>,
    rows: Vec<Vec<u64>>,
    spans: Vec<Option<(usize, usize)>>,
    done: Vec<u64>,
    /// Each value's power, and the least power of the values after it.
    power: Vec<u64>,
    later: Vec<u64>,
    at: usize,
}

impl<'w> Valuations<'w> {
    fn new(walk: &'w Walk<'w>, base: u64) -> Valuations<'w> {
        let power: Vec<u64> = walk.order.iter().map(|(_, w)| valuation(w, base)).collect();
        let mut later = vec![u64::MAX; power.len()];
        for i in (0..power.len().saturating_sub(1)).rev() {
            later[i] = later[i + 1].min(power[i + 1]);
        }
        let mut rows = vec![vec![u64::MAX; walk.width]; walk.hi];
        rows[0][walk.start as usize] = 0;
        let mut spans = vec![None; walk.hi];
        spans[0] = Some((walk.start as usize, walk.start as usize));
        Valuations {
            walk,
            rows,
            spans,
            done: vec![u64::MAX; walk.width],
            power,
            later,
            at: 0,
        }
    }

    fn lower(&mut self, a: usize, to: usize, e: u64) {
        let cell = &mut self.rows[a][to];
        *cell = (*cell).min(e);
        self.spans[a] = widen(self.spans[a], to);
    }
}

impl Carry for Valuations<'_> {
    fn value(&mut self, index: usize) {
        self.at = index;
    }

    fn span(&self, a: usize) -> Option<(usize, usize)> {
        self.spans[a]
    }

    fn open(&mut self, a: usize, c: usize, shift: i64) {
        let Some((s_lo, s_hi)) = self.spans[a] else {
            return;
        };
        let add = self.power[self.at] * c as u64;
        for at in self.walk.within((s_lo, s_hi), shift) {
            let e = self.rows[a][at];
            if e != u64::MAX {
                self.lower(a + c, (at as i64 + shift) as usize, e + add);
            }
        }
    }

    fn close(&mut self, a: usize, need: usize, shift: i64) {
        let Some((s_lo, s_hi)) = self.spans[a] else {
            return;
        };
        let left = self.walk.n - a;
        if need > left {
            return;
        }
        // c of the left dice show this value (c from need up), the rest a
        // later one: c p + (left - c) q, least at an end of the range.
        let (p, q) = (self.power[self.at], self.later[self.at]);
        let tail = if q == u64::MAX {
            p * left as u64
        } else {
            (need as u64 * p + (left - need) as u64 * q).min(left as u64 * p)
        };
        for at in self.walk.within((s_lo, s_hi), shift) {
            let e = self.rows[a][at];
            let to = (at as i64 + shift) as usize;
            if e != u64::MAX {
                self.done[to] = self.done[to].min(e + tail);
            }
        }
    }
}

fn widen(span: Option<(usize, usize)>, at: usize) -> Option<(usize, usize)> {
    Some(match span {
        None => (at, at),
        Some((a, b)) => (a.min(at), b.max(at)),
    })
}

/// Walk 2: each state's weight, by its remainders.
struct Remainders<'w> {
    walk: &'w Walk<'w>,
    m: &'w Moduli,
    rows: Vec<Row>,
    done: Row,
    /// C(n - a, c) for a, c < hi.
    choose: Vec<Vec<Vec<u64>>>,
    /// The weight of the values not yet walked, and of those with this
    /// one; powers of this value's weight.
    rest: Vec<u64>,
    all: Vec<u64>,
    w_pow: Vec<Vec<u64>>,
    /// base^-1, to divide each total's weight by its power.
    base_inverse: Vec<u64>,
}

impl<'w> Remainders<'w> {
    fn new(walk: &'w Walk<'w>, m: &'w Moduli, base: u64) -> Remainders<'w> {
        let (n, hi) = (walk.n, walk.hi);
        let choose = (0..hi)
            .map(|a| {
                (0..=hi - a)
                    .map(|c| m.binomial((n - a) as u64, c as u64))
                    .collect()
            })
            .collect();
        let r = m.len();
        let mut rows: Vec<Row> = (0..hi).map(|_| Row::new(walk.width, r)).collect();
        rows[0].put(walk.start as usize, &m.one());
        let total: BigUint = walk.order.iter().map(|(_, w)| *w).sum();
        Remainders {
            walk,
            m,
            rows,
            done: Row::new(walk.width, r),
            choose,
            rest: m.of(&total),
            all: Vec::new(),
            w_pow: Vec::new(),
            base_inverse: m.inverse_of(base.max(1)),
        }
    }
}

impl Carry for Remainders<'_> {
    fn value(&mut self, index: usize) {
        let m = self.m;
        let w = m.of(self.walk.order[index].1);
        self.all = self.rest.clone();
        m.sub_from(&mut self.rest, &w);
        let mut w_pow = vec![m.one()];
        for c in 1..=self.walk.hi {
            w_pow.push(m.mul(&w_pow[c - 1], &w));
        }
        self.w_pow = w_pow;
    }

    fn span(&self, a: usize) -> Option<(usize, usize)> {
        self.rows[a].span
    }

    fn open(&mut self, a: usize, c: usize, shift: i64) {
        let Some((s_lo, s_hi)) = self.rows[a].span else {
            return;
        };
        let m = self.m;
        let ways = m.mul(&self.choose[a][c], &self.w_pow[c]);
        let (below, above) = self.rows.split_at_mut(a + 1);
        let (row, target) = (&below[a], &mut above[c - 1]);
        for at in self.walk.within((s_lo, s_hi), shift) {
            let cell = row.cell(at);
            if cell.iter().any(|&x| x != 0) {
                target.mul_add((at as i64 + shift) as usize, cell, &ways, m);
            }
        }
    }

    fn close(&mut self, a: usize, need: usize, shift: i64) {
        let Some((s_lo, s_hi)) = self.rows[a].span else {
            return;
        };
        let m = self.m;
        let left = self.walk.n - a;
        if need > left {
            return;
        }
        // Fewer than `need` of the `left` dice show the value (the rest
        // lower) keeps the state open; the others all fill the kept
        // places: every way, less the open ones.
        let mut open = vec![0u64; m.len()];
        let mut rp = m.pow(&self.rest, (left + 1 - need) as u64);
        for c in (0..need).rev() {
            let ways = m.mul(&self.choose[a][c], &self.w_pow[c]);
            m.mul_add(&mut open, &ways, &rp);
            if c > 0 {
                rp = m.mul(&rp, &self.rest);
            }
        }
        let mut tail = m.pow(&self.all, left as u64);
        m.sub_from(&mut tail, &open);
        if tail.iter().all(|&x| x == 0) {
            return;
        }
        let row = &self.rows[a];
        for at in self.walk.within((s_lo, s_hi), shift) {
            let cell = row.cell(at);
            if cell.iter().any(|&x| x != 0) {
                self.done
                    .mul_add((at as i64 + shift) as usize, cell, &tail, m);
            }
        }
    }
}

/// A dense row of states by kept sum, each `r` remainders, and the range
/// of sums it holds (`None`: empty).
struct Row {
    cells: Vec<u64>,
    r: usize,
    span: Option<(usize, usize)>,
}

impl Row {
    fn new(width: usize, r: usize) -> Row {
        Row {
            cells: vec![0; width * r],
            r,
            span: None,
        }
    }

    fn cell(&self, at: usize) -> &[u64] {
        &self.cells[at * self.r..(at + 1) * self.r]
    }

    fn put(&mut self, at: usize, x: &[u64]) {
        self.cells[at * self.r..(at + 1) * self.r].copy_from_slice(x);
        self.span = widen(self.span, at);
    }

    /// The state at `at` gains `x * y`.
    fn mul_add(&mut self, at: usize, x: &[u64], y: &[u64], m: &Moduli) {
        m.mul_add(&mut self.cells[at * self.r..(at + 1) * self.r], x, y);
        self.span = widen(self.span, at);
    }
}

/// Kept totals past which the kept dice of `die` (`kept` places among the
/// lowest `dice` dice) leave out less than their explosion depth does
/// (`dice` times the chance per die). For any threshold t, the kept dice's
/// worths sum to at most kept t plus those dice's excesses over t, which
/// are at most the excesses of any `dice` dice (the lowest have the least),
///   S <= kept t + sum over `dice` dice of max(X - t, 0),
/// and the excesses' sum has a Chernoff bound,
///   P(E >= u) <= M(s)^dice e^(-su)  for every s > 0,
/// M the moment generating function of one die's excess over the values
/// counted; the least kept t + u over t and s is the cap. (With t at 0 it
/// is the bound on all the dice's sum; a threshold near the kept dice's
/// own values is far tighter: 50d20!!kh25 stops at 871 instead of
/// 1,103.) `None` where the die does not explode (nothing is left out),
/// where a worth may be negative (a partial total could fall again), or
/// where the bound cuts nothing.
pub(super) fn kept_cap(die: &Die, dice: u64, kept: u64, worth: &dyn Fn(i64) -> i64) -> Option<i64> {
    if !die.explodes || dice == 0 || kept == 0 {
        return None;
    }
    let points: Vec<(f64, f64)> = die
        .weights
        .keys()
        .zip(&die.chances)
        .map(|(&v, &p)| (worth(v) as f64, p))
        .collect();
    let top = points.iter().map(|&(x, _)| x).fold(f64::MIN, f64::max);
    if points.iter().any(|&(x, _)| x < 0.0) || top <= 0.0 {
        return None;
    }
    let n = dice as f64;
    let target = (n * super::plan::TAIL_PER_DIE).ln();
    // The least u over s for a threshold: (n ln M(s) - ln target) / s,
    // which falls then rises in s (ln M is convex): a golden-section
    // search over log s.
    let least_u = |t: f64| -> f64 {
        let u_at = |log_s: f64| -> f64 {
            let s = log_s.exp();
            (n * mgf(&points, s, t).ln() - target) / s
        };
        let scale = (top - t).ln();
        let (mut a, mut b) = (-12.0 - scale, 5.0 - scale);
        let g = (5f64.sqrt() - 1.0) / 2.0;
        let (mut x, mut y) = (b - g * (b - a), a + g * (b - a));
        let (mut fx, mut fy) = (u_at(x), u_at(y));
        for _ in 0..32 {
            if fx < fy {
                (b, y, fy) = (y, x, fx);
                x = b - g * (b - a);
                fx = u_at(x);
            } else {
                (a, x, fx) = (x, y, fy);
                y = a + g * (b - a);
                fy = u_at(y);
            }
        }
        fx.min(fy)
    };
    // Thresholds: 0 and 16 values, spread over those a die passes at
    // least once in a thousand throws (the kept dice's own).
    let mut passed = 1.0;
    let mut common: Vec<f64> = Vec::new();
    for &(x, p) in &points {
        if passed >= 1e-3 && x < top {
            common.push(x);
        }
        passed -= p;
    }
    common.dedup();
    let stride = common.len().div_ceil(16).max(1);
    let candidates = std::iter::once(0.0).chain(common.into_iter().step_by(stride));
    let best = candidates
        .map(|t| kept as f64 * t + least_u(t))
        .filter(|x| x.is_finite())
        .fold(f64::INFINITY, f64::min);
    let natural = kept as f64 * top;
    (best < natural).then(|| best.ceil() as i64)
}

/// The sum of p e^(s max(x - t, 0)) over `points` (x, p), x rising
/// (the order a die's weights come in; a worth out of order is taken by
/// itself): each term from the last by a power of e^s, one exp in all
/// where an exp a point was most of `kept_cap`'s time.
fn mgf(points: &[(f64, f64)], s: f64, t: f64) -> f64 {
    let (mut sum, mut last, mut term) = (0.0, t, 1.0);
    let step = s.exp();
    for &(x, p) in points {
        if x <= t {
            sum += p;
            continue;
        }
        if x >= last {
            let gap = x - last;
            term *= if gap == 1.0 { step } else { (s * gap).exp() };
        } else {
            term = (s * (x - t)).exp();
        }
        last = x;
        sum += p * term;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stepped sum is the sum of the exponentials, in and out of
    /// order.
    #[test]
    fn the_moment_generating_sum_steps_as_it_should() {
        let points: [(f64, f64); 5] =
            [(0.0, 0.1), (1.0, 0.2), (2.0, 0.3), (5.0, 0.15), (3.0, 0.25)];
        for (s, t) in [(0.3f64, 0.0f64), (0.7, 1.5), (0.01, 4.0)] {
            let want: f64 = points
                .iter()
                .map(|&(x, p)| p * (s * (x - t).max(0.0)).exp())
                .sum();
            assert!((mgf(&points, s, t) - want).abs() < 1e-12 * want, "{s} {t}");
        }
    }
}
