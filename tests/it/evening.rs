//! The rough edges of a table evening (issue #28), each through the
//! binary: the message names what was wrong, in words a player reads.

use super::common;

use common::run;

fn said(line: &str) -> (String, String, i32) {
    let dir = tempfile::tempdir().unwrap();
    said_in(dir.path(), line)
}

fn said_in(d: &std::path::Path, line: &str) -> (String, String, i32) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let r = run(d, &words, None);
    (r.out, r.err, r.code)
}

/// Item 13: a mistyped action names the action, not its command.
#[test]
fn a_mistyped_action_is_named() {
    assert_eq!(
        said("funhouse histroy").1,
        "error: 'histroy' is not a funhouse action (did you mean 'history'?): `funhouse --help` lists them\n"
    );
    assert_eq!(
        said("deck shwo bag").1,
        "error: 'shwo' is not a deck action (did you mean 'show'?): `deck --help` lists them\n"
    );
    assert_eq!(
        said("funhouse é").1,
        "error: 'é' is not a funhouse action: `funhouse --help` lists them\n"
    );
    assert_eq!(
        said("rolll 2d6").1,
        "error: 'rolll' is not a command (did you mean 'roll'?): `help` lists them\n"
    );
}

/// Item 15: command words in any case.
#[test]
fn commands_are_read_in_any_case() {
    let (out, err, code) = said("--seed 1 ROLL 1D6");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("1D6 ["), "{out}");
    let (_, err, code) = said("--seed 1 Deck New bag tiles");
    assert_eq!(code, 0, "{err}");
}

/// Item 8: Slide Jam's hint names the stack, as the solver does.
#[test]
fn the_slide_jam_hint_names_the_stack() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    said_in(d, "funhouse new");
    said_in(d, "--seed 2 setup slide-jam");
    // The first `hint` nudges; asked again, it names the move.
    said_in(d, "hint");
    let (out, _, _) = said_in(d, "hint");
    assert!(
        out.starts_with("Slide Jam: move Ma S2 M3 up stack=1;"),
        "{out}"
    );
}

/// Item 11: `rats back 2` off a coin says the 2 has no use.
#[test]
fn backing_up_off_a_coin_refuses_a_stack() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    said_in(d, "--seed 4 setup lab-rats");
    let (_, err, code) = said_in(d, "rats back 2");
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: '2': the rat is not on a coin, so no coin goes back to a stack; `rats back` alone backs the rat up to the last movement coin's square\n"
    );
}

/// A rats action with words missing says what it takes, not that the
/// action is unknown ("'move' is not a rats action (did you mean
/// 'move'?)" before).
#[test]
fn a_rats_action_short_of_words_says_what_it_takes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    said_in(d, "--seed 4 setup lab-rats");
    let (_, err, code) = said_in(d, "rats move north");
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: 'move north': `rats move` takes a direction and a stack, and with a null how far: `rats move north 2`, `rats move north 2 3`\n"
    );
    let (_, err, _) = said_in(d, "rats lose");
    assert_eq!(
        err,
        "error: 'lose': `rats lose` takes one stack: `rats lose 2`\n"
    );
}

/// Item 9: Whack-a-Dummy with no barrel grid in the run says so.
#[test]
fn whack_without_a_grid_says_the_table_holds_it() {
    let (out, _, code) = said("setup whack");
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Whack-a-Dummy\nyour Barrels grid as it lies on the table, every coin turned\nface down (tablemate holds no grid for this run"),
        "{out}"
    );
}

/// Item 10: with the player's own cards the prompt asks for the card.
#[test]
fn a_game_with_your_own_cards_asks_for_your_card() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (out, err, code) = said_in(d, "setup troll cards=mine card=7H");
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("`troll awaken`"), "{out}");
}

/// Item 20: help in a JSON stream is JSON; seeds tablemate picks are
/// exact in every JSON reader.
#[test]
fn json_stays_json() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(dir.path(), &["--json"], Some("help roll\nroll 2d6\n"));
    for line in r.out.lines() {
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        if v["type"] == "roll" {
            assert!(v["data"]["seed"].as_u64().unwrap() < 1 << 53, "{line}");
        }
    }
    assert!(
        r.out
            .starts_with("{\"type\":\"help\",\"data\":{\"text\":\"Roll dice"),
        "{}",
        r.out
    );
}

/// Item 12: a setup from the pieces dealt at the table.
#[test]
fn slide_jam_and_slides_take_the_table_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (out, err, code) = said_in(
        d,
        "setup slide-jam Sn Sa S2 Mn / Ma M2 C5 A3 / M4 C4 A5 S4 / M3 An M5 A4 / Cn S5 S3 C2 / Ca A2 C3 Aa",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "Slide Jam: 4 wide, 6 high\ntiles: as you gave them\n  Sn  Sa  S2  Mn\n  Ma  M2  C5  A3\n"
        ),
        "{out}"
    );
    // Nothing was drawn: no deal code, no seed.
    assert!(!out.contains("deal "), "{out}");
    assert_eq!(err, "");
    let (_, err, code) = said_in(d, "setup slide-jam Sn Sn");
    assert_eq!(code, 1);
    assert!(err.starts_with("error: tile Sn is entered twice"), "{err}");
    // Slides of Action from the middle of a game.
    let (out, err, code) = said_in(
        d,
        "setup slides players=2 suits=C,S board=ACSA/SACS/_SAC/CACS next=S",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  _ S A C\n"), "{out}");
    assert!(
        out.contains("the game in progress, as you gave it"),
        "{out}"
    );
    assert!(out.contains("Suns to move."), "{out}");
    let (out, _, _) = said_in(d, "slides move r2c1");
    assert!(
        out.starts_with("Suns slid 1 coin from r2c1 into the gap"),
        "{out}"
    );
    for (line, message) in [
        (
            "setup slides board=AAAA/SACS/_SAC/CACS",
            "error: 'board=AAAA/SACS/_SAC/CACS': the board does not hold five Arms coins\n",
        ),
        (
            "setup slides players=2 board=ACSA/SACS/_SAC/CACS next=A",
            "error: 'next=A': Arms takes no turns in this game\n",
        ),
        (
            "setup slides board=ACS/SACS/_SAC/CACS",
            "error: 'board=ACS/SACS/_SAC/CACS': 4 rows of 4 squares, each A, C, S or _ (the gap), split by /\n",
        ),
    ] {
        assert_eq!(said_in(d, line).1, message, "{line}");
    }
}

/// Item 16: `log d20` finds every roll of a d20, whatever was added.
#[test]
fn the_log_finds_rolls_by_their_die() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for e in ["1d20+5", "2d6", "2d20kh1", "d20", "3d6"] {
        assert_eq!(said_in(d, &format!("roll {e}")).2, 0);
    }
    let (out, _, _) = said_in(d, "log d20");
    let exprs: Vec<&str> = out
        .lines()
        .map(|l| l.split("  ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(exprs, ["1d20", "2d20kh1", "d20"], "{out}");
    let (out, _, _) = said_in(d, "log 2d6");
    assert_eq!(out.lines().count(), 1, "{out}");
    let (out, _, _) = said_in(d, "log d6");
    assert_eq!(out.lines().count(), 2, "{out}");
}

/// Item 18: Tab after `troll move `, `solve `, and on an empty line.
#[test]
fn tab_offers_what_comes_next() {
    use tablemate::command::{complete, wants_deck_name};
    assert_eq!(complete("troll move ").1, ["down", "left", "right", "up"]);
    assert_eq!(complete("troll move l").1, ["left"]);
    assert!(complete("solve ").1.contains(&"lab-rats".to_string()));
    let (_, all) = complete("");
    assert!(all.contains(&"roll".to_string()) && all.contains(&"pad".to_string()));
    assert!(wants_deck_name("draw "));
}

/// Item 21: words that read right.
#[test]
fn messages_quote_what_was_typed_and_suggest_only_what_works() {
    assert_eq!(
        said("cast 0").1,
        "error: 'cast 0': cast 1 to 24 coins, or name a coin showing null (`cast Sn`)\n"
    );
    assert_eq!(
        said("score catwalk nxQ4").1,
        "error: 'Q4' in 'nxQ4' is not a tile: expected a value (n a 2 3 4 5) or a code like C3\n"
    );
    assert_eq!(
        said("setup penguins nests=1-2,1-2").1,
        "error: 'nests=': 1-2 is named twice: every nest is different\n"
    );
    assert!(
        said("funhouse delete x")
            .1
            .contains("'x' is not a run's number: `funhouse history` numbers them")
    );
    let (out, _, _) = said("--seed 3 setup barrels");
    assert!(out.contains("the grid above is after these swaps"), "{out}");
    let (out, _, _) = said("--version");
    assert_eq!(out, format!("tablemate {}\n", env!("CARGO_PKG_VERSION")));
}

/// Item 21: `--yes` goes ahead wherever tablemate asks.
#[test]
fn yes_goes_ahead_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    said_in(d, "funhouse new");
    said_in(d, "score sj none");
    assert_eq!(said_in(d, "funhouse new").2, 1);
    assert_eq!(said_in(d, "funhouse new --yes").2, 0);
    said_in(d, "score sj none");
    let (out, _, code) = said_in(d, "funhouse end --yes");
    assert_eq!(code, 0);
    assert!(out.starts_with("run 1 filed: total 0"), "{out}");
    let (out, _, _) = said_in(d, "deck new j jokers");
    assert!(
        out.starts_with("deck 'j': 54 cards (jokers in) shuffled"),
        "{out}"
    );
}

/// Issue #32: odds of a draw from what is left in a saved deck, exact.
#[test]
fn odds_of_a_draw_from_a_saved_deck() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    said_in(d, "deck new hand cards");
    assert_eq!(
        said_in(d, "prob draw 2 from hand hearts").0,
        "hand: 52 left, 13 of them hearts; drawing 2:\n  none       19/34   55.882%\n  exactly 1  13/34   38.235%\n  all 2       1/17    5.882%\nat least one: 15/34 = 44.118%\n"
    );
    let v: serde_json::Value =
        serde_json::from_str(&said_in(d, "--json prob draw 5 from hand ace").0).unwrap();
    assert_eq!(v["data"]["at_least_one"]["fraction"], "18472/54145");
    // What is left changes the odds: ten drawn, 42 left.
    said_in(d, "draw hand 10");
    let v: serde_json::Value =
        serde_json::from_str(&said_in(d, "--json prob draw 1 from hand spades").0).unwrap();
    assert_eq!(v["data"]["left"], 42);
    assert_eq!(
        said_in(d, "prob draw 2 from hnd hearts").1,
        "error: no deck 'hnd' (did you mean 'hand'?): `deck` lists them\n"
    );
    assert_eq!(
        said_in(d, "prob draw 99 from hand hearts").1,
        "error: '99': hand has 42 left, so draw 1 to 42\n"
    );
}

/// Issue #32: `vs` asks a check's single chance, with its fraction.
#[test]
fn a_check_against_a_target_reads_vs() {
    assert_eq!(
        said("prob 1d20+5 vs 15").0,
        "1d20+5 vs 15\npass 55.00% (11/20)\nfail 45.00% (9/20)\n"
    );
    assert_eq!(
        said("--seed 2 roll 1d20+5 vs 15").0,
        "1d20 [18] + 5 = 23 >= 15: pass by 8\n"
    );
}

/// Item 20: a seed above 2^53 is also written as text in every JSON
/// reply (a double cannot hold it), and a record file keeps it as text
/// and reads it back exactly.
#[test]
fn big_seeds_are_exact_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let big = "18446744073709551615";
    let script =
        "roll 2d6\nroll 3x2d6\nshuffle a b c\nseed\nsetup slides players=2\nslides ai\nlog\n";
    let r = run(d, &["--json", "--seed", big], Some(script));
    assert_eq!(r.code, 0, "{}", r.err);
    let replies: Vec<serde_json::Value> = r
        .out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for kind in ["roll", "shuffle", "seed", "setup"] {
        let v = replies.iter().find(|v| v["type"] == kind).unwrap();
        assert_eq!(v["data"]["seed_text"], big, "{v}");
        assert_eq!(v["data"]["seed"].as_u64(), Some(u64::MAX), "{v}");
    }
    let log = replies.iter().find(|v| v["type"] == "log").unwrap();
    assert_eq!(log["data"]["entries"][0]["seed_text"], big, "{log}");
    // The record file: the seed as text, and it imports back whole.
    let file = d.join("game.json");
    let (_, err, code) = said_in(d, &format!("replay 1 --out {}", file.display()));
    assert_eq!(code, 0, "{err}");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(record["steps"][0]["seed"], big, "{record}");
    let other = tempfile::tempdir().unwrap();
    let (_, err, code) = said_in(other.path(), &format!("import {}", file.display()));
    assert_eq!(code, 0, "{err}");
    let (out, _, _) = said_in(other.path(), "--json games");
    assert!(out.contains("\"moves\":1"), "{out}");
}
