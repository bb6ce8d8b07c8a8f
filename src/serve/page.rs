//! The page: the table view as HTML (every text escaped; the picture is
//! the SVG renderer's own), and the script and style it loads, all held
//! in the binary so the page works offline.

use super::view::TableView;

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

/// The table as the part of the page that changes (what each event
/// carries).
pub fn fragment(view: &TableView) -> String {
    let mut out = String::new();
    if view.is_empty() {
        out.push_str(&format!(
            "<section class=\"empty\"><h1>Nothing on the table yet</h1>\
             <p>Lay a game out at the terminal (<code>setup GAME</code>: {}), start a \
             score pad (<code>pad new hearts alice bob</code>) or roll some dice \
             (<code>roll 2d6</code>): it shows here as it happens.</p></section>",
            escape(&crate::games::help::setup_games())
        ));
        return out;
    }
    for p in &view.problems {
        out.push_str(&format!(
            "<section class=\"problem\" role=\"alert\"><p>{}</p></section>",
            escape(p)
        ));
    }
    if let Some(t) = &view.table {
        // Whose turn it is, large enough to read across the room.
        out.push_str(&format!(
            "<section class=\"people\"><p class=\"whose\" id=\"whose\">{}</p>\
             <ol class=\"seats\">{}</ol></section>",
            escape(&match &t.turn {
                Some(who) => format!("{who}'s turn"),
                None => format!("{} starts", t.players[0]),
            }),
            t.players
                .iter()
                .map(|p| {
                    let now = t.turn.as_ref() == Some(p);
                    format!(
                        "<li{}>{}</li>",
                        if now { " class=\"now\"" } else { "" },
                        escape(p)
                    )
                })
                .collect::<String>()
        ));
    }
    if let Some(g) = &view.game {
        out.push_str(&format!(
            "<section class=\"game\"><h1>{}</h1><div class=\"picture\">{}</div>\
             <p class=\"turn\" id=\"turn\">{}</p>",
            escape(&g.title),
            g.svg,
            escape(&g.standing)
        ));
        if !g.moves.is_empty() {
            out.push_str("<ol class=\"moves\">");
            for m in &g.moves {
                out.push_str(&format!("<li>{}</li>", escape(m)));
            }
            out.push_str("</ol>");
        }
        out.push_str("</section>");
    }
    for b in &view.boards {
        out.push_str(&format!(
            "<section class=\"board\"><h2>{}</h2><pre>{}</pre></section>",
            escape(&b.title),
            escape(&b.text)
        ));
    }
    if !view.rolls.is_empty() {
        out.push_str("<section class=\"dice\" id=\"dice\"><h2>Dice</h2>");
        for (i, r) in view.rolls.iter().enumerate() {
            let total = r.total.map_or(String::new(), |t| t.to_string());
            out.push_str(&format!(
                "<div class=\"roll{}\"><span class=\"total\">{}</span>\
                 <span class=\"expr\">{}{}{}</span><span class=\"shown\">{}</span>\
                 <span class=\"ago\">{}</span></div>",
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
                escape(&r.shown),
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
    out
}

/// The whole page, with the table as it is now (`fragment`: so it shows
/// before the script runs, or without it). `token` goes on every address
/// it loads.
pub fn page(fragment: &str, token: Option<&str>) -> String {
    let q = token.map_or(String::new(), |t| format!("?t={t}"));
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta name=\"color-scheme\" content=\"light dark\">\
         <title>tablemate</title><link rel=\"stylesheet\" href=\"/app.css{q}\"></head>\
         <body><header>tablemate <span id=\"live\" class=\"live\">live</span></header>\
         <main id=\"table\">{fragment}</main><script src=\"/app.js{q}\"></script></body></html>\n"
    )
}
