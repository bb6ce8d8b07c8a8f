//! Names players type for games, shared by `setup`, `score`, `solve` and
//! the rules lookup: a name may run over several words ("slide jam", "roll
//! out the barrels"), and is matched by its longest run of words, joined
//! with hyphens.

/// The most words one name spans (`roll out the barrels`).
const MOST_WORDS: usize = 4;

/// Find what `first` (with as many of `rest` as make a longer name) names.
/// Returns the thing and how many words of `rest` the name used; the
/// longest name wins, so `slide jam none` is Slide Jam and `none`.
pub fn longest<T>(
    first: &str,
    rest: &[String],
    find: impl Fn(&str) -> Option<T>,
) -> Option<(T, usize)> {
    (0..MOST_WORDS.min(rest.len() + 1)).rev().find_map(|extra| {
        let mut name = first.to_string();
        for w in &rest[..extra] {
            name.push('-');
            name.push_str(w);
        }
        find(&name).map(|t| (t, extra))
    })
}
