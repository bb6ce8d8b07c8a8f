//! Nothing a player types or points tablemate at may crash, hang or
//! exhaust it. These run the binary: an abort (stack overflow) would kill
//! a test that ran the library in-process.

use super::common;

use std::fs;

use proptest::prelude::*;

/// A script line so deep or long that it used to overflow the stack.
fn deep_lines() -> String {
    format!(
        "prob {}1{}\nprob {}\nroll {}1\n",
        "(".repeat(14_000),
        ")".repeat(14_000),
        vec!["1"; 23_000].join("+"),
        "-".repeat(44_000)
    )
}

#[test]
fn a_script_goes_on_past_deep_lines_and_bytes_that_are_not_text() {
    let data = tempfile::tempdir().unwrap();
    let mut input = deep_lines().into_bytes();
    input.extend_from_slice(b"roll \xff\xfe 2d6\nroll 1d1\n");
    let mut c = common::command(data.path());
    c.write_stdin(input);
    let out = c.output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("line 1: error: more than 100 parentheses"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 2: error: more than 1000 operators"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 3: error: more than 100 parentheses or minus signs"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 4: error: not UTF-8 text; the line was skipped"),
        "{stderr}"
    );
    assert_eq!(
        stdout.trim(),
        "1d1 [1] = 1",
        "the valid line after them runs"
    );
    // Short messages, whatever the length of the line.
    assert!(stderr.len() < 2_000, "{}", stderr.len());
}

#[test]
fn rule_files_that_could_hang_or_flood_are_skipped_and_the_rest_load() {
    let rules = tempfile::tempdir().unwrap();
    let r = rules.path();
    let fifo = r.join("fifo.yaml");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    std::os::unix::fs::symlink("/dev/zero", r.join("zero.yaml")).unwrap();
    let bomb = format!(
        "id: bomb\nname: Bomb\nbig: &a \"{}\"\nsections:\n{}",
        "x".repeat(100_000),
        "  - *a\n".repeat(10_000)
    );
    fs::write(r.join("bomb.yaml"), bomb).unwrap();
    fs::write(
        r.join("deep.yaml"),
        format!(
            "id: deep\nx: {}{}\n",
            "[".repeat(100_000),
            "]".repeat(100_000)
        ),
    )
    .unwrap();
    fs::write(
        r.join("big.yaml"),
        format!("id: big\n# {}\n", "y".repeat(2_000_000)),
    )
    .unwrap();
    let data = tempfile::tempdir().unwrap();
    let (out, err, code) = common::tm_in(
        data.path(),
        &["--rules", r.to_str().unwrap(), "rules", "troll"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Angry Troll"), "{out}");
    for (file, why) in [
        ("fifo.yaml", "not a regular file"),
        ("zero.yaml", "not a regular file"),
        ("bomb.yaml", "YAML anchors (&name) are not used"),
        ("deep.yaml", "nested more than 32 deep"),
        ("big.yaml", "a rule file is at most 1048576"),
    ] {
        assert!(err.contains(file) && err.contains(why), "{file}: {err}");
    }
}

/// Expressions built from nesting, signs and long runs of operators.
fn expression() -> impl Strategy<Value = String> {
    let atom = prop_oneof![
        Just("1".to_string()),
        Just("d6".to_string()),
        Just("2d6kh1".to_string()),
        Just("-3".to_string()),
        Just("9223372036854775807".to_string()),
        Just("10000d{-1000000,0,1000000}!".to_string()),
        Just("d{0,1000000}".to_string()),
    ];
    atom.prop_recursive(6, 64, 4, |inner| {
        prop_oneof![
            (inner.clone(), 0usize..150).prop_map(|(e, n)| format!(
                "{}{e}{}",
                "(".repeat(n),
                ")".repeat(n)
            )),
            (inner.clone(), 0usize..150).prop_map(|(e, n)| format!("{}{e}", "-".repeat(n))),
            // Repeats of repeats grow as 1500^depth: past a few megabytes
            // the test itself ran out of memory (the OOM killer took it),
            // so a line stops at about 4 MB, far past any limit it tests.
            (
                inner.clone(),
                1usize..1500,
                prop_oneof![Just("+"), Just("*"), Just("-")]
            )
                .prop_map(|(e, n, op)| vec![
                    e.clone();
                    n.min(4_000_000 / (e.len() + 1)).max(1)
                ]
                .join(op)),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Any nested or long expression gets an answer or an error, never
    /// an abort, in `roll` and in `prob`.
    #[test]
    fn nested_and_long_expressions_never_abort(e in expression()) {
        let data = tempfile::tempdir().unwrap();
        let script = format!("roll {e}\nprob {e}\nroll 1d1\n");
        let run = common::run(data.path(), &["--seed", "1"], Some(&script));
        prop_assert!(run.code == 0 || run.code == 1, "exit {}: {}", run.code, run.err);
        prop_assert!(run.out.trim_end().ends_with("1d1 [1] = 1"), "{}", run.out);
    }
}

#[test]
fn output_too_large_to_hold_is_refused_before_rolling() {
    let data = tempfile::tempdir().unwrap();
    let (_, err, code) = common::tm_in(data.path(), &["roll", "100000x10000d6"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "100000 rolls of 10000 dice would show 1000000000 dice (about 4000 MB of output)"
        ),
        "{err}"
    );
    let (out, _, code) = common::tm_in(data.path(), &["--json", "roll", "1000x10000d6"]);
    assert_eq!(code, 1);
    assert!(out.contains(r#""type":"error""#), "{out}");
    // Repeated rolls as JSON are written roll by roll, in the same shape.
    let (out, err, code) = common::tm_in(data.path(), &["--seed", "3", "--json", "roll", "3x2d6"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["data"]["rolls"].as_array().unwrap().len(), 3);
    assert_eq!(v["data"]["totals"].as_array().unwrap().len(), 3);
    assert_eq!(v["data"]["expr"], "3x2d6");
}
