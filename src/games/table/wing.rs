//! The table plugged into tablemate: its saved state, its actions, and
//! the `players`, `first`, `seating` and `turn` commands.

use super::bank::{Bank, Out};
use super::events::{Event, TableAction};
use super::words::{self, Ask};
use super::{MOST_PEOPLE, Seating, show};
use crate::deal::DealCode;
use crate::games::error::{GameError, Unsound};
use crate::games::game::{Game, Names};
use crate::games::wing::{Context, Done, Order, Play, Saved, SetUp, Solver, Turn, Wing};
use crate::layout::Layout;
use crate::random::TableRng;
use crate::reply::Reply;

pub struct TheTable;

fn nobody() -> GameError {
    GameError::missing(
        "no one is seated: `players alice bob carol` seats the table (or `pad new GAME PLAYERS...`)",
    )
}

impl Seating {
    /// Take `action`, leaving the table as it was when it is refused.
    fn step(&mut self, action: &TableAction) -> Result<Vec<Event>, GameError> {
        match action {
            TableAction::Players { names } => {
                self.reseat(names);
                let first = self.people[self.first].name.clone();
                Ok(vec![Event::Seated {
                    players: self.names(),
                    first,
                    whole: false,
                    deal: None,
                    given: names.clone(),
                }])
            }
            TableAction::Add { name } => {
                if let Some(p) = self.exactly(name) {
                    return Err(GameError::rule(format!(
                        "{} already sits at the table{}",
                        p.name,
                        if p.name == *name {
                            String::new()
                        } else {
                            format!(" ('{name}' reads as the same name)")
                        }
                    )));
                }
                if self.people.len() >= MOST_PEOPLE {
                    return Err(GameError::rule(format!(
                        "{MOST_PEOPLE} people sit at the table already: at most {MOST_PEOPLE}"
                    )));
                }
                self.seat_new(name);
                Ok(vec![Event::Added {
                    name: name.clone(),
                    place: self.people.len(),
                }])
            }
            TableAction::Remove { name } => {
                let p = self.find(name)?.clone();
                if self.people.len() == 1 {
                    return Err(GameError::rule(format!(
                        "{} is the only one at the table: `players NAMES` seats another table",
                        p.name
                    )));
                }
                let playing = self.playing.clone();
                let names: Vec<String> = self
                    .people
                    .iter()
                    .filter(|q| q.id != p.id)
                    .map(|q| q.name.clone())
                    .collect();
                self.reseat(&names);
                let mut said = vec![Event::Removed { name: p.name }];
                if let (Some(g), None) = (playing, &self.playing) {
                    let title = crate::games::game::Game::by_id(&g.game)
                        .map_or(g.game, |game| game.title().to_string());
                    said.push(Event::LeftGame { game: title });
                }
                Ok(said)
            }
            TableAction::Rename { from, to } => {
                let p = self.find(from)?.clone();
                if let Some(q) = self.exactly(to)
                    && q.id != p.id
                {
                    return Err(GameError::rule(if q.name == *to {
                        format!(
                            "{to} already sits at the table: give {} another name",
                            p.name
                        )
                    } else {
                        format!(
                            "{} already sits at the table: '{to}' reads as the same name",
                            q.name
                        )
                    }));
                }
                let i = self.index_of(p.id).expect("found at the table");
                self.people[i].name = to.clone();
                Ok(vec![Event::Renamed {
                    from: p.name,
                    to: to.clone(),
                }])
            }
            TableAction::Move { name, to } => {
                let p = self.find(name)?.clone();
                let n = self.people.len();
                if *to > n {
                    return Err(GameError::word(format!(
                        "'{to}' is not a place at this table: 1 to {n}"
                    )));
                }
                let mut names: Vec<String> = self
                    .people
                    .iter()
                    .filter(|q| q.id != p.id)
                    .map(|q| q.name.clone())
                    .collect();
                names.insert(to - 1, p.name.clone());
                self.reseat(&names);
                Ok(vec![Event::Moved {
                    name: p.name,
                    place: *to,
                }])
            }
            TableAction::Seat { whole, names, deal } => {
                let given = if !names.is_empty() {
                    names.clone()
                } else if self.people.len() >= 2 {
                    self.names()
                } else {
                    return Err(GameError::missing(
                        "name the players (first alice bob carol), or seat them: players alice bob carol",
                    ));
                };
                let code: DealCode = deal
                    .as_deref()
                    .ok_or_else(|| GameError::word("a seating needs its deal code"))?
                    .parse()
                    .map_err(|e: crate::deal::DealError| GameError::word(e.to_string()))?;
                let dealt = super::seat(&given, *whole, code);
                if *whole {
                    self.reseat(&dealt);
                    self.first = 0;
                } else {
                    self.reseat(&given);
                    self.first = self
                        .exactly(&dealt[0])
                        .and_then(|p| self.index_of(p.id))
                        .unwrap_or(0);
                }
                Ok(vec![Event::Seated {
                    players: self.names(),
                    first: self.people[self.first].name.clone(),
                    whole: *whole,
                    deal: Some(code.to_string()),
                    given,
                }])
            }
            TableAction::Turn { at, by } => {
                // Only the one whose turn it is passes it from a seat (the
                // one who starts, before the first turn).
                let holder = self.turn.unwrap_or(self.first);
                if let Some(id) = by
                    && self.people[holder].id != *id
                {
                    let who = &self.people[holder].name;
                    return Err(GameError::rule(format!(
                        "it is {who}'s turn: only {who} passes it"
                    )));
                }
                // Time paused is no one's: the turn ends where it paused.
                let paused = self.bank.as_mut().and_then(|b| b.paused.take());
                let ended = paused.unwrap_or(*at);
                let mut said = Vec::new();
                let mut was = None;
                let finished = self.running.and_then(|(id, since)| {
                    let i = self.index_of(id)?;
                    let took = ended.saturating_sub(since);
                    let p = &mut self.people[i];
                    p.thought = p.thought.saturating_add(took);
                    p.turns = p.turns.saturating_add(1);
                    let name = p.name.clone();
                    if let Some(b) = self.bank.as_mut() {
                        if b.spend(id, took) {
                            said.push(Event::RanOut {
                                name: name.clone(),
                                out: b.out,
                            });
                        }
                        was = b.kept(id);
                    }
                    Some((name, took))
                });
                // The first turn goes to the one who starts.
                let next = self.next();
                self.turn = Some(next);
                let id = self.people[next].id;
                self.running = Some((id, *at));
                let banked = self.bank.as_ref().and_then(|b| Some((was, b.kept(id)?)));
                said.insert(
                    0,
                    Event::Passed {
                        finished,
                        now: self.people[next].name.clone(),
                        banked,
                    },
                );
                Ok(said)
            }
            TableAction::Clock {
                who,
                each,
                plus,
                out,
                off,
                at,
            } => {
                if *off {
                    if self.bank.take().is_none() {
                        return Err(GameError::rule(
                            "the table keeps no time bank: `turn clock 20m` starts one",
                        ));
                    }
                    return Ok(vec![Event::ClockOff]);
                }
                let ids: Vec<u32> = self.people.iter().map(|p| p.id).collect();
                let named = match who {
                    Some(w) => Some(self.find(w)?.clone()),
                    None => None,
                };
                let bank = match (self.bank.take(), each, &named) {
                    (Some(mut b), Some(secs), Some(p)) => {
                        b.set(p.id, *secs);
                        b
                    }
                    (None, _, Some(p)) => {
                        return Err(GameError::rule(format!(
                            "the table keeps no time bank yet: `turn clock 20m` gives everyone theirs, then `turn clock {} 25m` changes one",
                            p.name
                        )));
                    }
                    // A bank for everyone starts afresh: a running turn
                    // counts from now.
                    (_, Some(secs), None) => {
                        if let Some((id, _)) = self.running {
                            self.running = Some((id, *at));
                        }
                        Bank::new(&ids, *secs, 0, Out::Warn)
                    }
                    (Some(b), None, _) => b,
                    (None, None, _) => {
                        return Err(GameError::missing(
                            "how long? `turn clock 20m` (add +10s a turn, out=lose or out=warn)",
                        ));
                    }
                };
                let mut bank = bank;
                if let Some(p) = plus {
                    bank.plus = *p;
                }
                if let Some(o) = out {
                    bank.out = *o;
                }
                let said = Event::Clocked {
                    who: named.as_ref().map(|p| p.name.clone()),
                    each: match &named {
                        Some(p) => bank.kept(p.id).unwrap_or(0).max(0) as u64,
                        None => bank.each,
                    },
                    plus: bank.plus,
                    out: bank.out,
                };
                self.bank = Some(bank);
                Ok(vec![said])
            }
            TableAction::Pause { on, at } => {
                let Some(b) = self.bank.as_mut() else {
                    return Err(GameError::rule(
                        "the table keeps no time bank to pause: `turn clock 20m` starts one",
                    ));
                };
                match (on, b.paused) {
                    (true, Some(_)) => Err(GameError::rule(
                        "the clock is paused already: `turn resume` starts it",
                    )),
                    (false, None) => Err(GameError::rule(
                        "the clock is not paused: `turn pause` stops it",
                    )),
                    (true, None) => {
                        b.paused = Some(*at);
                        Ok(vec![Event::Paused { on: true }])
                    }
                    (false, Some(since)) => {
                        b.paused = None;
                        // The running turn starts later by the pause.
                        if let Some((id, start)) = self.running {
                            self.running =
                                Some((id, start.saturating_add(at.saturating_sub(since))));
                        }
                        Ok(vec![Event::Paused { on: false }])
                    }
                }
            }
        }
    }
}

impl Saved for Seating {
    const GAME: Game = Game::Table;
    const WHAT: &'static str = "the table (who sits at it)";
    const EXPORT_KEY: &'static str = "table";

    fn check(&self) -> Result<(), Unsound> {
        Seating::check(self)
    }

    fn summary(&self) -> String {
        format!(
            "a table of {}",
            crate::style::plural(self.people.len() as u64, "person", "people")
        )
    }
}

impl Play for Seating {
    type Action = TableAction;
    type Event = Event;

    fn sample(rng: &mut TableRng) -> Seating {
        let n = 2 + rng.below(4) as usize;
        let names: Vec<String> = ["Ann", "Ben", "Zoë", "Li Wei", "Cat", "Dan"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect();
        Seating::new(&names)
    }

    fn apply(&mut self, action: &TableAction, _: &mut TableRng) -> Result<Vec<Event>, GameError> {
        let before = self.clone();
        let done = self.step(action);
        if done.is_err() {
            *self = before;
        }
        done
    }

    fn legal(&self) -> Vec<TableAction> {
        let last = self
            .people
            .last()
            .map(|p| p.name.clone())
            .unwrap_or_default();
        let mut all = vec![
            TableAction::Turn { at: 0, by: None },
            TableAction::Players {
                names: vec!["Ann".into(), "Li Wei".into(), "zoë".into()],
            },
            TableAction::Move {
                name: last.clone(),
                to: 1,
            },
        ];
        let fresh = format!("Pat {}", self.next_id);
        if self.exactly(&fresh).is_none() {
            all.push(TableAction::Rename {
                from: last.clone(),
                to: fresh,
            });
        }
        if self.people.len() < MOST_PEOPLE && self.exactly("Guest").is_none() {
            all.push(TableAction::Add {
                name: "Guest".into(),
            });
        }
        if self.people.len() > 1 {
            all.push(TableAction::Remove { name: last });
            for whole in [false, true] {
                all.push(TableAction::Seat {
                    whole,
                    names: Vec::new(),
                    deal: Some("K7Q2MX".into()),
                });
            }
        }
        all
    }

    fn turn(&self) -> Turn {
        Turn {
            to_move: self.turn.map(|t| self.people[t].name.clone()),
            next: "`turn` passes the turn".into(),
            over: false,
            seat: self.turn,
            role: None,
        }
    }

    /// The table lays no pieces.
    fn layout(&self) -> Layout {
        Layout::new("table", "The table")
    }

    fn secrets(&self, _: Option<usize>) -> Vec<String> {
        // Everything is in the open.
        Vec::new()
    }
}

impl Wing for TheTable {
    const GAME: Game = Game::Table;
    const NAMES: Names = Names {
        id: "table",
        title: "The table",
        listed: "table",
        short: None,
        aliases: &[],
    };
    type State = Seating;
    type Action = TableAction;
    type Ask = Ask;
    type Event = Event;

    fn setup() -> Option<SetUp<Seating>> {
        None
    }

    fn solver() -> Option<Solver<Seating>> {
        None
    }

    fn commands() -> Vec<clap::Command> {
        let words = crate::games::args::words_arg;
        vec![
            clap::Command::new("turn")
                .about("Pass the turn round the table, timed (a game in play passes it by its moves)")
                .after_help(
                    "Alone, passes the turn in seating order and times it.\n\
                     `turn clock 20m` keeps a time bank: each person's time runs\n\
                     while it is their turn (+10s adds that after each turn,\n\
                     Fischer style; out=lose or out=warn says what running out\n\
                     means, warn by default). `turn clock ann 25m` changes one\n\
                     person's, `turn clock off` ends it; `turn pause` stops\n\
                     everyone's time and `turn resume` lets it run. The TV and\n\
                     each seat count the running time down.\n\n\
                     Examples:\n  turn\n  turn clock 20m +10s out=lose\n  turn clock ann 25m\n  turn pause\n  turn resume\n  turn clock off",
                )
                .arg(words("nothing, or clock LENGTH [+LENGTH] [out=lose|warn], clock NAME LENGTH, clock off, pause, resume")),
            clap::Command::new("players")
                .about("Who sits at the table, in seating order (for turn, pads, games, rolls and seats)")
                .after_help(
                    "With no names, who is seated, who starts and whose turn it is.\n\
                     Names are any printable text up to 40 characters; quote one\n\
                     with spaces. `zoe` finds Zoë, `li` finds Li Wei.\n\nExamples:\n  \
                     players ann ben \"Li Wei\" zoë\n  players add cat\n  \
                     players remove ben\n  players rename li \"Li Wei\"\n  \
                     players move ann 3\n  players",
                )
                .arg(words(
                    "the players in seating order, or add NAME, remove NAME, rename OLD NEW, move NAME N",
                )),
            clap::Command::new("first")
                .about("Pick who starts, at random (the table keeps it)")
                .after_help(
                    "With no names, among the table's players (`players`).\n\
                     Named, they are seated in that order.\n\nExamples:\n  \
                     first alice bob carol\n  first\n  first alice bob carol deal=K7Q2MX",
                )
                .arg(words(
                    "the players (none: the table's), and deal=CODE to repeat",
                )),
            clap::Command::new("seating")
                .about("Deal a random seating order (the table keeps it)")
                .after_help(
                    "With no names, the table's players.\n\nExamples:\n  \
                     seating alice bob carol dave\n  seating\n  seating alice bob deal=K7Q2MX",
                )
                .arg(words(
                    "the players (none: the table's), and deal=CODE to repeat",
                )),
        ]
    }

    fn completions(path: &[&str], index: usize) -> Vec<&'static str> {
        match (path.first().copied(), index) {
            (Some("players"), 0) => words::SUBCOMMANDS.to_vec(),
            (Some("first" | "seating"), _) => vec!["deal="],
            _ => Vec::new(),
        }
    }

    fn line(action: &TableAction) -> String {
        action.to_string()
    }

    fn order(command: &str, m: &clap::ArgMatches) -> Result<Order<TableAction, Ask>, GameError> {
        let w = crate::games::args::words(m);
        Ok(match command {
            "first" | "seating" => Order::Act(words::seats(command == "seating", &w)?),
            "turn" => Order::Act(words::turn(&w)?),
            _ => match words::players(&w)? {
                Ok(action) => Order::Act(action),
                Err(ask) => Order::Ask(ask),
            },
        })
    }

    fn ask(state: Option<&Seating>, ask: Ask, table: &mut Context) -> Result<Reply, GameError> {
        match ask {
            Ask::Players => Ok(show::players(state, table.in_play.as_ref(), table.now)),
        }
    }

    fn act(
        slot: &mut Option<Seating>,
        mut action: TableAction,
        table: &mut Context,
    ) -> Result<Done<Vec<Event>>, GameError> {
        match &mut action {
            TableAction::Turn { at, by } => {
                *at = table.now;
                *by = table.acting.as_ref().map(|p| p.id);
            }
            TableAction::Clock { at, .. } | TableAction::Pause { at, .. } => *at = table.now,
            // A seating not typed with a code is dealt from a fresh one.
            TableAction::Seat { deal, .. } if deal.is_none() => {
                *deal = Some(DealCode::draw(table.rng).to_string())
            }
            _ => {}
        }
        let said = match (slot.as_mut(), &action) {
            (None, TableAction::Players { names }) => {
                *slot = Some(Seating::new(names));
                let t = slot.as_ref().expect("seated");
                vec![Event::Seated {
                    players: t.names(),
                    first: t.people[0].name.clone(),
                    whole: false,
                    deal: None,
                    given: names.clone(),
                }]
            }
            (None, TableAction::Seat { names, .. }) => {
                if names.len() < 2 {
                    return Err(GameError::missing(
                        "name the players (first alice bob carol), or seat them: players alice bob carol",
                    ));
                }
                let mut t = Seating::new(names);
                let said = t.apply(&action, table.rng)?;
                *slot = Some(t);
                said
            }
            (None, _) => return Err(nobody()),
            (Some(t), TableAction::Turn { by, .. }) => {
                // While a game of the table is in play, its moves pass the
                // turn: say whose move it is and the game's word for it.
                if let Some(g) = t.game_of_table(table.in_play.as_ref()) {
                    let mover = t.mover(table.in_play.as_ref());
                    let who = mover.as_ref().map(|h| h.person.name.as_str());
                    let mine = by.is_some() && mover.as_ref().map(|h| h.person.id) == *by;
                    // The game's own word for what comes next.
                    let next = g.turn.next.trim_start_matches("next: ");
                    return Err(GameError::rule(match (who, mine) {
                        (Some(_), true) => format!(
                            "{} is in play: your turn passes with your move ({})",
                            g.title, next
                        ),
                        (Some(who), false) => format!(
                            "{} is in play and it is {who}'s move ({}): the turn passes with the game's moves",
                            g.title, next
                        ),
                        (None, _) => format!(
                            "{} is in play: the turn passes with the game's moves ({})",
                            g.title, next
                        ),
                    }));
                }
                t.apply(&action, table.rng)?
            }
            // `players ad cat` at a seated table is a slip of `players
            // add`, not a new table of "ad" and "cat".
            (Some(t), TableAction::Players { names })
                if t.exactly(&names[0]).is_none()
                    && let Some(meant) = words::slip_of_subcommand(&names[0]) =>
            {
                return Err(GameError::word(format!(
                    "'{}' is not a word of `players`: did you mean `players {meant} ...`? (to seat someone called {}, name them after another: players NAME {})",
                    names[0], names[0], names[0]
                )));
            }
            (Some(t), _) => t.apply(&action, table.rng)?,
        };
        Ok(Done::changed(said, action.to_string()))
    }

    fn answer(
        state: Option<&Seating>,
        said: Vec<Event>,
        _table: &mut Context,
    ) -> Result<Reply, GameError> {
        Ok(match said.as_slice() {
            [Event::Seated { .. }, ..] => show::seated(said),
            _ => show::said(said, state),
        })
    }
}
