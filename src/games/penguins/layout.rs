//! The penguins' board as layout data (see `crate::layout`).

use super::board::Board;
use super::play::from_rows;
use crate::layout::{Layout, Placed};
use crate::pieces::Suit;

/// A player's colour, as a piecepack suit (ours to choose: the game's
/// pawns and tokens come in colours, a record names pieces by suit):
/// first player Suns, then Moons, Crowns, Arms.
fn colour(player: usize) -> Suit {
    Suit::ALL[player % 4]
}

/// How player `i`'s pieces are drawn, for the screen's legend: pawn `A`
/// and buddies `a` in Suns' colour, and so on.
pub fn role(i: usize) -> String {
    let letter = char::from(b'A' + i as u8);
    format!(
        "pawn {letter}, buddies {}, {}",
        letter.to_ascii_lowercase(),
        colour(i).name()
    )
}

/// The domino board where every domino lies (a square an inch; across or
/// down the table), the nests numbered by player, and in play the
/// penguins (pawns `A` to `D`) and their buddy tokens (`a` to `d`, as
/// coins showing their player's suit).
pub fn layout(b: &Board) -> Layout {
    let mut l = Layout::new("penguins-night-out", "Penguin's Night Out");
    let board = match &b.play {
        Some(p) => p.board.clone(),
        None => from_rows(&b.rows),
    };
    let rows = board
        .iter()
        .flat_map(|d| d.squares())
        .map(|s| s.0)
        .max()
        .unwrap_or(1);
    // Square (r, c) is centred at (c - 0.5, rows - r + 0.5).
    let centre = |(r, c): (i32, i32)| (f64::from(c) - 0.5, f64::from(rows - r) + 0.5);
    let nests = b.nest_dominoes();
    for d in &board {
        let [p, q] = d.squares().map(centre);
        let mut piece = Placed::domino(d.a, d.b, (p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
        if d.down {
            piece.angle = 0.0;
        }
        if let Some(i) = nests.iter().position(|n| *n == d.domino()) {
            piece = piece.labelled((i + 1).to_string());
        }
        l.push(piece);
    }
    if let Some(play) = &b.play {
        let letter = |i: usize, base: u8| char::from(base + i as u8).to_string();
        for (i, _) in play.penguins.iter().enumerate() {
            let squares = play.penguin_squares(i);
            let pts: Vec<(f64, f64)> = squares.iter().map(|&s| centre(s)).collect();
            let n = pts.len().max(1) as f64;
            let (x, y) = pts
                .iter()
                .fold((0.0, 0.0), |(a, b), p| (a + p.0 / n, b + p.1 / n));
            l.push(
                Placed::pawn(Some(colour(i)), x, y)
                    .labelled(letter(i, b'A'))
                    .known_as(500 + i as u32),
            );
        }
        for (k, t) in play.buddies.iter().enumerate() {
            if let Some(s) = t.at {
                let (x, y) = centre(s);
                l.push(
                    Placed::coin_suit(colour(t.owner), x, y)
                        .labelled(letter(t.owner, b'a'))
                        .known_as(400 + k as u32),
                );
            }
        }
    }
    l
}
