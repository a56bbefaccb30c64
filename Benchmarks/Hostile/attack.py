"""Issue 35's hostile inputs against a running `listor serve`, all at once, for a while.

    attack.py catalogue FILE.csv                the store's catalogue for the attacks on it
    attack.py site PORT                         a hostile web site on 127.0.0.1:PORT
    attack.py attack SERVER SITE SECONDS        the attacks, from 127.0.0.2 to 127.0.0.119

The site serves a page of one element with 200,000 distinct attributes, a 5 MiB page of tags
with 256 each, a page that drips its body a byte a second, and a page whose refresh is
javascript:. The attacks, each in threads of its own until the time is up: history queries
with spans that overflowed, eight reads at a time of the dripping page from one address, reads of the
attribute pages, uploads of a PNG that decodes to 6000 x 6000, 250 silent connections from one
address, event streams that are never read from ten addresses, cross-site reads, bad ranges
and a chunked body past the limit; and the store's (issue 52): its department of one product in
10,000 sizes from two addresses, a search of its 30,000 products, and orders of 50 lines of 99
from twenty addresses. Prints what each attack got, by status. Standard library only.
"""
import collections
import csv
import json
import http.server
import socket
import socketserver
import struct
import sys
import threading
import time
import urllib.parse
import zlib


def png(width, height):
    row = b"\x00" + b"\x80\x40\x20" * width
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height, 9)) + chunk(b"IEND", b"")


ATTRIBUTES = ("<p " + " ".join(f"a{i}=1" for i in range(200_000)) + ">hostile</p>").encode()
TAG = "<p " + " ".join(f"a{i}" for i in range(256)) + ">x</p>\n"
WIDE = (TAG * ((5 << 20) // len(TAG) - 1)).encode()


class Site(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *arguments):
        pass

    def do_GET(self):
        pages = {"/attributes": ATTRIBUTES, "/wide": WIDE,
                 "/refresh": b"<meta http-equiv=refresh content='0; url=javascript:alert(1)'><p>stay"}
        if self.path == "/drip":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(100_000):
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    time.sleep(1)
            except OSError:
                return
            return
        body = pages.get(self.path, b"not here")
        self.send_response(200 if self.path in pages else 404)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def request(server, source, method, path, headers=(), body=b"", timeout=30):
    """One request from `source`; its status, or the error's name."""
    try:
        connection = socket.create_connection(("127.0.0.1", server), timeout=timeout, source_address=(source, 0))
        lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close", *headers]
        if body and not any(h.lower().startswith("transfer-encoding") for h in headers):
            lines.append(f"Content-Length: {len(body)}")
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        first = connection.recv(64).split(b"\r\n")[0].decode(errors="replace")
        connection.close()
        return first.split(" ")[1] if first.startswith("HTTP/") else "closed"
    except OSError as error:
        return type(error).__name__


def attack(server, site, seconds):
    end = time.monotonic() + seconds
    tally = collections.Counter()
    lock = threading.Lock()

    def repeat(name, source, method, path, headers=(), body=b"", pause=0.0):
        def run():
            while time.monotonic() < end:
                status = request(server, source, method, path, headers, body)
                with lock:
                    tally[(name, status)] += 1
                time.sleep(pause)
        return run

    reader = lambda page: "/browser/read?url=" + urllib.parse.quote(f"http://127.0.0.1:{site}/{page}", safe="")
    picture = png(6000, 6000)
    chunked = b"".join(b"100000\r\n" + b"a" * 0x100000 + b"\r\n" for _ in range(10)) + b"0\r\n\r\n"
    threads = []
    for index in range(4):
        threads.append(repeat("history overflow", f"127.0.0.{10 + index}", "GET", "/api/modbus/variables/1/history?from=99999999999w&step=99999999999999w"))
    for _ in range(8):
        threads.append(repeat("dripping page, eight at a time from one address", "127.0.0.20", "GET", reader("drip")))
    threads.append(repeat("200,000 attributes", "127.0.0.30", "GET", reader("attributes")))
    threads.append(repeat("5 MiB of 256-attribute tags", "127.0.0.31", "GET", reader("wide")))
    threads.append(repeat("javascript: refresh", "127.0.0.32", "GET", reader("refresh")))
    for index in range(16):
        threads.append(repeat("6000 x 6000 PNG upload", f"127.0.0.{40 + index}", "PUT", f"/library/api/books/{1 + index % 10}/cover",
                              ["Content-Type: image/png"], picture))
    threads.append(repeat("cross-site embedded read", "127.0.0.60", "GET", reader("attributes"), ["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: no-cors"]))
    threads.append(repeat("range past the end", "127.0.0.61", "GET", "/static/listor.css", ["Range: bytes=999999-"]))
    threads.append(repeat("chunked 10 MB body", "127.0.0.62", "POST", "/library/api/books",
                          ["Content-Type: application/json", "Transfer-Encoding: chunked"], chunked))

    # The store: a department of one product in 10,000 sizes (its facets), a search of the
    # 30,000 products, and buy-outs of 50 lines of 99 from twenty addresses.
    for index in range(2):
        threads.append(repeat("a department of one product in 10,000 sizes", f"127.0.0.{90 + index}", "GET", "/stella/facets"))
    threads.append(repeat("a search of 30,000 products", "127.0.0.92", "GET", "/stella/search?q=bulk+12"))
    for index in range(20):
        order = json.dumps({"items": [{"sku": f"BULK-{index * 50 + line:05d}", "quantity": 99} for line in range(50)],
                            "name": "Buyer", "email": f"buyer{index}@example.org", "address": "1 High St"}).encode()
        threads.append(repeat("buy-out of 50 lines of 99", f"127.0.0.{100 + index}", "POST", "/stella/api/orders", ["Content-Type: application/json"], order, pause=0.05))

    def silent():
        held = []
        for _ in range(250):
            try:
                held.append(socket.create_connection(("127.0.0.1", server), timeout=5, source_address=("127.0.0.70", 0)))
            except OSError:
                with lock:
                    tally[("silent connection", "refused")] += 1
        while time.monotonic() < end:
            time.sleep(1)
            alive = 0
            for connection in held:
                connection.setblocking(False)
                try:
                    alive += connection.recv(1) != b""
                except BlockingIOError:
                    alive += 1
                except OSError:
                    pass
            with lock:
                tally[("silent connections still open", alive)] += 1

    def unread_streams():
        held = []
        for index in range(100):
            try:
                connection = socket.create_connection(("127.0.0.1", server), timeout=5, source_address=(f"127.0.0.{80 + index // 10}", 0))
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                connection.sendall(b"GET /modbus/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                held.append(connection)
            except OSError:
                pass
        while time.monotonic() < end:
            time.sleep(1)

    workers = [threading.Thread(target=run, daemon=True) for run in threads]
    workers += [threading.Thread(target=silent, daemon=True), threading.Thread(target=unread_streams, daemon=True)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(seconds + 130)
    silent_counts = sorted(v for (name, v), _ in tally.items() if name == "silent connections still open")
    for (name, status), count in sorted(tally.items(), key=lambda item: str(item[0])):
        if name != "silent connections still open":
            print(f"  {name}: {status} x {count}")
    if silent_counts:
        print(f"  250 silent connections from one address: at most {silent_counts[-1]} held open")


def catalogue(path):
    """A Shopify product CSV for the store's attacks: 20,000 products of one variant each (Type
    Bulk), and one product in 10,000 sizes (Type Facets), each in stock."""
    with open(path, "w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["Handle", "Title", "Type", "Option1 Name", "Option1 Value", "Variant SKU", "Variant Inventory Qty", "Variant Price"])
        for index in range(20000):
            writer.writerow([f"bulk-{index:05d}", f"Bulk {index}", "Bulk", "Title", "Default Title", f"BULK-{index:05d}", 100, "10.00"])
        for size in range(10000):
            writer.writerow(["many-sizes", "Many sizes" if size == 0 else "", "Facets" if size == 0 else "", "Size" if size == 0 else "",
                             f"S{size}", f"MANY-{size}", 1, "20.00"])


if __name__ == "__main__":
    if sys.argv[1] == "catalogue":
        catalogue(sys.argv[2])
    elif sys.argv[1] == "site":
        socketserver.ThreadingTCPServer.allow_reuse_address = True
        socketserver.ThreadingTCPServer.daemon_threads = True
        socketserver.ThreadingTCPServer(("127.0.0.1", int(sys.argv[2])), Site).serve_forever()
    else:
        attack(int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]))
