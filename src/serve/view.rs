//! What the shared screen shows: the game in play (its picture, whose
//! turn it is, its last moves), each saved game's board (a scorecard, a
//! score pad), the last dice rolled. Built from the store and the roll
//! log alone, once a change, for every page at once.

use std::path::Path;

use serde::Serialize;

use crate::games::record;
use crate::store::Store;
use crate::style::Style;

/// Moves of the game in play listed under its picture.
const MOVES_SHOWN: usize = 5;
/// Rolls listed.
const ROLLS_SHOWN: usize = 4;
/// The width boards are drawn at: a phone's.
const BOARD_WIDTH: usize = 40;

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct TableView {
    /// The game being played, if any.
    pub game: Option<InPlay>,
    /// Boards of saved games beside the picture (a run's scorecard, the
    /// score pad).
    pub boards: Vec<Board>,
    /// The last rolls, newest first.
    pub rolls: Vec<Roll>,
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
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Board {
    pub title: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Roll {
    pub expr: String,
    pub note: Option<String>,
    pub total: Option<i64>,
    /// The dice as rolled, in words.
    pub shown: String,
    pub ago: String,
}

impl TableView {
    pub fn is_empty(&self) -> bool {
        self.game.is_none() && self.boards.is_empty() && self.rolls.is_empty()
    }
}

/// The table now.
pub fn build(store: &Store, dir: &Path) -> TableView {
    let now = crate::roll_log::now();
    let style = Style {
        width: BOARD_WIDTH,
        ..Style::plain()
    };
    let mut view = TableView::default();
    let states = store.states().unwrap_or_default();
    if let Ok(Some(rec)) = store.record(None) {
        // The game's state now: its slot's, as saved.
        if let Some((_, state)) = states.iter().find(|(g, _)| *g == rec.slot)
            && let Ok((layout, turn)) = record::look(rec.game, state)
        {
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
            view.game = Some(InPlay {
                title: rec.game.title().to_string(),
                svg: crate::render::svg(&layout),
                standing: record::standing(&turn),
                moves,
            });
        }
    }
    for (game, state) in &states {
        if let Some(text) = record::screen(*game, state, now, &style) {
            view.boards.push(Board {
                title: game.title().to_string(),
                text: crate::style::strip_ansi(&text),
            });
        }
    }
    view.rolls = crate::roll_log::recent(dir, ROLLS_SHOWN)
        .into_iter()
        .rev()
        .map(|e| Roll {
            total: e.totals.first().copied(),
            expr: e.expr,
            note: e.note,
            shown: e.shown,
            ago: crate::roll_log::ago(e.at, now),
        })
        .collect();
    view
}
