#!/usr/bin/env bash
# Runs the transistor decoding benchmark and its CPython baseline on the same generated file.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-Benchmarks/data/parts-1M.json}
swift build -c release --static-swift-stdlib --disable-default-traits --product TransistorDecodingBenchmark >/dev/null
.build/release/TransistorDecodingBenchmark "$file"
python3 Benchmarks/TransistorDecoding/python_baseline.py "$file"
