"""The NDRanges the workitem suite launches and the values each case checks.

OpenCL C 3.0 spec 6.15.1 (Work-Item Functions). Every shape names its
dimensions, global size, local size (None: the implementation chooses),
global offset and whether its work-groups are uniform. Non-uniform shapes
need an OpenCL 2.0 device (or a 3.0 device that claims
CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT) and a kernel built as OpenCL C 2.0
or later (OpenCL API spec, clEnqueueNDRangeKernel).
"""

# The dimension indices every query is asked about: every valid one and
# indices at and beyond get_work_dim(), whose results 6.15.1 fixes (1 for the
# sizes and counts, 0 for ids and offsets), up to the largest uint.
DIM_INDICES = [0, 1, 2, 3, 31, 0xFFFFFFFF]

# Per dimension index: the OpenCL C 1.1/1.2 queries, then (OpenCL C 2.0 and
# later) get_enqueued_local_size.
QUERIES_1X = ['get_global_size', 'get_global_id', 'get_local_size', 'get_local_id',
              'get_num_groups', 'get_group_id', 'get_global_offset']
QUERIES_2X = QUERIES_1X + ['get_enqueued_local_size']
# Once per work-item: get_work_dim, and for OpenCL C 2.0 the linear ids.
SCALARS_1X = ['get_work_dim']
SCALARS_2X = SCALARS_1X + ['get_global_linear_id', 'get_local_linear_id']


def shape(dims, glob, local, offset=None, name=None):
    offset = offset or [0] * dims
    assert len(glob) == dims and (local is None or len(local) == dims) and len(offset) == dims
    uniform = local is None or all(g % l == 0 for g, l in zip(glob, local))
    parts = ['g' + 'x'.join(map(str, glob)), 'l' + ('x'.join(map(str, local)) if local else 'auto')]
    if any(offset):
        parts.append('o' + 'x'.join(map(str, offset)))
    return {'id': name or f'd{dims}.' + '_'.join(parts), 'dims': dims, 'global': glob, 'local': local,
            'offset': offset, 'uniform': uniform}


# Local sizes stay within 256 work-items and 64 in the third dimension, which
# every full-profile device must allow (CL_DEVICE_MAX_WORK_GROUP_SIZE and
# CL_DEVICE_MAX_WORK_ITEM_SIZES minimum values are 1 and (1,1,1), so the check
# still reports unsupported where the kernel's limit is smaller).
UNIFORM = [
    shape(1, [64], [16]),
    shape(1, [1000], [8], [5]),
    shape(1, [257], [1]),
    shape(1, [256], [256], [1000]),
    shape(1, [96], None),
    shape(2, [16, 12], [4, 3]),
    shape(2, [33, 7], [11, 7], [3, 9]),
    shape(2, [8, 8], [8, 8]),
    shape(2, [20, 6], None),
    shape(3, [8, 6, 4], [2, 3, 2]),
    shape(3, [5, 4, 3], [5, 2, 3], [1, 2, 3]),
    shape(3, [16, 8, 4], [4, 4, 4], [0, 0, 7]),
    shape(3, [6, 4, 2], None),
]

NON_UNIFORM = [
    shape(1, [100], [16]),
    shape(1, [5], [8], [3]),
    shape(2, [17, 10], [4, 4], [2, 1]),
    shape(2, [16, 9], [16, 2]),
    shape(3, [7, 5, 3], [4, 2, 2], [1, 1, 1]),
    shape(3, [9, 9, 9], [2, 4, 8]),
]

for s in NON_UNIFORM:
    assert not s['uniform'], s


def work_items(s):
    n = 1
    for g in s['global']:
        n *= g
    return n


def values_per_item(cl2x):
    queries = QUERIES_2X if cl2x else QUERIES_1X
    scalars = SCALARS_2X if cl2x else SCALARS_1X
    return len(scalars) + len(queries) * len(DIM_INDICES)


def cases():
    """(case id suffix, shape, OpenCL C 2.x kernel?) for every case."""
    out = [('cl1x.' + s['id'], s, False) for s in UNIFORM]
    out += [('cl2x.' + s['id'], s, True) for s in UNIFORM if s['local'] is not None]
    out += [('cl2x.nonuniform.' + s['id'], s, True) for s in NON_UNIFORM]
    return out
