//! An example game, the one the README's "Adding a game" walks through:
//! Take-Away, a game of Nim with piecepack coins. A pile of coins lies on
//! the table; two players take one, two or three in turn, and whoever
//! takes the last coin wins. tablemate follows it, plays either side, and
//! solves a position (the side to move wins when the pile is not a
//! multiple of four).
//!
//! Everything a game needs is here, in one folder, free of I/O: the state
//! and its rules (`Play`), the saved form (`Saved`), and the wing (setup,
//! solve, the `example` command's words, replies and diagram) and its rule
//! text. It plugs in by one line in the list of games (`games!` in
//! `games/mod.rs`); it is compiled only for tests, where the random-play
//! test plays it like every other game and `examples_need_nothing_else`
//! finds it everywhere a game appears.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::args::{Arg, Declared, Given, Type};
use crate::games::error::{GameError, Unsound};
use crate::games::game::{Game, Names};
use crate::games::wing::{Context, Done, Nothing, Order, Play, Saved, SetUp, Solver, Turn, Wing};
use crate::layout::{Layout, Placed};
use crate::random::TableRng;
use crate::reply::{Reply, Show};
use crate::style::Style;

/// The most coins a pile starts with (a piecepack has 24).
const MOST: u32 = 24;

/// The game: the coins left and whose turn it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pile {
    pub left: u32,
    /// Player 1 or 2.
    pub to_move: u8,
    pub winner: Option<u8>,
}

/// Take coins, or let tablemate take them for the player to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Take {
    Coins { n: u32 },
    Ai,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Take::Coins { n } => write!(f, "take {n}"),
            Take::Ai => f.write_str("ai"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Took { player: u8, n: u32, left: u32 },
    Won { player: u8 },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Took { player, n, left } => {
                write!(f, "player {player} took {n}: {left} left")
            }
            Event::Won { player } => write!(f, "player {player} took the last coin and wins"),
        }
    }
}

impl Pile {
    /// The winning take from here, if there is one (leave a multiple of
    /// four); else one coin.
    fn best(&self) -> u32 {
        match self.left % 4 {
            0 => 1,
            r => r,
        }
    }
}

impl Saved for Pile {
    const GAME: Game = Game::Example;
    const WHAT: &'static str = "the saved Take-Away game";
    const REPAIR: &'static str = "`setup example` starts a new one";
    const EXPORT_KEY: &'static str = "example";

    fn check(&self) -> Result<(), Unsound> {
        if self.left > MOST || !(1..=2).contains(&self.to_move) {
            return Err(format!("{} coins, player {} to move", self.left, self.to_move).into());
        }
        Ok(())
    }

    fn summary(&self) -> String {
        "a Take-Away game".into()
    }
}

impl Play for Pile {
    type Action = Take;
    type Event = Event;

    fn sample(rng: &mut TableRng) -> Pile {
        Pile {
            left: 5 + rng.below(u64::from(MOST) - 4) as u32,
            to_move: 1,
            winner: None,
        }
    }

    fn apply(&mut self, action: &Take, _: &mut TableRng) -> Result<Vec<Event>, GameError> {
        if let Some(w) = self.winner {
            return Err(GameError::rule(format!("the game is over: player {w} won")));
        }
        let n = match action {
            Take::Coins { n } => *n,
            Take::Ai => self.best(),
        };
        if !(1..=3).contains(&n) || n > self.left {
            return Err(GameError::rule(format!(
                "take 1 to {} coins",
                self.left.min(3)
            )));
        }
        let player = self.to_move;
        self.left -= n;
        let mut said = vec![Event::Took {
            player,
            n,
            left: self.left,
        }];
        if self.left == 0 {
            self.winner = Some(player);
            said.push(Event::Won { player });
        } else {
            self.to_move = 3 - player;
        }
        Ok(said)
    }

    fn legal(&self) -> Vec<Take> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let mut all: Vec<Take> = (1..=self.left.min(3)).map(|n| Take::Coins { n }).collect();
        all.push(Take::Ai);
        all
    }

    fn turn(&self) -> Turn {
        Turn {
            to_move: self
                .winner
                .is_none()
                .then(|| format!("player {}", self.to_move)),
            // A take the pile allows (a fixed `take 2` was offered with
            // one coin left).
            next: format!("`example take {}`", self.left.clamp(1, 2)),
            over: self.winner.is_some(),
            seat: None,
            role: None,
        }
    }

    fn layout(&self) -> Layout {
        let mut l = Layout::new("example", "Take-Away");
        for i in 0..self.left {
            l.push(Placed::coin_back(
                f64::from(i % 6) + 0.5,
                f64::from(i / 6) + 0.5,
            ));
        }
        l
    }

    fn secrets(&self, _: Option<usize>) -> Vec<String> {
        // Everything is in the open.
        Vec::new()
    }
}

/// The pile after what happened: the text and JSON of every reply.
#[derive(Debug, Serialize)]
struct View {
    #[serde(flatten)]
    pile: Pile,
    said: Vec<Event>,
}

impl Show for View {
    fn show(&self, _: &Style) -> String {
        let mut lines: Vec<String> = self.said.iter().map(Event::to_string).collect();
        lines.push("o".repeat(self.pile.left as usize));
        lines.push(match self.pile.winner {
            Some(w) => format!("game over: player {w} won"),
            None => format!("player {} to take 1 to 3", self.pile.to_move),
        });
        lines.join("\n")
    }
}

fn view(pile: &Pile, said: Vec<Event>) -> Reply {
    Reply::new(
        "example",
        View {
            pile: pile.clone(),
            said,
        },
    )
    .with_layout(pile.layout())
}

const SETUP: Declared = Declared {
    id: "example",
    words: None,
    args: &[Arg {
        key: "coins",
        ty: Type::Number { min: 1, max: MOST },
        help: "how many coins in the pile (at random if not given)",
    }],
};

const SOLVE: Declared = Declared {
    id: "example",
    words: None,
    args: &[],
};

pub struct Example;

impl Wing for Example {
    const GAME: Game = Game::Example;
    const NAMES: Names = Names {
        id: "example",
        title: "Take-Away",
        listed: "example",
        short: None,
        aliases: &["ex"],
    };
    type State = Pile;
    type Action = Take;
    type Ask = Nothing;
    type Event = Event;

    const RULES: Option<(&'static str, &'static str)> =
        Some(("take-away.yaml", include_str!("take-away.yaml")));

    fn setup() -> Option<SetUp<Pile>> {
        Some(SetUp {
            args: &SETUP,
            examples: &[],
            replaces: true,
            lay,
        })
    }

    fn solver() -> Option<Solver<Pile>> {
        Some(Solver {
            args: &SOLVE,
            examples: &[],
            solve,
        })
    }

    fn commands() -> Vec<clap::Command> {
        vec![
            clap::Command::new("example")
                .about("Take-Away, the example game: take N, ai, show")
                .arg(clap::Arg::new("words").num_args(0..=2)),
        ]
    }

    fn line(action: &Take) -> String {
        format!("example {action}")
    }

    fn completions(path: &[&str], index: usize) -> Vec<&'static str> {
        match (path, index) {
            (["example"], 0) => vec!["take", "ai"],
            _ => Vec::new(),
        }
    }

    fn order(_: &str, m: &clap::ArgMatches) -> Result<Order<Take, Nothing>, GameError> {
        let words = crate::games::args::words(m);
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        match w.as_slice() {
            ["take", n] => n
                .parse()
                .map(|n| Order::Act(Take::Coins { n }))
                .map_err(|_| GameError::word(format!("'{n}' is not a number of coins"))),
            ["ai"] => Ok(Order::Act(Take::Ai)),
            _ => Err(GameError::word("say `example take N` or `example ai`")),
        }
    }

    fn ask(_: Option<&Pile>, ask: Nothing, _: &mut Context) -> Result<Reply, GameError> {
        match ask {}
    }

    fn act(
        slot: &mut Option<Pile>,
        take: Take,
        table: &mut Context,
    ) -> Result<Done<Vec<Event>>, GameError> {
        let pile = slot
            .as_mut()
            .ok_or_else(|| GameError::missing("no game: `setup example`"))?;
        let said = pile.apply(&take, table.rng)?;
        Ok(Done::changed(said, format!("example {take}")))
    }

    fn answer(state: Option<&Pile>, said: Vec<Event>, _: &mut Context) -> Result<Reply, GameError> {
        let pile = state.ok_or_else(|| GameError::missing("no game: `setup example`"))?;
        Ok(view(pile, said))
    }

    fn diagram(layout: &Layout, _: &Style) -> Option<String> {
        Some("o".repeat(layout.pieces.len()))
    }
}

/// `setup` for it (`Wing::setup`).
fn lay(
    slot: &mut Option<Pile>,
    given: &Given,
    table: &mut Context,
) -> Result<Done<Reply>, GameError> {
    let mut pile = Pile::sample(table.rng);
    if let Some(n) = given.number("coins") {
        pile.left = n;
    }
    *slot = Some(pile.clone());
    Ok(Done::changed(view(&pile, Vec::new()), "setup example"))
}

/// `solve` for it (`Wing::solver`).
fn solve(state: Option<&Pile>, _: &Given, _: &mut Context) -> Result<Reply, GameError> {
    let pile = state.ok_or_else(|| GameError::missing("no game: `setup example`"))?;
    let text = if pile.left % 4 == 0 {
        format!(
            "{} left: the player to move loses against best play",
            pile.left
        )
    } else {
        format!("{} left: take {} and win", pile.left, pile.best())
    };
    Ok(Reply::plain("solve", text))
}
