//! The `troll` command's words: what the player says the troll did (or
//! asks to see), read into a typed action or question. Every refusal
//! names the word it could not read.

use super::actions::{Ask, TrollAction};
use super::bridge::parse_dir;
use super::game::Action;
use crate::games::compass::Dir;
use crate::games::error::GameError;
use crate::games::wing::Order;
use crate::pieces::Card;

/// What the `troll` command takes, for errors and completion.
pub const COMMAND_WORDS: [&str; 15] = [
    "show", "awaken", "card", "brick", "move", "stomp", "pick", "club", "throw", "shovel", "lay",
    "use", "actions", "score", "reveal",
];

/// The command's words, read.
pub fn order(words: &[String]) -> Result<Order<TrollAction, Ask>, GameError> {
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let w: Vec<&str> = lower.iter().map(String::as_str).collect();
    Ok(match w.as_slice() {
        [] | ["show"] => Order::Ask(Ask::Show),
        ["score"] => Order::Ask(Ask::Score),
        ["reveal"] => Order::Ask(Ask::Reveal),
        ["actions"] => Order::Ask(Ask::Actions),
        ["awaken", ..] | ["card", ..] => Order::Act(awakening(&words[1..], w[0] == "card")?),
        ["brick", card] => Order::Act(TrollAction::Brick {
            card: card.parse::<Card>()?,
        }),
        ["brick", ..] => {
            return Err(GameError::word(
                "name the brick that woke with one card: `troll brick QS`",
            ));
        }
        _ => Order::Act(TrollAction::Act {
            action: action(&w)?,
        }),
    })
}

/// `troll awaken [CARD] [die=N,...]` or `troll card CARD [die=N]`.
fn awakening(args: &[String], named: bool) -> Result<TrollAction, GameError> {
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
                                    GameError::word(format!("'{a}': a six-sided die shows 1 to 6"))
                                })?,
                        );
                    }
                }
                "card" => card = Some(v.parse()?),
                _ => {
                    return Err(GameError::word(format!(
                        "'{a}' is not a setting here: expected die= or card="
                    )));
                }
            }
        } else if card.is_none() {
            card = Some(a.parse()?);
        } else {
            return Err(GameError::word(format!(
                "'{a}': one card at a time (`troll card 7H die=3`)"
            )));
        }
    }
    if named && card.is_none() {
        return Err(GameError::word(
            "say which card: `troll card 7H` (die=N for your roll)",
        ));
    }
    if card.is_some() && dice.len() > 1 {
        return Err(GameError::word(
            "one card takes one die: `troll card 7H die=3`",
        ));
    }
    Ok(TrollAction::Awaken { card, dice })
}

/// Read a troll action: `move left`, `stomp`, `pick up right`, `club up`,
/// `use club at up`, `throw diamond left`, `shovel right`, `lay down left`.
pub fn action(w: &[&str]) -> Result<Action, GameError> {
    let dir = |rest: &[&str], verb: &str| -> Result<Dir, GameError> {
        let rest: Vec<&str> = rest
            .iter()
            .copied()
            .filter(|x| !matches!(*x, "at" | "to" | "the" | "toward" | "towards"))
            .collect();
        match rest.as_slice() {
            [d] => parse_dir(d),
            [] => Err(GameError::word(format!(
                "{verb} which way? add left, right, up or down"
            ))),
            [_, extra, ..] => Err(GameError::word(format!(
                "'{extra}' is not understood after {verb}: one direction"
            ))),
        }
    };
    let tool = |name: &str, rest: &[&str]| -> Result<Action, GameError> {
        match name {
            "club" | "clubs" => Ok(Action::Club(dir(rest, "club")?)),
            "diamond" | "diamonds" => Ok(Action::Throw(dir(rest, "throw")?)),
            "spade" | "spades" | "shovel" => Ok(Action::Shovel(dir(rest, "shovel")?)),
            other => Err(GameError::word(format!(
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
        [other, ..] => Err(GameError::word(format!(
            "'{other}' is not a troll action{}: expected {}",
            crate::suggest::hint(other, COMMAND_WORDS),
            COMMAND_WORDS.join(", ")
        ))),
        [] => Err(GameError::word(format!(
            "say what the troll does: {}",
            COMMAND_WORDS.join(", ")
        ))),
    }
}
