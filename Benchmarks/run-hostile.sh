#!/usr/bin/env bash
# Issue 35's goal, kept by issue 52: while a hostile client sends every attack it found at once
# (Hostile/attack.py: spans that overflowed, pages that drip or carry 200,000 attributes,
# 6000 x 6000 uploads, silent connections, unread event streams, cross-site reads, bad ranges, a
# chunked body past the limit; and the store's: a department of one product in 10,000 sizes, a
# search of 30,000 products, buy-outs of the stock), another client asks /health, and its 99th
# percentile stays under 100 ms.
# DURATION seconds (60) against `listor serve` in release mode on a new data directory, the
# reader allowed to read the hostile site on loopback. Prints wrk's latencies of /health, what
# each attack got, and the server's peak resident memory. Needs Debian's wrk and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-60}
port=${PORT:-18200}
site=$((port + 1))
deploy/build >/dev/null
data=$(mktemp -d)
python3 Benchmarks/Hostile/attack.py catalogue "$data/shop.csv"
.build/release/listor serve --port "$port" --data-dir "$data" --library-cover-url none --allow-private --stella-catalogue "$data/shop.csv" \
    --log-level error > "$data/serve.log" 2>&1 &
server=$!
python3 Benchmarks/Hostile/attack.py site "$site" &
hostile_site=$!
trap 'kill $server $hostile_site 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 300); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
peak=0
python3 Benchmarks/Hostile/attack.py attack "$port" "$site" "$duration" > "$data/attacks.txt" &
attacker=$!
# /health from 127.0.0.1, one request at a time, while the attacks run (from other addresses).
wrk -t1 -c1 -d"${duration}s" --timeout 10s --latency "http://127.0.0.1:$port/health" > "$data/wrk.txt" &
measure=$!
while kill -0 $measure 2>/dev/null; do
    rss=$(awk '/VmRSS/ { print $2 }' "/proc/$server/status")
    [ "$rss" -gt "$peak" ] && peak=$rss
    sleep 0.5
done
wait $attacker || true
echo "/health while attacked:"
grep -E "Latency|50%|75%|90%|99%|requests in|Non-2xx|Socket errors" "$data/wrk.txt" || true
echo "the attacks:"
cat "$data/attacks.txt"
awk -v peak="$peak" 'BEGIN { printf "server memory at its peak: %.1f MB\n", peak / 1024 }'
kill -0 $server 2>/dev/null && echo "the server is still running" || { echo "the server died:"; tail -20 "$data/serve.log"; exit 1; }
