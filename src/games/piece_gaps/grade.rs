//! How hard a Piece Gaps tableau is, from the search: how many of the
//! moves allowed at each step of a winning line stay clear of a dead end
//! (a tableau a short walk proves lost), how far random play brings the
//! tiles home, and how many steps are narrow (a third or fewer of the
//! moves stay clear). A dead end stands for a lost choice: proving a
//! move lost where a left end is free can take millions of tableaux,
//! and a trap the player walks into is most often a near one.

use serde::Serialize;

use super::solve::{QUICK, Search};
use super::tableau::{AfterGap, Move, TILES, Tableau};
use crate::games::grading::{self, Level};
use crate::random::TableRng;

/// The points' quartiles over 400 winnable deals (`gaps_quartiles`):
/// about a quarter of them at each level.
pub const QUARTILES: [u32; 3] = [32, 35, 37];
/// The walk that looks for a dead end after each move.
const NEAR: usize = 40;
/// Narrow steps counted in full.
const FULL: usize = 8;
/// Random lines tried, and the moves each may make (play can go round
/// in circles).
const LINES: usize = 100;
const LONGEST: usize = 60;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GapsGrade {
    pub level: Level,
    pub points: u32,
    /// The share of moves along the winning line that stay clear of a
    /// dead end.
    pub keeping: f64,
    /// How far random lines get: the share of the tiles they bring home.
    pub random: f64,
    /// Steps of the line where a third or fewer of the moves keep it.
    pub narrow: usize,
    /// The winning line graded.
    #[serde(skip)]
    pub line: Vec<Move>,
}

/// The grade from `t` (`None`: no win found, or none to find).
pub fn grade(t: &Tableau, rule: AfterGap) -> Option<GapsGrade> {
    let mut search = Search::within(rule, QUICK);
    let line = search.line(t)?;
    let mut at = *t;
    let (keeping, narrow) = grading::keeping(line.iter().map(|&m| {
        let moves = at.moves(rule);
        let keep = moves
            .iter()
            .filter(|&&c| {
                let mut after = at;
                after.apply(c);
                !search.lost_within(&after, NEAR)
            })
            .count();
        at.apply(m);
        (keep, moves.len())
    }));
    // Random play on a generator of its own, so a grade is the same
    // every time it is asked.
    let mut rng = TableRng::new((t.key() as u64) ^ 0x4761_7073);
    let mut home = 0.0;
    for _ in 0..LINES {
        let mut at = *t;
        for _ in 0..LONGEST {
            let moves = at.moves(rule);
            if moves.is_empty() || at.won() {
                break;
            }
            at.apply(moves[rng.below(moves.len() as u64) as usize]);
        }
        home += f64::from(at.home()) / TILES as f64;
    }
    let random = home / LINES as f64;
    let points = grading::points(keeping, random, narrow, FULL);
    Some(GapsGrade {
        level: Level::of(points, QUARTILES),
        points,
        keeping,
        random,
        narrow,
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The levels split winnable deals about in quarters, on a sample
    /// of them; `TABLEMATE_FULL_PROOFS=1 cargo test --profile profiling
    /// --lib gaps_quartiles -- --nocapture` measures `QUARTILES` again on
    /// 400 and holds them to it.
    #[test]
    fn gaps_quartiles() {
        let wanted = crate::proof_sample(16, 400);
        let mut points = Vec::new();
        let mut seed = 0;
        while points.len() < wanted {
            let mut rng = TableRng::new(seed);
            seed += 1;
            let t = Tableau::deal(|v| rng.shuffle(v));
            if let Some(g) = grade(&t, AfterGap::Nothing) {
                points.push(g.points);
            }
        }
        crate::games::grading::assert_measured("Piece Gaps", &points, QUARTILES);
    }
}
