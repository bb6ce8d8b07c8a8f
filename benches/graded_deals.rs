//! Graded deals, whole process (`cargo bench --bench graded_deals`):
//! 21 deals of every graded room and level (each deal grades candidates
//! until one is of the level asked); the 95th percentile and the worst,
//! of the process's CPU time (user and system, where the platform tells
//! it; wall time elsewhere). #78's goal: every level under 0.5 s of CPU
//! at the 95th percentile. No other tool deals these rooms, so there is
//! no peer column. Prints figures; asserts nothing.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const DEALS: usize = 21;

/// CPU time of the children waited for so far (user and system), where
/// the platform keeps it.
#[cfg(unix)]
fn children_cpu() -> Option<Duration> {
    // SAFETY: getrusage fills the struct it is given and nothing else.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) } != 0 {
        return None;
    }
    let t = |v: libc::timeval| Duration::new(v.tv_sec as u64, v.tv_usec as u32 * 1000);
    Some(t(u.ru_utime) + t(u.ru_stime))
}

#[cfg(not(unix))]
fn children_cpu() -> Option<Duration> {
    None
}

/// The command's CPU time (its wall time where CPU time is not kept).
fn timed(bin: &str, data: &str, args: &[&str]) -> Option<Duration> {
    let (t, cpu) = (Instant::now(), children_cpu());
    let ok = Command::new(bin)
        .args(["--data", data])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?
        .success();
    let used = match (cpu, children_cpu()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => t.elapsed(),
    };
    ok.then_some(used)
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
    // `cargo bench --bench graded_deals mathrix`: that game alone.
    let only: Option<String> = std::env::args().nth(1).filter(|a| !a.starts_with('-'));
    let dir = tempfile::tempdir().expect("a temporary directory");
    let data = dir.path().to_str().expect("a UTF-8 path");
    let what = if children_cpu().is_some() {
        "CPU"
    } else {
        "wall"
    };
    println!(
        "{DEALS} deals each; {what} milliseconds, 95th percentile and worst (goal: under 500)"
    );
    for room in [
        "slide-jam",
        "mirror",
        "barrels",
        "trampo-land",
        "lab-rats",
        "fuji-san",
        "mathrix",
        "piece-gaps",
    ]
    .into_iter()
    .filter(|r| only.as_deref().is_none_or(|o| r.contains(o)))
    {
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
                        "mathrix" => Some("mathrix"),
                        "piece-gaps" => Some("gaps"),
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
