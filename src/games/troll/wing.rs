//! Angry Troll plugged into tablemate: its saved state, its actions, its
//! `troll` command, its setup and its diagram.

use super::actions::{Ask, TrollAction};
use super::events::Event;
use super::game::{Awakening, Phase, Troll};
use super::layout::layout;
use super::words::COMMAND_WORDS;
use super::{diagram, setup, show, words};
use crate::games::args::Given;
use crate::games::error::{GameError, Unsound};
use crate::games::game::Game;
use crate::games::game::Names;
use crate::games::wing::{Context, Done, Order, Play, Saved, Turn, Wing};
use crate::games::wing::{SetUp, Solver};
use crate::layout::Layout;
use crate::pieces::Card;
use crate::random::TableRng;
use crate::reply::Reply;
use crate::style::Style;

pub struct AngryTroll;

impl Saved for Troll {
    const GAME: Game = Game::AngryTroll;
    const WHAT: &'static str = "the saved troll game";
    const REPAIR: &'static str = "`setup troll` deals a new one";
    const EXPORT_KEY: &'static str = "troll";
    const EXPORT_ALWAYS: bool = true;
    const LEGACY_FILE: Option<(&'static str, &'static str)> = Some(("troll.json", "a troll game"));

    fn check(&self) -> Result<(), Unsound> {
        Troll::check(self)
    }

    fn summary(&self) -> String {
        "a troll game".into()
    }

    /// The player plays the troll: won when the troll won; the score is
    /// the cards left in the deck, the fewer the better.
    fn plays(&self) -> Vec<crate::plays::Play> {
        let Some(end) = self.outcome.as_ref().filter(|_| self.phase == Phase::Over) else {
            return Vec::new();
        };
        let mut play = crate::plays::Play::new(
            Self::GAME.id(),
            "",
            vec![String::new()],
            vec![Some(end.score as i64)],
            if end.troll_won { vec![0] } else { Vec::new() },
        );
        play.lower = true;
        vec![play]
    }
}

impl Play for Troll {
    type Action = TrollAction;
    type Event = Event;

    fn sample(rng: &mut TableRng) -> Troll {
        setup::new_game(&Given::default(), rng).expect("a random deal needs nothing given")
    }

    fn apply(&mut self, action: &TrollAction, rng: &mut TableRng) -> Result<Vec<Event>, GameError> {
        let before = self.clone();
        let done = match action {
            TrollAction::Awaken { card, dice } => self.awakening(*card, dice, rng),
            TrollAction::Brick { card } => self.name_brick(*card),
            TrollAction::Act { action } => self.act(*action),
        };
        if done.is_err() {
            *self = before;
        }
        done
    }

    fn legal(&self) -> Vec<TrollAction> {
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Act => self
                .legal_actions()
                .into_iter()
                .map(|action| TrollAction::Act { action })
                .collect(),
            // A game of the player's cards needs each card drawn named.
            Phase::Awaken if self.table && self.pending.is_empty() => Card::deck(false)
                .into_iter()
                .filter(|&c| {
                    self.clone()
                        .awakening(Some(c), &[1], &mut TableRng::new(0))
                        .is_ok()
                })
                .map(|c| TrollAction::Awaken {
                    card: Some(c),
                    dice: Vec::new(),
                })
                .collect(),
            Phase::Awaken => vec![TrollAction::Awaken {
                card: None,
                dice: Vec::new(),
            }],
            Phase::Name => Card::deck(false)
                .into_iter()
                .filter(|&c| self.clone().name_brick(c).is_ok())
                .map(|card| TrollAction::Brick { card })
                .collect(),
        }
    }

    fn turn(&self) -> Turn {
        Turn {
            to_move: (self.phase != Phase::Over).then(|| "the troll".to_string()),
            next: show::next(self),
            over: self.phase == Phase::Over,
            seat: None,
            role: None,
        }
    }

    fn layout(&self) -> Layout {
        layout(self)
    }

    /// The deck and the bricks lying face down: every card of the deck and
    /// the bridge's stacks but those turned up (played, awake, set aside,
    /// waiting or held).
    fn secrets(&self, _: Option<usize>) -> Vec<String> {
        let up: std::collections::BTreeSet<&String> = self
            .played
            .iter()
            .chain(&self.awake)
            .chain(&self.aside)
            .chain(&self.pending)
            .chain(self.held.iter().map(|h| &h.card))
            .collect();
        self.deck
            .iter()
            .chain(self.upper.iter().flatten())
            .chain(self.lower.iter().flatten())
            .filter(|c| !up.contains(c))
            .cloned()
            .collect()
    }
}

impl Troll {
    /// `troll awaken [CARD] [die=...]`: one card a die given (or the card
    /// named), else every card this phase plays; after the first card,
    /// running out simply ends the phase's cards.
    fn awakening(
        &mut self,
        card: Option<Card>,
        dice: &[u8],
        rng: &mut TableRng,
    ) -> Result<Vec<Event>, GameError> {
        let all = card.is_none() && dice.is_empty();
        let mut roll = || rng.below(6) as u8 + 1;
        let mut out = Vec::new();
        let mut dice = dice.iter().copied();
        let mut first = true;
        loop {
            let die = dice.next();
            if !first && die.is_none() && !all {
                break;
            }
            let given = Awakening {
                card: if first { card } else { None },
                die,
            };
            match self.awaken(given, &mut roll) {
                Ok(lines) => out.extend(lines),
                Err(_) if !first => break,
                Err(e) => return Err(e),
            }
            first = false;
            if self.phase != Phase::Awaken || (self.table && self.pending.is_empty()) {
                break;
            }
        }
        Ok(out)
    }
}

fn no_game() -> GameError {
    GameError::missing("no troll game: `setup troll` deals one")
}

impl Wing for AngryTroll {
    const GAME: Game = Game::AngryTroll;
    const NAMES: Names = Names {
        id: "angry-troll",
        title: "Angry Troll versus Magic Bridge",
        listed: "troll",
        short: Some("troll"),
        aliases: &["troll", "magic-bridge", "atmb"],
    };
    // The code of a dealt bridge would lay every face-down card.
    const SEALS_DEAL: bool = true;
    type State = Troll;
    type Action = TrollAction;
    type Ask = Ask;
    type Event = Event;

    const RULES: Option<(&'static str, &'static str)> = Some((
        "angry-troll.yaml",
        include_str!("../../../rules/angry-troll.yaml"),
    ));

    fn setup() -> Option<SetUp<Troll>> {
        Some(SetUp {
            args: &setup::DECLARED,
            examples: &["setup troll"],
            replaces: true,
            lay,
        })
    }

    fn solver() -> Option<Solver<Troll>> {
        None
    }

    fn commands() -> Vec<clap::Command> {
        vec![
            clap::Command::new("troll")
                .about("Angry Troll turn by turn: awaken, the troll's actions, show")
                .after_help(
                    "After `setup troll`, each turn: `awaken` plays the card(s)\n\
                     and rolls (or `card 7H die=3` for yours; `brick QS` names a\n\
                     brick of your own deck as it wakes); then two actions: move,\n\
                     stomp, pick up, club, throw, shovel, lay down + a direction\n\
                     (left, right, up, down). The bricks then flee by themselves.\n\
                     `actions` lists what is allowed; `undo` takes a step back.\n\n\
                     Examples (one game, in order):\n  troll awaken\n  troll actions\n  \
                     troll move left\n  troll move up\n  troll awaken die=3\n  troll score\n  \
                     troll\n  troll reveal",
                )
                .arg(
                    clap::Arg::new("words")
                        .value_name("ACTION")
                        .num_args(1..)
                        .trailing_var_arg(true)
                        .help(
                            "awaken [CARD] [die=N], card CARD, brick CARD, an action, actions, score, show, reveal",
                        ),
                ),
        ]
    }

    fn completions(path: &[&str], index: usize) -> Vec<&'static str> {
        match (index, path.get(1).copied()) {
            (0, _) => COMMAND_WORDS.to_vec(),
            // The actions that go a way: left, right, up or down.
            (1, Some("move" | "step" | "pick" | "club" | "throw" | "shovel")) => {
                vec!["left", "right", "up", "down"]
            }
            (2, Some("pick")) if path.get(2) == Some(&"up") => vec!["left", "right", "up", "down"],
            _ => Vec::new(),
        }
    }

    fn line(action: &TrollAction) -> String {
        format!("troll {action}")
    }

    fn order(_: &str, m: &clap::ArgMatches) -> Result<Order<TrollAction, Ask>, GameError> {
        words::order(&crate::games::args::words(m))
    }

    fn ask(state: Option<&Troll>, ask: Ask, _: &mut Context) -> Result<Reply, GameError> {
        let t = state.ok_or_else(no_game)?;
        Ok(match ask {
            Ask::Show => show::board(t.clone(), Vec::new()),
            Ask::Score => show::score(t),
            Ask::Reveal => show::reveal(t)?,
            Ask::Actions => show::actions(t),
        })
    }

    fn act(
        slot: &mut Option<Troll>,
        action: TrollAction,
        table: &mut Context,
    ) -> Result<Done<Vec<Event>>, GameError> {
        let game = slot.as_mut().ok_or_else(no_game)?;
        let said = game.apply(&action, table.rng)?;
        Ok(Done::changed(said, format!("troll {action}")))
    }

    fn answer(
        state: Option<&Troll>,
        said: Vec<Event>,
        _: &mut Context,
    ) -> Result<Reply, GameError> {
        let game = state.ok_or_else(no_game)?;
        Ok(show::board(game.clone(), said))
    }

    fn diagram(layout: &Layout, _: &Style) -> Option<String> {
        Some(diagram::draw(layout))
    }
}

/// `setup` for it (`Wing::setup`).
fn lay(
    slot: &mut Option<Troll>,
    given: &Given,
    table: &mut Context,
) -> Result<Done<Reply>, GameError> {
    let mut game = setup::new_game(given, table.rng)?;
    if !game.table {
        game.deal = table.again.map(str::to_string);
    }
    *slot = Some(game.clone());
    Ok(Done::changed(show::laid(game), "setup troll"))
}
