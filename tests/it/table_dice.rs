//! #60 item 1-2: `roll EXPR = FACES` reads what the table's own dice
//! showed into the whole expression (and the game systems), asks for
//! exactly the dice the rules still need, refuses a face naming it, and
//! logs the roll under the person as the table's, which `log verify`
//! reads again from its faces.

use crate::common::{self, run, said};
use crate::secret_rolls::forge;

/// What a terminal shows, without its control sequences.
pub(super) fn screen_text(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            if chars.peek() == Some(&'[') {
                chars.next();
                while let Some(&n) = chars.peek() {
                    chars.next();
                    if n.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
            continue;
        }
        if c != '\r' {
            out.push(c);
        }
    }
    out.replace("\n  ", " ")
}

#[test]
fn faces_read_into_expressions_and_systems_word_for_word() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (line, out) in [
        (
            "roll 4d6kh3 = 3 1 4 2",
            "4d6kh3 [3, ~~1~~, 4, 2] = 9 (the table's dice)\n",
        ),
        (
            "roll 3d6! = 6 6 2 6 3 4",
            "3d6! [6!, 6!, 4, 6!, 3, 2] = 27 (the table's dice)\n",
        ),
        (
            "roll 1d20+5 >= 15 = 12",
            "1d20 [12] + 5 = 17 >= 15: pass by 2 (the table's dice)\n",
        ),
        (
            "roll 2d6 = 3 4 # to hit",
            "2d6 [3, 4] = 7  # to hit (the table's dice)\n",
        ),
        (
            "roll 4dF = + - 0 +",
            "4dF [+, -, 0, +] = 1 (the table's dice)\n",
        ),
        (
            "roll 3pp = null ace 5",
            "3pp [null, ace, 5] = 6 (the table's dice)\n",
        ),
        (
            "roll 10d10>=8 = 7 2 5 2 3 5 8 7 8 1",
            "10d10>=8 [7, 2, 5, 2, 3, 5, 8✓, 7, 8✓, 1] = 2 successes (the table's dice)\n",
        ),
        (
            "roll sr 12 = 1 2 5 5 4 3 1 6 3 6 2 3",
            "sr 12 [1, 2, 5, 5, 4, 3, 1, 6, 3, 6, 2, 3]: 4 hits (the table's dice)\n",
        ),
        (
            "roll wod 3 diff=6 again = 10 10 4 10 2 3",
            "wod 3 diff=6 again [10, 10, 4, 10, 3, 2]: 3 successes (the table's dice)\n",
        ),
        (
            "roll coc 50 bonus=1 = 40 10 7",
            "coc 50 bonus=1 [tens 40, 10; units 7] 17: hard success (the table's dice)\n",
        ),
        (
            "roll pbta+1 = 6 5",
            "pbta+1 [6, 5] +1 = 12: strong hit (the table's dice)\n",
        ),
    ] {
        let (o, e, code) = said(d, line);
        assert_eq!((o.as_str(), code), (out, 0), "{line}: {e}");
        // The table's dice have no seed to tell.
        assert_eq!(e, "", "{line}");
    }
    // A saved roll takes the faces of its dice.
    common::run_ok(d, &["save attack 1d20+5"]);
    let (o, _, _) = said(d, "roll attack = 14");
    assert_eq!(o, "1d20 [14] + 5 = 19 (the table's dice)\n");
    // JSON says whose dice they were and what they showed, and no seed.
    let (o, _, _) = said(d, "--json roll 2d6 = 3 4 as ben");
    let v: serde_json::Value = serde_json::from_str(&o).unwrap();
    assert_eq!(v["data"]["dice"], "table");
    assert_eq!(v["data"]["faces"], serde_json::json!([3, 4]));
    assert_eq!(v["data"]["by"], "ben");
    assert_eq!(v["data"]["total"], 7);
    assert!(v["data"].get("seed").is_none(), "{o}");
}

/// The same roll, made by tablemate and typed back from its faces, gives
/// the same line (the library test does every construct; this is the
/// binary end to end).
#[test]
fn a_roll_typed_back_from_its_faces_reads_as_tablemate_rolled_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (expr, seed) in [("4d6kh3", "7"), ("8d10>7f1", "3"), ("{3d6, 2d10}kh1", "5")] {
        let rolled = run(d, &["--json", "--seed", seed, "roll", expr], None);
        let v: serde_json::Value = serde_json::from_str(&rolled.out).unwrap();
        let faces: Vec<String> = v["data"]["terms"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|t| t["dice"].as_array().unwrap().clone())
            .map(|die| die["face"].as_str().unwrap().to_string())
            .collect();
        let line = run(d, &["--seed", seed, "roll", expr], None).out;
        let mut args = vec!["roll", expr, "="];
        args.extend(faces.iter().map(String::as_str));
        let read = run(d, &args, None);
        assert_eq!(
            read.out,
            format!("{} (the table's dice)\n", line.trim_end()),
            "{expr}"
        );
    }
}

#[test]
fn the_dice_the_rules_still_need_are_asked_for_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (line, err) in [
        (
            "roll 3d6! = 6 6 2",
            "error: two 6s explode: roll 2 more d6, and add their faces at the end: roll 3d6! = 6 6 2 …\n",
        ),
        (
            "roll 3d6! = 6 6 2 6 3",
            "error: 6 explodes: roll one more d6, and add its face at the end: roll 3d6! = 6 6 2 6 3 …\n",
        ),
        (
            "roll 2d6rr1 = 1 4",
            "error: 1 is rolled again: roll one more d6, and add its face at the end: roll 2d6rr1 = 1 4 …\n",
        ),
        (
            "roll 3d6u = 2 2 5",
            "error: 2 is shown already: roll one more d6, and add its face at the end: roll 3d6u = 2 2 5 …\n",
        ),
        (
            "roll 2d6ra6 = 6 2",
            "error: 6 adds a die: roll one more d6, and add its face at the end: roll 2d6ra6 = 6 2 …\n",
        ),
        (
            "roll 4d6kh3 = 3 1",
            "error: 2 dice are not given yet: roll 2 more d6, and add their faces at the end: roll 4d6kh3 = 3 1 …\n",
        ),
        (
            "roll 1d6+1d8 =",
            "error: 2 dice are not given yet: roll one more d6 and one more d8, and add their faces at the end: roll 1d6+1d8 = …\n",
        ),
        (
            "roll wod 3 diff=6 again = 10 10 4",
            "error: two 10s explode: roll 2 more d10, and add their faces at the end: roll wod 3 diff=6 again = 10 10 4 …\n",
        ),
        (
            "roll 3d6! = 6 2 3 as ben",
            "error: 6 explodes: roll one more d6, and add its face at the end: roll 3d6! = 6 2 3 … as ben\n",
        ),
    ] {
        let (o, e, code) = said(d, line);
        assert_eq!((o.as_str(), e.as_str(), code), ("", err, 1), "{line}");
    }
    // Nothing was logged by any of them.
    assert_eq!(
        said(d, "log").0,
        "no rolls in the log yet: `roll 2d6` adds one\n"
    );
}

#[test]
fn a_bad_face_is_refused_naming_it_and_nothing_is_logged() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (line, err) in [
        (
            "roll 1d6+1d20 = 15 3",
            "error: '15' is not a face of d6 (the 1st face given)\n",
        ),
        (
            "roll 3d6 = 2 2 x",
            "error: 'x' is not a face of d6 (the 3rd face given)\n",
        ),
        (
            "roll 1d6! = 6 7",
            "error: '7' is not a face of d6 (the 2nd face given, for the 6 that explodes)\n",
        ),
        (
            "roll 2d6 = 3 4 5",
            "error: 1 more face than the roll uses: '5' (it used 2)\n",
        ),
        (
            "roll 4dF = + - 2 0",
            "error: '2' is not a face of dF (the 3rd face given)\n",
        ),
        (
            "roll coc 50 = 45 7",
            "error: '45' is not a face of d% tens die (00 to 90) (the 1st face given)\n",
        ),
        (
            "roll = 3 4",
            "error: the roll goes before '=' and the faces the dice showed after it: roll 2d6 = 3 4\n",
        ),
        (
            "roll 2x3d6 = 1 2 3",
            "error: 2x rolls 2 times; the table's dice are read one roll at a time: roll 3d6 = …\n",
        ),
        (
            "roll 1d20, 1d6 = 3",
            "error: '1d20, 1d6': the table's dice are read one roll at a time: roll 1d20 = …\n",
        ),
        (
            "roll genesys 2a = 1 2",
            "error: 'genesys 2a' rolls dice that show symbols: tablemate reads the table's numbered dice, not these\n",
        ),
        (
            "roll atack = 14",
            "error: expected a number, dice or '(', found 'a' in dice expression atack ^\n",
        ),
    ] {
        let (o, e, code) = said(d, line);
        assert_eq!((o.as_str(), code), ("", 1), "{line}: {e}");
        assert_eq!(e, err, "{line}");
    }
    assert_eq!(
        said(d, "log").0,
        "no rolls in the log yet: `roll 2d6` adds one\n"
    );
}

#[test]
fn the_table_s_dice_are_logged_under_the_person_and_verified_from_their_faces() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(
        d,
        &[
            "players ann ben",
            "roll 2d6 = 3 4 as ben",
            "roll sr 4 = 5 6 1 2 as ann",
            "roll 1d20",
        ],
    );
    let log = said(d, "log").0;
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines[0], "just now  ben: 2d6 [3, 4] = 7 (the table's dice)");
    assert_eq!(
        lines[1],
        "just now  ann: sr 4 [5, 6, 1, 2]: 2 hits (the table's dice)"
    );
    assert!(!lines[2].contains("table's"), "{log}");
    let verified = said(d, "log verify").0;
    assert!(
        verified.contains(
            "2 rolls of the table's own dice: no seed can prove them; their faces give the dice logged"
        ),
        "{verified}"
    );
    assert!(
        verified
            .contains("the dice of the one roll, rolled again from its seed, came up as logged"),
        "{verified}"
    );
    // A shown roll edited and the chain made again: the faces say so.
    forge(d, |v| {
        let edited = v["shown"] == "2d6 [3, 4] = 7";
        if edited {
            v["shown"] = "2d6 [3, 6] = 9".into();
            v["totals"] = serde_json::json!([9]);
        }
        edited
    });
    let (o, _, code) = said(d, "log verify");
    assert_eq!(code, 1, "{o}");
    assert!(
        o.contains("entry 1 was edited: its dice are shown as 2d6 [3, 6] = 9, but the table's faces 3 4 give 2d6 [3, 4] = 7"),
        "{o}"
    );
    assert!(!o.contains("their faces give the dice logged"), "{o}");
}

/// In the REPL the table is asked for the dice the rules still need, as
/// many times as they need them; a mistyped face asks again and an empty
/// answer leaves with nothing logged.
#[test]
fn the_repl_asks_for_the_dice_still_needed() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let keys: &[(u64, &[u8])] = &[
        (300, b"roll 3d6! = 6 6 2\r"),
        (300, b"6 3\r"),
        (300, b"9\r"),
        (300, b"4\r"),
        (300, b"roll 2d6 = 1\r"),
        (300, b"\r"),
        (300, b"log\r"),
        (300, b"quit\r"),
    ];
    let Some((status, screen)) = common::repl_in_terminal(&["--data", data], &[], keys) else {
        return;
    };
    assert!(status.success(), "{screen}");
    let screen = screen_text(&screen);
    for said in [
        "two 6s explode: roll 2 more d6\nfaces> 6 3\n",
        "6 explodes: roll one more d6\nfaces> 9\n",
        "error: '9' is not a face of d6 (the 6th face given, for the 6 that explodes)\n",
        "faces> 4\n3d6! [6!, 6!, 4, 6!, 3, 2] = 27 (the table's dice)\n",
        "1 die is not given yet: roll one more d6\nfaces> \n(roll left unfinished: nothing logged)\n",
        "just now  3d6! [6!, 6!, 4, 6!, 3, 2] = 27 (the table's dice)\ntm> ",
    ] {
        assert!(screen.contains(said), "{said:?} not in:\n{screen}");
    }
}

/// `fair d20 ann`: every d20 face Ann's own dice showed, whatever the
/// roll (`1d20+5`, `2d20kh1`), tested; the table's dice never count as
/// tablemate's (`--log`), and tallies join them for the table.
#[test]
fn fair_tests_the_table_s_dice_per_kind_and_person() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players ann ben"]);
    for i in 0..20 {
        let a = (i * 7) % 20 + 1;
        let (b1, b2) = ((i * 3) % 20 + 1, (i * 11) % 20 + 1);
        common::run_ok(
            d,
            &[
                &format!("roll 1d20+5 = {a} as ann"),
                &format!("roll 2d20kh1 = {b1} {b2} as ben"),
            ],
        );
    }
    let first = |line: &str| said(d, line).0.lines().next().unwrap_or("").to_string();
    assert_eq!(
        first("fair d20 ann"),
        "d20: 20 results from the table's dice, rolled by ann"
    );
    assert_eq!(
        first("fair d20 Ben"),
        "d20: 40 results from the table's dice, rolled by Ben"
    );
    assert_eq!(first("fair d20"), "d20: 60 results from the table's dice");
    assert_eq!(
        first("fair 2d20kh1"),
        "2d20kh1: 20 results from the table's dice"
    );
    common::run_ok(d, &["tally d20 3 4 5"]);
    assert_eq!(
        first("fair d20"),
        "d20: 63 results tallied and from the table's dice"
    );
    let (_, e, code) = said(d, "fair d20 --log");
    assert_eq!(
        (e.as_str(), code),
        (
            "error: no d20 rolls in the log: `roll d20` adds them (`log` lists the log)\n",
            1
        )
    );
    let (_, e, _) = said(d, "fair d6");
    assert_eq!(
        e,
        "error: no d6 results tallied or rolled on the table's dice: `tally d6 3 17 20 ...` or `roll d6 = …` (the faces shown) records them (`fair d6 --log` tests tablemate's own rolls)\n"
    );
    let (_, e, _) = said(d, "fair d20 zoe");
    assert_eq!(
        e,
        "error: no d20 results of the table's dice by zoe: `roll d20 = … as zoe` (the faces shown) records them (`fair d20 --log zoe` tests tablemate's rolls for them)\n"
    );
}
