//! The games: one enum names every game and Funhouse room (the one list of
//! them in tablemate), and each game lives in a folder of its own behind
//! one trait, [`Wing`].
//!
//! Everything else is generic: the command language takes each game's own
//! words from its wing, `setup`, `solve` and `rules` find a game through
//! [`Game`], the store keeps every game's state in one table, and the text
//! renderer asks the wing to draw its layout. Adding a game is a folder,
//! a variant and a row of names in `game`, a line in [`Game::visit`]: see
//! "Adding a game" in the README.

pub mod args;
pub mod cell;
pub mod compass;
pub mod die_rolls;
pub mod error;
pub mod game;
pub mod help;
pub mod record;
pub mod wing;

pub mod funhouse;
pub mod lab_rats;
pub mod pad;
pub mod penguins;
pub mod slides;
pub mod troll;

#[cfg(test)]
pub mod example;

pub use error::GameError;
pub use game::{Game, ParseGameError};
pub use wing::{Done, Order, Play, Saved, Table, Turn, Wing};

/// Runs generic code on one game's wing: the one place a `Game` meets
/// its type (see [`Game::visit`]).
pub trait Visitor {
    type Out;
    fn visit<W: Wing>(self) -> Self::Out;
}

impl Game {
    /// Run `v` with this game's wing.
    pub fn visit<V: Visitor>(self, v: V) -> V::Out {
        match self {
            Game::EpicFunhouse => v.visit::<funhouse::Funhouse>(),
            Game::SlideJam => v.visit::<funhouse::rooms::SlideJam>(),
            Game::MagicMirror => v.visit::<funhouse::rooms::MagicMirror>(),
            Game::Catwalk => v.visit::<funhouse::rooms::Catwalk>(),
            Game::RollOutTheBarrels => v.visit::<funhouse::rooms::Barrels>(),
            Game::WhackADummy => v.visit::<funhouse::rooms::WhackADummy>(),
            Game::TrampoLand => v.visit::<funhouse::rooms::TrampoLand>(),
            Game::LabRats => v.visit::<lab_rats::LabRats>(),
            Game::AngryTroll => v.visit::<troll::AngryTroll>(),
            Game::SlidesOfAction => v.visit::<slides::SlidesOfAction>(),
            Game::PenguinsNightOut => v.visit::<penguins::PenguinsNightOut>(),
            Game::ScorePad => v.visit::<pad::ScorePad>(),
            #[cfg(test)]
            Game::Example => v.visit::<example::Example>(),
        }
    }

    /// Why `name` is no puzzle `solve` knows: said as the rooms' error
    /// (most puzzles are Funhouse rooms), naming the nearest.
    pub fn unknown_puzzle(name: &str) -> String {
        match name.parse::<funhouse::Room>() {
            Err(e) => e.to_string(),
            Ok(room) => format!("{} has nothing to solve", room.title()),
        }
    }
}
