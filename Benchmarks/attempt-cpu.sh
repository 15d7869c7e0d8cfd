#!/usr/bin/env bash
# CPU time per access attempt of one or more ssopolicy binaries, interleaved, the minimum over rounds: on a shared VM
# the throughput of one binary varies as much as the gap between binaries, and the minimum CPU time is the steadiest
# figure. CPU time comes from `perf stat -e task-clock` over `bench POLICY --format json`, half of it charged to the
# attempt workload (bench gives each of its two workloads the same time).
#
#   Benchmarks/attempt-cpu.sh ROUNDS POLICY BINARY...
#   Benchmarks/attempt-cpu.sh 5 frontline-entra old/ssopolicy .build/release/ssopolicy
#
# Needs: perf (Debian: apt-get install linux-perf), python3.
set -euo pipefail
rounds="$1"; policy="$2"; shift 2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
declare -A best
for _ in $(seq "$rounds"); do
    for binary in "$@"; do
        perf stat -x, -e task-clock -o "$work/stat" "$binary" bench "$policy" --seconds 0.4 --format json \
            >"$work/json" 2>/dev/null
        ns="$(python3 - "$work/stat" "$work/json" <<'PY'
import json, sys
milliseconds = next(float(line.split(",")[0]) for line in open(sys.argv[1]) if "task-clock" in line)
results = {r["workload"]: r for r in json.load(open(sys.argv[2]))["results"]}
print(round(milliseconds * 1e6 / 2 / results["attempt"]["operations"]))
PY
)"
        if [[ -z "${best[$binary]:-}" || "$ns" -lt "${best[$binary]}" ]]; then best[$binary]="$ns"; fi
    done
done
for binary in "$@"; do printf '%-28s %-50s %6s CPU-ns per attempt (min of %s)\n' "$policy" "$binary" "${best[$binary]}" "$rounds"; done
