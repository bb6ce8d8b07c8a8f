//! Lab Rats solved: from the stacks as dealt, the fewest coins that take
//! the rat out of the maze without backing up, or that none can.
//!
//! Without backing up, a coin once shown is used (to move) or given up
//! (left under the rat, unmoved) and never comes back, so a position is
//! the rat's square and how many coins each stack has left: at most a
//! hundred squares times 9^3 heights. A breadth-first search over them
//! finds a shortest way out, or proves there is none. Backing up can only
//! add ways (coins go back on stacks and come round again); a way found
//! here works in both games.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use serde::Serialize;

use crate::games::compass::Dir;
use crate::pieces::Rank;

use super::square::Square;

/// One coin's use, from the top of `stack` (1 to 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Step {
    /// Move the rat `spaces` squares `dir` (out through the exit when
    /// `out`).
    Move {
        stack: usize,
        coin: Rank,
        dir: Dir,
        spaces: u32,
        out: bool,
    },
    /// Give the coin up: it stays under the rat, which does not move.
    Lose { stack: usize, coin: Rank },
}

impl Step {
    /// The `rats` command that plays it.
    pub fn command(&self) -> String {
        match *self {
            Step::Move {
                stack,
                coin: Rank::Null,
                dir,
                spaces,
                ..
            } => format!("rats move {} {stack} {spaces}", dir.name()),
            Step::Move { stack, dir, .. } => format!("rats move {} {stack}", dir.name()),
            Step::Lose { stack, .. } => format!("rats lose {stack}"),
        }
    }
}

/// A step played in the game's own rules (the tests' check that the
/// searches' steps are legal moves).
#[cfg(test)]
impl Step {
    pub fn play_on(
        &self,
        game: &mut super::RatsGame,
    ) -> Result<super::Event, crate::games::GameError> {
        match *self {
            Step::Move {
                stack,
                coin,
                dir,
                spaces,
                ..
            } => game.step(dir, stack, (coin == Rank::Null).then_some(spaces)),
            Step::Lose { stack, .. } => game.lose(stack),
        }
    }
}

/// The search's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RatsSolution {
    /// A shortest way out, if there is one.
    pub steps: Option<Vec<Step>>,
    /// Positions looked at.
    pub positions: usize,
}

/// The positions of a deal without backing up, each a number: the rat's
/// square (by its place in the maze; the start is one of them) and the
/// three stacks' heights, base 9. Every use of a coin lowers a stack, so
/// the positions form a graph without cycles: the solver searches it
/// breadth first, and the grade (`grade`) works back through it.
pub(super) struct Positions<'a> {
    places: Vec<Square>,
    /// The maze's squares on a grid (a square's place, or none), so a step
    /// is looked up by arithmetic: a search makes about a million.
    grid: Vec<usize>,
    corner: Square,
    width: i32,
    height: i32,
    exit: &'a [Square; 2],
    stacks: &'a [Vec<Rank>; 3],
}

/// Where a coin's use leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum To {
    Out,
    At(usize),
}

impl<'a> Positions<'a> {
    /// The deal's positions, with stacks bottom first (at most eight
    /// coins a stack).
    pub fn new(
        squares: &[Square],
        exit: &'a [Square; 2],
        start: Square,
        stacks: &'a [Vec<Rank>; 3],
    ) -> Positions<'a> {
        let mut places: Vec<Square> = squares.to_vec();
        if !places.contains(&start) {
            places.push(start);
        }
        let corner = (
            places.iter().map(|s| s.0).min().unwrap_or(0),
            places.iter().map(|s| s.1).min().unwrap_or(0),
        );
        let width = places.iter().map(|s| s.0).max().unwrap_or(0) - corner.0 + 1;
        let height = places.iter().map(|s| s.1).max().unwrap_or(0) - corner.1 + 1;
        let mut grid = vec![usize::MAX; (width * height) as usize];
        for (i, &(x, y)) in places.iter().enumerate() {
            grid[((y - corner.1) * width + x - corner.0) as usize] = i;
        }
        Positions {
            places,
            grid,
            corner,
            width,
            height,
            exit,
            stacks,
        }
    }

    /// How many position numbers there are (not all of them reachable).
    pub fn count(&self) -> usize {
        self.places.len() * 729
    }

    /// The position of the rat on `square` with the stacks' full heights.
    pub fn at(&self, square: Square) -> usize {
        let place = self.place(square).expect("the rat is on the maze");
        let h = self.stacks.each_ref().map(Vec::len);
        Self::code(place, h)
    }

    fn code(place: usize, h: [usize; 3]) -> usize {
        (place * 9 + h[0]) * 81 + h[1] * 9 + h[2]
    }

    fn decode(c: usize) -> (usize, [usize; 3]) {
        (c / 729, [(c / 81) % 9, (c / 9) % 9, c % 9])
    }

    // `place` and the walk in `uses` are the searches' inner loop, run a
    // million times a deal: written as plain comparisons, not ranges and
    // iterator adaptors, which the tests' unoptimised build calls as
    // functions (a third of a grade's time there).
    fn place(&self, (x, y): Square) -> Option<usize> {
        let (dx, dy) = (x - self.corner.0, y - self.corner.1);
        if dx < 0 || dy < 0 || dx >= self.width || dy >= self.height {
            return None;
        }
        match self.grid[(dy * self.width + dx) as usize] {
            usize::MAX => None,
            i => Some(i),
        }
    }

    /// Each use of a top coin at `position`, in a fixed order (stacks 1
    /// to 3; giving it up, then the moves clockwise from north, nearest
    /// first), with where it leads; `f` breaks off the walk.
    pub fn uses(&self, position: usize, mut f: impl FnMut(Step, To) -> ControlFlow<()>) {
        let (sq, h) = Self::decode(position);
        let rat = self.places[sq];
        for s in 0..3 {
            if h[s] == 0 {
                continue;
            }
            let coin = self.stacks[s][h[s] - 1];
            let mut after = h;
            after[s] -= 1;
            let lose = Step::Lose { stack: s + 1, coin };
            if f(lose, To::At(Self::code(sq, after))).is_break() {
                return;
            }
            let most = match coin.index() {
                0 => u32::MAX,
                v => u32::from(v),
            };
            let [exit_a, exit_b] = *self.exit;
            for dir in Dir::CLOCKWISE {
                let (dx, dy) = dir.unit();
                let mut at = rat;
                let mut k = 0;
                while k < most {
                    k += 1;
                    at = (at.0 + dx, at.1 + dy);
                    if at == exit_a || at == exit_b {
                        let step = Step::Move {
                            stack: s + 1,
                            coin,
                            dir,
                            spaces: if coin == Rank::Null { k } else { most },
                            out: true,
                        };
                        if f(step, To::Out).is_break() {
                            return;
                        }
                        break;
                    }
                    let Some(to) = self.place(at) else {
                        break;
                    };
                    // A numbered coin moves exactly its value; a null
                    // stops wherever the player likes.
                    if coin == Rank::Null || k == most {
                        let step = Step::Move {
                            stack: s + 1,
                            coin,
                            dir,
                            spaces: k,
                            out: false,
                        };
                        if f(step, To::At(Self::code(to, after))).is_break() {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// The fewest coins from `start` to out, with stacks bottom first (at
/// most eight coins a stack).
pub fn solve(
    squares: &[Square],
    exit: &[Square; 2],
    start: Square,
    stacks: &[Vec<Rank>; 3],
) -> RatsSolution {
    let graph = Positions::new(squares, exit, start, stacks);
    let first = graph.at(start);
    // How each position was first reached: the one before and the step.
    let mut came: Vec<Option<(usize, Step)>> = vec![None; graph.count()];
    let mut seen = vec![false; graph.count()];
    seen[first] = true;
    let mut count = 1;
    let mut queue = VecDeque::from([first]);
    while let Some(state) = queue.pop_front() {
        let mut out = None;
        graph.uses(state, |step, to| match to {
            To::Out => {
                out = Some(step);
                ControlFlow::Break(())
            }
            To::At(next) => {
                if !seen[next] {
                    seen[next] = true;
                    came[next] = Some((state, step));
                    count += 1;
                    queue.push_back(next);
                }
                ControlFlow::Continue(())
            }
        });
        if let Some(last) = out {
            let mut steps = vec![last];
            let mut at = state;
            while let Some((before, step)) = came[at] {
                steps.push(step);
                at = before;
            }
            steps.reverse();
            return RatsSolution {
                steps: Some(steps),
                positions: count,
            };
        }
    }
    RatsSolution {
        steps: None,
        positions: count,
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::games::lab_rats::RatsGame;

    /// A straight corridor of five squares east from (0,0); the exit
    /// beyond (5,0).
    pub fn corridor() -> (Vec<Square>, [Square; 2]) {
        ((0..5).map(|x| (x, 0)).collect(), [(5, 0), (5, 1)])
    }

    /// Stacks written top first, as a player reads a stack down.
    pub fn stacks(s: [&str; 3]) -> [Vec<Rank>; 3] {
        // Written top first, as a player reads a stack down.
        s.map(|t| {
            t.split_whitespace()
                .rev()
                .map(|c| c.parse().unwrap())
                .collect()
        })
    }

    #[test]
    fn a_corridor_by_hand() {
        let (sq, exit) = corridor();
        // From (0,0) the exit is 5 squares east. No coin showing reaches
        // it at once; the 4 then an ace does (or give the 2 up for the 5):
        // two coins, and no fewer.
        let st = stacks(["a a", "4 4", "2 5"]);
        let s = solve(&sq, &exit, (0, 0), &st).steps.unwrap();
        assert_eq!(s.len(), 2, "{s:?}");
        // A null goes any distance: one coin.
        let st = stacks(["a", "3", "n 2"]);
        let s = solve(&sq, &exit, (0, 0), &st).steps.unwrap();
        assert_eq!(
            s,
            [Step::Move {
                stack: 3,
                coin: Rank::Null,
                dir: Dir::E,
                spaces: 5,
                out: true
            }]
        );
        assert_eq!(s[0].command(), "rats move east 3 5");
        // Only aces, four of them: 5 squares to go, no way out.
        let st = stacks(["a a", "a a", ""]);
        let sol = solve(&sq, &exit, (0, 0), &st);
        assert_eq!(sol.steps, None);
        // Any move past the exit counts: a 4 from (2,0) overshoots out.
        let st = stacks(["4", "", ""]);
        assert!(solve(&sq, &exit, (2, 0), &st).steps.is_some());
        // A 4 from (0,0) would end on (4,0): in the maze, not out.
        let st = stacks(["4 2", "", ""]);
        let s = solve(&sq, &exit, (0, 0), &st).steps.unwrap();
        assert_eq!(s.len(), 2);
    }

    #[test]
    fn ways_out_replay_in_the_harder_game() {
        // Real mazes and deals: every way found plays out, coin for coin,
        // through the play-along rules with no backing up.
        let mut found = 0;
        for seed in 0..12 {
            let mut rng = crate::random::TableRng::new(seed);
            let mut rolls = crate::games::die_rolls::DieRolls::new(vec![], &mut rng);
            let maze = super::super::build(&mut rolls, false);
            let mut coins: Vec<Rank> = crate::pieces::Piece::all()
                .into_iter()
                .map(|p| p.rank)
                .collect();
            rng.shuffle(&mut coins);
            let mut g = RatsGame::new(&maze, &coins, 0, true).unwrap();
            let sol = solve(&g.squares, &g.exit, g.rat, &g.stacks);
            let Some(steps) = sol.steps else { continue };
            found += 1;
            for (i, st) in steps.iter().enumerate() {
                let r = st.play_on(&mut g);
                assert!(r.is_ok(), "seed {seed} step {i}: {r:?}");
            }
            assert!(g.out, "seed {seed}: the last step goes out");
        }
        assert!(found > 0, "some deal gets out");
    }
}
