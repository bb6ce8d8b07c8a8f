//! Slides of Action (Clark D. Rodeffer): fifteen coins on four tiles, slid
//! like a fifteen puzzle until a suit's coins join.
//!
//! The folder: `seating` the start and the suits; `play` the game in play,
//! its rules and tablemate's opponent; `events` what happens; `show` the
//! replies; `layout` and `diagram` the pictures; `wing` plugs it into
//! tablemate.

mod diagram;
mod events;
mod layout;
mod play;
mod seating;
mod show;
mod wing;

pub use events::{Event, Won};
pub use layout::{board_layout, start_layout};
pub use play::{Grid, SlidesGame, connected, moves, parse_cell};
pub use seating::{START, Seat, Seating, seat, suits_in_play};
pub use wing::{SlidesAction, SlidesOfAction};
