//! `roll sr 12`, `prob coc 45`: a game system's roll read in its words,
//! and the exact chance of each word (the systems live in
//! `dice::system`).

use num_bigint::BigUint;
use serde::Serialize;

use super::{App, Result};
use crate::dice::dist::{fraction, prob_f64};
use crate::dice::show::percent;
use crate::dice::system::house::{self, HouseRoll};
use crate::dice::system::odds::Odds as SystemOdds;
use crate::dice::system::{Read, System};
use crate::reply::{Reply, Show};
use crate::roll_log;
use crate::style::{Style, Tone};

/// `roll`'s reply for a system: the dice and the words.
#[derive(Debug, Serialize)]
struct Rolled {
    #[serde(flatten)]
    read: Read,
    /// What was rolled, for drawing its dice (the reply carries it, so
    /// the line is not parsed again).
    #[serde(skip)]
    system: System,
    #[serde(flatten)]
    seed: crate::random::JsonSeed,
}

/// The dice as the system's players read them.
fn dice_text(read: &Read, system: &System) -> String {
    let faces: Vec<String> = match system {
        System::Fate { .. } => read
            .dice
            .iter()
            .map(|f| ["-", "0", "+"][(f + 1) as usize].to_string())
            .collect(),
        System::Cthulhu { .. } => {
            let (units, tens) = read.dice.split_last().expect("a units die");
            let tens: Vec<String> = tens.iter().map(|t| format!("{t:02}")).collect();
            return format!("[tens {}; units {units}] {}", tens.join(", "), read.total);
        }
        System::Narrative { pool } => {
            return crate::dice::system::narrative::read(pool, &read.dice).1;
        }
        _ => read.dice.iter().map(i64::to_string).collect(),
    };
    let shown = format!("[{}]", faces.join(", "));
    match system {
        System::Pbta { modifier } | System::Fate { modifier } if *modifier != 0 => {
            format!("{shown} {modifier:+} = {}", read.total)
        }
        System::Pbta { .. } => format!("{shown} = {}", read.total),
        _ => shown,
    }
}

impl Show for Rolled {
    fn show(&self, style: &Style) -> String {
        let system = self.system;
        let line = format!(
            "{} {}: {}",
            self.read.expr,
            dice_text(&self.read, &system),
            style.paint(&self.read.result, Tone::Emph)
        );
        crate::style::wrap(&line, style.width, "  ")
    }
}

/// One word's chance, and the chance of it or a better one.
#[derive(Debug, Serialize)]
struct WordChance {
    result: String,
    fraction: String,
    probability: f64,
    /// This word or any after it (the rows go worst to best).
    or_better: String,
    #[serde(skip)]
    shown: (String, String),
}

/// A chance beside the table (at least one triumph).
#[derive(Debug, Serialize)]
struct AlsoChance {
    result: String,
    fraction: String,
    probability: f64,
    #[serde(skip)]
    shown: String,
}

/// `prob`'s reply for a system.
#[derive(Debug, Serialize)]
struct Odds {
    expr: String,
    system: String,
    dice: String,
    results: Vec<WordChance>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    also: Vec<AlsoChance>,
}

impl Show for Odds {
    fn show(&self, style: &Style) -> String {
        let head = format!("{} ({}: {})", self.expr, self.system, self.dice);
        let mut lines =
            vec![style.paint(&crate::style::wrap(&head, style.width, "  "), Tone::Heading)];
        let word = self
            .results
            .iter()
            .map(|r| &r.result)
            .chain(self.also.iter().map(|a| &a.result))
            .map(|w| w.chars().count())
            .max()
            .unwrap_or(0);
        let pct = self
            .results
            .iter()
            .map(|r| r.shown.0.len())
            .max()
            .unwrap_or(0);
        let or_better = self
            .results
            .iter()
            .map(|r| r.shown.1.len())
            .max()
            .unwrap_or(0);
        // The column's heading in full where it fits the line; at 40
        // columns a long word (`failure with advantage`) leaves room only
        // for the column's own width.
        let heading = if word + pct + or_better.max(9) + 4 <= style.width {
            "or better"
        } else {
            "better"
        };
        lines.push(format!(
            "{:word$}  {:>pct$}  {:>or_better$}",
            "", "", heading
        ));
        for r in &self.results {
            let row = format!(
                "{:word$}  {:>pct$}  {:>or_better$}",
                r.result, r.shown.0, r.shown.1
            );
            // The fraction when it is short enough to read and fits the
            // line (at 40 columns the percentages stand alone).
            let exact = format!("  ({})", r.fraction);
            if r.fraction.len() <= 24 && row.chars().count() + exact.len() <= style.width {
                lines.push(row + &exact);
            } else {
                lines.push(row);
            }
        }
        for a in &self.also {
            let row = format!("{:word$}  {:>pct$}", a.result, a.shown);
            let exact = format!("  ({})", a.fraction);
            if a.fraction.len() <= 24 && row.chars().count() + exact.len() <= style.width {
                lines.push(row + &exact);
            } else {
                lines.push(row);
            }
        }
        lines
            .iter()
            .map(|l| l.trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// `prob sr 12`: every word with its exact chance.
pub(super) fn prob_system(system: System) -> Reply {
    odds_reply(
        system.line(),
        system.title().to_string(),
        system.dice_words(),
        &system.odds(),
    )
}

/// `prob hero+2`: a rule file's system, each word's exact chance.
pub(super) fn prob_house(house: &HouseRoll) -> Result<Reply> {
    Ok(odds_reply(
        house.line(),
        house.house.title.clone(),
        house.dice_words(),
        &house.odds()?,
    ))
}

/// Each word's chance, worst first, with the chance of it or better.
fn odds_reply(expr: String, system: String, dice: String, odds: &SystemOdds) -> Reply {
    let mut better = BigUint::default();
    let mut results: Vec<WordChance> = odds
        .rows
        .iter()
        .rev()
        .map(|(word, count)| {
            better += count;
            WordChance {
                result: word.clone(),
                fraction: fraction(count, &odds.denom),
                probability: prob_f64(count, &odds.denom),
                or_better: fraction(&better, &odds.denom),
                shown: (percent(count, &odds.denom), percent(&better, &odds.denom)),
            }
        })
        .collect();
    results.reverse();
    Reply::new(
        "prob",
        Odds {
            expr,
            system,
            dice,
            results,
            also: odds
                .also
                .iter()
                .map(|(word, count)| AlsoChance {
                    result: word.clone(),
                    fraction: fraction(count, &odds.denom),
                    probability: prob_f64(count, &odds.denom),
                    shown: percent(count, &odds.denom),
                })
                .collect(),
        },
    )
}

/// `roll`'s reply for a rule file's system: the expression's roll drawn
/// as any roll is, then the modifier and the word.
#[derive(Debug, Serialize)]
struct HouseRolled {
    #[serde(flatten)]
    read: Read,
    #[serde(skip)]
    roll: HouseRoll,
    #[serde(skip)]
    outcome: crate::dice::Outcome,
    #[serde(flatten)]
    seed: crate::random::JsonSeed,
}

impl Show for HouseRolled {
    fn show(&self, style: &Style) -> String {
        let mut dice = String::new();
        crate::dice::show::roll_line(&mut dice, self.roll.parsed(), &self.outcome, None, style);
        let modifier = match self.roll.modifier {
            0 => String::new(),
            m => format!(" {m:+} = {}", self.read.total),
        };
        let line = format!(
            "{} ({dice}){modifier}: {}",
            self.read.expr,
            style.paint(&self.read.result, Tone::Emph)
        );
        crate::style::wrap(&line, style.width, "  ")
    }
}

impl App {
    /// `roll sr 12`: roll, read, log.
    pub(super) fn roll_system(&mut self, system: System, source: String) -> Result<Reply> {
        let draw = self.rng.draws();
        let read = system.roll(&mut self.rng);
        let rolled = Rolled {
            read,
            system,
            seed: crate::random::JsonSeed(self.seed()),
        };
        self.logged_read(rolled, draw, source)
    }

    /// `roll hero+2` or `prob hero` where a rule file (`--rules`) declares
    /// `hero`. `None` without a rules directory (the rules are not read),
    /// for dice, and for a name no rule file declares.
    pub(super) fn house_line(&mut self, line: &str) -> Option<Result<HouseRoll>> {
        self.rules_dir.as_ref()?;
        let (name, _) = house::split_name(line)?;
        if crate::dice::parse(line).is_ok() {
            return None;
        }
        // A roll that reads the rules says their problems, once, as
        // `rules` does: a file that did not load (no `id`) explains why
        // its system is unknown, even as the line fails.
        let problems = self.rule_warnings();
        self.notes.extend(problems);
        match self.library().house(name)? {
            Ok(house) => Some(house.read_line(line)?.map_err(Into::into)),
            Err(why) => Some(Err(super::invalid(why))),
        }
    }

    /// `roll hero+2`: roll, read, log.
    pub(super) fn roll_house(&mut self, roll: HouseRoll, source: String) -> Result<Reply> {
        let draw = self.rng.draws();
        let (read, outcome) = roll.roll(&mut self.rng)?;
        let rolled = HouseRolled {
            read,
            roll,
            outcome,
            seed: crate::random::JsonSeed(self.seed()),
        };
        self.logged_read(rolled, draw, source)
    }

    /// A system's roll logged (as shown without colour) and replied.
    fn logged_read<B>(&mut self, rolled: B, draw: u64, source: String) -> Result<Reply>
    where
        B: Show + Serialize + std::fmt::Debug + AsRef<Read> + 'static,
    {
        let shown = rolled.show(&Style::plain());
        let read = rolled.as_ref();
        let warning = self.log_roll(roll_log::Entry {
            at: roll_log::now(),
            expr: read.expr.clone(),
            note: None,
            seed: self.seed(),
            draw,
            repeats: 1,
            totals: vec![read.total],
            shown: shown.chars().take(roll_log::MAX_SHOWN).collect(),
            prev: None,
        });
        self.last_roll = Some(source);
        let mut reply = Reply::new("roll", rolled);
        reply.warnings.extend(warning);
        Ok(reply)
    }
}

impl AsRef<Read> for Rolled {
    fn as_ref(&self) -> &Read {
        &self.read
    }
}

impl AsRef<Read> for HouseRolled {
    fn as_ref(&self) -> &Read {
        &self.read
    }
}
