//! Hand-worked turns on an unshuffled deck. The deal lays clubs A to Q in
//! the upper row (AC 2C 3C | 4C 5C | 6C | 7C | 8C 9C | 10C JC QC), KC and
//! the diamonds to JD in the lower row (KC AD 2D | 3D 4D | 5D | 6D | 7D 8D
//! | 9D 10D JD); QD is turned up (red: red cards awaken the lower row) and
//! the deck of awakening is KD, then the hearts, then the spades.

use super::*;
use crate::games::troll::bridge::{Row, Spot};

fn game() -> Troll {
    deal(&Card::deck(false), 4, Options::default())
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn spot(row: Row, slot: u8) -> Spot {
    Spot::new(row, slot)
}

fn no_roll() -> u8 {
    panic!("the test gives every die")
}

fn awaken(g: &mut Troll, die: u8) -> Vec<String> {
    g.awaken(
        Awakening {
            card: None,
            die: Some(die),
        },
        &mut no_roll,
    )
    .unwrap()
    .iter()
    .map(ToString::to_string)
    .collect()
}

#[test]
fn the_deal_is_as_the_rules_lay_it() {
    let g = game();
    assert_eq!(g.check(), Ok(()));
    assert_eq!(g.upper[0], ["AC", "2C", "3C"]);
    assert_eq!(g.lower[5], ["9D", "10D", "JD"]);
    assert_eq!((g.played[0].as_str(), g.lower_red), ("QD", true));
    assert_eq!((g.deck.len(), g.deck[0].as_str()), (27, "KD"));
    assert_eq!(g.troll(), spot(Row::Lower, 4));
    // The diary's easier bridges: one and two more cards a slot.
    for (bridge, deck) in [(36, 15), (48, 3)] {
        let options = Options {
            bridge,
            ..Options::default()
        };
        let g = deal(&Card::deck(false), 1, options);
        assert_eq!((g.deck.len(), g.check()), (deck, Ok(())));
        assert_eq!(g.upper[0].len(), 3 + (bridge - 24) / 12);
    }
}

#[test]
fn a_turn_awakens_acts_and_flees() {
    let mut g = game();
    // KD is red: the lower row; die 3 wakes 5D.
    let said = awaken(&mut g, 3);
    assert_eq!(said[0], "KD (from the deck, red): lower row; die 3");
    assert_eq!(said[1], "the brick in lower slot 3 awakens: 5D");
    assert_eq!(g.phase, Phase::Act);
    // Standing on dormant 6D: nothing to stomp.
    assert!(
        g.act(Action::Stomp)
            .unwrap_err()
            .to_string()
            .contains("dormant")
    );
    g.act(Action::PickUp(Dir::W)).unwrap();
    assert_eq!(
        g.held,
        [Held {
            card: "5D".into(),
            awake: true
        }]
    );
    assert!(g.lower[2].is_empty());
    // Back to where the turn began: refused.
    g.act(Action::Move(Dir::E)).unwrap();
    assert_eq!(g.troll(), spot(Row::Lower, 5));
    // The second action ended the turn: nothing awake, no flight; the
    // next turn draws from the deck (nothing was set aside).
    assert_eq!((g.turn, g.phase, g.draw), (2, Phase::Awaken, true));
    // AH: lower row, die 6 wakes JD; the diamond is thrown right from
    // slot 5 and hits it; the diamond is set aside.
    awaken(&mut g, 6);
    assert!(g.is_awake(spot(Row::Lower, 6)));
    let said = g.act(Action::Throw(Dir::E)).unwrap();
    assert_eq!(
        said[0],
        "the troll throws the diamond right: it hits JD in lower slot 6, now dormant; 5D is set aside"
    );
    assert_eq!(g.aside, ["5D"]);
    g.act(Action::Move(Dir::N)).unwrap();
    // Turn 3 plays the set-aside 5D (red: lower row), no deck card.
    assert_eq!((g.pending.clone(), g.draw), (vec!["5D".to_string()], false));
    assert_eq!(g.deck.len(), 25);
    awaken(&mut g, 2);
    assert!(g.is_awake(spot(Row::Lower, 2)));
    assert_eq!(g.check(), Ok(()));
}

#[test]
fn the_same_brick_is_never_stood_on_twice_in_a_turn() {
    let mut g = game();
    awaken(&mut g, 1);
    g.act(Action::Move(Dir::W)).unwrap();
    let e = g.act(Action::Move(Dir::E)).unwrap_err().to_string();
    assert_eq!(
        e,
        "the troll has stood on lower slot 4 this turn: never the same brick twice in a turn"
    );
}

#[test]
fn an_empty_slot_passes_the_awakening_toward_the_bank() {
    let mut g = game();
    g.lower[2].clear();
    // Die 3 (nearer the left bank) on an empty slot: slot 2 wakes.
    let said = awaken(&mut g, 3);
    assert_eq!(
        said[1],
        "slot 3 is empty: the brick in lower slot 2 awakens instead"
    );
    assert!(g.is_awake(spot(Row::Lower, 2)));
}

#[test]
fn a_second_awakening_flies_off_and_takes_the_troll_with_it() {
    let mut g = game();
    g.awake.push("6D".into()); // the brick under the troll, lower 4
    let said = awaken(&mut g, 4);
    assert!(
        said[1]
            .to_string()
            .contains("was awake already: it flies away")
    );
    let o = g.outcome.clone().unwrap();
    assert!(!o.troll_won);
    assert_eq!(o.score, 26);
    assert_eq!(g.phase, Phase::Over);
    assert!(
        g.act(Action::Stomp)
            .unwrap_err()
            .to_string()
            .contains("game is over")
    );
}

#[test]
fn awake_bricks_flee_toward_the_nearer_bank_unless_the_troll_blocks() {
    let mut g = game();
    awaken(&mut g, 6); // JD in lower 6 awake
    // Upper 1 and upper 3 awake too; the troll goes to upper 2.
    g.awake.extend(["3C".to_string(), "6C".to_string()]);
    g.act(Action::Move(Dir::N)).unwrap();
    g.act(Action::Move(Dir::W)).unwrap();
    assert_eq!(g.troll(), spot(Row::Upper, 3));
    // The troll stands on upper 3 (6C awake, cannot flee). Upper 1's 3C
    // heads for the left bank: fled. JD (lower 6) flees right. Both are
    // played in the next awakening, in the order they left.
    assert_eq!(g.pending, ["3C", "JD"]);
    assert_eq!(g.upper[0], ["AC", "2C"]);
    assert!(g.is_awake(spot(Row::Upper, 3)));
    let mut g = game();
    awaken(&mut g, 1);
    // 3C on upper 1? No: KD woke lower 1 (2D). Put the troll on lower 2
    // and wake upper 3: blocked only in its own row.
    g.awake.push("6C".into());
    g.act(Action::Move(Dir::W)).unwrap(); // lower 3
    g.act(Action::Move(Dir::W)).unwrap(); // lower 2
    // 2D on lower 1 heads left (nothing between it and the left bank).
    // 6C on upper 3 heads left to upper 2 (the troll is in the other row).
    assert_eq!(g.pending, ["2D"]);
    assert_eq!(g.upper[1], ["4C", "5C", "6C"]);
    assert!(g.upper[2].is_empty());
    // Now the troll blocks: 5D on lower 3 is nearer the left bank, but
    // with the troll on lower 1 (its second step) it goes right, to 4.
    let mut g = game();
    awaken(&mut g, 3); // 5D on lower 3
    g.troll_slot = 2;
    g.acted = 1;
    g.visited = vec![g.troll()];
    g.act(Action::Move(Dir::W)).unwrap();
    assert_eq!(g.troll(), spot(Row::Lower, 1));
    assert_eq!(g.lower[3], ["6D", "5D"]);
    assert!(g.lower[2].is_empty());
}

#[test]
fn the_bridge_collapses_when_the_banks_are_no_longer_joined() {
    let mut g = game();
    assert!(g.stands());
    // A gap both rows share at slot 3: down.
    g.upper[2].clear();
    g.lower[2].clear();
    assert!(!g.stands());
    // A zigzag through both rows is enough: lower 1-2, upper 2-4,
    // lower 4-6.
    let mut g = game();
    g.lower[2].clear();
    g.upper[4].clear();
    assert!(g.stands());
    g.upper[2].clear();
    assert!(!g.stands());
    // Both slot-6 stacks gone: a bare end.
    let mut h = game();
    h.upper[5].clear();
    h.lower[5].clear();
    assert!(!h.stands());
    // A flight that empties the last slot-6 brick collapses the bridge.
    let mut g = game();
    g.upper[5].clear();
    g.lower[5] = vec!["JD".into()];
    g.deck.extend([
        "9D".to_string(),
        "10D".to_string(),
        "JC".to_string(),
        "QC".to_string(),
        "10C".to_string(),
    ]);
    awaken(&mut g, 6);
    g.act(Action::Move(Dir::W)).unwrap();
    let said = g.act(Action::Move(Dir::N)).unwrap();
    assert!(
        said.iter()
            .any(|l| l.to_string().contains("JD leaves lower slot 6"))
    );
    let o = g.outcome.unwrap();
    assert_eq!((o.troll_won, o.score), (false, 31));
}

#[test]
fn the_troll_wins_when_the_deck_is_spent_and_all_sleep() {
    let mut g = game();
    // The last card of the deck: KD wakes 5D; stomp it after stepping on.
    let rest: Vec<String> = g.deck.drain(1..).collect();
    g.played.extend(rest);
    awaken(&mut g, 3);
    g.act(Action::Move(Dir::W)).unwrap();
    let said = g.act(Action::Stomp).unwrap();
    let o = g.outcome.clone().unwrap();
    assert!(o.troll_won && o.perfect, "{said:?}");
    assert_eq!(o.score, 0);
    assert!(said.last().unwrap().to_string().contains("a perfect win"));
}

#[test]
fn what_the_troll_may_hold_and_use() {
    let mut g = game();
    // A heart cannot be picked up.
    g.lower[2] = vec!["5H".into()];
    g.deck.retain(|c| c != "5H");
    g.deck.push("5D".into());
    awaken(&mut g, 3); // KD: lower 3, the heart wakes
    assert_eq!(
        g.act(Action::PickUp(Dir::W)).unwrap_err(),
        "5H is a heart: a troll cannot have a heart"
    );
    // A club needs a club in hand.
    assert!(
        g.act(Action::Club(Dir::W))
            .unwrap_err()
            .to_string()
            .contains("no awake clubs")
    );
    // THE CLUB: kept after use, and nothing else is picked up.
    let mut g = game();
    g.upper[3] = vec!["AC".into()];
    g.upper[0] = vec!["7C".into(), "2C".into(), "3C".into()];
    // KS first (black: the upper row), KD to the bottom.
    g.deck.retain(|c| c != "KS" && c != "KD");
    g.deck.insert(0, "KS".into());
    g.deck.push("KD".into());
    awaken(&mut g, 4);
    g.act(Action::PickUp(Dir::N)).unwrap();
    assert!(g.upper[3].is_empty() && g.held[0].card == "AC");
    g.act(Action::Move(Dir::E)).unwrap();
    // Turn 2: AH wakes lower 1; THE CLUB beats JD, awake beside it.
    g.awake.push("JD".into());
    awaken(&mut g, 1);
    let said = g.act(Action::Club(Dir::E)).unwrap();
    assert!(
        said[0]
            .to_string()
            .ends_with("AC is kept (it can be used again)"),
        "{said:?}"
    );
    assert_eq!(g.held.len(), 1);
    g.awake.push("6D".into());
    assert!(
        g.act(Action::PickUp(Dir::W))
            .unwrap_err()
            .to_string()
            .contains("for good")
    );
    assert_eq!(g.check(), Ok(()));
}

#[test]
fn a_spade_shovels_a_brick_to_lay_down_elsewhere() {
    let mut g = game();
    g.held.push(Held {
        card: "KS".into(),
        awake: true,
    });
    g.deck.retain(|c| c != "KS");
    awaken(&mut g, 3); // 5D awake, beside the troll on lower 4
    g.act(Action::Shovel(Dir::W)).unwrap();
    assert_eq!(
        g.held,
        [Held {
            card: "5D".into(),
            awake: false
        }]
    );
    assert_eq!(g.aside, ["KS"]);
    // Lay it into the empty slot it came from: the gap is filled.
    assert!(g.lower[2].is_empty());
    g.act(Action::LayDown(Dir::W)).unwrap();
    assert_eq!(g.lower[2], ["5D"]);
    assert!(g.held.is_empty());
    assert_eq!(g.check(), Ok(()));
}

#[test]
fn a_game_of_the_players_own_cards_names_what_turns_up() {
    let mut g = table_game(card("4C"), 2, Options::default(), None);
    assert_eq!(g.check(), Ok(()));
    assert!(!g.lower_red);
    // A card must be named.
    let e = g
        .awaken(Awakening::default(), &mut no_roll)
        .unwrap_err()
        .to_string();
    assert!(e.contains("`troll card 7H`"), "{e}");
    // 4C is already in the stacks.
    let e = g
        .awaken(
            Awakening {
                card: Some(card("4C")),
                die: Some(2),
            },
            &mut no_roll,
        )
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "4C cannot be drawn: it is already played into the stacks"
    );
    g.awaken(
        Awakening {
            card: Some(card("7S")),
            die: Some(2),
        },
        &mut no_roll,
    )
    .unwrap();
    // The brick on lower 2 woke: the troll's own; it must be named.
    assert_eq!(g.phase, Phase::Name);
    assert!(
        g.act(Action::Stomp)
            .unwrap_err()
            .to_string()
            .contains("name the brick")
    );
    assert!(
        g.name_brick(card("7S"))
            .unwrap_err()
            .to_string()
            .contains("already played")
    );
    g.name_brick(card("QH")).unwrap();
    assert_eq!(g.phase, Phase::Act);
    assert_eq!(g.top(spot(Row::Lower, 2)).map(String::as_str), Some("QH"));
    g.act(Action::Stomp).unwrap();
    assert_eq!(g.check(), Ok(()));
}

#[test]
fn a_saved_game_from_before_play_along_reads_back() {
    let old = serde_json::json!({
        "upper": game().upper, "lower": game().lower, "deck": game().deck,
        "played": ["QD"], "lower_red": true, "troll_slot": 4,
    });
    let g: Troll = serde_json::from_value(old).unwrap();
    assert_eq!(g, game());
}

#[test]
fn check_refuses_impossible_games() {
    let t = game();
    let bad = |f: &dyn Fn(&mut Troll)| {
        let mut g = t.clone();
        f(&mut g);
        g.check().unwrap_err()
    };
    assert!(
        bad(&|g| g.troll_slot = 200)
            .to_string()
            .contains("slot 200")
    );
    assert!(
        bad(&|g| g.deck[0] = g.deck[1].clone())
            .to_string()
            .contains("twice")
    );
    assert!(
        bad(&|g| g.deck[0] = "ZZ".into())
            .to_string()
            .contains("'ZZ'")
    );
    assert!(
        bad(&|g| g.lower_red = !g.lower_red)
            .to_string()
            .contains("colour")
    );
    assert!(
        bad(&|g| g.upper[0][0] = "5X".into())
            .to_string()
            .contains("'5X'")
    );
    assert!(
        bad(&|g| g.awake.push("AC".into()))
            .to_string()
            .contains("not on top")
    );
    assert!(
        bad(&|g| g.bridge = 30)
            .to_string()
            .contains("24, 36 and 48")
    );
    assert!(
        bad(&|g| {
            g.deck.pop();
        })
        .to_string()
        .contains("51 cards")
    );
}

#[test]
fn empty_slot_rule() {
    assert_eq!(awakened_slot(3, &[]), Some(3));
    assert_eq!(awakened_slot(3, &[3]), Some(2));
    assert_eq!(awakened_slot(3, &[1, 2, 3]), Some(4));
    assert_eq!(awakened_slot(4, &[4]), Some(5));
    assert_eq!(awakened_slot(4, &[4, 5, 6]), Some(3));
    assert_eq!(awakened_slot(2, &[1, 2, 3, 4, 5, 6]), None);
}

#[test]
fn random_play_never_breaks_the_game() {
    // Random legal actions and random dice for many games: every state
    // passes its own check, and each game ends or runs out of turns.
    let mut rng = crate::random::TableRng::new(11);
    for seed in 0..40 {
        let mut cards = Card::deck(false);
        crate::random::TableRng::new(seed).shuffle(&mut cards);
        let bridge = BRIDGES[seed as usize % 3];
        let variants = Variants {
            gift: seed % 4 == 1,
            club_start: seed % 5 == 2,
            diamond_ace: seed % 7 == 3,
        };
        let mut g = deal(
            &cards,
            3,
            Options {
                bridge,
                variants,
                first: None,
            },
        );
        for _ in 0..400 {
            match g.phase {
                Phase::Over => break,
                Phase::Awaken => {
                    let mut roll = || rng.below(6) as u8 + 1;
                    g.awaken(Awakening::default(), &mut roll).unwrap();
                }
                Phase::Act => {
                    let all = g.legal_actions();
                    assert!(!all.is_empty(), "the turn should have ended");
                    let a = all[rng.below(all.len() as u64) as usize];
                    g.act(a).unwrap();
                }
                Phase::Name => unreachable!("the tool knows every card"),
            }
            assert_eq!(g.check(), Ok(()), "seed {seed}");
        }
    }
}
