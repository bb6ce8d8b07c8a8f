//! The six rooms as wings of their own: each is set up (keeping its table
//! in the open run, the Funhouse's saved state), five are solved, and each
//! draws its layouts. Their play is the Funhouse's (`move`, `score`).

mod lay;
mod solved;

pub use lay::{coins, lay};

use super::room::Room;
use super::run::Book;
use crate::games::args::{Arg, Declared, Given, Type};
use crate::games::error::GameError;
use crate::games::game::Game;
use crate::games::game::Names;
use crate::games::wing::{Context, Turn, Wing};
use crate::games::wing::{Done, Nothing, Order, SetUp, Solver};
use crate::layout::Layout;
use crate::reply::Reply;
use crate::style::Style;

const ROLLS: Arg = Arg {
    key: "rolls",
    ty: Type::Faces,
    help: "your die results, in order",
};

/// The die that picks Trampo-Land's empty trampoline.
const TRAMPO_DIE: Arg = Arg {
    key: "die",
    ty: Type::Face,
    help: "the die you rolled (it picks the empty trampoline)",
};

/// Trampo-Land's adults come from the Whack-a-Dummy column sums.
const COLUMNS: Arg = Arg {
    key: "columns",
    ty: Type::Numbers {
        count: 4,
        min: 0,
        max: 30,
    },
    help: "the Whack-a-Dummy column sums, left to right",
};

const BUDGET: Arg = Arg {
    key: "budget",
    ty: Type::Number { min: 1, max: 600 },
    help: "seconds to search before giving the best found",
};

const HAND: Arg = Arg {
    key: "die",
    ty: Type::OneOf(&["right", "left"]),
    help: "your die's handedness (default: the `die` setting)",
};

const COIN_VALUES: &str = "the 24 coin values in reading order";

const LEVEL: Arg = crate::games::grading::LEVEL;

/// One room's wing; everything but its names, settings and solver is the
/// same for all six.
macro_rules! room {
    (
        $wing:ident, $room:expr, names: $names:expr,
        setup: $setup:expr, setup_examples: $sx:expr,
        solve: $solve:expr, solve_examples: $vx:expr, solver: $solver:expr,
        unsolvable: $unsolvable:expr $(,)?
    ) => {
        pub struct $wing;

        impl Wing for $wing {
            const GAME: Game = $room.game_const();
            const NAMES: Names = $names;
            type State = Book;
            // A room is played through the run's own commands (`funhouse`),
            // so it has none of its own.
            type Action = Nothing;
            type Ask = Nothing;
            type Event = Nothing;

            fn setup() -> Option<SetUp<Book>> {
                const D: Declared = $setup;
                Some(SetUp {
                    args: &D,
                    examples: $sx,
                    // A room adds to the run saved, rather than replacing it.
                    replaces: false,
                    lay: |slot, given, table| lay($room, slot, given, table.rng),
                })
            }

            fn solver() -> Option<Solver<Book>> {
                let solve: Option<&'static Declared> = $solve;
                Some(Solver {
                    args: solve?,
                    examples: $vx,
                    solve: |state, given, _| {
                        let solve: fn(Option<&Book>, &Given) -> Result<Reply, GameError> = $solver;
                        solve(state, given)
                    },
                })
            }

            fn unsolvable() -> Option<String> {
                $unsolvable
            }

            fn look(book: &Book) -> (Layout, Turn) {
                super::play::room_look(book, $room)
            }

            fn group(book: &Book) -> Option<String> {
                book.run_name()
            }

            // The Catwalk is played by hand: it has no moves to weigh.
            const COACHES: bool = !matches!($room, Room::Catwalk);

            fn coach(before: &Book, after: &Book) -> Option<String> {
                super::play::room_coach(before, after, $room)
            }

            fn commands() -> Vec<clap::Command> {
                Vec::new()
            }

            fn line(action: &Nothing) -> String {
                match *action {}
            }

            fn order(
                command: &str,
                _: &clap::ArgMatches,
            ) -> Result<Order<Nothing, Nothing>, GameError> {
                Err(GameError::word(format!(
                    "{} has no command '{command}': its moves are `funhouse` commands",
                    $room.title()
                )))
            }

            fn ask(_: Option<&Book>, ask: Nothing, _: &mut Context) -> Result<Reply, GameError> {
                match ask {}
            }

            fn act(
                _: &mut Option<Book>,
                action: Nothing,
                _: &mut Context,
            ) -> Result<Done<Vec<Nothing>>, GameError> {
                match action {}
            }

            fn answer(
                _: Option<&Book>,
                events: Vec<Nothing>,
                _: &mut Context,
            ) -> Result<Reply, GameError> {
                // No action exists, so no change is ever answered; the
                // events of none are none, and so is the reply.
                match events.into_iter().next() {
                    Some(never) => match never {},
                    None => Ok(Reply::plain("funhouse", String::new())),
                }
            }

            fn diagram(layout: &Layout, style: &Style) -> Option<String> {
                Some(super::diagram::draw(layout, style))
            }
        }
    };
}

impl Room {
    /// `game()` where a constant is needed.
    const fn game_const(self) -> Game {
        match self {
            Room::SlideJam => Game::SlideJam,
            Room::MagicMirror => Game::MagicMirror,
            Room::Catwalk => Game::Catwalk,
            Room::Barrels => Game::RollOutTheBarrels,
            Room::WhackADummy => Game::WhackADummy,
            Room::TrampoLand => Game::TrampoLand,
        }
    }
}

fn no_solver(_: Option<&Book>, _: &Given) -> Result<Reply, GameError> {
    unreachable!("a room without a solver declares none")
}

room!(
    SlideJam, Room::SlideJam,
    names: Names {
    id: "slide-jam",
    title: "Slide Jam",
    listed: "slide-jam",
    short: None,
    aliases: &["sj", "ace", "slidejam", "slide"],
},
    setup: Declared {
        id: "slide-jam",
        words: Some("tiles as dealt (reading order), or clearable"),
        args: &[LEVEL],
    },
    setup_examples: &["setup slide-jam", "setup slide-jam Sn Sa S2 Mn / Ma M2 C5 A3"],
    solve: Some(&Declared {
        id: "slide-jam",
        words: Some("the 24 tiles in reading order"),
        args: &[BUDGET],
    }),
    solve_examples: &["solve slide-jam budget=2"],
    solver: solved::slide_jam,
    unsolvable: None,
);

room!(
    MagicMirror, Room::MagicMirror,
    names: Names {
    id: "magic-mirror",
    title: "Magic Mirror",
    listed: "magic-mirror",
    short: Some("mirror"),
    aliases: &["mirror", "two", "mm", "magicmirror"],
},
    setup: Declared {
        id: "magic-mirror",
        words: Some("the two stacks, top first, split by /"),
        args: &[LEVEL],
    },
    setup_examples: &["setup magic-mirror S3 C2 / A4 M5"],
    solve: Some(&Declared {
        id: "magic-mirror",
        words: Some("the two grids in reading order, split by /"),
        args: &[],
    }),
    solve_examples: &["solve mirror"],
    solver: solved::magic_mirror,
    unsolvable: None,
);

room!(
    Catwalk, Room::Catwalk,
    names: Names {
    id: "catwalk",
    title: "Catwalk",
    listed: "catwalk",
    short: None,
    aliases: &["three", "cw"],
},
    setup: Declared {
        id: "catwalk",
        words: Some("the tiles in laying order"),
        args: &[ROLLS],
    },
    setup_examples: &["setup catwalk Sn C3 A2 rolls=3,n,5"],
    solve: None,
    solve_examples: &[],
    solver: no_solver,
    unsolvable: Some(
        "Catwalk is a game of skill (coins are flicked), not a puzzle: nothing to solve; `score catwalk` adds it up"
            .to_string()
    ),
);

room!(
    Barrels, Room::Barrels,
    names: Names {
    id: "roll-out-the-barrels",
    title: "Roll Out the Barrels",
    listed: "barrels",
    short: Some("barrels"),
    aliases: &["barrels", "four", "rotb", "roll-out", "barrel"],
},
    setup: Declared {
        id: "roll-out-the-barrels",
        words: Some("the coin values in the order placed"),
        args: &[LEVEL],
    },
    setup_examples: &["setup barrels 5 n 4 n n 3"],
    solve: Some(&Declared {
        id: "roll-out-the-barrels",
        words: Some(COIN_VALUES),
        args: &[HAND],
    }),
    solve_examples: &["solve barrels", "solve barrels die=left"],
    solver: solved::barrels,
    unsolvable: None,
);

room!(
    WhackADummy, Room::WhackADummy,
    names: Names {
    id: "whack-a-dummy",
    title: "Whack-a-Dummy",
    listed: "whack-a-dummy",
    short: Some("whack"),
    aliases: &["whack", "five", "wad", "whackadummy"],
},
    setup: Declared {
        id: "whack-a-dummy",
        words: None,
        args: &[],
    },
    setup_examples: &["setup whack-a-dummy"],
    solve: Some(&Declared {
        id: "whack-a-dummy",
        words: Some(COIN_VALUES),
        args: &[Arg {
            key: "start",
            ty: Type::OneOf(&["r3c2", "r3c3", "r4c2", "r4c3"]),
            help: "the central square the die starts on (default: the best)",
        }],
    }),
    solve_examples: &["solve whack start=r3c2"],
    solver: solved::whack,
    unsolvable: None,
);

room!(
    TrampoLand, Room::TrampoLand,
    names: Names {
    id: "trampo-land",
    title: "Trampo-Land",
    listed: "trampo-land",
    short: None,
    aliases: &["trampoland", "null", "trampo", "tl"],
},
    setup: Declared {
        id: "trampo-land",
        words: None,
        args: &[
            TRAMPO_DIE,
            Arg {
                key: "cast",
                ty: Type::Number { min: 0, max: 15 },
                help: "what the six cast coins show (0: cast again)",
            },
            COLUMNS,
            LEVEL,
        ],
    },
    setup_examples: &["setup trampo-land die=3 cast=10 columns=7,3,0,0"],
    solve: Some(&Declared {
        id: "trampo-land",
        words: None,
        args: &[
            TRAMPO_DIE,
            Arg {
                key: "cast",
                ty: Type::Number { min: 1, max: 15 },
                help: "what the six cast coins showed",
            },
            COLUMNS,
            BUDGET,
        ],
    }),
    solve_examples: &["solve trampo-land die=3 cast=10 columns=7,3,0,0"],
    solver: solved::trampo_land,
    unsolvable: None,
);
