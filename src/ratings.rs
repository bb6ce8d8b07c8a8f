//! Ratings: OpenSkill's Weng-Lin model with Plackett-Luce (Weng and Lin,
//! JMLR 12, 2011, Algorithm 4), an open algorithm for games of many
//! players and teams. Each person's skill is a mean and an uncertainty;
//! a play moves both, more for a surprise. Checked against the reference
//! implementation (the Python `openskill` package, 6.2) to 1e-6 on the
//! examples below, with its defaults: mu 25, sigma 25/3, beta 25/6,
//! kappa 0.0001, tau 25/300 added to each sigma before a play.

use serde::Serialize;

/// One person's rating.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
}

const MU: f64 = 25.0;
const SIGMA: f64 = MU / 3.0;
const BETA: f64 = SIGMA / 2.0;
const KAPPA: f64 = 0.0001;
const TAU: f64 = MU / 300.0;

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            mu: MU,
            sigma: SIGMA,
        }
    }
}

impl Rating {
    /// What a table ranks by: the skill all but surely reached (the
    /// reference's "ordinal", mu less three sigma).
    pub fn ordinal(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// A team in one play: its members' summed skill and variance, and its
/// rank (lower is better; equal ranks tie).
struct Team {
    mu: f64,
    sigma_sq: f64,
    rank: f64,
}

/// The ratings after one play of `teams` (each a list of people) that
/// finished at `ranks` (1 first; equal ranks tie).
pub fn rate(teams: &[Vec<Rating>], ranks: &[f64]) -> Vec<Vec<Rating>> {
    // Uncertainty grows a little between plays (tau).
    let teams: Vec<Vec<Rating>> = teams
        .iter()
        .map(|t| {
            t.iter()
                .map(|p| Rating {
                    mu: p.mu,
                    sigma: (p.sigma * p.sigma + TAU * TAU).sqrt(),
                })
                .collect()
        })
        .collect();
    let summed: Vec<Team> = teams
        .iter()
        .zip(ranks)
        .map(|(t, &rank)| Team {
            mu: t.iter().map(|p| p.mu).sum(),
            sigma_sq: t.iter().map(|p| p.sigma * p.sigma).sum(),
            rank,
        })
        .collect();
    let c = summed
        .iter()
        .map(|t| t.sigma_sq + BETA * BETA)
        .sum::<f64>()
        .sqrt();
    // For each team q, the sum of exp(mu/c) over the teams ranked at or
    // below it; and how many teams share its rank.
    let exp: Vec<f64> = summed.iter().map(|t| (t.mu / c).exp()).collect();
    let sum_q: Vec<f64> = summed
        .iter()
        .map(|q| {
            summed
                .iter()
                .zip(&exp)
                .filter(|(i, _)| i.rank >= q.rank)
                .map(|(_, e)| e)
                .sum()
        })
        .collect();
    let a: Vec<f64> = summed
        .iter()
        .map(|q| summed.iter().filter(|i| i.rank == q.rank).count() as f64)
        .collect();
    teams
        .iter()
        .zip(&summed)
        .enumerate()
        .map(|(i, (players, team))| {
            let (mut omega, mut delta) = (0.0, 0.0);
            for (q, other) in summed.iter().enumerate() {
                if other.rank > team.rank {
                    continue;
                }
                let share = exp[i] / sum_q[q];
                delta += share * (1.0 - share) / a[q];
                omega += if q == i { 1.0 - share } else { -share } / a[q];
            }
            omega *= team.sigma_sq / c;
            delta *= team.sigma_sq / (c * c);
            // gamma: the team's sigma over c.
            delta *= team.sigma_sq.sqrt() / c;
            players
                .iter()
                .map(|p| {
                    let part = p.sigma * p.sigma / team.sigma_sq;
                    Rating {
                        mu: p.mu + part * omega,
                        sigma: p.sigma * (1.0 - part * delta).max(KAPPA).sqrt(),
                    }
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(got: &[Vec<Rating>], want: &[&[(f64, f64)]]) {
        for (t, w) in got.iter().zip(want) {
            for (p, &(mu, sigma)) in t.iter().zip(w.iter()) {
                assert!((p.mu - mu).abs() < 1e-6, "mu {} against {mu}", p.mu);
                assert!(
                    (p.sigma - sigma).abs() < 1e-6,
                    "sigma {} against {sigma}",
                    p.sigma
                );
            }
        }
    }

    fn one(mu: f64, sigma: f64) -> Rating {
        Rating { mu, sigma }
    }

    /// Values the reference gives (openskill 6.2, PlackettLuce()).
    #[test]
    fn ratings_equal_the_reference_implementation() {
        let fresh = vec![vec![Rating::default()]; 4];
        close(
            &rate(&fresh, &[1.0, 2.0, 3.0, 4.0]),
            &[
                &[(27.795252672501, 8.263571791259)],
                &[(26.55291815139, 8.179617988373)],
                &[(24.689416369722, 8.084127880169)],
                &[(20.962412806387, 8.084127880169)],
            ],
        );
        let teams = vec![
            vec![one(29.182, 4.782), one(27.174, 4.922)],
            vec![one(16.672, 6.217), one(33.25, 4.312)],
        ];
        close(
            &rate(&teams, &[1.0, 2.0]),
            &[
                &[
                    (29.893623473553, 4.729262278726),
                    (27.927888201521, 4.864389031745),
                ],
                &[
                    (15.469350674737, 6.087421187658),
                    (32.671346034595, 4.269610220993),
                ],
            ],
        );
        let three = vec![vec![Rating::default()]; 3];
        close(
            &rate(&three, &[1.0, 1.0, 3.0]),
            &[
                &[(25.717262170187, 8.205243377398)],
                &[(25.717262170187, 8.205243377398)],
                &[(23.565475659625, 8.205243377398)],
            ],
        );
        let upset = vec![vec![one(30.0, 2.0)], vec![one(20.0, 6.0)]];
        close(
            &rate(&upset, &[2.0, 1.0]),
            &[
                &[(29.647398655965, 1.999472519616)],
                &[(23.168523342849, 5.815089408678)],
            ],
        );
    }
}
