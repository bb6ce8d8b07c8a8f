//! Pieces at the table: `shuffle`, named decks and `draw`, `flip`, `cast`.
//! Decks persist in the store; each draw is one transaction.

use std::rc::Rc;

use serde_json::{Value, json};

use super::{App, AppError, Reply, Result, invalid};
use crate::command::DeckAction;
use crate::deck::{self, Deck, DeckBook, DeckKind, Item};
use crate::pieces::{Piece, Rank};
use crate::store::{self, Part, StoreError};
use crate::style::{Style, Tone, plural, wrap};
use crate::suggest;

impl App {
    fn render_items(&self, items: &[Item]) -> String {
        let plain: Vec<String> = items.iter().map(|i| i.to_string()).collect();
        let wrapped = wrap(&plain.join(" "), self.style.width, "");
        if !self.style.color {
            return wrapped;
        }
        // Colour after wrapping, so escape codes never count as width.
        let mut it = items.iter();
        wrapped
            .lines()
            .map(|line| {
                line.split(' ')
                    .map(|_| it.next().map(|i| i.render(&self.style)).unwrap_or_default())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

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
        let order: Vec<String> = items.iter().map(|i| i.to_string()).collect();
        let mut reply = super::drawn(
            "shuffle",
            self.render_items(&items),
            json!({"kind": kind.name(), "order": order, "seed": self.seed()}),
        );
        self.tell_deal(
            &mut reply,
            code,
            &format!("shuffle {}", what.join(" ")),
            "shuffles",
        );
        Ok(reply)
    }

    fn deck_book(&self) -> Result<DeckBook> {
        self.store.read(|c| Ok(store::decks(c)?))
    }

    pub(super) fn deck(&mut self, action: DeckAction) -> Result<Reply> {
        let store = Rc::clone(&self.store);
        match action {
            DeckAction::List => {
                let book = self.deck_book()?;
                let mut text = String::new();
                if book.decks.is_empty() && book.damaged.is_empty() {
                    text.push_str("no decks yet: `deck new NAME KIND` makes one");
                }
                for d in &book.decks {
                    let mark = if book.current.as_deref() == Some(&d.name) {
                        "*"
                    } else {
                        " "
                    };
                    text.push_str(&format!(
                        "{mark} {:<12} {:<9} {:>3} left, {:>3} drawn\n",
                        d.name,
                        d.kind.name(),
                        d.left.len(),
                        d.drawn.len()
                    ));
                }
                for (name, why) in &book.damaged {
                    text.push_str(&format!(
                        "! {name:<12} damaged: {why} (`deck delete {name}`)\n"
                    ));
                }
                let data: Vec<Value> = book
                    .decks
                    .iter()
                    .map(|d| json!({"name": d.name, "kind": d.kind.name(), "left": d.left.len(), "drawn": d.drawn.len()}))
                    .collect();
                let damaged: Vec<Value> = book
                    .damaged
                    .iter()
                    .map(|(name, why)| json!({"name": name, "problem": why}))
                    .collect();
                Ok(super::drawn(
                    "decks",
                    text.trim_end().to_string(),
                    json!({"current": book.current, "decks": data, "damaged": damaged}),
                ))
            }
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
                let (deck, code) =
                    self.dealt(given, |app| Ok(Deck::new(&name, kind, items, &mut app.rng)))?;
                let replaced = store.change(Part::Decks, |c| {
                    let replaced = store::delete_deck(c, &name)?;
                    store::save_deck(c, &deck.record())?;
                    store::set_current(c, Some(&name))?;
                    let what = format!("deck new {name} ({} {})", deck.left.len(), kind.name());
                    Ok::<_, AppError>((replaced, Some(what)))
                })?;
                // "3 items", not "3 custom": the kind of your own list is
                // no word for what it holds.
                let what_held = match kind {
                    DeckKind::Custom => {
                        crate::style::plural(deck.left.len() as u64, "item", "items")
                    }
                    _ => kind.name(),
                };
                let text = format!(
                    "deck '{name}': {} {what_held} shuffled{}",
                    deck.left.len(),
                    if replaced {
                        " (replaced the old one)"
                    } else {
                        ""
                    }
                );
                let data = json!({"name": name, "kind": kind.name(), "left": deck.left.len(), "seed": self.seed()});
                let mut reply = super::drawn("deck", text, data);
                let again = format!("deck new {name} {}", what.join(" "));
                self.tell_deal(&mut reply, code, &again, "deals");
                Ok(reply)
            }
            DeckAction::Use { name } => {
                let name = store.change(Part::Decks, |c| {
                    let book = store::decks(c)?;
                    let name = book.decks[deck_index(&book, &name)?].name.clone();
                    store::set_current(c, Some(&name))?;
                    Ok::<_, AppError>((name.clone(), Some(format!("deck use {name}"))))
                })?;
                Ok(super::drawn(
                    "deck",
                    format!("deck '{name}' is now the current deck: `draw` draws from it"),
                    json!({"current": name}),
                ))
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
                let drawn = if d.drawn.is_empty() {
                    "nothing yet".to_string()
                } else {
                    self.render_items(&d.drawn)
                };
                let text = format!(
                    "deck '{}' ({}): {} left of {}\ndrawn: {drawn}",
                    d.name,
                    d.kind.name(),
                    d.left.len(),
                    d.total()
                );
                let data = json!({"name": d.name, "kind": d.kind.name(), "left": d.left.len(),
                    "drawn": d.drawn.iter().map(|i| i.to_string()).collect::<Vec<_>>()});
                Ok(super::drawn("deck", text, data))
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
                let (name, n, left) = d;
                let text = format!("deck '{name}': {n} returned, {left} shuffled");
                let data = json!({"name": name, "returned": n, "left": left, "seed": self.seed()});
                Ok(super::drawn("deck", text, data))
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
                Ok(super::drawn(
                    "deck",
                    format!("deck '{name}' deleted"),
                    json!({"name": name, "deleted": true}),
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
        let text = format!("{}\n({left} left in '{name}')", self.render_items(&taken),);
        let data = json!({"deck": name, "drawn": taken.iter().map(|i| i.to_string()).collect::<Vec<_>>(), "left": left});
        Ok(super::drawn("draw", text, data))
    }

    pub(super) fn flip(&mut self, n: u32) -> Reply {
        let tosses: Vec<bool> = (0..n).map(|_| self.rng.coin()).collect();
        let heads = tosses.iter().filter(|&&h| h).count();
        let words: Vec<&str> = tosses
            .iter()
            .map(|&h| if h { "heads" } else { "tails" })
            .collect();
        let mut text = wrap(&words.join(" "), self.style.width, "");
        if n > 1 {
            let tails = n as usize - heads;
            text.push_str(&format!(
                "\n{heads} {}, {tails} {}",
                plural(heads as u64, "head", "heads"),
                plural(tails as u64, "tail", "tails")
            ));
        }
        super::drawn(
            "flip",
            text,
            json!({"tosses": words, "heads": heads, "tails": n as usize - heads, "seed": self.seed()}),
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
        let show = |v: &[CastCoin]| -> String {
            if v.is_empty() {
                return "-".into();
            }
            v.iter()
                .map(|c| c.render(&self.style))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let text = format!(
            "number up: {}\nsuit up:   {}\nsum {} (null counts 0)",
            show(&up),
            show(&down),
            self.style.paint(&sum.to_string(), Tone::Emph)
        );
        let names = |v: &[CastCoin]| v.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        Ok(super::drawn(
            "cast",
            text,
            json!({"up": names(&up), "down": names(&down), "sum": sum, "seed": self.seed()}),
        ))
    }
}

/// A coin to cast: with its suit when the player named one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CastCoin {
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
