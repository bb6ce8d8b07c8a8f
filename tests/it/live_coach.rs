//! The table's coach (`coach on`) weighs each move the player makes as
//! it is made, in every game with a coach: the Funhouse's rooms, and
//! Fuji-san, Mathrix and Piece Gaps by what their own coach says in a
//! replay (`replay N --coach`). Before, only the rooms were weighed live,
//! and a puzzle's losing move passed without a word while `coach on`
//! said every move was weighed.

use tempfile::TempDir;

use super::common;

fn tm(data: &TempDir, args: &[&str]) -> (String, String, i32) {
    common::tm_in(data.path(), args)
}

/// The last line a move printed (the coach speaks after the board).
fn last_line(out: &str) -> &str {
    out.lines().last().unwrap_or_default()
}

#[test]
fn the_table_s_coach_weighs_each_puzzle_s_moves_as_they_are_made() {
    let data = tempfile::tempdir().unwrap();
    let (out, _, code) = tm(&data, &["coach", "on"]);
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "the coach is on: each move you make is weighed against best play\n"
        )
    );

    // Fuji-san: a move that costs one.
    tm(
        &data,
        &["setup", "fuji-san", "coins=44452n24n3aa/a25335325ann"],
    );
    let (out, err, code) = tm(&data, &["fuji", "a1-c1"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        last_line(&out),
        "a1-c1 cost 1 move: 27 to go after it, 26 after n2-m2"
    );

    // Piece Gaps: a move that loses the way home, and one that keeps it.
    tm(
        &data,
        &[
            "setup",
            "piece-gaps",
            "tiles=Sa.C3.C5A4/M5C4A2S5C2Ma/M2S2M4S3.Aa/CaS4A5M3.A3",
        ],
    );
    let (out, _, _) = tm(&data, &["gaps", "move", "S2"]);
    assert_eq!(
        last_line(&out),
        "moving S2 to b4 leaves no way to bring every row home (proved); `gaps move M4 to e1` kept one"
    );
    tm(&data, &["undo"]);
    let (out, _, _) = tm(&data, &["gaps", "move", "M4"]);
    assert_eq!(
        last_line(&out),
        "2 of 20 tiles home; `gaps move TILE` into a gap (4 moves allowed)"
    );

    // Mathrix: the way down to one coin lost, then coins lost beyond
    // the fewest, in the text and in the JSON.
    tm(
        &data,
        &["setup", "mathrix", "coins=354aa2/na4453/n22425/5n33na"],
    );
    let (out, _, _) = tm(&data, &["mathrix", "remove", "c1"]);
    assert_eq!(
        last_line(&out),
        "taking c1 leaves no way down to one coin; a1 (5x0=0) kept one"
    );
    let (out, _, code) = tm(&data, &["--json", "mathrix", "remove", "a2"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["data"]["coached"],
        "taking a2 leaves 5 coins at best; a1 (5x0=0) kept a way down to 4"
    );

    // Off, a move that loses passes without a word.
    tm(&data, &["coach", "off"]);
    let (out, _, _) = tm(&data, &["mathrix", "remove", "b2"]);
    assert!(last_line(&out).ends_with("coins can be taken)"), "{out}");
}
