//! A floor under how many outcomes a pool shows, from the faces every
//! kind in it shares. If those faces span `d` dimensions, they hold
//! `d + 1` affinely independent points, and the sums of any `j` of those
//! points (repeats allowed) are all different: `j` dice of the pool, of
//! whatever kinds, show at least C(j + d, d) outcomes. The count's own
//! estimate sees growth only die by die and grows it linearly; a pool of
//! like dice grows as the d-th power of its dice, and this floor knows it
//! before the first die is counted.

use num_integer::Integer;

use crate::dist::binomial;

/// The affine dimension of `points`: the rank of their differences from
/// the first (fraction-free elimination, exact on integers).
pub fn dimension<const N: usize>(points: &[[i16; N]]) -> usize {
    let Some((first, rest)) = points.split_first() else {
        return 0;
    };
    let mut rows: Vec<[i128; N]> = rest
        .iter()
        .map(|p| std::array::from_fn(|i| i128::from(p[i]) - i128::from(first[i])))
        .collect();
    let mut rank = 0;
    for col in 0..N {
        let Some(pivot) = (rank..rows.len()).find(|&r| rows[r][col] != 0) else {
            continue;
        };
        rows.swap(rank, pivot);
        let top = rows[rank];
        for row in rows.iter_mut().skip(rank + 1) {
            let factor = row[col];
            if factor == 0 {
                continue;
            }
            // row := row * top[col] - top * factor, then divided by the
            // entries' common factor so that the numbers stay small.
            for i in 0..N {
                row[i] = row[i] * top[col] - top[i] * factor;
            }
            let g = row.iter().fold(0i128, |g, x| g.gcd(x));
            if g > 1 {
                row.iter_mut().for_each(|x| *x /= g);
            }
        }
        rank += 1;
    }
    rank
}

/// C(j + d, d): the outcomes `j` dice show at least when every die shows
/// a common `d`-dimensional simplex (saturating).
pub fn simplex_sums(j: usize, d: usize) -> u64 {
    u64::try_from(binomial((j + d) as u64, d as u64)).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dimension_counts_independent_directions() {
        assert_eq!(dimension::<3>(&[]), 0);
        assert_eq!(dimension(&[[1, 2, 3]]), 0);
        // On one line, however many points.
        assert_eq!(
            dimension(&[[0, 0, 0], [1, 1, 0], [3, 3, 0], [-2, -2, 0]]),
            1
        );
        // A plane not through the origin.
        assert_eq!(dimension(&[[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, -1]]), 2);
        // The ten faces `a`, `ab`, ..., `abcdefghij`: nine dimensions.
        let stairs: Vec<[i16; 10]> = (1..=10)
            .map(|n| std::array::from_fn(|i| i16::from(i < n)))
            .collect();
        assert_eq!(dimension(&stairs), 9);
        // A blank face adds the tenth.
        let mut with_blank = stairs.clone();
        with_blank.push([0; 10]);
        assert_eq!(dimension(&with_blank), 10);
    }

    #[test]
    fn simplex_sums_are_binomials() {
        assert_eq!(simplex_sums(0, 9), 1);
        assert_eq!(simplex_sums(1, 9), 10);
        assert_eq!(simplex_sums(12, 9), 293_930);
        assert_eq!(simplex_sums(13, 0), 1);
        assert_eq!(simplex_sums(5, 1), 6);
        assert_eq!(simplex_sums(100, 100), u64::MAX);
    }
}
