//! The fewest coins a position can be brought down to. About four deals
//! in five have no way down to one coin (proved by `Search`), and there
//! the table plays for the fewest: this says how few, and which coin
//! keeps it. Exact: it asks "down to k coins?" for k from the least the
//! position could ever leave (`Fewest::floor`) upward, and each search
//! passes over a set whose own least is above k, and every set it has
//! proved cannot come down to k; the first k that is reached is the
//! fewest, and each smaller one was proved out of reach.

use super::grid::{SPACES, Space, Sums};
use super::solve::group_of;

pub struct Fewest<'a> {
    sums: &'a Sums,
    /// By set: the most coins it is proved it cannot come down to, plus
    /// one (0: nothing proved). A set is 24 bits, so a table of a byte a
    /// set (16 MiB, allocated zeroed: the system hands out only the
    /// pages a search touches) looks up without hashing.
    above: Vec<u8>,
    met: usize,
    /// The most sets a search may go into before it gives up
    /// (`usize::MAX`: never), and whether it has.
    limit: usize,
    gave_up: bool,
}

impl<'a> Fewest<'a> {
    pub fn new(sums: &'a Sums) -> Fewest<'a> {
        Fewest {
            sums,
            above: vec![0; 1 << SPACES],
            met: 0,
            limit: usize::MAX,
            gave_up: false,
        }
    }

    /// Sets `Search` proved cannot come down to one coin: a search from
    /// one of them starts at two.
    pub fn lost(&mut self, sets: &[u32]) -> &mut Fewest<'a> {
        for &on in sets {
            self.above[on as usize] = self.above[on as usize].max(2);
        }
        self
    }

    /// The fewest coins that can be left from `on`: the least `k` it can
    /// come down to, asked from the fewest any set of its groups could
    /// leave upward, so each "no" is proved in a search bounded by `k`.
    pub fn from(&mut self, on: u32) -> u32 {
        let mut k = self.floor(on, self.sums.removable(on));
        while !self.reaches(on, k) && !self.gave_up {
            k += 1;
        }
        k
    }

    /// What `ask` finds, if the search it makes goes into at most
    /// `budget` more sets (`None`: it gave up). What it proved before
    /// giving up is kept, and nothing it did not.
    pub fn within<T>(&mut self, budget: usize, ask: impl FnOnce(&mut Self) -> T) -> Option<T> {
        self.limit = self.met.saturating_add(budget);
        let found = ask(self);
        let told = (!self.gave_up).then_some(found);
        self.limit = usize::MAX;
        self.gave_up = false;
        told
    }

    /// A coin whose taking from `on` keeps the fewest within reach.
    pub fn keeping(&mut self, on: u32) -> Option<Space> {
        let goal = self.from(on);
        Space::of(self.sums.removable(on)).find(|s| self.reaches(on & !s.bit(), goal))
    }

    /// The coins to take from `on`, in order, down to the fewest.
    pub fn line(&mut self, mut on: u32) -> Vec<Space> {
        let mut line = Vec::new();
        while let Some(s) = self.keeping(on) {
            line.push(s);
            on &= !s.bit();
        }
        line
    }

    /// How many sets the search has gone into.
    pub fn met(&self) -> usize {
        self.met
    }

    /// At least how many coins stay, whatever is taken (`can`: the coins
    /// that may be taken now), group by group. No string joins two
    /// groups, so each keeps a coin; it keeps two unless two equal coins
    /// in it lie side by side (from two coins, only `x=x` is an
    /// equation); a coin no open sum takes now never goes (sums only
    /// ever close), nor does one of two locked together
    /// (`Sums::locked_pairs`).
    fn floor(&self, on: u32, can: u32) -> u32 {
        self.floor_of(on, !can | self.sums.locked_pairs(on, can, SPACES as u32))
    }

    /// Whether `floor` is above `k`: the locked pairs (the dearer part)
    /// are looked for only when the rest leaves `k` within reach.
    fn floor_over(&self, on: u32, can: u32, k: u32) -> bool {
        self.floor_of(on, !can) > k || self.floor(on, can) > k
    }

    /// The least coins of `on` that stay, group by group, where the coins
    /// of `stay` never go.
    fn floor_of(&self, mut on: u32, stay: u32) -> u32 {
        let mut floor = 0;
        while on != 0 {
            let group = group_of(on, on & on.wrapping_neg());
            on &= !group;
            let least = if group.count_ones() == 1 || self.sums.has_pair(group) {
                1
            } else {
                2
            };
            floor += least.max((group & stay).count_ones());
        }
        floor
    }

    /// Whether `on` can come down to `k` coins or fewer.
    fn reaches(&mut self, on: u32, k: u32) -> bool {
        if on.count_ones() <= k {
            return true;
        }
        if k < u32::from(self.above[on as usize]) {
            return false;
        }
        if self.met >= self.limit {
            self.gave_up = true;
        }
        if self.gave_up {
            return false;
        }
        self.met += 1;
        let can = self.sums.removable(on);
        let reached =
            !self.floor_over(on, can, k) && Space::of(can).any(|s| self.reaches(on & !s.bit(), k));
        // A search that gave up below proved nothing here.
        if !reached && !self.gave_up {
            // At most 24 coins, so it fits a byte with room for the mark.
            self.above[on as usize] = k as u8 + 1;
        }
        reached
    }
}
