use super::*;

fn game(cups: &[&[u8]]) -> Liars {
    Liars {
        people: (0..cups.len()).map(|i| format!("p{i}")).collect(),
        cups: cups.iter().map(|c| c.to_vec()).collect(),
        bid: None,
        to_move: 0,
        round: 1,
        seed: 7,
        ones_wild: true,
        last: None,
    }
}

fn act(g: &mut Liars, a: LiarsAction) -> Result<Vec<Event>, GameError> {
    g.apply(&a, &mut TableRng::new(0))
}

fn bid(quantity: u8, face: u8) -> LiarsAction {
    LiarsAction::Bid { quantity, face }
}

#[test]
fn raises_follow_the_ones_rules() {
    let mut g = game(&[&[1, 2, 3, 4, 5], &[1, 1, 6, 6, 6]]);
    assert_eq!(
        g.refuse_bid(2, 1).as_deref(),
        Some("a round does not open on ones (they are wild): bid another face")
    );
    act(&mut g, bid(4, 4)).unwrap();
    // Switching to ones: half, rounded up.
    assert!(g.refuse_bid(1, 1).is_some());
    assert!(g.refuse_bid(2, 1).is_none());
    assert!(g.refuse_bid(4, 3).is_some());
    assert!(g.refuse_bid(4, 5).is_none());
    act(&mut g, bid(2, 1)).unwrap();
    // Leaving ones: twice and one more.
    assert_eq!(
        g.refuse_bid(4, 6).as_deref(),
        Some("4 × 6s does not beat 2 × 1s: bid at least 5 of another face")
    );
    assert!(g.refuse_bid(5, 2).is_none());
    assert_eq!(
        g.refuse_bid(11, 2).as_deref(),
        Some("only 10 dice are in play: a bid of 11 cannot be true")
    );
}

#[test]
fn a_call_counts_ones_as_wild_and_costs_the_loser_a_die() {
    let mut g = game(&[&[1, 2, 3, 4, 5], &[1, 1, 6, 6, 6]]);
    act(&mut g, bid(5, 6)).unwrap();
    // 6 6 6 and three ones: 6 count; the bid stands, the caller loses.
    let said = act(&mut g, LiarsAction::Challenge).unwrap();
    let text: Vec<String> = said.iter().map(ToString::to_string).collect();
    assert_eq!(
        text[..2],
        [
            "the cups are lifted: p0 1 2 3 4 5; p1 1 1 6 6 6".to_string(),
            "p1 calls p0's 5 × 6s a lie: 6 counted, so the bid was true; p1 loses a die"
                .to_string(),
        ]
    );
    assert_eq!(g.cups[1].len(), 4);
    assert_eq!(g.to_move, 1, "the loser opens the next round");
    assert_eq!(g.round, 2);
    assert_eq!(g.bid, None);
    // The last call stays on the table, lifted.
    assert_eq!(g.last.as_ref().map(|r| r.counted), Some(6));
}

#[test]
fn the_last_with_dice_wins() {
    let mut g = game(&[&[2], &[3], &[4, 4]]);
    act(&mut g, bid(3, 6)).unwrap();
    // Seat 1 calls: no sixes, no ones: seat 0 loses its last die and is out.
    let said = act(&mut g, LiarsAction::Challenge).unwrap();
    assert!(said.contains(&Event::Out { who: "p0".into() }));
    assert_eq!(g.to_move, 1, "the next player with dice opens");
    act(&mut g, bid(1, 2)).unwrap();
    act(&mut g, LiarsAction::Challenge).unwrap();
    // Whoever lost, play goes on until one is left.
    while g.winner().is_none() {
        let a = g.legal()[0].clone();
        act(&mut g, a).unwrap();
    }
    assert!(g.turn().over);
    assert!(g.secrets(None).is_empty(), "an ended game keeps nothing");
}

#[test]
fn each_seat_sees_its_own_cup_and_no_other() {
    let g = Liars::new(vec!["ann".into(), "ben".into(), "cy".into()], true, 42);
    let shown = |seat: Option<usize>| -> Vec<(String, f64)> {
        g.view(seat)
            .pieces
            .iter()
            .filter(|p| p.kind == crate::layout::Kind::Die)
            .filter_map(|p| Some((p.rank.clone()?, p.y)))
            .collect()
    };
    assert!(shown(None).is_empty(), "the table sees no die");
    for s in 0..3 {
        let faces = shown(Some(s));
        let own: Vec<String> = g.cups[s].iter().map(u8::to_string).collect();
        assert_eq!(faces.iter().map(|f| f.0.clone()).collect::<Vec<_>>(), own);
        // All of them in the seat's own row.
        assert!(faces.iter().all(|f| f.1 == -(s as f64) * 0.8));
        let secrets = g.secrets(Some(s));
        assert!(!secrets.contains(&faces_of(&g.cups[s])));
        assert!(secrets.contains(&faces_of(&g.cups[(s + 1) % 3])));
    }
}

fn faces_of(d: &[u8]) -> String {
    faces(d)
}

#[test]
fn the_same_seed_shakes_the_same_and_rounds_differ() {
    let a = Liars::new(vec![String::new(); 4], true, 9);
    let b = Liars::new(vec![String::new(); 4], true, 9);
    assert_eq!(a.cups, b.cups);
    let mut c = a.clone();
    c.round = 2;
    c.shake();
    assert_ne!(a.cups, c.cups);
}

#[test]
fn the_frame_seals_its_deal_with_no_flag() {
    use crate::games::Wing;
    const { assert!(!<super::LiarsDice as Wing>::SEALS_DEAL) };
    assert!(crate::games::record::seals_deal(Game::LiarsDice));
}
