#!/usr/bin/env bash
# The advise benchmark (docs/advise.md, docs/performance.md): `advise` on every bundled policy with its shift-change
# scenario (Shared iPad's with its locked handover, or the counter or ward handover its apps are named in), on the bundled fleets and on a five-app fleet with three setups (fixtures/ed-fleet.yaml on fixtures/ed-fleet-24h.yaml), each
# measured with hyperfine (median of the runs), side by side with the brute force (`--exhaustive`: every set of
# changes up to the bound, minimal ones kept). Fails when a median reaches 1 s or when the brute force finds other
# minimal sets than the search.
#
#   Benchmarks/advise.sh                  # the release binary (built here)
#   BIN=.build/debug/ssopolicy RUNS=3 Benchmarks/advise.sh
#   BEFORE=/path/to/an/older/ssopolicy Benchmarks/advise.sh   # adds its median, side by side
#
# Needs: hyperfine, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z "${BIN:-}" ]]; then
    swift build -c release --product ssopolicy >/dev/null 2>&1
    BIN=.build/release/ssopolicy
fi
runs=${RUNS:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Each policy on the scenario its title's shift change is shown with.
cases=(
    "frontline-airwatch shift-change" "warehouse-airwatch shift-change" "sso-requirements-missing shift-change"
    "two-clusters-shift shift-change" "retail-password-no-sso shift-change" "kiosk-no-authentication shift-change"
    "frontline-entra shift-change" "android-frontline-entra shift-change" "default-mode-entra shift-change"
    "misconfigured-entra shift-change" "legacy-app-entra shift-change" "non-compliant-apps-entra shift-change"
    "hospital-imprivata nursing-shift-change" "weak-logout-imprivata nursing-shift-change"
    "microsoft-sdm-imprivata nursing-shift-change" "weak-logout-imprivata forgotten-check-in"
    "android-mhs-entra shift-change"
    "counter-guest-apple counter-customers" "device-ca-apple locked-handover" "long-grace-apple locked-handover"
    "no-timeout-apple locked-handover" "nursing-cart-apple locked-handover" "store-counter-ipad counter-guests"
    "ward3-shared-ipad ward3-0700-handover"
    "ward-fleet ward-handover" "warehouse-fleet day-shift-handover" "retail-fleet counter-customers"
    "Benchmarks/fixtures/ed-fleet.yaml Benchmarks/fixtures/ed-fleet-24h.yaml"
)
status=0
printf '%-45s %10s %10s %10s  %s\n' "advise" "before" "median" "brute" "same sets"
for case in "${cases[@]}"; do
    read -r subject scenario <<<"$case"
    "$BIN" advise "$subject" --scenario "$scenario" --format json >"$work/search.json"
    "$BIN" advise "$subject" --scenario "$scenario" --format json --exhaustive >"$work/brute.json"
    same=$(python3 - "$work/search.json" "$work/brute.json" <<'PY'
import json, sys
def sets(path):
    answer = json.load(open(path))
    parts = answer.get("setups", [answer])
    return sorted(
        (part.get("setup", ""), sorted(json.dumps(change, sort_keys=True) for change in suggestion["changes"]))
        for part in parts for suggestion in part["suggestions"])
print("yes" if sets(sys.argv[1]) == sets(sys.argv[2]) else "NO")
PY
)
    hyperfine --runs "$runs" --warmup 1 --export-json "$work/search-time.json" --style none \
        "$BIN advise $subject --scenario $scenario --format json" >/dev/null 2>&1
    hyperfine --runs "$(( runs < 3 ? runs : 3 ))" --export-json "$work/brute-time.json" --style none \
        "$BIN advise $subject --scenario $scenario --format json --exhaustive" >/dev/null 2>&1
    before="-"
    if [[ -n "${BEFORE:-}" ]]; then
        hyperfine --runs "$(( runs < 3 ? runs : 3 ))" --export-json "$work/before-time.json" --style none \
            "$BEFORE advise $subject --scenario $scenario --format json" >/dev/null 2>&1
        before=$(python3 -c 'import json,sys; print("%.3f s" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$work/before-time.json")
    fi
    median=$(python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$work/search-time.json")
    brute=$(python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$work/brute-time.json")
    printf '%-45s %10s %8s s %8s s  %s\n' "$(basename "$subject" .yaml)" "$before" "$median" "$brute" "$same"
    [[ "$same" == "yes" ]] || status=1
    awk -v t="$median" 'BEGIN { exit (t < 1.0 ? 0 : 1) }' || { echo "  over 1 s" >&2; status=1; }
done
exit $status
