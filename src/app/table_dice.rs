//! `roll EXPR = FACES`: the table's own dice, read into a roll.
//!
//! The faces go through the very code that rolls tablemate's dice
//! (`dice::given`), so the answer is the one tablemate would give for
//! those faces. The roll is logged under the person, marked as the
//! table's: no seed can prove it, and `log verify` reads its faces again.

use serde_json::Value;

use super::{App, AppError, Drawn, Reply, Result, invalid};
use crate::dice::{self, given, show};
use crate::roll_log;
use crate::style::Style;

/// Most faces one roll of the table's dice takes.
const MAX_FACES: usize = 1_000;

/// What a roll of the table's dice is marked with wherever it is shown.
pub const MARK: &str = "(the table's dice)";

impl App {
    /// `roll 4d6kh3 = 3 1 4 2`: `expr` is what comes before the `=`,
    /// `faces` what comes after it (a `# note` last among them).
    pub(super) fn roll_table(&mut self, expr: &[String], faces: &[String]) -> Result<Reply> {
        // `# note` ends the line: one word from the REPL, several from
        // a shell.
        let (faces, note) = match faces.iter().position(|w| w.starts_with('#')) {
            Some(at) => (&faces[..at], Some(faces[at..].join(" "))),
            None => (faces, None),
        };
        let note = note.as_deref();
        if faces.len() > MAX_FACES {
            return Err(invalid(format!(
                "{} faces in one roll: at most {MAX_FACES}",
                faces.len()
            )));
        }
        if expr.is_empty() {
            return Err(invalid(
                "the roll goes before '=' and the faces the dice showed after it: roll 2d6 = 3 4",
            ));
        }
        let typed = expr.join(" ");
        let words: Vec<&str> = faces.iter().map(String::as_str).collect();
        let more = |needs: Vec<given::Need>| {
            let mut before = vec!["roll".to_string()];
            before.extend(expr.iter().cloned());
            before.push("=".into());
            AppError::MoreDice {
                ask: given::ask(&needs),
                count: needs.len(),
                before,
                faces: faces.to_vec(),
                after: note.map(|n| vec![n.to_string()]).unwrap_or_default(),
            }
        };
        if let Some(system) = dice::system::System::parse(&typed) {
            let system = system?;
            return match given::read_system(&system, &words) {
                Ok((read, values, _)) => Ok(self.system_from_table(system, read, values, typed)),
                Err(given::Unread::Refused(e)) => Err(e.into()),
                Err(given::Unread::Needs(needs)) => Err(more(needs)),
            };
        }
        if self.house_line(&typed).is_some() {
            return Err(invalid(format!(
                "'{typed}' is a rule file's roll: tablemate reads the table's faces into dice expressions and the built-in systems, not yet into a rule file's"
            )));
        }
        let parts = dice::parse::top_level_parts(&typed);
        if parts.len() > 1 {
            return Err(invalid(format!(
                "'{typed}': the table's dice are read one roll at a time: roll {} = …",
                parts[0]
            )));
        }
        let source = match note {
            Some(n) => format!("{} {n}", self.with_saved(&typed)?),
            None => self.with_saved(&typed)?,
        };
        let parsed = dice::parse(&source)?;
        let read = match given::read(&parsed, &words) {
            Ok(read) => read,
            Err(given::Unread::Refused(e)) => return Err(e.into()),
            Err(given::Unread::Needs(needs)) => return Err(more(needs)),
        };
        let mut shown = String::new();
        show::roll_line(&mut shown, &parsed, &read.outcome, None, &Style::plain());
        let warning = self.log_roll(roll_log::Entry {
            at: roll_log::now(),
            expr: parsed.body.clone(),
            note: parsed.comment.clone(),
            seed: 0,
            draw: 0,
            repeats: 1,
            totals: vec![read.outcome.total],
            shown: shown.chars().take(roll_log::MAX_SHOWN).collect(),
            by: self.rolling_for.clone(),
            prev: None,
            chosen: false,
            choice: false,
            secret: None,
            faces: Some(read.faces.clone()),
            reveals: None,
        });
        self.last_roll = Some(typed);
        let mut text = String::new();
        show::roll_line(&mut text, &parsed, &read.outcome, None, &self.style);
        text.push(' ');
        text.push_str(MARK);
        let data = if self.json {
            let mut v = show::roll_json(&parsed, &read.outcome, 0);
            if let Value::Object(m) = &mut v {
                m.remove("seed");
                m.remove("seed_text");
                m.insert("dice".into(), "table".into());
                m.insert("faces".into(), read.faces.clone().into());
                if let Some(by) = &self.rolling_for {
                    m.insert("by".into(), by.clone().into());
                }
            }
            v
        } else {
            Value::Null
        };
        let mut reply = Reply::boxed(
            "roll",
            Box::new(Drawn {
                text,
                data,
                raw: None,
            }),
        );
        reply.warnings = warning.into_iter().collect();
        Ok(reply)
    }
}

/// `roll … = …`: where the expression ends and the faces begin (the
/// word `=` standing alone; `1d6=6` and `1d6 == 6` still compare).
pub(super) fn split_faces(words: &[String]) -> Option<(&[String], &[String])> {
    let at = words.iter().rposition(|w| w == "=")?;
    Some((&words[..at], &words[at + 1..]))
}

/// `2d6 == 3 4`, `2d6 =3 4`, `2d6= 3 4`: faces after an `=` that does
/// not stand alone, as the line with it standing alone.
pub(super) fn faces_meant(source: &str) -> Option<String> {
    // Not the `=` of `>=` or `<=`.
    let at = source
        .char_indices()
        .find(|&(i, c)| c == '=' && !source[..i].ends_with(['<', '>']))?
        .0;
    let (expr, rest) = (
        source[..at].trim_end(),
        source[at..].trim_start_matches('='),
    );
    let faces: Vec<&str> = rest.split_whitespace().collect();
    let face = |w: &&str| w.parse::<i64>().is_ok() || matches!(*w, "+" | "-");
    (faces.len() >= 2 && faces.iter().all(face) && !expr.is_empty())
        .then(|| format!("{expr} = {}", faces.join(" ")))
}

/// What the REPL says when a roll of the table's dice needs more: the
/// faces to add, and the whole line once they are typed.
pub fn more_line(
    before: &[String],
    faces: &[String],
    added: &str,
    after: &[String],
) -> Vec<String> {
    let mut line = before.to_vec();
    line.extend(faces.iter().cloned());
    line.extend(added.split_whitespace().map(str::to_string));
    line.extend(after.iter().cloned());
    line
}
