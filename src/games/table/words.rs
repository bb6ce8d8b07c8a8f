//! The table's words: `players ann ben "Li Wei"`, `players add cat`,
//! `players remove ben`, `players rename li "Li Wei"`, `players move ann
//! 3`, `first`, `seating` and `turn`.

use super::events::TableAction;
use super::{MOST_PEOPLE, check_name};
use crate::games::error::GameError;

/// A question about the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// Who sits at the table, who starts, whose turn it is.
    Players,
}

/// The sub-commands of `players`, as typed.
pub const SUBCOMMANDS: &[&str] = &["add", "remove", "rename", "move"];

/// The sub-command `word` is one slip from (`ad`, `remvoe`), if any.
pub fn slip_of_subcommand(word: &str) -> Option<&'static str> {
    let w = word.to_lowercase();
    SUBCOMMANDS
        .iter()
        .copied()
        .find(|s| w.len() >= 2 && crate::suggest::distance(&w, s) == 1)
}

/// The words after `first` or `seating`: who starts, or a whole seating
/// order, among the names given (none: the table's).
pub fn seats(whole: bool, words: &[String]) -> Result<TableAction, GameError> {
    let (deal, names) = crate::deal::split(words).map_err(|e| GameError::word(e.to_string()))?;
    let names = people(&names, 2)?;
    Ok(TableAction::Seat {
        whole,
        names,
        deal: deal.map(|d| d.to_string()),
    })
}

/// The words after `players`: a change to the table, or the question who
/// sits at it.
pub fn players(words: &[String]) -> Result<Result<TableAction, Ask>, GameError> {
    let Some(first) = words.first() else {
        return Ok(Err(Ask::Players));
    };
    let rest = &words[1..];
    let usage = |what: &str| {
        GameError::word(format!(
            "`players {what}`: players add NAME, players remove NAME, players rename OLD NEW, players move NAME N"
        ))
    };
    let one = |rest: &[String], what: &str| match rest {
        [n] => Ok(n.clone()),
        [] => Err(usage(&format!("{what}` takes a name: `players {what} ann"))),
        [_, extra, ..] => Err(GameError::word(format!(
            "'{extra}': `players {what}` takes one name (quote one with spaces: \"Li Wei\")"
        ))),
    };
    match first.to_lowercase().as_str() {
        "add" => {
            let name = one(rest, "add")?;
            check_name(&name)?;
            Ok(Ok(TableAction::Add { name }))
        }
        "remove" => Ok(Ok(TableAction::Remove {
            name: one(rest, "remove")?,
        })),
        "rename" => match rest {
            [from, to] => {
                check_name(to)?;
                Ok(Ok(TableAction::Rename {
                    from: from.clone(),
                    to: to.clone(),
                }))
            }
            _ => Err(GameError::word(
                "`players rename` takes the name now and the new one: players rename li \"Li Wei\"",
            )),
        },
        "move" => match rest {
            [name, place] => {
                let to = place.parse::<usize>().ok().filter(|&p| p >= 1).ok_or_else(|| {
                    GameError::word(format!(
                        "'{place}' is not a place at the table: players move {name} 2 (1 is the first place)"
                    ))
                })?;
                Ok(Ok(TableAction::Move {
                    name: name.clone(),
                    to,
                }))
            }
            _ => Err(GameError::word(
                "`players move` takes a name and a place: players move ann 3",
            )),
        },
        _ => {
            if let Some(opt) = words.iter().find(|w| w.starts_with('-')) {
                let bare = opt.trim_start_matches('-').to_lowercase();
                let tip = if SUBCOMMANDS.contains(&bare.as_str()) {
                    format!(": did you mean `players {bare} ...`?")
                } else {
                    format!(
                        "{}: `players` takes names, or add, remove, rename, move",
                        crate::suggest::hint(&bare, SUBCOMMANDS.iter().copied())
                    )
                };
                return Err(GameError::word(format!(
                    "'{opt}' is not a name nor a word of `players`{tip}"
                )));
            }
            match people(words, 1) {
                Ok(names) => Ok(Ok(TableAction::Players { names })),
                // `players mvoe ann 2`: the slip, not the `2`, is the word
                // to blame.
                Err(e) => Err(match slip_of_subcommand(first) {
                    Some(meant) => GameError::word(format!(
                        "'{first}' is not a word of `players`: did you mean `players {meant} ...`?"
                    )),
                    None => e,
                }),
            }
        }
    }
}

/// Names of people, each checked and none twice (as folded); at least
/// `least` of them when any are given.
fn people(names: &[String], least: usize) -> Result<Vec<String>, GameError> {
    for (i, n) in names.iter().enumerate() {
        check_name(n)?;
        let same = crate::people::folded(n);
        if let Some(m) = names[..i].iter().find(|m| crate::people::folded(m) == same) {
            return Err(GameError::word(if m == n {
                format!("'{n}' is named twice")
            } else {
                format!(
                    "'{n}' and '{m}' read as the same name: give each person a name of their own"
                )
            }));
        }
    }
    if !names.is_empty() && names.len() < least {
        return Err(GameError::word(format!(
            "'{}' alone: name two or more players (first alice bob carol)",
            names[0]
        )));
    }
    if names.len() > MOST_PEOPLE {
        return Err(GameError::word(format!(
            "{} players: at most {MOST_PEOPLE}",
            names.len()
        )));
    }
    Ok(names.to_vec())
}

/// The words after `turn`: none (pass it), `clock ...` (the time bank),
/// `pause` or `resume`.
pub fn turn(words: &[String]) -> Result<TableAction, GameError> {
    let Some(first) = words.first() else {
        return Ok(TableAction::Turn { at: 0, by: None });
    };
    let rest = &words[1..];
    let verb = first.to_lowercase();
    match verb.as_str() {
        "clock" => clock(rest),
        "pause" | "resume" => match rest.first() {
            None => Ok(TableAction::Pause {
                on: verb == "pause",
                at: 0,
            }),
            Some(x) => Err(GameError::word(format!(
                "'{x}': `turn {verb}` takes no words"
            ))),
        },
        _ => {
            let hint = crate::suggest::hint(&verb, TURN_WORDS.iter().copied());
            Err(GameError::word(format!(
                "'{first}' is not understood here{hint}: `turn` passes the turn; turn clock 20m [+10s] [out=lose|warn], turn clock NAME 25m, turn clock off, turn pause, turn resume"
            )))
        }
    }
}

/// The words `turn` takes.
pub const TURN_WORDS: &[&str] = &["clock", "pause", "resume"];

/// The words after `turn clock`: a length for everyone, or a name and a
/// length for one person; `+LENGTH` a turn; `out=lose|warn`; or `off`.
fn clock(words: &[String]) -> Result<TableAction, GameError> {
    let usage = "turn clock 20m [+10s] [out=lose|warn], turn clock NAME 25m, turn clock off";
    let mut action = TableAction::Clock {
        who: None,
        each: None,
        plus: None,
        out: None,
        off: false,
        at: 0,
    };
    let TableAction::Clock {
        who,
        each,
        plus,
        out,
        off,
        ..
    } = &mut action
    else {
        unreachable!("a clock action")
    };
    if words.is_empty() {
        return Err(GameError::missing(format!("how long? {usage}")));
    }
    for (i, w) in words.iter().enumerate() {
        let lower = w.to_lowercase();
        if lower == "off" && words.len() == 1 {
            *off = true;
        } else if let Some(p) = w.strip_prefix('+') {
            *plus = Some(super::bank::length(p).ok_or_else(|| {
                GameError::word(format!(
                    "'{w}' is not a length to add after each turn: +10s, +1m"
                ))
            })?);
        } else if let Some(o) = lower.strip_prefix("out=") {
            *out = Some(match o {
                "lose" => super::bank::Out::Lose,
                "warn" => super::bank::Out::Warn,
                _ => {
                    return Err(GameError::word(format!(
                        "'{w}': out=lose (who runs out loses) or out=warn (it is said, play goes on)"
                    )));
                }
            });
        } else if let Some(s) = super::bank::length(w) {
            if each.is_some() {
                return Err(GameError::word(format!(
                    "'{w}': one length for the bank ({usage})"
                )));
            }
            *each = Some(s);
        } else if i == 0
            && who.is_none()
            && !w.starts_with(|c: char| c.is_ascii_digit() || c == '-')
        {
            // (A word starting with `-` is no name: `-1m` is a length
            // below nothing, said as a length.)
            let hint = crate::suggest::hint(&lower, ["off"]);
            if !hint.is_empty() {
                return Err(GameError::word(format!(
                    "'{w}' is not understood here{hint}: {usage}"
                )));
            }
            *who = Some(w.clone());
        } else {
            return Err(GameError::word(format!(
                "'{w}' is not a length (20m, 1h30m, 45s), +10s, out=lose|warn nor off: {usage}"
            )));
        }
    }
    if who.is_some() && each.is_none() {
        return Err(GameError::missing(format!(
            "how long for {}? turn clock {} 25m",
            who.as_deref().unwrap_or_default(),
            who.as_deref().unwrap_or_default()
        )));
    }
    Ok(action)
}
