//! Slides of Action followed move by move: the 15-puzzle slide, the
//! no-slide-back rule, the win, and a searching opponent. Pure: the
//! dispatcher keeps the game in the store.
//!
//! A move names the coin farthest from the gap that slides: it and the
//! coins between it and the gap (one to three coins, in the gap's row or
//! column) move one space toward the gap, which ends where that coin was.

use serde::{Deserialize, Serialize};

use super::events::{Event, Warning, Won};
use super::seating::START;
use crate::games::cell::{Cell, cell_name};
use crate::games::error::{GameError, Unsound};
use crate::pieces::Suit;
use crate::random::TableRng;

pub type Grid = [[Option<Suit>; 4]; 4];

/// A game in progress, in the form the store keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlidesGame {
    /// Rows top first: a suit letter per coin, `_` for the gap.
    pub board: Vec<String>,
    /// The suits that take turns, in turn order (Arms is left out with two
    /// players: it is neutral).
    pub turns: Vec<Suit>,
    /// Index into `turns` of the suit to move.
    pub next: usize,
    /// Where the gap was before the last move: moving it straight back
    /// would be a slide back.
    pub before: Option<(usize, usize)>,
    /// At most one diagonal link counts toward a win.
    pub harder: bool,
    /// The suit tablemate plays, if any.
    pub computer: Option<Suit>,
    /// The moves made, as typed (`r4c2`).
    pub moves: Vec<String>,
    pub winner: Option<Suit>,
    /// Every position reached, the start included (the board and the suit
    /// to move), for the draw by repetition.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seen: Vec<String>,
    /// Drawn: a position came up for the third time (our interpretation).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drawn: bool,
    /// Who plays which suit, where the table was seated when it was set up
    /// (none: players are known by their suits).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub people: Vec<Person>,
    /// How far tablemate looks ahead as the opponent (`Level`); games
    /// saved before it was kept play the strongest.
    #[serde(default, skip_serializing_if = "Level::is_strongest")]
    pub level: Level,
    /// Warn a player whose move lets another suit win on its next turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub coach: bool,
}

/// The opponent's strength, by how far it looks ahead: 1 not at all (it
/// takes a win it has, else any move: one picked by the position, so a
/// replay makes it again), 2 its own move (the one that leaves its coins
/// closest), 3 (the default) four moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Level(pub u8);

impl Default for Level {
    fn default() -> Level {
        Level(3)
    }
}

impl Level {
    pub fn is_strongest(&self) -> bool {
        self.0 >= 3
    }

    /// Plies searched (0: none).
    fn depth(self) -> u32 {
        match self.0 {
            0 | 1 => 0,
            2 => 1,
            _ => DEPTH,
        }
    }
}

/// A person at the table and the suit they play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Person {
    pub name: String,
    pub suit: Suit,
}

/// The start position's rows, as a game keeps them.
pub fn start_board() -> Vec<String> {
    rows_of(&START)
}

/// How many times the same position ends the game in a draw.
pub const REPEATS_TO_DRAW: usize = 3;

/// A position as `seen` keeps it: the rows and the suit to move.
fn position(g: &Grid, to_move: Suit) -> String {
    format!("{}:{}", rows_of(g).join("/"), to_move.letter())
}

fn grid_of(rows: &[String]) -> Option<Grid> {
    let mut g: Grid = [[None; 4]; 4];
    if rows.len() != 4 {
        return None;
    }
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().collect();
        if cells.len() != 4 {
            return None;
        }
        for (c, ch) in cells.into_iter().enumerate() {
            g[r][c] = match ch {
                '_' => None,
                other => Some(other.to_string().parse::<Suit>().ok()?),
            };
        }
    }
    Some(g)
}

fn rows_of(g: &Grid) -> Vec<String> {
    g.iter()
        .map(|r| r.iter().map(|c| c.map_or('_', |s| s.letter())).collect())
        .collect()
}

fn gap(g: &Grid) -> (usize, usize) {
    (0..16)
        .map(|i| (i / 4, i % 4))
        .find(|&(r, c)| g[r][c].is_none())
        .expect("a board has one gap")
}

/// `r2c3` as (1, 2).
pub fn parse_cell(w: &str) -> Result<Cell, GameError> {
    let bad = || {
        GameError::word(format!(
            "'{w}' is not a square: rows and columns 1 to 4, like r4c3"
        ))
    };
    let lower = w.to_ascii_lowercase();
    let rest = lower.strip_prefix('r').ok_or_else(bad)?;
    let (r, c) = rest.split_once('c').ok_or_else(bad)?;
    let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    if !(1..=4).contains(&r) || !(1..=4).contains(&c) {
        return Err(bad());
    }
    Ok((r - 1, c - 1))
}

/// The legal moves: each coin one to three spaces from the gap in its row
/// or column, except the one that slides back the last move.
/// The move to offer in words, legal now (#78: `slides move r4c1` was
/// offered after r4c1 became the gap): the coin farthest from the gap,
/// which slides the whole line (the one lower down on a tie), as
/// `slides move r4c1`.
pub fn move_offered(g: &Grid, before: Option<Cell>) -> Option<String> {
    let (gr, gc) = gap(g);
    moves(g, before)
        .into_iter()
        .max_by_key(|&(r, c)| (r.abs_diff(gr) + c.abs_diff(gc), r, c))
        .map(|at| format!("`slides move {}`", crate::games::cell::cell_name(at)))
}

pub fn moves(g: &Grid, before: Option<Cell>) -> Vec<Cell> {
    let (gr, gc) = gap(g);
    let mut out = Vec::new();
    for r in 0..4 {
        if r != gr {
            out.push((r, gc));
        }
    }
    for c in 0..4 {
        if c != gc {
            out.push((gr, c));
        }
    }
    out.retain(|&m| Some(m) != before);
    out
}

fn slide(g: &Grid, to: (usize, usize)) -> Grid {
    let mut g = *g;
    let (gr, gc) = gap(&g);
    let (tr, tc) = to;
    if tr == gr {
        if tc < gc {
            for c in (tc..gc).rev() {
                g[gr][c + 1] = g[gr][c];
            }
        } else {
            for c in gc..tc {
                g[gr][c] = g[gr][c + 1];
            }
        }
    } else if tr < gr {
        for r in (tr..gr).rev() {
            g[r + 1][gc] = g[r][gc];
        }
    } else {
        for r in gr..tr {
            g[r][gc] = g[r + 1][gc];
        }
    }
    g[tr][tc] = None;
    g
}

/// Whether a suit's five coins form one group, orthogonal or diagonal
/// links alike; with `harder`, at most one of the links may be diagonal.
pub fn connected(g: &Grid, suit: Suit, harder: bool) -> bool {
    let cells: Vec<(usize, usize)> = (0..16)
        .map(|i| (i / 4, i % 4))
        .filter(|&(r, c)| g[r][c] == Some(suit))
        .collect();
    let groups = |diagonal: bool| -> Vec<usize> {
        // Union by flood fill: a group number per coin.
        let mut group = vec![usize::MAX; cells.len()];
        let mut n = 0;
        for start in 0..cells.len() {
            if group[start] != usize::MAX {
                continue;
            }
            let mut stack = vec![start];
            group[start] = n;
            while let Some(i) = stack.pop() {
                for j in 0..cells.len() {
                    let (dr, dc) = (
                        cells[i].0.abs_diff(cells[j].0),
                        cells[i].1.abs_diff(cells[j].1),
                    );
                    let touch = dr + dc == 1 || (diagonal && dr == 1 && dc == 1);
                    if touch && group[j] == usize::MAX {
                        group[j] = n;
                        stack.push(j);
                    }
                }
            }
            n += 1;
        }
        group
    };
    let all = groups(true);
    if all.iter().any(|&g| g != 0) {
        return false;
    }
    if !harder {
        return true;
    }
    // Orthogonal groups: one, or two joined by a single diagonal link.
    let orth = groups(false);
    let count = orth.iter().max().map_or(0, |m| m + 1);
    count <= 2
}

/// Who wins after `mover` moved to make `g`, if anyone: the mover when
/// their own suit, or two or more suits, are connected; otherwise the one
/// suit connected (Arms, neutral with two players, wins for the mover).
fn winner(g: &Grid, mover: Suit, turns: &[Suit], harder: bool) -> Option<Suit> {
    let done: Vec<Suit> = [Suit::Arms, Suit::Crowns, Suit::Suns]
        .into_iter()
        .filter(|&s| connected(g, s, harder))
        .collect();
    match done.as_slice() {
        [] => None,
        [one] if turns.contains(one) => Some(*one),
        _ => Some(mover),
    }
}

impl SlidesGame {
    /// A game from the start position, the suits moving in `turns` order.
    pub fn new(turns: Vec<Suit>, harder: bool, computer: Option<Suit>) -> SlidesGame {
        SlidesGame {
            board: rows_of(&START),
            seen: vec![position(&START, turns[0])],
            turns,
            next: 0,
            before: None,
            harder,
            computer,
            moves: Vec::new(),
            winner: None,
            drawn: false,
            people: Vec::new(),
            level: Level::default(),
            coach: false,
        }
    }

    /// Who plays `suit`, in words: `ann (Crowns)`, or the suit alone where
    /// no one at the table is seated on it (tablemate's suit among them).
    pub fn who(&self, suit: Suit) -> String {
        match self.people.iter().find(|p| p.suit == suit) {
            Some(p) => format!("{} ({})", p.name, suit.name()),
            None => suit.name().to_string(),
        }
    }

    /// Take up a game in progress at the table: `board` as it stands
    /// (rows split by `/`), `next` to move (the first in turn if none).
    /// The slide before it is not known, so any slide is allowed first.
    pub fn resume(&mut self, board: &str, next: Option<Suit>) -> Result<(), GameError> {
        let rows: Vec<String> = board
            .split('/')
            .map(|r| {
                r.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<String>()
                    .to_uppercase()
            })
            .collect();
        let g = grid_of(&rows).ok_or_else(|| {
            GameError::word(format!(
                "'board={board}': 4 rows of 4 squares, each A, C, S or _ (the gap), split by /"
            ))
        })?;
        let game = SlidesGame {
            board: rows_of(&g),
            ..self.clone()
        };
        if g.iter().flatten().filter(|c| c.is_none()).count() != 1 {
            return Err(GameError::word(format!(
                "'board={board}': the board has one gap, _"
            )));
        }
        game.check()
            .map_err(|e| GameError::word(format!("'board={board}': {}", e.0)))?;
        if let Some(done) = [Suit::Arms, Suit::Crowns, Suit::Suns]
            .into_iter()
            .find(|&s| connected(&g, s, self.harder))
        {
            return Err(GameError::rule(format!(
                "on that board {} is already joined: the game is over",
                done.name()
            )));
        }
        let next = match next {
            None => 0,
            Some(s) => self.turns.iter().position(|&t| t == s).ok_or_else(|| {
                GameError::word(format!(
                    "'next={}': {} takes no turns in this game",
                    s.letter(),
                    s.name()
                ))
            })?,
        };
        *self = SlidesGame {
            next,
            seen: vec![position(&g, self.turns[next])],
            ..game
        };
        Ok(())
    }

    /// Won or drawn.
    pub fn over(&self) -> bool {
        self.winner.is_some() || self.drawn
    }

    /// How often the position after sliding to `to` has come up before.
    fn times_seen(&self, after: &Grid) -> usize {
        let key = position(after, self.turns[(self.next + 1) % self.turns.len()]);
        self.seen.iter().filter(|k| **k == key).count()
    }

    pub fn grid(&self) -> Grid {
        grid_of(&self.board).expect("a checked board")
    }

    pub fn to_move(&self) -> Suit {
        self.turns[self.next % self.turns.len()]
    }

    /// Everything a saved game must be; Err says what is wrong.
    pub fn check(&self) -> Result<(), Unsound> {
        for (i, p) in self.people.iter().enumerate() {
            if let Some(why) = crate::people::problem(&p.name) {
                return Err(Unsound(format!("a player's name: {why}")));
            }
            if self.people[..i].iter().any(|q| q.suit == p.suit) {
                return Err(Unsound(format!("two players play {}", p.suit.name())));
            }
        }
        let g = grid_of(&self.board).ok_or("the board is not 4 rows of 4 squares")?;
        for s in [Suit::Arms, Suit::Crowns, Suit::Suns] {
            if g.iter().flatten().filter(|c| **c == Some(s)).count() != 5 {
                return Err(format!("the board does not hold five {} coins", s.name()).into());
            }
        }
        if self.turns.is_empty() || self.next >= self.turns.len() {
            return Err("no one is to move".into());
        }
        Ok(())
    }

    /// Slide the coins up to `to` into the gap, for the suit to move.
    pub fn play(&mut self, to: Cell) -> Result<Event, GameError> {
        if let Some(w) = self.winner {
            return Err(format!(
                "the game is over: {} won (`setup slides` starts another)",
                w.name()
            )
            .into());
        }
        if self.drawn {
            return Err(
                "the game is over: drawn, the same position came up three times (`setup slides` starts another)"
                    .into(),
            );
        }
        let g = self.grid();
        let (gr, gc) = gap(&g);
        if to == (gr, gc) {
            return Err(format!(
                "{} is the gap itself: name a coin that slides",
                cell_name(to)
            )
            .into());
        }
        if to.0 != gr && to.1 != gc {
            return Err(format!(
                "{} is not in the gap's row or column ({}): coins slide straight into the gap",
                cell_name(to),
                cell_name((gr, gc))
            )
            .into());
        }
        if Some(to) == self.before {
            return Err(format!(
                "no slide backs: that puts back the coins the last move slid (the gap was on {})",
                cell_name(to)
            )
            .into());
        }
        let n = to.0.abs_diff(gr) + to.1.abs_diff(gc);
        let mover = self.to_move();
        let after = slide(&g, to);
        self.board = rows_of(&after);
        self.before = Some((gr, gc));
        self.moves.push(cell_name(to));
        self.winner = winner(&after, mover, &self.turns, self.harder);
        self.next = (self.next + 1) % self.turns.len();
        let key = position(&after, self.to_move());
        let times = 1 + self.seen.iter().filter(|k| **k == key).count();
        self.seen.push(key);
        self.drawn = self.winner.is_none() && times >= REPEATS_TO_DRAW;
        let won = self.winner.map(|winner| Won {
            joined: [Suit::Arms, Suit::Crowns, Suit::Suns]
                .into_iter()
                .filter(|&s| connected(&after, s, self.harder))
                .collect(),
            winner,
        });
        Ok(Event::Slid {
            suit: mover,
            coins: n,
            from: to,
            tablemate: false,
            won,
            drawn: self.drawn,
        })
    }

    /// The move tablemate makes for the suit to move: a search a few moves
    /// deep, each side taking its best (the others against it with three
    /// players), scoring how close each suit's coins are. A move to a
    /// position seen before is taken only when every move repeats (and
    /// then the least repeated), so two computer sides never circle.
    pub fn best_move(&self) -> Cell {
        self.best_move_at(self.level)
    }

    /// The move tablemate makes at `level` (see `Level`).
    pub fn best_move_at(&self, level: Level) -> Cell {
        let me = self.to_move();
        let g = self.grid();
        let options = moves(&g, self.before);
        if level.depth() == 0 {
            // No look-ahead: a win if there is one, else a move picked by
            // the position (the same every time it comes up).
            return self.winning_move().unwrap_or_else(|| {
                let key = position(&g, me);
                let pick = key.bytes().fold(self.moves.len() as u64, |h, b| {
                    h.wrapping_mul(0x100_0000_01b3) ^ u64::from(b)
                });
                options[(pick % options.len() as u64) as usize]
            });
        }
        let mut best = ((0, i32::MIN), options[0]);
        for &m in &options {
            let after = slide(&g, m);
            let fresh = usize::MAX - self.times_seen(&after);
            let v = value(
                &after,
                Some(gap(&g)),
                me,
                &self.turns,
                (self.next + 1) % self.turns.len(),
                level.depth() - 1,
                self.harder,
            );
            // A win now counts whatever it repeats.
            let wins_now = winner(&after, me, &self.turns, self.harder) == Some(me);
            let fresh = if wins_now { usize::MAX } else { fresh };
            if (fresh, v) > best.0 {
                best = ((fresh, v), m);
            }
        }
        best.1
    }

    /// A move by which the suit to move wins at once, if it has one.
    pub fn winning_move(&self) -> Option<Cell> {
        let me = self.to_move();
        let g = self.grid();
        moves(&g, self.before)
            .into_iter()
            .find(|&m| winner(&slide(&g, m), me, &self.turns, self.harder) == Some(me))
    }

    /// The coach on a move about to be made from here (`self` before it):
    /// when it lets the next suit win at once, that suit, its winning
    /// square and a move that would not have (if any). Nothing when the
    /// move wins or leaves no such win.
    pub fn warning(&self, at: Cell) -> Option<Warning> {
        let mut after = self.clone();
        after.play(at).ok()?;
        if after.over() {
            return None;
        }
        let by = after.winning_move()?;
        let safe = moves(&self.grid(), self.before).into_iter().find(|&m| {
            let mut other = self.clone();
            other.play(m).is_ok() && (other.over() || other.winning_move().is_none())
        });
        Some(Warning {
            suit: after.to_move(),
            by,
            instead: safe,
        })
    }

    /// A legal move at random (for testing the opponent).
    pub fn random_move(&self, rng: &mut TableRng) -> Cell {
        let options = moves(&self.grid(), self.before);
        options[rng.below(options.len() as u64) as usize]
    }
}

/// Plies the opponent looks ahead.
const DEPTH: u32 = 4;
const WIN: i32 = 100_000;

/// How spread out a suit's coins are: the sum of distances (king moves)
/// from each coin to the others; 0 is impossible, smaller is closer.
fn spread(g: &Grid, s: Suit) -> i32 {
    let cells: Vec<(usize, usize)> = (0..16)
        .map(|i| (i / 4, i % 4))
        .filter(|&(r, c)| g[r][c] == Some(s))
        .collect();
    let mut total = 0;
    for (i, a) in cells.iter().enumerate() {
        for b in &cells[i + 1..] {
            total += a.0.abs_diff(b.0).max(a.1.abs_diff(b.1)) as i32;
        }
    }
    total
}

/// The position for `me`: my coins close, the others' apart.
fn evaluate(g: &Grid, me: Suit, turns: &[Suit]) -> i32 {
    let others: i32 = turns
        .iter()
        .filter(|&&s| s != me)
        .map(|&s| spread(g, s))
        .sum();
    others - spread(g, me) * (turns.len() as i32 - 1)
}

/// The value of `g` for `me`, `turns[next]` to move: the mover takes
/// its best; everyone but `me` plays against `me` (a paranoid search, so
/// with three players tablemate assumes the other two gang up). A sooner
/// win is worth more, a later loss less.
fn value(
    g: &Grid,
    before: Option<(usize, usize)>,
    me: Suit,
    turns: &[Suit],
    next: usize,
    depth: u32,
    harder: bool,
) -> i32 {
    let moved = turns[(next + turns.len() - 1) % turns.len()];
    if let Some(w) = winner(g, moved, turns, harder) {
        let v = WIN + depth as i32;
        return if w == me { v } else { -v };
    }
    if depth == 0 {
        return evaluate(g, me, turns);
    }
    let gp = gap(g);
    let values = moves(g, before).into_iter().map(|m| {
        value(
            &slide(g, m),
            Some(gp),
            me,
            turns,
            (next + 1) % turns.len(),
            depth - 1,
            harder,
        )
    });
    let best = if turns[next] == me {
        values.max()
    } else {
        values.min()
    };
    best.unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::slides::seating::suits_in_play;

    fn g(rows: &str) -> Grid {
        let rows: Vec<String> = rows.split('/').map(|r| r.trim().replace(' ', "")).collect();
        grid_of(&rows).unwrap()
    }

    #[test]
    fn a_slide_moves_up_to_three_coins() {
        let mut game = SlidesGame::new(suits_in_play(3), false, None);
        // The gap starts at r4c4; naming r4c1 slides three coins right.
        let said = game.play((3, 0)).unwrap();
        assert_eq!(said.to_string(), "Arms slid 3 coins from r4c1 into the gap");
        assert_eq!(game.board[3], "_ACS");
        // Sliding them straight back is refused.
        let e = game.play((3, 3)).unwrap_err().to_string();
        assert!(e.starts_with("no slide backs"), "{e}");
        let e = game.play((1, 2)).unwrap_err().to_string();
        assert!(e.contains("not in the gap's row or column"), "{e}");
        assert!(game.play((0, 0)).is_ok());
    }

    #[test]
    fn connections_and_the_harder_variant() {
        // Suns in an L with one diagonal step: connected; under the harder
        // variant one diagonal link is allowed.
        let b = g("S S _ A / A C S A / C A S C / C A C A");
        assert!(connected(&b, Suit::Suns, false));
        assert!(connected(&b, Suit::Suns, true));
        // Two diagonal links: connected, but not under the variant.
        let b = g("S A C A / A S C A / C A S C / C A S S");
        assert!(connected(&b, Suit::Suns, false));
        assert!(!connected(&b, Suit::Suns, true));
        assert!(!connected(
            &g("S A C A / A C S A / C S A C / A C S _"),
            Suit::Suns,
            false
        ));
    }

    #[test]
    fn the_mover_wins_a_simultaneous_connection() {
        // Crowns and Suns both connected after Arms moved: Arms (the mover)
        // wins, though neither group is its own.
        let b = g("C C C A / C C S A / S S S A / S A A _");
        let turns = [Suit::Arms, Suit::Crowns, Suit::Suns];
        assert_eq!(winner(&b, Suit::Arms, &turns, false), Some(Suit::Arms));
        // One group only: its owner wins, whoever moved.
        let b = g("C C C A / C C A S / A S A S / A S _ S");
        assert_eq!(winner(&b, Suit::Suns, &turns, false), Some(Suit::Crowns));
        // Neutral Arms connected with two players: a win for the mover.
        let b = g("A A A C / A A S C / S C S C / S C S _");
        assert_eq!(
            winner(&b, Suit::Crowns, &[Suit::Crowns, Suit::Suns], false),
            Some(Suit::Crowns)
        );
    }

    #[test]
    fn the_opponent_beats_random_play() {
        let mut won = 0;
        for seed in 0..100 {
            let mut rng = TableRng::new(seed);
            let mut game = SlidesGame::new(suits_in_play(2), false, Some(Suit::Suns));
            for _ in 0..300 {
                if game.winner.is_some() {
                    break;
                }
                let m = if game.to_move() == Suit::Suns {
                    game.best_move()
                } else {
                    game.random_move(&mut rng)
                };
                game.play(m).unwrap();
            }
            won += usize::from(game.winner == Some(Suit::Suns));
        }
        assert!(won >= 95, "won {won} of 100");
    }

    /// The gap walked round the bottom-right 2x2 square turns its three
    /// coins; twelve slides bring back the start with the same suit to
    /// move, so the start's third coming is slide 24: drawn (our
    /// interpretation), and no move is taken after.
    #[test]
    fn a_third_repetition_draws() {
        // The harder variant, so that no suit joins on the way.
        let mut game = SlidesGame::new(suits_in_play(2), true, None);
        let round = [(3, 2), (2, 2), (2, 3), (3, 3)];
        for i in 0..24 {
            assert!(
                !game.over(),
                "over after {i} slides: {:?} {:?} {}",
                game.winner,
                game.board,
                game.drawn
            );
            let said = game.play(round[i % 4]).unwrap();
            assert_eq!(said.to_string().ends_with("drawn"), i == 23, "{said}");
        }
        assert!(game.drawn && game.winner.is_none());
        assert_eq!(
            game.play((3, 2)).unwrap_err().to_string(),
            "the game is over: drawn, the same position came up three times (`setup slides` starts another)"
        );
    }

    /// Two computer sides never circle: where a fresh position is to be
    /// had, they take it.
    #[test]
    fn the_computer_avoids_a_repeated_position() {
        let mut game = SlidesGame::new(suits_in_play(2), false, None);
        for _ in 0..60 {
            if game.over() {
                break;
            }
            let m = game.best_move();
            game.play(m).unwrap();
        }
        assert!(!game.drawn, "{:?}", game.moves);
    }

    /// The coach's warning is exact: a move is warned of exactly when
    /// the next suit then has a winning move, that move wins for it, and
    /// the move offered instead leaves no such win (checked over random
    /// games, every move of every position).
    #[test]
    fn a_warning_is_given_exactly_when_the_next_suit_can_win() {
        let mut rng = TableRng::new(49);
        let mut warned = 0;
        for _ in 0..40 {
            let mut game = SlidesGame::new(suits_in_play(2), false, None);
            while !game.over() && game.moves.len() < 40 {
                for m in moves(&game.grid(), game.before) {
                    let mut after = game.clone();
                    after.play(m).unwrap();
                    let can_win = !after.over() && after.winning_move().is_some();
                    let w = game.warning(m);
                    assert_eq!(w.is_some(), can_win);
                    if let Some(w) = w {
                        warned += 1;
                        assert_eq!(w.suit, after.to_move());
                        let mut won = after.clone();
                        won.play(w.by).unwrap();
                        assert_eq!(won.winner, Some(w.suit));
                        if let Some(i) = w.instead {
                            let mut safe = game.clone();
                            safe.play(i).unwrap();
                            assert!(safe.over() || safe.winning_move().is_none());
                        }
                    }
                }
                let m = game.random_move(&mut rng);
                game.play(m).unwrap();
            }
        }
        assert!(warned > 20, "{warned}");
    }

    /// A weaker level looks less far ahead: level 1 takes a win when it
    /// has one, as every level does.
    #[test]
    fn every_level_takes_a_win_it_has() {
        let mut rng = TableRng::new(3);
        let mut seen = 0;
        for _ in 0..60 {
            let mut game = SlidesGame::new(suits_in_play(2), false, None);
            while !game.over() && game.moves.len() < 40 {
                if game.winning_move().is_some() {
                    seen += 1;
                    for level in 1..=3 {
                        let mut g = game.clone();
                        g.play(g.best_move_at(Level(level))).unwrap();
                        assert_eq!(g.winner, Some(game.to_move()), "level {level}");
                    }
                }
                let m = game.random_move(&mut rng);
                game.play(m).unwrap();
            }
        }
        assert!(seen > 5, "{seen}");
    }

    /// Each level against the ones below it, the first two moves at
    /// random (for variety) and sides alternating: the stronger wins more
    /// games than it loses. 12 games a pairing; the guide's figures are
    /// 120 (`TABLEMATE_FULL_PROOFS=1 cargo test --profile profiling --lib
    /// levels_against_each_other -- --nocapture`).
    #[test]
    fn levels_against_each_other() {
        let games = crate::proof_sample(12, 120);
        let mut rng = TableRng::new(11);
        for (strong, weak) in [(3u8, 1u8), (3, 2), (2, 1)] {
            let (mut won, mut lost, mut other) = (0, 0, 0);
            for n in 0..games {
                let mut game = SlidesGame::new(suits_in_play(2), false, None);
                let strong_suit = game.turns[n % 2];
                for _ in 0..2 {
                    let m = game.random_move(&mut rng);
                    game.play(m).unwrap();
                }
                while !game.over() && game.moves.len() < 120 {
                    let level = if game.to_move() == strong_suit {
                        strong
                    } else {
                        weak
                    };
                    let m = game.best_move_at(Level(level));
                    game.play(m).unwrap();
                }
                match game.winner {
                    Some(s) if s == strong_suit => won += 1,
                    Some(_) => lost += 1,
                    None => other += 1,
                }
            }
            println!(
                "level {strong} against {weak}: won {won}, lost {lost}, drawn or unfinished {other}"
            );
            assert!(
                won > lost,
                "level {strong} against {weak}: won {won}, lost {lost}, drawn or unfinished {other}"
            );
        }
    }
}
