//! Just enough of the Chrome DevTools Protocol to drive a real headless
//! browser from a test: open pages at a size, run a line of script in
//! them (type, tap), read what they show, and take a screenshot. Over a
//! WebSocket on 127.0.0.1, to a browser the test starts and ends.

use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};
use tungstenite::{Message, WebSocket};

/// Chromium's headless shell, if installed (`.ci/run` installs it).
pub fn browser() -> Option<&'static str> {
    ["chromium-headless-shell", "chromium", "chromium-browser"]
        .into_iter()
        .find(|b| {
            // Asked within a deadline: a browser that hangs on
            // `--version` fails the test rather than holding it.
            Command::new(b)
                .arg("--version")
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .is_ok_and(|c| {
                    let what = format!("`{b} --version`");
                    super::common::wait::collect_within(c, super::common::wait::COMMAND, &what)
                        .status
                        .success()
                })
        })
}

/// A browser, ended when dropped.
pub struct Browser {
    /// The browser's process group: the Debian wrapper script, the
    /// browser it starts and every helper process, ended on drop.
    child: super::common::owned::Owned,
    ws: WebSocket<TcpStream>,
    next: u64,
    _profile: tempfile::TempDir,
    /// Its stderr, read on while the browser runs.
    _err: super::common::wait::Lines,
}

impl Drop for Browser {
    fn drop(&mut self) {
        // The whole group, then the profile (`_profile`, dropped after
        // this): a folder cannot be removed while the browser writes it.
        self.child.end();
    }
}

/// One open page (a target the browser drives).
#[derive(Clone)]
pub struct Page(String);

impl Browser {
    pub fn launch(chrome: &str) -> Browser {
        Browser::launch_with(chrome, &[])
    }

    /// A browser started with `extra` switches as well
    /// (`--ignore-certificate-errors` for a test's own certificate).
    pub fn launch_with(chrome: &str, extra: &[&str]) -> Browser {
        let profile = tempfile::Builder::new()
            .prefix("tablemate-browser-")
            .tempdir()
            .unwrap();
        let mut child = super::common::owned::spawn(
            Command::new(chrome)
                .args([
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--hide-scrollbars",
                    "--remote-debugging-address=127.0.0.1",
                    "--remote-debugging-port=0",
                ])
                .args(extra)
                .arg(format!("--user-data-dir={}", profile.path().display()))
                .arg("about:blank")
                .stdout(Stdio::null())
                .stderr(Stdio::piped()),
        )
        .unwrap();
        let err = super::common::wait::Lines::new(
            child.child.stderr.take().unwrap(),
            "the browser's stderr",
        );
        let said = err.until("DevTools listening on ");
        let url = said
            .lines()
            .find_map(|l| l.strip_prefix("DevTools listening on "))
            .expect("the browser said where its DevTools listen")
            .trim()
            .to_string();
        let host = url
            .strip_prefix("ws://")
            .and_then(|r| r.split('/').next())
            .unwrap()
            .to_string();
        let stream = TcpStream::connect(host).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let (ws, _) = tungstenite::client(url.as_str(), stream).unwrap();
        Browser {
            child,
            ws,
            next: 0,
            _profile: profile,
            _err: err,
        }
    }

    /// A command's result (events that come first are passed over).
    fn call(&mut self, page: Option<&Page>, method: &str, params: Value) -> Value {
        match self.answer(page, method, params) {
            Ok(v) => v,
            Err(v) => panic!("{method}: {v}"),
        }
    }

    /// A command's result, or the browser's error.
    fn answer(&mut self, page: Option<&Page>, method: &str, params: Value) -> Result<Value, Value> {
        self.next += 1;
        let mut msg = json!({"id": self.next, "method": method, "params": params});
        if let Some(p) = page {
            msg["sessionId"] = json!(p.0);
        }
        self.ws.send(Message::text(msg.to_string())).unwrap();
        // Each read has the socket's 30 s; events that keep coming without
        // the answer are bounded too.
        let asked = Instant::now();
        loop {
            assert!(
                asked.elapsed() < Duration::from_secs(60),
                "{method}: no answer from the browser within 60 s"
            );
            let Message::Text(text) = self.ws.read().unwrap() else {
                continue;
            };
            let v: Value = serde_json::from_str(text.as_str()).unwrap();
            if v["id"] == json!(self.next) {
                return match v.get("error") {
                    Some(_) => Err(v),
                    None => Ok(v["result"].clone()),
                };
            }
        }
    }

    /// Open `url` in a page `width` × `height` CSS pixels (`mobile`: a
    /// phone's viewport).
    pub fn open(&mut self, url: &str, width: u32, height: u32, mobile: bool) -> Page {
        let target = self.call(None, "Target.createTarget", json!({"url": "about:blank"}));
        let attached = self.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        );
        let page = Page(attached["sessionId"].as_str().unwrap().to_string());
        self.size(&page, width, height, mobile);
        self.call(Some(&page), "Page.navigate", json!({"url": url}));
        page
    }

    pub fn size(&mut self, page: &Page, width: u32, height: u32, mobile: bool) {
        self.call(
            Some(page),
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
    }

    /// Show `page` as a device set to dark colours (`dark`) or light.
    pub fn dark(&mut self, page: &Page, dark: bool) {
        let value = if dark { "dark" } else { "light" };
        self.call(
            Some(page),
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-color-scheme", "value": value}]}),
        );
    }

    /// Run `script` in the page; its value.
    pub fn eval(&mut self, page: &Page, script: &str) -> Value {
        let r = self.call(
            Some(page),
            "Runtime.evaluate",
            json!({"expression": script, "returnByValue": true, "awaitPromise": true}),
        );
        assert!(r.get("exceptionDetails").is_none(), "{script}: {r}");
        r["result"]["value"].clone()
    }

    /// Wait (up to `within`) until `script` is true in the page; how long
    /// it took.
    pub fn until(&mut self, page: &Page, script: &str, within: Duration) -> Duration {
        let start = Instant::now();
        loop {
            // A page that is reloading has no context to run in for a
            // moment ("Inspected target navigated or closed"): asked
            // again, as any other not-yet.
            let r = self.answer(
                Some(page),
                "Runtime.evaluate",
                json!({"expression": script, "returnByValue": true, "awaitPromise": true}),
            );
            let done = match r {
                Ok(r) => {
                    assert!(r.get("exceptionDetails").is_none(), "{script}: {r}");
                    r["result"]["value"] == json!(true)
                }
                Err(e) if reloading(&e) => false,
                Err(e) => panic!("Runtime.evaluate: {e}"),
            };
            if done {
                return start.elapsed();
            }
            assert!(
                start.elapsed() < within,
                "not true within {within:?}: {script}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The page as a PNG.
    pub fn screenshot(&mut self, page: &Page) -> Vec<u8> {
        let r = self.call(
            Some(page),
            "Page.captureScreenshot",
            json!({"format": "png"}),
        );
        base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().unwrap())
            .unwrap()
    }
}

/// Whether the browser's error is a page between two documents (a
/// reload, a navigation), which passes.
fn reloading(error: &Value) -> bool {
    let said = error["error"]["message"].as_str().unwrap_or("");
    said.contains("navigated or closed")
        || said.contains("Execution context was destroyed")
        || said.contains("Cannot find context")
}
