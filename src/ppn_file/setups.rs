//! The setups of other tools' games that tablemate lays, so their PPN
//! moves can be drawn from where they start: each as piecepackr's `ppdf`
//! lays it with a piecepack (its `piecepack_*` functions), in ppn's
//! units (a cell is an inch, a tile 2 by 2; x to the right, y up).

use crate::layout::{Kind, Placed, Side};

use super::notation::laid;
use super::r_random::RRandom;

/// Why a setup is not laid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// A game whose setup tablemate does not know.
    Unknown,
    /// An argument the setup does not take (`Seed`, `die_width`).
    Argument(String),
    /// The setup's own argument, but not readable (`Coins: "n4"`).
    Coins(String),
    /// Given in part, the rest left to R's random numbers (Alien City's
    /// Tiles with suits and turns alone), which tablemate does not repeat.
    Seeded,
    /// Dealt at random: the file gives no `Seed` to deal it from again.
    Unseeded,
    /// A `Seed` that is not one of R's integers.
    Seed(String),
}

/// A setup's pieces, and how many of ppn's units a move's step is (3
/// in Desfases, whose tiles lie a unit apart: `a1` is (3,3)).
#[derive(Debug, Clone, PartialEq)]
pub struct Laid {
    pub pieces: Vec<Placed>,
    pub step: f64,
}

/// The games laid, as their GameType names them.
pub const LAID: [&str; 13] = [
    "Alien City",
    "American Checkers",
    "Desfases",
    "Four Field Kono",
    "Ice Floe",
    "International Chess",
    "Japan",
    "Plans of Action",
    "Relativity",
    "Tablut",
    "Tic-Tac-Toe",
    "Xiangqi",
    "games on a marble board (Spaiji, Spoff: SetUp Board, MovetextParser Marble)",
];

/// A name as GameType names are compared: letters and digits, any case.
pub fn squeeze(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The pieces of `name`'s setup, with the arguments its GameType gives
/// (`Coins` for Relativity).
pub fn lay(name: &str, args: &serde_yaml::Mapping, marbles: bool) -> Result<Laid, SetupError> {
    let game = squeeze(name);
    // ppn's marble parser lays `SetUp: Board` as a marble board.
    if marbles && game == "board" && args.len() <= 1 {
        return Ok(Laid {
            pieces: marble_board(),
            step: 1.0,
        });
    }
    let setup = match game.as_str() {
        "americancheckers" | "checkers" => Setup::Fixed(checkers),
        "fourfieldkono" => Setup::Fixed(kono),
        "internationalchess" | "chess" => Setup::Fixed(chess),
        "tablut" => Setup::Fixed(tablut),
        "icefloe" => Setup::Fixed(ice_floe),
        "tictactoe" => Setup::Fixed(|t| board(t, 3, 3)),
        "xiangqi" | "chinesechess" => Setup::Fixed(xiangqi),
        "relativity" => Setup::Given("coins", relativity, relativity_dealt),
        "plansofaction" => Setup::Given("coins", plans_of_action, plans_of_action_dealt),
        "aliencity" => Setup::Given("tiles", alien_city, alien_city_dealt),
        "desfases" => Setup::Dealt(desfases, 3.0),
        "japan" => Setup::Dealt(japan, 1.0),
        _ => return Err(SetupError::Unknown),
    };
    let mut given = None;
    let mut seed = None;
    for (key, value) in args {
        let key = key.as_str().unwrap_or_default();
        match (squeeze(key).as_str(), &setup) {
            ("name", _) => {}
            ("seed", Setup::Dealt(..) | Setup::Given(..)) => seed = Some(r_seed(value)?),
            (k, Setup::Given(wanted, ..)) if k == *wanted => {
                given = Some(value.as_str().unwrap_or_default());
            }
            _ => return Err(SetupError::Argument(crate::visible::line(key).to_string())),
        }
    }
    let mut t = Vec::new();
    let mut step = 1.0;
    match (setup, given, seed) {
        (Setup::Fixed(lay), ..) => lay(&mut t),
        (Setup::Given(_, lay, _), Some(text), _) => lay(&mut t, text)?,
        // Without its argument a setup is dealt from the Seed.
        (Setup::Given(_, _, deal), None, Some(seed)) => deal(&mut t, &mut RRandom::new(seed)),
        (Setup::Given(..), None, None) => return Err(SetupError::Unseeded),
        (Setup::Dealt(lay, s), _, Some(seed)) => {
            lay(&mut t, &mut RRandom::new(seed));
            step = s;
        }
        (Setup::Dealt(..), _, None) => return Err(SetupError::Unseeded),
    }
    Ok(Laid { pieces: t, step })
}

/// A `Seed` as R's `set.seed` takes it: an integer, a negative one
/// wrapped as R wraps it.
fn r_seed(value: &serde_yaml::Value) -> Result<u32, SetupError> {
    let written = match value {
        serde_yaml::Value::String(s) => s.clone(),
        serde_yaml::Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    super::r_seed(value).ok_or_else(|| SetupError::Seed(crate::visible::line(&written).to_string()))
}

/// How a game's setup is laid: always the same, from what its GameType
/// gives (`Coins`, `Tiles`; else dealt from its `Seed` as R deals it),
/// or dealt from its `Seed`, with the step its moves count in.
enum Setup {
    Fixed(fn(&mut Vec<Placed>)),
    Dealt(fn(&mut Vec<Placed>, &mut RRandom), f64),
    Given(
        &'static str,
        fn(&mut Vec<Placed>, &str) -> Result<(), SetupError>,
        fn(&mut Vec<Placed>, &mut RRandom),
    ),
}

/// ppdf's marble board: four holes by four, a marble's width apart (two
/// of ppn's marble units: marbles on the holes lie at a1, c1, ..., g7;
/// those on four of them at b2, d2, ...).
fn marble_board() -> Vec<Placed> {
    let mut t = Vec::new();
    for y in [1., 3., 5., 7.] {
        for x in [1., 3., 5., 7.] {
            let mut hole = laid(Kind::Hole, Side::Face, 1, 1, x, y);
            (hole.suit, hole.rank) = (None, None);
            t.push(hole);
        }
    }
    t
}

/// A board of `cols` by `rows` cells of tile backs, as ppdf lays it: two
/// cells to a tile where both are even, else tiles whose lines are the
/// cells (three to a tile, a gap of one between tiles where the count
/// asks, as Xiangqi's river).
fn board(t: &mut Vec<Placed>, cols: usize, rows: usize) {
    let squares = cols.is_multiple_of(2) && rows.is_multiple_of(2);
    let (xs, ys) = (centres(cols, squares), centres(rows, squares));
    for y in &ys {
        for x in &xs {
            t.push(Placed::tile_back(*x, *y));
        }
    }
}

fn centres(n: usize, squares: bool) -> Vec<f64> {
    if squares {
        return (0..n / 2).map(|i| 1.5 + 2.0 * i as f64).collect();
    }
    // Lines: `tiles` tiles edge to edge cover 2*tiles+1 lines; one
    // more line is a gap in the middle.
    let gap = (n - 1) % 2;
    let tiles = (n - 1 - gap) / 2;
    (0..tiles)
        .map(|i| {
            let past_gap = if gap == 1 && i >= tiles / 2 { 1.0 } else { 0.0 };
            2.0 + 2.0 * i as f64 + past_gap
        })
        .collect()
}

/// Pieces of a kind at each (x, y), in suit and rank order, turned.
/// What a side does not show is left out: a coin's back shows its suit
/// alone, a pawn has no rank.
fn pieces(
    t: &mut Vec<Placed>,
    (kind, side): (Kind, Side),
    suits: &[usize],
    ranks: &[usize],
    at: &[(f64, f64)],
    angles: &[f64],
) {
    for (i, (x, y)) in at.iter().enumerate() {
        let rank = ranks[i % ranks.len()];
        let mut p = laid(kind, side, suits[i % suits.len()], rank, *x, *y);
        if (kind, side) == BACKS || kind == Kind::Pawn {
            p.rank = None;
        }
        p.angle = angles[i % angles.len()];
        t.push(p);
    }
}

const BACKS: (Kind, Side) = (Kind::Coin, Side::Back);
const FACES: (Kind, Side) = (Kind::Coin, Side::Face);
const DICE: (Kind, Side) = (Kind::Die, Side::Face);
const PAWNS: (Kind, Side) = (Kind::Pawn, Side::Face);

fn xy(x: &[f64], y: &[f64]) -> Vec<(f64, f64)> {
    x.iter().zip(y).map(|(x, y)| (*x, *y)).collect()
}

/// Twelve men a side on the dark squares, the far side's turned round.
fn checkers(t: &mut Vec<Placed>) {
    board(t, 8, 8);
    let x = [
        2., 4., 1., 3., 2., 4., 6., 8., 5., 7., 6., 8., 5., 7., 6., 8., 5., 7., 1., 3., 2., 4., 1.,
        3.,
    ];
    two_sides(t, &x, &[8., 7., 6., 8., 7., 6., 3., 2., 1., 3., 2., 1.]);
}

/// Eight a side on a 4 by 4 board: Suns and Moons far, Crowns and Arms
/// near.
fn kono(t: &mut Vec<Placed>) {
    board(t, 4, 4);
    let x = [
        1., 2., 1., 2., 3., 4., 3., 4., 3., 4., 3., 4., 1., 2., 1., 2.,
    ];
    two_sides(t, &x, &[4., 3., 4., 3., 2., 1., 2., 1.]);
}

/// Coin backs at `x`, two to each of `rows`, a quarter of them of each
/// suit in turn; the first half (Suns and Moons) turned to the far side.
fn two_sides(t: &mut Vec<Placed>, x: &[f64], rows: &[f64]) {
    let n = x.len();
    let y: Vec<f64> = rows.iter().flat_map(|r| [*r, *r]).collect();
    let suits: Vec<usize> = (0..n).map(|i| 1 + 4 * i / n).collect();
    let angles: Vec<f64> = (0..n)
        .map(|i| if i < n / 2 { 180.0 } else { 0.0 })
        .collect();
    pieces(t, BACKS, &suits, &[1], &xy(x, &y), &angles);
}

/// ppdf's piecepack chess: pawns coin backs, rooks dice showing 3,
/// knights coins showing the ace, bishops pawns, queens 4s, kings 5s.
fn chess(t: &mut Vec<Placed>) {
    board(t, 8, 8);
    let files: Vec<f64> = (1..=8).map(f64::from).collect();
    let far: Vec<usize> = (1..=8).map(|i| (i + 1) % 2 + 1).collect();
    let near: Vec<usize> = (1..=8).map(|i| i % 2 + 3).collect();
    pieces(t, BACKS, &far, &[1], &xy(&files, &[7.; 8]), &[180.0]);
    pieces(t, BACKS, &near, &[1], &xy(&files, &[2.; 8]), &[0.0]);
    let turned = [180., 180., 0., 0.];
    let at = |x: f64| [(x, 8.), (9. - x, 8.), (9. - x, 1.), (x, 1.)];
    let suits = [1, 2, 3, 4];
    pieces(t, DICE, &suits, &[4], &at(1.), &turned);
    pieces(t, FACES, &suits, &[2], &at(2.), &turned);
    pieces(t, PAWNS, &suits, &[1], &at(3.), &turned);
    let (queens, kings) = ([(4., 8.), (4., 1.)], [(5., 8.), (5., 1.)]);
    pieces(t, FACES, &[3, 2], &[5], &queens, &[180., 0.]);
    pieces(t, FACES, &[4, 1], &[6], &kings, &[180., 0.]);
}

/// ppdf's piecepack xiangqi, on the lines of a 9 by 10 board with two
/// aces face up for the palaces.
fn xiangqi(t: &mut Vec<Placed>) {
    board(t, 9, 10);
    let palaces = [(5., 9.), (5., 2.)];
    pieces(
        t,
        (Kind::Tile, Side::Face),
        &[1, 3],
        &[2],
        &palaces,
        &[180., 0.],
    );
    let soldiers: Vec<f64> = (0..5).map(|i| 1.0 + 2.0 * f64::from(i)).collect();
    let near: Vec<usize> = (1..=5).map(|i| (i + 1) % 2 + 3).collect();
    let far: Vec<usize> = (1..=5).map(|i| (i + 1) % 2 + 1).collect();
    pieces(t, BACKS, &near, &[1], &xy(&soldiers, &[4.; 5]), &[0.0]);
    pieces(t, BACKS, &far, &[1], &xy(&soldiers, &[7.; 5]), &[180.0]);
    let suits = [1, 2, 4, 3];
    let angles = [180., 180., 0., 0.];
    // Pieces at x and 10 - x, far row first.
    let pairs = |x: f64, y: f64| [(x, 11. - y), (10. - x, 11. - y), (x, y), (10. - x, y)];
    pieces(t, PAWNS, &suits, &[1], &pairs(2., 3.), &angles);
    pieces(t, FACES, &suits, &[2], &pairs(2., 1.), &angles);
    pieces(t, FACES, &suits, &[3], &pairs(3., 1.), &angles);
    pieces(t, FACES, &suits, &[5], &pairs(4., 1.), &angles);
    let generals = [(5., 1.), (5., 10.)];
    pieces(t, FACES, &[4, 2], &[6], &generals, &[0., 180.]);
    pieces(t, DICE, &suits, &[4], &pairs(1., 1.), &angles);
}

/// The attackers (coins face up) on the edges, the defenders (coin
/// backs) round the king (a Crowns pawn on a Crowns die, the throne).
fn tablut(t: &mut Vec<Placed>) {
    board(t, 9, 9);
    let x = [
        5., 4., 5., 6., 5., 6., 5., 4., 2., 1., 1., 1., 8., 9., 9., 9.,
    ];
    let y = [
        2., 1., 1., 1., 8., 9., 9., 9., 5., 6., 5., 4., 5., 4., 5., 6.,
    ];
    let suits: Vec<usize> = (1..=4).flat_map(|s| [s; 4]).collect();
    let angles: Vec<f64> = (0..16).map(|i| [0., 180., 270., 90.][i / 4]).collect();
    pieces(t, FACES, &suits, &[3, 4, 5, 6], &xy(&x, &y), &angles);
    let x = [5., 5., 6., 7., 5., 5., 4., 3.];
    let y = [6., 7., 5., 5., 4., 3., 5., 5.];
    let suits: Vec<usize> = (1..=4).flat_map(|s| [s; 2]).collect();
    let angles: Vec<f64> = (0..8).map(|i| [0., 270., 180., 90.][i / 2]).collect();
    pieces(t, BACKS, &suits, &[1], &xy(&x, &y), &angles);
    pieces(t, DICE, &[3], &[1], &[(5., 5.)], &[0.]);
    pieces(t, PAWNS, &[3], &[1], &[(5., 5.)], &[0.]);
}

/// Twenty tiles face up, four across and five down, as `Tiles` gives
/// them (a suit, a rank and which way each points: `C3^Sa^S5vAa>/...`,
/// the top row first). A `Tiles` of suits and turns alone leaves the
/// ranks to R's random numbers, which tablemate cannot repeat.
fn alien_city(t: &mut Vec<Placed>, given: &str) -> Result<(), SetupError> {
    let chars: Vec<char> = given
        .chars()
        .filter(|c| !c.is_whitespace() && !"/:;\\|".contains(*c))
        .collect();
    if chars.len() == 40 {
        return Err(SetupError::Seeded);
    }
    let bad = || SetupError::Coins(crate::visible::line(given).to_string());
    if chars.len() != 60 {
        return Err(bad());
    }
    for (i, tile) in chars.chunks(3).enumerate() {
        let suit = "SMCA".find(tile[0]).ok_or_else(bad)? + 1;
        let rank = match tile[1] {
            'n' | '0' => 1,
            'a' | '1' => 2,
            c @ '2'..='5' => c as usize - '0' as usize + 1,
            _ => return Err(bad()),
        };
        let angle = match tile[2] {
            '^' => 0.0,
            '<' => 90.0,
            'v' => 180.0,
            '>' => 270.0,
            _ => return Err(bad()),
        };
        let (x, y) = city_place(i);
        let mut p = laid(Kind::Tile, Side::Face, suit, rank, x, y);
        p.angle = angle;
        t.push(p);
    }
    Ok(())
}

/// Desfases as ppdf deals it: the 24 tiles shuffled face up five by
/// five three units apart (the middle left open), each turned to its
/// suit's side of the table; the coins face up round the edge; four
/// dice rolled, each on the coin of its suit and number (back up), and
/// each suit's pawn on the tile of its suit and its die's number.
fn desfases(t: &mut Vec<Placed>, r: &mut RRandom) {
    let mut places: Vec<(f64, f64)> = (0..25)
        .map(|i| (3.0 + 3.0 * f64::from(i % 5), 3.0 + 3.0 * f64::from(i / 5)))
        .collect();
    places.remove(12);
    // R's expand.grid(suit = 1:4, rank = 1:6), rows in sample.int(24)'s
    // order.
    let order = r.sample(24);
    let mut tiles = Vec::new();
    for (&row, (x, y)) in order.iter().zip(places) {
        let (suit, rank) = ((row - 1) % 4 + 1, (row - 1) / 4 + 1);
        let mut tile = laid(Kind::Tile, Side::Face, suit, rank, x, y);
        tile.angle = ((suit as f64 + 1.0) * -90.0).rem_euclid(360.0);
        tiles.push(tile);
    }
    let xs = [14., 13., 12., 11., 10., 9., 17., 17., 17., 17., 17., 17.];
    let ys = [17., 17., 17., 17., 17., 17., 4., 5., 6., 7., 8., 9.];
    let mut coins = Vec::new();
    for i in 0..24 {
        let (suit, rank) = (i / 6 + 1, i % 6 + 1);
        // The Arms and Crowns edges are the Suns and Moons ones turned
        // a half turn about the middle.
        let (x, y) = match i / 12 {
            0 => (xs[i], ys[i]),
            _ => (18.0 - xs[i - 12], 18.0 - ys[i - 12]),
        };
        let mut coin = laid(Kind::Coin, Side::Face, suit, rank, x, y);
        coin.angle = [180.0, 90.0, 0.0, 270.0][i / 6];
        coins.push(coin);
    }
    let dice = r.sample_with_replacement(6, 4);
    let at = [(7., 17.), (17., 11.), (11., 1.), (1., 7.)];
    let mut rolled = Vec::new();
    let mut pawns = Vec::new();
    for (i, &rank) in dice.iter().enumerate() {
        let suit = i + 1;
        let (x, y) = at[i];
        let angle = [180.0, 90.0, 0.0, 270.0][i];
        let mut die = laid(Kind::Die, Side::Face, suit, rank, x, y);
        die.angle = angle;
        rolled.push(die);
        if let Some(coin) = coins.get_mut((suit - 1) * 6 + rank - 1) {
            (coin.side, coin.x, coin.y) = (Side::Back, x, y);
        }
        let mut pawn = laid(Kind::Pawn, Side::Face, suit, 1, x, y);
        (pawn.rank, pawn.angle) = (None, angle);
        let wanted = laid(Kind::Tile, Side::Face, suit, rank, x, y);
        if let Some(tile) = tiles
            .iter()
            .find(|p| p.suit == wanted.suit && p.rank == wanted.rank)
        {
            (pawn.x, pawn.y) = (tile.x, tile.y);
        }
        pawns.push(pawn);
    }
    t.extend(tiles);
    t.extend(coins);
    t.extend(rolled);
    t.extend(pawns);
}

/// Japan as ppdf deals it: 24 tiles back up, in four columns of three
/// and three of four, and the 24 coins face up, each on a tile's corner
/// drawn at random, no coin beside another.
fn japan(t: &mut Vec<Placed>, r: &mut RRandom) {
    let mut tiles = Vec::new();
    for (x, n) in [
        (1., 3),
        (5., 3),
        (9., 3),
        (13., 3),
        (3., 4),
        (7., 4),
        (11., 4),
    ] {
        let (y0, rows) = if n == 3 { (2., 3) } else { (1., 4) };
        for i in 0..rows {
            tiles.push((0.5 + x, 0.5 + y0 + 2.0 * f64::from(i)));
        }
    }
    for &(x, y) in &tiles {
        let mut back = laid(Kind::Tile, Side::Back, 1, 1, x, y);
        (back.suit, back.rank) = (None, None);
        t.push(back);
    }
    // Every corner, the lower-left ones of all the tiles first, then
    // the upper-left, lower-right and upper-right ones.
    let mut corners: Vec<(f64, f64)> = [(-0.5, -0.5), (-0.5, 0.5), (0.5, -0.5), (0.5, 0.5)]
        .iter()
        .flat_map(|(dx, dy)| tiles.iter().map(move |(x, y)| (x + dx, y + dy)))
        .collect();
    for i in 0..24 {
        let chosen = r.index(corners.len());
        let (x, y) = corners[chosen];
        // The corner drawn and those a step from it go (R drops rows by
        // their number, so a corner two tiles share stays once drawn).
        let beside = |(cx, cy): (f64, f64)| {
            (cx == x && (cy - y).abs() == 1.0) || (cy == y && (cx - x).abs() == 1.0)
        };
        corners = corners
            .iter()
            .enumerate()
            .filter(|&(j, &c)| j != chosen && !beside(c))
            .map(|(_, &c)| c)
            .collect();
        t.push(laid(Kind::Coin, Side::Face, i / 6 + 1, i % 6 + 1, x, y));
    }
}

/// Ice Floe's 24 tiles face up in a ring five by five with the middle
/// left open (ppdf's donut board), each where the game puts it.
fn ice_floe(t: &mut Vec<Placed>) {
    const TILES: &str = "S2S3CaM2M3/S4S5AaM4M5/MnCnSnAn/A2A3MaC2C3/A4A5SaC4C5";
    let tiles: Vec<char> = TILES.chars().filter(|c| *c != '/').collect();
    let mut places = Vec::new();
    for (row, y) in [8., 6., 4., 2., 0.].into_iter().enumerate() {
        for x in [0., 2., 4., 6., 8.] {
            if row != 2 || x != 4. {
                places.push((1.5 + x, 1.5 + y));
            }
        }
    }
    for (tile, (x, y)) in tiles.chunks(2).zip(places) {
        let suit = "SMCA".find(tile[0]).unwrap_or(0) + 1;
        let rank = "na2345".find(tile[1]).unwrap_or(0) + 1;
        t.push(laid(Kind::Tile, Side::Face, suit, rank, x, y));
    }
}

/// Coin backs in a 4 by 6 block on an 8 by 8 board, their suits as
/// `Coins` gives them (row 6 first).
fn plans_of_action(t: &mut Vec<Placed>, given: &str) -> Result<(), SetupError> {
    let suits = given_coins(given, |c| "SMCA".find(c).map(|i| i + 1))?;
    plans_of_action_with(t, &suits);
    Ok(())
}

/// The `i`th tile's centre in Alien City's city: four across, five
/// down, the top row first.
fn city_place(i: usize) -> (f64, f64) {
    (1.5 + 2.0 * (i % 4) as f64, 9.5 - 2.0 * (i / 4) as f64)
}

/// Alien City dealt from a Seed as ppdf deals it: each of the twenty
/// tiles (Suns ace to five, then Moons, ...) given a turn at random,
/// then laid in `sample.int(20)`'s order.
fn alien_city_dealt(t: &mut Vec<Placed>, r: &mut RRandom) {
    let turns = r.sample_with_replacement(4, 20);
    for (i, row) in r.sample(20).into_iter().enumerate() {
        let (suit, rank) = ((row - 1) / 5 + 1, (row - 1) % 5 + 2);
        let (x, y) = city_place(i);
        let mut p = laid(Kind::Tile, Side::Face, suit, rank, x, y);
        p.angle = 90.0 * (turns[row - 1] - 1) as f64;
        t.push(p);
    }
}

/// Plans of Action dealt from a Seed: `sample(rep.int(1:4, 6), 24)`.
fn plans_of_action_dealt(t: &mut Vec<Placed>, r: &mut RRandom) {
    let suits: Vec<usize> = r.sample(24).into_iter().map(|i| (i - 1) % 4 + 1).collect();
    plans_of_action_with(t, &suits);
}

fn plans_of_action_with(t: &mut Vec<Placed>, suits: &[usize]) {
    board(t, 8, 8);
    pieces(t, BACKS, suits, &[1], &six_by_four(2, 6), &[0.]);
}

/// `Coins`' 24 values, read one a character (`/` and spaces between
/// ranks skipped).
fn given_coins(
    given: &str,
    read: impl Fn(char) -> Option<usize>,
) -> Result<Vec<usize>, SetupError> {
    let values: Option<Vec<usize>> = given
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_ascii_punctuation())
        .map(read)
        .collect();
    match values {
        Some(v) if v.len() == 24 => Ok(v),
        _ => Err(SetupError::Coins(crate::visible::line(given).to_string())),
    }
}

/// A block six across and four down from file `left` and rank `top`,
/// the top rank first.
fn six_by_four(left: u8, top: u8) -> Vec<(f64, f64)> {
    (0..24u8)
        .map(|i| (f64::from(i % 6 + left), f64::from(top - i / 6)))
        .collect()
}

/// Coins face up in a 4 by 6 grid, their numbers as `Coins` gives them
/// (row 4 first), Suns and Moons above, Arms and Crowns below.
fn relativity(t: &mut Vec<Placed>, given: &str) -> Result<(), SetupError> {
    let ranks = given_coins(given, |c| match c {
        'n' | '0' => Some(1),
        'a' | '1' => Some(2),
        '2'..='5' => Some(c as usize - '0' as usize + 1),
        _ => None,
    })?;
    relativity_with(t, &ranks);
    Ok(())
}

/// Relativity dealt from a Seed as ppdf deals it: each suit's six coins
/// in a random order, dealt again while the four coins that must differ
/// (the 6th, 4th, 3rd and 1st drawn) are all alike, then laid in the
/// grid's order.
fn relativity_dealt(t: &mut Vec<Placed>, r: &mut RRandom) {
    let mut deal = || -> Vec<usize> { (0..4).flat_map(|_| r.sample(6)).collect() };
    let mut ranks = deal();
    while [ranks[5], ranks[3], ranks[2], ranks[0]]
        .windows(2)
        .all(|w| w[0] == w[1])
    {
        ranks = deal();
    }
    let order = [
        1, 2, 3, 7, 8, 9, 4, 5, 6, 10, 11, 12, 13, 14, 15, 19, 20, 21, 16, 17, 18, 22, 23, 24,
    ];
    let ranks: Vec<usize> = order.iter().map(|&i| ranks[i - 1]).collect();
    relativity_with(t, &ranks);
}

fn relativity_with(t: &mut Vec<Placed>, ranks: &[usize]) {
    board(t, 6, 4);
    let at = six_by_four(1, 4);
    let suits: Vec<usize> = [1, 2, 1, 2, 4, 3, 4, 3]
        .iter()
        .flat_map(|s| [*s; 3])
        .collect();
    for (i, (x, y)) in at.iter().enumerate() {
        t.push(laid(Kind::Coin, Side::Face, suits[i], ranks[i], *x, *y));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_laid_as_ppdf_lays_them() {
        assert_eq!(centres(8, true), [1.5, 3.5, 5.5, 7.5]);
        assert_eq!(centres(9, false), [2., 4., 6., 8.]);
        // Xiangqi's ten rows: a river between rows 5 and 6.
        assert_eq!(centres(10, false), [2., 4., 7., 9.]);
        assert_eq!(centres(3, false), [2.]);
    }

    #[test]
    fn each_setup_lays_its_pieces() {
        let none = serde_yaml::Mapping::new();
        let count = |name: &str| {
            let t = lay(name, &none, false).unwrap().pieces;
            (
                t.iter().filter(|p| p.kind == Kind::Tile).count(),
                t.iter().filter(|p| p.kind != Kind::Tile).count(),
            )
        };
        assert_eq!(count("American Checkers"), (16, 24));
        assert_eq!(count("Four Field Kono"), (4, 16));
        assert_eq!(count("International Chess"), (16, 32));
        assert_eq!(count("Xiangqi"), (18, 32));
        assert_eq!(count("Tablut"), (16, 26));
        assert_eq!(count("Tic-Tac-Toe"), (1, 0));
        assert_eq!(lay("Relativity", &none, false), Err(SetupError::Unseeded));
        let args: serde_yaml::Mapping =
            serde_yaml::from_str("Name: Relativity\nCoins: \"n45a5n/3a2243\"").unwrap();
        assert_eq!(
            lay("Relativity", &args, false),
            Err(SetupError::Coins("n45a5n/3a2243".into()))
        );
        let args: serde_yaml::Mapping = serde_yaml::from_str("Name: Tablut\nSeed: 3").unwrap();
        assert_eq!(
            lay("Tablut", &args, false),
            Err(SetupError::Argument("Seed".into()))
        );
        assert_eq!(lay("Crossings", &none, false), Err(SetupError::Unknown));
        let city: serde_yaml::Mapping = serde_yaml::from_str(
            "Name: Alien City\nTiles: C3^Sa^S5vAa>/M4>S4>M3<A4^/C2vMa>M5>A3v/Ca<S2^C5vC4^/A5<M2<A2^S3v",
        )
        .unwrap();
        let tiles = lay("Alien City", &city, false).unwrap().pieces;
        assert_eq!(tiles.len(), 20);
        assert_eq!(
            (
                tiles[3].suit.as_deref(),
                tiles[3].rank.as_deref(),
                tiles[3].angle
            ),
            (Some("A"), Some("a"), 270.0)
        );
        // Suits and turns alone: the ranks were R's to deal.
        let unranked: serde_yaml::Mapping = serde_yaml::from_str(
            "Name: Alien City\nTiles: C^S^SvA>/M>S>M<A^/CvM>M>Av/C<S^CvC^/A<M<A^Sv",
        )
        .unwrap();
        assert_eq!(lay("Alien City", &unranked, false), Err(SetupError::Seeded));
        // Desfases dealt from its Seed, its moves counted in steps of 3.
        let seed = |s: &str| serde_yaml::from_str::<serde_yaml::Mapping>(s).unwrap();
        let dealt = lay("Desfases", &seed("Name: Desfases\nSeed: 42"), false).unwrap();
        assert_eq!(dealt.step, 3.0);
        let kinds = |k: Kind| dealt.pieces.iter().filter(|p| p.kind == k).count();
        assert_eq!(
            [
                kinds(Kind::Tile),
                kinds(Kind::Coin),
                kinds(Kind::Die),
                kinds(Kind::Pawn)
            ],
            [24, 24, 4, 4]
        );
        assert_eq!(lay("Desfases", &none, false), Err(SetupError::Unseeded));
        assert_eq!(
            lay("Desfases", &seed("Name: Desfases\nSeed: x"), false),
            Err(SetupError::Seed("x".into()))
        );
        // Alien City and Plans of Action dealt from Seed 42 as ppdf's own
        // tests show them (tests/testthat/_snaps/piecepack_games_original.md):
        // each tile, its turn, and each coin's suit.
        let city = lay("Alien City", &seed("Name: Alien City\nSeed: 42"), false).unwrap();
        let laid: Vec<String> = city
            .pieces
            .iter()
            .map(|p| {
                let turn = match super::super::notation::turn(p.angle) {
                    "" => "^",
                    t => t,
                };
                format!(
                    "{}{}{turn}",
                    p.suit.as_deref().unwrap(),
                    p.rank.as_deref().unwrap()
                )
            })
            .collect();
        assert_eq!(
            laid.join(""),
            "C5^S3^M4^S4^S5<A5<C3vAa^A2<S2^M3<A4<CavSa^M5>A3>C4>Ma>C2>M2<"
        );
        let plans = lay(
            "Plans of Action",
            &seed("Name: Plans of Action\nSeed: 42"),
            false,
        )
        .unwrap();
        let suits: String = plans
            .pieces
            .iter()
            .filter(|p| p.kind == Kind::Coin)
            .map(|p| p.suit.clone().unwrap())
            .collect();
        assert_eq!(suits, "SSSMAMACACASCMSMCCMMAACS");
        let mut tiles: Vec<String> = city
            .pieces
            .iter()
            .map(|p| {
                format!(
                    "{}{}",
                    p.suit.as_deref().unwrap(),
                    p.rank.as_deref().unwrap()
                )
            })
            .collect();
        tiles.sort();
        let mut every: Vec<String> = "SMCA"
            .chars()
            .flat_map(|s| "a2345".chars().map(move |r| format!("{s}{r}")))
            .collect();
        every.sort();
        assert_eq!(tiles, every);
        let plans = lay(
            "Plans of Action",
            &seed("Name: Plans of Action\nSeed: 7"),
            false,
        )
        .unwrap();
        for suit in ["S", "M", "C", "A"] {
            let coins = plans.pieces.iter().filter(|p| p.kind == Kind::Coin);
            assert_eq!(coins.filter(|p| p.suit.as_deref() == Some(suit)).count(), 6);
        }
        // Japan: tiles back up, a coin on 24 corners, none beside another.
        let japan = lay("Japan", &seed("Name: Japan\nSeed: 42"), false).unwrap();
        let coins: Vec<(f64, f64)> = japan
            .pieces
            .iter()
            .filter(|p| p.kind == Kind::Coin)
            .map(|p| (p.x, p.y))
            .collect();
        assert_eq!(coins.len(), 24);
        for &(x, y) in &coins {
            let beside = |&&(a, b): &&(f64, f64)| (a - x).abs() + (b - y).abs() == 1.0;
            assert!(!coins.iter().any(|c| beside(&c)), "({x},{y})");
        }
        // R takes a negative seed as its 32 bits.
        assert!(lay("Desfases", &seed("Name: Desfases\nSeed: -7"), false).is_ok());
        assert_eq!(
            lay("Desfases", &seed("Name: Desfases\nSeed: 9999999999"), false),
            Err(SetupError::Seed("9999999999".into()))
        );
    }
}
