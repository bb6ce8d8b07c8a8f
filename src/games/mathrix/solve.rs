//! Mathrix solved exactly. A position is the set of spaces still holding
//! a coin (the coins never move), and a coin may go when it is part of an
//! open string that makes an equation (`Sums`). The search goes depth
//! first, fewest-choices first, and remembers every set it has proved
//! lost, so a deal with no way down to one coin is proved so by having
//! met every set it can reach.

use super::grid::{FULL, SPACES, Space, Sums};

/// What the search knows of the sets it has met: `false` lost (proved),
/// `true` won.
pub struct Search<'a> {
    sums: &'a Sums,
    known: Memo,
    /// The most sets a search may meet before it gives up (`usize::MAX`:
    /// never), and whether it has.
    limit: usize,
    gave_up: bool,
}

impl<'a> Search<'a> {
    pub fn new(sums: &'a Sums) -> Search<'a> {
        Search {
            sums,
            known: Memo::new(),
            limit: usize::MAX,
            gave_up: false,
        }
    }

    /// Whether one coin can be left from `on`, if the search can tell
    /// meeting at most `budget` more sets (`None`: it gave up). What it
    /// proved before giving up is kept, and nothing it did not prove:
    /// the search goes on exact afterwards. A level deal asks this of
    /// each deal it tries: a deal that cannot be told quickly is passed
    /// over, never called lost.
    pub fn wins_budgeted(&mut self, on: u32, budget: usize) -> Option<bool> {
        self.limit = self.met().saturating_add(budget);
        self.gave_up = false;
        let won = self.wins(on);
        let told = (won || !self.gave_up).then_some(won);
        self.limit = usize::MAX;
        self.gave_up = false;
        told
    }

    fn known(&self, on: u32) -> Option<bool> {
        self.known.get(on)
    }

    fn remember(&mut self, on: u32, won: bool) {
        self.known.insert(on, won);
    }

    /// Whether one coin can be left from `on`.
    pub fn wins(&mut self, on: u32) -> bool {
        if on.count_ones() <= 1 {
            return on.count_ones() == 1;
        }
        if let Some(k) = self.known(on) {
            return k;
        }
        if self.known.len() >= self.limit {
            self.gave_up = true;
        }
        if self.gave_up {
            return false;
        }
        // Three ways a set is lost at sight: two groups of coins not
        // joined side by side (no string joins them, and each keeps its
        // last coin), no pair of equal coins side by side left for the
        // last move (`Sums::has_pair`), or two coins that must stay
        // (`Sums::must_stay`).
        if !joined(on) || !self.sums.has_pair(on) {
            self.known.dead(on);
            return false;
        }
        let can = self.sums.removable(on);
        if self.sums.must_stay(on, can) > 1 {
            self.known.dead(on);
            return false;
        }
        let mut won = false;
        // The coins the fewest open sums take go first: while they can
        // still go at all (a win is found sooner; a loss is the same
        // whichever way it is proved).
        let ways = self.sums.ways(on);
        // By key: ways above, the space's index below.
        let mut order = [0u16; SPACES];
        let mut n = 0;
        for s in Space::of(can) {
            order[n] = u16::from(ways[s.index()]) << 5 | s.index() as u16;
            n += 1;
        }
        order[..n].sort_unstable();
        for &key in &order[..n] {
            let s = Space::from_index(usize::from(key & 31)).unwrap_or_default();
            if self.wins(on & !s.bit()) {
                won = true;
                break;
            }
        }
        // A search that gave up below proved nothing lost here.
        if won || !self.gave_up {
            self.remember(on, won);
        }
        won
    }

    /// A way from `on` to one coin: the coins to take, in order.
    pub fn line(&mut self, mut on: u32) -> Option<Vec<Space>> {
        if !self.wins(on) {
            return None;
        }
        let mut line = Vec::new();
        while on.count_ones() > 1 {
            let s = Space::of(self.sums.removable(on)).find(|s| self.wins(on & !s.bit()))?;
            line.push(s);
            on &= !s.bit();
        }
        Some(line)
    }

    /// The coins that may be taken from `on`, each with whether one coin
    /// can still be left after it.
    pub fn choices(&mut self, on: u32) -> Vec<(Space, bool)> {
        Space::of(self.sums.removable(on))
            .map(|s| (s, self.wins(on & !s.bit())))
            .collect()
    }

    /// The coins that may be taken from `on`, each with whether a way
    /// down to one coin after it is found meeting at most `budget` more
    /// sets (a way not found so soon counts as none).
    pub fn choices_within(&mut self, on: u32, budget: usize) -> Vec<(Space, bool)> {
        Space::of(self.sums.removable(on))
            .map(|s| (s, self.wins_budgeted(on & !s.bit(), budget) == Some(true)))
            .collect()
    }

    /// The sums the search is of.
    pub fn sums(&self) -> &'a Sums {
        self.sums
    }

    /// How many sets the search has met.
    pub fn met(&self) -> usize {
        self.known.len()
    }
}

/// Whether the coins of `on` make one group, each joined to the next
/// side by side.
pub fn joined(on: u32) -> bool {
    group_of(on, on & on.wrapping_neg()) == on
}

/// The coins of `on` joined to those of `seed`, side by side.
pub fn group_of(on: u32, seed: u32) -> u32 {
    // A step right never lands on file a, nor a step left on file f.
    const NOT_A: u32 = FULL & !(1 | 1 << 6 | 1 << 12 | 1 << 18);
    const NOT_F: u32 = FULL & !(1 << 5 | 1 << 11 | 1 << 17 | 1 << 23);
    let mut group = seed;
    loop {
        let more =
            (group | (group << 1 & NOT_A) | (group >> 1 & NOT_F) | group << 6 | group >> 6) & on;
        if more == group {
            return group;
        }
        group = more;
    }
}

/// Every set of spaces the search has met, by the set itself: a set is
/// 24 bits, so a table of two bits a set (met, won; 4 MiB) holds what a
/// hash map did without hashing, one cache line a look (the memo took
/// 41% of a level deal). It is allocated zeroed, so the system hands out
/// only the pages a search touches.
struct Memo {
    bits: Vec<u64>,
    len: usize,
}

const MET: u64 = 1;
const WON: u64 = 2;

impl Memo {
    fn new() -> Memo {
        Memo {
            bits: vec![0; 1 << (SPACES - 5)],
            len: 0,
        }
    }

    fn at(on: u32) -> (usize, u32) {
        ((on >> 5) as usize, (on & 31) * 2)
    }

    fn get(&self, on: u32) -> Option<bool> {
        let (word, shift) = Memo::at(on);
        let b = self.bits[word] >> shift;
        (b & MET != 0).then_some(b & WON != 0)
    }

    fn insert(&mut self, on: u32, won: bool) {
        let (word, shift) = Memo::at(on);
        if (self.bits[word] >> shift) & MET == 0 {
            self.len += 1;
        }
        self.bits[word] &= !((MET | WON) << shift);
        self.bits[word] |= (MET | if won { WON } else { 0 }) << shift;
    }

    /// A set lost at sight: remembered, so it is not looked at again,
    /// but not counted among the sets the search has met (which counts
    /// the sets it went into).
    fn dead(&mut self, on: u32) {
        let (word, shift) = Memo::at(on);
        self.bits[word] |= MET << shift;
    }

    fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::super::fewest::Fewest;
    use super::super::grid::{Coins, FULL};
    use super::super::sums::Ops;
    use super::*;
    use crate::random::TableRng;

    /// Coins left in the positions compared.
    const LEFT: u32 = 15;

    /// Seeds of deals with a way down to one coin (`TableRng::new(seed)`,
    /// `Coins::deal`), as the solver found them among the first 60: about
    /// one deal in five has one.
    const WINNABLE: [u64; 12] = [3, 5, 14, 18, 22, 26, 32, 40, 46, 49, 53, 54];

    /// The solver and the plain search agree on 20 deals (`TABLEMATE_FULL_PROOFS`:
    /// 200), each from a position of 15 coins (where the plain search
    /// meets at most 2^15 sets; `benches/solvers.rs` holds the two to each
    /// other from the deal on 200 more): every other one reached by random
    /// play, most of them lost, the rest by random winning moves from a
    /// deal that has a way down, so won. The fewest coins each can come
    /// down to (`Fewest`) agree as well.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let deals = crate::proof_sample(20, 200);
        let (mut won, mut lost) = (0, 0);
        let mut seed = 0;
        while won + lost < deals {
            seed += 1;
            let winning = (won + lost) % 2 == 1;
            let mut rng = TableRng::new(if winning {
                WINNABLE[(won + lost) / 2 % WINNABLE.len()]
            } else {
                seed
            });
            let coins = Coins::deal(|v| rng.shuffle(v));
            let sums = Sums::of(&coins, Ops::ALL);
            let mut walk = Search::new(&sums);
            let mut rng = TableRng::new(seed);
            let mut on = FULL;
            while on.count_ones() > LEFT {
                let mut can: Vec<Space> = Space::of(sums.removable(on)).collect();
                rng.shuffle(&mut can);
                // A winning walk takes the first coin, in a random order,
                // that keeps a way down.
                let next = can
                    .into_iter()
                    .find(|s| !winning || walk.wins(on & !s.bit()));
                let Some(next) = next else {
                    break;
                };
                on &= !next.bit();
            }
            if on.count_ones() != LEFT {
                continue;
            }
            let plain = super::super::plain::wins(&coins, on, false);
            let mut search = Search::new(&sums);
            assert_eq!(search.wins(on), plain, "{coins} from {on:024b}");
            // The fewest coins left, where one cannot be: the same, and
            // a line legal by the rules that comes down to them.
            let mut fewest = Fewest::new(&sums);
            let least = super::super::plain::fewest(&coins, on);
            assert_eq!(fewest.from(on), least, "{coins} from {on:024b}");
            let mut at = on;
            for s in fewest.line(on) {
                assert!(sums.removable(at) & s.bit() != 0);
                at &= !s.bit();
            }
            assert_eq!(at.count_ones(), least, "{coins} from {on:024b}");
            if let Some(line) = search.line(on) {
                // The line is legal by the plain search's own moves too.
                let mut at = on;
                for s in line {
                    assert!(sums.removable(at) & s.bit() != 0);
                    at &= !s.bit();
                }
                assert_eq!(at.count_ones(), 1);
                won += 1;
            } else {
                lost += 1;
            }
        }
        println!("{won} won, {lost} lost");
        assert!(
            won > 0 && lost > 0,
            "{won} won, {lost} lost: the sample proves both"
        );
    }
}
