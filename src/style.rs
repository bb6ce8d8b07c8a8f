//! Colour, applied last and behind one switch.
//!
//! Everything renders plain text first; `Style` decides whether a span gets
//! ANSI colour. Tests render with `Style::plain()` and compare text.

use colored::{Color, Colorize};

use crate::pieces::{Card, Piece, Suit};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
    /// Columns available for wrapping text (at least 40).
    pub width: usize,
}

impl Default for Style {
    fn default() -> Self {
        Style::plain()
    }
}

/// What a span of text is, so that colour is chosen in one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Heading,
    Good,
    Bad,
    Dim,
    Emph,
    Suit(Suit),
    RedCard,
    BlackCard,
}

impl Style {
    pub const fn plain() -> Style {
        Style {
            color: false,
            width: 60,
        }
    }

    pub fn paint(&self, text: &str, tone: Tone) -> String {
        if !self.color {
            return text.to_string();
        }
        let s = match tone {
            Tone::Heading => text.bold().cyan(),
            Tone::Good => text.green(),
            Tone::Bad => text.red(),
            Tone::Dim => text.dimmed().strikethrough(),
            Tone::Emph => text.bold(),
            Tone::Suit(suit) => match suit_color(suit) {
                Some(c) => text.color(c).bold(),
                None => text.bold(),
            },
            Tone::RedCard => text.red().bold(),
            // The terminal's own text colour: black on a light terminal,
            // white on a dark one (bright white vanished on light ones).
            Tone::BlackCard => text.bold(),
        };
        s.to_string()
    }

    /// A piecepack code in its suit's colour.
    pub fn piece(&self, p: Piece) -> String {
        self.paint(&p.to_string(), Tone::Suit(p.suit))
    }

    pub fn card(&self, c: Card) -> String {
        let tone = if c.is_red() {
            Tone::RedCard
        } else {
            Tone::BlackCard
        };
        self.paint(&c.to_string(), tone)
    }
}

/// Suns red, Crowns green, Arms blue; Moons black, which is the
/// terminal's own text colour (`None`), so they read on dark and light
/// backgrounds alike.
pub fn suit_color(s: Suit) -> Option<Color> {
    match s {
        Suit::Suns => Some(Color::Red),
        Suit::Moons => None,
        Suit::Crowns => Some(Color::Green),
        Suit::Arms => Some(Color::Blue),
    }
}

/// Whether text goes out unwrapped (to a pipe or a file with no width
/// asked for), so a program reading it gets a sentence a line. Set once
/// by the binary, as the output is known; layouts still fit `width`.
static UNWRAPPED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Send text out unwrapped (`true`) or wrapped to its width.
pub fn set_unwrapped(on: bool) {
    UNWRAPPED.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// Wrap `text` to `width` columns, indenting continuation lines by `indent`.
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    if UNWRAPPED.load(std::sync::atomic::Ordering::Relaxed) {
        return text.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let cur = visible_width(&line);
        if cur > 0 && cur + 1 + visible_width(word) > width {
            out.push_str(&line);
            out.push('\n');
            line = indent.to_string();
        } else if cur > 0 && !line.ends_with(' ') {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

/// What a step did, a sentence a line (each wrapped with a hanging
/// indent), then a block drawn under them (a position).
pub fn narrate<S: std::fmt::Display>(lines: &[S], width: usize, below: &str) -> String {
    let mut text: String = lines
        .iter()
        .map(|l| wrap(&l.to_string(), width, "  ") + "\n")
        .collect();
    text.push_str(below);
    text
}

/// Columns `text` takes on screen: colour escape codes take none, a
/// wide character (an emoji, a CJK letter) takes two, an accent none.
pub fn visible_width(text: &str) -> usize {
    use unicode_width::UnicodeWidthStr;
    if text.contains('\u{1b}') {
        strip_ansi(text).width()
    } else {
        text.width()
    }
}

/// `text` in at most `width` columns: a longer one ends in `~`.
pub fn cut(text: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthChar;
    if visible_width(text) <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('~');
    out
}

/// `text` padded with spaces to `width` columns, on the right (`left`
/// aligned) or on the left: `format!("{:<w$}")` counts characters, and an
/// emoji in a name shifted its row by a column.
pub fn padded(text: &str, width: usize, left: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(visible_width(text)));
    if left {
        format!("{text}{fill}")
    } else {
        format!("{fill}{text}")
    }
}

/// A reply's text made to fit `width` columns: a line of prose that is
/// too long is wrapped at spaces under its own indent (plus two). Lines
/// with runs of spaces inside are columns of a diagram or table and are
/// left as they are: re-flowing them would scramble the columns.
pub fn fit(text: &str, width: usize) -> String {
    if text.lines().all(|l| visible_width(l) <= width) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 64);
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let body = line.trim_start();
        let indent = line.len() - body.len();
        let columns = body.trim_end().contains("  ");
        if visible_width(line) <= width || columns || !body.contains(' ') {
            out.push_str(line);
            continue;
        }
        let lead = &line[..indent];
        let more = format!("{lead}  ");
        out.push_str(lead);
        out.push_str(&wrap(body, width.saturating_sub(indent).max(20), &more));
    }
    if text.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// A number with thousands marked (`35,021`), read at a glance.
pub fn thousands(n: i64) -> String {
    let grouped = grouped(u128::from(n.unsigned_abs()));
    if n < 0 {
        format!("-{grouped}")
    } else {
        grouped
    }
}

/// A whole number of any size with thousands separated (`59,049`).
pub fn grouped(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The word for `n` things: "1 step", "2 steps".
pub fn plural(n: u64, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

/// `text` without colour escape codes (for files, which never get them).
pub fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ parameters, then one final letter.
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The most characters of the player's own text an error repeats back:
/// a pasted megabyte is shown as its start and an ellipsis.
pub const MOST_QUOTED: usize = 60;

/// `text` with every quoted stretch ('like this') and every unquoted word
/// longer than `MOST_QUOTED` characters cut to its start and "...".
/// A quote opens at a `'` after a space, a bracket or the start, and
/// closes at a `'` before a space, punctuation or the end, so the
/// apostrophes of words (the giant's) are left alone.
pub fn clip_quoted(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let opens = |i: usize| i == 0 || chars[i - 1].is_whitespace() || "([{".contains(chars[i - 1]);
    let closes = |i: usize| {
        chars
            .get(i + 1)
            .is_none_or(|c| c.is_whitespace() || ":;,.)]}!?".contains(*c))
    };
    let clip = |part: &[char]| -> String {
        if part.len() <= MOST_QUOTED {
            part.iter().collect()
        } else {
            let start: String = part[..MOST_QUOTED - 3].iter().collect();
            format!("{start}...")
        }
    };
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\'' && opens(i) {
            let end = (i + 1..chars.len()).find(|&j| chars[j] == '\'' && closes(j));
            if let Some(end) = end {
                out.push('\'');
                out.push_str(&clip(&chars[i + 1..end]));
                out.push('\'');
                i = end + 1;
                continue;
            }
        }
        if !chars[i].is_whitespace() && (i == 0 || chars[i - 1].is_whitespace()) {
            let end = (i..chars.len())
                .find(|&j| chars[j].is_whitespace())
                .unwrap_or(chars.len());
            if end - i > MOST_QUOTED && !chars[i..end].contains(&'\'') {
                out.push_str(&clip(&chars[i..end]));
                i = end;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// Names as a sentence lists them: `ann`, `ann and ben`, `ann, ben and cat`.
pub fn list_and(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A time as a clock shows it: `19:32`, `1:02:05`, `-0:07` when over.
pub fn clock(secs: i64) -> String {
    let sign = if secs < 0 { "-" } else { "" };
    let s = secs.unsigned_abs();
    if s >= 3600 {
        format!("{sign}{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    } else {
        format!("{sign}{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_style_adds_nothing() {
        let p: Piece = "S3".parse().unwrap();
        assert_eq!(Style::plain().piece(p), "S3");
    }

    #[test]
    fn wrap_respects_width() {
        let w = wrap("one two three four five six seven", 10, "  ");
        for l in w.lines() {
            assert!(l.chars().count() <= 10, "{l:?}");
        }
        assert_eq!(w, "one two\n  three\n  four\n  five six\n  seven");
    }

    #[test]
    fn long_quotes_are_clipped_and_apostrophes_left_alone() {
        let long = "x".repeat(1_000_000);
        let said = clip_quoted(&format!("error: '{long}' is not a coin"));
        assert_eq!(
            said,
            format!("error: '{}...' is not a coin", "x".repeat(57))
        );
        let words = "a b ".repeat(100);
        let said = clip_quoted(&format!("nothing found for '{words}'"));
        assert!(said.len() < 90, "{said}");
        assert_eq!(
            clip_quoted("the giant's brick: 'r3c2' is taken, it's over"),
            "the giant's brick: 'r3c2' is taken, it's over"
        );
        assert_eq!(clip_quoted(&long).chars().count(), MOST_QUOTED);
        assert_eq!(clip_quoted("'é'"), "'é'");
    }
}
