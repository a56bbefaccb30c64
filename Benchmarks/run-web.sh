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
# Load on this machine varies from minute to minute, so the two routes alternate, three rounds.
rate() { wrk -t2 -c32 -d10s "http://127.0.0.1:$port$1" | awk '/Requests\/sec/ { print $2 }'; }
for round in 1 2 3; do
    plain=$(rate /health)
    page=$(rate "$list")
    echo "round $round: /health $plain req/s, list page $page req/s, ratio $(awk -v a="$page" -v b="$plain" 'BEGIN { printf "%.3f", a / b }')"
done
