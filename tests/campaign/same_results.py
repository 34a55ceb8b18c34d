#!/usr/bin/env python3
"""Checks that two results folders hold the same verdicts, case for case:
the same case ids, and for each the same status, number of values checked,
number of wrong values and largest ULP error. Used to compare a merged
campaign (clconform merge) with a single-process run of the same cases.

usage: same_results.py A B     exit 0 when they agree, 1 (listing the
differences) when they do not, 2 when a folder cannot be read."""
import json
import sys


def load(folder):
    cases = {}
    try:
        with open(folder + "/results.jsonl") as f:
            for line in f:
                rec = json.loads(line)
                metrics = rec.get("metrics") or {}
                cases[rec["case"]] = (rec["status"], rec["checked"], rec["failed"], metrics.get("max_ulp"))
    except (OSError, ValueError, KeyError) as e:
        print(f"same_results: cannot read {folder}: {e}", file=sys.stderr)
        sys.exit(2)
    return cases


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    a, b = load(sys.argv[1]), load(sys.argv[2])
    differences = []
    for case in sorted(set(a) | set(b)):
        if case not in a or case not in b:
            differences.append(f"{case}: only in {sys.argv[1] if case in a else sys.argv[2]}")
        elif a[case] != b[case]:
            differences.append(f"{case}: {a[case]} != {b[case]} (status, checked, failed, max_ulp)")
    for d in differences:
        print(d)
    print(f"{len(a)} cases compared, {len(differences)} differ")
    return 1 if differences or not a else 0


if __name__ == "__main__":
    sys.exit(main())
