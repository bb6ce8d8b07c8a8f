//! What every graded game shares (issue #49): the four levels, the `level=`
//! setting that asks for one, and the one number a grade's measures make.
//! Each game measures its own deals, in a `grade` module of its folder,
//! and sets its own quartiles, so that each level holds about a quarter
//! of its deals.

use serde::Serialize;

use super::args::{Arg, Type};
use super::error::GameError;

/// A deal's level, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The level a word names (any case).
    pub fn named(word: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(word))
    }

    /// The level of `points` against a game's quartiles: at or below the
    /// first easy, then medium, hard, and above the third expert.
    pub fn of(points: u32, quartiles: [u32; 3]) -> Level {
        match quartiles.iter().position(|&t| points <= t) {
            Some(0) => Level::Easy,
            Some(1) => Level::Medium,
            Some(_) => Level::Hard,
            None => Level::Expert,
        }
    }
}

/// `level=`: deal until the deal grades this hard.
pub const LEVEL: Arg = Arg {
    key: "level",
    ty: Type::OneOf(&["easy", "medium", "hard", "expert"]),
    help: "deal until the deal grades this hard",
};

/// Deals tried for a level before giving up: each level holds about a
/// quarter of deals, so 60 fail about once in 30 million.
pub const LEVEL_TRIES: usize = 60;

/// `setup GAME level=L`: `deal` a fresh deal and its level (`None`: it
/// has none) until one is `level`, at most `LEVEL_TRIES` times; `more`
/// ends the refusal when none is (what was dealt again, say).
pub fn deal_until<T>(
    level: &str,
    more: &str,
    deal: impl FnMut() -> Result<Option<(T, Level)>, GameError>,
) -> Result<T, GameError> {
    deal_within(level, more, LEVEL_TRIES, deal)
}

/// [`deal_until`] for a game most of whose deals have no level (a
/// solitaire that can seldom be won): at most `tries` deals.
pub fn deal_within<T>(
    level: &str,
    more: &str,
    tries: usize,
    mut deal: impl FnMut() -> Result<Option<(T, Level)>, GameError>,
) -> Result<T, GameError> {
    let wanted = Level::named(level).ok_or_else(|| {
        GameError::word(format!(
            "'level={level}': a level is easy, medium, hard or expert"
        ))
    })?;
    for _ in 0..tries {
        if let Some((dealt, got)) = deal()?
            && got == wanted
        {
            return Ok(dealt);
        }
    }
    Err(GameError::rule(format!(
        "no {level} deal found in {tries} tries{more}; try again"
    )))
}

/// Where a grade was taken: "as dealt", or "after 3 moves" (`one` and
/// `many` name what was made: moves, coins).
pub fn graded_from(made: usize, one: &'static str, many: &'static str) -> String {
    if made == 0 {
        "as dealt".to_string()
    } else {
        format!(
            "after {made} {}",
            crate::style::plural(made as u64, one, many)
        )
    }
}

/// How a winning line keeps its win, from each step's choices that keep
/// it and all its choices: the average share that keep it (1 for a line
/// of no steps), and the narrow steps (a third or fewer keep it).
pub fn keeping(steps: impl IntoIterator<Item = (usize, usize)>) -> (f64, usize) {
    let (mut share, mut narrow, mut n) = (0.0, 0, 0);
    for (keep, of) in steps {
        share += keep as f64 / of.max(1) as f64;
        narrow += usize::from(3 * keep <= of);
        n += 1;
    }
    (if n == 0 { 1.0 } else { share / n as f64 }, narrow)
}

/// The measures as one number, 0 to 100: a narrow path (`keeping`, the
/// share of moves along the best line that keep the best) and rare luck
/// (`random`, the share of random lines that reach it) weigh 40 each,
/// the best line's length 20 (a line of `full` moves or more counts in
/// full).
pub fn points(keeping: f64, random: f64, length: usize, full: usize) -> u32 {
    let long = (length.min(full) as f64) / full as f64;
    let p = 40.0 * (1.0 - keeping) + 40.0 * (1.0 - random) + 20.0 * long;
    p.round().clamp(0.0, 100.0) as u32
}

/// The points where par itself is part of what a level promises (the
/// puzzle rooms with a par, #61): the three measures of [`points`] weigh three
/// quarters, and how good par is (`reach`, 1 at a good par of the room,
/// 0 at a bad one) the last quarter. An easy deal is then both forgiving
/// and one that scores well.
pub fn points_with_par(keeping: f64, random: f64, length: usize, full: usize, reach: f64) -> u32 {
    let long = (length.min(full) as f64) / full as f64;
    let p = 30.0 * (1.0 - keeping) + 30.0 * (1.0 - random) + 15.0 * long + 25.0 * (1.0 - reach);
    p.round().clamp(0.0, 100.0) as u32
}

/// The promise a room's quartiles make, checked on a measured sample:
/// each level holds about a quarter of the deals. On a full sample (200
/// or more, `TABLEMATE_FULL_PROOFS=1`) each holds 10% to 40% (where
/// many deals share a number, as in Whack-a-Dummy and Trampo-Land, no
/// bounds split them nearer: 14.5% and 38% at worst); on the
/// small one the tests run every time (a dozen or two), each holds at
/// least one deal and none more than half.
#[cfg(test)]
pub(crate) fn assert_quarters(what: &str, points: &[u32], quartiles: [u32; 3]) {
    let mut counts = [0usize; 4];
    for &p in points {
        counts[Level::of(p, quartiles) as usize] += 1;
    }
    let n = points.len() as f64;
    let (low, high) = if points.len() >= 200 {
        (0.10, 0.40)
    } else {
        (0.5 / n, 0.5)
    };
    for (level, &count) in Level::ALL.iter().zip(&counts) {
        let share = count as f64 / n;
        assert!(
            (low..=high).contains(&share),
            "{what}: {} holds {count} of {n} deals by quartiles {quartiles:?} ({counts:?})",
            level.name()
        );
    }
}

/// A solitaire's quartiles held to the points of its winnable deals
/// measured again: about a quarter at each level ([`assert_quarters`]),
/// and on a full sample (`TABLEMATE_FULL_PROOFS=1`) the very quartiles.
#[cfg(test)]
pub(crate) fn assert_measured(what: &str, points: &[u32], quartiles: [u32; 3]) {
    let mut sorted = points.to_vec();
    sorted.sort();
    let q = |f: usize| sorted[sorted.len() * f / 4];
    println!(
        "{what}: {} winnable, quartiles {} {} {}",
        sorted.len(),
        q(1),
        q(2),
        q(3)
    );
    assert_quarters(what, points, quartiles);
    if crate::full_proofs() {
        assert_eq!([q(1), q(2), q(3)], quartiles, "{what}");
    }
}

/// Averages by level, easiest first, that must fall (`falling`) or rise
/// level by level: how the levels hold apart.
#[cfg(test)]
pub(crate) fn assert_apart(what: &str, by_level: &[f64], falling: bool) {
    for w in by_level.windows(2) {
        let apart = if falling { w[1] < w[0] } else { w[1] > w[0] };
        assert!(apart, "{what} by level: {by_level:?}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_weigh_narrow_paths_luck_and_length() {
        assert_eq!(points(1.0, 1.0, 0, 16), 0);
        assert_eq!(points(0.0, 0.0, 16, 16), 100);
        assert_eq!(points(0.0, 0.0, 30, 16), 100);
        assert_eq!(points(0.5, 0.5, 8, 16), 50);
        assert_eq!(points(0.5, 0.5, 12, 24), 50);
        assert_eq!(points_with_par(1.0, 1.0, 0, 16, 1.0), 0);
        assert_eq!(points_with_par(1.0, 1.0, 0, 16, 0.0), 25);
        assert_eq!(points_with_par(0.0, 0.0, 16, 16, 0.0), 100);
        assert_eq!(points_with_par(0.5, 0.5, 8, 16, 0.5), 50);
        assert_eq!(Level::of(0, [47, 49, 51]), Level::Easy);
        assert_eq!(Level::of(47, [47, 49, 51]), Level::Easy);
        assert_eq!(Level::of(48, [47, 49, 51]), Level::Medium);
        assert_eq!(Level::of(51, [47, 49, 51]), Level::Hard);
        assert_eq!(Level::of(100, [47, 49, 51]), Level::Expert);
        assert_eq!(Level::named("Hard"), Some(Level::Hard));
        assert_eq!(Level::named("tricky"), None);
        assert_eq!(graded_from(0, "move", "moves"), "as dealt");
        assert_eq!(graded_from(1, "coin", "coins"), "after 1 coin");
        assert_eq!(graded_from(3, "move", "moves"), "after 3 moves");
    }
}
