//! `log`: the rolls made lately, from the roll log (`crate::roll_log`).

use serde::Serialize;

use super::{App, AppError, Reply, Result, invalid};
use crate::dice;
use crate::reply::Show;
use crate::roll_log::{self, Entry};
use crate::style::{Style, plural, wrap};

/// Rolls `log` shows when not told how many.
const SHOWN: usize = 20;

impl App {
    pub(super) fn log(&mut self, words: &[String], yes: bool) -> Result<Reply> {
        let dir = self.store.dir().to_path_buf();
        let unreadable =
            |e: crate::own_file::Refused| invalid(format!("the roll log could not be read: {e}"));
        if let [w] = words
            && w.eq_ignore_ascii_case("clear")
        {
            if !yes {
                let log = roll_log::read(&dir).map_err(unreadable)?;
                if log.entries.is_empty() {
                    return Ok(Reply::new(
                        "log",
                        Cleared {
                            cleared: 0,
                            asked: false,
                        },
                    ));
                }
                return Err(AppError::Confirm {
                    question: format!(
                        "forget all {} logged rolls? (this cannot be undone)",
                        log.entries.len()
                    ),
                    then: vec!["log".into(), "clear".into(), "--yes".into()],
                });
            }
            let n = roll_log::clear(&dir)
                .map_err(|e| invalid(format!("the roll log could not be cleared: {e}")))?;
            return Ok(Reply::new(
                "log",
                Cleared {
                    cleared: n,
                    asked: true,
                },
            ));
        }
        if let [w] = words
            && w.eq_ignore_ascii_case("verify")
        {
            let chain = roll_log::verify(&dir).map_err(unreadable)?;
            let dice = replay_all(&roll_log::read_all(&dir).map_err(unreadable)?.entries);
            let failed = chain.broken.is_some()
                || dice.wrong.is_some()
                || dice.false_reveal.is_some()
                || dice.forged.is_some();
            let mut reply = Reply::new("log-verify", Verified { chain, dice });
            reply.failed = failed;
            return Ok(reply);
        }
        // `log`, `log 5`, `log d20`, `log 5 2d6`.
        let (count, expr) = match words.split_first() {
            Some((n, rest)) if n.chars().all(|c| c.is_ascii_digit()) => {
                // A count past what any log holds shows it all.
                let word = n;
                let n = n.parse::<usize>().unwrap_or(usize::MAX);
                if n == 0 {
                    return Err(invalid(format!(
                        "'{word}': show 1 or more rolls, like log 5"
                    )));
                }
                (n, rest)
            }
            _ => (SHOWN, words),
        };
        let roll_log::Logged {
            mut entries,
            bad,
            skipped,
            ..
        } = roll_log::read(&dir).map_err(unreadable)?;
        // `log li`: the rolls of someone at the table, found however typed
        // (a unique start will do), or of a name the log holds.
        let typed = expr.join(" ");
        let seated = if expr.is_empty() {
            None
        } else {
            self.at_table()?.seating
        };
        let person = seated
            .as_ref()
            .and_then(|t| t.find(&typed).ok())
            .map(|p| p.name.clone());
        let named = crate::people::folded(person.as_deref().unwrap_or(&typed));
        let by = |e: &Entry| {
            e.by.as_deref()
                .is_some_and(|b| crate::people::folded(b) == named)
        };
        let key = if expr.is_empty() {
            None
        } else if person.is_some() || entries.iter().any(by) {
            entries.retain(by);
            Some(format!("by {}", person.unwrap_or(typed)))
        } else {
            let roll = dice::parse(&typed).map_err(|e| {
                not_a_roll(expr, seated.as_ref()).unwrap_or_else(|| {
                    invalid(format!(
                        "{e}\n`log` takes a count, an expression, a player who rolled (`roll 2d6 as ben`), `verify` or `clear`: log 5 2d6"
                    ))
                })
            })?;
            entries = roll_log::rolls_with(entries, &roll);
            Some(format!("of {}", roll.key()))
        };
        let all = entries.len();
        let shown = entries.split_off(all.saturating_sub(count));
        let mut reply = Reply::new(
            "log",
            Logged {
                entries: shown,
                total: all,
                key,
                now: roll_log::now(),
            },
        );
        if skipped > 0 {
            reply.warnings.push(format!(
                "note: the roll log is larger than tablemate writes one; its first {} KiB were not read",
                skipped >> 10
            ));
        }
        if bad > 0 {
            reply.warnings.push(format!(
                "note: {bad} {} of the roll log could not be read and {} left out",
                plural(bad as u64, "line", "lines"),
                plural(bad as u64, "was", "were")
            ));
        }
        Ok(reply)
    }
}

/// Why `words`, which are no dice, are no word of `log` either: a slip
/// of `verify` or `clear`, or a name nobody at the table has (`None`:
/// the dice error says it best, as for `log 2d`).
fn not_a_roll(words: &[String], table: Option<&crate::games::table::Seating>) -> Option<AppError> {
    let [word] = words else { return None };
    if !word.chars().next().is_some_and(char::is_alphabetic)
        || word.chars().any(|c| c.is_ascii_digit())
    {
        return None;
    }
    if let Some(near) = crate::suggest::nearest(word, ["verify", "clear"]).first() {
        return Some(invalid(format!(
            "'{word}' is not a word of `log`: did you mean `log {near}`?"
        )));
    }
    // With no one seated, the dice error says what `log` takes.
    let names = table?.names();
    Some(invalid(
        crate::games::table::not_seated(word, &names, false).to_string(),
    ))
}

/// `log verify`: whether each entry's link matches the line before it,
/// and whether each entry's dice follow from its seed.
#[derive(Debug, Serialize)]
struct Verified {
    #[serde(flatten)]
    chain: roll_log::Verified,
    dice: Replayed,
}

/// What rolling each logged roll again from its seed and draw found.
#[derive(Debug, Default, Serialize)]
struct Replayed {
    /// Entries rolled again, each giving its logged totals.
    replayed: usize,
    /// Entries that cannot be rolled again here: a rule file's dice (its
    /// file may have changed since), or words no longer read as a roll.
    not_replayed: usize,
    /// The first entry (oldest first) whose dice do not follow from its
    /// seed: its number, when, what, and both totals.
    #[serde(skip_serializing_if = "Option::is_none")]
    wrong: Option<Wrong>,
    /// Rolls made in secret (their dice not logged until revealed).
    secret: usize,
    /// Rolls of the table's own dice: no seed proves them; their faces
    /// are read again.
    table: usize,
    /// Of those, the ones whose faces do not give the dice logged.
    table_unread: usize,
    /// Of those, revealed, each opening the commitment the table saw.
    revealed: usize,
    /// The first reveal that does not open a commitment logged before
    /// it: its entry number and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    false_reveal: Option<(usize, String)>,
    /// The first entry (oldest first) that says what its roll cannot
    /// have been: the dice shown are not those its seed rolls, its seed's
    /// place is used twice or goes back, or it is dated before the entry
    /// above it. Its number and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    forged: Option<(usize, String)>,
    /// Seeds the table chose (each once), with when and by whom each
    /// choice was logged: rolls from them came up as logged, and anyone
    /// who knows the seed can roll them again, so they were repeatable,
    /// not random.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    chosen: Vec<Chosen>,
    chosen_rolls: usize,
}

/// A seed the table chose, and each time the log says it was chosen.
#[derive(Debug, Serialize)]
struct Chosen {
    seed: u64,
    /// When each choice was made, and by whom (none: at the terminal);
    /// empty for rolls logged before choices were.
    times: Vec<(u64, Option<String>)>,
}

#[derive(Debug, Serialize)]
struct Wrong {
    entry: usize,
    at: u64,
    expr: String,
    logged: Vec<i64>,
    replayed: Vec<i64>,
}

/// Roll every entry again from the generator of its seed, as far in as
/// the entry says it began, and compare the totals.
fn replay_all(entries: &[Entry]) -> Replayed {
    let mut r = Replayed::default();
    // Where each seed's stream has been drawn to, by entry: a seed's
    // place used twice, or going back, is a line copied or moved.
    let mut drawn: std::collections::HashMap<u64, (u64, usize)> = Default::default();
    // Where each chosen seed's latest run from its start has drawn to.
    let mut run: std::collections::HashMap<u64, u64> = Default::default();
    // Seeds chosen and not yet rolled from their start since (a roll from
    // the start of one is the choice, not a copy), and every seed the log
    // says was chosen (a log from before choices were logged has none).
    let mut fresh = std::collections::HashSet::new();
    let mut logged_choice = std::collections::HashSet::new();
    let mut last_at = 0;
    for (i, e) in entries.iter().enumerate() {
        if e.at < last_at {
            r.forged.get_or_insert((
                i + 1,
                "it is dated before the entry above it: lines were moved".into(),
            ));
        }
        last_at = last_at.max(e.at);
        if e.choice {
            fresh.insert(e.seed);
            logged_choice.insert(e.seed);
            run.remove(&e.seed);
            r.chosen_seed(e.seed).times.push((e.at, e.by.clone()));
            continue;
        }
        if e.secret.is_some() {
            r.secret += 1;
            continue;
        }
        if let Some(faces) = &e.faces {
            r.table += 1;
            if let Some(why) = table_read_again(e, faces) {
                r.table_unread += 1;
                r.forged.get_or_insert((i + 1, why));
            }
            continue;
        }
        if let Some(why) = e.reveals.as_ref().and_then(|x| opens(&entries[..i], e, x)) {
            r.false_reveal.get_or_insert((i + 1, why));
        } else if e.reveals.is_some() {
            r.revealed += 1;
        }
        let again = replay(e);
        if e.chosen {
            r.chosen_seed(e.seed);
            r.chosen_rolls += 1;
        }
        if let Some(a) = &again {
            // A seed chosen again at the table rolls from its start
            // again (draw 0), after the line that says it was chosen, and
            // on from there: repeatable, said as such, not an edit; any
            // other place used twice is a copy.
            let from_choice =
                e.draw == 0 && (fresh.remove(&e.seed) || !logged_choice.contains(&e.seed));
            let restarted = e.chosen && (from_choice || run.get(&e.seed) == Some(&e.draw));
            match drawn.get(&e.seed) {
                Some(_) if restarted => {}
                Some(&(to, by)) if e.draw < to => {
                    r.forged.get_or_insert((
                        i + 1,
                        format!(
                            "it rolls from its seed where entry {} rolled already: a line was copied or moved",
                            by + 1
                        ),
                    ));
                }
                _ => {}
            }
            let to = drawn.get(&e.seed).map_or(0, |d| d.0);
            drawn.insert(e.seed, ((e.draw + a.used).max(to), i));
            if e.chosen {
                run.insert(e.seed, e.draw + a.used);
            }
            let logged: String = e.shown.chars().take(roll_log::MAX_SHOWN).collect();
            if let Some(shown) = &a.shown
                && *shown != logged
                && a.totals == e.totals
            {
                r.forged.get_or_insert((
                    i + 1,
                    format!("its dice are shown as {logged}, but its seed rolls {shown}"),
                ));
            }
        }
        // Words that read as no roll, and cannot be a rule file's dice
        // (whose lines start with the system's name), were not rolled.
        if again.is_none() && dice::system::name::split_name(&e.expr).is_none() {
            r.forged.get_or_insert((
                i + 1,
                format!(
                    "its expression '{}' reads as no roll tablemate makes",
                    crate::visible::line(&e.expr)
                ),
            ));
        }
        match again.map(|a| a.totals) {
            None => r.not_replayed += 1,
            Some(totals) if totals == e.totals => r.replayed += 1,
            Some(totals) => {
                r.replayed += 1;
                r.wrong.get_or_insert(Wrong {
                    entry: i + 1,
                    at: e.at,
                    expr: e.expr.clone(),
                    logged: e.totals.clone(),
                    replayed: totals,
                });
            }
        }
    }
    r
}

impl Replayed {
    /// The seed's place among those chosen, made on first sight.
    fn chosen_seed(&mut self, seed: u64) -> &mut Chosen {
        let at = match self.chosen.iter().position(|c| c.seed == seed) {
            Some(at) => at,
            None => {
                self.chosen.push(Chosen {
                    seed,
                    times: Vec::new(),
                });
                self.chosen.len() - 1
            }
        };
        &mut self.chosen[at]
    }
}

/// Why the table's faces logged with `e` do not give the roll logged
/// (`None`: they do).
fn table_read_again(e: &Entry, faces: &[i64]) -> Option<String> {
    let source = match &e.note {
        Some(note) => format!("{} # {note}", e.expr),
        None => e.expr.clone(),
    };
    let typed: Vec<String> = faces.iter().map(i64::to_string).collect();
    if let Some(Ok(system)) = dice::system::System::parse(&e.expr) {
        let logged: String = e.shown.chars().take(roll_log::MAX_SHOWN).collect();
        return match super::systems::shown_from_table(system, faces) {
            None => Some(format!(
                "its faces {} are not a whole roll of {}",
                typed.join(" "),
                e.expr
            )),
            Some((shown, total)) => {
                let shown: String = shown.chars().take(roll_log::MAX_SHOWN).collect();
                (shown != logged || e.totals != [total]).then(|| {
                    format!(
                        "its dice are shown as {logged}, but the table's faces {} give {shown}",
                        typed.join(" ")
                    )
                })
            }
        };
    }
    let Ok(roll) = dice::parse(&source) else {
        return Some(format!(
            "its expression '{}' reads as no roll",
            crate::visible::line(&e.expr)
        ));
    };
    let words: Vec<&str> = typed.iter().map(String::as_str).collect();
    let Ok(read) = dice::given::read(&roll, &words) else {
        return Some(format!(
            "its faces {} are not a whole roll of {}",
            typed.join(" "),
            e.expr
        ));
    };
    let mut shown = String::new();
    dice::show::roll_line(&mut shown, &roll, &read.outcome, None, &Style::plain());
    let shown: String = shown.chars().take(roll_log::MAX_SHOWN).collect();
    if shown != e.shown || e.totals != [read.outcome.total] || e.repeats != 1 {
        return Some(format!(
            "its dice are shown as {}, but the table's faces {} give {shown}",
            e.shown,
            typed.join(" ")
        ));
    }
    None
}

/// Why the reveal `e` does not open a secret roll logged before it
/// (`None`: it does): its dice, seed and salt must give the commitment,
/// and the table must have seen that commitment earlier, by the same
/// roller, unopened until now.
fn opens(before: &[Entry], e: &Entry, r: &roll_log::Reveals) -> Option<String> {
    let again =
        crate::secret_roll::commitment(&e.expr, &e.shown, &e.totals, e.seed, e.draw, &r.salt);
    if again != r.commitment {
        return Some("its dice do not open the commitment it names".into());
    }
    let committed = before
        .iter()
        .any(|b| b.secret.as_deref() == Some(r.commitment.as_str()) && b.by == e.by);
    if !committed {
        return Some("no secret roll of theirs with that commitment was logged before it".into());
    }
    let opened = before.iter().any(|b| {
        b.reveals
            .as_ref()
            .is_some_and(|x| x.commitment == r.commitment)
    });
    opened.then(|| "that secret roll was revealed before".into())
}

/// What `e`'s seed rolls at its place in the seed's stream: the totals
/// (for as many repeats as the entry keeps), the first roll as the log
/// shows it (a dice expression's; a system's is not compared), and how
/// many words it drew. `None` if it cannot be rolled here.
struct Again {
    totals: Vec<i64>,
    shown: Option<String>,
    used: u64,
}

fn replay(e: &Entry) -> Option<Again> {
    let mut rng = crate::random::TableRng::at(e.seed, e.draw);
    // The note is shown with the dice (`3d6 [2, 2, 1] = 5 # fireball`).
    let source = match &e.note {
        Some(note) => format!("{} # {note}", e.expr),
        None => e.expr.clone(),
    };
    if let Ok(roll) = dice::parse(&source) {
        let mut o = dice::Outcome::default();
        let mut totals = Vec::with_capacity(e.totals.len());
        let mut shown = String::new();
        for n in 0..e.totals.len() {
            dice::roll::roll_into(&roll, &mut rng, &mut o).ok()?;
            totals.push(o.total);
            if n == 0 {
                dice::show::roll_line(&mut shown, &roll, &o, None, &Style::plain());
            }
        }
        return Some(Again {
            totals,
            shown: Some(shown.chars().take(roll_log::MAX_SHOWN).collect()),
            used: rng.draws() - e.draw,
        });
    }
    let system = dice::system::System::parse(&e.expr)?.ok()?;
    let total = system.roll(&mut rng).total;
    Some(Again {
        totals: vec![total],
        shown: None,
        used: rng.draws() - e.draw,
    })
}

impl Show for Verified {
    fn show(&self, style: &Style) -> String {
        let d = &self.dice;
        // One verdict, first (#77: "intact", "was edited" and "came up as
        // logged" were three at once): links that hold do not prove a log
        // whose lines say what their rolls cannot have been.
        let finding = d.forged.is_some()
            || d.wrong.is_some()
            || d.false_reveal.is_some()
            || d.table_unread > 0;
        let chain = self.chain_text();
        let mut text = match chain.strip_prefix("the roll log is intact: ") {
            Some(links) if finding => format!(
                "the roll log does NOT prove out: an entry says what its roll cannot have been (below)\nits links hold: {links}"
            ),
            _ => chain,
        };
        if let Some((n, why)) = &d.forged {
            text.push_str(&format!("\nentry {n} was edited: {why}"));
        }
        match &d.false_reveal {
            Some((n, why)) => {
                text.push_str(&format!("\nentry {n} reveals a secret roll falsely: {why}"))
            }
            None if d.secret > 0 => text.push_str(&format!(
                "\n{} {} in secret; {} revealed, each opening the commitment the table saw",
                d.secret,
                plural(d.secret as u64, "roll", "rolls"),
                d.revealed
            )),
            None => {}
        }
        match &d.wrong {
            Some(w) => text.push_str(&format!(
                "\nthe dice of entry {} ({}, {}) do NOT follow from its seed: logged {}, its seed rolls {}",
                w.entry,
                w.expr,
                roll_log::ago(w.at, roll_log::now()),
                totals(&w.logged),
                totals(&w.replayed)
            )),
            None if d.replayed > 0 => {
                text.push_str(&if d.replayed == 1 {
                    "\nthe dice of the one roll, rolled again from its seed, came up as logged"
                        .to_string()
                } else {
                    format!(
                        "\nthe dice of all {} rolled again from their seeds came up as logged",
                        d.replayed
                    )
                });
                if d.not_replayed > 0 {
                    text.push_str(&format!(
                        " ({} of a rule file's dice not rolled again)",
                        d.not_replayed
                    ));
                }
            }
            None => {}
        }
        if !d.chosen.is_empty() {
            let now = roll_log::now();
            let seeds: Vec<String> = d
                .chosen
                .iter()
                .map(|c| {
                    let times: Vec<String> = c
                        .times
                        .iter()
                        .map(|(at, by)| match by {
                            Some(by) => format!("by {by} {}", roll_log::ago(*at, now)),
                            None => roll_log::ago(*at, now),
                        })
                        .collect();
                    match times.as_slice() {
                        [] => format!("seed {}", c.seed),
                        [one] => format!("seed {} chosen at the table {one}", c.seed),
                        [first, again @ ..] => format!(
                            "seed {} chosen at the table {first}, again {}",
                            c.seed,
                            again.join(", ")
                        ),
                    }
                })
                .collect();
            text.push_str(&format!(
                "\nrepeatable, not random: {} {} from {}: anyone who knows {} rolls {} again",
                d.chosen_rolls,
                if d.chosen_rolls == 1 {
                    "roll came"
                } else {
                    "rolls came"
                },
                seeds.join("; "),
                if seeds.len() == 1 { "it" } else { "them" },
                if d.chosen_rolls == 1 { "it" } else { "them" },
            ));
        }
        if d.table > 0 {
            let one = d.table == 1;
            text.push_str(&format!(
                "\n{} {} of the table's own dice: no seed can prove {}",
                d.table,
                plural(d.table as u64, "roll", "rolls"),
                if one { "it" } else { "them" },
            ));
            if d.table_unread == 0 {
                text.push_str(if one {
                    "; its faces give the dice logged"
                } else {
                    "; their faces give the dice logged"
                });
            }
        }
        if let Some(head) = &self.chain.head {
            text.push_str(&format!(
                "\nchain head {}: note it, or see it on the shared screen; a log rewritten later has another",
                &head[..12.min(head.len())]
            ));
        }
        text.lines()
            .map(|l| wrap(l, style.width, "  "))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn totals(t: &[i64]) -> String {
    t.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}

impl Verified {
    fn chain_text(&self) -> String {
        let v = &self.chain;
        match &v.broken {
            _ if v.entries == 0 => "the roll log is empty".to_string(),
            Some(b) if b.expr.is_empty() => format!(
                "the roll log is NOT intact: entry {} of {} cannot be read",
                b.entry, v.entries
            ),
            Some(b) => format!(
                "the roll log is NOT intact: entry {} of {} ({}, {}) does not follow entry {}: that entry was changed, or a line was added or taken out there",
                b.entry,
                v.entries,
                b.expr,
                roll_log::ago(b.at, roll_log::now()),
                b.entry - 1
            ),
            None if v.linked == 0 => format!(
                "{} logged {}, none linked (logged before links began): nothing to verify",
                v.entries,
                plural(v.entries as u64, "roll", "rolls")
            ),
            None => {
                let rolls = v.linked - v.choices;
                let mut t = format!(
                    "the roll log is intact: {rolls} {}{} linked, each to the one before",
                    plural(rolls as u64, "roll", "rolls"),
                    match v.choices {
                        0 => String::new(),
                        1 => " and 1 seed chosen".to_string(),
                        n => format!(" and {n} seeds chosen"),
                    }
                );
                if v.linked < v.entries {
                    let old = v.entries - v.linked;
                    t.push_str(&format!(
                        " ({old} older {} had no link)",
                        plural(old as u64, "roll", "rolls")
                    ));
                }
                if v.cut {
                    t.push_str("; its start was not read, so the first link is taken on trust");
                }
                if v.cut_short {
                    t.push_str("; its last line was cut short as tablemate was stopped (that roll was never shown), and is left out");
                }
                t
            }
        }
    }
}

/// `log clear`: how many logged rolls were forgotten.
#[derive(Debug, Serialize)]
struct Cleared {
    cleared: usize,
    /// The player asked for it (rather than the log being empty).
    #[serde(skip)]
    asked: bool,
}

impl Show for Cleared {
    fn show(&self, _: &Style) -> String {
        if !self.asked {
            return "the roll log is empty".into();
        }
        let n = self.cleared;
        format!("forgot {n} logged {}", plural(n as u64, "roll", "rolls"))
    }
}

/// `log`: the last rolls (of one expression), oldest first.
#[derive(Debug, Serialize)]
struct Logged {
    #[serde(serialize_with = "entries_with_seed_text")]
    entries: Vec<Entry>,
    /// Rolls in the log (of that expression), shown or not.
    total: usize,
    /// The expression asked for, as tallies are kept.
    #[serde(skip)]
    key: Option<String>,
    /// When the log was read, for each roll's age.
    #[serde(skip)]
    now: u64,
}

/// Each entry as logged, with its seed as text too (`JsonSeed`).
fn entries_with_seed_text<S: serde::Serializer>(
    entries: &[Entry],
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct WithText<'a> {
        #[serde(flatten)]
        entry: &'a Entry,
        seed_text: String,
    }
    s.collect_seq(entries.iter().map(|entry| WithText {
        entry,
        seed_text: entry.seed.to_string(),
    }))
}

impl Show for Logged {
    fn show(&self, style: &Style) -> String {
        let (shown, all) = (&self.entries, self.total);
        let what = self.key.as_ref().map_or(String::new(), |k| format!(" {k}"));
        if shown.is_empty() {
            return format!("no rolls{what} in the log yet: `roll 2d6` adds one");
        }
        let ages: Vec<String> = shown
            .iter()
            .map(|e| roll_log::ago(e.at, self.now))
            .collect();
        let pad = ages.iter().map(|a| a.len()).max().unwrap_or(0);
        // Wrapped beside the ages, and only when too long: wrapping
        // closes up the spaces before a roll's `# note`.
        let room = style.width.saturating_sub(pad + 2).max(20);
        let mut lines = Vec::new();
        for (e, age) in shown.iter().zip(&ages) {
            let body = entry_text(e);
            let body = if body.chars().count() <= room {
                body
            } else {
                wrap(&body, room, "")
            };
            for (i, l) in body.lines().enumerate() {
                let age = if i == 0 { age.as_str() } else { "" };
                lines.push(format!("{age:<pad$}  {l}"));
            }
        }
        if all > shown.len() {
            lines.push(format!(
                "the last {} of {all} logged rolls{what}: `log {all}` shows them all",
                shown.len()
            ));
        }
        lines.join("\n")
    }
}

/// One logged command as a line: the roll as shown, or for repeats the
/// expression and its totals.
fn entry_text(e: &Entry) -> String {
    match &e.by {
        Some(by) => format!("{by}: {}", rolled_text(e)),
        None => rolled_text(e),
    }
}

/// The roll of an entry in words: as shown, or a repeated roll's totals.
fn rolled_text(e: &Entry) -> String {
    if let Some(c) = &e.secret {
        return format!("{} in secret, commitment {}", e.expr, &c[..12.min(c.len())]);
    }
    if e.reveals.is_some() {
        return format!("{} (revealed)", e.shown);
    }
    if e.faces.is_some() {
        return format!("{} {}", e.shown, super::table_dice::MARK);
    }
    if e.repeats == 1 {
        return e.shown.clone();
    }
    const MOST: usize = 12;
    let totals: Vec<String> = e.totals.iter().take(MOST).map(i64::to_string).collect();
    let more = if e.repeats as usize > MOST {
        format!(", ... ({} in all)", e.repeats)
    } else {
        String::new()
    };
    let note = e
        .note
        .as_ref()
        .map_or(String::new(), |n| format!("  # {n}"));
    format!(
        "{}x{}: {}{more}{note}",
        e.repeats,
        e.expr,
        totals.join(", ")
    )
}
