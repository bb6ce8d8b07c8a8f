//! Every registered game played at random, after OpenSpiel's random
//! simulation test: from many seeds, a fresh game takes random legal
//! actions through the store's one door until it ends (or for a bounded
//! number of steps). Each legal action must be taken; after each, the
//! saved position passes its check and reads back as it was written, and
//! `undo` brings back the one before. Replaying the actions from the
//! same seed reproduces the final position, and an export carries it to a
//! fresh store unchanged. A game is tested here the moment it is
//! registered in `Game`: nothing below names one. `SHOW_PLAY=1` prints
//! the actions each game took.

use std::collections::BTreeMap;

use super::{Store, StoreError};
use crate::games::{Game, Play, Saved, Visitor, Wing};
use crate::random::TableRng;

/// Games played per game, each from its own seed.
const SEEDS: u64 = 8;
/// Actions per game at most (a game that never ends is cut off here).
const MOST_STEPS: usize = 150;

/// What one game's random play found: how many actions were taken and
/// how many games ended by themselves.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Played {
    actions: usize,
    ended: usize,
}

struct RandomPlay;

impl Visitor for RandomPlay {
    /// `None` for a wing that shares another's state (a room of a game
    /// plays in the game's state), which is played through its owner.
    type Out = Option<Played>;
    fn visit<W: Wing>(self) -> Option<Played> {
        if <W::State as Saved>::GAME != W::GAME {
            return None;
        }
        let mut played = Played::default();
        for seed in 0..SEEDS {
            let (actions, ended) = play::<W::State>(seed);
            played.actions += actions;
            played.ended += usize::from(ended);
        }
        Some(played)
    }
}

/// One random game from `seed`: the actions taken, and whether it ended.
fn play<S: Play>(seed: u64) -> (usize, bool) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let what = |s: &str| format!("{} (seed {seed}): {s}", S::WHAT);
    // The game's own generator (dice, shuffles, computer moves) apart from
    // the one choosing actions, so a replay needs only the actions.
    let mut rng = TableRng::new(seed);
    let mut choose = TableRng::new(seed ^ 0x5eed);
    let start = S::sample(&mut rng);
    start.check().unwrap_or_else(|e| panic!("{}", what(&e.0)));
    store
        .play::<S, (), StoreError>(false, |slot| {
            *slot = Some(start.clone());
            Ok(((), Some("start".into())))
        })
        .unwrap();
    let mut taken: Vec<S::Action> = Vec::new();
    let mut ended = false;
    for step in 0..MOST_STEPS {
        let before: S = store.game().unwrap().expect("a game is saved");
        let legal = before.legal();
        // A game over has nothing left to do, and only then.
        assert_eq!(
            before.turn().over,
            legal.is_empty(),
            "{}",
            what(&format!("over, or out of actions, after {}", words(&taken)))
        );
        if legal.is_empty() {
            ended = true;
            break;
        }
        let action = legal[choose.below(legal.len() as u64) as usize].clone();
        // Through the door, as every command changes a game.
        let said = store.play::<S, _, StoreError>(false, |slot| {
            let state = slot.as_mut().expect("a game is saved");
            let said = state.apply(&action, &mut rng);
            Ok((said, Some(format!("{action}"))))
        });
        let said = said.unwrap();
        if let Err(e) = said {
            panic!(
                "{}",
                what(&format!(
                    "legal action `{action}` refused after {}: {e}",
                    words(&taken)
                ))
            );
        }
        let after: S = store.game().unwrap().expect("a game is saved");
        after
            .check()
            .unwrap_or_else(|e| panic!("{}", what(&format!("after `{action}`: {}", e.0))));
        let text = serde_json::to_string(&after).unwrap();
        let back: S = serde_json::from_str(&text).unwrap();
        assert_eq!(back, after, "{}", what("reads back changed"));
        // Every few steps, undo and do it again: the journal takes back
        // exactly one action of any game.
        if step % 7 == 3 {
            store.undo().unwrap().expect("the action was journaled");
            let undone: S = store.game().unwrap().expect("a game is saved");
            assert_eq!(undone, before, "{}", what(&format!("undo of `{action}`")));
            store
                .play::<S, (), StoreError>(false, |slot| {
                    *slot = Some(after.clone());
                    Ok(((), Some("redo".into())))
                })
                .unwrap();
        }
        // The action as a record keeps it.
        let kept: S::Action =
            serde_json::from_str(&serde_json::to_string(&action).unwrap()).unwrap();
        assert_eq!(kept, action, "{}", what("an action reads back changed"));
        taken.push(kept);
    }
    let last: S = store.game().unwrap().expect("a game is saved");
    assert_eq!(
        replay::<S>(seed, &taken),
        last,
        "{}",
        what("the replay differs")
    );
    {
        let doc = store.export().unwrap();
        let other = tempfile::tempdir().unwrap();
        let fresh = Store::new(other.path());
        fresh.import(&doc, false).unwrap();
        let moved: Option<S> = fresh.game().unwrap();
        assert_eq!(moved.as_ref(), Some(&last), "{}", what("export and import"));
    }
    if std::env::var("SHOW_PLAY").is_ok() {
        eprintln!("{} seed {seed}: {}", S::WHAT, words(&taken));
    }
    (taken.len(), ended)
}

/// Actions as the words that replay them.
fn words<A: std::fmt::Display>(actions: &[A]) -> String {
    let all: Vec<String> = actions.iter().map(|a| format!("`{a}`")).collect();
    all.join(", ")
}

/// The position `actions` reach from the game `seed` samples.
fn replay<S: Play>(seed: u64, actions: &[S::Action]) -> S {
    let mut rng = TableRng::new(seed);
    let mut state = S::sample(&mut rng);
    for a in actions {
        state
            .apply(a, &mut rng)
            .unwrap_or_else(|e| panic!("replaying `{a}`: {e}"));
    }
    state
}

#[test]
fn every_game_plays_at_random_legally_and_replays() {
    // Each game in a thread of its own: they share nothing.
    let all: BTreeMap<&str, Played> = std::thread::scope(|s| {
        let playing: Vec<_> = Game::all()
            .map(|game| (game.id(), s.spawn(move || game.visit(RandomPlay))))
            .collect();
        playing
            .into_iter()
            .filter_map(|(id, t)| Some((id, t.join().expect("no game panics")?)))
            .collect()
    });
    // Every game that keeps a state was played, and got somewhere: a game
    // whose legal list is always empty would pass the checks above idly.
    assert_eq!(all.len(), Game::saved().count(), "{all:?}");
    assert!(
        all.contains_key(Game::Example.id()),
        "the example game plays too"
    );
    for (id, p) in &all {
        assert!(p.actions >= SEEDS as usize * 3, "{id}: {p:?}");
    }
    // Some games end within the bound (a game that can never end would
    // leave the check of its last position untried).
    assert!(all.values().any(|p| p.ended > 0), "no game ended: {all:?}");
}
