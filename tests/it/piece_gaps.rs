//! Piece Gaps through the real binary (#81 item 1): a tableau laid from
//! the table's tiles, moves as a player says them checked and refused
//! with nothing lost, the solver's line replayed move by move to a win
//! and filed, a lost deal proved, a level deal, redeals where the table
//! allows them, and the coach.

use tempfile::TempDir;

use super::common;

fn tm(data: &TempDir, args: &[&str]) -> (String, String, i32) {
    common::tm_in(data.path(), args)
}

/// A tableau two moves from stuck: S3 and S4 go home in rank 4, and then
/// every gap lies right of a five (M5 in rank 4, S5 in rank 3).
const STUCK: &str = "tiles=SaS2.S3M5S4/MaM2M3M4S5./CaC2C3C4C5./AaA2A3A4A5.";
/// Seed 64's deal, lost at sight: four tableaux reachable.
const LOST: &str = "tiles=A2M2.A5A3Ma/C5S3S4C2A4C3/S5..M5M3Ca/M4C4SaAaS2.";

#[test]
fn moves_are_checked_refused_and_nothing_is_lost() {
    let data = tempfile::tempdir().unwrap();
    let (out, err, code) = tm(&data, &["setup", "piece-gaps", STUCK]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "Piece Gaps: tiles SaS2.S3M5S4/MaM2M3M4S5./CaC2C3C4C5./AaA2A3A4A5.\n   a  b  c  d  e  f\n4  Sa S2 .. S3 M5 S4\n3  Ma M2 M3 M4 S5 ..\n2  Ca C2 C3 C4 C5 ..\n1  Aa A2 A3 A4 A5 ..\n16 of 20 tiles home; `gaps move TILE` into a gap (1 move allowed)\nno way to bring every row to ace to five from this deal (proved: 3 tableaux searched)\n"
    );
    let before = tm(&data, &["export"]).0;
    for (line, said) in [
        (
            "gaps move S4",
            "error: no gap takes S4 now: a gap takes the tile one higher in the suit left of it (S4 goes right of S3 on d4)\n",
        ),
        (
            "gaps move S3 to f3",
            "error: S3 cannot go to f3: f3 lies right of a five, and waits until the five moves (c4 takes it)\n",
        ),
        (
            "gaps move S3 to b4",
            "error: b4 holds S2: a tile moves into a gap (c4, f3, f2, f1)\n",
        ),
        (
            "gaps fill f2",
            "error: f2 lies right of a five, and waits until the five moves\n",
        ),
        (
            "gaps fill a1",
            "error: a1 holds Aa: `gaps fill` names a gap (c4, f3, f2, f1)\n",
        ),
        (
            "gaps move Sn",
            "error: Sn is a null: the nulls were taken out as dealt, and left the gaps\n",
        ),
        (
            "gaps redeal",
            "error: a redeal comes only when no tile can move, and tiles still can (`gaps hint`)\n",
        ),
    ] {
        let w: Vec<&str> = line.split(' ').collect();
        let (_, err, code) = tm(&data, &w);
        assert_eq!((code, err.as_str()), (1, said), "{line}");
        assert_eq!(tm(&data, &["export"]).0, before, "{line} changed nothing");
    }
    let (out, err, code) = tm(&data, &["gaps", "fill", "c4"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("1. S3 from d4 to c4 (17 of 20 home)\n"),
        "{out}"
    );
    let (out, _, _) = tm(&data, &["gaps", "s4"]);
    assert_eq!(
        out,
        "2. S4 from f4 to d4 (18 of 20 home)\n   a  b  c  d  e  f\n4  Sa S2 S3 S4 M5 ..\n3  Ma M2 M3 M4 S5 ..\n2  Ca C2 C3 C4 C5 ..\n1  Aa A2 A3 A4 A5 ..\n18 of 20 tiles home; no tile can move: the game is over\n"
    );
    let (_, err, _) = tm(&data, &["gaps", "redeal"]);
    assert_eq!(
        err,
        "error: no redeals: the text allows none (`setup piece-gaps redeals=2` allows two)\n"
    );
    let (out, _, _) = tm(&data, &["stats", "piece-gaps"]);
    assert!(out.contains("Piece Gaps 1 time, won 0"), "{out}");
}

#[test]
fn a_redeal_lays_the_loose_tiles_again_where_the_table_allows_it() {
    let data = tempfile::tempdir().unwrap();
    let (out, err, code) = tm(&data, &["setup", "piece-gaps", "redeals=1", STUCK]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "Piece Gaps: tiles SaS2.S3M5S4/MaM2M3M4S5./CaC2C3C4C5./AaA2A3A4A5. (1 redeal allowed)\n"
        ),
        "{out}"
    );
    for m in ["S3", "S4"] {
        assert_eq!(tm(&data, &["gaps", "move", m]).2, 0);
    }
    let (out, _, _) = tm(&data, &["gaps", "hint"]);
    assert_eq!(
        out,
        "no tile can move: `gaps redeal` deals the loose tiles again\n"
    );
    let (out, err, code) = tm(&data, &["gaps", "redeal"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("3. the loose tiles dealt again (0 redeals left)\n"),
        "{out}"
    );
    // The runs stay; M5 and S5 come back right of the gaps after them.
    assert!(out.contains("\n4  Sa S2 S3 S4 .. "), "{out}");
    assert!(out.contains("\n3  Ma M2 M3 M4 .. "), "{out}");
    let (out, _, _) = tm(&data, &["solve", "piece-gaps"]);
    assert!(
        out.contains(" after 2 moves: every row home in 2 moves\n"),
        "{out}"
    );
    let (out, _, _) = tm(&data, &["export"]);
    assert!(out.contains("\"redeal\""), "{out}");
}

#[test]
fn the_solvers_line_replays_to_a_win_and_is_filed() {
    let data = tempfile::tempdir().unwrap();
    let (_, err, code) = tm(&data, &["--seed", "4", "setup", "piece-gaps"]);
    assert_eq!(code, 0, "{err}");
    let (out, _, _) = tm(&data, &["--json", "solve", "piece-gaps"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["answer"], "won");
    let line = v["data"]["line"].as_array().unwrap().clone();
    assert!((10..60).contains(&line.len()), "{}", line.len());
    played_to_a_win(&data, &line);
    let (_, err, _) = tm(&data, &["gaps", "move", "Sa"]);
    assert_eq!(err, "error: every row runs ace to five: the game is won\n");
    let (out, _, _) = tm(&data, &["stats", "piece-gaps"]);
    assert!(out.contains("Piece Gaps 1 time, won 1"), "{out}");
    let (out, _, _) = tm(&data, &["replay", "1", "last"]);
    assert!(out.contains("every row runs ace to five: you win"), "{out}");
}

/// Each move of a solver's line played at the table, the last winning.
fn played_to_a_win(data: &tempfile::TempDir, line: &[serde_json::Value]) {
    let mut last = String::new();
    for step in line {
        let tile = step["move"]["tile"].as_str().unwrap();
        let to = step["move"]["to"].as_str().unwrap();
        let (out, err, code) = tm(data, &["gaps", "move", tile, "to", to]);
        assert_eq!(code, 0, "{tile} to {to}: {err}");
        last = out;
    }
    assert!(
        last.ends_with("20 of 20 tiles home; every row runs ace to five: you win\n"),
        "{last}"
    );
}

/// A deal whose left ends come free, so that the tableaux it reaches run
/// past millions (seed 122 of the solvers' bench): the quick search a
/// setup makes leaves it open, and the whole search, which meets as one
/// the tableaux that differ only in which rank and which suit is which,
/// wins it.
#[test]
fn a_deal_the_quick_search_leaves_open_is_won_by_the_whole_search() {
    let data = tempfile::tempdir().unwrap();
    let tiles = "tiles=Ca.SaS2C3Ma/S3S4A2M5M2A5/AaC5A4..M4/C2A3S5.M3C4";
    let (out, err, code) = tm(&data, &["setup", "piece-gaps", tiles]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with("the search found no win and proved no loss within 20001 tableaux searched (`solve piece-gaps` looks further)\n"),
        "{out}"
    );
    let (out, _, _) = tm(&data, &["--json", "solve", "piece-gaps"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["answer"], "won");
    played_to_a_win(&data, v["data"]["line"].as_array().unwrap());
}

#[test]
fn a_lost_deal_is_proved_a_level_deal_graded_and_the_coach_speaks() {
    let data = tempfile::tempdir().unwrap();
    let (out, err, code) = tm(&data, &["solve", "piece-gaps", LOST]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "Piece Gaps A2M2.A5A3Ma/C5S3S4C2A4C3/S5..M5M3Ca/M4C4SaAaS2. as dealt: no way to bring every row to ace to five from this deal (proved: 4 tableaux searched); at best 0 of 20 tiles come home\n"
    );
    // By hand: S3 goes right of S2 (17 home), then S4 right of S3 (18);
    // the gaps left lie right of fives, and nothing more moves.
    let (out, _, _) = tm(&data, &["solve", "piece-gaps", STUCK]);
    assert_eq!(
        out,
        "Piece Gaps SaS2.S3M5S4/MaM2M3M4S5./CaC2C3C4C5./AaA2A3A4A5. as dealt: no way to bring every row to ace to five from this deal (proved: 3 tableaux searched); at best 18 of 20 tiles come home\n"
    );
    let (out, err, code) = tm(&data, &["--seed", "1", "setup", "piece-gaps", "level=easy"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\nlevel easy: every row can be brought home\n"),
        "{out}"
    );
    let (out, _, _) = tm(&data, &["gaps", "grade"]);
    assert!(out.starts_with("as dealt: level easy ("), "{out}");
    let (out, _, _) = tm(&data, &["gaps", "hint"]);
    assert!(
        out.starts_with("`gaps move ") && out.ends_with(" keeps a way to bring every row home\n"),
        "{out}"
    );
}

/// #81 item 3: another tool's Piece Gaps file. ppdf deals Piece Gaps from
/// a Seed alone; tablemate deals Seed 23 as ppdf's own test snapshot
/// shows it, follows each move by the rules, files it, and names the
/// first illegal move.
#[test]
fn another_tool_s_piece_gaps_file_is_dealt_from_its_seed_and_followed() {
    let data = tempfile::tempdir().unwrap();
    let head = "---\nGameType:\n  Name: Piece Gaps\n  Seed: 23\n...\n";
    std::fs::write(data.path().join("pg.ppn"), format!("{head}1. j6-b4\n")).unwrap();
    std::fs::write(data.path().join("bad.ppn"), format!("{head}1. h6-d6\n")).unwrap();
    let (out, err, code) = tm(&data, &["replay", "pg.ppn"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "pg.ppn, Piece Gaps: the setup (1 move follows)\n   a  b  c  d  e  f\n4  A2 M3 M4 S5 C5 M2\n3  M5 .. .. Ma S2 C3\n2  .. A3 .. A4 Sa S4\n1  A5 C4 Aa C2 Ca S3\n"
        ),
        "{out}"
    );
    let (out, _, _) = tm(&data, &["import", "pg.ppn"]);
    assert_eq!(
        out,
        "pg.ppn: Piece Gaps with 1 move, filed as game 1 (`replay 1` shows it)\n"
    );
    let (out, _, _) = tm(&data, &["replay", "1", "last"]);
    assert!(
        out.contains("  1. S2 from e3 to a2 (0 of 20 home)\n"),
        "{out}"
    );
    let (_, err, code) = tm(&data, &["import", "bad.ppn"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: bad.ppn is a Piece Gaps game in Portable Piecepack Notation, but move 1 (h6-d6) is illegal: Ma cannot go to b3: b3 lies right of a five, and waits until the five moves (a2 takes it)\n"
    );
}

/// A deal with no way home (seed 75 of the solver's tests) is played for
/// the text's score, the tiles home: `hint` keeps the most within reach,
/// `solve` says how many, and the table's coach marks a move that loses
/// some.
#[test]
fn a_lost_deal_is_played_for_the_most_tiles_home() {
    let data = tempfile::tempdir().unwrap();
    let lost = "tiles=SaC5A5.M4./A2C4C2A4M5S4/MaM2M3A3S5./Ca.AaC3S2S3";
    let (_, err, code) = tm(&data, &["setup", "piece-gaps", lost]);
    assert_eq!(code, 0, "{err}");
    let (out, _, _) = tm(&data, &["gaps", "hint"]);
    assert_eq!(
        out,
        "no way to bring every row home from here (proved); `gaps move C2 to b1` keeps 12 of 20 tiles home within reach, the most from here\n"
    );
    let (_, err, _) = tm(&data, &["gaps", "grade"]);
    assert_eq!(
        err,
        "error: no way to bring every row home from here (proved), so there is nothing to grade: `gaps hint` shows the way to the most tiles home\n"
    );
    for m in ["C2 b1", "C5 c3", "S2 b4", "C4 e1", "A3 b3"] {
        let (tile, to) = m.split_once(' ').unwrap();
        let (_, err, code) = tm(&data, &["gaps", "move", tile, "to", to]);
        assert_eq!(code, 0, "{m}: {err}");
    }
    let (out, _, _) = tm(&data, &["solve", "piece-gaps"]);
    assert_eq!(
        out,
        "Piece Gaps SaS2A5.M4./A2A3C5A4M5S4/MaM2M3.S5./CaC2AaC3C4S3 after 5 moves: no way to bring every row to ace to five from this deal (proved: 30 tableaux searched); at best 12 of 20 tiles come home\n"
    );
    let (out, _, _) = tm(&data, &["gaps", "hint"]);
    assert_eq!(
        out,
        "no way to bring every row home from here (proved); `gaps move M5 to f4` keeps 12 of 20 tiles home within reach, the most from here\n"
    );
    tm(&data, &["coach", "on"]);
    let (out, _, _) = tm(&data, &["gaps", "move", "M4", "to", "d2"]);
    assert_eq!(
        out.lines().last(),
        Some(
            "moving M4 to d2 leaves at most 8 of 20 tiles to bring home; `gaps move M5 to f4` kept 12"
        )
    );
    let (out, _, _) = tm(&data, &["replay", "1", "--coach"]);
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        words,
        "game 1, Piece Gaps: 1 of 6 steps cost move 6 (gaps move M4 to d2): moving M4 to d2 leaves at most 8 of 20 tiles to bring home; `gaps move M5 to f4` kept 12"
    );
}
