//! `serve`: the table's shared screen. A small web server, read-only, on
//! plain threads (no async runtime: a page a player or two holds open is
//! a handful of connections, and nothing starts unless `serve` is asked
//! for). One watcher notices changes cheaply (SQLite's `data_version` and
//! the roll log's length, polled a few times a second, nothing read
//! otherwise), builds the table's HTML once and wakes every open page's
//! event stream.
//!
//! Safe by default: it listens on 127.0.0.1 unless `--lan`; with `--lan`
//! every request must carry the server's random token; a Host header
//! other than the address served is refused (DNS rebinding); only GET is
//! answered; connections and request heads are capped.

mod http;
mod page;
pub mod view;

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, TcpStream, UdpSocket};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use http::{Refusal, Request};

use crate::store::Store;

/// Connections served at once; past it, a new one is told to come back.
pub const MOST_CONNECTIONS: usize = 64;
/// How often the watcher looks for a change.
const POLL: Duration = Duration::from_millis(200);
/// A comment sent on an idle event stream, so a vanished client is noticed.
const KEEPALIVE: Duration = Duration::from_secs(15);
/// The default port.
pub const PORT: u16 = 7464;

/// How to serve.
#[derive(Debug, Clone)]
pub struct Options {
    /// Serve the local network (with a token), not only this machine.
    pub lan: bool,
    /// 0: any free port.
    pub port: u16,
    /// The address to bind with `lan` (the tests bind 127.0.0.1 and
    /// reach the server there); by default every interface.
    pub bind: Option<IpAddr>,
}

/// The table as the pages show it: built once a change, for every page.
struct Shown {
    /// How many times it has changed.
    generation: u64,
    /// The part of the page that changes (what each event carries).
    html: String,
    /// The same view as JSON (`/state.json`).
    json: String,
}

impl Shown {
    fn of(store: &Store, dir: &std::path::Path) -> (String, String) {
        let view = view::build(store, dir);
        (
            page::fragment(&view),
            serde_json::to_string(&view).expect("views serialise"),
        )
    }
}

struct Shared {
    shown: Mutex<Shown>,
    changed: Condvar,
    stop: AtomicBool,
    open: AtomicUsize,
}

/// A server running in the background.
pub struct Running {
    pub url: String,
    /// The address a player's device uses (with `--lan`, the machine's
    /// address on the network).
    pub addr: SocketAddr,
    pub token: Option<String>,
    shared: Arc<Shared>,
    local: SocketAddr,
    threads: Vec<JoinHandle<()>>,
}

impl Running {
    /// Stop serving: every thread ends, every page's stream closes.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        self.shared.changed.notify_all();
        // Wake the accepting thread.
        let _ = TcpStream::connect_timeout(&self.local, Duration::from_secs(1));
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }

    /// Serve until the process ends.
    pub fn wait(mut self) {
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if !self.threads.is_empty() {
            self.halt();
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot listen on {addr}: {why}")]
    Listen { addr: SocketAddr, why: String },
    #[error("no random token could be drawn from the system: {0}")]
    Token(String),
}

/// This machine's address on the local network: the one a UDP socket
/// would send from (connecting one sends nothing).
fn lan_address() -> Option<IpAddr> {
    let s = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    s.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    Some(s.local_addr().ok()?.ip())
}

/// 128 bits from the system's generator, as hex.
fn token() -> Result<String, ServeError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| ServeError::Token(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Start serving the data directory `dir`.
pub fn start(dir: PathBuf, options: &Options) -> Result<Running, ServeError> {
    let bind_ip = match (options.lan, options.bind) {
        (_, Some(ip)) => ip,
        (true, None) => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        (false, None) => IpAddr::V4(Ipv4Addr::LOCALHOST),
    };
    let wanted = SocketAddr::new(bind_ip, options.port);
    let listener = TcpListener::bind(wanted).map_err(|e| ServeError::Listen {
        addr: wanted,
        why: e.to_string(),
    })?;
    let local = listener.local_addr().map_err(|e| ServeError::Listen {
        addr: wanted,
        why: e.to_string(),
    })?;
    let port = local.port();
    let shown_ip = if options.lan && bind_ip.is_unspecified() {
        lan_address().unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))
    } else {
        local.ip()
    };
    let addr = SocketAddr::new(shown_ip, port);
    let token = if options.lan { Some(token()?) } else { None };
    // The names a page may be asked for by: this machine's, and with
    // `--lan` the network address shown.
    let mut hosts = vec![
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ];
    hosts.push(addr.to_string());
    let url = match &token {
        Some(t) => format!("http://{addr}/?t={t}"),
        None => format!("http://{addr}/"),
    };
    let wake = if local.ip().is_unspecified() {
        SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port)
    } else {
        local
    };
    let store = Store::new(&dir);
    let (html, json) = Shown::of(&store, &dir);
    let shared = Arc::new(Shared {
        shown: Mutex::new(Shown {
            generation: 0,
            html,
            json,
        }),
        changed: Condvar::new(),
        stop: AtomicBool::new(false),
        open: AtomicUsize::new(0),
    });
    let watcher = {
        let (shared, dir) = (Arc::clone(&shared), dir.clone());
        std::thread::spawn(move || watch(&shared, store, &dir))
    };
    let acceptor = {
        let shared = Arc::clone(&shared);
        let site = Arc::new(Site {
            hosts,
            token: token.clone(),
        });
        std::thread::spawn(move || accept(listener, &shared, &site))
    };
    Ok(Running {
        url,
        addr,
        token,
        shared,
        local: wake,
        threads: vec![watcher, acceptor],
    })
}

/// What every connection checks against.
struct Site {
    hosts: Vec<String>,
    token: Option<String>,
}

/// Rebuild the table whenever the store or the roll log changes.
fn watch(shared: &Shared, store: Store, dir: &std::path::Path) {
    let marker = |store: &Store| (store.data_version().ok(), crate::roll_log::size(dir));
    let mut seen = marker(&store);
    while !shared.stop.load(Ordering::SeqCst) {
        std::thread::sleep(POLL);
        let now = marker(&store);
        if now == seen {
            continue;
        }
        seen = now;
        let (html, json) = Shown::of(&store, dir);
        let mut table = shared.shown.lock().unwrap_or_else(|e| e.into_inner());
        if table.html != html {
            table.generation += 1;
            table.html = html;
            table.json = json;
            shared.changed.notify_all();
        }
    }
}

fn accept(listener: TcpListener, shared: &Arc<Shared>, site: &Arc<Site>) {
    for stream in listener.incoming() {
        if shared.stop.load(Ordering::SeqCst) {
            break;
        }
        let Ok(stream) = stream else { continue };
        if shared.open.fetch_add(1, Ordering::SeqCst) >= MOST_CONNECTIONS {
            shared.open.fetch_sub(1, Ordering::SeqCst);
            let _ = http::respond(
                &stream,
                "503 Service Unavailable",
                "text/plain; charset=utf-8",
                "Retry-After: 5\r\n",
                b"too many pages open: close one and reload\n",
            );
            continue;
        }
        let (shared, site) = (Arc::clone(shared), Arc::clone(site));
        std::thread::spawn(move || {
            serve_one(&stream, &shared, &site);
            shared.open.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

/// Constant-time comparison, so a token cannot be guessed by timing.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

fn serve_one(stream: &TcpStream, shared: &Shared, site: &Site) {
    let text = "text/plain; charset=utf-8";
    let req = match http::read_request(stream) {
        Ok(r) => r,
        Err(Refusal::Gone) => return,
        Err(Refusal::Bad) => {
            let _ = http::respond(stream, "400 Bad Request", text, "", b"bad request\n");
            return;
        }
        Err(Refusal::TooLarge) => {
            let _ = http::respond(
                stream,
                "413 Content Too Large",
                text,
                "",
                b"too large: the page only reads\n",
            );
            return;
        }
    };
    if !req
        .host
        .as_ref()
        .is_some_and(|h| site.hosts.iter().any(|k| k.eq_ignore_ascii_case(h)))
    {
        let _ = http::respond(
            stream,
            "403 Forbidden",
            text,
            "",
            b"this server answers only to its own address\n",
        );
        return;
    }
    if req.method != "GET" {
        let _ = http::respond(
            stream,
            "405 Method Not Allowed",
            text,
            "Allow: GET\r\n",
            b"the table's screen only reads\n",
        );
        return;
    }
    if let Some(t) = &site.token
        && !req.param("t").is_some_and(|given| same(given, t))
    {
        let _ = http::respond(
            stream,
            "403 Forbidden",
            text,
            "",
            b"this page needs the address tablemate printed (with its ?t=...)\n",
        );
        return;
    }
    route(stream, &req, shared, site);
}

fn route(stream: &TcpStream, req: &Request, shared: &Shared, site: &Site) {
    // Pages and the JSON view come from the table the watcher keeps: a
    // request reads nothing of the store.
    let now =
        |part: fn(&Shown) -> String| part(&shared.shown.lock().unwrap_or_else(|e| e.into_inner()));
    let (content_type, body) = match req.path.as_str() {
        "/" => (
            "text/html; charset=utf-8",
            page::page(&now(|t| t.html.clone()), site.token.as_deref()),
        ),
        "/state.json" => ("application/json", now(|t| t.json.clone())),
        "/app.js" => ("text/javascript; charset=utf-8", page::SCRIPT.to_string()),
        "/app.css" => ("text/css; charset=utf-8", page::STYLE.to_string()),
        "/events" => return events(stream, shared),
        _ => {
            let _ = http::respond(
                stream,
                "404 Not Found",
                "text/plain; charset=utf-8",
                "",
                b"not here: the table is at /\n",
            );
            return;
        }
    };
    let _ = http::respond(stream, "200 OK", content_type, "", body.as_bytes());
}

/// An event stream: the table now, then again at each change, until the
/// client goes or the server stops.
fn events(mut stream: &TcpStream, shared: &Shared) {
    if http::start_events(stream).is_err() {
        return;
    }
    let mut sent = u64::MAX;
    loop {
        let (generation, html) = {
            let mut table = shared.shown.lock().unwrap_or_else(|e| e.into_inner());
            if table.generation == sent && !shared.stop.load(Ordering::SeqCst) {
                table = shared
                    .changed
                    .wait_timeout(table, KEEPALIVE)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
            (table.generation, table.html.clone())
        };
        if shared.stop.load(Ordering::SeqCst) {
            return;
        }
        let out = if generation == sent {
            ": still here\n\n".to_string()
        } else {
            http::event("table", &html)
        };
        if stream
            .write_all(out.as_bytes())
            .and_then(|()| stream.flush())
            .is_err()
        {
            return;
        }
        sent = generation;
    }
}

/// The address as a QR code of text blocks, for a phone to scan.
pub fn qr(url: &str) -> Option<String> {
    let code = qrcode::QrCode::new(url.as_bytes()).ok()?;
    Some(
        code.render::<qrcode::render::unicode::Dense1x2>()
            .quiet_zone(true)
            .build(),
    )
}
