//! Who holds the server's connections, and who gives way when it is full.
//!
//! A connection is first a *head*: accepted, its request not read yet.
//! Once its request shows what it carries it is *open* (no key: a page
//! asked for without the table's token or a seat's secret) or *keyed*
//! (the table's token, or one seat's secret). Each kind has a room of its
//! own, so no crowd of one kind takes another's (#77: 64 addresses with
//! slow heads, or 48 with event streams, kept new pages out):
//!
//! - heads: at most `MOST_HEADS`, and `PER_ADDRESS` from one address.
//!   When full, the oldest head of the address holding the most is
//!   closed. A real browser sends its head within milliseconds, so
//!   however many addresses trickle slow ones, a newcomer's head is read
//!   long before its turn to be closed would come.
//! - open: at most `MOST_OPEN`, and `PER_ADDRESS` from one address. An
//!   address holding more than the one asking gives up its oldest;
//!   otherwise the one asking is told to come back (503). Fair, but only
//!   among addresses: a key is what no number of addresses can take.
//! - keyed: the table's token at most `PER_TABLE`, each seat at most
//!   `PER_SEAT`. A key over its share closes one of its own (the oldest
//!   of its busiest address: a phone that reloads replaces its old page);
//!   only who holds a key can take these.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use tokio::sync::watch;

/// Connections whose request has not arrived whole yet.
pub const MOST_HEADS: usize = 128;
/// Connections served without a key at once.
pub const MOST_OPEN: usize = 64;
/// Heads, and open connections, one address may hold (each kind): a
/// page, its event stream and what it loads, twice over.
pub const PER_ADDRESS: usize = 8;
/// Connections the table's token may hold: the TV and everyone shown
/// the printed address, each a page and its stream.
pub const PER_TABLE: usize = 64;
/// Connections one seat may hold: its page and stream in a few tabs.
pub const PER_SEAT: usize = 8;
/// The most connections at all; past it a newcomer is turned away
/// unread. The rooms above keep far below it unless a table hands out
/// dozens of seats; it keeps the server under the system's file limit.
pub const MOST_CONNECTIONS: usize = 512;

/// What a connection has shown of itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Class {
    /// Its request has not arrived whole.
    Head,
    /// A request with no key.
    Open,
    /// A request with the table's token.
    Table,
    /// A request with this seat's secret (the seat's name).
    Seat(String),
}

struct Held {
    ip: IpAddr,
    class: Class,
    /// Set when the gate closes the connection.
    close: watch::Sender<bool>,
}

#[derive(Default)]
struct Book {
    /// By when each was admitted (its number), so the oldest is the least.
    by_id: std::collections::BTreeMap<u64, Held>,
    next: u64,
}

/// The server's connections, shared by every connection's task.
#[derive(Default)]
pub struct Gate {
    held: Mutex<Book>,
}

/// A connection's place at the gate, given back when it is dropped.
pub struct Ticket {
    pass: Pass,
}

/// What a connection's requests show the gate (cloned into its service).
#[derive(Clone)]
pub struct Pass {
    gate: Arc<Gate>,
    id: u64,
    /// The connection came from a trusted proxy, whose forwarding
    /// headers name the client.
    pub proxy: bool,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.pass.gate.lock().by_id.remove(&self.pass.id);
    }
}

impl Ticket {
    pub fn pass(&self) -> Pass {
        self.pass.clone()
    }
}

impl Book {
    fn count(&self, class: &Class, ip: Option<IpAddr>) -> usize {
        self.by_id
            .values()
            .filter(|h| &h.class == class && ip.is_none_or(|ip| h.ip == ip))
            .count()
    }

    /// The oldest of `class` held by the address holding the most of it
    /// (ties: the address whose oldest is older), with that count.
    fn busiest(&self, class: &Class) -> Option<(u64, usize)> {
        let mut per: HashMap<IpAddr, (u64, usize)> = HashMap::new();
        for (&id, h) in self.by_id.iter().filter(|(_, h)| &h.class == class) {
            per.entry(h.ip).or_insert((id, 0)).1 += 1;
        }
        per.into_values()
            .min_by_key(|&(oldest, n)| (std::cmp::Reverse(n), oldest))
    }

    /// The oldest of `class` from `ip`.
    fn oldest(&self, class: &Class, ip: IpAddr) -> Option<u64> {
        self.by_id
            .iter()
            .find(|(_, h)| &h.class == class && h.ip == ip)
            .map(|(&id, _)| id)
    }

    /// Close connection `id`: told to close, and out of the counts at once.
    fn close(&mut self, id: u64) {
        if let Some(h) = self.by_id.remove(&id) {
            let _ = h.close.send(true);
        }
    }
}

impl Gate {
    fn lock(&self) -> std::sync::MutexGuard<'_, Book> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place for a new connection from `ip`, as a head, closing another
    /// head if the room for them is full; `None` only past
    /// `MOST_CONNECTIONS`. The receiver turns true when the gate closes it.
    /// A trusted `proxy` holds no share of its own: its clients, named
    /// once their requests are read (`Pass::client_is`), hold theirs.
    pub fn admit(
        self: &Arc<Self>,
        ip: IpAddr,
        proxy: bool,
    ) -> Option<(Ticket, watch::Receiver<bool>)> {
        // An IPv4 client reached over IPv6 is the same client.
        let ip = ip.to_canonical();
        let mut held = self.lock();
        if held.by_id.len() >= MOST_CONNECTIONS {
            return None;
        }
        if !proxy && held.count(&Class::Head, Some(ip)) >= PER_ADDRESS {
            // Its own oldest gives way: a slow client keeps out no one,
            // not even a page of its own address.
            if let Some(id) = held.oldest(&Class::Head, ip) {
                held.close(id);
            }
        } else if held.count(&Class::Head, None) >= MOST_HEADS
            && let Some((id, _)) = held.busiest(&Class::Head)
        {
            held.close(id);
        }
        let id = held.next;
        held.next += 1;
        let (close, closed) = watch::channel(false);
        held.by_id.insert(
            id,
            Held {
                ip,
                class: Class::Head,
                close,
            },
        );
        let pass = Pass {
            gate: Arc::clone(self),
            id,
            proxy,
        };
        Some((Ticket { pass }, closed))
    }
}

impl Pass {
    /// The client behind a trusted proxy, as the proxy names it: the
    /// connection counts as that client's from now on.
    pub fn client_is(&self, ip: IpAddr) {
        if let Some(h) = self.gate.lock().by_id.get_mut(&self.id) {
            h.ip = ip.to_canonical();
        }
    }

    /// The connection's request showed `class`: false when there is no
    /// room for it (an open request, its address at its share or no
    /// busier address to give way), and it should be told to come back.
    pub fn show(&self, class: Class) -> bool {
        let mut held = self.gate.lock();
        let Some(ip) = held.by_id.get(&self.id).map(|h| h.ip) else {
            // Closed by the gate meanwhile: it is going anyway.
            return false;
        };
        match &class {
            Class::Head => {}
            Class::Open => {
                let mine = held.count(&class, Some(ip));
                if mine >= PER_ADDRESS {
                    return false;
                }
                if held.count(&class, None) >= MOST_OPEN {
                    match held.busiest(&class) {
                        Some((id, n)) if n > mine => held.close(id),
                        _ => return false,
                    }
                }
            }
            Class::Table | Class::Seat(_) => {
                let share = if class == Class::Table {
                    PER_TABLE
                } else {
                    PER_SEAT
                };
                if held.count(&class, None) >= share
                    && let Some((id, _)) = held.busiest(&class)
                {
                    held.close(id);
                }
            }
        }
        if let Some(h) = held.by_id.get_mut(&self.id) {
            h.class = class;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(a: u8, b: u8) -> IpAddr {
        IpAddr::from([127, 0, a, b])
    }

    /// Whether the gate has told this connection to close.
    fn closed(n: &watch::Receiver<bool>) -> bool {
        *n.borrow()
    }

    /// #77 item 1: 64 addresses with 8 slow heads each, then a newcomer:
    /// it gets a place, and the ones closed for it are the crowd's.
    #[test]
    fn slow_heads_from_many_addresses_make_room_for_a_newcomer() {
        let gate = Arc::new(Gate::default());
        let mut crowd = Vec::new();
        for a in 1..=64u8 {
            for _ in 0..8 {
                crowd.push(gate.admit(ip(1, a), false).unwrap());
            }
        }
        let heads = crowd.iter().filter(|(_, n)| !closed(n)).count();
        assert_eq!(heads, MOST_HEADS);
        let (page, page_closed) = gate.admit(ip(0, 1), false).unwrap();
        assert!(!closed(&page_closed));
        assert!(page.pass().show(Class::Table));
        // Keyed, it is out of the heads' room: more heads cannot close it.
        for a in 1..=64u8 {
            crowd.push(gate.admit(ip(2, a), false).unwrap());
        }
        assert!(!closed(&page_closed), "a keyed page was closed by heads");
    }

    #[test]
    fn one_address_over_its_share_of_heads_closes_its_own_oldest() {
        let gate = Arc::new(Gate::default());
        let held: Vec<_> = (0..PER_ADDRESS)
            .map(|_| gate.admit(ip(0, 9), false).unwrap())
            .collect();
        let other = gate.admit(ip(0, 10), false).unwrap();
        let newest = gate.admit(ip(0, 9), false).unwrap();
        assert!(closed(&held[0].1), "its oldest head gives way");
        assert!(held[1..].iter().all(|(_, n)| !closed(n)));
        assert!(!closed(&other.1) && !closed(&newest.1));
        // IPv4 reached over IPv6 is the same address.
        let mapped = IpAddr::from(std::net::Ipv4Addr::new(127, 0, 0, 9).to_ipv6_mapped());
        let _m = gate.admit(mapped, false).unwrap();
        assert!(closed(&held[1].1));
    }

    /// Open requests share their room by address: an address at its share
    /// is told to come back, a newcomer takes the busiest address's
    /// oldest, and an even crowd keeps what it holds.
    #[test]
    fn open_requests_share_their_room_by_address() {
        let gate = Arc::new(Gate::default());
        let mut streams = Vec::new();
        for a in 1..=48u8 {
            for _ in 0..PER_ADDRESS {
                let (t, n) = gate.admit(ip(1, a), false).unwrap();
                if t.pass().show(Class::Open) {
                    streams.push((t, n));
                }
            }
        }
        let open = streams.iter().filter(|(_, n)| !closed(n)).count();
        assert_eq!(open, MOST_OPEN);
        let (page, page_closed) = gate.admit(ip(0, 1), false).unwrap();
        assert!(page.pass().show(Class::Open), "a newcomer was kept out");
        assert!(!closed(&page_closed));
        // One address alone stops at its share.
        let gate = Arc::new(Gate::default());
        let mine: Vec<_> = (0..PER_ADDRESS + 1)
            .map(|_| {
                let (t, n) = gate.admit(ip(0, 3), false).unwrap();
                let shown = t.pass().show(Class::Open);
                (t, n, shown)
            })
            .collect();
        assert!(mine[..PER_ADDRESS].iter().all(|m| m.2));
        assert!(!mine[PER_ADDRESS].2, "past its share an address is refused");
        // A place comes back when its connection goes.
        drop(mine);
        let (t, _) = gate.admit(ip(0, 3), false).unwrap();
        assert!(t.pass().show(Class::Open));
    }

    /// A seat past its share closes its own oldest, never another seat's
    /// or the table's.
    #[test]
    fn a_key_over_its_share_closes_only_its_own() {
        let gate = Arc::new(Gate::default());
        let (tv, tv_closed) = gate.admit(ip(0, 1), false).unwrap();
        assert!(tv.pass().show(Class::Table));
        let ann: Vec<_> = (0..=PER_SEAT)
            .map(|_| {
                let (t, n) = gate.admit(ip(0, 2), false).unwrap();
                assert!(t.pass().show(Class::Seat("ann".into())));
                (t, n)
            })
            .collect();
        assert!(closed(&ann[0].1));
        assert!(ann[1..].iter().all(|(_, n)| !closed(n)));
        assert!(!closed(&tv_closed));
    }
}
