//! Piece Gaps plugged into tablemate: its saved game, its `gaps` command
//! (`gaps move S3 to c4`, `gaps fill c4`, `gaps redeal`), its setup (at
//! random, from the tiles the table laid, at a level, with the table's
//! readings), its solver, grade, hint and coach, and its diagram.

use super::diagram::draw;
use super::grade::grade;
use super::play::{GapsAction, GapsGame, MOST_REDEALS, Said, Step};
use super::show::{Board, Graded, Hint, Laid, Solved, board};
use super::solve::{Answer, QUICK, Search, best_home, keeping_best};
use super::tableau::{self, AfterGap, Tableau, piece};
use crate::games::args::{Arg, Declared, Given, Type};
use crate::games::error::{GameError, Misread, Unsound};
use crate::games::game::{Game, Names};
use crate::games::grading;
use crate::games::six_by_four::Space;
use crate::games::wing::{Context, Done, Order, Play, Saved, SetUp, Solver, Turn, Wing};
use crate::layout::{Layout, Placed};
use crate::pieces::Piece;
use crate::random::TableRng;
use crate::reply::Reply;
use crate::style::Style;

pub struct PieceGaps;

/// The words after `gaps`, as Tab offers them.
const ASKS: [&str; 7] = ["move", "fill", "redeal", "hint", "grade", "show", "to"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    Show,
    Hint,
    Grade,
}

impl Saved for GapsGame {
    const GAME: Game = Game::PieceGaps;
    const WHAT: &'static str = "the saved Piece Gaps game";
    const REPAIR: &'static str = "`setup piece-gaps` deals a new tableau";
    const EXPORT_KEY: &'static str = "piece_gaps";

    fn check(&self) -> Result<(), Unsound> {
        GapsGame::check(self)
    }

    fn summary(&self) -> String {
        "a Piece Gaps game".into()
    }

    /// Over when won or stuck for good: the tiles home are its score (20
    /// wins).
    fn plays(&self) -> Vec<crate::plays::Play> {
        if !self.over() {
            return Vec::new();
        }
        let home = self.now().home();
        vec![crate::plays::Play::of_one(
            Self::GAME.id(),
            usize::from(home),
            self.won(),
        )]
    }
}

impl Play for GapsGame {
    type Action = GapsAction;
    type Event = Said;

    fn sample(rng: &mut TableRng) -> GapsGame {
        GapsGame::deal(rng, AfterGap::Nothing, 1)
    }

    fn apply(&mut self, a: &GapsAction, rng: &mut TableRng) -> Result<Vec<Said>, GameError> {
        Ok(vec![self.step(a, rng)?])
    }

    fn legal(&self) -> Vec<GapsAction> {
        GapsGame::legal(self)
    }

    fn turn(&self) -> Turn {
        let now = self.now();
        let over = self.over();
        let next = if now.won() {
            "every row runs ace to five: you win".to_string()
        } else if over {
            "no tile can move: the game is over".to_string()
        } else if self.stuck() {
            format!(
                "no tile can move: `gaps redeal` deals the loose tiles again ({} left)",
                self.redeals_left()
            )
        } else {
            let can = now.moves(self.after_gap).len();
            format!(
                "`gaps move TILE` into a gap ({can} {} allowed)",
                crate::style::plural(can as u64, "move", "moves")
            )
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
        let mut l = Layout::new("piece-gaps", "Piece Gaps");
        let now = self.now();
        for s in Space::all() {
            let c = now.at(s);
            if c != 0 {
                l.push(Placed::tile(
                    piece(c),
                    f64::from(s.file()) + 0.5,
                    f64::from(s.rank()) + 0.5,
                ));
            }
        }
        l
    }

    fn secrets(&self, _: Option<usize>) -> Vec<String> {
        // Every tile is face up.
        Vec::new()
    }
}

const TILES: Arg = Arg {
    key: "tiles",
    ty: Type::Text("R4/R3/R2/R1"),
    help: "the tiles laid, rank 4 first, . a gap",
};

const AFTER_GAP: Arg = Arg {
    key: "after-gap",
    ty: Type::OneOf(&AfterGap::WORDS),
    help: "what a gap right of a gap takes",
};

const REDEALS: Arg = Arg {
    key: "redeals",
    ty: Type::Number {
        min: 0,
        max: MOST_REDEALS as u32,
    },
    help: "redeals allowed when stuck (none in the text)",
};

const SETUP: Declared = Declared {
    id: "piece-gaps",
    words: None,
    args: &[TILES, AFTER_GAP, REDEALS, grading::LEVEL],
};

const SOLVE: Declared = Declared {
    id: "piece-gaps",
    words: None,
    args: &[TILES, AFTER_GAP],
};

fn no_game() -> GameError {
    GameError::missing("no Piece Gaps game: `setup piece-gaps` deals the tableau")
}

fn misread(e: Misread) -> GameError {
    GameError::word(e.0)
}

fn rule_of(given: &Given) -> AfterGap {
    given
        .choice("after-gap")
        .and_then(AfterGap::parse)
        .unwrap_or_default()
}

impl Wing for PieceGaps {
    const GAME: Game = Game::PieceGaps;
    const NAMES: Names = Names {
        id: "piece-gaps",
        title: "Piece Gaps",
        listed: "piece-gaps",
        short: Some("gaps"),
        aliases: &["piecegaps"],
    };
    const COACHES: bool = true;
    type State = GapsGame;
    type Action = GapsAction;
    type Ask = Ask;
    type Event = Said;

    const RULES: Option<(&'static str, &'static str)> = Some((
        "piece-gaps.yaml",
        include_str!("../../../rules/piece-gaps.yaml"),
    ));

    fn setup() -> Option<SetUp<GapsGame>> {
        Some(SetUp {
            args: &SETUP,
            examples: &[
                "setup piece-gaps level=easy",
                "setup piece-gaps redeals=2",
                "setup piece-gaps after-gap=any",
            ],
            replaces: true,
            lay,
        })
    }

    fn solver() -> Option<Solver<GapsGame>> {
        Some(Solver {
            args: &SOLVE,
            examples: &["solve piece-gaps"],
            solve: solved,
        })
    }

    fn commands() -> Vec<clap::Command> {
        vec![
            clap::Command::new("gaps")
                .about("Piece Gaps play: move TILE [to SPACE], fill, redeal, hint")
                .after_help(
                    "After `setup piece-gaps`: `gaps move S3` moves the Suns 3 into\n\
                     the gap right of the Suns 2 (files a to f left to right, rank 1\n\
                     the near row). A gap at a row's left end takes any tile: say\n\
                     where, `gaps move Sa to a4`. `gaps fill c4` fills a gap with the\n\
                     one tile it takes. A gap right of a five waits until the five\n\
                     moves. `hint` gives a move that keeps a win, `grade` how hard\n\
                     the tableau is from here, `redeal` deals the loose tiles again\n\
                     when stuck, where the table allows it. With `coach on`, a move\n\
                     that loses the way home is said to as you make it.\n\n\
                     Examples:\n  gaps\n  gaps move S3\n  gaps move Ma to a2\n  gaps fill c4\n  gaps hint",
                )
                .arg(
                    clap::Arg::new("words")
                        .value_name("WORDS")
                        .num_args(0..)
                        .trailing_var_arg(true)
                        .help("move TILE [to SPACE], fill SPACE, redeal, hint, grade or show"),
                ),
        ]
    }

    fn completions(path: &[&str], index: usize) -> Vec<&'static str> {
        match (path, index) {
            (["gaps"], 0) => ASKS[..6].to_vec(),
            (["gaps", "move", _], 2) => vec!["to"],
            _ => Vec::new(),
        }
    }

    fn line(a: &GapsAction) -> String {
        format!("gaps {a}")
    }

    fn order(_: &str, m: &clap::ArgMatches) -> Result<Order<GapsAction, Ask>, GameError> {
        let said = crate::games::args::words(m);
        // Keywords in any case; tiles and spaces quoted as typed.
        let w: Vec<String> = said
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let low = w.to_ascii_lowercase();
                let keyword = ASKS.contains(&low.as_str()) && (i == 0 || low == "to");
                if keyword { low } else { w.clone() }
            })
            .collect();
        let words: Vec<&str> = w.iter().map(String::as_str).collect();
        Ok(match words.as_slice() {
            [] | ["show"] => Order::Ask(Ask::Show),
            ["hint"] => Order::Ask(Ask::Hint),
            ["grade"] => Order::Ask(Ask::Grade),
            ["redeal"] => Order::Act(GapsAction::Redeal),
            [ask @ ("hint" | "grade" | "show" | "redeal"), ..] => {
                return Err(GameError::word(format!(
                    "'{}': `gaps {ask}` takes nothing more",
                    words.join(" ")
                )));
            }
            ["move"] => {
                return Err(GameError::word(
                    "`gaps move` takes a tile: `gaps move S3`, or `gaps move Sa to a4`",
                ));
            }
            ["move", rest @ ..] => Order::Act(moved(rest)?),
            ["fill"] => {
                return Err(GameError::word(
                    "`gaps fill` takes a gap's space: `gaps fill c4`",
                ));
            }
            ["fill", s] => Order::Act(GapsAction::Fill { gap: space(s)? }),
            ["fill", _, more, ..] => {
                return Err(GameError::word(format!(
                    "'{more}': `gaps fill SPACE` takes one space; `gaps move TILE to SPACE` says which tile"
                )));
            }
            [first, ..] if first.parse::<Piece>().is_ok() => Order::Act(moved(&words)?),
            [other, ..] => {
                return Err(GameError::word(format!(
                    "'{other}' is not a gaps word{}: expected move TILE [to SPACE], fill SPACE, redeal, hint, grade or show",
                    crate::suggest::hint(other, ASKS)
                )));
            }
        })
    }

    fn ask(state: Option<&GapsGame>, ask: Ask, _: &mut Context) -> Result<Reply, GameError> {
        let game = state.ok_or_else(no_game)?;
        match ask {
            Ask::Show => Ok(board(game, Vec::new())),
            Ask::Hint => Ok(hint(game)),
            Ask::Grade => graded_here(game),
        }
    }

    fn act(
        slot: &mut Option<GapsGame>,
        a: GapsAction,
        table: &mut Context,
    ) -> Result<Done<Vec<Said>>, GameError> {
        let game = slot.as_mut().ok_or_else(no_game)?;
        let said = game.apply(&a, table.rng)?;
        // The journal keeps the move as made: the gap named.
        let what = match said.first() {
            Some(Said::Moved { tile, to, .. }) => PieceGaps::line(&GapsAction::Move {
                tile: *tile,
                to: Some(*to),
            }),
            _ => PieceGaps::line(&a),
        };
        Ok(Done::changed(said, what))
    }

    fn answer(
        state: Option<&GapsGame>,
        said: Vec<Said>,
        _: &mut Context,
    ) -> Result<Reply, GameError> {
        Ok(board(state.ok_or_else(no_game)?, said))
    }

    /// A move that leaves no way home (proved), where a win was found
    /// before it.
    fn coach(before: &GapsGame, after: &GapsGame) -> Option<String> {
        if after.steps.len() != before.steps.len() + 1 || after.dealt != before.dealt {
            return None;
        }
        let (was, now) = (before.now(), after.now());
        let mut search = Search::within(before.after_gap, QUICK);
        if search.decide(&was) == Answer::Lost {
            return fewer_home(before, after, search.most_home());
        }
        let line = search.line(&was)?;
        if search.decide(&now) != Answer::Lost {
            return None;
        }
        let best = line.first()?;
        let Some(Step::Move { tile, to, .. }) = after.steps.last() else {
            return None;
        };
        Some(format!(
            "moving {tile} to {to} leaves no way to bring every row home (proved); `gaps move {} to {}` kept one",
            piece(best.tile),
            best.to
        ))
    }

    fn diagram(layout: &Layout, _: &Style) -> Option<String> {
        Some(draw(layout))
    }
}

/// Where no way home was left (`could`: the most tiles any line from
/// before the move brought home): a move that lowers it, and one that
/// kept it, each weighed by a fresh quick search (`best_home`).
fn fewer_home(before: &GapsGame, after: &GapsGame, could: u8) -> Option<String> {
    let rule = before.after_gap;
    let left = best_home(&after.now(), rule, QUICK)?;
    if left >= could {
        return None;
    }
    let Some(Step::Move { tile, to, .. }) = after.steps.last() else {
        return None;
    };
    let instead = match keeping_best(&before.now(), rule, could, QUICK) {
        Some(m) => format!("`gaps move {} to {}` kept {could}", piece(m.tile), m.to),
        None => format!("the {could} home before it were the most"),
    };
    Some(format!(
        "moving {tile} to {to} leaves at most {left} of {} tiles to bring home; {instead}",
        tableau::TILES
    ))
}

fn space(s: &str) -> Result<Space, GameError> {
    Space::parse(s).ok_or_else(|| {
        GameError::word(format!(
            "'{s}' is not a space: files a to f, ranks 1 (near) to 4, like c4"
        ))
    })
}

/// `TILE [to SPACE]`: the words after `move`.
fn moved(words: &[&str]) -> Result<GapsAction, GameError> {
    let tile = |t: &str| -> Result<Piece, GameError> {
        t.parse::<Piece>().map_err(|_| {
            GameError::word(format!(
                "'{t}' is not a tile: its suit then its rank, like S3, Ma or A5"
            ))
        })
    };
    Ok(match words {
        [t] => GapsAction::Move {
            tile: tile(t)?,
            to: None,
        },
        [t, "to"] => {
            tile(t)?;
            return Err(GameError::word(format!(
                "`to` takes a gap's space: `gaps move {t} to a4`"
            )));
        }
        [t, "to", s] => GapsAction::Move {
            tile: tile(t)?,
            to: Some(space(s)?),
        },
        [t, other, ..] => {
            tile(t)?;
            return Err(GameError::word(format!(
                "'{other}': after the tile comes `to` and a gap's space, like `gaps move {t} to a4`"
            )));
        }
        [] => unreachable!("`move` alone is refused before"),
    })
}

/// The tableau from the table's tiles, or dealt as the text deals.
fn laid_from(given: &Given, rng: &mut TableRng) -> Result<GapsGame, GameError> {
    let rule = rule_of(given);
    let redeals = given.number("redeals").unwrap_or(0) as u8;
    Ok(match given.text("tiles") {
        Some(t) => {
            let t = Tableau::parse(t).map_err(misread)?;
            if t.moves(rule).is_empty() && !t.won() {
                return Err(GameError::rule(
                    "no gap can be filled in this tableau (each lies right of a five or a gap): the text has you shuffle and deal again",
                ));
            }
            GapsGame::new(t, rule, redeals)
        }
        None => GapsGame::deal(rng, rule, redeals),
    })
}

/// `setup` for it (`Wing::setup`).
fn lay(
    slot: &mut Option<GapsGame>,
    given: &Given,
    table: &mut Context,
) -> Result<Done<Reply>, GameError> {
    let (game, graded) = if let Some(level) = given.choice("level") {
        if given.text("tiles").is_some() {
            return Err(GameError::word(
                "level= deals a tableau, and tiles= gives one: give one of them",
            ));
        }
        let (game, g) = grading::deal_until(level, "", || {
            let game = laid_from(given, table.rng)?;
            Ok(grade(&game.dealt, game.after_gap).map(|g| {
                let level = g.level;
                ((game, g), level)
            }))
        })?;
        (game, Some(g))
    } else {
        (laid_from(given, table.rng)?, None)
    };
    let mut search = Search::within(game.after_gap, QUICK);
    let answer = if graded.is_some() {
        Answer::Won
    } else {
        search.decide(&game.dealt)
    };
    let layout = game.layout();
    let reply = Reply::new(
        "setup",
        Laid {
            tableau: game.dealt,
            after_gap: game.after_gap,
            redeals: game.redeals,
            answer,
            searched: search.met(),
            board: Board::of(&game, Vec::new(), &layout),
            grade: graded,
        },
    )
    .with_layout(layout);
    *slot = Some(game);
    Ok(Done::changed(reply, "setup piece-gaps"))
}

/// `gaps hint`: a move that keeps a win.
fn hint(game: &GapsGame) -> Reply {
    let now = game.now();
    let legal = game.legal();
    if legal == [GapsAction::Redeal] {
        return Reply::new(
            "hint",
            Hint {
                action: Some(GapsAction::Redeal),
                answer: Answer::Open,
                can: 0,
                best: None,
            },
        );
    }
    let mut search = Search::within(game.after_gap, QUICK);
    let answer = search.decide(&now);
    let action = search
        .line(&now)
        .and_then(|l| l.first().copied())
        .map(GapsAction::from);
    // Proved lost: the way to the best score (tiles home) it allows.
    let best = (answer == Answer::Lost).then(|| {
        let most = search.most_home();
        let keeps = keeping_best(&now, game.after_gap, most, QUICK);
        (most, keeps.map(GapsAction::from))
    });
    Reply::new(
        "hint",
        Hint {
            action,
            answer,
            can: legal.len(),
            best,
        },
    )
}

/// `gaps grade`.
fn graded_here(game: &GapsGame) -> Result<Reply, GameError> {
    let now = game.now();
    if now.won() {
        return Err(GameError::rule(
            "every row runs ace to five: nothing left to grade (`setup piece-gaps level=hard` deals a graded tableau)",
        ));
    }
    let grade = grade(&now, game.after_gap).ok_or_else(|| {
        if Search::within(game.after_gap, QUICK).decide(&now) == Answer::Lost {
            GameError::rule(
                "no way to bring every row home from here (proved), so there is nothing to grade: `gaps hint` shows the way to the most tiles home",
            )
        } else {
            GameError::rule(
                "no win found from here, so there is nothing to grade (`solve piece-gaps` looks further)",
            )
        }
    })?;
    let from = grading::graded_from(game.moves_made(), "move", "moves");
    Ok(Reply::new("grade", Graded { from, grade }))
}

/// `solve piece-gaps`: the saved game from where it stands, or the
/// tiles given.
fn solved(
    state: Option<&GapsGame>,
    given: &Given,
    table: &mut Context,
) -> Result<Reply, GameError> {
    let (game, rule) = if given.text("tiles").is_some() {
        let g = laid_from(given, table.rng)?;
        let rule = g.after_gap;
        (g, rule)
    } else {
        if given.choice("after-gap").is_some() {
            return Err(GameError::word(
                "after-gap= goes with tiles=: give both, or neither to solve the saved game",
            ));
        }
        let g = state.ok_or_else(no_game)?.clone();
        let rule = g.after_gap;
        (g, rule)
    };
    let now = game.now();
    let mut search = Search::new(rule);
    let answer = search.decide(&now);
    let searched = search.met();
    let line = search
        .line(&now)
        .map(|l| l.into_iter().map(GapsAction::from).collect());
    Ok(Reply::new(
        "solve",
        Solved {
            tableau: now,
            after_gap: rule,
            from_moves: game.moves_made(),
            answer,
            line,
            searched,
            most_home: (answer != Answer::Won).then(|| search.most_home()),
        },
    ))
}
