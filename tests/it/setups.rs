//! Setups through the real binary (diagrams compared as text, colour off)
//! and their invariants over many seeds.

use proptest::prelude::*;
use tablemate::games::funhouse::setup as fs;
use tablemate::pieces::Rank;

use super::common;
use common::{tm, tm_in};

#[test]
fn trampo_land_worked_example_diagram() {
    let (out, _, code) = tm(&[
        "setup",
        "trampo-land",
        "die=3",
        "cast=10",
        "columns=7,3,0,0",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "Trampo-Land\n\
         die 3 (yours); cast 10 (yours); columns 7,3,0,0 (yours)\n\
         empty: 2; you: 10; adults: 7, 3, 15, 1\n\
         \x20             1A\n\
         \x20          2.   3A\n\
         \x20       4k   5k   6k\n\
         \x20    7A   8k   9k  10Y\n\
         \x2011k  12k  13k  14k  15A\n\
         Y you (die), A adult (pawn), k kid (coin), . empty\n"
    );
    let (out, _, _) = tm(&[
        "--json",
        "setup",
        "trampo-land",
        "die=3",
        "cast=10",
        "columns=7,3,0,0",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let t: Vec<&str> = v["data"]["trampolines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert_eq!(t[0], "adult");
    assert_eq!(t[1], "empty");
    assert_eq!(t[9], "you");
    assert_eq!(t.iter().filter(|x| **x == "kid").count(), 9);
}

#[test]
fn slide_jam_deal_is_replayable() {
    let a = tm(&["--seed", "5", "setup", "slide-jam"]).0;
    let b = tm(&["--seed", "5", "setup", "sj"]).0;
    assert_eq!(a, b);
    let (out, _, _) = tm(&["--seed", "5", "--json", "setup", "slide-jam"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let grid = v["data"]["grid"].as_array().unwrap();
    assert_eq!(grid.len(), 6);
    assert!(grid.iter().all(|r| r.as_array().unwrap().len() == 4));
}

#[test]
fn mirror_lays_stacks_in_reading_order() {
    let upper = "Sn Sa S2 S3 S4 S5 Mn Ma M2 M3 M4 M5";
    let lower = "Cn Ca C2 C3 C4 C5 An Aa A2 A3 A4 A5";
    let mut args = vec!["setup", "magic-mirror"];
    args.extend(upper.split(' '));
    args.push("/");
    args.extend(lower.split(' '));
    let (out, _, code) = tm(&args);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "Magic Mirror\nstacks: as you gave them\n  Sn  Sa  S2  S3\n  S4  S5  Mn  Ma\n  M2  M3  M4  M5\n  \
         ~~~~~~ mirror ~~~~~~\n  Cn  Ca  C2  C3\n  C4  C5  An  Aa\n  A2  A3  A4  A5\n\
         Each stack is laid from its top in reading order.\n"
    );
    let (_, err, code) = tm(&["setup", "mirror", "Sn", "/", "Sn"]);
    assert_eq!(code, 1);
    assert!(err.contains("tile Sn is in both stacks"), "{err}");
}

#[test]
fn catwalk_fallbacks_through_the_binary() {
    let (out, _, code) = tm(&[
        "setup", "catwalk", "Sn", "Ca", "C2", "S2", "S3", "M2", "M3", "A2", "S4", "rolls=5",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("laying order: 9 as you gave them, 15 drawn at random"),
        "{out}"
    );
    assert!(
        out.contains("9 S4: blocked; your roll 5 among east/west -> west"),
        "{out}"
    );
    assert!(out.starts_with("Catwalk\n"));
    let (out, _, _) = tm(&["--json", "--seed", "4", "setup", "catwalk"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let tiles = v["data"]["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 24);
    assert_eq!(
        (tiles[0]["x"].as_i64(), tiles[0]["y"].as_i64()),
        (Some(0), Some(0))
    );
    let (_, err, _) = tm(&["setup", "catwalk", "rolls=7"]);
    assert!(err.contains("'7' is not a die result"), "{err}");
}

#[test]
fn barrels_chain_from_the_catwalk_scoreboard() {
    let data = tempfile::tempdir().unwrap();
    tm_in(data.path(), &["funhouse", "new"]);
    tm_in(data.path(), &["score", "catwalk", "5xn", "4xn", "nx3"]);
    let (out, _, _) = tm_in(data.path(), &["--seed", "3", "--json", "setup", "barrels"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let grid = &v["data"]["grid"];
    // The scoreboard pairs 5-n, 4-n, n-3 open the grid (swaps aside).
    assert_eq!(v["data"]["legal"], true);
    let (text, _, _) = tm_in(data.path(), &["--seed", "3", "setup", "barrels"]);
    assert!(
        text.contains("the run's Catwalk scoreboard opens the grid (6 coins)"),
        "{text}"
    );
    let (whack, _, _) = tm_in(data.path(), &["--json", "setup", "whack"]);
    let w: serde_json::Value = serde_json::from_str(&whack).unwrap();
    assert_eq!(
        &w["data"]["grid"], grid,
        "the barrel grid becomes the whack board"
    );
    assert_eq!(w["data"]["corners"][0]["cell"], "r1c1");
}

#[test]
fn barrels_given_coins_and_refusals() {
    let (out, _, code) = tm(&[
        "setup", "barrels", "n", "a", "2", "3", "n", "4", "5", "a", "2", "3", "4", "5", "n", "a",
        "2", "3", "4", "5", "n", "a", "2", "3", "4", "5",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("1. r2c1 (n) <-> r2c2 (4)"), "{out}");
    assert!(out.contains("r2  4  n  5  a"), "{out}");
    let (_, err, _) = tm(&["setup", "barrels", "5", "5", "5", "5", "5"]);
    assert!(err.contains("more than four 5 coins"), "{err}");
    let (_, err, _) = tm(&["setup", "barrels", "7"]);
    assert!(err.contains("'7' is not a coin value"), "{err}");
}

#[test]
fn whack_board_diagram() {
    let (out, _, _) = tm(&["setup", "whack-a-dummy"]);
    assert!(out.contains(
        "    c1 c2 c3 c4\nr1  1  #  #  2\nr2  #  #  #  #\nr3  #  S  S  #\nr4  #  S  S  #\nr5  #  #  #  #\nr6  4  #  #  3\n"
    ), "{out}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn barrel_grids_are_legal_or_say_so(seed in any::<u64>()) {
        let mut rng = tablemate::random::TableRng::new(seed);
        let mut coins = fs::coin_pool(&[]).unwrap();
        rng.shuffle(&mut coins);
        let b = fs::barrels(&coins);
        let (g, clean) = (b.grid, b.legal);
        let equal_neighbours = (0..6).any(|r| (0..4).any(|c| {
            (r + 1 < 6 && g[r][c] == g[r + 1][c]) || (c + 1 < 4 && g[r][c] == g[r][c + 1])
        }));
        prop_assert_eq!(clean, !equal_neighbours);
        prop_assert!(clean, "a shuffled full set should always legalise");
        let mut all: Vec<Rank> = g.concat();
        all.sort();
        let mut want = coins.clone();
        want.sort();
        prop_assert_eq!(all, want, "swaps only move coins");
    }

    #[test]
    fn trampo_land_always_has_everyone(die in 0u8..6, cast in 1u32..=15, cols in proptest::array::uniform4(0u32..=30)) {
        let t = fs::trampo_land(Rank::from_index(die).unwrap(), cast, cols);
        let count = |o| t.board.iter().filter(|x| **x == o).count();
        prop_assert_eq!(count(fs::Occupant::Empty), 1);
        prop_assert_eq!(count(fs::Occupant::You), 1);
        prop_assert_eq!(count(fs::Occupant::Adult), 4);
        prop_assert_eq!(count(fs::Occupant::Kid), 9);
    }
}

#[test]
fn each_game_lists_its_own_settings_and_names_a_bad_one() {
    let (out, err, code) = tm(&["setup", "penguins", "--help"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("setup penguins-night-out\nsettings (each optional):\n  players=2..4"),
        "{out}"
    );
    assert!(err.is_empty(), "help draws nothing, so no seed line: {err}");
    let (out, _, _) = tm(&["setup", "--help"]);
    assert!(
        out.contains("Usage: setup [OPTIONS] [GAME]") && out.contains("`setup GAME --help`"),
        "{out}"
    );
    for line in out.lines() {
        assert!(line.chars().count() <= 60, "{line}");
    }
    let (_, err, code) = tm(&["setup", "trampo-land", "cast=16"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("'cast=16': cast is a whole number from 0 to 15"),
        "{err}"
    );
    let (_, err, _) = tm(&["setup", "slides", "colour=red"]);
    assert!(
        err.contains(
            "'colour=red' is not a setting of setup slides-of-action: it takes players=, suits="
        ),
        "{err}"
    );
    let (_, err, code) = tm(&["setup"]);
    assert_eq!(code, 1);
    assert!(err.contains("setup needs a game: slide-jam,"), "{err}");
}

/// Each setting is checked against its declaration, and the refusal
/// names the word and what the setting takes.
#[test]
fn settings_are_checked_against_their_declarations() {
    for (args, want) in [
        (
            &["setup", "penguins", "players=5"][..],
            "error: 'players=5': players is a whole number from 2 to 4: how many play (2 if not given)\n",
        ),
        (
            &["setup", "penguins", "players=2", "players=3"],
            "error: players= is given twice\n",
        ),
        (
            &["setup", "penguins", "dice=6"],
            "error: 'dice=6' is not a setting of setup penguins-night-out: it takes players=, variant=, layout=, nests=\n",
        ),
        (
            &["setup", "penguins", "four"],
            "error: 'four' is not understood: setup penguins-night-out takes players=, variant=, layout=, nests=\n",
        ),
        (
            &["setup", "trampo-land", "columns=1,2"],
            "error: 'columns=1,2': columns is 4 whole numbers from 0 to 30, split by commas: the Whack-a-Dummy column sums, left to right\n",
        ),
        (
            &["setup", "catwalk", "rolls=7"],
            "error: '7' is not a die result: expected n, a, 2, 3, 4 or 5\n",
        ),
    ] {
        let (out, err, code) = tm(args);
        assert_eq!(
            (out.as_str(), err.as_str(), code),
            ("", want, 1),
            "{args:?}"
        );
    }
}

/// Every game's settings help fits a 60-column terminal, and lists what
/// Tab offers.
#[test]
fn every_setup_help_fits_sixty_columns() {
    let (list, _, _) = tm(&["help", "setup"]);
    let games: Vec<String> = list
        .split("Games: ")
        .nth(1)
        .expect("help setup lists the games")
        .split('.')
        .next()
        .unwrap()
        .split([',', ' ', '\n'])
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect();
    assert!(games.len() >= 10, "{games:?}");
    for g in &games {
        let (out, err, code) = tm(&["setup", g, "--help"]);
        assert_eq!(code, 0, "{g}: {err}");
        for line in out.lines() {
            assert!(line.chars().count() <= 60, "{g}: {line}");
        }
    }
    let (out, _, _) = tm(&["setup", "penguins", "--help"]);
    assert!(
        out.contains("players=2..4") && out.contains("variant=elbow-room"),
        "{out}"
    );
}
