//! How hard a Lab Rats deal is (issue #49), from its positions without
//! backing up (`solve::Positions`). The rules score no points: the rat
//! gets out or it does not, so the best a deal allows is a way out, and
//! the measures are the rooms' with "keeps par" read as "keeps a way
//! out": along a shortest way out, how many of the coins' uses open at
//! each position still leave one (and where only one does), and the
//! fewest coins out.
//!
//! The rooms' third measure, the share of random lines that reach par,
//! tells no Lab Rats deals apart: random play gets out of one deal in
//! about 100,000 tries at best (the mean over 200 deals rounds to 0.00000).
//! In its place stands the search's own size: of the positions play can
//! reach, the share that still have a way out (from 0.1% to 78% over 200
//! deals). The chance for random play is still worked out, exactly, and
//! kept in the grade's fields.
//!
//! The positions form a graph without cycles (every use spends a coin),
//! so one pass back through them gives every position's fewest coins out
//! and its chance for random play: no sampling.

use std::ops::ControlFlow;

use serde::Serialize;

use super::solve::{Positions, Step, To};
use super::square::Square;
use crate::games::grading::{self, Level};
use crate::pieces::Rank;

/// The points at the quartiles of 200 random deals with a way out
/// (`TABLEMATE_FULL_PROOFS=1 cargo test --profile profiling --lib
/// rats_quartiles -- --nocapture` measures them).
const QUARTILES: [u32; 3] = [42, 54, 71];

/// A way out of 24 coins (every coin) counts in full.
const FULL_LINE: usize = 24;

/// The measures of one position and what they add up to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatsGrade {
    pub level: Level,
    /// 0 (the easiest) to 100.
    pub points: u32,
    /// The fewest coins that take the rat out.
    pub coins: usize,
    /// Positions on that way out where exactly one use of a coin keeps a
    /// way out.
    pub narrow: usize,
    /// Of the uses open along it, the share that keep a way out.
    pub keeping: f64,
    /// The chance that random play (each use open alike) gets out.
    pub random: f64,
    /// Positions reachable from here, all weighed.
    pub positions: usize,
    /// Of those, the share that still have a way out.
    pub alive: f64,
}

/// Each position's fewest coins out (`NONE`: no way out) and chance that
/// random play gets out, filled in as they are first needed.
struct Worked {
    fewest: Vec<u8>,
    chance: Vec<f64>,
    done: Vec<bool>,
    reached: usize,
}

const NONE: u8 = u8::MAX;

impl Worked {
    /// Position `at`'s values, working out those after it first (at most
    /// 24 deep: each use spends a coin).
    fn at(&mut self, graph: &Positions, at: usize) -> (u8, f64) {
        if !self.done[at] {
            let (mut fewest, mut sum, mut open) = (NONE, 0.0, 0u32);
            graph.uses(at, |_, to| {
                open += 1;
                let (f, c) = match to {
                    To::Out => (0, 1.0),
                    To::At(next) => self.at(graph, next),
                };
                if f != NONE {
                    fewest = fewest.min(f + 1);
                }
                sum += c;
                ControlFlow::Continue(())
            });
            self.fewest[at] = fewest;
            self.chance[at] = if open == 0 {
                0.0
            } else {
                sum / f64::from(open)
            };
            self.done[at] = true;
            self.reached += 1;
        }
        (self.fewest[at], self.chance[at])
    }
}

/// Grade the rat on `rat` with `stacks` (bottom first) left; `None` when
/// there is no way out without backing up.
pub fn grade(
    squares: &[Square],
    exit: &[Square; 2],
    rat: Square,
    stacks: &[Vec<Rank>; 3],
) -> Option<RatsGrade> {
    measure(squares, exit, rat, stacks).map(|(g, _)| g)
}

/// The grade, and the way out it was measured along.
fn measure(
    squares: &[Square],
    exit: &[Square; 2],
    rat: Square,
    stacks: &[Vec<Rank>; 3],
) -> Option<(RatsGrade, Vec<Step>)> {
    let graph = Positions::new(squares, exit, rat, stacks);
    let mut w = Worked {
        fewest: vec![NONE; graph.count()],
        chance: vec![0.0; graph.count()],
        done: vec![false; graph.count()],
        reached: 0,
    };
    let start = graph.at(rat);
    let (coins, random) = w.at(&graph, start);
    if coins == NONE {
        return None;
    }
    // Along a shortest way out (the first best use at each position).
    let (mut open, mut keep, mut narrow) = (0usize, 0usize, 0usize);
    let mut line = Vec::new();
    let mut here = Some(start);
    while let Some(at) = here.take() {
        let want = w.at(&graph, at).0 - 1;
        let (mut open_here, mut keep_here) = (0, 0);
        let mut best: Option<(Step, To)> = None;
        graph.uses(at, |step, to| {
            open_here += 1;
            let fewest = match to {
                To::Out => 0,
                To::At(next) => w.at(&graph, next).0,
            };
            keep_here += usize::from(fewest != NONE);
            if best.is_none() && fewest == want {
                best = Some((step, to));
            }
            ControlFlow::Continue(())
        });
        open += open_here;
        keep += keep_here;
        narrow += usize::from(keep_here == 1);
        let (step, to) = best.expect("a position with a way out has a use on it");
        line.push(step);
        if let To::At(next) = to {
            here = Some(next);
        }
    }
    let keeping = keep as f64 / open as f64;
    let alive = (0..graph.count())
        .filter(|&p| w.done[p] && w.fewest[p] != NONE)
        .count() as f64
        / w.reached as f64;
    let coins = usize::from(coins);
    let points = grading::points(keeping, alive, coins, FULL_LINE);
    let grade = RatsGrade {
        level: Level::of(points, QUARTILES),
        points,
        coins,
        narrow,
        keeping,
        random,
        positions: w.reached,
        alive,
    };
    Some((grade, line))
}

/// The grade in a line: "hard (68): out in 19 coins at best; 2 moves
/// where only one choice keeps a way out; 11% of the 5,210 positions play
/// can reach still have a way out".
pub fn describe(g: &RatsGrade) -> String {
    format!(
        "{} ({}): out in {} {} at best; {} {} where only one choice keeps a way out; {}% of the {} {} play can reach still {} a way out",
        g.level.name(),
        g.points,
        g.coins,
        crate::style::plural(g.coins as u64, "coin", "coins"),
        g.narrow,
        crate::style::plural(g.narrow as u64, "move", "moves"),
        percent(g.alive),
        crate::style::thousands(g.positions as i64),
        crate::style::plural(g.positions as u64, "position", "positions"),
        if g.positions == 1 { "has" } else { "have" },
    )
}

/// A share as a whole percent, but never 0 for a chance that is not
/// nothing, nor 100 for one that is not sure.
fn percent(share: f64) -> String {
    let p = (share * 100.0).round();
    if p == 0.0 && share > 0.0 {
        "under 1".into()
    } else if p == 100.0 && share < 1.0 {
        "over 99".into()
    } else {
        format!("{p}")
    }
}

#[cfg(test)]
mod tests {
    use super::super::solve::tests::{corridor, stacks};
    use super::*;
    use crate::games::lab_rats::{RatsGame, build, solve};
    use crate::random::TableRng;

    #[test]
    fn a_corridor_graded_by_hand() {
        let (sq, exit) = corridor();
        // From (2,0), one stack: a 3 then a 5. The 3 east goes out at once;
        // west it does not fit (two squares behind); giving it up leaves
        // the 5, which goes out east. So 2 uses open, both keep a way out,
        // and random play always gets out: the 3 out (half), or the 3 lost
        // then the 5 out or lost (half of a half).
        let g = grade(&sq, &exit, (2, 0), &stacks(["3 5", "", ""])).unwrap();
        assert_eq!(g.coins, 1);
        assert_eq!(g.narrow, 0);
        assert_eq!(g.keeping, 1.0);
        assert_eq!(g.random, 0.5 + 0.5 * 0.5);
        // From (0,0) with a 2 over a 3: only 2 east then 3 east gets out
        // (2 west leaves the maze; losing the 2 leaves the 3, which ends
        // on (3,0) with nothing left). Two positions, each with one use
        // that keeps a way out: at the first, 2 of 2 uses open (east,
        // lose) keep one or not: east keeps, lose does not.
        let g = grade(&sq, &exit, (0, 0), &stacks(["2 3", "", ""])).unwrap();
        assert_eq!(g.coins, 2);
        assert_eq!(g.narrow, 2);
        // First position: east 2, lose (2 open, 1 keeps). Second, on
        // (2,0) with the 3: east out, west 3 leaves the maze, lose (2
        // open, 1 keeps).
        assert_eq!(g.keeping, 2.0 / 4.0);
        // Random play: east (1/2) then out (1/2) = 1/4.
        assert_eq!(g.random, 0.25);
        // Reachable: the start; east 2 to (2,0) with the 3 left, or the
        // 2 lost on (0,0); from (2,0) the 3 lost; from (0,0) the 3 east
        // to (3,0) or lost. Six positions, and only the first two still
        // have a way out.
        assert_eq!(g.positions, 6);
        assert_eq!(g.alive, 2.0 / 6.0);
        // 40 x (1 - 2/4) + 40 x (1 - 1/3) + 20 x 2/24 = 48.3.
        assert_eq!(g.points, 48);
        assert_eq!(
            describe(&g),
            "medium (48): out in 2 coins at best; 2 moves where only one choice keeps a way out; 33% of the 6 positions play can reach still have a way out"
        );
        // No way out: no grade.
        assert_eq!(grade(&sq, &exit, (0, 0), &stacks(["a a", "", ""])), None);
    }

    #[test]
    fn percent_never_rounds_a_chance_away() {
        assert_eq!(percent(0.0), "0");
        assert_eq!(percent(0.001), "under 1");
        assert_eq!(percent(0.25), "25");
        assert_eq!(percent(0.999), "over 99");
        assert_eq!(percent(1.0), "100");
    }

    /// A random deal as `setup lab-rats` deals one.
    pub fn random_game(rng: &mut TableRng) -> RatsGame {
        use crate::games::wing::Play;
        RatsGame::sample(rng)
    }

    #[test]
    fn the_fewest_coins_agree_with_the_solver_and_the_line_plays() {
        let mut rng = TableRng::new(11);
        let mut graded = 0;
        for _ in 0..25 {
            let g = random_game(&mut rng);
            let sol = solve(&g.squares, &g.exit, g.rat, &g.stacks);
            let grade = grade(&g.squares, &g.exit, g.rat, &g.stacks);
            assert_eq!(
                sol.steps.as_ref().map(Vec::len),
                grade.as_ref().map(|g| g.coins)
            );
            let Some(grade) = grade else { continue };
            graded += 1;
            assert!(grade.narrow <= grade.coins);
            assert!(grade.keeping > 0.0 && grade.keeping <= 1.0);
            assert!((0.0..=1.0).contains(&grade.random));
            // The line measured along plays out in the game's own rules.
            let (_, line) = measure(&g.squares, &g.exit, g.rat, &g.stacks).unwrap();
            assert_eq!(line.len(), grade.coins);
            let mut play = g.clone();
            let outs: Vec<bool> = line.iter().map(|&st| play_step(&mut play, st)).collect();
            assert_eq!(outs.last(), Some(&true));
            assert_eq!(outs.iter().filter(|&&o| o).count(), 1);
        }
        assert!(graded > 5, "most deals have a way out: {graded}");
    }

    /// Play `step` in the game's own rules; whether the rat got out.
    fn play_step(game: &mut RatsGame, step: Step) -> bool {
        let r = step.play_on(game);
        assert!(r.is_ok(), "{step:?}: {r:?}");
        game.out
    }

    #[test]
    fn random_play_matches_its_chance() {
        // The exact chance against 4000 random games, each use picked
        // alike from those open and played through the game's own rules
        // (which must agree on where it leads).
        let mut rng = TableRng::new(5);
        let mut checked = 0;
        while checked < 3 {
            let g = random_game(&mut rng);
            let Some(want) = grade(&g.squares, &g.exit, g.rat, &g.stacks) else {
                continue;
            };
            checked += 1;
            let graph = Positions::new(&g.squares, &g.exit, g.rat, &g.stacks);
            let tries = 4000;
            let mut out = 0;
            for _ in 0..tries {
                let mut play = g.clone();
                let mut at = graph.at(g.rat);
                loop {
                    let mut open = Vec::new();
                    graph.uses(at, |step, to| {
                        open.push((step, to));
                        ControlFlow::Continue(())
                    });
                    if open.is_empty() {
                        break;
                    }
                    let (step, to) = open[rng.below(open.len() as u64) as usize];
                    let got_out = play_step(&mut play, step);
                    assert_eq!(got_out, to == To::Out);
                    match to {
                        To::Out => {
                            out += 1;
                            break;
                        }
                        To::At(next) => at = next,
                    }
                }
            }
            let seen = out as f64 / tries as f64;
            assert!(
                (seen - want.random).abs() < 0.03,
                "random play got out {seen}, the grade says {}",
                want.random
            );
        }
    }

    #[test]
    fn a_maze_built_the_same_grades_the_same() {
        let mut rng = TableRng::new(3);
        let mut rolls = crate::games::die_rolls::DieRolls::new(vec![], &mut rng);
        let maze = build(&mut rolls, false);
        let coins: Vec<Rank> = crate::pieces::Piece::all()
            .into_iter()
            .map(|p| p.rank)
            .collect();
        let g = RatsGame::new(&maze, &coins, 0, false).unwrap();
        assert_eq!(
            grade(&g.squares, &g.exit, g.rat, &g.stacks),
            grade(&g.squares, &g.exit, g.rat, &g.stacks)
        );
    }

    /// The levels split deals about in quarters, on 24 deals with a way
    /// out; on the full sample (`TABLEMATE_FULL_PROOFS=1 cargo test
    /// --profile profiling --lib rats_quartiles -- --nocapture`)
    /// `QUARTILES` measured again on 200 and held to the measurement,
    /// with how many deals have a way out and how long a grade takes.
    #[test]
    fn rats_quartiles() {
        let wanted = crate::proof_sample(24, 200);
        let mut rng = TableRng::new(2026);
        let (mut all, mut ms) = (Vec::new(), Vec::new());
        let mut dealt = 0;
        while all.len() < wanted {
            dealt += 1;
            let g = random_game(&mut rng);
            let t = std::time::Instant::now();
            let found = grade(&g.squares, &g.exit, g.rat, &g.stacks);
            ms.push(t.elapsed().as_secs_f64() * 1000.0);
            if let Some(found) = found {
                all.push(found);
            }
        }
        let mut points: Vec<u32> = all.iter().map(|g| g.points).collect();
        grading::assert_quarters("Lab Rats", &points, QUARTILES);
        points.sort();
        ms.sort_by(f64::total_cmp);
        let q = |f: f64| points[((points.len() - 1) as f64 * f) as usize];
        let t = |f: f64| ms[((ms.len() - 1) as f64 * f) as usize];
        let n = all.len();
        let mean = |f: &dyn Fn(&RatsGrade) -> f64| all.iter().map(f).sum::<f64>() / n as f64;
        let mut alive: Vec<f64> = all.iter().map(|g| g.alive).collect();
        alive.sort_by(f64::total_cmp);
        let mut kp: Vec<f64> = all.iter().map(|g| g.keeping).collect();
        kp.sort_by(f64::total_cmp);
        let mut cs: Vec<usize> = all.iter().map(|g| g.coins).collect();
        cs.sort();
        let dec = |v: &Vec<f64>| {
            (0..=10)
                .map(|i| format!("{:.3}", v[((n - 1) * i) / 10]))
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!("alive deciles {}", dec(&alive));
        println!("keeping deciles {}", dec(&kp));
        println!(
            "coins deciles {:?}",
            (0..=10).map(|i| cs[((n - 1) * i) / 10]).collect::<Vec<_>>()
        );
        println!(
            "Lab Rats: {n} with a way out of {dealt} dealt; quartiles {} {} {}; keeping {:.2}, coins {:.1}, narrow {:.1}, alive {:.3}, random {:.5}; ms median {:.1} p95 {:.1} max {:.1}",
            q(0.25),
            q(0.5),
            q(0.75),
            mean(&|g| g.keeping),
            mean(&|g| g.coins as f64),
            mean(&|g| g.narrow as f64),
            mean(&|g| g.alive),
            mean(&|g| g.random),
            t(0.5),
            t(0.95),
            t(1.0)
        );
        if crate::full_proofs() {
            assert_eq!([q(0.25), q(0.5), q(0.75)], QUARTILES);
        }
    }
}
