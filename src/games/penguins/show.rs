//! The `penguins` command's replies and the setup's.

use std::fmt::Write;

use serde::Serialize;

use super::board::{Board, Laid as Dealt};
use super::diagram;
use super::events::Event;
use super::layout::layout;
use super::play::{Night, Phase, buddy_holders};
use super::setup::{NewBoard, nest_square};
use super::squares::sq_name;
use crate::reply::{Reply, Show};
use crate::style::{Style, Tone, wrap};

/// A new board: the set as laid, the nests, the buddy tokens' holders.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Laid {
    pub dealt: Dealt,
    #[serde(skip)]
    board: Board,
    #[serde(skip)]
    rerolls: Vec<usize>,
    #[serde(skip)]
    elbow: bool,
    #[serde(skip)]
    sitting_out: Vec<String>,
}

pub fn laid(new: NewBoard) -> Reply {
    let nests: Vec<_> = new.nests.iter().map(|(d, _)| *d).collect();
    let l = layout(&new.board);
    Reply::new(
        "setup",
        Laid {
            dealt: new.board.laid(&nests),
            rerolls: new.nests.iter().map(|(_, r)| *r).collect(),
            board: new.board,
            elbow: new.elbow,
            sitting_out: new.sitting_out,
        },
    )
    .with_layout(l)
}

impl Show for Laid {
    fn show(&self, style: &Style) -> String {
        let mut text = format!(
            "{}\n",
            style.paint(
                if self.elbow {
                    "Penguin's Night Out: Elbow Room"
                } else {
                    "Penguin's Night Out"
                },
                Tone::Heading
            )
        );
        text.push_str(&diagram::draw(&layout(&self.board)));
        let play = self.board.play.as_ref().expect("a new board is in play");
        for (i, (d, rerolls)) in self.dealt.nests.iter().zip(&self.rerolls).enumerate() {
            let at = nest_square(&self.board, *d)
                .map(sq_name)
                .unwrap_or_default();
            let again = if *rerolls > 0 {
                format!(
                    " (after {rerolls} reroll{})",
                    if *rerolls == 1 { "" } else { "s" }
                )
            } else {
                String::new()
            };
            let _ = write!(text, "\n{}: nest {d} at {at}{again}", play.who(i));
        }
        let players = self.dealt.nests.len();
        if let Some(line) = crate::people::sitting_out(&self.sitting_out, players) {
            let _ = write!(text, "\n{}", wrap(&line, style.width, ""));
        }
        text.push_str("\neach penguin starts on the middle of its nest\nbuddy tokens:");
        for i in 0..players {
            let [a, b] = buddy_holders(i, players);
            if a == b {
                let _ = write!(text, "\n  {}'s two go to {}", play.who(i), play.who(a));
            } else {
                // By number, "players 2 and 3"; by name, "ann and ben".
                let (to, a, b) = if play.people.is_empty() {
                    ("players ", (a + 1).to_string(), (b + 1).to_string())
                } else {
                    ("", play.who(a), play.who(b))
                };
                let _ = write!(text, "\n  {}'s go to {to}{a} and {b}", play.who(i));
            }
        }
        let _ = write!(text, "\n{}", wrap(&next_step(play), style.width, "  "));
        text
    }
}

/// The board as it is now, after what just happened.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct View {
    pub board: Board,
    #[serde(skip)]
    pub said: Vec<Event>,
}

pub fn view(board: Board, said: Vec<Event>) -> Reply {
    let l = layout(&board);
    Reply::new("penguins", View { board, said }).with_layout(l)
}

impl Show for View {
    fn show(&self, style: &Style) -> String {
        let told: Vec<String> = match &self.board.play {
            Some(play) => self.said.iter().map(|e| e.told(&|i| play.who(i))).collect(),
            None => self.said.iter().map(Event::to_string).collect(),
        };
        let mut text =
            crate::style::narrate(&told, style.width, &diagram::draw(&layout(&self.board)));
        if let Some(play) = &self.board.play {
            let mut status: Vec<String> = play
                .penguins
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    format!(
                        "{} {}: carrying {}{}",
                        char::from(b'A' + i as u8),
                        play.who(i),
                        p.carrying,
                        if p.stunned { ", stunned" } else { "" }
                    )
                })
                .collect();
            status.push(next_step(play));
            for s in status {
                let _ = write!(text, "\n{}", wrap(&s, style.width, "  "));
            }
        }
        text
    }
}

/// What the game waits for, in words.
pub fn next_step(play: &Night) -> String {
    let p = play.who(play.to_move);
    match play.phase {
        Phase::Place => match play.next_placing() {
            Some((placer, token)) => format!(
                "next: {} places {}'s buddy: {}",
                play.who(placer),
                play.who(play.buddies[token].owner),
                play.placing_offered()
            ),
            None => String::new(),
        },
        Phase::Roll => {
            format!("next: {p} rolls to move: `penguins roll` (or `penguins roll 4`)")
        }
        Phase::Move => format!(
            "next: {p} moves (rolled {}): {}",
            play.roll.unwrap_or(0),
            play.moves_offered()
        ),
        Phase::Moved => format!(
            "next: {p} alters the board: `penguins alter` (or `penguins alter 3 5`){}",
            if play.rights.nudges > 0 {
                "; first, if you like, `penguins shift SQUARE DIR` a buddy"
            } else {
                ""
            }
        ),
        Phase::Altered => format!("next: {p} ends the turn: `penguins done`"),
        Phase::Over => format!("game over: {} won", play.who(play.winner.unwrap_or(0))),
    }
}
