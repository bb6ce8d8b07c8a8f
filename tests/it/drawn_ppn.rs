//! #81 item 3: other tools' PPN games that tablemate does not follow but
//! can lay are drawn move by move (`replay FILE`), each position exact,
//! and what cannot be drawn is named with its move. The files are
//! piecepackr's examples (tests/fixtures/ppn), copied beside the data so
//! the output names them as a user would.

use std::path::Path;

use super::common;

use common::{ok, run};

/// A fresh data directory holding the fifteen example files.
fn with_examples() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ppn");
    for f in std::fs::read_dir(fixtures).unwrap() {
        let f = f.unwrap().path();
        if f.extension().is_some_and(|e| e == "ppn") {
            std::fs::copy(&f, dir.path().join(f.file_name().unwrap())).unwrap();
        }
    }
    dir
}

/// An 8 by 8 board as drawn: its file letters and its ranks.
fn board_of(shown: &str) -> Vec<&str> {
    shown
        .lines()
        .skip_while(|l| !l.starts_with("  a "))
        .take(9)
        .collect()
}

#[test]
fn the_games_tablemate_lays_are_drawn_move_by_move() {
    let dir = with_examples();
    let d = dir.path();
    // Tablut as ppdf lays it: attackers (coins face up) on the edges,
    // defenders (coin backs) round the king on the throne.
    assert_eq!(
        ok(d, "replay tablut.ppn"),
        "tablut.ppn, Tablut: the setup (39 moves follow)
  a   b   c   d   e   f   g   h   i
9 .   .   .   5v  4v  3v  .   .   .
8 .   .   .   .   2v  .   .   .   .
7 .   .   .   .   S   .   .   .   .
6 3>  .   .   .   S   .   .   .   5<
5 4>  2>  A<  A<  2pC M>  M>  2<  4<
4 5>  .   .   .   Cv  .   .   .   3<
3 .   .   .   .   Cv  .   .   .   .
2 .   .   .   .   2   .   .   .   .
1 .   .   .   3   4   5   .   .   .
key: S M C A a coin's back; n a 2-5 a coin's face; pS a
  pawn; v turned to the far side; < > a quarter turn; 2pS
  two stacked, the top one named
drawn as written: no rules of Tablut are checked; `replay
  tablut.ppn to N` shows move N
"
    );
    // The Immortal Game's last position, every piece where the game
    // leaves it (white's pawns a2 c2 d3 e5 g4 h5, king e2, bishop e7,
    // knights d5 g7; black's queen a1, bishop g1, knights a6 f6).
    assert_eq!(
        ok(d, "replay international-chess.ppn last"),
        "international-chess.ppn, International Chess: move 45 of 45
  (23. d6-e7)
  a    b    c    d    e    f    g    h
8 dS3v .    pSv  5v   .    .    .    dM3v
7 Sv   .    .    Mv   pA   Mv   a    Mv
6 av   .    .    .    .    av   .    .
5 .    Sv   .    a    A    .    .    C
4 .    .    .    .    .    .    A    .
3 .    .    .    C    .    .    .    .
2 A    .    A    .    5    .    .    .
1 4v   .    .    .    .    .    pMv  .
key: S M C A a coin's back; n a 2-5 a coin's face; dS3 a
  die; pS a pawn; v turned to the far side
{checkmate!}
drawn as written: no rules of International Chess are
  checked; `replay international-chess.ppn to N` shows move
  N
"
    );
    // Relativity's coins as its Coins gives them, two swaps made.
    assert_eq!(
        ok(d, "replay relativity.ppn to 2"),
        "relativity.ppn, Relativity: move 2 of 29 (1T. d3#d1)
  a b c d e f
4 n 4 5 a 5 n
3 3 a 2 3 2 3
2 3 n 4 a 2 n
1 a 2 5 4 4 5
key: n a 2-5 a coin's face
drawn as written: no rules of Relativity are checked;
  `replay relativity.ppn to N` shows move N
"
    );
    // Plans of Action: coins moved by steps (`(5,3)-4U`, then `-2D` for
    // the coin just moved) and a tile turned with its coins
    // (`5(5.5,5.5)$>90!`); the file's last move leaves each suit in a
    // rank of its own, the puzzle solved.
    assert_eq!(
        board_of(&ok(d, "replay plans-of-action.ppn last")),
        [
            "  a  b  c  d  e  f  g  h",
            "8 .  .  .  .  .  .  .  .",
            "7 .  .  .  .  .  .  .  .",
            "6 .  .  A  A> A  A  A  A",
            "5 .  .  .  .  .  .  .  .",
            "4 .  .  .  .  .  .  .  .",
            "3 .  S  S  S  S> S> S  .",
            "2 C  C  C> C  C  C  .  .",
            "1 .  M  M  M  M  M  M  .",
        ]
    );
    // Alien City: twenty tiles face up as its Tiles give them (each
    // named at its top left point, turned as laid), then pyramids
    // (`B3x@e6`: blue, large) and coins laid on them.
    let city = ok(d, "replay alien-city.ppn");
    let board: Vec<&str> = city
        .lines()
        .skip_while(|l| !l.starts_with("   a "))
        .take(11)
        .collect();
    assert_eq!(
        board,
        [
            "   a   b   c   d   e   f   g   h",
            "10 C3  .   Sa  .   S5v .   Aa> .",
            " 9 .   .   .   .   .   .   .   .",
            " 8 M4> .   S4> .   M3< .   A4  .",
            " 7 .   .   .   .   .   .   .   .",
            " 6 C2v .   Ma> .   M5> .   A3v .",
            " 5 .   .   .   .   .   .   .   .",
            " 4 Ca< .   S2  .   C5v .   C4  .",
            " 3 .   .   .   .   .   .   .   .",
            " 2 A5< .   M2< .   A2  .   S3v .",
            " 1 .   .   .   .   .   .   .   .",
        ]
    );
    let built = ok(d, "replay alien-city.ppn last");
    assert!(
        built.contains("\n 5 .   .   M   M   2K1 2W1 .   .\n"),
        "{built}"
    );
    // Marbles on a marble board (ppn's marble parser): the holes at the
    // odd points, marbles on four of them at the even ones.
    let shibumi = ok(d, "replay spaiji.ppn last");
    let board: Vec<&str> = shibumi
        .lines()
        .skip_while(|l| !l.starts_with("  a "))
        .take(8)
        .collect();
    assert_eq!(
        board,
        [
            "  a  b  c  d  e  f  g",
            "7 W     W     W     W",
            "6    K     K     K",
            "5 K     2K    2W    K",
            "4    K     2K    K",
            "3 K     2W    2W    W",
            "2    W     K     W",
            "1 K     W     K     W",
        ]
    );
    assert!(shibumi.contains("\n{Black wins 11-7}\n"), "{shibumi}");
    // Spoff's pairs all taken off: the empty board of holes.
    let spoff = ok(d, "replay spoff.ppn last");
    assert!(
        spoff.contains("\n7 .   .   .   .\n6\n5 .   .   .   .\n"),
        "{spoff}"
    );
    // No GameType: the table starts empty and the file lays its board.
    assert!(ok(d, "replay tic-tac-toe.ppn").starts_with(
        "tic-tac-toe.ppn, Example Tic-Tac-Toe Game: an empty table (8\n  moves follow)\nnothing lies on the table\n"
    ));
    assert_eq!(
        ok(d, "replay tic-tac-toe.ppn last"),
        "tic-tac-toe.ppn, Example Tic-Tac-Toe Game: move 8 of 8 (4.
  S@b1)
  a b c
3 M . M
2 M S .
1 S S S
key: S M C A a coin's back
{X wins}
drawn as written: no rules are checked; `replay
  tic-tac-toe.ppn to N` shows move N
"
    );
    // A crowned checker is two coins that move together.
    let crowned = ok(d, "replay american-checkers.ppn to 40");
    assert!(
        crowned.starts_with(
            "american-checkers.ppn, American Checkers: move 40 of 99\n  (16... 2e1-d2)\n"
        ),
        "{crowned}"
    );
    assert!(
        crowned.contains("\n2 .   .   .   2Mv .   .   .   .\n"),
        "{crowned}"
    );
    for (file, moves) in [("four-field-kono", 32), ("xiangqi", 49)] {
        let last = ok(d, &format!("replay {file}.ppn last"));
        assert!(
            last.contains(&format!(": move {moves} of {moves} (")),
            "{last}"
        );
    }
    // At 40 columns each column is as wide as its own widest stack, so
    // a chess board still fits.
    let narrow = common::command(d)
        .env("COLUMNS", "40")
        .args(["replay", "international-chess.ppn"])
        .output()
        .unwrap();
    let narrow = String::from_utf8(narrow.stdout).unwrap();
    assert_eq!(
        board_of(&narrow),
        [
            "  a    b  c   d  e  f   g  h",
            "8 dS3v av pSv 4v 5v pMv av dM3v",
            "7 Sv   Mv Sv  Mv Sv Mv  Sv Mv",
            "6 .    .  .   .  .  .   .  .",
            "5 .    .  .   .  .  .   .  .",
            "4 .    .  .   .  .  .   .  .",
            "3 .    .  .   .  .  .   .  .",
            "2 A    C  A   C  A  C   A  C",
            "1 dA3  a  pA  4  5  pC  a  dC3",
        ]
    );
    assert!(narrow.lines().all(|l| l.chars().count() <= 40), "{narrow}");
    // The JSON holds the position's pieces.
    let json = ok(d, "--json replay four-field-kono.ppn to 3");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["data"]["made"], "2. c1:c3");
    assert_eq!(v["data"]["at"], 3);
    assert_eq!(v["data"]["moves"], 32);
    let coins = v["data"]["layout"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["kind"] == "coin")
        .count();
    assert_eq!(coins, 13, "each of the first three moves takes one");
}

/// Ice Floe finds its pieces by their looks: `?xC2-g3` moves the Crowns
/// 2 pyramid wherever it lies, `*4?Ca` melts the tile Ca with the three
/// pyramids on it, `?xAn-d4;-h4` moves a pyramid twice (the second naming
/// none), and `?c5~C` changes a coin's suit. The pieces these moves
/// touch were followed by hand through the file.
#[test]
fn pieces_found_by_their_looks_are_drawn() {
    let dir = with_examples();
    let d = dir.path();
    assert_eq!(
        ok(d, "replay ice-floe.ppn to 12"),
        "ice-floe.ppn, Ice Floe: move 12 of 58 (Round1. ?xC2-g3)
   0   1   2   3   4   5   6   7   8   9   10  11
11                     pS  dS5
10     S2  .   S3  .           M2  .   M3  .
 9     .   xM2 .   .           .   .   .   xCa
 8     S4  .   S5  .   Aa  .   M4  .   M5  .
 7     .   xA4 .   xC3 .   xC5 .   xSn .   xM5
 6 dA2 Mn  .   Cn  .           Sn  .   An  .   pM
 5 pA  .   xS2 .   xMn         .   xS3 .   xA5 dMa
 4     A2  .   A3  .   Ma  .   C2  .   C3  .
 3     .   xM4 .   xSa .   xMa xC2 xS5 .   xA2
 2     A4  .   A5  .   Sa  .   C4  .   C5  .
 1     .   xAn .   xC4 .   xA3 .   .   .   xCn
 0                     dC3 pC
key: Sa a tile's face; dS3 a die; pS a pawn; xS4 a pyramid
  seen from above (its suit, its rank)
drawn as written: no rules of Ice Floe are checked; `replay
  ice-floe.ppn to N` shows move N
"
    );
    let last = ok(d, "replay ice-floe.ppn last");
    let board: Vec<&str> = last.lines().skip(2).take(12).collect();
    assert_eq!(
        board,
        [
            "11                     pS  dS3 C",
            "10     S2  .                           M3  .",
            " 9     .   xS2                         .   xCa",
            " 8",
            " 7 M",
            " 6 dA3 Mn  .   Cn  .   Ma  .                   pM",
            " 5 pA  .   .   .   .   .   xMa                 dM3",
            " 4             A3  .                           C",
            " 3             .   .",
            " 2     A4  .   A5  .   Sa  .   C4  .   C5  .",
            " 1     .   .   .   .   .   .   .   .   .   xCn",
            " 0                 A   dC2 pC",
        ]
    );
    // Twelve files do not fit 40 columns at any width: they are drawn in
    // two bands, files 0 to 9, then 10 and 11, each with its ranks.
    let narrow = common::command(d)
        .env("COLUMNS", "40")
        .args(["replay", "ice-floe.ppn", "to", "12"])
        .output()
        .unwrap();
    let narrow = String::from_utf8(narrow.stdout).unwrap();
    assert!(narrow.lines().all(|l| l.chars().count() <= 40), "{narrow}");
    let heads: Vec<&str> = narrow
        .lines()
        .filter(|l| l.trim_start().starts_with("0 ") || l.trim_start().starts_with("10 "))
        .filter(|l| l.starts_with("   "))
        .collect();
    assert_eq!(
        heads,
        ["   0   1  2   3  4   5   6   7   8   9", "   10  11"]
    );
    assert!(narrow.contains("\n 6 .   pM\n 5 xA5 dMa\n"), "{narrow}");
}

/// Setups dealt from a Seed as R deals them (set.seed, sample.int):
/// Relativity from Seed 42 lays the very coins piecepackr's own example
/// gives (`Coins: "n45a5n/3a2243/3n4a2n/a25345"`), and Desfases from
/// Seed 42 is ppdf's own snapshot of `piecepack_desfases(seed = 42)`
/// tile for tile, die for die, and puts each pawn where its first moves
/// take it from (a1, e3, e2, b5).
#[test]
fn setups_dealt_from_a_seed_are_dealt_as_r_deals_them() {
    let dir = with_examples();
    let d = dir.path();
    std::fs::write(
        d.join("seed.ppn"),
        "---\nGameType:\n  Name: Relativity\n  Seed: 42\n...\n1S. d3#e3\n",
    )
    .unwrap();
    let shown = ok(d, "replay seed.ppn");
    let board: Vec<&str> = shown.lines().skip(2).take(4).collect();
    assert_eq!(
        board,
        [
            "4 n 4 5 a 5 n",
            "3 3 a 2 2 4 3",
            "2 3 n 4 a 2 n",
            "1 a 2 5 3 4 5"
        ]
    );
    assert_eq!(
        ok(d, "replay desfases.ppn"),
        "desfases.ppn, Desfases: the setup (72 moves follow)
  a   b   c   d   e
5 Ma< pA> A2> C2  S3v
4 S5v Mn< C4  Cn  M5<
3 A4> S2v     C5  pM<
2 M4< A5> C3  Aa> pC
1 pSv Sav Snv M2< An>
above: 2dS4v 5v 3v 2v av nv
right: 2dM3< 5< 4< 2< a< n<
below: 2dCa 5 4 3 2 n
left: 2dA3> 5> 4> 2> a> n>
key: Sa a tile's face; n a 2-5 a coin's face; dS3 a die; pS
  a pawn; v turned to the far side; < > a quarter turn; 2pS
  two stacked, the top one named
drawn as written: no rules of Desfases are checked; `replay
  desfases.ppn to N` shows move N
"
    );
    // Japan from Seed 42: each coin where ppdf's own snapshot of
    // `piecepack_japan(seed = 42)` shows it, and so on every corner the
    // file's moves take one from; dominoes (ppn's macros `6-3`, a set's
    // colour) lie between the points, named with their places.
    assert_eq!(
        ok(d, "replay japan.ppn to 1"),
        "japan.ppn, Japan: move 1 of 77 (1R. R`6-3'<@(10.5,3))
  a b c d e f g h i j k l m n
8     . .     . .     . 2
7 2 . a . . . . a . . . . . 3
6 . . . . a . . . . 3 . n . .
5 4 . . 4 . . . . 4 . . . n .
4 . . . . 3 . . . . . 5 . . 5
3 . . . . . . 5 . a . . 3 . .
2 . n . 5 . 2 . . . . . . . n
1     . .     . 2     4 .
among the points: R6-3< (10.5,3)
key: n a 2-5 a coin's face; R6-3 a domino (its set's colour,
  its halves read upright); < > a quarter turn
drawn as written: no rules of Japan are checked; `replay
  japan.ppn to N` shows move N
"
    );
    let later = ok(d, "replay japan.ppn to 30");
    assert!(
        later.contains("among the points: B2-6< (1.5,6) B4-4< (2.5,5) B1-5< (2.5,3)"),
        "{later}"
    );
    std::fs::write(
        d.join("macro.ppn"),
        "---\nGameType:\n  Name: Japan\n  Seed: 42\n...\n1R. R`9-9'@(10.5,3)\n",
    )
    .unwrap();
    let refused = run(d, &["replay", "macro.ppn"], None);
    assert_eq!(refused.code, 1);
    assert_eq!(
        refused.err,
        "error: macro.ppn is Portable Piecepack Notation of Japan, but move 1R. 'R`9-9'@(10.5,3)': `9-9' is a macro neither ppn nor the file's Macros define\n"
    );
    // The last move: the Arms coin 2 turned over and slid under the
    // Arms die, which then shows 2 (`?A2c{~b,_%?Ad} ?Ad~2`).
    let last = ok(d, "replay desfases.ppn last");
    assert!(last.contains("\nleft: 2dA2> 5> 4> n>\n"), "{last}");
    assert!(last.contains("\n3 pM< M<  C   A>  A>\n"), "{last}");
}

#[test]
fn what_cannot_be_drawn_is_named_and_nothing_is_filed() {
    let dir = with_examples();
    let d = dir.path();
    let write = |name: &str, text: &str| std::fs::write(d.join(name), text).unwrap();
    let refused = |line: &str| {
        let r = run(
            d,
            &shlex::split(line)
                .unwrap()
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
            None,
        );
        assert_eq!(r.code, 1, "{line}: {}", r.out);
        r.err
    };
    write("bad.ppn", "GameType: Tablut\n\n1. a4-a3 2. a4-a2\n");
    assert_eq!(
        refused("replay bad.ppn"),
        "error: bad.ppn is Portable Piecepack Notation of Tablut, but move 2. 'a4-a2': nothing lies at a4\n"
    );
    write(
        "seed.ppn",
        "---\nGameType:\n  Name: Alien City\n  Tiles: C^S^SvA>/M>S>M<A^/CvM>M>Av/C<S^CvC^/A<M<A^Sv\n...\n1. a1-a2\n",
    );
    assert_eq!(
        refused("replay seed.ppn"),
        "error: seed.ppn is Portable Piecepack Notation of Alien City, but its Alien City Tiles leave the ranks to R's random numbers, which tablemate repeats only for a whole setup dealt from a Seed: a file that gives each tile's suit, rank and turn is drawn\n"
    );
    write("none.ppn", "---\nGameType: Desfases\n...\n1. a1-a2\n");
    assert_eq!(
        refused("replay none.ppn"),
        "error: none.ppn is Portable Piecepack Notation of Desfases, but its Desfases setup is dealt at random, and it gives no Seed to deal it again from\n"
    );
    write(
        "bad-seed.ppn",
        "---\nGameType:\n  Name: Desfases\n  Seed: forty-two\n...\n1. a1-a2\n",
    );
    assert_eq!(
        refused("replay bad-seed.ppn"),
        "error: bad-seed.ppn is Portable Piecepack Notation of Desfases, but its Seed 'forty-two' is not a whole number R takes (up to 2147483647)\n"
    );
    write(
        "arg.ppn",
        "---\nGameType:\n  Name: Tablut\n  Seed: 42\n...\n1. a4-a3\n",
    );
    assert_eq!(
        refused("replay arg.ppn"),
        "error: arg.ppn is Portable Piecepack Notation of Tablut, but its Tablut setup takes no 'Seed'\n"
    );
    write("rel.ppn", "GameType: Four Field Kono\n\n1. b1:b3 2. b3+\n");
    assert_eq!(
        refused("replay rel.ppn"),
        "error: rel.ppn is Portable Piecepack Notation of Four Field Kono, but move 2. 'b3+': 'b3+' is a form of ppn's that tablemate does not draw (it draws a1-b2, b1:b3, *f4, S@b2, d3#e3, b2@>90, ?S4-b2, b2~M)\n"
    );
    write(
        "look.ppn",
        "GameType: Four Field Kono\n\n1. b1:b3 2. ?dS-2U\n",
    );
    assert_eq!(
        refused("replay look.ppn"),
        "error: look.ppn is Portable Piecepack Notation of Four Field Kono, but move 2. '?dS-2U': no piece on the table looks like '?dS'\n"
    );
    write(
        "open.ppn",
        "GameType: Four Field Kono\n\n1. b1:b3 {never closed\n",
    );
    assert_eq!(
        refused("replay open.ppn"),
        "error: open.ppn is Portable Piecepack Notation of Four Field Kono, but a comment's { is never closed by }\n"
    );
    write("k.ppn", "Event: x\n\n1. S@a1 2. K@b2\n");
    assert_eq!(
        refused("replay k.ppn"),
        "error: k.ppn is Portable Piecepack Notation, but move 2. 'K@b2': 'K' is no piecepack piece (tablemate draws tiles, coins, dice, pawns and pyramids, and marbles where a file is read as marbles)\n"
    );
    // Mistyped ways to step, and a move past the end.
    assert_eq!(
        refused("replay tablut.ppn nxet"),
        "error: 'nxet': a file is shown where asked (replay tablut.ppn first, last or to M)\n"
    );
    assert_eq!(
        refused("replay tablut.ppn to 40"),
        "error: '40': tablut.ppn has 39 moves (replay tablut.ppn to 0 is the setup)\n"
    );
    assert_eq!(
        refused("replay tablut.ppn to x"),
        "error: 'x' is not a move's number: replay tablut.ppn to 12\n"
    );
    assert_eq!(
        refused("replay tablut.ppn --out pos.pdf"),
        "error: 'pos.pdf': another tool's game is written as .svg (the position), .txt (as drawn) or .png (every move)\n"
    );
    assert!(!d.join("pos.pdf").exists());
    assert_eq!(
        ok(d, "games"),
        "no games recorded yet: each `setup` of a game starts a record (`setup` lists the games)\n"
    );
}

#[test]
fn a_drawn_position_is_written_as_a_picture() {
    let dir = with_examples();
    let d = dir.path();
    assert_eq!(
        ok(d, "replay tablut.ppn to 3 --out pos.txt"),
        "tablut.ppn (Tablut) written to pos.txt\n"
    );
    let drawn = std::fs::read_to_string(d.join("pos.txt")).unwrap();
    // As the terminal draws it, with the moves made: a4-a3, c5-c3, d1-d3.
    assert!(
        drawn.starts_with("  a   b   c   d   e   f   g   h   i\n"),
        "{drawn}"
    );
    assert!(
        drawn.contains("\n3 5>  .   A<  3   Cv  .   .   .   .\n"),
        "{drawn}"
    );
    ok(d, "replay tablut.ppn to 3 --out pos.svg");
    let svg = std::fs::read_to_string(d.join("pos.svg")).unwrap();
    assert!(svg.starts_with("<svg ") && svg.contains("<title>Tablut</title>"));
    // Written once; again only with --force.
    let again = run(d, &["replay", "tablut.ppn", "--out", "pos.svg"], None);
    assert_eq!(again.code, 1);
    assert!(again.err.contains("pos.svg"), "{}", again.err);
    // A Fuji-san file, followed by its rules, is written the same way.
    assert_eq!(
        ok(d, "replay fujisan.ppn last --out fuji.svg"),
        "Fuji-san (27 moves) written to fuji.svg\n"
    );
    assert!(
        std::fs::read_to_string(d.join("fuji.svg"))
            .unwrap()
            .starts_with("<svg ")
    );
    ok(d, "replay four-field-kono.ppn --out game.png");
    let png = std::fs::read(d.join("game.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
}
