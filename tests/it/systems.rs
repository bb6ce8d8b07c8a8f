//! Game systems' rolls (issue #32): fixed dice give fixed words, and the
//! exact odds agree with icepool's (icepool 2.1.3, each system's rule
//! written as a function of the faces and mapped over the dice; the
//! figures are pasted here).

use super::common;

use common::{tm, tm_in};

/// `prob LINE`'s JSON reply, the line split into words as typed.
fn prob_json(line: &str) -> serde_json::Value {
    let mut args = vec!["--json", "prob"];
    args.extend(line.split_whitespace());
    let (out, err, code) = tm(&args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

fn odds(line: &str) -> Vec<(String, String)> {
    prob_json(line)["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["result"].as_str().unwrap().to_string(),
                r["fraction"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn chance(line: &str, word: &str) -> String {
    odds(line)
        .into_iter()
        .find(|(w, _)| w == word)
        .unwrap_or_else(|| panic!("{line}: no {word}"))
        .1
}

#[test]
fn odds_agree_with_icepool() {
    assert_eq!(chance("sr 6", "critical glitch"), "77/23328");
    assert_eq!(chance("sr 6", "2 hits"), "425/1296");
    assert_eq!(chance("sr 6", "1 hit, glitch"), "1/243");
    assert_eq!(chance("bitd 3", "critical"), "2/27");
    assert_eq!(chance("bitd 3", "full success"), "25/72");
    assert_eq!(chance("bitd 3", "partial success"), "49/108");
    assert_eq!(chance("bitd 3", "bad outcome"), "1/8");
    assert_eq!(chance("wod 5", "botch"), "2101/100000");
    assert_eq!(chance("wod 5 diff=6", "failure"), "13499/100000");
    assert_eq!(chance("wod 5", "2 successes"), "13/50");
    assert_eq!(chance("pbta+1", "strong hit"), "5/18");
    assert_eq!(chance("pbta+1", "miss"), "5/18");
    assert_eq!(chance("fate+2", "+2 Fair"), "19/81");
    assert_eq!(chance("fate+2", "+5 Superb"), "4/81");
    assert_eq!(chance("coc 60 bonus=1", "extreme success"), "41/200");
    assert_eq!(chance("coc 60 bonus=1", "regular success"), "33/100");
    assert_eq!(chance("coc 60 bonus=1", "fumble"), "1/1000");
    assert_eq!(chance("coc 30 penalty=2", "hard success"), "39/10000");
    assert_eq!(chance("coc 30 penalty=2", "fumble"), "271/2000");
}

/// A seed gives the same dice, read in the same words.
#[test]
fn fixed_dice_give_fixed_words() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "sr 12",
            "sr 12 [1, 2, 5, 5, 4, 3, 1, 6, 3, 6, 2, 3]: 4 hits",
        ),
        (
            "wod 7 diff=6",
            "wod 7 diff=6 [2, 2, 8, 8, 7, 4, 1]: 2 successes",
        ),
        ("pbta+1", "pbta+1 [1, 2] +1 = 4: miss"),
        ("coc 45", "coc 45 [tens 10; units 1] 11: hard success"),
        (
            "coc 45 bonus=1",
            "coc 45 bonus=1 [tens 10, 10; units 7] 17: hard success",
        ),
        ("fate+2", "fate+2 [-, -, +, +] +2 = 2: +2 Fair"),
        ("bitd 3", "bitd 3 [1, 2, 5]: partial success"),
    ];
    for (line, want) in cases {
        let mut args = vec!["--seed", "7", "roll"];
        args.extend(line.split_whitespace());
        let (out, err, code) = tm_in(dir.path(), &args);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.trim_end(), want);
    }
    // Logged like any roll, with the words as shown.
    let (out, _, _) = tm_in(dir.path(), &["log", "1"]);
    assert!(out.contains("bitd 3 [1, 2, 5]: partial success"), "{out}");
}

#[test]
fn the_table_reads_worst_to_best_with_or_better() {
    let (out, _, code) = tm(&["prob", "pbta+1"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "pbta+1 (Powered by the Apocalypse: 2d6+1)\n                    or better\nmiss        27.78%  100.00%  (5/18)\nweak hit    44.44%   72.22%  (4/9)\nstrong hit  27.78%   27.78%  (5/18)\n"
    );
}

#[test]
fn bad_system_lines_name_what_is_wrong() {
    for (args, want) in [
        (&["roll", "sr"][..], "error: say how many dice: sr 12\n"),
        (
            &["roll", "sr", "x"][..],
            "error: 'x' is not a number of dice: sr 12\n",
        ),
        (
            &["prob", "wod", "7", "diff=11"][..],
            "error: 'diff=11': a difficulty from 2 to 10 (diff=6), or `again` (10s add a die)\n",
        ),
        (
            &["roll", "coc", "100"][..],
            "error: '100': a skill from 1 to 99: coc 45 (bonus=1, penalty=1)\n",
        ),
        (
            &["roll", "coc", "45", "bonus=3"][..],
            "error: 'bonus=3': 0 to 2 bonus or penalty dice\n",
        ),
        (
            &["roll", "fate+x"][..],
            "error: '+x' is not a modifier: fate+2\n",
        ),
    ] {
        let (_, err, code) = tm(args);
        assert_eq!(code, 1, "{args:?}");
        assert_eq!(err, want, "{args:?}");
    }
    // A system's word names no saved roll.
    let (_, err, code) = tm(&["save", "sr", "1d6"]);
    assert_eq!(code, 1);
    assert!(err.contains("a game system's roll"), "{err}");
}

/// 10s again: the exact chance of one die (worked in the unit tests) and
/// a last row holding everything past the table.
#[test]
fn tens_again_has_a_last_row() {
    let rows = odds("wod 1 diff=6 again");
    assert_eq!(rows[2], ("1 success".into(), "441/1000".into()));
    assert_eq!(rows.last().unwrap().0, "more than 11 successes");
}

/// Double successes (`db`): a success that also matches counts two, as
/// Exalted's 10s do. The issue wrote `10d10>7 d10`, but `d10` after a
/// pool already drops the ten lowest dice (Roll20's `d`), so doubles are
/// `db10`. Odds from icepool 2.1.3 (a d10 mapped to 2 for 10, 1 for 8 and
/// 9, then -1 for 1 in the second), rolls from a fixed seed.
#[test]
fn double_successes() {
    let total = |line: &str, t: i64| {
        common::fractions(line)
            .into_iter()
            .find(|(total, _)| *total == t)
            .map(|(_, f)| f)
            .unwrap()
    };
    assert_eq!(total("10d10>7db10", 5), "94942743/625000000");
    assert_eq!(total("7d10>=7f1db10", 0), "41281/500000");
    assert_eq!(total("7d10>=7f1db10", 3), "115423/625000");
    let (out, _, _) = tm(&["prob", "10d10>7db10 >= 5"]);
    assert!(out.contains("pass 38.00% (475046037/1250000000)"), "{out}");
    let (out, _, code) = tm(&["--seed", "2", "roll", "10d10>7db10"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        "10d10>7db10 [9✓, 6, 8✓, 9✓, 3, 7, 10✓✓, 1, 2, 3] = 5 successes"
    );
    // `db` alone is the highest face.
    let (out, _, _) = tm(&["--seed", "2", "roll", "10d10>7db"]);
    assert!(
        out.contains("10✓✓") && out.ends_with("= 5 successes\n"),
        "{out}"
    );
    for (line, want) in [
        (
            "10d10db10",
            "error: db (doubles) goes after a success test: 10d10>7db10",
        ),
        ("10d10>7db10db10", "error: one db per dice term"),
    ] {
        let (_, err, code) = tm(&["roll", line]);
        assert_eq!(code, 1, "{line}");
        assert!(err.starts_with(want), "{line}: {err}");
    }
}

/// Genesys and Star Wars narrative dice: symbols cancel, triumph and
/// despair stay. Odds from icepool 2.1.3 (each die a vector of net
/// successes, net advantage, triumphs, despairs; the pool their sum).
#[test]
fn narrative_dice() {
    let line = "genesys 2a1p 2d1c";
    assert_eq!(chance(line, "success with advantage"), "9685/147456");
    assert_eq!(chance(line, "failure with threat"), "2285/16384");
    // Success, whatever the advantage: the "or better" of its worst row.
    let v = prob_json(line);
    let results = v["data"]["results"].as_array().unwrap();
    let row = results
        .iter()
        .find(|r| r["result"] == "success with threat")
        .unwrap();
    assert_eq!(row["or_better"], "45911/98304");
    assert_eq!(v["data"]["also"][0]["result"], "at least one triumph");
    assert_eq!(v["data"]["also"][0]["fraction"], "1/12");
    assert_eq!(chance("sw 3a1b 2d1s", "failure"), "2195/32768");
    // No proficiency or challenge die: no triumph or despair to speak of.
    let v = prob_json("sw 3a1b 2d1s");
    assert!(v["data"].get("also").is_none(), "{v}");
    let (out, _, code) = tm(&["--seed", "4", "roll", "genesys", "2a1p", "2d1c"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.split_whitespace().collect::<Vec<_>>().join(" "),
        "genesys 2a1p 2d1c ability [a, -] proficiency [aa] difficulty [tt, f] challenge [tt]: failure by 1, 1 threat"
    );
    for (args, want) in [
        (
            &["roll", "genesys", "2x"][..],
            "error: 'x' in '2x' is not a die: genesys 2a1p 2d1c",
        ),
        (&["roll", "genesys"][..], "error: say which dice: genesys"),
        (
            &["prob", "sw", "11a"][..],
            "error: '11a': at most 10 dice of a kind",
        ),
    ] {
        let (_, err, code) = tm(args);
        assert_eq!(code, 1, "{args:?}");
        assert!(err.starts_with(want), "{args:?}: {err}");
    }
}

/// A rule file (`--rules DIR`) that declares its game's own dice system.
const HOUSE_RULES: &str = r#"id: hero-quest
name: Hero Quest
designer: A. Player
source: our own table
licence: CC0
players: "1-4"
time: 30 minutes
summary: A test game with a dice system of its own.
sections:
  - id: setup
    title: Setup
    text: Each hero takes a sheet.
  - id: play
    title: Play
    text: Roll hero for every check.
  - id: scoring
    title: Scoring
    text: The most gold wins.
dice:
  - name: hero
    title: Hero check
    roll: 2d10
    words:
      - {at_least: 15, word: great success}
      - {at_least: 10, word: success}
      - {word: failure}
  - name: doom
    roll: 3d6 > 2
    words:
      - {word: x}
"#;

/// A rules directory holding one file, a data directory beside it, and
/// the binary run with `--rules` pointing at them.
struct WithRules {
    rules: tempfile::TempDir,
    data: tempfile::TempDir,
}

impl WithRules {
    fn new(file: &str, text: &str) -> WithRules {
        let rules = tempfile::tempdir().unwrap();
        std::fs::write(rules.path().join(file), text).unwrap();
        WithRules {
            rules,
            data: tempfile::tempdir().unwrap(),
        }
    }

    fn dir(&self) -> &str {
        self.rules.path().to_str().unwrap()
    }

    fn run(&self, args: &[&str]) -> (String, String, i32) {
        let mut all = vec!["--rules", self.dir()];
        all.extend(args);
        tm_in(self.data.path(), &all)
    }
}

/// A rule file's own system is rolled and read in its words, and its
/// odds are exact (hand-counted over the 100 rolls of 2d10: 15 or more
/// 21 ways, 10 to 14 43 ways, the rest 36).
#[test]
fn a_rule_files_own_system() {
    let table = WithRules::new("hero-quest.yaml", HOUSE_RULES);
    let run = |args: &[&str]| table.run(args);
    let (out, err, code) = run(&["--seed", "3", "roll", "hero+2"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "hero+2 (2d10 [7, 1] = 8) +2 = 10: success\n");
    let (out, _, _) = run(&["--seed", "3", "--json", "roll", "hero", "+2"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["system"], "Hero check");
    assert_eq!(v["data"]["total"], 10);
    assert_eq!(v["data"]["result"], "success");
    assert_eq!(v["data"]["dice"], serde_json::json!([7, 1]));

    let (out, err, code) = run(&["prob", "hero"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "hero (Hero check: 2d10)\n                       or better\nfailure        36.00%  100.00%  (9/25)\nsuccess        43.00%   64.00%  (43/100)\ngreat success  21.00%   21.00%  (21/100)\n"
    );
    let (out, _, _) = run(&["--json", "prob", "hero+2"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let got: Vec<(&str, &str)> = v["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["result"].as_str().unwrap(),
                r["fraction"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("failure", "21/100"),
            ("success", "43/100"),
            ("great success", "9/25")
        ]
    );

    // The game's page lists its dice.
    let (out, _, _) = run(&["rules", "hero-quest"]);
    assert!(out.contains("\n  hero         Hero check: 2d10\n"), "{out}");

    // A bad modifier is named; plain dice stay dice beside the rules.
    let (_, err, code) = run(&["roll", "hero", "+x"]);
    assert_eq!(code, 1);
    assert!(err.contains("'+x' is not a modifier: hero+2"), "{err}");
    let (out, _, code) = run(&["--seed", "3", "roll", "2d10"]);
    assert_eq!((out.as_str(), code), ("2d10 [7, 1] = 8\n", 0));
    // A declaration with problems is reported, not rolled.
    let (_, err, code) = run(&["roll", "doom"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("error: 'doom' in ") && err.contains("hero-quest.yaml is not rolled until it is mended: roll '3d6 > 2': a total to read, not a comparison; the words do the comparing"),
        "{err}"
    );
    // Without the rule file the name is unknown, and no rules are read.
    let (_, err, code) = tm_in(table.data.path(), &["roll", "hero"]);
    assert_eq!(code, 1);
    assert!(!err.contains("Hero"), "{err}");
}

/// A rule file that does not load (a newcomer's file of `dice:` alone,
/// without the game's `id`) is said when a roll reads the rules, so the
/// unknown name is explained; plain dice read no rules and say nothing.
#[test]
fn a_roll_says_why_a_rule_file_did_not_load() {
    let table = WithRules::new(
        "quest.yaml",
        "dice:\n  - name: hero\n    roll: 2d10\n    words:\n      - {word: x}\n",
    );
    let (_, err, code) = table.run(&["roll", "hero"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("quest.yaml line 1: id: missing field `id`"),
        "{err}"
    );
    let (_, err, code) = table.run(&["--seed", "1", "roll", "2d10"]);
    assert_eq!((err.as_str(), code), ("", 0));
}

/// A rule file's own symbol dice (the README's example): good dice show
/// successes, advantages and a triumph, bad dice failures and threats.
const SYMBOL_RULES: &str = r#"id: saga-quest
name: Saga Quest
designer: us
source: ours
licence: CC0
players: '2-4'
time: 1 hour
summary: symbol dice of our own.
sections:
  - {id: setup, title: Setup, text: x}
  - {id: play, title: Play, text: y}
  - {id: scoring, title: Scoring, text: z}
dice:
  - name: saga
    title: Saga dice
    symbols:
      - {letter: s, name: success, plural: successes, cancels: f}
      - {letter: f, name: failure, plural: failures}
      - {letter: a, name: advantage, plural: advantage, cancels: t}
      - {letter: t, name: threat, plural: threat}
      - {letter: T, name: triumph, counts_as: s}
    kinds:
      - {letter: g, name: good, faces: ["", s, s, sa, a, T]}
      - {letter: b, name: bad, faces: ["", f, f, t, ft, t]}
    succeeds: s
  - name: odd
    symbols:
      - {letter: s, name: success, cancels: f}
    kinds:
      - {letter: g, name: good, faces: ["", s, sz]}
"#;

/// The `wide` set: ten symbols; each of its kinds `k`, `l` and `m` is a
/// 100-face die showing the first one to ten of them, so n dice have
/// C(n + 9, 9) outcomes.
fn wide_rules() -> String {
    let letters = "abcdefghij";
    let symbols: String = letters
        .chars()
        .enumerate()
        .map(|(i, c)| format!("      - {{letter: {c}, name: s{i}}}\n"))
        .collect();
    let faces: Vec<String> = (0..100)
        .map(|i| format!("\"{}\"", &letters[..1 + i % 10]))
        .collect();
    let kinds: String = ["k", "l", "m"]
        .iter()
        .map(|k| {
            format!(
                "      - {{letter: {k}, name: k{k}, faces: [{}]}}\n",
                faces.join(", ")
            )
        })
        .collect();
    format!(
        "{}dice:\n  - name: wide\n    symbols:\n{symbols}    kinds:\n{kinds}",
        &SYMBOL_RULES[..SYMBOL_RULES.find("dice:").unwrap()]
    )
}

/// A set whose pools grow fast (`wide_rules`): a pool of 9 is counted
/// exactly (faces that show the same taken once; it was refused when each
/// of the hundred faces was a step); one of 16 is refused with the size
/// of its count, and one of 14 when every outcome is to be listed.
#[test]
fn a_wide_symbol_set_is_counted_or_refused_by_its_size() {
    let table = WithRules::new("wide.yaml", &wide_rules());
    let (out, err, code) = table.run(&["prob", "wide", "5k4l"]);
    assert_eq!(code, 0, "{err}");
    // C(18, 9) = 48620 outcomes, 40 of them shown.
    assert!(out.contains("\nand 48580 less likely outcomes, "), "{out}");
    assert!(
        out.contains("at least 1 s9 left  (612579511/1000000000)"),
        "{out}"
    );
    // Sixteen like dice: refused before a die is counted, with the whole
    // count (10 faces x C(25, 10) steps, and 2 to show each of the
    // C(25, 9) outcomes), since their shared faces span nine dimensions.
    let (_, err, code) = table.run(&["prob", "wide", "8k8l"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "error: too much to count exactly: every outcome of `wide 8k8l` takes about 36.8 million steps to count and show (at most 30 million)"
        ),
        "{err}"
    );
    // Listing every one costs more: fourteen, shown as text in 13.1
    // million steps, are refused as JSON (C(23, 9) = 817190 outcomes at
    // 40 steps each, beside 10 x C(23, 10) to count them).
    let (_, err, code) = table.run(&["--json", "prob", "wide", "7k7l"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("`wide 7k7l` takes about 44.1 million steps to count and show"),
        "{err}"
    );
}

/// Symbol dice declared in a rule file: rolled, read after cancelling,
/// and every net outcome's odds exact (hand-counted over the 36 rolls of
/// one good die and one bad: a success needs s, s, sa or T against a
/// blank, t or t, 12 ways).
#[test]
fn a_rule_files_symbol_dice() {
    let table = WithRules::new("saga.yaml", SYMBOL_RULES);
    let run = |args: &[&str]| table.run(args);
    let (out, err, code) = run(&["--seed", "3", "roll", "saga", "2g", "1b"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "saga 2g1b good [sa, -] bad [f]: failure (1 advantage)\n"
    );
    let (out, _, _) = run(&["--seed", "3", "--json", "roll", "saga", "2g1b"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["dice"], serde_json::json!([4, 1, 2]));
    assert_eq!(v["data"]["result"], "failure (1 advantage)");
    assert_eq!(v["data"]["system"], "Saga dice");

    let (out, err, code) = run(&["prob", "saga", "g", "b"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "saga 1g1b (Saga dice: 1 good, 1 bad)
success (1 success, 1 advantage)           2.78%  (1/36)
success (1 success, 1 triumph)             2.78%  (1/36)
success (1 success)                       11.11%  (1/9)
success (1 success, 1 threat, 1 triumph)   5.56%  (1/18)
success (1 success, 1 threat)             11.11%  (1/9)
failure (1 advantage)                      8.33%  (1/12)
failure (1 triumph)                        5.56%  (1/18)
failure                                   22.22%  (2/9)
failure (1 threat, 1 triumph)              2.78%  (1/36)
failure (1 threat)                        11.11%  (1/9)
failure (1 failure, 1 advantage)           5.56%  (1/18)
failure (1 failure)                        8.33%  (1/12)
failure (1 failure, 1 threat)              2.78%  (1/36)

success                                   33.33%  (1/3)
at least 1 failure left                   16.67%  (1/6)
at least 1 advantage left                 16.67%  (1/6)
at least 1 threat left                    33.33%  (1/3)
at least 1 triumph left                   16.67%  (1/6)
"
    );
    // Many outcomes: the 40 likeliest as text, every one in JSON.
    let (out, _, code) = run(&["prob", "saga", "10g10b"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("\nand 2886 less likely outcomes, 68.72% together; `--json prob"),
        "{out}"
    );
    assert!(
        out.contains("\nsuccess  ") && out.contains("70.69%"),
        "{out}"
    );
    let (out, _, _) = run(&["--json", "prob", "saga", "10g10b"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["outcomes"].as_array().unwrap().len(), 2926);

    // The game's page lists the kinds with their letters.
    let (out, _, _) = run(&["rules", "saga-quest"]);
    assert!(
        out.contains("\n  saga         Saga dice: g good, b bad\n"),
        "{out}"
    );
    // Bad pools are named; a bad declaration is reported, not rolled.
    let (_, err, code) = run(&["roll", "saga", "2q"]);
    assert_eq!(code, 1);
    assert!(err.contains("'q' in '2q' is not a die: saga 2g2b"), "{err}");
    let (_, err, _) = run(&["roll", "saga", "11g"]);
    assert!(err.contains("'11g': at most 10 dice of a kind"), "{err}");
    let (_, err, code) = run(&["roll", "odd", "g"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("saga.yaml is not rolled until it is mended: symbols: 'success' cancels 'f', which is not a symbol here; kinds: 'good' has a face 'sz', and 'z' is not a symbol's letter"),
        "{err}"
    );
    let (_, err, _) = run(&["rules"]);
    assert!(err.contains("'success' cancels 'f'"), "{err}");

    // Piped: each bad line named, the rest answered.
    let r = common::run(
        table.data.path(),
        &["--rules", table.dir(), "--seed", "1"],
        Some("roll saga 2g\nroll saga 2q\nprob saga 1b\nroll 2d6\n"),
    );
    assert_eq!(r.code, 1);
    // The broken `odd` is warned of once, then the bad line is named.
    assert!(
        r.err.ends_with(
            "is not a symbol's letter\nline 2: error: 'q' in '2q' is not a die: saga 2g2b\n"
        ),
        "{}",
        r.err
    );
    assert!(
        r.out
            .starts_with("saga 2g good [s, -]: success (1 success)\n"),
        "{}",
        r.out
    );
    assert!(
        r.out
            .contains("failure (1 failure, 1 threat)  16.67%  (1/6)"),
        "{}",
        r.out
    );
    assert!(r.out.ends_with("2d6 [4, 2] = 6\n"), "{}", r.out);
}

/// Ctrl-C in the REPL stops a long count of symbol dice and the session
/// goes on: fifteen `wide` dice take over a second to count (22 million
/// steps), and Ctrl-C is sent half a second in. The REPL needs a
/// terminal: `script` (util-linux) gives it one.
#[test]
fn ctrl_c_stops_a_symbol_count_and_the_session_goes_on() {
    let table = WithRules::new("wide.yaml", &wide_rules());
    let typed = common::repl_in_terminal(
        &["--rules", table.dir()],
        &[("TABLEMATE_DATA", table.data.path().as_os_str())],
        &[
            (500, b"prob wide 8k7l\r"),
            (500, b"\x03"),
            (500, b"prob wide 2k\r"),
            (500, b"quit\r"),
        ],
    );
    let Some((status, out)) = typed else {
        return;
    };
    assert!(status.success(), "{status}: {out}");
    let cancelled = out
        .find("error: cancelled")
        .unwrap_or_else(|| panic!("{out}"));
    // 2 dice of ten faces: 55 outcomes, the next answer after it.
    let answered = out.find("wide 2k (").unwrap_or_else(|| panic!("{out}"));
    assert!(cancelled < answered, "{out}");
    assert!(
        !out.contains("less likely outcomes, 99"),
        "8k7l was answered: {out}"
    );
}
