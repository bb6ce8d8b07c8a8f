//! The mountain in the terminal, drawn from the layout.

use std::collections::BTreeMap;

use crate::layout::{Kind, Layout, Placed};

/// The mountain in the terminal: each step's coin value, a priest as its
/// suit's letter where it stands, the summit between bars.
pub(super) fn draw(layout: &Layout) -> String {
    let mut cells: BTreeMap<(u8, u8), String> = BTreeMap::new();
    let at = |p: &Placed| (if p.y > 1.0 { 0u8 } else { 1 }, p.x.floor() as u8);
    for c in layout.pieces.iter().filter(|p| p.kind == Kind::Coin) {
        cells.insert(at(c), c.rank.clone().unwrap_or_default());
    }
    for p in layout.pieces.iter().filter(|p| p.kind == Kind::Pawn) {
        let letter = p.piece_suit().map_or("P", |s| &s.name()[..1]);
        cells.insert(at(p), letter.to_string());
    }
    let mut out = vec!["   a b c d e f g h i j k l m n".to_string()];
    for row in 0..2u8 {
        let mut line = format!("{}  ", 2 - row);
        for col in 0..14u8 {
            line.push_str(cells.get(&(row, col)).map_or(".", String::as_str));
            line.push(if col == 5 || col == 7 { '|' } else { ' ' });
        }
        out.push(line.trim_end().to_string());
    }
    let dice: Vec<String> = layout
        .pieces
        .iter()
        .filter(|p| p.kind == Kind::Die)
        .map(|d| {
            format!(
                "{} {}",
                d.piece_suit().map_or("", |s| s.name()),
                d.rank.clone().unwrap_or_default()
            )
        })
        .collect();
    if !dice.is_empty() {
        out.push(format!("dice: {}", dice.join(", ")));
    }
    out.join("\n")
}
