//! Noticing a change: the operating system says when a file in the data
//! directory is written (inotify, FSEvents, ReadDirectoryChangesW, by the
//! `notify` crate), and only then is the store asked whether it changed
//! (SQLite's `data_version`, the roll log's length). A slow look every
//! few seconds stays as a safety net for file systems that say nothing
//! (a network share); idle, the server does no other work.

use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use notify::event::{AccessKind, AccessMode};
use notify::{EventKind, RecursiveMode, Watcher};

use crate::store::Store;

/// The safety net's interval.
const SAFETY_LOOK: Duration = Duration::from_secs(2);

/// Why the watcher wakes.
pub enum Wake {
    /// A file was written, or a seat acted: look now.
    Look,
    Stop,
}

/// What says the table may have changed: SQLite's count of commits by
/// other connections, and the roll log's length.
pub type Marker = (Option<i64>, u64);

pub fn marker(store: &Store, dir: &Path) -> Marker {
    (store.data_version().ok(), crate::roll_log::size(dir))
}

/// Watch `dir` until told to stop, calling `changed` after each change
/// to the store or the roll log. `seen` is the marker read before the
/// table first shown was built, so a change made while this thread was
/// starting is not taken for the table shown. `wakes` also carries
/// `Wake::Look` from the seats' desk and `Wake::Stop`.
pub fn watch(
    dir: &Path,
    store: Store,
    mut seen: Marker,
    tx: Sender<Wake>,
    wakes: Receiver<Wake>,
    changed: impl Fn(&Store),
) {
    // Held for as long as the watch lasts; without it (no such facility,
    // or the directory cannot be watched) the safety net does the work.
    let _watcher = os_watcher(dir, tx);
    let look = |seen: &mut Marker| {
        let now = marker(&store, dir);
        if now != *seen {
            *seen = now;
            changed(&store);
        }
    };
    // A change made before the watcher was in place raised no event.
    look(&mut seen);
    loop {
        match wakes.recv_timeout(SAFETY_LOOK) {
            Ok(Wake::Stop) | Err(RecvTimeoutError::Disconnected) => return,
            Ok(Wake::Look) | Err(RecvTimeoutError::Timeout) => {}
        }
        // One look for a burst of writes (a commit writes several).
        while let Ok(w) = wakes.try_recv() {
            if matches!(w, Wake::Stop) {
                return;
            }
        }
        look(&mut seen);
    }
}

fn os_watcher(dir: &Path, tx: Sender<Wake>) -> Option<notify::RecommendedWatcher> {
    let mut watcher = notify::recommended_watcher(move |e: notify::Result<notify::Event>| {
        // Reading is not a change: the watcher's own reads of the store
        // must not wake it again.
        let write = e.is_ok_and(|e| match e.kind {
            EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
            EventKind::Access(_) => false,
            _ => true,
        });
        if write {
            let _ = tx.send(Wake::Look);
        }
    })
    .ok()?;
    watcher.watch(dir, RecursiveMode::NonRecursive).ok()?;
    Some(watcher)
}
