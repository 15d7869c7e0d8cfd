#!/usr/bin/env bash
# Reproduces the figures of docs/verification.md and docs/performance.md in one run, on a release build, and prints
# one line per row (same order, same commands), so a change can be compared side by side with the numbers before it.
#
#   Benchmarks/run-all.sh            # everything (about 10 minutes after the release build on 2 cores)
#   QUICK=1 Benchmarks/run-all.sh    # shorter runs (smaller batch files, 3 s of wrk), for a first look
#
# Needs: a release build (made here), python3, wrk (Debian: apt-get install wrk), GNU time (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."

quick="${QUICK:-}"
lines=200000; repeated=1000000; wrk_seconds=10
if [[ -n "$quick" ]]; then lines=20000; repeated=100000; wrk_seconds=3; fi

swift build -c release --product ssopolicy >/dev/null
bin=.build/release/ssopolicy
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
server=""

# time_and_memory LABEL COMMAND...: wall seconds and peak RSS of one command (its output discarded).
time_and_memory() {
    local label="$1"; shift
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >"$work/out" 2>"$work/err" || true
    # GNU time puts "Command exited with non-zero status N" first when the command fails (verify exits 1 when
    # a property is violated): the numbers are on the last line.
    read -r seconds kilobytes < <(tail -n 1 "$work/time")
    printf '%-62s %8s s %7s MiB' "$label" "$seconds" "$((kilobytes / 1024))"
}

echo "== ssopolicy scale benchmarks ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, release build)"

echo "-- verify"
time_and_memory "verify warehouse-airwatch --users 3 --depth 8 --exhaustive" \
    "$bin" verify warehouse-airwatch --users 3 --depth 8 --exhaustive --max-memory 8192 --stats
printf '   %s\n' "$(awk '$1 == "warehouse-airwatch" && $2 ~ /^[0-9]+$/ { print $2 " states, " $3 " transitions" }' \
    "$work/out")"
time_and_memory "verify hospital-3-apps --users 3 --depth 8 --exhaustive" \
    "$bin" verify Benchmarks/fixtures/hospital-3-apps.yaml --users 3 --depth 8 --exhaustive --max-memory 8192 --stats
printf '   %s\n' "$(grep -Eo '[0-9][0-9 ,]* states' "$work/out" | head -1)"
# The same two searches without the reductions (no symmetry, one thread): the plain count, for comparison.
time_and_memory "verify warehouse-airwatch ... --no-symmetry --jobs 1" \
    "$bin" verify warehouse-airwatch --users 3 --depth 8 --exhaustive --max-memory 8192 --stats --no-symmetry --jobs 1
printf '   %s\n' "$(grep -Eo '[0-9][0-9 ,]* states' "$work/out" | head -1)"
if [[ -z "$quick" ]]; then
    time_and_memory "verify hospital-3-apps ... --no-symmetry --jobs 1" \
        "$bin" verify Benchmarks/fixtures/hospital-3-apps.yaml --users 3 --depth 8 --exhaustive --max-memory 8192 \
        --stats --no-symmetry --jobs 1
    printf '   %s\n' "$(grep -Eo '[0-9][0-9 ,]* states' "$work/out" | head -1)"
fi
# Partial-order reduction (opt-in): the same states as the first row, fewer transitions.
time_and_memory "verify warehouse-airwatch ... --partial-order" \
    "$bin" verify warehouse-airwatch --users 3 --depth 8 --exhaustive --max-memory 8192 --stats --partial-order
printf '   %s\n' "$(awk '$1 == "warehouse-airwatch" && $2 ~ /^[0-9]+$/ { print $2 " states, " $3 " transitions" }' \
    "$work/out")"
# Bitstate: fixed memory (64 MiB of bits), a partial search.
time_and_memory "verify hospital-3-apps ... --bitstate 64" \
    "$bin" verify Benchmarks/fixtures/hospital-3-apps.yaml --users 3 --depth 8 --exhaustive --stats --bitstate 64
printf '   %s\n' "$(grep -Eo '[0-9][0-9 ,]* states' "$work/out" | head -1)"

echo "-- evaluate --batch"
python3 Benchmarks/batch-lines.py "$lines" --distinct >"$work/distinct.jsonl"
python3 Benchmarks/batch-lines.py "$repeated" >"$work/repeated.jsonl"
time_and_memory "batch, $lines lines whose users differ" \
    "$bin" evaluate warehouse-airwatch --app timesheet --user bob --batch "$work/distinct.jsonl"
tail -n 1 "$work/time" | awk -v n="$lines" '{ printf "   %.0f lines/s\n", n / $1 }'
time_and_memory "batch, $repeated repeating lines (bundled generator)" \
    "$bin" evaluate warehouse-airwatch --app timesheet --user bob --batch "$work/repeated.jsonl"
tail -n 1 "$work/time" | awk -v n="$repeated" '{ printf "   %.0f lines/s\n", n / $1 }'

echo "-- serve (wrk -t2 -c16 -d${wrk_seconds}s)"
"$bin" serve --port 0 >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "listening on" "$work/serve.log" && break; sleep 0.1; done
base="$(grep -o 'http://[^ ]*' "$work/serve.log" | head -1)"
for row in "compare:POST /v1/compare bundled shift change" \
    "evaluate-entra-one-fact:POST /v1/evaluate one known fact (Entra)" \
    "evaluate-airwatch-nothing-known:POST /v1/evaluate nothing known (AirWatch)"; do
    name="${row%%:*}"; label="${row#*:}"
    path="/v1/${name%%-*}"
    BODY="Benchmarks/wrk/$name.json" wrk -t2 -c16 -d"${wrk_seconds}s" --latency -s Benchmarks/wrk/post.lua \
        "$base${path#/}" >"$work/wrk" 2>&1 || true
    rps="$(awk '/Requests\/sec/ { print $2 }' "$work/wrk")"
    p99="$(awk '$1 == "99%" { print $2 }' "$work/wrk")"
    non2xx="$(awk '/Non-2xx/ { print $NF }' "$work/wrk")"
    printf '%-62s %10s req/s  p99 %s%s\n' "$label" "$rps" "$p99" "${non2xx:+  non-2xx $non2xx}"
done
# A different user on every request (nothing from the answer cache), one policy per vendor: nothing known and one
# fact known (the same question for each user, answered from its template), and that fact naming a new other user
# every time (a new question, computed each time).
for row in "frontline-entra inventory signed_in" "warehouse-airwatch timesheet session_user" \
    "hospital-imprivata inventory custodian"; do
    read -r policy app fact <<<"$row"
    for facts in '{}' "{\"$fact\":\"alice\"}" "each $fact"; do
        each="" sent="$facts"
        if [[ "$facts" == each* ]]; then each="$fact" sent='{}'; fi
        (cd Benchmarks/wrk && POLICY="$policy" APP="$app" FACTS="$sent" EACH_FACT="$each" \
            wrk -t2 -c16 -d"${wrk_seconds}s" --latency -s evaluate-each-user.lua "${base%/}/v1/evaluate") \
            >"$work/wrk" 2>&1 || true
        rps="$(awk '/Requests\/sec/ { print $2 }' "$work/wrk")"
        p99="$(awk '$1 == "99%" { print $2 }' "$work/wrk")"
        printf '%-62s %10s req/s  p99 %s\n' "POST /v1/evaluate each user, $policy, facts $facts" "$rps" "$p99"
    done
done
kill "$server" 2>/dev/null || true

echo "-- engine (ssopolicy bench, one core)"
"$bin" bench --seconds 1 | sed 's/^/   /'
