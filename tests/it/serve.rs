//! The shared screen (issues #29, #48), through the real binary, on
//! 127.0.0.1 only: the page and its event stream, a change from another
//! process arriving on the stream, the token under --lan, strict parsing,
//! slow clients, and the seats' writes with every refusal. A real browser
//! drives it in `browser.rs`.

use super::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::{run, std_command};

/// A server run by the binary, killed when dropped.
pub(super) struct Server {
    /// Ended (with anything it started) when the server is dropped.
    _child: common::owned::Owned,
    /// What it prints later is read on (by `Lines`' own thread) while
    /// this is kept, so it never blocks on a full pipe.
    _out: common::wait::Lines,
    pub port: u16,
    pub token: Option<String>,
    /// Each seat it printed: (name, secret).
    seats: Vec<(String, String)>,
}

impl Server {
    pub fn seat(&self, name: &str) -> String {
        self.seats
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no seat for {name}: {:?}", self.seats))
            .1
            .clone()
    }
}

/// `serve --port 0` (and `extra`, which may name its own port) on the
/// data directory; waits for the address and the seats it prints.
pub(super) fn serve(data: &Path, extra: &[&str]) -> Server {
    let any_port: &[&str] = if extra.contains(&"--port") {
        &[]
    } else {
        &["--port", "0"]
    };
    let mut child = common::owned::spawn(
        std_command(data)
            .arg("serve")
            .args(any_port)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null()),
    )
    .unwrap();
    // Every line within its deadline: a server that never prints its
    // address fails the test instead of holding it.
    let out = common::wait::Lines::new(child.child.stdout.take().unwrap(), "`serve`'s output");
    let first = out.next().unwrap_or_default();
    let url = first
        .trim()
        .strip_prefix("the table is shown at ")
        .unwrap_or_else(|| panic!("no address: {first}"))
        .to_string();
    let mut seats = Vec::new();
    // Behind a proxy (`--public`) the port is the upstream's.
    let mut upstream = None;
    while let Some(line) = out.next() {
        if line.contains("ends it") {
            break;
        }
        if let Some((_, after)) = line.split_once("the proxy passes it to http://") {
            upstream = after.split(';').next().map(str::to_string);
        }
        if let Some((name, secret)) = line.trim().split_once(": http")
            && let Some((_, secret)) = secret.split_once("/seat?s=")
        {
            seats.push((name.to_string(), secret.to_string()));
        }
    }
    let listening = upstream.unwrap_or_else(|| {
        url.split_once("/?t=")
            .map_or(url.clone(), |(u, _)| u.to_string())
    });
    let after_colon = listening.rsplit_once(':').unwrap().1;
    let port: u16 = after_colon
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap_or_else(|_| panic!("no port in {url}"));
    let token = url.split_once("?t=").map(|(_, t)| t.to_string());
    Server {
        _child: child,
        _out: out,
        port,
        token,
        seats,
    }
}

/// One request to 127.0.0.1: the status line's code, headers and body.
pub(super) fn request(port: u16, raw: &str) -> (u16, String, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(raw.as_bytes()).unwrap();
    let mut all = String::new();
    let _ = s.read_to_string(&mut all);
    let (head, body) = all.split_once("\r\n\r\n").unwrap_or((&all, ""));
    let code = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, head.to_string(), body.to_string())
}

/// The head of a response that may never end (the event stream): its
/// lines up to the blank one.
fn stream_head(port: u16, raw: &str) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(raw.as_bytes()).unwrap();
    let mut head = String::new();
    for line in BufReader::new(s).lines() {
        match line {
            Ok(l) if !l.trim_end().is_empty() => head.push_str(&format!("{l}\n")),
            _ => break,
        }
    }
    head
}

pub(super) fn get(port: u16, path: &str) -> (u16, String, String) {
    request(
        port,
        &format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"),
    )
}

/// The event stream, open.
pub(super) fn events(port: u16, query: &str) -> BufReader<TcpStream> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "GET /events{query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
    )
    .unwrap();
    BufReader::new(s)
}

/// The next `table` event's HTML. A change missed fails within 20 s
/// (the stream's keep-alive comments would otherwise wait forever).
pub(super) fn next_table(stream: &mut BufReader<TcpStream>) -> String {
    let mut html = String::new();
    let mut in_event = false;
    let started = Instant::now();
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no table event within 20 s"
        );
        let mut line = String::new();
        if stream.read_line(&mut line).unwrap() == 0 {
            panic!("the stream ended");
        }
        let line = line.trim_end_matches(['\r', '\n']);
        if line == "event: table" {
            in_event = true;
        } else if let Some(d) = line.strip_prefix("data: ") {
            if in_event {
                html.push_str(d);
                html.push('\n');
            }
        } else if line.is_empty() && in_event {
            return html;
        }
    }
}

#[test]
fn the_page_and_its_stream_follow_changes_from_other_processes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let server = serve(d, &[]);
    let port = server.port;
    let (code, head, body) = get(port, "/");
    assert_eq!(code, 200, "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains("content-security-policy: default-src 'none'"),
        "{head}"
    );
    assert!(body.contains("Nothing on the table yet"), "{body}");
    assert_eq!(get(port, "/app.js").0, 200);
    assert_eq!(get(port, "/app.css").0, 200);
    assert_eq!(get(port, "/nowhere").0, 404);
    let mut stream = events(port, "");
    let first = next_table(&mut stream);
    assert!(first.contains("Nothing on the table yet"), "{first}");
    // Each change made by another process reaches the open stream.
    for (line, shows) in [
        ("--seed 3 setup slides players=2", "Slides of Action"),
        ("slides ai", "slides ai r"),
        ("roll 2d6+100", "2d6+100"),
        ("deck new bag tiles", "Slides of Action"),
        ("pad new hearts ann bo", "Score pad"),
    ] {
        let words: Vec<&str> = line.split_whitespace().collect();
        let r = run(d, &words, None);
        assert_eq!(r.code, 0, "{line}: {}", r.err);
        if line.starts_with("deck") {
            // Decks are not on the screen: nothing to wait for.
            continue;
        }
        let html = next_table(&mut stream);
        assert!(html.contains(shows), "{line}: {html}");
    }
    let (_, _, state) = get(port, "/state.json");
    let v: serde_json::Value = serde_json::from_str(&state).unwrap();
    assert_eq!(v["game"]["title"], "Slides of Action");
    assert_eq!(v["rolls"][0]["expr"], "2d6+100");
    assert_eq!(v["boards"][0]["title"], "Score pad");
}

#[test]
fn it_answers_only_what_a_reading_page_asks() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(dir.path(), &[]);
    let port = server.port;
    let (code, _, body) = request(
        port,
        &format!("POST / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"),
    );
    assert_eq!(code, 405, "{body}");
    let (code, _, _) = request(
        port,
        &format!("DELETE / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"),
    );
    assert_eq!(code, 405);
    // DNS rebinding: a name that is not the server's is refused.
    let (code, _, _) = request(port, "GET / HTTP/1.1\r\nHost: evil.example:80\r\n\r\n");
    assert_eq!(code, 403);
    let (code, _, _) = request(port, "GET / HTTP/1.1\r\n\r\n");
    assert_eq!(code, 403, "no Host at all");
    // A head past the cap, or a body, is refused.
    let big = format!(
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Fill: {}\r\n\r\n",
        "a".repeat(20_000)
    );
    assert_eq!(request(port, &big).0, 431);
    let (code, _, _) = request(
        port,
        &format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 5\r\n\r\nhello"),
    );
    assert_eq!(code, 413);
    assert_eq!(request(port, "nonsense\r\n\r\n").0, 400);
    // 200 connections opened and dropped, some mid-request: it still
    // answers.
    for i in 0..200 {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        if i % 2 == 0 {
            let _ = s.write_all(b"GET / HTT");
        }
        drop(s);
    }
    let started = Instant::now();
    loop {
        if get(port, "/").0 == 200 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no answer after 200 drops"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn on_the_network_every_request_needs_the_token() {
    let dir = tempfile::tempdir().unwrap();
    // --lan, but bound to 127.0.0.1: tests reach no other address.
    let server = serve(dir.path(), &["--lan", "--bind", "127.0.0.1"]);
    let port = server.port;
    let token = server.token.clone().expect("--lan prints a token");
    assert_eq!(token.len(), 32, "128 bits as hex: {token}");
    assert!(token.chars().all(|c| c.is_ascii_hexdigit()));
    // Through 127.0.0.1 only (never the machine's own LAN address).
    assert_eq!(get(port, "/").0, 403);
    assert_eq!(get(port, "/events").0, 403);
    assert_eq!(get(port, "/app.js").0, 403);
    assert_eq!(get(port, &format!("/?t={}", "0".repeat(32))).0, 403);
    let (code, _, body) = get(port, &format!("/?t={token}"));
    assert_eq!(code, 200);
    assert!(body.contains(&format!("/app.js?t={token}")), "{body}");
    let mut stream = events(port, &format!("?t={token}"));
    assert!(next_table(&mut stream).contains("Nothing on the table yet"));
}

#[test]
fn a_one_shot_roll_starts_no_server() {
    // `serve` code is only reached by `serve`: a roll answers and exits.
    let dir = tempfile::tempdir().unwrap();
    let r = run(dir.path(), &["roll", "2d6"], None);
    assert_eq!(r.code, 0);
}

/// The screen shows the people: whose turn it is, large, by name; the
/// seats round the table; who rolled.
#[test]
fn the_screen_names_whose_turn_it_is_and_who_rolled() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(
        d,
        &["players ann ben cat", "turn", "turn", "roll 2d6 as cat"],
    );
    let server = serve(d, &[]);
    let (_, _, state) = get(server.port, "/state.json");
    let v: serde_json::Value = serde_json::from_str(&state).unwrap();
    assert_eq!(
        v["table"],
        serde_json::json!({
            "players": ["ann", "ben", "cat"],
            "turn": {"id": 2, "name": "ben"},
            "banner": "ben's turn"
        })
    );
    assert_eq!(v["rolls"][0]["by"], "cat");
    let (_, _, page) = get(server.port, "/");
    assert!(
        page.contains("<p class=\"whose\" id=\"whose\">ben&#39;s turn</p>"),
        "{page}"
    );
    assert!(page.contains("<li class=\"now\">ben</li>"), "{page}");
}

/// With a game in play, the banner says who is to move there, by name.
#[test]
fn the_banner_follows_the_game_in_play() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(
        d,
        &[
            "players ann ben cat",
            "turn",
            "--seed 2 setup slides",
            "slides move r4c3",
        ],
    );
    let server = serve(d, &[]);
    let (_, _, page) = get(server.port, "/");
    assert!(
        page.contains("<p class=\"whose\" id=\"whose\">ben (Crowns) to move</p>"),
        "{page}"
    );
    assert!(page.contains("<li class=\"now\">ben</li>"), "{page}");
}

/// Strict parsing (#48): what a lenient parser would read its own way is
/// refused whole.
#[test]
fn malformed_and_ambiguous_requests_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(dir.path(), &[]);
    let port = server.port;
    let h = format!("127.0.0.1:{port}");
    for (what, raw, code) in [
        (
            "two Host headers",
            format!("GET / HTTP/1.1\r\nHost: {h}\r\nHost: evil.example\r\n\r\n"),
            400,
        ),
        (
            "the same Host twice",
            format!("GET / HTTP/1.1\r\nHost: {h}\r\nHost: {h}\r\n\r\n"),
            400,
        ),
        (
            "a space before the colon",
            format!(
                "POST /seat/roll HTTP/1.1\r\nHost: {h}\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n"
            ),
            400,
        ),
        (
            "a space before Host's colon",
            format!("GET / HTTP/1.1\r\nHost : {h}\r\n\r\n"),
            400,
        ),
        (
            "HTTP/1.1x",
            format!("GET / HTTP/1.1x\r\nHost: {h}\r\n\r\n"),
            400,
        ),
        (
            "HTTP/2.0",
            format!("GET / HTTP/2.0\r\nHost: {h}\r\n\r\n"),
            400,
        ),
        ("HTTP/0.9", "GET /\r\n\r\n".to_string(), 400),
        (
            "40 headers",
            format!(
                "GET / HTTP/1.1\r\nHost: {h}\r\n{}\r\n",
                (0..40).map(|i| format!("X-{i}: a\r\n")).collect::<String>()
            ),
            431,
        ),
        (
            "another server named in the address",
            format!("GET http://evil.example/ HTTP/1.1\r\nHost: {h}\r\n\r\n"),
            403,
        ),
        (
            "a body on a read",
            format!("GET / HTTP/1.1\r\nHost: {h}\r\nContent-Length: 5\r\n\r\nhello"),
            413,
        ),
    ] {
        assert_eq!(request(port, &raw).0, code, "{what}");
    }
    // HTTP/1.0 is still HTTP.
    let (code, _, _) = request(port, &format!("GET / HTTP/1.0\r\nHost: {h}\r\n\r\n"));
    assert_eq!(code, 200);
}

/// A connection from `source` (another loopback address, as a second
/// machine would be), or None where the system has only 127.0.0.1.
fn connect_from(source: &str, port: u16) -> Option<TcpStream> {
    use socket2::{Domain, Socket, Type};
    let from: std::net::SocketAddr = format!("{source}:0").parse().ok()?;
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).ok()?;
    socket.bind(&from.into()).ok()?;
    let to: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    socket.connect(&to.into()).ok()?;
    let s: TcpStream = socket.into();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    Some(s)
}

/// The status code of what comes back on `s` after `path` is asked for.
fn status_on(mut s: TcpStream, port: u16, path: &str) -> (u16, TcpStream) {
    // A connection turned away may be answered before it is written to.
    let _ = write!(s, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n");
    let mut head = [0u8; 12];
    let n = s.read(&mut head).unwrap_or(0);
    let code = String::from_utf8_lossy(&head[..n])
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, s)
}

/// #48, #77: 70 slow connections from one address (a byte sent, then
/// nothing) keep out no one, not even a page of their own address (its
/// oldest slow ones give way); a stream's slot is free within 1 s of its
/// close.
#[test]
fn a_slow_client_keeps_out_no_one() {
    if std::net::TcpListener::bind("127.0.0.2:0").is_err() {
        common::skipped("no second loopback address (127.0.0.2) to be another client from");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let server = serve(dir.path(), &[]);
    let port = server.port;
    let mut slow = Vec::new();
    for _ in 0..70 {
        let mut s = connect_from("127.0.0.1", port).unwrap();
        let _ = s.write_all(b"G");
        slow.push(s);
    }
    // Another address gets the page and its stream at once.
    let (code, _) = status_on(connect_from("127.0.0.2", port).unwrap(), port, "/");
    assert_eq!(code, 200, "a second client was kept out");
    let (code, mut stream) = status_on(connect_from("127.0.0.2", port).unwrap(), port, "/events");
    assert_eq!(code, 200);
    let mut more = [0u8; 64];
    assert!(
        stream.read(&mut more).unwrap() > 0,
        "the stream sends the table"
    );
    // The slow address's own new page too.
    let (code, _) = status_on(connect_from("127.0.0.1", port).unwrap(), port, "/");
    assert_eq!(code, 200, "a slow address's new page was kept out");
    drop(slow);
    // A third address fills its share with streams, closes one, and the
    // slot is back within a second.
    let mut streams = Vec::new();
    loop {
        let (code, s) = status_on(connect_from("127.0.0.3", port).unwrap(), port, "/events");
        if code == 503 {
            break;
        }
        assert_eq!(code, 200);
        streams.push(s);
        assert!(streams.len() < 100, "no cap per address");
    }
    drop(streams.pop());
    let closed = Instant::now();
    loop {
        let (code, _) = status_on(connect_from("127.0.0.3", port).unwrap(), port, "/");
        if code == 200 {
            break;
        }
        assert!(
            closed.elapsed() < Duration::from_secs(1),
            "a closed stream's slot was not freed within 1 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether the server has closed `s` (read nothing more of it).
fn closed_by_server(s: &TcpStream) -> bool {
    let _ = s.set_nonblocking(true);
    let mut b = [0u8; 1];
    let gone = matches!(s.peek(&mut b), Ok(0))
        || matches!(s.peek(&mut b), Err(e) if e.kind() != std::io::ErrorKind::WouldBlock);
    let _ = s.set_nonblocking(false);
    gone
}

/// What the table's own must still get however many others crowd in:
/// the TV's page and stream at the printed address, a seat's page and
/// its roll, and a newcomer's page and stream from another address.
fn the_table_still_gets_in(server: &Server, crowd: &str) {
    let port = server.port;
    let token = server.token.clone().expect("serve prints the table's key");
    let ann = server.seat("ann");
    let (code, _) = status_on(
        connect_from("127.0.0.1", port).unwrap(),
        port,
        &format!("/?t={token}"),
    );
    assert_eq!(code, 200, "the TV's page, {crowd}");
    let (code, mut tv) = status_on(
        connect_from("127.0.0.1", port).unwrap(),
        port,
        &format!("/events?t={token}"),
    );
    assert_eq!(code, 200, "the TV's stream, {crowd}");
    let mut more = [0u8; 64];
    assert!(
        tv.read(&mut more).unwrap_or(0) > 0,
        "the TV's stream sends the table, {crowd}"
    );
    let (code, _) = status_on(
        connect_from("127.0.0.2", port).unwrap(),
        port,
        &format!("/seat?s={ann}"),
    );
    assert_eq!(code, 200, "ann's seat page, {crowd}");
    let (code, said) = seat_post(port, &ann, "/seat/roll", r#"{"expr":"1d6"}"#);
    assert_eq!(code, 200, "ann's roll, {crowd}: {said}");
    for path in ["/", "/events"] {
        let (code, _) = status_on(connect_from("127.0.0.3", port).unwrap(), port, path);
        assert_eq!(code, 200, "a newcomer's {path} without a key, {crowd}");
    }
}

/// #77 item 1: 64 addresses with 8 slow request heads each, then 64
/// addresses with 8 event streams each (no key): the TV, a seat and a
/// newcomer still load and act.
#[test]
fn no_crowd_of_addresses_keeps_the_table_out() {
    if std::net::TcpListener::bind("127.0.1.1:0").is_err() {
        common::skipped("no loopback addresses beyond 127.0.0.1 to be a crowd from");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players ann ben"]);
    let server = serve(d, &[]);
    let port = server.port;
    let mut crowd = Vec::new();
    for a in 1..=64 {
        for _ in 0..8 {
            if let Some(mut s) = connect_from(&format!("127.0.1.{a}"), port) {
                let _ = s.write_all(b"G");
                crowd.push(s);
            }
        }
        // Those the server closed to make room are let go here too, so
        // this test holds a few hundred sockets at most.
        crowd.retain(|s| !closed_by_server(s));
    }
    assert!(!crowd.is_empty());
    the_table_still_gets_in(&server, "with 64 addresses sending slow heads");
    drop(crowd);
    let mut streams = Vec::new();
    for a in 1..=64 {
        for _ in 0..8 {
            if let Some(s) = connect_from(&format!("127.0.2.{a}"), port) {
                let (code, s) = status_on(s, port, "/events");
                if code == 200 {
                    streams.push(s);
                }
            }
        }
        streams.retain(|s| !closed_by_server(s));
    }
    assert!(
        streams.len() >= 32,
        "the crowd's streams: {}",
        streams.len()
    );
    the_table_still_gets_in(&server, "with 64 addresses holding streams");
}

/// One request with this Host (and more header lines): status and body.
fn get_as(port: u16, host: &str, path: &str, extra: &str) -> (u16, String) {
    let (code, _, body) = request(
        port,
        &format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n{extra}\r\n"),
    );
    (code, body)
}

/// #79 items 1 and 3: `serve --public URL` behind a proxy: every link
/// is made with the public address, a request naming it (Host, Origin)
/// is taken, every page needs its key although the server listens on
/// 127.0.0.1 only, and the event stream tells proxies not to buffer it.
#[test]
fn a_public_address_is_taken_and_keyed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players ann ben"]);
    let server = serve(d, &["--public", "https://table.example.org"]);
    let port = server.port;
    let token = server.token.clone().expect("a key in the address");
    let ann = server.seat("ann");
    let public = "table.example.org";
    // Without the key, nothing; with it, the page, through the public name.
    assert_eq!(get_as(port, public, "/", "").0, 403);
    assert_eq!(get_as(port, &format!("127.0.0.1:{port}"), "/", "").0, 403);
    let (code, body) = get_as(port, public, &format!("/?t={token}"), "");
    assert_eq!(code, 200, "{body}");
    assert_eq!(
        get_as(port, "table.example.org:443", &format!("/?t={token}"), "").0,
        200
    );
    let (code, body) = get_as(port, "evil.example", &format!("/?t={token}"), "");
    assert_eq!(code, 403);
    assert_eq!(body, "this server answers only to its own address\n");
    // The stream's headers for proxies: read up to the blank line (the
    // stream itself never ends; reading it whole waited out a 10 s
    // timeout).
    let head = stream_head(
        port,
        &format!("GET /events?t={token} HTTP/1.1\r\nHost: {public}\r\n\r\n"),
    )
    .to_ascii_lowercase();
    assert!(head.contains("x-accel-buffering: no"), "{head}");
    assert!(
        head.contains("cache-control: no-store, no-transform"),
        "{head}"
    );
    // A seat posts from its public page; another origin is refused.
    let roll = |origin: &str| {
        post(
            port,
            "/seat/roll",
            &[("Origin", origin), ("X-Tablemate-Seat", ann.as_str())],
            r#"{"expr":"1d6"}"#,
        )
    };
    let (code, said) = roll("https://table.example.org");
    assert_eq!(code, 200, "{said}");
    let (code, said) = roll("http://table.example.org");
    assert_eq!(code, 403, "{said}");
    assert_eq!(
        said["said"],
        "a seat acts only from its page on this server"
    );
    // `serve seats` from another terminal gives the public links too.
    let (out, err, code) = common::tm_in(d, &["serve", "seats"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("ann: https://table.example.org/seat?s={ann}")),
        "{out}"
    );
}

/// #79 item 2: behind a proxy named with `--proxy`, each client it names
/// (X-Forwarded-For, Forwarded) keeps its own share of connections; the
/// same headers from any other address are not read.
#[test]
fn a_trusted_proxy_names_each_client() {
    if std::net::TcpListener::bind("127.0.0.2:0").is_err() {
        common::skipped("no second loopback address (127.0.0.2) to be an untrusted client from");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let server = serve(dir.path(), &["--proxy", "127.0.0.1"]);
    let port = server.port;
    // Streams without a key, from the proxy, `n` of them for one client.
    let stream_for = |source: &str, header: &str| {
        let mut s = connect_from(source, port).unwrap();
        let _ = write!(
            s,
            "GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{header}\r\n"
        );
        let mut head = [0u8; 12];
        let n = s.read(&mut head).unwrap_or(0);
        let code: u16 = String::from_utf8_lossy(&head[..n])
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        (code, s)
    };
    let mut held = Vec::new();
    for _ in 0..8 {
        let (code, s) = stream_for("127.0.0.1", "X-Forwarded-For: 198.51.100.7, 10.0.0.1\r\n");
        assert_eq!(code, 200);
        held.push(s);
    }
    // The ninth of that client is refused; another client is not.
    let (code, _) = stream_for("127.0.0.1", "X-Forwarded-For: 10.0.0.1\r\n");
    assert_eq!(code, 503, "a client past its share behind the proxy");
    let (code, s) = stream_for("127.0.0.1", "Forwarded: for=10.0.0.2;proto=https\r\n");
    assert_eq!(code, 200, "a second client behind the proxy was kept out");
    held.push(s);
    // From an address not trusted, the headers name no one: its share is
    // its own, however many clients it claims.
    for n in 0..8 {
        let (code, s) = stream_for("127.0.0.2", &format!("X-Forwarded-For: 10.0.1.{n}\r\n"));
        assert_eq!(code, 200);
        held.push(s);
    }
    let (code, _) = stream_for("127.0.0.2", "X-Forwarded-For: 10.0.2.1\r\n");
    assert_eq!(code, 503, "a forged X-Forwarded-For was believed");
}

/// #79 item 4: a restarted server opens the same links (the TV's and
/// each seat's, kept in the store), and `serve seats --new ann` gives
/// Ann a new address, the old one then opening nothing.
#[test]
fn links_survive_a_restart_and_a_new_one_replaces_the_old() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players ann ben"]);
    let first = serve(d, &[]);
    let (token, ann, ben) = (
        first.token.clone().unwrap(),
        first.seat("ann"),
        first.seat("ben"),
    );
    drop(first);
    let again = serve(d, &["--lan", "--bind", "127.0.0.1"]);
    assert_eq!(again.token.as_deref(), Some(token.as_str()));
    assert_eq!(
        (again.seat("ann"), again.seat("ben")),
        (ann.clone(), ben.clone())
    );
    let port = again.port;
    assert_eq!(get(port, &format!("/?t={token}")).0, 200);
    assert_eq!(get(port, &format!("/seat?s={ann}")).0, 200);
    let (code, said) = seat_post(port, &ann, "/seat/roll", r#"{"expr":"1d6"}"#);
    assert_eq!(code, 200, "{said}");
    // A new address for Ann, from another terminal.
    let (out, err, code) = common::tm_in(d, &["serve", "seats", "--new", "ann"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.replace('\n', " ").starts_with(
            "ann's seat has a new address (below); the old one opens nothing now seats"
        ),
        "{out}"
    );
    let new = out
        .lines()
        .find_map(|l| l.trim().strip_prefix("ann: "))
        .and_then(|u| u.split_once("?s="))
        .map(|(_, s)| s.to_string())
        .unwrap_or_else(|| panic!("{out}"));
    assert_ne!(new, ann);
    assert!(
        out.contains(&format!("ben: http://127.0.0.1:{port}/seat?s={ben}")),
        "{out}"
    );
    let started = Instant::now();
    while get(port, &format!("/seat?s={ann}")).0 != 403
        || get(port, &format!("/seat?s={new}")).0 != 200
    {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the new address never replaced the old"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// #77 item 6: each seat has a desk of its own, so a seat's small roll
/// is answered while another seat's big one is still being rolled (with
/// one desk for all it waited its turn behind it). Order, not time, is
/// what is checked: the big roll takes over a second in the test build.
#[test]
fn a_big_roll_keeps_only_its_own_seat_waiting() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players ann cat"]);
    let server = serve(d, &[]);
    let port = server.port;
    let (ann, cat) = (server.seat("ann"), server.seat("cat"));
    let big_done = Arc::new(AtomicBool::new(false));
    let big = {
        let big_done = Arc::clone(&big_done);
        std::thread::spawn(move || {
            let answer = seat_post(port, &ann, "/seat/roll", r#"{"expr":"5000x1000d1000"}"#);
            big_done.store(true, Ordering::SeqCst);
            answer
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    let (code, said) = seat_post(port, &cat, "/seat/roll", r#"{"expr":"1d6"}"#);
    assert_eq!(code, 200, "{said}");
    assert!(
        !big_done.load(Ordering::SeqCst),
        "cat's 1d6 waited for ann's big roll"
    );
    let (code, said) = big.join().unwrap();
    let said = said["said"].as_str().unwrap_or_default().to_string();
    assert_eq!(code, 200, "{}", &said[..said.len().min(300)]);
    // Told its start, not 25 MB of dice.
    assert!(said.len() < 3_000, "{} bytes to a phone", said.len());
    assert!(
        said.starts_with("   1: 1000d1000 [")
            && said.ends_with(
                "(cut short for a phone: 5000 lines in all; `log` at the terminal lists the rolls)"
            ),
        "{said}"
    );
}

/// POST `body` to a seat's path with these headers; (status, answer).
pub(super) fn post(
    port: u16,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, serde_json::Value) {
    let extra: String = headers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .collect();
    let (code, _, body) = request(
        port,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    );
    (
        code,
        serde_json::from_str(&body).unwrap_or(serde_json::Value::String(body)),
    )
}

/// A seat's action as its phone sends it: POST with the seat's secret and
/// this server's own Origin; (status, answer).
pub(super) fn seat_post(
    port: u16,
    secret: &str,
    path: &str,
    body: &str,
) -> (u16, serde_json::Value) {
    let origin = format!("http://127.0.0.1:{port}");
    post(
        port,
        path,
        &[("Origin", origin.as_str()), ("X-Tablemate-Seat", secret)],
        body,
    )
}

/// #48 item 4: a seat on a phone rolls, enters its pad score and passes
/// its turn through the same commands and store as the terminal; what it
/// does shows on every screen under its name.
#[test]
fn a_phone_seat_rolls_scores_and_passes_the_turn() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players ann ben", "pad new hearts", "turn"]);
    let server = serve(d, &[]);
    let port = server.port;
    let ann = server.seat("ann");
    let ben = server.seat("ben");
    assert_eq!(ann.len(), 32);
    assert_ne!(ann, ben);
    let origin = format!("http://127.0.0.1:{port}");
    let as_ann = [
        ("Origin", origin.as_str()),
        ("X-Tablemate-Seat", ann.as_str()),
    ];
    let as_ben = [
        ("Origin", origin.as_str()),
        ("X-Tablemate-Seat", ben.as_str()),
    ];
    // The seat's page: its controls, then the table.
    let (code, _, page) = get(port, &format!("/seat?s={ann}"));
    assert_eq!(code, 200);
    assert!(page.contains("<h1>ann's seat</h1>"), "{page}");
    assert!(page.contains(&format!("/app.js?s={ann}")), "{page}");
    let mut stream = events(port, &format!("?s={ann}"));
    next_table(&mut stream);

    let (code, a) = post(port, "/seat/roll", &as_ann, r#"{"expr":"3d6+100"}"#);
    assert_eq!(code, 200, "{a}");
    assert_eq!(a["ok"], true);
    assert!(a["said"].as_str().unwrap().starts_with("3d6 ["), "{a}");
    let html = next_table(&mut stream);
    assert!(html.contains("<strong>ann</strong>: 3d6+100"), "{html}");
    let log = run(d, &["log", "ann"], None);
    assert!(log.out.contains("ann: 3d6 ["), "{}", log.out);

    // A phone is answered in a sentence about its seat (#58 item 3).
    let (code, a) = post(port, "/seat/pad", &as_ann, r#"{"score":"7"}"#);
    assert_eq!(code, 200, "{a}");
    assert_eq!(a["said"], "7 for ann; ann 7, leads");
    // Not ben's turn to pass; ann's is.
    let (code, a) = post(port, "/seat/turn", &as_ben, "{}");
    assert_eq!(code, 422);
    assert_eq!(a["said"], "it is ann's turn: only ann passes it");
    let (code, a) = post(port, "/seat/turn", &as_ann, "{}");
    assert_eq!(code, 200, "{a}");
    assert!(a["said"].as_str().unwrap().contains("ben's turn"), "{a}");
    let players = run(d, &["--json", "players"], None);
    let v: serde_json::Value = serde_json::from_str(&players.out).unwrap();
    assert_eq!(v["data"]["turn"]["name"], "ben");
    // Undo takes back only the seat's own newest change.
    let (code, a) = post(port, "/seat/undo", &as_ben, "{}");
    assert_eq!(code, 422);
    assert_eq!(
        a["said"],
        "the last change ('turn') was not yours: it is undone where it was made, or at the terminal"
    );
    let (code, a) = post(port, "/seat/undo", &as_ann, "{}");
    assert_eq!(code, 200, "{a}");
    assert_eq!(a["said"], "took back your last change: turn");
    // A bad score names the bad token, and changes nothing.
    let (code, a) = post(port, "/seat/pad", &as_ben, r#"{"score":"7x"}"#);
    assert_eq!(code, 422);
    assert_eq!(
        a["said"],
        "'7x' is not a score: a whole number, like 12 or -3"
    );
    let pad = run(d, &["pad", "show"], None);
    assert!(pad.out.contains("ann leads with 7"), "{}", pad.out);
}

/// #48: a write without the seat's secret, from another site, by GET, or
/// from a revoked seat changes nothing; a seat acts only so often.
#[test]
fn a_seat_write_needs_its_secret_its_origin_and_post() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players ann ben", "pad new hearts"]);
    let before = run(d, &["export"], None).out;
    let server = serve(d, &[]);
    let port = server.port;
    let ann = server.seat("ann");
    let origin = format!("http://127.0.0.1:{port}");
    let cookie = format!("s={ann}");
    let score = r#"{"score":"5"}"#;
    let refused = [
        (
            vec![("Origin", origin.as_str())],
            403,
            "no seat's secret came with this",
        ),
        (
            vec![
                ("Origin", origin.as_str()),
                ("X-Tablemate-Seat", "0123456789abcdef0123456789abcdef"),
            ],
            403,
            "this seat is not open (closed, or given a new address): ask at the terminal for `serve seats`",
        ),
        (
            vec![
                ("Origin", "http://evil.example"),
                ("X-Tablemate-Seat", ann.as_str()),
            ],
            403,
            "a seat acts only from its page on this server",
        ),
        (
            vec![("X-Tablemate-Seat", ann.as_str())],
            403,
            "a seat acts only from its page on this server",
        ),
        (
            vec![("Origin", origin.as_str()), ("Cookie", cookie.as_str())],
            403,
            "no seat's secret came with this",
        ),
    ];
    for (headers, code, said) in refused {
        let (got, a) = post(port, "/seat/pad", &headers, score);
        assert_eq!(
            (got, a["said"].as_str().unwrap_or("")),
            (code, said),
            "{headers:?}"
        );
    }
    // A GET to a write path, even with the secret in the address.
    let (code, _, _) = get(port, &format!("/seat/pad?s={ann}&score=5"));
    assert_eq!(code, 405);
    // The read-only address stays read-only.
    let (code, _, _) = request(
        port,
        &format!(
            "POST / HTTP/1.1
Host: 127.0.0.1:{port}
Content-Length: 0

"
        ),
    );
    assert_eq!(code, 405);
    assert_eq!(
        run(d, &["export"], None).out,
        before,
        "a refused write changed the store"
    );
    // A seat acts only so often.
    let seat = [
        ("Origin", origin.as_str()),
        ("X-Tablemate-Seat", ann.as_str()),
    ];
    let codes: Vec<u16> = (0..12)
        .map(|_| post(port, "/seat/roll", &seat, r#"{"expr":"1d6"}"#).0)
        .collect();
    assert_eq!(codes.iter().filter(|c| **c == 200).count(), 10, "{codes:?}");
    assert_eq!(codes[11], 429);
}

/// #48: `serve revoke ann` in the REPL closes ann's seat at once; `serve
/// seats` gives ann a new one.
#[test]
fn a_revoked_seat_opens_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(run(d, &["players", "ann", "ben"], None).code, 0);
    let mut repl = common::owned::spawn(
        std_command(d)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null()),
    )
    .unwrap();
    let child = &mut repl.child;
    let mut input = child.stdin.take().unwrap();
    let out = common::wait::Lines::new(child.stdout.take().unwrap(), "the REPL's output");
    let mut said = |line: &str, until: &str| {
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
        out.until(until)
    };
    let shown = said("serve --port 0", "ends it");
    let secret = |text: &str, name: &str| {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(&format!("{name}: ")))
            .and_then(|u| u.split_once("?s="))
            .map(|(_, s)| s.to_string())
            .unwrap_or_else(|| panic!("no seat for {name}: {text}"))
    };
    let port: u16 = shown
        .lines()
        .next()
        .and_then(|l| l.split_once("/?t=").unwrap_or((l, "")).0.rsplit_once(':'))
        .and_then(|(_, p)| p.parse().ok())
        .unwrap_or_else(|| panic!("{shown}"));
    let ann = secret(&shown, "ann");
    assert_eq!(get(port, &format!("/seat?s={ann}")).0, 200);
    let closed = said("serve revoke ann", "seat is closed");
    assert!(
        closed.contains("ann's seat is closed: its address opens nothing now"),
        "{closed}"
    );
    assert_eq!(get(port, &format!("/seat?s={ann}")).0, 403);
    let origin = format!("http://127.0.0.1:{port}");
    let (code, _) = post(
        port,
        "/seat/roll",
        &[
            ("Origin", origin.as_str()),
            ("X-Tablemate-Seat", ann.as_str()),
        ],
        r#"{"expr":"1d6"}"#,
    );
    assert_eq!(code, 403);
    let again = said("serve seats", "ann:");
    let fresh = secret(&again, "ann");
    assert_ne!(fresh, ann);
    assert_eq!(get(port, &format!("/seat?s={fresh}")).0, 200);
    let _ = child.kill();
    let _ = child.wait();
}

/// #48: a run's scorecard is a real table on the screen (a room a row),
/// not monospaced text clipped behind a scrollbar.
#[test]
fn a_runs_scorecard_is_a_table() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players zoë", "funhouse new", "score sj Cn A3 A5"]);
    let server = serve(d, &[]);
    let (_, _, state) = get(server.port, "/state.json");
    let v: serde_json::Value = serde_json::from_str(&state).unwrap();
    let grid = &v["boards"][0]["grid"];
    assert_eq!(grid["head"], serde_json::json!(["game", "room", "points"]));
    assert_eq!(
        grid["rows"][0],
        serde_json::json!(["ace", "Slide Jam", "8"])
    );
    assert_eq!(grid["rows"][1][2], "-");
    let (_, _, page) = get(server.port, "/");
    assert!(page.contains("<caption>run of zoë, started "), "{page}");
    assert!(
        page.contains(
            "<tr><th scope=\"row\">ace</th><td class=\"text\">Slide Jam</td><td>8</td></tr>"
        ),
        "{page}"
    );
}

/// #56: the shared screen is the table's. From a second terminal, while a
/// one-shot `serve` runs, `serve seats` lists the seats and `serve revoke
/// zoe` (typed without the accent) closes Zoë's seat: her address opens
/// nothing, and her open event stream ends within a second.
#[test]
fn a_seat_is_closed_from_another_terminal_and_its_stream_ends() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        run(d, &["players", "Ann", "Ben", "Zoë", "Li Wei"], None).code,
        0
    );
    let server = serve(d, &[]);
    let port = server.port;
    let zoe = server.seat("Zoë");
    let listed = run(d, &["serve", "seats"], None);
    assert_eq!(listed.code, 0, "{}", listed.err);
    assert!(
        listed
            .out
            .contains(&format!("  Zoë: http://127.0.0.1:{port}/seat?s={zoe}\n")),
        "{}",
        listed.out
    );
    let mut stream = events(port, &format!("?s={zoe}"));
    next_table(&mut stream);
    // Ben's stream stays open through it.
    let ben = server.seat("Ben");
    let mut bens = events(port, &format!("?s={ben}"));
    next_table(&mut bens);
    let asked = Instant::now();
    let closed = run(d, &["serve", "revoke", "zoe"], None);
    assert_eq!(
        closed.out,
        "Zoë's seat is closed: its address opens nothing now (`serve seats` gives Zoë a new one)\n",
        "{}",
        closed.err
    );
    // The stream ends (EOF, or the connection closed) within a second.
    stream
        .get_ref()
        .set_read_timeout(Some(Duration::from_secs(3)))
        .unwrap();
    let mut rest = String::new();
    let ended = loop {
        let mut line = String::new();
        match stream.read_line(&mut line) {
            Ok(0) => break true,
            Ok(_) => rest.push_str(&line),
            Err(_) => break false,
        }
        // A stream that keeps talking has not ended.
        if asked.elapsed() > Duration::from_secs(5) {
            break false;
        }
    };
    assert!(ended, "Zoë's stream went on: {rest}");
    assert!(
        asked.elapsed() < Duration::from_secs(1),
        "it took {:?}",
        asked.elapsed()
    );
    assert_eq!(get(port, &format!("/seat?s={zoe}")).0, 403);
    assert_eq!(get(port, &format!("/seat?s={ben}")).0, 200);
    // Her page's stream, reconnecting, gets nothing either: not the
    // table's stream an open server gives without a key (#77: her page
    // went on following the table), nor its state.
    for path in ["/events", "/state.json", "/"] {
        let (code, _, body) = get(port, &format!("{path}?s={zoe}"));
        assert_eq!(code, 403, "{path}: {body}");
        assert_eq!(
            body,
            "this seat is not open (closed, or given a new address): ask at the terminal for `serve seats`\n"
        );
    }
    // A page says "live" only once its stream is open: before, it is
    // connecting (it said "live" while frozen).
    let page = get(port, &format!("/seat?s={ben}")).2;
    assert!(
        page.contains("<span id=\"live\" class=\"live off\">connecting</span>"),
        "{page}"
    );
    // A change still reaches Ben's page.
    common::run_ok(d, &["roll 2d6 as ben"]);
    assert!(next_table(&mut bens).contains("Ben"));
    // A name no seat has is named, with the seats.
    let none = run(d, &["serve", "revoke", "zed"], None);
    assert_eq!(
        none.err,
        "error: 'zed' has no seat (seats: Ann, Ben, Li Wei): `serve seats` lists them\n"
    );
    drop(server);
    let after = run(d, &["serve", "seats"], None);
    assert_eq!(
        after.err,
        "error: nothing is being served: `serve` starts it\n"
    );
}
