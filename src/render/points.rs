//! A layout drawn on the points its pieces lie on, for positions no game
//! of ours draws (another tool's PPN, #81): each stack's top piece in
//! PPN's own notation (`S`, `3v`, `dS3`, `pC`), a count before it where
//! pieces are stacked, `.` for a point of the board, files `a`.. and
//! ranks `1`.. as the moves name them, so a move can be read off it.

use std::collections::{BTreeMap, BTreeSet};

use crate::layout::{Kind, Layout, Placed, Side};
use crate::ppn_file::notation::token;
use crate::style::{Style, Tone};

/// A grid wider or taller than this is no board: its stacks are listed.
const MOST_ACROSS: i64 = 40;

type Point = (i64, i64);

/// The board and its pieces, top rank first, then a key to the marks.
/// `step`: how many of the layout's units a move's step is (3 in
/// Desfases); pieces lying between the points (Desfases' coins and dice
/// round its edge) are listed by the side of the board they lie on.
pub fn points(layout: &Layout, step: f64, style: &Style) -> String {
    let step = if step > 0.0 { step } else { 1.0 };
    let mut on = Vec::new();
    let mut between = Vec::new();
    for p in &layout.pieces {
        let mut p = p.clone();
        (p.x, p.y) = (p.x / step, p.y / step);
        let on_point = (p.x - p.x.round()).abs() < 1e-6 && (p.y - p.y.round()).abs() < 1e-6;
        if p.kind == Kind::Tile || on_point {
            on.push(p);
        } else {
            between.push(p);
        }
    }
    let (board, stacks) = lay_out(&on);
    if board.is_empty() && stacks.is_empty() && between.is_empty() {
        return "nothing lies on the table".into();
    }
    let all = || board.iter().chain(stacks.keys());
    // With no point taken, every piece lies among the points.
    let (x0, x1) = span(all().map(|p| p.0)).unwrap_or((i64::MIN / 2, i64::MAX / 2));
    let (y0, y1) = span(all().map(|p| p.1)).unwrap_or((i64::MIN / 2, i64::MAX / 2));
    let mut lines = if stacks.is_empty() && board.is_empty() {
        Vec::new()
    } else if x1 - x0 >= MOST_ACROSS || y1 - y0 >= MOST_ACROSS {
        listed(&stacks, style)
    } else {
        grid(&board, &stacks, (x0, x1, y0, y1), style)
    };
    let beside = beside(&between, (x0, x1, y0, y1), style);
    lines.extend(beside.iter().map(|(_, line)| line.clone()));
    if lines.is_empty() {
        return "nothing lies on the table".into();
    }
    let mut tops: Vec<&Placed> = stacks.values().filter_map(|s| s.last().copied()).collect();
    tops.extend(beside.iter().flat_map(|(t, _)| t.iter().copied()));
    let mut places = BTreeSet::new();
    let stacked_beside = between
        .iter()
        .any(|p| !places.insert(((p.x * 1e6).round() as i64, (p.y * 1e6).round() as i64)));
    let stacked = stacked_beside || stacks.values().any(|s| s.len() > 1);
    if let Some(key) = key(&tops, stacked) {
        lines.push(crate::style::wrap(&key, style.width, "  "));
    }
    lines.join("\n")
}

/// The pieces lying between the points, by the side of the board they
/// lie on (above, right, below, left, or among the points), each side's
/// stacks in the order they lie round the board: each line with the top
/// pieces it shows.
fn beside<'a>(
    pieces: &'a [Placed],
    (x0, x1, y0, y1): (i64, i64, i64, i64),
    style: &Style,
) -> Vec<(Vec<&'a Placed>, String)> {
    const SIDES: [&str; 5] = ["above", "right", "below", "left", "among the points"];
    let side = |p: &Placed| {
        let (x, y) = (p.x, p.y);
        if y > y1 as f64 {
            0
        } else if x > x1 as f64 {
            1
        } else if y < y0 as f64 {
            2
        } else if x < x0 as f64 {
            3
        } else {
            4
        }
    };
    // Stacks by their place, to a millionth.
    let mut stacks: BTreeMap<(usize, i64, i64), Vec<&Placed>> = BTreeMap::new();
    for p in pieces {
        let (x, y) = ((p.x * 1e6).round() as i64, (p.y * 1e6).round() as i64);
        let s = side(p);
        // Round the board clockwise from its top left.
        let along = match s {
            0 | 4 => (x, -y),
            1 => (-y, x),
            2 => (-x, y),
            _ => (y, x),
        };
        stacks.entry((s, along.0, along.1)).or_default().push(p);
    }
    let mut out = Vec::new();
    for (s, name) in SIDES.iter().enumerate() {
        let here: Vec<&Vec<&Placed>> = stacks
            .iter()
            .filter(|((side, ..), _)| *side == s)
            .map(|(_, stack)| stack)
            .collect();
        if here.is_empty() {
            continue;
        }
        // Among the points a stack is named with its place, which no
        // side of the board tells.
        let shown: Vec<String> = here
            .iter()
            .map(|st| {
                let text = paint(st, &shown(st), style);
                match (s, st.last()) {
                    (4, Some(p)) => format!("{text} ({},{})", num(p.x), num(p.y)),
                    _ => text,
                }
            })
            .collect();
        let tops = here.iter().filter_map(|st| st.last().copied()).collect();
        let line = format!("{name}: {}", shown.join(" "));
        out.push((tops, crate::style::wrap(&line, style.width, "  ")));
    }
    out
}

/// The points tiles lying back up cover, and a marble board's holes, (a tile covers the points within
/// one unit of its centre both ways: the board) and the other pieces by
/// the point they lie on, in the order laid. Tiles face up centred on a
/// point are named there while nothing else lies on them (tiles laid as
/// a score, a palace's mark).
fn lay_out(pieces: &[Placed]) -> (BTreeSet<Point>, BTreeMap<Point, Vec<&Placed>>) {
    let mut board = BTreeSet::new();
    let mut stacks: BTreeMap<Point, Vec<&Placed>> = BTreeMap::new();
    let mut faces: BTreeMap<Point, Vec<&Placed>> = BTreeMap::new();
    for p in pieces {
        if p.kind == Kind::Tile && p.side == Side::Face {
            let on_point = (p.x - p.x.round()).abs() < 1e-6 && (p.y - p.y.round()).abs() < 1e-6;
            let at = if on_point {
                (p.x.round() as i64, p.y.round() as i64)
            } else {
                // A tile laid as the board (Alien City's city): its four
                // points are the board, and its face is named at the top
                // left one while nothing lies there.
                let (xs, ys) = (covered(p.x), covered(p.y));
                for y in ys.clone() {
                    for x in xs.clone() {
                        board.insert((x, y));
                    }
                }
                (*xs.start(), *ys.end())
            };
            faces.entry(at).or_default().push(p);
        } else if p.kind == Kind::Hole {
            board.insert((p.x.round() as i64, p.y.round() as i64));
        } else if p.kind == Kind::Tile {
            let (xs, ys) = (covered(p.x), covered(p.y));
            for y in ys.clone() {
                for x in xs.clone() {
                    board.insert((x, y));
                }
            }
        } else {
            stacks
                .entry((p.x.round() as i64, p.y.round() as i64))
                .or_default()
                .push(p);
        }
    }
    for (at, tiles) in faces {
        stacks.entry(at).or_insert(tiles);
    }
    (board, stacks)
}

fn covered(centre: f64) -> std::ops::RangeInclusive<i64> {
    ((centre - 1.0 - 1e-6).ceil() as i64)..=((centre + 1.0 + 1e-6).floor() as i64)
}

/// A place's coordinate as a move writes it: `10.5`, `3`, `4.67`.
fn num(v: f64) -> String {
    let v = (v * 100.0).round() / 100.0;
    format!("{v}")
}

/// The least and the most of `v`, if any.
fn span(v: impl Iterator<Item = i64>) -> Option<(i64, i64)> {
    v.fold(None, |span, x| match span {
        None => Some((x, x)),
        Some((lo, hi)) => Some((lo.min(x), hi.max(x))),
    })
}

/// A stack as drawn: its top piece, with the count before it.
fn shown(stack: &[&Placed]) -> String {
    let top = stack.last().map(|p| token(p)).unwrap_or_default();
    match stack.len() {
        0 | 1 => top,
        n => format!("{n}{top}"),
    }
}

fn paint(stack: &[&Placed], text: &str, style: &Style) -> String {
    match stack.last().and_then(|p| p.piece_suit()) {
        Some(s) => style.paint(text, Tone::Suit(s)),
        None => text.to_string(),
    }
}

fn file(x: i64, letters: bool) -> String {
    if letters {
        char::from(b'a' + (x - 1) as u8).to_string()
    } else {
        x.to_string()
    }
}

fn grid(
    board: &BTreeSet<Point>,
    stacks: &BTreeMap<Point, Vec<&Placed>>,
    (x0, x1, y0, y1): (i64, i64, i64, i64),
    style: &Style,
) -> Vec<String> {
    let letters = x0 >= 1 && x1 <= 26;
    // Every column as wide as the widest stack drawn; where that is wider
    // than the screen, each column as wide as its own widest (a chess
    // board at 40 columns).
    let widest = |xs: &mut dyn Iterator<Item = i64>| {
        xs.flat_map(|x| {
            (y0..=y1)
                .filter_map(move |y| stacks.get(&(x, y)))
                .map(|s| shown(s).len())
                .chain([file(x, letters).len()])
        })
        .max()
        .unwrap_or(1)
    };
    let lw = (y0..=y1).map(|y| y.to_string().len()).max().unwrap_or(1);
    let all = widest(&mut (x0..=x1));
    let mut widths: Vec<usize> = (x0..=x1).map(|_| all).collect();
    if lw + widths.iter().map(|w| w + 1).sum::<usize>() > style.width {
        widths = (x0..=x1).map(|x| widest(&mut (x..=x))).collect();
    }
    // Still too wide (Ice Floe's twelve files at 40 columns): the files
    // in bands, each as wide as the screen, one under the other.
    let mut bands: Vec<Vec<(i64, usize)>> = vec![Vec::new()];
    let mut used = lw;
    for (x, &w) in (x0..=x1).zip(&widths) {
        let band = bands.last_mut().expect("one band at least");
        if used + w + 1 > style.width && !band.is_empty() {
            bands.push(Vec::new());
            used = lw;
        }
        used += w + 1;
        bands.last_mut().expect("one band at least").push((x, w));
    }
    let mut lines = Vec::new();
    for (i, band) in bands.iter().enumerate() {
        if i > 0 {
            lines.push(String::new());
        }
        let mut head = " ".repeat(lw);
        for &(x, w) in band {
            head.push(' ');
            head.push_str(&format!("{:<w$}", file(x, letters)));
        }
        lines.push(head.trim_end().to_string());
        for y in (y0..=y1).rev() {
            let mut line = format!("{y:>lw$}");
            for &(x, w) in band {
                line.push(' ');
                match stacks.get(&(x, y)) {
                    Some(s) => {
                        let text = shown(s);
                        let pad = w - text.len();
                        line.push_str(&paint(s, &text, style));
                        line.push_str(&" ".repeat(pad));
                    }
                    None if board.contains(&(x, y)) => line.push_str(&format!("{:<w$}", ".")),
                    None => line.push_str(&" ".repeat(w)),
                }
            }
            lines.push(line.trim_end().to_string());
        }
    }
    lines
}

/// Stacks too far apart for a grid, listed by place.
fn listed(stacks: &BTreeMap<Point, Vec<&Placed>>, style: &Style) -> Vec<String> {
    let mut by_rank: Vec<(&Point, &Vec<&Placed>)> = stacks.iter().collect();
    by_rank.sort_by_key(|((x, y), _)| (-y, *x));
    by_rank
        .into_iter()
        .map(|((x, y), s)| format!("({x},{y}) {}", paint(s, &shown(s), style)))
        .collect()
}

/// What the marks drawn mean (`tops`: the pieces shown; `stacked`:
/// whether a stack is shown), only those drawn (none: no key).
fn key(tops: &[&Placed], stacked: bool) -> Option<String> {
    let has = |f: &dyn Fn(&Placed) -> bool| tops.iter().any(|p| f(p));
    let mut parts = Vec::new();
    if has(&|p| p.kind == Kind::Tile) {
        parts.push("Sa a tile's face");
    }
    if has(&|p| p.kind == Kind::Coin && p.side == Side::Back) {
        parts.push("S M C A a coin's back");
    }
    if has(&|p| p.kind == Kind::Coin && p.side == Side::Face) {
        parts.push("n a 2-5 a coin's face");
    }
    if has(&|p| p.kind == Kind::Die) {
        parts.push("dS3 a die");
    }
    if has(&|p| p.kind == Kind::Pawn) {
        parts.push("pS a pawn");
    }
    if has(&|p| p.kind == Kind::Pyramid && p.piece_suit().is_none()) {
        parts.push("B3 a pyramid (its colour, its size 1 to 3)");
    }
    if has(&|p| p.kind == Kind::Pyramid && p.piece_suit().is_some()) {
        parts.push("xS4 a pyramid seen from above (its suit, its rank)");
    }
    if has(&|p| p.kind == Kind::Domino) {
        parts.push("R6-3 a domino (its set's colour, its halves read upright)");
    }
    if has(&|p| p.kind == Kind::Marble) {
        parts.push("R K G B Y W a marble (red, black, green, blue, yellow, white)");
    }
    // The turn as drawn: the mark a piece's name ends with (a domino's
    // counts from upright).
    let turned = |p: &Placed, marks: &[char]| token(p).ends_with(marks);
    if has(&|p| turned(p, &['v'])) {
        parts.push("v turned to the far side");
    }
    if has(&|p| turned(p, &['<', '>'])) {
        parts.push("< > a quarter turn");
    }
    if stacked {
        parts.push("2pS two stacked, the top one named");
    }
    (!parts.is_empty()).then(|| format!("key: {}", parts.join("; ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ppn_file::notation::piece;

    fn layout(pieces: &[(&str, f64, f64)]) -> Layout {
        let mut l = Layout::new("x", "x");
        for (spec, x, y) in pieces {
            l.push(piece(spec, *x, *y).unwrap());
        }
        l
    }

    #[test]
    fn a_board_is_drawn_point_by_point() {
        let l = layout(&[
            ("t", 2.0, 2.0),
            ("S", 1.0, 1.0),
            ("Mv", 2.0, 3.0),
            ("dC3", 3.0, 3.0),
            ("pA", 3.0, 3.0),
        ]);
        assert_eq!(
            points(&l, 1.0, &Style::plain()),
            "  a   b   c\n3 .   Mv  2pA\n2 .   .   .\n1 S   .   .\nkey: S M C A a coin's back; pS a pawn; v turned to the far\n  side; 2pS two stacked, the top one named"
        );
        // Off the board, a point is blank; far apart, stacks are listed.
        let l = layout(&[("S", 1.0, 1.0), ("3>", 2.0, 2.0)]);
        assert_eq!(
            points(&l, 1.0, &Style::plain()),
            "  a  b\n2    3>\n1 S\nkey: S M C A a coin's back; n a 2-5 a coin's face; < > a\n  quarter turn"
        );
        let l = layout(&[("S", 1.0, 1.0), ("3", 100.0, 2.0)]);
        assert_eq!(
            points(&l, 1.0, &Style::plain()),
            "(100,2) 3\n(1,1) S\nkey: S M C A a coin's back; n a 2-5 a coin's face"
        );
        assert_eq!(
            points(&Layout::new("x", "x"), 1.0, &Style::plain()),
            "nothing lies on the table"
        );
    }
}
