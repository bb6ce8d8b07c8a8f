//! "Did you mean": the nearest names to a mistyped one.

/// Edit distance (insertions, deletions, substitutions, and two
/// neighbours swapped, the commonest slip: `shwo` for `show`), by
/// characters.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Rows i-2, i-1 and i of the table.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 0..a.len() {
        let mut cur = vec![i + 1; b.len() + 1];
        for j in 0..b.len() {
            let sub = prev[j] + usize::from(a[i] != b[j]);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
            if i > 0 && j > 0 && a[i] == b[j - 1] && a[i - 1] == b[j] {
                cur[j + 1] = cur[j + 1].min(before[j - 1] + 1);
            }
        }
        before = std::mem::replace(&mut prev, cur);
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
        assert_eq!(distance("shwo", "show"), 1);
        assert_eq!(distance("histroy", "history"), 1);
    }

    #[test]
    fn nearest_filters_and_orders() {
        let c = ["catwalk", "cards", "coins"];
        assert_eq!(nearest("catwlk", c), vec!["catwalk"]);
        assert_eq!(nearest("zzz", c), Vec::<&str>::new());
        assert_eq!(hint("coinz", c), " (did you mean 'coins'?)");
    }
}
