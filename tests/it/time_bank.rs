//! #62 item 4: the time bank, word for word: `turn clock 20m +10s
//! out=lose` gives everyone their time, `turn` spends it (Fischer's
//! increment after each turn), one person's may differ, a pause stops it,
//! undo takes each change back, and running out is said once and kept.

use crate::common::{self, said};

#[test]
fn the_time_bank_word_for_word() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players Ann Ben Zoë"]);
    assert_eq!(
        said(d, "turn clock 20m +10s out=lose").0,
        "each has 20:00 in the bank, +10 s after each turn; who runs out loses\n"
    );
    assert_eq!(said(d, "turn").0, "Ann's turn (20:00 left)\n");
    assert_eq!(
        said(d, "turn clock ben 25m").0,
        "Ben has 25:00 in the bank, +10 s after each turn; who runs out loses\n"
    );
    assert_eq!(
        said(d, "turn pause").0,
        "the clock is paused: `turn resume` starts it again\n"
    );
    let players = said(d, "players").0;
    assert!(
        players.ends_with(
            "time bank: who runs out loses; +10 s after each turn; paused (`turn resume`)\n"
        ),
        "{players}"
    );
    assert!(
        players.contains("2. Ben: 25:00 left\n3. Zoë: 20:00 left\n"),
        "{players}"
    );
    assert_eq!(said(d, "turn resume").0, "the clock runs again\n");
    assert_eq!(
        said(d, "undo").0,
        "undid: turn resume\n(5 earlier changes can be undone)\n"
    );
    // Passed while paused: the paused time is no one's.
    let passed = said(d, "turn").0;
    // (Ann's turn took the second or two the commands did, no more.)
    assert!(
        [
            "Ann took 0 s, 20:10 left",
            "Ann took 1 s, 20:09 left",
            "Ann took 2 s, 20:08 left"
        ]
        .iter()
        .any(|a| passed.starts_with(&format!("{a}; Ben's turn (25:00 left)"))),
        "{passed}"
    );
    assert_eq!(
        said(d, "turn clock off").0,
        "the time bank is off; turns are still timed\n"
    );
    assert!(!said(d, "players").0.contains("left"));
    // JSON: each one's time left, and the rules.
    common::run_ok(d, &["turn clock 1m"]);
    let v: serde_json::Value = serde_json::from_str(&said(d, "--json players").0).unwrap();
    assert_eq!(v["data"]["players"][2]["left"], 60);
    assert_eq!(v["data"]["bank"]["out"], "warn");
}

#[test]
fn running_out_is_said_once_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players Ann Ben", "turn clock 1s out=warn", "turn"]);
    std::thread::sleep(std::time::Duration::from_millis(2100));
    let players = said(d, "players").0;
    assert!(
        players.contains("1. Ann (starts): ran out, 0:0"),
        "{players}"
    );
    let passed = said(d, "turn").0;
    assert!(
        passed.ends_with("Ann's time ran out (the table's rule: out=warn, play on)\n"),
        "{passed}"
    );
    common::run_ok(d, &["turn"]);
    // Ben's turn was quick; Ann's second is not said again.
    let again = said(d, "turn").0;
    assert!(!again.contains("Ann's time ran out"), "{again}");
    let v: serde_json::Value = serde_json::from_str(&said(d, "--json players").0).unwrap();
    assert_eq!(v["data"]["players"][0]["out"], true);
}
