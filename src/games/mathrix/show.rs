//! What Mathrix's replies say: each a typed body whose text is drawn
//! here and whose JSON is its fields.

use serde::Serialize;

use super::diagram::draw;
use super::grade::MathrixGrade;
use super::grid::{Coins, Space};
use super::play::{MathrixGame, Take, Took};
use super::sums::{Equation, Ops};
use crate::games::grading;
use crate::games::wing::Play;
use crate::layout::Layout;
use crate::reply::{Reply, Show};
use crate::style::Style;

/// The game as it stands: what was said, the grid, what comes next.
#[derive(Debug, Serialize)]
pub(super) struct Board {
    pub said: Vec<Took>,
    pub coins: Coins,
    pub ops: Ops,
    /// The spaces still holding a coin.
    pub on: Vec<Space>,
    pub left: u32,
    pub won: bool,
    pub over: bool,
    /// Seconds from laying the grid to the last coin taken, where known.
    pub seconds: Option<u64>,
    pub next: String,
    #[serde(skip)]
    pub picture: String,
}

impl Show for Board {
    fn show(&self, _: &Style) -> String {
        let mut lines: Vec<String> = self.said.iter().map(Took::to_string).collect();
        lines.push(self.picture.clone());
        let time = match self.seconds {
            Some(s) if self.over => format!(" in {}", clock(s)),
            _ => String::new(),
        };
        lines.push(format!("{} left{time}; {}", coins(self.left), self.next));
        lines.join("\n")
    }
}

/// "1 coin", "23 coins".
fn coins(n: u32) -> String {
    format!(
        "{n} {}",
        crate::style::plural(u64::from(n), "coin", "coins")
    )
}

/// Seconds as a clock shows them: 4:07, 1:02:03.
pub(super) fn clock(s: u64) -> String {
    crate::style::clock(i64::try_from(s).unwrap_or(i64::MAX))
}

impl Board {
    pub(super) fn of(game: &MathrixGame, said: Vec<Took>, layout: &Layout) -> Board {
        let turn = game.turn();
        let on = game.on();
        Board {
            said,
            coins: game.coins,
            ops: game.ops,
            on: Space::of(on).collect(),
            left: on.count_ones(),
            won: game.won(),
            over: turn.over,
            seconds: game.seconds(),
            next: turn.next,
            picture: draw(layout),
        }
    }
}

/// The reply to a move or a look: the board, with the layout for the
/// screen.
pub(super) fn board(game: &MathrixGame, said: Vec<Took>) -> Reply {
    let layout = game.layout();
    Reply::new("mathrix", Board::of(game, said, &layout)).with_layout(layout)
}

/// A setup's reply: the grid, whether it can be won, and its grade.
#[derive(Debug, Serialize)]
pub(super) struct Laid {
    pub coins: Coins,
    pub ops: Ops,
    /// Whether one coin can be left (proved either way).
    pub winnable: bool,
    pub grade: Option<MathrixGrade>,
    #[serde(skip)]
    pub board: Board,
    /// A file's game laid where it ended: the board says how.
    #[serde(skip)]
    pub over: bool,
}

impl Show for Laid {
    fn show(&self, style: &Style) -> String {
        let mut lines = vec![format!(
            "Mathrix: coins {}, operators {}",
            self.coins, self.ops
        )];
        lines.push(self.board.show(style));
        if self.over {
            return lines.join("\n");
        }
        lines.push(match (&self.grade, self.winnable) {
            (Some(g), _) => format!("level {}: one coin can be left", g.level.name()),
            (None, true) => "one coin can be left (`mathrix hint` if you are stuck)".into(),
            // How few it can leave takes a longer search (a tenth of a
            // second, some deals half a second): `hint` and `solve` make it.
            (None, false) => {
                "no way down to one coin from this deal (every position searched): play for the fewest coins left (`mathrix hint` shows the way)".into()
            }
        });
        lines.join("\n")
    }
}

/// `mathrix hint`'s reply: a coin whose taking keeps a way down, with
/// its equation (`None`: there is none, proved).
#[derive(Debug, Serialize)]
pub(super) struct Hint {
    pub take: Option<Take>,
    /// The coins that may be taken now, whatever comes of it.
    pub can: Vec<Space>,
    /// Where there is no way down to one coin: the fewest that can be
    /// left from here, and a coin whose taking keeps it.
    pub fewest: Option<ToFewest>,
}

/// The fewest coins that can be left, and a coin whose taking keeps it.
#[derive(Debug, Serialize)]
pub(super) struct ToFewest {
    pub left: u32,
    pub take: Take,
}

impl Show for Hint {
    fn show(&self, _: &Style) -> String {
        match &self.take {
            Some(t) => format!("`mathrix {t}` keeps a way down to one coin"),
            None if self.can.is_empty() => "no coin can be taken: the game is over".into(),
            None => match &self.fewest {
                Some(f) => format!(
                    "no way down to one coin from here (every position searched); `mathrix {}` keeps a way down to {}, the fewest left from here",
                    f.take,
                    coins(f.left)
                ),
                None => format!(
                    "no way down to one coin from here (every position searched); {} can still be taken",
                    coins(self.can.len() as u32)
                ),
            },
        }
    }
}

/// `mathrix grade`'s reply: the grade, and from where it was taken.
#[derive(Debug, Serialize)]
pub(super) struct Graded {
    pub from: String,
    #[serde(flatten)]
    pub grade: MathrixGrade,
}

impl Show for Graded {
    fn show(&self, _: &Style) -> String {
        let g = &self.grade;
        format!(
            "{}: level {} ({} points): {:.0}% of the choices along a winning line keep it, {} of its steps narrow; random play takes {:.0}% of the coins to take",
            self.from,
            g.level.name(),
            g.points,
            100.0 * g.keeping,
            g.narrow,
            100.0 * g.random
        )
    }
}

/// `solve mathrix`'s reply.
#[derive(Debug, Serialize)]
pub(super) struct Solved {
    pub coins: Coins,
    pub ops: Ops,
    pub from_taken: usize,
    /// The coins to take in order, each with an equation that takes it
    /// (`None`: no way down to one coin, proved).
    pub line: Option<Vec<(Space, Equation)>>,
    /// Where there is none: the fewest coins that can be left, and the
    /// coins to take down to them, each with an equation that takes it.
    pub fewest: Option<(u32, Vec<(Space, Equation)>)>,
    /// Positions the search met.
    pub searched: usize,
}

/// Coins to take, one a line: `1. a1 (5=5)`.
fn numbered(line: &[(Space, Equation)]) -> String {
    let steps: Vec<String> = line
        .iter()
        .enumerate()
        .map(|(i, (s, e))| format!("{}. {s} ({e})", i + 1))
        .collect();
    steps.join("\n")
}

impl Show for Solved {
    fn show(&self, _: &Style) -> String {
        let from = grading::graded_from(self.from_taken, "coin taken", "coins taken");
        match &self.line {
            None => {
                let mut text = format!(
                    "Mathrix {} ({}): no way down to one coin {from} (proved: {} {} searched)",
                    self.coins,
                    self.ops,
                    self.searched,
                    crate::style::plural(self.searched as u64, "position", "positions")
                );
                match &self.fewest {
                    Some((_, line)) if line.is_empty() => text.push_str("; no coin can be taken"),
                    Some((left, line)) => text.push_str(&format!(
                        "; the fewest it can leave is {}, in {} {}\n{}",
                        coins(*left),
                        line.len(),
                        crate::style::plural(line.len() as u64, "step", "steps"),
                        numbered(line)
                    )),
                    None => {}
                }
                text
            }
            Some(line) => format!(
                "Mathrix {} ({}): one coin left {from} in {} steps\n{}",
                self.coins,
                self.ops,
                line.len(),
                numbered(line)
            ),
        }
    }
}
