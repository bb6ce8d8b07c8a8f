//! The score sheet's formula language: small, exact and safe.
//!
//! Whole numbers only (no fractions, no floating point), every operation
//! checked so that nothing overflows, no loops, no recursion a formula
//! can ask for, no way to name anything but the sheet's categories. A
//! division must say how it rounds (`floor(a / b)`, `ceil`, `round`,
//! `trunc`), because "divide by two" means different things at
//! different tables. What a formula is:
//!
//! ```text
//! 12   -3   ones   it            numbers, a category's score, the entry
//! a + b   a - b   a * b   a ^ 2  (a power's exponent is a number 0-9)
//! floor(a / b)  ceil(a / b)  round(a / b)  trunc(a / b)
//! a == b  a != b  a < b  a <= b  a > b  a >= b   (1 or 0)
//! a and b   a or b   not a                        (0 is no, else yes)
//! if(test, then, else)   min(a, b, ...)   max(a, b, ...)   abs(a)
//! sets(a, b, c)          how many whole sets: the fewest of them
//! sum(list)  count(list)  count(list, 5)  min(list)  max(list)
//! kinds(list)  same(list)  face(list)     different values; most alike;
//!                                         the value most show (highest)
//! lookup(n, {1: 1, 2: 3, 3: 6, 4: 10, 5+: 15, else: 0})  (a list too)
//! most(cards)  least(cards)   1 for the one player strictly ahead
//! ```

use std::fmt;

/// The longest formula, in characters.
pub const LONGEST: usize = 1_000;
/// How deep brackets and calls nest.
const DEEPEST: usize = 32;
/// The largest exponent.
const LARGEST_POWER: u32 = 9;

/// What a formula's value is: a whole number or a list of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Number,
    List,
}

/// A value as a formula works it out (and an entry as a pad keeps it).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Value {
    Number(i64),
    List(Vec<i64>),
}

/// A key of a lookup table: a value, or it and every value above (`5+`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Key {
    Is(i64),
    AtLeast(i64),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

/// The functions a formula may call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    Sum,
    Count,
    Min,
    Max,
    Abs,
    Floor,
    Ceil,
    Round,
    Trunc,
    If,
    Sets,
    Lookup,
    Kinds,
    Same,
    Face,
    Most,
    Least,
}

const FUNCS: [(&str, Func); 17] = [
    ("sum", Func::Sum),
    ("count", Func::Count),
    ("min", Func::Min),
    ("max", Func::Max),
    ("abs", Func::Abs),
    ("floor", Func::Floor),
    ("ceil", Func::Ceil),
    ("round", Func::Round),
    ("trunc", Func::Trunc),
    ("if", Func::If),
    ("sets", Func::Sets),
    ("lookup", Func::Lookup),
    ("kinds", Func::Kinds),
    ("same", Func::Same),
    ("face", Func::Face),
    ("most", Func::Most),
    ("least", Func::Least),
];

/// Words a category cannot be called: the functions' names, `it`, and
/// the operators written as words.
pub fn reserved(word: &str) -> bool {
    FUNCS.iter().any(|(n, _)| *n == word) || matches!(word, "it" | "and" | "or" | "not" | "else")
}

/// A formula read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    Num(i64),
    /// A category's score, or `it`: the category's own entry.
    Name(String),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(Op, Box<Expr>, Box<Expr>),
    Pow(Box<Expr>, u32),
    /// Only as the argument of a rounding function.
    Div(Box<Expr>, Box<Expr>),
    Call(Func, Vec<Expr>),
    /// Only as `lookup`'s second argument.
    Table(Vec<(Key, i64)>, Option<i64>),
}

/// Why a formula does not read, or cannot be worked out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Fault(pub String);

fn fault<T>(why: impl Into<String>) -> Result<T, Fault> {
    Err(Fault(why.into()))
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Num(i64),
    Word(String),
    Sym(&'static str),
}

impl fmt::Display for Value {
    /// As it is typed: `12`, `3 3 5 5 5`, `none` (a list of nothing).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Number(n) => write!(f, "{n}"),
            Value::List(l) if l.is_empty() => f.write_str("none"),
            Value::List(l) => {
                let words: Vec<String> = l.iter().map(i64::to_string).collect();
                f.write_str(&words.join(" "))
            }
        }
    }
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Num(n) => write!(f, "{n}"),
            Tok::Word(w) => f.write_str(w),
            Tok::Sym(s) => f.write_str(s),
        }
    }
}

const SYMBOLS: [&str; 19] = [
    "==", "!=", "<=", ">=", "+", "-", "*", "/", "^", "(", ")", ",", "<", ">", "{", "}", ":", "%",
    "=",
];

fn lex(text: &str) -> Result<Vec<Tok>, Fault> {
    if text.chars().count() > LONGEST {
        return fault(format!("longer than {LONGEST} characters"));
    }
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
        } else if c.is_ascii_digit() {
            let end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let n: i64 = rest[..end]
                .parse()
                .or_else(|_| fault(format!("'{}' is too large a number", &rest[..end])))?;
            out.push(Tok::Num(n));
            rest = &rest[end..];
        } else if c.is_alphabetic() || c == '_' {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            out.push(Tok::Word(rest[..end].to_lowercase()));
            rest = &rest[end..];
        } else if let Some(s) = SYMBOLS.iter().find(|s| rest.starts_with(**s)) {
            match *s {
                "%" => {
                    return fault(
                        "'%': there is no remainder; floor(a / b) rounds a division down",
                    );
                }
                "=" => return fault("'=': compare with == (a test is 1 or 0)"),
                _ => {}
            }
            out.push(Tok::Sym(s));
            rest = &rest[s.len()..];
        } else {
            return fault(format!(
                "'{}' is not part of a formula",
                crate::visible::line(&c.to_string())
            ));
        }
    }
    Ok(out)
}

struct Parser {
    toks: Vec<Tok>,
    at: usize,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn is(&self, sym: &str) -> bool {
        matches!(self.peek(), Some(Tok::Sym(s)) if *s == sym)
    }

    fn is_word(&self, word: &str) -> bool {
        matches!(self.peek(), Some(Tok::Word(w)) if w == word)
    }

    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.at).cloned();
        self.at += 1;
        t
    }

    fn expect(&mut self, sym: &str, after: &str) -> Result<(), Fault> {
        match self.next() {
            Some(Tok::Sym(s)) if s == sym => Ok(()),
            Some(t) => fault(format!("'{t}' where '{sym}' should follow {after}")),
            None => fault(format!("it ends where '{sym}' should follow {after}")),
        }
    }

    fn deeper(&mut self) -> Result<(), Fault> {
        self.depth += 1;
        if self.depth > DEEPEST {
            return fault(format!("brackets and calls nest more than {DEEPEST} deep"));
        }
        Ok(())
    }

    fn expr(&mut self) -> Result<Expr, Fault> {
        self.deeper()?;
        let mut left = self.and()?;
        while self.is_word("or") {
            self.at += 1;
            let right = self.and()?;
            left = Expr::Bin(Op::Or, Box::new(left), Box::new(right));
        }
        self.depth -= 1;
        Ok(left)
    }

    fn and(&mut self) -> Result<Expr, Fault> {
        let mut left = self.not()?;
        while self.is_word("and") {
            self.at += 1;
            let right = self.not()?;
            left = Expr::Bin(Op::And, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn not(&mut self) -> Result<Expr, Fault> {
        if self.is_word("not") {
            self.at += 1;
            self.deeper()?;
            let inner = self.not()?;
            self.depth -= 1;
            return Ok(Expr::Not(Box::new(inner)));
        }
        self.compare()
    }

    fn compare(&mut self) -> Result<Expr, Fault> {
        let left = self.sum()?;
        let op = match self.peek() {
            Some(Tok::Sym("==")) => Op::Eq,
            Some(Tok::Sym("!=")) => Op::Ne,
            Some(Tok::Sym("<")) => Op::Lt,
            Some(Tok::Sym("<=")) => Op::Le,
            Some(Tok::Sym(">")) => Op::Gt,
            Some(Tok::Sym(">=")) => Op::Ge,
            _ => return Ok(left),
        };
        self.at += 1;
        let right = self.sum()?;
        if let Some(Tok::Sym(s @ ("==" | "!=" | "<" | "<=" | ">" | ">="))) = self.peek() {
            return fault(format!("'{s}': one comparison at a time (a < b and b < c)"));
        }
        Ok(Expr::Bin(op, Box::new(left), Box::new(right)))
    }

    fn sum(&mut self) -> Result<Expr, Fault> {
        let mut left = self.product()?;
        loop {
            let op = if self.is("+") {
                Op::Add
            } else if self.is("-") {
                Op::Sub
            } else {
                return Ok(left);
            };
            self.at += 1;
            let right = self.product()?;
            left = Expr::Bin(op, Box::new(left), Box::new(right));
        }
    }

    fn product(&mut self) -> Result<Expr, Fault> {
        let mut left = self.unary()?;
        loop {
            if self.is("*") {
                self.at += 1;
                let right = self.unary()?;
                left = Expr::Bin(Op::Mul, Box::new(left), Box::new(right));
            } else if self.is("/") {
                self.at += 1;
                let right = self.unary()?;
                left = Expr::Div(Box::new(left), Box::new(right));
            } else {
                return Ok(left);
            }
        }
    }

    fn unary(&mut self) -> Result<Expr, Fault> {
        if self.is("-") {
            self.at += 1;
            self.deeper()?;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(Expr::Neg(Box::new(inner)));
        }
        let base = self.atom()?;
        if self.is("^") {
            self.at += 1;
            return match self.next() {
                Some(Tok::Num(n)) if n <= i64::from(LARGEST_POWER) => {
                    Ok(Expr::Pow(Box::new(base), n as u32))
                }
                Some(t) => fault(format!(
                    "'^ {t}': a power is a number from 0 to {LARGEST_POWER} (a ^ 2 squares)"
                )),
                None => fault("it ends after '^': a power is a number (a ^ 2 squares)"),
            };
        }
        Ok(base)
    }

    fn atom(&mut self) -> Result<Expr, Fault> {
        match self.next() {
            Some(Tok::Num(n)) => Ok(Expr::Num(n)),
            Some(Tok::Sym("(")) => {
                let inner = self.expr()?;
                self.expect(")", "what '(' opened")?;
                Ok(inner)
            }
            Some(Tok::Sym("{")) => self.table(),
            Some(Tok::Word(w)) if self.is("(") => {
                let Some((_, f)) = FUNCS.iter().find(|(n, _)| *n == w) else {
                    return fault(format!(
                        "'{w}' is not a function{}: {}",
                        crate::suggest::hint(&w, FUNCS.iter().map(|(n, _)| *n)),
                        FUNCS.map(|(n, _)| n).join(", ")
                    ));
                };
                self.at += 1;
                self.deeper()?;
                let mut args = Vec::new();
                if !self.is(")") {
                    loop {
                        args.push(self.expr()?);
                        if self.is(",") {
                            self.at += 1;
                        } else {
                            break;
                        }
                    }
                }
                self.expect(")", &format!("{w}'s arguments"))?;
                self.depth -= 1;
                Ok(Expr::Call(*f, args))
            }
            Some(Tok::Word(w)) if matches!(w.as_str(), "and" | "or" | "not" | "else") => {
                fault(format!("'{w}' where a number or a category should be"))
            }
            Some(Tok::Word(w)) => Ok(Expr::Name(w)),
            Some(t) => fault(format!("'{t}' where a number or a category should be")),
            None => fault("it ends where a number or a category should be"),
        }
    }

    /// `{1: 1, 2: 3, 5+: 15, else: 0}`.
    fn table(&mut self) -> Result<Expr, Fault> {
        let mut rows: Vec<(Key, i64)> = Vec::new();
        let mut otherwise = None;
        loop {
            let key = match self.next() {
                Some(Tok::Word(w)) if w == "else" => None,
                Some(Tok::Num(n)) => Some(n),
                Some(Tok::Sym("-")) => match self.next() {
                    Some(Tok::Num(n)) => Some(-n),
                    _ => return fault("a table's key is a whole number: {1: 1, 2: 3}"),
                },
                Some(t) => {
                    return fault(format!(
                        "'{t}' in a table: a key is a whole number (5+ for 5 and more) or else"
                    ));
                }
                None => return fault("the table is not closed with '}'"),
            };
            let key = match key {
                Some(n) if self.is("+") => {
                    self.at += 1;
                    Some(Key::AtLeast(n))
                }
                Some(n) => Some(Key::Is(n)),
                None => None,
            };
            self.expect(":", "a table's key")?;
            let negative = self.is("-");
            if negative {
                self.at += 1;
            }
            let value = match self.next() {
                Some(Tok::Num(n)) => {
                    if negative {
                        -n
                    } else {
                        n
                    }
                }
                Some(t) => return fault(format!("'{t}' in a table: a value is a whole number")),
                None => return fault("the table is not closed with '}'"),
            };
            match key {
                Some(k) => {
                    if rows.iter().any(|(r, _)| *r == k) {
                        return fault(format!("the table has the key {} twice", show_key(&k)));
                    }
                    rows.push((k, value));
                }
                None if otherwise.is_some() => return fault("the table has else twice"),
                None => otherwise = Some(value),
            }
            match self.next() {
                Some(Tok::Sym(",")) => {}
                Some(Tok::Sym("}")) => break,
                Some(t) => return fault(format!("'{t}' in a table: a ',' or '}}' should follow")),
                None => return fault("the table is not closed with '}'"),
            }
        }
        Ok(Expr::Table(rows, otherwise))
    }
}

fn show_key(k: &Key) -> String {
    match k {
        Key::Is(n) => n.to_string(),
        Key::AtLeast(n) => format!("{n}+"),
    }
}

/// Read a formula, or say what is wrong with it.
pub fn parse(text: &str) -> Result<Expr, Fault> {
    let toks = lex(text)?;
    if toks.is_empty() {
        return fault("the formula is empty");
    }
    let mut p = Parser {
        toks,
        at: 0,
        depth: 0,
    };
    let e = p.expr()?;
    if let Some(t) = p.peek() {
        return fault(format!(
            "'{t}' after a whole formula: an operator is missing"
        ));
    }
    Ok(e)
}

/// What the names in a formula may be: each category's kind of value
/// (a category's score is a number; `it` has its entry's kind).
pub trait Names {
    /// The kind of `name`, or why it is not a name here.
    fn kind(&self, name: &str) -> Result<Kind, Fault>;
}

/// Check a formula read: each name known, each function given what it
/// takes, each division rounded, each table inside a lookup. Its kind.
pub fn check(e: &Expr, names: &dyn Names) -> Result<Kind, Fault> {
    use Kind::{List, Number};
    let number = |e: &Expr, what: &str| -> Result<(), Fault> {
        match check(e, names)? {
            Number => Ok(()),
            List => fault(format!("{what} takes a number, not a list")),
        }
    };
    match e {
        Expr::Num(_) => Ok(Number),
        Expr::Name(n) => names.kind(n),
        Expr::Neg(a) => number(a, "'-'").map(|_| Number),
        Expr::Not(a) => number(a, "not").map(|_| Number),
        Expr::Pow(a, _) => number(a, "'^'").map(|_| Number),
        Expr::Bin(op, a, b) => {
            let what = format!("'{}'", op_text(*op));
            number(a, &what)?;
            number(b, &what)?;
            Ok(Number)
        }
        Expr::Div(..) => fault(
            "a division must say how it rounds: floor(a / b) down, ceil(a / b) up, round(a / b) to the nearest (halves up), trunc(a / b) toward 0",
        ),
        Expr::Table(..) => fault("a table is lookup's second argument: lookup(n, {1: 1, 2: 3})"),
        Expr::Call(f, args) => call(*f, args, names),
    }
}

fn op_text(op: Op) -> &'static str {
    match op {
        Op::Add => "+",
        Op::Sub => "-",
        Op::Mul => "*",
        Op::Eq => "==",
        Op::Ne => "!=",
        Op::Lt => "<",
        Op::Le => "<=",
        Op::Gt => ">",
        Op::Ge => ">=",
        Op::And => "and",
        Op::Or => "or",
    }
}

fn name_of(f: Func) -> &'static str {
    FUNCS.iter().find(|(_, g)| *g == f).map_or("?", |(n, _)| n)
}

fn call(f: Func, args: &[Expr], names: &dyn Names) -> Result<Kind, Fault> {
    use Kind::{List, Number};
    let name = name_of(f);
    let kinds = |args: &[Expr]| -> Result<Vec<Kind>, Fault> {
        args.iter().map(|a| check(a, names)).collect()
    };
    let wrong = |takes: &str| fault(format!("{name} takes {takes}"));
    match f {
        Func::Floor | Func::Ceil | Func::Round | Func::Trunc => match args {
            [Expr::Div(a, b)] => {
                for x in [a, b] {
                    if check(x, names)? == List {
                        return wrong("a division of numbers: floor(a / b)");
                    }
                }
                Ok(Number)
            }
            _ => wrong("a division: floor(a / b)"),
        },
        Func::Lookup => match args {
            [x, Expr::Table(..)] => check(x, names),
            _ => wrong("a number or a list and a table: lookup(n, {1: 1, 2: 3, else: 0})"),
        },
        Func::Most | Func::Least => match args {
            [Expr::Name(n)] if n != "it" => {
                if names.kind(n)? == List {
                    return wrong("a category scored as a number");
                }
                Ok(Number)
            }
            _ => wrong("one category's name: most(cards) is 1 for the one player with the most"),
        },
        Func::If => match kinds(args)?.as_slice() {
            [Number, Number, Number] => Ok(Number),
            _ => wrong("a test and two numbers: if(upper >= 63, 35, 0)"),
        },
        Func::Abs => match kinds(args)?.as_slice() {
            [Number] => Ok(Number),
            _ => wrong("one number"),
        },
        Func::Kinds | Func::Same | Func::Face => match kinds(args)?.as_slice() {
            [List] => Ok(Number),
            _ => wrong("one list"),
        },
        Func::Count => match kinds(args)?.as_slice() {
            [List] | [List, Number] => Ok(Number),
            _ => wrong("a list, and a value to count in it if you like: count(it, 5)"),
        },
        Func::Sum | Func::Min | Func::Max => match kinds(args)?.as_slice() {
            [List] => Ok(Number),
            k if k.len() >= 2 && k.iter().all(|k| *k == Number) => Ok(Number),
            _ => wrong("a list, or two numbers or more"),
        },
        Func::Sets => match kinds(args)?.as_slice() {
            k if k.len() >= 2 && k.iter().all(|k| *k == Number) => Ok(Number),
            _ => wrong("two numbers or more: sets(gears, tablets, compasses)"),
        },
    }
}

/// Where a formula's names get their values.
pub trait Values {
    /// `name`'s value for the player being scored (`None`: not entered
    /// yet).
    fn value(&self, name: &str) -> Result<Option<Value>, Fault>;
    /// `name`'s score for every player, in seating order, and which of
    /// them is the player being scored.
    fn everyone(&self, name: &str) -> Result<(Vec<Option<i64>>, usize), Fault>;
}

fn too_large<T>() -> Result<T, Fault> {
    fault("a number past the largest a sheet works with")
}

fn add(a: i64, b: i64) -> Result<i64, Fault> {
    a.checked_add(b).map_or_else(too_large, Ok)
}

/// Work a checked formula out: `None` while an entry it needs is not
/// entered yet; a fault where it divides by 0, overflows or finds no
/// row of a table.
pub fn eval(e: &Expr, v: &dyn Values) -> Result<Option<Value>, Fault> {
    macro_rules! num {
        ($e:expr) => {
            match eval($e, v)? {
                Some(Value::Number(n)) => n,
                Some(Value::List(_)) => return fault("a list where a number should be"),
                None => return Ok(None),
            }
        };
    }
    macro_rules! list {
        ($e:expr) => {
            match eval($e, v)? {
                Some(Value::List(l)) => l,
                Some(Value::Number(_)) => return fault("a number where a list should be"),
                None => return Ok(None),
            }
        };
    }
    let n = |x: i64| Ok(Some(Value::Number(x)));
    match e {
        Expr::Num(x) => n(*x),
        Expr::Name(name) => v.value(name),
        Expr::Neg(a) => n(num!(a).checked_neg().map_or_else(too_large, Ok)?),
        Expr::Not(a) => n(i64::from(num!(a) == 0)),
        Expr::Pow(a, p) => n(num!(a).checked_pow(*p).map_or_else(too_large, Ok)?),
        Expr::Bin(op, a, b) => {
            // `and` and `or` look at their right side only when it counts,
            // so `x > 0 and 60 / x ...` never divides by 0.
            let a = num!(a);
            match op {
                Op::And if a == 0 => return n(0),
                Op::Or if a != 0 => return n(1),
                _ => {}
            }
            let b = num!(b);
            n(match op {
                Op::Add => add(a, b)?,
                Op::Sub => a.checked_sub(b).map_or_else(too_large, Ok)?,
                Op::Mul => a.checked_mul(b).map_or_else(too_large, Ok)?,
                Op::Eq => i64::from(a == b),
                Op::Ne => i64::from(a != b),
                Op::Lt => i64::from(a < b),
                Op::Le => i64::from(a <= b),
                Op::Gt => i64::from(a > b),
                Op::Ge => i64::from(a >= b),
                Op::And | Op::Or => i64::from(b != 0),
            })
        }
        Expr::Div(..) | Expr::Table(..) => fault("not a formula that was checked"),
        Expr::Call(f, args) => {
            match (f, args.as_slice()) {
                (Func::Floor | Func::Ceil | Func::Round | Func::Trunc, [Expr::Div(a, b)]) => {
                    let (a, b) = (num!(a), num!(b));
                    n(divide(*f, a, b)?)
                }
                (Func::Lookup, [x, Expr::Table(rows, otherwise)]) => match eval(x, v)? {
                    None => Ok(None),
                    Some(Value::Number(x)) => n(look_up(x, rows, *otherwise)?),
                    Some(Value::List(l)) => Ok(Some(Value::List(
                        l.iter()
                            .map(|&x| look_up(x, rows, *otherwise))
                            .collect::<Result<_, _>>()?,
                    ))),
                },
                (Func::Most | Func::Least, [Expr::Name(name)]) => {
                    let (all, me) = v.everyone(name)?;
                    let Some(all) = all.into_iter().collect::<Option<Vec<i64>>>() else {
                        return Ok(None);
                    };
                    let mine = all[me];
                    let ahead = all.iter().enumerate().all(|(i, &x)| {
                        i == me || if *f == Func::Most { mine > x } else { mine < x }
                    });
                    n(i64::from(ahead))
                }
                (Func::If, [test, yes, no]) => {
                    if num!(test) != 0 {
                        eval(yes, v)
                    } else {
                        eval(no, v)
                    }
                }
                (Func::Abs, [a]) => n(num!(a).checked_abs().map_or_else(too_large, Ok)?),
                (Func::Kinds, [l]) => {
                    let mut l = list!(l);
                    l.sort_unstable();
                    l.dedup();
                    n(l.len() as i64)
                }
                (Func::Same | Func::Face, [l]) => {
                    let l = list!(l);
                    // The value most show, the highest of those on a tie.
                    let best = l
                        .iter()
                        .map(|x| (l.iter().filter(|y| *y == x).count(), *x))
                        .max();
                    n(match (f, best) {
                        (_, None) => 0,
                        (Func::Same, Some((c, _))) => c as i64,
                        (_, Some((_, face))) => face,
                    })
                }
                (Func::Count, [l]) => n(list!(l).len() as i64),
                (Func::Count, [l, x]) => {
                    let l = list!(l);
                    let x = num!(x);
                    n(l.iter().filter(|&&y| y == x).count() as i64)
                }
                (Func::Sum | Func::Min | Func::Max, [one]) => {
                    let l = list!(one);
                    n(fold(*f, &l)?)
                }
                (Func::Sum | Func::Min | Func::Max | Func::Sets, many) => {
                    let mut all = Vec::with_capacity(many.len());
                    for a in many {
                        all.push(num!(a));
                    }
                    n(fold(if *f == Func::Sets { Func::Min } else { *f }, &all)?)
                }
                _ => fault("not a formula that was checked"),
            }
        }
    }
}

/// A list summed, or its least or greatest (0 for an empty list).
fn fold(f: Func, l: &[i64]) -> Result<i64, Fault> {
    match f {
        Func::Min => Ok(l.iter().copied().min().unwrap_or(0)),
        Func::Max => Ok(l.iter().copied().max().unwrap_or(0)),
        _ => l.iter().try_fold(0, |s, &x| add(s, x)),
    }
}

fn divide(f: Func, a: i64, b: i64) -> Result<i64, Fault> {
    if b == 0 {
        return fault("a division by 0");
    }
    let (q, r) = (a.checked_div(b), a.checked_rem(b));
    let (Some(q), Some(r)) = (q, r) else {
        return too_large();
    };
    // `q` is rounded toward 0; `r` has the sign of `a`.
    let exact = r == 0;
    let negative = (a < 0) != (b < 0);
    Ok(match f {
        Func::Trunc => q,
        Func::Floor if !exact && negative => q - 1,
        Func::Ceil if !exact && !negative => q + 1,
        Func::Round if !exact => {
            // Halves go up: compare twice the remainder with the divisor.
            let twice = (r.unsigned_abs() as u128) * 2;
            let d = b.unsigned_abs() as u128;
            match (negative, twice.cmp(&d)) {
                (false, std::cmp::Ordering::Less) => q,
                (false, _) => q + 1,
                (true, std::cmp::Ordering::Greater) => q - 1,
                (true, _) => q,
            }
        }
        _ => q,
    })
}

fn look_up(x: i64, rows: &[(Key, i64)], otherwise: Option<i64>) -> Result<i64, Fault> {
    if let Some((_, v)) = rows.iter().find(|(k, _)| *k == Key::Is(x)) {
        return Ok(*v);
    }
    // The nearest `N+` at or below x.
    let above = rows
        .iter()
        .filter_map(|(k, v)| match k {
            Key::AtLeast(n) if *n <= x => Some((*n, *v)),
            _ => None,
        })
        .max();
    match (above, otherwise) {
        (Some((_, v)), _) => Ok(v),
        (None, Some(v)) => Ok(v),
        (None, None) => fault(format!("{x} is not in the table, and it has no else")),
    }
}

#[cfg(test)]
mod tests;
