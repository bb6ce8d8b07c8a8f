//! `roll` and `prob`: dice expressions rolled and their exact odds.

use std::io::{self, BufWriter, Write};

use serde_json::Value;

use super::{App, AppError, Drawn, Reply, Result, invalid};
use crate::dice::{self, show, show::Target};
use crate::random::TableRng;
use crate::reply::Body;
use crate::roll_log;
use crate::style::Style;

impl App {
    /// Who `roll ... as NAME` names: a person at the table, however typed,
    /// shown as written; a guest only by the word (`as guest:Pat`). With
    /// no one seated, the name as typed.
    fn roller_named(&self, typed: &str) -> Result<String> {
        if let Some(guest) = typed
            .get(..6)
            .filter(|g| g.eq_ignore_ascii_case("guest:"))
            .map(|_| &typed[6..])
        {
            if let Some(why) = crate::people::problem(guest) {
                return Err(invalid(format!(
                    "'{}' cannot name a guest: {why}",
                    crate::visible::line(guest)
                )));
            }
            return Ok(format!("{guest} (guest)"));
        }
        if let Some(why) = crate::people::problem(typed) {
            return Err(invalid(format!(
                "'{}' cannot name who rolled: {why}",
                crate::visible::line(typed)
            )));
        }
        let at = self.at_table()?;
        let Some(table) = at.seating else {
            return Ok(typed.to_string());
        };
        match table.find(typed) {
            Ok(p) => Ok(p.name.clone()),
            Err(e) => Err(invalid(format!(
                "{e}: `roll 2d6 as guest:{typed}` rolls for someone not seated"
            ))),
        }
    }

    pub(super) fn roll(&mut self, words: &[String]) -> Result<Reply> {
        let (words, by) = roller(words)?;
        let typed_by = by.clone();
        // Unnamed, a roll in the REPL is the player's whose turn it is. A
        // one-shot `roll` opens no database, so it is named only by `as`.
        let by = match by {
            None if !self.one_shot => self.turn_now().ok().flatten().map(|t| t.name),
            None => None,
            Some(name) => Some(self.roller_named(&name)?),
        };
        self.rolling_for = by;
        let rolled = self.roll_for(words);
        self.rolling_for = None;
        // The faces still to come go before `as NAME`.
        match rolled {
            Err(AppError::MoreDice {
                ask,
                count,
                before,
                faces,
                mut after,
            }) => {
                if let Some(typed) = typed_by {
                    after.splice(0..0, ["as".to_string(), typed]);
                }
                Err(AppError::MoreDice {
                    ask,
                    count,
                    before,
                    faces,
                    after,
                })
            }
            other => other,
        }
    }

    pub(super) fn roll_for(&mut self, words: &[String]) -> Result<Reply> {
        self.roll_words(words)
            .map_err(|e| match (&e, slip_of_a_word(words)) {
                (AppError::MoreDice { .. } | AppError::Confirm { .. }, _) | (_, None) => e,
                (_, Some(said)) => invalid(said),
            })
    }

    fn roll_words(&mut self, words: &[String]) -> Result<Reply> {
        // `roll reveal`, `roll 2d6 secret`: a roll only its roller sees,
        // logged straight away, after the rolls held.
        if words
            .last()
            .is_some_and(|w| w.eq_ignore_ascii_case("reveal") || w.eq_ignore_ascii_case("secret"))
        {
            self.log_held_rolls();
        }
        match words {
            [only] if only.eq_ignore_ascii_case("reveal") => return self.reveal_secret(),
            [expr @ .., last] if !expr.is_empty() && last.eq_ignore_ascii_case("secret") => {
                return self.roll_secret(&expr.join(" "));
            }
            _ => {}
        }
        // `roll 4d6kh3 = 3 1 4 2`: the table's own dice.
        if let Some((expr, faces)) = super::table_dice::split_faces(words) {
            return self.roll_table(expr, faces);
        }
        let source = if words.is_empty() {
            self.last_roll
                .clone()
                .ok_or_else(|| invalid("nothing rolled yet: try `roll 2d6`"))?
        } else {
            words.join(" ")
        };
        // `roll sr 12`: a system's roll, read in its words.
        if let Some(system) = dice::system::System::parse(&source) {
            return self.roll_system(system?, source);
        }
        // `roll hero+2`: a system a rule file declares.
        if let Some(house) = self.house_line(&source) {
            return self.roll_declared(house?, source);
        }
        let parts = dice::parse::top_level_parts(&source);
        if parts.len() == 1 {
            return self.roll_single(source);
        }
        // Several rolls in one command: `roll 1d20+5, 2d6+3`.
        if parts.iter().any(|p| p.is_empty()) {
            return Err(invalid(format!(
                "'{source}': an empty roll between commas; write roll 1d20+5, 2d6+3"
            )));
        }
        if parts.len() > MAX_EXPRESSIONS {
            return Err(invalid(format!(
                "{} rolls in one command: at most {MAX_EXPRESSIONS}",
                parts.len()
            )));
        }
        // Each is checked before any is rolled, so an error rolls nothing.
        for p in &parts {
            check_output_size(&dice::parse(&self.with_saved(p)?)?, self.json)?;
        }
        let mut texts = Vec::new();
        let mut datas = Vec::new();
        let mut warnings = Vec::new();
        for p in &parts {
            let (r, said) = self.roll_one(p.to_string())?;
            datas.push(r.json());
            texts.push(r.text(&self.style));
            warnings.extend(said);
        }
        self.last_roll = Some(source);
        let mut reply = Reply::new(
            "roll",
            Drawn {
                text: texts.join("\n"),
                data: Value::Null,
                raw: self
                    .json
                    .then(|| format!("{{\"rolls\":[{}]}}", datas.join(",")).into_bytes()),
            },
        );
        reply.warnings = warnings;
        Ok(reply)
    }

    pub(super) fn roll_single(&mut self, source: String) -> Result<Reply> {
        let (drawn, warnings) = self.roll_one(source)?;
        let mut reply = Reply::boxed("roll", drawn);
        reply.warnings = warnings;
        Ok(reply)
    }

    /// One roll, drawn in the form it will be shown, and what to say on
    /// stderr beside it.
    fn roll_one(&mut self, source: String) -> Result<(Box<dyn Body>, Vec<String>)> {
        let source = self.with_saved(&source)?;
        let parsed = dice::parse(&source).map_err(|e| {
            // `roll d6 d8`: two rolls written without a comma.
            let words: Vec<&str> = source.split_whitespace().collect();
            let all_dice = words.len() > 1
                && words
                    .iter()
                    .all(|w| w.contains(['d', 'D']) && dice::parse(w).is_ok());
            if all_dice {
                invalid(format!(
                    "{e}\nseveral rolls are separated by commas: roll {} (or added: roll {})",
                    words.join(", "),
                    words.join("+")
                ))
            } else if let Some(line) = super::table_dice::faces_meant(&source) {
                invalid(format!(
                    "{e}\nthe faces the table's dice showed go after '=' standing alone: roll {line}"
                ))
            } else {
                e.into()
            }
        })?;
        check_output_size(&parsed, self.json)?;
        // One outcome is reused across repeats; only the text of the rolls
        // grows, and its size was bounded above. Many rolls' JSON is
        // written when it is printed, from the generator as it stands now.
        let series_from = (self.json && parsed.repeats > 1).then(|| self.rng.clone());
        let mut text = String::new();
        let width = parsed.repeats.to_string().len();
        let mut o = dice::Outcome::default();
        let draw = self.rng.draws();
        let mut totals = Vec::new();
        let mut shown = String::new();
        for n in 1..=parsed.repeats {
            dice::roll::roll_into(&parsed, &mut self.rng, &mut o)?;
            if totals.len() < roll_log::MAX_TOTALS {
                totals.push(o.total);
            }
            if n == 1 {
                show::roll_line(&mut shown, &parsed, &o, None, &Style::plain());
            }
            if !self.json {
                if n > 1 {
                    text.push('\n');
                }
                let number = (parsed.repeats > 1).then_some((n, width));
                show::roll_line(&mut text, &parsed, &o, number, &self.style);
            }
        }
        let warning = self.log_roll(roll_log::Entry {
            at: roll_log::now(),
            expr: parsed.body.clone(),
            note: parsed.comment.clone(),
            seed: self.seed(),
            draw,
            repeats: parsed.repeats,
            totals,
            shown: shown.chars().take(roll_log::MAX_SHOWN).collect(),
            by: self.rolling_for.clone(),
            // The log links it to the line before, under its lock.
            prev: None,
            chosen: false,
            choice: false,
            secret: None,
            faces: None,
            reveals: None,
        });
        self.last_roll = Some(source);
        let mut warnings: Vec<String> = warning.into_iter().collect();
        if !self.pool_hinted
            && let Some(hint) = pool_hint(&parsed)
        {
            self.pool_hinted = true;
            warnings.push(hint);
        }
        let drawn: Box<dyn Body> = if let Some(rng) = series_from {
            Box::new(RollSeries {
                roll: parsed,
                rng,
                seed: self.seed(),
            })
        } else {
            // A single roll's JSON is written from `o`, the roll just made.
            let data = if self.json {
                show::roll_json(&parsed, &o, self.seed())
            } else {
                Value::Null
            };
            Box::new(Drawn {
                text,
                data,
                raw: None,
            })
        };
        Ok((drawn, warnings))
    }

    /// Add a roll to the log. A log that cannot be written is said once
    /// a session; the roll stands.
    pub(super) fn log_roll(&mut self, mut entry: roll_log::Entry) -> Option<String> {
        // The table's own dice have no seed to choose.
        entry.chosen = self.seed_chosen && entry.faces.is_none();
        // The first roll from a seed chosen logs the choice before it.
        let mut entries = Vec::with_capacity(2);
        if entry.chosen
            && let Some(at) = self.choice_unlogged.take()
        {
            entries.push(roll_log::Entry::choice(
                at,
                entry.seed,
                self.rolling_for.clone(),
            ));
        }
        entries.push(entry);
        if let Some(held) = self.held_rolls.as_mut() {
            held.extend(entries);
            return None;
        }
        let err = roll_log::append_all(self.store.dir(), &entries).err()?;
        self.log_failed(&err.to_string())
    }

    /// What to say when the log cannot be written: once a session.
    pub(super) fn log_failed(&mut self, err: &str) -> Option<String> {
        if std::mem::replace(&mut self.log_warned, true) {
            return None;
        }
        Some(format!(
            "note: the roll log in {} could not be written ({err}); rolls go on unlogged",
            self.store.dir().display()
        ))
    }
}

/// Many rolls of one expression as JSON (`--json roll 100000x3d6`): made
/// again, from a copy of the generator as it stood before them, as they
/// are written out, so 17 MB of JSON is never held in memory. The copy
/// draws exactly what the rolls drew, so the rolls and totals are the ones
/// logged.
#[derive(Debug)]
struct RollSeries {
    roll: dice::Roll,
    rng: TableRng,
    seed: u64,
}

impl Body for RollSeries {
    /// Only made for `--json`: the text of the rolls is drawn as they are
    /// made.
    fn text(&self, _: &Style) -> String {
        String::new()
    }

    fn value(&self) -> Value {
        serde_json::from_str(&self.json()).expect("the rolls' JSON reads back")
    }

    fn json(&self) -> String {
        let mut out = Vec::new();
        self.write_json(&mut out).expect("a Vec takes every write");
        String::from_utf8(out).expect("serde_json writes UTF-8")
    }

    fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut rng = self.rng.clone();
        let mut o = dice::Outcome::default();
        let mut json = show::RollsJson::new(&self.roll, BufWriter::with_capacity(1 << 16, out))?;
        for _ in 0..self.roll.repeats {
            dice::roll::roll_into(&self.roll, &mut rng, &mut o).map_err(io::Error::other)?;
            json.push(&self.roll, &o)?;
        }
        json.finish(self.seed)
    }
}

/// `10d10k>7` adds the dice over 7, as in Roll20; a World of Darkness
/// player who meant to count them is told the pool form, once a session.
fn pool_hint(parsed: &dice::Roll) -> Option<String> {
    use dice::parse::{Pick, Sel};
    let d = parsed.dice.iter().find(|d| {
        d.mods.success.is_none()
            && d.mods
                .picks
                .iter()
                .any(|p| matches!(p, Pick::Keep(Sel::Gt(_) | Sel::Lt(_))))
    })?;
    let lower = d.source.to_ascii_lowercase();
    let at = lower.find("k>").or_else(|| lower.find("k<"))?;
    let pool = format!("{}{}", &d.source[..at], &d.source[at + 1..]);
    Some(format!(
        "note: {} adds up the dice it keeps; to count them as successes write {pool}",
        d.source
    ))
}

/// Most expressions one `roll` command takes, separated by commas.
const MAX_EXPRESSIONS: usize = 20;

/// Most dice one `roll` command shows: about 4 bytes each in text, and a
/// JSON object each (about 50 bytes) with `--json`; past that the output
/// alone would take hundreds of megabytes.
const MAX_SHOWN_DICE: u64 = 5_000_000;
const MAX_SHOWN_DICE_JSON: u64 = 1_000_000;

/// Refuse, before rolling anything, a command whose output would be too
/// large to hold, with the size in words.
fn check_output_size(parsed: &dice::Roll, json: bool) -> Result<()> {
    let per_roll: u64 = parsed.dice.iter().map(|d| d.count).sum::<u64>().max(1);
    let shown = per_roll.saturating_mul(parsed.repeats);
    let (most, bytes_each) = if json {
        (MAX_SHOWN_DICE_JSON, 50)
    } else {
        (MAX_SHOWN_DICE, 4)
    };
    if shown > most {
        let mb = shown.saturating_mul(bytes_each) / 1_000_000;
        return Err(invalid(format!(
            "{} rolls of {per_roll} dice would show {shown} dice (about {mb} MB of output); one roll command shows at most {most}: roll fewer, or use `prob` for the odds",
            parsed.repeats
        )));
    }
    Ok(())
}

impl App {
    pub(super) fn prob(&mut self, words: &[String]) -> Result<Reply> {
        // `prob draw 2 from bag hearts`: odds of a draw from a saved deck.
        if let Some((first, rest)) = words.split_first()
            && first.eq_ignore_ascii_case("draw")
        {
            return self.draw_odds(rest);
        }
        let line = words.join(" ");
        if let Some(system) = dice::system::System::parse(&line) {
            return Ok(super::systems::prob_system(system?));
        }
        if let Some(house) = self.house_line(&line) {
            return super::systems::prob_declared(&house?, self.json);
        }
        let mut words = words.to_vec();
        // Saved names are looked up only when the words are not dice,
        // and never in prob's own words (`atleast 40` is no saved roll:
        // looking for one opened the store, #78).
        let target = match words.as_slice() {
            [.., kw, _] if ["atleast", "atmost"].contains(&kw.to_lowercase().as_str()) => 2,
            _ => 0,
        };
        let (dice_words, target) = words.split_at(words.len() - target);
        let target = target.to_vec();
        let expr: Vec<&String> = dice_words.iter().filter(|w| !w.starts_with("--")).collect();
        let joined = expr
            .iter()
            .map(|w| w.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        let expanded = self.with_saved(&joined)?;
        if expanded != joined {
            let flags: Vec<String> = words
                .iter()
                .filter(|w| w.starts_with("--"))
                .cloned()
                .collect();
            words = vec![expanded];
            words.extend(flags);
            words.extend(target);
        }
        prob(&words, &self.style, self.json)
    }

    /// A roll with its saved names put in: `attack + 2` becomes
    /// `(1d20+5) + 2`. Dice that parse as they are come back untouched,
    /// with no look in the store (a plain `roll` opens no database).
    pub(super) fn with_saved(&self, source: &str) -> Result<String> {
        // No store yet: nothing saved, and none is made to find that out.
        let made = self.store.dir().join(crate::store::DB_FILE).exists();
        if dice::parse(source).is_ok() || names_in(source).is_empty() || !made {
            return Ok(source.to_string());
        }
        let saved = self
            .store
            .read(|c| crate::store::saved_rolls(c).map_err(super::AppError::from))?;
        if saved.is_none() {
            return Ok(source.to_string());
        }
        // A word that is no saved roll but close to one: say which.
        let names: Vec<&str> = saved.0.iter().map(|r| r.name.as_str()).collect();
        for (s, e) in names_in(source) {
            let word = &source[s..e];
            let hint = crate::suggest::hint(word, names.iter().copied());
            if saved.get(word).is_none() && !hint.is_empty() {
                return Err(invalid(format!(
                    "'{word}' is neither dice nor a saved roll{hint}: `saved` lists them"
                )));
            }
        }
        Ok(expand(source, &saved))
    }
}

/// Words a player types for `as` by a slip (`roll 2d6 by zoe`).
const NEAR_AS: &[&str] = &["by", "ass", "sa", "az", "for", "a", "asa", "ad", "aas"];

/// The roll's words without a last `as NAME`, and the name: who rolled,
/// for the log (`roll 2d6 as ben`, `roll 1d20+5 # sneak as "Ann Lee"`
/// keeps `as` in the note; the name must follow the dice).
fn roller(words: &[String]) -> Result<(&[String], Option<String>)> {
    let n = words.len();
    let noted = |ws: &[String]| ws.iter().any(|w| w.contains('#'));
    // After `=` come the faces (`roll 2d6 = a b` typed letters for
    // faces, not `as`).
    if n >= 3
        && !noted(&words[..n - 2])
        && words[n - 3] != "="
        && NEAR_AS.contains(&words[n - 2].to_lowercase().as_str())
        && words[n - 1].chars().next().is_some_and(char::is_alphabetic)
    {
        return Err(invalid(format!(
            "'{}': did you mean `as`? roll {} as {}",
            words[n - 2],
            words[..n - 2].join(" "),
            words[n - 1]
        )));
    }
    match words {
        [.., as_, name] if n >= 3 && as_.eq_ignore_ascii_case("as") && !noted(&words[..n - 2]) => {
            Ok((&words[..n - 2], Some(name.clone())))
        }
        // `roll 2d6 as`: the name was left out, not a dice typo.
        [.., as_] if n >= 2 && as_.eq_ignore_ascii_case("as") && !noted(words) => Err(invalid(
            "'as' takes who rolled, after the dice: roll 2d6 as ben (quote a name with spaces)",
        )),
        _ => Ok((words, None)),
    }
}

/// The words of a roll that could be saved names: a letter (of any
/// language: `zoë`), then letters, digits, `-` or `_`, outside labels and
/// notes, not followed by `(`. Byte offsets into `source`.
fn names_in(source: &str) -> Vec<(usize, usize)> {
    let body = source.split('#').next().unwrap_or("");
    let chars: Vec<(usize, char)> = body.char_indices().collect();
    let at = |k: usize| chars.get(k).map(|&(_, c)| c);
    let mut out = Vec::new();
    let (mut k, mut depth) = (0, 0);
    while let Some(c) = at(k) {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            c if c.is_alphabetic()
                && depth == 0
                && (k == 0 || !at(k - 1).is_some_and(char::is_alphanumeric)) =>
            {
                let start = chars[k].0;
                while let Some(c) = at(k) {
                    let more = c.is_alphanumeric()
                        || c == '_'
                        || c == '-' && at(k + 1).is_some_and(char::is_alphabetic);
                    if !more {
                        break;
                    }
                    k += 1;
                }
                let end = chars.get(k).map_or(body.len(), |&(i, _)| i);
                let word = &body[start..end];
                let call = body[end..].trim_start().starts_with('(');
                let own = dice::parse::LANGUAGE_WORDS.contains(&word.to_ascii_lowercase().as_str());
                if !call && !own && dice::parse(word).is_err() {
                    out.push((start, end));
                }
                continue;
            }
            _ => {}
        }
        k += 1;
    }
    out
}

/// Put each saved roll in for its name: alone, as written; inside more, in
/// parentheses. A saved note comes along when the roll has none.
fn expand(source: &str, saved: &crate::store::SavedRolls) -> String {
    let spans = names_in(source);
    if let [(s, e)] = spans.as_slice()
        && source[..*s].trim().is_empty()
        && source[*e..]
            .split('#')
            .next()
            .is_some_and(|t| t.trim().is_empty())
        && let Some(r) = saved.get(&source[*s..*e])
    {
        let note = source[*e..]
            .split_once('#')
            .map(|(_, n)| n.trim().to_string());
        return match note.filter(|n| !n.is_empty()).or_else(|| r.note.clone()) {
            Some(n) => format!("{} # {n}", r.expr),
            None => r.expr.clone(),
        };
    }
    let mut out = String::new();
    let mut at = 0;
    let mut note = None;
    for (s, e) in spans {
        if let Some(r) = saved.get(&source[s..e]) {
            out.push_str(&source[at..s]);
            out.push('(');
            out.push_str(&r.expr);
            out.push(')');
            note = note.or(r.note.clone());
            at = e;
        }
    }
    out.push_str(&source[at..]);
    match note {
        Some(n) if !out.contains('#') => format!("{out} # {n}"),
        _ => out,
    }
}

pub(super) fn prob(words: &[String], style: &Style, json: bool) -> Result<Reply> {
    // `--all` and `--wait` may come anywhere after the expression (they
    // are no dice).
    let all = words.iter().any(|w| w == "--all");
    let seconds = if words.iter().any(|w| w == "--wait") {
        f64::INFINITY
    } else {
        dice::cost::TIME_BUDGET
    };
    let words: Vec<String> = words
        .iter()
        .filter(|w| *w != "--all" && *w != "--wait")
        .cloned()
        .collect();
    let (expr, target) = match words.as_slice() {
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
    if let Some(margin) = dice::odds::margin(&parsed, seconds)? {
        if target.is_some() || all {
            return Err(invalid(
                "a comparison gives pass and fail: leave out atleast, atmost and --all",
            ));
        }
        return Ok(if json {
            super::drawn("prob", String::new(), show::compare_json(&parsed, &margin))
        } else {
            super::drawn(
                "prob",
                show::compare_text(&parsed, &margin, style),
                Value::Null,
            )
        });
    }
    // Only the form that will be printed: a fraction string per total is
    // most of the work for a long distribution, and the table of many
    // like dice is streamed without the whole distribution.
    Ok(match (json, target) {
        // One chance asked: that chance alone, never the whole listing
        // (40d10!>=8 atleast 200 listed 145 MB to give one fraction).
        (true, Some(t)) => {
            let reach = dice::table::reach(&parsed, seconds, t)?;
            Reply::new(
                "prob",
                super::Drawn {
                    text: String::new(),
                    data: Value::Null,
                    raw: Some(show::target_json(&parsed, reach.as_ref(), t)),
                },
            )
        }
        (true, None) => {
            dice::odds::listable(&parsed, seconds)?;
            let d = dice::odds::exact(&parsed, seconds)?;
            Reply::new(
                "prob",
                super::Drawn {
                    text: String::new(),
                    data: Value::Null,
                    raw: Some(show::prob_json(&parsed, &d, target)),
                },
            )
        }
        (false, Some(t)) => {
            let reach = dice::table::reach(&parsed, seconds, t)?;
            super::drawn(
                "prob",
                show::target_text(&parsed, reach.as_ref(), t, style),
                Value::Null,
            )
        }
        (false, None) => {
            let t = dice::table::table(&parsed, seconds, all)?;
            super::drawn(
                "prob",
                show::table_text(&parsed, t.as_ref(), style),
                Value::Null,
            )
        }
    })
}

/// A roll refused whose last word is a slip of `secret` or `reveal`
/// (`roll 2d6 secert`, `roll revael`): what to say instead of the dice's
/// complaint about a letter.
fn slip_of_a_word(words: &[String]) -> Option<String> {
    let last = words.last()?;
    let lower = last.to_lowercase();
    if !lower.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let (meant, how) = [
        (
            "secret",
            "`roll 2d6 secret as NAME`: a roll only its roller sees",
        ),
        (
            "reveal",
            "`roll reveal as NAME`: their secret roll, shown to all",
        ),
    ]
    .into_iter()
    .find(|(m, _)| lower != *m && crate::suggest::distance(&lower, m) <= 2)?;
    Some(format!(
        "'{}': did you mean `{meant}` ({how})?",
        crate::style::clip_quoted(last)
    ))
}
