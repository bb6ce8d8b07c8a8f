//! A pool of symbol dice, for any set (the declared ones and the built-in
//! narrative dice): read from counts and letters, rolled, shown, and
//! every outcome counted.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::Faces;
use crate::cancel::{self, Cancelled};
use crate::roll::{At, Source, Why};

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
pub fn roll<S: Source>(kinds: &[DieView], pool: &[u8], rng: &mut S) -> Vec<i64> {
    let mut faces = Vec::new();
    for (term, (kind, &n)) in kinds.iter().zip(pool).enumerate() {
        let sides = Faces::Numbered(kind.faces.len() as u64);
        for die in 0..u64::from(n) {
            faces.push(rng.face(&sides, At { term, die, draw: 0 }, Why::Rolled));
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

/// Why a count stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// Too much counting: about how many steps the count would take.
    TooLong { steps: u64 },
    /// Ctrl-C, in the REPL: the session goes on.
    Cancelled,
}

impl From<Cancelled> for Stopped {
    fn from(_: Cancelled) -> Stopped {
        Stopped::Cancelled
    }
}

/// Outcomes a count makes between looks at Ctrl-C: a few milliseconds.
const BETWEEN_LOOKS: usize = 1 << 16;

/// Each kind's faces grouped by what they show: a face standing for its
/// group, and how many faces show the same. Counting goes by group, so a
/// hundred-face die with ten different faces costs ten steps an outcome,
/// not a hundred.
pub fn alike<T: PartialEq>(faces: &[T]) -> Vec<(usize, u32)> {
    let mut groups: Vec<(usize, u32)> = Vec::new();
    for (f, face) in faces.iter().enumerate() {
        match groups.iter_mut().find(|(g, _)| faces[*g] == *face) {
            Some((_, n)) => *n += 1,
            None => groups.push((f, 1)),
        }
    }
    groups
}

/// What a count may take, in steps (one outcome moved by one face, about
/// 60 ns): the counting, and `per_outcome` for each outcome it ends with
/// (what showing it costs the caller); and whether Ctrl-C may stop it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub steps: u64,
    pub per_outcome: u64,
    pub cancellable: bool,
}

impl Budget {
    /// No limit: the count runs to its end, whatever is pressed. (The
    /// narrative dice's counts are bounded, under half a second, and
    /// their callers have no way to say they were stopped.)
    pub const NONE: Budget = Budget {
        steps: u64::MAX,
        per_outcome: 0,
        cancellable: false,
    };
}

/// A pool counted: every outcome, in order, with how many of the equally
/// likely rolls give it; the number of rolls; and the steps it took.
#[derive(Debug)]
pub struct Counted<N> {
    pub outcomes: Vec<(N, BigUint)>,
    pub rolls: BigUint,
    pub steps: u64,
}

/// Every outcome of the pool, in order, with how many of the equally
/// likely rolls give it, and the number of rolls: one die at a time, each
/// face (as `alike` groups them, kind by kind) moving every outcome so far
/// (`add(outcome, kind, face)`). Gives up, with the steps it would take,
/// once more than the `budget` is foreseen. `least(j)` is what the caller
/// knows of the outcomes any `j` dice of the pool show at least (0 for
/// nothing): the estimate takes it where it is more than its own.
pub fn count<N: Ord + Clone>(
    faces: &[Vec<(usize, u32)>],
    pool: &[u8],
    start: N,
    add: impl Fn(&N, usize, usize) -> N,
    budget: Budget,
    least: impl Fn(usize) -> u64,
) -> Result<Counted<N>, Stopped> {
    let mut outcomes: Vec<(N, BigUint)> = vec![(start.clone(), BigUint::one())];
    let mut denom = BigUint::one();
    let mut steps = 0u64;
    // The outcomes after each die counted (1 before the first).
    let mut after = vec![1u64];
    let look = || {
        if budget.cancellable {
            cancel::check()
        } else {
            Ok(())
        }
    };
    let kinds_rolled = pool.iter().filter(|&&n| n > 0).count();
    // One die of each kind in turn, so that every kind's growth is seen
    // within the first few dice and the estimate below knows it: kind by
    // kind, a pool too large was found only when its next kind began.
    let most = pool.iter().copied().max().unwrap_or(0);
    let dice: Vec<usize> = (0..most)
        .flat_map(|round| (0..pool.len()).filter(move |&k| pool[k] > round))
        .collect();
    // A kind whose faces show all that another's show (and perhaps more)
    // adds at least as many outcomes as that one: until its own first die
    // is counted, it is taken to grow as the most such a kind was seen to.
    // Ten kinds of the same faces are known from the first.
    let shows: Vec<BTreeSet<N>> = faces
        .iter()
        .enumerate()
        .map(|(k, groups)| groups.iter().map(|&(f, _)| add(&start, k, f)).collect())
        .collect();
    // The outcomes the last die of each kind added, once one is counted.
    let mut grew: Vec<Option<u64>> = vec![None; faces.len()];
    // What the caller knows of the outcomes after each number of dice.
    let floor: Vec<u64> = (0..=dice.len()).map(least).collect();
    let sides = |k: usize| faces[k].len() as u64;
    for (i, &kind) in dice.iter().enumerate() {
        let now = outcomes.len() as u64;
        let growth = |k: usize| {
            grew[k].unwrap_or_else(|| {
                (0..faces.len())
                    .filter(|&j| shows[j].is_subset(&shows[k]))
                    .filter_map(|j| grew[j])
                    .max()
                    .unwrap_or(0)
            })
        };
        // Two estimates of what the rest of the dice take, and the larger
        // is taken. Growing by counts (`added`) saw a pool of mixed kinds
        // too large only at its last die, after up to 0.2 s: where kinds
        // differ, the outcomes multiply (a die of another kind moves each
        // one in new directions). So the outcomes are also taken to grow
        // as a power of the dice counted, the power the last half round
        // of dice showed (`powered`).
        let (near, held) = added(&dice[i..], now, &floor[i..], sides, growth);
        let (far, end) = powered(&after, (kinds_rolled / 2).max(1), &dice, sides);
        let foreseen = steps
            .saturating_add(near.max(far))
            .saturating_add(held.max(end).saturating_mul(budget.per_outcome));
        if foreseen > budget.steps {
            return Err(Stopped::TooLong { steps: foreseen });
        }
        steps += now * faces[kind].len() as u64;
        denom *= faces[kind].iter().map(|&(_, n)| n).sum::<u32>();
        let moved = |o: &N, f| add(o, kind, f);
        let next = match merged(&outcomes, &faces[kind], moved, &look)? {
            Some(next) => next,
            None => inserted(&outcomes, &faces[kind], moved, &look)?,
        };
        grew[kind] = Some(next.len() as u64 - now);
        after.push(next.len() as u64);
        outcomes = next;
    }
    Ok(Counted {
        outcomes,
        rolls: denom,
        steps,
    })
}

/// The steps `dice` take from `now` outcomes, and the outcomes they end
/// with, if each die adds what `growth` says its kind adds (what the last
/// one of its kind added). Outcomes never shrink, and `floor` (one entry
/// a die, and one for the end) is a proven least. Dice that share faces
/// grow as a polynomial, so this is mostly under the count; where gaps
/// between outcomes close, a die can add fewer than the last, and this
/// runs over (by 12% at most, on 3,000 random pools of up to 18 dice).
fn added(
    dice: &[usize],
    now: u64,
    floor: &[u64],
    faces: impl Fn(usize) -> u64,
    growth: impl Fn(usize) -> u64,
) -> (u64, u64) {
    let mut ahead = 0u64;
    let mut held = now;
    for (&k, &least) in dice.iter().zip(floor) {
        held = held.max(least);
        ahead = ahead.saturating_add(held.saturating_mul(faces(k)));
        held = held.saturating_add(growth(k));
    }
    (ahead, held.max(floor[dice.len()]))
}

/// The steps the dice from the `i`th on take (`i` = `after.len() - 1`
/// counted), and the outcomes they end with, if the outcomes go on
/// growing as the power of the dice counted that the last `span` dice
/// showed: `n(j) = n(i) (j / i)^e`. Dice that share faces grow as a
/// polynomial, whose power only rises, so for them this is under the
/// count; mixed kinds can run over. Nothing is foreseen before `span`
/// dice are counted after the first.
fn powered(after: &[u64], span: usize, dice: &[usize], faces: impl Fn(usize) -> u64) -> (u64, u64) {
    let i = after.len() - 1;
    if i <= span {
        return (0, 0);
    }
    let (now, then) = (after[i] as f64, after[i - span] as f64);
    let power = (now / then).ln() / (i as f64 / (i - span) as f64).ln();
    let mut ahead = 0.0;
    let mut held = now;
    for (j, &k) in dice.iter().enumerate().skip(i) {
        ahead += held * faces(k) as f64;
        held *= ((j + 1) as f64 / j as f64).powf(power);
    }
    // `as` saturates: a forecast past u64 is refused all the same.
    (ahead.round() as u64, held.round() as u64)
}

/// One more die: every outcome so far moved by each face (`groups`, as
/// `alike` gives them), in order, outcomes met twice added up. Where
/// moving keeps the order (a face adds the same to every outcome, as
/// declared symbol dice do), each face's moved outcomes come in order,
/// and a merge of those runs takes them in one sequential pass: the map
/// this replaced looked each one up, and its comparisons were most of a
/// count's time. Gives `None` if a face's run is out of order after all
/// (capped counts, as the narrative dice keep), for `inserted` to do.
/// `look` says whether to stop (Ctrl-C), asked every few milliseconds.
fn merged<N: Ord + Clone>(
    outcomes: &[(N, BigUint)],
    groups: &[(usize, u32)],
    moved: impl Fn(&N, usize) -> N,
    look: &impl Fn() -> Result<(), Cancelled>,
) -> Result<Option<Vec<(N, BigUint)>>, Cancelled> {
    // The smallest next outcome of each face's run: (outcome, group, at).
    let mut heads: BinaryHeap<Reverse<(N, usize, usize)>> = groups
        .iter()
        .enumerate()
        .filter_map(|(g, &(face, _))| Some(Reverse((moved(&outcomes.first()?.0, face), g, 0))))
        .collect();
    let mut next: Vec<(N, BigUint)> = Vec::with_capacity(outcomes.len() * 2);
    let mut taken = 0usize;
    while let Some(Reverse((outcome, g, at))) = heads.pop() {
        taken += 1;
        if taken.is_multiple_of(BETWEEN_LOOKS) {
            look()?;
        }
        let (face, alike) = groups[g];
        let ways = &outcomes[at].1;
        match next.last_mut() {
            Some((last, sum)) if *last == outcome => add_ways(sum, ways, alike),
            // Taken in order only if every run is in order.
            Some((last, _)) if *last > outcome => return Ok(None),
            _ => next.push((outcome, times(ways, alike))),
        }
        if let Some((o, _)) = outcomes.get(at + 1) {
            heads.push(Reverse((moved(o, face), g, at + 1)));
        }
    }
    Ok(Some(next))
}

/// `merged` for any moves: each moved outcome looked up in a map.
fn inserted<N: Ord + Clone>(
    outcomes: &[(N, BigUint)],
    groups: &[(usize, u32)],
    moved: impl Fn(&N, usize) -> N,
    look: &impl Fn() -> Result<(), Cancelled>,
) -> Result<Vec<(N, BigUint)>, Cancelled> {
    let mut next: BTreeMap<N, BigUint> = BTreeMap::new();
    for (i, (outcome, ways)) in outcomes.iter().enumerate() {
        if i.is_multiple_of(BETWEEN_LOOKS) {
            look()?;
        }
        for &(face, alike) in groups {
            add_ways(
                next.entry(moved(outcome, face))
                    .or_insert_with(BigUint::zero),
                ways,
                alike,
            );
        }
    }
    Ok(next.into_iter().collect())
}

/// `sum += ways * alike`.
fn add_ways(sum: &mut BigUint, ways: &BigUint, alike: u32) {
    if alike == 1 {
        *sum += ways;
    } else {
        *sum += ways * alike;
    }
}

/// `ways * alike`, a copy when one face shows it.
fn times(ways: &BigUint, alike: u32) -> BigUint {
    if alike == 1 {
        ways.clone()
    } else {
        ways * alike
    }
}

#[cfg(test)]
mod tests {
    use super::super::span::simplex_sums;
    use super::*;

    /// Faces that show the same are counted once, weighted by how many
    /// show it: the chances are those of counting every face, and the
    /// kinds taken in turn give what they give kind by kind.
    #[test]
    fn alike_faces_count_as_every_face() {
        let kinds: [&[i64]; 2] = [&[0, 1, 1, 2, 0, 1], &[0, 3, 3]];
        let grouped: Vec<_> = kinds.iter().map(|k| alike(k)).collect();
        assert_eq!(grouped[0], vec![(0, 2), (1, 3), (3, 1)]);
        assert_eq!(grouped[1], vec![(0, 1), (1, 2)]);
        let each: Vec<Vec<(usize, u32)>> = kinds
            .iter()
            .map(|k| (0..k.len()).map(|f| (f, 1)).collect())
            .collect();
        let add = |n: &i64, k: usize, f: usize| n + kinds[k][f];
        let by_group = count(&grouped, &[3, 2], 0, add, Budget::NONE, |_| 0).unwrap();
        let by_face = count(&each, &[3, 2], 0, add, Budget::NONE, |_| 0).unwrap();
        assert_eq!(by_group.outcomes, by_face.outcomes);
        assert_eq!(by_group.rolls, by_face.rolls);
        assert_eq!(by_group.rolls, BigUint::from(6u32 * 6 * 6 * 3 * 3));
        // Hand-counted: the lowest total, 0, needs a 0 on all five dice:
        // 2 of 6 faces three times and 1 of 3 twice; it comes first.
        assert_eq!(by_group.outcomes[0], (0, BigUint::from(2u32 * 2 * 2)));
    }

    /// A move that does not keep the outcomes in order (here a face that
    /// turns the total's sign) is found out by the merge and counted by
    /// map instead: the same as listing all eight rolls of three dice.
    #[test]
    fn moves_out_of_order_are_counted_too() {
        let faces = vec![vec![(0, 1), (1, 1)]];
        let add = |n: &i64, _: usize, f: usize| if f == 0 { -n - 1 } else { n + 2 };
        let mut listed: BTreeMap<i64, BigUint> = BTreeMap::new();
        for roll in 0..8 {
            let total = (0..3).fold(0, |n, die| add(&n, 0, (roll >> die) & 1));
            *listed.entry(total).or_insert_with(BigUint::zero) += 1u32;
        }
        let Counted {
            outcomes: counted,
            rolls,
            ..
        } = count(&faces, &[3], 0, add, Budget::NONE, |_| 0).unwrap();
        // In order, as the map lists them.
        assert_eq!(counted, listed.into_iter().collect::<Vec<_>>());
        assert_eq!(rolls, BigUint::from(8u32));
        let two = [(-1, BigUint::one()), (2, BigUint::one())];
        assert!(
            merged(&two, &faces[0], |n, f| add(n, 0, f), &|| Ok(()))
                .unwrap()
                .is_none()
        );
    }

    /// Like dice whose faces are d + 1 affinely independent points show
    /// C(j + d, d) outcomes after j dice, a polynomial: taken as a power
    /// of the dice counted, its growth is foreseen under what it is, in
    /// steps and in outcomes, from any die on.
    #[test]
    fn a_polynomial_is_foreseen_under_itself() {
        for d in 1..=9u64 {
            let faces = d + 1;
            for dice in 3..=16usize {
                let after: Vec<u64> = (0..=dice).map(|j| simplex_sums(j, d as usize)).collect();
                let kinds = vec![0; dice];
                for i in 2..dice {
                    for span in 1..i {
                        let (ahead, end) = powered(&after[..=i], span, &kinds, |_| faces);
                        let steps: u64 = after[i..dice].iter().map(|n| n * faces).sum();
                        assert!(ahead <= steps, "d {d}, {dice} dice, at {i} over {span}");
                        assert!(end <= after[dice], "d {d}, {dice} dice, at {i} over {span}");
                    }
                }
            }
        }
        // And a power is foreseen as itself: n(j) = j^3, from 2 dice on.
        let cubes: Vec<u64> = (0..=4u64).map(|j| j.pow(3).max(1)).collect();
        let (ahead, end) = powered(&cubes[..=3], 1, &[0; 5], |_| 1);
        assert_eq!((ahead, end), (27 + 64, 125));
    }

    /// Kinds that show what a counted kind shows are known to grow at
    /// least as it did: six kinds of a 0-or-1 die are refused after the
    /// first die, with the whole count's steps, not found too large one
    /// kind at a time.
    #[test]
    fn a_kind_like_one_counted_is_foreseen() {
        let faces = vec![vec![(0, 1), (1, 1)]; 6];
        let made = std::cell::Cell::new(0);
        let add = |n: &i64, _: usize, f: usize| {
            made.set(made.get() + 1);
            n + f as i64
        };
        // Each die doubles the faces of the 1 to 6 totals before it:
        // 2 + 4 + ... + 12 = 42 steps in all.
        let whole = count(&faces, &[1; 6], 0, add, Budget::NONE, |_| 0).unwrap();
        assert_eq!(whole.outcomes.len(), 7);
        assert_eq!(whole.steps, 42);
        made.set(0);
        let err = count(
            &faces,
            &[1; 6],
            0,
            add,
            Budget {
                steps: 30,
                ..Budget::NONE
            },
            |_| 0,
        )
        .unwrap_err();
        assert_eq!(err, Stopped::TooLong { steps: 42 });
        // The faces looked at once, then the first die's two steps.
        assert_eq!(made.get(), 12 + 2);
    }
}
