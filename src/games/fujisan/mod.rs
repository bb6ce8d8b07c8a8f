//! Fuji-san (James Kyle, 2004, public domain): four priests climb a
//! two-row mountain of coins to its summit. A solitaire, solved exactly.

mod diagram;
pub mod grade;
pub mod mountain;
pub mod play;
pub mod ppn;
mod show;
pub mod solve;
mod wing;

pub use wing::FujiSan;
