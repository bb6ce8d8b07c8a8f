//! `stats` over the most filed plays the score pad keeps (1,000), whole
//! process (`cargo bench --bench stats`); #62's goal is 10,000 under
//! 200 ms, which waits for plays kept apart from the pad. No other tool
//! reads our plays, so there is no peer column. Prints figures; asserts
//! nothing.

use std::process::Command;
use std::time::{Duration, Instant};

const PLAYS: usize = 1_000;
const RUNS: usize = 7;

fn main() {
    let bin = env!("CARGO_BIN_EXE_tablemate");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let data = dir.path().to_str().expect("a UTF-8 path");
    let people = ["ann", "ben", "cat", "dan", "eve", "fay"];
    let games = ["hearts", "rummy", "golf"];
    let mut x: u64 = 2026;
    let mut next = |n: u64| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) % n
    };
    let mut filed = Vec::new();
    for _ in 0..PLAYS {
        let game = games[next(3) as usize];
        let count = 2 + next(4) as usize;
        let first = next(6) as usize;
        let players: Vec<String> = (0..count)
            .map(|i| format!("\"{}\"", people[(first + i) % 6]))
            .collect();
        let scores: Vec<String> = (0..count).map(|_| next(100).to_string()).collect();
        let zeros = vec!["0"; count].join(",");
        filed.push(format!(
            "{{\"game\":\"{game}\",\"players\":[{}],\"wins\":\"higher\",\"started\":\"2026-11-28\",\"rounds\":[[{}]],\"clock\":{{\"thinking\":[{zeros}],\"turns\":[{zeros}],\"running\":null}},\"ended\":\"2026-11-28\"}}",
            players.join(","),
            scores.join(",")
        ));
    }
    let doc = format!(
        "{{\"tablemate_export\":1,\"decks\":{{\"current\":null,\"decks\":[]}},\"funhouse\":{{\"run\":null,\"history\":[],\"die\":\"right\"}},\"troll\":null,\"penguins\":null,\"pads\":{{\"open\":null,\"filed\":[{}]}},\"table\":null}}",
        filed.join(",")
    );
    let file = dir.path().join("plays.json");
    std::fs::write(&file, doc).expect("the document is written");
    let imported = Command::new(bin)
        .args([
            "--data",
            data,
            "import",
            file.to_str().expect("a UTF-8 path"),
        ])
        .output()
        .expect("tablemate runs");
    if !imported.status.success() {
        println!(
            "the plays could not be imported: {}",
            String::from_utf8_lossy(&imported.stderr)
        );
        return;
    }
    let mut times: Vec<Duration> = Vec::new();
    let mut said = String::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        let out = Command::new(bin)
            .args(["--data", data, "stats"])
            .output()
            .expect("stats runs");
        times.push(t.elapsed());
        said = String::from_utf8_lossy(&out.stdout).into_owned();
    }
    times.sort();
    println!(
        "stats over {PLAYS} plays: median {:.0} ms, worst {:.0} ms ({RUNS} runs; goal under 200 ms)",
        times[RUNS / 2].as_secs_f64() * 1e3,
        times[RUNS - 1].as_secs_f64() * 1e3
    );
    println!("{}", said.lines().take(8).collect::<Vec<_>>().join("\n"));
}
