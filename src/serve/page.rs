//! The page: the table view as HTML (every text escaped; the picture is
//! the SVG renderer's own), and the script and style it loads, all held
//! in the binary so the page works offline.

use super::desk::SeatLook;
use super::view::{SeatPart, TableView};
use crate::reply::Grid;

pub const SCRIPT: &str = include_str!("app.js");
pub const STYLE: &str = include_str!("app.css");

/// Text safe inside HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Dice as rolled, for the page: a dropped die (`~~6~~` in the text) is
/// struck through and dimmed, never shown as markup; a long roll shows
/// its first dice and says how many more there are.
fn dice_shown(shown: &str) -> String {
    /// The most of a roll's text the page shows.
    const MOST: usize = 160;
    let (text, more) = match shown.char_indices().nth(MOST) {
        None => (shown, 0),
        Some((cut, _)) => {
            // Cut after a whole die, and count the dice left out.
            let at = shown[..cut].rfind(',').map_or(cut, |c| c + 1);
            (&shown[..at], shown[at..].matches(',').count() + 1)
        }
    };
    let mut out = String::new();
    for (i, part) in escape(text).split("~~").enumerate() {
        if i % 2 == 1 {
            out.push_str(&format!("<s class=\"dropped\">{part}</s>"));
        } else {
            out.push_str(part);
        }
    }
    // The roll log keeps the first few hundred characters of a roll: a
    // text it cut has no closing bracket, and its count is not known here.
    let whole = shown.contains(']');
    match (more, whole) {
        (0, _) => {}
        (n, true) => out.push_str(&format!(
            " … and {} more",
            crate::style::thousands(n as i64)
        )),
        (_, false) => out.push_str(" … and more"),
    }
    out
}

/// The rounds a pad shows one by one; earlier ones fold into one row.
const ROUNDS_SHOWN: usize = 5;

/// A running grid's rows as a screen shows them: past `ROUNDS_SHOWN`, the
/// early rounds folded into one row of their sums (`rounds 1-15`), then
/// the last ones. A cell that is no number (`-`: not yet scored) adds
/// nothing.
fn folded(g: &Grid) -> Vec<Vec<String>> {
    if !g.running || g.rows.len() <= ROUNDS_SHOWN + 1 {
        return g.rows.clone();
    }
    let cut = g.rows.len() - ROUNDS_SHOWN;
    let columns = g.rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut sums = vec![format!("rounds 1-{cut}")];
    for c in 1..columns {
        let sum: i64 = g.rows[..cut]
            .iter()
            .filter_map(|r| r.get(c)?.parse::<i64>().ok())
            .sum();
        sums.push(sum.to_string());
    }
    let mut rows = vec![sums];
    rows.extend(g.rows[cut..].iter().cloned());
    rows
}

/// A board's table as a real one: a cell a score, large on a TV, the
/// first column naming the row.
fn grid(g: &Grid) -> String {
    let row = |cells: &[String], tag: &str| {
        cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let t = if i == 0 { "th" } else { tag };
                // Numbers line up on the right; words read from the left.
                let numeric = c
                    .chars()
                    .all(|ch| ch.is_ascii_digit() || "-+:.,".contains(ch));
                let attrs = match (i, numeric) {
                    (0, _) => " scope=\"row\"",
                    (_, false) => " class=\"text\"",
                    _ => "",
                };
                format!("<{t}{attrs}>{}</{t}>", escape(c))
            })
            .collect::<String>()
    };
    let entered = if g.entered.is_empty() {
        String::new()
    } else {
        format!(" data-entered=\"{}\"", escape(&g.entered.join(" ")))
    };
    let mut out = format!(
        "<div class=\"grid\"><table class=\"pad\"{entered}><caption>{}</caption><thead><tr>{}</tr></thead><tbody>",
        escape(&g.caption),
        g.head
            .iter()
            .map(|h| format!("<th scope=\"col\">{}</th>", escape(h)))
            .collect::<String>()
    );
    for r in &folded(g) {
        out.push_str(&format!("<tr>{}</tr>", row(r, "td")));
    }
    out.push_str("</tbody><tfoot>");
    for r in &g.foot {
        out.push_str(&format!("<tr>{}</tr>", row(r, "td")));
    }
    out.push_str("</tfoot></table></div>");
    for n in &g.notes {
        out.push_str(&format!("<p class=\"note\">{}</p>", escape(n)));
    }
    out
}

/// The table as the part of the page that changes (what each event
/// carries).
pub fn fragment(view: &TableView) -> String {
    let mut out = String::new();
    if view.is_empty() {
        out.push_str(&format!(
            "<section class=\"empty\" data-key=\"empty\"><h1>Nothing on the table yet</h1>\
             <p>Lay a game out at the terminal (<code>setup GAME</code>: {}), start a \
             score pad (<code>pad new hearts alice bob</code>) or roll some dice \
             (<code>roll 2d6</code>): it shows here as it happens.</p></section>",
            escape(&crate::games::help::setup_games())
        ));
        return out;
    }
    for (i, p) in view.problems.iter().enumerate() {
        out.push_str(&format!(
            "<section class=\"problem\" role=\"alert\" data-key=\"problem {i}\"><p>{}</p></section>",
            escape(p)
        ));
    }
    if let Some(t) = &view.table {
        // Whose turn it is, large enough to read across the room: the
        // table's one answer (the game's mover while its game is in play).
        let now = t.turn.as_ref().map(|n| n.name.as_str());
        // With a time bank, each one's time beside their name, and the
        // running one's beside the banner, large: the page counts it down.
        let time = |i: usize| {
            t.bank.as_ref().map_or(String::new(), |b| {
                let left = b.left.get(i).copied().unwrap_or(0);
                format!(
                    " <span class=\"bank{}\" data-left=\"{left}\" data-run=\"{}\">{}</span>",
                    if b.out.get(i).copied().unwrap_or(false) {
                        " ran-out"
                    } else {
                        ""
                    },
                    u8::from(b.running == Some(i)),
                    bank_words(left)
                )
            })
        };
        let banner_time = t.bank.as_ref().map_or(String::new(), |b| match b.running {
            Some(i) => time(i),
            None if b.paused => " <span class=\"bank paused\">paused</span>".to_string(),
            None => String::new(),
        });
        out.push_str(&format!(
            "<section class=\"people\" data-key=\"people\"><p class=\"whose\" id=\"whose\">{}{banner_time}</p>\
             <ol class=\"seats\">{}</ol></section>",
            escape(&t.banner),
            t.players
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let now = now == Some(p.as_str());
                    format!(
                        "<li{}>{}{}</li>",
                        if now { " class=\"now\"" } else { "" },
                        escape(p),
                        time(i)
                    )
                })
                .collect::<String>()
        ));
    }
    if let Some(g) = &view.game {
        out.push_str(&format!(
            "<section class=\"game\" data-key=\"game\"><h1>{}</h1>\
             <div class=\"picture\" role=\"img\" aria-label=\"{}: {}\">{}</div>\
             <p class=\"turn\" id=\"turn\">{}</p>",
            escape(&g.title),
            escape(&g.title),
            escape(&g.standing),
            g.svg,
            escape(&g.standing)
        ));
        if !g.legend.is_empty() {
            out.push_str("<ul class=\"legend\">");
            for (who, role) in &g.legend {
                out.push_str(&format!(
                    "<li><strong>{}</strong> {}</li>",
                    escape(who),
                    escape(role)
                ));
            }
            out.push_str("</ul>");
        }
        if !g.moves.is_empty() {
            out.push_str("<ol class=\"moves\">");
            for m in &g.moves {
                out.push_str(&format!("<li>{}</li>", escape(m)));
            }
            out.push_str("</ol>");
        }
        out.push_str("</section>");
    }
    // The boards and the dice, together: the TV stacks them beside the
    // game and fits them to the height it has.
    let side = !view.boards.is_empty() || !view.rolls.is_empty() || !view.luck.is_empty();
    if side {
        out.push_str("<div class=\"side\" id=\"side\" data-key=\"side\">");
    }
    for b in &view.boards {
        let body = match &b.grid {
            Some(g) => grid(g),
            None => format!("<pre>{}</pre>", escape(&b.text)),
        };
        out.push_str(&format!(
            "<section class=\"board\" data-key=\"board {}\"><h2>{}</h2>{body}</section>",
            escape(&b.title),
            escape(&b.title),
        ));
    }
    if !view.rolls.is_empty() {
        out.push_str("<section class=\"dice\" id=\"dice\" data-key=\"dice\"><h2>Dice</h2>");
        for (i, r) in view.rolls.iter().enumerate() {
            let total = r.total.map_or(String::new(), crate::style::thousands);
            // Whose dice, in words (the table reads it, not a colour).
            let dice = if r.table_dice {
                "the table's dice"
            } else {
                "tablemate's dice"
            };
            out.push_str(&format!(
                "<div class=\"roll{}\"><span class=\"total\">{}</span>\
                 <span class=\"expr\">{}{}{}</span><span class=\"shown\">{}</span>\
                 <span class=\"ago\">{} · <span class=\"whose-dice\">{dice}</span></span></div>",
                if i == 0 { " last" } else { "" },
                escape(&total),
                r.by.as_ref().map_or(String::new(), |b| format!(
                    "<strong>{}</strong>: ",
                    escape(b)
                )),
                escape(&r.expr),
                r.note
                    .as_ref()
                    .map_or(String::new(), |n| format!(" <em>{}</em>", escape(n))),
                dice_shown(&r.shown),
                escape(&r.ago)
            ));
        }
        if let Some(head) = &view.log_head {
            out.push_str(&format!(
                "<p class=\"ago\">roll log chain head <code>{}</code> (<code>log verify</code> prints it too)</p>",
                escape(head)
            ));
        }
        out.push_str("</section>");
    }
    if !view.luck.is_empty() {
        out.push_str(&format!(
            "<section class=\"luck\" id=\"luck\" data-key=\"luck\"><h2>Luck tonight</h2>{}</section>",
            crate::render::luck::svg(&view.luck)
        ));
    }
    if side {
        out.push_str("</div>");
    }
    out
}

/// How many moves a seat is offered as buttons, its first; every move is
/// offered as the completion of the move field.
const MOVE_BUTTONS: usize = 8;

/// One seat's own part of the game in play, first on its page: its view
/// of the pieces, where the game stands for it, and its moves (buttons
/// when they are few, the move field's completion always).
pub fn seat_part(p: &SeatPart) -> String {
    let mut out = format!(
        "<section class=\"yours\" id=\"yours\" data-key=\"yours\"><h2>{title}: what you see</h2>\
         <div class=\"picture\" role=\"img\" aria-label=\"{title} as you see it\">{svg}</div>\
         <p class=\"standing\" id=\"standing\">{standing}</p>",
        title = escape(&p.title),
        svg = p.svg,
        standing = escape(&p.standing),
    );
    if !p.moves.is_empty() {
        // The game lists its likeliest moves first (a call before the
        // raises, the least raise first): those are one tap away.
        {
            out.push_str("<p class=\"moves-now\">");
            for m in p.moves.iter().take(MOVE_BUTTONS) {
                out.push_str(&format!(
                    "<button type=\"button\" class=\"move\" data-line=\"{m}\">{m}</button> ",
                    m = escape(m)
                ));
            }
            out.push_str("</p>");
        }
        out.push_str(
            "<form id=\"move\"><label for=\"line\">Your move</label>\
             <input id=\"line\" name=\"line\" list=\"moves\" autocomplete=\"off\" \
             autocapitalize=\"off\" spellcheck=\"false\" maxlength=\"200\">\
             <datalist id=\"moves\">",
        );
        for m in &p.moves {
            out.push_str(&format!("<option value=\"{}\">", escape(m)));
        }
        out.push_str("</datalist><button type=\"submit\">Move</button></form>");
    }
    out.push_str("</section>");
    out
}

/// The saved rolls as a seat's page shows them: one tap rolls one. Sent
/// with the table's every change, so a roll saved at the terminal shows
/// on an open phone at once. Empty when none is saved.
pub fn saved_part(saved: &[(String, String)]) -> String {
    if saved.is_empty() {
        return String::new();
    }
    let buttons: String = saved
        .iter()
        .map(|(name, expr)| {
            format!(
                "<button type=\"button\" class=\"saved\" data-expr=\"{}\" title=\"{}\">{}</button> ",
                escape(name),
                escape(expr),
                escape(name)
            )
        })
        .collect();
    format!(
        "<section class=\"saved-rolls\" data-key=\"saved\"><h2>Saved rolls</h2><p>{buttons}</p></section>"
    )
}

/// The whole page, with the table as it is now (`fragment`: so it shows
/// before the script runs, or without it). `query` (the key) goes on
/// every address it loads. A seat's page leads with what the seat can do.
pub fn page(fragment: &str, query: &str, seat: Option<&SeatLook>) -> String {
    let panel = seat.map_or(String::new(), seat_panel);
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta name=\"color-scheme\" content=\"light dark\">\
         <title>tablemate</title><link rel=\"stylesheet\" href=\"/app.css{query}\"></head>\
         <body><header>tablemate <span id=\"live\" class=\"live off\">connecting</span></header>\
         <p id=\"say\" class=\"say\" aria-live=\"polite\"></p>{panel}\
         <main id=\"table\">{fragment}</main><script src=\"/app.js{query}\"></script></body></html>\n"
    )
}

/// A seat's controls: roll (any expression, the saved rolls one tap
/// away), the pad score, pass the turn, undo its own last change. The
/// script posts them; the answer shows under them.
fn seat_panel(look: &SeatLook) -> String {
    // The reveal button waits hidden until the seat has a secret roll
    // (the script shows it after one).
    let secret_row = format!(
        "<div class=\"secret-rolls\" id=\"secret-rolls\"{}><p>Rolled in secret, seen only here:</p>\
         <ul id=\"secret-list\">{}</ul>\
         <button type=\"button\" id=\"reveal\">Reveal to the table</button></div>",
        if look.secret.is_empty() {
            " hidden"
        } else {
            ""
        },
        look.secret
            .iter()
            .map(|s| format!("<li>{}</li>", dice_shown(s)))
            .collect::<String>()
    );
    format!(
        "<section class=\"seat\" id=\"seat\" data-name=\"{name}\">\
         <h1>{name}'s seat</h1>\
         <form id=\"roll\"><label for=\"expr\">Roll</label>\
         <input id=\"expr\" name=\"expr\" autocomplete=\"off\" autocapitalize=\"off\" \
         spellcheck=\"false\" placeholder=\"2d6\" maxlength=\"200\">\
         <label class=\"secretly\"><input type=\"checkbox\" id=\"secretly\"> in secret</label>\
         <button type=\"submit\">Roll</button></form>\
         <div class=\"keypad\" id=\"keypad\" role=\"group\" aria-label=\"The faces your own dice showed\">\
         <p>Rolled your own dice? Tap the faces they showed, then Roll.</p><div id=\"keys\"></div></div>\
         {secret_row}\
         <form id=\"pad\"><label for=\"score\">Score</label>\
         <input id=\"score\" name=\"score\" inputmode=\"numeric\" autocomplete=\"off\" autocapitalize=\"off\" maxlength=\"200\">\
         <button type=\"submit\">Enter</button></form>\
         <p class=\"acts\"><button type=\"button\" id=\"turn\">Pass the turn</button> \
         <button type=\"button\" id=\"undo\">Undo my last</button></p>\
         <p class=\"nudge-set\"><button type=\"button\" id=\"sound\" aria-pressed=\"true\">Sound on your turn: on</button> \
         <button type=\"button\" id=\"notify\" hidden>Notify me on my turn</button></p>\
         <p id=\"answer\" class=\"answer\" role=\"status\"></p></section>",
        name = escape(&look.name),
    )
}

#[cfg(test)]
mod grid_tests {
    use super::*;

    #[test]
    fn a_long_pad_folds_its_early_rounds_into_their_sums() {
        let rows: Vec<Vec<String>> = (1..=20)
            .map(|i| {
                vec![
                    i.to_string(),
                    i.to_string(),
                    if i == 3 { "-".into() } else { "2".into() },
                ]
            })
            .collect();
        let g = Grid {
            rows,
            running: true,
            ..Grid::default()
        };
        let shown = folded(&g);
        assert_eq!(shown.len(), ROUNDS_SHOWN + 1);
        // 1+..+15 = 120; fourteen 2s (round 3 not scored).
        assert_eq!(shown[0], ["rounds 1-15", "120", "28"]);
        assert_eq!(shown[1][0], "16");
        assert_eq!(shown[5][0], "20");
        // A grid that is no running total is shown whole.
        let whole = Grid {
            running: false,
            ..g
        };
        assert_eq!(folded(&whole).len(), 20);
    }
}

#[cfg(test)]
mod dice_tests {
    use super::dice_shown;

    #[test]
    fn dropped_dice_are_struck_through_never_markup() {
        assert_eq!(
            dice_shown("[14, ~~6~~]"),
            "[14, <s class=\"dropped\">6</s>]"
        );
        // Text from a roll is escaped before it is marked.
        assert_eq!(
            dice_shown("<b>~~1~~"),
            "&lt;b&gt;<s class=\"dropped\">1</s>"
        );
    }

    #[test]
    fn a_long_roll_shows_its_first_dice_and_counts_the_rest() {
        let dice: Vec<String> = (0..10_000).map(|i| (i % 6 + 1).to_string()).collect();
        let shown = format!("[{}]", dice.join(", "));
        let page = dice_shown(&shown);
        assert!(page.len() < 200, "{page}");
        assert!(page.ends_with(" … and 9,947 more"), "{page}");
        // A text the roll log cut (no closing bracket) is not counted.
        let cut = dice_shown(&shown[..300]);
        assert!(cut.ends_with(" … and more"), "{cut}");
        assert_eq!(crate::style::thousands(35_021), "35,021");
        assert_eq!(crate::style::thousands(-1_234_567), "-1,234,567");
        assert_eq!(crate::style::thousands(999), "999");
    }
}

/// A person's banked time as the page's clock words it (`app.js` ticks
/// it on in the same words): `0:20 over` past zero, never `-0:20 over`.
fn bank_words(left: i64) -> String {
    use crate::games::table::bank::clock;
    match left {
        l if l < 0 => format!("{} over", clock(-l)),
        l if l < 60 => format!("{} left!", clock(l)),
        l => clock(l),
    }
}
