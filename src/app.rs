//! The dispatcher: runs one parsed command against the session and returns
//! what to show, as text and as JSON. It never prints; `main` does.

mod decks;
mod funhouse;
mod log;
mod lookup;
mod penguins;
mod play;
mod rats_solve;
mod rolls;
mod saved;
mod saved_rolls;
mod setup;
mod solve;
mod tables;
mod tally;
mod troll;

use std::cell::OnceCell;
use std::path::PathBuf;
use std::rc::Rc;

use clap::CommandFactory;
use serde_json::{Value, json};

use crate::command::{self, Command, DeckAction, FunhouseAction};
use crate::deck::DeckError;
use crate::pieces::ParsePieceError;
use crate::random::TableRng;
use crate::store::{Store, StoreError};
use crate::style::Style;

/// What a command produced: text for people, a JSON object for scripts.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub text: String,
    /// The `type` of the JSON envelope, usually the command name.
    pub kind: &'static str,
    pub data: Value,
    pub quit: bool,
    /// Said on stderr, not part of the result (e.g. a bad rule file).
    pub warnings: Vec<String>,
    /// The command drew on the generator (so the seed replays it).
    pub random: bool,
    /// The pieces on the table, for a command that lays them out.
    pub layout: Option<crate::layout::Layout>,
    /// `data` already written as JSON text (a large result written as it
    /// was made, rather than held as a tree); it replaces `data`.
    pub raw_data: Option<String>,
}

impl Reply {
    pub fn new(kind: &'static str, text: String, data: Value) -> Reply {
        Reply {
            text,
            kind,
            data,
            quit: false,
            warnings: Vec::new(),
            random: false,
            layout: None,
            raw_data: None,
        }
    }

    pub fn with_layout(mut self, layout: crate::layout::Layout) -> Reply {
        self.layout = Some(layout);
        self
    }

    /// `{"type": kind, "data": {...}}` on one line.
    /// The JSON line in three pieces, so a large `data` already written
    /// as text is printed as it is, not copied into a line. Built by hand
    /// so that "type" comes first, as readers expect.
    pub fn json_parts(&self) -> (String, std::borrow::Cow<'_, str>, &'static str) {
        let head = format!(r#"{{"type":{},"data":"#, json!(self.kind));
        let data = match &self.raw_data {
            Some(raw) => raw.as_str().into(),
            None => self.data.to_string().into(),
        };
        (head, data, "}")
    }
}

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
    /// A value that parsed but cannot be used, with the reason.
    #[error("{0}")]
    Invalid(String),
    /// The command would throw something away: the REPL asks `question`
    /// and, on yes, runs `then`; elsewhere it is refused.
    #[error("{question} (`{}` to go ahead)", then.join(" "))]
    Confirm { question: String, then: Vec<String> },
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

impl App {
    /// Run `deal` on a generator of its own, started from `given` or from
    /// a fresh code drawn from the session's generator (so the code alone
    /// repeats it, whatever ran before). The code comes back when the deal
    /// drew anything: a setup made wholly of the player's input has none.
    fn dealt<T>(
        &mut self,
        given: Option<crate::deal::DealCode>,
        deal: impl FnOnce(&mut App) -> Result<T>,
    ) -> Result<(T, Option<crate::deal::DealCode>)> {
        let code = given.unwrap_or_else(|| crate::deal::DealCode::draw(&mut self.rng));
        let session = std::mem::replace(&mut self.rng, code.generator());
        let out = deal(self);
        let own = std::mem::replace(&mut self.rng, session);
        Ok((out?, own.used().then_some(code)))
    }

    /// Say the deal's code under its result, as the command that repeats
    /// it (`command` without the code; `verb` "deals" or "shuffles").
    fn tell_deal(
        &self,
        reply: &mut Reply,
        code: Option<crate::deal::DealCode>,
        command: &str,
        verb: &str,
    ) {
        let Some(code) = code else { return };
        let again = format!("deal {code}: `{command} deal={code}` {verb} it again");
        if !reply.text.is_empty() {
            reply.text.push('\n');
        }
        reply
            .text
            .push_str(&crate::style::wrap(&again, self.style.width, "  "));
        reply.data["deal"] = json!(code.to_string());
    }
}

/// `words` without `flag`, and whether it was there (a flag written
/// after a command's trailing words is taken as one of them).
fn take_flag(mut words: Vec<String>, flag: &str) -> (bool, Vec<String>) {
    let before = words.len();
    words.retain(|w| w != flag);
    (words.len() < before, words)
}

/// A reply's data: the serde form of what a game returned, so JSON and
/// text come from one value and cannot drift apart.
fn data(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).expect("game results hold only strings, numbers and lists")
}

/// One session: the generator, where state lives, how to draw text.
pub struct App {
    rng: TableRng,
    /// Shared with the closures that run inside its transactions.
    store: Rc<Store>,
    style: Style,
    /// The last expression rolled, for a bare `roll`.
    last_roll: Option<String>,
    /// Whether replies will be shown as JSON: big results build only the
    /// form that will be printed.
    json: bool,
    /// Extra rule files (`--rules`), and the library once loaded.
    rules_dir: Option<PathBuf>,
    rules: OnceCell<crate::rules::Library>,
    rules_warned: bool,
    /// Today's date (YYYY-MM-DD), for filing runs.
    today: String,
    /// One command then exit: every change came from "another session",
    /// so `undo` does not say so.
    one_shot: bool,
    /// The roll log could not be written, and the player was told.
    log_warned: bool,
    /// `k>7` was told once that `>7` counts successes.
    pool_hinted: bool,
}

/// `setup --help` (clap's help for the command), or `setup GAME --help`
/// (the game's declared settings).
fn setup_help(game: Option<&str>) -> Reply {
    let text = match game.and_then(crate::games::args::resolve) {
        Some(setup) => crate::games::args::help(setup),
        None => {
            let mut line = command::Line::command();
            // Built, so the subcommand wraps at the parent's width.
            line.build();
            let help = line
                .find_subcommand_mut("setup")
                .map(|c| c.render_long_help().to_string())
                .unwrap_or_default()
                // A multicall command has no binary name before it.
                .replace("Usage:  ", "Usage: ");
            match game {
                Some(g) => format!("'{g}' is not a game tablemate sets up\n\n{help}"),
                None => help,
            }
        }
    };
    Reply::new("help", text.trim_end().to_string(), json!({"game": game}))
}

impl App {
    pub fn new(seed: u64, store: Store, style: Style) -> App {
        App {
            rng: TableRng::new(seed),
            store: Rc::new(store),
            style,
            last_roll: None,
            json: false,
            rules_dir: None,
            rules: OnceCell::new(),
            rules_warned: false,
            today: "unknown date".into(),
            one_shot: false,
            log_warned: false,
            pool_hinted: false,
        }
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

    /// Replies will be printed as JSON (so the text form may be skipped).
    /// Wrap from now on to `width` columns (the REPL's window was resized).
    pub fn set_width(&mut self, width: usize) {
        self.style.width = width;
    }

    pub fn with_json(mut self, json: bool) -> App {
        self.json = json;
        self
    }

    /// Messages gathered while running commands (an old state file
    /// imported, a damaged store set aside), to show once.
    pub fn take_warnings(&mut self) -> Vec<String> {
        self.store.take_warnings()
    }

    /// A layout's terminal diagram, in this session's style.
    fn diagram(&self, layout: &crate::layout::Layout) -> String {
        crate::render::text::diagram(layout, &self.style)
    }

    /// What a play step did, a line each (wrapped, hanging indent), then
    /// the position drawn.
    fn narrated(&self, lines: &[String], layout: &crate::layout::Layout) -> String {
        let mut text: String = lines
            .iter()
            .map(|l| crate::style::wrap(l, self.style.width, "  ") + "\n")
            .collect();
        text.push_str(&self.diagram(layout));
        text
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
        let cmd = command::parse_at(words, self.style.width)?;
        let random = cmd.is_random();
        let mut reply = self.execute(cmd)?;
        reply.random = random;
        Ok(reply)
    }

    pub fn execute(&mut self, cmd: Command) -> Result<Reply> {
        match cmd {
            Command::Shuffle { what } => self.shuffle(&what),
            Command::Deck { action } => self.deck(action.unwrap_or(DeckAction::List)),
            Command::Draw { args } => self.draw(&args),
            Command::Flip { n } => Ok(self.flip(n.unwrap_or(1))),
            Command::Cast { coins } => self.cast(&coins),
            Command::Roll { expr } => self.roll(&expr),
            Command::Prob { expr } => self.prob(&expr),
            Command::Save { name, expr } => self.save_roll(&name, &expr),
            Command::Saved => self.saved_rolls(),
            Command::Unsave { name } => self.unsave_roll(&name),
            Command::Tally { words } => self.tally(&words),
            // A flag after the expression arrives among its words.
            Command::Fair { expr, log } => {
                let (flag, expr) = take_flag(expr, "--log");
                self.fair(&expr.join(" "), log || flag)
            }
            Command::Log { words, yes } => {
                let (flag, words) = take_flag(words, "--yes");
                self.log(&words, yes || flag)
            }
            Command::Setup {
                help: true, game, ..
            } => Ok(setup_help(game.as_deref())),
            Command::Setup {
                game,
                input,
                out,
                force,
                ..
            } => self.setup(game.as_deref(), &input, out.as_deref(), force),
            Command::Troll { words } => self.troll(&words),
            Command::Penguins { words } => self.penguins(&words),
            Command::Slides { words } => self.slides(&words),
            Command::Rats { words } => self.rats(&words),
            Command::Score { room, input } => self.score(&room, &input),
            Command::Solve { room, input } => self.solve(&room, &input),
            Command::Die { hand } => self.die(hand.as_deref()),
            Command::Move { words } => self.make_move(&words),
            Command::Hint => self.hint(),
            Command::Funhouse { action } => self.funhouse(action.unwrap_or(FunhouseAction::Show)),
            Command::Rules { words } => self.rules(&words),
            Command::Seed { n } => Ok(self.reseed(n)),
            Command::Undo => self.undo(),
            Command::Export { file, force } => self.export(file.as_deref(), force),
            Command::Import { file, replace } => self.import(&file, replace),
            Command::Completions { shell } => Ok(Reply::new(
                "completions",
                crate::cli::completions(shell),
                json!({"shell": shell.to_string()}),
            )),
            Command::Man => Ok(Reply::new("man", crate::cli::man_page(), json!({}))),
            Command::Quit => Ok(Reply {
                quit: true,
                ..Reply::new("quit", String::new(), json!({}))
            }),
        }
    }

    fn reseed(&mut self, n: Option<u64>) -> Reply {
        let text = match n {
            Some(seed) => {
                self.rng = TableRng::new(seed);
                format!("seed {seed}: generator restarted")
            }
            None => format!("seed {}", self.rng.seed()),
        };
        Reply::new("seed", text, json!({"seed": self.rng.seed()}))
    }
}
