//! `replay FILE` of another tool's PPN game that tablemate does not
//! follow but can draw (#81): its setup laid, its moves drawn as written
//! (`ppn_file::replay`), the position asked for shown on the points of
//! its board. Nothing is filed and no rule is checked; the file says so.

use std::path::Path;

use serde::Serialize;

use super::{App, Result, invalid};
use crate::layout::Layout;
use crate::ppn_file::replay::{ReplayError, Replayed, replay};
use crate::ppn_file::setups::SetupError;
use crate::reply::{Reply, Show};
use crate::style::{Style, Tone, wrap};

/// One position of a file's game, drawn.
#[derive(Debug, Serialize)]
struct Drawn {
    file: String,
    game: String,
    /// Moves in the file; `at` of them made (0: the setup).
    moves: usize,
    at: usize,
    /// The move that made this position, as written (`5... e5-g3`).
    #[serde(skip_serializing_if = "Option::is_none")]
    made: Option<String>,
    /// What the file says of that move.
    #[serde(skip_serializing_if = "String::is_empty")]
    comment: String,
    /// Whether the file's header laid the setup (else the table started
    /// empty).
    laid: bool,
    /// The pieces where they lie, in ppn's units.
    layout: Layout,
    #[serde(skip)]
    drawn: String,
}

impl Show for Drawn {
    fn show(&self, style: &Style) -> String {
        let head = format!(
            "{}, {}: {}",
            self.file,
            self.game,
            match &self.made {
                None => format!(
                    "{} ({} {})",
                    if self.laid {
                        "the setup"
                    } else {
                        "an empty table"
                    },
                    self.moves,
                    crate::style::plural(self.moves as u64, "move follows", "moves follow")
                ),
                Some(made) => format!("move {} of {} ({made})", self.at, self.moves),
            }
        );
        let head = wrap(&head, style.width, "  ");
        let mut lines = vec![style.paint(&head, Tone::Heading), self.drawn.clone()];
        if !self.comment.is_empty() {
            lines.push(wrap(&format!("{{{}}}", self.comment), style.width, "  "));
        }
        let mut ways = if self.laid {
            format!("drawn as written: no rules of {} are checked", self.game)
        } else {
            "drawn as written: no rules are checked".to_string()
        };
        if self.moves > 0 {
            ways.push_str(&format!("; `replay {} to N` shows move N", self.file));
        }
        lines.push(style.paint(&wrap(&ways, style.width, "  "), Tone::Dim));
        lines.join("\n")
    }
}

impl App {
    /// `replay FILE [first|last|to M] [--out F]` for a file whose game
    /// tablemate draws; `None` where it does not lay the file's setup
    /// (the caller says what the file is).
    pub(super) fn replay_drawn(
        &self,
        path: &Path,
        text: &str,
        rest: &[String],
        out: Option<(&Path, bool)>,
    ) -> Result<Option<Reply>> {
        let shown = path.display().to_string();
        let game = match replay(text) {
            Ok(game) => game,
            Err(ReplayError::Setup {
                why: SetupError::Unknown,
                ..
            }) => return Ok(None),
            Err(e) => return Err(invalid(super::saved::refused(&shown, text, &e))),
        };
        let last = game.moves.len();
        let at = super::records::file_at(&shown, rest, last, false)?;
        if let Some((to, force)) = out {
            return write(&game, at, &shown, to, force, &self.style).map(Some);
        }
        let layout = layout_of(&game, at);
        let drawn = crate::render::points::points(&layout, game.step, &self.style);
        // The file's own words, shown with any control character made
        // visible (a file may carry a terminal's escapes).
        let made = at.checked_sub(1).map(|i| &game.moves[i]).map(|m| {
            let words = format!("{} {}", m.number, m.words.join(" "));
            crate::visible::line(words.trim()).to_string()
        });
        let body = Drawn {
            file: shown,
            game: game.title.clone(),
            moves: last,
            at,
            made,
            comment: at
                .checked_sub(1)
                .map(|i| crate::visible::line(&game.moves[i].comment).to_string())
                .unwrap_or_default(),
            laid: game.laid,
            layout: layout.clone(),
            drawn,
        };
        Ok(Some(Reply::new("replay", body).with_layout(layout)))
    }
}

fn layout_of(game: &Replayed, at: usize) -> Layout {
    laid_out(game, game.position(at))
}

/// A position of the game as our layouts hold one.
fn laid_out(game: &Replayed, pieces: Vec<crate::layout::Placed>) -> Layout {
    let mut layout = Layout::new(&crate::ppn_file::setups::squeeze(&game.title), &game.title);
    layout.pieces = pieces;
    layout
}

/// `--out`: the position as a picture (.svg) or as drawn (.txt), or every
/// position as an animation (.png).
fn write(
    game: &Replayed,
    at: usize,
    shown: &str,
    to: &Path,
    force: bool,
    style: &Style,
) -> Result<Reply> {
    super::saved::check_writable(to, force)?;
    let ext = to
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let bytes = match ext.as_deref() {
        Some("svg") => crate::render::svg(&layout_of(game, at)).into_bytes(),
        Some("txt") => {
            let plain = Style {
                color: false,
                ..*style
            };
            let mut text = crate::render::points::points(&layout_of(game, at), game.step, &plain);
            text.push('\n');
            text.into_bytes()
        }
        Some("png") => {
            let all: Vec<Layout> = game
                .positions()
                .into_iter()
                .map(|pieces| laid_out(game, pieces))
                .collect();
            crate::render::animation(&all)?
        }
        _ => {
            return Err(invalid(format!(
                "'{}': another tool's game is written as .svg (the position), .txt (as drawn) or .png (every move)",
                crate::style::clip_quoted(&to.display().to_string())
            )));
        }
    };
    super::saved::write_new(to, &bytes, force)?;
    Ok(Reply::plain(
        "replay",
        format!("{shown} ({}) written to {}", game.title, to.display()),
    ))
}
