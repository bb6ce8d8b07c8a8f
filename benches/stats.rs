//! `stats` over 10,000 plays (#62's goal: under 200 ms), whole process
//! (`cargo bench --bench stats`): the plays are imported from a plays
//! CSV of three games and six people, 2 to 5 a play. `stats ratings`
//! is timed beside it. No other tool reads our plays, so there is no
//! peer column. Prints figures; asserts nothing.

use std::process::Command;
use std::time::{Duration, Instant};

const PLAYS: usize = 10_000;
const RUNS: usize = 7;

fn main() {
    let bin = env!("CARGO_BIN_EXE_tablemate");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let data = dir.path().to_str().expect("a UTF-8 path");
    let people = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"];
    let games = ["hearts", "rummy", "golf"];
    let mut x: u64 = 2026;
    let mut next = |n: u64| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) % n
    };
    let mut csv = String::from("play_id,date,game,name,startposition,score,win\n");
    for play in 0..PLAYS {
        let game = games[next(3) as usize];
        let count = 2 + next(4) as usize;
        let first = next(6) as usize;
        let winner = next(count as u64) as usize;
        for seat in 0..count {
            csv.push_str(&format!(
                "p{play},2026-11-{:02},{game},{},{},{},{}\n",
                1 + play % 28,
                people[(first + seat) % 6],
                seat + 1,
                next(100),
                u8::from(seat == winner)
            ));
        }
    }
    let file = dir.path().join("plays.csv");
    std::fs::write(&file, csv).expect("the plays are written");
    let imported = Command::new(bin)
        .args([
            "--data",
            data,
            "stats",
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
    for words in [&["stats"][..], &["stats", "ratings"][..]] {
        time(bin, data, words);
    }
}

/// `words` run RUNS times over the plays: the median and worst.
fn time(bin: &str, data: &str, words: &[&str]) {
    let mut times: Vec<Duration> = Vec::new();
    let mut said = String::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        let out = Command::new(bin)
            .args(["--data", data])
            .args(words)
            .output()
            .expect("stats runs");
        times.push(t.elapsed());
        said = String::from_utf8_lossy(&out.stdout).into_owned();
    }
    times.sort();
    println!(
        "{} over {PLAYS} plays: median {:.0} ms, worst {:.0} ms ({RUNS} runs; goal under 200 ms)",
        words.join(" "),
        times[RUNS / 2].as_secs_f64() * 1e3,
        times[RUNS - 1].as_secs_f64() * 1e3
    );
    println!("{}", said.lines().take(8).collect::<Vec<_>>().join("\n"));
}
