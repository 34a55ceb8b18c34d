#!/usr/bin/env python3
"""Checks that two results folders hold the same verdicts, case for case:
the same case ids, and for each the same status, number of values checked,
number of wrong values and largest ULP error. Used to compare a merged
campaign (clconform merge) with a single-process run of the same cases.
With --every-field, every field of each record must agree but those that
measure time (time_s, build_s, the sweep's split metrics.sweep): the
histogram, the maxima per width to the bit, the worst input, the MPFR
fallbacks, the edge cases; used to show that a faster verifier gives the
records of the one before.

usage: same_results.py [--every-field] A B     exit 0 when they agree, 1
(listing the differences) when they do not, 2 when a folder cannot be
read."""
import json
import sys

TIMES = {"time_s", "build_s"}


def flat(value, prefix=""):
    """A record's fields as dotted names, without those that measure time."""
    if not isinstance(value, dict):
        return {prefix.rstrip("."): value}
    out = {}
    for k, v in value.items():
        if k in TIMES or prefix + k == "metrics.sweep":
            continue
        out.update(flat(v, prefix + k + "."))
    return out


def load(folder, every_field):
    cases = {}
    try:
        with open(folder + "/results.jsonl") as f:
            for line in f:
                rec = json.loads(line)
                metrics = rec.get("metrics") or {}
                cases[rec["case"]] = (flat(rec) if every_field else
                                      (rec["status"], rec["checked"], rec["failed"], metrics.get("max_ulp")))
    except (OSError, ValueError, KeyError) as e:
        print(f"same_results: cannot read {folder}: {e}", file=sys.stderr)
        sys.exit(2)
    return cases


def main():
    args = sys.argv[1:]
    every_field = bool(args) and args[0] == "--every-field"
    if every_field:
        args = args[1:]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    a, b = load(args[0], every_field), load(args[1], every_field)
    differences = []
    for case in sorted(set(a) | set(b)):
        if case not in a or case not in b:
            differences.append(f"{case}: only in {args[0] if case in a else args[1]}")
        elif every_field:
            fields = [k for k in sorted(set(a[case]) | set(b[case])) if a[case].get(k) != b[case].get(k)]
            if fields:
                differences.append(f"{case}: differs in {', '.join(fields)}")
        elif a[case] != b[case]:
            differences.append(f"{case}: {a[case]} != {b[case]} (status, checked, failed, max_ulp)")
    for d in differences:
        print(d)
    print(f"{len(a)} cases compared, {len(differences)} differ")
    return 1 if differences or not a else 0


if __name__ == "__main__":
    sys.exit(main())
