//! `luck` over a roll log of 10,000 rolls of mixed expressions, whole
//! process (`cargo bench --bench luck`): the goal is under 1 s (#60).
//! No other tool weighs a table's luck, so there is no peer column.
//! Prints figures; asserts nothing.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ROLLS: usize = 10_000;
const RUNS: usize = 7;

/// Mixed expressions, tablemate's and the table's own dice, totals and
/// checks, rolled round a table of four.
const LINES: &[&str] = &[
    "roll 2d6",
    "roll 1d20+5",
    "roll 4d6kh3",
    "roll 3d6!",
    "roll 1d20+5 >= 15",
    "roll 2d10",
    "roll 4dF",
    "roll 1d8+1d4",
    "roll 2d20kh1",
    "roll 2d6 = 3 4",
    "roll 1d20+5 >= 15 = 12",
    "roll 8d10>7",
];

fn main() {
    let bin = env!("CARGO_BIN_EXE_tablemate");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let data = dir.path().to_str().expect("a UTF-8 path");
    let people = ["ann", "ben", "cat", "dan"];
    let mut script = format!("players {}\n", people.join(" "));
    for i in 0..ROLLS {
        script.push_str(&format!(
            "{} as {}\n",
            LINES[i % LINES.len()],
            people[(i / LINES.len()) % people.len()]
        ));
    }
    let mut child = Command::new(bin)
        .args(["--data", data, "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("tablemate runs");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(script.as_bytes())
        .expect("the script is written");
    child.wait().expect("the script ends");
    let mut times: Vec<Duration> = Vec::new();
    let mut said = String::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        let out = Command::new(bin)
            .args(["--data", data, "luck", "all"])
            .output()
            .expect("luck runs");
        times.push(t.elapsed());
        said = String::from_utf8_lossy(&out.stdout).into_owned();
    }
    times.sort();
    println!(
        "luck all over {ROLLS} logged rolls: median {:.0} ms, worst {:.0} ms ({RUNS} runs; goal under 1000 ms)",
        times[RUNS / 2].as_secs_f64() * 1e3,
        times[RUNS - 1].as_secs_f64() * 1e3
    );
    println!("{said}");
}
