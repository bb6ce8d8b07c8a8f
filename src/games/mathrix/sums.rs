//! Mathrix's arithmetic, free of I/O: the operators a table allows, what
//! a string of coin values can be made to say, and the equations players
//! write (`2+3=5`).
//!
//! Our reading (the text leaves the operators open): between the values
//! go operators of the set allowed and exactly one `=`; the usual order
//! holds (x and / before + and -, each left to right), with no brackets;
//! every division must come out whole as it is worked; no digits are run
//! together (2 and 3 are never 23) and nothing is put before a value
//! (no minus sign, no root: unary functions would make every coin
//! removable, as the text's own discussion shows).

use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::games::error::Misread;

/// One operator between two values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

impl Op {
    pub const ALL: [Op; 4] = [Op::Add, Op::Sub, Op::Mul, Op::Div];

    pub fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '-',
            Op::Mul => 'x',
            Op::Div => '/',
        }
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }

    /// `+`, `-`, `x` (or `*`, `×`), `/` (or `÷`; `:`).
    pub fn of(c: char) -> Option<Op> {
        match c {
            '+' => Some(Op::Add),
            '-' | '−' => Some(Op::Sub),
            'x' | 'X' | '*' | '×' => Some(Op::Mul),
            '/' | '÷' | ':' => Some(Op::Div),
            _ => None,
        }
    }
}

/// The operators a game allows (`ops=+-x/`, the default all four).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ops(u8);

impl Ops {
    pub const ALL: Ops = Ops(0b1111);

    pub fn has(self, op: Op) -> bool {
        self.0 & op.bit() != 0
    }

    pub fn list(self) -> Vec<Op> {
        Op::ALL.into_iter().filter(|&o| self.has(o)).collect()
    }

    /// `+-x/`, `+-`, `+ - * /`: each operator once, at least one.
    pub fn parse(text: &str) -> Result<Ops, Misread> {
        let mut bits = 0u8;
        for c in text.chars().filter(|c| !c.is_whitespace() && *c != ',') {
            let op = Op::of(c).ok_or_else(|| {
                format!("'{c}' in ops={text} is not an operator: expected some of + - x /")
            })?;
            if bits & op.bit() != 0 {
                return Err(format!("ops={text} names {} twice", op.symbol()).into());
            }
            bits |= op.bit();
        }
        if bits == 0 {
            return Err(format!(
                "ops={text} names no operator: expected some of + - x / (like ops=+-)"
            )
            .into());
        }
        Ok(Ops(bits))
    }
}

impl fmt::Display for Ops {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for o in self.list() {
            write!(f, "{}", o.symbol())?;
        }
        Ok(())
    }
}

impl Serialize for Ops {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Ops {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Ops, D::Error> {
        let s = String::deserialize(d)?;
        Ops::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// Why an expression has no value: a division that is not whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotWhole {
    pub a: i64,
    pub b: i64,
}

impl fmt::Display for NotWhole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.b == 0 {
            write!(f, "{} / 0 divides by nothing", self.a)
        } else {
            write!(
                f,
                "{} / {} is not a whole number (every division must come out whole)",
                self.a, self.b
            )
        }
    }
}

/// The value of `values` with `ops` between them (one fewer), in the
/// usual order: x and / first, left to right, then + and -.
pub fn value(values: &[u8], ops: &[Op]) -> Result<i64, NotWhole> {
    debug_assert_eq!(values.len(), ops.len() + 1);
    let mut sum = 0i64;
    let mut sign = 1i64;
    let mut term = i64::from(values[0]);
    for (&op, &v) in ops.iter().zip(&values[1..]) {
        let v = i64::from(v);
        match op {
            Op::Mul => term *= v,
            Op::Div => {
                if v == 0 || term % v != 0 {
                    return Err(NotWhole { a: term, b: v });
                }
                term /= v;
            }
            Op::Add | Op::Sub => {
                sum += sign * term;
                sign = if op == Op::Add { 1 } else { -1 };
                term = v;
            }
        }
    }
    Ok(sum + sign * term)
}

/// Every value `values` can be made to show with operators of `ops`
/// between them, sorted, each once. At most five values (a side of an
/// equation of six coins), so at most 256 ways.
pub fn makes(values: &[u8], ops: Ops) -> Vec<i64> {
    let list = ops.list();
    let gaps = values.len() - 1;
    let ways = list.len().pow(gaps as u32);
    let mut out = Vec::with_capacity(ways);
    let mut chosen = vec![Op::Add; gaps];
    for mut w in 0..ways {
        for c in chosen.iter_mut() {
            *c = list[w % list.len()];
            w /= list.len();
        }
        if let Ok(v) = value(values, &chosen) {
            out.push(v);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// An equation that `values` (two or more, read in this order) can make:
/// where the `=` goes and the operators either side, or `None`.
pub fn equation(values: &[u8], ops: Ops) -> Option<Equation> {
    for split in 1..values.len() {
        let (l, r) = values.split_at(split);
        let left = makes(l, ops);
        let right = makes(r, ops);
        let Some(&v) = left.iter().find(|v| right.binary_search(v).is_ok()) else {
            continue;
        };
        return Some(Equation {
            values: values.to_vec(),
            split,
            ops: [ops_making(l, ops, v), ops_making(r, ops, v)].concat(),
        });
    }
    None
}

/// Operators of `ops` with which `values` make `v` (one of `makes`).
fn ops_making(values: &[u8], ops: Ops, v: i64) -> Vec<Op> {
    let list = ops.list();
    let gaps = values.len() - 1;
    let mut chosen = vec![Op::Add; gaps];
    for mut w in 0..list.len().pow(gaps as u32) {
        for c in chosen.iter_mut() {
            *c = list[w % list.len()];
            w /= list.len();
        }
        if value(values, &chosen) == Ok(v) {
            return chosen;
        }
    }
    unreachable!("{v} is among what {values:?} makes")
}

/// An equation of coin values: the values in the order read, where the
/// `=` stands (after `split` values) and the operators between the rest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Equation {
    pub values: Vec<u8>,
    pub split: usize,
    /// `values.len() - 2` operators: the left side's, then the right's.
    pub ops: Vec<Op>,
}

impl Equation {
    pub fn left(&self) -> (&[u8], &[Op]) {
        (&self.values[..self.split], &self.ops[..self.split - 1])
    }

    pub fn right(&self) -> (&[u8], &[Op]) {
        (&self.values[self.split..], &self.ops[self.split - 1..])
    }

    /// Whether it is true with only `allowed` operators, or why not.
    pub fn check(&self, allowed: Ops) -> Result<(), Misread> {
        if let Some(op) = self.ops.iter().find(|&&o| !allowed.has(o)) {
            return Err(format!(
                "{self} uses {}, and this game allows only {allowed}",
                op.symbol()
            )
            .into());
        }
        let (lv, lo) = self.left();
        let (rv, ro) = self.right();
        let l = value(lv, lo).map_err(|e| Misread(format!("{self}: {e}")))?;
        let r = value(rv, ro).map_err(|e| Misread(format!("{self}: {e}")))?;
        if l != r {
            let side = |v: &[u8], o: &[Op], x: i64| {
                if v.len() == 1 {
                    format!("{x}")
                } else {
                    format!("{} makes {x}", written(v, o))
                }
            };
            return Err(format!(
                "{self} is not true: {} and {}",
                side(lv, lo, l),
                side(rv, ro, r)
            )
            .into());
        }
        Ok(())
    }

    /// Read as a player writes it: single digits 0 to 5 (`n` null and
    /// `a` ace too), operators between them, exactly one `=`; spaces
    /// anywhere.
    pub fn parse(text: &str) -> Result<Equation, Misread> {
        let mut values = Vec::new();
        let mut ops = Vec::new();
        let mut split = None;
        let mut want_value = true;
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            if want_value {
                let v = match c {
                    '0'..='5' => c as u8 - b'0',
                    'n' | 'N' => 0,
                    'a' | 'A' => 1,
                    '6'..='9' => {
                        return Err(format!(
                            "'{text}': {c} is no coin's value (the coins show 0 to 5)"
                        )
                        .into());
                    }
                    _ => {
                        return Err(format!(
                            "'{text}': expected a coin's value (0 to 5) where '{c}' stands"
                        )
                        .into());
                    }
                };
                values.push(v);
                want_value = false;
            } else if c == '=' {
                if split.is_some() {
                    return Err(format!("'{text}' has two '=': an equation has exactly one").into());
                }
                split = Some(values.len());
                want_value = true;
            } else if let Some(op) = Op::of(c) {
                ops.push(op);
                want_value = true;
            } else if c.is_ascii_digit() {
                return Err(format!(
                    "'{text}': values are single coins, never run together (no {}{c})",
                    values.last().copied().unwrap_or_default()
                )
                .into());
            } else {
                return Err(
                    format!("'{text}': '{c}' is not an operator: expected + - x / or =").into(),
                );
            }
        }
        if want_value {
            return Err(format!("'{text}' ends without a value after its last sign").into());
        }
        // A string is at most a rank of six coins; a longer equation is
        // no string's (and would not be worked out at all).
        if values.len() > 6 {
            return Err(format!(
                "'{text}' has {} values: a string of coins has at most 6",
                values.len()
            )
            .into());
        }
        let split = split.ok_or_else(|| {
            format!("'{text}' has no '=': an equation has exactly one (like 2+3=5)")
        })?;
        Ok(Equation { values, split, ops })
    }
}

/// Values with operators between them: `2+3x4`.
fn written(values: &[u8], ops: &[Op]) -> String {
    let mut s = values[0].to_string();
    for (o, v) in ops.iter().zip(&values[1..]) {
        s.push(o.symbol());
        s.push_str(&v.to_string());
    }
    s
}

impl fmt::Display for Equation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lv, lo) = self.left();
        let (rv, ro) = self.right();
        write!(f, "{}={}", written(lv, lo), written(rv, ro))
    }
}

impl TryFrom<String> for Equation {
    type Error = Misread;
    fn try_from(s: String) -> Result<Equation, Misread> {
        Equation::parse(&s)
    }
}

impl From<Equation> for String {
    fn from(e: Equation) -> String {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(s: &str) -> Ops {
        Ops::parse(s).unwrap()
    }

    #[test]
    fn the_usual_order_and_whole_divisions() {
        let v = |vals: &[u8], o: &str| {
            let o: Vec<Op> = o.chars().map(|c| Op::of(c).unwrap()).collect();
            value(vals, &o)
        };
        assert_eq!(v(&[2, 3, 4], "+x"), Ok(14));
        assert_eq!(v(&[2, 3, 4], "x+"), Ok(10));
        assert_eq!(v(&[2, 5, 4], "-+"), Ok(1));
        assert_eq!(v(&[5, 2, 3], "--"), Ok(0));
        assert_eq!(v(&[4, 2, 2], "//"), Ok(1));
        assert_eq!(v(&[5, 2], "/"), Err(NotWhole { a: 5, b: 2 }));
        assert_eq!(v(&[3, 0], "/"), Err(NotWhole { a: 3, b: 0 }));
        // Left to right: 4/2x3 is 6, and 3/2x4 is refused at 3/2.
        assert_eq!(v(&[4, 2, 3], "/x"), Ok(6));
        assert!(v(&[3, 2, 4], "/x").is_err());
        assert_eq!(v(&[7], ""), Ok(7));
    }

    #[test]
    fn what_strings_make_by_hand() {
        assert_eq!(makes(&[2, 3], Ops::ALL), vec![-1, 5, 6]);
        assert_eq!(makes(&[4, 2], Ops::ALL), vec![2, 6, 8]);
        assert_eq!(makes(&[0, 0], Ops::ALL), vec![0]);
        assert_eq!(makes(&[2, 3], ops("+-")), vec![-1, 5]);
        // The text's example, read down-up from d2: 2 + 2 = 4.
        let e = equation(&[2, 2, 4], Ops::ALL).unwrap();
        assert_eq!(e.to_string(), "2+2=4");
        // Two equal coins are an equation with no operator.
        assert_eq!(equation(&[3, 3], Ops::ALL).unwrap().to_string(), "3=3");
        assert_eq!(equation(&[3, 4], Ops::ALL), None);
        // No digits run together: 1 2 3 is 1+2=3, never 12=3x4.
        assert_eq!(equation(&[5, 3, 1], Ops::ALL), None);
        assert_eq!(equation(&[5, 3, 2], Ops::ALL).unwrap().to_string(), "5=3+2");
        assert_eq!(equation(&[5, 3, 2], ops("-")).unwrap().to_string(), "5-3=2");
        assert_eq!(equation(&[1, 1, 5], Ops::ALL), None);
        assert_eq!(equation(&[0, 4, 0], ops("x")).unwrap().to_string(), "0=4x0");
    }

    #[test]
    fn equations_as_written_and_refused() {
        let e = Equation::parse("2 + 3 = 5").unwrap();
        assert_eq!((e.values.clone(), e.split), (vec![2, 3, 5], 2));
        assert_eq!(e.check(Ops::ALL), Ok(()));
        assert_eq!(Equation::parse("a+a=2").unwrap().to_string(), "1+1=2");
        assert_eq!(Equation::parse("4=2*2").unwrap().to_string(), "4=2x2");
        let no = |s: &str| Equation::parse(s).unwrap_err().to_string();
        assert_eq!(
            no("2+3"),
            "'2+3' has no '=': an equation has exactly one (like 2+3=5)"
        );
        assert_eq!(
            no("2=2=2"),
            "'2=2=2' has two '=': an equation has exactly one"
        );
        assert_eq!(
            no("12=3x4"),
            "'12=3x4': values are single coins, never run together (no 12)"
        );
        assert_eq!(
            no("2+7=9"),
            "'2+7=9': 7 is no coin's value (the coins show 0 to 5)"
        );
        assert_eq!(
            no("2+=4"),
            "'2+=4': expected a coin's value (0 to 5) where '=' stands"
        );
        assert_eq!(
            no("-2+4=2"),
            "'-2+4=2': expected a coin's value (0 to 5) where '-' stands"
        );
        assert_eq!(
            no("2^2=4"),
            "'2^2=4': '^' is not an operator: expected + - x / or ="
        );
        assert_eq!(
            no("2+2="),
            "'2+2=' ends without a value after its last sign"
        );
        let wrong = |s: &str, o: &str| {
            let e = Equation::parse(s).unwrap();
            e.check(ops(o)).unwrap_err().to_string()
        };
        assert_eq!(
            wrong("2+3=4", "+-x/"),
            "2+3=4 is not true: 2+3 makes 5 and 4"
        );
        assert_eq!(
            wrong("5/2=2", "+-x/"),
            "5/2=2: 5 / 2 is not a whole number (every division must come out whole)"
        );
        assert_eq!(
            wrong("2x2=4", "+-"),
            "2x2=4 uses x, and this game allows only +-"
        );
    }

    #[test]
    fn op_sets_are_read_and_refused() {
        assert_eq!(ops("+-x/"), Ops::ALL);
        assert_eq!(ops("/ * - +"), Ops::ALL);
        assert_eq!(ops("+").to_string(), "+");
        assert_eq!(
            Ops::parse("+^").unwrap_err().to_string(),
            "'^' in ops=+^ is not an operator: expected some of + - x /"
        );
        assert_eq!(
            Ops::parse("++").unwrap_err().to_string(),
            "ops=++ names + twice"
        );
        assert!(Ops::parse("").is_err());
    }
}
