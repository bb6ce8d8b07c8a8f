//! A seat's actions from a player's phone, taken as that player through
//! the same commands and the same store door as the terminal: a roll is
//! `roll EXPR as NAME`, a score `pad NAME N`, passing `turn`. Each seat
//! has its own session, so its changes are journaled as its own and its
//! `undo` takes back only those.

use std::collections::HashMap;
use std::path::PathBuf;

use super::{App, AppError, Result, invalid};
use crate::reply::Reply;
use crate::serve::{Answer, Desk, SeatAct, SeatLook};
use crate::store::Store;
use crate::style::Style;

/// The width a phone's answers are drawn at.
const PHONE_WIDTH: usize = 40;

/// The most a phone is told in one answer. A roll of thousands of dice
/// is told as its start and how much more there was (#77: a seat's
/// `5000x1000d1000` sent its phone 25 MB, every die of it).
const MOST_SAID: usize = 2_000;

/// `said`, cut for a phone past `MOST_SAID` bytes at the last whole line
/// (or character) before, with how long it was.
fn for_a_phone(said: String) -> String {
    if said.len() <= MOST_SAID {
        return said;
    }
    let mut cut = MOST_SAID;
    while !said.is_char_boundary(cut) {
        cut -= 1;
    }
    let cut = said[..cut].rfind('\n').filter(|&n| n > 0).unwrap_or(cut);
    let lines = said.lines().count();
    format!(
        "{}...\n(cut short for a phone: {lines} lines in all; `log` at the terminal lists the rolls)",
        &said[..cut]
    )
}

/// The seats' desk: one session per seat, made when the seat first acts.
pub struct SeatDesk {
    dir: PathBuf,
    rules_dir: Option<PathBuf>,
    today: String,
    sessions: HashMap<String, App>,
}

impl SeatDesk {
    pub fn new(dir: PathBuf, rules_dir: Option<PathBuf>, today: String) -> SeatDesk {
        SeatDesk {
            dir,
            rules_dir,
            today,
            sessions: HashMap::new(),
        }
    }

    fn session(&mut self, seat: &str) -> &mut App {
        let (dir, rules, today) = (&self.dir, &self.rules_dir, &self.today);
        self.sessions.entry(seat.to_string()).or_insert_with(|| {
            let store = Store::new(dir.clone()).for_session(&format!("seat:{seat}"));
            let style = Style {
                width: PHONE_WIDTH,
                ..Style::plain()
            };
            App::new(crate::random::system_word() >> 11, store, style)
                .with_seed_chosen(false)
                .with_rules_dir(rules.clone())
                .with_today(today.clone())
        })
    }
}

impl Desk for SeatDesk {
    fn act(&mut self, seat: &str, act: &SeatAct) -> Answer {
        let app = self.session(seat);
        // The seat acts as its person: found at the table now, and carried
        // by id into the transaction that checks and makes the change.
        let done = app.as_seated(seat).and_then(|app| match act {
            SeatAct::Roll { expr } => app.roll_as(expr),
            SeatAct::Pad { score } => app.pad_score(score),
            SeatAct::Turn => app.run_words(&["turn".into()]),
            SeatAct::Undo => app.undo_own(),
            SeatAct::Move { line } => app.seat_move(line),
        });
        // A phone is answered in a sentence about its seat, not with the
        // terminal's table.
        let mut said = match (&done, act) {
            (Ok(reply), SeatAct::Pad { score }) => app
                .pad_said(reply, score.trim())
                .unwrap_or_else(|| app.text(reply)),
            (Ok(reply), SeatAct::Undo) => match reply.body.value()["undone"].as_str() {
                Some(what) => format!("took back your last change: {what}"),
                None => "nothing of yours to take back".to_string(),
            },
            (Ok(reply), _) => app.text(reply),
            // The table's own dice need more: the keypad answers it.
            (Err(AppError::MoreDice { ask, count, .. }), _) => format!(
                "{ask}: tap {} on the keypad and Roll again",
                if *count == 1 {
                    "its face"
                } else {
                    "their faces"
                }
            ),
            (Err(e), _) => e.to_string(),
        };
        said = for_a_phone(said);
        for w in app.take_warnings() {
            said.push_str(&format!("\nnote: {w}"));
        }
        Answer {
            asks: matches!(done, Err(AppError::MoreDice { .. })),
            ok: done.is_ok(),
            said: crate::style::strip_ansi(&said),
        }
    }

    fn look(&mut self, seat: &str) -> SeatLook {
        let app = self.session(seat);
        // The seat's person's name as it is now.
        let name = app
            .person(seat)
            .map_or_else(|| format!("#{seat}"), |p| p.name);
        let secret = app.secret_rolls_of(&name);
        SeatLook { name, secret }
    }
}

impl App {
    /// This session as the seat's person, if they sit at the table.
    fn as_seated(&mut self, seat: &str) -> Result<&mut App> {
        self.acting = self.person(seat);
        if self.acting.is_none() {
            return Err(invalid(
                "this seat's person is not at the table any more: `players` at the terminal seats the table, and `serve seats` gives each a seat",
            ));
        }
        Ok(self)
    }

    /// The person whose seat `seat` is (keyed by their id at the table),
    /// if they still sit there.
    fn person(&self, seat: &str) -> Option<crate::games::wing::Acting> {
        let id = seat.parse::<u32>().ok()?;
        let at = self.at_table().ok()?;
        let p = at.seating?.by_id(id)?.clone();
        Some(crate::games::wing::Acting {
            id: p.id,
            name: p.name,
        })
    }

    /// `roll EXPR` as the seat's person (a seat cannot name someone else
    /// with `as`).
    fn roll_as(&mut self, expr: &str) -> Result<Reply> {
        let words: Vec<String> = expr.split_whitespace().map(str::to_string).collect();
        super::control_free(&words)?;
        self.rolling_for = self.acting.as_ref().map(|p| p.name.clone());
        let rolled = self.roll_for(&words);
        self.rolling_for = None;
        rolled
    }

    /// A move in the table's game, in the game's own words, made as the
    /// seat's person: the frame checks, in the transaction that makes
    /// it, that it is theirs. Nothing but a game's own command is taken
    /// (a seat cannot `export` or seat the table).
    fn seat_move(&mut self, line: &str) -> Result<Reply> {
        let words = crate::command::split_line(line)?;
        let Some(first) = words.first() else {
            return Err(invalid(
                "say a move in the game's own words, or tap one of the moves shown",
            ));
        };
        super::control_free(&words)?;
        match crate::command::parse_at(&words, self.style.width)? {
            crate::command::Parsed::Game {
                game,
                command,
                matches,
            } => {
                self.seat_moving = true;
                let done = self.game_command(game, &command, &matches);
                self.seat_moving = false;
                done
            }
            crate::command::Parsed::Builtin(_) => Err(invalid(format!(
                "'{}' is not a move in a game: a seat's moves are the game's own words (the moves shown), and rolls, scores and the turn have their own buttons",
                crate::style::clip_quoted(first)
            ))),
        }
    }

    /// What a seat is told of the score it entered: `7 for Li Wei; Li Wei
    /// 19, leads` (or who leads, or whom it is level with), from the pad
    /// as the change saved it (the reply's own players, totals and
    /// leaders: no second read that another change could overtake).
    fn pad_said(&self, reply: &Reply, score: &str) -> Option<String> {
        let name = self.acting.as_ref()?.name.clone();
        let v = reply.body.value();
        let players: Vec<String> = serde_json::from_value(v["players"].clone()).ok()?;
        // `null`: a column with no score yet.
        let totals: Vec<Option<i64>> = serde_json::from_value(v["totals"].clone()).ok()?;
        let total = |at: usize| totals[at].map_or("-".to_string(), |t| t.to_string());
        let leaders: Vec<String> = serde_json::from_value(v["leaders"].clone()).ok()?;
        let me = players.iter().position(|p| *p == name)?;
        // On a sheet, what each entry scored (`ones 1 1 1 4 5: 3`).
        let marked: Vec<String> = v["said"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|e| e["event"] == "marked")
            .map(|e| {
                let (cat, entry) = (e["category"].as_str()?, e["entry"].as_str()?);
                Some(match e["score"].as_i64() {
                    Some(s) if s.to_string() != entry => format!("{cat} {entry}: {s}"),
                    _ => format!("{cat} {entry}"),
                })
            })
            .collect::<Option<_>>()?;
        let entered = if marked.is_empty() {
            score.to_string()
        } else {
            marked.join(", ")
        };
        let score = entered.as_str();
        let standing = match leaders.as_slice() {
            [one] if *one == name => "leads".to_string(),
            all if all.contains(&name) => {
                let others: Vec<&str> = all
                    .iter()
                    .filter(|p| **p != name)
                    .map(String::as_str)
                    .collect();
                format!("level with {}", others.join(" and "))
            }
            [one, ..] => {
                let at = players.iter().position(|p| p == one)?;
                format!("{one} leads with {}", total(at))
            }
            [] => return Some(format!("{score} for {name}")),
        };
        Some(format!(
            "{score} for {name}; {name} {}, {standing}",
            total(me)
        ))
    }

    /// The seat's score this round, in its person's own column.
    /// On a score sheet, its categories and their entries (`ones 1 1 1
    /// 4 5`), in the same words as at the terminal.
    fn pad_score(&mut self, score: &str) -> Result<Reply> {
        let score = score.trim();
        let words: Vec<String> = score.split_whitespace().map(String::from).collect();
        let sheet_words = words
            .first()
            .is_some_and(|w| w.starts_with(|c: char| c.is_alphabetic()));
        if score.parse::<i64>().is_err() && !sheet_words {
            return Err(invalid(format!(
                "'{}' is not a score: a whole number, like 12 or -3",
                crate::style::clip_quoted(score)
            )));
        }
        let name = self
            .acting
            .as_ref()
            .map(|p| p.name.clone())
            .unwrap_or_default();
        let mut line = vec!["pad".to_string(), name];
        line.extend(words);
        self.run_words(&line)
    }
}
