//! Another tool's PPN game replayed without its rules (#81): the setup
//! its header names laid (`setups`), then each move drawn as written
//! (`table`), so any position can be shown. Nothing is checked but that
//! each move can be drawn: a move to a place the rules forbid is drawn
//! all the same.

use std::fmt;

use crate::layout::Placed;

use super::movetext::{self, CutError, Move};
use super::setups::{self, SetupError};
use super::table::{MoveError, Table};

/// A file's game, every move drawable.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The game as its header names it (its GameType, else its Event).
    pub title: String,
    /// Whether a setup was laid from the header (not an empty table).
    pub laid: bool,
    /// Whether its colour letters are marbles (ppn's marble parser).
    marbles: bool,
    pub moves: Vec<Move>,
    setup: Vec<Placed>,
    /// How many of ppn's units a move's step is (`setups::Laid`).
    pub step: f64,
    /// The file's own macros (its header's `Macros`), by name.
    macros: Vec<(String, String)>,
}

/// Why a file's game cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    Cut(CutError),
    Setup {
        game: String,
        why: SetupError,
    },
    Move {
        number: String,
        text: String,
        why: MoveError,
    },
}

/// Read a file's game: its setup laid and every move drawn once, so a
/// move that cannot be drawn is named before any position is shown.
pub fn replay(text: &str) -> Result<Replayed, ReplayError> {
    let parts = super::parts(text);
    let header = parts.header.unwrap_or_default();
    let moves = movetext::moves(parts.movetext).map_err(ReplayError::Cut)?;
    let named = |key: &str| match header.get(key)? {
        serde_yaml::Value::String(s) => Some((s.clone(), serde_yaml::Mapping::new())),
        serde_yaml::Value::Mapping(m) => Some((m.get("Name")?.as_str()?.to_string(), m.clone())),
        _ => None,
    };
    // Marbles are the pieces of a file read by ppn's marble parser.
    let marbles = header
        .get("MovetextParser")
        .and_then(|p| p.as_str())
        .is_some_and(|p| setups::squeeze(p).starts_with("marble"));
    let clean = |name: String| crate::visible::line(name.trim()).to_string();
    let game_type = named("GameType").map(|(name, _)| clean(name));
    // ppn lays `SetUp` where a file gives one, else its GameType; the
    // game is called by its GameType.
    let (title, setup, laid) = match named("SetUp").or_else(|| named("GameType")) {
        Some((name, args)) => {
            let name = clean(name);
            let title = game_type.unwrap_or_else(|| name.clone());
            let setup = setups::lay(&name, &args, marbles).map_err(|why| ReplayError::Setup {
                game: title.clone(),
                why,
            })?;
            (title, Some(setup), true)
        }
        None => {
            let event = header
                .get("Event")
                .and_then(|e| e.as_str())
                .map(|e| clean(e.to_string()))
                .filter(|e| !e.is_empty());
            (event.unwrap_or_else(|| "a game".into()), None, false)
        }
    };
    let setups::Laid { pieces, step } = setup.unwrap_or(setups::Laid {
        pieces: Vec::new(),
        step: 1.0,
    });
    let macros = header
        .get("Macros")
        .and_then(|m| m.as_mapping())
        .map(|m| {
            m.iter()
                .filter_map(|(k, v)| Some((k.as_str()?.to_string(), v.as_str()?.to_string())))
                .collect()
        })
        .unwrap_or_default();
    let replayed = Replayed {
        title,
        laid,
        marbles,
        moves,
        setup: pieces,
        step,
        macros,
    };
    replayed.walk(replayed.moves.len(), |_| {})?;
    Ok(replayed)
}

impl Replayed {
    /// The pieces after `n` moves (0: the setup).
    pub fn position(&self, n: usize) -> Vec<Placed> {
        // Every move was drawn once when the file was read.
        self.walk(n, |_| {}).unwrap_or_default()
    }

    /// Every position, the setup first, in one pass over the moves.
    pub fn positions(&self) -> Vec<Vec<Placed>> {
        let mut all = Vec::new();
        let _ = self.walk(self.moves.len(), |p| all.push(p.to_vec()));
        all
    }

    /// The first `n` moves drawn from the setup, `seen` shown the table
    /// at the setup and after each; the first move that cannot be drawn
    /// is named.
    fn walk(&self, n: usize, mut seen: impl FnMut(&[Placed])) -> Result<Vec<Placed>, ReplayError> {
        let mut table = Table::new(self.setup.clone(), self.marbles, self.step);
        seen(&table.pieces);
        for m in self.moves.iter().take(n) {
            for word in words(m) {
                let failed = |why| ReplayError::Move {
                    number: m.number.clone(),
                    text: m.words.join(" "),
                    why,
                };
                let word = self.expanded(&word).map_err(failed)?;
                table.apply(&word).map_err(failed)?;
            }
            seen(&table.pieces);
        }
        Ok(table.pieces)
    }
}

impl Replayed {
    /// A word with its macros (`` `6-3' ``) replaced: the file's own,
    /// then ppn's dominoes.
    fn expanded(&self, word: &str) -> Result<String, MoveError> {
        let mut out = String::new();
        let mut rest = word;
        while let Some(open) = rest.find('`') {
            let Some(close) = rest[open + 1..].find('\'') else {
                break;
            };
            let name = &rest[open + 1..open + 1 + close];
            out.push_str(&rest[..open]);
            match self.macros.iter().find(|(n, _)| n == name) {
                Some((_, value)) => out.push_str(value),
                None => out.push(
                    super::notation::domino_macro(name)
                        .ok_or_else(|| MoveError::Macro(name.to_string()))?,
                ),
            }
            rest = &rest[open + 2 + close..];
        }
        out.push_str(rest);
        Ok(out)
    }
}

/// A move's words, cut apart as ppn cuts them: a run of removals
/// (`a4-b5*c3*c4` is `a4-b5`, `*c3`, `*c4`) and a lift (`b2$>90!` is
/// `b2$>90`, `!`).
fn words(m: &Move) -> Vec<String> {
    let mut out = Vec::new();
    for w in &m.words {
        let mut start = 0;
        for (i, c) in w.char_indices() {
            if matches!(c, '*' | '!') && i > start {
                out.push(w[start..i].to_string());
                start = i;
            }
        }
        out.push(w[start..].to_string());
    }
    out
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let quoted = |s: &str| crate::style::clip_quoted(&crate::visible::line(s));
        match self {
            ReplayError::Cut(CutError::Unclosed) => {
                write!(f, "a comment's {{ is never closed by }}")
            }
            ReplayError::Cut(CutError::TooMany(w)) => {
                write!(f, "'{}' lists more forms than any move", quoted(w))
            }
            ReplayError::Setup { game, why } => match why {
                SetupError::Unknown => write!(
                    f,
                    "tablemate does not lay {}'s setup (it lays {})",
                    quoted(game),
                    setups::LAID.join(", ")
                ),
                SetupError::Argument(a) => {
                    write!(f, "its {} setup takes no '{}'", quoted(game), quoted(a))
                }
                SetupError::Coins(c) => write!(
                    f,
                    "its Coins '{}' are not 24 coin values (n a 2 3 4 5)",
                    quoted(c)
                ),
                SetupError::Seeded => write!(
                    f,
                    "its {} Tiles leave the ranks to R's random numbers, which tablemate repeats only for a whole setup dealt from a Seed: a file that gives each tile's suit, rank and turn is drawn",
                    quoted(game)
                ),
                SetupError::Unseeded => write!(
                    f,
                    "its {} setup is dealt at random, and it gives no Seed to deal it again from",
                    quoted(game)
                ),
                SetupError::Seed(seed) if seed.is_empty() => {
                    write!(
                        f,
                        "its Seed is not a whole number R takes (up to 2147483647)"
                    )
                }
                SetupError::Seed(seed) => write!(
                    f,
                    "its Seed '{}' is not a whole number R takes (up to 2147483647)",
                    quoted(seed)
                ),
            },
            ReplayError::Move { number, text, why } => {
                let at = if number.is_empty() {
                    format!("the move '{}'", quoted(text))
                } else {
                    format!("move {} '{}'", quoted(number), quoted(text))
                };
                match why {
                    MoveError::Form(w) => write!(
                        f,
                        "{at}: '{}' is a form of ppn's that tablemate does not draw (it draws a1-b2, b1:b3, *f4, S@b2, d3#e3, b2@>90, ?S4-b2, b2~M)",
                        quoted(w)
                    ),
                    MoveError::Empty(p) => write!(f, "{at}: nothing lies at {}", quoted(p)),
                    MoveError::Fewer {
                        place,
                        asked,
                        there,
                    } => write!(
                        f,
                        "{at}: {there} {} at {}, not {asked}",
                        if *there == 1 {
                            "piece lies"
                        } else {
                            "pieces lie"
                        },
                        quoted(place)
                    ),
                    MoveError::Piece(super::notation::PieceError::NotPiecepack(p)) => write!(
                        f,
                        "{at}: '{}' is no piecepack piece (tablemate draws tiles, coins, dice, pawns and pyramids, and marbles where a file is read as marbles)",
                        quoted(p)
                    ),
                    MoveError::Piece(super::notation::PieceError::Rank(p)) => write!(
                        f,
                        "{at}: '{}': a piecepack's ranks are n a 2 3 4 5",
                        quoted(p)
                    ),
                    MoveError::Crowded => write!(f, "{at}: more pieces than any table holds"),
                    MoveError::NoneMoved => write!(
                        f,
                        "{at}: it names no piece, and no piece was moved before it"
                    ),
                    MoveError::Macro(name) => write!(
                        f,
                        "{at}: `{}' is a macro neither ppn nor the file's Macros define",
                        quoted(name)
                    ),
                    MoveError::NoMatch(spec) => {
                        write!(
                            f,
                            "{at}: no piece on the table looks like '{}'",
                            quoted(spec)
                        )
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ppn_file::notation::token;

    /// Each stack's top piece where it lies, as the drawing writes it.
    fn tops(pieces: &[Placed]) -> Vec<String> {
        let mut seen: Vec<(i64, i64, String)> = Vec::new();
        for p in pieces
            .iter()
            .filter(|p| p.kind != crate::layout::Kind::Tile)
        {
            let at = (p.x.round() as i64, p.y.round() as i64);
            seen.retain(|(x, y, _)| (*x, *y) != at);
            seen.push((at.0, at.1, token(p)));
        }
        seen.sort();
        seen.into_iter()
            .map(|(x, y, t)| format!("{}{y}:{t}", (b'a' + x as u8 - 1) as char))
            .collect()
    }

    #[test]
    fn a_checkers_game_is_drawn_move_by_move() {
        let text = "---\nGameType: American Checkers\n...\n1. e3-d4 1... d6-e5 2. d4:e5 {a take}\n";
        let r = replay(text).unwrap();
        assert_eq!((r.title.as_str(), r.moves.len()), ("American Checkers", 3));
        let start = tops(&r.position(0));
        assert_eq!(start.len(), 24);
        assert!(start.contains(&"e3:C".to_string()), "{start:?}");
        assert!(start.contains(&"d6:Sv".to_string()), "{start:?}");
        let end = tops(&r.position(3));
        assert_eq!(end.len(), 23);
        assert!(end.contains(&"e5:C".to_string()), "{end:?}");
        assert!(
            !end.iter()
                .any(|t| t.starts_with("d6:") || t.starts_with("d4:"))
        );
        assert_eq!(r.moves[2].comment, "a take");
    }

    #[test]
    fn what_cannot_be_drawn_is_named_with_its_move() {
        let err = |text: &str| replay(text).unwrap_err().to_string();
        assert_eq!(
            err("GameType: Tablut\n\n1. a4-a3 2. a4-a2\n"),
            "move 2. 'a4-a2': nothing lies at a4"
        );
        assert_eq!(
            err("GameType: Crossings\n\n1. a1-a2\n"),
            "tablemate does not lay Crossings's setup (it lays Alien City, American Checkers, Desfases, Four Field Kono, Ice Floe, International Chess, Japan, Plans of Action, Relativity, Tablut, Tic-Tac-Toe, Xiangqi, games on a marble board (Spaiji, Spoff: SetUp Board, MovetextParser Marble))"
        );
        assert_eq!(
            err("GameType: Tablut\n\n1. e5+\n"),
            "move 1. 'e5+': 'e5+' is a form of ppn's that tablemate does not draw (it draws a1-b2, b1:b3, *f4, S@b2, d3#e3, b2@>90, ?S4-b2, b2~M)"
        );
        assert_eq!(
            err("GameType: Tablut\n\n1. ?S4-a2 ?xS4-a3\n"),
            "move 1. '?S4-a2 ?xS4-a3': no piece on the table looks like '?xS4'"
        );
        assert_eq!(
            err("Event: x\n\nsetup. t@b2 K@b2\n"),
            "move setup. 't@b2 K@b2': 'K' is no piecepack piece (tablemate draws tiles, coins, dice, pawns and pyramids, and marbles where a file is read as marbles)"
        );
        assert_eq!(err("1. {open\n"), "a comment's { is never closed by }");
    }
}
