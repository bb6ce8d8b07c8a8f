//! The probe list (#56 item 7): typing mistakes over every command word,
//! each with the exact message it gets, so a change that loses a message
//! (or starts blaming the wrong word) is seen. Every probe is refused and
//! changes nothing saved. The list is `tests/fixtures/probes.tsv`.

use super::common;

use common::run;

const PROBES: &str = include_str!("../fixtures/probes.tsv");

#[test]
fn every_probe_gets_its_exact_message_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        run(d, &["players", "Ann", "Ben", "Zoë", "Li Wei"], None).code,
        0
    );
    assert_eq!(run(d, &["pad", "new", "hearts"], None).code, 0);
    assert_eq!(run(d, &["--seed", "1", "setup", "slide-jam"], None).code, 0);
    let before = run(d, &["export"], None).out;
    let probes: Vec<(&str, String)> = PROBES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (line, said) = l.split_once('\t').expect("a line, a tab, the message");
            (line, said.replace("\\n", "\n").replace("\\\\", "\\"))
        })
        .collect();
    assert!(probes.len() >= 100, "{} probes", probes.len());
    let mut wrong = Vec::new();
    for (line, said) in &probes {
        let w = shlex::split(line).expect("a probe splits as a shell line");
        let w: Vec<&str> = w.iter().map(String::as_str).collect();
        let r = run(d, &w, None);
        if r.code == 0 || r.err != *said {
            wrong.push(format!(
                "`{line}` (exit {}):\n  got  {:?}\n  want {:?}",
                r.code, r.err, said
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} probes:\n{}",
        wrong.len(),
        probes.len(),
        wrong.join("\n")
    );
    assert_eq!(
        run(d, &["export"], None).out,
        before,
        "a probe changed what is saved"
    );
}
