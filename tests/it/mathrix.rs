//! Mathrix through the real binary (#81 item 2): a grid laid from the
//! table's coins, moves as a player says them checked and refused with
//! nothing lost, the solver's line replayed move by move to one coin and
//! filed with its time, a lost deal proved, the operators a table plays
//! with, graded deals, hints and the coach.

use tempfile::TempDir;

use super::common;

fn tm(data: &TempDir, args: &[&str]) -> (String, String, i32) {
    common::tm_in(data.path(), args)
}

/// A grid where d2, d3, d4 read down-up 2 + 2 = 4, as the text's
/// example does.
const TEXT: &str = "coins=n3n4aa/n2324a/55324n/5a2534";
/// A deal that can be brought down to one coin (seed 3 of the solver's
/// tests).
const WINNABLE: &str = "coins=354aa2/na4453/n22425/5n33na";

#[test]
fn moves_are_checked_refused_and_nothing_is_lost() {
    let data = tempfile::tempdir().unwrap();
    let (out, err, code) = tm(&data, &["setup", "mathrix", TEXT]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "Mathrix: coins n3n4aa/n2324a/55324n/5a2534, operators +-x/\n   a b c d e f\n4  n 3 n 4 a a\n3  n 2 3 2 4 a\n2  5 5 3 2 4 n\n1  5 a 2 5 3 4\n24 coins left; `mathrix remove SPACE because EQUATION` (24 coins can be taken)\nno way down to one coin from this deal (every position searched): play for the fewest coins left (`mathrix hint` shows the way)\n"
    );
    let (out, err, code) = tm(&data, &["mathrix", "remove", "d2", "because", "2+2=4"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "1. remove d2 because 2+2=4 (23 left)\n   a b c d e f\n4  n 3 n 4 a a\n3  n 2 3 2 4 a\n2  5 5 3 . 4 n\n1  5 a 2 5 3 4\n23 coins left; `mathrix remove SPACE because EQUATION` (23 coins can be taken)\n"
    );
    let before = tm(&data, &["export"]).0;
    for (line, said) in [
        (
            "mathrix remove d3 because 2+2=4",
            "error: no string of coins through d3 reads 2 2 4 in any direction (the coins of a string lie side by side in a rank or a file, with no gap)\n",
        ),
        (
            "mathrix remove a4 because 0=3+0",
            "error: 0=3+0 is not true: 0 and 3+0 makes 3\n",
        ),
        (
            "mathrix remove d2 because 2+2=4",
            "error: d2 is empty: its coin was taken (move 1)\n",
        ),
        (
            "mathrix remove c2 because 5/2=2",
            "error: no string of coins through c2 reads 5 2 2 in any direction (the coins of a string lie side by side in a rank or a file, with no gap)\n",
        ),
        ("mathrix remove b2 because 5=5", ""),
    ] {
        let w: Vec<&str> = line.split(' ').collect();
        let (_, err, code) = tm(&data, &w);
        if said.is_empty() {
            assert_eq!(code, 0, "{line}: {err}");
            break;
        }
        assert_eq!((code, err.as_str()), (1, said), "{line}");
        assert_eq!(tm(&data, &["export"]).0, before, "{line} changed nothing");
    }
    // A coin named alone takes the shortest equation through it; spaces
    // inside an equation are the player's to give.
    let (out, _, _) = tm(&data, &["mathrix", "remove", "a4"]);
    assert!(
        out.starts_with("3. remove a4 because 0=0 (21 left)\n"),
        "{out}"
    );
    let (out, err, code) = tm(&data, &["mathrix", "c3", "because", "3", "=", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("4. remove c3 because 3=3 (20 left)\n"),
        "{out}"
    );
}

#[test]
fn the_solvers_line_replays_to_one_coin_and_is_filed() {
    let data = tempfile::tempdir().unwrap();
    let (_, err, code) = tm(&data, &["setup", "mathrix", WINNABLE]);
    assert_eq!(code, 0, "{err}");
    let (out, _, _) = tm(&data, &["--json", "solve", "mathrix"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let line = v["data"]["line"].as_array().unwrap().clone();
    assert_eq!(line.len(), 23);
    assert_eq!(v["data"]["searched"], 2074);
    let mut last = String::new();
    for step in &line {
        let (s, e) = (step[0].as_str().unwrap(), step[1].as_str().unwrap());
        let (out, err, code) = tm(&data, &["mathrix", "remove", s, "because", e]);
        assert_eq!(code, 0, "{s} because {e}: {err}");
        last = out;
    }
    assert!(last.starts_with("23. remove "), "{last}");
    let tail = last.lines().last().unwrap();
    assert!(
        tail.starts_with("1 coin left in 0:0") && tail.ends_with("; you win"),
        "{tail}"
    );
    let (out, _, _) = tm(&data, &["mathrix", "remove", "a1"]);
    assert!(out.is_empty(), "{out}");
    let (_, err, code) = tm(&data, &["mathrix", "remove", "a1"]);
    assert_eq!(
        (code, err.as_str()),
        (1, "error: the game is over: one coin is left\n")
    );
    let (out, _, _) = tm(&data, &["stats", "mathrix"]);
    // (The line wraps at the width.)
    assert!(
        out.replace("\n  ", " ")
            .contains("played Mathrix 1 time, won 1: average 1.0, best 1; fastest win 0:"),
        "{out}"
    );
    let (out, _, _) = tm(&data, &["replay", "1", "last"]);
    assert!(out.contains("23. remove "), "{out}");
}

#[test]
fn a_lost_deal_is_proved_and_a_level_deal_is_winnable() {
    let data = tempfile::tempdir().unwrap();
    let (out, err, code) = tm(
        &data,
        &["solve", "mathrix", "coins=45a345/n42n32/a25a3n/n3a245"],
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "Mathrix 45a345/n42n32/a25a3n/n3a245 (+-x/): no way down to one coin as dealt (proved: 1626 positions searched); the fewest it can leave is 6 coins, in 18 steps\n1. f1 (1=2+4-5)\n2. f2 (2=5x1-3+0)\n3. c2 (2=5x1-3)\n4. b2 (3=2-4+5)\n5. d2 (2+1=0+3)\n6. f3 (2=0x3+2)\n7. f4 (5=1+3-4+5)\n8. b4 (4=5-1)\n9. a4 (0=1x0x4)\n10. a2 (0=1x0)\n11. a1 (0=3-1-2)\n12. c4 (1+3=4)\n13. e4 (4=3-3+4)\n14. e1 (3=1-2+4)\n15. b1 (3=1+2)\n16. e2 (3=3)\n17. e3 (0=4x2x0x3)\n18. a3 (0=4x2x0)\n"
    );
    let (out, _, _) = tm(&data, &["solve", "mathrix", WINNABLE, "ops=+-"]);
    assert!(out.contains("(+-): "), "{out}");
    let (out, err, code) = tm(&data, &["--seed", "8", "setup", "mathrix", "level=easy"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\nlevel easy: one coin can be left\n"),
        "{out}"
    );
    let (out, _, _) = tm(&data, &["mathrix", "grade"]);
    assert!(out.starts_with("as dealt: level easy ("), "{out}");
    let (out, _, _) = tm(&data, &["mathrix", "hint"]);
    assert!(
        out.starts_with("`mathrix remove ") && out.ends_with(" keeps a way down to one coin\n"),
        "{out}"
    );
}

#[test]
fn the_tables_operators_are_kept_and_the_coach_names_a_lost_way() {
    let data = tempfile::tempdir().unwrap();
    let (out, _, code) = tm(&data, &["setup", "mathrix", "ops=+-", TEXT]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Mathrix: coins n3n4aa/n2324a/55324n/5a2534, operators +-\n"));
    let (_, err, code) = tm(&data, &["mathrix", "remove", "d3", "because", "2x2=4"]);
    assert_eq!(
        (code, err.as_str()),
        (1, "error: 2x2=4 uses x, and this game allows only +-\n")
    );
    // From a winnable deal, a coin whose taking leaves no way down.
    let (_, _, code) = tm(&data, &["setup", "mathrix", WINNABLE]);
    assert_eq!(code, 0);
    let (out, _, _) = tm(&data, &["--json", "mathrix", "hint"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["take"]["space"], "a1");
    assert_eq!(v["data"]["take"]["because"], "5x0=0");
    let (_, err, code) = tm(&data, &["mathrix", "remove", "c1"]);
    assert_eq!(code, 0, "{err}");
    let (out, _, _) = tm(&data, &["replay", "2", "--coach"]);
    assert!(
        out.contains("move 1 (mathrix remove c1 because 3=3): taking c1 leaves no\n    way down to one coin; a1 (5x0=0) kept one"),
        "{out}"
    );
}

/// #81 item 3: a Mathrix game in piecepackr's PPN (ppdf's GameType with
/// its Coins, a move `*c3`) is taken move by move through the rules:
/// shown where asked, filed by `import`, laid where it ends by `setup
/// mathrix ppn=FILE`; a file whose move breaks a rule names that move.
#[test]
fn a_ppn_file_of_mathrix_is_followed_by_the_rules() {
    let d = TempDir::new().unwrap();
    let file = d.path().join("mx.ppn");
    let game = "---\nGameType:\n  Name: Mathrix\n  Coins: \"354aa2/na4453/n22425/5n33na\"\n...\n\
        1. *a1 2. *b1 3. *e1 4. *d1 5. *c1 6. *f1 7. *a2 8. *a3\n\
        9. *b3 10. *e3 11. *c3 12. *f3 13. *f2 14. *e2 15. *a4 16. *b4\n\
        17. *c4 18. *f4 19. *e4 20. *d4 21. *d3 22. *d2 23. *b2\n";
    std::fs::write(&file, game).unwrap();
    let f = file.to_str().unwrap();
    let (out, err, code) = tm(&d, &["replay", f, "last"]);
    assert_eq!(code, 0, "{err}");
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.starts_with(&format!("{f}, Mathrix: move 23 of 23 ")),
        "{out}"
    );
    assert!(out.contains("mathrix remove b2 because 2=2"), "{out}");
    assert!(out.contains("you win"), "{out}");
    let (out, err, code) = tm(&d, &["import", f]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!("{f}: Mathrix with 23 moves, filed as game 1 (`replay 1` shows it)\n")
    );
    let (out, _, _) = tm(&d, &["games"]);
    assert!(out.contains("Mathrix, 23 moves: you win"), "{out}");
    // Laid where the file ends, to play on from there.
    let part = d.path().join("part.ppn");
    std::fs::write(&part, &game[..game.find("3. *e1").unwrap()]).unwrap();
    let p = format!("ppn={}", part.display());
    let (out, err, code) = tm(&d, &["setup", "mathrix", &p]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n1  . . 3 3 n a\n22 coins left;"), "{out}");
    let (_, err, code) = tm(&d, &["setup", "mathrix", &p, "ops=+-"]);
    assert_eq!(
        (code, err.as_str()),
        (
            1,
            "error: ppn= lays the file's game as its moves leave it: give it without coins=, ops= or level=\n"
        )
    );
    // Move 13 changed to one no true equation takes.
    let broken = d.path().join("broken.ppn");
    std::fs::write(&broken, game.replace("7. *a2", "7. *b2")).unwrap();
    let b = broken.to_str().unwrap();
    let (_, err, code) = tm(&d, &["import", b]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "error: {b} is a Mathrix game in Portable Piecepack Notation, but move 13 (*f2) is illegal: no string through f2 makes an equation (these can be taken now: c2, d2, e2, d3, a4, b4, c4, d4, e4, f4)\n"
        )
    );
}

/// Most deals have no way down to one coin, and there the table plays
/// for the fewest: the solver says how few, with a line down to them
/// (the text's own grid comes down to two coins), the hint keeps them,
/// and the coach marks a coin that loses some.
#[test]
fn a_lost_deal_is_played_for_the_fewest_coins() {
    let data = tempfile::tempdir().unwrap();
    let (_, err, code) = tm(&data, &["setup", "mathrix", TEXT]);
    assert_eq!(code, 0, "{err}");
    let (out, err, code) = tm(&data, &["solve", "mathrix"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "Mathrix n3n4aa/n2324a/55324n/5a2534 (+-x/): no way down to one coin as dealt (proved: 44495 positions searched); the fewest it can leave is 2 coins, in 22 steps\n1. f1 (2+5=3+4)\n2. e2 (4=4)\n3. f2 (0=1-1)\n4. b3 (5=2+3)\n5. e3 (3+2=4+1)\n6. f3 (1=1)\n7. f4 (1=1)\n8. e4 (3=0+4-1)\n9. b4 (0=3x0)\n10. a4 (0=0)\n11. a3 (5=5+0)\n12. c4 (3=3+0)\n13. c3 (3=3)\n14. c2 (5=3+2)\n15. b2 (5=5)\n16. a2 (5=5)\n17. a1 (5=1+2+5-3)\n18. b1 (1x2=5-3)\n19. c1 (2=5-3)\n20. d1 (5=2/2+4)\n21. d4 (2+2=4)\n22. d2 (2=2)\n"
    );
    let (out, _, _) = tm(&data, &["mathrix", "hint"]);
    assert_eq!(
        out,
        "no way down to one coin from here (every position searched); `mathrix remove f1 because 2+5=3+4` keeps a way down to 2 coins, the fewest left from here\n"
    );
    let (_, err, code) = tm(&data, &["mathrix", "remove", "d2", "because", "2+2=4"]);
    assert_eq!(code, 0, "{err}");
    let (out, _, _) = tm(&data, &["mathrix", "hint"]);
    assert_eq!(
        out,
        "no way down to one coin from here (every position searched); `mathrix remove a1 because 5=5` keeps a way down to 4 coins, the fewest left from here\n"
    );
    let (_, err, _) = tm(&data, &["mathrix", "grade"]);
    assert_eq!(
        err,
        "error: no way down to one coin from here, so there is nothing to grade: `mathrix hint` shows the way to the fewest left\n"
    );
    let (out, _, _) = tm(&data, &["replay", "1", "--coach"]);
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        words,
        "game 1, Mathrix: 1 of 1 step cost move 1 (mathrix remove d2 because 2+2=4): taking d2 leaves 4 coins at best; f1 (2+5=3+4) kept a way down to 2"
    );
    // Every line the solver gave is taken by the rules, down to two.
    let data = tempfile::tempdir().unwrap();
    tm(&data, &["setup", "mathrix", TEXT]);
    for step in solve_lines(
        "Mathrix n3n4aa/n2324a/55324n/5a2534 (+-x/): no way down to one coin as dealt (proved: 44495 positions searched); the fewest it can leave is 2 coins, in 22 steps\n1. f1 (2+5=3+4)\n2. e2 (4=4)\n3. f2 (0=1-1)\n4. b3 (5=2+3)\n5. e3 (3+2=4+1)\n6. f3 (1=1)\n7. f4 (1=1)\n8. e4 (3=0+4-1)\n9. b4 (0=3x0)\n10. a4 (0=0)\n11. a3 (5=5+0)\n12. c4 (3=3+0)\n13. c3 (3=3)\n14. c2 (5=3+2)\n15. b2 (5=5)\n16. a2 (5=5)\n17. a1 (5=1+2+5-3)\n18. b1 (1x2=5-3)\n19. c1 (2=5-3)\n20. d1 (5=2/2+4)\n21. d4 (2+2=4)\n22. d2 (2=2)\n",
    ) {
        let (_, err, code) = tm(&data, &["mathrix", "remove", &step.0, "because", &step.1]);
        assert_eq!(code, 0, "{step:?}: {err}");
    }
    let (out, _, _) = tm(&data, &["mathrix", "show"]);
    assert!(
        out.contains("\n2 coins left in ")
            && out.ends_with("; no coin can be taken: the game is over\n"),
        "{out}"
    );
}

/// `1. f1 (2+5=3+4)` lines: each coin and its equation.
fn solve_lines(text: &str) -> Vec<(String, String)> {
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let (_, rest) = l.split_once(". ")?;
            let (space, eq) = rest.split_once(" (")?;
            Some((space.to_string(), eq.trim_end_matches(')').to_string()))
        })
        .collect()
}
