//! Lab Rats (Mark A. Biggar): the 24-tile maze, built by die rolls.
//!
//! Tiles are 2x2 squares. Each roll places the next tile against the
//! leading edge (DESIGN.md's table); a placement that overlaps or touches
//! any tile but the leading one is rerolled, and when no placement is left
//! the last tile is backed out (depth first, never retrying a placement
//! already tried there). The search is finite, so the builder always ends.

use std::collections::HashSet;

use crate::games::compass::Dir;
use crate::games::die_rolls::DieRolls;
use crate::pieces::Rank;
use serde::Serialize;

pub const TILES: usize = 24;

/// Where a die result puts the next tile, in squares from the current
/// tile's back-left square: x to the right, y forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    Ahead,
    AheadLeft,
    AheadRight,
    TurnLeft,
    TurnRight,
}

impl Placement {
    pub const ALL: [Placement; 5] = [
        Placement::Ahead,
        Placement::AheadLeft,
        Placement::AheadRight,
        Placement::TurnLeft,
        Placement::TurnRight,
    ];

    /// null and 3 ahead; 2 ahead-left; 4 ahead-right; ace left; 5 right.
    pub fn of(roll: Rank) -> Placement {
        match roll {
            Rank::Null | Rank::Three => Placement::Ahead,
            Rank::Two => Placement::AheadLeft,
            Rank::Four => Placement::AheadRight,
            Rank::Ace => Placement::TurnLeft,
            Rank::Five => Placement::TurnRight,
        }
    }

    fn offset(self) -> (i32, i32) {
        match self {
            Placement::Ahead => (0, 2),
            Placement::AheadLeft => (-1, 2),
            Placement::AheadRight => (1, 2),
            Placement::TurnLeft => (-2, 1),
            Placement::TurnRight => (2, 1),
        }
    }

    fn turn(self, h: Dir) -> Dir {
        match self {
            Placement::TurnLeft => h.left(),
            Placement::TurnRight => h.right(),
            _ => h,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Placement::Ahead => "ahead",
            Placement::AheadLeft => "ahead, one square left",
            Placement::AheadRight => "ahead, one square right",
            Placement::TurnLeft => "left, turning left",
            Placement::TurnRight => "right, turning right",
        }
    }
}

/// A laid tile: its back-left square (relative to its heading) and the
/// direction its leading edge faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MazeTile {
    pub origin: (i32, i32),
    pub heading: Dir,
}

impl MazeTile {
    /// The world square of local square (lx, ly).
    fn square(&self, lx: i32, ly: i32) -> (i32, i32) {
        let (f, r) = (self.heading.unit(), self.heading.right().unit());
        (
            self.origin.0 + lx * r.0 + ly * f.0,
            self.origin.1 + lx * r.1 + ly * f.1,
        )
    }

    pub fn squares(&self) -> [(i32, i32); 4] {
        [
            self.square(0, 0),
            self.square(1, 0),
            self.square(0, 1),
            self.square(1, 1),
        ]
    }

    /// The lower-left square (x east, y north).
    pub fn lower_left(&self) -> (i32, i32) {
        let s = self.squares();
        (
            s.iter().map(|p| p.0).min().unwrap_or(0),
            s.iter().map(|p| p.1).min().unwrap_or(0),
        )
    }

    /// The tile a placement would lay next.
    fn next(&self, p: Placement) -> MazeTile {
        let (dx, dy) = p.offset();
        let heading = p.turn(self.heading);
        let squares: Vec<(i32, i32)> = (0..2)
            .flat_map(|i| (0..2).map(move |j| (i, j)))
            .map(|(i, j)| self.square(dx + i, dy + j))
            .collect();
        // The new back-left square: the one whose right and forward
        // neighbours (in the new heading) are also in the tile.
        let (f, r) = (heading.unit(), heading.right().unit());
        let origin = squares
            .iter()
            .copied()
            .find(|&(x, y)| {
                squares.contains(&(x + f.0, y + f.1)) && squares.contains(&(x + r.0, y + r.1))
            })
            .expect("a 2x2 tile has a back-left square");
        MazeTile { origin, heading }
    }
}

/// Whether `t` may join the maze: no overlap, and no contact (corners
/// included) with any tile but the last one.
fn fits(maze: &[MazeTile], t: &MazeTile) -> bool {
    let Some((last, before)) = maze.split_last() else {
        return true;
    };
    let mine = t.squares();
    if last.squares().iter().any(|s| mine.contains(s)) {
        return false;
    }
    let near: HashSet<(i32, i32)> = mine
        .iter()
        .flat_map(|&(x, y)| (-1..=1).flat_map(move |dx| (-1..=1).map(move |dy| (x + dx, y + dy))))
        .collect();
    !before
        .iter()
        .any(|o| o.squares().iter().any(|s| near.contains(s)))
}

#[derive(Debug, Clone)]
pub struct Maze {
    pub tiles: Vec<MazeTile>,
    /// Rolls that were rerolled (their placement did not fit).
    pub rerolls: usize,
    pub backouts: usize,
    /// False when the player's rolls ran out before the maze was done.
    pub complete: bool,
}

/// A square as data: x east, y north.
#[derive(Serialize)]
struct Square {
    x: i32,
    y: i32,
}

impl From<(i32, i32)> for Square {
    fn from((x, y): (i32, i32)) -> Square {
        Square { x, y }
    }
}

#[derive(Serialize)]
struct TileData {
    x: i32,
    y: i32,
    heading: &'static str,
}

/// The maze as data: each tile by its lower-left square and heading, the
/// start, and the exit once the maze is complete.
impl Serialize for Maze {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct MazeData {
            tiles: Vec<TileData>,
            start: [Square; 2],
            exit: Option<[Square; 2]>,
            complete: bool,
            rerolls: usize,
            backouts: usize,
        }
        MazeData {
            tiles: self
                .tiles
                .iter()
                .map(|t| {
                    let (x, y) = t.lower_left();
                    TileData {
                        x,
                        y,
                        heading: t.heading.letter(),
                    }
                })
                .collect(),
            start: self.start().map(Square::from),
            exit: self.complete.then(|| self.exit().map(Square::from)),
            complete: self.complete,
            rerolls: self.rerolls,
            backouts: self.backouts,
        }
        .serialize(s)
    }
}

impl Maze {
    /// The two squares along the first tile's back edge.
    pub fn start(&self) -> [(i32, i32); 2] {
        let t = self.tiles[0];
        [t.square(0, 0), t.square(1, 0)]
    }

    /// The two squares just past the last tile's leading edge.
    pub fn exit(&self) -> [(i32, i32); 2] {
        let t = self.tiles[self.tiles.len() - 1];
        [t.square(0, 2), t.square(1, 2)]
    }
}

/// Build the maze. With the player's rolls (`only_given`), stop when they
/// run out instead of rolling at random.
pub fn build(rolls: &mut DieRolls, only_given: bool) -> Maze {
    let mut tiles = vec![MazeTile {
        origin: (0, 0),
        heading: Dir::N,
    }];
    let mut tried: Vec<Vec<Placement>> = vec![Vec::new(); TILES];
    let (mut rerolls, mut backouts) = (0, 0);
    while tiles.len() < TILES {
        let depth = tiles.len();
        let last = tiles[depth - 1];
        let open: Vec<Placement> = Placement::ALL
            .into_iter()
            .filter(|p| !tried[depth].contains(p) && fits(&tiles, &last.next(*p)))
            .collect();
        if open.is_empty() {
            // No roll can continue: back the last tile out.
            tried[depth].clear();
            tiles.pop();
            backouts += 1;
            if tiles.is_empty() {
                // Cannot happen on an open table; start again to be safe.
                tiles.push(MazeTile {
                    origin: (0, 0),
                    heading: Dir::N,
                });
            }
            continue;
        }
        if only_given && rolls.unused() == 0 {
            return Maze {
                tiles,
                rerolls,
                backouts,
                complete: false,
            };
        }
        let p = Placement::of(rolls.roll());
        if !open.contains(&p) {
            rerolls += 1;
            continue;
        }
        tried[depth].push(p);
        tiles.push(last.next(p));
    }
    Maze {
        tiles,
        rerolls,
        backouts,
        complete: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::TableRng;

    fn legal(m: &Maze) -> bool {
        (1..m.tiles.len()).all(|i| fits(&m.tiles[..i], &m.tiles[i]))
    }

    #[test]
    fn placements_by_hand() {
        let t = MazeTile {
            origin: (0, 0),
            heading: Dir::N,
        };
        assert_eq!(
            t.next(Placement::Ahead),
            MazeTile {
                origin: (0, 2),
                heading: Dir::N
            }
        );
        assert_eq!(t.next(Placement::AheadLeft).lower_left(), (-1, 2));
        assert_eq!(t.next(Placement::AheadRight).lower_left(), (1, 2));
        let left = t.next(Placement::TurnLeft);
        assert_eq!((left.lower_left(), left.heading), ((-2, 1), Dir::W));
        let right = t.next(Placement::TurnRight);
        assert_eq!((right.lower_left(), right.heading), ((2, 1), Dir::E));
        // Heading east, "ahead" is two squares east.
        let e = MazeTile {
            origin: (2, 2),
            heading: Dir::E,
        };
        assert_eq!(e.next(Placement::Ahead).lower_left(), (4, 1));
    }

    #[test]
    fn given_rolls_give_the_hand_checked_maze() {
        // 3 ahead, ace left (heading west), 3 ahead (west), 5 right
        // (heading north again).
        let mut rng = TableRng::new(1);
        let rolls: Vec<Rank> = ["3", "a", "3", "5"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let mut dr = DieRolls::new(rolls, &mut rng);
        let m = build(&mut dr, true);
        assert!(!m.complete);
        let got: Vec<((i32, i32), Dir)> = m
            .tiles
            .iter()
            .map(|t| (t.lower_left(), t.heading))
            .collect();
        assert_eq!(
            got,
            vec![
                ((0, 0), Dir::N),
                ((0, 2), Dir::N),
                ((-2, 3), Dir::W),
                ((-4, 3), Dir::W),
                ((-5, 5), Dir::N)
            ]
        );
        assert_eq!(m.start(), [(0, 0), (1, 0)]);
    }

    #[test]
    fn touching_placements_are_rerolled() {
        // ace (left, west) then ace (left, south) then ace (left, east)
        // would curl back beside the first tile: the third ace touches it
        // and must be rerolled; the next roll (3) goes ahead south.
        let mut rng = TableRng::new(1);
        let rolls: Vec<Rank> = ["a", "a", "a", "3"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let mut dr = DieRolls::new(rolls, &mut rng);
        let m = build(&mut dr, true);
        assert_eq!(m.rerolls, 1);
        assert_eq!(m.tiles.len(), 4);
        assert!(legal(&m));
    }

    #[test]
    fn mazes_over_many_seeds_are_legal_and_complete() {
        for seed in 0..200 {
            let mut rng = TableRng::new(seed);
            let mut dr = DieRolls::new(vec![], &mut rng);
            let m = build(&mut dr, false);
            assert!(m.complete, "seed {seed}");
            assert_eq!(m.tiles.len(), TILES, "seed {seed}");
            assert!(legal(&m), "seed {seed}");
        }
    }
}
