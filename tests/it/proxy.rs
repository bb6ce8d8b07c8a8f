//! The shared screen behind a real reverse proxy (issue #79 item 6): the
//! guide's nginx settings in front of `serve --public ... --proxy
//! 127.0.0.1`, over TLS with a certificate the test makes, and a real
//! browser for the TV and a seat, all on 127.0.0.1. Skipped, and said
//! so, where nginx, openssl or a browser is missing (`.ci/run` installs
//! them, so CI always runs it).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::cdp::{Browser, browser};
use super::common;
use super::serve::serve;

/// nginx, where installed (Debian keeps it in /usr/sbin, which a user's
/// PATH may lack).
fn nginx() -> Option<PathBuf> {
    ["nginx", "/usr/sbin/nginx"]
        .into_iter()
        .map(PathBuf::from)
        .find(|n| {
            Command::new(n)
                .arg("-v")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })
}

/// A port free on 127.0.0.1 a moment ago.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The guide's nginx `location` block, as the guide has it.
fn guides_location() -> String {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/GUIDE.md"))
            .unwrap();
    let start = guide
        .find("location / {")
        .expect("the guide's nginx settings");
    let end = start + guide[start..].find("\n}").expect("their end") + 2;
    guide[start..end].to_string()
}

/// nginx listening with TLS on `port`, passing to `upstream` with the
/// guide's settings; ended with the test.
fn nginx_in_front(nginx: &Path, dir: &Path, port: u16, upstream: u16) -> common::owned::Owned {
    let made = Command::new("openssl")
        .args([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
        ])
        .args(["-subj", "/CN=localhost", "-keyout"])
        .arg(dir.join("key.pem"))
        .arg("-out")
        .arg(dir.join("cert.pem"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(made.success(), "openssl made no certificate");
    let location = guides_location().replace("127.0.0.1:7464", &format!("127.0.0.1:{upstream}"));
    let d = dir.display();
    // Workers run as the test's user (`user` counts only for root).
    let user = if unsafe { libc::geteuid() } == 0 {
        "user root;"
    } else {
        ""
    };
    let conf = format!(
        "{user}
daemon off;
pid {d}/nginx.pid;
error_log {d}/error.log;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {d}/body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    server {{
        listen 127.0.0.1:{port} ssl;
        ssl_certificate {d}/cert.pem;
        ssl_certificate_key {d}/key.pem;
        {location}
    }}
}}
"
    );
    std::fs::write(dir.join("nginx.conf"), conf).unwrap();
    let child = common::owned::spawn(
        Command::new(nginx)
            .arg("-e")
            .arg(dir.join("error.log"))
            .arg("-p")
            .arg(dir)
            .arg("-c")
            .arg(dir.join("nginx.conf"))
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    )
    .unwrap();
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "nginx did not listen within 10 s: {}",
            std::fs::read_to_string(dir.join("error.log")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

/// #79: through nginx over TLS, configured as the guide says, the TV
/// and a seat open at the printed public addresses, their streams are
/// live, a seat's roll reaches the TV within a second, a seat's page
/// that loses its stream (the server gone, nginx answering 502) says it
/// is reconnecting rather than closed, and once the server is started
/// again both pages are back on the same links by themselves.
#[test]
fn a_seat_through_nginx_over_tls() {
    let Some(chrome) = browser() else {
        common::skipped("no chromium-headless-shell (apt-get install -y chromium-headless-shell)");
        return;
    };
    let Some(nginx) = nginx() else {
        common::skipped("no nginx (apt-get install -y nginx)");
        return;
    };
    if Command::new("openssl").arg("version").output().is_err() {
        common::skipped("no openssl to make a certificate (apt-get install -y openssl)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::run_ok(d, &["players ann ben"]);
    let port = free_port();
    let public = format!("https://localhost:{port}");
    let server = serve(d, &["--public", &public, "--proxy", "127.0.0.1"]);
    let proxy_dir = tempfile::tempdir().unwrap();
    let _nginx = nginx_in_front(&nginx, proxy_dir.path(), port, server.port);
    let token = server.token.clone().unwrap();
    let mut b = Browser::launch_with(chrome, &["--ignore-certificate-errors"]);
    let tv = b.open(&format!("{public}/?t={token}"), 1920, 1080, false);
    let seat = b.open(
        &format!("{public}/seat?s={}", server.seat("ann")),
        390,
        844,
        true,
    );
    let patience = Duration::from_secs(10);
    for page in [&tv, &seat] {
        b.until(
            page,
            "document.querySelector('.live.on') !== null",
            patience,
        );
    }
    let took = super::browser::roll_reaches_tv(&mut b, &seat, &tv, "1d20+5", "1d20+5");
    eprintln!("a seat's roll reached the TV through nginx over TLS in {took:?}");
    assert!(
        took < Duration::from_secs(1),
        "the TV showed ann's roll after {took:?}"
    );
    // The server goes: nginx answers 502, the pages try again.
    let upstream = server.port.to_string();
    drop(server);
    b.until(
        &seat,
        "document.getElementById('live').textContent.indexOf('reconnecting') === 0",
        patience,
    );
    // Started again on the same port: the same links open, and both
    // pages are back by themselves, following the table.
    let _again = serve(
        d,
        &[
            "--port",
            &upstream,
            "--public",
            &public,
            "--proxy",
            "127.0.0.1",
        ],
    );
    for page in [&tv, &seat] {
        b.until(
            page,
            "document.querySelector('.live.on') !== null",
            Duration::from_secs(40),
        );
    }
    let took = super::browser::roll_reaches_tv(&mut b, &seat, &tv, "2d8", "2d8");
    assert!(took < Duration::from_secs(1), "after the restart: {took:?}");
}
