//! `serve` and `serve stop`: the shared screen started beside the REPL
//! (or, one-shot, for as long as the process lives).

use super::{App, Result, invalid};
use crate::reply::{Reply, Show};
use crate::serve::{self, Options};
use crate::style::Style;

/// Where the screen is, for the player to open or scan.
#[derive(Debug, serde::Serialize)]
struct Serving {
    url: String,
    lan: bool,
    /// The address as a QR code, with `--lan`.
    #[serde(skip)]
    qr: Option<String>,
    /// How the player ends it: Ctrl-C for a one-shot `serve`, which has
    /// no prompt to type `serve stop` at (#45).
    #[serde(skip)]
    ends: &'static str,
}

impl Show for Serving {
    fn show(&self, style: &Style) -> String {
        let w = |t: &str| crate::style::wrap(t, style.width, "");
        let mut out = vec![format!("the table is shown at {}", self.url)];
        if self.lan {
            out.push(w(
                "open it on a phone on the same network (the secret in the address is its key):",
            ));
            if let Some(qr) = &self.qr {
                out.push(qr.clone());
            }
        } else {
            out.push(w(
                "(this machine only; `serve --lan` shows it to phones on the network)",
            ));
        }
        out.push(self.ends.into());
        out.join("\n")
    }
}

impl App {
    pub(super) fn serve(
        &mut self,
        action: Option<&str>,
        lan: bool,
        port: Option<u16>,
    ) -> Result<Reply> {
        match action {
            Some("stop") => {
                return match self.serving.take() {
                    Some(s) => {
                        let url = s.url.clone();
                        s.stop();
                        Ok(Reply::plain("serve", format!("stopped serving {url}")))
                    }
                    None => Err(invalid("nothing is being served: `serve` starts it")),
                };
            }
            Some(other) => {
                return Err(invalid(format!(
                    "'{}': serve takes `stop`, --lan or --port N",
                    crate::style::clip_quoted(other)
                )));
            }
            None => {}
        }
        if let Some(s) = &self.serving {
            return Err(invalid(format!(
                "already serving {} (`serve stop` first)",
                s.url
            )));
        }
        let running = serve::start(
            self.store.dir().to_path_buf(),
            &Options {
                lan,
                port: port.unwrap_or(serve::PORT),
                bind: None,
            },
        )
        .map_err(|e| invalid(e.to_string()))?;
        let reply = Reply::new(
            "serve",
            Serving {
                url: running.url.clone(),
                lan,
                qr: if lan { serve::qr(&running.url) } else { None },
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

    /// A one-shot `serve` serves until the process is ended.
    pub fn keep_serving(&mut self) {
        if let Some(s) = self.serving.take() {
            s.wait();
        }
    }
}
