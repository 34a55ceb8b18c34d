#!/usr/bin/env python3
"""Self-test by fault injection: runs each row of the table (a suite's
representative case) once clean and once under each of its faults, with the
fault shim preloaded, and requires every fault to be caught: clconform exits
1, the case's record says "fail", and one of the failures the record keeps
shows the fault (a zeroed value, a value K ulps away, the other zero, another
NaN, two results exchanged, a result left as it was before the kernel).
Prints the mutation score (faults caught / faults applied) per suite and
exits 1 when any fault escaped, 2 when the table or a clean run is wrong.

Table rows (selftest_table.txt):
  SUITE FILTER FAULT... [kernel=GLOB] [env:NAME=VALUE...] [--option...]
A FAULT is NAME[:K][@ITEMS][/OUT]: NAME and K as the shim takes them
(zero, ulp:K, signzero, nanpayload, swap, drop), ITEMS first|all|every:N,
OUT an output number or all (fault_core.hpp says what each means).
Options starting with -- go to clconform, env: settings into its
environment, for both runs of the row (clean and faulty).
Standard library only."""

import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import time


class TableError(Exception):
    pass


def parse_fault(token):
    m = re.fullmatch(r"([a-z]+)(?::(-?\d+))?(?:@(first|all|every:\d+))?(?:/(\d+|all))?", token)
    if not m:
        raise TableError(f"fault '{token}' is not NAME[:K][@ITEMS][/OUT]")
    name, k, items, out = m.groups()
    if name not in ("zero", "ulp", "signzero", "nanpayload", "swap", "drop"):
        raise TableError(f"unknown fault '{name}'")
    if (name == "ulp") != (k is not None):
        raise TableError(f"fault '{token}': only ulp takes a distance, and it needs one")
    return {"token": token, "name": name, "k": int(k) if k else 0, "items": items or "first", "out": out or "0"}


def read_table(path):
    rows = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            if len(line) < 3:
                raise TableError(f"{path}:{n}: a row needs SUITE FILTER FAULT...")
            row = {"suite": line[0], "filter": line[1], "faults": [], "kernel": "*", "options": [], "env": {},
                   "line": n}
            for tok in line[2:]:
                if tok.startswith("env:") and "=" in tok:
                    name, value = tok[len("env:"):].split("=", 1)
                    row["env"][name] = value
                elif tok.startswith("--"):
                    row["options"].extend(tok.split("=", 1) if "=" in tok else [tok])
                elif tok.startswith("kernel="):
                    row["kernel"] = tok[len("kernel="):]
                else:
                    try:
                        row["faults"].append(parse_fault(tok))
                    except TableError as e:
                        raise TableError(f"{path}:{n}: {e}")
            rows.append(row)
    return rows


# --- the values in a record ---------------------------------------------

# A hex integer, not a hex float such as 0x1.8p+0.
HEX = re.compile(r"0x[0-9a-fA-F]+(?![0-9a-fA-F.pP])")
PACK = {2: "<e", 4: "<f", 8: "<d"}


def bits_of(text, size=4, is_float=True):
    """The bit pattern of a value as a record writes it: '0x3f800000',
    '1 (0x3f800000)', '0x3f800000 (0x1p+0)', '-0', '16', '0.5', 'nan'."""
    if text is None:
        return None
    found = HEX.findall(text)
    if found:
        return int(found[0], 16)
    t = text.strip().split(" ")[0]
    mask = (1 << (8 * size)) - 1
    if not is_float:
        return int(t) & mask if re.fullmatch(r"[+-]?\d+", t) else None
    if size not in PACK:
        return None
    try:
        return int.from_bytes(struct.pack(PACK[size], float(t)), "little")
    except (ValueError, OverflowError):
        return None


FLOAT_FIELDS = {2: (10, 5), 4: (23, 8), 8: (52, 11)}


def is_nan(b, size):
    mant, exp = FLOAT_FIELDS[size]
    return (b >> mant) & ((1 << exp) - 1) == (1 << exp) - 1 and b & ((1 << mant) - 1) != 0


def ordinal(b, size):
    """Floats in order as integers: adjacent floats differ by 1, +0 and -0 meet."""
    sign = 1 << (8 * size - 1)
    return -(b & (sign - 1)) if b & sign else b


def shows(fault, record, log):
    """Whether a failure the record keeps looks like FAULT (LOG: what the
    shim changed). Returns the matching failure or None."""
    fmt = log["type"]
    size = {"char": 1, "uchar": 1, "short": 2, "ushort": 2, "half": 2, "int": 4, "uint": 4, "float": 4,
            "long": 8, "ulong": 8, "double": 8}.get(fmt, 4)
    is_float = fmt in ("half", "float", "double")
    mask = (1 << (8 * size)) - 1
    kept = []  # (failure, output bits, expected bits)
    for f in record.get("failures", []):
        out, exp = bits_of(f.get("output"), size, is_float), bits_of(f.get("expected"), size, is_float)
        if out is not None and exp is not None:
            kept.append((f, out, exp))
    for f, out, exp in kept:
        if fault["name"] == "zero" and out == 0 and exp != 0:
            return f
        if fault["name"] == "ulp":
            if is_float:
                # The device's own error (within the case's bound) adds to
                # the injected distance; 2 ulps of slack covers it here.
                if out & ~mask == 0 and abs(abs(ordinal(out, size) - ordinal(exp, size)) - abs(fault["k"])) <= 2:
                    return f
            elif (out - exp) & mask == fault["k"] & mask:
                return f
        if fault["name"] == "signzero" and is_float:
            sign = 1 << (8 * size - 1)
            if out & (sign - 1) == 0 and exp & (sign - 1) == 0 and out != exp:
                return f
        if fault["name"] == "nanpayload" and is_float and is_nan(out, size) and is_nan(exp, size) and out != exp:
            return f
        if fault["name"] == "drop" and out in log["after"] and out != exp:
            return f
        if fault["name"] == "swap":
            for g, g_out, g_exp in kept:
                if g is not f and out != exp and g_out == exp and g_exp == out:
                    return f
    return None


def read_log(path):
    """What the shim did: elements altered in all, and the type and the new
    bits of the first changes of each launch."""
    applied, types, after = 0, set(), set()
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                fields = dict(p.split("=", 1) for p in line.split()[1:] if "=" in p)
                if line.startswith("launch"):
                    applied += int(fields.get("applied", 0))
                elif line.startswith("change"):
                    types.add(fields["type"])
                    after.add(int(fields["after"], 16))
    return {"applied": applied, "type": sorted(types)[0] if types else "", "after": after}


def run(cmd, env):
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, p.stdout


def record_of(out_dir):
    path = os.path.join(out_dir, "results.jsonl")
    records = []
    if os.path.exists(path):
        with open(path) as f:
            records = [json.loads(l) for l in f if l.strip()]
    return records


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clconform", required=True)
    ap.add_argument("--shim", required=True)
    ap.add_argument("--table", required=True)
    ap.add_argument("--out", required=True, help="folder for every run's results and the shim's logs")
    ap.add_argument("--device")
    ap.add_argument("--only", help="run only rows of this suite")
    args = ap.parse_args()
    try:
        rows = read_table(args.table)
    except (TableError, OSError) as e:
        print(f"selftest: {e}", file=sys.stderr)
        return 2
    if args.only:
        rows = [r for r in rows if r["suite"] == args.only]
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(args.out)
    base_env = {k: v for k, v in os.environ.items() if k not in ("CLCONFORM_FAULT", "CLCONFORM_FAULT_LOG", "LD_PRELOAD")}
    device = ["--device", args.device] if args.device else []
    scores = {}  # suite -> [caught, applied]
    problems = 0
    t0 = time.time()
    for n, row in enumerate(rows):
        base = [args.clconform, "run", "--suite", row["suite"], "--filter", row["filter"], "--mode", "quick",
                "--no-report"] + device + row["options"]
        clean_dir = os.path.join(args.out, f"{n:02d}-{row['suite']}-clean")
        row_env = dict(base_env, **row["env"])
        rc, text = run(base + ["--out", clean_dir], row_env)
        records = record_of(clean_dir)
        extras = row["options"] + [f"{k}={v}" for k, v in row["env"].items()]
        where = f"{row['suite']} {row['filter']} {' '.join(extras)}".strip()
        if rc != 0 or not records or any(r["status"] not in ("pass", "known_fail") for r in records):
            print(f"ERROR  {where}: the clean run does not pass (exit {rc}, "
                  f"{[r['status'] for r in records]}); a fault in it would prove nothing")
            problems += 1
            continue
        # A row may select several cases when they share one launch (the
        # vectors operators, say): the fault lands in one of them.
        case = records[0]["case"] if len(records) == 1 else f"{row['filter']} ({len(records)} cases)"
        case += "".join(" " + e for e in extras)
        score = scores.setdefault(row["suite"], [0, 0])
        for fault in row["faults"]:
            tag = f"{n:02d}-{row['suite']}-{fault['token'].replace(':', '_').replace('/', '_').replace('@', '_')}"
            out_dir = os.path.join(args.out, tag)
            log_path = os.path.join(args.out, tag + ".log")
            env = dict(row_env)
            env["LD_PRELOAD"] = os.path.abspath(args.shim)
            env["CLCONFORM_FAULT"] = (f"kernel={row['kernel']};fault={fault['name']}"
                                      f"{':' + str(fault['k']) if fault['name'] == 'ulp' else ''}"
                                      f";items={fault['items']};out={fault['out']}")
            env["CLCONFORM_FAULT_LOG"] = log_path
            rc, text = run(base + ["--out", out_dir], env)
            log = read_log(log_path)
            if log["applied"] == 0:
                print(f"ERROR  {case} {fault['token']}: the fault found nothing to alter "
                      f"(no applicable result); take it out of the row or pick another case")
                problems += 1
                continue
            score[1] += 1
            recs = record_of(out_dir)
            failed = [r for r in recs if r.get("status") == "fail"]
            status = "fail" if failed else ",".join(sorted({r.get("status", "?") for r in recs})) or "none"
            seen = next((m for m in (shows(fault, r, log) for r in failed) if m), None)
            if rc == 1 and status == "fail" and seen:
                score[0] += 1
                print(f"caught {case} {fault['token']}: {log['applied']} values altered; exit 1, status fail, "
                      f"kept: output {seen['output']} expected {seen.get('expected')}")
            else:
                why = []
                if rc != 1:
                    why.append(f"exit {rc}")
                if status != "fail":
                    why.append(f"status {status}")
                if not seen:
                    why.append("no kept failure shows the fault")
                print(f"ESCAPED {case} {fault['token']}: {log['applied']} values altered; {', '.join(why)} "
                      f"(results: {out_dir}, shim log: {log_path})")
    print()
    print("mutation score per suite (faults caught / faults applied):")
    total = [0, 0]
    for suite, (caught, applied) in scores.items():
        total[0] += caught
        total[1] += applied
        print(f"  {suite:<12} {caught}/{applied}")
    print(f"  {'total':<12} {total[0]}/{total[1]}  ({time.time() - t0:.1f} s)")
    if problems:
        return 2
    return 0 if total[0] == total[1] else 1


if __name__ == "__main__":
    sys.exit(main())
