#!/usr/bin/env bash
# Guides, tables and what-ifs on the ward fleet (Benchmarks/fixtures/ward-*.yaml, ward5-*.yaml, ward-night.yaml) and
# the emergency department's (ed-*.yaml: three vendors, five apps, five workers over 24 hours), old
# binary and new side by side in one run: per command, wall seconds, peak RSS, bytes written and exit status. The
# figures of docs/performance.md ("Guides and what-ifs on a real fleet") come from this script.
#
#   Benchmarks/what-if-guide.sh OLD_BINARY [NEW_BINARY]     # NEW_BINARY: .build/release/ssopolicy (built here)
#   TIMEOUT=300 Benchmarks/what-if-guide.sh OLD_BINARY      # seconds before a command is stopped (default 120)
#
# Each command runs once per binary, in the fixtures folder (so the guides name the files as a user types them).
# A command stopped by the timeout shows "> N s" and no size. Needs GNU time (/usr/bin/time) and timeout.
set -euo pipefail
cd "$(dirname "$0")/.."

source Benchmarks/two-binaries.sh "Benchmarks/what-if-guide.sh OLD_BINARY [NEW_BINARY]" "$@"
limit="${TIMEOUT:-120}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd Benchmarks/fixtures

# measure BINARY ARGS...: "seconds s, RSS MiB, bytes, exit status" of one run, its standard output counted.
measure() {
    local binary="$1"; shift
    local status=0
    /usr/bin/time -f "%e %M" -o "$work/time" timeout "$limit" "$binary" "$@" >"$work/out" 2>"$work/err" || status=$?
    read -r seconds kilobytes < <(tail -n 1 "$work/time")
    if [[ "$status" == 124 ]]; then
        printf '> %s s | %s MiB | — | stopped' "$limit" "$((kilobytes / 1024))"
    else
        printf '%s s | %s MiB | %s | %s' "$seconds" "$((kilobytes / 1024))" "$(wc -c <"$work/out" | tr -d ' ')" "$status"
    fi
}

row() {
    printf '| `ssopolicy %s` | %s | %s |\n' "$*" "$(measure "$old" "$@")" "$(measure "$new" "$@")"
}

echo "== ssopolicy guides and what-ifs on the ward fleet ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores)"
echo "old: $old"
echo "new: $new"
echo
echo "| command | old: time | RSS | bytes | exit | new: time | RSS | bytes | exit |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
ward=(ward-entra.yaml ward-airwatch.yaml ward-imprivata.yaml)
ward5=(ward5-entra.yaml ward5-airwatch.yaml ward5-imprivata.yaml)
row guide "${ward[@]}" --scenario ward-night.yaml
row guide "${ward[@]}" --scenario ward-night.yaml --format html
row guide "${ward5[@]}" --scenario ward-night.yaml
row guide "${ward5[@]}" --scenario ward-night.yaml --format html
row guide ed-entra.yaml ed-airwatch.yaml ed-imprivata.yaml --scenario ed-24h.yaml --format html
row guide hospital-imprivata --scenario nursing-shift-change --format html
row guide frontline-entra --scenario shift-change --format html
row guide frontline-airwatch --scenario shift-change --format html
row matrix ward-imprivata.yaml
for policy in "${ward[@]}" "${ward5[@]}"; do
    row evaluate "$policy" --app ehr --user bob
done
