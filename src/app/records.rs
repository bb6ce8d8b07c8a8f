//! `games` and `replay`: the records the store keeps of every followed
//! game, listed, stepped through and written out. The records come from
//! the store's one door and replay through each game's own rules
//! (`games::record`); nothing here knows one game from another.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{App, Result, invalid};
use crate::games::record::{self, Frame, Record};
use crate::reply::{Reply, Show};
use crate::style::{Style, Tone, wrap};

/// The JSON file of one record: marked, so `import` knows it.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RecordFile {
    pub tablemate_record: u32,
    #[serde(flatten)]
    pub record: Record,
}

/// The format a record file carries.
pub(super) const RECORD_FORMAT: u32 = 1;

/// One line of `games`.
#[derive(Debug, Serialize)]
struct GameLine {
    number: i64,
    game: crate::games::Game,
    /// YYYY-MM-DD.
    day: String,
    /// Moves made (its steps, less the hints).
    moves: usize,
    /// Hints asked along the way.
    #[serde(skip_serializing_if = "is_zero")]
    hints: usize,
    /// Still being played (laid, and not over) as the table's game.
    open: bool,
    /// Laid and not over, but set aside for another game of the table:
    /// no one is to move in it until a move takes it up again.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    set_aside: bool,
    /// How it ended, or what comes next.
    result: String,
    setup: String,
    /// What it is part of (a room's run), if anything.
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<String>,
}

#[derive(Debug, Serialize)]
struct GameList {
    games: Vec<GameLine>,
}

impl Show for GameList {
    fn show(&self, style: &Style) -> String {
        if self.games.is_empty() {
            return "no games recorded yet: each `setup` of a game starts a record (`setup` lists the games)".into();
        }
        // A group's records (a run's rooms) under its name, indented.
        let mut out = Vec::new();
        let mut group: Option<&String> = None;
        for g in &self.games {
            if g.group.as_ref() != group {
                group = g.group.as_ref();
                if let Some(name) = group {
                    out.push(wrap(name, style.width, "  "));
                }
            }
            let indent = if group.is_some() { "  " } else { "" };
            let line = format!(
                "{} {} {}, {} {}{}{}: {}",
                g.number,
                g.day,
                g.game.title(),
                g.moves,
                crate::style::plural(g.moves as u64, "move", "moves"),
                match g.hints {
                    0 => String::new(),
                    1 => ", 1 hint".to_string(),
                    n => format!(", {n} hints"),
                },
                match (g.open, g.set_aside) {
                    (true, _) => " (in play)",
                    (_, true) => " (set aside)",
                    _ => "",
                },
                g.result
            );
            let wrapped = wrap(&line, style.width.saturating_sub(indent.len()), "  ");
            out.push(
                wrapped
                    .lines()
                    .map(|l| format!("{indent}{l}"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
        }
        out.join("\n")
    }
}

/// One position of a replay, drawn.
#[derive(Debug, Serialize)]
struct Shown {
    number: i64,
    /// A PPN file shown without filing it (`replay FILE`).
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    game: crate::games::Game,
    /// Positions after the setup.
    moves: usize,
    #[serde(flatten)]
    frame: Frame,
    #[serde(skip)]
    drawn: String,
}

/// A step the coach marked: its number, its words, what it cost.
#[derive(Debug, Serialize)]
struct Mark {
    n: usize,
    what: String,
    said: String,
}

/// `replay N --coach`: the moves that cost.
#[derive(Debug, Serialize)]
struct CoachedGame {
    number: i64,
    game: crate::games::Game,
    steps: usize,
    marks: Vec<Mark>,
}

impl Show for CoachedGame {
    fn show(&self, style: &Style) -> String {
        let head = format!(
            "game {}, {}: {}",
            self.number,
            self.game.title(),
            match self.marks.len() {
                0 => format!(
                    "no move cost anything ({} {} weighed)",
                    self.steps,
                    crate::style::plural(self.steps as u64, "step", "steps")
                ),
                k => format!(
                    "{k} of {} {} cost",
                    self.steps,
                    crate::style::plural(self.steps as u64, "step", "steps")
                ),
            }
        );
        let mut lines = vec![style.paint(&head, Tone::Heading)];
        for m in &self.marks {
            lines.push(crate::style::wrap(
                &format!("move {} ({}): {}", m.n, m.what, m.said),
                style.width,
                "    ",
            ));
        }
        lines.join("\n")
    }
}

impl Show for Shown {
    fn show(&self, style: &Style) -> String {
        let f = &self.frame;
        let head = format!(
            "{}, {}: {}",
            self.file
                .clone()
                .unwrap_or_else(|| format!("game {}", self.number)),
            self.game.title(),
            if f.n == 0 {
                format!(
                    "the setup ({} {})",
                    self.moves,
                    crate::style::plural(self.moves as u64, "move follows", "moves follow")
                )
            } else {
                format!("move {} of {}", f.n, self.moves)
            }
        );
        let mut lines = vec![style.paint(&head, Tone::Heading)];
        lines.push(self.drawn.clone());
        let made = match &f.by {
            Some(by) => format!("{by}: {}", f.what),
            None => f.what.clone(),
        };
        lines.push(wrap(&made, style.width, "  "));
        // What came of it: the die rolled, the card turned.
        for said in &f.said {
            let text = wrap(said, style.width.saturating_sub(2), "  ");
            lines.push(format!("  {}", text.replace('\n', "\n  ")));
        }
        lines.push(wrap(&record::standing(&f.turn), style.width, "  "));
        let mut ways = Vec::new();
        if let Some(file) = &self.file {
            // A file is shown where asked; filed, it is stepped through.
            if self.moves > 0 {
                ways.push(format!("`replay {file} to N`"));
            }
            ways.push(format!("`import {file}` files it"));
            lines.push(style.paint(&ways.join(", "), Tone::Dim));
            return lines.join("\n");
        }
        if f.n < self.moves {
            ways.push("`replay next`".to_string());
        }
        if f.n > 0 {
            ways.push("`replay back`".into());
        }
        if self.moves > 1 {
            ways.push("`replay to N`".into());
        }
        if !ways.is_empty() {
            lines.push(style.paint(&ways.join(", "), Tone::Dim));
        }
        lines.join("\n")
    }
}

/// Where `replay` goes.
enum Go {
    At(usize),
    Next,
    Back,
    First,
    Last,
}

/// `replay [N] [next|back|first|last|to M]`: the record and where to go.
fn read_words(words: &[String]) -> Result<(Option<i64>, Option<Go>)> {
    let mut w = words.iter().map(String::as_str).peekable();
    let number = match w.peek() {
        Some(n) if n.chars().all(|c| c.is_ascii_digit()) => {
            let n = n
                .parse::<i64>()
                .map_err(|_| invalid(format!("'{n}' is not a game's number (see `games`)")))?;
            w.next();
            Some(n)
        }
        _ => None,
    };
    let go = match w.next() {
        None => None,
        Some("next") => Some(Go::Next),
        Some("back") => Some(Go::Back),
        Some("first") => Some(Go::First),
        Some("last") => Some(Go::Last),
        Some("to") => {
            let m = w
                .next()
                .ok_or_else(|| invalid("`to` takes a move's number: replay to 12"))?;
            let m = m
                .parse::<usize>()
                .map_err(|_| invalid(format!("'{m}' is not a move's number: replay to 12")))?;
            Some(Go::At(m))
        }
        // A file named where a game's number goes: a PPN file is said for
        // what it is (#81), a record is filed first.
        Some(other) if std::path::Path::new(other).is_file() => {
            let path = std::path::Path::new(other);
            let text = super::saved::read_document(path)?;
            if crate::ppn_file::looks_like(path, &text) {
                return Err(super::saved::what_ppn_is(path, &text));
            }
            return Err(invalid(format!(
                "{} is a file: `import {}` files a game's record, then `replay N` steps through it",
                path.display(),
                path.display()
            )));
        }
        // A file's name (a dot or a slash in it) where no file is: said
        // as `import` says it.
        Some(other) if other.contains(['.', '/', '\\']) => {
            let path = std::path::Path::new(other);
            return Err(match super::saved::read_document(path) {
                Err(e) => e,
                Ok(_) => invalid(format!("{} is not a regular file", path.display())),
            });
        }
        Some(other) => {
            return Err(invalid(format!(
                "'{}' is not understood here{}: replay N, then next, back, first, last or to M",
                crate::style::clip_quoted(other),
                crate::suggest::hint(other, ["next", "back", "first", "last", "to"])
            )));
        }
    };
    if let Some(extra) = w.next() {
        return Err(invalid(format!(
            "'{}': replay takes a game's number and one way to move",
            crate::style::clip_quoted(extra)
        )));
    }
    Ok((number, go))
}

/// Where a file is shown (`replay FILE first|last|to M`; alone, its
/// setup), of the `last` moves it holds; `filed`: `import` files it.
pub(super) fn file_at(shown: &str, rest: &[String], last: usize, filed: bool) -> Result<usize> {
    match rest
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] | ["first"] => Ok(0),
        ["last"] => Ok(last),
        ["to", m] => match m.parse::<usize>() {
            Ok(m) if m <= last => Ok(m),
            Ok(m) => Err(invalid(format!(
                "'{m}': {shown} has {last} moves (replay {shown} to 0 is the setup)"
            ))),
            Err(_) => Err(invalid(format!(
                "'{}' is not a move's number: replay {shown} to 12",
                crate::style::clip_quoted(m)
            ))),
        },
        [word, ..] => Err(invalid(format!(
            "'{}': a file is shown where asked (replay {shown} first, last or to M){}",
            crate::style::clip_quoted(word),
            if filed {
                format!("; `import {shown}` files it, and `replay N` steps through it")
            } else {
                String::new()
            }
        ))),
    }
}

impl App {
    pub(super) fn games(&mut self) -> Result<Reply> {
        let table = self.at_table()?.seating;
        let games = self
            .store
            .records()?
            .into_iter()
            .map(|s| {
                let slot = s.game.wing().keeps().id();
                let aside = s.open && table.as_ref().is_some_and(|t| t.is_aside(slot));
                let (result, over) = match record::look(s.game, &s.last) {
                    // Set aside, no one is to move in it.
                    Ok((_, turn)) if aside && !turn.over => ("unfinished".to_string(), false),
                    // An open record of the table's game names the person
                    // to move as the table does.
                    Ok((_, turn)) if s.open => (
                        crate::games::table::show::standing(
                            table.as_ref(),
                            s.game.wing().keeps().id(),
                            s.game.title(),
                            &turn,
                        ),
                        turn.over,
                    ),
                    // Filed before it was over (a new game of its kind
                    // set up over it): no one is to move in it.
                    Ok((_, turn)) if !turn.over => ("unfinished".to_string(), false),
                    Ok((_, turn)) => (record::standing(&turn), turn.over),
                    Err(why) => (format!("(cannot be read: {why})"), false),
                };
                GameLine {
                    group: s.game.wing().group(&s.last),
                    number: s.number,
                    game: s.game,
                    day: crate::roll_log::day_of(s.started),
                    moves: s.moves - s.hints,
                    hints: s.hints,
                    open: s.open && !over && !aside,
                    set_aside: aside && !over,
                    result,
                    setup: record::shown_setup(s.game, &s.setup, over),
                }
            })
            .collect();
        Ok(Reply::new("games", GameList { games }))
    }

    pub(super) fn replay(
        &mut self,
        words: &[String],
        out: Option<&Path>,
        force: bool,
    ) -> Result<Reply> {
        if let Some(shown) = self.replay_ppn(words, out.map(|o| (o, force)))? {
            return Ok(shown);
        }
        let (number, go) = read_words(words)?;
        // A bad file name is refused before anything is worked out.
        if let Some(path) = out {
            super::saved::check_writable(path, force)?;
        }
        let number = match (number, go.as_ref(), self.replaying) {
            (Some(n), _, _) => Some(n),
            (None, Some(_), Some((n, _))) => Some(n),
            (None, Some(_), None) => {
                return Err(invalid(
                    "no game is being replayed: `replay N` starts one (see `games`)",
                ));
            }
            (None, None, _) => None,
        };
        let record = self.store.record(number)?.ok_or_else(|| match number {
            Some(n) => invalid(format!("no game {n} is recorded: `games` lists them")),
            None => invalid(
                "no game is being played: `games` lists the recorded ones, `replay N` shows one",
            ),
        })?;
        let n = record.number.unwrap_or_default();
        let mut frames = record::frames(&record).map_err(|e| invalid(format!("game {n}: {e}")))?;
        // The setup's words, as the table may see them: a sealed deal code
        // stays sealed until the game is over.
        let over = frames.last().is_some_and(|f| f.turn.over);
        frames[0].what = record::shown_setup(record.game, &frames[0].what, over);
        let last = frames.len() - 1;
        // Whether this game is the one being stepped through, and where.
        let stepping = self.replaying.filter(|&(m, _)| m == n);
        let here = stepping.map_or(0, |(_, at)| at.min(last));
        let at = match go {
            None => 0,
            Some(Go::First) => 0,
            Some(Go::Last) => last,
            // Past either end is said, not shown again as if it moved (#45).
            Some(Go::Next) if here == last && stepping.is_some() => {
                return Err(invalid(format!(
                    "game {n} ends at move {last}, shown: `replay back` steps back, `replay first` starts again"
                )));
            }
            Some(Go::Next) => (here + 1).min(last),
            Some(Go::Back) if here == 0 && stepping.is_some() => {
                return Err(invalid(format!(
                    "game {n} starts at its setup, shown: `replay next` steps on"
                )));
            }
            Some(Go::Back) => here.saturating_sub(1),
            Some(Go::At(m)) if m > last => {
                return Err(invalid(format!(
                    "'{m}': game {n} has {last} moves (replay to 0 is the setup)"
                )));
            }
            Some(Go::At(m)) => m,
        };
        self.replaying = Some((n, at));
        if let Some(path) = out {
            return self.write_record(&record, &frames, at, path, force);
        }
        let frame = frames.into_iter().nth(at).expect("at is within the frames");
        Ok(self.shown(n, None, record.game, last, frame))
    }

    /// One position of a replay as its reply: drawn as the game draws
    /// it, its layout for `--out` and the screen.
    fn shown(
        &self,
        number: i64,
        file: Option<String>,
        game: crate::games::Game,
        moves: usize,
        frame: Frame,
    ) -> Reply {
        let drawn = record::diagram(game, &frame.layout, &self.style)
            .unwrap_or_else(|| crate::render::cells::generic(&frame.layout));
        let layout = frame.layout.clone();
        Reply::new(
            "replay",
            Shown {
                number,
                file,
                game,
                moves,
                frame,
                drawn,
            },
        )
        .with_layout(layout)
    }

    /// `replay FILE [first|last|to M] [--out F]`: a PPN file of a game
    /// tablemate follows, every move taken through the rules, or of one
    /// it draws (`drawn_ppn`), and the position asked for shown, nothing
    /// filed. `None`: the words are not such a file (any other file is
    /// said for what it is by `read_words`).
    fn replay_ppn(
        &mut self,
        words: &[String],
        out: Option<(&Path, bool)>,
    ) -> Result<Option<Reply>> {
        let Some((first, rest)) = words.split_first() else {
            return Ok(None);
        };
        let path = Path::new(first.as_str());
        if !path.is_file() {
            return Ok(None);
        }
        let text = super::saved::read_document(path)?;
        if !crate::ppn_file::looks_like(path, &text) {
            return Ok(None);
        }
        let Some(record) = super::saved::ppn_record(&text, &self.today) else {
            if crate::ppn_file::is_own(&text) {
                return Err(super::saved::what_ppn_is(path, &text));
            }
            return match self.replay_drawn(path, &text, rest, out)? {
                Some(drawn) => Ok(Some(drawn)),
                None => Err(super::saved::what_ppn_is(path, &text)),
            };
        };
        let frames =
            record::frames(&record).map_err(|e| invalid(format!("{}: {e}", path.display())))?;
        let last = frames.len() - 1;
        let shown = path.display().to_string();
        let at = file_at(&shown, rest, last, true)?;
        if let Some((to, force)) = out {
            super::saved::check_writable(to, force)?;
            return self.write_record(&record, &frames, at, to, force).map(Some);
        }
        let frame = frames.into_iter().nth(at).expect("at is within the frames");
        Ok(Some(self.shown(0, Some(shown), record.game, last, frame)))
    }

    /// `replay N --coach`: every move of game N weighed as its coach
    /// would have at the time; the ones that cost are listed.
    pub(super) fn replay_coached(&mut self, words: &[String]) -> Result<Reply> {
        let (number, go) = read_words(words)?;
        if go.is_some() {
            return Err(invalid(
                "`replay N --coach` weighs the whole game: give its number alone",
            ));
        }
        let number = number.or(self.replaying.map(|(n, _)| n));
        let record = self.store.record(number)?.ok_or_else(|| match number {
            Some(n) => invalid(format!("no game {n} is recorded: `games` lists them")),
            None => invalid("`replay N --coach`: which game? (`games` lists them)"),
        })?;
        let n = record.number.unwrap_or_default();
        let wing = record.game.wing();
        if !wing.coaches() {
            let with: Vec<&str> = crate::games::Game::all()
                .filter(|g| g.wing().coaches())
                .map(|g| g.title())
                .collect();
            return Err(invalid(format!(
                "{} has no coach: `replay --coach` weighs the moves of {}",
                record.game.title(),
                with.join(", ")
            )));
        }
        // The record must replay before its moves are weighed.
        record::frames(&record).map_err(|e| invalid(format!("game {n}: {e}")))?;
        let mut marks = Vec::new();
        let mut before = &record.start;
        for (i, step) in record.steps.iter().enumerate() {
            if let Some(said) = wing.coach(before, &step.state) {
                marks.push(Mark {
                    n: i + 1,
                    what: step.what.clone(),
                    said,
                });
            }
            before = &step.state;
        }
        Ok(Reply::new(
            "replay",
            CoachedGame {
                number: n,
                game: record.game,
                steps: record.steps.len(),
                marks,
            },
        ))
    }

    /// `replay N --out FILE`: the whole game in the file's format.
    fn write_record(
        &self,
        record: &Record,
        frames: &[Frame],
        at: usize,
        path: &Path,
        force: bool,
    ) -> Result<Reply> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let over = frames.last().is_some_and(|f| f.turn.over);
        let bytes = match ext.as_deref() {
            // A record file holds every state as it was, hidden cards and
            // the deal code included: written only once they may be seen
            // (#57 item 3), as `games` and the screen unseal them.
            Some("json") if !over && record::seals_deal(record.game) => {
                return Err(invalid(format!(
                    "{} is still in play and keeps cards secret: its record file would show them, so it is written once the game is over (`--out game.ppn` or `.svg` write what the table sees now)",
                    record.game.title()
                )));
            }
            Some("json") => {
                let file = RecordFile {
                    tablemate_record: RECORD_FORMAT,
                    record: Record {
                        number: None,
                        open: false,
                        ..record.clone()
                    },
                };
                let mut text = serde_json::to_string_pretty(&file).expect("records serialise");
                text.push('\n');
                text.into_bytes()
            }
            Some("ppn") => {
                let last = frames.last().expect("a setup at least");
                let setup = record::shown_setup(record.game, &record.setup, last.turn.over);
                let header = crate::render::PpnHeader {
                    title: record.game.title(),
                    setup: &setup,
                    more: vec![
                        (
                            "Event",
                            format!(
                                "{}, tablemate game {}",
                                record.game.title(),
                                record.number.unwrap_or_default()
                            ),
                        ),
                        ("Date", crate::roll_log::day_of(record.started)),
                        ("Result", record::standing(&last.turn)),
                    ],
                };
                let moves: Vec<(crate::layout::Layout, String)> = frames
                    .iter()
                    .map(|f| (f.layout.clone(), f.what.clone()))
                    .collect();
                crate::render::ppn_game(&header, &moves).into_bytes()
            }
            Some("png") => {
                let layouts: Vec<crate::layout::Layout> =
                    frames.iter().map(|f| f.layout.clone()).collect();
                crate::render::animation(&layouts)?
            }
            Some("svg") => crate::render::svg(&frames[at].layout).into_bytes(),
            _ => {
                return Err(invalid(format!(
                    "'{}': the extension says what to write, one of .ppn .png .json .svg",
                    crate::style::clip_quoted(&path.display().to_string())
                )));
            }
        };
        super::saved::write_new(path, &bytes, force)?;
        // A file's game shown without filing it has no number yet.
        let game = match record.number {
            Some(n) => format!("game {n}"),
            None => record.game.title().to_string(),
        };
        Ok(Reply::plain(
            "replay",
            format!(
                "{game} ({} moves) written to {}",
                frames.len() - 1,
                path.display()
            ),
        ))
    }

    /// File the record a PPN file of a followed game made (`import
    /// game.ppn`), as a record file is filed.
    pub(super) fn import_ppn_record(&mut self, path: &Path, record: Record) -> Result<Reply> {
        self.import_record(
            path,
            RecordFile {
                tablemate_record: RECORD_FORMAT,
                record,
            },
        )
    }

    /// `import FILE` of a record: checked by replaying it, then filed.
    pub(super) fn import_record(&mut self, path: &Path, file: RecordFile) -> Result<Reply> {
        if file.tablemate_record != RECORD_FORMAT {
            return Err(invalid(format!(
                "{} is a record of format {}; this tablemate reads format {RECORD_FORMAT}",
                path.display(),
                file.tablemate_record
            )));
        }
        let frames = record::frames(&file.record)
            .map_err(|e| invalid(format!("{} is refused: {e}", path.display())))?;
        // The same game filed twice would be two games in `games` (#45);
        // a PPN file's is dated when it is read, so it is known by where
        // its moves end.
        let r = &file.record;
        let end = r.steps.last().map_or(&r.start, |s| &s.state);
        let n = self
            .store
            .add_record(r, |s| {
                s.game == r.game
                    && (s.started == r.started || s.last == *end)
                    && s.setup == r.setup
                    && s.moves == r.steps.len()
            })?
            .map_err(|same| {
                invalid(format!(
                    "{} is game {same} already (`replay {same}` shows it); nothing was filed",
                    path.display()
                ))
            })?;
        Ok(Reply::plain(
            "import",
            format!(
                "{}: {} with {} {}, filed as game {n} (`replay {n}` shows it)",
                path.display(),
                file.record.game.title(),
                frames.len() - 1,
                crate::style::plural((frames.len() - 1) as u64, "move", "moves")
            ),
        ))
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}
