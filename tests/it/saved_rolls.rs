//! Saved rolls through the real binary: kept in the store, used by name in
//! `roll` and `prob`, listed, forgotten, undone, and shared by processes.

use super::common;

use common::tm_in;

#[test]
fn a_saved_roll_is_used_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (out, err, code) = tm_in(d, &["save", "attack", "1d20+5", "# longsword"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "saved attack: 1d20+5 # longsword  (`roll attack`; 1 saved)\n"
    );
    tm_in(d, &["save", "dmg", "2d6+3"]);
    let (out, _, _) = tm_in(d, &["--seed", "3", "roll", "attack"]);
    assert_eq!(out, "1d20 [13] + 5 = 18  # longsword\n");
    let (out, _, _) = tm_in(d, &["--seed", "3", "roll", "attack + 2"]);
    assert_eq!(out, "(1d20 [13] + 5) + 2 = 20  # longsword\n");
    let (out, _, _) = tm_in(d, &["--seed", "3", "roll", "attack, dmg"]);
    assert_eq!(
        out,
        "1d20 [13] + 5 = 18  # longsword\n2d6 [1, 2] (3) + 3 = 6\n"
    );
    let (out, _, _) = tm_in(d, &["prob", "attack >= 15"]);
    assert_eq!(
        out,
        "(1d20+5) >= 15\npass 55.00% (11/20)\nfail 45.00% (9/20)\n"
    );
    let (out, _, _) = tm_in(d, &["saved"]);
    assert_eq!(out, "attack  1d20+5  # longsword\ndmg     2d6+3\n");
    // A near miss is named, with the roll it is close to.
    let (_, err, code) = tm_in(d, &["roll", "atack + 2"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("'atack' is neither dice nor a saved roll (did you mean 'attack'?)"),
        "{err}"
    );
    // Names cannot be dice or the language's words.
    let (_, err, code) = tm_in(d, &["save", "d20", "1d20"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("'d20' is dice, a word of the dice language"),
        "{err}"
    );
    let (_, err, _) = tm_in(d, &["save", "adv", "1d20"]);
    assert!(err.contains("'adv' is dice"), "{err}");
    let (_, err, _) = tm_in(d, &["save", "9lives", "1d20"]);
    assert!(err.contains("'9lives' cannot name a roll"), "{err}");
    let (_, err, _) = tm_in(d, &["save", "bad", "2d6+"]);
    assert!(err.contains("the expression ends too soon"), "{err}");
    // Forgotten, then back with undo.
    let (_, err, _) = tm_in(d, &["unsave", "atack"]);
    assert!(
        err.contains("no saved roll 'atack' (did you mean 'attack'?)"),
        "{err}"
    );
    tm_in(d, &["unsave", "dmg"]);
    let (out, _, _) = tm_in(d, &["undo"]);
    assert!(out.starts_with("undid: unsave dmg"), "{out}");
    let (out, _, _) = tm_in(d, &["saved"]);
    assert!(out.contains("dmg"), "{out}");
    // They travel with an export.
    let (out, _, _) = tm_in(d, &["export"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["saved_rolls"][0]["name"], "attack");
}

#[test]
fn plain_rolls_never_open_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (_, _, code) = tm_in(&data, &["roll", "2d6+1"]);
    assert_eq!(code, 0);
    assert!(!data.join("tablemate.db").exists());
    // Nor do prob's own words, nor a word no store could hold (#78:
    // `prob 10d6 atleast 40` made the store to look for a saved roll).
    for line in [
        &["prob", "10d6", "atleast", "40"][..],
        &["prob", "3d6", "atmost", "9"],
        &["roll", "atack"],
        &["prob", "atack", "atleast", "3"],
    ] {
        tm_in(&data, line);
        assert!(!data.join("tablemate.db").exists(), "{line:?}");
    }
}

#[test]
fn processes_saving_at_once_keep_every_roll() {
    let dir = tempfile::tempdir().unwrap();
    let children: Vec<_> = (0..8)
        .map(|i| {
            common::std_command(dir.path())
                .args(["save", &format!("r{i}"), &format!("{}d6", i + 1)])
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut c in children {
        let status = crate::common::wait::exit_within(
            &mut c,
            crate::common::wait::COMMAND,
            "one of the processes at once",
        );
        assert!(status.success());
    }
    let (out, _, _) = tm_in(dir.path(), &["saved"]);
    assert_eq!(out.lines().count(), 8, "{out}");
}

#[test]
fn tallied_results_are_tested_against_the_exact_odds() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (out, _, _) = tm_in(d, &["tally", "d20", "3", "17", "20", "8", "11"]);
    assert_eq!(
        out,
        "recorded 5 d20 results: 5 in all (`fair d20` tests them)\n"
    );
    let (_, err, code) = tm_in(d, &["tally", "d20", "21"]);
    assert_eq!(code, 1);
    assert!(err.contains("'21': d20 cannot come up 21"), "{err}");
    // 1d20 is kept as d20.
    let (out, _, _) = tm_in(d, &["tally", "1d20"]);
    assert!(out.starts_with("d20\n   3: 1\n"), "{out}");
    // A six-sided die showing every face 50 times: nothing to see.
    let even: Vec<String> = (1..=6).flat_map(|v| vec![v.to_string(); 50]).collect();
    let mut args = vec!["tally", "d6"];
    args.extend(even.iter().map(String::as_str));
    tm_in(d, &args);
    let (out, _, _) = tm_in(d, &["fair", "d6"]);
    assert!(
        out.contains("chi-square 0.00 with 5 degrees of freedom: p = 1.000"),
        "{out}"
    );
    assert!(out.contains("no sign of bias"), "{out}");
    // Then 100 more sixes.
    let sixes = vec!["6"; 100];
    let mut args = vec!["tally", "d6"];
    args.extend(sixes);
    tm_in(d, &args);
    let (out, _, _) = tm_in(d, &["--json", "fair", "d6"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["data"]["p_value"].as_f64().unwrap() < 1e-6, "{out}");
    let (out, _, _) = tm_in(d, &["fair", "d6"]);
    assert!(out.contains("the dice may be biased"), "{out}");
    let (_, err, _) = tm_in(d, &["fair", "2d6"]);
    assert!(err.contains("no 2d6 results tallied"), "{err}");
}

/// A saved roll may be named in any language's letters (#47: `save zoë
/// 1d20` was refused, though ë is a letter), and is found inside dice.
#[test]
fn a_name_in_any_letters_is_saved_and_rolled() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (out, err, code) = common::tm_in(d, &["save", "zoë", "1d20"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "saved zoë: 1d20  (`roll zoë`; 1 saved)\n");
    let (out, _, _) = common::tm_in(d, &["--seed", "1", "roll", "zoë + 2"]);
    assert_eq!(out, "(1d20 [9]) + 2 = 11\n");
    // A name nothing is saved under is dice that do not parse, at its
    // first letter.
    let (out, err, code) = common::tm_in(d, &["--seed", "1", "roll", "ключ"]);
    assert_eq!((out.as_str(), code), ("", 1));
    assert_eq!(
        err,
        "error: expected a number, dice or '(', found 'к' in dice expression\n  ключ\n  ^\n"
    );
    let (_, err, code) = common::tm_in(d, &["save", "2ab", "1d6"]);
    assert_eq!(code, 1);
    assert!(err.contains("'2ab' cannot name a roll"), "{err}");
}
