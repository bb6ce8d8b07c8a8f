//! #62 item 2: `stats` over the filed pads: each person's win rate with
//! its 95% Wilson interval, rival and nemesis, each seat's record with a
//! sentence on whether the sample can tell, solitaire plays apart.

use crate::common::{self, said};

#[test]
fn stats_tell_win_rates_rivals_and_seats_word_for_word() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        said(d, "stats").0,
        "no plays yet: each pad filed (`pad end`) and each followed game that ends is a play\n"
    );
    for i in 1..=5 {
        common::run_ok(
            d,
            &[
                "pad new hearts ann ben cat",
                &format!("pad {} {} 5", i * 3, i * 2),
                "pad end",
            ],
        );
    }
    common::run_ok(d, &["pad new patience ann", "pad 12", "pad end"]);
    let (out, err, code) = said(d, "stats");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "hearts\n\
         ann: 5 plays, 4 won: 80% (38% to 96%); average 9.0, best 15; lost most to cat (1)\n\
         ben: 5 plays, 0 won: 0% (0% to 43%); average 6.0, best 10; lost most to ann (4); nemesis ann, ahead in 4 of 5\n\
         cat: 5 plays, 1 won: 20% (4% to 62%); average 5.0, best 5; lost most to ann (4); nemesis ann, ahead in 4 of 5\n\
         with 3 players, the first player won 80% (38% to 96%) of 5 games: 5 games cannot tell\n\
         with 3 players, the second player won 0% (0% to 43%) of 5 games: 5 games cannot tell\n\
         with 3 players, the third player won 20% (4% to 62%) of 5 games: 5 games cannot tell\n\
         solitaire\n\
         ann played patience 1 time, won 1: average 12.0, best 12\n"
    );
    // One person: their rows; one game: its plays.
    let (out, _, _) = said(d, "stats Ben");
    assert!(
        out.contains("ben: 5 plays, 0 won") && !out.contains("ann: 5 plays"),
        "{out}"
    );
    assert!(!out.contains("solitaire"), "{out}");
    let (out, _, _) = said(d, "stats patience");
    assert_eq!(
        out,
        "solitaire\nann played patience 1 time, won 1: average 12.0, best 12\n"
    );
    // JSON carries the interval itself.
    let (out, _, _) = said(d, "--json stats hearts");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let ann = &v["data"]["people"][0];
    assert_eq!(ann["person"], "ann");
    assert_eq!(ann["record"]["wins"], 4);
    assert!((ann["record"]["low"].as_f64().unwrap() - 0.3755).abs() < 5e-4);
    // 38% to 96% clears a fair third, but 5 games cannot tell (#78).
    assert_eq!(v["data"]["seats"][0]["verdict"], "cannot-tell");
    // A game mistyped is suggested.
    let (_, err, code) = said(d, "stats heart");
    assert_eq!(
        (err.as_str(), code),
        (
            "error: 'heart' is neither a game played nor a person who played (did you mean 'hearts'?)\n",
            1
        )
    );
}

/// #62 item 3: OpenSkill ratings (Plackett-Luce), shown after 5 plays,
/// each with how the last play moved it. One play of three fresh people
/// gives the reference's values (openskill 6.2): 27.795 / 26.553 /
/// 24.689 for first, second and third of four, here of three.
#[test]
fn stats_ratings_rank_the_table_after_five_plays() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (a, b, c) in [(9, 5, 1), (8, 6, 2), (7, 3, 5), (9, 2, 4), (6, 5, 1)] {
        common::run_ok(
            d,
            &[
                "pad new hearts ann ben cat",
                &format!("pad {a} {b} {c}"),
                "pad end",
            ],
        );
    }
    common::run_ok(d, &["pad new hearts ann dan", "pad 1 2", "pad end"]);
    let (out, err, code) = said(d, "stats ratings");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "hearts: OpenSkill ratings (rank by the lower end, mu - 3 sigma)"
    );
    assert!(lines[1].starts_with("1. ann: "), "{out}");
    assert!(
        lines[1].contains("after 6 plays; the last moved it -"),
        "{out}"
    );
    assert!(
        lines[2].starts_with("2. ben: ") && lines[3].starts_with("3. cat: "),
        "{out}"
    );
    assert_eq!(lines[4], "rated after 5 plays: dan (1 of 5)");
    let (out, _, _) = said(d, "--json stats ratings hearts");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let dan = v["data"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["person"] == "dan")
        .unwrap();
    // Dan beat a rated Ann once: up from 25 with sigma shrunk.
    assert!(dan["rating"]["mu"].as_f64().unwrap() > 25.0);
    assert!(dan["rating"]["sigma"].as_f64().unwrap() < 25.0 / 3.0);
    let (_, err, _) = said(d, "stats ratings hearts ann");
    assert_eq!(
        err,
        "error: 'ann': stats ratings takes one game at most (stats ratings hearts)\n"
    );
}

/// #62 item 1: a followed game that ends is a play of the person the
/// table seated, kept in the store: `stats` counts it, `export` holds it,
/// and `undo` of the move that ended it takes it off again.
#[test]
fn a_followed_game_that_ends_is_a_play_until_undone() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players Ann", "--seed 4 setup lab-rats"]);
    let solved = common::run_out(d, &["solve", "lab-rats"]);
    let moves: Vec<&str> = solved
        .split('(')
        .filter_map(|s| s.split_once(')').map(|(m, _)| m))
        .filter(|m| m.starts_with("rats "))
        .collect();
    let (last, before) = moves.split_last().expect("a way out");
    for m in before {
        common::run_ok(d, &[*m]);
    }
    assert!(said(d, "stats").0.starts_with("no plays yet"));
    let (out, err, code) = said(d, last);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("you win"), "{out}");
    assert_eq!(
        said(d, "stats").0,
        "solitaire\nAnn played Lab Rats 1 time, won 1: average 15.0, best 15\n"
    );
    assert_eq!(said(d, "stats lab-rats").0, said(d, "stats Ann").0);
    let export: serde_json::Value = serde_json::from_str(&common::run_out(d, &["export"])).unwrap();
    let play = &export["plays"][0];
    assert_eq!(
        (
            &play["game"],
            &play["people"],
            &play["scores"],
            &play["winners"],
            &play["lower"]
        ),
        (
            &serde_json::json!("lab-rats"),
            &serde_json::json!(["Ann"]),
            &serde_json::json!([15]),
            &serde_json::json!([0]),
            &serde_json::json!(true)
        )
    );
    common::run_ok(d, &["undo"]);
    assert!(said(d, "stats").0.starts_with("no plays yet"));
    assert!(common::run_out(d, &["export"]).find("\"plays\"").is_none());
    // Played again to the end: one play, not two.
    common::run_ok(d, &[*last]);
    let mut export: serde_json::Value =
        serde_json::from_str(&common::run_out(d, &["export"])).unwrap();
    assert_eq!(export["plays"].as_array().map(Vec::len), Some(1));
    // An export made before plays were kept has none: importing it makes
    // them from its records, as the migration does.
    export.as_object_mut().unwrap().remove("plays");
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("old.json");
    std::fs::write(&file, export.to_string()).unwrap();
    let e = elsewhere.path();
    common::run_ok(e, &[format!("import {}", file.display()).as_str()]);
    assert_eq!(said(e, "stats").0, said(d, "stats").0);
}

/// #62 item 5: plays travel to BG Stats and a plays CSV and back, word
/// for word: each file imported twice files each play once, `undo` takes
/// an import back, and a damaged file is refused naming the place (the
/// binary, fed junk, never panics).
#[test]
fn plays_travel_as_bg_stats_and_csv_and_come_back_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players Ann Ben Cat"]);
    for (a, b, c) in [(1, 5, 3), (9, 2, 4)] {
        common::run_ok(
            d,
            &[
                "pad new golf ann ben cat lower wins",
                &format!("pad {a} {b} {c}"),
                "pad end",
            ],
        );
    }
    let json = d.join("plays.json");
    let csv = d.join("plays.csv");
    assert_eq!(
        said(d, &format!("stats export {}", json.display())).0,
        format!(
            "wrote 2 plays to {} (BG Stats' play file)\n",
            json.display()
        )
    );
    common::run_ok(d, &[format!("stats export {}", csv.display()).as_str()]);
    let text = std::fs::read_to_string(&csv).unwrap();
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0].join(","),
        "play_id,date,game,location,length,name,startposition,score,win,cooperative,lowest_wins"
    );
    // Past the play's id and date: the rows as the pad filed them.
    let tails: Vec<String> = rows[1..].iter().map(|r| r[2..].join(",")).collect();
    assert_eq!(
        tails,
        [
            "golf,,,Ann,1,1,1,0,1",
            "golf,,,Ben,2,5,0,0,1",
            "golf,,,Cat,3,3,0,0,1",
            "golf,,,Ann,1,9,0,0,1",
            "golf,,,Ben,2,2,1,0,1",
            "golf,,,Cat,3,4,0,0,1",
        ]
    );
    let stats = said(d, "stats").0;
    // Elsewhere: each file files the plays once between them.
    let other = tempfile::tempdir().unwrap();
    let e = other.path();
    assert_eq!(
        said(e, &format!("stats import {}", json.display())).0,
        format!("filed 2 plays from {}\n", json.display())
    );
    assert_eq!(
        said(e, &format!("stats import {}", csv.display())).0,
        format!(
            "all 2 plays in {} were filed already: nothing new\n",
            csv.display()
        )
    );
    assert_eq!(said(e, "stats").0, stats);
    common::run_ok(e, &["undo"]);
    assert!(said(e, "stats").0.starts_with("no plays yet"));
    common::run_ok(e, &[format!("stats import {}", csv.display()).as_str()]);
    assert_eq!(said(e, "stats").0, stats);
    // Damaged files: refused, naming the place; nothing filed.
    let bad = d.join("bad.csv");
    std::fs::write(&bad, "date,game,name,score\n2026-11-28,golf,Ann,x\n").unwrap();
    assert_eq!(
        said(e, &format!("stats import {}", bad.display())).1,
        format!(
            "error: {} is not a BoardGameGeek-style plays CSV: line 2, score: 'x' is not a whole number\n",
            bad.display()
        )
    );
    let mut seed = 7u64;
    let base = std::fs::read(&json).unwrap();
    for round in 0..40 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut bytes = base.clone();
        let at = (seed >> 33) as usize % bytes.len();
        bytes[at] = (seed >> 20) as u8;
        bytes.truncate(((seed >> 40) as usize % bytes.len()).max(1));
        let name = if round % 2 == 0 {
            "junk.json"
        } else {
            "junk.csv"
        };
        let file = d.join(name);
        std::fs::write(&file, &bytes).unwrap();
        let (_, err, code) = said(e, &format!("stats import {}", file.display()));
        assert!(
            code == 0 || err.starts_with("error: "),
            "{round}: {code} {err}"
        );
    }
    assert_eq!(said(e, "stats").0, stats, "junk files filed nothing");
}

/// #62 item 2's picture: `stats --out stats.svg` draws each win rate with
/// its interval, a row a person and a row a seat, the numbers written
/// beside (it reads without colour); only `stats` is drawn.
#[test]
fn stats_draws_win_rates_with_their_intervals() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for i in 1..=5 {
        common::run_ok(
            d,
            &[
                "pad new hearts ann ben cat",
                &format!("pad {} {} 5", i * 3, i * 2),
                "pad end",
            ],
        );
    }
    let file = d.join("stats.svg");
    let (out, err, code) = said(d, &format!("stats --out {}", file.display()));
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("hearts\nann: 5 plays, 4 won"), "{out}");
    let svg = std::fs::read_to_string(&file).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    for want in [
        "hearts",
        "ann",
        "4 of 5: 80% (38% to 96%)",
        "ben",
        "0 of 5: 0% (0% to 43%)",
        "seat 1 of 3",
    ] {
        assert!(texts.contains(&want), "{want} in {texts:?}");
    }
    let dots = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .count();
    assert_eq!(dots, 3 + 3, "a dot a person and a seat");
    // Written once; over it only with --force.
    let again = said(d, &format!("stats --out {}", file.display()));
    assert_eq!(
        again.1,
        format!(
            "error: {} exists: add --force to overwrite it\n",
            file.display()
        )
    );
    common::run_ok(
        d,
        &[format!("stats --out {} --force", file.display()).as_str()],
    );
    assert_eq!(
        said(d, &format!("stats ratings --out {}", file.display())).1,
        "error: --out draws the win rates of `stats` (stats --out stats.svg), not of `stats ratings`\n"
    );
}

/// Time per turn: the table's clock (`turn`) since the last play is kept
/// with the next one filed, per person; `stats` gives seconds a turn.
#[test]
fn a_play_keeps_each_ones_time_on_the_tables_clock() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players Ann Ben", "pad new hearts", "turn"]);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    common::run_ok(d, &["turn", "turn", "pad 3 5", "pad end"]);
    let export: serde_json::Value = serde_json::from_str(&common::run_out(d, &["export"])).unwrap();
    let play = &export["plays"][0];
    assert_eq!(play["turns"], serde_json::json!([1, 1]), "{play}");
    assert!(play["seconds"][0].as_u64().unwrap() >= 1, "{play}");
    let v: serde_json::Value = serde_json::from_str(&said(d, "--json stats").0).unwrap();
    assert!(
        v["data"]["people"][0]["per_turn"].as_f64().unwrap() >= 1.0,
        "{v}"
    );
    assert!(said(d, "stats").0.contains(" a turn"));
    // The next play counts from here: a pad filed with no turn has none.
    common::run_ok(d, &["pad new hearts", "pad 1 2", "pad end"]);
    let export: serde_json::Value = serde_json::from_str(&common::run_out(d, &["export"])).unwrap();
    assert!(
        export["plays"][1].get("seconds").is_none(),
        "{}",
        export["plays"][1]
    );
}

/// #77 item 4: `stats import` is bounded. A plays file past 8 MiB is
/// refused before it is read (a 45 MB CSV ran a minute at 578 MB), and a
/// game named in more characters than any table writes is refused, not
/// filed and printed whole by `stats`; nothing is filed either way.
#[test]
fn a_plays_file_past_its_bounds_is_refused_and_files_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let big = d.join("big.csv");
    let mut text = String::from("date,game,name,win\n");
    while text.len() <= 8 << 20 {
        text.push_str("2026-12-01,hearts,ann,1\n");
    }
    std::fs::write(&big, &text).unwrap();
    let (_, err, code) = said(d, &format!("stats import {}", big.display()));
    assert_eq!(code, 1);
    assert_eq!(
        err.replace("\n  ", " "),
        format!(
            "error: {} is refused: {} bytes, more than the 8 MiB a plays file may be (ten years of a table's plays is a few MB)\n",
            big.display(),
            text.len()
        )
    );
    let long = d.join("long.csv");
    let game = "h".repeat(500);
    std::fs::write(
        &long,
        format!("date,game,name,win\n2026-12-01,hearts,ann,1\n2026-12-02,{game},ann,1\n"),
    )
    .unwrap();
    let (_, err, code) = said(d, &format!("stats import {}", long.display()));
    assert_eq!(code, 1);
    assert_eq!(
        err.replace("\n  ", " "),
        format!(
            "error: {} is refused: play 2's game is named in 500 characters, more than 120\n",
            long.display()
        )
    );
    assert_eq!(
        said(d, "stats").0,
        "no plays yet: each pad filed (`pad end`) and each followed game that ends is a play\n"
    );
}
