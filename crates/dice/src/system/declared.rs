//! A system a rule file declares in its `dice:` list, of either sort: a
//! total read in words (`house`) or symbol dice (`symbols`).

use super::house::{House, HouseRoll};
use super::symbols::{SymbolDice, SymbolRoll};
use crate::DiceError;

/// A system a rule file declares: a total read in words, or symbol dice
/// (`symbols`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Declared {
    Total(Box<House>),
    Symbols(SymbolDice),
}

/// One roll of a declared system, as its line asks.
#[derive(Debug, Clone)]
pub enum DeclaredRoll {
    Total(Box<HouseRoll>),
    Symbols(SymbolRoll),
}

impl Declared {
    /// The roll a line asks of this system, or why the line is not one;
    /// `None` if the line names another.
    pub fn read_line(&self, line: &str) -> Option<Result<DeclaredRoll, DiceError>> {
        match self {
            Declared::Total(h) => h
                .read_line(line)
                .map(|r| r.map(|r| DeclaredRoll::Total(Box::new(r)))),
            Declared::Symbols(s) => s.read_line(line).map(|r| r.map(DeclaredRoll::Symbols)),
        }
    }
}
