//! A store written by the release before the games moved into one table
//! (schema 3, made by that release's binary and kept as fixtures): it
//! opens, exports byte for byte as that release exported it, and every
//! game in it goes on, undo included, printing what that release printed.
//! A second fixture holds a troll game in the tables of schema 2.

use std::path::Path;

use super::common;

/// The fixture copied into a fresh data directory.
fn store(fixture: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema3");
    std::fs::copy(from.join(fixture), dir.path().join("tablemate.db")).unwrap();
    dir
}

fn expected(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/schema3")
        .join(file);
    std::fs::read_to_string(path).unwrap()
}

/// Each command of the old release's transcript, run again: the same
/// output, line for line (`$ COMMAND` heads each command's part).
fn replays(dir: &Path, transcript: &str) {
    for part in transcript.split("$ ").filter(|p| !p.is_empty()) {
        let (command, want) = part.split_once('\n').unwrap();
        let words: Vec<&str> = command.split_whitespace().collect();
        let mut args = vec!["--seed", "5"];
        args.extend(&words);
        let r = common::run(dir, &args, None);
        let got = format!("{}{}", r.out, r.err);
        assert_eq!(
            got, want,
            "`{command}` prints what the release before printed"
        );
    }
}

/// The same export document: every key and value as the release before
/// wrote it (the games' keys come in the order of the list of games, which
/// a reader does not depend on), and the plays migration 8 made of the
/// games that had ended (#62). One key is renamed: Lab Rats' `used`,
/// which counted stacks from 0, is `moves`, counting them from 1 as the
/// commands do (#61).
fn same_document(got: &str, want: &str) -> serde_json::Value {
    let parse = |t: &str| serde_json::from_str::<serde_json::Value>(t).expect("a JSON document");
    assert!(got.ends_with("}\n"), "a document and a newline");
    let mut got = parse(got);
    let plays = got
        .as_object_mut()
        .and_then(|o| o.remove("plays"))
        .unwrap_or_default();
    let mut want = parse(want);
    if let Some(rats) = want["lab_rats"].as_object_mut() {
        let mut moves = rats.remove("used").expect("the old form's moves");
        for m in moves.as_array_mut().unwrap() {
            m["stack"] = (m["stack"].as_u64().unwrap() + 1).into();
        }
        rats.insert("moves".into(), moves);
    }
    assert_eq!(got, want);
    plays
}

#[test]
fn a_schema_3_store_opens_exports_the_same_and_plays_on() {
    let dir = store("tablemate.db");
    let (out, err, code) = common::tm_in(dir.path(), &["export", "--secrets"]);
    assert_eq!(code, 0, "{err}");
    let mut plays = same_document(&out, &expected("export.json"));
    let id = plays[0]
        .as_object_mut()
        .and_then(|p| p.remove("source"))
        .unwrap();
    assert_eq!(id.as_str().map(str::len), Some(36), "a UUID: {id}");
    // Its one filed Funhouse run, of all six rooms, is a play now; no one
    // was seated for it.
    assert_eq!(
        plays,
        serde_json::json!([{"game": "epic-funhouse", "day": "2026-11-25", "people": [""], "scores": [56], "winners": [0]}])
    );
    // Opening migrated it: the per-game tables are gone.
    let c = rusqlite::Connection::open(dir.path().join("tablemate.db")).unwrap();
    let version: i32 = c
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    // Migrated to the newest schema (8: plays).
    assert_eq!(version, 8);
    let games: i64 = c
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(games, 5, "the Funhouse and four games moved over");
    drop(c);
    replays(dir.path(), &expected("after.txt"));
}

#[test]
fn a_troll_game_of_schema_2_moves_over_too() {
    let dir = store("troll-v2.db");
    let (out, err, code) = common::tm_in(dir.path(), &["export", "--secrets"]);
    assert_eq!(code, 0, "{err}");
    same_document(&out, &expected("troll-v2-export.json"));
    replays(dir.path(), &expected("troll-v2-after.txt"));
}
