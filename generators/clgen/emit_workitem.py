"""The workitem suite: every work-item function of OpenCL C 3.0 spec 6.15.1
over NDRanges of 1, 2 and 3 dimensions, with and without a global offset,
with chosen and implementation-chosen local sizes, uniform and (OpenCL C 2.0
and later) non-uniform work-groups, at every dimension index below
get_work_dim() and at several beyond it.

Each work-item takes a record slot with atomic_inc (a core function since
OpenCL C 1.1, 6.15.11) and writes every query's result there; the host
matches records to work-items by their reported global ids and compares
each value with what its own description of the NDRange gives.
"""

from .manifest import Manifest
from . import workitem_catalog as cat

SPEC = 'OpenCL C 3.0 spec 6.15.1 Work-Item Functions'


def kernel(name, cl2x):
    queries = cat.QUERIES_2X if cl2x else cat.QUERIES_1X
    scalars = cat.SCALARS_2X if cl2x else cat.SCALARS_1X
    per_item = cat.values_per_item(cl2x)
    lines = [f'// {per_item} values per work-item: {", ".join(scalars)}, then for each of the',
             f'// {len(cat.DIM_INDICES)} dimension indices in DIMS: {", ".join(queries)}.',
             f'__kernel void {name}(__global const uint* dims, __global volatile uint* counter, __global ulong* out)',
             '{',
             '  uint slot = atomic_inc(counter);',
             f'  __global ulong* r = out + (size_t)slot * {per_item};']
    for i, f in enumerate(scalars):
        lines.append(f'  r[{i}] = (ulong){f}();')
    lines.append(f'  for (int k = 0; k < {len(cat.DIM_INDICES)}; ++k) {{')
    lines.append('    uint d = dims[k];')
    lines.append(f'    __global ulong* q = r + {len(scalars)} + k * {len(queries)};')
    for i, f in enumerate(queries):
        lines.append(f'    q[{i}] = (ulong){f}(d);')
    lines.append('  }')
    lines.append('}')
    return '\n'.join(lines) + '\n'


def build():
    m = Manifest('workitem', SPEC)
    m.add_program('workitem_cl1x', kernel('workitem_cl1x', False))
    m.add_program('workitem_cl2x', kernel('workitem_cl2x', True), cl_std='2.0')
    for suffix, s, cl2x in cat.cases():
        requires = ['opencl_c_2.0'] if cl2x else []
        if not s['uniform']:
            requires.append('non_uniform_work_groups')
        n = cat.work_items(s)
        per_item = cat.values_per_item(cl2x)
        params = dict(s)
        params.update({'dim_indices': cat.DIM_INDICES, 'cl2x': cl2x, 'work_items': n,
                       'values_per_item': per_item, 'values': n * per_item,
                       'queries': cat.QUERIES_2X if cl2x else cat.QUERIES_1X,
                       'scalars': cat.SCALARS_2X if cl2x else cat.SCALARS_1X})
        group = 'workitem.' + ('nonuniform' if not s['uniform'] else 'cl2x' if cl2x else 'cl1x')
        m.add_case('workitem.' + suffix, 'workitem_cl2x' if cl2x else 'workitem_cl1x',
                   'workitem_cl2x' if cl2x else 'workitem_cl1x', 'workitem.ndrange', group, params,
                   requires=requires)
    return m
