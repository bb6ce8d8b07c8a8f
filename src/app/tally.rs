//! `tally` and `fair`: results of real dice recorded, and tested against
//! the exact odds (the test itself is `dice::fair`).

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::json;

use super::{App, AppError, Reply, Result, invalid};
use crate::dice;
use crate::store::{self, Part, PartDoc, Tallies};

/// Most results one `tally` line records.
const MAX_RESULTS: usize = 10_000;

impl App {
    pub(super) fn tally(&mut self, words: &[String]) -> Result<Reply> {
        let Some((expr, values)) = words.split_first() else {
            return self.tally_list();
        };
        let roll = dice::parse(expr)?;
        let key = key_of(&roll);
        if let [w] = values
            && w.eq_ignore_ascii_case("clear")
        {
            self.store.change(Part::Tally, |c| {
                let mut all = store::tallies(c)?;
                all.0.retain(|t| t.expr != key);
                all.write(c)?;
                Ok::<_, AppError>(((), Some(format!("tally {key} clear"))))
            })?;
            return Ok(super::drawn(
                "tally",
                format!("forgot the {key} results"),
                json!({"expr": key}),
            ));
        }
        if values.is_empty() {
            let all: Tallies = self
                .store
                .read(|c| store::tallies(c).map_err(AppError::from))?;
            let counts = all.get(&key).map(|t| t.counts.clone()).unwrap_or_default();
            return Ok(counts_reply(&key, &counts));
        }
        if values.len() > MAX_RESULTS {
            return Err(invalid(format!(
                "{} results in one line: at most {MAX_RESULTS}",
                values.len()
            )));
        }
        let dist = dice::distribution(&roll)?;
        let mut given = Vec::new();
        for v in values {
            let n: i64 = v.parse().map_err(|_| {
                invalid(format!(
                    "'{v}' is not a result: write whole numbers, like tally d20 3 17 20"
                ))
            })?;
            if !dist.weights.contains_key(&n) {
                return Err(invalid(format!("'{v}': {key} cannot come up {n}")));
            }
            given.push(n);
        }
        let counts = self.store.change(Part::Tally, |c| {
            let mut all = store::tallies(c)?;
            let at = match all.0.iter().position(|t| t.expr == key) {
                Some(i) => i,
                None => {
                    all.0.push(store::rolls_tally(&key));
                    all.0.len() - 1
                }
            };
            for &n in &given {
                *all.0[at].counts.entry(n).or_default() += 1;
            }
            let counts = all.0[at].counts.clone();
            all.write(c)?;
            Ok::<_, AppError>((
                counts,
                Some(format!("tally {key} ({} results)", given.len())),
            ))
        })?;
        let total: u64 = counts.values().sum();
        Ok(super::drawn(
            "tally",
            format!(
                "recorded {} {key} result{}: {total} in all (`fair {key}` tests them)",
                given.len(),
                if given.len() == 1 { "" } else { "s" }
            ),
            json!({"expr": key, "added": given, "total": total}),
        ))
    }

    fn tally_list(&mut self) -> Result<Reply> {
        let all: Tallies = self
            .store
            .read(|c| store::tallies(c).map_err(AppError::from))?;
        if all.0.is_empty() {
            return Ok(super::drawn(
                "tally",
                "nothing tallied: `tally d20 3 17 20` records real rolls".into(),
                json!([]),
            ));
        }
        let text = all
            .0
            .iter()
            .map(|t| format!("{}: {} results", t.expr, t.counts.values().sum::<u64>()))
            .collect::<Vec<_>>()
            .join("\n");
        Ok(super::drawn("tally", text, json!(all)))
    }

    /// `fair EXPR`: the tallied results tested; with `logged`, the rolls
    /// in the roll log instead (a check of the generator, or of a saved
    /// roll's use over an evening).
    pub(super) fn fair(&mut self, expr: &str, logged: bool) -> Result<Reply> {
        let roll = dice::parse(expr)?;
        let key = key_of(&roll);
        let counts = if logged {
            let counts = logged_counts(self.store.dir(), &key)?;
            if counts.is_empty() {
                return Err(invalid(format!(
                    "no {key} rolls in the log: `roll {key}` adds them (`log` lists the log)"
                )));
            }
            counts
        } else {
            let all: Tallies = self
                .store
                .read(|c| store::tallies(c).map_err(AppError::from))?;
            let counts = all.get(&key).map(|t| t.counts.clone()).unwrap_or_default();
            if counts.is_empty() {
                return Err(invalid(format!(
                    "no {key} results tallied: `tally {key} 3 17 20 ...` records them (`fair {key} --log` tests tablemate's own rolls)"
                )));
            }
            counts
        };
        let dist = dice::distribution(&roll)?;
        let f = dice::fair::test(&dist, &counts);
        let mut text = format!(
            "{key}: {} {} {}\n",
            f.rolls,
            crate::style::plural(f.rolls, "result", "results"),
            if logged { "in the roll log" } else { "tallied" }
        );
        let verdict = if !f.impossible.is_empty() {
            format!("not fair: {key} cannot come up {:?}", f.impossible)
        } else if f.dof == 0 {
            format!(
                "too few results to test: {} more",
                if logged { "roll" } else { "tally" }
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
            if f.p_value < 0.01 {
                let odds = if f.p_value < 1e-6 {
                    "less than 1 in a million".to_string()
                } else {
                    format!("about 1 in {:.0}", 1.0 / f.p_value)
                };
                format!(
                    "these results would be rare from fair dice ({odds}): the dice may be biased"
                )
            } else if f.p_value < 0.05 {
                "somewhat unusual for fair dice; tally more before deciding".to_string()
            } else {
                "no sign of bias: results like these are common from fair dice".to_string()
            }
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
        let text = text
            .lines()
            .map(|l| crate::style::wrap(l, self.style.width, "  "))
            .collect::<Vec<_>>()
            .join("\n");
        Ok(super::drawn(
            "fair",
            text,
            json!({"expr": key, "source": if logged { "log" } else { "tally" },
                   "rolls": f.rolls, "chi_square": f.chi_square, "dof": f.dof,
                   "p_value": f.p_value, "impossible": f.impossible, "rolls_to_notice": f.rolls_to_notice}),
        ))
    }
}

/// The name a tally is kept under: the expression as parsed (without
/// repeats), lower case, `1d20` written `d20` (so both find the same
/// results).
pub(super) fn key_of(roll: &dice::Roll) -> String {
    let s = roll.body.to_ascii_lowercase();
    match s.strip_prefix('1') {
        Some(rest) if rest.starts_with('d') || rest.starts_with("pp") => rest.to_string(),
        _ => s,
    }
}

/// How often each total came up in the logged rolls of `key`.
fn logged_counts(dir: &std::path::Path, key: &str) -> Result<BTreeMap<i64, u64>> {
    let (entries, _) = crate::roll_log::read(dir)
        .map_err(|e| invalid(format!("the roll log could not be read: {e}")))?;
    let mut counts = BTreeMap::new();
    for e in super::log::rolls_of(entries, key) {
        for t in e.totals {
            *counts.entry(t).or_insert(0u64) += 1;
        }
    }
    Ok(counts)
}

fn counts_reply(key: &str, counts: &BTreeMap<i64, u64>) -> Reply {
    if counts.is_empty() {
        return super::drawn(
            "tally",
            format!("no {key} results tallied"),
            json!({"expr": key, "counts": {}}),
        );
    }
    let text = counts
        .iter()
        .map(|(v, n)| format!("{v:>4}: {n}"))
        .collect::<Vec<_>>()
        .join("\n");
    super::drawn(
        "tally",
        format!("{key}\n{text}"),
        json!({"expr": key, "counts": counts}),
    )
}
