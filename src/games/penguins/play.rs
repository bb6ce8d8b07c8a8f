//! Penguin's Night Out followed turn by turn: the board as dominoes at
//! grid places (each half a square), penguins, buddy tokens, the move with
//! its stopping rules, doubles, the alteration (stun, buddies, relocating a
//! domino), turn order and the win. No I/O: dice come in as numbers.
//!
//! Squares are (row, column) from (1, 1) at the top left; a domino lies
//! across (its second half to the east) or down (to the south). After a
//! relocation the board is shifted so its top-left square is r1c1 again.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::squares::{Sq, parse_sq, sq_name, step};
use crate::games::compass::Dir;
use crate::games::error::{GameError, Unsound};
use crate::pieces::Domino;

/// A domino on the table: `a` on its first half at `at`, `b` on the
/// second, east of it (across) or south (down).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Laid {
    pub a: u8,
    pub b: u8,
    pub at: Sq,
    pub down: bool,
}

impl Laid {
    pub fn squares(&self) -> [Sq; 2] {
        let (r, c) = self.at;
        [self.at, if self.down { (r + 1, c) } else { (r, c + 1) }]
    }

    pub fn domino(&self) -> Domino {
        Domino::new(self.a, self.b)
    }

    /// The number on square `s` of this domino.
    fn pips(&self, s: Sq) -> Option<u8> {
        let [x, y] = self.squares();
        if s == x {
            Some(self.a)
        } else if s == y {
            Some(self.b)
        } else {
            None
        }
    }

    /// `3-5@r1c1` across, `3-5@r1c1v` down: the layout notation.
    pub fn code(&self) -> String {
        format!(
            "{}-{}@{}{}",
            self.a,
            self.b,
            sq_name(self.at),
            if self.down { "v" } else { "" }
        )
    }
}

impl std::str::FromStr for Laid {
    type Err = GameError;
    /// `A-B@rRcC` across, with `v` (or `d`) after for down, `h` allowed.
    fn from_str(word: &str) -> Result<Laid, GameError> {
        let bad = || {
            GameError::word(format!(
                "'{word}' is not a laid domino: write NUMBERS@SQUARE, like 3-5@r1c1 (across) or 3-5@r2c4v (down)"
            ))
        };
        let (nums, place) = word.split_once('@').ok_or_else(bad)?;
        let (a, b) = nums.split_once('-').ok_or_else(bad)?;
        let (a, b): (u8, u8) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
        let lower = place.to_ascii_lowercase();
        let (sq, down) = match lower.strip_suffix(['v', 'd']) {
            Some(s) => (s, true),
            None => (lower.strip_suffix('h').unwrap_or(&lower), false),
        };
        let at = parse_sq(sq).ok_or_else(bad)?;
        Ok(Laid { a, b, at, down })
    }
}

/// A player's penguin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Penguin {
    pub nest: Domino,
    /// Its square; `None` while it still stands on the middle of its nest
    /// domino, where it was placed.
    pub at: Option<Sq>,
    pub carrying: u8,
    pub stunned: bool,
    /// Where it ended its last turn on another player's buddy token (that
    /// token's index): it may not end this turn there again.
    pub rested: Option<(Sq, usize)>,
}

/// A buddy token: whose, and where (`None`: carried by its penguin).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Buddy {
    pub owner: usize,
    pub at: Option<Sq>,
}

/// Where a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Buddy tokens are being placed (the next one is `placing`).
    Place,
    /// The player to move rolls one die.
    Roll,
    /// Rolled: the route comes next.
    Move,
    /// Moved: buddies may be nudged (doubles), then the board altered.
    Moved,
    /// Altered: the rights the two dice gave, then `done`.
    Altered,
    Over,
}

/// What this turn still allows besides ending it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rights {
    /// Own buddies that may each move one space (ending on a double).
    pub nudges: u8,
    /// Buddy tokens moved this turn (each moves at most once).
    pub moved: Vec<usize>,
    /// Buddy tokens (indices) on the selected domino, each may move once.
    pub shift: Vec<usize>,
    /// The selected domino, vacant, may be relocated.
    pub relocate: Option<Domino>,
    /// The mover stands on the selected domino: any vacant domino may be
    /// relocated (once).
    pub relocate_any: bool,
}

/// The game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Night {
    pub board: Vec<Laid>,
    pub penguins: Vec<Penguin>,
    pub buddies: Vec<Buddy>,
    pub to_move: usize,
    pub phase: Phase,
    /// Buddy tokens placed so far (in placing order).
    pub placed: usize,
    pub roll: Option<u8>,
    #[serde(default)]
    pub rights: Rights,
    /// Numbers on the dice: 6, or 9 on Elbow Room's ten-siders.
    pub top: u8,
    pub winner: Option<usize>,
    /// The table's players in player order, where the table was seated
    /// when it was set up (none: players are known by number).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub people: Vec<String>,
}

/// Who holds player i's two buddy tokens (0-based): the two players on
/// the left; with two players, both go to the opponent.
pub fn buddy_holders(i: usize, players: usize) -> [usize; 2] {
    if players == 2 {
        [1 - i, 1 - i]
    } else {
        [(i + 1) % players, (i + 2) % players]
    }
}

/// The order buddy tokens are placed in: round the table from player 1,
/// each placing one token they were given, until all are down. Returns
/// (placer, token index).
pub fn placing_order(players: usize) -> Vec<(usize, usize)> {
    // Token 2i and 2i+1 belong to player i; holders per `buddy_holders`.
    let mut held: Vec<Vec<usize>> = vec![Vec::new(); players];
    for owner in 0..players {
        let holders = buddy_holders(owner, players);
        for (k, h) in holders.into_iter().enumerate() {
            held[h].push(2 * owner + k);
        }
    }
    let mut order = Vec::new();
    let mut round = 0;
    while order.len() < 2 * players {
        for (p, tokens) in held.iter().enumerate() {
            if let Some(&t) = tokens.get(round) {
                order.push((p, t));
            }
        }
        round += 1;
    }
    order
}

impl Night {
    /// Player `i` (0-based) in words: their name where the table was
    /// seated, else `player 2`.
    pub fn who(&self, i: usize) -> String {
        self.people
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("player {}", i + 1))
    }

    /// A game on `board` with nests in player order: penguins on the
    /// middle of their nests, buddy tokens still to be placed.
    pub fn new(board: Vec<Laid>, nests: &[Domino], top: u8) -> Night {
        let players = nests.len();
        Night {
            board,
            penguins: nests
                .iter()
                .map(|&nest| Penguin {
                    nest,
                    at: None,
                    carrying: 0,
                    stunned: false,
                    rested: None,
                })
                .collect(),
            buddies: (0..2 * players)
                .map(|i| Buddy {
                    owner: i / 2,
                    at: None,
                })
                .collect(),
            to_move: 0,
            phase: Phase::Place,
            placed: 0,
            roll: None,
            rights: Rights::default(),
            people: Vec::new(),
            top,
            winner: None,
        }
    }

    fn laid_at(&self, s: Sq) -> Option<&Laid> {
        self.board.iter().find(|d| d.squares().contains(&s))
    }

    /// The number on a square, if a domino covers it.
    pub fn pips(&self, s: Sq) -> Option<u8> {
        self.laid_at(s).and_then(|d| d.pips(s))
    }

    /// The pips on the first half of `d` as it lies.
    pub fn first_pips(&self, d: Domino) -> Option<u8> {
        self.find(d).map(|i| self.board[i].a)
    }

    fn find(&self, d: Domino) -> Option<usize> {
        self.board.iter().position(|l| l.domino() == d)
    }

    /// The squares a penguin stands on: its square, or both halves of its
    /// nest while it stands on the middle.
    pub fn penguin_squares(&self, p: usize) -> Vec<Sq> {
        match self.penguins[p].at {
            Some(s) => vec![s],
            None => self
                .find(self.penguins[p].nest)
                .map(|i| self.board[i].squares().to_vec())
                .unwrap_or_default(),
        }
    }

    fn penguin_on(&self, s: Sq) -> Option<usize> {
        (0..self.penguins.len()).find(|&p| self.penguin_squares(p).contains(&s))
    }

    fn buddies_on(&self, s: Sq) -> Vec<usize> {
        (0..self.buddies.len())
            .filter(|&b| self.buddies[b].at == Some(s))
            .collect()
    }

    /// A square no penguin and no token stands on.
    fn vacant(&self, s: Sq) -> bool {
        self.pips(s).is_some() && self.penguin_on(s).is_none() && self.buddies_on(s).is_empty()
    }

    fn players(&self) -> usize {
        self.penguins.len()
    }

    /// Who places the next buddy token, and whose token it is.
    /// Who acts next: the one placing a buddy token while they are
    /// placed, else the player to move.
    pub fn actor(&self) -> usize {
        match (self.phase, self.next_placing()) {
            (Phase::Place, Some((placer, _))) => placer,
            _ => self.to_move,
        }
    }

    pub fn next_placing(&self) -> Option<(usize, usize)> {
        placing_order(self.players()).get(self.placed).copied()
    }

    // ------------------------------------------------------- placing

    /// Place the next buddy token on a vacant square.
    pub fn place(&mut self, s: Sq) -> Result<Event, GameError> {
        if self.phase != Phase::Place {
            return Err("the buddy tokens are all placed".into());
        }
        let (placer, token) = self.next_placing().expect("placing phase");
        if self.pips(s).is_none() {
            return Err(format!("{} is not on the board", sq_name(s)).into());
        }
        if !self.vacant(s) {
            return Err(format!(
                "{} is taken: a buddy token goes on a vacant square",
                sq_name(s)
            )
            .into());
        }
        self.buddies[token].at = Some(s);
        self.placed += 1;
        let said = Event::Placed {
            placer,
            owner: self.buddies[token].owner,
            at: s,
        };
        if self.next_placing().is_none() {
            self.phase = Phase::Roll;
        }
        Ok(said)
    }

    /// The vacant squares, for a placement at random.
    pub fn vacant_squares(&self) -> Vec<Sq> {
        let mut v: Vec<Sq> = self
            .board
            .iter()
            .flat_map(|d| d.squares())
            .filter(|&s| self.vacant(s))
            .collect();
        v.sort();
        v
    }

    // --------------------------------------------------------- moving

    pub fn set_roll(&mut self, v: u8) -> Result<Event, GameError> {
        self.expect(Phase::Roll, "roll")?;
        if !(1..=self.top).contains(&v) {
            return Err(format!("a die here shows 1 to {}", self.top).into());
        }
        self.roll = Some(v);
        self.phase = Phase::Move;
        Ok(Event::Rolled {
            player: self.to_move,
            roll: v,
        })
    }

    fn expect(&self, phase: Phase, what: &str) -> Result<(), GameError> {
        if self.phase == phase {
            return Ok(());
        }
        Err(GameError::Rule(match self.phase {
            Phase::Over => format!(
                "the game is over: {} won",
                self.who(self.winner.unwrap_or(0))
            ),
            Phase::Place => format!(
                "the buddy tokens are being placed first: {} ({})",
                self.placing_offered(),
                self.who(self.next_placing().map_or(0, |p| p.0))
            ),
            Phase::Roll => format!("{} rolls first: `penguins roll`", self.who(self.to_move)),
            Phase::Move => format!("the move comes first: {}", self.moves_offered()),
            Phase::Moved => {
                format!("not now ({what}): the board is altered next: `penguins alter`")
            }
            Phase::Altered => format!("not now ({what}): the turn ends with `penguins done`"),
        }))
    }

    /// Move the penguin to move along `route` (directions), starting from
    /// `from` when it stands on the middle of its nest (either half if it
    /// works from only one). Checks every stopping rule.
    pub fn walk(&mut self, from: Option<Sq>, route: &[Dir]) -> Result<Vec<Event>, GameError> {
        self.expect(Phase::Move, "move")?;
        let p = self.to_move;
        let roll = self.roll.expect("rolled");
        let starts: Vec<Sq> = match (self.penguins[p].at, from) {
            (Some(s), None) => vec![s],
            (Some(s), Some(f)) if f == s => vec![s],
            (Some(s), Some(f)) => {
                return Err(format!("the penguin is on {}, not {}", sq_name(s), sq_name(f)).into());
            }
            (None, Some(f)) => {
                if !self.penguin_squares(p).contains(&f) {
                    return Err(format!(
                        "{} is not a half of the nest {}",
                        sq_name(f),
                        self.penguins[p].nest
                    )
                    .into());
                }
                vec![f]
            }
            (None, None) => self.penguin_squares(p),
        };
        // Off the middle, the penguin has stood on both halves.
        let stood = self.penguin_squares(p);
        let tries: Vec<Result<(Sq, bool), (usize, String)>> = starts
            .iter()
            .map(|&s| self.trace(p, s, &stood, roll, route))
            .collect();
        let ok: Vec<(Sq, bool)> = tries.iter().filter_map(|t| t.clone().ok()).collect();
        let (end, picked) = match ok.as_slice() {
            [one] => *one,
            // The refusal from the start that got furthest.
            [] => {
                let why = tries
                    .into_iter()
                    .filter_map(Result::err)
                    .max_by_key(|e| e.0);
                return Err(why.expect("a reason").1.into());
            }
            _ if route.is_empty() => (starts[0], false),
            _ => {
                return Err(format!(
                    "the penguin stands on both halves of its nest: say which it leaves from (`penguins move from {} ...`)",
                    sq_name(starts[0])
                )
                .into());
            }
        };
        let mut out = Vec::new();
        if route.is_empty() {
            out.push(Event::Stayed { player: p });
        } else {
            out.push(Event::Walked {
                player: p,
                steps: route.len(),
                to: end,
                pips: self.pips(end).expect("on the board"),
            });
        }
        if picked {
            let b = (0..self.buddies.len())
                .find(|&b| self.buddies[b].owner == p && self.buddies[b].at == Some(end))
                .expect("a buddy there");
            self.buddies[b].at = None;
            self.penguins[p].carrying += 1;
            out.push(Event::PickedUp {
                carrying: self.penguins[p].carrying,
            });
        }
        // Once it leaves the middle, the penguin stands on a square.
        if !route.is_empty() || self.penguins[p].at.is_some() {
            self.penguins[p].at = Some(end);
        }
        let others = self
            .buddies_on(end)
            .into_iter()
            .find(|&b| self.buddies[b].owner != p);
        self.penguins[p].rested = others.map(|b| (end, b));
        self.phase = Phase::Moved;
        self.rights = Rights::default();
        // A double: nudge a buddy (each of them on a double of the roll).
        if let Some(&d) = self.laid_at(end)
            && d.a == d.b
        {
            let left = self.own_buddies_out(p).len() as u8;
            let n = if d.a == roll { left } else { left.min(1) };
            if n > 0 {
                self.rights.nudges = n;
                out.push(Event::Double {
                    pips: d.a,
                    each: n != 1,
                });
            }
        }
        Ok(out)
    }

    fn own_buddies_out(&self, p: usize) -> Vec<usize> {
        (0..self.buddies.len())
            .filter(|&b| self.buddies[b].owner == p && self.buddies[b].at.is_some())
            .collect()
    }

    /// Follow a route from `start` (with `stood` already stood on): where
    /// it ends and whether it picks up a buddy, or how many steps went
    /// well and the rule the next breaks.
    fn trace(
        &self,
        p: usize,
        start: Sq,
        stood: &[Sq],
        roll: u8,
        route: &[Dir],
    ) -> Result<(Sq, bool), (usize, String)> {
        let mine = self.penguins[p].carrying;
        let mut seen: HashSet<Sq> = stood.iter().copied().chain([start]).collect();
        let mut at = start;
        let mut picked = false;
        for (i, &d) in route.iter().enumerate() {
            let to = step(at, d);
            let n = i + 1;
            let stop = |why: &str| {
                format!(
                    "step {n} ({}) goes on past a stop: {why}; end the move on {}",
                    d.name(),
                    sq_name(at)
                )
            };
            if i > 0 {
                // The square stood on now ended the move, if it stops one.
                let here = self.pips(at).expect("on the board");
                if here == roll {
                    return Err((i, stop(&format!("{} shows the {roll} rolled", sq_name(at)))));
                }
                if here == 0 {
                    return Err((
                        i,
                        stop(&format!(
                            "{} is a blank: Polar Bear Gang territory, stop there or be eaten",
                            sq_name(at)
                        )),
                    ));
                }
                if picked {
                    return Err((i, stop("a buddy was picked up there")));
                }
            }
            if n > 6 {
                return Err((
                    i,
                    format!("{} steps: a move ends after six squares", route.len()),
                ));
            }
            if self.pips(to).is_none() {
                return Err((
                    i,
                    format!(
                        "step {n} ({}) leaves the board at {}",
                        d.name(),
                        sq_name(to)
                    ),
                ));
            }
            if seen.contains(&to) {
                return Err((
                    i,
                    format!(
                        "step {n} ({}) goes back to {}, stood on earlier this turn: that ends the move on {}",
                        d.name(),
                        sq_name(to),
                        sq_name(at)
                    ),
                ));
            }
            if let Some(q) = self.penguin_on(to).filter(|&q| q != p)
                && self.penguins[q].carrying > mine
            {
                return Err((
                    i,
                    format!(
                        "step {n}: player {}'s penguin on {} carries more buddies ({} to your {mine}): no passing through",
                        q + 1,
                        sq_name(to),
                        self.penguins[q].carrying
                    ),
                ));
            }
            picked = self
                .buddies_on(to)
                .iter()
                .any(|&b| self.buddies[b].owner == p);
            seen.insert(to);
            at = to;
        }
        if let Some(q) = self.penguin_on(at).filter(|&q| q != p) {
            return Err((
                route.len(),
                format!(
                    "player {}'s penguin is on {}: a move may not end on another penguin",
                    q + 1,
                    sq_name(at)
                ),
            ));
        }
        // Our reading: a penguin with nowhere else to end may stay.
        if let Some((s, b)) = self.penguins[p].rested
            && s == at
            && self.buddies[b].at == Some(s)
            && (!route.is_empty() || self.could_end_elsewhere(p, start, stood, roll))
        {
            return Err((
                route.len(),
                format!(
                    "you ended last turn on {} with player {}'s buddy: not two turns running",
                    sq_name(s),
                    self.buddies[b].owner + 1
                ),
            ));
        }
        Ok((at, picked))
    }

    /// Whether some route of one to six steps from `start` ends legally
    /// (the rule against ending on the same buddy twice gives way when
    /// none does).
    fn could_end_elsewhere(&self, p: usize, start: Sq, stood: &[Sq], roll: u8) -> bool {
        fn grow(
            g: &Night,
            p: usize,
            start: Sq,
            stood: &[Sq],
            roll: u8,
            route: &mut Vec<Dir>,
        ) -> bool {
            if !route.is_empty() {
                match g.trace(p, start, stood, roll, route) {
                    Ok(_) => return true,
                    // A route refused before its last step cannot grow.
                    Err((done, _)) if done + 1 < route.len() => return false,
                    Err(_) => {}
                }
            }
            if route.len() == 6 {
                return false;
            }
            Dir::CLOCKWISE.into_iter().any(|d| {
                route.push(d);
                let found = grow(g, p, start, stood, roll, route);
                route.pop();
                found
            })
        }
        grow(self, p, start, stood, roll, &mut Vec::new())
    }

    /// The move to offer in words, legal now (#78: a fixed example was
    /// offered where it was no move): the longest route, then staying
    /// put where that is allowed: `penguins move e e s`, or `penguins
    /// move stay`. Empty outside the move.
    pub fn moves_offered(&self) -> String {
        let routes = self.legal_routes();
        let stay = routes.iter().any(|(f, r)| f.is_none() && r.is_empty());
        let longest = routes
            .into_iter()
            .filter(|(_, r)| !r.is_empty())
            .max_by_key(|(_, r)| r.len())
            .map(|(from, route)| super::actions::PenguinAction::Move { from, route });
        match (longest, stay) {
            (Some(m), true) => format!("`penguins {m}`, or `penguins move stay`"),
            (Some(m), false) => format!("`penguins {m}`"),
            (None, _) => "`penguins move stay`".to_string(),
        }
    }

    /// A buddy's placing offered in words, on a square vacant now.
    pub fn placing_offered(&self) -> String {
        match self.vacant_squares().first() {
            Some(&s) => format!(
                "`penguins place {}` (or `penguins place` at random)",
                sq_name(s)
            ),
            None => "`penguins place`".to_string(),
        }
    }

    /// The legal moves of the penguin to move, each as where it leaves
    /// from (a half of its nest, while it stands on the middle) and its
    /// route; staying put among them when allowed.
    pub fn legal_routes(&self) -> Vec<(Option<Sq>, Vec<Dir>)> {
        if self.phase != Phase::Move {
            return Vec::new();
        }
        let p = self.to_move;
        let roll = self.roll.expect("rolled");
        let stood = self.penguin_squares(p);
        let starts: Vec<(Option<Sq>, Sq)> = match self.penguins[p].at {
            Some(s) => vec![(None, s)],
            None => stood.iter().map(|&s| (Some(s), s)).collect(),
        };
        let mut out = Vec::new();
        if self.clone().walk(None, &[]).is_ok() {
            out.push((None, Vec::new()));
        }
        fn grow(
            g: &Night,
            p: usize,
            (from, start): (Option<Sq>, Sq),
            stood: &[Sq],
            roll: u8,
            route: &mut Vec<Dir>,
            out: &mut Vec<(Option<Sq>, Vec<Dir>)>,
        ) {
            if !route.is_empty() {
                match g.trace(p, start, stood, roll, route) {
                    Ok(_) => out.push((from, route.clone())),
                    Err((done, _)) if done + 1 < route.len() => return,
                    Err(_) => {}
                }
            }
            if route.len() == 6 {
                return;
            }
            for d in Dir::CLOCKWISE {
                route.push(d);
                grow(g, p, (from, start), stood, roll, route, out);
                route.pop();
            }
        }
        for start in starts {
            grow(self, p, start, &stood, roll, &mut Vec::new(), &mut out);
        }
        out
    }

    /// Up to `most` relocations the turn allows: each domino that may
    /// move, to squares beside the board, across or down.
    pub fn legal_relocations(&self, most: usize) -> Vec<(Domino, Sq, bool)> {
        if self.phase != Phase::Altered {
            return Vec::new();
        }
        let dominoes: Vec<Domino> = match self.rights.relocate {
            Some(d) => vec![d],
            None if self.rights.relocate_any => self.board.iter().map(Laid::domino).collect(),
            None => return Vec::new(),
        };
        let covered: HashSet<Sq> = self.board.iter().flat_map(|d| d.squares()).collect();
        let mut near: Vec<Sq> = covered
            .iter()
            .flat_map(|&s| Dir::CLOCKWISE.map(|d| step(s, d)))
            .filter(|s| !covered.contains(s))
            .collect();
        near.sort();
        near.dedup();
        let mut out = Vec::new();
        for d in dominoes {
            for &to in &near {
                for down in [false, true] {
                    if out.len() >= most {
                        return out;
                    }
                    if self.clone().relocate(d, to, down, None).is_ok() {
                        out.push((d, to, down));
                    }
                }
            }
        }
        out
    }

    // ------------------------------------------------------- altering

    /// Roll two dice on the board: stun, buddy shifts, relocations.
    pub fn alter(&mut self, a: u8, b: u8) -> Result<Vec<Event>, GameError> {
        self.expect(Phase::Moved, "alter")?;
        if let Some(v) = [a, b].into_iter().find(|v| !(1..=self.top).contains(v)) {
            return Err(format!("{v}: a die here shows 1 to {}", self.top).into());
        }
        let d = Domino::new(a, b);
        let me = self.to_move;
        self.rights.nudges = 0;
        self.phase = Phase::Altered;
        let mut out = vec![Event::Altered {
            player: me,
            a,
            b,
            domino: d,
        }];
        let Some(i) = self.find(d) else {
            out.push(Event::NotOnBoard { domino: d });
            return Ok(out);
        };
        let squares = self.board[i].squares();
        let mut vacant = true;
        for p in 0..self.players() {
            if !self.penguin_squares(p).iter().any(|s| squares.contains(s)) {
                continue;
            }
            vacant = false;
            if p == me {
                self.rights.relocate_any = true;
                out.push(Event::MoverOn { domino: d });
            } else if self.penguins[p].stunned {
                out.push(Event::AlreadyStunned {
                    player: p,
                    domino: d,
                });
            } else {
                self.penguins[p].stunned = true;
                out.push(Event::Stunned {
                    player: p,
                    domino: d,
                });
            }
        }
        let on: Vec<usize> = squares.iter().flat_map(|&s| self.buddies_on(s)).collect();
        if !on.is_empty() {
            vacant = false;
            let first = self.buddies[on[0]].at.expect("on the board");
            // The example names a way that stays on the board.
            let way = Dir::CLOCKWISE
                .iter()
                .copied()
                .find(|&k| self.laid_at(step(first, k)).is_some());
            out.push(Event::BuddiesOn {
                count: on.len(),
                domino: d,
                first,
                way,
            });
            self.rights.shift = on;
        }
        if vacant {
            self.rights.relocate = Some(d);
            out.push(Event::Vacant { domino: d });
        }
        Ok(out)
    }

    /// Move a buddy token one square (a doubles nudge, or an alteration's
    /// shift); onto its own penguin, it is picked up.
    pub fn shift(&mut self, from: Sq, d: Dir) -> Result<Event, GameError> {
        if !matches!(self.phase, Phase::Moved | Phase::Altered) {
            return Err(self.expect(Phase::Moved, "shift").unwrap_err());
        }
        let me = self.to_move;
        let here = self.buddies_on(from);
        let chosen = if self.phase == Phase::Moved {
            if self.rights.nudges == 0 {
                return Err("no buddy may move now (only after ending on a double)".into());
            }
            here.into_iter()
                .find(|&b| self.buddies[b].owner == me && !self.rights.moved.contains(&b))
                .ok_or_else(|| {
                    GameError::rule(format!("no buddy of yours on {} may move", sq_name(from)))
                })?
        } else {
            here.into_iter()
                .find(|b| self.rights.shift.contains(b))
                .ok_or_else(|| {
                    GameError::rule(format!(
                        "no buddy on {} may move: only those on the domino rolled",
                        sq_name(from)
                    ))
                })?
        };
        let to = step(from, d);
        if self.pips(to).is_none() {
            return Err(format!("{} is off the board", sq_name(to)).into());
        }
        let owner = self.buddies[chosen].owner;
        match self.penguin_on(to) {
            Some(q) if q != owner => {
                return Err(format!(
                    "player {}'s penguin is on {}: a buddy goes to a free square or to its own penguin",
                    q + 1,
                    sq_name(to)
                )
                .into());
            }
            _ => {}
        }
        if self.phase == Phase::Moved {
            self.rights.nudges -= 1;
            self.rights.moved.push(chosen);
        } else {
            self.rights.shift.retain(|&b| b != chosen);
        }
        if self.penguin_on(to) == Some(owner) {
            self.buddies[chosen].at = None;
            self.penguins[owner].carrying += 1;
            return Ok(Event::BuddyHome {
                dir: d,
                owner,
                carrying: self.penguins[owner].carrying,
            });
        }
        self.buddies[chosen].at = Some(to);
        Ok(Event::BuddyMoved { owner, dir: d, to })
    }

    /// Move a vacant domino to `to` (its first half there, across or
    /// down): beside at least one other domino, on no square in use.
    /// `first`: the pips that go on `to` (the domino turned so); none, as
    /// it lay.
    pub fn relocate(
        &mut self,
        d: Domino,
        to: Sq,
        down: bool,
        first: Option<u8>,
    ) -> Result<Event, GameError> {
        self.expect(Phase::Altered, "relocate")?;
        let allowed = self.rights.relocate == Some(d) || self.rights.relocate_any;
        if !allowed {
            return Err(GameError::Rule(match self.rights.relocate {
                Some(r) => format!("only {r} may be moved this turn"),
                None => "no domino may be moved this turn".into(),
            }));
        }
        let i = self
            .find(d)
            .ok_or_else(|| GameError::rule(format!("{d} is not on the board")))?;
        let old = self.board[i].squares();
        if old.iter().any(|&s| !self.vacant(s)) {
            return Err(format!("{d} is not vacant: a penguin or buddy is on it").into());
        }
        let mut moved = self.board[i];
        moved.at = to;
        moved.down = down;
        if let Some(f) = first {
            if f != moved.a && f != moved.b {
                return Err(GameError::word(format!("{d} has no {f}")));
            }
            if moved.a != f {
                std::mem::swap(&mut moved.a, &mut moved.b);
            }
        }
        if moved == self.board[i] {
            return Err(GameError::rule(format!(
                "{d} already lies on {} that way: relocating it there moves nothing",
                sq_name(to)
            )));
        }
        let new = moved.squares();
        for s in new {
            if let Some(other) = self.laid_at(s).filter(|o| o.domino() != d) {
                return Err(format!(
                    "{} is covered by {}: a domino goes on open table",
                    sq_name(s),
                    other.domino()
                )
                .into());
            }
        }
        let touches = new.iter().any(|&s| {
            Dir::CLOCKWISE.iter().any(|&k| {
                let n = step(s, k);
                !new.contains(&n) && self.laid_at(n).is_some_and(|o| o.domino() != d)
            })
        });
        if !touches {
            return Err(format!(
                "{d} at {} would touch no other domino: it must lie beside the board",
                sq_name(to)
            )
            .into());
        }
        self.board[i] = moved;
        if self.rights.relocate == Some(d) {
            self.rights.relocate = None;
        } else {
            self.rights.relocate_any = false;
        }
        let shift = self.normalise();
        Ok(Event::Relocated {
            domino: d,
            to,
            down,
            renumbered: shift != (0, 0),
        })
    }

    /// Shift everything so the top-left square is r1c1; the shift made.
    fn normalise(&mut self) -> (i32, i32) {
        let r0 = self
            .board
            .iter()
            .flat_map(|d| d.squares())
            .map(|s| s.0)
            .min()
            .unwrap_or(1);
        let c0 = self
            .board
            .iter()
            .flat_map(|d| d.squares())
            .map(|s| s.1)
            .min()
            .unwrap_or(1);
        let (dr, dc) = (1 - r0, 1 - c0);
        if (dr, dc) == (0, 0) {
            return (0, 0);
        }
        let mv = |s: &mut Sq| *s = (s.0 + dr, s.1 + dc);
        for d in &mut self.board {
            mv(&mut d.at);
        }
        for p in &mut self.penguins {
            if let Some(s) = &mut p.at {
                mv(s);
            }
            if let Some((s, _)) = &mut p.rested {
                mv(s);
            }
        }
        for b in &mut self.buddies {
            if let Some(s) = &mut b.at {
                mv(s);
            }
        }
        (dr, dc)
    }

    /// End the turn: the win check, then the next player who is not
    /// stunned (a stunned one passes, and is then free again).
    pub fn done(&mut self) -> Result<Vec<Event>, GameError> {
        self.expect(Phase::Altered, "done")?;
        let me = self.to_move;
        let mut out = Vec::new();
        let home = self.penguin_squares(me).iter().all(|&s| {
            self.laid_at(s)
                .is_some_and(|d| d.domino() == self.penguins[me].nest)
        });
        if home && self.penguins[me].carrying == 2 {
            self.winner = Some(me);
            self.phase = Phase::Over;
            out.push(Event::Won { player: me });
            return Ok(out);
        }
        let n = self.players();
        let mut next = (me + 1) % n;
        for _ in 0..n {
            if self.penguins[next].stunned {
                self.penguins[next].stunned = false;
                out.push(Event::Passes { player: next });
                next = (next + 1) % n;
            } else {
                break;
            }
        }
        self.to_move = next;
        self.roll = None;
        self.rights = Rights::default();
        self.phase = Phase::Roll;
        out.push(Event::ToRoll { player: next });
        Ok(out)
    }

    /// Check a game read back: every domino once and on its own squares,
    /// penguins and buddies on the board, counts in range.
    pub fn check(&self, set: &HashSet<Domino>) -> Result<(), Unsound> {
        let mut squares = HashSet::new();
        let mut dominoes = HashSet::new();
        for d in &self.board {
            if !dominoes.insert(d.domino()) {
                return Err(format!("domino {} is on the board twice", d.domino()).into());
            }
            for s in d.squares() {
                if !squares.insert(s) {
                    return Err(format!("two dominoes cover {}", sq_name(s)).into());
                }
            }
        }
        if &dominoes != set {
            return Err("the board's dominoes are not the set laid".into());
        }
        if self.penguins.len() < 2 || self.penguins.len() > 4 {
            return Err(format!("{} penguins: the game is for 2 to 4", self.penguins.len()).into());
        }
        if self.buddies.len() != 2 * self.penguins.len() || self.to_move >= self.penguins.len() {
            return Err("the buddy tokens or the turn do not match the players".into());
        }
        for (i, p) in self.penguins.iter().enumerate() {
            if let Some(s) = p.at
                && !squares.contains(&s)
            {
                return Err(format!("player {}'s penguin is off the board", i + 1).into());
            }
            let carried = self
                .buddies
                .iter()
                .filter(|b| b.owner == i && b.at.is_none())
                .count();
            let placed_all = self.phase != Phase::Place;
            if placed_all && carried != usize::from(p.carrying) {
                return Err(format!("player {}'s buddies do not add up", i + 1).into());
            }
        }
        if self
            .buddies
            .iter()
            .any(|b| b.at.is_some_and(|s| !squares.contains(&s)))
        {
            return Err("a buddy token is off the board".into());
        }
        Ok(())
    }
}

/// The standard layout as laid pieces: rows of dominoes across, from the
/// board's rows (each domino's numbers as it lies).
pub fn from_rows(rows: &[Vec<(u8, u8)>]) -> Vec<Laid> {
    rows.iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.iter().enumerate().map(move |(c, &(a, b))| Laid {
                a,
                b,
                at: (r as i32 + 1, 2 * c as i32 + 1),
                down: false,
            })
        })
        .collect()
}

/// Read a player's own layout: laid dominoes (`3-5@r1c1`, `0-2@r1c3v`),
/// checked to be one whole set (double-`top`), overlapping nowhere, each
/// touching another.
pub fn read_layout(words: &[&str], top: u8) -> Result<Vec<Laid>, GameError> {
    let board: Vec<Laid> = words
        .iter()
        .filter(|w| !w.is_empty())
        .map(|w| w.parse())
        .collect::<Result<_, _>>()?;
    let mut squares = HashSet::new();
    let mut seen = HashSet::new();
    for d in &board {
        if d.a > top || d.b > top {
            return Err(format!("{}: not in a double-{top} set", d.code()).into());
        }
        if !seen.insert(d.domino()) {
            return Err(format!("{} is laid twice", d.domino()).into());
        }
        for s in d.squares() {
            if s.0 < 1 || s.1 < 1 {
                return Err(format!("{}: rows and columns start at 1", d.code()).into());
            }
            if !squares.insert(s) {
                return Err(format!("{}: {} is covered twice", d.code(), sq_name(s)).into());
            }
        }
    }
    let want = Domino::set(top).len();
    if board.len() != want {
        let missing: Vec<String> = Domino::set(top)
            .into_iter()
            .filter(|d| !seen.contains(d))
            .map(|d| d.to_string())
            .collect();
        return Err(format!(
            "{} dominoes laid; a double-{top} set has {want}{}",
            board.len(),
            if missing.is_empty() {
                String::new()
            } else {
                format!(" (missing {})", missing.join(" "))
            }
        )
        .into());
    }
    for d in &board {
        let alone = !d.squares().iter().any(|&s| {
            Dir::CLOCKWISE.iter().any(|&k| {
                let n = step(s, k);
                !d.squares().contains(&n) && squares.contains(&n)
            })
        });
        if alone {
            return Err(format!("{} touches no other domino", d.code()).into());
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests;
