//! Portable Piecepack Notation (piecepackr's `ppn` package): a YAML
//! header, then a `Setup.` move that places every piece at its
//! coordinates (`tfS0@(1,1)`: a tile, face up, Suns, null, at 1,1 inches).
//!
//! Piece specs: `t` tile, `c` coin, `d` die, `p` pawn, `[]` a card back,
//! a playing card as its Unicode character; `f`/`b` face or back; suit
//! `S M C A`; rank `0` (null) to `5`. Dominoes are tiles of piecepackr's
//! `dominoes` configuration with their halves as suit and rank (`,s3,r5`,
//! counted from 0). Markers are not pieces: they become comments.

use super::num;
use crate::layout::{Kind, Layout, Placed, Side};

/// The piece spec of one piece (without its place).
pub fn spec(p: &Placed) -> Option<String> {
    let side = if p.side == Side::Face { "f" } else { "b" };
    let suit = p.suit.clone().unwrap_or_default();
    let rank = p
        .ppdf_rank()
        .map(|r| (r - 1).to_string())
        .unwrap_or_default();
    let angle = if p.angle == 0.0 {
        String::new()
    } else {
        format!(",a{}", num(p.angle))
    };
    Some(match p.kind {
        Kind::Tile | Kind::Coin => {
            let k = if p.kind == Kind::Tile { "t" } else { "c" };
            format!("{k}{side}{suit}{rank}{angle}")
        }
        Kind::Die => format!("d{suit}{rank}{angle}"),
        Kind::Pawn => format!("p{suit}{angle}"),
        Kind::Card if p.side == Side::Back => format!("[]b{angle}"),
        Kind::Card => {
            // Unicode playing cards: spades from U+1F0A1, then hearts,
            // diamonds, clubs, each ace to king with a knight at 12.
            let base = match p.suit.as_deref()? {
                "S" => 0x1F0A1,
                "H" => 0x1F0B1,
                "D" => 0x1F0C1,
                _ => 0x1F0D1,
            };
            let r = p.ppdf_rank()?;
            let offset = if r >= 12 { r } else { r - 1 };
            format!("{}{angle}", char::from_u32(base + offset)?)
        }
        Kind::Domino => format!(
            "tf,s{},r{}{angle},dominoes'",
            p.ppdf_suit()? - 1,
            p.ppdf_rank()? - 1
        ),
        Kind::Marker => return None,
    })
}

pub fn ppn(layout: &Layout) -> String {
    let mut out = format!(
        "---\nTitle: \"{}\"\nGenerator: tablemate {}\n...\n",
        layout.title.replace('"', "'"),
        env!("CARGO_PKG_VERSION")
    );
    let mut line = String::from("Setup.");
    let mut lines = Vec::new();
    for p in &layout.pieces {
        let item = match spec(p) {
            Some(s) => format!("{s}@({},{})", num(p.x), num(p.y)),
            None => format!(
                "{{ {} at ({},{}) }}",
                p.label.as_deref().unwrap_or("mark"),
                num(p.x),
                num(p.y)
            ),
        };
        if line.len() + item.len() + 1 > 78 {
            lines.push(std::mem::take(&mut line));
            line.push_str("      ");
        }
        line.push(' ');
        line.push_str(&item);
    }
    lines.push(line);
    out.push_str(&lines.join("\n"));
    out.push('\n');
    out
}
