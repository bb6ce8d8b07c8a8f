//! Game records (issue #31): every followed game is recorded from its
//! setup through the store's one door; `replay` takes each move again
//! through the rules to the same position; `--out` writes PPN, an
//! animated PNG and the record itself, which `import` reads back and
//! refuses when a move does not replay.

use super::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::run;
use serde_json::Value;

fn ok(data: &Path, line: &str) -> String {
    let words = shlex::split(line).unwrap();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let r = run(data, &words, None);
    assert_eq!(r.code, 0, "`{line}` failed: {}", r.err);
    r.out
}

fn json(data: &Path, line: &str) -> Value {
    serde_json::from_str(&ok(data, &format!("--json {line}"))).unwrap()
}

/// Run `line`, whether it is accepted or not (a refused move changes
/// nothing and is not recorded).
fn try_line(data: &Path, line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    run(data, &words, None).code == 0
}

/// Play a whole game of each kind from a fixed seed; the number of
/// moves that were accepted.
fn play(data: &Path, game: &str) -> usize {
    let mut moves = 0;
    match game {
        "slides" => {
            ok(data, "--seed 3 setup slides players=2");
            for _ in 0..30 {
                if !try_line(data, "slides ai") {
                    break;
                }
                moves += 1;
            }
        }
        "troll" => {
            ok(data, "--seed 5 setup troll");
            for _ in 0..400 {
                let actions = json(data, "troll actions")["data"]["actions"].clone();
                let line = match actions.as_array().and_then(|a| a.first()) {
                    Some(a) => format!("troll {}", a.as_str().unwrap()),
                    None => "troll awaken".to_string(),
                };
                if !try_line(data, &line) {
                    break;
                }
                moves += 1;
            }
        }
        "penguins" => {
            ok(data, "--seed 4 setup penguins");
            for line in [
                "penguins place",
                "penguins place",
                "penguins place",
                "penguins place",
                "penguins roll 3",
                "penguins move stay",
                "penguins done",
                "penguins roll",
                "penguins move stay",
                "penguins done",
            ] {
                moves += usize::from(try_line(data, &format!("--seed {moves} {line}")));
            }
        }
        "lab-rats" => {
            ok(data, "--seed 4 setup lab-rats");
            let steps = json(data, "solve lab-rats")["data"]["steps"].clone();
            for s in steps.as_array().unwrap() {
                let line = match s["kind"].as_str().unwrap() {
                    "move" => format!(
                        "rats move {} {} {}",
                        s["dir"].as_str().unwrap(),
                        s["stack"],
                        s["spaces"]
                    ),
                    _ => format!("rats lose {}", s["stack"]),
                };
                assert!(try_line(data, &line), "{line}");
                moves += 1;
            }
        }
        "slide-jam" => {
            ok(data, "funhouse new");
            ok(data, "--seed 2 setup slide-jam");
            for _ in 0..20 {
                // The first hint at a position nudges; the second names
                // the move.
                ok(data, "hint");
                let hint = ok(data, "hint");
                let Some(mv) = hint
                    .replace("\n  ", " ")
                    .split("move ")
                    .nth(1)
                    .and_then(|m| m.split(';').next())
                    .map(str::to_string)
                else {
                    break;
                };
                if !try_line(data, &format!("move {mv}")) {
                    break;
                }
                moves += 1;
            }
        }
        _ => unreachable!(),
    }
    moves
}

/// The export key that holds each game's state.
fn key(game: &str) -> &str {
    match game {
        "slides" => "slides",
        "troll" => "troll",
        "penguins" => "penguins",
        "lab-rats" => "lab_rats",
        _ => "funhouse",
    }
}

/// PNG chunks by type: how many of each.
fn chunks(png: &[u8]) -> BTreeMap<String, usize> {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let mut at = 8;
    let mut seen = BTreeMap::new();
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        let kind = String::from_utf8_lossy(&png[at + 4..at + 8]).to_string();
        *seen.entry(kind).or_insert(0) += 1;
        at += 12 + len;
    }
    seen
}

/// Every game is recorded, replayed and written out: a test a game, so
/// that they run side by side.
#[test]
fn slides_is_recorded_replayed_and_written_out() {
    recorded_replayed_and_written_out("slides");
}

#[test]
fn troll_is_recorded_replayed_and_written_out() {
    recorded_replayed_and_written_out("troll");
}

#[test]
fn penguins_is_recorded_replayed_and_written_out() {
    recorded_replayed_and_written_out("penguins");
}

#[test]
fn lab_rats_is_recorded_replayed_and_written_out() {
    recorded_replayed_and_written_out("lab-rats");
}

#[test]
fn slide_jam_is_recorded_replayed_and_written_out() {
    recorded_replayed_and_written_out("slide-jam");
}

fn recorded_replayed_and_written_out(game: &str) {
    {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let moves = play(d, game);
        assert!(moves >= 3, "{game}: only {moves} moves");
        let list = json(d, "games")["data"]["games"].clone();
        assert_eq!(list.as_array().unwrap().len(), 1, "{game}: {list}");
        assert_eq!(list[0]["moves"], moves, "{game}: {list}");
        // The record's last position is the game as saved: the replay
        // took every move again through the rules and met each state.
        let file = d.join("game.json");
        ok(d, &format!("replay 1 --out {}", file.display()));
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let export: Value = serde_json::from_str(&ok(d, "export")).unwrap();
        let steps = record["steps"].as_array().unwrap();
        // Hints asked are steps of the record too (#49), counted apart.
        let hints = list[0]["hints"].as_u64().unwrap_or(0) as usize;
        assert_eq!(steps.len(), moves + hints, "{game}");
        assert_eq!(steps.last().unwrap()["state"], export[key(game)], "{game}");
        // Stepping through: the setup, then each move, then no further.
        let first = json(d, "replay 1")["data"].clone();
        assert_eq!(first["n"], 0);
        let last = json(d, "replay 1 last")["data"].clone();
        assert_eq!(last["n"], moves + hints, "{game}");
        let text = ok(d, "replay 1 to 1");
        assert!(text.starts_with("game 1, "), "{text}");
        assert!(text.contains("move 1 of "), "{text}");
        // PPN: a header, the setup, one numbered move a step; piecepackr's
        // table after each move (read independently) is that position's
        // layout, stack by stack.
        let ppn = d.join("game.ppn");
        ok(d, &format!("replay 1 --out {}", ppn.display()));
        ppn_follows_the_record(d, 1, &std::fs::read_to_string(&ppn).unwrap(), game);
        // An animation with one frame a position.
        let png = d.join("game.png");
        ok(d, &format!("replay 1 --out {}", png.display()));
        let c = chunks(&std::fs::read(&png).unwrap());
        assert_eq!(c.get("acTL"), Some(&1), "{game}: {c:?}");
        assert_eq!(c.get("fcTL"), Some(&(moves + hints + 1)), "{game}: {c:?}");
        // The record goes to another store and replays there.
        let other = tempfile::tempdir().unwrap();
        let said = ok(other.path(), &format!("import {}", file.display()));
        assert!(said.contains("filed as game 1"), "{said}");
        assert_eq!(
            json(other.path(), "replay 1 last")["data"]["layout"],
            last["layout"],
            "{game}"
        );
    }
}

/// Game `n`'s PPN, read by the independent reader, holds after each
/// numbered move the pieces of that position's layout (`replay n to k`),
/// each place's stack in order; every piece names its suit; the header
/// is ppn's.
fn ppn_follows_the_record(d: &Path, n: usize, text: &str, what: &str) {
    let game = crate::ppn_read::read(text);
    let steps = json(d, &format!("replay {n} last"))["data"]["n"]
        .as_u64()
        .unwrap() as usize;
    assert_eq!(game.positions.len(), steps + 1, "{what}: {text}");
    for (k, table) in game.positions.iter().enumerate() {
        let layout = json(d, &format!("replay {n} to {k}"))["data"]["layout"].clone();
        assert_eq!(
            *table,
            crate::ppn_read::expected_table(&layout),
            "{what}: the pieces after move {k} of\n{text}"
        );
    }
    for spec in &game.specs {
        assert!(crate::ppn_read::names_its_suit(spec), "{what}: {spec}");
    }
    assert_eq!(game.header["SetUp"].as_str(), Some("None"), "{what}");
    assert!(game.header["GameType"]["Name"].as_str().is_some(), "{what}");
    for k in ["Event", "Date", "Result", "Generator"] {
        assert!(game.header.get(k).is_some(), "{what}: header lacks {k}");
    }
}

#[test]
fn a_record_that_does_not_replay_is_refused_at_its_first_bad_move() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "--seed 3 setup slides players=2");
    for _ in 0..4 {
        ok(d, "slides ai");
    }
    let file = d.join("game.json");
    ok(d, &format!("replay 1 --out {}", file.display()));
    let mut record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    // Move 3 now slides a coin the gap is nowhere near.
    record["steps"][2]["action"] = serde_json::json!({"move": {"at": [0, 0]}});
    std::fs::write(&file, serde_json::to_string(&record).unwrap()).unwrap();
    let other = tempfile::tempdir().unwrap();
    let words = ["import", file.to_str().unwrap()];
    let r = run(other.path(), &words, None);
    assert_eq!(r.code, 1, "{}", r.out);
    assert!(
        r.err.contains("is refused: step 3 (`slides ai"),
        "{}",
        r.err
    );
    assert_eq!(
        json(other.path(), "games")["data"]["games"],
        serde_json::json!([])
    );
}

#[test]
fn undo_takes_a_move_off_the_record_and_a_setup_brings_back_the_game_before() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "--seed 3 setup slides players=2");
    ok(d, "slides ai");
    ok(d, "slides ai");
    assert_eq!(json(d, "games")["data"]["games"][0]["moves"], 2);
    ok(d, "undo");
    assert_eq!(json(d, "games")["data"]["games"][0]["moves"], 1);
    // A new setup files the game; undoing it opens the old one again.
    ok(d, "--seed 4 setup slides players=2");
    let games = json(d, "games")["data"]["games"].clone();
    assert_eq!(games.as_array().unwrap().len(), 2);
    ok(d, "undo");
    let games = json(d, "games")["data"]["games"].clone();
    assert_eq!(games.as_array().unwrap().len(), 1);
    ok(d, "slides ai");
    assert_eq!(json(d, "games")["data"]["games"][0]["moves"], 2);
}

/// A room just set up is in play, not "unfinished" (#78): `games`, its
/// JSON and the TV's game all say what comes next in it, as the banner
/// says whose turn it is.
#[test]
fn a_room_just_set_up_reads_in_play_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "players Ann");
    ok(d, "funhouse new");
    ok(d, "--seed 3 setup slide-jam");
    let listed = json(d, "games")["data"]["games"][0].clone();
    assert_eq!(listed["result"], "not scored yet");
    let day = listed["day"].as_str().unwrap();
    assert_eq!(
        ok(d, "games"),
        format!(
            "Epic Funhouse run 1 of Ann, started {day}\n  1 {day} Slide Jam, 0 moves (in play): not scored yet\n"
        )
    );
    let server = super::serve::serve(d, &[]);
    let (_, _, state) = super::serve::get(server.port, "/state.json");
    let v: Value = serde_json::from_str(&state).unwrap();
    assert_eq!(v["game"]["standing"], "not scored yet", "{state}");
}

/// Whack-a-Dummy played straight on from the barrels' table (`score
/// barrels 0`, then its moves) is a game of its own (#61 item 4), as when
/// `setup whack-a-dummy` lays it: its own record in `games`, a replay
/// from its first position, and a PPN whose moves say the die and the
/// flips. Undoing its first move puts the moves back where they were.
#[test]
fn whack_a_dummy_played_on_from_the_barrels_is_its_own_record() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "funhouse new");
    ok(d, "score slide-jam none");
    ok(d, "score mirror twins=3 cousins=1 distant=5 strangers=3");
    ok(d, "score catwalk none");
    ok(d, "--seed 3 setup barrels");
    ok(d, "score barrels 0");
    ok(d, "move start r3c2");
    ok(d, "move west");
    assert_eq!(
        ok(d, "games"),
        "Epic Funhouse run 1, started TODAY\n  1 TODAY Roll Out the Barrels, 1 move: scored 0 points\n  2 TODAY Whack-a-Dummy, 2 moves (in play): not scored\n    yet\n"
            .replace("TODAY", json(d, "games")["data"]["games"][0]["day"].as_str().unwrap())
    );
    let games = json(d, "games")["data"]["games"].clone();
    assert_eq!(games[1]["setup"], "setup roll-out-the-barrels deal=KXXCQD");
    assert_eq!(games[0]["open"], false);
    ok(d, "replay 2 --out on.ppn");
    let on = std::fs::read_to_string(d.join("on.ppn")).unwrap();
    // The same board set up as the room: the same moves, word for word.
    ok(d, "setup whack-a-dummy");
    ok(d, "move start r3c2");
    ok(d, "move west");
    ok(d, "replay 3 --out set.ppn");
    let set = std::fs::read_to_string(d.join("set.ppn")).unwrap();
    let moves = |t: &str| t.split_once("\n...\n").unwrap().1.to_string();
    assert_eq!(moves(&on), moves(&set));
    assert!(
        moves(&on).contains("2. { move west (whack-a-dummy) } (0.5,3.5)=cfC4 (1.5,3.5)-(0.5,3.5)"),
        "{on}"
    );
    // Undo back past the first move: the barrels' record is open again
    // and the straight-on record is gone.
    for _ in 0..5 {
        ok(d, "undo");
    }
    let games = json(d, "games")["data"]["games"].clone();
    assert_eq!(games.as_array().unwrap().len(), 1, "{games}");
    assert_eq!(games[0]["moves"], 1);
    ok(d, "move start r3c2");
    let games = json(d, "games")["data"]["games"].clone();
    assert_eq!(
        (games[0]["moves"].clone(), games[1]["moves"].clone()),
        (1.into(), 1.into())
    );
}

#[test]
fn bad_replay_words_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let refused = |line: &str| {
        let words: Vec<&str> = line.split_whitespace().collect();
        let r = run(d, &words, None);
        assert_eq!(r.code, 1, "{line}: {}", r.out);
        r.err
    };
    assert_eq!(
        refused("replay"),
        "error: no game is being played: `games` lists the recorded ones, `replay N` shows one\n"
    );
    assert_eq!(
        refused("replay 4"),
        "error: no game 4 is recorded: `games` lists them\n"
    );
    ok(d, "--seed 3 setup slides players=2");
    ok(d, "slides ai");
    assert_eq!(
        refused("replay 1 to 9"),
        "error: '9': game 1 has 1 moves (replay to 0 is the setup)\n"
    );
    assert_eq!(
        refused("replay 1 nxt"),
        "error: 'nxt' is not understood here (did you mean 'next'?): replay N, then next, back, first, last or to M\n"
    );
    assert_eq!(
        refused("replay 1 --out game.gif"),
        "error: 'game.gif': the extension says what to write, one of .ppn .png .json .svg\n"
    );
    assert_eq!(
        refused("replay next"),
        "error: no game is being replayed: `replay N` starts one (see `games`)\n"
    );
}

/// `export` carries the records and `import` takes them back: the store
/// loses no game's record; a record that does not replay is refused.
#[test]
fn export_and_import_carry_the_records() {
    let from = tempfile::tempdir().unwrap();
    ok(from.path(), "--seed 3 setup slides players=2");
    ok(from.path(), "slides ai");
    ok(from.path(), "slides ai");
    ok(from.path(), "--seed 4 setup slides players=2");
    ok(from.path(), "slides ai");
    let file = from.path().join("all.json");
    ok(from.path(), &format!("export {}", file.display()));
    let to = tempfile::tempdir().unwrap();
    ok(to.path(), &format!("import {}", file.display()));
    assert_eq!(
        json(to.path(), "games")["data"],
        json(from.path(), "games")["data"]
    );
    assert_eq!(
        json(to.path(), "replay 1 last")["data"]["layout"],
        json(from.path(), "replay 1 last")["data"]["layout"]
    );
    // The open record goes on in the new store.
    ok(to.path(), "slides ai");
    assert_eq!(json(to.path(), "games")["data"]["games"][1]["moves"], 2);
    // A doctored record in an export is refused, and nothing is taken in.
    let mut doc: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    doc["records"][0]["steps"][1]["action"] = serde_json::json!({"move": {"at": [0, 0]}});
    std::fs::write(&file, doc.to_string()).unwrap();
    let other = tempfile::tempdir().unwrap();
    let r = run(other.path(), &["import", file.to_str().unwrap()], None);
    assert_eq!(r.code, 1, "{}", r.out);
    assert!(
        r.err.contains("record 1 (Slides of Action): step 2"),
        "{}",
        r.err
    );
}

/// Stepping past either end of a game in the REPL is said, and nothing
/// is shown again as though it moved (#45: `replay next` on the last move
/// repeated it without a word).
#[test]
fn replay_says_when_it_is_at_an_end() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "--seed 0 setup slides players=2");
    ok(d, "slides ai");
    let r = run(
        d,
        &[],
        Some("replay 1\nreplay back\nreplay next\nreplay next\n"),
    );
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        "line 2: error: game 1 starts at its setup, shown: `replay next` steps on\n\
         line 4: error: game 1 ends at move 1, shown: `replay back` steps back, `replay first` starts again\n"
    );
    assert_eq!(r.out.matches("move 1 of 1").count(), 1, "{}", r.out);
}

/// A sealed deal stays sealed in a replay of a game in play: the setup
/// line, its JSON and the PPN written (#44, found with #45's replay).
#[test]
fn a_replay_keeps_a_sealed_deal_sealed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "setup troll deal=N4PMVJ");
    for line in ["replay 1", "--json replay 1"] {
        let out = ok(d, line);
        assert!(!out.contains("N4PMVJ"), "{line}: {out}");
        assert!(out.contains("deal=sealed"), "{line}: {out}");
    }
    let ppn = d.join("game.ppn");
    ok(d, &format!("replay 1 --out {}", ppn.display()));
    let text = std::fs::read_to_string(&ppn).unwrap();
    assert!(
        !text.contains("N4PMVJ") && text.contains("deal=sealed"),
        "{text}"
    );
}

/// A record imported twice is filed once (#45: two copies).
#[test]
fn a_record_imported_twice_is_filed_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "--seed 0 setup slides players=2");
    ok(d, "slides ai");
    let file = d.join("game.json");
    ok(d, &format!("replay 1 --out {}", file.display()));
    let other = tempfile::tempdir().unwrap();
    let o = other.path();
    let first = ok(o, &format!("import {}", file.display()));
    assert!(first.contains("filed as game 1"), "{first}");
    let again = run(o, &["import", file.to_str().unwrap()], None);
    assert_eq!(again.code, 1);
    assert_eq!(
        again.err,
        format!(
            "error: {} is game 1 already (`replay 1` shows it); nothing was filed\n",
            file.display()
        )
    );
    assert_eq!(
        json(o, "games")["data"]["games"].as_array().unwrap().len(),
        1
    );
}

/// A step that drew on the generator says what came of it when replayed:
/// the card turned, the die rolled (issue #45 item 4).
#[test]
fn a_replayed_step_says_what_was_rolled_or_turned() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "--seed 4 setup troll");
    let awoke = ok(d, "--seed 9 troll awaken");
    let r = common::run(d, &["replay", "1", "to", "1"], None);
    assert_eq!(r.code, 0, "{}", r.err);
    // Every line the move said then is said again, indented under it.
    let told: Vec<&str> = awoke
        .lines()
        .take_while(|l| !l.starts_with("  ") && !l.starts_with("upper"))
        .collect();
    assert!(!told.is_empty(), "{awoke}");
    for line in told {
        assert!(
            r.out.contains(&format!("\n  {line}\n")),
            "{line}: {}",
            r.out
        );
    }
    let v = json(d, "replay 1 to 1");
    assert!(
        v["data"]["said"].as_array().is_some_and(|s| !s.is_empty()),
        "{v}"
    );
}

/// Play the run's room in play by its best line, from `hint line`.
fn play_best_line(d: &Path) {
    let hint = json(d, "hint line");
    for m in hint["data"]["line"].as_array().unwrap() {
        ok(d, &format!("move {}", m.as_str().unwrap()));
    }
}

/// The place of the piece labelled `label` in game `n` at step `k`.
fn place_of(d: &Path, n: usize, k: usize, label: &str) -> String {
    let layout = json(d, &format!("replay {n} to {k}"))["data"]["layout"].clone();
    let p = layout["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["label"] == label)
        .unwrap_or_else(|| panic!("no piece labelled {label}"))
        .clone();
    let num = |v: &Value| {
        let s = format!("{:.3}", v.as_f64().unwrap());
        let s = s.trim_end_matches('0').trim_end_matches('.').to_string();
        if s == "-0" { "0".to_string() } else { s }
    };
    format!("({},{})", num(&p["x"]), num(&p["y"]))
}

/// #45 item 3, the Funhouse rooms in PPN: each room's record, read
/// independently, follows every position; the die is on the barrels and
/// the dummies; a Trampo-Land bounce is the bouncer moving and the
/// bounced leaving; scoring moves no piece.
#[test]
fn each_funhouse_room_is_written_in_ppn_as_played() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "funhouse new");
    ok(d, "setup slide-jam deal=GBHPKQ");
    play_best_line(d);
    ok(d, "score slide-jam");
    ok(d, "setup magic-mirror");
    play_best_line(d);
    ok(d, "score mirror");
    ok(d, "setup catwalk");
    ok(d, "score catwalk 5xn 4xn nx3");
    ok(d, "die left");
    ok(d, "setup barrels deal=58Z1MG");
    play_best_line(d);
    ok(d, "score barrels");
    ok(d, "setup whack-a-dummy");
    play_best_line(d);
    ok(d, "score whack");
    ok(d, "setup trampo-land die=3 cast=10");
    play_best_line(d);
    // You alone on the trampolines is the room's goal, though you could
    // still walk: scoring it is no early stop.
    let scored = ok(d, "score trampo-land");
    assert!(!scored.contains("not over"), "{scored}");
    ok(d, "funhouse end");
    let rooms = json(d, "games")["data"]["games"].clone();
    assert_eq!(rooms.as_array().unwrap().len(), 6, "{rooms}");
    let mut texts = Vec::new();
    for n in 1..=6 {
        let file = d.join(format!("room{n}.ppn"));
        ok(d, &format!("replay {n} --out {}", file.display()));
        let text = std::fs::read_to_string(&file).unwrap();
        ppn_follows_the_record(d, n, &text, &format!("room {n}"));
        // Scoring is no move: its line is the step's words alone.
        let score = text
            .lines()
            .find(|l| l.contains("{ score "))
            .unwrap_or_else(|| panic!("room {n}: no score step in\n{text}"));
        assert!(score.trim_end().ends_with('}'), "room {n}: {score}");
        texts.push(text);
    }
    // Magic Mirror's tiles are all still on the table after its score.
    let mirror = crate::ppn_read::read(&texts[1]);
    let last = mirror.positions.last().unwrap();
    let tiles: usize = last.values().map(Vec::len).sum();
    assert_eq!(tiles, 24 - 2 * 9, "{}", texts[1]);
    // The die: dropped when the barrels start, then moved coin to coin,
    // showing its new top face each time (a die face, `=dS...`).
    let barrels = &texts[3];
    let start = barrels
        .lines()
        .find(|l| l.contains("{ move start"))
        .unwrap();
    assert!(start.contains(" dS") && start.contains('@'), "{start}");
    let step = barrels.lines().find(|l| l.contains("{ move east")).unwrap();
    assert!(step.contains(")-(") && step.contains("=dS"), "{step}");
    // The dummies: a coin turned where it lies, then the die onto it.
    let whack = &texts[4];
    let step = whack.lines().find(|l| l.contains("{ move north")).unwrap();
    let (turn, die) = step.split_once("=cf").expect(step);
    assert!(
        die.contains(")-("),
        "the die moves after the coin turns: {step}"
    );
    assert!(turn.ends_with(')'), "{step}");
    // Trampo-Land: each bounce is `*OVER FROM-TO`, read off the pictures.
    let trampo = &texts[5];
    let mut bounces = 0;
    for (k, l) in trampo.lines().filter(|l| l.contains("{ move ")).enumerate() {
        let words: Vec<&str> = l
            .split(['{', '}'])
            .nth(1)
            .unwrap()
            .split_whitespace()
            .collect();
        let (from, to): (usize, usize) = (words[1].parse().unwrap(), words[2].parse().unwrap());
        let moves = l.rsplit('}').next().unwrap().trim();
        // Trampolines never move: any step's picture places them.
        let at = |t: usize| place_of(d, 6, k + 1, &t.to_string());
        let went = format!("{}-{}", at(from), at(to));
        assert!(
            moves.contains(&went),
            "move {from} {to}: {went} in `{moves}`"
        );
        if let Some(over) = moves.split_whitespace().find_map(|m| m.strip_prefix('*')) {
            bounces += 1;
            assert!(!over.contains(&at(from)) && !over.contains(&at(to)), "{l}");
        }
    }
    assert!(bounces >= 5, "{trampo}");
}

/// #45 item 3: the troll's stacks keep their counts (every card at its
/// place), Lab Rats has its maze tiles, exit pawns and stacks of eight,
/// and Penguin's Night Out's penguins and buddy tokens carry their
/// players' suits.
#[test]
fn stacks_tiles_pawns_and_tokens_are_all_in_ppn() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "--seed 5 setup troll");
    let file = d.join("troll.ppn");
    ok(d, &format!("replay 1 --out {}", file.display()));
    let troll = crate::ppn_read::read(&std::fs::read_to_string(&file).unwrap());
    let layout = json(d, "replay 1")["data"]["layout"].clone();
    let counts: Vec<usize> = layout["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["label"].as_str()?.parse().ok())
        .collect();
    let mut sizes: Vec<usize> = troll.positions[0]
        .values()
        .map(|s| {
            s.iter()
                .filter(|p| p.piece_side.starts_with("card"))
                .count()
        })
        .collect();
    let mut counts = counts;
    sizes.retain(|n| *n > 1);
    counts.retain(|n| *n > 1);
    sizes.sort();
    counts.sort();
    assert_eq!(sizes, counts, "each stack holds its count");
    assert_eq!(
        troll.positions[0].values().map(Vec::len).sum::<usize>(),
        52 + 1
    );

    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "--seed 4 setup lab-rats");
    let file = d.join("rats.ppn");
    ok(d, &format!("replay 1 --out {}", file.display()));
    let text = std::fs::read_to_string(&file).unwrap();
    let rats = crate::ppn_read::read(&text);
    let all: Vec<&crate::ppn_read::Df> = rats.positions[0].values().flatten().collect();
    let count = |side: &str| all.iter().filter(|p| p.piece_side == side).count();
    assert_eq!(count("tile_back"), 24, "{text}");
    assert_eq!(count("pawn_face"), 3, "the rat and two at the exit: {text}");
    assert_eq!(count("coin_face") + count("coin_back"), 24, "{text}");
    // Only each stack's top coin shows its number.
    assert_eq!(count("coin_face"), 3, "{text}");
    assert!(rats.positions[0].values().filter(|s| s.len() == 8).count() == 3);

    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let _ = play(d, "penguins");
    let file = d.join("penguins.ppn");
    ok(d, &format!("replay 1 --out {}", file.display()));
    let text = std::fs::read_to_string(&file).unwrap();
    let penguins = crate::ppn_read::read(&text);
    let last = penguins.positions.last().unwrap();
    let pawns: Vec<u32> = last
        .values()
        .flatten()
        .filter(|p| p.piece_side == "pawn_face")
        .map(|p| p.suit)
        .collect();
    assert!(pawns.len() >= 2, "{text}");
    let mut distinct = pawns.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), pawns.len(), "a suit a player: {text}");
    let tokens = last
        .values()
        .flatten()
        .filter(|p| p.piece_side == "coin_back")
        .count();
    assert!(tokens >= 1, "buddy tokens: {text}");
}

/// The README's PPN examples (`docs/ppn/`, one game of each kind) read
/// back as piecepackr would read them, every piece naming its suit.
#[test]
fn the_ppn_examples_in_the_docs_read_back() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ppn");
    let mut titles = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let game = crate::ppn_read::read(&text);
        let name = path.display().to_string();
        assert_eq!(game.header["SetUp"].as_str(), Some("None"), "{name}");
        for spec in &game.specs {
            assert!(crate::ppn_read::names_its_suit(spec), "{name}: {spec}");
        }
        titles.push(
            game.header["GameType"]["Name"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    titles.sort();
    let readme = std::fs::read_to_string(dir.join("../../README.md")).unwrap();
    for t in &titles {
        assert!(
            readme.contains(&format!("[{t}](docs/ppn/")),
            "README links {t}"
        );
    }
    assert_eq!(titles.len(), 10, "{titles:?}");
}

/// #78 item 4: a roll tablemate made for Penguin's Night Out keeps its
/// number in the record, as `replay` and the screen's moves show it
/// ("player 1: penguins roll", with no number, before).
#[test]
fn a_penguins_roll_keeps_its_number_in_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["--seed 3 setup penguins"]);
    for _ in 0..4 {
        common::run_ok(d, &["penguins place"]);
    }
    let rolled = common::run_out(d, &["penguins", "roll"]);
    let n: String = rolled
        .strip_prefix("player 1 rolled ")
        .and_then(|r| r.split(':').next())
        .unwrap_or_else(|| panic!("{rolled}"))
        .to_string();
    let shown = common::run_out(d, &["replay", "1", "to", "5"]);
    assert!(
        shown.contains(&format!("player 1: penguins roll (rolled {n})\n")),
        "{shown}"
    );
}

/// #81 item 3: `import FILE` and `replay FILE` read a PPN file by its
/// content. Each of piecepackr's fifteen examples is named for what it
/// is (its GameType), never "not an export"; ppgames' Fuji-san game is
/// checked move by move (and a broken one names its first illegal move),
/// shown where asked and filed as a record; tablemate's own PPN points
/// to the record it was drawn from.
#[test]
fn every_ppn_example_is_named_for_what_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ppn");
    let follows = "tablemate follows Fuji-san (`setup fuji-san ppn=FILE`), Mathrix (`setup mathrix ppn=FILE`), Piece Gaps (`import FILE`) from PPN and its own games' records (.json, which `import` takes)";
    let said = |file: &Path| {
        let f = file.to_str().unwrap();
        let import = run(d, &["import", f], None);
        let replay = run(d, &["replay", f], None);
        assert_eq!((import.code, replay.code), (1, 1), "{f}");
        assert_eq!(import.err, replay.err, "{f}");
        import.err
    };
    // Games tablemate neither follows nor lays: named, and the games
    // whose moves it draws listed.
    let not_laid = [("crossings", "Crossings")];
    for (file, game) in not_laid {
        let path = d.join(format!("{file}.ppn"));
        std::fs::write(&path, format!("GameType: {game}\n\n1. a1-a2\n")).unwrap();
        assert_eq!(
            said(&path),
            format!(
                "error: {} is Portable Piecepack Notation of {game} (its GameType): {follows}, not {game}; `replay FILE` draws the moves of Alien City, American Checkers, Desfases, Four Field Kono, Ice Floe, International Chess, Japan, Plans of Action, Relativity, Tablut, Tic-Tac-Toe, Xiangqi, games on a marble board (Spaiji, Spoff: SetUp Board, MovetextParser Marble)\n",
                path.display()
            )
        );
    }
    // Games it lays and draws: `import` files no record and says
    // `replay` draws them (tests/it/drawn_ppn.rs draws each).
    let drawn = [
        ("alien-city", "Alien City"),
        ("american-checkers", "American Checkers"),
        ("desfases", "Desfases"),
        ("four-field-kono", "Four Field Kono"),
        ("ice-floe", "Ice Floe"),
        ("international-chess", "International Chess"),
        ("japan", "Japan"),
        ("plans-of-action", "Plans of Action"),
        ("relativity", "Relativity"),
        ("spaiji", "Spaiji"),
        ("spoff", "Spoff"),
        ("tablut", "Tablut"),
        ("xiangqi", "Xiangqi"),
    ];
    for (file, game) in drawn {
        let path = fixtures.join(format!("{file}.ppn"));
        let f = path.to_str().unwrap();
        let import = run(d, &["import", f], None);
        assert_eq!(
            import.err,
            format!(
                "error: {f} is Portable Piecepack Notation of {game} (its GameType), whose rules tablemate does not follow, so it files no record of it: `replay {f}` draws its moves as written; {follows}\n"
            )
        );
        // (The heading wraps at 60 columns, where the path is long.)
        let shown = ok(d, &format!("replay {f}"));
        let words = shown.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.starts_with(&format!("{f}, {game}: the setup (")),
            "{shown}"
        );
    }
    let ttt = fixtures.join("tic-tac-toe.ppn");
    let t = ttt.to_str().unwrap();
    assert_eq!(
        run(d, &["import", t], None).err,
        format!(
            "error: {t} is Portable Piecepack Notation that names no GameType: `replay {t}` draws its moves as written from an empty table; {follows}\n"
        )
    );
    // A Fuji-san file: shown where asked without filing it, and filed
    // as a record, every move taken through the rules.
    let fuji = fixtures.join("fujisan.ppn");
    let f = fuji.to_str().unwrap();
    let shown = ok(d, &format!("replay {f}"));
    assert!(
        shown.starts_with(&format!("{f}, Fuji-san: the setup (27 moves follow)\n")),
        "{shown}"
    );
    let shown = ok(d, &format!("replay {f} to 27"));
    assert!(
        shown.starts_with(&format!("{f}, Fuji-san: move 27 of 27\n")),
        "{shown}"
    );
    assert!(shown.contains("fuji b1-g1"), "{shown}");
    let r = run(d, &["replay", f, "next"], None);
    assert_eq!(
        r.err,
        format!(
            "error: 'next': a file is shown where asked (replay {f} first, last or to M); `import {f}` files it, and `replay N` steps through it\n"
        )
    );
    let r = run(d, &["replay", f, "to", "2x"], None);
    assert_eq!(
        r.err,
        format!("error: '2x' is not a move's number: replay {f} to 12\n")
    );
    let r = run(d, &["replay", f, "to", "28"], None);
    assert_eq!(
        r.err,
        format!("error: '28': {f} has 27 moves (replay {f} to 0 is the setup)\n")
    );
    assert_eq!(
        ok(d, &format!("import {f}")),
        format!("{f}: Fuji-san with 27 moves, filed as game 1 (`replay 1` shows it)\n")
    );
    let r = run(d, &["import", f], None);
    assert_eq!(
        r.err,
        format!("error: {f} is game 1 already (`replay 1` shows it); nothing was filed\n")
    );
    let last = ok(d, "replay 1 last");
    assert!(
        last.starts_with("game 1, Fuji-san: move 27 of 27\n"),
        "{last}"
    );
    // The same position, drawn and said, the file's and the record's.
    let middle = |out: &str| {
        let lines: Vec<&str> = out.lines().collect();
        lines[1..lines.len() - 1].join("\n")
    };
    assert_eq!(middle(&last), middle(&shown));
    // Move 3 changed to one the rules refuse.
    let text = std::fs::read_to_string(&fuji).unwrap();
    let broken = d.join("broken.ppn");
    std::fs::write(&broken, text.replacen("3. b1-e1", "3. b1-f1", 1)).unwrap();
    let err = said(&broken);
    assert!(
        err.starts_with(&format!(
            "error: {} is a Fuji-san game in Portable Piecepack Notation, but move 3 (b1-f1) is illegal: ",
            broken.display()
        )),
        "{err}"
    );
    // Any other file where a game's number goes says how to file it.
    let other = d.join("game.json");
    std::fs::write(&other, "{}").unwrap();
    let r = run(d, &["replay", other.to_str().unwrap()], None);
    assert_eq!(
        r.err,
        format!(
            "error: {0} is a file: `import {0}` files a game's record, then `replay N` steps through it\n",
            other.display()
        )
    );
    // tablemate's own PPN of a game it recorded.
    ok(d, "--seed 3 setup slides players=2");
    ok(d, "slides ai");
    let own = d.join("own.ppn");
    // (Game 2: the Fuji-san file was filed as game 1.)
    ok(d, &format!("replay 2 --out {}", own.display()));
    assert_eq!(
        said(&own),
        format!(
            "error: {} is tablemate's own PPN of Slides of Action, drawn from the game's record: `import` takes the record (.json) that `replay N --out FILE.json` writes\n",
            own.display()
        )
    );
    // Its own PPN of the Fuji-san game filed from the file: drawn from a
    // record as well, not read as ppgames' (its Setup. line is not a move).
    let own = d.join("own-fuji.ppn");
    ok(d, &format!("replay 1 --out {}", own.display()));
    assert_eq!(
        said(&own),
        format!(
            "error: {} is tablemate's own PPN of Fuji-san, drawn from the game's record: `import` takes the record (.json) that `replay N --out FILE.json` writes\n",
            own.display()
        )
    );
}

/// One file imported by several processes at once is filed once: the
/// check that it is filed already is made in the transaction that files
/// it (two at once both filed it before).
#[test]
fn a_file_imported_at_once_from_many_processes_is_filed_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let fuji = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ppn/fujisan.ppn");
    let f = fuji.to_str().unwrap();
    let codes: Vec<i32> = std::thread::scope(|s| {
        let all: Vec<_> = (0..4)
            .map(|_| s.spawn(|| run(d, &["import", f], None).code))
            .collect();
        all.into_iter().map(|t| t.join().unwrap()).collect()
    });
    assert_eq!(codes.iter().filter(|&&c| c == 0).count(), 1, "{codes:?}");
    let games = ok(d, "games");
    assert!(
        games.starts_with("1 ") && !games.contains("\n2 "),
        "{games}"
    );
}
