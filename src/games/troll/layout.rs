//! The bridge as layout data (see `crate::layout`).

use super::bridge::{Row, Spot};
use super::game::{Troll, known};
use crate::layout::{CARD_H, CARD_W, Layout, Placed};
use crate::pieces::Suit;

/// The bridge: two rows of six stacks, every card in place (a dormant
/// one face down, its top labelled with its count; an awake top card face
/// up), the deck of awakening (every card) and
/// the stacks' last card beside it, the troll's pawn on its brick and any
/// card it carries beyond. Nothing face down is named.
pub fn layout(t: &Troll) -> Layout {
    let mut l = Layout::new("angry-troll", "Angry Troll versus Magic Bridge");
    let gap = 0.25;
    let slot_x = |i: usize| (CARD_W + gap) * i as f64 + CARD_W / 2.0;
    let row_y = |r: Row| match r {
        Row::Upper => CARD_H * 1.5 + gap,
        Row::Lower => CARD_H / 2.0,
    };
    for row in [Row::Upper, Row::Lower] {
        for slot in 1..=6u8 {
            let (x, y) = (slot_x(usize::from(slot) - 1), row_y(row));
            let spot = Spot::new(row, slot);
            let stack = t.stack(spot);
            let count = stack.len().to_string();
            // A stack is its cards at one place, the top last; those
            // under the top are face down.
            for _ in 1..stack.len() {
                l.push(Placed::card_back(x, y));
            }
            l.push(match stack.last() {
                None => Placed::marker("empty", x, y),
                Some(top) if t.is_awake(spot) => match known(top) {
                    Some(c) => Placed::card(c, x, y).labelled(count),
                    None => Placed::card_back(x, y).labelled("?"),
                },
                Some(_) => Placed::card_back(x, y).labelled(count),
            });
        }
    }
    let deck_x = slot_x(6) + gap;
    if !t.deck.is_empty() {
        for _ in 1..t.deck.len() {
            l.push(Placed::card_back(deck_x, row_y(Row::Upper)));
        }
        l.push(Placed::card_back(deck_x, row_y(Row::Upper)).labelled(t.deck.len().to_string()));
    }
    if let Some(top) = t.played.last().and_then(|c| known(c)) {
        l.push(Placed::card(top, deck_x, row_y(Row::Lower)));
    }
    let spot = t.troll();
    let slot = usize::from(spot.slot.clamp(1, 6)) - 1;
    l.push(Placed::pawn(
        Some(Suit::Moons),
        slot_x(slot),
        row_y(spot.row),
    ));
    l.tell("troll", "the Moons pawn");
    for (i, h) in t.held.iter().enumerate() {
        let x = deck_x + (CARD_W + gap) * (i + 1) as f64;
        l.push(match known(&h.card) {
            Some(c) if h.awake => Placed::card(c, x, row_y(Row::Lower)),
            _ => Placed::card_back(x, row_y(Row::Lower)),
        });
    }
    if !t.held.is_empty() {
        l.tell("carried", "the cards right of the last card played");
    }
    l
}
