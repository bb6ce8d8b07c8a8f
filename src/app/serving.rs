//! `serve`, `serve seats`, `serve revoke NAME` and `serve stop`: the
//! shared screen started beside the REPL (or, one-shot, for as long as
//! the process lives), with a seat for each player at the table.

use super::seats::SeatDesk;
use super::{App, Result, invalid};
use crate::reply::{Reply, Show};
use crate::serve::{self, Options, Running};
use crate::style::Style;

/// Where the screen is, for the player to open or scan.
#[derive(Debug, serde::Serialize)]
struct Serving {
    /// None: only the seats were asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    lan: bool,
    /// Served at a public address, through a proxy (`--public`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    public: bool,
    /// Where the proxy passes requests to, with `--public`: this
    /// server's own address.
    #[serde(skip_serializing_if = "Option::is_none")]
    upstream: Option<String>,
    /// The address as a QR code, with `--lan` or `--public`.
    #[serde(skip)]
    qr: Option<String>,
    /// Each player's seat.
    seats: Vec<SeatLink>,
    /// Whose seat `serve seats --new NAME` gave a new address.
    #[serde(skip_serializing_if = "Option::is_none")]
    renewed: Option<String>,
    /// How the player ends it: Ctrl-C for a one-shot `serve`, which has
    /// no prompt to type `serve stop` at (#45).
    #[serde(skip)]
    ends: &'static str,
}

/// A player's own address.
#[derive(Debug, serde::Serialize)]
struct SeatLink {
    name: String,
    url: String,
    #[serde(skip)]
    qr: Option<String>,
}

impl Show for Serving {
    fn show(&self, style: &Style) -> String {
        let w = |t: &str| crate::style::wrap(t, style.width, "");
        let mut out = Vec::new();
        if let Some(url) = &self.url {
            out.push(format!("the table is shown at {url}"));
            if let Some(upstream) = &self.upstream {
                out.push(w(&format!(
                    "(the proxy passes it to {upstream}; the guide has nginx and Caddy settings)"
                )));
            }
            if self.lan {
                out.push(w(if self.public {
                    "open it on the TV or any phone, in the room or not (the secret in the address is its key):"
                } else {
                    "open it on the TV or a phone on the same network (the secret in the address is its key):"
                }));
                if let Some(qr) = &self.qr {
                    out.push(qr.clone());
                }
            } else {
                out.push(w(
                    "(this machine only; `serve --lan` shows it to phones on the network)",
                ));
            }
        }
        if let Some(name) = &self.renewed {
            out.push(w(&format!(
                "{name}'s seat has a new address (below); the old one opens nothing now"
            )));
        }
        if self.seats.is_empty() {
            out.push(w(
                "no seats: `players ann ben` seats the table, then `serve seats` gives each a phone's address",
            ));
        } else {
            out.push(w(
                "seats (each player opens their own on a phone: it rolls, scores, passes the turn):",
            ));
            for s in &self.seats {
                // A seat kept by someone who has left the table acts for
                // no one: say so, and how to close it, not a bare `#5`.
                if s.name.starts_with('#') {
                    out.push(w(&format!(
                        "  {} (someone who has left the table; `serve revoke {}` closes it): {}",
                        s.name, s.name, s.url
                    )));
                } else {
                    out.push(format!("  {}: {}", s.name, s.url));
                }
                if let Some(qr) = &s.qr {
                    out.push(qr.clone());
                }
            }
        }
        if !self.ends.is_empty() {
            out.push(self.ends.into());
        }
        out.join("\n")
    }
}

impl App {
    pub(super) fn serve(
        &mut self,
        action: &[String],
        new: Option<&str>,
        mut options: Options,
        public: Option<&str>,
    ) -> Result<Reply> {
        let mut renewed = None;
        if let Some(name) = new {
            if !matches!(action, [seats] if seats == "seats") {
                return Err(invalid(format!(
                    "--new goes with `serve seats`: serve seats --new {}",
                    crate::style::clip_quoted(name)
                )));
            }
            // The old address closed, then the listing hands out a new one.
            renewed = Some(self.close_seat(name)?);
        }
        match action {
            [] => {}
            [stop] if stop == "stop" => {
                return match self.serving.take() {
                    Some(s) => {
                        let url = s.url.clone();
                        s.stop();
                        Ok(Reply::plain("serve", format!("stopped serving {url}")))
                    }
                    None => Err(invalid("nothing is being served: `serve` starts it")),
                };
            }
            [seats] if seats == "seats" => {
                let (seats, lan) = match &self.serving {
                    Some(running) => (self.seat_links(running)?, running.lan),
                    // Served from another terminal: through the store.
                    None => {
                        let served = self.served()?;
                        (self.stored_seat_links(&served)?, served.lan)
                    }
                };
                return Ok(Reply::new(
                    "serve",
                    Serving {
                        url: None,
                        lan,
                        public: false,
                        upstream: None,
                        qr: None,
                        seats,
                        renewed,
                        ends: "",
                    },
                ));
            }
            [revoke, name] if revoke == "revoke" => {
                let shown = self.close_seat(name)?;
                return Ok(Reply::plain(
                    "serve",
                    format!(
                        "{shown}'s seat is closed: its address opens nothing now (`serve seats` gives {shown} a new one)"
                    ),
                ));
            }
            [revoke] if revoke == "revoke" => {
                return Err(invalid(
                    "`serve revoke` takes whose seat to close: serve revoke ann",
                ));
            }
            [other, ..] => {
                return Err(invalid(format!(
                    "'{}': serve takes `stop`, `seats`, `revoke NAME`, --lan, --port N, --public URL or --proxy IP",
                    crate::style::clip_quoted(other)
                )));
            }
        }
        if let Some(s) = &self.serving {
            return Err(invalid(format!(
                "already serving {} (`serve stop` first)",
                s.url
            )));
        }
        options.public = public
            .map(serve::Public::parse)
            .transpose()
            .map_err(invalid)?;
        let (dir, rules, today) = (
            self.store.dir().to_path_buf(),
            self.rules_dir.clone(),
            self.today.clone(),
        );
        let running = serve::start(
            dir.clone(),
            &options,
            std::sync::Arc::new(move || {
                Box::new(SeatDesk::new(dir.clone(), rules.clone(), today.clone()))
            }),
        )
        .map_err(|e| invalid(e.to_string()))?;
        let seats = self.seat_links(&running)?;
        let reply = Reply::new(
            "serve",
            Serving {
                url: Some(running.url.clone()),
                lan: running.lan,
                public: running.public,
                upstream: running.public.then(|| format!("http://{}", running.addr)),
                qr: if running.lan {
                    serve::qr(&running.url)
                } else {
                    None
                },
                seats,
                renewed: None,
                ends: if self.one_shot {
                    "Ctrl-C ends it"
                } else {
                    "`serve stop` ends it"
                },
            },
        );
        self.serving = Some(running);
        Ok(reply)
    }

    /// Close the seat of the person `name` names (however typed, or
    /// `#ID` for someone who has left): its address opens nothing from
    /// now on. The seat's name as shown.
    fn close_seat(&mut self, name: &str) -> Result<String> {
        // The seat is its person's: found however the name is
        // typed (or, for someone who has left, as `#ID`).
        let keys: Vec<String> = match &self.serving {
            Some(running) => running.seats().into_iter().map(|(k, _)| k).collect(),
            None => {
                self.served()?;
                self.store
                    .seat_links()?
                    .into_iter()
                    .map(|(k, _)| k)
                    .collect()
            }
        };
        let table = self.at_table()?.seating;
        let named: Vec<(String, String)> = keys
            .iter()
            .map(|k| (seat_name(table.as_ref(), k), k.clone()))
            .collect();
        let (shown, key) = crate::games::table::find_in(&named, name, |(n, _)| n.as_str())
            .map_err(|many| {
                let names: Vec<&str> = named.iter().map(|(n, _)| n.as_str()).collect();
                invalid(if many {
                    format!(
                        "'{}' starts more than one seat's name ({}): type more of it",
                        crate::style::clip_quoted(name),
                        names.join(", ")
                    )
                } else {
                    format!(
                        "'{}' has no seat{}: `serve seats` lists them",
                        crate::style::clip_quoted(name),
                        if names.is_empty() {
                            String::new()
                        } else {
                            format!(" (seats: {})", names.join(", "))
                        }
                    )
                })
            })?
            .clone();
        match &self.serving {
            Some(running) => {
                running.revoke(&key);
            }
            None => {
                self.store.revoke_seat_link(&key)?;
            }
        }
        Ok(shown)
    }

    /// The server of this data directory, in this process or another.
    fn served(&self) -> Result<crate::store::Served> {
        self.store
            .served()?
            .ok_or_else(|| invalid("nothing is being served: `serve` starts it"))
    }

    /// A seat for everyone at the table, handed out through the store to
    /// the server another terminal runs (it follows the store at once).
    fn stored_seat_links(&self, served: &crate::store::Served) -> Result<Vec<SeatLink>> {
        let table = self.at_table()?.seating;
        let have: Vec<String> = self
            .store
            .seat_links()?
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        for key in seat_keys(table.as_ref()) {
            if !have.contains(&key) {
                let secret = serve::secret().map_err(|e| invalid(e.to_string()))?;
                self.store.add_seat_link(&key, &secret)?;
            }
        }
        Ok(self
            .store
            .seat_links()?
            .into_iter()
            .map(|(key, secret)| {
                let url = format!("{}/seat?s={secret}", serve::base_of(&served.addr));
                SeatLink {
                    qr: if served.lan { serve::qr(&url) } else { None },
                    name: seat_name(table.as_ref(), &key),
                    url,
                }
            })
            .collect())
    }

    /// A seat for everyone at the table (handed out now to whoever has
    /// none), then any other seat still open.
    fn seat_links(&self, running: &Running) -> Result<Vec<SeatLink>> {
        let table = self.at_table()?.seating;
        for id in seat_keys(table.as_ref()) {
            running.seat(&id).map_err(|e| invalid(e.to_string()))?;
        }
        Ok(running
            .seats()
            .into_iter()
            .map(|(key, url)| SeatLink {
                qr: if running.lan { serve::qr(&url) } else { None },
                name: seat_name(table.as_ref(), &key),
                url,
            })
            .collect())
    }

    /// A one-shot `serve` serves until the process is ended.
    pub fn keep_serving(&mut self) {
        if let Some(s) = self.serving.take() {
            s.wait();
        }
    }
}

/// The seats the table's people should have, each keyed by the person's
/// id (so a seat stays its person's through a rename), from who starts.
fn seat_keys(table: Option<&crate::games::table::Seating>) -> Vec<String> {
    table.map_or_else(Vec::new, |t| {
        t.from_first()
            .into_iter()
            .map(|p| p.id.to_string())
            .collect()
    })
}

/// A seat's name now: its person's as written, or `#ID` for someone who
/// has left the table.
fn seat_name(table: Option<&crate::games::table::Seating>, key: &str) -> String {
    key.parse::<u32>()
        .ok()
        .and_then(|id| table?.by_id(id))
        .map_or_else(|| format!("#{key}"), |p| p.name.clone())
}
