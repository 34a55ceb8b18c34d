"""The async suite: async_work_group_copy, async_work_group_strided_copy,
wait_group_events and prefetch (OpenCL C 3.0 spec 6.15.11) for every gentype.

Every work-group owns a segment of global memory. g2l kernels copy into
local memory asynchronously, wait, then store the local array to the output
with plain stores; l2g kernels fill the local array with plain stores, then
copy it out asynchronously. The host checks every copied element bit for
bit and that every element outside the copy keeps its sentinel.
"""

from .manifest import Manifest
from . import async_catalog as cat
from .types import WIDTHS

SPEC = ('OpenCL C 3.0 spec 6.15.11 Async Copies From Global to Local Memory, Local to Global Memory, '
        'and Prefetch')

OP_CODES = {op: i for i, op in enumerate(cat.OPERATIONS)}


def op_body(op, t):
    out_a = '    for (size_t i = lid; i < count; i += ls) dst[base + i] = a[i];\n'
    fill_a = ''  # done before the switch, so that the barrier is outside it
    if op == 'copy_g2l':
        return ('    event_t e = async_work_group_copy(a, src + base, count, 0);\n'
                '    wait_group_events(1, &e);\n' + out_a)
    if op == 'strided_g2l':
        return ('    event_t e = async_work_group_strided_copy(a, src + base, count, stride, 0);\n'
                '    wait_group_events(1, &e);\n' + out_a)
    if op == 'copy_l2g':
        return fill_a + ('    event_t e = async_work_group_copy(dst + base, a, count, 0);\n'
                         '    wait_group_events(1, &e);\n')
    if op == 'strided_l2g':
        return fill_a + ('    event_t e = async_work_group_strided_copy(dst + base, a, count, stride, 0);\n'
                         '    wait_group_events(1, &e);\n')
    if op == 'multi':
        return ('    size_t h = count / 2;\n'
                '    event_t e1 = async_work_group_copy(a, src + base, h, 0);\n'
                '    e1 = async_work_group_copy(a + h, src + base + h, count - h, e1);\n'
                '    event_t e2 = async_work_group_strided_copy(b, src + base, count, stride, 0);\n'
                '    event_t ev[2] = {e1, e2};\n'
                '    wait_group_events(2, ev);\n' + out_a +
                '    for (size_t i = lid; i < count; i += ls) dst[base + cap + i] = b[i];\n')
    if op == 'prefetch':
        return ('    prefetch(src + base, (size_t)count * stride);\n'
                '    prefetch(src + base + lid, 1);\n'
                '    for (size_t i = lid; i < count; i += ls) dst[base + i] = src[base + i];\n')
    raise ValueError(op)


def kernel(t):
    """One kernel per type: OP (the same for every work-item, as 6.15.11
    requires of async copies in a conditional) selects the operation; the
    local arrays come from the host (clSetKernelArg with a size), so that
    each launch holds only what it uses. Fewer kernels also keep the
    per-kernel compile cost of CPU devices down."""
    lines = [f'__kernel void async_{t}(__global const {t}* src, __global {t}* dst, uint count, uint stride,',
             f'                         uint cap, uint seg, uint op, __local {t}* a, __local {t}* b)',
             '{',
             '  size_t g = get_group_id(0), lid = get_local_id(0), ls = get_local_size(0);',
             '  size_t base = g * seg;',
             f'  if (op == {OP_CODES["copy_l2g"]} || op == {OP_CODES["strided_l2g"]}) {{',
             '    // The local to global copies start from a local array filled by plain stores.',
             '    for (size_t i = lid; i < count; i += ls) a[i] = src[base + i];',
             '  }',
             '  barrier(CLK_LOCAL_MEM_FENCE);',
             '  switch (op) {']
    for op, code in OP_CODES.items():
        lines.append(f'  case {code}: {{  // {op}')
        lines.append(op_body(op, t).rstrip('\n'))
        lines.append('    break;')
        lines.append('  }')
    lines += ['  }', '}', '']
    return '\n'.join(lines)


def program(elem):
    pragma = ''
    if elem.name == 'double':
        pragma = '#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n'
    if elem.name == 'half':
        pragma = '#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n'
    return pragma + '\n'.join(kernel(elem.name if n == 1 else f'{elem.name}{n}') for n in WIDTHS)


def build():
    m = Manifest('async', SPEC)
    for elem in cat.ELEMENT_TYPES:
        prog = f'async_{elem.name}'
        m.add_program(prog, program(elem), requires=elem.requires)
        for n in WIDTHS:
            t = elem.name if n == 1 else f'{elem.name}{n}'
            storage = elem.size * (4 if n == 3 else n)
            cap = cat.capacity(storage)
            for op, what in cat.OPERATIONS.items():
                params = {'op': op, 'what': what, 'type': {'name': t, 'elem': elem.name, 'kind': elem.kind,
                                                            'elem_size': elem.size, 'n': n},
                          'capacity': cap, 'segment': cat.segment(cap), 'local_size': cat.LOCAL_SIZE,
                          'groups': cat.GROUPS, 'launches': [list(x) for x in cat.launches(cap, op)]}
                params['op_code'] = OP_CODES[op]
                m.add_case(f'async.{op}.{t}', prog, f'async_{t}', 'async.copy', f'async.{op}', params,
                           requires=elem.requires)
    return m
