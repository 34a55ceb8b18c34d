"""shuffle and shuffle2 (OpenCL C 6.15.13).

Input and mask sizes are 2, 4, 8 or 16 (the function table's n and m); the
mask's elements are the unsigned integers of the result's element size.
One kernel per element type and function evaluates every (m, n) pair; the
masks are kernel inputs, so the host decides them: for m, n <= 4 work-item g
takes mask number g of that pair's enumeration (every mask, as a launch has
at least 8^4 work-items), for larger pairs random ones. Bits above the ones
the function considers are random, and must be ignored.
"""

from .vectors_common import UNSIGNED_OF_SIZE, describe, header, load_expr, req, store_stmt

SIZES = (2, 4, 8, 16)
X_AT = {2: 0, 4: 4, 8: 8, 16: 16}
Y_OFFSET = 32
IN_STRIDE = 64
GLOBAL_QUICK = 4096  # (2*4)^4 masks of shuffle2 from 4-vectors to 4-vectors
GLOBAL_FULL = 65536


def pairs():
    """(m, n, position) of every pair, and the stride of a work-item's region: widest
    results first so every position is aligned, and a stride that keeps the next
    work-item's 16-vectors aligned too (6.3.5)."""
    out, at = [], 0
    for n in sorted(SIZES, reverse=True):
        for m in SIZES:
            out.append((m, n, at))
            at += n
    return out, (at + 15) // 16 * 16


def add(m, elem):
    e = elem.name
    u = UNSIGNED_OF_SIZE[elem.size]
    program = f'shuffle_{e}'
    layout, stride = pairs()
    sources, cases = [], []
    for fn in ('shuffle', 'shuffle2'):
        lines = []
        for mm, n, at in layout:
            x = load_expr('__global', e, mm, 'p', X_AT[mm])
            y = load_expr('__global', e, mm, 'p', Y_OFFSET + X_AT[mm])
            mask = load_expr('__global', u, n, 'k', at)
            call = f'shuffle({x}, {mask})' if fn == 'shuffle' else f'shuffle2({x}, {y}, {mask})'
            lines.append(store_stmt('__global', e, n, 'o', at, call))
        name = f'{fn}_{e}'
        sources.append(f'__kernel void {name}(__global const {e}* in, __global const {u}* mask, __global {e}* out)\n{{\n'
                       f'  const size_t g = get_global_id(0);\n'
                       f'  __global const {e}* p = in + g * {IN_STRIDE};\n'
                       f'  __global const {u}* k = mask + g * {stride};\n'
                       f'  __global {e}* o = out + g * {stride};\n  ' + '\n  '.join(lines) + '\n}\n')
        params = {'elem': describe(elem), 'function': fn, 'in_stride': IN_STRIDE, 'y_offset': Y_OFFSET,
                  'x_at': {str(k): v for k, v in X_AT.items()}, 'stride': stride,
                  'pairs': [{'m': mm, 'n': n, 'at': at} for mm, n, at in layout],
                  'global_quick': GLOBAL_QUICK, 'global_full': GLOBAL_FULL}
        cases.append((f'vectors.shuffle.{e}.{fn}', name, params))
    m.add_program(program, header(elem) + '\n'.join(sources), req(elem))
    for case_id, kernel, params in cases:
        m.add_case(case_id, program, kernel, 'vectors.shuffle', 'shuffle', params, req(elem))
