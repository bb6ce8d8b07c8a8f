//! The `rats` command's replies, the setup's and `solve lab-rats`'s.

use std::fmt::Write;

use serde::Serialize;

use super::diagram;
use super::events::Event;
use super::grade::{RatsGrade, describe};
use super::layout::{game_layout, maze_layout};
use super::maze::Maze;
use super::play::RatsGame;
use super::solve::{RatsSolution, Step};
use super::square::{Side, Square, square_name};
use crate::pieces::Rank;
use crate::reply::{Reply, Show};
use crate::style::{Style, Tone, plural, wrap};

/// A new maze, and the game on it when it is whole.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Laid {
    pub maze: Maze,
    #[serde(skip)]
    pub game: Option<RatsGame>,
    /// Rolls the player gave and used; `None`: all rolled at random.
    #[serde(skip)]
    pub given: Option<usize>,
    #[serde(skip)]
    pub rolled: usize,
    /// A graded deal's grade: the table builds its stacks as dealt.
    #[serde(skip)]
    pub graded: Option<RatsGrade>,
}

pub fn laid(
    maze: Maze,
    game: Option<RatsGame>,
    given: Option<usize>,
    rolled: usize,
    graded: Option<RatsGrade>,
) -> Reply {
    let l = maze_layout(&maze);
    let mut fields = Vec::new();
    if let (Some(g), Some(game)) = (&graded, &game) {
        fields.push((
            "grade",
            serde_json::to_value(g).expect("a grade serialises"),
        ));
        fields.push((
            "stacks",
            serde_json::to_value(top_first(&game.stacks)).expect("stacks serialise"),
        ));
    }
    let mut reply = Reply::new(
        "setup",
        Laid {
            maze,
            game,
            given,
            rolled,
            graded,
        },
    )
    .with_layout(l);
    reply.fields.extend(fields);
    reply
}

/// Each stack's coins, top first: as a player reads a stack down.
fn top_first(stacks: &[Vec<Rank>; 3]) -> [Vec<&'static str>; 3] {
    stacks
        .each_ref()
        .map(|s| s.iter().rev().map(|c| c.code()).collect())
}

/// The three stacks, a line each, top first: `1: 2 a 5 5 n n 2 5`.
fn stack_lines(stacks: &[Vec<Rank>; 3]) -> String {
    top_first(stacks)
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}: {}", i + 1, s.join(" ")))
        .collect::<Vec<_>>()
        .join("\n  ")
}

impl Show for Laid {
    fn show(&self, style: &Style) -> String {
        let maze = &self.maze;
        let mut text = format!("{}\n", style.paint("Lab Rats: the maze", Tone::Heading));
        match self.given {
            Some(used) => {
                let _ = writeln!(text, "{used} of your rolls used");
            }
            None => {
                let _ = writeln!(text, "{} rolls made at random", self.rolled);
            }
        }
        text.push_str(&diagram::draw(&maze_layout(maze)));
        let _ = write!(
            text,
            "\nA..X: tiles 1 to 24 in laying order; *: rat starts on one"
        );
        if maze.complete {
            text.push_str("\n#: the exit (put two pawns there)");
        }
        let _ = write!(
            text,
            "\nrerolled placements: {}; tiles backed out: {}",
            maze.rerolls, maze.backouts
        );
        match &self.game {
            Some(game) if self.graded.is_some() => {
                let build = "Build the three stacks number side up, bottom coin first, so that each reads, top first:";
                let _ = write!(
                    text,
                    "\n{}\n  {}",
                    wrap(build, style.width, ""),
                    stack_lines(&game.stacks)
                );
                let blind = "(have someone else build them, and you play them blind: the grade is of these stacks)";
                let _ = write!(text, "\n{}", wrap(blind, style.width, ""));
                if let Some(g) = &self.graded {
                    let line = format!("graded {}", describe(g));
                    let _ = write!(text, "\n{}", wrap(&line, style.width, "  "));
                }
                let follow = format!(
                    "{} `rats move north 2` moves it by stack 2's coin; `help rats` for more.",
                    begins(game, true)
                );
                let _ = write!(text, "\n{}", wrap(&follow, style.width, ""));
            }
            Some(game) => {
                let mix = "Mix the 24 coins suit side up, deal three face-down stacks of eight, and turn each stack over.";
                let _ = write!(text, "\n{}", wrap(mix, style.width, ""));
                let follow = format!(
                    "To follow the game here, say what your stacks show: `rats turned 1=3 2=a 3=5` (tablemate dealt {} until you do). {} `rats move north 2` moves it by stack 2's coin; `help rats` for more.",
                    tops(game),
                    begins(game, false)
                );
                let _ = write!(text, "\n{}", wrap(&follow, style.width, ""));
            }
            None => {
                let short = format!(
                    "your rolls ran out with {} of 24 tiles laid: roll again and add the results to rolls= (or leave rolls= out to roll at random)",
                    maze.tiles.len()
                );
                let _ = write!(text, "\n{}", wrap(&short, style.width, ""));
            }
        }
        text
    }
}

/// Where the rat begins, and how to put it on the other start square.
/// A graded deal puts it on the better one.
fn begins(game: &RatsGame, graded: bool) -> String {
    let side = game.side_of(game.rat).unwrap_or(Side::Left);
    format!(
        "The rat starts on the {} * ({}){}; `rats start {}` puts it on the other before the first coin.",
        side.name(),
        square_name(game.rat),
        if graded {
            ", where these stacks take it out in the fewest coins"
        } else {
            ""
        },
        side.other().name()
    )
}

/// The start square not taken, and the fewest coins out from it (`None`:
/// no way out without backing up).
#[derive(Debug, Serialize)]
pub struct OtherStart {
    pub side: Side,
    pub coins: Option<usize>,
}

/// `from the right start square (the left takes 23 coins)`.
fn from_start(side: Option<Side>, other: &Option<OtherStart>) -> String {
    let Some(side) = side else {
        return String::new();
    };
    let beside = match other {
        Some(o) => match o.coins {
            Some(n) => format!(
                " (the {} takes {n} {})",
                o.side.name(),
                plural(n as u64, "coin", "coins")
            ),
            None => format!(" (the {} has no way out)", o.side.name()),
        },
        None => String::new(),
    };
    format!(" from the {} start square{beside}", side.name())
}

/// The maze in play, after what just happened.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Board {
    pub game: RatsGame,
    #[serde(skip)]
    pub said: Vec<Event>,
}

pub fn board(game: RatsGame, said: Vec<Event>) -> Reply {
    let l = game_layout(&game);
    Reply::new("rats", Board { game, said }).with_layout(l)
}

impl Show for Board {
    fn show(&self, style: &Style) -> String {
        let game = &self.game;
        let mut text = String::new();
        if !self.said.is_empty() {
            let said: Vec<String> = self.said.iter().map(Event::to_string).collect();
            let _ = writeln!(text, "{}", wrap(&said.join("; "), style.width, "  "));
        }
        text.push_str(&diagram::draw(&game_layout(game)));
        let status = if game.out {
            "the rat is out: you win".to_string()
        } else if game.stuck() {
            if game.harder {
                "no coins left and the rat is in the maze: you lose".to_string()
            } else {
                "no coins left: back up (`rats back`) or the game is lost".to_string()
            }
        } else {
            format!("coins showing: {}", tops(game))
        };
        let _ = write!(text, "\n{status}");
        text
    }
}

/// The coins showing on the three stacks: `1: 3, 2: n, 3: (empty)`.
pub fn tops(g: &RatsGame) -> String {
    g.tops()
        .iter()
        .enumerate()
        .map(|(i, t)| match t {
            Some(r) => format!("{}: {}", i + 1, r.code()),
            None => format!("{}: (empty)", i + 1),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `solve lab-rats`: the fewest coins out from the stacks as dealt.
#[derive(Debug, Serialize)]
pub struct Solved {
    pub game: &'static str,
    pub out: bool,
    pub steps: Option<Vec<Step>>,
    pub positions: usize,
    pub seen: usize,
    #[serde(skip)]
    pub dealt: [Vec<Rank>; 3],
    /// The square the way out starts on: the better of the two.
    pub start: Square,
    pub side: Option<Side>,
    pub other: Option<OtherStart>,
    #[serde(skip)]
    pub played: RatsGame,
}

pub fn solved(
    sol: RatsSolution,
    played: RatsGame,
    dealt: [Vec<Rank>; 3],
    start: Square,
    side: Option<Side>,
    other: Option<OtherStart>,
) -> Reply {
    let seen = played.known();
    Reply::new(
        "solve",
        Solved {
            game: "lab-rats",
            out: sol.steps.is_some(),
            steps: sol.steps,
            positions: sol.positions,
            seen,
            dealt,
            start,
            side,
            other,
            played,
        },
    )
}

impl Show for Solved {
    fn show(&self, style: &Style) -> String {
        let game = &self.played;
        let mut text = format!(
            "{}\n",
            style.paint("Lab Rats: from the stacks as dealt", Tone::Heading)
        );
        let _ = writeln!(text, "stacks, top first:\n  {}", stack_lines(&self.dealt));
        if self.seen < 24 {
            let note = format!(
                "{} of the 24 coins have shown on a stack's top; the rest stand for the coins still hidden at the table (say what turns up with `rats turned`)",
                self.seen
            );
            let _ = writeln!(text, "{}", wrap(&note, style.width, ""));
        }
        match &self.steps {
            Some(steps) => {
                let line = format!(
                    "the rat could get out with {} {}{}, without backing up:",
                    steps.len(),
                    plural(steps.len() as u64, "coin", "coins"),
                    from_start(self.side, &self.other)
                );
                let _ = writeln!(text, "{}", wrap(&line, style.width, ""));
                if let Some(side) = self.side
                    && !game.open_starts().is_empty()
                    && game.side_of(game.rat) != Some(side)
                {
                    let first = format!(
                        "(the rat stands on the other start square: `rats start {}` first)",
                        side.name()
                    );
                    let _ = writeln!(text, "{}", wrap(&first, style.width, ""));
                }
                let mut at = self.start;
                for (i, st) in steps.iter().enumerate() {
                    let what = match *st {
                        Step::Move {
                            stack,
                            coin,
                            dir,
                            spaces,
                            out,
                        } => {
                            let (dx, dy) = dir.unit();
                            at = (at.0 + dx * spaces as i32, at.1 + dy * spaces as i32);
                            let to = if out {
                                "out through the exit".to_string()
                            } else {
                                format!("to {}", square_name(at))
                            };
                            format!(
                                "stack {stack} ({}): {} {spaces} {to}",
                                coin.code(),
                                dir.name()
                            )
                        }
                        Step::Lose { stack, coin } => {
                            format!("stack {stack} ({}): give it up", coin.code())
                        }
                    };
                    let _ = writeln!(
                        text,
                        "{}",
                        wrap(
                            &format!("{}. {what} ({})", i + 1, st.command()),
                            style.width,
                            "      "
                        )
                    );
                }
            }
            None => {
                let why = if game.harder {
                    "no way out: the coins as dealt cannot take the rat out (the harder game has no backing up)"
                } else {
                    "no way out without backing up; backing up puts coins back on the stacks to come round again, which this search does not try"
                };
                let _ = writeln!(text, "{}", wrap(why, style.width, ""));
            }
        }
        let _ = write!(
            text,
            "your game: {}",
            if game.out {
                format!(
                    "the rat got out using {} {}",
                    game.moves.len(),
                    plural(game.moves.len() as u64, "coin", "coins")
                )
            } else {
                format!(
                    "the rat is on {}, {} {} used so far",
                    square_name(game.rat),
                    game.moves.len(),
                    plural(game.moves.len() as u64, "coin", "coins")
                )
            }
        );
        text
    }
}

/// `rats grade`: how hard the game is from where it stands.
#[derive(Debug, Serialize)]
pub struct Graded {
    /// Coins off the stacks before it (moved by or given up): 0 grades
    /// the deal as dealt.
    pub spent: usize,
    /// Coins known to be the table's (24 for a deal built as dealt).
    pub known: usize,
    #[serde(flatten)]
    pub grade: RatsGrade,
    /// Before the first coin: the start square graded (the better).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other: Option<OtherStart>,
}

pub fn graded(
    game: &RatsGame,
    grade: RatsGrade,
    side: Option<Side>,
    other: Option<OtherStart>,
) -> Reply {
    let spent = 24 - game.stacks.iter().map(Vec::len).sum::<usize>();
    let open = !game.open_starts().is_empty();
    Reply::new(
        "grade",
        Graded {
            spent,
            known: game.known(),
            grade,
            side: side.filter(|_| open),
            other: other.filter(|_| open),
        },
    )
}

impl Show for Graded {
    fn show(&self, style: &Style) -> String {
        let from = crate::games::grading::graded_from(self.spent, "coin", "coins");
        let mut text = wrap(
            &format!(
                "Lab Rats, {from}{}, without backing up: {}",
                match from_start(self.side, &self.other) {
                    f if f.is_empty() => f,
                    f => format!(",{f}"),
                },
                describe(&self.grade)
            ),
            style.width,
            "  ",
        );
        if self.known < 24 {
            let note = format!(
                "(of tablemate's stacks: {} of the 24 coins have shown on a stack's top, and the rest stand for coins still hidden at the table)",
                self.known
            );
            let _ = write!(text, "\n{}", wrap(&note, style.width, ""));
        }
        text
    }
}
