//! What every game is called, and how a name finds it: its id, title and
//! aliases, as its wing declares them in its own folder (the list of
//! games itself is `games!` in the parent module). Command words,
//! completion, rules lookup, setups and the store all find a game here.

use std::fmt;
use std::str::FromStr;

pub use super::Game;

/// How a game is named: its id (the rule file's, the layout's, the
/// store's), its title, the name lists show, and every alias. Declared by
/// each wing (`Wing::NAMES`).
#[derive(Debug)]
pub struct Names {
    /// What rule files, layouts and the store call it: `magic-mirror`.
    pub id: &'static str,
    /// As a heading: `Magic Mirror`.
    pub title: &'static str,
    /// The name lists of games show (`setup` and its errors): `barrels`.
    pub listed: &'static str,
    /// The short name Tab offers beside the id, if any: `barrels`.
    pub short: Option<&'static str>,
    /// Every other name it answers to, lowercase.
    pub aliases: &'static [&'static str],
}

impl Game {
    /// Every game and room, in the order lists show them.
    pub fn all() -> impl Iterator<Item = Game> {
        super::ALL.iter().copied()
    }

    /// The games whose state the store keeps (each keeps its own; a
    /// room keeps its state in its game's), in the order `export` writes
    /// them.
    pub fn saved() -> impl Iterator<Item = Game> {
        Game::all().filter(|&g| g.wing().keeps() == g)
    }

    fn names(self) -> &'static Names {
        self.wing().names()
    }

    /// `magic-mirror`, `slide-jam`, ...: what rule files, layouts and the
    /// store call it.
    pub fn id(self) -> &'static str {
        self.names().id
    }

    pub fn title(self) -> &'static str {
        self.names().title
    }

    /// The name lists show (`barrels`, `whack-a-dummy`).
    pub fn listed(self) -> &'static str {
        self.names().listed
    }

    /// The short name offered beside the id (`barrels`, `mirror`).
    pub fn short(self) -> Option<&'static str> {
        self.names().short
    }

    pub fn aliases(self) -> &'static [&'static str] {
        self.names().aliases
    }

    /// The game with this id exactly (a layout's, the store's).
    pub fn by_id(id: &str) -> Option<Game> {
        Game::all().find(|g| g.id() == id)
    }

    /// Every name a game answers to: ids and aliases.
    pub fn every_name() -> impl Iterator<Item = &'static str> {
        Game::all().flat_map(|g| std::iter::once(g.id()).chain(g.aliases().iter().copied()))
    }

    /// The game named by `first` and as many of `rest` as make a longer
    /// name (`slide jam`, `roll out the barrels`), and the words after it.
    pub fn from_words<'a>(first: &str, rest: &'a [String]) -> Option<(Game, &'a [String])> {
        crate::names::longest(first, rest, |n| n.parse::<Game>().ok())
            .map(|(g, used)| (g, &rest[used..]))
    }
}

/// A name that is no game's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a game")]
pub struct ParseGameError(pub String);

/// Read without regard to case, `_` as `-`: an id or an alias.
impl FromStr for Game {
    type Err = ParseGameError;
    fn from_str(s: &str) -> Result<Game, ParseGameError> {
        let lower = s.to_ascii_lowercase().replace('_', "-");
        Game::all()
            .find(|g| g.id() == lower || g.aliases().contains(&lower.as_str()))
            .ok_or_else(|| ParseGameError(s.to_string()))
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Written as its id (`slide-jam`), read from any of its names.
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_read_back() {
        let mut seen = std::collections::HashSet::new();
        for name in Game::every_name() {
            assert!(seen.insert(name), "{name} names two games");
        }
        for g in Game::all() {
            assert_eq!(g.id().parse::<Game>(), Ok(g));
            assert_eq!(Game::by_id(g.id()), Some(g));
            for a in g.aliases() {
                assert_eq!(a.to_uppercase().parse::<Game>(), Ok(g), "{a}");
            }
        }
    }
}
