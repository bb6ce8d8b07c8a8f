//! Property tests: invariants over thousands of generated inputs.

mod common;

use proptest::prelude::*;
use tablemate::app::App;
use tablemate::random::TableRng;
use tablemate::store::Store;
use tablemate::style::Style;

/// Random lines include `export NAME` and `--out NAME`, which write to
/// the working directory: run every test here from a scratch directory,
/// never from the checkout (they once left hundreds of files in it).
fn in_scratch_dir() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let dir = tempfile::tempdir().unwrap().keep();
        std::env::set_current_dir(dir).unwrap();
    });
}

/// Words from the command language, so random lines reach deep into it.
const VOCAB: &[&str] = &[
    "shuffle",
    "deck",
    "draw",
    "flip",
    "cast",
    "seed",
    "help",
    "new",
    "show",
    "return",
    "delete",
    "list",
    "tiles",
    "coins",
    "cards",
    "jokers",
    "dominoes",
    "dominoes9",
    "bag",
    "0",
    "1",
    "3",
    "24",
    "25",
    "-1",
    "99999999999999999999",
    "n",
    "a",
    "Sn",
    "A5",
    "x",
    "--help",
    "'",
    "\"",
    "#",
    ";",
    "=",
    "roll",
    "prob",
    "2d6",
    "4d6kh3",
    "1d1rr1",
    "d%",
    "dF",
    "3pp",
    "score",
    "funhouse",
    "rules",
    "setup",
    "catwalk",
    "slide-jam",
    "5xn",
    "none",
    "left",
    "C3+A2",
    "twins=3",
    "kids=2",
    "adults=1",
    "complete",
    "penalties=4",
    "lab-rats",
    "troll",
    "penguins",
    "players=3",
    "rolls=1,2,3",
    "die=3",
    "cast=10",
    "columns=7,3,0,0",
    "search",
    "flick",
    "end",
    "history",
    "atleast",
    "atmost",
    "6x4d6kh3",
    "(",
    ")",
    "+",
    "*",
    "/",
    "100000x3d6",
    "solve",
    "die",
    "left",
    "barrels",
    "whack",
    "mirror",
    "trampo-land",
    "start=r3c2",
    "budget=1",
    "slides",
    "ai",
    "r4c1",
    "against=tablemate",
    "rats",
    "lose",
    "back",
    "turned",
    // The table's words (#56): seat, edit and pass, names however typed.
    "players",
    "turn",
    "first",
    "seating",
    "add",
    "remove",
    "rename",
    "move",
    "Zoë",
    "zoe",
    "\u{200b}",
    "\u{202e}nna",
    "as",
    "guest:pat",
    "log",
    "verify",
    "pad",
    "1=3",
    "north",
    "adv",
    "dis",
    "8d10>7",
    ">=8",
    "f1",
    "f<2",
    "=10",
    ">= 15",
    "> 1d20+3",
    "==",
    "[fire]",
    "floor(",
    "max(",
    ",",
    "%",
    "{",
    "}",
    "{4d6, 3d8}kh1",
    "}>10",
    "cs>19",
    "sd",
    "cf",
    "# note",
    "x6",
    "1d20+5",
    "d{",
    "ra",
    "ra>4",
    "u",
    "6d6u",
    "3d{0,1,1,2}",
    "{-1,0,1}",
    "-1000000",
];

/// Words of the troll's game, to wander through its turns at random.
const TROLL_VOCAB: &[&str] = &[
    "awaken", "awaken", "card", "brick", "move", "move", "stomp", "pick", "up", "club", "throw",
    "shovel", "lay", "down", "left", "right", "use", "at", "diamond", "spade", "actions", "score",
    "reveal", "show", "7H", "QS", "AC", "5D", "die=3", "die=3,5", "die=9", "card=5D", "x",
];

/// Words of the penguins' game, to wander through its turns at random.
const PENGUIN_VOCAB: &[&str] = &[
    "place", "place", "roll", "roll", "move", "move", "stay", "from", "n", "e", "s", "w", "shift",
    "alter", "alter", "relocate", "done", "done", "r1c1", "r3c4", "r8c1v", "2-4", "5-5", "3", "6",
    "9", "x",
];

/// Text no command expects: accents (composed and combining), full-width
/// digits and letters, emoji, right-to-left text and its marks, zero-width
/// and control characters.
const UNICODE: &[&str] = &[
    "é",
    "e\u{301}",
    "６",
    "１d６",
    "Ａ",
    "😀",
    "🎲",
    "👩‍👩‍👧",
    "\u{202E}",
    "\u{200F}",
    "שלום",
    "مرحبا",
    "\u{200B}",
    "ß",
    "İ",
    "ﬁ",
    "\u{0}",
    "\t",
    "\u{FEFF}",
    "ǅ",
];

/// Commands that take free text (expressions, names, words, settings).
const FREE_TEXT: &[&str] = &[
    "roll",
    "prob",
    "save ab",
    "saved",
    "unsave",
    "log",
    "tally",
    "fair",
    "rules",
    "rules search",
    "shuffle",
    "deck new d",
    "deck show",
    "draw",
    "cast",
    "score catwalk",
    "score magic-mirror",
    "setup",
    "setup penguins",
    "setup troll",
    "solve",
    "move",
    "troll",
    "penguins",
    "slides",
    "rats",
    "funhouse",
    "export",
    "import",
    "seed",
    "help",
];

/// A word: from the language, from `UNICODE`, or the two run together
/// (`maxé`, `d６`).
fn word_strategy() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(VOCAB).prop_map(String::from),
        proptest::sample::select(UNICODE).prop_map(String::from),
        (
            proptest::sample::select(VOCAB),
            proptest::sample::select(UNICODE)
        )
            .prop_map(|(a, b)| format!("{a}{b}")),
        (
            proptest::sample::select(UNICODE),
            proptest::sample::select(VOCAB)
        )
            .prop_map(|(a, b)| format!("{a}{b}")),
        any::<String>(),
    ]
}

/// A free-text command with hostile words after it.
fn unicode_line() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(FREE_TEXT),
        proptest::collection::vec(word_strategy(), 0..5),
        any::<bool>(),
    )
        .prop_map(|(cmd, words, joined)| {
            let sep = if joined { "" } else { " " };
            format!("{cmd} {}", words.join(sep))
        })
}

fn line_strategy() -> impl Strategy<Value = String> {
    prop_oneof![
        // Arbitrary text, including control characters and non-ASCII.
        any::<String>(),
        proptest::collection::vec(proptest::sample::select(VOCAB), 0..7).prop_map(|w| w.join(" ")),
        proptest::collection::vec(proptest::sample::select(VOCAB), 0..7).prop_map(|w| w.concat()),
    ]
}

/// Every example command of the README and the guide, as lines (`serve`
/// waits for Ctrl-C and `--wait` for a minute's count: left out).
fn examples() -> &'static [String] {
    static LINES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    LINES.get_or_init(|| {
        common::docs::example_commands()
            .into_iter()
            .filter(|e| !e.words.iter().any(|w| w == "serve" || w == "--wait"))
            .map(|e| tablemate::command::join_words(&e.words))
            .collect()
    })
}

/// Words a mutated example may take in place of one of its own: any
/// example's word, an extreme number, a control character, junk.
const MUTATIONS: &[&str] = &[
    "-9223372036854775808",
    "9223372036854775807",
    "9223372036854775808",
    "0",
    "-1",
    "\u{1b}[2J",
    "\r",
    "",
    "'",
    "deal=ZZZZZZ",
    "--json",
    "--help",
    "🐧",
    "zoë",
];

/// An example command with some of its words changed, dropped or added:
/// every command word is reached, with its settings nearly right.
fn mutated_example() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(examples()),
        proptest::collection::vec(
            (any::<usize>(), 0u8..3, any::<usize>(), any::<bool>()),
            1..4,
        ),
    )
        .prop_map(|(line, edits)| {
            let mut words = tablemate::command::split_line(&line).unwrap_or_default();
            let pool: Vec<String> = examples()
                .iter()
                .flat_map(|l| l.split(' ').map(String::from))
                .collect();
            for (at, how, pick, junk) in edits {
                if words.is_empty() {
                    break;
                }
                let i = at % words.len();
                let new = if junk {
                    MUTATIONS[pick % MUTATIONS.len()].to_string()
                } else {
                    pool[pick % pool.len()].clone()
                };
                match how {
                    0 => words[i] = new,
                    1 => drop(words.remove(i)),
                    _ => words.insert(i, new),
                }
            }
            tablemate::command::join_words(&words)
        })
}

/// Random lines a property takes: 600 in every test run (seconds each),
/// 3,000 with TABLEMATE_FULL_PROOFS (the sample they were measured at).
fn lines_sample() -> u32 {
    if std::env::var_os("TABLEMATE_FULL_PROOFS").is_some() {
        3000
    } else {
        600
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: lines_sample(), ..ProptestConfig::default() })]

    /// The docs' examples mutated: every command word, 3,000 lines of
    /// three commands, each answered or refused, never a panic.
    #[test]
    fn any_mutated_example_gives_output_or_error(lines in proptest::collection::vec(mutated_example(), 1..4)) {
        in_scratch_dir();
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::new(1, Store::new(dir.path()), Style::plain());
        for line in lines {
            if line.split(' ').any(|w| w == "serve" || w == "--wait") {
                continue;
            }
            let _ = app.run_line(&line);
        }
    }

    #[test]
    fn any_line_gives_output_or_error(lines in proptest::collection::vec(line_strategy(), 1..4)) {
        in_scratch_dir();
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::new(1, Store::new(dir.path()), Style::plain());
        for line in lines {
            // Either result is fine; a panic fails the test.
            let _ = app.run_line(&line);
        }
    }

    /// Every command that takes free text answers or refuses any
    /// Unicode (it panicked on `roll abé`, slicing inside the é).
    #[test]
    fn unicode_in_free_text_gives_output_or_error(lines in proptest::collection::vec(unicode_line(), 1..4)) {
        in_scratch_dir();
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::new(1, Store::new(dir.path()), Style::plain());
        for line in lines {
            let _ = app.run_line(&line);
        }
    }

    #[test]
    fn completion_never_panics(line in line_strategy()) {
        let (start, found) = tablemate::command::complete(&line);
        prop_assert!(line.is_char_boundary(start));
        for f in found {
            prop_assert!(!f.is_empty());
        }
    }

    #[test]
    fn shuffle_is_a_permutation(seed in any::<u64>(), n in 0usize..60) {
        let mut rng = TableRng::new(seed);
        let mut v: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        prop_assert_eq!(sorted, (0..n).collect::<Vec<_>>());
    }

    /// Another tool's PPN, written at random from its own alphabet
    /// (numbers, places, pieces, the move forms, braces, comments): read
    /// and every position drawn, or refused with a reason; never a panic.
    #[test]
    fn any_ppn_is_drawn_or_refused(
        header in proptest::sample::select(vec![
            "GameType: Tablut", "GameType: American Checkers", "GameType: Four Field Kono",
            "GameType: Xiangqi", "GameType: International Chess", "Event: x", "GameType: Ice Floe",
            "GameType:\n  Name: Desfases\n  Seed: 42", "GameType:\n  Name: Relativity\n  Seed: -3",
            "GameType:\n  Name: Japan\n  Seed: 42\nMacros:\n  x: S",
            "GameType:\n  Name: Relativity\n  Coins: n45a5n3a22433n4a2na25345",
            "GameType: Spaiji\nSetUp: Board\nMovetextParser: Marble",
            "GameType:\n  Name: Alien City\n  Tiles: C3^Sa^S5vAa>/M4>S4>M3<A4^/C2vMa>M5>A3v/Ca<S2^C5vC4^/A5<M2<A2^S3v",
        ]),
        words in proptest::collection::vec(proptest::sample::select(vec![
            "1.", "1...", ".", ";", "e5-e6", "a4-a3", "2e1-d2", "b1:b3", "*e5", "*{a4,d1}",
            "S@e5", "Mv@(2.5,3)", "dS3@z99", "pC@b2", "t@b2", "K@a1", "d3#e3", "e5@>90",
            "e5$>-45", "(5,5)-(1e3,2)", "a1-4U", "{", "}", "{note}", "x{1..5}", "?S4-a1",
            "e4-", "-e4", "@", "#", ":", "e9:e10", "3@a1", "S7@a1", "aa1-a1",
            "(5,5)-4U", "-2D", "R@a1", "W@b2", "K@{c3,d4}", "B3x@e6", "K1@e6", "G4x@a1", "-<1,-1>", "5(5.5,5.5)$>90!", "!", "3e5$>45", "e5-9999NE",
            "?Ca-e4", "*4?Ca", "2?S2-2U", "/cf-a1", "*/t", "?c5~C", "e4~xS4", "?xS4-&?M2",
            "xnS@h7", "?dS~9", "a1-&&?S2", "&?S2-a1", "?-a1", "/-a1", "e4~", "~S", "?d{S~5,M~n}",
            "&?dC[2]-c3", "a1[1:3]-b2", "a1[0]-b2", "a1[x]-a2", "?Cnc_%?Cd", "a1_b2", "_", "a1_%",
            "?S{n,a,2}@>90", "e5[1,2]-a1", "a1[1:99999999999]-a2",
            "R`6-3'<@(10.5,3)", "B`0-0'@a1", "`x'@b2", "`nope'@a1", "R`6-3", "K`1-1'v@c3",
            "(8.5,4){~v,-(14\\,2.5)}", "RB@a1", "R`6-3'`1-1'@a1", "(10.5,3)~B",
        ]), 0..40),
    ) {
        let text = format!("{header}\n\n{}", words.join(" "));
        if let Ok(game) = tablemate::ppn_file::replay::replay(&text) {
            for n in 0..=game.moves.len() {
                let mut layout = tablemate::layout::Layout::new("x", "x");
                layout.pieces = game.position(n);
                let drawn = tablemate::render::points::points(&layout, game.step, &Style::plain());
                prop_assert!(!drawn.is_empty());
            }
        }
    }

    #[test]
    fn below_is_in_range(seed in any::<u64>(), n in 1u64..u64::MAX) {
        let mut rng = TableRng::new(seed);
        prop_assert!(rng.below(n) < n);
    }
}

proptest! {
    // Each case is a whole game's worth of stored steps: fewer cases.
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn troll_play_never_breaks_the_saved_game(
        setup in 0usize..3,
        lines in proptest::collection::vec(
            proptest::collection::vec(proptest::sample::select(TROLL_VOCAB), 0..4),
            1..30,
        ),
        undo_every in 3usize..12,
    ) {
        in_scratch_dir();
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::new(1, Store::new(dir.path()), Style::plain());
        let setups = [
            "setup troll",
            "setup troll cards=mine card=4C die=2",
            "setup troll bridge=48 variant=toys,gift",
        ];
        app.run_line(setups[setup]).unwrap();
        for (i, words) in lines.iter().enumerate() {
            let line = if i % undo_every == undo_every - 1 {
                "undo".to_string()
            } else {
                format!("troll {}", words.join(" "))
            };
            // Answer or refusal; a panic fails the test.
            let _ = app.run_line(&line);
            // Whatever happened, the saved game reads back and checks (or
            // an undo took the setup itself back).
            if let Err(e) = app.run_line("troll") {
                prop_assert!(e.to_string().contains("no troll game"), "after {line:?}: {e}");
            }
        }
    }

    #[test]
    fn penguin_play_never_breaks_the_saved_board(
        players in 2usize..5,
        lines in proptest::collection::vec(
            proptest::collection::vec(proptest::sample::select(PENGUIN_VOCAB), 0..5),
            1..30,
        ),
    ) {
        in_scratch_dir();
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::new(1, Store::new(dir.path()), Style::plain());
        app.run_line(&format!("setup penguins players={players}")).unwrap();
        for words in &lines {
            let line = format!("penguins {}", words.join(" "));
            let _ = app.run_line(&line);
            prop_assert!(app.run_line("penguins").is_ok(), "after {line:?}");
        }
    }
}
