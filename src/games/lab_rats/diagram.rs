//! The maze, and the rat in it, in the terminal, drawn from the layout.

use std::collections::BTreeMap;

use crate::layout::{Kind, Layout, Placed};
use crate::render::cells::{max, min, of};

/// A Lab Rats game in play: `.` a maze square, `R` the rat, a coin's
/// value where coins lie (the top one's), `#` the exit.
fn rats_in_play(layout: &Layout) -> String {
    let mut cells: BTreeMap<(i64, i64), String> = BTreeMap::new();
    let key = |p: &Placed| (p.x.floor() as i64, p.y.floor() as i64);
    // A tile's four squares, about its centre.
    for t in of(layout, Kind::Tile) {
        let (x, y) = ((t.x - 1.0).round() as i64, (t.y - 1.0).round() as i64);
        for s in [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)] {
            cells.insert(s, ".".to_string());
        }
    }
    // Coins on the maze; the stacks beside it are listed, not drawn.
    for c in of(layout, Kind::Coin) {
        if let Some(cell) = cells.get_mut(&key(c)) {
            *cell = c.rank.clone().unwrap_or_default();
        }
    }
    for p in of(layout, Kind::Pawn) {
        let mark = if p.piece_suit() == Some(super::layout::RAT) {
            "R"
        } else {
            "#"
        };
        cells.insert(key(p), mark.to_string());
    }
    let (xs, ys): (Vec<i64>, Vec<i64>) = cells.keys().copied().unzip();
    let mut out = Vec::new();
    for y in (min(&ys)..=max(&ys)).rev() {
        let line: String = (min(&xs)..=max(&xs))
            .map(|x| cells.get(&(x, y)).map_or(" ", String::as_str))
            .collect();
        out.push(line.trim_end().to_string());
    }
    out.push("R the rat, . maze, n a 2..5 coins left, # exit".to_string());
    out.join("\n")
}

/// The maze square by square: each tile's letter on its four squares,
/// `*` where the rat may start, `#` the exit.
pub fn draw(layout: &Layout) -> String {
    if of(layout, Kind::Pawn).next().is_some() {
        return rats_in_play(layout);
    }
    let mut cells: BTreeMap<(i64, i64), char> = BTreeMap::new();
    for t in of(layout, Kind::Tile) {
        let letter = t
            .label
            .as_deref()
            .and_then(|l| l.chars().next())
            .unwrap_or('?');
        let (x, y) = ((t.x - 1.0).round() as i64, (t.y - 1.0).round() as i64);
        for s in [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)] {
            cells.insert(s, letter);
        }
    }
    for label in ["start", "exit"] {
        for m in of(layout, Kind::Marker).filter(|m| m.label.as_deref() == Some(label)) {
            let mark = if label == "start" { '*' } else { '#' };
            cells.insert((m.x.floor() as i64, m.y.floor() as i64), mark);
        }
    }
    let (xs, ys): (Vec<i64>, Vec<i64>) = cells.keys().copied().unzip();
    let (minx, maxx) = (min(&xs), max(&xs));
    let mut out = Vec::new();
    for y in (min(&ys)..=max(&ys)).rev() {
        let line: String = (minx..=maxx)
            .map(|x| *cells.get(&(x, y)).unwrap_or(&'.'))
            .collect();
        out.push(line.trim_end_matches('.').to_string());
    }
    out.join("\n")
}
