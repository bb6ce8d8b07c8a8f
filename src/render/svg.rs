//! SVG: every piece as one `<g class="piece">` group, drawn in suit
//! colours a colour-blind player can tell apart (Okabe-Ito's, as
//! piecepackr offers them: Suns orange, Moons black, Crowns bluish green,
//! Arms sky blue) and with each suit's symbol on every suited piece, its
//! label (an order number, a count) in a badge; a `<title>` and a
//! description of the position for a screen reader. Deterministic to the
//! byte, so golden tests can compare it as text.

use std::fmt::Write;

use super::num;
use crate::layout::{Kind, Layout, Placed, Side};
use crate::pieces::Suit;

/// Pixels an inch.
const PX: f64 = 48.0;
/// Table around the pieces, and room for the title, in inches.
const MARGIN: f64 = 0.4;
const TITLE: f64 = 0.6;
const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// A suit's own colour, filling a pawn: Okabe-Ito's orange and sky blue;
/// its bluish green darkened, so Suns and Crowns differ in lightness by
/// more than 3:1 as well as in hue (a red-green colour-blind player sees
/// the difference).
fn suit_colour(s: Suit) -> &'static str {
    match s {
        Suit::Suns => "#e69f00",
        Suit::Moons => "#1b1b1b",
        Suit::Crowns => "#00664c",
        Suit::Arms => "#56b4e9",
    }
}

/// A suit's colour for numbers and symbols on a light face (tiles, coins,
/// dice): Okabe-Ito's vermillion and blue where the suit's own colour is
/// too light to read there.
fn suit_ink(s: Suit) -> &'static str {
    match s {
        Suit::Suns => "#b34700",
        Suit::Arms => "#0072b2",
        s => suit_colour(s),
    }
}

/// What to write on a suit's own colour: black on the light ones.
fn on_suit(s: Suit) -> &'static str {
    match s {
        Suit::Suns | Suit::Arms => "#1b1b1b",
        Suit::Moons | Suit::Crowns => "#ffffff",
    }
}

fn suit_symbol(s: Suit) -> &'static str {
    match s {
        Suit::Suns => "\u{2600}",
        Suit::Moons => "\u{263E}",
        Suit::Crowns => "\u{265B}",
        Suit::Arms => "\u{269C}",
    }
}

/// Text safe inside SVG (and HTML).
pub(super) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn text(out: &mut String, x: f64, y: f64, size: f64, fill: &str, s: &str) {
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" font-size="{}" fill="{fill}" text-anchor="middle" dy="0.35em">{}</text>"#,
        num(x),
        num(y),
        num(size),
        escape(s)
    );
}

/// How large the smallest mark (a count, an order number, a coin's
/// value, a suit's symbol) is drawn in a picture of the table `w` by `h`
/// units: at least 1/28 of its height and 1/42 of its width. The TV
/// gives the board about 1150 by 760 pixels of a 1080-line screen, so a
/// picture fitted there shows every mark at least 24 pixels high, what a
/// room reads from three metres (#58); a small picture keeps the sizes
/// its pieces are drawn with.
fn mark_size(w: f64, h: f64) -> f64 {
    (h / 28.0).max(w / 42.0)
}

pub fn svg(layout: &Layout) -> String {
    let (x0, y0, x1, y1) = layout.bounds();
    let width = (x1 - x0 + 2.0 * MARGIN) * PX;
    let table = (y1 - y0 + 2.0 * MARGIN) * PX;
    // The title's band grows with the marks, so a large title never
    // runs into the pieces.
    let title = (TITLE * PX).max(1.6 * mark_size(width, table + TITLE * PX));
    let height = table + title;
    let m = mark_size(width, height);
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT}" role="img">"#,
        w = num(width.ceil()),
        h = num(height.ceil())
    );
    out.push('\n');
    let _ = writeln!(
        out,
        "<title>{}</title>\n<desc>{}</desc>",
        escape(&layout.title),
        escape(&describe(layout))
    );
    let _ = writeln!(
        out,
        r##"<rect class="table" width="100%" height="100%" fill="#f4f1ea"/>"##
    );
    let _ = writeln!(
        out,
        r##"<text class="title" x="{}" y="{}" font-size="{}" fill="#333" dy="0.35em">{}</text>"##,
        num(MARGIN * PX),
        num(MARGIN * PX + title / 2.0),
        num(m.max(18.0)),
        escape(&layout.title)
    );
    // Badges go on top of every piece: a stack's lowest piece may carry
    // the label (a trampoline's number under whoever stands on it).
    let mut badges = String::new();
    for p in &layout.pieces {
        let cx = (p.x - x0 + MARGIN) * PX;
        let cy = (y1 - p.y + MARGIN) * PX + title;
        let mut g = String::new();
        draw(&mut g, p, m);
        if let Some(label) = &p.label
            && p.kind != Kind::Marker
        {
            badge(&mut badges, p, (cx, cy), m, label);
        }
        let _ = writeln!(
            out,
            r#"<g class="piece {}" transform="translate({},{})">{g}</g>"#,
            p.kind.name(),
            num(cx),
            num(cy)
        );
    }
    if !badges.is_empty() {
        let _ = write!(out, "<g class=\"badges\">\n{badges}</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// A piece's label in a pill, as large as the picture's marks (10 units
/// at the least).
fn badge(out: &mut String, p: &Placed, (cx, cy): (f64, f64), m: f64, label: &str) {
    let size = m.max(10.0);
    let h = 1.2 * size;
    let w = h.max(0.62 * size * label.chars().count() as f64 + 0.5 * size);
    let (hw, hh) = p.half_extent();
    // Inside the top left corner while the badge is small beside the
    // piece; standing on its top edge when it is large, so it covers
    // nothing of the piece's own face.
    let (bx, by) = if h > hw.min(hh) * PX {
        (cx, cy - hh * PX - 0.5 * h)
    } else {
        (cx - hw * PX + 9.0, cy - hh * PX + 9.0)
    };
    let _ = write!(
        out,
        r##"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="#ffffff" stroke="#888"/>"##,
        num(bx - w / 2.0),
        num(by - h / 2.0),
        num(w),
        num(h),
        num(h / 2.0)
    );
    text(out, bx, by, size, "#333", label);
    out.push('\n');
}

/// The position in words, for whoever cannot see the picture: how many
/// pieces of each kind, then every piece that shows a suit or a number,
/// left to right from the top (`Suns 3 tile`, `Crowns pawn`).
fn describe(layout: &Layout) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for p in layout.pieces.iter().filter(|p| p.kind != Kind::Marker) {
        match counts.iter_mut().find(|(k, _)| *k == p.kind.name()) {
            Some((_, n)) => *n += 1,
            None => counts.push((p.kind.name(), 1)),
        }
    }
    if counts.is_empty() {
        return "an empty table".into();
    }
    let plural = |k: &str, n: usize| match (k, n) {
        (k, 1) => format!("1 {k}"),
        ("die", n) => format!("{n} dice"),
        ("domino", n) => format!("{n} dominoes"),
        (k, n) => format!("{n} {k}s"),
    };
    let mut out = counts
        .iter()
        .map(|(k, n)| plural(k, *n))
        .collect::<Vec<_>>()
        .join(", ");
    let mut shown: Vec<&Placed> = layout
        .pieces
        .iter()
        .filter(|p| p.kind != Kind::Marker && p.side == Side::Face)
        .filter(|p| p.suit.is_some() || p.rank.is_some())
        .collect();
    shown.sort_by(|a, b| b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x)));
    if !shown.is_empty() {
        let words: Vec<String> = shown
            .iter()
            .map(|p| match (p.kind, p.suit.as_deref(), p.rank.as_deref()) {
                (Kind::Card, suit, rank) => {
                    let suit = match suit {
                        Some("C") => "clubs",
                        Some("D") => "diamonds",
                        Some("H") => "hearts",
                        _ => "spades",
                    };
                    format!("{} of {suit}", rank.unwrap_or("?"))
                }
                (Kind::Domino, a, b) => {
                    format!("{}-{} domino", a.unwrap_or("0"), b.unwrap_or("0"))
                }
                _ => {
                    let suit = p.piece_suit().map(|s| s.name().to_string());
                    [suit, p.rank.clone(), Some(p.kind.name().to_string())]
                        .into_iter()
                        .flatten()
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            })
            .collect();
        out.push_str(&format!("; from the top left: {}", words.join(", ")));
    }
    for (what, looks) in &layout.key {
        out.push_str(&format!("; {what}: {looks}"));
    }
    out
}

/// A marble's or a pyramid's colour (ppn's `R K G B Y W`: red, black,
/// green, blue, yellow, white), and the ink that reads on it.
fn colour_of(p: &Placed) -> (&'static str, &'static str) {
    if let Some(s) = p.piece_suit() {
        // A piecepack's pyramid, in its suit's colour.
        return (suit_colour(s), on_suit(s));
    }
    match p.suit.as_deref() {
        Some("R") => ("#c62828", "#fff"),
        Some("K") => ("#222222", "#fff"),
        Some("G") => ("#2e7d32", "#fff"),
        Some("B") => ("#1565c0", "#fff"),
        Some("Y") => ("#f9d71c", "#222"),
        _ => ("#f5f5f5", "#222"),
    }
}

/// One piece in its own coordinates (its centre at 0,0; y down), its
/// marks at least `m` units high.
fn draw(g: &mut String, p: &Placed, m: f64) {
    let (hw, hh) = p.half_extent();
    let (w, h) = (2.0 * hw * PX, 2.0 * hh * PX);
    let (l, t) = (-hw * PX, -hh * PX);
    let suit = p.piece_suit();
    let ink = suit.map_or("#333", suit_ink);
    let rect = |g: &mut String, fill: &str, stroke: &str, r: f64| {
        let _ = write!(
            g,
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{fill}" stroke="{stroke}"/>"#,
            num(l),
            num(t),
            num(w),
            num(h),
            num(r)
        );
    };
    let rank = p.rank.as_deref().unwrap_or("");
    match (p.kind, p.side) {
        (Kind::Tile, Side::Face) => {
            rect(g, "#fbf7ee", "#6d6d6d", 6.0);
            text(g, 0.0, 4.0, m.max(40.0), ink, rank);
            if let Some(s) = suit {
                // Top right and bottom left: the top left holds a label.
                let size = m.max(18.0);
                let d = 0.9 * size;
                text(g, -l - d, t + d, size, ink, suit_symbol(s));
                text(g, l + d, -t - d, size, ink, suit_symbol(s));
            }
        }
        (Kind::Tile, Side::Back) => {
            rect(g, "#e2d6bd", "#6d6d6d", 6.0);
            let _ = write!(
                g,
                r##"<path d="M0 {t} V{b} M{l} 0 H{r}" stroke="#a08f6e" stroke-width="2"/>"##,
                t = num(t),
                b = num(-t),
                l = num(l),
                r = num(-l)
            );
        }
        (Kind::Coin, side) => {
            let r = hw * PX;
            let fill = if side == Side::Face {
                "#f3e2b3"
            } else {
                "#e3cd8f"
            };
            let _ = write!(
                g,
                r##"<circle r="{}" fill="{fill}" stroke="#8a6d2b" stroke-width="1.5"/>"##,
                num(r)
            );
            match (side, suit) {
                (Side::Face, _) => text(g, 0.0, 0.0, m.max(18.0), ink, rank),
                (Side::Back, Some(s)) => text(g, 0.0, 0.0, m.max(20.0), ink, suit_symbol(s)),
                (Side::Back, None) => {}
            }
        }
        (Kind::Die, _) => {
            rect(g, "#ffffff", "#444", 4.0);
            match suit {
                // The suit's symbol as well as its colour: a colour-blind
                // player tells Suns from Crowns by shape.
                Some(s) => {
                    let size = m.max(12.0);
                    text(g, 0.0, -size / 3.0, size, ink, rank);
                    text(g, 0.0, size * 0.67, m.max(9.0), ink, suit_symbol(s));
                }
                None => text(g, 0.0, 0.0, m.max(14.0), ink, rank),
            }
        }
        (Kind::Pawn, _) => {
            let fill = suit.map_or("#8d6e63", suit_colour);
            // Standing, grown with the marks up to half again; past
            // that, seen from above: a disc that keeps to its square
            // while its symbol is drawn as large as the marks.
            let grow = m / 14.0;
            if grow <= 1.5 {
                let f = grow.max(1.0);
                let _ = write!(
                    g,
                    r##"<path d="M-14 30 L14 30 L6 -6 A12 12 0 1 0 -6 -6 Z" transform="scale({})" fill="{fill}" stroke="#222"/>"##,
                    num(f)
                );
                if let Some(s) = suit {
                    text(g, 0.0, 16.0 * f, 14.0 * f, on_suit(s), suit_symbol(s));
                }
            } else {
                let _ = write!(
                    g,
                    r##"<circle r="{}" fill="{fill}" stroke="#222" stroke-width="2"/>"##,
                    num(0.68 * m)
                );
                if let Some(s) = suit {
                    text(g, 0.0, 0.0, m, on_suit(s), suit_symbol(s));
                }
            }
        }
        (Kind::Card, Side::Back) => {
            rect(g, "#34568b", "#1d3557", 8.0);
            let _ = write!(
                g,
                r##"<rect x="{}" y="{}" width="{}" height="{}" rx="5" fill="none" stroke="#ffffff" stroke-width="2"/>"##,
                num(l + 8.0),
                num(t + 8.0),
                num(w - 16.0),
                num(h - 16.0)
            );
        }
        (Kind::Card, Side::Face) => {
            rect(g, "#ffffff", "#444", 8.0);
            let (sym, colour) = match p.suit.as_deref() {
                Some("H") => ("\u{2665}", "#c62828"),
                Some("D") => ("\u{2666}", "#c62828"),
                Some("C") => ("\u{2663}", "#212121"),
                _ => ("\u{2660}", "#212121"),
            };
            text(g, 0.0, -16.0, m.max(36.0), colour, rank);
            text(g, 0.0, 28.0, m.max(36.0), colour, sym);
        }
        (Kind::Domino, _) => {
            rect(g, "#fffdf5", "#333", 5.0);
            let a = p.suit.as_deref().unwrap_or("");
            if hw > hh {
                let _ = write!(
                    g,
                    r##"<path d="M0 {} V{}" stroke="#333"/>"##,
                    num(t + 4.0),
                    num(-t - 4.0)
                );
                text(g, l / 2.0, 0.0, m.max(22.0), "#222", a);
                text(g, -l / 2.0, 0.0, m.max(22.0), "#222", rank);
            } else {
                let _ = write!(
                    g,
                    r##"<path d="M{} 0 H{}" stroke="#333"/>"##,
                    num(l + 4.0),
                    num(-l - 4.0)
                );
                text(g, 0.0, t / 2.0, m.max(22.0), "#222", a);
                text(g, 0.0, -t / 2.0, m.max(22.0), "#222", rank);
            }
        }
        (Kind::Marble, _) => {
            // ppdf's colours, with the letter on it for who cannot tell
            // them apart.
            let (fill, letter_ink) = colour_of(p);
            let _ = write!(
                g,
                r##"<circle r="{}" fill="{fill}" stroke="#222" stroke-width="1.5"/>"##,
                num(hw * PX)
            );
            let letter = p.suit.as_deref().unwrap_or("");
            text(g, 0.0, 0.0, m.max(16.0), letter_ink, letter);
        }
        (Kind::Pyramid, _) => {
            // Seen from above: a square base, its four faces meeting at
            // the top, its size written on it.
            let (fill, ink) = colour_of(p);
            rect(g, fill, "#222", 1.0);
            let _ = write!(
                g,
                r##"<path d="M{l} {t} L{r} {b} M{l} {b} L{r} {t}" stroke="#000" stroke-opacity="0.35" stroke-width="1.5"/>"##,
                l = num(l),
                t = num(t),
                r = num(-l),
                b = num(-t)
            );
            text(g, 0.0, 0.0, m.max(14.0), ink, rank);
        }
        (Kind::Hole, _) => {
            let _ = write!(
                g,
                r##"<circle r="{}" fill="#5d4a36" stroke="#3e3124"/>"##,
                num(hw * PX)
            );
        }
        (Kind::Marker, _) => {
            let word = p.label.as_deref().unwrap_or("");
            let size = m.max(11.0);
            let r = 18.0 * size / 11.0;
            let _ = write!(
                g,
                r##"<circle r="{}" fill="none" stroke="#a3195b" stroke-width="3" stroke-dasharray="6 4"/>"##,
                num(r)
            );
            text(g, 0.0, 0.0, size, "#a3195b", word);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{Layout, Placed};
    use crate::pieces::Rank;

    /// Suits differ by shape as well as colour (Suns and Crowns are close
    /// in lightness): a suited pawn carries its suit's symbol.
    #[test]
    fn a_suited_pawn_carries_its_symbol() {
        let mut l = Layout::new("example", "Pawns");
        l.push(Placed::pawn(Some(Suit::Suns), 0.5, 0.5));
        l.push(Placed::pawn(Some(Suit::Crowns), 1.5, 0.5));
        l.push(Placed::pawn(None, 2.5, 0.5));
        let drawn = svg(&l);
        for s in [Suit::Suns, Suit::Crowns] {
            assert!(drawn.contains(suit_symbol(s)), "{s:?}: {drawn}");
        }
        // The symbol is written in black on the light Suns, white on the
        // dark Crowns.
        assert!(
            drawn.contains(&format!(
                "fill=\"#1b1b1b\" text-anchor=\"middle\" dy=\"0.35em\">{}",
                suit_symbol(Suit::Suns)
            )),
            "{drawn}"
        );
        assert!(drawn.contains("<title>Pawns</title>"), "{drawn}");
        assert!(
            drawn.contains("<desc>3 pawns; from the top left: Suns pawn, Crowns pawn</desc>"),
            "{drawn}"
        );
    }

    /// WCAG's relative luminance of `#rrggbb`.
    /// #58: the larger the picture, the larger its marks, so that fitted
    /// to a TV every one reads from across a room: no text under 1/28 of
    /// a big picture's height, a badge that stands on its piece rather
    /// than over its number, and a key said in the description.
    #[test]
    fn a_large_picture_draws_every_mark_in_proportion() {
        let mut l = Layout::new("example", "Wide");
        for i in 0..30 {
            let coin = Placed::coin_value(Rank::ALL[i % 6], f64::from(i as u8), f64::from(i as u8));
            l.push(if i % 3 == 0 {
                coin.labelled("12")
            } else {
                coin
            });
        }
        l.push(Placed::pawn(Some(Suit::Crowns), 3.0, 5.0));
        l.tell("rat", "the Crowns pawn");
        let drawn = svg(&l);
        let doc = roxmltree::Document::parse(&drawn).unwrap();
        let height: f64 = doc
            .root_element()
            .attribute("height")
            .unwrap()
            .parse()
            .unwrap();
        let sizes: Vec<f64> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .map(|n| n.attribute("font-size").unwrap().parse().unwrap())
            .collect();
        assert_eq!(sizes.len(), 1 + 30 + 10 + 1);
        for size in sizes {
            assert!(size >= height / 28.0 - 0.01, "{size} in {height}");
        }
        // The pawn is seen from above: a disc, not a standing figure.
        assert!(drawn.contains("<circle r=\""), "{drawn}");
        assert!(drawn.contains("; rat: the Crowns pawn</desc>"), "{drawn}");
    }

    fn luminance(hex: &str) -> f64 {
        let c = |i: usize| {
            let v = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * c(1) + 0.7152 * c(3) + 0.0722 * c(5)
    }

    fn contrast(a: &str, b: &str) -> f64 {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// #48: Suns and Crowns differ in lightness by 3:1 at least, not only
    /// in hue; every symbol reads on its pawn, every ink on a light face.
    #[test]
    fn suits_differ_in_lightness_and_read_where_drawn() {
        let sc = contrast(suit_colour(Suit::Suns), suit_colour(Suit::Crowns));
        assert!(sc >= 3.0, "Suns against Crowns {sc:.2}:1");
        for s in Suit::ALL {
            let on = contrast(suit_colour(s), on_suit(s));
            assert!(on >= 4.5, "{s:?}'s symbol on its pawn {on:.2}:1");
            let ink = contrast(suit_ink(s), "#fbf7ee");
            assert!(ink >= 4.5, "{s:?}'s ink on a tile {ink:.2}:1");
        }
    }
}
