#!/usr/bin/env bash
# The share of an attempt's CPU time spent in the provider's own code, as opposed to the harness around it (the
# attempt driver, copying the inputs, the checksum). Multiplied by `attempt-cpu.sh`'s CPU-ns per attempt it gives
# the provider's own time, which compares providers across harness changes. A `perf record -g` sample counts for
# the provider when, walking from the sampled function towards `measureAttempts`, a function of a provider module
# comes first (a runtime or kit function the provider calls counts for the provider).
# The share moves with the machine's state (on a shared VM one binary's went from 0.76 to 0.69 in a disturbed
# period): compare binaries in alternating runs, never against a figure taken at another time.
#
#   Benchmarks/provider-share.sh BINARY POLICY
#   Benchmarks/provider-share.sh .build/release/ssopolicy warehouse-airwatch
#
# Needs: perf (Debian: apt-get install linux-perf), python3.
set -euo pipefail
if [[ $# -ne 2 ]]; then
    echo "usage: $0 BINARY POLICY" >&2
    exit 1
fi
binary="$1"; policy="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# bench's own errors (an unknown policy) reach the terminal; its measurements do not.
perf record -q -g -o "$work/perf.data" "$binary" bench "$policy" --seconds 3 >/dev/null
perf script -i "$work/perf.data" 2>/dev/null | python3 -c '
import sys
samples, current = [], []
for line in sys.stdin:
    if not line.strip():
        if current: samples.append(current)
        current = []
    elif line[0] in " \t":
        parts = line.split()
        if len(parts) >= 2: current.append(parts[1])
if current: samples.append(current)
modules = ("AirWatchSDKProvider", "EntraSharedDevice", "ImprivataMAM")
def in_provider(stack):
    for frame in stack:
        if "measureAttempts" in frame: return False
        if any(module in frame for module in modules): return True
    return False
attempts = [stack for stack in samples if any("measureAttempts" in frame for frame in stack)]
if not attempts:
    sys.exit("error: no samples of the attempt benchmark (was the binary built with -c release, with symbols?)")
share = sum(in_provider(stack) for stack in attempts) / len(attempts)
print(f"{share:.3f} of {len(attempts)} attempt samples in the provider")
' 
