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
    pub(super) fn fair(&mut self, words: &[String], logged: bool) -> Result<Reply> {
        // An option mistyped is no person's name (`--lgo`).
        if let Some(w) = words.iter().find(|w| w.starts_with("--")) {
            return Err(invalid(format!(
                "'{}' is not an option of fair{}: fair EXPR [--log] [NAME]",
                crate::style::clip_quoted(w),
                crate::suggest::hint(w, ["--log"])
            )));
        }
        // From the log, a last word that is no part of the dice names whose
        // rolls (`fair 2d6 --log ben`; `fair --log ben`: the dice ben
        // rolled most).
        let (expr, by) = who_rolled(words);
        let expr = match (&by, expr.is_empty()) {
            (Some(name), true) => most_rolled(self.store.dir(), name)?,
            _ => expr,
        };
        let roll = dice::parse(&expr)?;
        let key = roll.key();
        let mut source = Source::Log;
        let counts = if logged {
            let counts = logged_counts(self.store.dir(), &key, by.as_deref())?;
            if counts.is_empty() {
                return Err(invalid(match &by {
                    None => format!(
                        "no {key} rolls in the log: `roll {key}` adds them (`log` lists the log)"
                    ),
                    Some(name) => format!(
                        "no {key} rolls by {name} in the log: `roll {key} as {name}` adds them (`log {name}` lists theirs)"
                    ),
                }));
            }
            counts
        } else {
            // Tallies are the table's, not a person's.
            let tallied = match &by {
                None => self
                    .store
                    .read(|c| store::tallies(c).map_err(AppError::from))?
                    .get(&key)
                    .map(|t| t.counts.clone())
                    .unwrap_or_default(),
                Some(_) => BTreeMap::new(),
            };
            let table = table_counts(self.store.dir(), &roll, by.as_deref())?;
            source = match (tallied.is_empty(), table.is_empty()) {
                (false, true) => Source::Tally,
                (true, false) => Source::Table,
                (false, false) => Source::Both,
                (true, true) => {
                    return Err(invalid(match &by {
                        None => format!(
                            "no {key} results tallied or rolled on the table's dice: `tally {key} 3 17 20 ...` or `roll {key} = …` (the faces shown) records them (`fair {key} --log` tests tablemate's own rolls)"
                        ),
                        Some(name) => format!(
                            "no {key} results of the table's dice by {name}: `roll {key} = … as {name}` (the faces shown) records them (`fair {key} --log {name}` tests tablemate's rolls for them)"
                        ),
                    }));
                }
            };
            let mut counts = tallied;
            for (v, n) in table {
                *counts.entry(v).or_default() += n;
            }
            counts
        };
        let dist = dice::distribution(&roll)?;
        let test = dice::fair::test(&dist, &counts);
        let mut reply = Reply::new(
            "fair",
            Fair {
                expr: key,
                source,
                by,
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

/// The dice and whose rolls `fair ... --log` tests: the words as dice, or
/// the words before a last one that names who rolled.
fn who_rolled(words: &[String]) -> (String, Option<String>) {
    let all = words.join(" ");
    match words.split_last() {
        Some((last, rest))
            if dice::parse(&all).is_err()
                && could_be_a_name(last)
                && (rest.is_empty() || dice::parse(&rest.join(" ")).is_ok()) =>
        {
            (rest.join(" "), Some(last.clone()))
        }
        _ => (all, None),
    }
}

/// Whether `word` may name who rolled: not dice mistyped (`2d7x`, `d0`:
/// a count of digits, `d`, then a side, a `%` or `F`) and not an option
/// (`-...`), which are said as what they are, not as nobody's rolls.
fn could_be_a_name(word: &str) -> bool {
    let lower = word.to_lowercase();
    let after_count = lower.trim_start_matches(|c: char| c.is_ascii_digit());
    let dice_like = after_count
        .strip_prefix('d')
        .and_then(|r| r.chars().next())
        .is_some_and(|c| c.is_ascii_digit() || c == '%' || c == 'f');
    !dice_like && !word.starts_with('-') && crate::people::problem(word).is_none()
}

/// How often each result came up on the table's own dice, as logged (by
/// `by`, where named): for a bare die (`d20`) every face of that kind of
/// die in every roll (the d20 of `1d20+5 = 14` is a 14); for anything
/// more, the totals of that expression.
fn table_counts(
    dir: &std::path::Path,
    roll: &dice::Roll,
    by: Option<&str>,
) -> Result<BTreeMap<i64, u64>> {
    let entries: Vec<_> = logged_by(dir, by)?
        .into_iter()
        .filter(|e| e.faces.is_some())
        .collect();
    let mut counts = BTreeMap::new();
    match roll.bare_die() {
        Some(kind) => {
            for e in &entries {
                for (v, k) in table_faces(e) {
                    if k == *kind {
                        *counts.entry(v).or_insert(0u64) += 1;
                    }
                }
            }
        }
        None => {
            for e in crate::roll_log::rolls_of(entries, &roll.key()) {
                for t in e.totals {
                    *counts.entry(t).or_insert(0u64) += 1;
                }
            }
        }
    }
    Ok(counts)
}

/// Each face a logged roll of the table's dice read, with its die.
fn table_faces(e: &crate::roll_log::Entry) -> Vec<(i64, dice::Faces)> {
    let Some(faces) = &e.faces else {
        return Vec::new();
    };
    let typed: Vec<String> = faces.iter().map(i64::to_string).collect();
    let words: Vec<&str> = typed.iter().map(String::as_str).collect();
    let read = match dice::system::System::parse(&e.expr) {
        Some(Ok(system)) => dice::given::read_system(&system, &words)
            .ok()
            .map(|(_, v, k)| (v, k)),
        Some(Err(_)) => None,
        None => dice::parse(&e.expr)
            .ok()
            .and_then(|r| dice::given::read(&r, &words).ok())
            .map(|r| (r.faces, r.kinds)),
    };
    read.map(|(v, k)| v.into_iter().zip(k).collect())
        .unwrap_or_default()
}

/// The log's rolls by `by` (any case or accents), or everyone's: the
/// table's own dice and tablemate's alike.
fn logged_by(dir: &std::path::Path, by: Option<&str>) -> Result<Vec<crate::roll_log::Entry>> {
    let log = crate::roll_log::read(dir)
        .map_err(|e| invalid(format!("the roll log could not be read: {e}")))?;
    let name = by.map(crate::people::folded);
    Ok(log
        .entries
        .into_iter()
        .filter(|e| {
            name.as_ref().is_none_or(|n| {
                e.by.as_deref()
                    .is_some_and(|b| crate::people::folded(b) == *n)
            })
        })
        .collect())
}

/// The rolls tablemate made (`fair --log` tests its generator), not the
/// table's dice.
fn tablemate_s(entries: Vec<crate::roll_log::Entry>) -> Vec<crate::roll_log::Entry> {
    entries.into_iter().filter(|e| e.faces.is_none()).collect()
}

/// The dice `name` rolled most often in the log.
fn most_rolled(dir: &std::path::Path, name: &str) -> Result<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for e in tablemate_s(logged_by(dir, Some(name))?) {
        if let Ok(roll) = dice::parse(&e.expr) {
            *seen.entry(roll.key()).or_insert(0) += e.totals.len();
        }
    }
    seen.into_iter()
        .max_by_key(|(key, n)| (*n, std::cmp::Reverse(key.clone())))
        .map(|(key, _)| key)
        .ok_or_else(|| {
            invalid(format!(
                "no rolls by {name} in the log: `roll 2d6 as {name}` adds them (`log` lists the log)"
            ))
        })
}

/// How often each total came up in the logged rolls of `key` (by `by`,
/// where named).
fn logged_counts(dir: &std::path::Path, key: &str, by: Option<&str>) -> Result<BTreeMap<i64, u64>> {
    let mut counts = BTreeMap::new();
    for e in crate::roll_log::rolls_of(tablemate_s(logged_by(dir, by)?), key) {
        for t in e.totals {
            *counts.entry(t).or_insert(0u64) += 1;
        }
    }
    Ok(counts)
}
