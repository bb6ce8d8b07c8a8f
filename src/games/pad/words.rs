//! The pad's words: `pad new hearts alice bob lower wins to 100`,
//! `pad 12 7 0 6`, `pad alice 12`, `pad fix 3 bob 9`, `pad end`,
//! `pad history` and `pad stats`.

use super::events::PadAction;
use super::{MOST_SCORE, Wins};
use crate::games::error::GameError;

/// Words a player cannot be called (they mean something to `pad`, or
/// to `players`).
pub use crate::games::table::RESERVED;

/// A question about the pads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    Show,
    History,
    /// Every game's players, or one game's.
    Stats(Option<String>),
    /// A player alone (`pad ann`): on a sheet, their open categories,
    /// asked in turn.
    Entries(String),
}

/// The words `pad` takes first.
const WORDS: [&str; 6] = ["new", "fix", "end", "show", "history", "stats"];

/// A score as typed: a whole number within bounds.
pub fn score(word: &str) -> Result<i64, GameError> {
    let n: i64 = word.parse().map_err(|_| {
        if word
            .trim_start_matches(['-', '+'])
            .chars()
            .all(|c| c.is_ascii_digit())
            && !word.is_empty()
        {
            GameError::word(format!(
                "'{word}' is out of range for a score (-{MOST_SCORE} to {MOST_SCORE})"
            ))
        } else {
            GameError::word(format!(
                "'{word}' is not a score: write a whole number, like pad alice 12"
            ))
        }
    })?;
    if n.unsigned_abs() > MOST_SCORE.unsigned_abs() {
        return Err(GameError::word(format!(
            "'{word}' is out of range for a score (-{MOST_SCORE} to {MOST_SCORE})"
        )));
    }
    Ok(n)
}

fn is_number(word: &str) -> bool {
    let digits = word.strip_prefix(['-', '+']).unwrap_or(word);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// The words after `pad`: a change (its day and time left for `act` to
/// put in), or a question.
pub fn pad(words: &[String]) -> Result<Result<PadAction, Ask>, GameError> {
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    let lower: Vec<String> = w.iter().map(|x| x.to_lowercase()).collect();
    let first = lower.first().map(String::as_str);
    match first {
        None => Ok(Err(Ask::Show)),
        Some("show") if w.len() == 1 => Ok(Err(Ask::Show)),
        Some("history") if w.len() == 1 => Ok(Err(Ask::History)),
        Some("stats") if w.len() <= 2 => Ok(Err(Ask::Stats(w.get(1).map(|s| s.to_string())))),
        // `--yes` asks nothing of `pad end` (it never asks), so it is
        // taken, not refused as a word `end` does not know.
        Some("end") if w[1..].iter().all(|x| x.eq_ignore_ascii_case("--yes")) => {
            Ok(Ok(PadAction::End { day: String::new() }))
        }
        Some("new") => new(&w[1..]).map(Ok),
        Some("fix") => match &w[1..] {
            [round, player, value] if is_number(round) && is_number(value) => {
                let r: usize = round.parse().ok().filter(|&r| r >= 1).ok_or_else(|| {
                    GameError::word(format!("'{round}' is not a round: pad fix 3 bob 9"))
                })?;
                Ok(Ok(PadAction::Fix {
                    round: r,
                    player: player.to_string(),
                    score: score(value)?,
                }))
            }
            // On a sheet: `pad fix ann ones 1 1 1 4 5`, and in a round
            // for a round's category, `pad fix 2 ann melded 40`.
            [player, first, rest @ ..] if !is_number(player) && !is_number(first) => {
                Ok(Ok(PadAction::Amend {
                    round: None,
                    player: player.to_string(),
                    items: items(first, rest)?,
                }))
            }
            [round, player, first, rest @ ..]
                if is_number(round) && !is_number(player) && !is_number(first) =>
            {
                let r: usize = round.parse().ok().filter(|&r| r >= 1).ok_or_else(|| {
                    GameError::word(format!("'{round}' is not a round: pad fix 2 ann melded 40"))
                })?;
                Ok(Ok(PadAction::Amend {
                    round: Some(r),
                    player: player.to_string(),
                    items: items(first, rest)?,
                }))
            }
            _ => Err(GameError::word(
                "pad fix takes the round, the player and the score: pad fix 3 bob 9 (on a sheet: pad fix ann ones 1 1 1 4 5)",
            )),
        },
        Some(_) if w.iter().all(|x| is_number(x)) => Ok(Ok(PadAction::Round {
            scores: w.iter().map(|x| score(x)).collect::<Result<_, _>>()?,
        })),
        // One of the pad's words with more after it than it takes: name
        // the extra word, not the pad's word as a slip of itself.
        // (`pad end 12` is still a score for a player called End.)
        Some(word)
            if WORDS.contains(&word) && word != "fix" && !(w.len() == 2 && is_number(w[1])) =>
        {
            Err(GameError::word(format!(
                "'{}': `pad {word}` takes {}",
                // The first word past what it takes.
                w[if word == "stats" { 2 } else { 1 }],
                match word {
                    "stats" => "at most a game's name: pad stats hearts",
                    _ => "nothing more",
                }
            )))
        }
        Some(_) => match w.as_slice() {
            // `pad nwe hearts`: a slip of one of the pad's words, not a
            // player named "nwe" with a bad score.
            [word, value]
                if !is_number(value) && !crate::suggest::nearest(word, WORDS).is_empty() =>
            {
                Err(not_understood(word))
            }
            // `pad ann` alone: ann's open categories on a sheet (a slip
            // of a pad's word is named below).
            [player] if !is_number(player) && crate::suggest::nearest(player, WORDS).is_empty() => {
                Ok(Err(Ask::Entries(player.to_string())))
            }
            [player, value] if !is_number(player) && is_number(value) => Ok(Ok(PadAction::Entry {
                player: player.to_string(),
                score: score(value)?,
                exact: false,
            })),
            // A category and its entry, on a sheet: `pad ann ones 1 1 1
            // 4 5`, several at once: `pad ann melded 45 in-hand 10`.
            [player, first, rest @ ..] if !is_number(player) && !is_number(first) => {
                Ok(Ok(PadAction::Mark {
                    player: player.to_string(),
                    items: items(first, rest)?,
                    exact: false,
                }))
            }
            _ => {
                // Name the first word that is neither a score nor expected.
                let bad = w.iter().find(|x| !is_number(x)).unwrap_or(&w[0]);
                Err(not_understood(bad))
            }
        },
    }
}

/// A word `pad` does not take where it stands, named with a slip of
/// the pad's words it may be.
pub fn not_understood(bad: &str) -> GameError {
    GameError::word(format!(
        "'{bad}' is not understood here{}: pad 12 7 0 6 (a round), pad alice 12, pad fix 3 bob 9, pad new GAME PLAYERS, pad end, pad history, pad stats",
        crate::suggest::hint(bad, WORDS)
    ))
}

/// A word that is part of an entry rather than a category's name: a
/// number (`3`, `3,3,5`), yes or no, or none (an empty list).
fn is_entry(word: &str) -> bool {
    word.split(',').filter(|w| !w.is_empty()).all(is_number)
        && word.chars().any(|c| c.is_ascii_digit())
        || crate::sheet::ENTRY_WORDS.contains(&word.to_lowercase().as_str())
}

/// Categories and their entries: each category's name followed by the
/// words of its entry, up to the next name.
fn items(first: &str, rest: &[&str]) -> Result<Vec<(String, Vec<String>)>, GameError> {
    let mut out: Vec<(String, Vec<String>)> = vec![(first.to_string(), Vec::new())];
    for w in rest {
        match out.last_mut() {
            Some((_, words)) if is_entry(w) => words.push(w.to_string()),
            _ => out.push((w.to_string(), Vec::new())),
        }
    }
    // Several categories: each has its entry (one alone may be a score
    // mistyped, said as such where the pad keeps plain scores).
    if out.len() > 1
        && let Some((bare, _)) = out.iter().find(|(_, words)| words.is_empty())
    {
        return Err(GameError::word(format!(
            "'{bare}' has no entry after it: pad ann ones 1 1 1 4 5 (a category, then what is entered)"
        )));
    }
    if out.len() > crate::sheet::MOST_CATEGORIES {
        return Err(GameError::word(format!(
            "{} categories in one line: a sheet has at most {}",
            out.len(),
            crate::sheet::MOST_CATEGORIES
        )));
    }
    Ok(out)
}

/// `pad new GAME PLAYER... [lower wins|higher wins] [to N] [--yes]`.
fn new(w: &[&str]) -> Result<PadAction, GameError> {
    // `--yes` goes anywhere (`pad new --yes darts`); any other word with
    // a dash in front is an option mistyped, never a game or a player.
    let replace_all = w.iter().any(|x| x.eq_ignore_ascii_case("--yes"));
    let w: Vec<&str> = w
        .iter()
        .copied()
        .filter(|x| !x.eq_ignore_ascii_case("--yes"))
        .collect();
    if let Some(bad) = w.iter().find(|x| x.starts_with("--")) {
        return Err(GameError::word(format!(
            "'{bad}' is not an option of pad new{}: pad new GAME PLAYERS [lower wins] [to N] [--yes]",
            crate::suggest::hint(bad, ["--yes"])
        )));
    }
    let Some((game, rest)) = w.split_first() else {
        return Err(GameError::word(
            "pad new takes the game and the players in seating order: pad new hearts alice bob carol",
        ));
    };
    super::check_name(game, "a game")?;
    let (mut players, mut wins, mut goal) = (Vec::new(), Wins::Higher, None);
    let mut i = 0;
    while i < rest.len() {
        let word = rest[i].to_lowercase();
        match word.as_str() {
            "lower" | "higher" => {
                wins = if word == "lower" {
                    Wins::Lower
                } else {
                    Wins::Higher
                };
                if rest
                    .get(i + 1)
                    .is_some_and(|n| n.eq_ignore_ascii_case("wins"))
                {
                    i += 1;
                }
            }
            "to" => {
                let n = rest.get(i + 1).ok_or_else(|| {
                    GameError::word("'to' takes the total that ends the game: to 100")
                })?;
                let t = score(n)?;
                if t <= 0 {
                    return Err(GameError::word(format!(
                        "'to {n}': the target is the total that ends the game, a whole number above 0 (to 100)"
                    )));
                }
                goal = Some(t);
                i += 1;
            }
            _ => {
                super::check_name(rest[i], "a player")?;
                let same = crate::people::folded(rest[i]);
                if players
                    .iter()
                    .any(|p: &String| crate::people::folded(p) == same)
                {
                    return Err(GameError::word(format!("'{}' is named twice", rest[i])));
                }
                players.push(rest[i].to_string());
            }
        }
        i += 1;
    }
    // No players named: the table's (`act` refuses when none is seated).
    if players.len() > super::MOST_PLAYERS {
        return Err(GameError::word(format!(
            "{} players: a pad holds at most {}",
            players.len(),
            super::MOST_PLAYERS
        )));
    }
    Ok(PadAction::New {
        game: game.to_string(),
        players,
        wins,
        target: goal,
        replace: replace_all,
        day: String::new(),
        sheet: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn each_form_is_read() {
        assert_eq!(pad(&[]).unwrap(), Err(Ask::Show));
        assert_eq!(
            pad(&words("new hearts alice bob lower wins to 100")).unwrap(),
            Ok(PadAction::New {
                game: "hearts".into(),
                players: vec!["alice".into(), "bob".into()],
                wins: Wins::Lower,
                target: Some(100),
                replace: false,
                day: String::new(),
                sheet: None,
            })
        );
        assert_eq!(
            pad(&words("12 7 -3")).unwrap(),
            Ok(PadAction::Round {
                scores: vec![12, 7, -3]
            })
        );
        assert_eq!(
            pad(&words("bob 9")).unwrap(),
            Ok(PadAction::Entry {
                player: "bob".into(),
                score: 9,
                exact: false,
            })
        );
        assert_eq!(
            pad(&words("fix 3 bob 9")).unwrap(),
            Ok(PadAction::Fix {
                round: 3,
                player: "bob".into(),
                score: 9
            })
        );
        assert_eq!(
            pad(&words("12 x 3")).unwrap_err().to_string(),
            "'x' is not understood here: pad 12 7 0 6 (a round), pad alice 12, pad fix 3 bob 9, pad new GAME PLAYERS, pad end, pad history, pad stats"
        );
        assert!(
            pad(&words("bob 99999999999"))
                .unwrap_err()
                .to_string()
                .contains("out of range")
        );
        assert!(
            pad(&words("new hearts 12"))
                .unwrap_err()
                .to_string()
                .contains("cannot name a player")
        );
    }
}
