//! Exact odds, whole process, beside dicelab (`cargo bench --bench
//! dice_odds`). dicelab (Debian package `dicelab`) computes in floating
//! point; tablemate stays exact. Where dicelab is missing the bench tries
//! to install it (as root, with apt-get) and otherwise prints tablemate's
//! column alone. Prints figures; asserts nothing.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 7;
/// A run past this is stopped and reported as "over".
const LIMIT: Duration = Duration::from_secs(10);

/// tablemate's expression and the same distribution in dicelab's language
/// (None where dicelab cannot say it or has no exact equivalent).
const CASES: &[(&str, Option<&str>)] = &[
    ("3d6", Some("sum(3#d6)")),
    ("4d6kh3", Some("sum(high 3 4#d6)")),
    ("12d10kh3", Some("sum(high 3 12#d10)")),
    ("3d6!", Some("sum(3#sum(while x=d6 do ((count ==6 x)#d6)))")),
    (
        "10d6!",
        Some("sum(10#sum(while x=d6 do ((count ==6 x)#d6)))"),
    ),
    (
        "20d6!",
        Some("sum(20#sum(while x=d6 do ((count ==6 x)#d6)))"),
    ),
    (
        "5d10!",
        Some("sum(5#sum(while x=d10 do ((count ==10 x)#d10)))"),
    ),
    (
        "4d6!kh3",
        Some("sum(high 3 4#sum(while x=d6 do ((count ==6 x)#d6)))"),
    ),
    ("100d6", Some("sum(100#d6)")),
    ("1000d6", Some("sum(1000#d6)")),
    ("100d100", Some("sum(100#d100)")),
    ("1000d20", Some("sum(1000#d20)")),
    ("100d6kh50", Some("sum(high 50 100#d6)")),
    ("1d1000000", Some("d1000000")),
    ("10000d6", None),
    ("200d6kh100", None),
    ("2d20kh1", Some("sum(high 1 2#d20)")),
    // Counted die by die: dicelab's `count >7 10#d10` lists all 10^10
    // sequences (over 10 s), where the sum of ten counts is convolved.
    ("10d10>7", Some("sum(10#(count >7 d10))")),
    ("100d100kh50", Some("sum(high 50 100#d100)")),
    ("7d12!>1", None),
    (
        "7d12!12>8",
        Some("sum(7#(count >8 (while x=d12 do ((count ==12 x)#d12))))"),
    ),
    ("1000d20 > 1000d20", None),
    ("1000d20+100d20", Some("sum(1000#d20) + sum(100#d20)")),
    ("4d6km2", None),
    ("sr 12", None),
    ("wod 7 diff=6", None),
    ("10d10>7db10", None),
    ("genesys 2a1p 2d1c", None),
    ("genesys 10a10p 10d10c", None),
];

enum Timing {
    Took(Duration),
    Over,
    Failed,
}

fn run_once(cmd: &mut Command) -> Timing {
    let start = Instant::now();
    let Ok(mut child) = cmd.stdout(Stdio::null()).stderr(Stdio::null()).spawn() else {
        return Timing::Failed;
    };
    loop {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => return Timing::Took(start.elapsed()),
            Ok(Some(_)) | Err(_) => return Timing::Failed,
            Ok(None) if start.elapsed() > LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Timing::Over;
            }
            Ok(None) => std::thread::sleep(Duration::from_micros(200)),
        }
    }
}

/// The median of `RUNS` runs after one warm-up; a run past the limit ends
/// the series.
fn time(make: &dyn Fn() -> Command) -> Timing {
    if let t @ (Timing::Over | Timing::Failed) = run_once(&mut make()) {
        return t;
    }
    let mut times = Vec::new();
    for _ in 0..RUNS {
        match run_once(&mut make()) {
            Timing::Took(d) => times.push(d),
            other => return other,
        }
    }
    times.sort();
    Timing::Took(times[RUNS / 2])
}

fn show(t: &Timing) -> String {
    match t {
        Timing::Took(d) => format!("{:>9.1} ms", d.as_secs_f64() * 1e3),
        Timing::Over => format!("{:>12}", format!("> {} s", LIMIT.as_secs())),
        Timing::Failed => format!("{:>12}", "failed"),
    }
}

/// dicelab's path, installing the Debian package if we may.
fn dicelab() -> Option<&'static str> {
    let path = "/usr/bin/dicelab";
    if !Path::new(path).exists() {
        eprintln!("dicelab is missing: trying `apt-get install -y dicelab`");
        let _ = Command::new("apt-get")
            .args(["install", "-y", "-q", "dicelab"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
    Path::new(path).exists().then_some(path)
}

fn main() {
    let tm = env!("CARGO_BIN_EXE_tablemate");
    let dl = dicelab();
    if dl.is_none() {
        println!("dicelab could not be installed: its column is left out");
    }
    let dir = std::env::temp_dir().join("tablemate-dice-bench");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    println!(
        "exact odds, whole process, median of {RUNS} (tablemate exact; dicelab -c floating point)"
    );
    println!("{:<18} {:>12} {:>12}", "expression", "tablemate", "dicelab");
    for (i, (expr, scheme)) in CASES.iter().enumerate() {
        let ours = time(&|| {
            let mut c = Command::new(tm);
            c.args(["prob", expr]);
            c
        });
        let theirs = match (dl, scheme) {
            (Some(dl), Some(scheme)) => {
                let file = dir.join(format!("case{i}.dl"));
                std::fs::write(&file, scheme).expect("the scheme file is written");
                show(&time(&|| {
                    let mut c = Command::new(dl);
                    c.arg("-c").arg("-f").arg(&file);
                    c
                }))
            }
            (Some(_), None) => format!("{:>12}", "-"),
            (None, _) => String::new(),
        };
        println!("{expr:<18} {} {theirs}", show(&ours));
    }
}
