//! The tests' own deadlines (issue #76): a child that hangs fails its
//! test within the deadline, naming what it waited for, and a test that
//! runs past the watchdog's limit ends its test binary instead of
//! holding `cargo test` for ever.

use std::process::Stdio;
use std::time::{Duration, Instant};

use super::common;

/// The REPL with its input held open never ends by itself: a wait with a
/// deadline kills it and fails, saying what it waited for.
#[test]
fn a_hanging_child_fails_the_test_instead_of_holding_it() {
    let dir = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let failed = std::panic::catch_unwind(|| {
        let mut repl = common::std_command(dir.path());
        // Its stdin piped and never closed: it waits for a line.
        repl.stdin(Stdio::piped());
        let child = repl
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut child = child;
        let _held = child.stdin.take();
        common::wait::exit_within(
            &mut child,
            Duration::from_secs(2),
            "a REPL waiting for input",
        )
    })
    .expect_err("the wait gave up");
    let said = failed.downcast_ref::<String>().cloned().unwrap_or_default();
    assert_eq!(
        said,
        "waited 2 s for a REPL waiting for input to exit; it was killed"
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    // A line that never comes fails the same way.
    let started = Instant::now();
    let failed = std::panic::catch_unwind(|| {
        let mut owned = common::owned::spawn(
            common::std_command(dir.path())
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null()),
        )
        .unwrap();
        let out = common::wait::Lines::new(owned.child.stdout.take().unwrap(), "the REPL");
        out.next_within(Duration::from_secs(1))
    })
    .expect_err("the read gave up");
    assert_eq!(
        failed.downcast_ref::<String>().cloned().unwrap_or_default(),
        "waited 1 s for a line from the REPL and none came"
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

/// A test that overruns the limit, run alone in a child copy of this
/// test binary with the limit lowered: the binary ends, fails and names
/// the test and what it was doing, long before the test would have.
#[test]
fn a_test_past_the_limit_ends_the_run_and_is_named() {
    let me = std::env::current_exe().unwrap();
    let started = Instant::now();
    let out = common::wait::output_within(
        std::process::Command::new(me)
            .args([
                "--exact",
                "workshop::overrunning_probe",
                "--include-ignored",
                "--test-threads",
                "1",
            ])
            .env("TABLEMATE_TEST_LIMIT_SECS", "1")
            .env("TABLEMATE_OVERRUN_PROBE", "1"),
        Duration::from_secs(30),
        "the test binary running the overrunning probe",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains(
            "test workshop::overrunning_probe ran past the 1 s limit, last running `tablemate roll 1d6`: the test binary ends here rather than wait"
        ),
        "{err}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}

/// The probe the test above runs: only when asked (by its environment), it
/// runs a command and then waits far past any limit.
#[test]
fn overrunning_probe() {
    if std::env::var_os("TABLEMATE_OVERRUN_PROBE").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    common::run(dir.path(), &["roll", "1d6"], None);
    std::thread::sleep(Duration::from_secs(60));
}
