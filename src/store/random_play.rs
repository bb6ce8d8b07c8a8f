//! Every registered game played at random, after OpenSpiel's random
//! simulation test: from many seeds, a fresh game takes random legal
//! actions until it ends (or for a bounded number of steps). Each action
//! goes the way a player's does: written as the words a player types
//! (`Wing::line`), read back by the command parser and the wing's `order`
//! as the same action, and taken through the wing's `act` and the store's
//! one door. After each, the saved position passes its check and reads
//! back as it was written, the step a record keeps of it replays to the
//! same position, and `undo` brings back the one before. Replaying the
//! actions from the same seed reproduces the final position, and an
//! export carries it to a fresh store unchanged. A game is tested here the
//! moment it is in the list of games: nothing below names one.
//! `SHOW_PLAY=1` prints the command lines each game took.

use std::collections::BTreeMap;

use super::{Store, StoreError};
use crate::games::record::Step;
use crate::games::{Context, Game, Order, Play, Saved, Visitor, Wing};
use crate::random::TableRng;

/// Games played per game, each from its own seed: 3 in every test run
/// (seconds unoptimised), 8 with TABLEMATE_FULL_PROOFS.
fn seeds() -> u64 {
    crate::proof_sample(3, 8) as u64
}
/// Actions per game at most (a game that never ends is cut off here).
const MOST_STEPS: usize = 150;

/// What one game's random play found: how many actions were taken and
/// how many games ended by themselves.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Played {
    actions: usize,
    ended: usize,
    /// Actions taken by `setup ROOM`, not the game's own words.
    by_setup: usize,
    /// Plays filed (games that ended).
    plays: usize,
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
        for seed in 0..seeds() {
            let (actions, ended, by_setup, plays) = play::<W, W::State>(seed);
            played.actions += actions;
            played.plays += plays;
            played.by_setup += by_setup;
            played.ended += usize::from(ended);
        }
        Some(played)
    }
}

/// The day and time random play happens on, as a record keeps them.
const DAY: &str = "2026-01-01";
const NOW: u64 = 1_767_225_600;

/// `action` as a player types it (`Wing::line`) and as the wing reads
/// those words back (`command::parse`, then `Wing::order`): the same
/// action, or the test fails saying why (after `context`). `None`: the line is
/// tablemate's own `setup` of a part of the game (a room of a run), which
/// the wing's own words do not read.
fn through_words<W: Wing>(
    action: &<W::State as Play>::Action,
    context: &str,
) -> Option<(W::Action, String)> {
    use crate::command::{Command, Parsed, parse};
    let fail = |why: String| -> String { format!("{context}: {why}") };
    let json = serde_json::to_value(action).expect("actions serialise");
    // The wing's actions are its state's (a wing with a state of its own
    // takes the state's actions as they are).
    let wing: W::Action = serde_json::from_value(json.clone()).unwrap_or_else(|e| {
        panic!(
            "{}",
            fail(format!("`{action}` is not an action of the wing: {e}"))
        )
    });
    let line = W::line(&wing);
    let words = shlex::split(&line)
        .unwrap_or_else(|| panic!("{}", fail(format!("`{line}` is not quoted right"))));
    match parse(&words) {
        Ok(Parsed::Game {
            game,
            command,
            matches,
        }) => {
            if game != W::GAME {
                panic!("{}", fail(format!("`{line}` is a command of {game}")));
            }
            match W::order(&command, &matches) {
                Ok(Order::Act(back)) => {
                    let back_json = serde_json::to_value(&back).expect("actions serialise");
                    if back_json != json {
                        panic!(
                            "{}",
                            fail(format!("`{line}` reads back as {back_json}, not {json}"))
                        );
                    }
                    Some((back, line))
                }
                Ok(Order::Ask(_)) => {
                    panic!("{}", fail(format!("`{line}` reads back as a question")))
                }
                Err(e) => panic!("{}", fail(format!("`{line}` is refused: {e}"))),
            }
        }
        Ok(Parsed::Builtin(Command::Setup { .. })) => None,
        Ok(Parsed::Builtin(_)) => panic!("{}", fail(format!("`{line}` is not the game's command"))),
        Err(e) => panic!("{}", fail(format!("`{line}` does not parse: {e}"))),
    }
}

/// One random game from `seed`: the actions taken, and whether it ended.
fn play<W: Wing<State = S>, S: Play>(seed: u64) -> (usize, bool, usize, usize) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path());
    let what = |s: &str| format!("{} (seed {seed}): {s}", S::WHAT);
    // The game's own generator (dice, shuffles, computer moves) apart from
    // the one choosing actions, so a replay needs only the actions.
    let mut rng = TableRng::new(seed);
    let mut choose = TableRng::new(seed ^ 0x5eed);
    let start = S::sample(&mut rng);
    start.check().unwrap_or_else(|e| panic!("{}", what(&e.0)));
    // A deal that hides something is sealed (its code would show it).
    assert!(
        start.secrets(None).is_empty() || crate::games::record::seals_deal(S::GAME),
        "{}",
        what("a fresh game keeps secrets but its deal is not sealed")
    );
    store
        .play::<S, (), StoreError>(false, |slot| {
            *slot = Some(start.clone());
            Ok(((), Some("start".into())))
        })
        .unwrap();
    let mut taken: Vec<W::Action> = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    let mut ended = false;
    // Actions taken by `setup ROOM` rather than the game's own words.
    let mut by_setup = 0;
    for step in 0..MOST_STEPS {
        let before: S = store.game().unwrap().expect("a game is saved");
        let legal = before.legal();
        // A game over has nothing left to do, and only then.
        assert_eq!(
            before.turn().over,
            legal.is_empty(),
            "{}",
            what(&format!("over, or out of actions, after {}", words(&lines)))
        );
        if legal.is_empty() {
            ended = true;
            break;
        }
        offered_moves_are_accepted::<W>(
            &before,
            &rng,
            clock(step),
            &what(&format!("after {}", words(&lines))),
        );
        let action = legal[choose.below(legal.len() as u64) as usize].clone();
        // As a player types it, read back by the wing, then taken through
        // the wing's `act` and the door, as every command changes a game.
        let context = what(&format!("after {}", words(&lines)));
        let (order, line) = match through_words::<W>(&action, &context) {
            Some(read) => read,
            None => {
                by_setup += 1;
                let wing = serde_json::from_value(serde_json::to_value(&action).unwrap()).unwrap();
                (wing, format!("{action}"))
            }
        };
        let mut order = order;
        complete::<W>(&mut order);
        let (at_seed, at_draws, now) = (rng.seed(), rng.draws(), clock(step));
        let said = store.play::<S, _, StoreError>(false, |slot| {
            let done = act::<W>(slot, order.clone(), &mut rng, now);
            Ok((done, Some(line.clone())))
        });
        let events = said.unwrap().unwrap_or_else(|e| {
            panic!(
                "{}",
                what(&format!(
                    "legal action `{action}` refused after {}: {e}",
                    words(&lines)
                ))
            )
        });
        let after: S = store.game().unwrap().expect("a game is saved");
        keeps_secrets::<W>(
            &before,
            &after,
            events,
            &line,
            &what(&format!("after `{line}`")),
        );
        after
            .check()
            .unwrap_or_else(|e| panic!("{}", what(&format!("after `{action}`: {}", e.0))));
        let text = serde_json::to_string(&after).unwrap();
        let back: S = serde_json::from_str(&text).unwrap();
        assert_eq!(back, after, "{}", what("reads back changed"));
        // The step a game's record keeps of it replays to the same place.
        let kept = Step {
            wing: W::GAME,
            what: line.clone(),
            action: Some(serde_json::to_value(&order).unwrap()),
            by: None,
            seed: at_seed,
            draws: at_draws,
            at: now,
            day: DAY.into(),
            state: serde_json::to_value(Some(&after)).unwrap(),
        };
        let (replayed, _) = W::GAME
            .wing()
            .replay(&kept, serde_json::to_value(Some(&before)).unwrap())
            .unwrap_or_else(|(_, why)| panic!("{}", what(&format!("`{line}` replays: {why}"))));
        assert_eq!(
            replayed,
            kept.state,
            "{}",
            what(&format!("`{line}` replays"))
        );
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
        taken.push(order);
        lines.push(line);
    }
    let last: S = store.game().unwrap().expect("a game is saved");
    assert_eq!(
        replay::<W, S>(seed, &taken),
        last,
        "{}",
        what("the replay differs")
    );
    // Each game that ended was filed as a play once, through every undo
    // and redo, as the final state tells it (#62).
    let (filed, unread) = store.plays().unwrap();
    assert_eq!(unread, 0);
    let told: Vec<(String, Vec<Option<i64>>, Vec<usize>)> = last
        .plays()
        .into_iter()
        .map(|p| (p.game, p.scores, p.winners))
        .collect();
    let kept: Vec<(String, Vec<Option<i64>>, Vec<usize>)> = filed
        .iter()
        .map(|p| (p.game.clone(), p.scores.clone(), p.winners.clone()))
        .collect();
    assert_eq!(kept, told, "{}", what("the plays filed"));
    let doc = store.export().unwrap();
    let other = tempfile::tempdir().unwrap();
    let fresh = Store::new(other.path());
    fresh.import(&doc, false).unwrap();
    let moved: Option<S> = fresh.game().unwrap();
    assert_eq!(moved.as_ref(), Some(&last), "{}", what("export and import"));
    assert_eq!(
        fresh.plays().unwrap().0,
        filed,
        "{}",
        what("plays exported")
    );
    if std::env::var("SHOW_PLAY").is_ok() {
        eprintln!("{} seed {seed}: {}", S::WHAT, words(&lines));
    }
    (taken.len(), ended, by_setup, filed.len())
}

/// Every move the game offers in words (#78 item 5: `turn` and the
/// seats offered a fixed example move after its square had become the
/// gap): each
/// command between backticks in what comes next that is a move of this
/// game is one the game accepts now. (The seats' moves are its legal
/// actions, which random play takes.)
fn offered_moves_are_accepted<W: Wing>(state: &W::State, rng: &TableRng, now: u64, context: &str) {
    use crate::command::{Parsed, parse};
    let next = state.turn().next;
    for line in next.split('`').skip(1).step_by(2) {
        let Some(words) = shlex::split(line) else {
            continue;
        };
        // A template (`pad N N`, `pad ann ones ...`) is no move to make.
        let placeholder =
            |w: &String| ["N", "...", "GAME", "PLAYER", "PLAYERS"].contains(&w.as_str());
        if words.iter().any(placeholder) {
            continue;
        }
        let Ok(Parsed::Game {
            game,
            command,
            matches,
        }) = parse(&words)
        else {
            continue;
        };
        if game != W::GAME {
            continue;
        }
        let Ok(Order::Act(mut order)) = W::order(&command, &matches) else {
            continue;
        };
        complete::<W>(&mut order);
        let mut slot = Some(state.clone());
        if let Err(e) = act::<W>(&mut slot, order, &mut rng.clone(), now) {
            panic!("{context}: `{line}` is offered (\"{next}\") and refused: {e}");
        }
    }
}

/// Actions as the words that replay them.
fn words<A: std::fmt::Display>(actions: &[A]) -> String {
    let all: Vec<String> = actions.iter().map(|a| format!("`{a}`")).collect();
    all.join(", ")
}

/// The secrets among `secrets` that `json` or `text` name, in any form
/// a renderer writes them: as a whole JSON string, as a face-up piece's
/// rank and suit together (a card `7H` is placed as rank `7`, suit `H`),
/// and in text as a whole word when it is two characters or more (a
/// single character, as a die's face, cannot be told from other words)
/// or, for a secret of several words (a cup `1 3 3 5 6`), as a phrase.
fn named_in(secrets: &[String], json: &serde_json::Value, text: &str) -> Vec<String> {
    fn strings(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::String(s) => out.push(s.clone()),
            serde_json::Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
            serde_json::Value::Object(o) => {
                // A piece placed face up: its rank and suit as one code.
                if let (Some(r), Some(su)) = (
                    o.get("rank").and_then(|r| r.as_str()),
                    o.get("suit").and_then(|s| s.as_str()),
                ) && o.get("side").and_then(|s| s.as_str()) != Some("back")
                {
                    out.push(format!("{r}{su}"));
                }
                o.values().for_each(|x| strings(x, out))
            }
            _ => {}
        }
    }
    let mut named = Vec::new();
    strings(json, &mut named);
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    secrets
        .iter()
        .filter(|s| {
            named.contains(s)
                || (s.contains(' ') && phrase_in(text, s))
                || (s.chars().count() >= 2 && words.contains(&s.as_str()))
        })
        .cloned()
        .collect()
}

/// Whether `phrase` stands in `text` on its own (not inside a longer
/// number or word).
fn phrase_in(text: &str, phrase: &str) -> bool {
    text.match_indices(phrase).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + phrase.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The most seats a game's views are checked for.
const SEATS_CHECKED: usize = 8;

/// No view a seat receives names what the game keeps from it: the view
/// of each seat (and of the whole table) and the turn, as JSON; the reply
/// to the action, as JSON and text (it goes to the whole table), and the
/// move's own words (the screen lists them), for what was secret both
/// before and after it (an action may turn a card up, and a card the
/// table saw may go face down again). A game that keeps any secret has
/// its deal sealed.
fn keeps_secrets<W: Wing>(
    before: &W::State,
    state: &W::State,
    events: Vec<W::Event>,
    line: &str,
    context: &str,
) {
    let seats = std::iter::once(None).chain((0..SEATS_CHECKED).map(Some));
    for seat in seats {
        let secrets = state.secrets(seat);
        let view = serde_json::json!([state.view(seat), state.turn()]);
        let out = named_in(&secrets, &view, "");
        assert!(
            out.is_empty(),
            "{context}: seat {seat:?}'s view names {out:?}"
        );
    }
    let kept = before.secrets(None);
    let secrets: Vec<String> = state
        .secrets(None)
        .into_iter()
        .filter(|s| kept.contains(s))
        .collect();
    let mut rng = TableRng::new(0);
    let mut table = at_table(&mut rng, NOW, &[]);
    let reply = W::answer(Some(state), events, &mut table)
        .unwrap_or_else(|e| panic!("{context}: the reply: {e}"));
    let mut json = Vec::new();
    reply.write_json(&mut json).unwrap();
    let json: serde_json::Value = serde_json::from_slice(&json).unwrap();
    let text = format!("{}\n{line}", reply.text(&crate::style::Style::plain()));
    let out = named_in(&secrets, &json, &text);
    assert!(
        out.is_empty(),
        "{context}: the reply or the move's words name {out:?}:\n{text}"
    );
}

#[test]
fn the_leak_check_finds_each_kind_of_leak() {
    use crate::layout::{Layout, Placed};
    let secrets = vec!["7H".to_string(), "1 3 3 5 6".to_string(), "QC".to_string()];
    let mut face_up = Layout::new("leaky", "t");
    face_up.push(Placed::card("7H".parse().unwrap(), 0.0, 0.0));
    // A card face up in a view, placed as rank and suit.
    let view = serde_json::to_value(&face_up).unwrap();
    assert_eq!(named_in(&secrets, &view, ""), ["7H"]);
    // A card named in the move's words or a reply.
    assert_eq!(
        named_in(&secrets, &serde_json::Value::Null, "leaky play QC"),
        ["QC"]
    );
    // A cup written out in a reply.
    assert_eq!(
        named_in(&secrets, &serde_json::Value::Null, "ann's cup: 1 3 3 5 6"),
        ["1 3 3 5 6"]
    );
    // A code in JSON.
    let json = serde_json::json!({"setup": "x", "next": "QC"});
    assert_eq!(named_in(&secrets, &json, ""), ["QC"]);
    // And none where there is none: a card back, other words.
    let mut back = Layout::new("leaky", "t");
    back.push(Placed::card_back(0.0, 0.0));
    let clean = serde_json::to_value(&back).unwrap();
    assert!(named_in(&secrets, &clean, "7 of hearts, 7Hx, 13356").is_empty());
}

/// Random play needs no rule text.
fn no_rules(_: &str, _: &str) -> Option<String> {
    None
}

/// The table a wing is given in random play: on `DAY`, at `now`, with
/// `players` seated.
fn at_table<'a>(rng: &'a mut TableRng, now: u64, players: &'a [String]) -> Context<'a> {
    let mut table = Context::new(rng, DAY, now, &no_rules);
    table.players = players.to_vec();
    table
}

/// The table random play is at: who sits there.
const PLAYERS: [&str; 2] = ["ann", "Bo Li"];

/// Put in what the table knows (`Wing::complete`), as the frame does
/// before an action is recorded.
fn complete<W: Wing>(action: &mut W::Action) {
    let players: Vec<String> = PLAYERS.iter().map(|p| p.to_string()).collect();
    let mut rng = TableRng::new(0);
    W::complete(action, &at_table(&mut rng, NOW, &players));
}

/// The time of the `step`th action: half a minute apart.
fn clock(step: usize) -> u64 {
    NOW + step as u64 * 30
}

/// Take `action` through the wing's `act`, on `rng`, at `now` on `DAY`.
fn act<W: Wing>(
    slot: &mut Option<W::State>,
    action: W::Action,
    rng: &mut TableRng,
    now: u64,
) -> Result<Vec<W::Event>, crate::games::GameError> {
    W::act(slot, action, &mut at_table(rng, now, &[])).map(|done| done.out)
}

/// The position `actions` reach from the game `seed` samples.
fn replay<W: Wing<State = S>, S: Play>(seed: u64, actions: &[W::Action]) -> S {
    let mut rng = TableRng::new(seed);
    let mut slot = Some(S::sample(&mut rng));
    for (step, a) in actions.iter().enumerate() {
        act::<W>(&mut slot, a.clone(), &mut rng, clock(step))
            .unwrap_or_else(|e| panic!("replaying step {step}: {e}"));
    }
    slot.expect("a game is saved")
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
        assert!(p.actions >= seeds() as usize * 3, "{id}: {p:?}");
        // Most actions go through the game's own words (the parts of a
        // game laid by `setup PART` are one action a part).
        assert!(p.by_setup * 3 <= p.actions, "{id}: {p:?}");
    }
    // Some games end within the bound (a game that can never end would
    // leave the check of its last position untried).
    assert!(all.values().any(|p| p.ended > 0), "no game ended: {all:?}");
    // And those that end are filed as plays, a game's to the last.
    let filed: Vec<&str> = all
        .iter()
        .filter(|(_, p)| p.plays > 0)
        .map(|(id, _)| *id)
        .collect();
    assert!(filed.len() >= 3, "plays filed only by {filed:?}: {all:?}");
}
