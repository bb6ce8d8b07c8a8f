#!/usr/bin/env python3
"""The shared screen, measured as players meet it (issues #29, #48): how
long from a one-shot command's exit (and from its start) until its change
has reached every one of ten open pages' event streams, the server's CPU
while idle with those pages open, and its memory.

    cargo build --release && python3 benches/serve_latency.py [RUNS]

Talks to 127.0.0.1 only. Prints each latency's min, median, 90th
percentile and max; CPU from /proc/PID/schedstat (nanoseconds on the
CPU) over 20 idle seconds; resident memory (VmRSS) with 0 and 10 streams.
"""
import os, socket, subprocess, sys, tempfile, time, urllib.parse

BIN = os.environ.get("TABLEMATE_BIN") or os.path.join(os.path.dirname(__file__), "..", "target", "release", "tablemate")
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 21


def rss(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def stream(port, key):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(f"GET /events?t={key} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    s.settimeout(10)
    return s


def wait_event(s):
    buf = b""
    while b"event: table" not in buf:
        chunk = s.recv(65536)
        if not chunk:
            raise SystemExit("the stream ended")
        buf += chunk
    # Read to the end of that event.
    while b"\n\n" not in buf.split(b"event: table", 1)[1]:
        buf += s.recv(65536)


def cpu_ns(pid):
    """Nanoseconds on the CPU, summed over every thread of the process."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/schedstat") as f:
            total += int(f.read().split()[0])
    return total


def summary(label, xs):
    xs = sorted(xs)
    n = len(xs)
    print(f"{label}: min {xs[0]:.1f} ms, median {xs[n//2]:.1f} ms, "
          f"p90 {xs[min(n - 1, (n * 9) // 10)]:.1f} ms, max {xs[-1]:.1f} ms over {n} changes")


def main():
    data = tempfile.mkdtemp()
    for line in (["--seed", "3", "setup", "slides", "players=2"], ["pad", "new", "hearts", "ann", "ben"]):
        subprocess.run([BIN, "--data", data, *line], check=True, capture_output=True)
    server = subprocess.Popen([BIN, "--data", data, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    url = urllib.parse.urlsplit(server.stdout.readline().split()[-1])
    port, key = url.port, urllib.parse.parse_qs(url.query)["t"][0]
    time.sleep(0.5)
    idle = rss(server.pid)
    pages = [stream(port, key) for _ in range(10)]
    for p in pages:
        wait_event(p)
    with_ten = rss(server.pid)
    from_exit, from_start = [], []
    for i in range(RUNS):
        # Half rolls (the roll log), half pad scores (the store).
        cmd = ["roll", "2d6"] if i % 2 == 0 else ["pad", str(i), str(i)]
        start = time.monotonic()
        subprocess.run([BIN, "--data", data, *cmd], check=True, capture_output=True)
        done = time.monotonic()
        for p in pages:
            wait_event(p)
        now = time.monotonic()
        from_exit.append((now - done) * 1000)
        from_start.append((now - start) * 1000)
    before, t0 = cpu_ns(server.pid), time.monotonic()
    time.sleep(20)
    idle_cpu = (cpu_ns(server.pid) - before) / ((time.monotonic() - t0) * 1e9) * 100
    server.terminate()
    summary("command exit to all 10 pages", from_exit)
    summary("command start to all 10 pages", from_start)
    print(f"idle with 10 pages open: {idle_cpu:.4f}% of one core over 20 s")
    print(f"server memory: {idle:.1f} MiB idle, {with_ten:.1f} MiB with 10 pages open")


main()
