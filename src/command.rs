//! The command language: one parser for the REPL, the one-shot command line
//! and piped scripts.
//!
//! A REPL line is split into words with shell quoting rules; the one-shot
//! command line already arrives as words. Either way the words go through
//! the same clap `multicall` parser, which gives `help`, `help CMD`,
//! `CMD --help` and typo suggestions for free, and never exits the process.

use clap::{CommandFactory, Parser, Subcommand};

use crate::games::Game;

/// A line of input, split into words.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("unbalanced quote in: {0}")]
pub struct SplitError(pub String);

/// Split a line into words like a shell would (quotes group words), after
/// dropping a `#` comment. Returns an empty list for a blank line.
pub fn split_line(line: &str) -> Result<Vec<String>, SplitError> {
    let trimmed = line.trim();
    if trimmed.starts_with('#') {
        return Ok(Vec::new());
    }
    // A roll keeps its `# comment` (shown with the result); elsewhere a
    // `#` word starts a comment that is dropped, as in a shell.
    let is_roll = trimmed
        .split_whitespace()
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("roll") || w.eq_ignore_ascii_case("save"));
    if is_roll && let Some(at) = trimmed.find(" #") {
        let mut words =
            shlex::split(&trimmed[..at]).ok_or_else(|| SplitError(trimmed.to_string()))?;
        words.push(trimmed[at + 1..].to_string());
        return Ok(words);
    }
    shlex::split(trimmed).ok_or_else(|| SplitError(trimmed.to_string()))
}

/// Words as one line that `split_line` reads back as the same words
/// (a word with spaces or quotes is quoted): for the lines tablemate
/// suggests, such as the one that deals a setup again.
pub fn join_words<S: AsRef<str>>(words: &[S]) -> String {
    words
        .iter()
        .map(|w| {
            let w = w.as_ref();
            let plain = !w.is_empty()
                && !w
                    .chars()
                    .any(|c| c.is_whitespace() || matches!(c, '\'' | '"' | '\\' | '#'));
            if plain {
                w.to_string()
            } else if !w.contains('\'') {
                format!("'{w}'")
            } else {
                shlex::try_quote(w).map_or_else(|_| w.to_string(), |q| q.into_owned())
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[derive(Parser, Debug)]
#[command(
    multicall = true,
    term_width = 60,
    override_usage = "COMMAND [ARGS]...",
    disable_help_flag = false,
    help_template = "{subcommands}",
    subcommand_help_heading = "Commands"
)]
pub struct Line {
    #[command(subcommand)]
    pub command: Command,
}

/// A value a command's argument cannot take, said in words (not as a
/// Rust type or range).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadValue {
    #[error("flip tosses 1 to 1000 coins")]
    Coins,
    #[error("a seed is a whole number from 0 to {}", u64::MAX)]
    Seed,
}

fn coin_count(s: &str) -> Result<u32, BadValue> {
    match s.parse::<u32>() {
        Ok(n) if (1..=1000).contains(&n) => Ok(n),
        _ => Err(BadValue::Coins),
    }
}

fn seed_value(s: &str) -> Result<u64, BadValue> {
    s.parse::<u64>().map_err(|_| BadValue::Seed)
}

/// `cmd`'s subcommand named `word` (or one of its aliases).
fn subcommand<'a>(cmd: &'a clap::Command, word: &str) -> Option<&'a clap::Command> {
    cmd.get_subcommands()
        .find(|c| c.get_name() == word || c.get_all_aliases().any(|a| a == word))
}

/// Command words in any case (`ROLL 1D6`, `Deck Show bag`): a command's
/// or subcommand's name typed in capitals is read as its name; every
/// other word is left as typed.
fn fold_case(tree: &clap::Command, words: &[String]) -> Vec<String> {
    let mut out = words.to_vec();
    let mut at = tree;
    for w in out.iter_mut() {
        let lower = w.to_lowercase();
        match subcommand(at, &lower) {
            Some(c) => {
                *w = lower;
                at = c;
            }
            None => break,
        }
    }
    out
}

/// The command a word belongs to where it is a word of one command only,
/// not a command itself (`seats` of `serve`, `verify` of `log`).
fn word_of_command(word: &str) -> Option<&'static str> {
    const WORDS: &[(&str, &str)] = &[
        ("seats", "serve"),
        ("revoke", "serve"),
        ("stop", "serve"),
        ("verify", "log"),
        ("clear", "log"),
        ("add", "players"),
        ("remove", "players"),
        ("rename", "players"),
        ("history", "pad"),
        ("stats", "pad"),
    ];
    let w = word.to_lowercase();
    WORDS.iter().find(|(x, _)| *x == w).map(|(_, of)| *of)
}

/// The error for a word that is not a command, or not one of its
/// command's actions: it names that word and the nearest name.
fn unknown(words: &[String]) -> clap::Error {
    // `help rol` asks about `rol`: clap's own `help` is no subcommand of
    // the tree, so it would be the word named (#45).
    let words = match words.split_first() {
        Some((help, rest)) if help == "help" && !rest.is_empty() => rest,
        _ => words,
    };
    let tree = root();
    let mut at = &tree;
    let mut path: Vec<&str> = Vec::new();
    for w in words {
        let names = command_names(at);
        match subcommand(at, w) {
            Some(c) => {
                path.push(c.get_name());
                at = c;
            }
            None => {
                // clap lists near names in no useful order; name the
                // nearest, as everywhere else.
                let message = match path.as_slice() {
                    // The day's deal is a word of a setup, after its game.
                    [] if w.eq_ignore_ascii_case("daily") => format!(
                        "'{}' is not a command: the day's deal is `setup GAME daily` (`setup fuji-san daily`; `setup` lists the games)\n",
                        crate::style::clip_quoted(w)
                    ),
                    // A word of one command (`help seats`): name it.
                    [] if let Some(of) = word_of_command(w) => format!(
                        "'{}' is not a command: did you mean `{of} {}`? (`help {of}` tells of it)\n",
                        crate::style::clip_quoted(w),
                        w.to_lowercase()
                    ),
                    [] => format!(
                        "'{}' is not a command{}: `help` lists them\n",
                        crate::style::clip_quoted(w),
                        crate::suggest::hint(w, names)
                    ),
                    parents => format!(
                        "'{}' is not a {} action{}: `{} --help` lists them\n",
                        crate::style::clip_quoted(w),
                        parents.join(" "),
                        crate::suggest::hint(w, names),
                        parents.join(" ")
                    ),
                };
                return clap::Error::raw(clap::error::ErrorKind::InvalidSubcommand, message);
            }
        }
    }
    clap::Error::raw(
        clap::error::ErrorKind::InvalidSubcommand,
        "not a command: `help` lists them\n",
    )
}

/// Every command's name and alias.
fn command_names(line: &clap::Command) -> Vec<&str> {
    line.get_subcommands()
        .flat_map(|c| std::iter::once(c.get_name()).chain(c.get_all_aliases()))
        .collect()
}

/// Whether `name` is a command (or an alias of one).
pub fn is_command(name: &str) -> bool {
    command_names(&root()).contains(&name)
}

/// What a line asks: one of tablemate's own commands, or one a game
/// brings (its wing's `commands`), with its words as parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed {
    Builtin(Command),
    Game {
        game: Game,
        command: String,
        matches: clap::ArgMatches,
    },
}

/// Each game's own commands, with the game they belong to.
fn game_commands() -> Vec<(Game, clap::Command)> {
    Game::all()
        .flat_map(|g| g.wing().commands().into_iter().map(move |c| (g, c)))
        .collect()
}

/// The whole command tree: tablemate's own commands, with each game's
/// listed after `setup`, and `setup` and `solve`'s help naming the games
/// that take them.
pub fn root() -> clap::Command {
    let mut root = Line::command();
    // In declaration order (changing a subcommand moves it to the end).
    let names: Vec<String> = root
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    root = root
        .mut_subcommand("setup", |c| c.after_help(crate::games::help::setup()))
        .mut_subcommand("solve", |c| c.after_help(crate::games::help::solve()));
    // Listed in this order: each command keeps its place, and the games'
    // commands come in after `setup`.
    let mut order = 0;
    for name in names {
        root = root.mut_subcommand(&name, |c| c.display_order(order));
        order += 1;
        if name == "setup" {
            for (_, c) in game_commands() {
                root = root.subcommand(c.display_order(order));
                order += 1;
            }
        }
    }
    root
}

/// The command tree with each command's closing help reflowed (see
/// `reflow`), for a line that shows help.
pub fn help_tree() -> clap::Command {
    reflowed(root())
}

fn reflowed(cmd: clap::Command) -> clap::Command {
    let mut cmd = match cmd.get_after_help().map(|t| reflow(&t.to_string())) {
        Some(text) => cmd.after_help(text),
        None => cmd,
    };
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(&name, reflowed);
    }
    cmd
}

/// Help prose is wrapped by hand in the source, to read there; clap
/// wraps it again to the window (40 to 100 columns), which left a word or
/// two alone on every other line where the window was narrower. Joined a
/// sentence run to a line, it wraps once: a line joins the one before
/// when both are prose (not blank, not indented: lists and examples keep
/// their lines) and the one before does not end a sentence or a heading.
pub fn reflow(text: &str) -> String {
    let mut out = String::new();
    let mut joins = false;
    for line in text.lines() {
        let prose = !line.trim().is_empty() && !line.starts_with(' ');
        if prose && joins {
            out.push(' ');
        } else if !out.is_empty() || line.is_empty() {
            out.push('\n');
        }
        out.push_str(if prose && joins {
            line.trim_start()
        } else {
            line
        });
        joins = prose && !line.trim_end().ends_with(['.', ':', '?', '!']);
    }
    out
}

/// Every command, in the order help lists them.
pub fn listed() -> Vec<clap::Command> {
    let mut all: Vec<clap::Command> = root().get_subcommands().cloned().collect();
    all.sort_by_key(|c| c.get_display_order());
    all
}

/// Parse already-split words (the first is the command name), with help
/// laid out for 60 columns.
pub fn parse(words: &[String]) -> Result<Parsed, clap::Error> {
    parse_at(words, 60)
}

/// Parse, with help and usage laid out for `width` columns (the REPL's
/// window, read again before each command).
pub fn parse_at(words: &[String], width: usize) -> Result<Parsed, clap::Error> {
    match dice_line(words) {
        Some(command) => Ok(Parsed::Builtin(command)),
        None => parse_tree(words, width),
    }
}

/// Parse through the whole command tree.
fn parse_tree(words: &[String], width: usize) -> Result<Parsed, clap::Error> {
    use clap::FromArgMatches;
    // Help's prose is joined to wrap at the width only where it is shown.
    let asks_help = words
        .iter()
        .any(|w| w == "help" || w == "--help" || w == "-h");
    let tree = if asks_help { help_tree() } else { root() }.term_width(width);
    let words = fold_case(&tree, words);
    let matches = tree.try_get_matches_from(&words).map_err(|e| {
        if e.kind() != clap::error::ErrorKind::InvalidSubcommand {
            return e;
        }
        unknown(&words)
    })?;
    if let Some((name, sub)) = matches.subcommand()
        && let Some((game, _)) = game_commands()
            .into_iter()
            .find(|(_, c)| c.get_name() == name)
    {
        return Ok(Parsed::Game {
            game,
            command: name.to_string(),
            matches: sub.clone(),
        });
    }
    Line::from_arg_matches(&matches).map(|l| Parsed::Builtin(l.command))
}

/// `roll` and `prob`, the lines typed most, read without building the
/// command tree: every command's definition and help was most of what a
/// one-shot `roll 2d6` did itself. A word that could be a flag (`-h`,
/// `--help`, `--anything`) goes the long way, so help and errors stay
/// clap's; so does a `prob` with nothing to work out.
fn dice_line(words: &[String]) -> Option<Command> {
    let (first, rest) = words.split_first()?;
    if rest.iter().any(|w| w.starts_with("--") || w == "-h") {
        return None;
    }
    let expr = rest.to_vec();
    match first.to_lowercase().as_str() {
        "roll" => Some(Command::Roll { expr }),
        "prob" if !expr.is_empty() => Some(Command::Prob { expr }),
        _ => None,
    }
}

#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Shuffle pieces or your own list
    #[command(after_help = "Kinds: tiles, coins, cards, jokers (52 cards and 2\n\
        jokers), dominoes, dominoes9. Two or more other words are\n\
        shuffled as your own list.\n\n\
        Examples:\n  shuffle tiles\n  shuffle dominoes\n  shuffle alice bob carol")]
    Shuffle {
        /// A kind, or two or more items of your own
        #[arg(required = true, value_name = "KIND|ITEMS")]
        what: Vec<String>,
    },

    /// Named decks that persist between sessions
    #[command(
        after_help = "Examples:\n  deck new bag tiles\n  deck new order alice bob carol\n  \
        deck\n  deck show bag\n  deck return bag\n  deck delete bag"
    )]
    Deck {
        #[command(subcommand)]
        action: Option<DeckAction>,
    },

    /// Draw from a deck: draw [NAME] [N]
    #[command(after_help = "Without a name, draws from the deck used last.\n\n\
        Examples:\n  draw\n  draw 3\n  draw bag\n  draw bag 5")]
    Draw {
        /// Deck name and/or how many
        #[arg(value_name = "NAME|N", num_args = 0..=2)]
        args: Vec<String>,
    },

    /// Toss ordinary coins: heads or tails
    #[command(after_help = "Examples:\n  flip\n  flip 3")]
    Flip {
        /// How many coins (1 to 1000)
        #[arg(value_parser = coin_count)]
        n: Option<u32>,
    },

    /// Cast piecepack coins: which land number up, and the sum
    #[command(
        after_help = "`cast N coins` casts the first N coins of n a 2 3 4 5,\n\
        suit by suit (6 coins is one suit, as Trampo-Land casts); or\n\
        name the coins. A lone 6 to 24 is a count too.\n\
        Null counts 0.\n\n\
        Examples:\n  cast 6\n  cast 3 coins\n  cast n a 3 5\n  cast Sn S2 Ma"
    )]
    Cast {
        /// N coins (1 to 24), a lone count of 6 to 24, or coin values or codes
        #[arg(required = true, value_name = "N|COINS")]
        coins: Vec<String>,
    },

    /// Roll dice: 2d6+1, 4d6kh3, 3pp, d%, 4dF, 6x4d6kh3
    #[command(after_help = DICE_HELP)]
    Roll {
        /// The dice expression (none: roll the last one again)
        #[arg(
            value_name = "EXPR",
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        expr: Vec<String>,
    },

    /// Exact odds of a dice expression: prob 3d6
    #[command(after_help = "Every total with its exact probability, the mean and\n\
        spread, and a bar chart; or the chance to reach a target.\n\
        Past 60 totals the rarest ends (under 0.05% each) fold\n\
        into one row; --all shows every total.\n\n\
        Examples:\n  prob 3d6\n  prob 4d6kh3\n  prob 2d20kh1 atleast 15\n  prob 2pp atmost 3\n  prob 100d6 --all")]
    Prob {
        /// The dice expression, then optionally `atleast N` or `atmost N`
        #[arg(
            value_name = "EXPR",
            required = true,
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        expr: Vec<String>,
    },

    /// Save a roll by name: `save attack 1d20+5 # longsword`
    #[command(
        after_help = "The name (a letter, then letters, digits, - or _) stands\n\
        for the roll in `roll`, `prob` and inside other rolls; it\n\
        cannot be dice itself (d20) or a word the dice language\n\
        uses. Saving a name again replaces it; `undo` takes it\n\
        back.\n\n\
        Examples (in order):\n  save attack 1d20+5 # longsword\n  roll attack\n  roll attack + 2\n  \
        prob attack >= 15\n  saved\n  unsave attack"
    )]
    Save {
        /// The name
        name: String,
        /// The dice expression, and a `# note` if you like
        #[arg(
            value_name = "EXPR",
            required = true,
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        expr: Vec<String>,
    },

    /// List the saved rolls
    #[command(after_help = "Examples:\n  saved")]
    Saved,

    /// Record results of real dice: `tally d20 3 17 20 8`
    #[command(after_help = "The expression first, then each result as it came up;\n\
        `tally` alone lists what is recorded, `tally d20` shows its\n\
        counts, `tally d20 clear` forgets them. `fair d20` tests the\n\
        results against the exact odds.\n\n\
        Examples (in order):\n  tally d20 3 17 20 8 11\n  tally 2d6 7 5 9\n  tally d20\n  tally\n  \
        tally 2d6 clear")]
    Tally {
        /// The dice expression, then the results
        #[arg(
            value_name = "EXPR",
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        words: Vec<String>,
    },

    /// Are these dice fair? The tallied results against the exact odds
    #[command(
        after_help = "Pearson's chi-square test of the results told to `tally`\n\
        against the expression's exact distribution: the p-value,\n\
        what it says in words, and how many rolls it takes to notice\n\
        the likeliest total coming up half as often again.\n\
        With --log, the rolls tablemate made (its roll log) instead.\n\n\
        Examples:\n  fair d20\n  fair d6 --log"
    )]
    Fair {
        /// The dice expression tallied
        #[arg(value_name = "EXPR", required = true, trailing_var_arg = true)]
        expr: Vec<String>,
        /// Test the rolls in tablemate's roll log, not the tally
        #[arg(long)]
        log: bool,
    },

    /// The table's plays in numbers: win rates, rivals, seat advantage
    #[command(
        after_help = "Every game that ends is a play, kept with the day: a pad\n\
        filed (`pad end`), a followed game over, a run of rooms\n\
        filed; who sat where (the first player started), the scores\n\
        and who won (every best total, on a tie). Per game, each\n\
        person's plays, wins and win rate with its 95% Wilson\n\
        interval, average and best score, the person they lost to\n\
        most and their nemesis (ahead of them in the largest share\n\
        of 3 or more plays together); each seat's record and\n\
        whether the sample can tell an advantage; solitaire plays\n\
        apart, and co-op plays with each person's buddy. `stats\n\
        ratings` rates each person (OpenSkill, Plackett-Luce),\n\
        shown after 5 plays. `--out stats.svg` draws each win rate\n\
        with its interval. `stats export FILE` writes the plays as\n\
        BG Stats' play file (.json) or a BoardGameGeek-style plays\n\
        CSV (.csv); `stats import FILE` files the plays of such a\n\
        file, each once however often it is imported.\n\n\
        Examples:\n  stats\n  stats hearts\n  stats ann\n  stats ratings\n  stats --out stats.svg\n  stats export plays.json\n  stats import plays.json"
    )]
    Stats {
        /// One game, or one person
        #[arg(value_name = "GAME|PERSON")]
        words: Vec<String>,
        /// Draw the win rates with their intervals (SVG)
        #[arg(long, value_name = "FILE.svg")]
        out: Option<std::path::PathBuf>,
        /// Write over a file that is there
        #[arg(long)]
        force: bool,
    },

    /// How lucky each person's dice were, against the exact odds
    #[command(after_help = "Where the sum of each person's rolls falls among all the
        sums the same rolls could make (each roll's exact odds,
        convolved), and the count of their checks passed among
        all the counts: a percentile, a word and the chance behind
        it, tablemate's dice and the table's own apart. Alone, for
        everyone since `players` last seated the table; `luck ben`
        for one person; `all` the whole roll log; a day
        (2026-11-28) or days (2026-11-01..2026-11-28).

        Examples:
  luck
  luck ben
  luck all
  luck ben today")]
    Luck {
        /// A person, and when: all, today, a day or days
        #[arg(value_name = "NAME|WHEN", trailing_var_arg = true)]
        words: Vec<String>,
    },

    /// The rolls made lately: `log`, `log 50`, `log d20`
    #[command(
        after_help = "Every roll is kept in the roll log (rolls.log beside the\n\
        store): when, the roll as shown, and the seed and place in\n\
        its stream that made it. `log` shows the last 20, oldest\n\
        first; `log N` the last N; `log d20` or `log 20 2d6` only\n\
        that expression's; `log clear` forgets them all.\n\n\
        Examples:\n  log\n  log 5\n  log 2d6"
    )]
    Log {
        /// How many, then an expression to show only its rolls; or `clear`
        #[arg(value_name = "N|EXPR|clear", trailing_var_arg = true)]
        words: Vec<String>,
        /// With `clear`: go ahead without asking
        #[arg(long)]
        yes: bool,
    },

    /// Forget a saved roll
    #[command(after_help = "Examples:\n  unsave attack")]
    Unsave {
        /// The name
        name: String,
    },

    /// Set up a game or room, as a diagram
    #[command(disable_help_flag = true)]
    Setup {
        /// Print help; after a game, that game's settings
        #[arg(short = 'h', long = "help")]
        help: bool,
        /// Also write the layout to FILE: .svg .png .ppn .csv .json .txt
        #[arg(long, value_name = "FILE")]
        out: Option<std::path::PathBuf>,
        /// Overwrite FILE if it exists
        #[arg(long, requires = "out")]
        force: bool,
        /// Set aside the table's game in play without asking
        #[arg(long)]
        yes: bool,
        /// The game or room
        game: Option<String>,
        /// What is on the table (tiles, coins, key=value); missing parts
        /// are drawn at random
        #[arg(value_name = "INPUT")]
        input: Vec<String>,
    },

    /// Solve a puzzle: best score and how
    Solve {
        /// The game or room (those solved are listed below)
        room: String,
        /// The position (without one: the run's), and settings
        #[arg(
            value_name = "INPUT",
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        input: Vec<String>,
    },

    /// Rules: list, GAME [SECTION], search WORDS
    #[command(after_help = "Games and their parts (rooms) answer to their names,\n\
        their aliases and near misses of either.\n\n\
        Examples:\n  rules\n  rules catwalk\n  rules catwalk scoring\n  rules barrels setup\n  \
        rules search flick coin\n  rules search null counts")]
    Rules {
        /// A game (or a room of one) and a section, or `search` and words
        #[arg(value_name = "GAME [SECTION]|search WORDS", trailing_var_arg = true)]
        words: Vec<String>,
    },

    /// Show the seed, or restart from a new one
    #[command(
        after_help = "The same seed with the same commands gives the same results.\n\n\
        Examples:\n  seed\n  seed 42"
    )]
    Seed {
        /// The new seed
        #[arg(value_parser = seed_value)]
        n: Option<u64>,
    },

    /// Undo the last change to saved state
    #[command(after_help = "Reverts the newest change to what is saved (a draw, a\n\
        deck, a score, a run, a move in a game) and says\n\
        what it was. Again goes further back (up to 100 changes).\n\
        Changes from every terminal share one list, newest first.\n\n\
        Examples:\n  undo")]
    Undo,

    /// Rebuild the store's indexes after damage, keeping a copy first
    #[command(after_help = "When tablemate says an index of the store is damaged\n\
        (a disk fault, a copy taken mid-write), this copies the\n\
        store to tablemate.db.before-repair-N, rebuilds every index\n\
        from the rows and checks the whole store again.\n\n\
        Examples:\n  repair")]
    Repair,

    /// Show the table live on every player's phone, tablet or TV
    #[command(
        after_help = "Starts a web page of the table: the game in play, whose\n\
        turn it is, its last moves, a run's scorecard, the score\n\
        pad and the last dice, updated as soon as anything changes\n\
        (from this terminal or any other). Each player seated with\n\
        `players` also gets a seat: an address of their own that\n\
        rolls, enters their pad score, passes their turn and undoes\n\
        their own last change from a phone. It listens on this\n\
        machine only; --lan opens it to the local network, with a\n\
        secret in every address (printed, and drawn as QR codes to\n\
        scan). In the REPL it runs beside your commands until\n\
        `serve stop`; as a one-shot command, until Ctrl-C.\n\n\
        Examples:\n  serve\n  serve --lan\n  serve --port 8080\n  serve seats\n  serve revoke ann\n  serve stop"
    )]
    Serve {
        /// `stop` ends it; `seats` lists each player's seat; `revoke NAME` closes one
        #[arg(value_name = "stop|seats|revoke NAME")]
        action: Vec<String>,
        /// Serve the local network (the address carries a secret token)
        #[arg(long)]
        lan: bool,
        /// The port (default 7464; 0 picks a free one)
        #[arg(long, value_name = "N")]
        port: Option<u16>,
        /// With --lan, the one address to listen on (default: every one)
        #[arg(long, value_name = "IP", requires = "lan")]
        bind: Option<std::net::IpAddr>,
        /// The address people open when a reverse proxy serves it
        /// (https://table.example.org): used in every link, taken as Host
        /// and Origin; every page then needs its key
        #[arg(long, value_name = "URL")]
        public: Option<String>,
        /// A reverse proxy's address, whose X-Forwarded-For and Forwarded
        /// headers name the real client (from anywhere else they are
        /// ignored); more than one: --proxy A --proxy B
        #[arg(long, value_name = "IP")]
        proxy: Vec<std::net::IpAddr>,
        /// With `seats`: a new address for this person's seat (the old
        /// one opens nothing from then on)
        #[arg(long, value_name = "NAME")]
        new: Option<String>,
    },

    /// Every game followed, from its setup: number, date, moves, result
    #[command(
        after_help = "Each setup starts a record; every move made after it (by\n\
        anyone, in any terminal) is kept in it, and `undo` takes a\n\
        move back off it too. `replay N` steps through one.\n\n\
        Examples:\n  games\n  games --json"
    )]
    Games,

    /// Step through a recorded game, or write it to a file
    #[command(after_help = "`replay N` shows game N's setup; then `replay next`,\n\
        `replay back`, `replay first`, `replay last` or `replay to\n\
        M` move through it (`replay N to M` at once). Alone, the\n\
        game being played. --out writes the whole game: .ppn\n\
        (piecepackr's notation, setup and moves), .png (animated,\n\
        a frame a move), .json (the record, which `import` reads\n\
        back), .svg (the position shown). `replay FILE` steps\n\
        through a PPN file the same way: a Fuji-san game checked\n\
        move by move, or a game whose setup tablemate lays\n\
        (checkers, chess, xiangqi, plans of action, ...) drawn\n\
        as written.\n\n\
        Examples:\n  replay 3\n  replay next\n  replay 3 to 12\n  \
        replay 3 --out game.ppn\n  replay --out game.png")]
    Replay {
        /// A game's number or a PPN file, then next, back, first,
        /// last or to M
        #[arg(value_name = "N|FILE|next|back|first|last|to M", num_args = 0..)]
        words: Vec<String>,
        /// Write the game to FILE: .ppn .png .json .svg
        #[arg(long, value_name = "FILE")]
        out: Option<std::path::PathBuf>,
        /// Overwrite FILE if it exists
        #[arg(long)]
        force: bool,
        /// Mark the moves the game's coach would have spoken of
        #[arg(long)]
        coach: bool,
    },

    /// Write everything saved as one JSON document
    #[command(after_help = "Decks, games in progress and filed runs, as one JSON\n\
        document (see the README): a backup, or a move to another\n\
        machine with `import`.\n\n\
        Examples:\n  export\n  export backup.json\n  export backup.json --force")]
    Export {
        /// The file to write (without one, the document is printed)
        file: Option<std::path::PathBuf>,
        /// Overwrite the file if it exists
        #[arg(long)]
        force: bool,
        /// Put in a game in play whose pieces are hidden (its cups, its
        /// deck's order), which is otherwise left out until it ends
        #[arg(long)]
        secrets: bool,
    },

    /// Read an exported document into the store
    #[command(
        after_help = "Refused when the store holds anything, unless --replace\n\
        (the REPL asks); `undo` brings back what was replaced.\n\n\
        Examples:\n  import backup.json\n  import backup.json --replace"
    )]
    Import {
        /// The document `export` wrote
        file: std::path::PathBuf,
        /// Replace everything saved now (`--yes` too)
        #[arg(long, visible_alias = "yes")]
        replace: bool,
    },

    /// A shell completion script: bash, zsh, fish and others
    #[command(after_help = "Install it where your shell looks:\n\
        bash: tablemate completions bash >\n\
        \x20   ~/.local/share/bash-completion/completions/tablemate\n\
        zsh:  tablemate completions zsh > ~/.zfunc/_tablemate\n\
        \x20     (with ~/.zfunc in your fpath)\n\
        fish: tablemate completions fish >\n\
        \x20   ~/.config/fish/completions/tablemate.fish\n\n\
        Examples:\n  completions bash\n  completions fish")]
    Completions {
        /// The shell to complete for
        shell: clap_complete::Shell,
    },

    /// The manual page, in roff (read it with `man -l`)
    #[command(
        after_help = "Install:\n  tablemate man > ~/.local/share/man/man1/tablemate.1\n\n\
        Examples:\n  man"
    )]
    Man,

    /// Leave tablemate (Ctrl-D also works)
    #[command(visible_alias = "exit")]
    Quit,
}

const DICE_HELP: &str = "Dice: NdM (N defaults to 1), d% (1-100),
dF (Fudge -1/0/+1), Npp (piecepack dice: null ace 2 3 4 5,
valued 0-5),
d{0,1,1,2} (a side per number; repeats weigh more).
Arithmetic: + - * / (rounds down), unary minus, parentheses.
Keep/drop: khN klN dhN dlN (kN is khN, dN is dlN), kmN
  the middle N;
  k>N k<N k=N keep dice matching;
  pS drops them (S: N, >N, <N).
Reroll: rrS or rS (until it no longer matches), roS (once);
  raS: the first match brings one more die;
  u: no two dice alike (4d6u).
Explode: ! on the top face (or !S): each extra roll a die
  of its own (2d6! [6!, 3, 2]); !! or e adds them into the
  die (6!+3); !p penetrates.
Advantage: 1d20 adv is 2d20kh1, 1d20 dis is 2d20kl1.
Sort: s lists the dice low to high, sd high to low (5d6sd).
Clamp: miN maN. Repeat: Kx EXPR rolls K separate times.
Pools: 8d10>7 counts dice over 7 (>= < <= = too);
  f1 or f<2 after it takes failures away.
Compare: 1d20+5 >= 15 passes or fails, with the margin;
  1d20+5 > 1d20+3 is an opposed roll.
Groups: {4d6, 3d8}kh1 keeps the better entry.
Math: % floor() ceil() round() abs() min() max().
Labels 2d6[fire]; a note after # is shown with the result.
Critical marks: cs>=19 and cf1 mark dice with ↑ and ↓.
Dropped dice show as ~~2~~, rerolls as ~~1~~ 4,
an explosion as 6! with its extra die after it.
A bare `roll` rolls the last expression again.
Systems, read in their words (`prob` gives each word's
odds):
  sr 12 (Shadowrun hits, glitch), wod 7 diff=6 [again]
  (Storyteller successes, botch), pbta+1 (strong hit,
  weak hit, miss), coc 45 [bonus=1|penalty=1] (Call of
  Cthulhu), fate+2 (the Fate ladder), bitd 3 (Blades in
  the Dark), genesys 2a1p 2d1c (Genesys and Star Wars
  symbol dice: ability, proficiency, boost, difficulty,
  challenge, setback).
  A rule file (--rules DIR) may declare its own: a name,
  the dice and the words their total reads as, or symbol
  dice whose symbols cancel in pairs (`rules GAME` lists
  them).
Who rolled: roll 2d6 as ben (a person at the table, or
  as guest:NAME). In secret: roll 2d6 secret as ben shows
  the dice on ben's seat alone and the table a commitment;
  roll reveal as ben shows them to all, checked against it.
The table's own dice: roll 4d6kh3 = 3 1 4 2 reads the faces
  they showed (after a lone =; compare with ==), asking for
  any extra dice the rules need (6 explodes: roll one more).

Examples:
  roll 2d6+1
  roll 4d6kh3
  roll 6x4d6kh3
  roll 1d20ro1 + 5
  roll 3pp
  roll 3d{0,1,1,2}
  roll 8d10>7f1
  roll 1d20+5 >= 15
  roll {4d6, 3d8}kh1
  roll floor(3d6/2)
  roll 2d6[fire] + 1d6[cold]
  roll sr 12
  roll coc 45 bonus=1
  roll 4d6kh3 = 3 1 4 2
  roll";

#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum DeckAction {
    /// Make a freshly shuffled deck: deck new NAME KIND, or NAME ITEMS...
    New {
        /// The deck's name: up to 24 letters (any language), digits,
        /// - or _
        name: String,
        /// A kind (tiles, coins, cards, jokers, dominoes, dominoes9), or
        /// two or more items of your own
        #[arg(required = true, value_name = "KIND|ITEMS")]
        what: Vec<String>,
    },
    /// List the decks with their counts
    #[command(visible_alias = "ls")]
    List,
    /// What has been drawn from a deck and how many are left
    Show {
        /// The deck (without one: the current deck)
        name: Option<String>,
    },
    /// Make a deck the current one (what `draw` draws from)
    Use { name: String },
    /// Put every drawn item back and reshuffle
    Return { name: String },
    /// Forget a deck
    #[command(visible_alias = "rm")]
    Delete { name: String },
}

/// Completion for the REPL: where the word being typed starts, and the
/// command names or fixed argument values that fit it.
/// Whether the word being typed names a deck (`draw `, `deck show `,
/// `deck use `, `deck return `, `deck delete `): the REPL then offers the
/// saved decks' names, which only the store knows.
pub fn wants_deck_name(before_cursor: &str) -> bool {
    let words = done_words(before_cursor);
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    matches!(
        w.as_slice(),
        ["draw"] | ["deck", "show" | "use" | "return" | "delete" | "rm"]
    )
}

/// Whether the word being typed names a file: `replay`'s or `import`'s
/// first word (a PPN file, a record, an export), completed from the
/// folders by the REPL.
pub fn wants_file_name(before_cursor: &str) -> bool {
    let words = done_words(before_cursor);
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    matches!(w.as_slice(), ["replay" | "import"])
}

/// The words typed before the one being typed, in lower case.
fn done_words(before_cursor: &str) -> Vec<String> {
    let mut words: Vec<String> = before_cursor
        .split_whitespace()
        .map(str::to_lowercase)
        .collect();
    if !before_cursor.ends_with(char::is_whitespace) {
        words.pop();
    }
    words
}

/// The game named when the word being typed is a `rules` section
/// (`rules catwalk sc`): only the rule texts know that game's sections.
pub fn wants_section(before_cursor: &str) -> Option<String> {
    let mut words: Vec<&str> = before_cursor.split_whitespace().collect();
    if !before_cursor.ends_with(char::is_whitespace) {
        words.pop();
    }
    match words.as_slice() {
        [cmd, game]
            if cmd.eq_ignore_ascii_case("rules") && !game.eq_ignore_ascii_case("search") =>
        {
            Some(game.to_string())
        }
        _ => None,
    }
}

pub fn complete(before_cursor: &str) -> (usize, Vec<String>) {
    let start = before_cursor
        .char_indices()
        .rfind(|(_, c)| c.is_whitespace())
        .map_or(0, |(i, c)| i + c.len_utf8());
    let prefix = before_cursor[start..].to_lowercase();
    let root = root();
    let mut cur = &root;
    let mut path: Vec<String> = Vec::new();
    // The words typed after the command, for a game whose later words
    // depend on earlier ones (a move, then which way).
    let mut typed: Vec<String> = Vec::new();
    let mut positional = 0;
    for w in before_cursor[..start].split_whitespace() {
        match cur.find_subcommand(w.to_lowercase()) {
            Some(sub) if positional == 0 => {
                path.push(sub.get_name().to_string());
                cur = sub;
            }
            _ => {
                positional += 1;
                typed.push(w.to_lowercase());
            }
        }
    }
    let mut found: Vec<String> = Vec::new();
    if positional == 0 {
        for sub in cur.get_subcommands() {
            found.push(sub.get_name().to_string());
            found.extend(sub.get_visible_aliases().map(str::to_string));
        }
        if path.is_empty() {
            found.push("help".into());
        }
    }
    let mut whole = path.clone();
    whole.extend(typed);
    found.extend(
        fixed_values(&whole, path.len(), positional)
            .iter()
            .map(|s| s.to_string()),
    );
    // A game's own settings, once the game is named.
    if path == ["setup"]
        && positional >= 1
        && let Some(game) = before_cursor[..start]
            .split_whitespace()
            .skip(1)
            .find(|w| !w.starts_with('-'))
        && let Ok(game) = game.parse::<Game>()
        && let Some(setup) = crate::games::help::setup_args(game)
    {
        found.extend(crate::games::args::completions(setup));
    }
    found.retain(|c| c.to_lowercase().starts_with(&prefix));
    found.sort();
    found.dedup();
    (start, found)
}

/// The fixed values a command's argument takes, by the command's path
/// (its first `depth` words; the words typed after them follow) and the
/// argument's place among its positionals.
fn fixed_values(path: &[String], depth: usize, index: usize) -> Vec<&'static str> {
    let whole: Vec<&str> = path.iter().map(String::as_str).collect();
    let p = &whole[..depth];
    let names = |takes: fn(Game) -> bool| -> Vec<&'static str> {
        Game::all()
            .filter(|&g| takes(g))
            .flat_map(|g| std::iter::once(g.id()).chain(g.short()))
            .collect()
    };
    match (p, index) {
        (["shuffle"], _) | (["deck", "new"], 1) => crate::deck::DeckKind::ALL
            .iter()
            .map(|k| k.name())
            .collect(),
        (["setup"], 0) => names(|g| crate::games::help::setup_args(g).is_some()),
        (["solve"], 0) => names(|g| crate::games::help::solve_args(g).is_some()),
        (["rules"], 0) => std::iter::once("search").chain(names(|_| true)).collect(),
        ([command, ..], _) => game_commands()
            .into_iter()
            .find(|(_, c)| c.get_name() == *command)
            .map(|(g, _)| crate::games::help::completions(g, &whole, index))
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        split_line(s).unwrap()
    }

    /// Tab after `replay` or `import` offers files: only for their
    /// first word.
    #[test]
    fn a_file_is_asked_for_after_replay_and_import() {
        assert!(wants_file_name("replay "));
        assert!(wants_file_name("replay tests/fix"));
        assert!(wants_file_name("import ga"));
        assert!(!wants_file_name("replay 3 "));
        assert!(!wants_file_name("repl"));
        assert!(!wants_file_name("roll "));
    }

    #[test]
    fn splits_quotes_and_comments() {
        assert_eq!(words("shuffle 'a b' c"), vec!["shuffle", "a b", "c"]);
        assert!(words("  # a comment").is_empty());
        assert!(words("").is_empty());
        assert!(split_line("shuffle 'a").is_err());
    }

    /// The short way for `roll` and `prob` gives what the command tree
    /// gives, and leaves it everything that could be a flag.
    #[test]
    fn dice_lines_read_as_the_tree_reads_them() {
        for line in [
            "roll 2d6",
            "ROLL 4d6kh3 + 2",
            "roll",
            "roll -1d4",
            "roll 1d20+5 >= 15 # attack",
            "Prob 3d6 atleast 10",
            "prob sr 12",
        ] {
            let w = words(line);
            let short = dice_line(&w).map(Parsed::Builtin);
            assert_eq!(short, Some(parse_tree(&w, 60).unwrap()), "{line}");
        }
        for line in [
            "roll --help",
            "roll 2d6 -h",
            "prob",
            "prob --x",
            "rolls 2d6",
        ] {
            assert_eq!(dice_line(&words(line)), None, "{line}");
        }
    }

    #[test]
    fn parses_commands() {
        assert_eq!(
            parse(&words("flip 3")).unwrap(),
            Parsed::Builtin(Command::Flip { n: Some(3) })
        );
        assert_eq!(
            parse(&words("deck new bag tiles")).unwrap(),
            Parsed::Builtin(Command::Deck {
                action: Some(DeckAction::New {
                    name: "bag".into(),
                    what: vec!["tiles".into()]
                })
            })
        );
        assert_eq!(
            parse(&words("exit")).unwrap(),
            Parsed::Builtin(Command::Quit)
        );
        for line in [
            "setup catwalk --out x.png Sn C3",
            "setup catwalk Sn C3 --out x.png",
            "setup --out x.png catwalk Sn C3",
        ] {
            match parse(&words(line)).unwrap() {
                Parsed::Builtin(Command::Setup {
                    out, game, input, ..
                }) => {
                    assert_eq!(
                        out.as_deref(),
                        Some(std::path::Path::new("x.png")),
                        "{line}"
                    );
                    assert_eq!(
                        (game.as_deref(), input.len()),
                        (Some("catwalk"), 2),
                        "{line}"
                    );
                }
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn bad_input_names_the_token() {
        let e = parse(&words("flip x")).unwrap_err().to_string();
        assert!(e.contains("'x'"), "{e}");
        let e = parse(&words("shufle tiles")).unwrap_err().to_string();
        assert!(e.contains("shufle") && e.contains("shuffle"), "{e}");
    }
}
