"""What every part of the vectors suite shares: types, memory slots, sampling.

Kernels read and write vectors through pointers to the vector type at
addresses aligned to the vector's size (OpenCL C 6.3.5: a type is aligned to
its size, a 3-component vector occupies 4 elements), so a value's lanes land
at known element positions and the host can compute every expected element.
"""

import random

from .types import Type, requirements, pragmas

SPEC = ('OpenCL C 3.0 spec: 6.3.5 Alignment of Types, 6.3.6 Vector Literals, 6.3.7 Vector Components, '
        '6.5 Operators, 6.6 Vector Operations, 6.15.7 Vector Data Load and Store Functions, '
        '6.15.13 Miscellaneous Vector Functions')

WIDTHS = (2, 3, 4, 8, 16)
SEED = 20261121

# Work-items of one launch: each gets its own input region, so a kernel
# that mixes up work-items is caught as well as one that mixes up lanes.
GLOBAL_QUICK = 4
GLOBAL_FULL = 64

SIGNED_OF_SIZE = {1: 'char', 2: 'short', 4: 'int', 8: 'long'}
UNSIGNED_OF_SIZE = {1: 'uchar', 2: 'ushort', 4: 'uint', 8: 'ulong'}


def storage(n):
    """Elements a value of n components occupies in memory (6.3.5)."""
    return 4 if n == 3 else n


def vec_name(elem_name, n):
    return elem_name if n == 1 else f'{elem_name}{n}'


def scalar(elem):
    return Type(elem, 1)


def describe(elem):
    return scalar(elem).describe()


def req(elem):
    return tuple(requirements(scalar(elem)))


def header(elem):
    return pragmas(req(elem))


def rng(*key):
    """A deterministic generator per purpose, so adding one sample elsewhere changes nothing here."""
    return random.Random(f'{SEED}/' + '/'.join(str(k) for k in key))


def load_expr(space, elem_name, k, base, pos):
    """An rvalue of k components read from element position pos (aligned to storage(k))."""
    if k == 1:
        return f'{base}[{pos}]'
    return f'*({space} const {vec_name(elem_name, k)}*)({base} + {pos})'


def store_stmt(space, elem_name, k, base, pos, value):
    if k == 1:
        return f'{base}[{pos}] = {value};'
    return f'*({space} {vec_name(elem_name, k)}*)({base} + {pos}) = {value};'


class Slots:
    """Hands out aligned element positions in an output region."""

    def __init__(self):
        self.size = 0

    def take(self, k):
        s = storage(k)
        align = 1 if s == 1 else s
        self.size = (self.size + align - 1) // align * align
        at = self.size
        self.size += s
        return at

    def stride(self):
        return max(16, (self.size + 15) // 16 * 16)


def gather_kernel(name, elem, in_stride, out_stride, body_lines):
    """A kernel whose work-item g reads its region of `in` as p and writes its region of `out` as o."""
    e = elem.name
    body = '\n'.join('  ' + line for line in body_lines)
    return (f'__kernel void {name}(__global const {e}* in, __global {e}* out)\n{{\n'
            f'  const size_t g = get_global_id(0);\n'
            f'  __global const {e}* p = in + g * {in_stride};\n'
            f'  __global {e}* o = out + g * {out_stride};\n{body}\n}}\n')
