//! Every setup's "deals it again" line carries everything that was given
//! (settings, pieces) and, run as printed, lays the same table byte for
//! byte (issue #28 item 1: the line used to drop them).

use super::common;

use common::run;

/// The line a setup suggests to deal it again, as words.
fn again_line(out: &str) -> Vec<String> {
    // The line may wrap: join the output, then take what is in backquotes
    // after `deal CODE:`.
    let flat = out.replace("\n  ", " ");
    let at = flat.rfind("deal ").expect("a deal line");
    let line = &flat[at..];
    let start = line.find('`').unwrap() + 1;
    let end = start + line[start..].find('`').unwrap();
    shlex::split(&line[start..end]).unwrap()
}

/// The setup's output without its deal line (the line names the code and
/// the words, which differ between the first form and the repeat).
fn table(out: &str) -> &str {
    &out[..out.rfind("\ndeal ").expect("a deal line")]
}

/// Setups that draw nothing at random, so print no deal code.
const NOTHING_DRAWN: [&str; 2] = [
    "setup whack-a-dummy",
    "setup slides-of-action players=3 suits=C,A,S",
];

#[test]
fn every_setup_deals_again_from_its_line() {
    for given in [
        "setup slide-jam",
        "setup magic-mirror",
        "setup magic-mirror S3 C2 / A4 M5",
        "setup catwalk",
        "setup catwalk Sn C3 A2 rolls=3,n,5",
        "setup barrels",
        "setup barrels 5 n 4 n n 3",
        "setup whack-a-dummy",
        "setup trampo-land",
        "setup trampo-land die=3",
        "setup lab-rats",
        "setup lab-rats variant=harder",
        "setup troll",
        "setup troll variant=toys",
        "setup slides-of-action",
        "setup slides-of-action players=3 suits=C,A,S",
        "setup penguins",
        "setup penguins players=3",
        "setup penguins players=4 variant=elbow-room",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut words = vec!["--seed", "3"];
        words.extend(given.split_whitespace());
        let first = run(dir.path(), &words, None);
        assert_eq!(first.code, 0, "{given}: {}", first.err);
        if first.out.contains("\ndeal sealed") {
            // A code that would lay face-down cards is not printed (#44);
            // `troll reveal` gives the line, and it lays the same bridge.
            assert!(!first.out.contains("deal="), "{given}: {}", first.out);
            let reveal = run(dir.path(), &["troll", "reveal"], None).out;
            let line = reveal.lines().last().unwrap();
            let line = line.strip_suffix("` lays this bridge again").unwrap();
            let words = shlex::split(line.strip_prefix('`').unwrap()).unwrap();
            let rest: Vec<&str> = given.split_whitespace().skip(2).collect();
            assert_eq!(&words[2..2 + rest.len()], rest.as_slice(), "{given}");
            let elsewhere = tempfile::tempdir().unwrap();
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            let second = run(elsewhere.path(), &args, None);
            assert_eq!(second.code, 0, "{line}: {}", second.err);
            assert_eq!(table(&second.out), table(&first.out), "{line}");
            let again = run(elsewhere.path(), &["troll", "reveal"], None).out;
            assert_eq!(again, reveal, "{line}");
            continue;
        }
        if !first.out.contains("\ndeal ") {
            // Nothing was drawn (Whack-a-Dummy's fixed start, a Slides
            // game whose suits were given): the words alone repeat it.
            assert!(NOTHING_DRAWN.contains(&given), "{given}: no deal line");
            let again = run(tempfile::tempdir().unwrap().path(), &words[2..], None);
            assert_eq!(again.out, first.out, "{given}");
            continue;
        }
        let line = again_line(&first.out);
        // Every word given is in the line, in order.
        let rest: Vec<&str> = given.split_whitespace().skip(2).collect();
        let carried: Vec<&str> = line.iter().skip(2).map(String::as_str).collect();
        assert_eq!(
            &carried[..rest.len()],
            rest.as_slice(),
            "{given}: the line {line:?} drops what was given"
        );
        // In a fresh directory, without the seed, it lays the same table.
        let dir = tempfile::tempdir().unwrap();
        let args: Vec<&str> = line.iter().map(String::as_str).collect();
        let second = run(dir.path(), &args, None);
        assert_eq!(second.code, 0, "{line:?}: {}", second.err);
        assert_eq!(table(&second.out), table(&first.out), "{line:?}");
        assert_eq!(again_line(&second.out), line, "{given}");
    }
}

#[test]
fn a_shuffled_item_of_several_words_stays_one_item() {
    let dir = tempfile::tempdir().unwrap();
    let first = run(
        dir.path(),
        &["shuffle", "alice", "bob", "carol ann", "deal=0ABCDE"],
        None,
    );
    assert_eq!(first.code, 0, "{}", first.err);
    let order = first.out.lines().next().unwrap();
    let mut items: Vec<&str> = order.split(", ").collect();
    items.sort();
    assert_eq!(items, ["alice", "bob", "carol ann"], "{order}");
    let line = again_line(&first.out);
    assert_eq!(
        line,
        ["shuffle", "alice", "bob", "carol ann", "deal=0ABCDE"]
    );
}

/// #49 item 5: `setup ROOM daily` lays the same deal for everyone on the
/// same date (two stores, two seeds: two machines), and says so; a game
/// whose cards are secret has none; `daily` with `deal=` is refused.
#[test]
fn the_daily_deal_is_the_same_for_everyone_today() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let grid = |dir: &std::path::Path, seed: &str| {
        let r = run(
            dir,
            &["--seed", seed, "--json", "setup", "slide-jam", "daily"],
            None,
        );
        assert_eq!(r.code, 0, "{}", r.err);
        let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
        (
            v["data"]["grid"].clone(),
            v["data"]["daily"].clone(),
            v["data"]["deal"].clone(),
        )
    };
    let (ga, day, code) = grid(a.path(), "1");
    let (gb, _, code_b) = grid(b.path(), "2");
    assert_eq!(ga, gb);
    assert_eq!(code, code_b);
    assert_eq!(day.as_str().map(str::len), Some(10), "{day}");
    let text = run(a.path(), &["setup", "slide-jam", "daily"], None).out;
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("everyone who types `setup slide-jam daily` today lays this"),
        "{text}"
    );
    let troll = run(a.path(), &["setup", "troll", "daily"], None);
    assert_eq!(
        troll.err,
        "error: Angry Troll versus Magic Bridge has no daily deal: its cards are secret, and a deal everyone can lay is no secret\n"
    );
    let both = run(
        a.path(),
        &["setup", "slide-jam", "daily", "deal=GBHPKQ"],
        None,
    );
    assert_eq!(
        both.err,
        "error: 'daily' and deal= together: `daily` is the day's deal, deal= another\n"
    );
}
