//! A pool of symbol dice, for any set (the declared ones and the built-in
//! narrative dice): read from counts and letters, rolled, shown, and
//! every outcome counted.

use std::collections::BTreeMap;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::random::TableRng;

/// One kind of die as the shared helpers see it: its name, its letter in
/// a pool, its faces (each a run of symbol letters, `""` blank).
pub struct DieView<'a> {
    pub name: &'a str,
    pub letter: char,
    pub faces: Vec<&'a str>,
}

/// Most dice of one kind in a pool (a table rarely rolls more than six).
pub const MAX_KIND: u8 = 10;

/// `2a1p 2d1c`, `2a 1p 2d 1c`, `a p d`: counts and letters, in any order,
/// as how many of each kind (in `kinds`' order). `example` ends each
/// message, to show what is meant.
pub fn parse_pool(words: &[&str], kinds: &[DieView], example: &str) -> Result<Vec<u8>, String> {
    let mut pool = vec![0u8; kinds.len()];
    for word in words {
        let mut rest = *word;
        while !rest.is_empty() {
            let digits = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let (number, tail) = rest.split_at(digits);
            let mut chars = tail.chars();
            let Some(letter) = chars.next() else {
                return Err(format!(
                    "'{word}': a number needs a die's letter: {example}"
                ));
            };
            let Some(kind) = kinds.iter().position(|k| k.letter == letter) else {
                return Err(format!("'{letter}' in '{word}' is not a die: {example}"));
            };
            let too_many = || format!("'{word}': at most {MAX_KIND} dice of a kind");
            let n: u8 = if number.is_empty() {
                1
            } else {
                number
                    .parse()
                    .ok()
                    .filter(|n| *n <= MAX_KIND)
                    .ok_or_else(too_many)?
            };
            pool[kind] = pool[kind]
                .checked_add(n)
                .filter(|n| *n <= MAX_KIND)
                .ok_or_else(too_many)?;
            rest = chars.as_str();
        }
    }
    if pool.iter().all(|&n| n == 0) {
        return Err(format!("say which dice: {example}"));
    }
    Ok(pool)
}

/// The pool in words, for `prob`'s heading: `2 ability, 1 difficulty`.
pub fn pool_words(kinds: &[DieView], pool: &[u8]) -> String {
    kinds
        .iter()
        .zip(pool)
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{n} {}", k.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Roll the pool: each die's face, numbered from 1, kind by kind.
pub fn roll(kinds: &[DieView], pool: &[u8], rng: &mut TableRng) -> Vec<i64> {
    let mut faces = Vec::new();
    for (kind, &n) in kinds.iter().zip(pool) {
        for _ in 0..n {
            faces.push(rng.range(1, kind.faces.len() as i64));
        }
    }
    faces
}

/// The faces rolled, shown kind by kind (`ability [s, aa]`, a blank as
/// `-`), and each die as its kind and face (from 0), for reading.
pub fn shown(kinds: &[DieView], pool: &[u8], faces: &[i64]) -> (String, Vec<(usize, usize)>) {
    let mut shown = Vec::new();
    let mut dice = Vec::new();
    let mut at = 0;
    for (k, (kind, &n)) in kinds.iter().zip(pool).enumerate() {
        if n == 0 {
            continue;
        }
        let these = &faces[at..at + usize::from(n)];
        at += usize::from(n);
        let symbols: Vec<&str> = these
            .iter()
            .map(|&f| (f - 1) as usize)
            .inspect(|&f| dice.push((k, f)))
            .map(|f| match kind.faces[f] {
                "" => "-",
                face => face,
            })
            .collect();
        shown.push(format!("{} [{}]", kind.name, symbols.join(", ")));
    }
    (shown.join(" "), dice)
}

/// Too much counting: how many steps the count would take, at least.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLong {
    pub steps: u64,
}

/// Every outcome of the pool with how many of the equally likely rolls
/// give it, and the number of rolls: one die at a time, each face moving
/// every outcome so far (`add(outcome, kind, face)`). Gives up, with the
/// steps it would take, once more than `budget` are needed.
pub fn count<N: Ord + Clone>(
    sides: &[usize],
    pool: &[u8],
    start: N,
    add: impl Fn(&N, usize, usize) -> N,
    budget: u64,
) -> Result<(BTreeMap<N, BigUint>, BigUint), TooLong> {
    let mut outcomes: BTreeMap<N, BigUint> = BTreeMap::from([(start, BigUint::one())]);
    let mut denom = BigUint::one();
    let mut steps = 0u64;
    let dice: Vec<usize> = pool
        .iter()
        .enumerate()
        .flat_map(|(k, &n)| std::iter::repeat_n(k, usize::from(n)))
        .collect();
    let mut before = 1u64;
    for (i, &kind) in dice.iter().enumerate() {
        // What the rest of the dice will take: the outcomes never shrink,
        // and each more die of this kind adds at least as many as the
        // last one did (their count grows as a polynomial in the dice),
        // so a pool too large is refused within its first few dice.
        let now = outcomes.len() as u64;
        let grew = now - before;
        before = now;
        let mut ahead = 0u64;
        let mut held = now;
        for &k in &dice[i..] {
            ahead = ahead.saturating_add(held.saturating_mul(sides[k] as u64));
            if k == kind {
                held = held.saturating_add(grew);
            }
        }
        let these = now * sides[kind] as u64;
        if steps.saturating_add(ahead) > budget {
            return Err(TooLong {
                steps: steps.saturating_add(ahead),
            });
        }
        steps += these;
        denom *= sides[kind];
        let mut next: BTreeMap<N, BigUint> = BTreeMap::new();
        for (outcome, ways) in &outcomes {
            for face in 0..sides[kind] {
                *next
                    .entry(add(outcome, kind, face))
                    .or_insert_with(BigUint::zero) += ways;
            }
        }
        outcomes = next;
    }
    Ok((outcomes, denom))
}
