//! The backstop under every deadline (issue #76): no test that starts a
//! process outlives `LIMIT`. Each wait in the tests has a deadline of its
//! own; this catches the wait someone forgets. libtest runs each test on
//! a thread named after it, so the first time a test starts a process
//! (any helper here) its thread is noted with the time; a watchdog thread
//! looks every quarter second, and a test past the limit ends the whole
//! test binary, naming the test and what it was doing, after ending
//! every process group the tests own. A failed run, not a hung one.
//!
//! The same notes give each test's time, appended to `TIMES` when its
//! thread ends: `.ci/run` prints the slowest.

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;
use std::sync::{Mutex, Once, OnceLock};
use std::time::{Duration, Instant};

/// A test past this fails the run. `TABLEMATE_TEST_LIMIT_SECS` lowers it
/// (the watchdog's own test does).
const LIMIT: Duration = Duration::from_secs(60);

/// Where each test's time is appended: seconds, the test binary, the
/// test (tab-separated).
pub const TIMES: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/test-times.tsv");

struct Running {
    start: Instant,
    doing: String,
}

fn running() -> &'static Mutex<HashMap<String, Running>> {
    static R: OnceLock<Mutex<HashMap<String, Running>>> = OnceLock::new();
    R.get_or_init(Default::default)
}

/// The process groups the tests own now (`owned::spawn`), ended before
/// the watchdog ends the run.
fn groups() -> &'static Mutex<Vec<u32>> {
    static G: OnceLock<Mutex<Vec<u32>>> = OnceLock::new();
    G.get_or_init(Default::default)
}

pub fn own_group(id: u32) {
    groups().lock().unwrap_or_else(|e| e.into_inner()).push(id);
}

pub fn disown_group(id: u32) {
    groups()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|g| *g != id);
}

/// The test this thread runs; dropped when the thread ends, which files
/// its time.
struct Mine(String);

impl Drop for Mine {
    fn drop(&mut self) {
        let took = running()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.0)
            .map(|r| r.start.elapsed());
        if let Some(took) = took {
            file_time(&self.0, took);
        }
    }
}

thread_local! {
    static MINE: RefCell<Option<Mine>> = const { RefCell::new(None) };
}

/// Say what the current test is doing now (a command it runs, a line it
/// waits for). The first call of a test starts its clock.
pub fn note(doing: &str) {
    let Some(name) = std::thread::current().name().map(str::to_string) else {
        // A thread a test started: the test's own thread is watched.
        return;
    };
    if name == "main" {
        return;
    }
    start_watching();
    MINE.with(|m| {
        let mut m = m.borrow_mut();
        let mut all = running().lock().unwrap_or_else(|e| e.into_inner());
        if m.is_none() {
            *m = Some(Mine(name.clone()));
            all.insert(
                name.clone(),
                Running {
                    start: Instant::now(),
                    doing: doing.to_string(),
                },
            );
        } else if let Some(r) = all.get_mut(&name) {
            r.doing = doing.to_string();
        }
    });
}

fn limit() -> Duration {
    std::env::var("TABLEMATE_TEST_LIMIT_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .map(Duration::from_secs)
        .unwrap_or(LIMIT)
}

fn start_watching() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let limit = limit();
        std::thread::Builder::new()
            .name("watchdog".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(Duration::from_millis(250));
                    let over = running()
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .iter()
                        .find(|(_, r)| r.start.elapsed() > limit)
                        .map(|(n, r)| (n.clone(), r.doing.clone()));
                    if let Some((name, doing)) = over {
                        overrun(&name, &doing, limit);
                    }
                }
            })
            .unwrap();
    });
}

fn overrun(name: &str, doing: &str, limit: Duration) -> ! {
    // Straight to the process's stderr: `eprintln!` here would go to the
    // test's captured output, which no one prints once the binary ends.
    let _ = writeln!(
        std::io::stderr(),
        "\ntest {name} ran past the {} s limit, last {doing}: the test binary ends here rather than wait",
        limit.as_secs()
    );
    file_time(name, limit);
    #[cfg(unix)]
    for g in groups().lock().unwrap_or_else(|e| e.into_inner()).iter() {
        // SAFETY: kill(2) on a group this test binary started
        // (process_group(0) in owned::spawn).
        unsafe { libc::kill(-(*g as libc::pid_t), libc::SIGKILL) };
    }
    std::process::exit(3);
}

fn file_time(name: &str, took: Duration) {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .map(|s| s.rsplit_once('-').map_or(s.clone(), |(b, _)| b.to_string()))
        .unwrap_or_default();
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(TIMES)
    {
        let _ = writeln!(f, "{:.2}\t{binary}\t{name}", took.as_secs_f64());
    }
}
