//! tablemate's dice engine: the expression language (`parse`), rolling
//! it from a seeded generator (`roll`, `random`), its exact distribution
//! (`dist`, `odds`) within a cost budget (`cost`), the table's own dice
//! read back (`given`), luck and fairness (`luck`, `fair`) and the dice
//! systems of rule files (`system`). It knows nothing of games, stores or
//! screens: how results are shown is the program's (`tablemate::dice::show`).
//!
//! ```
//! use tablemate_dice::{distribution, parse, roll, random::TableRng};
//!
//! let two_d6 = parse("2d6").unwrap();
//! let d = distribution(&two_d6).unwrap();
//! assert_eq!(d.min(), Some(2));
//! assert_eq!(d.max(), Some(12));
//! let mut rng = TableRng::new(1);
//! let o = roll(&two_d6, &mut rng).unwrap();
//! assert!((2..=12).contains(&o.total));
//! ```

pub mod cancel;
pub mod cost;
pub mod dist;
mod error;
pub mod fair;
pub mod given;
mod hints;
mod limbs;
pub mod lowest;
pub mod luck;
pub mod odds;
pub mod parse;
mod places;
pub mod plan;
mod poly;
pub mod random;
mod residues;
pub mod roll;
pub mod system;
pub mod table;

/// The README's example is a test too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

pub use dist::Dist;
pub use odds::distribution;
pub use parse::{DiceError, Faces, Roll, parse};
pub use roll::{Outcome, roll};
