//! The tablemate binary: reads the global options, picks the mode (REPL,
//! one-shot, or a script on stdin), and prints what the library returns.
//! This is the only place that touches the terminal or the environment.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;

use clap::CommandFactory;
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Config, Context, Editor, Helper};

use tablemate::app::{App, AppError, Reply};
use tablemate::cli::{self, Cli, ColorWhen};
use tablemate::command;
use tablemate::store::Store;
use tablemate::style::{self, Style};

/// The process's exit statuses besides an error's own (`AppError::exit_code`).
const EXIT_OK: u8 = 0;
const EXIT_FAILED: u8 = 1;

fn main() -> std::process::ExitCode {
    run().into()
}

fn run() -> u8 {
    let args = hoist_options(std::env::args_os().collect());
    let mut cli = match Cli::plain(&args) {
        Some(cli) => cli,
        None => {
            let mut cli = Cli::command();
            // The list of commands under `--help` walks every command's
            // definition: only a line that asks for help pays for it.
            if args.iter().any(|a| a == "--help" || a == "-h") {
                cli = cli.after_help(commands_overview());
            }
            match cli.try_get_matches_from(args) {
                Ok(m) => {
                    <Cli as clap::FromArgMatches>::from_arg_matches(&m).unwrap_or_else(|e| e.exit())
                }
                Err(e) => e.exit(),
            }
        }
    };
    // An option given wins over its variable.
    cli.data = cli
        .data
        .or_else(|| cli::dir_from_env(std::env::var_os("TABLEMATE_DATA")));
    cli.rules = cli
        .rules
        .or_else(|| cli::dir_from_env(std::env::var_os("TABLEMATE_RULES")));
    let color = match cli.color {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => cli::colour_wanted(io::stdout().is_terminal(), |name| {
            std::env::var_os(name).map(|v| v.to_string_lossy().into_owned())
        }),
    };
    // A Windows console shows ANSI colour only once asked to; one that
    // cannot (an old console) keeps plain text rather than escape codes.
    #[cfg(windows)]
    let color = color && colored::control::set_virtual_terminal(true).is_ok();
    colored::control::set_override(color);
    let width = output_width();
    let style = Style { color, width };
    let data_dir = cli.data.clone().unwrap_or_else(default_data_dir);
    // A seed tablemate picks fits in 53 bits, so every JSON reader
    // (JavaScript's numbers are doubles) reads it exactly.
    let seed = cli
        .seed
        .unwrap_or_else(|| tablemate::random::system_word() >> 11);
    let mut app = App::new(seed, Store::new(data_dir.clone()), style)
        .with_json(cli.json)
        .with_one_shot(!cli.command.is_empty())
        .with_seed_chosen(cli.seed.is_some())
        .with_rules_dir(cli.rules.clone())
        .with_today(today());
    let out = Printer {
        json: cli.json,
        seed_given: cli.seed.is_some(),
        one_shot: cli.command.first().cloned(),
        width: std::cell::Cell::new(width),
        tty_out: io::stdout().is_terminal(),
        tty_err: io::stderr().is_terminal(),
    };

    if !cli.command.is_empty() {
        return one_shot(&mut app, &out, &cli.command);
    }
    if io::stdin().is_terminal() {
        repl(&mut app, &out, &data_dir, cli.rules.as_deref())
    } else {
        script(&mut app, &out)
    }
}

/// Today's UTC date as YYYY-MM-DD.
fn today() -> String {
    tablemate::roll_log::day_of(tablemate::roll_log::now())
}

fn default_data_dir() -> PathBuf {
    dirs::data_dir()
        .or_else(dirs::home_dir)
        .unwrap_or_else(|| PathBuf::from("."))
        .join("tablemate")
}

/// One line per command, listed under `tablemate --help`.
fn commands_overview() -> String {
    let mut s = String::from("Commands (run one, or start the REPL and type `help`):\n");
    for sub in command::listed() {
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        // Each description wrapped in the 48 columns beside the names, so a
        // long one continues under itself rather than at the margin.
        let mut lines: Vec<String> = vec![String::new()];
        for word in about.split_whitespace() {
            let last = lines.last_mut().expect("one line at least");
            if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > 48 {
                lines.push(word.to_string());
            } else {
                if !last.is_empty() {
                    last.push(' ');
                }
                last.push_str(word);
            }
        }
        let body = lines.join(&format!("\n{}", " ".repeat(12)));
        s.push_str(&format!("  {:<9} {body}\n", sub.get_name()));
    }
    s.push_str(
        "\nExamples:\n  tablemate\n  tablemate --seed 7 shuffle tiles\n  echo 'flip 3' | tablemate",
    );
    s
}

struct Printer {
    json: bool,
    seed_given: bool,
    /// In one-shot use, the command word, for "try 'tablemate CMD --help'".
    one_shot: Option<String>,
    /// Columns to wrap messages to (errors too).
    width: std::cell::Cell<usize>,
    /// Whether stdout and stderr are terminals: only a window has a width
    /// to overflow; piped output keeps the layout scripts and tests read.
    tty_out: bool,
    tty_err: bool,
}

impl Printer {
    fn reply(&self, app: &App, r: &Reply) {
        for w in &r.warnings {
            eprintln!("{}", self.for_stderr(w));
        }
        // Only the form shown is drawn: a large roll's text is never made
        // for JSON, nor its JSON for text.
        if self.json {
            write_out_with(|out| r.write_json(out));
            return;
        }
        let text = app.text(r);
        if !text.is_empty() {
            if self.tty_out {
                write_out(&tablemate::style::fit(&text, self.width.get()));
            } else {
                write_out(&text);
            }
        }
    }

    /// Report a failure (`prefix` is "line N: " in scripts).
    fn error(&self, e: &AppError, prefix: &str) {
        // What the player typed is repeated back at most MOST_QUOTED long.
        let rendered = style::clip_quoted(&match e {
            AppError::Usage(ce) => ce.render().to_string().trim_end().to_string(),
            other => format!("error: {other}"),
        });
        let msg = match e {
            AppError::Usage(_) => {
                let text = rendered.clone();
                // clap's hint names the REPL's forms; a shell needs the
                // program's name (and the command, where it was known).
                match &self.one_shot {
                    Some(cmd) => {
                        let help = if command::is_command(cmd) {
                            format!("'tablemate {cmd} --help'")
                        } else {
                            "'tablemate --help'".to_string()
                        };
                        text.replace("try '--help'", &format!("try {help}"))
                            .replace("try 'help'", &format!("try {help}"))
                    }
                    None => text,
                }
            }
            _ => rendered.clone(),
        };
        if self.json {
            // "type" first, as in every other line; the message without
            // clap's usage text and hints.
            let message = match e {
                AppError::Usage(_) => {
                    let first = rendered.lines().next().unwrap_or_default();
                    first.strip_prefix("error: ").unwrap_or(first).to_string()
                }
                other => style::clip_quoted(other.to_string().trim_end()),
            };
            write_out(&format!(
                r#"{{"type":"error","data":{{"message":{}}}}}"#,
                serde_json::Value::from(message)
            ));
        }
        // The first line is the sentence; what follows (a dice line and
        // its caret, clap's usage) is laid out already.
        let (first, rest) = match msg.split_once('\n') {
            Some((first, rest)) => (first.to_string(), Some(rest)),
            None => (msg.clone(), None),
        };
        let first = self.for_stderr(&format!("{prefix}{first}"));
        match rest {
            // A dice line and its caret stay as laid out; a hint after
            // them (or any other sentence) wraps like the first line.
            Some(rest) if !matches!(e, AppError::Usage(_)) => {
                let lines: Vec<&str> = rest.lines().collect();
                let caret = |l: &str| l.trim() == "^";
                let laid_out: Vec<bool> = (0..lines.len())
                    .map(|i| caret(lines[i]) || lines.get(i + 1).is_some_and(|n| caret(n)))
                    .collect();
                let rest: Vec<String> = lines
                    .iter()
                    .zip(laid_out)
                    .map(|(l, keep)| {
                        if keep {
                            l.to_string()
                        } else {
                            self.indented(l)
                        }
                    })
                    .collect();
                eprintln!("{first}\n{}", rest.join("\n"));
            }
            Some(rest) => eprintln!("{first}\n{rest}"),
            None => eprintln!("{first}"),
        }
    }

    /// `for_stderr` for a line that starts indented: its continuation
    /// lines keep the indent, two further in.
    fn indented(&self, line: &str) -> String {
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        if !self.tty_err || indent.is_empty() {
            return self.for_stderr(line);
        }
        let width = self.width.get().saturating_sub(indent.len()).max(20);
        let wrapped = tablemate::style::wrap(body, width, "  ");
        format!("{indent}{}", wrapped.replace('\n', &format!("\n{indent}")))
    }

    /// A line for stderr: wrapped to the window when it is a terminal.
    fn for_stderr(&self, text: &str) -> String {
        if self.tty_err {
            // Each line of its own: a message's line breaks are kept.
            text.lines()
                .map(|line| tablemate::style::wrap(line, self.width.get(), "  "))
                .collect::<Vec<_>>()
                .join("\n")
        } else {
            text.to_string()
        }
    }

    fn help(&self, e: &AppError) {
        if let AppError::Usage(ce) = e {
            let text = ce.render().to_string();
            if self.json {
                // A JSON stream stays JSON: help is one more reply.
                #[derive(serde::Serialize)]
                struct Help<'a> {
                    r#type: &'static str,
                    data: HelpText<'a>,
                }
                #[derive(serde::Serialize)]
                struct HelpText<'a> {
                    text: &'a str,
                }
                let help = Help {
                    r#type: "help",
                    data: HelpText {
                        text: text.trim_end(),
                    },
                };
                write_out(&serde_json::to_string(&help).expect("help serialises"));
            } else {
                write_out(text.trim_end());
            }
        }
    }

    /// What the store asked to tell the player (on stderr, so that it
    /// never mixes with a command's output or its JSON).
    fn notes(&self, app: &mut App) {
        // Wrapped to the window as a reply's warnings are (a rule file's
        // problem named in a long line ran past a narrow terminal).
        for w in app.take_warnings() {
            eprintln!("{}", self.for_stderr(&w));
        }
    }

    /// In one-shot and script runs without `--seed`, say once which seed
    /// replays a random result.
    fn seed_note(&self, app: &App, r: &Reply, told: &mut bool) {
        if r.random && !self.seed_given && !self.json && !*told {
            let note = format!("(seed {}: replay with --seed {})", app.seed(), app.seed());
            eprintln!("{}", self.for_stderr(&note));
            *told = true;
        }
    }
}

/// Columns to wrap to: the terminal's (read again before each REPL
/// command, so a resized window rewraps), within 40..100; piped output
/// always wraps at 60 so that it is the same on every machine.
fn output_width() -> usize {
    let columns = || std::env::var("COLUMNS").ok()?.parse::<usize>().ok();
    // A pipe or a file gets a sentence a line, unless COLUMNS asks for a
    // width; layouts (tables, pictures) are drawn for a wide page.
    let piped = !io::stdout().is_terminal() && columns().is_none();
    tablemate::style::set_unwrapped(piped);
    if piped {
        return PIPED_LAYOUT_WIDTH;
    }
    if io::stdout().is_terminal() {
        terminal_size::terminal_size()
            .map(|(w, _)| w.0 as usize)
            .or_else(columns)
            .map_or(60, |c: usize| c.clamp(40, 100))
    } else {
        columns().map_or(60, |c| c.clamp(40, 100))
    }
}

/// The width layouts are drawn for when text goes to a pipe or a file.
const PIPED_LAYOUT_WIDTH: usize = 100;

/// Global options may come after the command in one-shot use
/// (`tablemate rules --json`): move them in front of it, so the command
/// sees only its own words. Nothing after `--` moves.
fn hoist_options(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    const FLAGS: [&str; 1] = ["--json"];
    const VALUED: [&str; 5] = ["--seed", "--color", "--colour", "--data", "--rules"];
    let takes_value = |a: &str| VALUED.contains(&a);
    let is_global = |a: &str| {
        FLAGS.contains(&a)
            || VALUED
                .iter()
                .any(|v| a.strip_prefix(v).is_some_and(|r| r.starts_with('=')))
            || takes_value(a)
    };
    let mut it = args.into_iter();
    let mut front: Vec<std::ffi::OsString> = it.next().into_iter().collect();
    // Options before the command stay where they are.
    let mut rest: Vec<std::ffi::OsString> = Vec::new();
    let mut in_command = false;
    while let Some(a) = it.next() {
        let text = a.to_string_lossy().into_owned();
        if !in_command {
            if takes_value(&text) {
                front.push(a);
                front.extend(it.next());
                continue;
            }
            if text.starts_with('-') {
                front.push(a);
                continue;
            }
            in_command = true;
        }
        if text == "--" {
            rest.push(a);
            rest.extend(it.by_ref());
            break;
        }
        if is_global(&text) {
            front.push(a);
            if takes_value(&text) {
                front.extend(it.next());
            }
            continue;
        }
        rest.push(a);
    }
    front.extend(rest);
    front
}

/// Write to stdout; a closed pipe (`| head`) ends the program quietly.
fn write_out(text: &str) {
    write_out_with(|out| out.write_all(text.as_bytes()));
}

/// Write one line; a closed pipe ends the program quietly.
fn write_out_with(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) {
    // A script's output waits for its rolls to be logged (`release`).
    if HELD.with(|h| h.borrow().is_some()) {
        HELD.with(|h| {
            if let Some(buf) = h.borrow_mut().as_mut() {
                let _ = write(buf);
                buf.push(b'\n');
            }
        });
        return;
    }
    let mut stdout = io::stdout().lock();
    if write(&mut stdout)
        .and_then(|_| stdout.write_all(b"\n"))
        .and_then(|_| stdout.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

fn one_shot(app: &mut App, out: &Printer, words: &[String]) -> u8 {
    let mut told = false;
    let result = app.run_words(words);
    out.notes(app);
    match result {
        Ok(r) => {
            out.reply(app, &r);
            out.seed_note(app, &r, &mut told);
            // `serve` started a server: it runs until the process is ended.
            let _ = io::stdout().flush();
            app.keep_serving();
            if r.failed { EXIT_FAILED } else { EXIT_OK }
        }
        Err(e) if e.is_help() => {
            out.help(&e);
            EXIT_OK
        }
        Err(e) => {
            out.error(&e, "");
            e.exit_code()
        }
    }
}

/// Most rolls a script holds before logging them and showing them.
const HOLD_ROLLS: usize = 1_000;
/// Most bytes of output a script holds before writing them.
const HOLD_BYTES: usize = 64 * 1024;

fn script(app: &mut App, out: &Printer) -> u8 {
    let mut failed = false;
    let mut told = false;
    // A reader of our own, whose buffer says whether a line waits.
    let mut input = io::BufReader::with_capacity(64 * 1024, io::stdin().lock());
    let mut n = 0;
    // Rolls are logged, and output written, a batch at a time: the log
    // first, so every roll shown is in the log. A batch ends where the
    // input waits (a program feeding lines one by one sees each answer),
    // at its size, and before anything goes to stderr.
    app.hold_rolls(true);
    hold_output(true);
    loop {
        n += 1;
        if input.buffer().is_empty() || app.rolls_held() >= HOLD_ROLLS || held_bytes() > HOLD_BYTES
        {
            release(app, out);
        }
        let line = match read_line(&mut input) {
            Line::End => break,
            Line::Text(l) => l,
            Line::Bad(why) => {
                eprintln!("line {n}: error: {why}; the line was skipped");
                failed = true;
                continue;
            }
            Line::Failed(e) => {
                eprintln!("line {n}: error: cannot read input: {e}");
                failed = true;
                break;
            }
        };
        let result = app.run_line(&line);
        // What goes to stderr follows what came before it on stdout.
        let loud = match &result {
            Ok(Some(r)) => !r.warnings.is_empty() || (r.random && !told),
            Ok(None) => false,
            Err(_) => true,
        };
        if loud || app.has_warnings() {
            release(app, out);
        }
        out.notes(app);
        match result {
            Ok(None) => {}
            Ok(Some(r)) => {
                out.reply(app, &r);
                out.seed_note(app, &r, &mut told);
                failed |= r.failed;
                if r.quit {
                    break;
                }
            }
            Err(e) if e.is_help() => {
                release(app, out);
                out.help(&e);
            }
            Err(e) => {
                out.error(&e, &format!("line {n}: "));
                failed = true;
            }
        }
    }
    release(app, out);
    app.hold_rolls(false);
    hold_output(false);
    out.notes(app);
    if failed { EXIT_FAILED } else { EXIT_OK }
}

/// Log the rolls held, then write the output held (in that order: a
/// roll is shown only once it is logged).
fn release(app: &mut App, out: &Printer) {
    app.log_held_rolls();
    out.notes(app);
    HELD.with(|h| {
        if let Some(held) = h.borrow_mut().as_mut().filter(|b| !b.is_empty()) {
            let mut stdout = io::stdout().lock();
            if stdout.write_all(held).and_then(|_| stdout.flush()).is_err() {
                std::process::exit(0);
            }
            held.clear();
        }
    });
}

thread_local! {
    /// Output held by a script until its rolls are logged (`release`).
    static HELD: std::cell::RefCell<Option<Vec<u8>>> = const { std::cell::RefCell::new(None) };
}

fn hold_output(on: bool) {
    HELD.with(|h| *h.borrow_mut() = on.then(Vec::new));
}

fn held_bytes() -> usize {
    HELD.with(|h| h.borrow().as_ref().map_or(0, Vec::len))
}

/// The longest script line read; a longer one is reported and skipped
/// rather than held in memory.
const MAX_LINE: u64 = 1 << 20;

enum Line {
    Text(String),
    /// A line that cannot be a command (not UTF-8, too long).
    Bad(String),
    End,
    Failed(io::Error),
}

/// One line of a script, without its line ending.
fn read_line(input: &mut impl BufRead) -> Line {
    let mut bytes = Vec::new();
    let mut limited = <&mut _ as std::io::Read>::take(&mut *input, MAX_LINE + 1);
    match limited.read_until(b'\n', &mut bytes) {
        Err(e) => return Line::Failed(e),
        Ok(0) => return Line::End,
        Ok(_) => {}
    }
    if bytes.last() != Some(&b'\n') && bytes.len() as u64 > MAX_LINE {
        // Skip the rest of the line, a buffer at a time.
        loop {
            let buf = match input.fill_buf() {
                Ok(b) => b,
                Err(e) => return Line::Failed(e),
            };
            if buf.is_empty() {
                break;
            }
            match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    input.consume(i + 1);
                    break;
                }
                None => {
                    let len = buf.len();
                    input.consume(len);
                }
            }
        }
        return Line::Bad(format!("longer than {} bytes", MAX_LINE));
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    match String::from_utf8(bytes) {
        Ok(s) => Line::Text(s),
        Err(_) => Line::Bad("not UTF-8 text".into()),
    }
}

fn repl(
    app: &mut App,
    out: &Printer,
    data_dir: &std::path::Path,
    rules_dir: Option<&std::path::Path>,
) -> u8 {
    // Lines are added to history by hand, so answers to questions
    // ("discard it? [y/N]") stay out of it.
    let config = Config::builder()
        .history_ignore_dups(true)
        .and_then(|b| b.history_ignore_space(true).max_history_size(5000))
        // Tab lists every candidate (then cycles), rather than cycling
        // through them unseen.
        .map(|b| b.completion_type(rustyline::CompletionType::List).build())
        .unwrap_or_default();
    let mut rl: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(rl) => rl,
        Err(e) => {
            eprintln!("error: cannot open the terminal: {e}");
            return EXIT_FAILED;
        }
    };
    rl.set_helper(Some(ReplHelper {
        hinter: HistoryHinter::new(),
        color: colored::control::SHOULD_COLORIZE.should_colorize(),
        rules: std::cell::OnceCell::new(),
        rules_dir: rules_dir.map(std::path::Path::to_path_buf),
        data_dir: data_dir.to_path_buf(),
    }));
    // Ctrl-C while a command computes stops the computation, not the
    // session (at the prompt, rustyline reads Ctrl-C as a key). On a
    // terminal without line editing (TERM=dumb) it no longer ends the
    // session either.
    if let Err(e) = ctrlc::set_handler(tablemate::cancel::request) {
        eprintln!("warning: Ctrl-C cannot be caught ({e}); it will end the session");
    }
    let history = data_dir.join("history.txt");
    // A history that cannot be read or written is said once, not ignored.
    let loaded = tablemate::own_file::private_dir(data_dir)
        .map_err(|e| e.to_string())
        .and_then(|()| usable_history(data_dir, &history))
        // The lines typed are the player's alone, as the store is.
        .and_then(|()| tablemate::own_file::private_file(&history).map_err(|e| e.to_string()))
        .and_then(|()| match rl.load_history(&history) {
            Ok(()) => Ok(()),
            Err(ReadlineError::Io(e)) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e.to_string()),
        });
    if let Err(e) = &loaded {
        eprintln!(
            "warning: cannot read history from {}: {e}; starting with none, and this session's lines are not kept",
            history.display()
        );
    }
    // A history that could not be read is not written either: it may not
    // be ours (a link out, a FIFO), or be damaged.
    let mut history_broken = loaded.is_err();
    println!(
        "tablemate {}, seed {}\n`help` lists commands; Ctrl-D or `quit` leaves",
        env!("CARGO_PKG_VERSION"),
        app.seed()
    );
    loop {
        match rl.readline("tm> ") {
            Ok(line) => {
                let _ = rl.add_history_entry(line.as_str());
                // Appending (not rewriting) keeps other sessions' lines.
                if !history_broken && let Err(e) = rl.append_history(&history) {
                    eprintln!(
                        "warning: cannot save history to {}: {e}; lines of this session will not be kept",
                        history.display()
                    );
                    history_broken = true;
                }
                tablemate::cancel::reset();
                let width = output_width();
                app.set_width(width);
                out.width.set(width);
                let result = app.run_line(&line);
                out.notes(app);
                match result {
                    Ok(None) => {}
                    Ok(Some(r)) => {
                        out.reply(app, &r);
                        if r.quit {
                            break;
                        }
                    }
                    Err(e) if e.is_help() => out.help(&e),
                    Err(AppError::Confirm { question, then }) => {
                        // The question wrapped to the terminal as any
                        // answer is (a long one broke inside a word at 40
                        // columns), then the short prompt.
                        println!("{}", tablemate::style::wrap(&question, width, "  "));
                        let yes = rl
                            .readline("[y/N] ")
                            .is_ok_and(|a| matches!(a.trim(), "y" | "Y" | "yes" | "YES" | "Yes"));
                        if !yes {
                            println!("(nothing changed)");
                            continue;
                        }
                        let result = app.run_words(&then);
                        out.notes(app);
                        match result {
                            Ok(r) => out.reply(app, &r),
                            Err(e) => out.error(&e, ""),
                        }
                    }
                    Err(AppError::MoreDice {
                        ask,
                        count: _,
                        mut before,
                        mut faces,
                        after,
                    }) => {
                        // The table rolls what the rules still need; its
                        // faces complete the line, until nothing is missing.
                        let mut ask = ask;
                        loop {
                            let added = match rl.readline(&format!("{ask}\nfaces> ")) {
                                Ok(a) if !a.trim().is_empty() => a,
                                _ => {
                                    println!("(roll left unfinished: nothing logged)");
                                    break;
                                }
                            };
                            let line = tablemate::app::more_line(&before, &faces, &added, &after);
                            let result = app.run_words(&line);
                            out.notes(app);
                            match result {
                                Ok(r) => out.reply(app, &r),
                                Err(AppError::MoreDice {
                                    ask: a,
                                    before: b,
                                    faces: f,
                                    ..
                                }) => {
                                    (ask, before, faces) = (a, b, f);
                                    continue;
                                }
                                // A face mistyped: the same dice are asked
                                // for again (an empty line leaves).
                                Err(e) => {
                                    out.error(&e, "");
                                    continue;
                                }
                            }
                            break;
                        }
                    }
                    Err(AppError::Entries(asking)) => ask_entries(&mut rl, app, out, &asking),
                    Err(e) => out.error(&e, ""),
                }
            }
            Err(ReadlineError::Interrupted) => {
                println!("(Ctrl-D or `quit` to leave)");
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("error: {e}");
                return EXIT_FAILED;
            }
        }
    }
    EXIT_OK
}

/// `pad ann` alone on a score sheet: each of ann's open categories asked
/// in turn, each answer checked as it comes (a mistyped one is asked
/// again), then the answers entered as one line: all or nothing, one step
/// to undo, one sheet printed; then each other player's, in seating order.
fn ask_entries(
    rl: &mut Editor<ReplHelper, DefaultHistory>,
    app: &mut App,
    out: &Printer,
    asking: &tablemate::sheet::asking::Asking,
) {
    use tablemate::sheet::asking::Answer;
    let width = out.width.get();
    for person in asking.everyone() {
        println!("{}", tablemate::style::wrap(&person.intro(), width, "  "));
        let mut answers = Vec::new();
        let mut stop = false;
        let mut i = 0;
        while i < person.categories.len() {
            let Ok(line) = rl.readline(&person.prompt(i, width)) else {
                println!("(none of {}'s entered)", person.player);
                return;
            };
            match person.answer(i, &line) {
                Ok(Answer::Skip) => i += 1,
                Ok(Answer::Done) => {
                    stop = true;
                    break;
                }
                Ok(Answer::Entry(words)) => {
                    answers.push((i, words));
                    i += 1;
                }
                Err(why) => out.error(&AppError::Invalid(why.0), ""),
            }
        }
        if answers.is_empty() {
            println!("(none of {}'s entered)", person.player);
        } else {
            let result = app.run_words(&person.line(&answers));
            out.notes(app);
            match result {
                Ok(r) => out.reply(app, &r),
                Err(e) => out.error(&e, ""),
            }
        }
        if stop {
            return;
        }
    }
}

/// Completion of command names and their fixed arguments, and hints from
/// history; no highlighting or validation.
struct ReplHelper {
    hinter: HistoryHinter,
    /// Colour is on: hints are dimmed.
    color: bool,
    /// The rule texts, read on the first Tab that needs a section name.
    rules: std::cell::OnceCell<tablemate::rules::Library>,
    rules_dir: Option<PathBuf>,
    /// Where the store is, for deck names (read when Tab asks for one).
    data_dir: PathBuf,
}

impl Completer for ReplHelper {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, mut words) = command::complete(&line[..pos]);
        if let Some(game) = command::wants_section(&line[..pos]) {
            let prefix = line[start..pos].to_lowercase();
            let lib = self
                .rules
                .get_or_init(|| tablemate::rules::Library::load(self.rules_dir.as_deref()));
            if let Ok(entry) = lib.find(&game) {
                words.extend(
                    entry
                        .sections
                        .iter()
                        .map(|s| s.id.clone())
                        .filter(|id| id.starts_with(&prefix)),
                );
            }
        }
        if command::wants_deck_name(&line[..pos]) {
            let prefix = line[start..pos].to_lowercase();
            let book = Store::new(self.data_dir.clone())
                .read(tablemate::store::decks)
                .unwrap_or_default();
            words.extend(
                book.decks
                    .into_iter()
                    .map(|d| d.name)
                    .filter(|n| n.to_lowercase().starts_with(&prefix)),
            );
        }
        if command::wants_file_name(&line[..pos]) {
            words.extend(file_names(&line[start..pos]));
        }
        Ok((
            start,
            words
                .into_iter()
                .map(|w| Pair {
                    display: w.clone(),
                    replacement: w,
                })
                .collect(),
        ))
    }
}

/// The files and folders (with `/`) whose path starts with `typed`,
/// for Tab after `replay` or `import`; hidden ones only when a dot is
/// typed. A folder that cannot be read offers nothing.
fn file_names(typed: &str) -> Vec<String> {
    let (folder, start) = match typed.rfind('/') {
        Some(i) => (&typed[..=i], &typed[i + 1..]),
        None => ("", typed),
    };
    let Ok(entries) = std::fs::read_dir(if folder.is_empty() { "." } else { folder }) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .take(10_000)
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            if !name.starts_with(start) || (name.starts_with('.') && !start.starts_with('.')) {
                return None;
            }
            let dir = e.file_type().is_ok_and(|t| t.is_dir());
            Some(format!("{folder}{name}{}", if dir { "/" } else { "" }))
        })
        .collect();
    names.sort();
    names
}

impl Hinter for ReplHelper {
    type Hint = String;
    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        if ctx.history().is_empty() {
            return None;
        }
        self.hinter.hint(line, pos, ctx)
    }
}

/// The history hint is dimmed (where colour is on), as rustyline's own
/// examples do, so it never looks like typed text.
impl Highlighter for ReplHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> std::borrow::Cow<'h, str> {
        if self.color {
            std::borrow::Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            std::borrow::Cow::Borrowed(hint)
        }
    }
}
impl Validator for ReplHelper {}
impl Helper for ReplHelper {}

/// Largest history file read: 5,000 lines of commands are far less.
const MAX_HISTORY: u64 = 1 << 20;

/// Whether the history file may be read and written: the data
/// directory's own regular file (or none yet), of a sane size.
fn usable_history(dir: &std::path::Path, path: &std::path::Path) -> Result<(), String> {
    tablemate::own_file::check(dir, path).map_err(|e| e.to_string())?;
    match std::fs::metadata(path) {
        Ok(m) if m.len() > MAX_HISTORY => Err(format!(
            "{} bytes, more than tablemate keeps ({} KiB)",
            m.len(),
            MAX_HISTORY >> 10
        )),
        _ => Ok(()),
    }
}
