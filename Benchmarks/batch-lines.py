#!/usr/bin/env python3
"""Writes N batch lines (JSON objects of airwatch-sdk facts) for `evaluate --batch` throughput runs.

Deterministic (fixed seed). Each line gives every fact (so each answer has one outcome), with values drawn from the
facts' domains and a few user names, so lines repeat the way a fleet's real states do.
Usage: Benchmarks/batch-lines.py 1000000 > /tmp/lines.jsonl
"""
import json
import random
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
rng = random.Random(7)
users = ["none", "alice", "bob", "carol", "dave"]
out = sys.stdout
for _ in range(count):
    line = {
        "passcode_set": rng.choice([True, False]),
        "session_live": rng.choice(["true", "false"]),
        "silent_login": rng.choice(["succeeds", "fails"]),
        "initial_check_done": rng.choice([True, False]),
        "session_user": rng.choice(users),
        "checked_out_user": rng.choice(users),
    }
    out.write(json.dumps(line) + "\n")
