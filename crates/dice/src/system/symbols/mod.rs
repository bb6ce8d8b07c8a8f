//! Symbol dice: dice whose faces show symbols, not numbers, read by
//! what is left once pairs of symbols cancel. Genesys's narrative dice
//! are one set (`narrative`); a rule file may declare its own in its
//! `dice:` list:
//!
//! ```yaml
//! dice:
//!   - name: saga
//!     title: Saga dice
//!     symbols:
//!       - {letter: s, name: success, plural: successes, cancels: f}
//!       - {letter: f, name: failure, plural: failures}
//!       - {letter: a, name: advantage, plural: advantage, cancels: t}
//!       - {letter: t, name: threat, plural: threat}
//!       - {letter: T, name: triumph, counts_as: s}
//!     kinds:
//!       - {letter: g, name: good, faces: ["", s, s, sa, a, T]}
//!       - {letter: b, name: bad, faces: ["", f, f, t, ft, t]}
//!     succeeds: s
//! ```
//!
//! `roll saga 2g 1b` rolls two good dice and a bad one. A symbol that
//! `cancels` another takes one of it away for each it meets; one that
//! `counts_as` another also counts as one of that (a triumph is a success
//! too) and is kept whatever cancels. With `succeeds`, the roll succeeds
//! when at least one of that symbol is left. `prob saga 2g 1b` gives the
//! exact chance of every net outcome.
//!
//! The helpers first (reading a pool, rolling it, showing it, counting
//! its outcomes) serve both the declared sets and the built-in narrative
//! dice.

mod declare;
pub mod pool;
mod span;

use num_bigint::BigUint;
use num_traits::Zero;

use declare::MAX_SYMBOLS;
pub use declare::{KindDecl, SymbolDecl};
use pool::{Budget, Counted, DieView, Stopped, alike, count, parse_pool, pool_words, roll, shown};

use super::Read;
use crate::DiceError;
use crate::random::TableRng;

/// What `prob` may take before it refuses, in counting steps: on 160
/// random pools a step took 53 to 70 ns (more where millions of outcomes
/// no longer fit the caches), so 30 million is 1.6 to 2.1 s, about the 2
/// s a player waits. The estimate can run 12% over, so a pool refused may
/// have taken 1.5 s.
pub const BUDGET: u64 = 30_000_000;

/// What showing an outcome as text costs, in counting steps: the text
/// picks its forty likeliest (about 80 ns an outcome).
pub const SHOWN_AS_TEXT: u64 = 2;

/// What listing an outcome as JSON costs, in counting steps: `--json`
/// words and reduces every one (about 2.2 us).
pub const LISTED_AS_JSON: u64 = 40;

/// Whether `--json` would list every outcome of a count that took
/// `steps` within the budget, for the text to offer it only then.
fn listable(steps: u64, outcomes: usize) -> bool {
    (outcomes as u64)
        .saturating_mul(LISTED_AS_JSON)
        .saturating_add(steps)
        <= BUDGET
}

/// One symbol as declared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    pub letter: char,
    pub name: String,
    pub plural: String,
}

/// What one symbol adds up: its own count, or one side of a cancelling
/// pair (a success up, a failure down).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Track {
    /// The symbol counted up.
    up: usize,
    /// The symbol that counts it down, if the pair cancels.
    down: Option<usize>,
}

/// One kind of die as declared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kind {
    pub letter: char,
    pub name: String,
    pub faces: Vec<String>,
    /// Each face as what it adds to each track (the tracks past the
    /// set's own stay 0).
    moves: Vec<Net>,
}

/// A set of symbol dice as its rule file declares it, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymbolDice {
    pub name: String,
    pub title: String,
    pub symbols: Vec<Symbol>,
    tracks: Vec<Track>,
    pub kinds: Vec<Kind>,
    /// The track whose symbol, left over, makes the roll a success, and
    /// the side it counts on (1 up, -1 down).
    succeeds: Option<(usize, i64)>,
}

/// What a face adds to each track, and an outcome while it is counted:
/// what is left on each. At most 100 dice of at most 10 symbols a face
/// keep every track within an i16.
type Net = [i16; MAX_SYMBOLS];

/// One roll of a declared set: how many of each kind.
#[derive(Debug, Clone)]
pub struct SymbolRoll {
    pub dice: SymbolDice,
    pub pool: Vec<u8>,
}

impl SymbolDice {
    /// The kinds as the shared helpers see them.
    fn views(&self) -> Vec<DieView<'_>> {
        self.kinds
            .iter()
            .map(|k| DieView {
                name: &k.name,
                letter: k.letter,
                faces: k.faces.iter().map(String::as_str).collect(),
            })
            .collect()
    }

    /// `saga 2g 1b` for this set: the roll, or why the pool is not one.
    /// `None` if the line names another.
    pub fn read_line(&self, line: &str) -> Option<Result<SymbolRoll, DiceError>> {
        let (name, rest) = super::name::split_name(line)?;
        if !name.eq_ignore_ascii_case(&self.name) {
            return None;
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let example = format!(
            "{} {}",
            self.name,
            self.kinds
                .iter()
                .map(|k| format!("2{}", k.letter))
                .collect::<String>()
        );
        Some(
            parse_pool(&words, &self.views(), &example)
                .map(|pool| SymbolRoll {
                    dice: self.clone(),
                    pool,
                })
                .map_err(|message| DiceError {
                    input: line.trim().to_string(),
                    pos: None,
                    message,
                }),
        )
    }

    /// A net outcome in words: `success (2 successes, 1 advantage)`,
    /// `failure (1 threat)`, `1 failure`, `nothing left`.
    pub fn words(&self, net: &[i64]) -> String {
        let parts: Vec<String> = self
            .tracks
            .iter()
            .zip(net)
            .filter(|(_, n)| **n != 0)
            .map(|(t, &n)| {
                let s = &self.symbols[if n > 0 { t.up } else { t.down.unwrap_or(t.up) }];
                let n = n.unsigned_abs();
                format!("{n} {}", if n == 1 { &s.name } else { &s.plural })
            })
            .collect();
        match (self.succeeds, parts.is_empty()) {
            (None, true) => "nothing left".into(),
            (None, false) => parts.join(", "),
            (Some((t, side)), true) => verdict(net[t] * side).into(),
            (Some((t, side)), false) => {
                format!("{} ({})", verdict(net[t] * side), parts.join(", "))
            }
        }
    }

    /// Each side a track can be left on, as the symbol's name and
    /// whether the count is up: `success` up, `failure` down.
    fn sides(&self) -> Vec<(usize, bool)> {
        self.tracks
            .iter()
            .enumerate()
            .flat_map(|(i, t)| std::iter::once((i, true)).chain(t.down.map(|_| (i, false))))
            .collect()
    }
}

fn verdict(n: i64) -> &'static str {
    if n > 0 { "success" } else { "failure" }
}

/// The exact chance of each net outcome of a declared set's pool: every
/// outcome best first (the first track's most, then the next's), and
/// beside them the chance of a success and of each symbol being left.
///
/// The outcomes are kept as counted and put in words one at a time, when
/// shown: a pool can have millions, the text shows forty, and wording
/// and reducing every one took four times as long as counting them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymbolOdds {
    dice: SymbolDice,
    /// Best first.
    nets: Vec<(Net, BigUint)>,
    pub also: Vec<(String, BigUint)>,
    pub denom: BigUint,
    /// Whether listing every outcome as JSON is within the budget.
    pub listable: bool,
}

impl SymbolOdds {
    /// How many net outcomes the pool has.
    pub fn outcome_count(&self) -> usize {
        self.nets.len()
    }

    /// The `i`th outcome (best first) in words.
    pub fn words(&self, i: usize) -> String {
        let tracks = self.dice.tracks.len();
        let net: Vec<i64> = self.nets[i].0[..tracks].iter().map(|&n| n.into()).collect();
        self.dice.words(&net)
    }

    /// The rolls (of `denom`) that give the `i`th outcome.
    pub fn ways(&self, i: usize) -> &BigUint {
        &self.nets[i].1
    }

    /// Every outcome in words with its ways, best first.
    pub fn outcomes(&self) -> impl Iterator<Item = (String, &BigUint)> {
        (0..self.outcome_count()).map(|i| (self.words(i), self.ways(i)))
    }

    /// The `n` likeliest outcomes, kept in their order (best first); of
    /// outcomes as likely, the better. Picked without sorting them all.
    pub fn likeliest(&self, n: usize) -> Vec<usize> {
        let mut picked: Vec<usize> = (0..self.outcome_count()).collect();
        let order = |a: &usize, b: &usize| self.ways(*b).cmp(self.ways(*a)).then(a.cmp(b));
        if n < picked.len() {
            picked.select_nth_unstable_by(n, order);
            picked.truncate(n);
        }
        picked.sort_unstable();
        picked
    }
}

impl SymbolRoll {
    /// The line in its usual form (`saga 2g1b`).
    pub fn line(&self) -> String {
        let pool: String = self
            .dice
            .kinds
            .iter()
            .zip(&self.pool)
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| format!("{n}{}", k.letter))
            .collect();
        format!("{} {pool}", self.dice.name)
    }

    /// What is rolled, in words (for `prob`'s heading).
    pub fn dice_words(&self) -> String {
        pool_words(&self.dice.views(), &self.pool)
    }

    /// The net outcome of the faces rolled (numbered from 1, kind by
    /// kind, as `roll` gives them), and the dice shown.
    pub fn read(&self, faces: &[i64]) -> (Vec<i64>, String) {
        let (shown, dice) = shown(&self.dice.views(), &self.pool, faces);
        let mut net = vec![0; self.dice.tracks.len()];
        for (k, f) in dice {
            for (n, by) in net.iter_mut().zip(&self.dice.kinds[k].moves[f]) {
                *n += i64::from(*by);
            }
        }
        (net, shown)
    }

    /// Roll it and read it: the total is how many of the symbol that
    /// succeeds are left (negative: of the one that cancels it), else of
    /// the first symbol.
    pub fn roll(&self, rng: &mut TableRng) -> Read {
        let faces = roll(&self.dice.views(), &self.pool, rng);
        let (net, _) = self.read(&faces);
        Read {
            expr: self.line(),
            system: self.dice.title.clone(),
            total: self.dice.succeeds.map_or(net[0], |(t, side)| net[t] * side),
            result: self.dice.words(&net),
            dice: faces,
        }
    }

    /// The dimensions spanned by the faces every kind in the pool shows.
    fn shared_span(&self) -> usize {
        let kinds = &self.dice.kinds;
        let mut rolled = (0..kinds.len()).filter(|&k| self.pool[k] > 0);
        let first = rolled.next().expect("a pool has a die");
        let shared: Vec<Net> = kinds[first]
            .moves
            .iter()
            .filter(|m| rolled.clone().all(|k| kinds[k].moves.contains(m)))
            .copied()
            .collect();
        span::dimension(&shared)
    }

    /// Every net outcome with its ways, and the rolls, within `budget`.
    /// Each outcome is counted as a fixed array on the stack
    /// (`Net`), not a vector: a count makes millions of them, and the
    /// allocations were most of its time.
    fn count_within(&self, budget: Budget) -> Result<Counted<Net>, Stopped> {
        let kinds = &self.dice.kinds;
        let faces: Vec<_> = kinds.iter().map(|k| alike(&k.moves)).collect();
        // A floor under the outcomes, which refuses a pool of like dice
        // too large before counting any of it.
        let span = self.shared_span();
        count(
            &faces,
            &self.pool,
            [0; MAX_SYMBOLS],
            |net, k, f| {
                let mut after = *net;
                for (n, by) in after.iter_mut().zip(&kinds[k].moves[f]) {
                    *n += by;
                }
                after
            },
            budget,
            |j| span::simplex_sums(j, span),
        )
    }

    /// Every net outcome's exact chance, or how long counting and showing
    /// them would take, showing each costing `per_outcome` steps (or
    /// that Ctrl-C stopped the count).
    pub fn odds(&self, per_outcome: u64) -> Result<SymbolOdds, Stopped> {
        let Counted {
            outcomes,
            rolls: denom,
            steps,
        } = self.count_within(Budget {
            steps: BUDGET,
            per_outcome,
            cancellable: true,
        })?;
        let mut also = Vec::new();
        if let Some((t, side)) = self.dice.succeeds {
            let ways: BigUint = outcomes
                .iter()
                .filter(|(net, _)| i64::from(net[t]) * side > 0)
                .map(|(_, w)| w)
                .sum();
            also.push(("success".to_string(), ways));
        }
        for (t, up) in self.dice.sides() {
            // The symbol that succeeds has its line above.
            if self.dice.succeeds == Some((t, if up { 1 } else { -1 })) {
                continue;
            }
            let ways: BigUint = outcomes
                .iter()
                .filter(|(net, _)| if up { net[t] > 0 } else { net[t] < 0 })
                .map(|(_, w)| w)
                .sum();
            let track = &self.dice.tracks[t];
            let symbol = if up {
                track.up
            } else {
                track.down.unwrap_or(track.up)
            };
            // A symbol no die in the pool can leave is not worth a line.
            if !ways.is_zero() {
                also.push((
                    format!("at least 1 {} left", self.dice.symbols[symbol].name),
                    ways,
                ));
            }
        }
        let listable = listable(steps, outcomes.len());
        let mut nets = outcomes;
        nets.reverse();
        Ok(SymbolOdds {
            dice: self.dice.clone(),
            nets,
            also,
            denom,
            listable,
        })
    }
}

/// The example's symbols: successes cancel failures, advantages threats,
/// a triumph is a success too and stays.
fn example_symbols() -> Vec<SymbolDecl<'static>> {
    let mut symbols = vec![
        SymbolDecl::new("s", "success", Some("f"), None),
        SymbolDecl::new("f", "failure", None, None),
        SymbolDecl::new("a", "advantage", Some("t"), None),
        SymbolDecl::new("t", "threat", None, None),
        SymbolDecl::new("T", "triumph", None, Some("s")),
    ];
    symbols[2].plural = Some("advantage");
    symbols[3].plural = Some("threat");
    symbols
}

/// A worked example (the guide's `saga` dice, and tests here and in the
/// program): the saga symbols on a good die and a bad one.
pub fn example() -> SymbolDice {
    let good: Vec<String> = ["", "s", "s", "sa", "a", "T"].map(String::from).to_vec();
    let bad: Vec<String> = ["", "f", "f", "t", "ft", "t"].map(String::from).to_vec();
    SymbolDice::new(
        "saga",
        Some("Saga dice"),
        &example_symbols(),
        &[
            KindDecl {
                letter: "g",
                name: "good",
                faces: &good,
            },
            KindDecl {
                letter: "b",
                name: "bad",
                faces: &bad,
            },
        ],
        Some("s"),
    )
    .unwrap()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    /// The steps a count refused as too long would take.
    fn too_long(stopped: Stopped) -> u64 {
        match stopped {
            Stopped::TooLong { steps } => steps,
            Stopped::Cancelled => panic!("nothing cancels a test"),
        }
    }

    fn decl<'a>(
        letter: &'a str,
        name: &'a str,
        cancels: Option<&'a str>,
        counts_as: Option<&'a str>,
    ) -> SymbolDecl<'a> {
        SymbolDecl::new(letter, name, cancels, counts_as)
    }

    use super::example as saga;

    #[test]
    fn symbols_cancel_in_pairs_and_a_triumph_stays() {
        let saga = saga();
        let roll = saga.read_line("saga 2g 1b").unwrap().unwrap();
        assert_eq!(roll.pool, [2, 1]);
        assert_eq!(roll.line(), "saga 2g1b");
        assert_eq!(roll.dice_words(), "2 good, 1 bad");
        // good "sa" and a triumph, bad "ft": 2 successes less 1 failure,
        // 1 advantage less 1 threat, the triumph kept.
        let (net, shown) = roll.read(&[4, 6, 5]);
        assert_eq!(shown, "good [sa, T] bad [ft]");
        assert_eq!(net, [1, 0, 1]);
        assert_eq!(saga.words(&net), "success (1 success, 1 triumph)");
        let (net, shown) = roll.read(&[1, 1, 4]);
        assert_eq!(shown, "good [-, -] bad [t]");
        assert_eq!(saga.words(&net), "failure (1 threat)");
        let (net, _) = roll.read(&[1, 1, 1]);
        assert_eq!(saga.words(&net), "failure");
        let (net, _) = roll.read(&[2, 3, 1]);
        assert_eq!(saga.words(&net), "success (2 successes)");
    }

    /// Hand-counted: one good die against one bad, 36 rolls. Successes
    /// left: s or sa or T against a blank or t (3 x 3 = 9 ways), sa or T
    /// ... counted below face by face.
    #[test]
    fn odds_count_every_roll() {
        let saga = saga();
        let roll = saga.read_line("saga g b").unwrap().unwrap();
        let odds = roll.odds(SHOWN_AS_TEXT).unwrap();
        assert_eq!(odds.denom, BigUint::from(36u32));
        let total: BigUint = odds.outcomes().map(|(_, w)| w).sum();
        assert_eq!(total, BigUint::from(36u32));
        // A success needs more s (with T) than f: good s/s/sa/T (4 faces)
        // against bad blank/t/t (3) is 12, against f/f/ft (3) none.
        let success = &odds.also[0];
        assert_eq!(success, &("success".to_string(), BigUint::from(12u32)));
        // Every outcome against listing all 36 rolls.
        let mut listed: BTreeMap<String, u32> = BTreeMap::new();
        for g in 1..=6 {
            for b in 1..=6 {
                let (net, _) = roll.read(&[g, b]);
                *listed.entry(saga.words(&net)).or_default() += 1;
            }
        }
        let counted: BTreeMap<String, u32> = odds
            .outcomes()
            .map(|(w, c)| (w, u32::try_from(c).unwrap()))
            .collect();
        assert_eq!(counted, listed);
        // Best first: the most successes lead.
        assert_eq!(odds.words(0), "success (1 success, 1 advantage)");
    }

    /// The likeliest outcomes, picked without sorting them all, are the
    /// first of them all sorted by ways (the better first among equals),
    /// given back best first; asking for more than there are gives all.
    #[test]
    fn the_likeliest_are_picked_as_a_sort_would() {
        let odds = saga()
            .read_line("saga 3g2b")
            .unwrap()
            .unwrap()
            .odds(SHOWN_AS_TEXT)
            .unwrap();
        let mut sorted: Vec<usize> = (0..odds.outcome_count()).collect();
        sorted.sort_by(|&a, &b| odds.ways(b).cmp(odds.ways(a)).then(a.cmp(&b)));
        // Equal ways do occur, so the tie rule is tested.
        assert!(
            sorted
                .windows(2)
                .any(|w| odds.ways(w[0]) == odds.ways(w[1]))
        );
        for n in 0..=odds.outcome_count() + 1 {
            let mut first: Vec<usize> = sorted.iter().copied().take(n).collect();
            first.sort_unstable();
            assert_eq!(odds.likeliest(n), first, "{n}");
        }
    }

    /// A count is offered as JSON while counting it and listing every
    /// outcome at 40 steps each stays within the budget.
    #[test]
    fn json_is_offered_within_the_budget() {
        assert!(listable(BUDGET - 40 * 1000, 1000));
        assert!(!listable(BUDGET - 40 * 1000 + 1, 1000));
        assert!(!listable(0, usize::MAX));
        let odds = saga()
            .read_line("saga g b")
            .unwrap()
            .unwrap()
            .odds(SHOWN_AS_TEXT)
            .unwrap();
        assert!(odds.listable);
    }

    /// A pair counts up by the symbol declared first, whichever names
    /// the other; `succeeds` may name either side.
    #[test]
    fn a_pair_counts_up_by_its_first_symbol() {
        let faces: Vec<String> = ["", "h", "e", "he"].map(String::from).to_vec();
        let set = |succeeds| {
            SymbolDice::new(
                "xw",
                None,
                &[
                    decl("h", "hit", None, None),
                    decl("e", "evade", Some("h"), None),
                ],
                &[KindDecl {
                    letter: "d",
                    name: "die",
                    faces: &faces,
                }],
                succeeds,
            )
            .unwrap()
        };
        let plain = set(None);
        let roll = plain.read_line("xw 2d").unwrap().unwrap();
        let odds = roll.odds(SHOWN_AS_TEXT).unwrap();
        let order: Vec<String> = odds.outcomes().map(|(w, _)| w).collect();
        assert_eq!(
            order,
            ["2 hits", "1 hit", "nothing left", "1 evade", "2 evades"]
        );
        let (net, _) = roll.read(&[2, 3]);
        assert_eq!(plain.words(&net), "nothing left");
        // Evades left make the success: two blanks fail, an evade passes.
        let evading = set(Some("evade"));
        let roll = evading.read_line("xw 2d").unwrap().unwrap();
        let (net, _) = roll.read(&[1, 3]);
        assert_eq!(evading.words(&net), "success (1 evade)");
        let (net, _) = roll.read(&[2, 1]);
        assert_eq!(evading.words(&net), "failure (1 hit)");
        let odds = roll.odds(SHOWN_AS_TEXT).unwrap();
        // An evade left: e or he against - or e or he... counted: of the
        // 16 rolls, evades outnumber hits in 5 (e-, -e, ee, e+he, he+e).
        assert_eq!(odds.also[0], ("success".into(), BigUint::from(5u32)));
        assert_eq!(odds.also[1].0, "at least 1 hit left");
    }

    /// The saga symbols on three kinds, `x`, `y` and `z`, of these faces.
    fn three_kinds(kinds: &[Vec<String>]) -> SymbolDice {
        let decls: Vec<KindDecl> = ["x", "y", "z"]
            .iter()
            .zip(kinds)
            .map(|(letter, faces)| KindDecl {
                letter,
                name: letter,
                faces,
            })
            .collect();
        SymbolDice::new("saga", None, &example_symbols(), &decls, Some("s")).unwrap()
    }

    proptest::proptest! {
        /// The floor from the faces all kinds share is never more than
        /// the outcomes there are, before any die. Faces from few
        /// symbols, so that kinds often share some.
        #[test]
        fn the_shared_faces_floor_is_never_over(
            kinds in proptest::collection::vec(
                proptest::collection::vec("(|s|a|sa|ss|st|aa|t|T)", 2..7),
                3,
            ),
            pool in proptest::collection::vec(0u8..5, 3),
        ) {
            proptest::prop_assume!(pool.iter().any(|&n| n > 0));
            let set = three_kinds(&kinds);
            let line = format!("saga {}x{}y{}z", pool[0], pool[1], pool[2]);
            let roll = set.read_line(&line).unwrap().unwrap();
            let span = roll.shared_span();
            for (j, &(n, _)) in outcomes_before(&roll).iter().enumerate() {
                let floor = span::simplex_sums(j, span);
                proptest::prop_assert!(floor <= n as u64, "die {j}: {floor} over {n}");
            }
        }

        /// The count (faces that show the same taken once, kinds in
        /// turn) against every roll listed, for random faces on the saga
        /// set's symbols: three kinds, up to four dice.
        #[test]
        fn odds_agree_with_every_roll_listed(
            kinds in proptest::collection::vec(
                proptest::collection::vec("(|s|f|a|t|T|sa|ft|TT|st)", 2..6),
                3,
            ),
            pool in proptest::collection::vec(0u8..3, 3),
        ) {
            proptest::prop_assume!(pool.iter().any(|&n| n > 0));
            proptest::prop_assume!(pool.iter().sum::<u8>() <= 4);
            let set = three_kinds(&kinds);
            let line = format!("saga {}x{}y{}z", pool[0], pool[1], pool[2]);
            let roll = set.read_line(&line).unwrap().unwrap();
            let odds = roll.odds(SHOWN_AS_TEXT).unwrap();
            // Every roll: each die's face, kind by kind, numbered from 1.
            let sides: Vec<usize> = (0..3)
                .flat_map(|k| std::iter::repeat_n(kinds[k].len(), usize::from(pool[k])))
                .collect();
            let mut listed: BTreeMap<String, BigUint> = BTreeMap::new();
            let mut faces = vec![1i64; sides.len()];
            loop {
                let (net, _) = roll.read(&faces);
                *listed.entry(set.words(&net)).or_insert_with(BigUint::zero) += 1u32;
                let Some(d) = (0..faces.len()).find(|&d| faces[d] < sides[d] as i64) else {
                    break;
                };
                faces[d] += 1;
                for f in &mut faces[..d] {
                    *f = 1;
                }
            }
            let counted: BTreeMap<String, BigUint> =
                odds.outcomes().map(|(w, c)| (w, c.clone())).collect();
            proptest::prop_assert_eq!(counted, listed);
            let rolls: usize = sides.iter().product();
            proptest::prop_assert_eq!(odds.denom, BigUint::from(rolls));
        }
    }

    #[test]
    fn too_much_counting_is_refused_with_its_size() {
        // Ten symbols; a face shows the first one to ten of them, so each
        // die has ten different faces and a pool's outcomes grow as the
        // ninth power of its dice. (One symbol of 0 to 9 marks a face
        // counted 100 dice in a blink: a hundred totals at most.)
        let letters = "abcdefghij";
        let faces: Vec<String> = (0..100)
            .map(|i| letters[..1 + i % 10].to_string())
            .collect();
        let symbols: Vec<SymbolDecl> = (0..10)
            .map(|i| {
                decl(
                    &letters[i..=i],
                    ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"][i],
                    None,
                    None,
                )
            })
            .collect();
        let set = SymbolDice::new(
            "many",
            None,
            &symbols,
            &[KindDecl {
                letter: "m",
                name: "marker",
                faces: &faces,
            }],
            None,
        )
        .unwrap();
        let roll = set.read_line("many 4m").unwrap().unwrap();
        assert_eq!(
            roll.odds(SHOWN_AS_TEXT).unwrap().outcome_count(),
            715,
            "C(13, 4)"
        );
        let wide = SymbolDice {
            kinds: (0..10)
                .map(|i| Kind {
                    letter: char::from(b'a' + i),
                    ..set.kinds[0].clone()
                })
                .collect(),
            ..set
        };
        let roll = wide
            .read_line("many 10a10b10c10d10e10f10g10h10i10j")
            .unwrap()
            .unwrap();
        let steps = too_long(roll.odds(SHOWN_AS_TEXT).unwrap_err());
        assert!(steps > BUDGET, "{steps}");
        // Thirteen like dice: their shared faces span nine dimensions, so
        // the whole count is known before its first die, exactly:
        // 10 faces x (C(9,9) + C(10,9) + ... + C(21,9)) = 10 x C(22,10).
        // (Die by die, the estimate saw only 4.6 million, late.)
        let roll = wide.read_line("many 7a6b").unwrap().unwrap();
        let within = |steps| {
            roll.count_within(Budget {
                steps,
                ..Budget::NONE
            })
        };
        assert_eq!(too_long(within(4_000_000).unwrap_err()), 6_466_460);
        assert_eq!(steps_taken(&roll), 6_466_460);
        // Sixteen: 10 x C(25,10) = 32,687,600 steps, and the C(25,9) =
        // 2,042,975 outcomes they end with cost 2 steps each to show.
        let roll = wide.read_line("many 8a8b").unwrap().unwrap();
        let steps = too_long(roll.odds(SHOWN_AS_TEXT).unwrap_err());
        assert_eq!(steps, 32_687_600 + 2 * 2_042_975);
        // Fourteen are within the budget as text and not as JSON:
        // 10 x C(23,10) steps and C(23,9) outcomes, foreseen exactly.
        let roll = wide.read_line("many 7a7b").unwrap().unwrap();
        let cost = |per_outcome| {
            too_long(
                roll.count_within(Budget {
                    steps: 0,
                    per_outcome,
                    cancellable: false,
                })
                .unwrap_err(),
            )
        };
        assert_eq!(cost(SHOWN_AS_TEXT), 11_440_660 + 2 * 817_190);
        assert_eq!(cost(LISTED_AS_JSON), 11_440_660 + 40 * 817_190);
        assert!(cost(SHOWN_AS_TEXT) < BUDGET && cost(LISTED_AS_JSON) > BUDGET);
    }

    /// How many outcomes there are before each die, counted plainly (in
    /// the count's order, one die of each kind in turn), with the die's
    /// different faces.
    fn outcomes_before(roll: &SymbolRoll) -> Vec<(usize, usize)> {
        let kinds = &roll.dice.kinds;
        let most = roll.pool.iter().copied().max().unwrap_or(0);
        let mut outcomes = std::collections::BTreeSet::from([[0i16; MAX_SYMBOLS]]);
        let mut before = Vec::new();
        for round in 0..most {
            for (k, kind) in kinds.iter().enumerate() {
                if roll.pool[k] <= round {
                    continue;
                }
                let groups = alike(&kind.moves);
                before.push((outcomes.len(), groups.len()));
                outcomes = outcomes
                    .iter()
                    .flat_map(|net| {
                        groups
                            .iter()
                            .map(move |&(f, _)| std::array::from_fn(|t| net[t] + kind.moves[f][t]))
                    })
                    .collect();
            }
        }
        before
    }

    /// The steps a count takes: the outcomes before each die times its
    /// different faces.
    fn steps_taken(roll: &SymbolRoll) -> u64 {
        outcomes_before(roll)
            .iter()
            .map(|&(n, faces)| (n * faces) as u64)
            .sum()
    }

    #[test]
    fn bad_declarations_are_named() {
        let faces: Vec<String> = ["", "s"].map(String::from).to_vec();
        let kinds = |letter, faces| {
            vec![KindDecl {
                letter,
                name: "die",
                faces,
            }]
        };
        let err = SymbolDice::new(
            "x",
            None,
            &[
                decl("s", "success", Some("q"), None),
                decl("ab", "two", None, None),
                decl("T", "triumph", None, Some("T")),
            ],
            &kinds("d", &faces),
            Some("nope"),
        )
        .unwrap_err();
        assert_eq!(
            err,
            [
                "symbols: symbol 'two': letter 'ab': one letter, a to z or A to Z",
                "symbols: 'success' cancels 'q', which is not a symbol here",
                "symbols: 'triumph' cannot count as itself",
                "succeeds: 'nope' is not a symbol here; name the one that, left over, makes a success",
            ]
        );
        let bad_face: Vec<String> = ["", "sz"].map(String::from).to_vec();
        let err = SymbolDice::new(
            "x",
            None,
            &[
                decl("s", "success", Some("f"), None),
                decl("f", "failure", None, None),
            ],
            &kinds("dd", &bad_face),
            Some("f"),
        )
        .unwrap_err();
        assert_eq!(
            err,
            ["kinds: kind 'die': letter 'dd': one letter, a to z or A to Z"]
        );
        let err = SymbolDice::new(
            "x",
            None,
            &[
                decl("s", "success", Some("f"), None),
                decl("f", "failure", None, None),
            ],
            &kinds("d", &bad_face),
            None,
        )
        .unwrap_err();
        assert_eq!(
            err,
            ["kinds: 'die' has a face 'sz', and 'z' is not a symbol's letter"]
        );
        let one: Vec<String> = vec!["s".into()];
        let err = SymbolDice::new(
            "sr",
            None,
            &[decl("s", "success", None, None)],
            &kinds("d", &one),
            None,
        )
        .unwrap_err();
        assert_eq!(
            err,
            [
                "name 'sr' is a system tablemate knows already",
                "kinds: 'die' has 1 face; a die has 2 to 100",
            ]
        );
        let saga = saga();
        let bad = saga.read_line("saga 2g 1x").unwrap().unwrap_err();
        assert_eq!(bad.message, "'x' in '1x' is not a die: saga 2g2b");
        assert!(saga.read_line("sagas 2g").is_none());
    }
}
