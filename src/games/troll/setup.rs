//! `setup troll`: the bridge dealt (or laid with the player's own cards),
//! the troll's slot rolled or told.

use super::game::{Options, Troll, Variants, deal, table_game};
use crate::games::args::{Arg, Declared, Given, Type};
use crate::games::error::GameError;
use crate::pieces::Card;
use crate::random::TableRng;

pub const DECLARED: Declared = Declared {
    id: "angry-troll",
    words: None,
    args: &[
        Arg {
            key: "bridge",
            ty: Type::OneOf(&["24", "36", "48"]),
            help: "cards in the bridge (36, 48: the diary's easier ones)",
        },
        Arg {
            key: "variant",
            ty: Type::Words(&["club-start", "diamond-ace", "toys", "gift"]),
            help: "the diary's variants, by commas",
        },
        Arg {
            key: "cards",
            ty: Type::Choice(&["mine"]),
            help: "laid with your own deck: name cards as they turn up",
        },
        Arg {
            key: "card",
            ty: Type::Card,
            help: "the card turned up into the lower stack",
        },
        Arg {
            key: "die",
            ty: Type::Number { min: 1, max: 6 },
            help: "your roll for the troll's slot",
        },
        Arg {
            key: "gift",
            ty: Type::Card,
            help: "with variant=gift and cards=mine: the card given",
        },
    ],
};

/// A new game from the settings given, the rest drawn from `rng`.
pub fn new_game(inputs: &Given, rng: &mut TableRng) -> Result<Troll, GameError> {
    let mut options = Options::default();
    if let Some(b) = inputs.choice("bridge") {
        options.bridge = b.parse().expect("declared as 24, 36 or 48");
    }
    let mut variants = Variants::default();
    for v in inputs.words_of("variant") {
        variants.set(v)?;
    }
    options.variants = variants;
    let mine = inputs.choice("cards").is_some();
    let first = inputs.card("card");
    let gift = inputs.card("gift");
    // The shuffle comes before the troll's roll, as it always has, so
    // a deal code deals the same bridge in every version.
    let mut cards = Card::deck(false);
    if !mine {
        rng.shuffle(&mut cards);
    }
    let die = match inputs.number("die") {
        Some(d) => d as u8,
        None => rng.below(6) as u8 + 1,
    };
    if gift.is_some() && !(mine && variants.gift) {
        return Err(GameError::word(
            "gift=CARD names the card given to the troll in a game of your own cards: add cards=mine variant=gift",
        ));
    }
    if mine {
        let first = first.ok_or_else(|| {
            GameError::word(
                "with your own cards, say which card you turned up into the lower stack: card=7H",
            )
        })?;
        if variants.gift && gift.is_none() {
            return Err(GameError::word(
                "variant=gift with your own cards: say which card the troll was given (gift=QS)",
            ));
        }
        check_own(first, gift, variants)?;
        Ok(table_game(first, die, options, gift))
    } else {
        if let Some(first) = first {
            check_own(first, None, variants)?;
        }
        options.first = first;
        Ok(deal(&cards, die, options))
    }
}

/// The turned-up card cannot be a card the variants hand the troll.
fn check_own(first: Card, gift: Option<Card>, v: Variants) -> Result<(), GameError> {
    let given = |c: Card| {
        let code = c.to_string();
        (v.club_start && code == "AC") || (v.club_start && v.diamond_ace && code == "AD")
    };
    if matches!(first, Card::Joker { .. }) {
        return Err(GameError::rule(format!("{first}: the game uses no jokers")));
    }
    if given(first) {
        return Err(GameError::rule(format!(
            "{first} is in the troll's hands in this variant: it cannot be turned up"
        )));
    }
    if let Some(g) = gift {
        if g == first || given(g) {
            return Err(GameError::rule(format!(
                "{g} is already placed: the gift is another card"
            )));
        }
        if matches!(
            g,
            Card::Regular {
                suit: crate::pieces::CardSuit::Hearts,
                ..
            }
        ) {
            return Err(GameError::rule(format!(
                "{g} is a heart: a troll cannot have a heart (give the next card)"
            )));
        }
    }
    Ok(())
}
