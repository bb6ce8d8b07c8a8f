//! Score sheets from rule files (#80), through the binary: a game of
//! Yacht entered dice by dice, Five Hundred Rum and Casino by rounds, a
//! sheet of the user's own from `--rules`, and every slip refused by
//! name with nothing changed.

use super::common;

use std::path::Path;

use common::run;

/// Run `line` (split on spaces); it must succeed; its output.
fn ok(data: &Path, line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let r = run(data, &words, None);
    assert_eq!(r.code, 0, "`{line}` failed: {}", r.err);
    r.out
}

/// The rule file's first worked example, entered at the pad.
const ANN: &str = "pad ann ones 1 1 1 4 5 twos 2 2 2 3 6 threes 3 3 3 1 2 fours 4 4 4 5 5 fives 5 5 5 1 1 sixes 6 6 6 2 2 full-house 3 3 5 5 5 four-of-a-kind 6 6 6 6 2 little-straight 1 2 3 4 5 big-straight 2 3 4 5 5 choice 6 6 5 4 3 yacht 4 4 4 4 4";
const BEN: &str = "pad ben ones 1 1 3 4 5 twos 2 2 2 2 6 threes 3 3 3 3 2 fours 4 4 4 5 5 fives 5 5 5 1 1 sixes 6 6 6 2 2 full-house 5 5 5 5 5 four-of-a-kind 5 5 5 5 5 little-straight 1 2 3 4 5 big-straight 2 3 4 5 6 choice 6 6 6 6 5 yacht 1 2 3 4 5";

#[test]
fn a_game_of_yacht_on_its_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "players ann ben");
    assert!(
        ok(d, "pad new yacht").starts_with("new pad: yacht\nyacht: score sheet, higher wins\n")
    );
    assert_eq!(
        ok(d, "pad ann ones 1 1 1 4 5 full-house 3 3 5 5 5"),
        "ann ones 1 1 1 4 5: 3, full house 3 3 5 5 5: 21\n\
         yacht: score sheet, higher wins\n\
         \x20               ann ben\n\
         ones              3   -\n\
         twos              -   -\n\
         threes            -   -\n\
         fours             -   -\n\
         fives             -   -\n\
         sixes             -   -\n\
         upper (1s-6s)     -   -\n\
         bonus             -   -\n\
         full house       21   -\n\
         four of a kind    -   -\n\
         little straight   -   -\n\
         big straight      -   -\n\
         choice            -   -\n\
         yacht             -   -\n\
         total            24   -\n\
         place           1st   -\n\
         ann leads with 24\n"
    );
    // A fix changes an entry and says what it was.
    assert!(
        ok(d, "pad fix ann ones 1 1 1 1 1").starts_with("ann ones 1 1 1 4 5 -> 1 1 1 1 1: 5\n")
    );
    ok(d, "pad fix ann ones 1 1 1 4 5");
    ok(d, "undo");
    ok(d, "pad fix ann ones 1 1 1 4 5");
    let rest: Vec<&str> = ANN.split(" twos ").collect();
    ok(
        d,
        &format!("pad ann twos {}", rest[1]).replace("full-house 3 3 5 5 5 ", ""),
    );
    let over = ok(d, BEN);
    assert!(
        over.contains("\ngame over: ann wins with 247 (`pad end` files it)\n"),
        "{over}"
    );
    assert!(
        over.ends_with(
            "upper (1s-6s)    63  67\n\
             bonus            35  35\n\
             full house       21   0\n\
             four of a kind   24  20\n\
             little straight  30  30\n\
             big straight      0  30\n\
             choice           24  29\n\
             yacht            50   0\n\
             total           247 211\n\
             place           1st 2nd\n"
        ),
        "{over}"
    );
    // Over: nothing more is entered, but a fix may still be made.
    let r = run(d, &["pad", "ann", "choice", "1", "1", "1", "1", "1"], None);
    assert_eq!(
        r.err,
        "error: the game is over (every entry is in; ann won): `pad end` files it, `pad fix` corrects an entry\n"
    );
    let json: serde_json::Value = serde_json::from_str(&ok(d, "--json pad")).unwrap();
    assert_eq!(json["data"]["totals"], serde_json::json!([247, 211]));
    assert_eq!(json["data"]["worked"]["places"], serde_json::json!([1, 2]));
    assert_eq!(
        json["data"]["worked"]["rows"][7]["scores"],
        serde_json::json!([35, 35])
    );
    assert_eq!(ok(d, "pad end"), "yacht filed as game 1; won by ann\n");
    assert_eq!(
        ok(d, "pad history"),
        "game 1, 2026-12-07: yacht, 2 players, 24 entries; won by ann\n"
            .replace("2026-12-07", &today(d))
    );
}

fn today(d: &Path) -> String {
    let json: serde_json::Value = serde_json::from_str(&ok(d, "--json pad history")).unwrap();
    json["data"]["games"][0]["ended"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn rum_and_casino_by_rounds_to_their_targets() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "pad new rum ann ben");
    assert_eq!(
        ok(d, "pad ann melded 85 in-hand 0"),
        "round 1: ann melded 85, in hand 0\n\
         five-hundred-rum: score sheet, 1 round, higher wins, to 500\n\
         \x20           ann ben\n\
         melded (+)   85   -\n\
         in hand (-)   0   -\n\
         hand score   85   -\n\
         total        85   -\n\
         place       1st   -\n\
         ann leads with 85; ann 415 from 500\n"
    );
    // Below zero, then a round each until ann passes 500.
    assert!(ok(d, "pad ben melded 20 in-hand 34").contains("hand score   85 -14\n"));
    ok(d, "pad ann melded 300 in-hand 0");
    ok(d, "pad ben melded 95 in-hand 0");
    let reached = ok(d, "pad ann melded 200 in-hand 5");
    assert!(
        reached.ends_with(
            "ann leads with 580; ann reached 500: the game ends when round 3 is complete\n"
        ),
        "{reached}"
    );
    assert!(ok(d, "pad ben melded 60 in-hand 5").contains("game over: ann wins with 580"));
    assert!(ok(d, "pad fix 3 ann in-hand 0").starts_with("round 3: ann in hand 5 -> 0\n"));
    let r = run(d, &["pad", "fix", "ann", "melded", "3"], None);
    assert_eq!(
        r.err,
        "error: melded is entered every round: say which, pad fix 2 ann melded ...\n"
    );

    // Casino: the rule file's example, the cards shared in the second
    // deal so no one takes the 3.
    ok(d, "pad new casino ann ben --yes");
    let first = ok(
        d,
        "pad ann cards 30 spades 6 big-casino yes little-casino no aces 3 sweeps 1",
    );
    assert!(
        first.starts_with(
            "round 1: ann cards 30, spades 6, big casino yes: 2, little\n  casino no: 0, aces 3, sweeps 1\n"
        ),
        "{first}"
    );
    ok(
        d,
        "pad ben cards 22 spades 7 big-casino no little-casino yes aces 1 sweeps 0",
    );
    ok(
        d,
        "pad ann cards 26 spades 9 big-casino no little-casino no aces 2 sweeps 0",
    );
    let out = ok(
        d,
        "pad ben cards 26 spades 4 big-casino y little-casino y aces 2 sweeps 2",
    );
    assert!(
        out.ends_with(
            "casino: score sheet, 2 rounds, higher wins, to 21\n\
             \x20             ann ben\n\
             cards taken    56  48\n\
             spades taken   15  11\n\
             most cards      3   0\n\
             most spades     1   1\n\
             big casino      2   2\n\
             little casino   0   2\n\
             aces            5   3\n\
             sweeps          1   2\n\
             total          12  10\n\
             place         1st 2nd\n\
             ann leads with 12; ann 9 from 21\n"
        ),
        "{out}"
    );
}

/// Each slip on a sheet, with its exact message; none changes the pad.
#[test]
fn every_slip_on_a_sheet_is_named_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "players ann ben cat");
    ok(d, "pad new yacht");
    ok(d, "pad ann ones 1 1 1 4 5");
    let before = ok(d, "export");
    let slips: &[(&str, &str)] = &[
        (
            "pad ann onse 1 1 1 1 1",
            "'onse' is not a category of this sheet (did you mean 'ones'?): ones, twos, threes, fours, fives, sixes, upper, bonus, full_house, four_of_a_kind, little_straight, big_straight, choice, yacht",
        ),
        (
            "pad ann twos 2 2 2 2",
            "4 numbers for twos: it takes 5 numbers from 1 to 6",
        ),
        (
            "pad ann twos 2 2 2 2 7",
            "'7' is out of range for twos (1 to 6)",
        ),
        (
            "pad ann twos 2 2 x 2 2",
            "'x' is not a category of this sheet: ones, twos, threes, fours, fives, sixes, upper, bonus, full_house, four_of_a_kind, little_straight, big_straight, choice, yacht",
        ),
        ("pad ann twos", "twos takes 5 numbers from 1 to 6"),
        // `none` is a list of nothing: not for a list of five.
        (
            "pad ann twos none",
            "'none': twos takes 5 numbers from 1 to 6",
        ),
        (
            "pad ann twos nnoe",
            "'twos' has no entry after it: pad ann ones 1 1 1 4 5 (a category, then what is entered)",
        ),
        (
            "pad ann twos threes 3",
            "'twos' has no entry after it: pad ann ones 1 1 1 4 5 (a category, then what is entered)",
        ),
        (
            "pad ann upper 3",
            "upper is worked out, not entered: ones + twos + threes + fours + fives + sixes",
        ),
        (
            "pad ann ones 1 1 1 1 1",
            "ann's ones is entered already (1 1 1 4 5): pad fix ann ones ... changes it",
        ),
        // All or nothing: the good twos is not kept when the ones is refused.
        (
            "pad ann twos 2 2 2 2 2 ones 1 1 1 1 1",
            "ann's ones is entered already (1 1 1 4 5): pad fix ann ones ... changes it",
        ),
        (
            "pad zed ones 1 1 1 1 1",
            "'zed' is not a player of yacht: ann, ben, cat",
        ),
        (
            "pad ann 12",
            "yacht keeps a score sheet: enter a category for a player, pad ann ones ... (`pad` shows the sheet)",
        ),
        (
            "pad 1 2 3",
            "yacht keeps a score sheet: enter a category for a player, pad ann ones ... (`pad` shows the sheet)",
        ),
        (
            "pad fix 1 ann 3",
            "yacht keeps a score sheet: enter a category for a player, pad ann ones ... (`pad` shows the sheet)",
        ),
        (
            "pad fix 2 ann ones 1 1 1 1 1",
            "ones is entered once a game, in no round: pad fix ann ones ...",
        ),
        // `pad ann` alone, outside the REPL: nothing can be asked, so the
        // line to type is said.
        (
            "pad ann",
            "ann has 11 open categories: twos, threes, fours, fives, sixes, full-house, four-of-a-kind, little-straight, big-straight, choice, yacht; enter them on one line, pad ann twos ... threes ... (in the REPL, `pad ann` asks each in turn)",
        ),
        ("pad zed", "'zed' is not a player of yacht: ann, ben, cat"),
        (
            "pad nwe",
            "'nwe' is not understood here (did you mean 'new'?): pad 12 7 0 6 (a round), pad alice 12, pad fix 3 bob 9, pad new GAME PLAYERS, pad end, pad history, pad stats",
        ),
        (
            "pad new yacht lower wins --yes",
            "yacht's score sheet says who wins and when the game ends: leave out lower wins and to N",
        ),
        (
            "pad new yacht to 100 --yes",
            "yacht's score sheet says who wins and when the game ends: leave out lower wins and to N",
        ),
    ];
    let mut wrong = Vec::new();
    for (line, want) in slips {
        let words: Vec<&str> = line.split_whitespace().collect();
        let r = run(d, &words, None);
        let want = format!("error: {want}\n");
        if r.code != 1 || r.err != want {
            wrong.push(format!("`{line}`:\n  got  {:?}\n  want {want:?}", r.err));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(ok(d, "export"), before, "a slip changed what is saved");
}

/// A sheet of one's own: a set-collection game with `sets()`, a lookup
/// table and a tie-break, from `--rules DIR`; and a broken one named at
/// its file and line, and refused at the pad.
#[test]
fn a_sheet_of_your_own_from_a_rules_dir() {
    let rules = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let (r, d) = (rules.path(), data.path());
    let game = "id: gear-hunt
name: Gear Hunt
designer: the guide's example
source: tablemate's guide
licence: MIT
players: 2-5
time: 20 minutes
summary: Collect gears, springs and cogs; sets score, and so do long chains.
sections:
  - {id: setup, title: Setup, text: Deal the parts.}
  - {id: play, title: Play, text: Take a part each turn.}
  - {id: scoring, title: Scoring, text: See the sheet.}
scoring:
  wins: highest
  categories:
    - {name: gears, enter: count}
    - {name: springs, enter: count}
    - {name: cogs, enter: count}
    - {name: full_sets, formula: 'sets(gears, springs, cogs) * 7'}
    - {name: parts, formula: 'gears ^ 2 + springs ^ 2 + cogs ^ 2'}
    - {name: chains, enter: list, min: 1, max: 9, formula: 'sum(lookup(it, {1: 1, 2: 3, 3: 6, 4: 10, 5+: 15}))'}
    - {name: debt, enter: count, formula: '-ceil(it / 2)'}
  ties: [most chains, shared]
";
    std::fs::write(r.join("gear-hunt.yaml"), game).unwrap();
    let broken = game
        .replace("id: gear-hunt", "id: broken-hunt")
        .replace("name: Gear Hunt", "name: Broken Hunt")
        .replace("'-ceil(it / 2)'", "'-it / 2'");
    std::fs::write(r.join("broken-hunt.yaml"), broken).unwrap();
    let mistyped = game
        .replace("id: gear-hunt", "id: mistyped-hunt")
        .replace("name: Gear Hunt", "name: Mistyped Hunt")
        .replace(
            "  wins: highest\n",
            "  wins: highest\n  to_wim: gears > 0\n",
        );
    std::fs::write(r.join("mistyped-hunt.yaml"), mistyped).unwrap();
    let dir = r.to_str().unwrap();
    let with = |line: &str| -> Vec<String> {
        ["--rules", dir]
            .into_iter()
            .map(String::from)
            .chain(line.split_whitespace().map(String::from))
            .collect()
    };
    let go = |line: &str| {
        let w = with(line);
        let w: Vec<&str> = w.iter().map(String::as_str).collect();
        run(d, &w, None)
    };
    let listed = go("rules");
    assert!(
        listed.err.contains(&format!(
            "warning: rules: {dir}/broken-hunt.yaml line 22: scoring: debt: formula `-it / 2`: a division must say how it rounds: floor(a / b) down, ceil(a / b) up, round(a / b) to the nearest (halves up), trunc(a / b) toward 0\n"
        )),
        "{}",
        listed.err
    );
    assert!(
        listed.err.contains(&format!(
            "warning: rules: {dir}/mistyped-hunt.yaml line 15: to_wim: scoring: unknown field `to_wim`, expected one of `wins`, `ends_at`, `goal`, `to_win`, `categories`, `ties`, `examples`\n"
        )),
        "{}",
        listed.err
    );
    assert_eq!(go("pad new gear-hunt ann ben").code, 0);
    assert_eq!(
        go("pad ann gears 3 springs 2 cogs 2 chains 4 2 debt 3")
            .out
            .lines()
            .next(),
        Some("ann gears 3, springs 2, cogs 2, chains 4 2: 13, debt 3: -2")
    );
    // ann: sets 2*7 = 14, parts 9+4+4 = 17, chains 10+3 = 13, debt -2:
    // 3+2+2 entered as counts count too: 7 + 14 + 17 + 13 - 2 = 49.
    let out = go("pad ben gears 2 springs 2 cogs 2 chains 4 3 1 debt 0").out;
    assert!(out.contains("\ntotal      49  49\n"), "{out}");
    // ben: 6 + 14 + 12 + (10 + 6 + 1) + 0 = 49. Level: ben's chains,
    // 17, beat ann's 13.
    assert!(out.contains("\nplace     2nd 1st\n"), "{out}");
    assert!(
        out.contains("\nben ahead of ann on chains (most chains)\n"),
        "{out}"
    );
    let refused = go("pad new broken-hunt ann ben --yes");
    assert_eq!(
        refused.err,
        format!(
            "error: Broken Hunt's score sheet ({dir}/broken-hunt.yaml) is not used until it is mended: debt: formula `-it / 2`: a division must say how it rounds: floor(a / b) down, ceil(a / b) up, round(a / b) to the nearest (halves up), trunc(a / b) toward 0\n"
        )
    );
}

/// The guide's sheet for a game of your own loads clean: its worked
/// example (a tie settled by a tie-break) comes out as the guide says.
#[test]
fn the_guides_own_sheet_works_out_as_it_says() {
    let guide = include_str!("../../docs/GUIDE.md");
    let at = guide.find("```yaml\nscoring:").expect("the guide's sheet");
    let block = &guide[at + "```yaml\n".len()..];
    let block = &block[..block.find("```").unwrap()];
    let file = format!(
        "id: guide-sheet\nname: Guide Sheet\ndesigner: d\nsource: s\nlicence: l\nplayers: '2'\ntime: t\nsummary: s\n\
         sections:\n  - {{id: setup, title: S, text: t}}\n  - {{id: play, title: P, text: t}}\n  - {{id: scoring, title: W, text: t}}\n{block}"
    );
    let (game, problems) = tablemate::rules::parse_file("guide.yaml", &file).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(game.scoring.unwrap().examples.len(), 1);
}

/// A sheet's game filed keeps each category and the places: `pad stats`
/// averages each category, the plays CSV carries a column each and the
/// places, BG Stats' file the places (its `rank`), and the CSV read back
/// into a fresh store gives the same play.
#[test]
fn a_filed_sheet_keeps_its_categories_in_stats_and_exports() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "players ann ben");
    ok(d, "pad new casino");
    ok(
        d,
        "pad ann cards 30 spades 6 big-casino yes little-casino no aces 3 sweeps 1",
    );
    ok(
        d,
        "pad ben cards 22 spades 7 big-casino no little-casino yes aces 1 sweeps 0",
    );
    assert_eq!(ok(d, "pad end"), "casino filed as game 1; won by ann\n");
    assert!(ok(d, "pad stats casino").ends_with(
        "average by category\n\
             cards taken: ann 30.0, ben 22.0\n\
             spades taken: ann 6.0, ben 7.0\n\
             most cards: ann 3.0, ben 0.0\n\
             most spades: ann 0.0, ben 1.0\n\
             big casino: ann 2.0, ben 0.0\n\
             little casino: ann 0.0, ben 1.0\n\
             aces: ann 3.0, ben 1.0\n\
             sweeps: ann 1.0, ben 0.0\n"
    ));
    let csv = d.join("plays.csv");
    ok(d, &format!("stats export {}", csv.display()));
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "play_id,date,game,location,length,name,startposition,score,win,cooperative,lowest_wins,rank,\
         category:cards,category:spades,category:most_cards,category:most_spades,category:big_casino,\
         category:little_casino,category:aces,category:sweeps"
    );
    let cut = |l: &str| {
        l.split_once(',')
            .unwrap()
            .1
            .split_once(',')
            .unwrap()
            .1
            .to_string()
    };
    assert_eq!(cut(lines[1]), "casino,,,ann,1,9,1,0,0,1,30,6,3,0,2,0,3,1");
    assert_eq!(cut(lines[2]), "casino,,,ben,2,3,0,0,0,2,22,7,0,1,0,1,1,0");
    let json = d.join("plays.json");
    ok(d, &format!("stats export {}", json.display()));
    let bg: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let ranks: Vec<&serde_json::Value> = bg["plays"][0]["playerScores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["rank"])
        .collect();
    assert_eq!(ranks, [&serde_json::json!(1), &serde_json::json!(2)]);
    // `stats casino`: the plays' categories, a column a person.
    assert!(ok(d, "stats casino").ends_with(
        "average by category\n\
         \x20                 ann   ben\n\
         \x20 cards          30.0  22.0\n\
         \x20 spades          6.0   7.0\n\
         \x20 most cards      3.0   0.0\n\
         \x20 most spades     0.0   1.0\n\
         \x20 big casino      2.0   0.0\n\
         \x20 little casino   0.0   1.0\n\
         \x20 aces            3.0   1.0\n\
         \x20 sweeps          1.0   0.0\n"
    ));
    let other = tempfile::tempdir().unwrap();
    assert_eq!(
        ok(other.path(), &format!("stats import {}", csv.display())),
        format!("filed 1 play from {}\n", csv.display())
    );
    let plays = |d: &Path| {
        let doc: serde_json::Value = serde_json::from_str(&ok(d, "export")).unwrap();
        doc["plays"].clone()
    };
    assert_eq!(plays(other.path()), plays(d));
}

/// A Funhouse room keeps its own sheet (its rule file's part), the run
/// its own: the rules' Slide Jam example scores 8 at the pad as `score`
/// says.
#[test]
fn a_room_and_the_run_have_their_sheets() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, "pad new slide-jam ann");
    let out = ok(d, "pad ann left 0 3 5");
    assert!(
        out.starts_with("ann left 0 3 5: 8\ngame over: ann wins with 8"),
        "{out}"
    );
    assert!(
        ok(d, "score slide-jam Sn A3 C5")
            .contains("\n  total                                         8\n")
    );
    ok(d, "pad new funhouse ann --yes");
    let out = ok(
        d,
        "pad ann slide-jam 0 magic-mirror 7 catwalk 12 barrels 3 whack 10 trampo 5",
    );
    assert!(out.contains("\ntotal                 37\n"), "{out}");
}

/// The seed games' counts on their sheets (#80 item 3): the Catwalk
/// entered by the tiles the coins fell from (`none` for a row of none),
/// Penguin's Night Out won only home with both buddies, Lab Rats only
/// with the rat out; a sheet no one wins is filed as such, under the
/// game's own name, beside the game's other plays.
#[test]
fn the_seed_games_keep_their_counts_on_sheets() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert!(ok(d, "pad new catwalk ann").starts_with("new pad: catwalk\n"));
    let out = ok(
        d,
        "pad ann off-1 5 4 off-2 none off-3 0 off-4 none off-5 none fell 3",
    );
    assert!(
        out.starts_with(
            "ann off 1 5 4: 9, off 2 none: 0, off 3 0: 3, off 4 none: 0,\n  off 5 none: 0, fell 3: 0\n\
             game over: ann wins with 12 (`pad end` files it)\n"
        ),
        "{out}"
    );
    // The rules' example is 12 by `score` as well.
    assert!(ok(d, "score catwalk 5xn 4xn nx3").contains("12"));
    assert!(
        ok(d, "pad new penguins ann ben --yes")
            .starts_with("new pad: penguins-night-out (the open pad was filed as game\n  1)\n")
    );
    ok(d, "pad ann buddies 2 home no");
    let out = ok(d, "pad ben buddies 1 home yes");
    assert!(
        out.starts_with("ben buddies 1, home yes: 1\ngame over: no one won (`pad end` files it)\n"),
        "{out}"
    );
    assert!(
        out.ends_with("place           1st 2nd\nto win: home and buddies == 2; done by no one\n"),
        "{out}"
    );
    assert_eq!(
        ok(d, "pad end"),
        "penguins-night-out filed as game 2; no one won\n"
    );
    ok(d, "pad new lab-rats ann");
    let out = ok(d, "pad ann out no coins 9");
    assert!(out.contains("game over: no one won"), "{out}");
    // Shown again, the pad says it still (the shared screen's notes too).
    assert!(
        ok(d, "pad")
            .ends_with("to win: out; done by no one\ngame over: no one won (`pad end` files it)\n")
    );
    assert_eq!(ok(d, "pad end"), "lab-rats filed as game 3; no one won\n");
    let stats = ok(d, "stats");
    for said in [
        "Penguin's Night Out\nann: 1 play, 0 won",
        "ann played Lab Rats 1 time, won 0: average 9.0, best 9\n",
        "ann played Catwalk 1 time, won 1: average 12.0, best 12\n",
    ] {
        assert!(stats.contains(said), "{said:?} not in:\n{stats}");
    }
    assert!(ok(d, "rules penguins").contains(
        "score sheet (pad new penguins-night-out)\n  buddies: a count from 0 to 2\n  home: yes or no\n  the highest total wins, only with home and buddies == 2\n"
    ));
}

/// A game's page lists its sheet: each row, what it takes, its formula.
#[test]
fn a_games_page_lists_its_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let page = ok(dir.path(), "rules yacht");
    assert!(
        page.contains(
            "\nscore sheet (pad new yacht)\n  ones: 5 numbers from 1 to 6; count(it, 1) * 1\n"
        ),
        "{page}"
    );
    assert!(
        page.contains("\n  bonus: if(upper >= 63, 35, 0)\n"),
        "{page}"
    );
    let room = ok(dir.path(), "rules mirror");
    assert!(
        room.contains("\n  strangers: a count from 0 to 12; it * 3\n"),
        "{room}"
    );
}

/// `pad ann` alone in the REPL asks each of ann's open categories in
/// turn, then each other player's in seating order: Enter skips one, a
/// mistyped answer is named and asked again, a player's answers are
/// entered as one line (one step to undo), `.` enters them and stops,
/// Ctrl-C stops with none of that player's entered. A sheet of rounds
/// asks the round's.
#[test]
fn the_repl_asks_each_open_category_in_turn() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let keys: &[(u64, &[u8])] = &[
        (200, b"pad new yacht ann ben\r"),
        (200, b"pad ann\r"),
        (200, b"1 1 1 4 5\r"),
        (200, b"\r"),
        (200, b"3 3 9 1 1\r"),
        (200, b"3,3,3,1,1\r"),
        (200, b".\r"),
        (200, b"pad ben\r"),
        (200, b"2 2 2 2 2\r"),
        (200, b"\x03"),
        (200, b"pad new casino ann ben --yes\r"),
        (200, b"pad ann cards 30 spades 6\r"),
        (200, b"pad ann\r"),
        (200, b"yes\r"),
        (200, b"no\r"),
        (200, b"3\r"),
        (200, b"1\r"),
        // Then Ben's, the next in seating order.
        (200, b"22\r"),
        (200, b"7\r"),
        (200, b"no\r"),
        (200, b"yes\r"),
        (200, b"1\r"),
        (200, b"0\r"),
        (200, b"quit\r"),
    ];
    let Some((status, screen)) = common::repl_in_terminal(&["--data", data], &[], keys) else {
        return;
    };
    assert!(status.success(), "{screen}");
    let screen = super::table_dice::screen_text(&screen);
    for said in [
        "tm> pad ann\n12 open categories of ann, one at a time: Enter skips one, `.` enters those answered and stops, Ctrl-C stops with none of ann's entered\n",
        "ones (5 numbers from 1 to 6)> 1 1 1 4 5\ntwos (5 numbers from 1 to 6)> \nthrees (5 numbers from 1 to 6)> 3 3 9 1 1\n",
        "error: '9' is out of range for threes (1 to 6)\nthrees (5 numbers from 1 to 6)> 3,3,3,1,1\nfours (5 numbers from 1 to 6)> .\n",
        "ann ones 1 1 1 4 5: 3, threes 3 3 3 1 1: 9\n",
        "total            12   -\n",
        "ones (5 numbers from 1 to 6)> 2 2 2 2 2\ntwos (5 numbers from 1 to 6)> \n(none of ben's entered)\n",
        "4 open categories of ann in round 1, one at a time",
        "big-casino (yes or no)> yes\nlittle-casino (yes or no)> no\naces (a count from 0 to 4)> 3\nsweeps (a count from 0 to 26)> 1\n",
        "round 1: ann big casino yes: 2, little casino no: 0, aces 3, sweeps 1\n",
        "6 open categories of ben in round 1, one at a time",
        "cards (a count from 0 to 52)> 22\nspades (a count from 0 to 13)> 7\n",
        "round 1: ben cards 22, spades 7, big casino no: 0, little casino yes: 1, aces 1, sweeps 0\n",
        "ann leads with 9; ann 12 from 21\ntm> quit",
    ] {
        assert!(screen.contains(said), "{said:?} not in:\n{screen}");
    }
}
