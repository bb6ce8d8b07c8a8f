//! "Did you mean": the nearest names to a mistyped one.

/// Edit distance (insertions, deletions, substitutions), by characters.
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Candidates close enough to `word` to be what was meant, nearest first
/// (case-insensitive; at most a third of the word's length may differ).
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let w = word.to_lowercase();
    let limit = (w.chars().count() / 3).max(1);
    let mut found: Vec<(usize, &str)> = candidates
        .into_iter()
        .map(|c| (distance(&w, &c.to_lowercase()), c))
        .filter(|&(d, _)| d <= limit)
        .collect();
    found.sort();
    found.dedup_by(|a, b| a.1 == b.1);
    found.into_iter().map(|(_, c)| c).collect()
}

/// " (did you mean 'x'?)" or "" when nothing is close.
pub fn hint<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    match nearest(word, candidates).as_slice() {
        [] => String::new(),
        [one, ..] => format!(" (did you mean '{one}'?)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("catwlk", "catwalk"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("same", "same"), 0);
    }

    #[test]
    fn nearest_filters_and_orders() {
        let c = ["catwalk", "cards", "coins"];
        assert_eq!(nearest("catwlk", c), vec!["catwalk"]);
        assert_eq!(nearest("zzz", c), Vec::<&str>::new());
        assert_eq!(hint("coinz", c), " (did you mean 'coins'?)");
    }
}
