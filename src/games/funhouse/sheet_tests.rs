//! The Funhouse's scoring read twice (#80 item 3): the Rust scorers of
//! `score ROOM` and the run, and the score sheets the rule file holds
//! (`pad new slide-jam`, `pad new magic-mirror`, `pad new funhouse`),
//! agreeing on random rooms and runs.

use super::room::Room;
use super::run::Run;
use super::score::score;
use crate::random::TableRng;
use crate::sheet::formula::Value;
use crate::sheet::{Entries, Sheet, SheetSpec};

/// The rule file's sheet of the game (`None`) or of a room.
fn sheet(part: Option<&str>) -> Sheet {
    #[derive(serde::Deserialize)]
    struct Part {
        id: String,
        #[serde(default)]
        scoring: Option<SheetSpec>,
    }
    #[derive(serde::Deserialize)]
    struct File {
        scoring: SheetSpec,
        parts: Vec<Part>,
    }
    let file: File =
        serde_yaml::from_str(include_str!("../../../rules/epic-funhouse.yaml")).unwrap();
    let spec = match part {
        None => file.scoring,
        Some(id) => file
            .parts
            .into_iter()
            .find(|p| p.id == id)
            .and_then(|p| p.scoring)
            .unwrap(),
    };
    Sheet::new(spec).unwrap()
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
