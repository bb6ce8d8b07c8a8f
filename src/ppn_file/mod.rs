//! What a Portable Piecepack Notation file is, read from its content
//! (#81): piecepackr's `ppn` files open with a YAML header, between `---`
//! and `...`, or (without `---`) the lines before the first blank one,
//! whose `GameType` names the game, as a word (`GameType: Tablut`) or as
//! a map with its `Name` and the setup's arguments. Some games follow
//! such a file's moves (`games::PPN_READERS`); tablemate writes its own
//! games' records as PPN; any other game is named, not misread.

pub mod movetext;
pub mod notation;
pub mod r_random;
pub mod replay;
pub mod setups;
pub mod table;

/// Whether `text` (the file `name`) reads as PPN: a `.ppn` name, a
/// `---` header, or a `GameType:` among its first lines.
pub fn looks_like(name: &std::path::Path, text: &str) -> bool {
    name.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ppn"))
        || text
            .trim_start_matches('\u{feff}')
            .trim_start()
            .starts_with("---")
        || text
            .lines()
            .take(20)
            .any(|l| l.trim_start().starts_with("GameType:"))
}

/// Whether tablemate wrote it (`replay N --out FILE.ppn`): its header's
/// `Generator` is tablemate. Such a file is drawn from a record, which is
/// what `import` takes, whatever game it is of.
pub fn is_own(text: &str) -> bool {
    text.lines()
        .take_while(|l| l.trim_end() != "...")
        .take(40)
        .any(|l| {
            l.trim_start()
                .strip_prefix("Generator:")
                .is_some_and(|g| g.trim().trim_start_matches('"').starts_with("tablemate"))
        })
}

/// A PPN file cut in two: its header (the YAML between `---` and `...`,
/// or without `---` the lines before the first blank one) and the
/// movetext after it. A file whose first lines are no YAML map has no
/// header, and all of it is movetext.
pub struct Parts<'a> {
    pub header: Option<serde_yaml::Mapping>,
    pub movetext: &'a str,
}

pub fn parts(text: &str) -> Parts<'_> {
    let body = text.trim_start_matches('\u{feff}');
    let trimmed = body.trim_start();
    // Where each line starts, so the movetext is a slice of the text.
    let mut lines = Vec::new();
    let mut at = 0;
    for line in trimmed.split_inclusive('\n') {
        lines.push((at, line.trim_end()));
        at += line.len();
    }
    let (header, rest) = if trimmed.starts_with("---") {
        let end = lines
            .iter()
            .skip(1)
            .position(|(_, l)| *l == "..." || *l == "---")
            .map(|i| i + 1);
        let head: Vec<&str> = lines[1..end.unwrap_or(lines.len())]
            .iter()
            .map(|(_, l)| *l)
            .collect();
        let rest = match end.and_then(|e| lines.get(e + 1)) {
            Some((from, _)) => &trimmed[*from..],
            None => "",
        };
        (head.join("\n"), rest)
    } else {
        let end = lines.iter().position(|(_, l)| l.trim().is_empty());
        let head: Vec<&str> = lines[..end.unwrap_or(lines.len())]
            .iter()
            .map(|(_, l)| *l)
            .collect();
        let rest = match end.and_then(|e| lines.get(e)) {
            Some((from, _)) => &trimmed[*from..],
            None => "",
        };
        (head.join("\n"), rest)
    };
    match serde_yaml::from_str::<serde_yaml::Value>(&header) {
        Ok(serde_yaml::Value::Mapping(map)) => Parts {
            header: Some(map),
            movetext: rest,
        },
        // A `---` header that is no map still ends where `...` says.
        _ if trimmed.starts_with("---") => Parts {
            header: None,
            movetext: rest,
        },
        _ => Parts {
            header: None,
            movetext: trimmed,
        },
    }
}

/// The game a PPN file's header names (its `GameType`, or the `Name`
/// under it); `None` where the header names none or is no YAML map.
pub fn game_type(text: &str) -> Option<String> {
    let header = parts(text).header?;
    let name = GameType::of(&header)?.name();
    let name = crate::visible::line(name.trim()).to_string();
    (!name.is_empty()).then_some(name)
}

/// A header's `GameType` as a game's reader takes it: the game it names
/// (`GameType: Tablut`, or the `Name` under it) and the arguments its
/// setup is laid from (`Coins`, `Seed`).
pub struct GameType<'a>(&'a serde_yaml::Value);

impl<'a> GameType<'a> {
    pub fn of(header: &'a serde_yaml::Mapping) -> Option<GameType<'a>> {
        header.get("GameType").map(GameType)
    }

    pub fn name(&self) -> &'a str {
        match self.0 {
            serde_yaml::Value::String(s) => s,
            other => other.get("Name").and_then(|n| n.as_str()).unwrap_or(""),
        }
    }

    /// Whether it names `game` (letters and digits compared, any case).
    pub fn is(&self, game: &str) -> bool {
        setups::squeeze(self.name()) == setups::squeeze(game)
    }

    /// An argument written as text (`Coins: "354aa2/..."`).
    pub fn text(&self, key: &str) -> Option<&'a str> {
        self.0.get(key)?.as_str()
    }

    /// Its `Seed`, where it is one R takes.
    pub fn seed(&self) -> Option<u32> {
        self.0.get("Seed").and_then(r_seed)
    }
}

/// A seed as R's `set.seed` takes it: a whole number in 32 bits, a
/// negative one wrapped as R wraps it.
pub fn r_seed(value: &serde_yaml::Value) -> Option<u32> {
    let n = i32::try_from(value.as_i64()?).ok()?;
    Some(n as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tablemate_s_own_is_known_by_its_generator() {
        assert!(is_own(
            "---\nGameType:\n  Name: \"Fuji-san\"\nGenerator: \"tablemate 0.3.0\"\n...\n"
        ));
        assert!(!is_own("---\nGameType:\n  Name: Fujisan\n...\n1. a1-b1\n"));
        // A move's comment after the header says nothing of who wrote it.
        assert!(!is_own(
            "---\nGameType: Tablut\n...\n{ Generator: tablemate }\n"
        ));
    }

    #[test]
    fn each_header_form_names_its_game() {
        let cases = [
            (
                "---\nGameType:\n  Name: Fujisan\n  Coins: \"44\"\n...\n1. a1-b1\n",
                Some("Fujisan"),
            ),
            (
                "---\nGameType: American Checkers\n...\n1. e3-d4\n",
                Some("American Checkers"),
            ),
            (
                "GameType: Four Field Kono\n\n1. b1:b3\n",
                Some("Four Field Kono"),
            ),
            (
                "---\n  GameType:\n    Name: Japan\n    Seed: 42\n...\n",
                Some("Japan"),
            ),
            (
                "---\nRound: Night\nGameType: \n    Name: Relativity\n...\n",
                Some("Relativity"),
            ),
            (
                "---\nEvent: Example Tic-Tac-Toe Game\nResult: 1-0\n...\nsetup. t@b2\n",
                None,
            ),
            ("---\n: : not yaml [\n...\n", None),
            ("1. a1-b1\n", None),
        ];
        for (text, want) in cases {
            assert_eq!(game_type(text).as_deref(), want, "{text}");
        }
    }
}
