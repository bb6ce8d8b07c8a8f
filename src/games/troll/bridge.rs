//! The bridge's geometry: its rows and slots, the ways from a brick, and
//! the words for them.

use serde::{Deserialize, Serialize};

use crate::games::compass::Dir;
use crate::games::error::GameError;

/// Cards per slot, left to right, in each row, on the standard bridge.
pub const SLOT_CARDS: [usize; 6] = [3, 2, 1, 1, 2, 3];

/// The bridge sizes the design diary plays: the standard one, one card
/// more in every slot (easier), two more (its "tutorial mode").
pub const BRIDGES: [usize; 3] = [24, 36, 48];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Row {
    Upper,
    #[default]
    Lower,
}

impl Row {
    pub fn name(self) -> &'static str {
        match self {
            Row::Upper => "upper",
            Row::Lower => "lower",
        }
    }
}

/// A place on the bridge: a row and a slot from 1 to 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spot {
    pub row: Row,
    pub slot: u8,
}

impl Spot {
    pub fn new(row: Row, slot: u8) -> Spot {
        Spot { row, slot }
    }

    /// The spot one step in `dir`, if it is on the bridge.
    pub fn step(self, dir: Dir) -> Option<Spot> {
        let s = match dir {
            Dir::W => Spot::new(self.row, self.slot.checked_sub(1)?),
            Dir::E => Spot::new(self.row, self.slot + 1),
            Dir::N if self.row == Row::Lower => Spot::new(Row::Upper, self.slot),
            Dir::S if self.row == Row::Upper => Spot::new(Row::Lower, self.slot),
            Dir::N | Dir::S => return None,
        };
        (1..=6).contains(&s.slot).then_some(s)
    }

    pub fn neighbours(self) -> impl Iterator<Item = Spot> {
        DIRS.into_iter().filter_map(move |d| self.step(d))
    }
}

impl std::fmt::Display for Spot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} slot {}", self.row.name(), self.slot)
    }
}

/// The four ways from a brick, in the order actions are listed: along the
/// row, then to the other row (up is the upper row, as the bridge is
/// drawn).
pub const DIRS: [Dir; 4] = [Dir::W, Dir::E, Dir::N, Dir::S];

/// A direction as the player reads the bridge: left, right, up, down (or
/// their first letters, or a compass word).
pub fn parse_dir(word: &str) -> Result<Dir, GameError> {
    let compass = match word.to_ascii_lowercase().as_str() {
        "l" => "west",
        "r" => "east",
        "u" => "north",
        "d" => "south",
        _ => word,
    }
    .parse::<Dir>();
    compass.map_err(|_| {
        GameError::word(format!(
            "'{word}' is not a direction: expected left, right, up or down"
        ))
    })
}

/// Where a brick lies from another: `left of`, `above`.
pub fn beside(d: Dir) -> &'static str {
    match d {
        Dir::W => "left of",
        Dir::E => "right of",
        Dir::N => "above",
        Dir::S => "below",
    }
}

/// `left`, `right`, `up` or `down`.
pub fn dir_name(d: Dir) -> &'static str {
    match d {
        Dir::W => "left",
        Dir::E => "right",
        Dir::N => "up",
        Dir::S => "down",
    }
}

pub fn colour_name(red: bool) -> &'static str {
    if red { "red" } else { "black" }
}
