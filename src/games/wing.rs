//! The one interface every game implements, in two parts, after OpenSpiel
//! and boardgame.io:
//!
//! - [`Play`]: the game's state as a plain value (boardgame.io's `G`),
//!   changed only by [`Play::apply`] with a typed action, which says what
//!   happened as typed events; it lists its legal actions, says whose
//!   turn it is and lays itself out. A computer move is an action like any
//!   other, so it is computed from the state it changes.
//! - [`Wing`]: the plug-in around it: its setup, its solver, its own
//!   command words and replies, its diagram. The rest of tablemate reaches
//!   a game only through this trait (by [`super::Game::visit`]).
//!
//! A wing never touches the store: `act` and `setup` receive the saved
//! state inside the store's transaction and change it there, and the
//! store alone saves it, journals it for `undo` and keeps it safe from
//! other processes.

use std::fmt::{Debug, Display};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::args::{Declared, Given};
use super::error::{GameError, Unsound};
use super::game::{Game, Names};
use crate::layout::Layout;
use crate::random::TableRng;
use crate::reply::Reply;
use crate::style::Style;

/// What the store keeps of a game between commands: one document, checked
/// when it is read back (from the store, an `import` or an old file).
pub trait Saved: Clone + Debug + PartialEq + Serialize + DeserializeOwned + 'static {
    /// The game whose slot this is.
    const GAME: Game;
    /// What it is called in messages: "the saved Slide Jam game".
    const WHAT: &'static str;
    /// The command that starts afresh when it is damaged (by default, the
    /// way back for state no setup makes anew: mend the export).
    const REPAIR: &'static str =
        "`export` shows what is saved; `import FILE --replace` puts mended state back";
    /// Its key in the `export` document.
    const EXPORT_KEY: &'static str;
    /// Whether `export` writes the key when nothing is saved (as `null`,
    /// or the empty state where there is one); otherwise it is left out.
    const EXPORT_ALWAYS: bool = false;
    /// The JSON file of tablemate 0.1 that held it, if any.
    const LEGACY_FILE: Option<(&'static str, &'static str)> = None;

    /// What is wrong with it; `Ok` when it is sound.
    fn check(&self) -> Result<(), Unsound>;

    /// Set aside the parts that fail their checks, saying so, so that the
    /// rest stays usable (a run among filed runs); by default nothing.
    fn mend(&mut self) -> Vec<String> {
        Vec::new()
    }

    /// What `export` writes when nothing is saved, where that is not
    /// `null` (an empty history of runs).
    fn empty() -> Option<Self> {
        None
    }

    /// What it holds, in a few words (`a game of chess`), for a summary of
    /// everything saved.
    fn summary(&self) -> String;

    /// A person at the table is called `to` from now on, no longer
    /// `from`: a game that keeps the table's names (its people, for its
    /// own replies) renames them; most keep none.
    fn rename(&mut self, from: &str, to: &str) {
        let _ = (from, to);
    }

    /// Every game this state holds that has ended, as a play: a followed
    /// game once it is over, every filed pad or run. The store files each
    /// play a change makes new, beside the change, so `undo` takes it off
    /// again; a play's empty day is the day it is filed, and an empty
    /// name the person the table seated for it. None by default.
    fn plays(&self) -> Vec<crate::plays::Play> {
        Vec::new()
    }
}

/// Whose turn it is and what the game waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// Who moves next, in the game's words (`Crowns`, `player 2`).
    pub to_move: Option<String>,
    /// What comes next, as a command to type.
    pub next: String,
    pub over: bool,
    /// The seat that moves next (0: its first player, as
    /// [`Play::people`] lists them), where a seat does; the frame maps it
    /// to the table's person. Never a name: a name can change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    /// That seat's part in the game, where seats have one (`Arms`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
}

/// A game followed move by move: OpenSpiel's `State`.
pub trait Play: Saved {
    /// What a player (or tablemate) does, parsed from words and written
    /// back as the words that replay it (`Display`).
    type Action: Clone + Debug + PartialEq + Display + Serialize + DeserializeOwned;
    /// What came of an action, in order.
    type Event: Clone + Debug + Display + Serialize;

    /// A fresh game as a random setup deals it (the property test plays
    /// from here).
    fn sample(rng: &mut TableRng) -> Self;

    /// Take an action: the state changes and the events say how, or it
    /// is refused with the rule and the state is as it was. `rng` rolls
    /// what the player did not say (a die, a card, a computer move's
    /// tie-break).
    fn apply(
        &mut self,
        action: &Self::Action,
        rng: &mut TableRng,
    ) -> Result<Vec<Self::Event>, GameError>;

    /// The actions allowed now (every one where the game can list them;
    /// a sample of them where the choices are too many, as a walk's
    /// routes). Empty when the game is over.
    fn legal(&self) -> Vec<Self::Action>;

    fn turn(&self) -> Turn;

    /// The people the game seats, as the table's names it was set up
    /// with, in seat order (its player 1 first); empty for a game that
    /// seats no one from the table. The frame keeps which person each
    /// seat is, so [`Turn::seat`] names a person however they are
    /// renamed.
    fn people(&self) -> Vec<String> {
        Vec::new()
    }

    /// The table's people as they are named now (id, name as written),
    /// put into the names a state keeps by person id: a rename at the
    /// table reaches them before any view or change reads the state (a
    /// score pad's columns, #77: a column followed a name, not a person).
    /// Nothing by default.
    fn seated_as(&mut self, people: &[(u32, String)]) {
        let _ = people;
    }

    /// What each seat plays as, in seat order, as the picture tells it
    /// (`pawn A, Suns`, `Arms`): the screen's legend says whose each piece
    /// is in the table's names. Empty where the pieces are no one's.
    fn roles(&self) -> Vec<String> {
        Vec::new()
    }

    /// The position as the table sees it (nothing hidden is shown).
    fn layout(&self) -> Layout;

    /// The position as `seat` (a player, 0 first; `None`: the whole table,
    /// as the shared screen) may see it, after boardgame.io's `playerView`.
    /// What the table sees, unless the game gives a seat more (a hand).
    fn view(&self, seat: Option<usize>) -> Layout {
        let _ = seat;
        self.layout()
    }

    /// What the game keeps from `seat` (`None`: from the whole table):
    /// each secret as the word a view would name it by (a face-down card's
    /// code). No view, reply or JSON that seat receives may name one; the
    /// random-play test holds every game to that. Empty for a game with no
    /// secrets.
    fn secrets(&self, seat: Option<usize>) -> Vec<String>;
}

/// What one seat of a game sees and may do now: the pieces as that seat
/// may see them ([`Play::view`]), and the moves that are its to make, as
/// the command lines that make them ([`Wing::line`]).
#[derive(Debug, Clone, PartialEq)]
pub struct SeatView {
    pub layout: Layout,
    /// Empty unless it is this seat's move.
    pub moves: Vec<String>,
    pub turn: Turn,
}

/// The most moves a seat is offered at once (a game that lists more,
/// as every bid of a big table, offers its first ones; the rest are
/// typed).
pub const MOST_MOVES: usize = 200;

/// What an action is to the record of the game in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InRecord {
    Step,
    /// A step of this game's record: where the record open is another
    /// game's (a room played straight on from the room before it), that
    /// one is filed and this game's opens, from the state before the
    /// step.
    StepOf(Game),
    Ends,
    Apart,
}

/// What a game's own command asks: a change or a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Order<A, Q> {
    /// Change the saved state (in one transaction).
    Act(A),
    /// Read it.
    Ask(Q),
}

/// For a wing with no questions or no changes of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Nothing {}

impl Display for Nothing {
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {}
    }
}

/// A change made (by a setup or an action): what came of it (the setup's
/// reply, the action's events), and what the undo journal calls it
/// (`None`: nothing was changed, so nothing is saved or journaled).
#[derive(Debug)]
pub struct Done<T> {
    pub out: T,
    pub what: Option<String>,
}

impl<T> Done<T> {
    pub fn changed(out: T, what: impl Into<String>) -> Done<T> {
        Done {
            out,
            what: Some(what.into()),
        }
    }

    pub fn unchanged(out: T) -> Done<T> {
        Done { out, what: None }
    }
}

/// What a wing may use besides the state: the session's generator (or a
/// deal's), today's date, and the rule texts.
pub struct Context<'a> {
    pub rng: &'a mut TableRng,
    /// YYYY-MM-DD, for filing.
    pub today: &'a str,
    /// Seconds since 1970, for a turn's clock.
    pub now: u64,
    /// A section of a game's rule text, by game and section id.
    pub rule: &'a dyn Fn(&str, &str) -> Option<String>,
    /// The score sheet of the game a name names exactly (its rule file's
    /// `scoring:`): none for a game without one, `Err` for a sheet that
    /// does not check.
    pub sheet: &'a dyn Fn(&str) -> SheetFound,
    /// The line that lays a setup again, its deal code included (none
    /// outside `setup`), for a game that keeps it sealed
    /// (`Wing::SEALS_DEAL`).
    pub again: Option<&'a str>,
    /// Who sits at the table (`players`), from who starts round the
    /// table; empty when no one is seated. A game set up seats them.
    /// Read in the same transaction as the change it is for.
    pub players: Vec<String>,
    /// The same people in seating order (a score pad's columns).
    pub seating: Vec<String>,
    /// Each of them by id, in seating order: what a state that keeps
    /// people by id is renamed from (`Play::seated_as`).
    pub people: Vec<(u32, String)>,
    /// The person acting from their seat (`None`: the terminal, which
    /// acts for anyone).
    pub acting: Option<Acting>,
    /// The table's game in play and where it stands, read in the same
    /// transaction.
    pub in_play: Option<InPlay>,
    /// Set by a game to seat the table with these names (a pad opened
    /// with players while no one sits): the frame seats them in the
    /// same transaction.
    pub seat_them: Option<Vec<String>>,
}

impl<'a> Context<'a> {
    /// A context with no one seated and nothing in play.
    pub fn new(
        rng: &'a mut TableRng,
        today: &'a str,
        now: u64,
        rule: &'a dyn Fn(&str, &str) -> Option<String>,
    ) -> Context<'a> {
        Context {
            rng,
            today,
            now,
            rule,
            sheet: &|_| Ok(None),
            again: None,
            players: Vec::new(),
            seating: Vec::new(),
            people: Vec::new(),
            acting: None,
            in_play: None,
            seat_them: None,
        }
    }
}

/// The score sheet a game's name finds, with the id of the game (or
/// room) whose it is: none, or one that does not check (said).
pub type SheetFound = Result<Option<(String, crate::sheet::SheetSpec)>, crate::sheet::Refused>;

/// The person a seat acts as: their id at the table and their name as
/// written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Acting {
    pub id: u32,
    pub name: String,
}

/// The game the table plays, as the store found it in the same
/// transaction: its id and title and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InPlay {
    pub game: String,
    pub title: String,
    pub turn: Turn,
}

/// How a game is set up: what `setup` takes and the function that lays
/// it, together, so a wing cannot declare one without the other.
pub struct SetUp<S: 'static> {
    /// What `setup` takes, declared once.
    pub args: &'static Declared,
    /// A line or two for `help setup`.
    pub examples: &'static [&'static str],
    /// Whether `setup` starts afresh whatever is saved (a game of its
    /// own), rather than reading the state it adds to (a room's run).
    pub replaces: bool,
    /// Lay it out from what the player gave, the rest at random, in the
    /// saved state.
    pub lay: Lay<S>,
}

/// A setup's function: lays the game in the saved state.
pub type Lay<S> = fn(&mut Option<S>, &Given, &mut Context) -> Result<Done<Reply>, GameError>;

/// How a game is solved: what `solve` takes and the solver, together.
pub struct Solver<S: 'static> {
    pub args: &'static Declared,
    pub examples: &'static [&'static str],
    /// From the saved position or the one the player gives.
    pub solve: fn(Option<&S>, &Given, &mut Context) -> Result<Reply, GameError>,
}

/// One game's plug-in. Every method the frame calls is required: a game
/// with nothing to set up, solve or ask says so in what it returns or in
/// its types ([`Nothing`]), never by a method that fails at run time.
pub trait Wing: 'static {
    const GAME: Game;
    /// How it is named: id, title, aliases.
    const NAMES: Names;
    /// Whether it has a coach that weighs moves (`Wing::coach`): in a
    /// record's replay (`replay N --coach`), and after each move the
    /// player makes while the table's coach is on (`coach on`).
    const COACHES: bool = false;
    /// Whether its moves are weighed by a coach of its own instead, as
    /// they are made (a command word of the game's, as `coach on` after
    /// its name), so the table's coach says nothing more of them.
    const OWN_COACH: bool = false;
    /// Whether its saved state keeps the table's `coach on` (one game
    /// does: the command is its).
    const KEEPS_COACH: bool = false;
    /// The state the store keeps for it (a room of a game keeps its run's).
    type State: Play;
    /// A change its own commands ask of the state (kept in a game's
    /// record, and taken again from it by a replay).
    type Action: Clone + Serialize + DeserializeOwned;
    /// A question they ask of it ([`Nothing`]: it has none).
    type Ask;
    /// What a change says happened (usually the game's events), in words
    /// a replay repeats (`player 1 rolled 4`, a card turned up).
    type Event: Display;

    /// Its rule text as shipped: file name and YAML.
    const RULES: Option<(&'static str, &'static str)> = None;
    /// Whether the code that deals a setup again would show what the
    /// table may not see (face-down cards). Such a code is sealed: not
    /// printed, drawn from the system's generator (not the session's seed,
    /// which is shown) unless the player chose the seed, and kept in the
    /// record, shown once the game is over.
    const SEALS_DEAL: bool = false;

    /// How `setup` lays it; `None`: it is not set up.
    fn setup() -> Option<SetUp<Self::State>>;

    /// How `solve` solves it; `None`: nothing to solve.
    fn solver() -> Option<Solver<Self::State>>;

    /// Why there is nothing to solve, when it is not a puzzle (`None`:
    /// the generic "has nothing to solve").
    fn unsolvable() -> Option<String> {
        None
    }

    /// Its own commands (`chess move e4`), for the parser, help and
    /// completion; empty when it has none.
    fn commands() -> Vec<clap::Command>;

    /// The fixed words Tab offers for the `index`th word after one of its
    /// commands (`path`: the command, any subcommand, then the words
    /// typed after it so far).
    fn completions(_path: &[&str], _index: usize) -> Vec<&'static str> {
        Vec::new()
    }

    /// The command line that takes `action` (`example take 3`): what a
    /// player types for it, and what [`Wing::order`] reads back as the
    /// same action (random play holds every wing to that).
    fn line(action: &Self::Action) -> String;

    /// Put in what the table knows and the words did not say (who plays,
    /// from the table's players), before the action is recorded: a record
    /// keeps the action completed, so a replay needs no table. Most
    /// actions have nothing to put in.
    fn complete(_action: &mut Self::Action, _table: &Context) {}

    /// What one of its commands asks (`command`: one of `commands`).
    fn order(
        command: &str,
        matches: &clap::ArgMatches,
    ) -> Result<Order<Self::Action, Self::Ask>, GameError>;

    fn ask(
        state: Option<&Self::State>,
        ask: Self::Ask,
        table: &mut Context,
    ) -> Result<Reply, GameError>;

    /// Make a change to the saved state (inside the store's transaction).
    fn act(
        slot: &mut Option<Self::State>,
        action: Self::Action,
        table: &mut Context,
    ) -> Result<Done<Vec<Self::Event>>, GameError>;

    /// A change that follows by itself, as an action of its own (the
    /// computer's answer to a move): applied and journaled after the one
    /// before it, so `undo` takes them back one at a time.
    fn follow_up(_state: Option<&Self::State>) -> Option<Self::Action> {
        None
    }

    /// The reply to the changes made, from the state as saved after them.
    fn answer(
        state: Option<&Self::State>,
        events: Vec<Self::Event>,
        table: &mut Context,
    ) -> Result<Reply, GameError>;

    /// What an action is to the open record of this game, as the state
    /// before it stands: a step of it (the default), a step of a room's
    /// own record, its end (filing a run ends the room in play rather
    /// than adding to it), or apart from it (tidying a history).
    fn in_record(_state: Option<&Self::State>, _action: &Self::Action) -> InRecord {
        InRecord::Step
    }

    /// The group a record of this game belongs to, as its state says (a
    /// room's record, its run: `run 2, started ...`);
    /// `None`: a game of its own.
    fn group(_state: &Self::State) -> Option<String> {
        None
    }

    /// Whether the table's coach is on, as its saved state keeps it
    /// (`KEEPS_COACH`).
    fn coach_on(_state: &Self::State) -> bool {
        false
    }

    /// What a move cost, as a coach marks it in a record's replay
    /// (`before` and `after` the states either side of one step): `None`
    /// when it kept the best, or when the game has no coach.
    fn coach(_before: &Self::State, _after: &Self::State) -> Option<String> {
        None
    }

    /// What a record of this game shows of a saved state: the picture
    /// and where it stands. The state's own view and turn, unless the
    /// game keeps several games in one state (a room of a run shows its
    /// own table and score, not the run's next room).
    fn look(state: &Self::State) -> (Layout, Turn) {
        (state.view(None), state.turn())
    }

    /// What the table's shared screen shows of its saved state besides
    /// the picture (a scorecard, a score pad), as a reply whose text is
    /// shown (`now`: seconds since 1970, for a running clock); `None`: the
    /// picture and whose turn it is say it all.
    fn screen(_state: &Self::State, _now: u64) -> Option<Reply> {
        None
    }

    /// Its layouts as the terminal draws them; `None` leaves it to the
    /// generic drawing.
    fn diagram(_layout: &Layout, _style: &Style) -> Option<String> {
        None
    }
}
