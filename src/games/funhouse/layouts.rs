//! The six rooms' setups as layout data (see `crate::layout`): what the
//! pictures and piecepackr files are drawn from.

use super::setup::{
    BARREL_COLS, BARREL_ROWS, Catwalk, Occupant, Trampo, WHACK_CORNERS, WHACK_STARTS,
};
use crate::layout::{Layout, Placed, TILE};
use crate::pieces::{Piece, Rank};

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
    for (r, row) in grid.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            let (x, y) = cell(r, c);
            l.push(Placed::coin_value(*v, x, y));
        }
    }
    let (x, y) = cell(0, 0);
    l.push(Placed::marker("start", x - 1.0, y));
    let (x, y) = cell(BARREL_ROWS - 1, BARREL_COLS - 1);
    l.push(Placed::marker("exit", x + 1.0, y));
    l
}

/// The barrel grid with a route on it: each coin the die stands on is
/// labelled with the step it first gets there (0: the start).
pub fn barrels_route(grid: &[Vec<Rank>], route: &[(usize, usize)]) -> Layout {
    let mut l = barrels(grid);
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
pub fn whack_a_dummy() -> Layout {
    let mut l = Layout::new("whack-a-dummy", "Whack-a-Dummy");
    for r in 0..BARREL_ROWS {
        for c in 0..BARREL_COLS {
            let (x, y) = cell(r, c);
            let coin = Placed::coin_back(x, y);
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
    for (r, row) in grid.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            let (x, y) = cell(r, c);
            let up = state.is_some_and(|s| s.is_up((r, c)));
            let coin = if up {
                Placed::coin_value(*v, x, y)
            } else {
                Placed::coin_back(x, y)
            };
            let coin = match WHACK_CORNERS.iter().position(|(p, _)| *p == (r, c)) {
                _ if state.is_some_and(|s| s.at() == (r, c)) => coin.labelled("D"),
                Some(k) => coin.labelled((k + 1).to_string()),
                None => coin,
            };
            l.push(coin);
        }
    }
    l
}

/// The triangle of fifteen trampolines (face-down tiles) with who stands
/// on each: you the die, adults pawns, kids coins.
pub fn trampo_land(t: &Trampo) -> Layout {
    let mut l = Layout::new("trampo-land", "Trampo-Land");
    let mut n = 0;
    for row in 0..5usize {
        for i in 0..=row {
            let x = TILE * (i as f64 - row as f64 / 2.0) + 5.0;
            let y = TILE * (4 - row) as f64 + 1.0;
            l.push(Placed::tile_back(x, y).labelled((n + 1).to_string()));
            match t.board[n] {
                Occupant::Empty => {}
                Occupant::You => l.push(Placed::die(None, x, y)),
                Occupant::Adult => l.push(Placed::pawn(None, x, y)),
                Occupant::Kid => l.push(Placed::coin_back(x, y)),
            }
            n += 1;
        }
    }
    l
}
