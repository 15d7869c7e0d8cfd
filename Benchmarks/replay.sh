#!/usr/bin/env bash
# The replay benchmark: a generated month of a fleet's sign-ins (Benchmarks/signin-log.py), replayed by the release
# binary against its custody timeline (the log-only verdicts); prints rows/s and peak memory.
#
#   Benchmarks/replay.sh                      # 10 million rows, Log Analytics CSV (the pre-filter's columns)
#   ROWS=2000000 FORMAT=jsonl Benchmarks/replay.sh
#
# Needs: a release build (made here), python3, GNU time (/usr/bin/time). The generated files stay in $WORK
# (default /tmp/ssopolicy-replay-bench) and are reused while they exist.
set -euo pipefail
cd "$(dirname "$0")/.."

rows="${ROWS:-10000000}"
format="${FORMAT:-csv}"
work="${WORK:-/tmp/ssopolicy-replay-bench}"
mkdir -p "$work"
log="$work/signins-$rows.$format"
custody="$work/custody-$rows-$format.csv"

swift build -c release --product ssopolicy >/dev/null 2>&1
bin=.build/release/ssopolicy

if [[ ! -s "$log" || ! -s "$custody" ]]; then
    python3 Benchmarks/signin-log.py --rows "$rows" --format "$format" --out "$log" --custody "$custody"
fi
count=$(wc -l <"$log")
if [[ "$format" == csv ]]; then count=$((count - 1)); fi
bytes=$(wc -c <"$log")

/usr/bin/time -f "%e %U %S %M" -o "$work/time" "$bin" replay --signins "$log" --custody "$custody" --no-progress \
    >"$work/out" 2>"$work/err" || true
read -r seconds user system kilobytes < <(tail -n 1 "$work/time")
head -n 5 "$work/out"
echo "== replay: $count rows ($((bytes / 1048576)) MiB, $format), $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg)"
# CPU time (user + system) is the one-core figure; wall time also counts the time other processes took the core.
awk -v rows="$count" -v s="$seconds" -v u="$user" -v y="$system" -v kb="$kilobytes" 'BEGIN {
    printf "   %.2f s wall, %.2f s CPU (%.2f user + %.2f system)\n", s, u + y, u, y
    printf "   %.0f rows/s per CPU second, %.0f rows/s wall, peak RSS %.0f MiB\n", rows / (u + y), rows / s, kb / 1024 }'
