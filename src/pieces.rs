//! Pieces as types: the piecepack, a 52-card deck and dominoes, with the
//! notation players already write (see DESIGN.md). Output speaks the same
//! notation as input, so anything shown can be typed back.
//!
//! A piece's *value* is deliberately absent here: null counts 0 in one
//! game and 1 in another, so values belong to the games.

use std::fmt;
use std::str::FromStr;

/// Pieces serialise as the notation they are typed in (`Sn`, `7H`, `3-5`,
/// a rank's `n`..`5`), so JSON output can be pasted back as input.
macro_rules! serialize_as_notation {
    ($($t:ty),*) => {$(
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        // Read back from the same notation (saved games keep pieces so).
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <String as serde::Deserialize>::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    )*};
}
serialize_as_notation!(Suit, Rank, Piece, Card, Domino);

/// A bad piece token, quoting it and saying what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{token}' is not a {what}: expected {expected}")]
pub struct ParsePieceError {
    pub token: String,
    pub what: &'static str,
    pub expected: &'static str,
}

impl ParsePieceError {
    fn new(token: &str, what: &'static str, expected: &'static str) -> Self {
        ParsePieceError {
            token: token.to_string(),
            what,
            expected,
        }
    }
}

/// Piecepack suits, in the order the Catwalk compass lists them clockwise
/// from north is a game fact and lives in the game; this is reading order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Suns,
    Moons,
    Crowns,
    Arms,
}

/// Suits for coins a game knows by value only: the k-th coin of a value
/// takes the k-th of `suits` (round again past the last), so coins
/// handed out in a fixed order are one piecepack's, each named once.
pub struct SuitsByValue {
    suits: &'static [Suit],
    seen: [usize; 6],
}

impl SuitsByValue {
    pub fn new(suits: &'static [Suit]) -> SuitsByValue {
        SuitsByValue {
            suits,
            seen: [0; 6],
        }
    }

    /// The suit of the next coin of value `v`.
    pub fn next(&mut self, v: Rank) -> Suit {
        let k = &mut self.seen[usize::from(v.index())];
        *k += 1;
        self.suits[(*k - 1) % self.suits.len()]
    }
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Suns, Suit::Moons, Suit::Crowns, Suit::Arms];

    pub fn letter(self) -> char {
        match self {
            Suit::Suns => 'S',
            Suit::Moons => 'M',
            Suit::Crowns => 'C',
            Suit::Arms => 'A',
        }
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' => Some(Suit::Suns),
            'M' => Some(Suit::Moons),
            'C' => Some(Suit::Crowns),
            'A' => Some(Suit::Arms),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Suit::Suns => "Suns",
            Suit::Moons => "Moons",
            Suit::Crowns => "Crowns",
            Suit::Arms => "Arms",
        }
    }
}

const SUIT_EXPECTED: &str = "a suit S, M, C or A (Suns, Moons, Crowns, Arms)";

impl FromStr for Suit {
    type Err = ParsePieceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase();
        let found = match lower.as_str() {
            "s" | "sun" | "suns" => Some(Suit::Suns),
            "m" | "moon" | "moons" => Some(Suit::Moons),
            "c" | "crown" | "crowns" => Some(Suit::Crowns),
            "a" | "arm" | "arms" => Some(Suit::Arms),
            _ => None,
        };
        found.ok_or_else(|| ParsePieceError::new(s, "suit", SUIT_EXPECTED))
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Piecepack ranks null, ace, 2..5. The number is the face's position, not
/// its value in any game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    Null,
    Ace,
    Two,
    Three,
    Four,
    Five,
}

const RANK_EXPECTED: &str = "a rank n, a, 2, 3, 4 or 5 (0 and 1 also work)";

impl Rank {
    pub const ALL: [Rank; 6] = [
        Rank::Null,
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
    ];

    /// 0 for null up to 5: the face's place in the sequence.
    pub fn index(self) -> u8 {
        self as u8
    }

    pub fn from_index(i: u8) -> Option<Rank> {
        Rank::ALL.get(i as usize).copied()
    }

    pub fn code(self) -> &'static str {
        ["n", "a", "2", "3", "4", "5"][self as usize]
    }

    pub fn name(self) -> &'static str {
        ["null", "ace", "2", "3", "4", "5"][self as usize]
    }
}

impl FromStr for Rank {
    type Err = ParsePieceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let found = match s.to_ascii_lowercase().as_str() {
            "n" | "0" | "null" | "blank" => Some(Rank::Null),
            "a" | "1" | "ace" => Some(Rank::Ace),
            "2" => Some(Rank::Two),
            "3" => Some(Rank::Three),
            "4" => Some(Rank::Four),
            "5" => Some(Rank::Five),
            _ => None,
        };
        found.ok_or_else(|| ParsePieceError::new(s, "rank", RANK_EXPECTED))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A piecepack tile or coin face: suit then rank, `Sn`, `Ma`, `C3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub suit: Suit,
    pub rank: Rank,
}

pub type Tile = Piece;
pub type Coin = Piece;

impl Piece {
    pub const fn new(suit: Suit, rank: Rank) -> Piece {
        Piece { suit, rank }
    }

    /// All 24 in suit-major reading order (Sn Sa S2 .. A5).
    pub fn all() -> Vec<Piece> {
        Suit::ALL
            .iter()
            .flat_map(|&s| Rank::ALL.iter().map(move |&r| Piece::new(s, r)))
            .collect()
    }

    /// The `i`th piece of [`Piece::all`]'s order (suit by suit, null to
    /// five), without building the list: solvers ask it millions of times.
    pub fn nth(i: usize) -> Piece {
        let ranks = Rank::ALL.len();
        Piece::new(Suit::ALL[i / ranks], Rank::ALL[i % ranks])
    }

    /// Where this piece stands in [`Piece::all`]'s order.
    pub fn position(self) -> usize {
        self.suit as usize * Rank::ALL.len() + self.rank.index() as usize
    }
}

impl FromStr for Piece {
    type Err = ParsePieceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || {
            ParsePieceError::new(
                s,
                "piecepack tile or coin",
                "suit then rank, like Sn, Ma, C3 or A5",
            )
        };
        let mut chars = s.chars();
        let suit = chars.next().and_then(Suit::from_letter).ok_or_else(err)?;
        let rank: Rank = chars.as_str().parse().map_err(|_| err())?;
        Ok(Piece::new(suit, rank))
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit, self.rank)
    }
}

/// Playing-card suits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CardSuit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl CardSuit {
    pub const ALL: [CardSuit; 4] = [
        CardSuit::Clubs,
        CardSuit::Diamonds,
        CardSuit::Hearts,
        CardSuit::Spades,
    ];

    pub fn letter(self) -> char {
        match self {
            CardSuit::Clubs => 'C',
            CardSuit::Diamonds => 'D',
            CardSuit::Hearts => 'H',
            CardSuit::Spades => 'S',
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, CardSuit::Diamonds | CardSuit::Hearts)
    }

    pub fn name(self) -> &'static str {
        match self {
            CardSuit::Clubs => "clubs",
            CardSuit::Diamonds => "diamonds",
            CardSuit::Hearts => "hearts",
            CardSuit::Spades => "spades",
        }
    }

    fn from_letter(c: char) -> Option<CardSuit> {
        CardSuit::ALL
            .into_iter()
            .find(|s| s.letter() == c.to_ascii_uppercase())
    }
}

/// A playing card: rank 1 (ace) to 13 (king), or a joker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    Regular {
        rank: u8,
        suit: CardSuit,
    },
    /// Red and black jokers, written `RJ` and `BJ`.
    Joker {
        red: bool,
    },
}

const CARD_EXPECTED: &str = "rank then suit, like AS, 10H, TD, QC (or RJ, BJ for jokers)";

impl Card {
    /// The 52 cards, suit by suit, ace to king; with `jokers`, two more.
    pub fn deck(jokers: bool) -> Vec<Card> {
        let mut cards: Vec<Card> = CardSuit::ALL
            .iter()
            .flat_map(|&suit| (1..=13).map(move |rank| Card::Regular { rank, suit }))
            .collect();
        if jokers {
            cards.push(Card::Joker { red: true });
            cards.push(Card::Joker { red: false });
        }
        cards
    }

    pub fn is_red(self) -> bool {
        match self {
            Card::Regular { suit, .. } => suit.is_red(),
            Card::Joker { red } => red,
        }
    }
}

impl FromStr for Card {
    type Err = ParsePieceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParsePieceError::new(s, "card", CARD_EXPECTED);
        let upper = s.to_ascii_uppercase();
        match upper.as_str() {
            "RJ" => return Ok(Card::Joker { red: true }),
            "BJ" => return Ok(Card::Joker { red: false }),
            _ => {}
        }
        let last = upper.chars().last().ok_or_else(err)?;
        let suit = CardSuit::from_letter(last).ok_or_else(err)?;
        let rank = match &upper[..upper.len() - 1] {
            "A" | "1" => 1,
            "T" | "10" => 10,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            n => match n.parse::<u8>() {
                Ok(v @ 2..=9) => v,
                _ => return Err(err()),
            },
        };
        Ok(Card::Regular { rank, suit })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Card::Joker { red } => f.write_str(if red { "RJ" } else { "BJ" }),
            Card::Regular { rank, suit } => {
                let r = match rank {
                    1 => "A".to_string(),
                    11 => "J".to_string(),
                    12 => "Q".to_string(),
                    13 => "K".to_string(),
                    n => n.to_string(),
                };
                write!(f, "{r}{}", suit.letter())
            }
        }
    }
}

/// A domino, smaller end first: `3-5`, `0-0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domino {
    pub low: u8,
    pub high: u8,
}

impl Domino {
    pub fn new(a: u8, b: u8) -> Domino {
        Domino {
            low: a.min(b),
            high: a.max(b),
        }
    }

    /// A double-N set: (N+1)(N+2)/2 dominoes (28 for double-six, 55 for
    /// double-nine).
    pub fn set(max: u8) -> Vec<Domino> {
        (0..=max)
            .flat_map(|a| (a..=max).map(move |b| Domino::new(a, b)))
            .collect()
    }
}

impl FromStr for Domino {
    type Err = ParsePieceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParsePieceError::new(s, "domino", "two ends like 3-5 or 0-0");
        let (a, b) = s.split_once(['-', '/', ':']).ok_or_else(err)?;
        let a: u8 = a.trim().parse().map_err(|_| err())?;
        let b: u8 = b.trim().parse().map_err(|_| err())?;
        if a > 9 || b > 9 {
            return Err(err());
        }
        Ok(Domino::new(a, b))
    }
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.low, self.high)
    }
}

/// Why a list of tiles was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TilesError {
    #[error(transparent)]
    Bad(#[from] ParsePieceError),
    #[error("tile {0} is entered twice")]
    Twice(Piece),
}

/// Tiles (or coins) by code, each at most once: a piecepack has one of each.
pub fn distinct_tiles(words: &[String]) -> Result<Vec<Piece>, TilesError> {
    let mut out: Vec<Piece> = Vec::new();
    for w in words {
        let t: Piece = w.parse()?;
        if out.contains(&t) {
            return Err(TilesError::Twice(t));
        }
        out.push(t);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_round_trips_and_aliases() {
        for p in Piece::all() {
            assert_eq!(p.to_string().parse::<Piece>().unwrap(), p);
        }
        assert_eq!("s0".parse::<Piece>().unwrap().to_string(), "Sn");
        assert_eq!("m1".parse::<Piece>().unwrap().to_string(), "Ma");
        assert_eq!("cNULL".parse::<Piece>().unwrap().to_string(), "Cn");
    }

    #[test]
    fn nth_and_position_are_the_order_of_all() {
        for (i, p) in Piece::all().into_iter().enumerate() {
            assert_eq!(Piece::nth(i), p);
            assert_eq!(p.position(), i);
            assert_eq!(p.rank.index() as usize, i % 6);
        }
    }

    #[test]
    fn bad_piece_names_token() {
        let e = "X3".parse::<Piece>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "'X3' is not a piecepack tile or coin: expected suit then rank, like Sn, Ma, C3 or A5"
        );
        assert!("S6".parse::<Piece>().is_err());
        assert!("".parse::<Piece>().is_err());
    }

    #[test]
    fn cards_parse_and_print() {
        assert_eq!(Card::deck(false).len(), 52);
        assert_eq!(Card::deck(true).len(), 54);
        for c in Card::deck(true) {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        }
        assert_eq!("td".parse::<Card>().unwrap().to_string(), "10D");
        assert!("1X".parse::<Card>().is_err());
        assert!("11H".parse::<Card>().is_err());
        assert!("ÄH".parse::<Card>().is_err());
    }

    #[test]
    fn domino_sets() {
        assert_eq!(Domino::set(6).len(), 28);
        assert_eq!(Domino::set(9).len(), 55);
        assert_eq!("5-3".parse::<Domino>().unwrap().to_string(), "3-5");
        assert!("3-x".parse::<Domino>().is_err());
    }
}
