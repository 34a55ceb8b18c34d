"""The astype suite: as_type() / as_typen() between every pair of equal-size types.

OpenCL C 3.0 spec, section 6.4.4.2 Reinterpreting Types Using as_type() and
as_typen(): between types of the same size the bits are returned unchanged
when both have the same number of components, or when a 4-component operand
becomes a 3-component result; other equal-size pairs are
implementation-defined; a pair of different sizes is an error.
"""

import random

from .manifest import Manifest
from .types import all_types, requirements, pragmas

SPEC = 'OpenCL C 3.0 spec: 6.4.4.2 Reinterpreting Types Using as_type() and as_typen()'

# Rejected pairs to sample for each ordered pair of distinct sizes; with the
# eight sizes present this gives well over the 200 the suite promises.
REJECT_PER_SIZE_PAIR = 4
REJECT_SEED = 20261120


def bits_defined(src, dst):
    return src.n == dst.n or (src.n == 4 and dst.n == 3)


def astype_kernel(src, dst):
    return (f'__kernel void astype_{src.name}_{dst.name}(__global const {src.name}* in, '
            f'__global {dst.name}* out)\n{{\n'
            f'  size_t i = get_global_id(0);\n'
            f'  out[i] = as_{dst.name}(in[i]);\n}}\n')


def equal_size_pairs():
    types = all_types(with_half=True)
    return [(a, b) for a in types for b in types if a != b and a.size == b.size]


def rejected_pairs():
    """A deterministic sample of different-size pairs, stratified by the two sizes."""
    rng = random.Random(REJECT_SEED)
    types = all_types()
    sizes = sorted({t.size for t in types})
    out = []
    for s in sizes:
        for d in sizes:
            if s == d:
                continue
            pool = [(a, b) for a in types for b in types if a.size == s and b.size == d]
            out.extend(rng.sample(pool, min(REJECT_PER_SIZE_PAIR, len(pool))))
    return out


def half_rejected_pairs():
    """For each half type, one different-size type to reinterpret it as and one
    to reinterpret as it, drawn apart from rejected_pairs() so that adding half
    left that sample as it was."""
    rng = random.Random(REJECT_SEED + 16)
    others = all_types()
    out = []
    for h in all_types(with_half=True):
        if h.elem.name != 'half':
            continue
        pool = [t for t in others if t.size != h.size]
        out.append((h, rng.choice(pool)))
        out.append((rng.choice(pool), h))
    return out


def build():
    m = Manifest('astype', SPEC)
    by_program = {}
    for src, dst in equal_size_pairs():
        req = tuple(requirements(src, dst))
        program = f'astype_{src.size}' + ''.join(f'_{r}' for r in ('fp16', 'fp64') if r in req)
        by_program.setdefault(program, (req, []))[1].append((src, dst))
    for program, (req, pairs) in sorted(by_program.items()):
        m.add_program(program, pragmas(req) + '\n'.join(astype_kernel(s, d) for s, d in pairs), req)
        for src, dst in pairs:
            defined = bits_defined(src, dst)
            m.add_case(f'astype.{src.name}.{dst.name}', program, f'astype_{src.name}_{dst.name}',
                       'astype.bits', 'defined' if defined else 'implementation_defined',
                       {'src': src.describe(), 'dst': dst.describe(), 'defined': defined}, req)
    for src, dst in rejected_pairs() + half_rejected_pairs():
        req = tuple(requirements(src, dst))
        program = f'reject_{src.name}_{dst.name}'
        m.add_program(program, pragmas(req) + astype_kernel(src, dst), req)
        m.add_case(f'astype.reject.{src.name}.{dst.name}', program, f'astype_{src.name}_{dst.name}',
                   'compile.reject', 'reject',
                   {'src': src.describe(), 'dst': dst.describe(),
                    'why': f'as_{dst.name} of a {src.size}-byte {src.name}: sizes differ ({src.size} vs {dst.size} bytes)'},
                   req, expect='build_failure')
    return m
