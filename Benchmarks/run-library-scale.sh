#!/usr/bin/env bash
# The library at scale: 100,000 books and 300,000 loans (BOOKS=, LOANS=) in SQLite and, with
# LISTOR_BENCH_POSTGRES_URL, in PostgreSQL. For each store, 16 clients for DURATION seconds (30):
# 8 searching, 8 turning the list's pages, and beside them one client reading single books
# through the API; the server time of each route (from /metrics on --metrics-port, scraped before
# and after), wrk's latency for each kind, and the server's memory before and after.
# STORES= picks the stores to measure ("sqlite postgres" by default; postgres needs the URL).
# Needs Debian's wrk and python3. Loopback only. PostgreSQL is used with pool_max_conns=$PG_POOL
# (4) unless the URL says otherwise: on a small machine that also runs the database and wrk, more
# connections only make more processes take turns on the same cores.
set -euo pipefail
cd "$(dirname "$0")/.."
books=${BOOKS:-100000}
loans=${LOANS:-300000}
duration=${DURATION:-30}
stores=${STORES:-sqlite postgres}
wants() { [[ " $stores " == *" $1 "* ]]; }
if [ -n "${STORES:-}" ] && wants postgres && [ -z "${LISTOR_BENCH_POSTGRES_URL:-}" ]; then
    echo "STORES=$STORES asks for postgres, but LISTOR_BENCH_POSTGRES_URL names no database" >&2
    exit 2
fi
port=${PORT:-18090}
metrics_port=$((port + 1))
deploy/build >/dev/null
swift build -c release --static-swift-stdlib --disable-default-traits --product LibraryScaleBenchmark >/dev/null
data="Benchmarks/data/library-$books"
mkdir -p "$data"
if [ ! -f "$data/library.sqlite" ]; then .build/release/LibraryScaleBenchmark "$data/library.sqlite" "$books" "$loans"; fi
scripts=Benchmarks/LibraryScale/wrk
rss() { awk '/VmRSS/ { print $2 / 1024 " MB" }' "/proc/$1/status"; }

measure() {
    local name=$1; shift
    .build/release/listor serve --port "$port" --metrics-port "$metrics_port" --data-dir "$data" --log-level warning "$@" > "$data/serve-$name.log" 2>&1 &
    local server=$!
    trap 'kill $server 2>/dev/null' EXIT
    for _ in $(seq 1 300); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
    echo "== $name: $(curl -fs "http://127.0.0.1:$port/library" | grep -o '<p class="summary" id="summary">[^<]*' | sed 's/.*>//')"
    # A short warm-up of every kind, so that the page cache and the templates are warm.
    wrk -t1 -c4 -d3s -s "$scripts/search.lua" "http://127.0.0.1:$port" >/dev/null
    wrk -t1 -c4 -d3s -s "$scripts/list.lua" "http://127.0.0.1:$port" >/dev/null
    echo "server memory at the start: $(rss $server)"
    curl -fs "http://127.0.0.1:$metrics_port/metrics" > "$data/metrics-before.txt"
    LIST_PAGES=$((books / 50)) wrk -t1 -c8 -d"${duration}s" --latency -s "$scripts/search.lua" "http://127.0.0.1:$port" > "$data/wrk-search.txt" &
    local search=$!
    LIST_PAGES=$((books / 50)) wrk -t1 -c8 -d"${duration}s" --latency -s "$scripts/list.lua" "http://127.0.0.1:$port" > "$data/wrk-list.txt" &
    local list=$!
    BOOKS=$books wrk -t1 -c1 -d"${duration}s" --latency -s "$scripts/book.lua" "http://127.0.0.1:$port" > "$data/wrk-book.txt"
    wait $search $list
    curl -fs "http://127.0.0.1:$metrics_port/metrics" > "$data/metrics-after.txt"
    echo "server memory at the end:   $(rss $server)"
    echo "server time (search and list are both GET /library):"
    python3 Benchmarks/Load/report.py "$data/metrics-before.txt" "$data/metrics-after.txt" "$duration"
    grep '^listor_rendered_pages_total{page="library/list"' "$data/metrics-after.txt" || true
    echo "wrk, on the same cores as the server:"
    for kind in search list book; do
        awk -v kind="$kind" '
            /^ +50%/ { p50 = $2 } /^ +99%/ { p99 = $2 } /Requests\/sec/ { rate = $2 }
            /Non-2xx|Socket errors/ { errors = errors " " $0 }
            END { printf "%-7s %8s req/s  p50 %8s  p99 %8s%s\n", kind, rate, p50, p99, errors }' "$data/wrk-$kind.txt"
    done
    kill $server; wait $server 2>/dev/null || true
    trap - EXIT
}

if wants sqlite; then measure sqlite; fi
if wants postgres && [ -n "${LISTOR_BENCH_POSTGRES_URL:-}" ]; then
    .build/release/LibraryScaleBenchmark "$LISTOR_BENCH_POSTGRES_URL" "$books" "$loans"
    url=$LISTOR_BENCH_POSTGRES_URL
    case $url in *pool_max_conns=*) ;; *\?*) url="$url&pool_max_conns=${PG_POOL:-4}" ;; *) url="$url?pool_max_conns=${PG_POOL:-4}" ;; esac
    measure postgres --library-db "$url"
fi
