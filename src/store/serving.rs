//! The shared screen as the store keeps it: which process serves this
//! data directory and where, and each seat's secret. Any terminal reads
//! and changes them through the store; the server follows what it finds
//! (a seat closed elsewhere closes at once on every page).

use rusqlite::{OptionalExtension, params};

use super::{Result, Store};

/// Where the table's own key is kept among the seats' secrets.
const TABLE_KEY: &str = "table";

/// The server of this data directory, as it registered itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Served {
    pub url: String,
    /// What a seat's link starts with (`http://host:port`, or the
    /// public address; `serve::base_of` reads an older `host:port`).
    pub addr: String,
    pub lan: bool,
    pub pid: u32,
}

impl Store {
    /// Say that this process serves the data directory now. The seats
    /// handed out before stay (#79: a restarted server opens the same
    /// links), as does the table's key (`table_key`).
    pub fn serving_started(&self, served: &Served) -> Result<()> {
        let conn = self.writable()?;
        conn.execute_batch("BEGIN IMMEDIATE")?;
        let done = (|| {
            conn.execute(
                "INSERT OR REPLACE INTO serving (id, url, addr, lan, pid) VALUES (1, ?1, ?2, ?3, ?4)",
                params![served.url, served.addr, served.lan, served.pid],
            )?;
            Ok::<_, rusqlite::Error>(())
        })();
        finish(conn, done)
    }

    /// Say that `pid` serves no more.
    pub fn serving_stopped(&self, pid: u32) -> Result<()> {
        let conn = self.writable()?;
        conn.execute_batch("BEGIN IMMEDIATE")?;
        let done = (|| {
            conn.execute("DELETE FROM serving WHERE pid = ?1", [pid])?;
            Ok::<_, rusqlite::Error>(())
        })();
        finish(conn, done)
    }

    /// The server of this data directory, if one registered and its
    /// process still runs.
    pub fn served(&self) -> Result<Option<Served>> {
        let row = self.read(|c| {
            c.query_row("SELECT url, addr, lan, pid FROM serving", [], |r| {
                Ok(Served {
                    url: r.get(0)?,
                    addr: r.get(1)?,
                    lan: r.get::<_, i64>(2)? == 1,
                    pid: r.get::<_, i64>(3)? as u32,
                })
            })
            .optional()
            .map_err(super::StoreError::from)
        })?;
        Ok(row.filter(|s| alive(s.pid)))
    }

    /// The table's key (the secret in the TV's address), kept from one
    /// server to the next so the TV's page reconnects after a restart:
    /// the one kept, or `fresh` the first time. Kept among the seats'
    /// secrets under `TABLE_KEY`, which no person's id can be.
    pub fn table_key(&self, fresh: &str) -> Result<String> {
        self.add_seat_link(TABLE_KEY, fresh)
    }

    /// Every seat handed out: (its key, the person's id; secret), in the
    /// order they were.
    pub fn seat_links(&self) -> Result<Vec<(String, String)>> {
        self.read(|c| {
            let mut st =
                c.prepare("SELECT seat, secret FROM seat_links WHERE seat <> ?1 ORDER BY rowid")?;
            let rows = st
                .query_map([TABLE_KEY], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok::<_, super::StoreError>(rows)
        })
    }

    /// Keep `seat`'s secret (none is replaced: the first one handed out
    /// stays). The secret kept, which is `secret` unless one was.
    pub fn add_seat_link(&self, seat: &str, secret: &str) -> Result<String> {
        let conn = self.writable()?;
        conn.execute(
            "INSERT OR IGNORE INTO seat_links (seat, secret) VALUES (?1, ?2)",
            params![seat, secret],
        )?;
        Ok(conn.query_row(
            "SELECT secret FROM seat_links WHERE seat = ?1",
            [seat],
            |r| r.get(0),
        )?)
    }

    /// Close `seat`; whether it was open.
    pub fn revoke_seat_link(&self, seat: &str) -> Result<bool> {
        let conn = self.writable()?;
        Ok(conn.execute("DELETE FROM seat_links WHERE seat = ?1", [seat])? > 0)
    }
}

fn finish(conn: &rusqlite::Connection, done: rusqlite::Result<()>) -> Result<()> {
    match done {
        Ok(()) => Ok(conn.execute_batch("COMMIT")?),
        Err(e) => {
            let _ = conn.execute_batch("ROLLBACK");
            Err(e.into())
        }
    }
}

/// Whether process `pid` runs (where the system can say; elsewhere it is
/// taken to).
fn alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        // SAFETY: signal 0 only asks whether the process exists.
        let r = unsafe { libc::kill(pid as libc::pid_t, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}
