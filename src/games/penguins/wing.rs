//! Penguin's Night Out plugged into tablemate: its saved state, its
//! actions, its `penguins` command, its setup and its diagram.

use super::actions::{Ask, PenguinAction};
use super::board::Board;
use super::events::Event;
use super::layout::layout;
use super::play::{Night, Phase};
use super::words::COMMAND_WORDS;
use super::{diagram, setup, show, words};
use crate::games::args::Given;
use crate::games::compass::Dir;
use crate::games::error::{GameError, Unsound};
use crate::games::game::Game;
use crate::games::game::Names;
use crate::games::wing::{Context, Done, Order, Play, Saved, Turn, Wing};
use crate::games::wing::{SetUp, Solver};
use crate::layout::Layout;
use crate::random::TableRng;
use crate::reply::Reply;
use crate::style::Style;

pub struct PenguinsNightOut;

impl Saved for Board {
    const GAME: Game = Game::PenguinsNightOut;
    const WHAT: &'static str = "the saved penguin board";
    const REPAIR: &'static str = "`setup penguins` lays a new one";
    const EXPORT_KEY: &'static str = "penguins";
    const EXPORT_ALWAYS: bool = true;
    const LEGACY_FILE: Option<(&'static str, &'static str)> =
        Some(("penguins.json", "a penguin board"));

    fn check(&self) -> Result<(), Unsound> {
        Board::check(self)
    }

    fn summary(&self) -> String {
        "a penguin board".into()
    }

    fn rename(&mut self, from: &str, to: &str) {
        if let Some(play) = self.play.as_mut() {
            for p in play.people.iter_mut().filter(|p| *p == from) {
                *p = to.to_string();
            }
        }
    }

    fn plays(&self) -> Vec<crate::plays::Play> {
        let Some(play) = self.play.as_ref().filter(|p| p.phase == Phase::Over) else {
            return Vec::new();
        };
        vec![crate::plays::Play::new(
            Self::GAME.id(),
            "",
            play.people.clone(),
            vec![None; play.people.len()],
            play.winner.into_iter().collect(),
        )]
    }
}

impl Play for Board {
    type Action = PenguinAction;
    type Event = Event;

    fn sample(rng: &mut TableRng) -> Board {
        setup::new_board(&Given::default(), 2, rng)
            .expect("a random board needs nothing given")
            .board
    }

    fn apply(
        &mut self,
        action: &PenguinAction,
        rng: &mut TableRng,
    ) -> Result<Vec<Event>, GameError> {
        let sides = self.die_sides;
        let play = self.play.as_mut().ok_or_else(|| {
            GameError::rule(
                "this board was laid before tablemate followed the game: `setup penguins` lays one to play",
            )
        })?;
        let before = play.clone();
        let one = |r: Result<Event, GameError>| r.map(|e| vec![e]);
        let done = match action {
            PenguinAction::Place { at: None } => {
                let free = play.vacant_squares();
                if free.is_empty() || play.phase != Phase::Place {
                    one(play.place((0, 0)))
                } else {
                    let s = free[rng.below(free.len() as u64) as usize];
                    one(play.place(s))
                }
            }
            PenguinAction::Place { at: Some(s) } => one(play.place(*s)),
            PenguinAction::Roll { die } => {
                let v = die.unwrap_or_else(|| Board::die_value(sides, rng));
                one(play.set_roll(v))
            }
            PenguinAction::Move { from, route } => play.walk(*from, route),
            PenguinAction::Shift { from, dir } => one(play.shift(*from, *dir)),
            PenguinAction::Alter { dice } => {
                let (a, b) = dice.unwrap_or_else(|| {
                    (Board::die_value(sides, rng), Board::die_value(sides, rng))
                });
                play.alter(a, b)
            }
            PenguinAction::Relocate {
                domino,
                to,
                down,
                first,
            } => one(play.relocate(*domino, *to, *down, *first)),
            PenguinAction::Done => play.done(),
        };
        if done.is_err() {
            *play = before;
        }
        done
    }

    fn legal(&self) -> Vec<PenguinAction> {
        let Some(play) = &self.play else {
            return Vec::new();
        };
        let shifts = || {
            play.buddies
                .iter()
                .filter_map(|b| b.at)
                .flat_map(|from| Dir::CLOCKWISE.map(|dir| PenguinAction::Shift { from, dir }))
                .filter(|a| self.clone().apply(a, &mut TableRng::new(0)).is_ok())
                .collect::<Vec<_>>()
        };
        match play.phase {
            Phase::Over => Vec::new(),
            Phase::Place => play
                .vacant_squares()
                .into_iter()
                .map(|s| PenguinAction::Place { at: Some(s) })
                .collect(),
            Phase::Roll => vec![PenguinAction::Roll { die: None }],
            Phase::Move => play
                .legal_routes()
                .into_iter()
                .map(|(from, route)| PenguinAction::Move { from, route })
                .collect(),
            Phase::Moved => {
                let mut all = shifts();
                all.push(PenguinAction::Alter { dice: None });
                all
            }
            Phase::Altered => {
                let mut all = shifts();
                all.extend(
                    play.legal_relocations(40)
                        .into_iter()
                        .map(|(domino, to, down)| PenguinAction::Relocate {
                            domino,
                            to,
                            down,
                            // As a player names it: the pips that lie first
                            // now go first (`penguins relocate 3-4 r6c9`).
                            first: play.first_pips(domino),
                        }),
                );
                all.push(PenguinAction::Done);
                all
            }
        }
    }

    fn turn(&self) -> Turn {
        let over = self.play.as_ref().is_none_or(|p| p.phase == Phase::Over);
        Turn {
            to_move: self
                .play
                .as_ref()
                .filter(|_| !over)
                .map(|p| p.who(p.actor())),
            next: self.play.as_ref().map(show::next_step).unwrap_or_default(),
            over,
            // Player i is the table's i-th person from who starts, where
            // the table seated the game.
            seat: self
                .play
                .as_ref()
                .filter(|p| !over && p.actor() < p.people.len())
                .map(Night::actor),
            role: None,
        }
    }

    fn people(&self) -> Vec<String> {
        self.play
            .as_ref()
            .map_or_else(Vec::new, |p| p.people.clone())
    }

    /// Each player's penguin (pawn `A` to `D`) in its suit's colour, and
    /// its buddy tokens (`a` to `d`).
    fn roles(&self) -> Vec<String> {
        let n = self.play.as_ref().map_or(0, |p| p.people.len());
        (0..n).map(super::layout::role).collect()
    }

    fn layout(&self) -> Layout {
        layout(self)
    }

    fn secrets(&self, _: Option<usize>) -> Vec<String> {
        // Everything is in the open.
        Vec::new()
    }
}

fn no_board() -> GameError {
    GameError::missing("no penguin board: `setup penguins players=N` lays one")
}

impl Wing for PenguinsNightOut {
    const GAME: Game = Game::PenguinsNightOut;
    const NAMES: Names = Names {
        id: "penguins-night-out",
        title: "Penguin's Night Out",
        listed: "penguins",
        short: Some("penguins"),
        aliases: &["penguins", "penguin", "pno"],
    };
    type State = Board;
    type Action = PenguinAction;
    type Ask = Ask;
    type Event = Event;

    const RULES: Option<(&'static str, &'static str)> = Some((
        "penguins-night-out.yaml",
        include_str!("../../../rules/penguins-night-out.yaml"),
    ));

    fn setup() -> Option<SetUp<Board>> {
        Some(SetUp {
            args: &setup::DECLARED,
            examples: &["setup penguins players=4 variant=elbow-room"],
            replaces: true,
            lay,
        })
    }

    fn solver() -> Option<Solver<Board>> {
        None
    }

    fn commands() -> Vec<clap::Command> {
        vec![
            clap::Command::new("penguins")
                .about("Penguin's Night Out turn by turn: place, roll, move, alter")
                .after_help(
                    // One line per paragraph: clap wraps it to the terminal.
                    "After `setup penguins`: `place` puts the next buddy token (on a square you \
                     name, or at random). Each turn: `roll` (or `roll 4` for your die), `move` a \
                     route of directions (n e s w; `from r2c3` first off the nest's middle; \
                     `stay`), `shift SQUARE DIR` a buddy on a double, `alter` (or `alter 3 5`), \
                     then what it allows: `relocate 2-4 r1c9` (`r1c9v` down the table), `shift`; \
                     `done` ends the turn.\n\n\
                     Examples (one game, in order):\n  penguins place\n  penguins place\n  \
                     penguins place\n  penguins place\n  penguins roll 3\n  penguins move stay\n  \
                     penguins alter 6 6\n  penguins done\n  penguins",
                )
                .arg(
                    clap::Arg::new("words")
                        .value_name("ACTION")
                        .num_args(1..)
                        .trailing_var_arg(true)
                        .help("place, roll, move, shift, alter, relocate, done, show"),
                ),
        ]
    }

    fn completions(_path: &[&str], index: usize) -> Vec<&'static str> {
        if index == 0 {
            COMMAND_WORDS.to_vec()
        } else {
            Vec::new()
        }
    }

    fn line(action: &PenguinAction) -> String {
        format!("penguins {action}")
    }

    fn order(_: &str, m: &clap::ArgMatches) -> Result<Order<PenguinAction, Ask>, GameError> {
        words::order(&crate::games::args::words(m))
    }

    fn ask(state: Option<&Board>, _: Ask, _: &mut Context) -> Result<Reply, GameError> {
        let board = state.ok_or_else(no_board)?;
        Ok(show::view(board.clone(), Vec::new()))
    }

    fn act(
        slot: &mut Option<Board>,
        action: PenguinAction,
        table: &mut Context,
    ) -> Result<Done<Vec<Event>>, GameError> {
        let board = slot.as_mut().ok_or_else(no_board)?;
        let said = board.apply(&action, table.rng)?;
        // A roll tablemate made says what came up, as the record and the
        // screen's moves show it (#78: "ann: penguins roll", no number).
        let rolled = said.iter().find_map(|e| match e {
            Event::Rolled { roll, .. } => Some(*roll),
            _ => None,
        });
        let what = match (&action, rolled) {
            (PenguinAction::Roll { die: None }, Some(r)) => format!("penguins roll (rolled {r})"),
            _ => format!("penguins {action}"),
        };
        Ok(Done::changed(said, what))
    }

    fn answer(
        state: Option<&Board>,
        said: Vec<Event>,
        _: &mut Context,
    ) -> Result<Reply, GameError> {
        let board = state.ok_or_else(no_board)?;
        Ok(show::view(board.clone(), said))
    }

    fn diagram(layout: &Layout, _: &Style) -> Option<String> {
        Some(diagram::draw(layout))
    }
}

/// `setup` for it (`Wing::setup`).
fn lay(
    slot: &mut Option<Board>,
    given: &Given,
    table: &mut Context,
) -> Result<Done<Reply>, GameError> {
    let players = given.number("players").unwrap_or(2) as usize;
    let mut new = setup::new_board(given, players, table.rng)?;
    if let Some(play) = new.board.play.as_mut() {
        play.people = table.players.iter().take(players).cloned().collect();
    }
    new.sitting_out = table.players.get(players..).unwrap_or_default().to_vec();
    *slot = Some(new.board.clone());
    Ok(Done::changed(show::laid(new), "setup penguins"))
}
