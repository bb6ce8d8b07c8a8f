//! Fuji-san games in the portable piecepack notation as ppgames writes
//! them (its `solve_fujisan`): a YAML header whose `GameType` names
//! `Fujisan` with its `Coins` (and `Dice`, when the first move needs
//! them), then numbered moves `1. a1-b1 2. n2-k2`. Either tool reads
//! what the other writes.

use serde::Deserialize;

use super::mountain::{Coins, Dice, Misread, Move, needs_dice};
use super::play::FujiGame;
use crate::games::error::GameError;
use crate::pieces::Rank;

/// The game in ppgames' form: header, then the moves, eight a line.
pub fn write(game: &FujiGame) -> String {
    let mut out = format!(
        "---\nGameType:\n  Name: Fujisan\n  Coins: \"{}\"\n",
        game.coins
    );
    if needs_dice(&game.coins) {
        out.push_str(&format!("  Dice: \"{}\"\n", game.dice));
    }
    out.push_str("...\n");
    let moves: Vec<String> = game
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}. {m}", i + 1))
        .collect();
    for line in moves.chunks(8) {
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

#[derive(Deserialize)]
struct Header {
    #[serde(rename = "GameType")]
    game_type: Option<GameType>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum GameType {
    Full {
        #[serde(rename = "Name")]
        name: String,
        #[serde(rename = "Coins")]
        coins: Option<String>,
        #[serde(rename = "Dice")]
        dice: Option<String>,
        #[serde(rename = "Seed")]
        seed: Option<i32>,
    },
    Named(String),
}

/// Read a ppgames Fuji-san game and play every move by the rules: the
/// game as its moves leave it, or the first thing wrong (a header that is
/// not Fuji-san's, a bad coin string, the first illegal move by number).
pub fn read(text: &str) -> Result<FujiGame, GameError> {
    read_text(text).map_err(|e| GameError::word(format!("ppn=: {e}")))
}

/// How other tools' Fuji-san files are found and checked (`import FILE`
/// and `replay FILE` say what such a file is).
pub const READER: crate::games::PpnReader = crate::games::PpnReader {
    title: "Fuji-san",
    names: &["fujisan"],
    setup: "setup fuji-san ppn=FILE",
    check,
    record,
};

/// A ppgames Fuji-san file as a record is made of it: the mountain and
/// dice as `setup` lays them, then each move, every one checked.
pub fn record(text: &str) -> Result<crate::games::PpnGame, Misread> {
    let played = read_text(text)?;
    let start = FujiGame::new(played.coins, played.dice);
    let mut setup = format!("setup fuji-san coins={}", played.coins);
    if needs_dice(&played.coins) {
        setup.push_str(&format!(" dice={}", played.dice));
    }
    let value = |v: serde_json::Result<serde_json::Value>| v.map_err(|e| Misread(e.to_string()));
    Ok(crate::games::PpnGame {
        game: crate::games::Game::FujiSan,
        setup,
        start: value(serde_json::to_value(&start))?,
        moves: played
            .moves
            .iter()
            .map(|m| Ok((format!("fuji {m}"), value(serde_json::to_value(m))?)))
            .collect::<Result<_, Misread>>()?,
    })
}

/// The coins and dice ppdf deals from `seed` (`random_fujisan_coins`:
/// each fourth coin from its own `sample(0:5)`, the first twelve the
/// top row; then four dice, read only where the first move needs them),
/// as `Coins` and `Dice` write them.
fn dealt(seed: u32) -> (String, String) {
    let mut r = crate::ppn_file::r_random::RRandom::new(seed);
    let mut coins = ['n'; 24];
    // R fills the places 4, 8, ... first, then 1, 5, ..., 2, 6, ...
    for start in [3, 0, 1, 2] {
        for (k, v) in r.sample(6).into_iter().enumerate() {
            coins[start + 4 * k] = ['n', 'a', '2', '3', '4', '5'][v - 1];
        }
    }
    let code = |v: usize| ['n', 'a', '2', '3', '4', '5'][v - 1];
    let d: Vec<char> = r
        .sample_with_replacement(6, 4)
        .into_iter()
        .map(code)
        .collect();
    let top: String = coins[..12].iter().collect();
    let bottom: String = coins[12..].iter().collect();
    (
        format!("{top}/{bottom}"),
        format!("{}{}/{}{}", d[0], d[1], d[2], d[3]),
    )
}

/// How many moves a ppgames Fuji-san file makes, each legal, or the
/// first thing wrong with it, in words (what `import FILE` says of it).
pub fn check(text: &str) -> Result<usize, Misread> {
    read_text(text).map(|g| g.moves.len())
}

fn read_text(text: &str) -> Result<FujiGame, Misread> {
    let body = text.trim_start_matches('\u{feff}').trim_start();
    let (header, moves) =
        match body.strip_prefix("---") {
            Some(rest) => match rest.find("\n...") {
                Some(end) => (&rest[..end], &rest[end + 4..]),
                None => return Err("the PPN header opened by --- has no closing ...".into()),
            },
            None => return Err(
                "a Fuji-san PPN file opens with a --- header naming GameType Fujisan and its Coins"
                    .into(),
            ),
        };
    let h: Header =
        serde_yaml::from_str(header).map_err(|e| format!("its header is not YAML: {e}"))?;
    let (name, coins, dice, seed) = match h.game_type {
        Some(GameType::Full {
            name,
            coins,
            dice,
            seed,
        }) => (name, coins, dice, seed),
        Some(GameType::Named(name)) => (name, None, None, None),
        None => return Err("its header has no GameType: a Fuji-san file says GameType: {Name: Fujisan, Coins: \"...\"}".into()),
    };
    if !name.eq_ignore_ascii_case("fujisan") && !name.eq_ignore_ascii_case("fuji-san") {
        return Err(format!("its GameType is {name}, not Fujisan").into());
    }
    // Where the file gives no Coins, ppdf deals them (and the dice, where
    // the first move needs them) from its Seed.
    let (coins, dice) = match (coins, seed) {
        (Some(coins), _) => (coins, dice),
        (None, Some(seed)) => {
            let (coins, rolled) = dealt(seed as u32);
            let needed = needs_dice(&Coins::parse(&coins)?);
            (coins, dice.or(needed.then_some(rolled)))
        }
        (None, None) => {
            return Err("its GameType gives no Coins and no Seed to deal them from".into());
        }
    };
    let coins = Coins::parse(&coins)?;
    let dice = match dice {
        Some(d) => Dice::parse(&d)?,
        None if needs_dice(&coins) => {
            return Err("no coin gives a first move, so the file must give the Dice".into());
        }
        None => Dice([Rank::Null; 4]),
    };
    let mut game = FujiGame::new(coins, dice);
    let mut n = 0;
    for word in words(moves) {
        // Move numbers (`12.`) only count.
        if word.ends_with('.') && word[..word.len() - 1].chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        n += 1;
        let m = Move::parse(word)
            .ok_or_else(|| format!("move {n} '{word}' is not a move like a1-b1"))?;
        game.step(m)
            .map_err(|e| format!("move {n} ({m}) is illegal: {e}"))?;
    }
    Ok(game)
}

/// The words of the moves, comments in braces and `;` to the line's end
/// left out.
fn words(text: &str) -> impl Iterator<Item = &str> {
    let mut depth = 0;
    text.lines()
        .map(|l| l.split(';').next().unwrap_or(""))
        .flat_map(|l| l.split_whitespace())
        .filter(move |w| {
            let open = w.starts_with('{');
            if open {
                depth += 1;
            }
            let keep = depth == 0;
            if w.ends_with('}') {
                depth -= 1;
            }
            keep && !open
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ppgames' own file for its puzzle 2 (inst/ppn/fujisan.ppn) reads,
    /// every move legal, and ends at the summit.
    #[test]
    fn ppgames_file_reads() {
        let file = "---\nGameType:\n  Name: Fujisan\n  Coins: \"44452n24n3aa/a25335325ann\"\n...\n1. a1-b1 2. n2-k2 3. b1-e1 4. e1-j1 5. j1-j2 6. j2-l2 7. k2-m2 8. m2-m1\n9. l2-l1 10. n1-k1 11. m1-i1 12. i1-d1 13. d1-d2 14. l1-i1 15. i1-i2 16. k1-k2\n17. k2-e2 18. i2-c2 19. a2-f2 20. e2-h2 21. h2-g2 22. c2-h2 23. h2-h1 24. d2-h2\n25. f2-b2 26. b2-b1 27. b1-g1\n";
        let g = read(file).unwrap();
        assert_eq!(g.moves.len(), 27);
        assert!(g.won());
        // And what we write of it reads back the same, and as ppgames wrote.
        assert_eq!(write(&g), file);
        assert_eq!(read(&write(&g)).unwrap(), g);
    }

    #[test]
    fn the_first_illegal_move_is_named() {
        let file = "---\nGameType:\n  Name: Fujisan\n  Coins: \"44452n24n3aa/a25335325ann\"\n...\n1. a1-b1 2. n2-k2 3. b1-f1\n";
        let e = read_text(file).unwrap_err().0;
        assert!(e.starts_with("move 3 (b1-f1) is illegal"), "{e}");
        let e = read_text("---\nGameType: Chess\n...\n").unwrap_err().0;
        assert_eq!(e, "its GameType is Chess, not Fujisan");
        let e = read_text(
            "---\nGameType:\n  Name: Fujisan\n  Coins: \"2nnna244naa5/335a45235432\"\n...\n",
        )
        .unwrap_err()
        .0;
        assert!(e.contains("must give the Dice"), "{e}");
        let g = read("---\nGameType:\n  Name: Fujisan\n  Coins: \"2nnna244naa5/335a45235432\"\n  Dice: \"a2/55\"\n...\n1. a2-b2 { the ace }\n").unwrap();
        assert_eq!(g.moves.len(), 1);
        let e = read_text("---\nGameType:\n  Name: Fujisan\n...\n")
            .unwrap_err()
            .0;
        assert_eq!(
            e,
            "its GameType gives no Coins and no Seed to deal them from"
        );
    }

    /// A file with a Seed alone is dealt as ppdf deals it: its own test
    /// snapshot of `piecepack_fujisan(seed = 42)`, top row first.
    #[test]
    fn a_seed_deals_as_ppdf_deals() {
        let g = read("---\nGameType:\n  Name: Fujisan\n  Seed: 42\n...\n").unwrap();
        assert_eq!(g.coins.to_string(), "a3an5n24n4n5/2a33424a3552");
    }
}
