//! Connections: accepted on a tokio runtime that only `serve` starts,
//! each served by hyper's HTTP/1 (strict parsing: one request line of
//! HTTP/1.0 or 1.1, no space before a header's colon), under a deadline
//! for the whole request head and caps on its size and header count.
//! Who holds a connection, and who gives way when the server is full,
//! is the gate's to say (`gate`); a connection's place is freed the
//! moment it closes.

use std::sync::Arc;

use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use super::{HEAD_TIME, MOST_HEAD, MOST_HEADERS, Shared};

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
        let proxy = shared.site.proxies.contains(&peer.ip().to_canonical());
        let Some((ticket, mut closed)) = shared.gate.admit(peer.ip(), proxy) else {
            tokio::spawn(turn_away(stream));
            continue;
        };
        let shared = Arc::clone(&shared);
        let mut stop = stop.clone();
        tokio::spawn(async move {
            let _ = stream.set_nodelay(true);
            let pass = ticket.pass();
            let service = service_fn(move |req| {
                super::routes::handle(req, Arc::clone(&shared), pass.clone())
            });
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
                // The gate closed it to make room (see `gate`).
                _ = closed.wait_for(|c| *c) => {}
            }
            drop(ticket);
        });
        // Let the connection just accepted read its head before the next
        // is accepted: after a burst (a crowd, or a busy machine that
        // left many waiting), a client's head that arrived with its
        // connection is read at once, not after a hundred newer heads
        // have pushed it out of their room (`gate`).
        tokio::task::yield_now().await;
    }
}

/// Tell a connection past the server's cap to come back, without
/// reading what it sends.
async fn turn_away(mut stream: tokio::net::TcpStream) {
    let body = "the table's server is full: close a page and reload\n";
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
