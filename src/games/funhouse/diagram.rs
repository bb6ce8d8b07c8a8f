//! The rooms in the terminal, each drawn from its layout alone.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::room::Room;
use crate::layout::{Kind, Layout, Placed, Side, TILE};
use crate::render::cells::{cell, max, min, of, piece, rows};
use crate::style::Style;

/// A room's layout as the terminal draws it.
pub fn draw(layout: &Layout, style: &Style) -> String {
    let room = crate::games::Game::by_id(&layout.game).and_then(Room::of);
    match room {
        Some(Room::SlideJam) => tile_rows(layout, style, None),
        Some(Room::MagicMirror) => tile_rows(layout, style, Some("  ~~~~~~ mirror ~~~~~~")),
        Some(Room::Catwalk) => catwalk(layout),
        Some(Room::Barrels) => barrels(layout),
        Some(Room::WhackADummy) => whack(layout),
        Some(Room::TrampoLand) => trampo(layout),
        None => crate::render::cells::generic(layout),
    }
}

/// Rows of tile codes (Slide Jam, Magic Mirror), with a line drawn in
/// the gap between groups of rows (the mirror).
fn tile_rows(layout: &Layout, style: &Style, gap_line: Option<&str>) -> String {
    let mut lines = Vec::new();
    let mut last_y: Option<f64> = None;
    let empty = |p: &&Placed| p.kind == Kind::Marker && p.label.as_deref() == Some("empty");
    let cells = layout
        .pieces
        .iter()
        .filter(|p| p.kind == Kind::Tile || empty(p));
    for row in rows(cells) {
        let y = row[0].y;
        if let (Some(line), Some(prev)) = (gap_line, last_y)
            && prev - y > TILE
        {
            lines.push(line.to_string());
        }
        last_y = Some(y);
        // A cell of the frame with no tile left is drawn `..`.
        let cells: Vec<String> = row
            .iter()
            .filter_map(|p| match piece(p) {
                Some(t) => Some(style.piece(t)),
                None => empty(p).then(|| "..".to_string()),
            })
            .collect();
        lines.push(format!("  {}", cells.join("  ")));
    }
    lines.join("\n")
}

/// The Catwalk: each tile's code above its place in the laying order.
fn catwalk(layout: &Layout) -> String {
    let at: BTreeMap<(i64, i64), &Placed> =
        of(layout, Kind::Tile).map(|p| (cell(p, TILE), p)).collect();
    let (xs, ys): (Vec<i64>, Vec<i64>) = at.keys().copied().unzip();
    let (minx, maxx) = (min(&xs), max(&xs));
    let mut out = Vec::new();
    for y in (min(&ys)..=max(&ys)).rev() {
        let mut codes = String::new();
        let mut nums = String::new();
        for x in minx..=maxx {
            match at.get(&(x, y)) {
                Some(p) => {
                    let code = piece(p).map(|p| p.to_string()).unwrap_or_default();
                    let _ = write!(codes, "{code} ");
                    let _ = write!(nums, "{:>2} ", p.label.as_deref().unwrap_or(""));
                }
                None => {
                    codes.push_str(" . ");
                    nums.push_str("   ");
                }
            }
        }
        out.push(codes.trim_end().to_string());
        out.push(nums.trim_end().to_string());
    }
    out.join("\n")
}

/// A 4-wide grid of coins, top row first, each cell drawn by `mark`.
fn coin_grid(layout: &Layout, mark: impl Fn(&Placed) -> String) -> String {
    let mut out = vec!["    c1 c2 c3 c4".to_string()];
    for (r, row) in rows(of(layout, Kind::Coin)).iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|p| mark(p)).collect();
        out.push(format!("r{} {}", r + 1, cells.join(" ")));
    }
    out.join("\n")
}

/// The barrel grid: each coin's value; beside it, when the coins carry
/// a route, the step at which the die first stands on each (`.` never).
fn barrels(layout: &Layout) -> String {
    let values = coin_grid(layout, |p| {
        format!("{:>2}", p.rank.as_deref().unwrap_or("?"))
    });
    if !of(layout, Kind::Coin).any(|p| p.label.is_some()) {
        return values;
    }
    let steps = coin_grid(layout, |p| {
        format!("{:>2}", p.label.as_deref().unwrap_or("."))
    });
    let mut out = vec![format!("{:<18}{}", "coins", "route (step)")];
    for (v, s) in values.lines().zip(steps.lines()) {
        out.push(format!("{v:<18}{s}"));
    }
    out.join("\n")
}

/// The Whack-a-Dummy board: corners by number, starts `S`, the rest `#`;
/// in play, face-up coins as `^` and their value, the die `D`.
fn whack(layout: &Layout) -> String {
    let grid = coin_grid(layout, |p| match (p.label.as_deref(), p.side) {
        (Some("D"), _) => " D".to_string(),
        (_, Side::Face) => format!("^{}", p.rank.as_deref().unwrap_or("?")),
        (Some(l), _) => format!("{l:>2}"),
        (None, _) => " #".to_string(),
    });
    if of(layout, Kind::Coin).any(|p| p.label.as_deref() == Some("D")) {
        format!("{grid}\nD the die, ^v face up, # face down, 1-4 corners")
    } else {
        grid
    }
}

/// The triangle of trampolines (the numbered coins), each with its
/// number and who stands on it, then the legend.
fn trampo(layout: &Layout) -> String {
    let mut out = Vec::new();
    let trampolines = of(layout, Kind::Coin).filter(|p| p.label.is_some());
    for (r, row) in rows(trampolines).iter().enumerate() {
        let mut line = " ".repeat((4 - r.min(4)) * 3);
        for t in row {
            let on = layout
                .pieces
                .iter()
                .find(|p| p.label.is_none() && p.x == t.x && p.y == t.y);
            let mark = match on.map(|p| p.kind) {
                Some(Kind::Die) => 'Y',
                Some(Kind::Pawn) => 'A',
                Some(Kind::Coin) => 'k',
                _ => '.',
            };
            let _ = write!(line, "{:>3}{mark} ", t.label.as_deref().unwrap_or(""));
        }
        out.push(line.trim_end().to_string());
    }
    out.push("Y you (die), A adult (pawn), k kid (coin), . empty".to_string());
    out.join("\n")
}
