#!/usr/bin/env python3
"""The fuzzer's command line (README.md, "Command line"):

  fuzz.py generate --seed S --first K --count M [--fp64] [--fp16] [--build-options "..."] [--items N]
  fuzz.py shrink < program.json      (with "values": per node, the host's bits or null)
  fuzz.py print < program.json

generate writes programs K .. K+M-1 of seed S, one JSON object a line;
shrink writes the smaller variants of one program, most reduced first;
print writes a program's kernel source.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # clgen
sys.path.insert(0, HERE)

import gen  # noqa: E402
import printer  # noqa: E402
import program  # noqa: E402
import shrink  # noqa: E402


def attach_build_options(argv):
    """'--build-options X' as '--build-options=X': X begins with '-', which
    argparse would take for an option of its own."""
    out = []
    it = iter(argv)
    for a in it:
        out.append(f'{a}={next(it, "")}' if a == '--build-options' else a)
    return out


def main(argv):
    ap = argparse.ArgumentParser(prog='fuzz.py', description=__doc__.split('\n')[0])
    sub = ap.add_subparsers(dest='command', required=True)
    g = sub.add_parser('generate', help='random programs, one JSON object a line')
    g.add_argument('--seed', type=int, required=True)
    g.add_argument('--first', type=int, default=0)
    g.add_argument('--count', type=int, default=1)
    g.add_argument('--fp64', action='store_true')
    g.add_argument('--fp16', action='store_true')
    g.add_argument('--build-options', default='')
    g.add_argument('--items', type=int, default=64)
    sub.add_parser('shrink', help='smaller variants of the program on stdin, most reduced first')
    sub.add_parser('print', help='the kernel source of the program on stdin')
    a = ap.parse_args(attach_build_options(argv))
    out = sys.stdout
    if a.command == 'generate':
        if a.seed < 0 or a.first < 0 or a.count < 0 or a.items < 1:
            ap.error('seed, first and count must not be negative, items must be positive')
        for k in range(a.first, a.first + a.count):
            p = gen.generate(a.seed, k, a.fp64, a.fp16, a.build_options, a.items)
            out.write(program.dumps(p) + '\n')
    else:
        try:
            p = program.loads(sys.stdin.read())
            # The host's values of the nodes on the program's one work-item
            # (shrink only): not part of the program.
            values = p.pop('values', None)
            p = program.validate(p)
        except (ValueError, KeyError, TypeError, IndexError) as e:  # Invalid and JSON errors are ValueErrors
            sys.stderr.write(f'fuzz.py {a.command}: not a valid program: {e}\n')
            return 2
        if a.command == 'print':
            out.write(printer.source(p))
        else:
            for q in shrink.candidates(p, values):
                out.write(program.dumps(q) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
