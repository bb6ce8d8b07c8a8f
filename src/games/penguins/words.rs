//! The `penguins` command's words, read into a typed action or a
//! question; every refusal names the word it could not read.

use super::actions::{Ask, PenguinAction};
use super::squares::{Sq, parse_sq};
use crate::games::compass::Dir;
use crate::games::error::GameError;
use crate::games::wing::Order;
use crate::pieces::Domino;

/// What the `penguins` command takes, for errors and completion.
pub const COMMAND_WORDS: [&str; 8] = [
    "place", "roll", "move", "shift", "alter", "relocate", "done", "show",
];

pub fn order(words: &[String]) -> Result<Order<PenguinAction, Ask>, GameError> {
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let w: Vec<&str> = lower.iter().map(String::as_str).collect();
    let number = |s: &str| {
        s.parse::<u8>()
            .map_err(|_| GameError::word(format!("'{s}' is not a die result")))
    };
    let square = |s: &str| -> Result<Sq, GameError> {
        parse_sq(s)
            .ok_or_else(|| GameError::word(format!("'{s}' is not a square: write it like r3c4")))
    };
    let dir = |s: &str| -> Result<Dir, GameError> {
        s.parse::<Dir>().map_err(|_| {
            GameError::word(format!("'{s}' is not a direction: expected n, e, s or w"))
        })
    };
    let route = |r: &[&str]| r.iter().map(|d| dir(d)).collect::<Result<Vec<_>, _>>();
    let act = match w.as_slice() {
        [] | ["show"] => return Ok(Order::Ask(Ask::Show)),
        ["place"] => PenguinAction::Place { at: None },
        ["place", s] => PenguinAction::Place {
            at: Some(square(s)?),
        },
        ["roll"] => PenguinAction::Roll { die: None },
        ["roll", v] => PenguinAction::Roll {
            die: Some(number(v.strip_prefix("die=").unwrap_or(v))?),
        },
        ["move", "stay"] => PenguinAction::Move {
            from: None,
            route: Vec::new(),
        },
        ["move", "from", s, r @ ..] => PenguinAction::Move {
            from: Some(square(s)?),
            route: route(r)?,
        },
        ["move", r @ ..] if !r.is_empty() => PenguinAction::Move {
            from: None,
            route: route(r)?,
        },
        ["move"] => {
            return Err(GameError::word(
                "say the route: `penguins move e e s` (or `penguins move stay`)",
            ));
        }
        ["shift", s, d] => PenguinAction::Shift {
            from: square(s)?,
            dir: dir(d)?,
        },
        ["alter"] => PenguinAction::Alter { dice: None },
        ["alter", a, b] => PenguinAction::Alter {
            dice: Some((number(a)?, number(b)?)),
        },
        ["alter", dice] if dice.starts_with("die=") => {
            let given: Vec<&str> = dice["die=".len()..].split(',').collect();
            let [a, b] = given.as_slice() else {
                return Err(GameError::word(format!(
                    "'{dice}': give both dice, like die=3,5"
                )));
            };
            PenguinAction::Alter {
                dice: Some((number(a)?, number(b)?)),
            }
        }
        ["relocate", d, to] => {
            let domino: Domino = d.parse().map_err(|e| GameError::word(format!("{e}")))?;
            let (sq, down) = match to.strip_suffix(['v', 'd']) {
                Some(s) => (s, true),
                None => (to.strip_suffix('h').unwrap_or(to), false),
            };
            // The pips named first go on the square named: `4-2 r8c1`
            // lays the 4 there, `2-4 r8c1` the 2.
            let first = d
                .split('-')
                .next()
                .and_then(|n| n.trim().parse::<u8>().ok());
            PenguinAction::Relocate {
                domino,
                to: square(sq)?,
                down,
                first,
            }
        }
        ["done"] => PenguinAction::Done,
        [other, ..] => {
            return Err(GameError::word(format!(
                "'{other}' is not a penguins action here{}: expected {}",
                crate::suggest::hint(other, COMMAND_WORDS),
                COMMAND_WORDS.join(", ")
            )));
        }
    };
    Ok(Order::Act(act))
}
