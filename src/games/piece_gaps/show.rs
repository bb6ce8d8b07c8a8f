//! What Piece Gaps' replies say: each a typed body whose text is drawn
//! here and whose JSON is its fields.

use serde::Serialize;

use super::diagram::draw;
use super::grade::GapsGrade;
use super::play::{GapsAction, GapsGame, Said};
use super::solve::Answer;
use super::tableau::{AfterGap, TILES, Tableau};
use crate::games::grading;
use crate::games::wing::Play;
use crate::layout::Layout;
use crate::reply::{Reply, Show};
use crate::style::Style;

/// The game as it stands: what was said, the tableau, what comes next.
#[derive(Debug, Serialize)]
pub(super) struct Board {
    pub said: Vec<Said>,
    pub tableau: Tableau,
    /// Tiles in their row's run from its left end.
    pub home: u8,
    pub won: bool,
    pub over: bool,
    pub redeals_left: u8,
    pub next: String,
    #[serde(skip)]
    pub picture: String,
}

impl Show for Board {
    fn show(&self, _: &Style) -> String {
        let mut lines: Vec<String> = self.said.iter().map(Said::to_string).collect();
        lines.push(self.picture.clone());
        lines.push(format!("{} of 20 tiles home; {}", self.home, self.next));
        lines.join("\n")
    }
}

impl Board {
    pub(super) fn of(game: &GapsGame, said: Vec<Said>, layout: &Layout) -> Board {
        let turn = game.turn();
        let now = game.now();
        Board {
            said,
            tableau: now,
            home: now.home(),
            won: now.won(),
            over: turn.over,
            redeals_left: game.redeals_left(),
            next: turn.next,
            picture: draw(layout),
        }
    }
}

/// The reply to a move or a look: the board, with the layout for the
/// screen.
pub(super) fn board(game: &GapsGame, said: Vec<Said>) -> Reply {
    let layout = game.layout();
    Reply::new("gaps", Board::of(game, said, &layout)).with_layout(layout)
}

/// "every row can be brought home", as an answer says it; `whole`:
/// the whole search said it (else a setup's quick one, which `solve`
/// takes further).
fn told(answer: Answer, proof: usize, whole: bool) -> String {
    match answer {
        Answer::Won => {
            "every row can be brought to ace to five (`gaps hint` if you are stuck)".into()
        }
        Answer::Lost => format!(
            "no way to bring every row to ace to five from this deal (proved: {})",
            tableaux(proof)
        ),
        Answer::Open if whole => format!(
            "open: the whole search found no win and proved no loss within {}, as far as it goes",
            tableaux(proof)
        ),
        Answer::Open => format!(
            "the search found no win and proved no loss within {} (`solve piece-gaps` looks further)",
            tableaux(proof)
        ),
    }
}

fn tableaux(n: usize) -> String {
    format!(
        "{n} {} searched",
        crate::style::plural(n as u64, "tableau", "tableaux")
    )
}

/// A setup's reply: the tableau, what the search tells of it, and its
/// grade.
#[derive(Debug, Serialize)]
pub(super) struct Laid {
    pub tableau: Tableau,
    pub after_gap: AfterGap,
    pub redeals: u8,
    pub answer: Answer,
    pub searched: usize,
    pub grade: Option<GapsGrade>,
    #[serde(skip)]
    pub board: Board,
}

impl Show for Laid {
    fn show(&self, style: &Style) -> String {
        let mut rules = Vec::new();
        if self.after_gap == AfterGap::Any {
            rules.push("a gap right of a gap takes any tile".to_string());
        }
        if self.redeals > 0 {
            rules.push(format!(
                "{} {} allowed",
                self.redeals,
                crate::style::plural(u64::from(self.redeals), "redeal", "redeals")
            ));
        }
        let rules = if rules.is_empty() {
            String::new()
        } else {
            format!(" ({})", rules.join(", "))
        };
        let mut lines = vec![format!("Piece Gaps: tiles {}{rules}", self.tableau)];
        lines.push(self.board.show(style));
        lines.push(match &self.grade {
            Some(g) => format!("level {}: every row can be brought home", g.level.name()),
            None => told(self.answer, self.searched, false),
        });
        lines.join("\n")
    }
}

/// `gaps hint`'s reply: a move that keeps a win (`None`: none found).
#[derive(Debug, Serialize)]
pub(super) struct Hint {
    pub action: Option<GapsAction>,
    pub answer: Answer,
    /// Moves allowed now, whatever comes of them.
    pub can: usize,
    /// Where no way home is proved: the most tiles home any line from
    /// here brings, and a move that keeps them within reach (none: they
    /// are home now, and every move takes some away).
    pub best: Option<(u8, Option<GapsAction>)>,
}

impl Show for Hint {
    fn show(&self, _: &Style) -> String {
        match &self.action {
            Some(GapsAction::Redeal) => {
                "no tile can move: `gaps redeal` deals the loose tiles again".into()
            }
            Some(a) => format!("`gaps {a}` keeps a way to bring every row home"),
            None if self.can == 0 => "no tile can move: the game is over".into(),
            None if self.answer == Answer::Lost => match &self.best {
                Some((most, Some(a))) => format!(
                    "no way to bring every row home from here (proved); `gaps {a}` keeps {most} of {TILES} tiles home within reach, the most from here"
                ),
                Some((most, None)) => format!(
                    "no way to bring every row home from here (proved); the {most} tiles home now are the most this tableau allows"
                ),
                None => format!(
                    "no way to bring every row home from here (proved); {} {} still allowed",
                    self.can,
                    crate::style::plural(self.can as u64, "move is", "moves are")
                ),
            },
            None => format!(
                "the search found no move that keeps a win, nor proved there is none; {} {} allowed",
                self.can,
                crate::style::plural(self.can as u64, "move is", "moves are")
            ),
        }
    }
}

/// `gaps grade`'s reply.
#[derive(Debug, Serialize)]
pub(super) struct Graded {
    pub from: String,
    #[serde(flatten)]
    pub grade: GapsGrade,
}

impl Show for Graded {
    fn show(&self, _: &Style) -> String {
        let g = &self.grade;
        format!(
            "{}: level {} ({} points): {:.0}% of the moves along a winning line of {} keep it, {} of its steps narrow; random play brings {:.0}% of the tiles home",
            self.from,
            g.level.name(),
            g.points,
            100.0 * g.keeping,
            g.line.len(),
            g.narrow,
            100.0 * g.random
        )
    }
}

/// `solve piece-gaps`'s reply.
#[derive(Debug, Serialize)]
pub(super) struct Solved {
    pub tableau: Tableau,
    pub after_gap: AfterGap,
    pub from_moves: usize,
    pub answer: Answer,
    /// The moves of a winning line, as the player says them.
    pub line: Option<Vec<GapsAction>>,
    pub searched: usize,
    /// Where no win was found, the most tiles home in any tableau the
    /// search met: where the loss is proved, the best score the deal
    /// allows (the text scores a lost game by its tiles home).
    pub most_home: Option<u8>,
}

impl Show for Solved {
    fn show(&self, _: &Style) -> String {
        let from = grading::graded_from(self.from_moves, "move", "moves");
        match &self.line {
            Some(line) => {
                let steps: Vec<String> = line
                    .iter()
                    .enumerate()
                    .map(|(i, a)| format!("{}. {a}", i + 1))
                    .collect();
                format!(
                    "Piece Gaps {} {from}: every row home in {} {}\n{}",
                    self.tableau,
                    line.len(),
                    crate::style::plural(line.len() as u64, "move", "moves"),
                    steps.join("\n")
                )
            }
            None => {
                let best = match (self.answer, self.most_home) {
                    (Answer::Lost, Some(m)) => {
                        format!("; at best {m} of {TILES} tiles come home")
                    }
                    (Answer::Open, Some(m)) => {
                        format!("; the most tiles home it met is {m} of {TILES}")
                    }
                    _ => String::new(),
                };
                format!(
                    "Piece Gaps {} {from}: {}{best}",
                    self.tableau,
                    told(self.answer, self.searched, true)
                )
            }
        }
    }
}
