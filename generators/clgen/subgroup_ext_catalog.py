"""The catalog of the sub-group extensions of OpenCL C spec 6.15.20.1 to
6.15.20.7 (ballot, clustered reductions, non-uniform arithmetic, non-uniform
vote, rotation, shuffles, relative shuffles: cl_khr_subgroup_ballot,
_clustered_reduce, _non_uniform_arithmetic, _non_uniform_vote, _rotate,
_shuffle, _shuffle_relative):
each function with the type list its section gives, written once as data.
builtins_spec.py counts the spec's overloads from these lists, and the
subgroup_ext suite makes one case per function and type from them, so both
counts come from the same lists.
"""

# (type, WrongBits format, bytes, capabilities the type needs, coverage capability)
SCALARS = [
    ('char', 'i', 1, [], 'core'),
    ('uchar', 'u', 1, [], 'core'),
    ('short', 'i', 2, [], 'core'),
    ('ushort', 'u', 2, [], 'core'),
    ('int', 'i', 4, [], 'core'),
    ('uint', 'u', 4, [], 'core'),
    ('long', 'i', 8, ['__opencl_c_int64'], 'core'),
    ('ulong', 'u', 8, ['__opencl_c_int64'], 'core'),
    ('float', 'f', 4, [], 'core'),
    ('double', 'f', 8, ['fp64'], 'fp64'),
    ('half', 'f', 2, ['fp16'], 'fp16'),
]
INTEGERS = [t for t in SCALARS if t[1] != 'f']
INT_ONLY = [t for t in SCALARS if t[0] == 'int']
VECTOR_WIDTHS = [1, 2, 3, 4, 8, 16]

# What each extension needs. shuffle, shuffle_relative and rotate are also
# core in OpenCL C 3.1 (their sections: "the extension macro or OpenCL C 3.1
# or newer"); harness/device.cpp reads "X or OpenCL C 3.1".
VOTE = 'cl_khr_subgroup_non_uniform_vote'
BALLOT = 'cl_khr_subgroup_ballot'
SHUFFLE = 'cl_khr_subgroup_shuffle or OpenCL C 3.1'
RELATIVE = 'cl_khr_subgroup_shuffle_relative or OpenCL C 3.1'
ROTATE = 'cl_khr_subgroup_rotate or OpenCL C 3.1'
CLUSTERED = 'cl_khr_subgroup_clustered_reduce'
# cl_khr_subgroup_extended_types (core in OpenCL C 3.1) adds no name: it
# gives 6.15.20's broadcast, reduce and scans char, uchar, short and ushort,
# and sub_group_broadcast every vector type.
EXTENDED = 'cl_khr_subgroup_extended_types or OpenCL C 3.1'
EXTENDED_FEATURE = 'sub-group broadcast, reduce and scans on char, uchar, short, ushort, and broadcast on vectors'
ARITHMETIC = 'cl_khr_subgroup_non_uniform_arithmetic'

ARITH_OPS = ['add', 'mul', 'min', 'max']
BITWISE_OPS = ['and', 'or', 'xor']
LOGICAL_OPS = ['logical_and', 'logical_or', 'logical_xor']
SCAN_KINDS = ['reduce', 'scan_inclusive', 'scan_exclusive']

# Cluster sizes tried: every power of two up to the largest work-group of the
# suite's NDRanges (a sub-group is never larger). A size above the dispatch's
# maximum sub-group size is undefined behaviour (6.15.20.2), so each call is
# guarded by get_max_sub_group_size() >= size in the kernel.
CLUSTERS = [1, 2, 4, 8, 16, 32, 64]

MASK_FUNCTIONS = ['get_sub_group_eq_mask', 'get_sub_group_ge_mask', 'get_sub_group_gt_mask',
                  'get_sub_group_le_mask', 'get_sub_group_lt_mask']
BALLOT_SCANS = ['sub_group_ballot_bit_count', 'sub_group_ballot_inclusive_scan',
                'sub_group_ballot_exclusive_scan', 'sub_group_ballot_find_lsb', 'sub_group_ballot_find_msb']


def _op_types(op):
    return INT_ONLY if op in LOGICAL_OPS else INTEGERS if op in BITWISE_OPS else SCALARS


def functions():
    """[(name, section, extension, [(type, format, bytes, requires, cap)], widths, shape)].
    SHAPE says what the suite's kernel does with it (emit_subgroup_ext.py)."""
    rows = []
    sec = '6.15.20.'
    rows.append(('sub_group_elect', sec + '4', VOTE, INT_ONLY, [1], 'elect'))
    rows.append(('sub_group_non_uniform_all', sec + '4', VOTE, INT_ONLY, [1], 'vote'))
    rows.append(('sub_group_non_uniform_any', sec + '4', VOTE, INT_ONLY, [1], 'vote'))
    rows.append(('sub_group_non_uniform_all_equal', sec + '4', VOTE, SCALARS, [1], 'all_equal'))
    rows.append(('sub_group_non_uniform_broadcast', sec + '1', BALLOT, SCALARS, VECTOR_WIDTHS, 'nu_broadcast'))
    rows.append(('sub_group_broadcast_first', sec + '1', BALLOT, SCALARS, [1], 'broadcast_first'))
    rows.append(('sub_group_ballot', sec + '1', BALLOT, INT_ONLY, [1], 'ballot'))
    rows.append(('sub_group_inverse_ballot', sec + '1', BALLOT, INT_ONLY, [1], 'inverse_ballot'))
    rows.append(('sub_group_ballot_bit_extract', sec + '1', BALLOT, INT_ONLY, [1], 'bit_extract'))
    for name in BALLOT_SCANS:
        rows.append((name, sec + '1', BALLOT, INT_ONLY, [1], 'ballot_scan'))
    for name in MASK_FUNCTIONS:
        rows.append((name, sec + '1', BALLOT, INT_ONLY, [1], 'masks'))
    for name in ('sub_group_shuffle', 'sub_group_shuffle_xor'):
        rows.append((name, sec + '6', SHUFFLE, SCALARS, [1], 'shuffle'))
    for name in ('sub_group_shuffle_up', 'sub_group_shuffle_down'):
        rows.append((name, sec + '7', RELATIVE, SCALARS, [1], 'shuffle'))
    rows.append(('sub_group_rotate', sec + '5', ROTATE, SCALARS, [1], 'rotate'))
    rows.append(('sub_group_clustered_rotate', sec + '5', ROTATE, SCALARS, [1], 'clustered_rotate'))
    for op in ARITH_OPS + BITWISE_OPS + LOGICAL_OPS:
        rows.append((f'sub_group_clustered_reduce_{op}', sec + '2', CLUSTERED, _op_types(op), [1], 'clustered'))
    for kind in SCAN_KINDS:
        for op in ARITH_OPS + BITWISE_OPS + LOGICAL_OPS:
            rows.append((f'sub_group_non_uniform_{kind}_{op}', sec + '3', ARITHMETIC, _op_types(op), [1],
                         'non_uniform'))
    return rows


def extended_functions():
    """The overloads cl_khr_subgroup_extended_types adds to 6.15.20's
    functions, in the shape of functions()' rows (these functions must be
    encountered by every work-item of the sub-group: uniform control flow
    only). builtins_spec.py's rows for these names count the core types
    only; the coverage table lists the extension as a feature."""
    narrow = [t for t in INTEGERS if t[2] <= 2]
    rows = []
    for t in SCALARS:
        widths = VECTOR_WIDTHS if t in narrow else VECTOR_WIDTHS[1:]
        rows.append(('sub_group_broadcast', '6.15.20', EXTENDED, [t], widths, 'ext_broadcast'))
    for kind in SCAN_KINDS:
        for op in ('add', 'min', 'max'):
            rows.append((f'sub_group_{kind}_{op}', '6.15.20', EXTENDED, narrow, [1], 'extended'))
    return rows


def overloads(types, widths):
    """The spec's overloads of a row: one per type instance, by capability.
    The ballot functions without a gentype (int or uint4 arguments) have one."""
    out = {}
    for _, _, _, _, cap in types:
        out[cap] = out.get(cap, 0) + len(widths)
    return out
