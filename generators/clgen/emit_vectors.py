"""The vectors suite: literals, components, operators, shuffle, vloadn/vstoren.

OpenCL C 3.0 spec, sections 6.3.5 to 6.3.7 (alignment, vector literals,
vector components), 6.4.1 and 6.4.2 (no conversions between vector types),
6.5 and 6.6 (operators on vectors), 6.15.7 (vloadn, vstoren) and 6.15.13
(shuffle, shuffle2), for the ten element types and n = 2, 3, 4, 8, 16.

Groups: literals, swizzles, lvalues, operators, shuffle, loadstore
(kernels that must build and give the host's values), negative (code that
must fail to build) and selftest (the host references against the spec's
examples). Each group's module says what it covers; the
expected values are computed by the checks in suites/vectors/ from the
parameters written here.
"""

from . import vectors_literals, vectors_loadstore, vectors_negative, vectors_operators, vectors_shuffle, \
    vectors_swizzles
from .manifest import Manifest
from .types import ELEMENTS, HALF
from .vectors_common import SPEC


def build():
    m = Manifest('vectors', SPEC)
    for elem in ELEMENTS:
        vectors_literals.add(m, elem)
        vectors_swizzles.add_rvalues(m, elem)
        vectors_swizzles.add_lvalues(m, elem)
        vectors_operators.add(m, elem)
        vectors_shuffle.add(m, elem)
        vectors_loadstore.add(m, elem)
    # half (cl_khr_fp16) for what moves elements without arithmetic on them:
    # shuffle, shuffle2, vloadn and vstoren take gentype including halfn.
    vectors_shuffle.add(m, HALF)
    vectors_loadstore.add(m, HALF)
    vectors_negative.add(m)
    # The host references checked against the spec's own examples; it runs
    # no kernel, but a case needs a program, so it names a small one.
    m.add_case('vectors.selftest.reference', 'operators_char', 'sizeof_char', 'vectors.selftest', 'selftest', {})
    return m
