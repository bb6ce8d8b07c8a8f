//! `stats --out stats.svg`: each win rate with its 95% interval, a row a
//! person (and a row a seat) under each game's name, on one scale from 0%
//! to 100%: the interval a bar, the rate a dot on it, the fair share of a
//! seat a dashed line, and the numbers written beside, so it reads
//! without colour.

use std::fmt::Write;

use super::svg::escape;
use crate::plays::{Person, Rate, Seat};

const WIDTH: f64 = 640.0;
/// Where the scale starts (after the names) and ends.
const LEFT: f64 = 170.0;
const RIGHT: f64 = 470.0;
const ROW: f64 = 26.0;
const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

fn x(rate: f64) -> f64 {
    LEFT + (RIGHT - LEFT) * rate.clamp(0.0, 1.0)
}

fn pct(r: f64) -> String {
    format!("{:.0}%", r * 100.0)
}

/// One row: its label, the interval, the rate, and its numbers.
fn row(out: &mut String, y: f64, label: &str, r: &Rate, fair: Option<f64>) {
    let _ = write!(
        out,
        "<text x=\"{:.1}\" y=\"{y:.1}\" text-anchor=\"end\" dy=\"0.35em\">{}</text>\
         <line class=\"interval\" x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#4a4a4a\" stroke-width=\"6\" stroke-linecap=\"round\"/>\
         <circle class=\"rate\" cx=\"{:.1}\" cy=\"{y:.1}\" r=\"6\" fill=\"#ffffff\" stroke=\"#1b1b1b\" stroke-width=\"2.5\"/>\
         <text x=\"{:.1}\" y=\"{y:.1}\" dy=\"0.35em\">{} of {}: {} ({} to {})</text>",
        LEFT - 10.0,
        escape(label),
        x(r.low),
        x(r.high),
        x(r.rate),
        RIGHT + 12.0,
        r.wins,
        r.of,
        pct(r.rate),
        pct(r.low),
        pct(r.high)
    );
    if let Some(f) = fair {
        let _ = write!(
            out,
            "<line class=\"fair\" x1=\"{0:.1}\" y1=\"{1:.1}\" x2=\"{0:.1}\" y2=\"{2:.1}\" stroke=\"#a3195b\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/>",
            x(f),
            y - 10.0,
            y + 10.0
        );
    }
}

/// Win rates of `people` and `seats`, game by game, as one SVG picture.
pub fn stats_svg(people: &[Person], seats: &[Seat]) -> String {
    let mut games: Vec<&str> = Vec::new();
    for g in people
        .iter()
        .map(|p| p.game.as_str())
        .chain(seats.iter().map(|s| s.game.as_str()))
    {
        if !games.contains(&g) {
            games.push(g);
        }
    }
    let mut body = String::new();
    let mut y = 40.0;
    for game in games {
        let _ = write!(
            body,
            "<text class=\"game\" x=\"10\" y=\"{y:.1}\" font-weight=\"bold\" dy=\"0.35em\">{}</text>",
            escape(game)
        );
        y += ROW;
        for p in people.iter().filter(|p| p.game == game) {
            row(&mut body, y, &p.person, &p.record, None);
            y += ROW;
        }
        for s in seats.iter().filter(|s| s.game == game) {
            let label = format!("seat {} of {}", s.seat, s.players);
            row(&mut body, y, &label, &s.record, Some(s.fair));
            y += ROW;
        }
        y += ROW / 2.0;
    }
    // The scale: 0%, 50% and 100% along the top.
    let mut scale = String::new();
    for r in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let _ = write!(
            scale,
            "<line x1=\"{0:.1}\" y1=\"24\" x2=\"{0:.1}\" y2=\"{1:.1}\" stroke=\"#d0d0d0\"/>\
             <text x=\"{0:.1}\" y=\"16\" text-anchor=\"middle\">{2}</text>",
            x(r),
            y - ROW / 2.0,
            pct(r)
        );
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{h:.0}\" viewBox=\"0 0 {WIDTH} {h:.0}\" font-family=\"{FONT}\" font-size=\"13\" fill=\"#1b1b1b\" role=\"img\">\n\
         <title>Win rates with their 95% intervals</title>\n\
         <desc>Each person's and each seat's share of games won: the bar is the 95% Wilson interval, the dot the rate; a dashed line marks a seat's fair share.</desc>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n{scale}\n{body}\n</svg>\n",
        h = y.max(60.0)
    )
}
