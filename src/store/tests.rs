//! The store against real database files in a temporary directory.

use rusqlite::Connection;

use super::*;
use crate::deck::{Deck, DeckKind, DeckRecord};
use crate::random::TableRng;

fn fresh() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path().join("data"));
    (dir, store)
}

fn bag() -> DeckRecord {
    Deck::new("bag", DeckKind::Cards, vec![], &mut TableRng::new(1)).record()
}

#[test]
fn a_failed_change_leaves_nothing_behind() {
    let (_d, store) = fresh();
    let r: Result<()> = store.change(Part::Decks, |c| {
        save_deck(c, &bag())?;
        Err(StoreError::Busy)
    });
    assert!(r.is_err());
    assert!(store.read(decks).unwrap().decks.is_empty());
    // Nothing was journaled either.
    assert_eq!(store.undo().unwrap(), None);
}

#[test]
fn the_schema_refuses_impossible_rows() {
    let (_d, store) = fresh();
    store
        .change(Part::Decks, |c| {
            save_deck(c, &bag())?;
            Ok::<_, StoreError>(((), Some("x".into())))
        })
        .unwrap();
    let conn = store.conn().unwrap();
    // Refused by a constraint, not for naming what does not exist.
    let refused = |sql: &str| {
        let e = conn.execute_batch(sql).unwrap_err().to_string();
        assert!(
            e.contains("constraint failed") || e.contains("only a custom deck"),
            "{sql}: {e}"
        );
    };
    // A card twice in one deck, in either pile.
    refused("INSERT INTO deck_items VALUES ('bag', 'AH', 0, 'drawn', 0)");
    refused("INSERT INTO deck_items VALUES ('bag', 'AH', 1, 'drawn', 0)");
    // Two decks whose names differ only in case.
    refused("INSERT INTO decks (name, kind) VALUES ('BAG', 'tiles')");
    refused("INSERT INTO decks (name, kind) VALUES ('x', 'spoons')");
    // A game's state is one JSON document, once per game, saved at
    // least once.
    refused("INSERT INTO games (game, state) VALUES ('x', 'not json')");
    refused("INSERT INTO games (game, state, version) VALUES ('x', '{}', 0)");
    refused("INSERT INTO games (game, state) VALUES ('', '{}')");
    refused(
        "INSERT INTO games (game, state) VALUES ('x', '{}'); INSERT INTO games (game, state) VALUES ('x', '{}')",
    );
    // The journal names only the store's parts.
    refused(
        "INSERT INTO journal (at, session, part, what, snapshot) VALUES (0, 's', 'cards', 'x', 'null')",
    );
}

#[test]
fn the_journal_keeps_the_last_hundred_changes() {
    let (_d, store) = fresh();
    for i in 0..130 {
        store
            .change(Part::Decks, |c| {
                let r = DeckRecord {
                    name: format!("d{i}"),
                    kind: DeckKind::Custom,
                    left: vec!["chit".into()],
                    drawn: vec![],
                    deal: None,
                };
                save_deck(c, &r)?;
                Ok::<_, StoreError>(((), Some(format!("deck new d{i}"))))
            })
            .unwrap();
    }
    let first = store.undo().unwrap().unwrap();
    assert_eq!(
        (first.what.as_str(), first.left, first.elsewhere),
        ("deck new d129", 99, false)
    );
    for _ in 0..99 {
        store.undo().unwrap().unwrap();
    }
    assert_eq!(store.undo().unwrap(), None);
    // The oldest 30 were never undoable: their decks remain.
    assert_eq!(store.read(decks).unwrap().decks.len(), 30);
}

#[test]
fn an_unrestorable_undo_entry_is_dropped_not_stuck() {
    let (_d, store) = fresh();
    for name in ["a", "b"] {
        store
            .change(Part::Decks, |c| {
                let mut r = bag();
                r.name = name.into();
                save_deck(c, &r)?;
                Ok::<_, StoreError>(((), Some(format!("deck new {name}"))))
            })
            .unwrap();
    }
    store
        .conn()
        .unwrap()
        .execute(
            "UPDATE journal SET snapshot = '[1]' WHERE what = 'deck new b'",
            [],
        )
        .unwrap();
    let e = store.undo().unwrap_err().to_string();
    assert!(
        e.contains("the undo entry for 'deck new b' is damaged"),
        "{e}"
    );
    // The bad entry changed nothing and is gone; the one before it works.
    assert_eq!(store.read(decks).unwrap().decks.len(), 2);
    assert_eq!(store.undo().unwrap().unwrap().what, "deck new a");
    assert!(store.read(decks).unwrap().decks.is_empty());
}

#[test]
fn opening_creates_a_wal_database_once() {
    let (_d, store) = fresh();
    assert!(!store.is_open());
    store.read(decks).unwrap();
    let path = store.dir().join(DB_FILE);
    let c = Connection::open(&path).unwrap();
    let mode: String = c
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    let v: i32 = c
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(v, schema::VERSION);
    // A second process opening it finds it ready.
    let again = Store::new(store.dir());
    again.read(decks).unwrap();
    assert!(again.take_warnings().is_empty());
}

/// The named indexes a store must have are those a fresh store makes: a
/// migration that adds one must name it in `schema::INDEXES`.
#[test]
fn the_indexes_checked_are_those_a_fresh_store_makes() {
    let c = rusqlite::Connection::open_in_memory().unwrap();
    for sql in schema::MIGRATIONS {
        c.execute_batch(sql).unwrap();
    }
    let mut stmt = c
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .unwrap();
    let made: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(made, schema::INDEXES);
}

/// #62 item 1: a store of version 7 becomes version 8 with a play for
/// each pad it filed (the higher total won; a lowest-wins pad says so),
/// and the play is in the export.
#[test]
fn migration_8_makes_plays_of_the_pads_filed_before_it() {
    use crate::games::pad::{Pad, Pads, Wins};
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    {
        let c = Connection::open(data.join(DB_FILE)).unwrap();
        c.pragma_update(None, "application_id", schema::APPLICATION_ID)
            .unwrap();
        for sql in &schema::MIGRATIONS[..7] {
            c.execute_batch(sql).unwrap();
        }
        c.pragma_update(None, "user_version", 7).unwrap();
        let mut hearts = Pad::new(
            "hearts",
            vec!["Ann".into(), "Ben".into()],
            Wins::Lower,
            None,
            "2026-11-20",
        );
        hearts.rounds = vec![vec![Some(3), Some(9)], vec![Some(4), Some(2)]];
        hearts.ended = Some("2026-11-21".into());
        let pads = Pads {
            open: None,
            filed: vec![hearts],
            table: None,
        };
        c.execute(
            "INSERT INTO games (game, state) VALUES ('score-pad', ?1)",
            [serde_json::to_string(&pads).unwrap()],
        )
        .unwrap();
    }
    let store = Store::new(&data);
    let (mut plays, unread) = store.plays().unwrap();
    assert_eq!(unread, 0);
    // Each play is given its UUID, to travel by.
    let id = plays[0].source.take().unwrap();
    assert_eq!((id.len(), &id[14..15]), (36, "4"), "{id}");
    let mut want = crate::plays::Play::new(
        "hearts",
        "2026-11-21",
        vec!["Ann".into(), "Ben".into()],
        vec![Some(7), Some(11)],
        vec![0],
    );
    want.lower = true;
    assert_eq!(plays, vec![want.clone()]);
    let doc: export::Document = store.read(export::Document::read).unwrap();
    want.source = Some(id);
    assert_eq!(doc.plays, vec![want]);
}
