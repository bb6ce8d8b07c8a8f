//! A whole Funhouse run followed in one script, room by room, with the
//! moves entered as a player would enter them, one illegal move refused on
//! the way, and the run's total computed from the tracked positions alone.
//! The moves come from the solvers (through the library) for the deals the
//! script sets up.

use tablemate::games::funhouse::die::{self, Hand};
use tablemate::games::funhouse::play::RoomGame as Game;
use tablemate::games::funhouse::setup::trampo_land;
use tablemate::games::funhouse::solve::{barrels, mirror, slide_jam, trampo, whack};
use tablemate::pieces::{Piece, Rank};

use super::common;

const DEAL: &str = "KXXCQD";
const COINS: &str = "n 3 a 2 4 5 2 a 5 a 3 n n 4 2 4 3 2 n 5 a 3 5 4";

fn rows<T: std::str::FromStr + Clone>(s: &str) -> Vec<Vec<T>>
where
    T::Err: std::fmt::Debug,
{
    let v: Vec<T> = s.split_whitespace().map(|w| w.parse().unwrap()).collect();
    v.chunks(4).map(<[T]>::to_vec).collect()
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn take(t: &slide_jam::Take) -> String {
    format!(
        "{} {} {} {} stack={}",
        t.family[0],
        t.family[1],
        t.family[2],
        t.slide.name(),
        t.stack
    )
}

#[test]
fn a_whole_run_played_along_scores_from_the_table() {
    let data = tempfile::tempdir().unwrap();
    // The Slide Jam deal the code stands for, to work its moves out.
    let run = common::run(
        data.path(),
        &["--json", "setup", "slide-jam", &format!("deal={DEAL}")],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&run.out).unwrap();
    let grid: Vec<Vec<Piece>> = v["data"]["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap().parse().unwrap())
                .collect()
        })
        .collect();
    let sj = slide_jam::solve(&grid, &mut || false);
    // The run carries the table: Slide Jam's stacks become the mirror.
    let mut sj_game = Game::slide_jam(&grid);
    for t in &sj.takes {
        sj_game.play(&words(&take(t))).unwrap();
    }
    let [upper, lower] = sj_game.stacks().unwrap();
    let (upper, lower): (Vec<Vec<Piece>>, Vec<Vec<Piece>>) = (
        upper.chunks(4).map(<[Piece]>::to_vec).collect(),
        lower.chunks(4).map(<[Piece]>::to_vec).collect(),
    );
    let mm = mirror::solve(&upper, &lower);
    let coins: Vec<Vec<Rank>> = rows(COINS);
    let rb = barrels::solve(&coins, Hand::Left);
    let wd = whack::solve(&coins, (2, 1), whack::DEFAULT_LIMIT);
    // ... and the Whack-a-Dummy column sums set Trampo-Land up.
    let tl = trampo::solve(trampo_land(Rank::Three, 10, wd.columns).board, &mut || {
        false
    });
    assert!(wd.complete && tl.proven && sj.proven);

    let mut script = String::from("funhouse new\n");
    script.push_str(&format!("setup slide-jam deal={DEAL}\n"));
    // Refused: not three tiles in sequence.
    let first = sj.takes[0].family;
    script.push_str(&format!(
        "move {} {} {} left\n",
        first[0], first[0], first[0]
    ));
    for t in &sj.takes {
        script.push_str(&format!("move {}\n", take(t)));
    }
    script.push_str("score slide-jam\nsetup magic-mirror\n");
    for p in &mm.pairs {
        script.push_str(&format!("move {}+{}\n", p.upper, p.lower));
    }
    script.push_str("score mirror\nsetup catwalk\nscore catwalk 5xn 4xn nx3\ndie left\n");
    script.push_str(&format!("setup barrels {COINS}\n"));
    script.push_str(&format!(
        "move start {} {}\n",
        die::name(rb.start.top),
        die::name(rb.start.north)
    ));
    for t in &rb.route {
        script.push_str(&format!("move {}\n", t.dir.name()));
    }
    script.push_str("score barrels\nsetup whack-a-dummy\nmove start r3c2\n");
    for s in &wd.route {
        script.push_str(&format!("move {}\n", s.dir.name()));
    }
    script.push_str("score whack\nsetup trampo-land die=3 cast=10\n");
    for m in &tl.moves {
        let (trampo::Move::Bounce { from, to, .. } | trampo::Move::Walk { from, to, .. }) = *m;
        script.push_str(&format!("move {from} {to}\n"));
    }
    script.push_str("score trampo-land\nfunhouse\nfunhouse end\ngames\n");

    let run = common::run(data.path(), &[], Some(&script));
    let flat = run.out.replace('\n', " ");
    assert_eq!(run.code, 1, "one move was refused: {}", run.err);
    assert_eq!(
        run.err.lines().filter(|l| l.contains("error")).count(),
        1,
        "{}",
        run.err
    );
    assert!(run.err.contains("is not a family"), "{}", run.err);
    for room in [
        "slide-jam",
        "magic-mirror",
        "roll-out-the-barrels",
        "whack-a-dummy",
        "trampo-land",
    ] {
        assert!(
            flat.contains(&format!(
                "scored from the position you played (score {room}"
            )),
            "{room} not scored from play:\n{}",
            run.out
        );
    }
    assert!(flat.contains("stacks: from your Slide Jam play"), "{flat}");
    assert!(
        flat.contains("laying order: your Magic Mirror stacks"),
        "{flat}"
    );
    let sums: Vec<String> = wd.columns.iter().map(u32::to_string).collect();
    assert!(
        flat.contains(&format!(
            "columns {} (your Whack-a-Dummy play)",
            sums.join(",")
        )),
        "{flat}"
    );
    // The mirror grid drawn is the one worked out from the stacks.
    let first_row: Vec<String> = upper[0].iter().map(Piece::to_string).collect();
    assert!(
        flat.contains(&format!("  {}", first_row.join("  "))),
        "{flat}"
    );
    // Issue #45: each room is a record of its own, Whack-a-Dummy and the
    // Catwalk included, closed with its score; the run is the group that
    // holds them, and filing it leaves none in play.
    let listed: Vec<&str> = run
        .out
        .lines()
        .skip_while(|l| !l.starts_with("Epic Funhouse run 1"))
        .collect();
    assert!(!listed.is_empty(), "{}", run.out);
    let rooms = [
        ("Slide Jam", sj.score),
        ("Magic Mirror", mm.score),
        ("Catwalk", 12),
        ("Roll Out the Barrels", rb.score),
        ("Whack-a-Dummy", wd.score),
        ("Trampo-Land", tl.score),
    ];
    let body = listed[1..].join(" ");
    for (i, (title, score)) in rooms.iter().enumerate() {
        let points = if *score == 1 { "point" } else { "points" };
        let at = body
            .find(&format!("  {} ", i + 1))
            .unwrap_or_else(|| panic!("no record {}: {body}", i + 1));
        let line = &body[at..];
        assert!(line.contains(&format!(" {title}, ")), "{title}: {line}");
        let result = format!(": scored {score} {points}");
        assert!(
            line.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .contains(&result),
            "{title} {result}: {line}"
        );
    }
    assert!(!body.contains("(in play)"), "{body}");
    assert!(!body.contains("  7 "), "a seventh record: {body}");
    // #49 item 2: each room played on the solver's line is told it kept
    // the deal's par once scored.
    for (title, score) in [
        ("Slide Jam", sj.score),
        ("Magic Mirror", mm.score),
        ("Roll Out the Barrels", rb.score),
        ("Trampo-Land", tl.score),
    ] {
        assert!(
            flat.contains(&format!(
                "you scored {score}; par was {score}: you kept par"
            )),
            "{title}: {flat}"
        );
    }
    let total = sj.score + mm.score + 12 + rb.score + wd.score + tl.score;
    assert!(
        flat.contains(&format!("run total {total} after 6 of 6 rooms")),
        "total {total}:\n{}",
        run.out
    );
}

/// `score ROOM` with nothing typed, while the room played along is not
/// over by its rules, says so (issue #45: `score sj` recorded a position
/// where a family could still be taken, without a word).
#[test]
fn scoring_a_room_that_is_not_over_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ok = |line: &str| {
        let r = common::run_line(d, line);
        assert_eq!(r.code, 0, "{line}: {}", r.err);
        r.out.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    ok("funhouse new");
    ok("--seed 1 setup slide-jam");
    ok("move M4 C5 Mn up stack=2");
    let note = "note: Slide Jam is not over by its rules: a move is still open (`hint` shows one); this scores the position as it stands";
    assert!(ok("score sj").contains(note));
    // Tiles typed are the player's word for the table: no note.
    assert!(!ok("score sj Cn A3 A5").contains("not over"));
}

/// #49 item 2: a deal's par is kept hidden until asked (`par`) or until
/// the room is scored, when it is told beside the score.
#[test]
fn a_deals_par_is_told_when_asked_and_when_scored() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let said = |line: &str| common::run_line(d, line);
    assert_eq!(
        said("par").err,
        "error: `par` says the best score a room's deal allows in a Funhouse run (`funhouse new`, then `setup` the room); the other puzzles grade their own deals: `rats grade`, `fuji grade`, `mathrix grade`, `gaps grade`\n"
    );
    assert_eq!(said("funhouse new").code, 0);
    assert_eq!(said("--seed 1 setup slide-jam").code, 0);
    // Nothing of the par is said at setup.
    assert!(!said("--seed 1 setup slide-jam").out.contains("par"));
    assert_eq!(
        said("par").out,
        "Slide Jam par for this deal: 0 points (the best it allows)\n"
    );
    let v: serde_json::Value = serde_json::from_str(&said("--json par").out).unwrap();
    assert_eq!(
        v["data"],
        serde_json::json!({"par": 0, "proven": true, "room": "slide-jam"})
    );
    assert_eq!(said("move M4 C5 Mn up stack=2").code, 0);
    let scored = said("score sj").out;
    assert!(scored.ends_with("you scored 51; par was 0\n"), "{scored}");
}

/// #49 item 4: with the coach on, a move that loses points is told what
/// it cost against best play (the loss, a move that keeps the best, and
/// that best); a move that keeps the best gets no comment; the coach is
/// off until asked.
#[test]
fn the_coach_says_what_a_move_cost() {
    let table = |moves: &[&str]| {
        let dir = tempfile::tempdir().unwrap();
        let mut out = String::new();
        for line in [
            "funhouse new",
            "score sj none",
            "setup magic-mirror deal=CW4MST",
        ]
        .iter()
        .chain(moves)
        {
            let r = common::run_line(dir.path(), line);
            assert_eq!(r.code, 0, "{line}: {}", r.err);
            out = r.out.split_whitespace().collect::<Vec<_>>().join(" ");
        }
        out
    };
    let cost = "that move cost you 4 points: A2+M3 would have kept 29";
    assert!(table(&["coach on", "move M2+M3"]).contains(cost));
    assert!(!table(&["coach on", "move A2+M3"]).contains("cost you"));
    assert!(
        !table(&["move M2+M3"]).contains("cost you"),
        "the coach is off until asked"
    );
    let json = table(&["coach on", "--json move M2+M3"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        v["data"]["coached"],
        serde_json::json!({"cost": 4, "better": "A2+M3", "kept": 29})
    );
    let dir = tempfile::tempdir().unwrap();
    let bad = common::run(dir.path(), &["coach", "maybe"], None);
    assert_eq!(bad.err, "error: 'maybe': `coach` takes on or off\n");
}

/// #49 item 4: `replay N --coach` marks the moves of a room's record that
/// cost points, as the coach would have said at the time (the coach need
/// not have been on).
#[test]
fn replay_coach_marks_the_moves_that_cost() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(
        d,
        &[
            "funhouse new",
            "score sj none",
            "setup magic-mirror deal=CW4MST",
            "move M2+M3",
        ],
    );
    let r = common::run_line(d, "replay 1 --coach");
    assert_eq!(r.code, 0, "{}", r.err);
    let flat = r.out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        flat,
        "game 1, Magic Mirror: 1 of 1 step cost move 1 (move M2+M3 (magic-mirror)): that move cost you 4 points: A2+M3 would have kept 29"
    );
    let r = common::run_line(d, "--json replay 1 --coach");
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["data"]["marks"].as_array().unwrap().len(), 1, "{v}");
    // --coach and --out are one at a time; a game with no coach says so.
    let r = common::run_line(d, "replay 1 --coach --out x.ppn");
    assert_eq!(
        r.err,
        "error: '--coach' marks the moves here, '--out' writes the game to a file: one at a time\n"
    );
    common::run_ok(d, &["--seed 1 setup troll"]);
    let r = common::run_line(d, "replay 2 --coach");
    assert_eq!(
        r.err,
        "error: Angry Troll versus Magic Bridge has no coach: `replay --coach` weighs the moves of Slide Jam, Magic Mirror, Roll Out the Barrels, Whack-a-Dummy, Trampo-Land, Fuji-san, Mathrix, Piece Gaps, Slides of Action\n"
    );
}
