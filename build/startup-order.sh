#!/usr/bin/env bash
# Writes build/startup.order: the functions that one-shot commands run,
# in the order they are first run, which build.rs asks the linker to lay
# side by side. Their code then shares a few pages, and a one-shot touches
# those rather than ninety scattered over 10 MB. Run it again when the
# start-up path changes (a new dependency, a new Rust, a large edit; v0
# names survive small ones): names it lists that no longer exist are
# passed over, which costs start-up time, not correctness. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/x86_64-unknown-linux-gnu/release/tablemate
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Two builds of the binary: as `cargo build` makes it, and as tests and
# benches make it, whose dependencies are built with the features the
# dev-dependencies add. Their crates then carry other hashes in their
# symbols' names, so the list holds each build's names.
cargo build --release
cp "$bin" "$work/built"
cargo test --release --no-run
cp "$bin" "$work/tested"
# Lines as a player types them: no option, so the plain-words path is the
# one traced (an option would take clap's).
lines=(
  "prob 3d6" "roll 2d6" "prob 4d6kh3" "prob 2d20kh1" "prob 1d20+5 vs 15"
  "prob 10d6!" "prob 10d10>7" "roll 4d6kh3" "roll 3x4d6kh3" "roll d20+5"
  "flip 3" "shuffle tiles"
)
n=0
for build in built tested; do
  for line in "${lines[@]}"; do
    n=$((n + 1))
    # shellcheck disable=SC2086 # the line is split into words on purpose
    TABLEMATE_DATA="$work/data" valgrind --tool=callgrind --demangle=no \
      --callgrind-out-file="$work/$(printf %03d $n).out" "$work/$build" $line >/dev/null 2>&1
  done
done
# "fn=(id) name" names a function the first time a profile meets it;
# valgrind's own entries (below main, bare addresses, recursion marks)
# are not symbols.
cat "$work"/*.out |
  sed -n 's/^c\{0,1\}fn=([0-9]*) //p' |
  grep -v -e '^(below main)' -e '^0x' -e "'" |
  awk '!seen[$0]++' >build/startup.order
echo "build/startup.order: $(wc -l <build/startup.order) functions"
