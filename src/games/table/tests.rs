use super::*;
use crate::games::wing::{Play, Turn};
use crate::random::TableRng;

fn names(all: &[&str]) -> Vec<String> {
    all.iter().map(|s| s.to_string()).collect()
}

fn take(t: &mut Seating, a: TableAction) -> Result<Vec<Event>, GameError> {
    t.apply(&a, &mut TableRng::new(1))
}

#[test]
fn a_person_is_found_however_typed_and_shown_as_written() {
    let t = Seating::new(&names(&["Ann", "Ben", "Zoë", "Li Wei"]));
    assert_eq!(t.find("zoe").unwrap().name, "Zoë");
    assert_eq!(t.find("ZOË").unwrap().name, "Zoë");
    assert_eq!(t.find("li").unwrap().name, "Li Wei");
    assert_eq!(t.find("li wei").unwrap().id, 4);
    assert_eq!(
        t.find("zoee").unwrap_err().to_string(),
        "nobody at the table is called zoee (did you mean Zoë?) (Ann, Ben, Zoë, Li Wei)"
    );
    assert_eq!(
        t.find("nobody").unwrap_err().to_string(),
        "nobody at the table is called nobody (Ann, Ben, Zoë, Li Wei)"
    );
}

#[test]
fn people_keep_their_ids_through_every_edit() {
    let mut t = Seating::new(&names(&["Ann", "Ben", "Zoë"]));
    take(&mut t, TableAction::Turn { at: 10, by: None }).unwrap();
    take(&mut t, TableAction::Turn { at: 40, by: None }).unwrap();
    assert_eq!(t.people[t.turn.unwrap()].name, "Ben");
    take(
        &mut t,
        TableAction::Add {
            name: "Li Wei".into(),
        },
    )
    .unwrap();
    take(
        &mut t,
        TableAction::Move {
            name: "li".into(),
            to: 1,
        },
    )
    .unwrap();
    assert_eq!(t.names(), names(&["Li Wei", "Ann", "Ben", "Zoë"]));
    // Whose turn it is and who starts follow the people, not the places.
    assert_eq!(t.people[t.turn.unwrap()].name, "Ben");
    assert_eq!(t.people[t.first].name, "Ann");
    take(
        &mut t,
        TableAction::Rename {
            from: "ben".into(),
            to: "Benjamin".into(),
        },
    )
    .unwrap();
    assert_eq!(t.find("benj").unwrap().id, 2);
    assert_eq!(t.people[0].thought, 0);
    assert_eq!(t.by_id(1).unwrap().thought, 30);
    take(&mut t, TableAction::Remove { name: "ann".into() }).unwrap();
    assert_eq!(t.names(), names(&["Li Wei", "Benjamin", "Zoë"]));
    assert_eq!(t.people[t.first].name, "Li Wei");
    assert!(t.check().is_ok());
    // A name that reads as one already seated is refused, naming both.
    let before = t.clone();
    assert_eq!(
        take(&mut t, TableAction::Add { name: "ZOE".into() })
            .unwrap_err()
            .to_string(),
        "Zoë already sits at the table ('ZOE' reads as the same name)"
    );
    assert_eq!(t, before);
}

#[test]
fn only_the_holder_passes_from_a_seat() {
    let mut t = Seating::new(&names(&["ann", "ben"]));
    let before = t.clone();
    assert_eq!(
        take(&mut t, TableAction::Turn { at: 1, by: Some(2) })
            .unwrap_err()
            .to_string(),
        "it is ann's turn: only ann passes it"
    );
    assert_eq!(t, before);
    take(&mut t, TableAction::Turn { at: 1, by: Some(1) }).unwrap();
    assert_eq!(t.people[t.turn.unwrap()].name, "ann");
    take(&mut t, TableAction::Turn { at: 5, by: Some(1) }).unwrap();
    assert_eq!(t.people[t.turn.unwrap()].name, "ben");
}

#[test]
fn the_game_in_play_says_whose_turn_it_is() {
    let mut t = Seating::new(&names(&["Ann", "Ben", "Zoë"]));
    t.turn = Some(0);
    // The game seats Zoë first, then Ann.
    t.playing = Some(Playing {
        game: "a-game".into(),
        seats: vec![3, 1],
    });
    let in_play = |seat, over| InPlay {
        game: "a-game".into(),
        title: "A Game".into(),
        turn: Turn {
            to_move: Some("x".into()),
            next: "`game move`".into(),
            over,
            seat: Some(seat),
            role: Some("Arms".into()),
        },
    };
    let g = in_play(0, false);
    let h = t.holder(Some(&g)).unwrap();
    assert_eq!(h.person.name, "Zoë");
    assert_eq!(h.game, Some(("A Game", Some("Arms"))));
    let g = in_play(1, false);
    assert_eq!(t.holder(Some(&g)).unwrap().person.name, "Ann");
    // Over, the turn goes round the table again.
    let g = in_play(1, true);
    assert_eq!(t.holder(Some(&g)).unwrap().person.name, "Ann");
    assert_eq!(t.holder(Some(&g)).unwrap().game, None);
    // Someone of the game leaves: the game is no longer the table's.
    take(&mut t, TableAction::Remove { name: "zoe".into() }).unwrap();
    assert_eq!(t.playing, None);
}

#[test]
fn names_that_hide_or_fold_alike_are_refused() {
    for bad in ["ann\u{200b}", "\u{202e}nna", "--remove", "add", "12"] {
        assert!(check_name(bad).is_err(), "{bad:?}");
    }
    assert_eq!(
        words::players(&names(&["ann", "ANN"]))
            .unwrap_err()
            .to_string(),
        "'ANN' and 'ann' read as the same name: give each person a name of their own"
    );
    assert_eq!(
        words::players(&names(&["--remove", "ben"]))
            .unwrap_err()
            .to_string(),
        "'--remove' is not a name nor a word of `players`: did you mean `players remove ...`?"
    );
}
