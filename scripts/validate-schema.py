#!/usr/bin/env python3
"""Validates every YAML file below a folder against the generated JSON Schema with the reference jsonschema
implementation (an independent check of `ssopolicy schema`; the Swift tests use their own validator)."""
import json, sys, glob, yaml
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1]))
Draft202012Validator.check_schema(schema)
v = Draft202012Validator(schema)
bad = 0
files = sorted(glob.glob(sys.argv[2] + "/**/*.yaml", recursive=True))
for f in files:
    doc = yaml.safe_load(open(f))
    errs = list(v.iter_errors(doc))
    for e in errs[:3]:
        print(f, list(e.absolute_path), e.message[:200]); bad += 1
print(len(files), "files,", bad, "errors")
sys.exit(1 if bad else 0)
