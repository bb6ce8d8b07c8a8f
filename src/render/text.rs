//! The terminal diagrams, drawn from the layout model like every other
//! format: each game draws its own layouts (in its folder, from the model
//! alone) and a layout no game draws is listed piece by piece. Colour
//! comes from the one `Style` switch, applied last per cell.

use crate::games::{Game, Visitor, Wing};
use crate::layout::Layout;
use crate::style::Style;

/// The diagram of a layout (no trailing newline).
pub fn diagram(layout: &Layout, style: &Style) -> String {
    Game::by_id(&layout.game)
        .and_then(|g| g.visit(Draw { layout, style }))
        .unwrap_or_else(|| super::cells::generic(layout))
}

struct Draw<'a> {
    layout: &'a Layout,
    style: &'a Style,
}

impl Visitor for Draw<'_> {
    type Out = Option<String>;
    fn visit<W: Wing>(self) -> Option<String> {
        W::diagram(self.layout, self.style)
    }
}
