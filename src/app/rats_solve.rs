//! `solve lab-rats`: could the rat have got out with the stacks as dealt,
//! and how (the search is `games::lab_rats_solve`).

use std::fmt::Write;

use serde_json::json;

use super::{App, AppError, Reply, Result, invalid};
use crate::games::lab_rats_play::{RatsGame, square_name};
use crate::games::lab_rats_solve::{self, Step};
use crate::store;
use crate::style::{Tone, plural, wrap};

impl App {
    pub(super) fn solve_lab_rats(&mut self, input: &[String]) -> Result<Reply> {
        if let Some(w) = input.first() {
            return Err(invalid(format!(
                "'{w}' is not understood: solve lab-rats works from the game `setup lab-rats` dealt, and takes nothing more"
            )));
        }
        let game = self
            .store
            .read(|c| store::load_game::<RatsGame>(c).map_err(AppError::from))?
            .ok_or_else(|| {
                invalid("no Lab Rats game: `setup lab-rats` lays a maze and deals the stacks")
            })?;
        let (Some(dealt), Some(start)) = (&game.dealt, game.start) else {
            return Err(invalid(
                "this game was saved before tablemate kept the stacks as dealt: `setup lab-rats` starts one it can solve",
            ));
        };
        let sol = lab_rats_solve::solve(&game.squares, &game.exit, start, dealt);
        let mut text = format!(
            "{}\n",
            self.style
                .paint("Lab Rats: from the stacks as dealt", Tone::Heading)
        );
        let tops: Vec<String> = dealt
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let down: Vec<&str> = s.iter().rev().map(|c| c.code()).collect();
                format!("{}: {}", i + 1, down.join(" "))
            })
            .collect();
        let _ = writeln!(text, "stacks, top first:\n  {}", tops.join("\n  "));
        let seen: usize = game.low.iter().map(|&l| (9 - l).min(8)).sum();
        if seen < 24 {
            let note = format!(
                "{seen} of the 24 coins have shown on a stack's top; the rest stand for the coins still hidden at the table (say what turns up with `rats turned`)"
            );
            let _ = writeln!(text, "{}", wrap(&note, self.style.width, ""));
        }
        match &sol.steps {
            Some(steps) => {
                let _ = writeln!(
                    text,
                    "the rat could get out with {} {}, without backing up:",
                    steps.len(),
                    plural(steps.len() as u64, "coin", "coins")
                );
                let mut at = start;
                for (i, st) in steps.iter().enumerate() {
                    let what = match *st {
                        Step::Move {
                            stack,
                            coin,
                            dir,
                            spaces,
                            out,
                        } => {
                            let (dx, dy) = dir.unit();
                            at = (at.0 + dx * spaces as i32, at.1 + dy * spaces as i32);
                            let to = if out {
                                "out through the exit".to_string()
                            } else {
                                format!("to {}", square_name(at))
                            };
                            format!(
                                "stack {stack} ({}): {} {spaces} {to}",
                                coin.code(),
                                dir.name()
                            )
                        }
                        Step::Lose { stack, coin } => {
                            format!("stack {stack} ({}): give it up", coin.code())
                        }
                    };
                    let _ = writeln!(
                        text,
                        "{}",
                        wrap(
                            &format!("{}. {what} ({})", i + 1, st.command()),
                            self.style.width,
                            "      "
                        )
                    );
                }
            }
            None => {
                let why = if game.harder {
                    "no way out: the coins as dealt cannot take the rat out (the harder game has no backing up)"
                } else {
                    "no way out without backing up; backing up puts coins back on the stacks to come round again, which this search does not try"
                };
                let _ = writeln!(text, "{}", wrap(why, self.style.width, ""));
            }
        }
        let _ = write!(
            text,
            "your game: {}",
            if game.out {
                format!(
                    "the rat got out using {} {}",
                    game.used.len(),
                    plural(game.used.len() as u64, "coin", "coins")
                )
            } else {
                format!(
                    "the rat is on {}, {} {} used so far",
                    square_name(game.rat),
                    game.used.len(),
                    plural(game.used.len() as u64, "coin", "coins")
                )
            }
        );
        Ok(Reply::new(
            "solve",
            text,
            json!({"game": "lab-rats", "out": sol.steps.is_some(), "steps": sol.steps, "positions": sol.positions, "seen": seen}),
        ))
    }
}
