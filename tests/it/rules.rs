//! Rule texts: complete, carrying DESIGN.md's interpretations, findable,
//! overridable, and in our own words.

use std::path::Path;

use tablemate::rules::Library;

use super::common;
use common::tm;

fn section_text(lib: &Library, entry: &str, section: &str) -> String {
    let e = lib.find(entry).unwrap();
    let s = e
        .sections
        .iter()
        .find(|s| s.id == section)
        .unwrap_or_else(|| panic!("{entry} {section}"));
    s.text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_interpretation_from_design_is_stated() {
    let lib = Library::load(None);
    // (where, section, words that state DESIGN.md's decision)
    let cases = [
        (
            "magic-mirror",
            "scoring",
            "Identical Strangers: 3 for each tile left on one side",
        ),
        (
            "magic-mirror",
            "scoring",
            "suits at right angles are Cousins (S-C, C-A, A-M, M-S)",
        ),
        (
            "magic-mirror",
            "scoring",
            "opposite suits are Distant Relatives (S-A, C-M)",
        ),
        ("roll-out-the-barrels", "scoring", "the orthogonal distance"),
        (
            "roll-out-the-barrels",
            "setup",
            "equals its north or west neighbour",
        ),
        (
            "catwalk",
            "setup",
            "back the last tile out and lay it again",
        ),
        ("catwalk", "setup", "floor(v*k/6)"),
        (
            "catwalk",
            "scoring",
            "all six flicked coins fell; then the penalty is 10",
        ),
        ("catwalk", "play", "use the nearest value available"),
        (
            "trampo-land",
            "setup",
            "reduced by 15 until it is 1 to 15, so 0 means trampoline 15",
        ),
        (
            "whack-a-dummy",
            "play",
            "each flip that puts a corner into a wrong state costs 10",
        ),
        ("lab-rats", "setup", "corners included"),
        ("penguins", "setup", "7 rows of 4, each lying horizontally"),
        (
            "troll",
            "setup",
            "numbered 1 to 6 from left to right in both rows",
        ),
    ];
    for (entry, section, words) in cases {
        let text = section_text(&lib, entry, section);
        assert!(text.contains(words), "{entry} {section} lacks: {words}");
        // The decision sits in a paragraph marked as ours.
        let para = text
            .split("Interpretation (tablemate):")
            .skip(1)
            .any(|p| p.contains(words))
            || words.starts_with("Identical Strangers");
        assert!(
            para,
            "{entry} {section}: '{words}' is not marked as an interpretation"
        );
    }
    // Facts the lost figures carried.
    assert!(
        section_text(&lib, "slides-of-action", "setup")
            .contains("A C S A - S A C S - C S A C - A C S _")
    );
    assert!(
        section_text(&lib, "lab-rats", "setup")
            .contains("ace: (-2, +1), and the leading edge turns 90 degrees left")
    );
    assert!(
        section_text(&lib, "catwalk", "setup")
            .contains("Suns north, Crowns east, Arms south, Moons west")
    );
    assert!(section_text(&lib, "trampo-land", "setup").contains("row 5: a 2 3 4 5"));
    assert!(section_text(&lib, "trampo-land", "setup").contains("typo"));
}

#[test]
fn every_game_credits_designer_and_licence() {
    let lib = Library::load(None);
    for g in &lib.games {
        assert!(!g.designer.is_empty() && !g.licence.is_empty(), "{}", g.id);
        assert!(g.licence.contains("our own wording"), "{}", g.id);
    }
}

#[test]
fn searches_find_each_game_first() {
    let lib = Library::load(None);
    for (query, want) in [
        ("flick coin", "catwalk"),
        ("rat exit", "lab-rats"),
        ("troll stomp", "angry-troll"),
        ("buddy nest", "penguins-night-out"),
        ("empty space slide group", "slides-of-action"),
        ("mirror pair", "magic-mirror"),
        ("trampoline adults", "trampo-land"),
        ("tip die barrel", "roll-out-the-barrels"),
        ("dummy corner", "whack-a-dummy"),
        ("family wrap", "slide-jam"),
    ] {
        let words: Vec<String> = query.split(' ').map(String::from).collect();
        let hits = lib.search(&words);
        assert_eq!(
            hits[0].entry,
            want,
            "search '{query}' found {:?}",
            &hits[..3.min(hits.len())]
                .iter()
                .map(|h| &h.entry)
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn lookups_through_the_binary() {
    let (out, _, code) = tm(&["rules", "catwlk", "scoring"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Catwalk: Scoring\n"), "{out}");
    let (out, _, _) = tm(&["rules", "trampo-land", "setup"]);
    assert!(out.contains("row 3: 4 5 a"), "{out}");
    let (out, _, _) = tm(&["rules"]);
    assert!(
        out.contains("Penguin's Night Out") && out.contains("2-4"),
        "{out}"
    );
    let (_, err, code) = tm(&["rules", "chess"]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        "error: no game called 'chess' (`rules` lists them)"
    );
    let (out, _, _) = tm(&["rules", "search", "null", "counts"]);
    assert!(
        out.lines().next().unwrap().contains("Magic Mirror") || out.contains("null"),
        "{out}"
    );
    let (out, _, _) = tm(&["--json", "rules", "troll", "setup"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["section"], "setup");
    assert!(v["data"]["blocks"].as_array().unwrap().len() > 2);
}

#[test]
fn overrides_and_bad_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("mine.yaml"),
        "id: my-game\nname: My Game\ndesigner: Me\nsource: my notes\nlicence: CC0\nplayers: '2'\ntime: 5 minutes\nsummary: A test.\nsections:\n  - id: setup\n    title: Setup\n    text: Deal.\n  - id: play\n    title: Play\n    text: Take turns.\n  - id: winning\n    title: Winning\n    text: Most points.\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("override.yaml"),
        "id: lab-rats\nname: Lab Rats (house rules)\ndesigner: Mark A. Biggar\nsource: s\nlicence: l\nplayers: '1'\ntime: t\nsummary: ours\nsections:\n  - id: setup\n    title: Setup\n    text: x\n  - id: play\n    title: Play\n    text: y\n  - id: winning\n    title: Winning\n    text: z\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("broken.yaml"), "id: broken\nname: [oops\n").unwrap();
    let d = dir.path().to_str().unwrap();
    let (out, err, code) = tm(&["--rules", d, "rules"]);
    assert_eq!(code, 0);
    assert!(out.contains("My Game"), "{out}");
    assert!(out.contains("Lab Rats (house rules)"), "{out}");
    assert!(
        out.contains("Epic Funhouse"),
        "the others still load: {out}"
    );
    assert!(
        err.contains("warning: rules: ") && err.contains("broken.yaml line 2"),
        "{err}"
    );
}

/// Lowercase words of a text, for comparing wording.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect()
}

/// A run of ten words as a 32-bit FNV-1a hash of the words joined by
/// spaces. The fixture keeps these hashes rather than the source texts,
/// which are not ours to ship; a false match (two runs with one hash) is
/// about one in 4,000 over all the rule texts' runs, and would name the run.
fn run_hash(run: &[String]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for (i, w) in run.iter().enumerate() {
        if i > 0 {
            h = (h ^ u32::from(b' ')).wrapping_mul(0x0100_0193);
        }
        for b in w.bytes() {
            h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
    }
    h
}

const SOURCE_RUNS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/source-runs.bin"
);

/// Every ten-word run of the source texts, hashed: little-endian u32s,
/// sorted.
fn source_runs() -> Vec<u32> {
    let bytes = std::fs::read(SOURCE_RUNS).expect("the fixture ships with the tests");
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// The runs of the source texts beside the checkout (`../shared/seeds`,
/// where the team works; a clone on its own has only the fixture).
fn runs_of_the_seeds() -> Option<Vec<u32>> {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds");
    let mut runs: Vec<u32> = Vec::new();
    for e in std::fs::read_dir(&seeds).ok()?.flatten() {
        if e.path().extension().is_some_and(|x| x == "txt") {
            let w = words(&std::fs::read_to_string(e.path()).unwrap());
            runs.extend(w.windows(10).map(run_hash));
        }
    }
    runs.sort_unstable();
    runs.dedup();
    Some(runs)
}

/// The rule texts against the fixture; where the source texts are beside
/// the checkout, the fixture against them too (it must be theirs), or made
/// again from them with `TABLEMATE_WRITE_FIXTURES=1 cargo test rule_texts`
/// when they change.
#[test]
fn rule_texts_share_no_ten_word_run_with_the_sources() {
    if let Some(fresh) = runs_of_the_seeds() {
        if std::env::var_os("TABLEMATE_WRITE_FIXTURES").is_some() {
            let bytes: Vec<u8> = fresh.iter().flat_map(|h| h.to_le_bytes()).collect();
            std::fs::write(SOURCE_RUNS, bytes).unwrap();
        }
        assert!(
            source_runs() == fresh,
            "tests/fixtures/source-runs.bin is not the runs of ../shared/seeds: \
             make it again with TABLEMATE_WRITE_FIXTURES=1"
        );
    }
    let runs = source_runs();
    assert!(runs.len() > 20_000, "{} runs in the fixture", runs.len());
    for (file, text) in tablemate::rules::embedded() {
        let w = words(text);
        for win in w.windows(10) {
            assert!(
                runs.binary_search(&run_hash(win)).is_err(),
                "{file} copies: {}",
                win.join(" ")
            );
        }
    }
}

/// Quoted phrases, common words, whole best sentences, multi-word game
/// names and `--all`, as a player types them.
#[test]
fn search_and_names_as_players_type_them() {
    // A quoted phrase (one word to the program) finds what its words find.
    let (out, _, code) = common::tm(&["rules", "search", "flick coin"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("catwalk play: Play (Catwalk)"), "{out}");
    let (out, _, _) = common::tm(&["rules", "search", "\"you may backtrack\""]);
    assert!(
        out.contains("> Retries are unlimited and you may backtrack."),
        "{out}"
    );
    // The best line is a whole sentence holding the word, never empty.
    let (out, _, _) = common::tm(&["rules", "search", "fall"]);
    assert!(
        out.contains("> A coin knocked onto another tile counts as falling from"),
        "{out}"
    );
    assert!(!out.lines().any(|l| l.trim_end() == ">"), "{out}");
    let (out, _, _) = common::tm(&["rules", "search", "cousins"]);
    assert!(!out.contains("> Cousins:\n"), "{out}");
    // Common words alone find nothing, and say why.
    let (out, _, _) = common::tm(&["rules", "search", "the"]);
    assert_eq!(
        out.trim_end(),
        "nothing found for 'the': common words like these are not searched for"
    );
    // More than five hits: the rest on request.
    let (out, _, _) = common::tm(&["rules", "search", "tile"]);
    assert!(
        out.trim_end().ends_with("more: add --all to see them)"),
        "{out}"
    );
    let (all, _, _) = common::tm(&["rules", "search", "tile", "--all"]);
    assert!(!all.contains("more: add --all"), "{all}");
    assert!(all.lines().count() > out.lines().count());
    // Names of more than one word.
    let (out, err, code) = common::tm(&["rules", "lab", "rats", "setup"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Lab Rats: Building the maze"), "{out}");
    let (out, err, code) = common::tm(&["rules", "epic", "funhouse"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Epic Funhouse"), "{out}");
}

/// The shipped rule texts load without a problem, and lookups forgive.
#[test]
fn embedded_rules_load_clean() {
    let l = Library::load(None);
    assert!(l.problems.is_empty(), "{:?}", l.problems);
    // One game a shipped rule file (the games followed in rules/, those
    // only scored in rules/sheets/).
    let files: usize = ["/rules", "/rules/sheets"]
        .iter()
        .map(|dir| {
            std::fs::read_dir(format!("{}{dir}", env!("CARGO_MANIFEST_DIR")))
                .unwrap()
                .filter(|f| {
                    f.as_ref()
                        .unwrap()
                        .path()
                        .extension()
                        .is_some_and(|e| e == "yaml")
                })
                .count()
        })
        .sum();
    assert_eq!(l.games.len(), files);
    let funhouse = l.games.iter().find(|g| g.id == "epic-funhouse").unwrap();
    assert_eq!(funhouse.parts.len(), 6);
}

#[test]
fn lookups_forgive() {
    let l = Library::load(None);
    assert_eq!(l.find("troll").unwrap().id, "angry-troll");
    assert_eq!(l.find("penguins").unwrap().id, "penguins-night-out");
    assert_eq!(l.find("barrels").unwrap().id, "roll-out-the-barrels");
    assert_eq!(l.find("whack").unwrap().id, "whack-a-dummy");
    assert_eq!(l.find("sj").unwrap().id, "slide-jam");
    assert_eq!(l.find("catwlk").unwrap().id, "catwalk");
    assert_eq!(l.find("Trampo Land").unwrap().id, "trampo-land");
    assert!(l.find("zzzzzz").is_err());
    let cat = l.find("catwalk").unwrap();
    assert_eq!(
        tablemate::rules::find_section(&cat, "scoring").unwrap().id,
        "scoring"
    );
    assert_eq!(
        tablemate::rules::find_section(&cat, "scorng").unwrap().id,
        "scoring"
    );
}

/// In the REPL, a rule file's problem is wrapped to the window as every
/// other message is (it ran past a 40-column terminal in one line).
#[test]
fn a_rule_files_problem_is_wrapped_to_a_narrow_terminal() {
    let rules = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    std::fs::write(
        rules.path().join("broken.yaml"),
        "id: broken\nname: [unclosed, and a line long enough to be wrapped\n",
    )
    .unwrap();
    let dir = rules.path().to_str().unwrap();
    let typed = common::repl_in_terminal(
        &["--rules", dir],
        &[
            ("TABLEMATE_DATA", data.path().as_os_str()),
            ("COLUMNS", std::ffi::OsStr::new("40")),
        ],
        // A dice line that names no dice reads the rule files for a
        // system of that name, and says what is wrong with them.
        &[(300, b"prob zork 1\r"), (300, b"quit\r")],
    );
    let Some((status, out)) = typed else {
        return;
    };
    assert!(status.success(), "{status}: {out}");
    let at = out
        .find("warning: rules:")
        .unwrap_or_else(|| panic!("no warning: {out}"));
    let warning: Vec<&str> = out[at..]
        .lines()
        .take_while(|l| !l.starts_with("error:"))
        .collect();
    assert!(warning.len() > 1, "not wrapped: {warning:?}");
    for line in &warning {
        assert!(line.trim_end().chars().count() <= 40, "{warning:?}");
    }
    assert!(warning.concat().contains("broken.yaml"), "{warning:?}");
}
