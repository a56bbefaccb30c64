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
    # The link marks ([12]) are the dump's, not the page's words.
    "$listor" browse --dump "${mode[@]}" --no-references --no-history --width 1000 --data-dir "$work/data" "$work/$id.html" \
        | sed -E 's/\[[0-9]+\]//g' > "$work/$id.txt" || true
done
end=$(date +%s.%N)
python3 Benchmarks/Reader/score.py "$corpus/ground-truth.json" "$work"
echo "time: $(echo "$end - $start" | bc) s for $(ls "$corpus"/html | wc -l) pages"

# The second view: Mozilla's reader test pages against Readability.js's own output.
mozilla=${MOZILLA:-../shared/corpora/readability-pages/test/test-pages}
if [ -d "$mozilla" ]; then
    mkdir -p "$work/mozilla"
    for page in "$mozilla"/*/; do
        name=$(basename "$page")
        "$listor" browse --dump "${mode[@]}" --no-references --no-history --width 1000 --data-dir "$work/data" "$page/source.html" \
            | sed -E 's/\[[0-9]+\]//g' > "$work/mozilla/$name.txt" || true
    done
    python3 Benchmarks/Reader/mozilla.py "$mozilla" "$work/mozilla"
fi
