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

use super::{HEAD_TIME, MOST_CONNECTIONS, MOST_HEAD, MOST_HEADERS, PER_ADDRESS, Shared};

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
/// have room.
pub fn admit(counts: &Arc<Mutex<Counts>>, ip: IpAddr) -> Option<Slot> {
    // An IPv4 client reached over IPv6 is the same client.
    let ip = ip.to_canonical();
    let mut c = counts.lock().unwrap_or_else(|e| e.into_inner());
    let here = c.by_address.get(&ip).copied().unwrap_or(0);
    if here >= PER_ADDRESS || c.total >= MOST_CONNECTIONS {
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
