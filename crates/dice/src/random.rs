//! The one seeded generator behind every random result.
//!
//! A seed must mean the same thing on every machine and every build, so we
//! take only raw 64-bit words from ChaCha8 (a specified stream) and do the
//! range reduction and shuffling ourselves: rand documents that its own
//! `random_range` and `shuffle` may change values between minor versions.

use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};

/// The session's generator, with the seed it started from. A clone
/// draws what the original would next (a peek, or a place to go back to).
#[derive(Debug)]
pub struct TableRng {
    seed: u64,
    inner: ChaCha8Rng,
    /// Words drawn so far (whether a deal used any randomness at all).
    draws: u64,
}

impl Clone for TableRng {
    /// The same stream at the same place (ChaCha's word position), in
    /// constant time.
    fn clone(&self) -> TableRng {
        let mut inner = ChaCha8Rng::seed_from_u64(self.seed);
        inner.set_word_pos(self.inner.get_word_pos());
        TableRng {
            seed: self.seed,
            inner,
            draws: self.draws,
        }
    }
}

impl TableRng {
    pub fn new(seed: u64) -> TableRng {
        TableRng {
            seed,
            inner: ChaCha8Rng::seed_from_u64(seed),
            draws: 0,
        }
    }

    /// The generator of `seed` after `draws` words: where a recorded
    /// action drew from, so its replay draws the same.
    pub fn at(seed: u64, draws: u64) -> TableRng {
        // Every draw takes one 64-bit word: two of ChaCha's 32-bit words.
        let mut inner = ChaCha8Rng::seed_from_u64(seed);
        inner.set_word_pos(u128::from(draws) * 2);
        TableRng { seed, inner, draws }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn next_u64(&mut self) -> u64 {
        self.draws += 1;
        self.inner.next_u64()
    }

    /// Words drawn since the generator started: where in the seed's
    /// stream the next draw comes from.
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// Whether anything has been drawn since the generator started.
    pub fn used(&self) -> bool {
        self.draws > 0
    }

    /// A uniform integer in `0..n` (n > 0), without modulo bias: Lemire's
    /// multiply-and-reject method.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0) has no values");
        // Lemire's test: the threshold (a division) is below n, so a low
        // word of n or more is accepted without working it out. The same
        // words are accepted either way, so a seed rolls what it rolled.
        let mut m = (self.next_u64() as u128) * (n as u128);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = (self.next_u64() as u128) * (n as u128);
            }
        }
        (m >> 64) as u64
    }

    /// A uniform integer in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        debug_assert!(lo <= hi);
        let span = (hi - lo) as u64 + 1;
        lo + self.below(span) as i64
    }

    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }

    /// Fisher-Yates, from the back.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = TableRng::new(7);
        let mut b = TableRng::new(7);
        for _ in 0..100 {
            assert_eq!(a.below(6), b.below(6));
        }
    }

    #[test]
    fn stream_is_pinned() {
        // If this changes, every published seed changes meaning: a
        // dependency update broke portability.
        let mut r = TableRng::new(1);
        let v: Vec<u64> = (0..5).map(|_| r.below(6)).collect();
        assert_eq!(v, PINNED_SEED1_D6);
    }
    const PINNED_SEED1_D6: [u64; 5] = [2, 0, 3, 1, 1];

    #[test]
    fn below_stays_in_range() {
        let mut r = TableRng::new(3);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[r.below(6) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
    }

    /// `at` and `clone` stand where drawing one by one would.
    #[test]
    fn a_place_in_the_stream_is_found_at_once() {
        let mut walked = TableRng::new(9);
        for _ in 0..1001 {
            walked.next_u64();
        }
        let mut jumped = TableRng::at(9, 1001);
        let mut copy = walked.clone();
        for _ in 0..50 {
            let w = walked.below(1000);
            assert_eq!(jumped.below(1000), w);
            assert_eq!(copy.below(1000), w);
        }
        assert_eq!(jumped.draws(), walked.draws());
    }
}
