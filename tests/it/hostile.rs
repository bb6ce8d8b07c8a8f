//! Nothing a player types or leaves in the data directory crashes, hangs
//! or exhausts tablemate, or has it write where it should not. Every test
//! runs the binary on a private data directory; FIFOs and oversize files
//! are made by the test (never a real device).

use super::common;

use std::fs;

use common::{mkfifo, run, run_within, run_within_input, tamper, tm_in};

/// Text sliced by byte inside a character panicked (`roll abé`); each
/// now gets the caret error `roll é` always had.
#[test]
fn non_ascii_in_dice_is_an_error_with_a_caret_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["roll", "abé"][..],
        &["roll", "maxé"],
        &["roll", "d６"],
        &["roll", "1d6+café"],
        &["roll", "1d20", "advé"],
        &["roll", "d{é}"],
        &["prob", "abé"],
        &["save", "ab", "1d6+abé"],
        &["log", "abé"],
    ] {
        let (out, err, code) = tm_in(dir.path(), args);
        assert_eq!((out.as_str(), code), ("", 1), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            err.contains('^'),
            "{args:?}: a caret under the bad character: {err}"
        );
    }
    let (_, err, _) = tm_in(dir.path(), &["roll", "abé"]);
    assert_eq!(
        err,
        "error: expected a number, dice or '(', found 'a' in dice expression\n  abé\n  ^\n"
    );
    // A piped script goes on past the bad line.
    let r = run(dir.path(), &["--seed", "1"], Some("roll abé\nroll 1d1\n"));
    assert_eq!(r.out, "1d1 [1] = 1\n", "{}", r.err);
}

/// A roll log that is a FIFO hung even `roll 2d6`; one past what tablemate
/// writes was read whole. The roll is made and said either way.
#[test]
fn the_roll_log_is_read_only_when_ours_and_only_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("rolls.log");
    if mkfifo(&log) {
        let r = run_within(dir.path(), &["--seed", "1", "roll", "1d1"], 10)
            .expect("a FIFO never hangs a roll");
        assert_eq!(r.out, "1d1 [1] = 1\n");
        assert!(
            r.err
                .contains("rolls.log is not a regular file: tablemate leaves it alone"),
            "{}",
            r.err
        );
        let r = run_within(dir.path(), &["log"], 10).expect("nor `log`");
        assert_eq!(r.code, 1);
        assert!(r.err.contains("is not a regular file"), "{}", r.err);
        fs::remove_file(&log).unwrap();
    } else {
        common::skipped("the FIFO part: mkfifo is not available here");
    }
    // 10 MB of rolls, more than twice what tablemate keeps in a file.
    let line = r#"{"at":1795600000,"expr":"3d6","seed":1,"draw":0,"repeats":1,"totals":[10],"shown":"3d6 [3, 3, 4] = 10"}"#;
    let mut text = String::new();
    while text.len() < 10 << 20 {
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(&line.replace("10", "11").replace("4]", "5]"));
    text.push('\n');
    fs::write(&log, &text).unwrap();
    let (out, err, code) = tm_in(dir.path(), &["log", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("3d6 [3, 3, 4] = 10\n") && out.contains("3d6 [3, 3, 5] = 11\n"),
        "{out}"
    );
    assert!(
        err.contains("the roll log is larger than tablemate writes one; its first"),
        "{err}"
    );
}

/// A link out of the data directory (here to a file of the test's) is
/// never followed: the file it points to is left as it was.
#[cfg(unix)]
#[test]
fn links_out_of_the_data_directory_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("precious.txt");
    fs::write(&target, "keep me\n").unwrap();
    std::os::unix::fs::symlink(&target, dir.path().join("rolls.log")).unwrap();
    let (out, err, _) = tm_in(dir.path(), &["--seed", "1", "roll", "1d1"]);
    assert_eq!(out, "1d1 [1] = 1\n");
    assert!(
        err.contains("rolls.log is a link out of the data directory"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), "keep me\n");
    // The store's lock file likewise (it is made when the store is made).
    let fresh = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(&target, fresh.path().join("tablemate.db.lock")).unwrap();
    let (_, err, code) = tm_in(fresh.path(), &["deck", "new", "bag", "cards"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("tablemate.db.lock is a link out of the data directory"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), "keep me\n");
}

/// A setting's file is read only if it is a regular file of a sane size,
/// and its text is never quoted back (it may be any file at all).
#[test]
fn a_layout_file_is_read_only_when_sane_and_never_echoed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let fifo = d.join("board.fifo");
    if mkfifo(&fifo) {
        let arg = format!("layout={}", fifo.display());
        let r = run_within(d, &["setup", "penguins", &arg], 10).expect("a FIFO never hangs setup");
        assert_eq!(r.code, 1);
        assert!(
            r.err.ends_with("cannot read it: not a regular file\n"),
            "{}",
            r.err
        );
    }
    let big = d.join("big.txt");
    fs::write(&big, "3-5@r1c1 ".repeat(10_000)).unwrap();
    let (_, err, code) = tm_in(
        d,
        &["setup", "penguins", &format!("layout={}", big.display())],
    );
    assert_eq!(code, 1);
    assert!(err.contains("bytes, more than 64 KiB"), "{err}");
    let secret = d.join("secret.txt");
    fs::write(&secret, "PASSWORD=hunter2\n3-5@r1c1\n").unwrap();
    let (_, err, code) = tm_in(
        d,
        &["setup", "penguins", &format!("layout={}", secret.display())],
    );
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: layout file, line 1, word 1: not a laid domino (write NUMBERS@SQUARE, like 3-5@r1c1 across or 3-5@r2c4v down)\n"
    );
}

/// `--force` replaces a regular file (whole, through a file renamed into
/// place) and nothing else; a refused `--out` changes nothing.
#[test]
fn force_overwrites_only_regular_files_and_a_refusal_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let fifo = d.join("out.json");
    if mkfifo(&fifo) {
        let r = run_within(d, &["export", fifo.to_str().unwrap(), "--force"], 10).unwrap();
        assert_eq!(r.code, 1);
        assert!(
            r.err
                .contains("is not a regular file: --force overwrites only files"),
            "{}",
            r.err
        );
        assert!(
            !fs::metadata(&fifo).unwrap().is_file(),
            "the FIFO is still a FIFO"
        );
    }
    let file = d.join("old.json");
    fs::write(&file, "old").unwrap();
    let (_, err, code) = tm_in(d, &["export", file.to_str().unwrap(), "--force"]);
    assert_eq!(code, 0, "{err}");
    assert!(fs::read_to_string(&file).unwrap().starts_with('{'));
    // The game in progress stays when the picture cannot be written.
    tm_in(d, &["--seed", "1", "setup", "troll"]);
    let (before, _, _) = tm_in(d, &["troll"]);
    let taken = d.join("bridge.ppn");
    fs::write(&taken, "mine").unwrap();
    let (_, err, code) = tm_in(
        d,
        &[
            "--seed",
            "2",
            "setup",
            "troll",
            "--out",
            taken.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1);
    assert!(err.contains("exists: add --force to overwrite it"), "{err}");
    assert_eq!(tm_in(d, &["troll"]).0, before, "the game was not replaced");
    assert_eq!(fs::read_to_string(&taken).unwrap(), "mine");
}

/// A damaged row blocks only itself: the rest works, `export` writes the
/// rest and says what it left out, and each repair a message names works.
#[test]
fn one_damaged_row_blocks_only_itself() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for args in [
        &["deck", "new", "good", "cards"][..],
        &["deck", "new", "evil", "tiles"],
        &["funhouse", "new"],
        &["score", "catwalk", "5xn"],
    ] {
        assert_eq!(tm_in(d, args).2, 0, "{args:?}");
    }
    tamper(
        d,
        "UPDATE decks SET kind = 'evil' WHERE name = 'evil';
         UPDATE games SET state = json_set(state, '$.run.rooms[2].total', -5)
             WHERE game = 'epic-funhouse';",
    );
    let (out, err, code) = tm_in(d, &["deck", "list"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("good") && out.contains("! evil         damaged: 'evil' is not a deck kind"),
        "{out}"
    );
    assert_eq!(tm_in(d, &["draw", "good"]).2, 0);
    let (out, err, code) = tm_in(d, &["export", "--secrets"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"good\""), "{out}");
    assert!(
        err.contains("note: deck 'evil' cannot be read ('evil' is not a deck kind); it is left out of the export"),
        "{err}"
    );
    assert!(
        err.contains("the open Funhouse run cannot be read"),
        "{err}"
    );
    // The repairs the messages name.
    let (out, err, code) = tm_in(d, &["deck", "delete", "evil"]);
    assert_eq!((out.as_str(), code), ("deck 'evil' deleted\n", 0), "{err}");
    let (out, _, code) = tm_in(d, &["funhouse", "new"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("new run started"), "{out}");
    let (_, err, _) = tm_in(d, &["export", "--secrets"]);
    assert_eq!(err, "", "nothing left out any more");
}

/// Each game's damaged state names the setup that starts afresh, and that
/// setup works.
#[test]
fn every_games_repair_works() {
    for (setup, game, field) in [
        ("troll", "angry-troll", "$.troll_slot"),
        ("penguins", "penguins-night-out", "$.die_sides"),
        ("slides", "slides-of-action", "$.next"),
        ("lab-rats", "lab-rats", "$.rat"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        assert_eq!(tm_in(d, &["--seed", "3", "setup", setup]).2, 0, "{setup}");
        tamper(
            d,
            &format!(
                "UPDATE games SET state = json_set(state, '{field}', 999) WHERE game = '{game}';"
            ),
        );
        let cmd = match setup {
            "lab-rats" => "rats",
            other => other,
        };
        let (_, err, code) = tm_in(d, &[cmd]);
        assert_eq!(code, 1, "{setup}: damage is noticed");
        let repair = format!("`setup {setup}`");
        assert!(err.contains(&repair), "{setup}: {err}");
        let (_, err, code) = tm_in(d, &["--seed", "4", "setup", setup]);
        assert_eq!(code, 0, "{setup}: the repair works: {err}");
        assert_eq!(tm_in(d, &[cmd]).2, 0, "{setup}: the game goes on");
    }
}

/// What a player typed is repeated back at most about 60 characters long.
#[test]
fn echoed_input_is_clipped() {
    let dir = tempfile::tempdir().unwrap();
    let long = "x".repeat(500_000);
    let r = run(
        dir.path(),
        &[],
        Some(&format!("cast {long}\nshuffle {long}\n")),
    );
    assert!(r.err.len() < 600, "{} bytes of error", r.err.len());
    assert!(
        r.err.contains(&format!("'{}...'", "x".repeat(57))),
        "{}",
        r.err
    );
    let r = run(
        dir.path(),
        &["--json"],
        Some(&format!("deck show {long}\n")),
    );
    assert!(r.out.len() < 300, "{}", r.out);
}

/// A full disk says so (SQLite says "disk I/O error"); a read-only data
/// directory still answers what only reads. Needs a small tmpfs, mounted
/// where the machine allows it (CI runs as root).
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_and_a_read_only_directory_are_said_and_reads_go_on() {
    let mnt = tempfile::tempdir().unwrap();
    let m = mnt.path();
    let mount = |opts: &str| {
        std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", opts, "tmpfs"])
            .arg(m)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !mount("size=2m") {
        common::skipped("cannot mount a tmpfs here (needs root)");
        return;
    }
    let unmount = || {
        let _ = std::process::Command::new("umount").arg(m).status();
    };
    let d = m.join("data");
    let result = std::panic::catch_unwind(|| {
        assert_eq!(
            tm_in(&d, &["--seed", "1", "deck", "new", "a", "cards"]).2,
            0
        );
        // Fill the disk.
        let mut fill = fs::File::create(m.join("fill")).unwrap();
        let chunk = vec![0u8; 64 << 10];
        while std::io::Write::write_all(&mut fill, &chunk).is_ok() {}
        drop(fill);
        let (_, err, code) = tm_in(&d, &["draw", "a"]);
        assert_eq!(code, 1);
        assert!(
            err.contains("the disk is full; nothing was changed"),
            "{err}"
        );
        let (out, err, code) = tm_in(&d, &["deck", "list"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("52 left"), "{out}");
        fs::remove_file(m.join("fill")).unwrap();
        assert_eq!(tm_in(&d, &["draw", "a"]).2, 0, "room again: changes land");
        // Read-only.
        let ro = std::process::Command::new("mount")
            .args(["-o", "remount,ro"])
            .arg(m)
            .status()
            .is_ok_and(|s| s.success());
        if ro {
            let (out, err, code) = tm_in(&d, &["deck", "list"]);
            assert_eq!(code, 0, "{err}");
            assert!(out.contains("51 left"), "{out}");
            assert_eq!(tm_in(&d, &["export"]).2, 0);
            let (_, err, code) = tm_in(&d, &["draw", "a"]);
            assert_eq!(code, 1);
            assert!(
                err.contains("its file system is mounted read-only; nothing was changed"),
                "{err}"
            );
        }
    });
    unmount();
    if let Err(e) = result {
        std::panic::resume_unwind(e);
    }
}

/// Each number a player may type, at the ends of i64 and just past them.
const EXTREMES: [&str; 8] = [
    "-9223372036854775809",
    "-9223372036854775808",
    "-9223372036854775807",
    "-1",
    "0",
    "9223372036854775806",
    "9223372036854775807",
    "9223372036854775808",
];

/// `word` with its `nth` run of digits (and the sign before it) replaced
/// by `value`; `None` when it has fewer runs.
fn with_number(word: &str, nth: usize, value: &str) -> Option<String> {
    let bytes = word.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let mut start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if start > 0 && matches!(bytes[start - 1], b'-' | b'+') {
                start -= 1;
            }
            runs.push((start, i));
        } else {
            i += 1;
        }
    }
    let (a, b) = *runs.get(nth)?;
    Some(format!("{}{value}{}", &word[..a], &word[b..]))
}

/// Every numeric word of every example command in the README and the
/// guide, and of the commands the first fuzzing round broke, given each
/// extreme number in turn: nothing panics, and the script goes on
/// (#44: `pad -9223372036854775808`, `roll pbta-9223372036854775808` and
/// a pad with a target of 0 each ended the process with status 101).
#[test]
fn every_numeric_word_takes_the_ends_of_i64() {
    let mut lines: Vec<String> = vec![
        "pad new g alice bob".into(),
        "pad 1 2".into(),
        "pad alice 3".into(),
        "pad fix 1 alice 4".into(),
        "pad new g2 alice bob to 5 --yes".into(),
        "roll pbta-1".into(),
        "roll fate-1".into(),
        "prob pbta+-1".into(),
        "prob fate+1".into(),
        "roll 1d20+5 >= 15".into(),
    ];
    lines.extend(
        common::docs::example_commands()
            .into_iter()
            // `serve` waits for Ctrl-C and `--wait` for a minute's count:
            // neither is about numbers.
            .filter(|e| !e.words.iter().any(|w| w == "serve" || w == "--wait"))
            .map(|e| tablemate::command::join_words(&e.words)),
    );
    let mut script = String::new();
    for line in &lines {
        script.push_str(line);
        script.push('\n');
        let words = tablemate::command::split_line(line).unwrap();
        for (w, word) in words.iter().enumerate() {
            for nth in 0.. {
                let Some(_) = with_number(word, nth, "0") else {
                    break;
                };
                for value in EXTREMES {
                    let mut changed = words.clone();
                    changed[w] = with_number(word, nth, value).unwrap();
                    script.push_str(&tablemate::command::join_words(&changed));
                    script.push('\n');
                }
            }
        }
    }
    let lines = script.lines().count();
    assert!(lines > 2_000, "{lines} lines");
    let dir = tempfile::tempdir().unwrap();
    let ran = run_within_input(&dir.path().join("data"), &script, 300);
    let Some(r) = ran else {
        panic!("{lines} lines of extreme numbers did not finish in 300 s");
    };
    assert!(!r.err.contains("panicked"), "{}", r.err);
    // 1: some lines were refused, as most should be; never 101 or a signal.
    assert_eq!(r.code, 1, "{}", r.err);
}

/// A target of 0 or less is refused with the reason (#44: it was saved,
/// and every `pad` after it panicked until `undo`); nothing is saved.
#[test]
fn a_pad_target_must_be_above_zero() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for to in ["0", "-1", "-9223372036854775808"] {
        let (out, err, code) = tm_in(d, &["pad", "new", "hearts", "alice", "bob", "to", to]);
        assert_eq!((out.as_str(), code), ("", 1), "{err}");
        assert!(
            err == format!(
                "error: 'to {to}': the target is the total that ends the game, a whole number above 0 (to 100)\n"
            ) || err.contains("out of range for a score"),
            "{err}"
        );
    }
    let (_, err, code) = tm_in(d, &["pad"]);
    assert_eq!(code, 1);
    assert!(err.starts_with("error: no pad open"), "{err}");
    // An import holding such a pad is refused whole, with the reason.
    assert_eq!(
        tm_in(d, &["pad", "new", "hearts", "alice", "bob", "to", "5"]).2,
        0
    );
    let (doc, _, _) = tm_in(d, &["export"]);
    let bad = doc.replace("\"target\": 5", "\"target\": 0");
    assert_ne!(bad, doc, "{doc}");
    let file = d.join("bad.json");
    fs::write(&file, bad).unwrap();
    let (_, err, code) = tm_in(d, &["import", file.to_str().unwrap(), "--replace"]);
    assert_eq!(code, 1);
    assert!(err.contains("its target 0 is not above 0"), "{err}");
    assert_eq!(tm_in(d, &["pad"]).2, 0, "the pad as it was still shows");
}

/// Control characters typed are refused, naming the word with each one
/// made visible; read back from a rule file they are shown as escapes
/// (#44: an ESC in a name cleared other players' screens).
#[test]
fn control_characters_never_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (out, err, code) = tm_in(d, &["pad", "new", "g\u{1b}[31m", "al\u{1b}[2Jice", "bob"]);
    assert_eq!((out.as_str(), code), ("", 1));
    assert_eq!(
        err,
        "error: 'g\\e[31m' holds a control character (\\e): names, notes and every other word are printable text\n"
    );
    let (_, err, code) = tm_in(d, &["roll", "2d6 # x\revent: evil\rdata: x"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("'2d6 # x\\revent: evil\\rdata: x' holds a control character (\\r)"),
        "{err}"
    );
    let (_, err, code) = tm_in(d, &["save", "a", "1d6", "#", "n\u{1b}]0;x\u{7}"]);
    assert_eq!(code, 1, "{err}");
    // Nothing was kept.
    assert!(!d.join("rolls.log").exists());
    assert_eq!(
        tm_in(d, &["saved"]).0,
        tm_in(tempfile::tempdir().unwrap().path(), &["saved"]).0
    );
    // A rule file's escapes are shown, not obeyed.
    let rules = tempfile::tempdir().unwrap();
    fs::write(
        rules.path().join("mine.yaml"),
        "id: my-game\nname: \"My \\e[2JGame\"\ndesigner: Me\nsource: notes\nlicence: CC0\n\
         players: '2'\ntime: 5 minutes\nsummary: \"A \\e]0;pwned\\a test.\"\nsections:\n  \
         - id: setup\n    title: Setup\n    text: Deal.\n  - id: play\n    title: Play\n    \
         text: Take turns.\n  - id: winning\n    title: Winning\n    text: Most points.\n",
    )
    .unwrap();
    let (out, err, code) = tm_in(
        d,
        &[
            "--rules",
            rules.path().to_str().unwrap(),
            "rules",
            "my-game",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out:?}");
    assert!(out.starts_with("My \\e[2JGame\n"), "{out}");
    assert!(out.contains("A \\e]0;pwned\\u{7} test."), "{out}");
}

/// An imported record's words are shown with their control characters
/// made visible (#44: `what`, `by` and `day` were printed as they were).
#[test]
fn an_imported_records_words_are_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        tm_in(d, &["--seed", "0", "setup", "slides", "players=2"]).2,
        0
    );
    assert_eq!(tm_in(d, &["slides", "ai"]).2, 0);
    let file = d.join("game.json");
    assert_eq!(
        tm_in(d, &["replay", "1", "--out", file.to_str().unwrap()]).2,
        0
    );
    let mut rec: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&file).unwrap()).unwrap();
    rec["steps"][0]["what"] = "slides ai r4c1\u{1b}[2J".into();
    rec["steps"][0]["by"] = "ev\u{1b}]0;x\u{7}e".into();
    fs::write(&file, rec.to_string()).unwrap();
    let other = tempfile::tempdir().unwrap();
    let (out, err, code) = tm_in(other.path(), &["import", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("filed as game 1"), "{out}");
    for args in [
        &["replay", "1", "to", "1"][..],
        &["games"],
        &["--json", "replay", "1", "to", "1"],
    ] {
        let (out, err, code) = tm_in(other.path(), args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(
            !out.contains('\u{1b}') && !out.contains('\u{7}'),
            "{args:?}: {out:?}"
        );
    }
    let (out, _, _) = tm_in(other.path(), &["replay", "1", "to", "1"]);
    assert!(out.contains("slides ai r4c1\\e[2J"), "{out}");
}

/// An index that no longer matches its rows is found when the store is
/// opened, every command says so with the command that mends it, and
/// `repair` rebuilds it after keeping a copy (#44: tablemate said "no
/// Slides of Action game" and the next setup wrote a second row).
#[test]
fn a_damaged_index_is_said_and_repaired() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        tm_in(d, &["--seed", "1", "setup", "slides", "players=2"]).2,
        0
    );
    assert_eq!(tm_in(d, &["--seed", "1", "setup", "troll"]).2, 0);
    // Point the games table's key index at an empty index's page: every
    // row is then missing from it, as flipped bytes left it.
    let db = d.join("tablemate.db");
    let c = rusqlite::Connection::open(&db).unwrap();
    c.execute_batch("CREATE TABLE zz(x TEXT UNIQUE)").unwrap();
    let root = |name: &str| -> i64 {
        c.query_row(
            "SELECT rootpage FROM sqlite_schema WHERE name = ?1",
            [name],
            |r| r.get(0),
        )
        .unwrap()
    };
    let (games, zz) = (
        root("sqlite_autoindex_games_1"),
        root("sqlite_autoindex_zz_1"),
    );
    c.execute_batch(&format!(
        "PRAGMA writable_schema = 1;
         UPDATE sqlite_schema SET rootpage = {zz} WHERE name = 'sqlite_autoindex_games_1';
         UPDATE sqlite_schema SET rootpage = {games} WHERE name = 'sqlite_autoindex_zz_1';"
    ))
    .unwrap();
    drop(c);
    let c = rusqlite::Connection::open(&db).unwrap();
    c.execute_batch("DROP TABLE zz").unwrap();
    drop(c);
    let said = format!("error: an index of the store {} is damaged (", db.display());
    for args in [
        &["games"][..],
        &["setup", "slides", "players=2"],
        &["slides"],
    ] {
        let (_, err, code) = tm_in(d, args);
        assert_eq!(code, 1, "{args:?}");
        assert!(err.contains(&said), "{args:?}: {err}");
        assert!(err.contains("`tablemate repair` rebuilds it"), "{err}");
    }
    let (out, err, code) = tm_in(d, &["repair"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("repaired ("), "{out}");
    assert!(d.join("tablemate.db.before-repair-1").is_file());
    let (out, err, code) = tm_in(d, &["games"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with(['1', '2'])).count(),
        2,
        "{out}"
    );
    // One row a game: the troll's is still the one laid.
    let c = rusqlite::Connection::open(&db).unwrap();
    let n: i64 = c
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 2);
    let (out, _, code) = tm_in(d, &["repair"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("the store was sound"), "{out}");
}

/// An import larger than the limit is refused before it is read, the
/// limit named; a document with many problems lists the first 20 and
/// counts the rest (#44: 200,000 problems were printed, 13 MB).
#[test]
fn imports_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let big = d.join("big.json");
    let f = fs::File::create(&big).unwrap();
    f.set_len(51 << 20).unwrap();
    let (_, err, code) = tm_in(d, &["import", big.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("53477376 bytes, more than the 50 MiB an import may be"),
        "{err}"
    );
    assert_eq!(tm_in(d, &["deck", "new", "bag", "tiles"]).2, 0);
    let (doc, _, _) = tm_in(d, &["export", "--secrets"]);
    let mut v: serde_json::Value = serde_json::from_str(&doc).unwrap();
    let deck = v["decks"]["decks"][0].clone();
    // 501 decks of one name: 500 problems ("named twice").
    let decks: Vec<serde_json::Value> = (0..501).map(|_| deck.clone()).collect();
    v["decks"]["decks"] = decks.into();
    let many = d.join("many.json");
    fs::write(&many, v.to_string()).unwrap();
    let (_, err, code) = tm_in(d, &["import", many.to_str().unwrap(), "--replace"]);
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 22, "{err}");
    assert!(err.trim_end().ends_with("and 480 more problems"), "{err}");
}

/// The data directory tablemate makes is 0700 and its files 0600,
/// whatever the umask (#44: 0777 and 0666 under umask 000); a link or a
/// FIFO where a side file goes is named, with what to do.
#[cfg(unix)]
#[test]
fn the_data_directory_is_the_players_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("nested").join("data");
    for args in [&["deck", "new", "bag", "tiles"][..], &["roll", "2d6"]] {
        let mut c = std::process::Command::new("sh");
        c.arg("-c")
            .arg("umask 000; exec \"$@\"")
            .arg("sh")
            .arg(env!("CARGO_BIN_EXE_tablemate"))
            .arg("--data")
            .arg(&d)
            .args(args);
        let status = common::output(&mut c).status;
        assert!(status.success(), "{args:?}");
    }
    let mode = |p: &std::path::Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&d), 0o700);
    for f in ["tablemate.db", "rolls.log"] {
        assert_eq!(mode(&d.join(f)), 0o600, "{f}");
    }
    let other = tempfile::tempdir().unwrap();
    let o = other.path();
    std::os::unix::fs::symlink("/nowhere", o.join("tablemate.db-wal")).unwrap();
    let (_, err, code) = tm_in(o, &["deck", "list"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "error: {} is not a regular file (a link, a FIFO or a folder): move it away, and tablemate makes a fresh one\n",
            o.join("tablemate.db-wal").display()
        )
    );
}

/// #57 item 4: modes always. Under umask 000, a store made again after a
/// damaged one was set aside is 0600, and so are `export` and `--out`
/// files (they can hold a sealed deal); a data directory already there
/// and open to others (0755, its files 0644) is made the player's alone
/// at the next command that opens the store, with a one-line note.
#[cfg(unix)]
#[test]
fn modes_are_the_players_alone_whatever_was_there() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &std::path::Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let under_umask_000 = |d: &std::path::Path, args: &[&str]| {
        common::output(
            std::process::Command::new("sh")
                .arg("-c")
                .arg("umask 000; exec \"$@\"")
                .arg("sh")
                .arg(env!("CARGO_BIN_EXE_tablemate"))
                .arg("--data")
                .arg(d)
                .args(args),
        )
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("data");
    assert!(
        under_umask_000(&d, &["deck", "new", "bag", "tiles"])
            .status
            .success()
    );
    assert!(under_umask_000(&d, &["roll", "2d6"]).status.success());
    // Loosened by hand, as an older version or a copy may leave it.
    fs::set_permissions(&d, fs::Permissions::from_mode(0o755)).unwrap();
    for f in ["tablemate.db", "rolls.log"] {
        fs::set_permissions(d.join(f), fs::Permissions::from_mode(0o644)).unwrap();
    }
    let out = under_umask_000(&d, &["deck", "list"]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "note: {} was open to other users of this machine (the folder was 755; ",
            d.display()
        )) && err.contains("it is now yours alone (folder 0700, files 0600)"),
        "{err}"
    );
    assert_eq!(mode(&d), 0o700);
    for f in ["tablemate.db", "rolls.log"] {
        assert_eq!(mode(&d.join(f)), 0o600, "{f}");
    }
    // Said once: the next command has nothing to say.
    let again = under_umask_000(&d, &["deck", "list"]);
    assert_eq!(String::from_utf8_lossy(&again.stderr), "");
    // Files written out.
    let export = dir.path().join("all.json");
    assert!(
        under_umask_000(&d, &["export", export.to_str().unwrap()])
            .status
            .success()
    );
    assert_eq!(mode(&export), 0o600);
    let svg = dir.path().join("table.svg");
    assert!(
        under_umask_000(&d, &["setup", "slide-jam", "--out", svg.to_str().unwrap()])
            .status
            .success()
    );
    assert_eq!(mode(&svg), 0o600);
    // A damaged store set aside: the fresh one is 0600 too.
    let broken = dir.path().join("broken");
    fs::create_dir(&broken).unwrap();
    fs::set_permissions(&broken, fs::Permissions::from_mode(0o700)).unwrap();
    fs::write(broken.join("tablemate.db"), vec![7u8; 4096]).unwrap();
    fs::set_permissions(
        broken.join("tablemate.db"),
        fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    let out = under_umask_000(&broken, &["deck", "list"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("a fresh store started"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(mode(&broken.join("tablemate.db")), 0o600);
}

/// A store with its pad, people, deck and saved roll, written through to
/// the main file (nothing left in the WAL); its path.
fn a_table_s_store(d: &std::path::Path) -> std::path::PathBuf {
    for line in [
        "players ann ben cat",
        "pad new evening",
        "pad 3 0 10",
        "pad 4 5 6",
        "deck new bag tiles",
        "save attack 1d20+5",
    ] {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(tm_in(d, &words).2, 0, "{line}");
    }
    let db = d.join("tablemate.db");
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
        .unwrap();
    db
}

/// #57 item 1: damage that leaves rows readable costs only what it
/// touched. A page no table uses ("Page 36 is never used") costs
/// nothing; bytes flipped in the deck's cards cost that deck alone: the
/// pad, the people and the saved roll come through into the fresh store.
#[test]
fn readable_damage_keeps_every_row_that_still_reads() {
    // A page added past the end, used by nothing.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let db = a_table_s_store(d);
    let page = with_a_page_no_table_uses(&db);
    let (out, err, code) = tm_in(d, &["pad"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("never used); it was kept as")
            && err.contains("tablemate.db.damaged-1 and a fresh store started: ")
            && err.contains("rows that could still be read were copied into it\n"),
        "{err}"
    );
    assert!(out.contains("total   7   5  16"), "{out}");
    assert!(tm_in(d, &["saved"]).0.contains("attack"));
    assert!(tm_in(d, &["deck"]).0.contains("bag"));
    // The fresh store is sound: the next command says nothing.
    assert_eq!(tm_in(d, &["players"]).1, "");

    // Bytes flipped in the deck's cards.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let db = a_table_s_store(d);
    let root: i64 = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row(
            "SELECT rootpage FROM sqlite_schema WHERE name = 'deck_items'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let mut bytes = std::fs::read(&db).unwrap();
    let start = (root as usize - 1) * page;
    let mut x: u64 = 7;
    for _ in 0..300 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let at = start + 100 + (x >> 33) as usize % (page - 100);
        bytes[at] ^= 0xff;
    }
    std::fs::write(&db, &bytes).unwrap();
    let (out, err, code) = tm_in(d, &["pad"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("was damaged (integrity check: "), "{err}");
    assert!(!err.contains("*** in database"), "{err}");
    assert!(out.contains("total   7   5  16"), "{out}");
    assert!(tm_in(d, &["saved"]).0.contains("attack"));
    assert!(tm_in(d, &["players"]).0.contains("1. ann (starts)"));
    // The copy kept is the damaged file as it was.
    assert_eq!(
        std::fs::read(d.join("tablemate.db.damaged-1")).unwrap(),
        bytes
    );
}

/// `a_table_s_store` with a page added past its end that no table uses
/// ("Page N is never used"); the page size.
fn with_a_page_no_table_uses(db: &std::path::Path) -> usize {
    let mut bytes = std::fs::read(db).unwrap();
    let page = u16::from_be_bytes([bytes[16], bytes[17]]) as usize;
    let pages = u32::from_be_bytes(bytes[28..32].try_into().unwrap());
    bytes[28..32].copy_from_slice(&(pages + 1).to_be_bytes());
    bytes.extend(vec![0u8; page]);
    std::fs::write(db, &bytes).unwrap();
    page
}

/// The store's files whose names start with `tablemate.db.damaged`.
fn damaged_copies(d: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(d)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("tablemate.db.damaged"))
        .collect();
    names.sort();
    names
}

/// #77 item 5: a salvage killed again and again keeps one copy of the
/// damaged store, not one a try; so does one that left its copy and was
/// killed before it could put the fresh store in place.
#[test]
fn a_salvage_cut_short_keeps_one_copy() {
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let db = a_table_s_store(d);
    with_a_page_no_table_uses(&db);
    let damaged = std::fs::read(&db).unwrap();
    // What a salvage killed after its copy leaves: the copy, the damaged
    // store still in place, and a fresh store half made beside it.
    std::fs::write(d.join("tablemate.db.damaged-1"), &damaged).unwrap();
    std::fs::write(d.join("tablemate.db.salvaging-1"), b"half").unwrap();
    // Then processes killed 1 to 40 ms in, each finding the damage.
    let mut x: u64 = 77;
    for _ in 0..10 {
        let mut child = common::std_command(d)
            .arg("pad")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        std::thread::sleep(std::time::Duration::from_millis(1 + (x >> 33) % 40));
        let _ = child.kill();
        child.wait().unwrap();
    }
    let (out, err, code) = tm_in(d, &["pad"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("total   7   5  16"), "{out}");
    assert_eq!(damaged_copies(d), ["tablemate.db.damaged-1"]);
    assert_eq!(
        std::fs::read(d.join("tablemate.db.damaged-1")).unwrap(),
        damaged
    );
    assert!(!d.join("tablemate.db.salvaging-1").exists());
}

/// Make no row of `table`'s first page readable: its type byte and its
/// first cell's place flipped, the store checkpointed first.
fn unreadable_page(db: &std::path::Path, table: &str) {
    let c = rusqlite::Connection::open(db).unwrap();
    let root: i64 = c
        .query_row(
            "SELECT rootpage FROM sqlite_schema WHERE name = ?1",
            [table],
            |r| r.get(0),
        )
        .unwrap();
    c.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
    drop(c);
    let mut bytes = std::fs::read(db).unwrap();
    let page = u16::from_be_bytes([bytes[16], bytes[17]]) as usize;
    let start = (root as usize - 1) * page;
    for at in [start, start + 8, start + 9] {
        bytes[at] ^= 0xff;
    }
    std::fs::write(db, &bytes).unwrap();
}

/// #77 item 5: bytes flipped in the decks' page leave no deck readable,
/// but every item still reads: the items are kept under their deck made
/// again (its kind lost, so a custom deck of those items), and the
/// warning names it.
#[test]
fn items_whose_deck_was_lost_are_kept_under_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let db = a_table_s_store(d);
    assert_eq!(tm_in(d, &["draw", "bag", "3"]).2, 0);
    let (before, _, _) = tm_in(d, &["--json", "deck", "bag"]);
    unreadable_page(&db, "decks");
    let (out, err, code) = tm_in(d, &["deck"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("whose deck or record was lost were kept under one made again (deck bag: `deck`, `games`)"),
        "{err}"
    );
    assert!(out.contains("bag"), "{out}");
    // Every item, in its pile and place, as before.
    let (after, _, _) = tm_in(d, &["--json", "deck", "bag"]);
    let piles = |json: &str| {
        let v: serde_json::Value = serde_json::from_str(json).unwrap();
        (v["data"]["left"].clone(), v["data"]["drawn"].clone())
    };
    assert_eq!(piles(&after), piles(&before), "{after}\n{before}");
    assert_eq!(tm_in(d, &["draw", "bag", "1"]).2, 0);
}

/// #77 item 5: a record whose own row was lost keeps its steps under a
/// record made again (closed, its number and game kept, its setup said
/// lost); `records` lists it and `replay` answers without a panic.
#[test]
fn steps_whose_record_was_lost_are_kept_under_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let db = a_table_s_store(d);
    assert_eq!(
        tm_in(d, &["--seed", "3", "setup", "slides", "players=2"]).2,
        0
    );
    for _ in 0..3 {
        assert_eq!(tm_in(d, &["slides", "ai"]).2, 0);
    }
    let steps: i64 = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT count(*) FROM record_steps", [], |r| r.get(0))
        .unwrap();
    unreadable_page(&db, "records");
    let (out, err, code) = tm_in(d, &["games"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(&format!(
            "{steps} whose deck or record was lost were kept under one made again (record 1: `deck`, `games`)"
        )),
        "{err}"
    );
    assert!(
        out.contains("1 2026-") && out.contains(" Slides of Action, 3 moves"),
        "{out}"
    );
    let (_, err, code) = tm_in(d, &["replay", "1"]);
    assert!(code == 0 || code == 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// #77 item 5: `repair` mends a page no table uses by writing the file
/// again (REINDEX alone left it, and `repair` said it could not be
/// repaired), says so, and a second `repair` finds it sound.
#[test]
fn repair_mends_a_page_no_table_uses() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let db = a_table_s_store(d);
    with_a_page_no_table_uses(&db);
    let words = |out: String| out.split_whitespace().collect::<Vec<_>>().join(" ");
    let (out, err, code) = tm_in(d, &["repair"]);
    assert_eq!(code, 0, "{err}");
    let out = words(out);
    assert!(
        out.starts_with("repaired (Page ")
            && out.contains("never used): every index rebuilt, the file written again from its tables, and the store checked whole"),
        "{out}"
    );
    let (out, _, code) = tm_in(d, &["repair"]);
    assert_eq!(code, 0);
    let out = words(out);
    assert!(
        out.starts_with("the store was sound: every index rebuilt and the store checked whole"),
        "{out}"
    );
    assert!(tm_in(d, &["pad"]).0.contains("total   7   5  16"));
    assert_eq!(tm_in(d, &["pad"]).1, "");
}

/// #57 item 1: an index dropped is found like one that disagrees with its
/// rows, and `repair` makes it again (REINDEX alone did not).
#[test]
fn a_dropped_index_is_found_and_made_again_by_repair() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let db = a_table_s_store(d);
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch("DROP INDEX decks_one_current")
        .unwrap();
    let (_, err, code) = tm_in(d, &["deck"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("is damaged (the index decks_one_current is missing); nothing was changed: `tablemate repair` rebuilds it"),
        "{err}"
    );
    let (out, err, code) = tm_in(d, &["repair"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("the index decks_one_current is missing"),
        "{out}"
    );
    let (out, err, code) = tm_in(d, &["deck"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("bag"), "{out}");
    let indexes: i64 = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'decks_one_current'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(indexes, 1);
}

/// #57 item 5: a game record larger than any game makes is refused before
/// it is built into trees (45 MB took 511 MB before it was refused).
#[test]
fn an_oversized_record_is_refused_before_it_is_read_into_memory() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let file = d.join("huge.json");
    let filler = "x".repeat(9 << 20);
    fs::write(
        &file,
        format!("{{\"tablemate_record\": 1, \"record\": {{}}, \"filler\": \"{filler}\"}}"),
    )
    .unwrap();
    let (_, err, code) = tm_in(d, &["import", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("is a game record of 9437")
            && err.contains("bytes, more than the 8 MiB a record may be"),
        "{err}"
    );
}
