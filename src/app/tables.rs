//! Setups and play helpers for Lab Rats, Angry Troll, Slides of Action and
//! Penguin's Night Out. Game state that play needs (the troll's deck, the
//! penguins' board) is kept in the store like decks.

use std::fmt::Write;

use super::setup::given;
use super::{App, AppError, Reply, Result, data, invalid};
use crate::games::lab_rats_play::{self, RatsGame};
use crate::games::slides_play::{self, SlidesGame};
use crate::games::{DieRolls, args, lab_rats, layouts, slides};
use crate::store::{self, Part};
use crate::style::Tone;

/// The games besides the Funhouse, by the names they answer to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TableGame {
    LabRats,
    Troll,
    Slides,
    Penguins,
}

fn table_game(name: &str) -> Option<TableGame> {
    match args::resolve(name)?.id {
        "lab-rats" => Some(TableGame::LabRats),
        "angry-troll" => Some(TableGame::Troll),
        "slides-of-action" => Some(TableGame::Slides),
        "penguins-night-out" => Some(TableGame::Penguins),
        _ => None,
    }
}

impl App {
    /// `setup` for the non-Funhouse games; `None` if `game` is not one.
    pub(super) fn setup_table_game(
        &mut self,
        game: &str,
        args: &[String],
    ) -> Result<Option<Reply>> {
        let Some(g) = table_game(game) else {
            return Ok(None);
        };
        let reply = match g {
            TableGame::LabRats => self.setup_lab_rats(args),
            TableGame::Troll => self.setup_troll(args),
            TableGame::Slides => self.setup_slides(args),
            TableGame::Penguins => self.setup_penguins(args),
        }?;
        Ok(Some(reply))
    }

    fn setup_lab_rats(&mut self, args: &[String]) -> Result<Reply> {
        let inputs = given("lab-rats", args)?;
        let harder = inputs.choice("variant") == Some("harder");
        let given = inputs.faces("rolls").unwrap_or_default();
        let only_given = !given.is_empty();
        let mut rolls = DieRolls::new(given, &mut self.rng);
        let maze = lab_rats::build(&mut rolls, only_given);
        let (used_given, rolled) = rolls.counts();
        let mut text = format!(
            "{}\n",
            self.style.paint("Lab Rats: the maze", Tone::Heading)
        );
        if only_given {
            let _ = writeln!(text, "{used_given} of your rolls used");
        } else {
            let _ = writeln!(text, "{rolled} rolls made at random");
        }
        let layout = layouts::lab_rats(&maze);
        text.push_str(&self.diagram(&layout));
        let _ = write!(
            text,
            "\nA..X: tiles 1 to 24 in laying order; *: rat starts on one"
        );
        if maze.complete {
            text.push_str("\n#: the exit (put two pawns there)");
        }
        let _ = write!(
            text,
            "\nrerolled placements: {}; tiles backed out: {}",
            maze.rerolls, maze.backouts
        );
        if maze.complete {
            let mix = "Mix the 24 coins suit side up, deal three face-down stacks of eight, and turn each stack over.";
            let _ = write!(text, "\n{}", crate::style::wrap(mix, self.style.width, ""));
            // The game to follow: coins dealt here stand for the table's.
            let mut coins: Vec<crate::pieces::Rank> = crate::pieces::Piece::all()
                .into_iter()
                .map(|p| p.rank)
                .collect();
            self.rng.shuffle(&mut coins);
            let game = RatsGame::new(&maze, &coins, 0, harder).map_err(invalid)?;
            self.store.change(Part::LabRats, |c| {
                store::save_game(c, &game)?;
                Ok::<_, AppError>(((), Some("setup lab-rats".to_string())))
            })?;
            let tops = rats_tops(&game);
            let follow = format!(
                "To follow the game here, say what your stacks show: `rats turned 1=3 2=a 3=5` (tablemate dealt {tops} until you do). The rat starts on the left * ({}). `rats move north 2` moves it by stack 2's coin; `help rats` for more.",
                lab_rats_play::square_name(game.rat)
            );
            let _ = write!(
                text,
                "\n{}",
                crate::style::wrap(&follow, self.style.width, "")
            );
        } else {
            let short = format!(
                "your rolls ran out with {} of 24 tiles laid: roll again and add the results to rolls= (or leave rolls= out to roll at random)",
                maze.tiles.len()
            );
            let _ = write!(
                text,
                "\n{}",
                crate::style::wrap(&short, self.style.width, "")
            );
        }
        Ok(Reply::new("setup", text, data(&maze)).with_layout(layout))
    }

    fn setup_slides(&mut self, args: &[String]) -> Result<Reply> {
        let inputs = given("slides-of-action", args)?;
        let players = inputs.number("players").unwrap_or(3) as usize;
        let seating =
            slides::seat(players, inputs.suits("suits"), &mut self.rng).map_err(invalid)?;
        let mut text = format!("{}\n", self.style.paint("Slides of Action", Tone::Heading));
        let layout = layouts::slides_of_action();
        let _ = writeln!(text, "{}", self.diagram(&layout));
        text.push_str("coins suit up on four face-down tiles; _ is empty\n");
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
            let _ = writeln!(text, "  player {}: {}", seat.player, seat.suit.name());
        }
        if players == 2 {
            text.push_str("Arms is neutral: it takes no turns but can still win.");
        } else {
            let first = seating
                .players
                .iter()
                .find(|s| s.suit == seating.first)
                .map_or(1, |s| s.player);
            let _ = write!(
                text,
                "Arms moves first (player {first}); turns go clockwise."
            );
        }
        let harder = inputs.choice("variant") == Some("harder");
        let computer = (inputs.choice("against") == Some("tablemate"))
            .then(|| seating.players.last().map(|s| s.suit))
            .flatten();
        let game = SlidesGame::new(players, harder, computer);
        self.store.change(Part::Slides, |c| {
            store::save_game(c, &game)?;
            Ok::<_, AppError>(((), Some("setup slides".to_string())))
        })?;
        let _ = write!(
            text,
            "\n{}",
            crate::style::wrap(
                &format!(
                    "{}{}Follow the game with `slides move r4c1` (the coin farthest from the gap that slides).",
                    match computer {
                        Some(s) => format!("tablemate plays {}. ", s.name()),
                        None => String::new(),
                    },
                    if players == 2 {
                        format!("{} moves first. ", game.to_move().name())
                    } else {
                        String::new()
                    }
                ),
                self.style.width,
                ""
            )
        );
        if harder {
            text.push_str("\nvariant harder: a win counts with at most one diagonal link");
        }
        // Against tablemate, when it is to move first, it moves now.
        let mut game = game;
        if game.computer == Some(game.to_move()) {
            let said = self.slides_reply_move(&mut game)?;
            let _ = write!(text, "\n{said}");
        }
        Ok(Reply::new("setup", text, data(&seating)).with_layout(layout))
    }

    pub(super) fn rats(&mut self, words: &[String]) -> Result<Reply> {
        let w: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let number = |s: &str, what: &str| -> Result<usize> {
            s.parse::<usize>()
                .map_err(|_| invalid(format!("'{s}' is not {what}")))
        };
        let words: Vec<&str> = w.iter().map(String::as_str).collect();
        let action = |g: &mut RatsGame| -> Result<Option<String>> {
            Ok(Some(match words.as_slice() {
                [] | ["show"] => return Ok(None),
                ["move", dir, stack] | ["move", dir, stack, _] => {
                    let d: crate::games::compass::Dir = dir.parse().map_err(invalid)?;
                    let spaces = match words.get(3) {
                        Some(n) => Some(number(n, "a number of squares")? as u32),
                        None => None,
                    };
                    g.step(d, number(stack, "a stack (1, 2 or 3)")?, spaces)
                        .map_err(invalid)?
                }
                ["lose", stack] => g
                    .lose(number(stack, "a stack (1, 2 or 3)")?)
                    .map_err(invalid)?,
                ["back"] => g.back(None).map_err(invalid)?,
                ["turned", shown @ ..] if !shown.is_empty() => {
                    let mut said = Vec::new();
                    for word in shown {
                        let (k, v) = word.split_once('=').ok_or_else(|| {
                            invalid(format!("'{word}': say stack=value, like 2=4"))
                        })?;
                        let value = v.parse().map_err(|_| {
                            invalid(format!(
                                "'{v}' in '{word}' is not a coin value: expected n, a, 2, 3, 4 or 5"
                            ))
                        })?;
                        said.push(
                            g.turned(number(k, "a stack (1, 2 or 3)")?, value)
                                .map_err(invalid)?,
                        );
                    }
                    said.join("; ")
                }
                ["back", stack] => g
                    .back(Some(number(stack, "a stack (1, 2 or 3)")?))
                    .map_err(invalid)?,
                [other, ..] => {
                    return Err(invalid(format!(
                        "'{other}' is not a rats action{}: expected move DIRECTION STACK [SQUARES], lose STACK, back [STACK], turned STACK=VALUE or show",
                        crate::suggest::hint(other, ["move", "lose", "back", "turned", "show"])
                    )));
                }
            }))
        };
        let (game, said) = self.store.change(Part::LabRats, |c| {
            let mut g = store::load_game::<RatsGame>(c)?.ok_or_else(|| {
                invalid("no Lab Rats game: `setup lab-rats` builds a maze and starts one")
            })?;
            let said = action(&mut g)?;
            let what = said.as_ref().map(|_| format!("rats {}", words.join(" ")));
            if what.is_some() {
                store::save_game(c, &g)?;
            }
            Ok::<_, AppError>(((g, said), what))
        })?;
        let layout = layouts::rats(&game);
        let mut text = said
            .map(|s| format!("{}\n", crate::style::wrap(&s, self.style.width, "  ")))
            .unwrap_or_default();
        text.push_str(&self.diagram(&layout));
        let status = if game.out {
            "the rat is out: you win".to_string()
        } else if game.stuck() {
            if game.harder {
                "no coins left and the rat is in the maze: you lose".to_string()
            } else {
                "no coins left: back up (`rats back`) or the game is lost".to_string()
            }
        } else {
            format!("coins showing: {}", rats_tops(&game))
        };
        let _ = write!(text, "\n{status}");
        Ok(Reply::new("rats", text, data(&game)).with_layout(layout))
    }

    /// tablemate's move for the suit to move, kept in the store.
    fn slides_reply_move(&mut self, game: &mut SlidesGame) -> Result<String> {
        let m = game.best_move();
        let said = game.play(m).map_err(invalid)?;
        let kept = game.clone();
        self.store.change(Part::Slides, |c| {
            store::save_game(c, &kept)?;
            Ok::<_, AppError>(((), Some(format!("slides ai {}", slides_play::cell_name(m)))))
        })?;
        Ok(format!("tablemate: {said}"))
    }

    pub(super) fn slides(&mut self, words: &[String]) -> Result<Reply> {
        let w: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let loaded = self
            .store
            .read(|c| store::load_game::<SlidesGame>(c).map_err(AppError::from))?;
        let mut game = loaded.ok_or_else(|| {
            invalid("no Slides of Action game: `setup slides players=2` starts one")
        })?;
        let mut lines = Vec::new();
        match w.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            [] | ["show"] => {}
            ["move", square] => {
                let to = slides_play::parse_cell(square).map_err(invalid)?;
                if game.computer == Some(game.to_move()) {
                    return Err(invalid(format!(
                        "it is tablemate's turn ({}): `slides ai`",
                        game.to_move().name()
                    )));
                }
                // Checked and kept in one transaction: another terminal's
                // move in between is seen, not overwritten.
                let said = self.store.change(Part::Slides, |c| {
                    let mut g = store::load_game::<SlidesGame>(c)?
                        .ok_or_else(|| invalid("the game is gone"))?;
                    let said = g.play(to).map_err(invalid)?;
                    store::save_game(c, &g)?;
                    game = g;
                    Ok::<_, AppError>((said, Some(format!("slides move {square}"))))
                })?;
                lines.push(said);
                if game.winner.is_none() && game.computer == Some(game.to_move()) {
                    lines.push(self.slides_reply_move(&mut game)?);
                }
            }
            ["ai"] => lines.push(self.slides_reply_move(&mut game)?),
            ["move"] => {
                return Err(invalid(
                    "name the square of the coin farthest from the gap that slides: `slides move r4c1`",
                ));
            }
            [other, ..] => {
                return Err(invalid(format!(
                    "'{other}' is not a slides action{}: expected move SQUARE, ai or show",
                    crate::suggest::hint(other, ["move", "ai", "show"])
                )));
            }
        }
        let layout = layouts::slides_board(&game.grid());
        let mut text = self.narrated(&lines, &layout);
        let _ = write!(
            text,
            "\n{}",
            match game.winner {
                Some(s) => format!(
                    "game over: {} won after {} moves",
                    s.name(),
                    game.moves.len()
                ),
                None => format!("{} to move", game.to_move().name()),
            }
        );
        Ok(Reply::new("slides", text, data(&game)).with_layout(layout))
    }
}

/// The coins showing on the three stacks: `1: 3, 2: n, 3: (empty)`.
fn rats_tops(g: &RatsGame) -> String {
    g.tops()
        .iter()
        .enumerate()
        .map(|(i, t)| match t {
            Some(r) => format!("{}: {}", i + 1, r.code()),
            None => format!("{}: (empty)", i + 1),
        })
        .collect::<Vec<_>>()
        .join(", ")
}
