//! Pieces at the table: `shuffle`, named decks and `draw`, `flip`, `cast`.
//! Decks persist in the store; each draw is one transaction.

use std::rc::Rc;

use super::{App, AppError, Reply, Result, invalid};
use crate::command::DeckAction;
use crate::deck::{self, Deck, DeckBook, DeckKind, Item};
use crate::pieces::{Piece, Rank};
use crate::store::{self, Part, StoreError};
use crate::style::Style;
use crate::suggest;

mod replies;
use replies::{
    Cast, DeckChosen, DeckDeleted, DeckList, DeckMade, DeckReturned, DeckShown, Flipped, Shuffled,
    Taken, Toss,
};

impl App {
    /// A kind name, or (two or more words) the player's own items.
    fn items_for(&self, what: &[String]) -> Result<(DeckKind, Vec<Item>)> {
        match what {
            [one] => match one.parse::<DeckKind>() {
                Ok(kind) => Ok((kind, kind.items())),
                Err(e) => {
                    let names = DeckKind::ALL.map(DeckKind::name);
                    Err(invalid(format!(
                        "{e}{}; to shuffle your own list, give two or more items",
                        suggest::hint(one, names)
                    )))
                }
            },
            many => Ok((
                DeckKind::Custom,
                many.iter().map(|s| Item::Text(s.clone())).collect(),
            )),
        }
    }

    pub(super) fn shuffle(&mut self, what: &[String]) -> Result<Reply> {
        let (given, what) = crate::deal::split(what)?;
        let (kind, mut items) = self.items_for(&what)?;
        let ((), code) = self.dealt(given, |app| {
            app.rng.shuffle(&mut items);
            Ok(())
        })?;
        let mut reply = Reply::new(
            "shuffle",
            Shuffled {
                kind: kind.name(),
                order: items,
                seed: crate::random::JsonSeed(self.seed()),
            },
        );
        self.tell_deal(
            &mut reply,
            code,
            &format!("shuffle {}", crate::command::join_words(&what)),
            "shuffles",
        );
        Ok(reply)
    }

    pub(super) fn deck_book(&self) -> Result<DeckBook> {
        self.store.read(|c| Ok(store::decks(c)?))
    }

    pub(super) fn deck(&mut self, action: DeckAction) -> Result<Reply> {
        let store = Rc::clone(&self.store);
        match action {
            DeckAction::List => Ok(Reply::new("decks", DeckList::of(self.deck_book()?))),
            DeckAction::New { name, what } => {
                deck::check_name(&name)?;
                let (given, what) = crate::deal::split(&what)?;
                let (kind, items) = self.items_for(&what)?;
                if items.len() > deck::CUSTOM_MAX {
                    return Err(invalid(format!(
                        "{} items: a deck holds at most {}",
                        items.len(),
                        deck::CUSTOM_MAX
                    )));
                }
                if let Some(long) = items
                    .iter()
                    .map(Item::to_string)
                    .find(|i| i.chars().count() > 100)
                {
                    return Err(invalid(format!(
                        "'{}...' is too long for a deck item (at most 100 characters)",
                        long.chars().take(20).collect::<String>()
                    )));
                }
                // A kept deck's order is the table's secret until drawn: its
                // code is not printed, nor drawn from a seed tablemate
                // picked and showed (as a sealed setup's).
                let sealed = given.is_none();
                let given = match given {
                    None if !self.seed_chosen => Some(crate::deal::DealCode::from_system()),
                    given => given,
                };
                let (mut deck, code) =
                    self.dealt(given, |app| Ok(Deck::new(&name, kind, items, &mut app.rng)))?;
                // Kept with the deck, said by `deck show` once it is spent.
                if sealed {
                    deck.deal = code.map(|c| c.to_string());
                }
                let replaced = store.change(Part::Decks, |c| {
                    let replaced = store::delete_deck(c, &name)?;
                    store::save_deck(c, &deck.record())?;
                    store::set_current(c, Some(&name))?;
                    let what = format!("deck new {name} ({} {})", deck.left.len(), kind.name());
                    Ok::<_, AppError>((replaced, Some(what)))
                })?;
                let mut reply = Reply::new(
                    "deck",
                    DeckMade {
                        name: name.clone(),
                        kind,
                        left: deck.left.len(),
                        seed: crate::random::JsonSeed(self.seed()),
                        replaced,
                    },
                );
                if sealed {
                    reply.after.push(crate::style::wrap(
                        "deal sealed until the deck is spent (its code would show the order of what is left to draw): `deck show` says it then",
                        self.style.width,
                        "  ",
                    ));
                    reply
                        .fields
                        .push(("deal", serde_json::Value::from("sealed")));
                } else {
                    let again = format!("deck new {name} {}", what.join(" "));
                    self.tell_deal(&mut reply, code, &again, "deals");
                }
                Ok(reply)
            }
            DeckAction::Use { name } => {
                let name = store.change(Part::Decks, |c| {
                    let book = store::decks(c)?;
                    let name = book.decks[deck_index(&book, &name)?].name.clone();
                    store::set_current(c, Some(&name))?;
                    Ok::<_, AppError>((name.clone(), Some(format!("deck use {name}"))))
                })?;
                Ok(Reply::new("deck", DeckChosen { current: name }))
            }
            DeckAction::Show { name } => {
                let book = self.deck_book()?;
                let name = match name.or_else(|| book.current.clone()) {
                    Some(n) => n,
                    None => {
                        return Err(invalid(
                            "no current deck: `deck show NAME`, or `deck new NAME KIND` makes one",
                        ));
                    }
                };
                let d = &book.decks[deck_index(&book, &name)?];
                Ok(Reply::new("deck", DeckShown::of(d)))
            }
            DeckAction::Return { name } => {
                let d = store.change(Part::Decks, |c| {
                    let mut book = store::decks(c)?;
                    let idx = deck_index(&book, &name)?;
                    let d = &mut book.decks[idx];
                    let n = d.return_all(&mut self.rng);
                    store::save_deck(c, &d.record())?;
                    store::set_current(c, Some(&d.name))?;
                    let what = format!("deck return {} ({n} back in)", d.name);
                    Ok::<_, AppError>(((d.name.clone(), n, d.left.len()), Some(what)))
                })?;
                let (name, returned, left) = d;
                let seed = self.seed();
                Ok(Reply::new(
                    "deck",
                    DeckReturned {
                        name,
                        returned,
                        left,
                        seed: crate::random::JsonSeed(seed),
                    },
                ))
            }
            DeckAction::Delete { name } => {
                // Works on a damaged deck too: that is how one is mended.
                let name = store.change(Part::Decks, |c| {
                    let book = store::decks(c)?;
                    let real = match book.find(&name) {
                        Some(i) => book.decks[i].name.clone(),
                        None if book.damage(&name).is_some() => name.clone(),
                        None => return Err(deck_index(&book, &name).unwrap_err()),
                    };
                    store::delete_deck(c, &real)?;
                    Ok((real.clone(), Some(format!("deck delete {real}"))))
                })?;
                Ok(Reply::new(
                    "deck",
                    DeckDeleted {
                        name,
                        deleted: true,
                    },
                ))
            }
        }
    }

    pub(super) fn draw(&mut self, args: &[String]) -> Result<Reply> {
        let count = |s: &str| -> Result<usize> {
            s.parse::<usize>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                invalid(format!(
                    "'{s}' is not a count: expected a whole number from 1"
                ))
            })
        };
        let (name, n) = match args {
            [] => (None, 1),
            [a] if a.chars().all(|c| c.is_ascii_digit()) => (None, count(a)?),
            [a] => (Some(a.clone()), 1),
            [a, b] => (Some(a.clone()), count(b)?),
            _ => return Err(invalid("draw takes at most a deck name and a count")),
        };
        let (taken, left, name) = self.store.change(Part::Decks, |c| {
            let mut book = store::decks(c)?;
            let name = name
                .or_else(|| book.current.clone())
                .ok_or_else(|| invalid("no deck to draw from: `deck new NAME KIND` makes one"))?;
            let idx = deck_index(&book, &name)?;
            let d = &mut book.decks[idx];
            let taken = d.draw(n)?;
            store::save_deck(c, &d.record())?;
            store::set_current(c, Some(&d.name))?;
            let list: Vec<String> = taken.iter().map(Item::to_string).collect();
            let what = format!("draw {} from '{}'", list.join(" "), d.name);
            Ok::<_, AppError>(((taken, d.left.len(), d.name.clone()), Some(what)))
        })?;
        Ok(Reply::new(
            "draw",
            Taken {
                deck: name,
                drawn: taken,
                left,
            },
        ))
    }

    pub(super) fn flip(&mut self, n: u32) -> Reply {
        let tosses: Vec<Toss> = (0..n)
            .map(|_| {
                if self.rng.coin() {
                    Toss::Heads
                } else {
                    Toss::Tails
                }
            })
            .collect();
        let heads = tosses.iter().filter(|t| matches!(t, Toss::Heads)).count();
        let tails = tosses.len() - heads;
        Reply::new(
            "flip",
            Flipped {
                tosses,
                heads,
                tails,
                seed: crate::random::JsonSeed(self.seed()),
            },
        )
    }

    pub(super) fn cast(&mut self, args: &[String]) -> Result<Reply> {
        let coins = cast_coins(args)?;
        let mut up = Vec::new();
        let mut down = Vec::new();
        for c in coins {
            if self.rng.coin() {
                up.push(c);
            } else {
                down.push(c);
            }
        }
        let sum: u32 = up.iter().map(|c| c.rank().index() as u32).sum();
        Ok(Reply::new(
            "cast",
            Cast {
                up,
                down,
                sum,
                seed: crate::random::JsonSeed(self.seed()),
            },
        ))
    }
}

/// A coin to cast: with its suit when the player named one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CastCoin {
    Value(Rank),
    Piece(Piece),
}

impl CastCoin {
    fn rank(self) -> Rank {
        match self {
            CastCoin::Value(r) => r,
            CastCoin::Piece(p) => p.rank,
        }
    }
    fn render(self, style: &Style) -> String {
        match self {
            CastCoin::Value(r) => r.to_string(),
            CastCoin::Piece(p) => style.piece(p),
        }
    }
}

/// A coin is written as it is typed (`3`, `S3`).
impl serde::Serialize for CastCoin {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl std::fmt::Display for CastCoin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CastCoin::Value(r) => r.fmt(f),
            CastCoin::Piece(p) => p.fmt(f),
        }
    }
}

fn cast_coins(args: &[String]) -> Result<Vec<CastCoin>> {
    // `cast N coins` casts the first N coins; a lone number is a count
    // only where it cannot be a coin's value (6 to 24). `cast 3` could be
    // three coins or one 3-coin, so it is refused with both spellings.
    let count = match args {
        [n, word] if ["coins", "coin"].contains(&word.to_lowercase().as_str()) => Some(n),
        [one] if one.chars().all(|c| c.is_ascii_digit()) => {
            if one.parse::<u32>().is_ok_and(|v| v == 0) {
                // No coins is not a cast: only a coin showing 0 is meant.
                return Err(invalid(
                    "'cast 0': cast 1 to 24 coins, or name a coin showing null (`cast Sn`)",
                ));
            }
            if one.parse::<u32>().is_ok_and(|v| v <= 5) {
                return Err(invalid(format!(
                    "'cast {one}' could mean {one} coins or one coin showing {one}: write `cast {one} coins` for the first {one} (n a 2 ...), or name the coin (`cast S{one}`)"
                )));
            }
            Some(one)
        }
        _ => None,
    };
    if let Some(one) = count {
        let n: usize = one.parse().unwrap_or(usize::MAX);
        if !(1..=24).contains(&n) {
            return Err(invalid(format!(
                "'{one}' coins: a piecepack has 24, so cast 1 to 24"
            )));
        }
        return Ok(Piece::all()
            .into_iter()
            .take(n)
            .map(|p| CastCoin::Value(p.rank))
            .collect());
    }
    if args.len() > 24 {
        return Err(invalid(format!("{} coins: a piecepack has 24", args.len())));
    }
    let mut coins = Vec::new();
    for a in args {
        let coin = match a.parse::<Piece>() {
            Ok(p) => CastCoin::Piece(p),
            Err(_) => match a.parse::<Rank>() {
                Ok(r) => CastCoin::Value(r),
                Err(_) => {
                    return Err(invalid(format!(
                        "'{a}' is not a coin: expected a value (n a 2 3 4 5) or a code like Sn or A3"
                    )));
                }
            },
        };
        if let CastCoin::Piece(p) = coin
            && coins.contains(&coin)
        {
            return Err(invalid(format!("coin {p} is named twice")));
        }
        coins.push(coin);
    }
    Ok(coins)
}

/// The deck of this name, or an error that names the decks there are (or
/// says how to mend a damaged one).
fn deck_index(book: &DeckBook, name: &str) -> Result<usize> {
    if let Some(i) = book.find(name) {
        return Ok(i);
    }
    if let Some(why) = book.damage(name) {
        return Err(StoreError::Damaged {
            what: format!("deck '{name}'"),
            reason: why.to_string(),
            repair: format!("`deck delete {name}` removes it, `deck new {name} KIND` replaces it"),
        }
        .into());
    }
    let names: Vec<&str> = book.decks.iter().map(|d| d.name.as_str()).collect();
    let known = if names.is_empty() {
        "there are no decks yet".to_string()
    } else {
        format!("decks: {}", names.join(", "))
    };
    Err(invalid(format!(
        "no deck named '{name}'{} ({known})",
        suggest::hint(name, names.iter().copied())
    )))
}
