//! A sheet's worked examples, checked when its file loads: each one's
//! entries entered as a pad would take them, and the totals and the
//! winners they make compared with what the example says.

use serde_yaml::{Mapping, Value as Yaml};

use super::{Entries, Example, Per, Refused, Sheet, no};

/// An entry as it is typed: `12`, `yes`, `3 3 5 5 5`, or a YAML list.
fn words(v: &Yaml) -> Vec<String> {
    match v {
        Yaml::Number(n) => vec![n.to_string()],
        Yaml::Bool(b) => vec![if *b { "yes" } else { "no" }.into()],
        Yaml::String(s) => s.split_whitespace().map(String::from).collect(),
        Yaml::Sequence(items) => items.iter().flat_map(words).collect(),
        _ => vec![String::from("?")],
    }
}

fn text(v: &Yaml) -> String {
    match v {
        Yaml::String(s) => s.clone(),
        other => words(other).join(" "),
    }
}

impl Sheet {
    /// Check one worked example: `Err` says how it differs.
    pub fn check_example(&self, ex: &Example) -> Result<(), Refused> {
        let rounds: Vec<&Mapping> = match (&ex.entries, ex.rounds.as_slice()) {
            (Some(one), []) => vec![one],
            (None, many) if !many.is_empty() => many.iter().collect(),
            _ => return no("give entries: (one game) or rounds: (each round's), not both".into()),
        };
        let mut players: Vec<String> = Vec::new();
        for round in &rounds {
            for name in round.keys() {
                let name = text(name);
                if !players.contains(&name) {
                    players.push(name);
                }
            }
        }
        let n = players.len();
        let cats = self.spec.categories.len();
        let mut entries: Entries = vec![vec![vec![None; n]; cats]; rounds.len()];
        for (r, round) in rounds.iter().enumerate() {
            for (name, row) in round.iter() {
                let p = players.iter().position(|x| *x == text(name)).unwrap_or(0);
                let Yaml::Mapping(row) = row else {
                    return no(format!("{}'s entries are not category: entry", text(name)));
                };
                for (cat, value) in row {
                    let c = self.category(&text(cat))?;
                    if r > 0 && self.spec.categories[c].per == Per::Game {
                        return no(format!(
                            "round {}: {} is scored once a game, in the first round's entries",
                            r + 1,
                            self.spec.categories[c].name
                        ));
                    }
                    let v = self
                        .entry(c, &words(value))
                        .map_err(|why| Refused(format!("{}: {why}", text(name))))?;
                    entries[r][c][p] = Some(v);
                }
            }
        }
        let scores = self.score(&entries, n)?;
        let mut wrong = Vec::new();
        for (name, want) in &ex.totals {
            let name = text(name);
            let Some(p) = players.iter().position(|x| *x == name) else {
                return no(format!("totals: '{name}' has no entries"));
            };
            let want = want.as_i64();
            if scores.totals[p] != want {
                wrong.push(format!(
                    "{name}'s total is {}, not {}",
                    scores.totals[p].map_or("nothing".into(), |t| t.to_string()),
                    want.map_or("a number".into(), |t| t.to_string())
                ));
            }
        }
        let standing = self.standing(&scores, &players);
        let winners: Vec<String> = standing
            .winners
            .iter()
            .map(|&p| players[p].clone())
            .collect();
        if winners != ex.winners {
            wrong.push(format!(
                "the winners are [{}], not [{}]",
                winners.join(", "),
                ex.winners.join(", ")
            ));
        }
        if wrong.is_empty() {
            Ok(())
        } else {
            no(wrong.join("; "))
        }
    }
}
