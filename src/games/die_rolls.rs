//! Piecepack die results: the player's own, then the generator's.

use super::GameError;
use crate::pieces::Rank;
use crate::random::TableRng;

/// Piecepack die results: the player's own first (`rolls=...`), then the
/// seeded generator's, each remembered with where it came from so the
/// setup can say which it did.
pub struct DieRolls<'a> {
    given: Vec<Rank>,
    next: usize,
    rng: &'a mut TableRng,
    /// Every result used, and whether the player gave it.
    pub used: Vec<(Rank, bool)>,
}

impl<'a> DieRolls<'a> {
    pub fn new(given: Vec<Rank>, rng: &'a mut TableRng) -> DieRolls<'a> {
        DieRolls {
            given,
            next: 0,
            rng,
            used: Vec::new(),
        }
    }

    pub fn roll(&mut self) -> Rank {
        let r = match self.given.get(self.next) {
            Some(&r) => {
                self.next += 1;
                (r, true)
            }
            None => (random_face(self.rng), false),
        };
        self.used.push(r);
        r.0
    }

    /// How many of the player's rolls were used, and how many were rolled.
    pub fn counts(&self) -> (usize, usize) {
        let given = self.used.iter().filter(|(_, g)| *g).count();
        (given, self.used.len() - given)
    }

    pub fn unused(&self) -> usize {
        self.given.len() - self.next
    }
}

/// A piecepack die rolled with the session's generator.
pub fn random_face(rng: &mut TableRng) -> Rank {
    Rank::from_index(rng.below(6) as u8).expect("0..6 is a rank")
}

/// Parse `rolls=3,n,5` values (null/ace/2..5, also 0 and 1).
pub fn parse_rolls(list: &str) -> Result<Vec<Rank>, GameError> {
    list.split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<Rank>().map_err(|_| {
                GameError::word(format!(
                    "'{s}' is not a die result: expected n, a, 2, 3, 4 or 5"
                ))
            })
        })
        .collect()
}
