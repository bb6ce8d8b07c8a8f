//! Pieces at the table: `shuffle`, named decks and `draw`, `flip`, `cast`.
//! Decks persist in the data directory (`decks.json`).

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{App, Reply, Result, invalid};
use crate::command::DeckAction;
use crate::deck::{Deck, DeckKind, Item};
use crate::pieces::{Piece, Rank};
use crate::style::{Style, Tone, wrap};
use crate::suggest;

const DECKS_FILE: &str = "decks.json";

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
        let (kind, mut items) = self.items_for(what)?;
        self.rng.shuffle(&mut items);
        let order: Vec<String> = items.iter().map(|i| i.to_string()).collect();
        Ok(Reply::new(
            "shuffle",
            self.render_items(&items),
            json!({"kind": kind.name(), "order": order, "seed": self.seed()}),
        ))
    }

    fn load_decks(&self) -> Result<DeckBook> {
        let stored: Option<StoredBook> = self.store.load(DECKS_FILE)?;
        let Some(stored) = stored else {
            return Ok(DeckBook::default());
        };
        let mut decks = Vec::new();
        for d in stored.decks {
            let parse = |list: &[String]| -> Option<Vec<Item>> {
                list.iter().map(|s| d.kind.parse_item(s)).collect()
            };
            match (parse(&d.left), parse(&d.drawn)) {
                (Some(left), Some(drawn)) => decks.push(Deck {
                    name: d.name,
                    kind: d.kind,
                    left,
                    drawn,
                }),
                _ => {
                    return Err(self
                        .store
                        .reject(DECKS_FILE, format!("deck '{}' holds a bad item", d.name))
                        .into());
                }
            }
        }
        Ok(DeckBook {
            current: stored.current,
            decks,
        })
    }

    fn save_decks(&self, book: &DeckBook) -> Result<()> {
        let to_strings = |v: &[Item]| v.iter().map(|i| i.to_string()).collect();
        let stored = StoredBook {
            current: book.current.clone(),
            decks: book
                .decks
                .iter()
                .map(|d| StoredDeck {
                    name: d.name.clone(),
                    kind: d.kind,
                    left: to_strings(&d.left),
                    drawn: to_strings(&d.drawn),
                })
                .collect(),
        };
        Ok(self.store.save(DECKS_FILE, &stored)?)
    }

    pub(super) fn deck(&mut self, action: DeckAction) -> Result<Reply> {
        let mut book = self.load_decks()?;
        match action {
            DeckAction::List => {
                let mut text = String::new();
                if book.decks.is_empty() {
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
                let data: Vec<Value> = book
                    .decks
                    .iter()
                    .map(|d| json!({"name": d.name, "kind": d.kind.name(), "left": d.left.len(), "drawn": d.drawn.len()}))
                    .collect();
                Ok(Reply::new(
                    "decks",
                    text.trim_end().to_string(),
                    json!({"current": book.current, "decks": data}),
                ))
            }
            DeckAction::New { name, what } => {
                check_deck_name(&name)?;
                let (kind, items) = self.items_for(&what)?;
                let deck = Deck::new(&name, kind, items, &mut self.rng);
                let replaced = book.remove(&name).is_some();
                let text = format!(
                    "deck '{name}': {} {} shuffled{}",
                    deck.left.len(),
                    kind.name(),
                    if replaced {
                        " (replaced the old one)"
                    } else {
                        ""
                    }
                );
                let data = json!({"name": name, "kind": kind.name(), "left": deck.left.len(), "seed": self.seed()});
                book.current = Some(name);
                book.decks.push(deck);
                self.save_decks(&book)?;
                Ok(Reply::new("deck", text, data))
            }
            DeckAction::Show { name } => {
                let d = book.get(&name)?;
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
                Ok(Reply::new("deck", text, data))
            }
            DeckAction::Return { name } => {
                let idx = book.index(&name)?;
                let d = &mut book.decks[idx];
                let n = d.return_all(&mut self.rng);
                let text = format!("deck '{}': {n} returned, {} shuffled", d.name, d.left.len());
                let data = json!({"name": d.name, "returned": n, "left": d.left.len(), "seed": self.seed()});
                book.current = Some(d.name.clone());
                self.save_decks(&book)?;
                Ok(Reply::new("deck", text, data))
            }
            DeckAction::Delete { name } => {
                let idx = book.index(&name)?;
                let d = book.decks.remove(idx);
                if book.current.as_deref() == Some(&d.name) {
                    book.current = None;
                }
                self.save_decks(&book)?;
                Ok(Reply::new(
                    "deck",
                    format!("deck '{}' deleted", d.name),
                    json!({"name": d.name, "deleted": true}),
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
        let mut book = self.load_decks()?;
        let (name, n) = match args {
            [] => (None, 1),
            [a] if a.chars().all(|c| c.is_ascii_digit()) => (None, count(a)?),
            [a] => (Some(a.clone()), 1),
            [a, b] => (Some(a.clone()), count(b)?),
            _ => return Err(invalid("draw takes at most a deck name and a count")),
        };
        let name = match name.or_else(|| book.current.clone()) {
            Some(n) => n,
            None => {
                return Err(invalid(
                    "no deck to draw from: `deck new NAME KIND` makes one",
                ));
            }
        };
        let idx = book.index(&name)?;
        let taken = book.decks[idx].draw(n)?;
        let d = &book.decks[idx];
        let text = format!(
            "{}\n({} left in '{}')",
            self.render_items(&taken),
            d.left.len(),
            d.name
        );
        let data = json!({"deck": d.name, "drawn": taken.iter().map(|i| i.to_string()).collect::<Vec<_>>(), "left": d.left.len()});
        book.current = Some(d.name.clone());
        self.save_decks(&book)?;
        Ok(Reply::new("draw", text, data))
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
                plural(heads, "head", "heads"),
                plural(tails, "tail", "tails")
            ));
        }
        Reply::new(
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
        Ok(Reply::new(
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
    // A lone number is a count; to cast a single coin, name it (`cast n`).
    if let [one] = args
        && one.chars().all(|c| c.is_ascii_digit())
    {
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

pub(crate) fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

fn check_deck_name(name: &str) -> Result<()> {
    let ok = !name.is_empty()
        && name.len() <= 24
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && !name.chars().all(|c| c.is_ascii_digit());
    if ok {
        Ok(())
    } else {
        Err(invalid(format!(
            "'{name}' cannot name a deck: use up to 24 letters, digits, - or _, not only digits"
        )))
    }
}

#[derive(Debug, Default)]
struct DeckBook {
    current: Option<String>,
    decks: Vec<Deck>,
}

impl DeckBook {
    fn index(&self, name: &str) -> Result<usize> {
        self.decks
            .iter()
            .position(|d| d.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                let names: Vec<&str> = self.decks.iter().map(|d| d.name.as_str()).collect();
                let known = if names.is_empty() {
                    "there are no decks yet".to_string()
                } else {
                    format!("decks: {}", names.join(", "))
                };
                invalid(format!(
                    "no deck named '{name}'{} ({known})",
                    suggest::hint(name, names.iter().copied())
                ))
            })
    }

    fn get(&self, name: &str) -> Result<&Deck> {
        self.index(name).map(|i| &self.decks[i])
    }

    fn remove(&mut self, name: &str) -> Option<Deck> {
        let i = self.index(name).ok()?;
        Some(self.decks.remove(i))
    }
}

#[derive(Serialize, Deserialize)]
struct StoredBook {
    current: Option<String>,
    decks: Vec<StoredDeck>,
}

#[derive(Serialize, Deserialize)]
struct StoredDeck {
    name: String,
    kind: DeckKind,
    left: Vec<String>,
    drawn: Vec<String>,
}
