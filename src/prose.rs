//! Rule prose as the terminal shows it: paragraphs and list items,
//! wrapped to the window, interpretations marked. Kept apart from the
//! rule library so a game can quote its rules without depending on it.

use crate::style::{Style, Tone, wrap};

/// Paragraphs and list items of a section text.
pub fn blocks(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    let flush = |cur: &mut String, out: &mut Vec<String>| {
        if !cur.trim().is_empty() {
            out.push(cur.trim().to_string());
        }
        cur.clear();
    };
    for line in text.lines() {
        let t = line.trim();
        let starts_item = t.starts_with("- ")
            || t.split_once(". ")
                .is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty());
        if t.is_empty() {
            flush(&mut cur, &mut out);
        } else if starts_item {
            flush(&mut cur, &mut out);
            cur.push_str(t);
        } else {
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(t);
        }
    }
    flush(&mut cur, &mut out);
    out
}

/// A section's text wrapped to the width, lists indented, interpretations
/// marked.
pub fn render_text(text: &str, style: &Style) -> String {
    let mut out = Vec::new();
    for b in blocks(text) {
        let indent = if b.starts_with("- ") { "  " } else { "" };
        let wrapped = wrap(&b, style.width, indent);
        let painted = if b.starts_with("Interpretation") {
            style.paint(&wrapped, Tone::Emph)
        } else {
            wrapped
        };
        out.push(painted);
    }
    out.join("\n\n").replace("\n\n- ", "\n- ")
}
