//! The games: one enum names every game and Funhouse room (the one list of
//! them in tablemate), and each game lives in a folder of its own behind
//! one trait, [`Wing`].
//!
//! Everything else is generic: the command language takes each game's own
//! words from its wing, `setup`, `solve` and `rules` find a game through
//! [`Game`], the store keeps every game's state in one table, and the text
//! renderer asks the wing to draw its layout. Adding a game is a folder,
//! one line in the `games!` list in `game`, and a rule file: see "Adding
//! a game" in the architecture guide.

pub mod any;
pub mod args;
pub mod cell;
pub mod compass;
pub mod die_rolls;
pub mod error;
pub mod game;
pub mod grading;
pub mod help;
pub mod key_hash;
pub mod record;
pub mod six_by_four;
pub mod wing;

pub mod fujisan;
pub mod funhouse;
pub mod lab_rats;
pub mod liars;
pub mod mathrix;
pub mod pad;
pub mod penguins;
pub mod piece_gaps;
pub mod slides;
pub mod table;
pub mod troll;

#[cfg(test)]
pub mod cup;
#[cfg(test)]
pub mod example;

pub use any::{AnyState, AnyWing};
pub use error::GameError;
pub use game::ParseGameError;
pub use wing::{Context, Done, Order, Play, Saved, SetUp, Solver, Turn, Wing};

/// Declares the `Game` enum and everything that goes from a game to its
/// wing's type, from one list: adding a game is one line here.
macro_rules! games {
    ($($(#[cfg($cfg:meta)])? $game:ident => $wing:ty,)*) => {
        /// Every game and Funhouse room tablemate knows, in the order
        /// lists show them.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Game {
            $($(#[cfg($cfg)])? $game,)*
        }

        pub(crate) const ALL: &[Game] = &[$($(#[cfg($cfg)])? Game::$game,)*];

        impl Game {
            /// This game's wing, type-erased: what the dispatcher, the
            /// store, records, help, rules and the shared screen call.
            pub fn wing(self) -> &'static dyn AnyWing {
                match self {
                    $($(#[cfg($cfg)])? Game::$game => const { &any::Erased::<$wing>::NEW },)*
                }
            }

            /// Run `v` with this game's wing as a type, for the few
            /// callers that need the state's own type (see [`Visitor`]).
            pub fn visit<V: Visitor>(self, v: V) -> V::Out {
                match self {
                    $($(#[cfg($cfg)])? Game::$game => v.visit::<$wing>(),)*
                }
            }
        }
    };
}

games! {
    EpicFunhouse => funhouse::Funhouse,
    SlideJam => funhouse::rooms::SlideJam,
    MagicMirror => funhouse::rooms::MagicMirror,
    Catwalk => funhouse::rooms::Catwalk,
    RollOutTheBarrels => funhouse::rooms::Barrels,
    WhackADummy => funhouse::rooms::WhackADummy,
    TrampoLand => funhouse::rooms::TrampoLand,
    LabRats => lab_rats::LabRats,
    FujiSan => fujisan::FujiSan,
    Mathrix => mathrix::Mathrix,
    PieceGaps => piece_gaps::PieceGaps,
    AngryTroll => troll::AngryTroll,
    SlidesOfAction => slides::SlidesOfAction,
    PenguinsNightOut => penguins::PenguinsNightOut,
    LiarsDice => liars::LiarsDice,
    // The score pad: not a game of pieces, but kept and changed like one.
    ScorePad => pad::ScorePad,
    // The table: who sits, in what order, whose turn; kept and changed
    // like a game so that it is journaled, undone and exported with them.
    Table => table::TheTable,
    // The guide's two example games, for the tests that hold the frame
    // to its promises (the second has a secret and a die).
    #[cfg(test)]
    Example => example::Example,
    #[cfg(test)]
    Cup => cup::UnderTheCup,
}

/// Runs generic code on one game's wing as a type (see [`Game::visit`]),
/// for what must hold a game's state as its own type: its commands, its
/// setup and its solver run inside the store's transaction on the typed
/// state, and `export` writes each state with its own type's serializer.
/// Everything else goes through [`AnyWing`] (`Game::wing()`).
pub trait Visitor {
    type Out;
    fn visit<W: Wing>(self) -> Self::Out;
}

impl Game {
    /// Why `name` is no puzzle `solve` knows, naming the nearest of
    /// every game it solves (Fuji-san and Lab Rats as well as the
    /// Funhouse rooms: `solve fuji-sna` offered only rooms, #78).
    pub fn unknown_puzzle(name: &str) -> String {
        if let Ok(room) = name.parse::<funhouse::Room>() {
            return format!("{} has nothing to solve", room.title());
        }
        let names = |solved: bool| -> Vec<&str> {
            Game::all()
                .filter(|&g| !solved || help::solve_args(g).is_some())
                .flat_map(|g| std::iter::once(g.id()).chain(g.short()))
                .collect()
        };
        // The nearest puzzle, else the nearest game (`catwlk`: Catwalk,
        // which then says it has nothing to solve).
        let mut hint = crate::suggest::hint(name, names(true));
        if hint.is_empty() {
            hint = crate::suggest::hint(name, names(false));
        }
        format!(
            "'{}' is not a puzzle tablemate solves{hint}: expected {}",
            crate::style::clip_quoted(name),
            help::solve_games()
        )
    }
}

/// A game that follows another tool's PPN files (#81): the GameType
/// names its header gives, and the game's own check of a file's moves
/// by its rules (how many, each legal, or the first thing wrong).
pub struct PpnReader {
    pub title: &'static str,
    /// GameType names, compared letters and digits only, any case.
    pub names: &'static [&'static str],
    /// The line that lays a file's game (`FILE` stands for the file).
    pub setup: &'static str,
    pub check: fn(&str) -> Result<usize, error::Misread>,
    /// The file's game as a record is made of it (`import FILE`).
    pub record: fn(&str) -> Result<PpnGame, error::Misread>,
}

/// A game read from another tool's PPN, as a record is made of it: the
/// line that lays its setup, the state that leaves, and each move as the
/// game's action with the words the journal gives it (`fuji a1-b1`).
#[derive(Debug, Clone, PartialEq)]
pub struct PpnGame {
    pub game: Game,
    pub setup: String,
    pub start: serde_json::Value,
    pub moves: Vec<(String, serde_json::Value)>,
}

/// Every game that reads PPN from other tools (each says how in its
/// own folder).
pub const PPN_READERS: &[&PpnReader] = &[
    &fujisan::ppn::READER,
    &mathrix::ppn::READER,
    &piece_gaps::ppn::READER,
];

impl PpnReader {
    /// The reader of games that `game_type` names, if tablemate has one.
    pub fn of(game_type: &str) -> Option<&'static PpnReader> {
        let folded: String = game_type
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
            .to_lowercase();
        PPN_READERS
            .iter()
            .copied()
            .find(|r| r.names.contains(&folded.as_str()))
    }
}
