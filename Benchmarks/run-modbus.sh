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
swift build -c release --product ModbusClientBenchmark >/dev/null
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
ratios_loop=(); ratios_global=(); ratios_plan=()
for round in $(seq 1 "$rounds"); do
    theirs=$("$out/libmodbus-client" "$port" "$count")
    ours=$(.build/release/ModbusClientBenchmark "$port" "$count")
    global=$(EXECUTOR=global .build/release/ModbusClientBenchmark "$port" "$count")
    planned=$(EXECUTOR=plan PLAN=$plan .build/release/ModbusClientBenchmark "$port" "$count")
    ratio() { awk -v a="$1" -v b="$theirs" 'BEGIN { printf "%.3f", a / b }'; }
    ratios_loop+=("$(ratio "$ours")"); ratios_global+=("$(ratio "$global")"); ratios_plan+=("$(ratio "$planned")")
    echo "round $round: libmodbus $theirs req/s; ModbusClient $ours on its own loop ($(ratio "$ours")), $global one at a time from the global executor ($(ratio "$global")), $planned in read plans of $plan from the global executor ($(ratio "$planned"))"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "median ratio: $(median "${ratios_loop[@]}") on the client's loop, $(median "${ratios_global[@]}") one at a time from the global executor, $(median "${ratios_plan[@]}") in read plans of $plan from the global executor (the poller's way)"
