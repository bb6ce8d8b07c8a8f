//! `prob draw N from DECK WHAT`: the exact odds of a draw from what is
//! left in a saved deck (hypergeometric: drawing without putting back),
//! as fractions. WHAT names the cards that count: a suit (`hearts`,
//! `suns`), a rank (`ace`, `queen`, `5`, `null`), a piece or card as
//! written (`QS`, `Sn`, `2-4`), `doubles` or a pip of a domino; several
//! words count any of them (`hearts diamonds`).

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};
use serde::Serialize;

use super::{App, Result, invalid};
use crate::deck::Item;
use crate::reply::{Reply, Show};
use crate::style::Style;

/// One count's chance.
#[derive(Debug, Serialize)]
struct Chance {
    count: usize,
    fraction: String,
    probability: f64,
}

#[derive(Debug, Serialize)]
struct DrawOdds {
    deck: String,
    left: usize,
    /// How many of those left count.
    matching: usize,
    what: String,
    drawn: usize,
    /// The chance of each number of them among the cards drawn.
    exactly: Vec<Chance>,
    at_least_one: Chance,
}

impl Show for DrawOdds {
    fn show(&self, style: &Style) -> String {
        let mut lines = vec![crate::style::wrap(
            &format!(
                "{}: {} left, {} of them {}; drawing {}:",
                self.deck, self.left, self.matching, self.what, self.drawn
            ),
            style.width,
            "  ",
        )];
        let width = self
            .exactly
            .iter()
            .map(|c| c.fraction.len())
            .max()
            .unwrap_or(1);
        for c in &self.exactly {
            let label = match c.count {
                0 => "none".to_string(),
                n if n == self.drawn => format!("all {n}"),
                n => format!("exactly {n}"),
            };
            lines.push(format!(
                "  {label:<10} {:>width$}  {:>7.3}%",
                c.fraction,
                c.probability * 100.0
            ));
        }
        lines.push(format!(
            "at least one: {} = {:.3}%",
            self.at_least_one.fraction,
            self.at_least_one.probability * 100.0
        ));
        lines.join("\n")
    }
}

/// C(n, k) of cards: 0 when k > n.
fn choose(n: usize, k: usize) -> BigUint {
    crate::dice::dist::binomial(n as u64, k as u64)
}

fn chance(count: usize, num: BigUint, den: &BigUint) -> Chance {
    let g = num.gcd(den);
    let (n, d) = if g.is_zero() {
        (num.clone(), den.clone())
    } else {
        (&num / &g, den / &g)
    };
    let probability = match (n.to_f64(), d.to_f64()) {
        (Some(a), Some(b)) if b > 0.0 => a / b,
        _ => 0.0,
    };
    Chance {
        count,
        fraction: format!("{n}/{d}"),
        probability,
    }
}

/// Suits and ranks as players say them.
fn card_words(word: &str) -> Option<(Option<char>, Option<&'static str>)> {
    Some(match word {
        "hearts" | "heart" => (Some('H'), None),
        "spades" | "spade" => (Some('S'), None),
        "diamonds" | "diamond" => (Some('D'), None),
        "clubs" | "club" => (Some('C'), None),
        "aces" | "ace" => (None, Some("A")),
        "kings" | "king" => (None, Some("K")),
        "queens" | "queen" => (None, Some("Q")),
        "jacks" | "jack" => (None, Some("J")),
        _ => return None,
    })
}

fn piece_words(word: &str) -> Option<(Option<char>, Option<&'static str>)> {
    Some(match word {
        "suns" | "sun" => (Some('S'), None),
        "moons" | "moon" => (Some('M'), None),
        "crowns" | "crown" => (Some('C'), None),
        "arms" | "arm" => (Some('A'), None),
        "nulls" | "null" => (None, Some("n")),
        "aces" | "ace" => (None, Some("a")),
        _ => return None,
    })
}

/// Whether `item` is one of those `word` names.
fn counts(item: &Item, word: &str) -> bool {
    let code = item.to_string();
    if code.eq_ignore_ascii_case(word) {
        return true;
    }
    match item {
        Item::Card(crate::pieces::Card::Regular { .. }) => {
            let (rank, suit) = code.split_at(code.len() - 1);
            match card_words(word) {
                Some((Some(s), _)) => suit.starts_with(s),
                Some((None, Some(r))) => rank == r,
                _ => rank.eq_ignore_ascii_case(word),
            }
        }
        Item::Piece(_) => {
            let (suit, rank) = code.split_at(1);
            match piece_words(word) {
                Some((Some(s), _)) => suit.starts_with(s),
                Some((None, Some(r))) => rank == r,
                _ => rank.eq_ignore_ascii_case(word),
            }
        }
        Item::Domino(d) => match word {
            "doubles" | "double" => d.low == d.high,
            w => w.parse::<u8>().is_ok_and(|p| d.low == p || d.high == p),
        },
        Item::Card(_) => matches!(word, "jokers" | "joker"),
        Item::Text(_) => false,
    }
}

impl App {
    /// `prob draw N from DECK WHAT...`.
    pub(super) fn draw_odds(&mut self, words: &[String]) -> Result<Reply> {
        let usage = "prob draw N from DECK WHAT: prob draw 2 from bag hearts";
        let [n, from, name, what @ ..] = words else {
            return Err(invalid(format!("{usage} (what is missing)")));
        };
        if !from.eq_ignore_ascii_case("from") {
            return Err(invalid(format!(
                "'{}': {usage}",
                crate::style::clip_quoted(from)
            )));
        }
        let drawn: usize = n.parse().map_err(|_| {
            invalid(format!(
                "'{}' is not how many are drawn: {usage}",
                crate::style::clip_quoted(n)
            ))
        })?;
        if what.is_empty() {
            return Err(invalid(format!(
                "say which cards count (a suit, a rank, or a card): {usage}"
            )));
        }
        let book = self.deck_book()?;
        let deck = book.find(name).map(|i| &book.decks[i]).ok_or_else(|| {
            let names: Vec<&str> = book.decks.iter().map(|d| d.name.as_str()).collect();
            invalid(format!(
                "no deck '{}'{}: `deck` lists them",
                crate::style::clip_quoted(name),
                crate::suggest::hint(name, names)
            ))
        })?;
        let left = deck.left.len();
        if drawn == 0 || drawn > left {
            return Err(invalid(format!(
                "'{n}': {} has {left} left, so draw 1 to {left}",
                deck.name
            )));
        }
        let lower: Vec<String> = what.iter().map(|w| w.to_lowercase()).collect();
        let matching = deck
            .left
            .iter()
            .filter(|item| lower.iter().any(|w| counts(item, w)))
            .count();
        if matching == 0
            && !lower.iter().all(|w| {
                card_words(w).is_some()
                    || piece_words(w).is_some()
                    || w.parse::<u8>().is_ok()
                    || matches!(w.as_str(), "doubles" | "double" | "jokers" | "joker")
            })
        {
            // A word that names nothing in the deck, and is no suit or rank.
            let bad = &what[0];
            return Err(invalid(format!(
                "'{}' names no card left in {}: a suit, a rank or a card as written (QS, Sn, 2-4)",
                crate::style::clip_quoted(bad),
                deck.name
            )));
        }
        let total = choose(left, drawn);
        let exactly: Vec<Chance> = (0..=drawn.min(matching))
            .map(|k| {
                chance(
                    k,
                    choose(matching, k) * choose(left - matching, drawn - k),
                    &total,
                )
            })
            .collect();
        let none = choose(left - matching, drawn);
        let at_least_one = chance(1, &total - none, &total);
        Ok(Reply::new(
            "prob-draw",
            DrawOdds {
                deck: deck.name.clone(),
                left,
                matching,
                what: what.join(" or "),
                drawn,
                exactly,
                at_least_one,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hypergeometric_by_hand() {
        // Two from a full deck, both hearts: C(13,2)/C(52,2) = 78/1326 = 1/17.
        let total = choose(52, 2);
        assert_eq!(chance(2, choose(13, 2), &total).fraction, "1/17");
        // At least one ace in five: 1 - C(48,5)/C(52,5) = 18472/54145.
        let t = choose(52, 5);
        assert_eq!(chance(1, &t - choose(48, 5), &t).fraction, "18472/54145");
    }
}
