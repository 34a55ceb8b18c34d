#!/usr/bin/env python3
"""A campaign's table per suite, from results folders (a merged one, or
shards whose records are added up): cases and their statuses, values
checked, case time, device floor (the sweeps' kernel time), time over
floor, and where the host's time went (builds, sweep verification, filling
inputs, waiting for the device; the sweeps' buffers made before the wall,
those made beside it, and the rest of a sweep case's time outside its
wall, which is paid again in every shard of a campaign).

    bench/campaign_table.py DIR [DIR...]
"""
import collections
import json
import sys


def records(folder):
    with open(folder + "/results.jsonl") as f:
        for line in f:
            try:
                yield json.loads(line)
            except ValueError:
                continue  # a line cut short by a kill


def main(folders):
    rows = collections.OrderedDict()
    for folder in folders:
        latest = {}
        for r in records(folder):
            latest[r["case"]] = r  # a resumed run writes a case again
        for r in latest.values():
            s = rows.setdefault(r["suite"], collections.Counter())
            s["cases"] += 1
            s["status:" + r["status"]] += 1
            s["checked"] += r.get("checked", 0) or 0
            s["time"] += r.get("time_s", 0) or 0
            s["build"] += r.get("build_s", 0) or 0
            sweep = (r.get("metrics") or {}).get("sweep") or {}
            for key in ("floor_s", "host_verify_s", "host_fill_s", "host_idle_s", "wall_s", "setup_s", "late_setup_s"):
                s[key] += sweep.get(key, 0) or 0
            if sweep:
                s["outside"] += max(0.0, (r.get("time_s", 0) or 0) - (r.get("build_s", 0) or 0) -
                                    sweep.get("wall_s", 0) - sweep.get("setup_s", 0))
    keys = ["pass", "known_fail", "fail", "xpass", "error", "crash", "timeout", "unsupported", "info"]
    print("| suite | cases | " + " | ".join(keys) + " | values checked | case time s | builds s | sweep wall s "
          "| device floor s | sweep wall / floor | host verify s | host fill s | host idle s "
          "| sweep setup s | late setup s | sweeps' rest s |")
    print("| --- " + "| --: " * (len(keys) + 12) + "|")
    total = collections.Counter()
    for suite in sorted(rows):
        s = rows[suite]
        total.update(s)
        print(row(suite, s, keys))
    print(row("**total**", total, keys))


def row(name, s, keys):
    ratio = "%.2f" % (s["wall_s"] / s["floor_s"]) if s["floor_s"] > 0 else "-"
    return ("| %s | %d | " % (name, s["cases"]) + " | ".join(str(s["status:" + k]) for k in keys) +
            " | {:,} | {:.1f} | {:.1f} | {:.1f} | {:.2f} | {} | {:.1f} | {:.1f} | {:.1f} | {:.1f} | {:.1f} | {:.1f} |".format(
                s["checked"], s["time"], s["build"], s["wall_s"], s["floor_s"], ratio, s["host_verify_s"],
                s["host_fill_s"], s["host_idle_s"], s["setup_s"], s["late_setup_s"], s["outside"]))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: campaign_table.py DIR [DIR...]")
    main(sys.argv[1:])
