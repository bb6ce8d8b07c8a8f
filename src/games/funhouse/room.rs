//! The six rooms, in the order they are played, by the names of the games
//! they are.

use std::fmt;
use std::str::FromStr;

use crate::games::error::GameError;
use crate::games::game::Game;

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

    /// The game the room is, whose names it answers to.
    pub fn game(self) -> Game {
        match self {
            Room::SlideJam => Game::SlideJam,
            Room::MagicMirror => Game::MagicMirror,
            Room::Catwalk => Game::Catwalk,
            Room::Barrels => Game::RollOutTheBarrels,
            Room::WhackADummy => Game::WhackADummy,
            Room::TrampoLand => Game::TrampoLand,
        }
    }

    /// The room a game is, if it is one.
    pub fn of(game: Game) -> Option<Room> {
        Room::ALL.into_iter().find(|r| r.game() == game)
    }

    /// The name typed and shown: `slide-jam`, `magic-mirror`, ...
    pub fn id(self) -> &'static str {
        self.game().id()
    }

    pub fn title(self) -> &'static str {
        self.game().title()
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

    pub fn index(self) -> usize {
        self as usize
    }

    /// Every name a room answers to, for completion and suggestions.
    pub fn all_names() -> Vec<&'static str> {
        Room::ALL
            .iter()
            .flat_map(|r| std::iter::once(r.id()).chain(r.game().aliases().iter().copied()))
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
        s.parse::<Game>().ok().and_then(Room::of).ok_or_else(|| {
            ParseRoomError(s.to_string(), crate::suggest::hint(s, Room::all_names()))
        })
    }
}

/// In data as its id (`slide-jam`), read back from any of its names.
impl serde::Serialize for Room {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for Room {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Room, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Room {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl From<ParseRoomError> for GameError {
    fn from(e: ParseRoomError) -> GameError {
        GameError::Word(e.to_string())
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

    #[test]
    fn names_run_over_words() {
        let words = |s: &str| -> Vec<String> { s.split_whitespace().map(String::from).collect() };
        let room = |s: &str| s.parse::<Room>().ok();
        assert_eq!(
            crate::names::longest("slide", &words("jam none"), room),
            Some((Room::SlideJam, 1))
        );
        assert_eq!(
            crate::names::longest("roll", &words("out the barrels 3"), room),
            Some((Room::Barrels, 3))
        );
        assert_eq!(
            crate::names::longest("catwalk", &words("5xn"), room),
            Some((Room::Catwalk, 0))
        );
        assert_eq!(
            crate::names::longest("hall", &words("of mirrors"), room),
            None
        );
    }
}
