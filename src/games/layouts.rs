//! Lab Rats, Angry Troll, Slides of Action and Penguin's Night Out setups
//! as layout data (see `crate::layout`).

use super::lab_rats::Maze;
use super::penguins::Board;
use super::slides;
use super::troll::Troll;
use crate::layout::{CARD_H, CARD_W, Layout, Placed};
use crate::pieces::Suit;

/// The maze: face-down tiles in laying order (A to X), a square an inch;
/// the rat's start and, when the maze is whole, the exit.
pub fn lab_rats(m: &Maze) -> Layout {
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

/// A Lab Rats game in play: each maze square marked, the coins lying on
/// squares (the top one's value showing), the rat and the exit.
pub fn rats(g: &crate::games::lab_rats_play::RatsGame) -> Layout {
    let mut l = Layout::new("lab-rats", "Lab Rats");
    let at = |(x, y): (i32, i32)| (x as f64 + 0.5, y as f64 + 0.5);
    for &sq in &g.squares {
        let (x, y) = at(sq);
        l.push(Placed::marker("square", x, y));
    }
    for (sq, pile) in &g.piles {
        if let Some(top) = pile.last() {
            let (x, y) = at(*sq);
            l.push(Placed::coin_value(*top, x, y).labelled(pile.len().to_string()));
        }
    }
    for sq in g.exit {
        let (x, y) = at(sq);
        l.push(Placed::marker("exit", x, y));
    }
    if !g.out {
        let (x, y) = at(g.rat);
        l.push(Placed::pawn(None, x, y).labelled("rat"));
    }
    l
}

/// Four face-down tiles in a square, fifteen coins suit up on their
/// squares, the empty space left bare.
pub fn slides_of_action() -> Layout {
    slides_board(&slides::START)
}

/// A Slides of Action position: four face-down tiles, the coins suit up.
pub fn slides_board(grid: &[[Option<crate::pieces::Suit>; 4]; 4]) -> Layout {
    let mut l = Layout::new("slides-of-action", "Slides of Action");
    for (x, y) in [(1.0, 3.0), (3.0, 3.0), (1.0, 1.0), (3.0, 1.0)] {
        l.push(Placed::tile_back(x, y));
    }
    for (r, row) in grid.iter().enumerate() {
        for (c, s) in row.iter().enumerate() {
            if let Some(s) = s {
                l.push(Placed::coin_suit(*s, c as f64 + 0.5, 3.5 - r as f64));
            }
        }
    }
    l
}

/// The domino board where every domino lies (a square an inch; across or
/// down the table), the nests numbered by player, and in play the
/// penguins (pawns `A` to `D`) and their buddy tokens (`a` to `d`).
pub fn penguins(b: &Board) -> Layout {
    use super::penguins_play::{Play, from_rows};
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
            let squares = Play::penguin_squares(play, i);
            let pts: Vec<(f64, f64)> = squares.iter().map(|&s| centre(s)).collect();
            let n = pts.len().max(1) as f64;
            let (x, y) = pts
                .iter()
                .fold((0.0, 0.0), |(a, b), p| (a + p.0 / n, b + p.1 / n));
            l.push(Placed::pawn(None, x, y).labelled(letter(i, b'A')));
        }
        for t in &play.buddies {
            if let Some(s) = t.at {
                let (x, y) = centre(s);
                l.push(Placed::marker(&letter(t.owner, b'a'), x, y));
            }
        }
    }
    l
}

/// The bridge: two rows of six stacks (a dormant one face down, labelled
/// with its count; an awake top card face up), the deck of awakening and
/// the stacks' last card beside it, the troll's pawn on its brick and any
/// card it carries beyond.
pub fn troll(t: &Troll) -> Layout {
    use super::troll::{Row, Spot, known};
    let mut l = Layout::new("angry-troll", "Angry Troll versus Magic Bridge");
    let gap = 0.25;
    let slot_x = |i: usize| (CARD_W + gap) * i as f64 + CARD_W / 2.0;
    let row_y = |r: Row| match r {
        Row::Upper => CARD_H * 1.5 + gap,
        Row::Lower => CARD_H / 2.0,
    };
    for row in [Row::Upper, Row::Lower] {
        for slot in 1..=6u8 {
            let (x, y) = (slot_x(usize::from(slot) - 1), row_y(row));
            let spot = Spot::new(row, slot);
            let stack = t.stack(spot);
            let count = stack.len().to_string();
            l.push(match stack.last() {
                None => Placed::marker("empty", x, y),
                Some(top) if t.is_awake(spot) => match known(top) {
                    Some(c) => Placed::card(c, x, y).labelled(count),
                    None => Placed::card_back(x, y).labelled("?"),
                },
                Some(_) => Placed::card_back(x, y).labelled(count),
            });
        }
    }
    let deck_x = slot_x(6) + gap;
    if !t.deck.is_empty() {
        l.push(Placed::card_back(deck_x, row_y(Row::Upper)).labelled(t.deck.len().to_string()));
    }
    if let Some(top) = t.played.last().and_then(|c| known(c)) {
        l.push(Placed::card(top, deck_x, row_y(Row::Lower)));
    }
    let spot = t.troll();
    let slot = usize::from(spot.slot.clamp(1, 6)) - 1;
    l.push(Placed::pawn(Some(Suit::Moons), slot_x(slot), row_y(spot.row)).labelled("troll"));
    for (i, h) in t.held.iter().enumerate() {
        let x = deck_x + (CARD_W + gap) * (i + 1) as f64;
        l.push(match known(&h.card) {
            Some(c) if h.awake => Placed::card(c, x, row_y(Row::Lower)).labelled("carried"),
            _ => Placed::card_back(x, row_y(Row::Lower)).labelled("carried"),
        });
    }
    l
}
