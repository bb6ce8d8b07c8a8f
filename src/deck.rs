//! Things to shuffle and draw from: piecepack tiles and coins, cards and
//! dominoes, or the player's own list. A deck keeps what is left and what has
//! been drawn, so nothing is ever dealt twice.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::pieces::{Card, Domino, Piece};
use crate::random::TableRng;
use crate::style::Style;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DeckKind {
    Tiles,
    Coins,
    Cards,
    Jokers,
    Dominoes,
    Dominoes9,
    Custom,
}

impl DeckKind {
    /// The kinds a player can name (custom decks are made from a list).
    pub const ALL: [DeckKind; 6] = [
        DeckKind::Tiles,
        DeckKind::Coins,
        DeckKind::Cards,
        DeckKind::Jokers,
        DeckKind::Dominoes,
        DeckKind::Dominoes9,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DeckKind::Tiles => "tiles",
            DeckKind::Coins => "coins",
            DeckKind::Cards => "cards",
            DeckKind::Jokers => "jokers",
            DeckKind::Dominoes => "dominoes",
            DeckKind::Dominoes9 => "dominoes9",
            DeckKind::Custom => "custom",
        }
    }

    /// The full set in its natural order.
    pub fn items(self) -> Vec<Item> {
        match self {
            DeckKind::Tiles | DeckKind::Coins => {
                Piece::all().into_iter().map(Item::Piece).collect()
            }
            DeckKind::Cards => Card::deck(false).into_iter().map(Item::Card).collect(),
            DeckKind::Jokers => Card::deck(true).into_iter().map(Item::Card).collect(),
            DeckKind::Dominoes => Domino::set(6).into_iter().map(Item::Domino).collect(),
            DeckKind::Dominoes9 => Domino::set(9).into_iter().map(Item::Domino).collect(),
            DeckKind::Custom => Vec::new(),
        }
    }

    /// Read one stored item back for this kind.
    pub fn parse_item(self, s: &str) -> Option<Item> {
        match self {
            DeckKind::Tiles | DeckKind::Coins => s.parse().ok().map(Item::Piece),
            DeckKind::Cards | DeckKind::Jokers => s.parse().ok().map(Item::Card),
            DeckKind::Dominoes | DeckKind::Dominoes9 => s.parse().ok().map(Item::Domino),
            DeckKind::Custom => Some(Item::Text(s.to_string())),
        }
    }
}

impl fmt::Display for DeckKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    #[error(
        "'{0}' is not a deck kind: expected tiles, coins, cards, jokers, dominoes or dominoes9"
    )]
    UnknownKind(String),
    #[error(
        "deck '{name}' is empty: {drawn} drawn, none left (`deck return {name}` puts them back)"
    )]
    Empty { name: String, drawn: usize },
    #[error("deck '{name}' has only {left} left; asked for {asked}")]
    TooFew {
        name: String,
        left: usize,
        asked: usize,
    },
}

impl FromStr for DeckKind {
    type Err = DeckError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let found = match s.to_ascii_lowercase().as_str() {
            "tiles" | "tile" => DeckKind::Tiles,
            "coins" | "coin" => DeckKind::Coins,
            "cards" | "card" | "deck52" => DeckKind::Cards,
            "jokers" | "cards+jokers" | "cards54" => DeckKind::Jokers,
            "dominoes" | "dominos" | "domino" | "dominoes6" | "d6set" => DeckKind::Dominoes,
            "dominoes9" | "dominos9" | "d9set" => DeckKind::Dominoes9,
            _ => return Err(DeckError::UnknownKind(s.to_string())),
        };
        Ok(found)
    }
}

/// One thing in a deck, kept as a type so it can be coloured and typed back.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Item {
    Piece(Piece),
    Card(Card),
    Domino(Domino),
    Text(String),
}

impl Item {
    pub fn render(&self, style: &Style) -> String {
        match self {
            Item::Piece(p) => style.piece(*p),
            Item::Card(c) => style.card(*c),
            Item::Domino(d) => d.to_string(),
            Item::Text(t) => t.clone(),
        }
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Piece(p) => p.fmt(f),
            Item::Card(c) => c.fmt(f),
            Item::Domino(d) => d.fmt(f),
            Item::Text(t) => f.write_str(t),
        }
    }
}

/// A named deck: `left` is face down, top first; `drawn` in drawing order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    pub name: String,
    pub kind: DeckKind,
    pub left: Vec<Item>,
    pub drawn: Vec<Item>,
}

impl Deck {
    /// A freshly shuffled deck of `kind` (or of the player's `items`).
    pub fn new(name: &str, kind: DeckKind, items: Vec<Item>, rng: &mut TableRng) -> Deck {
        let mut left = if kind == DeckKind::Custom {
            items
        } else {
            kind.items()
        };
        rng.shuffle(&mut left);
        Deck {
            name: name.to_string(),
            kind,
            left,
            drawn: Vec::new(),
        }
    }

    pub fn total(&self) -> usize {
        self.left.len() + self.drawn.len()
    }

    /// Take `n` from the top. Refuses, changing nothing, if too few remain.
    pub fn draw(&mut self, n: usize) -> Result<Vec<Item>, DeckError> {
        if self.left.is_empty() && n > 0 {
            return Err(DeckError::Empty {
                name: self.name.clone(),
                drawn: self.drawn.len(),
            });
        }
        if n > self.left.len() {
            return Err(DeckError::TooFew {
                name: self.name.clone(),
                left: self.left.len(),
                asked: n,
            });
        }
        let taken: Vec<Item> = self.left.drain(..n).collect();
        self.drawn.extend(taken.iter().cloned());
        Ok(taken)
    }

    /// Everything drawn goes back and the whole deck is shuffled again.
    pub fn return_all(&mut self, rng: &mut TableRng) -> usize {
        let n = self.drawn.len();
        self.left.append(&mut self.drawn);
        rng.shuffle(&mut self.left);
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_never_deals_twice() {
        let mut rng = TableRng::new(5);
        let mut d = Deck::new("t", DeckKind::Cards, vec![], &mut rng);
        let mut seen = std::collections::HashSet::new();
        while !d.left.is_empty() {
            for it in d.draw(5.min(d.left.len())).unwrap() {
                assert!(seen.insert(it));
            }
        }
        assert_eq!(seen.len(), 52);
        assert!(matches!(d.draw(1), Err(DeckError::Empty { .. })));
        assert_eq!(d.return_all(&mut rng), 52);
        assert_eq!(d.left.len(), 52);
    }

    #[test]
    fn too_few_changes_nothing() {
        let mut rng = TableRng::new(5);
        let mut d = Deck::new("t", DeckKind::Tiles, vec![], &mut rng);
        d.draw(20).unwrap();
        let before = d.clone();
        assert_eq!(
            d.draw(5).unwrap_err().to_string(),
            "deck 't' has only 4 left; asked for 5"
        );
        assert_eq!(d, before);
    }

    #[test]
    fn kinds_parse_with_aliases() {
        assert_eq!("Dominos".parse::<DeckKind>().unwrap(), DeckKind::Dominoes);
        assert!("tilez".parse::<DeckKind>().is_err());
        assert_eq!(DeckKind::Dominoes9.items().len(), 55);
    }
}
