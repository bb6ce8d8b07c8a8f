//! The score pad plugged into tablemate: its saved state (the open pad
//! and the filed games), its actions, and the `pad` and `turn` commands.

use super::events::{Event, PadAction};
use super::words::{self, Ask};
use super::{MOST_FILED, MOST_ROUNDS, Pad, Pads, Wins, show};
use crate::games::error::{GameError, Unsound};
use crate::games::game::Game;
use crate::games::game::Names;
use crate::games::wing::{Context, Done, Order, Play, Saved, Turn, Wing};
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

    /// File the open pad (if it holds any score), returning its number.
    fn file(&mut self, day: &str) -> Option<usize> {
        let mut pad = self.open.take()?;
        if pad.is_empty() {
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
                sheet,
            } => {
                if let Some(open) = &self.open
                    && !open.is_empty()
                    && !replace
                {
                    let line = action.to_string();
                    let mut then: Vec<String> = shlex::split(&line)
                        .unwrap_or_else(|| line.split(' ').map(String::from).collect());
                    then.push("--yes".into());
                    return Err(GameError::Confirm {
                        question: format!(
                            "a pad is open ({}, {}); file it and start {game}?",
                            open.game,
                            open.held()
                        ),
                        then,
                    });
                }
                // No players named and no one seated (`act` puts in the
                // table's, from who starts). Named, the pad keeps its own:
                // a seat scores in the column of its person's name.
                if players.is_empty() {
                    return Err(GameError::word(
                        "name the players in seating order: pad new hearts alice bob carol (or seat the table first: players alice bob carol)",
                    ));
                }
                let players = players.clone();
                let mut pad = Pad::new(game, players, *wins, *target, day);
                if let Some(spec) = sheet {
                    // The sheet says who wins and when the game ends.
                    if *wins == Wins::Lower || target.is_some() {
                        return Err(GameError::word(format!(
                            "{game}'s score sheet says who wins and when the game ends: leave out lower wins and to N"
                        )));
                    }
                    pad.wins = match spec.wins {
                        crate::sheet::WinRule::Lowest => Wins::Lower,
                        _ => Wins::Higher,
                    };
                    pad.target = spec.ends_at.filter(|&t| t > 0 && t <= super::MOST_SCORE);
                    pad.sheet = Some(super::SheetPad::new(spec.clone()));
                }
                let filed = self.file(day);
                self.open = Some(pad);
                Ok(vec![Event::Started {
                    game: game.clone(),
                    filed,
                }])
            }
            PadAction::Round { scores } => {
                let pad = self.open_mut()?;
                plain(pad)?;
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
            PadAction::Entry {
                player,
                score,
                exact,
            } => {
                let pad = self.open_mut()?;
                plain(pad)?;
                let p = if *exact {
                    pad.exactly(player)?
                } else {
                    pad.player(player)?
                };
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
                plain(pad)?;
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
            PadAction::Mark {
                player,
                items,
                exact,
            } => {
                let pad = self.open_mut()?;
                let p = if *exact {
                    pad.exactly(player)?
                } else {
                    pad.player(player)?
                };
                if pad.sheet.is_none() {
                    return Err(no_sheet(pad, player, items));
                }
                room(pad)?;
                let names = pad.players.clone();
                let mut said = match pad.sheet.as_mut() {
                    Some(kept) => kept.enter(&names, p, items, None)?,
                    None => Vec::new(),
                };
                said.extend(won(pad));
                Ok(said)
            }
            PadAction::Amend {
                round,
                player,
                items,
            } => {
                let pad = self.open_mut()?;
                // `pad fix x bob 1` on plain scores: the round mistyped.
                if pad.sheet.is_none() && round.is_none() {
                    return Err(GameError::word(format!(
                        "'{player}' is not a round: pad fix 3 bob 9"
                    )));
                }
                let p = pad.player(player)?;
                let names = pad.players.clone();
                let Some(kept) = pad.sheet.as_mut() else {
                    return Err(no_sheet(pad, player, items));
                };
                let mut said = kept.enter(&names, p, items, Some(*round))?;
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
        }
    }
}

/// Refuse a plain score on a pad that keeps a sheet.
fn plain(pad: &Pad) -> Result<(), GameError> {
    match &pad.sheet {
        None => Ok(()),
        Some(kept) => Err(GameError::word(format!(
            "{} keeps a score sheet: enter a category for a player, pad {} {} ... (`pad` shows the sheet)",
            pad.game, pad.players[0], kept.spec.categories[0].name
        ))),
    }
}

/// Why a category cannot be entered on a pad of plain scores: a lone
/// word is a score mistyped.
fn no_sheet(pad: &Pad, player: &str, items: &[(String, Vec<String>)]) -> GameError {
    match items {
        [(word, rest)] if rest.is_empty() => GameError::word(format!(
            "'{word}' is not a score: write a whole number, like pad alice 12"
        )),
        _ => GameError::word(format!(
            "'{}': {} keeps plain scores, not categories: pad {player} 12 (a game whose rule file has a score sheet keeps categories: pad new yacht)",
            items[0].0, pad.game
        )),
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
        if pad.sheet.is_some() && pad.target.is_none() {
            return Err(GameError::rule(format!(
                "the game is over (every entry is in; {} won): `pad end` files it, `pad fix` corrects an entry",
                if leaders.is_empty() {
                    "no one".to_string()
                } else {
                    leaders.join(" and ")
                }
            )));
        }
        return Err(GameError::rule(format!(
            "the game is over ({} reached the target; {} won): `pad end` files it, `pad fix` corrects a score",
            pad.target.unwrap_or_default(),
            if leaders.is_empty() {
                "no one".to_string()
            } else {
                leaders.join(" and ")
            }
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
    // No one may have won: a table together short of its goal, a
    // solitaire lost (the rat never got out).
    let total = leaders.first().map_or(0, |&p| pad.totals()[p]);
    Some(Event::Won {
        winners: leaders
            .into_iter()
            .map(|p| pad.players[p].clone())
            .collect(),
        total,
    })
}

/// A shipped sheet for random play: its rule file's `scoring:` (read
/// here, not through the rule library, which knows the games).
fn sample_sheet(which: usize) -> Option<crate::sheet::SheetSpec> {
    let text = [
        include_str!("../../../rules/sheets/yacht.yaml"),
        include_str!("../../../rules/sheets/casino.yaml"),
        include_str!("../../../rules/sheets/five-hundred-rum.yaml"),
        // What winning takes (`to_win`): a solitaire lost, a race no
        // one finished.
        "scoring: {wins: lowest, to_win: out, categories: [{name: out, enter: yes/no, subtotal: true}, {name: coins, enter: count, max: 24}]}",
        "scoring: {to_win: home and buddies == 2, categories: [{name: buddies, enter: count, max: 2}, {name: home, enter: yes/no, subtotal: true}]}",
    ]
    .get(which)?;
    crate::sheet::in_rule_file(text, None)
}

impl Saved for Pads {
    const GAME: Game = Game::ScorePad;
    const WHAT: &'static str = "the saved score pads";
    const EXPORT_KEY: &'static str = "pads";

    fn check(&self) -> Result<(), Unsound> {
        Pads::check(self)
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

    fn plays(&self) -> Vec<crate::plays::Play> {
        self.filed_plays()
    }
}

impl Play for Pads {
    type Action = PadAction;
    type Event = Event;

    /// The open pad's columns follow the table's renames (filed pads keep
    /// the names they were filed with).
    fn seated_as(&mut self, people: &[(u32, String)]) {
        if let Some(open) = self.open.as_mut() {
            open.seated_as(people);
        }
    }

    fn sample(rng: &mut TableRng) -> Pads {
        let n = 2 + rng.below(3) as usize;
        let players = (1..=n).map(|i| format!("p{i}")).collect();
        let wins = if rng.coin() {
            Wins::Higher
        } else {
            Wins::Lower
        };
        // A plain pad, or one of the shipped sheets (by the seed, so a
        // few seeds play each).
        let sheet = ((rng.seed() % 6) as usize)
            .checked_sub(1)
            .and_then(sample_sheet);
        let mut pad = Pad::new("game", players, wins, Some(40), "2026-01-01");
        if let Some(spec) = sheet {
            pad.wins = match spec.wins {
                crate::sheet::WinRule::Lowest => Wins::Lower,
                _ => Wins::Higher,
            };
            pad.target = spec.ends_at;
            pad.sheet = Some(super::SheetPad::new(spec));
        }
        Pads {
            open: Some(pad),
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
        let Some(pad) = &self.open else {
            return vec![PadAction::New {
                game: "game".into(),
                players: vec!["ann".into(), "Bo Li".into(), "zoë".into()],
                wins: Wins::Lower,
                target: Some(30),
                replace: false,
                day,
                sheet: None,
            }];
        };
        let n = pad.players.len();
        let mut all = Vec::new();
        if let Some(kept) = &pad.sheet {
            all.extend(kept.legal(&pad.players, pad.over()));
        }
        if pad.sheet.is_none() && pad.complete() && pad.rounds.len() < MOST_ROUNDS && !pad.over() {
            all.push(PadAction::Round {
                scores: (0..n as i64).map(|i| (i * 7) % 10).collect(),
            });
        }
        if pad.sheet.is_none() && pad.rounds.len() < MOST_ROUNDS && !pad.over() {
            for p in &pad.players {
                all.push(PadAction::Entry {
                    player: p.clone(),
                    score: 3,
                    exact: false,
                });
            }
        }
        if pad.sheet.is_none() && !pad.rounds.is_empty() {
            all.push(PadAction::Fix {
                round: 1,
                player: pad.players[n - 1].clone(),
                score: 5,
            });
        }
        all.push(PadAction::End { day: day.clone() });
        all.push(PadAction::New {
            game: "next".into(),
            players: pad.players.clone(),
            wins: Wins::Higher,
            target: None,
            replace: true,
            day,
            sheet: None,
        });
        all
    }

    fn turn(&self) -> Turn {
        match &self.open {
            None => Turn {
                to_move: None,
                next: "`pad new GAME PLAYER...` starts a pad".into(),
                over: false,
                seat: None,
                role: None,
            },
            Some(pad) => Turn {
                // Whose turn it is is the table's, not the pad's.
                to_move: None,
                next: if pad.over() {
                    "`pad end` files the game".into()
                } else if let Some(kept) = &pad.sheet {
                    format!(
                        "`pad {} {} ...` enters a category",
                        pad.players[0], kept.spec.categories[0].name
                    )
                } else {
                    format!(
                        "`pad {}` records a round",
                        vec!["N"; pad.players.len()].join(" ")
                    )
                },
                over: false,
                seat: None,
                role: None,
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
        let words = crate::games::args::words_arg;
        vec![
            clap::Command::new("pad")
                .about("A score pad for any game: rounds, totals, who leads")
                .after_help(
                    "Examples:\n  pad new hearts alice bob carol dave lower wins to 100\n  \
                     pad 12 7 0 6        (a round, in seating order)\n  \
                     pad alice 12        (one player's score)\n  \
                     pad alice ones 1 1 1 4 5  (a category, on a sheet)\n  \
                     pad alice           (on a sheet: asks each open category)\n  \
                     pad fix 3 bob 9     (correct round 3)\n  \
                     pad                 (the table of rounds and totals)\n  \
                     pad end             (file the game)\n  \
                     pad history\n  pad stats",
                )
                .arg(words(
                    "new GAME PLAYERS..., scores, PLAYER N, fix R PLAYER N, end, history, stats",
                )),
        ]
    }

    fn completions(path: &[&str], index: usize) -> Vec<&'static str> {
        match (path.first().copied(), index) {
            (Some("pad"), 0) => vec!["new", "fix", "end", "show", "history", "stats"],
            _ => Vec::new(),
        }
    }

    fn line(action: &PadAction) -> String {
        // Its actions are written as whole command lines (`pad ann 3`).
        action.to_string()
    }

    fn order(_command: &str, m: &clap::ArgMatches) -> Result<Order<PadAction, Ask>, GameError> {
        let w = crate::games::args::words(m);
        Ok(match words::pad(&w)? {
            Ok(action) => Order::Act(action),
            Err(ask) => Order::Ask(ask),
        })
    }

    fn ask(state: Option<&Pads>, ask: Ask, _table: &mut Context) -> Result<Reply, GameError> {
        let empty = Pads::default();
        let pads = state.unwrap_or(&empty);
        match ask {
            Ask::Show => match &pads.open {
                Some(pad) => Ok(show::pad(pad, Vec::new())),
                None => Err(no_pad()),
            },
            Ask::History => Ok(show::history(pads)),
            Ask::Stats(game) => show::stats(pads, game.as_deref()),
            Ask::Entries(player) => {
                let pad = pads.open.as_ref().ok_or_else(no_pad)?;
                let Some(kept) = &pad.sheet else {
                    return Err(words::not_understood(&player));
                };
                let p = pad.player(&player)?;
                room(pad)?;
                let name = &pad.players[p];
                let asking = |q: usize| {
                    let (round, open) = kept.open_for(q);
                    let name = &pad.players[q];
                    (!open.is_empty()).then(|| crate::sheet::asking::Asking {
                        player: name.clone(),
                        round,
                        categories: open
                            .into_iter()
                            .map(|c| kept.spec.categories[c].clone())
                            .collect(),
                        before: vec!["pad".into(), name.clone()],
                        then: Vec::new(),
                    })
                };
                let Some(mut first) = asking(p) else {
                    return Err(GameError::rule(format!(
                        "{name} has entered every category: pad fix {name} CATEGORY ... changes one"
                    )));
                };
                // Then the others, in seating order from them.
                let n = pad.players.len();
                first.then = (1..n).filter_map(|k| asking((p + k) % n)).collect();
                Err(GameError::Entries(first))
            }
        }
    }

    fn act(
        slot: &mut Option<Pads>,
        mut action: PadAction,
        table: &mut Context,
    ) -> Result<Done<Vec<Event>>, GameError> {
        // The day and the time are put in here, as the change is made.
        match &mut action {
            PadAction::New {
                day,
                players,
                game,
                sheet,
                ..
            } => {
                *day = table.today.to_string();
                // The game's sheet, where its rule file has one.
                // Filed under the game's own id (`pad new rum` is
                // five-hundred-rum's pad), so its plays join the game's
                // others in `stats`.
                if let Some((id, spec)) = (table.sheet)(game).map_err(|e| GameError::rule(e.0))? {
                    *game = id;
                    *sheet = Some(spec);
                }
                // No one named: the table's people, in seating order, so
                // the line kept says who played.
                if players.is_empty() {
                    *players = table.seating.clone();
                }
            }
            PadAction::End { day } => *day = table.today.to_string(),
            // From a seat, the score is the seat's person's: in their
            // column by id where the pad knows its people (a column of
            // someone else never takes it, whatever its name), else in
            // the column of their name exactly.
            PadAction::Entry { player, exact, .. } | PadAction::Mark { player, exact, .. } => {
                if let Some(p) = &table.acting {
                    *exact = true;
                    let open = slot.as_ref().and_then(|pads| pads.open.as_ref());
                    *player = match open {
                        Some(pad) if !pad.ids.is_empty() => {
                            let mine = pad.ids.iter().position(|id| *id == Some(p.id));
                            let theirs =
                                pad.exactly(&p.name).ok().filter(|&c| pad.ids[c].is_some());
                            match (mine, theirs) {
                                (Some(c), _) => pad.players[c].clone(),
                                // The name is another person's column.
                                (None, Some(_)) => return Err(pad.no_column(&p.name)),
                                (None, None) => p.name.clone(),
                            }
                        }
                        _ => p.name.clone(),
                    };
                }
            }
            _ => {}
        }
        let pads = slot.get_or_insert_with(Pads::default);
        let said = pads.apply(&action, table.rng)?;
        // A new pad's columns that are the table's people are theirs by
        // id, so a rename at the table takes its column with it.
        if let (PadAction::New { .. }, Some(open)) = (&action, pads.open.as_mut()) {
            open.ids = open
                .players
                .iter()
                .map(|n| {
                    let folded = crate::people::folded(n);
                    table
                        .people
                        .iter()
                        .find(|(_, p)| crate::people::folded(p) == folded)
                        .map(|(id, _)| *id)
                })
                .collect();
            if open.ids.iter().all(Option::is_none) {
                open.ids.clear();
            }
        }
        // A pad opened with its players while no one sits seats them.
        if let PadAction::New { players, .. } = &action
            && table.players.is_empty()
            && !players.is_empty()
        {
            table.seat_them = Some(players.clone());
        }
        Ok(Done::changed(said, action.to_string()))
    }

    /// The open pad's table of rounds and totals.
    fn screen(pads: &Pads, _now: u64) -> Option<Reply> {
        pads.open.as_ref().map(|pad| show::pad(pad, Vec::new()))
    }

    fn answer(
        state: Option<&Pads>,
        said: Vec<Event>,
        _table: &mut Context,
    ) -> Result<Reply, GameError> {
        let empty = Pads::default();
        let pads = state.unwrap_or(&empty);
        Ok(match (&pads.open, said.as_slice()) {
            (Some(pad), _) => show::pad(pad, said),
            (None, _) => show::said(said),
        })
    }
}

#[cfg(test)]
mod tests {
    /// Every sheet random play plays reads and checks: a sheet that did
    /// not would leave random play on plain pads alone, unsaid.
    #[test]
    fn random_plays_sheets_all_read() {
        for which in 0..5 {
            let spec = super::sample_sheet(which).unwrap_or_else(|| panic!("sheet {which}"));
            assert!(crate::sheet::Sheet::new(spec).is_ok(), "sheet {which}");
        }
        assert!(super::sample_sheet(5).is_none());
    }
}
