//! The maze, and a game on it, as layout data (see `crate::layout`).

use super::maze::Maze;
use super::play::RatsGame;
use crate::layout::{Layout, Placed};
use crate::pieces::{Rank, Suit, SuitsByValue};

/// The rat's pawn: the one of this suit (the others mark the exit).
pub const RAT: Suit = Suit::Crowns;

/// The maze: face-down tiles in laying order (A to X), a square an inch;
/// the rat's start and, when the maze is whole, the exit.
pub fn maze_layout(m: &Maze) -> Layout {
    let mut l = Layout::new("lab-rats", "Lab Rats");
    for (i, t) in m.tiles.iter().enumerate() {
        let (x, y) = t.lower_left();
        let letter = char::from(b'A' + (i % 26) as u8).to_string();
        l.push(Placed::tile_back(x as f64 + 1.0, y as f64 + 1.0).labelled(letter));
    }
    // One marker a square: the rat starts on either of two, and the exit
    // is the two squares past the last tile.
    if !m.tiles.is_empty() {
        for (x, y) in m.start() {
            l.push(Placed::marker("start", x as f64 + 0.5, y as f64 + 0.5));
        }
        if m.complete {
            for (x, y) in m.exit() {
                l.push(Placed::marker("exit", x as f64 + 0.5, y as f64 + 0.5));
            }
        }
    }
    l
}

/// A Lab Rats game in play, as the table holds it: the maze's tiles face
/// down, the coins lying on squares (each pile whole, its height above
/// its top when it is more than one), the three stacks below the start,
/// a square apart (only the top coin of
/// each is seen; those under it are drawn back up, Suns to Arms up the
/// stack, so nothing about them shows), the rat and the two pawns that
/// mark the exit.
///
/// Suits, which Lab Rats ignores: pawns as piecepackr's own setup has
/// them (exit Suns and Moons, the rat Crowns); each coin its own, kept
/// by the game as it moves (in games saved before that, the k-th coin of
/// a value in sight takes the k-th suit).
pub fn game_layout(g: &RatsGame) -> Layout {
    let mut l = Layout::new("lab-rats", "Lab Rats");
    let at = |(x, y): (i32, i32)| (x as f64 + 0.5, y as f64 + 0.5);
    // Each tile's four squares are kept together, in laying order.
    for tile in g.squares.chunks(4) {
        let n = tile.len() as f64;
        let (x, y) = tile
            .iter()
            .map(|&s| at(s))
            .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
        l.push(Placed::tile_back(x, y));
    }
    let mut in_sight = SuitsByValue::new(&Suit::ALL);
    let mut suit = |kept: Option<Suit>, v: Rank| kept.unwrap_or_else(|| in_sight.next(v));
    let kept = g.suits.as_ref();
    // The stacks on every other square of a row two squares below the
    // start (room for each one's height above it), lower while that row
    // crosses the maze.
    let (sx, mut sy) = g.start.unwrap_or(g.rat);
    let column = |i: usize| sx + 2 * i as i32;
    sy -= 2;
    while (0..5).any(|i| g.squares.contains(&(sx + i, sy))) {
        sy -= 1;
    }
    for (i, stack) in g.stacks.iter().enumerate() {
        let (x, y) = at((column(i), sy));
        let Some((top, under)) = stack.split_last() else {
            continue;
        };
        for h in 0..under.len() {
            l.push(Placed::coin_suit(Suit::ALL[h % 4], x, y));
        }
        let s = suit(kept.and_then(|k| k.stacks[i].last().copied()), *top);
        let height = stack.len().to_string();
        l.push(Placed::coin_value(*top, x, y).suited(s).labelled(height));
    }
    for (p, (sq, pile)) in g.piles.iter().enumerate() {
        let (x, y) = at(*sq);
        for (h, v) in pile.iter().enumerate() {
            let s = suit(kept.and_then(|k| k.piles.get(p)?.get(h).copied()), *v);
            let coin = Placed::coin_value(*v, x, y).suited(s);
            // A lone coin needs no count.
            l.push(if h + 1 == pile.len() && pile.len() > 1 {
                coin.labelled(pile.len().to_string())
            } else {
                coin
            });
        }
    }
    for (sq, s) in g.exit.into_iter().zip([Suit::Suns, Suit::Moons]) {
        let (x, y) = at(sq);
        l.push(Placed::pawn(Some(s), x, y));
    }
    if !g.out {
        let (x, y) = at(g.rat);
        l.push(Placed::pawn(Some(RAT), x, y));
    }
    if !g.out {
        l.tell("rat", "the Crowns pawn");
    }
    l.tell("exit", "the Suns and Moons pawns");
    if !g.stacks.is_empty() {
        l.tell("stacks", "1, 2 and 3 from the left, each with its height");
    }
    l
}
