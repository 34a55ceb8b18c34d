#!/usr/bin/env python3
"""Every bad input clconform reads gives one line on stderr naming the file
and the problem, exit status 2, and nothing a later --resume could take for
finished work. Runs the real command; needs no OpenCL device (each case ends
before a device is opened).

    bad_input_test.py CLCONFORM
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

CLCONFORM = sys.argv[1]
failures = []
checked = 0

RUN_JSON = {"format": 1, "mode": "quick", "seed": 1, "build_options": "", "filter": "*",
            "suites": ["types"], "started": "2026-11-20T23:00:00Z", "device": {"name": "dev", "selector": "0:0"}}
RECORD = {"case": "types.int.literal_hex", "suite": "types", "labels": ["types"], "status": "pass",
          "checked": 16, "failed": 0, "build_options": ""}
NESTED = "[" * 200000 + "]" * 200000


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def results_dir(root, name, run_json=None, results=None):
    d = os.path.join(root, name)
    os.makedirs(d)
    if run_json is not None:
        write(os.path.join(d, "run.json"), run_json)
    if results is not None:
        write(os.path.join(d, "results.jsonl"), results)
    return d


def snapshot(d):
    out = {}
    for base, _, files in os.walk(d):
        for f in files:
            with open(os.path.join(base, f), "rb") as fh:
                out[os.path.join(base, f)] = fh.read()
    return out


def expect_refused(what, args, names, untouched=None, absent=None):
    """ARGS must exit 2 with one stderr line containing every string of NAMES."""
    global checked
    checked += 1
    before = snapshot(untouched) if untouched else None
    p = subprocess.run([CLCONFORM] + args, capture_output=True, text=True, errors="replace", timeout=120)
    lines = p.stderr.splitlines()
    problems = []
    if p.returncode != 2:
        problems.append(f"exit {p.returncode}, not 2")
    if len(lines) != 1:
        problems.append(f"{len(lines)} lines on stderr, not 1")
    elif not lines[0].startswith("clconform: "):
        problems.append("the line does not start with 'clconform: '")
    for n in names:
        if n not in p.stderr:
            problems.append(f"stderr does not name {n!r}")
    if untouched and snapshot(untouched) != before:
        problems.append(f"{untouched} changed")
    if absent and os.path.exists(absent):
        problems.append(f"{absent} was created")
    if problems:
        failures.append(f"{what}: {'; '.join(problems)}\n    stderr: {p.stderr[:500]!r}")
    else:
        print(f"ok   {what}: {lines[0]}")


def main():
    root = tempfile.mkdtemp(prefix="clconform-bad-input-")
    try:
        run(root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(f"{checked - len(failures)} of {checked} bad inputs refused as they should be")
    for f in failures:
        print("FAIL " + f)
    return 1 if failures else 0


def run(root):
    good_run = json.dumps(RUN_JSON)
    good_results = json.dumps(RECORD) + "\n"
    ok = results_dir(root, "ok", good_run, good_results)
    deep_file = os.path.join(root, "deep.json")
    write(deep_file, NESTED)
    out = os.path.join(root, "out")
    other_baseline = os.path.join(root, "other_baseline.json")
    with open(other_baseline, "w") as f:
        f.write('{"device": "no such device", "driver": "*", "runs": []}')

    # The deeply nested file, through each command that reads JSON.
    nested = results_dir(root, "nested", good_run, NESTED + "\n")
    expect_refused("report: nested results.jsonl", ["report", nested], ["nested/results.jsonl", "nested deeper"], nested)
    expect_refused("report --compare: nested results.jsonl", ["report", "--compare", ok, nested, "--out",
                   os.path.join(root, "cmp.html")], ["nested/results.jsonl", "nested deeper"],
                   absent=os.path.join(root, "cmp.html"))
    expect_refused("run --known-failures: nested file", ["run", "--suite", "types", "--known-failures", deep_file,
                   "--out", out], ["deep.json", "nested deeper"], absent=out)
    expect_refused("run --resume: nested results.jsonl", ["run", "--suite", "types", "--resume", nested],
                   ["nested/results.jsonl", "nested deeper"], nested)
    nested_run = results_dir(root, "nested_run", NESTED, good_results)
    expect_refused("report: nested run.json", ["report", nested_run], ["nested_run/run.json", "nested deeper"], nested_run)
    expect_refused("run --resume: nested run.json", ["run", "--suite", "types", "--resume", nested_run],
                   ["nested_run/run.json", "nested deeper"], nested_run)

    # Empty, truncated, wrong types.
    for name, text, problem in [("empty", "", "run.json"), ("truncated", good_run[:40], "run.json"),
                                ("array", "[1, 2]", "not a JSON object"), ("string", '"run"', "not a JSON object")]:
        d = results_dir(root, "run_" + name, text, good_results)
        expect_refused(f"report: {name} run.json", ["report", d], [f"run_{name}/run.json", problem], d)
        expect_refused(f"run --resume: {name} run.json", ["run", "--suite", "types", "--resume", d],
                       [f"run_{name}/run.json"], d)
    for name, text in [("empty", ""), ("truncated", good_run[:40]), ("wrong types", '{"entries": 7}'),
                       ("wrong entry types", '{"entries": [{"device": 1, "case": [], "reason": null}]}')]:
        kf = os.path.join(root, "kf_" + name.replace(" ", "_") + ".json")
        write(kf, text)
        expect_refused(f"run --known-failures: {name}", ["run", "--suite", "types", "--known-failures", kf,
                       "--out", out], [os.path.basename(kf)], absent=out)

    # results.jsonl that --resume must not complete.
    for name, text, problem in [
        ("a broken line before the last", '{"case": "x", "suite"\n' + good_results, "line 1"),
        ("a record of the wrong type", '{"case": 5}\n', "line 1"),
        ("a case recorded twice", good_results + good_results, "recorded twice"),
        ("another run's build options", json.dumps({**RECORD, "build_options": "-cl-fast-relaxed-math"}) + "\n",
         "--build-options"),
    ]:
        d = results_dir(root, "resume_" + str(checked), good_run, text)
        expect_refused(f"run --resume: {name}", ["run", "--suite", "types", "--resume", d],
                       ["results.jsonl", problem], d)
    for option, value, key in [("--seed", "2", "--seed"), ("--mode", "full", "--mode"),
                               ("--build-options", "-DX", "--build-options"), ("--shard", "1/2", "--shard")]:
        d = results_dir(root, "options_" + str(checked), good_run, good_results)
        expect_refused(f"run --resume: another run's {option}", ["run", "--suite", "types", "--resume", d, option, value],
                       ["run.json", key], d)
    expect_refused("run --resume: no such folder", ["run", "--suite", "types", "--resume", os.path.join(root, "none")],
                   ["none", "does not exist"], absent=os.path.join(root, "none"))

    # Manifests: a suite that does not exist, a malformed one, one naming a check this build lacks.
    expect_refused("run: unknown suite", ["run", "--suite", "no_such_suite", "--out", out], ["no_such_suite"], absent=out)
    data = os.path.join(root, "data")
    write(os.path.join(data, "broken", "manifest.json"), '{"format": 1, "suite": "broken", "programs": {}, "cases": [')
    write(os.path.join(data, "ghost", "manifest.json"), json.dumps({
        "format": 1, "suite": "ghost", "programs": {"p": {"file": "p.cl"}},
        "cases": [{"id": "ghost.a", "program": "p", "kernel": "k", "check": "ghost.check", "group": "g",
                   "expect": "build"}]}))
    write(os.path.join(data, "deep", "manifest.json"), NESTED)
    write(os.path.join(data, "typed", "manifest.json"), '{"format": "1", "suite": "typed"}')
    for suite, problem in [("broken", "broken/manifest.json"), ("ghost", "ghost.check"),
                           ("deep", "nested deeper"), ("typed", "typed/manifest.json")]:
        expect_refused(f"run: manifest {suite}", ["run", "--data", data, "--suite", suite, "--out", out], [problem],
                       absent=out)
        expect_refused(f"list: manifest {suite}", ["list", "--data", data, "--suite", suite], [problem])

    # A directory where a file was expected; a file that cannot be read.
    expect_refused("run --known-failures: a directory", ["run", "--suite", "types", "--known-failures", root,
                   "--out", out], [root, "directory"], absent=out)
    dir_run = results_dir(root, "dir_run", None, good_results)
    os.makedirs(os.path.join(dir_run, "run.json"))
    expect_refused("report: run.json is a directory", ["report", dir_run], ["dir_run/run.json", "directory"])
    dir_results = results_dir(root, "dir_results", good_run, None)
    os.makedirs(os.path.join(dir_results, "results.jsonl"))
    expect_refused("report: results.jsonl is a directory", ["report", dir_results],
                   ["dir_results/results.jsonl", "directory"])
    expect_refused("run --resume: results.jsonl is a directory", ["run", "--suite", "types", "--resume", dir_results],
                   ["dir_results/results.jsonl", "directory"])
    fifo = os.path.join(root, "fifo.json")
    os.mkfifo(fifo)
    expect_refused("run --known-failures: not a regular file", ["run", "--suite", "types", "--known-failures", fifo,
                   "--out", out], ["fifo.json"], absent=out)
    expect_refused("run --known-failures: missing", ["run", "--suite", "types", "--known-failures",
                   os.path.join(root, "missing.json"), "--out", out], ["missing.json"], absent=out)
    if os.geteuid() != 0:  # root reads any file
        locked = os.path.join(root, "locked.json")
        write(locked, "{}")
        os.chmod(locked, 0)
        expect_refused("run --known-failures: unreadable", ["run", "--suite", "types", "--known-failures", locked,
                       "--out", out], ["locked.json", "ermission"], absent=out)
    else:
        print("skip unreadable-file case: running as root, which reads any file")

    # Option values: empty, huge, negative, malformed.
    for option, value in [("--seed", ""), ("--seed", "-1"), ("--seed", " -1"), ("--seed", "99999999999999999999999"),
                          ("--seed", "1e3"), ("--timeout", "-5"), ("--timeout", "999999999999"), ("--index", "x"),
                          ("--index", ""), ("--shard", "0/4"), ("--shard", "5/4"), ("--shard", "1/"), ("--shard", "/"),
                          ("--shard", "3"), ("--shard", "-1/4"), ("--mode", ""), ("--mode", "fast"),
                          ("--keep-failures", "-1"), ("--keep-failures", "1000000"), ("--keep-failures", "many"),
                          ("--baseline", ""), ("--update-baseline", "")]:
        expect_refused(f"run {option} {value!r}", ["run", "--suite", "types", option, value, "--out", out],
                       [option], absent=out)
    expect_refused("run --device: huge number", ["run", "--suite", "types", "--device", "9" * 40, "--out", out,
                   "--timeout", "5"], ["device"])
    # Like an unknown device, a baseline of another device shows only once the device is open.
    expect_refused("run --baseline: a file of another device", ["run", "--suite", "types", "--baseline", other_baseline,
                   "--out", out + "_baseline"], [other_baseline, "not"])
    expect_refused("run: an option with no value", ["run", "--suite"], ["--suite"])
    expect_refused("run: unknown option", ["run", "--suite", "types", "--nonsense"], ["--nonsense"])


if __name__ == "__main__":
    sys.exit(main())
