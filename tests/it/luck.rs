//! #60 item 3: `luck` weighs each person's rolls against the exact odds
//! of the rolls they made: the sum of their totals, and the count of
//! their checks passed, each a percentile with a word and the chance
//! behind it, tablemate's dice and the table's own apart.

use crate::common::{self, said};

/// Hand-worked: Ann's three 2d6 came to 21, the middle of 6d6's
/// distribution (P(21) = 4332/46656, so half the rest is below: 50th);
/// Ben passed 2 of 3 checks that each pass with 11/20 (below 2: 0.42525,
/// exactly 2: 0.408375; 63rd; 2 or more: 57%).
#[test]
fn luck_weighs_each_person_word_for_word() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(
        d,
        &[
            "players ann ben",
            "roll 2d6 = 6 6 as ann",
            "roll 2d6 = 1 1 as ann",
            "roll 2d6 = 3 4 as ann",
            "roll 1d20+5 >= 15 = 20 as ben",
            "roll 1d20+5 >= 15 = 20 as ben",
            "roll 1d20+5 >= 15 = 1 as ben",
        ],
    );
    let (out, err, code) = said(d, "luck");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("Luck since the table sat down ("),
        "{out}"
    );
    assert_eq!(
        lines[1..],
        [
            "ann's 3 rolls of the table's dice came to 21 (21.0 expected), higher than 50% of evenings with the same rolls: about as the odds say (this high or more: 55%)",
            "ben's 3 checks on the table's dice: 2 passed (1.7 expected), higher than 63% of evenings with the same rolls: about as the odds say (this many or more: 57%)",
            "",
            "ann |-----●----| 50th (the table's dice, totals)",
            "ben |------●---| 63rd (the table's dice, checks)",
        ]
    );
    let (out, _, _) = said(d, "--json luck ben");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let checks = &v["data"]["rows"][0]["checks"];
    assert_eq!(v["data"]["rows"][0]["dice"], "table");
    assert!((checks["below"].as_f64().unwrap() - 0.42525).abs() < 1e-12);
    assert!((checks["at"].as_f64().unwrap() - 0.408375).abs() < 1e-12);
    assert_eq!(checks["observed"], 2);
    let (out, _, _) = said(d, "--json luck ann");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let totals = &v["data"]["rows"][0]["totals"];
    assert!((totals["at"].as_f64().unwrap() - 4332.0 / 46656.0).abs() < 1e-12);
    assert!((totals["percentile"].as_f64().unwrap() - 0.5).abs() < 1e-12);
}

/// tablemate's dice and the table's apart; a system's roll and a roll
/// naming no one said, not weighed; a day and the whole log.
#[test]
fn luck_keeps_the_dice_apart_and_says_what_it_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(
        d,
        &[
            "players ann ben",
            "roll 2d6 as ann",
            "roll 2d6 = 6 6 as ann",
            "roll sr 3 as ann",
            "roll 1d6",
        ],
    );
    let (out, _, _) = said(d, "luck all");
    assert!(out.starts_with("Luck over the whole roll log:\n"), "{out}");
    assert!(
        out.contains("ann's 1 roll of tablemate's dice came to "),
        "{out}"
    );
    assert!(out.contains("ann's 1 roll of the table's dice came to 12 (7.0 expected), higher than 99% of runs with the same rolls: very lucky (this high or more: 3%)"), "{out}");
    assert!(
        out.contains("left out: 1 roll, a game system's roll (its words have no one scale) (sr 3)"),
        "{out}"
    );
    assert!(
        out.contains("1 roll named no one (`roll 2d6 as ben` names who rolled)"),
        "{out}"
    );
    // Today is every roll of this log; a day's rolls are an evening's.
    let today = said(d, "luck today").0;
    assert_eq!(
        today.split_once('\n').unwrap().1,
        out.split_once('\n')
            .unwrap()
            .1
            .replace(" runs ", " evenings ")
    );
    let (out, _, code) = said(d, "luck ben");
    assert_eq!(code, 0);
    assert!(
        out.starts_with("no rolls by ben since the table sat down ("),
        "{out}"
    );
}
