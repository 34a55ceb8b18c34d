"""vloadn and vstoren (OpenCL C 6.15.7).

vloadn(offset, p) reads n elements from p + offset * n and vstoren writes
n elements there; only element alignment is required, and n = 3 reads and
writes 3 packed elements. One kernel per element type, address space and
direction runs in a single work-item and loops over every offset 0..7 and
every base misalignment 0..3 elements, at every width. vloadn reads from
__global, __local, __private and __constant; vstoren writes to __global,
__local and __private (there is no vstoren to __constant).

Loads: the source holds SPAN distinct elements; combination (mis, off)
stores its width-n result at OUT_AT[n] of region mis * 8 + off.
Stores: each (mis, off, n) gets a region of SPAN elements, first filled
with the background elements in[VALUES:], then vstoren of the width-n value
at in[OUT_AT[n]]; the host expects the background everywhere except the n
stored elements.
"""

from .vectors_common import WIDTHS, describe, header, load_expr, req, store_stmt

OFFSETS = 8
MISALIGNMENTS = 4
SPAN = MISALIGNMENTS - 1 + (OFFSETS - 1) * 16 + 16  # the farthest element any access touches, plus one
OUT_AT = {2: 0, 3: 4, 4: 8, 8: 16, 16: 32}
LOAD_STRIDE = 48
VALUES = 48  # store kernels: values at [0, 48), background at [48, 48 + SPAN)
LOAD_SPACES = ('global', 'local', 'private', 'constant')
STORE_SPACES = ('global', 'local', 'private')


def copy_source(space, e):
    """Statements that give `src`, in SPACE, the kernel's input elements [0, SPAN)."""
    if space in ('global', 'constant'):
        return [f'__{space} const {e}* src = in;']
    decl = f'__local {e} src[{SPAN}];' if space == 'local' else f'{e} src[{SPAN}];'
    return [decl, f'for (int i = 0; i < {SPAN}; ++i) src[i] = in[i];']


def load_kernel(elem, space):
    e = elem.name
    arg_space = '__constant' if space == 'constant' else '__global'
    body = copy_source(space, e)
    body.append(f'for (uint mis = 0; mis < {MISALIGNMENTS}; ++mis) for (uint off = 0; off < {OFFSETS}; ++off) {{')
    body.append(f'  __global {e}* o = out + (mis * {OFFSETS} + off) * {LOAD_STRIDE};')
    for n in WIDTHS:
        body.append('  ' + store_stmt('__global', e, n, 'o', OUT_AT[n], f'vload{n}(off, src + mis)'))
    body.append('}')
    name = f'vload_{space}_{e}'
    src = (f'__kernel void {name}({arg_space} const {e}* in, __global {e}* out)\n{{\n  '
           + '\n  '.join(body) + '\n}\n')
    return name, src, {'direction': 'load', 'span': SPAN, 'stride': LOAD_STRIDE}


def store_kernel(elem, space):
    e = elem.name
    body = []
    if space == 'local':
        body.append(f'__local {e} region[{SPAN}];')
    elif space == 'private':
        body.append(f'{e} region[{SPAN}];')
    body.append(f'for (uint mis = 0; mis < {MISALIGNMENTS}; ++mis) for (uint off = 0; off < {OFFSETS}; ++off) {{')
    for i, n in enumerate(WIDTHS):
        o = f'out + ((mis * {OFFSETS} + off) * {len(WIDTHS)} + {i}) * {SPAN}'
        target = 'o' if space == 'global' else 'region'
        body.append(f'  {{ __global {e}* o = {o};')
        body.append(f'    for (int i = 0; i < {SPAN}; ++i) {target}[i] = in[{VALUES} + i];')
        body.append(f'    vstore{n}({load_expr("__global", e, n, "in", OUT_AT[n])}, off, {target} + mis);')
        if space != 'global':
            body.append(f'    for (int i = 0; i < {SPAN}; ++i) o[i] = region[i];')
        body.append('  }')
    body.append('}')
    name = f'vstore_{space}_{e}'
    src = f'__kernel void {name}(__global const {e}* in, __global {e}* out)\n{{\n  ' + '\n  '.join(body) + '\n}\n'
    return name, src, {'direction': 'store', 'span': SPAN, 'values': VALUES}


def add(m, elem):
    program = f'loadstore_{elem.name}'
    sources, cases = [], []
    for direction, spaces, make in (('vload', LOAD_SPACES, load_kernel), ('vstore', STORE_SPACES, store_kernel)):
        for space in spaces:
            name, src, params = make(elem, space)
            sources.append(src)
            params.update({'elem': describe(elem), 'space': space, 'offsets': OFFSETS,
                           'misalignments': MISALIGNMENTS, 'out_at': {str(k): v for k, v in OUT_AT.items()}})
            cases.append((f'vectors.loadstore.{elem.name}.{direction}_{space}', name, params))
    m.add_program(program, header(elem) + '\n'.join(sources), req(elem))
    for case_id, kernel, params in cases:
        m.add_case(case_id, program, kernel, 'vectors.loadstore', 'loadstore', params, req(elem))
