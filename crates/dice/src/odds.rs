//! The exact odds of a roll within a budget: the cost model (`cost`) is
//! asked what an answer will take before any arithmetic (`dist`) is done,
//! and refuses, in words, what it could not finish. Every way to an
//! answer goes through here, so nothing starts that the budget refuses.

use super::cost;
use super::dist::{self, Dist, Margin, refused};
use super::parse::{DiceError, Roll};

/// For a comparison (`1d20+5 >= 15`), how its margin (the left side less
/// the right) falls; `None` for a roll with no comparison.
pub fn margin(r: &Roll, seconds: f64) -> Result<Option<Margin>, DiceError> {
    if r.compare.is_none() {
        return Ok(None);
    }
    cost::check(r, seconds).map_err(|why| refused(r, why))?;
    dist::margin_of(r)
}

/// The exact distribution of one roll of `r` (one of its repeats), if it
/// can be worked out within the time budget.
pub fn distribution(r: &Roll) -> Result<Dist, DiceError> {
    exact(r, cost::TIME_BUDGET)
}

/// `distribution`, refused past about `seconds` of work.
pub fn exact(r: &Roll, seconds: f64) -> Result<Dist, DiceError> {
    cost::check(r, seconds).map_err(|why| refused(r, why))?;
    dist::worked_out(r)
}

/// Whether `--json prob` may list every total of `r` (see
/// `cost::check_listing`).
pub fn listable(r: &Roll, seconds: f64) -> Result<(), DiceError> {
    cost::check_listing(r).map_err(|why| refused(r, why))?;
    // The fractions take as long to write as to work out.
    cost::check_json(r, seconds)
        .map(|_| ())
        .map_err(|why| refused(r, why))
}
