//! What the deck commands answer: each reply's JSON is its fields, its
//! text drawn from them in the session's style.

use serde::Serialize;

use super::CastCoin;
use crate::deck::{Deck, DeckBook, DeckKind, Item};
use crate::reply::Show;
use crate::style::{Style, Tone, plural, wrap};

/// Items in a row, wrapped to the width and coloured.
pub(super) fn items_text(items: &[Item], style: &Style) -> String {
    let plain: Vec<String> = items.iter().map(|i| i.to_string()).collect();
    // Items of several words (`shuffle alice "carol ann"`) are told apart
    // by commas; such items are the player's own words, never coloured.
    if plain.iter().any(|p| p.contains(char::is_whitespace)) {
        return wrap(&plain.join(", "), style.width, "");
    }
    let wrapped = wrap(&plain.join(" "), style.width, "");
    if !style.color {
        return wrapped;
    }
    // Colour after wrapping, so escape codes never count as width.
    let mut it = items.iter();
    wrapped
        .lines()
        .map(|line| {
            line.split(' ')
                .map(|_| it.next().map(|i| i.render(style)).unwrap_or_default())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `shuffle`: the items in their new order.
#[derive(Debug, Serialize)]
pub(super) struct Shuffled {
    pub kind: &'static str,
    pub order: Vec<Item>,
    #[serde(flatten)]
    pub seed: crate::random::JsonSeed,
}

impl Show for Shuffled {
    fn show(&self, style: &Style) -> String {
        items_text(&self.order, style)
    }
}

/// One deck in `deck list`.
#[derive(Debug, Serialize)]
pub(super) struct DeckLine {
    name: String,
    kind: &'static str,
    left: usize,
    drawn: usize,
}

/// A deck the store could not read, and why.
#[derive(Debug, Serialize)]
pub(super) struct DamagedDeck {
    name: String,
    problem: String,
}

/// `deck list`.
#[derive(Debug, Serialize)]
pub(super) struct DeckList {
    current: Option<String>,
    decks: Vec<DeckLine>,
    damaged: Vec<DamagedDeck>,
}

impl DeckList {
    pub fn of(book: DeckBook) -> DeckList {
        DeckList {
            current: book.current,
            decks: book
                .decks
                .iter()
                .map(|d| DeckLine {
                    name: d.name.clone(),
                    kind: d.kind.name(),
                    left: d.left.len(),
                    drawn: d.drawn.len(),
                })
                .collect(),
            damaged: book
                .damaged
                .into_iter()
                .map(|(name, problem)| DamagedDeck { name, problem })
                .collect(),
        }
    }
}

impl Show for DeckList {
    fn show(&self, _: &Style) -> String {
        let mut text = String::new();
        if self.decks.is_empty() && self.damaged.is_empty() {
            text.push_str("no decks yet: `deck new NAME KIND` makes one");
        }
        for d in &self.decks {
            let mark = if self.current.as_deref() == Some(&d.name) {
                "*"
            } else {
                " "
            };
            text.push_str(&format!(
                "{mark} {:<12} {:<9} {:>3} left, {:>3} drawn\n",
                d.name, d.kind, d.left, d.drawn
            ));
        }
        for DamagedDeck { name, problem } in &self.damaged {
            text.push_str(&format!(
                "! {name:<12} damaged: {problem} (`deck delete {name}`)\n"
            ));
        }
        text.trim_end().to_string()
    }
}

/// `deck new`: the deck made.
#[derive(Debug, Serialize)]
pub(super) struct DeckMade {
    pub name: String,
    #[serde(serialize_with = "kind_name")]
    pub kind: DeckKind,
    pub left: usize,
    #[serde(flatten)]
    pub seed: crate::random::JsonSeed,
    /// A deck of that name was there before.
    #[serde(skip)]
    pub replaced: bool,
}

fn kind_name<S: serde::Serializer>(kind: &DeckKind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(kind.name())
}

impl Show for DeckMade {
    fn show(&self, _: &Style) -> String {
        // "3 items", not "3 custom": the kind of your own list is no word
        // for what it holds.
        let what_held = match self.kind {
            DeckKind::Custom => plural(self.left as u64, "item", "items"),
            // 52 cards and 2 jokers: not 54 jokers.
            DeckKind::Jokers => "cards (jokers in)",
            kind => kind.name(),
        };
        format!(
            "deck '{}': {} {what_held} shuffled{}",
            self.name,
            self.left,
            if self.replaced {
                " (replaced the old one)"
            } else {
                ""
            }
        )
    }
}

/// `deck use`.
#[derive(Debug, Serialize)]
pub(super) struct DeckChosen {
    pub current: String,
}

impl Show for DeckChosen {
    fn show(&self, _: &Style) -> String {
        format!(
            "deck '{}' is now the current deck: `draw` draws from it",
            self.current
        )
    }
}

/// `deck show`: what is left and what has been drawn.
#[derive(Debug, Serialize)]
pub(super) struct DeckShown {
    name: String,
    kind: &'static str,
    left: usize,
    drawn: Vec<Item>,
    #[serde(skip)]
    total: usize,
    /// The sealed code of its order, once nothing is left to draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    deal: Option<String>,
}

impl DeckShown {
    pub fn of(d: &Deck) -> DeckShown {
        DeckShown {
            name: d.name.clone(),
            kind: d.kind.name(),
            left: d.left.len(),
            drawn: d.drawn.clone(),
            total: d.total(),
            deal: d.deal.clone().filter(|_| d.left.is_empty()),
        }
    }
}

impl Show for DeckShown {
    fn show(&self, style: &Style) -> String {
        let drawn = if self.drawn.is_empty() {
            "nothing yet".to_string()
        } else {
            items_text(&self.drawn, style)
        };
        let mut text = format!(
            "deck '{}' ({}): {} left of {}\ndrawn: {drawn}",
            self.name, self.kind, self.left, self.total
        );
        if let Some(code) = &self.deal {
            text.push_str(&format!(
                "\n{}",
                crate::style::wrap(
                    &format!(
                        "spent: its order was dealt from {code} (`deck new NAME {} deal={code}` deals it again)",
                        self.kind
                    ),
                    style.width,
                    "  "
                )
            ));
        }
        text
    }
}

/// `deck return`.
#[derive(Debug, Serialize)]
pub(super) struct DeckReturned {
    pub name: String,
    pub returned: usize,
    pub left: usize,
    #[serde(flatten)]
    pub seed: crate::random::JsonSeed,
}

impl Show for DeckReturned {
    fn show(&self, _: &Style) -> String {
        format!(
            "deck '{}': {} returned, {} shuffled",
            self.name, self.returned, self.left
        )
    }
}

/// `deck delete`.
#[derive(Debug, Serialize)]
pub(super) struct DeckDeleted {
    pub name: String,
    /// Always true: readers of earlier releases look for it.
    pub deleted: bool,
}

impl Show for DeckDeleted {
    fn show(&self, _: &Style) -> String {
        format!("deck '{}' deleted", self.name)
    }
}

/// `draw`: the items taken, and what is left.
#[derive(Debug, Serialize)]
pub(super) struct Taken {
    pub deck: String,
    pub drawn: Vec<Item>,
    pub left: usize,
}

impl Show for Taken {
    fn show(&self, style: &Style) -> String {
        format!(
            "{}\n({} left in '{}')",
            items_text(&self.drawn, style),
            self.left,
            self.deck
        )
    }
}

/// One coin's face in `flip`.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Toss {
    Heads,
    Tails,
}

/// `flip`: each toss, and the count of each face.
#[derive(Debug, Serialize)]
pub(super) struct Flipped {
    pub tosses: Vec<Toss>,
    pub heads: usize,
    pub tails: usize,
    #[serde(flatten)]
    pub seed: crate::random::JsonSeed,
}

impl Show for Flipped {
    fn show(&self, style: &Style) -> String {
        let words: Vec<&str> = self
            .tosses
            .iter()
            .map(|t| match t {
                Toss::Heads => "heads",
                Toss::Tails => "tails",
            })
            .collect();
        let mut text = wrap(&words.join(" "), style.width, "");
        if self.tosses.len() > 1 {
            text.push_str(&format!(
                "\n{} {}, {} {}",
                self.heads,
                plural(self.heads as u64, "head", "heads"),
                self.tails,
                plural(self.tails as u64, "tail", "tails")
            ));
        }
        text
    }
}

/// `cast`: the coins that fell number up and suit up, and the sum.
#[derive(Debug, Serialize)]
pub(super) struct Cast {
    pub up: Vec<CastCoin>,
    pub down: Vec<CastCoin>,
    pub sum: u32,
    #[serde(flatten)]
    pub seed: crate::random::JsonSeed,
}

impl Show for Cast {
    fn show(&self, style: &Style) -> String {
        let row = |v: &[CastCoin]| -> String {
            if v.is_empty() {
                return "-".into();
            }
            v.iter()
                .map(|c| c.render(style))
                .collect::<Vec<_>>()
                .join(" ")
        };
        format!(
            "number up: {}\nsuit up:   {}\nsum {} (null counts 0)",
            row(&self.up),
            row(&self.down),
            style.paint(&self.sum.to_string(), Tone::Emph)
        )
    }
}
