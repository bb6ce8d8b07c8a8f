//! Lab Rats, Angry Troll, Slides of Action and Penguin's Night Out through
//! the real binary; diagrams compared as text with colour off.

use tempfile::TempDir;

use super::common;

fn tm(data: &TempDir, args: &[&str]) -> (String, String, i32) {
    common::tm_in(data.path(), args)
}

#[test]
fn lab_rats_given_rolls_draw_the_hand_checked_maze() {
    let data = tempfile::tempdir().unwrap();
    let (out, _, code) = tm(&data, &["setup", "lab-rats", "rolls=3,a,3,5"]);
    assert_eq!(code, 0);
    assert!(out.starts_with(
        "Lab Rats: the maze\n4 of your rolls used\nEE\nEE\n.DDCC\n.DDCCBB\n.....BB\n.....AA\n.....**\n"
    ), "{out}");
    assert!(
        out.contains("your rolls ran out with 5 of 24 tiles laid"),
        "{out}"
    );
    let (out, _, _) = tm(&data, &["--json", "setup", "lab-rats", "rolls=3,a,3,5"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let t = &v["data"]["tiles"];
    assert_eq!(
        (
            t[2]["x"].as_i64(),
            t[2]["y"].as_i64(),
            t[2]["heading"].as_str()
        ),
        (Some(-2), Some(3), Some("W"))
    );
    assert_eq!(v["data"]["start"][0]["x"], 0);
}

#[test]
fn lab_rats_random_maze_is_complete() {
    let data = tempfile::tempdir().unwrap();
    let (out, _, _) = tm(&data, &["--seed", "8", "--json", "setup", "lab-rats"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["tiles"].as_array().unwrap().len(), 24);
    assert_eq!(v["data"]["complete"], true);
    assert_eq!(v["data"]["exit"].as_array().unwrap().len(), 2);
    let (_, err, code) = tm(&data, &["setup", "lab-rats", "rolls=3,x"]);
    assert_eq!(code, 1);
    assert!(err.contains("'x' is not a die result"), "{err}");
}

#[test]
fn troll_bridge_deals_24_and_leaves_28() {
    let data = tempfile::tempdir().unwrap();
    let (out, _, code) = tm(&data, &["--seed", "2", "setup", "troll"]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "       1    2    3    4    5    6\nupper  [3]  [2]  [1]  [1]  [2]  [3]\nlower  [3]  [2]  [1]"
        ),
        "{out}"
    );
    assert!(
        out.contains("27 cards left in the deck of awakening"),
        "{out}"
    );
    let (out, _, _) = tm(&data, &["--json", "troll", "reveal"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let dealt: usize = ["upper", "lower"]
        .iter()
        .flat_map(|r| v["data"][r].as_array().unwrap())
        .map(|s| s.as_array().unwrap().len())
        .sum();
    assert_eq!(dealt, 24);
    assert_eq!(v["data"]["deck"].as_array().unwrap().len(), 27);
    let (out, _, _) = tm(&data, &["--seed", "1", "troll", "awaken"]);
    assert!(out.contains("turn 1; deck of awakening 26"), "{out}");
    let (out, _, _) = tm(&data, &["troll", "score"]);
    assert_eq!(
        out.trim(),
        "score so far 26: cards left in the deck of awakening (lower is better)"
    );
    // The diary's easier bridges.
    for (bridge, deck) in [("36", "15"), ("48", "3")] {
        let (out, err, code) = tm(&data, &["setup", "troll", &format!("bridge={bridge}")]);
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains(&format!("a {bridge}-card bridge"))
                && out.contains(&format!("{deck} cards left in the deck")),
            "{out}"
        );
    }
    let (_, err, code) = tm(&data, &["setup", "troll", "bridge=30"]);
    assert_eq!(code, 1);
    assert!(err.contains("'bridge=30'"), "{err}");
    let (_, err, _) = tm(&data, &["setup", "troll", "variant=toys,clubs"]);
    assert!(err.contains("'clubs' is not one of"), "{err}");
}

/// A whole game of the player's own cards, the 48-card bridge, played to
/// a perfect troll win, then a step taken back.
#[test]
fn a_troll_game_is_followed_turn_by_turn() {
    let data = tempfile::tempdir().unwrap();
    let script = "setup troll bridge=48 cards=mine card=4C die=4\n\
        troll move left\n\
        troll card 7S die=3\ntroll brick 5D\ntroll move left\ntroll stomp\n\
        troll card KH die=6\ntroll brick 2C\ntroll move up\ntroll move right\n\
        troll awaken die=2\ntroll brick 3S\ntroll move left\ntroll move left\n\
        troll card 9D die=1\ntroll brick 6H\ntroll pick up left\ntroll move left\ntroll stomp\n\
        troll score\nundo\ntroll\n";
    let r = common::run(data.path(), &[], Some(script));
    let (out, err, code) = (r.out, r.err, r.code);
    assert_eq!(code, 1, "one line is refused: {out}{err}");
    // Acting before the awakening, and picking up a heart, are refused.
    assert!(
        err.contains("line 2: error: the awakening comes first"),
        "{err}"
    );
    assert!(
        err.contains("line 17: error: 6H is a heart: a troll cannot have a heart"),
        "{err}"
    );
    assert_eq!(err.matches("error:").count(), 2, "{err}");
    for want in [
        "the brick in lower slot 3 awakens: turn it up and name it",
        "lower  [5]  [4] {!5D} [3]  [4]  [5]",
        "the troll stomps 5D in lower slot 3: it is dormant",
        "flight: 2C leaves upper slot 6 for the right bank: fled, set\n  aside",
        "turn 3: the awakening plays the set-aside 2C",
        "2C (set aside, black): lower row; die 2",
        "flight: 3S moves from lower slot 2 to lower slot 1",
        "the troll wins, a perfect win (no gaps)",
        "game over: the troll won; score 0",
        "score 0: cards left in the deck of awakening when the game ended (the troll won)",
        "undid: troll stomp",
    ] {
        assert!(out.contains(want), "missing {want:?} in\n{out}");
    }
    // After the undo the heart is awake again under the troll.
    assert!(
        out.trim_end().ends_with("upper {!6H} [4]  [3]  [3]  [4]  [4]\nlower  !3S  [3]  [3]  [3]  [4]  [5]\n[n] dormant (n bricks), !card awake, {} troll\nturn 4; deck of awakening 0; lower stack black\nthe troll has 1 action (move, stomp, pick up, club, throw,\nshovel, lay down)"),
        "{out}"
    );
}

#[test]
fn slides_of_action_start_matches_design() {
    let data = tempfile::tempdir().unwrap();
    let (out, _, code) = tm(
        &data,
        &["setup", "slides-of-action", "players=3", "suits=C,A,S"],
    );
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Slides of Action\n  A C S A\n  S A C S\n  C S A C\n  A C S _\n"),
        "{out}"
    );
    assert!(
        out.contains("player 2: Arms") && out.contains("Arms moves first (player 2)"),
        "{out}"
    );
    let (out, _, _) = tm(&data, &["--json", "setup", "slides", "players=2"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["neutral"], "Arms");
    assert_eq!(v["data"]["players"].as_array().unwrap().len(), 2);
    let (_, err, _) = tm(&data, &["setup", "slides", "players=5"]);
    assert!(err.contains("'players=5'"), "{err}");
}

#[test]
fn penguins_nests_are_distinct_and_helpers_roll() {
    let data = tempfile::tempdir().unwrap();
    for seed in 0..20 {
        let (out, _, code) = tm(
            &data,
            &[
                "--seed",
                &seed.to_string(),
                "--json",
                "setup",
                "penguins",
                "players=4",
            ],
        );
        assert_eq!(code, 0);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let mut nests: Vec<String> = v["data"]["nests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.to_string())
            .collect();
        nests.sort();
        nests.dedup();
        assert_eq!(nests.len(), 4);
        assert_eq!(v["data"]["rows"].as_array().unwrap().len(), 7);
    }
    let (out, _, _) = tm(&data, &["setup", "penguins", "players=2"]);
    assert!(out.contains("player 1's two go to player 2"), "{out}");
    // The buddy tokens go down first; then rolls move and alter.
    let (_, err, _) = tm(&data, &["penguins", "roll"]);
    assert!(
        err.contains("the buddy tokens are being placed first"),
        "{err}"
    );
    for _ in 0..4 {
        tm(&data, &["penguins", "place"]);
    }
    let (out, _, _) = tm(&data, &["penguins", "roll"]);
    assert!(out.starts_with("player 1 rolled "), "{out}");
    tm(&data, &["penguins", "move", "stay"]);
    let (out, _, _) = tm(&data, &["penguins", "alter"]);
    assert!(out.starts_with("player 1 rolled "), "{out}");
    assert!(out.contains(": domino "), "{out}");
    let (out, _, _) = tm(
        &data,
        &[
            "--json",
            "setup",
            "penguins",
            "players=3",
            "variant=elbow-room",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["dice"], 10);
    assert_eq!(v["data"]["rows"].as_array().unwrap().len(), 11);
    let (_, err, _) = tm(
        &data,
        &["setup", "penguins", "players=2", "variant=elbow-room"],
    );
    assert!(err.contains("three or more"), "{err}");
}

/// The nests stay marked after setup: `penguins` (another process) draws
/// the same marks and legend as the setup did, and `penguins alter`
/// keeps them.
#[test]
fn penguin_nests_are_kept_after_setup() {
    let data = tempfile::tempdir().unwrap();
    let (setup, _, code) = tm(&data, &["--seed", "2", "setup", "penguins", "players=2"]);
    assert_eq!(code, 0);
    let (shown, _, code) = tm(&data, &["penguins"]);
    assert_eq!(code, 0);
    let board: Vec<&str> = setup.lines().skip(1).take(10).collect();
    let drawn: Vec<&str> = shown.lines().take(10).collect();
    assert_eq!(drawn, board, "{setup}\n{shown}");
    assert!(shown.contains("nests: 1 1-3, 2 3-4"), "{shown}");
    for _ in 0..4 {
        tm(&data, &["penguins", "place"]);
    }
    tm(&data, &["penguins", "roll"]);
    tm(&data, &["penguins", "move", "stay"]);
    tm(&data, &["penguins", "alter"]);
    let (shown, _, _) = tm(&data, &["penguins"]);
    assert!(shown.contains("nests: 1 1-3, 2 3-4"), "{shown}");
}

/// Slides of Action followed in one script against tablemate: an illegal
/// move refused on the way, and the game ends in a win the test names.
#[test]
fn slides_of_action_against_tablemate_to_a_win() {
    let data = tempfile::tempdir().unwrap();
    let script = "setup slides players=2 against=tablemate\n\
                  slides move r4c1\n\
                  slides move r3c3\n\
                  slides move r1c1\n\
                  slides\n";
    let run = common::run(data.path(), &["--seed", "1"], Some(script));
    assert_eq!(run.code, 1, "one move was refused: {}", run.err);
    assert!(
        run.err
            .contains("error: r3c3 is not in the gap's row or column (r2c1)"),
        "{}",
        run.err
    );
    assert!(run.out.contains("tablemate plays Suns."), "{}", run.out);
    assert!(
        run.out.ends_with("game over: Suns won after 4 moves\n"),
        "{}",
        run.out
    );
    // The game is saved: another process sees it, and `undo` takes back
    // tablemate's winning move.
    let (out, _, _) = common::tm_in(data.path(), &["slides"]);
    assert!(
        out.ends_with("game over: Suns won after 4 moves\n"),
        "{out}"
    );
    common::tm_in(data.path(), &["undo"]);
    let (out, _, _) = common::tm_in(data.path(), &["slides"]);
    assert!(out.ends_with("Suns to move\n"), "{out}");
}

/// Lab Rats followed in one script: the coins at the table told, a move
/// off the maze refused, a null moved by the distance chosen, backing up
/// refused in the harder game, and the coins run out: a loss.
#[test]
fn lab_rats_to_a_loss_in_the_harder_game() {
    let data = tempfile::tempdir().unwrap();
    let mut script = String::from(
        "setup lab-rats variant=harder\n\
         rats turned 1=5 2=4 3=n\n\
         rats move north 2\n\
         rats move north 3 1\n\
         rats back\n",
    );
    // Give up the other 23 coins, a stack at a time.
    for stack in [1, 2, 3] {
        for _ in 0..8 {
            script.push_str(&format!("rats lose {stack}\n"));
        }
    }
    let run = common::run(data.path(), &["--seed", "2"], Some(&script));
    assert!(
        run.err
            .contains("error: north 4 leaves the maze at 0,2: the rat keeps to the maze's squares"),
        "{}",
        run.err
    );
    assert!(
        run.err.contains("error: the harder game has no backing up"),
        "{}",
        run.err
    );
    assert!(
        run.out
            .contains("the rat moved north 1 to 0,1 (the n left at 0,0)"),
        "{}",
        run.out
    );
    // The 24th `lose` finds stack 3 empty (its null moved the rat).
    assert!(run.err.contains("error: stack 3 is empty"), "{}", run.err);
    assert!(
        run.out
            .trim_end()
            .ends_with("no coins left and the rat is in the maze: you lose"),
        "{}",
        run.out
    );
    // Kept for the next command, and `undo` gives a coin back.
    common::tm_in(data.path(), &["undo"]);
    let (out, _, _) = common::tm_in(data.path(), &["rats"]);
    assert!(
        out.trim_end()
            .ends_with("coins showing: 1: (empty), 2: (empty), 3: 2"),
        "{out}"
    );
}

/// `solve lab-rats` after setup: its way out, typed as `rats` commands,
/// takes the rat out of the maze coin for coin.
#[test]
fn the_lab_rats_way_out_plays_through() {
    let data = tempfile::tempdir().unwrap();
    let (_, err, code) = tm(&data, &["--seed", "3", "setup", "lab-rats"]);
    assert_eq!(code, 0, "{err}");
    let (out, _, _) = tm(&data, &["solve", "lab-rats"]);
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("the rat could get out with 17 coins from the left start square (the right takes 19 coins), without backing up:"),
        "{out}"
    );
    assert!(
        out.contains("3 of the 24 coins have shown on a stack's top"),
        "{out}"
    );
    let (json, _, _) = tm(&data, &["--json", "solve", "lab-rats"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let steps = v["data"]["steps"].as_array().unwrap();
    let mut last = String::new();
    for (i, st) in steps.iter().enumerate() {
        let stack = st["stack"].to_string();
        let args: Vec<String> = if st["kind"] == "lose" {
            vec!["rats".into(), "lose".into(), stack]
        } else {
            let mut a = vec![
                "rats".into(),
                "move".into(),
                st["dir"].as_str().unwrap().into(),
                stack,
            ];
            if st["coin"] == "n" {
                a.push(st["spaces"].to_string());
            }
            a
        };
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (out, err, code) = tm(&data, &args);
        assert_eq!(code, 0, "step {i} {args:?}: {err}");
        last = out;
    }
    assert!(last.contains("out through the exit: you win"), "{last}");
    let (out, _, _) = tm(&data, &["solve", "rats"]);
    assert!(out.contains("your game: the rat got out using"), "{out}");
    let (_, err, code) = tm(&data, &["solve", "lab-rats", "3"]);
    assert_eq!(code, 1);
    assert!(err.contains("'3' is not understood"), "{err}");
}

/// A whole game of Penguin's Night Out on the players' own layout (the
/// standard rows, typed in notation), their own nests and dice: player 1
/// collects both buddies, a domino is relocated, and player 1 wins.
#[test]
fn a_penguin_game_is_followed_to_a_win() {
    let data = tempfile::tempdir().unwrap();
    let set: Vec<(u8, u8)> = (0..=6u8)
        .flat_map(|a| (a..=6).map(move |b| (a, b)))
        .collect();
    let layout: Vec<String> = set
        .iter()
        .enumerate()
        .map(|(i, (a, b))| format!("{a}-{b}@r{}c{}", i / 4 + 1, 2 * (i % 4) + 1))
        .collect();
    let script = format!(
        "setup penguins players=2 nests=1-2,5-6 layout=\"{}\"\n\
         penguins place r7c1\npenguins place r4c1\npenguins place r7c2\npenguins place r3c3\n\
         penguins roll 5\npenguins move from r3c1 s e\npenguins move from r3c1 s\n\
         penguins alter 5 5\npenguins relocate 5-5 r9c1\npenguins relocate 5-5 r8c1\npenguins done\n\
         penguins roll 1\npenguins move stay\npenguins alter 1 2\npenguins done\n\
         penguins roll 6\npenguins move n e e\npenguins alter 6 6\npenguins done\n\
         penguins roll 2\npenguins move stay\npenguins alter 3 4\npenguins done\n\
         penguins roll 6\npenguins move w\npenguins alter 2 2\npenguins done\n\
         penguins roll 3\n",
        layout.join(" ")
    );
    let r = common::run(data.path(), &[], Some(&script));
    let errors: Vec<&str> = r.err.lines().filter(|l| l.contains("error")).collect();
    assert_eq!(
        errors,
        [
            "line 7: error: step 2 (east) goes on past a stop: a buddy was picked up there; end the move on r4c1",
            "line 10: error: 5-5 at r9c1 would touch no other domino: it must lie beside the board",
            "line 29: error: the game is over: player 1 won",
        ],
        "{}",
        r.out
    );
    for want in [
        " 3 1A-2A 1 -3  1 -4  1 -5",
        "player 1 moved 1 to r4c1 (1)\npicked up a buddy: carrying 1",
        "player 1 rolled 5 and 5: domino 5-5",
        "5-5 now lies at r8c1 across",
        " 8 5 -5",
        "player 2 rolled 1 and 2: domino 1-2\n1-2 is vacant",
        "player 1 moved 3 to r3c3 (1)\npicked up a buddy: carrying 2",
        "player 1 is home with both buddies: player 1 wins!",
    ] {
        assert!(r.out.contains(want), "missing {want:?} in\n{}", r.out);
    }
}
