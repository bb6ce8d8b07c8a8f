//! The penguins' board in the terminal, drawn from its layout alone.

use std::fmt::Write;

use crate::layout::{Kind, Layout, Placed};
use crate::render::cells::of;

/// The domino board as a grid of squares, each its number and a mark (a
/// penguin `A`-`D`, a buddy `a`-`d`), `-` joining the halves of a domino
/// across and `|` (on the line between) the halves of one down the table;
/// the nests listed under it.
pub fn draw(layout: &Layout) -> String {
    use std::collections::HashMap;
    // Squares are an inch: (row, column) from the top left.
    let dominoes: Vec<&Placed> = of(layout, Kind::Domino).collect();
    let halves = |d: &Placed| {
        if d.angle == 0.0 {
            [(d.x, d.y + 0.5), (d.x, d.y - 0.5)]
        } else {
            [(d.x - 0.5, d.y), (d.x + 0.5, d.y)]
        }
    };
    let all = dominoes.iter().flat_map(|d| halves(d));
    let top = all.clone().map(|p| p.1).fold(f64::MIN, f64::max);
    let left = all.map(|p| p.0).fold(f64::MAX, f64::min);
    let at = |x: f64, y: f64| ((top - y).round() as i32, (x - left).round() as i32);
    let mut square: HashMap<(i32, i32), (usize, String)> = HashMap::new();
    for (i, d) in dominoes.iter().enumerate() {
        let [p, q] = halves(d);
        square.insert(at(p.0, p.1), (i, d.suit.clone().unwrap_or_default()));
        square.insert(at(q.0, q.1), (i, d.rank.clone().unwrap_or_default()));
    }
    let mut mark: HashMap<(i32, i32), String> = HashMap::new();
    // Buddy tokens (coins) by their letters.
    for m in of(layout, Kind::Coin) {
        mark.insert(at(m.x, m.y), m.label.clone().unwrap_or_default());
    }
    // A penguin on the middle of its nest marks both halves.
    for p in of(layout, Kind::Pawn) {
        let name = p.label.clone().unwrap_or_default();
        for (dx, dy) in [(0.0, 0.0), (-0.5, 0.0), (0.5, 0.0), (0.0, 0.5), (0.0, -0.5)] {
            let (x, y) = (p.x + dx, p.y + dy);
            if (x - x.floor() - 0.5).abs() < 1e-9 && (y - y.floor() - 0.5).abs() < 1e-9 {
                let s = at(x, y);
                if square.contains_key(&s) {
                    mark.insert(s, name.clone());
                }
            }
        }
    }
    let rows = square.keys().map(|s| s.0).max().unwrap_or(0);
    let cols = square.keys().map(|s| s.1).max().unwrap_or(0);
    let mut out = String::from("   ");
    for c in 0..=cols {
        let _ = write!(out, "{:<3}", c + 1);
    }
    let mut lines = vec![out.trim_end().to_string()];
    for r in 0..=rows {
        let mut line = format!("{:>2} ", r + 1);
        let mut below = String::from("   ");
        for c in 0..=cols {
            let here = square.get(&(r, c));
            let joined = |s: (i32, i32)| here.zip(square.get(&s)).is_some_and(|(a, b)| a.0 == b.0);
            match here {
                Some((_, n)) => {
                    line.push_str(n);
                    line.push_str(mark.get(&(r, c)).map_or(" ", String::as_str));
                }
                None => line.push_str("  "),
            }
            line.push(if joined((r, c + 1)) { '-' } else { ' ' });
            below.push_str(if joined((r + 1, c)) { "|  " } else { "   " });
        }
        lines.push(line.trim_end().to_string());
        if below.contains('|') {
            lines.push(below.trim_end().to_string());
        }
    }
    let nests: Vec<String> = dominoes
        .iter()
        .filter_map(|d| {
            let n = d.label.as_ref()?;
            // Smaller number first, as a domino is named.
            let (a, b): (u8, u8) = (
                d.suit.as_deref()?.parse().ok()?,
                d.rank.as_deref()?.parse().ok()?,
            );
            Some((n.clone(), format!("{}-{}", a.min(b), a.max(b))))
        })
        .collect::<std::collections::BTreeMap<_, _>>()
        .into_iter()
        .map(|(n, d)| format!("{n} {d}"))
        .collect();
    if !nests.is_empty() {
        lines.push(format!("nests: {}", nests.join(", ")));
    }
    if of(layout, Kind::Pawn).next().is_some() {
        lines.push("A-D penguins, a-d their buddies".into());
    }
    lines.join("\n")
}
