//! `setup troll` and the `troll` command: Angry Troll versus Magic Bridge
//! followed turn by turn. The rules live in `games::troll`; this reads the
//! words, keeps each step in the store in one transaction, and draws.

use std::fmt::Write;

use serde_json::json;

use super::setup::given;
use super::{App, AppError, Reply, Result, data, invalid};
use crate::games::compass::Dir;
use crate::games::layouts;
use crate::games::troll::{
    self, Action, Awakening, COMMAND_WORDS, Options, Phase, Troll, Variants, colour_name, shown,
};
use crate::pieces::Card;
use crate::store::{self, Part};
use crate::style::Tone;

impl App {
    pub(super) fn setup_troll(&mut self, args: &[String]) -> Result<Reply> {
        let inputs = given("angry-troll", args)?;
        let mut options = Options::default();
        if let Some(b) = inputs.choice("bridge") {
            options.bridge = b.parse().expect("declared as 24, 36 or 48");
        }
        let mut variants = Variants::default();
        for v in inputs.words_of("variant") {
            variants.set(v).map_err(invalid)?;
        }
        options.variants = variants;
        let mine = inputs.choice("cards").is_some();
        let first = inputs.card("card");
        let gift = inputs.card("gift");
        // The shuffle comes before the troll's roll, as it always has, so
        // a deal code deals the same bridge in every version.
        let mut cards = Card::deck(false);
        if !mine {
            self.rng.shuffle(&mut cards);
        }
        let die = match inputs.number("die") {
            Some(d) => d as u8,
            None => self.rng.below(6) as u8 + 1,
        };
        if gift.is_some() && !(mine && variants.gift) {
            return Err(invalid(
                "gift=CARD names the card given to the troll in a game of your own cards: add cards=mine variant=gift",
            ));
        }
        let t = if mine {
            let first = first.ok_or_else(|| {
                invalid("with your own cards, say which card you turned up into the lower stack: card=7H")
            })?;
            if variants.gift && gift.is_none() {
                return Err(invalid(
                    "variant=gift with your own cards: say which card the troll was given (gift=QS)",
                ));
            }
            check_own(first, gift, variants)?;
            troll::table_game(first, die, options, gift)
        } else {
            if let Some(first) = first {
                check_own(first, None, variants)?;
            }
            options.first = first;
            troll::deal(&cards, die, options)
        };
        self.store.change(Part::Troll, |c| {
            store::save_troll(c, &t)?;
            Ok::<_, AppError>(((), Some("setup troll".to_string())))
        })?;
        let first = &t.played[0];
        let mut text = format!(
            "{}\n",
            self.style
                .paint("Angry Troll versus Magic Bridge", Tone::Heading)
        );
        let layout = layouts::troll(&t);
        text.push_str(&self.diagram(&layout));
        let mut story = format!(
            "a {}-card bridge; the first card, {first}, is turned up into the lower stack: {} cards awaken the lower row, {} the upper. {} cards left in the deck of awakening; the troll starts on lower slot {die}",
            t.bridge,
            colour_name(t.lower_red),
            colour_name(!t.lower_red),
            t.deck.len()
        );
        if !t.variants.names().is_empty() {
            let _ = write!(story, "; variants: {}", t.variants.names().join(", "));
        }
        if !t.held.is_empty() {
            let held: Vec<&str> = t.held.iter().map(|h| h.card.as_str()).collect();
            let _ = write!(story, "; the troll holds {}", held.join(" and "));
        }
        if t.table {
            story.push_str(
                ". Your cards: say what you turn up (`troll card 7H die=3`), and name each brick as it wakes",
            );
        }
        let _ = write!(
            text,
            "\n{}\n{}",
            crate::style::wrap(&story, self.style.width, ""),
            crate::style::wrap(
                if t.table {
                    "turn 1: turn up the first card of your deck and roll: `troll card 7H die=3`"
                } else {
                    "turn 1: `troll awaken` plays the first card"
                },
                self.style.width,
                ""
            )
        );
        Ok(Reply::new("setup", text, data(&t.dealt())).with_layout(layout))
    }

    pub(super) fn troll(&mut self, words: &[String]) -> Result<Reply> {
        // Showing reads the game here; a step reads it again inside its
        // own transaction (`troll_change`), so it is not read first.
        let saved = || self.store.read(|c| store::troll(c)?.ok_or_else(no_troll));
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let w: Vec<&str> = lower.iter().map(String::as_str).collect();
        match w.as_slice() {
            [] | ["show"] => Ok(self.troll_reply(&saved()?, Vec::new())),
            ["score"] => {
                let t = saved()?;
                Ok(Reply::new(
                    "troll",
                    match &t.outcome {
                        Some(o) => format!(
                            "score {}: cards left in the deck of awakening when the game ended ({})",
                            o.score,
                            if o.troll_won {
                                "the troll won"
                            } else {
                                "the bridge won"
                            }
                        ),
                        None => format!(
                            "score so far {}: cards left in the deck of awakening (lower is better)",
                            t.deck.len()
                        ),
                    },
                    json!({"score": t.deck.len(), "over": t.outcome.is_some()}),
                ))
            }
            ["reveal"] => self.troll_reveal(&saved()?),
            ["actions"] => {
                let all: Vec<String> = saved()?
                    .legal_actions()
                    .into_iter()
                    .map(Action::words)
                    .collect();
                let text = if all.is_empty() {
                    "no action now (the troll acts after the awakening)".to_string()
                } else {
                    format!("the troll may: {}", all.join(", "))
                };
                Ok(Reply::new("troll", text, json!({ "actions": all })))
            }
            ["awaken", ..] | ["card", ..] => self.troll_awaken(&words[1..], w[0] == "card"),
            ["brick", card] => {
                let card: Card = card.parse()?;
                self.troll_change(&format!("troll brick {card}"), |g, _| g.name_brick(card))
            }
            ["brick", ..] => Err(invalid(
                "name the brick that woke with one card: `troll brick QS`",
            )),
            _ => {
                let action = parse_action(&w)?;
                self.troll_change(&format!("troll {}", action.words()), |g, _| g.act(action))
            }
        }
    }

    /// `troll awaken [CARD] [die=N,...]`: one card when a card or a die is
    /// given (one card a die), else every card this phase plays.
    fn troll_awaken(&mut self, args: &[String], named: bool) -> Result<Reply> {
        let mut card: Option<Card> = None;
        let mut dice: Vec<u8> = Vec::new();
        for a in args {
            if let Some((k, v)) = a.split_once('=') {
                match k.to_ascii_lowercase().as_str() {
                    "die" | "dice" => {
                        for d in v.split(',') {
                            dice.push(
                                d.trim()
                                    .parse::<u8>()
                                    .ok()
                                    .filter(|d| (1..=6).contains(d))
                                    .ok_or_else(|| {
                                        invalid(format!("'{a}': a six-sided die shows 1 to 6"))
                                    })?,
                            );
                        }
                    }
                    "card" => card = Some(v.parse()?),
                    _ => {
                        return Err(invalid(format!(
                            "'{a}' is not a setting here: expected die= or card="
                        )));
                    }
                }
            } else if card.is_none() {
                card = Some(a.parse()?);
            } else {
                return Err(invalid(format!(
                    "'{a}': one card at a time (`troll card 7H die=3`)"
                )));
            }
        }
        if named && card.is_none() {
            return Err(invalid(
                "say which card: `troll card 7H` (die=N for your roll)",
            ));
        }
        if card.is_some() && dice.len() > 1 {
            return Err(invalid("one card takes one die: `troll card 7H die=3`"));
        }
        let all = card.is_none() && dice.is_empty();
        let label = match (card, dice.as_slice()) {
            (Some(c), []) => format!("troll awaken {c}"),
            (Some(c), d) => format!("troll awaken {c} die={}", d[0]),
            (None, []) => "troll awaken".to_string(),
            (None, d) => format!(
                "troll awaken die={}",
                d.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
            ),
        };
        self.troll_change(&label, |g, roll| {
            let mut out = Vec::new();
            let mut dice = dice.iter().copied();
            let mut first = true;
            loop {
                let die = dice.next();
                if !first && die.is_none() && !all {
                    break;
                }
                let given = Awakening {
                    card: if first { card } else { None },
                    die,
                };
                match g.awaken(given, roll) {
                    Ok(lines) => out.extend(lines),
                    // After the first card, running out simply ends the
                    // phase's cards (the reply says what comes next).
                    Err(_) if !first => break,
                    Err(e) => return Err(e),
                }
                first = false;
                if g.phase != Phase::Awaken || (g.table && g.pending.is_empty()) {
                    break;
                }
            }
            Ok(out)
        })
    }

    /// Apply one step to the saved game in one transaction, then redraw.
    fn troll_change(
        &mut self,
        label: &str,
        step: impl FnOnce(
            &mut Troll,
            &mut dyn FnMut() -> u8,
        ) -> std::result::Result<Vec<String>, String>,
    ) -> Result<Reply> {
        let rng = &mut self.rng;
        let (game, lines) = self.store.change(Part::Troll, |c| {
            let mut g = store::troll(c)?.ok_or_else(no_troll)?;
            let mut roll = || rng.below(6) as u8 + 1;
            let lines = step(&mut g, &mut roll).map_err(invalid)?;
            store::save_troll(c, &g)?;
            Ok::<_, AppError>(((g, lines), Some(label.to_string())))
        })?;
        Ok(self.troll_reply(&game, lines))
    }

    fn troll_reply(&self, t: &Troll, lines: Vec<String>) -> Reply {
        let layout = layouts::troll(t);
        let mut text = self.narrated(&lines, &layout);
        let mut status = format!(
            "turn {}; deck of awakening {}; lower stack {}",
            t.turn,
            t.deck.len(),
            colour_name(t.lower_red)
        );
        if !t.held.is_empty() {
            let held: Vec<String> = t
                .held
                .iter()
                .map(|h| {
                    format!(
                        "{} ({})",
                        shown(&h.card),
                        if h.awake { "awake" } else { "dormant" }
                    )
                })
                .collect();
            let _ = write!(status, "; the troll carries {}", held.join(" and "));
        }
        let waiting: Vec<&str> = t.aside.iter().chain(&t.pending).map(|c| shown(c)).collect();
        if !waiting.is_empty() {
            let _ = write!(status, "; set aside {}", waiting.join(" "));
        }
        let next = match t.phase {
            Phase::Awaken => format!(
                "next: `troll awaken`{}",
                if t.table {
                    " (or `troll card 7H die=3`)"
                } else {
                    ""
                }
            ),
            Phase::Name => "next: name the brick that woke (`troll brick QS`)".to_string(),
            Phase::Act => t.action_prompt(),
            Phase::Over => match &t.outcome {
                Some(o) if o.troll_won => format!("game over: the troll won; score {}", o.score),
                Some(o) => format!("game over: the bridge won; score {}", o.score),
                None => "game over".to_string(),
            },
        };
        let _ = write!(
            text,
            "\n{}\n{}",
            crate::style::wrap(&status, self.style.width, ""),
            crate::style::wrap(&next, self.style.width, "")
        );
        Reply::new("troll", text, data(t)).with_layout(layout)
    }

    fn troll_reveal(&self, t: &Troll) -> Result<Reply> {
        if t.table {
            return Err(invalid(
                "this game is laid with your cards: the tool knows only the cards you named",
            ));
        }
        let row = |r: &Vec<Vec<String>>| {
            r.iter()
                .enumerate()
                .map(|(i, s)| format!("{}: {}", i + 1, s.join(" ")))
                .collect::<Vec<_>>()
                .join("\n  ")
        };
        let text = format!(
            "upper row (top card last)\n  {}\nlower row\n  {}\ndeck of awakening (next first)\n  {}",
            row(&t.upper),
            row(&t.lower),
            t.deck.join(" ")
        );
        Ok(Reply::new(
            "troll",
            text,
            json!({"upper": t.upper, "lower": t.lower, "deck": t.deck}),
        ))
    }
}

fn no_troll() -> AppError {
    invalid("no troll game: `setup troll` deals one")
}

/// The turned-up card cannot be a card the variants hand the troll.
fn check_own(first: Card, gift: Option<Card>, v: Variants) -> Result<()> {
    let given = |c: Card| {
        let code = c.to_string();
        (v.club_start && code == "AC") || (v.club_start && v.diamond_ace && code == "AD")
    };
    if matches!(first, Card::Joker { .. }) {
        return Err(invalid(format!("{first}: the game uses no jokers")));
    }
    if given(first) {
        return Err(invalid(format!(
            "{first} is in the troll's hands in this variant: it cannot be turned up"
        )));
    }
    if let Some(g) = gift {
        if g == first || given(g) {
            return Err(invalid(format!(
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
            return Err(invalid(format!(
                "{g} is a heart: a troll cannot have a heart (give the next card)"
            )));
        }
    }
    Ok(())
}

/// Read a troll action: `move left`, `stomp`, `pick up right`, `club up`,
/// `use club at up`, `throw diamond left`, `shovel right`, `lay down left`.
fn parse_action(w: &[&str]) -> Result<Action> {
    let dir = |rest: &[&str], verb: &str| -> Result<Dir> {
        let rest: Vec<&str> = rest
            .iter()
            .copied()
            .filter(|x| !matches!(*x, "at" | "to" | "the" | "toward" | "towards"))
            .collect();
        match rest.as_slice() {
            [d] => troll::parse_dir(d).map_err(invalid),
            [] => Err(invalid(format!(
                "{verb} which way? add left, right, up or down"
            ))),
            [_, extra, ..] => Err(invalid(format!(
                "'{extra}' is not understood after {verb}: one direction"
            ))),
        }
    };
    let tool = |name: &str, rest: &[&str]| -> Result<Action> {
        match name {
            "club" | "clubs" => Ok(Action::Club(dir(rest, "club")?)),
            "diamond" | "diamonds" => Ok(Action::Throw(dir(rest, "throw")?)),
            "spade" | "spades" | "shovel" => Ok(Action::Shovel(dir(rest, "shovel")?)),
            other => Err(invalid(format!(
                "'{other}' is not a tool: use club, diamond or spade"
            ))),
        }
    };
    match w {
        ["move", rest @ ..] | ["step", rest @ ..] => Ok(Action::Move(dir(rest, "move")?)),
        ["stomp"] => Ok(Action::Stomp),
        ["pick", "up", rest @ ..] | ["pick", rest @ ..] | ["pickup", rest @ ..] => {
            Ok(Action::PickUp(dir(rest, "pick up")?))
        }
        ["club", rest @ ..] | ["beat", rest @ ..] => Ok(Action::Club(dir(rest, "club")?)),
        ["throw", "diamond", rest @ ..] | ["throw", rest @ ..] => {
            Ok(Action::Throw(dir(rest, "throw")?))
        }
        ["shovel", rest @ ..] | ["spade", rest @ ..] => Ok(Action::Shovel(dir(rest, "shovel")?)),
        ["use", name, rest @ ..] => tool(name, rest),
        ["lay", "down", rest @ ..] if !rest.is_empty() => {
            Ok(Action::LayDown(dir(rest, "lay down")?))
        }
        ["lay", rest @ ..] => Ok(Action::LayDown(dir(rest, "lay down")?)),
        [other, ..] => Err(invalid(format!(
            "'{other}' is not a troll action{}: expected {}",
            crate::suggest::hint(other, COMMAND_WORDS),
            COMMAND_WORDS.join(", ")
        ))),
        [] => unreachable!("an empty line is `troll show`"),
    }
}
