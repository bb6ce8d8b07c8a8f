//! Graded deals, whole process (`cargo bench --bench graded_deals`):
//! 21 deals of every graded room and level (each deal grades candidates
//! until one is of the level asked); the 95th percentile and the worst.
//! #63's goal: every level under 1 s at the 95th percentile. No other
//! tool deals these rooms, so there is no peer column. Prints figures;
//! asserts nothing.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const DEALS: usize = 21;

fn timed(bin: &str, data: &str, args: &[&str]) -> Option<Duration> {
    let t = Instant::now();
    let ok = Command::new(bin)
        .args(["--data", data])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?
        .success();
    ok.then(|| t.elapsed())
}

fn p95(mut times: Vec<Duration>) -> (f64, f64) {
    times.sort();
    let at = ((times.len() as f64) * 0.95).ceil() as usize - 1;
    (
        times[at.min(times.len() - 1)].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
    )
}

fn main() {
    let bin = env!("CARGO_BIN_EXE_tablemate");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let data = dir.path().to_str().expect("a UTF-8 path");
    println!("{DEALS} deals each; milliseconds, 95th percentile and worst (goal: under 1000)");
    for room in [
        "slide-jam",
        "mirror",
        "barrels",
        "trampo-land",
        "lab-rats",
        "fuji-san",
    ] {
        for level in ["easy", "medium", "hard", "expert"] {
            let mut deals = Vec::new();
            let mut grades = Vec::new();
            for seed in 1..=DEALS {
                let seed = seed.to_string();
                let level_word = format!("level={level}");
                if let Some(t) = timed(bin, data, &["--seed", &seed, "setup", room, &level_word]) {
                    deals.push(t);
                    // The graded games' own `grade`, as a whole command.
                    let own = match room {
                        "lab-rats" => Some("rats"),
                        "fuji-san" => Some("fuji"),
                        _ => None,
                    };
                    if let Some(t) = own.and_then(|w| timed(bin, data, &[w, "grade"])) {
                        grades.push(t);
                    }
                }
            }
            if deals.is_empty() {
                println!("{room:<12} {level:<7} (not dealt)");
                continue;
            }
            let (dp, dw) = p95(deals);
            print!("{room:<12} {level:<7} deal p95 {dp:>6.0}  worst {dw:>6.0}");
            if !grades.is_empty() {
                let (gp, gw) = p95(grades);
                print!("  grade p95 {gp:>5.0}  worst {gw:>5.0}");
            }
            println!();
        }
    }
}
