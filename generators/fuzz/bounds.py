"""The bound of each inexact operation of a fuzz program, read from the
accuracy tables of section 7.4 as clgen/math_catalog.py holds them.

A bound the oracle can use is a plain one: {"ulp": v}, {"cr": true} or
{"exact": true}. Where the table gives anything else at the node's
precision (a derived formula, pieces over the argument, an absolute error,
"implementation-defined", "undefined") the fuzzer does not generate that
function there: bound() returns None.
"""

import functools

from clgen import math_catalog

RELAXED_OPTIONS = ('-cl-unsafe-math-optimizations', '-cl-fast-relaxed-math')
FINITE_OPTIONS = ('-cl-finite-math-only', '-cl-fast-relaxed-math')
CR_DIVIDE_SQRT_OPTION = '-cl-fp32-correctly-rounded-divide-sqrt'
PLAIN = ({'ulp'}, {'cr'}, {'exact'})


@functools.lru_cache(maxsize=None)
def _entries():
    """Catalog entries by name (the operators are add, sub, mul, divide).
    fp16_catalog() is the catalog with the half tables checked, so it
    serves float, double and half alike."""
    return {e.name: e for e in math_catalog.fp16_catalog()}


def relaxed(options):
    return any(o in RELAXED_OPTIONS for o in options)


def finite_only(options):
    return any(o in FINITE_OPTIONS for o in options)


def plain(spec):
    """SPEC without its description, if it is a plain bound; else None."""
    spec = {k: v for k, v in spec.items() if k != 'text'}
    if set(spec) not in PLAIN:
        return None
    if 'ulp' in spec:
        return spec if isinstance(spec['ulp'], (int, float)) else None
    return spec if list(spec.values()) == [True] else None


@functools.lru_cache(maxsize=None)
def _bound(name, elem, options):
    entry = _entries().get(name)
    if entry is None:
        return None
    if elem == 'double':
        spec = entry.double_bounds()['full'][0]
    elif elem == 'half':
        spec = entry.half_bounds()['full'][0]
    elif relaxed(options):
        spec = entry.bounds()['relaxed'][0]
    elif CR_DIVIDE_SQRT_OPTION in options and entry.cr_divide_sqrt:
        # This build option makes single-precision divide and sqrt correctly rounded.
        spec = math_catalog.CR
    else:
        spec = entry.bounds()['full'][0]
    return plain(spec)


def bound(name, elem, options):
    """The plain bound of catalog entry NAME at element type ELEM ('half',
    'float' or 'double') under the build OPTIONS (a list of words), or None."""
    b = _bound(name, elem, tuple(options))
    return dict(b) if b is not None else None
