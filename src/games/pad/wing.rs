//! The score pad plugged into tablemate: its saved state (the open pad
//! and the filed games), its actions, and the `pad` and `turn` commands.

use super::events::{Event, PadAction};
use super::words::{self, Ask};
use super::{MOST_FILED, MOST_ROUNDS, Pad, Pads, Seating, Wins, show};
use crate::deal::DealCode;
use crate::games::error::{GameError, Unsound};
use crate::games::game::Game;
use crate::games::game::Names;
use crate::games::wing::{Done, Order, Play, Saved, Table, Turn, Wing};
use crate::games::wing::{SetUp, Solver};
use crate::layout::Layout;
use crate::random::TableRng;
use crate::reply::Reply;

pub struct ScorePad;

fn no_pad() -> GameError {
    GameError::missing(
        "no pad open: `pad new GAME PLAYER...` starts one (pad new hearts alice bob carol)",
    )
}

impl Pads {
    fn open_mut(&mut self) -> Result<&mut Pad, GameError> {
        self.open.as_mut().ok_or_else(no_pad)
    }

    /// Said when the table is seated while a pad of other players, or of
    /// the same in another order, is open: the pad keeps its own.
    fn pad_keeps(&self) -> Option<Event> {
        let pad = self.open.as_ref()?;
        let table = self.table.as_ref()?;
        (!table.same(&pad.players)).then(|| Event::PadKeeps {
            game: pad.game.clone(),
            players: pad.players.clone(),
        })
    }

    /// File the open pad (if it holds any score), returning its number.
    fn file(&mut self, day: &str) -> Option<usize> {
        let mut pad = self.open.take()?;
        if pad.rounds.iter().all(|r| r.iter().all(Option::is_none)) {
            return None;
        }
        pad.ended = Some(day.to_string());
        pad.clock.running = None;
        self.filed.push(pad);
        if self.filed.len() > MOST_FILED {
            self.filed.remove(0);
        }
        Some(self.filed.len())
    }

    fn step(&mut self, action: &PadAction) -> Result<Vec<Event>, GameError> {
        match action {
            PadAction::New {
                game,
                players,
                wins,
                target,
                replace,
                day,
            } => {
                if let Some(open) = &self.open
                    && !open.rounds.is_empty()
                    && !replace
                {
                    let line = action.to_string();
                    let mut then: Vec<String> = shlex::split(&line)
                        .unwrap_or_else(|| line.split(' ').map(String::from).collect());
                    then.push("--yes".into());
                    return Err(GameError::Confirm {
                        question: format!(
                            "a pad is open ({}, {} rounds); file it and start {game}?",
                            open.game,
                            open.rounds.len()
                        ),
                        then,
                    });
                }
                // No players named: the table's, in seating order; named,
                // they are the table from now on.
                let players = match (players.is_empty(), &self.table) {
                    (false, _) => players.clone(),
                    (true, Some(t)) => t.players.clone(),
                    (true, None) => {
                        return Err(GameError::word(
                            "name the players in seating order: pad new hearts alice bob carol (or seat the table first: players alice bob carol)",
                        ));
                    }
                };
                if !self.table.as_ref().is_some_and(|t| t.same(&players)) {
                    self.table = Some(Seating::new(players.clone()));
                }
                let filed = self.file(day);
                self.open = Some(Pad::new(game, players, *wins, *target, day));
                Ok(vec![Event::Started {
                    game: game.clone(),
                    filed,
                }])
            }
            PadAction::Players { names } => {
                let mut seating = Seating::new(names.clone());
                // The same people again keep who starts.
                if let Some(t) = &self.table
                    && t.same(names)
                {
                    seating.first = t.first;
                }
                let first = seating.players[seating.first].clone();
                self.table = Some(seating);
                let mut said = vec![Event::Seated {
                    players: names.clone(),
                    first,
                    whole: false,
                    deal: None,
                    given: names.clone(),
                }];
                said.extend(self.pad_keeps());
                Ok(said)
            }
            PadAction::Seat { whole, names, deal } => {
                let given = if !names.is_empty() {
                    names.clone()
                } else if let Some(t) = &self.table
                    && t.players.len() >= 2
                {
                    t.players.clone()
                } else {
                    match &self.open {
                        Some(pad) if pad.players.len() >= 2 => pad.players.clone(),
                        _ => {
                            return Err(GameError::missing(
                                "name the players (first alice bob carol), or seat them: players alice bob carol",
                            ));
                        }
                    }
                };
                let code: DealCode = deal
                    .as_deref()
                    .ok_or_else(|| GameError::word("a seating needs its deal code"))?
                    .parse()
                    .map_err(|e: crate::deal::DealError| GameError::word(e.to_string()))?;
                let dealt = super::seat(&given, *whole, code);
                let seating = if *whole {
                    Seating::new(dealt)
                } else {
                    let first = given.iter().position(|n| *n == dealt[0]).unwrap_or(0);
                    Seating {
                        first,
                        ..Seating::new(given.clone())
                    }
                };
                let said = Event::Seated {
                    players: seating.players.clone(),
                    first: seating.players[seating.first].clone(),
                    whole: *whole,
                    deal: Some(code.to_string()),
                    given,
                };
                self.table = Some(seating);
                let mut said = vec![said];
                said.extend(self.pad_keeps());
                Ok(said)
            }
            PadAction::Round { scores } => {
                let pad = self.open_mut()?;
                let n = pad.players.len();
                if scores.len() != n {
                    return Err(GameError::word(format!(
                        "{} {} for {n} players: one each, in seating order ({})",
                        scores.len(),
                        crate::style::plural(scores.len() as u64, "score", "scores"),
                        pad.players.join(" ")
                    )));
                }
                if let Some(last) = pad.rounds.last()
                    && let Some(p) = last.iter().position(Option::is_none)
                {
                    return Err(GameError::rule(format!(
                        "round {} still lacks {}'s score: `pad {} N`",
                        pad.rounds.len(),
                        pad.players[p],
                        pad.players[p]
                    )));
                }
                room(pad)?;
                pad.rounds.push(scores.iter().map(|&s| Some(s)).collect());
                let round = pad.rounds.len();
                let mut said: Vec<Event> = scores
                    .iter()
                    .zip(&pad.players)
                    .map(|(&score, player)| Event::Entered {
                        round,
                        player: player.clone(),
                        score,
                    })
                    .collect();
                said.extend(won(pad));
                Ok(said)
            }
            PadAction::Entry { player, score } => {
                let pad = self.open_mut()?;
                let p = pad.player(player)?;
                let round = match pad.rounds.iter().position(|r| r[p].is_none()) {
                    Some(r) => r,
                    None => {
                        room(pad)?;
                        pad.rounds.push(vec![None; pad.players.len()]);
                        pad.rounds.len() - 1
                    }
                };
                pad.rounds[round][p] = Some(*score);
                let mut said = vec![Event::Entered {
                    round: round + 1,
                    player: pad.players[p].clone(),
                    score: *score,
                }];
                said.extend(won(pad));
                Ok(said)
            }
            PadAction::Fix {
                round,
                player,
                score,
            } => {
                let pad = self.open_mut()?;
                let p = pad.player(player)?;
                let rounds = pad.rounds.len();
                let Some(r) = pad.rounds.get_mut(round.wrapping_sub(1)) else {
                    return Err(GameError::word(format!(
                        "'{round}' is not a round of this pad: rounds 1 to {rounds}"
                    )));
                };
                let was = r[p].replace(*score);
                let mut said = vec![Event::Fixed {
                    round: *round,
                    player: pad.players[p].clone(),
                    was,
                    score: *score,
                }];
                said.extend(won(pad));
                Ok(said)
            }
            PadAction::End { day } => {
                let pad = self.open.as_ref().ok_or_else(no_pad)?;
                let winners = pad
                    .leaders()
                    .into_iter()
                    .map(|p| pad.players[p].clone())
                    .collect();
                let game = pad.game.clone();
                let number = self.file(day);
                Ok(vec![Event::Filed {
                    game,
                    number,
                    winners,
                }])
            }
            PadAction::Turn { at } => {
                let Some(pad) = self.open.as_mut() else {
                    // No pad's clock: the turn passes round the table.
                    let table = self.table.as_mut().ok_or_else(|| {
                        GameError::missing(
                            "no one is seated: `players alice bob carol` seats the table (or `pad new GAME PLAYERS...`)",
                        )
                    })?;
                    let next = table.next();
                    table.turn = Some(next);
                    return Ok(vec![Event::Next {
                        now: table.players[next].clone(),
                    }]);
                };
                // The pad's players are the table's: the one who starts
                // starts, and the table's turn follows the pad's.
                let table = self.table.as_mut().filter(|t| t.same(&pad.players));
                let n = pad.players.len();
                let (finished, next) = match pad.clock.running {
                    None => (None, table.as_ref().map_or(0, |t| t.first)),
                    Some((p, since)) => {
                        let took = at.saturating_sub(since);
                        pad.clock.thinking[p] = pad.clock.thinking[p].saturating_add(took);
                        pad.clock.turns[p] = pad.clock.turns[p].saturating_add(1);
                        (Some((pad.players[p].clone(), took)), (p + 1) % n)
                    }
                };
                pad.clock.running = Some((next, *at));
                if let Some(t) = table {
                    t.turn = Some(next);
                }
                Ok(vec![Event::Passed {
                    finished,
                    now: pad.players[next].clone(),
                }])
            }
        }
    }
}

/// Refuse a round past the most a pad keeps, or after the game is won.
fn room(pad: &Pad) -> Result<(), GameError> {
    if pad.over() {
        let leaders: Vec<&str> = pad
            .leaders()
            .into_iter()
            .map(|p| pad.players[p].as_str())
            .collect();
        return Err(GameError::rule(format!(
            "the game is over ({} reached the target; {} won): `pad end` files it, `pad fix` corrects a score",
            pad.target.unwrap_or_default(),
            leaders.join(" and ")
        )));
    }
    if pad.rounds.len() >= MOST_ROUNDS {
        return Err(GameError::rule(format!(
            "{MOST_ROUNDS} rounds on this pad: `pad end` files it"
        )));
    }
    Ok(())
}

/// The win, when this change completed the game.
fn won(pad: &Pad) -> Option<Event> {
    if !pad.over() {
        return None;
    }
    let leaders = pad.leaders();
    let total = pad.totals()[leaders[0]];
    Some(Event::Won {
        winners: leaders
            .into_iter()
            .map(|p| pad.players[p].clone())
            .collect(),
        total,
    })
}

impl Saved for Pads {
    const GAME: Game = Game::ScorePad;
    const WHAT: &'static str = "the saved score pads";
    const EXPORT_KEY: &'static str = "pads";

    fn check(&self) -> Result<(), Unsound> {
        Pads::check(self)
    }

    const KEEPS_SEATING: bool = true;

    fn seated(&self) -> Vec<String> {
        self.table.as_ref().map_or_else(Vec::new, |t| {
            let n = t.players.len();
            (0..n)
                .map(|i| t.players[(t.first + i) % n].clone())
                .collect()
        })
    }

    fn turn_now(&self) -> Option<String> {
        let t = self.table.as_ref()?;
        t.turn.map(|i| t.players[i].clone())
    }

    fn summary(&self) -> String {
        let n = self.filed.len();
        format!(
            "{} score pad, {n} {}",
            if self.open.is_some() {
                "an open"
            } else {
                "no open"
            },
            crate::style::plural(n as u64, "filed game", "filed games")
        )
    }
}

impl Play for Pads {
    type Action = PadAction;
    type Event = Event;

    fn sample(rng: &mut TableRng) -> Pads {
        let n = 2 + rng.below(3) as usize;
        let players = (1..=n).map(|i| format!("p{i}")).collect();
        let wins = if rng.coin() {
            Wins::Higher
        } else {
            Wins::Lower
        };
        Pads {
            open: Some(Pad::new("game", players, wins, Some(40), "2026-01-01")),
            filed: Vec::new(),
            table: None,
        }
    }

    fn apply(&mut self, action: &PadAction, _: &mut TableRng) -> Result<Vec<Event>, GameError> {
        let before = self.clone();
        let done = self.step(action);
        if done.is_err() {
            *self = before;
        }
        done
    }

    fn legal(&self) -> Vec<PadAction> {
        // As a player types them: the day and the time are the table's,
        // put in by `act` as the change is made.
        let day = String::new();
        // The table: seat it, pick who starts, deal an order, pass the turn.
        let mut table = vec![PadAction::Players {
            names: vec!["ann".into(), "Bo Li".into(), "zoë".into()],
        }];
        if self.table.is_some() {
            for whole in [false, true] {
                table.push(PadAction::Seat {
                    whole,
                    names: Vec::new(),
                    deal: Some(format!("K7Q2M{}", self.filed.len() % 10)),
                });
            }
        }
        let Some(pad) = &self.open else {
            table.push(PadAction::New {
                game: "game".into(),
                players: if self.table.is_some() {
                    Vec::new()
                } else {
                    vec!["ann".into(), "bo".into(), "cy".into()]
                },
                wins: Wins::Lower,
                target: Some(30),
                replace: false,
                day,
            });
            if self.table.is_some() {
                table.push(PadAction::Turn { at: 0 });
            }
            return table;
        };
        let n = pad.players.len();
        let mut all = Vec::new();
        if pad.complete() && pad.rounds.len() < MOST_ROUNDS && !pad.over() {
            all.push(PadAction::Round {
                scores: (0..n as i64).map(|i| (i * 7) % 10).collect(),
            });
        }
        if pad.rounds.len() < MOST_ROUNDS && !pad.over() {
            for p in &pad.players {
                all.push(PadAction::Entry {
                    player: p.clone(),
                    score: 3,
                });
            }
        }
        if !pad.rounds.is_empty() {
            all.push(PadAction::Fix {
                round: 1,
                player: pad.players[n - 1].clone(),
                score: 5,
            });
        }
        all.push(PadAction::Turn { at: 0 });
        all.push(PadAction::End { day: day.clone() });
        all.extend(table);
        all.push(PadAction::New {
            game: "next".into(),
            players: pad.players.clone(),
            wins: Wins::Higher,
            target: None,
            replace: true,
            day,
        });
        all
    }

    fn turn(&self) -> Turn {
        match &self.open {
            None => Turn {
                to_move: None,
                next: "`pad new GAME PLAYER...` starts a pad".into(),
                over: false,
            },
            Some(pad) => Turn {
                to_move: pad.clock.running.map(|(p, _)| pad.players[p].clone()),
                next: if pad.over() {
                    "`pad end` files the game".into()
                } else {
                    format!(
                        "`pad {}` records a round",
                        vec!["N"; pad.players.len()].join(" ")
                    )
                },
                over: false,
            },
        }
    }

    /// A pad lays no pieces on the table.
    fn layout(&self) -> Layout {
        Layout::new("score-pad", "Score pad")
    }

    fn secrets(&self, _: Option<usize>) -> Vec<String> {
        // Everything is in the open.
        Vec::new()
    }
}

impl Wing for ScorePad {
    const GAME: Game = Game::ScorePad;
    const NAMES: Names = Names {
        id: "score-pad",
        title: "Score pad",
        listed: "score-pad",
        short: None,
        aliases: &["pad"],
    };
    type State = Pads;
    type Action = PadAction;
    type Ask = Ask;
    type Event = Event;

    fn setup() -> Option<SetUp<Pads>> {
        None
    }

    fn solver() -> Option<Solver<Pads>> {
        None
    }

    fn commands() -> Vec<clap::Command> {
        let words = |help: &'static str| {
            clap::Arg::new("words")
                .value_name("WORDS")
                .num_args(0..)
                .trailing_var_arg(true)
                .allow_hyphen_values(true)
                .help(help)
        };
        vec![
            clap::Command::new("pad")
                .about("A score pad for any game: rounds, totals, who leads")
                .after_help(
                    "Examples:\n  pad new hearts alice bob carol dave lower wins to 100\n  \
                     pad 12 7 0 6        (a round, in seating order)\n  \
                     pad alice 12        (one player's score)\n  \
                     pad fix 3 bob 9     (correct round 3)\n  \
                     pad                 (the table of rounds and totals)\n  \
                     pad end             (file the game)\n  \
                     pad history\n  pad stats",
                )
                .arg(words(
                    "new GAME PLAYERS..., scores, PLAYER N, fix R PLAYER N, end, history, stats",
                )),
            clap::Command::new("turn")
                .about("Pass the turn round the table (timed on an open pad)")
                .arg(words("nothing: the turn passes in seating order")),
            clap::Command::new("players")
                .about("Who sits at the table, in seating order (for turn, pads and games)")
                .after_help(
                    "With no names, who is seated, who starts and whose turn it is.\n\
                     Names are any printable text up to 40 characters; quote one\n\
                     with spaces. `zoe` finds Zoë.\n\nExamples:\n  \
                     players ann ben \"cat lee\" zoë\n  players",
                )
                .arg(words("the players in seating order (none: who is seated)")),
            clap::Command::new("first")
                .about("Pick who starts, at random (the table keeps it)")
                .after_help(
                    "With no names, among the table's players (`players`), or the\n\
                     open pad's. Named, they are seated in that order.\n\nExamples:\n  \
                     first alice bob carol\n  first\n  first alice bob carol deal=K7Q2MX",
                )
                .arg(words(
                    "the players (none: the open pad's), and deal=CODE to repeat",
                )),
            clap::Command::new("seating")
                .about("Deal a random seating order (the table keeps it)")
                .after_help(
                    "With no names, the table's players, or the open pad's.\n\nExamples:\n  \
                     seating alice bob carol dave\n  seating\n  seating alice bob deal=K7Q2MX",
                )
                .arg(words(
                    "the players (none: the open pad's), and deal=CODE to repeat",
                )),
        ]
    }

    fn completions(path: &[&str], index: usize) -> Vec<&'static str> {
        match (path.first().copied(), index) {
            (Some("pad"), 0) => vec!["new", "fix", "end", "show", "history", "stats"],
            (Some("first" | "seating"), _) => vec!["deal="],
            _ => Vec::new(),
        }
    }

    fn line(action: &PadAction) -> String {
        // Its actions are written as whole command lines (`pad ann 3`, `turn`).
        action.to_string()
    }

    fn order(command: &str, m: &clap::ArgMatches) -> Result<Order<PadAction, Ask>, GameError> {
        let w = crate::games::args::words(m);
        if command == "first" || command == "seating" {
            return Ok(Order::Act(words::seats(command == "seating", &w)?));
        }
        if command == "players" {
            return Ok(match words::players(&w)? {
                Ok(action) => Order::Act(action),
                Err(ask) => Order::Ask(ask),
            });
        }
        if command == "turn" {
            return match w.first() {
                None => Ok(Order::Act(PadAction::Turn { at: 0 })),
                Some(x) => Err(GameError::word(format!(
                    "'{x}': `turn` takes no words (the turn passes in seating order)"
                ))),
            };
        }
        Ok(match words::pad(&w)? {
            Ok(action) => Order::Act(action),
            Err(ask) => Order::Ask(ask),
        })
    }

    fn ask(state: Option<&Pads>, ask: Ask, table: &mut Table) -> Result<Reply, GameError> {
        let empty = Pads::default();
        let pads = state.unwrap_or(&empty);
        match ask {
            Ask::Show => match &pads.open {
                Some(pad) => Ok(show::pad(pad, Vec::new(), table.now)),
                None => Err(no_pad()),
            },
            Ask::History => Ok(show::history(pads)),
            Ask::Stats(game) => show::stats(pads, game.as_deref()),
            Ask::Players => Ok(show::table(pads.table.as_ref())),
        }
    }

    fn act(
        slot: &mut Option<Pads>,
        mut action: PadAction,
        table: &mut Table,
    ) -> Result<Done<Vec<Event>>, GameError> {
        // The day and the time are put in here, as the change is made.
        match &mut action {
            PadAction::New { day, .. } | PadAction::End { day } => *day = table.today.to_string(),
            PadAction::Turn { at } => *at = table.now,
            // A seating not typed with a code is dealt from a fresh one.
            PadAction::Seat { deal, .. } if deal.is_none() => {
                *deal = Some(DealCode::draw(table.rng).to_string())
            }
            _ => {}
        }
        let pads = slot.get_or_insert_with(Pads::default);
        let said = pads.apply(&action, table.rng)?;
        Ok(Done::changed(said, action.to_string()))
    }

    /// The open pad's table of rounds and totals.
    fn screen(pads: &Pads, now: u64) -> Option<Reply> {
        pads.open
            .as_ref()
            .map(|pad| show::pad(pad, Vec::new(), now))
    }

    fn answer(
        state: Option<&Pads>,
        said: Vec<Event>,
        table: &mut Table,
    ) -> Result<Reply, GameError> {
        let empty = Pads::default();
        let pads = state.unwrap_or(&empty);
        Ok(match (&pads.open, said.as_slice()) {
            // Seating the table is said as such, pad or no pad.
            (_, [Event::Seated { .. }, ..]) => show::seated(said),
            (Some(pad), _) => show::pad(pad, said, table.now),
            (None, _) => show::said(said),
        })
    }
}
