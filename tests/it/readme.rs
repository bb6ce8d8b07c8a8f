//! The README's and the guide's examples are what tablemate takes and
//! prints (issues #28 and #43).
//!
//! A transcript is a fenced block of `tm> COMMAND` lines, each followed by
//! lines of what it printed. Every transcript is typed into one REPL
//! session (piped, so 60 columns and no colour) in a fresh data directory,
//! and each command's shown lines must appear in its output in order.
//! Whitespace is compared collapsed, so a line the README wraps at another
//! width still matches. A line `...` (with a note in parentheses, or not)
//! stands for lines left out. Every other example line in a fenced block
//! (`tablemate roll 2d6`, or a REPL line such as `draw bag 5   comment`)
//! must parse as a command: a renamed command or setting cannot leave the
//! docs behind.

use super::common;

use std::io::Write;
use std::process::Stdio;

/// A line typed between commands, so their outputs can be told apart:
/// an unknown command, refused with its name in the message.
const MARKER: &str = "zz-readme-marker";

struct Step {
    line: usize,
    command: String,
    shown: Vec<String>,
}

/// Every transcript in the README, in order.
fn transcripts(readme: &str) -> Vec<Vec<Step>> {
    let mut all = Vec::new();
    let mut current: Vec<Step> = Vec::new();
    let mut fenced = false;
    for (n, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            if fenced && !current.is_empty() {
                all.push(std::mem::take(&mut current));
            }
            fenced = !fenced;
            continue;
        }
        if !fenced {
            continue;
        }
        if let Some(command) = line.strip_prefix("tm> ") {
            current.push(Step {
                line: n + 1,
                command: command.to_string(),
                shown: Vec::new(),
            });
        } else if let Some(step) = current.last_mut() {
            step.shown.push(line.to_string());
        }
    }
    all
}

fn collapsed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Each command's output (stdout and stderr as they came), in order.
fn outputs(commands: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let mut input = String::new();
    for c in commands {
        input.push_str(c);
        input.push('\n');
        input.push_str(MARKER);
        input.push('\n');
    }
    // Both streams into one file, so an error stays beside its command.
    let log = dir.path().join("said.txt");
    let file = std::fs::File::create(&log).unwrap();
    let mut child = common::std_command(&dir.path().join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::from(file.try_clone().unwrap()))
        .stderr(Stdio::from(file))
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    common::wait::exit_within(&mut child, common::wait::COMMAND, "the commands piped in");
    let text = std::fs::read_to_string(&log).unwrap();
    let mut parts = Vec::new();
    let mut part = String::new();
    for line in text.lines() {
        if line.contains(MARKER) {
            parts.push(std::mem::take(&mut part));
        } else {
            part.push_str(line);
            part.push('\n');
        }
    }
    parts
}

#[test]
fn the_docs_transcripts_are_what_tablemate_prints() {
    let mut wrong = Vec::new();
    let mut found = 0;
    for (name, text) in common::docs::documents() {
        let all = transcripts(&text);
        found += all.len();
        for steps in &all {
            let commands: Vec<&str> = steps.iter().map(|s| s.command.as_str()).collect();
            let got = outputs(&commands);
            assert_eq!(got.len(), steps.len(), "{name} line {}", steps[0].line);
            for (step, out) in steps.iter().zip(&got) {
                let out = collapsed(out);
                let mut from = 0;
                for shown in &step.shown {
                    if shown.trim_start().starts_with("...") || shown.trim().is_empty() {
                        continue;
                    }
                    let want = collapsed(shown);
                    match out[from..].find(&want) {
                        Some(at) => from += at + want.len(),
                        None => {
                            wrong.push(format!(
                                "{name} line {}: `{}` did not print\n  {want}\nit printed\n  {out}",
                                step.line, step.command
                            ));
                            break;
                        }
                    }
                }
            }
        }
    }
    assert!(found >= 5, "transcripts found: {found}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn every_example_command_in_the_docs_parses() {
    let examples = common::docs::example_commands();
    assert!(
        examples.len() >= 100,
        "example commands found: {}",
        examples.len()
    );
    let wrong: Vec<String> = examples
        .iter()
        .filter_map(|e| {
            let err = tablemate::command::parse(&e.words).err()?;
            Some(format!(
                "{} line {}: `{}`: {err}",
                e.doc,
                e.line,
                e.words.join(" ")
            ))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
