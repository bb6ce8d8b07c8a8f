//! Fuji-san plugged into tablemate: its saved game, its `fuji` command,
//! its setup (at random, from a deal code, from the coins the table laid,
//! from a ppgames PPN file), its solver, grade, hint and coach, and its
//! diagram.

use super::diagram::draw;
use super::grade::grade;
use super::mountain::{Coins, Dice, Move, PRIESTS, START, Space, needs_dice, step_suit};
use super::play::{FujiGame, Moved};
use super::show::{Board, Graded, Hint, Laid, Ppn, Solved, board};
use super::solve::Graph;
use crate::games::args::{Arg, Declared, Given, Type};
use crate::games::error::{GameError, Unsound};
use crate::games::game::{Game, Names};
use crate::games::grading;
use crate::games::wing::{Context, Done, Order, Play, Saved, SetUp, Solver, Turn, Wing};
use crate::layout::{Layout, Placed};
use crate::random::TableRng;
use crate::reply::Reply;
use crate::style::Style;

pub struct FujiSan;

/// The words after `fuji`, as Tab offers them (a move is a word like
/// `a1-b1`).
const ASKS: [&str; 4] = ["hint", "grade", "ppn", "show"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    Show,
    Hint,
    Grade,
    Ppn,
}

impl Saved for FujiGame {
    const GAME: Game = Game::FujiSan;
    const WHAT: &'static str = "the saved Fuji-san game";
    const REPAIR: &'static str = "`setup fuji-san` starts a new one";
    const EXPORT_KEY: &'static str = "fuji_san";

    fn check(&self) -> Result<(), Unsound> {
        FujiGame::check(self)
    }

    fn summary(&self) -> String {
        "a Fuji-san game".into()
    }

    /// Won at the summit, lost when no priest can move: the moves made
    /// are its score, the fewer the better.
    fn plays(&self) -> Vec<crate::plays::Play> {
        if !self.over() {
            return Vec::new();
        }
        vec![crate::plays::Play::of_one(
            Self::GAME.id(),
            self.moves.len(),
            self.won(),
        )]
    }
}

impl Play for FujiGame {
    type Action = Move;
    type Event = Moved;

    fn sample(rng: &mut TableRng) -> FujiGame {
        FujiGame::deal(rng)
    }

    fn apply(&mut self, m: &Move, _: &mut TableRng) -> Result<Vec<Moved>, GameError> {
        self.step(*m)?;
        Ok(vec![Moved {
            n: self.moves.len(),
            by: *m,
            downhill: m.goes_down(),
        }])
    }

    fn legal(&self) -> Vec<Move> {
        FujiGame::legal(self)
    }

    fn turn(&self) -> Turn {
        let over = self.over();
        Turn {
            to_move: (!over).then(|| "the priests".to_string()),
            next: if self.won() {
                format!(
                    "all four priests are on the summit in {} moves: you win",
                    self.moves.len()
                )
            } else if over {
                "no priest can move: the climb is over".to_string()
            } else {
                let all: Vec<String> = self.legal().iter().map(Move::to_string).collect();
                format!("`fuji {}` (the moves now: {})", all[0], all.join(", "))
            },
            over,
            seat: None,
            role: None,
        }
    }

    fn layout(&self) -> Layout {
        let mut l = Layout::new("fuji-san", "Fuji-san");
        let y = |s: Space| if s.row() == 0 { 1.5 } else { 0.5 };
        for row in 0..2 {
            for col in 1..=12 {
                let s = Space::new(row, col);
                if let Some(v) = self.coins.at(s) {
                    l.push(
                        Placed::coin_value(v, f64::from(col) + 0.5, y(s))
                            .suited(step_suit(usize::from(col - 1))),
                    );
                }
            }
        }
        for (k, p) in self.priests.iter().enumerate() {
            l.push(Placed::pawn(
                Some(PRIESTS[k]),
                f64::from(p.col()) + 0.5,
                y(*p),
            ));
        }
        if self.on_the_dice() {
            for (k, d) in self.dice.0.iter().enumerate() {
                let x = if k % 2 == 0 { 15.5 } else { 16.5 };
                l.push(Placed::die(Some(*d), x, if k < 2 { 1.5 } else { 0.5 }).suited(PRIESTS[k]));
            }
        }
        l
    }

    fn secrets(&self, _: Option<usize>) -> Vec<String> {
        // Everything is in the open.
        Vec::new()
    }
}

const COINS: Arg = Arg {
    key: "coins",
    ty: Type::Text("TOP12/BOTTOM12"),
    help: "the coins laid, top row then bottom, left to right",
};

const DICE: Arg = Arg {
    key: "dice",
    ty: Type::Text("TL TR/BL BR"),
    help: "the four dice, for a first move no coin gives",
};

const SETUP: Declared = Declared {
    id: "fuji-san",
    words: None,
    args: &[
        COINS,
        DICE,
        Arg {
            key: "ppn",
            ty: Type::TextOrFile("FILE", ':'),
            help: "a game in ppgames' PPN, every move checked",
        },
        grading::LEVEL,
    ],
};

const SOLVE: Declared = Declared {
    id: "fuji-san",
    words: None,
    args: &[COINS, DICE],
};

fn no_game() -> GameError {
    GameError::missing("no Fuji-san game: `setup fuji-san` lays the mountain")
}

fn bad(key: &str) -> impl Fn(super::mountain::Misread) -> GameError + '_ {
    move |e| GameError::word(format!("{key}=: {e}"))
}

/// The mountain from the table's coins and dice, the rest dealt.
fn laid_from(given: &Given, rng: &mut TableRng) -> Result<FujiGame, GameError> {
    let mut game = FujiGame::deal(rng);
    if let Some(c) = given.text("coins") {
        game.coins = Coins::parse(c).map_err(bad("coins"))?;
    }
    if let Some(d) = given.text("dice") {
        game.dice = Dice::parse(d).map_err(bad("dice"))?;
    }
    Ok(game)
}

impl Wing for FujiSan {
    const GAME: Game = Game::FujiSan;
    const NAMES: Names = Names {
        id: "fuji-san",
        title: "Fuji-san",
        listed: "fuji-san",
        short: Some("fuji"),
        aliases: &["fujisan", "fuji", "fs"],
    };
    const COACHES: bool = true;
    type State = FujiGame;
    type Action = Move;
    type Ask = Ask;
    type Event = Moved;

    const RULES: Option<(&'static str, &'static str)> = Some((
        "fuji-san.yaml",
        include_str!("../../../rules/fuji-san.yaml"),
    ));

    fn setup() -> Option<SetUp<FujiGame>> {
        Some(SetUp {
            args: &SETUP,
            examples: &[
                "setup fuji-san level=hard",
                "setup fuji-san coins=44452n24n3aa/a25335325ann",
            ],
            replaces: true,
            lay,
        })
    }

    fn solver() -> Option<Solver<FujiGame>> {
        Some(Solver {
            args: &SOLVE,
            examples: &[
                "solve fuji-san",
                "solve fuji-san coins=2nnna244naa5/335a45235432 dice=a2/55",
            ],
            solve: solved,
        })
    }

    fn commands() -> Vec<clap::Command> {
        vec![
            clap::Command::new("fuji")
                .about("Fuji-san play: a move like a1-b1, hint, grade, ppn, show")
                .after_help(
                    "After `setup fuji-san`: `fuji a1-b1` moves the priest on a1\n\
                     to b1 (files a to n left to right, rank 2 the top row).\n\
                     A priest moves along its row to a coin showing the count of\n\
                     empty spaces to it (priests jumped, not counted), straight\n\
                     across to the other row, or on the summit (g, h) across or\n\
                     beside. `hint` gives a best move, `grade` how hard the\n\
                     climb is from here, `ppn` the game in ppgames' notation. With\n\
                     `coach on`, a move that costs moves is said to.\n\n\
                     Examples:\n  fuji\n  fuji a1-b1\n  fuji hint\n  fuji grade\n  fuji ppn",
                )
                .arg(
                    clap::Arg::new("words")
                        .value_name("MOVE")
                        .num_args(0..=2)
                        .help("a move FROM-TO (a1-b1), hint, grade, ppn or show"),
                ),
        ]
    }

    fn completions(path: &[&str], index: usize) -> Vec<&'static str> {
        match (path, index) {
            (["fuji"], 0) => ASKS.to_vec(),
            _ => Vec::new(),
        }
    }

    fn line(m: &Move) -> String {
        format!("fuji {m}")
    }

    fn order(_: &str, m: &clap::ArgMatches) -> Result<Order<Move, Ask>, GameError> {
        let w: Vec<String> = crate::games::args::words(m)
            .iter()
            .map(|w| w.to_ascii_lowercase())
            .collect();
        let words: Vec<&str> = w.iter().map(String::as_str).collect();
        let space = |s: &str| {
            Space::parse(s).ok_or_else(|| {
                GameError::word(format!(
                    "'{s}' is not a space: files a to n, rank 1 (bottom) or 2 (top), like b1"
                ))
            })
        };
        Ok(match words.as_slice() {
            [] | ["show"] => Order::Ask(Ask::Show),
            ["hint"] => Order::Ask(Ask::Hint),
            ["grade"] => Order::Ask(Ask::Grade),
            ["ppn"] => Order::Ask(Ask::Ppn),
            [one] if one.contains('-') => {
                let (a, b) = one.split_once('-').unwrap_or_default();
                Order::Act(Move {
                    from: space(a)?,
                    to: space(b)?,
                })
            }
            [one, ..] if one.contains('-') => {
                return Err(GameError::word(format!(
                    "'{}': `fuji` takes one move, like `fuji a1-b1`",
                    words.join(" ")
                )));
            }
            [a, b] if Space::parse(a).is_some() || Space::parse(b).is_some() => Order::Act(Move {
                from: space(a)?,
                to: space(b)?,
            }),
            [ask @ ("hint" | "grade" | "ppn" | "show"), ..] => {
                return Err(GameError::word(format!(
                    "'{}': `fuji {ask}` takes nothing more",
                    words.join(" ")
                )));
            }
            [other, ..] => {
                return Err(GameError::word(format!(
                    "'{other}' is not a fuji move or word{}: expected a move like a1-b1, hint, grade, ppn or show",
                    crate::suggest::hint(other, ASKS)
                )));
            }
        })
    }

    fn ask(state: Option<&FujiGame>, ask: Ask, _: &mut Context) -> Result<Reply, GameError> {
        let game = state.ok_or_else(no_game)?;
        match ask {
            Ask::Show => Ok(board(game, Vec::new())),
            Ask::Hint => hint(game),
            Ask::Grade => graded_here(game),
            Ask::Ppn => Ok(Reply::new(
                "ppn",
                Ppn {
                    ppn: super::ppn::write(game),
                },
            )),
        }
    }

    fn act(
        slot: &mut Option<FujiGame>,
        m: Move,
        table: &mut Context,
    ) -> Result<Done<Vec<Moved>>, GameError> {
        let game = slot.as_mut().ok_or_else(no_game)?;
        let said = game.apply(&m, table.rng)?;
        Ok(Done::changed(said, format!("fuji {m}")))
    }

    fn answer(
        state: Option<&FujiGame>,
        said: Vec<Moved>,
        _: &mut Context,
    ) -> Result<Reply, GameError> {
        Ok(board(state.ok_or_else(no_game)?, said))
    }

    /// A move that leaves the summit further, or out of reach.
    fn coach(before: &FujiGame, after: &FujiGame) -> Option<String> {
        if after.moves.len() != before.moves.len() + 1 {
            return None;
        }
        let g = Graph::of(&before.coins, &before.dice, before.taken());
        let was = g.to_go(before.taken())?;
        let m = after.moves.last()?;
        let best = g
            .choices(before.taken())
            .into_iter()
            .find(|(_, d)| *d == Some(was - 1))
            .map(|(b, _)| b)?;
        match g.to_go(after.taken()) {
            None => Some(format!(
                "{m} leaves the summit out of reach; {best} kept it {was} moves away"
            )),
            Some(now) if now + 1 > was => Some(format!(
                "{m} cost {} move{}: {now} to go after it, {} after {best}",
                now + 1 - was,
                if now + 1 - was == 1 { "" } else { "s" },
                was - 1
            )),
            Some(_) => None,
        }
    }

    fn diagram(layout: &Layout, _: &Style) -> Option<String> {
        Some(draw(layout))
    }
}

/// `setup` for it (`Wing::setup`).
fn lay(
    slot: &mut Option<FujiGame>,
    given: &Given,
    table: &mut Context,
) -> Result<Done<Reply>, GameError> {
    let (game, graded) = if let Some(text) = given.text("ppn") {
        let game = super::ppn::read(text)?;
        (game, None)
    } else if let Some(level) = given.choice("level") {
        let more = if given.text("coins").is_some() {
            " (your coins are the deal: only the dice could change)"
        } else {
            ""
        };
        let (game, g) = grading::deal_until(level, more, || {
            let game = laid_from(given, table.rng)?;
            Ok(grade(&game.coins, &game.dice, START).map(|g| {
                let level = g.level;
                ((game, g), level)
            }))
        })?;
        (game, Some(g))
    } else {
        (laid_from(given, table.rng)?, None)
    };
    // Par is the deal's: from the start, whatever a file's moves did (a
    // graded deal's grade has it).
    let par = match &graded {
        Some(g) => Some(g.par),
        None => Graph::of(&game.coins, &game.dice, START).par(),
    };
    let layout = game.layout();
    let reply = Reply::new(
        "setup",
        Laid {
            coins: game.coins,
            dice: game.dice,
            par,
            dice_decide: needs_dice(&game.coins),
            read: given.text("ppn").map(|_| game.moves.len()),
            board: Board::of(&game, Vec::new(), &layout),
            grade: graded,
        },
    )
    .with_layout(layout);
    *slot = Some(game);
    Ok(Done::changed(reply, "setup fuji-san"))
}

/// `fuji hint`: a move that keeps the summit nearest.
fn hint(game: &FujiGame) -> Result<Reply, GameError> {
    if game.won() {
        return Err(GameError::rule(
            "all four priests are on the summit: nothing to hint",
        ));
    }
    let g = Graph::of(&game.coins, &game.dice, game.taken());
    let best = g.par().and_then(|left| {
        g.choices(game.taken())
            .into_iter()
            .find(|(_, d)| *d == Some(left - 1))
            .map(|(m, _)| m)
    });
    Ok(Reply::new(
        "hint",
        Hint {
            best,
            to_go: g.par(),
        },
    ))
}

/// `fuji grade`.
fn graded_here(game: &FujiGame) -> Result<Reply, GameError> {
    if game.won() {
        return Err(GameError::rule(
            "all four priests are on the summit: nothing left to grade (`setup fuji-san level=hard` deals a graded mountain)",
        ));
    }
    let grade = grade(&game.coins, &game.dice, game.taken()).ok_or_else(|| {
        GameError::rule("no way to the summit from here, so there is nothing to grade")
    })?;
    let from = grading::graded_from(game.moves.len(), "move", "moves");
    Ok(Reply::new("grade", Graded { from, grade }))
}

/// `solve fuji-san`: the saved game from where it stands, or the coins
/// given from the start.
fn solved(
    state: Option<&FujiGame>,
    given: &Given,
    table: &mut Context,
) -> Result<Reply, GameError> {
    let game = if given.text("coins").is_some() {
        let mut g = laid_from(given, table.rng)?;
        if given.text("dice").is_none() && needs_dice(&g.coins) {
            return Err(GameError::word(
                "no coin gives a first move, so the dice decide it: add dice= (like dice=a2/55)",
            ));
        }
        g.moves.clear();
        g
    } else {
        if given.text("dice").is_some() {
            return Err(GameError::word(
                "dice= goes with coins=: give both, or neither to solve the saved game",
            ));
        }
        state.ok_or_else(no_game)?.clone()
    };
    let g = Graph::of(&game.coins, &game.dice, game.taken());
    let line = g.shortest().unwrap_or_default();
    Ok(Reply::new(
        "solve",
        Solved {
            coins: game.coins,
            dice: game.dice,
            from_moves: game.moves.len(),
            par: g.par(),
            downhill: line.iter().filter(|m| m.goes_down()).count(),
            line,
            searched: g.reached(),
        },
    ))
}
