//! PPN's movetext cut into moves, as piecepackr's `ppn` cuts it: a word
//! ending in dots (`1.`, `1...`, `12S.`, `setup.`, a lone `.`) starts a
//! move, a `;` ends one and starts the next, `{...}` standing alone is
//! a comment, and braces inside a word list its forms (`R@{a3,c3}` is
//! `R@a3 R@c3`; `{1..3}` counts).

/// One move: its number as written (`5...`; a `.` or `;` goes on with
/// the number before it), its words, and what was said of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub number: String,
    pub words: Vec<String>,
    pub comment: String,
}

/// Why movetext could not be cut into moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CutError {
    /// A comment opened and never closed.
    Unclosed,
    /// Braces that list more forms than any game's move needs.
    TooMany(String),
}

/// No move of a real game lists more forms than this (Spoff's setup lists
/// 12); a word that does is a mistake, not a game.
const MOST_FORMS: usize = 1000;

pub fn moves(text: &str) -> Result<Vec<Move>, CutError> {
    let mut moves: Vec<Move> = Vec::new();
    let mut last_number = String::new();
    let mut current: Option<Move> = None;
    for token in tokens(text)? {
        match token {
            Token::Comment(c) => {
                let m = current.get_or_insert_with(|| Move {
                    number: last_number.clone(),
                    words: Vec::new(),
                    comment: String::new(),
                });
                if !m.comment.is_empty() {
                    m.comment.push(' ');
                }
                m.comment.push_str(&c);
            }
            Token::Word(w) => {
                // `a;b` is two moves, as ppn reads it.
                for (i, part) in w.split(';').enumerate() {
                    if i > 0 {
                        moves.extend(current.take());
                        current = Some(Move {
                            number: last_number.clone(),
                            words: Vec::new(),
                            comment: String::new(),
                        });
                    }
                    if part.is_empty() {
                        continue;
                    }
                    if is_number(part) {
                        moves.extend(current.take());
                        if part != "." {
                            last_number = part.to_string();
                        }
                        current = Some(Move {
                            number: last_number.clone(),
                            words: Vec::new(),
                            comment: String::new(),
                        });
                        continue;
                    }
                    // `\,` inside braces is a comma that lists nothing.
                    let forms: Vec<String> = expand(part)
                        .into_iter()
                        .map(|f| f.replace("\\,", ","))
                        .collect();
                    if forms.len() > MOST_FORMS {
                        return Err(CutError::TooMany(part.to_string()));
                    }
                    current
                        .get_or_insert_with(|| Move {
                            number: last_number.clone(),
                            words: Vec::new(),
                            comment: String::new(),
                        })
                        .words
                        .extend(forms);
                }
            }
        }
    }
    moves.extend(current.take());
    // A move with nothing in it (a number and a comment) moves nothing:
    // its comment goes with the move before it.
    let mut kept: Vec<Move> = Vec::new();
    for m in moves {
        match kept.last_mut() {
            Some(prev) if m.words.is_empty() => {
                if !m.comment.is_empty() {
                    if !prev.comment.is_empty() {
                        prev.comment.push(' ');
                    }
                    prev.comment.push_str(&m.comment);
                }
            }
            _ if m.words.is_empty() && m.comment.is_empty() => {}
            _ => kept.push(m),
        }
    }
    kept.retain(|m| !m.words.is_empty());
    Ok(kept)
}

enum Token {
    Word(String),
    Comment(String),
}

/// Words and comments: a `{` that starts a word opens a comment (to its
/// `}`, across lines); inside a word, braces list forms.
fn tokens(text: &str) -> Result<Vec<Token>, CutError> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        if c == '{' {
            chars.next();
            let mut depth = 1;
            let mut comment = String::new();
            loop {
                match chars.next() {
                    None => return Err(CutError::Unclosed),
                    Some('{') => {
                        depth += 1;
                        comment.push('{');
                    }
                    Some('}') => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                        comment.push('}');
                    }
                    Some(c) => comment.push(c),
                }
            }
            out.push(Token::Comment(
                comment.split_whitespace().collect::<Vec<_>>().join(" "),
            ));
            continue;
        }
        let mut word = String::new();
        let mut depth = 0usize;
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() && depth == 0 {
                break;
            }
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            word.push(c);
            chars.next();
        }
        out.push(Token::Word(word));
    }
    Ok(out)
}

/// A move's number: letters, digits and `_`, ending in dots (`1.`,
/// `1...`, `3S.`, `Setup.`), or a lone `.`.
fn is_number(word: &str) -> bool {
    let body = word.trim_end_matches('.');
    word.ends_with('.')
        && body
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// A word's forms: `R@{a3,c3}` is `R@a3` and `R@c3`, `({2..4},3)` counts
/// 2 to 4; braces with neither a comma nor a range stay as written.
fn expand(word: &str) -> Vec<String> {
    let Some(open) = word.find('{') else {
        return vec![word.to_string()];
    };
    let mut depth = 0;
    let mut close = None;
    for (i, c) in word[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            _ => {}
        }
    }
    let Some(close) = close else {
        return vec![word.to_string()];
    };
    let (head, inner, tail) = (&word[..open], &word[open + 1..close], &word[close + 1..]);
    let alternatives = match alternatives(inner) {
        Some(a) => a,
        None => {
            // Not a list: keep the braces, expand what follows them.
            return expand(tail)
                .into_iter()
                .map(|t| format!("{head}{{{inner}}}{t}"))
                .collect();
        }
    };
    let tails = expand(tail);
    let mut out = Vec::new();
    for a in alternatives {
        for a in expand(&a) {
            for t in &tails {
                out.push(format!("{head}{a}{t}"));
                if out.len() > MOST_FORMS {
                    return out;
                }
            }
        }
    }
    out
}

/// What braces list: forms split at top-level commas, or a range
/// (`1..5`, `a..e`).
fn alternatives(inner: &str) -> Option<Vec<String>> {
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    let mut escaped = false;
    for (i, c) in inner.char_indices() {
        let was_escaped = escaped;
        escaped = c == '\\' && !was_escaped;
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 && !was_escaped => {
                parts.push(inner[start..i].to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(inner[start..].to_string());
    if parts.len() > 1 {
        return Some(parts);
    }
    let (from, to) = inner.split_once("..")?;
    if let (Ok(a), Ok(b)) = (from.parse::<i64>(), to.parse::<i64>()) {
        if a.abs_diff(b) as usize > MOST_FORMS {
            return Some(vec![String::new(); MOST_FORMS + 1]);
        }
        let range: Vec<i64> = if a <= b {
            (a..=b).collect()
        } else {
            (b..=a).rev().collect()
        };
        return Some(range.into_iter().map(|n| n.to_string()).collect());
    }
    let (a, b) = (single(from)?, single(to)?);
    let range: Vec<char> = if a <= b {
        (a..=b).collect()
    } else {
        (b..=a).rev().collect()
    };
    Some(range.into_iter().map(String::from).collect())
}

fn single(s: &str) -> Option<char> {
    let mut chars = s.chars();
    let c = chars.next()?;
    (chars.next().is_none() && c.is_ascii_alphabetic()).then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> Vec<(String, String, String)> {
        moves(text)
            .unwrap()
            .into_iter()
            .map(|m| (m.number, m.words.join(" "), m.comment))
            .collect()
    }

    fn m(n: &str, w: &str, c: &str) -> (String, String, String) {
        (n.into(), w.into(), c.into())
    }

    #[test]
    fn numbers_semicolons_and_comments_make_the_moves() {
        assert_eq!(
            cut("5. g3-f4 5... e5-g3;*f4 {a jump}\n6. h2-f4;f4-h6;*g3*g5"),
            vec![
                m("5.", "g3-f4", ""),
                m("5...", "e5-g3", ""),
                m("5...", "*f4", "a jump"),
                m("6.", "h2-f4", ""),
                m("6.", "f4-h6", ""),
                m("6.", "*g3*g5", ""),
            ]
        );
        // A lone dot is a move that goes on with the number before it;
        // a comment over lines is one comment, and a move with no words
        // gives its comment to the move before it.
        assert_eq!(
            cut("1. b3-e3 . b8-e8 {Player 1's loss\n is assured} 25. b4-b9 {checkmate}"),
            vec![
                m("1.", "b3-e3", ""),
                m("1.", "b8-e8", "Player 1's loss is assured"),
                m("25.", "b4-b9", "checkmate"),
            ]
        );
        assert_eq!(
            cut("setup. t@b2\n1. S@b2 1... M@a2 {? (1... M@a1)}"),
            vec![
                m("setup.", "t@b2", ""),
                m("1.", "S@b2", ""),
                m("1...", "M@a2", "? (1... M@a1)"),
            ]
        );
        assert_eq!(moves("1. a1-b1 {never closed"), Err(CutError::Unclosed));
    }

    #[test]
    fn braces_list_forms() {
        assert_eq!(
            cut("Setup. R@{a3,c3} W@b{1..3} . *{d4,f2}"),
            vec![
                m("Setup.", "R@a3 R@c3 W@b1 W@b2 W@b3", ""),
                m("Setup.", "*d4 *f2", ""),
            ]
        );
        assert_eq!(
            expand("({2..4},3)-2D"),
            ["(2,3)-2D", "(3,3)-2D", "(4,3)-2D"]
        );
        assert_eq!(expand("x{a..c}"), ["xa", "xb", "xc"]);
        assert_eq!(expand("a{b}c"), ["a{b}c"]);
        assert_eq!(
            cut("1. (8.5,4){~v,-(14\\,2.5)}"),
            vec![m("1.", "(8.5,4)~v (8.5,4)-(14,2.5)", "")]
        );
        assert!(matches!(
            moves("1. *{1..100000}"),
            Err(CutError::TooMany(_))
        ));
        assert!(matches!(
            moves("1. *{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}"),
            Err(CutError::TooMany(_))
        ));
    }
}
