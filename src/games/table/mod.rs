//! The table: the people who sit at it (each with a stable id and the
//! name as written), their seating order, who starts, whose turn it is,
//! the turn clock, and which of them each seat of the game in play is.
//! One truth for `turn`, the score pad, every game set up while they
//! sit, the roll log, the shared screen and every seat.
//!
//! Kept apart from any game or pad (it was inside the score pad's state
//! until schema 7), and changed like any saved state: through the store's
//! one door, journaled, undone, exported and imported.
//!
//! Plain data and rules, free of I/O: the clock's time comes in with each
//! action.

pub mod bank;
pub mod events;
pub mod show;
pub mod wing;
mod words;

use serde::{Deserialize, Serialize};

use crate::games::error::{GameError, Unsound};
pub use crate::games::wing::{Acting, InPlay};
pub use events::{Event, TableAction};
pub use wing::TheTable;

/// Most people at one table.
pub const MOST_PEOPLE: usize = 12;

/// A person at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Person {
    /// Stable while they sit, whatever they are renamed to: records, seats
    /// and a game's seats name them by it.
    pub id: u32,
    /// As written (`Zoë`, `Li Wei`): every screen and record shows this.
    pub name: String,
    /// Seconds they have thought on their turns.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub thought: u64,
    /// Turns they have finished.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub turns: u32,
}

fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

/// Which person sits in each seat of a game set up while the table sat:
/// the game's seat `i` (its player `i + 1`) is `seats[i]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Playing {
    /// The game's id.
    pub game: String,
    /// Person ids, in the game's seat order.
    pub seats: Vec<u32>,
}

/// The table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seating {
    /// In seating order (the order turns go round).
    pub people: Vec<Person>,
    /// Who starts: an index into `people`.
    pub first: usize,
    /// Whose turn it is round the table (none: `turn` not passed yet).
    /// While a game of the table is in play, its mover is the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<usize>,
    /// The id the next person seated gets.
    pub next_id: u32,
    /// Whose clock runs (a person's id) and since when (seconds since
    /// 1970).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<(u32, u64)>,
    /// The game set up while they sat, and who sits in each of its seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playing: Option<Playing>,
    /// The time bank, when the table keeps one (`turn clock 20m`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<bank::Bank>,
    /// Each person's thinking time and turns (id, seconds, turns) when
    /// the last play was filed: a play's time is what the clock counted
    /// since.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clock_mark: Vec<(u32, u64, u32)>,
    /// Games of the table set aside for another before they were over
    /// (each with its seats): kept, listed as set aside with no one to
    /// move, and taken up again by a move in one once the table's game
    /// is over. The table plays one game at a time (#78).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aside: Vec<Playing>,
}

/// Why a seat's `word` (a command) is refused: it is no move of the
/// game the table is playing.
pub fn not_in_play(word: &str) -> GameError {
    GameError::rule(format!(
        "`{word}` is not a move in the game the table is playing: a seat moves only in the table's game (`setup GAME` at the terminal)"
    ))
}

/// Whose turn it is, and whether a game says so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder<'a> {
    pub person: &'a Person,
    /// The game whose move it is (its title) and the person's part in it
    /// (`Arms`), when a game of the table is in play.
    pub game: Option<(&'a str, Option<&'a str>)>,
}

impl Seating {
    /// The seconds `name` thought and the turns they took since the last
    /// play was filed.
    pub fn clocked_since_mark(&self, name: &str) -> Option<(u64, u32)> {
        let p = self.people.iter().find(|p| p.name == name)?;
        let (_, s, t) = self
            .clock_mark
            .iter()
            .find(|(id, _, _)| *id == p.id)
            .copied()
            .unwrap_or((p.id, 0, 0));
        Some((p.thought.saturating_sub(s), p.turns.saturating_sub(t)))
    }

    /// A play was filed: the clock counts the next one from here.
    pub fn mark_clock(&mut self) {
        self.clock_mark = self
            .people
            .iter()
            .map(|p| (p.id, p.thought, p.turns))
            .collect();
    }

    /// A table of `names` in this order, ids from 1.
    pub fn new(names: &[String]) -> Seating {
        let mut t = Seating {
            people: Vec::new(),
            first: 0,
            turn: None,
            next_id: 1,
            running: None,
            playing: None,
            bank: None,
            clock_mark: Vec::new(),
            aside: Vec::new(),
        };
        for n in names {
            t.seat_new(n);
        }
        t
    }

    fn seat_new(&mut self, name: &str) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.people.push(Person {
            id,
            name: name.to_string(),
            thought: 0,
            turns: 0,
        });
        id
    }

    /// Names from who starts round the table: how a game seats them
    /// (player 1 starts).
    pub fn from_first(&self) -> Vec<&Person> {
        let n = self.people.len();
        (0..n).map(|i| &self.people[(self.first + i) % n]).collect()
    }

    /// Names as written, in seating order.
    pub fn names(&self) -> Vec<String> {
        self.people.iter().map(|p| p.name.clone()).collect()
    }

    /// Each person's id and name as written, in seating order.
    pub fn by_ids(&self) -> Vec<(u32, String)> {
        self.people.iter().map(|p| (p.id, p.name.clone())).collect()
    }

    pub fn by_id(&self, id: u32) -> Option<&Person> {
        self.people.iter().find(|p| p.id == id)
    }

    /// The game's seat (0 first) that `person` sits in, in the table's
    /// game `slot`, if they play in it.
    pub fn seat_of(&self, slot: &str, person: u32) -> Option<usize> {
        let playing = self.playing.as_ref().filter(|p| p.game == slot)?;
        playing.seats.iter().position(|&id| id == person)
    }

    /// The person in the game's seat `seat` of the table's game.
    pub fn in_seat(&self, seat: usize) -> Option<&Person> {
        self.by_id(*self.playing.as_ref()?.seats.get(seat)?)
    }

    /// Whether `acting` may move now in the game `slot` (its id and
    /// title) from their seat: it must be the table's game, they must
    /// play in it, and it must be their move where the game says whose
    /// (`in_play`: the game as it stands, read in the same transaction).
    /// A seat acts only as its person; the terminal acts for anyone and
    /// is not asked.
    pub fn may_move(
        &self,
        slot: (&str, &str),
        word: &str,
        acting: &Acting,
        in_play: Option<&InPlay>,
    ) -> Result<(), GameError> {
        let (id, title) = slot;
        if self.playing.as_ref().is_none_or(|p| p.game != id) {
            return Err(not_in_play(word));
        }
        let Some(mine) = self.seat_of(id, acting.id) else {
            return Err(GameError::rule(format!(
                "{} does not play in this game of {title}",
                acting.name
            )));
        };
        let Some(g) = in_play.filter(|g| g.game == id) else {
            return Ok(());
        };
        if g.turn.over {
            return Err(GameError::rule(format!("{title} is over: {}", g.turn.next)));
        }
        match g.turn.seat {
            Some(s) if s != mine => {
                let who = self
                    .in_seat(s)
                    .map_or("another player", |p| p.name.as_str());
                Err(GameError::rule(format!(
                    "it is {who}'s move, not {}'s: wait for your turn",
                    acting.name
                )))
            }
            _ => Ok(()),
        }
    }

    fn index_of(&self, id: u32) -> Option<usize> {
        self.people.iter().position(|p| p.id == id)
    }

    /// The person `typed` names, however it is typed: the whole name
    /// folded (case, accents, compatibility forms), else a unique start
    /// of it (`li` finds Li Wei).
    pub fn find(&self, typed: &str) -> Result<&Person, GameError> {
        find_in(&self.people, typed, |p| &p.name)
            .map_err(|many| not_seated(typed, &self.names(), many))
    }

    /// The person whose name folds to the same text as `name`, exactly.
    pub fn exactly(&self, name: &str) -> Option<&Person> {
        let f = crate::people::folded(name);
        self.people
            .iter()
            .find(|p| crate::people::folded(&p.name) == f)
    }

    /// The person who moves in the game in play, when it is the table's
    /// game and its mover is one of its seats.
    pub fn mover<'a>(&'a self, in_play: Option<&'a InPlay>) -> Option<Holder<'a>> {
        let g = self.game_of_table(in_play)?;
        let seat = g.turn.seat?;
        let id = *self.playing.as_ref()?.seats.get(seat)?;
        Some(Holder {
            person: self.by_id(id)?,
            game: Some((g.title.as_str(), g.turn.role.as_deref())),
        })
    }

    /// `in_play`, when it is the game this table set up and it is not
    /// over.
    pub fn game_of_table<'a>(&self, in_play: Option<&'a InPlay>) -> Option<&'a InPlay> {
        let g = in_play?;
        (self.playing.as_ref()?.game == g.game && !g.turn.over).then_some(g)
    }

    /// Whose turn it is: the mover of the table's game in play, else the
    /// turn round the table (none before the first `turn`).
    pub fn holder<'a>(&'a self, in_play: Option<&'a InPlay>) -> Option<Holder<'a>> {
        if self.game_of_table(in_play).is_some() {
            return self.mover(in_play);
        }
        let t = self.turn?;
        Some(Holder {
            person: &self.people[t],
            game: None,
        })
    }

    /// Seat the table anew: `names` in this order. Someone already
    /// seated (by the folded name) keeps their id, clock and seat in the
    /// game in play; whose turn it is stays theirs where they still sit.
    pub fn reseat(&mut self, names: &[String]) {
        let turn_id = self.turn.map(|t| self.people[t].id);
        let first_id = self.people[self.first].id;
        let old = std::mem::take(&mut self.people);
        for n in names {
            let f = crate::people::folded(n);
            match old.iter().find(|p| crate::people::folded(&p.name) == f) {
                Some(p) => self.people.push(Person {
                    name: n.clone(),
                    ..p.clone()
                }),
                None => {
                    self.seat_new(n);
                }
            }
        }
        self.first = self.index_of(first_id).unwrap_or(0);
        self.turn = turn_id.and_then(|id| self.index_of(id));
        self.tidy();
    }

    /// Drop what names someone no longer seated: their running clock,
    /// and the game in play when one of its seats has left.
    fn tidy(&mut self) {
        if let Some((id, _)) = self.running
            && self.index_of(id).is_none()
        {
            self.running = None;
        }
        if let Some(p) = &self.playing
            && p.seats.iter().any(|&id| self.index_of(id).is_none())
        {
            self.set_aside();
        }
    }

    /// Set the table's game aside: it keeps its state, its record and
    /// its seats, but is the table's game no more, so no one is to move
    /// in it. Its id, where the table played one.
    pub fn set_aside(&mut self) -> Option<String> {
        let p = self.playing.take()?;
        let id = p.game.clone();
        self.keep_aside(p);
        Some(id)
    }

    /// Keep `game` (one the table played, with its seats) among those set
    /// aside, in place of any of its kind set aside before.
    pub fn keep_aside(&mut self, game: Playing) {
        self.aside.retain(|a| a.game != game.game);
        self.aside.push(game);
    }

    /// Whether the game `slot` (its id) is set aside.
    pub fn is_aside(&self, slot: &str) -> bool {
        self.aside.iter().any(|a| a.game == slot)
    }

    /// A new game of kind `slot` is set up: one of its kind set aside
    /// is replaced by it (its record is filed by the setup).
    pub fn forget_aside(&mut self, slot: &str) {
        self.aside.retain(|a| a.game != slot);
    }

    /// Take the set-aside game `slot` (its id and title) up again as the
    /// table's game, for a move in it: refused while the table plays
    /// another game that is not over (`in_play`, read in the same
    /// transaction), or when one of its seats has left the table.
    pub fn take_up(
        &mut self,
        slot: (&str, &str),
        in_play: Option<&InPlay>,
    ) -> Result<(), GameError> {
        let (id, title) = slot;
        let Some(at) = self.aside.iter().position(|a| a.game == id) else {
            return Ok(());
        };
        if let Some(other) = self.game_of_table(in_play) {
            return Err(GameError::rule(format!(
                "{title} is set aside while the table plays {}: a move in it takes it up again once that is over (`games` lists both; `setup {id}` starts {title} anew)",
                other.title
            )));
        }
        if self.aside[at]
            .seats
            .iter()
            .any(|&p| self.index_of(p).is_none())
        {
            return Err(GameError::rule(format!(
                "{title} is set aside and one of its players has left the table: `setup {id}` starts it anew"
            )));
        }
        let p = self.aside.remove(at);
        self.playing = Some(p);
        Ok(())
    }

    /// Whose turn follows the one now (the one who starts, at first).
    pub fn next(&self) -> usize {
        match self.turn {
            None => self.first,
            Some(t) => (t + 1) % self.people.len(),
        }
    }

    pub(crate) fn check(&self) -> Result<(), Unsound> {
        let n = self.people.len();
        if n == 0 || n > MOST_PEOPLE {
            return Err(Unsound(format!(
                "{n} people at the table (1 to {MOST_PEOPLE})"
            )));
        }
        for p in &self.people {
            check_name(&p.name).map_err(|e| Unsound(e.to_string()))?;
            if p.id == 0 || p.id >= self.next_id {
                return Err(Unsound(format!(
                    "{}'s id {} is not one given",
                    p.name, p.id
                )));
            }
        }
        let mut ids: Vec<u32> = self.people.iter().map(|p| p.id).collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.len() != n {
            return Err("two people share an id".into());
        }
        let mut folded: Vec<String> = self
            .people
            .iter()
            .map(|p| crate::people::folded(&p.name))
            .collect();
        folded.sort();
        folded.dedup();
        if folded.len() != n {
            return Err("two people at the table have names that read alike".into());
        }
        if self.first >= n || self.turn.is_some_and(|t| t >= n) {
            return Err("who starts or whose turn it is is not at the table".into());
        }
        if let Some((id, _)) = self.running
            && self.index_of(id).is_none()
        {
            return Err("the turn clock runs for someone not at the table".into());
        }
        if let Some(p) = &self.playing
            && (p.seats.is_empty() || p.seats.iter().any(|&id| self.index_of(id).is_none()))
        {
            return Err("a seat of the game in play is no one at the table".into());
        }
        Ok(())
    }
}

/// The one of `all` that `typed` names: its folded name whole, else the
/// only one it starts. `Err(true)`: it starts several.
pub fn find_in<'a, T>(all: &'a [T], typed: &str, name: impl Fn(&T) -> &str) -> Result<&'a T, bool> {
    let t = crate::people::folded(typed);
    if t.is_empty() {
        return Err(false);
    }
    if let Some(p) = all.iter().find(|p| crate::people::folded(name(p)) == t) {
        return Ok(p);
    }
    let starts: Vec<&T> = all
        .iter()
        .filter(|p| crate::people::folded(name(p)).starts_with(&t))
        .collect();
    match starts.as_slice() {
        [one] => Ok(one),
        [] => Err(false),
        _ => Err(true),
    }
}

/// "nobody at the table is called zoee (Ann, Ben, Zoë, Li Wei)".
pub fn not_seated(typed: &str, names: &[String], many: bool) -> GameError {
    let typed = crate::visible::line(typed);
    if names.is_empty() {
        return GameError::missing(format!(
            "nobody is seated, so no one is called {typed}: `players ann ben` seats the table"
        ));
    }
    if many {
        return GameError::word(format!(
            "'{typed}' starts more than one name at the table ({}): type more of it",
            names.join(", ")
        ));
    }
    // Near misses are found as names are matched: folded (`zoee` is one
    // slip from Zoë's `zoe`), and named as written.
    let folded: Vec<String> = names.iter().map(|n| crate::people::folded(n)).collect();
    let near = crate::suggest::nearest(
        &crate::people::folded(&typed),
        folded.iter().map(String::as_str),
    );
    let hint = near
        .first()
        .and_then(|f| folded.iter().position(|n| n == f))
        .map_or(String::new(), |i| format!(" (did you mean {}?)", names[i]));
    GameError::word(format!(
        "nobody at the table is called {typed}{hint} ({})",
        names.join(", ")
    ))
}

/// Words that are never a name: the table's own sub-commands, and the
/// score pad's words (`pad NAME N` must read as a name).
pub const RESERVED: &[&str] = &[
    "add", "remove", "rename", "move", "new", "fix", "end", "show", "history", "stats", "lower",
    "higher", "wins", "to", "--yes",
];

/// A person's name: printable text of 1 to 40 characters, nothing
/// invisible, not a number, not a word of the table's or the pad's, not
/// an option.
pub fn check_name(name: &str) -> Result<(), GameError> {
    if let Some(why) = crate::people::problem(name) {
        return Err(GameError::word(format!(
            "'{}' cannot name a player: {why} (a name is 1 to {} characters of printable text; quote one with spaces: \"Ann Lee\")",
            crate::visible::line(name),
            crate::people::LONGEST
        )));
    }
    if name.starts_with('-') {
        return Err(GameError::word(format!(
            "'{name}' cannot name a player: it reads as an option (a name does not start with '-')"
        )));
    }
    let lower = name.to_lowercase();
    if name.parse::<i64>().is_ok() || RESERVED.contains(&lower.as_str()) {
        return Err(GameError::word(format!(
            "'{name}' cannot name a player: it is a number or one of the table's or the pad's words"
        )));
    }
    Ok(())
}

/// Who starts (`whole` false: one name) or a whole seating order, dealt
/// from `code`'s own generator, so the code alone deals it again.
pub fn seat(names: &[String], whole: bool, code: crate::deal::DealCode) -> Vec<String> {
    let mut rng = code.generator();
    if whole {
        let mut order = names.to_vec();
        rng.shuffle(&mut order);
        order
    } else {
        vec![names[rng.below(names.len() as u64) as usize].clone()]
    }
}

#[cfg(test)]
mod tests;
