//! What the shared screen shows: the game in play (its picture, whose
//! turn it is, its last moves), each saved game's board (a scorecard, a
//! score pad), the last dice rolled. Built from the store and the roll
//! log alone, once a change, for every page at once.

use std::path::Path;

use serde::Serialize;

use crate::games::game::Game;
use crate::games::record;
use crate::games::table::show::TurnNow;
use crate::store::{AtTable, Store};
use crate::style::Style;

/// Moves of the game in play listed under its picture.
const MOVES_SHOWN: usize = 5;
/// Rolls listed.
const ROLLS_SHOWN: usize = 4;
/// The width boards are drawn at: a phone's.
const BOARD_WIDTH: usize = 40;

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct TableView {
    /// Who sits at the table and whose turn it is, where it is seated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<People>,
    /// The game being played, if any.
    pub game: Option<InPlay>,
    /// Boards of saved games beside the picture (a run's scorecard, the
    /// score pad).
    pub boards: Vec<Board>,
    /// The last rolls, newest first.
    pub rolls: Vec<Roll>,
    /// The roll log's chain head (its first 12 hex digits), for the table
    /// to witness: `log verify` prints the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log_head: Option<String>,
    /// What each seat of the game in play sees and may do: sent to that
    /// seat's page alone, never to the table's screen or its JSON.
    #[serde(skip)]
    pub seats: Vec<SeatPart>,
    /// The saved rolls (name, expression): buttons on every seat's page,
    /// followed live; not the TV's.
    #[serde(skip)]
    pub saved: Vec<(String, String)>,
    /// Each person's luck this evening (`luck`): drawn on one scale.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub luck: Vec<crate::luck::Row>,
    /// What could not be shown this time, and why: the rest is shown,
    /// and the next change is followed as ever.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<String>,
}

/// The people at the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct People {
    /// From who starts round the table, as written.
    pub players: Vec<String>,
    /// Whose turn it is (none: `turn` not passed yet): the table's one
    /// answer, which `players`, each seat and the records give too.
    pub turn: Option<TurnNow>,
    /// The banner: whose turn it is in words (`Ben (Arms) to move`,
    /// `Zoë's turn`, `Ann starts`).
    pub banner: String,
    /// The time bank, when the table keeps one: each person's time left
    /// as the view was made, in the order of `players`; the page counts
    /// the running one down.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank: Option<BankView>,
}

/// The time bank on the screen.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BankView {
    /// Seconds left for each of `People::players` (below zero: over).
    pub left: Vec<i64>,
    /// Which of them is spending their time now (none while paused).
    pub running: Option<usize>,
    /// Who ran out.
    pub out: Vec<bool>,
    pub paused: bool,
}

impl People {
    /// The table as the store has it now.
    fn of(at: &AtTable) -> Option<People> {
        let t = at.seating.as_ref()?;
        let turn = crate::games::table::show::turn_now(t, at.in_play.as_ref());
        let players = at.names_from_first();
        let banner = match &turn {
            Some(now) if now.game.is_some() => format!("{} to move", now.who()),
            Some(now) => format!("{}'s turn", now.name),
            None => format!("{} starts", players.first()?),
        };
        let now = crate::roll_log::now();
        // A game of the table in play passes the turn by its moves: no
        // one's banked time runs then.
        let running = t
            .running
            .filter(|_| t.game_of_table(at.in_play.as_ref()).is_none());
        let bank = t.bank.as_ref().map(|b| {
            let from = t.from_first();
            BankView {
                left: from
                    .iter()
                    .map(|p| b.left_at(p.id, running, now).unwrap_or(0))
                    .collect(),
                running: running
                    .filter(|_| b.paused.is_none())
                    .and_then(|(id, _)| from.iter().position(|p| p.id == id)),
                out: from.iter().map(|p| b.flagged.contains(&p.id)).collect(),
                paused: b.paused.is_some(),
            }
        });
        Some(People {
            players,
            turn,
            banner,
            bank,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InPlay {
    pub title: String,
    /// The picture, as SVG.
    #[serde(skip)]
    pub svg: String,
    /// Whose turn it is, or how it ended.
    pub standing: String,
    /// The last moves in words, newest last.
    pub moves: Vec<String>,
    /// Whose each piece is, in the table's names: (name, what they play
    /// as), in seat order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub legend: Vec<(String, String)>,
}

/// One seat's own part of the game in play: its view of the pieces
/// (its hand, the dice under its cup) and the moves that are its to make.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatPart {
    /// The person's id at the table: their seat link's key.
    pub person: u32,
    pub title: String,
    /// The seat's view, as SVG.
    pub svg: String,
    /// Its moves now, as the lines that make them (empty: not its move).
    pub moves: Vec<String>,
    /// Where the game stands, for this seat.
    pub standing: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Board {
    pub title: String,
    pub text: String,
    /// The same as a table, where the board has one (the score pad): the
    /// page draws it as a real table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<crate::reply::Grid>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Roll {
    /// Who rolled, when the roll said (`roll 2d6 as ben`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    pub expr: String,
    pub note: Option<String>,
    pub total: Option<i64>,
    /// The dice as rolled, in words.
    pub shown: String,
    pub ago: String,
    /// Rolled on the table's own dice (`roll 2d6 = 3 4`), not by
    /// tablemate.
    pub table_dice: bool,
}

impl TableView {
    pub fn is_empty(&self) -> bool {
        self.table.is_none()
            && self.game.is_none()
            && self.boards.is_empty()
            && self.rolls.is_empty()
            && self.problems.is_empty()
    }
}

/// `part()`, or what went wrong in it as a problem to show: a fault in
/// one part (a panic on a damaged row) must not freeze every open page,
/// since the watcher that calls this is the only one.
fn guarded<T>(problems: &mut Vec<String>, what: &str, part: impl FnOnce() -> T) -> Option<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(part)) {
        Ok(t) => Some(t),
        Err(e) => {
            let why = e
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| e.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "an internal fault".into());
            problems.push(format!("{what} could not be shown: {why}"));
            None
        }
    }
}

/// The luck of everyone at the table since they sat down, as `luck`
/// weighs it (none with no one seated).
fn evening_luck(store: &Store, dir: &Path, at: &crate::store::AtTable) -> Vec<crate::luck::Row> {
    let Some(seating) = &at.seating else {
        return Vec::new();
    };
    let Ok(log) = crate::roll_log::read(dir) else {
        return Vec::new();
    };
    let since = store.read(crate::store::last_seated).ok().flatten();
    let span = crate::luck::Span::Evening { since };
    let entries: Vec<_> = log.entries.into_iter().filter(|e| span.holds(e)).collect();
    let people: Vec<String> = seating.people.iter().map(|p| p.name.clone()).collect();
    crate::luck::weigh(&entries, &people).rows
}

/// The table now.
pub fn build(store: &Store, dir: &Path) -> TableView {
    let now = crate::roll_log::now();
    let style = Style {
        width: BOARD_WIDTH,
        ..Style::plain()
    };
    let mut view = TableView::default();
    let mut problems = Vec::new();
    let states = store.states().unwrap_or_default();
    let at = store.at_table().unwrap_or_default();
    // The people by id, as a board that keeps them by id names them.
    let people = at.seating.as_ref().map_or_else(Vec::new, |t| t.by_ids());
    view.table = guarded(&mut problems, "the table", || People::of(&at)).flatten();
    view.game = guarded(&mut problems, "the game in play", || {
        in_play(store, &states, &at, view.table.as_ref())
    })
    .flatten();
    view.seats = guarded(&mut problems, "the seats' views", || {
        seat_parts(&states, &at)
    })
    .unwrap_or_default();
    view.saved = store
        .read(crate::store::saved_rolls)
        .map(|all| all.0.into_iter().map(|r| (r.name, r.expr)).collect())
        .unwrap_or_default();
    for (game, state) in &states {
        let board = guarded(&mut problems, game.title(), || {
            record::screen(*game, state, now, &people, &style)
        });
        if let Some(Some((text, grid))) = board {
            view.boards.push(Board {
                title: game.title().to_string(),
                text: crate::style::strip_ansi(&text),
                grid,
            });
        }
    }
    view.luck = guarded(&mut problems, "the evening's luck", || {
        evening_luck(store, dir, &at)
    })
    .unwrap_or_default();
    (view.rolls, view.log_head) = guarded(&mut problems, "the last rolls", || {
        let (entries, head) = crate::roll_log::recent(dir, ROLLS_SHOWN);
        let rolls = entries
            .into_iter()
            .rev()
            .map(|e| Roll {
                by: e.by,
                total: e.totals.first().copied(),
                // A secret roll shows the table only its commitment; a
                // reveal says what it opened.
                expr: match (&e.secret, &e.reveals) {
                    (Some(_), _) => format!("{} in secret", e.expr),
                    (_, Some(_)) => format!("{} revealed", e.expr),
                    _ => e.expr,
                },
                note: e.note,
                shown: match &e.secret {
                    Some(c) => format!("commitment {}", &c[..12.min(c.len())]),
                    None => e.shown,
                },
                ago: crate::roll_log::ago(e.at, now),
                table_dice: e.faces.is_some(),
            })
            .collect();
        (rolls, head.map(|h| h.chars().take(12).collect()))
    })
    .unwrap_or_default();
    view.problems = problems;
    view
}

/// The game being played, as its record and saved state show it.
fn in_play(
    store: &Store,
    states: &[(Game, serde_json::Value)],
    at: &AtTable,
    people: Option<&People>,
) -> Option<InPlay> {
    let rec = store.record(None).ok()??;
    // The game's state now: its slot's, as saved.
    let (_, state) = states.iter().find(|(g, _)| *g == rec.slot)?;
    let (layout, turn) = record::look(rec.game, state).ok()?;
    let moves = rec
        .steps
        .iter()
        .rev()
        .take(MOVES_SHOWN)
        .rev()
        .map(|s| match &s.by {
            Some(by) => format!("{by}: {}", s.what),
            None => s.what.clone(),
        })
        .collect();
    Some(InPlay {
        title: rec.game.title().to_string(),
        svg: crate::render::svg(&layout),
        // The table's game says whose move it is as the banner does.
        standing: match (people, &at.in_play) {
            (Some(p), Some(g))
                if g.game == rec.slot.id() && p.turn.as_ref().is_some_and(|t| t.game.is_some()) =>
            {
                p.banner.clone()
            }
            _ => record::standing(&turn),
        },
        moves,
        // Whose each piece is, then what the pieces the picture does
        // not write on are.
        legend: legend(rec.game, state, at, rec.slot)
            .into_iter()
            .chain(layout.key)
            .collect(),
    })
}

/// Whose each piece of the table's game is: each seat's person (the
/// frame's map) beside what the game says they play as.
fn legend(
    game: Game,
    state: &serde_json::Value,
    at: &AtTable,
    slot: Game,
) -> Vec<(String, String)> {
    let Some(seating) = at.seating.as_ref() else {
        return Vec::new();
    };
    if seating.playing.as_ref().is_none_or(|p| p.game != slot.id()) {
        return Vec::new();
    }
    game.wing()
        .roles(state)
        .into_iter()
        .enumerate()
        .filter_map(|(seat, role)| Some((seating.in_seat(seat)?.name.clone(), role)))
        .collect()
}

/// Each seat's own part of the table's game: the game's view for the
/// seat its person sits in (the frame's map from person to seat, never
/// the game's), and the moves that are theirs.
fn seat_parts(states: &[(Game, serde_json::Value)], at: &AtTable) -> Vec<SeatPart> {
    let Some(playing) = at.seating.as_ref().and_then(|t| t.playing.as_ref()) else {
        return Vec::new();
    };
    let Some((game, state)) = states.iter().find(|(g, _)| g.id() == playing.game) else {
        return Vec::new();
    };
    let wing = game.wing();
    playing
        .seats
        .iter()
        .enumerate()
        .filter_map(|(seat, &person)| {
            let v = wing.seat_view(state, seat)?;
            let standing = match (v.turn.over, v.turn.seat) {
                (true, _) => v.turn.next.clone(),
                (false, Some(s)) if s == seat => format!("Your move: {}", v.turn.next),
                (false, Some(s)) => at.seating.as_ref().and_then(|t| t.in_seat(s)).map_or_else(
                    || record::standing(&v.turn),
                    |p| format!("{}'s move", p.name),
                ),
                (false, None) => record::standing(&v.turn),
            };
            Some(SeatPart {
                person,
                title: game.title().to_string(),
                svg: crate::render::svg(&v.layout),
                moves: v.moves,
                standing,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_that_panics_is_said_and_the_rest_goes_on() {
        let mut problems = Vec::new();
        let bad: Option<u8> = guarded(&mut problems, "the score pad", || {
            let rows: Vec<u8> = Vec::new();
            rows[usize::from(rows.is_empty())]
        });
        assert_eq!(bad, None);
        let good = guarded(&mut problems, "the last rolls", || 7);
        assert_eq!(good, Some(7));
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].starts_with("the score pad could not be shown: index out of bounds"),
            "{problems:?}"
        );
    }
}
