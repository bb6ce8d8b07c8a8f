//! What Fuji-san's replies say: each a typed body whose text is drawn
//! here and whose JSON is its fields.

use serde::Serialize;

use super::diagram::draw;
use super::grade::FujiGrade;
use super::mountain::{Coins, Dice, Move, Space};
use super::play::{FujiGame, Moved};
use crate::games::grading;
use crate::games::wing::Play;
use crate::layout::Layout;
use crate::reply::{Reply, Show};
use crate::style::Style;

/// The game as it stands: what was said, the mountain, what comes next.
#[derive(Debug, Serialize)]
pub(super) struct Board {
    pub said: Vec<Moved>,
    pub coins: Coins,
    pub dice: Dice,
    pub priests: Vec<Space>,
    pub moves: usize,
    pub won: bool,
    pub over: bool,
    pub next: String,
    #[serde(skip)]
    pub picture: String,
}

impl Show for Board {
    fn show(&self, _: &Style) -> String {
        let mut lines: Vec<String> = self.said.iter().map(Moved::to_string).collect();
        lines.push(self.picture.clone());
        lines.push(format!("moves: {}; {}", self.moves, self.next));
        lines.join("\n")
    }
}

impl Board {
    /// `game` after `said`, its picture drawn from `layout` (its own).
    pub(super) fn of(game: &FujiGame, said: Vec<Moved>, layout: &Layout) -> Board {
        let turn = game.turn();
        Board {
            said,
            coins: game.coins,
            dice: game.dice,
            priests: game.priests.to_vec(),
            moves: game.moves.len(),
            won: game.won(),
            over: turn.over,
            next: turn.next,
            picture: draw(layout),
        }
    }
}

/// The reply to a move or a look: the board, with the layout for the
/// screen.
pub(super) fn board(game: &FujiGame, said: Vec<Moved>) -> Reply {
    let layout = game.layout();
    Reply::new("fuji-san", Board::of(game, said, &layout)).with_layout(layout)
}

/// A setup's reply: the mountain, its par and grade.
#[derive(Debug, Serialize)]
pub(super) struct Laid {
    pub coins: Coins,
    pub dice: Dice,
    /// Fewest moves to the summit (`None`: no way up: proved).
    pub par: Option<u32>,
    pub grade: Option<FujiGrade>,
    pub dice_decide: bool,
    /// Moves read from a PPN file, every one checked.
    pub read: Option<usize>,
    #[serde(skip)]
    pub board: Board,
}

impl Show for Laid {
    fn show(&self, style: &Style) -> String {
        let mut lines = vec![format!("Fuji-san: coins {}", self.coins)];
        if self.dice_decide {
            lines.push(format!(
                "no coin gives a first move, so the dice decide: {} (top left, top right / bottom left, bottom right)",
                self.dice
            ));
        }
        if let Some(n) = self.read {
            lines.push(format!(
                "read {n} move{} from the PPN, every one legal",
                if n == 1 { "" } else { "s" }
            ));
        }
        lines.push(self.board.show(style));
        lines.push(match (&self.grade, self.par) {
            (Some(g), _) => format!(
                "level {}, par {} moves ({} down the mountain)",
                g.level.name(),
                g.par,
                g.downhill
            ),
            (None, Some(p)) => format!("par {p} moves"),
            (None, None) => {
                "no way to the summit from this deal (the whole mountain searched)".into()
            }
        });
        lines.join("\n")
    }
}

/// `fuji hint`'s reply: a best move and the moves to go after it
/// (`None`: no way up from here, proved).
#[derive(Debug, Serialize)]
pub(super) struct Hint {
    #[serde(rename = "move")]
    pub best: Option<Move>,
    pub to_go: Option<u32>,
}

impl Show for Hint {
    fn show(&self, _: &Style) -> String {
        match (self.best, self.to_go) {
            (Some(m), Some(left)) => format!("`fuji {m}`: {left} moves to the summit from here"),
            _ => {
                "no way to the summit from here (every position the priests can reach was searched)"
                    .into()
            }
        }
    }
}

/// `fuji ppn`: the game in ppgames' notation.
#[derive(Debug, Serialize)]
pub(super) struct Ppn {
    pub ppn: String,
}

impl Show for Ppn {
    fn show(&self, _: &Style) -> String {
        self.ppn.trim_end().to_string()
    }
}

/// `fuji grade`'s reply: the grade, and from where it was taken.
#[derive(Debug, Serialize)]
pub(super) struct Graded {
    pub from: String,
    #[serde(flatten)]
    pub grade: FujiGrade,
}

impl Show for Graded {
    fn show(&self, _: &Style) -> String {
        let g = &self.grade;
        format!(
            "{}: level {} ({} points): par {} moves, {} of them down the mountain; {:.0}% of moves along the best line keep it, {:.0}% of random lines reach the summit",
            self.from,
            g.level.name(),
            g.points,
            g.par,
            g.downhill,
            100.0 * g.keeping,
            100.0 * g.random
        )
    }
}

/// The solution's reply.
#[derive(Debug, Serialize)]
pub(super) struct Solved {
    pub coins: Coins,
    pub dice: Dice,
    pub from_moves: usize,
    /// `None`: no way up, proved by searching every reachable position.
    pub par: Option<u32>,
    pub line: Vec<Move>,
    pub downhill: usize,
    pub searched: usize,
}

impl Show for Solved {
    fn show(&self, _: &Style) -> String {
        let from = grading::graded_from(self.from_moves, "move", "moves");
        match self.par {
            None if self.searched == 1 => format!(
                "Fuji-san {}: no solution {from}: no priest can move",
                self.coins
            ),
            None => format!(
                "Fuji-san {}: no solution {from} ({} positions reachable, none with all four on the summit)",
                self.coins, self.searched
            ),
            Some(p) => {
                let line: Vec<String> = self
                    .line
                    .iter()
                    .enumerate()
                    .map(|(i, m)| format!("{}. {m}", i + 1))
                    .collect();
                format!(
                    "Fuji-san {}: {p} moves {from} ({} down the mountain; shortest, of {} positions)\n{}",
                    self.coins,
                    self.downhill,
                    self.searched,
                    line.join(" ")
                )
            }
        }
    }
}
