//! How dice results look: text for the table, JSON for scripts.

use std::fmt::Write as _;
use std::io;

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use num_traits::{One, Zero};
use serde::Serialize;
use serde_json::Value;

use super::dist::{Dist, Margin, fraction, prob_f64};
use super::lowest::Lowest;
use super::parse::{Dice, Faces, Roll, int_in, push_int};
use super::roll::{Die, Outcome};
use super::table::{Fold, Reach, Table};
use crate::style::{Style, Tone};

pub use super::table::Target;

/// One die as text: `5`, `~~2~~` (dropped), `~~1~~ 4` (rerolled),
/// `6!+6!+2` (exploded), `1→3` (clamped).
fn write_die(out: &mut String, d: &Die, term: &Dice, style: &Style) {
    let faces = &term.faces;
    if d.added {
        out.push('+');
    }
    for &r in &d.rerolled {
        struck(out, &faces.label(r), style);
        out.push(' ');
    }
    if d.kept && d.exploded.is_empty() && d.clamped_from.is_none() {
        // The common case, written without building anything.
        faces.write_label(out, d.first);
        if d.burst {
            out.push('!');
        }
        marks(out, d, term, style);
        return;
    }
    let mut body = String::new();
    if d.clamped_from.is_some() && !d.exploded.is_empty() {
        body.push('(');
    }
    faces.write_label(&mut body, d.first);
    if d.burst {
        body.push('!');
    }
    let pen = i64::from(term.mods.penetrate);
    for &e in &d.exploded {
        body.push_str("!+");
        faces.write_label(&mut body, e - pen);
    }
    if d.clamped_from.is_some() {
        if !d.exploded.is_empty() {
            body.push(')');
        }
        let _ = write!(body, "→{}", d.value);
    }
    if d.kept {
        out.push_str(&body);
        marks(out, d, term, style);
    } else {
        struck(out, &body, style);
    }
}

/// A critical die (`cs`, `cf`): `↑` after a critical success, `↓` after
/// a critical failure, on the face first rolled; in colour too.
fn crit_mark(out: &mut String, d: &Die, term: &Dice, style: &Style) {
    if let Some((mark, tone)) = crit(d, term) {
        out.push_str(&style.paint(mark, tone));
    }
}

fn crit(d: &Die, term: &Dice) -> Option<(&'static str, Tone)> {
    let m = &term.mods;
    if m.crit_success.is_some_and(|s| s.matches(d.first)) {
        Some(("↑", Tone::Good))
    } else if m.crit_fail.is_some_and(|s| s.matches(d.first)) {
        Some(("↓", Tone::Bad))
    } else {
        None
    }
}

/// The dice in the order shown: as rolled, or sorted (`s` up, `sd` down;
/// only the display changes).
fn shown_order<'a>(dice: &'a [Die], term: &Dice) -> Box<dyn Iterator<Item = &'a Die> + 'a> {
    match term.mods.sort {
        None => Box::new(dice.iter()),
        Some(down) => {
            let mut v: Vec<&Die> = dice.iter().collect();
            v.sort_by_key(|d| d.value);
            if down {
                v.reverse();
            }
            Box::new(v.into_iter())
        }
    }
}

/// A kept die's marks: critical (`↑`, `↓`), and in a success pool `✓`
/// after a success and `✗` after a failure (in colour too, green and red:
/// the marks are what a reader counts).
fn marks(out: &mut String, d: &Die, term: &Dice, style: &Style) {
    crit_mark(out, d, term, style);
    if term.mods.success.is_none() {
        return;
    }
    let (mark, tone) = match pool_name(term, d) {
        Some("success") => ("✓", Tone::Good),
        Some("double") => ("✓✓", Tone::Good),
        Some(_) => ("✗", Tone::Bad),
        None => return,
    };
    if style.color {
        out.push_str(&style.paint(mark, tone));
    } else {
        out.push_str(mark);
    }
}

/// What a kept die is in a success pool: a success, a failure, or neither.
fn pool_name(term: &Dice, d: &Die) -> Option<&'static str> {
    if term.mods.success.is_none() || !d.kept {
        return None;
    }
    match term.mods.worth(d.value) {
        2.. => Some("double"),
        1 => Some("success"),
        -1 => Some("failure"),
        _ => None,
    }
}

/// `3 successes`, for a roll that is one success pool alone.
pub fn pool_total(r: &Roll, total: i64) -> Option<String> {
    let pool = match &r.expr {
        super::parse::Expr::Dice(i) => r.dice[*i].mods.success.is_some(),
        super::parse::Expr::Pool(_, m) => m.success.is_some(),
        _ => false,
    };
    pool.then(|| {
        format!(
            "{total} {}",
            if total == 1 { "success" } else { "successes" }
        )
    })
}

/// A dropped or rerolled die: `~~2~~` always, dimmed (and struck
/// through) in colour too, since many terminals draw neither dim nor
/// strikethrough and the marks must say which die went.
fn struck(out: &mut String, text: &str, style: &Style) {
    let marked = format!("~~{text}~~");
    if style.color {
        out.push_str(&style.paint(&marked, Tone::Dim));
    } else {
        out.push_str(&marked);
    }
}

/// One roll as one line: the expression with each dice term's faces, then
/// the total. `number` is `Some((n, width))` when the roll is one of several.
pub fn roll_line(
    out: &mut String,
    r: &Roll,
    o: &Outcome,
    number: Option<(u64, usize)>,
    style: &Style,
) {
    let multi_term = r.dice.len() > 1 || !matches!(r.expr, super::parse::Expr::Dice(_));
    if let Some((n, width)) = number {
        let digits = n.to_string().len();
        out.extend(std::iter::repeat_n(' ', width.saturating_sub(digits)));
        push_int(out, n as i64);
        out.push_str(": ");
    }
    let mut term = |i: usize, out: &mut String| {
        let d = &r.dice[i];
        let t = &o.terms[i];
        out.push_str(&d.source);
        out.push_str(" [");
        for (k, x) in shown_order(&t.dice, d).enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            write_die(out, x, d, style);
        }
        out.push(']');
        if multi_term && t.dice.len() > 1 {
            out.push_str(" (");
            push_int(out, t.total);
            out.push(')');
        }
    };
    r.show(out, &mut term);
    if let (Some((cmp, right)), Some(target)) = (&r.compare, o.right) {
        // `1d20 [13] + 5 = 18 >= 15: pass by 3`; an opposed roll shows the
        // other side's dice and total too.
        out.push_str(" = ");
        push_int(out, o.total);
        out.push(' ');
        out.push_str(cmp.symbol());
        out.push(' ');
        if !matches!(right, super::parse::Expr::Num(_)) {
            r.show_right(out, &mut term);
            out.push_str(" = ");
        }
        push_int(out, target);
        let margin = o.total.saturating_sub(target);
        let verdict = match (cmp.passes(margin), margin) {
            (true, 0) => "pass, exactly".to_string(),
            (true, m) => format!("pass by {}", m.unsigned_abs()),
            (false, 0) => "fail, a tie".to_string(),
            (false, m) => format!("fail by {}", m.unsigned_abs()),
        };
        out.push_str(": ");
        if style.color {
            let tone = if cmp.passes(margin) {
                Tone::Good
            } else {
                Tone::Bad
            };
            out.push_str(&style.paint(&verdict, tone));
        } else {
            out.push_str(&verdict);
        }
        note(out, r, style);
        return;
    }
    out.push_str(" = ");
    match (pool_total(r, o.total), style.color) {
        (Some(t), true) => out.push_str(&style.paint(&t, Tone::Emph)),
        (Some(t), false) => out.push_str(&t),
        (None, true) => out.push_str(&style.paint(&o.total.to_string(), Tone::Emph)),
        (None, false) => push_int(out, o.total),
    }
    note(out, r, style);
}

/// The roll's `# comment`, after the result.
fn note(out: &mut String, r: &Roll, style: &Style) {
    if let Some(c) = &r.comment {
        out.push_str("  ");
        out.push_str(&style.paint(&format!("# {c}"), Tone::Dim));
    }
}

/// One die as JSON. Fields in alphabetical order, as the keys of a JSON
/// object have always come out.
#[derive(Serialize)]
struct DieJson<'a> {
    /// The die an `ra` match brought.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    added: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    clamped_from: Option<i64>,
    /// `success` or `failure` for a die marked critical (`cs`, `cf`).
    #[serde(skip_serializing_if = "Option::is_none")]
    crit: Option<&'static str>,
    #[serde(skip_serializing_if = "<[i64]>::is_empty")]
    exploded: &'a [i64],
    face: FaceLabel<'a>,
    /// In a success pool: `success` or `failure` (absent for neither).
    #[serde(skip_serializing_if = "Option::is_none")]
    pool: Option<&'static str>,
    #[serde(skip_serializing_if = "<[i64]>::is_empty")]
    rerolled: &'a [i64],
    state: &'static str,
    value: i64,
}

/// A face as its label, written without allocating a string per die.
struct FaceLabel<'a>(&'a Faces, i64);

impl Serialize for FaceLabel<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.label_in(&mut [0; 20], self.1))
    }
}

#[derive(Serialize)]
struct TermJson<'a> {
    dice: Vec<DieJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'a str>,
    term: &'a str,
    total: i64,
}

/// One roll's dice and total, serialised straight from the outcome (a
/// `Value` tree per roll made `--json roll 100000x3d6` take half a second).
#[derive(Serialize)]
struct OutcomeJson<'a> {
    /// For a comparison: whether it passed, and the other side's total.
    #[serde(skip_serializing_if = "Option::is_none")]
    pass: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    right: Option<i64>,
    terms: Vec<TermJson<'a>>,
    total: i64,
}

impl<'a> OutcomeJson<'a> {
    fn new(r: &'a Roll, o: &'a Outcome) -> OutcomeJson<'a> {
        let terms = r
            .dice
            .iter()
            .zip(&o.terms)
            .map(|(d, t)| TermJson {
                dice: t.dice.iter().map(|x| DieJson::new(d, x)).collect(),
                label: d.label.as_deref(),
                term: &d.source,
                total: t.total,
            })
            .collect();
        OutcomeJson {
            pass: passed(r, o),
            right: o.right,
            terms,
            total: o.total,
        }
    }
}

impl<'a> DieJson<'a> {
    fn new(term: &'a Dice, x: &'a Die) -> DieJson<'a> {
        DieJson {
            added: x.added,
            clamped_from: x.clamped_from,
            crit: crit(x, term).map(|(m, _)| if m == "↑" { "success" } else { "failure" }),
            exploded: &x.exploded,
            face: FaceLabel(&term.faces, x.first),
            pool: pool_name(term, x),
            rerolled: &x.rerolled,
            state: if x.kept { "kept" } else { "dropped" },
            value: x.value,
        }
    }

    /// Only a face, kept or dropped, and a value: nearly every die.
    fn is_plain(&self) -> bool {
        !self.added
            && self.clamped_from.is_none()
            && self.crit.is_none()
            && self.exploded.is_empty()
            && self.pool.is_none()
            && self.rerolled.is_empty()
    }
}

/// For a comparison, whether the roll passed.
fn passed(r: &Roll, o: &Outcome) -> Option<bool> {
    r.compare
        .as_ref()
        .zip(o.right)
        .map(|((cmp, _), right)| cmp.passes(o.total.saturating_sub(right)))
}

/// One roll's JSON written straight out: `OutcomeJson`'s text byte for
/// byte (a test holds the two together), with the plain dice that make up
/// nearly every roll written as fixed pieces rather than through serde's
/// general path. `--json roll 100000x3d6` writes 300,000 of them.
fn write_outcome<W: io::Write>(out: &mut W, r: &Roll, o: &Outcome) -> io::Result<()> {
    let mut buf = [0; 20];
    out.write_all(b"{")?;
    if let Some(pass) = passed(r, o) {
        write!(out, r#""pass":{pass},"#)?;
    }
    if let Some(right) = o.right {
        write!(out, r#""right":{right},"#)?;
    }
    out.write_all(br#""terms":["#)?;
    for (i, (d, t)) in r.dice.iter().zip(&o.terms).enumerate() {
        out.write_all(if i == 0 {
            br#"{"dice":["#
        } else {
            br#",{"dice":["#
        })?;
        for (j, x) in t.dice.iter().enumerate() {
            if j > 0 {
                out.write_all(b",")?;
            }
            let die = DieJson::new(d, x);
            if !die.is_plain() {
                serde_json::to_writer(&mut *out, &die)?;
                continue;
            }
            // A face's label is a number or a plain word: nothing to escape.
            out.write_all(br#"{"face":""#)?;
            out.write_all(d.faces.label_in(&mut buf, x.first).as_bytes())?;
            out.write_all(if x.kept {
                br#"","state":"kept","value":"#
            } else {
                br#"","state":"dropped","value":"#
            })?;
            out.write_all(int_in(&mut buf, x.value).as_bytes())?;
            out.write_all(b"}")?;
        }
        out.write_all(b"]")?;
        if let Some(label) = &d.label {
            out.write_all(br#","label":"#)?;
            serde_json::to_writer(&mut *out, label)?;
        }
        out.write_all(br#","term":"#)?;
        serde_json::to_writer(&mut *out, &d.source)?;
        out.write_all(br#","total":"#)?;
        out.write_all(int_in(&mut buf, t.total).as_bytes())?;
        out.write_all(b"}")?;
    }
    out.write_all(br#"],"total":"#)?;
    out.write_all(int_in(&mut buf, o.total).as_bytes())?;
    out.write_all(b"}")
}

/// `--json` data of a single roll: the expression and seed, then the
/// outcome's `terms` and `total` (and a comparison's `pass`, `right`).
#[derive(Serialize)]
struct RollJson<'a> {
    expr: &'a str,
    #[serde(flatten)]
    seed: crate::random::JsonSeed,
    #[serde(skip_serializing_if = "Option::is_none")]
    comment: Option<&'a str>,
    #[serde(flatten)]
    outcome: OutcomeJson<'a>,
}

/// The whole of a single roll as JSON (repeats are written as they are
/// made: `RollsJson`).
pub fn roll_json(r: &Roll, o: &Outcome, seed: u64) -> Value {
    let v = RollJson {
        expr: &r.source,
        seed: crate::random::JsonSeed(seed),
        comment: r.comment.as_deref(),
        outcome: OutcomeJson::new(r, o),
    };
    serde_json::to_value(v).expect("dice serialise")
}

/// The JSON of many rolls of one expression, written roll by roll into
/// `out` (`--json roll 100000x3d6` is 17 MB: it is never held whole).
pub struct RollsJson<W: io::Write> {
    out: W,
    totals: String,
}

impl<W: io::Write> RollsJson<W> {
    pub fn new(r: &Roll, mut out: W) -> io::Result<RollsJson<W>> {
        write!(
            out,
            r#"{{"expr":{},"rolls":["#,
            Value::from(r.source.as_str())
        )?;
        Ok(RollsJson {
            out,
            totals: String::new(),
        })
    }

    pub fn push(&mut self, r: &Roll, o: &Outcome) -> io::Result<()> {
        if !self.totals.is_empty() {
            self.out.write_all(b",")?;
            self.totals.push(',');
        }
        write_outcome(&mut self.out, r, o)?;
        push_int(&mut self.totals, o.total);
        Ok(())
    }

    pub fn finish(mut self, seed: u64) -> io::Result<()> {
        write!(
            self.out,
            r#"],"seed":{seed},"seed_text":"{seed}","totals":[{}]}}"#,
            self.totals
        )?;
        self.out.flush()
    }
}

/// A chance as a percentage: two decimals, or scientific below 0.01%.
/// Scientific figures come from the numbers' top bits, so a chance far
/// below what f64 holds (6^-1000) still shows its size, never 0.00%.
pub(crate) fn percent(num: &BigUint, den: &BigUint) -> String {
    if num.is_zero() {
        return "0.00%".into();
    }
    let p = prob_f64(num, den) * 100.0;
    if p >= 0.01 {
        return format!("{p:.2}%");
    }
    let shift = |x: &BigUint| x.bits().saturating_sub(64);
    let (sn, sd) = (shift(num), shift(den));
    let top = |x: &BigUint, s: u64| (x >> s).to_f64().unwrap_or(f64::MAX);
    let log = (top(num, sn) / top(den, sd)).log10()
        + (sn as f64 - sd as f64) * std::f64::consts::LOG10_2
        + 2.0;
    let mut exp = log.floor() as i64;
    let mut mantissa = 10f64.powf(log - log.floor());
    if format!("{mantissa:.1}") == "10.0" {
        mantissa = 1.0;
        exp += 1;
    }
    format!("{mantissa:.1}e{exp}%")
}

/// The line that heads every odds reply.
fn heading(
    out: &mut String,
    r: &Roll,
    (min, max): (i64, i64),
    (mean, sd): (f64, f64),
    style: &Style,
) {
    let _ = writeln!(
        out,
        "{}",
        style.paint(
            &format!(
                "{}: min {min}, max {max}, mean {mean:.3}, sd {sd:.3}",
                r.source
            ),
            Tone::Heading
        )
    );
    if r.repeats > 1 {
        let _ = writeln!(out, "(each of the {} rolls)", r.repeats);
    }
}

/// What the odds leave out: chains past the explosion limit.
fn beyond_line(out: &mut String, r: &Roll, beyond: &BigUint, denom: &BigUint) {
    if beyond.is_zero() {
        return;
    }
    let _ = writeln!(
        out,
        "not counted: {} of outcomes, where {}\n(the mean and sd above are of the outcomes counted)",
        percent(beyond, denom),
        past_the_limit(r)
    );
}

/// Where the outcomes left out lie, term by term (`a die explodes more
/// than 21 times`, `the dice of 40d10!>=8 explode more than 77 times in
/// all`), each limit said once.
fn past_the_limit(r: &Roll) -> String {
    use super::plan::Limit;
    let mut said: Vec<String> = Vec::new();
    let terms = r.dice.iter().filter(|d| d.mods.explode.is_some()).count();
    for d in &r.dice {
        let words = match super::dist::term_limit(d) {
            None => continue,
            Some(Limit::PerDie(depth)) => format!("a die explodes more than {depth} times"),
            Some(Limit::Kept { depth, total }) => format!(
                "a die explodes more than {depth} times or {} keeps more than {total}",
                d.source
            ),
            Some(Limit::InAll(k)) if d.count == 1 => format!("a die explodes more than {k} times"),
            Some(Limit::InAll(k)) if terms == 1 => {
                format!("the dice explode more than {k} times in all")
            }
            Some(Limit::InAll(k)) => {
                format!(
                    "the dice of {} explode more than {k} times in all",
                    d.source
                )
            }
        };
        if !said.contains(&words) {
            said.push(words);
        }
    }
    if said.is_empty() {
        return format!(
            "a die explodes more than {} times",
            super::parse::MAX_EXPLOSIONS
        );
    }
    said.join(" or ")
}

fn no_outcome(r: &Roll) -> String {
    format!("{}: no outcome within the explosion limit", r.source)
}

/// `prob EXPR atleast N` (or `atmost N`): the one chance, exact.
pub fn target_text(r: &Roll, reach: Option<&Reach>, target: Target, style: &Style) -> String {
    let Some(t) = reach else {
        return no_outcome(r);
    };
    let mut out = String::new();
    heading(&mut out, r, (t.min, t.max), (t.mean, t.sd), style);
    let label = match target {
        Target::AtLeast(n) => format!("at least {n}"),
        Target::AtMost(n) => format!("at most {n}"),
    };
    let _ = writeln!(
        out,
        "P({label}) = {} = {}",
        style.paint(&percent(&t.num, &t.denom), Tone::Emph),
        fraction(&t.num, &t.denom)
    );
    beyond_line(&mut out, r, &t.beyond, &t.denom);
    out.pop();
    out
}

/// How many totals a folded row holds, where the line has room for it
/// (a row's figures take `vw` + 27 columns).
fn fold_note(f: &Fold, vw: usize, width: usize) -> String {
    let note = format!(" ({} totals)", f.totals);
    if vw + 27 + note.len() <= width {
        note
    } else {
        String::new()
    }
}

/// `prob EXPR`: the odds table, each row with the chance of its totals,
/// of them or more and of them or less, and a bar.
pub fn table_text(r: &Roll, t: Option<&Table>, style: &Style) -> String {
    let Some(t) = t else {
        return no_outcome(r);
    };
    let mut out = String::new();
    heading(&mut out, r, (t.min, t.max), (t.mean, t.sd), style);
    let label = |a: i64, b: i64| {
        if a == b {
            a.to_string()
        } else {
            format!("{a}..{b}")
        }
    };
    // The value column holds the folded rows' labels (`<=293`) too.
    let fold_width = |f: &Option<Fold>| f.as_ref().map_or(0, |f| f.edge.to_string().len() + 2);
    let vw = t
        .max
        .to_string()
        .len()
        .max(t.min.to_string().len())
        .max(fold_width(&t.low))
        .max(fold_width(&t.high))
        .max(
            t.rows
                .iter()
                .map(|row| label(row.first, row.last).len())
                .max()
                .unwrap_or(0),
        );
    let top = t
        .rows
        .iter()
        .map(|row| &row.weight)
        .max()
        .cloned()
        .unwrap_or_default();
    // Each row also gives the chance of that total or more and of it
    // or less, as a player asks ("what are my odds of 12 or better").
    // The bar takes what the line has left, none at all where the figures
    // fill it (40 columns and `34438..34445` rows): a bar that wrapped
    // would double every row.
    let bar_room = style.width.saturating_sub(vw + 29);
    let mut below = BigUint::zero();
    let _ = writeln!(
        out,
        "{:>vw$} {:>8} {:>8} {:>8}",
        "", "chance", "or more", "or less"
    );
    let hundred = percent(&t.counted, &t.denom);
    if let Some(f) = &t.low {
        below += &f.weight;
        let _ = writeln!(
            out,
            "{:>vw$} {:>8} {:>8} {:>8}{}",
            format!("<={}", f.edge),
            percent(&f.weight, &t.denom),
            hundred,
            percent(&below, &t.denom),
            fold_note(f, vw, style.width)
        );
    }
    for row in &t.rows {
        let w = &row.weight;
        let share = prob_f64(w, &top);
        let cells = (share * bar_room as f64).round() as usize;
        let bar = if bar_room == 0 {
            String::new()
        } else if cells == 0 && !w.is_zero() {
            " ▏".to_string()
        } else {
            format!(" {}", "█".repeat(cells))
        };
        let at_least = percent(&(&t.counted - &below), &t.denom);
        below += w;
        let _ = writeln!(
            out,
            "{:>vw$} {:>8} {:>8} {:>8}{bar}",
            label(row.first, row.last),
            percent(w, &t.denom),
            at_least,
            percent(&below, &t.denom)
        );
    }
    if let Some(f) = &t.high {
        let _ = writeln!(
            out,
            "{:>vw$} {:>8} {:>8} {:>8}{}",
            format!(">={}", f.edge),
            percent(&f.weight, &t.denom),
            percent(&f.weight, &t.denom),
            hundred,
            fold_note(f, vw, style.width)
        );
    }
    if t.per_row > 1 {
        let _ = writeln!(
            out,
            "{} totals, {} to a row; `--all` shows every one",
            t.totals, t.per_row
        );
    } else if t.low.is_some() || t.high.is_some() {
        let _ = writeln!(
            out,
            "{} totals: the rarest ends are folded; `--all` shows every one",
            t.totals
        );
    }
    beyond_line(&mut out, r, &t.beyond, &t.denom);
    out.pop();
    out
}

/// A chance, exact and as a float.
#[derive(Serialize)]
struct Chance {
    fraction: String,
    probability: f64,
}

impl Chance {
    fn of(num: &BigUint, den: &BigUint) -> Chance {
        Chance {
            fraction: fraction(num, den),
            probability: prob_f64(num, den),
        }
    }
}

/// The chance of one total (keys sorted, as `ProbJson`'s).
#[derive(Serialize)]
struct TotalChance {
    fraction: String,
    probability: f64,
    total: i64,
}

/// The chance of reaching a target (`atleast 12`).
#[derive(Serialize)]
struct TargetChance {
    fraction: String,
    probability: f64,
    target: i64,
}

/// `prob`'s `--json` data, written straight to text. Its keys are in the
/// sorted order readers saw when it was built as a tree first.
#[derive(Serialize)]
struct ProbJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    atleast: Option<TargetChance>,
    #[serde(skip_serializing_if = "Option::is_none")]
    atmost: Option<TargetChance>,
    beyond_limit: Chance,
    distribution: Listing<'a>,
    expr: &'a str,
    max: Option<i64>,
    mean: f64,
    min: Option<i64>,
    sd: f64,
}

/// Every total's chance, each fraction made as it is written: `3000d6`
/// lists 60 MB of digits, which are held once, as the reply's text.
struct Listing<'a>(&'a Dist);

impl Serialize for Listing<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let d = self.0;
        let lowest = Lowest::new(&d.denom);
        s.collect_seq(d.weights.iter().map(|(&total, w)| TotalChance {
            fraction: lowest.fraction(w),
            probability: prob_f64(w, &d.denom),
            total,
        }))
    }
}

/// `prob`'s `--json` data as JSON text.
pub fn prob_json(r: &Roll, d: &Dist, target: Option<Target>) -> Vec<u8> {
    let (mean, sd) = d.mean_sd();
    let reach = |n: i64, (num, den): (BigUint, BigUint)| TargetChance {
        fraction: fraction(&num, &den),
        probability: prob_f64(&num, &den),
        target: n,
    };
    let v = ProbJson {
        atleast: match target {
            Some(Target::AtLeast(n)) => Some(reach(n, d.chance(|v| v >= n))),
            _ => None,
        },
        atmost: match target {
            Some(Target::AtMost(n)) => Some(reach(n, d.chance(|v| v <= n))),
            _ => None,
        },
        beyond_limit: Chance::of(&d.beyond, &d.denom),
        distribution: Listing(d),
        expr: &r.source,
        max: d.max(),
        mean,
        min: d.min(),
        sd,
    };
    serde_json::to_vec(&v).expect("odds serialise")
}

/// `prob EXPR atleast N --json`: the one chance, with the roll's range,
/// mean and spread, and no listing of every total.
#[derive(Serialize)]
struct TargetJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    atleast: Option<TargetChance>,
    #[serde(skip_serializing_if = "Option::is_none")]
    atmost: Option<TargetChance>,
    beyond_limit: Chance,
    expr: &'a str,
    max: Option<i64>,
    mean: f64,
    min: Option<i64>,
    sd: f64,
}

/// `prob`'s `--json` data for one chance (`atleast`, `atmost`).
pub fn target_json(r: &Roll, reach: Option<&Reach>, target: Target) -> Vec<u8> {
    let chance = |n: i64, t: &Reach| TargetChance {
        fraction: fraction(&t.num, &t.denom),
        probability: prob_f64(&t.num, &t.denom),
        target: n,
    };
    let zero = BigUint::zero();
    let one = BigUint::one();
    let v = TargetJson {
        atleast: match (target, reach) {
            (Target::AtLeast(n), Some(t)) => Some(chance(n, t)),
            _ => None,
        },
        atmost: match (target, reach) {
            (Target::AtMost(n), Some(t)) => Some(chance(n, t)),
            _ => None,
        },
        beyond_limit: match reach {
            Some(t) => Chance::of(&t.beyond, &t.denom),
            None => Chance::of(&zero, &one),
        },
        expr: &r.source,
        max: reach.map(|t| t.max),
        mean: reach.map_or(0.0, |t| t.mean),
        min: reach.map(|t| t.min),
        sd: reach.map_or(0.0, |t| t.sd),
    };
    serde_json::to_vec(&v).expect("odds serialise")
}

/// The chances a comparison gives: pass and fail, and for an opposed roll
/// (dice on both sides) which side is higher, with ties apart.
struct Verdicts {
    pass: (BigUint, BigUint),
    fail: (BigUint, BigUint),
    /// Higher, tie, lower: for an opposed roll.
    sides: Option<[(BigUint, BigUint); 3]>,
}

fn verdicts(r: &Roll, margin: &Margin) -> Verdicts {
    let (cmp, right) = r.compare.as_ref().expect("a comparison");
    let pass = margin.chance(|m| cmp.passes(m));
    let fail = margin.chance(|m| !cmp.passes(m));
    let opposed = !matches!(right, super::parse::Expr::Num(_));
    Verdicts {
        pass,
        fail,
        sides: opposed.then(|| {
            [
                margin.chance(|m| m > 0),
                margin.chance(|m| m == 0),
                margin.chance(|m| m < 0),
            ]
        }),
    }
}

/// `prob 1d20+5 >= 15`: the chance to pass and to fail, exact; for an
/// opposed roll, the chances each side is higher and of a tie.
pub fn compare_text(r: &Roll, margin: &Margin, style: &Style) -> String {
    let v = verdicts(r, margin);
    // A fraction of hundreds of digits is for `--json`, not for reading.
    const READABLE: usize = 40;
    let chance = |(num, den): &(BigUint, BigUint)| {
        let exact = fraction(num, den);
        let pct = style.paint(&percent(num, den), Tone::Emph);
        if exact.len() <= READABLE {
            format!("{pct} ({exact})")
        } else {
            pct
        }
    };
    let mut out = format!(
        "{}\npass {}\nfail {}",
        style.paint(&r.source, Tone::Heading),
        chance(&v.pass),
        chance(&v.fail)
    );
    if let Some([hi, tie, lo]) = &v.sides {
        let _ = write!(
            out,
            "\nleft higher {}\ntie {}\nright higher {}",
            chance(hi),
            chance(tie),
            chance(lo)
        );
    }
    if !margin.beyond.is_zero() {
        let _ = write!(
            out,
            "\nnot counted (past the explosion limit): {}",
            percent(&margin.beyond, &margin.denom)
        );
    }
    out
}

/// `prob`'s `--json` data for a comparison.
#[derive(Serialize)]
struct CompareJson<'a> {
    expr: &'a str,
    pass: Chance,
    fail: Chance,
    beyond_limit: Chance,
    /// For an opposed roll: which side is higher, ties apart.
    #[serde(skip_serializing_if = "Option::is_none")]
    left_higher: Option<Chance>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tie: Option<Chance>,
    #[serde(skip_serializing_if = "Option::is_none")]
    right_higher: Option<Chance>,
}

pub fn compare_json(r: &Roll, margin: &Margin) -> Value {
    let v = verdicts(r, margin);
    let chance = |(num, den): &(BigUint, BigUint)| Chance::of(num, den);
    let side = |i: usize| v.sides.as_ref().map(|s| chance(&s[i]));
    let out = CompareJson {
        expr: &r.source,
        pass: chance(&v.pass),
        fail: chance(&v.fail),
        beyond_limit: Chance::of(&margin.beyond, &margin.denom),
        left_higher: side(0),
        tie: side(1),
        right_higher: side(2),
    };
    serde_json::to_value(out).expect("odds serialise")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{parse, roll::roll_into};
    use crate::random::TableRng;

    /// An odds table fits its width: where the figures fill a 40-column
    /// line (rows labelled `13340..13539`) the bars and the folded rows'
    /// counts are left out rather than wrapped under each row; at 60
    /// columns they are drawn.
    #[test]
    fn odds_tables_fit_narrow_lines() {
        let r = parse("3d10000").unwrap();
        let t = crate::dice::table::table(&r, 2.0, false).unwrap();
        for width in [40, 60, 100] {
            let style = Style {
                width,
                ..Style::plain()
            };
            let text = table_text(&r, t.as_ref(), &style);
            let rows: Vec<&str> = text
                .lines()
                .filter(|l| l.contains("..") || l.trim_start().starts_with(['<', '>']))
                .collect();
            assert!(rows.len() > 100, "{text}");
            for row in &rows {
                assert!(crate::style::visible_width(row) <= width, "{width}: {row}");
            }
            let bars = rows.iter().any(|l| l.contains('█'));
            assert_eq!(bars, width > 40, "{width}");
        }
    }

    /// The hand-written JSON of a roll is serde's, byte for byte, for dice
    /// of every kind: plain, rerolled, exploded, added, clamped, critical,
    /// in a pool, labelled, compared, piecepack and Fudge faces.
    #[test]
    fn written_outcome_is_serdes() {
        let corpus = [
            "3d6",
            "4d6kh3",
            "4d6dl1+2",
            "3d6!",
            "4d6r1",
            "5d6ra6",
            "4d6mi3ma5",
            "1d20cs>19cf<2",
            "10d10>7f1",
            "2d6[fire]+1d4[\"cold\"]",
            "1d20+5 vs 15",
            "4dF",
            "3pp",
            "3d{-2,0,7}",
        ];
        let mut kinds = [0; 2];
        for src in corpus {
            let r = parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
            for seed in 0..30 {
                let mut o = Outcome::default();
                roll_into(&r, &mut TableRng::new(seed), &mut o).expect("rolls");
                for (d, t) in r.dice.iter().zip(&o.terms) {
                    for x in &t.dice {
                        kinds[usize::from(DieJson::new(d, x).is_plain())] += 1;
                    }
                }
                let mut written = Vec::new();
                write_outcome(&mut written, &r, &o).expect("writes");
                let serde = serde_json::to_vec(&OutcomeJson::new(&r, &o)).expect("serialises");
                assert_eq!(
                    String::from_utf8(written).expect("UTF-8"),
                    String::from_utf8(serde).expect("UTF-8"),
                    "{src} seed {seed}"
                );
            }
        }
        assert!(
            kinds[0] > 100 && kinds[1] > 100,
            "both ways were tried: {kinds:?}"
        );
    }
}
