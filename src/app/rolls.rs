//! `roll` and `prob`: dice expressions rolled and their exact odds.

use serde_json::Value;

use super::{App, Reply, Result, invalid};
use crate::dice::{self, show, show::Target};
use crate::style::Style;

impl App {
    pub(super) fn roll(&mut self, words: &[String]) -> Result<Reply> {
        let source = if words.is_empty() {
            self.last_roll
                .clone()
                .ok_or_else(|| invalid("nothing rolled yet: try `roll 2d6`"))?
        } else {
            words.join(" ")
        };
        let parsed = dice::parse(&source)?;
        // Each roll is shown as soon as it is made: 100,000 rolls never sit
        // in memory at once.
        let mut text = String::new();
        let mut json_rolls = Vec::new();
        let width = parsed.repeats.to_string().len();
        let mut o = dice::Outcome::default();
        for n in 1..=parsed.repeats {
            dice::roll::roll_into(&parsed, &mut self.rng, &mut o)?;
            if self.json {
                json_rolls.push(show::outcome_json(&parsed, &o));
            } else {
                if n > 1 {
                    text.push('\n');
                }
                let number = (parsed.repeats > 1).then_some((n, width));
                show::roll_line(&mut text, &parsed, &o, number, &self.style);
            }
        }
        self.last_roll = Some(source);
        let data = if self.json {
            show::roll_json(&parsed, json_rolls, self.seed())
        } else {
            Value::Null
        };
        Ok(Reply::new("roll", text, data))
    }
}

pub(super) fn prob(words: &[String], style: &Style) -> Result<Reply> {
    let (expr, target) = match words {
        [e @ .., kw, n] if ["atleast", "atmost"].contains(&kw.to_lowercase().as_str()) => {
            let n: i64 = n
                .parse()
                .map_err(|_| invalid(format!("'{n}' is not a whole number for {kw}")))?;
            let t = if kw.eq_ignore_ascii_case("atleast") {
                Target::AtLeast(n)
            } else {
                Target::AtMost(n)
            };
            (e, Some(t))
        }
        e => (e, None),
    };
    if let Some(bad) = expr
        .iter()
        .find(|w| ["atleast", "atmost"].contains(&w.to_lowercase().as_str()))
    {
        return Err(invalid(format!(
            "'{bad}' takes a number and comes last: prob 3d6 {bad} 12"
        )));
    }
    if expr.is_empty() {
        return Err(invalid("prob needs a dice expression: prob 3d6"));
    }
    let parsed = dice::parse(&expr.join(" "))?;
    let d = dice::distribution(&parsed)?;
    Ok(Reply::new(
        "prob",
        show::prob_text(&parsed, &d, target, style),
        show::prob_json(&parsed, &d, target),
    ))
}
