#!/usr/bin/env python3
"""Write or check the coverage table of every OpenCL C built-in.

  coverage.py OUT_FILE              write the table (Markdown) to OUT_FILE
  coverage.py --check README        exit 1 if README's coverage section differs from the computed table
  coverage.py --update README       rewrite README's coverage section

The section lies between the lines '<!-- coverage:begin -->' and
'<!-- coverage:end -->'.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from clgen import coverage  # noqa: E402
from clgen.manifest import write_if_changed  # noqa: E402

BEGIN, END = '<!-- coverage:begin -->', '<!-- coverage:end -->'


def table():
    rows, how = coverage.compute()
    return coverage.render(rows, how)


def split(text, path):
    if BEGIN not in text or END not in text:
        sys.stderr.write(f'{path}: no coverage section ({BEGIN} ... {END})\n')
        sys.exit(2)
    head, rest = text.split(BEGIN, 1)
    body, tail = rest.split(END, 1)
    return head, body, tail


def main(argv):
    if len(argv) == 2:
        write_if_changed(argv[1], table())
        return 0
    if len(argv) == 3 and argv[1] in ('--check', '--update'):
        with open(argv[2], encoding='utf-8') as f:
            text = f.read()
        head, body, tail = split(text, argv[2])
        want = '\n' + table()
        if argv[1] == '--update':
            write_if_changed(argv[2], head + BEGIN + want + END + tail)
            return 0
        if body != want:
            sys.stderr.write(f'{argv[2]}: the coverage section differs from the computed table; '
                             f'run generators/coverage.py --update {argv[2]}\n')
            return 1
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
