//! PPN's simplified piece notation, read into our layout's pieces and
//! written back for the drawing: `S` a coin showing its suit (its back),
//! `3` a coin showing its number, `Sa` a tile's face, `t` a tile's back,
//! `dS5` a die, `pS` a pawn, `xS4` a pyramid from above; `^ < v >`
//! turn it (0, 90, 180, 270 degrees counter-clockwise), `f` and `b` say
//! the side outright.

use crate::layout::{Kind, Placed, Side};

/// Why a piece's notation is not one this reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PieceError {
    /// Playing cards, dominoes, chess and go sets, marbles, pyramids:
    /// pieces a piecepack does not have, drawn by no picture of ours.
    NotPiecepack(String),
    /// A rank past the piecepack's five.
    Rank(String),
}

/// The suit letters, in piecepackr's order (its suit 1 to 4).
const SUITS: [char; 4] = ['S', 'M', 'C', 'A'];
/// The ranks as we write them, piecepackr's rank 1 to 6.
const RANKS: [&str; 6] = ["n", "a", "2", "3", "4", "5"];

/// What a piece's notation says of it, and no more: `S` says a suit,
/// `c5` a coin of rank 5, `dS` a die of Suns. Laying a piece fills in the
/// rest as ppn does (`Looks::piece`); finding one by its looks (`?c5`)
/// or changing one (`~C`) uses only what was said.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Looks {
    pub kind: Option<Kind>,
    /// A domino's set, by its colour (`R` red, `B` blue, ...), kept as
    /// the piece's label.
    pub colour: Option<char>,
    pub side: Option<Side>,
    pub suit: Option<String>,
    pub rank: Option<String>,
    pub angle: Option<f64>,
}

/// Read a piece's notation (`Mv`, `t`, `dS5`, `xS4`, `c5A`).
pub fn looks(spec: &str) -> Result<Looks, PieceError> {
    let foreign = |_| PieceError::NotPiecepack(spec.to_string());
    // Anything past a comma is ppn's long form (`,a90`, `,r2`, cfg names).
    if spec.contains(',') || spec.contains('\'') {
        return Err(foreign(()));
    }
    let mut l = Looks::default();
    let mut turned = None;
    for c in spec.chars() {
        if let Some((suit, rank, angle)) = domino(c) {
            if l.kind.is_some() {
                return Err(foreign(()));
            }
            l.kind = Some(Kind::Domino);
            (l.suit, l.rank) = (suit, rank);
            l.side = Some(if l.suit.is_some() {
                Side::Face
            } else {
                Side::Back
            });
            turned = Some(angle);
            continue;
        }
        match c {
            'R' | 'K' | 'G' | 'B' | 'Y' | 'W' if l.colour.is_none() => l.colour = Some(c),
            'S' | 'M' | 'C' | 'A' if l.suit.is_none() => l.suit = Some(c.to_string()),
            'n' | '0' if l.rank.is_none() => l.rank = Some(RANKS[0].into()),
            'a' | '1' if l.rank.is_none() => l.rank = Some(RANKS[1].into()),
            '2'..='5' if l.rank.is_none() => l.rank = Some(c.to_string()),
            '6'..='9' => return Err(PieceError::Rank(spec.to_string())),
            't' if l.kind.is_none() => l.kind = Some(Kind::Tile),
            'c' if l.kind.is_none() => l.kind = Some(Kind::Coin),
            'd' if l.kind.is_none() => l.kind = Some(Kind::Die),
            'p' if l.kind.is_none() => l.kind = Some(Kind::Pawn),
            // A pyramid seen from its top (ppn's side `x`).
            'x' if l.kind.is_none() => l.kind = Some(Kind::Pyramid),
            'f' if l.side.is_none() => l.side = Some(Side::Face),
            'b' if l.side.is_none() => l.side = Some(Side::Back),
            '^' if l.angle.is_none() => l.angle = Some(0.0),
            '<' if l.angle.is_none() => l.angle = Some(90.0),
            'v' if l.angle.is_none() => l.angle = Some(180.0),
            '>' if l.angle.is_none() => l.angle = Some(270.0),
            _ => return Err(foreign(())),
        }
    }
    // A colour goes with a domino alone; a domino's own turn adds to
    // the one written beside it (`R🁡<`).
    match (l.kind, turned) {
        (Some(Kind::Domino), Some(angle)) => {
            let angle = (l.angle.unwrap_or(0.0) + angle).rem_euclid(360.0);
            l.angle = Some(angle);
            // Kept as our pictures draw a domino: its suit the half on
            // top (or at the left, lying across), its rank the other.
            // ppdf keeps its lower half as the rank, on top upright and
            // at the left a quarter turn anticlockwise; a half turn more
            // swaps the halves.
            let rank_first = !(135.0..315.0).contains(&angle);
            if rank_first {
                std::mem::swap(&mut l.suit, &mut l.rank);
            }
        }
        _ if l.colour.is_some() => return Err(foreign(())),
        _ => {}
    }
    Ok(l)
}

/// A domino from its Unicode tile (ppdf's reading): the back, or its
/// halves as ppdf keeps them (the lower as its rank, the higher as its
/// suit) and its turn: horizontal tiles lie at 90 or 270 degrees,
/// upright ones at 0 or 180 (ppn's macro `6-3` is the upright 6 over 3,
/// kept as 3 and 6 turned 180).
fn domino(c: char) -> Option<(Option<String>, Option<String>, f64)> {
    let k = (c as u32).checked_sub(0x1F030).filter(|k| *k < 100)?;
    let (upright, e) = (k >= 50, k % 50);
    if e == 0 {
        return Some((None, None, if upright { 0.0 } else { 90.0 }));
    }
    let (a, b) = ((e - 1) / 7, (e - 1) % 7);
    let turn = if a <= b { 90.0 } else { 270.0 } - if upright { 90.0 } else { 0.0 };
    Some((Some(a.max(b).to_string()), Some(a.min(b).to_string()), turn))
}

/// ppn's built-in macro for an upright domino (`6-3`: 6 over 3) as its
/// Unicode tile, which `looks` reads; `None` for any other name.
pub fn domino_macro(name: &str) -> Option<char> {
    let (a, b) = name.split_once('-')?;
    let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
    (a <= 6 && b <= 6)
        .then(|| char::from_u32(0x1F030 + 50 + 1 + a * 7 + b))
        .flatten()
}

impl Looks {
    /// What the notation leaves out, as ppn fills it in: a suit and a
    /// rank make a tile, either alone a coin; a tile without both, and a
    /// coin with its suit, lie back up.
    fn kind_and_side(&self) -> (Kind, Side) {
        let kind = self.kind.unwrap_or(match (&self.suit, &self.rank) {
            (Some(_), Some(_)) | (None, None) => Kind::Tile,
            _ => Kind::Coin,
        });
        let side = self.side.unwrap_or(match kind {
            Kind::Tile if self.suit.is_none() || self.rank.is_none() => Side::Back,
            Kind::Coin if self.suit.is_some() => Side::Back,
            _ => Side::Face,
        });
        (kind, side)
    }

    /// The piece laid at (x, y).
    pub fn piece(&self, x: f64, y: f64) -> Placed {
        let (kind, side) = self.kind_and_side();
        Placed {
            kind,
            side,
            suit: self.suit.clone(),
            rank: self.rank.clone(),
            x,
            y,
            angle: self.angle.unwrap_or(0.0),
            label: self.colour.map(String::from),
            id: None,
        }
    }

    /// Whether `p` shows all this says (ppn's first, loose match).
    pub fn fit(&self, p: &Placed) -> bool {
        self.kind.is_none_or(|k| k == p.kind)
            && self
                .colour
                .is_none_or(|c| p.label.as_deref() == Some(c.encode_utf8(&mut [0; 4])))
            && self.side.is_none_or(|s| s == p.side)
            && self
                .suit
                .as_ref()
                .is_none_or(|s| p.suit.as_ref() == Some(s))
            && self
                .rank
                .as_ref()
                .is_none_or(|r| p.rank.as_ref() == Some(r))
            && self.angle.is_none_or(|a| same_angle(a, p.angle))
    }

    /// Whether `p` is the piece this would lay, turned as it says or
    /// (`turned: false`) any way: ppn's second match, where the loose one
    /// finds more than one piece. What ppn fills in where nothing is
    /// said: Suns, the null, upright.
    pub fn is(&self, p: &Placed, turned: bool) -> bool {
        let (kind, side) = self.kind_and_side();
        let or = |v: &Option<String>, default: &str| v.clone().unwrap_or_else(|| default.into());
        kind == p.kind
            && side == p.side
            && or(&self.suit, "S") == or(&p.suit, "S")
            && or(&self.rank, RANKS[0]) == or(&p.rank, RANKS[0])
            && (!turned || same_angle(self.angle.unwrap_or(0.0), p.angle))
    }

    /// `p` changed to show what this says (ppn's `~`).
    pub fn change(&self, p: &mut Placed) {
        if let Some(k) = self.kind {
            p.kind = k;
        }
        if let Some(c) = self.colour {
            p.label = Some(c.to_string());
        }
        if let Some(s) = self.side {
            p.side = s;
        }
        if let Some(s) = &self.suit {
            p.suit = Some(s.clone());
        }
        if let Some(r) = &self.rank {
            p.rank = Some(r.clone());
        }
        if let Some(a) = self.angle {
            p.angle = a;
        }
    }
}

fn same_angle(a: f64, b: f64) -> bool {
    ((a - b).rem_euclid(360.0)).min((b - a).rem_euclid(360.0)) < 1e-6
}

/// A piece from its notation (`Mv`, `t`, `dS5`), placed at (x, y).
pub fn piece(spec: &str, x: f64, y: f64) -> Result<Placed, PieceError> {
    Ok(looks(spec)?.piece(x, y))
}

/// A marble from its colour letter (`R K G B Y W`), where a file is read
/// by ppn's marble parser; `None` for any other notation.
pub fn marble(spec: &str, x: f64, y: f64) -> Option<Placed> {
    let colour = spec.strip_suffix('^').unwrap_or(spec);
    (colour.len() == 1 && "RKGBYW".contains(colour)).then(|| Placed {
        kind: Kind::Marble,
        side: Side::Face,
        suit: Some(colour.to_string()),
        rank: None,
        x,
        y,
        angle: 0.0,
        label: None,
        id: None,
    })
}

/// An Icehouse pyramid seen from above, `B3x` (its colour `R K G B Y
/// W`, its size 1 to 3, `x` for its top), as Alien City lays them;
/// `None` for any other notation.
pub fn pyramid(spec: &str, x: f64, y: f64) -> Option<Placed> {
    let mut chars = spec.chars();
    let (colour, size) = (chars.next()?, chars.next()?);
    let top = chars.as_str();
    ("RKGBYW".contains(colour) && ('1'..='3').contains(&size) && (top.is_empty() || top == "x"))
        .then(|| Placed {
            kind: Kind::Pyramid,
            side: Side::Face,
            suit: Some(colour.to_string()),
            rank: Some(size.to_string()),
            x,
            y,
            angle: 0.0,
            label: None,
            id: None,
        })
}

/// piecepackr's suit `n` (1 to 4) as we write it.
pub fn suit(n: usize) -> String {
    SUITS[(n - 1) % 4].to_string()
}

/// A piece laid by a setup, from piecepackr's integers (suit 1-4, rank
/// 1-6: null to five).
pub fn laid(kind: Kind, side: Side, suit: usize, rank: usize, x: f64, y: f64) -> Placed {
    Placed {
        kind,
        side,
        suit: Some(self::suit(suit)),
        rank: Some(RANKS[(rank - 1) % 6].to_string()),
        x,
        y,
        angle: 0.0,
        label: None,
        id: None,
    }
}

/// What the drawing writes for a piece, in the notation it was read in:
/// what shows on its upper side, then which way it is turned.
pub fn token(p: &Placed) -> String {
    let suit = p.suit.as_deref().unwrap_or("");
    let rank = p.rank.as_deref().unwrap_or("");
    let mut t = match (p.kind, p.side) {
        (Kind::Tile, Side::Face) => format!("{suit}{rank}"),
        (Kind::Tile, Side::Back) => "t".to_string(),
        (Kind::Coin, Side::Back) if !suit.is_empty() => suit.to_string(),
        (Kind::Coin, Side::Back) => "c".to_string(),
        (Kind::Coin, Side::Face) => rank.to_string(),
        (Kind::Die, _) => format!("d{suit}{rank}"),
        (Kind::Pawn, _) => format!("p{suit}"),
        (Kind::Marble, _) => suit.to_string(),
        // A piecepack's pyramid (a suit, a rank), else an Icehouse one
        // (a colour, a size).
        (Kind::Pyramid, _) if SUITS.iter().any(|s| suit == s.to_string()) => {
            format!("x{suit}{rank}")
        }
        (Kind::Pyramid, _) => format!("{suit}{rank}"),
        // A domino as ppn's macro names it: its halves upright (6-3: 6
        // over 3), `<` where it lies across (6 at the left).
        (Kind::Domino, Side::Face) => {
            let colour = p.label.as_deref().unwrap_or("");
            let across = ((p.angle / 90.0).round() as i64).rem_euclid(2) == 1;
            return format!("{colour}{suit}-{rank}{}", if across { "<" } else { "" });
        }
        (Kind::Domino, Side::Back) => format!("{}domino", p.label.as_deref().unwrap_or("")),
        (k, _) => k.name().to_string(),
    };
    t.push_str(turn(p.angle));
    t
}

/// The mark for a piece's turn: none upright, else `<` `v` `>`.
pub fn turn(angle: f64) -> &'static str {
    match ((angle / 90.0).round() as i64).rem_euclid(4) {
        1 => "<",
        2 => "v",
        3 => ">",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notation_reads_and_writes_back() {
        for (spec, kind, side, shown) in [
            ("S", Kind::Coin, Side::Back, "S"),
            ("Mv", Kind::Coin, Side::Back, "Mv"),
            ("3", Kind::Coin, Side::Face, "3"),
            ("a>", Kind::Coin, Side::Face, "a>"),
            ("Sa", Kind::Tile, Side::Face, "Sa"),
            ("t", Kind::Tile, Side::Back, "t"),
            ("dS5", Kind::Die, Side::Face, "dS5"),
            ("pA<", Kind::Pawn, Side::Face, "pA<"),
            ("cS2", Kind::Coin, Side::Back, "S"),
            ("c2", Kind::Coin, Side::Face, "2"),
            ("Sn", Kind::Tile, Side::Face, "Sn"),
        ] {
            let p = piece(spec, 1.0, 2.0).unwrap();
            assert_eq!(
                (p.kind, p.side, token(&p).as_str()),
                (kind, side, shown),
                "{spec}"
            );
        }
        assert_eq!(
            piece("B3x", 0.0, 0.0),
            Err(PieceError::NotPiecepack("B3x".into()))
        );
        assert_eq!(piece("S7", 0.0, 0.0), Err(PieceError::Rank("S7".into())));
        // Dominoes, as ppn's macros give them (`6-3` upright: 6 over 3):
        // a colour for the set, the halves top (or left) first.
        let upright = |n: &str| domino_macro(n).unwrap().to_string();
        for (spec, shown) in [
            (format!("R{}<", upright("6-3")), "R6-3<"),
            (format!("B{}", upright("6-4")), "B6-4"),
            (format!("B{}", upright("1-5")), "B1-5"),
            (format!("B{}>", upright("3-1")), "B1-3<"),
            (format!("R{}v", upright("2-5")), "R5-2"),
        ] {
            let p = piece(&spec, 0.0, 0.0).unwrap();
            assert_eq!(
                (p.kind, token(&p).as_str()),
                (Kind::Domino, shown),
                "{spec}"
            );
        }
        assert_eq!(domino_macro("7-1"), None);
        assert_eq!(
            piece("R", 0.0, 0.0),
            Err(PieceError::NotPiecepack("R".into()))
        );
        assert_eq!(
            piece("S,a90", 0.0, 0.0),
            Err(PieceError::NotPiecepack("S,a90".into()))
        );
    }
}
