//! The rows of `prob`'s odds table: which totals are shown, which share a
//! row and which rare ends are folded into one row each.
//!
//! A table is worked out from a whole distribution, or, for many dice of
//! one kind, streamed from Miller's recurrence: `10000d6` has 50,001
//! exact weights of some 26,000 bits each, 160 MB held at once, where
//! its table needs 150 rows. The weights of such a sum are symmetric, so
//! the stream runs only to the middle and credits each weight to its
//! mirror total as well.

use std::collections::VecDeque;

use num_bigint::{BigInt, BigUint};
use num_traits::Zero;

use super::dist::{self, Dist, LikeDice, Res, Sliding, ratio_f64};
use super::parse::{DiceError, Roll};

/// Past this many totals, `prob` folds the far tails into one row each.
const FOLD_ROWS: usize = 60;
/// Past this many rows left after folding, neighbouring totals share rows.
const BUCKET_ROWS: usize = 150;
/// Each folded end holds at most this share of the outcomes (0.05%), so
/// the rows shown hold 99.9%.
const FOLD_SHARE: u32 = 2000;

/// `prob`'s table of one expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub min: i64,
    pub max: i64,
    pub mean: f64,
    pub sd: f64,
    pub denom: BigUint,
    /// The weight of every counted outcome (the denominator less what
    /// lies past the explosion limit).
    pub counted: BigUint,
    pub beyond: BigUint,
    /// How many totals can come up.
    pub totals: usize,
    /// The rarest low and high totals, folded.
    pub low: Option<Fold>,
    pub high: Option<Fold>,
    pub rows: Vec<Row>,
    /// How many totals share a row.
    pub per_row: usize,
}

/// The rarest totals at one end, in one row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fold {
    /// The last total folded, counted from that end.
    pub edge: i64,
    pub totals: usize,
    pub weight: BigUint,
}

/// One row: the totals `first..=last` and their weight together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub first: i64,
    pub last: i64,
    pub weight: BigUint,
}

/// Where the rows fall among a distribution's `totals` totals, once the
/// folded ends (`low` and `high` totals) are known.
struct Layout {
    low: usize,
    high: usize,
    shown: usize,
    per_row: usize,
}

impl Layout {
    fn new(totals: usize, low: usize, high: usize, all: bool) -> Layout {
        // Ends folded past the middle would leave nothing to show; they
        // cannot be, as each holds at most 0.05%, but never underflow.
        let shown = totals.saturating_sub(low + high);
        // Past a screenful of rows (1d1000000 keeps 999,000), neighbouring
        // totals share a row, each row the same number of totals.
        let per_row = if all {
            1
        } else {
            shown.div_ceil(BUCKET_ROWS).max(1)
        };
        Layout {
            low,
            high,
            shown,
            per_row,
        }
    }

    fn rows(&self) -> usize {
        self.shown.div_ceil(self.per_row)
    }

    /// The row of the total `i`-th from the least, if it is shown.
    fn row_of(&self, i: usize) -> Option<usize> {
        let at = i.checked_sub(self.low)?;
        (at < self.shown).then(|| at / self.per_row)
    }

    /// The totals of row `r`, with `least` the least total.
    fn span(&self, r: usize, least: i64) -> (i64, i64) {
        let first = self.low + r * self.per_row;
        let last = (first + self.per_row).min(self.low + self.shown) - 1;
        (least + first as i64, least + last as i64)
    }
}

/// Whether a distribution of `totals` totals has its ends folded.
fn folds(totals: usize, all: bool) -> bool {
    !all && totals > FOLD_ROWS
}

impl Table {
    /// The table of a whole distribution (`all`: every total its own row,
    /// nothing folded). `None` when no outcome lies within the explosion
    /// limit.
    pub fn of(d: &Dist, all: bool) -> Option<Table> {
        let (min, max) = (d.min()?, d.max()?);
        let (mean, sd) = d.mean_sd();
        let totals = d.weights.len();
        let (low, high) = if folds(totals, all) { tails(d) } else { (0, 0) };
        let layout = Layout::new(totals, low, high, all);
        let fold = |it: &mut dyn Iterator<Item = (&i64, &BigUint)>, n: usize| {
            (n > 0).then(|| {
                let mut weight = BigUint::zero();
                let mut edge = 0;
                for (v, w) in it.take(n) {
                    weight += w;
                    edge = *v;
                }
                Fold {
                    edge,
                    totals: n,
                    weight,
                }
            })
        };
        let list: Vec<(&i64, &BigUint)> = d.weights.iter().skip(low).take(layout.shown).collect();
        let rows = list
            .chunks(layout.per_row)
            .map(|c| Row {
                first: *c[0].0,
                last: *c[c.len() - 1].0,
                weight: c.iter().map(|(_, w)| *w).sum(),
            })
            .collect();
        Some(Table {
            min,
            max,
            mean,
            sd,
            denom: d.denom.clone(),
            counted: d.weights.values().sum(),
            beyond: d.beyond.clone(),
            totals,
            low: fold(&mut d.weights.iter(), low),
            high: fold(&mut d.weights.iter().rev(), high),
            rows,
            per_row: layout.per_row,
        })
    }
}

/// A target for `prob EXPR atleast N` / `atmost N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    AtLeast(i64),
    AtMost(i64),
}

/// `prob`'s table of `r` (`all`: every total a row): streamed for many
/// dice of one kind, else from the whole distribution. `None` when no
/// outcome lies within the explosion limit.
pub fn table(r: &Roll, seconds: f64, all: bool) -> Result<Option<Table>, DiceError> {
    if !all && let Some(t) = streamed(r, seconds, Table::streamed)? {
        return Ok(Some(t));
    }
    Ok(Table::of(&super::odds::exact(r, seconds)?, all))
}

/// `answer` of `r`'s like dice after the streamed cost check, or `None`
/// where `r` is not many dice of one kind (or a total would overflow)
/// and the whole distribution answers instead.
fn streamed<T>(
    r: &Roll,
    seconds: f64,
    answer: impl FnOnce(&LikeDice) -> Res<Option<T>>,
) -> Result<Option<T>, DiceError> {
    let Some(like) = dist::like_dice(r)? else {
        return Ok(None);
    };
    let refused = |why| dist::refused(r, why);
    super::cost::check_streamed(r, seconds, like.span()).map_err(refused)?;
    answer(&like).map_err(refused)
}

/// What a sum of like dice is, before any weight: its least and most
/// totals, how many, its exact mean and deviation, the weight of every
/// outcome and the denominator.
struct Shape {
    min: i64,
    max: i64,
    totals: usize,
    mean: f64,
    sd: f64,
    counted: BigUint,
    denom: BigUint,
}

impl LikeDice {
    /// The die's highest value less its lowest: how many weights the
    /// recurrence holds at once.
    pub fn span(&self) -> u64 {
        self.values.0.abs_diff(self.values.1)
    }

    /// `None` where a total would overflow.
    fn shape(&self) -> Option<Shape> {
        let (n, (lo, hi), plus) = (self.n, self.values, self.plus);
        let d = self.span();
        let times = |v: i64| {
            i64::try_from(n)
                .ok()
                .and_then(|n| v.checked_mul(n))
                .and_then(|m| m.checked_add(plus))
        };
        let totals = usize::try_from(u128::from(d) * u128::from(n) + 1).ok()?;
        let faces = BigUint::from(d) + 1u32;
        // Exactly: a die's values lo..=hi weigh the same, so the sum's
        // mean is n (lo+hi)/2 and its variance n ((d+1)^2 - 1) / 12.
        let mean = ratio_f64(
            &(BigInt::from(n) * (BigInt::from(lo) + hi) + BigInt::from(plus) * 2),
            &BigInt::from(2),
        );
        let var = ratio_f64(
            &(BigInt::from(n) * (BigInt::from(faces.clone()).pow(2) - 1)),
            &BigInt::from(12),
        );
        Some(Shape {
            min: times(lo)?,
            max: times(hi)?,
            totals,
            mean,
            sd: var.max(0.0).sqrt(),
            counted: (&self.weight * &faces).pow(n as u32),
            denom: self.denom.pow(n as u32),
        })
    }

    /// The weights from the least total up to the `last`-th, in turn, to
    /// `each`; past the middle they mirror the ones before it, so a
    /// caller never walks further.
    fn walk(&self, last: usize, mut each: impl FnMut(usize, &BigUint)) -> Res<()> {
        // The recurrence's last d weights, oldest first: the oldest
        // leaves its sliding sums at each step.
        let window = usize::try_from(self.span()).unwrap_or(usize::MAX);
        let mut held: VecDeque<BigUint> = VecDeque::new();
        let mut slide = Sliding::new(self.n, window, self.weight.pow(self.n as u32));
        for k in 0..=last {
            if k % 1024 == 1023 {
                crate::cancel::check()?;
            }
            let leaving = if k >= window { held.pop_front() } else { None };
            let q = slide.step(k, leaving.as_ref());
            each(k, &q);
            held.push_back(q);
        }
        Ok(())
    }

    /// The weight of the totals up to the `i`-th from the least (of
    /// `totals`), walking at most to the middle.
    fn up_to(&self, shape: &Shape, i: usize) -> Res<BigUint> {
        let middle = (shape.totals - 1) / 2;
        let prefix = |last: usize| -> Res<BigUint> {
            let mut sum = BigUint::zero();
            self.walk(last, |_, q| sum += q)?;
            Ok(sum)
        };
        if i >= shape.totals - 1 {
            return Ok(shape.counted.clone());
        }
        if i <= middle {
            return prefix(i);
        }
        // Above the middle: all less the totals past i, which mirror the
        // least totals-1-i.
        Ok(&shape.counted - prefix(shape.totals - 2 - i)?)
    }

    /// The chance of reaching `target`, as `prob EXPR atleast N` reads it.
    fn reach(&self, target: Target) -> Res<Option<Reach>> {
        let Some(shape) = self.shape() else {
            return Ok(None);
        };
        // The index of a total, clamped below the least total.
        let index = |t: i64| usize::try_from(i128::from(t) - i128::from(shape.min)).ok();
        let num = match target {
            Target::AtMost(t) => match index(t) {
                None => BigUint::zero(),
                Some(i) => self.up_to(&shape, i)?,
            },
            Target::AtLeast(t) => match index(t) {
                None | Some(0) => shape.counted.clone(),
                Some(i) if i >= shape.totals => BigUint::zero(),
                Some(i) => &shape.counted - self.up_to(&shape, i - 1)?,
            },
        };
        Ok(Some(Reach {
            min: shape.min,
            max: shape.max,
            mean: shape.mean,
            sd: shape.sd,
            num,
            denom: shape.denom,
            beyond: BigUint::zero(),
        }))
    }
}

/// `prob EXPR atleast N` (or `atmost N`): the one chance, and the facts
/// of the roll its heading gives.
#[derive(Debug, Clone, PartialEq)]
pub struct Reach {
    pub min: i64,
    pub max: i64,
    pub mean: f64,
    pub sd: f64,
    pub num: BigUint,
    pub denom: BigUint,
    pub beyond: BigUint,
}

impl Reach {
    fn of(d: &Dist, target: Target) -> Option<Reach> {
        let (mean, sd) = d.mean_sd();
        let (num, denom) = match target {
            Target::AtLeast(n) => d.chance(|v| v >= n),
            Target::AtMost(n) => d.chance(|v| v <= n),
        };
        Some(Reach {
            min: d.min()?,
            max: d.max()?,
            mean,
            sd,
            num,
            denom,
            beyond: d.beyond.clone(),
        })
    }
}

/// `prob EXPR atleast N`: streamed for many dice of one kind (as their
/// table is), else from the whole distribution. `None` when no outcome
/// lies within the explosion limit.
pub fn reach(r: &Roll, seconds: f64, target: Target) -> Result<Option<Reach>, DiceError> {
    if let Some(t) = streamed(r, seconds, |like| like.reach(target))? {
        return Ok(Some(t));
    }
    Ok(Reach::of(&super::odds::exact(r, seconds)?, target))
}

impl Table {
    /// The table `Table::of` gives (nothing to `--all`) of many like
    /// dice, with only the last few weights of the recurrence held at
    /// once. `None` where a total would overflow.
    fn streamed(like: &LikeDice) -> Res<Option<Table>> {
        let Some(shape) = like.shape() else {
            return Ok(None);
        };
        let totals = shape.totals;
        let limit = &shape.denom / FOLD_SHARE;
        let fold = folds(totals, false);
        if fold && shape.counted <= &limit * 2u32 {
            // Folded ends would meet; no table of dice comes to this.
            return Ok(None);
        }
        let mut layout = (!fold).then(|| Layout::new(totals, 0, 0, false));
        let mut rows: Vec<BigUint> = match &layout {
            Some(l) => vec![BigUint::zero(); l.rows()],
            None => Vec::new(),
        };
        let mut low_weight = BigUint::zero();
        let mut running = BigUint::zero();
        like.walk((totals - 1) / 2, |k, q| {
            if layout.is_none() {
                running += q;
                if running > limit {
                    // The first total past the limit: k totals fold at
                    // each end, the weights being symmetric.
                    let l = Layout::new(totals, k, k, false);
                    rows = vec![BigUint::zero(); l.rows()];
                    layout = Some(l);
                    low_weight = &running - q;
                }
            }
            if let Some(l) = &layout {
                // The weight of total k is also that of its mirror.
                let mirror = totals - 1 - k;
                let mut credit = |i: usize| {
                    if let Some(r) = l.row_of(i) {
                        rows[r] += q;
                    }
                };
                credit(k);
                if mirror != k {
                    credit(mirror);
                }
            }
        })?;
        let Some(layout) = layout else {
            return Ok(None);
        };
        let folded = |edge: i64| {
            (layout.low > 0).then(|| Fold {
                edge,
                totals: layout.low,
                weight: low_weight.clone(),
            })
        };
        Ok(Some(Table {
            min: shape.min,
            max: shape.max,
            mean: shape.mean,
            sd: shape.sd,
            counted: shape.counted,
            beyond: BigUint::zero(),
            totals,
            low: folded(shape.min + layout.low as i64 - 1),
            high: folded(shape.max - layout.high as i64 + 1),
            rows: rows
                .into_iter()
                .enumerate()
                .map(|(r, weight)| {
                    let (first, last) = layout.span(r, shape.min);
                    Row {
                        first,
                        last,
                        weight,
                    }
                })
                .collect(),
            per_row: layout.per_row,
            denom: shape.denom,
        }))
    }
}

/// How many totals at each end hold together at most 1/2000 (0.05%) of
/// the outcomes: what is folded.
fn tails(d: &Dist) -> (usize, usize) {
    let limit = &d.denom / FOLD_SHARE;
    let count = |it: &mut dyn Iterator<Item = &BigUint>| {
        let mut sum = BigUint::zero();
        let mut n = 0;
        for w in it {
            sum += w;
            if sum > limit {
                break;
            }
            n += 1;
        }
        n
    };
    let low = count(&mut d.weights.values());
    let high = count(&mut d.weights.values().rev());
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::super::odds::distribution;
    use super::super::parse::parse;
    use super::*;

    /// The table of many like dice, streamed to the middle of the
    /// recurrence, is the table of the whole distribution: folds, rows
    /// and bars alike, with odd and even counts of totals, shared rows
    /// and none.
    #[test]
    fn streamed_table_is_the_whole_distributions() {
        for e in [
            "2d6",
            "3d6",
            "10d6",
            "13d6+2",
            "100d6",
            "101d6",
            "5d20",
            "40d20-7",
            "d6+d6",
            "30d6+30d6",
            "-40d6",
            "25dF",
            "80dF+1",
            "30d6rr1",
            "200d10",
            "2d1000",
            "3d1000",
            "7d100",
            "400d4",
        ] {
            let r = parse(e).unwrap();
            let whole = Table::of(&distribution(&r).unwrap(), false).unwrap();
            let like = dist::like_dice(&r).unwrap().expect(e);
            let streamed = Table::streamed(&like).unwrap().expect(e);
            let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(1.0);
            assert!(close(streamed.mean, whole.mean), "{e}: mean");
            assert!(close(streamed.sd, whole.sd), "{e}: sd");
            let plain = |t: Table| Table {
                mean: 0.0,
                sd: 0.0,
                ..t
            };
            assert_eq!(plain(streamed), plain(whole), "{e}");
        }
        for e in [
            "1d6",
            "3d6kh2",
            "3d6!",
            "2d6+1d8",
            "2d6-2d6",
            "4d{1,3,5}",
            "3d6mi2",
        ] {
            let r = parse(e).unwrap();
            assert!(dist::like_dice(&r).unwrap().is_none(), "{e}");
        }
    }

    /// A chance of reaching a total, streamed to at most the middle of
    /// the recurrence, is the whole distribution's: below the least
    /// total, at it, either side of the middle, at the most and past it.
    #[test]
    fn streamed_chances_are_the_whole_distributions() {
        for e in ["2d6", "3d6", "10d6+2", "25dF", "-7d10", "30d6rr1", "3d1000"] {
            let r = parse(e).unwrap();
            let d = distribution(&r).unwrap();
            let like = dist::like_dice(&r).unwrap().expect(e);
            let (lo, hi) = (d.min().unwrap(), d.max().unwrap());
            let mid = (lo + hi) / 2;
            for t in [
                lo - 5,
                lo,
                lo + 1,
                mid - 1,
                mid,
                mid + 1,
                hi - 1,
                hi,
                hi + 3,
            ] {
                for target in [Target::AtLeast(t), Target::AtMost(t)] {
                    let streamed = like.reach(target).unwrap().expect(e);
                    let whole = Reach::of(&d, target).unwrap();
                    assert_eq!(
                        (&streamed.num, &streamed.denom, streamed.min, streamed.max),
                        (&whole.num, &whole.denom, whole.min, whole.max),
                        "{e} {target:?}"
                    );
                }
            }
        }
    }
}
