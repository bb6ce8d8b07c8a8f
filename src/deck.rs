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
    #[error("'{0}' cannot name a deck: use up to 24 letters, digits, - or _, not only digits")]
    BadName(String),
    /// A saved deck that is not a real one, and why.
    #[error("{0}")]
    Unsound(String),
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

impl From<String> for DeckError {
    fn from(why: String) -> DeckError {
        DeckError::Unsound(why)
    }
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

/// An item is written as it is typed (`S3`, `QH`, `blue`).
impl Serialize for Item {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A named deck: `left` is face down, top first; `drawn` in drawing order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    pub name: String,
    pub kind: DeckKind,
    pub left: Vec<Item>,
    pub drawn: Vec<Item>,
    /// The sealed code this order was dealt from, shown once the deck is
    /// spent (none: the player gave it, or `deck return` reshuffled).
    pub deal: Option<String>,
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
            deal: None,
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
        // Shuffled by the session's generator now: no code deals it.
        self.deal = None;
        n
    }
}

/// The most items a custom deck holds (a guard against a runaway paste).
pub const CUSTOM_MAX: usize = 1000;

/// A deck as saved, exported and journaled: items in notation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRecord {
    pub name: String,
    pub kind: DeckKind,
    /// Face down, top first.
    pub left: Vec<String>,
    /// In drawing order.
    pub drawn: Vec<String>,
    /// The sealed deal code of its order (`Deck::deal`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<String>,
}

/// Every saved deck and which one is current, as saved.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckDoc {
    pub current: Option<String>,
    pub decks: Vec<DeckRecord>,
}

impl DeckKind {
    /// The kind a stored name stands for, custom included.
    pub fn from_name(s: &str) -> Option<DeckKind> {
        DeckKind::ALL
            .into_iter()
            .chain([DeckKind::Custom])
            .find(|k| k.name() == s)
    }
}

/// Whether `name` can name a deck: 1 to 24 letters, digits, `-` or `_`,
/// not only digits (a bare number is a count to `draw`).
pub fn check_name(name: &str) -> Result<(), DeckError> {
    let ok = !name.is_empty()
        && name.chars().count() <= 24
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        && !name.chars().all(|c| c.is_ascii_digit());
    if ok {
        Ok(())
    } else {
        Err(DeckError::BadName(name.to_string()))
    }
}

impl Deck {
    /// The deck as saved.
    pub fn record(&self) -> DeckRecord {
        let names = |v: &[Item]| v.iter().map(Item::to_string).collect();
        DeckRecord {
            name: self.name.clone(),
            kind: self.kind,
            left: names(&self.left),
            drawn: names(&self.drawn),
            deal: self.deal.clone(),
        }
    }

    /// Read a saved deck back, refusing anything a real deck cannot be:
    /// an item not of its kind, an item twice, a set that is not whole.
    pub fn from_record(r: &DeckRecord) -> Result<Deck, DeckError> {
        check_name(&r.name)?;
        let parse = |list: &[String]| -> Result<Vec<Item>, DeckError> {
            list.iter()
                .map(|s| {
                    r.kind
                        .parse_item(s)
                        .filter(|_| !s.is_empty() && s.chars().count() <= 100)
                        .ok_or_else(|| {
                            DeckError::Unsound(format!("'{s}' is not one of the {}", r.kind.name()))
                        })
                })
                .collect()
        };
        let deck = Deck {
            name: r.name.clone(),
            kind: r.kind,
            left: parse(&r.left)?,
            drawn: parse(&r.drawn)?,
            deal: r.deal.clone(),
        };
        if let Some(code) = &deck.deal
            && code.parse::<crate::deal::DealCode>().is_err()
        {
            return Err(DeckError::Unsound(format!("'{code}' is not a deal code")));
        }
        let all: Vec<&Item> = deck.left.iter().chain(&deck.drawn).collect();
        if deck.kind == DeckKind::Custom {
            if all.is_empty() || all.len() > CUSTOM_MAX {
                return Err(format!(
                    "it holds {} items; a custom deck holds 1 to {CUSTOM_MAX}",
                    all.len()
                )
                .into());
            }
            return Ok(deck);
        }
        let full = deck.kind.items();
        let mut seen = std::collections::HashSet::new();
        for item in &all {
            if !full.contains(item) {
                return Err(format!("'{item}' is not one of the {}", deck.kind.name()).into());
            }
            if !seen.insert(*item) {
                return Err(format!("it holds {item} twice").into());
            }
        }
        if all.len() != full.len() {
            return Err(format!(
                "it holds {} {}; the set has {}",
                all.len(),
                deck.kind.name(),
                full.len()
            )
            .into());
        }
        Ok(deck)
    }
}

/// The saved decks as the game types, with any deck that failed its
/// checks kept apart (by name, with the reason) so the others still work.
#[derive(Debug, Clone, Default)]
pub struct DeckBook {
    pub current: Option<String>,
    pub decks: Vec<Deck>,
    pub damaged: Vec<(String, String)>,
}

impl DeckBook {
    pub fn from_doc(doc: &DeckDoc) -> DeckBook {
        let mut book = DeckBook {
            current: doc.current.clone(),
            ..DeckBook::default()
        };
        for r in &doc.decks {
            match Deck::from_record(r) {
                Ok(d) => book.decks.push(d),
                Err(why) => book.damaged.push((r.name.clone(), why.to_string())),
            }
        }
        book
    }

    /// Every problem of a document at once (for import).
    pub fn problems(doc: &DeckDoc) -> Vec<String> {
        let mut out: Vec<String> = DeckBook::from_doc(doc)
            .damaged
            .into_iter()
            .map(|(name, why)| format!("deck '{name}': {why}"))
            .collect();
        let mut names = std::collections::HashSet::new();
        for r in &doc.decks {
            if !names.insert(r.name.to_lowercase()) {
                out.push(format!("deck '{}' is named twice", r.name));
            }
        }
        if let Some(c) = &doc.current
            && !doc.decks.iter().any(|d| d.name.eq_ignore_ascii_case(c))
        {
            out.push(format!("the current deck '{c}' is not among the decks"));
        }
        out
    }

    /// Where the deck of this name (any case) is.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.decks
            .iter()
            .position(|d| d.name.to_lowercase() == name.to_lowercase())
    }

    /// Why a deck of this name could not be read, if it could not.
    pub fn damage(&self, name: &str) -> Option<&str> {
        self.damaged
            .iter()
            .find(|(n, _)| n.to_lowercase() == name.to_lowercase())
            .map(|(_, why)| why.as_str())
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
    fn records_round_trip_and_refuse_impossible_decks() {
        let mut rng = TableRng::new(5);
        let mut d = Deck::new("bag", DeckKind::Cards, vec![], &mut rng);
        d.draw(3).unwrap();
        assert_eq!(Deck::from_record(&d.record()).unwrap(), d);
        let bad = |f: &dyn Fn(&mut DeckRecord)| {
            let mut r = d.record();
            f(&mut r);
            Deck::from_record(&r).unwrap_err().to_string()
        };
        // A card twice, in the same pile or in both.
        let twice = bad(&|r| r.left[1] = r.left[0].clone());
        assert!(twice.contains("twice"), "{twice}");
        let both = bad(&|r| r.left[0] = r.drawn[0].clone());
        assert!(both.contains("twice"), "{both}");
        // 150 cards in a 52-card deck.
        let many = bad(&|r| {
            let extra: Vec<String> = (0..98).map(|i| format!("x{i}")).collect();
            r.left.extend(extra);
        });
        assert!(many.contains("is not one of the cards"), "{many}");
        assert!(
            bad(&|r| {
                r.left.pop();
            })
            .contains("holds 51 cards; the set has 52")
        );
        assert!(bad(&|r| r.left[0] = "ZZ".into()).contains("'ZZ'"));
        // A custom deck may repeat items.
        let c = DeckRecord {
            name: "chits".into(),
            kind: DeckKind::Custom,
            left: vec!["red".into(), "red".into()],
            drawn: vec![],
            deal: None,
        };
        assert_eq!(Deck::from_record(&c).unwrap().left.len(), 2);
    }

    #[test]
    fn deck_names() {
        assert!(check_name("café").is_ok());
        assert!(check_name("bag_2").is_ok());
        assert!(check_name("12").is_err());
        assert!(check_name("a b").is_err());
        assert!(check_name(&"x".repeat(25)).is_err());
    }

    #[test]
    fn kinds_parse_with_aliases() {
        assert_eq!("Dominos".parse::<DeckKind>().unwrap(), DeckKind::Dominoes);
        assert!("tilez".parse::<DeckKind>().is_err());
        assert_eq!(DeckKind::Dominoes9.items().len(), 55);
    }
}
