//! The JSON state files of tablemate 0.1 (`decks.json`, and each game's
//! that declares one), brought into the store on first use.
//!
//! Each file is imported in one transaction, and its content hash recorded
//! in the same transaction, then renamed `NAME.json.imported`: nothing is
//! deleted, and a crash between the commit and the rename never imports a
//! file twice. A file that fails its checks is set aside and reported; one
//! whose part the store already holds is kept aside unimported.

use std::fs;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, Transaction, TransactionBehavior};

use super::{PartDoc, Result, free_name};
use crate::deck::DeckDoc;
use crate::games::game::Game;

/// Larger than any state file 0.1 could write; a bigger one is not read.
const MAX_BYTES: u64 = 10 << 20;

/// What became of a file: imported, refused (why), or kept aside since
/// the store holds its part already.
enum Outcome {
    Imported,
    Bad(String),
    Occupied,
}

/// What a file holds and how it is brought in.
#[derive(Clone, Copy)]
enum Holds {
    Decks,
    Game(Game),
}

/// Every file 0.1 wrote: the decks, and each game's that declares one.
fn files() -> Vec<(&'static str, &'static str, Holds)> {
    let mut all = vec![("decks.json", "decks", Holds::Decks)];
    for game in Game::saved() {
        if let Some((file, holds)) = game.wing().state().legacy_file() {
            all.push((file, holds, Holds::Game(game)));
        }
    }
    all
}

fn bring(holds: Holds, conn: &Connection, bytes: &[u8]) -> Result<Outcome> {
    match holds {
        Holds::Decks => bring_decks::<DeckDoc>(conn, bytes),
        Holds::Game(game) => bring_game(conn, game, bytes),
    }
}

/// A game's state read from a file of tablemate 0.1 into the store, unless
/// the store holds one already.
fn bring_game(conn: &Connection, game: Game, bytes: &[u8]) -> Result<Outcome> {
    let state = game.wing().state();
    let value: serde_json::Value = match serde_json::from_slice(bytes) {
        Ok(v) => v,
        Err(e) => return Ok(Outcome::Bad(e.to_string())),
    };
    let text = match state.retyped(&value) {
        Ok(text) => text,
        Err(why) => return Ok(Outcome::Bad(why.0)),
    };
    if let Err(why) = state.check(&value) {
        return Ok(Outcome::Bad(format!("{}: {why}", state.what())));
    }
    let mut notes = Vec::new();
    let held = match super::games::read_raw(conn, game)? {
        Some(raw) => state.load(&raw, &mut notes).unwrap_or(None),
        None => None,
    };
    if held.is_some_and(|h| !state.blank(&h)) {
        return Ok(Outcome::Occupied);
    }
    super::games::write_raw(conn, game, text.as_deref())?;
    Ok(Outcome::Imported)
}

fn bring_decks<D: PartDoc>(conn: &Connection, bytes: &[u8]) -> Result<Outcome> {
    let doc: D = match serde_json::from_slice(bytes) {
        Ok(d) => d,
        Err(e) => return Ok(Outcome::Bad(e.to_string())),
    };
    let problems = doc.problems();
    if !problems.is_empty() {
        return Ok(Outcome::Bad(problems.join("; ")));
    }
    if !D::read(conn)?.is_empty() {
        return Ok(Outcome::Occupied);
    }
    doc.write(conn)?;
    Ok(Outcome::Imported)
}

/// Import every old state file present; the messages to show the player.
pub(super) fn import_all(dir: &Path, conn: &Connection) -> Result<Vec<String>> {
    let mut notes = Vec::new();
    for (file, holds, what) in files() {
        let path = dir.join(file);
        // Never follow a link, and read nothing but a regular file.
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        let bytes = if !meta.is_file() {
            Err("not a regular file".to_string())
        } else if meta.len() > MAX_BYTES {
            Err(format!("{} bytes, more than any state file", meta.len()))
        } else {
            match fs::read(&path) {
                Ok(b) => Ok(b),
                // Another process imported and renamed it a moment ago.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => Err(e.to_string()),
            }
        };
        let bytes = match bytes {
            Ok(b) => b,
            Err(why) => {
                notes.push(set_aside(
                    &path,
                    "damaged",
                    &format!("could not be imported ({why})"),
                ));
                continue;
            }
        };
        let hash = format!("{:016x}", fnv1a(&bytes));
        let tx = Transaction::new_unchecked(conn, TransactionBehavior::Immediate)?;
        let done: bool = tx.query_row(
            "SELECT count(*) > 0 FROM imported_files WHERE name = ?1 AND hash = ?2",
            [file, &hash],
            |r| r.get(0),
        )?;
        let outcome = if done {
            None
        } else {
            Some(bring(what, &tx, &bytes)?)
        };
        if matches!(outcome, Some(Outcome::Imported)) {
            tx.execute(
                "INSERT INTO imported_files (name, hash) VALUES (?1, ?2)",
                [file, &hash],
            )?;
        }
        tx.commit()?;
        match outcome {
            None => {
                let _ = fs::rename(&path, imported_name(&path));
            }
            Some(Outcome::Imported) => {
                let kept = imported_name(&path);
                let _ = fs::rename(&path, &kept);
                notes.push(format!(
                    "note: {file} from an earlier tablemate was imported into the store (kept as {})",
                    kept.display()
                ));
            }
            Some(Outcome::Bad(why)) => notes.push(set_aside(
                &path,
                "damaged",
                &format!("could not be imported ({why})"),
            )),
            Some(Outcome::Occupied) => notes.push(set_aside(
                &path,
                "not-imported",
                &format!("was not imported: the store already holds {holds}"),
            )),
        }
    }
    Ok(notes)
}

fn imported_name(path: &Path) -> PathBuf {
    let plain = PathBuf::from(format!("{}.imported", path.display()));
    if plain.exists() {
        free_name(path, "imported")
    } else {
        plain
    }
}

fn set_aside(path: &Path, kind: &str, what: &str) -> String {
    let backup = free_name(path, kind);
    match fs::rename(path, &backup) {
        Ok(()) => format!(
            "warning: {} {what}; it was kept as {}",
            path.display(),
            backup.display()
        ),
        Err(e) => format!(
            "warning: {} {what}, and could not be moved aside: {e}",
            path.display()
        ),
    }
}

/// FNV-1a: a stable hash (std's is not stable across releases).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
