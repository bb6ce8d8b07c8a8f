//! Typed replies: every command returns one value that both the text and
//! the `--json` form are drawn from, so the two can never drift apart.
//!
//! A reply's body is any serde type that also knows how to show itself as
//! text (`Show`). Nothing is drawn until the caller asks for one form: a
//! large roll printed as JSON never builds its text, and the other way
//! round.

use std::fmt::Debug;
use std::io::{self, Write};

use serde::Serialize;
use serde_json::Value;

use crate::layout::Layout;
use crate::style::Style;

/// A value's text for people, in a style (colour, width).
pub trait Show {
    fn show(&self, style: &Style) -> String;
    /// The same as a table of cells, for a renderer that draws real
    /// tables (the shared screen); `None`: the text is all there is.
    fn grid(&self) -> Option<Grid> {
        None
    }
}

/// A reply's table, cell by cell, for a renderer to lay out itself
/// rather than show monospaced text (a score pad on a TV).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Grid {
    /// What the table is (`hearts, higher wins`).
    pub caption: String,
    /// The column headings.
    pub head: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Rows that sum the rest (totals).
    pub foot: Vec<Vec<String>>,
    /// Lines said under it (who leads, whose turn it is).
    pub notes: Vec<String>,
    /// Its rows are rounds that add up to the foot's first row (a score
    /// pad's): a screen short of room may fold the early ones into one
    /// row of their sums.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub running: bool,
    /// A score sheet's categories a seat enters (`ones`, `full_house`):
    /// the phone's score box then takes a category and its entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entered: Vec<String>,
}

/// What a reply carries: its text and its JSON, drawn on demand.
pub trait Body: Debug {
    fn text(&self, style: &Style) -> String;
    /// The JSON `data`, as a tree (object keys sorted, as readers of
    /// earlier releases saw them).
    fn value(&self) -> Value;
    /// The JSON `data` as text; a body too large to hold as a tree writes
    /// itself straight into text instead.
    fn json(&self) -> String {
        self.value().to_string()
    }
    /// The JSON `data` written out; a body that already holds its JSON
    /// text writes it without a copy (17 MB for `roll 100000x3d6`).
    fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self.json().as_bytes())
    }
    /// Its table, if it has one (`Show::grid`).
    fn grid(&self) -> Option<Grid> {
        None
    }
}

impl<T: Show + Serialize + Debug> Body for T {
    fn text(&self, style: &Style) -> String {
        self.show(style)
    }

    fn grid(&self) -> Option<Grid> {
        Show::grid(self)
    }

    fn value(&self) -> Value {
        serde_json::to_value(self).expect("reply bodies hold only JSON-safe values")
    }
}

/// A body that is only text: its JSON is `{}` (help, a man page).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Plain {
    #[serde(skip)]
    pub text: String,
}

impl Show for Plain {
    fn show(&self, _: &Style) -> String {
        self.text.clone()
    }
}

/// What a command produced.
#[derive(Debug)]
pub struct Reply {
    /// The `type` of the JSON envelope, usually the command name.
    pub kind: &'static str,
    pub body: Box<dyn Body>,
    /// The pieces on the table, for a command that lays them out.
    pub layout: Option<Layout>,
    pub quit: bool,
    /// Said on stderr, not part of the result (e.g. a bad rule file).
    pub warnings: Vec<String>,
    /// The command drew on the session's generator (so the seed replays
    /// it).
    pub random: bool,
    /// Lines said after the body's text, each already laid out (what any
    /// `setup` adds: the deal code, the file written).
    pub after: Vec<String>,
    /// Fields added to the body's JSON object, likewise.
    pub fields: Vec<(&'static str, Value)>,
    /// The command answered, and what it found is a failure (a roll log
    /// that is not intact): the process exits 1, as a script can test.
    pub failed: bool,
}

impl Reply {
    pub fn new(kind: &'static str, body: impl Body + 'static) -> Reply {
        Reply::boxed(kind, Box::new(body))
    }

    /// A reply whose kind of body was chosen as it ran.
    pub fn boxed(kind: &'static str, body: Box<dyn Body>) -> Reply {
        Reply {
            kind,
            body,
            layout: None,
            quit: false,
            warnings: Vec::new(),
            random: false,
            after: Vec::new(),
            fields: Vec::new(),
            failed: false,
        }
    }

    /// A reply that is only text (its JSON `data` is `{}`).
    pub fn plain(kind: &'static str, text: impl Into<String>) -> Reply {
        Reply::new(kind, Plain { text: text.into() })
    }

    pub fn with_layout(mut self, layout: Layout) -> Reply {
        self.layout = Some(layout);
        self
    }

    pub fn text(&self, style: &Style) -> String {
        let mut text = self.body.text(style);
        for line in &self.after {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(line);
        }
        text
    }

    /// The JSON `data` as a tree.
    pub fn value(&self) -> Value {
        let mut v = self.body.value();
        if let Value::Object(map) = &mut v {
            for (k, field) in &self.fields {
                map.insert((*k).to_string(), field.clone());
            }
        }
        v
    }

    /// `{"type": kind, "data": {...}}` on one line, "type" first as
    /// readers expect, written piece by piece so a large `data` goes out
    /// as it was written rather than copied into one line.
    pub fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        let kind = serde_json::to_string(self.kind).expect("a kind is a string");
        write!(out, r#"{{"type":{kind},"data":"#)?;
        if self.fields.is_empty() {
            self.body.write_json(out)?;
        } else {
            out.write_all(self.value().to_string().as_bytes())?;
        }
        out.write_all(b"}")
    }
}
