//! The shared screen (issue #29), through the real binary, on 127.0.0.1
//! only: the page and its event stream, a change from another process
//! arriving on the stream, the token under --lan, a foreign Host, POST,
//! oversize requests, 200 dropped connections, and a real browser at a
//! phone's size.

use super::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{run, std_command};

/// A server run by the binary, killed when dropped.
struct Server {
    child: Child,
    port: u16,
    token: Option<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `serve --port 0` (and `extra`) on the data directory; waits for the
/// address it prints.
fn serve(data: &Path, extra: &[&str]) -> Server {
    let mut child = std_command(data)
        .args(["serve", "--port", "0"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let url = first
        .trim()
        .strip_prefix("the table is shown at ")
        .unwrap_or_else(|| panic!("no address: {first}"))
        .to_string();
    // Keep reading what it prints, so it never blocks on a full pipe.
    std::thread::spawn(move || {
        let mut sink = String::new();
        let _ = out.read_to_string(&mut sink);
    });
    let after_colon = url.rsplit_once(':').unwrap().1;
    let port: u16 = after_colon
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap_or_else(|_| panic!("no port in {url}"));
    let token = url.split_once("?t=").map(|(_, t)| t.to_string());
    Server { child, port, token }
}

/// One request to 127.0.0.1: the status line's code, headers and body.
fn request(port: u16, raw: &str) -> (u16, String, String) {
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

fn get(port: u16, path: &str) -> (u16, String, String) {
    request(
        port,
        &format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"),
    )
}

/// The event stream, open.
fn events(port: u16, query: &str) -> BufReader<TcpStream> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "GET /events{query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
    )
    .unwrap();
    BufReader::new(s)
}

/// The next `table` event's HTML.
fn next_table(stream: &mut BufReader<TcpStream>) -> String {
    let mut html = String::new();
    let mut in_event = false;
    loop {
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
        head.contains("Content-Security-Policy: default-src 'none'"),
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
    assert_eq!(request(port, &big).0, 413);
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
    let server = serve(dir.path(), &["--lan"]);
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

/// Chromium's headless shell, if installed (`.ci/run` installs it).
fn browser() -> Option<&'static str> {
    ["chromium-headless-shell", "chromium", "chromium-browser"]
        .into_iter()
        .find(|b| {
            Command::new(b)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

#[test]
fn a_phone_sized_browser_shows_the_board_the_turn_and_the_last_roll() {
    let Some(chrome) = browser() else {
        common::skipped("no chromium-headless-shell (apt-get install -y chromium-headless-shell)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    run(d, &["--seed", "3", "setup", "troll"], None);
    run(d, &["troll", "awaken"], None);
    run(d, &["roll", "2d6+3", "#", "to", "hit"], None);
    let server = serve(d, &[]);
    let url = format!("http://127.0.0.1:{}/", server.port);
    let profile = tempfile::tempdir().unwrap();
    let shot = d.join("serve.png");
    let args = |extra: &str| {
        vec![
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            format!("--user-data-dir={}", profile.path().display()),
            "--window-size=390,844".into(),
            "--hide-scrollbars".into(),
            // The event stream never finishes loading: stop waiting at 3 s.
            "--timeout=3000".into(),
            extra.to_string(),
            url.clone(),
        ]
    };
    let out = Command::new(chrome)
        .args(args("--dump-dom"))
        .stderr(Stdio::null())
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&out.stdout);
    assert!(dom.contains("<svg"), "no board: {dom}");
    assert!(dom.contains("id=\"turn\""), "no turn line: {dom}");
    assert!(dom.contains("class=\"roll last\""), "no last roll: {dom}");
    assert!(dom.contains("2d6+3"), "{dom}");
    // (Whether the script's stream has opened by the time the shell dumps
    // the page is a race; the stream itself is tested over HTTP above.)
    let status = Command::new(chrome)
        .args(args(&format!("--screenshot={}", shot.display())))
        .stderr(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let png = std::fs::read(&shot).unwrap();
    assert_eq!(&png[..4], b"\x89PNG");
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/serve-phone.png");
        std::fs::write(docs, &png).unwrap();
    }
}

/// The screen shows the people: whose turn it is, large, by name; the
/// seats round the table; who rolled.
#[test]
fn the_screen_names_whose_turn_it_is_and_who_rolled() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for line in ["players ann ben cat", "turn", "turn", "roll 2d6 as cat"] {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(run(d, &words, None).code, 0, "{line}");
    }
    let server = serve(d, &[]);
    let (_, _, state) = get(server.port, "/state.json");
    let v: serde_json::Value = serde_json::from_str(&state).unwrap();
    assert_eq!(
        v["table"],
        serde_json::json!({"players": ["ann", "ben", "cat"], "turn": "ben"})
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
    for line in [
        "players ann ben cat",
        "turn",
        "--seed 2 setup slides",
        "slides move r4c3",
    ] {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(run(d, &words, None).code, 0, "{line}");
    }
    let server = serve(d, &[]);
    let (_, _, page) = get(server.port, "/");
    assert!(
        page.contains("<p class=\"whose\" id=\"whose\">ben (Crowns) to move</p>"),
        "{page}"
    );
    assert!(page.contains("<li class=\"now\">ben</li>"), "{page}");
}
