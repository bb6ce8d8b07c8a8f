//! `serve`: the table's shared screen, and a seat on each player's phone.
//! hyper serves HTTP/1.1 on a tokio runtime that only `serve` starts (a
//! `roll` never pays for it); one watcher builds the table's HTML once a
//! change, woken by the operating system when a file in the data
//! directory is written, and every open page's event stream carries it.
//!
//! Safe by default: it listens on 127.0.0.1 unless `--lan`; with `--lan`
//! reading needs the server's random token (or a seat's secret); a Host
//! header other than the address served is refused (DNS rebinding); a
//! seat's actions are POST only, with its secret in a header and this
//! server's Origin; connections are capped per address and request heads
//! in size, header count and time.

mod desk;
mod gate;
mod http;
mod net;
mod page;
mod public;
mod routes;
mod seats;
pub mod view;
mod watch;

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, UdpSocket};
use std::path::PathBuf;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

pub use desk::{Answer, Desk, DeskMaker, SeatAct, SeatLook};
pub use public::{Public, base_of};
pub use routes::SEAT_HEADER;
use watch::Wake;

use crate::store::Store;

/// How long a client has to send a whole request head (and a seat's
/// action its body), however slowly it trickles.
pub const HEAD_TIME: Duration = Duration::from_secs(5);
/// The most a request's line and headers may take (hyper's least).
pub const MOST_HEAD: usize = 8 * 1024;
/// The most headers a request may have.
pub const MOST_HEADERS: usize = 32;
/// A comment sent on an idle event stream, so a vanished client is noticed.
const KEEPALIVE: Duration = Duration::from_secs(15);
/// How long a seat's action may take at the desk before the phone is told.
const DESK_TIME: Duration = Duration::from_secs(30);
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
    /// The address people open, through a reverse proxy: every link is
    /// made with it, and every page needs its key, as with `lan`.
    pub public: Option<Public>,
    /// The reverse proxies whose forwarding headers name the client.
    pub proxies: Vec<IpAddr>,
}

/// The table as the pages show it: built once a change, for every page.
struct Shown {
    /// The part of the page that changes (what each event carries).
    html: String,
    /// The same view as JSON (`/state.json`).
    json: String,
    /// Each seat's own part (its view of the game, its moves), by the
    /// key its seat link has (the person's id): added to that seat's
    /// page alone.
    seats: std::collections::HashMap<String, String>,
    /// The saved rolls as a seat's page shows them (buttons).
    saved: String,
}

impl Shown {
    fn of(store: &Store, dir: &std::path::Path) -> Shown {
        let view = view::build(store, dir);
        Shown {
            html: page::fragment(&view),
            json: serde_json::to_string(&view).expect("views serialise"),
            seats: view
                .seats
                .iter()
                .map(|p| (p.person.to_string(), page::seat_part(p)))
                .collect(),
            saved: page::saved_part(&view.saved),
        }
    }

    /// The table as `seat`'s page shows it (`None`: the table's screen):
    /// the seat's own part first, then what everyone sees.
    fn for_seat(&self, seat: Option<&str>) -> String {
        let Some(seat) = seat else {
            return self.html.clone();
        };
        let part = self.seats.get(seat).map_or("", String::as_str);
        format!("{part}{}{}", self.saved, self.html)
    }
}

/// What every connection checks against.
struct Site {
    hosts: Vec<String>,
    /// The Origins a seat's page may post from: this server's own
    /// addresses, and the public one.
    origins: Vec<String>,
    /// Reverse proxies trusted to name the client (`--proxy`).
    proxies: Vec<IpAddr>,
    /// The table's key, in the address `serve` prints: with `--lan` no
    /// page opens without it (or a seat's secret); without, pages open
    /// to this machine anyway, and the key keeps the TV's place however
    /// many other clients crowd in (see `gate`).
    token: String,
    /// Whether reading needs a key (`--lan`, or a public address).
    locked: bool,
}

/// What the server's tasks share.
struct Shared {
    shown: tokio::sync::watch::Sender<Arc<Shown>>,
    site: Site,
    seats: Mutex<seats::Seats>,
    /// Counts the seats closed: an event stream opened with a seat's
    /// secret ends when its seat is among them.
    closed: tokio::sync::watch::Sender<u64>,
    /// Who holds the connections (see `gate`).
    gate: Arc<gate::Gate>,
    /// The desk's queue (gone once serving stops).
    desk: Mutex<Option<Sender<desk::Job>>>,
}

impl Shared {
    /// Hand a job to the desk; false once serving has stopped.
    fn send(&self, job: desk::Job) -> bool {
        let desk = self.desk.lock().unwrap_or_else(|e| e.into_inner());
        desk.as_ref().is_some_and(|d| d.send(job).is_ok())
    }
}

/// A server running in the background.
pub struct Running {
    pub url: String,
    /// The address a player's device uses (with `--lan`, the machine's
    /// address on the network).
    pub addr: SocketAddr,
    /// What every link starts with: `http://ADDR`, or the public address.
    pub base: String,
    /// Serving beyond this machine (the local network, or a public
    /// address through a proxy), where every page needs a key.
    pub lan: bool,
    /// Served at a public address, through a proxy.
    pub public: bool,
    shared: Arc<Shared>,
    stop: tokio::sync::watch::Sender<bool>,
    wakes: Sender<Wake>,
    threads: Vec<JoinHandle<()>>,
    /// The data directory served, whose store keeps the seats.
    dir: PathBuf,
}

impl Running {
    /// Stop serving: every thread ends, every page's stream closes.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        // The store forgets this server and its seats: a terminal asking
        // for them is told nothing is served.
        let _ = Store::new(&self.dir).serving_stopped(std::process::id());
        let _ = self.stop.send(true);
        let _ = self.wakes.send(Wake::Stop);
        self.shared
            .desk
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
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

    /// The address of `name`'s seat (handed out now if the player has
    /// none), kept in the store so that any terminal finds it.
    pub fn seat(&self, name: &str) -> Result<String, ServeError> {
        let store = Store::new(&self.dir);
        let secret = self
            .shared
            .seats
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .seat(name, || {
                let drawn = token()?;
                store
                    .add_seat_link(name, &drawn)
                    .map_err(|e| ServeError::Token(e.to_string()))
            })?;
        Ok(format!("{}/seat?s={secret}", self.base))
    }

    /// Every seat handed out: (name, address).
    pub fn seats(&self) -> Vec<(String, String)> {
        let seats = self.shared.seats.lock().unwrap_or_else(|e| e.into_inner());
        seats
            .all()
            .into_iter()
            .map(|(name, secret)| (name, format!("{}/seat?s={secret}", self.base)))
            .collect()
    }

    /// Close `name`'s seat (as handed out): its address opens nothing from
    /// now on, and its open pages stop following the table.
    pub fn revoke(&self, name: &str) -> bool {
        let _ = Store::new(&self.dir).revoke_seat_link(name);
        let had = self
            .shared
            .seats
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .revoke(name);
        if had {
            self.shared.closed.send_modify(|n| *n += 1);
        }
        had
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
    #[error("the server could not start: {0}")]
    Runtime(String),
}

/// This machine's address on the local network: the one a UDP socket
/// would send from (connecting one sends nothing).
fn lan_address() -> Option<IpAddr> {
    let s = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    s.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    Some(s.local_addr().ok()?.ip())
}

/// 128 bits from the system's generator, as hex.
/// A fresh seat secret (128 bits from the operating system).
pub fn secret() -> Result<String, ServeError> {
    token()
}

fn token() -> Result<String, ServeError> {
    crate::random::secret_hex().map_err(|e| ServeError::Token(e.to_string()))
}

/// Start serving the data directory `dir`; seats' actions go to the desk
/// `make_desk` makes.
pub fn start(dir: PathBuf, options: &Options, make_desk: DeskMaker) -> Result<Running, ServeError> {
    let bind_ip = match (options.lan, options.bind) {
        (_, Some(ip)) => ip,
        (true, None) => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        (false, None) => IpAddr::V4(Ipv4Addr::LOCALHOST),
    };
    let wanted = SocketAddr::new(bind_ip, options.port);
    let listen_error = |e: std::io::Error| ServeError::Listen {
        addr: wanted,
        why: e.to_string(),
    };
    let listener = TcpListener::bind(wanted).map_err(listen_error)?;
    listener.set_nonblocking(true).map_err(listen_error)?;
    let local = listener.local_addr().map_err(listen_error)?;
    let port = local.port();
    let shown_ip = if options.lan && bind_ip.is_unspecified() {
        lan_address().unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))
    } else {
        local.ip()
    };
    let addr = SocketAddr::new(shown_ip, port);
    let store = Store::new(&dir);
    // The table's key and the seats stay from one server to the next.
    let token = store
        .table_key(&token()?)
        .map_err(|e| ServeError::Runtime(e.to_string()))?;
    // The names a page may be asked for by: this machine's, and with
    // `--lan` the network address shown.
    let mut hosts = vec![
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ];
    hosts.push(addr.to_string());
    let mut origins: Vec<String> = hosts.iter().map(|h| format!("http://{h}")).collect();
    let base = match &options.public {
        Some(p) => {
            hosts.extend(p.hosts.iter().cloned());
            origins.push(p.origin.clone());
            p.origin.clone()
        }
        None => format!("http://{addr}"),
    };
    let url = format!("{base}/?t={token}");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| ServeError::Runtime(e.to_string()))?;
    // The directory is watched from the start, so it must be there.
    let _ = std::fs::create_dir_all(&dir);
    // The marker is read before the first table is built, so a change
    // made in between is seen as one.
    store
        .serving_started(&crate::store::Served {
            url: url.clone(),
            addr: base.clone(),
            lan: options.lan || options.public.is_some(),
            pid: std::process::id(),
        })
        .map_err(|e| ServeError::Runtime(e.to_string()))?;
    let seen = watch::marker(&store, &dir);
    let (shown, _) = tokio::sync::watch::channel(Arc::new(Shown::of(&store, &dir)));
    let (desk_tx, desk_rx) = std::sync::mpsc::channel();
    let shared = Arc::new(Shared {
        shown,
        site: Site {
            hosts,
            origins,
            proxies: options.proxies.clone(),
            token,
            locked: options.lan || options.public.is_some(),
        },
        seats: Mutex::new({
            let mut seats = seats::Seats::default();
            if let Ok(links) = store.seat_links() {
                seats.follow(&links);
            }
            seats
        }),
        closed: tokio::sync::watch::channel(0).0,
        gate: Arc::default(),
        desk: Mutex::new(Some(desk_tx)),
    });
    let (wake_tx, wakes) = std::sync::mpsc::channel();
    let watcher = {
        let (shared, dir, tx) = (Arc::clone(&shared), dir.clone(), wake_tx.clone());
        std::thread::spawn(move || {
            watch::watch(&dir, store, seen, tx, wakes, |store| {
                // Seats handed out or closed from another terminal, read
                // under the seats' lock: a seat handed out here writes the
                // store under it too, so it is never read half made.
                let closed = {
                    let mut seats = shared.seats.lock().unwrap_or_else(|e| e.into_inner());
                    store.seat_links().is_ok_and(|links| seats.follow(&links))
                };
                if closed {
                    shared.closed.send_modify(|n| *n += 1);
                }
                let now = Shown::of(store, &dir);
                shared.shown.send_if_modified(|shown| {
                    let changed = shown.html != now.html
                        || shown.json != now.json
                        || shown.seats != now.seats
                        || shown.saved != now.saved;
                    if changed {
                        *shown = Arc::new(now);
                    }
                    changed
                });
            })
        })
    };
    let desk = {
        let tx = wake_tx.clone();
        std::thread::spawn(move || {
            desk::run(make_desk, desk_rx, move || {
                let _ = tx.send(Wake::Look);
            })
        })
    };
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let server = {
        let shared = Arc::clone(&shared);
        std::thread::spawn(move || runtime.block_on(net::serve(listener, shared, stopped)))
    };
    Ok(Running {
        url,
        addr,
        base,
        lan: options.lan || options.public.is_some(),
        public: options.public.is_some(),
        shared,
        stop,
        wakes: wake_tx,
        threads: vec![server, watcher, desk],
        dir,
    })
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
