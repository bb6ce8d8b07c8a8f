//! Fuji-san through the real binary (#61 item 1): ppgames' published
//! cases, its PPN read and written back, moves followed and refused with
//! nothing lost, graded deals, hints and the coach.

use tempfile::TempDir;

use super::common;

fn tm(data: &TempDir, args: &[&str]) -> (String, String, i32) {
    common::tm_in(data.path(), args)
}

/// ppgames' own file for its puzzle 2 (`inst/ppn/fujisan.ppn`).
const PUZZLE2: &str = "---\nGameType:\n  Name: Fujisan\n  Coins: \"44452n24n3aa/a25335325ann\"\n...\n1. a1-b1 2. n2-k2 3. b1-e1 4. e1-j1 5. j1-j2 6. j2-l2 7. k2-m2 8. m2-m1\n9. l2-l1 10. n1-k1 11. m1-i1 12. i1-d1 13. d1-d2 14. l1-i1 15. i1-i2 16. k1-k2\n17. k2-e2 18. i2-c2 19. a2-f2 20. e2-h2 21. h2-g2 22. c2-h2 23. h2-h1 24. d2-h2\n25. f2-b2 26. b2-b1 27. b1-g1\n";

#[test]
fn the_published_cases_solve_as_ppgames_says() {
    let data = tempfile::tempdir().unwrap();
    let (out, err, code) = tm(
        &data,
        &[
            "solve",
            "fuji-san",
            "coins=2nnna244naa5/335a45235432",
            "dice=a2/55",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Fuji-san 2nnna244naa5/335a45235432: 12 moves as dealt"),
        "{out}"
    );
    let (out, _, _) = tm(
        &data,
        &["solve", "fuji-san", "coins=44452n24n3aa/a25335325ann"],
    );
    assert!(
        out.starts_with("Fuji-san 44452n24n3aa/a25335325ann: 27 moves as dealt"),
        "{out}"
    );
    let (out, _, _) = tm(
        &data,
        &[
            "solve",
            "fuji-san",
            "coins=235334140030554141221205",
            "dice=0000",
        ],
    );
    assert_eq!(
        out,
        "Fuji-san 235334a4nn3n/554a4a22a2n5: no solution as dealt: no priest can move\n"
    );
    let (_, err, code) = tm(
        &data,
        &["solve", "fuji-san", "coins=2nnna244naa5/335a45235432"],
    );
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: no coin gives a first move, so the dice decide it: add dice= (like dice=a2/55)\n"
    );
}

#[test]
fn a_ppgames_file_is_read_checked_and_written_back() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("fujisan.ppn");
    std::fs::write(&file, PUZZLE2).unwrap();
    let ppn = format!("ppn={}", file.display());
    let (out, err, code) = tm(&data, &["setup", "fuji-san", &ppn]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("read 27 moves from the PPN, every one legal"),
        "{out}"
    );
    assert!(
        out.contains("all four priests are on the summit in 27 moves: you win"),
        "{out}"
    );
    assert!(out.contains("par 27 moves"), "{out}");
    let (out, _, _) = tm(&data, &["fuji", "ppn"]);
    assert_eq!(out, PUZZLE2);
    // An illegal move is named by its number; nothing is laid.
    let before = tm(&data, &["export"]).0;
    std::fs::write(&file, PUZZLE2.replace("3. b1-e1", "3. b1-f1")).unwrap();
    let (_, err, code) = tm(&data, &["setup", "fuji-san", &ppn]);
    assert_eq!(code, 1);
    assert!(err.starts_with("error: ppn=: move 3 (b1-f1) is illegal: b1-f1 is not a move here: from b1 to f1 the empty spaces number 4, and the coin on f1 shows 3"), "{err}");
    assert_eq!(tm(&data, &["export"]).0, before);
}

#[test]
fn moves_are_followed_refused_and_coached() {
    let data = tempfile::tempdir().unwrap();
    let (out, err, code) = tm(
        &data,
        &[
            "--color",
            "never",
            "setup",
            "fuji-san",
            "coins=44452n24n3aa/a25335325ann",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "   a b c d e f g h i j k l m n\n2  S 4 4 4 5 2|n 2|4 n 3 a a M\n1  A a 2 5 3 3|5 3|2 5 a n n C\nmoves: 0; `fuji n2-m2` (the moves now: n2-m2, n2-k2, a1-b1, a1-c1)\npar 27 moves\n"
        ),
        "{out}"
    );
    let (out, _, _) = tm(&data, &["fuji", "hint"]);
    assert_eq!(out, "`fuji n2-m2`: 27 moves to the summit from here\n");
    let before = tm(&data, &["export"]).0;
    let (_, err, code) = tm(&data, &["fuji", "a1-d1"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: a1-d1 is not a move here: from a1 to d1 the empty spaces number 3, and the coin on d1 shows 5 (the moves now: n2-m2, n2-k2, a1-b1, a1-c1)\n"
    );
    assert_eq!(tm(&data, &["export"]).0, before);
    let (out, _, code) = tm(&data, &["fuji", "a1-c1"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("1. a1-c1\n"), "{out}");
    let (out, _, _) = tm(&data, &["replay", "1", "--coach"]);
    assert_eq!(
        out,
        "game 1, Fuji-san: 1 of 1 step cost\nmove 1 (fuji a1-c1): a1-c1 cost 1 move: 27 to go after it,\n    26 after n2-m2\n"
    );
    let (out, _, _) = tm(&data, &["--json", "fuji", "hint"]);
    assert_eq!(
        out,
        "{\"type\":\"hint\",\"data\":{\"move\":{\"from\":\"n2\",\"to\":\"m2\"},\"to_go\":27}}\n"
    );
}

#[test]
fn a_level_deal_grades_at_its_level() {
    let data = tempfile::tempdir().unwrap();
    for level in ["easy", "expert"] {
        let word = format!("level={level}");
        let (out, err, code) = tm(&data, &["--seed", "3", "setup", "fuji-san", &word]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(&format!("level {level}, par ")), "{out}");
        let (out, _, _) = tm(&data, &["fuji", "grade"]);
        assert!(
            out.starts_with(&format!("as dealt: level {level} (")),
            "{out}"
        );
    }
}
