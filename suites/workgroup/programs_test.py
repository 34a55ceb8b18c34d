#!/usr/bin/env python3
"""Checks the workgroup suite's generated manifest: work_group_broadcast's
kernels sit in programs of their own, apart from the reduce, scan and vote
kernels. A runtime whose compiler dies on one built-in (the Intel CPU
runtime 2026.2 on work_group_broadcast of half) kills every case of the
program that holds it, so a program mixing the two would hide whether the
other built-ins work.

usage: programs_test.py MANIFEST
"""
import json
import sys


def main():
    manifest = json.load(open(sys.argv[1]))
    families = {}
    for case in manifest['cases']:
        fn = case['params']['function']
        family = 'broadcast' if fn == 'work_group_broadcast' else 'reduce, scan and vote'
        families.setdefault(case['program'], set()).add(family)
    mixed = sorted(p for p, f in families.items() if len(f) > 1)
    if mixed:
        print('programs holding work_group_broadcast and other built-ins: ' + ', '.join(mixed))
        return 1
    print(f'{len(families)} programs, none mixing work_group_broadcast with other built-ins')
    return 0


if __name__ == '__main__':
    sys.exit(main())
