//! Liar's Dice as a wing: `setup liars-dice`, its words (`liars bid 3 5`,
//! `liars challenge`, `liars odds`) and its replies. A reply goes to
//! whoever asked: at the terminal (the whole table) it never names a
//! die under a cup; on a seat's phone it shows that seat's own cup.

use serde::Serialize;

use super::odds::{self, Chance};
use super::{Bid, Event, Liars, LiarsAction, faces};
use crate::games::args::{Arg, Declared, Given, Type};
use crate::games::error::GameError;
use crate::games::game::{Game, Names};
use crate::games::wing::{Context, Done, Order, Play, SetUp, Solver, Turn, Wing};
use crate::reply::{Reply, Show};
use crate::style::Style;

const DECLARED: Declared = Declared {
    id: "liars-dice",
    words: None,
    args: &[
        Arg {
            key: "players",
            ty: Type::Number { min: 2, max: 6 },
            help: "how many play (as many as sit, else 2)",
        },
        Arg {
            key: "ones",
            ty: Type::OneOf(&["wild", "plain"]),
            help: "wild: ones count as any face; plain: they do not",
        },
    ],
};

/// A question of the game's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// The chance a bid is true (the standing one if none is given), from
    /// the asker's own cup.
    Odds { bid: Option<(u8, u8)> },
}

/// What every reply shows: what happened, the dice in play, the bid,
/// whose move, and the asker's own cup where the asker is a seat.
#[derive(Debug, Serialize)]
struct View {
    said: Vec<Event>,
    round: u32,
    /// Dice under each cup, by name.
    cups: Vec<(String, usize)>,
    bid: Option<Bid>,
    turn: Turn,
    /// The asking seat's own dice (never in a reply to the terminal).
    #[serde(skip_serializing_if = "Option::is_none")]
    yours: Option<Vec<u8>>,
}

impl Show for View {
    fn show(&self, _: &Style) -> String {
        let mut lines: Vec<String> = self.said.iter().map(Event::to_string).collect();
        let cups: Vec<String> = self
            .cups
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(who, n)| format!("{who} {n}"))
            .collect();
        lines.push(format!("dice under the cups: {}", cups.join(", ")));
        if let Some(b) = self.bid {
            lines.push(format!("the bid: {}", Bid::said(b.quantity, b.face)));
        }
        if let Some(d) = &self.yours {
            lines.push(format!("your cup: {}", faces(d)));
        }
        lines.push(crate::games::record::standing(&self.turn));
        lines.join("\n")
    }
}

/// The seat the acting person sits in, found by name (`None`: the
/// terminal, which sees no cup).
fn asker(game: &Liars, table: &Context) -> Option<usize> {
    let who = &table.acting.as_ref()?.name;
    game.people.iter().position(|p| p == who)
}

fn view(game: &Liars, said: Vec<Event>, table: &Context) -> Reply {
    let seat = asker(game, table);
    Reply::new(
        "liars",
        View {
            said,
            round: game.round,
            cups: (0..game.cups.len())
                .map(|s| (game.name(s), game.cups[s].len()))
                .collect(),
            bid: game.bid,
            turn: game.turn(),
            yours: seat.map(|s| game.cups[s].clone()),
        },
    )
    .with_layout(game.view(seat))
}

/// The answer to `liars odds`.
#[derive(Debug, Serialize)]
struct OddsView {
    quantity: u8,
    face: u8,
    chance: Chance,
    /// Whose point of view: the asker's name, or the table's.
    from: String,
}

impl Show for OddsView {
    fn show(&self, _: &Style) -> String {
        let c = &self.chance;
        format!(
            "{} is true with chance {}/{} ({}), from {}: {} counted, {} of {} unseen dice needed",
            Bid::said(self.quantity, self.face),
            crate::style::grouped(c.numerator),
            crate::style::grouped(c.denominator),
            // As `prob` says a chance: never a bare 0.00%.
            crate::dice::show::percent(&c.numerator.into(), &c.denominator.into()),
            self.from,
            c.known,
            c.needed,
            c.unknown
        )
    }
}

fn lay(
    slot: &mut Option<Liars>,
    given: &Given,
    table: &mut Context,
) -> Result<Done<Reply>, GameError> {
    let players = given
        .number("players")
        .map_or_else(|| table.players.len().clamp(2, 6), |n| n as usize);
    // The table's people take the seats from who starts; a game set up
    // with no one seated calls them player 1, player 2, ...
    let people: Vec<String> = (0..players)
        .map(|i| table.players.get(i).cloned().unwrap_or_default())
        .collect();
    let wild = given.choice("ones") != Some("plain");
    let game = Liars::new(people, wild, table.rng.next_u64());
    *slot = Some(game.clone());
    let said = vec![Event::Shaken {
        round: 1,
        dice: game.in_play(),
    }];
    Ok(Done::changed(view(&game, said, table), "setup liars-dice"))
}

pub struct LiarsDice;

impl Wing for LiarsDice {
    const GAME: Game = Game::LiarsDice;
    const NAMES: Names = Names {
        id: "liars-dice",
        title: "Liar's Dice",
        listed: "liars-dice",
        short: Some("liars"),
        aliases: &["liars", "perudo", "dudo"],
    };
    type State = Liars;
    type Action = LiarsAction;
    type Ask = Ask;
    type Event = Event;

    const RULES: Option<(&'static str, &'static str)> = Some((
        "liars-dice.yaml",
        include_str!("../../../rules/liars-dice.yaml"),
    ));

    fn setup() -> Option<SetUp<Liars>> {
        Some(SetUp {
            args: &DECLARED,
            examples: &["setup liars-dice", "setup liars-dice players=4 ones=plain"],
            replaces: true,
            lay,
        })
    }

    fn solver() -> Option<Solver<Liars>> {
        None
    }

    fn unsolvable() -> Option<String> {
        Some("Liar's Dice is a game of bluff: `liars odds` weighs a bid instead".into())
    }

    fn commands() -> Vec<clap::Command> {
        vec![
            clap::Command::new("liars")
                .about("Liar's Dice: bid QUANTITY FACE, challenge, odds [QUANTITY FACE]")
                .arg(crate::games::args::words_arg("bid 3 5, challenge, odds")),
        ]
    }

    fn completions(path: &[&str], index: usize) -> Vec<&'static str> {
        match (path, index) {
            (["liars"], 0) => vec!["bid", "challenge", "odds"],
            _ => Vec::new(),
        }
    }

    fn line(action: &LiarsAction) -> String {
        format!("liars {action}")
    }

    fn order(_: &str, m: &clap::ArgMatches) -> Result<Order<LiarsAction, Ask>, GameError> {
        let words = crate::games::args::words(m);
        let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
        let w: Vec<&str> = lower.iter().map(String::as_str).collect();
        let bid = |q: &str, f: &str| -> Result<(u8, u8), GameError> {
            let quantity = q.parse::<u8>().map_err(|_| {
                GameError::word(format!(
                    "'{}' is not a quantity: how many dice, like 3",
                    crate::style::clip_quoted(q)
                ))
            })?;
            let face = match f.trim_end_matches('s').parse::<u8>() {
                Ok(n @ 1..=6) => n,
                _ => {
                    return Err(GameError::word(format!(
                        "'{}' is not a face: 1 to 6",
                        crate::style::clip_quoted(f)
                    )));
                }
            };
            Ok((quantity, face))
        };
        match w.as_slice() {
            ["bid", q, f] => {
                let (quantity, face) = bid(q, f)?;
                Ok(Order::Act(LiarsAction::Bid { quantity, face }))
            }
            ["bid", ..] => Err(GameError::word(
                "a bid is a quantity and a face: liars bid 3 5 (three fives)",
            )),
            ["challenge" | "liar" | "dudo" | "call"] => Ok(Order::Act(LiarsAction::Challenge)),
            ["odds"] => Ok(Order::Ask(Ask::Odds { bid: None })),
            ["odds", q, f] => Ok(Order::Ask(Ask::Odds {
                bid: Some(bid(q, f)?),
            })),
            ["odds", ..] => Err(GameError::word(
                "odds takes a bid or nothing: liars odds, liars odds 4 5",
            )),
            [] => Err(GameError::word(
                "say what you do: liars bid 3 5, liars challenge, or liars odds",
            )),
            [other, ..] => {
                let known = ["bid", "challenge", "odds"];
                let near = crate::suggest::nearest(other, known.iter().copied());
                Err(GameError::word(match near.first() {
                    Some(n) => format!(
                        "'{}' is not a word of liars: did you mean `{n}`?",
                        crate::style::clip_quoted(&words[0])
                    ),
                    None => format!(
                        "'{}' is not a word of liars: bid, challenge or odds",
                        crate::style::clip_quoted(&words[0])
                    ),
                }))
            }
        }
    }

    fn ask(state: Option<&Liars>, ask: Ask, table: &mut Context) -> Result<Reply, GameError> {
        let game = state.ok_or_else(|| GameError::missing("no game: `setup liars-dice`"))?;
        let Ask::Odds { bid } = ask;
        let (quantity, face) = match (bid, game.bid) {
            (Some(b), _) => b,
            (None, Some(b)) => (b.quantity, b.face),
            (None, None) => {
                return Err(GameError::missing(
                    "no bid stands: ask of one, like liars odds 3 5",
                ));
            }
        };
        if !(1..=6).contains(&face) {
            return Err(GameError::word(format!("'{face}' is not a face: 1 to 6")));
        }
        let seat = asker(game, table);
        let own: &[u8] = seat.map_or(&[], |s| &game.cups[s]);
        let known = game.count(&[own.to_vec()], face);
        let unknown = game.in_play() - own.len() as u8;
        let hits = if game.ones_wild && face != 1 { 2 } else { 1 };
        let chance = odds::at_least(quantity, known, unknown, hits);
        Ok(Reply::new(
            "liars-odds",
            OddsView {
                quantity,
                face,
                chance,
                from: seat.map_or_else(
                    || "the table's view (no cup seen)".into(),
                    |s| format!("{}'s cup", game.name(s)),
                ),
            },
        ))
    }

    fn act(
        slot: &mut Option<Liars>,
        action: LiarsAction,
        table: &mut Context,
    ) -> Result<Done<Vec<Event>>, GameError> {
        let game = slot
            .as_mut()
            .ok_or_else(|| GameError::missing("no game: `setup liars-dice`"))?;
        let said = game.apply(&action, table.rng)?;
        Ok(Done::changed(said, format!("liars {action}")))
    }

    fn diagram(layout: &crate::layout::Layout, _: &Style) -> Option<String> {
        Some(super::diagram::draw(layout))
    }

    fn answer(
        state: Option<&Liars>,
        said: Vec<Event>,
        table: &mut Context,
    ) -> Result<Reply, GameError> {
        let game = state.ok_or_else(|| GameError::missing("no game: `setup liars-dice`"))?;
        Ok(view(game, said, table))
    }
}
