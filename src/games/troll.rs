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
#[serde(deny_unknown_fields)]
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

/// What a player may know of a fresh deal: how many face-down cards each
/// slot holds, not which.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dealt {
    pub upper: Vec<usize>,
    pub lower: Vec<usize>,
    /// The first card of the deck of awakening, turned up.
    pub first: String,
    pub lower_colour: &'static str,
    pub troll_slot: u8,
    /// Cards left in the deck of awakening.
    pub deck: usize,
}

impl Troll {
    pub fn dealt(&self) -> Dealt {
        Dealt {
            upper: self.upper.iter().map(Vec::len).collect(),
            lower: self.lower.iter().map(Vec::len).collect(),
            first: self.played.first().cloned().unwrap_or_default(),
            lower_colour: colour_name(self.lower_red),
            troll_slot: self.troll_slot,
            deck: self.deck.len(),
        }
    }
}

pub fn colour_name(red: bool) -> &'static str {
    if red { "red" } else { "black" }
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

impl Troll {
    /// Check a game read back from the store or a file: the 52 cards of
    /// one deck, each once; no slot holding more than it was dealt (a
    /// brick that fled is played from its slot into the stacks); a deck of
    /// awakening that only shrinks.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=6).contains(&self.troll_slot) {
            return Err(format!(
                "the troll stands on slot {}; slots are 1 to 6",
                self.troll_slot
            ));
        }
        if self.deck.len() > 27 {
            return Err(format!(
                "the deck of awakening holds {} cards; it starts with 27",
                self.deck.len()
            ));
        }
        for (name, row) in [("upper", &self.upper), ("lower", &self.lower)] {
            if row.len() != 6 {
                return Err(format!("the {name} row has {} slots, not 6", row.len()));
            }
            for (i, (stack, most)) in row.iter().zip(SLOT_CARDS).enumerate() {
                if stack.len() > most {
                    return Err(format!(
                        "{name} slot {} holds {} cards; it is dealt {most}",
                        i + 1,
                        stack.len()
                    ));
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        let all = self.upper.iter().chain(&self.lower).flatten();
        for c in all.chain(&self.deck).chain(&self.played) {
            let card: Card = c.parse().map_err(|_| format!("'{c}' is not a card"))?;
            if matches!(card, Card::Joker { .. }) {
                return Err(format!("{card}: the game uses no jokers"));
            }
            if !seen.insert(card) {
                return Err(format!("{card} is in the game twice"));
            }
        }
        if seen.len() != 52 {
            return Err(format!("the game holds {} cards, not 52", seen.len()));
        }
        let first = self
            .played
            .first()
            .ok_or("no card was turned up at setup")?;
        if first.parse::<Card>().is_ok_and(Card::is_red) != self.lower_red {
            return Err(format!(
                "the lower stack's colour does not match its first card, {first}"
            ));
        }
        Ok(())
    }

    /// Play a set-aside card (a brick that fled) into the stacks: it leaves
    /// its bridge slot. Refused for a card still in the deck of awakening
    /// or already played.
    pub fn play_set_aside(&mut self, card: Card) -> Result<(), String> {
        let code = card.to_string();
        if self.deck.contains(&code) {
            return Err(format!(
                "{card} is still in the deck of awakening: `troll awaken` turns up the next card"
            ));
        }
        if self.played.contains(&code) {
            return Err(format!("{card} has already been played into the stacks"));
        }
        let stack = self
            .upper
            .iter_mut()
            .chain(self.lower.iter_mut())
            .find(|s| s.contains(&code))
            .ok_or_else(|| format!("{card} is not in this game"))?;
        stack.retain(|c| *c != code);
        self.played.push(code);
        Ok(())
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
    fn check_refuses_impossible_games() {
        let mut cards = Card::deck(false);
        cards.reverse();
        let t = deal(&cards, 4);
        assert_eq!(t.check(), Ok(()));
        let bad = |f: &dyn Fn(&mut Troll)| {
            let mut g = t.clone();
            f(&mut g);
            g.check().unwrap_err()
        };
        assert!(bad(&|g| g.troll_slot = 200).contains("slot 200"));
        // 52 cards in the deck of awakening.
        let many = bad(&|g| {
            let extra: Vec<String> = g.upper.iter().chain(&g.lower).flatten().cloned().collect();
            g.deck.extend(extra);
            g.deck.append(&mut g.played);
            g.upper = vec![vec![]; 6];
            g.lower = vec![vec![]; 6];
        });
        assert!(many.contains("holds 52 cards; it starts with 27"), "{many}");
        assert!(bad(&|g| g.deck[0] = g.deck[1].clone()).contains("twice"));
        assert!(bad(&|g| g.deck[0] = "ZZ".into()).contains("'ZZ'"));
        assert!(bad(&|g| g.lower_red = !g.lower_red).contains("colour"));
        assert!(bad(&|g| g.upper[0][0] = "5X".into()).contains("'5X'"));
        // A fled brick leaves its slot for the stacks, once.
        let mut g = t.clone();
        let fled: Card = g.upper[0][0].parse().unwrap();
        g.play_set_aside(fled).unwrap();
        assert_eq!((g.upper[0].len(), g.check()), (2, Ok(())));
        assert!(
            g.play_set_aside(fled)
                .unwrap_err()
                .contains("already been played")
        );
        let top: Card = g.deck[0].parse().unwrap();
        assert!(
            g.play_set_aside(top)
                .unwrap_err()
                .contains("still in the deck")
        );
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
