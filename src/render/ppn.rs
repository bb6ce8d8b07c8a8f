//! Portable Piecepack Notation, as piecepackr's `ppn` package reads it:
//! a YAML header (`GameType` names the game and the setup's arguments;
//! `SetUp: None` starts from an empty table, since ppdf cannot lay our
//! deals), then a `Setup.` move that places every piece at its
//! coordinates (`tfS0@(1,1)`: a tile, face up, Suns, null, at 1,1 inches),
//! then one numbered move a step of the record.
//!
//! Piece specs: `t` tile, `c` coin, `d` die, `p` pawn, a playing card as
//! its Unicode character (`[]` its back) in piecepackr's
//! `playing_cards_tarot` configuration (see `spec` for why); `f`/`b` face or back; suit `S M C A`; rank `0` (null) to
//! `5`. Dominoes are tiles of the `dominoes` configuration with their
//! halves as suit and rank (`,s3,r5`, counted from 0). A stack is its
//! pieces placed in turn at one place, the last on top, as ppn stacks
//! them. Markers are not pieces: they become comments.

use std::collections::BTreeMap;

use super::num;
use crate::layout::{Kind, Layout, Placed, Side};

/// piecepackr's configuration for playing cards (see `spec`).
const CARDS: &str = "playing_cards_tarot";

/// The piece spec of one piece (without its place).
pub fn spec(p: &Placed) -> Option<String> {
    let side = if p.side == Side::Face { "f" } else { "b" };
    let suit = p.suit.clone().unwrap_or_default();
    let rank = p
        .ppdf_rank()
        .map(|r| (r - 1).to_string())
        .unwrap_or_default();
    let angle = if p.angle == 0.0 {
        String::new()
    } else {
        format!(",a{}", num(p.angle))
    };
    Some(match p.kind {
        Kind::Tile | Kind::Coin => {
            let k = if p.kind == Kind::Tile { "t" } else { "c" };
            format!("{k}{side}{suit}{rank}{angle}")
        }
        Kind::Die => format!("d{suit}{rank}{angle}"),
        Kind::Pawn => format!("p{suit}{angle}"),
        // ppn reads a card glyph's rank counting Unicode's knight (a
        // queen is 13): in piecepackr's 13-rank `playing_cards` a queen
        // would be drawn a king, and a king a joker. Its tarot
        // configuration has the knight, so every glyph lands on its own
        // card (the same four suits and faces); it is named, not left to
        // ppn's default.
        Kind::Card if p.side == Side::Back => format!("[]b{angle},{CARDS}'"),
        Kind::Card => {
            // Unicode playing cards: spades from U+1F0A1, then hearts,
            // diamonds, clubs, each ace to king with a knight at 12.
            let base = match p.suit.as_deref()? {
                "S" => 0x1F0A1,
                "H" => 0x1F0B1,
                "D" => 0x1F0C1,
                _ => 0x1F0D1,
            };
            let r = p.ppdf_rank()?;
            let offset = if r >= 12 { r } else { r - 1 };
            format!("{}{angle},{CARDS}'", char::from_u32(base + offset)?)
        }
        Kind::Domino => format!(
            "tf,s{},r{}{angle},dominoes'",
            p.ppdf_suit()? - 1,
            p.ppdf_rank()? - 1
        ),
        Kind::Marble => format!("{suit}{angle}"),
        Kind::Pyramid => format!("{suit}{}x{angle}", p.rank.as_deref().unwrap_or("")),
        Kind::Marker | Kind::Hole => return None,
    })
}

/// What the header says besides the pieces: the game, the words that lay
/// it (as the table may see them: a sealed deal stays sealed) and any
/// further keys (`Event`, `Date`, `Result`).
pub struct Header<'a> {
    pub title: &'a str,
    pub setup: &'a str,
    pub more: Vec<(&'static str, String)>,
}

/// A YAML double-quoted string.
fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

fn header(h: &Header) -> String {
    let mut out = String::from("---\nGameType:\n");
    out.push_str(&format!("  Name: {}\n", quoted(h.title)));
    // The setup's arguments, each under its own key (`deal=GBHPKQ` is
    // `Deal: "GBHPKQ"`); the whole line too, to type it again.
    let mut seen = Vec::new();
    for word in h.setup.split_whitespace() {
        let Some((k, v)) = word.split_once('=') else {
            continue;
        };
        if k.is_empty() || !k.chars().all(|c| c.is_ascii_alphanumeric()) || seen.contains(&k) {
            continue;
        }
        seen.push(k);
        let mut key = k.to_ascii_lowercase();
        key[..1].make_ascii_uppercase();
        out.push_str(&format!("  {key}: {}\n", quoted(v)));
    }
    out.push_str(&format!("  Tablemate: {}\n", quoted(h.setup)));
    out.push_str("SetUp: None\n");
    for (k, v) in &h.more {
        out.push_str(&format!("{k}: {}\n", quoted(v)));
    }
    out.push_str(&format!(
        "Generator: {}\n...\n",
        quoted(&format!("tablemate {}", env!("CARGO_PKG_VERSION")))
    ));
    out
}

/// The `Setup.` move: every piece placed, markers as comments.
fn setup_move(layout: &Layout) -> String {
    let mut line = String::from("Setup.");
    let mut lines = Vec::new();
    for p in &layout.pieces {
        let item = match spec(p) {
            Some(s) => format!("{s}@({},{})", num(p.x), num(p.y)),
            None => format!(
                "{{ {} at ({},{}) }}",
                p.label.as_deref().unwrap_or("mark"),
                num(p.x),
                num(p.y)
            ),
        };
        if line.len() + item.len() + 1 > 78 {
            lines.push(std::mem::take(&mut line));
            line.push_str("      ");
        }
        line.push(' ');
        line.push_str(&item);
    }
    lines.push(line);
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// A setup in PPN: the header and the `Setup.` move.
pub fn ppn(layout: &Layout, setup: &str) -> String {
    let h = Header {
        title: &layout.title,
        setup,
        more: Vec::new(),
    };
    header(&h) + &setup_move(layout)
}

/// A piece as PPN moves name it: its spec, its place `(x,y)`, and who it
/// is where the game says.
#[derive(Clone, PartialEq)]
struct Item {
    spec: String,
    at: String,
    id: Option<u32>,
}

fn items(layout: &Layout) -> Vec<Item> {
    layout
        .pieces
        .iter()
        .filter_map(|p| {
            Some(Item {
                spec: spec(p)?,
                at: format!("({},{})", num(p.x), num(p.y)),
                id: p.id,
            })
        })
        .collect()
}

/// Each piece's spec and place, in order (the last at a place on top).
fn pairs(layout: &Layout) -> Vec<(String, String)> {
    items(layout).into_iter().map(|i| (i.spec, i.at)).collect()
}

/// Each place's stack, bottom first, as ppn would hold it.
fn stacks(table: &[(String, String)]) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (spec, at) in table {
        out.entry(at.clone()).or_default().push(spec.clone());
    }
    out
}

/// The table after `moves`, read as ppn reads them (a place's top piece
/// is the one a move names); None when a move names an empty place.
fn after(from: &Layout, moves: &[String]) -> Option<Vec<(String, String)>> {
    let mut table = pairs(from);
    let top = |t: &Vec<(String, String)>, at: &str| t.iter().rposition(|(_, a)| a == at);
    for m in moves {
        if let Some(at) = m.strip_prefix('*') {
            let i = top(&table, at)?;
            table.remove(i);
        } else if let Some((spec, at)) = m.split_once('@') {
            table.push((spec.to_string(), at.to_string()));
        } else if let Some((a, b)) = m.split_once(")-(") {
            let i = top(&table, &format!("{a})"))?;
            let (spec, _) = table.remove(i);
            table.push((spec, format!("({b}")));
        } else if let Some((at, spec)) = m.split_once('=') {
            let i = top(&table, at)?;
            table[i].0 = spec.to_string();
        }
    }
    Some(table)
}

/// The PPN moves that turn `from` into `to`. Pieces are followed by
/// their id, else by their looks: what left (`*at`), moved (`a-b`,
/// ordered so none lands on a place still to be left), turned or changed
/// where it lies (`at=spec`; a die that rolled is moved, then shows its
/// new face) and arrived (`spec@at`). Should stacks make that reading
/// wrong (checked by reading it back), each changed place is taken down
/// to what it keeps and built up again.
pub fn moves(from: &Layout, to: &Layout) -> Vec<String> {
    let want = stacks(&pairs(to));
    let reads_right = |m: &Vec<String>| after(from, m).is_some_and(|t| stacks(&t) == want);
    // A piece turned where it lies is turned while it is the top of its
    // place: before a piece lands on it (a coin flipped as the die steps
    // on), or after the one above it leaves (a stack's next coin).
    let f = followed(from, to);
    [f.in_order(true), f.in_order(false)]
        .into_iter()
        .find(reads_right)
        .unwrap_or_else(|| rebuilt(from, to))
}

/// The changes `followed` finds, by kind.
struct Changes {
    removed: Vec<String>,
    moved: Vec<String>,
    /// A piece that stayed and was turned or replaced.
    turned: Vec<String>,
    /// A piece that moved and shows another face there (a die rolled).
    moved_turned: Vec<String>,
    placed: Vec<String>,
}

impl Changes {
    /// The moves in writing order: removals first, arrivals last; a
    /// piece turned where it lies before or after the moves.
    fn in_order(&self, turned_first: bool) -> Vec<String> {
        let (early, late) = if turned_first {
            (&self.turned, &self.moved)
        } else {
            (&self.moved, &self.turned)
        };
        [&self.removed, early, late, &self.moved_turned, &self.placed]
            .into_iter()
            .flatten()
            .cloned()
            .collect()
    }
}

fn followed(from: &Layout, to: &Layout) -> Changes {
    let (mut old, mut new) = (items(from), items(to));
    let mut moved: Vec<(String, String)> = Vec::new();
    let mut turned: Vec<String> = Vec::new();
    let mut moved_turned: Vec<String> = Vec::new();
    // Pieces the game names: the same id is the same piece.
    let mut i = 0;
    while i < new.len() {
        let found = new[i]
            .id
            .and_then(|id| old.iter().position(|o| o.id == Some(id)));
        match found {
            Some(j) => {
                let (o, n) = (old.remove(j), new.remove(i));
                let went = o.at != n.at;
                if went {
                    moved.push((o.at, n.at.clone()));
                }
                if o.spec != n.spec {
                    let to = if went { &mut moved_turned } else { &mut turned };
                    to.push(format!("{}={}", n.at, n.spec));
                }
            }
            None => i += 1,
        }
    }
    // What stayed put is no move.
    let mut i = 0;
    while i < new.len() {
        match old
            .iter()
            .position(|o| o.spec == new[i].spec && o.at == new[i].at)
        {
            Some(j) => {
                old.remove(j);
                new.remove(i);
            }
            None => i += 1,
        }
    }
    // The same piece somewhere else moved there.
    let mut i = 0;
    while i < new.len() {
        match old.iter().position(|o| o.spec == new[i].spec) {
            Some(j) => {
                let (o, n) = (old.remove(j), new.remove(i));
                moved.push((o.at, n.at));
            }
            None => i += 1,
        }
    }
    // Another piece where one lay: it was turned or replaced.
    let mut i = 0;
    while i < new.len() {
        match old.iter().position(|o| o.at == new[i].at) {
            Some(j) => {
                old.remove(j);
                let n = new.remove(i);
                turned.push(format!("{}={}", n.at, n.spec));
            }
            None => i += 1,
        }
    }
    let removed: Vec<String> = old.iter().map(|o| format!("*{}", o.at)).collect();
    // A move may go only where no piece is still to leave; a ring of
    // moves is broken by lifting one piece off and putting it back last.
    let mut out = Vec::new();
    let mut lifted = Vec::new();
    let start = items(from);
    while !moved.is_empty() {
        let free = (0..moved.len()).find(|&k| !moved.iter().any(|(a, _)| *a == moved[k].1));
        match free {
            Some(k) => {
                let (a, b) = moved.remove(k);
                out.push(format!("{a}-{b}"));
            }
            None => {
                let (a, b) = moved.remove(0);
                let spec = start
                    .iter()
                    .rev()
                    .find(|i| i.at == a)
                    .map(|i| i.spec.clone())
                    .unwrap_or_default();
                out.push(format!("*{a}"));
                lifted.push(format!("{spec}@{b}"));
            }
        }
    }
    lifted.extend(new.into_iter().map(|n| format!("{}@{}", n.spec, n.at)));
    Changes {
        removed,
        moved: out,
        turned,
        moved_turned,
        placed: lifted,
    }
}

/// Each place that changed, taken down to the pieces it keeps at the
/// bottom and built up again: always what ppn reads, if less telling.
fn rebuilt(from: &Layout, to: &Layout) -> Vec<String> {
    let (old, new) = (stacks(&pairs(from)), stacks(&pairs(to)));
    let mut out = Vec::new();
    let mut places: Vec<&String> = old.keys().chain(new.keys()).collect();
    places.sort();
    places.dedup();
    for at in places {
        let none = Vec::new();
        let (a, b) = (old.get(at).unwrap_or(&none), new.get(at).unwrap_or(&none));
        let kept = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        out.extend((kept..a.len()).map(|_| format!("*{at}")));
        out.extend(b[kept..].iter().map(|s| format!("{s}@{at}")));
    }
    out
}

/// A whole game in PPN: the header, the setup as the first position's
/// pieces, then one numbered move a step, each with its words as a
/// comment (`frames`: each position's layout and what made it).
pub fn ppn_game(h: &Header, frames: &[(Layout, String)]) -> String {
    let Some((first, _)) = frames.first() else {
        return String::new();
    };
    let mut out = header(h);
    out.push_str(&setup_move(first));
    for (n, pair) in frames.windows(2).enumerate() {
        let (before, after) = (&pair[0].0, &pair[1].0);
        // Braces cannot nest in a PPN comment.
        let said = pair[1].1.replace(['{', '}'], "");
        let mut line = format!("{}. {{ {said} }}", n + 1);
        for m in moves(before, after) {
            line.push(' ');
            line.push_str(&m);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::Suit;

    fn layout(pieces: Vec<Placed>) -> Layout {
        let mut l = Layout::new("test", "Test");
        for p in pieces {
            l.push(p);
        }
        l
    }

    #[test]
    fn a_piece_the_game_names_is_followed_over_its_like() {
        // Two face-down Arms coins: the one at 0,0 jumps the one at 1,0.
        let kid = |x, id| Placed::coin_suit(Suit::Arms, x, 0.0).known_as(id);
        let from = layout(vec![kid(0.0, 1), kid(1.0, 2)]);
        let to = layout(vec![kid(2.0, 1)]);
        assert_eq!(moves(&from, &to), ["*(1,0)", "(0,0)-(2,0)"]);
        // Without names the looks decide, and either reading is a guess.
        let anon = |x| Placed::coin_suit(Suit::Arms, x, 0.0);
        let m = moves(
            &layout(vec![anon(0.0), anon(1.0)]),
            &layout(vec![anon(2.0)]),
        );
        assert_eq!(m.len(), 2);
    }

    #[test]
    fn a_piece_slipped_under_a_stack_is_written_so_it_reads_right() {
        let rat = Placed::pawn(Some(Suit::Crowns), 0.0, 0.0);
        let coin = Placed::coin_value(crate::pieces::Rank::Three, 5.0, 0.0).suited(Suit::Suns);
        let from = layout(vec![rat.clone(), coin.clone()]);
        let under = Placed { x: 0.0, ..coin };
        let to = layout(vec![under, rat]);
        let m = moves(&from, &to);
        let read = after(&from, &m).unwrap();
        assert_eq!(stacks(&read), stacks(&pairs(&to)), "{m:?}");
        // A die that rolls onto a coin is moved, then shows its face.
        let die = |x, r| {
            Placed::die(Some(r), x, 0.0)
                .suited(Suit::Suns)
                .known_as(100)
        };
        use crate::pieces::Rank;
        let from = layout(vec![die(0.0, Rank::Two)]);
        let to = layout(vec![die(1.0, Rank::Four)]);
        assert_eq!(moves(&from, &to), ["(0,0)-(1,0)", "(1,0)=dS4"]);
    }
}
