//! The `troll` command's replies and the setup's, each one typed value
//! that both its text and its JSON are drawn from.

use std::fmt::Write;

use serde::Serialize;

use super::bridge::colour_name;
use super::diagram;
use super::events::Event;
use super::game::{Action, Dealt, Phase, Troll, shown};
use super::layout::layout;
use crate::games::error::GameError;
use crate::reply::{Reply, Show};
use crate::style::{Style, Tone, wrap};

/// A new bridge: what a player may know of the deal.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Laid {
    pub dealt: Dealt,
    #[serde(skip)]
    pub game: Troll,
}

impl Show for Laid {
    fn show(&self, style: &Style) -> String {
        let t = &self.game;
        let mut text = format!(
            "{}\n",
            style.paint("Angry Troll versus Magic Bridge", Tone::Heading)
        );
        text.push_str(&diagram::draw(&layout(t)));
        let first = &t.played[0];
        let mut story = format!(
            "a {}-card bridge; the first card, {first}, is turned up into the lower stack: {} cards awaken the lower row, {} the upper. {} cards left in the deck of awakening; the troll starts on lower slot {}",
            t.bridge,
            colour_name(t.lower_red),
            colour_name(!t.lower_red),
            t.deck.len(),
            t.troll_slot
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
            wrap(&story, style.width, ""),
            wrap(
                if t.table {
                    "turn 1: turn up the first card of your deck and roll: `troll card 7H die=3`"
                } else {
                    "turn 1: `troll awaken` plays the first card"
                },
                style.width,
                ""
            )
        );
        text
    }
}

pub fn laid(game: Troll) -> Reply {
    let l = layout(&game);
    Reply::new(
        "setup",
        Laid {
            dealt: game.dealt(),
            game,
        },
    )
    .with_layout(l)
}

/// The bridge as it stands, after what just happened: as the table sees
/// it (the JSON too; `export` alone carries the hidden cards).
#[derive(Debug, Serialize)]
pub struct Board {
    /// For the text, which draws what may be seen of it.
    #[serde(skip)]
    pub game: Troll,
    #[serde(flatten)]
    seen: Troll,
    #[serde(skip)]
    pub said: Vec<Event>,
}

/// A card no one at the table can see.
const HIDDEN: &str = "??";

/// The game as the table sees it: each face-down brick, each card of the
/// deck of awakening and each dormant brick the troll carries is `??`
/// (the deck keeps its count); awake bricks, played and set-aside cards
/// are face up and named.
pub fn seen(t: &Troll) -> Troll {
    let mut seen = t.clone();
    let hide = |slots: &mut Vec<Vec<String>>| {
        for stack in slots {
            let n = stack.len();
            for (i, card) in stack.iter_mut().enumerate() {
                if i + 1 != n || !t.awake.contains(card) {
                    *card = HIDDEN.to_string();
                }
            }
        }
    };
    hide(&mut seen.upper);
    hide(&mut seen.lower);
    seen.deal = None;
    seen.deck = vec![HIDDEN.to_string(); t.deck.len()];
    for h in &mut seen.held {
        if !h.awake {
            h.card = HIDDEN.to_string();
        }
    }
    for c in seen
        .played
        .iter_mut()
        .chain(&mut seen.aside)
        .chain(&mut seen.pending)
        .chain(&mut seen.awake)
    {
        *c = shown(c).to_string();
    }
    seen
}

impl Show for Board {
    fn show(&self, style: &Style) -> String {
        let t = &self.game;
        let mut text = crate::style::narrate(&self.said, style.width, &diagram::draw(&layout(t)));
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
                    if h.awake {
                        format!("{} (awake)", shown(&h.card))
                    } else {
                        "a dormant brick".to_string()
                    }
                })
                .collect();
            let _ = write!(status, "; the troll carries {}", held.join(" and "));
        }
        let waiting: Vec<&str> = t.aside.iter().chain(&t.pending).map(|c| shown(c)).collect();
        if !waiting.is_empty() {
            let _ = write!(status, "; set aside {}", waiting.join(" "));
        }
        let _ = write!(
            text,
            "\n{}\n{}",
            wrap(&status, style.width, ""),
            wrap(&next(t), style.width, "")
        );
        text
    }
}

/// What the game waits for, in words.
pub fn next(t: &Troll) -> String {
    match t.phase {
        // With the player's own cards, tablemate cannot draw one: the
        // player says what they turned up and rolled.
        Phase::Awaken if t.table => {
            "next: turn up your next card and roll: `troll card 7H die=3`".to_string()
        }
        Phase::Awaken => "next: `troll awaken`".to_string(),
        Phase::Name => "next: name the brick that woke (`troll brick QS`)".to_string(),
        Phase::Act => t.action_prompt(),
        Phase::Over => match &t.outcome {
            Some(o) if o.troll_won => format!("game over: the troll won; score {}", o.score),
            Some(o) => format!("game over: the bridge won; score {}", o.score),
            None => "game over".to_string(),
        },
    }
}

pub fn board(game: Troll, said: Vec<Event>) -> Reply {
    let l = layout(&game);
    Reply::new(
        "troll",
        Board {
            seen: seen(&game),
            game,
            said,
        },
    )
    .with_layout(l)
}

/// `troll score`.
#[derive(Debug, Serialize)]
pub struct Score {
    pub score: usize,
    pub over: bool,
    #[serde(skip)]
    text: String,
}

pub fn score(t: &Troll) -> Reply {
    let text = match &t.outcome {
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
    };
    Reply::new(
        "troll",
        Score {
            score: t.deck.len(),
            over: t.outcome.is_some(),
            text,
        },
    )
}

impl Show for Score {
    fn show(&self, _: &Style) -> String {
        self.text.clone()
    }
}

/// `troll reveal`: every card, for a game tablemate dealt.
#[derive(Debug, Serialize)]
pub struct Revealed {
    pub upper: Vec<Vec<String>>,
    pub lower: Vec<Vec<String>>,
    pub deck: Vec<String>,
    /// The line that deals this bridge again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal: Option<String>,
}

impl Show for Revealed {
    fn show(&self, _: &Style) -> String {
        let row = |r: &Vec<Vec<String>>| {
            r.iter()
                .enumerate()
                .map(|(i, s)| match s.is_empty() {
                    true => format!("{}: (empty)", i + 1),
                    false => format!("{}: {}", i + 1, s.join(" ")),
                })
                .collect::<Vec<_>>()
                .join("\n  ")
        };
        let mut text = format!(
            "upper row (top card last)\n  {}\nlower row\n  {}\ndeck of awakening (next first)\n  {}",
            row(&self.upper),
            row(&self.lower),
            self.deck.join(" ")
        );
        if let Some(line) = &self.deal {
            text.push_str(&format!("\n`{line}` lays this bridge again"));
        }
        text
    }
}

pub fn reveal(t: &Troll) -> Result<Reply, GameError> {
    if t.table {
        return Err(GameError::rule(
            "this game is laid with your cards: the tool knows only the cards you named",
        ));
    }
    Ok(Reply::new(
        "troll",
        Revealed {
            upper: t.upper.clone(),
            lower: t.lower.clone(),
            deck: t.deck.clone(),
            deal: t.deal.clone(),
        },
    ))
}

/// `troll actions`: what the troll may do now.
#[derive(Debug, Serialize)]
pub struct Actions {
    pub actions: Vec<String>,
    /// Why there is none, when there is none.
    #[serde(skip)]
    idle: String,
}

impl Show for Actions {
    fn show(&self, _: &Style) -> String {
        if self.actions.is_empty() {
            format!("no action now: {}", self.idle)
        } else {
            format!("the troll may: {}", self.actions.join(", "))
        }
    }
}

pub fn actions(t: &Troll) -> Reply {
    Reply::new(
        "troll",
        Actions {
            actions: t.legal_actions().into_iter().map(Action::words).collect(),
            idle: match t.phase {
                Phase::Over => "the game is over".to_string(),
                Phase::Name => "name the brick that woke first".to_string(),
                _ => "the troll acts after the awakening".to_string(),
            },
        },
    )
}
