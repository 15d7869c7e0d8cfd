#!/usr/bin/env python3
"""What-ifs with nothing known, old binary and new side by side in one run.

For every bundled policy and every policy file under Benchmarks/fixtures, and every app of it, runs
`evaluate POLICY --app APP --user bob` (every fact unknown) with each binary, interleaved, and prints per binary the
median wall time of the process over the runs, its peak resident memory, and the answers' outcome count (which must
agree). The new binary's in-process latency (`bench --workload what-if`, the p50 of one what-if) follows: a process
also pays for its start and for loading the bundled library, which no server or guide pays per question.

    Benchmarks/whatif.py OLD_BINARY NEW_BINARY [--runs 5] [--timeout 60]

Needs GNU time (/usr/bin/time). Targets (issue "Real fleets"): median <= 1 ms in-process, <= 60 MB resident.
"""
import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def policies_and_apps():
    """(path, [apps]) for every bundled policy (Policies/) and every fixture policy (Benchmarks/fixtures/)."""
    found = []
    paths = sorted(glob.glob(os.path.join(ROOT, "Policies", "*", "*.yaml")))
    paths += sorted(glob.glob(os.path.join(ROOT, "Benchmarks", "fixtures", "*.yaml")))
    for path in paths:
        text = open(path).read()
        # A policy names its provider; a suite also has a `policy:` key, but no provider.
        if re.search(r"^policy:", text, re.M) and re.search(r"^provider:", text, re.M):
            found.append((path, re.findall(r"^\s*- id: ([A-Za-z0-9_.-]+)", text, re.M)))
    return found


def run(binary, policy, app, timeout):
    with tempfile.NamedTemporaryFile() as timing:
        try:
            completed = subprocess.run(
                ["/usr/bin/time", "-f", "%e %M", "-o", timing.name, binary, "evaluate", policy, "--app", app,
                 "--user", "bob", "--format", "json"], capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        seconds, kilobytes = open(timing.name).read().split()[-2:]
        outcomes = None
        if completed.returncode == 0:
            outcomes = len(json.loads(completed.stdout).get("answers", []))
        return float(seconds), int(kilobytes) // 1024, outcomes


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=60)
    arguments = parser.parse_args()
    print(f"{'policy':<28} {'app':<14} {'old s':>7} {'old MiB':>8} {'new s':>7} {'new MiB':>8} {'answers':>8}")
    for policy, apps in policies_and_apps():
        for app in apps:
            samples = {"old": [], "new": []}
            for _ in range(arguments.runs):
                for label in ("old", "new"):
                    samples[label].append(run(getattr(arguments, label), policy, app, arguments.timeout))
            cells = []
            answers = set()
            for label in ("old", "new"):
                done = [sample for sample in samples[label] if sample]
                if not done:
                    cells += ["timeout", "-"]
                    continue
                cells += [f"{statistics.median(s[0] for s in done):.2f}", str(max(s[1] for s in done))]
                answers |= {s[2] for s in done}
            agreed = "/".join(str(a) for a in sorted(answers, key=str))
            print(f"{os.path.basename(policy):<28} {app:<14} {cells[0]:>7} {cells[1]:>8} {cells[2]:>7} {cells[3]:>8} "
                  f"{agreed:>8}")
            sys.stdout.flush()
    print("\nin-process (bench --workload what-if: the p50 of one what-if, over the policy's apps), old and new in turn:")
    names = [policy for policy, _ in policies_and_apps()]
    p50 = {}
    for label in ("old", "new"):
        completed = subprocess.run(
            [getattr(arguments, label), "bench", *names, "--workload", "what-if", "--seconds", "0.5", "--format",
             "json"], capture_output=True, text=True, check=False)
        for result in json.loads(completed.stdout)["results"] if completed.returncode == 0 else []:
            p50.setdefault(result["policy"], {})[label] = result["p50_ns"] / 1e6
    print(f"{'policy':<28} {'old ms':>8} {'new ms':>8}")
    for policy, times in p50.items():
        cells = [f"{times[label]:.3f}" if label in times else "-" for label in ("old", "new")]
        print(f"{policy:<28} {cells[0]:>8} {cells[1]:>8}")
    news = sorted(times["new"] for times in p50.values() if "new" in times)
    if news:
        print(f"{'median over policies':<28} {'':>8} {statistics.median(news):>8.3f}")


if __name__ == "__main__":
    main()
