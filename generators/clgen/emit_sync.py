"""The sync suite: barriers and fences whose absence or ineffectiveness
makes the result wrong.

- exchange: PHASES rounds in which every work-item stores a value, waits at
  the barrier under test, loads another work-item's value (a different
  permutation each round), and waits again before the next store; through
  local memory or a global scratch buffer.
- reduce: a tree sum in local memory, one barrier per level.
- fence: message passing inside a work-group, data then a relaxed atomic
  flag, ordered by the fence under test (OpenCL C 2.0 memory model).
- selftest: the exchange kernel without its barriers, which must be caught.
"""

from .manifest import Manifest
from . import sync_catalog as cat

SPEC = ('OpenCL C 3.0 spec 6.15.8 Synchronization Functions, 6.15.9 Legacy Explicit Memory Fence Functions, '
        '6.15.12.5 Fences')


def exchange_kernel(name, space, barrier):
    """BARRIER is the statement under test; '' removes it (the self-test)."""
    sync = f'    {barrier};\n' if barrier else ''
    if space == 'local':
        decl = '  __local uint x[256];\n'
        slot = 'x'
    else:
        decl = '  __global uint* x = scratch + get_group_id(0) * get_local_size(0);\n'
        slot = 'x'
    # The slot read in phase p: a rotation by a phase-dependent amount of the
    # reversed index, so every phase reads a different work-item's value.
    return (f'__kernel void {name}(__global const uint* in, __global uint* scratch, __global uint* out)\n{{\n'
            + decl +
            '  uint lid = get_local_id(0), n = get_local_size(0);\n'
            '  uint v = in[get_global_id(0)];\n'
            f'  for (uint p = 0; p < {cat.PHASES}u; ++p) {{\n'
            f'    {slot}[lid] = v;\n'
            + sync +
            f'    uint w = {slot}[(n - 1u - lid + p * 3u) % n];\n'
            + sync +
            '    v = w * 2654435761u + (v ^ p);\n'
            '  }\n'
            '  out[get_global_id(0)] = v;\n}\n')


def reduce_kernel(name, barrier):
    return (f'__kernel void {name}(__global const uint* in, __global uint* scratch, __global uint* out)\n{{\n'
            '  __local uint x[256];\n'
            '  uint lid = get_local_id(0), n = get_local_size(0);\n'
            '  x[lid] = in[get_global_id(0)];\n'
            f'  {barrier};\n'
            '  uint h = 1;\n'
            '  while (h < n) h <<= 1;\n'
            '  for (h >>= 1; h > 0; h >>= 1) {\n'
            '    if (lid < h && lid + h < n) x[lid] += x[lid + h];\n'
            f'    {barrier};\n'
            '  }\n'
            '  out[get_global_id(0)] = x[0];\n}\n')


def fence_stmt(f, flags):
    if '@' in f:
        fn, order = f.split('@')
        return f'{fn}({flags}, memory_order_{order}, memory_scope_work_group)'
    return f'{f}({flags})'


def fence_kernel(name, space, producer_fence, consumer_fence):
    flags = 'CLK_LOCAL_MEM_FENCE' if space == 'local' else 'CLK_GLOBAL_MEM_FENCE'
    half = cat.FENCE_LOCAL_SIZE // 2
    if space == 'local':
        decl = (f'  __local uint data[{half}];\n'
                f'  __local atomic_uint flag[{half}];\n')
        flag_scope = 'memory_scope_work_group'
    else:
        decl = (f'  __global uint* data = gdata + get_group_id(0) * {half};\n'
                f'  volatile __global atomic_uint* flag = gflag + get_group_id(0) * {half};\n')
        flag_scope = 'memory_scope_work_group'
    return (f'__kernel void {name}(__global const uint* tokens, __global uint* gdata, '
            f'__global atomic_uint* gflag, __global uint* out)\n{{\n'
            + decl +
            f'  uint lid = get_local_id(0), pair = lid % {half}u;\n'
            f'  size_t g = get_group_id(0);\n'
            f'  if (lid < {half}u) {{ data[pair] = 0u; atomic_init(&flag[pair], 0u); }}\n'
            '  work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n'
            f'  for (uint r = 0; r < {cat.FENCE_ROUNDS}u; ++r) {{\n'
            f'    uint token = tokens[(g * {cat.FENCE_ROUNDS}u + r) * {half}u + pair];\n'
            f'    if (lid < {half}u) {{\n'
            '      data[pair] = token;\n'
            f'      {fence_stmt(producer_fence, flags)};\n'
            f'      atomic_store_explicit(&flag[pair], r + 1u, memory_order_relaxed, {flag_scope});\n'
            '    } else {\n'
            '      uint seen = 0, spins = 0;\n'
            f'      while ((seen = atomic_load_explicit(&flag[pair], memory_order_relaxed, {flag_scope})) != r + 1u &&\n'
            f'             ++spins < {cat.FENCE_SPIN}u) {{}}\n'
            '      uint got = 0xFFFFFFFFu;\n'
            '      if (seen == r + 1u) {\n'
            f'        {fence_stmt(consumer_fence, flags)};\n'
            '        got = data[pair];\n'
            '      }\n'
            f'      out[(g * {cat.FENCE_ROUNDS}u + r) * {half}u + pair] = got;\n'
            '    }\n'
            '    work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n'
            '  }\n}\n')


def shape_params(local):
    return {'local_size': local, 'groups': cat.GROUPS, 'global_items': local * cat.GROUPS,
            'phases': cat.PHASES, 'launches': cat.LAUNCHES}


def build():
    m = Manifest('sync', SPEC)
    for space, barriers in (('local', cat.LOCAL_BARRIERS), ('global', cat.GLOBAL_BARRIERS)):
        for bid, stmt, cl2x in barriers:
            prog = f'exchange_{space}_{bid}'
            m.add_program(prog, exchange_kernel(prog, space, stmt), requires=['opencl_c_2.0'] if cl2x else [],
                          cl_std='2.0' if cl2x else None)
            for local in cat.LOCAL_SIZES:
                p = shape_params(local)
                p.update({'kernel_kind': 'exchange', 'barrier': stmt, 'space': space})
                m.add_case(f'sync.exchange.{space}.{bid}.l{local}', prog, prog, 'sync.exchange',
                           f'sync.exchange.{space}', p, requires=['opencl_c_2.0'] if cl2x else [])
    for bid, stmt, cl2x in cat.LOCAL_BARRIERS[:1] + cat.LOCAL_BARRIERS[2:3]:
        prog = f'reduce_{bid}'
        m.add_program(prog, reduce_kernel(prog, stmt), requires=['opencl_c_2.0'] if cl2x else [],
                      cl_std='2.0' if cl2x else None)
        for local in cat.LOCAL_SIZES:
            p = shape_params(local)
            p.update({'kernel_kind': 'reduce', 'barrier': stmt, 'space': 'local'})
            m.add_case(f'sync.reduce.{bid}.l{local}', prog, prog, 'sync.exchange', 'sync.reduce', p,
                       requires=['opencl_c_2.0'] if cl2x else [])
    fence_req = ['opencl_c_2.0', '__opencl_c_atomic_order_acq_rel']
    for space in ('local', 'global'):
        for fid, pf, cf in cat.FENCES:
            prog = f'fence_{space}_{fid}'
            m.add_program(prog, fence_kernel(prog, space, pf, cf), requires=fence_req, cl_std='2.0')
            m.add_case(f'sync.fence.{space}.{fid}', prog, prog, 'sync.fence', 'sync.fence',
                       {'local_size': cat.FENCE_LOCAL_SIZE, 'groups': cat.GROUPS, 'rounds': cat.FENCE_ROUNDS,
                        'producer': pf, 'consumer': cf, 'space': space, 'launches': cat.LAUNCHES},
                       requires=fence_req)
    # The self-test: the exchange without barriers, in one 256-wide group per
    # launch so that work-items run in several batches on every device.
    prog = 'exchange_local_no_barrier'
    m.add_program(prog, exchange_kernel(prog, 'local', ''))
    p = shape_params(256)
    p.update({'kernel_kind': 'exchange', 'barrier': '', 'space': 'local'})
    m.add_case('sync.selftest.exchange_without_barrier', prog, prog, 'sync.selftest', 'sync.selftest', p)
    return m
