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

/// A piece as PPN moves name it: its spec and its place `(x,y)`.
fn placed(layout: &Layout) -> Vec<(String, String)> {
    layout
        .pieces
        .iter()
        .filter_map(|p| Some((spec(p)?, format!("({},{})", num(p.x), num(p.y)))))
        .collect()
}

/// The PPN moves that turn `from` into `to`: pieces that left (`*at`),
/// changed where they lie (`at=spec`, a card turned up), moved (`a-b`,
/// ordered so none lands on a place still to be left) and arrived
/// (`spec@at`).
pub fn moves(from: &Layout, to: &Layout) -> Vec<String> {
    let (mut old, mut new) = (placed(from), placed(to));
    // What stayed put is no move.
    let mut i = 0;
    while i < new.len() {
        match old.iter().position(|o| *o == new[i]) {
            Some(j) => {
                old.remove(j);
                new.remove(i);
            }
            None => i += 1,
        }
    }
    // The same piece somewhere else moved there.
    let mut moved = Vec::new();
    let mut i = 0;
    while i < new.len() {
        match old.iter().position(|o| o.0 == new[i].0) {
            Some(j) => {
                moved.push((old.remove(j).1, new.remove(i).1));
            }
            None => i += 1,
        }
    }
    // Another piece where one lay: it was turned or replaced.
    let mut replaced = Vec::new();
    let mut i = 0;
    while i < new.len() {
        match old.iter().position(|o| o.1 == new[i].1) {
            Some(j) => {
                old.remove(j);
                let (spec, at) = new.remove(i);
                replaced.push(format!("{at}={spec}"));
            }
            None => i += 1,
        }
    }
    let mut out: Vec<String> = old.iter().map(|(_, at)| format!("*{at}")).collect();
    out.extend(replaced);
    // A move may go only where no piece is still to leave; a ring of
    // moves is broken by lifting one piece off and putting it back last.
    let mut lifted = Vec::new();
    while !moved.is_empty() {
        let free = (0..moved.len()).find(|&k| !moved.iter().any(|(a, _)| *a == moved[k].1));
        match free {
            Some(k) => {
                let (a, b) = moved.remove(k);
                out.push(format!("{a}-{b}"));
            }
            None => {
                let (a, b) = moved.remove(0);
                let spec = placed(from)
                    .into_iter()
                    .find(|(_, at)| *at == a)
                    .map(|(s, _)| s)
                    .unwrap_or_default();
                out.push(format!("*{a}"));
                lifted.push(format!("{spec}@{b}"));
            }
        }
    }
    out.extend(lifted);
    out.extend(new.into_iter().map(|(spec, at)| format!("{spec}@{at}")));
    out
}

/// A whole game in PPN: the header, the setup as the first position's
/// pieces, then one numbered move a step, each with its words as a
/// comment (`frames`: each position's layout and what made it).
pub fn ppn_game(header: &[(&str, String)], frames: &[(Layout, String)]) -> String {
    let Some((first, _)) = frames.first() else {
        return String::new();
    };
    let mut out = String::from("---\n");
    for (k, v) in header {
        out.push_str(&format!("{k}: \"{}\"\n", v.replace(['"', '\\'], "'")));
    }
    out.push_str(&format!(
        "Generator: tablemate {}\n...\n",
        env!("CARGO_PKG_VERSION")
    ));
    let setup = ppn(first);
    out.push_str(setup.split_once("...\n").map_or("", |(_, m)| m));
    for (n, pair) in frames.windows(2).enumerate() {
        let (before, after) = (&pair[0].0, &pair[1].0);
        // Braces cannot nest in a PPN comment.
        let said = pair[1].1.replace(['{', '}'], "");
        let mut line = format!("{}. {{ {said} }}", n + 1);
        for m in moves(before, after) {
            line.push(' ');
            line.push_str(&m);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}
