//! Compass directions on the table, clockwise from north: the Catwalk's
//! track and a maze of tiles both turn and step by them.

use crate::games::error::GameError;

/// x grows east, y grows north.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    pub const CLOCKWISE: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// One step this way, as (dx, dy).
    pub fn unit(self) -> (i32, i32) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
        }
    }

    pub fn step(self, (x, y): (i32, i32)) -> (i32, i32) {
        let (dx, dy) = self.unit();
        (x + dx, y + dy)
    }

    /// A quarter turn clockwise.
    pub fn right(self) -> Dir {
        Dir::CLOCKWISE[(self as usize + 1) % 4]
    }

    /// A quarter turn anticlockwise.
    pub fn left(self) -> Dir {
        Dir::CLOCKWISE[(self as usize + 3) % 4]
    }

    pub fn name(self) -> &'static str {
        match self {
            Dir::N => "north",
            Dir::E => "east",
            Dir::S => "south",
            Dir::W => "west",
        }
    }

    /// `N`, `E`, `S` or `W`.
    pub fn letter(self) -> &'static str {
        &"NESW"[self as usize..self as usize + 1]
    }
}

/// Typed as a word or its letter (`north`, `n`; `up` too, as a grid is
/// read); the error names the word.
impl std::str::FromStr for Dir {
    type Err = GameError;
    fn from_str(word: &str) -> Result<Dir, GameError> {
        match word.to_ascii_lowercase().as_str() {
            "n" | "north" | "up" => Ok(Dir::N),
            "e" | "east" | "right" => Ok(Dir::E),
            "s" | "south" | "down" => Ok(Dir::S),
            "w" | "west" | "left" => Ok(Dir::W),
            _ => Err(GameError::word(format!(
                "'{word}' is not a direction: expected north, east, south or west"
            ))),
        }
    }
}

/// In data as the word the player reads (`north`).
impl serde::Serialize for Dir {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Read back from the same word (saved actions keep directions so).
impl<'de> serde::Deserialize<'de> for Dir {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Dir, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_and_steps() {
        assert_eq!(Dir::N.right(), Dir::E);
        assert_eq!(Dir::N.left(), Dir::W);
        assert_eq!(Dir::W.right(), Dir::N);
        assert_eq!(Dir::E.step((1, 1)), (2, 1));
        assert_eq!(Dir::S.letter(), "S");
    }
}
