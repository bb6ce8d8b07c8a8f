//! #59 item 4: a secret roll shows its dice on the roller's seat alone;
//! the table sees that they rolled and a commitment; a reveal shows the
//! dice to all, checked against the commitment, and `log verify` checks
//! every reveal. An edited roll is refused at reveal, an edited reveal by
//! `log verify`.

use std::path::Path;

use crate::common::{self, run};
use crate::serve::{get, seat_post, serve};

/// The log's lines, one changed by `edit`, every link after it made
/// again: a forger who rewrote the whole chain from there.
pub(super) fn forge(d: &Path, edit: impl Fn(&mut serde_json::Value) -> bool) {
    let path = d.join("rolls.log");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = Vec::new();
    let mut changed = false;
    for line in text.lines() {
        let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
        changed |= edit(&mut v);
        let before = lines.last().map_or("", String::as_str);
        v["prev"] = tablemate::roll_log::link(before).into();
        lines.push(serde_json::to_string(&v).unwrap());
    }
    assert!(changed, "nothing to forge");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}

/// Text as one line per paragraph (the terminal wraps at 60 columns).
fn unwrapped(text: &str) -> String {
    text.replace("\n  ", " ")
}

#[test]
fn a_secret_roll_is_seen_by_its_seat_alone_until_revealed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players ann ben"]);
    // No seat yet: the dice would have nowhere to show.
    let r = run(d, &["roll", "2d6", "secret", "as", "ann"], None);
    assert_eq!(
        r.err,
        "error: ann has no seat to see the dice on: `serve` shows the table, and `serve seats` gives each a seat\n"
    );
    let server = serve(d, &[]);
    let port = server.port;
    let ann = server.seat("ann");
    let (code, a) = seat_post(port, &ann, "/seat/roll", r#"{"expr":"3d6 secret"}"#);
    assert_eq!(code, 200, "{a}");
    let said = a["said"].as_str().unwrap();
    assert!(said.starts_with("3d6 ["), "{said}");
    let dice = said.split(" (in secret").next().unwrap().to_string();
    assert!(
        said.contains("(in secret: the table sees only that you rolled, and the commitment "),
        "{said}"
    );
    // The table sees the commitment, never the dice.
    // (once the server has looked: at once on a quiet machine)
    let started = std::time::Instant::now();
    let v = loop {
        let (_, _, json) = get(port, "/state.json");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        if !v["rolls"][0].is_null() {
            break v;
        }
        assert!(started.elapsed().as_secs() < 20, "the roll never showed");
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let last = &v["rolls"][0];
    assert_eq!(last["expr"], "3d6 in secret");
    assert_eq!(last["total"], serde_json::Value::Null);
    assert!(last["shown"].as_str().unwrap().starts_with("commitment "));
    let (_, _, tv) = get(port, "/");
    assert!(!tv.contains(&dice["3d6 ".len()..]), "{tv}");
    let log = run(d, &["log"], None).out;
    assert!(log.contains("ann: 3d6 in secret, commitment "), "{log}");
    // Ben cannot reveal ann's roll; ann can, from her seat.
    let ben = server.seat("ben");
    let (code, a) = seat_post(port, &ben, "/seat/roll", r#"{"expr":"reveal"}"#);
    assert_eq!(code, 422);
    assert_eq!(a["said"], "ben has no secret roll to reveal");
    let (code, a) = seat_post(port, &ann, "/seat/roll", r#"{"expr":"reveal"}"#);
    assert_eq!(code, 200, "{a}");
    let said = a["said"].as_str().unwrap();
    assert!(
        said.starts_with(&format!("ann reveals {dice}, rolled in secret ")),
        "{said}"
    );
    assert!(said.ends_with("the table saw"), "{said}");
    let verify = run(d, &["log", "verify"], None);
    assert_eq!(verify.code, 0, "{}", verify.out);
    assert!(
        unwrapped(&verify.out)
            .contains("1 roll in secret; 1 revealed, each opening the commitment the table saw"),
        "{}",
        verify.out
    );
    let (code, a) = seat_post(port, &ann, "/seat/roll", r#"{"expr":"reveal"}"#);
    assert_eq!(code, 422);
    assert_eq!(a["said"], "ann has no secret roll to reveal");
}

#[test]
fn an_edited_secret_roll_is_not_revealed_and_an_edited_reveal_fails_verify() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players ann ben"]);
    let server = serve(d, &[]);
    let ann = server.seat("ann");
    let (code, _) = seat_post(server.port, &ann, "/seat/roll", r#"{"expr":"1d20 secret"}"#);
    assert_eq!(code, 200);
    // The roller's kept roll changed to another face: refused at reveal.
    let kept = d.join("rolls.secret");
    let text = std::fs::read_to_string(&kept).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    let honest = v.clone();
    // Another face than the one rolled (a 20 comes up one time in 20).
    let forged = if honest["totals"][0] == 20 { 1 } else { 20 };
    let forged_shown = format!("1d20 [{forged}] = {forged}");
    v["totals"] = serde_json::json!([forged]);
    v["shown"] = forged_shown.clone().into();
    std::fs::write(&kept, format!("{v}\n")).unwrap();
    let r = run(d, &["roll", "reveal", "as", "ann"], None);
    assert_eq!(r.code, 1);
    assert!(
        r.err.starts_with(
            "error: ann's secret roll of 1d20 was changed after it was rolled: it does not open the commitment "
        ),
        "{}",
        r.err
    );
    // Put back, it reveals; then a forged reveal (the total raised, the
    // chain rebuilt) fails `log verify`.
    std::fs::write(&kept, format!("{honest}\n")).unwrap();
    let r = run(d, &["roll", "reveal", "as", "ann"], None);
    assert_eq!(r.code, 0, "{}", r.err);
    forge(d, |e| {
        if e.get("reveals").is_none() {
            return false;
        }
        e["totals"] = serde_json::json!([forged]);
        e["shown"] = forged_shown.clone().into();
        true
    });
    let verify = run(d, &["log", "verify"], None);
    assert_eq!(verify.code, 1, "{}", verify.out);
    assert!(
        unwrapped(&verify.out).contains(
            "entry 2 reveals a secret roll falsely: its dice do not open the commitment it names"
        ),
        "{}",
        verify.out
    );
}

/// Rolls and reveals from many processes at once: each secret roll is
/// revealed exactly once (the reveals take turns under a lock), and the
/// log verifies. Two processes once revealed the same roll.
#[test]
fn secret_rolls_and_reveals_from_many_processes_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players ann ben"]);
    let _server = serve(d, &[]);
    let many = |args: &'static [&'static str], n: usize| {
        let children: Vec<_> = (0..n)
            .map(|_| common::output(common::std_command(d).args(args)))
            .collect();
        children.into_iter().filter(|o| o.status.success()).count()
    };
    let rolled = std::thread::scope(|s| {
        let hs: Vec<_> = (0..8)
            .map(|_| s.spawn(|| many(&["roll", "1d6", "secret", "as", "ann"], 1)))
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).sum::<usize>()
    });
    assert_eq!(rolled, 8);
    let revealed = std::thread::scope(|s| {
        let hs: Vec<_> = (0..10)
            .map(|_| s.spawn(|| many(&["roll", "reveal", "as", "ann"], 1)))
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).sum::<usize>()
    });
    assert_eq!(
        revealed, 8,
        "each roll revealed once, the last two told there is none"
    );
    let v = run(d, &["log", "verify"], None);
    assert_eq!(v.code, 0, "{}", v.out);
    assert!(
        unwrapped(&v.out).contains("8 rolls in secret; 8 revealed"),
        "{}",
        v.out
    );
}
