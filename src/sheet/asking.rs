//! A player's open categories asked one at a time: `pad ann` alone on a
//! sheet, then each other player's in seating order. The pad says what
//! is open; the REPL asks each category, checks each answer as it is
//! given (a mistyped one is asked again, nothing else lost) and enters a
//! player's answers as one line, all or nothing and one step to undo.
//! Outside the REPL nothing can be asked, and the refusal says the line
//! to type instead.

use super::{CategorySpec, Refused, read_entry, takes};

/// What the REPL asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asking {
    /// The player as the pad names them.
    pub player: String,
    /// The round the round's categories go in (a sheet of rounds).
    pub round: Option<usize>,
    /// The open categories, in the sheet's order.
    pub categories: Vec<CategorySpec>,
    /// The words the answers follow: `pad ann`.
    pub before: Vec<String>,
    /// The players asked after this one, in seating order from them
    /// (those with categories open).
    pub then: Vec<Asking>,
}

/// One answer, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// An empty line: the category stays open.
    Skip,
    /// `.`: enter what is answered, ask nothing more.
    Done,
    /// The entry's words, checked.
    Entry(Vec<String>),
}

impl Asking {
    /// What the REPL says before asking.
    pub fn intro(&self) -> String {
        format!(
            "{} open {} of {}{}, one at a time: Enter skips one, `.` enters those answered and stops, Ctrl-C stops with none of {}'s entered",
            self.categories.len(),
            crate::style::plural(self.categories.len() as u64, "category", "categories"),
            self.player,
            self.round
                .map(|r| format!(" in round {r}"))
                .unwrap_or_default(),
            self.player,
        )
    }

    /// Everyone asked, this player first.
    pub fn everyone(&self) -> impl Iterator<Item = &Asking> {
        std::iter::once(self).chain(&self.then)
    }

    /// The prompt for category `i`: its name and what it takes on one
    /// line where `width` columns hold them with room for an answer,
    /// else what it takes above the name.
    pub fn prompt(&self, i: usize, width: usize) -> String {
        let cat = &self.categories[i];
        let name = typed(cat);
        let one = format!("{name} ({})> ", takes(cat));
        if one.chars().count() + 16 <= width {
            one
        } else {
            format!("{name}: {}\n{name}> ", takes(cat))
        }
    }

    /// The answer given for category `i`, or why it will not do.
    pub fn answer(&self, i: usize, line: &str) -> Result<Answer, Refused> {
        let words: Vec<String> = line.split_whitespace().map(String::from).collect();
        match words.as_slice() {
            [] => Ok(Answer::Skip),
            [dot] if dot == "." => Ok(Answer::Done),
            _ => read_entry(&self.categories[i], &words).map(|_| Answer::Entry(words)),
        }
    }

    /// The line that enters the answers: `pad ann ones 1 1 1 4 5 twos 2`.
    pub fn line(&self, answers: &[(usize, Vec<String>)]) -> Vec<String> {
        let mut line = self.before.clone();
        for (i, words) in answers {
            line.push(typed(&self.categories[*i]));
            line.extend(words.iter().cloned());
        }
        line
    }
}

/// A category's name as a player types it (`full-house`).
fn typed(cat: &CategorySpec) -> String {
    cat.name.replace('_', "-")
}

impl std::fmt::Display for Asking {
    /// The refusal where nothing can be asked: the open categories and
    /// the line that enters them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<String> = self.categories.iter().map(typed).collect();
        let before = self.before.join(" ");
        let example = names
            .iter()
            .take(2)
            .map(|n| format!(" {n} ..."))
            .collect::<String>();
        write!(
            f,
            "{} has {} open {}{}: {}; enter them on one line, {before}{example} (in the REPL, `{before}` asks each in turn)",
            self.player,
            names.len(),
            crate::style::plural(names.len() as u64, "category", "categories"),
            self.round
                .map(|r| format!(" in round {r}"))
                .unwrap_or_default(),
            names.join(", "),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::Enter;

    fn cat(name: &str, enter: Enter, size: Option<usize>) -> CategorySpec {
        CategorySpec {
            name: name.into(),
            title: None,
            enter: Some(enter),
            size,
            min: Some(1),
            max: Some(6),
            formula: None,
            per: Default::default(),
            subtotal: false,
        }
    }

    fn asking() -> Asking {
        Asking {
            player: "ann".into(),
            round: None,
            categories: vec![
                cat("ones", Enter::List, Some(5)),
                cat("full_house", Enter::List, Some(5)),
                cat("bonus", Enter::YesNo, None),
            ],
            before: vec!["pad".into(), "ann".into()],
            then: Vec::new(),
        }
    }

    #[test]
    fn answers_are_checked_one_at_a_time_and_entered_as_one_line() {
        let a = asking();
        assert_eq!(a.answer(0, "  "), Ok(Answer::Skip));
        assert_eq!(a.answer(1, " . "), Ok(Answer::Done));
        assert_eq!(
            a.answer(0, "1 1 1 4 5"),
            Ok(Answer::Entry(vec![
                "1".into(),
                "1".into(),
                "1".into(),
                "4".into(),
                "5".into()
            ]))
        );
        assert_eq!(
            a.answer(0, "1 1 7 4 5"),
            Err(Refused("'7' is out of range for ones (1 to 6)".into()))
        );
        assert_eq!(
            a.answer(1, "3 3 5 5"),
            Err(Refused(
                "4 numbers for full_house: it takes 5 numbers from 1 to 6".into()
            ))
        );
        assert_eq!(
            a.answer(2, "maybe"),
            Err(Refused(
                "'maybe' is not yes or no (bonus takes yes or no)".into()
            ))
        );
        assert_eq!(
            a.line(&[(0, vec!["1,1,1,4,5".into()]), (2, vec!["yes".into()])])
                .join(" "),
            "pad ann ones 1,1,1,4,5 bonus yes"
        );
    }

    #[test]
    fn the_prompt_fits_the_window_and_the_refusal_says_the_line() {
        let a = asking();
        assert_eq!(a.prompt(1, 100), "full-house (5 numbers from 1 to 6)> ");
        assert_eq!(
            a.prompt(1, 40),
            "full-house: 5 numbers from 1 to 6\nfull-house> "
        );
        assert_eq!(
            a.to_string(),
            "ann has 3 open categories: ones, full-house, bonus; enter them on one line, pad ann ones ... full-house ... (in the REPL, `pad ann` asks each in turn)"
        );
        assert_eq!(
            a.intro(),
            "3 open categories of ann, one at a time: Enter skips one, `.` enters those answered and stops, Ctrl-C stops with none of ann's entered"
        );
    }
}
