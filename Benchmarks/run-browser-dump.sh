#!/usr/bin/env bash
# listor browse --dump against lynx -dump and w3m -dump on the same pages of Debian's Python
# documentation (python3.11-doc), served over loopback by Python's http.server: wall time (median
# of ROUNDS runs) and peak memory (GNU time's maximum resident set size), in one run.
# Needs Debian's lynx, w3m, python3.11-doc and time.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-5}
docs=/usr/share/doc/python3.11/html
pages=(${PAGES:-genindex-all.html contents.html library/stdtypes.html tutorial/controlflow.html})
for tool in lynx w3m /usr/bin/time; do command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install lynx w3m time)"; exit 1; }; done
[ -d "$docs" ] || { echo "needs $docs (apt-get install python3.11-doc)"; exit 1; }

# Built as the README's Deployment section installs it: release, with the Swift runtime linked in
# (--static-swift-stdlib), as every script here builds it.
build=(deploy/build)
"${build[@]}" 2>&1 | grep -E "error:|^/.*/(Sources|Benchmarks)/.*warning: " && exit 1
listor=.build/release/listor
data=$(mktemp -d)
log=$(mktemp)
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$docs" >"$log" 2>&1 &
server=$!
trap 'kill $server; rm -rf "$data" "$log"' EXIT
until port=$(grep -o 'port [0-9]*' "$log" | awk '{print $2}') && [ -n "$port" ]; do sleep 0.1; done
base="http://127.0.0.1:$port"

# One run: prints "seconds kilobytes".
measure() { /usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -1; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf "%-28s %8s %8s %8s   %9s %9s %9s   %s\n" page "listor" "lynx" "w3m" "listor MB" "lynx MB" "w3m MB" "time: lynx/listor w3m/listor"
for page in "${pages[@]}"; do
    url="$base/$page"
    declare -A seconds memory
    for tool in listor lynx w3m; do
        times=(); peak=0
        for _ in $(seq "$rounds"); do
            case $tool in
                listor) result=$(measure "$listor" browse --dump --no-history --data-dir "$data" "$url") ;;
                lynx) result=$(measure lynx -dump -width=80 "$url") ;;
                w3m) result=$(measure w3m -dump -cols 80 -o display_link_number=1 "$url") ;;
            esac
            times+=("${result% *}")
            kb=${result#* }; [ "$kb" -gt "$peak" ] && peak=$kb
        done
        seconds[$tool]=$(printf '%s\n' "${times[@]}" | median)
        memory[$tool]=$peak
    done
    awk -v page="$page" -v a="${seconds[listor]}" -v b="${seconds[lynx]}" -v c="${seconds[w3m]}" \
        -v ma="${memory[listor]}" -v mb="${memory[lynx]}" -v mc="${memory[w3m]}" \
        'BEGIN { printf "%-28s %7.2fs %7.2fs %7.2fs   %9.1f %9.1f %9.1f   %.2f %.2f\n", page, a, b, c, ma/1024, mb/1024, mc/1024, (a > 0 ? b/a : 0), (a > 0 ? c/a : 0) }'
done
