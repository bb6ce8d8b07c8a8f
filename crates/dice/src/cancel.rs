//! Cancelling a long computation: the REPL's Ctrl-C handler raises a flag,
//! and the long loops (exact odds) look at it and stop with `Cancelled`,
//! so the session goes on. A flag, not a kill: nothing is half-saved,
//! since no command changes saved state while it computes.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Ask the running computation to stop (from a signal handler).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
}

/// Forget an earlier request (before each command).
pub fn reset() {
    REQUESTED.store(false, Ordering::SeqCst);
}

/// A computation stopped by Ctrl-C.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cancelled")]
pub struct Cancelled;

/// `Err(Cancelled)` once a stop was asked for.
pub fn check() -> Result<(), Cancelled> {
    if REQUESTED.load(Ordering::Relaxed) {
        Err(Cancelled)
    } else {
        Ok(())
    }
}
