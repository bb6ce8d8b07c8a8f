//! The Funhouse's own commands, as the parser, help and completion see
//! them: `score`, `move`, `hint`, `die` and `funhouse`.

use clap::{Arg, ArgAction, Command};

const SCORE_HELP: &str = "Null counts 0, except in the Catwalk where null and ace
count 1. Slide Jam: the tiles left. Magic Mirror: the pairs
removed, then `left` and the tiles left on one side (or
the counts). Catwalk: each fallen coin x its tile. Barrels:
steps from the exit (0: got out). Whack-a-Dummy: penalties
is how many 10-point penalties.

Examples:
  score slide-jam Cn A3 A5
  score slide-jam none
  score mirror C3+A2 left M2 A4 S3 C2 M4 C5 A3 M5 Ma Sa Sn
  score mirror twins=3 cousins=1 distant=5 strangers=3
  score catwalk 5xn 4xn nx3
  score catwalk none
  score barrels 2
  score whack complete penalties=1
  score trampo-land kids=2 adults=1";

pub fn commands() -> Vec<Command> {
    vec![
        Command::new("score")
            .about("Score a Funhouse room, showing the working")
            .after_help(SCORE_HELP)
            .arg(
                Arg::new("room")
                    .value_name("ROOM")
                    .required(true)
                    .help(
                        "The room: slide-jam (sj), magic-mirror (mirror), catwalk, roll-out-the-barrels (barrels), whack-a-dummy (whack), trampo-land (trampoland)",
                    ),
            )
            .arg(
                Arg::new("words")
                    .value_name("INPUT")
                    .num_args(1..)
                    .trailing_var_arg(true)
                    .allow_hyphen_values(true)
                    .help("What is on the table, in piece notation"),
            ),
        Command::new("move")
            .about("Say the move you made in the Funhouse room in play")
            .after_help(
                "The room in play is the run's first room not yet scored;\n\
                 `setup` lays its table out and the run keeps it. Each move\n\
                 is checked, kept and drawn; `undo` takes it back; when the\n\
                 room is over, `score ROOM` alone scores the position.\n\
                 Slide Jam: a family, the slide (stack=1|2). Mirror: a\n\
                 pair. Barrels: start TOP NORTH, then a direction.\n\
                 Whack: start r3c2, then a direction. Trampo: from to.\n\n\
                 A move in each room: `move Sn Sa S2 left stack=1`,\n\
                 `move C3+A2`, `move start 5 a` then `move east`,\n\
                 `move start r3c2` then `move north`, `move 10 3`.\n\n\
                 Examples:\n  move start 5 a",
            )
            .arg(
                Arg::new("words")
                    .value_name("MOVE")
                    .num_args(1..)
                    .trailing_var_arg(true)
                    .allow_hyphen_values(true)
                    .help("The move, in the room's notation"),
            ),
        Command::new("hint")
            .about("A hint in the room in play: a nudge, then the move, then the line")
            .after_help(
                "Asked at the same position, each `hint` tells more: first a\n\
                 nudge (where to look), then the next move of a best line,\n\
                 then the whole line. `hint line` gives the line at once. The\n\
                 run's score sheet counts the hints each room used.\n\n\
                 Examples:\n  hint\n  hint line",
            )
            .arg(
                Arg::new("words")
                    .value_name("line")
                    .num_args(0..)
                    .help("`line`: the whole best line"),
            ),
        Command::new("coach")
            .about("Weigh each move you make against best play: coach on|off")
            .after_help(
                "With the coach on, a move that loses is said to: in a Funhouse\n\
                 room the points it cost (`that move cost you 3 points: Ma up\n\
                 would have kept 0`), in a puzzle the way it lost (`moving A3 to\n\
                 a1 leaves no way to bring every row home (proved)`). A move that\n\
                 keeps the best gets no comment. `replay N --coach` weighs a\n\
                 recorded game's moves afterwards.\n\n\
                 Examples:\n  coach on\n  coach off",
            )
            .arg(
                Arg::new("words")
                    .value_name("on|off")
                    .num_args(0..)
                    .help("on or off"),
            ),
        Command::new("grade")
            .about("How hard the room in play is from where it stands, and why")
            .after_help(
                "The solver's measures: the best line's length, how many of\n\
                 its positions leave one move that keeps par, the share of\n\
                 moves along it that keep par, and how often random moves\n\
                 reach par, as one number (0-100) and a level: easy, medium,\n\
                 hard or expert. `setup ROOM level=hard` deals until a deal\n\
                 grades hard. `grade ROOM` names the room (the run's room in\n\
                 play; another is said as scored or still to come).\n\n\
                 Examples:\n  grade\n  grade magic-mirror\n  setup slide-jam level=hard",
            )
            .arg(
                Arg::new("words")
                    .value_name("ROOM")
                    .num_args(0..)
                    .help("the room (the room in play)"),
            ),
        Command::new("par")
            .about("The par of the room in play's deal: the best score it allows")
            .after_help(
                "Kept from you until asked: `score` tells it once the room\n\
                 is scored. Lower is better in every room.\n\n\
                 Examples:\n  par",
            ),
        Command::new("die")
            .about("Your piecepack die's handedness: die [right|left]")
            .after_help(
                "Opposite faces sum to 5 (n-5, a-4, 2-3). Hold the die with\n\
                 null up and ace facing you: the 2 on the right is a\n\
                 right-handed die, the 3 a left-handed one. Roll Out the\n\
                 Barrels depends on it; `solve barrels` uses this setting.\n\n\
                 Examples:\n  die\n  die left",
            )
            .arg(Arg::new("hand").value_name("HAND").help("right or left")),
        Command::new("funhouse")
            .about("The Funhouse run: scorecard, new, end, history")
            .after_help(
                "While a run is open, every `score ROOM ...` is recorded\n\
                 in it; scoring a room again replaces its entry.\n\n\
                 Examples:\n  funhouse new\n  funhouse\n  funhouse end\n  funhouse history",
            )
            .subcommand(Command::new("show").about("Show the scorecard (the default)"))
            .subcommand(
                Command::new("new")
                    .about("Start a new run (asks before discarding an open one)")
                    .arg(
                        Arg::new("discard")
                            .long("discard")
                            // `--yes` goes ahead everywhere tablemate asks.
                            .visible_alias("yes")
                            .action(ArgAction::SetTrue)
                            .help("Discard an open run without asking"),
                    ),
            )
            .subcommand(
                Command::new("end")
                    .about("File the open run in the history (asks if rooms are missing)")
                    .arg(
                        Arg::new("partial")
                            .long("partial")
                            .visible_alias("yes")
                            .action(ArgAction::SetTrue)
                            .help("File a run with rooms still to play, without asking"),
                    ),
            )
            .subcommand(
                Command::new("history").about("Past runs: scores, best, average and a chart"),
            )
            .subcommand(
                Command::new("delete")
                    .about("Remove a filed run from the history (`undo` brings it back)")
                    .arg(
                        Arg::new("number")
                            .value_name("NUMBER")
                            .required(true)
                            .value_parser(|s: &str| {
                                s.parse::<usize>().map_err(|_| {
                                    format!("'{s}' is not a run's number: `funhouse history` numbers them")
                                })
                            })
                            .help("The run's number in `funhouse history`"),
                    ),
            ),
    ]
}
