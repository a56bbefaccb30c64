"""Cold start of the parts finder against the sqlite3 command-line tool: each query as a fresh
process (the files in the page cache, as a user's second query finds them), median wall time and
median peak resident memory of ROUNDS runs; then `listor serve` from its start to its first
answered list page.

usage: cold_start.py LISTOR PARTS.json PARTS.sqlite DATA_DIR"""
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROUNDS = 11
SQL = ("SELECT * FROM parts WHERE family = 'MOSFET' AND doping = 'NMOS' AND package = 'TO-220' "
       "AND max_voltage >= 60 AND max_current >= 10 ORDER BY part_number;\n")


def run(command, stdin=None):
    """Median wall seconds and median peak RSS (MB) of ROUNDS runs, and the last run's output."""
    times, memories = [], []
    report = tempfile.mktemp()
    output = b""
    for _ in range(ROUNDS):
        start = time.perf_counter()
        done = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report] + command, input=stdin,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
        memories.append(int(open(report).read().split()[-1]) / 1024)
        output = done.stdout
    os.remove(report)
    return statistics.median(times), statistics.median(memories), output


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    listor, catalog, database, data = sys.argv[1:5]
    environment = dict(os.environ, XDG_DATA_HOME=data)
    query = [listor, "transistors", "list", "--catalog", catalog, "--family", "mosfet", "--doping", "nmos",
             "--package", "to220", "--min-voltage", "60V", "--min-current", "10A"]

    start = time.perf_counter()
    subprocess.run(query, env=environment, stdout=subprocess.DEVNULL, check=True)
    print(f"first run (reads the catalog, writes the index file): {time.perf_counter() - start:.1f} s")
    index = [os.path.join(root, name) for root, _, names in os.walk(data) for name in names if name.endswith(".index")]
    print(f"index file: {sum(os.path.getsize(path) for path in index) / 1e6:.0f} MB")

    os.environ["XDG_DATA_HOME"] = data
    sqlite_time, sqlite_memory, sqlite_output = run(["sqlite3", database], stdin=SQL.encode())
    listor_time, listor_memory, listor_output = run(query)
    sqlite_rows = len(sqlite_output.splitlines())
    listor_rows = listor_output.decode().splitlines()[-1]
    print()
    print(f"{'cold query, fresh process':<28} {'wall ms':>8} {'peak MB':>8}  rows")
    print(f"{'sqlite3':<28} {sqlite_time * 1000:>8.1f} {sqlite_memory:>8.1f}  {sqlite_rows}")
    print(f"{'listor transistors list':<28} {listor_time * 1000:>8.1f} {listor_memory:>8.1f}  {listor_rows}")
    print(f"{'ratio (goal: 2, 5)':<28} {listor_time / sqlite_time:>8.2f} {listor_memory / sqlite_memory:>8.2f}")

    # serve: from the start of the process to its first answered list page, the index file in place.
    port = free_port()
    page = f"http://127.0.0.1:{port}/transistors?family=mosfet&doping=nmos&package=TO-220&min_voltage=60V&min_current=10A"
    start = time.perf_counter()
    # `serve --data-dir D` keeps its index files where the command line's data directory ($XDG_DATA_HOME/listor) does.
    server = subprocess.Popen([listor, "serve", "--port", str(port), "--data-dir", os.path.join(data, "listor"), "--transistor-catalog", catalog],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                with urllib.request.urlopen(page, timeout=5) as response:
                    body = response.read()
                    break
            except OSError:
                if server.poll() is not None:
                    sys.exit("listor serve stopped before it answered")
                time.sleep(0.002)
        answered = time.perf_counter() - start
        print()
        print(f"listor serve --transistor-catalog: first list page answered {answered * 1000:.0f} ms after start "
              f"({len(body)} bytes; goal: 1000 ms)")
        # A part of the list, its page (with its substitutes), its substitutes in the API, a
        # comparison and a mistyped number's suggestions: each from the index file's records.
        part = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/transistors?family=bjt&per_page=1", timeout=5).read())[0]["part_number"]
        base = f"http://127.0.0.1:{port}"
        for label, path in [("part page", f"/transistors/{part}"), ("substitutes (API)", f"/api/transistors/{part}/substitutes"),
                            ("comparison", f"/transistors/compare?parts={part},{part}0"), ("unknown part (404)", f"/api/transistors/{part}X7Q")]:
            start = time.perf_counter()
            try:
                status = urllib.request.urlopen(base + path, timeout=30).status
            except urllib.error.HTTPError as error:
                status = error.code
            print(f"  {label:<20} {status} in {(time.perf_counter() - start) * 1000:.0f} ms")
        with open(f"/proc/{server.pid}/status") as status:
            resident = next(line.split()[1] for line in status if line.startswith("VmHWM"))
        print(f"  serve's peak resident memory: {int(resident) / 1024:.0f} MB")
    finally:
        server.terminate()
        server.wait()


main()
