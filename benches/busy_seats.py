#!/usr/bin/env python3
"""A small roll from one seat while two other seats roll big (issue #77
item 6): how long a phone waits for `1d6` alone, and while Ann's and
Ben's phones each roll `1000x1000d1000` (half a second of dice) over and
over.

    cargo build --release && python3 benches/busy_seats.py [SAMPLES]

Talks to 127.0.0.1 only. Three small-roll seats (cat, dan, eve) take
turns, so each stays inside a seat's 10 actions in 10 seconds; the big
rollers go again as soon as they are answered (and wait out a 429). Only
small rolls sent while both big rolls were under way count as busy.
Prints min, median, 90th percentile and max of each.
"""
import http.client, json, os, subprocess, sys, tempfile, threading, time, urllib.parse

BIN = os.environ.get("TABLEMATE_BIN") or os.path.join(os.path.dirname(__file__), "..", "target", "release", "tablemate")
SAMPLES = int(sys.argv[1]) if len(sys.argv) > 1 else 31
BIG = "1000x1000d1000"


def roll(port, secret, expr):
    """POST a seat's roll; (status, milliseconds)."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    body = json.dumps({"expr": expr})
    start = time.monotonic()
    c.request("POST", "/seat/roll", body, {
        "Origin": f"http://127.0.0.1:{port}",
        "X-Tablemate-Seat": secret,
        "Content-Type": "application/json",
    })
    status = c.getresponse().status
    c.close()
    return status, (time.monotonic() - start) * 1000


def summary(label, xs):
    xs = sorted(xs)
    n = len(xs)
    if n == 0:
        print(f"{label}: no samples")
        return
    print(f"{label}: min {xs[0]:.1f} ms, median {xs[n // 2]:.1f} ms, "
          f"p90 {xs[min(n - 1, (n * 9) // 10)]:.1f} ms, max {xs[-1]:.1f} ms over {n} rolls")


def small_rolls(port, seats, n, busy=None):
    out = []
    while len(out) < n:
        for secret in seats:
            before = busy is None or busy() >= 2
            status, ms = roll(port, secret, "1d6")
            if status == 200 and before and (busy is None or busy() >= 2):
                out.append(ms)
            time.sleep(0.35)
    return out[:n]


def main():
    data = tempfile.mkdtemp()
    subprocess.run([BIN, "--data", data, "players", "ann", "ben", "cat", "dan", "eve"], check=True, capture_output=True)
    server = subprocess.Popen([BIN, "--data", data, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    port, seats = None, {}
    for line in server.stdout:
        if line.startswith("the table is shown at"):
            port = urllib.parse.urlsplit(line.split()[-1]).port
        elif "/seat?s=" in line:
            name, url = line.strip().split(": ", 1)
            seats[name] = url.split("?s=")[1]
        if "ends it" in line:
            break
    small = [seats[n] for n in ("cat", "dan", "eve")]
    alone = small_rolls(port, small, SAMPLES)

    in_flight = [0]
    lock = threading.Lock()
    stop = threading.Event()
    big_ms = []

    def big(secret):
        while not stop.is_set():
            with lock:
                in_flight[0] += 1
            status, ms = roll(port, secret, BIG)
            with lock:
                in_flight[0] -= 1
            if status == 200:
                big_ms.append(ms)
            else:
                time.sleep(0.5)

    def busy():
        with lock:
            return in_flight[0]

    threads = [threading.Thread(target=big, args=(seats[n],)) for n in ("ann", "ben")]
    for t in threads:
        t.start()
    time.sleep(1)
    busy_ms = small_rolls(port, small, SAMPLES, busy)
    stop.set()
    for t in threads:
        t.join()
    server.terminate()
    summary("1d6 from a seat, alone", alone)
    summary("1d6 from a seat, while two seats roll 1000x1000d1000", busy_ms)
    summary(f"each big roll ({BIG})", big_ms)


main()
