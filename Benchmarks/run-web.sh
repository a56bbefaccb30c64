#!/usr/bin/env bash
# The web front end under load: the transistor list page with 50 rows against the plain-text
# /health route of the same server, in one run. Needs Debian's wrk. Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product listor >/dev/null
port=${PORT:-18080}
.build/release/listor serve --port "$port" --log-level warning > /dev/null &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
# The bundled catalog has exactly 50 parts rated 80 V and 5 A or more.
list="/transistors?min_voltage=80V&min_current=5A"
rows=$(curl -fs "http://127.0.0.1:$port$list" | grep -c '<th scope="row">')
echo "list page rows: $rows"
for path in /health "$list"; do
    echo "== $path"
    wrk -t2 -c32 -d10s "http://127.0.0.1:$port$path" | grep -E "Requests/sec|Latency|Transfer"
done
