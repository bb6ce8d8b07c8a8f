//! What every terminal diagram needs to put a layout's pieces back on a
//! grid of characters: the pieces of a kind, rows by position, a piece's
//! grid square, and the generic listing for a layout no game draws.

use crate::layout::{Kind, Layout, Placed};
use crate::pieces::Piece;

pub fn of(layout: &Layout, kind: Kind) -> impl Iterator<Item = &Placed> {
    layout.pieces.iter().filter(move |p| p.kind == kind)
}

/// Pieces grouped into rows, top row first, each left to right.
pub fn rows<'a>(pieces: impl Iterator<Item = &'a Placed>) -> Vec<Vec<&'a Placed>> {
    let mut by_y: Vec<(f64, Vec<&Placed>)> = Vec::new();
    for p in pieces {
        match by_y.iter_mut().find(|(y, _)| *y == p.y) {
            Some((_, row)) => row.push(p),
            None => by_y.push((p.y, vec![p])),
        }
    }
    by_y.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (_, row) in &mut by_y {
        row.sort_by(|a, b| a.x.total_cmp(&b.x));
    }
    by_y.into_iter().map(|(_, row)| row).collect()
}

/// The piecepack piece a placed tile or coin shows, if both its suit and
/// rank are known.
pub fn piece(p: &Placed) -> Option<Piece> {
    format!("{}{}", p.suit.as_deref()?, p.rank.as_deref()?)
        .parse()
        .ok()
}

/// Integer grid coordinates of a piece on a grid of `step` inches.
pub fn cell(p: &Placed, step: f64) -> (i64, i64) {
    (
        ((p.x - step / 2.0) / step).round() as i64,
        ((p.y - step / 2.0) / step).round() as i64,
    )
}

pub fn min(v: &[i64]) -> i64 {
    v.iter().copied().min().unwrap_or(0)
}

pub fn max(v: &[i64]) -> i64 {
    v.iter().copied().max().unwrap_or(0)
}

/// Any layout no game draws: its pieces listed with their places.
pub fn generic(layout: &Layout) -> String {
    layout
        .pieces
        .iter()
        .map(|p| {
            format!(
                "{} {} {} at {},{}",
                p.kind.name(),
                p.suit.as_deref().unwrap_or("-"),
                p.rank.as_deref().unwrap_or("-"),
                p.x,
                p.y
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
