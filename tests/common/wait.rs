//! Waits with deadlines. A test that waits on a child process, a pipe or
//! a socket waits here, for a stated time; past it the test fails naming
//! what it waited for, instead of holding `cargo test` until the session
//! ends (issue #76).

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long one command of the binary may take before the test fails. A
/// command the tests run takes well under a second in the test profile;
/// this is far above that, and below the watchdog's limit for the test.
pub const COMMAND: Duration = Duration::from_secs(40);

/// How long a line a test expects (a server's address, a REPL's answer)
/// may take to arrive.
pub const LINE: Duration = Duration::from_secs(20);

/// The lines a reader (a child's stdout or stderr, a socket) gives, read
/// on a thread of their own so that the test can stop waiting for them.
pub struct Lines {
    rx: Receiver<String>,
    what: String,
}

impl Lines {
    /// Read `from` line by line; `what` names it in a failure ("the
    /// server's stdout").
    pub fn new(from: impl Read + Send + 'static, what: &str) -> Lines {
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut from = BufReader::new(from);
            loop {
                let mut line = String::new();
                match from.read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Lines {
            rx,
            what: what.to_string(),
        }
    }

    /// The next line (with its newline), `None` at the end; the test
    /// fails if none comes within `within`.
    pub fn next_within(&self, within: Duration) -> Option<String> {
        match self.rx.recv_timeout(within) {
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => panic!(
                "waited {} s for a line from {} and none came",
                within.as_secs_f64(),
                self.what
            ),
        }
    }

    /// The next line, within `LINE`.
    pub fn next(&self) -> Option<String> {
        self.next_within(LINE)
    }

    /// Every line up to and including the first that contains `until`,
    /// all within `within`; the test fails at the end of the output or
    /// the deadline, with what came.
    pub fn until_within(&self, until: &str, within: Duration) -> String {
        let deadline = Instant::now() + within;
        let mut all = String::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(line) => {
                    all.push_str(&line);
                    if line.contains(until) {
                        return all;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "{} ended before a line with {until:?}; it said:\n{all}",
                    self.what
                ),
                Err(RecvTimeoutError::Timeout) => panic!(
                    "waited {} s for a line with {until:?} from {}; it said:\n{all}",
                    within.as_secs_f64(),
                    self.what
                ),
            }
        }
    }

    /// `until_within` at `LINE`.
    pub fn until(&self, until: &str) -> String {
        self.until_within(until, LINE)
    }

    /// Everything still to come, up to the end of the output, within
    /// `within`.
    pub fn rest_within(&self, within: Duration) -> String {
        let deadline = Instant::now() + within;
        let mut all = String::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(line) => all.push_str(&line),
                Err(RecvTimeoutError::Disconnected) => return all,
                Err(RecvTimeoutError::Timeout) => panic!(
                    "waited {} s for {} to end; it said:\n{all}",
                    within.as_secs_f64(),
                    self.what
                ),
            }
        }
    }
}

/// Wait for `child` to exit within `within`; past it the child is killed
/// and the test fails naming `what`.
pub fn exit_within(child: &mut Child, within: Duration, what: &str) -> ExitStatus {
    if let Some(status) = poll(within, Duration::from_millis(5), || {
        child.try_wait().unwrap()
    }) {
        return status;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!(
        "waited {} s for {what} to exit; it was killed",
        within.as_secs_f64()
    );
}

/// `command`'s output, as `Command::output` gives it, within `within`;
/// past it the child is killed and the test fails naming `what`. Its
/// stdin is closed unless the caller set it.
pub fn output_within(command: &mut Command, within: Duration, what: &str) -> Output {
    let child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what} could not start: {e}"));
    collect_within(child, within, what)
}

/// A started child's output (its stdout and stderr piped), as
/// `Child::wait_with_output` gives it, within `within`; past it the
/// child is killed and the test fails naming `what`.
pub fn collect_within(mut child: Child, within: Duration, what: &str) -> Output {
    drop(child.stdin.take());
    // Each stream the caller left piped is read to its end on a thread;
    // one it took (or never piped) reads as nothing.
    let read = |from: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            if let Some(mut from) = from {
                let _ = from.read_to_end(&mut v);
            }
            v
        })
    };
    let out = read(
        child
            .stdout
            .take()
            .map(|o| Box::new(o) as Box<dyn Read + Send>),
    );
    let err = read(
        child
            .stderr
            .take()
            .map(|e| Box::new(e) as Box<dyn Read + Send>),
    );
    let status = exit_within(&mut child, within, what);
    // A grandchild that kept the pipes open would hold these reads: the
    // child is gone, so what it wrote is all there; the threads are left
    // to finish on their own if something else holds the pipe.
    Output {
        status,
        stdout: joined(out, what),
        stderr: joined(err, what),
    }
}

/// A reading thread's result, waiting for it at most `LINE`.
fn joined(h: std::thread::JoinHandle<Vec<u8>>, what: &str) -> Vec<u8> {
    if poll(LINE, Duration::from_millis(5), || {
        h.is_finished().then_some(())
    })
    .is_none()
    {
        panic!("{what} exited, but its output stayed open (a process it started holds it)");
    }
    h.join().unwrap()
}

/// Join a thread the test started, within `within`; past it the test
/// fails naming `what` (the thread is left behind).
pub fn join_within<T>(h: std::thread::JoinHandle<T>, within: Duration, what: &str) -> T {
    if poll(within, Duration::from_millis(5), || {
        h.is_finished().then_some(())
    })
    .is_none()
    {
        panic!(
            "waited {} s for {what} and it did not finish",
            within.as_secs_f64()
        );
    }
    match h.join() {
        Ok(v) => v,
        Err(e) => std::panic::resume_unwind(e),
    }
}

/// Ask `done` until it gives a value, at most `within`; past it the test
/// fails naming `what`. For a state that takes a moment to arrive (a
/// server that closes a seat, a file another process writes).
pub fn until<T>(within: Duration, what: &str, done: impl FnMut() -> Option<T>) -> T {
    poll(within, Duration::from_millis(20), done)
        .unwrap_or_else(|| panic!("waited {} s for {what}", within.as_secs_f64()))
}

/// Ask `done` every `step` until it gives a value or `within` has passed
/// (then `None`): the one polling loop the waits above share, each
/// failing in its own words.
fn poll<T>(within: Duration, step: Duration, mut done: impl FnMut() -> Option<T>) -> Option<T> {
    let start = Instant::now();
    loop {
        if let Some(v) = done() {
            return Some(v);
        }
        if start.elapsed() >= within {
            return None;
        }
        std::thread::sleep(step);
    }
}
