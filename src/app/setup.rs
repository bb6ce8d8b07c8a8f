//! `setup GAME ...`: any game laid out from what the player has on the
//! table, anything missing drawn at random (from a deal code of its own,
//! said with the result), the game's state changed through the store's
//! one door, and the layout written to a file on request.

use std::fs;
use std::path::Path;

use serde::Serialize;

use super::{App, AppError, Reply, Result, invalid};
use crate::deal::DealCode;
use crate::games::args::{self, Given};
use crate::games::{Game, Visitor, Wing, help as games};
use crate::render::{self, Format};
use crate::reply::Show;
use crate::store::Note;
use crate::style::Style;

/// The most a file given for a setting may hold (a whole board's layout is
/// a few hundred bytes).
const MAX_SETTING_FILE: u64 = 64 << 10;

/// Said in place of a deal code that would show hidden cards.
const SEALED: &str =
    "deal sealed until the game ends (its code would show what is hidden): `games` shows it then";

/// `setup --help` or `setup GAME --help`.
#[derive(Debug, Serialize)]
struct SetupHelp {
    game: Option<String>,
    #[serde(skip)]
    text: String,
}

impl Show for SetupHelp {
    fn show(&self, _: &Style) -> String {
        self.text.clone()
    }
}

/// `setup --help` (clap's help for the command), or `setup GAME --help`
/// (the game's declared settings).
pub(super) fn help(game: Option<&str>) -> Reply {
    let settings = game
        .and_then(|g| g.parse::<Game>().ok())
        .and_then(|g| games::settings(g, false));
    let text = match settings {
        Some(text) => text,
        None => {
            let mut line = crate::command::help_tree();
            // Built, so the subcommand wraps at the parent's width.
            line.build();
            let help = line
                .find_subcommand_mut("setup")
                .map(|c| c.render_long_help().to_string())
                .unwrap_or_default()
                // A multicall command has no binary name before it.
                .replace("Usage:  ", "Usage: ");
            match game {
                Some(g) => format!("'{g}' is not a game tablemate sets up\n\n{help}"),
                None => help,
            }
        }
    };
    Reply::new(
        "help",
        SetupHelp {
            game: game.map(str::to_string),
            text: text.trim_end().to_string(),
        },
    )
}

/// The game named by the setup's first words, among those set up.
fn setup_game(first: &str, rest: &[String]) -> Result<(Game, Vec<String>)> {
    match Game::from_words(first, rest) {
        Some((g, rest)) if games::setup_args(g).is_some() => Ok((g, rest.to_vec())),
        _ => {
            let names: Vec<&str> = Game::all()
                .filter(|&g| games::setup_args(g).is_some())
                .flat_map(|g| std::iter::once(g.id()).chain(g.short()))
                .collect();
            Err(invalid(format!(
                "'{first}' is not a game tablemate sets up{}: expected {}",
                crate::suggest::hint(first, names),
                games::setup_games()
            )))
        }
    }
}

/// A setup run in the game's saved state, through the store's one door.
struct Lay<'a> {
    app: &'a mut App,
    given: &'a Given,
    /// The line that lays it again, for its record.
    again: String,
    /// The table's game in play may be set aside without asking.
    yes: bool,
    /// The words that set it up with `--yes`, for the question.
    then: Vec<String>,
}

impl Visitor for Lay<'_> {
    type Out = Result<Reply>;
    fn visit<W: Wing>(self) -> Result<Reply> {
        let Some(setup) = W::setup() else {
            return Err(invalid(format!(
                "{} is not set up: `setup` takes {}",
                W::GAME.title(),
                games::setup_games()
            )));
        };
        let app = self.app;
        let store = std::rc::Rc::clone(&app.store);
        let given = self.given;
        let (rules, dir) = (&app.rules, &app.rules_dir);
        let rule = |game: &str, section: &str| super::lookup::section(rules, dir, game, section);
        let width = app.style.width;
        let mut table = super::play::context(&mut app.rng, &app.today, &rule, app.acting.clone());
        table.again = Some(&self.again);
        let note = Note::Start {
            game: W::GAME,
            setup: self.again.clone(),
        };
        let (yes, then) = (self.yes, self.then);
        store.play_noted::<W::State, _, AppError>(setup.replaces, |slot, at| {
            // The table as it is in this transaction seats the game.
            super::play::seat_in(&mut table, at);
            let before = at.seating.as_ref().and_then(|t| t.playing.clone());
            // Who is to move in the table's game, said before the new
            // game takes the table's seats.
            let standing = at.in_play.as_ref().map(|g| {
                crate::games::table::show::standing(at.seating.as_ref(), &g.game, &g.title, &g.turn)
            });
            let mut done = (setup.lay)(slot, given, &mut table)?;
            super::play::seat_after(slot.as_ref(), at, &mut table, true);
            let kind = <W::State as crate::games::Saved>::GAME;
            let Some(t) = at.seating.as_mut() else {
                return Ok((done.out, done.what, note));
            };
            // A new game of a kind set aside replaces it.
            t.forget_aside(kind.id());
            // The table plays one game: the new one, where it seats the
            // table, takes the place of another kind's that is not over,
            // which is set aside, once the table says so.
            let takes_table = t.playing.as_ref().is_some_and(|p| p.game == kind.id());
            let other = at.in_play.as_ref().filter(|g| {
                g.game != kind.id()
                    && !g.turn.over
                    && before.as_ref().is_some_and(|b| b.game == g.game)
            });
            if let (true, Some(g), Some(b)) = (takes_table, other, before) {
                if !yes {
                    return Err(AppError::Confirm {
                        question: format!(
                            "{} is in play ({}): set it aside and set up {}?",
                            g.title,
                            standing.unwrap_or_default(),
                            W::GAME.title()
                        ),
                        then,
                    });
                }
                t.keep_aside(b);
                done.out.after.push(crate::style::wrap(
                    &format!(
                        "{} is set aside: `games` keeps it, and a move in it takes it up again once this game is over",
                        g.title
                    ),
                    width,
                    "  ",
                ));
                done.out
                    .fields
                    .push(("set_aside", serde_json::Value::from(g.game.clone())));
            }
            Ok((done.out, done.what, note))
        })
    }
}

impl App {
    /// Run `deal` on a generator of its own, started from `given` or from
    /// a fresh code drawn from the session's generator (so the code alone
    /// repeats it, whatever ran before). The code comes back when the deal
    /// drew anything: a setup made wholly of the player's input has none.
    pub(super) fn dealt<T>(
        &mut self,
        given: Option<DealCode>,
        deal: impl FnOnce(&mut App) -> Result<T>,
    ) -> Result<(T, Option<DealCode>)> {
        let before = self.rng.clone();
        let code = given.unwrap_or_else(|| DealCode::draw(&mut self.rng));
        let session = std::mem::replace(&mut self.rng, code.generator());
        let out = deal(self);
        let own = std::mem::replace(&mut self.rng, session);
        if !own.used() && given.is_none() {
            // Nothing was dealt at random: the code drawn for it is put
            // back, so the session's generator says it was not used.
            self.rng = before;
        }
        Ok((out?, own.used().then_some(code)))
    }

    /// Say the deal's code under its result, as the command that repeats
    /// it (`command` without the code; `verb` "deals" or "shuffles").
    pub(super) fn tell_deal(
        &self,
        reply: &mut Reply,
        code: Option<DealCode>,
        command: &str,
        verb: &str,
    ) {
        let Some(code) = code else { return };
        let again = format!("deal {code}: `{command} deal={code}` {verb} it again");
        reply
            .after
            .push(crate::style::wrap(&again, self.style.width, "  "));
        reply
            .fields
            .push(("deal", serde_json::Value::from(code.to_string())));
    }

    /// A game set up while a table of players is kept seats them: where
    /// it takes `players=` and none is typed, as many as sit at the table
    /// (at most as many as the game allows), so the line that deals it
    /// again says how many played.
    fn seat_the_table(
        &self,
        declared: &args::Declared,
        mut words: Vec<String>,
    ) -> Result<Vec<String>> {
        let Some(args::Type::Number { min, max }) = declared
            .args
            .iter()
            .find(|a| a.key == "players")
            .map(|a| &a.ty)
        else {
            return Ok(words);
        };
        if words
            .iter()
            .any(|w| w.to_ascii_lowercase().starts_with("players="))
        {
            return Ok(words);
        }
        // More at the table than the game takes: as many as it takes
        // (the rest are named as sitting out), not its default of two.
        let seated = self.seated()?.len();
        if seated >= *min as usize {
            words.push(format!("players={}", seated.min(*max as usize)));
        }
        Ok(words)
    }

    /// Settings that name a file (a board's layout) get the file's text;
    /// only a regular file of a sane size is read.
    fn read_files(&self, given: &mut Given) -> Result<()> {
        let files: Vec<(&'static str, String)> = given
            .files()
            .into_iter()
            .map(|(k, f)| (k, f.to_string()))
            .collect();
        for (key, file) in files {
            let cannot = |why: String| invalid(format!("{key}={file}: cannot read it: {why}"));
            let meta = fs::metadata(&file).map_err(|e| cannot(e.to_string()))?;
            if !meta.is_file() {
                return Err(cannot("not a regular file".into()));
            }
            if meta.len() > MAX_SETTING_FILE {
                return Err(cannot(format!(
                    "{} bytes, more than {} KiB",
                    meta.len(),
                    MAX_SETTING_FILE >> 10
                )));
            }
            let bytes = fs::read(&file).map_err(|e| cannot(e.to_string()))?;
            let text = String::from_utf8(bytes).map_err(|_| cannot("not UTF-8 text".into()))?;
            given.read_file(key, text);
        }
        Ok(())
    }

    pub(super) fn setup(
        &mut self,
        game: Option<&str>,
        words: &[String],
        out: Option<&Path>,
        force: bool,
        yes: bool,
    ) -> Result<Reply> {
        let Some(first) = game else {
            return Err(invalid(format!(
                "setup needs a game: {}",
                games::setup_games()
            )));
        };
        // A bad file name is refused before anything is dealt or saved.
        let format = out.map(Format::of).transpose()?;
        if let Some(path) = out {
            super::saved::check_writable(path, force)?;
        }
        // The words again with `--yes`, should the table be asked.
        let mut then = vec!["setup".to_string(), first.to_string()];
        then.extend(words.iter().cloned());
        if let Some(path) = out {
            then.extend(["--out".to_string(), path.display().to_string()]);
        }
        if force {
            then.push("--force".into());
        }
        then.push("--yes".into());
        // `yes` alone is the flag mistyped, not a setting.
        if let Some(w) = words.iter().find(|w| w.eq_ignore_ascii_case("yes")) {
            return Err(invalid(format!(
                "'{w}': did you mean `--yes` (set aside the table's game in play without asking)?"
            )));
        }
        let (code, words) = crate::deal::split(words)?;
        // A name may run over words: `setup slide jam`.
        let (game, words) = setup_game(first, &words)?;
        // A code that would show hidden cards is not printed, and not drawn
        // from a seed tablemate picked (it is shown to everyone): the
        // system draws it, and the session's generator is left as it was.
        let sealed = crate::games::record::seals_deal(game);
        // `daily`: the day's deal, the same for everyone today.
        let (daily, words) = take_daily(words)?;
        let code = match (daily, code) {
            (true, Some(_)) => {
                return Err(invalid(
                    "'daily' and deal= together: `daily` is the day's deal, deal= another",
                ));
            }
            (true, None) if sealed => {
                return Err(invalid(format!(
                    "{} has no daily deal: its cards are secret, and a deal everyone can lay is no secret",
                    game.title()
                )));
            }
            (true, None) => Some(DealCode::daily(game.id(), &self.today)),
            (false, None) if sealed && !self.seed_chosen => Some(DealCode::from_system()),
            (false, code) => code,
        };
        let declared = games::setup_args(game).expect("a game that is set up declares it");
        let words = self.seat_the_table(declared, words)?;
        let mut given = args::parse(declared, &words)?;
        self.read_files(&mut given)?;
        // The code the deal will draw, known first (from a copy of the
        // generator) so the game's record can say the line that lays it
        // again.
        let next = code.unwrap_or_else(|| DealCode::draw(&mut self.rng.clone()));
        // The line that deals it again carries every word that was given.
        let mut words_again = vec!["setup".to_string(), game.id().to_string()];
        words_again.extend(words.iter().cloned());
        let line = crate::command::join_words(&words_again);
        let again = format!("{line} deal={next}");
        let again_line = again.clone();
        let (mut reply, code) = self.dealt(code, |app| {
            game.visit(Lay {
                app,
                given: &given,
                again,
                yes,
                then,
            })
        })?;
        if sealed && code.is_some() {
            reply
                .after
                .push(crate::style::wrap(SEALED, self.style.width, "  "));
            reply
                .fields
                .push(("deal", serde_json::Value::from("sealed")));
        } else {
            self.tell_deal(&mut reply, code, &line, "deals");
        }
        if daily {
            // The same words make the same deal: a level is part of them.
            let mut typed = vec!["setup".to_string(), game.id().to_string(), "daily".into()];
            typed.extend(words.iter().cloned());
            reply.after.push(crate::style::wrap(
                &format!(
                    "the daily deal for {} (UTC): everyone who types `{}` today lays this",
                    self.today,
                    crate::command::join_words(&typed)
                ),
                self.style.width,
                "  ",
            ));
            reply
                .fields
                .push(("daily", serde_json::Value::from(self.today.clone())));
        }
        reply
            .fields
            .extend(crate::random::JsonSeed(self.seed()).fields());
        if let Some(layout) = &reply.layout {
            let value = serde_json::to_value(layout).expect("layouts serialise");
            reply.fields.push(("layout", value));
        }
        if let (Some(path), Some(format), Some(layout)) = (out, format, &reply.layout) {
            let plain = reply.text(&Style::plain());
            // A sealed deal's code stays out of the file as out of the reply.
            let shown = crate::games::record::shown_setup(game, &again_line, false);
            let bytes = render::render(layout, format, &plain, &shown)?;
            super::saved::write_new(path, &bytes, force)?;
            reply.after.push(format!("(written to {})", path.display()));
            reply
                .fields
                .push(("out", serde_json::Value::from(path.display().to_string())));
        }
        Ok(reply)
    }
}

/// `words` without the word `daily`, and whether it was there.
fn take_daily(mut words: Vec<String>) -> Result<(bool, Vec<String>)> {
    // `daily=yes` or a slip (`dialy`) is meant as the word `daily`.
    if let Some(w) = words.iter().find(|w| {
        let lower = w.to_lowercase();
        lower.starts_with("daily=")
            || (lower != "daily"
                && !lower.contains('=')
                && lower.chars().all(char::is_alphabetic)
                && crate::suggest::distance(&lower, "daily") == 1)
    }) {
        return Err(invalid(format!(
            "'{w}': did you mean `daily` (the day's deal: setup GAME daily)?"
        )));
    }
    let before = words.len();
    words.retain(|w| !w.eq_ignore_ascii_case("daily"));
    Ok((words.len() < before, words))
}
