//! Why dice could not be used: an expression that does not parse (the
//! message and where in the line it went wrong), or an exact answer not
//! worked out.

use std::fmt;

/// A parse or validation error, pointing at a byte of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceError {
    pub input: String,
    /// Byte offset of the bad character (None: the whole expression).
    pub pos: Option<usize>,
    pub message: String,
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The caret goes under the first line; a hint after it.
        let (first, hint) = match self.message.split_once('\n') {
            Some((first, hint)) => (first, Some(hint)),
            None => (self.message.as_str(), None),
        };
        write!(f, "{first}")?;
        if let Some(pos) = self.pos {
            // A window of the line around the caret, so a pasted line of
            // thousands of characters still gives a short message.
            const SIDE: usize = 25;
            let chars: Vec<char> = self.input.chars().collect();
            let col = self.input[..pos.min(self.input.len())].chars().count();
            let from = col.saturating_sub(SIDE);
            let to = (col + SIDE).min(chars.len());
            let before = if from > 0 { "..." } else { "" };
            let after = if to < chars.len() { "..." } else { "" };
            let shown: String = chars[from..to].iter().collect();
            let caret = before.len() + col - from;
            write!(f, "\n  {before}{shown}{after}\n  {}^", " ".repeat(caret))?;
        }
        if let Some(hint) = hint {
            write!(f, "\n{hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DiceError {}

/// Why an exact answer is not worked out: too much to compute, a form the
/// method cannot follow, or Ctrl-C.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

impl From<String> for Refusal {
    fn from(why: String) -> Refusal {
        Refusal(why)
    }
}

impl From<&str> for Refusal {
    fn from(why: &str) -> Refusal {
        Refusal(why.to_string())
    }
}

impl From<crate::cancel::Cancelled> for Refusal {
    fn from(c: crate::cancel::Cancelled) -> Refusal {
        Refusal(c.to_string())
    }
}
