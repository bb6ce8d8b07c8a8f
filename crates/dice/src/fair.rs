//! Are these dice fair? Counts of real results against the exact
//! distribution: Pearson's chi-square, its p-value, and how many rolls it
//! would take to notice a given bias.

use std::collections::BTreeMap;

use super::Dist;
use super::dist::prob_f64;

/// The test's answer.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Fairness {
    pub rolls: u64,
    pub chi_square: f64,
    pub dof: usize,
    pub p_value: f64,
    /// Results no fair roll of the expression can give.
    pub impossible: Vec<i64>,
    /// Rolls needed to notice, 4 times in 5 at the 5% level, the likeliest
    /// total coming up half as often again as it should.
    pub rolls_to_notice: Option<u64>,
}

/// Expected counts under 5 are pooled with their neighbours (the usual
/// rule for the chi-square approximation).
const MIN_EXPECTED: f64 = 5.0;

pub fn test(dist: &Dist, counts: &BTreeMap<i64, u64>) -> Fairness {
    let rolls: u64 = counts.values().sum();
    let probs: Vec<(i64, f64)> = dist
        .weights
        .iter()
        .map(|(&v, w)| (v, prob_f64(w, &dist.denom)))
        .collect();
    let impossible: Vec<i64> = counts
        .keys()
        .filter(|v| !dist.weights.contains_key(v))
        .copied()
        .collect();
    // Pool neighbouring totals until each bucket expects at least 5.
    let mut buckets: Vec<(f64, f64)> = Vec::new();
    let (mut e, mut o) = (0.0, 0.0);
    for &(v, p) in &probs {
        e += p * rolls as f64;
        o += *counts.get(&v).unwrap_or(&0) as f64;
        if e >= MIN_EXPECTED {
            buckets.push((e, o));
            (e, o) = (0.0, 0.0);
        }
    }
    if e > 0.0 || o > 0.0 {
        match buckets.last_mut() {
            Some(last) => {
                last.0 += e;
                last.1 += o;
            }
            None => buckets.push((e, o)),
        }
    }
    let chi_square: f64 = buckets
        .iter()
        .filter(|(e, _)| *e > 0.0)
        .map(|(e, o)| (o - e).powi(2) / e)
        .sum();
    let dof = buckets.len().saturating_sub(1);
    let p_value = if dof == 0 {
        1.0
    } else {
        chi_square_sf(chi_square, dof as f64)
    };
    Fairness {
        rolls,
        chi_square,
        dof,
        p_value,
        impossible,
        rolls_to_notice: rolls_to_notice(&probs),
    }
}

/// Rolls needed to notice the likeliest total coming up 1.5 times as often
/// (the others in proportion less), 80% of the time at the 5% level:
/// Patnaik's approximation of the noncentral chi-square.
fn rolls_to_notice(probs: &[(i64, f64)]) -> Option<u64> {
    let k = probs.len().checked_sub(1).filter(|&k| k > 0)? as f64;
    let (top, p_top) = probs
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.1.total_cmp(&b.1.1))
        .map(|(i, &(_, p))| (i, p))?;
    let q_top = (1.5 * p_top).min(1.0);
    let scale = (1.0 - q_top) / (1.0 - p_top);
    // Noncentrality a roll adds.
    let per_roll: f64 = probs
        .iter()
        .enumerate()
        .map(|(i, &(_, p))| {
            let q = if i == top { q_top } else { p * scale };
            (q - p).powi(2) / p
        })
        .sum();
    if per_roll <= 0.0 {
        return None;
    }
    let critical = chi_square_quantile(0.95, k);
    let power = |lambda: f64| {
        let h = (k + lambda).powi(2) / (k + 2.0 * lambda);
        let c = (k + 2.0 * lambda) / (k + lambda);
        chi_square_sf(critical / c, h)
    };
    let (mut lo, mut hi) = (0.0, 1.0);
    while power(hi) < 0.8 {
        hi *= 2.0;
    }
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        if power(mid) < 0.8 { lo = mid } else { hi = mid }
    }
    Some((hi / per_roll).ceil() as u64)
}

/// P(X > x) for a chi-square of `k` degrees of freedom.
pub fn chi_square_sf(x: f64, k: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    upper_gamma(k / 2.0, x / 2.0)
}

/// The x a chi-square of `k` degrees exceeds with chance 1 - `q`.
fn chi_square_quantile(q: f64, k: f64) -> f64 {
    let (mut lo, mut hi) = (0.0, k.max(1.0));
    while chi_square_sf(hi, k) > 1.0 - q {
        hi *= 2.0;
    }
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if chi_square_sf(mid, k) > 1.0 - q {
            lo = mid
        } else {
            hi = mid
        }
    }
    hi
}

/// The regularised upper incomplete gamma function Q(a, x): a series below
/// a + 1, a continued fraction above (Numerical Recipes' method).
fn upper_gamma(a: f64, x: f64) -> f64 {
    let front = (-x + a * x.ln() - ln_gamma(a)).exp();
    if x < a + 1.0 {
        let (mut sum, mut term, mut n) = (1.0 / a, 1.0 / a, a);
        for _ in 0..10_000 {
            n += 1.0;
            term *= x / n;
            sum += term;
            if term.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        (1.0 - sum * front).clamp(0.0, 1.0)
    } else {
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..10_000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let step = d * c;
            h *= step;
            if (step - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (front * h).clamp(0.0, 1.0)
    }
}

/// ln Γ(a), Lanczos' approximation.
fn ln_gamma(a: f64) -> f64 {
    const G: [f64; 6] = [
        76.180_091_729_471_46,
        -86.505_320_329_416_77,
        24.014_098_240_830_91,
        -1.231_739_572_450_155,
        0.120_865_097_386_617_9e-2,
        -0.539_523_938_495_3e-5,
    ];
    let mut y = a;
    let tmp = a + 5.5;
    let tmp = tmp - (a + 0.5) * tmp.ln();
    let mut ser = 1.000_000_000_190_015;
    for g in G {
        y += 1.0;
        ser += g / y;
    }
    -tmp + (2.506_628_274_631_000_5 * ser / a).ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chi_square_tail_by_known_values() {
        // Textbook: 3.841 is the 5% point for 1 degree, 11.070 for 5.
        assert!((chi_square_sf(3.841, 1.0) - 0.05).abs() < 1e-3);
        assert!((chi_square_sf(11.070, 5.0) - 0.05).abs() < 1e-3);
        assert!((chi_square_sf(2.0, 2.0) - (-1.0f64).exp()).abs() < 1e-9);
        assert!((chi_square_quantile(0.95, 5.0) - 11.0705).abs() < 1e-3);
    }

    #[test]
    fn a_fair_tally_passes_and_a_loaded_one_does_not() {
        let d6 = super::super::distribution(&super::super::parse("1d6").unwrap()).unwrap();
        let even: BTreeMap<i64, u64> = (1..=6).map(|v| (v, 100)).collect();
        let f = test(&d6, &even);
        assert_eq!((f.rolls, f.dof), (600, 5));
        assert!(f.chi_square.abs() < 1e-9 && f.p_value > 0.99);
        // Sixes twice as often: 100 each, 200 sixes.
        let mut loaded = even.clone();
        loaded.insert(6, 200);
        let f = test(&d6, &loaded);
        assert!(f.p_value < 1e-6, "{f:?}");
        let mut odd = even;
        odd.insert(7, 1);
        assert_eq!(test(&d6, &odd).impossible, vec![7]);
        // A d6 whose six comes up 1/4 of the time instead of 1/6 takes a
        // few hundred rolls to show.
        let n = test(&d6, &BTreeMap::new()).rolls_to_notice.unwrap();
        assert!((100..1000).contains(&n), "{n}");
    }
}
