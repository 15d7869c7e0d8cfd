#!/usr/bin/env bash
# The fleet benchmark: a fleet written as a user would (five apps, iPhones and Android handhelds, three vendor setups,
# unsure keys left out; Benchmarks/fixtures/ed-fleet.yaml) checked, compared and decided on a 24-hour scenario
# (fixtures/ed-fleet-24h.yaml), each as one process; prints each command's wall-clock seconds and peak memory, and fails
# when the three together take 1 s or more.
#
#   Benchmarks/fleet.sh                  # the release binary (built here)
#   BIN=.build/debug/ssopolicy Benchmarks/fleet.sh
#
# Needs: GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z "${BIN:-}" ]]; then
    swift build -c release --product ssopolicy >/dev/null 2>&1
    BIN=.build/release/ssopolicy
fi
fleet=Benchmarks/fixtures/ed-fleet.yaml
scenario=Benchmarks/fixtures/ed-fleet-24h.yaml
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

total=0
for command in "check $fleet $scenario" "compare --scenario $scenario $fleet" "decide $fleet --scenario $scenario"; do
    # shellcheck disable=SC2086
    /usr/bin/time -f "%e %M" -o "$work/time" "$BIN" $command >"$work/out" 2>"$work/err"
    read -r seconds kilobytes <"$work/time"
    printf '%-50s %6.2f s %8d KiB\n' "${command%% *}" "$seconds" "$kilobytes"
    total=$(awk -v a="$total" -v b="$seconds" 'BEGIN { print a + b }')
done
printf '%-50s %6.2f s\n' "check + compare + decide" "$total"
awk -v t="$total" 'BEGIN { exit (t < 1.0 ? 0 : 1) }' || { echo "over 1 s" >&2; exit 1; }
