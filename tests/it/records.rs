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

/// Interpret a PPN game's moves over its setup, as piecepackr's default
/// parser does (a place holds pieces in order; a move takes the top one);
/// each move line must be well formed and find the pieces it names. The
/// pieces on the table after each numbered move.
fn ppn_positions(text: &str) -> Vec<Vec<(String, String)>> {
    let (head, moves) = text
        .split_once("\n...\n")
        .expect("a YAML header ending in ...");
    assert!(head.starts_with("---\n"), "{head}");
    let header: BTreeMap<String, String> = serde_yaml::from_str(&head[4..]).unwrap();
    for k in ["Event", "Date", "Setup", "Result", "Generator"] {
        assert!(header.contains_key(k), "header lacks {k}: {head}");
    }
    let place = |tok: &str| -> (String, String) {
        let at = tok
            .find("@(")
            .unwrap_or_else(|| panic!("not a placing: {tok}"));
        (tok[..at].to_string(), tok[at + 1..].to_string())
    };
    let loc = |s: &str| {
        assert!(
            s.starts_with('(') && s.ends_with(')') && s[1..s.len() - 1].split(',').count() == 2,
            "not a place: {s}"
        );
        s.to_string()
    };
    let mut table: Vec<(String, String)> = Vec::new();
    let mut positions = Vec::new();
    // Comments go; what is left is move numbers and moves.
    let mut clean = String::new();
    let mut depth = 0;
    for c in moves.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => clean.push(c),
            _ => {}
        }
    }
    let mut numbered = 0;
    for tok in clean.split_whitespace() {
        if tok == "Setup." {
            continue;
        }
        if let Some(n) = tok.strip_suffix('.') {
            let n: usize = n.parse().unwrap_or_else(|_| panic!("move number {tok}"));
            positions.push(table.clone());
            numbered += 1;
            assert_eq!(n, numbered, "moves numbered in order");
            continue;
        }
        let top = |table: &Vec<(String, String)>, at: &str| {
            table
                .iter()
                .rposition(|(_, l)| l == at)
                .unwrap_or_else(|| panic!("no piece at {at} for {tok}"))
        };
        if let Some(at) = tok.strip_prefix('*') {
            let i = top(&table, &loc(at));
            table.remove(i);
        } else if let Some((a, b)) = tok.split_once(")-(") {
            let (a, b) = (loc(&format!("{a})")), loc(&format!("({b}")));
            let i = top(&table, &a);
            let (spec, _) = table.remove(i);
            table.push((spec, b));
        } else if let Some((at, spec)) = tok.split_once("=") {
            let i = top(&table, &loc(at));
            table[i].0 = spec.to_string();
        } else {
            table.push(place(tok));
        }
    }
    positions.push(table);
    positions
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

#[test]
fn every_game_is_recorded_replayed_and_written_out() {
    for game in ["slides", "troll", "penguins", "lab-rats", "slide-jam"] {
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
        // PPN: a header, the setup, one numbered move a step; the pieces
        // after each move are the pieces of that position's layout.
        let ppn = d.join("game.ppn");
        ok(d, &format!("replay 1 --out {}", ppn.display()));
        let positions = ppn_positions(&std::fs::read_to_string(&ppn).unwrap());
        assert_eq!(positions.len(), moves + hints + 1, "{game}");
        for (n, table) in positions.iter().enumerate() {
            let layout = json(d, &format!("replay 1 to {n}"))["data"]["layout"].clone();
            let want: Vec<String> = layout["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["kind"] != "marker")
                .map(|p| format!("({},{})", num(&p["x"]), num(&p["y"])))
                .collect();
            let mut got: Vec<String> = table.iter().map(|(_, at)| at.clone()).collect();
            let mut want = want;
            got.sort();
            want.sort();
            assert_eq!(got, want, "{game}: pieces after move {n}");
        }
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

/// A coordinate as PPN writes it: at most three decimals, no trailing
/// zeros.
fn num(v: &Value) -> String {
    let s = format!("{:.3}", v.as_f64().unwrap());
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
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
