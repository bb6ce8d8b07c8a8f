//! The evening's luck, drawn for the shared screen: one scale from unlucky to
//! lucky, a lane for each person, a mark for each of their measures
//! (shaped by kind, so it reads without colour).

use super::svg::escape;
use crate::luck::{Dice, Measure, Row};

/// The drawing's width in its own units; the page scales it to its box.
const WIDTH: f64 = 400.0;
/// Where the scale starts and ends: the whole width, each person's name
/// above their lane, so that a long name never squeezes the scale.
const LEFT: f64 = 10.0;
const RIGHT: f64 = 390.0;
/// A lane: the name's line, then the scale with its marks.
const LANE: f64 = 44.0;
/// The labels' size in the drawing's units: on the TV the drawing is about
/// 57% of the screen's height wide, so 16 units are 24 px at 1080 lines,
/// the least any text on it may be (#78).
const TEXT: f64 = 16.0;

/// A measure's mark: its shape (SVG, centred on x, y) and what it is.
fn mark(dice: Dice, checks: bool, x: f64, y: f64) -> String {
    let r = 7.0;
    match (dice, checks) {
        (Dice::Tablemate, false) => format!("<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r}\"/>"),
        (Dice::Table, false) => format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{}\" height=\"{}\"/>",
            x - r,
            y - r,
            2.0 * r,
            2.0 * r
        ),
        (Dice::Tablemate, true) => format!(
            "<path d=\"M{x:.1} {:.1} L{:.1} {:.1} L{:.1} {:.1} Z\"/>",
            y - r,
            x + r,
            y + r,
            x - r,
            y + r
        ),
        (Dice::Table, true) => format!(
            "<path d=\"M{x:.1} {:.1} L{:.1} {y:.1} L{x:.1} {:.1} L{:.1} {y:.1} Z\"/>",
            y - r,
            x + r,
            y + r,
            x - r
        ),
    }
}

fn what(dice: Dice, checks: bool) -> String {
    format!(
        "{}{}",
        if checks { "checks on " } else { "totals of " },
        dice.words()
    )
}

/// The picture, as inline SVG.
pub fn svg(rows: &[Row]) -> String {
    // A lane per person, in the order first met.
    let mut people: Vec<&str> = Vec::new();
    for r in rows {
        if !people.contains(&r.person.as_str()) {
            people.push(&r.person);
        }
    }
    let lanes = people.len() as f64;
    let top = 24.0;
    let height = top + lanes * LANE + 2.0;
    let x_of = |p: f64| LEFT + p.clamp(0.0, 1.0) * (RIGHT - LEFT);
    let mut kinds: Vec<(Dice, bool)> = Vec::new();
    let mut out = format!(
        "<svg class=\"luck-bar\" viewBox=\"0 0 {WIDTH} {height:.0}\" role=\"img\" aria-labelledby=\"luck-title\">\
         <title id=\"luck-title\">Each person's luck tonight, from unlucky (left) to lucky (right)</title>\
         <g fill=\"currentColor\" font-size=\"{TEXT}\">\
         <text x=\"{LEFT}\" y=\"17\">unlucky</text>\
         <text x=\"{RIGHT}\" y=\"17\" text-anchor=\"end\">lucky</text>\
         <text x=\"{:.1}\" y=\"17\" text-anchor=\"middle\">as the odds say</text>",
        x_of(0.5)
    );
    for (i, person) in people.iter().enumerate() {
        // The name's baseline, and the scale under it.
        let name_y = top + i as f64 * LANE + 17.0;
        let y = name_y + 16.0;
        out.push_str(&format!(
            "<text x=\"{LEFT}\" y=\"{name_y:.1}\">{}</text>\
             <line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{RIGHT}\" y2=\"{y:.1}\" stroke=\"currentColor\" stroke-opacity=\"0.5\"/>\
             <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"currentColor\"/>",
            escape(person),
            x_of(0.5),
            y - 9.0,
            x_of(0.5),
            y + 9.0
        ));
        for r in rows.iter().filter(|r| r.person == *person) {
            let measures: [(Option<&Measure>, bool); 2] =
                [(r.totals.as_ref(), false), (r.checks.as_ref(), true)];
            for (m, checks) in measures {
                let Some(m) = m else { continue };
                if !kinds.contains(&(r.dice, checks)) {
                    kinds.push((r.dice, checks));
                }
                out.push_str(&format!(
                    "<g>{}<title>{}: {}, {}</title></g>",
                    mark(r.dice, checks, x_of(m.percentile), y),
                    escape(person),
                    crate::dice::given::ordinal(
                        ((m.percentile * 100.0).round() as usize).clamp(1, 99)
                    ),
                    what(r.dice, checks)
                ));
            }
        }
    }
    out.push_str("</g></svg>");
    // What each shape is, for those present: text that wraps as the page
    // does.
    out.push_str("<ul class=\"legend\">");
    for (dice, checks) in kinds {
        out.push_str(&format!(
            "<li><svg class=\"shape\" viewBox=\"0 0 16 16\" aria-hidden=\"true\"><g fill=\"currentColor\">{}</g></svg> {}</li>",
            mark(dice, checks, 8.0, 8.0),
            escape(&what(dice, checks))
        ));
    }
    out.push_str("</ul>");
    out
}
