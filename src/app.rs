//! The dispatcher: parses a line, runs it and returns a typed reply. A
//! game's command, setup or solve goes to the game through its wing (see
//! `games`), and any change to a game's state through the store's one
//! door; nothing here knows one game from another. It never prints;
//! `main` does.

mod decks;
mod draw_odds;
mod drawn_ppn;
#[cfg(test)]
mod examples;
mod log;
mod lookup;
mod luck;
mod play;
mod plays_files;
mod records;
mod rolls;
mod saved;
mod saved_rolls;
mod seats;
mod secret_rolls;
mod stats;
mod table_dice;
pub use table_dice::more_line;
mod serving;
mod setup;
mod solve;
mod systems;
mod tally;

use std::cell::OnceCell;
use std::path::PathBuf;
use std::rc::Rc;

use serde_json::Value;

use crate::command::{self, Command, DeckAction, Parsed};
use crate::deck::DeckError;
use crate::games::GameError;
use crate::pieces::ParsePieceError;
use crate::random::TableRng;
use crate::reply::Body;
use crate::store::{Store, StoreError};
use crate::style::Style;

pub use crate::reply::Reply;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The words did not parse (or asked for help: see `is_help`).
    #[error("{0}")]
    Usage(#[from] clap::Error),
    #[error(transparent)]
    Split(#[from] command::SplitError),
    #[error(transparent)]
    Deck(#[from] DeckError),
    #[error(transparent)]
    Piece(#[from] ParsePieceError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Import(#[from] crate::store::ImportError),
    #[error(transparent)]
    Dice(#[from] crate::dice::DiceError),
    /// What a game refused.
    #[error(transparent)]
    Game(GameError),
    #[error(transparent)]
    Render(#[from] crate::render::RenderError),
    #[error(transparent)]
    Deal(#[from] crate::deal::DealError),
    /// A `rules` name or section nothing answers to.
    #[error(transparent)]
    Rule(#[from] crate::rules::NotFound),
    /// A value that parsed but cannot be used, with the reason.
    #[error("{0}")]
    Invalid(String),
    /// A typed word holding a control character (an ESC byte would be
    /// stored and later printed to every player's terminal).
    #[error(
        "'{}' holds a control character ({}): names, notes and every other word are printable text",
        crate::visible::line(word),
        crate::visible::line(&found.to_string())
    )]
    Control { word: String, found: char },
    /// The command would throw something away: the REPL asks `question`
    /// and, on yes, runs `then`; elsewhere it is refused.
    #[error("{question} (`{}` to go ahead)", then.join(" "))]
    Confirm { question: String, then: Vec<String> },
    /// A roll of the table's dice needs `count` more dice (`ask` says
    /// which and why): the REPL asks for their faces and runs `before`,
    /// `faces`, those faces and `after` as one line; elsewhere it is
    /// refused.
    #[error(
        "{ask}, and add {} at the end: {} …{}",
        if *count == 1 { "its face" } else { "their faces" },
        before.iter().chain(faces).cloned().collect::<Vec<_>>().join(" "),
        after.iter().map(|w| format!(" {w}")).collect::<String>()
    )]
    MoreDice {
        ask: String,
        count: usize,
        before: Vec<String>,
        faces: Vec<String>,
        after: Vec<String>,
    },
    /// A player's open categories on a score sheet (`pad ann` alone):
    /// the REPL asks each in turn and enters the answers as one line;
    /// elsewhere it is refused with the line to type.
    #[error("{0}")]
    Entries(crate::sheet::asking::Asking),
}

impl From<GameError> for AppError {
    fn from(e: GameError) -> AppError {
        match e {
            GameError::Confirm { question, then } => AppError::Confirm { question, then },
            GameError::Entries(asking) => AppError::Entries(asking),
            GameError::Piece(p) => AppError::Piece(p),
            other => AppError::Game(other),
        }
    }
}

impl AppError {
    /// Help and version output arrive from clap as "errors"; they are not.
    pub fn is_help(&self) -> bool {
        matches!(self, AppError::Usage(e) if matches!(
            e.kind(),
            clap::error::ErrorKind::DisplayHelp
                | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
                | clap::error::ErrorKind::DisplayVersion
        ))
    }

    /// 2 for a command line that did not parse, 1 for anything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            AppError::Usage(_) | AppError::Split(_) => 2,
            _ => 1,
        }
    }
}

pub type Result<T> = std::result::Result<T, AppError>;

fn invalid(msg: impl Into<String>) -> AppError {
    AppError::Invalid(msg.into())
}

/// A reply drawn when it was made, text and JSON at once (the commands
/// that build both as they go).
#[derive(Debug)]
struct Drawn {
    text: String,
    data: Value,
    /// `data` already written as JSON text (a large result written as it
    /// was made, rather than held as a tree); it replaces `data`. Bytes as
    /// serde_json wrote them: 17 MB need no second pass to check UTF-8.
    raw: Option<Vec<u8>>,
}

impl Body for Drawn {
    fn text(&self, _: &Style) -> String {
        self.text.clone()
    }

    fn value(&self) -> Value {
        match &self.raw {
            Some(raw) => serde_json::from_slice(raw).unwrap_or(Value::Null),
            None => self.data.clone(),
        }
    }

    fn json(&self) -> String {
        match &self.raw {
            Some(raw) => String::from_utf8_lossy(raw).into_owned(),
            None => self.data.to_string(),
        }
    }

    fn write_json(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        match &self.raw {
            Some(raw) => out.write_all(raw),
            None => out.write_all(self.data.to_string().as_bytes()),
        }
    }
}

fn drawn(kind: &'static str, text: String, data: Value) -> Reply {
    Reply::new(
        kind,
        Drawn {
            text,
            data,
            raw: None,
        },
    )
}

/// A roll or odds line given as one quoted word (`tablemate prob '4d6kh3
/// atmost 8'`) read as its words, as the REPL and the unquoted form read
/// it; words given apart stay as they are (`as "Li Wei"`).
fn unquoted(words: Vec<String>) -> Vec<String> {
    match words.as_slice() {
        // Split at spaces only: a note after `#` is kept, as typed apart.
        [one] if one.contains(char::is_whitespace) => {
            one.split_whitespace().map(String::from).collect()
        }
        _ => words,
    }
}

/// `words` without `flag`, and whether it was there (a flag written
/// after a command's trailing words is taken as one of them).
fn take_flag(mut words: Vec<String>, flag: &str) -> (bool, Vec<String>) {
    let before = words.len();
    words.retain(|w| w != flag);
    (words.len() < before, words)
}

/// Refuse words that carry a control character (an escape sequence typed
/// or pasted), naming the word: nothing such reaches a command.
pub(crate) fn control_free(words: &[String]) -> Result<()> {
    match words
        .iter()
        .find_map(|w| Some((w, crate::visible::control_in(w)?)))
    {
        Some((word, found)) => Err(AppError::Control {
            word: word.clone(),
            found,
        }),
        None => Ok(()),
    }
}

/// One session: the generator, where state lives, how to draw text.
pub struct App {
    rng: TableRng,
    /// Shared with the closures that run inside its transactions.
    store: Rc<Store>,
    style: Style,
    /// The last expression rolled, for a bare `roll`.
    last_roll: Option<String>,
    /// Who the roll being made is for (`roll 2d6 as ben`), for the log.
    rolling_for: Option<String>,
    /// The person this session acts as (a seat's), who may act only as
    /// themselves; `None`: the terminal, which acts for the table.
    acting: Option<crate::games::wing::Acting>,
    /// The command running is a move sent from the seat of `acting`:
    /// the frame lets it through only when the move is theirs.
    seat_moving: bool,
    /// Whether replies will be shown as JSON: big results build only the
    /// form that will be printed.
    json: bool,
    /// Extra rule files (`--rules`), and the library once loaded.
    rules_dir: Option<PathBuf>,
    rules: OnceCell<crate::rules::Library>,
    rules_warned: bool,
    /// Warnings to say beside whatever the command replies, or its error
    /// (rule-file problems found by a roll that read the rules).
    notes: Vec<String>,
    /// Today's date (YYYY-MM-DD), for filing runs.
    today: String,
    /// One command then exit: every change came from "another session",
    /// so `undo` does not say so.
    one_shot: bool,
    /// The roll log could not be written, and the player was told.
    log_warned: bool,
    /// Rolls shown to no one yet, to be logged in one write (a script's:
    /// see `hold_rolls`); `None` logs each roll as it is made.
    held_rolls: Option<Vec<crate::roll_log::Entry>>,
    /// `k>7` was told once that `>7` counts successes.
    pool_hinted: bool,
    /// The record `replay` is stepping through, and the position shown.
    replaying: Option<(i64, usize)>,
    /// The shared screen, while `serve` runs.
    serving: Option<crate::serve::Running>,
    /// The player chose the seed (`--seed`, `seed N`): what it deals is
    /// theirs to repeat. A seed tablemate drew is shown to everyone, so a
    /// deal that hides cards does not come from it.
    seed_chosen: bool,
    /// When the table chose the seed, until the first roll from it logs
    /// the choice (a `seed 1` with no roll after it leaves no line).
    choice_unlogged: Option<u64>,
}

impl App {
    /// The table and the game it plays, read in one transaction.
    pub(crate) fn at_table(&self) -> Result<crate::store::AtTable> {
        Ok(self.store.at_table()?)
    }

    /// Who sits at the table, from who starts round the table (empty: no
    /// one is seated).
    pub(crate) fn seated(&self) -> Result<Vec<String>> {
        Ok(self.at_table()?.names_from_first())
    }

    /// Whose turn it is at the table: the table's game's mover, or the
    /// turn round the table (none: no one seated, or `turn` not passed).
    pub(crate) fn turn_now(&self) -> Result<Option<crate::games::table::show::TurnNow>> {
        let at = self.at_table()?;
        Ok(at
            .seating
            .as_ref()
            .and_then(|t| crate::games::table::show::turn_now(t, at.in_play.as_ref())))
    }

    pub fn new(seed: u64, store: Store, style: Style) -> App {
        App {
            rng: TableRng::new(seed),
            store: Rc::new(store),
            style,
            last_roll: None,
            rolling_for: None,
            acting: None,
            seat_moving: false,
            json: false,
            rules_dir: None,
            rules: OnceCell::new(),
            rules_warned: false,
            notes: Vec::new(),
            today: "unknown date".into(),
            one_shot: false,
            log_warned: false,
            held_rolls: None,
            pool_hinted: false,
            replaying: None,
            serving: None,
            seed_chosen: true,
            choice_unlogged: Some(crate::roll_log::now()),
        }
    }

    /// Whether the seed given to `new` was the player's choice (the
    /// default) or drawn by tablemate.
    pub fn with_seed_chosen(mut self, chosen: bool) -> App {
        self.seed_chosen = chosen;
        self.choice_unlogged = chosen.then(crate::roll_log::now);
        self
    }

    /// Also read rule files from `dir` (overriding embedded ones by id).
    pub fn with_rules_dir(mut self, dir: Option<PathBuf>) -> App {
        self.rules_dir = dir;
        self
    }

    /// The date runs are filed under.
    pub fn with_today(mut self, today: String) -> App {
        self.today = today;
        self
    }

    /// This process runs one command and exits.
    pub fn with_one_shot(mut self, one_shot: bool) -> App {
        self.one_shot = one_shot;
        self
    }

    /// Wrap from now on to `width` columns (the REPL's window was resized).
    pub fn set_width(&mut self, width: usize) {
        self.style.width = width;
    }

    /// Replies will be printed as JSON (so the text form may be skipped).
    pub fn with_json(mut self, json: bool) -> App {
        self.json = json;
        self
    }

    /// A reply's text, in this session's style.
    pub fn text(&self, reply: &Reply) -> String {
        reply.text(&self.style)
    }

    /// Log the rolls this session makes in batches, written when
    /// `log_held_rolls` is called (and before any command but `roll`):
    /// the caller shows a roll only once it has called that, so every roll
    /// shown is in the log. A script's rolls each opened, locked and read
    /// the log alone, most of a piped roll's time.
    pub fn hold_rolls(&mut self, on: bool) {
        if !on {
            self.log_held_rolls();
        }
        self.held_rolls = on.then(Vec::new);
    }

    /// How many rolls wait to be logged.
    pub fn rolls_held(&self) -> usize {
        self.held_rolls.as_ref().map_or(0, Vec::len)
    }

    /// Log the rolls held, in one write (a failure is said once, among
    /// the warnings).
    pub fn log_held_rolls(&mut self) {
        let Some(held) = self.held_rolls.as_mut().filter(|h| !h.is_empty()) else {
            return;
        };
        let entries = std::mem::take(held);
        if let Err(e) = crate::roll_log::append_all(self.store.dir(), &entries) {
            let said = self.log_failed(&e.to_string());
            self.notes.extend(said);
        }
    }

    /// Whether `take_warnings` has something to say.
    pub fn has_warnings(&self) -> bool {
        !self.notes.is_empty() || self.store.has_warnings()
    }

    /// Messages gathered while running commands (an old state file
    /// imported, a damaged store set aside), to show once.
    pub fn take_warnings(&mut self) -> Vec<String> {
        let mut said = self.store.take_warnings();
        said.append(&mut self.notes);
        said
    }

    pub fn seed(&self) -> u64 {
        self.rng.seed()
    }

    /// Split, parse and run one line of input. `Ok(None)` for a blank or
    /// comment line.
    pub fn run_line(&mut self, line: &str) -> Result<Option<Reply>> {
        let words = command::split_line(line)?;
        if words.is_empty() {
            return Ok(None);
        }
        self.run_words(&words).map(Some)
    }

    /// Parse and run words (the first is the command name).
    pub fn run_words(&mut self, words: &[String]) -> Result<Reply> {
        control_free(words)?;
        let parsed = command::parse_at(words, self.style.width)?;
        // Held rolls go into the log before anything else runs: a command
        // that reads the log (`log`, `luck`) or writes it another way (a
        // secret roll) finds every roll made before it.
        if !matches!(parsed, Parsed::Builtin(Command::Roll { .. })) {
            self.log_held_rolls();
        }
        let (seed, draws) = (self.rng.seed(), self.rng.draws());
        let mut reply = match parsed {
            Parsed::Builtin(cmd) => self.execute(cmd)?,
            Parsed::Game {
                game,
                command,
                matches,
            } => self.game_command(game, &command, &matches)?,
        };
        // The seed replays the command only if it drew on the generator.
        reply.random = self.rng.seed() == seed && self.rng.draws() > draws;
        Ok(reply)
    }

    pub fn execute(&mut self, cmd: Command) -> Result<Reply> {
        match cmd {
            Command::Shuffle { what } => self.shuffle(&what),
            Command::Deck { action } => self.deck(action.unwrap_or(DeckAction::List)),
            Command::Draw { args } => self.draw(&args),
            Command::Flip { n } => Ok(self.flip(n.unwrap_or(1))),
            Command::Cast { coins } => self.cast(&coins),
            Command::Roll { expr } => self.roll(&unquoted(expr)),
            Command::Prob { expr } => self.prob(&unquoted(expr)),
            Command::Save { name, expr } => self.save_roll(&name, &expr),
            Command::Saved => self.saved_rolls(),
            Command::Unsave { name } => self.unsave_roll(&name),
            Command::Tally { words } => self.tally(&words),
            // A flag after the expression arrives among its words.
            Command::Fair { expr, log } => {
                let (flag, expr) = take_flag(expr, "--log");
                self.fair(&expr, log || flag)
            }
            Command::Luck { words } => self.luck(&words),
            Command::Stats { words, out, force } => self.stats(&words, out.as_deref(), force),
            Command::Log { words, yes } => {
                let (flag, words) = take_flag(words, "--yes");
                self.log(&words, yes || flag)
            }
            Command::Setup {
                help: true, game, ..
            } => Ok(setup::help(game.as_deref())),
            Command::Setup {
                game,
                input,
                out,
                force,
                yes,
                ..
            } => self.setup(game.as_deref(), &input, out.as_deref(), force, yes),
            Command::Solve { room, input } => self.solve(&room, &input),
            Command::Rules { words } => self.rules(&words),
            Command::Seed { n } => Ok(self.reseed(n)),
            Command::Undo => self.undo(),
            Command::Repair => self.repair(),
            Command::Serve {
                action,
                lan,
                port,
                bind,
                public,
                proxy,
                new,
            } => self.serve(
                &action,
                new.as_deref(),
                crate::serve::Options {
                    lan,
                    port: port.unwrap_or(crate::serve::PORT),
                    bind,
                    public: None,
                    proxies: proxy,
                },
                public.as_deref(),
            ),
            Command::Games => self.games(),
            Command::Replay {
                words,
                out,
                force,
                coach: false,
            } => self.replay(&words, out.as_deref(), force),
            Command::Replay {
                words,
                out: None,
                coach: true,
                ..
            } => self.replay_coached(&words),
            Command::Replay { .. } => Err(invalid(
                "'--coach' marks the moves here, '--out' writes the game to a file: one at a time",
            )),
            Command::Export {
                file,
                force,
                secrets,
            } => self.export(file.as_deref(), force, secrets),
            Command::Import { file, replace } => self.import(&file, replace),
            Command::Completions { shell } => Ok(Reply::new(
                "completions",
                saved::Generated {
                    shell: Some(shell.to_string()),
                    text: crate::cli::completions(shell),
                },
            )),
            Command::Man => Ok(Reply::new(
                "man",
                saved::Generated {
                    shell: None,
                    text: crate::cli::man_page(),
                },
            )),
            Command::Quit => Ok(Reply {
                quit: true,
                ..Reply::plain("quit", "")
            }),
        }
    }

    fn reseed(&mut self, n: Option<u64>) -> Reply {
        let restarted = n.is_some();
        if let Some(seed) = n {
            self.rng = TableRng::new(seed);
            self.seed_chosen = true;
            self.choice_unlogged = Some(crate::roll_log::now());
        }
        Reply::new(
            "seed",
            saved::Seed {
                seed: crate::random::JsonSeed(self.rng.seed()),
                restarted,
            },
        )
    }
}
