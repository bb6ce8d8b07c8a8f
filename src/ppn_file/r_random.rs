//! R's random numbers, as `set.seed(n)` and `sample.int` make them with
//! R's defaults since 3.6.0 (Mersenne-Twister, rejection sampling), so
//! a setup piecepackr's `ppdf` dealt from a file's `Seed` is dealt the
//! same here. Written from R's `src/main/RNG.c` and `src/main/random.c`.

const N: usize = 624;
const M: usize = 397;

/// R's Mersenne-Twister after `set.seed(seed)`.
pub struct RRandom {
    mt: [u32; N],
    mti: usize,
}

impl RRandom {
    /// `set.seed(seed)`: the seed scrambled by 50 rounds of a linear
    /// congruential generator, then each word of the state by one more.
    pub fn new(seed: u32) -> RRandom {
        let lcg = |s: u32| s.wrapping_mul(69069).wrapping_add(1);
        let mut s = seed;
        for _ in 0..50 {
            s = lcg(s);
        }
        // The first of R's 625 seed words is the position (set to N, so
        // the first draw turns the state over); the rest are the state.
        s = lcg(s);
        let mut mt = [0; N];
        for w in &mut mt {
            s = lcg(s);
            *w = s;
        }
        RRandom { mt, mti: N }
    }

    fn next_u32(&mut self) -> u32 {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        let mag = |y: u32| if y & 1 == 1 { 0x9908_b0df } else { 0 };
        if self.mti >= N {
            for kk in 0..N {
                let y = (self.mt[kk] & UPPER) | (self.mt[(kk + 1) % N] & LOWER);
                self.mt[kk] = self.mt[(kk + M) % N] ^ (y >> 1) ^ mag(y);
            }
            self.mti = 0;
        }
        let mut y = self.mt[self.mti];
        self.mti += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `unif_rand()`: in (0, 1), never 0.
    pub fn unif(&mut self) -> f64 {
        let v = f64::from(self.next_u32()) * 2.328_306_436_538_696_3e-10;
        let least = 0.5 * 2.328_306_437_080_797e-10;
        if v <= 0.0 {
            least
        } else if 1.0 - v <= 0.0 {
            1.0 - least
        } else {
            v
        }
    }

    /// `R_unif_index(n)`: 0 to n - 1, drawn as bits below the next power
    /// of two and drawn again where too big. Even `n = 1` draws once, as
    /// R's does (the last of `sample.int(24)`), and what follows depends
    /// on it.
    pub fn index(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        let bits = (n as f64).log2().ceil() as u32;
        loop {
            let mut v: u64 = 0;
            let mut done = 0;
            while done <= bits {
                v = 65536 * v + (self.unif() * 65536.0).floor() as u64;
                done += 16;
            }
            let v = (v & ((1u64 << bits) - 1)) as usize;
            if v < n {
                return v;
            }
        }
    }

    /// `sample.int(n)`: 1 to n in a random order.
    pub fn sample(&mut self, n: usize) -> Vec<usize> {
        let mut x: Vec<usize> = (0..n).collect();
        let mut left = n;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let j = self.index(left);
            out.push(x[j] + 1);
            left -= 1;
            x[j] = x[left];
        }
        out
    }

    /// `sample.int(n, k, replace = TRUE)`.
    pub fn sample_with_replacement(&mut self, n: usize, k: usize) -> Vec<usize> {
        (0..k).map(|_| self.index(n) + 1).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Figures R prints (R 3.6 and later): `set.seed(42); runif(3)`,
    /// `set.seed(123); sample(1:10)`, `set.seed(42); sample(1:10)`.
    #[test]
    fn draws_as_r_draws() {
        let mut r = RRandom::new(42);
        let u: Vec<String> = (0..3).map(|_| format!("{:.7}", r.unif())).collect();
        assert_eq!(u, ["0.9148060", "0.9370754", "0.2861395"]);
        assert_eq!(
            RRandom::new(123).sample(10),
            [3, 10, 2, 8, 6, 9, 1, 7, 5, 4]
        );
        assert_eq!(RRandom::new(42).sample(10), [1, 5, 10, 8, 2, 4, 6, 9, 7, 3]);
        // piecepackr's Desfases example (Seed 42): the tiles, then the
        // dice, which its first moves show (Suns 4, Moons 3, Crowns a,
        // Arms 3: R's ranks 1 to 6 are n to 5).
        let mut r = RRandom::new(42);
        assert_eq!(
            r.sample(24),
            [
                17, 5, 1, 10, 4, 18, 24, 15, 8, 7, 20, 9, 23, 14, 21, 2, 19, 3, 22, 6, 16, 12, 11,
                13
            ]
        );
        assert_eq!(r.sample_with_replacement(6, 4), [5, 4, 2, 4]);
    }
}
