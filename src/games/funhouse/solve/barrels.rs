//! Roll Out the Barrels: every coin the tumbling die can reach from the
//! start barrel, starting the die any way up, and the shortest route of
//! tips to the coin nearest the exit.
//!
//! A state is a cell and how the die lies on it (24 ways), so the whole
//! search is a breadth-first pass over at most 24 x 24 states.

use std::collections::VecDeque;

use serde::Serialize;

use super::super::die::{Die, Face, Hand};
use super::super::setup::{BARREL_COLS, BARREL_ROWS, Cell, cell_name};
use crate::games::compass::Dir;
use crate::pieces::Rank;

pub const START: Cell = (0, 0);
pub const EXIT: Cell = (BARREL_ROWS - 1, BARREL_COLS - 1);

/// One tip of a route: the way it went, the coin it landed on and the
/// face the die shows on top after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tip {
    pub dir: Dir,
    #[serde(serialize_with = "super::cell_ser")]
    pub to: Cell,
    /// The face on top before the tip: it had to match the coin (or be
    /// null, or the coin null).
    #[serde(serialize_with = "face_ser")]
    pub needed: Face,
    #[serde(serialize_with = "face_ser")]
    pub top_after: Face,
}

fn face_ser<S: serde::Serializer>(f: &Face, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(super::super::die::name(*f))
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BarrelsSolution {
    pub hand: Hand,
    /// Every coin the die can stand on, in reading order.
    #[serde(serialize_with = "super::cells_ser")]
    pub reached: Vec<Cell>,
    pub out: bool,
    /// The room's score: 0 out, else the steps from the nearest reached
    /// coin to the exit.
    pub score: u32,
    /// The reached coin nearest the exit (the exit itself when out).
    #[serde(serialize_with = "super::cell_ser")]
    pub nearest: Cell,
    /// How the die starts on r1c1, then each tip to `nearest`.
    pub start: Die,
    pub route: Vec<Tip>,
}

/// Whether the die may tip onto a coin of value `coin` with `top` up.
pub fn may_tip(top: Face, coin: Rank) -> bool {
    let v = coin.index();
    top == 0 || v == 0 || v == top
}

/// Steps from a cell to the exit corner.
pub fn distance((r, c): Cell) -> u32 {
    ((EXIT.0 - r) + (EXIT.1 - c)) as u32
}

/// The neighbouring cell toward `d`, if the grid goes on that way.
pub fn step((r, c): Cell, d: Dir) -> Option<Cell> {
    let (r, c) = match d {
        Dir::N => (r.checked_sub(1)?, c),
        Dir::S => (r + 1, c),
        Dir::E => (r, c + 1),
        Dir::W => (r, c.checked_sub(1)?),
    };
    (r < BARREL_ROWS && c < BARREL_COLS).then_some((r, c))
}

/// Index of a die's lie among the 24 (top and north fix it).
fn lie(d: Die) -> usize {
    d.top as usize * 6 + d.north as usize
}

/// Solve a 6x4 grid for a die of the given handedness, from the start.
pub fn solve(grid: &[Vec<Rank>], hand: Hand) -> BarrelsSolution {
    solve_from(grid, START, None, hand)
}

/// Solve from the die on `at`, lying as `die` (None: not yet placed, so
/// any way up). The score counts every coin reachable from here.
pub fn solve_from(grid: &[Vec<Rank>], at: Cell, die: Option<Die>, hand: Hand) -> BarrelsSolution {
    let cells = BARREL_ROWS * BARREL_COLS;
    let index = |(r, c): Cell| r * BARREL_COLS + c;
    // Parent of each (cell, lie) state: the state it came from and the tip.
    let mut parent: Vec<Option<(usize, Dir)>> = vec![None; cells * 36];
    let mut seen = vec![false; cells * 36];
    let mut queue = VecDeque::new();
    let starts: Vec<Die> = match die {
        Some(d) => vec![d],
        None => Die::all(hand).collect(),
    };
    for d in starts {
        let s = index(at) * 36 + lie(d);
        seen[s] = true;
        queue.push_back((at, d));
    }
    // The first state found on each cell (breadth first: fewest tips).
    let mut first: Vec<Option<(Cell, Die)>> = vec![None; cells];
    while let Some((at, die)) = queue.pop_front() {
        first[index(at)].get_or_insert((at, die));
        for dir in Dir::CLOCKWISE {
            let Some(to) = step(at, dir) else { continue };
            if !may_tip(die.top, grid[to.0][to.1]) {
                continue;
            }
            let next = die.tip(dir);
            let s = index(to) * 36 + lie(next);
            if !seen[s] {
                seen[s] = true;
                parent[s] = Some((index(at) * 36 + lie(die), dir));
                queue.push_back((to, next));
            }
        }
    }
    let reached: Vec<Cell> = (0..cells)
        .filter(|&i| first[i].is_some())
        .map(|i| (i / BARREL_COLS, i % BARREL_COLS))
        .collect();
    // Nearest the exit; on a tie, the one reached in fewer tips, then the
    // first in reading order (the order `reached` is in).
    let (nearest, end) = reached
        .iter()
        .map(|&c| (c, first[index(c)].expect("reached")))
        .min_by_key(|&(c, _)| distance(c))
        .expect("the start is always reached");
    let mut route = Vec::new();
    let mut s = index(nearest) * 36 + lie(end.1);
    let mut die = end.1;
    let mut at = nearest;
    while let Some((from, dir)) = parent[s] {
        let (r, c) = ((from / 36) / BARREL_COLS, (from / 36) % BARREL_COLS);
        let before = Die::new((from % 36 / 6) as u8, (from % 6) as u8, hand).expect("a lie");
        route.push(Tip {
            dir,
            to: at,
            needed: before.top,
            top_after: die.top,
        });
        s = from;
        die = before;
        at = (r, c);
    }
    route.reverse();
    BarrelsSolution {
        hand,
        out: nearest == EXIT,
        score: distance(nearest),
        nearest,
        start: die,
        route,
        reached,
    }
}

/// Replay a route: each tip legal from the start lie. Returns where the
/// die ends, or the first illegal tip (its place in the route).
pub fn replay(grid: &[Vec<Rank>], start: Die, route: &[Tip]) -> Result<Cell, usize> {
    let mut at = START;
    let mut die = start;
    for (i, t) in route.iter().enumerate() {
        let to = step(at, t.dir).ok_or(i)?;
        if to != t.to || !may_tip(die.top, grid[to.0][to.1]) {
            return Err(i);
        }
        die = die.tip(t.dir);
        at = to;
    }
    Ok(at)
}

impl Tip {
    /// `E to r1c2 (2 up)`: what the player does with the die.
    pub fn describe(&self) -> String {
        format!(
            "{} to {} (then {} up)",
            self.dir.name(),
            cell_name(self.to),
            super::super::die::name(self.top_after)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn grid(rows: &str) -> Vec<Vec<Rank>> {
        rows.split('/')
            .map(|r| r.split_whitespace().map(|v| v.parse().unwrap()).collect())
            .collect()
    }

    #[test]
    fn null_coins_make_a_highway() {
        // A column of nulls down the left and a row along the bottom: any
        // face may tip onto a null, so the die walks out.
        let g = grid("5 2 3 4 / n 3 4 5 / n 4 5 2 / n 5 2 3 / n 2 3 4 / n n n n");
        let s = solve(&g, Hand::Right);
        assert!(s.out);
        assert_eq!(s.score, 0);
        assert_eq!(s.route.len(), 8);
        assert_eq!(replay(&g, s.start, &s.route), Ok(EXIT));
    }

    #[test]
    fn a_walled_in_start_scores_its_distance() {
        // r1c1's neighbours are 5 and 5: only a die with 5 (or null) up can
        // leave, and from either 5 the neighbours are 4s that need the 4 on
        // top, which a die that just showed 5 then tipped can only sometimes
        // offer. Whatever it reaches, the score is the nearest's distance.
        let g = grid("2 5 4 3 / 5 4 3 2 / 4 3 2 4 / 3 2 4 3 / 2 4 3 2 / 4 3 2 4");
        for hand in Hand::ALL {
            let s = solve(&g, hand);
            let best = s.reached.iter().map(|&c| distance(c)).min().unwrap();
            assert_eq!(s.score, best);
            assert_eq!(replay(&g, s.start, &s.route), Ok(s.nearest));
            // Every tip of the route obeys the matching rule.
            for t in &s.route {
                let coin = g[t.to.0][t.to.1].index();
                assert!(t.needed == 0 || coin == 0 || coin == t.needed);
            }
        }
    }

    #[test]
    fn handedness_changes_the_answer() {
        // Found by search over seeded legal grids (the first one, seed 0
        // of the bench's deals): the left-handed die gets out, the
        // right-handed one stops 3 steps short.
        let g = grid(HANDED);
        let r = solve(&g, Hand::Right);
        let l = solve(&g, Hand::Left);
        assert_eq!((r.score, l.score), (3, 0), "{r:?}\n{l:?}");
        assert!(l.out && !r.out);
        assert_eq!(replay(&g, r.start, &r.route), Ok(r.nearest));
        assert_eq!(replay(&g, l.start, &l.route), Ok(l.nearest));
    }

    const HANDED: &str = "n 3 a 2 / 4 5 2 a / 5 a 3 n / n 4 2 4 / 3 2 n 5 / a 3 5 4";
}
