//! Angry Troll versus Magic Bridge (Jeff Smith): the bridge, and the game
//! followed turn by turn.
//!
//! The folder: `bridge` the bridge's geometry; `game` the state and its
//! rules; `events` what happens; `actions` and `words` what the player
//! says, typed and in words; `setup` the deal; `show` the replies;
//! `layout` and `diagram` the pictures; `wing` plugs it into tablemate.

mod actions;
mod bridge;
mod diagram;
mod events;
mod game;
mod layout;
mod setup;
mod show;
mod wing;
mod words;

pub use actions::{Ask, TrollAction};
pub use bridge::{Row, Spot};
pub use events::{Event, Tool, Whence};
pub use game::{Action, Held, Outcome, Phase, Troll, Variants};
pub use layout::layout;
pub use wing::AngryTroll;
