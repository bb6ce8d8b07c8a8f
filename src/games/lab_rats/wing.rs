//! Lab Rats plugged into tablemate: its saved state, its actions, its
//! `rats` command, its setup and solver, and its diagram.

use crate::games::game::Names;
use crate::games::wing::{SetUp, Solver};
use std::fmt;

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::grade::{RatsGrade, grade};
use super::layout::game_layout;
use super::maze::{Maze, build};
use super::play::RatsGame;
use super::solve::{RatsSolution, solve};
use super::square::{Side, Square};
use super::{diagram, show};
use crate::games::args::{Arg, Declared, Given, Type};
use crate::games::compass::Dir;
use crate::games::die_rolls::DieRolls;
use crate::games::error::{GameError, Unsound};
use crate::games::game::Game;
use crate::games::grading;
use crate::games::wing::{Context, Done, Order, Play, Saved, Turn, Wing};
use crate::layout::Layout;
use crate::pieces::{Piece, Rank};
use crate::random::TableRng;
use crate::reply::Reply;
use crate::style::Style;

pub struct LabRats;

/// The words after `rats`, as Tab offers them.
const ACTIONS: [&str; 7] = ["start", "move", "lose", "back", "turned", "grade", "show"];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum RatsAction {
    /// Move the rat by the coin on `stack` (1 to 3); a null says how far.
    Move {
        dir: Dir,
        stack: usize,
        spaces: Option<u32>,
    },
    Lose {
        stack: usize,
    },
    /// Off a coin, back to the last coin; on one, return it to `stack`.
    Back {
        stack: Option<usize>,
    },
    /// What the stacks show at the table.
    Turned {
        shown: Vec<(usize, Rank)>,
    },
    /// Begin on the other start square (before the first coin is used).
    Start {
        side: Side,
    },
}

impl fmt::Display for RatsAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatsAction::Move { dir, stack, spaces } => {
                write!(f, "move {} {stack}", dir.name())?;
                if let Some(n) = spaces {
                    write!(f, " {n}")?;
                }
                Ok(())
            }
            RatsAction::Lose { stack } => write!(f, "lose {stack}"),
            RatsAction::Back { stack: None } => f.write_str("back"),
            RatsAction::Back { stack: Some(s) } => write!(f, "back {s}"),
            RatsAction::Start { side } => write!(f, "start {}", side.name()),
            RatsAction::Turned { shown } => {
                f.write_str("turned")?;
                for (s, v) in shown {
                    write!(f, " {s}={}", v.code())?;
                }
                Ok(())
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    Show,
    Grade,
}

impl Saved for RatsGame {
    const GAME: Game = Game::LabRats;
    const WHAT: &'static str = "the saved Lab Rats game";
    const REPAIR: &'static str = "`setup lab-rats` starts a new one";
    const EXPORT_KEY: &'static str = "lab_rats";

    fn check(&self) -> Result<(), Unsound> {
        RatsGame::check(self)
    }

    fn summary(&self) -> String {
        "a Lab Rats game".into()
    }

    /// Out (won) or stuck in the harder game (lost): the coins used are
    /// its score, the fewer the better.
    fn plays(&self) -> Vec<crate::plays::Play> {
        if !(self.out || (self.harder && self.stuck())) {
            return Vec::new();
        }
        vec![crate::plays::Play::of_one(
            Self::GAME.id(),
            self.moves.len(),
            self.out,
        )]
    }
}

impl Play for RatsGame {
    type Action = RatsAction;
    type Event = Event;

    fn sample(rng: &mut TableRng) -> RatsGame {
        loop {
            if let Some(g) = new_game(&Given::default(), rng).ok().and_then(|n| n.game) {
                return g;
            }
        }
    }

    fn apply(&mut self, action: &RatsAction, _: &mut TableRng) -> Result<Vec<Event>, GameError> {
        let before = self.clone();
        let done = match action {
            RatsAction::Move { dir, stack, spaces } => {
                self.step(*dir, *stack, *spaces).map(|e| vec![e])
            }
            RatsAction::Lose { stack } => self.lose(*stack).map(|e| vec![e]),
            RatsAction::Back { stack } => self.back(*stack).map(|e| vec![e]),
            RatsAction::Start { side } => self.begin_on(*side).map(|e| vec![e]),
            RatsAction::Turned { shown } => shown
                .iter()
                .map(|&(stack, value)| self.turned(stack, value))
                .collect(),
        };
        if done.is_err() {
            *self = before;
        }
        done
    }

    fn legal(&self) -> Vec<RatsAction> {
        if self.out {
            return Vec::new();
        }
        let mut all = Vec::new();
        for stack in 1..=3 {
            let Some(top) = self.tops()[stack - 1] else {
                continue;
            };
            for dir in Dir::CLOCKWISE {
                let spans: Vec<Option<u32>> = if top == Rank::Null {
                    (1..=12).map(Some).collect()
                } else {
                    vec![None]
                };
                for spaces in spans {
                    all.push(RatsAction::Move { dir, stack, spaces });
                }
            }
            all.push(RatsAction::Lose { stack });
        }
        if !self.open_starts().is_empty() {
            all.extend(Side::BOTH.map(|side| RatsAction::Start { side }));
        }
        all.push(RatsAction::Back { stack: None });
        all.extend((1..=3).map(|s| RatsAction::Back { stack: Some(s) }));
        all.retain(|a| self.clone().apply(a, &mut TableRng::new(0)).is_ok());
        all
    }

    fn turn(&self) -> Turn {
        let over = self.out || (self.harder && self.stuck());
        Turn {
            to_move: (!over).then(|| "the rat".to_string()),
            next: if self.out {
                "the rat is out: you win".to_string()
            } else {
                format!("coins showing: {}", show::tops(self))
            },
            over,
            seat: None,
            role: None,
        }
    }

    fn layout(&self) -> Layout {
        game_layout(self)
    }

    fn secrets(&self, _: Option<usize>) -> Vec<String> {
        // Everything is in the open.
        Vec::new()
    }
}

const ROLLS: Arg = Arg {
    key: "rolls",
    ty: Type::Faces,
    help: "your die results, in order",
};

const SETUP: Declared = Declared {
    id: "lab-rats",
    words: None,
    args: &[
        ROLLS,
        Arg {
            key: "variant",
            ty: Type::Choice(&["harder"]),
            help: "no backing up",
        },
        grading::LEVEL,
    ],
};

const SOLVE: Declared = Declared {
    id: "lab-rats",
    words: Some("nothing: it works from the game `setup lab-rats` dealt"),
    args: &[],
};

/// A maze laid from the rolls given (then at random), and when it is
/// whole, a game on it with tablemate's stand-in coins.
struct NewMaze {
    maze: Maze,
    game: Option<RatsGame>,
    given: Option<usize>,
    rolled: usize,
}

fn new_game(inputs: &Given, rng: &mut TableRng) -> Result<NewMaze, GameError> {
    let harder = inputs.choice("variant") == Some("harder");
    let given = inputs.faces("rolls").unwrap_or_default();
    let only_given = !given.is_empty();
    let mut rolls = DieRolls::new(given, rng);
    let maze = build(&mut rolls, only_given);
    let (used_given, rolled) = rolls.counts();
    let game = if maze.complete {
        // The game to follow: coins dealt here stand for the table's.
        let mut coins: Vec<Rank> = Piece::all().into_iter().map(|p| p.rank).collect();
        rng.shuffle(&mut coins);
        Some(RatsGame::new(&maze, &coins, 0, harder)?)
    } else {
        None
    };
    Ok(NewMaze {
        maze,
        game,
        given: only_given.then_some(used_given),
        rolled,
    })
}

fn no_game() -> GameError {
    GameError::missing("no Lab Rats game: `setup lab-rats` builds a maze and starts one")
}

impl Wing for LabRats {
    const GAME: Game = Game::LabRats;
    const NAMES: Names = Names {
        id: "lab-rats",
        title: "Lab Rats",
        listed: "lab-rats",
        short: None,
        aliases: &["labrats", "rats", "lr"],
    };
    type State = RatsGame;
    type Action = RatsAction;
    type Ask = Ask;
    type Event = Event;

    const RULES: Option<(&'static str, &'static str)> = Some((
        "lab-rats.yaml",
        include_str!("../../../rules/lab-rats.yaml"),
    ));

    fn setup() -> Option<SetUp<RatsGame>> {
        Some(SetUp {
            args: &SETUP,
            examples: &["setup lab-rats rolls=3,a,5,2,n"],
            replaces: true,
            lay,
        })
    }

    fn solver() -> Option<Solver<RatsGame>> {
        Some(Solver {
            args: &SOLVE,
            examples: &["solve lab-rats"],
            solve: solved,
        })
    }

    fn commands() -> Vec<clap::Command> {
        vec![
            clap::Command::new("rats")
                .about("Lab Rats play: start, move, lose, back, grade, show")
                .after_help(
                    "After `setup lab-rats`: the rat begins on the left start\n\
                     square; `start right` puts it on the right one before the\n\
                     first coin is used. `move DIRECTION STACK` moves the rat\n\
                     by the coin showing on that stack (a null needs how far:\n\
                     `move north 2 3`); the coin stays under the rat. `lose\n\
                     STACK` gives a coin up without moving. `back` backs up off\n\
                     a coin; on a coin, `back STACK` returns it (not in the\n\
                     harder variant). `turned 1=3` says what a stack shows at\n\
                     the table (after each move, the next coin). `grade` says\n\
                     how hard the game is from here, and why. Alone, it shows\n\
                     the maze.\n\n\
                     Examples:\n  rats\n  rats start right\n  rats turned 1=3 2=a\n  rats lose 1\n  rats grade",
                )
                .arg(
                    clap::Arg::new("words")
                        .value_name("ACTION")
                        .num_args(0..=4)
                        .help(
                            "start left|right, move DIRECTION STACK [SQUARES], lose STACK, back [STACK], turned STACK=VALUE, grade",
                        ),
                ),
        ]
    }

    fn completions(path: &[&str], index: usize) -> Vec<&'static str> {
        match (path, index) {
            (["rats"], 0) => ACTIONS.to_vec(),
            // The word after `start` is the second of `rats`' words.
            (["rats", "start"], 1) => Side::BOTH.map(Side::name).to_vec(),
            _ => Vec::new(),
        }
    }

    fn line(action: &RatsAction) -> String {
        format!("rats {action}")
    }

    fn order(_: &str, m: &clap::ArgMatches) -> Result<Order<RatsAction, Ask>, GameError> {
        let w: Vec<String> = crate::games::args::words(m)
            .iter()
            .map(|w| w.to_ascii_lowercase())
            .collect();
        let words: Vec<&str> = w.iter().map(String::as_str).collect();
        let number = |s: &str, what: &str| -> Result<usize, GameError> {
            s.parse::<usize>()
                .map_err(|_| GameError::word(format!("'{s}' is not {what}")))
        };
        let stack = |s: &str| number(s, "a stack (1, 2 or 3)");
        let act = match words.as_slice() {
            [] | ["show"] => return Ok(Order::Ask(Ask::Show)),
            ["grade"] => return Ok(Order::Ask(Ask::Grade)),
            ["move", dir, s] | ["move", dir, s, _] => {
                let dir: Dir = dir.parse()?;
                let spaces = match words.get(3) {
                    Some(n) => Some(number(n, "a number of squares")? as u32),
                    None => None,
                };
                RatsAction::Move {
                    dir,
                    stack: stack(s)?,
                    spaces,
                }
            }
            ["lose", s] => RatsAction::Lose { stack: stack(s)? },
            ["start", side] => RatsAction::Start {
                side: Side::named(side).ok_or_else(|| {
                    GameError::word(format!(
                        "'{side}' is not a start square{}: expected left or right",
                        crate::suggest::hint(side, Side::BOTH.map(Side::name))
                    ))
                })?,
            },
            ["back"] => RatsAction::Back { stack: None },
            ["back", s] => RatsAction::Back {
                stack: Some(stack(s)?),
            },
            ["turned", shown @ ..] if !shown.is_empty() => {
                let mut said = Vec::new();
                for word in shown {
                    let (k, v) = word.split_once('=').ok_or_else(|| {
                        GameError::word(format!("'{word}': say stack=value, like 2=4"))
                    })?;
                    let value = v.parse().map_err(|_| {
                        GameError::word(format!(
                            "'{v}' in '{word}' is not a coin value: expected n, a, 2, 3, 4 or 5"
                        ))
                    })?;
                    said.push((stack(k)?, value));
                }
                RatsAction::Turned { shown: said }
            }
            // A known action with the wrong number of words: what it takes.
            [
                action @ ("start" | "move" | "lose" | "back" | "turned" | "grade"),
                ..,
            ] => {
                let takes = match *action {
                    "start" => "left or right: `rats start right`",
                    "move" => {
                        "a direction and a stack, and with a null how far: `rats move north 2`, `rats move north 2 3`"
                    }
                    "lose" => "one stack: `rats lose 2`",
                    "back" => {
                        "at most a stack: `rats back`, or `rats back 2` when the rat sits on a coin"
                    }
                    "turned" => "what each stack shows, as stack=value: `rats turned 1=3 2=a`",
                    _ => "nothing: `rats grade` grades the game from where it stands",
                };
                return Err(GameError::word(format!(
                    "'{}': `rats {action}` takes {takes}",
                    words.join(" ")
                )));
            }
            [other, ..] => {
                return Err(GameError::word(format!(
                    "'{other}' is not a rats action{}: expected start left|right, move DIRECTION STACK [SQUARES], lose STACK, back [STACK], turned STACK=VALUE, grade or show",
                    crate::suggest::hint(other, ACTIONS)
                )));
            }
        };
        Ok(Order::Act(act))
    }

    fn ask(state: Option<&RatsGame>, ask: Ask, _: &mut Context) -> Result<Reply, GameError> {
        let game = state.ok_or_else(no_game)?;
        match ask {
            Ask::Show => Ok(show::board(game.clone(), Vec::new())),
            Ask::Grade => graded_here(game),
        }
    }

    fn act(
        slot: &mut Option<RatsGame>,
        action: RatsAction,
        table: &mut Context,
    ) -> Result<Done<Vec<Event>>, GameError> {
        let game = slot.as_mut().ok_or_else(no_game)?;
        let said = game.apply(&action, table.rng)?;
        Ok(Done::changed(said, format!("rats {action}")))
    }

    fn answer(
        state: Option<&RatsGame>,
        said: Vec<Event>,
        _: &mut Context,
    ) -> Result<Reply, GameError> {
        let game = state.ok_or_else(no_game)?;
        Ok(show::board(game.clone(), said))
    }

    fn diagram(layout: &Layout, _: &Style) -> Option<String> {
        Some(diagram::draw(layout))
    }
}

/// `setup` for it (`Wing::setup`).
fn lay(
    slot: &mut Option<RatsGame>,
    given: &Given,
    table: &mut Context,
) -> Result<Done<Reply>, GameError> {
    let (new, graded) = match given.choice("level") {
        Some(level) => {
            let (new, g) = deal_graded(given, level, table.rng)?;
            (new, Some(g))
        }
        None => (new_game(given, table.rng)?, None),
    };
    let reply = show::laid(new.maze, new.game.clone(), new.given, new.rolled, graded);
    // A maze the rolls did not finish starts no game.
    Ok(match new.game {
        Some(game) => {
            *slot = Some(game);
            Done::changed(reply, "setup lab-rats")
        }
        None => Done::unchanged(reply),
    })
}

/// `setup lab-rats level=L`: lay mazes and deal stacks (on the deal
/// code's generator) until the deal grades `level`. The table builds the
/// stacks as dealt, so the grade is of the coins it plays.
fn deal_graded(
    given: &Given,
    level: &str,
    rng: &mut TableRng,
) -> Result<(NewMaze, RatsGrade), GameError> {
    // With your rolls the maze is yours: only the coins are dealt again.
    let more = if given.faces("rolls").is_some_and(|r| !r.is_empty()) {
        " (your rolls lay the maze, so only the coins were dealt again)"
    } else {
        ""
    };
    grading::deal_until(level, more, || {
        let mut new = new_game(given, rng)?;
        let Some(game) = new.game.as_mut() else {
            return Err(GameError::rule(format!(
                "level= grades a whole maze, and your rolls ran out with {} of 24 tiles laid: add the rest to rolls= (or leave rolls= out)",
                new.maze.tiles.len()
            )));
        };
        // The rat begins where the deal is better played from.
        let mut ranked = ranked(game.open_starts(), |at| {
            grade(&game.squares, &game.exit, at, &game.stacks)
        });
        let (at, Some(g)) = ranked.remove(0) else {
            return Ok(None);
        };
        game.rat = at;
        game.start = Some(at);
        game.built = true;
        let level = g.level;
        Ok(Some(((new, g), level)))
    })
}

/// `rats grade`: the game graded from where it stands.
fn graded_here(game: &RatsGame) -> Result<Reply, GameError> {
    if game.out {
        return Err(GameError::rule(
            "the rat is out: there is nothing left to grade (`setup lab-rats level=hard` deals a graded maze)",
        ));
    }
    // Before the first coin, the deal is graded from the better start.
    let mut from = game.open_starts();
    if from.is_empty() {
        from.push(game.rat);
    }
    let mut ranked = ranked(from, |at| {
        grade(&game.squares, &game.exit, at, &game.stacks)
    });
    let (at, best) = ranked.remove(0);
    let other = other_start(
        game,
        ranked
            .first()
            .map(|(s, g)| (*s, g.as_ref().map(|g| g.coins))),
    );
    let g = best.ok_or_else(|| {
        GameError::rule(if game.harder {
            "no way out from here: the coins left cannot take the rat out, so there is nothing to grade"
        } else {
            "no way out from here without backing up, so there is nothing to grade (backing up may still find one)"
        })
    })?;
    Ok(show::graded(game, g, game.side_of(at), other))
}

/// The Lab Rats measures that rank a start square: a way out before
/// none, then the fewer coins, then the easier grade.
trait Ranks {
    fn rank(&self) -> (usize, u32);
}

impl Ranks for RatsGrade {
    fn rank(&self) -> (usize, u32) {
        (self.coins, self.points)
    }
}

/// A start square solved, with its grade's points: `solve` breaks a tie
/// of coins as the grade and the setup do (the easier grade, then the
/// left), so it never tells the player to move the rat for no gain (#78:
/// it took the left on every tie, and 10 of 23 ties differed).
struct Solved {
    solution: RatsSolution,
    points: Option<u32>,
}

impl Ranks for Solved {
    fn rank(&self) -> (usize, u32) {
        (
            self.solution.steps.as_ref().map_or(usize::MAX, Vec::len),
            self.points.unwrap_or(u32::MAX),
        )
    }
}

/// What `look` finds from each of `squares`, the better start first (the
/// first given, the left, on a tie).
fn ranked<T: Ranks>(
    squares: Vec<Square>,
    look: impl Fn(Square) -> Option<T>,
) -> Vec<(Square, Option<T>)> {
    let mut all: Vec<(Square, Option<T>)> = squares.into_iter().map(|s| (s, look(s))).collect();
    all.sort_by_key(|(_, t)| t.as_ref().map_or((usize::MAX, u32::MAX), Ranks::rank));
    all
}

/// The start square not taken, and the fewest coins out from it.
fn other_start(
    game: &RatsGame,
    other: Option<(Square, Option<usize>)>,
) -> Option<show::OtherStart> {
    let (at, coins) = other?;
    Some(show::OtherStart {
        side: game.side_of(at)?,
        coins,
    })
}

/// `solve` for it (`Wing::solver`).
fn solved(state: Option<&RatsGame>, given: &Given, _: &mut Context) -> Result<Reply, GameError> {
    if let Some(w) = given.words.first() {
        return Err(GameError::word(format!(
            "'{w}' is not understood: solve lab-rats works from the game `setup lab-rats` dealt, and takes nothing more"
        )));
    }
    let game = state.ok_or_else(|| {
        GameError::missing("no Lab Rats game: `setup lab-rats` lays a maze and deals the stacks")
    })?;
    let (Some(dealt), Some(start)) = (&game.dealt, game.start) else {
        return Err(GameError::rule(
            "this game was saved before tablemate kept the stacks as dealt: `setup lab-rats` starts one it can solve",
        ));
    };
    // From the deal, both start squares are open: the better is solved.
    let from = game.starts.map_or(vec![start], |s| s.to_vec());
    let mut ranked = ranked(from, |at| {
        Some(Solved {
            solution: solve(&game.squares, &game.exit, at, dealt),
            points: grade(&game.squares, &game.exit, at, dealt).map(|g| g.points),
        })
    });
    let (at, sol) = ranked.remove(0);
    let other = other_start(
        game,
        ranked.first().map(|(s, o)| {
            (
                *s,
                o.as_ref()
                    .and_then(|o| o.solution.steps.as_ref().map(Vec::len)),
            )
        }),
    );
    let sol = sol.expect("every start is solved").solution;
    Ok(show::solved(
        sol,
        game.clone(),
        dealt.clone(),
        at,
        game.side_of(at),
        other,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Lab Rats play as filed, and the rule file's sheet (`pad new
    /// lab-rats`) on what the player would enter, agree (#80 item 3): won
    /// is the rat out, and the coins used are the play's score.
    #[test]
    fn a_play_and_the_rule_files_sheet_agree() {
        use crate::sheet::{Sheet, formula::Value, in_rule_file};
        let text = include_str!("../../../rules/lab-rats.yaml");
        let sheet = Sheet::new(in_rule_file(text, None).unwrap()).unwrap();
        let coins = sheet.category("coins").unwrap();
        let mut rng = TableRng::new(806);
        let (mut won, mut lost) = (0, 0);
        for i in 0..30 {
            // The harder game: stuck is lost, and filed.
            let mut g = RatsGame::sample(&mut rng);
            g.harder = true;
            // Every other deal, the solver's way out where it has one.
            if i % 2 == 0
                && let Some(line) =
                    super::super::solve::solve(&g.squares, &g.exit, g.rat, &g.stacks).steps
            {
                for step in line {
                    step.play_on(&mut g).unwrap();
                }
            }
            while g.plays().is_empty() {
                let legal = g.legal();
                g.apply(&legal[rng.below(legal.len() as u64) as usize], &mut rng)
                    .unwrap();
            }
            let plays = g.plays();
            let entries = vec![vec![
                vec![Some(Value::Number(g.out.into()))],
                vec![Some(Value::Number(g.moves.len() as i64))],
            ]];
            let scores = sheet.score(&entries, 1).unwrap();
            let standing = sheet.standing(&scores, &["ann".to_string()]);
            assert_eq!(plays[0].winners.is_empty(), standing.winners.is_empty());
            assert_eq!(plays[0].scores[0], scores.cells[coins][0]);
            if g.out {
                won += 1;
            } else {
                lost += 1;
            }
        }
        assert!(
            won > 0 && lost > 0,
            "{won} won, {lost} lost: both are checked"
        );
    }

    /// Tab offers the actions, then the start squares, as the REPL asks.
    #[test]
    fn tab_offers_the_actions_and_the_start_squares() {
        let complete = |line: &str| crate::command::complete(line).1;
        assert_eq!(complete("rats st"), vec!["start"]);
        assert_eq!(complete("rats start "), vec!["left", "right"]);
        assert_eq!(complete("rats start r"), vec!["right"]);
        assert!(complete("rats move ").is_empty());
    }
    use crate::games::grading::Level;

    /// Deals of each level found as `setup lab-rats level=L` finds them
    /// (6 a level; 100 with `TABLEMATE_FULL_PROOFS=1 cargo test --profile
    /// profiling --lib rats_levels_hold_apart -- --nocapture`): the
    /// averages of the measures by level, which must show fewer uses
    /// keeping a way out, and more coins, level by level, and how long
    /// each search took.
    #[test]
    fn rats_levels_hold_apart() {
        let deals = crate::proof_sample(4, 100);
        let n = deals as f64;
        let mut rng = TableRng::new(49);
        // The averages level by level: keeping a way out, and coins.
        let (mut keeping_by_level, mut coins_by_level) = (Vec::new(), Vec::new());
        for level in Level::ALL {
            let given =
                crate::games::args::parse(&SETUP, &[format!("level={}", level.name())]).unwrap();
            let (mut keeping, mut coins, mut alive, mut narrow) = (0.0, 0.0, 0.0, 0.0);
            let mut ms = Vec::new();
            for _ in 0..deals {
                let t = std::time::Instant::now();
                let (_, g) = deal_graded(&given, level.name(), &mut rng).unwrap();
                ms.push(t.elapsed().as_secs_f64() * 1000.0);
                assert_eq!(g.level, level);
                keeping += g.keeping / n;
                coins += g.coins as f64 / n;
                alive += g.alive / n;
                narrow += g.narrow as f64 / n;
            }
            ms.sort_by(f64::total_cmp);
            let at = |f: f64| ms[((deals - 1) as f64 * f).round() as usize];
            println!(
                "Lab Rats {}: keeping {keeping:.2}, coins {coins:.1}, narrow {narrow:.1}, alive {alive:.3}; ms median {:.0} p95 {:.0} max {:.0}",
                level.name(),
                at(0.5),
                at(0.95),
                at(1.0)
            );
            keeping_by_level.push(keeping);
            coins_by_level.push(coins);
        }
        // Harder levels keep a way out less often, along longer ways out.
        use crate::games::grading::assert_apart;
        assert_apart("Lab Rats keeping", &keeping_by_level, true);
        assert_apart("Lab Rats coins", &coins_by_level, false);
    }
}
