//! Rolling a parsed expression with the session's generator.
//!
//! Per die, in order: reroll (`rr`/`ro`), explode, clamp (`mi`/`ma`). An
//! exploding die's extra rolls add to that same die (it "compounds"), so
//! keep/drop then ranks whole dice; this matches what `prob` computes.
//! Keep/drop steps apply in the order written, each to the dice still kept.
//!
//! The faces come from a `Source`: the session's generator, or the faces
//! the table's own dice showed (`dice::given`). The same code reads both,
//! so a roll typed from real dice is worked out exactly as tablemate's.

use super::parse::{
    Dice, DiceError, Expr, Faces, Func, MAX_EXPLOSIONS, Op, Pick, Roll, Sel, dropped_by_count,
    floor_div,
};
use crate::random::TableRng;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Die {
    /// The die's value after rerolls, explosions and clamping.
    pub value: i64,
    /// Faces rolled and then rerolled away, in order.
    pub rerolled: Vec<i64>,
    /// The face rolled (after any reroll).
    pub first: i64,
    /// Extra faces added by explosions, in order (usually none).
    pub exploded: Vec<i64>,
    /// The value before `mi`/`ma` changed it.
    pub clamped_from: Option<i64>,
    pub kept: bool,
    /// With `!`, this die exploded: the next die is its extra roll.
    pub burst: bool,
    /// With `ra`, the die one that matched brought (shown `+4`).
    pub added: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermRoll {
    pub dice: Vec<Die>,
    pub total: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Outcome {
    pub terms: Vec<TermRoll>,
    pub total: i64,
    /// The right side of a comparison, when the roll has one.
    pub right: Option<i64>,
}

/// Which draw a face is for: the die (its term, and its place among the
/// term's dice; `ra`'s added die comes after them) and the draw of that
/// die (0 the face rolled, then each reroll or explosion in turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct At {
    pub term: usize,
    pub die: u64,
    pub draw: u32,
}

/// Why a die is rolled: what a table is told when it must roll one more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// One of the dice written.
    Rolled,
    /// The face before it is rolled again (`rr`, `ro`).
    Rerolled(i64),
    /// The face before it explodes (`!`, `!!`, `!p`).
    Exploded(i64),
    /// The face before it is shown by an earlier die already (`u`).
    Repeated(i64),
    /// A die showing this face brings one more (`ra`).
    Added(i64),
}

/// Where a roll's faces come from.
pub trait Source {
    /// The face of the die `at`, one of `faces`.
    fn face(&mut self, faces: &Faces, at: At, why: Why) -> i64;
    /// Whether the die `at` has no face for its last draw: its rolls stop
    /// there (the faces typed ran out; the generator never does).
    fn short(&self, _at: At) -> bool {
        false
    }
    /// A face `sel` does not match, drawn directly where rerolling has
    /// run long: only a generator can (the table's dice are read as they
    /// fell, however many rerolls).
    fn not_matching(&mut self, _faces: &Faces, _sel: Sel) -> Option<i64> {
        None
    }
    /// A face no die before it shows, drawn directly (`u`, as above).
    fn free_face(&mut self, _free: &[i64]) -> Option<i64> {
        None
    }
}

impl Source for TableRng {
    #[inline(always)]
    fn face(&mut self, faces: &Faces, _: At, _: Why) -> i64 {
        face(self, faces)
    }

    fn not_matching(&mut self, faces: &Faces, sel: Sel) -> Option<i64> {
        Some(face_not_matching(self, faces, sel))
    }

    fn free_face(&mut self, free: &[i64]) -> Option<i64> {
        Some(free[self.below(free.len() as u64) as usize])
    }
}

#[inline(always)]
fn face(rng: &mut TableRng, faces: &Faces) -> i64 {
    faces.side(rng.below(faces.count()))
}

/// A face that `sel` does not match, uniformly: what rerolling until it no
/// longer matches gives, drawn directly once the loop has run long.
fn face_not_matching(rng: &mut TableRng, faces: &Faces, sel: Sel) -> i64 {
    let free = faces.count() - sel.matching(faces);
    let mut k = rng.below(free);
    for v in faces.values() {
        if !sel.matches(v) {
            if k == 0 {
                return v;
            }
            k -= 1;
        }
    }
    unreachable!("parse refuses rr that matches every face")
}

#[inline(always)]
fn roll_die<S: Source>(
    rng: &mut S,
    d: &Dice,
    source: &str,
    mut at: At,
    why: Why,
) -> Result<Die, DiceError> {
    let m = &d.mods;
    let mut first = rng.face(&d.faces, at, why);
    let mut rerolled = Vec::new();
    if let Some(sel) = m.reroll {
        if m.reroll_once {
            if sel.matches(first) && !rng.short(at) {
                rerolled.push(first);
                at.draw += 1;
                first = rng.face(&d.faces, at, Why::Rerolled(first));
            }
        } else {
            while sel.matches(first) && !rng.short(at) {
                rerolled.push(first);
                if rerolled.len() >= 20
                    && let Some(f) = rng.not_matching(&d.faces, sel)
                {
                    first = f;
                    break;
                }
                at.draw += 1;
                first = rng.face(&d.faces, at, Why::Rerolled(first));
            }
        }
    }
    let mut exploded = Vec::new();
    if let Some(sel) = m.explode {
        while sel.matches(*exploded.last().unwrap_or(&first)) && !rng.short(at) {
            if exploded.len() >= MAX_EXPLOSIONS as usize {
                return Err(DiceError {
                    input: source.to_string(),
                    pos: None,
                    message: format!(
                        "a die exploded more than {MAX_EXPLOSIONS} times; the roll is refused"
                    ),
                });
            }
            at.draw += 1;
            let before = *exploded.last().unwrap_or(&first);
            exploded.push(rng.face(&d.faces, at, Why::Exploded(before)));
        }
    }
    let pen = i64::from(m.penetrate);
    let raw: i64 = first + exploded.iter().map(|e| e - pen).sum::<i64>();
    let value = clamp(m, raw);
    Ok(Die {
        value,
        rerolled,
        first,
        exploded,
        clamped_from: (value != raw).then_some(raw),
        kept: true,
        burst: false,
        added: false,
    })
}

fn clamp(m: &super::parse::Mods, v: i64) -> i64 {
    let v = m.min.map_or(v, |lo| v.max(lo));
    m.max.map_or(v, |hi| v.min(hi))
}

/// With `!` (not `!!`), a die that exploded and its extra rolls as dice
/// of their own, each clamped on its own; each extra roll one less with
/// `!p`. Pushed onto `out`.
fn push_die(out: &mut Vec<Die>, die: Die, m: &super::parse::Mods) {
    if m.compound || die.exploded.is_empty() {
        out.push(die);
        return;
    }
    let pen = i64::from(m.penetrate);
    // An extra roll shows what it counts (one less with `!p`).
    let faces: Vec<(i64, i64)> = std::iter::once((die.first, die.first))
        .chain(die.exploded.iter().map(|&e| (e - pen, e - pen)))
        .collect();
    let last = faces.len() - 1;
    for (i, (face, raw)) in faces.into_iter().enumerate() {
        let value = clamp(m, raw);
        out.push(Die {
            value,
            rerolled: if i == 0 {
                die.rerolled.clone()
            } else {
                Vec::new()
            },
            first: face,
            exploded: Vec::new(),
            clamped_from: (value != raw).then_some(raw),
            kept: true,
            burst: i < last,
            added: false,
        });
    }
}

/// `ra`: the first die that matches brings one more, once. Never
/// inlined, and `roll_die` always: with a second copy of `roll_die` in
/// `roll_into`, the compiler stopped inlining it into the plain dice loop
/// and 100000x8d10 took a third longer (measured; now about a sixth).
#[inline(never)]
fn reroll_add<S: Source>(
    rng: &mut S,
    d: &Dice,
    sel: Sel,
    source: &str,
    term: usize,
    dice: &mut Vec<Die>,
) -> Result<(), DiceError> {
    if let Some(x) = dice.iter().find(|x| sel.matches(x.value)) {
        let from = dice.len();
        let at = At {
            term,
            die: d.count,
            draw: 0,
        };
        let die = roll_die(rng, d, source, at, Why::Added(x.value))?;
        push_die(dice, die, &d.mods);
        dice[from].added = true;
    }
    Ok(())
}

/// `u`: each die rolled again while it shows a face an earlier die
/// shows (the parser saw to it that they can all differ). Past 20 tries
/// a die is drawn straight from the faces still free: the same chance for
/// each, where the last of 10000d10000u would take thousands of tries.
fn roll_unique<S: Source>(rng: &mut S, d: &Dice, term: usize, out: &mut Vec<Die>) {
    let mut used = std::collections::HashSet::new();
    for die in 0..d.count {
        let mut at = At { term, die, draw: 0 };
        let mut first = rng.face(&d.faces, at, Why::Rolled);
        let mut rerolled = Vec::new();
        while used.contains(&first) && !rng.short(at) {
            rerolled.push(first);
            if rerolled.len() >= 20 {
                let free: Vec<i64> = d.faces.values().filter(|v| !used.contains(v)).collect();
                if let Some(f) = rng.free_face(&free) {
                    first = f;
                    break;
                }
            }
            at.draw += 1;
            first = rng.face(&d.faces, at, Why::Repeated(first));
        }
        used.insert(first);
        out.push(Die {
            value: first,
            rerolled,
            first,
            exploded: Vec::new(),
            clamped_from: None,
            kept: true,
            burst: false,
            added: false,
        });
    }
}

/// Apply keep/drop steps, in order, to the dice still kept.
pub fn apply_picks(dice: &mut [Die], picks: &[Pick]) {
    for pick in picks {
        let mut kept: Vec<usize> = (0..dice.len()).filter(|&i| dice[i].kept).collect();
        // Highest first; ties broken by position so results are stable.
        kept.sort_by(|&a, &b| dice[b].value.cmp(&dice[a].value).then(a.cmp(&b)));
        let drop: Vec<usize> = match *pick {
            Pick::Keep(sel) => kept
                .into_iter()
                .filter(|&i| !sel.matches(dice[i].value))
                .collect(),
            Pick::Drop(sel) => kept
                .into_iter()
                .filter(|&i| sel.matches(dice[i].value))
                .collect(),
            by_count => dropped_by_count(by_count, &kept).expect("a step by count"),
        };
        for i in drop {
            dice[i].kept = false;
        }
    }
}

fn too_large(roll: &Roll) -> DiceError {
    DiceError {
        input: roll.source.clone(),
        pos: None,
        message: "a number in the result is too large".into(),
    }
}

pub fn eval(expr: &Expr, term: &dyn Fn(usize) -> i64) -> Result<i64, &'static str> {
    Ok(match expr {
        Expr::Num(n) => *n,
        Expr::Dice(i) => term(*i),
        Expr::Neg(x) => eval(x, term)?.checked_neg().ok_or("too large")?,
        Expr::Group(x) => eval(x, term)?,
        Expr::Bin(op, a, b) => {
            let (a, b) = (eval(a, term)?, eval(b, term)?);
            match op {
                Op::Add => a.checked_add(b).ok_or("too large")?,
                Op::Sub => a.checked_sub(b).ok_or("too large")?,
                Op::Mul => a.checked_mul(b).ok_or("too large")?,
                Op::Div | Op::Mod if b == 0 => return Err("division by zero"),
                Op::Div => floor_div(a, b).ok_or("too large")?,
                Op::Mod => a.checked_rem(b).ok_or("too large")?,
            }
        }
        Expr::Pool(items, mods) => {
            let values = items
                .iter()
                .map(|x| eval(x, term))
                .collect::<Result<Vec<_>, _>>()?;
            mods.value(&values).ok_or("too large")?
        }
        Expr::Call(f, args) => match (f, args.as_slice()) {
            // floor(a / b) rounds the true quotient, once.
            (f, [Expr::Bin(Op::Div, a, b)]) if f.rounds() => {
                let (a, b) = (eval(a, term)?, eval(b, term)?);
                if b == 0 {
                    return Err("division by zero");
                }
                f.quotient(a, b).ok_or("too large")?
            }
            (f, [x]) if f.rounds() => eval(x, term)?,
            (Func::Abs, [x]) => eval(x, term)?.checked_abs().ok_or("too large")?,
            (Func::Min, _) => fold(args, term, i64::min)?,
            _ => fold(args, term, i64::max)?,
        },
    })
}

fn fold(
    args: &[Expr],
    term: &dyn Fn(usize) -> i64,
    f: fn(i64, i64) -> i64,
) -> Result<i64, &'static str> {
    let mut values = args.iter().map(|a| eval(a, term));
    let first = values.next().expect("two or more arguments")?;
    values.try_fold(first, |acc, v| Ok(f(acc, v?)))
}

/// Roll every dice term once and work out the total.
pub fn roll<S: Source>(r: &Roll, rng: &mut S) -> Result<Outcome, DiceError> {
    let mut o = Outcome::default();
    roll_into(r, rng, &mut o)?;
    Ok(o)
}

/// `roll`, reusing `o`'s storage (for many repeats).
pub fn roll_into<S: Source>(r: &Roll, rng: &mut S, o: &mut Outcome) -> Result<(), DiceError> {
    o.terms.resize_with(r.dice.len(), || TermRoll {
        dice: Vec::new(),
        total: 0,
    });
    for (term, (d, t)) in r.dice.iter().zip(o.terms.iter_mut()).enumerate() {
        t.dice.clear();
        if d.mods.unique {
            roll_unique(rng, d, term, &mut t.dice);
        } else {
            for die in 0..d.count {
                let at = At { term, die, draw: 0 };
                let die = roll_die(rng, d, &r.source, at, Why::Rolled)?;
                push_die(&mut t.dice, die, &d.mods);
            }
        }
    }
    // `ra` once every term is rolled, so the loop above stays as plain
    // as it was (see `reroll_add`).
    if r.dice.iter().any(|d| d.mods.reroll_add.is_some()) {
        for (term, (d, t)) in r.dice.iter().zip(o.terms.iter_mut()).enumerate() {
            if let Some(sel) = d.mods.reroll_add {
                reroll_add(rng, d, sel, &r.source, term, &mut t.dice)?;
            }
        }
    }
    for (d, t) in r.dice.iter().zip(o.terms.iter_mut()) {
        apply_picks(&mut t.dice, &d.mods.picks);
        t.total = t
            .dice
            .iter()
            .filter(|x| x.kept)
            .try_fold(0i64, |acc, x| acc.checked_add(d.mods.worth(x.value)))
            .ok_or_else(|| too_large(r))?;
    }
    let terms = &o.terms;
    let fail = |why: &str| DiceError {
        input: r.source.clone(),
        pos: None,
        message: if why == "division by zero" {
            "division by zero in this roll".into()
        } else {
            "a number in the result is too large".into()
        },
    };
    o.total = eval(&r.expr, &|i| terms[i].total).map_err(fail)?;
    o.right = match &r.compare {
        Some((_, right)) => Some(eval(right, &|i| terms[i].total).map_err(fail)?),
        None => None,
    };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse;
    use super::*;

    fn die(v: i64) -> Die {
        Die {
            value: v,
            rerolled: vec![],
            first: v,
            exploded: vec![],
            clamped_from: None,
            kept: true,
            burst: false,
            added: false,
        }
    }

    fn kept_after(values: &[i64], picks: &[Pick]) -> Vec<i64> {
        let mut d: Vec<Die> = values.iter().map(|&v| die(v)).collect();
        apply_picks(&mut d, picks);
        d.iter().filter(|d| d.kept).map(|d| d.value).collect()
    }

    #[test]
    fn keep_and_drop_by_hand() {
        assert_eq!(
            kept_after(&[2, 6, 4, 5], &[Pick::KeepHigh(3)]),
            vec![6, 4, 5]
        );
        assert_eq!(
            kept_after(&[2, 6, 4, 5], &[Pick::DropLow(1)]),
            vec![6, 4, 5]
        );
        assert_eq!(kept_after(&[17, 3], &[Pick::KeepLow(1)]), vec![3]);
        assert_eq!(
            kept_after(&[1, 6, 6, 2], &[Pick::DropHigh(1)]),
            vec![1, 6, 2]
        );
        assert_eq!(
            kept_after(&[1, 5, 3, 6], &[Pick::Keep(Sel::Gt(3))]),
            vec![5, 6]
        );
        assert_eq!(
            kept_after(&[1, 5, 3, 6], &[Pick::Drop(Sel::Lt(4))]),
            vec![5, 6]
        );
        assert_eq!(
            kept_after(&[3, 5, 3], &[Pick::Keep(Sel::Eq(3))]),
            vec![3, 3]
        );
        assert_eq!(
            kept_after(&[1, 2, 3, 4, 5], &[Pick::KeepHigh(4), Pick::DropHigh(1)]),
            vec![2, 3, 4]
        );
    }

    #[test]
    fn arithmetic_rounds_down() {
        assert_eq!(floor_div(7, 2), Some(3));
        assert_eq!(floor_div(-7, 2), Some(-4));
        assert_eq!(floor_div(7, -2), Some(-4));
        assert_eq!(floor_div(1, 0), None);
        let r = parse("(10 - 3) * 2 / 4 + -1").unwrap();
        assert_eq!(eval(&r.expr, &|_| 0), Ok(2));
    }

    #[test]
    fn rolls_respect_mods() {
        let mut rng = TableRng::new(11);
        for _ in 0..500 {
            let o = roll(&parse("1d10rr<3").unwrap(), &mut rng).unwrap();
            assert!(o.total >= 3);
            let o = roll(&parse("2d6mi3ma5").unwrap(), &mut rng).unwrap();
            assert!((6..=10).contains(&o.total));
            let o = roll(&parse("1d6!!").unwrap(), &mut rng).unwrap();
            let d = &o.terms[0].dice[0];
            let chain: Vec<i64> = std::iter::once(d.first).chain(d.exploded.clone()).collect();
            assert!(chain[..chain.len() - 1].iter().all(|&v| v == 6));
            assert_ne!(*chain.last().unwrap(), 6);
            // `!`: the same chain as dice of their own, each but the last
            // a 6 marked as having exploded.
            let o = roll(&parse("1d6!").unwrap(), &mut rng).unwrap();
            let dice = &o.terms[0].dice;
            let (last, rest) = dice.split_last().unwrap();
            assert!(rest.iter().all(|d| d.value == 6 && d.burst));
            assert!(last.value != 6 && !last.burst);
            let o = roll(&parse("3pp").unwrap(), &mut rng).unwrap();
            assert!((0..=15).contains(&o.total));
            let o = roll(&parse("4dF").unwrap(), &mut rng).unwrap();
            assert!((-4..=4).contains(&o.total));
        }
    }

    #[test]
    fn division_by_zero_is_an_error() {
        let mut rng = TableRng::new(1);
        let e = roll(&parse("1d6/(1d1-1)").unwrap(), &mut rng).unwrap_err();
        assert_eq!(e.message, "division by zero in this roll");
    }
}
