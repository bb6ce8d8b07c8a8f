//! The cost model against the clock: a corpus of generated `prob`
//! expressions (sums, keeps, explosions, rerolls, comparisons, pools,
//! mixed sums), each run once as a whole process with a 10-second limit
//! (and `--wait`, so the time budget refuses nothing), beside what
//! `dice::cost` estimated before starting. Prints every row
//! and a summary; with `-- --write` it also records the measured times in
//! `tests/fixtures/prob_corpus.tsv`, which `tests/prob_corpus.rs` checks
//! the estimates against (so a change to the model is tested without
//! timing anything in a test).
//!
//! `cargo bench --bench prob_corpus [-- --write]`

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tablemate::dice;

const LIMIT: Duration = Duration::from_secs(10);

/// Every expression of the corpus, in a fixed order.
fn corpus() -> Vec<String> {
    let mut out = Vec::new();
    let sides = [4, 6, 8, 10, 12, 20, 100];
    for n in [1, 3, 10, 50, 200, 1000, 3000, 10000] {
        for s in sides {
            out.push(format!("{n}d{s}"));
        }
    }
    for (n, k) in [
        (4, 3),
        (8, 3),
        (12, 3),
        (20, 10),
        (50, 25),
        (100, 10),
        (100, 50),
        (200, 100),
        (300, 150),
    ] {
        for s in [6, 10, 20, 100] {
            out.push(format!("{n}d{s}kh{k}"));
        }
        out.push(format!("{n}d6kl{k}"));
        out.push(format!("{n}d6dl{}", n - k));
    }
    for n in [1, 3, 5, 10, 20, 40, 80] {
        for s in [4, 6, 10, 12] {
            out.push(format!("{n}d{s}!"));
        }
        out.push(format!("{n}d6!!"));
        out.push(format!("{n}d6!p"));
        out.push(format!("{n}d12!>10"));
    }
    for n in [3, 7, 12, 20] {
        out.push(format!("{n}d12!>1"));
        out.push(format!("{n}d10>7"));
        out.push(format!("{n}d10>7f1"));
        out.push(format!("{n}d6r1"));
        out.push(format!("{n}d6rr1"));
        out.push(format!("{n}d{{0,1,1,2}}"));
    }
    for (a, b) in [
        (1, 1),
        (10, 10),
        (100, 100),
        (300, 300),
        (1000, 1000),
        (2000, 2000),
    ] {
        out.push(format!("{a}d20 > {b}d20"));
        out.push(format!("{a}d6 >= {b}d8"));
    }
    for t in [5, 15, 40] {
        out.push(format!("1d20+5 >= {t}"));
        out.push(format!("3d6 > {t}"));
    }
    for (a, b) in [(3, 2), (100, 10), (1000, 100), (1000, 1000), (3000, 300)] {
        out.push(format!("{a}d20+{b}d6"));
        out.push(format!("{a}d20-{b}d20"));
        out.push(format!("{a}d6+{b}d8+{b}d4"));
    }
    for n in [2, 5, 10, 30] {
        out.push(format!("{n}d6*2"));
        out.push(format!("1d{}*1d{}", n * 10, n * 10));
        out.push(format!("{{{n}d6, {n}d8}}kh1"));
        out.push(format!("floor({n}d6/2)"));
    }
    out
}

enum Took {
    Seconds(f64),
    Over,
    Refused,
}

fn run(tm: &str, expr: &str) -> Took {
    let start = Instant::now();
    let mut child = Command::new(tm)
        .args(["prob", expr, "--wait"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    loop {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => {
                return Took::Seconds(start.elapsed().as_secs_f64());
            }
            Ok(Some(_)) => return Took::Refused,
            Ok(None) if start.elapsed() > LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Took::Over;
            }
            Ok(None) => std::thread::sleep(Duration::from_micros(300)),
            Err(_) => return Took::Refused,
        }
    }
}

fn main() {
    let tm = env!("CARGO_BIN_EXE_tablemate");
    let write = std::env::args().any(|a| a == "--write");
    let mut rows = Vec::new();
    let mut ratios = Vec::new();
    println!(
        "{:<24} {:>12} {:>12} {:>8}",
        "expression", "estimate", "measured", "ratio"
    );
    for expr in corpus() {
        let roll = dice::parse(&expr).expect("the corpus parses");
        let estimate = dice::cost::estimate(&roll).seconds;
        let took = run(tm, &expr);
        let (measured, ratio) = match took {
            Took::Seconds(s) => {
                let ratio = estimate / s;
                if s >= 0.02 {
                    ratios.push(ratio);
                }
                (format!("{:.3}", s), format!("{ratio:.2}"))
            }
            Took::Over => ("over".to_string(), String::new()),
            Took::Refused => ("refused".to_string(), String::new()),
        };
        println!("{expr:<24} {estimate:>12.3} {measured:>12} {ratio:>8}");
        rows.push(format!("{expr}\t{measured}"));
    }
    ratios.sort_by(f64::total_cmp);
    if let (Some(lo), Some(hi)) = (ratios.first(), ratios.last()) {
        println!(
            "{} expressions; estimate/measured over those taking 20 ms or more: {lo:.2} to {hi:.2}, median {:.2}",
            rows.len(),
            ratios[ratios.len() / 2]
        );
    }
    if write {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/prob_corpus.tsv"
        );
        let mut text = String::from(
            "# expression\tseconds measured by `cargo bench --bench prob_corpus -- --write` (whole process, `prob EXPR --wait`; over: past 10 s; refused: past the memory or totals budget)\n",
        );
        text.push_str(&rows.join("\n"));
        text.push('\n');
        std::fs::write(path, text).expect("the fixture is written");
        println!("wrote {path}");
    }
}
