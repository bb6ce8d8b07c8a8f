//! The solvers' tables of positions hash their integer keys with one
//! multiply. The keys are positions a search made, not anyone's input,
//! so the standard hasher's guard against chosen collisions buys nothing
//! here, and its cost dominated the searches (Whack-a-Dummy's A*,
//! Trampo-Land's depth-first search, Fuji-san's walk of every set).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

const MUL: u64 = 0x9E37_79B9_7F4A_7C15;

#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    /// Integer keys take the methods below; anything else is folded in a
    /// byte at a time.
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(MUL);
        }
    }

    fn write_u32(&mut self, k: u32) {
        self.0 = u64::from(k).wrapping_mul(MUL);
    }

    fn write_u64(&mut self, k: u64) {
        self.0 = (k ^ (k >> 29)).wrapping_mul(MUL);
    }

    /// 128-bit keys (a whole tableau packed): both halves folded in.
    fn write_u128(&mut self, k: u128) {
        let (hi, lo) = ((k >> 64) as u64, k as u64);
        self.0 = ((lo ^ (lo >> 29)).wrapping_mul(MUL) ^ hi).wrapping_mul(MUL);
    }

    fn finish(&self) -> u64 {
        // The product's high half mixes every bit of the key; the table
        // takes its bucket from the low bits.
        self.0 ^ self.0 >> 32
    }
}

/// A map keyed by positions, hashed by `KeyHasher`.
pub type Keyed<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;
