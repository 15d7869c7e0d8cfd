#!/usr/bin/env bash
# Writes the outputs the page renderer, the readers and the output files produce into one folder, so two binaries
# can be compared byte for byte (`diff -r`): the guide (Markdown, HTML, a fragment), replay reports (text, JSON,
# HTML, Markdown, CSV), import outputs, `evaluate --batch` answers and the server's pages and answers.
#
#   scripts/io-output-snapshot.sh BINARY OUTDIR
set -uo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "$1")"
out="$2"
rm -rf "$out"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
run() { # name, then the command's arguments: stdout, stderr and status recorded
    local name="$1"
    shift
    "$bin" "$@" >"$out/$name.out" 2>"$out/$name.err"
    echo "$?" >"$out/$name.status"
}
run guide-md guide
run guide-html guide --format html
run guide-fragment guide --format html --fragment comparison-1
for f in Benchmarks/fixtures/ward-*.yaml; do
    name=$(basename "$f" .yaml)
    run "guide-html-$name" guide --format html "$f"
done
fixtures=Tests/SSOPolicyReplayTests/Fixtures
for format in text json html markdown csv; do
    run "replay-$format" replay --signins "$fixtures/InteractiveSignIns_2026-05-04_2026-05-05.csv" \
        "$fixtures/NonInteractiveSignIns_2026-05-04_2026-05-05.csv" --custody "$fixtures/custody.csv" \
        --format "$format" --no-progress
    run "replay-jsonl-$format" replay --signins "$fixtures/signins.jsonl" --custody "$fixtures/custody.csv" \
        --format "$format" --no-progress
    run "replay-graph-$format" replay --signins "$fixtures/graph-pages.json" --custody "$fixtures/custody.csv" \
        --format "$format" --no-progress
done
run replay-kql replay --emit-kql --custody "$fixtures/custody.csv" --from 2026-05-01 --to 2026-06-01
for f in Tests/SSOPolicyImportTests/Fixtures/exports/*; do
    run "import-$(basename "$f")" import "$f"
done
run import-template-airwatch import --template airwatch-sdk
run import-template-imprivata import --template imprivata-mam
python3 Benchmarks/batch-lines.py 3000 >"$out/batch.jsonl"
printf '{"device_locked": tru}\n{"nope": 1}\n\n[1]\n' >>"$out/batch.jsonl"
for policy in warehouse-airwatch frontline-entra hospital-imprivata; do
    (cd "$out" && run "batch-$policy" evaluate "$policy" --app inventory --user alice --batch batch.jsonl)
done
if command -v curl >/dev/null; then
    port=$((20000 + RANDOM % 20000))
    "$bin" serve --port "$port" >/dev/null 2>&1 &
    server=$!
    for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.2; done
    get() { curl -s -D - "http://127.0.0.1:$port$2" | grep -vi '^date:' >"$out/serve-$1"; }
    post() { curl -s -D - "http://127.0.0.1:$port$2" "${@:3}" | grep -vi '^date:' >"$out/serve-$1"; }
    get page /
    get page-embed '/?embed=1&scenario=shift-change&policies=warehouse-airwatch&policies=frontline-entra'
    get page-compare '/?scenario=shift-change&policies=warehouse-airwatch&policies=frontline-entra'
    get page-timeline '/?scenario=shift-change&policies=warehouse-airwatch&view=timeline'
    get page-matrix '/?scenario=shift-change&policies=warehouse-airwatch&view=matrix'
    post compare /v1/compare -d '{"scenario": "shift-change", "policies": ["warehouse-airwatch", "frontline-entra"]}'
    post evaluate /v1/evaluate -d '{"policy": "frontline-entra", "app": "inventory", "user": "bob", "facts": {"signed_in": "alice"}}'
    post evaluate-bad /v1/evaluate -d '{"policy": "frontline-entra", "app": "inventory", "user": "bob", "facts": {"signed_in": tru}}'
    post evaluate-dup /v1/evaluate -d '{"policy": "frontline-entra", "policy": "x"}'
    post form / -H 'content-type: application/x-www-form-urlencoded' --data 'scenario=shift-change&policies=frontline-entra&policy_yaml=provider%3A+nope'
    kill "$server"
    wait "$server" 2>/dev/null
fi
