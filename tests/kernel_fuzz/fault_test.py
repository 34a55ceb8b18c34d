#!/usr/bin/env python3
"""A short `clconform fuzz` run catches faults injected into every result.

fault_test.py --clconform BIN --shim LIB --out DIR [--device D]

1. The first programs of seed 1 run clean: exit 0, no failing record.
2. The same programs under the fault shim (tests/faults/), once moving every
   float result 4 ulps and every integer result by 4, once zeroing every
   5th nonzero result: exit 1, and failing records whose kept failures show
   the device value outside the expected interval.
3. A failure under the shim is reduced to a reproducer that
   `clconform fuzz --replay` fails under the shim (exit 1) and passes
   without it (exit 0).
Exit 0 when all hold, 1 with the first that does not.
"""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys

COUNT = 12  # programs per run: a few seconds each on PoCL


def run(cmd, env_extra=None):
    env = dict(os.environ)
    env.update(env_extra or {})
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout + p.stderr


def records(out):
    with open(os.path.join(out, 'results.jsonl')) as f:
        return [json.loads(line) for line in f if line.strip()]


def fail(msg):
    print('FAIL: ' + msg)
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--clconform', required=True)
    ap.add_argument('--shim', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--device', default='')
    a = ap.parse_args()
    shutil.rmtree(a.out, ignore_errors=True)
    os.makedirs(a.out)
    dev = ['--device', a.device] if a.device else []
    base = [a.clconform, 'fuzz', '--seed', '1', '--count', str(COUNT), '--seconds', '600'] + dev

    clean = os.path.join(a.out, 'clean')
    rc, text = run(base + ['--out', clean])
    if rc != 0 or any(r['status'] == 'fail' for r in records(clean)):
        fail(f'the clean run should pass (exit {rc}):\n{text}')
    judged = sum(r['checked'] for r in records(clean))
    print(f'clean: {len(records(clean))} programs, {judged} values judged, exit 0')

    first_failing = None
    for name, fault in (('ulp', 'fault=ulp:4;items=all'), ('zero', 'fault=zero;items=every:5')):
        out = os.path.join(a.out, name)
        shim = {'LD_PRELOAD': a.shim, 'CLCONFORM_FAULT': 'kernel=fuzz;' + fault}
        rc, text = run(base + ['--out', out, '--no-reduce'], shim)
        failing = [r for r in records(out) if r['status'] == 'fail']
        if rc != 1 or not failing:
            fail(f'{fault}: exit {rc} with {len(failing)} failing programs; it should be caught:\n{text}')
        for r in failing:
            for f in r['failures']:
                if name == 'zero' and int(f['output'], 16) != 0:
                    fail(f'{fault}: a kept failure is not a zeroed value: {f}')
        print(f'{fault}: caught in {len(failing)} of {len(records(out))} programs, exit 1')
        if first_failing is None:
            first_failing = failing[0]['fuzz']['index']

    # Reduction and replay: the first program the ulp fault makes fail.
    out = os.path.join(a.out, 'reduce')
    shim = {'LD_PRELOAD': a.shim, 'CLCONFORM_FAULT': 'kernel=fuzz;fault=ulp:4;items=all'}
    rc, text = run([a.clconform, 'fuzz', '--seed', '1', '--first', str(first_failing), '--count', '1', '--out', out] + dev,
                   shim)
    files = sorted(glob.glob(os.path.join(out, 'reproducers', '*.json')))
    if rc != 1 or not files:
        fail(f'the reduction run should fail and save a reproducer (exit {rc}):\n{text}')
    with open(files[0]) as f:
        small = json.load(f)
    original = records(out)[0]
    print(f'reduced: {original["fuzz"]["nodes"]} nodes to {len(small["nodes"])}, {small["items"]} work-item')
    rc_shim, text_shim = run([a.clconform, 'fuzz', '--replay', files[0]] + dev, shim)
    rc_clean, text_clean = run([a.clconform, 'fuzz', '--replay', files[0]] + dev)
    if rc_shim != 1:
        fail(f'the reproducer should fail under the fault (exit {rc_shim}):\n{text_shim}')
    if rc_clean != 0:
        fail(f'the reproducer should pass without the fault (exit {rc_clean}):\n{text_clean}')
    print('replay: fails under the fault (exit 1), passes without it (exit 0)')
    print('all faults caught')


if __name__ == '__main__':
    main()
