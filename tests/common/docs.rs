//! The examples in the README and the guide: transcripts are run by
//! tests/readme.rs; every other example command line is found here, for
//! the test that parses each and the one that feeds each extreme numbers.

/// The documents whose examples are checked, with their text.
pub fn documents() -> Vec<(&'static str, String)> {
    ["README.md", "docs/GUIDE.md"]
        .into_iter()
        .map(|name| {
            let path = format!("{}/{name}", env!("CARGO_MANIFEST_DIR"));
            (name, std::fs::read_to_string(path).unwrap())
        })
        .collect()
}

/// The fenced blocks of a document, each as its lines with their line
/// numbers.
fn blocks(text: &str) -> Vec<Vec<(usize, &str)>> {
    let (mut all, mut current, mut fenced) = (Vec::new(), Vec::new(), false);
    for (n, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            if fenced {
                all.push(std::mem::take(&mut current));
            }
            fenced = !fenced;
        } else if fenced {
            current.push((n + 1, line));
        }
    }
    all
}

/// One example command line of a document, as words.
pub struct Example {
    pub doc: &'static str,
    pub line: usize,
    pub words: Vec<String>,
}

/// Every example command outside a transcript, in document order.
pub fn example_commands() -> Vec<Example> {
    let mut found = Vec::new();
    for (doc, text) in documents() {
        for block in blocks(&text) {
            // A transcript is checked by running it; in a block of
            // `> COMMAND` lines the other lines are what was printed.
            if block.iter().any(|(_, l)| l.starts_with("tm> ")) {
                continue;
            }
            let prompted = block.iter().any(|(_, l)| l.starts_with("> "));
            for (line, text) in block {
                if prompted && !text.starts_with("> ") {
                    continue;
                }
                if let Some(words) = example_command(text) {
                    found.push(Example { doc, line, words });
                }
            }
        }
    }
    found
}

/// The global options a `tablemate ...` example may carry, and whether
/// each takes a value.
const GLOBAL: &[(&str, bool)] = &[
    ("--seed", true),
    ("--color", true),
    ("--colour", true),
    ("--json", false),
    ("--data", true),
    ("--rules", true),
];

/// The command an example line shows, as words: `None` for a line that
/// is not an example command (output, prose in a block, a bare
/// `tablemate`). What follows two spaces is a comment; a shell line stops
/// at its first redirection or pipe.
pub fn example_command(line: &str) -> Option<Vec<String>> {
    let line = line.split("  ").next().unwrap_or("").trim();
    let (shell, rest) = match line.strip_prefix("tablemate ") {
        Some(rest) => (true, rest),
        None => (false, line.strip_prefix("> ").unwrap_or(line)),
    };
    let mut words = tablemate::command::split_line(rest).ok()?;
    if shell {
        if let Some(at) = words
            .iter()
            .position(|w| ["<", ">", "|", ">>"].contains(&w.as_str()))
        {
            words.truncate(at);
        }
        let mut i = 0;
        while i < words.len() {
            match GLOBAL.iter().find(|(name, _)| *name == words[i]) {
                Some((_, takes)) => drop(words.drain(i..i + 1 + usize::from(*takes))),
                None => i += 1,
            }
        }
    } else if !words
        .first()
        .is_some_and(|w| tablemate::command::is_command(w))
    {
        return None;
    }
    (!words.is_empty()).then_some(words)
}
