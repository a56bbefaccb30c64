#!/usr/bin/env bash
# A cold start of the parts finder at a million parts: `listor transistors list` with five
# conditions as a fresh process, against the sqlite3 command-line tool on the same parts with the
# same query, and `listor serve --transistor-catalog` from its start to its first list page; both
# from the index file the first run writes (in a new data directory).
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-Benchmarks/data/parts-1M.json}
database="${file%.json}.sqlite"
swift build -c release --static-swift-stdlib --disable-default-traits --product TransistorDecodingBenchmark >/dev/null
deploy/build >/dev/null
# The decoding benchmark writes the catalog when it is missing; the finder's baseline builds the database.
[ -f "$file" ] || .build/release/TransistorDecodingBenchmark "$file" >/dev/null
[ -f "$database" ] || python3 Benchmarks/TransistorFinder/sqlite_baseline.py "$file"
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
python3 Benchmarks/TransistorColdStart/cold_start.py .build/release/listor "$file" "$database" "$data"
