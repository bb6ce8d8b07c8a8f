//! `tally` and `fair`: results of real dice recorded, and tested against
//! the exact odds (the test itself is `dice::fair`).

use std::collections::BTreeMap;

use super::{App, AppError, Reply, Result, invalid};
use crate::dice;
use crate::store::{self, Part, PartDoc, Tallies};

mod replies;
use replies::{Counts, Fair, Forgot, Recorded, Source};

/// Most results one `tally` line records.
const MAX_RESULTS: usize = 10_000;

impl App {
    pub(super) fn tally(&mut self, words: &[String]) -> Result<Reply> {
        let Some((expr, values)) = words.split_first() else {
            return self.tally_list();
        };
        let roll = dice::parse(expr)?;
        let key = roll.key();
        if let [w] = values
            && w.eq_ignore_ascii_case("clear")
        {
            self.store.change(Part::Tally, |c| {
                let mut all = store::tallies(c)?;
                all.0.retain(|t| t.expr != key);
                all.write(c)?;
                Ok::<_, AppError>(((), Some(format!("tally {key} clear"))))
            })?;
            return Ok(Reply::new("tally", Forgot { expr: key }));
        }
        if values.is_empty() {
            let all: Tallies = self
                .store
                .read(|c| store::tallies(c).map_err(AppError::from))?;
            let counts = all.get(&key).map(|t| t.counts.clone()).unwrap_or_default();
            return Ok(Reply::new("tally", Counts { expr: key, counts }));
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
        Ok(Reply::new(
            "tally",
            Recorded {
                expr: key,
                added: given,
                total,
            },
        ))
    }

    fn tally_list(&mut self) -> Result<Reply> {
        let all: Tallies = self
            .store
            .read(|c| store::tallies(c).map_err(AppError::from))?;
        Ok(Reply::new("tally", all))
    }

    /// `fair EXPR`: the tallied results tested; with `logged`, the rolls
    /// in the roll log instead (a check of the generator, or of a saved
    /// roll's use over an evening).
    pub(super) fn fair(&mut self, expr: &str, logged: bool) -> Result<Reply> {
        let roll = dice::parse(expr)?;
        let key = roll.key();
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
        let source = if logged { Source::Log } else { Source::Tally };
        let test = dice::fair::test(&dist, &counts);
        let mut reply = Reply::new(
            "fair",
            Fair {
                expr: key,
                source,
                test,
            },
        );
        // Rolls from the log are only as good as the log: say whether its
        // chain holds.
        if logged && let Ok(v) = crate::roll_log::verify(self.store.dir()) {
            let said = match &v.broken {
                None if v.linked == v.entries => {
                    "(from an intact roll log: `log verify` finds every link)".to_string()
                }
                None => format!(
                    "(from the roll log: {} of its {} rolls are linked, and their links hold)",
                    v.linked, v.entries
                ),
                Some(b) => format!(
                    "(the roll log is NOT intact from entry {}: `log verify` says more)",
                    b.entry
                ),
            };
            reply
                .after
                .push(crate::style::wrap(&said, self.style.width, "  "));
            reply
                .fields
                .push(("log_intact", serde_json::Value::from(v.broken.is_none())));
        }
        Ok(reply)
    }
}

/// How often each total came up in the logged rolls of `key`.
fn logged_counts(dir: &std::path::Path, key: &str) -> Result<BTreeMap<i64, u64>> {
    let log = crate::roll_log::read(dir)
        .map_err(|e| invalid(format!("the roll log could not be read: {e}")))?;
    let mut counts = BTreeMap::new();
    for e in crate::roll_log::rolls_of(log.entries, key) {
        for t in e.totals {
            *counts.entry(t).or_insert(0u64) += 1;
        }
    }
    Ok(counts)
}
