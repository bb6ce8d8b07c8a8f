//! The second example game, for the tests that hold the frame to its
//! promises with hidden information and chance: Under the Cup, a guessing
//! game with a piecepack die. Each turn the player to move shakes the die
//! under a cup (tablemate rolls it; nobody sees it), then guesses high
//! (3, 4 or 5) or low (null, ace or 2) and lifts the cup: a right guess
//! scores a point, and the first to three points wins.
//!
//! Unlike Take-Away it has a secret (the die under the cup, which no view
//! may show until it is lifted) and a die tablemate rolls, so a replay
//! must draw the same roll. It is compiled only for tests; like any game
//! it is one folder, one line in the list of games and a rule file.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::args::{Declared, Given};
use crate::games::error::{GameError, Unsound};
use crate::games::game::{Game, Names};
use crate::games::wing::{Context, Done, Nothing, Order, Play, Saved, SetUp, Solver, Turn, Wing};
use crate::layout::{Layout, Placed};
use crate::pieces::Rank;
use crate::random::TableRng;
use crate::reply::{Reply, Show};

/// Points that win.
const TO_WIN: u8 = 3;

/// The game: the die under the cup (if shaken), the last one lifted, the
/// points and whose turn it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cup {
    /// Hidden from everyone until the guess lifts the cup.
    pub under: Option<Rank>,
    /// The face shown when the cup was last lifted.
    pub lifted: Option<Rank>,
    pub points: [u8; 2],
    /// Player 1 or 2.
    pub to_move: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Guess {
    High,
    Low,
}

impl Guess {
    fn holds(self, face: Rank) -> bool {
        let high = matches!(face, Rank::Three | Rank::Four | Rank::Five);
        high == (self == Guess::High)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum CupAction {
    Shake,
    Guess { guess: Guess },
}

impl fmt::Display for CupAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CupAction::Shake => f.write_str("shake"),
            CupAction::Guess { guess: Guess::High } => f.write_str("guess high"),
            CupAction::Guess { guess: Guess::Low } => f.write_str("guess low"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The die was shaken under the cup (what it shows is not said).
    Shaken {
        player: u8,
    },
    Lifted {
        player: u8,
        face: Rank,
        right: bool,
    },
    Won {
        player: u8,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Shaken { player } => write!(f, "player {player} shook the die under the cup"),
            Event::Lifted {
                player,
                face,
                right,
            } => write!(
                f,
                "the cup lifts on {}: player {player} guessed {}",
                face.code(),
                if *right { "right" } else { "wrong" }
            ),
            Event::Won { player } => write!(f, "player {player} wins"),
        }
    }
}

impl Cup {
    fn winner(&self) -> Option<u8> {
        (1..=2).find(|&p| self.points[usize::from(p - 1)] >= TO_WIN)
    }
}

impl Saved for Cup {
    const GAME: Game = Game::Cup;
    const WHAT: &'static str = "the saved Under the Cup game";
    const REPAIR: &'static str = "`setup cup` starts a new one";
    const EXPORT_KEY: &'static str = "cup";

    fn check(&self) -> Result<(), Unsound> {
        let [a, b] = self.points;
        if !(1..=2).contains(&self.to_move)
            || a > TO_WIN
            || b > TO_WIN
            || (a == TO_WIN && b == TO_WIN)
        {
            return Err(format!("points {a}-{b}, player {} to move", self.to_move).into());
        }
        Ok(())
    }

    fn summary(&self) -> String {
        "an Under the Cup game".into()
    }
}

impl Play for Cup {
    type Action = CupAction;
    type Event = Event;

    fn sample(_: &mut TableRng) -> Cup {
        Cup {
            under: None,
            lifted: None,
            points: [0, 0],
            to_move: 1,
        }
    }

    fn apply(&mut self, action: &CupAction, rng: &mut TableRng) -> Result<Vec<Event>, GameError> {
        if let Some(w) = self.winner() {
            return Err(GameError::rule(format!("the game is over: player {w} won")));
        }
        let player = self.to_move;
        match (action, self.under) {
            (CupAction::Shake, None) => {
                // The die goes back under the cup: its last face is gone.
                self.under = Some(Rank::ALL[rng.below(6) as usize]);
                self.lifted = None;
                Ok(vec![Event::Shaken { player }])
            }
            (CupAction::Shake, Some(_)) => Err(GameError::rule("the die is under the cup: guess")),
            (CupAction::Guess { .. }, None) => Err(GameError::rule("shake the die first")),
            (CupAction::Guess { guess }, Some(face)) => {
                let right = guess.holds(face);
                self.under = None;
                self.lifted = Some(face);
                let mut said = vec![Event::Lifted {
                    player,
                    face,
                    right,
                }];
                if right {
                    self.points[usize::from(player - 1)] += 1;
                }
                if self.winner().is_some() {
                    said.push(Event::Won { player });
                } else {
                    self.to_move = 3 - player;
                }
                Ok(said)
            }
        }
    }

    fn legal(&self) -> Vec<CupAction> {
        match (self.winner(), self.under) {
            (Some(_), _) => Vec::new(),
            (None, None) => vec![CupAction::Shake],
            (None, Some(_)) => [Guess::High, Guess::Low]
                .map(|guess| CupAction::Guess { guess })
                .to_vec(),
        }
    }

    fn turn(&self) -> Turn {
        let over = self.winner().is_some();
        Turn {
            to_move: (!over).then(|| format!("player {}", self.to_move)),
            next: match (self.winner(), self.under) {
                (Some(w), _) => format!("player {w} won"),
                (None, None) => "`cup shake`".into(),
                (None, Some(_)) => "`cup guess high` or `cup guess low`".into(),
            },
            over,
            seat: None,
            role: None,
        }
    }

    /// The die shows its face only when the cup is lifted: under the cup
    /// it is drawn without one.
    fn layout(&self) -> Layout {
        let mut l = Layout::new("cup", "Under the Cup");
        let face = if self.under.is_some() {
            None
        } else {
            self.lifted
        };
        l.push(Placed::die(face, 0.5, 0.5));
        l
    }

    /// The die under the cup, from everyone, as its face's name.
    fn secrets(&self, _: Option<usize>) -> Vec<String> {
        self.under
            .map(|face| face.code().to_string())
            .into_iter()
            .collect()
    }
}

/// The game after what happened, as every reply shows it: never the die
/// under the cup.
#[derive(Debug, Serialize)]
struct View {
    lifted: Option<Rank>,
    covered: bool,
    points: [u8; 2],
    turn: Turn,
    said: Vec<Event>,
}

impl Show for View {
    fn show(&self, _: &crate::style::Style) -> String {
        let mut lines: Vec<String> = self.said.iter().map(Event::to_string).collect();
        lines.push(format!("points {}-{}", self.points[0], self.points[1]));
        lines.push(crate::games::record::standing(&self.turn));
        lines.join("\n")
    }
}

fn view(cup: &Cup, said: Vec<Event>) -> Reply {
    Reply::new(
        "cup",
        View {
            lifted: cup.lifted,
            covered: cup.under.is_some(),
            points: cup.points,
            turn: cup.turn(),
            said,
        },
    )
    .with_layout(cup.layout())
}

const SETUP: Declared = Declared {
    id: "cup",
    words: None,
    args: &[],
};

fn lay(slot: &mut Option<Cup>, _: &Given, table: &mut Context) -> Result<Done<Reply>, GameError> {
    let cup = Cup::sample(table.rng);
    *slot = Some(cup.clone());
    Ok(Done::changed(view(&cup, Vec::new()), "setup cup"))
}

pub struct UnderTheCup;

impl Wing for UnderTheCup {
    const GAME: Game = Game::Cup;
    const NAMES: Names = Names {
        id: "cup",
        title: "Under the Cup",
        listed: "cup",
        short: None,
        aliases: &["under-the-cup"],
    };
    type State = Cup;
    type Action = CupAction;
    type Ask = Nothing;
    type Event = Event;

    const RULES: Option<(&'static str, &'static str)> =
        Some(("cup.yaml", include_str!("cup.yaml")));

    fn setup() -> Option<SetUp<Cup>> {
        Some(SetUp {
            args: &SETUP,
            examples: &["setup cup"],
            replaces: true,
            lay,
        })
    }

    fn solver() -> Option<Solver<Cup>> {
        None
    }

    fn unsolvable() -> Option<String> {
        Some("Under the Cup is a game of chance: there is nothing to solve".into())
    }

    fn commands() -> Vec<clap::Command> {
        vec![
            clap::Command::new("cup")
                .about("Under the Cup, the second example game: shake, guess high|low")
                .arg(clap::Arg::new("words").num_args(1..=2)),
        ]
    }

    fn completions(path: &[&str], index: usize) -> Vec<&'static str> {
        match (path, index) {
            (["cup"], 0) => vec!["shake", "guess"],
            (["cup", "guess"], 0) => vec!["high", "low"],
            _ => Vec::new(),
        }
    }

    fn line(action: &CupAction) -> String {
        format!("cup {action}")
    }

    fn order(_: &str, m: &clap::ArgMatches) -> Result<Order<CupAction, Nothing>, GameError> {
        let words = crate::games::args::words(m);
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        match w.as_slice() {
            ["shake"] => Ok(Order::Act(CupAction::Shake)),
            ["guess", "high"] => Ok(Order::Act(CupAction::Guess { guess: Guess::High })),
            ["guess", "low"] => Ok(Order::Act(CupAction::Guess { guess: Guess::Low })),
            ["guess", other] => Err(GameError::word(format!(
                "'{other}' is not a guess: high or low"
            ))),
            _ => Err(GameError::word("say `cup shake` or `cup guess high|low`")),
        }
    }

    fn ask(_: Option<&Cup>, ask: Nothing, _: &mut Context) -> Result<Reply, GameError> {
        match ask {}
    }

    fn act(
        slot: &mut Option<Cup>,
        action: CupAction,
        table: &mut Context,
    ) -> Result<Done<Vec<Event>>, GameError> {
        let cup = slot
            .as_mut()
            .ok_or_else(|| GameError::missing("no game: `setup cup`"))?;
        let said = cup.apply(&action, table.rng)?;
        Ok(Done::changed(said, format!("cup {action}")))
    }

    fn answer(state: Option<&Cup>, said: Vec<Event>, _: &mut Context) -> Result<Reply, GameError> {
        let cup = state.ok_or_else(|| GameError::missing("no game: `setup cup`"))?;
        Ok(view(cup, said))
    }
}
