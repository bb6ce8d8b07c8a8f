//! The one model of pieces on a table, which every setup returns and every
//! picture-making renderer reads (SVG, PNG, PPN, CSV, JSON).
//!
//! It follows the piecepack community's data frame (ppdf's columns
//! `piece_side, suit, rank, cfg, x, y, angle`), so that the mapping to
//! piecepackr is direct: positions are the centres of pieces in inches,
//! x to the right and y up, a piecepack tile 2 by 2, a coin 3/4 across;
//! angles in degrees counter-clockwise. Identities stay in tablemate's
//! notation (`S`, `n`, `10H`, `3-5`), so what a picture shows can be typed
//! back; `ppdf_suit` and `ppdf_rank` give piecepackr's integers.

use serde::{Deserialize, Serialize};

use crate::pieces::{Card, Piece, Rank, Suit};

/// Sizes in inches, as piecepackr draws them.
pub const TILE: f64 = 2.0;
pub const COIN: f64 = 0.75;
pub const DIE: f64 = 0.5;
pub const CARD_W: f64 = 2.5;
pub const CARD_H: f64 = 3.5;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Tile,
    Coin,
    Die,
    Pawn,
    Card,
    Domino,
    /// A marble, its colour in `suit` (`R K G B Y W`, ppn's letters).
    Marble,
    /// A hole of a marble board (another tool's game, #81).
    Hole,
    /// An Icehouse pyramid seen from above: its colour in `suit`, its
    /// size (1 to 3) in `rank`.
    Pyramid,
    /// Not a piece: a spot worth pointing at (a start, an exit, a nest).
    Marker,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Tile => "tile",
            Kind::Coin => "coin",
            Kind::Die => "die",
            Kind::Pawn => "pawn",
            Kind::Card => "card",
            Kind::Domino => "domino",
            Kind::Marble => "marble",
            Kind::Hole => "hole",
            Kind::Pyramid => "pyramid",
            Kind::Marker => "marker",
        }
    }
}

/// Face up (a tile's suit and rank, a coin's number, a card's face) or
/// back up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Face,
    Back,
}

/// One piece where it lies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    pub kind: Kind,
    pub side: Side,
    /// Piecepack suit letter (`S M C A`), card suit letter (`C D H S`), or
    /// for a domino the number on its first half.
    pub suit: Option<String>,
    /// Piecepack rank (`n a 2 3 4 5`), card rank (`A 2 .. 10 J Q K`), or
    /// for a domino the number on its second half.
    pub rank: Option<String>,
    pub x: f64,
    pub y: f64,
    #[serde(default)]
    pub angle: f64,
    /// A few characters drawn beside it: an order number, a count.
    #[serde(default)]
    pub label: Option<String>,
    /// Which piece this is, where the game tells like pieces apart (two
    /// face-down coins): renderers that follow pieces from one position
    /// to the next (PPN's moves) match on it before they match on looks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u32>,
}

/// A whole setup: the pieces, with a title for pictures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    /// The game's id (`catwalk`, `slide-jam`, ...).
    pub game: String,
    pub title: String,
    pub pieces: Vec<Placed>,
    /// What the pieces that are not told by a number are (`rat`: `Crowns
    /// pawn`): said beside the picture, not written on it, so every mark
    /// drawn on the picture stays short enough to be drawn large (#58).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub key: Vec<(String, String)>,
}

impl Placed {
    fn new(kind: Kind, side: Side, x: f64, y: f64) -> Placed {
        Placed {
            kind,
            side,
            suit: None,
            rank: None,
            x,
            y,
            angle: 0.0,
            label: None,
            id: None,
        }
    }

    /// A piecepack tile (or coin) showing its face.
    pub fn tile(p: Piece, x: f64, y: f64) -> Placed {
        Placed {
            suit: Some(p.suit.letter().to_string()),
            rank: Some(p.rank.code().to_string()),
            ..Placed::new(Kind::Tile, Side::Face, x, y)
        }
    }

    pub fn tile_back(x: f64, y: f64) -> Placed {
        Placed::new(Kind::Tile, Side::Back, x, y)
    }

    /// A coin showing its number (its suit unknown or not mattering).
    pub fn coin_value(r: Rank, x: f64, y: f64) -> Placed {
        Placed {
            rank: Some(r.code().to_string()),
            ..Placed::new(Kind::Coin, Side::Face, x, y)
        }
    }

    /// A coin showing its suit.
    pub fn coin_suit(s: Suit, x: f64, y: f64) -> Placed {
        Placed {
            suit: Some(s.letter().to_string()),
            ..Placed::new(Kind::Coin, Side::Back, x, y)
        }
    }

    pub fn coin_back(x: f64, y: f64) -> Placed {
        Placed::new(Kind::Coin, Side::Back, x, y)
    }

    pub fn die(r: Option<Rank>, x: f64, y: f64) -> Placed {
        Placed {
            rank: r.map(|r| r.code().to_string()),
            ..Placed::new(Kind::Die, Side::Face, x, y)
        }
    }

    /// An ordinary six-sided die showing `face` (1 to 6), or face down
    /// (under a cup: no face shown).
    pub fn d6(face: Option<u8>, x: f64, y: f64) -> Placed {
        Placed {
            rank: face.map(|f| f.to_string()),
            ..Placed::new(Kind::Die, Side::Face, x, y)
        }
    }

    pub fn pawn(s: Option<Suit>, x: f64, y: f64) -> Placed {
        Placed {
            suit: s.map(|s| s.letter().to_string()),
            ..Placed::new(Kind::Pawn, Side::Face, x, y)
        }
    }

    pub fn card_back(x: f64, y: f64) -> Placed {
        Placed::new(Kind::Card, Side::Back, x, y)
    }

    pub fn card(c: Card, x: f64, y: f64) -> Placed {
        let code = c.to_string();
        let (rank, suit) = code.split_at(code.len() - 1);
        Placed {
            suit: Some(suit.to_string()),
            rank: Some(rank.to_string()),
            ..Placed::new(Kind::Card, Side::Face, x, y)
        }
    }

    /// A domino lying across (its first number on the left), or turned by
    /// `angle`.
    pub fn domino(a: u8, b: u8, x: f64, y: f64) -> Placed {
        Placed {
            suit: Some(a.to_string()),
            rank: Some(b.to_string()),
            angle: 90.0,
            ..Placed::new(Kind::Domino, Side::Face, x, y)
        }
    }

    pub fn marker(text: &str, x: f64, y: f64) -> Placed {
        Placed::new(Kind::Marker, Side::Face, x, y).labelled(text)
    }

    pub fn labelled(mut self, text: impl Into<String>) -> Placed {
        self.label = Some(text.into());
        self
    }

    /// The same piece in suit `s`: a die, a pawn, a coin whose suit the
    /// game does not track but the table's piece has.
    pub fn suited(mut self, s: Suit) -> Placed {
        self.suit = Some(s.letter().to_string());
        self
    }

    /// The same piece, told apart from its like by `id` (see `Placed::id`).
    pub fn known_as(mut self, id: u32) -> Placed {
        self.id = Some(id);
        self
    }

    /// Its piecepack suit, when it has one.
    pub fn piece_suit(&self) -> Option<Suit> {
        match self.kind {
            Kind::Tile | Kind::Coin | Kind::Die | Kind::Pawn => self.suit.as_deref()?.parse().ok(),
            // A piecepack's pyramids have suits; Icehouse ones, colours.
            Kind::Pyramid => self.suit.as_deref()?.parse().ok(),
            _ => None,
        }
    }

    /// ppdf's `piece_side`: `tile_face`, `coin_back`, `card_face`, ...
    /// Dominoes are tiles in piecepackr's domino configurations.
    pub fn ppdf_piece_side(&self) -> Option<String> {
        let piece = match self.kind {
            Kind::Marker | Kind::Hole => return None,
            Kind::Domino => "tile",
            Kind::Marble => "bit",
            Kind::Pyramid => return Some("pyramid_top".into()),
            k => k.name(),
        };
        let side = match self.side {
            Side::Face => "face",
            Side::Back => "back",
        };
        Some(format!("{piece}_{side}"))
    }

    /// ppdf's configuration for the piece.
    pub fn ppdf_cfg(&self) -> &'static str {
        match self.kind {
            Kind::Card => "playing_cards",
            Kind::Domino => "dominoes",
            Kind::Marble | Kind::Hole => "marbles",
            Kind::Pyramid if self.piece_suit().is_some() => "piecepack",
            Kind::Pyramid => "icehouse_pieces",
            _ => "piecepack",
        }
    }

    /// piecepackr's suit integer: Suns 1, Moons 2, Crowns 3, Arms 4;
    /// hearts 1, spades 2, clubs 3, diamonds 4; a domino's half + 1.
    pub fn ppdf_suit(&self) -> Option<u32> {
        let s = self.suit.as_deref()?;
        match self.kind {
            Kind::Card => ["H", "S", "C", "D"]
                .iter()
                .position(|c| *c == s)
                .map(|i| i as u32 + 1),
            Kind::Domino => s.parse::<u32>().ok().map(|n| n + 1),
            // ppdf's colours: red, black, green, blue, yellow, white.
            Kind::Marble | Kind::Pyramid if self.piece_suit().is_none() => {
                ["R", "K", "G", "B", "Y", "W"]
                    .iter()
                    .position(|c| *c == s)
                    .map(|i| i as u32 + 1)
            }
            _ => {
                let suit: Suit = s.parse().ok()?;
                Suit::ALL
                    .iter()
                    .position(|x| *x == suit)
                    .map(|i| i as u32 + 1)
            }
        }
    }

    /// piecepackr's rank integer: null 1 .. 5 6; ace 1 .. king 13; a
    /// domino's half + 1.
    pub fn ppdf_rank(&self) -> Option<u32> {
        let r = self.rank.as_deref()?;
        match self.kind {
            Kind::Card => match r {
                "A" => Some(1),
                "J" => Some(11),
                "Q" => Some(12),
                "K" => Some(13),
                n => n.parse().ok(),
            },
            Kind::Domino => r.parse::<u32>().ok().map(|n| n + 1),
            _ => r.parse::<Rank>().ok().map(|r| r.index() as u32 + 1),
        }
    }

    /// Half its width and height, in inches, after turning.
    pub fn half_extent(&self) -> (f64, f64) {
        let (w, h) = match self.kind {
            Kind::Tile => (TILE, TILE),
            Kind::Coin => (COIN, COIN),
            Kind::Die => (DIE, DIE),
            Kind::Pawn => (0.5, 0.875),
            Kind::Card => (CARD_W, CARD_H),
            Kind::Domino => (1.0, 2.0),
            // In ppn's marble units: holes two apart, marbles touching.
            Kind::Marble => (1.8, 1.8),
            Kind::Hole => (1.0, 1.0),
            // Icehouse bases: small, medium, large.
            Kind::Pyramid if self.piece_suit().is_none() => match self.rank.as_deref() {
                Some("1") => (0.625, 0.625),
                Some("2") => (0.78, 0.78),
                _ => (0.94, 0.94),
            },
            // A piecepack's: wider with each rank, null to five.
            Kind::Pyramid => {
                let r = self.rank.as_deref().and_then(|r| r.parse::<Rank>().ok());
                let w = 0.5 + 0.08 * r.map_or(0.0, |r| r.index() as f64);
                (w, w)
            }
            Kind::Marker => (0.5, 0.5),
        };
        let quarter = (self.angle / 90.0).round() as i64;
        if quarter.rem_euclid(2) == 1 {
            (h / 2.0, w / 2.0)
        } else {
            (w / 2.0, h / 2.0)
        }
    }
}

impl Layout {
    pub fn new(game: &str, title: &str) -> Layout {
        Layout {
            game: game.into(),
            title: title.into(),
            pieces: Vec::new(),
            key: Vec::new(),
        }
    }

    /// Says what a piece of the picture is (see [`Layout::key`]).
    pub fn tell(&mut self, what: &str, looks: &str) {
        self.key.push((what.into(), looks.into()));
    }

    pub fn push(&mut self, p: Placed) {
        self.pieces.push(p);
    }

    /// The box holding every piece: (min x, min y, max x, max y).
    pub fn bounds(&self) -> (f64, f64, f64, f64) {
        let mut b = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in &self.pieces {
            let (hw, hh) = p.half_extent();
            b.0 = b.0.min(p.x - hw);
            b.1 = b.1.min(p.y - hh);
            b.2 = b.2.max(p.x + hw);
            b.3 = b.3.max(p.y + hh);
        }
        if self.pieces.is_empty() {
            (0.0, 0.0, 1.0, 1.0)
        } else {
            b
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ppdf_integers() {
        let t = Placed::tile("Mn".parse().unwrap(), 1.0, 1.0);
        assert_eq!((t.ppdf_suit(), t.ppdf_rank()), (Some(2), Some(1)));
        assert_eq!(t.ppdf_piece_side().as_deref(), Some("tile_face"));
        let c = Placed::card("10D".parse().unwrap(), 0.0, 0.0);
        assert_eq!((c.ppdf_suit(), c.ppdf_rank()), (Some(4), Some(10)));
        let d = Placed::domino(0, 6, 0.0, 0.0);
        assert_eq!(
            (d.ppdf_suit(), d.ppdf_rank(), d.ppdf_cfg()),
            (Some(1), Some(7), "dominoes")
        );
        assert_eq!(
            Placed::coin_value(Rank::Five, 0.0, 0.0).ppdf_rank(),
            Some(6)
        );
        assert_eq!(d.half_extent(), (1.0, 0.5));
    }
}
