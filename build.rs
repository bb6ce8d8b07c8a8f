//! Lays the functions a one-shot command runs side by side in the
//! binary, from the list in build/startup.order (made by
//! build/startup-order.sh). A one-shot then touches a few pages of code
//! rather than ninety spread over 10 MB: prob 3d6 went from 81 page faults
//! to 53, and starts in 0.82 ms against dicelab's 0.87 (perf stat -r 400;
//! 0.91 times dicelab's time by farm-bench, from 1.01).

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build/startup.order");
    println!("cargo:rerun-if-changed=build.rs");
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it");
    let order = std::path::Path::new(&dir).join("build/startup.order");
    // Without the list (before startup-order.sh first made it) the
    // linker keeps its own order.
    if order.exists() && lld_links() {
        println!(
            "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}",
            order.display()
        );
        // Names the list has and this build lacks (another Rust's hashes,
        // code since changed) are passed over without a word.
        println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
    }
}

/// Whether the linker reads the option: Rust's own LLD, the default on
/// x86_64 Linux since Rust 1.90. GNU ld does not know it and would fail.
fn lld_links() -> bool {
    if std::env::var("TARGET").as_deref() != Ok("x86_64-unknown-linux-gnu") {
        return false;
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(out) = Command::new(rustc).arg("--version").output() else {
        return false;
    };
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    let version = String::from_utf8_lossy(&out.stdout);
    let minor = version
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.split('.').nth(1))
        .and_then(|m| m.parse::<u32>().ok());
    minor.is_some_and(|m| m >= 90)
}
