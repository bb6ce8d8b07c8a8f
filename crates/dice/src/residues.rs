//! Exact whole numbers held as their remainders by several primes.
//!
//! The order statistics of exploding dice multiply thousand-bit weights by
//! thousand-bit weights millions of times (`50d20!!kh25`). By each of P
//! primes of 62 bits those products are one machine multiply each, and
//! when every number wanted is known to be below the primes' product (a
//! weight is below its distribution's denominator), the Chinese remainder
//! theorem gives it back exactly. Nothing is rounded: a weight found this
//! way is the same number as one found with big integers.
//!
//! Each prime's remainders are kept in Montgomery form, so a product
//! needs no division.

use num_bigint::BigUint;
use num_traits::Zero;

/// One prime below 2^62, with what its Montgomery products need.
#[derive(Debug, Clone, Copy)]
struct Prime {
    p: u64,
    /// -p^-1 mod 2^64.
    neg_inv: u64,
    /// 2^128 mod p: turns a remainder into Montgomery form.
    r2: u64,
}

impl Prime {
    fn new(p: u64) -> Prime {
        // Newton's iteration for p^-1 mod 2^64 (p odd): each step doubles
        // the bits that are right.
        let mut inv: u64 = 1;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(p.wrapping_mul(inv)));
        }
        let r = (u128::from(u64::MAX) % u128::from(p) + 1) % u128::from(p);
        let r2 = (r * r % u128::from(p)) as u64;
        Prime {
            p,
            neg_inv: inv.wrapping_neg(),
            r2,
        }
    }

    /// a * b / 2^64 mod p, for a, b < p (of numbers in Montgomery form,
    /// the Montgomery form of their product).
    /// (The sums cannot overflow, as noted; the wrapping operations say
    /// so to the release build's overflow checks, which were most of the
    /// order statistics' inner loop.)
    #[inline(always)]
    fn mul(self, a: u64, b: u64) -> u64 {
        let t = u128::from(a).wrapping_mul(u128::from(b));
        let m = (t as u64).wrapping_mul(self.neg_inv);
        // t + m p < 2^124 + 2^126: no overflow.
        let u = (t.wrapping_add(u128::from(m).wrapping_mul(u128::from(self.p))) >> 64) as u64;
        reduce(u, self.p)
    }

    #[inline(always)]
    fn add(self, a: u64, b: u64) -> u64 {
        // Both below p < 2^62.
        reduce(a.wrapping_add(b), self.p)
    }

    #[inline(always)]
    fn sub(self, a: u64, b: u64) -> u64 {
        if a >= b { a - b } else { a + self.p - b }
    }

    /// A plain remainder into Montgomery form.
    fn enter(self, x: u64) -> u64 {
        self.mul(x % self.p, self.r2)
    }

    /// Out of Montgomery form, as a plain remainder.
    fn leave(self, x: u64) -> u64 {
        self.mul(x, 1)
    }
}

/// `u` less `p` once if it is at least `p` (u < 2p), without a branch:
/// below p the difference wraps past u and the least is u. Which way it
/// goes is a coin toss, and a mispredicted branch cost more than the
/// product it followed.
#[inline(always)]
fn reduce(u: u64, p: u64) -> u64 {
    u.min(u.wrapping_sub(p))
}

/// Whether `n` is prime: Miller-Rabin with the first twelve primes as
/// bases, which decides every number below 3.3 * 10^24.
fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    for b in BASES {
        if n.is_multiple_of(b) {
            return n == b;
        }
    }
    let (mut d, mut s) = (n - 1, 0);
    while d.is_multiple_of(2) {
        d /= 2;
        s += 1;
    }
    let mulmod = |a: u64, b: u64| (u128::from(a) * u128::from(b) % u128::from(n)) as u64;
    'bases: for b in BASES {
        let mut x = 1u64;
        let (mut base, mut e) = (b, d);
        while e > 0 {
            if e & 1 == 1 {
                x = mulmod(x, base);
            }
            base = mulmod(base, base);
            e >>= 1;
        }
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mulmod(x, x);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// Enough primes for numbers below 2^bits: their product exceeds it.
#[derive(Debug, Clone)]
pub struct Moduli {
    primes: Vec<Prime>,
    /// inverses[i][j] (j < i): p_j^-1 mod p_i, in Montgomery form, for
    /// turning remainders back into a number.
    inverses: Vec<Vec<u64>>,
}

impl Moduli {
    pub fn for_bits(bits: u64) -> Moduli {
        let count = (bits / 61 + 1) as usize;
        let mut primes = Vec::with_capacity(count);
        // Odd numbers down from 2^62: primes there are about 1 in 43.
        let mut candidate = (1u64 << 62) - 1;
        while primes.len() < count {
            if is_prime(candidate) {
                primes.push(Prime::new(candidate));
            }
            candidate -= 2;
        }
        let inverses = (0..count)
            .map(|i| {
                let q = primes[i];
                (0..i)
                    .map(|j| q.enter(inverse(primes[j].p % q.p, q.p)))
                    .collect()
            })
            .collect();
        Moduli { primes, inverses }
    }

    /// How many remainders a number takes.
    pub fn len(&self) -> usize {
        self.primes.len()
    }

    /// The remainders of `x` (Montgomery form), one for each prime.
    pub fn of(&self, x: &BigUint) -> Vec<u64> {
        let digits = x.to_u64_digits();
        self.primes
            .iter()
            .map(|q| {
                let p = u128::from(q.p);
                let r = digits
                    .iter()
                    .rev()
                    .fold(0u128, |acc, &d| ((acc << 64) | u128::from(d)) % p);
                q.enter(r as u64)
            })
            .collect()
    }

    /// The remainders of x^-1 (x below every prime and not 0).
    pub fn inverse_of(&self, x: u64) -> Vec<u64> {
        self.primes
            .iter()
            .map(|q| q.enter(inverse(x, q.p)))
            .collect()
    }

    /// C(n, k): each factor of the product of k consecutive numbers over
    /// k!, the division by each prime's inverses (every number up to k
    /// is below every prime).
    pub fn binomial(&self, n: u64, k: u64) -> Vec<u64> {
        if k > n {
            return vec![0; self.len()];
        }
        let mut c = self.one();
        for i in 0..k.min(n - k) {
            let up = self.of(&BigUint::from(n - i));
            c = self.mul(&self.mul(&c, &up), &self.inverse_of(i + 1));
        }
        c
    }

    pub fn one(&self) -> Vec<u64> {
        self.primes.iter().map(|q| q.enter(1)).collect()
    }

    /// `acc += a * b`, remainder by remainder.
    #[inline]
    pub fn mul_add(&self, acc: &mut [u64], a: &[u64], b: &[u64]) {
        for (((s, &x), &y), q) in acc.iter_mut().zip(a).zip(b).zip(&self.primes) {
            *s = q.add(*s, q.mul(x, y));
        }
    }

    /// `a * b`.
    pub fn mul(&self, a: &[u64], b: &[u64]) -> Vec<u64> {
        a.iter()
            .zip(b)
            .zip(&self.primes)
            .map(|((&x, &y), q)| q.mul(x, y))
            .collect()
    }

    pub fn sub_from(&self, acc: &mut [u64], a: &[u64]) {
        for ((s, &x), q) in acc.iter_mut().zip(a).zip(&self.primes) {
            *s = q.sub(*s, x);
        }
    }

    /// `a^e`.
    pub fn pow(&self, a: &[u64], mut e: u64) -> Vec<u64> {
        let mut out = self.one();
        let mut base = a.to_vec();
        while e > 0 {
            if e & 1 == 1 {
                out = self.mul(&out, &base);
            }
            base = self.mul(&base, &base);
            e >>= 1;
        }
        out
    }

    /// The number whose remainders these are, when it is below the
    /// primes' product: Garner's mixed-radix digits, then Horner.
    pub fn number(&self, residues: &[u64]) -> BigUint {
        if residues.iter().all(|&r| r == 0) {
            return BigUint::zero();
        }
        let k = self.primes.len();
        // digits[i] < p_i with x = d0 + d1 p0 + d2 p0 p1 + ...: each the
        // remainder by p_i of (x - d0 - d1 p0 - ...) / (p0 ... p_(i-1)).
        let mut digits: Vec<u64> = Vec::with_capacity(k);
        for (i, q) in self.primes.iter().enumerate() {
            let mut x = residues[i];
            for (&d, &inv) in digits.iter().zip(&self.inverses[i]) {
                // d < 2^62 and p_i is within a few hundred thousand of
                // 2^62: one subtraction reduces it.
                let d = if d >= q.p { d - q.p } else { d };
                x = q.mul(q.sub(x, q.mul(d, q.r2)), inv);
            }
            digits.push(q.leave(x));
        }
        let mut n = BigUint::zero();
        for i in (0..k).rev() {
            n *= self.primes[i].p;
            n += digits[i];
        }
        n
    }
}

/// a^-1 mod p, p prime and a not a multiple of it.
fn inverse(a: u64, p: u64) -> u64 {
    let (mut t, mut new_t) = (0i128, 1i128);
    let (mut r, mut new_r) = (i128::from(p), i128::from(a % p));
    while new_r != 0 {
        let q = r / new_r;
        (t, new_t) = (new_t, t - q * new_t);
        (r, new_r) = (new_r, r - q * new_r);
    }
    if t < 0 {
        t += i128::from(p);
    }
    t as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_primes_are_told_apart() {
        let found: Vec<u64> = (0..100).filter(|&n| is_prime(n)).collect();
        assert_eq!(
            found,
            vec![
                2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79,
                83, 89, 97
            ]
        );
        // Carmichael numbers and a strong pseudoprime to base 2.
        for n in [
            561,
            1105,
            1729,
            2047,
            3_215_031_751,
            3_825_123_056_546_413_051,
        ] {
            assert!(!is_prime(n), "{n}");
        }
        assert!(is_prime((1 << 61) - 1));
    }

    proptest::proptest! {
        /// Products and sums by remainders, turned back, are the big
        /// integers' own, across several primes.
        #[test]
        fn remainders_give_the_number_back(
            a in proptest::collection::vec(proptest::num::u64::ANY, 0..6),
            b in proptest::collection::vec(proptest::num::u64::ANY, 0..6),
            c in proptest::collection::vec(proptest::num::u64::ANY, 0..6),
            e in 0u64..5,
        ) {
            let big = |l: &[u64]| super::super::limbs::from_u64_digits(l);
            let (a, b, c) = (big(&a), big(&b), big(&c));
            let want = &a * &b + &c;
            let m = Moduli::for_bits(want.bits().max(1) + 4);
            let mut acc = m.of(&c);
            m.mul_add(&mut acc, &m.of(&a), &m.of(&b));
            proptest::prop_assert_eq!(m.number(&acc), want);
            let m = Moduli::for_bits(a.bits() * e + 8);
            for (n, k) in [(10u64, 3u64), (50, 25), (7, 9), (100, 0)] {
                // n! / (k! (n-k)!), or none where k > n.
                let fact = |x: u64| (1..=x).fold(BigUint::from(1u32), |f, i| f * i);
                let want = if k > n {
                    BigUint::zero()
                } else {
                    fact(n) / (fact(k) * fact(n - k))
                };
                proptest::prop_assert_eq!(m.number(&m.binomial(n, k)), want);
            }
            proptest::prop_assert_eq!(m.number(&m.pow(&m.of(&a), e)), a.pow(e as u32));
            if a >= b {
                let m = Moduli::for_bits(a.bits() + 4);
                let mut d = m.of(&a);
                m.sub_from(&mut d, &m.of(&b));
                proptest::prop_assert_eq!(m.number(&d), &a - &b);
            }
        }
    }
}
