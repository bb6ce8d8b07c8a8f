//! Each game's wing behind one object-safe trait, [`AnyWing`], made once
//! per game from its [`Wing`] (`Game::wing()`): what the dispatcher, the
//! store's export and import, records, help, rules and the shared screen
//! ask of a game without naming its type. A saved state crosses it as
//! the JSON document the store keeps, read back through the game's own
//! type (so its checks run) on every call.
//!
//! Only the few callers that must hold the state as its own type inside
//! the store's transaction (a game's command, a setup, a solve) reach it
//! through [`super::Visitor`] instead.

use std::marker::PhantomData;

use serde_json::Value;

use super::args::Declared;
use super::error::Unsound;
use super::game::{Game, Names};
use super::record::Step;
use super::wing::{Context, MOST_MOVES, Play, Saved, SeatView, Turn, Wing};
use crate::layout::Layout;
use crate::random::TableRng;
use crate::reply::Reply;
use crate::style::Style;

/// One game, whatever its type.
pub trait AnyWing: Sync {
    fn game(&self) -> Game;
    fn names(&self) -> &'static Names;
    /// The game whose saved state it plays in: itself, or (a part of a
    /// game, as a room of a run) the game it adds to.
    fn keeps(&self) -> Game;
    /// Its rule text as shipped: file name and YAML.
    fn rules(&self) -> Option<(&'static str, &'static str)>;
    /// Whether its deal codes are sealed (`Wing::SEALS_DEAL`).
    fn seals_deal(&self) -> bool;
    /// What `setup` takes, if it is set up.
    fn setup_args(&self) -> Option<&'static Declared>;
    fn setup_examples(&self) -> &'static [&'static str];
    /// What `solve` takes, if it is solved.
    fn solve_args(&self) -> Option<&'static Declared>;
    fn solve_examples(&self) -> &'static [&'static str];
    /// Why there is nothing to solve, where the game says.
    fn unsolvable(&self) -> Option<String>;
    /// Its own commands.
    fn commands(&self) -> Vec<clap::Command>;
    /// The fixed words Tab offers after one of its commands.
    fn completions(&self, path: &[&str], index: usize) -> Vec<&'static str>;
    /// A layout of it as its wing draws it in the terminal.
    fn diagram(&self, layout: &Layout, style: &Style) -> Option<String>;
    /// What the table sees of a saved state: its layout and whose turn.
    fn look(&self, state: &Value) -> Result<(Layout, Turn), Unsound>;
    /// What each seat plays as (`Play::roles`), in seat order.
    fn roles(&self, state: &Value) -> Vec<String>;
    /// The ended games a saved state holds, as plays (`Saved::plays`).
    fn plays(&self, state: &Value) -> Vec<crate::plays::Play>;
    /// What the game's seat `seat` (0 first) sees of a saved state and
    /// the moves that are its to make now.
    fn seat_view(&self, state: &Value, seat: usize) -> Option<SeatView>;
    /// The group a record belongs to, by the state it reached (`Wing::group`).
    fn group(&self, state: &Value) -> Option<String>;
    /// Its board for the shared screen beside the picture, if any.
    fn screen(&self, state: &Value, now: u64, people: &[(u32, String)]) -> Option<Reply>;
    /// What the step from `before` to `after` cost (`Wing::coach`).
    fn coach(&self, before: &Value, after: &Value) -> Option<String>;
    /// Whether it has a coach (`Wing::COACHES`).
    fn coaches(&self) -> bool;
    /// Whether its saved state keeps the table's `coach on`
    /// (`Wing::KEEPS_COACH`), and, read from that state, whether it is on.
    fn keeps_coach(&self) -> bool;
    fn coach_on(&self, state: &Value) -> bool;
    /// A record's step taken again from `state` through the wing's
    /// `act`, on the generator and clock it had: the state after it and
    /// what came of it in words (a die rolled, a card turned), or why not
    /// (`true`: the rules refused it; `false`: it is unreadable).
    fn replay(&self, step: &Step, state: Value) -> Result<(Value, Vec<String>), (bool, String)>;
    /// Its saved state, whatever its type.
    fn state(&self) -> &'static dyn AnyState;
}

/// A game's saved state, whatever its type: read and checked from the
/// JSON document the store and `export` keep.
pub trait AnyState: Sync {
    /// What it is called in messages: "the saved Slide Jam game".
    fn what(&self) -> &'static str;
    /// How to start afresh when it is damaged.
    fn repair(&self) -> &'static str;
    /// Its key in the `export` document.
    fn export_key(&self) -> &'static str;
    /// Whether `export` writes the key when nothing is saved.
    fn export_always(&self) -> bool;
    /// The JSON file of tablemate 0.1 that held it, if any.
    fn legacy_file(&self) -> Option<(&'static str, &'static str)>;
    /// Whether `value` reads as the state and passes its checks.
    fn check(&self, value: &Value) -> Result<(), Unsound>;
    /// A stored document as it is loaded for play: read, the parts that
    /// fail their checks set aside (each said in `notes`), then checked.
    fn load(&self, text: &str, notes: &mut Vec<String>) -> Result<Option<Value>, Unsound>;
    /// `value` read as the state (unchecked: the undo journal's
    /// snapshot) and written back as the store keeps it.
    fn retyped(&self, value: &Value) -> Result<Option<String>, Unsound>;
    /// Whether `value` is nothing, or the state's empty one.
    fn blank(&self, value: &Value) -> bool;
    /// What it holds in a few words (of the empty state when `None`).
    fn summary(&self, value: Option<&Value>) -> Option<String>;
    /// `value` with a person of the table renamed (`Saved::rename`),
    /// written back as the store keeps it; `None` when nothing changed.
    fn renamed(&self, value: &Value, from: &str, to: &str) -> Option<String>;
}

/// Whether a game of this kind deals secrets: a fresh game, as a setup
/// deals it (`Play::sample`), hides something from the table
/// (`Play::secrets`). Such a game's deal is sealed by the frame, with no
/// flag for a game to forget (random play holds every game to it: a
/// fresh game with a secret is sealed). Worked out once per game, from
/// four samples (a few microseconds; no move is played).
fn keeps_secrets<S: Play>() -> bool {
    use std::sync::Mutex;
    static KNOWN: Mutex<Vec<(Game, bool)>> = Mutex::new(Vec::new());
    let game = <S as Saved>::GAME;
    if let Some(&(_, k)) = KNOWN
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|(g, _)| *g == game)
    {
        return k;
    }
    // What a fresh deal hides is what its code would show. (A secret
    // that arises in play, as a die shaken under a cup, is the game's to
    // draw from a seed it keeps, not the deal's.)
    let keeps = (0..4).any(|seed| !S::sample(&mut TableRng::new(seed)).secrets(None).is_empty());
    KNOWN
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((game, keeps));
    keeps
}

/// A wing's type made into a value: a zero-sized object, so
/// `Game::wing()` is a `&'static` to a constant.
pub struct Erased<W>(PhantomData<fn() -> W>);

impl<W> Erased<W> {
    pub const NEW: Erased<W> = Erased(PhantomData);
}

/// A saved state's type made into a value.
struct Kept<S>(PhantomData<fn() -> S>);

impl<S> Kept<S> {
    const NEW: Kept<S> = Kept(PhantomData);
}

fn read<S: Saved>(value: &Value) -> Result<Option<S>, Unsound> {
    serde_json::from_value(value.clone()).map_err(|e| Unsound(e.to_string()))
}

/// `value` read as a state that is laid, and checked.
fn laid<S: Saved>(value: &Value) -> Result<S, Unsound> {
    let state = read::<S>(value)?.ok_or_else(|| Unsound("no game is laid".into()))?;
    state.check()?;
    Ok(state)
}

impl<W: Wing> AnyWing for Erased<W> {
    fn game(&self) -> Game {
        W::GAME
    }

    fn names(&self) -> &'static Names {
        const { &W::NAMES }
    }

    fn keeps(&self) -> Game {
        <W::State as Saved>::GAME
    }

    fn rules(&self) -> Option<(&'static str, &'static str)> {
        W::RULES
    }

    fn seals_deal(&self) -> bool {
        W::SEALS_DEAL || keeps_secrets::<W::State>()
    }

    fn setup_args(&self) -> Option<&'static Declared> {
        W::setup().map(|s| s.args)
    }

    fn setup_examples(&self) -> &'static [&'static str] {
        W::setup().map_or(&[], |s| s.examples)
    }

    fn solve_args(&self) -> Option<&'static Declared> {
        W::solver().map(|s| s.args)
    }

    fn solve_examples(&self) -> &'static [&'static str] {
        W::solver().map_or(&[], |s| s.examples)
    }

    fn unsolvable(&self) -> Option<String> {
        W::unsolvable()
    }

    fn commands(&self) -> Vec<clap::Command> {
        W::commands()
    }

    fn completions(&self, path: &[&str], index: usize) -> Vec<&'static str> {
        W::completions(path, index)
    }

    fn diagram(&self, layout: &Layout, style: &Style) -> Option<String> {
        W::diagram(layout, style)
    }

    fn look(&self, state: &Value) -> Result<(Layout, Turn), Unsound> {
        Ok(W::look(&laid::<W::State>(state)?))
    }

    fn roles(&self, state: &Value) -> Vec<String> {
        laid::<W::State>(state).map_or_else(|_| Vec::new(), |s| s.roles())
    }

    fn plays(&self, state: &Value) -> Vec<crate::plays::Play> {
        laid::<W::State>(state).map_or_else(|_| Vec::new(), |s| s.plays())
    }

    fn seat_view(&self, state: &Value, seat: usize) -> Option<SeatView> {
        let s = laid::<W::State>(state).ok()?;
        let turn = s.turn();
        let moves = if !turn.over && turn.seat == Some(seat) {
            s.legal()
                .iter()
                .take(MOST_MOVES)
                .filter_map(|a| {
                    // A wing's actions are its state's, read as they are.
                    let json = serde_json::to_value(a).ok()?;
                    let action: W::Action = serde_json::from_value(json).ok()?;
                    Some(W::line(&action))
                })
                .collect()
        } else {
            Vec::new()
        };
        Some(SeatView {
            layout: s.view(Some(seat)),
            moves,
            turn,
        })
    }

    fn group(&self, state: &Value) -> Option<String> {
        W::group(&laid::<W::State>(state).ok()?)
    }

    fn screen(&self, state: &Value, now: u64, people: &[(u32, String)]) -> Option<Reply> {
        let mut s = laid::<W::State>(state).ok()?;
        s.seated_as(people);
        W::screen(&s, now)
    }

    fn coaches(&self) -> bool {
        W::COACHES
    }

    fn keeps_coach(&self) -> bool {
        W::KEEPS_COACH
    }

    fn coach_on(&self, state: &Value) -> bool {
        W::KEEPS_COACH && laid::<W::State>(state).is_ok_and(|s| W::coach_on(&s))
    }

    fn coach(&self, before: &Value, after: &Value) -> Option<String> {
        W::coach(
            &laid::<W::State>(before).ok()?,
            &laid::<W::State>(after).ok()?,
        )
    }

    fn replay(&self, step: &Step, state: Value) -> Result<(Value, Vec<String>), (bool, String)> {
        let unreadable = |e: serde_json::Error| (false, e.to_string());
        let Some(action) = &step.action else {
            return Ok((step.state.clone(), Vec::new()));
        };
        let action: W::Action = serde_json::from_value(action.clone()).map_err(unreadable)?;
        let mut slot: Option<W::State> = serde_json::from_value(state).map_err(unreadable)?;
        let mut rng = TableRng::at(step.seed, step.draws);
        let no_rules = |_: &str, _: &str| None;
        let mut table = Context::new(&mut rng, &step.day, step.at, &no_rules);
        let done = W::act(&mut slot, action, &mut table).map_err(|e| (true, e.to_string()))?;
        let said = done.out.iter().map(ToString::to_string).collect();
        Ok((
            serde_json::to_value(&slot).expect("saved states serialise"),
            said,
        ))
    }

    fn state(&self) -> &'static dyn AnyState {
        const { &Kept::<W::State>::NEW }
    }
}

impl<S: Saved> AnyState for Kept<S> {
    fn what(&self) -> &'static str {
        S::WHAT
    }

    fn repair(&self) -> &'static str {
        S::REPAIR
    }

    fn export_key(&self) -> &'static str {
        S::EXPORT_KEY
    }

    fn export_always(&self) -> bool {
        S::EXPORT_ALWAYS
    }

    fn legacy_file(&self) -> Option<(&'static str, &'static str)> {
        S::LEGACY_FILE
    }

    fn check(&self, value: &Value) -> Result<(), Unsound> {
        read::<S>(value)?.map_or(Ok(()), |s| s.check())
    }

    fn load(&self, text: &str, notes: &mut Vec<String>) -> Result<Option<Value>, Unsound> {
        let state: Option<S> = serde_json::from_str(text).map_err(|e| Unsound(e.to_string()))?;
        let Some(mut state) = state else {
            return Ok(None);
        };
        notes.extend(state.mend());
        state.check()?;
        Ok(Some(
            serde_json::to_value(state).expect("game states serialise"),
        ))
    }

    fn retyped(&self, value: &Value) -> Result<Option<String>, Unsound> {
        Ok(read::<S>(value)?.map(|s| serde_json::to_string(&s).expect("game states serialise")))
    }

    fn blank(&self, value: &Value) -> bool {
        let state = read::<S>(value).ok().flatten();
        state.is_none() || state == S::empty()
    }

    fn renamed(&self, value: &Value, from: &str, to: &str) -> Option<String> {
        let before = read::<S>(value).ok().flatten()?;
        let mut after = before.clone();
        after.rename(from, to);
        (after != before).then(|| serde_json::to_string(&after).expect("game states serialise"))
    }

    fn summary(&self, value: Option<&Value>) -> Option<String> {
        let state = match value {
            Some(v) => read::<S>(v).ok()?,
            None => S::empty(),
        };
        state.map(|s| s.summary())
    }
}
