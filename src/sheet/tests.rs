//! Sheets worked out: places and tie-breaks by hand, every problem a
//! sheet can have named, and the shipped sheets against scorers written
//! separately in Rust (one truth, two readers).

use super::*;
use crate::random::TableRng;

fn sheet(yaml: &str) -> Sheet {
    Sheet::new(serde_yaml::from_str(yaml).unwrap()).unwrap()
}

fn problems(yaml: &str) -> Vec<String> {
    match Sheet::new(serde_yaml::from_str(yaml).unwrap()) {
        Ok(_) => panic!("no problem found in {yaml}"),
        Err(p) => p
            .into_iter()
            .map(|(at, why)| format!("{at}: {why}"))
            .collect(),
    }
}

/// Entries of a sheet scored once a game, one row of numbers per player.
fn entered(s: &Sheet, rows: &[&[i64]]) -> Scores {
    let cats = s.categories().len();
    let mut e: Entries = vec![vec![vec![None; rows.len()]; cats]];
    for (p, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            e[0][c][p] = Some(Value::Number(*v));
        }
    }
    s.score(&e, rows.len()).unwrap()
}

fn names(n: usize) -> Vec<String> {
    ["ann", "ben", "cat", "dan"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

const TIED: &str = "
wins: highest
categories:
  - {name: coins, enter: number}
  - {name: gems, enter: count}
ties: [most gems, fewest coins, shared]
";

#[test]
fn places_and_every_tie_break_by_hand() {
    let s = sheet(TIED);
    // ann 10+3, ben 12+1, cat 9+4: all 13. Most gems: cat 4, ann 3, ben 1.
    let st = s.standing(&entered(&s, &[&[10, 3], &[12, 1], &[9, 4]]), &names(3));
    assert_eq!(st.places, vec![Some(2), Some(3), Some(1)]);
    assert_eq!(st.winners, vec![2]);
    assert_eq!(
        st.settled,
        vec![
            "cat ahead of ann on gems (most gems)",
            "ann ahead of ben on gems (most gems)"
        ]
    );
    // Gems level too (3 each): fewest coins settles it.
    let st = s.standing(&entered(&s, &[&[10, 3], &[9, 4], &[10, 3]]), &names(3));
    assert_eq!(st.places, vec![Some(2), Some(1), Some(2)]);
    // ann and cat level on everything: they share second; no fourth player.
    assert_eq!(st.winners, vec![1]);
    // Level on every tie-break: a shared first place, and the next is 3rd.
    let st = s.standing(&entered(&s, &[&[5, 2], &[5, 2], &[1, 1]]), &names(3));
    assert_eq!(st.places, vec![Some(1), Some(1), Some(3)]);
    assert_eq!(st.winners, vec![0, 1]);
    assert!(st.settled.is_empty());

    // The lowest total wins; a player with nothing entered has no place.
    let low = sheet("wins: lowest\ncategories: [{name: penalty, enter: number}]\n");
    let cats = low.categories().len();
    let mut e: Entries = vec![vec![vec![None; 3]; cats]];
    e[0][0][0] = Some(Value::Number(12));
    e[0][0][1] = Some(Value::Number(-3));
    let st = low.standing(&low.score(&e, 3).unwrap(), &names(3));
    assert_eq!(st.places, vec![Some(2), Some(1), None]);
    assert_eq!(st.winners, vec![1]);

    // Together: everyone wins at the goal, no one below it.
    let co = sheet("wins: together\ngoal: 30\ncategories: [{name: saved, enter: count}]\n");
    let st = co.standing(&entered(&co, &[&[12], &[18]]), &names(2));
    assert_eq!((st.winners, st.together), (vec![0, 1], Some(30)));
    let st = co.standing(&entered(&co, &[&[12], &[17]]), &names(2));
    assert_eq!((st.winners, st.together), (vec![], Some(29)));

    // What winning takes: the best total among those who did it, and no
    // one where no one did; those who did stand first.
    let home = sheet(
        "to_win: home and carried == 2\ncategories: [{name: carried, enter: count}, {name: home, enter: yes/no, subtotal: true}]\n",
    );
    let st = home.standing(&entered(&home, &[&[2, 0], &[1, 1], &[2, 1]]), &names(3));
    assert_eq!(
        (st.places, st.winners),
        (vec![Some(2), Some(3), Some(1)], vec![2])
    );
    let st = home.standing(&entered(&home, &[&[2, 0], &[1, 1]]), &names(2));
    assert_eq!((st.places, st.winners), (vec![Some(1), Some(2)], vec![]));
    // Lowest wins, only out: a solitaire lost keeps its score, unwon.
    let rats = sheet(
        "wins: lowest\nto_win: out\ncategories: [{name: out, enter: yes/no, subtotal: true}, {name: coins, enter: count}]\n",
    );
    let scores = entered(&rats, &[&[0, 9]]);
    assert_eq!(scores.totals, vec![Some(9)]);
    assert!(rats.standing(&scores, &names(1)).winners.is_empty());
    assert_eq!(
        rats.standing(&entered(&rats, &[&[1, 9]]), &names(1))
            .winners,
        vec![0]
    );
    // Together with what each must do: won when everyone did it.
    let all = sheet("wins: together\nto_win: out\ncategories: [{name: out, enter: yes/no}]\n");
    assert_eq!(
        all.standing(&entered(&all, &[&[1], &[1]]), &names(2))
            .winners,
        vec![0, 1]
    );
    assert!(
        all.standing(&entered(&all, &[&[1], &[0]]), &names(2))
            .winners
            .is_empty()
    );
}

#[test]
fn entries_are_read_as_their_category_takes() {
    let s = sheet(
        "categories:
  - {name: dice, enter: list, size: 3, min: 1, max: 6, formula: sum(it)}
  - {name: found, enter: yes/no}
  - {name: left, enter: count, max: 10}
  - {name: owed, enter: number}
  - {name: bonus, formula: \"if(found, 5, 0)\"}
",
    );
    let w = |s: &str| -> Vec<String> { s.split_whitespace().map(String::from).collect() };
    assert_eq!(s.entry(0, &w("3 3 5")), Ok(Value::List(vec![3, 3, 5])));
    assert_eq!(s.entry(0, &w("3,3,5")), Ok(Value::List(vec![3, 3, 5])));
    assert_eq!(s.entry(1, &w("Yes")), Ok(Value::Number(1)));
    assert_eq!(s.entry(1, &w("n")), Ok(Value::Number(0)));
    assert_eq!(s.entry(3, &w("-40")), Ok(Value::Number(-40)));
    let refused: &[(usize, &str, &str)] = &[
        (
            0,
            "3 3",
            "2 numbers for dice: it takes 3 numbers from 1 to 6",
        ),
        (0, "3 3 7", "'7' is out of range for dice (1 to 6)"),
        (
            0,
            "3 x 5",
            "'x' is not a whole number (dice takes 3 numbers from 1 to 6)",
        ),
        (
            1,
            "maybe",
            "'maybe' is not yes or no (found takes yes or no)",
        ),
        (1, "yes no", "'no': found takes yes or no"),
        (2, "-1", "'-1' is out of range for left (0 to 10)"),
        (2, "", "left takes a count from 0 to 10"),
        (
            3,
            "2000000000",
            "'2000000000' is out of range for owed (-1000000000 to 1000000000)",
        ),
        (4, "5", "bonus is worked out, not entered: if(found, 5, 0)"),
    ];
    for (c, typed, want) in refused {
        assert_eq!(
            s.entry(*c, &w(typed)),
            Err(Refused(want.to_string())),
            "{typed}"
        );
    }
    assert_eq!(s.category("LEFT"), Ok(2));
    assert_eq!(s.category("bo"), Ok(4));
    assert_eq!(
        s.category("dise"),
        Err(Refused(
            "'dise' is not a category of this sheet (did you mean 'dice'?): dice, found, left, owed, bonus".into()
        ))
    );
}

#[test]
fn every_problem_of_a_sheet_is_named() {
    let cases: &[(&str, &[&str])] = &[
        (
            "categories: []",
            &["categories: a sheet has one category or more"],
        ),
        (
            "categories: [{name: Gold, enter: count}, {name: sum, enter: count}, {name: a, enter: count}, {name: a, enter: count}]",
            &[
                "Gold: 'Gold' cannot name a category: lowercase letters, digits and _, starting with a letter, at most 24",
                "sum: 'sum' is a word of the formulas; name it otherwise",
                "a: is named twice",
            ],
        ),
        (
            "categories: [{name: a}, {name: b, enter: list}, {name: c, enter: count, size: 3}, {name: d, formula: '1', min: 2}, {name: e, enter: count, min: 5, max: 2}]",
            &[
                "a: has neither enter: nor formula: (what is entered, or how it is worked out)",
                "b: enters a list, so it needs a formula to make a number of it (sum(it))",
                "c: size: is for a list (enter: list)",
                "d: min: and max: bound what is entered, and nothing is (no enter:)",
                "e: min: 5 is above max: 2",
            ],
        ),
        (
            "categories: [{name: a, enter: list, formula: it}, {name: b, formula: 'it + 1'}, {name: c, formula: 'a / 2'}]",
            &[
                "a: formula `it`: it makes a list; a score is a number (sum(it))",
                "b: formula `it + 1`: 'it' is what is entered, and nothing is entered for b (enter:)",
                "c: formula `a / 2`: a division must say how it rounds: floor(a / b) down, ceil(a / b) up, round(a / b) to the nearest (halves up), trunc(a / b) toward 0",
            ],
        ),
        (
            "categories: [{name: a, formula: b + 1}, {name: b, formula: c}, {name: c, formula: a * 2}]",
            &["a: its formula comes back to itself: a -> b -> c -> a (a formula cannot loop)"],
        ),
        (
            "categories: [{name: once, enter: count}, {name: each, per: round, formula: once + 1}]",
            &[
                "each: formula `once + 1`: 'once' is scored once a game; a round's formula uses only rounds' categories",
            ],
        ),
        (
            "to_win: it and b\ncategories: [{name: a, enter: count}]",
            &[
                "to_win: `it and b`: 'it' is what is entered, and nothing is entered for to_win (enter:)",
            ],
        ),
        (
            "to_win: homw\ncategories: [{name: home, enter: yes/no}, {name: dice, enter: list, formula: sum(it)}]\nties: []",
            &["to_win: `homw`: 'homw' is not a category (did you mean 'home'?)"],
        ),
        (
            "to_win: count(\ncategories: [{name: none, enter: count}]",
            &[
                "none: 'none' is a word entries are written with; name it otherwise",
                "to_win: `count(`: it ends where a number or a category should be",
            ],
        ),
        (
            "wins: together\ncategories: [{name: a, enter: count}]",
            &[
                "goal: wins: together needs goal: (the total the table must reach) or to_win: (what each must do)",
            ],
        ),
        (
            "goal: 5\ncategories: [{name: a, enter: count}]",
            &[
                "goal: goal: is the table's target when it wins together; ends_at: is a total that ends the game",
            ],
        ),
        (
            "ends_at: 100\ncategories: [{name: a, enter: count}]",
            &["ends_at: ends_at: 100 ends a game of rounds, and no category is per: round"],
        ),
        (
            "categories: [{name: a, enter: count}]\nties: [most b, highest a, fewest a]",
            &[
                "ties: 'b' is not a category (did you mean 'a'?)",
                "ties: 'highest a': a tie-break is most CATEGORY, fewest CATEGORY or shared",
            ],
        ),
    ];
    for (yaml, want) in cases {
        assert_eq!(problems(yaml), *want, "{yaml}");
    }
}

#[test]
fn a_worked_example_that_is_wrong_is_named() {
    let mut spec: SheetSpec = serde_yaml::from_str(
        "categories: [{name: a, enter: count}, {name: b, formula: a * 2}]
examples:
  - what: wrong sums
    entries: {ann: {a: 3}, ben: {a: 1}}
    totals: {ann: 8, ben: 3}
    winners: [ben]
  - what: a bad entry
    entries: {ann: {a: -1}}
    totals: {ann: 0}
    winners: [ann]
",
    )
    .unwrap();
    let s = Sheet::new(spec.clone()).unwrap();
    assert_eq!(
        s.check_example(&spec.examples[0]),
        Err(Refused(
            "ann's total is 9, not 8; the winners are [ann], not [ben]".into()
        ))
    );
    assert_eq!(
        s.check_example(&spec.examples[1]),
        Err(Refused(
            "ann: '-1' is out of range for a (0 to 1000000000)".into()
        ))
    );
    spec.examples.clear();
}

/// The shipped sheets' rule files, read.
fn shipped(id: &str) -> Sheet {
    let (_, text) = crate::rules::embedded()
        .into_iter()
        .find(|(f, _)| f.starts_with(id))
        .unwrap();
    let (game, problems) = crate::rules::parse_file(id, text).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    Sheet::new(game.scoring.unwrap()).unwrap()
}

/// Yacht scored as a player would by hand, apart from the sheet.
fn yacht_by_hand(turns: &[[i64; 5]; 12]) -> i64 {
    let count = |d: &[i64; 5], f: i64| d.iter().filter(|&&x| x == f).count() as i64;
    let sum = |d: &[i64; 5]| d.iter().sum::<i64>();
    let upper: i64 = (1..=6).map(|f| count(&turns[f as usize - 1], f) * f).sum();
    let bonus = if upper >= 63 { 35 } else { 0 };
    let mut sorted = turns[6];
    sorted.sort();
    let full = sorted[0] != sorted[4]
        && ((sorted[0] == sorted[2] && sorted[3] == sorted[4])
            || (sorted[0] == sorted[1] && sorted[2] == sorted[4]));
    let mut four = turns[7];
    four.sort();
    let four_score = if four[0] == four[3] || four[1] == four[4] {
        4 * four[2]
    } else {
        0
    };
    let mut little = turns[8];
    little.sort();
    let mut big = turns[9];
    big.sort();
    let yacht = turns[11].iter().all(|&x| x == turns[11][0]);
    upper
        + bonus
        + if full { sum(&turns[6]) } else { 0 }
        + four_score
        + if little == [1, 2, 3, 4, 5] { 30 } else { 0 }
        + if big == [2, 3, 4, 5, 6] { 30 } else { 0 }
        + sum(&turns[10])
        + if yacht { 50 } else { 0 }
}

/// Dice likely to score: most rolls lean on one face, as kept dice do.
fn dice(rng: &mut TableRng) -> [i64; 5] {
    let lean = 1 + rng.below(6) as i64;
    let mut d = [0; 5];
    for x in &mut d {
        *x = if rng.below(3) > 0 {
            lean
        } else {
            1 + rng.below(6) as i64
        };
    }
    if rng.below(8) == 0 {
        d = [1, 2, 3, 4, 5];
        d[0] += rng.below(2) as i64 * 5;
    }
    d
}

#[test]
fn yacht_sheet_equals_yacht_scored_by_hand() {
    let s = shipped("yacht");
    // The sheet's rows in order: ones..sixes, upper, bonus, full house,
    // four of a kind, little and big straights, choice, yacht.
    let entered_rows = [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13];
    let mut rng = TableRng::new(80);
    let games = crate::proof_sample(2_000, 100_000);
    let mut bonus_seen = 0;
    for _ in 0..games {
        let turns: [[i64; 5]; 12] = std::array::from_fn(|_| dice(&mut rng));
        let mut e: Entries = vec![vec![vec![None; 1]; 14]];
        for (t, &row) in entered_rows.iter().enumerate() {
            e[0][row][0] = Some(Value::List(turns[t].to_vec()));
        }
        let scores = s.score(&e, 1).unwrap();
        bonus_seen += usize::from(scores.cells[7][0] == Some(35));
        assert_eq!(scores.totals[0], Some(yacht_by_hand(&turns)), "{turns:?}");
    }
    assert!(
        bonus_seen > 0,
        "no game earned the bonus: the sample tests too little"
    );
}

#[test]
fn casino_sheet_equals_casino_scored_by_hand() {
    let s = shipped("casino");
    let mut rng = TableRng::new(81);
    for _ in 0..crate::proof_sample(2_000, 100_000) {
        let players = 2 + rng.below(3) as usize;
        let deals = 1 + rng.below(4) as usize;
        let mut e: Entries = vec![vec![vec![None; players]; 8]; deals];
        let mut want = vec![0i64; players];
        for round in e.iter_mut() {
            let cards: Vec<i64> = (0..players).map(|_| rng.below(30) as i64).collect();
            let spades: Vec<i64> = (0..players).map(|_| rng.below(8) as i64).collect();
            for p in 0..players {
                let big = rng.below(4) == 0;
                let little = rng.below(4) == 0;
                let aces = rng.below(3) as i64;
                let sweeps = rng.below(2) as i64;
                let most = |v: &[i64]| (0..players).all(|q| q == p || v[p] > v[q]);
                want[p] += 3 * i64::from(most(&cards))
                    + i64::from(most(&spades))
                    + 2 * i64::from(big)
                    + i64::from(little)
                    + aces
                    + sweeps;
                for (c, v) in [
                    (0, cards[p]),
                    (1, spades[p]),
                    (4, i64::from(big)),
                    (5, i64::from(little)),
                    (6, aces),
                    (7, sweeps),
                ] {
                    round[c][p] = Some(Value::Number(v));
                }
            }
        }
        let got = s.score(&e, players).unwrap().totals;
        assert_eq!(got, want.into_iter().map(Some).collect::<Vec<_>>());
    }
}
