//! The shape of the source, kept by tests: no module imports one that
//! imports it back, each game lives in its own folder, and replies are
//! typed rather than built with `json!`.
//!
//! These read `src/` as text. The module graph is worked out from `use`
//! trees and `crate::`/`super::`/`self::` paths; test modules inside a
//! file are left out (a test may reach anywhere).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type ModPath = Vec<String>;

/// Every `.rs` file of the library under `src/`, with its module path.
fn modules() -> Vec<(ModPath, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&root, &mut files);
    files
        .into_iter()
        // The binary, and test modules kept in their own files.
        .filter(|f| {
            f.file_name()
                .is_some_and(|n| n != "main.rs" && n != "tests.rs")
        })
        .map(|f| {
            let rel = f.strip_prefix(&root).unwrap().with_extension("");
            let mut path: ModPath = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if path.last().is_some_and(|l| l == "mod" || l == "lib") {
                path.pop();
            }
            (path, without_tests(&fs::read_to_string(&f).unwrap()))
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The file without its inline `#[cfg(test)] mod tests { ... }` and
/// without comments.
fn without_tests(src: &str) -> String {
    let mut out = String::new();
    let mut skip_depth: Option<i32> = None;
    let mut depth = 0i32;
    let mut pending_test = false;
    for line in src.lines() {
        let code = line.split("//").next().unwrap_or("");
        let t = code.trim();
        if skip_depth.is_none() && t == "#[cfg(test)]" {
            pending_test = true;
            continue;
        }
        if pending_test && t.starts_with("mod ") && t.ends_with('{') {
            skip_depth = Some(depth);
        }
        pending_test = false;
        for c in code.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
        }
        match skip_depth {
            Some(d) if depth <= d => skip_depth = None,
            Some(_) => {}
            None => {
                out.push_str(code);
                out.push('\n');
            }
        }
    }
    out
}

/// The paths a file names: each `use` tree expanded, and every
/// `crate::`, `super::` and `self::` path in its code.
fn named_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let rest: String = bytes[i..bytes.len().min(i + 7)].iter().collect();
        let at_word_start = i == 0 || !is_ident(bytes[i - 1]) && bytes[i - 1] != ':';
        if at_word_start
            && (rest.starts_with("crate::")
                || rest.starts_with("super::")
                || rest.starts_with("self::"))
        {
            let (tree, end) = read_tree(&bytes, i);
            expand(&tree, &mut Vec::new(), &mut paths);
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    paths
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// A use tree (or a plain path) as written: `a::b::{c, d::e}`.
#[derive(Debug)]
enum Tree {
    Path(Vec<String>, Option<Vec<Tree>>),
}

fn read_tree(s: &[char], mut i: usize) -> (Tree, usize) {
    let mut segs = Vec::new();
    loop {
        while i < s.len() && s[i].is_whitespace() {
            i += 1;
        }
        if i < s.len() && s[i] == '{' {
            i += 1;
            let mut kids = Vec::new();
            loop {
                while i < s.len() && (s[i].is_whitespace() || s[i] == ',') {
                    i += 1;
                }
                if i >= s.len() || s[i] == '}' {
                    return (Tree::Path(segs, Some(kids)), i + 1);
                }
                let (kid, end) = read_tree(s, i);
                kids.push(kid);
                i = end;
                // Skip `as name` and anything else up to the next , or }.
                while i < s.len() && s[i] != ',' && s[i] != '}' {
                    i += 1;
                }
            }
        }
        let start = i;
        while i < s.len() && is_ident(s[i]) {
            i += 1;
        }
        if i == start {
            return (Tree::Path(segs, None), i);
        }
        segs.push(s[start..i].iter().collect());
        if i + 1 < s.len() && s[i] == ':' && s[i + 1] == ':' {
            i += 2;
        } else {
            return (Tree::Path(segs, None), i);
        }
    }
}

fn expand(t: &Tree, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let Tree::Path(segs, kids) = t;
    let n = prefix.len();
    prefix.extend(segs.iter().cloned());
    match kids {
        Some(kids) if !kids.is_empty() => {
            for k in kids {
                expand(k, prefix, out);
            }
        }
        _ => out.push(prefix.clone()),
    }
    prefix.truncate(n);
}

/// A path named in module `at`, made absolute (`crate::` dropped).
fn absolute(at: &ModPath, path: &[String]) -> Option<ModPath> {
    let mut base: ModPath;
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base = Vec::new();
            rest = &rest[1..];
        }
        Some("self") => {
            base = at.clone();
            rest = &rest[1..];
        }
        Some("super") => {
            base = at.clone();
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    base.extend(rest.iter().filter(|s| *s != "self").cloned());
    Some(base)
}

/// Which of a parent's children use which others.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// For an edge (parent, from, to), one place that makes it.
type Reasons = BTreeMap<(ModPath, String, String), String>;

/// For each parent module, its children's graph, and for each edge one
/// place that makes it (module, path named).
fn sibling_edges() -> (BTreeMap<ModPath, Graph>, Reasons) {
    let mods = modules();
    let known: BTreeSet<ModPath> = mods.iter().map(|(p, _)| p.clone()).collect();
    let mut edges: BTreeMap<ModPath, Graph> = BTreeMap::new();
    let mut why = BTreeMap::new();
    for (at, code) in &mods {
        for named in named_paths(code) {
            let Some(abs) = absolute(at, &named) else {
                continue;
            };
            // The module that holds what is named: the longest known
            // prefix of the path.
            let target = (0..=abs.len())
                .rev()
                .map(|n| abs[..n].to_vec())
                .find(|p| known.contains(p))
                .unwrap_or_default();
            let common = at.iter().zip(&target).take_while(|(a, b)| a == b).count();
            if common < at.len() && common < target.len() {
                why.entry((
                    at[..common].to_vec(),
                    at[common].clone(),
                    target[common].clone(),
                ))
                .or_insert_with(|| format!("{} names {}", at.join("::"), named.join("::")));
                edges
                    .entry(at[..common].to_vec())
                    .or_default()
                    .entry(at[common].clone())
                    .or_default()
                    .insert(target[common].clone());
            }
        }
    }
    (edges, why)
}

/// The circles among one parent's children (strongly connected groups of
/// two or more).
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    let nodes: BTreeSet<&String> = graph
        .keys()
        .chain(graph.values().flat_map(|s| s.iter()))
        .collect();
    let reaches = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(n) = todo.pop() {
            for m in graph.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    todo.push(m.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> =
        nodes.iter().map(|n| (*n, reaches(n))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for n in &nodes {
        let group: Vec<String> = nodes
            .iter()
            .filter(|m| reach[*n].contains(**m) && reach[*m].contains(*n))
            .map(|m| (*m).clone())
            .collect();
        if group.len() > 1 && !out.contains(&group) {
            out.push(group);
        }
    }
    out
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let mut found = Vec::new();
    let (edges, why) = sibling_edges();
    for (parent, graph) in edges {
        for group in circles(&graph) {
            let at = if parent.is_empty() {
                "crate".to_string()
            } else {
                parent.join("::")
            };
            found.push(format!("{at}: {}", group.join(" <-> ")));
            for a in &group {
                for b in graph[a].iter().filter(|b| group.contains(b)) {
                    found.push(format!(
                        "  {}",
                        why[&(parent.clone(), a.clone(), b.clone())]
                    ));
                }
            }
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn the_checker_sees_a_circle() {
    // A checker that can never fail would prove nothing.
    let code_a = "use super::b::Thing;\nfn f() { crate::top::c::{x, y}; }";
    let paths = named_paths(code_a);
    assert!(paths.contains(&vec!["super".into(), "b".into(), "Thing".into()]));
    assert!(paths.contains(&vec!["crate".into(), "top".into(), "c".into(), "y".into()]));
    let mut g = Graph::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("c".into());
    g.entry("c".into()).or_default().insert("a".into());
    g.entry("d".into()).or_default().insert("a".into());
    assert_eq!(
        circles(&g),
        vec![vec!["a".to_string(), "b".into(), "c".into()]]
    );
    let test_only = "fn f() {}\n#[cfg(test)]\nmod tests {\n    use super::x;\n}\nfn g() {}\n";
    assert_eq!(without_tests(test_only), "fn f() {}\nfn g() {}\n");
}

/// The library's source files, as (path under `src/`, text), comments and
/// inline tests included.
fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&root, &mut files);
    files
        .into_iter()
        .map(|f| {
            let rel = f
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (rel, fs::read_to_string(&f).unwrap())
        })
        .collect()
}

/// Each game's folder under `src/games/`, read from the one list of
/// games (`games!` in `src/games/mod.rs`), and the words its name is
/// written with (`lab_rats`, `lab rats`, `lab-rats`, `labrats`).
fn games() -> Vec<(String, Vec<String>)> {
    let list =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/mod.rs")).unwrap();
    let start = list.find("\ngames! {").expect("the list of games");
    let body = &list[start..list[start..].find("\n}").unwrap() + start];
    let mut folders: Vec<String> = Vec::new();
    let mut test_only = false;
    for line in body.lines() {
        let Some((_, wing)) = line.split_once("=>") else {
            test_only |= line.contains("#[cfg(test)]");
            continue;
        };
        // The test-only example games are named by the tests that use them.
        if std::mem::take(&mut test_only) {
            continue;
        }
        let folder = wing.trim().split("::").next().unwrap().to_string();
        // The score pad and the table are tablemate's own, named across it
        // by design (and "pad" and "table" are common words).
        if !folders.contains(&folder) && folder != "pad" && folder != "table" {
            folders.push(folder);
        }
    }
    assert!(folders.len() >= 5, "the list reads: {folders:?}");
    folders
        .into_iter()
        .map(|f| {
            let mut words = vec![f.clone()];
            for w in [f.replace('_', " "), f.replace('_', "-"), f.replace('_', "")] {
                if !words.contains(&w) {
                    words.push(w);
                }
            }
            (f, words)
        })
        .collect()
}

#[test]
fn each_game_is_named_in_at_most_two_files_outside_its_folder() {
    let sources = sources();
    let mut over = Vec::new();
    for (folder, words) in games() {
        let own = format!("games/{folder}/");
        let naming: Vec<&str> = sources
            .iter()
            .filter(|(path, _)| !path.starts_with(&own))
            .filter(|(_, text)| {
                let text = text.to_lowercase();
                words.iter().any(|w| text.contains(w))
            })
            .map(|(path, _)| path.as_str())
            .collect();
        // The one list of games, and the schema's migrations (which name
        // the old per-game tables they move).
        if naming.len() > 2 {
            over.push(format!("{folder}: {}", naming.join(", ")));
        }
    }
    assert!(
        over.is_empty(),
        "games named outside their folder:\n{}",
        over.join("\n")
    );
}

#[test]
fn no_file_of_the_dispatcher_is_named_after_a_game() {
    for (path, _) in sources() {
        if let Some(rest) = path.strip_prefix("app/") {
            for (folder, words) in games() {
                let named = words.iter().any(|w| rest.contains(w.as_str()));
                assert!(!named, "src/app/{rest} is named after {folder}");
            }
        }
    }
}

/// Occurrences of `needle` in the library, by file.
fn count(needle: &str) -> Vec<(String, usize)> {
    sources()
        .into_iter()
        .map(|(path, text)| (path, text.matches(needle).count()))
        .filter(|(_, n)| *n > 0)
        .collect()
}

#[test]
fn replies_are_typed_not_built_with_json_macros() {
    let uses = count("json!(");
    let total: usize = uses.iter().map(|(_, n)| n).sum();
    assert!(total <= 10, "json! used {total} times: {uses:?}");
    let in_app: Vec<_> = uses.iter().filter(|(p, _)| p.starts_with("app")).collect();
    assert!(in_app.is_empty(), "json! in the dispatcher: {in_app:?}");
}

#[test]
fn errors_are_typed_not_strings() {
    let mut found = Vec::new();
    for (path, text) in sources() {
        // `Result<T, String>` written on one line, the way a signature is.
        for line in text.lines() {
            let compact: String = line.split_whitespace().collect();
            if let Some(at) = compact.find("Result<") {
                let rest = &compact[at..];
                if rest.contains(",String>") {
                    found.push(format!("{path}: {}", line.trim()));
                }
            }
        }
    }
    assert!(found.len() <= 10, "String errors:\n{}", found.join("\n"));
}
