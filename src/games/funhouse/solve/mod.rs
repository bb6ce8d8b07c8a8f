//! Solvers for the Funhouse rooms that are puzzles once dealt: the best
//! score a position allows and a line of play that reaches it. Pure: a
//! position in, a solution out (the dispatcher draws and saves).

pub mod barrels;
pub mod mirror;
pub mod slide_jam;
pub mod trampo;
pub mod whack;

use serde::Serializer;

use super::setup::{Cell, cell_name};

pub(crate) fn cell_ser<S: Serializer>(c: &Cell, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&cell_name(*c))
}

pub(crate) fn cells_ser<S: Serializer>(cells: &[Cell], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cells.iter().map(|c| cell_name(*c)))
}
