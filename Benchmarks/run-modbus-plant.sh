#!/usr/bin/env bash
# A plant on one line: 32 units behind pymodbus's RTU-over-TCP server, each read with the
# TUF-2000M's map (7 reads a unit), one full polling cycle at a time. Listor's pollers share one
# ModbusLine (RTU over TCP, and RTU on a pty that socat bridges to the same server) against
# libmodbus's client making the same reads one after another in C (RTU on such a pty: libmodbus
# has no RTU over TCP). Then `serve --modbus-plant` with 23 simulated TUF-2000Ms (1,058
# variables, 1,035 of them numbers) and the time of a /metrics scrape. Needs libmodbus-dev, gcc, socat and the tests'
# Python (pymodbus; .ci/run makes it).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${LISTOR_TEST_PYTHON:-.build/test-python/bin/python}
out=.build/benchmarks
mkdir -p "$out"
gcc -O2 -o "$out/libmodbus-plant" Benchmarks/libmodbus/plant.c $(pkg-config --cflags --libs libmodbus)
swift build -c release --static-swift-stdlib --disable-default-traits --product ModbusPlantBenchmark >/dev/null
deploy/build >/dev/null
units=${UNITS:-32}
cycles=${CYCLES:-10}
rounds=${ROUNDS:-5}
dir=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$dir"' EXIT

"$python" -u Tests/ListorTestSupport/pymodbus_server.py --units "$(seq -s, 1 "$units")" --rtu-over-tcp 0 > "$dir/server.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do grep -q "listening on" "$dir/server.log" && break; sleep 0.1; done
port=$(sed -n 's/.*listening on \([0-9]*\).*/\1/p' "$dir/server.log")
for name in libmodbus listor; do
    socat pty,raw,echo=0,link="$dir/$name" tcp:127.0.0.1:"$port" &
    pids+=($!)
done
for _ in $(seq 1 50); do [ -e "$dir/libmodbus" ] && [ -e "$dir/listor" ] && break; sleep 0.1; done
.build/release/ModbusPlantBenchmark --plan > "$dir/plan"
echo "$units units on one line, $(wc -l < "$dir/plan") reads each, pymodbus $("$python" -c 'import pymodbus; print(pymodbus.__version__)') RTU over TCP on 127.0.0.1:$port; full cycles a second, $cycles cycles a round"
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
direct=(); bridged=()
for round in $(seq 1 "$rounds"); do
    theirs=$("$out/libmodbus-plant" "$dir/libmodbus" "$cycles" "$units" < "$dir/plan")
    ours=$(.build/release/ModbusPlantBenchmark "rtu+tcp://127.0.0.1:$port" "$cycles" "$units")
    pty=$(.build/release/ModbusPlantBenchmark "$dir/listor" "$cycles" "$units")
    ratio() { awk -v a="$1" -v b="$theirs" 'BEGIN { printf "%.3f", a / b }'; }
    direct+=("$(ratio "$ours")"); bridged+=("$(ratio "$pty")")
    echo "round $round: libmodbus (RTU on a pty) $theirs; Listor RTU over TCP $ours ($(ratio "$ours")), RTU on a pty $pty ($(ratio "$pty"))"
done
echo "median ratio to libmodbus: $(median "${direct[@]}") RTU over TCP, $(median "${bridged[@]}") on a pty as libmodbus (goal: 0.9)"

# /metrics with over 1,000 variables: 23 devices of the TUF-2000M's 45 numeric ones on the simulated meter (any unit id).
sim_port=${SIM_PORT:-15021}
.build/release/listor modbus simulate --port "$sim_port" > /dev/null 2>&1 &
pids+=($!)
{
    echo '{"devices": ['
    for unit in $(seq 1 23); do
        printf '  {"name": "meter-%d", "device": "127.0.0.1:%d", "unit": %d}%s\n' "$unit" "$sim_port" "$unit" "$([ "$unit" -lt 23 ] && echo ,)"
    done
    echo ']}'
} > "$dir/plant.json"
metrics_port=${METRICS_PORT:-18093}
.build/release/listor serve --port 0 --data-dir "$dir/data" --modbus-plant "$dir/plant.json" --metrics-port "$metrics_port" > "$dir/serve.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do
    [ "$(curl -fs "http://127.0.0.1:$metrics_port/metrics" 2>/dev/null | grep -c '^listor_modbus_value{')" -ge 1000 ] && break
    sleep 0.2
done
values=$(curl -fs "http://127.0.0.1:$metrics_port/metrics" | grep -c '^listor_modbus_value{')
times=()
for _ in $(seq 1 21); do times+=("$(curl -fs -o /dev/null -w '%{time_total}' "http://127.0.0.1:$metrics_port/metrics")"); done
echo "/metrics with $values listor_modbus_value series: $(median "${times[@]}" | awk '{ printf "%.1f", $1 * 1000 }') ms a scrape, median of 21 (goal: under 50 ms)"
