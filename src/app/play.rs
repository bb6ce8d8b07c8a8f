//! `move` and `hint`: following the Funhouse room in play. The run keeps
//! each room's table and the moves made; a move is checked by replaying
//! them and trying it, then kept in one transaction, so `undo` takes it
//! back and another terminal sees it at once.

use std::fmt::Write;
use std::rc::Rc;
use std::time::Duration;

use serde_json::json;

use super::solve::parse_rows;
use super::{App, AppError, Reply, Result, invalid};
use crate::games::funhouse::Room;
use crate::games::funhouse::play::{self, Game};
use crate::games::funhouse::run::{Book, MAX_MOVES, Run};
use crate::games::funhouse::setup::{self as fs};
use crate::pieces::{Piece, Rank};
use crate::store::{self, Part};
use crate::style::wrap;

/// How long `hint` searches where a search can run long.
const HINT_BUDGET: Duration = Duration::from_secs(3);

/// The room in play: the run's first room not yet scored.
fn room_in_play(book: &Book) -> Result<(&Run, Room)> {
    let run = book.run.as_ref().ok_or_else(|| {
        invalid("moves are followed in a Funhouse run: `funhouse new`, then `setup` the room")
    })?;
    let room = run
        .next_room()
        .ok_or_else(|| invalid("every room of this run is scored: `funhouse end` files it"))?;
    Ok((run, room))
}

/// The room's game as set up in the run, with the moves kept so far.
pub(super) fn game(book: &Book, run: &Run, room: Room) -> Result<Option<Game>> {
    let t = &run.tables;
    let fresh = match room {
        Room::SlideJam => t
            .slide_jam
            .as_ref()
            .and_then(|g| parse_rows::<Piece>(g))
            .map(|g| Game::slide_jam(&g)),
        Room::MagicMirror => t.magic_mirror.as_ref().and_then(|[u, l]| {
            Some(Game::magic_mirror(
                &parse_rows::<Piece>(u)?,
                &parse_rows::<Piece>(l)?,
            ))
        }),
        Room::Barrels | Room::WhackADummy => run
            .barrels
            .as_ref()
            .and_then(|g| parse_rows::<Rank>(g))
            .map(|g| {
                if room == Room::Barrels {
                    Game::barrels(g, book.die)
                } else {
                    Game::whack(g)
                }
            }),
        Room::TrampoLand => t.trampo_land.as_ref().and_then(|s| {
            Some(Game::trampo_land(fs::trampo_land(
                s.die.parse().ok()?,
                s.cast,
                s.columns,
            )))
        }),
        Room::Catwalk => None,
    };
    let Some(fresh) = fresh else {
        return Ok(None);
    };
    let moves = t.played.get(room.id()).map_or(&[][..], Vec::as_slice);
    play::replay(fresh, moves)
        .map(Some)
        .map_err(|e| invalid(format!("{e}; `undo` or `setup {}` again", room.id())))
}

fn not_set_up(room: Room) -> AppError {
    if room == Room::Catwalk {
        return invalid(Game::notation(Room::Catwalk));
    }
    let setup = match room {
        Room::WhackADummy => "setup barrels".to_string(),
        _ => format!("setup {}", room.id()),
    };
    invalid(format!(
        "the run holds no {} table to follow: `{setup}` lays one out",
        room.title()
    ))
}

impl App {
    pub(super) fn make_move(&mut self, words: &[String]) -> Result<Reply> {
        if words.is_empty() {
            let book = self.load_book()?;
            let (_, room) = room_in_play(&book)?;
            return Err(invalid(format!(
                "{}: {}",
                room.title(),
                Game::notation(room)
            )));
        }
        let store = Rc::clone(&self.store);
        let (room, said, game, count) = store.change(Part::Funhouse, |c| {
            let mut book = super::funhouse::load_book(&store, c)?;
            let (run, room) = room_in_play(&book)?;
            let mut game = game(&book, run, room)?.ok_or_else(|| not_set_up(room))?;
            let (kept, said) = game.play(words).map_err(invalid)?;
            let run = book.run.as_mut().expect("checked above");
            let moves = run.tables.played.entry(room.id().to_string()).or_default();
            if moves.len() >= MAX_MOVES {
                return Err(invalid(format!(
                    "{MAX_MOVES} moves kept for this room: score it, or set it up again"
                )));
            }
            moves.push(kept.clone());
            let count = moves.len();
            store::save_funhouse(c, &book)?;
            Ok::<_, AppError>((
                (room, said, game, count),
                Some(format!("move {} ({})", kept, room.id())),
            ))
        })?;
        let mut text = format!("{} move {count}: ", room.title());
        text = wrap(&format!("{text}{said}"), self.style.width, "  ");
        let layout = game.layout();
        let _ = write!(text, "\n{}", self.diagram(&layout));
        let inputs = game.score_inputs();
        let over = game.is_over();
        let points = crate::games::funhouse::score::score(room, &inputs)
            .map(|sc| sc.total)
            .ok();
        if over && let Some(points) = points {
            let _ = write!(
                text,
                "\n{}",
                wrap(
                    &format!(
                        "the room is over at {points} {}: `score {}` records it",
                        crate::style::plural(points.into(), "point", "points"),
                        room.id(),
                    ),
                    self.style.width,
                    "  "
                )
            );
        }
        let data = json!({
            "room": room.id(),
            "move": count,
            "said": said,
            "over": over,
            "score_inputs": inputs,
            "points": points,
        });
        Ok(Reply::new("move", text, data).with_layout(layout))
    }

    pub(super) fn hint(&mut self) -> Result<Reply> {
        let book = self.load_book()?;
        let (run, room) = room_in_play(&book)?;
        let game = game(&book, run, room)?.ok_or_else(|| not_set_up(room))?;
        let start = std::time::Instant::now();
        let mut stop = || start.elapsed() > HINT_BUDGET || crate::cancel::check().is_err();
        let text = match game.hint(&mut stop) {
            Some((mv, why)) => wrap(
                &format!("{}: move {mv}; {why}", room.title()),
                self.style.width,
                "  ",
            ),
            None => format!(
                "{}: nothing left to do here: `score {}` records the room",
                room.title(),
                room.id()
            ),
        };
        Ok(Reply::new("hint", text, json!({"room": room.id()})))
    }

    /// The game followed in `room` of the open run, if any move was made
    /// in it: what the next room's setup carries over.
    pub(super) fn tracked(&self, room: Room) -> Result<Option<Game>> {
        let book = self.load_book()?;
        let Some(run) = &book.run else {
            return Ok(None);
        };
        if !run.tables.played.contains_key(room.id()) {
            return Ok(None);
        }
        game(&book, run, room)
    }

    /// The tracked position's score inputs, when the room in play has moves.
    pub(super) fn tracked_inputs(&self, room: Room) -> Result<Option<Vec<String>>> {
        let book = self.load_book()?;
        let Some(run) = &book.run else {
            return Ok(None);
        };
        if !run.tables.played.contains_key(room.id()) {
            return Ok(None);
        }
        Ok(game(&book, run, room)?.map(|g| g.score_inputs()))
    }
}
