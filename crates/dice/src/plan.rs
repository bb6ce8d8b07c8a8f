//! How each dice term's distribution is worked out: which method, how
//! deep explosions are followed, which places are kept. The exact
//! calculation (`dist`) follows the plan and the cost model (`cost`)
//! prices it, so both read it from here.

use super::parse::{Dice, Expr, MAX_EXPLOSIONS, Op, Pick};

/// How a dice term's distribution is found (the cost model follows it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Method {
    /// Dice exploding on one face, each roll worth its value or (with `!`)
    /// its own count: factored (`exploding_sum`).
    Exploding(i64),
    /// Every die counts: a power of the one die's distribution.
    Sum,
    /// Some places are kept: order statistics.
    Places,
    /// The highest or lowest few of plain dice whose faces are a range,
    /// each as likely (`100d100kh50`): `dist::uniform_places`.
    UniformPlaces,
    /// Some places are kept among dice exploding on one face, each extra
    /// roll a die of its own (`4d6!kh3`): `dist::exploding_places`.
    ExplodingPlaces(i64),
    /// Plain dice exploding on a run of faces at one end (`7d12!>1`,
    /// `10d10!>=8`): `dist::exploding_run`, the faces that explode and
    /// those that stop each a window.
    ExplodingRun { lo: i64, hi: i64 },
}

pub(super) fn method(d: &Dice) -> Method {
    let (lo, hi) = places(d);
    let filtered = d
        .mods
        .picks
        .iter()
        .any(|p| matches!(p, Pick::Keep(_) | Pick::Drop(_)));
    if lo != 0 || hi != d.count {
        let own_dice = d.mods.explode.is_some() && !d.mods.compound;
        let changed = filtered || d.mods.success.is_some() || d.mods.penetrate;
        let plain = d.faces.is_range()
            && d.mods.explode.is_none()
            && d.mods.reroll.is_none()
            && d.mods.reroll_add.is_none()
            && !d.mods.unique
            && d.mods.min.is_none()
            && d.mods.max.is_none()
            && !changed;
        return match lone_explosion(d) {
            Some(face) if own_dice && !changed => Method::ExplodingPlaces(face),
            _ if plain && (lo == 0 || hi == d.count) => Method::UniformPlaces,
            _ => Method::Places,
        };
    }
    let plain = !filtered && d.mods.success.is_none() && !d.mods.penetrate;
    // With `!` each extra roll is a die of its own, counted or filtered
    // by itself (`7d12!12>8`): a chain's worth is still the sum of its
    // rolls' worths, which the factored sum adds up as it does values.
    let roll_by_roll = d.mods.explode.is_some() && !d.mods.compound && !d.mods.penetrate;
    match (lone_explosion(d), exploding_run(d)) {
        (Some(face), _) if plain || roll_by_roll => Method::Exploding(face),
        (None, Some((lo, hi))) if plain => Method::ExplodingRun { lo, hi },
        _ => Method::Sum,
    }
}

/// The faces a plain die explodes on, when they are a run at the top or
/// the bottom of faces from 0 up (so the faces that stop it are a run
/// too) and nothing else changes the die.
fn exploding_run(d: &Dice) -> Option<(i64, i64)> {
    let sel = d.mods.explode?;
    let changed = d.mods.reroll.is_some()
        || d.mods.min.is_some()
        || d.mods.max.is_some()
        || d.mods.unique
        || d.mods.reroll_add.is_some();
    let (min, max) = (d.faces.min(), d.faces.max());
    if changed || !d.faces.is_range() || min < 0 {
        return None;
    }
    let run: Vec<i64> = (min..=max).filter(|&v| sel.matches(v)).collect();
    let (&lo, &hi) = (run.first()?, run.last()?);
    let at_an_end = lo == min || hi == max;
    // Horner takes a pass over every total per explosion count in all:
    // counted together, they are few (77 for 40d10!>=8), where a depth
    // for each die made n times as many and the power of one die's
    // chain was quicker past a few dice a face.
    (run.len() >= 2 && run.len() < (max - min + 1) as usize && at_an_end).then_some((lo, hi))
}

/// The face a plain exploding die explodes on, when exactly one face
/// explodes and nothing else changes the die (no reroll, no clamp).
pub(super) fn lone_explosion(d: &Dice) -> Option<i64> {
    let sel = d.mods.explode?;
    if d.mods.reroll.is_some() || d.mods.min.is_some() || d.mods.max.is_some() {
        return None;
    }
    // The factored sum walks the faces as a range.
    if sel.matching(&d.faces) != 1 || !d.faces.is_range() {
        return None;
    }
    (d.faces.min()..=d.faces.max()).find(|&v| sel.matches(v))
}

/// The places (0 = highest) whose dice are kept after the count steps
/// (`kh`, `kl`, `dh`, `dl`), each narrowing what the last one left.
pub(super) fn places(d: &Dice) -> (u64, u64) {
    places_among(d, d.count)
}

/// The places kept among `m` dice (with `!`, the pool of a term's dice
/// and their extra rolls).
pub(super) fn places_among(d: &Dice, m: u64) -> (u64, u64) {
    let (mut lo, mut hi) = (0u64, m);
    for p in &d.mods.picks {
        let len = hi - lo;
        match *p {
            Pick::KeepHigh(k) => hi = lo + k.min(len),
            Pick::KeepLow(k) => lo = hi - k.min(len),
            Pick::DropHigh(k) => lo += k.min(len),
            Pick::DropLow(k) => hi -= k.min(len),
            Pick::Keep(_) | Pick::Drop(_) => {}
        }
    }
    (lo, hi)
}

/// The chance of the outcomes `prob` leaves out, per die: so that even
/// 10,000 dice leave out less than 10^-12 of the whole (said, as what is
/// not counted), where a bound of 10^-34 a die (44 explosions of a d6)
/// worked out chances a thousand billion times too small to see, and
/// made `40d10!>=8` take 9 s.
pub(super) const TAIL_PER_DIE: f64 = 1e-16;

/// How many explosions `prob` follows per die: until the chance of one
/// die going further (one more explosion, p^(D+1)) is below
/// [`TAIL_PER_DIE`], never more than the `MAX_EXPLOSIONS` a roll allows.
/// A d6 needs 20, a d2 53. Per die, not per term, so a die's distribution
/// is the same alone or in a pool (and one die counted in all,
/// [`Limit::InAll`], goes as deep).
pub fn explosion_depth(d: &Dice) -> Option<u32> {
    let sel = d.mods.explode?;
    let (f, m) = (d.faces.count() as f64, sel.matching(&d.faces) as f64);
    if m >= f {
        return Some(MAX_EXPLOSIONS);
    }
    let needed = -TAIL_PER_DIE.log10() / (f / m).log10();
    Some(
        (needed.ceil() as u32)
            .saturating_sub(1)
            .clamp(1, MAX_EXPLOSIONS),
    )
}

/// What `prob` leaves out of a term whose dice explode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Chains longer than this many explosions, die by die.
    PerDie(u32),
    /// As `PerDie`, and kept totals past `total` (where keeping some
    /// places among exploding dice stops walking: `places::kept_cap`).
    Kept { depth: u32, total: i64 },
    /// More explosions than this among all the term's dice: where a
    /// term's explosions are counted together (the factored methods), the
    /// outcomes past a count in all are far fewer than those past a depth
    /// each, for the same chance left out (`40d10!>=8`: 2,600 explosions
    /// of the dice one by one against 77 in all).
    InAll(u64),
}

/// How far `prob` follows a term's explosions (`None`: it has none).
pub fn explosion_limit(d: &Dice) -> Option<Limit> {
    let depth = explosion_depth(d)?;
    Some(match method(d) {
        Method::Exploding(_) | Method::ExplodingRun { .. } | Method::ExplodingPlaces(_) => {
            Limit::InAll(explosions_in_all(d, depth))
        }
        _ => Limit::PerDie(depth),
    })
}

/// The fewest explosions in all among a term's n dice past which their
/// chance is below n times [`TAIL_PER_DIE`] (what a depth for each die
/// leaves out at most), and at most n times `depth` (the depth a die may
/// reach). Each roll explodes with chance p, so the explosions of n dice
/// are negative binomial: P(K = k) = C(n+k-1, k) p^k (1-p)^n. Past the
/// mode the terms fall by a ratio that only shrinks, so the tail past K
/// is at most its first term over one less that ratio.
fn explosions_in_all(d: &Dice, depth: u32) -> u64 {
    let n = d.count.max(1);
    let most = n.saturating_mul(u64::from(depth));
    let Some(sel) = d.mods.explode else {
        return most;
    };
    let (f, m) = (d.faces.count() as f64, sel.matching(&d.faces) as f64);
    let p = m / f;
    if p >= 1.0 || p <= 0.0 {
        return most;
    }
    let nf = n as f64;
    let target = (nf * TAIL_PER_DIE).ln();
    // log P(K = k), term by term.
    let mut log_term = nf * (1.0 - p).ln();
    let mut k = 0u64;
    while k < most {
        let kf = k as f64;
        let ratio = (nf + kf) / (kf + 1.0) * p;
        let next = log_term + ratio.ln();
        // The tail from k+1 on: its first term over 1 - the next ratio.
        let ahead = (nf + kf + 1.0) / (kf + 2.0) * p;
        if ahead < 1.0 && next - (1.0 - ahead).ln() < target {
            return k;
        }
        log_term = next;
        k += 1;
    }
    most
}

/// Whether a term is the sum of identical independent dice with a range of
/// faces (no explosion, no keep by count, no `ra` or uniqueness): its
/// distribution is a power of one die's, and a sum of such terms is
/// worked out at once.
pub(super) fn plain_sum(d: &Dice) -> bool {
    // A listed die may leave wide gaps (`d{0,1000000}`), which the
    // product of powers would list total by total.
    d.faces.is_range()
        && method(d) == Method::Sum
        && d.mods.explode.is_none()
        && !d.mods.unique
        && d.mods.reroll_add.is_none()
}

/// The terms of a sum and difference of dice terms and numbers: each term
/// with its sign (true: subtracted), and the numbers added up. `None` for
/// anything else (a product, a function, a group).
pub(super) fn flatten(
    e: &Expr,
    neg: bool,
    parts: &mut Vec<(usize, bool)>,
    constant: &mut i64,
) -> bool {
    match e {
        Expr::Num(n) => {
            let n = if neg { n.checked_neg() } else { Some(*n) };
            match n.and_then(|n| constant.checked_add(n)) {
                Some(c) => {
                    *constant = c;
                    true
                }
                None => false,
            }
        }
        Expr::Dice(i) => {
            parts.push((*i, neg));
            true
        }
        Expr::Group(x) => flatten(x, neg, parts, constant),
        Expr::Neg(x) => flatten(x, !neg, parts, constant),
        Expr::Bin(Op::Add, a, b) => {
            flatten(a, neg, parts, constant) && flatten(b, neg, parts, constant)
        }
        Expr::Bin(Op::Sub, a, b) => {
            flatten(a, neg, parts, constant) && flatten(b, !neg, parts, constant)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The explosions counted in all for a few terms, as the tests that
    /// count their chains out need them small.
    #[test]
    fn explosions_in_all_of_small_terms() {
        for (e, k) in [
            ("1d6!", 20u64),
            ("1d3!!", 33),
            ("3d6!", 22),
            ("2d10!>=8", 32),
        ] {
            let r = super::super::parse::parse(e).unwrap();
            assert_eq!(explosion_limit(&r.dice[0]), Some(Limit::InAll(k)), "{e}");
            // One die counted in all goes as deep as a die alone.
            let one = super::super::parse::parse(&e.replacen(|c: char| c.is_ascii_digit(), "1", 1));
            let one = &one.unwrap().dice[0];
            assert_eq!(
                explosions_in_all(one, 100),
                u64::from(explosion_depth(one).unwrap()),
                "{e}"
            );
        }
    }
}
