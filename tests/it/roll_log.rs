//! The roll log: every roll kept, across processes, and what `log` and
//! `fair --log` make of it. The real binary, in private data directories.

use std::process::Stdio;

use super::common;
use common::{run, tm_in};

fn entries(data: &std::path::Path) -> Vec<serde_json::Value> {
    let (out, err, code) = tm_in(data, &["--json", "log", "10000"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["data"]["entries"].as_array().unwrap().clone()
}

#[test]
fn every_roll_is_logged_with_its_seed_and_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // One session: two rolls, the second further into the seed's stream.
    let r = run(
        d,
        &["--seed", "3"],
        Some("roll 1d20+5 # sword\nroll 4d6kh3 x3\nroll d6, d8\n"),
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let log = entries(d);
    assert_eq!(log.len(), 4, "{log:?}");
    assert_eq!(log[0]["expr"], "1d20+5");
    assert_eq!(log[0]["note"], "sword");
    assert_eq!(log[0]["seed"], 3);
    assert_eq!(log[0]["draw"], 0);
    assert_eq!(log[0]["shown"], "1d20 [13] + 5 = 18  # sword");
    assert_eq!(log[0]["totals"], serde_json::json!([18]));
    // Repeats: the expression without them, each total kept.
    assert_eq!(log[1]["expr"], "4d6kh3");
    assert_eq!(log[1]["repeats"], 3);
    assert_eq!(log[1]["totals"].as_array().unwrap().len(), 3);
    assert!(log[1]["draw"].as_u64().unwrap() >= 1);
    assert_eq!(log[2]["expr"], "d6");
    assert_eq!(log[3]["expr"], "d8");
    // The first roll of a seed comes again from that seed.
    let (out, _, _) = tm_in(d, &["--seed", "3", "roll", "1d20+5 # sword"]);
    assert_eq!(out.trim_end(), log[0]["shown"]);
    // The text: the age, then the roll as shown; repeats as totals.
    let (out, _, _) = tm_in(d, &["log", "2", "4d6kh3"]);
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("just now  3x4d6kh3: "), "{out}");
    let (out, _, _) = tm_in(d, &["log", "3"]);
    assert!(
        out.ends_with("the last 3 of 5 logged rolls: `log 5` shows them all\n"),
        "{out}"
    );
}

#[test]
fn processes_rolling_at_once_each_add_a_whole_entry() {
    let dir = tempfile::tempdir().unwrap();
    let children: Vec<_> = (0..40)
        .map(|i| {
            common::std_command(dir.path())
                .args(["roll", &format!("{}d6 # p{i}", i % 5 + 1)])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut c in children {
        let status = crate::common::wait::exit_within(
            &mut c,
            crate::common::wait::COMMAND,
            "one of the processes at once",
        );
        assert!(status.success());
    }
    let log = entries(dir.path());
    assert_eq!(log.len(), 40);
    let mut notes: Vec<String> = log
        .iter()
        .map(|e| e["note"].as_str().unwrap().to_string())
        .collect();
    notes.sort();
    notes.dedup();
    assert_eq!(notes.len(), 40, "every process's roll, once");
    // Plain rolls still open no database.
    assert!(!dir.path().join("tablemate.db").exists());
}

#[test]
fn log_clear_asks_and_fair_tests_the_logged_rolls() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (_, err, code) = tm_in(d, &["fair", "2d6", "--log"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no 2d6 rolls in the log: `roll 2d6` adds them"),
        "{err}"
    );
    tm_in(d, &["--seed", "9", "roll", "600x2d6"]);
    tm_in(d, &["roll", "d20"]);
    // Only the 2d6 rolls are tested; the flag may come first or last.
    for args in [["fair", "2d6", "--log"], ["fair", "--log", "2d6"]] {
        let (out, err, code) = tm_in(d, &args);
        assert_eq!(code, 0, "{err}");
        assert!(
            out.starts_with("2d6: 600 results in the roll log\n"),
            "{out}"
        );
        assert!(out.contains("no sign of bias"), "{out}");
    }
    // The tally is another matter.
    let (_, err, _) = tm_in(d, &["fair", "2d6"]);
    assert!(err.contains("no 2d6 results tallied"), "{err}");
    // Clearing asks first; a one-shot is refused, and --yes goes ahead.
    let (_, err, code) = tm_in(d, &["log", "clear"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "forget all 2 logged rolls? (this cannot be undone) (`log clear --yes` to go ahead)"
        ),
        "{err}"
    );
    assert_eq!(entries(d).len(), 2);
    let (out, _, _) = tm_in(d, &["log", "clear", "--yes"]);
    assert_eq!(out, "forgot 2 logged rolls\n");
    let (out, _, _) = tm_in(d, &["log"]);
    assert_eq!(out, "no rolls in the log yet: `roll 2d6` adds one\n");
    // Bad words name themselves.
    let (_, err, code) = tm_in(d, &["log", "0"]);
    assert_eq!(code, 1);
    assert!(err.contains("'0': show 1 or more rolls"), "{err}");
    // A count past anything the log holds shows it all.
    tm_in(d, &["roll", "d6"]);
    let (out, _, code) = tm_in(d, &["log", "99999999999999999999999"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("just now  d6 ["), "{out}");
    let (_, err, _) = tm_in(d, &["log", "lots"]);
    assert!(
        err.contains(
            "`log` takes a count, an expression, a player who rolled (`roll 2d6 as ben`), `verify` or `clear`"
        ),
        "{err}"
    );
}

#[test]
fn a_log_that_cannot_be_written_never_stops_a_roll() {
    let dir = tempfile::tempdir().unwrap();
    // The data "directory" is a file: nothing can be written under it.
    let data = dir.path().join("file");
    std::fs::write(&data, "not a directory").unwrap();
    let r = run(&data, &["--seed", "3"], Some("roll d20\nroll d20\n"));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.out.lines().count(), 2, "{}", r.out);
    // Said once a session, not at every roll.
    assert_eq!(
        r.err.matches("could not be written").count(),
        1,
        "{}",
        r.err
    );
    assert_eq!(std::fs::read_to_string(&data).unwrap(), "not a directory");
}

/// The log is a hash chain: `log verify` follows it, finds a changed
/// entry at the one after it, and rolls made by many processes at once
/// still link each to the line truly before it.
#[test]
fn the_log_is_a_chain_nobody_can_doctor() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| common::run(d, args, None);
    assert_eq!(run(&["log", "verify"]).out, "the roll log is empty\n");
    // Twenty rolls at once, from twenty processes.
    let children: Vec<_> = (0..20)
        .map(|_| {
            common::std_command(d)
                .args(["roll", "2d6"])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut c in children {
        let status = crate::common::wait::exit_within(
            &mut c,
            crate::common::wait::COMMAND,
            "one of the processes at once",
        );
        assert!(status.success());
    }
    let intact = run(&["log", "verify"]);
    assert_eq!(intact.code, 0);
    assert!(
        intact.out.starts_with(
            "the roll log is intact: 20 rolls linked, each to the one\n  before\n\
             the dice of all 20 rolled again from their seeds came up as\n  logged\n\
             chain head "
        ),
        "{}",
        intact.out
    );
    let v: serde_json::Value =
        serde_json::from_str(&run(&["--json", "log", "verify"]).out).unwrap();
    assert_eq!(v["data"]["linked"], 20);
    assert_eq!(v["data"]["broken"], serde_json::Value::Null);
    // A total changed in the 7th entry: found at the 8th.
    let path = d.join("rolls.log");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let e: serde_json::Value = serde_json::from_str(&lines[6]).unwrap();
    let total = e["totals"][0].as_i64().unwrap();
    lines[6] = lines[6].replace(
        &format!("\"totals\":[{total}]"),
        &format!("\"totals\":[{}]", if total == 12 { 2 } else { 12 }),
    );
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let broken = run(&["log", "verify"]);
    // #44: it said NOT intact and exited 0.
    assert_eq!(broken.code, 1);
    let out = broken.out;
    assert!(
        out.starts_with(
            "the roll log is NOT intact: entry 8 of 20 (2d6, just now)\n  does not follow entry 7"
        ),
        "{out}"
    );
    let fair = run(&["fair", "2d6", "--log"]).out;
    assert!(
        fair.contains("the roll log is NOT intact from entry 8"),
        "{fair}"
    );
    // Taking a line out is found too.
    lines.remove(12);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let v: serde_json::Value =
        serde_json::from_str(&run(&["--json", "log", "verify"]).out).unwrap();
    assert_eq!(
        v["data"]["broken"]["entry"], 8,
        "the first break is still said"
    );
}

/// A roll edited and every later link recomputed passes the chain (as
/// anyone who rewrites the whole file can make it), but not the dice:
/// the entry's own seed rolls what it rolled (#44: it passed as intact).
#[test]
fn a_roll_forged_with_its_links_is_found_by_its_seed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| common::run(d, args, None);
    for expr in ["2d6", "3d6+2", "6x4d6kh3", "pbta+1", "genesys 2a1p 2d1c"] {
        assert_eq!(run(&["--seed", "5", "roll", expr]).code, 0, "{expr}");
    }
    let path = d.join("rolls.log");
    let mut lines: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    // Each one-shot's `--seed 5` is logged as a seed chosen before its
    // roll. 3d6+2 rolled 15 at seed 5 (its first roll); now it says 99.
    assert_eq!(lines.len(), 10);
    let mut e: serde_json::Value = serde_json::from_str(&lines[3]).unwrap();
    assert_eq!(e["expr"], "3d6+2");
    let logged = e["totals"][0].as_i64().unwrap();
    e["totals"] = serde_json::json!([99]);
    lines[3] = e.to_string();
    for i in 2..lines.len() {
        let mut e: serde_json::Value = serde_json::from_str(&lines[i]).unwrap();
        e["prev"] = tablemate::roll_log::link(&lines[i - 1]).into();
        lines[i] = e.to_string();
    }
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let r = run(&["log", "verify"]);
    assert_eq!(r.code, 1, "{}", r.out);
    // One verdict first (#77): links that hold, a log that does not.
    let said: String = r.out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.starts_with("the roll log does NOT prove out: an entry says what its roll cannot have been (below) its links hold: 5 rolls and 5 seeds chosen linked"),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            "the dice of entry 4 (3d6+2, just now) do NOT follow from its seed: logged 99, its seed rolls {logged}"
        )),
        "{said}"
    );
}

/// `roll 2d6 as ben` logs who rolled: `log ben` (typed however) lists
/// their rolls, every view names them, and the chain and the seeds still
/// check (#47, the roll log's part).
#[test]
fn a_roll_as_a_player_is_theirs_in_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ok = |args: &[&str]| common::run_out(d, args);
    assert_eq!(
        ok(&["--seed", "1", "roll", "2d6", "as", "ben"]),
        "2d6 [3, 1] = 4\n"
    );
    assert_eq!(
        ok(&["--seed", "2", "roll", "1d20+5", "as", "Zoë Lee"]),
        "1d20 [18] + 5 = 23\n"
    );
    ok(&["--seed", "3", "roll", "3d6"]);
    let log = ok(&["log", "ben"]);
    assert_eq!(log, "just now  ben: 2d6 [3, 1] = 4\n");
    let log = ok(&["log", "zoe lee"]);
    assert_eq!(log, "just now  Zoë Lee: 1d20 [18] + 5 = 23\n");
    let all = ok(&["--json", "log"]);
    let v: serde_json::Value = serde_json::from_str(&all).unwrap();
    let by: Vec<&str> = v["data"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["by"].as_str().unwrap_or("-"))
        .collect();
    assert_eq!(by, ["ben", "Zoë Lee", "-"]);
    let view = tablemate::serve::view::build(&tablemate::store::Store::new(d), d);
    let view = serde_json::to_value(&view).unwrap();
    assert_eq!(view["rolls"][1]["by"], "Zoë Lee", "{view}");
    assert_eq!(view["rolls"][2]["by"], "ben", "{view}");
    assert_eq!(run(d, &["log", "verify"], None).code, 0);
    // `as` inside a note is the note's; a bad name is refused, unrolled.
    ok(&["roll", "1d6", "#", "sneak", "as", "ben"]);
    let r = run(d, &["roll", "2d6", "as"], None);
    assert_eq!(
        r.err,
        "error: 'as' takes who rolled, after the dice: roll 2d6 as ben (quote a name with spaces)\n"
    );
    let r = run(d, &["roll", "2d6", "as", " x"], None);
    assert_eq!(r.code, 1);
    assert!(r.err.contains("' x' cannot name who rolled"), "{}", r.err);
    assert_eq!(ok(&["log", "ben"]).lines().count(), 1);
}

/// #57 item 2: `log verify` checks each line against what its seed rolls
/// and where: an edit that keeps the chain (every link after it made
/// again) is still found when the dice shown are not the seed's, a line
/// is copied (its seed's place used twice), or two lines are swapped.
#[test]
fn log_verify_finds_edits_the_rebuilt_chain_would_hide() {
    use super::secret_rolls::forge;
    let fresh = || {
        let dir = tempfile::tempdir().unwrap();
        let r = common::run(dir.path(), &[], Some("roll 2d6\nroll 2d6\nroll 1d20\n"));
        assert_eq!(r.code, 0, "{}", r.err);
        let v = common::run(dir.path(), &["log", "verify"], None);
        assert_eq!(v.code, 0, "{}", v.out);
        dir
    };
    let verify = |d: &std::path::Path| {
        let v = common::run(d, &["log", "verify"], None);
        (v.code, v.out.replace("\n  ", " "))
    };
    // The dice shown changed, the total kept.
    let dir = fresh();
    forge(dir.path(), |e| {
        if e["expr"] != "1d20" {
            return false;
        }
        let total = e["totals"][0].as_i64().unwrap();
        e["shown"] = format!("1d20 [{total}] = {total} ").into();
        true
    });
    let (code, out) = verify(dir.path());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("entry 3 was edited: its dice are shown as 1d20 ["),
        "{out}"
    );
    // The expression changed to no roll at all (`1d2O`).
    let dir = fresh();
    forge(dir.path(), |e| {
        if e["expr"] != "1d20" {
            return false;
        }
        e["expr"] = "1d2O".into();
        true
    });
    let (code, out) = verify(dir.path());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("entry 3 was edited: its expression '1d2O' reads as no roll tablemate makes"),
        "{out}"
    );
    // A line copied: the chain rebuilt around it.
    let dir = fresh();
    let log = dir.path().join("rolls.log");
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(
        &log,
        format!("{}\n{}\n{}\n{}\n", lines[0], lines[1], lines[1], lines[2]),
    )
    .unwrap();
    forge(dir.path(), |_| true);
    let (code, out) = verify(dir.path());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("entry 3 was edited: it rolls from its seed where entry 2 rolled already: a line was copied or moved"),
        "{out}"
    );
    // Two lines swapped.
    let dir = fresh();
    let log = dir.path().join("rolls.log");
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(&log, format!("{}\n{}\n{}\n", lines[0], lines[2], lines[1])).unwrap();
    forge(dir.path(), |_| true);
    let (code, out) = verify(dir.path());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("entry 3 was edited: it rolls from its seed where entry 2 rolled already"),
        "{out}"
    );
}

/// #63 item 4: a script's rolls are logged a batch at a time, always
/// before they are shown: a piped run killed (SIGKILL) at any point has
/// every roll it showed in the log, and the chain holds.
#[test]
fn a_piped_run_killed_mid_way_showed_only_rolls_it_had_logged() {
    use std::io::Write;
    use std::process::Stdio;
    for shown_before_kill in [1usize, 700, 2500] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let mut child = crate::common::std_command(d)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let feeder = std::thread::spawn(move || {
            for _ in 0..200 {
                let lines = "roll 3d6\n".repeat(1000);
                if stdin.write_all(lines.as_bytes()).is_err() {
                    return;
                }
            }
        });
        let out = crate::common::wait::Lines::new(child.stdout.take().unwrap(), "the piped run");
        let mut shown = Vec::new();
        while shown.len() < shown_before_kill {
            let Some(line) = out.next() else {
                break;
            };
            shown.push(line.trim_end().to_string());
        }
        child.kill().unwrap();
        // What was written before the kill may still be in the pipe.
        let rest = out.rest_within(crate::common::wait::LINE);
        shown.extend(rest.lines().map(str::to_string));
        child.wait().unwrap();
        let _ = feeder.join();
        let log = std::fs::read_to_string(d.join("rolls.log")).unwrap_or_default();
        let logged: std::collections::HashSet<String> = log
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .map(|v| v["shown"].as_str().unwrap().to_string())
            .collect();
        let lines_logged = log.lines().count();
        assert!(shown.len() >= shown_before_kill.min(1));
        for s in &shown {
            assert!(logged.contains(s), "shown but not logged: {s}");
        }
        // Every roll shown is logged, at least as many lines as shown.
        assert!(
            lines_logged >= shown.len(),
            "{lines_logged} < {}",
            shown.len()
        );
        let (out, err, code) = crate::common::tm_in(d, &["log", "verify"]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.starts_with("the roll log is intact: "), "{out}");
        // The next roll links on, whatever the kill left.
        assert_eq!(crate::common::tm_in(d, &["roll", "1d6"]).2, 0);
        let (out, _, code) = crate::common::tm_in(d, &["log", "verify"]);
        assert_eq!(code, 0, "{out}");
        assert!(!out.contains("cut short"), "{out}");
    }
}

/// A log whose last line was cut short (a kill as it wrote): `log verify`
/// leaves the line out and says so, and the next roll takes it off.
#[test]
fn a_cut_last_line_is_left_out_and_taken_off_by_the_next_roll() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for _ in 0..3 {
        assert_eq!(crate::common::tm_in(d, &["roll", "2d6"]).2, 0);
    }
    let path = d.join("rolls.log");
    let mut log = std::fs::read(&path).unwrap();
    log.extend_from_slice(b"{\"at\":17,\"expr\":\"2d6\",\"se");
    std::fs::write(&path, &log).unwrap();
    let (out, _, code) = crate::common::tm_in(d, &["log", "verify"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.replace("\n  ", " ").contains("the roll log is intact: 3 rolls linked, each to the one before; its last line was cut short as tablemate was stopped (that roll was never shown), and is left out"),
        "{out}"
    );
    assert_eq!(crate::common::tm_in(d, &["roll", "2d6"]).2, 0);
    let (out, _, _) = crate::common::tm_in(d, &["log", "verify"]);
    assert!(
        out.starts_with("the roll log is intact: 4 rolls linked"),
        "{out}"
    );
    assert!(!out.contains("cut short"), "{out}");
}

/// #77 item 3: a seed chosen at the table again is no forgery. The
/// README's tour starts with `seed 1`: `seed 1`, a roll, `seed 1`, the
/// same roll, and `log verify` says the log is sound and that those rolls
/// were repeatable, not random (it said "entry 2 was edited"). A line
/// copied in the middle of a chosen seed's run is still found.
#[test]
fn a_seed_chosen_again_is_repeatable_not_forged() {
    use super::secret_rolls::forge;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let r = common::run(
        d,
        &[],
        Some("seed 1\nroll 2d6\nroll 3d6\nseed 1\nroll 2d6\nroll 3d6\nroll 1d20\n"),
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let v = common::run(d, &["log", "verify"], None);
    let said = v.out.replace("\n  ", " ");
    assert_eq!(v.code, 0, "{said}");
    assert!(!said.contains("edited"), "{said}");
    assert!(
        said.starts_with(
            "the roll log is intact: 5 rolls and 2 seeds chosen linked, each to the one before\n"
        ),
        "{said}"
    );
    assert!(
        said.contains("\nthe dice of all 5 rolled again from their seeds came up as logged\nrepeatable, not random: 5 rolls came from seed 1 chosen at the table just now, again just now: anyone who knows it rolls them again\n"),
        "{said}"
    );
    // Each choice is its own line, before the first roll from it.
    let log = d.join("rolls.log");
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let exprs: Vec<String> = lines
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["expr"].to_string())
        .collect();
    assert_eq!(
        exprs,
        [
            "\"seed 1\"",
            "\"2d6\"",
            "\"3d6\"",
            "\"seed 1\"",
            "\"2d6\"",
            "\"3d6\"",
            "\"1d20\""
        ]
    );
    // The log as `lines`, its chain rebuilt round them: `log verify`'s
    // exit code and words.
    let verify_as = |lines: &[&str]| {
        std::fs::write(&log, format!("{}\n", lines.join("\n"))).unwrap();
        forge(d, |_| true);
        let v = common::run(d, &["log", "verify"], None);
        (v.code, v.out.replace("\n  ", " "))
    };
    // The second 3d6 copied after the 1d20: it rolls from where its run
    // already went, and is found; so is the second 2d6 copied there, a
    // roll from the seed's start with no choice logged before it.
    for copied in [lines[5], lines[4]] {
        let (code, said) = verify_as(&[&lines[..], &[copied]].concat());
        assert_eq!(code, 1, "{said}");
        assert!(
            said.contains("entry 8 was edited: it rolls from its seed where entry 7 rolled already: a line was copied or moved"),
            "{said}"
        );
    }
    // A log from before choices were logged (rolls marked chosen, no
    // choice lines) still proves out.
    let rolls: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.contains("\"choice\":true"))
        .collect();
    let (code, said) = verify_as(&rolls);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains(
            "repeatable, not random: 5 rolls came from seed 1: anyone who knows it rolls them again"
        ),
        "{said}"
    );
}
