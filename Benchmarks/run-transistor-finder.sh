#!/usr/bin/env bash
# The parts finder at a million parts against SQLite, on the same generated file: Listor's load
# time, memory and four queries, then the same queries in SQLite through python3's sqlite3;
# then the web list page served from that catalog, its server time taken from the request log.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-Benchmarks/data/parts-1M.json}
swift build -c release --static-swift-stdlib --disable-default-traits --product TransistorDecodingBenchmark >/dev/null
swift build -c release --static-swift-stdlib --disable-default-traits --product TransistorFinderBenchmark >/dev/null
deploy/build >/dev/null
# The decoding benchmark writes the file when it is missing.
[ -f "$file" ] || .build/release/TransistorDecodingBenchmark "$file" >/dev/null
results=$(mktemp)
trap 'rm -f "$results"' EXIT
.build/release/TransistorFinderBenchmark "$file" | tee "$results"
echo
python3 Benchmarks/TransistorFinder/sqlite_baseline.py "$file" "$results"

echo
port=${PORT:-18081}
data=$(mktemp -d)
log="$data/serve.log"
.build/release/listor serve --port "$port" --data-dir "$data" --transistor-catalog "$file" > "$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$data" "$results"' EXIT
for _ in $(seq 1 600); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
page="/transistors?search=nmos+v+30V..100V+i+5A..50A"
for _ in $(seq 1 21); do curl -fs -o /dev/null "http://127.0.0.1:$port$page"; done
rows=$(curl -fs "http://127.0.0.1:$port$page" | grep -c '<th scope="row">')
echo "web list page $page: $rows rows; server time per request (ms), median of 21:"
grep -F "GET /transistors 200" "$log" | tail -21 | awk '{ print $(NF-1) }' | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
