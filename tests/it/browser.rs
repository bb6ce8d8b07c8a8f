//! The shared screen in a real browser (headless Chromium, driven over
//! the DevTools protocol on 127.0.0.1): a phone's seat and a television
//! open at once; the phone taps and types, the television follows.
//! Skipped, and said so, where no browser is installed (`.ci/run`
//! installs one, so CI always runs them).

use std::path::Path;
use std::time::Duration;

use serde_json::json;

use super::cdp::{Browser, Page, browser};
use super::common;
use super::serve::serve;

/// What a test waits for at most (a failure, not a figure: the figures
/// are in `benches/serve_latency.rs`).
const PATIENCE: Duration = Duration::from_secs(10);

/// The browser, and a data directory with `lines` run in it; None (and
/// said as skipped) where no browser is installed.
fn table(lines: &[&str]) -> Option<(&'static str, tempfile::TempDir)> {
    let Some(chrome) = browser() else {
        common::skipped("no chromium-headless-shell (apt-get install -y chromium-headless-shell)");
        return None;
    };
    let dir = tempfile::tempdir().unwrap();
    common::run_ok(dir.path(), lines);
    Some((chrome, dir))
}

/// Keep a screenshot in `docs/` when asked (`UPDATE_SCREENSHOT=1`).
fn keep(png: &[u8], name: &str) {
    assert_eq!(&png[..4], b"\x89PNG");
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        let docs = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs")
            .join(name);
        std::fs::write(docs, png).unwrap();
    }
}

/// Nothing scrolls sideways: the page is no wider than its window.
const NO_SIDEWAYS: &str = "document.documentElement.scrollWidth <= window.innerWidth";

/// #48 item 5: a phone's seat rolls, enters a pad score and passes the
/// turn; a television open at the same time shows each by the player's
/// name within a second.
#[test]
fn a_phone_seat_and_a_television_at_once() {
    let Some((chrome, dir)) = table(&[
        "players ann ben cat",
        "pad new hearts",
        "turn",
        "--seed 3 setup troll",
        "troll awaken",
    ]) else {
        return;
    };
    let d = dir.path();
    let server = serve(d, &[]);
    let port = server.port;
    let mut b = Browser::launch(chrome);
    let phone = phone(&mut b, &server, "ann");
    let tv = b.open(&format!("http://127.0.0.1:{port}/"), 1920, 1080, false);
    for page in [&phone, &tv] {
        // The page is there and its stream is open.
        b.until(
            page,
            "document.querySelector('.live.on') !== null",
            PATIENCE,
        );
    }
    assert_eq!(
        b.eval(&phone, "document.querySelector('#seat h1').textContent"),
        json!("ann's seat")
    );

    // Mark the board's picture (a property, not an attribute): a roll
    // changes only the dice, so the same picture must stay.
    b.eval(
        &tv,
        "document.querySelector('.picture svg').kept = true; true",
    );
    // Tap "roll" with an expression typed.
    let took = roll_reaches_tv(&mut b, &phone, &tv, "1d20+5 adv", "2d20kh1+5");
    assert!(
        took < Duration::from_secs(1),
        "the TV showed ann's roll after {took:?}"
    );
    b.until(
        &phone,
        "document.getElementById('answer').textContent.indexOf('2d20kh1 [') === 0",
        PATIENCE,
    );
    // On the phone too: the dropped die struck through, no tildes.
    assert_eq!(
        b.eval(
            &phone,
            "document.querySelectorAll('#answer s.dropped').length"
        ),
        json!(1)
    );
    assert_eq!(
        b.eval(&phone, "document.body.textContent.indexOf('~') < 0"),
        json!(true)
    );
    assert_eq!(
        b.eval(&tv, "document.querySelector('.picture svg').kept === true"),
        json!(true),
        "a roll redrew the board"
    );
    // The screen reader's region says the roll.
    b.until(
        &tv,
        "document.getElementById('say').textContent.indexOf('ann: 2d20kh1+5') >= 0",
        PATIENCE,
    );
    // Kept and dropped dice are drawn, not marked up.
    assert_eq!(
        b.eval(&tv, "document.body.textContent.indexOf('~') < 0"),
        json!(true)
    );
    assert_eq!(
        b.eval(
            &tv,
            "document.querySelectorAll('.roll.last s.dropped').length"
        ),
        json!(1)
    );

    // Enter a pad score.
    b.eval(
        &phone,
        "document.getElementById('score').value = '7'; \
         document.querySelector('#pad button').click(); true",
    );
    b.until(
        &tv,
        "document.body.textContent.indexOf('ann leads with 7') >= 0",
        PATIENCE,
    );
    // Pass the turn: it is ann's.
    b.eval(&phone, "document.getElementById('turn').click(); true");
    b.until(
        &tv,
        "document.getElementById('whose') && document.getElementById('whose').textContent === \"ben's turn\"",
        PATIENCE,
    );
    // A refused action is said on the phone, and changes nothing.
    b.eval(&phone, "document.getElementById('turn').click(); true");
    b.until(
        &phone,
        "document.getElementById('answer').textContent === \"it is ben's turn: only ben passes it\"",
        PATIENCE,
    );

    // The TV: whose turn it is readable across a room, nothing sideways.
    let banner = b.eval(
        &tv,
        "parseFloat(getComputedStyle(document.getElementById('whose')).fontSize)",
    );
    assert!(banner.as_f64().unwrap() >= 48.0, "banner {banner}px");
    assert_eq!(b.eval(&tv, NO_SIDEWAYS), json!(true));
    assert_eq!(b.eval(&phone, NO_SIDEWAYS), json!(true));
    keep(&b.screenshot(&phone), "serve-phone.png");
    keep(&b.screenshot(&tv), "serve-tv.png");
}

/// #48 item 2: no width from a small phone's to a 4K television scrolls
/// sideways, with a board, a long roll and the pad on the page.
#[test]
fn no_width_from_320_to_3840_scrolls_sideways() {
    let Some((chrome, dir)) = table(&[
        "players ann ben",
        "pad new hearts",
        "pad 120 95",
        "--seed 2 setup lab-rats",
        "roll 10000d6",
        "roll 1d20+5 adv",
    ]) else {
        return;
    };
    let d = dir.path();
    let server = serve(d, &[]);
    let mut b = Browser::launch(chrome);
    let page = b.open(
        &format!("http://127.0.0.1:{}/", server.port),
        320,
        640,
        true,
    );
    b.until(
        &page,
        "document.querySelector('.live.on') !== null",
        PATIENCE,
    );
    for (w, h) in [
        (320, 640),
        (390, 844),
        (768, 1024),
        (1280, 800),
        (1920, 1080),
        (3840, 2160),
    ] {
        b.size(&page, w, h, w < 800);
        assert_eq!(
            b.eval(&page, NO_SIDEWAYS),
            json!(true),
            "scrolls sideways at {w} px"
        );
        // The long roll is summed up, not printed whole.
        let longest = b.eval(
            &page,
            "Math.max.apply(null, Array.prototype.map.call(document.querySelectorAll('.shown'), function (e) { return e.textContent.length; }))",
        );
        assert!(longest.as_f64().unwrap() < 400.0, "{longest}");
    }
}

/// The faces of the dice drawn face up in the picture `svg` selects, by
/// where each lies (its group's transform), as JSON pairs.
fn faced(svg: &str) -> String {
    format!(
        "(function () {{ var s = document.querySelector({svg:?}); if (!s) {{ return []; }} \
         return Array.prototype.map.call(s.querySelectorAll('g.piece.die'), function (g) {{ \
           var t = g.querySelector('text'); return [g.getAttribute('transform'), t ? t.textContent : '']; }}) \
           .filter(function (p) {{ return p[1] !== ''; }}); }})()"
    )
}

/// The game as saved (what no screen may show whole).
fn liars(d: &Path) -> serde_json::Value {
    let out = common::run_out(d, &["export", "--secrets"]);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    doc["liars_dice"].clone()
}

/// #59: three seats play Liar's Dice from their phones to the end, by
/// tapping. Each seat's page shows its own dice and never another's; the
/// TV shows the bids, then every cup lifted at a call; the record
/// replays.
#[test]
fn three_seats_play_liars_dice_to_the_end_by_tapping() {
    let Some((chrome, dir)) = table(&["players ann ben cy", "--seed 11 setup liars-dice"]) else {
        return;
    };
    let d = dir.path();
    let server = serve(d, &[]);
    let port = server.port;
    let mut b = Browser::launch(chrome);
    let names = ["ann", "ben", "cy"];
    let seats: Vec<_> = names.iter().map(|n| phone(&mut b, &server, n)).collect();
    let tv = b.open(&format!("http://127.0.0.1:{port}/"), 1920, 1080, false);
    for page in seats.iter().chain([&tv]) {
        b.until(
            page,
            "document.querySelector('.live.on') !== null",
            PATIENCE,
        );
    }
    let mut moves = 0;
    let mut calls = 0;
    loop {
        let game = liars(d);
        let cups: Vec<Vec<u8>> = serde_json::from_value(game["cups"].clone()).unwrap();
        let left = cups.iter().filter(|c| !c.is_empty()).count();
        if left == 1 {
            break;
        }
        assert!(moves < 80, "the game did not end: {game}");
        let to_move = game["to_move"].as_u64().unwrap() as usize;
        let lifted: usize = game["last"]["cups"]
            .as_array()
            .map_or(0, |c| c.iter().map(|x| x.as_array().unwrap().len()).sum());
        // The table's picture: no die face but those lifted at the last call.
        let on_tv = b.eval(&tv, &faced("section.game svg"));
        assert_eq!(on_tv.as_array().unwrap().len(), lifted, "{on_tv}");
        for (s, page) in seats.iter().enumerate() {
            let mine = if s == to_move {
                "Your move:"
            } else {
                "'s move"
            };
            b.until(
                page,
                &format!(
                    "!!document.getElementById('standing') && document.getElementById('standing').textContent.indexOf({mine:?}) >= 0 \
                     && document.querySelectorAll('.moves li').length === {}",
                    moves.min(5)
                ),
                PATIENCE,
            );
            // What the seat sees face up beyond what the table sees: its
            // own cup, exactly.
            let own = b.eval(
                page,
                &format!(
                    "(function () {{ var all = {}; var table = {}.map(function (p) {{ return p[0]; }}); \
                     return all.filter(function (p) {{ return table.indexOf(p[0]) < 0; }}) \
                       .map(function (p) {{ return Number(p[1]); }}).sort(); }})()",
                    faced("#yours svg"),
                    faced("section.game svg")
                ),
            );
            let mut want = cups[s].clone();
            want.sort_unstable();
            assert_eq!(own, json!(want), "{}'s page after {moves} moves", names[s]);
        }
        // The mover taps: a call when a bid stands, else the least bid.
        let call = !game["bid"].is_null();
        let line = if call {
            "liars challenge".to_string()
        } else {
            b.eval(
                &seats[to_move],
                "document.querySelector('button.move').getAttribute('data-line')",
            )
            .as_str()
            .unwrap()
            .to_string()
        };
        b.eval(
            &seats[to_move],
            &format!("document.querySelector('button.move[data-line={line:?}]').click(); true"),
        );
        moves += 1;
        calls += usize::from(call);
        // The TV shows the move under the mover's name.
        let said = format!("{}: {line}", names[to_move]);
        b.until(
            &tv,
            &format!(
                "(function () {{ var m = document.querySelectorAll('.moves li'); \
                 return m.length > 0 && m[m.length - 1].textContent === {said:?}; }})()"
            ),
            PATIENCE,
        );
        if call {
            // Every cup lifted on the TV (and, once the game is over, the
            // winner's cup shown too).
            let game = liars(d);
            let count = |v: &serde_json::Value| -> usize {
                v.as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_array().unwrap().len())
                    .sum()
            };
            let left = game["cups"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| !c.as_array().unwrap().is_empty())
                .count();
            let over = if left == 1 { count(&game["cups"]) } else { 0 };
            let lifted = count(&game["last"]["cups"]) + over;
            b.until(
                &tv,
                &format!("{}.length === {lifted}", faced("section.game svg")),
                PATIENCE,
            );
        }
    }
    assert!(calls >= 10, "{calls} calls");
    // The end: the TV says who won; the record replays to it.
    b.until(
        &tv,
        "document.getElementById('turn') && document.getElementById('turn').textContent.indexOf(' won') > 0",
        PATIENCE,
    );
    let last = common::run_out(d, &["replay", "1", "last"]);
    assert!(last.contains(" wins"), "{last}");
    keep(&b.screenshot(&seats[0]), "liars-phone.png");
}

/// Type `expr` in ann's seat `phone` and tap Roll; how long until the
/// `tv` shows ann's roll as `shown`.
pub(super) fn roll_reaches_tv(
    b: &mut Browser,
    phone: &Page,
    tv: &Page,
    expr: &str,
    shown: &str,
) -> Duration {
    b.eval(
        phone,
        &format!(
            "document.getElementById('expr').value = {}; \
             document.querySelector('#roll button').click(); true",
            json!(expr)
        ),
    );
    b.until(
        tv,
        &format!(
            "(function () {{ var r = document.querySelector('.roll.last'); \
             return !!r && r.querySelector('strong') !== null \
               && r.querySelector('strong').textContent === 'ann' \
               && r.textContent.indexOf({}) >= 0; }})()",
            json!(shown)
        ),
        PATIENCE,
    )
}

/// `name`'s seat on a phone (390x844).
fn phone(b: &mut Browser, server: &super::serve::Server, name: &str) -> Page {
    b.open(
        &format!(
            "http://127.0.0.1:{}/seat?s={}",
            server.port,
            server.seat(name)
        ),
        390,
        844,
        true,
    )
}

/// A TV (1920x1080) and `name`'s seat on a phone, each with its stream
/// open.
fn tv_and_seat(b: &mut Browser, server: &super::serve::Server, name: &str) -> (Page, Page) {
    let port = server.port;
    let tv = b.open(&format!("http://127.0.0.1:{port}/"), 1920, 1080, false);
    let seat = phone(b, server, name);
    for page in [&tv, &seat] {
        b.until(
            page,
            "document.querySelector('.live.on') !== null",
            PATIENCE,
        );
    }
    (tv, seat)
}

/// Every board the TV may show, by the setup that lays it and the title
/// its picture has.
const BOARDS: [(&str, &str); 11] = [
    ("slide-jam", "Slide Jam"),
    ("magic-mirror", "Magic Mirror"),
    ("catwalk", "Catwalk"),
    ("barrels", "Roll Out the Barrels"),
    ("whack-a-dummy", "Whack-a-Dummy"),
    ("trampo-land", "Trampo-Land"),
    ("lab-rats", "Lab Rats"),
    ("troll", "Angry Troll versus Magic Bridge"),
    ("slides-of-action", "Slides of Action"),
    ("penguins", "Penguin's Night Out"),
    ("liars-dice", "Liar's Dice"),
];

/// What a TV screen must hold (#58), checked in the page: its failures,
/// as words (empty: it fits). Nothing scrolls, the page or any box in it;
/// the banner is large; every player's name and total on the pad, and the
/// last roll's total, are in the viewport and not covered.
const FITS: &str = r##"new Promise(function (done) { requestAnimationFrame(function () { requestAnimationFrame(function () {
  var fails = [];
  var de = document.documentElement;
  if (de.scrollHeight > innerHeight) { fails.push("the page is " + de.scrollHeight + " px tall in " + innerHeight); }
  if (de.scrollWidth > innerWidth) { fails.push("the page is " + de.scrollWidth + " px wide in " + innerWidth); }
  function name(el) { return el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && el.className.baseVal === undefined ? "." + String(el.className).split(" ").join(".") : ""); }
  Array.prototype.forEach.call(document.querySelectorAll("body *"), function (el) {
    if (el.closest("svg") || el.id === "say") { return; }
    var cs = getComputedStyle(el);
    if (cs.display === "none" || cs.visibility === "hidden" || cs.display === "inline") { return; }
    if (el.offsetParent === null && cs.position !== "fixed") { return; }
    if (el.scrollWidth > el.clientWidth + 1) { fails.push(name(el) + " scrolls sideways: " + el.scrollWidth + " in " + el.clientWidth); }
    if (el.scrollHeight > el.clientHeight + 1) { fails.push(name(el) + " scrolls down: " + el.scrollHeight + " in " + el.clientHeight); }
  });
  var whose = document.getElementById("whose");
  var banner = whose ? parseFloat(getComputedStyle(whose).fontSize) : 0;
  if (innerHeight >= 1080 && banner < 48 * innerHeight / 1080) { fails.push("the banner is " + banner + " px"); }
  function seen(el, what) {
    if (!el) { fails.push(what + " is missing"); return; }
    var r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
      fails.push(what + " is outside the screen"); return;
    }
    var at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!at || !(at === el || el.contains(at))) { fails.push(what + " is covered"); }
  }
  // The people's pad: the last board (the ones before it may be left
  // out to keep the type large, and say so).
  var pads = Array.prototype.filter.call(document.querySelectorAll("table.pad"), function (t) { return t.offsetParent !== null; });
  var pad = pads[pads.length - 1];
  if (!pad) { fails.push("no pad"); } else {
    Array.prototype.forEach.call(pad.querySelectorAll("thead th"), function (th, i) { if (i > 0) { seen(th, "the name " + th.textContent); } });
    var total = pad.querySelector("tfoot tr");
    Array.prototype.forEach.call(total ? total.children : [], function (td, i) { if (i > 0) { seen(td, "the total " + td.textContent); } });
  }
  seen(document.querySelector(".roll.last .total"), "the last roll's total");
  Array.prototype.forEach.call(document.querySelectorAll(".legend li"), function (li) { if (li.offsetParent !== null) { seen(li, "the legend's " + li.textContent); } });
  seen(document.querySelector("section.game .picture svg"), "the board");
  // #58 item 2, #78 item 4: every text reads from the sofa, the board's
  // marks, the pad, the dice and the luck chart alike: 24 px at 1080
  // lines, in proportion at other heights (an SVG's text as drawn, its
  // size times the picture's scale). And no word is broken across lines
  // (a break after a hyphen is a break between words).
  var need = 24 * innerHeight / 1080;
  var small = [];
  var broken = [];
  var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (var n = walker.nextNode(); n; n = walker.nextNode()) {
    var text = n.textContent;
    if (!text.trim()) { continue; }
    var el = n.parentElement;
    // Heard, not seen: the screen reader's line and pictures' tooltips.
    if (el.closest("#say") || el.closest("title") || el.closest("script")) { continue; }
    var all = document.createRange();
    all.selectNodeContents(n);
    if (all.getClientRects().length === 0) { continue; }
    var px = parseFloat(getComputedStyle(el).fontSize);
    var inSvg = el.closest("svg");
    if (inSvg) {
      var m = el.getScreenCTM();
      if (!m) { continue; }
      px = px * Math.sqrt(m.a * m.a + m.b * m.b);
    }
    if (px < need - 0.05) { small.push(JSON.stringify(text.trim().slice(0, 40)) + " " + px.toFixed(1) + " px"); }
    if (inSvg) { continue; }
    var word = /[^\s\-]+-?/g, w;
    while ((w = word.exec(text)) !== null) {
      var r = document.createRange();
      r.setStart(n, w.index);
      r.setEnd(n, w.index + w[0].length);
      var lines = {};
      Array.prototype.forEach.call(r.getClientRects(), function (b) { if (b.width > 0) { lines[Math.round(b.top)] = 1; } });
      if (Object.keys(lines).length > 1) { broken.push(JSON.stringify(w[0])); }
    }
  }
  if (small.length) { fails.push(small.length + " texts under " + need.toFixed(1) + " px: " + small.slice(0, 8).join(", ")); }
  if (broken.length) { fails.push("words broken across lines: " + broken.slice(0, 8).join(", ")); }
  done(fails);
}); }); })"##;

/// #58 item 1: the TV page fits a 16:9 screen from 1280x720 to 3840x2160
/// with 2, 4 and 6 players, a 20-round pad, a 100d6 roll and each game's
/// board: nothing scrolls, every name and total shows. Screenshots of each
/// case at 1920x1080 go under `target/tv/` for a person to look at. One test a table
/// size, so the runner spreads them over the cores (#76).
#[test]
fn the_tv_fits_one_screen_with_every_board_for_two() {
    the_tv_fits_one_screen_with_every_board_and_table(2);
}

#[test]
fn the_tv_fits_one_screen_with_every_board_for_four() {
    the_tv_fits_one_screen_with_every_board_and_table(4);
}

#[test]
fn the_tv_fits_one_screen_with_every_board_for_six() {
    the_tv_fits_one_screen_with_every_board_and_table(6);
}

fn the_tv_fits_one_screen_with_every_board_and_table(players: usize) {
    let Some(chrome) = browser() else {
        common::skipped("no chromium-headless-shell (apt-get install -y chromium-headless-shell)");
        return;
    };
    let shots = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join("tv");
    std::fs::create_dir_all(&shots).unwrap();
    let mut b = Browser::launch(chrome);
    // A 20-letter name at every table size (#78 item 4).
    let everyone = [
        "Ann",
        "Christopher-Alexander",
        "Zoë",
        "Li Wei",
        "Bo",
        "Cyrus",
    ];
    let mut fails = Vec::new();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let names = &everyone[..players];
    let mut seat = vec!["players"];
    seat.extend(names);
    common::run_out(d, &seat);
    common::run_ok(d, &["pad new hearts", "funhouse new"]);
    for round in 0..20 {
        let scores: Vec<String> = (0..players)
            .map(|p| ((round * 7 + p * 3) % 13).to_string())
            .collect();
        common::run_ok(d, &[format!("pad {}", scores.join(" ")).as_str()]);
    }
    common::run_ok(d, &["roll 100d6"]);
    // Rolls of the people, so the evening's luck is drawn too.
    for name in names {
        common::run_out(d, &["roll", "2d6", "as", name]);
    }
    let server = serve(d, &[]);
    let tv = b.open(
        &format!("http://127.0.0.1:{}/", server.port),
        1920,
        1080,
        false,
    );
    b.until(&tv, "document.querySelector('.live.on') !== null", PATIENCE);
    for (setup, title) in BOARDS {
        // Each game in turn: the one before is set aside (#78).
        common::run_ok(d, &[format!("--seed 4 setup {setup} --yes").as_str()]);
        b.until(
            &tv,
            &format!(
                "!!document.querySelector('section.game h1') && document.querySelector('section.game h1').textContent === {title:?}"
            ),
            PATIENCE,
        );
        for (w, h) in [(1280, 720), (1920, 1080), (3840, 2160)] {
            b.size(&tv, w, h, false);
            b.until(
                &tv,
                &format!("window.innerWidth === {w} && document.body.classList.contains('tv')"),
                PATIENCE,
            );
            // A game of the table's people says whose each piece is.
            if ["penguins", "slides-of-action", "liars-dice"].contains(&setup) {
                let legend = b.eval(&tv, "document.querySelectorAll('.legend li').length");
                if legend.as_u64().unwrap_or(0) < 2 {
                    fails.push(format!("{players} players, {setup}: no legend ({legend})"));
                }
            }
            let found = b.eval(&tv, FITS);
            for f in found.as_array().unwrap() {
                fails.push(format!(
                    "{players} players, {setup}, {w}x{h}: {}",
                    f.as_str().unwrap()
                ));
            }
            // A picture at the TV's own size for a person to look at (the
            // 4K ones took 0.4 s each, a third of the test, and show the
            // same page at twice the scale).
            if h == 1080 {
                let png = b.screenshot(&tv);
                std::fs::write(shots.join(format!("{players}p-{setup}-{w}x{h}.png")), png).unwrap();
            }
        }
    }
    assert!(
        fails.is_empty(),
        "{} failures:\n{}",
        fails.len(),
        fails.join("\n")
    );
}

/// Every text of a page whose colour is below WCAG AA against what lies
/// behind it (4.5:1, or 3:1 for large text: 24 px, or 18.66 px bold), as
/// words; computed from the rendered page, backgrounds composed up the
/// tree. The pictures' own text (SVG) is the renderer's, not the page's.
const CONTRAST: &str = r##"(function () {
  function rgba(s) { var m = /rgba?\(([^)]+)\)/.exec(s); if (!m) { return null; }
    var p = m[1].split(/[\s,\/]+/).filter(Boolean).map(parseFloat);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 }; }
  function lin(c) { c = c / 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); }
  function lum(c) { return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b); }
  function over(t, b) { return { r: t.r * t.a + b.r * (1 - t.a), g: t.g * t.a + b.g * (1 - t.a), b: t.b * t.a + b.b * (1 - t.a), a: 1 }; }
  function behind(el) {
    var layers = [];
    for (var e = el; e; e = e.parentElement) {
      var c = rgba(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) { break; } }
    }
    var base = rgba(getComputedStyle(document.documentElement).backgroundColor);
    if (!base || base.a < 1) { base = matchMedia("(prefers-color-scheme: dark)").matches ? { r: 0, g: 0, b: 0, a: 1 } : { r: 255, g: 255, b: 255, a: 1 }; }
    for (var i = layers.length - 1; i >= 0; i--) { base = over(layers[i], base); }
    return base;
  }
  var low = [];
  var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (var n = walk.nextNode(); n; n = walk.nextNode()) {
    var text = n.textContent.trim();
    var el = n.parentElement;
    if (!text || !el || el.closest("svg") || el.closest("#say") || el.closest("script")) { continue; }
    if (el.getClientRects().length === 0) { continue; }
    var cs = getComputedStyle(el);
    if (cs.visibility === "hidden") { continue; }
    var bg = behind(el);
    var fg = over(rgba(cs.color), bg);
    var a = lum(fg), b = lum(bg);
    var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    var size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight, 10) >= 700;
    var need = (size >= 24 || (size >= 18.66 && bold)) ? 3 : 4.5;
    if (ratio < need) { low.push(JSON.stringify(text.slice(0, 30)) + " " + ratio.toFixed(2) + ":1 < " + need + ":1 (" + cs.color + " on rgb(" + [bg.r, bg.g, bg.b].map(Math.round) + "))"); }
  }
  return low;
})()"##;

/// #58 item 4: no text of the TV's page or a seat's page, light or dark,
/// is below WCAG AA contrast: a refused answer, a dropped die, the muted
/// notes, the buttons and the seat's own part included.
#[test]
fn every_text_of_the_tv_and_a_seat_meets_aa_contrast() {
    let Some((chrome, dir)) = table(&[
        "players ann ben",
        // A time bank: each one's time, ann's under a minute (a warning).
        "turn clock 30s",
        "turn",
        "pad new hearts",
        "pad 3 5",
        "roll 4d6kh3",
        // Named rolls: the evening's luck is drawn, its legend is text.
        "roll 2d6 as ann",
        "roll 2d6 = 6 6 as ben",
        "--seed 2 setup liars-dice",
        "liars bid 2 3",
    ]) else {
        return;
    };
    let server = serve(dir.path(), &[]);
    let mut b = Browser::launch(chrome);
    let (tv, seat) = tv_and_seat(&mut b, &server, "ben");
    // A refused answer on the seat, in its own colour.
    b.eval(
        &seat,
        "document.getElementById('score').value = 'x'; document.querySelector('#pad button').click(); true",
    );
    b.until(
        &seat,
        "document.querySelector('.answer.refused') !== null",
        PATIENCE,
    );
    let mut low = Vec::new();
    for dark in [false, true] {
        for (page, what) in [(&tv, "the TV"), (&seat, "ben's seat")] {
            b.dark(page, dark);
            let found = b.eval(page, CONTRAST);
            for f in found.as_array().unwrap() {
                let theme = if dark { "dark" } else { "light" };
                low.push(format!("{what} ({theme}): {}", f.as_str().unwrap()));
            }
        }
    }
    assert!(low.is_empty(), "{}", low.join("\n"));
}

/// #58 item 3: a phone speaks like a phone. A roll saved at the terminal
/// shows on an open seat as a button at once; an old refusal clears at
/// the next change; a score is answered in a sentence about the seat.
#[test]
fn a_phone_follows_saved_rolls_clears_old_errors_and_speaks_in_sentences() {
    let Some((chrome, dir)) = table(&["pad new hearts ann liwei", "pad 12 3"]) else {
        return;
    };
    let d = dir.path();
    let server = serve(d, &[]);
    let mut b = Browser::launch(chrome);
    let phone = b.open(
        &format!(
            "http://127.0.0.1:{}/seat?s={}",
            server.port,
            server.seat("liwei")
        ),
        390,
        844,
        true,
    );
    b.until(
        &phone,
        "document.querySelector('.live.on') !== null",
        PATIENCE,
    );
    assert_eq!(
        b.eval(&phone, "document.querySelectorAll('button.saved').length"),
        json!(0)
    );
    // Saved at the terminal: a button on the open phone, no reload.
    common::run_ok(d, &["save attack 1d20+5"]);
    b.until(
        &phone,
        "document.querySelector('button.saved[data-expr=\"attack\"]') !== null",
        PATIENCE,
    );
    b.eval(
        &phone,
        "document.querySelector('button.saved[data-expr=\"attack\"]').click(); true",
    );
    b.until(
        &phone,
        "document.getElementById('answer').textContent.indexOf('1d20 [') === 0",
        PATIENCE,
    );
    // A refusal, cleared when the table next changes.
    b.eval(
        &phone,
        "document.getElementById('score').value = '7x'; document.querySelector('#pad button').click(); true",
    );
    b.until(
        &phone,
        "document.getElementById('answer').textContent === \"'7x' is not a score: a whole number, like 12 or -3\"",
        PATIENCE,
    );
    common::run_ok(d, &["roll 2d6"]);
    b.until(
        &phone,
        "document.getElementById('answer').textContent === ''",
        PATIENCE,
    );
    // A score, said about the seat.
    b.eval(
        &phone,
        "document.getElementById('score').value = '7'; document.querySelector('#pad button').click(); true",
    );
    b.until(
        &phone,
        "document.getElementById('answer').textContent === '7 for liwei; liwei 10, ann leads with 12'",
        PATIENCE,
    );
}

/// #60: a seat taps the faces its own dice showed on the keypad (the
/// keys follow the die written: a d20's twenty), the table asks for the
/// die an explosion needs, and the TV shows the roll under the person's
/// name as the table's dice.
#[test]
fn a_seat_enters_its_own_dice_on_the_keypad_and_the_tv_shows_them() {
    let Some((chrome, dir)) = table(&["players ann ben"]) else {
        return;
    };
    let d = dir.path();
    let server = serve(d, &[]);
    let mut b = Browser::launch(chrome);
    let phone = b.open(
        &format!(
            "http://127.0.0.1:{}/seat?s={}",
            server.port,
            server.seat("ben")
        ),
        390,
        844,
        true,
    );
    let tv = b.open(
        &format!("http://127.0.0.1:{}/?view=tv", server.port),
        1920,
        1080,
        false,
    );
    b.until(
        &phone,
        "document.querySelector('.live.on') !== null",
        PATIENCE,
    );
    // A d6's faces before any roll is written; a d20's once it is.
    assert_eq!(
        b.eval(
            &phone,
            "document.querySelectorAll('#keys button.face').length"
        ),
        json!(7)
    );
    let tap = |b: &mut Browser, face: &str| {
        b.eval(
            &phone,
            &format!(
                "Array.from(document.querySelectorAll('#keys button.face')).find(function (k) {{ return k.textContent === '{face}'; }}).click(); true"
            ),
        );
    };
    b.eval(
        &phone,
        "var e = document.getElementById('expr'); e.value = '1d20+5'; e.dispatchEvent(new Event('input')); true",
    );
    assert_eq!(
        b.eval(
            &phone,
            "document.querySelectorAll('#keys button.face').length"
        ),
        json!(21)
    );
    for face in ["1", "7", "⌫", "4"] {
        tap(&mut b, face);
    }
    assert_eq!(
        b.eval(&phone, "document.getElementById('expr').value"),
        json!("1d20+5 = 1 4")
    );
    // Taken back to the roll alone (the '=' goes with the last face).
    tap(&mut b, "⌫");
    tap(&mut b, "⌫");
    assert_eq!(
        b.eval(&phone, "document.getElementById('expr').value"),
        json!("1d20+5")
    );
    tap(&mut b, "14");
    assert_eq!(
        b.eval(&phone, "document.getElementById('expr').value"),
        json!("1d20+5 = 14")
    );
    b.eval(
        &phone,
        "document.querySelector('#roll button[type=submit]').click(); true",
    );
    b.until(
        &phone,
        "document.getElementById('answer').textContent === \"1d20 [14] + 5 = 19 (the table's dice)\"",
        PATIENCE,
    );
    b.until(
        &tv,
        "(function () { var r = document.querySelector('.roll.last'); return r !== null && r.querySelector('.total').textContent === '19' && r.textContent.indexOf('ben') >= 0 && r.querySelector('.whose-dice').textContent === \"the table's dice\"; })()",
        PATIENCE,
    );
    // An explosion: the table asks for its die, one more tap answers.
    b.eval(
        &phone,
        "var e = document.getElementById('expr'); e.value = '2d6! = 6 2'; e.dispatchEvent(new Event('input')); document.querySelector('#roll button[type=submit]').click(); true",
    );
    b.until(
        &phone,
        "document.getElementById('answer').textContent === '6 explodes: roll one more d6: tap its face on the keypad and Roll again' && document.getElementById('answer').className === 'answer'",
        PATIENCE,
    );
    tap(&mut b, "3");
    b.eval(
        &phone,
        "document.querySelector('#roll button[type=submit]').click(); true",
    );
    b.until(
        &tv,
        "document.querySelector('.roll.last .total').textContent === '11'",
        PATIENCE,
    );
    // tablemate's own roll says so too.
    common::run_ok(d, &["roll 2d6 as ann"]);
    b.until(
        &tv,
        "document.querySelector('.roll.last .whose-dice').textContent === \"tablemate's dice\"",
        PATIENCE,
    );
    // The evening's luck on one scale: a lane each, a mark for each
    // measure, named in words; the TV still fits its screen.
    b.until(
        &tv,
        "(function () { var t = Array.from(document.querySelectorAll('#luck svg.luck-bar g > title')).map(function (x) { return x.textContent; }); return t.length === 2 && t.some(function (x) { return x.indexOf('ann: ') === 0 && x.indexOf(\"totals of tablemate's dice\") > 0; }) && t.some(function (x) { return x.indexOf('ben: ') === 0 && x.indexOf(\"totals of the table's dice\") > 0; }); })()",
        PATIENCE,
    );
    assert_eq!(
        b.eval(&tv, "document.querySelector('#luck .legend').textContent"),
        json!(" totals of tablemate's dice totals of the table's dice")
    );
    assert_eq!(
        b.eval(
            &tv,
            "document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth"
        ),
        json!(true)
    );
}

/// #62 item 4: a time bank that runs out while the TV, a seat and the
/// REPL watch: the running time counts down on the TV's banner and the
/// seat's page, warns under a minute and says "over" past zero; the REPL
/// open beside it says who ran out and what the table said it means.
#[test]
fn a_time_bank_runs_out_while_the_tv_a_seat_and_the_repl_watch() {
    use std::io::Write;
    let Some((chrome, dir)) = table(&["players Ann Ben", "turn clock 3s out=lose"]) else {
        return;
    };
    let d = dir.path();
    let server = serve(d, &[]);
    let mut b = Browser::launch(chrome);
    let (tv, seat) = tv_and_seat(&mut b, &server, "Ann");
    // The REPL, open beside them.
    let mut repl = common::std_command(d)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = repl.stdin.take().unwrap();
    writeln!(input, "turn").unwrap();
    // Ann's three seconds run on the TV's banner, large, then warn.
    b.until(
        &tv,
        "(function () { var t = document.querySelector('#whose .bank'); \
         return !!t && t.getAttribute('data-run') === '1' && t.classList.contains('low') \
           && / left!$/.test(t.textContent); })()",
        PATIENCE,
    );
    let banner = b.eval(
        &tv,
        "parseFloat(getComputedStyle(document.querySelector('#whose .bank')).fontSize)",
    );
    assert!(
        banner.as_f64().unwrap() >= 48.0,
        "the TV's clock is {banner} px"
    );
    // Past zero: "over" on the TV and on Ann's seat, without a reload.
    for page in [&tv, &seat] {
        b.until(
            page,
            "(function () { var t = document.querySelector('.seats li.now .bank'); \
             return !!t && t.classList.contains('over') && / over$/.test(t.textContent); })()",
            PATIENCE,
        );
    }
    writeln!(input, "players").unwrap();
    writeln!(input, "turn").unwrap();
    drop(input);
    let out = common::wait::collect_within(repl, common::wait::COMMAND, "the REPL");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("1. Ann (starts): ran out, 0:0"), "{said}");
    assert!(
        said.contains("Ann's time ran out: Ann loses (the table's rule: out=lose)"),
        "{said}"
    );
    // Kept: the table shows it, and the seat's page hears it.
    let players = common::run_out(d, &["players"]);
    assert!(players.contains("1. Ann (starts): thought "), "{players}");
    assert!(players.contains("; ran out, 0:0"), "{players}");
    b.until(
        &seat,
        "(function () { var t = document.querySelector('.seats li:first-child .bank'); \
         return !!t && t.classList.contains('ran-out'); })()",
        PATIENCE,
    );
}

/// #77 item 7: a revoked seat's page says so within a couple of seconds
/// and follows the table no more (it reconnected to the table's stream,
/// said "live" and showed the next roll); "live" shows only while its
/// stream is open.
#[test]
fn a_revoked_seat_page_says_it_is_closed_and_follows_nothing() {
    let Some((chrome, dir)) = table(&["players ann ben"]) else {
        return;
    };
    let d = dir.path();
    let server = serve(d, &[]);
    let mut b = Browser::launch(chrome);
    let phone = phone(&mut b, &server, "ann");
    b.until(
        &phone,
        "document.querySelector('.live.on') !== null && document.getElementById('live').textContent === 'live'",
        PATIENCE,
    );
    common::run_ok(d, &["serve revoke ann"]);
    let took = b.until(
        &phone,
        "document.getElementById('live').textContent === 'closed: ask at the terminal'",
        PATIENCE,
    );
    assert!(took < Duration::from_secs(3), "closed after {took:?}");
    // A roll after it never reaches the closed page.
    common::run_ok(d, &["roll 3d6+100 as ben"]);
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(
        b.eval(
            &phone,
            "document.body.textContent.indexOf('3d6+100') < 0 && document.getElementById('live').textContent"
        ),
        json!("closed: ask at the terminal")
    );
}

/// #79 item 5: when the turn comes to a seat, its page says so loudly
/// (the title, a mark on the page, a nudge counted where a phone would
/// vibrate and sound), and only that seat's; a page opened on its own
/// turn is marked but not rung. The sound can be switched off, and stays
/// off on that phone.
#[test]
fn the_turn_nudges_only_the_seat_it_comes_to() {
    let Some((chrome, dir)) = table(&["players ann ben", "turn"]) else {
        return;
    };
    let d = dir.path();
    let server = serve(d, &[]);
    let mut b = Browser::launch(chrome);
    let ann = phone(&mut b, &server, "ann");
    let ben = phone(&mut b, &server, "ben");
    for page in [&ann, &ben] {
        b.until(
            page,
            "document.querySelector('.live.on') !== null",
            PATIENCE,
        );
    }
    let state = "[document.title.indexOf('Your turn') === 0, \
                 document.body.classList.contains('your-turn'), \
                 document.body.getAttribute('data-nudges')]";
    // Ann's turn as the pages open: marked, not rung; Ben nothing.
    assert_eq!(b.eval(&ann, state), json!([true, true, null]));
    assert_eq!(b.eval(&ben, state), json!([false, false, null]));
    common::run_ok(d, &["turn"]);
    b.until(
        &ben,
        "document.body.getAttribute('data-nudges') === '1'",
        PATIENCE,
    );
    assert_eq!(b.eval(&ben, state), json!([true, true, "1"]));
    b.until(&ann, "document.title.indexOf('Your turn') < 0", PATIENCE);
    assert_eq!(b.eval(&ann, state), json!([false, false, null]));
    // Back to Ann: rung once; the sound switched off stays off.
    b.eval(&ann, "document.getElementById('sound').click(); true");
    assert_eq!(
        b.eval(&ann, "document.getElementById('sound').textContent"),
        json!("Sound on your turn: off")
    );
    common::run_ok(d, &["turn"]);
    b.until(
        &ann,
        "document.body.getAttribute('data-nudges') === '1'",
        PATIENCE,
    );
    b.eval(&ann, "window.before = true; location.reload(); true");
    b.until(
        &ann,
        "window.before === undefined && document.getElementById('sound') !== null \
         && document.querySelector('.live.on') !== null",
        PATIENCE,
    );
    assert_eq!(
        b.eval(&ann, "document.getElementById('sound').textContent"),
        json!("Sound on your turn: off")
    );
}

/// The TV's pad at a size, every name, row and total on the screen and
/// uncovered, its text large enough to read from the sofa (24 px at 1080
/// lines, in proportion), nothing scrolling.
const SHEET_FITS: &str = r##"new Promise(function (done) { requestAnimationFrame(function () { requestAnimationFrame(function () {
  var fails = [];
  var de = document.documentElement;
  if (de.scrollHeight > innerHeight) { fails.push("the page is " + de.scrollHeight + " px tall in " + innerHeight); }
  if (de.scrollWidth > innerWidth) { fails.push("the page is " + de.scrollWidth + " px wide in " + innerWidth); }
  var pad = document.querySelector("table.pad[data-entered]");
  if (!pad) { done(["no sheet on the screen"]); return; }
  var need = 24 * innerHeight / 1080;
  Array.prototype.forEach.call(pad.querySelectorAll("th, td"), function (c) {
    var r = c.getBoundingClientRect();
    var what = JSON.stringify(c.textContent.trim());
    if (r.width === 0 || r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) { fails.push(what + " is outside the screen"); return; }
    var at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!at || !(at === c || c.contains(at))) { fails.push(what + " is covered"); }
    if (c.scrollWidth > c.clientWidth + 1) { fails.push(what + " is cut"); }
    var px = parseFloat(getComputedStyle(c).fontSize);
    if (px < need - 0.05) { fails.push(what + " is " + px.toFixed(1) + " px"); }
  });
  done(fails);
}); }); })"##;

/// #80: a score sheet of 6 people by the 14 rows of Yacht (its 12
/// categories, the upper total and the bonus) fits a 720p TV, and at
/// 1080p and 4K; a seat enters its own category from its phone in the
/// words the terminal takes, and the TV shows the score it makes.
#[test]
fn a_sheet_of_six_by_twelve_fits_the_tv_and_a_phone_enters_its_own() {
    // (Lines split on spaces: no name of two words here.)
    let everyone = ["Ann", "Christopher-Alexander", "Zoë", "Wei", "Bo", "Cyrus"];
    let mut lines = vec![format!("players {}", everyone.join(" "))];
    lines.push("pad new yacht".into());
    let entries = [
        "twos 2 2 2 3 6 threes 3 3 3 1 2 fours 4 4 4 5 5 fives 5 5 5 1 1 sixes 6 6 6 2 2",
        "full-house 3 3 5 5 5 four-of-a-kind 6 6 6 6 2 little-straight 1 2 3 4 5",
        "big-straight 2 3 4 5 6 choice 6 6 5 4 3 yacht 4 4 4 4 4",
    ];
    for (i, name) in everyone.iter().enumerate() {
        if i > 0 {
            lines.push(format!("pad {name} ones 1 1 1 4 5"));
        }
        for e in entries {
            lines.push(format!("pad {name} {e}"));
        }
    }
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let Some((chrome, dir)) = table(&lines) else {
        return;
    };
    let d = dir.path();
    let server = serve(d, &[]);
    let mut b = Browser::launch(chrome);
    let (tv, seat) = tv_and_seat(&mut b, &server, "Ann");
    // The phone's box takes letters on a sheet.
    b.until(
        &seat,
        "document.getElementById('score').getAttribute('inputmode') === 'text'",
        PATIENCE,
    );
    b.eval(
        &seat,
        "document.getElementById('score').value = 'ones 1 1 1 4 5'; \
         document.querySelector('#pad button').click(); true",
    );
    b.until(
        &seat,
        "document.getElementById('answer').textContent.indexOf('ones 1 1 1 4 5: 3 for Ann; Ann 277, level with') === 0",
        PATIENCE,
    );
    b.until(
        &tv,
        "(function () { var t = document.querySelector('table.pad[data-entered]'); \
           return !!t && t.querySelector('tbody tr td').textContent === '3'; })()",
        PATIENCE,
    );
    let mut fails = Vec::new();
    for (w, h) in [(1280, 720), (1920, 1080), (3840, 2160)] {
        b.size(&tv, w, h, false);
        b.until(&tv, &format!("window.innerWidth === {w}"), PATIENCE);
        for f in b.eval(&tv, SHEET_FITS).as_array().unwrap() {
            fails.push(format!("{w}x{h}: {}", f.as_str().unwrap()));
        }
        if h == 720 {
            keep(&b.screenshot(&tv), "tv-sheet-720p.png");
        }
    }
    assert!(
        fails.is_empty(),
        "{} failures:\n{}",
        fails.len(),
        fails.join("\n")
    );
}
