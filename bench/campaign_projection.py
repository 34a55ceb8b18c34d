#!/usr/bin/env python3
"""The full mode's time projected from two samples of it: shard 1 of N of
the sweeps (each sweep's slice is 1/N of its inputs) and shard 1 of M of
the whole cases (every M-th whole case, dealt out in turn).

A sweep's host threads either work (verify and fill: metrics.sweep's
host_verify_s + host_fill_s, per thread) or wait; in a whole sweep the
steady state is the larger of that work and the device's floor, each N
times the slice's, and the waiting of the slice (its five chunks' ramp)
comes once, as do its builds and buffers: a campaign on one host builds
each program once, the program cache serving the other shards. So a
sweep's projected time is its case time - wall + idle + N * max(work,
floor). Checked on the H200 against whole sweeps: float sin 3.84 s
projected, 3.93 s swept; double sin 7.4 s against 7.4 to 9.6 s. A sweep
that records no sweep times (the builtin_sweep suites) takes N times its
case time less its builds. A whole case's is its builds plus M times the
rest of its time (M = 1 for a complete run of the whole cases, merged).
Prints a table per suite, the total, and the slowest cases.

A campaign run as S shards (bench/campaign.sh OUT S) pays each sweep's
fixed part S times: its buffers, the chunks' ramp and everything else
outside the work, but its builds once. Measured on the H200, a 64-shard
campaign's shards took about 300 s each where the S = 1 projection gave
80 s: there the fixed part was most of each sweep (bench/README.md, "The
first shards of a real campaign").

    bench/campaign_projection.py SWEEP-SHARD-DIR[,DIR...] N WHOLE-SHARD-DIR M [S]

Several sweep folders (shard 1 of N each) are read in turn, a later
folder's record of a case replacing an earlier one's: a rerun of some
suites with a newer build amends the sample.
"""
import collections
import json
import sys


def latest(folders):
    out = {}
    for folder in folders.split(","):
        with open(folder + "/results.jsonl") as f:
            for line in f:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue  # a line cut short by a kill
                out[r["case"]] = r  # a resumed run, or a later folder, writes a case again
    return out.values()


def shard_index(folder):
    """K of the run's --shard K/N (run.json), 1 for an unsharded run."""
    with open(folder + "/run.json") as f:
        shard = json.load(f).get("shard") or "1/1"
    return int(str(shard).split("/")[0])


def main(sweep_dir, n, whole_dir, m, shards):
    suites = collections.OrderedDict()
    cases = []
    for r in latest(sweep_dir):
        if "slice" not in r:
            continue  # a whole case: the whole sample counts those
        build = r.get("build_s", 0) or 0
        time_s = r.get("time_s", 0) or 0
        sw = (r.get("metrics") or {}).get("sweep")
        if sw:
            work = sw.get("host_verify_s", 0) + sw.get("host_fill_s", 0)
            fixed = max(0.0, time_s - sw["wall_s"] + sw.get("host_idle_s", 0) - build)
            t = build + shards * fixed + n * max(work, sw.get("floor_s", 0))
        else:
            t = build + n * max(0.0, time_s - build)
        s = suites.setdefault(r["suite"], collections.Counter())
        s["sweeps"] += 1
        s["sweep_s"] += t
        cases.append((t, r["case"], r["status"]))
    own = shard_index(whole_dir)
    for r in latest(whole_dir):
        if "slice" in r:
            continue  # a sweep: the sweep sample counts those
        if r.get("whole_in_shard") not in (None, own):
            continue  # left to another shard
        s = suites.setdefault(r["suite"], collections.Counter())
        # Its builds once (a campaign on one host builds a program once; the
        # driver's program cache serves the other shards), the rest M times.
        build = r.get("build_s", 0) or 0
        t = build + m * max(0.0, (r.get("time_s", 0) or 0) - build)
        s["whole"] += 1
        s["whole_s"] += t
    print(f"Projected for a campaign of {shards} shard{'s' if shards > 1 else ''}.")
    print()
    print(f"| suite | sweeps sampled (1/{n} each) | sweeps, projected s | whole cases sampled (1 in {m}) "
          f"| whole cases, projected s | suite, projected s |")
    print("| --- | --: | --: | --: | --: | --: |")
    total = collections.Counter()
    for name in sorted(suites):
        s = suites[name]
        total.update(s)
        print(f"| {name} | {s['sweeps']} | {s['sweep_s']:,.0f} | {s['whole']} | {s['whole_s']:,.0f} "
              f"| {s['sweep_s'] + s['whole_s']:,.0f} |")
    all_s = total["sweep_s"] + total["whole_s"]
    print(f"| **total** | {total['sweeps']} | {total['sweep_s']:,.0f} | {total['whole']} | {total['whole_s']:,.0f} "
          f"| {all_s:,.0f} ({all_s / 3600:.1f} h) |")
    print()
    print("Slowest sweeps, projected:")
    for t, case, status in sorted(cases, reverse=True)[:20]:
        print(f"  {case} {t:,.0f} s ({status})")


if __name__ == "__main__":
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]) if len(sys.argv) == 6 else 1)
