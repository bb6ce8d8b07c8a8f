//! The address people open when the table is served from behind a
//! reverse proxy (`serve --public https://table.example.org`, #79): what
//! every printed link starts with, and the Host and Origin a request
//! through the proxy may carry.

/// A public address, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Public {
    /// `https://table.example.org` (the default port left out, no
    /// slash): what links start with, and the Origin a page posts with.
    pub origin: String,
    /// The Host values that name it: as a browser sends it (no default
    /// port), and with its port written out.
    pub hosts: Vec<String>,
}

impl Public {
    /// `url` as typed: `http` or `https`, a host name or address, a port
    /// if not the scheme's own, and nothing after (a path, a query, a
    /// user): the proxy serves the table at its root.
    pub fn parse(url: &str) -> Result<Public, String> {
        let bad = |why: &str| {
            format!(
                "'{}': --public takes the address people open, like https://table.example.org ({why})",
                crate::style::clip_quoted(url)
            )
        };
        let (scheme, rest) = url
            .split_once("://")
            .ok_or_else(|| bad("it starts with https://"))?;
        let scheme = scheme.to_ascii_lowercase();
        let default = match scheme.as_str() {
            "https" => 443,
            "http" => 80,
            _ => return Err(bad("http or https")),
        };
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.contains(['/', '?', '#', '@', '\\']) {
            return Err(bad("no path, query or user: the table is at its root"));
        }
        let (host, port) = match rest.strip_prefix('[') {
            // An IPv6 address: [::1]:8443.
            Some(v6) => {
                let (addr, after) = v6.split_once(']').ok_or_else(|| bad("a [ without ]"))?;
                if addr.parse::<std::net::Ipv6Addr>().is_err() {
                    return Err(bad("not an IPv6 address in [ ]"));
                }
                (format!("[{addr}]"), after.strip_prefix(':'))
            }
            None => match rest.rsplit_once(':') {
                Some((h, p)) => (h.to_string(), Some(p)),
                None => (rest.to_string(), None),
            },
        };
        let host = host.to_ascii_lowercase();
        let name_ok = host.starts_with('[')
            || (!host.is_empty()
                && host.len() <= 253
                && host.split('.').all(|l| {
                    !l.is_empty()
                        && l.len() <= 63
                        && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                }));
        if !name_ok {
            return Err(bad("a host name of letters, digits, - and ."));
        }
        let port = match port {
            None => default,
            Some(p) => p
                .parse::<u16>()
                .ok()
                .filter(|&p| p > 0)
                .ok_or_else(|| bad("a port from 1 to 65535"))?,
        };
        let authority = if port == default {
            host.clone()
        } else {
            format!("{host}:{port}")
        };
        let mut hosts = vec![authority.clone()];
        if port == default {
            hosts.push(format!("{host}:{port}"));
        }
        Ok(Public {
            origin: format!("{scheme}://{authority}"),
            hosts,
        })
    }
}

/// What a link starts with, from what the store keeps of the server
/// (`http://127.0.0.1:7464`, `https://table.example.org`; a server of an
/// older version kept `host:port` alone).
pub fn base_of(kept: &str) -> String {
    if kept.contains("://") {
        kept.to_string()
    } else {
        format!("http://{kept}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_address_is_read_as_browsers_send_it() {
        let p = Public::parse("https://Table.Example.org/").unwrap();
        assert_eq!(p.origin, "https://table.example.org");
        assert_eq!(p.hosts, ["table.example.org", "table.example.org:443"]);
        let p = Public::parse("http://127.0.0.1:8080").unwrap();
        assert_eq!(p.origin, "http://127.0.0.1:8080");
        assert_eq!(p.hosts, ["127.0.0.1:8080"]);
        let p = Public::parse("https://[::1]:8443").unwrap();
        assert_eq!(p.origin, "https://[::1]:8443");
    }

    #[test]
    fn a_bad_public_address_is_named_with_why() {
        for (url, why) in [
            ("table.example.org", "it starts with https://"),
            ("ftp://table.example.org", "http or https"),
            ("https://table.example.org/tm", "no path, query or user"),
            ("https://ann@table.example.org", "no path, query or user"),
            ("https://table.example.org:0", "a port from 1 to 65535"),
            ("https://table.example.org:99999", "a port from 1 to 65535"),
            ("https://", "a host name of letters"),
            ("https://tab le.org", "a host name of letters"),
            ("https://[zz]:1", "not an IPv6 address"),
        ] {
            let err = Public::parse(url).unwrap_err();
            assert!(
                err.starts_with(&format!("'{url}': --public takes")),
                "{err}"
            );
            assert!(err.contains(why), "{url}: {err}");
        }
    }
}
