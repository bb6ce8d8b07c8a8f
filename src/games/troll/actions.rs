//! What the player says of Angry Troll: a typed action (which changes
//! the game) or a question (which only reads it).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::game::Action;
use crate::pieces::Card;

/// What the player says happened at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum TrollAction {
    /// Play this phase's cards into the stacks: one card a die when dice
    /// are given (or the card named), else every card the phase plays,
    /// tablemate rolling.
    Awaken { card: Option<Card>, dice: Vec<u8> },
    /// Name the brick of the player's own deck that just woke.
    Brick { card: Card },
    /// One of the troll's two actions.
    Act { action: Action },
}

/// The words after `troll` that replay it.
impl fmt::Display for TrollAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrollAction::Awaken { card, dice } => {
                f.write_str("awaken")?;
                if let Some(c) = card {
                    write!(f, " {c}")?;
                }
                if !dice.is_empty() {
                    let d: Vec<String> = dice.iter().map(u8::to_string).collect();
                    write!(f, " die={}", d.join(","))?;
                }
                Ok(())
            }
            TrollAction::Brick { card } => write!(f, "brick {card}"),
            TrollAction::Act { action } => f.write_str(&action.words()),
        }
    }
}

/// What `troll` alone, `troll score`, `reveal` and `actions` ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    Show,
    Score,
    Reveal,
    Actions,
}
