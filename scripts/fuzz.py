#!/usr/bin/env python3
"""A fuzz campaign against the tablemate binary: generated lines over
every command word, run as scripts (one process per chunk, in a data
directory kept across chunks so saved state builds up), reporting
panics, deaths by signal, time-outs and the largest peak memory.

    python3 scripts/fuzz.py [--lines 20000] [--chunk 400] [--seed 1]
                            [--binary target/release/tablemate]

Words come from the guide's and README's example commands (so every
command and its settings are reached), each command's name, extreme
numbers, control characters, quotes and junk; lines are examples
mutated word by word, or words drawn at random. `serve` (it waits for
Ctrl-C) and `--wait` (a minute's count) are left out. Exits 1 if any
chunk panicked, died of a signal, timed out or passed 500 MB.

    python3 scripts/fuzz.py --serve 60 [--seed 1]

instead runs `serve` for that many seconds on 127.0.0.1 under a crowd
(issue #77): slow request heads and keyless event streams from many
loopback addresses (127.0.x.y), junk requests, and seats posting
generated lines as rolls, moves and scores, some of them big rolls.
Every second the TV's page (the printed address) and a seat's `1d6`
must still be answered 200; exits 1 if one was not, or the server died
or passed 500 MB.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT_MB = 500
NUMBERS = ["0", "1", "-1", "2", "6", "24", "100", "1000000", "9223372036854775807",
           "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
           "99999999999999999999", "0x10", "1e9", "007", "+5", "--3"]
JUNK = ["", "'", '"', "#", ";", "=", "==", ",", "(", ")", "[", "]", "{", "}", "/", "\\",
        "\u00e9", "\U0001f427", "zo\u00eb", "\u202e", "\u0000", "\u001b[2J", "\r", "\t",
        "x" * 300, "d", "D", "!", "!!", "kh", "ro", "r<", ">", ">=", "<", "=>", "x6",
        "deal=ZZZZZZ", "deal=", "--json", "--yes", "--force", "--all", "--help", "-h"]


def example_lines():
    """Example commands of the README and the guide, as in tests/common/docs.rs."""
    lines = []
    for doc in ("README.md", "docs/GUIDE.md"):
        fenced = False
        for line in open(os.path.join(ROOT, doc), encoding="utf-8"):
            line = line.rstrip("\n")
            if line.startswith("```"):
                fenced = not fenced
                continue
            if not fenced:
                continue
            for prefix in ("tm> ", "> ", "tablemate "):
                if line.startswith(prefix):
                    line = line[len(prefix):]
                    break
            line = re.split(r"  +", line)[0].strip()
            line = re.split(r" [<>|] ", line)[0]
            if line and re.match(r"^[a-z]", line) and "serve" not in line and "--wait" not in line:
                lines.append(line)
    return lines


def quoted(word):
    if word == "" or any(c in word for c in " '\"#\\;"):
        return "'" + word.replace("'", "'\"'\"'") + "'"
    return word


def generate(rng, examples, words, n):
    for _ in range(n):
        kind = rng.random()
        if kind < 0.5:
            ws = rng.choice(examples).split()
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(len(ws))
                pick = rng.random()
                if pick < 0.4:
                    ws[i] = re.sub(r"\d+", rng.choice(NUMBERS), ws[i], count=1) or rng.choice(NUMBERS)
                elif pick < 0.7:
                    ws[i] = rng.choice(JUNK + words)
                elif pick < 0.85 and len(ws) > 1:
                    del ws[i]
                else:
                    ws.insert(i, rng.choice(words + NUMBERS))
            line = " ".join(quoted(w) if rng.random() < 0.1 else w for w in ws)
        elif kind < 0.85:
            line = " ".join(rng.choice(words + NUMBERS + JUNK) for _ in range(rng.randint(1, 7)))
        else:
            line = rng.choice(examples)
        # A script reads lines: a line break inside one is two lines.
        line = line.replace("\n", " ")
        if "serve" in line.split() or "--wait" in line:
            continue
        yield line


def serve_fuzz(args, rng, lines):
    """`serve` under a crowd; see the module's text."""
    import http.client, json, socket, threading, urllib.parse
    work = tempfile.mkdtemp(prefix="tablemate-serve-fuzz-")
    data = os.path.join(work, "data")
    subprocess.run([args.binary, "--data", data, "players", "ann", "ben", "cat"], check=True,
                   capture_output=True)
    server = subprocess.Popen([args.binary, "--data", data, "serve", "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port, key, seats = None, None, {}
    for line in server.stdout:
        if line.startswith("the table is shown at"):
            url = urllib.parse.urlsplit(line.split()[-1])
            port, key = url.port, urllib.parse.parse_qs(url.query)["t"][0]
        elif "/seat?s=" in line:
            name, url = line.strip().split(": ", 1)
            seats[name] = url.split("?s=")[1]
        if "ends it" in line:
            break
    stop = threading.Event()
    held = []
    failures = []

    def connect(source):
        s = socket.socket()
        s.settimeout(5)
        s.bind((source, 0))
        s.connect(("127.0.0.1", port))
        return s

    def crowd(seed):
        r = random.Random(seed)
        while not stop.is_set():
            source = f"127.0.{r.randint(1, 250)}.{r.randint(1, 250)}"
            try:
                s = connect(source)
                kind = r.random()
                if kind < 0.4:
                    s.sendall(b"GET / HT")  # a head that never ends
                elif kind < 0.7:
                    s.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
                else:
                    junk = r.choice(lines).encode("utf-8", "surrogatepass")[:200]
                    s.sendall(r.choice([b"GET /", b"POST /seat/roll", b"PUT /x"]) + b" " + junk + b"\r\n\r\n")
                held.append(s)
                if len(held) > 600:
                    held.pop(0).close()
            except OSError:
                pass

    def post(secret, path, body):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        c.request("POST", path, json.dumps(body), {
            "Origin": f"http://127.0.0.1:{port}", "X-Tablemate-Seat": secret,
            "Content-Type": "application/json"})
        status = c.getresponse().status
        c.close()
        return status

    def seat_work(name, seed):
        r = random.Random(seed)
        while not stop.is_set():
            try:
                kind = r.random()
                if kind < 0.2:
                    post(seats[name], "/seat/roll", {"expr": "1000x1000d1000"})
                elif kind < 0.6:
                    post(seats[name], "/seat/roll", {"expr": r.choice(lines)})
                elif kind < 0.8:
                    post(seats[name], "/seat/move", {"line": r.choice(lines)})
                else:
                    post(seats[name], "/seat/pad", {"score": r.choice(lines)})
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(0.5)

    threads = [threading.Thread(target=crowd, args=(args.seed * 10 + i,)) for i in range(4)]
    threads += [threading.Thread(target=seat_work, args=(n, args.seed * 10 + i))
                for i, n in enumerate(("ann", "ben"))]
    for t in threads:
        t.start()
    peak_mb = 0.0
    start = time.time()
    while time.time() - start < args.serve:
        time.sleep(1)
        if server.poll() is not None:
            failures.append(f"the server died ({server.returncode})")
            break
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            c.request("GET", f"/?t={key}")
            if (status := c.getresponse().status) != 200:
                failures.append(f"{time.time() - start:.0f} s: the TV's page got {status}")
            c.close()
            if (status := post(seats["cat"], "/seat/roll", {"expr": "1d6"})) not in (200, 429):
                failures.append(f"{time.time() - start:.0f} s: cat's 1d6 got {status}")
        except (OSError, http.client.HTTPException) as e:
            failures.append(f"{time.time() - start:.0f} s: {e!r}")
        with open(f"/proc/{server.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    peak_mb = max(peak_mb, int(line.split()[1]) / 1024)
    stop.set()
    for t in threads:
        t.join()
    for s in held:
        s.close()
    server.terminate()
    for f in failures[:20]:
        print(f)
    print(f"serve for {args.serve} s under a crowd: {len(failures)} failed probes, "
          f"server peak {peak_mb:.0f} MB (limit {LIMIT_MB})")
    sys.exit(1 if failures or peak_mb > LIMIT_MB else 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=20000)
    ap.add_argument("--chunk", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--binary", default=os.path.join(ROOT, "target/release/tablemate"))
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--serve", type=int, default=0, help="fuzz `serve` for this many seconds instead")
    args = ap.parse_args()
    if not os.path.exists(args.binary):
        sys.exit(f"{args.binary} is missing: cargo build --release first")
    rng = random.Random(args.seed)
    examples = example_lines()
    words = sorted({w for line in examples for w in line.split()})
    lines = list(generate(rng, examples, words, args.lines))
    if args.serve:
        serve_fuzz(args, rng, lines)
    work = tempfile.mkdtemp(prefix="tablemate-fuzz-")
    data = os.path.join(work, "data")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLEMATE_")}
    panics = signals = timeouts = 0
    peak_mb = 0.0
    start = time.time()
    for at in range(0, len(lines), args.chunk):
        chunk = lines[at:at + args.chunk]
        script = "\n".join(chunk) + "\n"
        cmd = ["/usr/bin/time", "-f", "%M", args.binary, "--data", data, "--seed", str(at)]
        try:
            p = subprocess.run(cmd, input=script.encode("utf-8", "surrogatepass"),
                               capture_output=True, timeout=args.timeout, cwd=work, env=env)
        except subprocess.TimeoutExpired:
            timeouts += 1
            print(f"chunk at line {at}: timed out after {args.timeout} s")
            continue
        err = p.stderr.decode("utf-8", "replace")
        tail = err.strip().splitlines()
        rss_kb = int(tail[-1]) if tail and tail[-1].isdigit() else 0
        peak_mb = max(peak_mb, rss_kb / 1024)
        if "panicked" in err or p.returncode == 101:
            panics += 1
            where = next((l for l in err.splitlines() if "panicked" in l), "")
            print(f"chunk at line {at}: PANIC {where}")
        if "Command terminated by signal" in err or p.returncode < 0:
            signals += 1
            print(f"chunk at line {at}: killed by a signal")
        if rss_kb / 1024 > LIMIT_MB:
            print(f"chunk at line {at}: {rss_kb / 1024:.0f} MB")
    took = time.time() - start
    print(f"{len(lines)} lines in {took:.0f} s: {panics} panics, {signals} signals, "
          f"{timeouts} time-outs, peak {peak_mb:.0f} MB (limit {LIMIT_MB})")
    sys.exit(1 if panics or signals or timeouts or peak_mb > LIMIT_MB else 0)


if __name__ == "__main__":
    main()
