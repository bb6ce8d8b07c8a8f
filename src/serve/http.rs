//! Just enough HTTP/1.1 for a read-only page: one GET a connection, its
//! request line and headers read under a size cap and a time limit, and a
//! response written whole (or, for the event stream, its head and then
//! events). Anything unusual is refused, not interpreted.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The most a request's line and headers may take.
pub const MOST_HEAD: usize = 8 * 1024;
/// How long a client has to send its request.
pub const READ_TIME: Duration = Duration::from_secs(5);

/// A request, as far as a read-only page needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub method: String,
    pub path: String,
    /// After `?`, undecoded.
    pub query: String,
    pub host: Option<String>,
}

impl Request {
    /// A query parameter's value (`t` of `?t=abc`).
    pub fn param(&self, key: &str) -> Option<&str> {
        self.query
            .split('&')
            .filter_map(|kv| kv.split_once('='))
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
    }
}

/// Why a request was not read: the status to answer with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Malformed.
    Bad,
    /// Headers past the cap, or a body.
    TooLarge,
    /// The client went away or was too slow: no answer.
    Gone,
}

/// Read one request's head from `stream`.
pub fn read_request(stream: &TcpStream) -> Result<Request, Refusal> {
    stream
        .set_read_timeout(Some(READ_TIME))
        .map_err(|_| Refusal::Gone)?;
    let mut reader = BufReader::new(stream.take(MOST_HEAD as u64 + 1));
    let mut lines = Vec::new();
    let mut read = 0;
    loop {
        let mut line = String::new();
        let n = reader.read_line(&mut line).map_err(|e| match e.kind() {
            io::ErrorKind::InvalidData => Refusal::Bad,
            _ => Refusal::Gone,
        })?;
        read += n;
        if read > MOST_HEAD {
            return Err(Refusal::TooLarge);
        }
        if n == 0 {
            return Err(if lines.is_empty() {
                Refusal::Gone
            } else {
                Refusal::Bad
            });
        }
        let line = line.trim_end_matches(['\r', '\n']).to_string();
        if line.is_empty() {
            break;
        }
        lines.push(line);
    }
    let mut parts = lines.first().ok_or(Refusal::Bad)?.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Refusal::Bad);
    };
    if !version.starts_with("HTTP/1.") || !target.starts_with('/') {
        return Err(Refusal::Bad);
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let mut host = None;
    for h in &lines[1..] {
        let (name, value) = h.split_once(':').ok_or(Refusal::Bad)?;
        let value = value.trim();
        match name.to_ascii_lowercase().as_str() {
            "host" => host = Some(value.to_string()),
            // A page that only reads takes no body.
            "content-length" if value != "0" => return Err(Refusal::TooLarge),
            "transfer-encoding" => return Err(Refusal::TooLarge),
            _ => {}
        }
    }
    Ok(Request {
        method: method.to_string(),
        path: path.to_string(),
        query: query.to_string(),
        host,
    })
}

/// The headers every answer carries: nothing may be framed, sniffed,
/// fetched from elsewhere or run inline.
pub const SAFE_HEADERS: &str = "Content-Security-Policy: default-src 'none'; script-src 'self'; \
style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
frame-ancestors 'none'\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n\
Cache-Control: no-store\r\n";

/// Write a whole answer and close.
pub fn respond(
    mut stream: &TcpStream,
    status: &str,
    content_type: &str,
    extra: &str,
    body: &[u8],
) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n{SAFE_HEADERS}{extra}Connection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}

/// The head of an event stream (the events follow as they come).
pub fn start_events(mut stream: &TcpStream) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n{SAFE_HEADERS}Connection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes())?;
    stream.flush()
}

/// One server-sent event: `data` line by line. The event-stream format
/// ends a line at CR, LF or CRLF, so all three split it here: a bare CR
/// left inside a `data:` line (a roll's note may hold one) would end it
/// in the browser and start a line of the sender's choosing, an `event:`
/// that renames the event so the page never updates again.
pub fn event(name: &str, data: &str) -> String {
    let mut out = format!("event: {name}\n");
    // As `str::lines`, a last line end ends the last line, not another.
    let data = data
        .strip_suffix('\n')
        .map_or(data, |d| d.strip_suffix('\r').unwrap_or(d));
    let data = data.strip_suffix('\r').unwrap_or(data);
    for line in data.split("\r\n").flat_map(|l| l.split(['\r', '\n'])) {
        out.push_str("data: ");
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_carries_each_line() {
        assert_eq!(event("table", "a\nb"), "event: table\ndata: a\ndata: b\n\n");
    }

    #[test]
    fn every_line_end_of_the_format_splits_the_data() {
        assert_eq!(
            event("table", "a\rb\r\nc\nd\r\revent: evil"),
            "event: table\ndata: a\ndata: b\ndata: c\ndata: d\ndata: \ndata: event: evil\n\n"
        );
    }
}
