//! `stats export FILE` and `stats import FILE`: the table's plays as BG
//! Stats' play file (`.json`) or a BoardGameGeek-style plays CSV
//! (`.csv`), out and in. The formats are `crate::plays::{bgstats, csv}`;
//! here are the files, the names and the store.

use std::path::Path;

use serde::Serialize;

use super::saved::{read_document, write_new};
use super::{App, AppError, Reply, Result, invalid};
use crate::games::Game;
use crate::plays::{Play, bgstats, csv};
use crate::reply::Show;
use crate::style::{Style, plural};

/// The largest plays file read (#77: a 45 MB CSV of 213,802 plays ran a
/// minute at 578 MB and on): a decade of one table's plays is a few
/// megabytes in either format. Measured on the profiling build: 10,000
/// plays (1 MB of CSV) file in 1.2 s at 30 MB; 16 MB took 12 s at 286
/// MB, so the bound is half that, for a peak under 150 MB.
const MAX_PLAYS_BYTES: u64 = 8 << 20;
/// The most plays one file may hold, and the longest name of a game or a
/// place in it (a person's is `people::LONGEST`): a 45 MB game name was
/// filed and printed whole by `stats`.
const MAX_PLAYS: usize = 50_000;
const LONGEST_GAME: usize = 120;

/// Which file a name asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
enum Format {
    BgStats,
    Csv,
}

impl Format {
    fn of(path: &Path) -> Result<Format> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("json") => Ok(Format::BgStats),
            Some("csv") => Ok(Format::Csv),
            _ => Err(invalid(format!(
                "'{}': plays travel as BG Stats' file (.json) or a plays CSV (.csv)",
                path.display()
            ))),
        }
    }

    fn words(self) -> &'static str {
        match self {
            Format::BgStats => "BG Stats' play file",
            Format::Csv => "a BoardGameGeek-style plays CSV",
        }
    }
}

/// What `stats export` or `stats import` did.
#[derive(Debug, Serialize)]
struct Moved {
    file: String,
    format: Format,
    /// Plays written, or read from the file.
    plays: usize,
    /// Of those read, the ones filed (the rest were filed already).
    #[serde(skip_serializing_if = "Option::is_none")]
    filed: Option<usize>,
}

impl Show for Moved {
    fn show(&self, _: &Style) -> String {
        let plays = format!(
            "{} {}",
            self.plays,
            plural(self.plays as u64, "play", "plays")
        );
        match self.filed {
            None => format!("wrote {plays} to {} ({})", self.file, self.format.words()),
            Some(n) if n == self.plays => format!("filed {plays} from {}", self.file),
            Some(0) => format!(
                "{} {plays} in {} {} filed already: nothing new",
                if self.plays == 1 { "the" } else { "all" },
                self.file,
                if self.plays == 1 { "was" } else { "were" }
            ),
            Some(n) => format!(
                "filed {n} of the {plays} in {}; the other {} {} filed already",
                self.file,
                self.plays - n,
                if self.plays - n == 1 { "was" } else { "were" }
            ),
        }
    }
}

/// Why `plays` is more than a plays file may hold: too many plays, or a
/// name longer than any a table writes (the first such, by its play).
fn beyond_bounds(plays: &[Play]) -> Option<String> {
    if plays.len() > MAX_PLAYS {
        return Some(format!(
            "{} plays, more than the {MAX_PLAYS} a plays file may hold",
            plays.len()
        ));
    }
    let long = |s: &str, most: usize| s.chars().count() > most;
    plays.iter().enumerate().find_map(|(i, p)| {
        let n = i + 1;
        if long(&p.game, LONGEST_GAME) {
            return Some(format!(
                "play {n}'s game is named in {} characters, more than {LONGEST_GAME}",
                p.game.chars().count()
            ));
        }
        if let Some(place) = p.place.as_deref().filter(|pl| long(pl, LONGEST_GAME)) {
            return Some(format!(
                "play {n}'s place is named in {} characters, more than {LONGEST_GAME}",
                place.chars().count()
            ));
        }
        p.people
            .iter()
            .find(|who| long(who, crate::people::LONGEST))
            .map(|who| {
                format!(
                    "play {n} names a player in {} characters, more than {}",
                    who.chars().count(),
                    crate::people::LONGEST
                )
            })
    })
}

/// A game as a file names it: a tablemate game by its title.
fn title(game: &str) -> String {
    Game::by_id(game).map_or_else(|| game.to_string(), |g| g.title().to_string())
}

/// A game named in a file, by its title or id, is that game; any other
/// name is kept as written (a pad's game, another app's).
fn game_named(name: &str) -> String {
    Game::all()
        .find(|g| g.title().eq_ignore_ascii_case(name) || g.id() == name)
        .map_or_else(|| name.to_string(), |g| g.id().to_string())
}

impl App {
    pub(super) fn export_plays(&mut self, path: &Path, force: bool) -> Result<Reply> {
        let format = Format::of(path)?;
        let (plays, _) = self.store.plays().map_err(AppError::from)?;
        let text = match format {
            Format::BgStats => bgstats::write(&plays, title, crate::random::uuid),
            Format::Csv => csv::write(&plays, title, crate::random::uuid),
        };
        write_new(path, text.as_bytes(), force)?;
        Ok(Reply::new(
            "stats-export",
            Moved {
                file: path.display().to_string(),
                format,
                plays: plays.len(),
                filed: None,
            },
        ))
    }

    pub(super) fn import_plays(&mut self, path: &Path) -> Result<Reply> {
        let format = Format::of(path)?;
        let cannot = |why: String| invalid(format!("{} is refused: {why}", path.display()));
        let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        if size > MAX_PLAYS_BYTES {
            return Err(cannot(format!(
                "{size} bytes, more than the {} MiB a plays file may be (ten years of a table's plays is a few MB)",
                MAX_PLAYS_BYTES >> 20
            )));
        }
        let text = read_document(path)?;
        let read = match format {
            Format::BgStats => bgstats::read(&text, game_named),
            Format::Csv => csv::read(&text, game_named),
        };
        let mut plays: Vec<Play> = read
            .map_err(|e| invalid(format!("{} is not {}: {e}", path.display(), format.words())))?;
        if let Some(why) = beyond_bounds(&plays) {
            return Err(cannot(why));
        }
        // A person of the table, however the file spells them, is
        // written as the table writes them.
        let table = self.store.at_table().map_err(AppError::from)?;
        for name in plays.iter_mut().flat_map(|p| p.people.iter_mut()) {
            if let Some(p) = table.seating.as_ref().and_then(|t| {
                t.people
                    .iter()
                    .find(|p| crate::people::folded(&p.name) == crate::people::folded(name))
            }) {
                name.clone_from(&p.name);
            }
        }
        let what = format!("stats import {}", path.display());
        let filed = self
            .store
            .import_plays(&what, &plays)
            .map_err(AppError::from)?;
        Ok(Reply::new(
            "stats-import",
            Moved {
                file: path.display().to_string(),
                format,
                plays: plays.len(),
                filed: Some(filed),
            },
        ))
    }
}
