//! A reader of Portable Piecepack Notation written from piecepackr's `ppn`
//! package (its README, `read_ppn`'s header rules and `default_parser`'s
//! piece and move rules), not from tablemate's writer: what piecepackr
//! would put on the table for a file. It knows the subset of PPN a
//! record can hold: `SPEC@LOC` drops, `LOC-LOC` moves, `*LOC` removals
//! and `LOC=SPEC` changes, locations `(x,y)`, `{...}` comments.

use std::collections::BTreeMap;

/// A piece as ppn's data frame holds it: `piece_side`, `suit`, `rank`,
/// `cfg`, all filled in by ppn's defaults.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Df {
    pub piece_side: String,
    pub suit: u32,
    pub rank: u32,
    pub cfg: String,
}

/// A PPN game: the YAML header and the table after `Setup.` and after
/// each numbered move, each place's pieces bottom first.
pub struct Game {
    pub header: serde_yaml::Value,
    pub positions: Vec<BTreeMap<(i64, i64), Vec<Df>>>,
    /// Piece specs seen, to check how they are written.
    pub specs: Vec<String>,
}

/// Locations to thousandths of an inch.
fn loc(s: &str) -> (i64, i64) {
    let inner = s
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or_else(|| panic!("not a location: {s}"));
    let (x, y) = inner.split_once(',').unwrap();
    let n = |v: &str| (v.parse::<f64>().unwrap() * 1000.0).round() as i64;
    (n(x), n(y))
}

/// One piece spec as ppn's `parse_piece` fills it in.
pub fn piece(spec: &str) -> Df {
    let mut parts = spec.split(',');
    let simple = parts.next().unwrap().to_string();
    let (mut suit, mut rank, mut cfg): (Option<u32>, Option<u32>, Option<String>) =
        (None, None, None);
    for e in parts {
        if let Some(c) = e.strip_suffix('\'') {
            cfg = Some(c.to_string());
        } else if let Some(r) = e.strip_prefix('r') {
            rank = Some(r.parse::<u32>().unwrap() + 1);
        } else if let Some(s) = e.strip_prefix('s') {
            suit = Some(s.parse::<u32>().unwrap() + 1);
        } else {
            assert!(
                e.starts_with('a'),
                "an element ppn does not know: {e} in {spec}"
            );
        }
    }
    // `[]` is the card back glyph; the piecepack ranks n and a are 0, 1.
    let mut x = simple.replace("[]", "\u{1F0A0}");
    x = x.replace('n', "0").replace('a', "1");
    // A Unicode playing card sets rank and suit (a back sets neither):
    // spades, hearts, diamonds, clubs from U+1F0A1, fourteen ranks each
    // (the knight twelfth).
    if let Some(c) = x.chars().find(|c| ('\u{1F0A0}'..='\u{1F0DF}').contains(c)) {
        let n = c as u32;
        if n == 0x1F0A0 {
            suit = None;
            rank = None;
        } else {
            let off = n - 0x1F0A1;
            suit = Some([2, 1, 4, 3][(off / 16) as usize]);
            rank = Some(off % 16 + 1 + 1);
        }
        x = x.replace(c, "\u{1F0A0}");
    }
    let simple_suit = if x.contains('S') {
        Some(1)
    } else if x.contains('M') {
        Some(2)
    } else if x.contains('C') {
        Some(3)
    } else if x.contains('A') {
        Some(4)
    } else {
        None
    };
    let simple_rank = x
        .chars()
        .find(char::is_ascii_digit)
        .map(|d| d.to_digit(10).unwrap() + 1);
    let kind = if x.contains('t') {
        "tile"
    } else if x.contains('c') {
        "coin"
    } else if x.contains('d') {
        "die"
    } else if x.contains('p') {
        "pawn"
    } else if x.contains('\u{1F0A0}') {
        "card"
    } else {
        panic!("no piece in {spec}")
    };
    let side = if x.contains('f') {
        Some("face")
    } else if x.contains('b') {
        Some("back")
    } else {
        None
    };
    let suit = suit.or(simple_suit);
    let rank = rank.or(simple_rank);
    let cfg = cfg.unwrap_or_else(|| {
        if kind == "card" {
            "playing_cards_tarot".into()
        } else {
            "piecepack".into()
        }
    });
    let side = side.unwrap_or(match kind {
        "tile" | "card" if suit.is_none() || rank.is_none() => "back",
        "coin" if suit.is_some() => "back",
        _ => "face",
    });
    let by_one = [
        "dice",
        "playing_cards",
        "playing_cards_colored",
        "playing_cards_tarot",
    ];
    let rank = match rank {
        Some(r) if by_one.contains(&cfg.as_str()) => r - 1,
        Some(r) => r,
        None => 1,
    };
    Df {
        piece_side: format!("{kind}_{side}"),
        suit: suit.unwrap_or(1),
        rank,
        cfg,
    }
}

/// Read a whole PPN game.
pub fn read(text: &str) -> Game {
    let (head, movetext) = text
        .split_once("\n...\n")
        .expect("a YAML header closed by `...`");
    assert!(head.starts_with("---\n"), "{head}");
    let header: serde_yaml::Value = serde_yaml::from_str(&head[4..]).expect("YAML header");
    // Comments go; the rest is move numbers and moves.
    let mut clean = String::new();
    let mut depth = 0;
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => clean.push(c),
            _ => clean.push(' '),
        }
    }
    let mut table: Vec<(Df, (i64, i64))> = Vec::new();
    let mut positions = Vec::new();
    let mut specs = Vec::new();
    let mut started = false;
    let snapshot = |t: &Vec<(Df, (i64, i64))>| {
        let mut m: BTreeMap<(i64, i64), Vec<Df>> = BTreeMap::new();
        for (d, at) in t {
            m.entry(*at).or_default().push(d.clone());
        }
        m
    };
    for tok in clean.split_whitespace() {
        // A move number: word characters and dots, ending in a dot.
        if tok.ends_with('.')
            && tok
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        {
            if started {
                positions.push(snapshot(&table));
            }
            started = true;
            continue;
        }
        let top = |t: &Vec<(Df, (i64, i64))>, at: (i64, i64)| {
            t.iter()
                .rposition(|(_, a)| *a == at)
                .unwrap_or_else(|| panic!("no piece at {at:?} for {tok}"))
        };
        if let Some((spec, at)) = tok.split_once('@') {
            specs.push(spec.to_string());
            table.push((piece(spec), loc(at)));
        } else if let Some(i) = find_hyphen(tok) {
            let (a, b) = (loc(&tok[..i]), loc(&tok[i + 1..]));
            let k = top(&table, a);
            let (d, _) = table.remove(k);
            table.push((d, b));
        } else if let Some(at) = tok.strip_prefix('*') {
            let k = top(&table, loc(at));
            table.remove(k);
        } else if let Some((at, spec)) = tok.split_once('=') {
            specs.push(spec.to_string());
            let k = top(&table, loc(at));
            table[k].0 = piece(spec);
        } else {
            panic!("a move ppn does not know: {tok}");
        }
    }
    positions.push(snapshot(&table));
    Game {
        header,
        positions,
        specs,
    }
}

/// ppn's hyphen move: a `-` not just after `(`, `<` or `,` (those are
/// minus signs).
fn find_hyphen(tok: &str) -> Option<usize> {
    let b = tok.as_bytes();
    (0..b.len()).find(|&i| b[i] == b'-' && i > 0 && !matches!(b[i - 1], b'(' | b'<' | b','))
}

/// What piecepackr should hold for a piece of a layout (tablemate's JSON):
/// ppdf's integers, worked out here from the layout's own letters.
pub fn expected(p: &serde_json::Value) -> Df {
    let kind = p["kind"].as_str().unwrap();
    let side = p["side"].as_str().unwrap();
    let suit = p["suit"].as_str();
    let rank = p["rank"].as_str();
    let pp_suit = |s: Option<&str>| match s {
        Some("S") => 1,
        Some("M") => 2,
        Some("C") => 3,
        Some("A") => 4,
        None => 1,
        Some(other) => panic!("piecepack suit {other}"),
    };
    let pp_rank = |r: Option<&str>| match r {
        Some("n") | None => 1,
        Some("a") => 2,
        Some(d) => d.parse::<u32>().unwrap() + 1,
    };
    match kind {
        "card" if side == "back" => Df {
            piece_side: "card_back".into(),
            suit: 1,
            rank: 1,
            cfg: "playing_cards_tarot".into(),
        },
        "card" => Df {
            piece_side: "card_face".into(),
            suit: match suit.unwrap() {
                "H" => 1,
                "S" => 2,
                "C" => 3,
                _ => 4,
            },
            rank: match rank.unwrap() {
                "A" => 1,
                "J" => 11,
                // The tarot configuration's knight is 12.
                "Q" => 13,
                "K" => 14,
                n => n.parse().unwrap(),
            },
            cfg: "playing_cards_tarot".into(),
        },
        "domino" => Df {
            piece_side: "tile_face".into(),
            suit: suit.unwrap().parse::<u32>().unwrap() + 1,
            rank: rank.unwrap().parse::<u32>().unwrap() + 1,
            cfg: "dominoes".into(),
        },
        "pawn" => Df {
            piece_side: "pawn_face".into(),
            suit: pp_suit(suit),
            rank: 1,
            cfg: "piecepack".into(),
        },
        "die" => Df {
            piece_side: "die_face".into(),
            suit: pp_suit(suit),
            rank: pp_rank(rank),
            cfg: "piecepack".into(),
        },
        k => Df {
            piece_side: format!("{k}_{side}"),
            suit: pp_suit(suit),
            rank: if side == "back" { 1 } else { pp_rank(rank) },
            cfg: "piecepack".into(),
        },
    }
}

/// A layout's pieces (markers are not pieces) by place, bottom first.
pub fn expected_table(layout: &serde_json::Value) -> BTreeMap<(i64, i64), Vec<Df>> {
    let mut m: BTreeMap<(i64, i64), Vec<Df>> = BTreeMap::new();
    for p in layout["pieces"].as_array().unwrap() {
        if p["kind"] == "marker" {
            continue;
        }
        let n = |v: &serde_json::Value| (v.as_f64().unwrap() * 1000.0).round() as i64;
        m.entry((n(&p["x"]), n(&p["y"])))
            .or_default()
            .push(expected(p));
    }
    m
}

/// Every piece that shows a suit names it: tiles and coins face up,
/// coins face down (their suit side), dice and pawns. Tile and card
/// backs show none, and dominoes and cards carry their own.
pub fn names_its_suit(spec: &str) -> bool {
    let simple = spec.split(',').next().unwrap();
    let shows = match simple.chars().next() {
        Some('t') => simple.contains('f') && !spec.contains("dominoes'"),
        Some('c' | 'd' | 'p') => true,
        _ => false,
    };
    !shows || simple.chars().any(|c| "SMCA".contains(c))
}

#[test]
fn the_reader_follows_ppns_own_examples() {
    // From ppn's tests: `c5v` a coin face, Suns by default, rank 6;
    // `[]` a card back in the tarot configuration; `pMb` a pawn back.
    assert_eq!(
        piece("c5"),
        Df {
            piece_side: "coin_face".into(),
            suit: 1,
            rank: 6,
            cfg: "piecepack".into()
        }
    );
    assert_eq!(piece("[]").piece_side, "card_back");
    assert_eq!(piece("[]").cfg, "playing_cards_tarot");
    assert_eq!(piece("pMb").suit, 2);
    // The queen of spades: suit 2, rank 13 in the tarot (knight 12).
    let q = piece("\u{1F0AD}");
    assert_eq!(
        (q.suit, q.rank, q.piece_side.as_str()),
        (2, 13, "card_face")
    );
    // A domino 3-5.
    let d = piece("tf,s3,r5,dominoes'");
    assert_eq!((d.suit, d.rank, d.cfg.as_str()), (4, 6, "dominoes"));
    assert_eq!(find_hyphen("(-1,2)-(3,-4)"), Some(6));
}

/// #78 item 8, #81: `import` of a PPN file says what it is and where it
/// is read, not where its text fails as JSON ("invalid number at line 1
/// column 2"): tablemate's own PPN, drawn from a record.
#[test]
fn importing_a_ppn_file_points_to_where_ppn_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ppn/slide-jam.ppn");
    let r = super::common::run(d, &["import", file.to_str().unwrap()], None);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err.replace("\n  ", " "),
        format!(
            "error: {0} is tablemate's own PPN of Slide Jam, drawn from the game's record: `import` takes the record (.json) that `replay N --out FILE.json` writes\n",
            file.display()
        )
    );
}
