//! `solve GAME ...`: a game's solver, from the position it has saved or
//! one the player gives.

use super::{App, Reply, Result, invalid};
use crate::games::{Game, Visitor, Wing, help as games};

struct Solve<'a> {
    app: &'a mut App,
    words: &'a [String],
}

impl Visitor for Solve<'_> {
    type Out = Result<Reply>;
    fn visit<W: Wing>(self) -> Result<Reply> {
        let Some(solver) = W::solver() else {
            return Err(invalid(W::unsolvable().unwrap_or_else(|| {
                format!(
                    "{} has nothing to solve: `solve` takes {}",
                    W::GAME.title(),
                    games::solve_games()
                )
            })));
        };
        let given = crate::games::args::parse_for("solve", solver.args, self.words)?;
        let app = self.app;
        // The position and the table from one moment.
        let (state, at) = app.store.game_at_table::<W::State>()?;
        let (rules, dir) = (&app.rules, &app.rules_dir);
        let rule = |game: &str, section: &str| super::lookup::section(rules, dir, game, section);
        let mut table = super::play::context(&mut app.rng, &app.today, &rule, app.acting.clone());
        super::play::seat_in(&mut table, &at);
        Ok((solver.solve)(state.as_ref(), &given, &mut table)?)
    }
}

impl App {
    pub(super) fn solve(&mut self, name: &str, input: &[String]) -> Result<Reply> {
        let (game, words) =
            Game::from_words(name, input).ok_or_else(|| invalid(Game::unknown_puzzle(name)))?;
        game.visit(Solve { app: self, words })
    }
}
