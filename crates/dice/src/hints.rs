//! What other dice rollers' users type, and the form that works here: a
//! parse error at such a place gains a line saying what to write instead.

use super::error::DiceError;

/// `e` with a hint added when the text at its caret is a known habit from
/// another roller (or plain words); unchanged otherwise.
pub fn with_hint(mut e: DiceError) -> DiceError {
    // Only the plain "what was found here" errors: the others say what
    // to write already.
    let plain = e.message.starts_with("unexpected character") || e.message.starts_with("expected ");
    if !plain {
        return e;
    }
    if let Some(h) = e.pos.and_then(|pos| hint(&e.input, pos)) {
        e.message.push_str("\n  ");
        e.message.push_str(h);
    }
    e
}

fn hint(input: &str, pos: usize) -> Option<&'static str> {
    let lower = input.to_ascii_lowercase();
    let rest = lower.get(pos..)?;
    let before = lower.get(..pos)?;
    // Straight after a dice term (`4d6L`), or after a space (`3d6 fire`).
    let touching = before.ends_with(|c: char| c.is_ascii_alphanumeric());
    // Something rolled or counted stands before (not an operator).
    let after_term = before
        .trim_end()
        .ends_with(|c: char| c.is_ascii_alphanumeric() || c == ')' || c == ']' || c == '}');
    let word = |w: &str| rest.starts_with(w) && !rest[w.len()..].starts_with(char::is_alphabetic);
    let then_number = |lead: usize| {
        rest[lead..]
            .trim_start_matches(['<', '>', '='])
            .starts_with(|c: char| c.is_ascii_digit())
    };
    Some(if before.ends_with('d') && rest.starts_with('c') {
        // `>= DC15`: the `D` was read as a die.
        "a target is a plain number: 1d20+5 >= 15"
    } else if word("vs") || word("versus") {
        "to compare, write >= (or > < <= =): 1d20+5 >= 15"
    } else if ["drop", "keep", "highest", "lowest", "best", "worst"]
        .iter()
        .any(|w| rest.starts_with(w))
    {
        "keep/drop follow the dice: 4d6dl1, 4d6kh3"
    } else if touching
        && (word("l") || word("h") || (rest.starts_with(['l', 'h']) && then_number(1)))
    {
        "drop lowest is dl1, highest dh1: 4d6dl1, 2d20dh1"
    } else if touching && rest.starts_with('t') && then_number(1) {
        "count successes with a comparison: 8d10>=7"
    } else if after_term && rest.starts_with('x') {
        "repeats: x and a number, no space: 4d6kh3 x6"
    } else if rest.starts_with('.') || rest.starts_with(',') && touching && then_number(1) {
        "numbers are whole: for halves, floor(3d6/2)"
    } else if after_term && !touching && rest.starts_with(char::is_alphabetic) && !dice_word(rest) {
        "a label goes in brackets, 3d6[fire]; a note after #"
    } else {
        return None;
    })
}

/// Whether `rest` starts with a dice term (`d8`, `2d6`): a second roll
/// written without a comma, which the caller answers.
fn dice_word(rest: &str) -> bool {
    let after_count = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let mut chars = after_count.chars();
    match (chars.next(), chars.next()) {
        (Some('d'), Some(c)) => c.is_ascii_digit() || matches!(c, '%' | 'f' | '{'),
        (Some('p'), Some('p')) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse;

    fn hint_of(expr: &str) -> String {
        let e = parse(expr).unwrap_err().message;
        e.lines().nth(1).unwrap_or("").trim().to_string()
    }

    #[test]
    fn habits_from_other_rollers_get_the_form_that_works() {
        for (typed, says) in [
            ("1d20 + 5 >= DC15", "a target is a plain number"),
            ("1d20+5 versus 15", "to compare, write >="),
            ("4d6 drop lowest", "keep/drop follow the dice"),
            ("4d6L", "drop lowest is dl1"),
            ("2d20H", "drop lowest is dl1, highest dh1"),
            ("8d10t7", "count successes with a comparison: 8d10>=7"),
            ("3d6x", "repeats: x and a number"),
            ("2d6 x 3", "repeats: x and a number"),
            ("3d6kh3.5", "numbers are whole"),
            ("3d6 fire", "a label goes in brackets, 3d6[fire]"),
        ] {
            let h = hint_of(typed);
            assert!(h.contains(says), "{typed}: {h}");
            assert!(h.len() <= 58, "{typed}: {h} is too wide");
        }
        // No hint where none fits: the message stands alone.
        assert_eq!(hint_of("2d6+"), "");
        assert_eq!(hint_of("(2d6"), "");
        assert_eq!(hint_of("2d6+x"), "");
        assert_eq!(hint_of("+ fire"), "");
        assert_eq!(hint_of("d6 d8"), "");
    }
}
