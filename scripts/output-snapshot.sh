#!/usr/bin/env bash
# Snapshots what one binary prints for every bundled policy, scenario, fleet and suite and for Benchmarks/fixtures,
# so that a refactoring can be shown byte-identical: run it with the binary before and the binary after, then
# `diff -r OUTDIR-before OUTDIR-after` (no output: nothing changed).
#
#   scripts/output-snapshot.sh BINARY OUTDIR
#   scripts/output-snapshot.sh /tmp/ssopolicy-before /tmp/snap-before
#
# Covers run (JSON and --explain text), compare, evaluate (JSON, every fact unknown, and --explain), evaluate --batch,
# matrix, guide (Markdown, the bundled library's and each policy's; one in HTML), providers, sources, schema, verify
# --format json, test (the suites, JSON) and replay (a generated log, JSON, with and without a policy). Each output
# file also records the exit status.
# Needs python3 (the replay log and the batch lines come from the generators under Benchmarks/, fixed seeds).
set -uo pipefail
cd "$(dirname "$0")/.."

bin="${1:?usage: scripts/output-snapshot.sh BINARY OUTDIR}"
out="${2:?usage: scripts/output-snapshot.sh BINARY OUTDIR}"
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# snap NAME ARGS...: the output of one command (standard output, then standard error, then the exit status).
snap() {
    local name="$1"
    shift
    {
        "$bin" "$@" 2>"$work/err"
        echo "== exit $?"
        cat "$work/err"
    } >"$out/$name" 2>&1
}

policies=()
for file in Policies/airwatch/*.yaml Policies/entra/*.yaml Policies/imprivata/*.yaml; do
    policies+=("$(basename "$file" .yaml)")
done
fixtures=(Benchmarks/fixtures/*.yaml)
scenarios=()
for file in Policies/scenarios/*.yaml; do scenarios+=("$(basename "$file" .yaml)"); done

# The apps of a policy, as `show` prints them.
apps_of() { "$bin" show "$1" 2>/dev/null | awk '/^apps:/ { inside = 1; next } /^[a-z]/ { inside = 0 } inside && $1 == "-" && $2 == "id:" { print $3 }'; }

for policy in "${policies[@]}" "${fixtures[@]}"; do
    key="$(basename "$policy" .yaml)"
    for scenario in "${scenarios[@]}"; do
        snap "run-$key-$scenario.json" run --scenario "$scenario" "$policy" --format json
        snap "run-$key-$scenario.explain.txt" run --scenario "$scenario" "$policy" --explain
    done
    snap "matrix-$key.json" matrix "$policy" --all --format json
    snap "guide-$key.md" guide "$policy" --format markdown
    snap "verify-$key.json" verify "$policy" --users 2 --depth 5 --format json
    for app in $(apps_of "$policy"); do
        snap "evaluate-$key-$app.json" evaluate "$policy" --app "$app" --user bob --format json
        snap "evaluate-$key-$app.explain.txt" evaluate "$policy" --app "$app" --user alice --explain
    done
done

for scenario in "${scenarios[@]}"; do
    snap "compare-$scenario.json" compare --scenario "$scenario" "${policies[@]}" --format json
    snap "compare-$scenario.explain.txt" compare --scenario "$scenario" "${policies[@]}" --explain
done
for fleet in Policies/fleets/*.yaml; do
    key="$(basename "$fleet" .yaml)"
    snap "compare-fleet-$key.json" compare --scenario shift-change "$fleet" --format json
done

snap "guide-library.md" guide --format markdown
snap "guide-frontline-entra.html" guide frontline-entra --format html
for format in text json markdown; do snap "providers.$format" providers --format "$format"; done
for provider in airwatch-sdk entra-shared-device imprivata-mam apple-shared-ipad; do
    snap "providers-$provider.txt" providers "$provider"
done
snap "sources.txt" sources
snap "schema.json" schema
snap "matrix-default.txt" matrix warehouse-airwatch
snap "test-suites.json" test Policies/suites --format json --coverage

python3 Benchmarks/batch-lines.py 3000 --distinct >"$work/lines.jsonl"
snap "evaluate-batch.jsonl" evaluate warehouse-airwatch --app timesheet --user bob --batch "$work/lines.jsonl"

# Replay names its input files in its output: they are read by relative names from the scratch folder.
python3 Benchmarks/signin-log.py --rows 20000 --days 3 --format csv --out "$work/signins.csv" \
    --custody "$work/custody.csv" >/dev/null
(
    cd "$work" || exit 1
    snap "replay.json" replay --signins signins.csv --custody custody.csv --format json --no-progress
    snap "replay-policy.json" replay --signins signins.csv --custody custody.csv --policy frontline-entra \
        --format json --no-progress
)
echo "$(find "$out" -type f | wc -l) outputs in $out"
