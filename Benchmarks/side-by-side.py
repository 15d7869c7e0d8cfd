#!/usr/bin/env python3
"""One command, old binary and new side by side in one run: the minimum CPU time (user + system) of each over
alternating runs, in ms, and the change. CPU time is steadier than wall time on a shared machine.

    Benchmarks/side-by-side.py OLD_BINARY NEW_BINARY RUNS ARGS...
    Benchmarks/side-by-side.py /tmp/ssopolicy-old .build/release/ssopolicy 5 verify frontline-airwatch --users 2 --depth 6

Prints `ARGS | old ms | new ms | change`, a row of docs/performance.md.
"""
import resource, subprocess, sys
old, new, runs, args = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
best = {old: 1e9, new: 1e9}
for _ in range(runs):
    for b in (old, new):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([b] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best[b] = min(best[b], t)
o, n = best[old] * 1000, best[new] * 1000
print(f"{' '.join(args)} | {o:.1f} | {n:.1f} | {(n / o - 1) * 100:+.0f} %")
