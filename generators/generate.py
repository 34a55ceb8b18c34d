#!/usr/bin/env python3
"""Write a suite's kernels and manifest: generate.py SUITE OUT_DIR.

A suite is any module clgen/emit_<suite>.py with a build() returning a
Manifest; adding a suite needs no change here.
"""

import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def suites():
    names = os.listdir(os.path.join(HERE, 'clgen'))
    return sorted(n[len('emit_'):-len('.py')] for n in names if n.startswith('emit_') and n.endswith('.py'))


def main(argv):
    if len(argv) != 3 or argv[1] not in suites():
        sys.stderr.write(f'usage: generate.py {{{"|".join(suites())}}} OUT_DIR\n')
        return 2
    importlib.import_module(f'clgen.emit_{argv[1]}').build().write(argv[2])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
