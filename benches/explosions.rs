//! The big explosions of #63 beside icepool, the exact dice calculator in
//! Python: each expression as a whole process, the least of three runs,
//! tablemate's text and `--json` forms and icepool's distribution (at its
//! default explosion depth of 9, which leaves out far more than
//! tablemate's 10^-12: a d10 exploding on 8 to 10 past 9 explosions is
//! 6 in a million a die). icepool is timed where `python3 -c 'import
//! icepool'` works (`pip install icepool`); otherwise tablemate alone.
//!
//! `cargo bench --bench explosions`

use std::process::{Command, Stdio};
use std::time::Instant;

/// Each expression with icepool's spelling of it.
const ROWS: &[(&str, &str)] = &[
    ("40d10!>=8", "40 @ d(10).explode([8, 9, 10])"),
    ("30d6!>=5", "30 @ d(6).explode([5, 6])"),
    ("32d10!>=9", "32 @ d(10).explode([9, 10])"),
    ("35d6!p", ""),
    ("50d6!!", "50 @ d(6).explode()"),
    ("20d20!!kh10", "d(20).explode().pool(20).highest(10).sum()"),
    ("50d20!!kh25", "d(20).explode().pool(50).highest(25).sum()"),
    ("50d6!!kl25", "d(6).explode().pool(50).lowest(25).sum()"),
    ("7d12!>1", ""),
];

fn least_of_three(mut run: impl FnMut() -> bool) -> Option<f64> {
    let mut best: Option<f64> = None;
    for _ in 0..3 {
        let t = Instant::now();
        if !run() {
            return None;
        }
        let s = t.elapsed().as_secs_f64();
        best = Some(best.map_or(s, |b: f64| b.min(s)));
    }
    best
}

fn quiet(cmd: &mut Command) -> bool {
    cmd.stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn main() {
    let tm = env!("CARGO_BIN_EXE_tablemate");
    let icepool = quiet(Command::new("python3").args(["-c", "import icepool"]));
    if !icepool {
        println!("(icepool not found: `pip install icepool` to time it beside)");
    }
    println!(
        "{:<14} {:>10} {:>10} {:>10}",
        "expression", "text", "--json", "icepool"
    );
    let secs = |s: Option<f64>| s.map_or("-".to_string(), |s| format!("{s:.3} s"));
    for &(expr, ice) in ROWS {
        let text = least_of_three(|| quiet(Command::new(tm).args(["prob", expr])));
        let json = least_of_three(|| quiet(Command::new(tm).args(["--json", "prob", expr])));
        let peer = if icepool && !ice.is_empty() {
            let script =
                format!("from icepool import d\nr = {ice}\nr.probability(r.max_outcome())\n");
            least_of_three(|| quiet(Command::new("python3").args(["-c", &script])))
        } else {
            None
        };
        println!(
            "{expr:<14} {:>10} {:>10} {:>10}",
            secs(text),
            secs(json),
            secs(peer)
        );
    }
}
