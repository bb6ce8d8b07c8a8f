#!/bin/sh
# Writes docs/ppn/*.ppn: one game of each kind, played from fixed deals
# (the Funhouse rooms by their best lines), as `replay N --out` writes
# it. Run from the repository root after `cargo build --release`.
set -eu
T=${T:-target/release/tablemate}
OUT=docs/ppn
DATA=$(mktemp -d)
trap 'rm -rf "$DATA"' EXIT
export TABLEMATE_DATA="$DATA" NO_COLOR=1
tm() { "$T" "$@" 2>/dev/null; }
best() {
    tm --json hint line | python3 -c 'import json,sys
for m in json.load(sys.stdin)["data"]["line"]: print(m)' | while read -r m; do
        # shellcheck disable=SC2086
        tm move $m >/dev/null
    done
}
tm funhouse new >/dev/null
tm setup slide-jam deal=GBHPKQ >/dev/null; best; tm score slide-jam >/dev/null
tm setup magic-mirror >/dev/null; best; tm score mirror >/dev/null
tm setup catwalk >/dev/null; tm score catwalk 5xn 4xn nx3 >/dev/null; tm die left >/dev/null
tm setup barrels deal=58Z1MG >/dev/null; best; tm score barrels >/dev/null
tm setup whack-a-dummy >/dev/null; best; tm score whack >/dev/null
tm setup trampo-land die=3 cast=10 >/dev/null; best; tm score trampo-land >/dev/null
tm funhouse end >/dev/null
n=1
for room in slide-jam magic-mirror catwalk roll-out-the-barrels whack-a-dummy trampo-land; do
    rm -f "$OUT/$room.ppn"; tm replay $n --out "$OUT/$room.ppn" >/dev/null; n=$((n + 1))
done
tm --seed 4 setup lab-rats deal=Q7PY94 >/dev/null
tm rats move north 2 >/dev/null; tm rats move west 2 11 >/dev/null
tm rats lose 1 >/dev/null; tm rats back 1 >/dev/null
rm -f "$OUT/lab-rats.ppn"; tm replay $n --out "$OUT/lab-rats.ppn" >/dev/null; n=$((n + 1))
tm setup slides-of-action players=2 deal=KXXCQD >/dev/null
for _ in 1 2 3 4 5 6; do tm slides ai >/dev/null; done
rm -f "$OUT/slides-of-action.ppn"; tm replay $n --out "$OUT/slides-of-action.ppn" >/dev/null; n=$((n + 1))
tm --seed 4 setup penguins >/dev/null
for line in "place" "place" "place" "place" "roll 3" "move stay"; do
    # shellcheck disable=SC2086
    tm penguins $line >/dev/null
done
rm -f "$OUT/penguins-night-out.ppn"; tm replay $n --out "$OUT/penguins-night-out.ppn" >/dev/null; n=$((n + 1))
tm --seed 5 setup troll >/dev/null
for _ in 1 2 3 4 5 6; do
    a=$(tm --json troll actions | python3 -c 'import json,sys
a=json.load(sys.stdin)["data"]["actions"]; print(a[0] if a else "awaken")')
    # shellcheck disable=SC2086
    tm troll $a >/dev/null
done
rm -f "$OUT/angry-troll.ppn"; tm replay $n --out "$OUT/angry-troll.ppn" >/dev/null
ls "$OUT"
