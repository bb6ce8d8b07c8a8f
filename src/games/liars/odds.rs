//! The exact chance that a bid is true, from one seat's point of view:
//! its own dice are known, every other die is a fair unknown. With ones
//! wild a die counts for a face other than one with chance 2/6, for ones
//! 1/6; the chance is a binomial tail, worked out in whole numbers.

use serde::Serialize;

/// A bid's chance, as an exact fraction in lowest terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Chance {
    pub numerator: u128,
    pub denominator: u128,
    /// Dice counted already (the asker's own that show the face).
    pub known: u8,
    /// Dice not seen.
    pub unknown: u8,
    /// Of those, how many must show it.
    pub needed: u8,
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// C(n, k).
fn choose(n: u32, k: u32) -> u128 {
    (0..k).fold(1u128, |c, i| c * u128::from(n - i) / u128::from(i + 1))
}

/// The chance that at least `quantity` dice count, with `known` counted
/// among the asker's own dice and `unknown` dice unseen, each counting
/// with chance `hits`/6.
pub fn at_least(quantity: u8, known: u8, unknown: u8, hits: u32) -> Chance {
    let needed = quantity.saturating_sub(known);
    let n = u32::from(unknown);
    let denominator = 6u128.pow(n);
    let numerator: u128 = (u32::from(needed)..=n)
        .map(|j| choose(n, j) * u128::from(hits).pow(j) * u128::from(6 - hits).pow(n - j))
        .sum();
    let g = gcd(numerator, denominator).max(1);
    Chance {
        numerator: numerator / g,
        denominator: denominator / g,
        known,
        unknown,
        needed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tails_match_hand_worked_sums() {
        // Two unseen dice, at least one a five or a one: 1 - (4/6)^2 = 20/36.
        let c = at_least(1, 0, 2, 2);
        assert_eq!((c.numerator, c.denominator), (5, 9));
        // Known already: certain.
        let c = at_least(2, 3, 4, 2);
        assert_eq!((c.numerator, c.denominator), (1, 1));
        // Three ones among three unseen dice: (1/6)^3.
        let c = at_least(3, 0, 3, 1);
        assert_eq!((c.numerator, c.denominator), (1, 216));
        // More than can be: no chance.
        let c = at_least(5, 0, 3, 2);
        assert_eq!(c.numerator, 0);
        // Thirty dice all showing a face or one: (1/3)^30, exactly.
        let c = at_least(30, 0, 30, 2);
        assert_eq!((c.numerator, c.denominator), (1, 3u128.pow(30)));
        assert_eq!(
            crate::style::grouped(205_891_132_094_649),
            "205,891,132,094,649"
        );
        assert_eq!(crate::style::grouped(999), "999");
    }
}
