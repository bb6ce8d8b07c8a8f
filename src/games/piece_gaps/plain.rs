//! A plain search for Piece Gaps, written apart from the solver to check
//! it: its own reading of the tableau and of the rules, rows as lists of
//! tiles, and a breadth-first walk of every tableau reachable, with no
//! order and no tables shared. Slow, and only for tests and benches.

use std::collections::{HashSet, VecDeque};

/// A tile as (suit letter, rank 1 to 5); `None` a gap.
type Cell = Option<(char, u8)>;
type Rows = Vec<Vec<Cell>>;

fn read(text: &str) -> Rows {
    text.split('/')
        .map(|row| {
            let mut cells = Vec::new();
            let mut chars = row.chars();
            while let Some(c) = chars.next() {
                if c == '.' {
                    cells.push(None);
                    continue;
                }
                let rank = match chars.next() {
                    Some('a' | 'A' | '1') => 1,
                    Some(d @ '2'..='5') => d as u8 - b'0',
                    _ => 0,
                };
                cells.push((rank > 0).then(|| (c.to_ascii_uppercase(), rank)));
            }
            cells
        })
        .collect()
}

fn won(rows: &Rows) -> bool {
    rows.iter().all(|row| {
        let Some((suit, _)) = row[0] else {
            return false;
        };
        (0..5).all(|i| row[i] == Some((suit, i as u8 + 1)))
    })
}

/// Every tableau one move on.
fn next(rows: &Rows, any_after_gap: bool) -> Vec<Rows> {
    let mut out = Vec::new();
    let tiles: Vec<(usize, usize)> = (0..rows.len())
        .flat_map(|r| (0..rows[r].len()).map(move |c| (r, c)))
        .filter(|&(r, c)| rows[r][c].is_some())
        .collect();
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            if rows[r][c].is_some() {
                continue;
            }
            let wanted: Option<Cell> = if c == 0 {
                None
            } else {
                match rows[r][c - 1] {
                    None if any_after_gap => None,
                    None => continue,
                    Some((_, 5)) => continue,
                    Some((suit, rank)) => Some(Some((suit, rank + 1))),
                }
            };
            for &(fr, fc) in &tiles {
                if wanted.is_none_or(|w| rows[fr][fc] == w) {
                    let mut after = rows.clone();
                    after[r][c] = after[fr][fc].take();
                    out.push(after);
                }
            }
        }
    }
    out
}

/// Whether the tableau written `text` (as `Tableau` writes it) can be
/// won; `any_after_gap`: a gap right of a gap takes any tile. `None`:
/// more than `limit` tableaux reachable and no win among those met.
pub fn wins(text: &str, any_after_gap: bool, limit: usize) -> Option<bool> {
    let mut won_one = false;
    let whole = walk(text, any_after_gap, limit, |rows| {
        won_one = won(rows);
        won_one
    });
    (won_one || whole).then_some(won_one)
}

/// The most tiles home (in order from their row's left end) in any
/// tableau reachable from `text`; `None`: more than `limit` reachable.
pub fn most_home(text: &str, any_after_gap: bool, limit: usize) -> Option<u8> {
    let mut most = 0;
    let whole = walk(text, any_after_gap, limit, |rows| {
        most = most.max(home(rows));
        false
    });
    whole.then_some(most)
}

/// Tiles home in each row: its ace at the left end, then the same
/// suit's two, and so on.
fn home(rows: &Rows) -> u8 {
    let mut n = 0;
    for row in rows {
        let Some((suit, 1)) = row[0] else {
            continue;
        };
        n += (0..5)
            .take_while(|&i| row[i] == Some((suit, i as u8 + 1)))
            .count() as u8;
    }
    n
}

/// Every tableau reachable from `text`, breadth first, each met once,
/// until `stop` says so; whether the walk met them all (false: more than
/// `limit`, or stopped).
fn walk(
    text: &str,
    any_after_gap: bool,
    limit: usize,
    mut stop: impl FnMut(&Rows) -> bool,
) -> bool {
    let start = read(text);
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(start.clone());
    queue.push_back(start);
    while let Some(rows) = queue.pop_front() {
        if stop(&rows) {
            return false;
        }
        if seen.len() > limit {
            return false;
        }
        for n in next(&rows, any_after_gap) {
            if seen.insert(n.clone()) {
                queue.push_back(n);
            }
        }
    }
    true
}
