//! What happens on the bridge, as typed events; each reads as the sentence
//! the table is told.

use std::fmt;

use serde::Serialize;

use super::bridge::{Row, Spot, colour_name, dir_name};
use crate::games::compass::Dir;

/// What became of a tool the troll used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tool {
    /// A reusable card (THE CLUB, the variant's ace of diamonds) stays in
    /// hand.
    Kept(String),
    SetAside(String),
}

impl fmt::Display for Tool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tool::Kept(c) => write!(f, "{c} is kept (it can be used again)"),
            Tool::SetAside(c) => write!(f, "{c} is set aside"),
        }
    }
}

/// Where an awakening's card came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Whence {
    SetAside,
    Deck,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A card played into the stacks, and the die rolled for it.
    Played {
        card: String,
        whence: Whence,
        red: bool,
        row: Row,
        die: u8,
    },
    /// The row the card calls has no brick left.
    RowEmpty {
        row: Row,
    },
    /// The slot rolled is empty: the next brick toward a bank wakes.
    Instead {
        die: u8,
        spot: Spot,
    },
    /// A brick already awake woke again: it flies away.
    FlewOff {
        spot: Spot,
        card: String,
    },
    /// A brick of the player's own deck woke: they turn it up and name it.
    WokeUnseen {
        spot: Spot,
    },
    Woke {
        spot: Spot,
        card: String,
    },
    Named {
        spot: Spot,
        card: String,
    },
    /// A new turn, and what its awakening plays.
    Turn {
        turn: u32,
        /// The set-aside cards it plays first; empty: a card from the deck.
        set_aside: Vec<String>,
    },
    /// A new turn with nothing to awaken.
    NothingToAwaken {
        turn: u32,
    },
    Moved {
        dir: Dir,
        to: Spot,
    },
    Stomped {
        card: String,
        spot: Spot,
    },
    PickedUp {
        card: String,
        from: Spot,
        reusable: bool,
    },
    Clubbed {
        card: String,
        spot: Spot,
        tool: Tool,
    },
    Threw {
        dir: Dir,
        /// The brick hit, if any was awake that way.
        hit: Option<(String, Spot)>,
        tool: Tool,
    },
    Shovelled {
        card: String,
        spot: Spot,
        tool: Tool,
    },
    Laid {
        card: String,
        spot: Spot,
    },
    /// The troll cannot act at all: its turn ends early.
    Stuck,
    /// After the troll's actions, no brick was awake.
    NoneFlee {
        /// The only awake brick is the one the troll stands on (it never
        /// flees).
        under_troll: bool,
    },
    /// An awake brick steps toward a bank.
    Fled {
        card: String,
        from: Spot,
        to: Spot,
    },
    /// An awake brick steps off the bridge: set aside.
    Escaped {
        card: String,
        from: Spot,
        left: bool,
    },
    Ended {
        troll_won: bool,
        why: String,
        score: usize,
        perfect: bool,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Played {
                card,
                whence,
                red,
                row,
                die,
            } => write!(
                f,
                "{card} ({}, {}): {} row; die {die}",
                match whence {
                    Whence::SetAside => "set aside",
                    Whence::Deck => "from the deck",
                },
                colour_name(*red),
                row.name()
            ),
            Event::RowEmpty { row } => {
                write!(f, "the {} row is empty: nothing awakens", row.name())
            }
            Event::Instead { die, spot } => {
                write!(
                    f,
                    "slot {die} is empty: the brick in {spot} awakens instead"
                )
            }
            Event::FlewOff { spot, card } => write!(
                f,
                "the brick in {spot} ({card}) was awake already: it flies away and is set aside"
            ),
            Event::WokeUnseen { spot } => write!(
                f,
                "the brick in {spot} awakens: turn it up and name it (`troll brick QS`)"
            ),
            Event::Woke { spot, card } => write!(f, "the brick in {spot} awakens: {card}"),
            Event::Named { spot, card } => write!(f, "the brick in {spot} is {card}"),
            Event::Turn { turn, set_aside } => {
                if set_aside.is_empty() {
                    write!(f, "turn {turn}: the awakening plays a card from the deck")
                } else {
                    write!(
                        f,
                        "turn {turn}: the awakening plays the set-aside {}",
                        set_aside.join(", ")
                    )
                }
            }
            Event::NothingToAwaken { turn } => write!(
                f,
                "turn {turn}: nothing to awaken (the deck is empty and nothing was set aside)"
            ),
            Event::Moved { dir, to } => write!(f, "the troll moves {} to {to}", dir_name(*dir)),
            Event::Stomped { card, spot } => {
                write!(f, "the troll stomps {card} in {spot}: it is dormant")
            }
            Event::PickedUp {
                card,
                from,
                reusable,
            } => write!(
                f,
                "the troll picks up {card} from {from}{}",
                if *reusable {
                    " (THE CLUB, or its like: kept for good and reusable)"
                } else {
                    ""
                }
            ),
            Event::Clubbed { card, spot, tool } => {
                write!(f, "the troll clubs {card} in {spot} dormant; {tool}")
            }
            Event::Threw { dir, hit, tool } => match hit {
                Some((card, spot)) => write!(
                    f,
                    "the troll throws the diamond {}: it hits {card} in {spot}, now dormant; {tool}",
                    dir_name(*dir)
                ),
                None => write!(
                    f,
                    "the troll throws the diamond {}: no awake brick that way, it hits nothing; {tool}",
                    dir_name(*dir)
                ),
            },
            Event::Shovelled { card, spot, tool } => write!(
                f,
                "the troll shovels {card} out of {spot} into its hands, dormant; {tool}"
            ),
            Event::Laid { card, spot } => write!(f, "the troll lays {card} down in {spot}"),
            Event::Stuck => f.write_str("the troll has no action it can take: its turn ends"),
            Event::NoneFlee { under_troll: true } => {
                f.write_str("flight: no brick flees (the one awake is under the troll)")
            }
            Event::NoneFlee { under_troll: false } => {
                f.write_str("flight: no brick is awake to flee")
            }
            Event::Fled { card, from, to } => {
                write!(f, "flight: {card} moves from {from} to {to}")
            }
            Event::Escaped { card, from, left } => write!(
                f,
                "flight: {card} leaves {from} for the {} bank: fled, set aside",
                if *left { "left" } else { "right" }
            ),
            Event::Ended {
                troll_won: true,
                why,
                score,
                perfect,
            } => write!(
                f,
                "the troll wins{}: {why}. Score {score} (cards left in the deck; lower is better)",
                if *perfect {
                    ", a perfect win (no gaps)"
                } else {
                    ""
                }
            ),
            Event::Ended { why, score, .. } => write!(
                f,
                "the bridge wins: {why}. Score {score} (cards left in the deck of awakening; lower is better)"
            ),
        }
    }
}

// Tests compare an event with the sentence the table is told.
#[cfg(test)]
crate::games::error::said_as!(Event);
