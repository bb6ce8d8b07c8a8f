//! The dispatcher: runs one parsed command against the session and returns
//! what to show, as text and as JSON. It never prints; `main` does.

mod funhouse;
mod lookup;
mod setup;
mod tables;

use std::cell::OnceCell;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::command::{self, Command, DeckAction, FunhouseAction};
use crate::deck::{Deck, DeckError, DeckKind, Item};
use crate::dice::{self, show, show::Target};
use crate::pieces::{ParsePieceError, Piece, Rank};
use crate::random::TableRng;
use crate::store::{Store, StoreError};
use crate::style::{Style, Tone, wrap};
use crate::suggest;

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
        }
    }

    /// `{"type": kind, "data": {...}}` on one line.
    pub fn json_line(&self) -> String {
        // Built by hand so that "type" comes first, as readers expect.
        format!(r#"{{"type":{},"data":{}}}"#, json!(self.kind), self.data)
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

/// One session: the generator, where state lives, how to draw text.
pub struct App {
    rng: TableRng,
    store: Store,
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
}

const DECKS_FILE: &str = "decks.json";

impl App {
    pub fn new(seed: u64, store: Store, style: Style) -> App {
        App {
            rng: TableRng::new(seed),
            store,
            style,
            last_roll: None,
            json: false,
            rules_dir: None,
            rules: OnceCell::new(),
            rules_warned: false,
            today: "unknown date".into(),
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

    /// Replies will be printed as JSON (so the text form may be skipped).
    pub fn with_json(mut self, json: bool) -> App {
        self.json = json;
        self
    }

    pub fn seed(&self) -> u64 {
        self.rng.seed()
    }

    pub fn style(&self) -> &Style {
        &self.style
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
        let cmd = command::parse(words)?;
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
            Command::Prob { expr } => prob(&expr, &self.style),
            Command::Setup { game, input } => self.setup(&game, &input),
            Command::Troll { words } => self.troll(&words),
            Command::Penguins { action } => self.penguins(action.as_deref()),
            Command::Score { room, input } => self.score(&room, &input),
            Command::Funhouse { action } => self.funhouse(action.unwrap_or(FunhouseAction::Show)),
            Command::Rules { words } => self.rules(&words),
            Command::Seed { n } => Ok(self.reseed(n)),
            Command::Quit => Ok(Reply {
                quit: true,
                ..Reply::new("quit", String::new(), json!({}))
            }),
        }
    }

    fn roll(&mut self, words: &[String]) -> Result<Reply> {
        let source = if words.is_empty() {
            self.last_roll
                .clone()
                .ok_or_else(|| invalid("nothing rolled yet: try `roll 2d6`"))?
        } else {
            words.join(" ")
        };
        let parsed = dice::parse(&source)?;
        // Each roll is shown as soon as it is made: 100,000 rolls never sit
        // in memory at once.
        let mut text = String::new();
        let mut json_rolls = Vec::new();
        let width = parsed.repeats.to_string().len();
        let mut o = dice::Outcome::default();
        for n in 1..=parsed.repeats {
            dice::roll::roll_into(&parsed, &mut self.rng, &mut o)?;
            if self.json {
                json_rolls.push(show::outcome_json(&parsed, &o));
            } else {
                if n > 1 {
                    text.push('\n');
                }
                let number = (parsed.repeats > 1).then_some((n, width));
                show::roll_line(&mut text, &parsed, &o, number, &self.style);
            }
        }
        self.last_roll = Some(source);
        let data = if self.json {
            show::roll_json(&parsed, json_rolls, self.seed())
        } else {
            Value::Null
        };
        Ok(Reply::new("roll", text, data))
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

    fn render_items(&self, items: &[Item]) -> String {
        let plain: Vec<String> = items.iter().map(|i| i.to_string()).collect();
        let wrapped = wrap(&plain.join(" "), self.style.width, "");
        if !self.style.color {
            return wrapped;
        }
        // Colour after wrapping, so escape codes never count as width.
        let mut it = items.iter();
        wrapped
            .lines()
            .map(|line| {
                line.split(' ')
                    .map(|_| it.next().map(|i| i.render(&self.style)).unwrap_or_default())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A kind name, or (two or more words) the player's own items.
    fn items_for(&self, what: &[String]) -> Result<(DeckKind, Vec<Item>)> {
        match what {
            [one] => match one.parse::<DeckKind>() {
                Ok(kind) => Ok((kind, kind.items())),
                Err(e) => {
                    let names = DeckKind::ALL.map(DeckKind::name);
                    Err(invalid(format!(
                        "{e}{}; to shuffle your own list, give two or more items",
                        suggest::hint(one, names)
                    )))
                }
            },
            many => Ok((
                DeckKind::Custom,
                many.iter().map(|s| Item::Text(s.clone())).collect(),
            )),
        }
    }

    fn shuffle(&mut self, what: &[String]) -> Result<Reply> {
        let (kind, mut items) = self.items_for(what)?;
        self.rng.shuffle(&mut items);
        let order: Vec<String> = items.iter().map(|i| i.to_string()).collect();
        Ok(Reply::new(
            "shuffle",
            self.render_items(&items),
            json!({"kind": kind.name(), "order": order, "seed": self.seed()}),
        ))
    }

    fn load_decks(&self) -> Result<DeckBook> {
        let stored: Option<StoredBook> = self.store.load(DECKS_FILE)?;
        let Some(stored) = stored else {
            return Ok(DeckBook::default());
        };
        let mut decks = Vec::new();
        for d in stored.decks {
            let parse = |list: &[String]| -> Option<Vec<Item>> {
                list.iter().map(|s| d.kind.parse_item(s)).collect()
            };
            match (parse(&d.left), parse(&d.drawn)) {
                (Some(left), Some(drawn)) => decks.push(Deck {
                    name: d.name,
                    kind: d.kind,
                    left,
                    drawn,
                }),
                _ => {
                    return Err(self
                        .store
                        .reject(DECKS_FILE, format!("deck '{}' holds a bad item", d.name))
                        .into());
                }
            }
        }
        Ok(DeckBook {
            current: stored.current,
            decks,
        })
    }

    fn save_decks(&self, book: &DeckBook) -> Result<()> {
        let to_strings = |v: &[Item]| v.iter().map(|i| i.to_string()).collect();
        let stored = StoredBook {
            current: book.current.clone(),
            decks: book
                .decks
                .iter()
                .map(|d| StoredDeck {
                    name: d.name.clone(),
                    kind: d.kind,
                    left: to_strings(&d.left),
                    drawn: to_strings(&d.drawn),
                })
                .collect(),
        };
        Ok(self.store.save(DECKS_FILE, &stored)?)
    }

    fn deck(&mut self, action: DeckAction) -> Result<Reply> {
        let mut book = self.load_decks()?;
        match action {
            DeckAction::List => {
                let mut text = String::new();
                if book.decks.is_empty() {
                    text.push_str("no decks yet: `deck new NAME KIND` makes one");
                }
                for d in &book.decks {
                    let mark = if book.current.as_deref() == Some(&d.name) {
                        "*"
                    } else {
                        " "
                    };
                    text.push_str(&format!(
                        "{mark} {:<12} {:<9} {:>3} left, {:>3} drawn\n",
                        d.name,
                        d.kind.name(),
                        d.left.len(),
                        d.drawn.len()
                    ));
                }
                let data: Vec<Value> = book
                    .decks
                    .iter()
                    .map(|d| json!({"name": d.name, "kind": d.kind.name(), "left": d.left.len(), "drawn": d.drawn.len()}))
                    .collect();
                Ok(Reply::new(
                    "decks",
                    text.trim_end().to_string(),
                    json!({"current": book.current, "decks": data}),
                ))
            }
            DeckAction::New { name, what } => {
                check_deck_name(&name)?;
                let (kind, items) = self.items_for(&what)?;
                let deck = Deck::new(&name, kind, items, &mut self.rng);
                let replaced = book.remove(&name).is_some();
                let text = format!(
                    "deck '{name}': {} {} shuffled{}",
                    deck.left.len(),
                    kind.name(),
                    if replaced {
                        " (replaced the old one)"
                    } else {
                        ""
                    }
                );
                let data = json!({"name": name, "kind": kind.name(), "left": deck.left.len(), "seed": self.seed()});
                book.current = Some(name);
                book.decks.push(deck);
                self.save_decks(&book)?;
                Ok(Reply::new("deck", text, data))
            }
            DeckAction::Show { name } => {
                let d = book.get(&name)?;
                let drawn = if d.drawn.is_empty() {
                    "nothing yet".to_string()
                } else {
                    self.render_items(&d.drawn)
                };
                let text = format!(
                    "deck '{}' ({}): {} left of {}\ndrawn: {drawn}",
                    d.name,
                    d.kind.name(),
                    d.left.len(),
                    d.total()
                );
                let data = json!({"name": d.name, "kind": d.kind.name(), "left": d.left.len(),
                    "drawn": d.drawn.iter().map(|i| i.to_string()).collect::<Vec<_>>()});
                Ok(Reply::new("deck", text, data))
            }
            DeckAction::Return { name } => {
                let idx = book.index(&name)?;
                let d = &mut book.decks[idx];
                let n = d.return_all(&mut self.rng);
                let text = format!("deck '{}': {n} returned, {} shuffled", d.name, d.left.len());
                let data = json!({"name": d.name, "returned": n, "left": d.left.len(), "seed": self.seed()});
                book.current = Some(d.name.clone());
                self.save_decks(&book)?;
                Ok(Reply::new("deck", text, data))
            }
            DeckAction::Delete { name } => {
                let idx = book.index(&name)?;
                let d = book.decks.remove(idx);
                if book.current.as_deref() == Some(&d.name) {
                    book.current = None;
                }
                self.save_decks(&book)?;
                Ok(Reply::new(
                    "deck",
                    format!("deck '{}' deleted", d.name),
                    json!({"name": d.name, "deleted": true}),
                ))
            }
        }
    }

    fn draw(&mut self, args: &[String]) -> Result<Reply> {
        let count = |s: &str| -> Result<usize> {
            s.parse::<usize>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                invalid(format!(
                    "'{s}' is not a count: expected a whole number from 1"
                ))
            })
        };
        let mut book = self.load_decks()?;
        let (name, n) = match args {
            [] => (None, 1),
            [a] if a.chars().all(|c| c.is_ascii_digit()) => (None, count(a)?),
            [a] => (Some(a.clone()), 1),
            [a, b] => (Some(a.clone()), count(b)?),
            _ => return Err(invalid("draw takes at most a deck name and a count")),
        };
        let name = match name.or_else(|| book.current.clone()) {
            Some(n) => n,
            None => {
                return Err(invalid(
                    "no deck to draw from: `deck new NAME KIND` makes one",
                ));
            }
        };
        let idx = book.index(&name)?;
        let taken = book.decks[idx].draw(n)?;
        let d = &book.decks[idx];
        let text = format!(
            "{}\n({} left in '{}')",
            self.render_items(&taken),
            d.left.len(),
            d.name
        );
        let data = json!({"deck": d.name, "drawn": taken.iter().map(|i| i.to_string()).collect::<Vec<_>>(), "left": d.left.len()});
        book.current = Some(d.name.clone());
        self.save_decks(&book)?;
        Ok(Reply::new("draw", text, data))
    }

    fn flip(&mut self, n: u32) -> Reply {
        let tosses: Vec<bool> = (0..n).map(|_| self.rng.coin()).collect();
        let heads = tosses.iter().filter(|&&h| h).count();
        let words: Vec<&str> = tosses
            .iter()
            .map(|&h| if h { "heads" } else { "tails" })
            .collect();
        let mut text = wrap(&words.join(" "), self.style.width, "");
        if n > 1 {
            let tails = n as usize - heads;
            text.push_str(&format!(
                "\n{heads} {}, {tails} {}",
                plural(heads, "head", "heads"),
                plural(tails, "tail", "tails")
            ));
        }
        Reply::new(
            "flip",
            text,
            json!({"tosses": words, "heads": heads, "tails": n as usize - heads, "seed": self.seed()}),
        )
    }

    fn cast(&mut self, args: &[String]) -> Result<Reply> {
        let coins = cast_coins(args)?;
        let mut up = Vec::new();
        let mut down = Vec::new();
        for c in coins {
            if self.rng.coin() {
                up.push(c);
            } else {
                down.push(c);
            }
        }
        let sum: u32 = up.iter().map(|c| c.rank().index() as u32).sum();
        let show = |v: &[CastCoin]| -> String {
            if v.is_empty() {
                return "-".into();
            }
            v.iter()
                .map(|c| c.render(&self.style))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let text = format!(
            "number up: {}\nsuit up:   {}\nsum {} (null counts 0)",
            show(&up),
            show(&down),
            self.style.paint(&sum.to_string(), Tone::Emph)
        );
        let names = |v: &[CastCoin]| v.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        Ok(Reply::new(
            "cast",
            text,
            json!({"up": names(&up), "down": names(&down), "sum": sum, "seed": self.seed()}),
        ))
    }
}

fn prob(words: &[String], style: &Style) -> Result<Reply> {
    let (expr, target) = match words {
        [e @ .., kw, n] if ["atleast", "atmost"].contains(&kw.to_lowercase().as_str()) => {
            let n: i64 = n
                .parse()
                .map_err(|_| invalid(format!("'{n}' is not a whole number for {kw}")))?;
            let t = if kw.eq_ignore_ascii_case("atleast") {
                Target::AtLeast(n)
            } else {
                Target::AtMost(n)
            };
            (e, Some(t))
        }
        e => (e, None),
    };
    if let Some(bad) = expr
        .iter()
        .find(|w| ["atleast", "atmost"].contains(&w.to_lowercase().as_str()))
    {
        return Err(invalid(format!(
            "'{bad}' takes a number and comes last: prob 3d6 {bad} 12"
        )));
    }
    if expr.is_empty() {
        return Err(invalid("prob needs a dice expression: prob 3d6"));
    }
    let parsed = dice::parse(&expr.join(" "))?;
    let d = dice::distribution(&parsed)?;
    Ok(Reply::new(
        "prob",
        show::prob_text(&parsed, &d, target, style),
        show::prob_json(&parsed, &d, target),
    ))
}

/// A coin to cast: with its suit when the player named one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CastCoin {
    Value(Rank),
    Piece(Piece),
}

impl CastCoin {
    fn rank(self) -> Rank {
        match self {
            CastCoin::Value(r) => r,
            CastCoin::Piece(p) => p.rank,
        }
    }
    fn render(self, style: &Style) -> String {
        match self {
            CastCoin::Value(r) => r.to_string(),
            CastCoin::Piece(p) => style.piece(p),
        }
    }
}

impl std::fmt::Display for CastCoin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CastCoin::Value(r) => r.fmt(f),
            CastCoin::Piece(p) => p.fmt(f),
        }
    }
}

fn cast_coins(args: &[String]) -> Result<Vec<CastCoin>> {
    // A lone number is a count; to cast a single coin, name it (`cast n`).
    if let [one] = args
        && one.chars().all(|c| c.is_ascii_digit())
    {
        let n: usize = one.parse().unwrap_or(usize::MAX);
        if !(1..=24).contains(&n) {
            return Err(invalid(format!(
                "'{one}' coins: a piecepack has 24, so cast 1 to 24"
            )));
        }
        return Ok(Piece::all()
            .into_iter()
            .take(n)
            .map(|p| CastCoin::Value(p.rank))
            .collect());
    }
    if args.len() > 24 {
        return Err(invalid(format!("{} coins: a piecepack has 24", args.len())));
    }
    let mut coins = Vec::new();
    for a in args {
        let coin = match a.parse::<Piece>() {
            Ok(p) => CastCoin::Piece(p),
            Err(_) => match a.parse::<Rank>() {
                Ok(r) => CastCoin::Value(r),
                Err(_) => {
                    return Err(invalid(format!(
                        "'{a}' is not a coin: expected a value (n a 2 3 4 5) or a code like Sn or A3"
                    )));
                }
            },
        };
        if let CastCoin::Piece(p) = coin
            && coins.contains(&coin)
        {
            return Err(invalid(format!("coin {p} is named twice")));
        }
        coins.push(coin);
    }
    Ok(coins)
}

pub(crate) fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

fn check_deck_name(name: &str) -> Result<()> {
    let ok = !name.is_empty()
        && name.len() <= 24
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && !name.chars().all(|c| c.is_ascii_digit());
    if ok {
        Ok(())
    } else {
        Err(invalid(format!(
            "'{name}' cannot name a deck: use up to 24 letters, digits, - or _, not only digits"
        )))
    }
}

#[derive(Debug, Default)]
struct DeckBook {
    current: Option<String>,
    decks: Vec<Deck>,
}

impl DeckBook {
    fn index(&self, name: &str) -> Result<usize> {
        self.decks
            .iter()
            .position(|d| d.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                let names: Vec<&str> = self.decks.iter().map(|d| d.name.as_str()).collect();
                let known = if names.is_empty() {
                    "there are no decks yet".to_string()
                } else {
                    format!("decks: {}", names.join(", "))
                };
                invalid(format!(
                    "no deck named '{name}'{} ({known})",
                    suggest::hint(name, names.iter().copied())
                ))
            })
    }

    fn get(&self, name: &str) -> Result<&Deck> {
        self.index(name).map(|i| &self.decks[i])
    }

    fn remove(&mut self, name: &str) -> Option<Deck> {
        let i = self.index(name).ok()?;
        Some(self.decks.remove(i))
    }
}

#[derive(Serialize, Deserialize)]
struct StoredBook {
    current: Option<String>,
    decks: Vec<StoredDeck>,
}

#[derive(Serialize, Deserialize)]
struct StoredDeck {
    name: String,
    kind: DeckKind,
    left: Vec<String>,
    drawn: Vec<String>,
}
