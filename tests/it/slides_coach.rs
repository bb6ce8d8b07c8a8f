//! Slides of Action's opponent levels and its coach (issue #49 item 4),
//! through the real binary.

use super::common;

use std::path::Path;

fn ok(d: &Path, line: &str) -> String {
    let r = common::run_line(d, line);
    assert_eq!(r.code, 0, "`{line}`: {}", r.err);
    r.out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// With the coach on, a move that lets the other side win next turn is
/// said to, with a move that would not have; a safe move gets nothing.
#[test]
fn the_coach_warns_of_a_move_that_lets_the_other_side_win() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "setup slides players=2 board=ACSA/SACS/CSAC/ACS_ next=C");
    let on = ok(d, "slides coach on");
    assert!(
        on.starts_with(
            "the coach is on: a move that lets another suit win on its next turn is said to"
        ),
        "{on}"
    );
    let warned = ok(d, "slides move r2c4");
    assert!(
        warned.contains("Crowns slid 2 coins from r2c4 into the gap coach: that move lets Suns win next turn (r2c1); r1c4 would not have"),
        "{warned}"
    );
    // The warning is true: Suns wins by it.
    let won = ok(d, "slides move r2c1");
    assert!(won.contains("Suns wins"), "{won}");
    // Taken back, the safe move is made: no word from the coach.
    ok(d, "undo");
    ok(d, "undo");
    let safe = ok(d, "slides move r1c4");
    assert!(!safe.contains("coach:"), "{safe}");
    // Off, nothing is said of a losing move either.
    ok(d, "undo");
    let off = ok(d, "slides coach off");
    assert!(off.starts_with("the coach is off"), "{off}");
    let quiet = ok(d, "slides move r2c4");
    assert!(!quiet.contains("coach:"), "{quiet}");
}

/// `slides ai level=N` and setup's level= pick how far tablemate looks
/// ahead; a bad level names the word.
#[test]
fn the_opponent_plays_at_the_level_asked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "setup slides players=2 board=ACSA/SACS/CSAC/ACS_ next=C");
    let r = common::run_line(d, "slides ai level=4");
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        "error: 'level=4': `slides ai` takes level=1, 2 or 3 (how far it looks ahead)\n"
    );
    let r = common::run_line(d, "setup slides players=2 level=2");
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        "error: 'level=2': a level is tablemate's, with against=tablemate\n"
    );
    // Each level moves, and the record keeps the level asked.
    for level in 1..=3 {
        let said = ok(d, &format!("slides ai level={level}"));
        assert!(said.starts_with("tablemate: "), "{said}");
    }
    let file = d.join("game.json");
    ok(d, &format!("replay 1 --out {}", file.display()));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\"level\": 1"), "{text}");
    // Against tablemate at level 1, it answers at that level.
    let other = tempfile::tempdir().unwrap();
    let o = other.path();
    ok(
        o,
        "--seed 2 setup slides players=2 against=tablemate level=1",
    );
    let export: serde_json::Value = serde_json::from_str(&ok(o, "export")).unwrap();
    assert_eq!(export["slides"]["level"], 1, "{export}");
}

/// `replay N --coach` marks a Slides move that let the other side win.
#[test]
fn replay_coach_marks_a_move_that_let_the_other_side_win() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "setup slides players=2 board=ACSA/SACS/CSAC/ACS_ next=C");
    ok(d, "slides move r2c4");
    ok(d, "slides move r2c1");
    let said = ok(d, "replay 1 --coach");
    assert_eq!(
        said,
        "game 1, Slides of Action: 1 of 2 steps cost move 1 (slides move r2c4): coach: that move lets Suns win next turn (r2c1); r1c4 would not have"
    );
}
