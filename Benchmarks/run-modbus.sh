#!/usr/bin/env bash
# Our Modbus TCP client against libmodbus's, in one run: sequential reads of 125 holding
# registers on one connection, both against the same libmodbus server. Needs Debian's
# libmodbus-dev and gcc. Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f /usr/include/modbus/modbus.h ]; then
    echo "needs libmodbus-dev: sudo apt-get install libmodbus-dev" >&2
    exit 1
fi
out=.build/benchmarks
mkdir -p "$out"
gcc -O2 -o "$out/libmodbus-server" Benchmarks/libmodbus/server.c $(pkg-config --cflags --libs libmodbus)
gcc -O2 -o "$out/libmodbus-client" Benchmarks/libmodbus/client.c $(pkg-config --cflags --libs libmodbus)
swift build -c release --static-swift-stdlib --disable-default-traits --product ModbusClientBenchmark >/dev/null
port=${PORT:-15020}
count=${COUNT:-10000}
"$out/libmodbus-server" "$port" > /dev/null &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
echo "$count reads of 125 holding registers per round, libmodbus $(pkg-config --modversion libmodbus) server on 127.0.0.1:$port"
# Load on this machine varies from minute to minute, so the clients alternate in short rounds,
# and the median of the rounds' ratios is the figure.
rounds=${ROUNDS:-7}
plan=${PLAN:-8}
ratios_one=(); ratios_plan=()
for round in $(seq 1 "$rounds"); do
    theirs=$("$out/libmodbus-client" "$port" "$count")
    one=$(.build/release/ModbusClientBenchmark "$port" "$count")
    planned=$(MODE=plan PLAN=$plan .build/release/ModbusClientBenchmark "$port" "$count")
    ratio() { awk -v a="$1" -v b="$theirs" 'BEGIN { printf "%.3f", a / b }'; }
    ratios_one+=("$(ratio "$one")"); ratios_plan+=("$(ratio "$planned")")
    echo "round $round: libmodbus $theirs req/s; ModbusClient from the global executor: $one one request a call ($(ratio "$one")), $planned in read plans of $plan ($(ratio "$planned"))"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "median ratio: $(median "${ratios_one[@]}") one request a call, $(median "${ratios_plan[@]}") in read plans of $plan (the poller's way)"

# Modbus RTU over a pseudo-terminal pair (Debian's socat), libmodbus's RTU server on one end. A
# pty has no line speed, so this times the software; each client waits out whatever silences
# it keeps between frames (Listor keeps the 3.5 characters the specification asks for: 1.75 ms
# at 115200 baud).
if command -v socat >/dev/null; then
    dir=$(mktemp -d)
    socat pty,raw,echo=0,link="$dir/client" pty,raw,echo=0,link="$dir/device" &
    socat_pid=$!
    trap 'kill $server $socat_pid 2>/dev/null; rm -rf "$dir"' EXIT
    for _ in $(seq 1 50); do [ -e "$dir/device" ] && break; sleep 0.1; done
    "$out/libmodbus-server" "$dir/device" > /dev/null &
    rtu_server=$!
    trap 'kill $server $socat_pid $rtu_server 2>/dev/null; rm -rf "$dir"' EXIT
    rtu_count=${RTU_COUNT:-2000}
    echo "$rtu_count RTU reads of 125 holding registers per round, libmodbus RTU server on a pty pair"
    ratios_rtu=(); ratios_gapless=()
    for round in $(seq 1 "$rounds"); do
        theirs=$("$out/libmodbus-client" "$dir/client" "$rtu_count")
        planned=$(MODE=plan PLAN=$plan .build/release/ModbusClientBenchmark "$dir/client" "$rtu_count")
        gapless=$(MODE=plan PLAN=$plan FRAME_GAP=0 .build/release/ModbusClientBenchmark "$dir/client" "$rtu_count")
        ratio() { awk -v a="$1" -v b="$theirs" 'BEGIN { printf "%.3f", a / b }'; }
        ratios_rtu+=("$(ratio "$planned")"); ratios_gapless+=("$(ratio "$gapless")")
        echo "round $round: libmodbus RTU $theirs req/s (no silence kept); ModbusClient RTU in read plans of $plan: $planned keeping 1.75 ms ($(ratio "$planned")), $gapless keeping none ($(ratio "$gapless"))"
    done
    echo "median RTU ratio: $(median "${ratios_rtu[@]}") keeping the specification's silence, $(median "${ratios_gapless[@]}") keeping none as libmodbus"
else
    echo "skipping RTU: needs Debian's socat"
fi
