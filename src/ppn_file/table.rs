//! The pieces on a table as PPN's moves change them, the way piecepackr's
//! `ppn` changes its data frame: pieces in the order laid, a later one on
//! an earlier one where both lie; a move takes the top of a stack, or
//! the top N with a count (`2e1-d2` moves a crowned checker). No game's
//! rules are asked: a move is drawn as written.
//!
//! The forms followed: `a1-b2` (move), `b1:b3` (take what lies on b3,
//! then move there), `*f4` (take off), `S@b2` (lay a piece), `d3#e3`
//! (swap), `b2@>90` and `b2$>90` (turn clockwise), places as `e4` or
//! `(5,4)`. The rest of ppn's forms (relative places, pieces found by
//! their looks, flips, macros) are named as not followed.

use crate::layout::Placed;

use super::notation::{self, PieceError};

/// Why a move could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// A form of ppn's this does not follow (`?S4-b2`, `(5,3)-4U`).
    Form(String),
    /// Nothing lies at the place the move takes from.
    Empty(String),
    /// Fewer pieces lie there than the move's count.
    Fewer {
        place: String,
        asked: usize,
        there: usize,
    },
    /// A piece's notation this does not read.
    Piece(PieceError),
    /// More pieces than any table holds.
    Crowded,
}

/// More pieces than a table of ours could hold; a file that lays more is
/// no game, and each move would scan them all.
const MOST_PIECES: usize = 2000;

/// Where a piece lies, in ppn's units (a cell, half a tile).
type Point = (f64, f64);

#[derive(Debug, Clone, Default)]
pub struct Table {
    pub pieces: Vec<Placed>,
}

impl Table {
    /// Draw one word of a move (`e5-g3`, `*f4`, `Mv@e1`).
    pub fn apply(&mut self, word: &str) -> Result<(), MoveError> {
        let form = || MoveError::Form(word.to_string());
        if let Some((id, angle)) = word.split_once("$>").or_else(|| word.split_once("@>")) {
            let angle: f64 = angle.parse().map_err(|_| form())?;
            if !angle.is_finite() {
                return Err(form());
            }
            for i in self.stack(id)? {
                let p = &mut self.pieces[i];
                p.angle = (p.angle - angle).rem_euclid(360.0);
            }
            return Ok(());
        }
        if let Some((spec, place)) = word.split_once('@') {
            if place.starts_with('%') || place.contains('%') {
                return Err(form());
            }
            let (x, y) = point(place)?;
            if self.pieces.len() >= MOST_PIECES {
                return Err(MoveError::Crowded);
            }
            let p = notation::piece(spec, x, y).map_err(MoveError::Piece)?;
            self.pieces.push(p);
            return Ok(());
        }
        if let Some(at) = hyphen(word) {
            let (id, to) = (&word[..at], &word[at + 1..]);
            if to.starts_with('%') {
                return Err(form());
            }
            let to = point(to)?;
            let moving = self.stack(id)?;
            self.shift(&moving, to, &[]);
            return Ok(());
        }
        if let Some(id) = word.strip_prefix('*') {
            let gone = self.stack(id)?;
            let mut i = 0;
            self.pieces.retain(|_| {
                i += 1;
                !gone.contains(&(i - 1))
            });
            return Ok(());
        }
        if word.contains(['+', '~', '=', '_', '\\', '!', '*']) {
            return Err(form());
        }
        if let Some((id, taken)) = word.split_once(':') {
            let gone = self.stack(taken)?;
            let to = (self.pieces[gone[0]].x, self.pieces[gone[0]].y);
            let moving = self.stack(id)?;
            if moving.iter().any(|i| gone.contains(i)) {
                return Err(form());
            }
            self.shift(&moving, to, &gone);
            return Ok(());
        }
        if let Some((one, other)) = word.split_once('#') {
            let a = self.stack(one)?;
            let b = self.stack(other)?;
            if a.iter().any(|i| b.contains(i)) {
                return Err(form());
            }
            let (pa, pb) = (self.at(a[0]), self.at(b[0]));
            let mut rest = Vec::new();
            let (mut first, mut second) = (Vec::new(), Vec::new());
            for (i, mut p) in std::mem::take(&mut self.pieces).into_iter().enumerate() {
                if a.contains(&i) {
                    (p.x, p.y) = pb;
                    first.push(p);
                } else if b.contains(&i) {
                    (p.x, p.y) = pa;
                    second.push(p);
                } else {
                    rest.push(p);
                }
            }
            rest.extend(first);
            rest.extend(second);
            self.pieces = rest;
            return Ok(());
        }
        Err(form())
    }

    fn at(&self, i: usize) -> Point {
        (self.pieces[i].x, self.pieces[i].y)
    }

    /// Move the pieces `moving` to `to`, on top of what lies there, and
    /// take `gone` off the table.
    fn shift(&mut self, moving: &[usize], to: Point, gone: &[usize]) {
        let mut rest = Vec::new();
        let mut lifted = Vec::new();
        for (i, mut p) in std::mem::take(&mut self.pieces).into_iter().enumerate() {
            if moving.contains(&i) {
                (p.x, p.y) = to;
                lifted.push(p);
            } else if !gone.contains(&i) {
                rest.push(p);
            }
        }
        rest.extend(lifted);
        self.pieces = rest;
    }

    /// The pieces a move names (`e5`, `2e1`, `(5,4)`): the top one, or
    /// the top N, in the order they lie.
    fn stack(&self, id: &str) -> Result<Vec<usize>, MoveError> {
        let digits = id.chars().take_while(char::is_ascii_digit).count();
        let (count, place) = id.split_at(digits);
        if place.is_empty() || place.starts_with('.') {
            // `15`: a piece by its number in ppn's frame, which depends on
            // how ppn's own setup ordered it.
            return Err(MoveError::Form(id.to_string()));
        }
        let asked = match count {
            "" => 1,
            n => n
                .parse::<usize>()
                .map_err(|_| MoveError::Form(id.to_string()))?,
        };
        let (x, y) = point(place)?;
        let there: Vec<usize> = self
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| (p.x - x).abs() < 1e-6 && (p.y - y).abs() < 1e-6)
            .map(|(i, _)| i)
            .collect();
        match there.len() {
            0 => Err(MoveError::Empty(place.to_string())),
            n if n < asked || asked == 0 => Err(MoveError::Fewer {
                place: place.to_string(),
                asked,
                there: n,
            }),
            n => Ok(there[n - asked..].to_vec()),
        }
    }
}

/// Where a move's `-` falls: not inside a place like `(-4,3)` or `<0,-1>`.
fn hyphen(word: &str) -> Option<usize> {
    let bytes = word.as_bytes();
    (1..bytes.len()).find(|&i| bytes[i] == b'-' && !matches!(bytes[i - 1], b'(' | b'<' | b','))
}

/// A place: algebraic (`e4`, `aa10`: columns from a = 1, rows from 1) or
/// `(x,y)`. Relative places (`<1,0>`, `4U`, `&b2`) are ppn forms this
/// does not follow.
pub fn point(place: &str) -> Result<Point, MoveError> {
    let form = || MoveError::Form(place.to_string());
    if let Some(inner) = place.strip_prefix('(').and_then(|p| p.strip_suffix(')')) {
        let (x, y) = inner.split_once(',').ok_or_else(form)?;
        let x: f64 = x.trim().parse().map_err(|_| form())?;
        let y: f64 = y.trim().parse().map_err(|_| form())?;
        return if x.is_finite() && y.is_finite() && x.abs() < 1e4 && y.abs() < 1e4 {
            Ok((x, y))
        } else {
            Err(form())
        };
    }
    let letters = place.chars().take_while(char::is_ascii_lowercase).count();
    let (file, rank) = place.split_at(letters);
    if letters == 0 || letters > 2 || rank.is_empty() || rank.len() > 4 {
        return Err(form());
    }
    if !rank.chars().all(|c| c.is_ascii_digit()) {
        return Err(form());
    }
    let x = file
        .bytes()
        .fold(0.0, |n, b| n * 26.0 + f64::from(b - b'a' + 1));
    let y: f64 = rank.parse().map_err(|_| form())?;
    Ok((x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{Kind, Side};

    fn table(words: &[&str]) -> Table {
        let mut t = Table::default();
        for w in words {
            t.apply(w).unwrap();
        }
        t
    }

    fn shown(t: &Table) -> Vec<String> {
        t.pieces
            .iter()
            .map(|p| format!("{}@{},{}", notation::token(p), p.x, p.y))
            .collect()
    }

    #[test]
    fn each_form_changes_the_table_as_ppn_does() {
        let t = table(&["S@a1", "Mv@b2", "C@c3", "a1-b2"]);
        assert_eq!(shown(&t), ["Mv@2,2", "C@3,3", "S@2,2"]);
        // Two on b2 move together, in their order; a capture takes what
        // lies on the place first.
        let t = table(&["S@a1", "Mv@b2", "C@c3", "a1-b2", "2b2:c3"]);
        assert_eq!(shown(&t), ["Mv@3,3", "S@3,3"]);
        let t = table(&["S@a1", "A@a1", "*a1"]);
        assert_eq!(shown(&t), ["S@1,1"]);
        let t = table(&["3@d3", "a@e3", "d3#e3", "(4,3)@>90", "e3$>180"]);
        assert_eq!(shown(&t), ["3v@5,3", "a>@4,3"]);
        let t = table(&["dS3@aa10", "(27,10)-(1.5,2)"]);
        assert_eq!(shown(&t), ["dS3@1.5,2"]);
        assert_eq!(t.pieces[0].kind, Kind::Die);
        assert_eq!(t.pieces[0].side, Side::Face);
    }

    #[test]
    fn what_it_cannot_draw_it_names() {
        let mut t = table(&["S@a1"]);
        for (word, want) in [
            ("b2-c3", MoveError::Empty("b2".into())),
            (
                "2a1-b1",
                MoveError::Fewer {
                    place: "a1".into(),
                    asked: 2,
                    there: 1,
                },
            ),
            ("(5,3)-4U", MoveError::Form("4U".into())),
            ("?S4-b2", MoveError::Form("?S4".into())),
            ("15-b2", MoveError::Form("15".into())),
            ("a1~S", MoveError::Form("a1~S".into())),
            ("a1@>x", MoveError::Form("a1@>x".into())),
            ("a1:a1", MoveError::Form("a1:a1".into())),
            (
                "K@a1",
                MoveError::Piece(PieceError::NotPiecepack("K".into())),
            ),
            ("S@(1e9,1)", MoveError::Form("(1e9,1)".into())),
        ] {
            assert_eq!(t.apply(word), Err(want), "{word}");
        }
        assert_eq!(shown(&t), ["S@1,1"]);
    }
}
