//! Running the real binary in a clean environment with a private data
//! directory, for every integration test file.

#![allow(dead_code)]

pub mod docs;
pub mod owned;
pub mod wait;
pub mod watchdog;

use std::path::Path;

use assert_cmd::Command;

/// What a run printed and how it ended.
pub struct Run {
    pub out: String,
    pub err: String,
    pub code: i32,
}

/// The developer's own settings that must never leak into a test.
const CLEARED: [&str; 7] = [
    "NO_COLOR",
    "CLICOLOR_FORCE",
    "FORCE_COLOR",
    "TERM",
    "TABLEMATE_DATA",
    "TABLEMATE_RULES",
    "COLUMNS",
];

/// The width the tests read output at: piped output is wrapped only when
/// COLUMNS asks (a test of unwrapped output clears it).
pub const COLUMNS: &str = "60";

/// The binary with tablemate's environment variables cleared, at
/// `COLUMNS`, killed if it runs past `wait::COMMAND` (a run that had to
/// be killed fails the test in `run`).
pub fn command(data: &Path) -> Command {
    watchdog::note("running tablemate");
    let mut c = Command::cargo_bin("tablemate").unwrap();
    c.timeout(wait::COMMAND);
    for v in CLEARED {
        c.env_remove(v);
    }
    c.env("COLUMNS", COLUMNS);
    c.arg("--data").arg(data);
    // A file a command writes by a relative name (`stats export
    // plays.json`) lands in the test's own directory, never in the
    // checkout nor a folder tests share.
    let here = if data.is_dir() {
        data
    } else {
        data.parent().unwrap_or(data)
    };
    c.current_dir(here);
    c
}

/// Run a line as typed (shell quoting) and return what it printed; the
/// test fails, naming the line and its error, unless it succeeds.
pub fn ok(data: &Path, line: &str) -> String {
    let words = shlex::split(line).expect("a line that splits as a shell line");
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let r = run(data, &words, None);
    assert_eq!(r.code, 0, "`{line}` failed: {}", r.err);
    r.out
}

/// Run `args` (one-shot), with `stdin` piped in when given.
/// The test fails, naming the command, if it runs past `wait::COMMAND`.
pub fn run(data: &Path, args: &[&str], stdin: Option<&str>) -> Run {
    let mut c = command(data);
    c.args(args);
    if let Some(input) = stdin {
        c.write_stdin(input);
    }
    let what = format!("`tablemate {}`", args.join(" "));
    watchdog::note(&format!("running {what}"));
    let out = c.output().unwrap();
    // Killed by the deadline: it ended by a signal, with no code.
    let Some(code) = out.status.code() else {
        panic!(
            "waited {} s for {what} to exit; it was killed ({})",
            wait::COMMAND.as_secs(),
            out.status
        );
    };
    Run {
        out: String::from_utf8(out.stdout).unwrap(),
        err: String::from_utf8(out.stderr).unwrap(),
        code,
    }
}

/// Run one command line, its words split at spaces (no quoting).
pub fn run_line(data: &Path, line: &str) -> Run {
    let words: Vec<&str> = line.split_whitespace().collect();
    run(data, &words, None)
}

/// One command line's output, error and exit code, each paragraph on
/// one line (the terminal wraps at 60 columns, indenting what follows).
pub fn said(data: &Path, line: &str) -> (String, String, i32) {
    let r = run_line(data, line);
    let one = |t: String| t.replace("\n  ", " ");
    (one(r.out), one(r.err), r.code)
}

/// Run each line in turn; each must succeed.
pub fn run_ok(data: &Path, lines: &[&str]) {
    for line in lines {
        let r = run_line(data, line);
        assert_eq!(r.code, 0, "{line}: {}", r.err);
    }
}

/// `run` that must succeed: its output (the test fails with the error).
pub fn run_out(data: &Path, args: &[&str]) -> String {
    let r = run(data, args, None);
    assert_eq!(r.code, 0, "{args:?}: {}", r.err);
    r.out
}

/// `run` as a tuple, in a data directory of the caller's.
pub fn tm_in(data: &Path, args: &[&str]) -> (String, String, i32) {
    let r = run(data, args, None);
    (r.out, r.err, r.code)
}

/// `run` as a tuple, in a fresh data directory.
pub fn tm(args: &[&str]) -> (String, String, i32) {
    tm_in(tempfile::tempdir().unwrap().path(), args)
}

/// `prob EXPR`'s exact distribution from its JSON: each total with its
/// fraction.
pub fn fractions(expr: &str) -> Vec<(i64, String)> {
    let (out, err, _) = tm(&["--json", "prob", expr]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|_| panic!("{err}"));
    v["data"]["distribution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let t = e["total"].as_i64().unwrap();
            (t, e["fraction"].as_str().unwrap().to_string())
        })
        .collect()
}

/// The binary as a std command (for spawning several at once), with the
/// same clean environment as `command`. Wait for it with `wait`'s
/// helpers, which have deadlines.
pub fn std_command(data: &Path) -> std::process::Command {
    watchdog::note("running tablemate");
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_tablemate"));
    for v in CLEARED {
        c.env_remove(v);
    }
    c.env("COLUMNS", COLUMNS);
    c.arg("--data").arg(data);
    c
}

/// A std command's output, as `Command::output` gives it; the test fails
/// naming the command if it runs past `wait::COMMAND`.
pub fn output(c: &mut std::process::Command) -> std::process::Output {
    let args: Vec<String> = c
        .get_args()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let what = format!("`tablemate {}`", args.join(" "));
    watchdog::note(&format!("running {what}"));
    wait::output_within(c, wait::COMMAND, &what)
}

/// `run`, killed after `secs` seconds: `None` when it had to be (a
/// command that could hang on a FIFO must not hang the tests).
pub fn run_within(data: &Path, args: &[&str], secs: u64) -> Option<Run> {
    let mut c = command(data);
    c.args(args);
    finish_within(c, secs)
}

/// A script on stdin (no command), killed after `secs` seconds: `None`
/// when it had to be.
pub fn run_within_input(data: &Path, input: &str, secs: u64) -> Option<Run> {
    let mut c = command(data);
    // A script may write files (`export backup.json`): beside the data
    // directory, never into the checkout.
    c.write_stdin(input)
        .current_dir(data.parent().unwrap_or(data));
    finish_within(c, secs)
}

fn finish_within(mut c: Command, secs: u64) -> Option<Run> {
    c.timeout(std::time::Duration::from_secs(secs));
    let out = c.output().ok()?;
    // A kill by the timeout ends with no exit code.
    let code = out.status.code()?;
    Some(Run {
        out: String::from_utf8_lossy(&out.stdout).into_owned(),
        err: String::from_utf8_lossy(&out.stderr).into_owned(),
        code,
    })
}

/// Make a FIFO at `path` (`false` where the system cannot).
pub fn mkfifo(path: &Path) -> bool {
    std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

/// Change the store's rows behind tablemate's back, its checks off (how
/// damage gets in: a hand edit, another program).
pub fn tamper(data: &Path, sql: &str) {
    let c = rusqlite::Connection::open(data.join("tablemate.db")).unwrap();
    c.execute_batch(&format!("PRAGMA ignore_check_constraints = 1; {sql}"))
        .unwrap();
}

/// The REPL on a terminal of its own, which script(1) (util-linux) gives
/// it, with `args` after the binary's name and `env` set. Each of `keys`
/// is typed after its pause (milliseconds); the session ends when the
/// keys do (the last should be `quit\r`), and within a minute whatever
/// happens. `None` where script is missing, said on stderr as skipped.
pub fn repl_in_terminal(
    args: &[&str],
    env: &[(&str, &std::ffi::OsStr)],
    keys: &[(u64, &[u8])],
) -> Option<(std::process::ExitStatus, String)> {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    use std::time::Duration;
    if Command::new("script").arg("--version").output().is_err() {
        skipped("`script` (util-linux) is not installed, so no terminal for the REPL");
        return None;
    }
    // script(1) runs the command through $SHELL -c. `exec` makes the REPL
    // the shell itself: a shell left waiting above it (dash does not exec
    // a lone command) would also get a Ctrl-C, die of it, and script then
    // reports 130 although the REPL went on.
    let quoted = |s: &str| format!("'{}'", s.replace('\'', r"'\''"));
    let mut line = format!("exec {}", quoted(env!("CARGO_BIN_EXE_tablemate")));
    for a in args {
        line.push(' ');
        line.push_str(&quoted(a));
    }
    let mut c = Command::new("script");
    c.args(["-qec", &line, "/dev/null"]);
    for v in CLEARED {
        c.env_remove(v);
    }
    c.env("SHELL", "/bin/sh").env("NO_COLOR", "1");
    for (k, v) in env {
        c.env(k, v);
    }
    let mut owned = owned::spawn(
        c.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )
    .unwrap();
    let child = &mut owned.child;
    let mut to = child.stdin.take().unwrap();
    let mut from = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        from.read_to_end(&mut out).unwrap();
        String::from_utf8_lossy(&out).into_owned()
    });
    let id = child.id();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(60));
        let _ = Command::new("kill").arg(id.to_string()).status();
    });
    for (pause, typed) in keys {
        std::thread::sleep(Duration::from_millis(*pause));
        to.write_all(typed).unwrap();
    }
    drop(to);
    let status = child.wait().unwrap();
    Some((status, reader.join().unwrap()))
}

/// Where skipped tests are listed, for the summary `.ci/run` prints.
pub const SKIPPED: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/skipped-tests.txt");

/// Say that a test (or part of one) could not run here, and list it in
/// `SKIPPED`: a skip that only printed counted as a pass, and nothing
/// showed a test that never ran. `.ci/run`, which installs every tool the
/// tests need, prints the list and fails on any.
pub fn skipped(what: &str) {
    use std::io::Write;
    eprintln!("skipped: {what}");
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(SKIPPED)
    {
        let _ = writeln!(f, "{test}: {what}");
    }
}
