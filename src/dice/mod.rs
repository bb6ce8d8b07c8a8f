//! Dice: the expression language (`parse`), rolling it (`roll`), and its
//! exact distribution (`dist`), plus how results are shown.

pub mod cost;
pub mod dist;
mod error;
pub mod fair;
pub mod given;
mod hints;
mod limbs;
mod lowest;
pub mod luck;
pub mod odds;
pub mod parse;
mod places;
mod plan;
mod poly;
mod residues;
pub mod roll;
pub mod show;
pub mod system;
pub mod table;

pub use dist::Dist;
pub use odds::distribution;
pub use parse::{DiceError, Faces, Roll, parse};
pub use roll::{Outcome, roll};
