//! A plain exhaustive search, written apart from the solver to check it
//! (`solve::tests`, `benches/solvers.rs`): every set reachable, and its
//! own arithmetic (each string's signs tried in turn, worked out with
//! two stacks), with every operator allowed. Slow by design: it shares
//! nothing with the solver but the grid.

use std::collections::{HashMap, HashSet};

use super::grid::{Coins, FILES, RANKS, Space};

/// The value of a written expression (values and signs alternating),
/// x and / before + and -, every division whole.
fn worked(values: &[i64], signs: &[char]) -> Option<i64> {
    let mut terms: Vec<i64> = vec![values[0]];
    let mut adds: Vec<char> = Vec::new();
    for (i, &c) in signs.iter().enumerate() {
        let v = values[i + 1];
        match c {
            '*' => *terms.last_mut()? *= v,
            '/' => {
                let t = terms.last_mut()?;
                if v == 0 || *t % v != 0 {
                    return None;
                }
                *t /= v;
            }
            _ => {
                terms.push(v);
                adds.push(c);
            }
        }
    }
    let mut total = terms[0];
    for (t, c) in terms[1..].iter().zip(adds) {
        total = if c == '+' { total + t } else { total - t };
    }
    Some(total)
}

/// Whether the values, in this order, make an equation.
fn is_equation(values: &[i64]) -> bool {
    let gaps = values.len() - 1;
    (0..gaps).any(|eq| {
        (0..4usize.pow(gaps as u32 - 1)).any(|mut w| {
            let mut signs = Vec::new();
            for g in 0..gaps {
                if g == eq {
                    signs.push('=');
                } else {
                    signs.push(['+', '-', '*', '/'][w % 4]);
                    w /= 4;
                }
            }
            let (l, r) = (&signs[..eq], &signs[eq + 1..]);
            match (worked(&values[..=eq], l), worked(&values[eq + 1..], r)) {
                (Some(a), Some(b)) => a == b,
                _ => false,
            }
        })
    })
}

/// The coins of `on` some string of its coins takes.
fn removable(coins: &Coins, on: u32, known: &mut HashMap<Vec<i64>, bool>) -> Vec<Space> {
    let mut lines: Vec<Vec<Space>> = Vec::new();
    for r in 0..RANKS {
        lines.push((0..FILES).map(|f| Space::new(f, r)).collect());
    }
    for f in 0..FILES {
        lines.push((0..RANKS).map(|r| Space::new(f, r)).collect());
    }
    let mut out = Vec::new();
    for line in &lines {
        for i in 0..line.len() {
            for j in i + 2..=line.len() {
                let run = &line[i..j];
                if run.iter().any(|s| on & s.bit() == 0) {
                    continue;
                }
                let v: Vec<i64> = run.iter().map(|&s| i64::from(coins.at(s))).collect();
                // Each run of values is worked out once per search.
                let takes = *known.entry(v.clone()).or_insert_with(|| {
                    let mut back = v.clone();
                    back.reverse();
                    is_equation(&v) || is_equation(&back)
                });
                if takes {
                    out.extend(run.iter().copied());
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Whether one coin can be left from `on`, by meeting every set it
/// reaches; `one_group`: passing over sets whose coins are not one group
/// side by side (no string ever joins two groups, and each keeps its last
/// coin), which a search from a whole deal needs to end in seconds.
pub fn wins(coins: &Coins, on: u32, one_group: bool) -> bool {
    let mut won = false;
    walk(coins, on, one_group, |set| {
        won = set.count_ones() == 1;
        won
    });
    won
}

/// The fewest coins of any set `on` reaches, by meeting every one.
pub fn fewest(coins: &Coins, on: u32) -> u32 {
    let mut fewest = on.count_ones();
    walk(coins, on, false, |set| {
        fewest = fewest.min(set.count_ones());
        false
    });
    fewest
}

/// Every set reachable from `on`, each met once, until `stop` says so.
fn walk(coins: &Coins, on: u32, one_group: bool, mut stop: impl FnMut(u32) -> bool) {
    let mut seen = HashSet::from([on]);
    let mut todo = vec![on];
    let mut known = HashMap::new();
    while let Some(set) = todo.pop() {
        if stop(set) {
            return;
        }
        if one_group && groups(set) > 1 {
            continue;
        }
        for s in removable(coins, set, &mut known) {
            let next = set & !s.bit();
            if seen.insert(next) {
                todo.push(next);
            }
        }
    }
}

/// How many groups of coins side by side `set` holds, by flood fill.
fn groups(set: u32) -> usize {
    let mut left: Vec<Space> = Space::all().filter(|s| set & s.bit() != 0).collect();
    let mut n = 0;
    while let Some(first) = left.pop() {
        n += 1;
        let mut todo = vec![first];
        while let Some(s) = todo.pop() {
            left.retain(|&t| {
                let near = (s.file().abs_diff(t.file()) + s.rank().abs_diff(t.rank())) == 1;
                if near {
                    todo.push(t);
                }
                !near
            });
        }
    }
    n
}
