//! The game: the bridge's cards and the troll, and its rules turn by
//! turn (the awakening, the troll's two actions, the bricks' flight, the
//! collapse check and who won). No I/O: dice rolls come in as numbers, and
//! each step returns what happened as typed events.
//!
//! A card the player has not shown the tool (a game laid with the
//! player's own deck) is written `?N`, a stand-in unique in its game,
//! until it is turned up and named.

use serde::{Deserialize, Serialize};

use super::bridge::{BRIDGES, DIRS, Row, SLOT_CARDS, Spot, beside, colour_name, dir_name};
use super::events::{Event, Tool, Whence};
use crate::games::compass::Dir;
use crate::games::error::{GameError, Unsound};
use crate::pieces::{Card, CardSuit};

/// The diary's variants, each an option of `setup troll`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Variants {
    /// The ace of diamonds is reusable like THE CLUB.
    pub diamond_ace: bool,
    /// The troll starts holding THE CLUB.
    pub club_start: bool,
    /// The troll starts with a card from the deck of awakening.
    pub gift: bool,
}

impl Variants {
    pub const NAMES: [&'static str; 4] = ["club-start", "diamond-ace", "gift", "toys"];

    /// Turn on a variant by name (`toys` is THE CLUB and a reusable ace
    /// of diamonds, both held from the start).
    pub fn set(&mut self, name: &str) -> Result<(), GameError> {
        match name.to_ascii_lowercase().as_str() {
            "club-start" | "club" => self.club_start = true,
            "diamond-ace" | "diamond" => self.diamond_ace = true,
            "gift" => self.gift = true,
            "toys" => {
                self.club_start = true;
                self.diamond_ace = true;
            }
            _ => {
                return Err(GameError::word(format!(
                    "'{name}' is not a troll variant: expected {}",
                    Variants::NAMES.join(", ")
                )));
            }
        }
        Ok(())
    }

    pub fn names(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.club_start && self.diamond_ace {
            v.push("toys");
        } else if self.club_start {
            v.push("club-start");
        } else if self.diamond_ace {
            v.push("diamond-ace");
        }
        if self.gift {
            v.push("gift");
        }
        v
    }
}

/// A card in the troll's hands, and whether it is awake (usable) or a
/// dormant brick to lay down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Held {
    pub card: String,
    pub awake: bool,
}

/// Where a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Cards are to be played into the stacks.
    #[default]
    Awaken,
    /// A brick the tool does not know woke: the player must name it.
    Name,
    /// The troll's two actions.
    Act,
    /// The game is over.
    Over,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    pub troll_won: bool,
    /// Cards left in the deck of awakening: lower is better.
    pub score: usize,
    pub why: String,
    /// A troll win with no empty slot on the bridge.
    #[serde(default)]
    pub perfect: bool,
}

/// The game. Cards are stored in notation (`?N` for one not yet seen).
/// Fields after `troll_slot` came with play-along; a game saved before has
/// none of them and reads back as a game about to start its first turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Troll {
    /// Cards per slot, bottom first: `upper[i]` is slot i+1 of the upper
    /// row, and its last card is the brick on top.
    pub upper: Vec<Vec<String>>,
    pub lower: Vec<Vec<String>>,
    /// The deck of awakening, top first.
    pub deck: Vec<String>,
    /// Cards played into the stacks so far, in order.
    pub played: Vec<String>,
    /// The colour of the lower stack: red or not.
    pub lower_red: bool,
    /// The troll's slot (1..=6), in `troll_row`.
    pub troll_slot: u8,
    #[serde(default)]
    pub troll_row: Row,
    #[serde(default = "standard_bridge")]
    pub bridge: usize,
    #[serde(default)]
    pub variants: Variants,
    /// The cards were dealt by the player, not by the tool: unseen cards
    /// are stand-ins, and each card drawn must be named.
    #[serde(default)]
    pub table: bool,
    /// Bricks face up on the bridge (each the top of its slot).
    #[serde(default)]
    pub awake: Vec<String>,
    #[serde(default)]
    pub held: Vec<Held>,
    /// Set aside for the next awakening phase, in order.
    #[serde(default)]
    pub aside: Vec<String>,
    /// Set-aside cards still to play in this awakening phase.
    #[serde(default)]
    pub pending: Vec<String>,
    /// This awakening phase draws a card from the deck.
    #[serde(default = "yes")]
    pub draw: bool,
    #[serde(default)]
    pub phase: Phase,
    #[serde(default = "first_turn")]
    pub turn: u32,
    /// Actions taken this turn.
    #[serde(default)]
    pub acted: u8,
    /// Bricks stood on this turn (the first is where the turn began).
    #[serde(default)]
    pub visited: Vec<Spot>,
    /// The brick waiting to be named (phase `Name`).
    #[serde(default)]
    pub naming: Option<Spot>,
    #[serde(default)]
    pub outcome: Option<Outcome>,
    /// The line that lays this bridge again (`setup angry-troll
    /// deal=CODE`), for a bridge tablemate dealt: sealed (its code would
    /// show every face-down card) until the game ends or `troll reveal`
    /// asks for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<String>,
}

fn standard_bridge() -> usize {
    24
}
fn yes() -> bool {
    true
}
fn first_turn() -> u32 {
    1
}

/// What a player may know of a fresh deal: how many face-down cards each
/// slot holds, not which.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dealt {
    pub upper: Vec<usize>,
    pub lower: Vec<usize>,
    /// The first card of the deck of awakening, turned up.
    pub first: String,
    pub lower_colour: &'static str,
    pub troll_slot: u8,
    /// Cards left in the deck of awakening.
    pub deck: usize,
    pub bridge: usize,
    pub variants: Vec<&'static str>,
    pub held: Vec<String>,
}

/// A card the tool knows, or `None` for a stand-in.
pub fn known(code: &str) -> Option<Card> {
    if code.starts_with('?') {
        None
    } else {
        code.parse().ok()
    }
}

/// A card as the player reads it: a stand-in is `??`.
pub fn shown(code: &str) -> &str {
    if code.starts_with('?') { "??" } else { code }
}

fn suit_of(code: &str) -> Option<CardSuit> {
    match known(code)? {
        Card::Regular { suit, .. } => Some(suit),
        Card::Joker { .. } => None,
    }
}

/// How to set up a game: the bridge size and the variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub bridge: usize,
    pub variants: Variants,
    /// The card turned up into the lower stack, when the player names it.
    pub first: Option<Card>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            bridge: 24,
            variants: Variants::default(),
            first: None,
        }
    }
}

/// Cards per slot for a bridge size.
pub fn slot_cards(bridge: usize) -> [usize; 6] {
    let extra = (bridge.saturating_sub(24)) / 12;
    SLOT_CARDS.map(|n| n + extra)
}

/// Deal a shuffled deck: cards the variants give the troll are taken out
/// first; then the upper row and the lower row, slot by slot; the rest is
/// the deck of awakening, whose first card is turned up into the lower
/// stack. `die` places the troll in the lower row. With the gift variant
/// the troll then takes the first card of the deck that is not a heart
/// (a troll cannot have a heart; our reading).
pub fn deal(shuffled: &[Card], die: u8, options: Options) -> Troll {
    let v = options.variants;
    let mut cards: Vec<String> = shuffled.iter().map(|c| c.to_string()).collect();
    let mut held = Vec::new();
    for (on, code) in [(v.club_start, "AC"), (v.club_start && v.diamond_ace, "AD")] {
        if on && let Some(i) = cards.iter().position(|c| c == code) {
            held.push(Held {
                card: cards.remove(i),
                awake: true,
            });
        }
    }
    let mut it = cards.into_iter();
    let counts = slot_cards(options.bridge);
    let mut row = || -> Vec<Vec<String>> {
        counts
            .iter()
            .map(|&n| it.by_ref().take(n).collect())
            .collect()
    };
    let mut upper = row();
    let mut lower = row();
    let mut deck: Vec<String> = it.collect();
    if let Some(f) = options.first.map(|c| c.to_string()) {
        // The card named changes places with the deck's first card.
        let top = deck[0].clone();
        let spot = upper
            .iter_mut()
            .chain(lower.iter_mut())
            .flatten()
            .chain(deck.iter_mut())
            .find(|c| **c == f);
        if let Some(spot) = spot {
            *spot = top;
            deck[0] = f;
        }
    }
    let first = deck.remove(0);
    if v.gift
        && let Some(i) = deck
            .iter()
            .position(|c| suit_of(c) != Some(CardSuit::Hearts))
    {
        held.push(Held {
            card: deck.remove(i),
            awake: true,
        });
    }
    let lower_red = known(&first).is_some_and(Card::is_red);
    new_game(
        upper, lower, deck, first, lower_red, die, options, held, false,
    )
}

/// A game laid by the player with their own cards: only the card turned
/// up into the lower stack (and any cards the variants hand the troll) is
/// known; every other card is a stand-in until it is seen.
pub fn table_game(first: Card, die: u8, options: Options, gift: Option<Card>) -> Troll {
    let v = options.variants;
    let mut held: Vec<Held> = Vec::new();
    if v.club_start {
        held.push(Held {
            card: "AC".into(),
            awake: true,
        });
        if v.diamond_ace {
            held.push(Held {
                card: "AD".into(),
                awake: true,
            });
        }
    }
    if let Some(g) = gift {
        held.push(Held {
            card: g.to_string(),
            awake: true,
        });
    }
    let mut n = 0;
    let mut stand_in = || {
        n += 1;
        format!("?{n}")
    };
    let counts = slot_cards(options.bridge);
    let mut row = || -> Vec<Vec<String>> {
        counts
            .iter()
            .map(|&k| (0..k).map(|_| stand_in()).collect())
            .collect()
    };
    let upper = row();
    let lower = row();
    let rest = 52 - options.bridge - 1 - held.len();
    let deck = (0..rest).map(|_| stand_in()).collect();
    new_game(
        upper,
        lower,
        deck,
        first.to_string(),
        first.is_red(),
        die,
        options,
        held,
        true,
    )
}

#[allow(clippy::too_many_arguments)]
fn new_game(
    upper: Vec<Vec<String>>,
    lower: Vec<Vec<String>>,
    deck: Vec<String>,
    first: String,
    lower_red: bool,
    die: u8,
    options: Options,
    held: Vec<Held>,
    table: bool,
) -> Troll {
    Troll {
        upper,
        lower,
        deck,
        played: vec![first],
        lower_red,
        troll_slot: die,
        troll_row: Row::Lower,
        bridge: options.bridge,
        variants: options.variants,
        table,
        awake: Vec::new(),
        held,
        aside: Vec::new(),
        pending: Vec::new(),
        draw: true,
        phase: Phase::Awaken,
        turn: 1,
        acted: 0,
        visited: Vec::new(),
        naming: None,
        outcome: None,
        deal: None,
    }
}

/// The row a card awakens: the lower row for the lower stack's colour.
pub fn row_for(card: Card, lower_red: bool) -> Row {
    if card.is_red() == lower_red {
        Row::Lower
    } else {
        Row::Upper
    }
}

/// Which slot awakens when `slot` (1..=6) is rolled and `empty` slots of
/// that row hold no brick: the next brick toward the nearer bank, else
/// the next the other way, else none.
pub fn awakened_slot(slot: u8, empty: &[u8]) -> Option<u8> {
    let has = |s: u8| !empty.contains(&s);
    if has(slot) {
        return Some(slot);
    }
    let toward_left = slot <= 3;
    let (first, second): (Vec<u8>, Vec<u8>) = if toward_left {
        ((1..slot).rev().collect(), (slot + 1..=6).collect())
    } else {
        ((slot + 1..=6).collect(), (1..slot).rev().collect())
    };
    first
        .into_iter()
        .find(|&s| has(s))
        .or_else(|| second.into_iter().find(|&s| has(s)))
}

/// One of the troll's actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Move(Dir),
    Stomp,
    PickUp(Dir),
    Club(Dir),
    Throw(Dir),
    Shovel(Dir),
    LayDown(Dir),
}

impl Action {
    /// The words that say it: `move left`, `club up`.
    pub fn words(self) -> String {
        match self {
            Action::Move(d) => format!("move {}", dir_name(d)),
            Action::Stomp => "stomp".into(),
            Action::PickUp(d) => format!("pick up {}", dir_name(d)),
            Action::Club(d) => format!("club {}", dir_name(d)),
            Action::Throw(d) => format!("throw {}", dir_name(d)),
            Action::Shovel(d) => format!("shovel {}", dir_name(d)),
            Action::LayDown(d) => format!("lay down {}", dir_name(d)),
        }
    }
}

/// What the player told of an awakening: the card played (drawn or set
/// aside) and the die, either of which the tool may supply.
#[derive(Debug, Clone, Copy, Default)]
pub struct Awakening {
    pub card: Option<Card>,
    pub die: Option<u8>,
}

impl Troll {
    pub fn dealt(&self) -> Dealt {
        Dealt {
            upper: self.upper.iter().map(Vec::len).collect(),
            lower: self.lower.iter().map(Vec::len).collect(),
            first: self.played.first().cloned().unwrap_or_default(),
            lower_colour: colour_name(self.lower_red),
            troll_slot: self.troll_slot,
            deck: self.deck.len(),
            bridge: self.bridge,
            variants: self.variants.names(),
            held: self.held.iter().map(|h| h.card.clone()).collect(),
        }
    }

    pub fn troll(&self) -> Spot {
        Spot::new(self.troll_row, self.troll_slot)
    }

    pub fn row(&self, row: Row) -> &Vec<Vec<String>> {
        match row {
            Row::Upper => &self.upper,
            Row::Lower => &self.lower,
        }
    }

    fn row_mut(&mut self, row: Row) -> &mut Vec<Vec<String>> {
        match row {
            Row::Upper => &mut self.upper,
            Row::Lower => &mut self.lower,
        }
    }

    pub fn stack(&self, s: Spot) -> &Vec<String> {
        &self.row(s.row)[usize::from(s.slot) - 1]
    }

    fn stack_mut(&mut self, s: Spot) -> &mut Vec<String> {
        &mut self.row_mut(s.row)[usize::from(s.slot) - 1]
    }

    /// The brick on top of a slot, if any.
    pub fn top(&self, s: Spot) -> Option<&String> {
        self.stack(s).last()
    }

    pub fn is_awake(&self, s: Spot) -> bool {
        self.top(s).is_some_and(|c| self.awake.contains(c))
    }

    fn spots() -> impl Iterator<Item = Spot> {
        [Row::Upper, Row::Lower]
            .into_iter()
            .flat_map(|r| (1..=6).map(move |s| Spot::new(r, s)))
    }

    /// The bridge stands while its bricks join a slot-1 brick to a slot-6
    /// brick, side to side through either row (DESIGN.md).
    pub fn stands(&self) -> bool {
        let filled = |s: Spot| !self.stack(s).is_empty();
        let mut reached: Vec<Spot> = [Row::Upper, Row::Lower]
            .into_iter()
            .map(|r| Spot::new(r, 1))
            .filter(|&s| filled(s))
            .collect();
        let mut i = 0;
        while i < reached.len() {
            let here = reached[i];
            if here.slot == 6 {
                return true;
            }
            for n in here.neighbours() {
                if filled(n) && !reached.contains(&n) {
                    reached.push(n);
                }
            }
            i += 1;
        }
        false
    }

    fn carries_for_good(&self) -> bool {
        self.held.iter().any(|h| self.reusable(&h.card))
    }

    /// THE CLUB (the ace of clubs), and the ace of diamonds in its variant.
    pub fn reusable(&self, code: &str) -> bool {
        code == "AC" || (self.variants.diamond_ace && code == "AD")
    }

    /// The awake card in hand of this suit, if any.
    fn tool(&self, suit: CardSuit) -> Option<usize> {
        self.held
            .iter()
            .position(|h| h.awake && suit_of(&h.card) == Some(suit))
    }

    // ------------------------------------------------------- awakening

    /// Play the next card of this awakening phase into the stacks and
    /// roll for it: a set-aside card first (in order, or the one named),
    /// else the deck's next card (in a table game the player names it).
    /// `roll` gives the tool's die when the player gave none.
    pub fn awaken(
        &mut self,
        given: Awakening,
        roll: &mut dyn FnMut() -> u8,
    ) -> Result<Vec<Event>, GameError> {
        match self.phase {
            Phase::Awaken => {}
            Phase::Name => {
                return Err(self.naming_prompt().into());
            }
            Phase::Act => {
                return Err(format!(
                    "the awakening is over: the troll has {} action{} left",
                    2 - self.acted,
                    if self.acted == 1 { "" } else { "s" }
                )
                .into());
            }
            Phase::Over => return Err(self.over_message().into()),
        }
        if let Some(d) = given.die
            && !(1..=6).contains(&d)
        {
            return Err(GameError::word(format!(
                "die={d}: a six-sided die shows 1 to 6"
            )));
        }
        let (code, whence) = self.next_card(given.card)?;
        let card = known(&code).ok_or_else(|| {
            "the card played must be known: name it (`troll card 7H`)".to_string()
        })?;
        let die = given.die.unwrap_or_else(roll);
        self.played.push(code.clone());
        let row = row_for(card, self.lower_red);
        let mut out = vec![Event::Played {
            card: card.to_string(),
            whence,
            red: card.is_red(),
            row,
            die,
        }];
        let empty: Vec<u8> = (1..=6)
            .filter(|&s| self.stack(Spot::new(row, s)).is_empty())
            .collect();
        match awakened_slot(die, &empty) {
            None => out.push(Event::RowEmpty { row }),
            Some(slot) => {
                let spot = Spot::new(row, slot);
                if slot != die {
                    out.push(Event::Instead { die, spot });
                }
                self.wake(spot, &mut out);
            }
        }
        if self.phase == Phase::Awaken && self.pending.is_empty() && !self.draw {
            self.start_actions();
        }
        Ok(out)
    }

    fn next_card(&mut self, named: Option<Card>) -> Result<(String, Whence), GameError> {
        if !self.pending.is_empty() {
            let i = match named {
                None => 0,
                Some(c) => {
                    let code = c.to_string();
                    self.pending
                        .iter()
                        .position(|p| *p == code)
                        .ok_or_else(|| {
                            GameError::rule(format!(
                                "{c} was not set aside: this phase plays {}",
                                self.pending.join(", ")
                            ))
                        })?
                }
            };
            return Ok((self.pending.remove(i), Whence::SetAside));
        }
        if !self.draw {
            return Err("nothing is left to play this phase".into());
        }
        if self.deck.is_empty() {
            self.draw = false;
            return Err("the deck of awakening is empty".into());
        }
        let code = match named {
            None if self.table => {
                return Err(
                    "this game is laid with your cards: say which card you turned up, like `troll card 7H` (add die=N for your roll)"
                        .into(),
                );
            }
            None => self.deck.remove(0),
            Some(c) => self.take_from_deck(c)?,
        };
        self.draw = false;
        Ok((code, Whence::Deck))
    }

    /// The named card, drawn at the table: out of the deck (in a table
    /// game, in place of a stand-in). Refused when the game already has it
    /// somewhere else.
    fn take_from_deck(&mut self, c: Card) -> Result<String, GameError> {
        let code = c.to_string();
        if matches!(c, Card::Joker { .. }) {
            return Err(format!("{c}: the game uses no jokers").into());
        }
        if let Some(i) = self.deck.iter().position(|d| *d == code) {
            return Ok(self.deck.remove(i));
        }
        if let Some(place) = self.whereabouts(&code) {
            return Err(format!("{c} cannot be drawn: it is {place}").into());
        }
        match self.deck.iter().position(|d| d.starts_with('?')) {
            Some(i) => {
                self.deck.remove(i);
                Ok(code)
            }
            None => Err(format!(
                "{c} is not in the deck of awakening (the tool dealt this game: `troll awaken` draws its next card)"
            )
            .into()),
        }
    }

    /// Where a known card is, in words, if anywhere but the deck.
    fn whereabouts(&self, code: &str) -> Option<String> {
        for s in Troll::spots() {
            if self.stack(s).iter().any(|c| c == code) {
                return Some(format!("a brick in {s}"));
            }
        }
        if self.played.iter().any(|c| c == code) {
            return Some("already played into the stacks".into());
        }
        if self.held.iter().any(|h| h.card == code) {
            return Some("in the troll's hands".into());
        }
        if self.aside.iter().chain(&self.pending).any(|c| c == code) {
            return Some("set aside for the awakening".into());
        }
        None
    }

    /// The brick on `spot` awakens: a dormant one turns face up; an awake
    /// one flies away (with the troll, if it stands there).
    fn wake(&mut self, spot: Spot, out: &mut Vec<Event>) {
        let Some(top) = self.top(spot).cloned() else {
            return;
        };
        if self.awake.contains(&top) {
            self.stack_mut(spot).pop();
            self.awake.retain(|c| *c != top);
            self.aside.push(top.clone());
            out.push(Event::FlewOff {
                spot,
                card: top.clone(),
            });
            if spot == self.troll() {
                self.end(
                    false,
                    "the brick under the troll woke a second time and flew off with it",
                    out,
                );
            }
            return;
        }
        if top.starts_with('?') {
            self.awake.push(top);
            self.phase = Phase::Name;
            self.naming = Some(spot);
            out.push(Event::WokeUnseen { spot });
            return;
        }
        out.push(Event::Woke {
            spot,
            card: top.clone(),
        });
        self.awake.push(top);
    }

    /// Name the brick that just woke in a table game.
    pub fn name_brick(&mut self, c: Card) -> Result<Vec<Event>, GameError> {
        let Some(spot) = self.naming.filter(|_| self.phase == Phase::Name) else {
            return Err("no brick is waiting to be named".into());
        };
        let code = c.to_string();
        if matches!(c, Card::Joker { .. }) {
            return Err(format!("{c}: the game uses no jokers").into());
        }
        if let Some(place) = self.whereabouts(&code) {
            return Err(format!("{c} cannot be that brick: it is {place}").into());
        }
        let old = self.top(spot).cloned().unwrap_or_default();
        *self.stack_mut(spot).last_mut().expect("the brick woke") = code.clone();
        for a in self.awake.iter_mut().filter(|a| **a == old) {
            *a = code.clone();
        }
        // The deck is known to hold this card no more.
        self.naming = None;
        self.phase = Phase::Awaken;
        let out = vec![Event::Named { spot, card: code }];
        if self.pending.is_empty() && !self.draw {
            self.start_actions();
        }
        Ok(out)
    }

    fn naming_prompt(&self) -> String {
        match self.naming {
            Some(s) => format!("first name the brick that woke in {s}: `troll brick QS`"),
            None => "first name the brick that woke: `troll brick QS`".into(),
        }
    }

    fn over_message(&self) -> String {
        match &self.outcome {
            Some(o) => format!("the game is over ({}): `setup troll` starts another", o.why),
            None => "the game is over: `setup troll` starts another".into(),
        }
    }

    /// The start of a turn: set-aside cards are played first; with none,
    /// one card comes from the deck; with neither, straight to actions.
    fn start_turn(&mut self, out: &mut Vec<Event>) {
        self.turn += 1;
        self.pending = std::mem::take(&mut self.aside);
        self.draw = self.pending.is_empty() && !self.deck.is_empty();
        if self.pending.is_empty() && !self.draw {
            self.start_actions();
            out.push(Event::NothingToAwaken { turn: self.turn });
        } else {
            self.phase = Phase::Awaken;
            out.push(Event::Turn {
                turn: self.turn,
                set_aside: if self.draw {
                    Vec::new()
                } else {
                    self.pending.clone()
                },
            });
        }
    }

    fn start_actions(&mut self) {
        self.phase = Phase::Act;
        self.acted = 0;
        self.visited = vec![self.troll()];
    }

    pub fn action_prompt(&self) -> String {
        let left = 2 - self.acted;
        format!(
            "the troll has {left} action{} (move, stomp, pick up, club, throw, shovel, lay down)",
            if left == 1 { "" } else { "s" }
        )
    }

    // --------------------------------------------------------- actions

    /// Every action the troll may take now.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut all = vec![Action::Stomp];
        for d in DIRS {
            all.extend([
                Action::Move(d),
                Action::PickUp(d),
                Action::Club(d),
                Action::Throw(d),
                Action::Shovel(d),
                Action::LayDown(d),
            ]);
        }
        if self.phase != Phase::Act {
            return Vec::new();
        }
        all.into_iter()
            .filter(|&a| self.clone().step(a).is_ok())
            .collect()
    }

    /// Take one action; after the second, the bricks flee, the bridge is
    /// checked and the next turn begins.
    pub fn act(&mut self, a: Action) -> Result<Vec<Event>, GameError> {
        match self.phase {
            Phase::Act => {}
            Phase::Awaken => {
                return Err(format!(
                    "the awakening comes first: {}",
                    if self.table {
                        "turn up your next card and roll, `troll card 7H die=3`"
                    } else {
                        "`troll awaken`"
                    }
                )
                .into());
            }
            Phase::Name => return Err(self.naming_prompt().into()),
            Phase::Over => return Err(self.over_message().into()),
        }
        let mut out = vec![self.step(a)?];
        self.acted += 1;
        if self.acted < 2 && self.legal_actions().is_empty() {
            out.push(Event::Stuck);
            self.acted = 2;
        }
        if self.acted >= 2 {
            self.flight(&mut out);
        }
        Ok(out)
    }

    fn target(&self, d: Dir) -> Result<Spot, GameError> {
        self.troll()
            .step(d)
            .ok_or_else(|| format!("{} {} is off the bridge", beside(d), self.troll()).into())
    }

    fn awake_target(&self, d: Dir, what: &str) -> Result<Spot, GameError> {
        let s = self.target(d)?;
        if !self.is_awake(s) {
            return Err(format!(
                "no awake brick {} the troll ({s}): {what} needs one next to it",
                beside(d)
            )
            .into());
        }
        Ok(s)
    }

    fn use_tool(&mut self, suit: CardSuit, verb: &str) -> Result<Tool, GameError> {
        let i = self.tool(suit).ok_or_else(|| {
            GameError::rule(format!(
                "the troll carries no awake {}: {verb} needs one",
                suit.name()
            ))
        })?;
        let card = self.held[i].card.clone();
        if self.reusable(&card) {
            return Ok(Tool::Kept(card));
        }
        self.held.remove(i);
        self.aside.push(card.clone());
        Ok(Tool::SetAside(card))
    }

    /// One action, checked; the turn's bookkeeping is `act`'s.
    fn step(&mut self, a: Action) -> Result<Event, GameError> {
        match a {
            Action::Move(d) => {
                let s = self.target(d)?;
                if self.stack(s).is_empty() {
                    return Err(
                        format!("{s} has no brick: the troll always stands on a brick").into(),
                    );
                }
                if self.visited.contains(&s) {
                    return Err(format!(
                        "the troll has stood on {s} this turn: never the same brick twice in a turn"
                    )
                    .into());
                }
                self.troll_row = s.row;
                self.troll_slot = s.slot;
                self.visited.push(s);
                Ok(Event::Moved { dir: d, to: s })
            }
            Action::Stomp => {
                let s = self.troll();
                let top = self.top(s).cloned().unwrap_or_default();
                if !self.awake.contains(&top) {
                    return Err(format!(
                        "the brick under the troll ({s}) is dormant: stomping needs an awake one"
                    )
                    .into());
                }
                self.awake.retain(|c| *c != top);
                Ok(Event::Stomped { card: top, spot: s })
            }
            Action::PickUp(d) => {
                let s = self.awake_target(d, "picking up")?;
                let top = self.top(s).cloned().unwrap_or_default();
                if suit_of(&top) == Some(CardSuit::Hearts) {
                    return Err(format!("{top} is a heart: a troll cannot have a heart").into());
                }
                if self.carries_for_good() {
                    return Err(
                        "the troll keeps its reusable card for good: it picks up nothing else"
                            .into(),
                    );
                }
                if let Some(h) = self.held.first() {
                    return Err(format!(
                        "the troll already carries {}: one brick at a time",
                        h.card
                    )
                    .into());
                }
                self.stack_mut(s).pop();
                self.awake.retain(|c| *c != top);
                self.held.push(Held {
                    card: top.clone(),
                    awake: true,
                });
                Ok(Event::PickedUp {
                    reusable: self.reusable(&top),
                    card: top,
                    from: s,
                })
            }
            Action::Club(d) => {
                let s = self.awake_target(d, "a club")?;
                let top = self.top(s).cloned().unwrap_or_default();
                let tool = self.use_tool(CardSuit::Clubs, "clubbing")?;
                self.awake.retain(|c| *c != top);
                Ok(Event::Clubbed {
                    card: top,
                    spot: s,
                    tool,
                })
            }
            Action::Throw(d) => {
                let mut at = self.troll().step(d);
                while let Some(s) = at {
                    if self.is_awake(s) {
                        break;
                    }
                    at = s.step(d);
                }
                let tool = self.use_tool(CardSuit::Diamonds, "throwing")?;
                let hit = at.map(|s| {
                    let top = self.top(s).cloned().unwrap_or_default();
                    self.awake.retain(|c| *c != top);
                    (top, s)
                });
                Ok(Event::Threw { dir: d, hit, tool })
            }
            Action::Shovel(d) => {
                let s = self.awake_target(d, "a spade")?;
                let top = self.top(s).cloned().unwrap_or_default();
                let tool = self.use_tool(CardSuit::Spades, "shovelling")?;
                self.stack_mut(s).pop();
                self.awake.retain(|c| *c != top);
                self.held.push(Held {
                    card: top.clone(),
                    awake: false,
                });
                Ok(Event::Shovelled {
                    card: top,
                    spot: s,
                    tool,
                })
            }
            Action::LayDown(d) => {
                let i =
                    self.held.iter().position(|h| !h.awake).ok_or(
                        "the troll carries no dormant brick to lay down (a spade gets one)",
                    )?;
                let s = self.target(d)?;
                if self.is_awake(s) {
                    // Our reading: a brick is laid on a sleeping stack or
                    // an empty slot, never on top of an awake brick.
                    return Err(format!(
                        "the brick in {s} is awake: lay a brick on a dormant brick or an empty slot"
                    )
                    .into());
                }
                let card = self.held.remove(i).card;
                self.stack_mut(s).push(card.clone());
                Ok(Event::Laid { card, spot: s })
            }
        }
    }

    // ---------------------------------------------------------- flight

    /// Every awake brick not under the troll moves a slot toward the
    /// nearer bank, or the other way when the troll stands between it and
    /// that bank (our reading of "not blocked by the troll"); past slot 1
    /// or 6 it has fled and is set aside. Bricks nearest their bank move
    /// first. Then the collapse check, the win check and the next turn.
    fn flight(&mut self, out: &mut Vec<Event>) {
        let troll = self.troll();
        let mut moving: Vec<(Spot, i8)> = Troll::spots()
            .filter(|&s| s != troll && self.is_awake(s))
            .map(|s| {
                let left = s.slot <= 3;
                let blocked = |left: bool| {
                    troll.row == s.row
                        && if left {
                            troll.slot < s.slot
                        } else {
                            troll.slot > s.slot
                        }
                };
                let go_left = if blocked(left) { !left } else { left };
                (s, if go_left { -1 } else { 1 })
            })
            .collect();
        moving.sort_by_key(|&(s, step)| if step < 0 { s.slot } else { 7 - s.slot });
        if moving.is_empty() {
            out.push(Event::NoneFlee {
                under_troll: self.is_awake(troll),
            });
        }
        for (s, step) in moving {
            let card = self.stack_mut(s).pop().expect("an awake brick");
            let to = s.slot as i8 + step;
            if (1..=6).contains(&to) {
                let dest = Spot::new(s.row, to as u8);
                self.stack_mut(dest).push(card.clone());
                out.push(Event::Fled {
                    card,
                    from: s,
                    to: dest,
                });
            } else {
                self.awake.retain(|c| *c != card);
                self.aside.push(card.clone());
                out.push(Event::Escaped {
                    card,
                    from: s,
                    left: step < 0,
                });
            }
        }
        if !self.stands() {
            self.end(
                false,
                "the bridge collapsed: its bricks no longer join the banks",
                out,
            );
            return;
        }
        let all_dormant = Troll::spots().all(|s| !self.is_awake(s));
        if self.deck.is_empty() && all_dormant {
            self.end(
                true,
                "the deck of awakening is empty, every brick is dormant and the bridge stands",
                out,
            );
            return;
        }
        self.start_turn(out);
    }

    fn end(&mut self, troll_won: bool, why: &str, out: &mut Vec<Event>) {
        let perfect = troll_won && Troll::spots().all(|s| !self.stack(s).is_empty());
        let score = self.deck.len();
        self.phase = Phase::Over;
        self.outcome = Some(Outcome {
            troll_won,
            score,
            why: why.into(),
            perfect,
        });
        out.push(Event::Ended {
            troll_won,
            why: why.into(),
            score,
            perfect,
        });
    }

    // ----------------------------------------------------------- check

    /// Check a game read back from the store or a file: each card of one
    /// deck at most once (stand-ins fill what is unseen), 52 in all; the
    /// troll on a brick of the bridge; awake cards on top of their slots.
    pub fn check(&self) -> Result<(), Unsound> {
        if !(1..=6).contains(&self.troll_slot) {
            return Err(format!(
                "the troll stands on slot {}; slots are 1 to 6",
                self.troll_slot
            )
            .into());
        }
        if !BRIDGES.contains(&self.bridge) {
            return Err(format!(
                "a bridge of {} cards: the bridges are 24, 36 and 48",
                self.bridge
            )
            .into());
        }
        let most = 52 - self.bridge - 1;
        if self.deck.len() > most {
            return Err(format!(
                "the deck of awakening holds {} cards; it starts with {most}",
                self.deck.len()
            )
            .into());
        }
        for (name, row) in [("upper", &self.upper), ("lower", &self.lower)] {
            if row.len() != 6 {
                return Err(format!("the {name} row has {} slots, not 6", row.len()).into());
            }
        }
        let mut seen = std::collections::HashSet::new();
        let all = self.upper.iter().chain(&self.lower).flatten();
        let held = self.held.iter().map(|h| &h.card);
        let mut count = 0;
        for c in all
            .chain(&self.deck)
            .chain(&self.played)
            .chain(held)
            .chain(&self.aside)
            .chain(&self.pending)
        {
            count += 1;
            if !c.starts_with('?') {
                let card: Card = c.parse().map_err(|_| format!("'{c}' is not a card"))?;
                if matches!(card, Card::Joker { .. }) {
                    return Err(format!("{card}: the game uses no jokers").into());
                }
            } else if c[1..].parse::<u8>().is_err() {
                return Err(format!("'{c}' is not a card").into());
            }
            if !seen.insert(c.clone()) {
                return Err(format!("{c} is in the game twice").into());
            }
        }
        if count != 52 {
            return Err(format!("the game holds {count} cards, not 52").into());
        }
        let first = self
            .played
            .first()
            .ok_or("no card was turned up at setup")?;
        if known(first).is_some_and(Card::is_red) != self.lower_red {
            return Err(
                format!("the lower stack's colour does not match its first card, {first}").into(),
            );
        }
        for a in &self.awake {
            if !Troll::spots().any(|s| self.top(s) == Some(a)) {
                return Err(format!("{a} is marked awake but is not on top of a slot").into());
            }
        }
        if self.phase != Phase::Over && self.stack(self.troll()).is_empty() {
            return Err(format!("the troll stands on {}, which has no brick", self.troll()).into());
        }
        if self.acted > 2 {
            return Err(format!("{} actions taken in a turn; the troll has 2", self.acted).into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
