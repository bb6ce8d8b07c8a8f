//! `score` and `funhouse`: room scores with their working, recorded in the
//! open run, which lives in the store.

use std::fmt::Write;
use std::rc::Rc;

use serde_json::{Value, json};

use super::{App, AppError, Reply, Result, invalid};
use crate::command::FunhouseAction;
use crate::games::funhouse::Room;
use crate::games::funhouse::run::{self, Book, Run};
use crate::games::funhouse::score::{self, Score};
use crate::store::{self, Part, Store};
use crate::style::Tone;

impl App {
    /// The Funhouse as saved (damaged runs left out, with a warning).
    pub(super) fn load_book(&self) -> Result<Book> {
        self.store.read(|c| load_book(&self.store, c))
    }

    pub(super) fn score(&mut self, room: &str, input: &[String]) -> Result<Reply> {
        let (room, input) = Room::from_words(room, input).map_err(|e| invalid(e.to_string()))?;
        let tracked = if input.is_empty() {
            self.tracked_inputs(room)?
        } else {
            None
        };
        let (sc, solved) = match tracked {
            Some(inputs) => (
                score::score(room, &inputs).map_err(|e| invalid(e.0))?,
                Some(format!(
                    "scored from the position you played (score {} {})",
                    room.id(),
                    inputs.join(" ")
                )),
            ),
            None if room == Room::Barrels && input.is_empty() => self.barrels_by_solver()?,
            None => (score::score(room, input).map_err(|e| invalid(e.0))?, None),
        };
        let store = Rc::clone(&self.store);
        let recorded = store.change(Part::Funhouse, |c| {
            let mut book = load_book(&store, c)?;
            let Some(run) = book.run.as_mut() else {
                return Ok((None, None));
            };
            let replaced = run.record(room, sc.clone());
            let after = (replaced.map(|r| r.total), run.total(), run.played());
            store::save_funhouse(c, &book)?;
            let what = format!("score {} {}", room.id(), sc.inputs.join(" "));
            Ok::<_, AppError>((Some(after), Some(what)))
        })?;
        let mut text = working(room, &sc, &self.style);
        if let Some(how) = solved {
            let _ = write!(text, "\n{}", crate::style::wrap(&how, self.style.width, ""));
        }
        match recorded {
            Some((replaced, total, played)) => {
                let _ = write!(
                    text,
                    "\n{} (run total {total} after {played} of 6 rooms)",
                    match replaced {
                        Some(old) =>
                            format!("replaced the earlier {} score of {old}", room.title()),
                        None => "recorded in the run".to_string(),
                    },
                );
            }
            None => text.push_str("\n(no run open: `funhouse new` starts one)"),
        }
        let data = json!({
            "room": room.id(),
            "inputs": sc.inputs,
            "terms": sc.terms,
            "total": sc.total,
            "recorded": recorded.is_some(),
            "replaced": recorded.and_then(|r| r.0),
        });
        Ok(Reply::new("score", text, data))
    }

    pub(super) fn funhouse(&mut self, action: FunhouseAction) -> Result<Reply> {
        let store = Rc::clone(&self.store);
        match action {
            FunhouseAction::Show => {
                let book = self.load_book()?;
                let Some(run) = &book.run else {
                    return Ok(Reply::new(
                        "scorecard",
                        "no run open: `funhouse new` starts one".into(),
                        json!({"run": null}),
                    ));
                };
                let run = run.clone();
                let transition = self.transition_after(&run);
                let text = run::scorecard(&run, transition.clone(), &self.style);
                let mut data = scorecard_json(&run);
                data["transition"] =
                    json!(transition.map(|(room, t)| json!({"from": room.id(), "text": t})));
                Ok(Reply::new("scorecard", text, data))
            }
            FunhouseAction::New { discard } => {
                let today = self.today.clone();
                let discarded = store.change(Part::Funhouse, |c| {
                    let mut book = load_book(&store, c)?;
                    if let Some(run) = &book.run
                        && run.played() > 0
                        && !discard
                    {
                        return Err(AppError::Confirm {
                            question: format!(
                                "a run is open ({} of 6 rooms, total {}); discard it?",
                                run.played(),
                                run.total()
                            ),
                            then: vec!["funhouse".into(), "new".into(), "--discard".into()],
                        });
                    }
                    let discarded = book.run.replace(Run::new(today.clone()));
                    store::save_funhouse(c, &book)?;
                    Ok((discarded, Some("funhouse new".to_string())))
                })?;
                let text = match discarded {
                    Some(old) if old.played() > 0 => format!(
                        "new run started {} (the old one, total {}, was discarded)\nfirst room: Slide Jam (`rules slide-jam setup`)",
                        self.today,
                        old.total()
                    ),
                    _ => format!(
                        "new run started {}\nfirst room: Slide Jam (`rules slide-jam setup`)",
                        self.today
                    ),
                };
                Ok(Reply::new("funhouse", text, json!({"started": self.today})))
            }
            FunhouseAction::End { partial } => {
                let filed = store.change(Part::Funhouse, |c| {
                    let mut book = load_book(&store, c)?;
                    let Some(run) = book.run.take() else {
                        return Err(invalid("no run open to end: `funhouse new` starts one"));
                    };
                    if (1..6).contains(&run.played()) && !partial {
                        return Err(AppError::Confirm {
                            question: format!(
                                "the run has {} of 6 rooms (total {}); file it as a partial run?",
                                run.played(),
                                run.total()
                            ),
                            then: vec!["funhouse".into(), "end".into(), "--partial".into()],
                        });
                    }
                    if run.played() == 0 {
                        store::save_funhouse(c, &book)?;
                        return Ok((None, Some("funhouse end (an empty run)".to_string())));
                    }
                    let (total, played) = (run.total(), run.played());
                    book.history.push(run);
                    let n = book.history.len();
                    let best = run::best_run(&book.history) == Some(n - 1);
                    store::save_funhouse(c, &book)?;
                    Ok((
                        Some((n, total, played, best)),
                        Some(format!("funhouse end (run {n}, total {total})")),
                    ))
                })?;
                let Some((n, total, played, best)) = filed else {
                    return Ok(Reply::new(
                        "funhouse",
                        "the open run had no scores; it was closed without filing".into(),
                        json!({"filed": false}),
                    ));
                };
                let mut text = format!("run {n} filed: total {total}");
                if played < 6 {
                    let _ = write!(text, " ({played} of 6 rooms: partial)");
                }
                if best {
                    text.push_str(&self.style.paint(" - your best yet!", Tone::Good));
                }
                Ok(Reply::new(
                    "funhouse",
                    text,
                    json!({"filed": true, "number": n, "total": total, "best": best}),
                ))
            }
            FunhouseAction::Delete { number } => {
                let removed = store.change(Part::Funhouse, |c| {
                    let mut book = load_book(&store, c)?;
                    let filed = book.history.len();
                    if number == 0 || number > filed {
                        return Err(invalid(format!(
                            "there is no run {number}: the history holds {filed} (`funhouse history` lists them)"
                        )));
                    }
                    let run = book.history.remove(number - 1);
                    store::save_funhouse(c, &book)?;
                    Ok((run, Some(format!("funhouse delete {number}"))))
                })?;
                Ok(Reply::new(
                    "funhouse",
                    format!(
                        "run {number} ({}, total {}) removed from the history; `undo` brings it back",
                        removed.started,
                        removed.total()
                    ),
                    json!({"deleted": number, "total": removed.total()}),
                ))
            }
            FunhouseAction::History => {
                let book = self.load_book()?;
                let text = run::history_text(&book.history, &self.style);
                let runs: Vec<Value> = book.history.iter().map(scorecard_json).collect();
                Ok(Reply::new(
                    "history",
                    text,
                    json!({"runs": runs, "best": run::best_run(&book.history)}),
                ))
            }
        }
    }

    /// The transition of the last room played: what to keep for the next.
    fn transition_after(&mut self, run: &Run) -> Option<(Room, String)> {
        let room = run.last_played()?;
        run.next_room()?;
        let style = self.style;
        let entry = self.library().find(room.id()).ok()?;
        let section = entry.sections.iter().find(|s| s.id == "transition")?;
        Some((room, super::lookup::render_text(&section.text, &style)))
    }
}

/// The Funhouse as saved; damaged runs are left out and the player told.
pub(super) fn load_book(store: &Store, c: &rusqlite::Connection) -> Result<Book> {
    let (book, notes) = store::funhouse(c)?;
    for n in notes {
        store.warn(n);
    }
    Ok(book)
}

/// The working: each term, then the total.
fn working(room: Room, sc: &Score, style: &crate::style::Style) -> String {
    let mut out = format!("{}\n", style.paint(room.title(), Tone::Heading));
    if sc.terms.is_empty() {
        out.push_str("  nothing to count\n");
    }
    // The label column narrows with the window (42 wide at 50 columns or
    // more); a label longer than it is wrapped above its points.
    let label = style.width.saturating_sub(8).clamp(20, 42);
    for t in &sc.terms {
        let text = crate::style::wrap(&t.label, label, "    ");
        let (head, last) = text
            .rsplit_once('\n')
            .map_or(("", text.as_str()), |(h, l)| (h, l));
        if !head.is_empty() {
            let _ = writeln!(out, "  {head}");
        }
        let _ = writeln!(out, "  {last:<label$} {:>4}", t.points);
    }
    // Padded before painting: escape codes take no columns on screen.
    let _ = write!(
        out,
        "  {:<label$} {}",
        "total",
        style.paint(&format!("{:>4}", sc.total), Tone::Emph)
    );
    out
}

fn scorecard_json(run: &Run) -> Value {
    let rooms: Vec<Value> = Room::ALL
        .iter()
        .map(|r| match &run.rooms[r.index()] {
            Some(s) => {
                json!({"room": r.id(), "score": s.total, "inputs": s.inputs, "terms": s.terms})
            }
            None => json!({"room": r.id(), "score": null}),
        })
        .collect();
    json!({
        "started": run.started,
        "rooms": rooms,
        "total": run.total(),
        "played": run.played(),
        "next": run.next_room().map(|r| r.id()),
    })
}
