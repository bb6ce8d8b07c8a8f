//! Mathrix (Clark D. Rodeffer, 2004; GFDL 1.1, re-licensed CC BY 4.0): 24
//! coins in a grid of four by six, taken one at a time by the equations
//! their strings make, until one is left. A solitaire, solved exactly.

mod diagram;
pub mod fewest;
pub mod grade;
pub mod grid;
pub mod plain;
pub mod play;
pub mod ppn;
mod show;
pub mod solve;
pub mod sums;
mod wing;

pub use wing::Mathrix;
