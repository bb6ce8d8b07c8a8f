//! `solve ROOM`: the puzzle rooms' solvers, working from the position the
//! open run holds or one the player enters, each answer one typed reply.

use std::fmt::Write;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::super::die::Hand;
use super::super::layouts as fl;
use super::super::run::{Book, Run, parse_rows};
use super::super::setup::{self as fs, WHACK_STARTS, cell_name};
use super::super::solve::barrels::{self, BarrelsSolution};
use super::super::solve::mirror::{self, MirrorSolution};
use super::super::solve::slide_jam::{self, SlideJamSolution};
use super::super::solve::trampo::{self, TrampoSolution};
use super::super::solve::whack::{self, WhackSolution};
use super::lay::{coins, drawn, run_grid};
use crate::games::args::Given;
use crate::games::error::GameError;
use crate::layout::Layout;
use crate::pieces::{Piece, Rank};
use crate::reply::{Reply, Show};
use crate::style::{Style, Tone, plural, wrap};

/// How long the open-ended searches run when not told.
const DEFAULT_BUDGET: Duration = Duration::from_secs(5);

fn pieces(words: &[String]) -> Result<Vec<Piece>, GameError> {
    crate::pieces::distinct_tiles(words).map_err(|e| GameError::word(e.to_string()))
}

/// Tiles as rows of four.
fn rows<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    items.chunks(4).map(<[T]>::to_vec).collect()
}

fn budget(given: &Given) -> Duration {
    given
        .number("budget")
        .map_or(DEFAULT_BUDGET, |s| Duration::from_secs(s.into()))
}

/// Stops a search when its time is up or the player pressed Ctrl-C.
fn stopper(budget: Duration) -> impl FnMut() -> bool {
    let start = Instant::now();
    move || start.elapsed() > budget || crate::cancel::check().is_err()
}

/// A 24-coin grid entered or held by the run, checked as a piecepack's.
fn coin_grid(
    words: &[String],
    run: Option<&Run>,
    room: &str,
) -> Result<(Vec<Vec<Rank>>, bool), GameError> {
    if words.is_empty() {
        return run_grid(run).map(|g| (g, true)).ok_or_else(|| {
            GameError::missing(format!(
                "no barrel grid in the run: give the 24 coin values in reading order (solve {room} 3 a n 5 ...), or `setup barrels` during a run"
            ))
        });
    }
    let values = coins(words)?;
    if values.len() != 24 {
        return Err(GameError::word(format!(
            "{} coin {}: the grid is 6 rows of 4, so give all 24 in reading order",
            values.len(),
            plural(values.len() as u64, "value", "values")
        )));
    }
    fs::coin_pool(&values)?;
    Ok((rows(&values), false))
}

fn heading(style: &Style, text: &str) -> String {
    style.paint(text, Tone::Heading)
}

/// Add a line, wrapped to the terminal with a hanging indent.
fn say(text: &mut String, line: &str, style: &Style) {
    let _ = write!(text, "\n{}", wrap(line, style.width, "  "));
}

fn whose(from_run: bool, run: &'static str, yours: &'static str) -> &'static str {
    if from_run { run } else { yours }
}

// ---------------------------------------------------------------- Slide Jam

#[derive(Debug, Serialize)]
#[serde(transparent)]
struct SlideJamSolved {
    s: SlideJamSolution,
    #[serde(skip)]
    from_run: bool,
}

impl Show for SlideJamSolved {
    fn show(&self, style: &Style) -> String {
        let s = &self.s;
        let mut text = heading(style, "Slide Jam");
        let head = format!(
            "{}: fewest points {}{}{}",
            whose(self.from_run, "the run's deal", "your deal"),
            s.score,
            if s.cleared { ", board cleared" } else { "" },
            if s.proven {
                " (proven best)"
            } else {
                " (best found in the time; not proven best)"
            }
        );
        say(&mut text, &head, style);
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
                    style.width,
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
        let _ = write!(text, "\n{}", wrap(&score_line, style.width, "  "));
        text
    }
}

pub fn slide_jam(book: Option<&Book>, given: &Given) -> Result<Reply, GameError> {
    let run = book.and_then(|b| b.run.as_ref());
    let (grid, from_run) = if given.words.is_empty() {
        let g = run
            .and_then(|r| r.tables.slide_jam.as_ref())
            .and_then(|g| parse_rows::<Piece>(g))
            .ok_or_else(|| {
                GameError::missing("no Slide Jam deal in the run: give the 24 tiles in reading order, or `setup slide-jam` during a run")
            })?;
        (g, true)
    } else {
        let t = pieces(&given.words)?;
        if t.len() != 24 {
            return Err(GameError::word(format!(
                "{} tiles: Slide Jam deals all 24, so give them in reading order (4 a row)",
                t.len()
            )));
        }
        (rows(&t), false)
    };
    let s = slide_jam::solve(&grid, &mut stopper(budget(given)));
    Ok(Reply::new("solve", SlideJamSolved { s, from_run }))
}

// ------------------------------------------------------------- Magic Mirror

#[derive(Debug, Serialize)]
#[serde(transparent)]
struct MirrorSolved {
    s: MirrorSolution,
    #[serde(skip)]
    from_run: bool,
}

impl Show for MirrorSolved {
    fn show(&self, style: &Style) -> String {
        let s = &self.s;
        let mut text = heading(style, "Magic Mirror");
        let _ = write!(
            text,
            "\n{}: best score {} (exact)",
            whose(self.from_run, "the run's grids", "your grids"),
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
                    style.width,
                    "  "
                )
            );
        }
        let line = format!("score it: score mirror {}", s.score_inputs().join(" "));
        let _ = write!(text, "\n{}", wrap(&line, style.width, "  "));
        text
    }
}

pub fn magic_mirror(book: Option<&Book>, given: &Given) -> Result<Reply, GameError> {
    let run = book.and_then(|b| b.run.as_ref());
    let (upper, lower, from_run) = if given.words.is_empty() {
        let [u, l] = run
            .and_then(|r| r.tables.magic_mirror.as_ref())
            .ok_or_else(|| {
                GameError::missing("no Magic Mirror grids in the run: give the 12 upper tiles, /, and the 12 lower, or `setup magic-mirror` during a run")
            })?;
        let bad = || GameError::rule("the run's Magic Mirror grids are damaged");
        (
            parse_rows::<Piece>(u).ok_or_else(bad)?,
            parse_rows::<Piece>(l).ok_or_else(bad)?,
            true,
        )
    } else {
        let split = given.words.iter().position(|w| w == "/").ok_or_else(|| {
            GameError::word("split the two grids with /: the 12 upper tiles, /, then the 12 lower")
        })?;
        let (u, l) = (
            pieces(&given.words[..split])?,
            pieces(&given.words[split + 1..])?,
        );
        if u.len() != 12 || l.len() != 12 {
            return Err(GameError::word(format!(
                "{} and {} tiles: each grid is 3 rows of 4, so 12 and 12",
                u.len(),
                l.len()
            )));
        }
        if let Some(t) = u.iter().find(|t| l.contains(t)) {
            return Err(GameError::word(format!("tile {t} is in both grids")));
        }
        (rows(&u), rows(&l), false)
    };
    let s = mirror::solve(&upper, &lower);
    Ok(Reply::new("solve", MirrorSolved { s, from_run }))
}

// ------------------------------------------------------ Roll Out the Barrels

#[derive(Debug, Serialize)]
struct BarrelsSolved {
    #[serde(flatten)]
    s: BarrelsSolution,
    other_hand_score: u32,
    #[serde(skip)]
    other: BarrelsSolution,
    #[serde(skip)]
    hand: Hand,
    #[serde(skip)]
    from_run: bool,
    #[serde(skip)]
    layout: Layout,
}

impl Show for BarrelsSolved {
    fn show(&self, style: &Style) -> String {
        let (s, other, hand) = (&self.s, &self.other, self.hand);
        let mut text = heading(style, "Roll Out the Barrels");
        let head = format!(
            "{}, {}-handed die: {}",
            whose(self.from_run, "the run's grid", "your grid"),
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
        say(&mut text, &head, style);
        say(
            &mut text,
            &format!("start on r1c1 with {}", s.start.describe()),
            style,
        );
        for (i, t) in s.route.iter().enumerate() {
            let _ = write!(text, "\n{:>3}. tip {}", i + 1, t.describe());
        }
        let _ = write!(text, "\n{}", drawn(&self.layout, style));
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
                    style.width,
                    ""
                )
            );
        }
        text
    }
}

pub fn barrels(book: Option<&Book>, given: &Given) -> Result<Reply, GameError> {
    let run = book.and_then(|b| b.run.as_ref());
    let hand = given.choice("die").map_or_else(
        || book.map(|b| b.die).unwrap_or_default(),
        |h| h.parse().expect("declared choices"),
    );
    let (grid, from_run) = coin_grid(&given.words, run, "barrels")?;
    let s = barrels::solve(&grid, hand);
    let other = barrels::solve(&grid, hand.other());
    let mut cells = vec![barrels::START];
    cells.extend(s.route.iter().map(|t| t.to));
    let layout = fl::barrels_route(&grid, &cells, None);
    Ok(Reply::new(
        "solve",
        BarrelsSolved {
            other_hand_score: other.score,
            s,
            other,
            hand,
            from_run,
            layout: layout.clone(),
        },
    )
    .with_layout(layout))
}

// ------------------------------------------------------------ Whack-a-Dummy

#[derive(Debug, Serialize)]
#[serde(transparent)]
struct WhackSolved {
    s: WhackSolution,
    #[serde(skip)]
    from_run: bool,
}

impl Show for WhackSolved {
    fn show(&self, style: &Style) -> String {
        let s = &self.s;
        let mut text = heading(style, "Whack-a-Dummy");
        let head = format!(
            "{}, start {}: {}",
            whose(self.from_run, "the run's board", "your board"),
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
        say(&mut text, &head, style);
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
        text
    }
}

pub fn whack(book: Option<&Book>, given: &Given) -> Result<Reply, GameError> {
    let run = book.and_then(|b| b.run.as_ref());
    let (grid, from_run) = coin_grid(&given.words, run, "whack")?;
    let starts: Vec<_> = match given.choice("start") {
        Some(name) => WHACK_STARTS
            .iter()
            .copied()
            .filter(|c| cell_name(*c) == name)
            .collect(),
        None => WHACK_STARTS.to_vec(),
    };
    let s = whack::solve_starts(&grid, &starts, whack::DEFAULT_LIMIT);
    Ok(Reply::new("solve", WhackSolved { s, from_run }))
}

// -------------------------------------------------------------- Trampo-Land

#[derive(Debug, Serialize)]
#[serde(transparent)]
struct TrampoSolved {
    s: TrampoSolution,
    #[serde(skip)]
    die: Rank,
    #[serde(skip)]
    cast: u32,
    #[serde(skip)]
    columns: [u32; 4],
    #[serde(skip)]
    layout: Layout,
}

impl Show for TrampoSolved {
    fn show(&self, style: &Style) -> String {
        let s = &self.s;
        let mut text = heading(style, "Trampo-Land");
        let head = format!(
            "die {}, cast {}, columns {}: best score {}{}",
            self.die.name(),
            self.cast,
            self.columns.map(|c| c.to_string()).join(","),
            s.score,
            if s.proven {
                " (proven best)"
            } else {
                " (best found in the time; not proven best)"
            }
        );
        say(&mut text, &head, style);
        let _ = write!(text, "\n{}", drawn(&self.layout, style));
        for (i, m) in s.moves.iter().enumerate() {
            let line = wrap(&m.describe(), style.width - 5, "     ");
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
        text
    }
}

pub fn trampo_land(book: Option<&Book>, given: &Given) -> Result<Reply, GameError> {
    let held = book
        .and_then(|b| b.run.as_ref())
        .and_then(|r| r.tables.trampo_land.as_ref());
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
        return Err(GameError::word(format!(
            "solve trampo-land needs {} (as setup takes them), or `setup trampo-land` during a run",
            missing.join(", ")
        )));
    };
    let t = fs::trampo_land(die, cast, columns);
    let s = trampo::solve(t.board, &mut stopper(budget(given)));
    let layout = fl::trampo_land(&t);
    Ok(Reply::new(
        "solve",
        TrampoSolved {
            s,
            die,
            cast,
            columns,
            layout: layout.clone(),
        },
    )
    .with_layout(layout))
}
