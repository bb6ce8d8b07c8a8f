//! Renderers: each reads only the layout model (`crate::layout`) and
//! returns bytes; writing them anywhere is the caller's business.

pub mod cells;
mod csv;
pub mod luck;
mod png;
pub mod points;
mod ppn;
mod stats;
mod svg;

use std::path::Path;

use crate::layout::Layout;

pub use csv::csv;
pub use png::{animation, png};
pub use ppn::{Header as PpnHeader, ppn, ppn_game};
pub use stats::stats_svg;
pub use svg::svg;

/// Why a layout could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    #[error("'{path}': the extension says what to write, one of {known}")]
    Extension { path: String, known: String },
    /// The picture could not be drawn (the message is resvg's).
    #[error("the picture could not be drawn: {0}")]
    Picture(String),
}

/// The file formats a layout can be written in, by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
    Ppn,
    Csv,
    Json,
    Txt,
}

impl Format {
    pub const ALL: [Format; 6] = [
        Format::Svg,
        Format::Png,
        Format::Ppn,
        Format::Csv,
        Format::Json,
        Format::Txt,
    ];

    pub fn ext(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Ppn => "ppn",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Txt => "txt",
        }
    }

    /// The format a file name asks for, by its extension (any case).
    pub fn of(path: &Path) -> Result<Format, RenderError> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .unwrap_or_default();
        Format::ALL
            .into_iter()
            .find(|f| f.ext() == ext)
            .ok_or_else(|| {
                let known: Vec<String> = Format::ALL
                    .iter()
                    .map(|f| format!(".{}", f.ext()))
                    .collect();
                RenderError::Extension {
                    path: path.display().to_string(),
                    known: known.join(" "),
                }
            })
    }
}

/// The layout in `format`; `text` is the terminal diagram, for `.txt`;
/// `setup` the words that lay it again, as the table may see them (PPN's
/// `GameType`).
pub fn render(
    layout: &Layout,
    format: Format,
    text: &str,
    setup: &str,
) -> Result<Vec<u8>, RenderError> {
    Ok(match format {
        Format::Svg => svg(layout).into_bytes(),
        Format::Png => png(layout)?,
        Format::Ppn => ppn(layout, setup).into_bytes(),
        Format::Csv => csv(layout).into_bytes(),
        Format::Json => {
            let mut s = serde_json::to_string_pretty(layout).expect("layouts serialise");
            s.push('\n');
            s.into_bytes()
        }
        Format::Txt => format!("{}\n", text.trim_end()).into_bytes(),
    })
}

/// A number as short as it can be written exactly (1, 1.5, 0.375).
fn num(v: f64) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}
