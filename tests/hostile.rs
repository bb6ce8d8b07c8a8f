//! Nothing a player types or leaves in the data directory crashes, hangs
//! or exhausts tablemate, or has it write where it should not. Every test
//! runs the binary on a private data directory; FIFOs and oversize files
//! are made by the test (never a real device).

mod common;

use std::fs;

use common::{mkfifo, run, run_within, tamper, tm_in};

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
        eprintln!("skipped the FIFO part: mkfifo is not available here");
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
    let (out, err, code) = tm_in(d, &["export"]);
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
    let (_, err, _) = tm_in(d, &["export"]);
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
        eprintln!("skipped: cannot mount a tmpfs here (needs root)");
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
