//! The Slides of Action board in the terminal, drawn from its layout.

use crate::layout::{Kind, Layout};
use crate::pieces::Suit;
use crate::render::cells::{cell, of};
use crate::style::{Style, Tone};

/// The 4x4 board of coins by suit, `_` for the empty space.
pub fn draw(layout: &Layout, style: &Style) -> String {
    let mut grid = [[None::<Suit>; 4]; 4];
    for c in of(layout, Kind::Coin) {
        let (x, y) = cell(c, 1.0);
        let (col, r) = (x as usize, 3 - y as usize);
        if col < 4 && r < 4 {
            grid[r][col] = c.piece_suit();
        }
    }
    grid.iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|c| match c {
                    Some(s) => style.paint(&s.letter().to_string(), Tone::Suit(*s)),
                    None => "_".into(),
                })
                .collect();
            format!("  {}", cells.join(" "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}
