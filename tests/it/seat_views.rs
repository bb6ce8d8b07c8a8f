//! #59: each seat sees its own. A seat's page shows the game's view for
//! the seat its person sits in (their dice under the cup, no one else's),
//! and makes the moves that are theirs; the table's screen, its JSON and
//! every record show no hidden die.

use std::path::Path;

use crate::common::{self, run};
use crate::serve::{events, get, next_table, seat_post, serve};

/// The game as saved, read from `export` (what the test knows and no
/// screen may show).
fn cups(d: &Path) -> Vec<Vec<u8>> {
    let out = run(d, &["export", "--secrets"], None).out;
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    serde_json::from_value(doc["liars_dice"]["cups"].clone()).unwrap()
}

/// The dice drawn face up in an SVG picture: a die's group holds its
/// face's number; a die under a cup is drawn blank.
fn faces_in(svg: &str) -> usize {
    svg.split("<g class=\"piece die\"")
        .skip(1)
        .filter(|g| {
            let g = &g[..g.find("</g>").unwrap_or(g.len())];
            (1..=6).any(|f| g.contains(&format!(">{f}</text>")))
        })
        .count()
}

/// The seat's own section of a page or event.
fn yours(html: &str) -> &str {
    let start = html
        .find("data-key=\"yours\"")
        .unwrap_or_else(|| panic!("no seat part: {html}"));
    let end = html[start..].find("</section>").unwrap() + start;
    &html[start..end]
}

#[test]
fn each_seat_sees_its_own_cup_and_moves_only_on_its_turn() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players ann ben cy", "--seed 5 setup liars-dice"]);
    let cups = cups(d);
    assert_eq!(cups.len(), 3);
    let server = serve(d, &[]);
    let port = server.port;
    let (ann, ben, cy) = (server.seat("ann"), server.seat("ben"), server.seat("cy"));

    // Each seat's page leads with its own part: its cup face up.
    for (secret, seat) in [(&ann, 0), (&ben, 1), (&cy, 2)] {
        let (code, _, page) = get(port, &format!("/seat?s={secret}"));
        assert_eq!(code, 200);
        let part = yours(&page);
        assert_eq!(faces_in(part), cups[seat].len(), "{part}");
        let standing = if seat == 0 {
            "Your move: `liars bid QUANTITY FACE` opens the round"
        } else {
            "ann&#39;s move"
        };
        assert!(part.contains(standing), "{part}");
        // Only the seat whose move it is gets its moves.
        assert_eq!(
            part.contains("<datalist id=\"moves\">"),
            seat == 0,
            "{part}"
        );
    }
    // The table's screen and its JSON show no die's face and no seat part.
    let (_, _, tv) = get(port, "/");
    assert!(!tv.contains("data-key=\"yours\""), "{tv}");
    assert_eq!(faces_in(&tv), 0, "{tv}");
    let (_, _, json) = get(port, "/state.json");
    assert!(
        !json.contains("yours") && !json.contains("\"cups\""),
        "{json}"
    );
    // The screen's legend: whose each row of cups is, in the table's names.
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        v["game"]["legend"],
        serde_json::json!([["ann", "cup a"], ["ben", "cup b"], ["cy", "cup c"]])
    );

    let mut ben_stream = events(port, &format!("?s={ben}"));
    next_table(&mut ben_stream);

    // Not ben's move: refused with the reason, nothing changed.
    let (code, a) = seat_post(port, &ben, "/seat/move", r#"{"line":"liars bid 3 4"}"#);
    assert_eq!(code, 422, "{a}");
    assert_eq!(a["said"], "it is ann's move, not ben's: wait for your turn");
    // A seat's move is a move of the game, nothing else.
    let (code, a) = seat_post(port, &ann, "/seat/move", r#"{"line":"export"}"#);
    assert_eq!(code, 422, "{a}");
    assert_eq!(
        a["said"],
        "'export' is not a move in a game: a seat's moves are the game's own words (the moves shown), and rolls, scores and the turn have their own buttons"
    );
    let (code, a) = seat_post(port, &ann, "/seat/move", r#"{"line":"players remove ben"}"#);
    assert_eq!(code, 422, "{a}");
    assert_eq!(
        a["said"],
        "`players` is not a move in the game the table is playing: a seat moves only in the table's game (`setup GAME` at the terminal)"
    );
    let (code, a) = seat_post(port, &ann, "/seat/move", r#"{"line":"  "}"#);
    assert_eq!(code, 422, "{a}");
    assert_eq!(
        a["said"],
        "say a move in the game's own words, or tap one of the moves shown"
    );
    let (code, a) = seat_post(port, &ann, "/seat/move", r#"{"expr":"liars bid 3 4"}"#);
    assert_eq!(code, 400, "{a}");
    assert_eq!(
        a["said"],
        "roll takes expr, pad takes score, move takes line, turn and undo take nothing"
    );
    let (code, a) = seat_post(port, &ann, "/seat/mvoe", r#"{"line":"liars bid 3 4"}"#);
    assert_eq!(code, 404, "{a}");
    assert_eq!(a["said"], "a seat can roll, pad, move, turn or undo");
    let (code, a) = seat_post(port, &ann, "/seat/move", r#"{"line":"liars bdi 3 4"}"#);
    assert_eq!(code, 422, "{a}");
    assert_eq!(
        a["said"],
        "'bdi' is not a word of liars: did you mean `bid`?"
    );
    let (code, a) = seat_post(port, &ann, "/seat/move", r#"{"line":"liars bid 3 9"}"#);
    assert_eq!(code, 422, "{a}");
    assert_eq!(a["said"], "'9' is not a face: 1 to 6");
    let games = run(d, &["--json", "games"], None).out;
    assert!(games.contains("\"moves\":0"), "{games}");

    // Ann's move: taken, and her answer shows her own cup.
    let (code, a) = seat_post(port, &ann, "/seat/move", r#"{"line":"liars bid 3 4"}"#);
    assert_eq!(code, 200, "{a}");
    let said = a["said"].as_str().unwrap();
    assert!(said.starts_with("ann bids 3 × 4s\n"), "{said}");
    let own: Vec<String> = cups[0].iter().map(u8::to_string).collect();
    assert!(
        said.contains(&format!("your cup: {}", own.join(" "))),
        "{said}"
    );
    // No file or list shows a cup or the seed the cups come from while
    // the game is on (#59 item 3): not `export`, `games`, nor a record
    // written as PPN.
    let secret = run(d, &["export", "--secrets"], None).out;
    let doc: serde_json::Value = serde_json::from_str(&secret).unwrap();
    let seed = doc["liars_dice"]["seed"].as_u64().unwrap().to_string();
    let export = run(d, &["export"], None);
    assert!(!export.out.contains("\"liars_dice\""), "{}", export.out);
    assert!(!export.out.contains(&seed), "{}", export.out);
    assert!(
        export
            .err
            .contains("the Liar's Dice game in play is left out"),
        "{}",
        export.err
    );
    let games = run(d, &["--json", "games"], None).out;
    assert!(
        games.contains("deal=sealed") && !games.contains(&seed),
        "{games}"
    );
    let ppn = d.join("game.ppn");
    let r = run(d, &["replay", "1", "--out", ppn.to_str().unwrap()], None);
    assert_eq!(r.code, 0, "{}", r.err);
    let text = std::fs::read_to_string(&ppn).unwrap();
    assert!(
        text.contains("deal=sealed") && !text.contains(&seed),
        "{text}"
    );
    // Ben's page follows: his move now, his own cup, never ann's.
    let html = next_table(&mut ben_stream);
    let part = yours(&html);
    assert!(part.contains("Your move:"), "{part}");
    assert_eq!(faces_in(part), cups[1].len(), "{part}");
    assert!(html.contains("ann: liars bid 3 4"), "{html}");
    assert!(
        !html.contains(&own.join(" ")) || cups[0] == cups[1],
        "{html}"
    );
    // Ben asks the odds from his own cup, then calls.
    let (code, a) = seat_post(port, &ben, "/seat/move", r#"{"line":"liars odds"}"#);
    assert_eq!(code, 200, "{a}");
    assert!(
        a["said"].as_str().unwrap().contains("from ben's cup"),
        "{a}"
    );
    let (code, a) = seat_post(port, &ben, "/seat/move", r#"{"line":"liars challenge"}"#);
    assert_eq!(code, 200, "{a}");
    let said = a["said"].as_str().unwrap();
    assert!(said.contains("the cups are lifted: ann "), "{said}");
    // The record says who made each move, and replays.
    let games = run(d, &["games"], None).out;
    assert!(games.contains("2 moves"), "{games}");
    let first = run(d, &["replay", "1", "to", "1"], None).out;
    assert!(first.contains("ann: liars bid 3 4"), "{first}");
    let last = run(d, &["replay", "1", "last"], None).out;
    assert!(last.contains("ben: liars challenge"), "{last}");
}

/// What a seat may see, held across every view at once (the promise
/// #59 made, tested as `one_table` tests whose turn it is): through the
/// first round of random tables of 2 to 5 playing Liar's Dice, bids made
/// from the seats and from the terminal at random, no view shows a die
/// but to its owner: not the TV page, not `/state.json`, not another
/// seat's page, not `export`, `games` or the moves' answers.
#[test]
fn no_view_shows_a_cup_but_to_its_owner_through_a_round() {
    for case in 0..6u64 {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let n = 2 + (case % 4) as usize;
        let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
        common::run_ok(
            d,
            &[
                &format!("players {}", names.join(" ")),
                &format!("--seed {} setup liars-dice", 11 + case),
            ],
        );
        let cups = cups(d);
        let server = serve(d, &[]);
        let port = server.port;
        let secrets: Vec<String> = names.iter().map(|p| server.seat(p)).collect();
        let mut x = case * 7919 + 1;
        let mut next = |m: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % m
        };
        for step in 1..=5u64 {
            // The mover bids one more die than stands, on a face 2 to 6.
            let doc: serde_json::Value =
                serde_json::from_str(&run(d, &["export", "--secrets"], None).out).unwrap();
            let game = &doc["liars_dice"];
            let mover = game["to_move"].as_u64().unwrap() as usize;
            let quantity = game["bid"]["quantity"].as_u64().unwrap_or(0) + 1;
            let face = 2 + next(5);
            let line = format!("liars bid {quantity} {face}");
            let said = if next(2) == 0 {
                let body = format!("{{\"line\":\"{line}\"}}");
                let (code, a) = seat_post(port, &secrets[mover], "/seat/move", &body);
                assert_eq!(code, 200, "case {case} step {step}: {a}");
                a["said"].as_str().unwrap().to_string()
            } else {
                let r = run(d, &line.split(' ').collect::<Vec<_>>(), None);
                assert_eq!(r.code, 0, "case {case} step {step}: {}", r.err);
                r.out
            };
            let context = format!("case {case} step {step} ({line})");
            // A move's answer shows only the mover's own cup, if any.
            for (seat, cup) in cups.iter().enumerate() {
                let shown: Vec<String> = cup.iter().map(u8::to_string).collect();
                if seat != mover && cup != &cups[mover] {
                    assert!(
                        !said.contains(&format!("cup: {}", shown.join(" "))),
                        "{context}: {said}"
                    );
                }
            }
            // The TV: no die face up while the round is on.
            let (_, _, tv) = get(port, "/");
            assert_eq!(faces_in(&tv), 0, "{context}: the TV shows a die");
            let (_, _, state) = get(port, "/state.json");
            assert!(!state.contains("\"cups\""), "{context}: {state}");
            // Each seat: its own cup, and no one else's.
            for (seat, secret) in secrets.iter().enumerate() {
                let (code, _, page) = get(port, &format!("/seat?s={secret}"));
                assert_eq!(code, 200);
                let own = yours(&page);
                assert_eq!(faces_in(own), cups[seat].len(), "{context}: seat {seat}");
                let rest = page.replace(own, "");
                assert_eq!(
                    faces_in(&rest),
                    0,
                    "{context}: seat {seat} sees another's die"
                );
            }
            // Files and lists: nothing of the cups, nor their seed.
            let seed = game["seed"].as_u64().unwrap().to_string();
            let export = run(d, &["export"], None).out;
            assert!(
                !export.contains("\"liars_dice\"") && !export.contains(&seed),
                "{context}"
            );
            let games = run(d, &["--json", "games"], None).out;
            assert!(!games.contains(&seed), "{context}: {games}");
        }
    }
}
