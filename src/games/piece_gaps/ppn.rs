//! Piece Gaps in other tools' PPN (#81 item 3). piecepackr's `ppdf`
//! deals Piece Gaps only from a `Seed`: the 24 tiles' suits and ranks
//! shuffled by R's `sample.int` over six files and four ranks, then the
//! nulls lifted out. tablemate deals it the same (`ppn_file::r_random`).
//! A tile is two units wide, centred at (2,2) (our a1) to (12,8) (our
//! f4), so a move that puts a tile into a gap reads `d4-b2` (our b2 to
//! a1). Each move is taken through the rules as dealt (a gap right of a
//! gap takes nothing, no redeals), so the first illegal one is named.

use super::play::{GapsAction, GapsGame};
use super::tableau::{AfterGap, Tableau, code};
use crate::games::error::Misread;
use crate::games::six_by_four::{FILES, RANKS, SPACES, Space};
use crate::pieces::{Piece, Rank, Suit};
use crate::ppn_file::r_random::RRandom;
use crate::ppn_file::{GameType, movetext, parts, table::point};
use crate::random::TableRng;

pub const READER: crate::games::PpnReader = crate::games::PpnReader {
    title: "Piece Gaps",
    names: &["piecegaps"],
    setup: "import FILE",
    check,
    record,
};

/// The tableau ppdf deals from `seed`.
pub fn dealt(seed: u32) -> Tableau {
    let order = RRandom::new(seed).sample(SPACES);
    let mut t = [0; SPACES];
    for (i, row) in order.into_iter().enumerate() {
        // ppdf's tiles before the shuffle: suits 1 to 4 in turn, each
        // rank (null first) four times.
        let (suit, rank) = ((row - 1) % 4, (row - 1) / 4);
        let piece = Piece::new(
            Suit::ALL[suit],
            Rank::from_index(rank as u8).unwrap_or(Rank::Null),
        );
        t[i] = code(piece).unwrap_or(0);
    }
    Tableau(t)
}

/// The game a file holds, every move taken by the rules.
pub fn read(text: &str) -> Result<GapsGame, Misread> {
    let parts = parts(text);
    let header = parts.header.unwrap_or_default();
    let game_type = GameType::of(&header).ok_or(Misread(
        "its header has no GameType: a Piece Gaps file says GameType: {Name: Piece Gaps, Seed: N}"
            .into(),
    ))?;
    if !game_type.is("piecegaps") {
        return Err(Misread(format!(
            "its GameType is {}, not Piece Gaps",
            crate::visible::line(game_type.name())
        )));
    }
    let seed = game_type.seed().ok_or(Misread(
        "its GameType gives no Seed (a whole number): ppdf deals Piece Gaps from one".into(),
    ))?;
    let mut game = GapsGame::new(dealt(seed), AfterGap::Nothing, 0);
    let moves = movetext::moves(parts.movetext)
        .map_err(|_| Misread("its moves have a comment { never closed by }".into()))?;
    let mut rng = TableRng::new(0);
    let mut n = 0;
    for m in &moves {
        for word in &m.words {
            n += 1;
            let said = crate::visible::line(word);
            let not_a_move = || {
                Misread(format!(
                    "move {n} ({said}) is not a tile slid into a gap: a Piece Gaps move is d4-b2"
                ))
            };
            let (from, to) = word.split_once('-').ok_or_else(not_a_move)?;
            let from = point(from).ok().and_then(space_at).ok_or_else(not_a_move)?;
            let to = point(to).ok().and_then(space_at).ok_or_else(not_a_move)?;
            let tile = game.now().at(from);
            if tile == 0 {
                return Err(Misread(format!(
                    "move {n} ({said}) is illegal: {from} is a gap, with no tile to move"
                )));
            }
            let action = GapsAction::Move {
                tile: super::tableau::piece(tile),
                to: Some(to),
            };
            game.step(&action, &mut rng)
                .map_err(|e| Misread(format!("move {n} ({said}) is illegal: {e}")))?;
        }
    }
    Ok(game)
}

/// Our space at ppdf's (x, y): files at x = 2, 4, ... 12, ranks at y =
/// 2, 4, 6, 8.
fn space_at((x, y): (f64, f64)) -> Option<Space> {
    let step = |v: f64, most: u8| {
        let half = v / 2.0;
        (half.fract() == 0.0 && half >= 1.0 && half <= f64::from(most)).then(|| half as u8 - 1)
    };
    Some(Space::new(step(x, FILES)?, step(y, RANKS)?))
}

pub fn check(text: &str) -> Result<usize, Misread> {
    read(text).map(|g| g.moves_made())
}

pub fn record(text: &str) -> Result<crate::games::PpnGame, Misread> {
    let played = read(text)?;
    let start = GapsGame::new(played.dealt, played.after_gap, played.redeals);
    let value = |v: serde_json::Result<serde_json::Value>| v.map_err(|e| Misread(e.to_string()));
    let mut moves = Vec::new();
    for step in &played.steps {
        if let super::play::Step::Move { tile, to, .. } = step {
            let action = GapsAction::Move {
                tile: *tile,
                to: Some(*to),
            };
            moves.push((
                format!("gaps {action}"),
                value(serde_json::to_value(&action))?,
            ));
        }
    }
    Ok(crate::games::PpnGame {
        game: crate::games::Game::PieceGaps,
        setup: format!("setup piece-gaps tiles={}", played.dealt),
        start: value(serde_json::to_value(&start))?,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ppdf's own test snapshot of `piecepack_piece_gaps(seed = 23)`
    /// (rank 4 first).
    const SEED_23: &str = "A2M3M4S5C5M2/M5..MaS2C3/.A3.A4SaS4/A5C4AaC2CaS3";

    #[test]
    fn a_file_is_dealt_as_ppdf_deals_it_and_followed_by_the_rules() {
        assert_eq!(dealt(23).to_string(), SEED_23);
        let head = "---\nGameType:\n  Name: Piece Gaps\n  Seed: 23\n...\n";
        // b3 and c3 are gaps right of M5 and of a gap; a2 (our file a,
        // rank 2) takes any tile: S2 from j6 (our e3).
        let game = read(&format!("{head}1. j6-b4\n")).unwrap();
        assert_eq!(game.moves_made(), 1);
        assert_eq!(
            game.now().to_string(),
            "A2M3M4S5C5M2/M5..Ma.C3/S2A3.A4SaS4/A5C4AaC2CaS3"
        );
        for (moves, said) in [
            (
                "1. h6-d6",
                "move 1 (h6-d6) is illegal: Ma cannot go to b3: b3 lies right of a five, and waits until the five moves (a2 takes it)",
            ),
            (
                "1. d6-b4",
                "move 1 (d6-b4) is illegal: b3 is a gap, with no tile to move",
            ),
            (
                "1. h6",
                "move 1 (h6) is not a tile slid into a gap: a Piece Gaps move is d4-b2",
            ),
        ] {
            assert_eq!(
                check(&format!("{head}{moves}\n")).map_err(|e| e.0),
                Err(said.to_string()),
                "{moves}"
            );
        }
        assert_eq!(
            check("GameType: Piece Gaps\n\n1. h6-b4\n").map_err(|e| e.0),
            Err(
                "its GameType gives no Seed (a whole number): ppdf deals Piece Gaps from one"
                    .into()
            )
        );
    }
}
