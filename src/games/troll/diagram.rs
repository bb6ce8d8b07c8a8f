//! The bridge in the terminal, drawn from its layout alone.

use std::fmt::Write;

use crate::layout::{Kind, Layout, Placed, Side};
use crate::render::cells::of;

/// The bridge as two rows of six cells: `[3]` a dormant stack of three,
/// `!QS` an awake brick on top, `.` an empty slot; the troll's cell is in
/// braces.
pub fn draw(layout: &Layout) -> String {
    let cards: Vec<&Placed> = of(layout, Kind::Card).collect();
    let markers: Vec<&Placed> = of(layout, Kind::Marker).collect();
    // The bridge's six slots are the six leftmost places (a stack, or a
    // marker for an empty slot); the deck and carried cards lie beyond.
    let mut xs: Vec<f64> = cards.iter().chain(&markers).map(|p| p.x).collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    let slots: Vec<f64> = xs.into_iter().take(6).collect();
    let mut ys: Vec<f64> = cards.iter().chain(&markers).map(|p| p.y).collect();
    ys.sort_by(|a, b| b.total_cmp(a));
    ys.dedup();
    let pawn = of(layout, Kind::Pawn).next();
    let cell = |x: f64, y: f64| -> String {
        // A stack's top is its last card.
        let body = match cards.iter().rfind(|p| p.x == x && p.y == y) {
            Some(p) if p.side == Side::Face => format!(
                "!{}{}",
                p.rank.as_deref().unwrap_or(""),
                p.suit.as_deref().unwrap_or("")
            ),
            Some(p) => p.label.clone().unwrap_or_else(|| "?".into()),
            None => ".".into(),
        };
        let troll_here = pawn.is_some_and(|t| t.x == x && t.y == y);
        let s = match (troll_here, body.as_str()) {
            (true, _) => format!("{{{body}}}"),
            (false, ".") => ".".to_string(),
            (false, b) if b.starts_with('!') => b.to_string(),
            (false, b) => format!("[{b}]"),
        };
        format!("{s:^5}")
    };
    let row = |y: Option<&f64>| -> String {
        slots
            .iter()
            .map(|&x| y.map_or(format!("{:^5}", "."), |&y| cell(x, y)))
            .collect::<String>()
            .trim_end()
            .to_string()
    };
    let mut out = String::from("       1    2    3    4    5    6\n");
    let _ = writeln!(out, "upper {}", row(ys.first()));
    let _ = writeln!(out, "lower {}", row(ys.get(1)));
    out.push_str("[n] dormant (n bricks), !card awake, {} troll");
    out
}
