//! Many fractions over one denominator, each in lowest terms.
//!
//! `--json prob` gives every total's chance as a fraction. A greatest
//! common divisor of two 4,000-digit numbers is a long binary search, and
//! `3000d6` has 15,001 of them. A dice denominator is a product of small
//! numbers (faces, faces less the rerolled ones), so it is factored once
//! into small primes and each weight's common factor found by dividing by
//! those primes alone.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use super::dist::fraction;

/// Primes below this are tried as factors of the denominator; one left
/// over leaves the fractions to `fraction`'s general way.
const SMALL: u64 = 1 << 16;

pub struct Lowest {
    den: BigUint,
    /// The denominator as p^e for small primes p, when it is a product of
    /// them (else `None`).
    primes: Option<Vec<(u64, u64)>>,
}

impl Lowest {
    pub fn new(den: &BigUint) -> Lowest {
        Lowest {
            den: den.clone(),
            primes: small_primes(den),
        }
    }

    /// `num/den` in lowest terms, as `fraction` writes it.
    pub fn fraction(&self, num: &BigUint) -> String {
        let Some(primes) = &self.primes else {
            return fraction(num, &self.den);
        };
        if num.is_zero() {
            return "0".into();
        }
        let mut top = num.clone();
        let mut bottom = self.den.clone();
        for &(p, e) in primes {
            if p == 2 {
                let v = top.trailing_zeros().unwrap_or(0).min(e);
                top >>= v;
                bottom >>= v;
                continue;
            }
            let mut v = 0;
            while v < e && (&top % p).is_zero() {
                top /= p;
                v += 1;
            }
            if v > 0 {
                bottom /= BigUint::from(p).pow(v as u32);
            }
        }
        format!("{top}/{bottom}")
    }
}

/// `den` as a product of primes below `SMALL` with their exponents, or
/// `None` if some larger factor is left.
fn small_primes(den: &BigUint) -> Option<Vec<(u64, u64)>> {
    let mut rest = den.clone();
    let mut found = Vec::new();
    if rest.is_zero() {
        return None;
    }
    let twos = rest.trailing_zeros().unwrap_or(0);
    if twos > 0 {
        rest >>= twos;
        found.push((2, twos));
    }
    let mut p = 3;
    while !rest.is_one() {
        if p >= SMALL {
            return None;
        }
        if let Some(r) = rest
            .to_u64()
            .filter(|r| p.checked_mul(p).is_none_or(|pp| pp > *r))
        {
            // No factor up to its square root: what is left is a prime.
            if r >= SMALL {
                return None;
            }
            found.push((r, 1));
            break;
        }
        if (&rest % p).is_zero() {
            // Divide by the largest power of p in a machine word at a
            // time: 6^10000 holds 3^10000.
            let (mut chunk, mut k) = (p, 1);
            while let Some(c) = chunk.checked_mul(p) {
                chunk = c;
                k += 1;
            }
            let mut e = 0;
            while (&rest % chunk).is_zero() {
                rest /= chunk;
                e += k;
            }
            while (&rest % p).is_zero() {
                rest /= p;
                e += 1;
            }
            found.push((p, e));
        }
        p += 2;
        while !is_prime(p) {
            p += 2;
        }
    }
    Some(found)
}

fn is_prime(p: u64) -> bool {
    p >= 2
        && (2..)
            .take_while(|d| d * d <= p)
            .all(|d| !p.is_multiple_of(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every fraction over dice denominators (smooth or with a large
    /// prime left) is what the general gcd gives.
    #[test]
    fn agrees_with_the_gcd() {
        let dens = [
            BigUint::from(6u32).pow(40),
            BigUint::from(1u32),
            BigUint::from(2u32).pow(100),
            BigUint::from(20u32).pow(7) * 7u32 * 49u32,
            BigUint::from(65521u32) * 2u32,
            BigUint::from(65537u32) * 3u32,
            BigUint::from(1_000_003u64).pow(3),
            BigUint::from(30u32).pow(64),
        ];
        for den in &dens {
            let lowest = Lowest::new(den);
            let mut num = BigUint::zero();
            for step in [0u32, 1, 2, 3, 4, 6, 9, 12, 27, 64, 81, 1000, 65521] {
                num += step;
                let n = (&num * 97u32 + step) % den;
                for x in [n.clone(), den.clone(), den / 2u32, BigUint::from(step)] {
                    if x <= *den {
                        assert_eq!(lowest.fraction(&x), fraction(&x, den), "{x}/{den}");
                    }
                }
            }
        }
        assert!(small_primes(&BigUint::from(65537u32 * 3)).is_none());
        assert_eq!(
            small_primes(&(BigUint::from(6u32).pow(100))),
            Some(vec![(2, 100), (3, 100)])
        );
    }
}
