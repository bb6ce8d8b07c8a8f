//! The files tablemate keeps beside its store (the roll log, the REPL's
//! history, the store's lock) are used only when they are its own: a
//! regular file in the data directory, or a link that stays inside it.
//! Anything else is refused with the reason and left as it is: a FIFO
//! would hang a `roll`, `/dev/zero` would never end, and a link out of
//! the directory would have tablemate write where it was never asked to.
//! A file too large to be one tablemate wrote is read from its end only.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

/// Why a file of the data directory was left alone.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error("{name} is a link out of the data directory (to {target}): tablemate leaves it alone")]
    LinkOut { name: String, target: String },
    #[error("{name} is not a regular file: tablemate leaves it alone")]
    NotAFile { name: String },
    #[error("{0}")]
    Io(#[from] io::Error),
}

fn name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Whether `path` (a file of `dir`) may be used: missing, or a regular
/// file that is `dir`'s own.
pub fn check(dir: &Path, path: &Path) -> Result<(), Refused> {
    let meta = match fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    if meta.file_type().is_symlink() {
        let resolved = fs::canonicalize(path);
        let home = fs::canonicalize(dir)?;
        match resolved {
            Ok(t) if t.starts_with(&home) => {}
            // A dangling link leads nowhere of ours either.
            Ok(t) => {
                return Err(Refused::LinkOut {
                    name: name(path),
                    target: t.display().to_string(),
                });
            }
            Err(_) => {
                let link = fs::read_link(path).unwrap_or_default();
                return Err(Refused::LinkOut {
                    name: name(path),
                    target: link.display().to_string(),
                });
            }
        }
    }
    match fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(_) => Err(Refused::NotAFile { name: name(path) }),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Open without waiting: a FIFO put in the file's place between the check
/// and the open fails (or is seen as no regular file) instead of hanging.
/// A file it makes is the player's alone (0600 whatever the umask, as ssh
/// and gpg keep theirs): the roll log and the store say what was played.
fn options() -> OpenOptions {
    let mut o = OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NONBLOCK).mode(0o600);
    }
    o
}

/// Make the data directory if it is missing, the player's alone (0700
/// whatever the umask; on Unix). Its parents are made as any folder is;
/// one already there is tightened by [`tighten`] where the store opens.
pub fn private_dir(dir: &Path) -> io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent)?;
    }
    let mut b = fs::DirBuilder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        b.mode(0o700);
    }
    match b.create(dir) {
        // Another process made it first.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists && dir.is_dir() => Ok(()),
        other => other,
    }
}

/// The starts of the names of tablemate's own files in a data directory:
/// the store (its side files and damaged copies), the roll log and the
/// REPL's history.
const OWN: [&str; 4] = ["tablemate.db", "rolls.log", "rolls.secret", "history.txt"];

/// Make the data directory `dir` the player's alone if it is not: the
/// folder 0700 and each of tablemate's files in it 0600 (on Unix; the
/// store, its side files, the roll log, the history say what was played
/// and can hold a sealed deal). A file that others could read is said as a note (none:
/// nothing was readable). Links are left as they are.
pub fn tighten(dir: &Path) -> io::Result<Option<String>> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let loose = |m: &fs::Metadata| m.permissions().mode() & 0o077 != 0;
        let meta = fs::symlink_metadata(dir)?;
        if !meta.is_dir() {
            return Ok(None);
        }
        let mut changed = Vec::new();
        if loose(&meta) {
            fs::set_permissions(dir, fs::Permissions::from_mode(0o700))?;
            changed.push(format!(
                "the folder was {:o}",
                meta.permissions().mode() & 0o777
            ));
        }
        let mut files = 0;
        for entry in fs::read_dir(dir)? {
            let entry = entry?;
            // tablemate's own files only: a player's other files in a
            // folder they named with `--data` are theirs to keep open.
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if !OWN.iter().any(|own| name.starts_with(own)) {
                continue;
            }
            let m = entry.metadata()?;
            if m.is_file() && loose(&m) {
                fs::set_permissions(entry.path(), fs::Permissions::from_mode(0o600))?;
                files += 1;
            }
        }
        // A folder open to others with nothing readable in it (a fresh
        // `--data` folder) is tightened without a word.
        if files == 0 {
            return Ok(None);
        }
        changed.push(format!(
            "{files} {} could be read by others",
            if files == 1 { "file" } else { "files" }
        ));
        Ok(Some(format!(
            "note: {} was open to other users of this machine ({}): it is now yours alone (folder 0700, files 0600)",
            dir.display(),
            changed.join("; ")
        )))
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(None)
    }
}

/// Make `path` as an empty file of the player's alone (0600) if nothing
/// is there, so what SQLite then opens, and the side files it gives the
/// same mode, are private whatever the umask.
pub fn private_file(path: &Path) -> io::Result<()> {
    match options().write(true).create_new(true).open(path) {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(()),
        other => other.map(drop),
    }
}

/// The opened file, if it is a regular file.
fn regular(file: File, path: &Path) -> Result<File, Refused> {
    if file.metadata()?.is_file() {
        Ok(file)
    } else {
        Err(Refused::NotAFile { name: name(path) })
    }
}

/// Open `path` for appending (made if missing), if it is `dir`'s own.
pub fn append(dir: &Path, path: &Path) -> Result<File, Refused> {
    check(dir, path)?;
    let file = options().create(true).append(true).open(path)?;
    regular(file, path)
}

/// Open `path` for appending and reading (made if missing), if it is
/// `dir`'s own: a writer that must read what it appends after (a hash
/// chain's last link) reads through the handle it holds locked.
pub fn append_read(dir: &Path, path: &Path) -> Result<File, Refused> {
    check(dir, path)?;
    let file = options().create(true).append(true).read(true).open(path)?;
    regular(file, path)
}

/// Open (made if missing) for a lock, if it is `dir`'s own.
pub fn lock(dir: &Path, path: &Path) -> Result<File, Refused> {
    check(dir, path)?;
    let file = options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)?;
    regular(file, path)
}

/// What was read of a file: its last bytes, and how many before them
/// were left unread.
#[derive(Debug, Default)]
pub struct Tail {
    pub bytes: Vec<u8>,
    pub skipped: u64,
}

/// At most the last `most` bytes of `path` (from the start of a line),
/// if it is `dir`'s own; `None` when it is missing.
pub fn read_tail(dir: &Path, path: &Path, most: u64) -> Result<Option<Tail>, Refused> {
    check(dir, path)?;
    let mut file = match options().read(true).open(path) {
        Ok(f) => regular(f, path)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let len = file.metadata()?.len();
    let skipped = len.saturating_sub(most);
    file.seek(SeekFrom::Start(skipped))?;
    let mut bytes = Vec::with_capacity((len - skipped) as usize);
    // `take`: a file that grows while it is read is read to the size seen.
    file.take(most).read_to_end(&mut bytes)?;
    if skipped > 0 {
        // Start at a whole line.
        let cut = bytes
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| i + 1);
        bytes.drain(..cut);
        return Ok(Some(Tail {
            bytes,
            skipped: skipped + cut as u64,
        }));
    }
    Ok(Some(Tail { bytes, skipped }))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn only_the_directorys_own_regular_files_are_used() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let out = tempfile::tempdir().unwrap();
        std::fs::write(out.path().join("elsewhere"), "x").unwrap();
        std::os::unix::fs::symlink(out.path().join("elsewhere"), d.join("away")).unwrap();
        std::fs::write(d.join("real"), "a\nb\nc\n").unwrap();
        std::os::unix::fs::symlink(d.join("real"), d.join("near")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", d.join("zero")).unwrap();
        let fifo = d.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(check(d, &d.join("missing")).is_ok());
        assert!(check(d, &d.join("real")).is_ok());
        assert!(check(d, &d.join("near")).is_ok());
        assert!(matches!(
            check(d, &d.join("away")),
            Err(Refused::LinkOut { .. })
        ));
        assert!(matches!(
            check(d, &d.join("zero")),
            Err(Refused::LinkOut { .. })
        ));
        if made.is_ok_and(|s| s.success()) {
            assert!(matches!(check(d, &fifo), Err(Refused::NotAFile { .. })));
            assert!(matches!(append(d, &fifo), Err(Refused::NotAFile { .. })));
        }
        let tail = read_tail(d, &d.join("real"), 3).unwrap().unwrap();
        assert_eq!((tail.bytes.as_slice(), tail.skipped), (&b"c\n"[..], 4));
        let all = read_tail(d, &d.join("real"), 100).unwrap().unwrap();
        assert_eq!((all.bytes.len(), all.skipped), (6, 0));
    }
}
