//! The dice language: grammar, syntax tree and limits.
//!
//! ```text
//! line    := [INT 'x'] sum [cmp sum]            (6x4d6kh3: six separate rolls)
//! cmp     := '>' | '>=' | '<' | '<=' | '=' | '=='  pass or fail, with the margin
//! sum     := product (('+' | '-') product)*
//! product := unary (('*' | '/' | '%') unary)*  ('/' rounds down; '%' remainder)
//! unary   := '-' unary | atom
//! atom    := INT | dice | '(' sum ')' | func '(' sum (',' sum)* ')'
//!          | '{' sum (',' sum)* '}' gmod*       a group: each entry a total
//! gmod    := ('kh'|'kl'|'dh'|'dl'|'k'|'d') INT | success test [ 'f' sel ]
//! func    := floor | ceil | round | abs | min | max   (floor(a/b): exact)
//! dice    := [INT] 'd' (INT | '%' | 'F' | faces) mod*  |  [INT] 'pp' mod*
//! faces   := '{' ['-'] INT (',' ['-'] INT)* '}'  a side per number: d{1,1,2}
//! dice    ... [ '[' LABEL ']' ]                  a name for the term: 2d6[fire]
//! comment := '#' TEXT (to the end of the roll)    shown with the result
//! mod     := ('kh'|'kl'|'dh'|'dl') INT           keep/drop highest/lowest N
//!          | 'k' INT | 'd' INT                   ... kh and dl, as Roll20 has them
//!          | 'k' cmp INT | 'p' sel               keep/drop dice matching
//!          | ('rr' | 'r') sel | 'ro' sel         reroll until / once (r alone: lowest)
//!          | 'ra' [sel]                          the first match adds one more die
//!          | 'u'                                 no two dice alike (plain dice)
//!          | '!' ['p'] [sel]                     explode: each extra roll its own die
//!          | ('!!' | 'e') ['p'] [sel]            ... or added into the die; p: -1 each
//!          | 'mi' INT | 'ma' INT                 clamp each die
//!          | ('>' | '>=' | '<' | '<=' | '=') INT  success pool: count matches
//!          | 'f' sel                             ... less failures (after one)
//!          | 'db' [sel]                          ... a success matching counts two
//!          | 'cs' [sel] | 'cf' [sel]             mark critical dice (display only)
//!          | 's' | 'sd'                          show the dice sorted up or down
//! sel     := INT | ('>' | '>=' | '<' | '<=' | '=') INT
//! ```
//! Letters are case-insensitive; spaces may stand between terms.

use std::fmt;

pub use super::error::DiceError;

/// Hard limits: past these an expression is refused, never attempted.
pub const MAX_DICE: u64 = 10_000;
pub const MAX_SIDES: u64 = 1_000_000;
/// Sides of a die given as a list, `d{0,1,1,2}`: a typed list, so a few
/// hundred is already far past any real die.
pub const MAX_LISTED_SIDES: u64 = 1_000;
pub const MAX_EXPLOSIONS: u32 = 100;
pub const MAX_REPEATS: u64 = 100_000;
/// Parentheses and minus signs inside one another. Parsing, rolling and
/// showing an expression recurse through its nesting, so the nesting is
/// bounded (far past anything typed at a table) to keep every line from
/// overflowing the stack.
pub const MAX_NESTING: u32 = 100;
/// Operators in one expression (`1+1+...`), bounded for the same reason:
/// a sum's tree is as deep as it is long.
pub const MAX_OPERATORS: u32 = 1_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Faces {
    /// 1..=sides
    Numbered(u64),
    /// Fudge dice: -1, 0, +1
    Fudge,
    /// Piecepack dice: null, ace, 2..5, valued 0..5
    Piecepack,
    /// `d{0,1,1,2}`: one side per number listed, so a repeated number is
    /// that much likelier. Never empty (the parser sees to it).
    List(Box<[i64]>),
}

impl Faces {
    pub fn min(&self) -> i64 {
        match self {
            Faces::Numbered(_) => 1,
            Faces::Fudge => -1,
            Faces::Piecepack => 0,
            Faces::List(v) => v.iter().copied().min().unwrap_or(0),
        }
    }

    pub fn max(&self) -> i64 {
        match self {
            Faces::Numbered(s) => *s as i64,
            Faces::Fudge => 1,
            Faces::Piecepack => 5,
            Faces::List(v) => v.iter().copied().max().unwrap_or(0),
        }
    }

    /// How many sides the die has.
    pub fn count(&self) -> u64 {
        match self {
            Faces::List(v) => v.len() as u64,
            _ => (self.max() - self.min() + 1) as u64,
        }
    }

    /// The value of each side, one per side (a listed die's repeats
    /// included): the faces every roll and every distribution draws from.
    pub fn values(&self) -> impl Iterator<Item = i64> + '_ {
        // One iterator type for both kinds: an empty range before a list,
        // or a range before an empty list.
        let (lo, hi, list): (i64, i64, &[i64]) = match self {
            Faces::List(v) => (1, 0, v),
            _ => (self.min(), self.max(), &[]),
        };
        (lo..=hi).chain(list.iter().copied())
    }

    /// The value of side `i` (0-based, below `count`).
    pub fn side(&self, i: u64) -> i64 {
        match self {
            Faces::List(v) => v[i as usize],
            _ => self.min() + i as i64,
        }
    }

    /// Every whole number from the lowest face to the highest is a face,
    /// once: what the factored sums of `dist` rely on.
    pub fn is_range(&self) -> bool {
        !matches!(self, Faces::List(_))
    }

    /// How a face is written when shown.
    pub fn label(&self, v: i64) -> String {
        let mut s = String::new();
        self.write_label(&mut s, v);
        s
    }

    /// `label`, written into `out` (rolling many dice allocates nothing).
    pub fn write_label(&self, out: &mut String, v: i64) {
        out.push_str(self.label_in(&mut [0; 20], v));
    }

    /// `label`, in `buf` where it is a number (a JSON writer's face
    /// allocates nothing).
    pub fn label_in<'b>(&self, buf: &'b mut [u8; 20], v: i64) -> &'b str {
        match self {
            Faces::Piecepack if (0..=5).contains(&v) => {
                ["null", "ace", "2", "3", "4", "5"][v as usize]
            }
            Faces::Fudge if (-1..=1).contains(&v) => ["-", "0", "+"][(v + 1) as usize],
            _ => int_in(buf, v),
        }
    }
}

/// Append an integer without the formatting machinery: rolling 100,000
/// times writes a few hundred thousand of them.
pub fn push_int(out: &mut String, v: i64) {
    out.push_str(int_in(&mut [0; 20], v));
}

/// An integer's digits, written from the end of `buf` (20 bytes hold
/// i64::MIN with its sign).
pub fn int_in(buf: &mut [u8; 20], v: i64) -> &str {
    let mut i = buf.len();
    let mut n = v.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if v < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    std::str::from_utf8(&buf[i..]).expect("digits are ASCII")
}

/// Which dice a selector matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sel {
    Eq(i64),
    Gt(i64),
    Lt(i64),
}

impl Sel {
    pub fn matches(self, v: i64) -> bool {
        match self {
            Sel::Eq(n) => v == n,
            Sel::Gt(n) => v > n,
            Sel::Lt(n) => v < n,
        }
    }

    /// How many sides of `faces` it matches.
    pub fn matching(self, faces: &Faces) -> u64 {
        if !faces.is_range() {
            return faces.values().filter(|&v| self.matches(v)).count() as u64;
        }
        let (lo, hi) = (faces.min(), faces.max());
        let n = match self {
            Sel::Eq(n) => i64::from((lo..=hi).contains(&n)),
            Sel::Gt(n) => (hi - n.max(lo - 1)).max(0),
            Sel::Lt(n) => (n.min(hi + 1) - lo).max(0),
        };
        n as u64
    }
}

impl fmt::Display for Sel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sel::Eq(n) => write!(f, "{n}"),
            Sel::Gt(n) => write!(f, ">{n}"),
            Sel::Lt(n) => write!(f, "<{n}"),
        }
    }
}

/// What a keep/drop step keeps or drops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    KeepHigh(u64),
    KeepLow(u64),
    DropHigh(u64),
    DropLow(u64),
    Keep(Sel),
    Drop(Sel),
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Mods {
    pub reroll: Option<Sel>,
    /// Reroll once (`ro`) rather than until it no longer matches (`rr`).
    pub reroll_once: bool,
    /// `ra` (avrae's reroll and add): the first die that matches brings
    /// one more die, added to the term as a die of its own; once a term.
    pub reroll_add: Option<Sel>,
    /// `u` (rpg-dice-roller's unique): a die showing a face an earlier
    /// die shows is rolled again until it differs.
    pub unique: bool,
    pub explode: Option<Sel>,
    /// `!!` (or `e`): the extra rolls add into the die that exploded.
    /// `!`: each extra roll is a die of its own (Roll20), for keep/drop
    /// and success counting; its sum is the same.
    pub compound: bool,
    /// `!p`, `!!p`: each extra roll counts one less (penetrating).
    pub penetrate: bool,
    pub min: Option<i64>,
    pub max: Option<i64>,
    /// Keep/drop steps in the order written.
    pub picks: Vec<Pick>,
    /// A success pool (`8d10>7`): the term counts the kept dice that
    /// match, less those matching `failure` (`f1`), instead of adding them.
    pub success: Option<Sel>,
    pub failure: Option<Sel>,
    /// `db10`: a success that also matches counts two (Exalted's 10s).
    pub double: Option<Sel>,
    /// Critical markers (`cs>19`, `cf<2`): shown on the dice, nothing
    /// else changes.
    pub crit_success: Option<Sel>,
    pub crit_fail: Option<Sel>,
    /// `s` / `sd`: show the dice sorted up or down (display only).
    pub sort: Option<bool>,
}

impl Mods {
    /// What one kept die showing `v` adds to its term: its value, or in a
    /// success pool 1 for a success (2 for a double), -1 for a failure,
    /// else 0.
    pub fn worth(&self, v: i64) -> i64 {
        worth(self.success, self.failure, self.double, v)
    }
}

/// A value as a success pool counts it: 1 for a success, 2 for a success
/// that is also a double, -1 for a failure, else 0; the value itself where
/// there is no success test.
fn worth(success: Option<Sel>, failure: Option<Sel>, double: Option<Sel>, v: i64) -> i64 {
    match success {
        None => v,
        Some(s) => {
            let hit = s.matches(v);
            i64::from(hit) + i64::from(hit && double.is_some_and(|d| d.matches(v)))
                - i64::from(failure.is_some_and(|f| f.matches(v)))
        }
    }
}

/// The places a keep/drop-by-count step drops, from places ordered
/// highest first; `None` for a step by value (`k>3`, `p1`).
pub fn dropped_by_count(pick: Pick, order: &[usize]) -> Option<Vec<usize>> {
    let n = order.len();
    Some(match pick {
        Pick::KeepHigh(k) => order[(k as usize).min(n)..].to_vec(),
        Pick::KeepLow(k) => order[..n - (k as usize).min(n)].to_vec(),
        Pick::DropHigh(k) => order[..(k as usize).min(n)].to_vec(),
        Pick::DropLow(k) => order[n - (k as usize).min(n)..].to_vec(),
        Pick::Keep(_) | Pick::Drop(_) => return None,
    })
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dice {
    pub count: u64,
    pub faces: Faces,
    pub mods: Mods,
    /// The term as the player wrote it.
    pub source: String,
    /// `2d6[fire]`: a name for the term.
    pub label: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    /// The remainder, with the sign of the left side (as Roll20's and
    /// JavaScript's `%`).
    Mod,
}

impl Op {
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Mod => "%",
        }
    }
}

/// The math functions: `floor(1d6/2)`, `max(1d6, 1d8)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    Floor,
    Ceil,
    Round,
    Abs,
    Min,
    Max,
}

impl Func {
    pub const ALL: [Func; 6] = [
        Func::Floor,
        Func::Ceil,
        Func::Round,
        Func::Abs,
        Func::Min,
        Func::Max,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Func::Floor => "floor",
            Func::Ceil => "ceil",
            Func::Round => "round",
            Func::Abs => "abs",
            Func::Min => "min",
            Func::Max => "max",
        }
    }

    /// Rounding a quotient: `floor`, `ceil` and `round` of `a / b` are
    /// exact (the quotient is not rounded down first).
    pub fn rounds(self) -> bool {
        matches!(self, Func::Floor | Func::Ceil | Func::Round)
    }

    /// `a / b` rounded this way (`round`: halves away from zero is not
    /// Roll20's; halves go up, as its `round` and JavaScript's do).
    pub fn quotient(self, a: i64, b: i64) -> Option<i64> {
        if b == 0 {
            return None;
        }
        let (a, b) = if b < 0 {
            (a.checked_neg()?, b.checked_neg()?)
        } else {
            (a, b)
        };
        match self {
            Func::Ceil => floor_div(a.checked_neg()?, b)?.checked_neg(),
            Func::Round => floor_div(a.checked_mul(2)?.checked_add(b)?, b.checked_mul(2)?),
            _ => floor_div(a, b),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    Num(i64),
    /// Index into `Roll::dice`.
    Dice(usize),
    Neg(Box<Expr>),
    Bin(Op, Box<Expr>, Box<Expr>),
    Group(Box<Expr>),
    /// A math function and its arguments (one, or for min/max two or more).
    Call(Func, Vec<Expr>),
    /// A group of rolls, `{4d6, 3d8}kh1`: each item's total is one entry;
    /// keep/drop by count and success tests work on the entries.
    Pool(Vec<Expr>, PoolMods),
}

/// What follows a group's `}`: keep/drop by count, a success test.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PoolMods {
    pub picks: Vec<Pick>,
    pub success: Option<Sel>,
    pub failure: Option<Sel>,
    /// As written, for showing: `kh1`, `>10`.
    pub source: String,
}

impl PoolMods {
    /// What an entry worth `v` adds, as `Mods::worth`.
    pub fn worth(&self, v: i64) -> i64 {
        worth(self.success, self.failure, None, v)
    }

    /// Which of these entries are kept, the picks applied in order (ties
    /// go to the earlier entry, as with dice).
    pub fn kept(&self, values: &[i64]) -> Vec<bool> {
        let mut kept = vec![true; values.len()];
        for pick in &self.picks {
            let mut order: Vec<usize> = (0..values.len()).filter(|&i| kept[i]).collect();
            order.sort_by(|&a, &b| values[b].cmp(&values[a]).then(a.cmp(&b)));
            for i in dropped_by_count(*pick, &order).unwrap_or_default() {
                kept[i] = false;
            }
        }
        kept
    }

    /// The group's value: the kept entries' worths added.
    pub fn value(&self, values: &[i64]) -> Option<i64> {
        self.kept(values)
            .iter()
            .zip(values)
            .filter(|(k, _)| **k)
            .try_fold(0i64, |acc, (_, &v)| acc.checked_add(self.worth(v)))
    }
}

/// A comparison of the whole roll with a target or another roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Gt,
    Ge,
    Lt,
    Le,
    Eq,
}

impl Cmp {
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Eq => "==",
        }
    }

    /// Whether a roll passes, from its margin (left minus right).
    pub fn passes(self, margin: i64) -> bool {
        match self {
            Cmp::Gt => margin > 0,
            Cmp::Ge => margin >= 0,
            Cmp::Lt => margin < 0,
            Cmp::Le => margin <= 0,
            Cmp::Eq => margin == 0,
        }
    }
}

/// A parsed line: the dice terms and the arithmetic over them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roll {
    pub source: String,
    /// The expression without its repeats (`4d6kh3` of `6x4d6kh3`): what
    /// each repeat rolls, and what its results are kept under.
    pub body: String,
    pub repeats: u64,
    pub expr: Expr,
    pub dice: Vec<Dice>,
    /// `1d20+5 >= 15`, `1d20+5 > 1d20+3`: the roll passes or fails.
    pub compare: Option<(Cmp, Expr)>,
    /// `3d6 # fireball`: the player's note, shown with the result.
    pub comment: Option<String>,
}

/// The rolls of one command: split at commas outside parentheses and
/// brackets (`max(1d6, 1d8)` is one roll), each trimmed.
pub fn top_level_parts(source: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0i32, 0);
    for (i, c) in source.char_indices() {
        match c {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth -= 1,
            ',' if depth <= 0 => {
                parts.push(source[from..i].trim());
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(source[from..].trim());
    parts
}

impl Roll {
    /// The kind of die, where the roll is one die and nothing more
    /// (`d20`, `1d6`, `dF`): what finds every roll of that die.
    pub fn bare_die(&self) -> Option<&Faces> {
        match (self.dice.as_slice(), &self.expr, &self.compare) {
            ([d], Expr::Dice(_), None)
                if d.count == 1 && d.mods == Mods::default() && d.label.is_none() =>
            {
                Some(&d.faces)
            }
            _ => None,
        }
    }

    /// The name its results are kept under (tallies, the roll log's
    /// filter): the expression without repeats, lower case, `1d20` written
    /// `d20`, so that both find the same results.
    pub fn key(&self) -> String {
        let s = self.body.to_ascii_lowercase();
        match s.strip_prefix('1') {
            Some(rest) if rest.starts_with('d') || rest.starts_with("pp") => rest.to_string(),
            _ => s,
        }
    }

    /// Write the expression into `out`, each dice term written by `term`.
    pub fn show(&self, out: &mut String, term: &mut dyn FnMut(usize, &mut String)) {
        type Term<'a> = dyn FnMut(usize, &mut String) + 'a;
        fn go(e: &Expr, term: &mut Term, out: &mut String) {
            match e {
                Expr::Num(n) => out.push_str(&n.to_string()),
                Expr::Dice(i) => term(*i, out),
                Expr::Neg(x) => {
                    out.push('-');
                    go(x, term, out);
                }
                Expr::Group(x) => {
                    out.push('(');
                    go(x, term, out);
                    out.push(')');
                }
                Expr::Bin(op, a, b) => {
                    go(a, term, out);
                    out.push(' ');
                    out.push_str(op.symbol());
                    out.push(' ');
                    go(b, term, out);
                }
                Expr::Pool(items, mods) => {
                    out.push('{');
                    for (i, a) in items.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        go(a, term, out);
                    }
                    out.push('}');
                    out.push_str(&mods.source);
                }
                Expr::Call(f, args) => {
                    out.push_str(f.name());
                    out.push('(');
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        go(a, term, out);
                    }
                    out.push(')');
                }
            }
        }
        go(&self.expr, term, out);
    }

    /// `show` for the right side of a comparison.
    pub fn show_right(&self, out: &mut String, term: &mut dyn FnMut(usize, &mut String)) {
        if let Some((_, right)) = &self.compare {
            let other = Roll {
                expr: right.clone(),
                compare: None,
                ..self.clone()
            };
            other.show(out, term);
        }
    }
}

/// `1d20+5 adv` is `2d20kh1+5`, `dis` is `2d20kl1`: the one plain d20 of
/// the roll becomes two, keeping the higher (or lower). The roll is shown
/// as rewritten, so the player sees what it means.
fn advantage(input: &str) -> Result<Option<String>, DiceError> {
    let trimmed = input.trim_end();
    // `adv` anywhere but last: say where it goes.
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    if let Some((_, before)) = words.split_last()
        && let Some(w) = before.iter().find(|w| {
            ["adv", "advantage", "dis", "disadvantage"].contains(&w.to_ascii_lowercase().as_str())
        })
    {
        let keep = if w.to_ascii_lowercase().starts_with("adv") {
            "kh1"
        } else {
            "kl1"
        };
        return Err(DiceError {
            input: input.to_string(),
            pos: input.find(w),
            message: format!(
                "'{w}' goes last, after a roll with one plain d20: 1d20+5 {w} (or write 2d20{keep}+5)"
            ),
        });
    }
    let Some((rest, word)) = trimmed.rsplit_once(char::is_whitespace) else {
        return Ok(None);
    };
    let keep = match word.to_ascii_lowercase().as_str() {
        "adv" | "advantage" => "kh1",
        "dis" | "disadvantage" => "kl1",
        _ => return Ok(None),
    };
    let b = rest.as_bytes();
    let edge = |i: Option<usize>| {
        i.is_none_or(|i| matches!(b[i], b' ' | b'+' | b'-' | b'*' | b'/' | b'(' | b')'))
    };
    let mut found = Vec::new();
    for i in 0..b.len().saturating_sub(2) {
        if b[i].eq_ignore_ascii_case(&b'd') && &b[i + 1..i + 3] == b"20" {
            // A leading count of 1 is part of the term.
            let start = if i > 0 && b[i - 1] == b'1' { i - 1 } else { i };
            let after = (i + 3 < b.len()).then_some(i + 3);
            if edge(start.checked_sub(1)) && edge(after) {
                found.push((start, i + 3));
            }
        }
    }
    match found.as_slice() {
        [(from, to)] => Ok(Some(format!(
            "{}2d20{keep}{}",
            &rest[..*from],
            &rest[*to..]
        ))),
        _ => Err(DiceError {
            input: input.to_string(),
            pos: None,
            message: format!(
                "'{word}' goes after a roll with one plain d20: 1d20+5 {word} (or write 2d20{keep}+5)"
            ),
        }),
    }
}

/// The dice language's own words, which no saved roll may be named.
pub const LANGUAGE_WORDS: [&str; 10] = [
    "adv",
    "advantage",
    "dis",
    "disadvantage",
    "floor",
    "ceil",
    "round",
    "abs",
    "min",
    "max",
];

/// Most characters a label or a comment keeps.
pub const MAX_NOTE: usize = 80;

pub fn parse(input: &str) -> Result<Roll, DiceError> {
    parse_plain(input).map_err(super::hints::with_hint)
}

/// `parse`, without the hints an error may gain.
fn parse_plain(input: &str) -> Result<Roll, DiceError> {
    // `3d6 # fireball`: the comment runs to the end.
    let (input, comment) = match input.split_once('#') {
        Some((roll, note)) => {
            let note: String = note.trim().chars().take(MAX_NOTE).collect();
            (roll, (!note.is_empty()).then_some(note))
        }
        None => (input, None),
    };
    let rewritten = advantage(input)?;
    let input = rewritten.as_deref().unwrap_or(input);
    let mut p = Parser {
        src: input,
        bytes: input.as_bytes(),
        pos: 0,
        dice: Vec::new(),
        depth: 0,
        operators: 0,
    };
    p.skip_ws();
    let mut repeats = p.repeats()?;
    let body_from = p.pos;
    let expr = p.sum()?;
    p.skip_ws();
    // A comparison of the whole roll: `1d20+5 >= 15` (one straight after a
    // dice term, `8d10>7`, was read as a success pool).
    let compare = match p.cmp().or_else(|| p.vs()) {
        Some(c) => {
            let right = p.sum()?;
            p.skip_ws();
            let at = p.pos;
            if p.cmp().is_some() {
                return Err(p.error_at(Some(at), "one comparison per roll: 1d20+5 >= 15"));
            }
            Some((c, right))
        }
        None => None,
    };
    let body = input[body_from..p.pos].trim().to_string();
    // `4d6kh3 x6`: the repeat count after the roll, as players also write.
    if p.peek() == Some(b'x') && p.peek2().is_some_and(|b| b.is_ascii_digit()) {
        let at = p.pos;
        p.pos += 1;
        let k = p.need_int("a number of repeats")?;
        if repeats != 1 {
            return Err(p.error_at(
                Some(at),
                "the repeats are given twice: write 6x4d6kh3 or 4d6kh3 x6",
            ));
        }
        if k == 0 || k > MAX_REPEATS {
            return Err(p.error_at(
                Some(at),
                format!("{k} repeats: roll between 1 and {MAX_REPEATS} times"),
            ));
        }
        repeats = k;
        p.skip_ws();
    }
    if p.pos < p.bytes.len() {
        return Err(p.error_here("unexpected character"));
    }
    let total: u64 = p.dice.iter().map(|d| d.count).sum();
    if total > MAX_DICE {
        return Err(p.error_at(
            None,
            format!("{total} dice in one roll is too many (at most {MAX_DICE})"),
        ));
    }
    Ok(Roll {
        source: input.trim().to_string(),
        body,
        repeats,
        expr,
        dice: p.dice,
        compare,
        comment,
    })
}

struct Parser<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    dice: Vec<Dice>,
    /// Parentheses and minus signs open around the current position.
    depth: u32,
    operators: u32,
}

impl Parser<'_> {
    /// Go one level deeper (a parenthesis or a minus sign), refusing past
    /// the bound with the place it was passed.
    fn enter(&mut self) -> Result<(), DiceError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error_at(
                Some(self.pos),
                format!("more than {MAX_NESTING} parentheses or minus signs inside one another"),
            ));
        }
        Ok(())
    }

    /// Count one more operator, refusing past the bound.
    fn operator(&mut self) -> Result<(), DiceError> {
        self.operators += 1;
        if self.operators > MAX_OPERATORS {
            return Err(self.error_at(
                Some(self.pos),
                format!("more than {MAX_OPERATORS} operators in one expression"),
            ));
        }
        Ok(())
    }

    fn error_at(&self, pos: Option<usize>, message: impl Into<String>) -> DiceError {
        DiceError {
            input: self.src.to_string(),
            pos,
            message: message.into(),
        }
    }

    fn error_here(&self, what: &str) -> DiceError {
        let message = match self.src[self.pos..].chars().next() {
            Some(c) => format!("{what} '{c}' in dice expression"),
            None => format!("{what}: the expression ends too soon"),
        };
        self.error_at(Some(self.pos), message)
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).map(|b| b.to_ascii_lowercase())
    }

    fn peek2(&self) -> Option<u8> {
        self.bytes.get(self.pos + 1).map(|b| b.to_ascii_lowercase())
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    fn int(&mut self) -> Result<Option<u64>, DiceError> {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return Ok(None);
        }
        self.src[start..self.pos]
            .parse::<u64>()
            .ok()
            .filter(|&n| n <= i64::MAX as u64 / 4)
            .map(Some)
            .ok_or_else(|| self.error_at(Some(start), "number too large"))
    }

    fn need_int(&mut self, what: &str) -> Result<u64, DiceError> {
        self.int()?
            .ok_or_else(|| self.error_here(&format!("expected {what}, found")))
    }

    /// The math function named here, if one is (followed by `(`).
    fn function(&self) -> Option<Func> {
        let rest = &self.src[self.pos..];
        // `get`, not indexing: the name's length may fall inside a
        // character of the input (`abé`).
        Func::ALL.into_iter().find(|f| {
            let n = f.name().len();
            rest.get(..n)
                .is_some_and(|w| w.eq_ignore_ascii_case(f.name()))
                && rest
                    .get(n..)
                    .is_some_and(|r| r.trim_start().starts_with('('))
        })
    }

    /// `floor(...)`, `max(a, b, ...)`.
    fn call(&mut self, start: usize) -> Result<Expr, DiceError> {
        let f = self.function().expect("checked by the caller");
        self.pos += f.name().len();
        self.skip_ws();
        let args = self.list(b')')?;
        let want = match f {
            Func::Min | Func::Max => args.len() >= 2,
            _ => args.len() == 1,
        };
        if !want {
            return Err(self.error_at(
                Some(start),
                match f {
                    Func::Min | Func::Max => format!(
                        "{}() takes two or more values: {}(1d6, 1d8)",
                        f.name(),
                        f.name()
                    ),
                    _ => format!("{}() takes one value: {}(1d6/2)", f.name(), f.name()),
                },
            ));
        }
        Ok(Expr::Call(f, args))
    }

    /// `{4d6, 3d8}kh1`, `{3d6, 2d8}>10`: a group and what follows it.
    fn pool(&mut self) -> Result<Expr, DiceError> {
        let items = self.list(b'}')?;
        let from = self.pos;
        let mut m = PoolMods::default();
        let n = items.len() as u64;
        loop {
            let at = self.pos;
            match (self.peek(), self.peek2()) {
                (Some(a @ (b'k' | b'd')), Some(b @ (b'h' | b'l' | b'0'..=b'9'))) => {
                    // `k1` keeps the highest, `d1` drops the lowest.
                    let implicit = b.is_ascii_digit();
                    self.pos += if implicit { 1 } else { 2 };
                    let b = if implicit {
                        if a == b'k' { b'h' } else { b'l' }
                    } else {
                        b
                    };
                    let k = self.need_int("how many entries")?;
                    if k > n {
                        return Err(self.error_at(
                            Some(at),
                            format!("cannot keep or drop {k} of {n} entries"),
                        ));
                    }
                    m.picks.push(match (a == b'k', b == b'h') {
                        (true, true) => Pick::KeepHigh(k),
                        (true, false) => Pick::KeepLow(k),
                        (false, true) => Pick::DropHigh(k),
                        (false, false) => Pick::DropLow(k),
                    });
                }
                (Some(b'>' | b'<' | b'='), _) if m.success.is_none() => {
                    m.success = Some(self.sel()?);
                }
                (Some(b'f'), _) if m.success.is_some() && m.failure.is_none() => {
                    self.pos += 1;
                    m.failure = Some(self.sel()?);
                }
                _ => break,
            }
        }
        m.source = self.src[from..self.pos].to_string();
        Ok(Expr::Pool(items, m))
    }

    /// Expressions split by commas, from the opening bracket here to
    /// `close`: a function's arguments, a group's entries.
    fn list(&mut self, close: u8) -> Result<Vec<Expr>, DiceError> {
        self.enter()?;
        self.pos += 1; // the opening bracket
        let mut items = vec![self.sum()?];
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b',') => {
                    self.operator()?;
                    self.pos += 1;
                    items.push(self.sum()?);
                }
                Some(c) if c == close => {
                    self.pos += 1;
                    break;
                }
                _ => {
                    return Err(
                        self.error_here(&format!("expected ',' or '{}', found", char::from(close)))
                    );
                }
            }
        }
        self.depth -= 1;
        Ok(items)
    }

    /// `[fire]` after a dice term: its label.
    fn label(&mut self) -> Result<Option<String>, DiceError> {
        if self.peek() != Some(b'[') {
            return Ok(None);
        }
        let open = self.pos;
        let Some(len) = self.src[open..].find(']') else {
            return Err(self.error_at(Some(open), "a label needs its ']': 2d6[fire]"));
        };
        let label = self.src[open + 1..open + len].trim().to_string();
        if label.is_empty() || label.chars().count() > MAX_NOTE {
            return Err(self.error_at(
                Some(open),
                format!("a label is 1 to {MAX_NOTE} characters: 2d6[fire]"),
            ));
        }
        self.pos = open + len + 1;
        Ok(Some(label))
    }

    /// `vs` between a roll and its target, taken: the roll meets or beats
    /// it (`1d20+5 vs 15` is `1d20+5 >= 15`), as players say a check.
    fn vs(&mut self) -> Option<Cmp> {
        let rest = self.src.get(self.pos..)?;
        let word = rest.get(..2)?;
        let after = rest.as_bytes().get(2).copied();
        if word.eq_ignore_ascii_case("vs") && after.is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 2;
            self.skip_ws();
            return Some(Cmp::Ge);
        }
        None
    }

    /// A comparison operator here, taken: `>=`, `<=`, `>`, `<`, `=`, `==`.
    fn cmp(&mut self) -> Option<Cmp> {
        let (c, len) = match (self.peek(), self.peek2()) {
            (Some(b'>'), Some(b'=')) => (Cmp::Ge, 2),
            (Some(b'<'), Some(b'=')) => (Cmp::Le, 2),
            (Some(b'='), Some(b'=')) => (Cmp::Eq, 2),
            (Some(b'>'), _) => (Cmp::Gt, 1),
            (Some(b'<'), _) => (Cmp::Lt, 1),
            (Some(b'='), _) => (Cmp::Eq, 1),
            _ => return None,
        };
        self.pos += len;
        Some(c)
    }

    fn repeats(&mut self) -> Result<u64, DiceError> {
        let start = self.pos;
        if let Some(k) = self.int()?
            && self.peek() == Some(b'x')
        {
            self.pos += 1;
            if k == 0 || k > MAX_REPEATS {
                return Err(self.error_at(
                    Some(start),
                    format!("{k} repeats: roll between 1 and {MAX_REPEATS} times"),
                ));
            }
            self.skip_ws();
            return Ok(k);
        }
        self.pos = start;
        Ok(1)
    }

    fn sum(&mut self) -> Result<Expr, DiceError> {
        let mut left = self.product()?;
        loop {
            self.skip_ws();
            let op = match self.peek() {
                Some(b'+') => Op::Add,
                Some(b'-') => Op::Sub,
                _ => return Ok(left),
            };
            self.operator()?;
            self.pos += 1;
            let right = self.product()?;
            left = Expr::Bin(op, Box::new(left), Box::new(right));
        }
    }

    fn product(&mut self) -> Result<Expr, DiceError> {
        let mut left = self.unary()?;
        loop {
            self.skip_ws();
            let op = match self.peek() {
                Some(b'*') => Op::Mul,
                Some(b'/') => Op::Div,
                Some(b'%') => Op::Mod,
                _ => return Ok(left),
            };
            self.operator()?;
            self.pos += 1;
            let right = self.unary()?;
            left = Expr::Bin(op, Box::new(left), Box::new(right));
        }
    }

    fn unary(&mut self) -> Result<Expr, DiceError> {
        self.skip_ws();
        if self.peek() == Some(b'-') {
            self.enter()?;
            self.pos += 1;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(Expr::Neg(Box::new(inner)));
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Expr, DiceError> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some(b'(') => {
                self.enter()?;
                self.pos += 1;
                let inner = self.sum()?;
                self.depth -= 1;
                self.skip_ws();
                if self.peek() != Some(b')') {
                    return Err(self.error_here("expected ')', found"));
                }
                self.pos += 1;
                Ok(Expr::Group(Box::new(inner)))
            }
            Some(b'{') => self.pool(),
            Some(b'a'..=b'z') if self.function().is_some() => self.call(start),
            Some(b'd') => self.dice(start, 1),
            Some(b'p') if self.peek2() == Some(b'p') => self.dice(start, 1),
            Some(b) if b.is_ascii_digit() => {
                let n = self.need_int("a number")?;
                match self.peek() {
                    Some(b'd') => self.dice(start, n),
                    Some(b'p') if self.peek2() == Some(b'p') => self.dice(start, n),
                    _ => Ok(Expr::Num(n as i64)),
                }
            }
            _ => Err(self.error_here("expected a number, dice or '(', found")),
        }
    }

    fn dice(&mut self, start: usize, count: u64) -> Result<Expr, DiceError> {
        if count == 0 {
            return Err(self.error_at(Some(start), "0 dice: roll at least one"));
        }
        if count > MAX_DICE {
            return Err(self.error_at(
                Some(start),
                format!("{count} dice is too many (at most {MAX_DICE} in one roll)"),
            ));
        }
        let faces = if self.peek() == Some(b'p') {
            self.pos += 2;
            Faces::Piecepack
        } else {
            self.pos += 1; // 'd'
            match self.peek() {
                Some(b'%') => {
                    self.pos += 1;
                    Faces::Numbered(100)
                }
                Some(b'f') => {
                    self.pos += 1;
                    Faces::Fudge
                }
                Some(b'{') => self.listed_faces()?,
                _ => {
                    let at = self.pos;
                    let sides = self.need_int("the number of sides")?;
                    if sides == 0 || sides > MAX_SIDES {
                        return Err(self.error_at(
                            Some(at),
                            format!("a die needs 1 to {MAX_SIDES} sides, not {sides}"),
                        ));
                    }
                    Faces::Numbered(sides)
                }
            }
        };
        let mods = self.mods(&faces, count)?;
        let label = self.label()?;
        let source = self.src[start..self.pos].to_string();
        self.dice.push(Dice {
            count,
            faces,
            mods,
            source,
            label,
        });
        Ok(Expr::Dice(self.dice.len() - 1))
    }

    /// `{0,1,1,2}` after a `d`: a die with these sides.
    fn listed_faces(&mut self) -> Result<Faces, DiceError> {
        let open = self.pos;
        self.pos += 1;
        let mut sides = Vec::new();
        loop {
            self.skip_ws();
            let at = self.pos;
            let negative = self.peek() == Some(b'-');
            if negative {
                self.pos += 1;
            }
            let Some(v) = self.int()? else {
                return Err(self.error_here(if sides.is_empty() {
                    "a listed die needs its numbers: d{0,1,2}; found"
                } else {
                    "expected a number, found"
                }));
            };
            if v > MAX_SIDES {
                return Err(self.error_at(
                    Some(at),
                    format!("a side is at most {MAX_SIDES} either way, not {v}"),
                ));
            }
            sides.push(if negative { -(v as i64) } else { v as i64 });
            if sides.len() as u64 > MAX_LISTED_SIDES {
                return Err(self.error_at(
                    Some(open),
                    format!("a listed die has at most {MAX_LISTED_SIDES} sides"),
                ));
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Faces::List(sides.into()));
                }
                _ => return Err(self.error_here("expected ',' or '}', found")),
            }
        }
    }

    /// `u` needs dice that can all differ, and plain ones: a reroll,
    /// an explosion or a clamp would change what "alike" means.
    fn unique_fits(&self, at: usize, faces: &Faces, count: u64, m: &Mods) -> Result<(), DiceError> {
        let mut sides: Vec<i64> = faces.values().collect();
        sides.sort_unstable();
        let all = sides.len();
        sides.dedup();
        if sides.len() < all {
            return Err(self.error_at(
                Some(at),
                "u needs a die whose sides all differ (this one repeats a number)",
            ));
        }
        if count > all as u64 {
            return Err(self.error_at(
                Some(at),
                format!("{count} dice cannot all differ on a die of {all} sides"),
            ));
        }
        if m.reroll.is_some()
            || m.reroll_add.is_some()
            || m.explode.is_some()
            || m.min.is_some()
            || m.max.is_some()
        {
            return Err(self.error_at(
                Some(at),
                "u goes with plain dice (no rerolls, explosions or clamps): 4d6u, 4d6ukh3, 6d10u>7",
            ));
        }
        Ok(())
    }

    /// A selector if one is written here, else `default` (`ra`, `db`, `cs`
    /// and a lone `r` may leave theirs out).
    fn sel_or(&mut self, default: Sel) -> Result<Sel, DiceError> {
        if matches!(self.peek(), Some(b'>' | b'<' | b'=' | b'0'..=b'9')) {
            self.sel()
        } else {
            Ok(default)
        }
    }

    fn sel(&mut self) -> Result<Sel, DiceError> {
        let neg = |p: &mut Self| {
            if p.peek() == Some(b'-') {
                p.pos += 1;
                -1
            } else {
                1
            }
        };
        // `>=N` and `<=N` are `>N-1` and `<N+1`: the faces are whole.
        let or_equal = |p: &mut Self| {
            if p.peek() == Some(b'=') {
                p.pos += 1;
                1
            } else {
                0
            }
        };
        match self.peek() {
            Some(b'>') => {
                self.pos += 1;
                let eq = or_equal(self);
                let s = neg(self);
                Ok(Sel::Gt(
                    s * self.need_int("a number after '>'")? as i64 - eq,
                ))
            }
            Some(b'<') => {
                self.pos += 1;
                let eq = or_equal(self);
                let s = neg(self);
                Ok(Sel::Lt(
                    s * self.need_int("a number after '<'")? as i64 + eq,
                ))
            }
            Some(b'=') => {
                self.pos += 1;
                let s = neg(self);
                Ok(Sel::Eq(s * self.need_int("a number after '='")? as i64))
            }
            _ => Ok(Sel::Eq(self.need_int("a face or >N or <N")? as i64)),
        }
    }

    fn mods(&mut self, faces: &Faces, count: u64) -> Result<Mods, DiceError> {
        let mut m = Mods::default();
        // Where `u` was written: checked once every modifier is read.
        let mut unique_at = None;
        loop {
            let at = self.pos;
            let (a, b) = (self.peek(), self.peek2());
            match (a, b) {
                // `k3` keeps the highest 3 and `d1` drops the lowest, as
                // Roll20, rpg-dice-roller and Foundry all have it.
                (Some(b'k' | b'd' | b'p'), Some(b'h' | b'l'))
                | (Some(b'k' | b'd'), Some(b'0'..=b'9')) => {
                    let implicit = b.is_some_and(|c| c.is_ascii_digit());
                    self.pos += if implicit { 1 } else { 2 };
                    let n = self.need_int("how many dice")?;
                    if n > count {
                        return Err(self.error_at(
                            Some(at),
                            format!("cannot keep or drop {n} of {count} dice"),
                        ));
                    }
                    let keep = a == Some(b'k');
                    let high = if implicit { keep } else { b == Some(b'h') };
                    m.picks.push(match (keep, high) {
                        (true, true) => Pick::KeepHigh(n),
                        (true, false) => Pick::KeepLow(n),
                        (false, true) => Pick::DropHigh(n),
                        (false, false) => Pick::DropLow(n),
                    });
                }
                // `4d6km2` keeps the middle two: as many dropped from the
                // top as from the bottom, one more from the bottom when
                // they cannot be even (our reading). Written as the two
                // steps it is, so rolls, odds and costs follow them.
                (Some(b'k'), Some(b'm')) => {
                    self.pos += 2;
                    let n = self.need_int("how many dice in the middle")?;
                    if n > count || n == 0 {
                        return Err(self.error_at(
                            Some(at),
                            format!("cannot keep the middle {n} of {count} dice"),
                        ));
                    }
                    m.picks.push(Pick::DropHigh((count - n) / 2));
                    m.picks.push(Pick::KeepHigh(n));
                }
                (Some(b'k'), _) => {
                    self.pos += 1;
                    m.picks.push(Pick::Keep(self.sel()?));
                }
                (Some(b'p'), _) => {
                    self.pos += 1;
                    m.picks.push(Pick::Drop(self.sel()?));
                }
                (Some(b'r'), Some(b'a')) => {
                    if m.reroll_add.is_some() {
                        return Err(self.error_at(Some(at), "one ra per dice term"));
                    }
                    self.pos += 2;
                    m.reroll_add = Some(self.sel_or(Sel::Eq(faces.max()))?);
                }
                // `rr` and `ro`; a lone `r` is `rr`, as Roll20 and
                // rpg-dice-roller have it (bare, it rerolls the lowest face).
                (Some(b'r'), _) => {
                    if m.reroll.is_some() {
                        return Err(self.error_at(
                            Some(at),
                            "only one reroll per dice term: a range covers several faces, rr<3",
                        ));
                    }
                    let lone = !matches!(b, Some(b'r' | b'o'));
                    self.pos += if lone { 1 } else { 2 };
                    let sel = if lone {
                        self.sel_or(Sel::Eq(faces.min()))?
                    } else {
                        self.sel()?
                    };
                    m.reroll_once = b == Some(b'o');
                    if !m.reroll_once && sel.matching(faces) == faces.count() {
                        return Err(self.error_at(
                            Some(at),
                            format!("rr{sel} rerolls every face, so it would never finish"),
                        ));
                    }
                    m.reroll = Some(sel);
                }
                (Some(b'e' | b'!'), next) => {
                    if m.explode.is_some() {
                        return Err(self.error_at(Some(at), "only one explosion per dice term"));
                    }
                    self.pos += 1;
                    // `!!` (and our older `e`) compound the extra rolls into
                    // the die; `!` makes each its own die, as Roll20 does.
                    m.compound = a == Some(b'e');
                    if a == Some(b'!') && next == Some(b'!') {
                        self.pos += 1;
                        m.compound = true;
                    }
                    if self.peek() == Some(b'p') && a == Some(b'!') {
                        self.pos += 1;
                        m.penetrate = true;
                    }
                    let sel = if matches!(self.peek(), Some(b'>' | b'<' | b'0'..=b'9')) {
                        self.sel()?
                    } else {
                        Sel::Eq(faces.max())
                    };
                    if sel.matching(faces) == faces.count() {
                        return Err(self.error_at(
                            Some(at),
                            format!("exploding on every face ({sel}) would never finish"),
                        ));
                    }
                    m.explode = Some(sel);
                }
                (Some(b's'), next) => {
                    if m.sort.is_some() {
                        return Err(self.error_at(Some(at), "one sort per dice term"));
                    }
                    self.pos += 1;
                    let down = next == Some(b'd')
                        && !self.bytes.get(self.pos + 1).is_some_and(u8::is_ascii_digit);
                    if down {
                        self.pos += 1;
                    }
                    m.sort = Some(down);
                }
                (Some(b'c'), Some(b's' | b'f')) => {
                    self.pos += 2;
                    let sel = self.sel_or(if b == Some(b's') {
                        Sel::Eq(faces.max())
                    } else {
                        Sel::Eq(faces.min())
                    })?;
                    let slot = if b == Some(b's') {
                        &mut m.crit_success
                    } else {
                        &mut m.crit_fail
                    };
                    if slot.replace(sel).is_some() {
                        return Err(self.error_at(Some(at), "one cs and one cf per dice term"));
                    }
                }
                (Some(b'm'), Some(b'i' | b'a')) => {
                    self.pos += 2;
                    let v = self.need_int("a number")? as i64;
                    if b == Some(b'i') {
                        m.min = Some(v);
                    } else {
                        m.max = Some(v);
                    }
                }
                // A success test right after the dice: `8d10>7`, `>=8`.
                (Some(b'>' | b'<' | b'='), _) => {
                    if m.success.is_some() {
                        return Err(self.error_at(Some(at), "one success test per dice term"));
                    }
                    m.success = Some(self.sel()?);
                }
                // `db10`: a letter pair no drop (`d2`, `dl1`, `dh1`) begins with.
                (Some(b'd'), Some(b'b')) => {
                    if m.success.is_none() {
                        return Err(self.error_at(
                            Some(at),
                            "db (doubles) goes after a success test: 10d10>7db10",
                        ));
                    }
                    if m.double.is_some() {
                        return Err(self.error_at(Some(at), "one db per dice term"));
                    }
                    self.pos += 2;
                    m.double = Some(self.sel_or(Sel::Eq(faces.max()))?);
                }
                (Some(b'f'), _) if m.success.is_some() => {
                    if m.failure.is_some() {
                        return Err(self.error_at(Some(at), "one failure test per dice term"));
                    }
                    self.pos += 1;
                    m.failure = Some(self.sel()?);
                }
                (Some(b'f'), _) => {
                    return Err(
                        self.error_at(Some(at), "f (failures) goes after a success test: 8d10>7f1")
                    );
                }
                (Some(b'u'), _) => {
                    if m.unique {
                        return Err(self.error_at(Some(at), "one u per dice term"));
                    }
                    self.pos += 1;
                    m.unique = true;
                    unique_at = Some(at);
                }
                _ => {
                    if let Some(at) = unique_at {
                        self.unique_fits(at, faces, count, &m)?;
                    }
                    return Ok(m);
                }
            }
        }
    }
}

/// Floor division (rounds down, also for negative results).
pub fn floor_div(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    // checked_div fails only for i64::MIN / -1, whose result overflows.
    let q = a.checked_div(b)?;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_terms_and_mods() {
        let r = parse("2d6+1d4-1").unwrap();
        assert_eq!(r.dice.len(), 2);
        assert_eq!(r.dice[0].source, "2d6");
        let r = parse("4d6kh3").unwrap();
        assert_eq!(r.dice[0].mods.picks, vec![Pick::KeepHigh(3)]);
        let r = parse("1d10rr<3").unwrap();
        assert_eq!(r.dice[0].mods.reroll, Some(Sel::Lt(3)));
        // Roll20's and rpg-dice-roller's `r` is `rr`; bare, the lowest face.
        assert_eq!(
            parse("2d8r8").unwrap().dice[0].mods,
            parse("2d8rr8").unwrap().dice[0].mods
        );
        assert_eq!(parse("2d8r").unwrap().dice[0].mods.reroll, Some(Sel::Eq(1)));
        assert!(!parse("2d8r<3").unwrap().dice[0].mods.reroll_once);
        let r = parse("1d6!").unwrap();
        assert_eq!(r.dice[0].mods.explode, Some(Sel::Eq(6)));
        let r = parse("6x4d6kh3").unwrap();
        assert_eq!(r.repeats, 6);
        // `!!` (and `e`) compound; `!` makes extra dice; `p` penetrates.
        let m = |e: &str| parse(e).unwrap().dice[0].mods.clone();
        assert!(m("3d6!!").compound && m("3d6e").compound && !m("3d6!").compound);
        assert_eq!(m("3d6!!>5").explode, Some(Sel::Gt(5)));
        assert_eq!(m("3d6!>=5").explode, Some(Sel::Gt(4)));
        assert!(m("3d6!p").penetrate && m("3d6!!p>4").penetrate && !m("3d6!").penetrate);
        assert!(parse("3d6!!!").is_err());
        // Advantage and disadvantage after a d20.
        assert_eq!(parse("1d20+5 adv").unwrap().source, "2d20kh1+5");
        assert_eq!(parse("d20 dis").unwrap().source, "2d20kl1");
        let e = parse("2d6 adv").unwrap_err().to_string();
        assert!(
            e.starts_with("'adv' goes after a roll with one plain d20"),
            "{e}"
        );
        // The count may follow the roll too.
        assert_eq!(parse("4d6kh3 x6").unwrap().repeats, 6);
        assert_eq!(parse("4d6kh3x6").unwrap().repeats, 6);
        let e = parse("2x4d6 x6").unwrap_err().to_string();
        assert!(e.contains("the repeats are given twice"), "{e}");
        let r = parse("3PP").unwrap();
        assert_eq!(r.dice[0].faces, Faces::Piecepack);
        assert_eq!(parse("d%").unwrap().dice[0].faces, Faces::Numbered(100));
        assert_eq!(parse("4dF").unwrap().dice[0].faces, Faces::Fudge);
        assert_eq!(parse("(1d4 + 2) * 3").unwrap().dice.len(), 1);
    }

    #[test]
    fn a_misplaced_adv_says_where_it_goes() {
        let e = parse("adv 1d20+5").unwrap_err();
        assert_eq!(
            e.to_string(),
            "'adv' goes last, after a roll with one plain d20: 1d20+5 adv (or write 2d20kh1+5)\n  adv 1d20+5\n  ^"
        );
        assert!(
            parse("1d20 dis + 5")
                .unwrap_err()
                .message
                .contains("2d20kl1")
        );
    }

    #[test]
    fn caret_points_at_the_bad_character() {
        let e = parse("2d6+x").unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected a number, dice or '(', found 'x' in dice expression\n  2d6+x\n      ^"
        );
        let e = parse("3d").unwrap_err();
        assert!(
            e.to_string().starts_with("expected the number of sides"),
            "{e}"
        );
        let e = parse("1d6 )").unwrap_err();
        assert_eq!(e.pos, Some(4));
    }

    #[test]
    fn refuses_what_cannot_finish_or_is_too_big() {
        assert!(
            parse("1d1rr1")
                .unwrap_err()
                .message
                .contains("never finish")
        );
        assert!(parse("1d1e1").unwrap_err().message.contains("never finish"));
        assert!(
            parse("1d6rr<7")
                .unwrap_err()
                .message
                .contains("never finish")
        );
        assert!(parse("10001d6").unwrap_err().message.contains("too many"));
        assert!(
            parse("5000d6+5001d6")
                .unwrap_err()
                .message
                .contains("too many")
        );
        assert!(parse("1d1000001").unwrap_err().message.contains("sides"));
        assert!(parse("0d6").is_err());
        assert!(parse("4d6kh5").is_err());
        assert!(parse("99999999999999999999d6").is_err());
        assert!(parse("1d1ro1").is_ok(), "reroll once always finishes");
    }

    #[test]
    fn deep_or_long_expressions_are_refused_not_overflowed() {
        let deep = format!("{}1{}", "(".repeat(14_000), ")".repeat(14_000));
        let e = parse(&deep).unwrap_err().to_string();
        assert!(
            e.contains("more than 100 parentheses or minus signs"),
            "{e}"
        );
        let minus = format!("{}1", "-".repeat(44_000));
        assert!(
            parse(&minus)
                .unwrap_err()
                .to_string()
                .contains("minus signs")
        );
        let long = vec!["1"; 23_000].join("+");
        let e = parse(&long).unwrap_err().to_string();
        assert!(e.contains("more than 1000 operators"), "{e}");
        // The message shows the line around the caret, not all of it.
        assert!(e.len() < 200, "{e}");
        assert!(e.contains("\n  ...1+1+"), "{e}");
        assert!(e.lines().all(|l| l.chars().count() <= 60), "{e}");
        // Up to the bounds, all is well.
        let ok = format!("{}1{}", "(".repeat(100), ")".repeat(100));
        assert!(parse(&ok).is_ok());
        assert!(parse(&vec!["d6"; 1001].join("+")).is_ok());
        assert!(parse(&format!("--{}", ["1"; 10].join("*"))).is_ok());
    }

    #[test]
    fn quotients_round_once() {
        assert_eq!(Func::Floor.quotient(7, 2), Some(3));
        assert_eq!(Func::Ceil.quotient(7, 2), Some(4));
        assert_eq!(Func::Round.quotient(7, 2), Some(4));
        assert_eq!(Func::Round.quotient(5, 4), Some(1));
        assert_eq!(Func::Round.quotient(-7, 2), Some(-3));
        assert_eq!(Func::Ceil.quotient(-7, 2), Some(-3));
        assert_eq!(Func::Floor.quotient(7, -2), Some(-4));
        assert_eq!(Func::Floor.quotient(1, 0), None);
    }

    #[test]
    fn selector_counts() {
        let d6 = Faces::Numbered(6);
        assert_eq!(Sel::Gt(4).matching(&d6), 2);
        assert_eq!(Sel::Lt(3).matching(&d6), 2);
        assert_eq!(Sel::Eq(7).matching(&d6), 0);
        assert_eq!(Sel::Gt(-5).matching(&d6), 6);
        assert_eq!(Sel::Lt(100).matching(&d6), 6);
    }
}
