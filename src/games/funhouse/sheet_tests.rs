//! The Funhouse's scoring read twice (#80 item 3): the Rust scorers of
//! `score ROOM` and the run, and the score sheets the rule file holds
//! (`pad new slide-jam`, `pad new catwalk` and each room's, `pad new funhouse`),
//! agreeing on random rooms and runs.

use super::room::Room;
use super::run::Run;
use super::score::score;
use crate::random::TableRng;
use crate::sheet::formula::Value;
use crate::sheet::{Entries, Sheet};

/// The rule file's sheet of the game (`None`) or of a room.
fn sheet(part: Option<&str>) -> Sheet {
    let text = include_str!("../../../rules/epic-funhouse.yaml");
    Sheet::new(crate::sheet::in_rule_file(text, part).unwrap()).unwrap()
}

/// One player's entries, one per category in order.
fn total(s: &Sheet, entries: Vec<Value>) -> i64 {
    let e: Entries = vec![entries.into_iter().map(|v| vec![Some(v)]).collect()];
    s.score(&e, 1).unwrap().totals[0].unwrap()
}

#[test]
fn slide_jam_scored_by_its_sheet_and_by_score_agree() {
    let s = sheet(Some("slide-jam"));
    let mut rng = TableRng::new(801);
    let all: Vec<crate::pieces::Piece> = crate::pieces::Piece::all();
    for _ in 0..500 {
        // 0, 3, ... 24 tiles left, any of them.
        let left = 3 * rng.below(9) as usize;
        let mut tiles = all.clone();
        rng.shuffle(&mut tiles);
        tiles.truncate(left);
        let typed: Vec<String> = if tiles.is_empty() {
            vec!["none".into()]
        } else {
            tiles.iter().map(|t| t.to_string()).collect()
        };
        let rust = score(Room::SlideJam, &typed).unwrap().total;
        let ranks = tiles.iter().map(|t| t.rank.index() as i64).collect();
        assert_eq!(
            total(&s, vec![Value::List(ranks)]),
            i64::from(rust),
            "{typed:?}"
        );
    }
}

#[test]
fn magic_mirror_scored_by_its_sheet_and_by_score_agree() {
    let s = sheet(Some("magic-mirror"));
    let mut rng = TableRng::new(802);
    for _ in 0..500 {
        // Twelve tiles of a side: pairs by kinship, the rest left.
        let mut counts = [0u32; 4];
        for _ in 0..12 {
            counts[rng.below(4) as usize] += 1;
        }
        let typed: Vec<String> = ["twins", "cousins", "distant", "strangers"]
            .iter()
            .zip(counts)
            .map(|(k, n)| format!("{k}={n}"))
            .collect();
        let rust = score(Room::MagicMirror, &typed).unwrap().total;
        let entries = counts
            .iter()
            .map(|&n| Value::Number(i64::from(n)))
            .collect();
        assert_eq!(total(&s, entries), i64::from(rust), "{typed:?}");
    }
}

#[test]
fn a_run_summed_by_its_sheet_and_by_the_scorecard_agree() {
    let s = sheet(None);
    let mut rng = TableRng::new(803);
    for _ in 0..500 {
        let mut run = Run::new("2026-12-07".into());
        let mut entries = Vec::new();
        for room in Room::ALL {
            let points = rng.below(61) as u32;
            entries.push(Value::Number(i64::from(points)));
            run.record(
                room,
                super::score::Score {
                    room: room.id().to_string(),
                    inputs: Vec::new(),
                    terms: vec![super::score::Term {
                        label: "points".into(),
                        points,
                    }],
                    total: points,
                },
            );
        }
        assert_eq!(total(&s, entries), i64::from(run.total()));
    }
}

/// The Catwalk: each coin of a suit falls off a tile of any value, or
/// reaches the end; `score catwalk 5xn 4xn nx3` and the sheet (coins by
/// the tile they fell from, and how many fell) agree.
#[test]
fn catwalk_scored_by_its_sheet_and_by_score_agree() {
    let s = sheet(Some("catwalk"));
    let mut rng = TableRng::new(804);
    for _ in 0..500 {
        let mut typed = Vec::new();
        // The coins that fell, by the value of the tile (null and ace
        // tiles both count 1: one row).
        let mut off: [Vec<i64>; 5] = Default::default();
        for coin in crate::pieces::Rank::ALL {
            if rng.below(3) == 0 {
                continue; // it reached the end
            }
            let tile = crate::pieces::Rank::ALL[rng.below(6) as usize];
            typed.push(format!("{coin}x{tile}"));
            off[usize::from(tile.index().max(1)) - 1].push(i64::from(coin.index()));
        }
        let fell = typed.len() as i64;
        if typed.is_empty() {
            typed.push("none".into());
        }
        let rust = score(Room::Catwalk, &typed).unwrap().total;
        let mut entries: Vec<Value> = off.into_iter().map(Value::List).collect();
        entries.push(Value::Number(fell));
        assert_eq!(total(&s, entries), i64::from(rust), "{typed:?}");
    }
}

/// Roll Out the Barrels, Whack-a-Dummy and Trampo-Land: every input
/// their `score` takes, scored by the sheet the same.
#[test]
fn barrels_whack_and_trampo_scored_by_their_sheets_and_by_score_agree() {
    let barrels = sheet(Some("roll-out-the-barrels"));
    for steps in 0..=8 {
        let rust = score(Room::Barrels, &[steps.to_string()]).unwrap().total;
        assert_eq!(total(&barrels, vec![Value::Number(steps)]), i64::from(rust));
    }
    let whack = sheet(Some("whack-a-dummy"));
    for done in [true, false] {
        for penalties in [0, 1, 2, 7, 1000] {
            let typed = [
                if done { "complete" } else { "incomplete" }.to_string(),
                format!("penalties={penalties}"),
            ];
            let rust = score(Room::WhackADummy, &typed).unwrap().total;
            let entries = vec![Value::Number(i64::from(done)), Value::Number(penalties)];
            assert_eq!(total(&whack, entries), i64::from(rust), "{typed:?}");
        }
    }
    let trampo = sheet(Some("trampo-land"));
    for kids in 0..=9 {
        for adults in 0..=4 {
            let typed = [format!("kids={kids}"), format!("adults={adults}")];
            let rust = score(Room::TrampoLand, &typed).unwrap().total;
            let entries = vec![Value::Number(kids), Value::Number(adults)];
            assert_eq!(total(&trampo, entries), i64::from(rust), "{typed:?}");
        }
    }
}
