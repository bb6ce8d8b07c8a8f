//! Liar's Dice (the South American Perudo), for two to six players: each
//! has five dice under a cup, seen by no one else; in turn they bid how
//! many dice on the whole table show a face, each bid higher than the
//! last, until someone calls the last bid a lie. Every cup is lifted: a
//! true bid costs the caller a die, a false one the bidder. The last
//! player with dice wins.
//!
//! The game with the most to hide of any tablemate follows: every cup is
//! a secret from every other seat, so each seat's page shows its own
//! dice (`Play::view`) and the table's screen none until a call lifts
//! them. Each round's dice come from a generator drawn when the game was
//! set up (from the sealed deal), never from the session's, whose seed is
//! shown to everyone.
//!
//! Plain data and rules, free of I/O. Our interpretations (the rule file
//! marks them): ones are wild and a round may not open on ones; a bid on
//! ones needs half the quantity (rounded up), a bid leaving ones twice
//! the quantity and one more; no "calza" (exact call) and no palifico
//! round.

mod diagram;
pub mod odds;
pub mod wing;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::error::{GameError, Unsound};
use crate::games::game::Game;
use crate::games::wing::{Play, Saved, Turn};
use crate::layout::{Layout, Placed};
use crate::random::TableRng;

pub use wing::LiarsDice;

/// Dice each player starts with.
pub const DICE: u8 = 5;
/// Players a game seats.
pub const MOST_PLAYERS: usize = 6;
pub const LEAST_PLAYERS: usize = 2;

/// A bid: at least `quantity` dice on the table show `face`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bid {
    /// The seat that made it.
    pub by: usize,
    pub quantity: u8,
    pub face: u8,
}

impl Bid {
    /// `3 × 5s`, `1 × 1`: how the table says a bid.
    pub fn said(quantity: u8, face: u8) -> String {
        format!(
            "{quantity} × {face}{}",
            if quantity == 1 { "" } else { "s" }
        )
    }
}

/// A call, as the table saw it when every cup was lifted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reveal {
    /// Every cup as it was lifted, by seat (empty: out before it).
    pub cups: Vec<Vec<u8>>,
    pub bid: Bid,
    /// Who called it a lie.
    pub caller: usize,
    /// How many dice counted for the bid.
    pub counted: u8,
    /// Who lost a die.
    pub loser: usize,
}

/// The game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Liars {
    /// The people in seat order (player 1 first), as the table named
    /// them; empty names are written `player N`.
    pub people: Vec<String>,
    /// Each seat's dice under its cup, faces 1 to 6, sorted; empty: out.
    pub cups: Vec<Vec<u8>>,
    /// The bid standing this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bid: Option<Bid>,
    /// The seat to move.
    pub to_move: usize,
    /// The round, from 1.
    pub round: u32,
    /// Where each round's dice come from. A secret until the game is over.
    pub seed: u64,
    /// Whether ones count as every face (the usual rule).
    pub ones_wild: bool,
    /// The last call, every cup lifted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<Reveal>,
}

/// What a player does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum LiarsAction {
    Bid {
        quantity: u8,
        face: u8,
    },
    /// Call the standing bid a lie: every cup is lifted.
    Challenge,
}

impl fmt::Display for LiarsAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LiarsAction::Bid { quantity, face } => write!(f, "bid {quantity} {face}"),
            LiarsAction::Challenge => f.write_str("challenge"),
        }
    }
}

/// What came of an action. Names are carried as they were when it
/// happened, so a record reads the same later.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A round began: every cup shaken (what they show is not said).
    Shaken {
        round: u32,
        dice: u8,
    },
    Bid {
        who: String,
        quantity: u8,
        face: u8,
    },
    /// Every cup lifted on a call.
    Lifted {
        cups: Vec<(String, Vec<u8>)>,
    },
    Called {
        caller: String,
        bidder: String,
        quantity: u8,
        face: u8,
        counted: u8,
        stands: bool,
        loser: String,
    },
    Out {
        who: String,
    },
    Won {
        who: String,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Shaken { round, dice } => {
                write!(
                    f,
                    "round {round}: every cup is shaken ({dice} dice in play)"
                )
            }
            Event::Bid {
                who,
                quantity,
                face,
            } => write!(f, "{who} bids {}", Bid::said(*quantity, *face)),
            Event::Lifted { cups } => {
                let all: Vec<String> = cups
                    .iter()
                    .filter(|(_, d)| !d.is_empty())
                    .map(|(who, d)| format!("{who} {}", faces(d)))
                    .collect();
                write!(f, "the cups are lifted: {}", all.join("; "))
            }
            Event::Called {
                caller,
                bidder,
                quantity,
                face,
                counted,
                stands,
                loser,
            } => write!(
                f,
                "{caller} calls {bidder}'s {} a lie: {counted} counted, so the bid {}; {loser} loses a die",
                Bid::said(*quantity, *face),
                if *stands { "was true" } else { "was a lie" },
            ),
            Event::Out { who } => write!(f, "{who} has no dice left and is out"),
            Event::Won { who } => write!(f, "{who} wins"),
        }
    }
}

/// Dice faces as the table reads them: `1 3 3 5 6`.
pub fn faces(dice: &[u8]) -> String {
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

impl Liars {
    /// A new game for `people` (seat order), its dice drawn from `seed`.
    pub fn new(people: Vec<String>, ones_wild: bool, seed: u64) -> Liars {
        let n = people.len();
        let mut game = Liars {
            people,
            cups: vec![vec![0; usize::from(DICE)]; n],
            bid: None,
            to_move: 0,
            round: 1,
            seed,
            ones_wild,
            last: None,
        };
        game.shake();
        game
    }

    /// The name seat `seat` goes by.
    pub fn name(&self, seat: usize) -> String {
        match self.people.get(seat) {
            Some(n) if !n.is_empty() => n.clone(),
            _ => format!("player {}", seat + 1),
        }
    }

    /// Dice still in play.
    pub fn in_play(&self) -> u8 {
        self.cups.iter().map(|c| c.len() as u8).sum()
    }

    pub fn winner(&self) -> Option<usize> {
        let mut left = (0..self.cups.len()).filter(|&s| !self.cups[s].is_empty());
        match (left.next(), left.next()) {
            (Some(w), None) => Some(w),
            _ => None,
        }
    }

    /// Every cup with dice shaken anew, from the game's own generator at
    /// this round (so a replay shakes the same).
    fn shake(&mut self) {
        let mix = self
            .seed
            .wrapping_add(u64::from(self.round).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut rng = TableRng::new(mix);
        for cup in &mut self.cups {
            for d in cup.iter_mut() {
                *d = rng.below(6) as u8 + 1;
            }
            cup.sort_unstable();
        }
    }

    /// The next seat after `seat` that still has dice.
    fn next_after(&self, seat: usize) -> usize {
        let n = self.cups.len();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| !self.cups[s].is_empty())
            .unwrap_or(seat)
    }

    /// How many dice count for `face` in `cups`.
    pub fn count(&self, cups: &[Vec<u8>], face: u8) -> u8 {
        cups.iter()
            .flatten()
            .filter(|&&d| d == face || (self.ones_wild && face != 1 && d == 1))
            .count() as u8
    }

    /// Why a bid of `quantity` × `face` may not follow the standing one.
    pub fn refuse_bid(&self, quantity: u8, face: u8) -> Option<String> {
        if !(1..=6).contains(&face) {
            return Some(format!("'{face}' is not a face: 1 to 6"));
        }
        if quantity == 0 {
            return Some("a bid is of at least one die".into());
        }
        let total = self.in_play();
        if quantity > total {
            return Some(format!(
                "only {total} dice are in play: a bid of {quantity} cannot be true"
            ));
        }
        let wild = self.ones_wild;
        let Some(b) = self.bid else {
            return (wild && face == 1).then(|| {
                "a round does not open on ones (they are wild): bid another face".to_string()
            });
        };
        let was = Bid::said(b.quantity, b.face);
        let higher = match (wild, b.face == 1, face == 1) {
            // Ones are worth about two of any other face.
            (true, false, true) => quantity >= b.quantity.div_ceil(2),
            (true, true, false) => quantity > b.quantity * 2,
            (true, true, true) => quantity > b.quantity,
            _ => quantity > b.quantity || (quantity == b.quantity && face > b.face),
        };
        (!higher).then(|| {
            let least = match (wild, b.face == 1, face == 1) {
                (true, false, true) => format!("at least {} × 1s", b.quantity.div_ceil(2)),
                (true, true, false) => format!("at least {} of another face", b.quantity * 2 + 1),
                _ => format!("more than {} (more dice, or as many of a higher face)", was),
            };
            format!(
                "{} does not beat {was}: bid {least}",
                Bid::said(quantity, face)
            )
        })
    }
}

impl Saved for Liars {
    const GAME: Game = Game::LiarsDice;
    const WHAT: &'static str = "the saved Liar's Dice game";
    const REPAIR: &'static str = "`setup liars-dice` starts a new one";
    const EXPORT_KEY: &'static str = "liars_dice";

    fn check(&self) -> Result<(), Unsound> {
        let n = self.cups.len();
        if !(LEAST_PLAYERS..=MOST_PLAYERS).contains(&n) {
            return Err(format!("{n} cups: 2 to 6 play").into());
        }
        if self.people.len() != n {
            return Err(format!("{} people for {n} cups", self.people.len()).into());
        }
        if let Some(c) = self
            .cups
            .iter()
            .find(|c| c.len() > usize::from(DICE) || c.iter().any(|d| !(1..=6).contains(d)))
        {
            return Err(format!("a cup holds {c:?}").into());
        }
        if self.to_move >= n || (self.winner().is_none() && self.cups[self.to_move].is_empty()) {
            return Err(format!("seat {} to move", self.to_move + 1).into());
        }
        if let Some(b) = self.bid
            && (b.by >= n || b.quantity == 0 || b.quantity > self.in_play() || b.face > 6)
        {
            return Err(format!("the bid {b:?}").into());
        }
        if self.cups.iter().all(Vec::is_empty) {
            return Err("no dice left at all".into());
        }
        Ok(())
    }

    fn summary(&self) -> String {
        format!(
            "a Liar's Dice game of {}, round {}",
            self.cups.len(),
            self.round
        )
    }

    fn rename(&mut self, from: &str, to: &str) {
        for p in &mut self.people {
            if p == from {
                *p = to.to_string();
            }
        }
    }

    /// The last cup with dice in it won; each seat's score is the dice
    /// it had left.
    fn plays(&self) -> Vec<crate::plays::Play> {
        let Some(w) = self.winner() else {
            return Vec::new();
        };
        vec![crate::plays::Play::new(
            Self::GAME.id(),
            "",
            self.people.clone(),
            self.cups.iter().map(|c| Some(c.len() as i64)).collect(),
            vec![w],
        )]
    }
}

impl Play for Liars {
    type Action = LiarsAction;
    type Event = Event;

    fn sample(rng: &mut TableRng) -> Liars {
        let n = LEAST_PLAYERS + rng.below(5) as usize;
        let names = ["ann", "Bo Li", "cy", "dee", "Eve", "fay"];
        let people = names[..n].iter().map(|s| s.to_string()).collect();
        Liars::new(people, true, rng.next_u64())
    }

    fn apply(&mut self, action: &LiarsAction, _: &mut TableRng) -> Result<Vec<Event>, GameError> {
        if let Some(w) = self.winner() {
            return Err(GameError::rule(format!(
                "the game is over: {} won",
                self.name(w)
            )));
        }
        let me = self.to_move;
        match *action {
            LiarsAction::Bid { quantity, face } => {
                if let Some(why) = self.refuse_bid(quantity, face) {
                    return Err(GameError::rule(why));
                }
                self.bid = Some(Bid {
                    by: me,
                    quantity,
                    face,
                });
                self.to_move = self.next_after(me);
                Ok(vec![Event::Bid {
                    who: self.name(me),
                    quantity,
                    face,
                }])
            }
            LiarsAction::Challenge => {
                let Some(bid) = self.bid else {
                    return Err(GameError::rule(
                        "no bid stands to call: open the round with a bid",
                    ));
                };
                let counted = self.count(&self.cups, bid.face);
                let stands = counted >= bid.quantity;
                let loser = if stands { me } else { bid.by };
                let mut said = vec![
                    Event::Lifted {
                        cups: (0..self.cups.len())
                            .map(|s| (self.name(s), self.cups[s].clone()))
                            .collect(),
                    },
                    Event::Called {
                        caller: self.name(me),
                        bidder: self.name(bid.by),
                        quantity: bid.quantity,
                        face: bid.face,
                        counted,
                        stands,
                        loser: self.name(loser),
                    },
                ];
                self.last = Some(Reveal {
                    cups: self.cups.clone(),
                    bid,
                    caller: me,
                    counted,
                    loser,
                });
                self.cups[loser].pop();
                self.bid = None;
                if self.cups[loser].is_empty() {
                    said.push(Event::Out {
                        who: self.name(loser),
                    });
                }
                if let Some(w) = self.winner() {
                    self.to_move = w;
                    said.push(Event::Won { who: self.name(w) });
                    return Ok(said);
                }
                // The loser opens the next round, or the next player
                // when the loser is out.
                self.to_move = if self.cups[loser].is_empty() {
                    self.next_after(loser)
                } else {
                    loser
                };
                self.round += 1;
                self.shake();
                said.push(Event::Shaken {
                    round: self.round,
                    dice: self.in_play(),
                });
                Ok(said)
            }
        }
    }

    fn legal(&self) -> Vec<LiarsAction> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let mut all = Vec::new();
        if self.bid.is_some() {
            all.push(LiarsAction::Challenge);
        }
        for quantity in 1..=self.in_play() {
            for face in 1..=6 {
                if self.refuse_bid(quantity, face).is_none() {
                    all.push(LiarsAction::Bid { quantity, face });
                }
            }
        }
        all
    }

    fn turn(&self) -> Turn {
        match self.winner() {
            Some(w) => Turn {
                to_move: None,
                next: format!("{} won", self.name(w)),
                over: true,
                seat: None,
                role: None,
            },
            None => Turn {
                to_move: Some(self.name(self.to_move)),
                next: match self.bid {
                    None => "`liars bid QUANTITY FACE` opens the round".into(),
                    Some(b) => format!(
                        "`liars bid QUANTITY FACE` above {}, or `liars challenge`",
                        Bid::said(b.quantity, b.face)
                    ),
                },
                over: false,
                seat: Some(self.to_move),
                role: None,
            },
        }
    }

    fn people(&self) -> Vec<String> {
        if self.people.iter().any(String::is_empty) {
            return Vec::new();
        }
        self.people.clone()
    }

    /// Each cup's row, by the initials its marker shows.
    fn roles(&self) -> Vec<String> {
        (0..self.cups.len())
            .map(|s| format!("cup {}", initials(&self.name(s))))
            .collect()
    }

    fn layout(&self) -> Layout {
        self.view(None)
    }

    /// Each cup in a row, its dice face down unless they are `seat`'s own
    /// (or the game is over); the standing bid; the last call's cups,
    /// lifted, to the right.
    fn view(&self, seat: Option<usize>) -> Layout {
        let mut l = Layout::new("liars-dice", "Liar's Dice");
        let over = self.winner().is_some();
        for (s, cup) in self.cups.iter().enumerate() {
            let y = -(s as f64) * 0.8;
            l.push(Placed::marker(&initials(&self.name(s)), -0.8, y));
            let shown = over || seat == Some(s);
            for (i, &d) in cup.iter().enumerate() {
                let face = shown.then_some(d);
                l.push(Placed::d6(face, i as f64 * 0.6, y));
            }
        }
        if let Some(b) = self.bid {
            let y = -(self.cups.len() as f64) * 0.8;
            l.push(Placed::marker(
                &format!("{}×{}", b.quantity, b.face),
                0.0,
                y,
            ));
        }
        if let Some(r) = &self.last {
            for (s, cup) in r.cups.iter().enumerate() {
                let y = -(s as f64) * 0.8;
                for (i, &d) in cup.iter().enumerate() {
                    l.push(Placed::d6(Some(d), 4.0 + i as f64 * 0.6, y));
                }
            }
        }
        l
    }

    /// From everyone the generator's seed (every cup of every round comes
    /// from it), and from `seat` each other cup of this round, as the
    /// table would write it once lifted (`1 3 3 5 6`). A cup of one or two
    /// dice reads like any number or bid (`bid 1 2`), so it is left out
    /// (the unit tests hold each seat's view to its own dice).
    ///
    /// A cup is listed only when no cup lifted at the last call read the
    /// same: a call lifts every cup and shakes anew, and a new cup that
    /// happens to read as one just lifted is not the same secret.
    fn secrets(&self, seat: Option<usize>) -> Vec<String> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let lifted = |c: &Vec<u8>| self.last.as_ref().is_some_and(|r| r.cups.contains(c));
        let mut kept: Vec<String> = self
            .cups
            .iter()
            .enumerate()
            .filter(|(s, c)| Some(*s) != seat && c.len() > 2 && !lifted(c))
            .map(|(_, c)| faces(c))
            .collect();
        kept.push(format!("{:016x}", self.seed));
        kept.push(self.seed.to_string());
        kept
    }
}

/// A name's initials, for a row's marker (`Li Wei`: `LW`).
fn initials(name: &str) -> String {
    let i: String = name
        .split_whitespace()
        .filter_map(|w| w.chars().next())
        .take(3)
        .collect();
    if i.is_empty() { "?".into() } else { i }
}

#[cfg(test)]
mod tests;
