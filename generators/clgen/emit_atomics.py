"""The atomics suite: OpenCL C 3.0 spec 6.15.12.

Every read-modify-write case launches GLOBAL_ITEMS work-items, each doing
REPS operations on one of NADDR addresses in global or local memory and
recording every returned old value; the host checks that each address's
final value and old values admit a serial order of the operations
(reference/atomic_history.hpp). The C11-style atomic_flag and
atomic_init/store/load have their own checks.
"""

from .manifest import Manifest
from . import atomics_catalog as cat

SPEC = 'OpenCL C 3.0 spec 6.15.12 Atomic Functions (6.15.12.7 C11-style, 6.15.12.8-9 legacy)'

PRAGMAS_64 = ('#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n'
              '#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable\n')


def legacy_call(op, t, p):
    fn = ('atom_' if cat.TYPES[t][0] == 64 else 'atomic_')
    if op in ('inc', 'dec'):
        return f'{fn}{op}({p})'
    if op == 'cmpxchg':
        return f'{fn}cmpxchg({p}, cmps[j], vals[j])'
    return f'{fn}{op}({p}, vals[j])'


# The order a failed compare-exchange loads with: never a release (6.15.12.7.5).
FAILURE_ORDER = {'relaxed': 'relaxed', 'acq_rel': 'acquire', 'acquire': 'acquire', 'release': 'relaxed',
                 'seq_cst': 'seq_cst'}


def _scope(space, scope):
    return 'memory_scope_' + (scope or ('work_group' if space == 'local' else 'device'))


def c11_call(op, t, p, order, space, scope=None):
    if op.startswith('compare_exchange'):
        return None
    if order == 'seq_cst' and not scope:
        return f'atomic_{op}({p}, vals[j])'
    return f'atomic_{op}_explicit({p}, vals[j], memory_order_{order}, {_scope(space, scope)})'


def c11_cmpxchg_loop(op, p, order, space, t, scope=None):
    call = (f'atomic_{op}({p}, &cur, vals[j])' if order == 'seq_cst' and not scope else
            f'atomic_{op}_explicit({p}, &cur, vals[j], memory_order_{order}, '
            f'memory_order_{FAILURE_ORDER[order]}, {_scope(space, scope)})')
    # On failure the call loads the current value into cur (6.15.12.7.5).
    return (f'{t} cur = cmps[j];\n'
            f'      while (!{call}) {{}}\n'
            f'      olds[j] = cur;')


def legacy_loop(t, p):
    fn = ('atom_' if cat.TYPES[t][0] == 64 else 'atomic_')
    return (f'{t} cur = cmps[j];\n'
            f'      for (;;) {{ {t} prev = {fn}cmpxchg({p}, cur, vals[j]); if (prev == cur) break; cur = prev; }}\n'
            f'      olds[j] = cur;')


def rmw_kernel(name, t, space, body_for, atomic_t, generic=False):
    """BODY_FOR(p) gives the statement(s) of one operation on pointer p;
    GENERIC: p is a generic pointer (6.7.5) to the same memory."""
    head = (f'__kernel void {name}(__global const {t}* vals, __global const {t}* cmps, '
            f'__global {t}* mem, __global {t}* olds, uint naddr, uint reps)\n{{\n'
            '  size_t i = get_global_id(0);\n')
    if space == 'global':
        ptr = f'(volatile __global {atomic_t}*)mem + i % naddr'
        pre, post = '', ''
    else:
        # cl_ext_float_atomics gives atomic_half stores and loads but no atomic_init.
        init = ('l[a] = mem[g * naddr + a]' if atomic_t == t else
                'atomic_store_explicit(&l[a], mem[g * naddr + a], memory_order_relaxed, memory_scope_work_group)'
                if atomic_t == 'atomic_half' else 'atomic_init(&l[a], mem[g * naddr + a])')
        load = ('atomic_load_explicit(&l[a], memory_order_relaxed, memory_scope_work_group)'
                if atomic_t != t else 'l[a]')
        fence = 'work_group_barrier' if atomic_t != t else 'barrier'
        pre = (f'  __local volatile {atomic_t} l[{cat.LOCAL_SLOTS}];\n'
               '  size_t lid = get_local_id(0), g = get_group_id(0), ls = get_local_size(0);\n'
               f'  for (size_t a = lid; a < naddr; a += ls) {init};\n'
               f'  {fence}(CLK_LOCAL_MEM_FENCE);\n')
        post = (f'  {fence}(CLK_LOCAL_MEM_FENCE);\n'
                f'  for (size_t a = lid; a < naddr; a += ls) mem[g * naddr + a] = {load};\n')
        ptr = 'l + lid % naddr'
    p = 'p'
    qual = 'volatile' if generic else 'volatile __global' if space == 'global' else 'volatile __local'
    return (head + pre +
            f'  {qual} {atomic_t}* p = {ptr};\n'
            '  for (uint k = 0; k < reps; ++k) {\n'
            '    size_t j = i * reps + k;\n'
            '    {\n'
            f'      {body_for(p)}\n'
            '    }\n'
            '  }\n' + post + '}\n')


def atomic_type(t):
    return 'atomic_' + t


def flag_kernel(name, explicit=True):
    # Per group and address: clear, then every work-item tests and sets;
    # exactly one must see the flag clear (6.15.12.7.6). EXPLICIT: relaxed at
    # work-group scope; else the forms without _explicit (seq_cst, device scope).
    clear = ('atomic_flag_clear_explicit(&f[a], memory_order_relaxed, memory_scope_work_group)' if explicit
             else 'atomic_flag_clear(&f[a])')
    test = ('atomic_flag_test_and_set_explicit(&f[lid % naddr], memory_order_relaxed, memory_scope_work_group)'
            if explicit else 'atomic_flag_test_and_set(&f[lid % naddr])')
    return (f'__kernel void {name}(__global uint* seen, uint naddr)\n{{\n'
            f'  __local atomic_flag f[{cat.LOCAL_SLOTS}];\n'
            '  size_t lid = get_local_id(0), g = get_group_id(0), ls = get_local_size(0);\n'
            '  for (size_t a = lid; a < naddr; a += ls)\n'
            f'    {clear};\n'
            '  work_group_barrier(CLK_LOCAL_MEM_FENCE);\n'
            f'  bool was = {test};\n'
            '  seen[get_global_id(0)] = was ? 1u : 0u;\n}\n')


def store_load_kernel(name, order):
    # One work-item of each group stores, every one loads after a barrier:
    # all must load the stored value (6.15.12.7.1-2 with 6.15.8).
    # acq_rel: a release store and acquire loads.
    if order == 'seq_cst':
        store, load = 'atomic_store(&x, v)', 'atomic_load(&x)'
    else:
        st, ld = ('release', 'acquire') if order == 'acq_rel' else (order, order)
        store = f'atomic_store_explicit(&x, v, memory_order_{st}, memory_scope_work_group)'
        load = f'atomic_load_explicit(&x, memory_order_{ld}, memory_scope_work_group)'
    return (f'__kernel void {name}(__global const uint* in, __global uint* out)\n{{\n'
            '  __local atomic_uint x;\n'
            '  size_t lid = get_local_id(0), g = get_group_id(0);\n'
            '  if (lid == 0) atomic_init(&x, 0u);\n'
            '  work_group_barrier(CLK_LOCAL_MEM_FENCE);\n'
            '  uint v = in[g];\n'
            f'  if (lid == 1) {store};\n'
            '  work_group_barrier(CLK_LOCAL_MEM_FENCE);\n'
            f'  out[get_global_id(0)] = {load};\n}}\n')


def common_params(t, space):
    bits, signed = cat.TYPES[t]
    return {'type': t, 'bits': bits, 'signed': signed, 'space': space, 'global_items': cat.GLOBAL_ITEMS,
            'local_size': cat.LOCAL_SIZE, 'reps': cat.REPS, 'naddr': cat.NADDR[space],
            'operations_per_launch': cat.operations(),
            'histories': [cat.histories(space, n) for n in cat.NADDR[space]]}


def build():
    m = Manifest('atomics', SPEC)
    for t in cat.TYPES:
        for space in cat.SPACES:
            prog = f'legacy_{t}_{space}'
            src = PRAGMAS_64 if cat.TYPES[t][0] == 64 else ''
            names = []
            for op, kind in cat.LEGACY_OPS.items():
                name = f'legacy_{op}_{t}_{space}'
                body = (lambda p, op=op: legacy_loop(t, p)) if op == 'cmpxchg_loop' else \
                    (lambda p, op=op: f'olds[j] = {legacy_call(op, t, p)};')
                src += rmw_kernel(name, t, space, body, t) + '\n'
                names.append((op, kind, name))
            m.add_program(prog, src)
            for op, kind, name in names:
                params = common_params(t, space)
                params.update({'op': op, 'host_op': op})
                m.add_case(f'atomics.legacy.{t}.{space}.{op}', prog, name, 'atomics.rmw', f'atomics.legacy.{t}',
                           params, requires=cat.legacy_requires(t, space, kind))
    # (space, scope, generic, order): every order at the narrowest scope, then the variants.
    combos = [(space, None, False, order, False) for space in cat.SPACES for order in cat.RMW_ORDERS] + cat.VARIANTS
    for t in cat.TYPES:
        for space, scope, generic, order, svm in combos:
            where = ('svm_' if svm else '') + ('generic_' if generic else '') + space + (f'_{scope}' if scope else '')
            prog = f'c11_{t}_{where}_{order}'
            src = PRAGMAS_64 if cat.TYPES[t][0] == 64 else ''
            names = []
            for op, host_op in cat.C11_OPS.items():
                name = f'c11_{op}_{t}_{where}_{order}'
                if host_op == 'cmpxchg_loop':
                    body = lambda p, op=op: c11_cmpxchg_loop(op, p, order, space, t, scope)
                else:
                    body = lambda p, op=op: f'olds[j] = {c11_call(op, t, p, order, space, scope)};'
                src += rmw_kernel(name, t, space, body, atomic_type(t), generic) + '\n'
                names.append((op, host_op, name))
            reqs = cat.c11_requires(t, space, order, scope, generic, svm)
            m.add_program(prog, src, requires=reqs, cl_std='2.0')
            for op, host_op, name in names:
                params = common_params(t, space)
                params.update({'op': op, 'host_op': host_op, 'order': order, 'scope': _scope(space, scope),
                               'generic': generic, 'svm': svm})
                m.add_case(f'atomics.c11.{t}.{where}.{order}.{op}', prog, name, 'atomics.rmw',
                           f'atomics.c11.{t}', params, requires=reqs)
    for t, (bits, fp, treq) in cat.FLOAT_TYPES.items():
        for space in cat.SPACES:
            for order in cat.FLOAT_ORDERS:
                for op, (host_op, feature) in cat.FLOAT_OPS.items():
                    # One program per operation: a device may have add but not min/max.
                    name = f'c11_{op}_{t}_{space}_{order}'
                    pragmas = ('#ifdef cl_khr_fp64\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n'
                               if t == 'double' else '#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n'
                               if t == 'half' else '')
                    naddr = cat.FLOAT_NADDR.get(t, cat.NADDR)[space]
                    body = lambda p, op=op, order=order, space=space: f'olds[j] = {c11_call(op, t, p, order, space)};'
                    reqs = cat.float_requires(t, space, op, order)
                    m.add_program(name, pragmas + rmw_kernel(name, t, space, body, atomic_type(t)), requires=reqs,
                                  cl_std='2.0')
                    params = {'type': t, 'bits': bits, 'signed': True, 'float': True, 'space': space,
                              'global_items': cat.GLOBAL_ITEMS, 'local_size': cat.LOCAL_SIZE, 'reps': cat.REPS,
                              'naddr': naddr, 'operations_per_launch': cat.operations(),
                              'histories': [cat.histories(space, n) for n in naddr],
                              'op': op, 'host_op': host_op, 'order': order, 'scope': _scope(space, None),
                              'generic': False}
                    m.add_case(f'atomics.c11.{t}.{space}.{order}.{op}', name, name, 'atomics.rmw',
                               f'atomics.c11.{t}', params, requires=reqs)
    m.add_program('c11_flag', flag_kernel('c11_flag_local'), requires=['opencl_c_2.0'], cl_std='2.0')
    m.add_case('atomics.c11.flag.local', 'c11_flag', 'c11_flag_local', 'atomics.flag', 'atomics.c11.misc',
               {'global_items': cat.GLOBAL_ITEMS, 'local_size': cat.LOCAL_SIZE, 'naddr': [1, 8]},
               requires=['opencl_c_2.0'])
    seq = ['opencl_c_2.0', '__opencl_c_atomic_order_seq_cst', '__opencl_c_atomic_scope_device']
    m.add_program('c11_flag_seq_cst', flag_kernel('c11_flag_local_seq_cst', explicit=False), requires=seq,
                  cl_std='2.0')
    m.add_case('atomics.c11.flag.local.seq_cst', 'c11_flag_seq_cst', 'c11_flag_local_seq_cst', 'atomics.flag',
               'atomics.c11.misc', {'global_items': cat.GLOBAL_ITEMS, 'local_size': cat.LOCAL_SIZE, 'naddr': [1, 8]},
               requires=seq)
    for order in cat.C11_ORDERS:
        reqs = ['opencl_c_2.0'] + {'relaxed': [], 'acq_rel': ['__opencl_c_atomic_order_acq_rel'],
                                   'seq_cst': ['__opencl_c_atomic_order_seq_cst',
                                               '__opencl_c_atomic_scope_device']}[order]
        m.add_program(f'c11_store_load_{order}', store_load_kernel(f'c11_store_load_{order}', order),
                      requires=reqs, cl_std='2.0')
        m.add_case(f'atomics.c11.store_load.local.{order}', f'c11_store_load_{order}', f'c11_store_load_{order}',
                   'atomics.store_load', 'atomics.c11.misc',
                   {'global_items': cat.GLOBAL_ITEMS, 'local_size': cat.LOCAL_SIZE, 'order': order},
                   requires=reqs)
    return m
