#!/usr/bin/env bash
# A mixed load over every app's pages and APIs (Load/mixed.lua) for DURATION seconds (60),
# CONNECTIONS clients (32) on THREADS wrk threads (2), against `listor serve` in release mode on
# a new data directory. Prints, per route, requests/s, the 50th and 99th percentile of server
# time and the answers of 400 or more (from the server's /metrics, scraped before and after on
# --metrics-port), wrk's own totals, and the server's resident memory at the start and the end.
# Needs Debian's wrk and python3. Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-60}
connections=${CONNECTIONS:-32}
threads=${THREADS:-2}
port=${PORT:-18100}
metrics_port=$((port + 1))
deploy/build >/dev/null
data=$(mktemp -d)
.build/release/listor serve --port "$port" --metrics-port "$metrics_port" --data-dir "$data" --library-cover-url none \
    --log-level warning > "$data/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 300); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
rss() { awk '/VmRSS/ { print $2 }' "/proc/$server/status"; }
# A warm-up, so that templates, pictures and the database's pages are in memory at the start.
wrk -t"$threads" -c"$connections" -d10s -s Benchmarks/Load/mixed.lua "http://127.0.0.1:$port" > /dev/null
start_rss=$(rss)
curl -fs "http://127.0.0.1:$metrics_port/metrics" > "$data/before.txt"
wrk -t"$threads" -c"$connections" -d"${duration}s" --timeout 10s --latency -s Benchmarks/Load/mixed.lua "http://127.0.0.1:$port" > "$data/wrk.txt"
curl -fs "http://127.0.0.1:$metrics_port/metrics" > "$data/after.txt"
end_rss=$(rss)
python3 Benchmarks/Load/report.py "$data/before.txt" "$data/after.txt" "$duration"
echo
grep -E "Requests/sec|Latency|50%|99%|Non-2xx|Socket errors|requests in" "$data/wrk.txt" || true
awk -v a="$start_rss" -v b="$end_rss" 'BEGIN { printf "server memory: %.1f MB at the start, %.1f MB at the end (%+.1f%%)\n", a / 1024, b / 1024, (b - a) * 100 / a }'
