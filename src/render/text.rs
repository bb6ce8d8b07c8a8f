//! The terminal diagrams, drawn from the layout model like every other
//! format: each game's pieces put back on a character grid by position.
//! Colour comes from the one `Style` switch, applied last per cell.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::layout::{Kind, Layout, Placed};
use crate::pieces::{Piece, Suit};
use crate::style::{Style, Tone};

/// The diagram of a layout (no trailing newline).
pub fn diagram(layout: &Layout, style: &Style) -> String {
    match layout.game.as_str() {
        "slide-jam" => tile_rows(layout, style, None),
        "magic-mirror" => tile_rows(layout, style, Some("  ~~~~~~ mirror ~~~~~~")),
        "catwalk" => catwalk(layout),
        "roll-out-the-barrels" => barrels(layout),
        "whack-a-dummy" => whack(layout),
        "trampo-land" => trampo(layout),
        "lab-rats" => lab_rats(layout),
        "angry-troll" => troll(layout),
        "slides-of-action" => slides(layout, style),
        "penguins-night-out" => penguins(layout),
        _ => generic(layout),
    }
}

fn of(layout: &Layout, kind: Kind) -> impl Iterator<Item = &Placed> {
    layout.pieces.iter().filter(move |p| p.kind == kind)
}

/// Pieces grouped into rows, top row first, each left to right.
fn rows<'a>(pieces: impl Iterator<Item = &'a Placed>) -> Vec<Vec<&'a Placed>> {
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

fn piece(p: &Placed) -> Option<Piece> {
    format!("{}{}", p.suit.as_deref()?, p.rank.as_deref()?)
        .parse()
        .ok()
}

/// Integer grid coordinates of a piece on a grid of `step` inches.
fn cell(p: &Placed, step: f64) -> (i64, i64) {
    (
        ((p.x - step / 2.0) / step).round() as i64,
        ((p.y - step / 2.0) / step).round() as i64,
    )
}

/// Rows of tile codes (Slide Jam, Magic Mirror), with a line drawn in
/// the gap between groups of rows (the mirror).
fn tile_rows(layout: &Layout, style: &Style, gap_line: Option<&str>) -> String {
    let mut lines = Vec::new();
    let mut last_y: Option<f64> = None;
    let empty = |p: &&Placed| p.kind == Kind::Marker && p.label.as_deref() == Some("empty");
    let cells = layout
        .pieces
        .iter()
        .filter(|p| p.kind == Kind::Tile || empty(p));
    for row in rows(cells) {
        let y = row[0].y;
        if let (Some(line), Some(prev)) = (gap_line, last_y)
            && prev - y > crate::layout::TILE
        {
            lines.push(line.to_string());
        }
        last_y = Some(y);
        // A cell of the frame with no tile left is drawn `..`.
        let cells: Vec<String> = row
            .iter()
            .filter_map(|p| match piece(p) {
                Some(t) => Some(style.piece(t)),
                None => empty(p).then(|| "..".to_string()),
            })
            .collect();
        lines.push(format!("  {}", cells.join("  ")));
    }
    lines.join("\n")
}

/// The Catwalk: each tile's code above its place in the laying order.
fn catwalk(layout: &Layout) -> String {
    let at: BTreeMap<(i64, i64), &Placed> = of(layout, Kind::Tile)
        .map(|p| (cell(p, crate::layout::TILE), p))
        .collect();
    let (xs, ys): (Vec<i64>, Vec<i64>) = at.keys().copied().unzip();
    let (minx, maxx) = (min(&xs), max(&xs));
    let mut out = Vec::new();
    for y in (min(&ys)..=max(&ys)).rev() {
        let mut codes = String::new();
        let mut nums = String::new();
        for x in minx..=maxx {
            match at.get(&(x, y)) {
                Some(p) => {
                    let code = piece(p).map(|p| p.to_string()).unwrap_or_default();
                    let _ = write!(codes, "{code} ");
                    let _ = write!(nums, "{:>2} ", p.label.as_deref().unwrap_or(""));
                }
                None => {
                    codes.push_str(" . ");
                    nums.push_str("   ");
                }
            }
        }
        out.push(codes.trim_end().to_string());
        out.push(nums.trim_end().to_string());
    }
    out.join("\n")
}

fn min(v: &[i64]) -> i64 {
    v.iter().copied().min().unwrap_or(0)
}

fn max(v: &[i64]) -> i64 {
    v.iter().copied().max().unwrap_or(0)
}

/// A 4-wide grid of coins, top row first, each cell drawn by `mark`.
fn coin_grid(layout: &Layout, mark: impl Fn(&Placed) -> String) -> String {
    let mut out = vec!["    c1 c2 c3 c4".to_string()];
    for (r, row) in rows(of(layout, Kind::Coin)).iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|p| mark(p)).collect();
        out.push(format!("r{} {}", r + 1, cells.join(" ")));
    }
    out.join("\n")
}

/// The barrel grid: each coin's value; beside it, when the coins carry
/// a route, the step at which the die first stands on each (`.` never).
fn barrels(layout: &Layout) -> String {
    let values = coin_grid(layout, |p| {
        format!("{:>2}", p.rank.as_deref().unwrap_or("?"))
    });
    if !of(layout, Kind::Coin).any(|p| p.label.is_some()) {
        return values;
    }
    let steps = coin_grid(layout, |p| {
        format!("{:>2}", p.label.as_deref().unwrap_or("."))
    });
    let mut out = vec![format!("{:<18}{}", "coins", "route (step)")];
    for (v, s) in values.lines().zip(steps.lines()) {
        out.push(format!("{v:<18}{s}"));
    }
    out.join("\n")
}

/// The Whack-a-Dummy board: corners by number, starts `S`, the rest `#`;
/// in play, face-up coins as `^` and their value, the die `D`.
fn whack(layout: &Layout) -> String {
    let grid = coin_grid(layout, |p| match (p.label.as_deref(), p.side) {
        (Some("D"), _) => " D".to_string(),
        (_, crate::layout::Side::Face) => format!("^{}", p.rank.as_deref().unwrap_or("?")),
        (Some(l), _) => format!("{l:>2}"),
        (None, _) => " #".to_string(),
    });
    if of(layout, Kind::Coin).any(|p| p.label.as_deref() == Some("D")) {
        format!("{grid}\nD the die, ^v face up, # face down, 1-4 corners")
    } else {
        grid
    }
}

/// The triangle of trampolines, each with its number and who stands on
/// it, then the legend.
fn trampo(layout: &Layout) -> String {
    let mut out = Vec::new();
    for (r, row) in rows(of(layout, Kind::Tile)).iter().enumerate() {
        let mut line = " ".repeat((4 - r.min(4)) * 3);
        for t in row {
            let on = layout
                .pieces
                .iter()
                .find(|p| p.kind != Kind::Tile && p.x == t.x && p.y == t.y);
            let mark = match on.map(|p| p.kind) {
                Some(Kind::Die) => 'Y',
                Some(Kind::Pawn) => 'A',
                Some(Kind::Coin) => 'k',
                _ => '.',
            };
            let _ = write!(line, "{:>3}{mark} ", t.label.as_deref().unwrap_or(""));
        }
        out.push(line.trim_end().to_string());
    }
    out.push("Y you (die), A adult (pawn), k kid (coin), . empty".to_string());
    out.join("\n")
}

/// A Lab Rats game in play: `.` a maze square, `R` the rat, a coin's
/// value where coins lie, `#` the exit.
fn rats_in_play(layout: &Layout) -> String {
    let mut cells: BTreeMap<(i64, i64), String> = BTreeMap::new();
    let key = |p: &Placed| (p.x.floor() as i64, p.y.floor() as i64);
    for m in of(layout, Kind::Marker) {
        let mark = if m.label.as_deref() == Some("exit") {
            "#"
        } else {
            "."
        };
        cells.insert(key(m), mark.to_string());
    }
    for c in of(layout, Kind::Coin) {
        cells.insert(key(c), c.rank.clone().unwrap_or_default());
    }
    for r in of(layout, Kind::Pawn) {
        cells.insert(key(r), "R".to_string());
    }
    let (xs, ys): (Vec<i64>, Vec<i64>) = cells.keys().copied().unzip();
    let mut out = Vec::new();
    for y in (min(&ys)..=max(&ys)).rev() {
        let line: String = (min(&xs)..=max(&xs))
            .map(|x| cells.get(&(x, y)).map_or(" ", String::as_str))
            .collect();
        out.push(line.trim_end().to_string());
    }
    out.push("R the rat, . maze, n a 2..5 coins left, # exit".to_string());
    out.join("\n")
}

/// The maze square by square: each tile's letter on its four squares,
/// `*` where the rat may start, `#` the exit.
fn lab_rats(layout: &Layout) -> String {
    if of(layout, Kind::Pawn).next().is_some() {
        return rats_in_play(layout);
    }
    let mut cells: BTreeMap<(i64, i64), char> = BTreeMap::new();
    for t in of(layout, Kind::Tile) {
        let letter = t
            .label
            .as_deref()
            .and_then(|l| l.chars().next())
            .unwrap_or('?');
        let (x, y) = ((t.x - 1.0).round() as i64, (t.y - 1.0).round() as i64);
        for s in [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)] {
            cells.insert(s, letter);
        }
    }
    for label in ["start", "exit"] {
        for m in of(layout, Kind::Marker).filter(|m| m.label.as_deref() == Some(label)) {
            let mark = if label == "start" { '*' } else { '#' };
            cells.insert((m.x.floor() as i64, m.y.floor() as i64), mark);
        }
    }
    let (xs, ys): (Vec<i64>, Vec<i64>) = cells.keys().copied().unzip();
    let (minx, maxx) = (min(&xs), max(&xs));
    let mut out = Vec::new();
    for y in (min(&ys)..=max(&ys)).rev() {
        let line: String = (minx..=maxx)
            .map(|x| *cells.get(&(x, y)).unwrap_or(&'.'))
            .collect();
        out.push(line.trim_end_matches('.').to_string());
    }
    out.join("\n")
}

/// The bridge as two rows of six cells: `[3]` a dormant stack of three,
/// `!QS` an awake brick on top, `.` an empty slot; the troll's cell is in
/// braces.
fn troll(layout: &Layout) -> String {
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
        let body = match cards.iter().find(|p| p.x == x && p.y == y) {
            Some(p) if p.side == crate::layout::Side::Face => format!(
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
    out.push_str("[n] dormant, !QS awake, {} troll");
    out
}

/// The 4x4 board of coins by suit, `_` for the empty space.
fn slides(layout: &Layout, style: &Style) -> String {
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

/// The domino board as a grid of squares, each its number and a mark (a
/// penguin `A`-`D`, a buddy `a`-`d`), `-` joining the halves of a domino
/// across and `|` (on the line between) the halves of one down the table;
/// the nests listed under it.
fn penguins(layout: &Layout) -> String {
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
    for m in of(layout, Kind::Marker) {
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

/// Any other layout: its pieces listed with their places.
fn generic(layout: &Layout) -> String {
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
