//! Worked examples of every formula form, and of every way a formula is
//! refused.

use super::*;

/// Three players' scores for `cards`, `a` (7) and `b` (-3); the entry
/// `it` is a list of dice; the player scored is the first.
struct Table;

impl Names for Table {
    fn kind(&self, name: &str) -> Result<Kind, Fault> {
        match name {
            "it" => Ok(Kind::List),
            "a" | "b" | "cards" => Ok(Kind::Number),
            _ => fault(format!("'{name}' is not a category")),
        }
    }
}

impl Values for Table {
    fn value(&self, name: &str) -> Result<Option<Value>, Fault> {
        Ok(Some(match name {
            "it" => Value::List(vec![3, 3, 5, 5, 5]),
            "a" => Value::Number(7),
            "b" => Value::Number(-3),
            "cards" => Value::Number(27),
            _ => return Ok(None),
        }))
    }

    fn everyone(&self, name: &str) -> Result<(Vec<Option<i64>>, usize), Fault> {
        Ok(match name {
            "cards" => (vec![Some(27), Some(20), Some(5)], 0),
            _ => (vec![Some(1), Some(1), Some(0)], 0),
        })
    }
}

fn worked(text: &str) -> i64 {
    let e = parse(text).unwrap_or_else(|f| panic!("{text}: {f}"));
    assert_eq!(check(&e, &Table), Ok(Kind::Number), "{text}");
    match eval(&e, &Table) {
        Ok(Some(Value::Number(n))) => n,
        other => panic!("{text}: {other:?}"),
    }
}

fn refused(text: &str) -> String {
    match parse(text) {
        Err(f) => f.0,
        Ok(e) => match check(&e, &Table) {
            Err(f) => f.0,
            Ok(_) => match eval(&e, &Table) {
                Err(f) => f.0,
                ok => panic!("{text} was not refused: {ok:?}"),
            },
        },
    }
}

#[test]
fn every_form_works_out_exactly() {
    let cases: &[(&str, i64)] = &[
        ("12", 12),
        ("-3", -3),
        ("a + b", 4),
        ("a - b", 10),
        ("a * b", -21),
        ("2 + 3 * 4", 14),
        ("(2 + 3) * 4", 20),
        ("a ^ 2", 49),
        ("b ^ 3", -27),
        ("-a ^ 2", -49),
        ("floor(7 / 2)", 3),
        ("floor(-7 / 2)", -4),
        ("ceil(7 / 2)", 4),
        ("ceil(-7 / 2)", -3),
        ("round(7 / 2)", 4),
        ("round(-7 / 2)", -3),
        ("round(8 / 3)", 3),
        ("round(-8 / 3)", -3),
        ("trunc(-7 / 2)", -3),
        ("floor(cards / 3)", 9),
        ("a == 7", 1),
        ("a != 7", 0),
        ("b < 0", 1),
        ("b <= -4", 0),
        ("a > 6 and b > 0", 0),
        ("a > 6 or b > 0", 1),
        ("not b", 0),
        ("if(a >= 7, 35, 0)", 35),
        ("min(a, b, 0)", -3),
        ("max(a, b, 0)", 7),
        ("abs(b)", 3),
        ("sets(3, 2, 4) * 7", 14),
        (
            "a ^ 2 + b ^ 2 + cards ^ 2 + sets(a, cards, 9) * 7",
            49 + 9 + 729 + 49,
        ),
        ("sum(it)", 21),
        ("count(it)", 5),
        ("count(it, 5) * 5", 15),
        ("min(it)", 3),
        ("max(it)", 5),
        ("kinds(it)", 2),
        ("same(it)", 3),
        ("face(it)", 5),
        ("if(kinds(it) == 2 and same(it) == 3, sum(it), 0)", 21),
        ("lookup(4, {1: 1, 2: 3, 3: 6, 4: 10})", 10),
        ("lookup(9, {1: 1, 2: 3, 3: 6, 4: 10, 5+: 15})", 15),
        ("lookup(0, {1: 1, else: -2})", -2),
        ("lookup(-1, {-1: -5, else: 0})", -5),
        ("sum(lookup(it, {3: 4, 5: 10}))", 38),
        ("most(cards) * 3", 3),
        ("least(cards)", 0),
        ("most(a)", 0),
        ("a > 0 and floor(60 / a) == 8", 1),
        ("0 and floor(1 / 0)", 0),
    ];
    for (text, want) in cases {
        assert_eq!(worked(text), *want, "{text}");
    }
}

#[test]
fn every_fault_is_named() {
    let cases: &[(&str, &str)] = &[
        ("", "the formula is empty"),
        (
            "a / 2",
            "a division must say how it rounds: floor(a / b) down, ceil(a / b) up, round(a / b) to the nearest (halves up), trunc(a / b) toward 0",
        ),
        (
            "a % 2",
            "'%': there is no remainder; floor(a / b) rounds a division down",
        ),
        ("a = 2", "'=': compare with == (a test is 1 or 0)"),
        ("a +", "it ends where a number or a category should be"),
        ("a b", "'b' after a whole formula: an operator is missing"),
        ("(a + b", "it ends where ')' should follow what '(' opened"),
        ("c + 1", "'c' is not a category"),
        (
            "summ(it)",
            "'summ' is not a function (did you mean 'sum'?): sum, count, min, max, abs, floor, ceil, round, trunc, if, sets, lookup, kinds, same, face, most, least",
        ),
        (
            "a ^ 10",
            "'^ 10': a power is a number from 0 to 9 (a ^ 2 squares)",
        ),
        (
            "a ^ b",
            "'^ b': a power is a number from 0 to 9 (a ^ 2 squares)",
        ),
        (
            "1 < a < 9",
            "'<': one comparison at a time (a < b and b < c)",
        ),
        ("it + 1", "'+' takes a number, not a list"),
        ("floor(a)", "floor takes a division: floor(a / b)"),
        (
            "floor(it / 2)",
            "floor takes a division of numbers: floor(a / b)",
        ),
        ("floor(a / 0)", "a division by 0"),
        (
            "{1: 2}",
            "a table is lookup's second argument: lookup(n, {1: 1, 2: 3})",
        ),
        (
            "lookup(a, 3)",
            "lookup takes a number or a list and a table: lookup(n, {1: 1, 2: 3, else: 0})",
        ),
        ("lookup(a, {1: 1, 1: 2})", "the table has the key 1 twice"),
        (
            "lookup(a, {1: 1, else: 2, else: 3})",
            "the table has else twice",
        ),
        (
            "lookup(a, {1 2})",
            "'2' where ':' should follow a table's key",
        ),
        (
            "lookup(a, {x: 2})",
            "'x' in a table: a key is a whole number (5+ for 5 and more) or else",
        ),
        (
            "lookup(a, {1: 1, 2: 3})",
            "7 is not in the table, and it has no else",
        ),
        ("lookup(a, {1: 1", "the table is not closed with '}'"),
        (
            "most(a + 1)",
            "most takes one category's name: most(cards) is 1 for the one player with the most",
        ),
        (
            "most(it)",
            "most takes one category's name: most(cards) is 1 for the one player with the most",
        ),
        (
            "if(a, 1)",
            "if takes a test and two numbers: if(upper >= 63, 35, 0)",
        ),
        (
            "sets(a)",
            "sets takes two numbers or more: sets(gears, tablets, compasses)",
        ),
        ("sum(a)", "sum takes a list, or two numbers or more"),
        (
            "count(a)",
            "count takes a list, and a value to count in it if you like: count(it, 5)",
        ),
        ("kinds(a)", "kinds takes one list"),
        ("abs(a, b)", "abs takes one number"),
        (
            "99999999999999999999",
            "'99999999999999999999' is too large a number",
        ),
        (
            "cards ^ 9 * cards ^ 9",
            "a number past the largest a sheet works with",
        ),
        ("a and", "it ends where a number or a category should be"),
        ("and a", "'and' where a number or a category should be"),
        ("a $ b", "'$' is not part of a formula"),
        ("a \u{1b} b", "'\\e' is not part of a formula"),
    ];
    for (text, want) in cases {
        assert_eq!(refused(text), *want, "{text}");
    }
    assert_eq!(
        refused(&"(".repeat(40)),
        "brackets and calls nest more than 32 deep"
    );
    assert_eq!(
        refused(&"-".repeat(40)),
        "brackets and calls nest more than 32 deep"
    );
    assert_eq!(refused(&"1+".repeat(600)), "longer than 1000 characters");
}

/// Division rounds as it says, against exact rational arithmetic, for
/// every numerator and divisor in a range.
#[test]
fn every_rounding_agrees_with_exact_fractions() {
    for a in -40i64..=40 {
        for b in (-9i64..=9).filter(|&b| b != 0) {
            let exact = a as f64 / b as f64;
            assert_eq!(divide(Func::Floor, a, b).unwrap(), exact.floor() as i64);
            assert_eq!(divide(Func::Ceil, a, b).unwrap(), exact.ceil() as i64);
            assert_eq!(divide(Func::Trunc, a, b).unwrap(), exact.trunc() as i64);
            assert_eq!(
                divide(Func::Round, a, b).unwrap(),
                (exact + 0.5).floor() as i64,
                "{a} / {b}"
            );
        }
    }
    assert_eq!(
        divide(Func::Floor, i64::MIN, -1),
        Err(Fault("a number past the largest a sheet works with".into()))
    );
}
