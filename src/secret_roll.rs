//! Secret rolls: dice rolled for one person and shown only on their seat,
//! while the table sees that they rolled and a commitment to what came
//! up. Revealed later, the dice are shown to all and checked against the
//! commitment the table saw, so a roller cannot change them in between.
//!
//! The commitment is the SHA-256 of the expression, the dice as shown,
//! the totals, the generator's seed and place in its stream, and a
//! 128-bit salt: the salt keeps the table from trying every outcome of
//! `2d6` against it. A secret roll draws from a seed of its own, from
//! the operating system (the session's seed is shown to everyone, so
//! dice drawn from it could be worked out).
//!
//! The roll log holds the commitment (`Entry::secret`) and, on reveal,
//! the dice with the salt (`Entry::reveals`); what the roller has not
//! revealed waits in `rolls.secret` beside it (one JSON line a roll, the
//! player's alone like every file of the data directory).

use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::own_file::{self, Refused};
use crate::roll_log::{self, Entry};

const FILE: &str = "rolls.secret";
/// Most bytes of the file read.
const MAX_READ: u64 = 4 * 1024 * 1024;

/// A secret roll as its roller keeps it until it is revealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HiddenRoll {
    pub at: u64,
    pub by: String,
    pub expr: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub seed: u64,
    pub draw: u64,
    pub totals: Vec<i64>,
    pub shown: String,
    /// 128 bits, as hex.
    pub salt: String,
    pub commitment: String,
}

/// The commitment to a roll: what `log verify` and `reveal` work out
/// again from the revealed dice.
pub fn commitment(
    expr: &str,
    shown: &str,
    totals: &[i64],
    seed: u64,
    draw: u64,
    salt: &str,
) -> String {
    let totals: Vec<String> = totals.iter().map(i64::to_string).collect();
    roll_log::link(&format!(
        "tablemate secret roll\n{expr}\n{shown}\n{}\n{seed}\n{draw}\n{salt}",
        totals.join(",")
    ))
}

impl HiddenRoll {
    /// Whether its commitment is the one its own fields give.
    pub fn holds(&self) -> bool {
        commitment(
            &self.expr,
            &self.shown,
            &self.totals,
            self.seed,
            self.draw,
            &self.salt,
        ) == self.commitment
    }

    /// The line the table's log gets now: who rolled what, and the
    /// commitment in place of the dice.
    pub fn committed(&self) -> Entry {
        Entry {
            at: self.at,
            expr: self.expr.clone(),
            note: self.note.clone(),
            seed: 0,
            draw: 0,
            repeats: 1,
            totals: Vec::new(),
            shown: String::new(),
            by: Some(self.by.clone()),
            prev: None,
            chosen: false,
            choice: false,
            secret: Some(self.commitment.clone()),
            faces: None,
            reveals: None,
        }
    }

    /// The line the log gets when it is revealed (`now`): the dice, where
    /// they came from, and the salt that opens the commitment.
    pub fn revealed(&self, now: u64) -> Entry {
        Entry {
            at: now,
            expr: self.expr.clone(),
            note: self.note.clone(),
            seed: self.seed,
            draw: self.draw,
            repeats: 1,
            totals: self.totals.clone(),
            shown: self.shown.clone(),
            by: Some(self.by.clone()),
            prev: None,
            chosen: false,
            choice: false,
            secret: None,
            faces: None,
            reveals: Some(roll_log::Reveals {
                commitment: self.commitment.clone(),
                salt: self.salt.clone(),
            }),
        }
    }
}

/// Keep a secret roll for its roller.
pub fn keep(dir: &Path, roll: &HiddenRoll) -> Result<(), Refused> {
    own_file::private_dir(dir)?;
    let path = dir.join(FILE);
    let mut file = own_file::append(dir, &path)?;
    let mut line = serde_json::to_string(roll).map_err(std::io::Error::other)?;
    line.push('\n');
    file.write_all(line.as_bytes())?;
    Ok(())
}

/// The secret rolls' file, held locked until the handle is dropped:
/// reveals go one at a time, so two processes revealing at once never
/// open the same roll twice (each reads what is waiting and logs its
/// reveal under the lock).
pub fn lock(dir: &Path) -> Result<std::fs::File, Refused> {
    own_file::private_dir(dir)?;
    let file = own_file::append(dir, &dir.join(FILE))?;
    file.lock()?;
    Ok(file)
}

/// Every secret roll kept, oldest first (lines that do not read are
/// passed over).
pub fn kept(dir: &Path) -> Result<Vec<HiddenRoll>, Refused> {
    let Some(tail) = own_file::read_tail(dir, &dir.join(FILE), MAX_READ)? else {
        return Ok(Vec::new());
    };
    Ok(String::from_utf8_lossy(&tail.bytes)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect())
}

/// `by`'s secret rolls the log has a commitment to and no reveal of yet,
/// oldest first.
pub fn waiting(dir: &Path, by: &str) -> Result<Vec<HiddenRoll>, Refused> {
    let log = roll_log::read(dir)?.entries;
    let committed = |c: &str| log.iter().any(|e| e.secret.as_deref() == Some(c));
    let opened = |c: &str| {
        log.iter()
            .any(|e| e.reveals.as_ref().is_some_and(|r| r.commitment == c))
    };
    Ok(kept(dir)?
        .into_iter()
        .filter(|r| r.by == by && committed(&r.commitment) && !opened(&r.commitment))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll() -> HiddenRoll {
        let mut r = HiddenRoll {
            at: 1,
            by: "ann".into(),
            expr: "2d6".into(),
            note: None,
            seed: 42,
            draw: 0,
            totals: vec![8],
            shown: "2d6 [3, 5] = 8".into(),
            salt: "00ff".into(),
            commitment: String::new(),
        };
        r.commitment = commitment(&r.expr, &r.shown, &r.totals, r.seed, r.draw, &r.salt);
        r
    }

    #[test]
    fn a_commitment_opens_only_with_the_same_dice_and_salt() {
        let r = roll();
        assert!(r.holds());
        let mut edited = r.clone();
        edited.totals = vec![12];
        edited.shown = "2d6 [6, 6] = 12".into();
        assert!(!edited.holds());
        let mut salted = r.clone();
        salted.salt = "00fe".into();
        assert!(!salted.holds());
        assert_eq!(r.commitment.len(), 64);
    }

    #[test]
    fn waiting_rolls_are_the_committed_and_not_revealed() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let r = roll();
        keep(d, &r).unwrap();
        // Kept but not committed in the log: not waiting.
        assert!(waiting(d, "ann").unwrap().is_empty());
        roll_log::append(d, &r.committed()).unwrap();
        assert_eq!(waiting(d, "ann").unwrap(), std::slice::from_ref(&r));
        assert!(waiting(d, "ben").unwrap().is_empty());
        roll_log::append(d, &r.revealed(2)).unwrap();
        assert!(waiting(d, "ann").unwrap().is_empty());
    }
}
