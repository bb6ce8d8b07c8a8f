//! Control characters made visible. Text typed at tablemate may not hold
//! them (`App::run_words` refuses them); text read back from elsewhere (a
//! store written before that rule, an import, the roll log, a rule file)
//! is shown through these, so an ESC byte in a player's name cannot clear
//! another player's screen or set their terminal's title.

use std::borrow::Cow;

/// The first control character in `text`, if any.
pub fn control_in(text: &str) -> Option<char> {
    text.chars().find(|c| c.is_control())
}

/// `text` for one line: every control character, line ends too, written
/// as an escape (`\e`, `\r`, `\n`, `\t`, `\u{9b}`), and so is every
/// character that prints nothing or turns the text around it (`\u{200b}`,
/// `\u{202e}`), so a message names what it refuses.
pub fn line(text: &str) -> Cow<'_, str> {
    if text.chars().any(crate::people::is_format) {
        let mut out = String::with_capacity(text.len() + 8);
        for c in text.chars() {
            if crate::people::is_format(c) {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            } else {
                out.push(c);
            }
        }
        return Cow::Owned(escaped(&out, |_| true).into_owned());
    }
    escaped(text, |_| true)
}

/// `text` of several lines: line ends and tabs kept, every other control
/// character written as an escape.
pub fn lines(text: &str) -> Cow<'_, str> {
    escaped(text, |c| c != '\n' && c != '\t')
}

fn escaped(text: &str, escape: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && escape(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !(c.is_control() && escape(c)) {
            out.push(c);
            continue;
        }
        match c {
            '\u{1b}' => out.push_str("\\e"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
        }
    }
    Cow::Owned(out)
}

/// `line`, owned: for fields read back into a typed value.
pub fn owned_line(text: String) -> String {
    match line(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(o) => o,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_written_as_escapes() {
        assert_eq!(line("al\u{1b}[2Jice"), "al\\e[2Jice");
        assert_eq!(line("a\rb\nc\td\u{7}\u{9b}"), "a\\rb\\nc\\td\\u{7}\\u{9b}");
        assert_eq!(lines("a\nb\tc\u{1b}]0;x\u{7}"), "a\nb\tc\\e]0;x\\u{7}");
        assert!(matches!(line("plain, zoë 🐧"), Cow::Borrowed(_)));
        assert_eq!(control_in("ok"), None);
        assert_eq!(control_in("g\u{1b}[31m"), Some('\u{1b}'));
    }
}
