//! The evening's luck, from the roll log: where the sum of each
//! person's rolls falls among all the sums the same rolls could make, and
//! the count of their checks passed among all the counts (the arithmetic
//! is `dice::luck`), tablemate's dice and the table's own apart. `luck`
//! answers with it and the shared screen draws it.
//!
//! Higher is luckier: our reading, since a roll-under system would say
//! the opposite (the guide says so).

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use crate::dice::luck::{Pmf, Standing, standing, sum_of};
use crate::dice::{self, dist};
use crate::roll_log::{self, Entry};

/// Seconds of work one expression's odds may take; past it the roll is
/// left out, and said to be.
const ODDS_BUDGET: f64 = 0.25;

/// The stretch of the log `luck` weighs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "span")]
pub enum Span {
    /// Since `players` last seated the table (`since`, seconds since
    /// 1970; none: the journal no longer remembers, so the whole log).
    Evening {
        since: Option<u64>,
    },
    All,
    /// From one UTC day to another, both included.
    Days {
        from: String,
        to: String,
    },
}

impl Span {
    pub fn holds(&self, e: &Entry) -> bool {
        match self {
            Span::Evening { since } => since.is_none_or(|s| e.at >= s),
            Span::All => true,
            Span::Days { from, to } => {
                let day = roll_log::day_of(e.at);
                day.as_str() >= from.as_str() && day.as_str() <= to.as_str()
            }
        }
    }

    pub fn words(&self, now: u64) -> String {
        match self {
            Span::Evening { since: Some(s) } => {
                format!("since the table sat down ({})", roll_log::ago(*s, now))
            }
            Span::Evening { since: None } | Span::All => "over the whole roll log".into(),
            Span::Days { from, to } if from == to => format!("on {from}"),
            Span::Days { from, to } => format!("from {from} to {to}"),
        }
    }

    /// What the same rolls made again are called.
    pub fn runs(&self) -> &'static str {
        match self {
            Span::Evening { .. } => "evenings",
            Span::Days { from, to } if from == to => "evenings",
            _ => "runs",
        }
    }
}

/// Whose dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dice {
    Tablemate,
    Table,
}

impl Dice {
    pub fn words(self) -> &'static str {
        match self {
            Dice::Tablemate => "tablemate's dice",
            Dice::Table => "the table's dice",
        }
    }
}

/// One measure of one person's luck.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Measure {
    /// Rolls (for totals) or checks weighed.
    pub rolls: usize,
    /// The sum of their totals, or the checks passed.
    pub observed: i64,
    pub expected: f64,
    /// The chance of less, and of exactly this.
    pub below: f64,
    pub at: f64,
    /// `below + at / 2`: the share of runs this beat, ties half.
    pub percentile: f64,
}

impl Measure {
    fn new(rolls: usize, observed: i64, sum: &Pmf) -> Measure {
        let Standing { below, at } = standing(sum, observed);
        Measure {
            rolls,
            observed,
            expected: sum.mean(),
            below,
            at,
            percentile: below + at / 2.0,
        }
    }

    pub fn standing(&self) -> Standing {
        Standing {
            below: self.below,
            at: self.at,
        }
    }
}

/// One person's luck with one kind of dice.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    pub person: String,
    pub dice: Dice,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub totals: Option<Measure>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checks: Option<Measure>,
}

/// Rolls not weighed, and why.
#[derive(Debug, Clone, Serialize)]
pub struct LeftOut {
    pub why: &'static str,
    pub rolls: usize,
    /// The expressions, each once, in the order met.
    pub exprs: Vec<String>,
}

/// Each person's luck, and what could not be weighed.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Weighed {
    pub rows: Vec<Row>,
    pub left_out: Vec<LeftOut>,
    /// Rolls that name no one (`roll 2d6` with no one's turn).
    pub unnamed: usize,
}

/// What the rolls of one person with one kind of dice add up to so far.
#[derive(Default)]
struct Tally {
    /// Totals by expression: how many, and their sum.
    totals: BTreeMap<String, (u64, i64)>,
    /// Checks by expression: how many, and how many passed.
    checks: BTreeMap<String, (u64, i64)>,
}

/// Weigh each of `people`'s rolls among `entries` (the log's lines, in
/// order): a row for each person and kind of dice they rolled, what was
/// left out, and how many rolls named no one.
pub fn weigh(entries: &[Entry], people: &[String]) -> Weighed {
    let mut tallies: BTreeMap<(usize, Dice), Tally> = BTreeMap::new();
    let mut left: Vec<LeftOut> = Vec::new();
    let mut leave = |why: &'static str, expr: &str| {
        let at = match left.iter().position(|l| l.why == why) {
            Some(i) => i,
            None => {
                left.push(LeftOut {
                    why,
                    rolls: 0,
                    exprs: Vec::new(),
                });
                left.len() - 1
            }
        };
        left[at].rolls += 1;
        if !left[at].exprs.iter().any(|x| x == expr) {
            left[at].exprs.push(expr.to_string());
        }
    };
    let mut unnamed = 0;
    for e in entries {
        // A secret roll is weighed when revealed (its reveal's line).
        if e.secret.is_some() {
            continue;
        }
        let Some(by) = &e.by else {
            unnamed += 1;
            continue;
        };
        let Some(who) = people.iter().position(|p| same_person(p, by)) else {
            continue;
        };
        let dice = if e.faces.is_some() {
            Dice::Table
        } else {
            Dice::Tablemate
        };
        if dice::system::System::parse(&e.expr).is_some() {
            leave(
                "a game system's roll (its words have no one scale)",
                &e.expr,
            );
            continue;
        }
        let Ok(roll) = dice::parse(&e.expr) else {
            leave("no roll tablemate reads (a rule file's dice?)", &e.expr);
            continue;
        };
        let tally = tallies.entry((who, dice)).or_default();
        if roll.compare.is_some() {
            match (e.repeats, passed(&e.shown)) {
                (1, Some(pass)) => {
                    let c = tally.checks.entry(e.expr.clone()).or_default();
                    c.0 += 1;
                    c.1 += i64::from(pass);
                }
                _ => leave("a repeated check (only its first is shown)", &e.expr),
            }
        } else {
            let t = tally.totals.entry(e.expr.clone()).or_default();
            t.0 += e.totals.len() as u64;
            t.1 += e.totals.iter().sum::<i64>();
        }
    }
    // Each expression's odds once, however many rolls of it.
    let mut odds: HashMap<String, Option<Pmf>> = HashMap::new();
    let mut rows = Vec::new();
    for ((who, dice), tally) in tallies {
        let mut measure = |kind: &BTreeMap<String, (u64, i64)>,
                           checks: bool,
                           left: &mut Vec<(String, u64)>|
         -> Option<Measure> {
            let mut parts = Vec::new();
            let (mut rolls, mut observed) = (0usize, 0i64);
            for (expr, &(n, sum)) in kind {
                let pmf = odds
                    .entry(format!("{checks} {expr}"))
                    .or_insert_with(|| odds_of(expr, checks));
                match pmf {
                    Some(p) => {
                        parts.push(p.times(n));
                        rolls += n as usize;
                        observed += sum;
                    }
                    None => left.push((expr.clone(), n)),
                }
            }
            (rolls > 0).then(|| Measure::new(rolls, observed, &sum_of(parts)))
        };
        let mut too_wide = Vec::new();
        let totals = measure(&tally.totals, false, &mut too_wide);
        let checks = measure(&tally.checks, true, &mut too_wide);
        for (expr, n) in too_wide {
            for _ in 0..n {
                leave("too wide to work out in time", &expr);
            }
        }
        if totals.is_some() || checks.is_some() {
            rows.push(Row {
                person: people[who].clone(),
                dice,
                totals,
                checks,
            });
        }
    }
    Weighed {
        rows,
        left_out: left,
        unnamed,
    }
}

/// Everyone the log names, in the order first met (any case or accents
/// one person).
pub fn named_in(entries: &[Entry]) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for e in entries {
        if let Some(by) = &e.by
            && !seen.iter().any(|s| same_person(s, by))
        {
            seen.push(by.clone());
        }
    }
    seen
}

/// Whether two names (as logged) are one person's: any case or accents.
fn same_person(a: &str, b: &str) -> bool {
    crate::people::folded(a) == crate::people::folded(b)
}

/// Whether a logged check passed, from the words it was shown with.
fn passed(shown: &str) -> Option<bool> {
    let pass = shown.rfind(": pass");
    let fail = shown.rfind(": fail").or_else(|| shown.rfind(": tie"));
    match (pass, fail) {
        (Some(p), Some(f)) => Some(p > f),
        (Some(_), None) => Some(true),
        (None, Some(_)) => Some(false),
        (None, None) => None,
    }
}

/// One roll's odds: its totals, or for a check its chance to pass as a
/// 0-or-1 count. `None` where they cannot be worked out in time.
fn odds_of(expr: &str, check: bool) -> Option<Pmf> {
    let roll = dice::parse(expr).ok()?;
    if check {
        let (cmp, _) = roll.compare.as_ref()?;
        let margin = dice::odds::margin(&roll, ODDS_BUDGET).ok()??;
        let (num, den) = margin.chance(|sign| cmp.passes(sign));
        return Some(Pmf::check(dist::prob_f64(&num, &den)));
    }
    Pmf::of(&dice::odds::exact(&roll, ODDS_BUDGET).ok()?)
}

#[cfg(test)]
mod tests {
    use super::passed;

    #[test]
    fn a_check_s_words_say_whether_it_passed() {
        assert_eq!(passed("1d20 [12] + 5 = 17 >= 15: pass by 2"), Some(true));
        assert_eq!(passed("1d20 [2] + 5 = 7 >= 15: fail by 8"), Some(false));
        assert_eq!(passed("2d6 [3, 4] = 7"), None);
    }
}
