//! What the games declare, gathered for the commands every game shares:
//! the games `setup` and `solve` take (for their help, errors and
//! completion) and each game's own completions. Generated from the wings,
//! so a new game appears here by being registered.

use super::args::{self, Declared};
use super::game::Game;

/// Which declaration of a wing to fetch.
#[derive(Clone, Copy)]
enum Which {
    Setup,
    Solve,
}

impl Which {
    fn declared(self, game: Game) -> Option<&'static Declared> {
        match self {
            Which::Setup => game.wing().setup_args(),
            Which::Solve => game.wing().solve_args(),
        }
    }

    fn examples(self, game: Game) -> &'static [&'static str] {
        match self {
            Which::Setup => game.wing().setup_examples(),
            Which::Solve => game.wing().solve_examples(),
        }
    }
}

/// What `setup GAME` takes, if the game is set up.
pub fn setup_args(game: Game) -> Option<&'static Declared> {
    Which::Setup.declared(game)
}

/// What `solve GAME` takes, if the game is solved.
pub fn solve_args(game: Game) -> Option<&'static Declared> {
    Which::Solve.declared(game)
}

/// The games a command takes, by the names lists show.
fn listed(which: Which) -> Vec<&'static str> {
    Game::all()
        .filter(|&g| which.declared(g).is_some())
        .map(Game::listed)
        .collect()
}

/// The games `setup` takes, as a sentence's list: `a, b or c`.
pub fn setup_games() -> String {
    or_list(&listed(Which::Setup))
}

/// The games `solve` takes, likewise.
pub fn solve_games() -> String {
    or_list(&listed(Which::Solve))
}

fn or_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [most @ .., last] => format!("{} or {last}", most.join(", ")),
    }
}

fn examples(which: Which) -> String {
    Game::all()
        .flat_map(|g| which.examples(g).iter())
        .map(|e| format!("  {e}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `setup`'s help after its usage: the games, and an example of each.
pub fn setup() -> String {
    let games = format!("Games: {}.", listed(Which::Setup).join(", "));
    // Its own paragraph, so that `setup GAME --help` is never cut in two
    // however long the list of games grows.
    let more = "`setup GAME --help` lists what a game takes. Anything not given is drawn at random (and said so). --out FILE also writes the layout: .svg .png .ppn .csv .json or .txt.";
    format!(
        "{}\n{}\n\nExamples:\n{}",
        crate::style::wrap(&games, 60, ""),
        crate::style::wrap(more, 60, ""),
        examples(Which::Setup)
    )
}

/// `solve`'s help after its usage: the games, what each takes, examples.
pub fn solve() -> String {
    let intro = "Without a position, solves what was set up (an open run keeps each room's table); or give the position, as each game takes it below. Searches that can run long take budget= seconds (default 5), then say whether the answer is proven best.";
    let mut takes = Vec::new();
    for game in Game::all() {
        if let Some(d) = solve_args(game) {
            let keys: Vec<String> = d.args.iter().map(|a| format!("{}=", a.key)).collect();
            let what = d.words.map_or(keys.join(" "), String::from);
            let line = format!("{}: {what}", game.listed());
            let wrapped = crate::style::wrap(&line, 58, "    ");
            takes.push(format!("  {}", wrapped.replace('\n', "\n  ")));
        }
    }
    format!(
        "{}\n\nWhat each takes:\n{}\n\nExamples:\n{}",
        crate::style::wrap(intro, 60, ""),
        takes.join("\n"),
        examples(Which::Solve)
    )
}

/// `setup GAME --help` (or `solve GAME --help`): each setting with its
/// range and meaning.
pub fn settings(game: Game, solve: bool) -> Option<String> {
    let d = if solve {
        solve_args(game)
    } else {
        setup_args(game)
    }?;
    Some(args::help(d))
}

/// The fixed words Tab offers after one of a game's commands.
pub fn completions(game: Game, path: &[&str], index: usize) -> Vec<&'static str> {
    game.wing().completions(path, index)
}
