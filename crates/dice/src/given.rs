//! The table's own dice: a roll worked out from the faces real dice
//! showed (`roll 4d6kh3 = 3 1 4 2`), by the same code that rolls
//! tablemate's (`roll::roll_into` with these faces as its `Source`).
//!
//! Faces are read as a table rolls: first every die written, in order,
//! then each wave of extra dice the rules ask for (rerolls, explosions,
//! `u`'s repeats, `ra`'s added die), in the order of the dice that asked.
//! So `3d6! = 6 6 2 5 6 1` is three dice (6 6 2), the two 6s rolled again
//! (5 6), and the second 6 of those again (1). Where the faces run out,
//! the roll asks for exactly the dice the rules still need.

use std::collections::{HashMap, HashSet};

use super::parse::{DiceError, Faces, Roll};
use super::roll::{At, Outcome, Source, Why, roll_into};
use super::system::{Read as SystemRead, System};

/// The faces typed, assigned to the draws they stand for.
struct Given {
    faces: HashMap<At, i64>,
    /// Dice with a draw no face was given for: their rolls stop there.
    short: HashSet<(usize, u64)>,
    /// The draws asked for, in order, each certain to be needed (see
    /// `face`).
    missing: Vec<(At, Why)>,
}

impl Source for Given {
    fn face(&mut self, faces: &Faces, at: At, why: Why) -> i64 {
        let die = (at.term, at.die);
        if !self.short.contains(&die)
            && let Some(&f) = self.faces.get(&at)
        {
            return f;
        }
        // A die whose own faces ran out asks for its next one; a die that
        // depends on other dice (`u` compares with them, `ra` counts
        // them) is asked for only once those are all known.
        let depends = matches!(why, Why::Repeated(_) | Why::Added(_));
        let others_known = self.short.is_empty();
        if !self.short.contains(&die) && (!depends || others_known) {
            self.missing.push((at, why));
        }
        self.short.insert(die);
        // Never shown: a roll with a face missing is not answered.
        faces.side(0)
    }

    fn short(&self, at: At) -> bool {
        self.short.contains(&(at.term, at.die))
    }
}

/// What reading the faces found short of a whole roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unread {
    /// A face that is not a number or not on its die, or faces left over.
    Refused(DiceError),
    /// The rules need more dice than were given: the draws wanted next,
    /// in the order they should be typed.
    Needs(Vec<Need>),
}

/// One more die the table must roll, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Need {
    /// The draw it stands for.
    pub at: At,
    /// The term's dice (`d6`, `dF`, `d{0,1,1,2}`).
    pub die: String,
    pub why: Why,
}

/// Most dice written in one roll of the table's dice (a table that
/// rolls more is counting, not rolling: `tally` takes results in bulk).
pub const MAX_DICE: u64 = 1_000;

/// A roll read from the table's dice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Read {
    pub outcome: Outcome,
    /// Each face's value, in the order typed.
    pub faces: Vec<i64>,
    /// The die each face is of (`tally`'s d20 faces are every d20's).
    pub kinds: Vec<Faces>,
}

/// Read `faces` (as typed) into the roll `r`.
pub fn read(r: &Roll, faces: &[&str]) -> Result<Read, Unread> {
    if r.repeats > 1 {
        return Err(refusal(
            &r.source,
            format!(
                "{}x rolls {} times; the table's dice are read one roll at a time: roll {} = …",
                r.repeats, r.repeats, r.body
            ),
        ));
    }
    let count: u64 = r.dice.iter().map(|d| d.count).sum();
    if count > MAX_DICE {
        return Err(refusal(
            &r.source,
            format!("{count} dice: the table's dice are read up to {MAX_DICE} at a time"),
        ));
    }
    let mut written = Vec::new();
    for (term, d) in r.dice.iter().enumerate() {
        for die in 0..d.count {
            written.push((At { term, die, draw: 0 }, d.faces.clone()));
        }
    }
    let kind = |at: At| r.dice[at.term].faces.clone();
    let (outcome, faces, kinds) = read_with(&r.source, written, kind, faces, |given| {
        let mut o = Outcome::default();
        roll_into(r, given, &mut o)?;
        Ok(o)
    })?;
    Ok(Read {
        outcome,
        faces,
        kinds,
    })
}

/// A game system's roll (`sr 12`) read from the table's faces: the
/// system's reading and the faces' values. Refused for symbol dice.
pub fn read_system(
    system: &System,
    faces: &[&str],
) -> Result<(SystemRead, Vec<i64>, Vec<Faces>), Unread> {
    let line = system.line();
    let Some(written) = system.table_dice() else {
        return Err(refusal(
            &line,
            format!(
                "'{line}' rolls dice that show symbols: tablemate reads the table's numbered dice, not these"
            ),
        ));
    };
    // An extra die (a 10 again) is of the kind of the die it follows.
    let kinds = written.clone();
    let kind = move |at: At| {
        kinds
            .iter()
            .find(|(w, _)| w.term == at.term && w.die == at.die)
            .map(|(_, f)| f.clone())
            .expect("extra dice follow a die written")
    };
    read_with(&line, written, kind, faces, |given| {
        Ok(system.roll_from(given))
    })
}

fn refusal(input: &str, message: String) -> Unread {
    Unread::Refused(DiceError {
        input: input.to_string(),
        pos: None,
        message,
    })
}

/// Assign the typed faces to the dice written, then wave by wave to the
/// draws `run` asks for, until it asks for none (the roll, and each
/// face's value in the order typed) or the faces run out (what it still
/// needs).
fn read_with<T>(
    source: &str,
    written: Vec<(At, Faces)>,
    kind: impl Fn(At) -> Faces,
    faces: &[&str],
    mut run: impl FnMut(&mut Given) -> Result<T, DiceError>,
) -> Result<(T, Vec<i64>, Vec<Faces>), Unread> {
    let mut given = Given {
        faces: HashMap::new(),
        short: HashSet::new(),
        missing: Vec::new(),
    };
    let mut next = 0;
    let mut values = Vec::with_capacity(faces.len());
    let mut kinds = Vec::with_capacity(faces.len());
    let mut wave: Vec<(At, Why, Faces)> = written
        .into_iter()
        .map(|(at, f)| (at, Why::Rolled, f))
        .collect();
    loop {
        let mut needs = Vec::new();
        for (at, why, die) in &wave {
            match faces.get(next) {
                Some(typed) => {
                    let v = face_of(die, typed).ok_or_else(|| {
                        refusal(
                            source,
                            format!(
                                "'{typed}' is not a face of {} (the {} face given{})",
                                die_name(die),
                                ordinal(next + 1),
                                for_what(*why)
                            ),
                        )
                    })?;
                    given.faces.insert(*at, v);
                    values.push(v);
                    kinds.push(die.clone());
                    next += 1;
                }
                None => needs.push(Need {
                    at: *at,
                    die: die_name(die),
                    why: *why,
                }),
            }
        }
        if !needs.is_empty() {
            return Err(Unread::Needs(needs));
        }
        given.short.clear();
        given.missing.clear();
        let done = run(&mut given).map_err(Unread::Refused)?;
        if given.missing.is_empty() {
            if next < faces.len() {
                let extra = &faces[next..];
                return Err(refusal(
                    source,
                    format!(
                        "{} more {} than the roll uses: '{}' (it used {next})",
                        extra.len(),
                        if extra.len() == 1 { "face" } else { "faces" },
                        extra.join(" ")
                    ),
                ));
            }
            return Ok((done, values, kinds));
        }
        wave = std::mem::take(&mut given.missing)
            .into_iter()
            .map(|(at, why)| (at, why, kind(at)))
            .collect();
    }
}

/// The value of a face as typed on a die of `faces`, if it is one.
/// Fudge dice take `+`, `-`, `0` (or 1, -1); piecepack dice `null` (or
/// `n`, 0), `ace` (or `a`, 1) and 2 to 5.
pub fn face_of(faces: &Faces, typed: &str) -> Option<i64> {
    let word = typed.to_ascii_lowercase();
    let v = match (faces, word.as_str()) {
        (Faces::Fudge, "+") => 1,
        (Faces::Fudge, "-") => -1,
        (Faces::Piecepack, "null" | "n") => 0,
        (Faces::Piecepack, "ace" | "a") => 1,
        _ => word.strip_prefix('+').unwrap_or(&word).parse().ok()?,
    };
    faces.values().any(|f| f == v).then_some(v)
}

/// A die of these faces, as written: `a d6`, `a Fudge die`.
pub fn die_name(faces: &Faces) -> String {
    match faces {
        Faces::Numbered(100) => "d%".into(),
        Faces::List(v) if v.iter().copied().eq((0..10).map(|t| t * 10)) => {
            "d% tens die (00 to 90)".into()
        }
        Faces::List(v) if v.iter().copied().eq(0..10) => "d10 units die (0 to 9)".into(),
        Faces::Numbered(n) => format!("d{n}"),
        Faces::Fudge => "dF".into(),
        Faces::Piecepack => "pp".into(),
        Faces::List(v) => format!(
            "d{{{}}}",
            v.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
        ),
    }
}

/// "two" to "ten", then digits.
fn count_word(n: usize) -> String {
    const WORDS: [&str; 9] = [
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    n.checked_sub(2)
        .and_then(|i| WORDS.get(i))
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// 1st, 2nd, 3rd, 11th, 21st.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn for_what(why: Why) -> String {
    match why {
        Why::Rolled => String::new(),
        other => format!(", for {}", reason(other)),
    }
}

/// Why one more die is rolled, in a few words.
pub fn reason(why: Why) -> String {
    match why {
        Why::Rolled => "a die written".into(),
        Why::Rerolled(f) => format!("the {f} rolled again"),
        Why::Exploded(f) => format!("the {f} that explodes"),
        Why::Repeated(f) => format!("the {f} shown already"),
        Why::Added(f) => format!("the {f} that adds a die"),
    }
}

/// What a table is told to roll: "6 explodes: roll one more d6",
/// "4 dice written, 3 faces given: roll one more d6".
pub fn ask(needs: &[Need]) -> String {
    let mut why: Vec<String> = Vec::new();
    let written = needs.iter().filter(|n| n.why == Why::Rolled).count();
    if written > 0 {
        why.push(format!(
            "{written} {} not given yet",
            if written == 1 { "die is" } else { "dice are" }
        ));
    }
    // Each reason once, with how many dice it holds: "two 6s explode".
    let mut reasons: Vec<(Why, usize)> = Vec::new();
    for n in needs.iter().filter(|n| n.why != Why::Rolled) {
        match reasons.iter_mut().find(|(w, _)| *w == n.why) {
            Some((_, c)) => *c += 1,
            None => reasons.push((n.why, 1)),
        }
    }
    for (w, c) in reasons {
        let (f, one, many) = match w {
            Why::Rolled => continue,
            Why::Rerolled(f) => (f, "is rolled again", "are rolled again"),
            Why::Exploded(f) => (f, "explodes", "explode"),
            Why::Repeated(f) => (f, "is shown already", "are shown already"),
            Why::Added(f) => (f, "adds a die", "add a die each"),
        };
        why.push(match c {
            1 => format!("{f} {one}"),
            c => format!("{} {f}s {many}", count_word(c)),
        });
    }
    // The dice to roll, kind by kind, in the order first needed.
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for n in needs {
        match kinds.iter_mut().find(|(k, _)| *k == n.die) {
            Some((_, c)) => *c += 1,
            None => kinds.push((&n.die, 1)),
        }
    }
    let roll: Vec<String> = kinds
        .iter()
        .map(|(k, c)| match c {
            1 => format!("one more {k}"),
            c => format!("{c} more {k}"),
        })
        .collect();
    format!("{}: roll {}", why.join(", "), roll.join(" and "))
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse;
    use super::*;
    use crate::random::TableRng;

    fn read_str(expr: &str, faces: &str) -> Result<Outcome, Unread> {
        let words: Vec<&str> = faces.split_whitespace().collect();
        read(&parse(expr).unwrap(), &words).map(|r| r.outcome)
    }

    fn values(o: &Outcome) -> Vec<(i64, bool)> {
        o.terms
            .iter()
            .flat_map(|t| t.dice.iter().map(|d| (d.value, d.kept)))
            .collect()
    }

    fn asked(expr: &str, faces: &str) -> String {
        match read_str(expr, faces) {
            Err(Unread::Needs(n)) => ask(&n),
            other => panic!("{expr} = {faces}: {other:?}"),
        }
    }

    fn refused(expr: &str, faces: &str) -> String {
        match read_str(expr, faces) {
            Err(Unread::Refused(e)) => e.message,
            other => panic!("{expr} = {faces}: {other:?}"),
        }
    }

    #[test]
    fn keeps_and_drops_the_faces_given() {
        let o = read_str("4d6kh3", "3 1 4 2").unwrap();
        assert_eq!(o.total, 9);
        assert_eq!(values(&o), [(3, true), (1, false), (4, true), (2, true)]);
    }

    #[test]
    fn explosions_are_read_wave_by_wave() {
        // Three dice; both 6s again (5, 6); that 6 again (1).
        let o = read_str("3d6!!", "6 6 2 5 6 1").unwrap();
        assert_eq!(o.total, 6 + 5 + 6 + 6 + 1 + 2);
        assert_eq!(o.terms[0].dice[0].exploded, [5]);
        assert_eq!(o.terms[0].dice[1].exploded, [6, 1]);
        assert_eq!(asked("3d6!", "6 2 3"), "6 explodes: roll one more d6");
        assert_eq!(asked("3d6!", "6 6 2 5 6"), "6 explodes: roll one more d6");
        assert_eq!(
            asked("3d6!", "6 6"),
            "1 die is not given yet: roll one more d6"
        );
    }

    #[test]
    fn rerolls_and_additions_ask_for_their_dice() {
        assert_eq!(
            asked("2d6rr1", "1 1"),
            "two 1s are rolled again: roll 2 more d6"
        );
        assert_eq!(read_str("2d6rr1", "1 1 1 4 5").unwrap().total, 9);
        assert_eq!(read_str("2d6ro1", "1 3 1").unwrap().total, 4);
        assert_eq!(asked("2d6ra6", "6 2"), "6 adds a die: roll one more d6");
        assert_eq!(read_str("2d6ra6", "6 2 4").unwrap().total, 12);
        assert_eq!(
            asked("3d6u", "2 2 5"),
            "2 is shown already: roll one more d6"
        );
        assert_eq!(read_str("3d6u", "2 2 5 5 1").unwrap().total, 8);
    }

    #[test]
    fn faces_are_checked_against_their_dice() {
        assert_eq!(
            refused("1d6+1d20", "15 3"),
            "'15' is not a face of d6 (the 1st face given)"
        );
        assert_eq!(
            refused("2d6", "3 x"),
            "'x' is not a face of d6 (the 2nd face given)"
        );
        assert_eq!(
            refused("2d6", "3 4 5"),
            "1 more face than the roll uses: '5' (it used 2)"
        );
        assert_eq!(
            refused("1d6!", "6 7"),
            "'7' is not a face of d6 (the 2nd face given, for the 6 that explodes)"
        );
        assert_eq!(read_str("4dF", "+ - 0 +").unwrap().total, 1);
        assert_eq!(read_str("3pp", "null ace 5").unwrap().total, 6);
        assert_eq!(read_str("2d{0,1,1,2}", "1 2").unwrap().total, 3);
        assert!(refused("2x3d6", "1 2 3").contains("one roll at a time"));
        assert_eq!(
            refused("600d6+600d6", "1"),
            "1200 dice: the table's dice are read up to 1000 at a time"
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// Any faces typed into any roll: an answer, a refusal or a
        /// request for more, never a panic; an answer used every face.
        #[test]
        fn any_faces_get_an_answer_or_a_reason(
            expr in proptest::sample::select(vec![
                "4d6kh3", "3d6!", "2d6!!", "2d10!p", "2d6rr<3", "2d6ro1", "3d6ra6", "4d6u",
                "4dF", "3pp", "2d{0,1,1,2}", "8d10>7f1", "1d20+5 >= 15", "{3d6, 2d10}kh1",
                "2d2!", "2d2u", "d%", "1d6/(1d2-1)",
            ]),
            faces in proptest::collection::vec(
                proptest::sample::select(vec![
                    "1", "2", "3", "5", "6", "10", "20", "0", "-1", "+", "-", "null", "ace",
                    "x", "99999999999999999999", "", "1.5",
                ]),
                0..40,
            ),
        ) {
            let r = parse(expr).unwrap();
            if let Ok(read) = read(&r, &faces) {
                proptest::prop_assert_eq!(read.faces.len(), faces.len());
            }
        }
    }

    /// The faces a generator rolled, typed back, give the very same roll:
    /// for every kind of die and step the grammar has.
    #[test]
    fn faces_rolled_read_back_as_the_same_roll() {
        struct Recording(TableRng, Vec<(At, i64)>);
        impl Source for Recording {
            fn face(&mut self, faces: &Faces, at: At, why: Why) -> i64 {
                let f = self.0.face(faces, at, why);
                self.1.push((at, f));
                f
            }
        }
        let mut exprs = vec![
            "2d20kl1+5",
            "4d6!p",
            "2d10!>8",
            "2d6ro<3",
            "4dF+1",
            "max(1d6, 1d8)",
            "6d6dl2dh1",
            "2d6[fire]+1d4[ice]",
        ];
        // Every example of the guide's grammar table that is one roll.
        let guide = include_str!("../../../docs/GUIDE.md");
        let table = guide
            .split("| construct | example | meaning | follows |")
            .nth(1)
            .expect("the guide's grammar table");
        let mut covered = 0;
        for row in table.lines().skip(2).take_while(|l| l.starts_with('|')) {
            let example = row.split('|').nth(2).expect("an example column");
            for e in example.split('`').skip(1).step_by(2) {
                match parse(e) {
                    Ok(r) if r.repeats > 1 => {
                        // Read one roll at a time, and said so.
                        assert!(matches!(read(&r, &[]), Err(Unread::Refused(_))), "{e}");
                        covered += 1;
                    }
                    Ok(_) => {
                        exprs.push(e);
                        covered += 1;
                    }
                    // `>3`, `ceil`, `1d20+5, 2d6+3`: parts of rolls, or several.
                    Err(_) => {}
                }
            }
        }
        assert!(covered >= 50, "{covered} examples of the guide's grammar");
        for expr in exprs {
            let r = parse(expr).unwrap();
            for seed in 0..100 {
                let mut rec = Recording(TableRng::new(seed), Vec::new());
                let rolled = super::super::roll::roll(&r, &mut rec).unwrap();
                // Typed as a table would: first the dice written, then
                // what each answer asks for.
                let drawn: HashMap<At, i64> = rec.1.into_iter().collect();
                let mut typed: Vec<String> = Vec::new();
                let read = loop {
                    let words: Vec<&str> = typed.iter().map(String::as_str).collect();
                    match read(&r, &words) {
                        Ok(o) => break o.outcome,
                        Err(Unread::Needs(needs)) => typed.extend(
                            needs
                                .iter()
                                .map(|n| r.dice[n.at.term].faces.label(drawn[&n.at])),
                        ),
                        Err(e) => panic!("{expr} = {typed:?}: {e:?}"),
                    }
                };
                assert_eq!(read, rolled, "{expr} = {typed:?}");
            }
        }
    }
}
