"""The geometric suite (OpenCL C 3.0 spec, 6.15.5): one program and one
case per built-in and element type, a kernel per width
(geometric_catalog.py), judged by suites/geometric/ through
suites/builtin_sweep/."""

from . import fn_cases
from .geometric_catalog import HALF_TYPES, SECTION, TYPES, S, catalog, overload_count
from .manifest import Manifest

SPEC = ('OpenCL C 3.0 spec: 6.15.5 Geometric Functions; 7.4 Relative Error as ULPs; '
        '7.5.1 Additional Requirements Beyond C99 TC2')


def signatures(f, elem):
    """A kernel per width n; every argument is the n-component vector, the result a scalar or one."""
    for n in f.overloads(elem):
        args = [(elem, n) for _ in f.args]
        yield f'{f.name}_{n}', n, 'v' * len(args), args, (elem, 1 if f.result == S else n)


def build():
    m = Manifest('geometric', SPEC)
    # The counts: OpenCL C 1.2 with fp64, and with cl_khr_fp16 as well.
    fn_cases.add_cases(m, 'geometric', SECTION, catalog(), TYPES + HALF_TYPES, overload_count(),
                       overload_count(TYPES + HALF_TYPES), signatures)
    return m
