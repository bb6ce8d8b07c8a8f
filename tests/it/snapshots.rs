//! Golden output: diagrams and results for fixed seeds, compared as text
//! with colour off. A published seed must keep meaning the same layout, so
//! a change here is a change users notice. After a deliberate change, run
//! `UPDATE_SNAPSHOTS=1 cargo test --test snapshots` and review the diff.

use std::path::Path;

use super::common;

#[test]
fn outputs_match_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let list = std::fs::read_to_string(dir.join("COMMANDS")).unwrap();
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let mut failures = Vec::new();
    for line in list.lines().filter(|l| !l.trim().is_empty()) {
        let (name, args) = line.split_once(": ").expect("NAME: ARGS");
        let data = tempfile::tempdir().unwrap();
        let mut argv = vec!["--color", "never"];
        argv.extend(args.split(' '));
        let run = common::run(data.path(), &argv, None);
        assert_eq!(run.code, 0, "{name}: {}", run.err);
        for l in run.out.lines() {
            assert!(
                l.chars().count() <= 60,
                "{name}: wider than 60 columns: {l}"
            );
        }
        let file = dir.join(format!("{name}.txt"));
        if update {
            std::fs::write(&file, &run.out).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&file).unwrap_or_default();
        if run.out != want {
            failures.push(format!(
                "--- {name} ({args})\nwant:\n{want}\ngot:\n{}",
                run.out
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
