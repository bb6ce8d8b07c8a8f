//! `setup ROOM`: each room laid out from what the player has on the
//! table, the rest drawn at random and said so; in an open run the room's
//! table is kept (so a solver, play-along and the next room work from it),
//! and a room whose play the run followed hands its result on to the next.

use std::fmt::Write;

use serde::Serialize;

use super::super::diagram;
use super::super::grade;
use super::super::layouts as fl;
use super::super::play::{of_run, tracked};
use super::super::room::Room;
use super::super::run::{Book, Run, Tables, TrampoSetup, grid_codes};
use super::super::setup::{
    self as fs, Barrels, Catwalk, MirrorStacks, SlideJam, Trampo, WHACK_CORNERS, WhackBoard,
    cell_name,
};
use crate::games::args::Given;
use crate::games::die_rolls::{DieRolls, random_face};
use crate::games::error::GameError;
use crate::games::grading;
use crate::games::wing::Done;
use crate::layout::Layout;
use crate::pieces::{Piece, Rank};
use crate::random::TableRng;
use crate::reply::{Reply, Show};
use crate::style::{Style, Tone, plural, wrap};

/// How many deals `setup slide-jam clearable` tries before giving up.
const CLEARABLE_TRIES: u64 = 50;

/// Lay `room` out in the Funhouse's saved state.
pub fn lay(
    room: Room,
    slot: &mut Option<Book>,
    given: &Given,
    rng: &mut TableRng,
) -> Result<Done<Reply>, GameError> {
    let book = slot.get_or_insert_with(Book::default);
    match given.choice("level") {
        Some(level) => graded(room, book, given, level, rng),
        None => lay_room(room, book, given, rng),
    }
}

fn lay_room(
    room: Room,
    book: &mut Book,
    given: &Given,
    rng: &mut TableRng,
) -> Result<Done<Reply>, GameError> {
    match room {
        Room::SlideJam => slide_jam(book, given, rng),
        Room::MagicMirror => mirror(book, given, rng),
        Room::Catwalk => catwalk(book, given, rng),
        Room::Barrels => barrels(book, given, rng),
        Room::WhackADummy => whack(book, given),
        Room::TrampoLand => trampo(book, given, rng),
    }
}

/// `setup ROOM level=L`: deal (as the room deals, on the deal code's
/// generator) until the deal grades `level`, then lay that one. Each try
/// is laid on a copy of the book (with a run, so the table is kept to be
/// graded) and the generator's place before the try kept, so the deal
/// found is laid again exactly, and `deal=CODE` with the same level
/// finds it again.
fn graded(
    room: Room,
    book: &mut Book,
    given: &Given,
    level: &str,
    rng: &mut TableRng,
) -> Result<Done<Reply>, GameError> {
    let (at, g) = grading::deal_until(level, "", || {
        let at = rng.clone();
        // Outside a run the table is kept nowhere: the try is laid on a
        // run of its own (an empty run deals as no run does).
        let mut scratch = book.clone();
        scratch.run.get_or_insert_with(|| Run::new(String::new()));
        lay_room(room, &mut scratch, given, rng)?;
        let run = scratch.run.as_ref().expect("a run was made");
        let Some(game) = of_run(&scratch, run, room)? else {
            return Err(GameError::rule(format!(
                "{} takes no level here: its table is not dealt at random",
                room.title()
            )));
        };
        let mut stop = || crate::cancel::check().is_err();
        // A try of another level is left as soon as its grade shows it.
        let found = grade::grade_within(&game, grading::Level::named(level), &mut stop);
        if crate::cancel::check().is_err() {
            return Err(GameError::Cancelled);
        }
        Ok(found.map(|g| {
            let level = g.level;
            ((at, g), level)
        }))
    })?;
    *rng = at;
    let mut done = lay_room(room, book, given, rng)?;
    done.out
        .after
        .push(format!("graded {}", grade::describe(&g)));
    done.out.fields.push((
        "grade",
        serde_json::to_value(&g).expect("a grade serialises"),
    ));
    Ok(done)
}

fn tiles(words: &[String]) -> Result<Vec<Piece>, GameError> {
    crate::pieces::distinct_tiles(words).map_err(|e| GameError::word(e.to_string()))
}

/// Coin values as typed (`3 a n 5`), naming the first that is not one.
pub fn coins(words: &[String]) -> Result<Vec<Rank>, GameError> {
    words
        .iter()
        .map(|w| {
            w.parse::<Rank>().map_err(|_| {
                GameError::word(format!(
                    "'{w}' is not a coin value: expected n, a, 2, 3, 4 or 5"
                ))
            })
        })
        .collect()
}

/// Random order for the tiles not yet listed, after the listed ones.
fn complete_tiles(given: Vec<Piece>, rng: &mut TableRng) -> (Vec<Piece>, usize) {
    let n = given.len();
    let mut rest: Vec<Piece> = Piece::all()
        .into_iter()
        .filter(|p| !given.contains(p))
        .collect();
    rng.shuffle(&mut rest);
    let mut all = given;
    all.extend(rest);
    (all, n)
}

fn origin(given: usize, total: usize, what: &str) -> String {
    match (given, total - given) {
        (_, 0) => format!("{what}: as you gave them"),
        (0, _) => format!("{what}: drawn at random"),
        (g, r) => format!("{what}: {g} as you gave them, {r} drawn at random"),
    }
}

/// Keep a room's table in the open run, if there is one; says whether. A
/// new table starts the room afresh: the moves kept for it go.
fn keep_table(book: &mut Book, room: Room, put: impl FnOnce(&mut Tables)) -> bool {
    let Some(run) = book.run.as_mut() else {
        return false;
    };
    put(&mut run.tables);
    run.tables.played.remove(room.id());
    true
}

/// The reply, and the journal's words when the run kept the table.
fn laid(room: Room, reply: Reply, kept: bool) -> Done<Reply> {
    if kept {
        Done::changed(reply, format!("setup {} (the run's table)", room.id()))
    } else {
        Done::unchanged(reply)
    }
}

fn heading(style: &Style, text: &str) -> String {
    style.paint(text, Tone::Heading)
}

// ---------------------------------------------------------------- Slide Jam

#[derive(Debug, Serialize)]
#[serde(transparent)]
struct SlideJamLaid {
    deal: SlideJam,
    /// With `clearable`: how many deals it took.
    #[serde(skip)]
    tries: Option<u64>,
    /// How many of the 24 tiles the player gave.
    #[serde(skip)]
    given: usize,
    #[serde(skip)]
    kept: bool,
}

impl Show for SlideJamLaid {
    fn show(&self, style: &Style) -> String {
        let mut text = format!("{}\n", heading(style, "Slide Jam: 4 wide, 6 high"));
        if self.given > 0 {
            let _ = writeln!(text, "{}", origin(self.given, 24, "tiles"));
        }
        if let Some(tries) = self.tries {
            let line = format!(
                "a deal the solver cleared ({tries} {} dealt); `solve slide-jam` shows how",
                plural(tries, "deal", "deals")
            );
            let _ = writeln!(text, "{}", wrap(&line, style.width, "  "));
        }
        let _ = writeln!(
            text,
            "{}",
            diagram::draw(&fl::slide_jam(&self.deal.grid), style)
        );
        text.push_str("Lay the tiles face up in this grid, leaving room to slide.");
        if self.kept {
            text.push_str("\n(kept in the run: `solve slide-jam` works from it)");
        }
        text
    }
}

fn slide_jam(book: &mut Book, given: &Given, rng: &mut TableRng) -> Result<Done<Reply>, GameError> {
    let clearable = matches!(given.words.as_slice(), [w] if w.eq_ignore_ascii_case("clearable"));
    // The tiles as dealt at the table, in reading order (`/` may end a
    // row, for reading); any not given are dealt at random after them.
    let dealt: Vec<String> = if clearable {
        Vec::new()
    } else {
        given.words.iter().filter(|w| *w != "/").cloned().collect()
    };
    let named = tiles(&dealt).map_err(|e| match dealt.as_slice() {
        [one] => GameError::word(format!(
            "'{one}' is not understood: setup slide-jam takes clearable, or the tiles as dealt in reading order (Sn Sa S2 Mn ...)"
        )),
        _ => GameError::word(format!(
            "{e} (setup slide-jam takes the tiles as dealt, in reading order, or clearable)"
        )),
    })?;
    let (all, given_n) = complete_tiles(named, rng);
    let mut deal = fs::SlideJam {
        grid: all.chunks(4).map(<[Piece]>::to_vec).collect(),
    };
    let mut tries = 1;
    if clearable {
        // Deal again until the solver proves a deal can be cleared
        // (nearly every deal can: the first usually does).
        loop {
            let start = std::time::Instant::now();
            let mut stop = || start.elapsed().as_millis() > 500 || crate::cancel::check().is_err();
            let s = super::super::solve::slide_jam::solve(&deal.grid, &mut stop);
            if crate::cancel::check().is_err() {
                return Err(GameError::Cancelled);
            }
            if s.cleared {
                break;
            }
            if tries == CLEARABLE_TRIES {
                return Err(GameError::rule(format!(
                    "no clearable deal found in {CLEARABLE_TRIES} tries; try again"
                )));
            }
            deal = fs::slide_jam(rng);
            tries += 1;
        }
    }
    let layout = fl::slide_jam(&deal.grid);
    let grid = grid_codes(&deal.grid);
    let kept = keep_table(book, Room::SlideJam, |t| t.slide_jam = Some(grid));
    let reply = Reply::new(
        "setup",
        SlideJamLaid {
            deal,
            tries: clearable.then_some(tries),
            given: given_n,
            kept,
        },
    )
    .with_layout(layout);
    Ok(laid(Room::SlideJam, reply, kept))
}

// ------------------------------------------------------------- Magic Mirror

#[derive(Debug, Serialize)]
#[serde(transparent)]
struct MirrorLaid {
    stacks: MirrorStacks,
    /// The stacks came from the run's Slide Jam play.
    #[serde(skip)]
    carried: bool,
    #[serde(skip)]
    kept: bool,
}

impl Show for MirrorLaid {
    fn show(&self, style: &Style) -> String {
        let s = &self.stacks;
        let mut text = format!(
            "{}\n{}\n",
            heading(style, "Magic Mirror"),
            if self.carried {
                "stacks: from your Slide Jam play (stack 1 above the mirror)".to_string()
            } else {
                origin(s.given, 24, "stacks")
            }
        );
        let _ = writeln!(
            text,
            "{}",
            diagram::draw(&fl::magic_mirror(&s.upper, &s.lower), style)
        );
        text.push_str("Each stack is laid from its top in reading order.");
        if self.kept {
            text.push_str("\n(kept in the run: `solve mirror` works from it)");
        }
        text
    }
}

fn mirror(book: &mut Book, given: &Given, rng: &mut TableRng) -> Result<Done<Reply>, GameError> {
    let (first, second) = match given.words.iter().position(|w| w == "/") {
        Some(i) => (&given.words[..i], &given.words[i + 1..]),
        None => (&given.words[..], &given.words[given.words.len()..]),
    };
    // With nothing given, the stacks the run's Slide Jam play made.
    let carried = if given.words.is_empty() {
        tracked(book, Room::SlideJam)?.and_then(|g| g.stacks())
    } else {
        None
    };
    let (first, second) = match &carried {
        Some([a, b]) => (a.clone(), b.clone()),
        None => (tiles(first)?, tiles(second)?),
    };
    let stacks = fs::magic_mirror(&first, &second, rng)?;
    let layout = fl::magic_mirror(&stacks.upper, &stacks.lower);
    let grids = [grid_codes(&stacks.upper), grid_codes(&stacks.lower)];
    let kept = keep_table(book, Room::MagicMirror, |t| t.magic_mirror = Some(grids));
    let reply = Reply::new(
        "setup",
        MirrorLaid {
            stacks,
            carried: carried.is_some(),
            kept,
        },
    )
    .with_layout(layout);
    Ok(laid(Room::MagicMirror, reply, kept))
}

// ------------------------------------------------------------------ Catwalk

#[derive(Debug, Serialize)]
#[serde(transparent)]
struct CatwalkLaid {
    walk: Catwalk,
    /// How many tiles of the laying order the player gave.
    #[serde(skip)]
    given: usize,
    #[serde(skip)]
    carried: bool,
    /// The die: rolls the player gave and used, rolls made, rolls unused.
    #[serde(skip)]
    rolls: (usize, usize, usize),
}

impl Show for CatwalkLaid {
    fn show(&self, style: &Style) -> String {
        let walk = &self.walk;
        let width = style.width;
        let mut text = format!(
            "{}\n{}\n",
            heading(style, "Catwalk"),
            if self.carried {
                wrap(
                    "laying order: your Magic Mirror stacks, each from its top: Twins, Cousins, Distant Relatives, Identical Strangers",
                    width,
                    "  ",
                )
            } else {
                origin(self.given, 24, "laying order")
            }
        );
        text.push_str(&diagram::draw(&fl::catwalk(walk), style));
        let first = &walk.tiles[0];
        let last = &walk.tiles[walk.tiles.len() - 1];
        let ends = format!(
            "start: 1 {} at 0,0; end: 24 {} at {},{} (x east, y north)",
            first.tile, last.tile, last.x, last.y
        );
        let _ = write!(text, "\n{}", wrap(&ends, width, "  "));
        if walk.fallbacks.is_empty() {
            text.push_str("\nevery tile went where its suit says");
        } else {
            text.push_str("\nfallbacks:");
            for f in &walk.fallbacks {
                let line = wrap(&f.describe(), width - 2, "    ");
                let _ = write!(text, "\n  {line}");
            }
        }
        let (given, rolled, unused) = self.rolls;
        if given + rolled > 0 {
            let _ = write!(text, "\ndie: {given} of your rolls used, {rolled} rolled");
        }
        if unused > 0 {
            let _ = write!(
                text,
                "\n({unused} of your rolls {} not needed)",
                if unused == 1 { "was" } else { "were" }
            );
        }
        text
    }
}

fn catwalk(book: &mut Book, given: &Given, rng: &mut TableRng) -> Result<Done<Reply>, GameError> {
    let given_rolls = given.faces("rolls").unwrap_or_default();
    let carried = if given.words.is_empty() {
        tracked(book, Room::MagicMirror)?.and_then(|g| g.catwalk_order())
    } else {
        None
    };
    let listed = match &carried {
        Some(order) => order.clone(),
        None => tiles(&given.words)?,
    };
    let (order, listed) = complete_tiles(listed, rng);
    let mut rolls = DieRolls::new(given_rolls, rng);
    let walk = fs::catwalk(&order, &mut rolls)?;
    let (rolls_given, rolls_rolled) = rolls.counts();
    let unused = rolls.unused();
    let layout = fl::catwalk(&walk);
    // The Catwalk keeps nothing in the run (it is played by hand), but in
    // a run its setup starts its record, which its score will close.
    let in_run = book.run.is_some();
    let done = |reply| match in_run {
        true => Done::changed(reply, "setup catwalk (in the run)"),
        false => Done::unchanged(reply),
    };
    Ok(done(
        Reply::new(
            "setup",
            CatwalkLaid {
                walk,
                given: listed,
                carried: carried.is_some(),
                rolls: (rolls_given, rolls_rolled, unused),
            },
        )
        .with_layout(layout),
    ))
}

// ------------------------------------------------------ Roll Out the Barrels

#[derive(Debug, Serialize)]
#[serde(transparent)]
struct BarrelsLaid {
    barrels: Barrels,
    /// Coins the player gave (or the scoreboard did).
    #[serde(skip)]
    given: usize,
    /// What the run's Catwalk scoreboard said, when it opened the grid.
    #[serde(skip)]
    note: String,
    #[serde(skip)]
    kept: bool,
}

impl Show for BarrelsLaid {
    fn show(&self, style: &Style) -> String {
        let (grid, swaps) = (&self.barrels.grid, &self.barrels.swaps);
        let note = &self.note;
        let mut text = format!(
            "{}{note}\n{}\n",
            heading(style, "Roll Out the Barrels"),
            if note.is_empty() {
                origin(self.given, 24, "coins")
            } else {
                origin(self.given, 24, "coins").replace("as you gave them", "from the scoreboard")
            }
        );
        text.push_str(&diagram::draw(&fl::barrels(grid), style));
        if swaps.is_empty() {
            text.push_str("\nno neighbours match: no swaps needed");
        } else {
            // The grid drawn is the one after the swaps: say so, and
            // how the coins as placed became it.
            text.push_str("\nthe grid above is after these swaps, made in order\nto the coins as placed (no two neighbours match):");
            for (i, s) in swaps.iter().enumerate() {
                let _ = write!(
                    text,
                    "\n  {}. {} ({}) <-> {} ({})",
                    i + 1,
                    cell_name(s.from),
                    s.from_value.code(),
                    cell_name(s.to),
                    s.to_value.code()
                );
            }
        }
        if !self.barrels.legal {
            text.push_str(
                "\nthis grid cannot be made fully legal by swapping: some neighbours still match",
            );
        }
        text.push_str("\nstart: r1c1 (top left); exit: r6c4 (bottom right)");
        if self.kept {
            text.push_str("\n(kept in the run: it becomes the Whack-a-Dummy board)");
        }
        text
    }
}

fn barrels(book: &mut Book, given: &Given, rng: &mut TableRng) -> Result<Done<Reply>, GameError> {
    let mut coins: Vec<Rank> = coins(&given.words)?;
    let mut note = String::new();
    // With no coins given, an open run's Catwalk scoreboard opens the grid.
    if coins.is_empty()
        && let Some(run) = &book.run
        && let Some(sc) = &run.rooms[Room::Catwalk.index()]
    {
        let (scoreboard, substitutions) = fs::scoreboard_coins(&sc.inputs);
        coins = scoreboard;
        for (want, got) in substitutions {
            let _ = write!(
                note,
                "\nno {} coin left for the scoreboard: used {} instead",
                want.name(),
                got.name()
            );
        }
        if !coins.is_empty() {
            note.insert_str(
                0,
                &format!(
                    "\nthe run's Catwalk scoreboard opens the grid ({} coins)",
                    coins.len()
                ),
            );
        }
    }
    if coins.len() > 24 {
        return Err(GameError::word(format!(
            "{} coins: the grid holds 24",
            coins.len()
        )));
    }
    let mut pool = fs::coin_pool(&coins)?;
    let given = coins.len();
    rng.shuffle(&mut pool);
    coins.extend(pool);
    let barrels = fs::barrels(&coins);
    let layout = fl::barrels(&barrels.grid);
    let codes = grid_codes(&barrels.grid);
    let kept = match book.run.as_mut() {
        Some(run) => {
            run.barrels = Some(codes);
            // A new grid starts both rooms played on it afresh.
            for room in [Room::Barrels, Room::WhackADummy] {
                run.tables.played.remove(room.id());
            }
            true
        }
        None => false,
    };
    let reply = Reply::new(
        "setup",
        BarrelsLaid {
            barrels,
            given,
            note,
            kept,
        },
    )
    .with_layout(layout);
    Ok(if kept {
        Done::changed(reply, "setup barrels (the run's grid)")
    } else {
        Done::unchanged(reply)
    })
}

// ------------------------------------------------------------ Whack-a-Dummy

#[derive(Debug, Serialize)]
#[serde(transparent)]
struct WhackLaid {
    board: WhackBoard,
}

impl Show for WhackLaid {
    fn show(&self, style: &Style) -> String {
        let mut text = format!("{}\n", heading(style, "Whack-a-Dummy"));
        let said = match self.board.grid {
            Some(_) => "the barrel grid from this run, every coin turned face down",
            // No grid was kept (Barrels scored as a number, or no run):
            // the table's own grid is used, and tablemate cannot follow it.
            None => {
                "your Barrels grid as it lies on the table, every coin turned face down (tablemate holds no grid for this run, so it cannot follow the moves: play them at the table and `score whack-a-dummy` the result)"
            }
        };
        text.push_str(&wrap(said, style.width, ""));
        text.push('\n');
        text.push_str(&diagram::draw(&fl::whack_a_dummy(None), style));
        text.push_str("\nS: put the die on any one of these four");
        text.push_str("\ncorners to activate, in order:");
        for (i, (cell, name)) in WHACK_CORNERS.iter().enumerate() {
            let _ = write!(text, "\n  {}. {} ({})", i + 1, name, cell_name(*cell));
        }
        text
    }
}

fn whack(book: &mut Book, _: &Given) -> Result<Done<Reply>, GameError> {
    let from_run = book.run.as_ref().and_then(|r| r.barrels.clone());
    let grid: Option<Vec<Vec<Rank>>> = from_run.as_ref().and_then(|g| {
        g.iter()
            .map(|row| row.iter().map(|v| v.parse().ok()).collect())
            .collect()
    });
    // Setting the room up in a run starts its play afresh, and starts its
    // record: the room is a game of its own, though its grid is the
    // barrels'.
    let kept = keep_table(book, Room::WhackADummy, |_| {});
    let reply = Reply::new(
        "setup",
        WhackLaid {
            board: fs::whack_board(from_run),
        },
    )
    .with_layout(fl::whack_a_dummy(grid.as_deref()));
    Ok(laid(Room::WhackADummy, reply, kept))
}

// -------------------------------------------------------------- Trampo-Land

#[derive(Debug, Serialize)]
#[serde(transparent)]
struct TrampoLaid {
    board: Trampo,
    /// Where each setting came from, in words.
    #[serde(skip)]
    said: Vec<String>,
    #[serde(skip)]
    kept: bool,
}

impl Show for TrampoLaid {
    fn show(&self, style: &Style) -> String {
        let t = &self.board;
        let mut text = format!(
            "{}\n{}\n",
            heading(style, "Trampo-Land"),
            wrap(&self.said.join("; "), style.width, "")
        );
        let _ = writeln!(
            text,
            "empty: {}; you: {}; adults: {}",
            t.empty,
            t.you,
            t.adults
                .iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        text.push_str(&diagram::draw(&fl::trampo_land(t), style));
        if self.kept {
            text.push_str("\n(kept in the run: `solve trampo-land` works from it)");
        }
        text
    }
}

fn trampo(book: &mut Book, given: &Given, rng: &mut TableRng) -> Result<Done<Reply>, GameError> {
    let mut said = Vec::new();
    let die = match given.face("die") {
        Some(r) => {
            said.push(format!("die {} (yours)", r.name()));
            r
        }
        None => {
            let r = random_face(rng);
            said.push(format!("die rolled: {}", r.name()));
            r
        }
    };
    let mut cast = given.number("cast").unwrap_or(0);
    if cast > 0 {
        said.push(format!("cast {cast} (yours)"));
    }
    if cast == 0 {
        cast = fs::random_cast(rng);
        said.push(format!("cast at random: {cast}"));
    }
    let played = match given.numbers("columns") {
        Some(_) => None,
        None => tracked(book, Room::WhackADummy)?.and_then(|g| g.columns()),
    };
    let columns: [u32; 4] = match given.numbers("columns") {
        None if let Some(sums) = played => {
            said.push(format!(
                "columns {} (your Whack-a-Dummy play)",
                sums.map(|s| s.to_string()).join(",")
            ));
            sums
        }
        Some(list) => {
            let text: Vec<String> = list.iter().map(u32::to_string).collect();
            said.push(format!("columns {} (yours)", text.join(",")));
            [list[0], list[1], list[2], list[3]]
        }
        None => {
            let sums = fs::random_columns(rng);
            said.push(format!(
                "columns at random: {}",
                sums.map(|s| s.to_string()).join(",")
            ));
            sums
        }
    };
    let board = fs::trampo_land(die, cast, columns);
    let layout = fl::trampo_land(&board);
    let setup = TrampoSetup {
        die: die.code().to_string(),
        cast,
        columns,
    };
    let kept = keep_table(book, Room::TrampoLand, |t| t.trampo_land = Some(setup));
    let reply = Reply::new("setup", TrampoLaid { board, said, kept }).with_layout(layout);
    Ok(laid(Room::TrampoLand, reply, kept))
}

/// The barrel grid a run holds, if any.
pub fn run_grid(run: Option<&Run>) -> Option<Vec<Vec<Rank>>> {
    run.and_then(|r| r.barrels.as_ref())
        .and_then(|g| super::super::run::parse_rows::<Rank>(g))
}

/// A room's layout drawn, for a reply that shows one beside its text.
pub fn drawn(layout: &Layout, style: &Style) -> String {
    diagram::draw(layout, style)
}
