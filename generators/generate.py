#!/usr/bin/env python3
"""Write a suite's kernels and manifest: generate.py SUITE OUT_DIR."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from clgen import emit_astype, emit_half, emit_types  # noqa: E402

EMITTERS = {'types': emit_types, 'astype': emit_astype, 'half': emit_half}


def main(argv):
    if len(argv) != 3 or argv[1] not in EMITTERS:
        sys.stderr.write(f'usage: generate.py {{{"|".join(EMITTERS)}}} OUT_DIR\n')
        return 2
    EMITTERS[argv[1]].build().write(argv[2])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
