//! The grid of four rows of six that two of the solitaires lay:
//! files `a` to `f` from left to right, ranks `1` (the near row) to `4`,
//! as the solitaires' diagrams name them, and a space's name as players
//! write it.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::error::Misread;

pub const FILES: u8 = 6;
pub const RANKS: u8 = 4;
pub const SPACES: usize = 24;

/// A space: file `a`..`f`, rank `1`..`4`.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(try_from = "String", into = "String")]
pub struct Space(u8);

impl Space {
    pub fn new(file: u8, rank: u8) -> Space {
        debug_assert!(file < FILES && rank < RANKS);
        Space(rank * FILES + file)
    }

    pub fn file(self) -> u8 {
        self.0 % FILES
    }

    /// 0 for rank 1 (the near row).
    pub fn rank(self) -> u8 {
        self.0 / FILES
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn bit(self) -> u32 {
        1 << self.0
    }

    /// The space of an index (0 to 23).
    pub fn from_index(i: usize) -> Option<Space> {
        (i < SPACES).then_some(Space(i as u8))
    }

    pub fn all() -> impl Iterator<Item = Space> {
        (0..SPACES as u8).map(Space)
    }

    /// The spaces of a set, in order.
    pub fn of(mut set: u32) -> impl Iterator<Item = Space> {
        std::iter::from_fn(move || {
            let s = Space(set.trailing_zeros() as u8);
            set &= set.wrapping_sub(1);
            (usize::from(s.0) < SPACES).then_some(s)
        })
    }

    /// `c3`, any case.
    pub fn parse(word: &str) -> Option<Space> {
        let b = word.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank = b[1].checked_sub(b'1')?;
        (file < FILES && rank < RANKS).then(|| Space::new(file, rank))
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl TryFrom<String> for Space {
    type Error = Misread;
    fn try_from(s: String) -> Result<Space, Misread> {
        Space::parse(&s).ok_or_else(|| Misread(format!("'{s}' is not a space (a1 to f4)")))
    }
}

impl From<Space> for String {
    fn from(s: Space) -> String {
        s.to_string()
    }
}
