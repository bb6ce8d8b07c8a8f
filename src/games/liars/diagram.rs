//! Liar's Dice in the terminal: a row a cup (its player's initials, then
//! each die's face, or `■` for a die under the cup), the standing bid,
//! and the cups the last call lifted at the right.

use crate::layout::{Kind, Layout};

/// Where the lifted cups of the last call start (see `Liars::view`).
const LIFTED_X: f64 = 3.5;

pub fn draw(layout: &Layout) -> String {
    // Rows from the top: each row's pieces share a y.
    let mut ys: Vec<f64> = layout.pieces.iter().map(|p| p.y).collect();
    ys.sort_by(|a, b| b.total_cmp(a));
    ys.dedup();
    let mut lines = Vec::new();
    for y in ys {
        let row: Vec<_> = layout.pieces.iter().filter(|p| p.y == y).collect();
        let name = row
            .iter()
            .find(|p| p.kind == Kind::Marker)
            .and_then(|p| p.label.clone())
            .unwrap_or_default();
        let dice = |lifted: bool| -> Vec<String> {
            row.iter()
                .filter(|p| p.kind == Kind::Die && (p.x >= LIFTED_X) == lifted)
                .map(|p| p.rank.clone().unwrap_or_else(|| "■".into()))
                .collect()
        };
        let (cup, lifted) = (dice(false), dice(true));
        let mut line = format!("{name:<5}{}", cup.join(" "));
        if !lifted.is_empty() {
            line = format!("{line:<16}lifted: {}", lifted.join(" "));
        }
        lines.push(line.trim_end().to_string());
    }
    lines.join("\n")
}
