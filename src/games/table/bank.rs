//! The time bank (`turn clock 20m +10s out=lose`): each person's time
//! left, spent while it is their turn and topped up after it (Fischer's
//! increment); running out is said once and kept, and what it means is
//! the table's choice. Plain arithmetic on the times each action carries,
//! so a replay makes the same bank.

use serde::{Deserialize, Serialize};

/// What running out means: the table's choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Out {
    /// Who runs out loses (the table ends their game as a loss).
    Lose,
    /// It is said, and play goes on.
    Warn,
}

impl Out {
    pub fn word(self) -> &'static str {
        match self {
            Out::Lose => "lose",
            Out::Warn => "warn",
        }
    }
}

/// The table's time bank.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bank {
    /// Seconds each person starts with (and one seated later).
    pub each: u64,
    /// Seconds left, by person id (below zero: over their time).
    pub left: Vec<(u32, i64)>,
    /// Seconds added after each of a person's turns.
    #[serde(default)]
    pub plus: u64,
    pub out: Out,
    /// Who has run out, in the order they did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flagged: Vec<u32>,
    /// Paused since (seconds since 1970): no one's time runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused: Option<u64>,
}

impl Bank {
    /// A bank of `secs` each for `people` (ids).
    pub fn new(people: &[u32], secs: u64, plus: u64, out: Out) -> Bank {
        Bank {
            each: secs,
            left: people.iter().map(|&id| (id, secs as i64)).collect(),
            plus,
            out,
            flagged: Vec::new(),
            paused: None,
        }
    }

    /// The seconds `id` has in the bank, their running turn not counted
    /// (one seated since the bank began has what everyone began with).
    pub fn kept(&self, id: u32) -> Option<i64> {
        let kept = self.left.iter().find(|(p, _)| *p == id).map(|(_, s)| *s);
        Some(kept.unwrap_or(self.each as i64))
    }

    /// Set `id`'s time (one person's own bank).
    pub fn set(&mut self, id: u32, secs: u64) {
        match self.left.iter_mut().find(|(p, _)| *p == id) {
            Some((_, s)) => *s = secs as i64,
            None => self.left.push((id, secs as i64)),
        }
        self.flagged.retain(|p| *p != id);
    }

    /// Seconds of the turn running since `since` that count at `now`:
    /// none of the time paused.
    pub fn spent(&self, since: u64, now: u64) -> u64 {
        self.paused.unwrap_or(now).saturating_sub(since)
    }

    /// What `id` has left at `now`, with `running` (whose turn is timed,
    /// since when) counted.
    pub fn left_at(&self, id: u32, running: Option<(u32, u64)>, now: u64) -> Option<i64> {
        let kept = self.kept(id)?;
        let spending = match running {
            Some((r, since)) if r == id => self.spent(since, now) as i64,
            _ => 0,
        };
        Some(kept - spending)
    }

    /// `id`'s turn of `took` seconds ends: it comes off their time, then
    /// the increment goes on. Whether they ran out with it (said once).
    pub fn spend(&mut self, id: u32, took: u64) -> bool {
        // One seated since the bank began starts with what all did.
        let i = match self.left.iter().position(|(p, _)| *p == id) {
            Some(i) => i,
            None => {
                self.left.push((id, self.each as i64));
                self.left.len() - 1
            }
        };
        let s = &mut self.left[i].1;
        *s -= took as i64;
        let out = *s <= 0 && !self.flagged.contains(&id);
        if out {
            self.flagged.push(id);
        }
        *s += self.plus as i64;
        out
    }
}

pub use crate::style::clock;

/// A length as typed: `20m`, `90s`, `1h30m`, `1h`, `45s` (a unit is
/// needed: a bare number could be either).
pub fn length(word: &str) -> Option<u64> {
    let mut total: u64 = 0;
    let mut digits = String::new();
    let mut any = false;
    for c in word.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let unit = match c.to_ascii_lowercase() {
            'h' => 3600,
            'm' => 60,
            's' => 1,
            _ => return None,
        };
        let n: u64 = digits.parse().ok()?;
        total = total.checked_add(n.checked_mul(unit)?)?;
        digits.clear();
        any = true;
    }
    (any && digits.is_empty() && total <= 24 * 3600).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_read_as_typed() {
        assert_eq!(length("20m"), Some(1200));
        assert_eq!(length("1h30m"), Some(5400));
        assert_eq!(length("45s"), Some(45));
        assert_eq!(length("2m30s"), Some(150));
        for bad in ["20", "m", "20x", "", "25h", "1h30"] {
            assert_eq!(length(bad), None, "{bad}");
        }
    }

    /// Fischer: the turn comes off, then the increment goes on; running
    /// out is said once; a pause stops the time.
    #[test]
    fn a_bank_spends_tops_up_and_runs_out_once() {
        let mut b = Bank::new(&[1, 2], 60, 10, Out::Warn);
        assert!(!b.spend(1, 45));
        assert_eq!(b.kept(1), Some(25));
        assert!(b.spend(1, 30));
        assert_eq!(b.kept(1), Some(5));
        assert!(!b.spend(1, 30), "said once");
        assert_eq!(b.flagged, vec![1]);
        assert_eq!(b.left_at(2, Some((2, 100)), 130), Some(30));
        b.paused = Some(110);
        assert_eq!(b.left_at(2, Some((2, 100)), 500), Some(50));
        assert_eq!(clock(-7), "-0:07");
        assert_eq!(clock(3725), "1:02:05");
        assert_eq!(clock(1172), "19:32");
    }
}
