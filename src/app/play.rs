//! A game's own commands (each wing's `commands`): the game reads its
//! words; a question reads the saved state, a change goes through the
//! store's one door, so it is worked out from the state it changes. A
//! change that follows by itself (tablemate's answer to a move) is an
//! action of its own, through the door again.

use super::{App, AppError, Reply, Result};
use crate::games::wing::InRecord;
use crate::games::{Game, Order, Play, Table, Visitor, Wing};
use crate::store::{Note, Step};

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
        let players = app.seated()?;
        let (rules, dir) = (&app.rules, &app.rules_dir);
        let rule = |game: &str, section: &str| super::lookup::section(rules, dir, game, section);
        let mut table = Table {
            rng: &mut app.rng,
            today: &app.today,
            now: crate::roll_log::now(),
            rule: &rule,
            again: None,
            players: &players,
        };
        let mut change = match W::order(self.command, self.matches)? {
            Order::Ask(question) => {
                let state = store.game::<W::State>()?;
                return Ok(W::ask(state.as_ref(), question, &mut table)?);
            }
            Order::Act(change) => change,
        };
        W::complete(&mut change, &table);
        let mut said = Vec::new();
        let mut state;
        let mut done = 0;
        loop {
            // What the game's record keeps of the change: the action, who
            // made it (tablemate, for a change that followed by itself),
            // and where the generator and the clock stood.
            let step = Step {
                wing: W::GAME,
                what: String::new(),
                action: Some(serde_json::to_value(&change).expect("actions serialise")),
                by: (done > 0).then(|| "tablemate".to_string()),
                seed: table.rng.seed(),
                draws: table.rng.draws(),
                at: table.now,
                day: table.today.to_string(),
                state: serde_json::Value::Null,
            };
            let in_record = W::in_record(&change);
            let (more, after) = store.play_noted::<W::State, _, AppError>(false, |slot| {
                let by = slot.as_ref().and_then(|s| s.turn().to_move);
                let d = W::act(slot, change, &mut table)?;
                let note = match (&d.what, in_record) {
                    (None, _) | (Some(_), InRecord::Apart) => Note::Nothing,
                    (Some(_), InRecord::Ends) => Note::Close,
                    (Some(what), InRecord::Step) => Note::Step(Step {
                        what: what.clone(),
                        by: step.by.or(by),
                        ..step
                    }),
                };
                Ok(((d.out, slot.clone()), d.what, note))
            })?;
            said.extend(more);
            state = after;
            done += 1;
            match W::follow_up(state.as_ref()) {
                Some(next) if done <= MOST_FOLLOW_UPS => change = next,
                _ => break,
            }
        }
        Ok(W::answer(state.as_ref(), said, &mut table)?)
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
