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

/// The binary with tablemate's environment variables cleared, so the
/// developer's own settings never leak into a test.
pub fn command(data: &Path) -> Command {
    let mut c = Command::cargo_bin("tablemate").unwrap();
    c.env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("TABLEMATE_DATA")
        .env_remove("TABLEMATE_RULES")
        .env_remove("COLUMNS")
        .arg("--data")
        .arg(data);
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
