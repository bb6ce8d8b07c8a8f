//! `roll sr 12`, `prob coc 45`: a game system's roll read in its words,
//! and the exact chance of each word (the systems live in
//! `dice::system`).

use num_bigint::BigUint;
use serde::Serialize;

use super::{App, Result};
use crate::dice::dist::{fraction, prob_f64};
use crate::dice::show::percent;
use crate::dice::system::declared::DeclaredRoll;
use crate::dice::system::house::HouseRoll;
use crate::dice::system::name;
use crate::dice::system::odds::Odds as SystemOdds;
use crate::dice::system::symbols::pool::Stopped;
use crate::dice::system::symbols::{self, SymbolOdds, SymbolRoll};
use crate::dice::system::{Read, System};
use crate::random::{JsonSeed, TableRng};
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
    /// The seed, for tablemate's dice.
    #[serde(flatten)]
    seed: Option<JsonSeed>,
    /// The faces, for the table's own dice.
    #[serde(flatten)]
    table: Option<TableFaces>,
}

/// A system's roll read from the table's faces, as the log shows it
/// (`None`: the faces are not a whole roll of it).
pub(super) fn shown_from_table(system: System, faces: &[i64]) -> Option<(String, i64)> {
    let typed: Vec<String> = faces.iter().map(i64::to_string).collect();
    let words: Vec<&str> = typed.iter().map(String::as_str).collect();
    let (read, ..) = crate::dice::given::read_system(&system, &words).ok()?;
    let total = read.total;
    let rolled = Rolled {
        read,
        system,
        seed: None,
        table: None,
    };
    Some((rolled.show(&Style::plain()), total))
}

/// What marks a roll of the table's own dice in JSON.
#[derive(Debug, Serialize)]
struct TableFaces {
    /// Always "table".
    dice: &'static str,
    faces: Vec<i64>,
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
        let line = match self.table {
            Some(_) => format!("{line} {}", super::table_dice::MARK),
            None => line,
        };
        crate::style::wrap(&line, style.width, "  ")
    }
}

/// What a system's odds are of: the line, the system, its dice in words.
#[derive(Debug, Clone, Serialize)]
struct Heading {
    expr: String,
    system: String,
    dice: String,
}

impl Heading {
    /// The table's first line, wrapped to the width.
    fn lines(&self, style: &Style) -> Vec<String> {
        let head = format!("{} ({}: {})", self.expr, self.system, self.dice);
        vec![style.paint(&crate::style::wrap(&head, style.width, "  "), Tone::Heading)]
    }
}

/// The table's lines as one text, without trailing spaces.
fn joined(lines: &[String]) -> String {
    lines
        .iter()
        .map(|l| l.trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
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

/// One outcome's chance, or a chance beside the table (at least one
/// triumph).
#[derive(Debug, Serialize)]
struct Chance {
    result: String,
    fraction: String,
    probability: f64,
    #[serde(skip)]
    shown: String,
}

/// `prob`'s reply for a system.
#[derive(Debug, Serialize)]
struct Odds {
    #[serde(flatten)]
    head: Heading,
    results: Vec<WordChance>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    also: Vec<Chance>,
}

impl Show for Odds {
    fn show(&self, style: &Style) -> String {
        let mut lines = self.head.lines(style);
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
        chance_rows(&mut lines, &self.also, word, pct, style.width);
        joined(&lines)
    }
}

/// Each chance as a row, its word and percentage in columns of `word` and
/// `pct` characters, then its fraction where it is short enough to read
/// and fits the line (at 40 columns the percentages stand alone).
fn chance_rows<'a>(
    lines: &mut Vec<String>,
    chances: impl IntoIterator<Item = &'a Chance>,
    word: usize,
    pct: usize,
    width: usize,
) {
    // Where the words' column and the percentages' pass the line (long
    // outcomes at 40 columns), the percentage leads and the words wrap
    // beside it.
    let narrow = word + 2 + pct > width;
    for a in chances {
        let row = if narrow {
            let words = crate::style::wrap(&a.result, width.saturating_sub(pct + 2).max(10), "");
            let hang = format!("\n{:pct$}  ", "");
            format!("{:>pct$}  {}", a.shown, words.replace('\n', &hang))
        } else {
            format!("{:word$}  {:>pct$}", a.result, a.shown)
        };
        let exact = format!("  ({})", a.fraction);
        let last = row.rsplit('\n').next().unwrap_or_default();
        if a.fraction.len() <= 24 && last.chars().count() + exact.len() <= width {
            lines.push(row + &exact);
        } else {
            lines.push(row);
        }
    }
}

impl Chance {
    fn of(result: String, count: &BigUint, denom: &BigUint) -> Chance {
        Chance {
            fraction: fraction(count, denom),
            probability: prob_f64(count, denom),
            shown: percent(count, denom),
            result,
        }
    }
}

/// Most outcomes of symbol dice `prob` shows as text (`--json` lists
/// every one).
const SHOWN_OUTCOMES: usize = 40;

/// `prob saga 2g 1b`'s reply: every net outcome's chance, best first,
/// and the chances beside them. Each outcome's chance is made when it is
/// shown (`--json` lists every one).
#[derive(Debug, Serialize)]
struct SymbolChances {
    #[serde(flatten)]
    head: Heading,
    #[serde(serialize_with = "every_outcome")]
    outcomes: SymbolOdds,
    also: Vec<Chance>,
}

/// The outcomes as a list of chances, each made as it is written.
fn every_outcome<S: serde::Serializer>(
    odds: &SymbolOdds,
    to: S,
) -> std::result::Result<S::Ok, S::Error> {
    to.collect_seq((0..odds.outcome_count()).map(|i| outcome_chance(odds, i)))
}

/// The `i`th outcome (best first) as a chance: its words, its reduced
/// fraction, its share.
fn outcome_chance(odds: &SymbolOdds, i: usize) -> Chance {
    Chance::of(odds.words(i), odds.ways(i), &odds.denom)
}

impl Show for SymbolChances {
    fn show(&self, style: &Style) -> String {
        let mut lines = self.head.lines(style);
        let odds = &self.outcomes;
        let shown: Vec<Chance> = odds
            .likeliest(SHOWN_OUTCOMES)
            .into_iter()
            .map(|i| outcome_chance(odds, i))
            .collect();
        let all = shown.iter().chain(&self.also);
        let word = all
            .clone()
            .map(|c| c.result.chars().count())
            .max()
            .unwrap_or(0);
        let pct = all.map(|c| c.shown.len()).max().unwrap_or(0);
        chance_rows(&mut lines, &shown, word, pct, style.width);
        let left = odds.outcome_count() - shown.len();
        if left > 0 {
            let rest: f64 = 1.0 - shown.iter().map(|c| c.probability).sum::<f64>();
            let more = if odds.listable {
                format!("`--json prob {}` lists every one", self.head.expr)
            } else {
                "too many for `--json` to list".to_string()
            };
            lines.push(crate::style::wrap(
                &format!(
                    "and {left} less likely outcomes, {:.2}% together; {more}",
                    100.0 * rest.max(0.0),
                ),
                style.width,
                "  ",
            ));
        }
        lines.push(String::new());
        chance_rows(&mut lines, &self.also, word, pct, style.width);
        joined(&lines)
    }
}

/// `prob saga 2g 1b`: a rule file's symbol dice, every net outcome's
/// exact chance; `json` when every one is to be listed, which costs more.
fn prob_symbols(roll: &SymbolRoll, json: bool) -> Result<Reply> {
    let per_outcome = if json {
        symbols::LISTED_AS_JSON
    } else {
        symbols::SHOWN_AS_TEXT
    };
    let odds = roll.odds(per_outcome).map_err(|stopped| match stopped {
        Stopped::TooLong { steps } => super::invalid(format!(
            "too much to count exactly: every outcome of `{}` takes about {} steps to count and show (at most {}); use fewer dice, or `roll` it many times for a sample",
            roll.line(),
            crate::dice::cost::count(steps as f64),
            crate::dice::cost::count(symbols::BUDGET as f64),
        )),
        Stopped::Cancelled => super::invalid(crate::cancel::Cancelled.to_string()),
    })?;
    let also = odds
        .also
        .iter()
        .map(|(word, ways)| Chance::of(word.clone(), ways, &odds.denom))
        .collect();
    Ok(Reply::new(
        "prob",
        SymbolChances {
            head: Heading {
                expr: roll.line(),
                system: roll.dice.title.clone(),
                dice: roll.dice_words(),
            },
            outcomes: odds,
            also,
        },
    ))
}

/// `prob hero+2` or `prob saga 2g`: a rule file's system's odds.
pub(super) fn prob_declared(roll: &DeclaredRoll, json: bool) -> Result<Reply> {
    match roll {
        DeclaredRoll::Total(house) => prob_house(house),
        DeclaredRoll::Symbols(symbols) => prob_symbols(symbols, json),
    }
}

/// `prob sr 12`: every word with its exact chance.
pub(super) fn prob_system(system: System) -> Reply {
    let head = Heading {
        expr: system.line(),
        system: system.title().to_string(),
        dice: system.dice_words(),
    };
    odds_reply(head, &system.odds())
}

/// `prob hero+2`: a rule file's system, each word's exact chance.
fn prob_house(house: &HouseRoll) -> Result<Reply> {
    let head = Heading {
        expr: house.line(),
        system: house.house.title.clone(),
        dice: house.dice_words(),
    };
    Ok(odds_reply(head, &house.odds()?))
}

/// Each word's chance, worst first, with the chance of it or better.
fn odds_reply(head: Heading, odds: &SystemOdds) -> Reply {
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
            head,
            results,
            also: odds
                .also
                .iter()
                .map(|(word, count)| Chance::of(word.clone(), count, &odds.denom))
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
    seed: JsonSeed,
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
        self.logged_read(source, |rng, seed| {
            let read = system.roll(rng);
            Ok(Rolled {
                read,
                system,
                seed: Some(seed),
                table: None,
            })
        })
    }

    /// `roll sr 12 = 1 2 5 …`: a system's roll read from the table's
    /// faces (`faces`, their values as read), logged under the person.
    pub(super) fn system_from_table(
        &mut self,
        system: System,
        read: Read,
        faces: Vec<i64>,
        source: String,
    ) -> Reply {
        // Logged without its mark: the log marks it by its faces.
        let unmarked = Rolled {
            read,
            system,
            seed: None,
            table: None,
        };
        let entry = self.entry_of(&unmarked.read, &unmarked);
        let rolled = Rolled {
            table: Some(TableFaces {
                dice: "table",
                faces: faces.clone(),
            }),
            ..unmarked
        };
        let warning = self.log_roll(roll_log::Entry {
            faces: Some(faces),
            seed: 0,
            draw: 0,
            ..entry
        });
        self.last_roll = Some(source);
        let mut reply = Reply::new("roll", rolled);
        reply.warnings.extend(warning);
        reply
    }

    /// The log's entry for a system's roll, as shown without colour.
    fn entry_of(&self, read: &Read, shown: &dyn Show) -> roll_log::Entry {
        let shown = shown.show(&Style::plain());
        roll_log::Entry {
            at: roll_log::now(),
            expr: read.expr.clone(),
            note: None,
            seed: self.seed(),
            draw: self.rng.draws(),
            repeats: 1,
            totals: vec![read.total],
            shown: shown.chars().take(roll_log::MAX_SHOWN).collect(),
            by: self.rolling_for.clone(),
            prev: None,
            chosen: false,
            choice: false,
            secret: None,
            faces: None,
            reveals: None,
        }
    }

    /// `roll hero+2` or `prob hero` where a rule file (`--rules`) declares
    /// `hero`. `None` without a rules directory (the rules are not read),
    /// for dice, and for a name no rule file declares.
    pub(super) fn house_line(&mut self, line: &str) -> Option<Result<DeclaredRoll>> {
        self.rules_dir.as_ref()?;
        let (name, _) = name::split_name(line)?;
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

    /// `roll hero+2` or `roll saga 2g 1b`: roll, read, log.
    pub(super) fn roll_declared(&mut self, roll: DeclaredRoll, source: String) -> Result<Reply> {
        match roll {
            DeclaredRoll::Total(house) => self.roll_house(*house, source),
            DeclaredRoll::Symbols(roll) => self.logged_read(source, |rng, seed| {
                let read = roll.roll(rng);
                Ok(SymbolRolled { read, roll, seed })
            }),
        }
    }

    /// `roll hero+2`: roll, read, log.
    fn roll_house(&mut self, roll: HouseRoll, source: String) -> Result<Reply> {
        self.logged_read(source, |rng, seed| {
            let (read, outcome) = roll.roll(rng)?;
            Ok(HouseRolled {
                read,
                roll,
                outcome,
                seed,
            })
        })
    }

    /// A system's roll (`roll` given the generator and the seed to show)
    /// made, logged (as shown without colour, with where in the seed's
    /// stream it began) and replied.
    fn logged_read<B>(
        &mut self,
        source: String,
        roll: impl FnOnce(&mut TableRng, JsonSeed) -> Result<B>,
    ) -> Result<Reply>
    where
        B: Show + Serialize + std::fmt::Debug + AsRef<Read> + 'static,
    {
        let draw = self.rng.draws();
        let seed = JsonSeed(self.seed());
        let rolled = roll(&mut self.rng, seed)?;
        let warning = self.log_roll(roll_log::Entry {
            draw,
            ..self.entry_of(rolled.as_ref(), &rolled)
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

/// `roll`'s reply for a rule file's symbol dice: each die's symbols and
/// what is left of them.
#[derive(Debug, Serialize)]
struct SymbolRolled {
    #[serde(flatten)]
    read: Read,
    #[serde(skip)]
    roll: SymbolRoll,
    #[serde(flatten)]
    seed: JsonSeed,
}

impl Show for SymbolRolled {
    fn show(&self, style: &Style) -> String {
        let (_, dice) = self.roll.read(&self.read.dice);
        let line = format!(
            "{} {dice}: {}",
            self.read.expr,
            style.paint(&self.read.result, Tone::Emph)
        );
        crate::style::wrap(&line, style.width, "  ")
    }
}

impl AsRef<Read> for SymbolRolled {
    fn as_ref(&self) -> &Read {
        &self.read
    }
}

impl AsRef<Read> for HouseRolled {
    fn as_ref(&self) -> &Read {
        &self.read
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past the forty shown, the text offers `--json` to list the rest,
    /// and says so when the listing would be refused.
    #[test]
    fn the_rest_are_offered_as_json_only_when_they_can_be() {
        let saga = crate::dice::system::symbols::example();
        let roll = saga.read_line("saga 4g4b").unwrap().unwrap();
        let style = Style {
            color: false,
            width: 100,
        };
        let mut odds = roll.odds(symbols::SHOWN_AS_TEXT).unwrap();
        assert!(odds.outcome_count() > SHOWN_OUTCOMES);
        let head = Heading {
            expr: roll.line(),
            system: roll.dice.title.clone(),
            dice: roll.dice_words(),
        };
        let text = |odds: &SymbolOdds| {
            let reply = SymbolChances {
                head: head.clone(),
                outcomes: odds.clone(),
                also: Vec::new(),
            };
            reply.show(&style)
        };
        assert!(text(&odds).contains("together; `--json prob saga 4g4b` lists every one"));
        odds.listable = false;
        assert!(text(&odds).contains("together; too many for `--json` to list"));
    }

    /// Every line of a symbol-dice table fits 40, 60 and 100 columns;
    /// at 40 the percentage leads and long outcomes wrap beside it.
    #[test]
    fn symbol_odds_fit_the_width() {
        let saga = crate::dice::system::symbols::example();
        let roll = saga.read_line("saga 2g1b").unwrap().unwrap();
        let reply = prob_symbols(&roll, false).unwrap();
        for width in [40, 60, 100] {
            let style = Style {
                color: false,
                width,
            };
            let text = reply.text(&style);
            for line in text.lines() {
                assert!(line.chars().count() <= width, "{width}: {line}");
            }
            let narrow = text.contains("\n 0.46%  success (2 successes, 2\n        advantage)");
            assert_eq!(narrow, width == 40, "{width}:\n{text}");
            assert!(text.contains("success  ") || width == 40, "{text}");
        }
    }
}
