//! The Funhouse plugged into tablemate: the run (with its filed history
//! and the die's handedness) as the saved state, the run's actions, and
//! its commands: `funhouse`, `score`, `move`, `hint` and `die`.

use crate::games::game::Names;
use crate::games::wing::{SetUp, Solver};
use std::fmt;

use serde::{Deserialize, Serialize};

use super::die::Hand;
use super::events::{Event, Recorded, Source};
use super::play::{self as room_play};
use super::room::Room;
use super::rooms;
use super::run::{self, Book, MAX_MOVES, Run};
use super::score::{self, Score};
use super::show;
use crate::games::args::Given;
use crate::games::error::{GameError, Unsound};
use crate::games::game::Game;
use crate::games::wing::{Context, Done, InRecord, Order, Play, Saved, Turn, Wing};
use crate::layout::Layout;
use crate::random::TableRng;
use crate::reply::Reply;

pub struct Funhouse;

/// A change to the Funhouse: the run, its history, the die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum FunhouseAction {
    /// Start a run (`discard`: throw away an open one with scores), filed
    /// under `day` (today's date when the command was given).
    New {
        discard: bool,
        #[serde(default)]
        day: String,
        /// Who plays the run: the first at the table from who starts,
        /// put in by `complete` (none: no one is seated).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// File the open run (`partial`: with rooms still to play).
    End {
        partial: bool,
    },
    /// Remove a filed run, by its number in the history.
    Delete {
        number: usize,
    },
    /// Score a room from what is on the table; with nothing given, the
    /// position played in the run (or, for the barrels, the solver).
    Score {
        room: Room,
        inputs: Vec<String>,
    },
    /// Lay a room out at random and keep its table in the run.
    Lay {
        room: Room,
    },
    /// A move in the room in play, in its own notation.
    Move {
        words: Vec<String>,
    },
    Die {
        hand: Hand,
    },
    /// A hint in the room in play: asked again at the same position it
    /// tells more (a nudge, the move, the line); `line`: the line at once.
    /// Counted on the run's score sheet.
    Hint {
        #[serde(default)]
        line: bool,
    },
    /// `coach on|off`: weigh each move followed in play against best play.
    Coach {
        on: bool,
    },
}

impl fmt::Display for FunhouseAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FunhouseAction::New { discard, .. } => {
                write!(
                    f,
                    "funhouse new{}",
                    if *discard { " --discard" } else { "" }
                )
            }
            FunhouseAction::End { partial } => {
                write!(
                    f,
                    "funhouse end{}",
                    if *partial { " --partial" } else { "" }
                )
            }
            FunhouseAction::Delete { number } => write!(f, "funhouse delete {number}"),
            FunhouseAction::Score { room, inputs } => {
                write!(f, "score {room}")?;
                for w in inputs {
                    write!(f, " {w}")?;
                }
                Ok(())
            }
            FunhouseAction::Lay { room } => write!(f, "setup {room}"),
            FunhouseAction::Move { words } => write!(f, "move {}", words.join(" ")),
            FunhouseAction::Die { hand } => write!(f, "die {hand}"),
            FunhouseAction::Hint { line: false } => f.write_str("hint"),
            FunhouseAction::Hint { line: true } => f.write_str("hint line"),
            FunhouseAction::Coach { on } => write!(f, "coach {}", if *on { "on" } else { "off" }),
        }
    }
}

/// What the Funhouse's commands ask.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    Scorecard,
    History,
    /// The par of the room in play's deal: the best score it allows.
    Par,
    /// How hard the room in play is from where it stands, and why.
    /// `grade [ROOM]`: the room named must be the room in play.
    Grade(Option<Room>),
    /// `move` alone: how moves are written in the room in play.
    Notation,
    Die,
}

impl Saved for Book {
    const GAME: Game = Game::EpicFunhouse;
    const WHAT: &'static str = "the saved Funhouse runs";
    const EXPORT_KEY: &'static str = "funhouse";
    const EXPORT_ALWAYS: bool = true;
    const LEGACY_FILE: Option<(&'static str, &'static str)> =
        Some(("funhouse.json", "a Funhouse run or history"));

    fn check(&self) -> Result<(), Unsound> {
        Book::check(self)
    }

    /// A run that fails its checks is left out, with a message saying so,
    /// so that the commands that replace it still work; the saved state
    /// keeps it until the next change (and `undo` brings it back).
    fn mend(&mut self) -> Vec<String> {
        let mut notes = std::mem::take(&mut self.unread);
        if let Some(Err(why)) = self.run.as_ref().map(Run::check) {
            notes.push(format!(
                "warning: the open Funhouse run is damaged ({why}); it is left out, and `funhouse new` starts a fresh one"
            ));
            self.run = None;
        }
        let mut n = 0;
        self.history.retain(|r| {
            n += 1;
            match r.check() {
                Ok(()) => true,
                Err(why) => {
                    notes.push(format!(
                        "warning: filed Funhouse run {n} is damaged ({why}); it is left out of the history"
                    ));
                    false
                }
            }
        });
        notes
    }

    fn empty() -> Option<Book> {
        Some(Book::default())
    }

    fn summary(&self) -> String {
        let n = self.history.len();
        format!(
            "{} Funhouse run, {n} {}",
            if self.run.is_some() {
                "an open"
            } else {
                "no open"
            },
            crate::style::plural(n as u64, "filed run", "filed runs")
        )
    }

    /// Each filed run that scored a room, as a solitaire play: its points
    /// its score; won when all six rooms were scored.
    fn plays(&self) -> Vec<crate::plays::Play> {
        self.history
            .iter()
            .filter(|r| r.played() > 0)
            .map(|r| {
                crate::plays::Play::new(
                    Self::GAME.id(),
                    &r.started,
                    vec![r.player.clone().unwrap_or_default()],
                    vec![Some(i64::from(r.total()))],
                    if r.is_complete() { vec![0] } else { Vec::new() },
                )
            })
            .collect()
    }
}

/// The room in play: the run's first room not yet scored.
pub fn room_in_play(book: &Book) -> Result<(&Run, Room), GameError> {
    let run = book.run.as_ref().ok_or_else(|| {
        GameError::missing(
            "moves are followed in a Funhouse run: `funhouse new`, then `setup` the room",
        )
    })?;
    let room = run.next_room().ok_or_else(|| {
        GameError::rule("every room of this run is scored: `funhouse end` files it")
    })?;
    Ok((run, room))
}

/// `word` (`par`, `grade`) asked with no run: it is a run's word, and
/// the other puzzles have words of their own (`par` while another
/// puzzle was laid spoke only of a Funhouse run, #78).
fn no_run_for(book: &Book, word: &str, what: &str) -> Result<(), GameError> {
    if book.run.is_some() {
        return Ok(());
    }
    Err(GameError::missing(format!(
        "`{word}` says {what} in a Funhouse run (`funhouse new`, then `setup` the room); the other puzzles grade their own deals: {}",
        graded_elsewhere().join(", ")
    )))
}

/// Each other game's own `grade` (`fuji grade`): the commands whose
/// first words Tab offers include it, so a game that learns to grade is
/// named here with no list to keep.
fn graded_elsewhere() -> Vec<String> {
    crate::games::Game::all()
        .map(|g| g.wing())
        .flat_map(|w| {
            w.commands()
                .into_iter()
                .map(|c| c.get_name().to_string())
                .filter(move |name| w.completions(&[name], 0).contains(&"grade"))
        })
        .map(|name| format!("`{name} grade`"))
        .collect()
}

/// A deal's par: the best its room allows, within the hint's time.
fn par_of(fresh: &room_play::RoomGame) -> (u32, bool) {
    let start = std::time::Instant::now();
    let mut stop = || start.elapsed() > room_play::HINT_BUDGET || crate::cancel::check().is_err();
    fresh.best(&mut stop)
}

pub fn not_set_up(room: Room) -> GameError {
    if room == Room::Catwalk {
        return GameError::rule(room_play::RoomGame::notation(Room::Catwalk));
    }
    let setup = match room {
        Room::WhackADummy => "setup barrels".to_string(),
        _ => format!("setup {}", room.id()),
    };
    GameError::missing(format!(
        "the run holds no {} table to follow: `{setup}` lays one out",
        room.title()
    ))
}

impl Book {
    /// `score barrels` with no number: the run's grid scored by the
    /// solver with the die setting.
    fn barrels_by_solver(&self) -> Result<Score, GameError> {
        let grid = self
            .run
            .as_ref()
            .and_then(|r| r.barrels.as_ref())
            .and_then(|g| run::parse_rows(g))
            .ok_or_else(|| {
                GameError::word(
                    "give the distance from the nearest coin the die reached to the exit (0 if it got out); with no number, the run's barrel grid is scored, and this run has none",
                )
            })?;
        let s = super::solve::barrels::solve(&grid, self.die);
        score::score(Room::Barrels, &[s.score.to_string()]).map_err(|e| GameError::word(e.0))
    }

    fn score(&mut self, room: Room, inputs: &[String]) -> Result<Vec<Event>, GameError> {
        let played = if inputs.is_empty() {
            room_play::tracked(self, room)?
        } else {
            None
        };
        let unfinished = played.as_ref().is_some_and(|g| !g.is_over());
        let tracked = played.map(|g| g.score_inputs());
        let (sc, source) = match tracked {
            Some(played) => (
                score::score(room, &played).map_err(|e| GameError::word(e.0))?,
                Source::Play,
            ),
            None if room == Room::Barrels && inputs.is_empty() => {
                (self.barrels_by_solver()?, Source::Solver { hand: self.die })
            }
            None => (
                score::score(room, inputs).map_err(|e| GameError::word(e.0))?,
                Source::Typed,
            ),
        };
        let recorded = self.run.as_mut().map(|run| {
            let replaced = run.record(room, sc.clone()).map(|r| r.total);
            Recorded {
                replaced,
                run_total: run.total(),
                played: run.played(),
            }
        });
        Ok(vec![Event::Scored {
            score: sc,
            source,
            recorded,
            unfinished,
        }])
    }

    /// A hint: the nudge first, asked again at the same position the
    /// move, then the whole line; each one counted for the room.
    fn hint(&mut self, whole: bool) -> Result<Vec<Event>, GameError> {
        let (run, room) = room_in_play(self)?;
        let game = room_play::of_run(self, run, room)?.ok_or_else(|| not_set_up(room))?;
        let played = run.tables.played.get(room.id()).map_or(0, Vec::len);
        let start = std::time::Instant::now();
        let mut stop =
            || start.elapsed() > room_play::HINT_BUDGET || crate::cancel::check().is_err();
        let Some((line, why)) = game.line(&mut stop) else {
            return Ok(vec![Event::Hinted {
                room,
                level: 0,
                said: Vec::new(),
                why: String::new(),
                count: 0,
            }]);
        };
        let nudge = game.nudge(&line);
        let run = self.run.as_mut().expect("checked above");
        let h = run.hints.entry(room.id().to_string()).or_default();
        let level = match (whole, h.at == played && h.count > 0) {
            (true, _) => 3,
            (false, true) => (h.level + 1).min(3),
            (false, false) => 1,
        };
        h.count += 1;
        h.at = played;
        h.level = level;
        let said = match level {
            1 => vec![nudge],
            2 => line.into_iter().take(1).collect(),
            _ => line,
        };
        Ok(vec![Event::Hinted {
            room,
            level,
            said,
            why,
            count: h.count,
        }])
    }

    fn play_move(&mut self, words: &[String]) -> Result<Vec<Event>, GameError> {
        let (run, room) = room_in_play(self)?;
        let mut game = room_play::of_run(self, run, room)?.ok_or_else(|| not_set_up(room))?;
        let before = self.coach.then(|| game.clone());
        let (kept, said) = game.play(words)?;
        let coached = before.and_then(|before| {
            let start = std::time::Instant::now();
            let mut stop =
                || start.elapsed() > room_play::HINT_BUDGET || crate::cancel::check().is_err();
            before.coach(&game, &mut stop)
        });
        let run = self.run.as_mut().expect("checked above");
        let moves = run.tables.played.entry(room.id().to_string()).or_default();
        if moves.len() >= MAX_MOVES {
            return Err(GameError::rule(format!(
                "{MAX_MOVES} moves kept for this room: score it, or set it up again"
            )));
        }
        moves.push(kept.clone());
        Ok(vec![Event::Moved {
            room,
            count: moves.len(),
            kept,
            said,
            coached,
        }])
    }
}

impl Play for Book {
    type Action = FunhouseAction;
    type Event = Event;

    fn sample(_: &mut TableRng) -> Book {
        Book::default()
    }

    fn apply(
        &mut self,
        action: &FunhouseAction,
        rng: &mut TableRng,
    ) -> Result<Vec<Event>, GameError> {
        let before = self.clone();
        let done = self.step(action, rng);
        if done.is_err() {
            *self = before;
        }
        done
    }

    fn legal(&self) -> Vec<FunhouseAction> {
        let Some(run) = &self.run else {
            return vec![FunhouseAction::New {
                discard: false,
                // As a player types it: the day is the table's, put in
                // by `act`, and who plays by `complete`.
                day: String::new(),
                player: None,
            }];
        };
        let Some(room) = run.next_room() else {
            return vec![FunhouseAction::End { partial: false }];
        };
        let game = match room_play::of_run(self, run, room) {
            Ok(Some(g)) => g,
            // The Catwalk is played by hand: laid (as often as the player
            // likes), then its score typed (`none` when no coin fell).
            _ if room == Room::Catwalk => {
                return vec![
                    FunhouseAction::Lay { room },
                    FunhouseAction::Score {
                        room,
                        inputs: vec!["none".into()],
                    },
                ];
            }
            // Any other room is followed once it is laid.
            _ => return vec![FunhouseAction::Lay { room }],
        };
        let mut all: Vec<FunhouseAction> = game
            .legal_moves()
            .into_iter()
            .map(|words| FunhouseAction::Move {
                words: words.split_whitespace().map(String::from).collect(),
            })
            .collect();
        // A room followed move by move is scored as its position stands
        // whenever the player stops, finished or not (before its first
        // move it is not followed: its score is typed).
        if run.tables.played.contains_key(room.id()) {
            all.push(FunhouseAction::Score {
                room,
                inputs: Vec::new(),
            });
        }
        all
    }

    fn turn(&self) -> Turn {
        let next = match &self.run {
            None => "`funhouse new` starts a run".to_string(),
            Some(run) => match run.next_room() {
                Some(room) => format!("{}: `setup {}`, then play it", room.title(), room.id()),
                None => "all six rooms scored: `funhouse end` files the run".to_string(),
            },
        };
        Turn {
            to_move: None,
            next,
            over: false,
            seat: None,
            role: None,
        }
    }

    fn layout(&self) -> Layout {
        self.run
            .as_ref()
            .and_then(|run| {
                let room = run.next_room()?;
                room_play::of_run(self, run, room).ok().flatten()
            })
            .map(|g| g.layout())
            .unwrap_or_else(|| Layout::new("epic-funhouse", "Epic Funhouse"))
    }

    fn secrets(&self, _: Option<usize>) -> Vec<String> {
        // Everything is in the open.
        Vec::new()
    }
}

impl Book {
    fn step(
        &mut self,
        action: &FunhouseAction,
        rng: &mut TableRng,
    ) -> Result<Vec<Event>, GameError> {
        match action {
            FunhouseAction::New {
                discard,
                day,
                player,
            } => {
                if let Some(run) = &self.run
                    && run.played() > 0
                    && !discard
                {
                    return Err(GameError::Confirm {
                        question: format!(
                            "a run is open ({} of 6 rooms, total {}); discard it?",
                            run.played(),
                            run.total()
                        ),
                        then: vec!["funhouse".into(), "new".into(), "--discard".into()],
                    });
                }
                let mut run = Run::new(day.clone());
                run.player = player.clone();
                let old = self.run.replace(run);
                Ok(vec![Event::Started {
                    day: day.clone(),
                    player: player.clone(),
                    discarded: old.filter(|r| r.played() > 0).map(|r| r.total()),
                }])
            }
            FunhouseAction::End { partial } => {
                let Some(run) = self.run.take() else {
                    return Err(GameError::missing(
                        "no run open to end: `funhouse new` starts one",
                    ));
                };
                if (1..6).contains(&run.played()) && !partial {
                    let question = format!(
                        "the run has {} of 6 rooms (total {}); file it as a partial run?",
                        run.played(),
                        run.total()
                    );
                    self.run = Some(run);
                    return Err(GameError::Confirm {
                        question,
                        then: vec!["funhouse".into(), "end".into(), "--partial".into()],
                    });
                }
                if run.played() == 0 {
                    return Ok(vec![Event::Closed]);
                }
                let (total, played) = (run.total(), run.played());
                self.history.push(run);
                let number = self.history.len();
                let best = run::best_run(&self.history) == Some(number - 1);
                Ok(vec![Event::Filed {
                    number,
                    total,
                    played,
                    best,
                }])
            }
            FunhouseAction::Delete { number } => {
                let filed = self.history.len();
                if *number == 0 || *number > filed {
                    return Err(GameError::word(format!(
                        "there is no run {number}: the history holds {filed} (`funhouse history` lists them)"
                    )));
                }
                let run = self.history.remove(number - 1);
                Ok(vec![Event::Deleted {
                    number: *number,
                    total: run.total(),
                    started: run.started,
                }])
            }
            FunhouseAction::Score { room, inputs } => self.score(*room, inputs),
            FunhouseAction::Lay { room } => {
                let mut slot = Some(std::mem::take(self));
                let laid = rooms::lay(*room, &mut slot, &Given::default(), rng);
                *self = slot.unwrap_or_default();
                let kept = laid?.what.is_some();
                Ok(vec![Event::Laid { room: *room, kept }])
            }
            FunhouseAction::Move { words } => self.play_move(words),
            FunhouseAction::Hint { line } => self.hint(*line),
            FunhouseAction::Coach { on } => {
                self.coach = *on;
                Ok(vec![Event::CoachSet { on: *on }])
            }
            FunhouseAction::Die { hand } => {
                let was = std::mem::replace(&mut self.die, *hand);
                Ok(vec![Event::DieSet { was, now: *hand }])
            }
        }
    }
}

/// The words of `funhouse` and its subcommands, `score`, `move`, `hint`
/// and `die`.
fn order(command: &str, m: &clap::ArgMatches) -> Result<Order<FunhouseAction, Ask>, GameError> {
    let words = || crate::games::args::words(m);
    Ok(match command {
        "funhouse" => match m.subcommand() {
            None | Some(("show", _)) => Order::Ask(Ask::Scorecard),
            Some(("history", _)) => Order::Ask(Ask::History),
            Some(("new", sub)) => Order::Act(FunhouseAction::New {
                discard: sub.get_flag("discard"),
                day: String::new(),
                player: None,
            }),
            Some(("end", sub)) => Order::Act(FunhouseAction::End {
                partial: sub.get_flag("partial"),
            }),
            Some(("delete", sub)) => Order::Act(FunhouseAction::Delete {
                number: *sub.get_one::<usize>("number").expect("required"),
            }),
            Some((other, _)) => {
                return Err(GameError::word(format!(
                    "'{other}' is not a funhouse action"
                )));
            }
        },
        "score" => {
            let first = m.get_one::<String>("room").expect("required");
            let rest = words();
            let (room, inputs) = Room::from_words(first, &rest)?;
            Order::Act(FunhouseAction::Score {
                room,
                inputs: inputs.to_vec(),
            })
        }
        "move" => match words() {
            w if w.is_empty() => Order::Ask(Ask::Notation),
            w => Order::Act(FunhouseAction::Move { words: w }),
        },
        "hint" => match crate::games::args::words(m).as_slice() {
            [] => Order::Act(FunhouseAction::Hint { line: false }),
            [w] if w == "line" => Order::Act(FunhouseAction::Hint { line: true }),
            // `hint line please`: the word past what hint takes.
            [w, extra, ..] if w == "line" => {
                return Err(GameError::word(format!(
                    "'{extra}': `hint line` takes nothing more"
                )));
            }
            [w, ..] => {
                return Err(GameError::word(format!(
                    "'{w}': `hint` takes nothing, or `line` for the whole best line"
                )));
            }
        },
        "par" => Order::Ask(Ask::Par),
        "grade" => {
            let words = crate::games::args::words(m);
            let room = match words.as_slice() {
                [] => None,
                // A name may run over words (`grade magic mirror`).
                w => Some(
                    w.join("-")
                        .parse::<Room>()
                        .map_err(|e| GameError::word(e.to_string()))?,
                ),
            };
            Order::Ask(Ask::Grade(room))
        }
        "coach" => match crate::games::args::words(m).as_slice() {
            [w] if w.eq_ignore_ascii_case("on") => Order::Act(FunhouseAction::Coach { on: true }),
            [w] if w.eq_ignore_ascii_case("off") => Order::Act(FunhouseAction::Coach { on: false }),
            [w, ..] => {
                return Err(GameError::word(format!("'{w}': `coach` takes on or off")));
            }
            [] => return Err(GameError::word("`coach` takes on or off: coach on")),
        },
        "die" => match m.get_one::<String>("hand") {
            None => Order::Ask(Ask::Die),
            Some(word) => Order::Act(FunhouseAction::Die {
                hand: word.parse()?,
            }),
        },
        other => unreachable!("'{other}' is not a Funhouse command"),
    })
}

impl Wing for Funhouse {
    const GAME: Game = Game::EpicFunhouse;
    const NAMES: Names = Names {
        id: "epic-funhouse",
        title: "Epic Funhouse",
        listed: "epic-funhouse",
        short: None,
        aliases: &["funhouse", "ef", "epic"],
    };
    /// `coach on` is its command (its rooms were the first weighed), so
    /// its book keeps the table's coach.
    const KEEPS_COACH: bool = true;
    type State = Book;
    type Action = FunhouseAction;
    type Ask = Ask;
    type Event = Event;

    const RULES: Option<(&'static str, &'static str)> = Some((
        "epic-funhouse.yaml",
        include_str!("../../../rules/epic-funhouse.yaml"),
    ));

    fn coach_on(book: &Book) -> bool {
        book.coach
    }

    fn setup() -> Option<SetUp<Book>> {
        None
    }

    fn solver() -> Option<Solver<Book>> {
        None
    }

    fn commands() -> Vec<clap::Command> {
        super::words::commands()
    }

    fn completions(path: &[&str], index: usize) -> Vec<&'static str> {
        match (path, index) {
            (["score"], 0) => Room::ALL
                .iter()
                .map(|r| r.id())
                .chain(["barrels", "whack", "mirror"])
                .collect(),
            (["die"], 0) => vec!["right", "left"],
            _ => Vec::new(),
        }
    }

    fn line(action: &FunhouseAction) -> String {
        // Its actions are written as whole command lines (`move An up`,
        // `score slide-jam`, `funhouse new`).
        action.to_string()
    }

    /// A new run is the solitaire player's: the first at the table.
    fn complete(action: &mut FunhouseAction, table: &Context) {
        if let FunhouseAction::New { player, .. } = action
            && player.is_none()
        {
            *player = table.players.first().cloned();
        }
    }

    fn order(command: &str, m: &clap::ArgMatches) -> Result<Order<FunhouseAction, Ask>, GameError> {
        order(command, m)
    }

    fn ask(state: Option<&Book>, ask: Ask, table: &mut Context) -> Result<Reply, GameError> {
        let empty = Book::default();
        let book = state.unwrap_or(&empty);
        match ask {
            Ask::Scorecard => Ok(show::scorecard(book, table.rule)),
            Ask::History => Ok(show::history(book)),
            Ask::Die => Ok(show::die(book.die)),
            Ask::Notation => {
                let (_, room) = room_in_play(book)?;
                Err(GameError::word(format!(
                    "{}: {}",
                    room.title(),
                    room_play::RoomGame::notation(room)
                )))
            }
            Ask::Par => {
                no_run_for(book, "par", "the best score a room's deal allows")?;
                let (run, room) = room_in_play(book)?;
                let fresh =
                    room_play::fresh_of_run(book, run, room).ok_or_else(|| not_set_up(room))?;
                Ok(show::par(room, par_of(&fresh)))
            }
            Ask::Grade(named) => {
                no_run_for(book, "grade", "how hard the room in play is")?;
                let (run, room) = room_in_play(book)?;
                // A room named is graded where it is the room in play;
                // another is said for what it is in this run.
                if let Some(asked) = named.filter(|&r| r != room) {
                    return Err(GameError::rule(match &run.rooms[asked.index()] {
                        Some(score) => format!(
                            "{} is scored in this run ({} points): nothing left to grade; `grade` grades the room in play, {}",
                            asked.title(),
                            score.total,
                            room.title()
                        ),
                        None => format!(
                            "{} comes later in this run: `grade` grades the room in play, {}",
                            asked.title(),
                            room.title()
                        ),
                    }));
                }
                let made = run.tables.played.get(room.id()).map_or(0, Vec::len);
                let game = room_play::of_run(book, run, room)?.ok_or_else(|| not_set_up(room))?;
                if game.is_over() {
                    return Err(GameError::rule(format!(
                        "{} is over: there is nothing left to grade (`score {}`)",
                        room.title(),
                        room.id()
                    )));
                }
                let mut stop = || crate::cancel::check().is_err();
                let g = super::grade::grade(&game, &mut stop).ok_or_else(|| {
                    if crate::cancel::check().is_err() {
                        GameError::Cancelled
                    } else {
                        GameError::rule(format!(
                            "{}'s search stopped before it proved the best: no grade",
                            room.title()
                        ))
                    }
                })?;
                Ok(show::grade(room, made, g))
            }
        }
    }

    fn act(
        slot: &mut Option<Book>,
        action: FunhouseAction,
        table: &mut Context,
    ) -> Result<Done<Vec<Event>>, GameError> {
        // A new run is filed under today's date, kept in the action so a
        // replay dates it the same.
        let action = match action {
            FunhouseAction::New {
                discard,
                day,
                player,
            } if day.is_empty() => FunhouseAction::New {
                discard,
                day: table.today.to_string(),
                player,
            },
            other => other,
        };
        let book = slot.get_or_insert_with(Book::default);
        let said = book.step(&action, table.rng)?;
        let what = said
            .first()
            .and_then(|e| show::what(e, &action.to_string()));
        Ok(Done { out: said, what })
    }

    /// The open run's scorecard.
    fn screen(book: &Book, _: u64) -> Option<Reply> {
        book.run
            .as_ref()
            .map(|_| show::scorecard(book, &|_: &str, _: &str| None))
    }

    /// A run's own business is no room's move: starting or filing a run
    /// ends the room in play's record; deleting a filed run touches none.
    /// A hint is a step of the room's record: it changes what the score
    /// sheet counts, and the replay counts it again. A move is a step of
    /// the room in play's own record, so Whack-a-Dummy played straight on
    /// from the barrels' table is a game of its own, as when set up.
    fn in_record(book: Option<&Book>, action: &FunhouseAction) -> InRecord {
        match action {
            FunhouseAction::New { .. } | FunhouseAction::End { .. } => InRecord::Ends,
            FunhouseAction::Delete { .. } => InRecord::Apart,
            FunhouseAction::Move { .. } | FunhouseAction::Hint { .. } => {
                match book.map(room_in_play) {
                    Some(Ok((_, room))) => InRecord::StepOf(room.game()),
                    _ => InRecord::Step,
                }
            }
            _ => InRecord::Step,
        }
    }

    fn answer(state: Option<&Book>, said: Vec<Event>, _: &mut Context) -> Result<Reply, GameError> {
        let empty = Book::default();
        let book = state.unwrap_or(&empty);
        // A room scored in the run is told its par, now that it is over.
        let par = match said.first() {
            Some(Event::Scored {
                score,
                recorded: Some(_),
                ..
            }) => book.run.as_ref().and_then(|run| {
                let room: Room = score.room.parse().ok()?;
                Some(par_of(&room_play::fresh_of_run(book, run, room)?))
            }),
            _ => None,
        };
        show::answer(said, book, par)
    }
}
