//! Arithmetic on numbers held as little-endian 64-bit limbs, where a
//! hot loop would otherwise make a `BigUint` for each product only to add
//! it to another.

use num_bigint::BigUint;

/// `acc += b * w`, each a number as little-endian 64-bit limbs: the
/// product added in as it is made, with no number of its own.
pub fn mul_add(acc: &mut Vec<u64>, b: &[u64], w: &[u64]) {
    if acc.len() < b.len() + w.len() {
        acc.resize(b.len() + w.len(), 0);
    }
    for (j, &wj) in w.iter().enumerate() {
        // At most (2^64 - 1)^2 + 2 (2^64 - 1) = 2^128 - 1: no overflow.
        // The wrapping operations say so to the release build's overflow
        // checks, which were a third of this loop's instructions, and the
        // zipped slices leave no index to check.
        let mut carry = 0u128;
        let wj = u128::from(wj);
        for (a, &bi) in acc[j..j + b.len()].iter_mut().zip(b) {
            let t = u128::from(*a)
                .wrapping_add(u128::from(bi).wrapping_mul(wj))
                .wrapping_add(carry);
            *a = t as u64;
            carry = t >> 64;
        }
        let mut at = j + b.len();
        while carry != 0 {
            if at == acc.len() {
                acc.push(0);
            }
            let t = u128::from(acc[at]) + carry;
            acc[at] = t as u64;
            carry = t >> 64;
            at += 1;
        }
    }
}

/// A number from little-endian 64-bit limbs (`BigUint` is built from
/// 32-bit ones; from bytes it took 8% of `prob 20d6!`).
pub fn from_u64_digits(limbs: &[u64]) -> BigUint {
    BigUint::new(
        limbs
            .iter()
            .flat_map(|&l| [l as u32, (l >> 32) as u32])
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Adding a product in limb by limb gives what BigUint's own
        /// multiply and add give, carries through every limb included.
        #[test]
        fn mul_add_is_multiply_then_add(
            acc in proptest::collection::vec(proptest::num::u64::ANY, 0..4),
            b in proptest::collection::vec(proptest::num::u64::ANY, 0..5),
            w in proptest::collection::vec(proptest::num::u64::ANY, 0..3),
        ) {
            let big = |l: &[u64]| from_u64_digits(l);
            let want = big(&acc) + big(&b) * big(&w);
            let mut got = acc.clone();
            mul_add(&mut got, &b, &w);
            proptest::prop_assert_eq!(big(&got), want);
        }
    }

    #[test]
    fn mul_add_carries_past_the_top() {
        let max = u64::MAX;
        let mut acc = vec![max, max];
        // (2^128 - 1) + (2^64 - 1)^2 = 2^129 - 2^65: a third limb.
        mul_add(&mut acc, &[max], &[max]);
        let want = from_u64_digits(&[max, max]) + from_u64_digits(&[max]) * from_u64_digits(&[max]);
        assert_eq!(from_u64_digits(&acc), want);
        assert_eq!(acc.len(), 3);
    }
}
