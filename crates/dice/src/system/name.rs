//! A declared system's name (`hero`, `saga`): its shape, and the names
//! it must not take (a built-in system's, one that reads as dice).

use super::NAMES;
use crate as dice;

/// Longest name.
const MAX_NAME: usize = 20;

/// A declared system's name, lowercased; what is wrong with it goes to
/// `problems` (a built-in system's name, a name that reads as dice).
pub fn check_name(name: &str, problems: &mut Vec<String>) -> String {
    let lower = name.to_ascii_lowercase();
    if !name_shaped(&lower) {
        problems.push(format!(
            "name '{name}': a letter, then letters and digits (at most {MAX_NAME})"
        ));
    } else if NAMES.contains(&lower.as_str()) {
        problems.push(format!("name '{name}' is a system tablemate knows already"));
    } else if dice::parse(&lower).is_ok() {
        problems.push(format!("name '{name}' reads as dice; choose another"));
    }
    lower
}

/// A system's name and what follows it (`hero+2`: `hero`, `+2`).
pub fn split_name(line: &str) -> Option<(&str, &str)> {
    let line = line.trim();
    let end = line
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(line.len());
    let (name, rest) = line.split_at(end);
    name_shaped(&name.to_ascii_lowercase()).then_some((name, rest))
}

fn name_shaped(name: &str) -> bool {
    name.len() <= MAX_NAME
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
}
