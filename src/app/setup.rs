//! `setup GAME ...`: lay out a game or Funhouse room from what the player
//! has on the table, drawing any missing part at random and saying so.

use std::fmt::Write;
use std::path::Path;

use serde_json::json;

use super::{App, AppError, Reply, Result, data, invalid};
use crate::games::funhouse::Room;
use crate::games::funhouse::layouts as fl;
use crate::games::funhouse::setup::{self as fs, cell_name};
use crate::games::{DieRolls, args, random_face};
use crate::pieces::{Piece, Rank};
use crate::render::{self, Format};
use crate::store::{self, Part};
use crate::style::Tone;

/// How many deals `setup slide-jam clearable` tries before giving up.
const CLEARABLE_TRIES: u64 = 50;

/// A game's setup input, read against its declared settings.
pub(super) fn given(id: &str, input: &[String]) -> Result<args::Given> {
    args::parse(args::setup(id), input).map_err(invalid)
}

fn tiles(words: &[String]) -> Result<Vec<Piece>> {
    crate::pieces::distinct_tiles(words).map_err(|e| invalid(e.to_string()))
}

/// Random order for the tiles not yet listed, after the listed ones.
fn complete_tiles(given: Vec<Piece>, rng: &mut crate::random::TableRng) -> (Vec<Piece>, usize) {
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

impl App {
    pub(super) fn setup(
        &mut self,
        game: Option<&str>,
        args: &[String],
        out: Option<&Path>,
        force: bool,
    ) -> Result<Reply> {
        let Some(game) = game else {
            return Err(invalid(format!(
                "setup needs a game: {}",
                crate::command::SETUP_GAMES
            )));
        };
        // A bad file name is refused before anything is dealt or saved.
        let format = out.map(Format::of).transpose().map_err(invalid)?;
        let (given, args) = crate::deal::split(args).map_err(invalid)?;
        // A name may run over words: `setup lab rats`, `setup slide jam`.
        let (game, args) =
            match crate::names::longest(game, &args, |n| args::resolve(n).map(|_| n.to_string())) {
                Some((name, used)) => (name, args[used..].to_vec()),
                None => (game.to_string(), args),
            };
        let game = game.as_str();
        let (mut reply, code) =
            self.dealt(given, |app| match app.setup_table_game(game, &args)? {
                Some(reply) => Ok(reply),
                None => app.setup_room(game, &args),
            })?;
        let id = args::resolve(game).map_or(game, |g| g.id);
        self.tell_deal(&mut reply, code, &format!("setup {id}"), "deals");
        reply.data["seed"] = json!(self.seed());
        if let Some(layout) = &reply.layout {
            reply.data["layout"] = serde_json::to_value(layout).expect("layouts serialise");
        }
        if let (Some(path), Some(format), Some(layout)) = (out, format, &reply.layout) {
            let plain = crate::style::fit(&crate::style::strip_ansi(&reply.text), 60);
            let bytes = render::render(layout, format, &plain).map_err(invalid)?;
            super::saved::write_new(path, &bytes, force)?;
            let _ = write!(reply.text, "\n(written to {})", path.display());
            reply.data["out"] = json!(path.display().to_string());
        }
        Ok(reply)
    }

    fn setup_room(&mut self, game: &str, args: &[String]) -> Result<Reply> {
        let room: Room = game.parse().map_err(|_| {
            let names = crate::command::GAME_NAMES[1..]
                .iter()
                .chain(crate::command::GAME_ALIASES)
                .copied();
            invalid(format!(
                "'{game}' is not a game tablemate sets up{}: expected {}",
                crate::suggest::hint(game, names),
                crate::command::SETUP_GAMES
            ))
        })?;
        match room {
            Room::SlideJam => self.setup_slide_jam(args),
            Room::MagicMirror => self.setup_mirror(args),
            Room::Catwalk => self.setup_catwalk(args),
            Room::Barrels => self.setup_barrels(args),
            Room::WhackADummy => self.setup_whack(args),
            Room::TrampoLand => self.setup_trampo(args),
        }
    }

    fn heading(&self, text: &str) -> String {
        self.style.paint(text, Tone::Heading)
    }

    fn setup_slide_jam(&mut self, args: &[String]) -> Result<Reply> {
        let inputs = given("slide-jam", args)?;
        let clearable = match inputs.words.as_slice() {
            [] => false,
            [w] if w.eq_ignore_ascii_case("clearable") => true,
            [w, ..] => {
                return Err(invalid(format!(
                    "'{w}' is not understood: setup slide-jam takes clearable, or nothing"
                )));
            }
        };
        let mut deal = fs::slide_jam(&mut self.rng);
        let mut tries = 1;
        if clearable {
            // Deal again until the solver proves a deal can be cleared
            // (nearly every deal can: the first usually does).
            loop {
                let start = std::time::Instant::now();
                let mut stop =
                    || start.elapsed().as_millis() > 500 || crate::cancel::check().is_err();
                let s = crate::games::funhouse::solve::slide_jam::solve(&deal.grid, &mut stop);
                crate::cancel::check().map_err(invalid)?;
                if s.cleared {
                    break;
                }
                if tries == CLEARABLE_TRIES {
                    return Err(invalid(format!(
                        "no clearable deal found in {CLEARABLE_TRIES} tries; try again"
                    )));
                }
                deal = fs::slide_jam(&mut self.rng);
                tries += 1;
            }
        }
        let mut text = format!("{}\n", self.heading("Slide Jam: 4 wide, 6 high"));
        if clearable {
            let line = format!(
                "a deal the solver cleared ({tries} {} dealt); `solve slide-jam` shows how",
                crate::style::plural(tries, "deal", "deals")
            );
            let _ = writeln!(
                text,
                "{}",
                crate::style::wrap(&line, self.style.width, "  ")
            );
        }
        let layout = fl::slide_jam(&deal.grid);
        let _ = writeln!(text, "{}", self.diagram(&layout));
        text.push_str("Lay the tiles face up in this grid, leaving room to slide.");
        let grid = super::solve::grid_codes(&deal.grid);
        if self.keep_table(Room::SlideJam, |t| t.slide_jam = Some(grid.clone()))? {
            text.push_str("\n(kept in the run: `solve slide-jam` works from it)");
        }
        Ok(Reply::new("setup", text, data(&deal)).with_layout(layout))
    }

    fn setup_mirror(&mut self, args: &[String]) -> Result<Reply> {
        let inputs = given("magic-mirror", args)?;
        let (first, second) = match inputs.words.iter().position(|w| w == "/") {
            Some(i) => (&inputs.words[..i], &inputs.words[i + 1..]),
            None => (&inputs.words[..], &inputs.words[inputs.words.len()..]),
        };
        // With nothing given, the stacks the run's Slide Jam play made.
        let carried = if inputs.words.is_empty() {
            self.tracked(Room::SlideJam)?.and_then(|g| g.stacks())
        } else {
            None
        };
        let (first, second) = match &carried {
            Some([a, b]) => (a.clone(), b.clone()),
            None => (tiles(first)?, tiles(second)?),
        };
        let stacks = fs::magic_mirror(&first, &second, &mut self.rng).map_err(invalid)?;
        let mut text = format!(
            "{}\n{}\n",
            self.heading("Magic Mirror"),
            if carried.is_some() {
                "stacks: from your Slide Jam play (stack 1 above the mirror)".to_string()
            } else {
                origin(stacks.given, 24, "stacks")
            }
        );
        let layout = fl::magic_mirror(&stacks.upper, &stacks.lower);
        let _ = writeln!(text, "{}", self.diagram(&layout));
        text.push_str("Each stack is laid from its top in reading order.");
        let grids = [
            super::solve::grid_codes(&stacks.upper),
            super::solve::grid_codes(&stacks.lower),
        ];
        if self.keep_table(Room::MagicMirror, |t| t.magic_mirror = Some(grids.clone()))? {
            text.push_str("\n(kept in the run: `solve mirror` works from it)");
        }
        Ok(Reply::new("setup", text, data(&stacks)).with_layout(layout))
    }

    fn setup_catwalk(&mut self, args: &[String]) -> Result<Reply> {
        let inputs = given("catwalk", args)?;
        let given_rolls = inputs.faces("rolls").unwrap_or_default();
        let carried = if inputs.words.is_empty() {
            self.tracked(Room::MagicMirror)?
                .and_then(|g| g.catwalk_order())
        } else {
            None
        };
        let listed = match &carried {
            Some(order) => order.clone(),
            None => tiles(&inputs.words)?,
        };
        let (order, given) = complete_tiles(listed, &mut self.rng);
        let mut rolls = DieRolls::new(given_rolls, &mut self.rng);
        let walk = fs::catwalk(&order, &mut rolls).map_err(invalid)?;
        let (rolls_given, rolls_rolled) = rolls.counts();
        let unused = rolls.unused();
        let mut text = format!(
            "{}\n{}\n",
            self.heading("Catwalk"),
            if carried.is_some() {
                crate::style::wrap(
                    "laying order: your Magic Mirror stacks, each from its top: Twins, Cousins, Distant Relatives, Identical Strangers",
                    self.style.width,
                    "  ",
                )
            } else {
                origin(given, 24, "laying order")
            }
        );
        let layout = fl::catwalk(&walk);
        text.push_str(&self.diagram(&layout));
        let first = &walk.tiles[0];
        let last = &walk.tiles[walk.tiles.len() - 1];
        let width = self.style.width;
        let ends = format!(
            "start: 1 {} at 0,0; end: 24 {} at {},{} (x east, y north)",
            first.tile, last.tile, last.x, last.y
        );
        let _ = write!(text, "\n{}", crate::style::wrap(&ends, width, "  "));
        if walk.fallbacks.is_empty() {
            text.push_str("\nevery tile went where its suit says");
        } else {
            text.push_str("\nfallbacks:");
            for f in &walk.fallbacks {
                let line = crate::style::wrap(&f.describe(), width - 2, "    ");
                let _ = write!(text, "\n  {line}");
            }
        }
        if rolls_given + rolls_rolled > 0 {
            let _ = write!(
                text,
                "\ndie: {rolls_given} of your rolls used, {rolls_rolled} rolled"
            );
        }
        if unused > 0 {
            let _ = write!(
                text,
                "\n({unused} of your rolls {} not needed)",
                if unused == 1 { "was" } else { "were" }
            );
        }
        Ok(Reply::new("setup", text, data(&walk)).with_layout(layout))
    }

    fn setup_barrels(&mut self, args: &[String]) -> Result<Reply> {
        let inputs = given("roll-out-the-barrels", args)?;
        let mut coins: Vec<Rank> = super::solve::coins(&inputs.words)?;
        let book = self.load_book()?;
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
            return Err(invalid(format!("{} coins: the grid holds 24", coins.len())));
        }
        let mut pool = fs::coin_pool(&coins).map_err(invalid)?;
        let given = coins.len();
        self.rng.shuffle(&mut pool);
        coins.extend(pool);
        let barrels = fs::barrels(&coins);
        let (grid, swaps) = (&barrels.grid, &barrels.swaps);
        let mut text = format!(
            "{}{note}\n{}\n",
            self.heading("Roll Out the Barrels"),
            if note.is_empty() {
                origin(given, 24, "coins")
            } else {
                origin(given, 24, "coins").replace("as you gave them", "from the scoreboard")
            }
        );
        let layout = fl::barrels(grid);
        text.push_str(&self.diagram(&layout));
        if swaps.is_empty() {
            text.push_str("\nno neighbours match: no swaps needed");
        } else {
            text.push_str("\nswaps to make, in order:");
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
        if !barrels.legal {
            text.push_str(
                "\nthis grid cannot be made fully legal by swapping: some neighbours still match",
            );
        }
        text.push_str("\nstart: r1c1 (top left); exit: r6c4 (bottom right)");
        let codes: Vec<Vec<String>> = grid
            .iter()
            .map(|r| r.iter().map(|v| v.code().to_string()).collect())
            .collect();
        let kept = self.store.change(Part::Funhouse, |c| {
            let (mut book, _) = store::funhouse(c)?;
            let Some(run) = book.run.as_mut() else {
                return Ok((false, None));
            };
            run.barrels = Some(codes.clone());
            // A new grid starts both rooms played on it afresh.
            for room in [Room::Barrels, Room::WhackADummy] {
                run.tables.played.remove(room.id());
            }
            store::save_funhouse(c, &book)?;
            Ok::<_, AppError>((true, Some("setup barrels (the run's grid)".to_string())))
        })?;
        if kept {
            text.push_str("\n(kept in the run: it becomes the Whack-a-Dummy board)");
        }
        Ok(Reply::new("setup", text, data(&barrels)).with_layout(layout))
    }

    fn setup_whack(&mut self, args: &[String]) -> Result<Reply> {
        given("whack-a-dummy", args)?;
        let book = self.load_book()?;
        let from_run = book.run.as_ref().and_then(|r| r.barrels.clone());
        // Setting the room up again starts its play afresh.
        if book
            .run
            .as_ref()
            .is_some_and(|r| r.tables.played.contains_key(Room::WhackADummy.id()))
        {
            self.keep_table(Room::WhackADummy, |_| {})?;
        }
        let mut text = format!("{}\n", self.heading("Whack-a-Dummy"));
        text.push_str(match from_run {
            Some(_) => "the barrel grid from this run, every coin turned face down\n",
            None => "the barrel grid, every coin turned face down\n",
        });
        let layout = fl::whack_a_dummy();
        text.push_str(&self.diagram(&layout));
        text.push_str("\nS: put the die on any one of these four");
        text.push_str("\ncorners to activate, in order:");
        for (i, (cell, name)) in fs::WHACK_CORNERS.iter().enumerate() {
            let _ = write!(text, "\n  {}. {} ({})", i + 1, name, cell_name(*cell));
        }
        Ok(Reply::new("setup", text, data(&fs::whack_board(from_run))).with_layout(layout))
    }

    fn setup_trampo(&mut self, args: &[String]) -> Result<Reply> {
        let inputs = given("trampo-land", args)?;
        let mut said = Vec::new();
        let die = match inputs.face("die") {
            Some(r) => {
                said.push(format!("die {} (yours)", r.name()));
                r
            }
            None => {
                let r = random_face(&mut self.rng);
                said.push(format!("die rolled: {}", r.name()));
                r
            }
        };
        let mut cast = inputs.number("cast").unwrap_or(0);
        if cast > 0 {
            said.push(format!("cast {cast} (yours)"));
        }
        if cast == 0 {
            cast = fs::random_cast(&mut self.rng);
            said.push(format!("cast at random: {cast}"));
        }
        let played = match inputs.numbers("columns") {
            Some(_) => None,
            None => self.tracked(Room::WhackADummy)?.and_then(|g| g.columns()),
        };
        let columns: [u32; 4] = match inputs.numbers("columns") {
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
                let sums = fs::random_columns(&mut self.rng);
                said.push(format!(
                    "columns at random: {}",
                    sums.map(|s| s.to_string()).join(",")
                ));
                sums
            }
        };
        let t = fs::trampo_land(die, cast, columns);
        let mut text = format!(
            "{}\n{}\n",
            self.heading("Trampo-Land"),
            crate::style::wrap(&said.join("; "), self.style.width, "")
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
        let layout = fl::trampo_land(&t);
        text.push_str(&self.diagram(&layout));
        let kept = super::solve::trampo_setup(die, cast, columns);
        if self.keep_table(Room::TrampoLand, |tables| {
            tables.trampo_land = Some(kept.clone())
        })? {
            text.push_str("\n(kept in the run: `solve trampo-land` works from it)");
        }
        Ok(Reply::new("setup", text, data(&t)).with_layout(layout))
    }
}
