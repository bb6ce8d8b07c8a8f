//! Epic Funhouse (Ron and Marty Hale-Evans): six solitaire rooms played in
//! sequence, each scored on its own; the run's score is the sum, and zero is
//! perfect.
//!
//! The folder: `run` the run and its filed history (the saved state);
//! `room` the six rooms; `score` each room's arithmetic; `setup` each room's deal; `play` a room
//! followed move by move; `solve/` a solver a puzzle room; `die` the
//! piecepack die as a solid; `rooms/` the six rooms' wings (setup, solve,
//! diagram); `events`, `show` and `wing` the run's commands (`funhouse`,
//! `score`, `move`, `hint`, `die`) plugged into tablemate; `layouts` and
//! `diagram` the pictures.

pub mod die;
pub mod grade;
pub mod layouts;
pub mod play;
pub mod room;
pub mod rooms;
pub mod run;
pub mod score;
pub mod setup;
pub mod solve;

mod diagram;
mod events;
mod show;
mod wing;
mod words;

#[cfg(test)]
mod sheet_tests;

pub use events::Event;
pub use room::{ParseRoomError, Room};
pub use wing::{Funhouse, FunhouseAction};
