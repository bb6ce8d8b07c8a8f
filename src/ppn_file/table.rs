//! The pieces on a table as PPN's moves change them, the way piecepackr's
//! `ppn` changes its data frame: pieces in the order laid, a later one on
//! an earlier one where both lie; a move takes the top of a stack, or
//! the top N with a count (`2e1-d2` moves a crowned checker). No game's
//! rules are asked: a move is drawn as written.
//!
//! The forms followed: `a1-b2` (move), `b1:b3` (take what lies on b3,
//! then move there), `*f4` (take off), `S@b2` (lay a piece), `d3#e3`
//! (swap), `b2@>90` (turn clockwise where it lies) and `5(5.5,5.5)$>90`
//! (turn the five pieces nearest that place about it: a tile with its
//! coins), `!` (lift the pieces last moved to the top of their stack);
//! places as `e4` or `(5,4)`, or relative to the piece moved (`4U`, `2L`,
//! `1NE`, `<1,-2>`); a move with no piece named (`-2D`) moves the pieces
//! moved last; pieces found by their looks (`?xS4` the one that looks so,
//! `/cf` every one, `2?Ma` two where the tile Ma lies, `-&?Ca` to where
//! it lies) and changed (`?c5~C`, ppn's `~`). The rest of ppn's forms
//! (flips, `=`, macros, pieces by their numbers) are named as not
//! followed.

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
    /// A move that names no piece, with no move before it.
    NoneMoved,
    /// No piece looks as a move's `?S4` or `/cf` says.
    NoMatch(String),
    /// A macro (`` `6-3' ``) neither ppn nor the file defines.
    Macro(String),
}

/// More pieces than a table of ours could hold; a file that lays more is
/// no game, and each move would scan them all.
const MOST_PIECES: usize = 2000;

/// Where a piece lies, in ppn's units (a cell, half a tile).
type Point = (f64, f64);

/// Where a move sends its pieces: a place, or a step from each piece's
/// own place.
#[derive(Debug, Clone, Copy, PartialEq)]
enum To {
    At(Point),
    By(Point),
}

/// Where moved pieces go in the table's order (ppn's: later lies on
/// top): on top of all, under all, or just under the pieces named.
enum Lay {
    OnTop,
    UnderAll,
    Under(Vec<u32>),
}

/// The pieces within this distance of a place are the ones a count
/// (`5(5.5,5.5)`) can take: a tile's corner coins lie 0.71 from its
/// centre, the next cell's 1.58.
const REACH: f64 = 1.5;

#[derive(Debug, Clone)]
pub struct Table {
    pub pieces: Vec<Placed>,
    /// The pieces the last move moved (by `Placed::id`), which a move
    /// naming no piece moves again.
    active: Vec<u32>,
    next_id: u32,
    /// Whether colour letters are marbles (a file read by ppn's marble
    /// parser).
    marbles: bool,
    /// How many units a move's step is: places the moves name (`a1`,
    /// `(2,3)`, `2U`) are counted in steps, pieces lie in units.
    step: f64,
}

impl Default for Table {
    fn default() -> Table {
        Table {
            pieces: Vec::new(),
            active: Vec::new(),
            next_id: 0,
            marbles: false,
            step: 1.0,
        }
    }
}

impl Table {
    /// A table laid with `pieces`, each given its number; `marbles`:
    /// colour letters lay marbles; `step`: the units of a move's step.
    pub fn new(pieces: Vec<Placed>, marbles: bool, step: f64) -> Table {
        let mut t = Table {
            marbles,
            step,
            ..Table::default()
        };
        for p in pieces {
            t.lay(p);
        }
        t.active.clear();
        t
    }

    fn lay(&mut self, mut p: Placed) {
        self.next_id += 1;
        p.id = Some(self.next_id);
        self.active = vec![self.next_id];
        self.pieces.push(p);
    }

    /// Draw one word of a move (`e5-g3`, `*f4`, `Mv@e1`).
    pub fn apply(&mut self, word: &str) -> Result<(), MoveError> {
        let form = || MoveError::Form(word.to_string());
        if word == "!" {
            let lifted = self.active_pieces()?;
            self.shift(&lifted, To::By((0.0, 0.0)), &[], Lay::OnTop);
            return Ok(());
        }
        if let Some((id, angle)) = word.split_once("$>").or_else(|| word.split_once("@>")) {
            let about = word.contains("$>");
            let angle: f64 = angle.parse().map_err(|_| form())?;
            if !angle.is_finite() {
                return Err(form());
            }
            let turning = self.stack(id)?;
            let centre = match (about, self.place_of(id)?) {
                (true, Some(c)) => Some(c),
                (true, None) => Some(self.at(turning[turning.len() - 1])),
                (false, _) => None,
            };
            let (sin, cos) = (-angle).to_radians().sin_cos();
            for &i in &turning {
                let p = &mut self.pieces[i];
                p.angle = (p.angle - angle).rem_euclid(360.0);
                if let Some((cx, cy)) = centre {
                    let (dx, dy) = (p.x - cx, p.y - cy);
                    p.x = round(cx + dx * cos - dy * sin);
                    p.y = round(cy + dx * sin + dy * cos);
                }
            }
            self.active = self.ids(&turning);
            return Ok(());
        }
        if let Some((spec, place)) = word.split_once('@') {
            if place.starts_with('%') || place.contains('%') {
                return Err(form());
            }
            let (x, y) = self.place(place)?;
            if self.pieces.len() >= MOST_PIECES {
                return Err(MoveError::Crowded);
            }
            let p = if self.marbles {
                notation::marble(spec, x, y)
            } else {
                notation::pyramid(spec, x, y)
            };
            let p = match p {
                Some(p) => p,
                None => notation::piece(spec, x, y).map_err(MoveError::Piece)?,
            };
            self.lay(p);
            return Ok(());
        }
        if let Some(at) = hyphen(word) {
            let (id, to) = (&word[..at], &word[at + 1..]);
            if to.starts_with('%') {
                return Err(form());
            }
            let to = match to.strip_prefix('&') {
                Some(piece) => To::At(self.place_of_piece(piece)?),
                None => match destination(to)? {
                    To::At((x, y)) => To::At((x * self.step, y * self.step)),
                    To::By((x, y)) => To::By((x * self.step, y * self.step)),
                },
            };
            let moving = self.stack(id)?;
            self.shift(&moving, to, &[], Lay::OnTop);
            return Ok(());
        }
        if let Some(id) = word.strip_prefix('*') {
            let gone = self.stack(id)?;
            let ids = self.ids(&gone);
            self.active.retain(|a| !ids.contains(a));
            let mut i = 0;
            self.pieces.retain(|_| {
                i += 1;
                !gone.contains(&(i - 1))
            });
            return Ok(());
        }
        if let Some((id, spec)) = word.split_once('~') {
            let looks = notation::looks(spec).map_err(MoveError::Piece)?;
            let changed = self.stack(id)?;
            for &i in &changed {
                looks.change(&mut self.pieces[i]);
            }
            self.active = self.ids(&changed);
            return Ok(());
        }
        if let Some((id, under)) = word.split_once('_') {
            // `X_%Y`: X to where Y lies, just under it; `X_b2`: to b2,
            // under every piece on the table (ppn's order).
            let moving = self.stack(id)?;
            let (to, lay) = match under.strip_prefix('%') {
                Some(piece) => {
                    let found = self.stack(piece)?;
                    (
                        self.at(found[found.len() - 1]),
                        Lay::Under(self.ids(&found)),
                    )
                }
                None => (self.place(under)?, Lay::UnderAll),
            };
            self.shift(&moving, To::At(to), &[], lay);
            return Ok(());
        }
        if word.contains(['+', '=', '\\', '!', '*']) {
            return Err(form());
        }
        if let Some((id, taken)) = word.split_once(':') {
            let gone = self.stack(taken)?;
            let to = self.at(gone[gone.len() - 1]);
            let moving = self.stack(id)?;
            if moving.iter().any(|i| gone.contains(i)) {
                return Err(form());
            }
            self.shift(&moving, To::At(to), &gone, Lay::OnTop);
            return Ok(());
        }
        if let Some((one, other)) = word.split_once('#') {
            let a = self.stack(one)?;
            let b = self.stack(other)?;
            if a.iter().any(|i| b.contains(i)) {
                return Err(form());
            }
            let (pa, pb) = (self.at(a[a.len() - 1]), self.at(b[b.len() - 1]));
            self.active = self.ids(&a);
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

    fn ids(&self, of: &[usize]) -> Vec<u32> {
        of.iter().filter_map(|&i| self.pieces[i].id).collect()
    }

    /// Move the pieces `moving` to `to`, laid as `lay` says, and take
    /// `gone` off the table.
    fn shift(&mut self, moving: &[usize], to: To, gone: &[usize], lay: Lay) {
        let mut rest = Vec::new();
        let mut lifted = Vec::new();
        for (i, mut p) in std::mem::take(&mut self.pieces).into_iter().enumerate() {
            if moving.contains(&i) {
                (p.x, p.y) = match to {
                    To::At(at) => at,
                    To::By((dx, dy)) => (round(p.x + dx), round(p.y + dy)),
                };
                lifted.push(p);
            } else if !gone.contains(&i) {
                rest.push(p);
            }
        }
        self.active = lifted.iter().filter_map(|p| p.id).collect();
        let at = match lay {
            Lay::OnTop => rest.len(),
            Lay::UnderAll => 0,
            Lay::Under(ids) => rest
                .iter()
                .position(|p| p.id.is_some_and(|id| ids.contains(&id)))
                .unwrap_or(rest.len()),
        };
        rest.splice(at..at, lifted);
        self.pieces = rest;
    }

    /// The pieces the last move moved, where a move names none.
    fn active_pieces(&self) -> Result<Vec<usize>, MoveError> {
        let found: Vec<usize> = self
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.id.is_some_and(|id| self.active.contains(&id)))
            .map(|(i, _)| i)
            .collect();
        if found.is_empty() {
            return Err(MoveError::NoneMoved);
        }
        Ok(found)
    }

    /// The place a piece's name gives (`e5`, `2e1`, `(5,4)`, `&?Ca`),
    /// if any.
    fn place_of(&self, id: &str) -> Result<Option<Point>, MoveError> {
        let digits = id.chars().take_while(char::is_ascii_digit).count();
        match &id[digits..] {
            "" => Ok(None),
            place => self.place(place).map(Some),
        }
    }

    /// A place as a move names it: `e4`, `(5,4)`, or where a piece lies
    /// (`&?Ca`, `?Ca`: the tile Ca's place).
    fn place(&self, place: &str) -> Result<Point, MoveError> {
        match place.strip_prefix('&') {
            // One `&`: a place is a piece's, not a place's place.
            Some(piece) if piece.starts_with('&') => Err(MoveError::Form(place.to_string())),
            Some(piece) => self.place_of_piece(piece),
            None if place.starts_with(['?', '/']) => self.place_of_piece(place),
            None => point(place).map(|(x, y)| (x * self.step, y * self.step)),
        }
    }

    /// Where the piece a move names lies (the top one, where it names
    /// more).
    fn place_of_piece(&self, id: &str) -> Result<Point, MoveError> {
        let found = self.stack(id)?;
        Ok(self.at(found[found.len() - 1]))
    }

    /// Some of the pieces lying at a place (`b4[2]`, `&?dC[1:2]`), by
    /// how far down its stack each lies: 1 the top one.
    fn layers(&self, place: &str, which: &str, id: &str) -> Result<Vec<usize>, MoveError> {
        let form = || MoveError::Form(id.to_string());
        let (x, y) = self.place(place)?;
        let there: Vec<usize> = self
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.kind != crate::layout::Kind::Hole)
            .filter(|(_, p)| (p.x - x).abs() < 1e-6 && (p.y - y).abs() < 1e-6)
            .map(|(i, _)| i)
            .collect();
        let mut taken = Vec::new();
        for part in which.split(',') {
            let (from, to) = part.split_once(':').unwrap_or((part, part));
            let from: usize = from.parse().map_err(|_| form())?;
            let to: usize = to.parse().map_err(|_| form())?;
            for depth in from.min(to)..=from.max(to) {
                if depth == 0 || depth > there.len() {
                    return Err(MoveError::Fewer {
                        place: place.to_string(),
                        asked: depth,
                        there: there.len(),
                    });
                }
                taken.push(there[there.len() - depth]);
            }
        }
        taken.sort_unstable();
        taken.dedup();
        Ok(taken)
    }

    /// The pieces that look as `spec` says: the one piece that fits what
    /// it says, else of those that are the piece it would lay (turned as
    /// it says, else any way) the top one; with `all`, every piece that
    /// fits (ppn's `?S4` and `/cf`).
    fn looking(&self, spec: &str, all: bool) -> Result<Vec<usize>, MoveError> {
        let looks = notation::looks(spec).map_err(MoveError::Piece)?;
        let unmatched = || MoveError::NoMatch(format!("{}{spec}", if all { '/' } else { '?' }));
        let pieces = || self.pieces.iter().enumerate();
        let fit: Vec<usize> = pieces()
            .filter(|(_, p)| looks.fit(p))
            .map(|(i, _)| i)
            .collect();
        if all || fit.len() == 1 {
            return match fit.is_empty() {
                true => Err(unmatched()),
                false => Ok(fit),
            };
        }
        [true, false]
            .into_iter()
            .find_map(|turned| {
                pieces()
                    .rev()
                    .find(|(_, p)| looks.is(p, turned))
                    .map(|(i, _)| i)
            })
            .map(|i| vec![i])
            .ok_or_else(unmatched)
    }

    /// The pieces a move names: the top one at a place (`e5`, `(5,4)`),
    /// the N nearest it with a count (`2e1`, `5(5.5,5.5)`), or where it
    /// names none, those the last move moved; in the order they lie.
    fn stack(&self, id: &str) -> Result<Vec<usize>, MoveError> {
        if id.is_empty() {
            return self.active_pieces();
        }
        if let Some(spec) = id.strip_prefix('?') {
            return self.looking(spec, false);
        }
        if let Some(spec) = id.strip_prefix('/') {
            return self.looking(spec, true);
        }
        if let Some((place, which)) = id.strip_suffix(']').and_then(|i| i.split_once('[')) {
            return self.layers(place, which, id);
        }
        let digits = id.chars().take_while(char::is_ascii_digit).count();
        let (count, place) = id.split_at(digits);
        if place.is_empty() || place.starts_with('.') {
            // `15`: a piece by its number in ppn's frame, which depends on
            // how ppn's own setup ordered it.
            return Err(MoveError::Form(id.to_string()));
        }
        // `2?Ma` is ppn's `2&?Ma`: two pieces where the tile Ma lies.
        let (x, y) = self.place(place)?;
        // A marble board's holes are the board, not pieces a move takes
        // (ppn's board is one piece, under them all).
        let dist = |p: &Placed| match p.kind {
            crate::layout::Kind::Hole => f64::INFINITY,
            _ => ((p.x - x).powi(2) + (p.y - y).powi(2)).sqrt(),
        };
        let on = self.pieces.iter().filter(|p| dist(p) < 1e-6).count();
        if on == 0 {
            return Err(MoveError::Empty(place.to_string()));
        }
        let asked = match count {
            "" => 1,
            n => n
                .parse::<usize>()
                .map_err(|_| MoveError::Form(id.to_string()))?,
        };
        // Nearest first; of pieces as near, the one on top first.
        let mut near: Vec<(usize, f64)> = self
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| (i, dist(p)))
            .filter(|(_, d)| *d <= REACH)
            .collect();
        near.sort_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
        if asked == 0 || near.len() < asked {
            return Err(MoveError::Fewer {
                place: place.to_string(),
                asked,
                there: near.len(),
            });
        }
        let mut taken: Vec<usize> = near[..asked].iter().map(|(i, _)| *i).collect();
        taken.sort_unstable();
        Ok(taken)
    }
}

/// A place worked out to ppn's precision, so a turned piece lands where
/// it was meant to (5.000000001 is 5).
fn round(v: f64) -> f64 {
    (v * 1e6).round() / 1e6
}

/// Where a move sends its pieces: a place (`e4`, `(5,4)`) or a step from
/// each one's own (`4U`, `2SE`, `<1,-2>`).
fn destination(to: &str) -> Result<To, MoveError> {
    let form = || MoveError::Form(to.to_string());
    if let Some(inner) = to.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
        let (x, y) = inner.split_once(',').ok_or_else(form)?;
        let x: f64 = x.trim().parse().map_err(|_| form())?;
        let y: f64 = y.trim().parse().map_err(|_| form())?;
        return if x.abs() < 1e4 && y.abs() < 1e4 {
            Ok(To::By((x, y)))
        } else {
            Err(form())
        };
    }
    if to.starts_with(|c: char| c.is_ascii_digit()) {
        let digits = to
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(to.len());
        let (n, way) = to.split_at(digits);
        let n: f64 = n.parse().map_err(|_| form())?;
        let (dx, dy) = match way {
            "N" | "U" => (0.0, 1.0),
            "E" | "R" => (1.0, 0.0),
            "S" | "D" => (0.0, -1.0),
            "W" | "L" => (-1.0, 0.0),
            "NE" | "UR" => (1.0, 1.0),
            "SE" | "DR" => (1.0, -1.0),
            "SW" | "DL" => (-1.0, -1.0),
            "NW" | "UL" => (-1.0, 1.0),
            _ => return Err(form()),
        };
        if n >= 1e4 {
            return Err(form());
        }
        return Ok(To::By((n * dx, n * dy)));
    }
    point(to).map(To::At)
}

/// Where a move's `-` falls: not inside a place like `(-4,3)` or `<0,-1>`.
fn hyphen(word: &str) -> Option<usize> {
    let bytes = word.as_bytes();
    (0..bytes.len())
        .find(|&i| bytes[i] == b'-' && (i == 0 || !matches!(bytes[i - 1], b'(' | b'<' | b',')))
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
            ("(5,3)-4U", MoveError::Empty("(5,3)".into())),
            ("a1-4Q", MoveError::Form("4Q".into())),
            ("?S4-b2", MoveError::NoMatch("?S4".into())),
            ("*/cf", MoveError::NoMatch("/cf".into())),
            ("15-b2", MoveError::Form("15".into())),
            ("a1+", MoveError::Form("a1+".into())),
            (
                "a1~K",
                MoveError::Piece(PieceError::NotPiecepack("K".into())),
            ),
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
        assert_eq!(Table::default().apply("-2D"), Err(MoveError::NoneMoved));
    }

    #[test]
    fn pieces_found_by_their_looks_and_changed() {
        // `?M2`: the one piece that is M2 (the tile, not the die); where
        // the loose match finds more (`?c5`: two coins of rank 5), the
        // top one that is the coin ppn would lay.
        let mut t = table(&["Sa@(1.5,1.5)", "M2@(3.5,1.5)", "dM2@b3", "c5A@a3", "5@c3"]);
        t.apply("?M2-(5.5,1.5)").unwrap();
        t.apply("?c5~C").unwrap();
        t.apply("?dM~4").unwrap();
        assert_eq!(
            shown(&t),
            ["Sa@1.5,1.5", "dM4@2,3", "A@1,3", "5@3,3", "M2@5.5,1.5"]
        );
        assert_eq!(
            t.pieces[3].suit.as_deref(),
            Some("C"),
            "the face-up 5 is changed"
        );
        // `2?Sa`: the two pieces where the tile Sa lies (it and a coin
        // on it); `/c`: every coin; `-&?M2` to where M2 lies; `x` a
        // pyramid.
        let mut t = table(&["Sa@(1.5,1.5)", "C@(1,1)", "S@(1.5,1.5)", "A@d4", "xS4@e5"]);
        t.apply("2?Sa-(7.5,7.5)").unwrap();
        assert_eq!(
            shown(&t),
            ["C@1,1", "A@4,4", "xS4@5,5", "Sa@7.5,7.5", "S@7.5,7.5"]
        );
        t.apply("*/c").unwrap();
        assert_eq!(shown(&t), ["xS4@5,5", "Sa@7.5,7.5"]);
        t.apply("?xS-&?Sa").unwrap();
        assert_eq!(shown(&t), ["Sa@7.5,7.5", "xS4@7.5,7.5"]);
        assert_eq!(t.pieces[1].kind, Kind::Pyramid);
    }

    #[test]
    fn relative_places_and_the_last_moved() {
        // Up four, then (naming no piece) the same coin two left, then
        // one step up and right by its offset.
        let t = table(&["S@(5,3)", "(5,3)-4U", "-2L", "-<1,1>"]);
        assert_eq!(shown(&t), ["S@4,8"]);
        // A tile and its four coins turned a quarter clockwise about the
        // tile's centre: each coin goes round, and each is turned; the
        // coin beside it (1.58 away) is not among the five.
        let t = table(&[
            "t@(5.5,5.5)",
            "S@(5,5)",
            "M@(6,5)",
            "C@(6,6)",
            "A@(5,6)",
            "A@(7,5)",
            "5(5.5,5.5)$>90",
        ]);
        assert_eq!(
            shown(&t),
            [
                "t>@5.5,5.5",
                "S>@5,6",
                "M>@5,5",
                "C>@6,5",
                "A>@6,6",
                "A@7,5"
            ]
        );
        // `!` lifts what was last moved to the top of its stack.
        let t = table(&["S@a1", "M@a1", "C@b1", "a1-b1", "b1@>0", "!"]);
        assert_eq!(shown(&t), ["S@1,1", "C@2,1", "M@2,1"]);
    }
}
