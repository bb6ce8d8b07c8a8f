//! The Funhouse's replies: the scorecard, the history, a score's working,
//! a move in the room in play, a hint, the die; each one typed value that
//! its text and its JSON are drawn from.

use std::fmt::Write;

use serde::Serialize;

use super::diagram;
use super::die::Hand;
use super::events::{Event, Source};
use super::play as room_play;
use super::room::Room;
use super::run::{self, Book, Run};
use super::score::{self, Score, Term};
use crate::games::error::GameError;
use crate::reply::{Reply, Show};
use crate::style::{Style, Tone, plural, wrap};

/// A room's line on a scorecard.
#[derive(Debug, Serialize)]
pub struct RoomLine {
    room: &'static str,
    score: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    inputs: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    terms: Option<Vec<Term>>,
}

/// A run as data: each room's score, the total, what comes next.
#[derive(Debug, Serialize)]
pub struct Card {
    started: String,
    /// Who plays the run, where the table was seated.
    #[serde(skip_serializing_if = "Option::is_none")]
    player: Option<String>,
    rooms: Vec<RoomLine>,
    total: u32,
    played: usize,
    next: Option<&'static str>,
}

fn card(run: &Run) -> Card {
    Card {
        started: run.started.clone(),
        player: run.player.clone(),
        rooms: Room::ALL
            .iter()
            .map(|r| match &run.rooms[r.index()] {
                Some(s) => RoomLine {
                    room: r.id(),
                    score: Some(s.total),
                    inputs: Some(s.inputs.clone()),
                    terms: Some(s.terms.clone()),
                },
                None => RoomLine {
                    room: r.id(),
                    score: None,
                    inputs: None,
                    terms: None,
                },
            })
            .collect(),
        total: run.total(),
        played: run.played(),
        next: run.next_room().map(|r| r.id()),
    }
}

/// What to keep from the room just played for the next: the rule text's
/// `transition` section of that room.
#[derive(Debug, Serialize)]
pub struct Transition {
    from: &'static str,
    /// The section's text as a 60-column terminal without colour shows
    /// it (the JSON form has no window to fit).
    text: String,
}

/// `funhouse`: the open run's scorecard, or none.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Scorecard {
    Open(Box<OpenCard>),
    None { run: Option<()> },
}

/// The open run's card, and what to keep from the room just played.
#[derive(Debug, Serialize)]
pub struct OpenCard {
    #[serde(flatten)]
    card: Card,
    transition: Option<Transition>,
    #[serde(skip)]
    run: Run,
    #[serde(skip)]
    leaving: Option<(Room, String)>,
}

impl Show for Scorecard {
    fn grid(&self) -> Option<crate::reply::Grid> {
        match self {
            Scorecard::None { .. } => None,
            Scorecard::Open(open) => Some(run::scorecard_grid(&open.run, open.leaving.clone())),
        }
    }

    fn show(&self, style: &Style) -> String {
        match self {
            Scorecard::None { .. } => "no run open: `funhouse new` starts one".into(),
            Scorecard::Open(open) => {
                let transition = open
                    .leaving
                    .as_ref()
                    .map(|(room, text)| (*room, crate::prose::render_text(text, style)));
                run::scorecard(&open.run, transition, style)
            }
        }
    }
}

pub fn scorecard(book: &Book, rule: &dyn Fn(&str, &str) -> Option<String>) -> Reply {
    let Some(run) = &book.run else {
        return Reply::new("scorecard", Scorecard::None { run: None });
    };
    // The transition of the last room played, while a room is still to
    // come.
    let leaving = run
        .last_played()
        .filter(|_| run.next_room().is_some())
        .and_then(|room| Some((room, rule(room.id(), "transition")?)));
    Reply::new(
        "scorecard",
        Scorecard::Open(Box::new(OpenCard {
            card: card(run),
            transition: leaving.as_ref().map(|(room, text)| Transition {
                from: room.id(),
                text: crate::prose::render_text(text, &Style::plain()),
            }),
            run: run.clone(),
            leaving,
        })),
    )
}

/// `funhouse history`: every filed run, the best marked.
#[derive(Debug, Serialize)]
pub struct History {
    runs: Vec<Card>,
    best: Option<usize>,
    #[serde(skip)]
    history: Vec<Run>,
}

impl Show for History {
    fn show(&self, style: &Style) -> String {
        run::history_text(&self.history, style)
    }
}

pub fn history(book: &Book) -> Reply {
    Reply::new(
        "history",
        History {
            runs: book.history.iter().map(card).collect(),
            best: run::best_run(&book.history),
            history: book.history.clone(),
        },
    )
}

/// `die`: the handedness and how to tell.
#[derive(Debug, Serialize)]
pub struct DieSetting {
    hand: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    was: Option<&'static str>,
}

impl Show for DieSetting {
    fn show(&self, style: &Style) -> String {
        let h: Hand = self.hand.parse().expect("a hand's own name");
        match self.was {
            None => format!(
                "your die: {h}-handed (opposite faces sum to 5)\n{}",
                wrap(
                    &format!(
                        "{}-handed: {}; if the {} is there instead, `die {}`",
                        h,
                        h.how_to_tell(),
                        h.other().right_of_ace(),
                        h.other()
                    ),
                    style.width,
                    ""
                )
            ),
            Some(was) if was == self.hand => {
                wrap(&format!("your die was already {h}-handed"), style.width, "")
            }
            Some(_) => wrap(
                &format!("your die is now {h}-handed: {}", h.how_to_tell()),
                style.width,
                "",
            ),
        }
    }
}

pub fn die(h: Hand) -> Reply {
    Reply::new(
        "die",
        DieSetting {
            hand: h.name(),
            was: None,
        },
    )
}

/// `hint`: as much as the asking calls for. At a position, the first
/// `hint` nudges (where to look), the next gives the move, the next (or
/// `hint line`) the whole best line.
#[derive(Debug, Serialize)]
pub struct Hint {
    room: &'static str,
    #[serde(skip)]
    title: &'static str,
    /// 1 a nudge, 2 the move, 3 the line; 0 nothing left to do.
    level: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    nudge: Option<String>,
    /// The move, as the room's command takes it, and what the best line
    /// from here comes to. (The JSON gave the room alone, #45.)
    #[serde(serialize_with = "hint_next", skip_serializing_if = "Option::is_none")]
    next: Option<(String, String)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<String>,
    /// Hints asked in this room so far (on the score sheet).
    count: u32,
}

/// `next` as `{"move": ..., "why": ...}`.
fn hint_next<S: serde::Serializer>(
    next: &Option<(String, String)>,
    s: S,
) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Next<'a> {
        #[serde(rename = "move")]
        mv: &'a str,
        why: &'a str,
    }
    next.as_ref().map(|(mv, why)| Next { mv, why }).serialize(s)
}

impl Show for Hint {
    fn show(&self, style: &Style) -> String {
        let text = match (self.level, &self.nudge, &self.next, &self.line) {
            (1, Some(nudge), _, _) => format!(
                "{}, a nudge: {nudge} (`hint` again for the move)",
                self.title
            ),
            (2, _, Some((mv, why)), _) => format!(
                "{}: move {mv}; {why} (`hint line` for the whole line)",
                self.title
            ),
            (3, _, _, Some(line)) => {
                let moves: Vec<String> = line
                    .iter()
                    .enumerate()
                    .map(|(i, m)| format!("{}. {m}", i + 1))
                    .collect();
                format!(
                    "{}, the best line: {}; {}",
                    self.title,
                    moves.join(", "),
                    self.why.as_deref().unwrap_or("")
                )
            }
            _ => {
                return format!(
                    "{}: nothing left to do here: `score {}` records the room",
                    self.title, self.room
                );
            }
        };
        wrap(&text, style.width, "  ")
    }
}

pub fn hint(room: Room, level: u8, said: Vec<String>, why: String, count: u32) -> Reply {
    let next = match level {
        2 => said.first().map(|m| (m.clone(), why.clone())),
        _ => None,
    };
    Reply::new(
        "hint",
        Hint {
            room: room.id(),
            title: room.title(),
            level,
            nudge: (level == 1).then(|| said.first().cloned()).flatten(),
            next,
            line: (level == 3).then(|| said.clone()),
            why: (level == 3).then_some(why),
            count,
        },
    )
}

/// A room's score with its working, and where it went.
#[derive(Debug, Serialize)]
pub struct Scored {
    room: String,
    inputs: Vec<String>,
    terms: Vec<Term>,
    total: u32,
    recorded: bool,
    replaced: Option<u32>,
    #[serde(skip)]
    score: Score,
    #[serde(skip)]
    source: Source,
    #[serde(skip)]
    line: String,
    /// The position scored is not over by the room's rules.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    unfinished: bool,
    /// The deal's par, told now the room is scored.
    #[serde(skip_serializing_if = "Option::is_none")]
    par: Option<u32>,
}

/// The working: each term, then the total.
fn working(room: Room, sc: &Score, style: &Style) -> String {
    let mut out = format!("{}\n", style.paint(room.title(), Tone::Heading));
    if sc.terms.is_empty() {
        out.push_str("  nothing to count\n");
    }
    // The label column narrows with the window (42 wide at 50 columns or
    // more); a label longer than it is wrapped above its points.
    let label = style.width.saturating_sub(8).clamp(20, 42);
    for t in &sc.terms {
        let text = wrap(&t.label, label, "    ");
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

impl Show for Scored {
    fn show(&self, style: &Style) -> String {
        let room: Room = self.room.parse().expect("a room's own id");
        let mut text = working(room, &self.score, style);
        let how = match &self.source {
            Source::Typed => None,
            Source::Play => Some(format!(
                "scored from the position you played (score {} {})",
                room.id(),
                self.inputs.join(" ")
            )),
            Source::Solver { hand } => Some(format!(
                "scored by the solver from the run's grid, with your {hand}-handed die (`solve barrels` shows the route)"
            )),
        };
        if let Some(how) = how {
            let _ = write!(text, "\n{}", wrap(&how, style.width, ""));
        }
        if self.unfinished {
            let note = format!(
                "note: {} is not over by its rules: a move is still open (`hint` shows one); this scores the position as it stands",
                room.title()
            );
            let _ = write!(text, "\n{}", wrap(&note, style.width, "  "));
        }
        let _ = write!(text, "\n{}", self.line);
        if let Some(par) = self.par {
            let _ = write!(
                text,
                "\nyou scored {}; par was {par}{}",
                self.total,
                match self.total.cmp(&par) {
                    std::cmp::Ordering::Equal => ": you kept par",
                    _ => "",
                }
            );
        }
        text
    }
}

/// `move`: what the move did and the position after it.
#[derive(Debug, Serialize)]
pub struct Moved {
    room: &'static str,
    #[serde(rename = "move")]
    count: usize,
    said: String,
    over: bool,
    score_inputs: Vec<String>,
    points: Option<u32>,
    /// With `coach on`, what the move cost against best play.
    #[serde(skip_serializing_if = "Option::is_none")]
    coached: Option<super::play::Coached>,
    #[serde(skip)]
    title: &'static str,
    #[serde(skip)]
    layout: crate::layout::Layout,
}

impl Show for Moved {
    fn show(&self, style: &Style) -> String {
        let mut text = wrap(
            &format!("{} move {}: {}", self.title, self.count, self.said),
            style.width,
            "  ",
        );
        let _ = write!(text, "\n{}", diagram::draw(&self.layout, style));
        if let Some(c) = &self.coached {
            let _ = write!(text, "\n{}", wrap(&c.to_string(), style.width, "  "));
        }
        if self.over
            && let Some(points) = self.points
        {
            let _ = write!(
                text,
                "\n{}",
                wrap(
                    &format!(
                        "the room is over at {points} {}: `score {}` records it",
                        plural(points.into(), "point", "points"),
                        self.room,
                    ),
                    style.width,
                    "  "
                )
            );
        }
        text
    }
}

/// A change to the run and what it says (`funhouse new`, `end`,
/// `delete`).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum RunChange {
    Started {
        started: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        player: Option<String>,
        #[serde(skip)]
        discarded: Option<u32>,
    },
    Filed {
        filed: bool,
        number: usize,
        total: u32,
        best: bool,
        #[serde(skip)]
        played: usize,
    },
    Closed {
        filed: bool,
    },
    Deleted {
        deleted: usize,
        total: u32,
        #[serde(skip)]
        started: String,
    },
}

impl Show for RunChange {
    fn show(&self, style: &Style) -> String {
        match self {
            RunChange::Started {
                started,
                player,
                discarded,
            } => {
                let whose = player
                    .as_ref()
                    .map_or(String::new(), |p| format!(" for {p}"));
                let old = discarded.map_or(String::new(), |total| {
                    format!(" (the old one, total {total}, was discarded)")
                });
                format!(
                    "new run{whose} started {started}{old}\nfirst room: Slide Jam (`rules slide-jam setup`)"
                )
            }
            RunChange::Filed {
                number,
                total,
                best,
                played,
                ..
            } => {
                let mut text = format!("run {number} filed: total {total}");
                if *played < 6 {
                    let _ = write!(text, " ({played} of 6 rooms: partial)");
                }
                if *best {
                    text.push_str(&style.paint(" - your best yet!", Tone::Good));
                }
                text
            }
            RunChange::Closed { .. } => {
                "the open run had no scores; it was closed without filing".into()
            }
            RunChange::Deleted {
                deleted,
                total,
                started,
            } => format!(
                "run {deleted} ({started}, total {total}) removed from the history; `undo` brings it back"
            ),
        }
    }
}

/// What the undo journal calls a Funhouse action, by what it did (`None`:
/// nothing was changed).
pub fn what(event: &Event, action: &str) -> Option<String> {
    Some(match event {
        Event::Started { .. } => "funhouse new".into(),
        Event::Filed { number, total, .. } => format!("funhouse end (run {number}, total {total})"),
        Event::Closed => "funhouse end (an empty run)".into(),
        Event::Deleted { number, .. } => format!("funhouse delete {number}"),
        Event::Scored { recorded: None, .. } => return None,
        Event::Scored { score, .. } => {
            format!("score {} {}", score.room, score.inputs.join(" "))
        }
        Event::Moved { room, kept, .. } => format!("move {kept} ({})", room.id()),
        Event::DieSet { now, .. } => format!("die {now}"),
        Event::Laid { kept: false, .. } => return None,
        Event::Laid { .. } => action.to_string(),
        Event::CoachSet { on } => format!("coach {}", if *on { "on" } else { "off" }),
        Event::Hinted { level: 0, .. } => return None,
        Event::Hinted { room, .. } => format!("{action} ({})", room.id()),
    })
}

/// The reply to a Funhouse action, from what it did and the book after.
/// `par` (`(score, proven)`: the best the deal allows).
pub fn par(room: Room, (score, proven): (u32, bool)) -> Reply {
    Reply::new(
        "par",
        Par {
            room: room.id(),
            title: room.title(),
            par: score,
            proven,
        },
    )
}

/// `grade`: how hard the room is from where it stands.
pub fn grade(room: Room, moves: usize, g: super::grade::Grade) -> Reply {
    Reply::new(
        "grade",
        Graded {
            room: room.id(),
            title: room.title(),
            moves,
            grade: g,
        },
    )
}

/// A room's grade, from the position it was asked at.
#[derive(Debug, Serialize)]
pub struct Graded {
    room: &'static str,
    #[serde(skip)]
    title: &'static str,
    /// Moves made before it: 0 grades the deal as dealt.
    moves: usize,
    #[serde(flatten)]
    grade: super::grade::Grade,
}

impl Show for Graded {
    fn show(&self, style: &Style) -> String {
        let from = crate::games::grading::graded_from(self.moves, "move", "moves");
        crate::style::wrap(
            &format!(
                "{}, {from}: {}",
                self.title,
                super::grade::describe(&self.grade)
            ),
            style.width,
            "  ",
        )
    }
}

/// The best score a room's deal allows.
#[derive(Debug, Serialize)]
pub struct Par {
    room: &'static str,
    #[serde(skip)]
    title: &'static str,
    par: u32,
    /// False: the best found within the time, not proven best.
    proven: bool,
}

impl Show for Par {
    fn show(&self, _: &Style) -> String {
        format!(
            "{} par for this deal: {} {}{}",
            self.title,
            self.par,
            crate::style::plural(u64::from(self.par), "point", "points"),
            if self.proven {
                " (the best it allows)"
            } else {
                " (the best found in the time)"
            }
        )
    }
}

/// `par`: the deal's par, told with a room's score (`None`: not known,
/// the room scored from what was typed with no table in the run).
pub fn answer(said: Vec<Event>, book: &Book, par: Option<(u32, bool)>) -> Result<Reply, GameError> {
    let event = said
        .into_iter()
        .next()
        .expect("every Funhouse action says what it did");
    Ok(match event {
        Event::Started {
            day,
            player,
            discarded,
        } => Reply::new(
            "funhouse",
            RunChange::Started {
                started: day,
                player,
                discarded,
            },
        ),
        Event::Filed {
            number,
            total,
            played,
            best,
        } => Reply::new(
            "funhouse",
            RunChange::Filed {
                filed: true,
                number,
                total,
                best,
                played,
            },
        ),
        Event::Closed => Reply::new("funhouse", RunChange::Closed { filed: false }),
        Event::Deleted {
            number,
            started,
            total,
        } => Reply::new(
            "funhouse",
            RunChange::Deleted {
                deleted: number,
                total,
                started,
            },
        ),
        Event::Scored {
            score,
            source,
            recorded,
            unfinished,
        } => {
            let room: Room = score.room.parse().expect("a room's own id");
            let line = match &recorded {
                Some(r) => format!(
                    "{} (run total {} after {} of 6 rooms)",
                    match r.replaced {
                        Some(old) =>
                            format!("replaced the earlier {} score of {old}", room.title()),
                        None => "recorded in the run".to_string(),
                    },
                    r.run_total,
                    r.played
                ),
                None => "(no run open: `funhouse new` starts one)".to_string(),
            };
            Reply::new(
                "score",
                Scored {
                    room: score.room.clone(),
                    inputs: score.inputs.clone(),
                    terms: score.terms.clone(),
                    total: score.total,
                    recorded: recorded.is_some(),
                    replaced: recorded.as_ref().and_then(|r| r.replaced),
                    score,
                    source,
                    line,
                    unfinished,
                    par: par.map(|(p, _)| p),
                },
            )
        }
        Event::CoachSet { on } => Reply::plain(
            "coach",
            if on {
                "the coach is on: each move you make is weighed against best play"
            } else {
                "the coach is off"
            },
        ),
        Event::Moved {
            room,
            count,
            said,
            coached,
            ..
        } => {
            let run = book.run.as_ref().expect("a move is made in a run");
            let game = room_play::of_run(book, run, room)?.expect("the room just moved in");
            let inputs = game.score_inputs();
            let layout = game.layout();
            Reply::new(
                "move",
                Moved {
                    room: room.id(),
                    count,
                    said,
                    over: game.is_over(),
                    points: score::score(room, &inputs).map(|sc| sc.total).ok(),
                    coached,
                    score_inputs: inputs,
                    title: room.title(),
                    layout: layout.clone(),
                },
            )
            .with_layout(layout)
        }
        Event::DieSet { was, now } => Reply::new(
            "die",
            DieSetting {
                hand: now.name(),
                was: Some(was.name()),
            },
        ),
        Event::Laid { room, .. } => Reply::plain("setup", format!("{} laid out", room.title())),
        Event::Hinted {
            room,
            level,
            said,
            why,
            count,
        } => hint(room, level, said, why, count),
    })
}
