//! Epic Funhouse (Ron and Marty Hale-Evans): six solitaire rooms played in
//! sequence, each scored on its own; the run's score is the sum, and zero is
//! perfect.

pub mod die;
pub mod layouts;
pub mod play;
pub mod run;
pub mod score;
pub mod setup;
pub mod solve;

use std::fmt;
use std::str::FromStr;

/// The six rooms, in the order they are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Room {
    SlideJam,
    MagicMirror,
    Catwalk,
    Barrels,
    WhackADummy,
    TrampoLand,
}

impl Room {
    pub const ALL: [Room; 6] = [
        Room::SlideJam,
        Room::MagicMirror,
        Room::Catwalk,
        Room::Barrels,
        Room::WhackADummy,
        Room::TrampoLand,
    ];

    /// The name typed and shown: `slide-jam`, `magic-mirror`, ...
    pub fn id(self) -> &'static str {
        match self {
            Room::SlideJam => "slide-jam",
            Room::MagicMirror => "magic-mirror",
            Room::Catwalk => "catwalk",
            Room::Barrels => "roll-out-the-barrels",
            Room::WhackADummy => "whack-a-dummy",
            Room::TrampoLand => "trampo-land",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Room::SlideJam => "Slide Jam",
            Room::MagicMirror => "Magic Mirror",
            Room::Catwalk => "Catwalk",
            Room::Barrels => "Roll Out the Barrels",
            Room::WhackADummy => "Whack-a-Dummy",
            Room::TrampoLand => "Trampo-Land",
        }
    }

    /// The game's own numbering: Game Ace to Game Five, then Game Null.
    pub fn game_number(self) -> &'static str {
        match self {
            Room::SlideJam => "ace",
            Room::MagicMirror => "two",
            Room::Catwalk => "three",
            Room::Barrels => "four",
            Room::WhackADummy => "five",
            Room::TrampoLand => "null",
        }
    }

    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Room::SlideJam => &["sj", "ace", "slidejam", "slide"],
            Room::MagicMirror => &["mirror", "two", "mm", "magicmirror"],
            Room::Catwalk => &["three", "cw"],
            Room::Barrels => &["barrels", "four", "rotb", "roll-out", "barrel"],
            Room::WhackADummy => &["whack", "five", "wad", "whackadummy"],
            Room::TrampoLand => &["trampoland", "null", "trampo", "tl"],
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// Every name a room answers to, for completion and suggestions.
    pub fn all_names() -> Vec<&'static str> {
        Room::ALL
            .iter()
            .flat_map(|r| std::iter::once(r.id()).chain(r.aliases().iter().copied()))
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a Funhouse room{1}: expected slide-jam, magic-mirror, catwalk, roll-out-the-barrels, whack-a-dummy or trampo-land"
)]
pub struct ParseRoomError(pub String, pub String);

impl Room {
    /// The room named by `first` and as many of `rest` as make a longer
    /// name (`slide jam`, `roll out the barrels`), and the words after it.
    pub fn from_words<'a>(
        first: &str,
        rest: &'a [String],
    ) -> Result<(Room, &'a [String]), ParseRoomError> {
        match crate::names::longest(first, rest, |n| n.parse::<Room>().ok()) {
            Some((room, used)) => Ok((room, &rest[used..])),
            None => Err(first.parse::<Room>().expect_err("no name matched")),
        }
    }
}

impl FromStr for Room {
    type Err = ParseRoomError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase().replace('_', "-");
        Room::ALL
            .into_iter()
            .find(|r| r.id() == lower || r.aliases().contains(&lower.as_str()))
            .ok_or_else(|| {
                ParseRoomError(s.to_string(), crate::suggest::hint(s, Room::all_names()))
            })
    }
}

impl fmt::Display for Room {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rooms_parse_by_alias() {
        assert_eq!("sj".parse::<Room>().unwrap(), Room::SlideJam);
        assert_eq!("Barrels".parse::<Room>().unwrap(), Room::Barrels);
        assert_eq!("null".parse::<Room>().unwrap(), Room::TrampoLand);
        let e = "catwlk".parse::<Room>().unwrap_err().to_string();
        assert!(
            e.starts_with("'catwlk' is not a Funhouse room (did you mean 'catwalk'?): expected"),
            "{e}"
        );
    }
}
