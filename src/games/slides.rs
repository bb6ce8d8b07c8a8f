//! Slides of Action (Clark D. Rodeffer): the start position.

use crate::pieces::Suit;

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
