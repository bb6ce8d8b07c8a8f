//! Mathrix plugged into tablemate: its saved game, its `mathrix` command
//! (`mathrix remove c3 because 2+3=5`), its setup (at random, from the
//! coins the table laid, at a level, with the operators the table plays
//! with), its solver, grade, hint and coach, and its diagram.

use super::diagram::draw;
use super::fewest::Fewest;
use super::grade::grade;
use super::grid::{Coins, FULL, Space, Sums};
use super::play::{MathrixGame, Take, Took};
use super::show::{self, Board, Graded, Hint, Laid, Solved, board, clock};
use super::solve::Search;
use super::sums::{Equation, Misread, Ops};
use crate::games::args::{Arg, Declared, Given, Type};
use crate::games::error::{GameError, Unsound};
use crate::games::game::{Game, Names};
use crate::games::grading;
use crate::games::wing::{Context, Done, Order, Play, Saved, SetUp, Solver, Turn, Wing};
use crate::layout::{Layout, Placed};
use crate::pieces::Rank;
use crate::random::TableRng;
use crate::reply::Reply;
use crate::style::Style;

pub struct Mathrix;

/// The words after `mathrix`, as Tab offers them.
const ASKS: [&str; 5] = ["remove", "hint", "grade", "show", "because"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    Show,
    Hint,
    Grade,
}

impl Saved for MathrixGame {
    const GAME: Game = Game::Mathrix;
    const WHAT: &'static str = "the saved Mathrix game";
    const REPAIR: &'static str = "`setup mathrix` lays a new grid";
    const EXPORT_KEY: &'static str = "mathrix";

    fn check(&self) -> Result<(), Unsound> {
        MathrixGame::check(self)
    }

    fn summary(&self) -> String {
        "a Mathrix game".into()
    }

    /// Over at one coin, or when none can be taken: the coins left are
    /// its score (1 wins), with the time taken where the clock knows it.
    fn plays(&self) -> Vec<crate::plays::Play> {
        if !self.over() {
            return Vec::new();
        }
        let mut play =
            crate::plays::Play::of_one(Self::GAME.id(), self.left() as usize, self.won());
        if let Some(s) = self.seconds() {
            play.seconds = vec![Some(s)];
            play.minutes = Some(s.div_ceil(60));
        }
        vec![play]
    }
}

impl Play for MathrixGame {
    type Action = Take;
    type Event = Took;

    fn sample(rng: &mut TableRng) -> MathrixGame {
        MathrixGame::deal(rng, Ops::ALL, 0)
    }

    fn apply(&mut self, t: &Take, _: &mut TableRng) -> Result<Vec<Took>, GameError> {
        let take = self.step(t)?;
        Ok(vec![Took {
            n: self.taken.len(),
            take,
            left: self.left(),
        }])
    }

    fn legal(&self) -> Vec<Take> {
        MathrixGame::legal(self)
    }

    fn turn(&self) -> Turn {
        let over = self.over();
        let next = if self.won() {
            "you win".to_string()
        } else if over {
            "no coin can be taken: the game is over".to_string()
        } else {
            let can: Vec<String> = self.legal().iter().map(|t| t.space.to_string()).collect();
            let which = if can.len() <= 6 {
                format!("these can be taken: {}", can.join(", "))
            } else {
                format!("{} coins can be taken", can.len())
            };
            format!("`mathrix remove SPACE because EQUATION` ({which})")
        };
        Turn {
            to_move: (!over).then(|| "the player".to_string()),
            next,
            over,
            seat: None,
            role: None,
        }
    }

    fn layout(&self) -> Layout {
        let mut l = Layout::new("mathrix", "Mathrix");
        let on = self.on();
        for s in Space::all() {
            if on & s.bit() != 0 {
                let r = Rank::from_index(self.coins.at(s)).unwrap_or(Rank::Null);
                l.push(Placed::coin_value(
                    r,
                    f64::from(s.file()) + 0.5,
                    f64::from(s.rank()) + 0.5,
                ));
            }
        }
        l
    }

    fn secrets(&self, _: Option<usize>) -> Vec<String> {
        // Every coin is face up.
        Vec::new()
    }
}

/// The sets a level deal's search meets before it passes a deal over
/// (it tells four in five of the deals that can be won), and the deals
/// it tries: about one in six is told winnable, a quarter of those at
/// each level, so 400 fail about once in 10^8.
const LEVEL_LOOK: usize = 5_000;
const LEVEL_TRIES: usize = 400;
/// The most sets the coach goes into to weigh a move by the fewest coins
/// a lost deal can leave (half a second; the deal that took most of 200
/// met 2.8 million): past it, it says nothing rather than guess.
const FEWEST_COACH: usize = 5_000_000;

const COINS: Arg = Arg {
    key: "coins",
    ty: Type::Text("R4/R3/R2/R1"),
    help: "the coins laid, rank 4 first, left to right",
};

const OPS: Arg = Arg {
    key: "ops",
    ty: Type::Text("+-x/"),
    help: "the operators allowed (all four unless said)",
};

const SETUP: Declared = Declared {
    id: "mathrix",
    words: None,
    args: &[
        COINS,
        OPS,
        Arg {
            key: "ppn",
            ty: Type::TextOrFile("FILE", ':'),
            help: "a game in piecepackr's PPN, every move checked",
        },
        grading::LEVEL,
    ],
};

const SOLVE: Declared = Declared {
    id: "mathrix",
    words: None,
    args: &[COINS, OPS],
};

fn no_game() -> GameError {
    GameError::missing("no Mathrix game: `setup mathrix` lays the grid")
}

fn misread(e: Misread) -> GameError {
    GameError::word(e.0)
}

fn ops_of(given: &Given) -> Result<Ops, GameError> {
    given
        .text("ops")
        .map_or(Ok(Ops::ALL), |t| Ops::parse(t).map_err(misread))
}

/// The grid from the table's coins, or dealt.
fn laid_from(given: &Given, rng: &mut TableRng, now: u64) -> Result<MathrixGame, GameError> {
    let ops = ops_of(given)?;
    Ok(match given.text("coins") {
        Some(c) => MathrixGame::new(Coins::parse(c).map_err(misread)?, ops, now),
        None => MathrixGame::deal(rng, ops, now),
    })
}

impl Wing for Mathrix {
    const GAME: Game = Game::Mathrix;
    const NAMES: Names = Names {
        id: "mathrix",
        title: "Mathrix",
        listed: "mathrix",
        short: None,
        aliases: &["the-mathrix", "mx"],
    };
    const COACHES: bool = true;
    type State = MathrixGame;
    type Action = Take;
    type Ask = Ask;
    type Event = Took;

    const RULES: Option<(&'static str, &'static str)> =
        Some(("mathrix.yaml", include_str!("../../../rules/mathrix.yaml")));

    fn setup() -> Option<SetUp<MathrixGame>> {
        Some(SetUp {
            args: &SETUP,
            examples: &[
                "setup mathrix level=easy",
                "setup mathrix ops=+- coins=n3n4aa/n2324a/55324n/5a2534",
            ],
            replaces: true,
            lay,
        })
    }

    fn solver() -> Option<Solver<MathrixGame>> {
        Some(Solver {
            args: &SOLVE,
            examples: &[
                "solve mathrix",
                "solve mathrix coins=354aa2/na4453/n22425/5n33na",
            ],
            solve: solved,
        })
    }

    fn commands() -> Vec<clap::Command> {
        vec![
            clap::Command::new("mathrix")
                .about("Mathrix play: remove SPACE because EQUATION, hint, grade, show")
                .after_help(
                    "After `setup mathrix`: `mathrix remove c3 because 2+3=5` takes the\n\
                     coin on c3 (files a to f left to right, rank 1 the near row),\n\
                     one of a string of coins side by side in a rank or a file, read\n\
                     any way along it, that makes the equation: single values, the\n\
                     operators allowed (+ - x /, x and / first), exactly one =, every\n\
                     division whole. `mathrix remove c3` alone finds an equation;\n\
                     `hint` gives a coin that keeps a way down to one (or to the\n\
                     fewest the grid allows), `grade` how hard the grid is from\n\
                     here. With `coach on`, a coin whose taking loses is said to.\n\n\
                     Examples:\n  mathrix\n  mathrix remove d2 because 2+2=4\n  mathrix remove c3\n  mathrix hint\n  mathrix grade",
                )
                .arg(
                    clap::Arg::new("words")
                        .value_name("WORDS")
                        .num_args(0..)
                        .trailing_var_arg(true)
                        .allow_hyphen_values(true)
                        .help("remove SPACE [because EQUATION], hint, grade or show"),
                ),
        ]
    }

    fn completions(path: &[&str], index: usize) -> Vec<&'static str> {
        match (path, index) {
            (["mathrix"], 0) => ASKS[..4].to_vec(),
            (["mathrix", "remove", _], 2) => vec!["because"],
            _ => Vec::new(),
        }
    }

    fn line(t: &Take) -> String {
        format!("mathrix {t}")
    }

    fn complete(t: &mut Take, table: &Context) {
        if t.at == 0 {
            t.at = table.now;
        }
    }

    fn order(_: &str, m: &clap::ArgMatches) -> Result<Order<Take, Ask>, GameError> {
        let w: Vec<String> = crate::games::args::words(m)
            .iter()
            .map(|w| w.to_ascii_lowercase())
            .collect();
        let words: Vec<&str> = w.iter().map(String::as_str).collect();
        Ok(match words.as_slice() {
            [] | ["show"] => Order::Ask(Ask::Show),
            ["hint"] => Order::Ask(Ask::Hint),
            ["grade"] => Order::Ask(Ask::Grade),
            [ask @ ("hint" | "grade" | "show"), ..] => {
                return Err(GameError::word(format!(
                    "'{}': `mathrix {ask}` takes nothing more",
                    words.join(" ")
                )));
            }
            ["remove"] => {
                return Err(GameError::word(
                    "`mathrix remove` takes a space: `mathrix remove c3 because 2+3=5`",
                ));
            }
            ["remove", rest @ ..] => Order::Act(take(rest)?),
            [first, ..] if Space::parse(first).is_some() => Order::Act(take(&words)?),
            [other, ..] => {
                return Err(GameError::word(format!(
                    "'{other}' is not a mathrix word{}: expected remove SPACE because EQUATION, hint, grade or show",
                    crate::suggest::hint(other, ASKS)
                )));
            }
        })
    }

    fn ask(state: Option<&MathrixGame>, ask: Ask, _: &mut Context) -> Result<Reply, GameError> {
        let game = state.ok_or_else(no_game)?;
        match ask {
            Ask::Show => Ok(board(game, Vec::new())),
            Ask::Hint => Ok(hint(game)),
            Ask::Grade => graded_here(game),
        }
    }

    fn act(
        slot: &mut Option<MathrixGame>,
        t: Take,
        table: &mut Context,
    ) -> Result<Done<Vec<Took>>, GameError> {
        let game = slot.as_mut().ok_or_else(no_game)?;
        let said = game.apply(&t, table.rng)?;
        let what = said
            .first()
            .map_or_else(|| Mathrix::line(&t), |s| Mathrix::line(&s.take));
        Ok(Done::changed(said, what))
    }

    fn answer(
        state: Option<&MathrixGame>,
        said: Vec<Took>,
        _: &mut Context,
    ) -> Result<Reply, GameError> {
        Ok(board(state.ok_or_else(no_game)?, said))
    }

    /// A coin taken that leaves no way down to one coin, where there was.
    fn coach(before: &MathrixGame, after: &MathrixGame) -> Option<String> {
        if after.taken.len() != before.taken.len() + 1 {
            return None;
        }
        let sums = before.sums();
        let mut search = Search::new(&sums);
        let on = before.on();
        if !search.wins(on) {
            return fewer_kept(&sums, before, after);
        }
        if search.wins(after.on()) {
            return None;
        }
        let took = after.taken.last()?.space;
        let (best, _) = search.choices(on).into_iter().find(|c| c.1)?;
        let why = sums.through(on, best)?.equation.clone();
        Some(format!(
            "taking {took} leaves no way down to one coin; {best} ({why}) kept one"
        ))
    }

    fn diagram(layout: &Layout, _: &Style) -> Option<String> {
        Some(draw(layout))
    }
}

/// Where no way led down to one coin: a coin taken that leaves more
/// coins at best than there could have been, where the search tells
/// both within `FEWEST_COACH` sets.
fn fewer_kept(sums: &Sums, before: &MathrixGame, after: &MathrixGame) -> Option<String> {
    let on = before.on();
    let mut fewest = Fewest::new(sums);
    fewest.lost(&[on, after.on()]);
    let (could, now, best) = fewest.within(FEWEST_COACH, |f| {
        (f.from(on), f.from(after.on()), f.keeping(on))
    })?;
    if now <= could {
        return None;
    }
    let took = after.taken.last()?.space;
    let best = best?;
    let why = sums.through(on, best)?.equation.clone();
    Some(format!(
        "taking {took} leaves {now} coins at best; {best} ({why}) kept a way down to {could}"
    ))
}

/// `SPACE [because EQUATION]`: the words after `remove`.
fn take(words: &[&str]) -> Result<Take, GameError> {
    let space = |s: &str| {
        Space::parse(s).ok_or_else(|| {
            GameError::word(format!(
                "'{s}' is not a space: files a to f, ranks 1 (near) to 4, like c3"
            ))
        })
    };
    let (s, because) = match words {
        [s] => (space(s)?, None),
        [s, "because"] => {
            space(s)?;
            return Err(GameError::word(
                "`because` takes the equation: `mathrix remove c3 because 2+3=5`",
            ));
        }
        [s, "because", eq @ ..] => (
            space(s)?,
            Some(Equation::parse(&eq.concat()).map_err(misread)?),
        ),
        [s, other, ..] => {
            space(s)?;
            return Err(GameError::word(format!(
                "'{other}': after the space comes `because` and the equation, like `mathrix remove c3 because 2+3=5`"
            )));
        }
        [] => unreachable!("`remove` alone is refused before"),
    };
    Ok(Take {
        space: s,
        because,
        at: 0,
    })
}

/// `setup` for it (`Wing::setup`).
fn lay(
    slot: &mut Option<MathrixGame>,
    given: &Given,
    table: &mut Context,
) -> Result<Done<Reply>, GameError> {
    let now = table.now;
    let (game, graded) = if let Some(text) = given.text("ppn") {
        if ["coins", "ops", "level"]
            .iter()
            .any(|k| given.text(k).is_some())
            || given.choice("level").is_some()
        {
            return Err(GameError::word(
                "ppn= lays the file's game as its moves leave it: give it without coins=, ops= or level=",
            ));
        }
        let mut game = super::ppn::read(text).map_err(|e| GameError::word(format!("ppn=: {e}")))?;
        game.started = now;
        (game, None)
    } else if let Some(level) = given.choice("level") {
        if given.text("coins").is_some() {
            return Err(GameError::word(
                "level= deals a grid, and coins= gives one: give one of them",
            ));
        }
        let (game, g) = grading::deal_within(level, "", LEVEL_TRIES, || {
            let game = laid_from(given, table.rng, now)?;
            // Most deals cannot be won: one the search cannot tell
            // quickly is passed over rather than proved lost. The grade
            // goes on with what the search has found.
            let sums = game.sums();
            let mut search = Search::new(&sums);
            if search.wins_budgeted(FULL, LEVEL_LOOK) != Some(true) {
                return Ok(None);
            }
            let graded = super::grade::graded(&mut search, FULL);
            Ok(graded.map(|g| {
                let level = g.level;
                ((game, g), level)
            }))
        })?;
        (game, Some(g))
    } else {
        (laid_from(given, table.rng, now)?, None)
    };
    // From where the game stands: a file's game may have moves made.
    let winnable = graded.is_some() || Search::new(&game.sums()).wins(game.on());
    let layout = game.layout();
    let reply = Reply::new(
        "setup",
        Laid {
            coins: game.coins,
            ops: game.ops,
            winnable,
            over: game.over(),
            board: Board::of(&game, Vec::new(), &layout),
            grade: graded,
        },
    )
    .with_layout(layout);
    *slot = Some(game);
    Ok(Done::changed(reply, "setup mathrix"))
}

/// `mathrix hint`: a coin whose taking keeps a way down.
fn hint(game: &MathrixGame) -> Reply {
    let sums = game.sums();
    let on = game.on();
    let mut search = Search::new(&sums);
    let legal = game.legal();
    let take = legal
        .iter()
        .find(|t| search.wins(on & !t.space.bit()))
        .cloned();
    // No way down to one coin: the way to the fewest.
    let fewest = if take.is_none() && !legal.is_empty() {
        let mut fewest = Fewest::new(&sums);
        let left = fewest.lost(&[on]).from(on);
        let keeping = fewest.keeping(on);
        legal
            .iter()
            .find(|t| Some(t.space) == keeping)
            .map(|t| show::ToFewest {
                left,
                take: t.clone(),
            })
    } else {
        None
    };
    let can = legal.into_iter().map(|t| t.space).collect();
    Reply::new("hint", Hint { take, can, fewest })
}

/// `mathrix grade`.
fn graded_here(game: &MathrixGame) -> Result<Reply, GameError> {
    if game.won() {
        let time = game
            .seconds()
            .map_or(String::new(), |s| format!(" in {}", clock(s)));
        return Err(GameError::rule(format!(
            "one coin is left{time}: nothing left to grade (`setup mathrix level=hard` deals a graded grid)"
        )));
    }
    let grade = grade(&game.coins, game.ops, game.on()).ok_or_else(|| {
        GameError::rule(
            "no way down to one coin from here, so there is nothing to grade: `mathrix hint` shows the way to the fewest left",
        )
    })?;
    let from = grading::graded_from(game.taken.len(), "coin taken", "coins taken");
    Ok(Reply::new("grade", Graded { from, grade }))
}

/// `solve mathrix`: the saved game from where it stands, or the coins
/// given from the start.
fn solved(
    state: Option<&MathrixGame>,
    given: &Given,
    table: &mut Context,
) -> Result<Reply, GameError> {
    let game = if given.text("coins").is_some() {
        laid_from(given, table.rng, 0)?
    } else {
        if given.text("ops").is_some() {
            return Err(GameError::word(
                "ops= goes with coins=: give both, or neither to solve the saved game",
            ));
        }
        state.ok_or_else(no_game)?.clone()
    };
    let sums = game.sums();
    let mut search = Search::new(&sums);
    let on = game.on();
    let with_equations = |line: Vec<Space>| {
        let mut at = on;
        line.into_iter()
            .filter_map(|s| {
                let e = sums.through(at, s)?.equation.clone();
                at &= !s.bit();
                Some((s, e))
            })
            .collect::<Vec<_>>()
    };
    let line = search.line(on).map(with_equations);
    let fewest = line.is_none().then(|| {
        let mut fewest = Fewest::new(&sums);
        (fewest.lost(&[on]).from(on), with_equations(fewest.line(on)))
    });
    Ok(Reply::new(
        "solve",
        Solved {
            coins: game.coins,
            ops: game.ops,
            from_taken: game.taken.len(),
            line,
            fewest,
            // The position itself, where it was lost at sight.
            searched: search.met().max(1),
        },
    ))
}
