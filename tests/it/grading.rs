//! Graded deals and `grade` (issue #49 item 1), through the real binary.

use super::common;

use std::path::Path;

fn ok(d: &Path, line: &str) -> String {
    let r = common::run_line(d, line);
    assert_eq!(r.code, 0, "`{line}`: {}", r.err);
    r.out
}

fn json(d: &Path, line: &str) -> serde_json::Value {
    serde_json::from_str(&ok(d, &format!("--json {line}"))).unwrap()
}

/// A deal dealt for a level grades that level, and `grade` says so and
/// why; the code with the same level deals the same deal again.
#[test]
fn a_deal_for_a_level_grades_that_level_and_deals_again() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "funhouse new");
    let laid = json(d, "--seed 3 setup slide-jam level=hard")["data"].clone();
    assert_eq!(laid["grade"]["level"], "hard", "{laid}");
    let said = json(d, "grade")["data"].clone();
    assert_eq!(said["level"], "hard");
    assert_eq!(said["moves"], 0);
    assert_eq!(said["points"], laid["grade"]["points"]);
    let text = ok(d, "grade")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.starts_with("Slide Jam, as dealt: hard ("), "{text}");
    assert!(text.contains("where only one choice keeps par"), "{text}");
    assert!(text.contains("of random lines reach par"), "{text}");
    // The same code and level, another store: the same grid.
    let code = laid["deal"].as_str().unwrap().to_string();
    let other = tempfile::tempdir().unwrap();
    let again = json(
        other.path(),
        &format!("setup slide-jam level=hard deal={code}"),
    )["data"]
        .clone();
    assert_eq!(again["grid"], laid["grid"]);
    assert_eq!(again["grade"], laid["grade"]);
}

/// Every graded room finds a deal of each level it is asked for.
#[test]
fn each_graded_room_deals_each_level() {
    for (room, levels) in [
        ("magic-mirror", ["easy", "expert"]),
        ("barrels", ["easy", "expert"]),
        ("trampo-land", ["easy", "expert"]),
    ] {
        for level in levels {
            let dir = tempfile::tempdir().unwrap();
            let v = json(dir.path(), &format!("--seed 11 setup {room} level={level}"));
            assert_eq!(v["data"]["grade"]["level"], level, "{room}: {v}");
        }
    }
}

/// The daily deal of a level is the same in two stores, and says which
/// words lay it.
#[test]
fn the_daily_deal_of_a_level_is_the_same_everywhere() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let one = json(a.path(), "--seed 1 setup slide-jam daily level=medium")["data"].clone();
    let two = json(b.path(), "--seed 2 setup slide-jam daily level=medium")["data"].clone();
    assert_eq!(one["grid"], two["grid"]);
    assert_eq!(one["grade"]["level"], "medium");
    let text = ok(a.path(), "setup slide-jam daily level=medium");
    assert!(
        text.contains("`setup slide-jam daily level=medium` today"),
        "{text}"
    );
}

/// Refusals name the bad word and change nothing.
#[test]
fn a_bad_level_or_a_room_without_levels_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "funhouse new");
    let before = ok(d, "export");
    let r = common::run_line(d, "setup slide-jam level=tricky");
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        "error: 'level=tricky': level is one of easy, medium, hard, expert: deal until the deal grades this hard (see `grade`)\n"
    );
    let r = common::run_line(d, "setup whack-a-dummy level=hard");
    assert_eq!(r.code, 1);
    assert!(
        r.err
            .starts_with("error: 'level=hard' is not a setting of setup whack-a-dummy"),
        "{}",
        r.err
    );
    assert_eq!(ok(d, "export"), before);
    // `grade` with nothing set up says what to do.
    let r = common::run_line(d, "grade");
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        "error: the run holds no Slide Jam table to follow: `setup slide-jam` lays one out\n"
    );
}
