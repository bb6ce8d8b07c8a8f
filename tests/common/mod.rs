//! Running the real binary in a clean environment with a private data
//! directory, for every integration test file.

#![allow(dead_code)]

use std::path::Path;

use assert_cmd::Command;

/// What a run printed and how it ended.
pub struct Run {
    pub out: String,
    pub err: String,
    pub code: i32,
}

/// The developer's own settings that must never leak into a test.
const CLEARED: [&str; 5] = [
    "NO_COLOR",
    "CLICOLOR_FORCE",
    "TABLEMATE_DATA",
    "TABLEMATE_RULES",
    "COLUMNS",
];

/// The binary with tablemate's environment variables cleared.
pub fn command(data: &Path) -> Command {
    let mut c = Command::cargo_bin("tablemate").unwrap();
    for v in CLEARED {
        c.env_remove(v);
    }
    c.arg("--data").arg(data);
    c
}

/// Run `args` (one-shot), with `stdin` piped in when given.
pub fn run(data: &Path, args: &[&str], stdin: Option<&str>) -> Run {
    let mut c = command(data);
    c.args(args);
    if let Some(input) = stdin {
        c.write_stdin(input);
    }
    let out = c.output().unwrap();
    Run {
        out: String::from_utf8(out.stdout).unwrap(),
        err: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code().unwrap_or(-1),
    }
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
/// same clean environment as `command`.
pub fn std_command(data: &Path) -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_tablemate"));
    for v in CLEARED {
        c.env_remove(v);
    }
    c.arg("--data").arg(data);
    c
}

/// `run`, killed after `secs` seconds: `None` when it had to be (a
/// command that could hang on a FIFO must not hang the tests).
pub fn run_within(data: &Path, args: &[&str], secs: u64) -> Option<Run> {
    let mut c = command(data);
    c.args(args).timeout(std::time::Duration::from_secs(secs));
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
