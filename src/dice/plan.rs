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
    // Horner takes a pass over every total per explosion count (n D of
    // them); the power of the chain, a product per face of the chain
    // (f D) per total. Past a few dice per face the power is quicker
    // (80d12!>10: 39 s against 8.6 s; 7d12!>1: 0.17 s against 2.1 s).
    let few = d.count <= 2 * d.faces.count();
    (run.len() >= 2 && run.len() < (max - min + 1) as usize && at_an_end && few).then_some((lo, hi))
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

/// How many explosions `prob` follows per die: until the chance of one
/// die going further is below 10^-34, so that even 10,000 such dice leave
/// out less than 10^-30 of the whole (shown, as what is not counted),
/// never more than the `MAX_EXPLOSIONS` a roll allows. A d6 needs 44, a d2
/// the full 100; following all 100 everywhere made 20d6! six times slower
/// for chances nobody could see. Per die, not per term, so a die's
/// distribution is the same alone or in a pool.
pub fn explosion_depth(d: &Dice) -> Option<u32> {
    let sel = d.mods.explode?;
    let (f, m) = (d.faces.count() as f64, sel.matching(&d.faces) as f64);
    if m >= f {
        return Some(MAX_EXPLOSIONS);
    }
    let needed = 34.0 / (f / m).log10();
    Some((needed.ceil() as u32).clamp(1, MAX_EXPLOSIONS))
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
