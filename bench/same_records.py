#!/usr/bin/env python3
"""Whether two runs' records are the same but for their times.

    bench/same_records.py A/results.jsonl B/results.jsonl

Compares the records of each case field by field (status, counts, maxima
per width to the bit, histogram, worst input, MPFR fallbacks, edge cases,
wrong values kept), leaving out what measures time: time_s, build_s and the
sweep's split (metrics.sweep). Prints one line per case, "same" or the
fields that differ, and exits 1 if any case differs or is missing.
"""
import json
import sys

TIMES = {"time_s", "build_s"}


def flat(value, prefix=""):
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in TIMES or prefix + k == "metrics.sweep":
                continue
            out.update(flat(v, prefix + k + "."))
        return out
    return {prefix.rstrip("."): value}


def records(path):
    out = {}
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            if "case" in r:
                out[r["case"]] = flat(r)
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: same_records.py A/results.jsonl B/results.jsonl")
    a, b = records(sys.argv[1]), records(sys.argv[2])
    status = 0
    for case in sorted(set(a) | set(b)):
        if case not in a or case not in b:
            print(f"{case}: only in {'B' if case not in a else 'A'}")
            status = 1
            continue
        keys = sorted(set(a[case]) | set(b[case]))
        differ = [k for k in keys if a[case].get(k) != b[case].get(k)]
        print(f"{case}: " + ("same" if not differ else "differ in " + ", ".join(differ)))
        status |= bool(differ)
    sys.exit(status)


if __name__ == "__main__":
    main()
