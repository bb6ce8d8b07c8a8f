//! Lab Rats followed move by move: three stacks of eight coins, the rat on
//! the maze, rook moves by a top coin's value (null any distance), the coin
//! left under the rat, backing up, and the way out. Pure: the dispatcher
//! keeps the game in the store.

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::maze::Maze;
use super::square::{Side, Square, square_name};
use crate::games::compass::Dir;
use crate::games::error::{GameError, Unsound};
use crate::pieces::{Rank, Suit, SuitsByValue};

/// A movement coin used: its value, the square it was left on, and the
/// stack it came from, counted from 1 as the commands count them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Used {
    pub coin: Rank,
    pub at: Square,
    pub stack: usize,
}

/// A game in progress, in the form the store keeps. Its serde impls are
/// written out below so that a game saved before `moves` (whose `used`
/// counted stacks from 0) reads as one saved now, wherever it was kept:
/// the store, the journal, a record, an export.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct RatsGame {
    /// The maze's squares (x east, y north).
    pub squares: Vec<Square>,
    pub exit: [Square; 2],
    /// Three stacks, bottom first: the last coin is the one showing.
    pub stacks: [Vec<Rank>; 3],
    pub rat: Square,
    /// Coins lying on squares, each pile bottom first.
    pub piles: Vec<(Square, Vec<Rank>)>,
    /// Movement coins in the order used (backing up walks this back).
    pub moves: Vec<Used>,
    /// No backing up.
    pub harder: bool,
    pub out: bool,
    /// The stacks as dealt, bottom first, corrected as the table's coins
    /// turn up (`turned`); with `start`, what `solve lab-rats` replays.
    /// Absent in games saved before it was kept.
    #[serde(default)]
    pub dealt: Option<[Vec<Rank>; 3]>,
    #[serde(default)]
    pub start: Option<Square>,
    /// Both start squares, left then right as the rat faces into the
    /// maze: the rat may begin on either. Absent in games saved before
    /// the choice was kept (they began on the left).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts: Option<[Square; 2]>,
    /// The fewest coins each stack has held: below that height every coin
    /// is still the one dealt there.
    #[serde(default)]
    pub low: [usize; 3],
    /// Each coin's suit, in the shapes of `stacks` and `piles`. Lab Rats
    /// ignores suits, but a record names every coin, and a coin keeps
    /// its suit wherever it goes. Absent in games saved before it was
    /// kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suits: Option<CoinSuits>,
    /// The table's stacks were built as tablemate dealt them (a graded
    /// deal, `setup lab-rats level=`): the coins under the tops are the
    /// table's, not stand-ins.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub built: bool,
}

impl Serialize for RatsGame {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RatsGame::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for RatsGame {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RatsGame, D::Error> {
        let mut doc = serde_json::Value::deserialize(d)?;
        if let Some(fields) = doc.as_object_mut()
            && let Some(mut used) = fields.remove("used")
        {
            for one in used.as_array_mut().into_iter().flatten() {
                if let Some(n) = one.get_mut("stack")
                    && let Some(from_0) = n.as_u64()
                {
                    *n = from_0.saturating_add(1).into();
                }
            }
            fields.entry("moves").or_insert(used);
        }
        RatsGame::deserialize(doc).map_err(serde::de::Error::custom)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CoinSuits {
    pub stacks: [Vec<Suit>; 3],
    pub piles: Vec<Vec<Suit>>,
}

impl RatsGame {
    /// A game on a finished maze: the coins dealt in order into three
    /// stacks of eight (the first of each eight ends up showing), the rat
    /// on start square `start` (0 or 1).
    pub fn new(
        maze: &Maze,
        coins: &[Rank],
        start: usize,
        harder: bool,
    ) -> Result<RatsGame, GameError> {
        if !maze.complete {
            return Err("the maze is not finished: lay all 24 tiles first".into());
        }
        if coins.len() != 24 {
            return Err(format!("{} coins: the stacks take all 24", coins.len()).into());
        }
        let mut stacks: [Vec<Rank>; 3] = Default::default();
        for (i, s) in stacks.iter_mut().enumerate() {
            *s = coins[8 * i..8 * i + 8].iter().rev().copied().collect();
        }
        // The k-th coin of a value dealt takes the k-th suit: the 24 are
        // one piecepack's coins.
        let mut by_value = SuitsByValue::new(&Suit::ALL);
        let dealt_suits: Vec<Suit> = coins.iter().map(|&v| by_value.next(v)).collect();
        let mut suits = CoinSuits::default();
        for (i, s) in suits.stacks.iter_mut().enumerate() {
            *s = dealt_suits[8 * i..8 * i + 8]
                .iter()
                .rev()
                .copied()
                .collect();
        }
        let rat = maze.start()[start.min(1)];
        let starts = Some(maze.start());
        Ok(RatsGame {
            squares: maze.tiles.iter().flat_map(|t| t.squares()).collect(),
            exit: maze.exit(),
            dealt: Some(stacks.clone()),
            stacks,
            rat,
            piles: Vec::new(),
            moves: Vec::new(),
            harder,
            out: false,
            start: Some(rat),
            starts,
            low: [8; 3],
            suits: Some(suits),
            built: false,
        })
    }

    /// The coins on offer: each stack's showing coin.
    pub fn tops(&self) -> [Option<Rank>; 3] {
        std::array::from_fn(|i| self.stacks[i].last().copied())
    }

    /// Lay `coin` (of `suit`, where suits are kept) on the pile at `at`.
    fn put(&mut self, at: Square, coin: Rank, suit: Option<Suit>) {
        let i = match self.piles.iter().position(|(s, _)| *s == at) {
            Some(i) => i,
            None => {
                self.piles.push((at, Vec::new()));
                self.piles.len() - 1
            }
        };
        self.piles[i].1.push(coin);
        if let (Some(cs), Some(suit)) = (&mut self.suits, suit) {
            cs.piles.resize(self.piles.len(), Vec::new());
            cs.piles[i].push(suit);
        }
    }

    /// Lift the top coin of the pile at `at`, with its suit.
    fn lift(&mut self, at: Square) -> Option<(Rank, Option<Suit>)> {
        let i = self.piles.iter().position(|(s, _)| *s == at)?;
        let coin = self.piles[i].1.pop()?;
        let suit = self
            .suits
            .as_mut()
            .and_then(|cs| cs.piles.get_mut(i)?.pop());
        Some((coin, suit))
    }

    /// Whether the rat stands on a coin.
    pub fn on_coin(&self) -> bool {
        self.piles
            .iter()
            .any(|(s, p)| *s == self.rat && !p.is_empty())
    }

    fn playing(&self) -> Result<(), GameError> {
        if self.out {
            return Err("the rat is out: the game is won (`setup lab-rats` starts another)".into());
        }
        Ok(())
    }

    fn take(&mut self, stack: usize) -> Result<(Rank, Option<Suit>), GameError> {
        let s = stack_index(stack)?;
        let coin = self.stacks[s]
            .pop()
            .ok_or_else(|| GameError::rule(format!("stack {stack} is empty")))?;
        self.low[s] = self.low[s].min(self.stacks[s].len());
        let suit = self.suits.as_mut().and_then(|cs| cs.stacks[s].pop());
        Ok((coin, suit))
    }

    /// Move the rat `dir` by the coin showing on `stack` (1 to 3); a null
    /// needs `spaces`. The coin is left under the rat first.
    pub fn step(
        &mut self,
        dir: Dir,
        stack: usize,
        spaces: Option<u32>,
    ) -> Result<Event, GameError> {
        self.playing()?;
        let coin = *self
            .stacks
            .get(stack.wrapping_sub(1))
            .and_then(|s| s.last())
            .ok_or_else(|| match stack {
                1..=3 => GameError::rule(format!("stack {stack} is empty")),
                _ => GameError::word(format!("stack {stack}: the stacks are 1, 2 and 3")),
            })?;
        let n = match (coin.index(), spaces) {
            (0, Some(n)) if n >= 1 => n,
            (0, _) => return Err("a null moves any distance: say how far (move north 2 3 moves 3 squares with stack 2's null)".into()),
            (v, Some(n)) if n != u32::from(v) => {
                return Err(format!("the coin on stack {stack} shows {}: the rat moves exactly {v}", coin.code()).into());
            }
            (v, _) => u32::from(v),
        };
        let (dx, dy) = dir.unit();
        let mut to = self.rat;
        let mut out = false;
        for k in 1..=n as i32 {
            let sq = (self.rat.0 + dx * k, self.rat.1 + dy * k);
            if self.exit.contains(&sq) {
                out = true;
                break;
            }
            if !self.squares.contains(&sq) {
                return Err(format!(
                    "{} {n} leaves the maze at {}: the rat keeps to the maze's squares",
                    dir.name(),
                    square_name(sq)
                )
                .into());
            }
            to = sq;
        }
        let (_, suit) = self.take(stack)?;
        let from = self.rat;
        self.put(from, coin, suit);
        self.moves.push(Used {
            coin,
            at: from,
            stack,
        });
        if out {
            self.out = true;
            return Ok(Event::Out { dir });
        }
        self.rat = to;
        Ok(Event::Moved {
            dir,
            squares: n,
            to,
            coin,
            left: from,
        })
    }

    /// Begin on the `side` start square instead: only before any coin
    /// has left a stack.
    pub fn begin_on(&mut self, side: Side) -> Result<Event, GameError> {
        self.playing()?;
        let Some(starts) = self.starts else {
            return Err(GameError::rule(
                "this game was saved before tablemate kept both start squares: `setup lab-rats` starts one where the rat may begin on either",
            ));
        };
        if self.under_way() {
            return Err(GameError::rule(
                "the rat chooses its start square before the first coin is used: this game is under way",
            ));
        }
        let at = starts[side as usize];
        let already = self.rat == at;
        self.rat = at;
        self.start = Some(at);
        Ok(Event::Begins { side, at, already })
    }

    /// Which start square `at` is, if it is one.
    pub fn side_of(&self, at: Square) -> Option<Side> {
        let starts = self.starts?;
        Side::BOTH.into_iter().find(|&s| starts[s as usize] == at)
    }

    /// A coin has left a stack (moved the rat or been given up).
    fn under_way(&self) -> bool {
        !self.moves.is_empty() || !self.piles.is_empty()
    }

    /// The squares the rat may still begin on: both before the first
    /// coin is used (where both are known), else none.
    pub fn open_starts(&self) -> Vec<Square> {
        match self.starts {
            Some(s) if !self.under_way() && !self.out => s.to_vec(),
            _ => Vec::new(),
        }
    }

    /// Give up a coin: put stack's showing coin under the rat, unmoved.
    pub fn lose(&mut self, stack: usize) -> Result<Event, GameError> {
        self.playing()?;
        let (coin, suit) = self.take(stack)?;
        let at = self.rat;
        self.put(at, coin, suit);
        Ok(Event::Lost { coin })
    }

    /// Back up: off a coin, back to the last movement coin's square; on a
    /// coin, return it to `stack` (one with fewer than eight).
    pub fn back(&mut self, stack: Option<usize>) -> Result<Event, GameError> {
        self.playing()?;
        if self.harder {
            return Err("the harder game has no backing up".into());
        }
        if !self.on_coin() {
            if let Some(stack) = stack {
                return Err(format!(
                    "'{stack}': the rat is not on a coin, so no coin goes back to a stack; `rats back` alone backs the rat up to the last movement coin's square"
                )
                .into());
            }
            let last = self
                .moves
                .last()
                .ok_or("no coin has moved the rat yet: nothing to back up to")?;
            self.rat = last.at;
            return Ok(Event::BackedUp { to: last.at });
        }
        let Some(stack) = stack else {
            return Err("the rat sits on a coin: `rats back STACK` returns it to a stack".into());
        };
        let s = stack_index(stack)?;
        if self.stacks[s].len() >= 8 {
            return Err(format!("stack {stack} already holds eight coins").into());
        }
        let at = self.rat;
        let (coin, suit) = self.lift(at).expect("the rat is on a coin");
        if let Some(i) = self
            .moves
            .iter()
            .rposition(|u| u.at == at && u.coin == coin)
        {
            self.moves.remove(i);
        }
        self.stacks[s].push(coin);
        if let (Some(cs), Some(suit)) = (&mut self.suits, suit) {
            cs.stacks[s].push(suit);
        }
        Ok(Event::Returned { coin, stack })
    }

    /// The coin that really shows on a stack at the table: it takes the
    /// place of the one tablemate dealt there, swapped with an unseen coin
    /// of that value (one still under a top), so the stacks stay the 24.
    pub fn turned(&mut self, stack: usize, value: Rank) -> Result<Event, GameError> {
        let s = stack_index(stack)?;
        let top = self.stacks[s]
            .len()
            .checked_sub(1)
            .ok_or_else(|| GameError::rule(format!("stack {stack} is empty")))?;
        if self.stacks[s][top] == value {
            return Ok(Event::Shows {
                stack,
                value,
                already: true,
            });
        }
        // An unseen coin still where it was dealt is taken first, so the
        // deal can be corrected with it.
        let unseen = |original: bool| {
            (0..3).find_map(|t| {
                let below = self.stacks[t].len().saturating_sub(1);
                (0..below)
                    .find(|&i| self.stacks[t][i] == value && (!original || i < self.low[t]))
                    .map(|i| (t, i))
            })
        };
        let unseen = unseen(true).or_else(|| unseen(false));
        let (t, i) = unseen.ok_or_else(|| {
            GameError::rule(format!(
                "no {} is left unseen in the stacks: check the coin",
                value.code()
            ))
        })?;
        let shown = self.stacks[s][top];
        self.stacks[s][top] = value;
        self.stacks[t][i] = shown;
        // The coin on top is the one believed to lie at (t, i): its suit
        // goes with it, so no two coins are the same coin.
        if let Some(cs) = &mut self.suits {
            let (a, b) = (cs.stacks[s].get(top).copied(), cs.stacks[t].get(i).copied());
            if let (Some(a), Some(b)) = (a, b) {
                cs.stacks[s][top] = b;
                cs.stacks[t][i] = a;
            }
        }
        // Where both coins still lie as dealt, the deal is corrected too.
        if let Some(dealt) = &mut self.dealt
            && top < self.low[s]
            && i < self.low[t]
        {
            dealt[s][top] = value;
            dealt[t][i] = shown;
        }
        Ok(Event::Shows {
            stack,
            value,
            already: false,
        })
    }

    /// How many of the 24 coins are known to be where tablemate has them:
    /// all of a deal the table built as dealt, else those that have shown
    /// on a stack's top (the rest stand in for coins still hidden).
    pub fn known(&self) -> usize {
        if self.built {
            24
        } else {
            self.low.iter().map(|&l| (9 - l).min(8)).sum()
        }
    }

    /// No coin left to play and the rat not out.
    pub fn stuck(&self) -> bool {
        !self.out && self.stacks.iter().all(Vec::is_empty)
    }

    pub fn check(&self) -> Result<(), Unsound> {
        let coins = self.stacks.iter().map(Vec::len).sum::<usize>()
            + self.piles.iter().map(|(_, p)| p.len()).sum::<usize>();
        if coins != 24 {
            return Err(format!("{coins} coins in play; the game has 24").into());
        }
        let mut values = [0; 6];
        for c in self
            .stacks
            .iter()
            .flatten()
            .chain(self.piles.iter().flat_map(|(_, p)| p))
        {
            values[c.index() as usize] += 1;
        }
        if values != [4; 6] {
            return Err("the coins are not a piecepack's (four of each value)".into());
        }
        if self.stacks.iter().any(|s| s.len() > 8) {
            return Err("a stack holds more than eight coins".into());
        }
        if !self.out && !self.squares.contains(&self.rat) {
            return Err("the rat is off the maze".into());
        }
        if let Some(m) = self.moves.iter().find(|m| !(1..=3).contains(&m.stack)) {
            return Err(format!("a move took a coin from stack {}", m.stack).into());
        }
        Ok(())
    }
}

/// A stack by its number (1 to 3), as an index.
fn stack_index(stack: usize) -> Result<usize, GameError> {
    stack
        .checked_sub(1)
        .filter(|&s| s < 3)
        .ok_or_else(|| GameError::word(format!("stack {stack}: the stacks are 1, 2 and 3")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::die_rolls::DieRolls;
    use crate::random::TableRng;

    fn game(coins: &str) -> RatsGame {
        let mut rng = TableRng::new(1);
        let mut rolls = DieRolls::new(vec![], &mut rng);
        let maze = super::super::build(&mut rolls, false);
        let coins: Vec<Rank> = coins
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        RatsGame::new(&maze, &coins, 0, false).unwrap()
    }

    /// Stack 1 shows a null, stack 2 an ace, stack 3 a 2.
    const COINS: &str = "n 3 3 3 4 4 4 4 a a a a 2 2 2 5 2 5 5 5 n n n 3";

    /// The first maze square straight from the rat that way, if any.
    fn open_way(g: &RatsGame) -> Dir {
        Dir::CLOCKWISE
            .into_iter()
            .find(|d| {
                let (dx, dy) = d.unit();
                g.squares.contains(&(g.rat.0 + dx, g.rat.1 + dy))
            })
            .expect("the start has a neighbour in the maze")
    }

    #[test]
    fn a_coin_moves_the_rat_and_stays_behind() {
        let mut g = game(COINS);
        assert_eq!(
            g.tops(),
            [Some(Rank::Null), Some(Rank::Ace), Some(Rank::Two)]
        );
        let start = g.rat;
        let way = open_way(&g);
        let said = g.step(way, 2, None).unwrap().to_string();
        assert!(
            said.starts_with(&format!("the rat moved {} 1", way.name())),
            "{said}"
        );
        assert_eq!(g.piles, vec![(start, vec![Rank::Ace])]);
        assert_eq!(g.tops()[1], Some(Rank::Ace));
        // A null goes any distance, but you must say how far.
        let e = g.step(way, 1, None).unwrap_err().to_string();
        assert!(e.starts_with("a null moves any distance"), "{e}");
        // Not an exact count: refused.
        let e = g.step(way, 3, Some(1)).unwrap_err().to_string();
        assert_eq!(e, "the coin on stack 3 shows 2: the rat moves exactly 2");
        assert!(g.check().is_ok());
    }

    #[test]
    fn the_coins_at_the_table_replace_the_dealt_ones() {
        let mut g = game(COINS);
        assert_eq!(
            g.turned(1, Rank::Five).unwrap().to_string(),
            "stack 1 shows 5"
        );
        assert_eq!(g.tops()[0], Some(Rank::Five));
        assert!(g.check().is_ok());
        // Four 5s exist; showing 5s on all three stacks leaves one unseen.
        g.turned(2, Rank::Five).unwrap();
        g.turned(3, Rank::Five).unwrap();
        assert_eq!(g.tops(), [Some(Rank::Five); 3]);
        let e = g.turned(1, Rank::Four).unwrap().to_string();
        assert_eq!(e, "stack 1 shows 4");
        let mut counts = [0; 6];
        for c in g.stacks.iter().flatten() {
            counts[c.index() as usize] += 1;
        }
        assert_eq!(counts, [4; 6]);
    }

    #[test]
    fn the_deal_learns_the_coins_that_turn_up() {
        let mut g = game(COINS);
        let dealt = |g: &RatsGame| g.dealt.clone().unwrap();
        // Stack 1 shows 5 at the table, not n: the deal says so, and an
        // unseen 5 (still as dealt) took the n's place.
        g.turned(1, Rank::Five).unwrap();
        assert_eq!(dealt(&g)[0].last(), Some(&Rank::Five));
        assert_eq!(dealt(&g), g.stacks);
        // Play a coin off stack 2 and put it back on: the coin now on top
        // is no longer the one dealt there, so correcting it leaves the
        // deal alone.
        let way = open_way(&g);
        g.step(way, 2, None).unwrap();
        g.back(None).unwrap();
        g.back(Some(2)).unwrap();
        let before = dealt(&g);
        g.turned(2, Rank::Four).unwrap();
        assert_eq!(dealt(&g), before);
        let mut counts = [0; 6];
        for c in dealt(&g).iter().flatten() {
            counts[c.index() as usize] += 1;
        }
        assert_eq!(counts, [4; 6]);
    }

    #[test]
    fn backing_up_both_ways() {
        let mut g = game(COINS);
        let start = g.rat;
        let way = open_way(&g);
        g.step(way, 2, None).unwrap();
        // Off a coin: back to the last movement coin's square.
        assert_eq!(
            g.back(None).unwrap(),
            format!("the rat backed up to {}", square_name(start))
        );
        assert_eq!(g.rat, start);
        // On it now: it goes back on a stack with room.
        assert!(
            g.back(None)
                .unwrap_err()
                .to_string()
                .contains("returns it to a stack")
        );
        assert_eq!(g.back(Some(2)).unwrap(), "the a went back on stack 2");
        assert_eq!(g.stacks[1].len(), 8);
        assert!(g.moves.is_empty());
        // A stack of eight takes no more.
        g.lose(1).unwrap();
        assert_eq!(
            g.back(Some(2)).unwrap_err(),
            "stack 2 already holds eight coins"
        );
        // The harder game has no backing up.
        let mut h = game(COINS);
        h.harder = true;
        assert_eq!(
            h.back(None).unwrap_err(),
            "the harder game has no backing up"
        );
    }

    #[test]
    fn a_game_saved_with_stacks_counted_from_0_reads_counted_from_1() {
        let mut g = game(COINS);
        let way = open_way(&g);
        g.step(way, 2, None).unwrap();
        let now = serde_json::to_value(&g).unwrap();
        assert_eq!(now["moves"][0]["stack"], 2);
        assert!(now.get("used").is_none());
        let mut old = now.clone();
        let fields = old.as_object_mut().unwrap();
        let mut moves = fields.remove("moves").unwrap();
        moves[0]["stack"] = 1.into();
        fields.insert("used".into(), moves);
        let read: RatsGame = serde_json::from_value(old).unwrap();
        assert_eq!(read, g);
        // Anything else about it is still refused.
        let mut bad = now;
        bad["moves"][0]["stack"] = "two".into();
        assert!(serde_json::from_value::<RatsGame>(bad).is_err());
    }

    #[test]
    fn leaving_the_maze_is_refused_and_the_exit_wins() {
        let mut g = game(COINS);
        // Some way leads off the maze at once from the start.
        let off = Dir::CLOCKWISE
            .into_iter()
            .find(|d| {
                let (dx, dy) = d.unit();
                let sq = (g.rat.0 + dx, g.rat.1 + dy);
                !g.squares.contains(&sq) && !g.exit.contains(&sq)
            })
            .unwrap();
        let e = g.step(off, 2, None).unwrap_err().to_string();
        assert!(e.contains("leaves the maze"), "{e}");
        // Next to the exit, any long enough move goes out.
        let mut g = game(COINS);
        let exit = g.exit[0];
        g.rat = *g
            .squares
            .iter()
            .find(|&&s| {
                Dir::CLOCKWISE.iter().any(|d| {
                    let (dx, dy) = d.unit();
                    (s.0 + dx, s.1 + dy) == exit
                })
            })
            .unwrap();
        let way = Dir::CLOCKWISE
            .into_iter()
            .find(|d| {
                let (dx, dy) = d.unit();
                (g.rat.0 + dx, g.rat.1 + dy) == exit
            })
            .unwrap();
        assert_eq!(
            g.step(way, 1, Some(5)).unwrap(),
            format!("the rat ran {} out through the exit: you win", way.name())
        );
        assert!(g.out);
    }
}
