//! The engine's own figures, in process (no start-up, no printing):
//! parsing, exact distributions and rolling, each the median of repeated
//! runs, with the cost model's estimate beside the measured distribution
//! (the refusals and `--wait` rest on it). `cargo bench -p tablemate-dice` (release) or
//! `cargo bench -p tablemate-dice --profile profiling` while iterating.
//! Whole-process figures beside dicelab and rolldice are the program's
//! (`cargo bench --bench dice_odds`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use tablemate_dice::{cost, distribution, parse, random::TableRng, roll};

/// Expressions users ask about, from the plain to the costly.
const EXPRESSIONS: &[&str] = &[
    "2d6",
    "3d6",
    "4d6kh3",
    "10d10",
    "8d10>7f1",
    "6d6!",
    "{4d6, 3d8}kh1",
    "20d20kh3",
    "10d6!>4",
];

/// The median of `runs` timings of `work`, after one run to warm up.
fn median(runs: usize, mut work: impl FnMut()) -> Duration {
    work();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            work();
            started.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn main() {
    // `cargo bench` passes `--bench`; a name given filters the rows.
    let filter = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    println!(
        "{:<16} {:>12} {:>14} {:>12} {:>12} {:>10}",
        "expression", "parse", "distribution", "estimated", "roll", "totals"
    );
    for &text in EXPRESSIONS {
        if filter.as_deref().is_some_and(|f| !text.contains(f)) {
            continue;
        }
        let parsed = parse(text).expect("a bench expression parses");
        let parse_time = median(101, || {
            black_box(parse(black_box(text)).unwrap());
        });
        let dist_time = median(21, || {
            black_box(distribution(black_box(&parsed)).unwrap());
        });
        let mut rng = TableRng::new(1);
        let roll_time = median(101, || {
            black_box(roll(black_box(&parsed), &mut rng).unwrap());
        });
        let estimate = cost::estimate(&parsed);
        println!(
            "{text:<16} {:>12?} {:>14?} {:>12?} {:>12?} {:>10}",
            parse_time,
            dist_time,
            Duration::from_secs_f64(estimate.seconds),
            roll_time,
            estimate.totals.round()
        );
    }
}
