//! `solve ROOM` and `die`: the Funhouse solvers, working from the position
//! the run holds or one the player enters, and the die's handedness.

use std::fmt::Write;
use std::time::{Duration, Instant};

use serde_json::json;

use super::{App, AppError, Reply, Result, data, invalid};
use crate::games::args;
use crate::games::funhouse::Room;
use crate::games::funhouse::die::Hand;
use crate::games::funhouse::layouts as fl;
use crate::games::funhouse::run::{Run, Tables, TrampoSetup};
use crate::games::funhouse::score::{self, Score};
use crate::games::funhouse::setup::{self as fs, WHACK_STARTS, cell_name};
use crate::games::funhouse::solve::{barrels, mirror, slide_jam, trampo, whack};
use crate::pieces::{Piece, Rank};
use crate::store::{self, Part};
use crate::style::{Tone, plural, wrap};

/// How long the open-ended searches run when not told.
const DEFAULT_BUDGET: Duration = Duration::from_secs(5);

fn pieces(words: &[String]) -> Result<Vec<Piece>> {
    crate::pieces::distinct_tiles(words).map_err(|e| invalid(e.to_string()))
}

/// Coin values as typed (`3 a n 5`), naming the first that is not one.
pub(super) fn coins(words: &[String]) -> Result<Vec<Rank>> {
    words
        .iter()
        .map(|w| {
            w.parse::<Rank>().map_err(|_| {
                invalid(format!(
                    "'{w}' is not a coin value: expected n, a, 2, 3, 4 or 5"
                ))
            })
        })
        .collect()
}

/// Tiles as rows of four.
fn rows<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    items.chunks(4).map(<[T]>::to_vec).collect()
}

/// A grid the run keeps (in notation) read back; None if any cell is not
/// a piece.
pub(super) fn parse_rows<T: std::str::FromStr>(g: &[Vec<String>]) -> Option<Vec<Vec<T>>> {
    g.iter()
        .map(|r| r.iter().map(|t| t.parse().ok()).collect())
        .collect()
}

/// A grid in the notation the run keeps.
pub(super) fn grid_codes<T: ToString>(g: &[Vec<T>]) -> Vec<Vec<String>> {
    g.iter()
        .map(|r| r.iter().map(T::to_string).collect())
        .collect()
}

/// A 24-coin grid entered or held by the run, checked as a piecepack's.
fn coin_grid(words: &[String], run: Option<&Run>, room: &str) -> Result<(Vec<Vec<Rank>>, bool)> {
    if words.is_empty() {
        let held = run
            .and_then(|r| r.barrels.as_ref())
            .and_then(|g| parse_rows::<Rank>(g));
        return held.map(|g| (g, true)).ok_or_else(|| {
            invalid(format!(
                "no barrel grid in the run: give the 24 coin values in reading order (solve {room} 3 a n 5 ...), or `setup barrels` during a run"
            ))
        });
    }
    let values = coins(words)?;
    if values.len() != 24 {
        return Err(invalid(format!(
            "{} coin {}: the grid is 6 rows of 4, so give all 24 in reading order",
            values.len(),
            plural(values.len() as u64, "value", "values")
        )));
    }
    fs::coin_pool(&values).map_err(invalid)?;
    Ok((rows(&values), false))
}

fn budget(given: &args::Given) -> Duration {
    given
        .number("budget")
        .map_or(DEFAULT_BUDGET, |s| Duration::from_secs(s.into()))
}

/// Stops a search when its time is up or the player pressed Ctrl-C.
fn stopper(budget: Duration) -> impl FnMut() -> bool {
    let start = Instant::now();
    move || start.elapsed() > budget || crate::cancel::check().is_err()
}

impl App {
    pub(super) fn solve(&mut self, room: &str, input: &[String]) -> Result<Reply> {
        if args::resolve(room).is_some_and(|s| s.id == "lab-rats") {
            return self.solve_lab_rats(input);
        }
        let (room, input) = Room::from_words(room, input).map_err(|e| invalid(e.to_string()))?;
        let Some(decl) = args::solve(room.id()) else {
            return Err(invalid(format!(
                "{} is a game of skill (coins are flicked), not a puzzle: nothing to solve; `score catwalk` adds it up",
                room.title()
            )));
        };
        let given = args::parse_for("solve", decl, input).map_err(invalid)?;
        let book = self.load_book()?;
        let run = book.run.as_ref();
        match room {
            Room::SlideJam => self.solve_slide_jam(&given, run),
            Room::MagicMirror => self.solve_mirror(&given, run),
            Room::Barrels => {
                let hand = given
                    .choice("die")
                    .map_or(book.die, |h| h.parse().expect("declared choices"));
                self.solve_barrels(&given, run, hand)
            }
            Room::WhackADummy => self.solve_whack(&given, run),
            Room::TrampoLand => self.solve_trampo(&given, run),
            Room::Catwalk => unreachable!("refused above"),
        }
    }

    fn solve_heading(&self, text: &str) -> String {
        self.style.paint(text, Tone::Heading)
    }

    /// Add a line, wrapped to the terminal with a hanging indent.
    fn say(&self, text: &mut String, line: &str) {
        let _ = write!(text, "\n{}", wrap(line, self.style.width, "  "));
    }

    fn solve_slide_jam(&mut self, given: &args::Given, run: Option<&Run>) -> Result<Reply> {
        let (grid, from_run) = if given.words.is_empty() {
            let g = run
                .and_then(|r| r.tables.slide_jam.as_ref())
                .and_then(|g| parse_rows::<Piece>(g))
                .ok_or_else(|| {
                    invalid("no Slide Jam deal in the run: give the 24 tiles in reading order, or `setup slide-jam` during a run")
                })?;
            (g, true)
        } else {
            let t = pieces(&given.words)?;
            if t.len() != 24 {
                return Err(invalid(format!(
                    "{} tiles: Slide Jam deals all 24, so give them in reading order (4 a row)",
                    t.len()
                )));
            }
            (rows(&t), false)
        };
        let s = slide_jam::solve(&grid, &mut stopper(budget(given)));
        let mut text = self.solve_heading("Slide Jam");
        let head = format!(
            "{}: fewest points {}{}{}",
            if from_run {
                "the run's deal"
            } else {
                "your deal"
            },
            s.score,
            if s.cleared { ", board cleared" } else { "" },
            if s.proven {
                " (proven best)"
            } else {
                " (best found in the time; not proven best)"
            }
        );
        self.say(&mut text, &head);
        if s.proven && !s.cleared {
            text.push_str("\nthis deal cannot be cleared");
        }
        if s.takes.is_empty() {
            text.push_str("\nno family can be taken: the deal stands as it is");
        }
        for (i, t) in s.takes.iter().enumerate() {
            let _ = write!(text, "\n{:>3}. {}", i + 1, t.describe());
        }
        let left: Vec<String> = s.left.iter().map(Piece::to_string).collect();
        let stacks = |n: u8| s.takes.iter().filter(|t| t.stack == n).count() * 3;
        if !s.takes.is_empty() {
            let _ = write!(
                text,
                "\n{}",
                wrap(
                    &format!(
                        "stacks: {} and {} tiles (low families on stack 1, for the mirror)",
                        stacks(1),
                        stacks(2)
                    ),
                    self.style.width,
                    "  "
                )
            );
        }
        let score_line = format!(
            "score it: score slide-jam {}",
            if left.is_empty() {
                "none".to_string()
            } else {
                left.join(" ")
            }
        );
        let _ = write!(text, "\n{}", wrap(&score_line, self.style.width, "  "));
        Ok(Reply::new("solve", text, data(&s)))
    }

    fn solve_mirror(&mut self, given: &args::Given, run: Option<&Run>) -> Result<Reply> {
        let (upper, lower, from_run) = if given.words.is_empty() {
            let [u, l] = run
                .and_then(|r| r.tables.magic_mirror.as_ref())
                .ok_or_else(|| {
                    invalid("no Magic Mirror grids in the run: give the 12 upper tiles, /, and the 12 lower, or `setup magic-mirror` during a run")
                })?;
            let bad = || invalid("the run's Magic Mirror grids are damaged");
            (
                parse_rows::<Piece>(u).ok_or_else(bad)?,
                parse_rows::<Piece>(l).ok_or_else(bad)?,
                true,
            )
        } else {
            let split = given.words.iter().position(|w| w == "/").ok_or_else(|| {
                invalid("split the two grids with /: the 12 upper tiles, /, then the 12 lower")
            })?;
            let (u, l) = (
                pieces(&given.words[..split])?,
                pieces(&given.words[split + 1..])?,
            );
            if u.len() != 12 || l.len() != 12 {
                return Err(invalid(format!(
                    "{} and {} tiles: each grid is 3 rows of 4, so 12 and 12",
                    u.len(),
                    l.len()
                )));
            }
            if let Some(t) = u.iter().find(|t| l.contains(t)) {
                return Err(invalid(format!("tile {t} is in both grids")));
            }
            (rows(&u), rows(&l), false)
        };
        let s = mirror::solve(&upper, &lower);
        let mut text = self.solve_heading("Magic Mirror");
        let _ = write!(
            text,
            "\n{}: best score {} (exact)",
            if from_run {
                "the run's grids"
            } else {
                "your grids"
            },
            s.score
        );
        for (i, p) in s.pairs.iter().enumerate() {
            let _ = write!(
                text,
                "\n{:>3}. {}+{} {} ({}), columns {} and {}",
                i + 1,
                p.upper,
                p.lower,
                p.kin.name(),
                p.kin.points(),
                p.upper_column,
                p.lower_column
            );
        }
        if s.pairs.is_empty() {
            text.push_str("\nno pair can be taken: every tile stays");
        }
        let n = s.left_upper.len();
        if n > 0 {
            let side = |t: &[Piece]| t.iter().map(Piece::to_string).collect::<Vec<_>>().join(" ");
            let _ = write!(
                text,
                "\n{}",
                wrap(
                    &format!(
                        "left: {n} a side, {} points; count either side (upper {}; lower {})",
                        n as u32 * mirror::STRANGER,
                        side(&s.left_upper),
                        side(&s.left_lower)
                    ),
                    self.style.width,
                    "  "
                )
            );
        }
        let line = format!("score it: score mirror {}", s.score_inputs().join(" "));
        let _ = write!(text, "\n{}", wrap(&line, self.style.width, "  "));
        Ok(Reply::new("solve", text, data(&s)))
    }

    fn solve_barrels(
        &mut self,
        given: &args::Given,
        run: Option<&Run>,
        hand: Hand,
    ) -> Result<Reply> {
        let (grid, from_run) = coin_grid(&given.words, run, "barrels")?;
        let s = barrels::solve(&grid, hand);
        let other = barrels::solve(&grid, hand.other());
        let mut text = self.solve_heading("Roll Out the Barrels");
        let head = format!(
            "{}, {}-handed die: {}",
            if from_run {
                "the run's grid"
            } else {
                "your grid"
            },
            hand,
            if s.out {
                "the die gets out: score 0".to_string()
            } else {
                format!(
                    "nearest coin {} is {} {} from the exit: score {}",
                    cell_name(s.nearest),
                    s.score,
                    plural(s.score.into(), "step", "steps"),
                    s.score
                )
            }
        );
        self.say(&mut text, &head);
        self.say(
            &mut text,
            &format!("start on r1c1 with {}", s.start.describe()),
        );
        for (i, t) in s.route.iter().enumerate() {
            let _ = write!(text, "\n{:>3}. tip {}", i + 1, t.describe());
        }
        let mut cells = vec![barrels::START];
        cells.extend(s.route.iter().map(|t| t.to));
        let layout = fl::barrels_route(&grid, &cells);
        let _ = write!(text, "\n{}", self.diagram(&layout));
        let _ = write!(text, "\nthe die can reach {} of 24 coins", s.reached.len());
        if other.score != s.score {
            let _ = write!(
                text,
                "\n{}",
                wrap(
                    &format!(
                        "this depends on your die: a {}-handed one scores {}. Yours is {}-handed if, {}; `die {}` changes the setting",
                        other.hand,
                        other.score,
                        hand,
                        hand.how_to_tell(),
                        other.hand
                    ),
                    self.style.width,
                    ""
                )
            );
        }
        let mut d = data(&s);
        d["other_hand_score"] = json!(other.score);
        Ok(Reply::new("solve", text, d).with_layout(layout))
    }

    fn solve_whack(&mut self, given: &args::Given, run: Option<&Run>) -> Result<Reply> {
        let (grid, from_run) = coin_grid(&given.words, run, "whack")?;
        let starts: Vec<_> = match given.choice("start") {
            Some(name) => WHACK_STARTS
                .iter()
                .copied()
                .filter(|c| cell_name(*c) == name)
                .collect(),
            None => WHACK_STARTS.to_vec(),
        };
        let s = starts
            .iter()
            .map(|&st| whack::solve(&grid, st, whack::DEFAULT_LIMIT))
            .min_by_key(|s| (s.score, s.route.len()))
            .expect("at least one start");
        let mut text = self.solve_heading("Whack-a-Dummy");
        let head = format!(
            "{}, start {}: {}",
            if from_run {
                "the run's board"
            } else {
                "your board"
            },
            cell_name(s.start),
            if s.complete {
                format!(
                    "all four corners, {} {}: score {}",
                    s.penalties,
                    plural(s.penalties.into(), "penalty", "penalties"),
                    s.score
                )
            } else {
                format!(
                    "no route found to all four corners; best: {} in order, score {}",
                    s.corners, s.score
                )
            }
        );
        self.say(&mut text, &head);
        if !s.exhaustive {
            text.push_str("\n(the search stopped at its bound: a route may still exist)");
        }
        for (i, st) in s.route.iter().enumerate() {
            let _ = write!(text, "\n{:>3}. {}", i + 1, st.describe());
        }
        let cols: Vec<String> = s.columns.iter().map(u32::to_string).collect();
        let _ = write!(
            text,
            "\ncolumn sums after: {} (they set up Trampo-Land)",
            cols.join(", ")
        );
        Ok(Reply::new("solve", text, data(&s)))
    }

    fn solve_trampo(&mut self, given: &args::Given, run: Option<&Run>) -> Result<Reply> {
        let held = run.and_then(|r| r.tables.trampo_land.as_ref());
        let die = given
            .face("die")
            .or_else(|| held.and_then(|h| h.die.parse().ok()));
        let cast = given.number("cast").or(held.map(|h| h.cast));
        let columns = given
            .numbers("columns")
            .map(|c| [c[0], c[1], c[2], c[3]])
            .or(held.map(|h| h.columns));
        let (Some(die), Some(cast), Some(columns)) = (die, cast, columns) else {
            let missing: Vec<&str> = [
                ("die=", die.is_none()),
                ("cast=", cast.is_none()),
                ("columns=", columns.is_none()),
            ]
            .into_iter()
            .filter(|(_, m)| *m)
            .map(|(k, _)| k)
            .collect();
            return Err(invalid(format!(
                "solve trampo-land needs {} (as setup takes them), or `setup trampo-land` during a run",
                missing.join(", ")
            )));
        };
        let t = fs::trampo_land(die, cast, columns);
        let s = trampo::solve(t.board, &mut stopper(budget(given)));
        let mut text = self.solve_heading("Trampo-Land");
        let head = format!(
            "die {}, cast {cast}, columns {}: best score {}{}",
            die.name(),
            columns.map(|c| c.to_string()).join(","),
            s.score,
            if s.proven {
                " (proven best)"
            } else {
                " (best found in the time; not proven best)"
            }
        );
        self.say(&mut text, &head);
        let layout = fl::trampo_land(&t);
        let _ = write!(text, "\n{}", self.diagram(&layout));
        for (i, m) in s.moves.iter().enumerate() {
            let line = wrap(&m.describe(), self.style.width - 5, "     ");
            let _ = write!(text, "\n{:>3}. {line}", i + 1);
        }
        let _ = write!(
            text,
            "\nleft: {} {} and {} {}\nscore it: score trampo-land kids={} adults={}",
            s.kids_left,
            plural(s.kids_left as u64, "kid", "kids"),
            s.adults_left,
            plural(s.adults_left as u64, "adult", "adults"),
            s.kids_left,
            s.adults_left
        );
        Ok(Reply::new("solve", text, data(&s)).with_layout(layout))
    }

    /// `score barrels` with no number: the run's grid scored by the solver
    /// with the die setting, and a sentence saying so.
    pub(super) fn barrels_by_solver(&self) -> Result<(Score, Option<String>)> {
        let book = self.load_book()?;
        let (grid, _) = coin_grid(&[], book.run.as_ref(), "barrels").map_err(|_| {
            invalid("give the distance from the nearest coin the die reached to the exit (0 if it got out); with no number, the run's barrel grid is scored, and this run has none")
        })?;
        let s = barrels::solve(&grid, book.die);
        let sc = score::score(Room::Barrels, &[s.score.to_string()]).map_err(|e| invalid(e.0))?;
        Ok((
            sc,
            Some(format!(
                "scored by the solver from the run's grid, with your {}-handed die (`solve barrels` shows the route)",
                book.die
            )),
        ))
    }

    /// `die` alone: the setting and how to tell; `die right|left` sets it.
    pub(super) fn die(&mut self, hand: Option<&str>) -> Result<Reply> {
        let Some(word) = hand else {
            let book = self.load_book()?;
            let h = book.die;
            let text = format!(
                "your die: {h}-handed (opposite faces sum to 5)\n{}",
                wrap(
                    &format!(
                        "{}-handed: {}; if the {} is there instead, `die {}`",
                        h,
                        h.how_to_tell(),
                        h.other().right_of_ace(),
                        h.other()
                    ),
                    self.style.width,
                    ""
                )
            );
            return Ok(Reply::new("die", text, json!({"hand": h.name()})));
        };
        let h: Hand = word.parse().map_err(invalid)?;
        let store = std::rc::Rc::clone(&self.store);
        let was = store.change(Part::Funhouse, |c| {
            let mut book = super::funhouse::load_book(&store, c)?;
            let was = book.die;
            book.die = h;
            store::save_funhouse(c, &book)?;
            Ok::<_, AppError>((was, Some(format!("die {h}"))))
        })?;
        let text = if was == h {
            format!("your die was already {h}-handed")
        } else {
            format!("your die is now {h}-handed: {}", h.how_to_tell())
        };
        Ok(Reply::new(
            "die",
            wrap(&text, self.style.width, ""),
            json!({"hand": h.name(), "was": was.name()}),
        ))
    }

    /// Keep a room's table in the open run, if there is one; says whether.
    /// A new table starts the room afresh: the moves kept for it go.
    pub(super) fn keep_table(&self, room: Room, put: impl Fn(&mut Tables)) -> Result<bool> {
        let what = format!("setup {}", room.id());
        let store = std::rc::Rc::clone(&self.store);
        store.change(Part::Funhouse, |c| {
            let mut book = super::funhouse::load_book(&store, c)?;
            let Some(run) = book.run.as_mut() else {
                return Ok((false, None));
            };
            put(&mut run.tables);
            run.tables.played.remove(room.id());
            store::save_funhouse(c, &book)?;
            Ok::<_, AppError>((true, Some(format!("{what} (the run's table)"))))
        })
    }
}

/// The run's record of a Trampo-Land setup.
pub(super) fn trampo_setup(die: Rank, cast: u32, columns: [u32; 4]) -> TrampoSetup {
    TrampoSetup {
        die: die.code().to_string(),
        cast,
        columns,
    }
}
