//! What the table says: who sits at it, who starts, whose turn it is and
//! how long each has thought; and what a change to it did.

use serde::Serialize;

use super::events::Event;
use super::events::seconds;
use super::{InPlay, Seating};
use crate::games::wing::Turn;
use crate::reply::{Reply, Show};
use crate::style::Style;

/// One person as `players` lists them.
#[derive(Debug, Serialize)]
pub struct Sitter {
    pub id: u32,
    pub name: String,
    pub place: usize,
    pub starts: bool,
    /// Seconds thought on finished turns, and how many.
    pub thought: u64,
    pub turns: u32,
    /// Seconds left in the time bank now (below zero: over), if the
    /// table keeps one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left: Option<i64>,
    /// Their time ran out.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub out: bool,
}

/// Whose turn it is, in one answer for every view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TurnNow {
    /// The person's id and name as written.
    pub id: u32,
    pub name: String,
    /// The game whose move it is, when a game of the table is in play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Their part in that game (`Arms`), if it has parts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
}

impl TurnNow {
    /// "Ben (Arms)", "Zoë".
    pub fn who(&self) -> String {
        match &self.role {
            Some(r) => format!("{} ({r})", self.name),
            None => self.name.clone(),
        }
    }
}

/// Whose turn it is at `table` with `in_play` the game the store found.
pub fn turn_now(table: &Seating, in_play: Option<&InPlay>) -> Option<TurnNow> {
    let h = table.holder(in_play)?;
    Some(TurnNow {
        id: h.person.id,
        name: h.person.name.clone(),
        game: h.game.map(|(g, _)| g.to_string()),
        role: h.game.and_then(|(_, r)| r.map(str::to_string)),
    })
}

/// Where the game in `game`'s slot stands, in words (`Ben (Crowns) to
/// move`): the person the table seats on the mover, as written now, when
/// it is the table's game; the game's own words otherwise.
pub fn standing(table: Option<&Seating>, game: &str, title: &str, turn: &Turn) -> String {
    let in_play = InPlay {
        game: game.to_string(),
        title: title.to_string(),
        turn: turn.clone(),
    };
    match table.and_then(|t| t.mover(Some(&in_play))) {
        Some(h) if !turn.over => {
            let now = TurnNow {
                id: h.person.id,
                name: h.person.name.clone(),
                game: None,
                role: turn.role.clone(),
            };
            format!("{} to move", now.who())
        }
        _ => crate::games::record::standing(turn),
    }
}

/// Who sits at the table (`players`).
#[derive(Debug, Serialize)]
pub struct Players {
    players: Vec<Sitter>,
    first: Option<String>,
    turn: Option<TurnNow>,
    /// The clock of the turn running: whose, and seconds so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    running: Option<(String, u64)>,
    /// The time bank's rules, when the table keeps one.
    #[serde(skip_serializing_if = "Option::is_none")]
    bank: Option<BankRules>,
}

/// What the time bank says beside each person's time.
#[derive(Debug, Serialize)]
pub struct BankRules {
    pub plus: u64,
    pub out: super::bank::Out,
    pub paused: bool,
}

pub fn players(table: Option<&Seating>, in_play: Option<&InPlay>, now: u64) -> Reply {
    let Some(t) = table else {
        return Reply::new(
            "players",
            Players {
                players: Vec::new(),
                first: None,
                turn: None,
                running: None,
                bank: None,
            },
        );
    };
    // A game of the table in play passes the turn by its moves: no one's
    // banked time runs then.
    let running = t.running.filter(|_| t.game_of_table(in_play).is_none());
    Reply::new(
        "players",
        Players {
            players: t
                .people
                .iter()
                .enumerate()
                .map(|(i, p)| Sitter {
                    id: p.id,
                    name: p.name.clone(),
                    place: i + 1,
                    starts: i == t.first,
                    thought: p.thought,
                    turns: p.turns,
                    left: t.bank.as_ref().and_then(|b| b.left_at(p.id, running, now)),
                    // Out once flagged, or over their time this turn.
                    out: t.bank.as_ref().is_some_and(|b| {
                        b.flagged.contains(&p.id)
                            || b.left_at(p.id, running, now).is_some_and(|l| l < 0)
                    }),
                })
                .collect(),
            first: Some(t.people[t.first].name.clone()),
            turn: turn_now(t, in_play),
            running: t.running.and_then(|(id, since)| {
                let spent = match &t.bank {
                    Some(b) => b.spent(since, now),
                    None => now.saturating_sub(since),
                };
                Some((t.by_id(id)?.name.clone(), spent))
            }),
            bank: t.bank.as_ref().map(|b| BankRules {
                plus: b.plus,
                out: b.out,
                paused: b.paused.is_some(),
            }),
        },
    )
}

impl Show for Players {
    fn show(&self, style: &Style) -> String {
        if self.players.is_empty() {
            return "no one is seated: `players alice bob carol` seats the table".into();
        }
        let mut lines: Vec<String> = self
            .players
            .iter()
            .map(|p| {
                let mut line = format!("{}. {}", p.place, p.name);
                if p.starts {
                    line.push_str(" (starts)");
                }
                if p.turns > 0 {
                    line.push_str(&format!(
                        ": thought {} over {} {}",
                        seconds(p.thought),
                        p.turns,
                        if p.turns == 1 { "turn" } else { "turns" }
                    ));
                }
                if let Some(left) = p.left {
                    let sep = if p.turns > 0 { ";" } else { ":" };
                    let time = super::bank::clock(left.abs());
                    line.push_str(&match (left < 0, p.out) {
                        (true, _) => format!("{sep} ran out, {time} over"),
                        (false, true) => format!("{sep} {time} left (ran out)"),
                        (false, false) => format!("{sep} {time} left"),
                    });
                }
                line
            })
            .collect();
        match &self.turn {
            Some(t) if t.game.is_some() => lines.push(format!(
                "{}'s move in {}{}",
                t.name,
                t.game.as_deref().unwrap_or_default(),
                t.role.as_ref().map_or(String::new(), |r| format!(" ({r})"))
            )),
            Some(t) => {
                let mut line = format!("{}'s turn", t.name);
                if let Some((who, s)) = &self.running
                    && *who == t.name
                {
                    line.push_str(&format!(" ({} so far)", seconds(*s)));
                }
                lines.push(line);
            }
            None => {}
        }
        if let Some(b) = &self.bank {
            let mut line = match b.out {
                super::bank::Out::Lose => "time bank: who runs out loses".to_string(),
                super::bank::Out::Warn => {
                    "time bank: running out is said, play goes on".to_string()
                }
            };
            if b.plus > 0 {
                line.push_str(&format!("; +{} after each turn", seconds(b.plus)));
            }
            if b.paused {
                line.push_str("; paused (`turn resume`)");
            }
            lines.push(line);
        }
        lines
            .iter()
            .map(|l| crate::style::wrap(l, style.width, "  "))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The reply to a seating (`said`: an `Event::Seated` first).
#[derive(Debug, Serialize)]
struct Seated {
    names: Vec<String>,
    /// `first`: the starting player alone; `seating` and `players`:
    /// everyone, in seating order.
    order: Vec<String>,
    first: String,
    players: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deal: Option<String>,
    said: Vec<Event>,
}

pub fn seated(said: Vec<Event>) -> Reply {
    let Some(Event::Seated {
        players,
        first,
        whole,
        deal,
        given,
    }) = said.first()
    else {
        return self::said(said, None);
    };
    let kind = match (deal, whole) {
        (None, _) => "players",
        (Some(_), true) => "seating",
        (Some(_), false) => "first",
    };
    let order = if kind == "first" {
        vec![first.clone()]
    } else {
        players.clone()
    };
    Reply::new(
        kind,
        Seated {
            names: given.clone(),
            order,
            first: first.clone(),
            players: players.clone(),
            deal: deal.clone(),
            said: said.clone(),
        },
    )
}

impl Show for Seated {
    fn show(&self, style: &Style) -> String {
        lines(&self.said, style)
    }
}

/// What a change to the table did, and the table after it.
#[derive(Debug, Serialize)]
struct Said {
    said: Vec<Event>,
    players: Vec<String>,
}

pub fn said(said: Vec<Event>, table: Option<&Seating>) -> Reply {
    let kind = match said.first() {
        Some(Event::Passed { .. }) => "turn",
        _ => "players",
    };
    Reply::new(
        kind,
        Said {
            said,
            players: table.map(Seating::names).unwrap_or_default(),
        },
    )
}

impl Show for Said {
    fn show(&self, style: &Style) -> String {
        lines(&self.said, style)
    }
}

/// What the table said, a line an event (a seating is several), each
/// wrapped to the terminal.
fn lines(said: &[Event], style: &Style) -> String {
    let all = said
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n");
    all.lines()
        .map(|l| crate::style::wrap(l, style.width, "  "))
        .collect::<Vec<_>>()
        .join("\n")
}
