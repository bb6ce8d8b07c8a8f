//! Everything tablemate keeps between commands, in one SQLite database
//! (`tablemate.db` in the data directory).
//!
//! Why SQLite: a one-shot command in a shell and an open REPL often change
//! the same deck or run at once. Every change here is one `BEGIN IMMEDIATE`
//! transaction that reads, changes and writes, so concurrent processes take
//! turns (waiting up to `BUSY_WAIT` for each other) instead of overwriting
//! each other, and a process killed mid-save leaves the last whole state.
//! WAL mode lets readers go on while a writer works.
//!
//! Each part of the store (decks, saved rolls, tallies, and every game's
//! state) has one document form, a plain serde type: the same form is
//! read from the JSON files of earlier versions, written by `export`, and
//! kept in the undo journal as the part's state before each change.
//!
//! A game's state changes through one door, [`Store::play`]: it is read,
//! changed and saved in one write transaction, with its journal entry, so
//! a move computed from it can never work on a stale copy. Nothing is
//! opened until a command needs state, so `roll` and `rules` never touch
//! the database.

mod decks;
mod export;
mod games;
mod journal;
mod legacy;
mod plays;
mod records;
mod rolls;
mod salvage;
mod schema;
mod serving;
mod space;
mod table;

use std::cell::{OnceCell, RefCell};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags, Transaction, TransactionBehavior};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

pub use decks::{delete_deck, save_deck, set_current};
pub use export::{Document, EXPORT_FORMAT};
pub use games::versions;
pub use journal::{Undone, last_seated};
pub use records::{Note, Record, Step, Summary};
pub use rolls::{SavedRoll, SavedRolls, Tallies, load as saved_rolls, rolls_tally, tallies};
pub use serving::Served;
pub use table::AtTable;

use crate::deck::DeckBook;
use crate::games::game::Game;
use crate::games::wing::Saved;
use crate::own_file;

/// The saved decks; a deck that fails its checks is kept apart by name.
pub fn decks(conn: &Connection) -> Result<DeckBook> {
    let (doc, unread) = decks::read_decks(conn)?;
    let mut book = DeckBook::from_doc(&doc);
    book.damaged.extend(unread);
    Ok(book)
}

/// How long a command waits for another process's change to finish.
const BUSY_WAIT: Duration = Duration::from_secs(5);

/// The database's file name in the data directory.
pub const DB_FILE: &str = "tablemate.db";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot use the data directory {path}: {source}")]
    Dir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "the saved state is busy: another tablemate held it for {} s; nothing was changed, try again",
        BUSY_WAIT.as_secs()
    )]
    Busy,
    #[error(
        "{path} was written by a newer tablemate (schema {found}; this one knows {known}); it was left untouched"
    )]
    Newer {
        path: PathBuf,
        found: i32,
        known: i32,
    },
    /// Rows that fail their checks: what, why, and the command that mends it.
    #[error("{what} is damaged ({reason}); {repair}")]
    Damaged {
        what: String,
        reason: String,
        repair: String,
    },
    /// The data directory cannot be written (a full disk, a read-only
    /// file system): nothing was changed, and reading still works.
    #[error("{dir} cannot be written: {why}; nothing was changed{}", advice(.why))]
    Unwritable {
        dir: PathBuf,
        why: space::Unwritable,
    },
    /// `undo` of one's own change when the newest change is another's:
    /// changes are undone newest first, so it must wait.
    #[error(
        "the last change ('{what}') was not yours: it is undone where it was made, or at the terminal"
    )]
    NotYours { what: String },
    /// The schema refused a change: a bug, never a player's mistake.
    #[error("the store refused an impossible change ({0}); nothing was changed")]
    Refused(String),
    #[error("the store failed: {0}")]
    Sql(rusqlite::Error),
    /// The database could not be opened: which file, and SQLite's reason.
    #[error("cannot open the store {path}: {source}")]
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    /// An index of the store does not match its rows (found by the
    /// integrity check): nothing is read or written until it is rebuilt.
    #[error(
        "an index of the store {path} is damaged ({detail}); nothing was changed: `tablemate repair` rebuilds it, keeping a copy of the store first"
    )]
    IndexDamaged { path: PathBuf, detail: String },
    /// `repair` could not mend the store: why, and where the copy taken
    /// first is.
    #[error(
        "the store could not be repaired ({why}); it was copied first to {copy}: `export` what still reads, or move the store away to start afresh"
    )]
    Unrepaired { copy: PathBuf, why: String },
    /// Something other than a file stands where the database or one of
    /// its side files goes.
    #[error(
        "{path} is not a regular file (a link, a FIFO or a folder): move it away, and tablemate makes a fresh one"
    )]
    NotAFile { path: PathBuf },
}

impl StoreError {
    /// An error met opening the database at `path`, naming it.
    fn opening(self, path: &Path) -> StoreError {
        match self {
            StoreError::Sql(source) => StoreError::Open {
                path: path.to_path_buf(),
                source,
            },
            other => other,
        }
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Busy,
            Some(ErrorCode::ConstraintViolation) => StoreError::Refused(e.to_string()),
            _ => StoreError::Sql(e),
        }
    }
}

fn advice(why: &space::Unwritable) -> &'static str {
    match why {
        space::Unwritable::DiskFull => " (free some space and try again)",
        space::Unwritable::ReadOnly(_) => " (commands that only read still work)",
    }
}

type Result<T, E = StoreError> = std::result::Result<T, E>;

/// The parts of the store, each with its own document form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Decks,
    /// A game's state.
    Game(Game),
    /// A game's state and the table beside it (a change that may seat
    /// the table, or set the game it plays).
    Seated(Game),
    /// Saved rolls.
    Rolls,
    /// Tallied results of real dice.
    Tally,
    /// Plays imported from a file: they are the change's own (each names
    /// its journal entry), so there is nothing else to keep.
    Plays,
    /// Everything at once (an import).
    All,
}

impl Part {
    /// The part as the journal names it: `decks`, `game:ID`.
    pub fn name(self) -> String {
        match self {
            Part::Decks => "decks".into(),
            Part::Game(g) => format!("game:{}", g.id()),
            Part::Seated(g) => format!("seated:{}", g.id()),
            Part::Rolls => "rolls".into(),
            Part::Tally => "tally".into(),
            Part::Plays => "plays".into(),
            Part::All => "all".into(),
        }
    }

    fn from_name(s: &str) -> Option<Part> {
        match s {
            "decks" => Some(Part::Decks),
            "rolls" => Some(Part::Rolls),
            "tally" => Some(Part::Tally),
            "plays" => Some(Part::Plays),
            "all" => Some(Part::All),
            _ => match s.strip_prefix("seated:") {
                Some(id) => Game::by_id(id).map(Part::Seated),
                None => Game::by_id(s.strip_prefix("game:")?).map(Part::Game),
            },
        }
    }
}

/// A part's document form and how it maps to rows.
pub trait PartDoc: Serialize + DeserializeOwned + Sized {
    const PART: Part;
    /// The rows as they are, checked only for their types.
    fn read(conn: &Connection) -> Result<Self>;
    /// Replace the part's rows with this document.
    fn write(&self, conn: &Connection) -> Result<()>;
    /// What is wrong with the document (empty when it is sound).
    fn problems(&self) -> Vec<String>;
    fn is_empty(&self) -> bool;
}

/// The data directory and, once a command needs it, the open database.
pub struct Store {
    dir: PathBuf,
    conn: OnceCell<Connection>,
    /// Things to tell the player once (a damaged file set aside, an old
    /// state file imported), collected until the caller takes them.
    warnings: RefCell<Vec<String>>,
    /// Tells this process's journal entries from other processes'.
    session: String,
    /// Set when the store could be opened only for reading.
    unwritable: RefCell<Option<space::Unwritable>>,
}

impl Store {
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        Store {
            dir: dir.into(),
            conn: OnceCell::new(),
            warnings: RefCell::new(Vec::new()),
            session: format!("{}-{nanos}", std::process::id()),
            unwritable: RefCell::new(None),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The same store, its changes journaled as `who`'s (a seat's, so
    /// that seat may undo them and only them).
    pub fn for_session(mut self, who: &str) -> Store {
        self.session = format!("{who} {}", self.session);
        self
    }

    /// Whether the database has been opened (by any command so far).
    pub fn is_open(&self) -> bool {
        self.conn.get().is_some()
    }

    /// Messages for the player gathered since the last call.
    pub fn take_warnings(&self) -> Vec<String> {
        std::mem::take(&mut self.warnings.borrow_mut())
    }

    /// Whether there is a message to show.
    pub fn has_warnings(&self) -> bool {
        !self.warnings.borrow().is_empty()
    }

    /// Keep a message for the player (shown with the command's reply).
    pub fn warn(&self, msg: String) {
        self.warnings.borrow_mut().push(msg);
    }

    fn conn(&self) -> Result<&Connection> {
        if let Some(c) = self.conn.get() {
            return Ok(c);
        }
        let c = self.open()?;
        Ok(self.conn.get_or_init(|| c))
    }

    /// Read in one transaction, so every row comes from the same moment.
    pub fn read<T, E: From<StoreError>>(
        &self,
        f: impl FnOnce(&Connection) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        let tx = Transaction::new_unchecked(self.conn()?, TransactionBehavior::Deferred)
            .map_err(StoreError::from)?;
        let out = f(&tx)?;
        tx.commit().map_err(StoreError::from)?;
        Ok(out)
    }

    /// Change one part in one write transaction: `f` reads and writes
    /// through the connection and returns its result with a description of
    /// the change (`None` when it changed nothing). Everything lands or
    /// nothing does; the part's state before goes into the undo journal.
    pub fn change<T, E: From<StoreError>>(
        &self,
        part: Part,
        f: impl FnOnce(&Connection) -> std::result::Result<(T, Option<String>), E>,
    ) -> std::result::Result<T, E> {
        self.change_then(
            part,
            |c| f(c).map(|(out, what)| (out, what, ())),
            |_, _, ()| Ok(()),
        )
    }

    /// `change`, then `after` in the same transaction with what `f` left
    /// for it and the journal entry's id (only when something changed).
    fn change_then<T, X, E: From<StoreError>>(
        &self,
        part: Part,
        f: impl FnOnce(&Connection) -> std::result::Result<(T, Option<String>, X), E>,
        after: impl FnOnce(&Connection, i64, X) -> Result<()>,
    ) -> std::result::Result<T, E> {
        let conn = self.writable()?;
        let tx = Transaction::new_unchecked(conn, TransactionBehavior::Immediate)
            .map_err(|e| self.explain(e))?;
        let before = journal::snapshot(&tx, part)?;
        let (out, what, left) = f(&tx)?;
        if let Some(what) = what {
            let id = journal::record(&tx, &self.session, part, &before, &what)
                .map_err(|e| self.explain_store(e))?;
            after(&tx, id, left).map_err(|e| self.explain_store(e))?;
        }
        tx.commit().map_err(|e| self.explain(e))?;
        Ok(out)
    }

    /// The connection, if changes can be made through it.
    fn writable(&self) -> Result<&Connection> {
        let conn = self.conn()?;
        match self.unwritable.borrow().clone() {
            Some(why) => Err(StoreError::Unwritable {
                dir: self.dir.clone(),
                why,
            }),
            None => Ok(conn),
        }
    }

    /// A failed write said as what it is: SQLite reports a full disk as
    /// an I/O error.
    fn explain(&self, e: rusqlite::Error) -> StoreError {
        self.explain_store(e.into())
    }

    fn explain_store(&self, e: StoreError) -> StoreError {
        // A change the schema refused may be a damaged index's doing (a
        // large store is opened with the quick check, which skips them):
        // look at the indexes whole before blaming the change.
        if let (StoreError::Refused(_), Some(conn)) = (&e, self.conn.get())
            && let Ok(Check::Index(detail)) = check(conn, true)
        {
            return StoreError::IndexDamaged {
                path: self.dir.join(DB_FILE),
                detail,
            };
        }
        let io = matches!(&e, StoreError::Sql(s) if matches!(
            s.sqlite_error_code(),
            Some(ErrorCode::DiskFull | ErrorCode::SystemIoFailure | ErrorCode::ReadOnly | ErrorCode::CannotOpen)
        ));
        match space::unwritable(&self.dir) {
            Some(why) if io => StoreError::Unwritable {
                dir: self.dir.clone(),
                why,
            },
            _ => e,
        }
    }

    /// A game's saved state, checked (parts set aside are said once).
    pub fn game<S: Saved>(&self) -> Result<Option<S>> {
        self.read(|c| self.load_game::<S>(c))
    }

    fn load_game<S: Saved>(&self, conn: &Connection) -> Result<Option<S>> {
        let mut notes = Vec::new();
        let state = games::load::<S>(conn, &mut notes)?;
        for n in notes {
            self.warn(n);
        }
        Ok(state)
    }

    /// The one door through which a game's state changes: read it, let
    /// `f` change it, save it and journal the change, all in one write
    /// transaction, so another process's change in between is seen, never
    /// overwritten. `f` returns its result and what the journal calls the
    /// change (`None`: nothing changed; nothing is saved). With `fresh`,
    /// saved state the game cannot read is started over rather than
    /// refused (a new setup replaces it; `undo` still brings it back).
    pub fn play<S: Saved, T, E: From<StoreError>>(
        &self,
        fresh: bool,
        f: impl FnOnce(&mut Option<S>) -> std::result::Result<(T, Option<String>), E>,
    ) -> std::result::Result<T, E> {
        self.play_noted(fresh, |slot, _| {
            f(slot).map(|(out, what)| (out, what, Note::Nothing))
        })
    }

    /// `play`, and the change goes into the game's record as `f` says
    /// (a setup starts one, a move adds a step), in the same transaction:
    /// a record holds every change its game took, and nothing else. `f`
    /// is handed the table as it is inside the transaction too; what it
    /// changes of it is saved and journaled with the game's change, so
    /// one `undo` takes both back.
    pub fn play_noted<S: Saved, T, E: From<StoreError>>(
        &self,
        fresh: bool,
        f: impl FnOnce(
            &mut Option<S>,
            &mut AtTable,
        ) -> std::result::Result<(T, Option<String>, Note), E>,
    ) -> std::result::Result<T, E> {
        let own = S::GAME == Game::Table;
        // A change to the table journals the game the table plays beside
        // it: a rename reaches the names that game keeps.
        let playing = if own {
            self.read(table::seating)?
                .and_then(|t| t.playing)
                .and_then(|p| Game::by_id(&p.game))
        } else {
            None
        };
        let part = match (own, playing) {
            (true, None) => Part::Game(S::GAME),
            (true, Some(game)) => Part::Seated(game),
            (false, _) => Part::Seated(S::GAME),
        };
        self.change_then(
            part,
            |c| {
                let mut slot = match self.load_game::<S>(c) {
                    Ok(state) => state,
                    Err(StoreError::Damaged { .. }) if fresh => None,
                    Err(e) => return Err(e.into()),
                };
                let seating = table::seating(c)?;
                let mut at = AtTable {
                    in_play: table::in_play(c, seating.as_ref())?,
                    seating: if own { None } else { seating.clone() },
                };
                let ended = slot.as_ref().map(Saved::plays).unwrap_or_default();
                let (out, what, note) = f(&mut slot, &mut at)?;
                let mut fresh = Vec::new();
                if what.is_some() {
                    let now = slot.as_ref().map(Saved::plays).unwrap_or_default();
                    fresh = plays::new_among(&ended, now);
                    for p in &mut fresh {
                        plays::named(p, S::GAME, seating.as_ref());
                    }
                    // Each one's time on the table's clock since the last
                    // play, kept with the play; the clock counts on.
                    if !own
                        && !fresh.is_empty()
                        && let Some(t) = at.seating.as_mut()
                    {
                        for p in &mut fresh {
                            plays::timed(p, t);
                        }
                        t.mark_clock();
                    }
                    games::save(c, slot.as_ref())?;
                    if !own && at.seating != seating {
                        games::save(c, at.seating.as_ref())?;
                    }
                    // Only the game journaled beside the change (the one
                    // the table played as it began) is renamed in.
                    let plays = |g: Game| {
                        seating
                            .as_ref()
                            .and_then(|t| t.playing.as_ref())
                            .is_some_and(|p| p.game == g.id())
                    };
                    if own && let Some(game) = playing.filter(|g| plays(*g)) {
                        table::rename_in(c, game, seating.as_ref())?;
                    }
                }
                let state = serde_json::to_value(&slot).expect("saved states serialise");
                Ok((out, what, (note, state, fresh)))
            },
            |c, id, (note, state, fresh)| {
                records::note(c, S::GAME, note, &state, Some(id))?;
                plays::file(c, &fresh, Some(id)).map(|_| ())
            },
        )
    }

    /// Every play filed, oldest first, and how many rows could not be
    /// read (left out).
    pub fn plays(&self) -> Result<(Vec<crate::plays::Play>, usize)> {
        self.read(plays::all)
    }

    /// File imported plays, each once (a play whose source is filed
    /// already is left out), as one change `undo` takes back: how many
    /// were new.
    pub fn import_plays(&self, what: &str, all: &[crate::plays::Play]) -> Result<usize> {
        // Undoing it takes off the plays it filed (they name its entry).
        self.change_then(
            Part::Plays,
            |c| {
                let new = plays::unfiled(c, all)?;
                let what = (!new.is_empty()).then(|| what.to_string());
                Ok::<_, StoreError>((new.len(), what, new))
            },
            |c, id, new| plays::file(c, &new, Some(id)).map(|_| ()),
        )
    }

    /// One game's saved document, unchecked (none: nothing saved).
    pub fn state_of(&self, game: Game) -> Result<Option<Value>> {
        let text = self.read(|c| games::read_raw(c, game))?;
        Ok(text.and_then(|t| serde_json::from_str(&t).ok()))
    }

    /// A game's saved state and the table beside it, from one moment.
    pub fn game_at_table<S: Saved>(&self) -> Result<(Option<S>, AtTable)> {
        self.read(|c| Ok((self.load_game::<S>(c)?, table::at_table(c)?)))
    }

    /// The table and the game it plays, read in one transaction: the
    /// one answer to who sits and whose turn it is.
    pub fn at_table(&self) -> Result<AtTable> {
        self.read(table::at_table)
    }

    /// Every game's saved document by its game, unchecked.
    pub fn states(&self) -> Result<Vec<(Game, Value)>> {
        let rows = self.read(games::states)?;
        Ok(rows
            .into_iter()
            .filter_map(|(id, v)| Some((id.parse().ok()?, v)))
            .collect())
    }

    /// Rebuild every index of the store (`tablemate repair`), after
    /// keeping a copy of the file as it was; then check it whole again.
    /// Opened without the checks a damaged index stops, under the lock
    /// that migrations take, so no other tablemate opens it half mended.
    pub fn repair(&self) -> Result<Repaired> {
        let path = self.dir.join(DB_FILE);
        if !path.is_file() {
            return Ok(Repaired::NothingSaved);
        }
        let io = |source| StoreError::Dir {
            path: self.dir.clone(),
            source,
        };
        let _lock = lock_file(&path).map_err(io)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_NOFOLLOW;
        let conn = Connection::open_with_flags(&path, flags)
            .map_err(|e| StoreError::from(e).opening(&path))?;
        conn.busy_timeout(BUSY_WAIT)?;
        // Everything in the WAL goes into the file, so the copy is whole.
        conn.pragma_query(None, "wal_checkpoint", |_| Ok(()))?;
        let copy = free_name(&path, "before-repair");
        fs::copy(&path, &copy).map_err(io)?;
        let before = match check(&conn, true)? {
            Check::Sound => missing_index(&conn)?.map(|i| format!("the index {i} is missing")),
            Check::Index(line) | Check::Damaged(line) => Some(line),
        };
        let unrepaired = |e: rusqlite::Error| StoreError::Unrepaired {
            copy: copy.clone(),
            why: e.to_string(),
        };
        make_missing_indexes(&conn).map_err(unrepaired)?;
        conn.execute_batch("REINDEX").map_err(unrepaired)?;
        // Damage no index holds (a page no table uses, a broken list of
        // free pages: #77, where `repair` said it could not mend what a
        // second `repair` then found sound): the file is written again
        // from what its tables hold.
        let file = !matches!(check(&conn, true)?, Check::Sound);
        if file {
            conn.execute_batch("VACUUM").map_err(unrepaired)?;
        }
        match check(&conn, true)? {
            Check::Sound => Ok(Repaired::Rebuilt { copy, before, file }),
            Check::Index(why) | Check::Damaged(why) => Err(StoreError::Unrepaired { copy, why }),
        }
    }

    /// SQLite's count of changes committed by other connections: it
    /// moves whenever any process changes the store (what a watcher
    /// polls, reading nothing else).
    pub fn data_version(&self) -> Result<i64> {
        Ok(self
            .conn()?
            .pragma_query_value(None, "data_version", |r| r.get(0))?)
    }

    /// Every game record, oldest first.
    pub fn records(&self) -> Result<Vec<records::Summary>> {
        self.read(records::list)
    }

    /// Record `number`, or the one being played (the newest open).
    pub fn record(&self, number: Option<i64>) -> Result<Option<Record>> {
        self.read(|c| records::load(c, number))
    }

    /// File a record read from a file: its number, or `Err` with the
    /// number of one filed already that `same` says it is (asked in the
    /// transaction that files it, so two processes filing one file at
    /// once file it once).
    pub fn add_record(
        &self,
        record: &Record,
        same: impl Fn(&records::Summary) -> bool,
    ) -> Result<std::result::Result<i64, i64>> {
        let conn = self.writable()?;
        let tx = Transaction::new_unchecked(conn, TransactionBehavior::Immediate)
            .map_err(|e| self.explain(e))?;
        let filed = records::list(&tx).map_err(|e| self.explain_store(e))?;
        if let Some(s) = filed.iter().find(|s| same(s)) {
            return Ok(Err(s.number));
        }
        let n = records::add(&tx, record).map_err(|e| self.explain_store(e))?;
        tx.commit().map_err(|e| self.explain(e))?;
        Ok(Ok(n))
    }

    /// Revert the newest change still in the journal, whichever process
    /// made it (so undoing in turn is always exact).
    pub fn undo(&self) -> Result<Option<Undone>> {
        self.undo_newest(false)
    }

    /// Revert the newest change if this store's session made it (a seat
    /// undoes only its own), else say whose it is and change nothing.
    pub fn undo_own(&self) -> Result<Option<Undone>> {
        self.undo_newest(true)
    }

    fn undo_newest(&self, own: bool) -> Result<Option<Undone>> {
        let tx = Transaction::new_unchecked(self.writable()?, TransactionBehavior::Immediate)
            .map_err(|e| self.explain(e))?;
        let undone = journal::undo(&tx, &self.session, own).map_err(|e| self.explain_store(e))?;
        tx.commit().map_err(|e| self.explain(e))?;
        undone.transpose()
    }

    /// Everything saved, as one document.
    pub fn export(&self) -> Result<Document> {
        self.read(Document::read)
    }

    /// Replace everything with `doc` (refused unless the store is empty
    /// or `replace` is given); `undo` brings the old state back.
    pub fn import(&self, doc: &Document, replace: bool) -> Result<(), ImportError> {
        let problems = doc.problems();
        if !problems.is_empty() {
            return Err(ImportError::Invalid(problems));
        }
        self.change(Part::All, |c| {
            if !replace && !Document::read(c)?.is_empty() {
                return Err(ImportError::NotEmpty);
            }
            doc.write(c)?;
            // An export of an older version keeps the table in its pads,
            // and has no plays: they are made from its games, as
            // migration 8 makes them.
            c.execute_batch(schema::MOVE_TABLE)
                .map_err(StoreError::from)?;
            if doc.plays.is_empty() {
                plays::fill(c)?;
            }
            Ok(((), Some("import".to_string())))
        })
    }

    /// Open (creating or migrating) the database; a file that is not a
    /// sound tablemate database is set aside and a fresh one started.
    fn open(&self) -> Result<Connection> {
        let dir_err = |source| StoreError::Dir {
            path: self.dir.clone(),
            source,
        };
        own_file::private_dir(&self.dir).map_err(dir_err)?;
        // A store that was open to others (made by an older version, or
        // copied in) is made the player's alone, said once.
        if space::unwritable(&self.dir).is_none()
            && let Ok(Some(note)) = own_file::tighten(&self.dir)
        {
            self.warn(note);
        }
        let path = self.dir.join(DB_FILE);
        // The database and its side files must be files: SQLite says only
        // "unable to open database file" of a link or FIFO in their place.
        for side in ["", "-wal", "-shm", "-journal"] {
            let file = PathBuf::from(format!("{}{side}", path.display()));
            if fs::symlink_metadata(&file).is_ok_and(|m| !m.is_file()) {
                return Err(StoreError::NotAFile { path: file });
            }
        }
        // Made by us, so it is 0600 whatever the umask (SQLite gives its
        // side files the database's mode); not in a folder we cannot write.
        if space::unwritable(&self.dir).is_none() {
            own_file::private_file(&path).map_err(dir_err)?;
        }
        let conn = match try_open(&path, false) {
            Ok(c) => c,
            // A store that cannot be written is opened to be read: the
            // player can still look at everything, and every change is
            // refused with the reason.
            Err(Opened::Failed(e)) => match space::unwritable(&self.dir) {
                Some(why) if path.is_file() => {
                    let conn = open_read_only(&path).map_err(|_| e)?;
                    *self.unwritable.borrow_mut() = Some(why);
                    return Ok(conn);
                }
                _ => return Err(e.opening(&path)),
            },
            Err(Opened::Damaged(reason)) => {
                let set_aside = self.set_aside_damaged(&path)?;
                // The fresh store is the player's alone like the first.
                own_file::private_file(&path).map_err(dir_err)?;
                if let Some((backup, salvaged)) = set_aside {
                    let started = match salvaged {
                        Some(s) => format!("a fresh store started: {}", s.words()),
                        None => "a fresh store started".to_string(),
                    };
                    self.warn(format!(
                        "warning: {} was damaged ({reason}); it was kept as {} and {started}",
                        path.display(),
                        backup.display()
                    ));
                }
                try_open(&path, false).map_err(|e| match e {
                    Opened::Failed(e) => e,
                    Opened::Damaged(reason) => StoreError::Damaged {
                        what: path.display().to_string(),
                        reason,
                        repair: "move it away by hand".into(),
                    },
                })?
            }
        };
        for msg in legacy::import_all(&self.dir, &conn)? {
            self.warn(msg);
        }
        Ok(conn)
    }

    /// Move a damaged database (and its WAL files) aside and start a
    /// fresh one holding every row that still reads (`salvage`), under a
    /// lock so that two processes finding the same damage do not both
    /// move files: the second finds the fresh store sound and leaves it.
    /// `None` when another process already did it; with the copy, what
    /// was salvaged (none: nothing of it could be trusted).
    fn set_aside_damaged(
        &self,
        path: &Path,
    ) -> Result<Option<(PathBuf, Option<salvage::Salvaged>)>> {
        let io = |source| StoreError::Dir {
            path: self.dir.clone(),
            source,
        };
        let _lock = lock_file(path).map_err(io)?;
        if !matches!(try_open(path, true), Err(Opened::Damaged(_))) {
            return Ok(None);
        }
        let side = side_file;
        // The damaged file (and its WAL) is copied aside first: kept,
        // whatever happens next; once, however often a salvage is cut
        // short (#77: ten kills left ten copies of a 53 MB store).
        let backup = keep_damaged_copy(path).map_err(io)?;
        // The fresh store is made and filled beside it, then put in its
        // place in one rename: a process killed while it salvages leaves
        // the damaged store where it was, to be salvaged again, never an
        // empty one that looks sound. Made 0600 before SQLite makes it.
        // What a killed salvage left is ours and unfinished: gone.
        let stale = format!(
            "{}.salvaging-",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        if let Ok(entries) = fs::read_dir(&self.dir) {
            for e in entries.flatten() {
                if e.file_name().to_string_lossy().starts_with(&stale) {
                    let _ = fs::remove_file(e.path());
                }
            }
        }
        let fresh = free_name(path, "salvaging");
        own_file::private_file(&fresh).map_err(io)?;
        let salvaged = match try_open(&fresh, true) {
            Ok(conn) => {
                let s = salvage::salvage(&conn, &backup).ok().flatten();
                // All of it in the file itself, which moves without its WAL.
                let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
                drop(conn);
                s
            }
            Err(_) => None,
        };
        // The damaged file's WAL and index go with it (the copy has them).
        for suffix in ["-wal", "-shm"] {
            let _ = fs::remove_file(side(path, suffix));
        }
        // What reading the copy made beside it: its index, and a WAL
        // that holds nothing.
        let _ = fs::remove_file(side(&backup, "-shm"));
        if fs::metadata(side(&backup, "-wal")).is_ok_and(|m| m.len() == 0) {
            let _ = fs::remove_file(side(&backup, "-wal"));
        }
        fs::rename(&fresh, path).map_err(io)?;
        for suffix in ["-wal", "-shm"] {
            let _ = fs::remove_file(side(&fresh, suffix));
        }
        Ok(Some((backup, salvaged)))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("the document cannot be imported:\n  {}", listed(.0))]
    Invalid(Vec<String>),
    #[error(
        "the store already holds saved state; `import FILE --replace` replaces all of it (`export FILE` first to keep a copy)"
    )]
    NotEmpty,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What `repair` did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "repaired", rename_all = "kebab-case")]
pub enum Repaired {
    /// There is no store yet: nothing to mend.
    NothingSaved,
    /// Every index rebuilt and the store checked whole; the copy kept
    /// first, and what the check had found before (none: it was sound).
    Rebuilt {
        copy: PathBuf,
        before: Option<String>,
        /// The whole file was written again too (the indexes alone did
        /// not mend it).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        file: bool,
    },
}

/// Problems listed in an import's refusal; the rest are counted.
const PROBLEMS_LISTED: usize = 20;

/// The first problems, a line each, and how many more there are.
fn listed(problems: &[String]) -> String {
    let mut out = problems[..problems.len().min(PROBLEMS_LISTED)].join("\n  ");
    if problems.len() > PROBLEMS_LISTED {
        out.push_str(&format!(
            "\n  and {} more problems",
            problems.len() - PROBLEMS_LISTED
        ));
    }
    out
}

/// A copy of the damaged store at `path` (and its WAL) as
/// `.damaged-N`: one already there of the same bytes (left by a salvage
/// that was cut short), or a new one, written under a passing name and
/// renamed whole, so a copy cut short is never taken for one.
fn keep_damaged_copy(path: &Path) -> std::io::Result<PathBuf> {
    let wal = side_file(path, "-wal");
    // A WAL missing and one empty are the same.
    let empty = |p: &Path| fs::metadata(p).map_or(true, |m| m.len() == 0);
    for n in 1.. {
        let copy = PathBuf::from(format!("{}.damaged-{n}", path.display()));
        if !copy.exists() {
            break;
        }
        let copy_wal = side_file(&copy, "-wal");
        let same_wal = (empty(&wal) && empty(&copy_wal)) || same_bytes(&wal, &copy_wal)?;
        if same_wal && same_bytes(path, &copy)? {
            return Ok(copy);
        }
    }
    let copy = free_name(path, "damaged");
    let passing = side_file(&copy, ".copying");
    if wal.exists() {
        fs::copy(&wal, side_file(&copy, "-wal"))?;
    }
    fs::copy(path, &passing)?;
    fs::rename(&passing, &copy)?;
    Ok(copy)
}

/// Whether two files hold the same bytes (false if either is missing).
fn same_bytes(a: &Path, b: &Path) -> std::io::Result<bool> {
    use std::io::Read;
    let (Ok(fa), Ok(fb)) = (fs::File::open(a), fs::File::open(b)) else {
        return Ok(false);
    };
    if fa.metadata()?.len() != fb.metadata()?.len() {
        return Ok(false);
    }
    let (mut ra, mut rb) = (std::io::BufReader::new(fa), std::io::BufReader::new(fb));
    let (mut xa, mut xb) = (vec![0u8; 1 << 16], vec![0u8; 1 << 16]);
    loop {
        let n = ra.read(&mut xa)?;
        if n == 0 {
            return Ok(true);
        }
        rb.read_exact(&mut xb[..n])?;
        if xa[..n] != xb[..n] {
            return Ok(false);
        }
    }
}

/// `path` with `suffix` added to its name: a side file (`-wal`).
fn side_file(path: &Path, suffix: &str) -> PathBuf {
    PathBuf::from(format!("{}{suffix}", path.display()))
}

/// `path` with `.KIND-N` added, for the first N not taken.
pub(crate) fn free_name(path: &Path, kind: &str) -> PathBuf {
    (1..)
        .map(|n| PathBuf::from(format!("{}.{kind}-{n}", path.display())))
        .find(|p| !p.exists())
        .expect("some number is free")
}

enum Opened {
    Damaged(String),
    Failed(StoreError),
}

/// The database opened only to be read, for a data directory that cannot
/// be written: without its `-shm` file (which cannot be made), it is
/// opened as immutable, safe since no process can change it either.
fn open_read_only(path: &Path) -> Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let sound = |c: &Connection| -> rusqlite::Result<()> {
        let app: i32 = c.pragma_query_value(None, "application_id", |r| r.get(0))?;
        let version: i32 = c.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if app != schema::APPLICATION_ID || version != schema::VERSION {
            return Err(rusqlite::Error::InvalidQuery);
        }
        Ok(())
    };
    if let Ok(c) = Connection::open_with_flags(path, flags | OpenFlags::SQLITE_OPEN_NOFOLLOW)
        && sound(&c).is_ok()
    {
        return Ok(c);
    }
    // A URI, so the characters it gives meaning to are escaped.
    let name = path
        .display()
        .to_string()
        .replace('%', "%25")
        .replace('?', "%3f")
        .replace('#', "%23");
    let uri = format!("file:{name}?immutable=1");
    let c = Connection::open_with_flags(uri, flags | OpenFlags::SQLITE_OPEN_URI)?;
    sound(&c)?;
    Ok(c)
}

impl From<rusqlite::Error> for Opened {
    fn from(e: rusqlite::Error) -> Opened {
        match e.sqlite_error_code() {
            Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => {
                Opened::Damaged(e.to_string())
            }
            _ => Opened::Failed(e.into()),
        }
    }
}

/// Open the file, create or migrate the schema, and check it is sound.
/// `locked`: the caller holds the file lock already.
fn try_open(path: &Path, locked: bool) -> Result<Connection, Opened> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_NOFOLLOW;
    let conn = Connection::open_with_flags(path, flags)?;
    conn.busy_timeout(BUSY_WAIT)?;
    conn.pragma_update(None, "foreign_keys", true)?;
    // The first read of the file: a file that is not SQLite fails here.
    let mut version: i32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let mode: String = conn.pragma_query_value(None, "journal_mode", |r| r.get(0))?;
    if version < schema::VERSION || mode != "wal" {
        // Creating, migrating and turning on WAL happen under a file lock,
        // one process at a time: SQLite does not wait (busy timeout) for
        // the exclusive lock a journal mode change needs.
        let lock = if locked {
            None
        } else {
            Some(lock_file(path).map_err(|source| {
                Opened::Failed(StoreError::Dir {
                    path: path.to_path_buf(),
                    source,
                })
            })?)
        };
        migrate(&conn)?;
        drop(lock);
        version = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    }
    let app: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
    if app != schema::APPLICATION_ID {
        return Err(Opened::Damaged("not a tablemate database".into()));
    }
    if version > schema::VERSION {
        return Err(Opened::Failed(StoreError::Newer {
            path: path.to_path_buf(),
            found: version,
            known: schema::VERSION,
        }));
    }
    let mut stmt = conn.prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )?;
    let tables: Vec<String> = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    drop(stmt);
    if tables != schema::TABLES {
        return Err(Opened::Damaged(format!(
            "its tables are {}, not tablemate's",
            tables.join(", ")
        )));
    }
    // An index dropped is as damaged as one that disagrees with its rows:
    // without `decks_one_current` two decks could both be current.
    if let Some(missing) = missing_index(&conn)? {
        return Err(Opened::Failed(StoreError::IndexDamaged {
            path: path.to_path_buf(),
            detail: format!("the index {missing} is missing"),
        }));
    }
    // Structural damage sets the file aside. A row that breaks a CHECK or
    // NOT NULL rule is left to the part that reads it, which says what is
    // wrong and how to mend it, so one bad row never hides the rest. A
    // damaged index stops every command until `repair` rebuilds it: a
    // write through it could add a second row with the same key.
    match check(&conn, cheap_enough(path))? {
        Check::Sound => Ok(conn),
        Check::Index(line) => Err(Opened::Failed(StoreError::IndexDamaged {
            path: path.to_path_buf(),
            detail: line,
        })),
        Check::Damaged(line) => Err(Opened::Damaged(format!("integrity check: {line}"))),
    }
}

/// The first of the schema's named indexes the store lacks.
fn missing_index(conn: &Connection) -> rusqlite::Result<Option<&'static str>> {
    let mut stmt = conn.prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND name NOT LIKE 'sqlite_%'",
    )?;
    let have: Vec<String> = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(schema::INDEXES
        .iter()
        .copied()
        .find(|want| !have.iter().any(|h| h == want)))
}

/// Make again each of the schema's named indexes the store lacks, as a
/// fresh store makes it: the names of those made.
fn make_missing_indexes(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let fresh = Connection::open_in_memory()?;
    for sql in schema::MIGRATIONS {
        fresh.execute_batch(sql)?;
    }
    let mut made = Vec::new();
    while let Some(name) = missing_index(conn)? {
        let sql: String = fresh.query_row(
            "SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?1",
            [name],
            |r| r.get(0),
        )?;
        conn.execute_batch(&sql)?;
        made.push(name.to_string());
    }
    Ok(made)
}

/// A store up to this size is checked whole, indexes against their rows,
/// each time it is opened (well under a millisecond for a table's store
/// of a few hundred kilobytes); a larger one by the quick check, which
/// leaves the indexes out, and whole when a change surprises the schema.
const WHOLE_CHECK_BYTES: u64 = 8 << 20;

fn cheap_enough(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| m.len() <= WHOLE_CHECK_BYTES)
}

/// What SQLite's own check found.
enum Check {
    Sound,
    /// An index does not match its rows (REINDEX mends it).
    Index(String),
    Damaged(String),
}

/// `PRAGMA integrity_check` (`whole`) or `quick_check`, its first finding
/// that is not a row's own rule.
fn check(conn: &Connection, whole: bool) -> rusqlite::Result<Check> {
    let mut found = Check::Sound;
    let pragma = if whole {
        "integrity_check"
    } else {
        "quick_check"
    };
    conn.pragma_query(None, pragma, |r| {
        let said: String = r.get(0)?;
        // The first finding comes after a heading naming the database.
        let line = said
            .lines()
            .find(|l| !l.starts_with("*** in database"))
            .unwrap_or("")
            .to_string();
        let row_level =
            line.starts_with("CHECK constraint failed") || line.starts_with("NULL value in");
        if line == "ok" || row_level || !matches!(found, Check::Sound) {
            return Ok(());
        }
        let index = line.contains("missing from index")
            || line.starts_with("wrong # of entries in index")
            || line.starts_with("non-unique entry in index");
        found = if index {
            Check::Index(line)
        } else {
            Check::Damaged(line)
        };
        Ok(())
    })?;
    Ok(found)
}

/// Bring the schema up to this build's version in one transaction (a
/// fresh file starts at 0). Another process may be doing the same: the
/// write lock makes one of them do it and the other find it done.
fn migrate(conn: &Connection) -> Result<(), Opened> {
    let tx = Transaction::new_unchecked(conn, TransactionBehavior::Immediate)?;
    let version: i32 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version == 0 {
        let app: i32 = tx.pragma_query_value(None, "application_id", |r| r.get(0))?;
        let tables: i64 = tx.query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))?;
        if app != 0 || tables != 0 {
            return Err(Opened::Damaged("not a tablemate database".into()));
        }
        tx.pragma_update(None, "application_id", schema::APPLICATION_ID)?;
    }
    for (i, sql) in schema::MIGRATIONS
        .iter()
        .enumerate()
        .skip(version.max(0) as usize)
    {
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", i as i32 + 1)?;
        // Version 8's plays of the games that ended before it.
        if i + 1 == 8 {
            plays::fill(&tx).map_err(Opened::Failed)?;
        }
    }
    tx.commit()?;
    // WAL can only be turned on outside a transaction, and then stays on.
    // A process that read the file a moment ago may still hold a shared
    // lock, so a busy answer is tried again for a while.
    let deadline = std::time::Instant::now() + BUSY_WAIT;
    loop {
        match conn.pragma_update_and_check(None, "journal_mode", "wal", |r| r.get::<_, String>(0)) {
            Ok(mode) if mode == "wal" => return Ok(()),
            Ok(_) | Err(_) if std::time::Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Ok(mode) => {
                return Err(Opened::Failed(StoreError::Dir {
                    path: PathBuf::from(DB_FILE),
                    source: std::io::Error::other(format!("journal mode stayed {mode}")),
                }));
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// The lock that lets one process at a time create, migrate or set aside
/// the database (held until the returned file is dropped).
fn lock_file(db: &Path) -> std::io::Result<fs::File> {
    let path = PathBuf::from(format!("{}.lock", db.display()));
    let dir = db.parent().unwrap_or(Path::new("."));
    let lock = crate::own_file::lock(dir, &path).map_err(|e| match e {
        crate::own_file::Refused::Io(e) => e,
        refused => std::io::Error::other(refused.to_string()),
    })?;
    lock.lock()?;
    Ok(lock)
}

#[cfg(test)]
mod random_play;
#[cfg(test)]
mod tests;
