//! The names of the people at the table: what may be one, how one is
//! shown, and how a typed name finds it. A name is any printable text a
//! player would write on a score sheet ("Ann Lee", "zoë", "🐧Pat"); it
//! is shown as given and found however it is typed (`zoe`, `ANN LEE`).

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The longest name, in characters.
pub const LONGEST: usize = 40;

/// Why `name` cannot be a name, if it cannot.
pub fn problem(name: &str) -> Option<&'static str> {
    if name.trim().is_empty() {
        return Some("it is empty");
    }
    if name.chars().count() > LONGEST {
        return Some("it is longer than 40 characters");
    }
    if name.chars().any(char::is_control) {
        return Some("it holds a control character");
    }
    if name.chars().any(is_format) {
        return Some(
            "it holds an invisible or direction-changing character (a zero-width space, a bidi override or isolate, a byte-order mark, a line or paragraph separator)",
        );
    }
    if name.trim() != name || name.contains("  ") {
        return Some("it starts or ends with a space, or has two together");
    }
    None
}

/// Characters a name may not hold although they print nothing: they
/// make two names look alike (`ann` and `ann\u{200b}`) or turn the text
/// around it (`\u{202e}nna` shows as "ann"). Unicode's format characters
/// (category Cf) that matter in names, and the two separators.
pub fn is_format(c: char) -> bool {
    matches!(c,
        '\u{00ad}'                 // soft hyphen
        | '\u{061c}'               // Arabic letter mark
        | '\u{180e}'               // Mongolian vowel separator
        | '\u{200b}'..='\u{200f}'  // zero-width space, (non-)joiner, LRM, RLM
        | '\u{2028}'..='\u{202e}'  // line and paragraph separators, embeddings, overrides
        | '\u{2060}'..='\u{2064}'  // word joiner, invisible operators
        | '\u{2066}'..='\u{206f}'  // isolates and deprecated format controls
        | '\u{feff}'               // byte-order mark, zero-width no-break space
        | '\u{fff9}'..='\u{fffb}'  // interlinear annotation
        | '\u{e0001}' | '\u{e0020}'..='\u{e007f}' // tags
    )
}

/// The name as it is compared when typed: compatibility forms made one
/// (NFKC: `ｚｏｅ` and `zoe`, a ligature and its letters), without case
/// or accents (`Zoë`, `ZOE` and `zoe` are one name).
pub fn folded(name: &str) -> String {
    name.nfkd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect::<String>()
        .nfkc()
        .collect()
}

/// Who of the table does not play a game for `players`, in a sentence
/// (`cat and dan sit this one out: players=2 seats the first 2 from who
/// starts`); none when everyone plays.
pub fn sitting_out(names: &[String], players: usize) -> Option<String> {
    (!names.is_empty()).then(|| {
        format!(
            "{} {} this one out: players={players} seats the first {players} from who starts",
            crate::style::list_and(names),
            if names.len() == 1 { "sits" } else { "sit" }
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_what_a_score_sheet_holds() {
        for ok in ["Ann Lee", "zoë", "🐧Pat", "O'Brien", "李", "a"] {
            assert_eq!(problem(ok), None, "{ok}");
        }
        assert_eq!(problem(""), Some("it is empty"));
        assert_eq!(problem("   "), Some("it is empty"));
        assert!(problem(" ann").is_some() && problem("ann  lee").is_some());
        assert!(problem("al\u{1b}[2Jice").is_some());
        assert!(problem(&"x".repeat(41)).is_some());
        for hidden in [
            "ann\u{200b}",
            "\u{202e}nna",
            "a\u{2066}b",
            "\u{feff}ann",
            "an\u{2028}n",
        ] {
            assert!(
                problem(hidden).is_some_and(|p| p.contains("invisible")),
                "{hidden:?}"
            );
        }
        assert_eq!(problem(&"é".repeat(40)), None);
    }

    #[test]
    fn a_name_is_found_however_it_is_typed() {
        assert_eq!(folded("Zoë"), folded("zoe"));
        assert_eq!(folded("ANN LEE"), "ann lee");
        assert_eq!(folded("Çağla"), "cagla");
        assert_eq!(folded("🐧Pat"), "🐧pat");
        assert_eq!(folded("ＺＯË"), "zoe");
        assert_eq!(folded("ﬁona"), "fiona");
    }
}
