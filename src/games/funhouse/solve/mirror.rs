//! Magic Mirror: the removal order with the lowest score, exactly.
//!
//! Only a column's front tile can be taken, so a position is how many
//! tiles each of the eight columns has lost (0 to 3): 4^8 = 65,536
//! positions, each solved once.

use crate::games::error::GameError;
use serde::Serialize;

use super::super::score::Kinship;
use crate::pieces::Piece;

/// Points for each tile left on the counted side.
pub const STRANGER: u32 = 3;

/// One pair taken: the upper tile, the lower tile, their columns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pair {
    pub upper: Piece,
    pub lower: Piece,
    /// Columns 1..4, as the player counts them.
    pub upper_column: usize,
    pub lower_column: usize,
    #[serde(serialize_with = "kin_name")]
    pub kin: Kinship,
}

fn kin_name<S: serde::Serializer>(k: &Kinship, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(k.name())
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MirrorSolution {
    pub pairs: Vec<Pair>,
    /// The tiles left above and below the mirror (as many on each side).
    pub left_upper: Vec<Piece>,
    pub left_lower: Vec<Piece>,
    pub score: u32,
}

impl MirrorSolution {
    /// The words `score mirror` takes for this line of play.
    pub fn score_inputs(&self) -> Vec<String> {
        self.pairs
            .iter()
            .map(|p| format!("{}+{}", p.upper, p.lower))
            .chain(std::iter::once("left".to_string()))
            .chain(self.left_upper.iter().map(Piece::to_string))
            .collect()
    }
}

/// The tiles of each column in the order they come to the mirror: for
/// the upper grid its bottom row first, for the lower its top row.
fn columns(upper: &[Vec<Piece>], lower: &[Vec<Piece>]) -> [Vec<Piece>; 8] {
    let mut cols: [Vec<Piece>; 8] = Default::default();
    for (c, col) in cols.iter_mut().enumerate() {
        *col = if c < 4 {
            upper
                .iter()
                .rev()
                .filter_map(|row| row.get(c).copied())
                .collect()
        } else {
            lower
                .iter()
                .filter_map(|row| row.get(c - 4).copied())
                .collect()
        };
    }
    cols
}

/// Two bits a column: how many tiles it has lost.
fn taken(state: u16, col: usize) -> usize {
    ((state >> (2 * col)) & 3) as usize
}

fn front(cols: &[Vec<Piece>; 8], state: u16, col: usize) -> Option<Piece> {
    cols[col].get(taken(state, col)).copied()
}

/// Every pair that may be taken now, as (upper column, lower column).
fn moves(cols: &[Vec<Piece>; 8], state: u16) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..4).flat_map(move |u| {
        (4..8)
            .filter(move |&l| {
                matches!((front(cols, state, u), front(cols, state, l)),
                    (Some(a), Some(b)) if a.rank.index() + b.rank.index() == 5)
            })
            .map(move |l| (u, l))
    })
}

fn left_on_upper(cols: &[Vec<Piece>; 8], state: u16) -> u32 {
    (0..4)
        .map(|c| (cols[c].len() - taken(state, c)) as u32)
        .sum()
}

/// The best score from every position, filled in on demand.
fn best(cols: &[Vec<Piece>; 8], state: u16, memo: &mut [u32]) -> u32 {
    if memo[state as usize] != u32::MAX {
        return memo[state as usize];
    }
    let mut b = u32::MAX;
    for (u, l) in moves(cols, state) {
        let kin = pair_kin(cols, state, u, l);
        let next = state + (1 << (2 * u)) + (1 << (2 * l));
        b = b.min(kin.points() + best(cols, next, memo));
    }
    // No pair left: the game is over and one side's tiles count.
    if b == u32::MAX {
        b = STRANGER * left_on_upper(cols, state);
    }
    memo[state as usize] = b;
    b
}

fn pair_kin(cols: &[Vec<Piece>; 8], state: u16, u: usize, l: usize) -> Kinship {
    let (a, b) = (front(cols, state, u), front(cols, state, l));
    Kinship::of(a.expect("front").suit, b.expect("front").suit)
}

/// Solve two 4x3 grids (upper laid first, its bottom row at the mirror).
pub fn solve(upper: &[Vec<Piece>], lower: &[Vec<Piece>]) -> MirrorSolution {
    Mirror::new(upper, lower).solve()
}

/// Rows of a grid part way through: None where a tile is gone.
pub type Grid = Vec<Vec<Option<Piece>>>;

/// A Magic Mirror game in progress: the columns and how many tiles each
/// has lost.
#[derive(Debug, Clone)]
pub struct Mirror {
    cols: [Vec<Piece>; 8],
    state: u16,
}

impl Mirror {
    pub fn new(upper: &[Vec<Piece>], lower: &[Vec<Piece>]) -> Mirror {
        Mirror {
            cols: columns(upper, lower),
            state: 0,
        }
    }

    /// Take a pair, the tiles in either order; refused with the rule it
    /// breaks.
    pub fn play(&mut self, a: Piece, b: Piece) -> Result<Pair, GameError> {
        let col_of = |t: Piece| (0..8).find(|&c| self.cols[c][taken(self.state, c)..].contains(&t));
        let (ca, cb) = (
            col_of(a).ok_or_else(|| GameError::rule(format!("tile {a} is not on the board")))?,
            col_of(b).ok_or_else(|| GameError::rule(format!("tile {b} is not on the board")))?,
        );
        let ((u, ut), (l, lt)) = match (ca < 4, cb < 4) {
            (true, false) => ((ca, a), (cb, b)),
            (false, true) => ((cb, b), (ca, a)),
            _ => {
                return Err(format!(
                    "{a} and {b} are on the same side: a pair is one tile from each side of the mirror"
                ).into());
            }
        };
        for (c, t) in [(u, ut), (l, lt)] {
            if front(&self.cols, self.state, c) != Some(t) {
                return Err(format!(
                    "{t} is not at the mirror: only the front tile of a column can be taken ({} is in front of it)",
                    front(&self.cols, self.state, c).expect("a column with a tile")
                ).into());
            }
        }
        let sum = ut.rank.index() + lt.rank.index();
        if sum != 5 {
            return Err(
                format!("{ut}+{lt} totals {sum}, not 5 (null counts 0: n+5, a+4, 2+3)").into(),
            );
        }
        let kin = pair_kin(&self.cols, self.state, u, l);
        self.state += (1 << (2 * u)) + (1 << (2 * l));
        Ok(Pair {
            upper: ut,
            lower: lt,
            upper_column: u + 1,
            lower_column: l - 3,
            kin,
        })
    }

    /// No pair can be taken: the game is over.
    pub fn is_over(&self) -> bool {
        moves(&self.cols, self.state).next().is_none()
    }

    /// The tiles left, upper then lower, column by column.
    pub fn left(&self) -> (Vec<Piece>, Vec<Piece>) {
        let rest = |range: std::ops::Range<usize>| -> Vec<Piece> {
            range
                .flat_map(|c| self.cols[c][taken(self.state, c)..].iter().copied())
                .collect()
        };
        (rest(0..4), rest(4..8))
    }

    /// The grids as they stand, for drawing: upper rows top first (None
    /// where a tile is gone), lower rows from the mirror down.
    pub fn grids(&self) -> (Grid, Grid) {
        let side = |range: std::ops::Range<usize>, upper: bool| -> Grid {
            (0..3)
                .map(|row| {
                    range
                        .clone()
                        .map(|c| {
                            // Row from the mirror: upper counts up from its
                            // bottom row.
                            let k = if upper { 2 - row } else { row };
                            let left = &self.cols[c][taken(self.state, c)..];
                            left.get(k).copied()
                        })
                        .collect()
                })
                .collect()
        };
        (side(0..4, true), side(4..8, false))
    }

    /// The best line from here (its score counts only what is still to
    /// come).
    pub fn solve(&self) -> MirrorSolution {
        let cols = &self.cols;
        let mut memo = vec![u32::MAX; 1 << 16];
        let score = best(cols, self.state, &mut memo);
        // Walk the best line: at each position a pair whose points plus
        // the rest's best equal this position's best (the first such, in
        // column order, so the answer is the same every time).
        let mut play = self.clone();
        let mut pairs = Vec::new();
        loop {
            let state = play.state;
            let here = best(cols, state, &mut memo);
            let Some((u, l)) = moves(cols, state).find(|&(u, l)| {
                let next = state + (1 << (2 * u)) + (1 << (2 * l));
                pair_kin(cols, state, u, l).points() + best(cols, next, &mut memo) == here
            }) else {
                break;
            };
            let (a, b) = (
                front(cols, state, u).expect("front"),
                front(cols, state, l).expect("front"),
            );
            pairs.push(play.play(a, b).expect("a pair the solver found is legal"));
        }
        let (left_upper, left_lower) = play.left();
        MirrorSolution {
            pairs,
            left_upper,
            left_lower,
            score,
        }
    }
}

/// Taking the cheapest pair in sight each time (the first such): what a
/// hurried player does, for comparison in tests.
#[cfg(test)]
pub fn greedy(upper: &[Vec<Piece>], lower: &[Vec<Piece>]) -> u32 {
    let cols = columns(upper, lower);
    let mut state = 0u16;
    let mut score = 0;
    while let Some((u, l)) =
        moves(&cols, state).min_by_key(|&(u, l)| pair_kin(&cols, state, u, l).points())
    {
        score += pair_kin(&cols, state, u, l).points();
        state += (1 << (2 * u)) + (1 << (2 * l));
    }
    score + STRANGER * left_on_upper(&cols, state)
}

/// Check a line of play against the rules: each pair's tiles at the front
/// of their columns and summing to 5. Returns the score it reaches.
pub fn replay(upper: &[Vec<Piece>], lower: &[Vec<Piece>], pairs: &[Pair]) -> Result<u32, usize> {
    let cols = columns(upper, lower);
    let mut state = 0u16;
    let mut score = 0;
    for (i, p) in pairs.iter().enumerate() {
        let (u, l) = (p.upper_column.wrapping_sub(1), p.lower_column + 3);
        if u >= 4 || !(4..8).contains(&l) {
            return Err(i);
        }
        if front(&cols, state, u) != Some(p.upper) || front(&cols, state, l) != Some(p.lower) {
            return Err(i);
        }
        if p.upper.rank.index() + p.lower.rank.index() != 5 {
            return Err(i);
        }
        score += Kinship::of(p.upper.suit, p.lower.suit).points();
        state += (1 << (2 * u)) + (1 << (2 * l));
    }
    if moves(&cols, state).next().is_some() {
        // Stopping with a pair still in sight is allowed only because it is
        // never better; a line that stops early is not a finished game.
        return Err(pairs.len());
    }
    Ok(score + STRANGER * left_on_upper(&cols, state))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::TableRng;

    pub(crate) fn rows(s: &str) -> Vec<Vec<Piece>> {
        s.split('/')
            .map(|r| r.split_whitespace().map(|t| t.parse().unwrap()).collect())
            .collect()
    }

    #[test]
    fn a_position_worked_by_hand() {
        // Each upper column is one suit, n a 2 from the mirror back; the
        // lower column below it the same suit, 5 4 3 from the mirror: every
        // front pair sums to 5 in one suit, so all twelve go as Identical
        // Twins and the score is 0.
        let upper = rows("S2 M2 C2 A2 / Sa Ma Ca Aa / Sn Mn Cn An");
        let lower = rows("S5 M5 C5 A5 / S4 M4 C4 A4 / S3 M3 C3 A3");
        let s = solve(&upper, &lower);
        assert_eq!(s.score, 0);
        assert_eq!(s.pairs.len(), 12);
        assert!(s.pairs.iter().all(|p| p.kin == Kinship::Twins));
        assert_eq!(replay(&upper, &lower, &s.pairs), Ok(0));
        // Pairs need not face each other: with the lower Suns and Moons
        // columns swapped, every pair is still a twin, across columns.
        let lower = rows("M5 S5 C5 A5 / M4 S4 C4 A4 / M3 S3 C3 A3");
        let s = solve(&upper, &lower);
        assert_eq!(s.score, 0);
        assert_eq!(replay(&upper, &lower, &s.pairs), Ok(0));
    }

    #[test]
    fn greedy_play_is_not_always_best() {
        let (upper, lower) = GREEDY_LOSES;
        let (upper, lower) = (rows(upper), rows(lower));
        let s = solve(&upper, &lower);
        assert_eq!(replay(&upper, &lower, &s.pairs), Ok(s.score));
        assert!(s.score < greedy(&upper, &lower), "{s:?}");
    }

    const GREEDY_LOSES: (&str, &str) = (
        "M5 A2 A3 Ma / M4 Mn S2 S5 / Sn A5 Ca S4",
        "An Cn C2 M3 / M2 A4 C4 S3 / C3 Aa Sa C5",
    );

    #[test]
    fn the_solver_is_never_beaten_by_greedy() {
        for seed in 0..200 {
            let mut rng = TableRng::new(seed);
            let mut tiles = Piece::all();
            rng.shuffle(&mut tiles);
            let g = |s: &[Piece]| s.chunks(4).map(<[Piece]>::to_vec).collect::<Vec<_>>();
            let (upper, lower) = (g(&tiles[..12]), g(&tiles[12..]));
            let s = solve(&upper, &lower);
            assert_eq!(replay(&upper, &lower, &s.pairs), Ok(s.score), "seed {seed}");
            assert!(s.score <= greedy(&upper, &lower), "seed {seed}");
        }
    }
}
