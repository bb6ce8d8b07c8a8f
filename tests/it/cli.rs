//! Integration tests: run the real binary, one-shot and with piped scripts,
//! in a clean environment with a private data directory.

use tempfile::TempDir;

use super::common;

struct Env {
    data: TempDir,
}

impl Env {
    fn new() -> Env {
        Env {
            data: tempfile::tempdir().unwrap(),
        }
    }

    fn cmd(&self) -> assert_cmd::Command {
        common::command(self.data.path())
    }

    /// Run one command line; return (stdout, stderr, exit code).
    fn run(&self, args: &[&str]) -> (String, String, i32) {
        common::tm_in(self.data.path(), args)
    }

    fn script(&self, args: &[&str], input: &str) -> (String, String, i32) {
        let r = common::run(self.data.path(), args, Some(input));
        (r.out, r.err, r.code)
    }
}

#[test]
fn one_shot_runs_and_exits() {
    let env = Env::new();
    let (out, _, code) = env.run(&["--seed", "1", "flip", "2"]);
    assert_eq!(code, 0);
    // Seed 1's two coins, pinned (it asserted only "heads or tails").
    assert_eq!(out, "tails tails\n0 heads, 2 tails\n");
}

#[test]
fn seed_reproduces_across_processes() {
    let env = Env::new();
    let a = env.run(&["--seed", "42", "shuffle", "cards"]).0;
    let b = env.run(&["--seed", "42", "shuffle", "cards"]).0;
    let c = env.run(&["--seed", "43", "shuffle", "cards"]).0;
    assert_eq!(a, b);
    assert_ne!(a, c);
    let cards = a.lines().next().unwrap_or_default().to_string()
        + " "
        + a.lines().nth(1).unwrap_or_default()
        + " "
        + a.lines().nth(2).unwrap_or_default();
    assert_eq!(cards.split_whitespace().count(), 52, "{a}");
}

#[test]
fn pinned_shuffle_for_seed_1() {
    // A published seed or deal code must keep its meaning across builds
    // and machines (seeds changed once, in 0.2, when deal codes came).
    let env = Env::new();
    let out = env.run(&["--seed", "1", "shuffle", "tiles"]).0;
    assert_eq!(out, PINNED_TILES_SEED1);
    let by_code = env.run(&["shuffle", "tiles", "deal=CW4MST"]).0;
    assert_eq!(by_code, PINNED_TILES_SEED1);
}
const PINNED_TILES_SEED1: &str = "M4 S3 Aa Ma A5 C5 Mn Sa M2 S2 A2 C3 M3 Ca C4 S4 M5 S5 Sn A4\nCn A3 C2 An\ndeal CW4MST: `shuffle tiles deal=CW4MST` shuffles it again\n";

/// A deal code gives the same deal whatever ran before it; the session
/// seed gives a different one after other random commands.
#[test]
fn deal_codes_repeat_a_deal_after_anything() {
    let env = Env::new();
    let first = env.run(&["--seed", "5", "--json", "setup", "slide-jam"]).0;
    let v: serde_json::Value = serde_json::from_str(&first).unwrap();
    let code = v["data"]["deal"].as_str().unwrap().to_string();
    let grid = v["data"]["grid"].clone();
    let (out, err, _) = env.script(
        &["--seed", "9", "--json"],
        &format!("roll 1d6\nshuffle cards\nsetup slide-jam deal={code}\n"),
    );
    let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["data"]["grid"], grid, "{err}");
    assert_eq!(last["data"]["deal"], code.as_str());
    // The same for decks, with the code printed beside the result.
    let (out, _, _) = env.run(&["deck", "new", "bag", "tiles", "deal=CW4MST"]);
    assert!(
        out.contains("deal CW4MST: `deck new bag tiles deal=CW4MST` deals it again"),
        "{out}"
    );
    let (drawn, _, _) = env.run(&["draw", "bag", "3"]);
    assert!(drawn.starts_with("M4 S3 Aa"), "{drawn}");
    // A setup made only of what the player gave has no deal to repeat.
    let (out, _, _) = env.run(&["setup", "trampo-land", "die=3", "cast=4", "columns=1,2,3,4"]);
    assert!(!out.contains("deal "), "{out}");
    let (_, err, code) = env.run(&["setup", "slide-jam", "deal=K7Q2"]);
    assert_eq!(code, 1);
    assert!(err.contains("'K7Q2' is not a deal code"), "{err}");
}

#[test]
fn script_reports_failing_line_and_carries_on() {
    let env = Env::new();
    let (out, err, code) = env.script(
        &["--seed", "5"],
        "# setup\ndeck new bag tiles\nbogus 1\ndraw 2\n\ndraw bag 30\ndraw 1\n",
    );
    assert_eq!(code, 1, "a failed line makes the run fail");
    assert!(
        err.contains("line 3: error: 'bogus' is not a command: `help` lists them"),
        "{err}"
    );
    assert!(
        err.contains("line 6: error: deck 'bag' has only 22 left; asked for 30"),
        "{err}"
    );
    assert!(out.contains("(22 left in 'bag')"), "{out}");
    assert!(out.contains("(21 left in 'bag')"), "{out}");
    assert!(!out.contains("tm>"), "no prompt when piped");
}

#[test]
fn decks_persist_between_processes() {
    let env = Env::new();
    env.run(&["--seed", "9", "deck", "new", "hand", "cards"]);
    let first = env.run(&["draw", "hand", "5"]).0;
    let second = env.run(&["draw", "5"]).0;
    let a: Vec<&str> = first.lines().next().unwrap().split(' ').collect();
    let b: Vec<&str> = second.lines().next().unwrap().split(' ').collect();
    assert!(a.iter().all(|c| !b.contains(c)), "never dealt twice");
    let shown = env.run(&["deck", "show", "hand"]).0;
    assert!(shown.contains("42 left of 52"), "{shown}");
    env.run(&["deck", "return", "hand"]);
    assert!(env.run(&["deck"]).0.contains("52 left,   0 drawn"));
}

#[test]
fn empty_deck_is_an_error_not_a_panic() {
    let env = Env::new();
    env.run(&["deck", "new", "two", "x", "y"]);
    env.run(&["draw", "two", "2"]);
    let (_, err, code) = env.run(&["draw", "two"]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        "error: deck 'two' is empty: 2 drawn, none left (`deck return two` puts them back)"
    );
}

#[test]
fn damaged_deck_file_is_kept_aside() {
    let env = Env::new();
    std::fs::write(env.data.path().join("decks.json"), "{oops").unwrap();
    // A 0.1 state file that cannot be imported is set aside and reported;
    // the command goes on with an empty store.
    let (_, err, code) = env.run(&["deck"]);
    assert_eq!(code, 0);
    assert!(
        err.contains("could not be imported") && err.contains("decks.json.damaged-1"),
        "{err}"
    );
    assert!(env.data.path().join("decks.json.damaged-1").exists());
    let (out, _, code) = env.run(&["deck"]);
    assert_eq!(code, 0);
    assert!(out.contains("no decks yet"));
}

#[test]
fn json_lines_parse() {
    let env = Env::new();
    let (out, _, code) = env.script(
        &["--json", "--seed", "3"],
        "shuffle tiles\nflip 2\ncast 6\nnot-a-command\nseed\n",
    );
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["type"], "shuffle");
    assert_eq!(lines[0]["data"]["order"].as_array().unwrap().len(), 24);
    assert_eq!(lines[1]["data"]["tosses"].as_array().unwrap().len(), 2);
    assert_eq!(lines[3]["type"], "error");
    assert_eq!(lines[4]["data"]["seed"], 3);
}

#[test]
fn colour_follows_switches() {
    let env = Env::new();
    let coloured = env
        .run(&["--color", "always", "--seed", "1", "shuffle", "tiles"])
        .0;
    assert!(coloured.contains("\x1b["), "--color always colours");
    let plain = env.run(&["--seed", "1", "shuffle", "tiles"]).0;
    assert!(!plain.contains("\x1b["), "a pipe is not coloured");
    let out = env
        .cmd()
        .env("NO_COLOR", "1")
        .args(["--seed", "1", "shuffle", "tiles"])
        .output()
        .unwrap();
    assert!(!String::from_utf8(out.stdout).unwrap().contains("\x1b["));
    // #48: FORCE_COLOR and CLICOLOR_FORCE colour even a pipe; NO_COLOR
    // still wins; `--color never` wins over all.
    for (vars, args, coloured) in [
        (&[("FORCE_COLOR", "1")][..], &[][..], true),
        (&[("CLICOLOR_FORCE", "1")], &[], true),
        (&[("FORCE_COLOR", "0")], &[], false),
        (&[("FORCE_COLOR", "1"), ("NO_COLOR", "1")], &[], false),
        (&[("FORCE_COLOR", "1")], &["--color", "never"], false),
    ] {
        let mut c = env.cmd();
        for (k, v) in vars {
            c.env(k, v);
        }
        let out = c
            .args(args)
            .args(["--seed", "1", "shuffle", "tiles"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.contains("\x1b["), coloured, "{vars:?} {args:?}");
    }
}

#[test]
fn help_lists_commands_and_shows_usage() {
    let env = Env::new();
    let (out, _, code) = env.script(&[], "help\nshuffle --help\nhelp deck\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("shuffle") && out.contains("Shuffle pieces"),
        "{out}"
    );
    assert!(out.contains("Examples:\n  shuffle tiles"), "{out}");
    assert!(out.contains("deck new bag tiles"), "{out}");
    let (out, _, code) = env.run(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--seed") && out.contains("Commands"), "{out}");
}

#[test]
fn usage_errors_exit_2() {
    let env = Env::new();
    assert_eq!(env.run(&["flip", "lots"]).2, 2);
    assert_eq!(env.run(&["--color", "purple"]).2, 2);
    let (_, err, _) = env.run(&["flip", "lots"]);
    assert!(err.contains("'lots'"), "{err}");
}

#[test]
fn seed_command_restarts_generator() {
    let env = Env::new();
    let (out, _, _) = env.script(&[], "seed 77\nshuffle tiles\nseed 77\nshuffle tiles\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "seed 77: generator restarted");
    let n = (lines.len() - 2) / 2;
    assert_eq!(lines[1..1 + n], lines[2 + n..]);
}

// Every command's help examples run, in three tests (one took 12-17 s)
// that together name every command with examples.
#[test]
fn every_help_example_of_the_table_runs() {
    let count = help_examples_run(&[
        "shuffle", "deck", "draw", "flip", "cast", "roll", "prob", "rules", "seed",
    ]);
    assert!(count > 15, "{count} examples");
}

#[test]
fn every_help_example_of_the_games_runs() {
    let count = help_examples_run(&[
        "setup", "troll", "penguins", "score", "funhouse", "solve", "die", "move", "hint", "par",
        "slides", "rats",
    ]);
    assert!(count > 20, "{count} examples");
}

#[test]
fn every_help_example_of_saved_rolls_and_logs_runs() {
    let count = help_examples_run(&[
        "save", "saved", "unsave", "tally", "fair", "log", "luck", "stats",
    ]);
    assert!(count > 8, "{count} examples");
}

/// Runs each command's help examples after the state they rely on;
/// returns how many ran.
fn help_examples_run(commands: &[&str]) -> usize {
    let env = Env::new();
    // State some examples rely on: a deck called bag, a last roll, games.
    let prelude = "deck new bag tiles\nroll 1d6\nsave attack 1d20+5\ntally d20 4 9\nsetup troll\nsetup penguins players=2\n\
        setup slides players=2\nsetup lab-rats\n\
        funhouse new --discard\nsetup slide-jam\nsetup mirror\nsetup barrels\n";
    // `move` and `hint` follow the room in play: Roll Out the Barrels.
    let to_barrels = "score sj none\nscore mirror twins=12\nscore catwalk none\n";
    let mut count = 0;
    for &c in commands {
        let (help, _, _) = env.script(&[], &format!("help {c}\n"));
        let examples = help
            .split("Examples")
            .nth(1)
            .and_then(|e| e.split_once(":\n"))
            .map(|(_, e)| e)
            .unwrap_or_else(|| panic!("{c} has no examples"));
        // Examples "in order" play one game: each runs after those before.
        let cumulative = help.contains("in order):");
        let mut before = String::new();
        for line in examples.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let extra = if ["move", "hint", "par"].contains(&c) {
                to_barrels
            } else {
                ""
            };
            let (_, err, code) = env.script(
                &["--seed", "1"],
                &format!("{prelude}{extra}{before}{line}\n"),
            );
            if cumulative {
                before.push_str(&format!("{line}\n"));
            }
            assert_eq!(code, 0, "help {c} example `{line}` fails: {err}");
            assert!(line.len() <= 58, "help {c} example `{line}` is too wide");
            count += 1;
        }
    }
    count
}

#[test]
fn command_list_wraps_under_its_descriptions() {
    let (out, _, code) = common::tm(&["--help"]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "  cast      Cast piecepack coins: which land number up, and\n            the sum"
        ),
        "{out}"
    );
    for line in out.lines() {
        assert!(line.chars().count() <= 60, "{line}");
    }
}

/// Global options work after the command too, and `--colour` is `--color`.
#[test]
fn global_options_anywhere_in_one_shot_use() {
    let (out, err, code) = common::tm(&["rules", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(r#"{"type":"rules","data":{"#), "{out}");
    let (a, _, _) = common::tm(&["roll", "3d6", "--seed", "5"]);
    let (b, _, _) = common::tm(&["--seed", "5", "roll", "3d6"]);
    assert_eq!(a, b);
    let (_, err, code) = common::tm(&["--colour", "never", "flip"]);
    assert_eq!(code, 0, "{err}");
}

/// Mistakes are answered in plain words, nearest name first, with the
/// help a shell user can type.
#[test]
fn usage_errors_in_plain_words() {
    let (_, err, _) = common::tm(&["rol", "2d6"]);
    assert_eq!(
        err.trim_end(),
        "error: 'rol' is not a command (did you mean 'roll'?): `help` lists them"
    );
    let (_, err, _) = common::tm(&["flip", "0"]);
    assert!(
        err.starts_with("error: invalid value '0' for '[N]': flip tosses 1 to 1000 coins"),
        "{err}"
    );
    assert!(err.contains("try 'tablemate flip --help'"), "{err}");
    let (_, err, _) = common::tm(&["seed", "abc"]);
    assert!(err.contains("a seed is a whole number from 0 to"), "{err}");
    let (out, _, _) = common::tm(&["--json", "seed", "abc"]);
    assert!(
        out.starts_with(r#"{"type":"error","data":{"message":"invalid value 'abc'"#),
        "{out}"
    );
    assert!(!out.contains("Usage") && !out.contains("--help"), "{out}");
}

/// Completion scripts for the three common shells and the man page come
/// from the same command definitions as the parser.
#[test]
fn completions_and_man_page() {
    for (shell, marker) in [
        ("bash", "_tablemate()"),
        ("zsh", "#compdef tablemate"),
        ("fish", "complete -c tablemate"),
    ] {
        let (out, err, code) = common::tm(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        assert!(out.contains(marker), "{shell}");
        for word in ["roll", "prob", "setup", "seed", "json"] {
            assert!(out.contains(word), "{shell} lacks {word}");
        }
    }
    let (_, err, code) = common::tm(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{err}");
    let (out, _, code) = common::tm(&["man"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(".ie") && out.contains(".TH tablemate 1"),
        "{}",
        &out[..80]
    );
    assert!(out.contains("roll") && out.contains("\\-\\-seed"));
}

/// `deck use` picks the deck `draw` draws from; `deck show` alone shows it;
/// deck names may be in any language.
#[test]
fn deck_use_and_show_the_current_deck() {
    let env = Env::new();
    env.run(&["deck", "new", "café", "tiles"]);
    env.run(&["deck", "new", "bag", "cards"]);
    let (out, err, code) = env.run(&["deck", "use", "café"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim_end(),
        "deck 'café' is now the current deck: `draw` draws from it"
    );
    let (out, _, _) = env.run(&["deck", "show"]);
    assert!(
        out.starts_with("deck 'café' (tiles): 24 left of 24"),
        "{out}"
    );
    let (out, _, _) = env.run(&["draw", "1"]);
    assert!(out.contains("(23 left in 'café')"), "{out}");
    let (_, err, code) = env.run(&["deck", "use", "nope"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no deck named 'nope' (decks: café, bag)"),
        "{err}"
    );
    assert!(tablemate::command::wants_deck_name("draw "));
    assert!(tablemate::command::wants_deck_name("deck use ca"));
    assert!(!tablemate::command::wants_deck_name("draw bag "));
    // Section names come from the rule texts, not a fixed list.
    assert_eq!(
        tablemate::command::wants_section("rules catwalk s").as_deref(),
        Some("catwalk")
    );
    assert_eq!(tablemate::command::wants_section("rules search fl"), None);
    assert!(tablemate::command::complete("rules catwalk ").1.is_empty());
}

/// `cast 3` could be three coins or one 3-coin: it is refused with both
/// spellings, which work.
#[test]
fn cast_counts_and_values_cannot_be_confused() {
    let env = Env::new();
    let (_, err, code) = env.run(&["cast", "3"]);
    assert_eq!(code, 1);
    assert!(err.contains("`cast 3 coins` for the first 3"), "{err}");
    let (out, _, code) = env.run(&["--json", "cast", "3", "coins"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let n = v["data"]["up"].as_array().unwrap().len() + v["data"]["down"].as_array().unwrap().len();
    assert_eq!(n, 3);
    let (out, _, _) = env.run(&["--json", "cast", "S3"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let n = v["data"]["up"].as_array().unwrap().len() + v["data"]["down"].as_array().unwrap().len();
    assert_eq!(n, 1);
    let (_, _, code) = env.run(&["cast", "6"]);
    assert_eq!(code, 0);
}

/// Tab completes commands, kinds, games, settings and each game's words.
#[test]
fn completes_names_and_values() {
    assert_eq!(tablemate::command::complete("sh").1, vec!["shuffle"]);
    assert_eq!(
        tablemate::command::complete("shuffle do"),
        (8, vec!["dominoes".into(), "dominoes9".into()])
    );
    assert_eq!(
        tablemate::command::complete("deck new bag ti").1,
        vec!["tiles"]
    );
    assert!(
        tablemate::command::complete("deck ")
            .1
            .contains(&"return".to_string())
    );
    assert_eq!(tablemate::command::complete("setup cat").1, vec!["catwalk"]);
    assert_eq!(tablemate::command::complete("rules tro").1, vec!["troll"]);
    assert_eq!(
        tablemate::command::complete("rules ang").1,
        vec!["angry-troll"]
    );
    // Sections come from the rule texts (the REPL asks them).
    assert!(
        tablemate::command::complete("rules catwalk sc")
            .1
            .is_empty()
    );
    assert_eq!(
        tablemate::command::wants_section("rules catwalk sc").as_deref(),
        Some("catwalk")
    );
    assert_eq!(tablemate::command::complete("score ba").1, vec!["barrels"]);
    assert_eq!(
        tablemate::command::complete("score w").1,
        vec!["whack", "whack-a-dummy"]
    );
    assert_eq!(tablemate::command::complete("troll aw").1, vec!["awaken"]);
    assert_eq!(
        tablemate::command::complete("setup penguins players=3 v").1,
        vec!["variant=elbow-room"]
    );
    assert_eq!(
        tablemate::command::complete("setup trampoland c").1,
        vec!["cast=", "columns="]
    );
}

/// Help's prose wraps once, to the window: at 40, 60 and 100 columns
/// every line of a paragraph but its last is filled to within a word of
/// the width. Written wrapped by hand and wrapped again by clap, `help
/// replay` at 40 columns ran "whole game: .ppn" then "(piecepackr's
/// notation, setup and", and every other line was cut short so.
#[test]
fn help_prose_wraps_once_at_every_width() {
    for width in [40, 60, 100] {
        for name in ["replay", "serve", "roll", "save", "undo", "fair", "games"] {
            let words = vec!["help".to_string(), name.to_string()];
            let Err(e) = tablemate::command::parse_at(&words, width) else {
                panic!("help {name} gave no help");
            };
            let text = e.to_string();
            let lines: Vec<&str> = text.lines().collect();
            for pair in lines.windows(2) {
                let (line, next) = (pair[0], pair[1]);
                let prose = |l: &str| !l.trim().is_empty() && !l.starts_with(' ');
                // A line of prose followed by more of it, its paragraph
                // not ended, should have been filled with the next word.
                if prose(line) && prose(next) && !line.trim_end().ends_with(['.', ':', '?', '!']) {
                    let room = width - line.chars().count();
                    let word = next.split_whitespace().next().unwrap_or("");
                    assert!(
                        word.chars().count() + 1 > room,
                        "help {name} at {width}: '{line}' leaves room for '{word}'\n{text}"
                    );
                }
            }
        }
    }
}

/// The binary with no option on its line: the saved state's folder and the
/// rule texts come from TABLEMATE_DATA and TABLEMATE_RULES; an option
/// given wins over its variable, and an empty variable is as if unset.
fn plain(data: Option<&std::path::Path>, home: &std::path::Path) -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_tablemate"));
    c.env_clear()
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("xdg"));
    if let Some(d) = data {
        c.env("TABLEMATE_DATA", d);
    }
    c
}

#[test]
fn folders_come_from_the_environment_on_a_plain_line() {
    let home = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let other = tempfile::tempdir().unwrap();
    let log = |dir: &std::path::Path| dir.join("rolls.log").exists();
    // A plain line (no option): the variable's folder.
    let out = common::output(plain(Some(data.path()), home.path()).args(["roll", "2d6"]));
    assert!(out.status.success(), "{out:?}");
    assert!(log(data.path()), "no roll log in TABLEMATE_DATA");
    // With an option on the line, the option's folder.
    let out = common::output(
        plain(Some(data.path()), home.path())
            .args(["roll", "2d6", "--data"])
            .arg(other.path()),
    );
    assert!(out.status.success(), "{out:?}");
    assert!(log(other.path()), "--data did not win over TABLEMATE_DATA");
    // Empty: the user's data folder, not an error about --data.
    let out = common::output(
        plain(None, home.path())
            .env("TABLEMATE_DATA", "")
            .env("TABLEMATE_RULES", "")
            .args(["roll", "2d6"]),
    );
    assert!(out.status.success(), "{out:?}");
    assert!(log(&home.path().join("xdg/tablemate")), "{out:?}");
    // Rule texts from TABLEMATE_RULES on a plain line.
    let rules = tempfile::tempdir().unwrap();
    std::fs::write(rules.path().join("broken.yaml"), "id: [unclosed").unwrap();
    let out = common::output(
        plain(Some(data.path()), home.path())
            .env("TABLEMATE_RULES", rules.path())
            .args(["rules"]),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("broken.yaml"),
        "TABLEMATE_RULES not read: {err}"
    );
}

/// Started with its output closed (`tablemate serve >&- &`, to keep a
/// server in the background), the program still serves: the closed
/// stream is opened on /dev/null, so the server's socket does not take
/// its number and have the address printed into it (which failed, and the
/// server ended at once).
#[test]
fn a_server_started_with_its_output_closed_serves() {
    use std::io::{Read, Write};
    let data = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut owned = common::owned::spawn(
        std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" serve --port {port} >&-"))
            .arg(env!("CARGO_BIN_EXE_tablemate"))
            .env("TABLEMATE_DATA", data.path())
            .env_remove("TABLEMATE_RULES")
            .stderr(std::process::Stdio::null()),
    )
    .unwrap();
    let child = &mut owned.child;
    let page = (0..100).find_map(|_| {
        std::thread::sleep(std::time::Duration::from_millis(100));
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
        let _ = s.set_read_timeout(Some(std::time::Duration::from_secs(5)));
        s.write_all(format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").as_bytes())
            .ok()?;
        let mut answer = String::new();
        let _ = s.read_to_string(&mut answer);
        answer.starts_with("HTTP/1.1 200").then_some(answer)
    });
    let ended = child.try_wait().unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        page.is_some(),
        "no page served; the server ended: {ended:?}"
    );
}

/// `roll 20000x1d6 | head -1`: the reader leaves early, and the program
/// ends quietly with status 0, not killed by SIGPIPE nor with a message.
#[test]
fn a_reader_that_leaves_early_ends_the_program_quietly() {
    use std::io::BufRead;
    let data = tempfile::tempdir().unwrap();
    let mut child = common::std_command(data.path())
        .args(["roll", "20000x1d6"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    // (A 20,000-line roll writes far more than a pipe holds: the first
    // line is there at once.)
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("    1: 1d6 ["), "{first}");
    let out = common::wait::collect_within(child, common::wait::COMMAND, "`roll 20000x1d6`");
    assert_eq!(out.status.code(), Some(0), "{:?}", out.status);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// A one-shot `serve` says how it ends: Ctrl-C, since it has no prompt
/// for `serve stop` (#45: it said "`serve stop` ends it").
#[test]
fn a_one_shot_server_says_ctrl_c_ends_it() {
    let data = tempfile::tempdir().unwrap();
    let mut owned = common::owned::spawn(
        common::std_command(data.path())
            .args(["serve", "--port", "0"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null()),
    )
    .unwrap();
    let child = &mut owned.child;
    let out = common::wait::Lines::new(child.stdout.take().unwrap(), "`serve`'s output");
    // Up to and including the line that says how it ends (reading on
    // would wait for the server to say more, which it never does).
    let lines: Vec<String> = out.until("ends it").lines().map(String::from).collect();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        lines[0].starts_with("the table is shown at http://127.0.0.1:"),
        "{lines:?}"
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Ctrl-C ends it"),
        "{lines:?}"
    );
}

/// `help rol` names `rol` and suggests `roll` (#45: it said "'help' is
/// not a command").
#[test]
fn help_of_a_mistyped_command_names_it() {
    let (out, err, code) = common::tm(&["help", "rol"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert_eq!(
        err,
        "error: 'rol' is not a command (did you mean 'roll'?): `help` lists them\n"
    );
    let (_, err, _) = common::tm(&["help", "deck", "neww"]);
    assert_eq!(
        err,
        "error: 'neww' is not a deck action (did you mean 'new'?): `deck --help` lists them\n"
    );
}

/// Output to a pipe or a file is a sentence a line (issue #45: `solve
/// whack ... | cat` split `score` from `10`), unless COLUMNS asks for a
/// width; a terminal is wrapped to its window as before.
#[test]
fn a_pipe_gets_unwrapped_lines_unless_columns_asks() {
    let dir = tempfile::tempdir().unwrap();
    let words = ["rules", "catwalk", "scoring"];
    let mut c = common::command(dir.path());
    c.env_remove("COLUMNS").args(words);
    let out = String::from_utf8(c.output().unwrap().stdout).unwrap();
    let long = out.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(long > 60, "a line longer than 60 columns, unwrapped: {out}");
    let again = common::run(dir.path(), &words, None).out;
    assert!(
        again.lines().all(|l| l.chars().count() <= 60),
        "COLUMNS=60 wraps: {again}"
    );
    // The same words either way.
    let words_of = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(words_of(&out), words_of(&again));
}
