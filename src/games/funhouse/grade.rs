//! How hard a room's deal is, from the solver's own measures (issue
//! #49): how long the best line is, how many of each position's moves
//! along it keep par (and where only one does), how often a line of
//! random moves reaches par, and how good par itself is (#61: a deal
//! that forgives every move but cannot score well is no easy deal). The
//! four become one number, 0 to 100, and the number a level by the
//! room's own quartiles (`quartiles`), measured on random deals so that
//! each level holds about a quarter of them.

use serde::Serialize;

use crate::games::grading;
pub use crate::games::grading::Level;

use super::play::{RoomGame, words_of as words};
use super::room::Room;
use crate::random::TableRng;

/// Random lines tried for a grade: enough that a share of a few percent
/// shows, few enough that a grade takes well under a second.
const PLAYOUTS: usize = 48;
/// A random line stops here if the room has not ended (the barrels'
/// die can walk in circles); one that stops so has not reached par.
const PLAYOUT_CAP: usize = 40;
/// The random lines' own generator, so a position has one grade.
const PLAYOUT_SEED: u64 = 0x5EED_6AD3;

/// The measures of one position and what they add up to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Grade {
    pub level: Level,
    /// 0 (the easiest) to 100.
    pub points: u32,
    pub par: u32,
    /// Moves in the best line.
    pub length: usize,
    /// Positions on the best line where exactly one move keeps par.
    pub narrow: usize,
    /// Of the moves open along the best line, the share that keep par.
    pub keeping: f64,
    /// The share of random lines that score well on the room's scale
    /// (`par_scale`'s good score or better): a deal whose par is poor
    /// has none, however many random lines reach that poor par.
    pub random: f64,
    /// The room's good score, which `random` counts lines reaching.
    pub good: u32,
    /// How good par is on the room's own scale: 1 at the best par
    /// deals commonly have, 0 at a par nine deals in ten beat.
    pub reach: f64,
}

/// Each room's par on its own scale: the par of a good deal and of a
/// bad one (over 200 random deals, printed by the `quartiles_of_*` tests: the
/// mirror's quartiles, 0 and the 90th percentile on the barrels and in
/// Trampo-Land). Slide Jam and Whack-a-Dummy deals have par 0 nearly
/// always; the mirror's never do.
fn par_scale(room: Room) -> (u32, u32) {
    match room {
        Room::MagicMirror => (14, 24),
        Room::Barrels => (0, 2),
        Room::TrampoLand => (0, 4),
        _ => (0, 1),
    }
}

/// Where `par` stands on `room`'s scale: 1 good, 0 bad.
fn reach(room: Room, par: u32) -> f64 {
    let (good, bad) = par_scale(room);
    let span = f64::from(bad - good);
    (1.0 - (f64::from(par.clamp(good, bad) - good)) / span).clamp(0.0, 1.0)
}

/// Each room's points at its quartiles: at or below the first an easy
/// deal, then medium, hard, and above the third expert. Measured on 200
/// random deals a room (`TABLEMATE_FULL_PROOFS=1 cargo test --profile
/// profiling --lib quartiles_of -- --nocapture` prints them, with how
/// many deals score each number: where many deals share a number, the
/// bounds are the ones that leave each level nearest a quarter).
fn quartiles(room: Room) -> [u32; 3] {
    match room {
        Room::SlideJam => [35, 37, 39],
        Room::MagicMirror => [48, 56, 65],
        Room::Barrels => [53, 55, 66],
        Room::WhackADummy => [38, 39, 41],
        Room::TrampoLand => [43, 44, 47],
        Room::Catwalk => [50, 50, 50],
    }
}

/// The level of `points` in `room`.
pub fn level_of(room: Room, points: u32) -> Level {
    Level::of(points, quartiles(room))
}

/// How long a line counts in full: 16 moves, as the rooms' best lines
/// run from 4 to about 20. The barrels' run from 8 to 12, and their
/// points fall in a narrow band (random lines almost never reach par),
/// where at 16 length outweighed the share of moves that keep par, and
/// expert deals kept more of them than hard ones; at 24 both measures
/// rise level by level.
fn full_line(room: Room) -> usize {
    match room {
        Room::Barrels => 24,
        _ => 16,
    }
}

/// Grade `game` from where it stands; `None` when the room is over or
/// a search was stopped before it proved its answer.
pub fn grade(game: &RoomGame, stop: &mut dyn FnMut() -> bool) -> Option<Grade> {
    grade_within(game, None, stop)
}

/// `grade`, for a deal wanted at `want` (`setup ROOM level=L`): `None`
/// as well as soon as the grade cannot be `want`, before every move
/// along the best line is asked whether it keeps par (most of a grade's
/// time, and most deals tried are of another level). A grade it gives
/// is the whole grade, as `grade` gives it.
pub fn grade_within(
    game: &RoomGame,
    want: Option<Level>,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Grade> {
    if game.is_over() {
        return None;
    }
    // No line: the best is to take nothing more (a mirror of strangers).
    let (par, proven, line) = game.best_line(stop);
    if !proven {
        return None;
    }
    let room = game.room();
    let random = random_share(game, par, stop)?;
    let reach = reach(room, par);
    let points_at = |keeping: f64| {
        grading::points_with_par(keeping, random, line.len(), full_line(room), reach)
    };
    // The positions along the line, and the moves open at each.
    let mut positions = Vec::with_capacity(line.len());
    let mut at = game.clone();
    for step in &line {
        let moves = at.legal_moves();
        positions.push((at.clone(), moves));
        at.play(&words(step)).ok()?;
    }
    let open: usize = positions.iter().map(|(_, moves)| moves.len()).sum();
    let share = |kept: usize| {
        if open == 0 {
            1.0
        } else {
            kept as f64 / open as f64
        }
    };
    // Along the best line: at each position, which moves keep par (the
    // line's own move does). `sure` counts the moves known to keep par,
    // `unknown` those not asked yet.
    let (mut sure, mut unknown) = (0, open);
    // Points rise as keeping falls: the fewest if every move not asked
    // yet keeps par, the most if none does.
    let cannot_be = |sure: usize, unknown: usize| {
        want.is_some_and(|want| {
            level_of(room, points_at(share(sure + unknown))) > want
                || level_of(room, points_at(share(sure))) < want
        })
    };
    if cannot_be(sure, unknown) {
        return None;
    }
    let mut narrow = 0;
    for ((at, moves), step) in positions.iter().zip(&line) {
        let mut keeping_here = 0;
        for m in moves {
            let keeps = if m == step {
                true
            } else {
                let mut after = at.clone();
                after.play(&words(m)).ok()?;
                // No move from here does better than par: reaching it is
                // keeping it.
                after.reaches(par, stop)?
            };
            keeping_here += usize::from(keeps);
            sure += usize::from(keeps);
            unknown -= 1;
            if cannot_be(sure, unknown) {
                return None;
            }
        }
        narrow += usize::from(keeping_here == 1);
    }
    let keeping = share(sure);
    let points = points_at(keeping);
    Some(Grade {
        level: level_of(room, points),
        points,
        par,
        length: line.len(),
        narrow,
        keeping,
        random,
        good: par_scale(room).0,
        reach,
    })
}

/// The share of random lines (a legal move at random each turn, to the
/// room's end) that score the room's good score or better (issue #78:
/// measured against the deal's own par, a deal with a poor par, which
/// random lines reach easily, read as the most forgiving: Trampo-Land's
/// expert deals had more random lines "reach par" than its easy ones).
/// Where par itself is worse than good, no line can be: no line is
/// played.
fn random_share(game: &RoomGame, par: u32, stop: &mut dyn FnMut() -> bool) -> Option<f64> {
    let good = par_scale(game.room()).0;
    if par > good {
        return Some(0.0);
    }
    let mut rng = TableRng::new(PLAYOUT_SEED);
    let mut reached = 0;
    for _ in 0..PLAYOUTS {
        let mut g = game.clone();
        let mut ended = false;
        for _ in 0..PLAYOUT_CAP {
            if g.is_over() || !g.random_move(&mut rng) {
                ended = true;
                break;
            }
        }
        if ended || g.is_over() {
            let (score, sure) = g.best(stop);
            if !sure {
                return None;
            }
            reached += usize::from(score <= good);
        }
    }
    Some(reached as f64 / PLAYOUTS as f64)
}

/// The grade in a line: "hard (57): par 0 in 14 moves; 3 moves where only
/// one choice keeps par; 2% of random lines score 0" ("score 14 or less"
/// in the mirror, whose good score is not 0).
pub fn describe(g: &Grade) -> String {
    let well = if g.good == 0 {
        "0".to_string()
    } else {
        format!("{} or less", g.good)
    };
    format!(
        "{} ({}): par {} in {} {}; {} {} where only one choice keeps par; {}% of random lines score {well}",
        g.level.name(),
        g.points,
        g.par,
        g.length,
        crate::style::plural(g.length as u64, "move", "moves"),
        g.narrow,
        crate::style::plural(g.narrow as u64, "move", "moves"),
        (g.random * 100.0).round()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::funhouse::setup as fs;

    fn never() -> impl FnMut() -> bool {
        || false
    }

    #[test]
    fn levels_are_the_rooms_own_quartiles() {
        assert_eq!(level_of(Room::SlideJam, 0), Level::Easy);
        assert_eq!(level_of(Room::SlideJam, 36), Level::Medium);
        assert_eq!(level_of(Room::MagicMirror, 48), Level::Easy);
        assert_eq!(level_of(Room::SlideJam, 100), Level::Expert);
    }

    #[test]
    fn a_grade_is_the_same_every_time_and_its_line_keeps_par() {
        let mut rng = TableRng::new(7);
        let deal = fs::slide_jam(&mut rng);
        let game = RoomGame::slide_jam(&deal.grid);
        let a = grade(&game, &mut never()).unwrap();
        let b = grade(&game, &mut never()).unwrap();
        assert_eq!(a, b);
        assert!(a.narrow <= a.length);
        assert!(a.keeping > 0.0 && a.keeping <= 1.0, "{a:?}");
        // Every position on the best line has a move that keeps par, so
        // at least one move a position does.
        assert!(a.keeping * 1000.0 >= a.length as f64, "{a:?}");
    }

    /// A grade for a level wanted is the whole grade when the deal is of
    /// that level, and none when it is not: `setup ROOM level=L` leaves a
    /// try of another level early, and must find the same deals.
    #[test]
    fn a_grade_for_a_level_is_the_grade_or_none() {
        let mut rng = TableRng::new(78);
        for (room, deals) in [
            (Room::TrampoLand, 4),
            (Room::MagicMirror, 6),
            (Room::Barrels, 6),
            (Room::SlideJam, 1),
        ] {
            for _ in 0..deals {
                let game = random_deal(room, &mut rng);
                let whole = grade(&game, &mut never());
                for level in Level::ALL {
                    let within = grade_within(&game, Some(level), &mut never());
                    let expected = whole.clone().filter(|g| g.level == level);
                    assert_eq!(within, expected, "{room:?} {level:?}: {whole:?}");
                }
            }
        }
    }

    /// A level promises a score as well as a forgiving deal (#61 item 4,
    /// #78 item 7): over the same random deals (a level's deals are these
    /// deals, as `setup ROOM level=L` keeps dealing until one grades L),
    /// each level's mean par is at least as good as the next harder
    /// level's, and on the barrels and in Trampo-Land (where most deals
    /// can be cleared) an easy deal can be. Before the random lines were
    /// measured against a good score, the mirror's easy deals had a worse
    /// mean par than its medium ones (19.0 against 16.6 over 200 deals).
    #[test]
    fn each_barrels_level_scores_at_least_as_well_as_the_next_harder() {
        levels_score_in_order(Room::Barrels, 80);
    }

    #[test]
    fn each_magic_mirror_level_scores_at_least_as_well_as_the_next_harder() {
        levels_score_in_order(Room::MagicMirror, 80);
    }

    #[test]
    fn each_trampo_land_level_scores_at_least_as_well_as_the_next_harder() {
        levels_score_in_order(Room::TrampoLand, 40);
    }

    /// Over `deals` random deals of `room`, the mean par level by level
    /// never gets better as the level gets harder (a test a room, so that
    /// they run side by side).
    fn levels_score_in_order(room: Room, deals: usize) {
        let mut rng = TableRng::new(61);
        let mut by_level: [Vec<u32>; 4] = Default::default();
        for _ in 0..deals {
            let game = random_deal(room, &mut rng);
            if let Some(g) = grade(&game, &mut never()) {
                by_level[g.level as usize].push(g.par);
            }
        }
        let mean = |pars: &[u32]| pars.iter().sum::<u32>() as f64 / pars.len() as f64;
        assert!(
            by_level.iter().all(|l| !l.is_empty()),
            "{room:?}: {by_level:?}"
        );
        let means: Vec<f64> = by_level.iter().map(|l| mean(l)).collect();
        for w in means.windows(2) {
            assert!(
                w[0] <= w[1],
                "{room:?}: mean par by level {means:?}: {by_level:?}"
            );
        }
        if room != Room::MagicMirror {
            assert!(
                by_level[0].iter().all(|&p| p == 0),
                "{room:?}: {by_level:?}"
            );
        }
    }

    /// A random deal of `room`, as its setup deals one.
    pub fn random_deal(room: Room, rng: &mut TableRng) -> RoomGame {
        use crate::games::die_rolls::random_face;
        match room {
            Room::SlideJam => RoomGame::slide_jam(&fs::slide_jam(rng).grid),
            Room::MagicMirror => {
                let s = fs::magic_mirror(&[], &[], rng).unwrap();
                RoomGame::magic_mirror(&s.upper, &s.lower)
            }
            Room::Barrels | Room::WhackADummy => {
                let mut pool = fs::coin_pool(&[]).unwrap();
                rng.shuffle(&mut pool);
                let grid = fs::barrels(&pool).grid;
                if room == Room::Barrels {
                    RoomGame::barrels(grid, Default::default())
                } else {
                    RoomGame::whack(grid)
                }
            }
            _ => {
                let die = random_face(rng);
                let cast = fs::random_cast(rng);
                RoomGame::trampo_land(fs::trampo_land(die, cast, fs::random_columns(rng)))
            }
        }
    }

    /// The quartiles in `quartiles` split a room's deals about in
    /// quarters, on 12 deals (a Slide Jam grade takes half a second
    /// unoptimised); after a change to the measures, on 200 with the
    /// room's slowest grade and the counts to choose the bounds from
    /// (`TABLEMATE_FULL_PROOFS=1 cargo test --profile profiling --lib
    /// quartiles_of -- --nocapture`).
    fn quartiles_hold(room: Room, small: usize) {
        let deals = crate::proof_sample(small, 200);
        let mut rng = TableRng::new(2026);
        if room == Room::WhackADummy && !crate::full_proofs() {
            // The small sample passes over the stream's first eleven
            // deals: three of them take Whack-a-Dummy's A* search 5 to 13
            // s unoptimised (under half a second in release).
            for _ in 0..11 {
                random_deal(room, &mut rng);
            }
        }
        let mut all = Vec::new();
        let mut pars = Vec::new();
        let mut times = Vec::new();
        for _ in 0..deals {
            let game = random_deal(room, &mut rng);
            let t = std::time::Instant::now();
            if let Some(g) = grade(&game, &mut never()) {
                all.push(g.points);
                pars.push(g.par);
            }
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        grading::assert_quarters(&format!("{room:?}"), &all, quartiles(room));
        // The same deals by the levels these quartiles make: par by
        // level (#61: an easy deal scores well).
        let mut sorted = all.clone();
        sorted.sort();
        let qs = |f: f64| sorted[((sorted.len() - 1) as f64 * f) as usize];
        let measured = [qs(0.25), qs(0.5), qs(0.75)];
        for level in Level::ALL {
            let of: Vec<u32> = all
                .iter()
                .zip(&pars)
                .filter(|(p, _)| Level::of(**p, measured) == level)
                .map(|(_, par)| *par)
                .collect();
            let mean = of.iter().sum::<u32>() as f64 / of.len().max(1) as f64;
            let over = of.iter().filter(|&&p| p > par_scale(room).0).count();
            println!(
                "  {}: {} deals, mean par {mean:.2}, {over} above a good par",
                level.name(),
                of.len()
            );
        }
        all.sort();
        pars.sort();
        let mut counts = std::collections::BTreeMap::new();
        for p in &all {
            *counts.entry(*p).or_insert(0) += 1;
        }
        println!("  points: {counts:?}");
        let p = |f: f64| pars[((pars.len() - 1) as f64 * f) as usize];
        println!(
            "{room:?}: par quartiles {} {} {}, 90% {}, max {}",
            p(0.25),
            p(0.5),
            p(0.75),
            p(0.9),
            p(1.0)
        );
        times.sort_by(f64::total_cmp);
        let q = |f: f64| all[((all.len() - 1) as f64 * f) as usize];
        let t = |f: f64| times[((times.len() - 1) as f64 * f) as usize];
        println!(
            "{room:?}: graded {} of {deals}; quartiles {} {} {}; ms median {:.1} p95 {:.1} max {:.1}",
            all.len(),
            q(0.25),
            q(0.5),
            q(0.75),
            t(0.5),
            t(0.95),
            t(1.0)
        );
    }

    #[test]
    fn quartiles_of_slide_jam() {
        quartiles_hold(Room::SlideJam, 12);
    }

    #[test]
    fn quartiles_of_the_mirror() {
        quartiles_hold(Room::MagicMirror, 12);
    }

    #[test]
    fn quartiles_of_the_barrels() {
        quartiles_hold(Room::Barrels, 12);
    }

    #[test]
    fn quartiles_of_whack_a_dummy() {
        quartiles_hold(Room::WhackADummy, 16);
    }

    #[test]
    fn quartiles_of_trampo_land() {
        quartiles_hold(Room::TrampoLand, 12);
    }

    /// Deals of each level found as `setup ROOM level=L` finds them: the
    /// average share of moves keeping par must fall from the easiest level
    /// to the hardest, and the share of random lines scoring well must
    /// never rise. The
    /// full run (`TABLEMATE_FULL_PROOFS=1 cargo test --profile profiling
    /// --lib levels_of -- --nocapture`) takes 100 deals of every level,
    /// 400 on the barrels, whose levels lie a point or two apart, and
    /// prints every measure's average with how many deals and how long
    /// each search took; the small one the tests run every time sets 3
    /// easy deals against 3 expert ones. Slide Jam's levels are held apart
    /// in the full run alone: finding one expert deal of it takes about 10
    /// s unoptimised (its quartiles are checked every time,
    /// `quartiles_of_slide_jam`). Line lengths no longer order the levels
    /// since par joined the grade (#61): the full run finds expert lines
    /// shorter than hard ones in the mirror, the barrels and Trampo-Land,
    /// the deals whose par is far from good.
    fn levels_hold_apart(room: Room) {
        let mut rng = TableRng::new(49);
        let full = crate::full_proofs();
        let levels: &[Level] = if full {
            &Level::ALL
        } else {
            &[Level::Easy, Level::Expert]
        };
        let deals = match (full, room) {
            (false, _) => 3,
            (true, Room::Barrels) => 400,
            (true, _) => 100,
        };
        let n = deals as f64;
        // The average shares of moves keeping par and of random lines
        // scoring well, level by level.
        let mut by_level: Vec<(f64, f64)> = Vec::new();
        for &level in levels {
            let (mut keeping, mut length, mut random, mut narrow) = (0.0, 0.0, 0.0, 0.0);
            let mut ms = Vec::new();
            let mut tries_all = Vec::new();
            for _ in 0..deals {
                let t = std::time::Instant::now();
                let mut tries = 0;
                let g = loop {
                    tries += 1;
                    let game = random_deal(room, &mut rng);
                    if let Some(g) = grade(&game, &mut never())
                        && g.level == level
                    {
                        break g;
                    }
                };
                ms.push(t.elapsed().as_secs_f64() * 1000.0);
                tries_all.push(tries);
                keeping += g.keeping / n;
                length += g.length as f64 / n;
                random += g.random / n;
                narrow += g.narrow as f64 / n;
            }
            ms.sort_by(f64::total_cmp);
            tries_all.sort();
            let at = |f: f64| ((deals - 1) as f64 * f).round() as usize;
            println!(
                "{room:?} {}: keeping {:.2}, line {:.1}, narrow {:.1}, random {:.2}; deals tried median {} max {}; ms median {:.0} p95 {:.0} max {:.0}",
                level.name(),
                keeping,
                length,
                narrow,
                random,
                tries_all[at(0.5)],
                tries_all[at(1.0)],
                ms[at(0.5)],
                ms[at(0.95)],
                ms[at(1.0)]
            );
            by_level.push((keeping, random));
        }
        // Forgiveness falls from the easiest level to the hardest, and
        // the share of random lines that score well never rises. Not
        // keeping level by level (#78 item 7): once random lines were
        // measured against a good score, the mirror's and the barrels'
        // medium and hard deals kept par alike (0.69 and 0.70, 0.386 and
        // 0.386 over 100 and 400 deals) and differ by par itself, which
        // `levels_score_in_order` holds in order.
        let (easiest, hardest) = (by_level[0], by_level[by_level.len() - 1]);
        assert!(
            easiest.0 > hardest.0,
            "{room:?} keeping by level: {by_level:?}"
        );
        for w in by_level.windows(2) {
            assert!(w[1].1 <= w[0].1, "{room:?} random by level: {by_level:?}");
        }
    }

    /// The two rooms of the run's first stage; Slide Jam's levels in the
    /// full run alone (see above).
    #[test]
    fn levels_of_the_mirror_and_slide_jam_hold_apart() {
        levels_hold_apart(Room::MagicMirror);
        if crate::full_proofs() {
            levels_hold_apart(Room::SlideJam);
        }
    }

    #[test]
    fn levels_of_the_barrels_hold_apart() {
        levels_hold_apart(Room::Barrels);
    }

    #[test]
    fn levels_of_trampo_land_hold_apart() {
        levels_hold_apart(Room::TrampoLand);
    }
}
