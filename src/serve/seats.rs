//! The seats: one secret per player, minted when serving starts (or when
//! `serve seats` is asked after someone joins), revoked by `serve revoke
//! NAME`. A phone that holds a seat's secret acts as that player; each
//! seat may act only so often.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// How many actions a seat may take within `WINDOW`.
pub const MOST_ACTIONS: usize = 10;
/// The window the rate counts over.
pub const WINDOW: Duration = Duration::from_secs(10);

struct Seat {
    name: String,
    secret: String,
    /// When its recent actions came, oldest first.
    recent: VecDeque<Instant>,
}

/// Every seat handed out and not revoked.
#[derive(Default)]
pub struct Seats {
    seats: Vec<Seat>,
}

/// Why a seat's action was not taken before it reached the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Barred {
    /// No seat has this secret (never had, or it was revoked).
    Unknown,
    /// Too many actions in too short a time.
    TooFast,
}

/// Constant-time comparison, so a secret cannot be guessed by timing.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

impl Seats {
    /// The secret of `name`'s seat, drawn by `draw` if the player has
    /// none yet (`draw` keeps it where every terminal finds it).
    pub fn seat<E>(
        &mut self,
        name: &str,
        draw: impl FnOnce() -> Result<String, E>,
    ) -> Result<String, E> {
        if let Some(s) = self.seats.iter().find(|s| s.name == name) {
            return Ok(s.secret.clone());
        }
        let secret = draw()?;
        self.seats.push(Seat {
            name: name.to_string(),
            secret: secret.clone(),
            recent: VecDeque::new(),
        });
        Ok(secret)
    }

    /// Take `name`'s seat away: its secret opens nothing from now on.
    /// Whether it had one.
    pub fn revoke(&mut self, name: &str) -> bool {
        let before = self.seats.len();
        self.seats.retain(|s| s.name != name);
        self.seats.len() < before
    }

    /// Follow the seats the store keeps (`links`: name, secret): a seat
    /// closed elsewhere closes here, one handed out elsewhere opens.
    /// Whether any closed.
    pub fn follow(&mut self, links: &[(String, String)]) -> bool {
        let before = self.seats.len();
        self.seats.retain(|s| {
            links
                .iter()
                .any(|(n, x)| *n == s.name && same(x, &s.secret))
        });
        let closed = self.seats.len() < before;
        for (name, secret) in links {
            if !self.seats.iter().any(|s| s.name == *name) {
                self.seats.push(Seat {
                    name: name.clone(),
                    secret: secret.clone(),
                    recent: VecDeque::new(),
                });
            }
        }
        closed
    }

    /// The seats handed out, in the order they were: (name, secret).
    pub fn all(&self) -> Vec<(String, String)> {
        self.seats
            .iter()
            .map(|s| (s.name.clone(), s.secret.clone()))
            .collect()
    }

    /// Whose seat `secret` opens. Every seat is compared, so the time
    /// taken does not say which one came closest.
    pub fn who(&self, secret: &str) -> Option<String> {
        self.seats
            .iter()
            .fold(None, |found, s| match same(&s.secret, secret) {
                true => Some(s.name.clone()),
                false => found,
            })
    }

    /// The seat whose secret this is, if it may act now (counting this
    /// action against its rate).
    pub fn admit(&mut self, secret: &str, now: Instant) -> Result<String, Barred> {
        let name = self.who(secret).ok_or(Barred::Unknown)?;
        let seat = self
            .seats
            .iter_mut()
            .find(|s| s.name == name)
            .ok_or(Barred::Unknown)?;
        while seat
            .recent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= WINDOW)
        {
            seat.recent.pop_front();
        }
        if seat.recent.len() >= MOST_ACTIONS {
            return Err(Barred::TooFast);
        }
        seat.recent.push_back(now);
        Ok(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_keeps_its_secret_until_revoked() {
        let mut seats = Seats::default();
        let drawn = |s: &str| Ok::<_, ()>(s.to_string());
        let a = seats.seat("ann", || drawn("aaaa")).unwrap();
        assert_eq!(seats.seat("ann", || drawn("other")), Ok(a));
        assert_eq!(seats.who("aaaa").as_deref(), Some("ann"));
        assert_eq!(seats.who("aaab"), None);
        assert!(seats.revoke("ann"));
        assert_eq!(seats.who("aaaa"), None);
        assert!(!seats.revoke("ann"));
        // A new seat for the player has a new secret.
        assert_eq!(seats.seat("ann", || drawn("bbbb")), Ok("bbbb".into()));
    }

    #[test]
    fn a_seat_acts_only_so_often() {
        let mut seats = Seats::default();
        seats.seat("ann", || Ok::<_, ()>("s".into())).unwrap();
        let t = Instant::now();
        for _ in 0..MOST_ACTIONS {
            assert_eq!(seats.admit("s", t), Ok("ann".into()));
        }
        assert_eq!(seats.admit("s", t), Err(Barred::TooFast));
        assert_eq!(seats.admit("x", t), Err(Barred::Unknown));
        assert_eq!(seats.admit("s", t + WINDOW), Ok("ann".into()));
    }
}
