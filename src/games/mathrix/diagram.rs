//! The grid in the terminal, drawn from the layout: each coin's value on
//! its space, rank 4 at the top, a dot where a coin was taken.

use std::collections::BTreeMap;

use super::grid::{FILES, RANKS};
use crate::layout::{Kind, Layout};

pub(super) fn draw(layout: &Layout) -> String {
    let mut cells: BTreeMap<(u8, u8), String> = BTreeMap::new();
    for c in layout.pieces.iter().filter(|p| p.kind == Kind::Coin) {
        let at = (c.y.floor() as u8, c.x.floor() as u8);
        cells.insert(at, c.rank.clone().unwrap_or_default());
    }
    let files: Vec<String> = (0..FILES)
        .map(|f| ((b'a' + f) as char).to_string())
        .collect();
    let mut out = vec![format!("   {}", files.join(" "))];
    for rank in (0..RANKS).rev() {
        let row: Vec<&str> = (0..FILES)
            .map(|f| cells.get(&(rank, f)).map_or(".", String::as_str))
            .collect();
        out.push(format!("{}  {}", rank + 1, row.join(" ")));
    }
    out.join("\n")
}
