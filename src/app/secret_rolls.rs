//! `roll 2d6 secret` and `roll reveal`: a roll only its roller sees, on
//! their seat, and the table the commitment; revealed, the dice shown to
//! all and checked against that commitment (see `secret_roll`).

use serde::Serialize;

use super::{App, Result, invalid};
use crate::dice::{self, show};
use crate::random::TableRng;
use crate::reply::{Reply, Show};
use crate::roll_log;
use crate::secret_roll::{self, HiddenRoll};
use crate::style::Style;

/// What the terminal or the roller's seat is told of a secret roll.
#[derive(Debug, Serialize)]
struct Rolled {
    by: String,
    expr: String,
    commitment: String,
    /// The dice, on the roller's own seat only.
    #[serde(skip_serializing_if = "Option::is_none")]
    dice: Option<String>,
}

impl Show for Rolled {
    fn show(&self, _: &Style) -> String {
        let head = &self.commitment[..12];
        match &self.dice {
            Some(d) => format!(
                "{d} (in secret: the table sees only that you rolled, and the commitment {head}; `Reveal` shows them to all)"
            ),
            None => format!(
                "{} rolled {} in secret: the dice show on {}'s seat alone; commitment {head} (`roll reveal as {}` shows them to all)",
                self.by, self.expr, self.by, self.by
            ),
        }
    }
}

/// A secret roll revealed.
#[derive(Debug, Serialize)]
struct Revealed {
    by: String,
    expr: String,
    shown: String,
    totals: Vec<i64>,
    commitment: String,
    ago: String,
}

impl Show for Revealed {
    fn show(&self, _: &Style) -> String {
        format!(
            "{} reveals {}, rolled in secret {}: it opens the commitment {} the table saw",
            self.by,
            self.shown,
            self.ago,
            &self.commitment[..12]
        )
    }
}

impl App {
    /// The person a secret roll or reveal is for: the seat's own, or who
    /// `as NAME` named at the terminal.
    fn secret_roller(&self, what: &str) -> Result<String> {
        self.rolling_for.clone().ok_or_else(|| {
            invalid(format!(
                "a secret roll is someone's: {what} as NAME (the dice show on their seat)"
            ))
        })
    }

    /// `roll EXPR secret`: rolled from a seed of its own, kept for the
    /// roller, the commitment logged for the table.
    pub(super) fn roll_secret(&mut self, source: &str) -> Result<Reply> {
        let by = self.secret_roller(&format!("roll {source} secret"))?;
        let on_seat = self.acting.is_some();
        if !on_seat {
            self.has_a_seat(&by)?;
        }
        let source = self.with_saved(source)?;
        let parsed = dice::parse(&source)?;
        if parsed.repeats != 1 {
            return Err(invalid(format!(
                "'{source}': a secret roll is one roll (no repeats)"
            )));
        }
        let seed = crate::random::system_word() >> 11;
        let mut rng = TableRng::new(seed);
        let mut o = dice::Outcome::default();
        dice::roll::roll_into(&parsed, &mut rng, &mut o)?;
        let mut shown = String::new();
        show::roll_line(&mut shown, &parsed, &o, None, &Style::plain());
        let shown: String = shown.chars().take(roll_log::MAX_SHOWN).collect();
        let salt = crate::random::secret_hex().map_err(|e| {
            invalid(format!(
                "no salt could be drawn from the system ({e}): nothing was rolled"
            ))
        })?;
        let totals = vec![o.total];
        let commitment = secret_roll::commitment(&parsed.body, &shown, &totals, seed, 0, &salt);
        let roll = HiddenRoll {
            at: roll_log::now(),
            by: by.clone(),
            expr: parsed.body.clone(),
            note: parsed.comment.clone(),
            seed,
            draw: 0,
            totals,
            shown: shown.clone(),
            salt,
            commitment: commitment.clone(),
        };
        // Kept for the roller first: a commitment the log holds must be
        // one the roller can open.
        secret_roll::keep(self.store.dir(), &roll).map_err(|e| {
            invalid(format!(
                "the secret roll could not be kept ({e}): nothing was rolled"
            ))
        })?;
        roll_log::append(self.store.dir(), &roll.committed()).map_err(|e| {
            invalid(format!(
                "the roll log could not be written ({e}): a secret roll needs the table to see its commitment"
            ))
        })?;
        Ok(Reply::new(
            "secret-roll",
            Rolled {
                by,
                expr: parsed.body,
                commitment,
                dice: on_seat.then_some(shown),
            },
        ))
    }

    /// Whether `name` has a seat to see a secret roll on.
    fn has_a_seat(&self, name: &str) -> Result<()> {
        let at = self.at_table()?;
        let id = at
            .seating
            .as_ref()
            .and_then(|t| t.exactly(name))
            .map(|p| p.id.to_string());
        let links = self.store.seat_links()?;
        match id {
            Some(id) if links.iter().any(|(seat, _)| *seat == id) => Ok(()),
            _ => Err(invalid(format!(
                "{name} has no seat to see the dice on: `serve` shows the table, and `serve seats` gives each a seat"
            ))),
        }
    }

    /// `roll reveal`: the roller's oldest secret roll not yet revealed,
    /// checked against its commitment and its seed, then logged with its
    /// dice for all.
    pub(super) fn reveal_secret(&mut self) -> Result<Reply> {
        let by = self.secret_roller("roll reveal")?;
        let dir = self.store.dir().to_path_buf();
        // What is waiting is read, and its reveal logged, under one lock.
        let _one_at_a_time = secret_roll::lock(&dir)
            .map_err(|e| invalid(format!("the secret rolls cannot be read: {e}")))?;
        let waiting = secret_roll::waiting(&dir, &by)
            .map_err(|e| invalid(format!("the secret rolls cannot be read: {e}")))?;
        let Some(roll) = waiting.into_iter().next() else {
            return Err(invalid(format!("{by} has no secret roll to reveal")));
        };
        // The dice must open the commitment and follow from the seed:
        // a kept roll changed since is refused, never shown as true.
        let again = dice::parse(&roll.expr).ok().and_then(|p| {
            let mut rng = TableRng::at(roll.seed, roll.draw);
            let mut o = dice::Outcome::default();
            dice::roll::roll_into(&p, &mut rng, &mut o).ok()?;
            Some(o.total)
        });
        if !roll.holds() || again != roll.totals.first().copied() {
            return Err(invalid(format!(
                "{by}'s secret roll of {} was changed after it was rolled: it does not open the commitment {} the table saw, so it is not revealed",
                roll.expr,
                &roll.commitment[..12]
            )));
        }
        let now = roll_log::now();
        roll_log::append(&dir, &roll.revealed(now))
            .map_err(|e| invalid(format!("the roll log could not be written ({e})")))?;
        Ok(Reply::new(
            "reveal",
            Revealed {
                by,
                expr: roll.expr,
                shown: roll.shown,
                totals: roll.totals,
                commitment: roll.commitment,
                ago: roll_log::ago(roll.at, now),
            },
        ))
    }

    /// The seat's own secret rolls not yet revealed, as it sees them.
    pub(super) fn secret_rolls_of(&self, by: &str) -> Vec<String> {
        secret_roll::waiting(self.store.dir(), by)
            .map(|w| w.into_iter().map(|r| r.shown).collect())
            .unwrap_or_default()
    }
}
