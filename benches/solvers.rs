//! Each Funhouse solver on 50 seeded deals (`cargo bench --bench
//! solvers`): median and worst time, and for Slide Jam how many answers
//! were proven best within the budget. Prints figures; asserts nothing.
//! No other tool solves these rooms, so there is no peer column. Mathrix
//! and Piece Gaps (`cargo bench --bench solvers mathrix`, `piece-gaps`)
//! are held to a plain search on 200 deals instead.

use std::time::{Duration, Instant};

use tablemate::games::funhouse::die::Hand;
use tablemate::games::funhouse::setup::{self as fs, WHACK_STARTS};
use tablemate::games::funhouse::solve::{barrels, mirror, slide_jam, trampo, whack};
use tablemate::pieces::{Piece, Rank};
use tablemate::random::TableRng;

const DEALS: u64 = 50;
const SLIDE_JAM_BUDGET: Duration = Duration::from_secs(3);

fn report(name: &str, mut times: Vec<Duration>, extra: &str) {
    times.sort();
    let median = times[times.len() / 2];
    let worst = times[times.len() - 1];
    println!(
        "{name:<14} median {:>9.2} ms   worst {:>9.2} ms   {extra}",
        median.as_secs_f64() * 1e3,
        worst.as_secs_f64() * 1e3
    );
}

fn tiles(seed: u64) -> Vec<Piece> {
    let mut t = Piece::all();
    TableRng::new(seed).shuffle(&mut t);
    t
}

fn barrel_grid(seed: u64) -> Vec<Vec<Rank>> {
    let mut coins: Vec<Rank> = Piece::all().into_iter().map(|p| p.rank).collect();
    TableRng::new(seed).shuffle(&mut coins);
    fs::barrels(&coins).grid
}

/// A grid written as 24 coin values in reading order.
fn grid_of(values: &str) -> Vec<Vec<Rank>> {
    let coins: Vec<Rank> = values
        .split_whitespace()
        .map(|v| v.parse().expect("a coin value"))
        .collect();
    coins.chunks(4).map(<[Rank]>::to_vec).collect()
}

fn timed<T>(f: impl FnOnce() -> T) -> (Duration, T) {
    let t = Instant::now();
    let out = f();
    (t.elapsed(), out)
}

fn main() {
    let only: Option<String> = std::env::args().nth(1).filter(|a| !a.starts_with('-'));
    let wants = |n: &str| only.as_deref().is_none_or(|o| n.contains(o));
    println!("{DEALS} seeded deals each\n");

    if wants("magic-mirror") {
        let times = (0..DEALS)
            .map(|s| {
                let t = tiles(s);
                let g = |s: &[Piece]| s.chunks(4).map(<[Piece]>::to_vec).collect::<Vec<_>>();
                timed(|| mirror::solve(&g(&t[..12]), &g(&t[12..]))).0
            })
            .collect();
        report("magic-mirror", times, "exact");
    }
    if wants("barrels") {
        let mut out = 0;
        let times = (0..DEALS)
            .map(|s| {
                let g = barrel_grid(s);
                let (d, sol) = timed(|| barrels::solve(&g, Hand::Right));
                out += usize::from(sol.out);
                d
            })
            .collect();
        report(
            "barrels",
            times,
            &format!("exact; {out} of {DEALS} get out"),
        );
    }
    if wants("trampo-land") {
        let mut positions = 0;
        let times: Vec<Duration> = (0..DEALS)
            .map(|s| {
                let mut rng = TableRng::new(s);
                let die = tablemate::games::die_rolls::random_face(&mut rng);
                let cast = fs::random_cast(&mut rng);
                let columns = fs::random_columns(&mut rng);
                let t = fs::trampo_land(die, cast, columns);
                let (d, sol) = timed(|| trampo::solve(t.board, &mut || false));
                positions = positions.max(sol.positions);
                d
            })
            .collect();
        let quick = times
            .iter()
            .filter(|d: &&Duration| d.as_millis() < 100)
            .count();
        report(
            "trampo-land",
            times,
            &format!("exact; {quick} under 100 ms; at most {positions} positions"),
        );
    }
    if wants("whack-a-dummy") {
        // What `solve whack` does: the best of the four start squares.
        let mut complete = 0;
        let mut exhaustive = 0;
        let times = (0..DEALS)
            .map(|s| {
                let g = barrel_grid(s);
                let (d, sol) =
                    timed(|| whack::solve_starts(&g, &WHACK_STARTS, whack::DEFAULT_LIMIT));
                complete += usize::from(sol.complete);
                exhaustive += usize::from(sol.exhaustive);
                d
            })
            .collect();
        report(
            "whack-a-dummy",
            times,
            &format!("{complete} complete, {exhaustive} searched to the end"),
        );
        // The worst grid known (`setup barrels deal=VQP0BB`, 9.7 s when #32
        // was filed).
        let g = grid_of("2 n 4 2 3 4 a 5 a 5 3 a n 3 5 2 2 n 3 n a 4 5 4");
        let (d, sol) = timed(|| whack::solve_starts(&g, &WHACK_STARTS, whack::DEFAULT_LIMIT));
        report(
            "whack-a-dummy VQP0BB",
            vec![d],
            &format!(
                "score {}, {} moves, {} positions at the last start",
                sol.score,
                sol.route.len(),
                sol.positions
            ),
        );
    }
    if wants("slide-jam") {
        let mut proven = 0;
        let mut cleared = 0;
        let times = (0..DEALS)
            .map(|s| {
                let t = tiles(s);
                let g: Vec<Vec<Piece>> = t.chunks(4).map(<[Piece]>::to_vec).collect();
                let start = Instant::now();
                let mut stop = || start.elapsed() > SLIDE_JAM_BUDGET;
                let (d, sol) = timed(|| slide_jam::solve(&g, &mut stop));
                proven += usize::from(sol.proven);
                cleared += usize::from(sol.cleared);
                d
            })
            .collect();
        report(
            "slide-jam",
            times,
            &format!(
                "budget {} s; {proven} proven best, {cleared} cleared",
                SLIDE_JAM_BUDGET.as_secs()
            ),
        );
    }
    if wants("mathrix") {
        mathrix();
    }
    if wants("piece-gaps") {
        piece_gaps();
    }
}

/// Piece Gaps on 200 deals: the whole search's time from each deal
/// (median, 95th percentile, worst) and what it told (won, lost, open),
/// each lost deal held to the plain breadth-first search written apart
/// (`games::piece_gaps::plain`), and each won deal's line replayed by the
/// rules to a win and held to the plain search three moves from its end.
fn piece_gaps() {
    use tablemate::games::piece_gaps::plain;
    use tablemate::games::piece_gaps::solve::{Answer, Search};
    use tablemate::games::piece_gaps::tableau::{AfterGap, Tableau};
    const GAPS_DEALS: u64 = 200;
    let rule = AfterGap::Nothing;
    let mut best_lost: Vec<u8> = Vec::new();
    let mut solver = Vec::new();
    let mut told = [0usize; 3];
    let (mut compared, mut differ, mut longest, mut broken) = (0, 0, 0, 0);
    for seed in 0..GAPS_DEALS {
        let mut rng = TableRng::new(seed);
        let t = Tableau::deal(|v| rng.shuffle(v));
        if t.moves(rule).is_empty() {
            // Locked at the start: the text deals again.
            continue;
        }
        let mut search = Search::new(rule);
        let (d, answer) = timed(|| search.decide(&t));
        solver.push(d);
        told[answer as usize] += 1;
        let at = match answer {
            Answer::Lost => Some(t),
            Answer::Won => search.line(&t).map(|line| {
                longest = longest.max(line.len());
                let mut at = t;
                for &m in &line {
                    broken += usize::from(!at.moves(rule).contains(&m));
                    at.apply(m);
                }
                broken += usize::from(!at.won());
                line[..line.len().saturating_sub(3)]
                    .iter()
                    .fold(t, |mut at, &m| {
                        at.apply(m);
                        at
                    })
            }),
            Answer::Open => None,
        };
        if let Some(at) = at {
            compared += 1;
            let slow = plain::wins(&at.to_string(), false, 5_000_000);
            if slow != Some(answer == Answer::Won) {
                differ += 1;
                println!("piece-gaps: {at}: solver {answer:?}, plain search {slow:?}");
            }
        }
        if answer == Answer::Lost {
            let (fast, slow) = (
                search.most_home(),
                plain::most_home(&t.to_string(), false, 5_000_000),
            );
            best_lost.push(fast);
            if slow != Some(fast) {
                differ += 1;
                println!("piece-gaps: {t}: most home {fast}, plain search {slow:?}");
            }
        }
    }
    let mut sorted = solver.clone();
    sorted.sort();
    let p95 = sorted[sorted.len() * 95 / 100];
    report(
        "piece-gaps",
        solver,
        &format!(
            "p95 {:.2} ms; won {}, lost {} (at best {best_lost:?} tiles home), open {}; longest line {longest} ({broken} lines break a rule or do not win); {compared} held to the plain search, and the lost deals' best too, {differ} differ",
            p95.as_secs_f64() * 1e3,
            told[0],
            told[1],
            told[2]
        ),
    );
}

/// Mathrix on 200 deals: the solver's time from each whole deal (median,
/// 95th percentile, worst), and its answer against the plain search
/// written apart from it (`games::mathrix::plain`: every set reachable,
/// its own arithmetic) from the position of 16 coins random play reaches
/// in each deal (from the whole deal the plain search takes minutes).
/// Then the fewest coins each lost deal can leave (`fewest`): its time,
/// how many deals come down to how few, and the same held to the plain
/// search's own fewest from those positions.
fn mathrix() {
    use tablemate::games::mathrix::fewest::Fewest;
    use tablemate::games::mathrix::grid::{Coins, FULL, Space, Sums};
    use tablemate::games::mathrix::plain;
    use tablemate::games::mathrix::solve::Search;
    use tablemate::games::mathrix::sums::Ops;
    const MATHRIX_DEALS: u64 = 200;
    let mut solver = Vec::new();
    let (mut won, mut compared, mut differ) = (0, 0, 0);
    let mut fewest_times = Vec::new();
    let mut down_to = [0usize; 25];
    let mut fewest_differ = 0;
    for seed in 0..MATHRIX_DEALS {
        let mut rng = TableRng::new(seed);
        let coins = Coins::deal(|v| rng.shuffle(v));
        let sums = Sums::of(&coins, Ops::ALL);
        let (d, wins) = timed(|| Search::new(&sums).wins(FULL));
        solver.push(d);
        won += usize::from(wins);
        if !wins {
            let (d, k) = timed(|| Fewest::new(&sums).lost(&[FULL]).from(FULL));
            fewest_times.push(d);
            down_to[k as usize] += 1;
        }
        let mut on = FULL;
        while on.count_ones() > 16 {
            let can: Vec<Space> = Space::of(sums.removable(on)).collect();
            if can.is_empty() {
                break;
            }
            on &= !can[rng.below(can.len() as u64) as usize].bit();
        }
        if on.count_ones() == 16 {
            compared += 1;
            let (fast, slow) = (Search::new(&sums).wins(on), plain::wins(&coins, on, false));
            if fast != slow {
                differ += 1;
                println!(
                    "mathrix: deal {coins} from {on:024b}: solver {fast}, plain search {slow}"
                );
            }
            let (fast, slow) = (Fewest::new(&sums).from(on), plain::fewest(&coins, on));
            if fast != slow {
                fewest_differ += 1;
                println!(
                    "mathrix fewest: deal {coins} from {on:024b}: search {fast}, plain search {slow}"
                );
            }
        }
    }
    let mut sorted = solver.clone();
    sorted.sort();
    let p95 = sorted[sorted.len() * 95 / 100];
    report(
        "mathrix",
        solver,
        &format!(
            "p95 {:.2} ms; {won} of {MATHRIX_DEALS} winnable; {compared} positions of 16 coins held to the plain search, {differ} differ",
            p95.as_secs_f64() * 1e3
        ),
    );
    let mut sorted = fewest_times.clone();
    sorted.sort();
    let p95 = sorted[sorted.len() * 95 / 100];
    let counts: Vec<String> = (2..down_to.len())
        .filter(|&k| down_to[k] > 0)
        .map(|k| format!("{} to {k}", down_to[k]))
        .collect();
    report(
        "mathrix-fewest",
        fewest_times,
        &format!(
            "p95 {:.2} ms; the lost deals come down {}; {compared} positions held to the plain search's fewest, {fewest_differ} differ",
            p95.as_secs_f64() * 1e3,
            counts.join(", ")
        ),
    );
}
