//! Mathrix games in other tools' PPN (#81 item 3). piecepackr's `ppdf`
//! lays Mathrix from `GameType: {Name: Mathrix, Coins: "..."}` (rank 4
//! first, left to right, as `coins=` takes them), coin c3 at (3,3); a
//! move takes a coin off: `*c3` (or `*(3,3)`). Each is taken through the
//! rules (all four operators: ppdf's setup names none), so the first
//! coin no true equation takes is named.

use super::grid::{Coins, FILES, RANKS, Space};
use super::play::{MathrixGame, Take};
use super::sums::{Misread, Ops};
use crate::ppn_file::{GameType, movetext, parts, table::point};

pub const READER: crate::games::PpnReader = crate::games::PpnReader {
    title: "Mathrix",
    names: &["mathrix"],
    setup: "setup mathrix ppn=FILE",
    check,
    record,
};

/// The game a file holds, every coin taken by the rules.
pub fn read(text: &str) -> Result<MathrixGame, Misread> {
    let parts = parts(text);
    let header = parts.header.unwrap_or_default();
    let game_type = GameType::of(&header).ok_or(
        "its header has no GameType: a Mathrix file says GameType: {Name: Mathrix, Coins: \"...\"}",
    )?;
    if !game_type.is("mathrix") {
        return Err(format!(
            "its GameType is {}, not Mathrix",
            crate::visible::line(game_type.name())
        )
        .into());
    }
    let coins = match (game_type.text("Coins"), game_type.seed()) {
        (Some(coins), _) => Coins::parse(coins)?,
        (None, Some(seed)) => Coins::parse(&dealt(seed))?,
        (None, None) => {
            return Err(
                "its GameType gives no Coins (rank 4 first, like n3n4aa/n2324a/55324n/5a2534) and no Seed to deal them from".into(),
            );
        }
    };
    let mut game = MathrixGame::new(coins, Ops::ALL, 0);
    let moves = movetext::moves(parts.movetext)
        .map_err(|_| "its moves have a comment { never closed by }")?;
    let mut n = 0;
    for m in &moves {
        for word in &m.words {
            n += 1;
            let said = crate::visible::line(word);
            let space = word
                .strip_prefix('*')
                .and_then(|place| point(place).ok())
                .and_then(space_at)
                .ok_or_else(|| {
                    format!("move {n} ({said}) is not a coin taken off: a Mathrix move is *c3")
                })?;
            let take = Take {
                space,
                because: None,
                at: 0,
            };
            game.step(&take)
                .map_err(|e| format!("move {n} ({said}) is illegal: {e}"))?;
        }
    }
    Ok(game)
}

/// The coins ppdf deals from `seed` where a file gives none, as
/// `coins=` takes them: R's `rep.int(1:6, 4)[sample.int(24)]`, rank 4
/// first.
fn dealt(seed: u32) -> String {
    crate::ppn_file::r_random::RRandom::new(seed)
        .sample(24)
        .into_iter()
        .map(|i| ['n', 'a', '2', '3', '4', '5'][(i - 1) % 6])
        .collect()
}

/// The space at ppn's (x, y): files 1 to 6, ranks 1 to 4.
fn space_at((x, y): (f64, f64)) -> Option<Space> {
    let whole = |v: f64, most: u8| {
        (v.fract() == 0.0 && v >= 1.0 && v <= f64::from(most)).then(|| v as u8 - 1)
    };
    Some(Space::new(whole(x, FILES)?, whole(y, RANKS)?))
}

pub fn check(text: &str) -> Result<usize, Misread> {
    read(text).map(|g| g.taken.len())
}

pub fn record(text: &str) -> Result<crate::games::PpnGame, Misread> {
    let played = read(text)?;
    let start = MathrixGame::new(played.coins, played.ops, 0);
    let value = |v: serde_json::Result<serde_json::Value>| v.map_err(|e| Misread(e.to_string()));
    Ok(crate::games::PpnGame {
        game: crate::games::Game::Mathrix,
        setup: format!("setup mathrix coins={}", played.coins),
        start: value(serde_json::to_value(&start))?,
        moves: played
            .taken
            .iter()
            .map(|t| Ok((format!("mathrix {t}"), value(serde_json::to_value(t))?)))
            .collect::<Result<_, Misread>>()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str =
        "---\nGameType:\n  Name: Mathrix\n  Coins: \"n3n4aa/n2324a/55324n/5a2534\"\n...\n";

    #[test]
    fn a_file_s_coins_are_taken_by_the_rules() {
        let game = read(&format!("{HEAD}1. *a4 2. *(2,4)\n")).unwrap();
        let taken: Vec<String> = game.taken.iter().map(|t| t.space.to_string()).collect();
        assert_eq!(taken, ["a4", "b4"]);
        assert_eq!(check(&format!("{HEAD}1. *a4\n")), Ok(1));
        for (moves, said) in [
            (
                "1. a4-b4",
                "move 1 (a4-b4) is not a coin taken off: a Mathrix move is *c3",
            ),
            (
                "1. *g1",
                "move 1 (*g1) is not a coin taken off: a Mathrix move is *c3",
            ),
            (
                "1. *a4 2. *a4",
                "move 2 (*a4) is illegal: a4 is empty: its coin was taken (move 1)",
            ),
        ] {
            assert_eq!(
                check(&format!("{HEAD}{moves}\n")),
                Err(said.into()),
                "{moves}"
            );
        }
        assert_eq!(
            check("GameType: Tablut\n\n1. a1-a2\n"),
            Err("its GameType is Tablut, not Mathrix".into())
        );
        assert_eq!(
            check("GameType: Mathrix\n\n1. *a4\n"),
            Err("its GameType gives no Coins (rank 4 first, like n3n4aa/n2324a/55324n/5a2534) and no Seed to deal them from".into())
        );
        // Dealt from a Seed as ppdf deals it: its own test snapshot of
        // `piecepack_mathrix(seed = 72)`.
        assert_eq!(dealt(72), "n5243n5322a45a43a3a5n24n");
        let game = read("GameType:\n  Name: Mathrix\n  Seed: 72\n\n").unwrap();
        assert_eq!(game.coins.to_string(), "n5243n/5322a4/5a43a3/a5n24n");
    }
}
