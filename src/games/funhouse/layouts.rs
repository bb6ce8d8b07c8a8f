//! The six rooms' setups as layout data (see `crate::layout`): what the
//! pictures and piecepackr files are drawn from.

use super::die::Die;
use super::setup::{
    BARREL_COLS, BARREL_ROWS, Catwalk, Occupant, Trampo, WHACK_CORNERS, WHACK_STARTS,
};
use super::solve::trampo::Move;
use crate::layout::{Layout, Placed, TILE};
use crate::pieces::{Piece, Rank, Suit, SuitsByValue};

/// The die that stands for you, from Roll Out the Barrels to
/// Trampo-Land: one die, so one suit (ours to choose: Suns) and one
/// identity, so a record follows it from coin to coin.
const YOUR_DIE: Suit = Suit::Suns;
const YOUR_DIE_ID: u32 = 100;

/// Suits for coins a room knows by value only (the rules say suits do
/// not matter): the k-th coin of a value, in reading order, takes the
/// k-th suit, so the 24 barrels are the 24 coins of one piecepack. An
/// assignment of ours, for pictures and records to name every piece.
fn coin_suits(grid: &[Vec<Rank>]) -> Vec<Vec<Suit>> {
    let mut suits = SuitsByValue::new(&Suit::ALL);
    grid.iter()
        .map(|row| row.iter().map(|&v| suits.next(v)).collect())
        .collect()
}

/// Rows of tiles, top row first, on 2-inch squares.
fn tile_rows(layout: &mut Layout, rows: &[Vec<Piece>], top: f64) {
    for (r, row) in rows.iter().enumerate() {
        for (c, p) in row.iter().enumerate() {
            let x = TILE * c as f64 + 1.0;
            let y = top - TILE * r as f64 - 1.0;
            layout.push(Placed::tile(*p, x, y));
        }
    }
}

pub fn slide_jam(grid: &[Vec<Piece>]) -> Layout {
    let mut l = Layout::new("slide-jam", "Slide Jam");
    tile_rows(&mut l, grid, TILE * grid.len() as f64);
    l
}

/// A Slide Jam board part way through: tiles where they lie, an `empty`
/// marker on each cell of the frame with none.
pub fn slide_jam_board(grid: &[Vec<Option<Piece>>]) -> Layout {
    let mut l = Layout::new("slide-jam", "Slide Jam");
    option_rows(&mut l, grid, TILE * grid.len() as f64);
    l
}

fn option_rows(layout: &mut Layout, rows: &[Vec<Option<Piece>>], top: f64) {
    for (r, row) in rows.iter().enumerate() {
        for (c, p) in row.iter().enumerate() {
            let x = TILE * c as f64 + 1.0;
            let y = top - TILE * r as f64 - 1.0;
            layout.push(match p {
                Some(p) => Placed::tile(*p, x, y),
                None => Placed::marker("empty", x, y),
            });
        }
    }
}

/// The Magic Mirror part way through (see `slide_jam_board`).
pub fn magic_mirror_board(upper: &[Vec<Option<Piece>>], lower: &[Vec<Option<Piece>>]) -> Layout {
    let mut l = Layout::new("magic-mirror", "Magic Mirror");
    let lower_top = TILE * lower.len() as f64;
    option_rows(&mut l, upper, lower_top + TILE + TILE * upper.len() as f64);
    option_rows(&mut l, lower, lower_top);
    l
}

/// The two 4x3 grids with a tile's width of table between them: the
/// mirror runs along that gap.
pub fn magic_mirror(upper: &[Vec<Piece>], lower: &[Vec<Piece>]) -> Layout {
    let mut l = Layout::new("magic-mirror", "Magic Mirror");
    let lower_top = TILE * lower.len() as f64;
    tile_rows(&mut l, upper, lower_top + TILE + TILE * upper.len() as f64);
    tile_rows(&mut l, lower, lower_top);
    l
}

/// The track, each tile with its place in the laying order.
pub fn catwalk(c: &Catwalk) -> Layout {
    let mut l = Layout::new("catwalk", "Catwalk");
    for (i, t) in c.tiles.iter().enumerate() {
        let (x, y) = (TILE * t.x as f64 + 1.0, TILE * t.y as f64 + 1.0);
        l.push(Placed::tile(t.tile, x, y).labelled((i + 1).to_string()));
    }
    l
}

/// Centre of barrel cell (row, col), top row first, coins an inch apart.
fn cell(r: usize, c: usize) -> (f64, f64) {
    (c as f64 + 0.5, (BARREL_ROWS - 1 - r) as f64 + 0.5)
}

/// The coin grid showing values, the start (where the die goes: beside
/// the grid, so the coin under it stays readable) and the exit marked.
pub fn barrels(grid: &[Vec<Rank>]) -> Layout {
    let mut l = Layout::new("roll-out-the-barrels", "Roll Out the Barrels");
    let suits = coin_suits(grid);
    for (r, row) in grid.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            let (x, y) = cell(r, c);
            l.push(Placed::coin_value(*v, x, y).suited(suits[r][c]));
        }
    }
    let (x, y) = cell(0, 0);
    l.push(Placed::marker("start", x - 1.0, y));
    let (x, y) = cell(BARREL_ROWS - 1, BARREL_COLS - 1);
    l.push(Placed::marker("exit", x + 1.0, y));
    l
}

/// The barrel grid with a route on it: each coin the die stands on is
/// labelled with the step it first gets there (0: the start); in play,
/// the die on its coin, its top face up.
pub fn barrels_route(grid: &[Vec<Rank>], route: &[(usize, usize)], die: Option<Die>) -> Layout {
    let mut l = barrels(grid);
    if let (Some(d), Some(&(r, c))) = (die, route.last()) {
        let (x, y) = cell(r, c);
        let top = Rank::ALL[usize::from(d.top) % 6];
        l.push(
            Placed::die(Some(top), x, y)
                .suited(YOUR_DIE)
                .known_as(YOUR_DIE_ID),
        );
    }
    for (step, &(r, c)) in route.iter().enumerate() {
        let (x, y) = cell(r, c);
        if let Some(coin) = l
            .pieces
            .iter_mut()
            .find(|p| p.kind == crate::layout::Kind::Coin && p.x == x && p.y == y)
            && coin.label.is_none()
        {
            coin.label = Some(step.to_string());
        }
    }
    l
}

/// The barrel grid face down, start squares and the corners in order.
/// Each coin shows its suit: the barrels' own when the run holds their
/// grid, else Suns to Arms in turn along each row (the table's coins are
/// not known then, and any suit is as true as another).
pub fn whack_a_dummy(grid: Option<&[Vec<Rank>]>) -> Layout {
    let mut l = Layout::new("whack-a-dummy", "Whack-a-Dummy");
    let suits = grid.map(coin_suits);
    for r in 0..BARREL_ROWS {
        for c in 0..BARREL_COLS {
            let (x, y) = cell(r, c);
            let suit = suits
                .as_ref()
                .and_then(|s| s.get(r)?.get(c).copied())
                .unwrap_or(Suit::ALL[c % 4]);
            let coin = Placed::coin_suit(suit, x, y);
            let coin = match WHACK_CORNERS.iter().position(|(p, _)| *p == (r, c)) {
                Some(k) => coin.labelled((k + 1).to_string()),
                None if WHACK_STARTS.contains(&(r, c)) => coin.labelled("S"),
                None => coin,
            };
            l.push(coin);
        }
    }
    l
}

/// Whack-a-Dummy in play: each coin face up (its value) or down, the
/// die's square labelled `D`, the corners by their number.
pub fn whack_board(grid: &[Vec<Rank>], state: Option<super::solve::whack::State>) -> Layout {
    let mut l = Layout::new("whack-a-dummy", "Whack-a-Dummy");
    let suits = coin_suits(grid);
    for (r, row) in grid.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            let (x, y) = cell(r, c);
            let up = state.is_some_and(|s| s.is_up((r, c)));
            let coin = if up {
                Placed::coin_value(*v, x, y).suited(suits[r][c])
            } else {
                Placed::coin_suit(suits[r][c], x, y)
            };
            let coin = match WHACK_CORNERS.iter().position(|(p, _)| *p == (r, c)) {
                _ if state.is_some_and(|s| s.at() == (r, c)) => coin.labelled("D"),
                Some(k) => coin.labelled((k + 1).to_string()),
                None => coin,
            };
            l.push(coin);
        }
    }
    // The die on its coin. Its face does not matter here, and is not
    // kept: it is drawn without one.
    if let Some(s) = state {
        let (x, y) = cell(s.at().0, s.at().1);
        l.push(
            Placed::die(None, x, y)
                .suited(YOUR_DIE)
                .known_as(YOUR_DIE_ID),
        );
    }
    l
}

/// The trampolines: coins face up, their values the rules' figure
/// (`a / 2 3 / 4 5 a / 2 3 4 5 / a 2 3 4 5`), from three suits (ours:
/// Suns, Moons, Crowns; Arms is the suit set aside for kids).
const TRAMPOLINES: [Rank; 15] = {
    use Rank::*;
    [
        Ace, Two, Three, Four, Five, Ace, Two, Three, Four, Five, Ace, Two, Three, Four, Five,
    ]
};

/// Trampolines an inch and a quarter apart: room for a pawn on each.
const SPACING: f64 = 1.25;

/// The triangle of fifteen trampolines as set up (see `trampo_played`).
pub fn trampo_land(t: &Trampo) -> Layout {
    trampo_played(t, &[])
}

/// The triangle of fifteen trampolines (face-up coins) with who stands
/// on each after `moves`: you the die, adults pawns (a suit each), kids
/// face-down coins (six of the set-aside Arms, then the three other
/// nulls). Each keeps the identity it was set up with, so a record shows
/// a bounce as the bouncer moving and the bounced leaving.
pub fn trampo_played(t: &Trampo, moves: &[Move]) -> Layout {
    let mut l = Layout::new("trampo-land", "Trampo-Land");
    // Who stands where, by identity: the die, adult k, kid k.
    let (mut adults, mut kids) = (0u32, 0u32);
    let mut on: [Option<(Occupant, u32)>; 15] = [None; 15];
    for (n, o) in t.board.iter().enumerate() {
        on[n] = match o {
            Occupant::Empty => None,
            Occupant::You => Some((*o, YOUR_DIE_ID)),
            Occupant::Adult => {
                adults += 1;
                Some((*o, 200 + adults - 1))
            }
            Occupant::Kid => {
                kids += 1;
                Some((*o, 300 + kids - 1))
            }
        };
    }
    for m in moves {
        let (from, to, over) = match *m {
            Move::Bounce { from, over, to, .. } => (from, to, Some(over)),
            Move::Walk { from, to, .. } => (from, to, None),
        };
        on[to - 1] = on[from - 1].take();
        if let Some(o) = over {
            on[o - 1] = None;
        }
    }
    let mut suits = SuitsByValue::new(&Suit::ALL[..3]);
    let mut n = 0;
    for row in 0..5usize {
        for i in 0..=row {
            let x = SPACING * (i as f64 - row as f64 / 2.0) + 2.5 * SPACING;
            let y = SPACING * (4 - row) as f64 + SPACING / 2.0;
            let value = TRAMPOLINES[n];
            l.push(
                Placed::coin_value(value, x, y)
                    .suited(suits.next(value))
                    .labelled((n + 1).to_string()),
            );
            match on[n] {
                None | Some((Occupant::Empty, _)) => {}
                Some((Occupant::You, id)) => {
                    l.push(Placed::die(None, x, y).suited(YOUR_DIE).known_as(id));
                }
                Some((Occupant::Adult, id)) => {
                    let suit = Suit::ALL[(id - 200) as usize % 4];
                    l.push(Placed::pawn(Some(suit), x, y).known_as(id));
                }
                Some((Occupant::Kid, id)) => {
                    let k = (id - 300) as usize;
                    let suit = if k < 6 {
                        Suit::Arms
                    } else {
                        Suit::ALL[(k - 6) % 3]
                    };
                    l.push(Placed::coin_suit(suit, x, y).known_as(id));
                }
            }
            n += 1;
        }
    }
    l
}
