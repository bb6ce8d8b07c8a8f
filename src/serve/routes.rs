//! What each request gets. Every request must name this server (one Host
//! header, one of its own addresses: DNS rebinding is refused); with
//! `--lan`, reading needs the token or a seat's secret in the address.
//! Reading is GET; a seat's actions are POST only, with the seat's secret
//! in a header (never a cookie, so another site cannot borrow it) and an
//! Origin of this server's own.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Body, Bytes, Frame, Incoming};
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use serde::Deserialize;
use tokio::sync::{mpsc, oneshot};

use super::desk::{Answer, Job, SeatAct};
use super::gate::{Class, Pass};
use super::seats::{Barred, same};
use super::{HEAD_TIME, KEEPALIVE, Shared, http, page};

/// The header a seat's phone sends its secret in.
pub const SEAT_HEADER: &str = "x-tablemate-seat";
/// The most a seat's action may send.
const MOST_BODY: usize = 2 * 1024;

type Answered = Response<BoxBody<Bytes, Infallible>>;

/// An answer with the safe headers.
fn answer(status: StatusCode, content_type: &str, body: impl Into<Bytes>) -> Answered {
    let mut r = Response::new(Full::new(body.into()).boxed());
    *r.status_mut() = status;
    put_headers(r.headers_mut(), content_type);
    r
}

fn put_headers(h: &mut HeaderMap, content_type: &str) {
    for (name, value) in http::SAFE_HEADERS {
        h.insert(name, HeaderValue::from_static(value));
    }
    if let Ok(v) = HeaderValue::from_str(content_type) {
        h.insert(header::CONTENT_TYPE, v);
    }
}

fn text(status: StatusCode, body: &'static str) -> Answered {
    answer(status, "text/plain; charset=utf-8", body)
}

fn json(status: StatusCode, body: &impl serde::Serialize) -> Answered {
    answer(
        status,
        "application/json",
        serde_json::to_string(body).expect("answers serialise"),
    )
}

/// The one value of a header that must appear once (`None`: missing,
/// repeated, or not text).
fn once(headers: &HeaderMap, name: impl header::AsHeaderName + Clone) -> Option<&str> {
    let mut all = headers.get_all(name.clone()).iter();
    let first = all.next()?;
    if all.next().is_some() {
        return None;
    }
    first.to_str().ok()
}

/// A query parameter's value (`t` of `?t=abc`), undecoded: the keys are
/// hex.
fn param<'a>(query: &'a str, key: &str) -> Option<&'a str> {
    query
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v)
}

/// What a reading request showed of itself: the key it carries on to
/// every address the page loads.
enum Key {
    Open,
    Token(String),
    Seat(String),
}

impl Key {
    fn query(&self) -> String {
        match self {
            Key::Open => String::new(),
            Key::Token(t) => format!("?t={t}"),
            Key::Seat(s) => format!("?s={s}"),
        }
    }
}

pub async fn handle(
    req: Request<Incoming>,
    shared: Arc<Shared>,
    pass: Pass,
) -> Result<Answered, Infallible> {
    let headers = req.headers();
    // Behind a trusted proxy the connection is its client's (for the
    // gate's shares); from anywhere else the headers are not read.
    if pass.proxy
        && let Some(client) = forwarded_client(headers)
    {
        pass.client_is(client);
    }
    if headers.get_all(header::HOST).iter().count() > 1 {
        return Ok(text(StatusCode::BAD_REQUEST, "one Host header, please\n"));
    }
    let host = once(headers, header::HOST);
    if !host.is_some_and(|h| shared.site.hosts.iter().any(|k| k.eq_ignore_ascii_case(h))) {
        return Ok(text(
            StatusCode::FORBIDDEN,
            "this server answers only to its own address\n",
        ));
    }
    // A request in absolute form names its server in the address too,
    // and that name wins over Host (RFC 9112): it must be ours as well.
    if let Some(authority) = req.uri().authority()
        && !shared
            .site
            .hosts
            .iter()
            .any(|k| k.eq_ignore_ascii_case(authority.as_str()))
    {
        return Ok(text(
            StatusCode::FORBIDDEN,
            "this server answers only to its own address\n",
        ));
    }
    let path = req.uri().path().to_string();
    let query = req.uri().query().unwrap_or("").to_string();
    let method = req.method().clone();
    if let Some(act) = path.strip_prefix("/seat/") {
        if method != Method::POST {
            return Ok(not_allowed("POST", "a seat acts by POST from its page\n"));
        }
        let act = act.to_string();
        return Ok(seat_act(req, &act, &shared, &pass).await);
    }
    if method != Method::GET && method != Method::HEAD {
        return Ok(not_allowed(
            "GET",
            "the table's screen only reads; a seat acts from its own page\n",
        ));
    }
    // Reading takes nothing: a body on a read is refused, not skipped.
    let sends_body = headers.contains_key(header::TRANSFER_ENCODING)
        || once(headers, header::CONTENT_LENGTH).is_some_and(|n| n.trim() != "0");
    if sends_body {
        return Ok(text(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too large: reading the table takes no body\n",
        ));
    }
    let seat = param(&query, "s").and_then(|s| {
        let seats = shared.seats.lock().unwrap_or_else(|e| e.into_inner());
        seats.who(s).map(|name| (name, s.to_string()))
    });
    // A seat's address that opens no seat (revoked) opens nothing: not
    // the table's page and stream either, which an open server gives
    // without a key (#77: a revoked page reconnected and went on
    // following the table).
    if seat.is_none() && param(&query, "s").is_some() {
        return Ok(text(
            StatusCode::FORBIDDEN,
            "this seat is not open (closed, or given a new address): ask at the terminal for `serve seats`\n",
        ));
    }
    let site = &shared.site;
    let key = match &seat {
        Some((_, s)) => Key::Seat(s.clone()),
        None if param(&query, "t").is_some_and(|given| same(given, &site.token)) => {
            Key::Token(site.token.clone())
        }
        None if !site.locked => Key::Open,
        None => {
            return Ok(text(
                StatusCode::FORBIDDEN,
                "this page needs the address tablemate printed (with its ?t=... or ?s=...)\n",
            ));
        }
    };
    let class = match (&key, &seat) {
        (Key::Seat(_), Some((name, _))) => Class::Seat(name.clone()),
        (Key::Token(_), _) => Class::Table,
        _ => Class::Open,
    };
    if !pass.show(class) {
        return Ok(full());
    }
    let shown = Arc::clone(&shared.shown.borrow());
    Ok(match path.as_str() {
        "/" => answer(
            StatusCode::OK,
            "text/html; charset=utf-8",
            page::page(&shown.html, &key.query(), None),
        ),
        "/seat" => match seat {
            Some((name, _)) => {
                let table = shown.for_seat(Some(&name));
                let (tx, rx) = oneshot::channel();
                if !shared.send(Job::Look {
                    seat: name,
                    answer: tx,
                }) {
                    return Ok(gone());
                }
                match tokio::time::timeout(super::DESK_TIME, rx).await {
                    Ok(Ok(look)) => answer(
                        StatusCode::OK,
                        "text/html; charset=utf-8",
                        page::page(&table, &key.query(), Some(&look)),
                    ),
                    _ => gone(),
                }
            }
            None => text(
                StatusCode::FORBIDDEN,
                "this seat is not open (closed, or given a new address): ask at the terminal for `serve seats`\n",
            ),
        },
        "/state.json" => answer(StatusCode::OK, "application/json", shown.json.clone()),
        "/app.js" => answer(
            StatusCode::OK,
            "text/javascript; charset=utf-8",
            page::SCRIPT,
        ),
        "/app.css" => answer(StatusCode::OK, "text/css; charset=utf-8", page::STYLE),
        "/events" => events(&shared, seat),
        _ => text(StatusCode::NOT_FOUND, "not here: the table is at /\n"),
    })
}

/// The client a proxy names: the last `for=` of `Forwarded` (RFC 7239),
/// else the last address of `X-Forwarded-For` (each proxy adds the
/// address it was reached from at the end; what comes before is the
/// client's own word). `None`: neither names an address.
fn forwarded_client(headers: &HeaderMap) -> Option<std::net::IpAddr> {
    let last = |name: &str| {
        headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .next_back()
    };
    let address = |text: &str| -> Option<std::net::IpAddr> {
        let t = text.trim().trim_matches('"');
        t.parse()
            .ok()
            .or_else(|| t.parse::<std::net::SocketAddr>().ok().map(|a| a.ip()))
            .or_else(|| {
                t.strip_prefix('[')
                    .and_then(|v| v.split_once(']'))
                    .and_then(|(ip, _)| ip.parse().ok())
            })
    };
    if let Some(forwarded) = last("forwarded") {
        let element = forwarded.rsplit(',').next().unwrap_or("");
        let named = element.split(';').find_map(|pair| {
            let (k, v) = pair.split_once('=')?;
            k.trim().eq_ignore_ascii_case("for").then(|| address(v))?
        });
        if named.is_some() {
            return named;
        }
    }
    last("x-forwarded-for").and_then(|x| address(x.rsplit(',').next().unwrap_or("")))
}

/// 405, saying which method the path takes.
fn not_allowed(allow: &'static str, why: &'static str) -> Answered {
    let mut r = text(StatusCode::METHOD_NOT_ALLOWED, why);
    r.headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allow));
    r
}

/// No room for one more page without a key (see `gate`).
fn full() -> Answered {
    let mut r = text(
        StatusCode::SERVICE_UNAVAILABLE,
        "too many pages open without the table's address: close one, or open the address tablemate printed\n",
    );
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    r
}

fn gone() -> Answered {
    text(
        StatusCode::SERVICE_UNAVAILABLE,
        "the table is not answering: is tablemate still serving?\n",
    )
}

/// What a phone posts.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Posted {
    #[serde(default)]
    expr: Option<String>,
    #[serde(default)]
    score: Option<String>,
    #[serde(default)]
    line: Option<String>,
}

async fn seat_act(req: Request<Incoming>, act: &str, shared: &Shared, pass: &Pass) -> Answered {
    let refused = |status, said: &str| {
        json(
            status,
            &Answer {
                ok: false,
                said: said.into(),
                asks: false,
            },
        )
    };
    let headers = req.headers();
    // A page of this server's own posts with its own Origin; a browser
    // on another site cannot forge one.
    let origin_ok = once(headers, header::ORIGIN).is_some_and(|o| {
        shared
            .site
            .origins
            .iter()
            .any(|h| o.eq_ignore_ascii_case(h))
    });
    if !origin_ok {
        return refused(
            StatusCode::FORBIDDEN,
            "a seat acts only from its page on this server",
        );
    }
    let Some(secret) = once(headers, SEAT_HEADER).map(str::to_string) else {
        return refused(StatusCode::FORBIDDEN, "no seat's secret came with this");
    };
    let admitted = shared
        .seats
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .admit(&secret, Instant::now());
    let seat = match admitted {
        Ok(name) => {
            pass.show(Class::Seat(name.clone()));
            name
        }
        Err(Barred::Unknown) => {
            return refused(
                StatusCode::FORBIDDEN,
                "this seat is not open (closed, or given a new address): ask at the terminal for `serve seats`",
            );
        }
        Err(Barred::TooFast) => {
            let mut r = refused(
                StatusCode::TOO_MANY_REQUESTS,
                "too many actions at once from this seat: wait a few seconds",
            );
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
            return r;
        }
    };
    let body = Limited::new(req.into_body(), MOST_BODY).collect();
    let bytes = match tokio::time::timeout(HEAD_TIME, body).await {
        Ok(Ok(b)) => b.to_bytes(),
        Ok(Err(_)) => return refused(StatusCode::PAYLOAD_TOO_LARGE, "too much sent"),
        Err(_) => return refused(StatusCode::REQUEST_TIMEOUT, "sent too slowly"),
    };
    let posted: Posted = if bytes.is_empty() {
        Posted {
            expr: None,
            score: None,
            line: None,
        }
    } else {
        match serde_json::from_slice(&bytes) {
            Ok(p) => p,
            Err(e) => return refused(StatusCode::BAD_REQUEST, &format!("not understood: {e}")),
        }
    };
    let act = match (act, posted.expr, posted.score, posted.line) {
        ("roll", expr, None, None) => SeatAct::Roll {
            expr: expr.unwrap_or_default(),
        },
        ("pad", None, Some(score), None) => SeatAct::Pad { score },
        ("turn", None, None, None) => SeatAct::Turn,
        ("undo", None, None, None) => SeatAct::Undo,
        ("move", None, None, Some(line)) => SeatAct::Move { line },
        ("roll" | "pad" | "turn" | "undo" | "move", ..) => {
            return refused(
                StatusCode::BAD_REQUEST,
                "roll takes expr, pad takes score, move takes line, turn and undo take nothing",
            );
        }
        _ => {
            return refused(
                StatusCode::NOT_FOUND,
                "a seat can roll, pad, move, turn or undo",
            );
        }
    };
    let (tx, rx) = oneshot::channel();
    if !shared.send(Job::Act {
        seat,
        act,
        answer: tx,
    }) {
        return gone();
    }
    match tokio::time::timeout(super::DESK_TIME, rx).await {
        Ok(Ok(a)) => json(
            if a.ok {
                StatusCode::OK
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            },
            &a,
        ),
        _ => gone(),
    }
}

/// The event stream's body: events as the stream's task sends them.
struct Events(mpsc::Receiver<Bytes>);

impl Body for Events {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.0.poll_recv(cx).map(|b| b.map(|b| Ok(Frame::data(b))))
    }
}

/// An event stream: the table now, then again at each change, until the
/// client goes (its body dropped), the server stops, or (a seat's stream)
/// its seat is closed.
fn events(shared: &Arc<Shared>, seat: Option<(String, String)>) -> Answered {
    let (tx, rx) = mpsc::channel::<Bytes>(2);
    let mut shown = shared.shown.subscribe();
    shown.mark_changed();
    let mut closed = shared.closed.subscribe();
    let shared = Arc::clone(shared);
    tokio::spawn(async move {
        // A page whose stream ends tries again within a second (not the
        // browser's default of a few): a closed seat's page learns it is
        // closed at once, and a page after a restart is back as soon.
        if tx
            .send(Bytes::from_static(b"retry: 1000\n\n"))
            .await
            .is_err()
        {
            return;
        }
        loop {
            let out = tokio::select! {
                changed = shown.changed() => match changed {
                    Ok(()) => http::event(
                        "table",
                        &shown.borrow_and_update().for_seat(seat.as_ref().map(|(name, _)| name.as_str())),
                    ),
                    Err(_) => return,
                },
                gone = closed.changed() => {
                    let open = seat.as_ref().is_none_or(|(_, s)| {
                        let seats = shared.seats.lock().unwrap_or_else(|e| e.into_inner());
                        seats.who(s).is_some()
                    });
                    if gone.is_err() || !open {
                        return;
                    }
                    continue;
                }
                () = tokio::time::sleep(KEEPALIVE) => ": still here\n\n".to_string(),
                () = tx.closed() => return,
            };
            if tx.send(Bytes::from(out)).await.is_err() {
                return;
            }
        }
    });
    let mut r = Response::new(Events(rx).boxed());
    let h = r.headers_mut();
    put_headers(h, "text/event-stream");
    // Through a proxy, each event at once: nginx holds a response back
    // to fill its buffer unless told not to (an event at 45.9 s reached
    // the page at 63.5 s), and a proxy may not rewrite or compress it.
    h.insert("x-accel-buffering", HeaderValue::from_static("no"));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-store, no-transform"),
    );
    r
}
