#!/usr/bin/env python3
"""The shared screen, measured as players meet it (issue #29): how long
from a one-shot command's exit to its change arriving on an open page's
event stream, and the server's memory with ten pages open.

    cargo build --release && python3 benches/serve_latency.py [RUNS]

Talks to 127.0.0.1 only. Prints each latency's min, median and max, and
the server's resident memory (VmRSS) with 0 and 10 streams open.
"""
import os, socket, subprocess, sys, tempfile, time

BIN = os.path.join(os.path.dirname(__file__), "..", "target", "release", "tablemate")
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 21


def rss(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def stream(port):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
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


def main():
    data = tempfile.mkdtemp()
    subprocess.run([BIN, "--data", data, "--seed", "3", "setup", "slides", "players=2"], check=True, capture_output=True)
    server = subprocess.Popen([BIN, "--data", data, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    url = server.stdout.readline().split()[-1]
    port = int(url.rsplit(":", 1)[1].strip("/"))
    time.sleep(0.5)
    idle = rss(server.pid)
    pages = [stream(port) for _ in range(10)]
    for p in pages:
        wait_event(p)
    with_ten = rss(server.pid)
    watch = pages[0]
    lat = []
    for i in range(RUNS):
        subprocess.run([BIN, "--data", data, "roll", "2d6"], check=True, capture_output=True)
        done = time.monotonic()
        wait_event(watch)
        lat.append((time.monotonic() - done) * 1000)
        for p in pages[1:]:
            wait_event(p)
    server.terminate()
    lat.sort()
    print(f"command exit to event: min {lat[0]:.0f} ms, median {lat[len(lat)//2]:.0f} ms, max {lat[-1]:.0f} ms over {RUNS} rolls")
    print(f"server memory: {idle:.1f} MiB idle, {with_ten:.1f} MiB with 10 pages open")


main()
