//! The tableau in the terminal, drawn from the layout: each tile as its
//! suit and rank on its space, rank 4 at the top, `..` for a gap.

use std::collections::BTreeMap;

use crate::games::six_by_four::{FILES, RANKS};
use crate::layout::{Kind, Layout};

pub(super) fn draw(layout: &Layout) -> String {
    let mut cells: BTreeMap<(u8, u8), String> = BTreeMap::new();
    for t in layout.pieces.iter().filter(|p| p.kind == Kind::Tile) {
        let at = (t.y.floor() as u8, t.x.floor() as u8);
        let name = format!(
            "{}{}",
            t.suit.clone().unwrap_or_default(),
            t.rank.clone().unwrap_or_default()
        );
        cells.insert(at, name);
    }
    let files: Vec<String> = (0..FILES)
        .map(|f| format!("{} ", (b'a' + f) as char))
        .collect();
    let mut out = vec![format!("   {}", files.join(" ").trim_end())];
    for rank in (0..RANKS).rev() {
        let row: Vec<&str> = (0..FILES)
            .map(|f| cells.get(&(rank, f)).map_or("..", String::as_str))
            .collect();
        out.push(format!("{}  {}", rank + 1, row.join(" ")));
    }
    out.join("\n")
}
