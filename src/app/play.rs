//! A game's own commands (each wing's `commands`): the game reads its
//! words; a question reads the saved state, a change goes through the
//! store's one door, so it is worked out from the state it changes. A
//! change that follows by itself (tablemate's answer to a move) is an
//! action of its own, through the door again.

use super::{App, AppError, Reply, Result};
use crate::games::{Game, Order, Table, Visitor, Wing};

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
        let mut table = Table {
            rng: &mut app.rng,
            today: &app.today,
            now: crate::roll_log::now(),
            rule: &rule,
        };
        let mut change = match W::order(self.command, self.matches)? {
            Order::Ask(question) => {
                let state = store.game::<W::State>()?;
                return Ok(W::ask(state.as_ref(), question, &mut table)?);
            }
            Order::Act(change) => change,
        };
        let mut said = Vec::new();
        let mut state;
        let mut done = 0;
        loop {
            let (more, after) = store.play::<W::State, _, AppError>(false, |slot| {
                let d = W::act(slot, change, &mut table)?;
                Ok(((d.said, slot.clone()), d.what))
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
