//! Who stands where: places from the totals by the sheet's rule, ties
//! broken by its tie-breaks in order, and the ones left tied sharing a
//! place (1, 1, 3).

use std::cmp::Ordering;

use serde::Serialize;

use super::{Scores, Sheet, Tie, WinRule};

/// The places and the winners.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// Each player's place, 1 the best (shared places repeat); `None`
    /// for one with nothing scored.
    pub places: Vec<Option<usize>>,
    /// Those in first place; for a table playing together, everyone
    /// when the goal is reached and no one when it is not.
    pub winners: Vec<usize>,
    /// The tie-break that settled each pair of totals that were level,
    /// said (`ann ahead of ben on yacht`).
    pub settled: Vec<String>,
    /// For a table playing together: its total.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub together: Option<i64>,
}

impl Sheet {
    /// Where each player stands on `scores` (names for what is said).
    pub fn standing(&self, scores: &Scores, names: &[String]) -> Standing {
        let n = scores.totals.len();
        if self.spec.wins == WinRule::Together {
            let known: Vec<i64> = scores.totals.iter().flatten().copied().collect();
            let sum = known.iter().try_fold(0i64, |s, &t| s.checked_add(t));
            // The goal reached (where there is one), and what winning
            // takes done by everyone (where the sheet says).
            let reached = self.spec.goal.is_none_or(|g| sum.is_some_and(|s| s >= g))
                && scores
                    .qualified
                    .as_ref()
                    .is_none_or(|q| q.iter().all(|&d| d))
                && !known.is_empty();
            return Standing {
                places: vec![(!known.is_empty()).then_some(1); n],
                winners: if reached {
                    (0..n).collect()
                } else {
                    Vec::new()
                },
                settled: Vec::new(),
                together: sum,
            };
        }
        let lower = self.spec.wins == WinRule::Lowest;
        let better = |a: i64, b: i64| if lower { b.cmp(&a) } else { a.cmp(&b) };
        // Best first; those with no total after everyone.
        let mut order: Vec<usize> = (0..n).collect();
        let mut settled = Vec::new();
        let qualified = |p: usize| scores.qualified.as_ref().is_none_or(|q| q[p]);
        let compare = |a: usize, b: usize, settled: &mut Vec<String>| -> Ordering {
            // Those who did what winning takes before those who did not.
            let done = qualified(a).cmp(&qualified(b));
            if done != Ordering::Equal && scores.totals[a].is_some() && scores.totals[b].is_some() {
                return done;
            }
            let (ta, tb) = (scores.totals[a], scores.totals[b]);
            let by_total = match (ta, tb) {
                (Some(x), Some(y)) => better(x, y),
                (Some(_), None) => Ordering::Greater,
                (None, Some(_)) => Ordering::Less,
                (None, None) => return Ordering::Equal,
            };
            if by_total != Ordering::Equal {
                return by_total;
            }
            for t in &self.ties {
                let (c, most) = match t {
                    Tie::Shared => return Ordering::Equal,
                    Tie::Most(c) => (*c, true),
                    Tie::Fewest(c) => (*c, false),
                };
                let (x, y) = (scores.cells[c][a], scores.cells[c][b]);
                let o = match (x, y) {
                    (Some(x), Some(y)) if most => x.cmp(&y),
                    (Some(x), Some(y)) => y.cmp(&x),
                    (Some(_), None) => Ordering::Greater,
                    (None, Some(_)) => Ordering::Less,
                    (None, None) => Ordering::Equal,
                };
                if o != Ordering::Equal {
                    let (ahead, behind) = if o == Ordering::Greater {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    settled.push(format!(
                        "{} ahead of {} on {} ({} {})",
                        names[ahead],
                        names[behind],
                        self.spec.categories[c].name,
                        if most { "most" } else { "fewest" },
                        self.spec.categories[c].name
                    ));
                    return o;
                }
            }
            Ordering::Equal
        };
        // A stable insertion sort: a dozen players at most, and each
        // settled tie is said once.
        for i in 1..order.len() {
            let mut j = i;
            while j > 0 && compare(order[j], order[j - 1], &mut Vec::new()) == Ordering::Greater {
                order.swap(j, j - 1);
                j -= 1;
            }
        }
        let mut places = vec![None; n];
        for (k, &p) in order.iter().enumerate() {
            if scores.totals[p].is_none() {
                continue;
            }
            let place = if k > 0 && compare(p, order[k - 1], &mut Vec::new()) == Ordering::Equal {
                places[order[k - 1]]
            } else {
                if k > 0 {
                    compare(order[k - 1], p, &mut settled);
                }
                Some(k + 1)
            };
            places[p] = place;
        }
        let winners = (0..n)
            .filter(|&p| places[p] == Some(1) && qualified(p))
            .collect();
        Standing {
            places,
            winners,
            settled,
            together: None,
        }
    }
}
