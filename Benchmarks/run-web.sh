#!/usr/bin/env bash
# The web front end under load: the transistor list page with 50 rows, the library's list of 50
# books (a library of 1,000 from the scale benchmark's generator) and a Stella product grid of 24,
# against the plain-text /health route of the same server, in one run. Needs Debian's wrk.
# Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
deploy/build >/dev/null
swift build -c release --static-swift-stdlib --disable-default-traits --product LibraryScaleBenchmark >/dev/null
port=${PORT:-18080}
data=$(mktemp -d)
.build/release/LibraryScaleBenchmark "$data/library.sqlite" 1000 3000 >/dev/null
.build/release/listor serve --port "$port" --data-dir "$data" --log-level warning > /dev/null &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
# The bundled catalog has exactly 50 parts rated 80 V and 5 A or more.
list="/transistors?min_voltage=80V&min_current=5A"
rows=$(curl -fs "http://127.0.0.1:$port$list" | grep -c '<th scope="row">')
echo "list page rows: $rows; library list: $(curl -fs "http://127.0.0.1:$port/library" | grep -c '<span class="book-title">') books"
# Load on this machine varies from minute to minute, so the two routes alternate, three rounds.
rate() { wrk -t2 -c32 -d10s "http://127.0.0.1:$port$1" | awk '/Requests\/sec/ { print $2 }'; }
library="/library"
stella="/stella/ready-to-wear"
for round in 1 2 3; do
    plain=$(rate /health)
    line="round $round: /health $plain req/s"
    for page in "$list" "$library" "$stella"; do
        served=$(rate "$page")
        line="$line; $page $served req/s ($(awk -v a="$served" -v b="$plain" 'BEGIN { printf "%.2f", a / b }')x)"
    done
    echo "$line"
done
