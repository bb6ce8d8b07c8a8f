//! PPN's simplified piece notation, read into our layout's pieces and
//! written back for the drawing: `S` a coin showing its suit (its back),
//! `3` a coin showing its number, `Sa` a tile's face, `t` a tile's back,
//! `dS5` a die, `pS` a pawn; `^ < v >` turn it (0, 90, 180, 270 degrees
//! counter-clockwise), `f` and `b` say the side outright.

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

/// A piece from its notation (`Mv`, `t`, `dS5`), placed at (x, y).
pub fn piece(spec: &str, x: f64, y: f64) -> Result<Placed, PieceError> {
    let foreign = |_| PieceError::NotPiecepack(spec.to_string());
    // Anything past a comma is ppn's long form (`,a90`, `,r2`, cfg names).
    if spec.contains(',') || spec.contains('\'') {
        return Err(foreign(()));
    }
    let mut suit = None;
    let mut rank = None;
    let mut kind = None;
    let mut side = None;
    let mut angle = None;
    for c in spec.chars() {
        match c {
            'S' | 'M' | 'C' | 'A' if suit.is_none() => suit = Some(c),
            'n' | '0' if rank.is_none() => rank = Some(0),
            'a' | '1' if rank.is_none() => rank = Some(1),
            '2'..='5' if rank.is_none() => rank = Some(c as usize - '0' as usize),
            '6'..='9' => return Err(PieceError::Rank(spec.to_string())),
            't' if kind.is_none() => kind = Some(Kind::Tile),
            'c' if kind.is_none() => kind = Some(Kind::Coin),
            'd' if kind.is_none() => kind = Some(Kind::Die),
            'p' if kind.is_none() => kind = Some(Kind::Pawn),
            'f' if side.is_none() => side = Some(Side::Face),
            'b' if side.is_none() => side = Some(Side::Back),
            '^' if angle.is_none() => angle = Some(0.0),
            '<' if angle.is_none() => angle = Some(90.0),
            'v' if angle.is_none() => angle = Some(180.0),
            '>' if angle.is_none() => angle = Some(270.0),
            _ => return Err(foreign(())),
        }
    }
    // What the notation leaves out, as ppn fills it in: a suit and a
    // rank make a tile, either alone a coin; a tile without both, and a
    // coin with its suit, lie back up.
    let kind = kind.unwrap_or(match (suit, rank) {
        (Some(_), Some(_)) | (None, None) => Kind::Tile,
        _ => Kind::Coin,
    });
    let side = side.unwrap_or(match kind {
        Kind::Tile if suit.is_none() || rank.is_none() => Side::Back,
        Kind::Coin if suit.is_some() => Side::Back,
        _ => Side::Face,
    });
    Ok(Placed {
        kind,
        side,
        suit: suit.map(String::from),
        rank: rank.map(|r| RANKS[r].to_string()),
        x,
        y,
        angle: angle.unwrap_or(0.0),
        label: None,
        id: None,
    })
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
        (Kind::Pyramid, _) => format!("{suit}{rank}"),
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
        assert_eq!(
            piece("S,a90", 0.0, 0.0),
            Err(PieceError::NotPiecepack("S,a90".into()))
        );
    }
}
