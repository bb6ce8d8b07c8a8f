//! A child process that takes everything it starts with it: it runs in a
//! process group of its own, and the whole group is ended when the owner
//! is dropped (a test that passes, fails or panics alike). Debian's
//! `chromium-headless-shell` is a shell script that starts the real
//! browser as its child without `exec`: killing the script alone left the
//! browser, its zygotes and renderers running with no parent (issue #64).

use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// A started child and its process group, ended on drop.
pub struct Owned {
    pub child: Child,
}

/// Start `command` in a process group of its own.
pub fn spawn(command: &mut Command) -> std::io::Result<Owned> {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    super::watchdog::note(&format!(
        "running {}",
        command.get_program().to_string_lossy()
    ));
    let child = command.spawn()?;
    super::watchdog::own_group(child.id());
    Ok(Owned { child })
}

impl Owned {
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// End the whole group: a polite signal first (a browser then removes
    /// its own files), the hard one after two seconds; returns once no
    /// process of the group is left, or after five seconds.
    pub fn end(&mut self) {
        #[cfg(unix)]
        {
            let group = -(self.child.id() as libc::pid_t);
            // SAFETY: kill(2) with a negative pid signals that group only;
            // the group is this child's own (process_group(0) above).
            unsafe { libc::kill(group, libc::SIGTERM) };
            let start = Instant::now();
            let _ = self.child.try_wait();
            loop {
                // Reap the leader as soon as it exits, so the group's
                // check below does not count a zombie.
                let _ = self.child.try_wait();
                // SAFETY: signal 0 only asks whether the group still has a
                // process.
                let alive = unsafe { libc::kill(group, 0) } == 0;
                if !alive || start.elapsed() > Duration::from_secs(5) {
                    break;
                }
                if start.elapsed() > Duration::from_secs(2) {
                    unsafe { libc::kill(group, libc::SIGKILL) };
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        super::watchdog::disown_group(self.child.id());
    }
}

impl Drop for Owned {
    fn drop(&mut self) {
        self.end();
    }
}
