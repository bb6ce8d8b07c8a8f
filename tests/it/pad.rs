//! The score pad, `first`, `seating` and `turn`, run through the binary:
//! exact tables and totals, corrections and undo, targets, filed games,
//! entries from many processes at once, and bad input refused with
//! nothing changed.

use super::common;

use std::path::Path;
use std::process::Stdio;

use common::{run, std_command, tm_in};
use serde_json::Value;

/// Run `line` (split on spaces); it must succeed; its output.
fn ok(data: &Path, line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let r = run(data, &words, None);
    assert_eq!(r.code, 0, "`{line}` failed: {}", r.err);
    r.out
}

/// Run `line`; it must be refused; its message.
fn refused(data: &Path, line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let r = run(data, &words, None);
    assert_eq!(r.code, 1, "`{line}` was not refused: {}", r.out);
    r.err
}

/// The open pad and the filed games as JSON (what must not change).
fn saved(data: &Path) -> (String, String) {
    (ok(data, "--json pad"), ok(data, "--json pad history"))
}

#[test]
fn four_rounds_with_a_fix_and_an_undo() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        ok(d, "pad new hearts alice bob carol dave"),
        "new pad: hearts\nhearts, higher wins\n\
         players: alice, bob, carol, dave; no scores yet: `pad N N N N` records a round\n"
    );
    ok(d, "pad 12 7 0 6");
    ok(d, "pad 3 9 4 1");
    // One player's score at a time fills the next round.
    ok(d, "pad alice 5");
    ok(d, "pad bob 2");
    ok(d, "pad carol 8");
    assert_eq!(
        ok(d, "pad dave 11"),
        "round 3: dave 11\nhearts, higher wins\n\
         round alice   bob carol  dave\n\
         \x20   1    12     7     0     6\n\
         \x20   2     3     9     4     1\n\
         \x20   3     5     2     8    11\n\
         total    20    18    12    18\n\
         alice leads with 20\n"
    );
    ok(d, "pad 0 10 1 2");
    assert_eq!(
        ok(d, "pad fix 2 bob 19"),
        "round 2: bob 9 -> 19\nhearts, higher wins\n\
         round alice   bob carol  dave\n\
         \x20   1    12     7     0     6\n\
         \x20   2     3    19     4     1\n\
         \x20   3     5     2     8    11\n\
         \x20   4     0    10     1     2\n\
         total    20    38    13    20\n\
         bob leads with 38\n"
    );
    assert_eq!(
        ok(d, "undo"),
        "undid: pad fix 2 bob 19\n(8 earlier changes can be undone)\n"
    );
    let pad: Value = serde_json::from_str(&ok(d, "--json pad")).unwrap();
    assert_eq!(pad["data"]["totals"], serde_json::json!([20, 28, 13, 20]));
    assert_eq!(pad["data"]["leaders"], serde_json::json!(["bob"]));
    assert_eq!(ok(d, "pad end"), "hearts filed as game 1; won by bob\n");
}

#[test]
fn lower_wins_and_a_target_end_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "pad new hearts ann bo cy lower wins to 50");
    ok(d, "pad 10 20 30");
    // Round 2, entered whole, takes bo to the target: the game is over.
    assert_eq!(
        ok(d, "pad 5 30 10"),
        "round 2: ann 5, bo 30, cy 10\n\
         game over: ann wins with 15 (`pad end` files it)\n\
         hearts, lower wins, to 50\n\
         round ann  bo  cy\n\
         \x20   1  10  20  30\n\
         \x20   2   5  30  10\n\
         total  15  50  40\n"
    );
    let out = ok(d, "pad");
    assert!(
        out.starts_with("hearts, lower wins, to 50\n")
            && out.ends_with("\ngame over: ann wins with 15 (`pad end` files it)\n"),
        "{out}"
    );
    let before = saved(d);
    assert_eq!(
        refused(d, "pad 1 1 1"),
        "error: the game is over (50 reached the target; ann won): `pad end` files it, `pad fix` corrects a score\n"
    );
    assert_eq!(saved(d), before);
    // A correction can undo the win.
    let out = ok(d, "pad fix 2 bo 10");
    assert!(out.contains("ann leads with 15; cy 10 from 50"), "{out}");
    assert!(ok(d, "pad cy 9").ends_with("\nann leads with 15; cy 1 from 50\n"));
}

/// Players who never scored neither lead nor win (#78): in a lower-wins
/// game an empty column is not a 0 that beats every score.
#[test]
fn players_who_never_scored_do_not_win() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "pad new hearts ann bo cy dan eve fay lower wins to 50");
    ok(d, "pad bo 12");
    ok(d, "pad cy 7");
    ok(d, "pad eve 9");
    let out = ok(d, "pad fay 20");
    assert!(
        out.ends_with("\ncy leads with 7; fay 30 from 50\n"),
        "{out}"
    );
    let pad: Value = serde_json::from_str(&ok(d, "--json pad")).unwrap();
    assert_eq!(pad["data"]["leaders"], serde_json::json!(["cy"]));
    assert_eq!(ok(d, "pad end"), "hearts filed as game 1; won by cy\n");
    let stats = ok(d, "stats hearts");
    assert!(!stats.contains("ann 100%"), "{stats}");
}

/// #78 item 2, every view at once: a player with no score shows `-`
/// (JSON `null`), never a 0, in the pad's terminal table, its JSON, the
/// shared screen's `/state.json`, the filed games, `pad stats`, `stats`
/// and the plays file that travels.
#[test]
fn no_score_reads_as_none_in_every_view() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "pad new hearts ann bo cy lower wins to 50");
    ok(d, "pad bo 12");
    let out = ok(d, "pad cy 7");
    let total = |text: &str| -> Vec<String> {
        let line = text
            .lines()
            .find(|l| l.starts_with("total"))
            .unwrap_or_else(|| panic!("no total row: {text}"));
        line.split_whitespace().map(String::from).collect()
    };
    assert_eq!(total(&out), ["total", "-", "12", "7"], "{out}");
    let pad: Value = serde_json::from_str(&ok(d, "--json pad")).unwrap();
    assert_eq!(pad["data"]["totals"], serde_json::json!([null, 12, 7]));
    {
        let server = crate::serve::serve(d, &[]);
        let (_, _, state) = crate::serve::get(server.port, "/state.json");
        let v: Value = serde_json::from_str(&state).unwrap();
        let pad = v["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["grid"]["head"][0] == "round")
            .unwrap_or_else(|| panic!("no pad on the screen: {state}"));
        assert_eq!(
            pad["grid"]["foot"][0],
            serde_json::json!(["total", "-", "12", "7"])
        );
        assert!(
            pad["grid"]["notes"][0]
                .as_str()
                .is_some_and(|n| n.starts_with("cy leads with 7")),
            "{pad}"
        );
    }
    assert_eq!(ok(d, "pad end"), "hearts filed as game 1; won by cy\n");
    let history: Value = serde_json::from_str(&ok(d, "--json pad history")).unwrap();
    assert_eq!(
        history["data"]["games"][0]["totals"],
        serde_json::json!([null, 12, 7])
    );
    let stats = ok(d, "pad stats");
    let ann: Vec<&str> = stats
        .lines()
        .find(|l| l.starts_with("ann"))
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(ann, ["ann", "1", "0", "-", "-"], "{stats}");
    let stats = ok(d, "stats hearts");
    let ann = stats.lines().find(|l| l.starts_with("ann:")).unwrap();
    assert_eq!(
        ann,
        "ann: 1 play, 0 won: 0% (0% to 79%); lost most to cy (1)"
    );
    let file = d.join("plays.csv");
    ok(d, &format!("stats export {}", file.display()));
    let csv = std::fs::read_to_string(&file).unwrap();
    let head: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let score = head.iter().position(|&h| h == "score").unwrap();
    let name = head.iter().position(|&h| h == "name").unwrap();
    let scores: Vec<(String, String)> = csv
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[name].to_string(), f[score].to_string())
        })
        .collect();
    assert_eq!(
        scores,
        [
            ("ann".to_string(), String::new()),
            ("bo".to_string(), "12".to_string()),
            ("cy".to_string(), "7".to_string())
        ],
        "{csv}"
    );
}

#[test]
fn a_target_reached_mid_round_waits_for_the_round() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "pad new rummy ann bo to 100");
    ok(d, "pad 60 40");
    let out = ok(d, "pad ann 45");
    assert!(
        out.ends_with(
            "ann leads with 105; ann reached 100: the game ends when round 2 is complete\n"
        ),
        "{out}"
    );
    let out = ok(d, "pad bo 70");
    assert!(
        out.starts_with("round 2: bo 70\ngame over: bo wins with 110 (`pad end` files it)\n"),
        "{out}"
    );
}

#[test]
fn history_and_stats_over_three_games() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "pad new hearts ann bo cy lower wins");
    ok(d, "pad 10 20 30");
    ok(d, "pad end");
    ok(d, "pad new hearts ann bo cy lower wins");
    ok(d, "pad 25 5 30");
    // A new pad over one with scores asks first; --yes files it.
    assert_eq!(
        refused(d, "pad new rummy ann bo"),
        "error: a pad is open (hearts, 1 round); file it and start rummy? (`pad new rummy ann bo --yes` to go ahead)\n"
    );
    assert_eq!(
        ok(d, "pad new rummy ann bo --yes"),
        "new pad: rummy (the open pad was filed as game 2)\nrummy, higher wins\n\
         players: ann, bo; no scores yet: `pad N N` records a round\n"
    );
    ok(d, "pad 40 40");
    assert_eq!(
        ok(d, "pad end"),
        "rummy filed as game 3; won by ann and bo\n"
    );
    let day = ok(d, "--json pad history");
    let v: Value = serde_json::from_str(&day).unwrap();
    let today = v["data"]["games"][0]["ended"].as_str().unwrap().to_string();
    assert_eq!(
        ok(d, "pad history"),
        format!(
            "game 1, {today}: hearts, 3 players, 1 round; won by ann\n\
             game 2, {today}: hearts, 3 players, 1 round; won by bo\n\
             game 3, {today}: rummy, 2 players, 1 round; won by ann\n\
             \x20 and bo\n"
        )
    );
    assert_eq!(
        ok(d, "pad stats"),
        "hearts (lower wins)\n\
         player       games  wins  average  best\n\
         ann              2     1     17.5    10\n\
         bo               2     1     12.5     5\n\
         cy               2     0     30.0    30\n\
         rummy (higher wins)\n\
         player       games  wins  average  best\n\
         ann              1     1     40.0    40\n\
         bo               1     1     40.0    40\n"
    );
    assert!(ok(d, "pad stats rummy").starts_with("rummy (higher wins)\n"));
    assert_eq!(
        refused(d, "pad stats heart"),
        "error: no filed games of 'heart' (did you mean 'hearts'?)\n"
    );
}

#[test]
fn bad_input_names_the_word_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        refused(d, "pad 1 2"),
        "error: no pad open: `pad new GAME PLAYER...` starts one (pad new hearts alice bob carol)\n"
    );
    ok(d, "pad new hearts alice bob carol dave");
    ok(d, "pad 1 2 3 4");
    let before = saved(d);
    for (line, message) in [
        (
            "pad zed 3",
            "error: 'zed' is not a player of hearts: alice, bob, carol, dave\n",
        ),
        ("pad alic 3", ""),
        (
            "pad 1 2 3",
            "error: 3 scores for 4 players: one each, in seating order (alice bob carol dave)\n",
        ),
        (
            "pad alice twelve",
            "error: 'twelve' is not a score: write a whole number, like pad alice 12\n",
        ),
        (
            "pad 1 2 x 4",
            "error: 'x' is not understood here: pad 12 7 0 6 (a round), pad alice 12, pad fix 3 bob 9, pad new GAME PLAYERS, pad end, pad history, pad stats\n",
        ),
        (
            "pad alice 99999999999999999999999",
            "error: '99999999999999999999999' is out of range for a score (-1000000000 to 1000000000)\n",
        ),
        (
            "pad bob 1000000001",
            "error: '1000000001' is out of range for a score (-1000000000 to 1000000000)\n",
        ),
        (
            "pad fix 9 bob 1",
            "error: '9' is not a round of this pad: rounds 1 to 1\n",
        ),
        (
            "pad fix x bob 1",
            "error: 'x' is not a round: pad fix 3 bob 9\n",
        ),
        (
            "turn now",
            "error: 'now' is not understood here: `turn` passes the turn; turn clock 20m [+10s] [out=lose|warn], turn clock NAME 25m, turn clock off, turn pause, turn resume\n",
        ),
        ("pad new hearts al al", "error: 'al' is named twice\n"),
        (
            "pad new hearts 12 al",
            "error: '12' cannot name a player: it is a number or one of the pad's words\n",
        ),
    ] {
        if message.is_empty() {
            // A unique start of a name is that player: not refused.
            continue;
        }
        assert_eq!(refused(d, line), message, "{line}");
        assert_eq!(saved(d), before, "`{line}` changed the pad");
    }
    // `alic` is alice: accepted.
    assert!(ok(d, "pad alic 3").starts_with("round 2: alice 3\n"));
}

#[test]
fn twenty_processes_at_once_keep_every_entry() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "pad new darts alice bob");
    let children: Vec<_> = (0..20)
        .map(|i| {
            let who = if i % 2 == 0 { "alice" } else { "bob" };
            std_command(d)
                .args(["pad", who, &(i + 1).to_string()])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let out = common::wait::collect_within(c, common::wait::COMMAND, "a `pad` process");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let v: Value = serde_json::from_str(&ok(d, "--json pad")).unwrap();
    let rounds = v["data"]["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 10, "{rounds:?}");
    // Every entry once: alice had the odd numbers 1..19, bob the even.
    let mut alice: Vec<i64> = rounds.iter().map(|r| r[0].as_i64().unwrap()).collect();
    let mut bob: Vec<i64> = rounds.iter().map(|r| r[1].as_i64().unwrap()).collect();
    alice.sort();
    bob.sort();
    assert_eq!(alice, (0..10).map(|i| 2 * i + 1).collect::<Vec<_>>());
    assert_eq!(bob, (1..=10).map(|i| 2 * i).collect::<Vec<_>>());
    assert_eq!(v["data"]["totals"], serde_json::json!([100, 110]));
}

#[test]
fn first_and_seating_deal_again_from_their_code() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = ok(d, "--seed 4 first alice bob carol");
    let code = out
        .lines()
        .find_map(|l| l.strip_prefix("deal "))
        .and_then(|l| l.split(':').next())
        .unwrap()
        .to_string();
    let again = ok(d, &format!("first alice bob carol deal={code}"));
    assert_eq!(again.lines().next(), out.lines().next());
    assert_eq!(
        ok(d, "seating alice bob carol dave deal=0ABCDE"),
        ok(d, "seating alice bob carol dave deal=0abcde")
    );
    let v: Value =
        serde_json::from_str(&ok(d, "--json seating alice bob carol dave deal=0ABCDE")).unwrap();
    let mut order: Vec<&str> = v["data"]["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    order.sort();
    assert_eq!(order, ["alice", "bob", "carol", "dave"]);
    // With no names, the table's players (the last seated): a pad keeps
    // its own players and never reseats the table (#56).
    let fresh = tempfile::tempdir().unwrap();
    assert_eq!(
        refused(fresh.path(), "first"),
        "error: name the players (first alice bob carol), or seat them: players alice bob carol\n"
    );
    ok(d, "players ann bo cy");
    let out = ok(d, "first deal=0ABCDE");
    assert!(
        out.ends_with("`first ann bo cy deal=0ABCDE` picks again\n"),
        "{out}"
    );
    assert_eq!(
        refused(d, "first ann"),
        "error: 'ann' alone: name two or more players (first alice bob carol)\n"
    );
    assert_eq!(
        refused(d, "seating a b deal=xx"),
        "error: 'xx' is not a deal code: six letters and digits, as tablemate printed it\n"
    );
}

#[test]
fn turns_pass_in_seating_order_and_are_timed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A pad opened while no one sits seats its players; the turn and its
    // clock are the table's (#56), so `pad new` never moves the turn.
    ok(d, "pad new chess white black");
    assert_eq!(ok(d, "turn"), "white's turn\n");
    assert!(ok(d, "turn").starts_with("white took "));
    assert!(ok(d, "turn").starts_with("black took "));
    let v: Value = serde_json::from_str(&ok(d, "--json players")).unwrap();
    assert_eq!(v["data"]["players"][0]["turns"], 1, "{v}");
    assert_eq!(v["data"]["players"][1]["turns"], 1, "{v}");
    assert_eq!(v["data"]["turn"]["name"], "white", "{v}");
    ok(d, "pad new draughts --yes");
    assert_eq!(
        serde_json::from_str::<Value>(&ok(d, "--json players")).unwrap()["data"]["turn"]["name"],
        "white"
    );
    let out = ok(d, "players");
    assert!(out.contains("1. white (starts): thought "), "{out}");
    assert!(out.ends_with(" so far)\n"), "{out}");
}

#[test]
fn export_and_import_carry_the_pads() {
    let from = tempfile::tempdir().unwrap();
    let to = tempfile::tempdir().unwrap();
    ok(from.path(), "pad new hearts ann bo");
    ok(from.path(), "pad 3 4");
    ok(from.path(), "pad end");
    ok(from.path(), "pad new rummy ann bo cy to 100");
    ok(from.path(), "pad 10 20 30");
    let file = from.path().join("table.json");
    ok(from.path(), &format!("export {}", file.display()));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\"pads\""), "{text}");
    let (_, err, code) = tm_in(to.path(), &["import", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(saved(to.path()), saved(from.path()));
}

/// Names as a score sheet holds them: spaces (quoted), accents, emoji;
/// typed without case or accents; columns lined up by display width, so
/// an emoji does not shift its row (#47, first part).
#[test]
fn names_are_any_printable_text_and_line_up() {
    use unicode_width::UnicodeWidthStr;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ok = |args: &[&str]| {
        let (out, err, code) = common::tm_in(d, args);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    ok(&["pad", "new", "hearts", "Ann Lee", "zoë", "🐧Pat"]);
    ok(&["pad", "1", "2", "3"]);
    assert_eq!(
        ok(&["pad", "zoe", "5"]).lines().next(),
        Some("round 2: zoë 5")
    );
    assert_eq!(
        ok(&["pad", "ANN LEE", "4"]).lines().next(),
        Some("round 2: Ann Lee 4")
    );
    let table = ok(&["pad", "🐧pat", "7"]);
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| !l.contains(':'))
        .filter(|l| l.starts_with("round ") || l.starts_with("    ") || l.starts_with("total"))
        .collect();
    assert_eq!(rows.len(), 4, "{table}");
    assert!(rows.iter().all(|r| r.width() == rows[0].width()), "{table}");
    assert_eq!(rows[0], "round Ann Lee     zoë   🐧Pat");
    assert_eq!(rows[3], "total       5       7      10");
    ok(&["pad", "end"]);
    let stats = ok(&["pad", "stats"]);
    let rows: Vec<&str> = stats.lines().skip(1).collect();
    assert_eq!(rows.len(), 4, "{stats}");
    assert!(rows.iter().all(|r| r.width() == rows[0].width()), "{stats}");
    assert!(
        rows.contains(&"🐧Pat            1     1     10.0    10"),
        "{stats}"
    );
    // Two names that type alike are one name twice.
    let (_, err, code) = common::tm_in(d, &["pad", "new", "g", "zoë", "ZOE", "--yes"]);
    assert_eq!(code, 1);
    assert_eq!(err, "error: 'ZOE' is named twice\n");
    let (_, err, _) = common::tm_in(d, &["pad", "new", "g", "Ann  Lee", "--yes"]);
    assert!(
        err.contains("it starts or ends with a space, or has two together"),
        "{err}"
    );
}

/// #78 item 6: `--yes` anywhere in `pad new` (it was taken for the
/// game's name), `pad end --yes` files (it was "'end' is not understood
/// here (did you mean 'end'?)"), and `stats --out` says what it wrote.
#[test]
fn yes_goes_anywhere_and_a_drawing_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "pad new hearts ann bo");
    ok(d, "pad 3 4");
    assert_eq!(
        ok(d, "pad new --yes darts ann bo"),
        "new pad: darts (the open pad was filed as game 1)\ndarts, higher wins\n\
         players: ann, bo; no scores yet: `pad N N` records a round\n"
    );
    ok(d, "pad 5 2");
    assert_eq!(
        ok(d, "pad end --yes"),
        "darts filed as game 2; won by ann\n"
    );
    let svg = d.join("rates.svg");
    let out = ok(d, &format!("stats --out {}", svg.display()));
    assert!(
        out.ends_with(&format!("(written to {})\n", svg.display())),
        "{out}"
    );
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let empty = tempfile::tempdir().unwrap();
    let none = empty.path().join("none.svg");
    let words = format!("stats --out {}", none.display());
    let said = ok(empty.path(), &words);
    assert!(
        said.ends_with(&format!(
            "(nothing written to {}: no win rates to draw yet)\n",
            none.display()
        )),
        "{said}"
    );
    assert!(!none.exists());
}

/// A question the REPL asks is said wrapped to the terminal like any
/// answer, then the short `[y/N] ` prompt (as one long prompt it broke
/// inside a word at 40 columns: "Pengui/n's").
#[test]
fn the_repl_wraps_its_question_before_the_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    ok(dir.path(), "pad new hearts ann bo");
    ok(dir.path(), "pad 3 4");
    let keys: &[(u64, &[u8])] = &[(300, b"pad new darts\r"), (300, b"n\r"), (300, b"quit\r")];
    let Some((status, screen)) = common::repl_in_terminal(&["--data", data], &[], keys) else {
        return;
    };
    assert!(status.success(), "{screen}");
    let screen = super::table_dice::screen_text(&screen);
    // The question on lines of its own (wrapped to the pty's width, as
    // answers are), then the prompt alone.
    let (asked, after) = screen
        .split_once("\n[y/N] n\n(nothing changed)\n")
        .unwrap_or_else(|| panic!("{screen}"));
    let asked: Vec<&str> = asked
        .rsplit("tm> pad new darts\n")
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(
        asked.join(" "),
        "a pad is open (hearts, 1 round); file it and start darts?",
        "{screen}"
    );
    assert!(after.starts_with("tm> "), "{screen}");
}
