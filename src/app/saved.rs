//! `undo`, `export` and `import`: the store as a whole.

use std::fs;
use std::io::Write;
use std::path::Path;

use serde::Serialize;

use super::{App, AppError, Reply, Result, invalid};
use crate::reply::Show;
use crate::store::{Document, ImportError};
use crate::style::Style;

/// Larger than any document a real table produces (an export of a
/// thousand filed games is a few megabytes); said in the refusal.
const MAX_IMPORT_BYTES: u64 = 50 << 20;
/// Most bytes of one game's record read by `import`.
const MAX_RECORD_BYTES: u64 = 8 << 20;

/// `repair`'s reply.
#[derive(Debug, Serialize)]
#[serde(transparent)]
struct Mended(crate::store::Repaired);

impl Show for Mended {
    fn show(&self, style: &Style) -> String {
        let text = match &self.0 {
            crate::store::Repaired::NothingSaved => {
                "nothing is saved yet: nothing to repair".into()
            }
            crate::store::Repaired::Rebuilt { copy, before, file } => format!(
                "{}: every index rebuilt{} and the store checked whole (a copy of it as it was is {})",
                match before {
                    Some(found) => format!("repaired ({found})"),
                    None => "the store was sound".into(),
                },
                if *file {
                    ", the file written again from its tables,"
                } else {
                    ""
                },
                copy.display()
            ),
        };
        crate::style::wrap(&text, style.width, "  ")
    }
}

impl App {
    pub(super) fn repair(&mut self) -> Result<Reply> {
        Ok(Reply::new("repair", Mended(self.store.repair()?)))
    }

    pub(super) fn undo(&mut self) -> Result<Reply> {
        self.undo_newest(false)
    }

    /// `undo` from a seat: only the seat's own change, if it is the newest.
    pub(super) fn undo_own(&mut self) -> Result<Reply> {
        self.undo_newest(true)
    }

    fn undo_newest(&mut self, own: bool) -> Result<Reply> {
        let undone = if own {
            self.store.undo_own()?
        } else {
            self.store.undo()?
        };
        let undone = match undone {
            None => Undid {
                undone: None,
                elsewhere: None,
                left: 0,
                say_elsewhere: false,
            },
            Some(u) => Undid {
                undone: Some(u.what),
                elsewhere: Some(u.elsewhere),
                left: u.left,
                // A one-shot command is always another session: saying so
                // would tell the player nothing.
                say_elsewhere: u.elsewhere && !self.one_shot,
            },
        };
        Ok(Reply::new("undo", undone))
    }

    pub(super) fn export(
        &mut self,
        file: Option<&Path>,
        force: bool,
        secrets: bool,
    ) -> Result<Reply> {
        if let Some(path) = file {
            check_writable(path, force)?;
        }
        let mut doc = self.store.export()?;
        // What could not be read is said, not silently lost; what a game
        // in play hides stays out unless asked for.
        let mut skipped = doc.skipped.clone();
        if !secrets {
            skipped.extend(doc.seal());
        }
        let mut reply = match file {
            None => Reply::new("export", doc),
            Some(path) => {
                write_new(path, doc.to_text().as_bytes(), force)?;
                Reply::new("export", Filed::of(path, &doc, "exported to"))
            }
        };
        reply.warnings = skipped;
        Ok(reply)
    }

    pub(super) fn import(&mut self, path: &Path, replace: bool) -> Result<Reply> {
        let text = read_document(path)?;
        // A game's record (from `replay N --out game.json`) is filed as one.
        // Asked of the text with every value skipped, not built into a
        // tree: a tree of a large file took thirty times its size.
        #[derive(serde::Deserialize)]
        struct Kind {
            tablemate_record: Option<serde::de::IgnoredAny>,
        }
        if let Ok(Kind {
            tablemate_record: Some(_),
        }) = serde_json::from_str(&text)
        {
            // A record's states are built as trees, ten times the text
            // (a 45 MB file took 511 MB before it was refused): one as
            // large as no game makes is refused before.
            if text.len() as u64 > MAX_RECORD_BYTES {
                return Err(invalid(format!(
                    "{} is a game record of {} bytes, more than the {} MiB a record may be (a long game's is a few hundred kilobytes)",
                    path.display(),
                    text.len(),
                    MAX_RECORD_BYTES >> 20
                )));
            }
            let file = serde_json::from_str(&text)
                .map_err(|e| invalid(format!("{} is not a game record: {e}", path.display())))?;
            return self.import_record(path, file);
        }
        // A PPN file: a game tablemate follows is filed as a record, its
        // moves checked by the rules; any other is said for what it is,
        // not where its JSON fails.
        if crate::ppn_file::looks_like(path, &text) {
            return match ppn_record(&text, &self.today) {
                Some(record) => self.import_ppn_record(path, record),
                None => Err(what_ppn_is(path, &text)),
            };
        }
        let doc = Document::from_text(&text)
            .map_err(|e| invalid(format!("{} is not an export: {e}", path.display())))?;
        match self.store.import(&doc, replace) {
            Err(ImportError::NotEmpty) => Err(AppError::Confirm {
                question: format!(
                    "replace everything saved now with {}? (`undo` brings it back)",
                    path.display()
                ),
                then: vec![
                    "import".into(),
                    path.display().to_string(),
                    "--replace".into(),
                ],
            }),
            Err(e) => Err(e.into()),
            Ok(()) => Ok(Reply::new("import", Filed::of(path, &doc, "imported"))),
        }
    }
}

/// The record a PPN file of a game tablemate follows makes (every move
/// legal), dated now; `None` for any other file, or one whose moves the
/// rules refuse (`what_ppn_is` says which).
pub(super) fn ppn_record(text: &str, today: &str) -> Option<crate::games::record::Record> {
    if crate::ppn_file::is_own(text) {
        return None;
    }
    let reader = crate::games::PpnReader::of(&crate::ppn_file::game_type(text)?)?;
    let game = (reader.record)(text).ok()?;
    crate::games::record::of_ppn(game, crate::roll_log::now(), today).ok()
}

/// What a PPN file is and where tablemate reads it (#81): a Fuji-san
/// game is checked move by move here and laid by its setup; tablemate's
/// own PPN is drawn from a record, which is what `import` takes; any
/// other game is named by its GameType, with the games tablemate reads.
pub(super) fn what_ppn_is(path: &Path, text: &str) -> AppError {
    use crate::games::{Game, PPN_READERS, PpnReader};
    use crate::ppn_file::replay::ReplayError;
    use crate::ppn_file::setups::SetupError;
    let shown = path.display();
    let readers: Vec<String> = PPN_READERS
        .iter()
        .map(|r| format!("{} (`{}`)", r.title, r.setup))
        .collect();
    let follows = format!(
        "tablemate follows {} from PPN and its own games' records (.json, which `import` takes)",
        readers.join(", ")
    );
    let name = crate::ppn_file::game_type(text);
    // tablemate's own file is drawn from a record, whatever its game.
    let reader = |n: &str| {
        (!crate::ppn_file::is_own(text))
            .then(|| PpnReader::of(n))
            .flatten()
    };
    invalid(match name.as_deref().map(|n| (n, reader(n))) {
        Some((_, Some(reader))) => {
            let setup = reader.setup.replace("FILE", &shown.to_string());
            match (reader.check)(text) {
                Ok(n) => format!(
                    "{shown} is a {} game in Portable Piecepack Notation, its {n} {} legal: `{setup}` lays it and follows it from there",
                    reader.title,
                    if n == 1 { "move" } else { "moves" }
                ),
                Err(e) => format!(
                    "{shown} is a {} game in Portable Piecepack Notation, but {e}",
                    reader.title
                ),
            }
        }
        Some((name, None))
            if Game::all().any(|g| {
                g.title().eq_ignore_ascii_case(name) || g.id().eq_ignore_ascii_case(name)
            }) =>
        {
            format!(
                "{shown} is tablemate's own PPN of {name}, drawn from the game's record: `import` takes the record (.json) that `replay N --out FILE.json` writes"
            )
        }
        Some((name, None)) => {
            let name = crate::style::clip_quoted(name);
            match crate::ppn_file::replay::replay(text) {
                Ok(_) => format!(
                    "{shown} is Portable Piecepack Notation of {name} (its GameType), whose rules tablemate does not follow, so it files no record of it: `replay {shown}` draws its moves as written; {follows}"
                ),
                Err(ReplayError::Setup {
                    why: SetupError::Unknown,
                    ..
                }) => format!(
                    "{shown} is Portable Piecepack Notation of {name} (its GameType): {follows}, not {name}; `replay FILE` draws the moves of {}",
                    crate::ppn_file::setups::LAID.join(", ")
                ),
                Err(e) => refused(&shown.to_string(), text, &e),
            }
        }
        None => match crate::ppn_file::replay::replay(text) {
            Ok(_) => format!(
                "{shown} is Portable Piecepack Notation that names no GameType: `replay {shown}` draws its moves as written from an empty table; {follows}"
            ),
            Err(e) => format!(
                "{shown} is Portable Piecepack Notation that names no GameType: {follows}; its moves cannot be drawn: {e}"
            ),
        },
    })
}

/// What a file's game is, where tablemate would draw it but a move or
/// the setup's arguments cannot be.
pub(super) fn refused(shown: &str, text: &str, e: &crate::ppn_file::replay::ReplayError) -> String {
    match crate::ppn_file::game_type(text) {
        Some(name) => format!(
            "{shown} is Portable Piecepack Notation of {}, but {e}",
            crate::style::clip_quoted(&name)
        ),
        None => format!("{shown} is Portable Piecepack Notation, but {e}"),
    }
}

/// Read a document, refusing anything but a regular file of sane size
/// (a FIFO would hang, /dev/zero would never end).
pub(super) fn read_document(path: &Path) -> Result<String> {
    let cannot = |why: String| invalid(format!("cannot read {}: {why}", path.display()));
    let meta = fs::metadata(path).map_err(|e| cannot(e.to_string()))?;
    if !meta.is_file() {
        return Err(cannot("not a regular file".into()));
    }
    if meta.len() > MAX_IMPORT_BYTES {
        return Err(cannot(format!(
            "{} bytes, more than the {} MiB an import may be (an export is far smaller)",
            meta.len(),
            MAX_IMPORT_BYTES >> 20
        )));
    }
    let bytes = fs::read(path).map_err(|e| cannot(e.to_string()))?;
    String::from_utf8(bytes).map_err(|_| cannot("not UTF-8 text".into()))
}

/// Write a new file; an existing one only with `force`, and then through a
/// temporary file renamed over it, so the old one is never half written.
/// Whether `path` may be written: it does not exist, or `force` is given
/// and it is a regular file (or a link, which is replaced, never followed).
/// Checked before a command changes anything, so a refusal changes
/// nothing.
pub(super) fn check_writable(path: &Path, force: bool) -> Result<()> {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Ok(());
    };
    if !force {
        return Err(invalid(format!(
            "{} exists: add --force to overwrite it",
            path.display()
        )));
    }
    let kind = meta.file_type();
    if !kind.is_file() && !kind.is_symlink() {
        return Err(invalid(format!(
            "{} is not a regular file: --force overwrites only files",
            path.display()
        )));
    }
    Ok(())
}

/// Write `bytes` to a new file at `path`, or with `force` over a regular
/// file there: through a temporary file in the same folder, renamed into
/// place, so the old file stays whole until the new one is.
pub(super) fn write_new(path: &Path, bytes: &[u8], force: bool) -> Result<()> {
    let cannot = |e: std::io::Error| invalid(format!("cannot write {}: {e}", path.display()));
    check_writable(path, force)?;
    let first = if force {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(format!(".tmp-{}", std::process::id()));
        path.with_file_name(name)
    } else {
        path.to_path_buf()
    };
    // create_new: never follows a link planted at the name. The file is
    // the player's alone (0600 whatever the umask): an export, a record
    // or a picture of an open game can hold what the table may not see.
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut f = options.open(&first).map_err(cannot)?;
    let written = f.write_all(bytes).and_then(|()| f.sync_all());
    if let Err(e) = written.and_then(|()| {
        if force {
            fs::rename(&first, path)
        } else {
            Ok(())
        }
    }) {
        let _ = fs::remove_file(&first);
        return Err(cannot(e));
    }
    Ok(())
}

/// Text generated from the command definitions (a completion script, the
/// man page).
#[derive(Debug, serde::Serialize)]
pub(super) struct Generated {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shell: Option<String>,
    #[serde(skip)]
    pub text: String,
}

impl crate::reply::Show for Generated {
    fn show(&self, _: &crate::style::Style) -> String {
        self.text.clone()
    }
}

/// `seed`: the seed, and whether the generator was just restarted.
#[derive(Debug, serde::Serialize)]
pub(super) struct Seed {
    #[serde(flatten)]
    pub seed: crate::random::JsonSeed,
    #[serde(skip)]
    pub restarted: bool,
}

impl crate::reply::Show for Seed {
    fn show(&self, _: &crate::style::Style) -> String {
        if self.restarted {
            format!("seed {}: generator restarted", self.seed.0)
        } else {
            format!("seed {}", self.seed.0)
        }
    }
}

/// `undo`: the change undone, and how many are left.
#[derive(Debug, Serialize)]
struct Undid {
    /// What the change was, or nothing when there was none.
    undone: Option<String>,
    /// Made in another session (absent when nothing was undone).
    #[serde(skip_serializing_if = "Option::is_none")]
    elsewhere: Option<bool>,
    left: usize,
    #[serde(skip)]
    say_elsewhere: bool,
}

impl Show for Undid {
    fn show(&self, _: &Style) -> String {
        let Some(what) = &self.undone else {
            return "nothing to undo".into();
        };
        let mut text = format!("undid: {what}");
        if self.say_elsewhere {
            text.push_str(" (made in another session)");
        }
        text.push_str(&match self.left {
            0 => "\n(nothing more to undo)".to_string(),
            1 => "\n(1 earlier change can be undone)".to_string(),
            n => format!("\n({n} earlier changes can be undone)"),
        });
        text
    }
}

/// `export` with no file: the document itself.
impl Show for Document {
    fn show(&self, _: &Style) -> String {
        self.to_text().trim_end().to_string()
    }
}

/// `export FILE` and `import FILE`: the file, and what it holds.
#[derive(Debug, Serialize)]
struct Filed {
    file: String,
    summary: String,
    /// "exported to" or "imported".
    #[serde(skip)]
    verb: &'static str,
}

impl Filed {
    fn of(path: &Path, doc: &Document, verb: &'static str) -> Filed {
        Filed {
            file: path.display().to_string(),
            summary: doc.summary(),
            verb,
        }
    }
}

impl Show for Filed {
    fn show(&self, _: &Style) -> String {
        format!("{} {}: {}", self.verb, self.file, self.summary)
    }
}
