"""The subgroups suite: the sub-group functions of OpenCL C 3.0 spec 6.15.19
and the sub-group work-item queries of 6.15.1: get_sub_group_size,
get_max_sub_group_size, get_num_sub_groups, get_enqueued_num_sub_groups,
get_sub_group_id, get_sub_group_local_id; sub_group_barrier (both forms);
sub_group_all, sub_group_any, sub_group_broadcast, and
sub_group_reduce/scan_inclusive/scan_exclusive with add, min and max over
every gentype the spec allows.

Needs cl_khr_subgroups, or OpenCL C 3.0 with __opencl_c_subgroups (the
capability "cl_khr_subgroups or __opencl_c_subgroups"); the kernels are built as OpenCL C 2.0 or later
(sub_group_barrier's scope form takes a memory_scope). How work-items form
sub-groups is the implementation's choice, so every kernel also records
each work-item's sub-group id, sub-group local id and sub-group size; the
host checks that these partition each work-group consistently and computes
every expected value from the sub-groups the device formed.
"""

from .manifest import Manifest
from . import collective_catalog as cat

SPEC = 'OpenCL C 3.0 spec 6.15.19 Sub-Group Functions and 6.15.1 Work-Item Functions'
# The device capability (harness/device.hpp) names both ways to have them.
SUBGROUPS = 'cl_khr_subgroups or __opencl_c_subgroups'
REQUIRES = ['opencl_c_2.0', SUBGROUPS]

QUERIES = ['get_sub_group_size', 'get_max_sub_group_size', 'get_num_sub_groups', 'get_enqueued_num_sub_groups',
           'get_sub_group_id', 'get_sub_group_local_id']
# A non-uniform NDRange (100 work-items in groups of 32: the last has 4),
# for get_enqueued_num_sub_groups against get_num_sub_groups; needs
# non-uniform work-group support.
NONUNIFORM = {'dims': 1, 'global': [100], 'local': [32]}
# The vote kernels' predicate pattern per sub-group, from the work-group's
# linear id plus the sub-group id, mod 4: 0 every predicate non-zero, 1
# every one zero, 2 zero only at local id (3 s + 1) % n, 3 non-zero only at
# (5 s + 2) % n (s the sub-group id, n its size).
VOTE_PATTERN = ['all non-zero', 'all zero', 'one zero', 'one non-zero']
# sub_group_broadcast's source: sub-group local id (7 s + 3) % n.
BROADCAST = {'mul': 7, 'add': 3}
LOCAL_SLOTS = 2 * cat.MAX_LOCAL  # sub_group_barrier's local buffer: sub-group id * max size + local id


def _ids(indent='  '):
    return (f'{indent}ids[3 * g] = get_sub_group_id();\n'
            f'{indent}ids[3 * g + 1] = get_sub_group_local_id();\n'
            f'{indent}ids[3 * g + 2] = get_sub_group_size();\n')


def _collective_kernel(kind, op, t):
    return (f'__kernel void sg_{kind}_{op}_{t}(__global const {t}* in, __global {t}* out, __global uint* ids)\n'
            '{\n'
            '  size_t g = get_global_linear_id();\n'
            f'  out[g] = sub_group_{kind}_{op}(in[g]);\n' + _ids() + '}\n')


def _broadcast_kernel(t):
    return (f'__kernel void sg_broadcast_{t}(__global const {t}* in, __global {t}* out, __global uint* ids)\n'
            '{\n'
            '  size_t g = get_global_linear_id();\n'
            f'  uint src = (get_sub_group_id() * {BROADCAST["mul"]} + {BROADCAST["add"]}) % get_sub_group_size();\n'
            '  out[g] = sub_group_broadcast(in[g], src);\n' + _ids() + '}\n')


def _vote_kernel(fn):
    return (f'__kernel void sg_{fn}(__global const int* in, __global int* out, __global uint* ids)\n'
            '{\n'
            '  size_t g = get_global_linear_id();\n'
            '  uint s = get_sub_group_id(), l = get_sub_group_local_id(), n = get_sub_group_size();\n'
            f'  uint pattern = (uint)(({cat.group_linear_expr()} + s) % 4);\n'
            '  int v = in[g];\n'
            '  int p = pattern == 0 ? v : pattern == 1 ? 0 : pattern == 2 ? (l == (s * 3 + 1) % n ? 0 : v)\n'
            '                                                              : (l == (s * 5 + 2) % n ? v : 0);\n'
            f'  out[g] = sub_group_{fn}(p);\n' + _ids() + '}\n')


def _barrier_kernel(form):
    call = 'sub_group_barrier(CLK_LOCAL_MEM_FENCE)' if form == 'flags' else \
        'sub_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group)'
    return (f'// Each work-item stores its input in a local slot of its sub-group, then\n'
            f'// after the barrier reads its sub-group neighbour\'s (local id + 1 mod n).\n'
            f'__kernel void sg_barrier_{form}(__global const uint* in, __global uint* out, __global uint* ids)\n'
            '{\n'
            f'  __local uint slots[{LOCAL_SLOTS}];\n'
            '  size_t g = get_global_linear_id();\n'
            '  uint s = get_sub_group_id(), l = get_sub_group_local_id(), n = get_sub_group_size();\n'
            '  uint m = get_max_sub_group_size();\n'
            f'  if (s * m + l < {LOCAL_SLOTS}) slots[s * m + l] = in[g];\n'
            f'  {call};\n'
            '  uint from = s * m + (l + 1) % n;\n'
            f'  out[g] = from < {LOCAL_SLOTS} ? slots[from] : 0xFFFFFFFFu;\n' + _ids() + '}\n')


def _query_kernel():
    lines = ['__kernel void sg_query(__global uint* out)', '{',
             '  size_t g = get_global_linear_id();']
    for i, q in enumerate(QUERIES):
        lines.append(f'  out[{len(QUERIES)} * g + {i}] = {q}();')
    lines.append('}')
    return '\n'.join(lines) + '\n'


def cases():
    """(case id, program, kernel, check, group, params, extra requires, coverage names, coverage cap)."""
    out = []
    p = {'queries': QUERIES, 'shapes': cat.SHAPES, 'values': cat.values(cat.SHAPES) * len(QUERIES)}
    out.append(('subgroups.query.uniform', 'subgroups_int', 'sg_query', 'subgroups.query', 'subgroups.query', p, [],
                QUERIES, 'core'))
    p = {'queries': QUERIES, 'shapes': [NONUNIFORM], 'values': NONUNIFORM['global'][0] * len(QUERIES)}
    out.append(('subgroups.query.nonuniform', 'subgroups_int', 'sg_query', 'subgroups.query', 'subgroups.query', p,
                ['non_uniform_work_groups'], QUERIES, 'core'))
    barrier_shapes = [s for s in cat.SHAPES if s['dims'] == 1]
    for form in ('flags', 'scope'):
        p = {'function': 'sub_group_barrier', 'form': form, 'shapes': barrier_shapes,
             'values': cat.values(barrier_shapes), 'slots': LOCAL_SLOTS}
        out.append((f'subgroups.barrier.{form}', 'subgroups_int', f'sg_barrier_{form}', 'subgroups.barrier',
                    'subgroups.barrier', p, [], ['sub_group_barrier'], 'core'))
    for fn in ('all', 'any'):
        p = {'function': f'sub_group_{fn}', 'shapes': cat.SHAPES, 'values': cat.values(cat.SHAPES),
             'patterns': VOTE_PATTERN}
        out.append((f'subgroups.{fn}', 'subgroups_int', f'sg_{fn}', 'subgroups.vote', 'subgroups.vote', p, [],
                    [f'sub_group_{fn}'], 'core'))
    for tname, fmt, size, treq, cap in cat.TYPES:
        p = {'function': 'sub_group_broadcast', 'type': tname, 'format': fmt, 'bytes': size, 'shapes': cat.SHAPES,
             'values': cat.values(cat.SHAPES), 'inputs': cat.input_class(tname, fmt, 'max'), 'source': BROADCAST}
        out.append((f'subgroups.broadcast.{tname}', f'subgroups_{tname}', f'sg_broadcast_{tname}',
                    'subgroups.broadcast', 'subgroups.broadcast', p, treq, ['sub_group_broadcast'], cap))
        for kind in cat.KINDS:
            for op in cat.OPS:
                p = {'function': f'sub_group_{kind}_{op}', 'kind': kind, 'op': op, 'type': tname, 'format': fmt,
                     'bytes': size, 'shapes': cat.SHAPES, 'values': cat.values(cat.SHAPES),
                     'inputs': cat.input_class(tname, fmt, op)}
                if fmt == 'f' and op == 'add':
                    p['exp_range'] = cat.FLOAT_ADD_EXP[tname]
                out.append((f'subgroups.{kind}_{op}.{tname}', f'subgroups_{tname}', f'sg_{kind}_{op}_{tname}',
                            'subgroups.collective', f'subgroups.{kind}', p, treq, [f'sub_group_{kind}_{op}'], cap))
    return out


def program_sources():
    progs = {}
    for tname, fmt, size, treq, cap in cat.TYPES:
        parts = [_broadcast_kernel(tname)]
        parts += [_collective_kernel(kind, op, tname) for kind in cat.KINDS for op in cat.OPS]
        if tname == 'int':
            parts += [_query_kernel(), _barrier_kernel('flags'), _barrier_kernel('scope'), _vote_kernel('all'),
                      _vote_kernel('any')]
        progs[f'subgroups_{tname}'] = cat.pragmas(tname, subgroups=True) + '\n'.join(parts)
    return progs


def build():
    m = Manifest('subgroups', SPEC)
    treqs = {t[0]: t[3] for t in cat.TYPES}
    for pid, src in program_sources().items():
        m.add_program(pid, src, requires=REQUIRES + treqs[pid[len('subgroups_'):]], cl_std='2.0')
    all_cases = cases()
    for cid, prog, kernel, check, group, params, req, _, _ in all_cases:
        params = dict(params)
        params['cases_in_suite'] = len(all_cases)
        m.add_case(cid, prog, kernel, check, group, params, requires=REQUIRES + req)
    return m


def coverage():
    """Per built-in name: overloads covered and the cases. The queries have
    one overload each; sub_group_barrier two (flags; flags and scope);
    broadcast, reduce and the scans one per type."""
    out = {}
    for cid, prog, kernel, check, group, params, req, names, cap in cases():
        for name in names:
            e = out.setdefault(name, {'overloads': {}, 'cases': []})
            e['cases'].append(cid)
            if name in QUERIES and cid != 'subgroups.query.uniform':
                continue  # counted once
            e['overloads'][cap] = e['overloads'].get(cap, 0) + 1
    return out
