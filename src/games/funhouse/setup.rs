//! Setting up each room from what is on the table (or at random), as data,
//! with text diagrams. Facts and interpretations: DESIGN.md.

use crate::games::compass::Dir;
use crate::games::die_rolls::DieRolls;
use crate::games::error::GameError;
use crate::pieces::{Piece, Rank, Suit};
use crate::random::TableRng;
use serde::{Serialize, Serializer};

pub use crate::games::cell::{Cell, cell_name};

/// Cells serialise as the player sees them (`r1c1`), not as indices.
fn cell_as_name<S: Serializer>(cell: &Cell, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&cell_name(*cell))
}

// ---------------------------------------------------------------- Slide Jam

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SlideJam {
    /// 6 rows of 4 tiles, top row first.
    pub grid: Vec<Vec<Piece>>,
}

/// 24 tiles dealt into 6 rows of 4.
pub fn slide_jam(rng: &mut TableRng) -> SlideJam {
    let mut tiles = Piece::all();
    rng.shuffle(&mut tiles);
    SlideJam {
        grid: tiles.chunks(4).map(<[Piece]>::to_vec).collect(),
    }
}

// ------------------------------------------------------------- Magic Mirror

/// The two 4x3 grids, each a stack laid from its top in reading order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MirrorStacks {
    pub upper: Vec<Vec<Piece>>,
    pub lower: Vec<Vec<Piece>>,
    /// How many of the 24 tiles the player named.
    #[serde(skip)]
    pub given: usize,
}

/// The two stacks from the tiles the player named (either may be short
/// or empty), the rest of the 24 shuffled in: the upper stack is filled
/// to 12 first, the lower takes what is left.
pub fn magic_mirror(
    upper: &[Piece],
    lower: &[Piece],
    rng: &mut TableRng,
) -> Result<MirrorStacks, GameError> {
    if let Some(t) = upper.iter().find(|t| lower.contains(t)) {
        return Err(GameError::word(format!("tile {t} is in both stacks")));
    }
    if upper.len() > 12 || lower.len() > 12 {
        return Err(GameError::word(
            "a stack holds 12 tiles: separate the two stacks with /",
        ));
    }
    let mut rest: Vec<Piece> = Piece::all()
        .into_iter()
        .filter(|p| !upper.contains(p) && !lower.contains(p))
        .collect();
    rng.shuffle(&mut rest);
    let mut rest = rest.into_iter();
    let mut up = upper.to_vec();
    up.extend(rest.by_ref().take(12 - up.len()));
    let mut low = lower.to_vec();
    low.extend(rest);
    let grid = |s: &[Piece]| s.chunks(4).map(<[Piece]>::to_vec).collect();
    Ok(MirrorStacks {
        upper: grid(&up),
        lower: grid(&low),
        given: upper.len() + lower.len(),
    })
}

// ------------------------------------------------------------------ Catwalk

/// The Catwalk compass: Suns north, Crowns east, Arms south, Moons west.
pub fn compass(s: Suit) -> Dir {
    match s {
        Suit::Suns => Dir::N,
        Suit::Crowns => Dir::E,
        Suit::Arms => Dir::S,
        Suit::Moons => Dir::W,
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CatwalkTile {
    pub tile: Piece,
    /// x east, y north; the first tile at 0,0.
    pub x: i32,
    pub y: i32,
}

/// A departure from the suit compass, for the player to see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fallback {
    /// The suit's cell was taken; the track went straight on.
    Straight { place: usize, tile: Piece, dir: Dir },
    /// Suit and straight blocked: a die chose among the free directions.
    Rolled {
        place: usize,
        tile: Piece,
        roll: Rank,
        given: bool,
        choices: Vec<Dir>,
        dir: Dir,
    },
    /// Suit and straight blocked, one direction free: no roll needed.
    OnlyWay { place: usize, tile: Piece, dir: Dir },
    /// Boxed in: the previous tile was backed out to be laid again.
    BackedOut { place: usize, tile: Piece },
}

impl Fallback {
    pub fn describe(&self) -> String {
        match self {
            Fallback::Straight { place, tile, dir } => {
                format!(
                    "{place} {tile}: its cell was taken, went straight on {}",
                    dir.name()
                )
            }
            Fallback::Rolled {
                place,
                tile,
                roll,
                given,
                choices,
                dir,
            } => format!(
                "{place} {tile}: blocked; {} {} among {} -> {}",
                if *given { "your roll" } else { "rolled" },
                roll.name(),
                choices
                    .iter()
                    .map(|d| d.name())
                    .collect::<Vec<_>>()
                    .join("/"),
                dir.name()
            ),
            Fallback::OnlyWay { place, tile, dir } => {
                format!("{place} {tile}: blocked; {} was the only way", dir.name())
            }
            Fallback::BackedOut { place, tile } => {
                format!("{place} {tile}: boxed in; backed it out to lay it again")
            }
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Catwalk {
    pub tiles: Vec<CatwalkTile>,
    /// In data as in text: the sentence the player reads.
    #[serde(serialize_with = "described")]
    pub fallbacks: Vec<Fallback>,
}

fn described<S: Serializer>(fallbacks: &[Fallback], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(fallbacks.iter().map(Fallback::describe))
}

/// The die picks entry floor(v*k/6) of the k free directions (clockwise
/// from north), v being null 0 up to 5: an interpretation (DESIGN.md).
pub fn pick_direction(roll: Rank, choices: &[Dir]) -> Dir {
    choices[roll.index() as usize * choices.len() / 6]
}

/// Lay the tiles by the suit compass with the rules' fallbacks. When a
/// tile is boxed in, the previous tile is backed out and laid again in a
/// direction not yet tried there (our interpretation; the maze of rats does the same).
pub fn catwalk(order: &[Piece], rolls: &mut DieRolls) -> Result<Catwalk, GameError> {
    let mut placed: Vec<CatwalkTile> = Vec::new();
    let mut fallbacks = Vec::new();
    // Directions already tried from each place, for backing out.
    let mut tried: Vec<Vec<Dir>> = vec![Vec::new(); order.len()];
    let mut going: Vec<Option<Dir>> = vec![None; order.len()];
    let mut steps = 0;
    while placed.len() < order.len() {
        steps += 1;
        if steps > 100_000 {
            return Err("the track could not be laid".into());
        }
        let i = placed.len();
        let tile = order[i];
        if i == 0 {
            placed.push(CatwalkTile { tile, x: 0, y: 0 });
            continue;
        }
        let prev = &placed[i - 1];
        let here = (prev.x, prev.y);
        let taken = |p: (i32, i32)| placed.iter().any(|t| (t.x, t.y) == p);
        let free: Vec<Dir> = Dir::CLOCKWISE
            .into_iter()
            .filter(|d| !taken(d.step(here)) && !tried[i].contains(d))
            .collect();
        let want = compass(tile.suit);
        let straight = going[i - 1];
        let dir = if free.contains(&want) {
            Some(want)
        } else if let Some(s) = straight.filter(|s| free.contains(s)) {
            fallbacks.push(Fallback::Straight {
                place: i + 1,
                tile,
                dir: s,
            });
            Some(s)
        } else if let [only] = free[..] {
            fallbacks.push(Fallback::OnlyWay {
                place: i + 1,
                tile,
                dir: only,
            });
            Some(only)
        } else if free.is_empty() {
            None
        } else {
            let roll = rolls.roll();
            let given = rolls.used.last().is_some_and(|u| u.1);
            let d = pick_direction(roll, &free);
            fallbacks.push(Fallback::Rolled {
                place: i + 1,
                tile,
                roll,
                given,
                choices: free.clone(),
                dir: d,
            });
            Some(d)
        };
        match dir {
            Some(d) => {
                tried[i].push(d);
                let (x, y) = d.step(here);
                placed.push(CatwalkTile { tile, x, y });
                going[i] = Some(d);
                if i + 1 < order.len() {
                    tried[i + 1].clear();
                }
            }
            None => {
                // Boxed in: back the previous tile out and lay it again.
                if i <= 1 {
                    return Err("the track could not be laid".into());
                }
                fallbacks.push(Fallback::BackedOut {
                    place: i,
                    tile: order[i - 1],
                });
                tried[i].clear();
                placed.pop();
                going[i - 1] = None;
            }
        }
    }
    Ok(Catwalk {
        tiles: placed,
        fallbacks,
    })
}

// ------------------------------------------------------ Roll Out the Barrels

pub const BARREL_ROWS: usize = 6;
pub const BARREL_COLS: usize = 4;

/// A swap made while legalising, with the values moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Swap {
    #[serde(serialize_with = "cell_as_name")]
    pub from: Cell,
    #[serde(serialize_with = "cell_as_name")]
    pub to: Cell,
    pub from_value: Rank,
    pub to_value: Rank,
}

fn neighbours((r, c): Cell) -> impl Iterator<Item = Cell> {
    [
        (r.wrapping_sub(1), c),
        (r + 1, c),
        (r, c.wrapping_sub(1)),
        (r, c + 1),
    ]
    .into_iter()
    .filter(|&(r, c)| r < BARREL_ROWS && c < BARREL_COLS)
}

/// No orthogonal neighbour shows the same value.
fn legal_at(g: &[Vec<Rank>], p: Cell) -> bool {
    neighbours(p).all(|q| g[q.0][q.1] != g[p.0][p.1])
}

/// Illegal in the scan: equal to the coin north or west of it.
fn illegal_in_scan(g: &[Vec<Rank>], (r, c): Cell) -> bool {
    (r > 0 && g[r - 1][c] == g[r][c]) || (c > 0 && g[r][c - 1] == g[r][c])
}

/// A barrel grid and how it was made legal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Barrels {
    /// 6 rows of 4 coin values, top row first.
    pub grid: Vec<Vec<Rank>>,
    pub swaps: Vec<Swap>,
    /// False when swapping could not part every matching pair.
    pub legal: bool,
}

/// The coins in reading order make the grid; then legalise it (DESIGN.md):
/// scan in reading order, swap an illegal coin with the first later coin
/// that leaves both places legal, else the first earlier one; repeat passes
/// until clean. Err when a pass can swap nothing (with what was done).
pub fn barrels(coins: &[Rank]) -> Barrels {
    let mut g: Vec<Vec<Rank>> = coins.chunks(BARREL_COLS).map(<[Rank]>::to_vec).collect();
    let cells: Vec<Cell> = (0..BARREL_ROWS)
        .flat_map(|r| (0..BARREL_COLS).map(move |c| (r, c)))
        .collect();
    let mut swaps = Vec::new();
    for _pass in 0..50 {
        let mut changed = false;
        let mut clean = true;
        for (i, &p) in cells.iter().enumerate() {
            if !illegal_in_scan(&g, p) {
                continue;
            }
            clean = false;
            let works = |g: &mut Vec<Vec<Rank>>, q: Cell| {
                let (a, b) = (g[p.0][p.1], g[q.0][q.1]);
                if a == b {
                    return false;
                }
                g[p.0][p.1] = b;
                g[q.0][q.1] = a;
                let ok = legal_at(g, p) && legal_at(g, q);
                g[p.0][p.1] = a;
                g[q.0][q.1] = b;
                ok
            };
            let later = cells[i + 1..].iter().copied().find(|&q| works(&mut g, q));
            let target =
                later.or_else(|| cells[..i].iter().rev().copied().find(|&q| works(&mut g, q)));
            if let Some(q) = target {
                let (a, b) = (g[p.0][p.1], g[q.0][q.1]);
                g[p.0][p.1] = b;
                g[q.0][q.1] = a;
                swaps.push(Swap {
                    from: p,
                    to: q,
                    from_value: a,
                    to_value: b,
                });
                changed = true;
            }
        }
        if clean {
            return Barrels {
                grid: g,
                swaps,
                legal: true,
            };
        }
        if !changed {
            break;
        }
    }
    let legal = cells.iter().all(|&p| legal_at(&g, p));
    Barrels {
        grid: g,
        swaps,
        legal,
    }
}

/// The barrel grid's first coins from a Catwalk scoreboard (its inputs,
/// like `5xn`): each fallen coin, then a coin of its tile's value. A value
/// with no coin left takes the nearest one available (an
/// interpretation); each such substitution is returned as (wanted, used).
pub fn scoreboard_coins(inputs: &[String]) -> (Vec<Rank>, Vec<(Rank, Rank)>) {
    let mut pool: Vec<Rank> = Piece::all().into_iter().map(|p| p.rank).collect();
    let mut coins = Vec::new();
    let mut substitutions = Vec::new();
    let mut take = |want: Rank, coins: &mut Vec<Rank>| {
        let got = if pool.contains(&want) {
            Some(want)
        } else {
            nearest_available(want, &pool)
        };
        if let Some(got) = got
            && let Some(i) = pool.iter().position(|&r| r == got)
        {
            pool.remove(i);
            coins.push(got);
            if got != want {
                substitutions.push((want, got));
            }
        }
    };
    for input in inputs.iter().filter(|i| i.contains('x')) {
        if let Some((c, t)) = input.split_once('x')
            && let (Ok(c), Ok(t)) = (c.parse::<Rank>(), t.parse::<Rank>())
        {
            take(c, &mut coins);
            take(t, &mut coins);
        }
    }
    (coins, substitutions)
}

/// The 24 coin values of a piecepack (four of each) less those in `used`;
/// Err names a value used more than four times.
pub fn coin_pool(used: &[Rank]) -> Result<Vec<Rank>, GameError> {
    let mut pool: Vec<Rank> = Piece::all().into_iter().map(|p| p.rank).collect();
    for &u in used {
        match pool.iter().position(|&r| r == u) {
            Some(i) => {
                pool.remove(i);
            }
            None => {
                return Err(GameError::word(format!(
                    "more than four {} coins: a piecepack has four of each value",
                    u.name()
                )));
            }
        }
    }
    Ok(pool)
}

/// Coins may be short of a value the scoreboard needs: take the nearest
/// value left (interpretation, DESIGN.md), lower first on a tie.
pub fn nearest_available(want: Rank, pool: &[Rank]) -> Option<Rank> {
    pool.iter()
        .copied()
        .min_by_key(|r| ((r.index() as i32 - want.index() as i32).abs(), r.index()))
}

// ------------------------------------------------------------ Whack-a-Dummy

/// The four central start squares of the 4x6 board.
pub const WHACK_STARTS: [Cell; 4] = [(2, 1), (2, 2), (3, 1), (3, 2)];
/// Corners in the order to activate: north-west, then clockwise.
pub const WHACK_CORNERS: [(Cell, &str); 4] = [
    ((0, 0), "north-west"),
    ((0, 3), "north-east"),
    ((5, 3), "south-east"),
    ((5, 0), "south-west"),
];

/// What the Whack-a-Dummy board is: the run's barrel grid (coin codes,
/// face down) when there is one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WhackBoard {
    pub starts: Vec<String>,
    pub corners: Vec<WhackCorner>,
    pub grid: Option<Vec<Vec<String>>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WhackCorner {
    pub cell: String,
    pub name: &'static str,
}

pub fn whack_board(grid: Option<Vec<Vec<String>>>) -> WhackBoard {
    WhackBoard {
        starts: WHACK_STARTS.iter().map(|c| cell_name(*c)).collect(),
        corners: WHACK_CORNERS
            .iter()
            .map(|&(c, name)| WhackCorner {
                cell: cell_name(c),
                name,
            })
            .collect(),
        grid,
    }
}

// -------------------------------------------------------------- Trampo-Land

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Occupant {
    Empty,
    You,
    Adult,
    Kid,
}

impl Occupant {
    pub fn name(self) -> &'static str {
        match self {
            Occupant::Empty => "empty",
            Occupant::You => "you",
            Occupant::Adult => "adult",
            Occupant::Kid => "kid",
        }
    }
}

/// Which trampoline the die empties: null/ace 1, 2/3 2, 4/5 4.
pub fn empty_trampoline(die: Rank) -> usize {
    match die.index() {
        0 | 1 => 1,
        2 | 3 => 2,
        _ => 4,
    }
}

/// A cast of the six coins null to 5, each number side up half the time,
/// summed; a cast of 0 is cast again.
pub fn random_cast(rng: &mut TableRng) -> u32 {
    loop {
        let cast = (0..6).filter(|_| rng.coin()).sum::<u32>();
        if cast > 0 {
            return cast;
        }
    }
}

/// Column sums of a random Whack-a-Dummy board (when the run holds none):
/// the 24 coins shuffled into 4 columns, each counted when number side up.
pub fn random_columns(rng: &mut TableRng) -> [u32; 4] {
    let mut coins: Vec<u32> = Piece::all().iter().map(|p| p.rank.index() as u32).collect();
    rng.shuffle(&mut coins);
    let mut sums = [0u32; 4];
    for (i, v) in coins.iter().enumerate() {
        if rng.coin() {
            sums[i % 4] += v;
        }
    }
    sums
}

/// Bring a number into 1..=15 by subtracting 15 (0 means 15): an
/// interpretation (DESIGN.md).
pub fn wrap15(n: u32) -> usize {
    let r = (n % 15) as usize;
    if r == 0 { 15 } else { r }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Trampo {
    /// Index 0 is trampoline 1.
    #[serde(rename = "trampolines")]
    pub board: [Occupant; 15],
    pub empty: usize,
    pub you: usize,
    /// Where each adult went, in column order.
    pub adults: Vec<usize>,
    /// What set the room up: the die, the coin cast, the column sums.
    pub die: Rank,
    pub cast: u32,
    pub columns: [u32; 4],
}

/// Place everyone. `cast` is 1..=15 (a 0 is recast before this).
pub fn trampo_land(die: Rank, cast: u32, columns: [u32; 4]) -> Trampo {
    let mut board = [Occupant::Kid; 15];
    let empty = empty_trampoline(die);
    board[empty - 1] = Occupant::Empty;
    let mut you = cast as usize;
    if you == empty {
        you += 1;
    }
    board[you - 1] = Occupant::You;
    let taken = |b: &[Occupant; 15], t: usize| b[t - 1] != Occupant::Kid;
    let mut adults = Vec::new();
    for c in columns {
        let mut t = wrap15(c);
        while taken(&board, t) {
            t = if t == 15 { 1 } else { t + 1 };
        }
        board[t - 1] = Occupant::Adult;
        adults.push(t);
    }
    Trampo {
        board,
        empty,
        you,
        adults,
        die,
        cast,
        columns,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranks(s: &str) -> Vec<Rank> {
        s.split_whitespace().map(|w| w.parse().unwrap()).collect()
    }

    #[test]
    fn mirror_stacks_keep_the_named_tiles_on_top() {
        let p =
            |s: &str| -> Vec<Piece> { s.split_whitespace().map(|w| w.parse().unwrap()).collect() };
        let m = magic_mirror(&p("Sn Sa"), &p("C5"), &mut TableRng::new(1)).unwrap();
        assert_eq!(m.given, 3);
        assert_eq!(&m.upper[0][..2], &p("Sn Sa")[..]);
        assert_eq!(m.lower[0][0], p("C5")[0]);
        let mut all: Vec<Piece> = m.upper.iter().chain(&m.lower).flatten().copied().collect();
        assert_eq!((m.upper.concat().len(), m.lower.concat().len()), (12, 12));
        all.sort();
        assert_eq!(
            all,
            Piece::all()
                .into_iter()
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect::<Vec<_>>()
        );
        assert_eq!(
            magic_mirror(&p("Sn"), &p("Sn"), &mut TableRng::new(1)).unwrap_err(),
            "tile Sn is in both stacks"
        );
    }

    #[test]
    fn scoreboard_opens_the_barrel_grid() {
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        let (coins, subs) = scoreboard_coins(&words("5xn 4xn nx3"));
        assert_eq!(coins, ranks("5 n 4 n n 3"));
        assert!(subs.is_empty());
        // Six fives wanted, four in a piecepack: the nearest value, 4.
        let (coins, subs) = scoreboard_coins(&words("5x5 5x5 5x5"));
        assert_eq!(coins, ranks("5 5 5 5 4 4"));
        assert_eq!(subs, vec![(Rank::Five, Rank::Four); 2]);
        // Words that are not coin x tile are passed over.
        assert!(scoreboard_coins(&words("none")).0.is_empty());
    }

    #[test]
    fn trampo_land_worked_example() {
        // die 3, cast 10, columns 7,3,0,0: empty 2, you 10, adults 7, 3,
        // 15 and 1, kids on the other nine.
        let t = trampo_land(Rank::Three, 10, [7, 3, 0, 0]);
        assert_eq!(t.empty, 2);
        assert_eq!(t.you, 10);
        assert_eq!(t.adults, vec![7, 3, 15, 1]);
        assert_eq!(t.board.iter().filter(|o| **o == Occupant::Kid).count(), 9);
        // A cast equal to the empty trampoline moves up one.
        assert_eq!(trampo_land(Rank::Ace, 1, [1, 1, 1, 1]).you, 2);
        assert_eq!(
            trampo_land(Rank::Ace, 1, [1, 1, 1, 1]).adults,
            vec![3, 4, 5, 6]
        );
        assert_eq!(wrap15(16), 1);
        assert_eq!(wrap15(30), 15);
    }

    #[test]
    fn catwalk_follows_the_compass() {
        let order: Vec<Piece> = ["Sn", "S2", "C3", "A4", "M5"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let mut rng = TableRng::new(1);
        let mut rolls = DieRolls::new(vec![], &mut rng);
        let c = catwalk(&order, &mut rolls).unwrap();
        let at: Vec<(i32, i32)> = c.tiles.iter().map(|t| (t.x, t.y)).collect();
        // S2 north, C3 east, A4 south, M5 west would land on 0,1 (taken):
        // it goes straight on south to 1,-1.
        assert_eq!(at, vec![(0, 0), (0, 1), (1, 1), (1, 0), (1, -1)]);
        assert_eq!(
            c.fallbacks,
            vec![Fallback::Straight {
                place: 5,
                tile: order[4],
                dir: Dir::S
            }]
        );
    }

    #[test]
    fn catwalk_rolls_when_straight_is_blocked() {
        // A loop: east twice, north twice, west twice, then south into
        // 0,1. S4 wants north (taken) and straight on south is 0,0
        // (taken): east 1,1 and west -1,1 are free, and a die roll of 5
        // picks entry floor(5*2/6) = 1 of [east, west]: west.
        let order: Vec<Piece> = ["Sn", "Ca", "C2", "S2", "S3", "M2", "M3", "A2", "S4"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let mut rng = TableRng::new(1);
        let mut rolls = DieRolls::new(vec![Rank::Five], &mut rng);
        let c = catwalk(&order, &mut rolls).unwrap();
        let at: Vec<(i32, i32)> = c.tiles.iter().map(|t| (t.x, t.y)).collect();
        assert_eq!(
            at,
            vec![
                (0, 0),
                (1, 0),
                (2, 0),
                (2, 1),
                (2, 2),
                (1, 2),
                (0, 2),
                (0, 1),
                (-1, 1)
            ]
        );
        assert_eq!(
            c.fallbacks,
            vec![Fallback::Rolled {
                place: 9,
                tile: order[8],
                roll: Rank::Five,
                given: true,
                choices: vec![Dir::E, Dir::W],
                dir: Dir::W,
            }]
        );
        assert_eq!(
            c.fallbacks[0].describe(),
            "9 S4: blocked; your roll 5 among east/west -> west"
        );
    }

    #[test]
    fn catwalk_is_a_track_for_any_order() {
        // Over many random orders: no cell twice, each tile beside the
        // last, and the back-out path is exercised along the way.
        let mut backed_out = 0;
        for seed in 0..300 {
            let mut rng = TableRng::new(seed);
            let mut order = Piece::all();
            rng.shuffle(&mut order);
            let mut rolls = DieRolls::new(vec![], &mut rng);
            let c = catwalk(&order, &mut rolls).unwrap();
            assert_eq!(c.tiles.len(), 24);
            backed_out += c
                .fallbacks
                .iter()
                .filter(|f| matches!(f, Fallback::BackedOut { .. }))
                .count();
            let mut cells = std::collections::HashSet::new();
            for (i, t) in c.tiles.iter().enumerate() {
                assert!(
                    cells.insert((t.x, t.y)),
                    "seed {seed}: two tiles on one cell"
                );
                if i > 0 {
                    let p = &c.tiles[i - 1];
                    assert_eq!((t.x - p.x).abs() + (t.y - p.y).abs(), 1, "seed {seed}");
                }
            }
        }
        assert!(
            backed_out > 0,
            "no order was boxed in: the back-out path is untested"
        );
    }

    #[test]
    fn die_picks_among_free_directions() {
        let two = [Dir::E, Dir::W];
        assert_eq!(pick_direction(Rank::Null, &two), Dir::E);
        assert_eq!(pick_direction(Rank::Two, &two), Dir::E);
        assert_eq!(pick_direction(Rank::Three, &two), Dir::W);
        let three = [Dir::N, Dir::E, Dir::S];
        assert_eq!(pick_direction(Rank::Ace, &three), Dir::N);
        assert_eq!(pick_direction(Rank::Two, &three), Dir::E);
        assert_eq!(pick_direction(Rank::Five, &three), Dir::S);
    }

    #[test]
    fn barrel_swaps_worked_by_hand() {
        // Rows: n a 2 3 / n 4 5 a / 2 3 4 5 / n a 2 3 / 4 5 n a / 2 3 4 5.
        // r2c1 (n) equals r1c1 (n) above it: the first later coin that
        // leaves both places legal is r2c2 (4): n moves to r2c2, 4 to r2c1.
        let coins = ranks("n a 2 3 n 4 5 a 2 3 4 5 n a 2 3 4 5 n a 2 3 4 5");
        let Barrels {
            grid: g,
            swaps,
            legal: clean,
        } = barrels(&coins);
        assert!(clean);
        assert_eq!(swaps[0].from, (1, 0));
        assert_eq!(swaps[0].to, (1, 1));
        assert_eq!(
            (swaps[0].from_value, swaps[0].to_value),
            (Rank::Null, Rank::Four)
        );
        assert_eq!(g[1], ranks("4 n 5 a"));
        assert_eq!(swaps.len(), 1);
    }

    #[test]
    fn coin_pool_counts_values() {
        assert_eq!(coin_pool(&ranks("n n n n")).unwrap().len(), 20);
        assert!(
            coin_pool(&ranks("5 5 5 5 5"))
                .unwrap_err()
                .to_string()
                .contains("more than four 5")
        );
        assert_eq!(
            nearest_available(Rank::Three, &ranks("n 2 4")),
            Some(Rank::Two)
        );
    }
}
