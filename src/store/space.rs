//! Why the data directory cannot be written: a full disk or a read-only
//! file system or folder. SQLite says only "disk I/O error" (or "attempt
//! to write a readonly database"); the player is told which, that nothing
//! was changed, and reads go on working.

use std::path::Path;

/// Free space below this counts as a full disk: SQLite needs room for its
/// journal pages before a change can land.
const ROOM: u64 = 256 * 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unwritable {
    /// No room left on the disk that holds the data directory.
    DiskFull,
    /// The file system or the folder does not let tablemate write.
    ReadOnly(&'static str),
}

impl std::fmt::Display for Unwritable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unwritable::DiskFull => f.write_str("the disk is full"),
            Unwritable::ReadOnly(why) => f.write_str(why),
        }
    }
}

/// Why `dir` cannot be written, if it cannot.
#[cfg(unix)]
pub fn unwritable(dir: &Path) -> Option<Unwritable> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let c = CString::new(dir.as_os_str().as_bytes()).ok()?;
    // SAFETY: `c` is a valid NUL-terminated path and `st` a zeroed
    // statvfs the call fills in; nothing is kept past the call.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(c.as_ptr(), &mut st) } == 0 {
        if st.f_flag & libc::ST_RDONLY != 0 {
            return Some(Unwritable::ReadOnly("its file system is mounted read-only"));
        }
        let free = (st.f_bavail as u64).saturating_mul(st.f_frsize as u64);
        if free < ROOM {
            return Some(Unwritable::DiskFull);
        }
    }
    // SAFETY: as above; access only reads the path.
    if unsafe { libc::access(c.as_ptr(), libc::W_OK) } != 0 {
        return Some(Unwritable::ReadOnly(
            "the folder does not let tablemate write",
        ));
    }
    None
}

#[cfg(not(unix))]
pub fn unwritable(_dir: &Path) -> Option<Unwritable> {
    None
}
