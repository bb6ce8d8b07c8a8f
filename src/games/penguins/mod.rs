//! Penguin's Night Out (Jonathan A. Leistiko): the domino board, its
//! nests and buddy tokens, and the game followed turn by turn.
//!
//! The folder: `board` the set as laid and the nests; `squares` the
//! board's squares; `play` the game in play and its rules; `events` what happens; `actions` and `words` what
//! the player says, typed and in words; `setup` the board laid or read; `show` the replies;
//! `layout` and `diagram` the pictures; `wing` plugs it into tablemate.

mod actions;
mod board;
mod diagram;
mod events;
mod layout;
mod play;
mod setup;
mod show;
mod squares;
mod wing;
mod words;

pub use actions::{Ask, PenguinAction};
pub use board::{Board, lay, nests};
pub use events::Event;
pub use layout::layout;
pub use play::{Laid, Night, Phase, buddy_holders, from_rows, placing_order, read_layout};
pub use squares::{Sq, parse_sq, sq_name};
pub use wing::PenguinsNightOut;
