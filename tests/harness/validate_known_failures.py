#!/usr/bin/env python3
"""Validates every suites/*/known_failures.json against the schema beside them.
Exits 77 (skipped) when the jsonschema module is missing; the C++ loader
enforces the same rules on every run either way."""
import glob
import json
import os
import sys

suites = sys.argv[1]
try:
    import jsonschema
except ImportError:
    print("skipped: python3 has no jsonschema module")
    sys.exit(77)
schema = json.load(open(os.path.join(suites, "known_failures.schema.json")))
files = sorted(glob.glob(os.path.join(suites, "*", "known_failures.json")))
for f in files:
    jsonschema.validate(json.load(open(f)), schema)
    print("valid:", os.path.relpath(f, suites))
if not files:
    sys.exit("no known-failures files found under " + suites)
