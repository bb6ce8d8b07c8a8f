//! Angry Troll versus Magic Bridge: dealing the bridge and awakening bricks.

use serde::{Deserialize, Serialize};

use crate::pieces::Card;

/// Cards per slot, left to right, in each row.
pub const SLOT_CARDS: [usize; 6] = [3, 2, 1, 1, 2, 3];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Row {
    Upper,
    Lower,
}

impl Row {
    pub fn name(self) -> &'static str {
        match self {
            Row::Upper => "upper",
            Row::Lower => "lower",
        }
    }
}

/// The game as dealt, kept between commands. Cards are stored in notation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Troll {
    /// Face-down cards per slot: `upper[i]` is slot i+1 of the upper row.
    pub upper: Vec<Vec<String>>,
    pub lower: Vec<Vec<String>>,
    /// The deck of awakening, top first.
    pub deck: Vec<String>,
    /// Cards played into the stacks so far, in order.
    pub played: Vec<String>,
    /// The colour of the lower stack: red or not.
    pub lower_red: bool,
    /// The troll's starting slot in the lower row (1..=6).
    pub troll_slot: u8,
}

/// Deal a shuffled deck: the upper row, then the lower row, slot by slot;
/// the rest is the deck of awakening, whose first card is turned up into
/// the lower stack.
pub fn deal(shuffled: &[Card], die: u8) -> Troll {
    let mut it = shuffled.iter().map(|c| c.to_string());
    let mut row = || -> Vec<Vec<String>> {
        SLOT_CARDS
            .iter()
            .map(|&n| it.by_ref().take(n).collect())
            .collect()
    };
    let upper = row();
    let lower = row();
    let mut deck: Vec<String> = it.collect();
    let first = deck.remove(0);
    let lower_red = first.parse::<Card>().is_ok_and(Card::is_red);
    Troll {
        upper,
        lower,
        deck,
        played: vec![first],
        lower_red,
        troll_slot: die,
    }
}

/// The row a card awakens: the lower row for the lower stack's colour.
pub fn row_for(card: Card, lower_red: bool) -> Row {
    if card.is_red() == lower_red {
        Row::Lower
    } else {
        Row::Upper
    }
}

/// Which slot awakens when `slot` (1..=6) is rolled and `empty` slots of
/// that row hold no brick: the next brick toward the nearer bank, else
/// the next the other way, else none.
pub fn awakened_slot(slot: u8, empty: &[u8]) -> Option<u8> {
    let has = |s: u8| !empty.contains(&s);
    if has(slot) {
        return Some(slot);
    }
    let toward_left = slot <= 3;
    let (first, second): (Vec<u8>, Vec<u8>) = if toward_left {
        ((1..slot).rev().collect(), (slot + 1..=6).collect())
    } else {
        ((slot + 1..=6).collect(), (1..slot).rev().collect())
    };
    first
        .into_iter()
        .find(|&s| has(s))
        .or_else(|| second.into_iter().find(|&s| has(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_counts() {
        let t = deal(&Card::deck(false), 4);
        let dealt: usize = t.upper.iter().chain(&t.lower).map(Vec::len).sum();
        assert_eq!(dealt, 24);
        assert_eq!(t.upper.iter().map(Vec::len).collect::<Vec<_>>(), SLOT_CARDS);
        assert_eq!(t.deck.len() + t.played.len(), 28);
        assert_eq!(t.deck.len(), 27);
    }

    #[test]
    fn empty_slot_rule() {
        assert_eq!(awakened_slot(3, &[]), Some(3));
        // 3 is nearer the left bank: look left first.
        assert_eq!(awakened_slot(3, &[3]), Some(2));
        assert_eq!(awakened_slot(3, &[1, 2, 3]), Some(4));
        // 4 is nearer the right bank.
        assert_eq!(awakened_slot(4, &[4]), Some(5));
        assert_eq!(awakened_slot(4, &[4, 5, 6]), Some(3));
        assert_eq!(awakened_slot(2, &[1, 2, 3, 4, 5, 6]), None);
    }
}
