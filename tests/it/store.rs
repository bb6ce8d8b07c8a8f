//! The store under real use: several processes at once, processes killed
//! mid-save, impossible saved values, damaged files, the import of 0.1's
//! JSON files, export and import, and undo. Every test runs the binary.

use super::common;

use std::collections::HashSet;
use std::fs;
use std::path::Path;
use std::process::{Output, Stdio};

use common::{std_command, tamper, tm_in};
use serde_json::Value;

/// Start `n` processes at once, each with the arguments `args(i)`, and
/// wait for all of them.
fn parallel(data: &Path, n: usize, args: impl Fn(usize) -> Vec<String>) -> Vec<Output> {
    let children: Vec<_> = (0..n)
        .map(|i| {
            std_command(data)
                .args(args(i))
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    children
        .into_iter()
        .map(|c| {
            common::wait::collect_within(c, common::wait::COMMAND, "one of the parallel processes")
        })
        .collect()
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn json_of(data: &Path, cmd: &str) -> Value {
    let mut args = vec!["--json"];
    args.extend(cmd.split_whitespace());
    let (out, err, code) = tm_in(data, &args);
    assert_eq!(code, 0, "{cmd}: {err}");
    serde_json::from_str::<Value>(&out).unwrap()["data"].clone()
}

fn export(data: &Path) -> Value {
    json_of(data, "export --secrets")
}

/// Every item of deck `name` (left and drawn), checked to be 52 distinct.
fn whole_deck(data: &Path, name: &str) -> (usize, usize) {
    let doc = export(data);
    let deck = doc["decks"]["decks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["name"] == name)
        .unwrap()
        .clone();
    let left = deck["left"].as_array().unwrap();
    let drawn = deck["drawn"].as_array().unwrap();
    let all: HashSet<&str> = left
        .iter()
        .chain(drawn)
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(all.len(), 52, "every card once: {deck}");
    assert_eq!(left.len() + drawn.len(), 52);
    (left.len(), drawn.len())
}

#[test]
fn twenty_parallel_draws_deal_twenty_distinct_cards() {
    for round in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        let seed = round.to_string();
        tm_in(
            dir.path(),
            &["--seed", &seed, "deck", "new", "bag", "cards"],
        );
        let outs = parallel(dir.path(), 20, |_| words("--json draw bag 1"));
        let mut cards = HashSet::new();
        for o in &outs {
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            let v: Value = serde_json::from_slice(&o.stdout).unwrap();
            cards.insert(v["data"]["drawn"][0].as_str().unwrap().to_string());
        }
        assert_eq!(cards.len(), 20, "round {round}: {cards:?}");
        assert_eq!(whole_deck(dir.path(), "bag"), (32, 20));
        let (out, _, _) = tm_in(dir.path(), &["deck"]);
        assert!(out.contains("32 left,  20 drawn"), "{out}");
    }
}

#[test]
fn six_parallel_room_scores_all_land() {
    let rooms = [
        "score sj none",
        "score mirror twins=3 cousins=1 distant=5 strangers=3",
        "score catwalk 5xn 4xn nx3",
        "score barrels 2",
        "score whack complete penalties=1",
        "score trampo-land kids=2 adults=1",
    ];
    for _ in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        tm_in(dir.path(), &["funhouse", "new"]);
        for o in parallel(dir.path(), 6, |i| words(rooms[i])) {
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
        let card = json_of(dir.path(), "funhouse");
        assert_eq!(card["played"], 6, "{card}");
        // Slide Jam 0, mirror 20, Catwalk 12, barrels 2, whack 10, Trampo-Land 9.
        assert_eq!(card["total"], 53);
    }
}

#[test]
fn ten_parallel_new_decks_all_land() {
    for _ in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        for o in parallel(dir.path(), 10, |i| words(&format!("deck new d{i} tiles"))) {
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
        let decks = json_of(dir.path(), "deck");
        assert_eq!(decks["decks"].as_array().unwrap().len(), 10, "{decks}");
        // Exactly one is current, whichever landed last.
        assert!(decks["current"].is_string());
    }
}

/// Pipe `script` into `n` REPLs one after another, each killed (SIGKILL)
/// 5 to 65 ms in, at moments drawn from `seed` (a fixed sequence, so a
/// failure can be replayed).
fn kill_at_random_moments(data: &Path, script: &str, n: usize, seed: u64) {
    let mut x = seed;
    for _ in 0..n {
        let mut child = std_command(data)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let s = script.to_string();
        let feeder = std::thread::spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(s.as_bytes());
        });
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        std::thread::sleep(std::time::Duration::from_millis(5 + (x >> 33) % 60));
        child.kill().unwrap();
        child.wait().unwrap();
        let _ = feeder.join();
    }
}

/// Processes killed at random moments while drawing, returning and
/// scoring leave a whole, consistent store.
#[test]
fn killed_mid_save_the_store_stays_whole() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    tm_in(data, &["--seed", "1", "deck", "new", "bag", "cards"]);
    tm_in(data, &["funhouse", "new"]);
    let script = "draw bag 3\nscore barrels 2\ndeck return bag\nscore sj none\n".repeat(200);
    kill_at_random_moments(data, &script, 40, 12345);
    let (left, drawn) = whole_deck(data, "bag");
    assert_eq!(left + drawn, 52);
    let card = json_of(data, "funhouse");
    assert!(card["played"].as_u64().unwrap() <= 2, "{card}");
    // Nothing but the database and its own side files is left behind.
    for e in fs::read_dir(data).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        assert!(
            name.starts_with("tablemate.db") || name == "history.txt",
            "left behind: {name}"
        );
    }
    let (out, err, code) = tm_in(data, &["undo"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("undid: "), "{out}");
}

/// Write `file` into a fresh data directory and run `cmd` there.
fn with_file(file: &str, content: &str, cmd: &[&str]) -> (String, String, i32, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join(file), content).unwrap();
    let (out, err, code) = tm_in(dir.path(), cmd);
    (out, err, code, dir)
}

fn cards_doc(left: &[&str], drawn: &[&str]) -> String {
    serde_json::json!({"current": "bag", "decks": [{"name": "bag", "kind": "cards", "left": left, "drawn": drawn}]}).to_string()
}

fn all_cards() -> Vec<String> {
    let mut v = Vec::new();
    for s in ["C", "D", "H", "S"] {
        for r in [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ] {
            v.push(format!("{r}{s}"));
        }
    }
    v
}

/// An old file holding an impossible value is refused whole, set aside
/// and reported; nothing of it is dealt.
fn refused(file: &str, content: &str, why: &str) {
    let (out, err, code, dir) = with_file(file, content, &["deck"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("could not be imported") && err.contains(why),
        "{why}: {err}"
    );
    assert!(dir.path().join(format!("{file}.damaged-1")).exists());
    assert!(!dir.path().join(file).exists());
    if file == "decks.json" {
        assert!(out.contains("no decks yet"), "{out}");
    }
}

#[test]
fn impossible_saved_values_are_refused() {
    let cards = all_cards();
    let c: Vec<&str> = cards.iter().map(String::as_str).collect();
    // A card listed twice would be dealt twice.
    let mut twice = c.clone();
    twice[1] = "AC";
    refused("decks.json", &cards_doc(&twice, &[]), "holds AC twice");
    // A card both in the deck and drawn.
    refused("decks.json", &cards_doc(&c, &["AC"]), "holds AC twice");
    // 150 cards in a 52-card deck.
    let many: Vec<&str> = c.iter().cycle().take(150).copied().collect();
    refused("decks.json", &cards_doc(&many, &[]), "twice");
    // Two decks with one name.
    let two = serde_json::json!({"current": null, "decks": [
        {"name": "bag", "kind": "cards", "left": c, "drawn": []},
        {"name": "BAG", "kind": "cards", "left": c, "drawn": []}]});
    refused("decks.json", &two.to_string(), "named twice");
    // Unknown fields are reported, never silently dropped.
    let extra = serde_json::json!({"current": null, "decks": [], "owner": "me"});
    refused("decks.json", &extra.to_string(), "unknown field `owner`");
}

fn troll_doc(edit: impl Fn(&mut Value)) -> String {
    // A real game, dealt by `setup troll` and exported.
    let dir = tempfile::tempdir().unwrap();
    tm_in(dir.path(), &["--seed", "6", "setup", "troll"]);
    let mut t = export(dir.path())["troll"].clone();
    edit(&mut t);
    t.to_string()
}

#[test]
fn impossible_troll_penguin_and_funhouse_values_are_refused() {
    refused(
        "troll.json",
        &troll_doc(|t| t["troll_slot"] = 200.into()),
        "slot 200",
    );
    let all52 = troll_doc(|t| {
        let mut deck: Vec<Value> = t["deck"].as_array().unwrap().clone();
        for row in ["upper", "lower"] {
            for slot in t[row].as_array().unwrap() {
                deck.extend(slot.as_array().unwrap().iter().cloned());
            }
        }
        t["deck"] = deck.into();
    });
    refused("troll.json", &all52, "holds 51 cards; it starts with 27");
    let dir = tempfile::tempdir().unwrap();
    tm_in(dir.path(), &["--seed", "6", "setup", "penguins"]);
    let mut board = export(dir.path())["penguins"].clone();
    board["die_sides"] = 255.into();
    refused("penguins.json", &board.to_string(), "255-sided");
    // Points that would wrap a 32-bit total round to 0.
    let run = serde_json::json!({"run": {"started": "2026-11-23", "barrels": null, "rooms": [
        {"room": "slide-jam", "inputs": ["x"], "total": 0,
         "terms": [{"label": "a", "points": 4294967295u32}, {"label": "b", "points": 1}]},
        null, null, null, null, null]}, "history": []});
    refused("funhouse.json", &run.to_string(), "does not add up");
}

#[test]
fn counts_that_would_overflow_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_, err, code) = tm_in(
        dir.path(),
        &["score", "mirror", "twins=4294967295", "strangers=13"],
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("'twins=4294967295': twins is at most 1000"),
        "{err}"
    );
    let (_, err, code) = tm_in(
        dir.path(),
        &["score", "whack", "done", "penalties=99999999999999"],
    );
    assert_eq!(code, 1);
    assert!(err.contains("penalties is at most 1000"), "{err}");
}

/// Change rows behind tablemate's back, past the schema's checks (as a
/// damaged disk or another program might).

#[test]
fn damaged_rows_are_reported_and_do_not_stop_other_commands() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    tm_in(data, &["--seed", "2", "deck", "new", "bag", "cards"]);
    tm_in(data, &["--seed", "2", "deck", "new", "other", "tiles"]);
    tm_in(data, &["--seed", "2", "setup", "troll"]);
    tm_in(data, &["--seed", "2", "setup", "penguins"]);
    tamper(
        data,
        "UPDATE deck_items SET item = 'ZZ' WHERE deck = 'bag' AND pos = 0 AND pile = 'left';
         UPDATE games SET state = json_set(state, '$.troll_slot', 200) WHERE game = 'angry-troll';
         UPDATE games SET state = json_set(state, '$.die_sides', 255) WHERE game = 'penguins-night-out';",
    );
    let (_, err, code) = tm_in(data, &["draw", "bag"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "deck 'bag' is damaged ('ZZ' is not one of the cards); `deck delete bag` removes it"
        ),
        "{err}"
    );
    let (out, err, code) = tm_in(data, &["draw", "other", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("22 left in 'other'"), "{out}");
    let (out, _, _) = tm_in(data, &["deck"]);
    assert!(out.contains("! bag") && out.contains("damaged"), "{out}");
    let (_, err, code) = tm_in(data, &["troll"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("the saved troll game is damaged (the troll stands on slot 200; slots are 1 to 6); `setup troll` deals a new one"),
        "{err}"
    );
    let (_, err, _) = tm_in(data, &["penguins"]);
    assert!(
        err.contains("255-sided dice") && err.contains("`setup penguins`"),
        "{err}"
    );
    // The commands named mend it.
    for cmd in [
        &["deck", "delete", "bag"][..],
        &["setup", "troll"],
        &["setup", "penguins"],
    ] {
        let (_, err, code) = tm_in(data, cmd);
        assert_eq!(code, 0, "{cmd:?}: {err}");
    }
    for cmd in [&["deck"][..], &["troll"], &["penguins"]] {
        let (_, err, code) = tm_in(data, cmd);
        assert_eq!(code, 0, "{cmd:?}: {err}");
    }
}

#[test]
fn a_damaged_run_is_left_out_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    tm_in(data, &["funhouse", "new"]);
    tm_in(data, &["score", "barrels", "2"]);
    tamper(
        data,
        "UPDATE games SET state = json_set(state, '$.run.rooms[3].total', 7) WHERE game = 'epic-funhouse';",
    );
    let (out, err, code) = tm_in(data, &["funhouse"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(
            "the open Funhouse run is damaged (the roll-out-the-barrels score does not add up)"
        ),
        "{err}"
    );
    assert!(out.contains("no run open"), "{out}");
    let (_, err, code) = tm_in(data, &["funhouse", "new"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_damaged_database_is_kept_aside_and_a_fresh_one_started() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    fs::write(
        data.join("tablemate.db"),
        "not a database at all, just text\n".repeat(200),
    )
    .unwrap();
    let (out, err, code) = tm_in(data, &["deck"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("no decks yet"));
    assert!(
        err.contains("was damaged") && err.contains("tablemate.db.damaged-1"),
        "{err}"
    );
    let kept = fs::read_to_string(data.join("tablemate.db.damaged-1")).unwrap();
    assert!(kept.starts_with("not a database at all"));
    // Reported once: the next command finds a sound store.
    let (_, err, _) = tm_in(data, &["deck"]);
    assert!(err.is_empty(), "{err}");

    // Another program's database is not tablemate's.
    let other = tempfile::tempdir().unwrap();
    rusqlite::Connection::open(other.path().join("tablemate.db"))
        .unwrap()
        .execute_batch("CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('mine');")
        .unwrap();
    let (_, err, code) = tm_in(other.path(), &["deck", "new", "bag", "tiles"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("not a tablemate database"), "{err}");
    assert!(other.path().join("tablemate.db.damaged-1").exists());
}

#[test]
fn a_newer_schema_is_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    tm_in(data, &["deck", "new", "bag", "tiles"]);
    tamper(data, "PRAGMA user_version = 99;");
    let before = fs::read(data.join("tablemate.db")).unwrap();
    let (_, err, code) = tm_in(data, &["draw"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("written by a newer tablemate (schema 99"),
        "{err}"
    );
    assert_eq!(fs::read(data.join("tablemate.db")).unwrap(), before);
}

#[test]
fn a_linked_database_is_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::NamedTempFile::new().unwrap();
    fs::write(outside.path(), "precious").unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("tablemate.db")).unwrap();
    let (_, err, code) = tm_in(dir.path(), &["deck", "new", "bag", "tiles"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(fs::read_to_string(outside.path()).unwrap(), "precious");
}

#[test]
fn commands_without_state_open_no_database() {
    let dir = tempfile::tempdir().unwrap();
    for cmd in [
        &["roll", "2d6"][..],
        &["prob", "3d6"],
        &["shuffle", "tiles"],
        &["flip"],
        &["rules", "troll"],
    ] {
        let (_, err, code) = tm_in(dir.path(), cmd);
        assert_eq!(code, 0, "{cmd:?}: {err}");
    }
    assert!(!dir.path().join("tablemate.db").exists());
}

#[test]
fn state_files_of_version_0_1_come_through_whole() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v0.1");
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    for f in ["decks.json", "funhouse.json", "troll.json", "penguins.json"] {
        fs::copy(fixture.join(f), data.join(f)).unwrap();
    }
    // What tablemate 0.1 printed for this directory, command by command,
    // with the later deliberate changes: the history's header lined up
    // with its rows, no chart of a partial run, no nest legend on a board
    // without nests, and the troll's game followed turn by turn (the troll
    // drawn where it was set up, since 0.1 kept no later place; `reveal`
    // lists the deck too), and the penguins' board drawn square by square.
    let expected = fs::read_to_string(fixture.join("expected.txt")).unwrap();
    let mut got = String::new();
    let mut notes = String::new();
    for block in expected.split("== ").skip(1) {
        let cmd = block.lines().next().unwrap();
        let (out, err, code) = tm_in(data, &cmd.split(' ').collect::<Vec<_>>());
        assert_eq!(code, 0, "{cmd}: {err}");
        got.push_str(&format!("== {cmd}\n{out}"));
        notes.push_str(&err);
    }
    assert_eq!(got, expected);
    for f in ["decks.json", "funhouse.json", "troll.json", "penguins.json"] {
        assert!(
            notes.contains(&format!("{f} from an earlier tablemate was imported")),
            "{notes}"
        );
        assert!(data.join(format!("{f}.imported")).exists());
        assert!(!data.join(f).exists());
    }
}

#[test]
fn a_crash_after_import_never_imports_a_file_twice() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v0.1");
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    fs::copy(fixture.join("decks.json"), data.join("decks.json")).unwrap();
    tm_in(data, &["deck"]);
    // As if the process died between the commit and the rename.
    fs::rename(data.join("decks.json.imported"), data.join("decks.json")).unwrap();
    let (out, err, _) = tm_in(data, &["deck"]);
    assert!(err.is_empty(), "{err}");
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(data.join("decks.json.imported").exists());
    // A different file for a part the store already holds is kept aside.
    fs::write(data.join("decks.json"), r#"{"current": null, "decks": []}"#).unwrap();
    let (_, err, _) = tm_in(data, &["deck"]);
    assert!(
        err.contains("was not imported: the store already holds decks"),
        "{err}"
    );
    assert!(data.join("decks.json.not-imported-1").exists());
}

/// A store with something of every part.
fn full_store(data: &Path) {
    let script = "deck new bag cards\ndraw bag 4\ndeck new chits red red blue\n\
        funhouse new\nscore sj Cn A3 A5\nscore catwalk 5xn 4xn nx3\nfunhouse end --partial\nfunhouse new\n\
        score barrels 3\nsetup troll\ntroll awaken\nsetup penguins players=3\n";
    let mut c = std_command(data);
    c.args(["--seed", "11"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null());
    let mut child = c.spawn().unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let what = "the script that fills the store";
    assert!(common::wait::exit_within(&mut child, common::wait::COMMAND, what).success());
}

#[test]
fn export_then_import_round_trips_byte_identical() {
    let a = tempfile::tempdir().unwrap();
    full_store(a.path());
    let file = a.path().join("backup.json");
    // A backup: everything, sealed decks and the game in play included.
    let (out, err, code) = tm_in(a.path(), &["export", "--secrets", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3 decks") || out.contains("2 decks"), "{out}");
    let b = tempfile::tempdir().unwrap();
    let (out, err, code) = tm_in(b.path(), &["import", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("imported"), "{out}");
    let again = b.path().join("again.json");
    tm_in(b.path(), &["export", "--secrets", again.to_str().unwrap()]);
    assert_eq!(fs::read(&file).unwrap(), fs::read(&again).unwrap());
    // Printed without a file, it is the same document.
    let (printed, _, _) = tm_in(b.path(), &["export", "--secrets"]);
    assert_eq!(printed.as_bytes(), &fs::read(&file).unwrap()[..]);
    // An existing file is not overwritten without --force.
    let (_, err, code) = tm_in(b.path(), &["export", again.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("--force"), "{err}");
}

#[test]
fn import_into_a_store_in_use_asks_and_undo_brings_it_back() {
    let a = tempfile::tempdir().unwrap();
    full_store(a.path());
    let file = a.path().join("backup.json");
    // A backup of everything, the troll game in play included.
    tm_in(a.path(), &["export", "--secrets", file.to_str().unwrap()]);
    let b = tempfile::tempdir().unwrap();
    tm_in(b.path(), &["deck", "new", "mine", "tiles"]);
    let before = export(b.path());
    let (_, err, code) = tm_in(b.path(), &["import", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("--replace"), "{err}");
    assert_eq!(export(b.path()), before);
    let (_, err, code) = tm_in(b.path(), &["import", file.to_str().unwrap(), "--replace"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(export(b.path()), export(a.path()));
    let (out, _, _) = tm_in(b.path(), &["undo"]);
    assert!(out.starts_with("undid: import"), "{out}");
    assert_eq!(export(b.path()), before);
    // Not an export at all.
    fs::write(b.path().join("x.json"), "[1, 2]").unwrap();
    let (_, err, code) = tm_in(
        b.path(),
        &["import", b.path().join("x.json").to_str().unwrap()],
    );
    assert_eq!(code, 1);
    assert!(err.contains("is not an export"), "{err}");
}

#[test]
fn undo_walks_back_through_changes() {
    let dir = tempfile::tempdir().unwrap();
    let script = "deck new bag cards\ndraw bag 2\nfunhouse new\nscore barrels 3\n\
        score barrels 1\nundo\nfunhouse\nundo\nundo\nundo\ndeck\nundo\ndeck\nundo\n";
    let r = common::run(dir.path(), &["--seed", "3"], Some(script));
    assert_eq!(r.code, 0, "{}", r.err);
    let out = r.out;
    assert!(
        out.contains("undid: score roll-out-the-barrels 1\n(4 earlier changes can be undone)"),
        "{out}"
    );
    // The earlier score is back.
    assert!(out.contains("four  Roll Out the Barrels   3"), "{out}");
    assert!(out.contains("undid: score roll-out-the-barrels 3"), "{out}");
    assert!(out.contains("undid: funhouse new"), "{out}");
    assert!(out.contains("undid: draw "), "{out}");
    assert!(
        out.contains("* bag          cards      52 left,   0 drawn"),
        "{out}"
    );
    assert!(
        out.contains("undid: deck new bag (52 cards)\n(nothing more to undo)"),
        "{out}"
    );
    assert!(out.contains("no decks yet"), "{out}");
    assert!(out.trim_end().ends_with("nothing to undo"), "{out}");
}

#[test]
fn a_troll_card_cannot_be_played_twice() {
    let dir = tempfile::tempdir().unwrap();
    // A game of the player's own cards: 4C turned up (black cards wake the
    // lower row), the troll on lower 2.
    let (_, err, code) = tm_in(
        dir.path(),
        &["setup", "troll", "cards=mine", "card=4C", "die=2"],
    );
    assert_eq!(code, 0, "{err}");
    // 4C lies in the stacks: it cannot be drawn again.
    let (_, err, code) = tm_in(dir.path(), &["troll", "card", "4C", "die=5"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("4C cannot be drawn: it is already played into the stacks"),
        "{err}"
    );
    // Two terminals awakening at once: one plays its card, the other is
    // told the awakening is over (or that a brick waits to be named);
    // never both.
    let outs = parallel(dir.path(), 2, |i| {
        words(&format!("--json troll card {} die=5", ["7S", "8S"][i]))
    });
    let ok = outs.iter().filter(|o| o.status.success()).count();
    assert_eq!(ok, 1, "{:?}", outs);
    let (out, _, _) = tm_in(dir.path(), &["--json", "troll"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["played"].as_array().unwrap().len(), 2, "{out}");
}

/// #56: processes killed at random moments while renaming people, passing
/// the turn and playing leave the table and its game whole and agreed: a
/// rename lands in the table and the game's own names together, or not
/// at all.
#[test]
fn killed_mid_save_the_table_and_its_game_agree() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    tm_in(data, &["players", "Ann", "Ben", "Cat"]);
    tm_in(data, &["--seed", "2", "setup", "slides"]);
    tm_in(data, &["pad", "new", "hearts"]);
    let script =
        "players rename ben Benjamin\nslides ai\npad 1 2 3\nplayers rename benjamin Ben\nundo\n"
            .repeat(100);
    kill_at_random_moments(data, &script, 30, 56);
    let table = json_of(data, "players");
    let names: Vec<&str> = table["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 3, "{table}");
    assert!(
        names == ["Ann", "Ben", "Cat"] || names == ["Ann", "Benjamin", "Cat"],
        "{names:?}"
    );
    // The game keeps its players' names as the table has them, whatever
    // was killed: the rename and the game's copy landed together.
    let doc = export(data);
    let kept: Vec<&str> = doc["slides"]["people"]
        .as_array()
        .unwrap_or_else(|| panic!("{doc}"))
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(kept.len(), 3, "{doc}");
    for n in &kept {
        assert!(names.contains(n), "the game says {n}, the table {names:?}");
    }
    let (_, err, code) = tm_in(data, &["slides"]);
    assert_eq!(code, 0, "{err}");
}
