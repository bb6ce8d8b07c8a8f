//! The roll log: every `roll`, kept in `rolls.log` beside the store.
//!
//! Why a file of its own and not the SQLite store: a roll must stay a
//! few milliseconds and open no database (opening the store and
//! committing costs a `roll` about 2 ms more, measured), and a log is
//! only ever added to. One JSON line per roll, written with a single
//! `write` on a file opened for appending, is atomic between processes
//! on a local file system: a REPL and a one-shot `roll` at once each add
//! a whole line, and neither can overwrite the other's. A line cut short
//! (a full disk) is skipped when read, never fatal.
//!
//! The log keeps two generations: past `ROTATE_AT` bytes the file becomes
//! `rolls.log.1` (replacing the older one) and a new one starts, so it
//! holds at least the last `ROTATE_AT` bytes of rolls, about ten thousand.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::own_file::{self, Refused};

const FILE: &str = "rolls.log";
const OLDER: &str = "rolls.log.1";
/// Bytes past which the log starts a new generation.
const ROTATE_AT: u64 = 2 * 1024 * 1024;
/// Most results one logged command keeps (`100000x3d6` keeps the first
/// thousand, and says how many it rolled).
pub const MAX_TOTALS: usize = 1_000;
/// Most characters of a roll as shown that the log keeps.
pub const MAX_SHOWN: usize = 300;
/// Most bytes read of each generation. tablemate never writes one larger
/// (it starts a new one past `ROTATE_AT`); a larger one was made by
/// something else, and only its end is read.
const MAX_READ: u64 = 2 * ROTATE_AT;

/// One logged roll command (one expression, however many repeats).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Seconds since 1970 (UTC).
    pub at: u64,
    /// The expression rolled, saved names put in.
    pub expr: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The generator's seed, and how many words it had drawn before this
    /// roll: `seed SEED` then that many words in, the roll comes again.
    pub seed: u64,
    pub draw: u64,
    pub repeats: u64,
    /// Each repeat's total (the first `MAX_TOTALS`).
    pub totals: Vec<i64>,
    /// The first roll as shown, without colour.
    pub shown: String,
    /// Who rolled (`roll 2d6 as ben`), as they are named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// The SHA-256 of the line before it in the log (hex; of nothing, for
    /// the first): the chain `log verify` follows, so that a line changed,
    /// added or taken out is found. Absent in entries logged before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prev: Option<String>,
    /// Rolled from a seed the table chose (`seed 1`, `--seed 1`), not one
    /// the system drew: repeatable by anyone who knows it, so a second
    /// roll from the same place is the seed chosen again, not a line
    /// copied (#77: `log verify` called it an edit).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chosen: bool,
    /// Not a roll: the table chose the seed `seed` here (`seed 1`,
    /// `--seed 1`), logged before the first roll from it, by whom and
    /// when it was chosen. `log verify` takes a roll from that seed's
    /// start again as repeatable only after such a line (#77).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub choice: bool,
    /// A roll made in secret (`roll 2d6 secret`): the commitment the table
    /// sees in place of its dice (see `secret_roll`); its `shown` and
    /// `totals` are empty until it is revealed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
    /// A secret roll revealed: the commitment this line opens, with the
    /// salt that opens it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveals: Option<Reveals>,
    /// The faces the table's own dice showed (`roll 2d6 = 3 4`), in the
    /// order read: a roll tablemate did not make, so no seed can prove
    /// it; its `seed` and `draw` are 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faces: Option<Vec<i64>>,
}

/// What opens a secret roll's commitment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveals {
    pub commitment: String,
    pub salt: String,
}

impl Entry {
    /// The line that says the table chose `seed` at `at`.
    pub fn choice(at: u64, seed: u64, by: Option<String>) -> Entry {
        Entry {
            at,
            expr: format!("seed {seed}"),
            note: None,
            seed,
            draw: 0,
            repeats: 0,
            totals: Vec::new(),
            shown: String::new(),
            by,
            prev: None,
            chosen: true,
            choice: true,
            secret: None,
            reveals: None,
            faces: None,
        }
    }

    /// The entry as read from the file, its words made safe to show: the
    /// log is a text file anyone may edit, so an ESC in a note is shown
    /// as `\e`, never sent to a terminal. (The chain is checked on the
    /// lines as written, not on these.)
    fn read(line: &str) -> Option<Entry> {
        let mut e: Entry = serde_json::from_str(line).ok()?;
        e.expr = crate::visible::owned_line(e.expr);
        e.note = e.note.map(crate::visible::owned_line);
        // A system's roll is shown on several lines: those stay.
        if let std::borrow::Cow::Owned(o) = crate::visible::lines(&e.shown) {
            e.shown = o;
        }
        e.by = e.by.map(crate::visible::owned_line);
        Some(e)
    }
}

/// The SHA-256 of `line` (without its newline), as hex.
pub fn link(line: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(line.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The last line of `bytes` (without its newline), if any.
fn last_line(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    text.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .map(str::to_string)
}

/// How much of a log's end is read to find its last line.
const LAST_LINE_BYTES: u64 = 64 * 1024;

/// Add one entry. The caller decides what a failure means (the roll
/// stands either way).
pub fn append(dir: &Path, entry: &Entry) -> Result<(), Refused> {
    append_all(dir, std::slice::from_ref(entry))
}

/// Add entries, each linked to the one before, in one write under one
/// lock (a script's rolls, a batch at a time: a file opened, locked and
/// read for each roll was most of a piped roll's time).
pub fn append_all(dir: &Path, entries: &[Entry]) -> Result<(), Refused> {
    if entries.is_empty() {
        return Ok(());
    }
    own_file::private_dir(dir)?;
    let path = dir.join(FILE);
    let mut file = own_file::append_read(dir, &path)?;
    // Held while the last line is read and the new ones written, so two
    // processes rolling at once each link to the line truly before theirs.
    file.lock()?;
    drop_cut_line(&mut file)?;
    let mut before = match tail_of(&mut file)? {
        Some(line) => Some(line),
        // A new generation links to the older one's last line.
        None => own_file::read_tail(dir, &dir.join(OLDER), LAST_LINE_BYTES)?
            .and_then(|t| last_line(&t.bytes)),
    };
    // A batch held a moment may follow another process's later roll:
    // its time is then that roll's, so the log stays in time order.
    let mut not_before = before
        .as_deref()
        .and_then(|l| serde_json::from_str::<Entry>(l).ok())
        .map_or(0, |e| e.at);
    let mut lines = String::new();
    for entry in entries {
        not_before = not_before.max(entry.at);
        let linked = Entry {
            prev: Some(link(before.as_deref().unwrap_or(""))),
            at: not_before,
            ..entry.clone()
        };
        let line = serde_json::to_string(&linked).map_err(io::Error::other)?;
        lines.push_str(&line);
        lines.push('\n');
        before = Some(line);
    }
    file.write_all(lines.as_bytes())?;
    if file.metadata()?.len() > ROTATE_AT {
        rotate(&file, dir)?;
    }
    Ok(())
}

/// A last line cut short (a process killed while it wrote) is taken
/// off before more is added: its rolls were never shown (they are shown
/// only once logged), and a line added after it would link to half a
/// line.
fn drop_cut_line(file: &mut File) -> io::Result<()> {
    use std::io::{Read, Seek, SeekFrom};
    let len = file.metadata()?.len();
    if len == 0 {
        return Ok(());
    }
    let mut last = [0u8; 1];
    file.seek(SeekFrom::Start(len - 1))?;
    file.read_exact(&mut last)?;
    if last[0] == b'\n' {
        return Ok(());
    }
    // Back to the newline before it, reading from the end.
    let mut end = len;
    let mut keep = 0;
    while end > 0 {
        let start = end.saturating_sub(FIRST_TAIL_BYTES);
        let mut bytes = vec![0u8; (end - start) as usize];
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(&mut bytes)?;
        if let Some(i) = bytes.iter().rposition(|&b| b == b'\n') {
            keep = start + i as u64 + 1;
            break;
        }
        end = start;
    }
    file.set_len(keep)
}

/// The last line of the open file, read from its end: 4 KB first (a
/// roll's line is a few hundred bytes), more only when the line starts
/// before that, up to `LAST_LINE_BYTES`. Reading the whole 64 KB each time
/// took a dozen reads and a 128 KB buffer on every roll.
fn tail_of(file: &mut File) -> io::Result<Option<String>> {
    use std::io::{Read, Seek, SeekFrom};
    let len = file.metadata()?.len();
    if len == 0 {
        return Ok(None);
    }
    let mut want = FIRST_TAIL_BYTES;
    loop {
        let start = len.saturating_sub(want);
        file.seek(SeekFrom::Start(start))?;
        let mut bytes = Vec::with_capacity((len - start) as usize);
        Read::by_ref(file)
            .take(len - start)
            .read_to_end(&mut bytes)?;
        if start == 0 || want >= LAST_LINE_BYTES || whole_last_line(&bytes) {
            return Ok(last_line(&bytes));
        }
        want = (want * 4).min(LAST_LINE_BYTES);
    }
}

/// How much of a log's end is read first to find its last line.
const FIRST_TAIL_BYTES: u64 = 4 * 1024;

/// Whether the last line of `bytes` that is not blank starts inside them:
/// a newline comes before it.
fn whole_last_line(bytes: &[u8]) -> bool {
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    bytes[..end].contains(&b'\n')
}

/// What `log verify` found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verified {
    /// Entries read, oldest first.
    pub entries: usize,
    /// Entries that carry a link (those logged before links began do
    /// not).
    pub linked: usize,
    /// Of those, the lines that say a seed was chosen (not rolls).
    pub choices: usize,
    /// The first entry whose link does not match the line before it (1
    /// is the oldest read), with when it was rolled and what.
    pub broken: Option<Broken>,
    /// The log's start was not read (it is larger than tablemate writes
    /// one): its first entry's link cannot be checked.
    pub cut: bool,
    /// Its last line was cut short (a process stopped as it logged): left
    /// out, since a roll is shown only once its line is whole, and taken
    /// off by the next roll logged.
    pub cut_short: bool,
    /// The chain's head: the hash of the last line (hex), which the next
    /// roll will link to. A log rewritten after the table noted it has
    /// another.
    pub head: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Broken {
    pub entry: usize,
    pub at: u64,
    pub expr: String,
}

/// Follow the chain through both generations, oldest first.
pub fn verify(dir: &Path) -> Result<Verified, Refused> {
    let mut lines: Vec<String> = Vec::new();
    let mut cut = false;
    let mut cut_short = false;
    for name in [OLDER, FILE] {
        let Some(tail) = own_file::read_tail(dir, &dir.join(name), MAX_READ)? else {
            continue;
        };
        cut |= tail.skipped > 0 && lines.is_empty();
        let text = String::from_utf8_lossy(&tail.bytes);
        lines.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_string),
        );
        if name == FILE
            && tail.bytes.last().is_some_and(|&b| b != b'\n')
            && lines
                .last()
                .is_some_and(|l| serde_json::from_str::<Entry>(l).is_err())
        {
            lines.pop();
            cut_short = true;
        }
    }
    let mut v = Verified {
        entries: lines.len(),
        linked: 0,
        choices: 0,
        broken: None,
        cut,
        cut_short,
        head: lines.last().map(|l| link(l)),
    };
    for (i, line) in lines.iter().enumerate() {
        let entry: Option<Entry> = serde_json::from_str(line).ok();
        let Some(prev) = entry.as_ref().and_then(|e| e.prev.clone()) else {
            // A line that does not read, or logged before links began.
            if entry.is_none() && v.broken.is_none() {
                v.broken = Some(Broken {
                    entry: i + 1,
                    at: 0,
                    expr: String::new(),
                });
            }
            continue;
        };
        v.linked += 1;
        v.choices += usize::from(entry.as_ref().is_some_and(|e| e.choice));
        let want = match i {
            0 if cut => continue,
            0 => link(""),
            _ => link(&lines[i - 1]),
        };
        if prev != want && v.broken.is_none() {
            let e = entry.expect("read above");
            v.broken = Some(Broken {
                entry: i + 1,
                at: e.at,
                expr: e.expr,
            });
        }
    }
    Ok(v)
}

/// Start a new generation. Only the process that holds the file's lock
/// and finds the file still at its name moves it: a second writer that
/// also saw it full finds it moved and leaves the new one alone (moving
/// that would throw the older generation away).
fn rotate(file: &File, dir: &Path) -> io::Result<()> {
    if file.try_lock().is_err() {
        return Ok(());
    }
    let path = dir.join(FILE);
    if same_file(file, &path)? {
        fs::rename(&path, dir.join(OLDER))?;
    }
    Ok(())
}

#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> io::Result<bool> {
    use std::os::unix::fs::MetadataExt;
    let (open, named) = (file.metadata()?, fs::metadata(path));
    Ok(named.is_ok_and(|n| n.ino() == open.ino() && n.dev() == open.dev()))
}

#[cfg(not(unix))]
fn same_file(file: &File, path: &Path) -> io::Result<bool> {
    let (open, named) = (file.metadata()?, fs::metadata(path));
    Ok(named.is_ok_and(|n| n.len() == open.len()))
}

/// What the log holds, as read.
#[derive(Debug, Default)]
pub struct Logged {
    /// Every logged roll read, oldest first.
    pub entries: Vec<Entry>,
    /// The seeds the table chose, each where it was chosen, oldest first.
    pub choices: Vec<Entry>,
    /// Lines that could not be read.
    pub bad: usize,
    /// Bytes at the start of an oversize generation left unread.
    pub skipped: u64,
}

/// Every logged roll, oldest first (of an oversize file, the last
/// `MAX_READ` bytes); the seeds chosen apart.
pub fn read(dir: &Path) -> Result<Logged, Refused> {
    let mut log = read_all(dir)?;
    let (choices, rolls) = log.entries.into_iter().partition(|e| e.choice);
    log.entries = rolls;
    log.choices = choices;
    Ok(log)
}

/// Every line of the log, rolls and seeds chosen, in the order logged.
pub fn read_all(dir: &Path) -> Result<Logged, Refused> {
    let mut log = Logged::default();
    for name in [OLDER, FILE] {
        let Some(tail) = own_file::read_tail(dir, &dir.join(name), MAX_READ)? else {
            continue;
        };
        log.skipped += tail.skipped;
        let text = String::from_utf8_lossy(&tail.bytes);
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            match Entry::read(line) {
                Some(e) => log.entries.push(e),
                None => log.bad += 1,
            }
        }
    }
    // A writer that opened the file just before it moved adds its line to
    // the older generation: by time, it still comes in order.
    log.entries.sort_by_key(|e| e.at);
    Ok(log)
}

/// The bytes read from the log's end for its last few rolls.
const RECENT_BYTES: u64 = 64 * 1024;

/// The last `n` rolls, newest last, read from the end of the log alone
/// (what the shared screen shows of the dice), and the chain's head (the
/// hash of the last line, as `log verify` ends with it).
pub fn recent(dir: &Path, n: usize) -> (Vec<Entry>, Option<String>) {
    let Ok(Some(tail)) = own_file::read_tail(dir, &dir.join(FILE), RECENT_BYTES) else {
        return (Vec::new(), None);
    };
    let text = String::from_utf8_lossy(&tail.bytes);
    let mut lines: Vec<&str> = text.lines().collect();
    // A tail cut inside a line starts with its end: leave that out.
    if tail.skipped > 0 && !lines.is_empty() {
        lines.remove(0);
    }
    let mut out: Vec<Entry> = lines
        .iter()
        .rev()
        .filter_map(|l| Entry::read(l))
        .filter(|e| !e.choice)
        .take(n)
        .collect();
    out.reverse();
    let head = lines
        .iter()
        .rev()
        .find(|l| !l.trim().is_empty())
        .map(|l| link(l));
    (out, head)
}

/// How long the log is now: a change marker a watcher polls.
pub fn size(dir: &Path) -> u64 {
    fs::metadata(dir.join(FILE)).map_or(0, |m| m.len())
}

/// Forget every logged roll; how many there were.
pub fn clear(dir: &Path) -> Result<usize, Refused> {
    let log = read(dir)?;
    for name in [OLDER, FILE] {
        match fs::remove_file(dir.join(name)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e.into()),
            _ => {}
        }
    }
    Ok(log.entries.len() + log.bad)
}

/// How long ago, in words: "just now", "5 min ago", "3 days ago".
pub fn ago(then: u64, now: u64) -> String {
    let s = now.saturating_sub(then);
    match s {
        0..10 => "just now".into(),
        10..60 => format!("{s} s ago"),
        60..3_600 => format!("{} min ago", s / 60),
        3_600..86_400 => format!("{} h ago", s / 3_600),
        86_400..172_800 => "yesterday".into(),
        _ => format!("{} days ago", s / 86_400),
    }
}

/// The UTC date of `secs` since 1970 as YYYY-MM-DD (civil-from-days,
/// Howard Hinnant).
pub fn day_of(secs: u64) -> String {
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Seconds since 1970, now.
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The logged rolls of the expression kept under `key` (as tallies are:
/// `1d20` and `d20` alike), each logged expression parsed once however
/// often it was rolled.
pub fn rolls_of(entries: Vec<Entry>, key: &str) -> Vec<Entry> {
    matching(entries, |r| r.key() == key)
}

/// What `log EXPR` finds (`roll` the expression, parsed): a bare kind of
/// die (`d20`, `d6`, `dF`) finds every roll of that die, whatever was
/// added to it (`1d20+5`, `2d20kh1`); anything more (`2d6+1`) finds that
/// expression alone.
pub fn rolls_with(entries: Vec<Entry>, roll: &crate::dice::Roll) -> Vec<Entry> {
    match roll.bare_die() {
        Some(faces) => matching(entries, |r| r.dice.iter().any(|d| d.faces == *faces)),
        None => rolls_of(entries, &roll.key()),
    }
}

/// The entries whose expression, parsed, passes `test` (each distinct
/// expression parsed once).
fn matching(entries: Vec<Entry>, test: impl Fn(&crate::dice::Roll) -> bool) -> Vec<Entry> {
    let mut same: std::collections::HashMap<String, bool> = std::collections::HashMap::new();
    entries
        .into_iter()
        .filter(|e| {
            *same
                .entry(e.expr.clone())
                .or_insert_with(|| crate::dice::parse(&e.expr).is_ok_and(|r| test(&r)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(at: u64, expr: &str) -> Entry {
        Entry {
            at,
            expr: expr.into(),
            note: None,
            seed: 1,
            draw: 0,
            repeats: 1,
            totals: vec![4],
            shown: format!("{expr} [4] = 4"),
            by: None,
            prev: None,
            chosen: false,
            choice: false,
            secret: None,
            faces: None,
            reveals: None,
        }
    }

    /// A last line longer than the first read of the tail (1000 totals,
    /// 6 KB) is read whole, so the next roll links to it.
    #[test]
    fn a_long_last_line_is_linked_whole() {
        let dir = tempfile::tempdir().unwrap();
        for at in 0..40 {
            append(dir.path(), &entry(at, "d6")).unwrap();
        }
        let long = Entry {
            repeats: 1000,
            totals: vec![123456; 1000],
            ..entry(41, "1000x6d6")
        };
        append(dir.path(), &long).unwrap();
        append(dir.path(), &entry(42, "d8")).unwrap();
        let text = std::fs::read_to_string(dir.path().join(FILE)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[40].len() as u64 > FIRST_TAIL_BYTES,
            "{}",
            lines[40].len()
        );
        let last: Entry = serde_json::from_str(lines[41]).unwrap();
        assert_eq!(last.prev, Some(link(lines[40])));
        let v = verify(dir.path()).unwrap();
        assert_eq!((v.entries, v.linked, v.broken), (42, 42, None));
        assert!(whole_last_line(b"a\nbc\n\n  \n"));
        assert!(!whole_last_line(b"abc\n\n"));
        assert!(!whole_last_line(b""));
    }

    #[test]
    fn appends_read_back_in_order_and_bad_lines_are_skipped() {
        let dir = tempfile::tempdir().unwrap();
        append(dir.path(), &entry(5, "d6")).unwrap();
        append(dir.path(), &entry(7, "d8")).unwrap();
        // A line cut short, then a good one after it.
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(dir.path().join(FILE))
            .unwrap();
        f.write_all(b"{\"at\":9,\"expr\n").unwrap();
        append(dir.path(), &entry(8, "d10")).unwrap();
        let Logged {
            entries: all, bad, ..
        } = read(dir.path()).unwrap();
        let exprs: Vec<&str> = all.iter().map(|e| e.expr.as_str()).collect();
        assert_eq!(exprs, ["d6", "d8", "d10"]);
        assert_eq!(bad, 1);
        assert_eq!(clear(dir.path()).unwrap(), 4);
        assert!(read(dir.path()).unwrap().entries.is_empty());
    }

    #[test]
    fn a_full_log_starts_a_new_generation_and_keeps_the_old() {
        let dir = tempfile::tempdir().unwrap();
        let mut big = entry(1, "d6");
        big.shown = "x".repeat(1_000_000);
        for at in 1..=3 {
            big.at = at;
            append(dir.path(), &big).unwrap();
        }
        // The third line passed the mark: it and the two before moved.
        assert!(!dir.path().join(FILE).exists());
        append(dir.path(), &entry(4, "d8")).unwrap();
        let all = read(dir.path()).unwrap().entries;
        assert_eq!(all.len(), 4);
        assert_eq!(all[3].expr, "d8");
    }

    #[test]
    fn ages_in_words() {
        assert_eq!(ago(100, 105), "just now");
        assert_eq!(ago(100, 130), "30 s ago");
        assert_eq!(ago(0, 300), "5 min ago");
        assert_eq!(ago(0, 7_300), "2 h ago");
        assert_eq!(ago(0, 90_000), "yesterday");
        assert_eq!(ago(0, 3 * 86_400), "3 days ago");
        assert_eq!(ago(10, 5), "just now");
    }
}
