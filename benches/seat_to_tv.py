#!/usr/bin/env python3
"""A seat's roll to the TV, direct and through a reverse proxy (issue
#79): from the phone's POST until the TV's event stream carries the
table with that roll, with the TV and the seat talking to `serve`
directly, then through nginx over TLS set up as the guide says
(`serve --public https://localhost:PORT --proxy 127.0.0.1`).

    cargo build --release && python3 benches/seat_to_tv.py [RUNS]

Needs nginx and openssl. Talks to 127.0.0.1 only. Prints min, median,
90th percentile and max of each.
"""
import http.client, json, os, re, shutil, socket, ssl, subprocess, sys, tempfile, time, urllib.parse

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BIN = os.environ.get("TABLEMATE_BIN") or os.path.join(ROOT, "target", "release", "tablemate")
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 21
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_nginx(work, port, upstream):
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-keyout", f"{work}/key.pem", "-out", f"{work}/cert.pem"],
                   check=True, capture_output=True)
    guide = open(os.path.join(ROOT, "docs", "GUIDE.md"), encoding="utf-8").read()
    location = re.search(r"location / \{.*?\n\}", guide, re.S).group(0)
    location = location.replace("127.0.0.1:7464", f"127.0.0.1:{upstream}")
    user = "user root;" if os.geteuid() == 0 else ""
    conf = f"""{user}
daemon off;
pid {work}/nginx.pid;
error_log {work}/error.log;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {work}/body; proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi; uwsgi_temp_path {work}/uwsgi; scgi_temp_path {work}/scgi;
    server {{
        listen 127.0.0.1:{port} ssl;
        ssl_certificate {work}/cert.pem; ssl_certificate_key {work}/key.pem;
        {location}
    }}
}}
"""
    open(f"{work}/nginx.conf", "w").write(conf)
    proc = subprocess.Popen([NGINX, "-e", f"{work}/error.log", "-p", work, "-c", f"{work}/nginx.conf"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(500):
        try:
            socket.create_connection(("127.0.0.1", port)).close()
            return proc
        except OSError:
            time.sleep(0.01)
    raise SystemExit("nginx did not start")


def connect(port, tls):
    s = socket.create_connection(("127.0.0.1", port))
    if tls:
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        s = ctx.wrap_socket(s, server_hostname="localhost")
    return s


def measure(port, host, tls, key, seats, label):
    tv = connect(port, tls)
    tv.sendall(f"GET /events?t={key} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    tv.settimeout(10)
    buf = b""
    while b"event: table" not in buf:
        buf += tv.recv(65536)
    origin = ("https://" if tls else "http://") + host
    out = []
    for i in range(RUNS):
        secret = seats[i % len(seats)]
        expr = f"1d6+{1000 + i}"
        body = json.dumps({"expr": expr})
        c = connect(port, tls)
        start = time.monotonic()
        c.sendall((f"POST /seat/roll HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\n"
                   f"X-Tablemate-Seat: {secret}\r\nContent-Type: application/json\r\n"
                   f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n{body}").encode())
        buf = b""
        while expr.encode() not in buf:
            chunk = tv.recv(65536)
            if not chunk:
                raise SystemExit(f"{label}: the TV's stream ended")
            buf += chunk
        out.append((time.monotonic() - start) * 1000)
        c.close()
        time.sleep(0.6)
    tv.close()
    out.sort()
    n = len(out)
    print(f"{label}: min {out[0]:.1f} ms, median {out[n // 2]:.1f} ms, "
          f"p90 {out[min(n - 1, n * 9 // 10)]:.1f} ms, max {out[-1]:.1f} ms over {n} rolls")


def main():
    work = tempfile.mkdtemp(prefix="tablemate-seat-to-tv-")
    data = os.path.join(work, "data")
    subprocess.run([BIN, "--data", data, "players", "ann", "ben", "cat"], check=True, capture_output=True)
    pport = free_port()
    server = subprocess.Popen([BIN, "--data", data, "serve", "--port", "0", "--public",
                               f"https://localhost:{pport}", "--proxy", "127.0.0.1"],
                              stdout=subprocess.PIPE, text=True)
    seats, key, upstream = [], None, None
    for line in server.stdout:
        if line.startswith("the table is shown at"):
            key = urllib.parse.parse_qs(urllib.parse.urlsplit(line.split()[-1]).query)["t"][0]
        m = re.search(r"passes it to http://127\.0\.0\.1:(\d+)", line)
        if m:
            upstream = int(m.group(1))
        if "/seat?s=" in line:
            seats.append(line.strip().split("?s=")[1])
        if "ends it" in line:
            break
    nginx = start_nginx(work, pport, upstream)
    try:
        measure(upstream, f"127.0.0.1:{upstream}", False, key, seats, "a seat's roll to the TV, direct")
        measure(pport, f"localhost:{pport}", True, key, seats, "a seat's roll to the TV, through nginx over TLS")
    finally:
        nginx.terminate()
        server.terminate()


main()
