//! `luck`: how each person's rolls compare with the exact odds of the
//! rolls they made (weighed by `crate::luck`), in sentences and on a bar.

use serde::Serialize;

use super::{App, AppError, Reply, Result, invalid};
use crate::luck::{Dice, Measure, Row, Span, Weighed, named_in, weigh};
use crate::reply::Show;
use crate::roll_log::{self, Entry};
use crate::style::{Style, plural, wrap};

/// `luck`'s answer.
#[derive(Debug, Serialize)]
struct Luck {
    #[serde(flatten)]
    span: Span,
    #[serde(flatten)]
    weighed: Weighed,
    /// The one person asked about, if one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    whose: Option<String>,
    #[serde(skip)]
    now: u64,
}

impl App {
    pub(super) fn luck(&mut self, words: &[String]) -> Result<Reply> {
        let seating = self.at_table()?.seating;
        let (person, span) = self.luck_words(words, seating.as_ref())?;
        let log = roll_log::read(self.store.dir())
            .map_err(|e| invalid(format!("the roll log could not be read: {e}")))?;
        let entries: Vec<Entry> = log.entries.into_iter().filter(|e| span.holds(e)).collect();
        // Who is weighed: the one named, else the people at the table,
        // else everyone the log names.
        let people: Vec<String> = match (&person, &seating) {
            (Some(p), _) => vec![p.clone()],
            (None, Some(t)) => t.people.iter().map(|p| p.name.clone()).collect(),
            (None, None) => named_in(&entries),
        };
        let Weighed {
            rows,
            left_out,
            unnamed,
        } = weigh(&entries, &people);
        let now = roll_log::now();
        Ok(Reply::new(
            "luck",
            Luck {
                span,
                weighed: Weighed {
                    rows,
                    left_out,
                    unnamed,
                },
                whose: person,
                now,
            },
        ))
    }

    /// `luck [NAME] [all|today|DAY|DAY..DAY]`.
    fn luck_words(
        &self,
        words: &[String],
        seating: Option<&crate::games::table::Seating>,
    ) -> Result<(Option<String>, Span)> {
        let mut person = None;
        let mut span = None;
        for w in words {
            let lower = w.to_lowercase();
            let time = match lower.as_str() {
                "all" => Some(Span::All),
                "today" => {
                    let day = roll_log::day_of(roll_log::now());
                    Some(Span::Days {
                        from: day.clone(),
                        to: day,
                    })
                }
                _ => days(&lower)?,
            };
            if let Some(t) = time {
                if span.replace(t).is_some() {
                    return Err(invalid(format!(
                        "'{w}': one time at most: luck all, luck today, luck 2026-11-28 or luck 2026-11-01..2026-11-28"
                    )));
                }
                continue;
            }
            if person.is_some() {
                return Err(invalid(format!(
                    "'{w}': one person at most (`luck` alone weighs everyone)"
                )));
            }
            // A time word mistyped is said first: `luck al`.
            let near = crate::suggest::hint(&lower, ["all", "today"]);
            if !near.is_empty() && seating.is_none_or(|t| t.find(w).is_err()) {
                return Err(invalid(format!(
                    "'{}' is no time{near}: all, today, 2026-11-28 or 2026-11-01..2026-11-28",
                    crate::visible::line(w)
                )));
            }
            person = Some(match seating {
                Some(t) => t.find(w).map(|p| p.name.clone()).map_err(|e| {
                    invalid(format!(
                        "{e}; nor is '{}' a time: all, today, 2026-11-28 or 2026-11-01..2026-11-28",
                        crate::visible::line(w)
                    ))
                })?,
                None => {
                    if let Some(why) = crate::people::problem(w) {
                        return Err(invalid(format!(
                            "'{}' is neither a name ({why}) nor a time: all, today, 2026-11-28 or 2026-11-01..2026-11-28",
                            crate::visible::line(w)
                        )));
                    }
                    w.clone()
                }
            });
        }
        let span = match span {
            Some(s) => s,
            None => Span::Evening {
                since: self
                    .store
                    .read(|c| crate::store::last_seated(c).map_err(AppError::from))?,
            },
        };
        Ok((person, span))
    }
}
/// `2026-11-28` or `2026-11-01..2026-11-28` (a day as the log dates it,
/// in UTC): the span, `None` for a word that is no date at all, or why a
/// date-like word is none.
fn days(w: &str) -> Result<Option<Span>> {
    // The shape of a date, then whether it is one.
    let shaped = |d: &str| {
        let b = d.as_bytes();
        let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
        b.len() == 10
            && b[4] == b'-'
            && b[7] == b'-'
            && digits(0..4)
            && digits(5..7)
            && digits(8..10)
    };
    let day = |d: &str| -> Result<String> {
        let (m, dd): (u32, u32) = (d[5..7].parse().unwrap_or(0), d[8..10].parse().unwrap_or(0));
        if (1..=12).contains(&m) && (1..=31).contains(&dd) {
            Ok(d.to_string())
        } else {
            Err(invalid(format!(
                "'{d}' is no day: a date is YEAR-MONTH-DAY, like 2026-11-28"
            )))
        }
    };
    match w.split_once("..") {
        Some((a, b)) if shaped(a) && shaped(b) => {
            let (from, to) = (day(a)?, day(b)?);
            if from > to {
                return Err(invalid(format!(
                    "'{w}': the days run backwards: the earlier first, like 2026-11-01..2026-11-28"
                )));
            }
            Ok(Some(Span::Days { from, to }))
        }
        None if shaped(w) => {
            let d = day(w)?;
            Ok(Some(Span::Days {
                from: d.clone(),
                to: d,
            }))
        }
        _ => Ok(None),
    }
}

/// A percentile in words.
fn verdict(p: f64) -> &'static str {
    match p {
        p if p < 0.05 => "very unlucky",
        p if p < 0.25 => "unlucky",
        p if p <= 0.75 => "about as the odds say",
        p if p <= 0.95 => "lucky",
        _ => "very lucky",
    }
}

/// A share of runs, as a percentage: whole near the middle, to a tenth
/// near the ends, never 0% or 100% for a share that is neither.
fn share(x: f64) -> String {
    let v = x * 100.0;
    if (0.5..=99.5).contains(&v) {
        format!("{v:.0}%")
    } else if v > 99.5 {
        format!("{:.1}%", v.min(99.9))
    } else {
        format!("{:.1}%", v.max(0.1))
    }
}

/// A chance, as a percentage; "under 0.1%" below that.
fn chance(x: f64) -> String {
    match x * 100.0 {
        v if v < 0.1 => "under 0.1%".into(),
        v if v < 0.5 => format!("{v:.1}%"),
        v => format!("{v:.0}%"),
    }
}

impl Luck {
    fn sentence(&self, r: &Row, m: &Measure, checks: bool) -> String {
        let p = m.percentile;
        let runs = self.span.runs();
        let (than, chance) = if p < 0.5 {
            (
                format!(
                    "lower than {} of {runs} with the same rolls",
                    share(1.0 - p)
                ),
                format!(
                    "this {} or {}: {}",
                    if checks { "few" } else { "low" },
                    if checks { "fewer" } else { "lower" },
                    chance(m.standing().as_low())
                ),
            )
        } else {
            (
                format!("higher than {} of {runs} with the same rolls", share(p)),
                format!(
                    "this {} or {}: {}",
                    if checks { "many" } else { "high" },
                    "more",
                    chance(m.standing().as_high())
                ),
            )
        };
        // "3 checks on the table's dice: 2 passed", "3 rolls of … came to 21".
        let (one, many, on, came) = if checks {
            ("check", "checks", "on", ":")
        } else {
            ("roll", "rolls", "of", " came to")
        };
        let what = format!(
            "{} {} {on} {}{came} {}{} ({:.1} expected), ",
            m.rolls,
            plural(m.rolls as u64, one, many),
            r.dice.words(),
            m.observed,
            if checks { " passed" } else { "" },
            m.expected
        );
        format!("{}'s {what}{than}: {} ({chance})", r.person, verdict(p))
    }
}

impl Show for Luck {
    fn show(&self, style: &Style) -> String {
        if self.weighed.rows.is_empty() {
            let mut said = format!(
                "no rolls {} {} to weigh: `roll 2d6 as NAME` names who rolls (`luck all` weighs the whole log)",
                self.whose
                    .as_ref()
                    .map_or("naming anyone".to_string(), |p| format!("by {p}")),
                self.span.words(self.now)
            );
            for l in &self.weighed.left_out {
                said.push('\n');
                said.push_str(&left_out_line(l));
            }
            return wrap(&said, style.width, "  ");
        }
        let mut lines = vec![format!("Luck {}:", self.span.words(self.now))];
        for r in &self.weighed.rows {
            if let Some(m) = &r.totals {
                lines.push(self.sentence(r, m, false));
            }
            if let Some(m) = &r.checks {
                lines.push(self.sentence(r, m, true));
            }
        }
        // Everyone on one bar: where each stands, 0 to 100.
        let measures: Vec<(&Row, &Measure, &str)> = self
            .weighed
            .rows
            .iter()
            .flat_map(|r| {
                [(&r.totals, "totals"), (&r.checks, "checks")]
                    .into_iter()
                    .filter_map(move |(m, what)| m.as_ref().map(|m| (r, m, what)))
            })
            .collect();
        if measures.len() > 1 {
            lines.push(String::new());
            let width = measures
                .iter()
                .map(|(r, ..)| crate::style::visible_width(&r.person))
                .max()
                .unwrap_or(0);
            for (r, m, what) in &measures {
                let name = crate::style::padded(&r.person, width, true);
                lines.push(bar_line(&name, r.dice, what, m.percentile));
            }
        }
        for l in &self.weighed.left_out {
            lines.push(left_out_line(l));
        }
        // Asked about one person, the unnamed rolls are no news.
        if self.weighed.unnamed > 0 && self.whose.is_none() {
            lines.push(format!(
                "{} {} named no one (`roll 2d6 as ben` names who rolled)",
                self.weighed.unnamed,
                plural(self.weighed.unnamed as u64, "roll", "rolls")
            ));
        }
        lines
            .iter()
            .map(|l| wrap(l, style.width, "  "))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// "left out: 2 rolls, a game system's roll (…) (sr 3, wod 4)".
fn left_out_line(l: &crate::luck::LeftOut) -> String {
    format!(
        "left out: {} {}, {} ({})",
        l.rolls,
        plural(l.rolls as u64, "roll", "rolls"),
        l.why,
        l.exprs.join(", ")
    )
}

/// `ben (tablemate's dice, totals)  |----●-----|  41st`: a percentile
/// marked on a bar of ten.
fn bar_line(person: &str, dice: Dice, what: &str, p: f64) -> String {
    let at = ((p * 10.0).floor() as usize).min(9);
    let bar: String = (0..10).map(|i| if i == at { '●' } else { '-' }).collect();
    format!(
        "{} |{bar}| {}  ({}, {what})",
        person,
        // A rank among a hundred: 1st to 99th.
        crate::dice::given::ordinal(((p * 100.0).round() as usize).clamp(1, 99)),
        dice.words()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_read_as_the_log_dates_them() {
        assert_eq!(
            days("2026-11-28").unwrap(),
            Some(Span::Days {
                from: "2026-11-28".into(),
                to: "2026-11-28".into()
            })
        );
        assert!(days("2026-11-28..2026-11-01").is_err());
        assert!(days("2026-13-01").is_err());
        assert_eq!(days("2026-1-28").unwrap(), None);
        assert_eq!(days("ben").unwrap(), None);
    }
}
