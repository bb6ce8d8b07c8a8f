//! `setup penguins`: the board laid at random or as the players laid it,
//! the nests rolled or told, and the game started.

use super::board::{Board, lay, nests};
use super::play::{Laid, Night, from_rows, read_layout};
use super::squares::Sq;
use crate::games::args::{Arg, Declared, Given, Type};
use crate::games::error::GameError;
use crate::pieces::Domino;
use crate::random::TableRng;

pub const DECLARED: Declared = Declared {
    id: "penguins-night-out",
    words: None,
    args: &[
        Arg {
            key: "players",
            ty: Type::Number { min: 2, max: 4 },
            help: "how many play (2 if not given)",
        },
        Arg {
            key: "variant",
            ty: Type::Choice(&["elbow-room", "elbow"]),
            help: "Elbow Room: double-nine dominoes, 3+ players",
        },
        Arg {
            key: "layout",
            ty: Type::TextOrFile("A-B@rRcC ... | FILE", '@'),
            help: "your own board: each domino and its first square",
        },
        Arg {
            key: "nests",
            ty: Type::Text("A-B,A-B,..."),
            help: "the nests you rolled, player 1 first",
        },
    ],
};

/// A board, its nests (each with how often it was rolled again) and the
/// game on it.
pub struct NewBoard {
    pub board: Board,
    pub nests: Vec<(Domino, usize)>,
    pub elbow: bool,
    /// Who of the table is not seated (more at the table than play).
    pub sitting_out: Vec<String>,
}

/// A board for `players` (what `players=` says, else the table's count).
pub fn new_board(
    inputs: &Given,
    players: usize,
    rng: &mut TableRng,
) -> Result<NewBoard, GameError> {
    let elbow = inputs.choice("variant") == Some("elbow-room");
    if elbow && players < 3 {
        return Err(GameError::rule("Elbow Room is for three or more players"));
    }
    let top = if elbow { 9 } else { 6 };
    let mut board = lay(top, rng);
    let own = match inputs.text("layout") {
        Some(text) => Some(own_layout(text, top, inputs.from_file("layout"))?),
        None => None,
    };
    if let Some(laid) = &own {
        // The set as laid, in reading order (the rows keep the set;
        // where each domino lies is the game's).
        let mut order = laid.clone();
        order.sort_by_key(|d| d.at);
        board.rows = vec![order.iter().map(|d| (d.a, d.b)).collect()];
    }
    let nests: Vec<(Domino, usize)> = match inputs.text("nests") {
        Some(list) => given_nests(list, players, top)?
            .into_iter()
            .map(|d| (d, 0))
            .collect(),
        None => nests(&board, players, rng),
    };
    board.nests = nests.iter().map(|(d, _)| (d.low, d.high)).collect();
    let laid = own.unwrap_or_else(|| from_rows(&board.rows));
    let nest_dominoes: Vec<Domino> = nests.iter().map(|(d, _)| *d).collect();
    board.play = Some(Night::new(laid, &nest_dominoes, top));
    Ok(NewBoard {
        board,
        nests,
        elbow,
        sitting_out: Vec::new(),
    })
}

/// A layout's words (dominoes like `3-5@r1c1`, split by spaces, commas or
/// semicolons), given inline or read from a file by the caller. A word of
/// a file that is no domino is named by its line and place, never quoted:
/// the file may be anything, and its text is not ours to repeat.
fn own_layout(text: &str, top: u8, from_file: bool) -> Result<Vec<Laid>, GameError> {
    let mut words: Vec<&str> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let on_line = line
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .filter(|w| !w.is_empty());
        for (k, word) in on_line.enumerate() {
            if from_file && word.parse::<Laid>().is_err() {
                return Err(GameError::word(format!(
                    "layout file, line {}, word {}: not a laid domino (write NUMBERS@SQUARE, like 3-5@r1c1 across or 3-5@r2c4v down)",
                    n + 1,
                    k + 1
                )));
            }
            words.push(word);
        }
    }
    read_layout(&words, top)
}

/// Nests given as `3-5,1-2`: one a player, all different, in the set.
fn given_nests(list: &str, players: usize, top: u8) -> Result<Vec<Domino>, GameError> {
    let nests: Vec<Domino> = list
        .split(',')
        .map(|d| {
            d.trim()
                .parse::<Domino>()
                .map_err(|e| GameError::word(format!("nests=: {e}")))
        })
        .collect::<Result<_, _>>()?;
    if nests.len() != players {
        return Err(GameError::word(format!(
            "nests=: {} given for {players} players",
            nests.len()
        )));
    }
    for (i, d) in nests.iter().enumerate() {
        if d.high > top || d.low == 0 {
            return Err(GameError::word(format!(
                "'nests=': {d} cannot be rolled on two dice (1 to {top})"
            )));
        }
        if nests[..i].contains(d) {
            return Err(GameError::word(format!(
                "'nests=': {d} is named twice: every nest is different"
            )));
        }
    }
    Ok(nests)
}

/// Where a domino lies on the board in play.
pub fn nest_square(board: &Board, d: Domino) -> Option<Sq> {
    board
        .play
        .as_ref()?
        .board
        .iter()
        .find(|l| l.domino() == d)
        .map(|l| l.at)
}
