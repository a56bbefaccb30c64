#!/usr/bin/env bash
# The reader's article extraction on the article-extraction benchmark's dev pages
# (../shared/corpora/articles-dev): `listor browse --dump --reader --no-references` on each page,
# scored by the benchmark's rule (Benchmarks/Reader/score.py): precision, recall, F1 and the
# 10 worst pages. WHOLE=1 scores the whole page's text instead, for comparison.
# Needs the corpora and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${CORPUS:-../shared/corpora/articles-dev}
[ -d "$corpus/html" ] || { echo "needs $corpus (the shared corpora)"; exit 1; }
# Built as every script here builds it (deploy/build); LISTOR=path/to/listor skips that (a debug
# build while tuning).
if [ -z "${LISTOR:-}" ]; then
    deploy/build 2>&1 | grep -E "error:|^/.*/(Sources|Benchmarks)/.*warning: " && exit 1
fi
listor=${LISTOR:-.build/release/listor}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mode=(--reader)
[ "${WHOLE:-0}" = 1 ] && mode=()
start=$(date +%s.%N)
for page in "$corpus"/html/*.html.gz; do
    id=$(basename "$page" .html.gz)
    gunzip -c "$page" > "$work/$id.html"
    # The text of --format json: paragraphs apart by blank lines, no link marks.
    "$listor" browse --dump "${mode[@]}" --format json --no-history --data-dir "$work/data" "$work/$id.html" > "$work/$id.json" || true
done
end=$(date +%s.%N)
for json in "$work"/*.json; do
    python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["text"])' "$json" > "${json%.json}.txt" 2>/dev/null || true
done
python3 Benchmarks/Reader/score.py "$corpus/ground-truth.json" "$work"
echo "time: $(echo "$end - $start" | bc) s for $(ls "$corpus"/html | wc -l) pages"

# What finding the article adds to --dump's own work on these pages, and that it grows linearly
# with the page (release build, in one process: ReaderBenchmark). LISTOR= skips it.
if [ -z "${LISTOR:-}" ]; then
    swift build -c release --static-swift-stdlib --disable-default-traits --product ReaderBenchmark >/dev/null
    .build/release/ReaderBenchmark "$work"/*.html
fi

# The second view: Mozilla's reader test pages against Readability.js's own output.
mozilla=${MOZILLA:-../shared/corpora/readability-pages/test/test-pages}
if [ -d "$mozilla" ]; then
    mkdir -p "$work/mozilla"
    for page in "$mozilla"/*/; do
        name=$(basename "$page")
        "$listor" browse --dump "${mode[@]}" --format json --no-history --data-dir "$work/data" "$page/source.html" \
            | python3 -c 'import json, sys; print(json.load(sys.stdin)["text"])' > "$work/mozilla/$name.txt" 2>/dev/null || true
    done
    python3 Benchmarks/Reader/mozilla.py "$mozilla" "$work/mozilla"
fi
