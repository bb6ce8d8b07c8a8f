//! The frame's promise, tested: a game is its folder, one line in the list
//! of games and a rule file, and everything else finds it. The two example
//! games (Take-Away; Under the Cup, with a secret and a die) are compiled
//! only for tests and named nowhere else, so each appearance below came
//! from the frame alone. Random play (`store::random_play`) covers them
//! too.

use super::App;
use crate::games::Game;
use crate::store::Store;
use crate::style::Style;

/// The two examples, with a command line of each that changes the game.
const EXAMPLES: [(Game, &str, &str); 2] = [
    (Game::Example, "example", "example take 2"),
    (Game::Cup, "cup", "cup shake"),
];

fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

fn text(app: &mut App, line: &str) -> String {
    match app.run_words(&words(line)) {
        Ok(reply) => reply.text(&Style::plain()),
        Err(e) => panic!("`{line}`: {e}"),
    }
}

#[test]
fn examples_need_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let mut app =
        App::new(7, Store::new(dir.path()), Style::plain()).with_today("2026-11-27".into());
    for (game, id, change) in EXAMPLES {
        let title = game.title();
        // Help: `setup`'s list of games, and the game's own command.
        assert!(crate::games::help::setup().contains(id), "{id}: setup help");
        let root = crate::command::root();
        assert!(root.find_subcommand(id).is_some(), "{id}: its command");
        // Completion: Tab after `setup` and after the game's command.
        let (_, after_setup) = crate::command::complete("setup ");
        assert!(after_setup.iter().any(|w| w == id), "{id}: {after_setup:?}");
        let (_, own) = crate::command::complete(&format!("{id} "));
        assert!(!own.is_empty(), "{id}: its words complete");
        // Rules: its rule file is shipped and read without a problem.
        let rules = text(&mut app, &format!("rules {id}"));
        assert!(rules.starts_with(title), "{id}: {rules}");
        let library = crate::rules::Library::load(None);
        assert!(library.problems.is_empty(), "{:?}", library.problems);
        // Setup, then a change through its own words.
        text(&mut app, &format!("setup {id}"));
        text(&mut app, change);
        // Records: `games` lists it with both changes, and it replays.
        let games = text(&mut app, "games");
        assert!(games.contains(title), "{id}: {games}");
        let start = text(&mut app, "replay");
        assert!(start.contains(&format!("setup {id}")), "{id}: {start}");
        let step = text(&mut app, "replay next");
        assert!(step.contains(change), "{id}: {step}");
        // Export carries its state under its key.
        let export = app.store.export().unwrap().to_text();
        let key = game.wing().state().export_key();
        assert!(export.contains(&format!("\"{key}\": {{")), "{id}: {export}");
    }
}

/// The secret stays hidden: while the die is under the cup, no reply,
/// JSON or picture says what it shows.
#[test]
fn the_die_under_the_cup_is_in_no_view() {
    use crate::games::Play;
    use crate::games::cup::Cup;
    let dir = tempfile::tempdir().unwrap();
    let mut app =
        App::new(11, Store::new(dir.path()), Style::plain()).with_today("2026-11-27".into());
    text(&mut app, "setup cup");
    for _ in 0..5 {
        let reply = app.run_words(&words("cup shake")).unwrap();
        let cup: Cup = app.store.game().unwrap().expect("a game is saved");
        let face = cup.under.expect("the die is under the cup");
        let mut json = Vec::new();
        reply.write_json(&mut json).unwrap();
        let json = String::from_utf8(json).unwrap();
        let layout = serde_json::to_string(&cup.layout()).unwrap();
        for view in [&json, &layout] {
            assert!(!view.contains("\"rank\":\""), "the face shows: {view}");
        }
        assert!(!json.contains(&format!("{face:?}")), "{json}");
        assert!(
            !reply.text(&Style::plain()).contains("lifts"),
            "not lifted yet"
        );
        let lifted = text(&mut app, "cup guess high");
        assert!(
            lifted.contains(&format!("lifts on {}", face.code())),
            "{lifted}"
        );
        if cup.points.contains(&2) {
            break;
        }
    }
}

/// A game added by the guide alone whose deal hides something is sealed
/// by the frame, with no flag to set (#59; Liar's Dice's own tests hold
/// it to that). Under the Cup deals nothing hidden (its die is shaken in
/// play) and Take-Away hides nothing: neither is sealed.
#[test]
fn a_game_with_a_secret_is_sealed_without_a_flag() {
    use crate::games::Wing;
    use crate::games::record::seals_deal;
    const { assert!(!<crate::games::cup::UnderTheCup as Wing>::SEALS_DEAL) };
    assert!(!seals_deal(Game::Cup));
    assert!(!seals_deal(Game::Example));
    let dir = tempfile::tempdir().unwrap();
    let mut app =
        App::new(3, Store::new(dir.path()), Style::plain()).with_today("2026-11-27".into());
    // Under the Cup deals nothing at setup (its die is shaken in play),
    // so it has no code to print.
    let cup = text(&mut app, "setup cup");
    assert!(!cup.contains("deal"), "{cup}");
}
