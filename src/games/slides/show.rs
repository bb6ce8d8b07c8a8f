//! The `slides` command's replies and the setup's.

use std::fmt::Write;

use serde::Serialize;

use super::diagram;
use super::events::Event;
use super::layout::board_layout;
use super::play::SlidesGame;
use super::seating::Seating;
use crate::reply::{Reply, Show};
use crate::style::{Style, Tone, wrap};

/// A new game: the seats, and tablemate's first move if it starts.
#[derive(Debug, Serialize)]
pub struct Seated {
    #[serde(flatten)]
    pub seating: Seating,
    #[serde(skip)]
    pub game: SlidesGame,
    #[serde(skip)]
    pub opening: Vec<Event>,
    /// Who of the table plays which suit.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub people: Vec<super::play::Person>,
    /// Who of the table is not seated (more at the table than play).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sitting_out: Vec<String>,
}

pub fn seated(
    seating: Seating,
    game: SlidesGame,
    opening: Vec<Event>,
    sitting_out: Vec<String>,
) -> Reply {
    let game_grid = game.grid();
    Reply::new(
        "setup",
        Seated {
            seating,
            people: game.people.clone(),
            game,
            opening,
            sitting_out,
        },
    )
    .with_layout(board_layout(&game_grid))
}

impl Show for Seated {
    fn show(&self, style: &Style) -> String {
        let (seating, game) = (&self.seating, &self.game);
        let players = seating.players.len();
        // Taken up from a board given at the table, not the start.
        let resumed = game.board != super::play::start_board();
        let mut text = format!("{}\n", style.paint("Slides of Action", Tone::Heading));
        let _ = writeln!(
            text,
            "{}",
            diagram::draw(&board_layout(&game.grid()), style)
        );
        if resumed {
            text.push_str("the game in progress, as you gave it; _ is empty\n");
        } else {
            text.push_str("coins suit up on four face-down tiles; _ is empty\n");
        }
        let _ = writeln!(
            text,
            "suits ({}):",
            if seating.chosen {
                "as you chose"
            } else {
                "drawn at random"
            }
        );
        for seat in &seating.players {
            let _ = writeln!(text, "  player {}: {}", seat.player, game.who(seat.suit));
        }
        if let Some(line) = crate::people::sitting_out(&self.sitting_out, players) {
            let _ = writeln!(text, "{}", wrap(&format!("{line}."), style.width, ""));
        }
        if players == 2 {
            text.push_str("Arms is neutral: it takes no turns but can still win.");
        } else {
            let first = match game.people.iter().find(|p| p.suit == seating.first) {
                Some(p) => p.name.clone(),
                None => format!(
                    "player {}",
                    seating
                        .players
                        .iter()
                        .find(|s| s.suit == seating.first)
                        .map_or(1, |s| s.player)
                ),
            };
            let order: Vec<&str> = game.turns.iter().map(|s| s.name()).collect();
            let line = format!(
                "Arms moves first ({first}); turns go clockwise: {}.",
                order.join(", ")
            );
            text.push_str(&wrap(&line, style.width, ""));
        }
        let first_suit = game.to_move();
        let _ = write!(
            text,
            "\n{}",
            wrap(
                &format!(
                    "{}{}Follow the game with {} (the coin farthest from the gap that slides).",
                    match game.computer {
                        Some(s) => format!("tablemate plays {}. ", s.name()),
                        None => String::new(),
                    },
                    match (players, resumed) {
                        (_, true) => format!("{} to move. ", game.who(first_suit)),
                        (2, false) => format!("{} moves first. ", game.who(first_suit)),
                        _ => String::new(),
                    },
                    super::play::move_offered(&game.grid(), game.before)
                        .unwrap_or_else(|| "`slides move r4c1`".to_string())
                ),
                style.width,
                ""
            )
        );
        if game.harder {
            text.push_str("\nvariant harder: a win counts with at most one diagonal link");
        }
        for e in &self.opening {
            let _ = write!(text, "\n{e}");
        }
        text
    }
}

/// The board as it is now, after what just happened.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Board {
    pub game: SlidesGame,
    #[serde(skip)]
    pub said: Vec<Event>,
}

pub fn board(game: SlidesGame, said: Vec<Event>) -> Reply {
    let l = board_layout(&game.grid());
    Reply::new("slides", Board { game, said }).with_layout(l)
}

impl Show for Board {
    fn show(&self, style: &Style) -> String {
        let g = &self.game;
        let drawn = diagram::draw(&board_layout(&g.grid()), style);
        let mut text = crate::style::narrate(&self.said, style.width, &drawn);
        let _ = write!(
            text,
            "\n{}",
            if g.over() {
                ended(g)
            } else {
                format!("{} to move", g.who(g.to_move()))
            }
        );
        text
    }
}

/// How a finished game ended, in words.
pub fn ended(g: &SlidesGame) -> String {
    match g.winner {
        Some(s) => format!("game over: {} won after {} moves", g.who(s), g.moves.len()),
        None => format!(
            "game over: drawn after {} moves (the same position three times)",
            g.moves.len()
        ),
    }
}
