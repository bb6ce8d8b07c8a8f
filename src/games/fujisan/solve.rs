//! Fuji-san solved exactly: every position the priests can reach from one
//! is a set of four of the 28 spaces, so the whole graph (at most 20,475
//! sets) is walked breadth first, and each set's distance to the summit
//! is known. A deal with no path is proved unwinnable by that walk.

use crate::games::key_hash::Keyed;

use super::mountain::{Coins, Dice, Move, SUMMIT, after, moves};

/// Everything reachable from a position, with each set's fewest moves
/// to the summit (`None`: the summit cannot be reached from it).
pub struct Graph {
    index: Keyed<u32, usize>,
    sets: Vec<u32>,
    next: Vec<Vec<(Move, usize)>>,
    to_go: Vec<Option<u32>>,
    /// The fewest moves down the mountain on a shortest line from each
    /// set (`None`: no line), so the line the grade counts is the one
    /// with the fewest, not whichever the walk met first (#78).
    downs: Vec<Option<u32>>,
}

impl Graph {
    /// Walk every set reachable from `from`.
    pub fn of(coins: &Coins, dice: &Dice, from: u32) -> Graph {
        let mut g = Graph {
            index: Keyed::from_iter([(from, 0)]),
            sets: vec![from],
            next: Vec::new(),
            to_go: Vec::new(),
            downs: Vec::new(),
        };
        let mut i = 0;
        while i < g.sets.len() {
            let set = g.sets[i];
            let mut out = Vec::new();
            if set != SUMMIT {
                for m in moves(coins, dice, set) {
                    let s = after(set, m);
                    let n = g.sets.len();
                    let j = *g.index.entry(s).or_insert(n);
                    if j == n {
                        g.sets.push(s);
                    }
                    out.push((m, j));
                }
            }
            g.next.push(out);
            i += 1;
        }
        g.distances();
        g.fewest_downs();
        g
    }

    /// Each set's fewest moves down along its shortest lines: sets taken
    /// nearest the summit first, each from the best of its shortest
    /// moves.
    fn fewest_downs(&mut self) {
        let mut order: Vec<usize> = (0..self.sets.len())
            .filter(|&i| self.to_go[i].is_some())
            .collect();
        order.sort_by_key(|&i| self.to_go[i]);
        self.downs = vec![None; self.sets.len()];
        for i in order {
            let left = self.to_go[i].unwrap_or_default();
            self.downs[i] = if left == 0 {
                Some(0)
            } else {
                self.next[i]
                    .iter()
                    .filter(|&&(_, j)| self.to_go[j] == Some(left - 1))
                    .filter_map(|&(m, j)| Some(self.downs[j]? + u32::from(m.goes_down())))
                    .min()
            };
        }
    }

    /// Backwards from the summit, breadth first over the reversed moves.
    fn distances(&mut self) {
        let mut back: Vec<Vec<usize>> = vec![Vec::new(); self.sets.len()];
        for (i, out) in self.next.iter().enumerate() {
            for &(_, j) in out {
                back[j].push(i);
            }
        }
        self.to_go = vec![None; self.sets.len()];
        let Some(&goal) = self.index.get(&SUMMIT) else {
            return;
        };
        self.to_go[goal] = Some(0);
        let mut queue = std::collections::VecDeque::from([goal]);
        while let Some(j) = queue.pop_front() {
            let d = self.to_go[j].unwrap_or_default() + 1;
            for &i in &back[j] {
                if self.to_go[i].is_none() {
                    self.to_go[i] = Some(d);
                    queue.push_back(i);
                }
            }
        }
    }

    /// How many sets the walk found.
    pub fn reached(&self) -> usize {
        self.sets.len()
    }

    /// Fewest moves to the summit from the set the walk began at.
    pub fn par(&self) -> Option<u32> {
        self.to_go[0]
    }

    /// Fewest moves to the summit from `set` (one the walk reached).
    pub fn to_go(&self, set: u32) -> Option<u32> {
        self.to_go[*self.index.get(&set)?]
    }

    /// The moves from the walk's `i`th set (0: where it began), each with
    /// the index of the set it leads to: random play walks the graph by
    /// index, with no set to look up.
    pub fn next_of(&self, i: usize) -> &[(Move, usize)] {
        &self.next[i]
    }

    /// Fewest moves to the summit from the walk's `i`th set.
    pub fn to_go_of(&self, i: usize) -> Option<u32> {
        self.to_go[i]
    }

    /// The moves from `set` and what each leaves to go.
    pub fn choices(&self, set: u32) -> Vec<(Move, Option<u32>)> {
        self.index.get(&set).map_or_else(Vec::new, |&i| {
            self.next[i]
                .iter()
                .map(|&(m, j)| (m, self.to_go[j]))
                .collect()
        })
    }

    /// A shortest path from the start with the fewest moves down among
    /// them, first such move each time (the order `moves` lists them, so
    /// the same deal always gives the same line).
    pub fn shortest(&self) -> Option<Vec<Move>> {
        let mut at = 0;
        let mut line = Vec::new();
        let mut left = self.to_go[0]?;
        while left > 0 {
            let downs = self.downs[at]?;
            let &(m, j) = self.next[at].iter().find(|&&(m, j)| {
                self.to_go[j] == Some(left - 1)
                    && self.downs[j].map(|d| d + u32::from(m.goes_down())) == Some(downs)
            })?;
            line.push(m);
            at = j;
            left -= 1;
        }
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::super::mountain::{COLS, START, Space};
    use super::super::play::FujiGame;
    use super::*;
    use crate::random::TableRng;

    fn graph(coins: &str, dice: &str) -> Graph {
        Graph::of(
            &Coins::parse(coins).unwrap(),
            &Dice::parse(dice).unwrap(),
            START,
        )
    }

    /// The three cases of ppgames' own tests of its solver.
    #[test]
    fn the_published_cases() {
        let g = graph("235334140030554141221205", "0000");
        assert_eq!(g.par(), None);
        assert_eq!(g.shortest(), None);
        let g = graph("2nnna244naa5/335a45235432", "a2/55");
        assert_eq!(g.par(), Some(12));
        let line = g.shortest().unwrap();
        assert_eq!(line.len(), 12);
        let g = graph("44452n24n3aa/a25335325ann", "nn/nn");
        assert_eq!(g.par(), Some(27));
        // Its line replays to the summit, move by move, legally.
        let coins = Coins::parse("44452n24n3aa/a25335325ann").unwrap();
        let dice = Dice::parse("nn/nn").unwrap();
        let mut at = START;
        for m in g.shortest().unwrap() {
            assert!(moves(&coins, &dice, at).contains(&m), "{m}");
            at = after(at, m);
        }
        assert_eq!(at, SUMMIT);
    }

    /// ppgames' saved line for puzzle 2 is legal and as short as ours.
    #[test]
    fn ppgames_line_for_puzzle_two_replays() {
        let line = "a1-b1 n2-k2 b1-e1 e1-j1 j1-j2 j2-l2 k2-m2 m2-m1 l2-l1 n1-k1 m1-i1 i1-d1 d1-d2 l1-i1 i1-i2 k1-k2 k2-e2 i2-c2 a2-f2 e2-h2 h2-g2 c2-h2 h2-h1 d2-h2 f2-b2 b2-b1 b1-g1";
        let coins = Coins::parse("44452n24n3aa/a25335325ann").unwrap();
        let dice = Dice::parse("nn/nn").unwrap();
        let mut at = START;
        for w in line.split(' ') {
            let m = Move::parse(w).unwrap();
            assert!(moves(&coins, &dice, at).contains(&m), "{m}");
            at = after(at, m);
        }
        assert_eq!(at, SUMMIT);
    }

    /// A plain search, written apart from the graph: breadth first, the
    /// positions as four sorted spaces, every
    /// move worked out again from the rules' words.
    fn plain(coins: &Coins, dice: &Dice) -> Option<u32> {
        fn step(coins: &Coins, dice: &Dice, at: [u8; 4]) -> Vec<[u8; 4]> {
            let taken = |s: u8| at.contains(&s);
            let mut out = Vec::new();
            let moved = |from: u8, to: u8| {
                let mut n = at.map(|s| if s == from { to } else { s });
                n.sort();
                n
            };
            for &s in &at {
                let (row, col) = (s / COLS, s % COLS);
                let other = (1 - row) * COLS + col;
                if (1..=12).contains(&col) && !taken(other) {
                    out.push(moved(s, other));
                }
                if col == 6 || col == 7 {
                    let beside = row * COLS + 13 - col;
                    if !taken(beside) {
                        out.push(moved(s, beside));
                    }
                    continue;
                }
                for to_col in 1..=12u8 {
                    let to = row * COLS + to_col;
                    if to_col == col || taken(to) {
                        continue;
                    }
                    let (lo, hi) = (col.min(to_col), col.max(to_col));
                    let empties = (lo..=hi)
                        .filter(|&c| c != col && !taken(row * COLS + c))
                        .count();
                    let v = coins.at(Space::new(row, to_col)).unwrap() as usize;
                    if v > 0 && empties == v {
                        out.push(moved(s, to));
                    }
                }
            }
            if out.is_empty() && at == [0, 13, 14, 27] {
                for (k, &from) in at.iter().enumerate() {
                    let d = dice.0[k] as u8;
                    if d > 0 {
                        out.push(moved(
                            from,
                            if from % COLS == 0 { from + d } else { from - d },
                        ));
                    }
                }
            }
            out
        }
        // Breadth first until the summit or nothing new: exhaustive.
        let mut seen = std::collections::HashSet::from([[0, 13, 14, 27]]);
        let mut ring = vec![[0u8, 13, 14, 27]];
        for depth in 0.. {
            if ring.contains(&[6, 7, 20, 21]) {
                return Some(depth);
            }
            ring = ring
                .iter()
                .flat_map(|&at| step(coins, dice, at))
                .filter(|n| seen.insert(*n))
                .collect();
            if ring.is_empty() {
                return None;
            }
        }
        None
    }

    /// The line's moves down are the fewest of any shortest line (#78:
    /// in 26 of 84 deals another shortest line had fewer), against a
    /// search written apart: Dijkstra from the start over the rules'
    /// moves, a move costing 1,000 and a move down one more, so the least
    /// cost is par and then the fewest moves down.
    #[test]
    fn the_line_goes_down_the_fewest_times_of_any_shortest_line() {
        let mut rng = TableRng::new(78);
        let mut differ = 0;
        for _ in 0..crate::proof_sample(12, 120) {
            let FujiGame { coins, dice, .. } = FujiGame::deal(&mut rng);
            let g = Graph::of(&coins, &dice, START);
            let Some(line) = g.shortest() else { continue };
            let mut best = std::collections::HashMap::from([(START, 0u32)]);
            let mut queue = std::collections::BinaryHeap::from([std::cmp::Reverse((0u32, START))]);
            let mut summit = None;
            while let Some(std::cmp::Reverse((cost, at))) = queue.pop() {
                if best.get(&at).is_some_and(|&b| b < cost) {
                    continue;
                }
                if at == SUMMIT {
                    summit = Some(cost);
                    break;
                }
                for m in moves(&coins, &dice, at) {
                    let (to, c) = (after(at, m), cost + 1000 + u32::from(m.goes_down()));
                    if best.get(&to).is_none_or(|&b| c < b) {
                        best.insert(to, c);
                        queue.push(std::cmp::Reverse((c, to)));
                    }
                }
            }
            let cost = summit.expect("the graph found a line");
            let downs = line.iter().filter(|m| m.goes_down()).count() as u32;
            assert_eq!(
                (line.len() as u32, downs),
                (cost / 1000, cost % 1000),
                "{coins} {dice}"
            );
            // The first shortest line met was not always the least down.
            let first_met = {
                let (mut at, mut n, mut left) = (0, 0, g.to_go[0].unwrap());
                while left > 0 {
                    let &(m, j) = g.next[at]
                        .iter()
                        .find(|&&(_, j)| g.to_go[j] == Some(left - 1))
                        .unwrap();
                    n += u32::from(m.goes_down());
                    at = j;
                    left -= 1;
                }
                n
            };
            differ += usize::from(first_met != downs);
        }
        // Not a test that cannot fail: some deals in the sample differ.
        assert!(differ > 0, "no deal differs");
    }

    /// The graph's par against the plain search on 20 dealt mountains
    /// (200 with TABLEMATE_FULL_PROOFS), each "no path" a proof by both.
    #[test]
    fn par_agrees_with_a_plain_search_on_dealt_mountains() {
        let mut rng = TableRng::new(61);
        let (mut solved, mut unsolved) = (0, 0);
        let deals = crate::proof_sample(20, 200);
        for _ in 0..deals {
            let FujiGame { coins, dice, .. } = FujiGame::deal(&mut rng);
            let g = Graph::of(&coins, &dice, START);
            assert_eq!(g.par(), plain(&coins, &dice), "{coins} {dice}");
            if g.par().is_some() {
                solved += 1
            } else {
                unsolved += 1
            }
        }
        // About one deal in twelve has no way up: both kinds are met.
        assert!(
            solved > deals / 2 && unsolved > deals / 40,
            "{solved} solved, {unsolved} not"
        );
    }
}
