"""What the workgroup and subgroups suites share: the element types, the
operations, the NDRanges and the input classes of the collective functions.

OpenCL C 3.0 spec 6.15.16 (work-group collective functions) and 6.15.19
(sub-group functions): gentype is int, uint, long, ulong, float, and half and
double where the device supports them (char, uchar, short and ushort only
with cl_khr_subgroup_extended_types or OpenCL C 3.1, which no device here
has); <op> is add, min or max; each of reduce, scan_inclusive and
scan_exclusive exists for every <op>.
"""

# (type name, WrongBits format, bytes, capability the type needs, coverage
# capability). long and ulong need __opencl_c_int64 on an OpenCL C 3.0
# compiler (every full-profile device has it; 6.2.1).
TYPES = [
    ('int', 'i', 4, [], 'core'),
    ('uint', 'u', 4, [], 'core'),
    ('long', 'i', 8, ['__opencl_c_int64'], 'core'),
    ('ulong', 'u', 8, ['__opencl_c_int64'], 'core'),
    ('float', 'f', 4, [], 'core'),
    ('double', 'f', 8, ['fp64'], 'fp64'),
    ('half', 'f', 2, ['fp16'], 'fp16'),
]
KINDS = ['reduce', 'scan_inclusive', 'scan_exclusive']
OPS = ['add', 'min', 'max']

# The exponent range of the float add inputs: sign, a full random
# significand and an exponent in [-E, E]. Every input is then a multiple of
# q = 2^(-E - (p - 1)) (p the significand bits), and so is every rounded
# partial sum in any order: a value below 2^(p-1) q in magnitude that is a
# multiple of q fits p bits exactly, and rounding a larger one gives a
# multiple of its ulp, itself a multiple of q. A non-zero partial sum is
# therefore at least q, which is a normal number (float: 2^-33, double:
# 2^-62, half: 2^-14, its smallest normal), and at most 256 * 2^(E+1), far
# below overflow: no partial sum is subnormal or overflows in any order,
# which the any-order error bound of reference/collective.hpp needs, and a
# device that flushes denormals cannot differ.
FLOAT_ADD_EXP = {'float': 10, 'double': 10, 'half': 4}


def input_class(tname, fmt, op):
    """How the host draws a case's inputs (suites/<suite>/README.md says
    what each class holds)."""
    if fmt == 'f':
        return 'float_add' if op == 'add' else 'float_minmax'
    if fmt == 'i' and op == 'add':
        return 'int_add'  # |x| < 2^(bits-9): a sum of 256 never overflows (signed overflow is undefined)
    return 'int_full'


def pragmas(tname, subgroups=False):
    lines = []
    if subgroups:
        lines += ['#ifdef cl_khr_subgroups', '#pragma OPENCL EXTENSION cl_khr_subgroups : enable', '#endif']
    if tname == 'double':
        lines += ['#ifdef cl_khr_fp64', '#pragma OPENCL EXTENSION cl_khr_fp64 : enable', '#endif']
    if tname == 'half':
        lines += ['#pragma OPENCL EXTENSION cl_khr_fp16 : enable']
    return '\n'.join(lines) + ('\n\n' if lines else '')


def shape(glob, local):
    return {'dims': len(glob), 'global': glob, 'local': local}


# Uniform NDRanges: 1, 2 and 3 dimensions, a power-of-two and an odd-sized
# work-group (20 work-items: no sub-group or tree of a power-of-two fits it
# exactly), at most 64 work-items per group.
SHAPES = [shape([256], [64]), shape([60], [20]), shape([16, 12], [4, 3]), shape([8, 6, 4], [2, 3, 2])]
MAX_LOCAL = 64

# work_group_broadcast's source work-item in each dimension d:
# (sum_e COEF[d][e] * get_group_id(e) + CONST[d]) % get_local_size(d), the
# same for every work-item of a group (6.15.16 requires that) and different
# from group to group.
BROADCAST_COEF = [[5, 3, 1], [1, 7, 2], [2, 1, 3]]
BROADCAST_CONST = [3, 2, 1]


def work_items(s):
    n = 1
    for g in s['global']:
        n *= g
    return n


def groups(s):
    n = 1
    for g, l in zip(s['global'], s['local']):
        n *= g // l
    return n


def values(shapes):
    return sum(work_items(s) for s in shapes)


def group_linear_expr():
    return 'get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2))'
