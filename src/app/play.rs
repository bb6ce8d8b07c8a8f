//! A game's own commands (each wing's `commands`): the game reads its
//! words; a question reads the saved state, a change goes through the
//! store's one door, so it is worked out from the state it changes. A
//! change that follows by itself (tablemate's answer to a move) is an
//! action of its own, through the door again.

use super::{App, AppError, Reply, Result};
use crate::games::table::{Playing, Seating, not_in_play};
use crate::games::wing::InRecord;
use crate::games::{Context, Game, Order, Play, Visitor, Wing};
use crate::store::{AtTable, Note, Step};

/// The most changes one command makes by itself (one answer to a move is
/// all any game makes; the bound keeps a game's mistake from looping).
const MOST_FOLLOW_UPS: usize = 10;

struct Run<'a> {
    app: &'a mut App,
    command: &'a str,
    matches: &'a clap::ArgMatches,
}

impl Visitor for Run<'_> {
    type Out = Result<Reply>;
    fn visit<W: Wing>(self) -> Result<Reply> {
        let app = self.app;
        let store = std::rc::Rc::clone(&app.store);
        let (rules, dir) = (&app.rules, &app.rules_dir);
        let rule = |game: &str, section: &str| super::lookup::section(rules, dir, game, section);
        let sheet = |game: &str| super::lookup::sheet(rules, dir, game);
        let mut table = context(&mut app.rng, &app.today, &rule, app.acting.clone());
        table.sheet = &sheet;
        // A move sent from a seat is its person's to make.
        let from_seat = app.seat_moving;
        let command = self.command;
        let mut change = match W::order(self.command, self.matches)? {
            Order::Ask(question) => {
                // The state and the table from one moment.
                let (mut state, at) = store.game_at_table::<W::State>()?;
                seat_in(&mut table, &at);
                if let Some(s) = state.as_mut() {
                    s.seated_as(&table.people);
                }
                return Ok(W::ask(state.as_ref(), question, &mut table)?);
            }
            Order::Act(change) => change,
        };
        let mut said = Vec::new();
        let mut state;
        let mut done = 0;
        // Whether the table's coach weighs the player's move, and the
        // states before and after it: weighed once the change is saved,
        // so its search holds no transaction open.
        let coached = W::COACHES && !W::OWN_COACH && table_coach(&store);
        let mut weigh = None;
        // A move at the terminal in a game set aside takes it up again.
        let mut taken_up = false;
        loop {
            // What the game's record keeps of the change: the action, who
            // made it (tablemate, for a change that followed by itself),
            // and where the generator and the clock stood.
            let step = Step {
                wing: W::GAME,
                what: String::new(),
                action: None,
                by: (done > 0).then(|| "tablemate".to_string()),
                seed: table.rng.seed(),
                draws: table.rng.draws(),
                at: table.now,
                day: table.today.to_string(),
                state: serde_json::Value::Null,
            };
            let outcome = store.play_noted::<W::State, _, AppError>(false, |slot, at| {
                seat_in(&mut table, at);
                // Names kept by id follow the table's renames first.
                if let Some(s) = slot.as_mut() {
                    s.seated_as(&table.people);
                }
                let game = <W::State as crate::games::Saved>::GAME;
                if !from_seat
                    && let Some(t) = at.seating.as_mut()
                    && t.is_aside(game.id())
                {
                    t.take_up((game.id(), game.title()), at.in_play.as_ref())?;
                    taken_up = true;
                }
                // What the table knows and the words did not say (who
                // plays), put in from the table of this transaction.
                W::complete(&mut change, &table);
                if from_seat && let Some(p) = &table.acting {
                    let game = <W::State as crate::games::Saved>::GAME;
                    // No table here: the change is to the table itself.
                    let t = at.seating.as_ref().ok_or_else(|| not_in_play(command))?;
                    t.may_move((game.id(), game.title()), command, p, at.in_play.as_ref())?;
                }
                let action = Some(serde_json::to_value(&change).expect("actions serialise"));
                let in_record = W::in_record(slot.as_ref(), &change);
                // A step that may open its game's own record keeps the
                // state it starts from.
                let opens = match in_record {
                    InRecord::StepOf(game) => Some((
                        game,
                        serde_json::to_value(&*slot).expect("saved states serialise"),
                    )),
                    _ => None,
                };
                // Who made it: the seat's person, or whose move it was.
                let by = match &table.acting {
                    Some(p) => Some(p.name.clone()),
                    None => slot.as_ref().and_then(|s| mover_name(s, at)),
                };
                let was = (coached && done == 0).then(|| slot.clone()).flatten();
                let d = W::act(slot, change, &mut table)?;
                seat_after(slot.as_ref(), at, &mut table, false);
                let note = match (&d.what, in_record) {
                    (None, _) | (Some(_), InRecord::Apart) => Note::Nothing,
                    (Some(_), InRecord::Ends) => Note::Close,
                    (Some(what), InRecord::Step | InRecord::StepOf(_)) => {
                        let step = Step {
                            what: what.clone(),
                            by: step.by.or(by),
                            action,
                            ..step
                        };
                        match opens {
                            Some((game, before)) => Note::StepOf { game, before, step },
                            None => Note::Step(step),
                        }
                    }
                };
                Ok(((d.out, slot.clone(), was), d.what, note))
            })?;
            let (more, after, was) = outcome;
            said.extend(more);
            state = after;
            if done == 0 {
                weigh = was.zip(state.clone());
            }
            done += 1;
            match W::follow_up(state.as_ref()) {
                Some(next) if done <= MOST_FOLLOW_UPS => change = next,
                _ => break,
            }
        }
        // The coach weighs the player's own move: from before it to
        // after it alone, not tablemate's answer that followed.
        let weighed = weigh.and_then(|(before, after)| W::coach(&before, &after));
        let mut reply = W::answer(state.as_ref(), said, &mut table)?;
        if let Some(w) = weighed {
            reply
                .fields
                .push(("coached", serde_json::Value::String(w.clone())));
            reply.after.push(w);
        }
        if taken_up {
            let title = <W::State as crate::games::Saved>::GAME.title();
            reply.after.push(format!(
                "the table takes {title} up again: it is the game in play"
            ));
            reply
                .fields
                .push(("taken_up", serde_json::Value::Bool(true)));
        }
        Ok(reply)
    }
}

/// Whether the table's coach is on (`coach on`), as the game that keeps
/// it says (`Wing::KEEPS_COACH`).
fn table_coach(store: &crate::store::Store) -> bool {
    Game::saved().filter(|g| g.wing().keeps_coach()).any(|g| {
        store
            .state_of(g)
            .ok()
            .flatten()
            .is_some_and(|v| g.wing().coach_on(&v))
    })
}

/// A game's context, made one way for every command that reaches a
/// wing (a move, a question, a setup, a solve): the session's generator,
/// today, the time now, the rule texts, and who acts (a seat's person;
/// `None`: the terminal). Who sits is put in by [`seat_in`], from the
/// transaction the command runs in.
pub(super) fn context<'a>(
    rng: &'a mut crate::random::TableRng,
    today: &'a str,
    rule: &'a dyn Fn(&str, &str) -> Option<String>,
    acting: Option<crate::games::wing::Acting>,
) -> Context<'a> {
    let mut table = Context::new(rng, today, crate::roll_log::now(), rule);
    table.acting = acting;
    table
}

/// Who sits at the table and the game in play, as the store found them
/// (inside the transaction that reads or changes the game), put into a
/// game's context.
pub(super) fn seat_in(table: &mut Context, at: &AtTable) {
    table.players = at.names_from_first();
    table.seating = at.names();
    table.people = at.seating.as_ref().map_or_else(Vec::new, Seating::by_ids);
    table.in_play = at.in_play.clone();
}

/// The person whose move it is in `state`, where it is the table's game
/// and its mover sits there; else the game's own word for the mover.
fn mover_name<S: Play>(state: &S, at: &AtTable) -> Option<String> {
    let turn = state.turn();
    let person = at.seating.as_ref().and_then(|t| {
        let playing = t.playing.as_ref().filter(|p| p.game == S::GAME.id())?;
        t.by_id(*playing.seats.get(turn.seat?)?)
    });
    match (person, turn.role) {
        (Some(p), Some(role)) => Some(format!("{} ({role})", p.name)),
        (Some(p), None) => Some(p.name.clone()),
        (None, _) => turn.to_move,
    }
}

/// What a change means for the table, in the same transaction: seat the
/// names a game asked to seat (a pad opened while no one sat), and, for a
/// setup, which person sits in each of the new game's seats (the game's
/// people, found at the table by name), or that the table plays no game
/// of this slot any more.
pub(super) fn seat_after<S: Play>(
    state: Option<&S>,
    at: &mut AtTable,
    table: &mut Context,
    setup: bool,
) {
    if let Some(names) = table.seat_them.take()
        && at.seating.is_none()
    {
        at.seating = Some(Seating::new(&names));
    }
    if !setup {
        return;
    }
    let Some(seating) = at.seating.as_mut() else {
        return;
    };
    let slot = S::GAME.id();
    let people = state.map(Play::people).unwrap_or_default();
    let seats: Option<Vec<u32>> = people
        .iter()
        .map(|n| seating.exactly(n).map(|p| p.id))
        .collect();
    match seats {
        Some(seats) if !seats.is_empty() => {
            seating.playing = Some(Playing {
                game: slot.to_string(),
                seats,
            });
        }
        _ => {
            if seating.playing.as_ref().is_some_and(|p| p.game == slot) {
                seating.playing = None;
            }
        }
    }
}

impl App {
    pub(super) fn game_command(
        &mut self,
        game: Game,
        command: &str,
        matches: &clap::ArgMatches,
    ) -> Result<Reply> {
        game.visit(Run {
            app: self,
            command,
            matches,
        })
    }
}
