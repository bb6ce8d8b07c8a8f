//! The program's own options (before or after the command) and the whole
//! command line as one clap definition, for shell completions and the
//! man page. The binary parses with `Cli`; the library generates from it.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{CommandFactory, Parser, ValueEnum};

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

/// A companion for games with real pieces: dice, shuffles, decks, setups,
/// scores and rules for the piecepack, cards and dominoes.
#[derive(Parser, Debug)]
#[command(name = "tablemate", version, about, long_about = None, term_width = 60)]
pub struct Cli {
    /// Start the generator from this seed (same seed, same results)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// When to colour the output (NO_COLOR also turns it off)
    #[arg(
        long,
        visible_alias = "colour",
        value_enum,
        value_name = "WHEN",
        default_value = "auto"
    )]
    pub color: ColorWhen,

    /// Print one JSON object per command instead of text
    #[arg(long)]
    pub json: bool,

    /// Where history and saved state live [or TABLEMATE_DATA]
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,

    /// Extra or overriding rule files (*.yaml) [or TABLEMATE_RULES]
    #[arg(long, value_name = "DIR")]
    pub rules: Option<PathBuf>,

    /// A command to run once, then exit (without one: REPL or script)
    #[arg(
        value_name = "COMMAND",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    pub command: Vec<String>,
}

impl Cli {
    /// The options of a line with none: every word after the program's
    /// name is the command (or there is none: REPL or script). Such a
    /// line, `tablemate roll 2d6`, is most of what is typed, and building
    /// clap's parser for it was a tenth of a one-shot's start-up (its
    /// code's page faults). `None` when a word could be an option (starts
    /// with `-`) or is not UTF-8: clap reads those, and says what is wrong.
    ///
    /// The global options in their plain forms (`--data DIR`, `--seed N`,
    /// `--json`, `--rules DIR`, `--color WHEN`, each also with `=`) are
    /// read here too: `tablemate --data ~/table roll 2d6` is as common,
    /// and built the whole parser for four words. Anything else, a value
    /// that does not read included, is left to clap.
    pub fn plain(args: &[OsString]) -> Option<Cli> {
        let mut cli = Cli {
            seed: None,
            color: ColorWhen::Auto,
            json: false,
            data: None,
            rules: None,
            command: Vec::new(),
        };
        let mut words = args.iter().skip(1).peekable();
        // An option given twice is clap's to refuse.
        let mut seen: Vec<&str> = Vec::new();
        while let Some(option) = words
            .peek()
            .and_then(|a| a.to_str())
            .filter(|w| w.starts_with("--"))
        {
            words.next();
            if option == "--json" {
                if cli.json {
                    return None;
                }
                cli.json = true;
                continue;
            }
            let (name, value) = match option.split_once('=') {
                Some((n, v)) => (n, OsString::from(v)),
                None => (option, words.next()?.clone()),
            };
            let same = if name == "--colour" { "--color" } else { name };
            if seen.contains(&same) {
                return None;
            }
            seen.push(same);
            match name {
                "--data" if !value.is_empty() => cli.data = Some(PathBuf::from(value)),
                "--rules" if !value.is_empty() => cli.rules = Some(PathBuf::from(value)),
                "--seed" => cli.seed = Some(value.to_str()?.parse().ok()?),
                "--color" | "--colour" => {
                    cli.color = match value.to_str()? {
                        "auto" => ColorWhen::Auto,
                        "always" => ColorWhen::Always,
                        "never" => ColorWhen::Never,
                        _ => return None,
                    }
                }
                _ => return None,
            }
        }
        cli.command = words
            .map(|a| a.to_str().filter(|w| !w.starts_with('-')).map(String::from))
            .collect::<Option<Vec<String>>>()?;
        Some(cli)
    }
}

/// A directory named by an environment variable's value, which the
/// binary reads (`TABLEMATE_DATA`, `TABLEMATE_RULES`) when its option is
/// not given: an empty value names none, as if unset.
pub fn dir_from_env(value: Option<OsString>) -> Option<PathBuf> {
    value.filter(|v| !v.is_empty()).map(PathBuf::from)
}

/// The whole program for documentation: the global options and every
/// command, as a shell sees them (`tablemate [OPTIONS] COMMAND ...`).
pub fn program() -> clap::Command {
    let globals = Cli::command();
    let mut program = clap::Command::new("tablemate")
        .about(globals.get_about().cloned().unwrap_or_default())
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand_required(false);
    for arg in globals.get_arguments().filter(|a| a.get_id() != "command") {
        program = program.arg(arg.clone());
    }
    for sub in crate::command::listed() {
        program = program.subcommand(sub);
    }
    program
}

/// A completion script for `shell`, written by clap_complete.
pub fn completions(shell: clap_complete::Shell) -> String {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut program(), "tablemate", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// The man page (roff), written by clap_mangen.
pub fn man_page() -> String {
    let mut out = Vec::new();
    clap_mangen::Man::new(program())
        .render(&mut out)
        .expect("writing to memory does not fail");
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    /// A line of plain words is read as clap reads it: the same options
    /// (none) and the same command.
    #[test]
    fn plain_words_are_read_as_clap_reads_them() {
        for line in [
            &["tablemate"][..],
            &["tablemate", "roll", "2d6"],
            &["tablemate", "prob", "1d20+5", "vs", "15"],
            &["tablemate", "prob", "4d6!kh3"],
            &["tablemate", "shuffle", "alice", "bob", "carol"],
            &["tablemate", "Roll", "3d6+1d4*2"],
        ] {
            let plain = Cli::plain(&args(line)).expect("plain words");
            let parsed = Cli::try_parse_from(args(line)).expect("clap reads it");
            assert_eq!(format!("{plain:?}"), format!("{parsed:?}"), "{line:?}");
        }
    }

    /// A word that could be an option but is none of the plain global
    /// options read by hand (`plain_tests`), or one that is not UTF-8, is
    /// clap's to read.
    #[test]
    fn a_word_like_an_option_goes_to_clap() {
        for line in [
            &["tablemate", "--jsn", "roll", "2d6"][..],
            &["tablemate", "roll", "-1"],
            &["tablemate", "-h"],
            &["tablemate", "roll", "2d6", "--seed", "3"],
        ] {
            assert!(Cli::plain(&args(line)).is_none(), "{line:?}");
        }
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            let odd = vec![OsString::from("tablemate"), OsString::from_vec(vec![0xff])];
            assert!(Cli::plain(&odd).is_none());
        }
    }

    #[test]
    fn an_empty_variable_names_no_directory() {
        assert_eq!(dir_from_env(None), None);
        assert_eq!(dir_from_env(Some(OsString::new())), None);
        assert_eq!(
            dir_from_env(Some(OsString::from("/tmp/t"))),
            Some(PathBuf::from("/tmp/t"))
        );
    }
}

/// Whether to colour output when `--color` is not given, as the
/// conventions read: `NO_COLOR` (any value) turns it off; else
/// `FORCE_COLOR` or `CLICOLOR_FORCE` (any value but empty or `0`) turns it
/// on even into a pipe; else a terminal gets colour unless `TERM=dumb`.
/// `var` reads the environment (a parameter, so the rule is tested
/// without changing the process's own).
pub fn colour_wanted(tty: bool, var: impl Fn(&str) -> Option<String>) -> bool {
    let set = |name: &str| var(name).is_some_and(|v| !v.is_empty() && v != "0");
    if var("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        return false;
    }
    if set("FORCE_COLOR") || set("CLICOLOR_FORCE") {
        return true;
    }
    tty && var("TERM").is_none_or(|t| t != "dumb")
}

#[cfg(test)]
mod colour_tests {
    use super::colour_wanted;

    fn with<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn the_colour_conventions() {
        assert!(colour_wanted(true, with(&[])));
        assert!(!colour_wanted(false, with(&[])));
        assert!(!colour_wanted(true, with(&[("TERM", "dumb")])));
        assert!(colour_wanted(false, with(&[("FORCE_COLOR", "1")])));
        assert!(colour_wanted(false, with(&[("CLICOLOR_FORCE", "1")])));
        assert!(!colour_wanted(false, with(&[("FORCE_COLOR", "0")])));
        assert!(colour_wanted(
            true,
            with(&[("TERM", "dumb"), ("FORCE_COLOR", "1")])
        ));
        assert!(!colour_wanted(
            true,
            with(&[("NO_COLOR", "1"), ("FORCE_COLOR", "1")])
        ));
        assert!(colour_wanted(true, with(&[("NO_COLOR", "")])));
    }
}

#[cfg(test)]
mod plain_tests {
    use super::*;

    fn argv(line: &str) -> Vec<OsString> {
        std::iter::once("tablemate")
            .chain(line.split_whitespace())
            .map(OsString::from)
            .collect()
    }

    /// What the fast path reads, it reads as clap does; what it cannot,
    /// it leaves to clap (which then says what is wrong).
    #[test]
    fn the_plain_line_reads_as_clap_reads_it() {
        for line in [
            "roll 2d6",
            "--data /tmp/t roll 2d6",
            "--data=/tmp/t --seed 3 --json roll 2d6",
            "--color never prob 3d6",
            "--colour=always --rules /r rules catwalk",
            "--json",
            "",
        ] {
            let fast = Cli::plain(&argv(line)).unwrap_or_else(|| panic!("{line}"));
            let slow = Cli::try_parse_from(argv(line)).unwrap();
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{line}");
        }
        for line in [
            "--data /a --data /b roll 2d6",
            "--json --json roll 2d6",
            "--seed x roll 2d6",
            "--seed -1 roll 2d6",
            "--color sometimes roll 2d6",
            "--colour never --color never roll",
            "--help",
            "--version",
            "--data",
            "--data= roll 2d6",
            "--json=1 roll 2d6",
            "-- roll 2d6",
            "roll -2",
        ] {
            assert!(Cli::plain(&argv(line)).is_none(), "{line}");
        }
    }
}
