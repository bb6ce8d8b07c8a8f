//! The one list of games: every game and Funhouse room tablemate knows,
//! with its id, title and the names players call it. Command words,
//! completion, rules lookup, setups and the store all find a game here.

use std::fmt;
use std::str::FromStr;

/// Every game and Funhouse room tablemate knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Game {
    EpicFunhouse,
    SlideJam,
    MagicMirror,
    Catwalk,
    RollOutTheBarrels,
    WhackADummy,
    TrampoLand,
    LabRats,
    AngryTroll,
    SlidesOfAction,
    PenguinsNightOut,
    /// The score pad: not a game of pieces, but kept and changed like one.
    ScorePad,
    #[cfg(test)]
    Example,
}

/// How a game is named: its id (the rule file's, the layout's, the
/// store's), its title, the name lists show, and every alias.
struct Names {
    game: Game,
    id: &'static str,
    title: &'static str,
    /// The name lists of games show (`setup` and its errors).
    listed: &'static str,
    /// The short name Tab offers beside the id, if any.
    short: Option<&'static str>,
    aliases: &'static [&'static str],
}

const NAMES: &[Names] = &[
    Names {
        game: Game::EpicFunhouse,
        id: "epic-funhouse",
        title: "Epic Funhouse",
        listed: "epic-funhouse",
        short: None,
        aliases: &["funhouse", "ef", "epic"],
    },
    Names {
        game: Game::SlideJam,
        id: "slide-jam",
        title: "Slide Jam",
        listed: "slide-jam",
        short: None,
        aliases: &["sj", "ace", "slidejam", "slide"],
    },
    Names {
        game: Game::MagicMirror,
        id: "magic-mirror",
        title: "Magic Mirror",
        listed: "magic-mirror",
        short: Some("mirror"),
        aliases: &["mirror", "two", "mm", "magicmirror"],
    },
    Names {
        game: Game::Catwalk,
        id: "catwalk",
        title: "Catwalk",
        listed: "catwalk",
        short: None,
        aliases: &["three", "cw"],
    },
    Names {
        game: Game::RollOutTheBarrels,
        id: "roll-out-the-barrels",
        title: "Roll Out the Barrels",
        listed: "barrels",
        short: Some("barrels"),
        aliases: &["barrels", "four", "rotb", "roll-out", "barrel"],
    },
    Names {
        game: Game::WhackADummy,
        id: "whack-a-dummy",
        title: "Whack-a-Dummy",
        listed: "whack-a-dummy",
        short: Some("whack"),
        aliases: &["whack", "five", "wad", "whackadummy"],
    },
    Names {
        game: Game::TrampoLand,
        id: "trampo-land",
        title: "Trampo-Land",
        listed: "trampo-land",
        short: None,
        aliases: &["trampoland", "null", "trampo", "tl"],
    },
    Names {
        game: Game::LabRats,
        id: "lab-rats",
        title: "Lab Rats",
        listed: "lab-rats",
        short: None,
        aliases: &["labrats", "rats", "lr"],
    },
    Names {
        game: Game::AngryTroll,
        id: "angry-troll",
        title: "Angry Troll versus Magic Bridge",
        listed: "troll",
        short: Some("troll"),
        aliases: &["troll", "magic-bridge", "atmb"],
    },
    Names {
        game: Game::SlidesOfAction,
        id: "slides-of-action",
        title: "Slides of Action",
        listed: "slides-of-action",
        short: Some("slides"),
        aliases: &["slides", "soa"],
    },
    Names {
        game: Game::PenguinsNightOut,
        id: "penguins-night-out",
        title: "Penguin's Night Out",
        listed: "penguins",
        short: Some("penguins"),
        aliases: &["penguins", "penguin", "pno"],
    },
    Names {
        game: Game::ScorePad,
        id: "score-pad",
        title: "Score pad",
        listed: "score-pad",
        short: None,
        aliases: &["pad"],
    },
    #[cfg(test)]
    Names {
        game: Game::Example,
        id: "example",
        title: "Example",
        listed: "example",
        short: None,
        aliases: &["ex"],
    },
];

impl Game {
    /// Every game and room, in the order lists show them.
    pub fn all() -> impl Iterator<Item = Game> {
        NAMES.iter().map(|n| n.game)
    }

    /// The games whose state the store keeps, in the order `export`
    /// writes them.
    pub const SAVED: [Game; 6] = [
        Game::EpicFunhouse,
        Game::AngryTroll,
        Game::PenguinsNightOut,
        Game::SlidesOfAction,
        Game::LabRats,
        Game::ScorePad,
    ];

    fn names(self) -> &'static Names {
        NAMES
            .iter()
            .find(|n| n.game == self)
            .expect("every game is named")
    }

    /// `angry-troll`, `slide-jam`, ...: what rule files, layouts and the
    /// store call it.
    pub fn id(self) -> &'static str {
        self.names().id
    }

    pub fn title(self) -> &'static str {
        self.names().title
    }

    /// The name lists show (`troll`, `barrels`, `slides-of-action`).
    pub fn listed(self) -> &'static str {
        self.names().listed
    }

    /// The short name offered beside the id (`troll`, `mirror`).
    pub fn short(self) -> Option<&'static str> {
        self.names().short
    }

    pub fn aliases(self) -> &'static [&'static str] {
        self.names().aliases
    }

    /// The game with this id exactly (a layout's, the store's).
    pub fn by_id(id: &str) -> Option<Game> {
        NAMES.iter().find(|n| n.id == id).map(|n| n.game)
    }

    /// Every name a game answers to: ids and aliases.
    pub fn every_name() -> impl Iterator<Item = &'static str> {
        NAMES
            .iter()
            .flat_map(|n| std::iter::once(n.id).chain(n.aliases.iter().copied()))
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
        NAMES
            .iter()
            .find(|n| n.id == lower || n.aliases.contains(&lower.as_str()))
            .map(|n| n.game)
            .ok_or_else(|| ParseGameError(s.to_string()))
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Written as its id (`angry-troll`), read from any of its names.
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
