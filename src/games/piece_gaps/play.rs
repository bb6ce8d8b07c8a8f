//! A game of Piece Gaps as the table plays it: the tableau as dealt, the
//! table's settings, and each tile moved (or each redeal, where the
//! table allows them) in order.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::tableau::{AfterGap, Move, Tableau, Takes, code, piece};
use crate::games::error::{GameError, Unsound};
use crate::games::six_by_four::Space;
use crate::pieces::Piece;
use crate::random::TableRng;

/// The most redeals a table may allow (the Gaps patience allows two or
/// three).
pub const MOST_REDEALS: u8 = 9;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GapsGame {
    pub dealt: Tableau,
    #[serde(default)]
    pub after_gap: AfterGap,
    /// Redeals the table allows (none in the text).
    #[serde(default)]
    pub redeals: u8,
    pub steps: Vec<Step>,
}

/// What was done: a tile moved, or the loose tiles dealt again (with
/// the tableau they made, so a game reads back without the generator).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    Move { tile: Piece, from: Space, to: Space },
    Redeal { to: Tableau },
}

/// What a player says: a tile to move (where to, when more than one gap
/// takes it), a gap to fill with the one tile it takes, or a redeal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GapsAction {
    Move { tile: Piece, to: Option<Space> },
    Fill { gap: Space },
    Redeal,
}

/// A move as the player says it, the gap named.
impl From<Move> for GapsAction {
    fn from(m: Move) -> GapsAction {
        GapsAction::Move {
            tile: piece(m.tile),
            to: Some(m.to),
        }
    }
}

impl fmt::Display for GapsAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GapsAction::Move { tile, to: None } => write!(f, "move {tile}"),
            GapsAction::Move { tile, to: Some(s) } => write!(f, "move {tile} to {s}"),
            GapsAction::Fill { gap } => write!(f, "fill {gap}"),
            GapsAction::Redeal => f.write_str("redeal"),
        }
    }
}

/// What came of an action.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "lowercase", tag = "said")]
pub enum Said {
    Moved {
        n: usize,
        tile: Piece,
        from: Space,
        to: Space,
        home: u8,
    },
    Redealt {
        n: usize,
        left: u8,
    },
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Said::Moved {
                n,
                tile,
                from,
                to,
                home,
            } => write!(f, "{n}. {tile} from {from} to {to} ({home} of 20 home)"),
            Said::Redealt { n, left } => write!(
                f,
                "{n}. the loose tiles dealt again ({left} {} left)",
                crate::style::plural(u64::from(*left), "redeal", "redeals")
            ),
        }
    }
}

impl GapsGame {
    pub fn new(dealt: Tableau, after_gap: AfterGap, redeals: u8) -> GapsGame {
        GapsGame {
            dealt,
            after_gap,
            redeals,
            steps: Vec::new(),
        }
    }

    /// A deal as the text deals it: a deal locked at the start (every gap
    /// right of a five, or of a gap where it takes nothing) is shuffled
    /// and dealt again.
    pub fn deal(rng: &mut TableRng, after_gap: AfterGap, redeals: u8) -> GapsGame {
        loop {
            let t = Tableau::deal(|v| rng.shuffle(v));
            if !t.moves(after_gap).is_empty() {
                return GapsGame::new(t, after_gap, redeals);
            }
        }
    }

    /// The tableau as it stands.
    pub fn now(&self) -> Tableau {
        self.steps.iter().fold(self.dealt, |mut t, s| {
            match s {
                Step::Move { tile, from, to } => {
                    if let Some(c) = code(*tile) {
                        t.apply(Move {
                            tile: c,
                            from: *from,
                            to: *to,
                        });
                    }
                }
                Step::Redeal { to } => t = *to,
            }
            t
        })
    }

    pub fn redeals_left(&self) -> u8 {
        let used = self
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Redeal { .. }))
            .count();
        self.redeals.saturating_sub(used as u8)
    }

    pub fn moves_made(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Move { .. }))
            .count()
    }

    pub fn won(&self) -> bool {
        self.now().won()
    }

    /// No tile can move: won, or stuck.
    pub fn stuck(&self) -> bool {
        self.now().moves(self.after_gap).is_empty()
    }

    pub fn over(&self) -> bool {
        let t = self.now();
        t.won() || (t.moves(self.after_gap).is_empty() && self.redeals_left() == 0)
    }

    /// Every move allowed now, as the player would say it (with the gap
    /// named where more than one takes the tile).
    pub fn legal(&self) -> Vec<GapsAction> {
        let t = self.now();
        let moves = t.moves(self.after_gap);
        if moves.is_empty() && !t.won() && self.redeals_left() > 0 {
            return vec![GapsAction::Redeal];
        }
        moves.into_iter().map(GapsAction::from).collect()
    }

    /// The move an action makes, or the rule it breaks.
    pub fn resolve(&self, action: &GapsAction) -> Result<Move, GameError> {
        let t = self.now();
        let rule = self.after_gap;
        match *action {
            GapsAction::Redeal => Err(GameError::rule("a redeal is not a move")),
            GapsAction::Fill { gap } => {
                if t.at(gap) != 0 {
                    return Err(GameError::rule(format!(
                        "{gap} holds {}: `gaps fill` names a gap ({})",
                        piece(t.at(gap)),
                        spaces(t.gaps())
                    )));
                }
                match t.takes(gap, rule) {
                    Takes::One(tile) => Ok(Move {
                        tile,
                        from: t.find(tile).unwrap_or(gap),
                        to: gap,
                    }),
                    Takes::Any => Err(GameError::rule(format!(
                        "{gap} takes any tile: say which, like `gaps move Sa to {gap}`"
                    ))),
                    why => Err(GameError::rule(format!("{gap} {}", refusal(why)))),
                }
            }
            GapsAction::Move { tile, to } => {
                let Some(c) = code(tile) else {
                    return Err(GameError::rule(format!(
                        "{tile} is a null: the nulls were taken out as dealt, and left the gaps"
                    )));
                };
                let from = t.find(c).unwrap_or_default();
                let fits: Vec<Space> = t
                    .gaps()
                    .filter(|&g| match t.takes(g, rule) {
                        Takes::Any => true,
                        Takes::One(x) => x == c,
                        _ => false,
                    })
                    .collect();
                let to = match to {
                    Some(to) if t.at(to) != 0 => {
                        return Err(GameError::rule(format!(
                            "{to} holds {}: a tile moves into a gap ({})",
                            piece(t.at(to)),
                            spaces(t.gaps())
                        )));
                    }
                    Some(to) if fits.contains(&to) => to,
                    Some(to) => {
                        let why = match t.takes(to, rule) {
                            Takes::One(x) => format!("takes {} only", piece(x)),
                            other => refusal(other).to_string(),
                        };
                        return Err(GameError::rule(format!(
                            "{tile} cannot go to {to}: {to} {why}{}",
                            fits_text(&fits)
                        )));
                    }
                    None => match fits.as_slice() {
                        [one] => *one,
                        [] if (c - 1) % 5 == 0 => {
                            return Err(GameError::rule(format!(
                                "no gap takes {tile} now: an ace goes only into a gap at a rank's left end (file a), and none is open"
                            )));
                        }
                        [] => {
                            return Err(GameError::rule(format!(
                                "no gap takes {tile} now: a gap takes the tile one higher in the suit left of it{}",
                                t.find(c - 1).map_or(String::new(), |s| format!(
                                    " ({tile} goes right of {} on {s})",
                                    piece(c - 1)
                                ))
                            )));
                        }
                        many => {
                            return Err(GameError::rule(format!(
                                "{tile} fits {}: say which, like `gaps move {tile} to {}`",
                                spaces(many.iter().copied()),
                                many[0]
                            )));
                        }
                    },
                };
                Ok(Move { tile: c, from, to })
            }
        }
    }

    /// Take an action, or refuse it with the rule it breaks.
    pub fn step(&mut self, action: &GapsAction, rng: &mut TableRng) -> Result<Said, GameError> {
        let t = self.now();
        if t.won() {
            return Err(GameError::rule(
                "every row runs ace to five: the game is won",
            ));
        }
        if *action == GapsAction::Redeal {
            if !t.moves(self.after_gap).is_empty() {
                return Err(GameError::rule(
                    "a redeal comes only when no tile can move, and tiles still can (`gaps hint`)",
                ));
            }
            if self.redeals_left() == 0 {
                return Err(GameError::rule(if self.redeals == 0 {
                    "no redeals: the text allows none (`setup piece-gaps redeals=2` allows two)"
                        .to_string()
                } else {
                    format!("no redeals left: the table allowed {}", self.redeals)
                }));
            }
            let to = t.redeal(|v| rng.shuffle(v));
            self.steps.push(Step::Redeal { to });
            return Ok(Said::Redealt {
                n: self.steps.len(),
                left: self.redeals_left(),
            });
        }
        let m = self.resolve(action)?;
        self.steps.push(Step::Move {
            tile: piece(m.tile),
            from: m.from,
            to: m.to,
        });
        Ok(Said::Moved {
            n: self.steps.len(),
            tile: piece(m.tile),
            from: m.from,
            to: m.to,
            home: self.now().home(),
        })
    }

    /// Every step replayed by the rules: a move into a gap that takes
    /// it, a redeal only when stuck and allowed, keeping the runs and
    /// laying the loose tiles again.
    pub fn check(&self) -> Result<(), Unsound> {
        let mut t = self.dealt;
        let mut redeals = 0;
        for (i, s) in self.steps.iter().enumerate() {
            let n = i + 1;
            match s {
                Step::Move { tile, from, to } => {
                    let m = code(*tile).map(|c| Move {
                        tile: c,
                        from: *from,
                        to: *to,
                    });
                    if !m.is_some_and(|m| t.moves(self.after_gap).contains(&m)) {
                        return Err(format!(
                            "step {n} ({tile} from {from} to {to}) breaks the rules"
                        )
                        .into());
                    }
                    m.into_iter().for_each(|m| t.apply(m));
                }
                Step::Redeal { to } => {
                    redeals += 1;
                    let same = |x: &Tableau| x.redeal(|v| v.sort_unstable());
                    if redeals > self.redeals
                        || !t.moves(self.after_gap).is_empty()
                        || same(to) != same(&t)
                        || to.home() != t.home()
                    {
                        return Err(format!("step {n} (a redeal) breaks the rules").into());
                    }
                    t = *to;
                }
            }
        }
        Ok(())
    }
}

/// Why a gap takes nothing.
fn refusal(why: Takes) -> &'static str {
    match why {
        Takes::AfterFive => "lies right of a five, and waits until the five moves",
        Takes::AfterGap => {
            "lies right of a gap, and takes nothing until that gap is filled (`rules piece-gaps play`)"
        }
        Takes::Any | Takes::One(_) => "",
    }
}

/// Spaces in reading order: rank 4 first, each left to right.
fn spaces(s: impl Iterator<Item = Space>) -> String {
    let mut s: Vec<Space> = s.collect();
    s.sort_by_key(|s| (std::cmp::Reverse(s.rank()), s.file()));
    s.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn fits_text(fits: &[Space]) -> String {
    if fits.is_empty() {
        String::new()
    } else {
        format!(" ({} takes it)", spaces(fits.iter().copied()))
    }
}
