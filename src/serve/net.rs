//! Connections: accepted on a tokio runtime that only `serve` starts,
//! each served by hyper's HTTP/1 (strict parsing: one request line of
//! HTTP/1.0 or 1.1, no space before a header's colon), under a deadline
//! for the whole request head and caps on its size and header count.
//! Each address may hold only so many connections, so a slow client
//! keeps out no one but itself; a connection's slot is freed the moment
//! it closes.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use super::{HEAD_TIME, MOST_CONNECTIONS, MOST_HEAD, MOST_HEADERS, PER_ADDRESS, RESERVED, Shared};

/// Open connections, by address.
#[derive(Default)]
pub struct Counts {
    by_address: HashMap<IpAddr, usize>,
    total: usize,
}

/// A connection's slot, given back when it is dropped.
pub struct Slot {
    counts: Arc<Mutex<Counts>>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        c.total -= 1;
        if let Some(n) = c.by_address.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                c.by_address.remove(&self.ip);
            }
        }
    }
}

/// A slot for a connection from `ip`, if its address and the server
/// have room. The last `RESERVED` slots go only to an address holding at
/// most one connection, so many addresses each holding many cannot keep
/// a newcomer out.
pub fn admit(counts: &Arc<Mutex<Counts>>, ip: IpAddr) -> Option<Slot> {
    // An IPv4 client reached over IPv6 is the same client.
    let ip = ip.to_canonical();
    let mut c = counts.lock().unwrap_or_else(|e| e.into_inner());
    let here = c.by_address.get(&ip).copied().unwrap_or(0);
    let room = if here <= 1 {
        MOST_CONNECTIONS
    } else {
        MOST_CONNECTIONS - RESERVED
    };
    if here >= PER_ADDRESS || c.total >= room {
        return None;
    }
    c.by_address.insert(ip, here + 1);
    c.total += 1;
    Some(Slot {
        counts: Arc::clone(counts),
        ip,
    })
}

/// Accept and serve until `stop` says so.
pub async fn serve(
    listener: std::net::TcpListener,
    shared: Arc<Shared>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let Ok(listener) = TcpListener::from_std(listener) else {
        return;
    };
    loop {
        let (stream, peer) = tokio::select! {
            _ = stop.changed() => return,
            got = listener.accept() => match got {
                Ok(got) => got,
                // Out of file handles, say: the next accept may succeed.
                Err(_) => continue,
            },
        };
        let Some(slot) = admit(&shared.counts, peer.ip()) else {
            tokio::spawn(turn_away(stream));
            continue;
        };
        let shared = Arc::clone(&shared);
        let mut stop = stop.clone();
        tokio::spawn(async move {
            let _ = stream.set_nodelay(true);
            let service = service_fn(move |req| super::routes::handle(req, Arc::clone(&shared)));
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIME)
                .max_buf_size(MOST_HEAD)
                .max_headers(MOST_HEADERS)
                // One request a connection: an idle kept-alive connection
                // would hold its address's slot for nothing.
                .keep_alive(false);
            let conn = builder.serve_connection(TokioIo::new(stream), service);
            tokio::select! {
                _ = conn => {}
                _ = stop.changed() => {}
            }
            drop(slot);
        });
    }
}

/// Tell a connection past its address's cap to come back, without
/// reading what it sends.
async fn turn_away(mut stream: tokio::net::TcpStream) {
    let body = "too many connections from this address: close a page and reload\n";
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(HEAD_TIME, stream.write_all(answer.as_bytes())).await;
    // Closing with the request unread would reset the connection, and a
    // reset can take the answer with it: read a little first.
    let _ = stream.shutdown().await;
    let mut sink = [0u8; 1024];
    let _ = tokio::time::timeout(Duration::from_millis(200), stream.read(&mut sink)).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(n: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, n])
    }

    /// #57 item 5: addresses holding many slow connections each fill the
    /// server only up to its reserve; a newcomer still gets its page and
    /// its event stream, and an address at its share is turned away.
    #[test]
    fn many_addresses_cannot_keep_a_newcomer_out() {
        let counts = Arc::new(Mutex::new(Counts::default()));
        let mut held = Vec::new();
        for n in 1..=40u8 {
            while let Some(slot) = admit(&counts, ip(n)) {
                held.push(slot);
            }
        }
        // Each got its share until the reserve, then at most two.
        assert!(held.len() <= MOST_CONNECTIONS, "{}", held.len());
        assert!(admit(&counts, ip(1)).is_none());
        let page = admit(&counts, ip(200));
        let stream = admit(&counts, ip(200));
        assert!(
            page.is_some() && stream.is_some(),
            "a newcomer was kept out"
        );
        // Slots come back when dropped.
        let before = counts.lock().unwrap().total;
        drop(page);
        assert_eq!(counts.lock().unwrap().total, before - 1);
    }

    #[test]
    fn one_address_holds_at_most_its_share() {
        let counts = Arc::new(Mutex::new(Counts::default()));
        let held: Vec<Slot> = std::iter::from_fn(|| admit(&counts, ip(9)))
            .take(100)
            .collect();
        assert_eq!(held.len(), PER_ADDRESS);
        // IPv4 reached over IPv6 is the same address.
        let mapped = IpAddr::from(std::net::Ipv4Addr::new(127, 0, 0, 9).to_ipv6_mapped());
        assert!(admit(&counts, mapped).is_none());
    }
}
