//! What `tally` and `fair` answer, drawn from their fields.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::Serialize;

use crate::dice::fair::Fairness;
use crate::reply::Show;
use crate::store::Tallies;
use crate::style::{Style, plural, wrap};

/// `tally EXPR clear`.
#[derive(Debug, Serialize)]
pub(super) struct Forgot {
    pub expr: String,
}

impl Show for Forgot {
    fn show(&self, _: &Style) -> String {
        format!("forgot the {} results", self.expr)
    }
}

/// `tally EXPR`: how often each total was recorded.
#[derive(Debug, Serialize)]
pub(super) struct Counts {
    pub expr: String,
    pub counts: BTreeMap<i64, u64>,
}

impl Show for Counts {
    fn show(&self, _: &Style) -> String {
        if self.counts.is_empty() {
            return format!("no {} results tallied", self.expr);
        }
        let mut text = self.expr.clone();
        for (v, n) in &self.counts {
            let _ = write!(text, "\n{v:>4}: {n}");
        }
        text
    }
}

/// `tally EXPR N N ...`: the results added, and how many there are now.
#[derive(Debug, Serialize)]
pub(super) struct Recorded {
    pub expr: String,
    pub added: Vec<i64>,
    pub total: u64,
}

impl Show for Recorded {
    fn show(&self, _: &Style) -> String {
        let n = self.added.len();
        format!(
            "recorded {n} {} result{}: {} in all (`fair {}` tests them)",
            self.expr,
            if n == 1 { "" } else { "s" },
            self.total,
            self.expr
        )
    }
}

/// `tally`: every expression with results.
impl Show for Tallies {
    fn show(&self, _: &Style) -> String {
        if self.0.is_empty() {
            return "nothing tallied: `tally d20 3 17 20` records real rolls".into();
        }
        self.0
            .iter()
            .map(|t| format!("{}: {} results", t.expr, t.counts.values().sum::<u64>()))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Where the results `fair` tests came from.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Source {
    /// Recorded with `tally`.
    Tally,
    /// tablemate's own rolls, from the roll log.
    Log,
    /// The table's own dice, read with `roll EXPR = FACES`.
    Table,
    /// Tallied, and the table's own dice.
    Both,
}

/// `fair EXPR`: the chi-square test and what it means.
#[derive(Debug, Serialize)]
pub(super) struct Fair {
    pub expr: String,
    pub source: Source,
    /// Whose rolls from the log (none: everyone's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    #[serde(flatten)]
    pub test: Fairness,
}

impl Show for Fair {
    fn show(&self, style: &Style) -> String {
        let (f, key) = (&self.test, &self.expr);
        let mut text = format!(
            "{key}: {} {} {}{}\n",
            f.rolls,
            plural(f.rolls, "result", "results"),
            match self.source {
                Source::Log => "in the roll log",
                Source::Tally => "tallied",
                Source::Table => "from the table's dice",
                Source::Both => "tallied and from the table's dice",
            },
            match &self.by {
                Some(name) => format!(", rolled by {name}"),
                None => String::new(),
            }
        );
        let verdict = if !f.impossible.is_empty() {
            format!("not fair: {key} cannot come up {:?}", f.impossible)
        } else if f.dof == 0 {
            format!(
                "too few results to test: {} more",
                if matches!(self.source, Source::Tally) {
                    "tally"
                } else {
                    "roll"
                }
            )
        } else {
            let _ = writeln!(
                text,
                "chi-square {:.2} with {} degree{} of freedom: p {}",
                f.chi_square,
                f.dof,
                if f.dof == 1 { "" } else { "s" },
                if f.p_value < 0.001 {
                    "< 0.001".to_string()
                } else {
                    format!("= {:.3}", f.p_value)
                }
            );
            verdict(f.p_value)
        };
        text.push_str(&verdict);
        if let Some(n) = f.rolls_to_notice {
            let _ = write!(
                text,
                "\nto notice the likeliest total coming up half as often again takes about {n} rolls{}",
                if n > f.rolls {
                    format!(" ({} more)", n - f.rolls)
                } else {
                    String::new()
                }
            );
        }
        text.lines()
            .map(|l| wrap(l, style.width, "  "))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// What a p-value says about the dice, in words.
fn verdict(p: f64) -> String {
    if p < 0.01 {
        let odds = if p < 1e-6 {
            "less than 1 in a million".to_string()
        } else {
            format!("about 1 in {:.0}", 1.0 / p)
        };
        format!("these results would be rare from fair dice ({odds}): the dice may be biased")
    } else if p < 0.05 {
        "somewhat unusual for fair dice; tally more before deciding".to_string()
    } else {
        "no sign of bias: results like these are common from fair dice".to_string()
    }
}
