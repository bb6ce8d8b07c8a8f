//! A game of Fuji-san as the table plays it: the mountain as dealt, the
//! four priests and the moves made, with the rules that check each move.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::mountain::{Coins, Dice, Move, PRIESTS, START, STARTS, SUMMIT, Space, moves};
use crate::games::error::{GameError, Unsound};
use crate::pieces::Rank;
use crate::random::TableRng;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FujiGame {
    pub coins: Coins,
    /// The opening dice (moved by only when no priest can move from the
    /// start).
    pub dice: Dice,
    /// Each priest's space, in the order of `PRIESTS`.
    pub priests: [Space; 4],
    /// Every move made, in order.
    pub moves: Vec<Move>,
}

impl FujiGame {
    pub fn new(coins: Coins, dice: Dice) -> FujiGame {
        FujiGame {
            coins,
            dice,
            priests: STARTS,
            moves: Vec::new(),
        }
    }

    /// A mountain laid as the rules lay it, and the four dice rolled.
    pub fn deal(rng: &mut TableRng) -> FujiGame {
        let coins = Coins::deal(|six| rng.shuffle(six));
        let dice = Dice([0; 4].map(|_| Rank::ALL[rng.below(6) as usize]));
        FujiGame::new(coins, dice)
    }

    /// The spaces the priests stand on, as a set.
    pub fn taken(&self) -> u32 {
        self.priests.iter().fold(0, |s, p| s | p.bit())
    }

    pub fn won(&self) -> bool {
        self.taken() == SUMMIT
    }

    pub fn legal(&self) -> Vec<Move> {
        if self.won() {
            return Vec::new();
        }
        moves(&self.coins, &self.dice, self.taken())
    }

    /// Over: at the summit, or no move left (foul weather, at the start).
    pub fn over(&self) -> bool {
        self.legal().is_empty()
    }

    /// Whether the opening dice decide the first move.
    pub fn on_the_dice(&self) -> bool {
        self.taken() == START && super::mountain::needs_dice(&self.coins)
    }

    /// Move a priest, or refuse with the rule the move breaks.
    pub fn step(&mut self, m: Move) -> Result<(), GameError> {
        if self.won() {
            return Err(GameError::rule(
                "the game is over: all four priests stand on the summit",
            ));
        }
        let Some(k) = self.priests.iter().position(|&p| p == m.from) else {
            return Err(GameError::rule(format!(
                "no priest stands on {}: they are on {}",
                m.from,
                self.where_they_stand()
            )));
        };
        let legal = self.legal();
        if !legal.contains(&m) {
            return Err(GameError::rule(format!(
                "{m} is not a move here: {}",
                why_not(self, m, &legal)
            )));
        }
        self.priests[k] = m.to;
        self.moves.push(m);
        Ok(())
    }

    pub fn where_they_stand(&self) -> String {
        let mut at: Vec<String> = self.priests.iter().map(Space::to_string).collect();
        at.sort();
        at.join(", ")
    }

    pub fn check(&self) -> Result<(), Unsound> {
        let mut seen = 0u32;
        for p in self.priests {
            if seen & p.bit() != 0 {
                return Err(format!("two priests stand on {p}").into());
            }
            seen |= p.bit();
        }
        // The moves made must lead from the start to where they stand.
        let mut replay = FujiGame::new(self.coins, self.dice);
        for (i, &m) in self.moves.iter().enumerate() {
            replay
                .step(m)
                .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
        }
        if replay.priests != self.priests {
            return Err(format!(
                "the moves lead to {}, not to where the priests stand ({})",
                replay.where_they_stand(),
                self.where_they_stand()
            )
            .into());
        }
        Ok(())
    }
}

/// Why `m` is not among `legal`, in the rules' words.
fn why_not(game: &FujiGame, m: Move, legal: &[Move]) -> String {
    let taken = game.taken();
    if taken & m.to.bit() != 0 {
        return format!("{} is taken", m.to);
    }
    if legal.is_empty() {
        return "no priest can move".into();
    }
    if game.on_the_dice() {
        let k = STARTS.iter().position(|&s| s == m.from).unwrap_or(0);
        return format!(
            "no coin gives a move from the start, so the dice decide: the {} priest's die shows {} ({})",
            PRIESTS[k].name(),
            game.dice.0[k].code(),
            list(legal)
        );
    }
    if m.from.row() != m.to.row() && m.from.col() != m.to.col() {
        return format!(
            "a priest moves along its row or straight across ({})",
            list(legal)
        );
    }
    if m.from.on_peak() {
        return format!(
            "on the summit a priest only steps across or to the other summit space ({})",
            list(legal)
        );
    }
    if m.from.row() != m.to.row() {
        return format!("a priest crosses only from a step ({})", list(legal));
    }
    let (lo, hi) = (m.from.col().min(m.to.col()), m.from.col().max(m.to.col()));
    let empty = (lo..=hi)
        .map(|c| Space::new(m.from.row(), c))
        .filter(|&s| s != m.from && taken & s.bit() == 0)
        .count();
    match game.coins.at(m.to) {
        None => format!("{} is a start space, not a step", m.to),
        Some(v) => format!(
            "from {} to {} the empty spaces number {empty}, and the coin on {} shows {} ({})",
            m.from,
            m.to,
            m.to,
            v.code(),
            list(legal)
        ),
    }
}

/// The legal moves, for a refusal: "the moves now: a1-b1, n2-k2".
fn list(legal: &[Move]) -> String {
    let all: Vec<String> = legal.iter().map(Move::to_string).collect();
    format!("the moves now: {}", all.join(", "))
}

/// A move made: its number, the move, and whether it went down.
#[derive(Debug, Clone, Serialize)]
pub struct Moved {
    pub n: usize,
    pub by: Move,
    pub downhill: bool,
}

impl fmt::Display for Moved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}. {}", self.n, self.by)?;
        if self.downhill {
            f.write_str(" (down the mountain)")?;
        }
        Ok(())
    }
}
