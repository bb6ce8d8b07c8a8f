//! What a game refuses, and why: one error type for every game, so the
//! dispatcher can tell a bad word from a move the rules forbid without
//! reading the message.

use crate::pieces::ParsePieceError;

#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// A word the command does not take; the message names it and says
    /// what would do.
    #[error("{0}")]
    Word(String),
    /// A move, step or setting the rules refuse, with the rule.
    #[error("{0}")]
    Rule(String),
    /// Nothing of this game is laid or saved; the message says how to
    /// start.
    #[error("{0}")]
    Missing(String),
    /// A piece written wrong.
    #[error(transparent)]
    Piece(#[from] ParsePieceError),
    /// The command would throw something away: the REPL asks `question`
    /// and, on yes, runs `then`; elsewhere it is refused.
    #[error("{question} (`{}` to go ahead)", then.join(" "))]
    Confirm { question: String, then: Vec<String> },
    /// A player's open categories on a score sheet: the REPL asks each
    /// in turn; elsewhere it is refused with the line to type.
    #[error("{0}")]
    Entries(crate::sheet::asking::Asking),
    /// Ctrl-C stopped a search.
    #[error("cancelled")]
    Cancelled,
}

impl GameError {
    /// A word not understood, in the message's own words.
    pub fn word(msg: impl Into<String>) -> GameError {
        GameError::Word(msg.into())
    }

    /// Refused by the rules (or out of range), with the reason.
    pub fn rule(msg: impl Into<String>) -> GameError {
        GameError::Rule(msg.into())
    }

    /// Nothing laid: how to lay one.
    pub fn missing(msg: impl Into<String>) -> GameError {
        GameError::Missing(msg.into())
    }
}

/// A game's rules speak in sentences; each refusal is a `Rule`.
impl From<String> for GameError {
    fn from(msg: String) -> GameError {
        GameError::Rule(msg)
    }
}

impl From<&str> for GameError {
    fn from(msg: &str) -> GameError {
        GameError::Rule(msg.to_string())
    }
}

/// What a game says (a refusal, an event) compared with the sentence the
/// player reads: for tests, which hold the sentences.
#[cfg(test)]
macro_rules! said_as {
    ($t:ty) => {
        impl PartialEq<&str> for $t {
            fn eq(&self, other: &&str) -> bool {
                format!("{self}") == *other
            }
        }

        impl PartialEq<String> for $t {
            fn eq(&self, other: &String) -> bool {
                format!("{self}") == *other
            }
        }
    };
}

#[cfg(test)]
pub(crate) use said_as;

#[cfg(test)]
said_as!(GameError);

/// Words of a game's own notation that do not read (coins, a space, an
/// equation), and why: what a game's parser says before a
/// [`GameError`] is made of it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Misread(pub String);

impl From<String> for Misread {
    fn from(s: String) -> Misread {
        Misread(s)
    }
}

impl From<&str> for Misread {
    fn from(s: &str) -> Misread {
        Misread(s.to_string())
    }
}

/// What is wrong with a game's state read back (from the store, a file,
/// an import): the first thing found, in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unsound(pub String);

impl From<String> for Unsound {
    fn from(why: String) -> Unsound {
        Unsound(why)
    }
}

impl From<&str> for Unsound {
    fn from(why: &str) -> Unsound {
        Unsound(why.to_string())
    }
}

#[cfg(test)]
said_as!(Unsound);
