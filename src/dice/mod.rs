//! Dice. The engine (the expression language, rolling, exact odds, the
//! cost model, the systems of rule files) is a crate of its own,
//! `tablemate-dice` in `crates/dice`, which knows nothing of games,
//! stores or screens; this module is it, plus how its results are shown
//! (`show`: text at the table's width and colours, and JSON).

pub use tablemate_dice::*;

pub mod show;
