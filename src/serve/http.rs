//! The wire's small print: the headers every answer carries, and the
//! event-stream format the pages follow.

/// The headers every answer carries: nothing may be framed, sniffed,
/// fetched from elsewhere or run inline.
pub const SAFE_HEADERS: [(&str, &str); 4] = [
    (
        "content-security-policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cache-control", "no-store"),
];

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
