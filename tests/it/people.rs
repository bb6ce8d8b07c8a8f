//! The table's people (issue #47): who sits at the table, kept in the
//! store; `first` and `seating` hold for `turn` and new pads.

use std::path::Path;

use crate::common::run;

fn ok(data: &Path, words: &[&str]) -> String {
    let r = run(data, words, None);
    assert_eq!(r.code, 0, "`{}` failed: {}", words.join(" "), r.err);
    r.out
}

/// The text as words one space apart (piped output is wrapped).
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn first_then_turn_goes_round_the_seating_from_who_starts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        ok(d, &["players", "ann", "ben", "cat"]),
        "1. ann\n2. ben\n3. cat\nann starts\n"
    );
    assert_eq!(
        ok(d, &["--seed", "3", "first"]),
        "ben starts\ndeal KXXCQD: `first ann ben cat deal=KXXCQD` picks again\n"
    );
    assert_eq!(ok(d, &["turn"]), "ben's turn\n");
    // The table's clock times each turn (a whole second or two here).
    let took = |out: String, who: &str, next: &str| {
        let (head, tail) = out.split_once(" took ").unwrap_or(("", ""));
        assert!(
            head == who && tail.ends_with(&format!(" s; {next}'s turn\n")),
            "{out}"
        );
    };
    took(ok(d, &["turn"]), "ben", "cat");
    took(ok(d, &["turn"]), "cat", "ann");
    let players = ok(d, &["players"]);
    assert!(
        players.starts_with("1. ann\n2. ben (starts): thought ")
            && players.contains(" over 1 turn\n3. cat: thought ")
            && players.contains("\nann's turn (")
            && players.ends_with(" so far)\n"),
        "{players}"
    );
    // A pad opened with no names takes the table's, in seating order, and
    // a round is entered in that order, each score by name.
    ok(d, &["pad", "new", "hearts"]);
    let round = ok(d, &["pad", "1", "2", "3"]);
    assert!(
        round.starts_with("round 1: ann 1, ben 2, cat 3\n"),
        "{round}"
    );
    // `pad new` keeps the table's turn (#56: it used to start it again).
    let v: serde_json::Value = serde_json::from_str(&ok(d, &["--json", "players"])).unwrap();
    assert_eq!(v["data"]["first"], "ben");
    assert_eq!(
        v["data"]["turn"],
        serde_json::json!({"id": 1, "name": "ann"})
    );
    let turn = ok(d, &["turn"]);
    assert!(turn.starts_with("ann took "), "{turn}");
    assert!(turn.ends_with(" s; ben's turn\n"), "{turn}");
}

#[test]
fn any_printable_name_sits_at_the_table_and_is_found_without_accents() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        ok(d, &["players", "Ann Lee", "🐧Pat", "zoë"]),
        "1. Ann Lee\n2. 🐧Pat\n3. zoë\nAnn Lee starts\n"
    );
    // The line that deals it again quotes the name with a space.
    let out = ok(d, &["--seed", "1", "seating"]);
    let again = out.lines().find(|l| l.starts_with("deal ")).unwrap();
    assert!(again.contains("'Ann Lee' 🐧Pat zoë deal="), "{out}");
    ok(d, &["pad", "new", "rummy"]);
    let entry = ok(d, &["pad", "zoe", "5"]);
    assert!(entry.starts_with("round 1: zoë 5"), "{entry}");
}

#[test]
fn a_bad_seating_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["players", "ann", "ben"]);
    for (words, said) in [
        (
            &["players", "ann", "ANN"][..],
            "error: 'ANN' and 'ann' read as the same name: give each person a name of their own\n",
        ),
        (
            &["turn", "now"][..],
            "error: 'now' is not understood here: `turn` passes the turn; turn clock 20m [+10s] [out=lose|warn], turn clock NAME 25m, turn clock off, turn pause, turn resume\n",
        ),
        (
            &["first", "ann"][..],
            "error: 'ann' alone: name two or more players (first alice bob carol)\n",
        ),
        (
            &["players", "12"][..],
            "error: '12' cannot name a player: it is a number or one of the table's or the pad's words\n",
        ),
    ] {
        let r = run(d, words, None);
        assert_eq!((r.code, r.err.as_str()), (1, said), "{words:?}");
    }
    assert_eq!(ok(d, &["players"]), "1. ann (starts)\n2. ben\n");
    // With no one seated, `turn` says how to seat the table.
    let fresh = tempfile::tempdir().unwrap();
    let r = run(fresh.path(), &["turn"], None);
    assert_eq!(
        r.err,
        "error: no one is seated: `players alice bob carol` seats the table (or `pad new GAME PLAYERS...`)\n"
    );
    assert_eq!(
        ok(fresh.path(), &["players"]),
        "no one is seated: `players alice bob carol` seats the table\n"
    );
}

#[test]
fn undo_takes_a_seating_back() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["players", "ann", "ben", "cat"]);
    ok(d, &["seating", "deal=0ABCDE"]);
    let undone = ok(d, &["undo"]);
    assert!(undone.starts_with("undid: seating deal=0ABCDE"), "{undone}");
    assert_eq!(ok(d, &["players"]), "1. ann (starts)\n2. ben\n3. cat\n");
}

#[test]
fn a_game_set_up_seats_the_table_and_names_who_moves() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["players", "ann", "ben", "cat"]);
    let laid = ok(d, &["--seed", "2", "setup", "slides"]);
    assert!(
        laid.contains("  player 1: ann (Arms)\n  player 2: ben (Crowns)\n  player 3: cat (Suns)\n"),
        "{laid}"
    );
    // How many played is in the line that deals it again.
    assert!(
        words(&laid).contains("`setup slides-of-action players=3 deal="),
        "{laid}"
    );
    let moved = ok(d, &["slides", "move", "r4c3"]);
    assert!(moved.ends_with("\nben (Crowns) to move\n"), "{moved}");
    // (Piped output is wrapped at 60 columns; compared as words.)
    let games = words(&ok(d, &["games"]));
    assert!(
        games.contains("1 move (in play): ben (Crowns) to move"),
        "{games}"
    );
    // The record keeps who moved, by name.
    let replay = run(d, &["replay", "1", "to", "1"], None);
    assert!(
        replay.out.contains("ann (Arms): slides move r4c3"),
        "{}",
        replay.out
    );
    // More at the table than play: the first in seating order, said so.
    ok(d, &["players", "ann", "ben", "cat", "dan"]);
    let two = ok(d, &["--seed", "2", "setup", "slides", "players=2"]);
    assert!(
        two.contains("  player 1: ann (Crowns)\n  player 2: ben (Suns)\n"),
        "{two}"
    );
    assert!(
        words(&two)
            .contains("cat and dan sit this one out: players=2 seats the first 2 from who starts."),
        "{two}"
    );
    // Slides is in play: the penguins set it aside (#78).
    let penguins = ok(d, &["--seed", "2", "setup", "penguins", "--yes"]);
    assert!(penguins.contains("\nann: nest "), "{penguins}");
    assert!(penguins.contains("\ndan: nest "), "{penguins}");
    assert!(penguins.contains("next: ann places "), "{penguins}");
    assert!(words(&penguins).contains("players=4 deal="), "{penguins}");
}

#[test]
fn a_game_set_up_with_no_one_seated_works_as_before() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let laid = ok(d, &["--seed", "2", "setup", "slides"]);
    assert!(laid.contains("  player 1: Arms\n"), "{laid}");
    assert!(
        words(&laid).contains("`setup slides-of-action deal="),
        "{laid}"
    );
}

#[test]
fn rolls_are_whose_turn_it_is_in_the_repl_and_by_name_in_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["players", "ann", "ben"]);
    ok(d, &["turn"]);
    // In the REPL an unnamed roll is the player's whose turn it is; `as`
    // names another.
    let r = run(
        d,
        &["--seed", "5"],
        Some("roll 1d20\nturn\nroll 1d6\nroll 2d6 as ann\n"),
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let log = ok(d, &["log"]);
    let who: Vec<&str> = log
        .lines()
        .map(|l| l.trim_start_matches("just now").trim_start())
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(who, ["ann", "ben", "ann"], "{log}");
    let bens = ok(d, &["log", "ben"]);
    assert_eq!(bens.lines().count(), 1, "{bens}");
    // A one-shot roll opens no database: it is named only by `as`.
    ok(d, &["roll", "1d4"]);
    assert!(ok(d, &["log"]).lines().last().unwrap().contains("  1d4 ["));
    // fair tests one player's logged dice.
    for seed in 1..=12 {
        ok(
            d,
            &["--seed", &seed.to_string(), "roll", "2d6", "as", "ben"],
        );
    }
    let fair = ok(d, &["fair", "--log", "ben"]);
    assert!(
        fair.starts_with("2d6: 12 results in the roll log, rolled by ben\n"),
        "{fair}"
    );
    let r = run(d, &["fair", "2d6", "--log", "cat"], None);
    assert_eq!(
        r.err,
        "error: no 2d6 rolls by cat in the log: `roll 2d6 as cat` adds them (`log cat` lists theirs)\n"
    );
}

#[test]
fn a_funhouse_run_is_the_solitaire_players() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["players", "zoë", "ann"]);
    assert!(
        ok(d, &["funhouse", "new"]).starts_with("new run for zoë started "),
        "the first at the table plays"
    );
    assert!(ok(d, &["funhouse"]).starts_with("Epic Funhouse run of zoë, started "));
    let v: serde_json::Value = serde_json::from_str(&ok(d, &["--json", "funhouse"])).unwrap();
    assert_eq!(v["data"]["player"], "zoë", "{v}");
}

/// #78 item 6: six at the table and a game for at most four seats four
/// (it seated its default of two), and names the two who sit out.
#[test]
fn more_at_the_table_than_the_game_takes_seats_as_many_as_it_takes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["players", "ann", "ben", "cat", "dan", "eve", "fay"]);
    let laid = words(&ok(d, &["--seed", "2", "setup", "penguins"]));
    assert!(
        laid.contains("eve and fay sit this one out: players=4 seats the first 4 from who starts"),
        "{laid}"
    );
    assert!(
        laid.contains("`setup penguins-night-out players=4 deal="),
        "{laid}"
    );
}
