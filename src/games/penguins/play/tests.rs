//! Hand-worked turns on a small board of six dominoes:
//!
//! ```text
//!    1  2  3  4  5  6
//!  1 1 -2  3 -3  0 -4
//!  2 5 -6  2 -2  1 -5
//! ```
//!
//! Player 1 nests on 1-2 (r1c1-r1c2), player 2 on 1-5 (r2c5-r2c6).

use super::*;

fn board() -> Vec<Laid> {
    [
        "1-2@r1c1", "3-3@r1c3", "0-4@r1c5", "5-6@r2c1", "2-2@r2c3", "1-5@r2c5",
    ]
    .iter()
    .map(|w| w.parse().unwrap())
    .collect()
}

fn game() -> Night {
    Night::new(board(), &[Domino::new(1, 2), Domino::new(1, 5)], 6)
}

/// A game with the buddies placed: player 1's on r2c3 and r1c6, player
/// 2's on r2c1 and r1c5 (3-3 is left vacant).
fn placed() -> Night {
    let mut g = game();
    // Player 1 places player 2's tokens, player 2 player 1's, by turns.
    for s in [(2, 1), (2, 3), (1, 5), (1, 6)] {
        g.place(s).unwrap();
    }
    assert_eq!(g.phase, Phase::Roll);
    g
}

use Dir::{E, N, S, W};

#[test]
fn buddies_are_placed_round_the_table_on_vacant_squares() {
    assert_eq!(placing_order(2), [(0, 2), (1, 0), (0, 3), (1, 1)]);
    assert_eq!(
        placing_order(3),
        [(0, 3), (1, 0), (2, 1), (0, 4), (1, 5), (2, 2)]
    );
    let mut g = game();
    assert_eq!(
        g.place((1, 1)).unwrap_err(),
        "r1c1 is taken: a buddy token goes on a vacant square"
    );
    assert_eq!(g.place((5, 5)).unwrap_err(), "r5c5 is not on the board");
    let g = placed();
    assert_eq!(g.buddies[2].at, Some((2, 1)));
    assert_eq!(g.buddies[0].at, Some((2, 3)));
    assert_eq!(g.check(&board().iter().map(Laid::domino).collect()), Ok(()));
}

#[test]
fn a_move_stops_where_the_rules_say() {
    let mut g = placed();
    g.set_roll(3).unwrap();
    // Off the nest's middle, both halves count as stood on: from r1c2
    // east, r1c3 shows the 3 rolled, so the move ends there.
    assert_eq!(
        g.walk(None, &[E, E]).unwrap_err(),
        "step 2 (east) goes on past a stop: r1c3 shows the 3 rolled; end the move on r1c3"
    );
    // Off the board.
    assert_eq!(
        g.walk(Some((1, 1)), &[N]).unwrap_err(),
        "step 1 (north) leaves the board at r0c1"
    );
    // Back onto a square stood on this turn.
    assert_eq!(
        g.walk(Some((1, 2)), &[S, N]).unwrap_err(),
        "step 2 (north) goes back to r1c2, stood on earlier this turn: that ends the move on r2c2"
    );
    let mut g = placed();
    g.set_roll(6).unwrap();
    let said = g.walk(Some((1, 2)), &[E]).unwrap();
    assert_eq!(said[0], "player 1 moved 1 to r1c3 (3)");
    assert_eq!(g.penguins[0].at, Some((1, 3)));
    // 3-3 is a double, not of the 6 rolled: one buddy may move a space.
    assert_eq!(g.rights.nudges, 1);
    // Not onto player 2's penguin (r2c6 is half its nest); west is free.
    assert!(
        g.shift((1, 6), S)
            .unwrap_err()
            .to_string()
            .contains("player 2's penguin")
    );
    assert_eq!(
        g.shift((1, 6), W).unwrap(),
        "player 1's buddy moved west to r1c5"
    );
    assert!(
        g.shift((2, 3), N)
            .unwrap_err()
            .to_string()
            .contains("may move")
    );
}

#[test]
fn picking_up_a_buddy_ends_the_move() {
    let mut g = placed();
    g.set_roll(6).unwrap();
    // r1c2 (2) south to r2c2 (6: the roll, a stop) is refused going on;
    // instead r1c2 east r1c3, south r2c3: the buddy is there.
    let said = g.walk(Some((1, 2)), &[E, S]).unwrap();
    assert_eq!(said[1], "picked up a buddy: carrying 1");
    assert_eq!(g.buddies[0].at, None);
    // 2-2 is a double, but not of the 6 rolled: one buddy may move.
    assert_eq!(g.rights.nudges, 1);
    assert!(said[2].to_string().starts_with("ended on the double 2-2"));
    // Going on past the buddy is refused.
    let mut h = placed();
    h.set_roll(6).unwrap();
    assert!(
        h.walk(Some((1, 2)), &[E, S, E])
            .unwrap_err()
            .to_string()
            .contains("a buddy was picked up there")
    );
}

#[test]
fn blanks_six_steps_and_other_penguins() {
    let mut g = placed();
    g.set_roll(6).unwrap();
    assert_eq!(
        g.walk(Some((1, 2)), &[E, E, E, E]).unwrap_err(),
        "step 4 (east) goes on past a stop: r1c5 is a blank: Polar Bear Gang territory, stop there or be eaten; end the move on r1c5"
    );
    // Ending on player 2's penguin (the middle of 1-5) is refused.
    assert_eq!(
        g.walk(Some((1, 2)), &[E, E, S, E]).unwrap_err(),
        "player 2's penguin is on r2c5: a move may not end on another penguin"
    );
    // A penguin carrying more buddies cannot be passed.
    let mut g = placed();
    g.penguins[1].at = Some((2, 4));
    g.penguins[1].carrying = 1;
    g.buddies[2].at = None;
    g.set_roll(6).unwrap();
    assert_eq!(
        g.walk(Some((1, 2)), &[E, E, S]).unwrap_err(),
        "step 3: player 2's penguin on r2c4 carries more buddies (1 to your 0): no passing through"
    );
    // Seven steps are too many, even where nothing stops the move: fives
    // everywhere and a 6 rolled.
    let ring: Vec<Laid> = ["5-5@r1c1", "5-5@r1c3", "5-5@r2c1", "5-5@r2c3", "5-5@r3c1"]
        .iter()
        .map(|w| w.parse().unwrap())
        .collect();
    let mut g = Night::new(ring, &[Domino::new(5, 5), Domino::new(5, 5)], 6);
    g.phase = Phase::Move;
    g.roll = Some(6);
    g.penguins[0].at = Some((1, 1));
    g.penguins[1].at = Some((3, 2));
    assert_eq!(
        g.walk(None, &[E, E, E, S, W, W, W]).unwrap_err(),
        "7 steps: a move ends after six squares"
    );
    assert!(g.walk(None, &[E, E, E, S, W, W]).is_ok());
}

#[test]
fn altering_stuns_shifts_and_relocates() {
    let mut g = placed();
    g.set_roll(6).unwrap();
    g.walk(None, &[]).unwrap();
    // 1-5 holds player 2's penguin: stunned.
    let said = g.alter(1, 5).unwrap();
    assert_eq!(
        said[1],
        "player 2 is on 1-5: stunned, and misses their next turn"
    );
    assert!(g.penguins[1].stunned);
    // The turn passes over player 2, who is free again after.
    let said = g.done().unwrap();
    assert_eq!(said, ["player 2 is stunned and passes", "player 1 to roll"]);
    assert!(!g.penguins[1].stunned);
    // 3-3 is vacant: it may move, beside the board, on open table.
    g.set_roll(6).unwrap();
    g.walk(None, &[]).unwrap();
    let said = g.alter(3, 3).unwrap();
    assert!(said[1].to_string().starts_with("3-3 is vacant"));
    assert_eq!(
        g.relocate(Domino::new(3, 3), (2, 5), false, None)
            .unwrap_err(),
        "r2c5 is covered by 1-5: a domino goes on open table"
    );
    assert_eq!(
        g.relocate(Domino::new(3, 3), (5, 1), false, None)
            .unwrap_err(),
        "3-3 at r5c1 would touch no other domino: it must lie beside the board"
    );
    assert_eq!(
        g.relocate(Domino::new(0, 4), (3, 1), false, None)
            .unwrap_err(),
        "only 3-3 may be moved this turn"
    );
    // Down the table below 5-6: r3c1 and r4c1.
    assert_eq!(
        g.relocate(Domino::new(3, 3), (3, 1), true, None).unwrap(),
        "3-3 now lies at r3c1 down the table"
    );
    assert_eq!(g.pips((4, 1)), Some(3));
    assert!(g.relocate(Domino::new(3, 3), (3, 2), true, None).is_err());
}

#[test]
fn a_domino_laid_above_renumbers_the_board() {
    let mut g = placed();
    g.set_roll(6).unwrap();
    g.walk(None, &[]).unwrap();
    g.alter(3, 3).unwrap();
    // Above 1-2: row 0, so everything shifts down a row.
    let said = g.relocate(Domino::new(3, 3), (0, 1), false, None).unwrap();
    assert!(
        said.to_string()
            .ends_with("renumbered from its new top-left square"),
        "{said}"
    );
    assert_eq!(g.pips((1, 1)), Some(3));
    assert_eq!(g.buddies[2].at, Some((3, 1)));
}

#[test]
fn buddies_shift_and_go_home_to_their_penguin() {
    let mut g = placed();
    g.set_roll(6).unwrap();
    g.walk(None, &[]).unwrap();
    // 0-4 holds player 2's buddy (r1c5) and player 1's (r1c6).
    let said = g.alter(4, 6).unwrap();
    assert_eq!(said[1], "4-6 is not on the board: nothing happens");
    let mut g = placed();
    g.set_roll(6).unwrap();
    g.walk(None, &[]).unwrap();
    let said = g.alter(4, 0);
    assert!(
        said.unwrap_err()
            .to_string()
            .contains("a die here shows 1 to 6")
    );
    let mut g = placed();
    g.set_roll(6).unwrap();
    g.walk(None, &[]).unwrap();
    g.alter(6, 5).unwrap(); // 5-6 holds player 2's buddy on r2c1
    assert_eq!(g.rights.shift, [2]);
    // Onto player 1's penguin (on 1-2's middle, above): not its owner.
    assert_eq!(
        g.shift((2, 1), N).unwrap_err(),
        "player 1's penguin is on r1c1: a buddy goes to a free square or to its own penguin"
    );
    assert_eq!(
        g.shift((2, 1), E).unwrap(),
        "player 2's buddy moved east to r2c2"
    );
    assert!(
        g.shift((2, 2), E)
            .unwrap_err()
            .to_string()
            .contains("no buddy on r2c2 may move")
    );
    // Onto its own penguin: picked up.
    let mut g = placed();
    g.penguins[1].at = Some((2, 2));
    g.set_roll(6).unwrap();
    g.walk(None, &[]).unwrap();
    g.alter(6, 5).unwrap();
    assert_eq!(
        g.shift((2, 1), E).unwrap(),
        "the buddy moved east onto player 2's penguin, who picks it up (carrying 1)"
    );
    assert_eq!(g.penguins[1].carrying, 1);
}

#[test]
fn home_with_both_buddies_wins() {
    let mut g = placed();
    g.buddies[0].at = None;
    g.buddies[1].at = None;
    g.penguins[0].carrying = 2;
    g.set_roll(6).unwrap();
    g.walk(None, &[]).unwrap();
    g.alter(6, 6).unwrap();
    let said = g.done().unwrap();
    assert_eq!(said, ["player 1 is home with both buddies: player 1 wins!"]);
    assert_eq!((g.phase, g.winner), (Phase::Over, Some(0)));
    assert!(
        g.set_roll(3)
            .unwrap_err()
            .to_string()
            .contains("game is over")
    );
}

#[test]
fn a_players_layout_is_checked() {
    let full: Vec<String> = Domino::set(6)
        .iter()
        .enumerate()
        .map(|(i, d)| format!("{}-{}@r{}c{}", d.low, d.high, i / 4 + 1, 2 * (i % 4) + 1))
        .collect();
    let words: Vec<&str> = full.iter().map(String::as_str).collect();
    assert_eq!(read_layout(&words, 6).unwrap().len(), 28);
    let e = read_layout(&words[1..], 6).unwrap_err().to_string();
    assert_eq!(e, "27 dominoes laid; a double-6 set has 28 (missing 0-0)");
    let mut bad = words.clone();
    bad[1] = "0-1@r1c2";
    assert_eq!(
        read_layout(&bad, 6).unwrap_err(),
        "0-1@r1c2: r1c2 is covered twice"
    );
    let mut far = full.clone();
    far[27] = "6-6@r20c20v".into();
    let far: Vec<&str> = far.iter().map(String::as_str).collect();
    assert_eq!(
        read_layout(&far, 6).unwrap_err(),
        "6-6@r20c20v touches no other domino"
    );
    assert!(
        read_layout(&["3-5@x"], 6)
            .unwrap_err()
            .to_string()
            .contains("'3-5@x' is not a laid domino")
    );
}

#[test]
fn random_play_keeps_the_game_whole() {
    // Random turns on random boards: every step the rules accept leaves
    // a game that passes its own check, and buddies get picked up.
    let mut rng = crate::random::TableRng::new(5);
    let mut picked = 0;
    for seed in 0..30 {
        let mut r = crate::random::TableRng::new(seed);
        let b = super::super::board::lay(6, &mut r);
        let players = 2 + (seed as usize % 3);
        let nests: Vec<Domino> = super::super::board::nests(&b, players, &mut r)
            .into_iter()
            .map(|n| n.0)
            .collect();
        let set: HashSet<Domino> = Domino::set(6).into_iter().collect();
        let mut g = Night::new(from_rows(&b.rows), &nests, 6);
        let dirs = Dir::CLOCKWISE;
        for _ in 0..400 {
            let die = |rng: &mut crate::random::TableRng| rng.below(6) as u8 + 1;
            match g.phase {
                Phase::Place => {
                    let free = g.vacant_squares();
                    g.place(free[rng.below(free.len() as u64) as usize])
                        .unwrap();
                }
                Phase::Roll => {
                    g.set_roll(die(&mut rng)).unwrap();
                }
                Phase::Move => {
                    let mut moved = false;
                    for _ in 0..30 {
                        let n = rng.below(7) as usize;
                        let route: Vec<Dir> = (0..n).map(|_| dirs[rng.below(4) as usize]).collect();
                        if g.walk(None, &route).is_ok() {
                            moved = true;
                            break;
                        }
                    }
                    if !moved {
                        // Every route in turn, shortest first; staying
                        // (from the first half, if on the nest's middle).
                        let from = g.penguin_squares(g.to_move)[0];
                        let all = (1..=6u32).flat_map(|n| {
                            (0..4usize.pow(n)).map(move |k| {
                                (0..n).map(|i| dirs[(k >> (2 * i)) & 3]).collect::<Vec<_>>()
                            })
                        });
                        let ok = g.walk(Some(from), &[]).is_ok()
                            || all
                                .into_iter()
                                .any(|route| g.walk(Some(from), &route).is_ok());
                        assert!(ok, "seed {seed}: some move is always allowed");
                    }
                }
                Phase::Moved => {
                    for _ in 0..3 {
                        let sq = g.vacant_squares();
                        let _ = g.shift(sq[0], dirs[rng.below(4) as usize]);
                    }
                    g.alter(die(&mut rng), die(&mut rng)).unwrap();
                }
                Phase::Altered => {
                    if let Some(d) = g.rights.relocate {
                        for _ in 0..20 {
                            let to = (rng.below(10) as i32, rng.below(10) as i32);
                            if g.relocate(d, to, rng.coin(), None).is_ok() {
                                break;
                            }
                        }
                    }
                    for b in g.rights.shift.clone() {
                        if let Some(s) = g.buddies[b].at {
                            let _ = g.shift(s, dirs[rng.below(4) as usize]);
                        }
                    }
                    g.done().unwrap();
                }
                Phase::Over => break,
            }
            assert_eq!(g.check(&set), Ok(()), "seed {seed}");
        }
        picked += g
            .penguins
            .iter()
            .map(|p| usize::from(p.carrying))
            .sum::<usize>();
    }
    assert!(picked > 0, "random play picks buddies up now and then");
}

#[test]
fn buddies_pass_left() {
    assert_eq!(buddy_holders(0, 4), [1, 2]);
    assert_eq!(buddy_holders(3, 4), [0, 1]);
    assert_eq!(buddy_holders(0, 2), [1, 1]);
    assert_eq!(buddy_holders(2, 3), [0, 1]);
}

/// A relocated domino may be turned (the pips named first go on the
/// square named), and putting it back where it lies moves nothing, so it
/// is refused and the right to relocate is kept (issue #28 item 6).
#[test]
fn a_relocated_domino_is_turned_as_named() {
    let mut g = game();
    // Buddies on 2-2, 3-3 and 0-4: 5-6 is left vacant.
    for s in [(2, 3), (1, 3), (1, 5), (1, 6)] {
        g.place(s).unwrap();
    }
    g.set_roll(6).unwrap();
    g.walk(None, &[]).unwrap();
    let said = g.alter(5, 6).unwrap();
    assert!(said[1].to_string().starts_with("5-6 is vacant"), "{said:?}");
    let d = Domino::new(5, 6);
    assert_eq!(
        g.relocate(d, (2, 1), false, None).unwrap_err(),
        "5-6 already lies on r2c1 that way: relocating it there moves nothing"
    );
    assert_eq!(g.rights.relocate, Some(d));
    // Below 2-2, turned: the 6 on r3c3.
    g.relocate(d, (3, 3), false, Some(6)).unwrap();
    assert_eq!(g.pips((3, 3)), Some(6));
    assert_eq!(g.pips((3, 4)), Some(5));
}

/// The night's end read twice (#80 item 3): `done`'s win check, and the
/// score sheet of the rule file (`pad new penguins`) on what a table
/// would enter, the buddies the penguin carries and whether it stands
/// in its nest, agree on every case of both.
#[test]
fn the_win_and_the_rule_files_sheet_agree() {
    let text = include_str!("../../../../rules/penguins-night-out.yaml");
    let sheet = crate::sheet::Sheet::new(crate::sheet::in_rule_file(text, None).unwrap()).unwrap();
    use crate::sheet::formula::Value;
    let names = ["ann".to_string(), "ben".to_string()];
    for carrying in 0..=2u8 {
        for home in [true, false] {
            let mut g = placed();
            g.phase = Phase::Altered;
            g.to_move = 0;
            g.penguins[0].carrying = carrying;
            // On the middle of its nest (1-2), or on 3-3 beside it.
            g.penguins[0].at = if home { None } else { Some((1, 3)) };
            g.done().unwrap();
            // Ben, where he stands, carrying nothing.
            let entries = vec![vec![
                vec![Some(Value::Number(carrying.into())), Some(Value::Number(0))],
                vec![Some(Value::Number(home.into())), Some(Value::Number(0))],
            ]];
            let scores = sheet.score(&entries, 2).unwrap();
            let standing = sheet.standing(&scores, &names);
            let sheet_says = standing.winners == vec![0];
            assert_eq!(
                g.winner == Some(0),
                sheet_says,
                "carrying {carrying}, home {home}: {standing:?}"
            );
        }
    }
}
