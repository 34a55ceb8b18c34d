"""The common suite (OpenCL C 3.0 spec, 6.15.4): one program and one case
per built-in and element type, a kernel per overload (common_catalog.py),
judged by suites/commonfn/ through suites/builtin_sweep/."""

from . import fn_cases
from .common_catalog import HALF_TYPES, SECTION, TYPES, S, catalog, overload_count
from .manifest import Manifest

SPEC = 'OpenCL C 3.0 spec: 6.15.4 Common Functions; 7.4 Relative Error as ULPs; 7.5 Edge Case Behavior'


def signatures(f, elem):
    """A kernel per form and width; a form's scalar arguments are the element type."""
    for form, n in f.overloads(elem):
        args = [(elem, 1 if a == S else n) for a in form]
        yield f'{f.name}_{"".join(form)}{n}', n, ''.join(form), args, (elem, n)


def build():
    m = Manifest('common', SPEC)
    # The counts: OpenCL C 1.2 with fp64, and with cl_khr_fp16 as well.
    fn_cases.add_cases(m, 'common', SECTION, catalog(), TYPES + HALF_TYPES, overload_count(),
                       overload_count(TYPES + HALF_TYPES), signatures)
    return m
