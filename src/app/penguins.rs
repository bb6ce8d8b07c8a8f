//! `setup penguins` and the `penguins` command: Penguin's Night Out
//! followed turn by turn. The rules live in `games::penguins_play`; this
//! reads the words, keeps each step in the store in one transaction, and
//! draws.

use std::fmt::Write;

use super::setup::given;
use super::{App, AppError, Reply, Result, data, invalid};
use crate::games::compass::Dir;
use crate::games::layouts;
use crate::games::penguins::{self, Board};
use crate::games::penguins_play::{self, Phase, Play, parse_sq, sq_name};
use crate::pieces::Domino;
use crate::random::TableRng;
use crate::store::{self, Part};
use crate::style::Tone;

impl App {
    pub(super) fn setup_penguins(&mut self, args: &[String]) -> Result<Reply> {
        let inputs = given("penguins-night-out", args)?;
        let players = inputs.number("players").unwrap_or(2) as usize;
        let elbow = inputs.choice("variant") == Some("elbow-room");
        if elbow && players < 3 {
            return Err(invalid("Elbow Room is for three or more players"));
        }
        let top = if elbow { 9 } else { 6 };
        let mut board = penguins::lay(top, &mut self.rng);
        let own = match inputs.text("layout") {
            Some(spec) => Some(read_layout(spec, top)?),
            None => None,
        };
        if let Some(laid) = &own {
            // The set as laid, in reading order (the rows keep the set;
            // where each domino lies is the game's).
            let mut order = laid.clone();
            order.sort_by_key(|d| d.at);
            board.rows = vec![order.iter().map(|d| (d.a, d.b)).collect()];
        }
        let nests: Vec<(Domino, usize)> = match inputs.text("nests") {
            Some(list) => given_nests(list, players, top)?
                .into_iter()
                .map(|d| (d, 0))
                .collect(),
            None => penguins::nests(&board, players, &mut self.rng),
        };
        board.nests = nests.iter().map(|(d, _)| (d.low, d.high)).collect();
        let laid = own.unwrap_or_else(|| penguins_play::from_rows(&board.rows));
        let nest_dominoes: Vec<Domino> = nests.iter().map(|(d, _)| *d).collect();
        board.play = Some(Play::new(laid, &nest_dominoes, top));
        self.store.change(Part::Penguins, |c| {
            store::save_penguins(c, &board)?;
            Ok::<_, AppError>(((), Some("setup penguins".to_string())))
        })?;
        let mut text = format!(
            "{}\n",
            self.style.paint(
                if elbow {
                    "Penguin's Night Out: Elbow Room"
                } else {
                    "Penguin's Night Out"
                },
                Tone::Heading
            )
        );
        let layout = layouts::penguins(&board);
        text.push_str(&self.diagram(&layout));
        let play = board.play.as_ref().expect("just set");
        for (i, (d, rerolls)) in nests.iter().enumerate() {
            let at = play
                .board
                .iter()
                .find(|l| l.domino() == *d)
                .map(|l| sq_name(l.at))
                .unwrap_or_default();
            let again = if *rerolls > 0 {
                format!(
                    " (after {rerolls} reroll{})",
                    if *rerolls == 1 { "" } else { "s" }
                )
            } else {
                String::new()
            };
            let _ = write!(text, "\nplayer {}: nest {d} at {at}{again}", i + 1);
        }
        text.push_str("\neach penguin starts on the middle of its nest\nbuddy tokens:");
        for i in 0..players {
            let [a, b] = penguins::buddy_holders(i, players);
            if a == b {
                let _ = write!(text, "\n  player {}'s two go to player {}", i + 1, a + 1);
            } else {
                let _ = write!(
                    text,
                    "\n  player {}'s go to players {} and {}",
                    i + 1,
                    a + 1,
                    b + 1
                );
            }
        }
        let _ = write!(text, "\n{}", self.wrap_line(&next_step(play)));
        Ok(Reply::new("setup", text, data(&board.laid(&nest_dominoes))).with_layout(layout))
    }

    pub(super) fn penguins(&mut self, words: &[String]) -> Result<Reply> {
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let w: Vec<&str> = lower.iter().map(String::as_str).collect();
        if matches!(w.as_slice(), [] | ["show"]) {
            let board = self
                .store
                .read(|c| store::penguins(c)?.ok_or_else(no_board))?;
            return Ok(self.penguins_reply(&board, &[]));
        }
        let label = format!("penguins {}", w.join(" "));
        let rng = &mut self.rng;
        let (board, lines) = self.store.change(Part::Penguins, |c| {
            let mut board = store::penguins(c)?.ok_or_else(no_board)?;
            let sides = board.die_sides;
            let play = board.play.as_mut().ok_or_else(|| {
                invalid("this board was laid before tablemate followed the game: `setup penguins` lays one to play")
            })?;
            let lines = step(play, &w, rng, sides)?;
            store::save_penguins(c, &board)?;
            Ok::<_, AppError>(((board, lines), Some(label)))
        })?;
        Ok(self.penguins_reply(&board, &lines))
    }

    fn wrap_line(&self, line: &str) -> String {
        crate::style::wrap(line, self.style.width, "  ")
    }

    fn penguins_reply(&self, board: &Board, lines: &[String]) -> Reply {
        let layout = layouts::penguins(board);
        let mut text = self.narrated(lines, &layout);
        if let Some(play) = &board.play {
            let mut status: Vec<String> = play
                .penguins
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    format!(
                        "{} player {}: carrying {}{}",
                        char::from(b'A' + i as u8),
                        i + 1,
                        p.carrying,
                        if p.stunned { ", stunned" } else { "" }
                    )
                })
                .collect();
            status.push(next_step(play));
            for s in status {
                let _ = write!(text, "\n{}", self.wrap_line(&s));
            }
        }
        Reply::new("penguins", text, data(board)).with_layout(layout)
    }
}

fn no_board() -> AppError {
    invalid("no penguin board: `setup penguins players=N` lays one")
}

/// What the game waits for, in words.
fn next_step(play: &Play) -> String {
    let p = play.to_move + 1;
    match play.phase {
        Phase::Place => match play.next_placing() {
            Some((placer, token)) => format!(
                "next: player {} places player {}'s buddy: `penguins place r3c4` (or `penguins place` at random)",
                placer + 1,
                play.buddies[token].owner + 1
            ),
            None => String::new(),
        },
        Phase::Roll => {
            format!("next: player {p} rolls to move: `penguins roll` (or `penguins roll 4`)")
        }
        Phase::Move => format!(
            "next: player {p} moves (rolled {}): `penguins move e e s`, or `penguins move stay`",
            play.roll.unwrap_or(0)
        ),
        Phase::Moved => format!(
            "next: player {p} alters the board: `penguins alter` (or `penguins alter 3 5`){}",
            if play.rights.nudges > 0 {
                "; first, if you like, `penguins shift SQUARE DIR` a buddy"
            } else {
                ""
            }
        ),
        Phase::Altered => format!("next: player {p} ends the turn: `penguins done`"),
        Phase::Over => format!("game over: player {} won", play.winner.map_or(0, |w| w + 1)),
    }
}

/// One step of the game from the command's words; the tool rolls (dice
/// of `sides`) or picks a square only where the player gave none.
fn step(play: &mut Play, w: &[&str], rng: &mut TableRng, sides: u8) -> Result<Vec<String>> {
    let one = |r: std::result::Result<String, String>| r.map(|l| vec![l]).map_err(invalid);
    let number = |s: &str| {
        s.parse::<u8>()
            .map_err(|_| invalid(format!("'{s}' is not a die result")))
    };
    let square = |s: &str| {
        parse_sq(s).ok_or_else(|| invalid(format!("'{s}' is not a square: write it like r3c4")))
    };
    let dir = |s: &str| -> Result<Dir> {
        s.parse::<Dir>()
            .map_err(|_| invalid(format!("'{s}' is not a direction: expected n, e, s or w")))
    };
    match w {
        ["place"] => {
            let free = play.vacant_squares();
            if free.is_empty() || play.phase != Phase::Place {
                return one(play.place((0, 0)));
            }
            let s = free[rng.below(free.len() as u64) as usize];
            one(play.place(s))
        }
        ["place", s] => one(play.place(square(s)?)),
        ["roll"] => one(play.set_roll(Board::die_value(sides, rng))),
        ["roll", v] => one(play.set_roll(number(v.strip_prefix("die=").unwrap_or(v))?)),
        ["move", "stay"] => play.walk(None, &[]).map_err(invalid),
        ["move", "from", s, route @ ..] => {
            let route: Vec<Dir> = route.iter().map(|d| dir(d)).collect::<Result<_>>()?;
            play.walk(Some(square(s)?), &route).map_err(invalid)
        }
        ["move", route @ ..] if !route.is_empty() => {
            let route: Vec<Dir> = route.iter().map(|d| dir(d)).collect::<Result<_>>()?;
            play.walk(None, &route).map_err(invalid)
        }
        ["move"] => Err(invalid(
            "say the route: `penguins move e e s` (or `penguins move stay`)",
        )),
        ["shift", s, d] => one(play.shift(square(s)?, dir(d)?)),
        ["alter"] => {
            let (a, b) = (Board::die_value(sides, rng), Board::die_value(sides, rng));
            play.alter(a, b).map_err(invalid)
        }
        ["alter", a, b] => play.alter(number(a)?, number(b)?).map_err(invalid),
        ["alter", dice] if dice.starts_with("die=") => {
            let given: Vec<&str> = dice["die=".len()..].split(',').collect();
            let [a, b] = given.as_slice() else {
                return Err(invalid(format!("'{dice}': give both dice, like die=3,5")));
            };
            play.alter(number(a)?, number(b)?).map_err(invalid)
        }
        ["relocate", d, to] => {
            let domino: Domino = d.parse().map_err(|e| invalid(format!("{e}")))?;
            let (sq, down) = match to.strip_suffix(['v', 'd']) {
                Some(s) => (s, true),
                None => (to.strip_suffix('h').unwrap_or(to), false),
            };
            one(play.relocate(domino, square(sq)?, down))
        }
        ["done"] => play.done().map_err(invalid),
        [other, ..] => Err(invalid(format!(
            "'{other}' is not a penguins action here{}: expected {}",
            crate::suggest::hint(other, penguins_play::COMMAND_WORDS),
            penguins_play::COMMAND_WORDS.join(", ")
        ))),
        [] => unreachable!("showing is handled first"),
    }
}

/// A layout given inline (dominoes like `3-5@r1c1`, split by spaces,
/// commas or semicolons) or as a file holding them.
fn read_layout(spec: &str, top: u8) -> Result<Vec<penguins_play::Laid>> {
    let text = if spec.contains('@') {
        spec.to_string()
    } else {
        std::fs::read_to_string(spec).map_err(|e| {
            invalid(format!(
                "layout={spec}: not a layout (dominoes like 3-5@r1c1) and not a file we can read ({e})"
            ))
        })?
    };
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .collect();
    penguins_play::read_layout(&words, top).map_err(invalid)
}

/// Nests given as `3-5,1-2`: one a player, all different, in the set.
fn given_nests(list: &str, players: usize, top: u8) -> Result<Vec<Domino>> {
    let nests: Vec<Domino> = list
        .split(',')
        .map(|d| {
            d.trim()
                .parse::<Domino>()
                .map_err(|e| invalid(format!("nests=: {e}")))
        })
        .collect::<Result<_>>()?;
    if nests.len() != players {
        return Err(invalid(format!(
            "nests=: {} given for {players} players",
            nests.len()
        )));
    }
    for (i, d) in nests.iter().enumerate() {
        if d.high > top || d.low == 0 {
            return Err(invalid(format!(
                "nests=: {d} cannot be rolled on two dice (1 to {top})"
            )));
        }
        if nests[..i].contains(d) {
            return Err(invalid(format!(
                "nests=: {d} twice: every nest is different"
            )));
        }
    }
    Ok(nests)
}
