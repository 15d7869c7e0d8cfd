#!/usr/bin/env bash
# `POST /v1/evaluate` with a different user on every request (so no answer comes from the server's answer cache),
# one bundled policy per vendor and the ward fixtures (sent inline), with nothing known, with one fact known, with
# that fact naming a different other user on every request too (each the same question of other people), and with
# the policy's YAML changed by a comment on every request (a new question every time: read and computed afresh);
# old binary and new side by side in one run: per binary a server on loopback and `wrk -t2 -c16` with
# Benchmarks/wrk/evaluate-each-user.lua (wrk and the server share the machine). The figures of docs/performance.md
# ("With a different user on every request") come from here.
#
#   Benchmarks/serve-each-user.sh OLD_BINARY [NEW_BINARY]    # NEW_BINARY: .build/release/ssopolicy (built here)
#   SECONDS_PER_RUN=10 Benchmarks/serve-each-user.sh OLD_BINARY
#
# Needs wrk (Debian: apt-get install wrk) and curl.
set -euo pipefail
cd "$(dirname "$0")/.."

source Benchmarks/two-binaries.sh "Benchmarks/serve-each-user.sh OLD_BINARY [NEW_BINARY]" "$@"
seconds="${SECONDS_PER_RUN:-8}"
work="$(mktemp -d)"
server=""
trap '[[ -n "$server" ]] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

# policy (bundled, or a file of Benchmarks/fixtures/ sent inline), app, and the fact known in the second run (as JSON)
cases=(
    "frontline-entra inventory {\"signed_in\":\"alice\"}"
    "warehouse-airwatch timesheet {\"session_user\":\"alice\"}"
    "hospital-imprivata inventory {\"custodian\":\"alice\"}"
    "ward-entra.yaml ehr {\"signed_in\":\"alice\"}"
    "ward-airwatch.yaml ehr {\"session_user\":\"alice\"}"
    "ward-imprivata.yaml ehr {\"custodian\":\"alice\"}"
)

# rate BASE POLICY APP FACTS [EACH_FACT [NEW_QUESTION]]: "requests/s, p99, answer bytes" of one wrk run.
rate() {
    local base="$1" policy="$2" app="$3" facts="$4" each="${5:-}" new_question="${6:-}"
    local bytes file="" document="\"$policy\""
    if [[ -n "$new_question" && "$policy" != *.yaml ]]; then
        file="$work/$policy.yaml"
        "$binary" show "$policy" >"$file"
    elif [[ "$policy" == *.yaml ]]; then
        file="$PWD/Benchmarks/fixtures/$policy"
    fi
    if [[ -n "$file" ]]; then
        document="$(python3 -c 'import json, sys; print(json.dumps({"yaml": open(sys.argv[1]).read(), "file": sys.argv[2]}))' \
            "$file" "$(basename "$file")")"
    fi
    bytes="$(curl -s -X POST -H 'Content-Type: application/json' \
        -d "{\"policy\":$document,\"app\":\"$app\",\"user\":\"first\",\"facts\":$facts}" "${base}v1/evaluate" | wc -c)"
    (cd Benchmarks/wrk && POLICY="$policy" POLICY_FILE="$file" APP="$app" FACTS="$facts" EACH_FACT="$each" \
        NEW_QUESTION="$new_question" \
        wrk -t2 -c16 -d"${seconds}s" --latency -s evaluate-each-user.lua "${base}v1/evaluate") >"$work/wrk" 2>&1 || true
    local non2xx
    non2xx="$(awk '/Non-2xx/ { print $NF }' "$work/wrk")"
    echo "$(awk '/Requests\/sec/ { print $2 }' "$work/wrk") req/s, p99 $(awk '$1 == "99%" { print $2 }' "$work/wrk"), "\
"$bytes bytes${non2xx:+, $non2xx non-2xx}"
}

declare -A results
for label in old new; do
    binary="${!label}"
    "$binary" serve --port 0 >"$work/serve.log" 2>&1 &
    server=$!
    for _ in $(seq 100); do grep -q "listening on" "$work/serve.log" && break; sleep 0.1; done
    base="$(grep -o 'http://[^ ]*' "$work/serve.log" | head -1)"
    base="${base%/}/"
    for entry in "${cases[@]}"; do
        read -r policy app fact <<<"$entry"
        results["$label $policy none"]="$(rate "$base" "$policy" "$app" '{}')"
        results["$label $policy fact"]="$(rate "$base" "$policy" "$app" "$fact")"
        key="$(sed 's/^{"\([^"]*\)".*/\1/' <<<"$fact")"
        results["$label $policy each"]="$(rate "$base" "$policy" "$app" "{\"$key\":\"other\"}" "$key")"
        results["$label $policy new"]="$(rate "$base" "$policy" "$app" '{}' "" 1)"
    done
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
done

echo "== POST /v1/evaluate, a different user per request, wrk -t2 -c16 -d${seconds}s ($(date -u +%FT%RZ), $(nproc) cores)"
echo "old: $old"
echo "new: $new"
echo
echo "| policy (app) | facts | old | new |"
echo "|---|---|---|---|"
for entry in "${cases[@]}"; do
    read -r policy app fact <<<"$entry"
    echo "| $policy ($app) | none | ${results["old $policy none"]} | ${results["new $policy none"]} |"
    echo "| $policy ($app) | \`$fact\` | ${results["old $policy fact"]} | ${results["new $policy fact"]} |"
    echo "| $policy ($app) | a new other user each time | ${results["old $policy each"]} | ${results["new $policy each"]} |"
    echo "| $policy ($app) | none, a new question each time | ${results["old $policy new"]} | ${results["new $policy new"]} |"
done
