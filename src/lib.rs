//! tablemate: a companion for games played with real pieces.
//!
//! The library holds everything but the terminal: pieces and notation, the
//! seeded generator, decks, dice, games, rendering and persisted state. It
//! never prints and never reads the environment; `main.rs` does both.

pub mod app;
pub mod cli;
pub mod command;
pub mod deal;
pub mod deck;
pub mod dice;
pub mod games;
pub mod layout;
pub mod luck;
pub mod names;
pub mod own_file;
pub mod people;
pub mod pieces;
pub mod plays;
pub mod ppn_file;
pub mod prose;
pub mod random;
pub mod ratings;
pub mod render;
pub mod reply;
pub mod roll_log;
pub mod rules;
pub mod secret_roll;
pub mod serve;
pub mod sheet;
pub mod store;
pub mod style;
pub mod suggest;
pub mod visible;

pub use app::{App, AppError, Reply};
/// Ctrl-C's flag, which the dice engine's long loops look at.
pub use tablemate_dice::cancel;

/// How many cases a proof test checks (issue #76): `small` in every
/// `cargo test`, sized so each test takes seconds unoptimised; `full`
/// when `TABLEMATE_FULL_PROOFS` is set, the measured sample its comment
/// states (`TABLEMATE_FULL_PROOFS=1 cargo test --profile profiling --lib`).
#[cfg(test)]
pub(crate) fn proof_sample(small: usize, full: usize) -> usize {
    if full_proofs() { full } else { small }
}

/// Whether this run takes the full samples (`TABLEMATE_FULL_PROOFS`).
#[cfg(test)]
pub(crate) fn full_proofs() -> bool {
    std::env::var_os("TABLEMATE_FULL_PROOFS").is_some()
}
