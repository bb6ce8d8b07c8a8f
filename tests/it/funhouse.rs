//! Epic Funhouse scoring through the real binary: a whole run scored by
//! separate one-shot processes sharing one data directory.

use tempfile::TempDir;

use super::common;

fn tm(data: &TempDir, args: &[&str]) -> (String, String, i32) {
    common::tm_in(data.path(), args)
}

#[test]
fn catwalk_example_scores_twelve() {
    let data = tempfile::tempdir().unwrap();
    let (out, _, code) = tm(&data, &["score", "catwalk", "5xn", "4xn", "nx3"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "Catwalk\n\
         \x20 coin 5 x tile n = 5 x 1                       5\n\
         \x20 coin 4 x tile n = 4 x 1                       4\n\
         \x20 coin n x tile 3 = 1 x 3                       3\n\
         \x20 total                                        12\n\
         (no run open: `funhouse new` starts one)\n"
    );
}

#[test]
fn whole_run_across_processes() {
    let data = tempfile::tempdir().unwrap();
    assert_eq!(tm(&data, &["funhouse", "new"]).2, 0);
    for args in [
        &["score", "sj", "Cn", "A3", "A5"][..],
        &[
            "score",
            "mirror",
            "twins=3",
            "cousins=1",
            "distant=5",
            "strangers=3",
        ],
        &["score", "catwalk", "5xn", "4xn", "nx3"],
    ] {
        let (out, err, code) = tm(&data, args);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("recorded in the run"), "{out}");
    }
    // The process ended; the run is still there and resumes.
    let (out, _, _) = tm(&data, &["funhouse"]);
    assert!(out.contains("total 40 (3 of 6 rooms)"), "{out}");
    assert!(out.contains("next: Roll Out the Barrels"), "{out}");
    assert!(out.contains("leaving Catwalk:"), "{out}");
    assert!(
        out.contains("scoreboard"),
        "transition from the rules: {out}"
    );
    // Scoring a room again replaces it, saying so.
    let (out, _, _) = tm(&data, &["score", "catwalk", "none"]);
    assert!(
        out.contains("replaced the earlier Catwalk score of 12 (run total 28 after 3 of 6 rooms)"),
        "{out}"
    );
    for args in [
        &["score", "barrels", "2"][..],
        &["score", "whack", "incomplete", "penalties=1"],
        &["score", "trampo-land", "kids=1", "adults=2"],
    ] {
        assert_eq!(tm(&data, args).2, 0);
    }
    let (out, _, _) = tm(&data, &["funhouse"]);
    assert!(out.contains("total 61 (6 of 6 rooms)"), "{out}");
    assert!(out.contains("all six rooms scored"), "{out}");
    let (out, _, _) = tm(&data, &["funhouse", "end"]);
    assert_eq!(out.trim(), "run 1 filed: total 61 - your best yet!");
    let (out, _, _) = tm(&data, &["funhouse", "history"]);
    assert!(out.contains("* 1 "), "{out}");
    assert!(out.contains("8 20  0  2 25  6    61"), "{out}");
    assert!(
        out.contains("best 61, average 61.0 over 1 complete run\n"),
        "{out}"
    );
    let (out, _, _) = tm(&data, &["--json", "funhouse", "history"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["runs"][0]["total"], 61);
}

#[test]
fn new_run_asks_before_discarding() {
    let data = tempfile::tempdir().unwrap();
    tm(&data, &["funhouse", "new"]);
    tm(&data, &["score", "sj", "none"]);
    let (_, err, code) = tm(&data, &["funhouse", "new"]);
    assert_eq!(code, 1);
    assert!(err.contains("a run is open (1 of 6 rooms, total 0); discard it? (`funhouse new --discard` to go ahead)"), "{err}");
    let (out, _, _) = tm(&data, &["funhouse"]);
    assert!(out.contains("1 of 6 rooms"), "nothing lost: {out}");
    let (out, _, code) = tm(&data, &["funhouse", "new", "--discard"]);
    assert_eq!(code, 0);
    assert!(out.contains("was discarded"), "{out}");
}

#[test]
fn a_damaged_run_file_of_0_1_is_kept_aside_not_overwritten() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("funhouse.json");
    std::fs::write(&file, "{\"run\": {\"started\": 3").unwrap();
    let (out, err, code) = tm(&data, &["score", "sj", "none"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("no run open"), "{out}");
    assert!(
        err.contains("funhouse.json could not be imported")
            && err.contains("funhouse.json.damaged-1"),
        "{err}"
    );
    let kept = std::fs::read_to_string(data.path().join("funhouse.json.damaged-1")).unwrap();
    assert_eq!(
        kept, "{\"run\": {\"started\": 3",
        "the damaged file is kept as it was"
    );
    // A file that parses but does not add up is refused the same way.
    std::fs::write(&file, r#"{"run":{"started":"x","rooms":[{"room":"slide-jam","inputs":[],"terms":[{"label":"a","points":3}],"total":9},null,null,null,null,null]},"history":[]}"#).unwrap();
    let (_, err, _) = tm(&data, &["funhouse"]);
    assert!(
        err.contains("does not add up") && err.contains("damaged-2"),
        "{err}"
    );
}

#[test]
fn refusals_name_the_problem() {
    let data = tempfile::tempdir().unwrap();
    for (args, want) in [
        (
            &["score", "sj", "Cn", "Cn", "A2"][..],
            "error: tile Cn is entered twice",
        ),
        (&["score", "sj", "Cn", "A2"], "error: 2 tiles left"),
        (
            &["score", "mirror", "S3+M3", "left"],
            "error: pair S3+M3 totals 6, not 5",
        ),
        (
            &["score", "catwalk", "5xn", "5x3"],
            "error: coin 5 is entered twice",
        ),
        (
            &["score", "trampo-land", "kids=-1"],
            "error: 'kids=-1': kids takes a whole number",
        ),
        (
            &["score", "hall-of-mirrors", "x"],
            "error: 'hall-of-mirrors' is not a Funhouse room",
        ),
        // Nothing given: what to give, not a sum of nothing.
        (
            &["score", "magic-mirror"],
            "error: list the pairs taken, then `left` and the tiles left on one side",
        ),
    ] {
        let (_, err, code) = tm(&data, args);
        assert_eq!(code, 1, "{args:?}");
        assert!(err.starts_with(want), "{args:?}: {err}");
    }
}

#[test]
fn one_of_a_thing_is_singular() {
    let data = tempfile::tempdir().unwrap();
    for (args, want) in [
        (&["score", "barrels", "1"][..], "1 step short of the exit"),
        (&["score", "barrels", "2"], "2 steps short of the exit"),
        (&["score", "whack", "done", "penalties=1"], "1 penalty x 10"),
        (&["score", "trampo-land", "kids=1", "adults=1"], "1 kid x 4"),
        (
            &["score", "trampo-land", "kids=1", "adults=1"],
            "1 adult x 1",
        ),
        (
            &["score", "trampo-land", "kids=2", "adults=0"],
            "0 adults x 1",
        ),
    ] {
        let (out, err, code) = tm(&data, args);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(want), "{args:?}: {out}");
    }
}

/// In colour the total sits under the terms: escape codes take no columns.
#[test]
fn score_columns_line_up_in_colour() {
    let data = tempfile::tempdir().unwrap();
    let (out, err, code) = common::tm_in(
        data.path(),
        &["--color", "always", "score", "catwalk", "5xn", "4xn", "nx3"],
    );
    assert_eq!(code, 0, "{err}");
    let plain = tablemate::style::strip_ansi(&out);
    let ends: Vec<usize> = plain
        .lines()
        .filter(|l| l.starts_with("  "))
        .map(|l| l.trim_end().chars().count())
        .collect();
    assert_eq!(ends.len(), 4, "{plain}");
    assert!(ends.iter().all(|e| *e == ends[0]), "{plain}");
    assert!(out.contains('\u{1b}'), "colour was asked for");
}

/// A run with rooms still to play is filed only when asked to; a filed
/// run can be removed, and `undo` brings it back.
#[test]
fn partial_runs_are_filed_on_purpose_and_can_be_removed() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    common::tm_in(d, &["funhouse", "new"]);
    common::tm_in(d, &["score", "sj", "Cn", "A3", "A5"]);
    let (_, err, code) = common::tm_in(d, &["funhouse", "end"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("the run has 1 of 6 rooms (total 8); file it as a partial run? (`funhouse end --partial` to go ahead)"),
        "{err}"
    );
    let (out, _, _) = common::tm_in(d, &["funhouse", "end", "--partial"]);
    assert_eq!(out.trim(), "run 1 filed: total 8 (1 of 6 rooms: partial)");
    let (out, _, _) = common::tm_in(d, &["funhouse", "delete", "1"]);
    assert!(out.starts_with("run 1 ("), "{out}");
    let (out, _, _) = common::tm_in(d, &["funhouse", "history"]);
    assert!(out.starts_with("no runs filed yet"), "{out}");
    common::tm_in(d, &["undo"]);
    let (out, _, _) = common::tm_in(d, &["funhouse", "history"]);
    let today = tablemate::roll_log::day_of(tablemate::roll_log::now());
    assert_eq!(
        out.lines().take(2).collect::<Vec<_>>(),
        [
            "    date        sj mm cw rb wd tl total".to_string(),
            format!("  1 {today}   8  -  -  -  -  -     8 (partial)"),
        ],
        "the run undo brought back: {out}"
    );
    let (_, err, _) = common::tm_in(d, &["funhouse", "delete", "5"]);
    assert!(
        err.contains("there is no run 5: the history holds 1"),
        "{err}"
    );
}

/// Whack-a-Dummy followed move by move and stopped before the corners are
/// all reached scores as not completed (it was refused, the inputs it
/// made for itself lacking the word `incomplete`).
#[test]
fn an_unfinished_whack_a_dummy_scores_from_its_position() {
    let data = tempfile::tempdir().unwrap();
    let script = "funhouse new\n\
        score slide-jam none\n\
        score magic-mirror twins=0 cousins=0 distant=0 strangers=12\n\
        score catwalk none\n\
        setup barrels\n\
        score barrels 3\n\
        move start r3c2\n\
        move south\n\
        score whack-a-dummy\n";
    let run = common::run(data.path(), &["--seed", "3"], Some(script));
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(
        run.out.contains(
            "Whack-a-Dummy\n\
             \x20 not completed                                15\n\
             \x20 total                                        15\n"
        ),
        "{}",
        run.out
    );
    assert!(
        run.out.contains("run total 54 after 5 of 6 rooms"),
        "{}",
        run.out
    );
}

/// Deal MG17ZQ allows no pair: the room is over as laid, `hint` says so,
/// and `score mirror` in the run scores the table as it lies (issue #28
/// item 4: it was refused).
#[test]
fn a_mirror_with_no_pair_is_scored_from_the_table() {
    let d = TempDir::new().unwrap();
    tm(&d, &["funhouse", "new"]);
    tm(&d, &["score", "slide-jam", "none"]);
    tm(&d, &["setup", "magic-mirror", "deal=MG17ZQ"]);
    let (out, _, code) = tm(&d, &["hint"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "Magic Mirror: nothing left to do here: `score magic-mirror` records the room\n"
    );
    let (out, err, code) = tm(&d, &["score", "mirror"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("  total                                        36\n"),
        "{out}"
    );
    assert!(
        out.ends_with(
            "recorded in the run (run total 36 after 2 of 6 rooms)\nyou scored 36; par was 36: you kept par\n"
        ),
        "{out}"
    );
}

/// `--json hint` carries the move the text names (#45: only the room).
#[test]
fn a_hint_in_json_names_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for args in [
        &["funhouse", "new"][..],
        &["--seed", "1", "setup", "slide-jam"],
    ] {
        assert_eq!(common::run(d, args, None).code, 0, "{args:?}");
    }
    // #49 item 3: three hints in a row give the nudge, the move and the
    // line; the JSON names what the text does (#45).
    let flat = |args: &[&str]| {
        let out = common::run(d, args, None).out;
        out.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let nudge = flat(&["hint"]);
    let v: serde_json::Value =
        serde_json::from_str(&common::run(d, &["--json", "hint"], None).out).unwrap();
    let mv = v["data"]["next"]["move"].as_str().expect("a move");
    assert_eq!(v["data"]["level"], 2);
    assert_eq!(v["data"]["room"], "slide-jam");
    let first = mv.split(' ').next().unwrap();
    assert_eq!(
        nudge,
        format!("Slide Jam, a nudge: a family can start with {first} (`hint` again for the move)")
    );
    let line = flat(&["hint"]);
    assert!(
        line.starts_with(&format!("Slide Jam, the best line: 1. {mv}, 2. ")),
        "{line}"
    );
    // A move starts the asking afresh; the score sheet counts every hint.
    let mut words = vec!["move"];
    words.extend(mv.split(' '));
    assert_eq!(common::run(d, &words, None).code, 0);
    assert!(flat(&["hint"]).starts_with("Slide Jam, a nudge:"));
    let card = flat(&["funhouse"]);
    assert!(card.contains("ace Slide Jam - (4 hints)"), "{card}");
    // The room's record keeps them as steps, and `games` counts them apart.
    let games = flat(&["games"]);
    assert!(
        games.contains("Slide Jam, 1 move, 4 hints (in play)"),
        "{games}"
    );
    assert!(
        flat(&["hint", "lines"]).is_empty(),
        "a bad word is refused on stderr"
    );
}
