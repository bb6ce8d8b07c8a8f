//! Whack-a-Dummy: from a start square, the route that activates the four
//! corners in order with the fewest penalties (then the fewest moves).
//!
//! A position is where the die stands and which coins are face up (24
//! bits). Each landing flips the coin; then the die walks one space (the
//! coin went face down) or jumps the coin's value (face up; null and ace
//! jump 1), in any of four directions, wrapping round the board's edges.
//! A corner flip that leaves the face-up corners other than a first run of
//! the order (north-west, north-east, south-east, south-west) costs 10
//! (our interpretation, DESIGN.md); setting them right again is free.
//!
//! The search is A* on (penalties, moves), the moves bounded below by the
//! corners still face down, and stops at the first finished route, or
//! after `limit` positions with the best partial route.
//! A route that needs two more penalties is never worth taking: stopping
//! where you stand scores 15, finishing with them 20. So the search looks
//! only at routes with at most one more, which also bounds it.

use std::cmp::Reverse;
use std::collections::BTreeMap;

use serde::Serialize;

use super::super::setup::{BARREL_COLS, BARREL_ROWS, Cell, WHACK_CORNERS, cell_name};
use crate::games::compass::Dir;
use crate::pieces::Rank;

pub const PENALTY: u32 = 10;
/// Positions the search may look at before it gives its best partial route.
pub const DEFAULT_LIMIT: usize = 3_000_000;

const CELLS: usize = BARREL_ROWS * BARREL_COLS;

fn index((r, c): Cell) -> usize {
    r * BARREL_COLS + c
}

fn cell(i: usize) -> Cell {
    (i / BARREL_COLS, i % BARREL_COLS)
}

/// `n` spaces toward `dir`, wrapping round the edges.
fn travel((r, c): Cell, dir: Dir, n: usize) -> Cell {
    let (rows, cols) = (BARREL_ROWS as i64, BARREL_COLS as i64);
    let (dr, dc) = match dir {
        Dir::N => (-1, 0),
        Dir::S => (1, 0),
        Dir::E => (0, 1),
        Dir::W => (0, -1),
    };
    let n = n as i64;
    (
        (r as i64 + dr * n).rem_euclid(rows) as usize,
        (c as i64 + dc * n).rem_euclid(cols) as usize,
    )
}

/// The corners' bits, in the order they are activated.
fn corner_bits() -> [u32; 4] {
    WHACK_CORNERS.map(|(c, _)| 1 << index(c))
}

/// How many corners are up as a first run of the order, and whether the
/// face-up corners are exactly that run.
fn corner_state(up: u32) -> (usize, bool) {
    let bits = corner_bits();
    let run = bits.iter().take_while(|&&b| up & b != 0).count();
    let clean = bits[run..].iter().all(|&b| up & b == 0);
    (run, clean)
}

fn is_corner(i: usize) -> bool {
    corner_bits().iter().any(|&b| b == 1 << i)
}

/// One move: the way, how far, where it lands and what the flip did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Step {
    /// A walk (the coin left was face down, or the first move) or a jump.
    pub walk: bool,
    pub dir: Dir,
    pub spaces: usize,
    /// Whether it went off one edge and came back on the other.
    pub wrapped: bool,
    #[serde(serialize_with = "super::cell_ser")]
    pub to: Cell,
    /// The coin there is face up after the flip.
    pub activated: bool,
    pub penalty: bool,
}

impl Step {
    pub fn describe(&self) -> String {
        format!(
            "{} {} {}{} to {}: {}{}",
            if self.walk { "walk" } else { "jump" },
            self.dir.name(),
            self.spaces,
            if self.wrapped { " (wrapping)" } else { "" },
            cell_name(self.to),
            if self.activated { "activate" } else { "whack" },
            if self.penalty { " (+10)" } else { "" }
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WhackSolution {
    #[serde(serialize_with = "super::cell_ser")]
    pub start: Cell,
    pub complete: bool,
    pub penalties: u32,
    /// The room's score: penalties x 10, plus 15 if not complete.
    pub score: u32,
    pub route: Vec<Step>,
    /// Corners activated in order at the end of the route.
    pub corners: usize,
    /// Face-up coin values summed per column, left to right (null 0,
    /// ace 1): what sets up Trampo-Land.
    pub columns: [u32; 4],
    /// Whether the search finished (false: it gave up at its limit).
    pub exhaustive: bool,
    #[serde(skip)]
    pub positions: usize,
}

/// Where the die stands and which coins are face up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    at: u8,
    up: u32,
    /// Whether the die is still on its start square, not yet moved.
    fresh: bool,
}

impl State {
    pub fn start(at: Cell) -> State {
        State {
            at: index(at) as u8,
            up: 0,
            fresh: true,
        }
    }

    pub fn at(&self) -> Cell {
        cell(self.at as usize)
    }

    /// Corners activated in order, and whether no corner is out of turn.
    pub fn corners(&self) -> (usize, bool) {
        corner_state(self.up)
    }

    pub fn is_complete(&self) -> bool {
        self.corners() == (4, true)
    }

    pub fn is_up(&self, c: Cell) -> bool {
        self.up & (1 << index(c)) != 0
    }

    pub fn columns(&self, grid: &[Vec<Rank>]) -> [u32; 4] {
        columns(grid, self.up)
    }

    /// The move toward `dir` from here, and the state after it.
    pub fn step(&self, grid: &[Vec<Rank>], dir: Dir) -> (Step, State) {
        moves(grid, *self)
            .into_iter()
            .find(|(m, _)| m.dir == dir)
            .expect("four directions")
    }

    /// The state in 32 bits, the search's key: the face-up set (bits 0 to
    /// 23), the die's square (24 to 28), not yet moved (29).
    fn key(&self) -> u32 {
        self.up | u32::from(self.at) << 24 | u32::from(self.fresh) << 29
    }

    /// The state of a key (whatever lies above its 30 bits).
    fn from_key(k: u32) -> State {
        State {
            up: k & 0xFF_FFFF,
            at: (k >> 24 & 31) as u8,
            fresh: k >> 29 & 1 == 1,
        }
    }
}

/// The jump length a coin gives: null and ace 1.
fn jump(v: Rank) -> usize {
    (v.index() as usize).max(1)
}

/// The four moves from `s`, in clockwise order from north.
fn moves(grid: &[Vec<Rank>], s: State) -> [(Step, State); 4] {
    let here = cell(s.at as usize);
    let face_up = s.up & (1 << s.at) != 0;
    let walk = s.fresh || !face_up;
    let spaces = if walk { 1 } else { jump(grid[here.0][here.1]) };
    Dir::CLOCKWISE.map(|dir| {
        let to = travel(here, dir, spaces);
        let i = index(to);
        let up = s.up ^ (1 << i);
        let activated = up & (1 << i) != 0;
        let penalty = is_corner(i) && !corner_state(up).1;
        let straight = match dir {
            Dir::N => here.0 >= spaces,
            Dir::S => here.0 + spaces < BARREL_ROWS,
            Dir::E => here.1 + spaces < BARREL_COLS,
            Dir::W => here.1 >= spaces,
        };
        (
            Step {
                walk,
                dir,
                spaces,
                wrapped: !straight,
                to,
                activated,
                penalty,
            },
            State {
                at: i as u8,
                up,
                fresh: false,
            },
        )
    })
}

/// Column sums of the face-up coins.
fn columns(grid: &[Vec<Rank>], up: u32) -> [u32; 4] {
    let mut sums = [0; 4];
    for i in 0..CELLS {
        if up & (1 << i) != 0 {
            let (r, c) = cell(i);
            sums[c] += grid[r][c].index() as u32;
        }
    }
    sums
}

/// Solve from one start square, looking at no more than `limit` positions.
pub fn solve(grid: &[Vec<Rank>], start: Cell, limit: usize) -> WhackSolution {
    solve_starts(grid, &[start], limit)
}

/// The best of up to four start squares: the lowest score, then the
/// shortest route, then the first square given. The squares are searched
/// side by side, one cost at a time, so none is searched past the cost of
/// a route another has found. The side-by-side search shares one limit
/// among the squares; when it reaches it before its answer is proved,
/// each square is searched again alone, with the whole limit, for a
/// route that beats the best found so far. (58Z1MG's board: side by side
/// the search stopped at 3 million positions with a 10-point route and
/// called it exhaustive; alone, r3c2 finishes with none.)
pub fn solve_starts(grid: &[Vec<Rank>], starts: &[Cell], limit: usize) -> WhackSolution {
    let firsts: Vec<State> = starts.iter().map(|&c| State::start(c)).collect();
    let (together, _) = search(grid, &firsts, 0, limit, None);
    let mut best = together.expect("a search without a bound answers");
    if best.exhaustive || firsts.len() == 1 {
        return best;
    }
    let mut exhaustive = true;
    for first in &firsts {
        let bound = best
            .complete
            .then_some((best.penalties, best.route.len() as u32));
        let (alone, proved) = search(grid, &[*first], 0, limit, bound);
        exhaustive &= proved;
        if let Some(s) = alone
            && (s.score, s.route.len()) < (best.score, best.route.len())
        {
            best = s;
        }
    }
    best.exhaustive = exhaustive;
    best
}

/// Solve from a position part way through, `penalties` already scored.
pub fn solve_from(grid: &[Vec<Rank>], first: State, penalties: u32, limit: usize) -> WhackSolution {
    search(grid, &[first], penalties, limit, None)
        .0
        .expect("a search without a bound answers")
}

type Keyed<V> = crate::games::key_hash::Keyed<u32, V>;

/// A route's cost so far: penalties, then moves.
type Cost = (u32, u32);

/// A* on (penalties, moves) from each of `firsts` at once, looking at no
/// more than `limit` positions in all: positions are taken in order of
/// their cost so far plus the corners still face down (each must be
/// landed on), so no position that cannot lead to a finish as cheap as
/// the best is looked at. (As plain Dijkstra the hardest of 200 random
/// grids took 1.2 s to prove and another ran out of its 3 million
/// positions; A* proves both, the slowest grade in 0.46 s. Searched one
/// start after another, the worst grid known took 9.7 s.) A position is
/// settled when it is taken from the queue, not when first reached: a
/// route with a penalty, or one heading for a corner, can reach a
/// position before a cheaper one. A finished position is noticed when it
/// is reached, and the search stops once nothing left in the queue could
/// reach one as cheaply.
///
/// A key carries, above the state's 30 bits, which of `firsts` it came
/// from, so the searches share one queue and one table but never a route;
/// each cost's positions are taken in the order of `firsts`, so among
/// equal routes the first square's wins.
///
/// With a `bound`, only a finished route cheaper than it is wanted: `None`
/// when there is none. The second value says whether the answer is
/// proved: no position was left unexpanded for the limit.
fn search(
    grid: &[Vec<Rank>],
    firsts: &[State],
    penalties: u32,
    limit: usize,
    bound: Option<Cost>,
) -> (Option<WhackSolution>, bool) {
    assert!(
        (1..=4).contains(&firsts.len()),
        "one to four starts: two bits of a key"
    );
    let source = |k: u32| (k >> 30) as usize;
    // Each position's best cost and the position it came from (itself for
    // a first).
    let mut best: Keyed<(Cost, u32)> = Keyed::default();
    // A bound on the moves left: each corner still face down must be
    // landed on, and a move flips one coin, so it falls by at most one a
    // move. Positions are taken in order of cost so far plus it (A*), so
    // the search looks past a finish's cost at no position.
    let corners = corner_bits().iter().fold(0, |all, b| all | b);
    let ahead = |k: u32| 4 - (State::from_key(k).up & corners).count_ones();
    // Positions waiting, by cost so far plus `ahead`.
    let mut queue: BTreeMap<Cost, Vec<u32>> = BTreeMap::new();
    for (i, first) in firsts.iter().enumerate() {
        let k = first.key() | (i as u32) << 30;
        best.insert(k, ((0, 0), k));
        queue.entry((0, ahead(k))).or_default().push(k);
    }
    // The best partial: most corners in order, then fewest penalties.
    let mut partial = (0usize, Reverse(0), firsts[0].key());
    let mut done: Option<(Cost, u32)> = firsts
        .iter()
        .enumerate()
        .find(|(_, f)| f.is_complete())
        .map(|(i, f)| ((0, 0), f.key() | (i as u32) << 30));
    // Whether a position was left unexpanded for the limit: then a route
    // found is the best of those looked at, not proved the best.
    let mut cut = false;
    while let Some(((pen, f), mut keys)) = queue.pop_first() {
        // Everything left costs at least (pen, f): past a finish found, or
        // at the bound, there is nothing more to find.
        match (done, bound) {
            (Some((c, _)), _) if c < (pen, f) => break,
            (None, Some(b)) if b <= (pen, f) => break,
            _ => {}
        }
        // Reached more cheaply since it was queued: it was taken then.
        keys.retain(|&k| {
            let g = best[&k].0;
            (g.0, g.1 + ahead(k)) == (pen, f)
        });
        // A position reached without a penalty after one reached with one
        // joins this cost's list behind it: put the firsts' order back.
        keys.sort_by_key(|&k| source(k));
        // A finish one move from these: a position one move from one has
        // one corner down, so its finishes cost exactly (pen, f), and all
        // of them are found at this cost; among them the first square's
        // wins.
        for &k in &keys {
            let g = best[&k].0;
            for (step, t) in moves(grid, State::from_key(k)) {
                let cost = (g.0 + u32::from(step.penalty), g.1 + 1);
                let t_key = t.key() | k & 3 << 30;
                let better = match done {
                    Some((c, d)) => (cost, source(t_key)) < (c, source(d)),
                    None => bound.is_none_or(|b| cost < b),
                };
                if t.is_complete() && cost.0 <= 1 && better {
                    best.insert(t_key, (cost, k));
                    done = Some((cost, t_key));
                }
            }
        }
        for k in keys {
            let g = best[&k].0;
            let s = State::from_key(k);
            let (run, clean) = corner_state(s.up);
            if clean && (run, Reverse(g.0)) > (partial.0, partial.1) {
                partial = (run, Reverse(g.0), k);
            }
            if best.len() >= limit {
                cut = true;
                continue;
            }
            for (step, t) in moves(grid, s) {
                let cost = (g.0 + u32::from(step.penalty), g.1 + 1);
                // Finishes were all seen above.
                if cost.0 > 1 || t.is_complete() {
                    continue;
                }
                let t_key = t.key() | k & 3 << 30;
                let at_least = (cost.0, cost.1 + ahead(t_key));
                // Past a finish found (one as cheap may still be the
                // first square's), or no cheaper than the bound.
                let hopeless = match done {
                    Some((c, _)) => c < at_least,
                    None => bound.is_some_and(|b| b <= at_least),
                };
                if hopeless || best.get(&t_key).is_some_and(|(c, _)| *c <= cost) {
                    continue;
                }
                best.insert(t_key, (cost, k));
                queue.entry(at_least).or_default().push(t_key);
            }
        }
    }
    let (end, complete) = match done {
        Some((_, k)) => (k, true),
        None if bound.is_some() => return (None, !cut),
        None => (partial.2, false),
    };
    let mut keys = vec![end];
    while let Some(&(_, from)) = best.get(keys.last().expect("one key"))
        && from != *keys.last().expect("one key")
    {
        keys.push(from);
    }
    keys.reverse();
    let route: Vec<Step> = keys
        .windows(2)
        .map(|w| {
            let (from, to) = (State::from_key(w[0]), State::from_key(w[1]));
            moves(grid, from)
                .into_iter()
                .find(|(_, t)| *t == to)
                .expect("each position was reached by a move")
                .0
        })
        .collect();
    let end = State::from_key(end);
    let penalties = penalties + route.iter().filter(|s| s.penalty).count() as u32;
    let solution = WhackSolution {
        start: firsts[source(keys[0])].at(),
        complete,
        penalties,
        score: penalties * PENALTY + if complete { 0 } else { 15 },
        corners: corner_state(end.up).0,
        columns: columns(grid, end.up),
        route,
        exhaustive: !cut,
        positions: best.len(),
    };
    (Some(solution), !cut)
}

/// Replay a route from a start: each move the length the rules give, in
/// the direction said, landing where it says. Returns the face-up set.
pub fn replay(grid: &[Vec<Rank>], start: Cell, route: &[Step]) -> Result<(u32, u32), usize> {
    let mut s = State {
        at: index(start) as u8,
        up: 0,
        fresh: true,
    };
    let mut penalties = 0;
    for (i, step) in route.iter().enumerate() {
        let (legal, next) = moves(grid, s)
            .into_iter()
            .find(|(m, _)| m.dir == step.dir)
            .expect("four directions");
        if legal != *step {
            return Err(i);
        }
        penalties += u32::from(legal.penalty);
        s = next;
    }
    Ok((s.up, penalties))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &str) -> Vec<Vec<Rank>> {
        rows.split('/')
            .map(|r| r.split_whitespace().map(|v| v.parse().unwrap()).collect())
            .collect()
    }

    #[test]
    fn jumps_wrap_round_the_edges() {
        assert_eq!(travel((0, 3), Dir::E, 2), (0, 1));
        assert_eq!(travel((0, 0), Dir::N, 1), (5, 0));
        assert_eq!(travel((2, 1), Dir::W, 5), (2, 0));
    }

    #[test]
    fn corner_flips_out_of_order_cost_ten() {
        let nw = 1 << index((0, 0));
        let sw = 1 << index((5, 0));
        assert_eq!(corner_state(nw), (1, true));
        assert_eq!(corner_state(nw | sw), (1, false));
        assert_eq!(corner_state(sw), (0, false));
    }

    /// A plain Dijkstra over (penalties, moves) from one start, each
    /// position settled when taken from the queue, up to one penalty
    /// (stopping scores better than two): the cost of the cheapest finish.
    fn reference(g: &[Vec<Rank>], start: Cell) -> Option<Cost> {
        let first = State::start(start);
        let mut settled = std::collections::HashSet::new();
        let mut heap = std::collections::BinaryHeap::new();
        heap.push(Reverse(((0, 0), first)));
        while let Some(Reverse((cost, s))) = heap.pop() {
            if !settled.insert(s) {
                continue;
            }
            if s.is_complete() {
                return Some(cost);
            }
            for (step, t) in moves(g, s) {
                let c = (cost.0 + u32::from(step.penalty), cost.1 + 1);
                if c.0 <= 1 && !settled.contains(&t) {
                    heap.push(Reverse((c, t)));
                }
            }
        }
        None
    }

    /// On seeded deals, from each start alone and from all four together,
    /// the search finds what the plain one does, and its route replays.
    #[test]
    fn agrees_with_a_plain_search() {
        use crate::games::funhouse::setup::{WHACK_STARTS, barrels};
        use crate::pieces::Piece;
        use crate::random::TableRng;
        let mut finished = 0;
        let seeds = crate::proof_sample(3, 12) as u64;
        for seed in 0..seeds {
            let mut coins: Vec<Rank> = Piece::all().into_iter().map(|p| p.rank).collect();
            TableRng::new(seed).shuffle(&mut coins);
            let g = barrels(&coins).grid;
            let mut each = Vec::new();
            for (i, &start) in WHACK_STARTS.iter().enumerate() {
                let want = reference(&g, start);
                let got = solve(&g, start, DEFAULT_LIMIT);
                assert!(got.exhaustive, "seed {seed}");
                assert_eq!(
                    got.complete
                        .then_some((got.penalties, got.route.len() as u32)),
                    want,
                    "seed {seed} start {start:?}"
                );
                let (up, penalties) = replay(&g, start, &got.route).expect("replays");
                assert_eq!(penalties, got.penalties);
                assert_eq!(corner_state(up) == (4, true), got.complete);
                finished += usize::from(got.complete);
                each.push((got.score, got.route.len(), i));
            }
            let all = solve_starts(&g, &WHACK_STARTS, DEFAULT_LIMIT);
            let (score, len, i) = each.into_iter().min().expect("four starts");
            assert_eq!(
                (all.score, all.route.len(), all.start),
                (score, len, WHACK_STARTS[i]),
                "seed {seed}"
            );
            assert!(replay(&g, all.start, &all.route).is_ok());
        }
        // (12 seeds, four starts each: 48 searches, over 20 finished.)
        assert!(
            finished * 12 > seeds as usize * 4 * 5,
            "most deals can be finished: {finished}"
        );
    }

    #[test]
    fn a_route_with_wrap_around() {
        let g = grid("a 2 3 a / 4 5 n 2 / 3 a 2 4 / 5 n 3 a / 2 4 5 3 / a 2 n 4");
        let s = solve(&g, (2, 1), DEFAULT_LIMIT);
        assert!(s.complete, "{s:?}");
        assert_eq!(replay(&g, s.start, &s.route).map(|r| r.1), Ok(s.penalties));
        assert!(s.route.iter().any(|st| st.wrapped));
        assert_eq!(s.score, s.penalties * 10);
    }

    /// Deal 58Z1MG's board (`--seed 9039 setup barrels`): side by side,
    /// the four starts shared the limit, stopped with a 10-point route
    /// and called it exhaustive; r3c2 alone finishes with no penalty in
    /// 14 moves (#45).
    #[test]
    fn all_starts_find_what_the_best_start_finds_alone() {
        use crate::games::funhouse::setup::WHACK_STARTS;
        let g = grid("4 a 5 4 / 2 5 a 2 / n 2 n 3 / 5 3 a 2 / 3 n 4 n / a 5 3 4");
        let all = solve_starts(&g, &WHACK_STARTS, DEFAULT_LIMIT);
        assert!(all.exhaustive);
        assert_eq!((all.score, all.route.len(), all.start), (0, 14, (2, 1)));
        assert_eq!(replay(&g, all.start, &all.route).map(|r| r.1), Ok(0));
    }

    /// 80 random boards with a small limit, so the side-by-side search
    /// is often cut: every route replays to its score; a claim of
    /// exhaustive is a proof (the starts alone, and the plain search,
    /// find nothing better); all four together are never worse than a
    /// start alone that was searched to its end.
    #[test]
    fn exhaustive_is_a_proof_on_many_boards() {
        use crate::games::funhouse::setup::WHACK_STARTS;
        use crate::random::TableRng;
        const LIMIT: usize = 3_000;
        let mut proved = 0;
        // 12 boards keep the test to seconds unoptimised; 200 boards
        // (TABLEMATE_FULL_PROOFS) proved 164 when measured, every check
        // holding.
        let boards = crate::proof_sample(12, 200);
        for seed in 0..boards as u64 {
            let mut rng = TableRng::new(seed);
            let g: Vec<Vec<Rank>> = (0..BARREL_ROWS)
                .map(|_| {
                    (0..BARREL_COLS)
                        .map(|_| Rank::ALL[rng.below(6) as usize])
                        .collect()
                })
                .collect();
            let all = solve_starts(&g, &WHACK_STARTS, LIMIT);
            let (up, penalties) = replay(&g, all.start, &all.route).expect("replays");
            assert_eq!(penalties, all.penalties, "seed {seed}");
            assert_eq!(corner_state(up) == (4, true), all.complete, "seed {seed}");
            for &start in &WHACK_STARTS {
                let alone = solve(&g, start, LIMIT);
                if alone.exhaustive {
                    assert!(
                        (all.score, all.route.len()) <= (alone.score, alone.route.len()),
                        "seed {seed}: all {all:?} alone {alone:?}"
                    );
                }
                if all.exhaustive {
                    assert!(
                        (all.score, all.route.len()) <= (alone.score, alone.route.len()),
                        "seed {seed}: a proof beaten from {start:?}"
                    );
                    if let Some(cost) = reference(&g, start) {
                        assert!(
                            all.complete && (all.penalties, all.route.len() as u32) <= cost,
                            "seed {seed}: the plain search beats a proof from {start:?}"
                        );
                    }
                }
            }
            proved += usize::from(all.exhaustive);
        }
        // Four boards in five are proved: most of the sample is a proof.
        assert!(
            proved * 10 > boards * 6,
            "boards proved: {proved} of {boards}"
        );
    }
}
