//! Games changed by several processes at once: players at one table, each
//! with a terminal (or a REPL open beside a one-shot command). Every
//! command that succeeds must land, as if the commands had run one after
//! another in some order: the saved state equals what some order of the
//! same commands, run one by one, leaves. A computer move (`slides ai`),
//! an automatic step (the troll's bricks fleeing, an awakening's roll)
//! and a player's move are all checked this way.
//!
//! Every process runs with the same `--seed`, so what it rolls or breaks
//! ties with depends only on the state it reads: a replay in any order is
//! exact.

use super::common;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Output, Stdio};

use common::std_command;
use serde_json::Value;

const SEED: &str = "1";

fn args(cmd: &str) -> Vec<String> {
    let mut a = vec!["--seed".to_string(), SEED.to_string()];
    a.extend(cmd.split_whitespace().map(String::from));
    a
}

/// Run one command to the end.
fn run(data: &Path, cmd: &str) -> Output {
    common::output(std_command(data).args(args(cmd)))
}

/// Run `cmds` one by one; each must succeed.
fn run_all(data: &Path, cmds: &[String]) {
    for c in cmds {
        let out = run(data, c);
        assert!(
            out.status.success(),
            "`{c}` failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Start every command at once and wait for all; which succeeded.
fn at_once(data: &Path, cmds: &[&str]) -> Vec<(String, Output)> {
    let children: Vec<_> = cmds
        .iter()
        .map(|c| {
            let child = std_command(data)
                .args(args(c))
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            (c.to_string(), child)
        })
        .collect();
    children
        .into_iter()
        .map(|(c, child)| {
            let what = format!("`{c}`");
            let out = common::wait::collect_within(child, common::wait::COMMAND, &what);
            (c, out)
        })
        .collect()
}

/// Everything saved, as one JSON value.
fn export(data: &Path) -> Value {
    let out = run(data, "--json export --secrets");
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut data = v["data"].clone();
    // The game records must hold the same moves in the same order; when
    // they were made (a replay runs seconds later) is no part of that.
    if let Some(records) = data.get_mut("records").and_then(Value::as_array_mut) {
        for r in records {
            r.as_object_mut().unwrap().remove("started");
            for step in r["steps"].as_array_mut().unwrap() {
                step.as_object_mut().unwrap().remove("at");
            }
        }
    }
    data
}

/// Every distinct order of `items`.
fn orders(items: &[String]) -> BTreeSet<Vec<String>> {
    if items.is_empty() {
        return BTreeSet::from([Vec::new()]);
    }
    let mut all = BTreeSet::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in orders(&rest) {
            tail.insert(0, first.clone());
            all.insert(tail);
        }
    }
    all
}

/// After `setup`, run `parallel` at once: the saved state must be what
/// the commands that succeeded leave when run one by one in some order.
/// Returns the commands that succeeded.
fn lands_as_some_order(setup: &[&str], parallel: &[&str]) -> Vec<String> {
    let setup: Vec<String> = setup.iter().map(|s| s.to_string()).collect();
    let dir = tempfile::tempdir().unwrap();
    run_all(dir.path(), &setup);
    let results = at_once(dir.path(), parallel);
    let landed: Vec<String> = results
        .iter()
        .filter(|(_, o)| o.status.success())
        .map(|(c, _)| c.clone())
        .collect();
    for (c, o) in &results {
        // A refusal is a rule's, never the store's (busy, locked).
        if !o.status.success() {
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(
                !err.contains("locked") && !err.contains("busy"),
                "{c}: {err}"
            );
        }
    }
    let got = export(dir.path());
    let mut tried = Vec::new();
    for order in orders(&landed) {
        let again = tempfile::tempdir().unwrap();
        run_all(again.path(), &setup);
        run_all(again.path(), &order);
        if export(again.path()) == got {
            return landed;
        }
        tried.push(order);
    }
    panic!("no order of {landed:?} leaves what {parallel:?} at once left: tried {tried:?}\n{got}");
}

#[test]
fn eight_computer_moves_at_once_keep_eight_moves() {
    let landed = lands_as_some_order(&["setup slides-of-action"], &["slides ai"; 8]);
    assert_eq!(landed.len(), 8, "every move is made: {landed:?}");
    let dir = tempfile::tempdir().unwrap();
    run_all(dir.path(), &["setup slides-of-action".to_string()]);
    at_once(dir.path(), &["slides ai"; 8]);
    let moves = export(dir.path())["slides"]["moves"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(moves, 8);
}

#[test]
fn the_troll_wakes_once_and_its_actions_land_whoever_types_them() {
    let setup = ["setup troll"];
    // Two terminals awaken at once: one does, the other is told so.
    let landed = lands_as_some_order(&setup, &["troll awaken", "troll awaken"]);
    assert_eq!(landed.len(), 1, "{landed:?}");
    // Both of the turn's actions at once (the bricks then flee by
    // themselves, once): each that is allowed lands.
    let landed = lands_as_some_order(
        &["setup troll", "troll awaken"],
        &["troll move left", "troll move up"],
    );
    assert!(!landed.is_empty());
}

#[test]
fn rats_moved_from_two_terminals_both_land() {
    let landed = lands_as_some_order(&["setup lab-rats"], &["rats lose 1", "rats lose 2"]);
    assert_eq!(landed.len(), 2, "{landed:?}");
}

#[test]
fn penguins_placed_from_four_terminals_are_four_tokens() {
    let landed = lands_as_some_order(&["setup penguins"], &["penguins place"; 4]);
    assert_eq!(landed.len(), 4, "{landed:?}");
}

/// Turns passed from many terminals at once all land: twenty `turn`s at a
/// table of three, from who starts, end on the second player.
#[test]
fn turns_passed_at_once_all_land() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    run_all(d, &["players a b c".to_string()]);
    for (cmd, out) in at_once(d, &["turn"; 20]) {
        assert!(
            out.status.success(),
            "`{cmd}`: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let v: Value = serde_json::from_slice(&run(d, "--json players").stdout).unwrap();
    // Turn 1 is a's, so turn 20 is b's (20 = 3 x 6 + 2).
    assert_eq!(v["data"]["turn"]["name"], "b", "{v}");
}

/// People seated from many terminals at once all sit (#56): ten `players
/// add` at the same moment, each read and written in one transaction,
/// give a table of twelve with twelve different ids.
#[test]
fn people_added_at_once_all_sit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    run_all(d, &["players ann ben".to_string()]);
    let adds: Vec<String> = (1..=10).map(|i| format!("players add p{i}")).collect();
    let adds: Vec<&str> = adds.iter().map(String::as_str).collect();
    for (cmd, out) in at_once(d, &adds) {
        assert!(
            out.status.success(),
            "`{cmd}`: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let v: Value = serde_json::from_slice(&run(d, "--json players").stdout).unwrap();
    let people = v["data"]["players"].as_array().unwrap();
    assert_eq!(people.len(), 12, "{v}");
    let mut ids: Vec<i64> = people.iter().map(|p| p["id"].as_i64().unwrap()).collect();
    ids.sort_unstable();
    assert_eq!(ids, (1..=12).collect::<Vec<i64>>());
}
