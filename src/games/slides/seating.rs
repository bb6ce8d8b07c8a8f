//! The start position and who plays which suit.

use serde::{Serialize, Serializer};

use crate::games::error::GameError;
use crate::pieces::Suit;
use crate::random::TableRng;

/// The start, top row first; `None` is the empty space (DESIGN.md).
pub const START: [[Option<Suit>; 4]; 4] = {
    use Suit::{Arms as A, Crowns as C, Suns as S};
    [
        [Some(A), Some(C), Some(S), Some(A)],
        [Some(S), Some(A), Some(C), Some(S)],
        [Some(C), Some(S), Some(A), Some(C)],
        [Some(A), Some(C), Some(S), None],
    ]
};

/// Who plays which suit. Arms always moves first; with two players it is
/// neutral (it takes no turns but can still win).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Seating {
    /// The start as rows of suit letters, `_` for the gap.
    pub board: Vec<Vec<String>>,
    pub players: Vec<Seat>,
    #[serde(serialize_with = "suit_name")]
    pub first: Suit,
    #[serde(serialize_with = "maybe_suit_name")]
    pub neutral: Option<Suit>,
    /// True when the players chose their suits.
    #[serde(skip)]
    pub chosen: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Seat {
    pub player: usize,
    #[serde(serialize_with = "suit_name")]
    pub suit: Suit,
}

fn suit_name<S: Serializer>(suit: &Suit, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(suit.name())
}

fn maybe_suit_name<S: Serializer>(suit: &Option<Suit>, s: S) -> Result<S::Ok, S::Error> {
    match suit {
        Some(suit) => s.serialize_str(suit.name()),
        None => s.serialize_none(),
    }
}

fn start_rows() -> Vec<Vec<String>> {
    START
        .iter()
        .map(|r| {
            r.iter()
                .map(|c| c.map_or("_".to_string(), |s| s.letter().to_string()))
                .collect()
        })
        .collect()
}

/// The suits in play: Crowns and Suns for two players (Arms neutral),
/// all three for three.
pub fn suits_in_play(players: usize) -> Vec<Suit> {
    if players == 2 {
        vec![Suit::Crowns, Suit::Suns]
    } else {
        vec![Suit::Arms, Suit::Crowns, Suit::Suns]
    }
}

/// The suits in turn order: clockwise round the seats (players 1, 2, 3
/// in order), starting from Arms with three players; with two, Arms is
/// neutral and player 1 starts (our interpretation: the neutral Arms sits
/// just before player 1).
pub fn turn_order(seating: &Seating) -> Vec<Suit> {
    let suits: Vec<Suit> = seating.players.iter().map(|s| s.suit).collect();
    let start = suits.iter().position(|&s| s == seating.first).unwrap_or(0);
    let mut order = suits.clone();
    order.rotate_left(start);
    order
}

/// Seat the players: the suits they chose (each suit in play once, for
/// players 1 up), or drawn at random.
pub fn seat(
    players: usize,
    chosen: Option<Vec<Suit>>,
    rng: &mut TableRng,
) -> Result<Seating, GameError> {
    let in_play = suits_in_play(players);
    let (suits, was_chosen) = match chosen {
        Some(v) => {
            let (mut sorted, mut want) = (v.clone(), in_play.clone());
            sorted.sort();
            want.sort();
            if sorted != want {
                let letters =
                    |l: &[Suit]| l.iter().map(|s| s.letter().to_string()).collect::<Vec<_>>();
                return Err(GameError::word(format!(
                    "'suits={}': give each of {} once, for players 1 to {players}",
                    letters(&v).join(","),
                    letters(&in_play).join(", ")
                )));
            }
            (v, true)
        }
        None => {
            let mut v = in_play;
            rng.shuffle(&mut v);
            (v, false)
        }
    };
    Ok(Seating {
        board: start_rows(),
        players: suits
            .into_iter()
            .enumerate()
            .map(|(i, suit)| Seat {
                player: i + 1,
                suit,
            })
            .collect(),
        first: Suit::Arms,
        neutral: (players == 2).then_some(Suit::Arms),
        chosen: was_chosen,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_coins_of_each_suit() {
        for s in [Suit::Arms, Suit::Crowns, Suit::Suns] {
            assert_eq!(START.iter().flatten().filter(|c| **c == Some(s)).count(), 5);
        }
        assert_eq!(START[3][3], None);
    }
}
