//! Hidden cards stay hidden in every view but `export` (issue #28 item 3:
//! `--json troll` printed the secret deck and every face-down brick).

use super::common;

use std::collections::BTreeSet;
use std::path::Path;

use common::run;
use serde_json::Value;

fn json(data: &Path, line: &str) -> Value {
    let words: Vec<&str> = line.split_whitespace().collect();
    let r = run(data, &words, None);
    assert_eq!(r.code, 0, "{line}: {}", r.err);
    serde_json::from_str(&r.out).unwrap()
}

/// Every string anywhere in `v`.
fn strings(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::String(s) => {
            out.insert(s.clone());
        }
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

#[test]
fn the_troll_shows_only_what_the_table_sees() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    run(d, &["--seed", "3", "setup", "troll"], None);
    let secret = json(d, "--json troll reveal")["data"].clone();
    let mut hidden = BTreeSet::new();
    strings(&secret["deck"], &mut hidden);
    for row in ["upper", "lower"] {
        for stack in secret[row].as_array().unwrap() {
            strings(stack, &mut hidden);
        }
    }
    // 52 cards, less the first turned up.
    assert_eq!(hidden.len(), 51, "{hidden:?}");
    for line in [
        "--json troll awaken",
        "--json troll",
        "--json troll move east",
        "--json troll actions",
        "--json troll score",
    ] {
        let words: Vec<&str> = line.split_whitespace().collect();
        let r = run(d, &words, None);
        let shown: Value = serde_json::from_str(&r.out).unwrap();
        let data = &shown["data"];
        // What is face up may be named: the played cards, the awake
        // bricks, the cards set aside.
        let mut face_up = BTreeSet::new();
        for key in ["played", "awake", "aside", "pending"] {
            strings(&data[key], &mut face_up);
        }
        let mut named = BTreeSet::new();
        strings(data, &mut named);
        let leaked: Vec<&String> = named
            .iter()
            .filter(|s| hidden.contains(*s) && !face_up.contains(*s))
            .collect();
        assert!(leaked.is_empty(), "`{line}` names hidden cards {leaked:?}");
        if let Some(deck) = data["deck"].as_array() {
            assert!(deck.iter().all(|c| c == "??"), "{line}: {deck:?}");
        }
        // The text view names none either (asked again only where
        // asking changes nothing).
        if line == "--json troll awaken" || line == "--json troll move east" {
            continue;
        }
        let r = run(d, &words[1..], None);
        for card in &hidden {
            if face_up.contains(card) {
                continue;
            }
            let as_word = r
                .out
                .split(|c: char| !c.is_ascii_alphanumeric())
                .any(|w| w == card);
            assert!(
                !as_word,
                "`{}` names hidden card {card}: {}",
                &line[7..],
                r.out
            );
        }
    }
    // `export` leaves the game in play out, saying so (#59: no hidden
    // card in any file before the end); `export --secrets` carries it.
    let next = format!("\"{}\"", secret["deck"][0].as_str().unwrap());
    let r = run(d, &["export"], None);
    assert!(!r.out.contains(&next), "{}", r.out);
    assert!(r.out.contains("\"troll\": null"), "{}", r.out);
    assert_eq!(
        r.err,
        "note: the Angry Troll versus Magic Bridge game in play is left out: what it hides would show in the file (`export --secrets` puts it in)\n\
         note: its open record is left out too; both are exported once the game is over\n"
    );
    let r = run(d, &["export", "--secrets"], None);
    assert!(r.out.contains(&next));
}

/// A deal code that would lay the face-down cards is sealed (#44: `setup
/// troll` printed `deal N4PMVJ`, and that code elsewhere laid all 49
/// hidden cards): not printed, `deal=sealed` in `games` until the game is
/// over, and not drawn from the seed tablemate picked and printed.
#[test]
fn a_code_that_would_show_hidden_cards_is_sealed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let r = run(d, &["setup", "troll"], None);
    assert_eq!(r.code, 0, "{}", r.err);
    let flat = r.out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.ends_with(
            "deal sealed until the game ends (its code would show what is hidden): `games` shows it then"
        ),
        "{flat}"
    );
    assert!(!r.out.contains("deal="), "{}", r.out);
    // The seed tablemate drew dealt nothing: it is not even mentioned.
    assert!(!r.err.contains("--seed"), "{}", r.err);
    let laid = json(d, "--json setup troll deal=N4PMVJ");
    assert_eq!(laid["data"]["deal"], "sealed");
    let games = json(d, "--json games");
    for g in games["data"]["games"].as_array().unwrap() {
        assert!(
            g["setup"].as_str().unwrap().ends_with(" deal=sealed"),
            "{g}"
        );
    }
    let r = run(d, &["--json", "troll"], None);
    assert!(!r.out.contains("N4PMVJ"), "{}", r.out);
    // `troll reveal` shows it, with every card.
    let r = run(d, &["troll", "reveal"], None);
    assert!(
        r.out
            .ends_with("`setup angry-troll deal=N4PMVJ` lays this bridge again\n"),
        "{}",
        r.out
    );
    // A kept deck's order code likewise, until the deck is spent.
    let r = run(d, &["deck", "new", "bag2", "tiles"], None);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out.contains("deal sealed until the deck is spent"),
        "{}",
        r.out
    );
    assert!(!r.out.contains("deal="), "{}", r.out);
    run(d, &["draw", "bag2", "23"], None);
    let shown = json(d, "--json deck show bag2");
    assert_eq!(shown["data"].get("deal"), None, "{shown}");
    assert!(
        !run(d, &["deck", "show", "bag2"], None)
            .out
            .contains("dealt from")
    );
    run(d, &["draw", "bag2", "1"], None);
    let shown = json(d, "--json deck show bag2");
    let code = shown["data"]["deal"].as_str().expect("spent: the code");
    let order = shown["data"]["drawn"].clone();
    let text = run(d, &["deck", "show", "bag2"], None).out;
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.ends_with(&format!(
            "spent: its order was dealt from {code} (`deck new NAME tiles deal={code}` deals it again)"
        )),
        "{flat}"
    );
    // The code deals that order again, elsewhere.
    let other = tempfile::tempdir().unwrap();
    run(
        other.path(),
        &["deck", "new", "x", "tiles", &format!("deal={code}")],
        None,
    );
    run(other.path(), &["draw", "x", "24"], None);
    assert_eq!(
        json(other.path(), "--json deck show x")["data"]["drawn"],
        order
    );
}

/// #57 item 3 (its record file): while the troll's game is in play, its
/// record is not written as a file that holds every state (the deck in
/// order, the deal code); the table's view (PPN) is. Once the game is
/// over, the whole record may be written.
#[test]
fn an_open_secret_games_record_file_waits_for_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for line in ["setup troll", "troll awaken"] {
        let (_, err, code) = common::tm_in(d, &line.split(' ').collect::<Vec<_>>());
        assert_eq!(code, 0, "{line}: {err}");
    }
    let rec = d.join("rec.json");
    let (_, err, code) = common::tm_in(d, &["replay", "1", "--out", rec.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: Angry Troll versus Magic Bridge is still in play and keeps cards secret: its record file would show them, so it is written once the game is over (`--out game.ppn` or `.svg` write what the table sees now)\n"
    );
    assert!(!rec.exists());
    let ppn = d.join("rec.ppn");
    let (_, err, code) = common::tm_in(d, &["replay", "1", "--out", ppn.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        std::fs::read_to_string(&ppn)
            .unwrap()
            .contains("deal=sealed")
    );
}
