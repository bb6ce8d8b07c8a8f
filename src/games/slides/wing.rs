//! Slides of Action plugged into tablemate: its saved state, its actions
//! (tablemate's move among them), its `slides` command and its setup.

use crate::games::game::Names;
use crate::games::wing::{SetUp, Solver};
use std::fmt;

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::layout::board_layout;
use super::play::{Level, Person, SlidesGame, moves, parse_cell};
use super::seating::{seat, suits_in_play, turn_order};
use super::{diagram, show};
use crate::games::args::{Arg, Declared, Given, Type};
use crate::games::cell::{Cell, cell_name};
use crate::games::error::{GameError, Unsound};
use crate::games::game::Game;
use crate::games::wing::{Context, Done, Order, Play, Saved, Turn, Wing};
use crate::layout::Layout;
use crate::pieces::Suit;
use crate::random::TableRng;
use crate::reply::Reply;
use crate::style::Style;

pub struct SlidesOfAction;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum SlidesAction {
    /// The coin on this square, and those between it and the gap, slide
    /// into the gap (for the suit to move).
    Move { at: Cell },
    /// tablemate's move for the suit to move, at the game's level or
    /// this one.
    Ai {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<u8>,
    },
    /// The coach on or off: warn of a move that lets another suit win.
    Coach { on: bool },
}

impl fmt::Display for SlidesAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SlidesAction::Move { at } => write!(f, "move {}", cell_name(*at)),
            SlidesAction::Ai { level: None } => f.write_str("ai"),
            SlidesAction::Ai { level: Some(n) } => write!(f, "ai level={n}"),
            SlidesAction::Coach { on } => write!(f, "coach {}", if *on { "on" } else { "off" }),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    Show,
}

impl Saved for SlidesGame {
    const GAME: Game = Game::SlidesOfAction;
    const WHAT: &'static str = "the saved Slides of Action game";
    const REPAIR: &'static str = "`setup slides` starts a new one";
    const EXPORT_KEY: &'static str = "slides";

    fn check(&self) -> Result<(), Unsound> {
        SlidesGame::check(self)
    }

    fn summary(&self) -> String {
        "a Slides of Action game".into()
    }

    fn rename(&mut self, from: &str, to: &str) {
        for p in self.people.iter_mut().filter(|p| p.name == from) {
            p.name = to.to_string();
        }
    }

    /// Its people in their seats; the one whose suit won (none on a draw,
    /// or when tablemate's suit won).
    fn plays(&self) -> Vec<crate::plays::Play> {
        if !self.over() || self.people.is_empty() {
            return Vec::new();
        }
        let winners = self
            .winner
            .and_then(|w| self.people.iter().position(|p| p.suit == w))
            .into_iter()
            .collect();
        vec![crate::plays::Play::new(
            Self::GAME.id(),
            "",
            self.people.iter().map(|p| p.name.clone()).collect(),
            vec![None; self.people.len()],
            winners,
        )]
    }
}

impl SlidesGame {
    /// tablemate's move for the suit to move.
    fn reply_move(&mut self, level: Option<u8>) -> Result<Event, GameError> {
        let m = self.best_move_at(level.map_or(self.level, Level));
        let mut said = self.play(m)?;
        if let Event::Slid { tablemate, .. } = &mut said {
            *tablemate = true;
        }
        Ok(said)
    }
}

impl Play for SlidesGame {
    type Action = SlidesAction;
    type Event = Event;

    fn sample(rng: &mut TableRng) -> SlidesGame {
        let players = 2 + rng.below(2) as usize;
        let mut turns = suits_in_play(players);
        rng.shuffle(&mut turns);
        if players == 3 {
            let arms = turns.iter().position(|&s| s == Suit::Arms).unwrap_or(0);
            turns.rotate_left(arms);
        }
        SlidesGame::new(turns, rng.coin(), None)
    }

    fn apply(&mut self, action: &SlidesAction, _: &mut TableRng) -> Result<Vec<Event>, GameError> {
        let before = self.clone();
        let done = match action {
            SlidesAction::Ai { level } => self.reply_move(*level).map(|e| vec![e]),
            SlidesAction::Coach { on } => {
                self.coach = *on;
                Ok(vec![Event::Coaching { on: *on }])
            }
            SlidesAction::Move { at } => {
                if !self.over() && self.computer == Some(self.to_move()) {
                    return Err(GameError::rule(format!(
                        "it is tablemate's turn ({}): `slides ai`",
                        self.to_move().name()
                    )));
                }
                let warned = if self.coach { self.warning(*at) } else { None };
                self.play(*at).map(|said| {
                    std::iter::once(said)
                        .chain(warned.map(Event::Warned))
                        .collect()
                })
            }
        };
        if done.is_err() {
            *self = before;
        }
        done
    }

    fn legal(&self) -> Vec<SlidesAction> {
        if self.over() {
            return Vec::new();
        }
        let mut all = vec![SlidesAction::Ai { level: None }];
        if self.computer != Some(self.to_move()) {
            all.extend(
                moves(&self.grid(), self.before)
                    .into_iter()
                    .map(|at| SlidesAction::Move { at }),
            );
        }
        all
    }

    fn turn(&self) -> Turn {
        Turn {
            to_move: (!self.over()).then(|| self.who(self.to_move())),
            next: match self.winner {
                Some(_) => show::ended(self),
                None if self.drawn => show::ended(self),
                None if self.computer == Some(self.to_move()) => "`slides ai`".to_string(),
                None => super::play::move_offered(&self.grid(), self.before)
                    .unwrap_or_else(|| "`slides ai`".to_string()),
            },
            over: self.over(),
            // A suit a person plays: their place among `people`.
            seat: (!self.over())
                .then(|| self.people.iter().position(|p| p.suit == self.to_move()))
                .flatten(),
            role: Some(self.to_move().name().to_string()),
        }
    }

    fn people(&self) -> Vec<String> {
        self.people.iter().map(|p| p.name.clone()).collect()
    }

    /// Each person's suit: the coins they move.
    fn roles(&self) -> Vec<String> {
        self.people
            .iter()
            .map(|p| p.suit.name().to_string())
            .collect()
    }

    fn layout(&self) -> Layout {
        board_layout(&self.grid())
    }

    fn secrets(&self, _: Option<usize>) -> Vec<String> {
        // Everything is in the open.
        Vec::new()
    }
}

const DECLARED: Declared = Declared {
    id: "slides-of-action",
    words: None,
    args: &[
        Arg {
            key: "players",
            ty: Type::Number { min: 2, max: 3 },
            help: "how many play (3 if not given)",
        },
        Arg {
            key: "suits",
            ty: Type::Suits,
            help: "each player's suit, player 1 first",
        },
        Arg {
            key: "variant",
            ty: Type::Choice(&["harder"]),
            help: "a win counts with at most one diagonal link",
        },
        Arg {
            key: "against",
            ty: Type::Choice(&["tablemate"]),
            help: "tablemate plays the last player's suit",
        },
        Arg {
            key: "level",
            ty: Type::Number { min: 1, max: 3 },
            help: "tablemate's look-ahead, 1 to 3 (3 if not given)",
        },
        Arg {
            key: "board",
            ty: Type::Text("ROWS"),
            help: "a game in progress, rows by / (ACSA/SACS/_SAC/CACS)",
        },
        Arg {
            key: "next",
            ty: Type::Suits,
            help: "with board=: the suit to move now",
        },
    ],
};

fn no_game() -> GameError {
    GameError::missing("no Slides of Action game: `setup slides players=2` starts one")
}

impl Wing for SlidesOfAction {
    const GAME: Game = Game::SlidesOfAction;
    const NAMES: Names = Names {
        id: "slides-of-action",
        title: "Slides of Action",
        listed: "slides-of-action",
        short: Some("slides"),
        aliases: &["slides", "soa"],
    };
    type State = SlidesGame;
    type Action = SlidesAction;
    type Ask = Ask;
    type Event = Event;

    const RULES: Option<(&'static str, &'static str)> = Some((
        "slides-of-action.yaml",
        include_str!("../../../rules/slides-of-action.yaml"),
    ));

    fn setup() -> Option<SetUp<SlidesGame>> {
        Some(SetUp {
            args: &DECLARED,
            examples: &["setup slides-of-action players=3 suits=C,A,S"],
            replaces: true,
            lay,
        })
    }

    fn solver() -> Option<Solver<SlidesGame>> {
        None
    }

    fn commands() -> Vec<clap::Command> {
        vec![
            clap::Command::new("slides")
                .about("Slides of Action play: move SQUARE, ai, coach, show")
                .after_help(
                    "After `setup slides`: `move r4c1` slides the coin on r4c1,\n\
                     and those between it and the gap, one space into the gap\n\
                     (one to three coins, in the gap's row or column; never\n\
                     straight back). The suit to move moves; after each move\n\
                     tablemate checks for a win. `ai` makes tablemate's move for\n\
                     the suit to move (`ai level=1` looks one move ahead, 2 two,\n\
                     3, the default, four); with against=tablemate it answers\n\
                     your moves itself, at setup's level=. `coach on` warns of a\n\
                     move that lets another suit win on its next turn. Alone, it\n\
                     shows the board.\n\n\
                     Examples:\n  slides move r4c1\n  slides ai\n  slides ai level=1\n  slides coach on\n  slides",
                )
                .arg(
                    clap::Arg::new("words")
                        .value_name("ACTION")
                        .num_args(0..=2)
                        .help("move SQUARE, ai [level=N], coach on|off or show"),
                ),
        ]
    }

    fn completions(_path: &[&str], index: usize) -> Vec<&'static str> {
        if index == 0 {
            vec!["move", "ai", "coach", "show"]
        } else {
            Vec::new()
        }
    }

    fn line(action: &SlidesAction) -> String {
        format!("slides {action}")
    }

    fn order(_: &str, m: &clap::ArgMatches) -> Result<Order<SlidesAction, Ask>, GameError> {
        let w: Vec<String> = crate::games::args::words(m)
            .iter()
            .map(|w| w.to_ascii_lowercase())
            .collect();
        match w.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            [] | ["show"] => Ok(Order::Ask(Ask::Show)),
            ["move", square] => Ok(Order::Act(SlidesAction::Move {
                at: parse_cell(square)?,
            })),
            ["ai"] => Ok(Order::Act(SlidesAction::Ai { level: None })),
            ["ai", word] => match word
                .strip_prefix("level=")
                .and_then(|n| n.parse::<u8>().ok())
            {
                Some(n @ 1..=3) => Ok(Order::Act(SlidesAction::Ai { level: Some(n) })),
                _ => Err(GameError::word(format!(
                    "'{word}': `slides ai` takes level=1, 2 or 3 (how far it looks ahead)"
                ))),
            },
            ["coach", "on"] => Ok(Order::Act(SlidesAction::Coach { on: true })),
            ["coach", "off"] => Ok(Order::Act(SlidesAction::Coach { on: false })),
            ["coach", ..] => Err(GameError::word(
                "`slides coach` takes on or off: slides coach on",
            )),
            ["move"] => Err(GameError::word(
                "name the square of the coin farthest from the gap that slides: `slides move r4c1`",
            )),
            [other, ..] => Err(GameError::word(format!(
                "'{other}' is not a slides action{}: expected move SQUARE, ai [level=1-3], coach on|off or show",
                crate::suggest::hint(other, ["move", "ai", "coach", "show"])
            ))),
        }
    }

    fn ask(state: Option<&SlidesGame>, _: Ask, _: &mut Context) -> Result<Reply, GameError> {
        let game = state.ok_or_else(no_game)?;
        Ok(show::board(game.clone(), Vec::new()))
    }

    fn act(
        slot: &mut Option<SlidesGame>,
        action: SlidesAction,
        table: &mut Context,
    ) -> Result<Done<Vec<Event>>, GameError> {
        let game = slot.as_mut().ok_or_else(no_game)?;
        let said = game.apply(&action, table.rng)?;
        // The journal names the square tablemate chose, so `undo` says
        // which move it takes back.
        let what = match (&action, said.first()) {
            (SlidesAction::Ai { .. }, Some(Event::Slid { from, .. })) => {
                format!("slides ai {}", cell_name(*from))
            }
            _ => format!("slides {action}"),
        };
        Ok(Done::changed(said, what))
    }

    const COACHES: bool = true;
    /// `slides coach on` warns as each move is made.
    const OWN_COACH: bool = true;

    /// A move that let the next suit win on its turn, as the coach
    /// would have said at the time.
    fn coach(before: &SlidesGame, after: &SlidesGame) -> Option<String> {
        if after.moves.len() != before.moves.len() + 1 {
            return None;
        }
        let at = parse_cell(after.moves.last()?).ok()?;
        before.warning(at).map(|w| Event::Warned(w).to_string())
    }

    /// Against tablemate, its move answers the player's, as a move of its
    /// own (`undo` takes it back alone).
    fn follow_up(state: Option<&SlidesGame>) -> Option<SlidesAction> {
        let g = state?;
        (!g.over() && g.computer == Some(g.to_move())).then_some(SlidesAction::Ai { level: None })
    }

    fn answer(
        state: Option<&SlidesGame>,
        said: Vec<Event>,
        _: &mut Context,
    ) -> Result<Reply, GameError> {
        let game = state.ok_or_else(no_game)?;
        Ok(show::board(game.clone(), said))
    }

    fn diagram(layout: &Layout, style: &Style) -> Option<String> {
        Some(diagram::draw(layout, style))
    }
}

/// `setup` for it (`Wing::setup`).
fn lay(
    slot: &mut Option<SlidesGame>,
    given: &Given,
    table: &mut Context,
) -> Result<Done<Reply>, GameError> {
    let players = given.number("players").unwrap_or(3) as usize;
    let seating = seat(players, given.suits("suits"), table.rng)?;
    let harder = given.choice("variant") == Some("harder");
    let computer = (given.choice("against") == Some("tablemate"))
        .then(|| seating.players.last().map(|s| s.suit))
        .flatten();
    let mut game = SlidesGame::new(turn_order(&seating), harder, computer);
    if let Some(n) = given.number("level") {
        if computer.is_none() {
            return Err(GameError::word(format!(
                "'level={n}': a level is tablemate's, with against=tablemate"
            )));
        }
        game.level = Level(n as u8);
    }
    // The table's players take the seats in seating order, from who
    // starts (tablemate keeps its own).
    game.people = seating
        .players
        .iter()
        .filter(|s| Some(s.suit) != computer)
        .filter_map(|s| {
            table.players.get(s.player - 1).map(|name| Person {
                name: name.clone(),
                suit: s.suit,
            })
        })
        .collect();
    let sitting_out = table.players.get(players..).unwrap_or_default().to_vec();
    if let Some(board) = given.text("board") {
        let next = match given.suits("next").as_deref() {
            None => None,
            Some([one]) => Some(*one),
            Some(_) => return Err(GameError::word("next= takes one suit: next=C")),
        };
        game.resume(board, next)?;
    } else if given.suits("next").is_some() {
        return Err(GameError::word(
            "next= goes with board=: the suit to move in a game in progress",
        ));
    }
    let before = game.clone();
    // Against tablemate, when it is to move first, it moves now.
    let opening = if game.computer == Some(game.to_move()) {
        vec![game.reply_move(None)?]
    } else {
        Vec::new()
    };
    *slot = Some(game);
    Ok(Done::changed(
        show::seated(seating, before, opening, sitting_out),
        "setup slides",
    ))
}
