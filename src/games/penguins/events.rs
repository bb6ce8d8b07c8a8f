//! What happens on the penguins' board, as typed events; each reads as
//! the sentence the table is told. Players are numbered from 0 here and
//! from 1 in words.

use std::fmt;

use serde::Serialize;

use super::squares::{Sq, sq_name};
use crate::games::compass::Dir;
use crate::pieces::Domino;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A buddy token placed during setup.
    Placed {
        placer: usize,
        owner: usize,
        at: Sq,
    },
    Rolled {
        player: usize,
        roll: u8,
    },
    Stayed {
        player: usize,
    },
    Walked {
        player: usize,
        steps: usize,
        to: Sq,
        pips: u8,
    },
    /// The mover picked up one of its own buddies.
    PickedUp {
        carrying: u8,
    },
    /// The move ended on a double: buddies may be nudged.
    Double {
        pips: u8,
        each: bool,
    },
    /// The two dice of the alteration, and the domino they name.
    Altered {
        player: usize,
        a: u8,
        b: u8,
        domino: Domino,
    },
    NotOnBoard {
        domino: Domino,
    },
    /// The mover stands on the domino rolled: any vacant one may move.
    MoverOn {
        domino: Domino,
    },
    AlreadyStunned {
        player: usize,
        domino: Domino,
    },
    Stunned {
        player: usize,
        domino: Domino,
    },
    /// Buddy tokens on the domino rolled may each move a square.
    BuddiesOn {
        count: usize,
        domino: Domino,
        first: Sq,
        /// A way the first may go that stays on the board, for the
        /// example (none when no way does).
        way: Option<Dir>,
    },
    Vacant {
        domino: Domino,
    },
    /// A buddy moved onto its own penguin, who picks it up.
    BuddyHome {
        dir: Dir,
        owner: usize,
        carrying: u8,
    },
    BuddyMoved {
        owner: usize,
        dir: Dir,
        to: Sq,
    },
    Relocated {
        domino: Domino,
        to: Sq,
        down: bool,
        renumbered: bool,
    },
    Won {
        player: usize,
    },
    Passes {
        player: usize,
    },
    ToRoll {
        player: usize,
    },
}

impl Event {
    /// The sentence the table is told, naming each player by `who` (their
    /// name where the table was seated, else `player 2`).
    pub fn told(&self, who: &dyn Fn(usize) -> String) -> String {
        let mut out = String::new();
        let f = &mut out;
        let _ = self.tell(f, who);
        out
    }

    fn tell(&self, f: &mut String, who: &dyn Fn(usize) -> String) -> fmt::Result {
        use std::fmt::Write as _;
        match self {
            Event::Placed { placer, owner, at } => write!(
                f,
                "{} placed {}'s buddy on {}",
                who(*placer),
                who(*owner),
                sq_name(*at)
            ),
            Event::Rolled { player, roll } => write!(
                f,
                "{} rolled {roll}: move up to six squares, stopping on a {roll}",
                who(*player)
            ),
            Event::Stayed { player } => write!(f, "{} stays put", who(*player)),
            Event::Walked {
                player,
                steps,
                to,
                pips,
            } => write!(
                f,
                "{} moved {steps} to {} ({pips})",
                who(*player),
                sq_name(*to)
            ),
            Event::PickedUp { carrying } => {
                write!(f, "picked up a buddy: carrying {carrying}")
            }
            Event::Double { pips, each } => write!(
                f,
                "ended on the double {pips}-{pips}: {} (`penguins shift r3c4 north`)",
                if *each {
                    "move each of your buddies one space"
                } else {
                    "move one of your buddies one space"
                }
            ),
            Event::Altered {
                player,
                a,
                b,
                domino,
            } => write!(f, "{} rolled {a} and {b}: domino {domino}", who(*player)),
            Event::NotOnBoard { domino } => {
                write!(f, "{domino} is not on the board: nothing happens")
            }
            Event::MoverOn { domino } => write!(
                f,
                "you stand on {domino}: you may move any vacant domino (`penguins relocate 2-4 r1c9`)"
            ),
            Event::AlreadyStunned { player, domino } => {
                write!(f, "{} is on {domino}, already stunned", who(*player))
            }
            Event::Stunned { player, domino } => write!(
                f,
                "{} is on {domino}: stunned, and misses their next turn",
                who(*player)
            ),
            Event::BuddiesOn {
                count,
                domino,
                first,
                way,
            } => {
                write!(
                    f,
                    "{count} buddy {} on {domino}: each may move to a square beside it",
                    if *count == 1 { "token" } else { "tokens" },
                )?;
                match way {
                    Some(d) => write!(f, " (`penguins shift {} {}`)", sq_name(*first), d.name()),
                    None => Ok(()),
                }
            }
            Event::Vacant { domino } => write!(
                f,
                "{domino} is vacant: you may move it anywhere beside the board (`penguins relocate {domino} r1c9`, `v` after the square to lay it down the table)"
            ),
            Event::BuddyHome {
                dir,
                owner,
                carrying,
            } => write!(
                f,
                "the buddy moved {} onto {}'s penguin, who picks it up (carrying {carrying})",
                dir.name(),
                who(*owner)
            ),
            Event::BuddyMoved { owner, dir, to } => write!(
                f,
                "{}'s buddy moved {} to {}",
                who(*owner),
                dir.name(),
                sq_name(*to)
            ),
            Event::Relocated {
                domino,
                to,
                down,
                renumbered,
            } => {
                write!(
                    f,
                    "{domino} now lies at {} {}",
                    sq_name(*to),
                    if *down { "down the table" } else { "across" }
                )?;
                if *renumbered {
                    f.write_str("; the board is renumbered from its new top-left square")?;
                }
                Ok(())
            }
            Event::Won { player } => write!(
                f,
                "{} is home with both buddies: {} wins!",
                who(*player),
                who(*player)
            ),
            Event::Passes { player } => write!(f, "{} is stunned and passes", who(*player)),
            Event::ToRoll { player } => write!(f, "{} to roll", who(*player)),
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.told(&|i| format!("player {}", i + 1)))
    }
}

// Tests compare an event with the sentence the table is told.
#[cfg(test)]
crate::games::error::said_as!(Event);
