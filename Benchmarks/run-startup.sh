#!/usr/bin/env bash
# Start-up against the tools listor stands beside, as ratios in one run (issue 53): `listor --help`
# against `lynx -version`, `browse --dump` of a small page and of the shared corpora's real pages
# against lynx and w3m (Startup/startup.py), then the cold query on the million-part index against
# the sqlite3 CLI (run-transistor-cold-start.sh). Needs Debian's lynx, w3m, sqlite3 and time.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in lynx w3m sqlite3 /usr/bin/time; do command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install lynx w3m sqlite3 time)"; exit 1; }; done
build=(deploy/build)
"${build[@]}" 2>&1 | grep -E "error:|^/.*/(Sources|Benchmarks)/.*warning: " && exit 1
listor=.build/release/listor
python3 Benchmarks/Startup/startup.py "$listor" "${CORPORA:-../shared/corpora}"
echo
Benchmarks/run-transistor-cold-start.sh
