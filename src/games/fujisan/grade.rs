//! How hard a Fuji-san position is, from the whole graph of where the
//! priests can go (`solve::Graph`): the shortest climb (par), how many of
//! its moves go down the mountain (the moves a player resists), how
//! narrow the best line is, and how often random play gets there.

use serde::Serialize;

use super::mountain::{Coins, Dice, Move, after};
use super::solve::Graph;
use crate::games::grading::{self, Level};
use crate::random::TableRng;

/// The points' quartiles over 2,000 solvable deals (seeds 0 to 2170 of
/// `fujisan_quartiles`, 171 of them with no way up): about a quarter of
/// deals at each level.
pub const QUARTILES: [u32; 3] = [60, 70, 75];
/// A climb this long or longer counts in full.
const FULL: usize = 40;
/// Random lines tried, and the moves each may take.
const LINES: usize = 200;
const LINE_MOVES: usize = 120;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FujiGrade {
    pub level: Level,
    pub points: u32,
    /// Fewest moves to the summit.
    pub par: u32,
    /// Moves of that line that leave a priest lower.
    pub downhill: usize,
    /// The share of moves along the line that keep the best.
    pub keeping: f64,
    /// The share of random lines that reach the summit.
    pub random: f64,
    /// The line itself.
    pub line: Vec<Move>,
}

/// The grade from `from` (`None`: the summit cannot be reached).
pub fn grade(coins: &Coins, dice: &Dice, from: u32) -> Option<FujiGrade> {
    let g = Graph::of(coins, dice, from);
    let line = g.shortest()?;
    let par = g.par()?;
    let mut at = from;
    let mut keeping = 0.0;
    for &m in &line {
        let choices = g.choices(at);
        let left = g.to_go(at)?;
        let best = choices.iter().filter(|(_, d)| *d == Some(left - 1)).count();
        keeping += best as f64 / choices.len() as f64;
        at = after(at, m);
    }
    keeping = if line.is_empty() {
        1.0
    } else {
        keeping / line.len() as f64
    };
    // Random play on a generator of its own, so a grade is the same
    // every time it is asked.
    let mut rng = TableRng::new(u64::from(from) ^ 0x4675_6a69);
    let mut reached = 0;
    for _ in 0..LINES {
        // By the walk's indices (0: `from`), the moves in the order
        // `choices` gives them.
        let mut at = 0;
        for _ in 0..LINE_MOVES {
            if g.to_go_of(at) == Some(0) {
                break;
            }
            let next = g.next_of(at);
            if next.is_empty() {
                break;
            }
            at = next[rng.below(next.len() as u64) as usize].1;
        }
        reached += usize::from(g.to_go_of(at) == Some(0));
    }
    let random = reached as f64 / LINES as f64;
    let downhill = line.iter().filter(|m| m.goes_down()).count();
    // A move down counts twice: it is the move a climber does not see.
    let points = grading::points(keeping, random, line.len() + downhill, FULL);
    Some(FujiGrade {
        level: Level::of(points, QUARTILES),
        points,
        par,
        downhill,
        keeping,
        random,
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::super::mountain::START;
    use super::super::play::FujiGame;
    use super::*;

    #[test]
    fn the_published_cases_grade() {
        let c = Coins::parse("44452n24n3aa/a25335325ann").unwrap();
        let g = grade(&c, &Dice::parse("nn/nn").unwrap(), START).unwrap();
        assert_eq!(g.par, 27);
        assert_eq!(g.line.len(), 27);
        assert!(g.downhill > 0);
        let c = Coins::parse("235334140030554141221205").unwrap();
        assert_eq!(grade(&c, &Dice::parse("nn/nn").unwrap(), START), None);
    }

    /// The levels split deals about in quarters, on 24 solvable deals;
    /// `TABLEMATE_FULL_PROOFS=1 cargo test --profile profiling --lib
    /// fujisan_quartiles -- --nocapture` measures `QUARTILES` again on
    /// 2,000 and holds them to the measurement.
    #[test]
    fn fujisan_quartiles() {
        let wanted = crate::proof_sample(24, 2000);
        let mut points = Vec::new();
        let mut seed = 0;
        while points.len() < wanted {
            let mut rng = TableRng::new(seed);
            seed += 1;
            let FujiGame { coins, dice, .. } = FujiGame::deal(&mut rng);
            if let Some(g) = grade(&coins, &dice, START) {
                points.push(g.points);
            }
        }
        crate::games::grading::assert_quarters("Fuji-san", &points, QUARTILES);
        points.sort();
        let q = |f: usize| points[points.len() * f / 4];
        println!(
            "{seed} deals, {} solvable: quartiles {} {} {}",
            points.len(),
            q(1),
            q(2),
            q(3)
        );
        if crate::full_proofs() {
            assert_eq!([q(1), q(2), q(3)], QUARTILES);
        }
    }
}
