#!/usr/bin/env bash
# A bounded load test of `ssopolicy serve` on loopback: wrk POSTs one evaluate request (all facts unknown, so the
# engine enumerates every outcome) for a fixed time. Prints wrk's report with latency percentiles.
#
#   scripts/load-test.sh [release|debug]     (default: release; needs wrk: apt-get install -y wrk)
set -euo pipefail
cd "$(dirname "$0")/.."
configuration="${1:-release}"
port="${PORT:-18089}"
duration="${DURATION:-10s}"

swift build -c "$configuration" --product ssopolicy > /dev/null
binary="$(swift build -c "$configuration" --show-bin-path)/ssopolicy"

"$binary" serve --host 127.0.0.1 --port "$port" > /tmp/ssopolicy-load-server.log 2>&1 &
server=$!
trap 'kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$port/healthz" > /dev/null && break
  sleep 0.1
done

script="$(mktemp --suffix .lua)"
cat > "$script" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"policy": "warehouse-airwatch", "app": "timesheet", "user": "bob"}'
LUA

echo "== wrk -t2 -c16 -d$duration --latency (POST /v1/evaluate, $configuration build)"
wrk -t2 -c16 -d"$duration" --latency -s "$script" "http://127.0.0.1:$port/v1/evaluate"
rm -f "$script"
