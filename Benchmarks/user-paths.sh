#!/usr/bin/env bash
# The user paths of docs/performance.md, old binaries and the new one side by side in one run (hyperfine alternates
# its runs per command, but every binary runs each command before the next command): batch (`evaluate --batch` of 100 000
# distinct attempts), run, compare, evaluate (a what-if), verify and a guide with hyperfine; the server by the CPU
# time its process spends answering a fixed number of requests (Benchmarks/server-cpu.py). Prints a Markdown table
# row per path: mean CPU time (user + system, steadier than wall time on a shared machine) and mean wall time.
#
#   Benchmarks/user-paths.sh OLD_BINARY... NEW_BINARY
#   Benchmarks/user-paths.sh /tmp/ssopolicy-e0929a0 /tmp/ssopolicy-f4e0440 .build/release/ssopolicy
#
# Build an old binary in its own worktree: `git worktree add /tmp/base-e0929a0 e0929a0`, then there
# `swift build -c release --product ssopolicy`. RUNS (default 5) sets hyperfine's runs; LINES (default 100000) the
# batch size; REQUESTS (default 2000) the server's.
# Needs: hyperfine (Debian: apt-get install hyperfine), python3.
set -euo pipefail
cd "$(dirname "$0")/.."
(($# >= 2)) || { echo "usage: Benchmarks/user-paths.sh OLD_BINARY... NEW_BINARY" >&2; exit 2; }
runs="${RUNS:-5}"
lines="${LINES:-100000}"
requests="${REQUESTS:-2000}"
given=("$@")
binaries=()
for binary in "$@"; do binaries+=("$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"); done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/batch-lines.py "$lines" --distinct >"$work/lines.jsonl"

# side_by_side LABEL ARGS...: one hyperfine run over every binary with the same arguments (exit status ignored:
# verify exits 1 when a property is broken); prints one row: the mean CPU time (user + system) of each binary, its
# mean wall time in parentheses, and the last binary against the first.
side_by_side() {
    local label="$1"
    shift
    local arguments=() index=0
    for binary in "${binaries[@]}"; do
        arguments+=(-n "${given[$index]}" "$binary $*")
        index=$((index + 1))
    done
    hyperfine --style none -N -i --warmup 1 --runs "$runs" --export-json "$work/run.json" "${arguments[@]}" \
        >/dev/null 2>&1
    python3 - "$label" "$*" "$work/run.json" <<'PY'
import json, sys
label, arguments, path = sys.argv[1], sys.argv[2], sys.argv[3]
results = json.load(open(path))["results"]
cpu = [r["user"] + r["system"] for r in results]
cells = [f"{c:.2f} s ({r['mean']:.2f} s)" for c, r in zip(cpu, results)]
print(f"| {label} | " + " | ".join(cells) + f" | {(cpu[-1] / cpu[0] - 1) * 100:+.0f} % |")
PY
}

echo "## ssopolicy user paths, side by side ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), $runs runs)"
echo
echo "Mean CPU time (user + system) per command, mean wall time in parentheses; the change is the last binary's CPU"
echo "time against the first's."
echo
echo "| path | $(IFS='|'; echo "${given[*]}" | sed 's/|/ | /g') | change |"
echo "|---|$(printf -- '---:|%.0s' "${given[@]}")---:|"
side_by_side "batch: \`evaluate --batch\` of $lines distinct attempts" \
    evaluate warehouse-airwatch --app timesheet --user bob --batch "$work/lines.jsonl"
side_by_side "\`run --scenario shift-change frontline-airwatch --format json --explain\`" \
    run --scenario shift-change frontline-airwatch --format json --explain
side_by_side "\`compare --scenario shift-change\` (4 policies, JSON)" \
    compare --scenario shift-change warehouse-airwatch frontline-airwatch frontline-entra hospital-imprivata \
    --format json
side_by_side "\`evaluate hospital-imprivata --app inventory\` (nothing known)" \
    evaluate hospital-imprivata --app inventory --user alice --format json
side_by_side "\`verify warehouse-airwatch --users 2 --depth 8\`" \
    verify warehouse-airwatch --users 2 --depth 8 --format json
side_by_side "\`guide frontline-entra --format html\`" guide frontline-entra --format html
echo
echo "### server: CPU time of the server process for $requests requests of each kind"
echo
python3 Benchmarks/server-cpu.py "$requests" "${given[@]}"
