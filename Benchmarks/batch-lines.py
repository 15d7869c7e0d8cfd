#!/usr/bin/env python3
"""Writes N batch lines (JSON objects of airwatch-sdk facts) for `evaluate --batch` throughput runs.

Deterministic (fixed seed). Each line gives every fact (so each answer has one outcome), with values drawn from the
facts' domains and a few user names, so lines repeat the way a fleet's real states do.
With --distinct, every line names a different session user (u0, u1, ...), as real fleet logs do, so no two lines
share an answer.
Usage: Benchmarks/batch-lines.py 1000000 [--distinct] > /tmp/lines.jsonl
"""
import json
import random
import sys

arguments = [a for a in sys.argv[1:] if a != "--distinct"]
distinct = "--distinct" in sys.argv[1:]
count = int(arguments[0]) if arguments else 1_000_000
rng = random.Random(7)
users = ["none", "alice", "bob", "carol", "dave"]
out = sys.stdout
for index in range(count):
    line = {
        "passcode_set": rng.choice([True, False]),
        "session_live": rng.choice(["true", "false"]),
        "silent_login": rng.choice(["succeeds", "fails"]),
        "initial_check_done": rng.choice([True, False]),
        "session_user": rng.choice(users),
        "checked_out_user": rng.choice(users),
    }
    if distinct:
        line["session_user"] = "u%d" % index
    out.write(json.dumps(line) + "\n")
