//! The binary's start and end, in place of std's (part of `main.rs`, not
//! of the library). std's start-up also places a guard page under the
//! main thread's stack, which glibc finds by reading and parsing
//! /proc/self/maps: for a one-shot that does little else that was a
//! sixteenth of its time. The rest of what std does around `main` is
//! done here, as std does it.

#[cfg(unix)]
use std::ffi::c_int;
#[cfg(unix)]
use std::io::Write;

/// Run the program as std would run it as `main`: with the three
/// standard streams open, SIGPIPE ignored (a closed pipe is an error
/// that `write_out` reads as the end, not a death), status 101 after a
/// panic (whose message the hook has printed), and stdout flushed at
/// the end.
#[cfg(unix)]
pub fn run(program: fn() -> u8) -> c_int {
    standard_streams_open();
    // SAFETY: setting a signal's disposition to ignore is async-safe and
    // nothing else runs yet.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    let status = std::panic::catch_unwind(program).unwrap_or(101);
    let _ = std::io::stdout().flush();
    c_int::from(status)
}

/// A standard stream the program was started without
/// (`tablemate serve >&-`) is opened on /dev/null, as std does: otherwise
/// the next file or socket opened takes its number, and what is printed
/// is written into it (the server's socket took fd 1, its address was
/// printed into the socket, and the server ended at once).
#[cfg(unix)]
fn standard_streams_open() {
    let mut fds = [0, 1, 2].map(|fd| libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    });
    // SAFETY: `fds` is three valid pollfd records, and a zero timeout
    // only reports.
    let polled = unsafe { libc::poll(fds.as_mut_ptr(), 3, 0) } != -1;
    for p in fds {
        let closed = if polled {
            p.revents & libc::POLLNVAL != 0
        } else {
            // Where poll cannot tell (it may fail for lack of memory),
            // ask each descriptor for its flags.
            // SAFETY: F_GETFD reads flags of any number; a closed one fails.
            let flags = unsafe { libc::fcntl(p.fd, libc::F_GETFD) };
            flags == -1 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EBADF)
        };
        // SAFETY: a C string literal; the lowest free number is the
        // closed stream's, since they are opened in order.
        if closed && unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) } == -1 {
            // As std: a program that cannot hold its streams safe stops.
            std::process::abort();
        }
    }
}
