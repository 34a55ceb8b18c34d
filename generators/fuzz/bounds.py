"""The bound of each inexact operation of a fuzz program, read from the
accuracy tables of section 7.4 as clgen holds them: math_catalog.py for the
math built-ins and operators, common_catalog.py and geometric_catalog.py
(through fn_bounds.py, which evaluates a formula in the width n) for the
common and geometric ones.

A bound the oracle can use is {"ulp": v}, {"cr": true}, {"exact": true},
and for the common and geometric built-ins also {"abs": v, "abs_decimal":
"1e-3"} and {"abs_max_sq": k, "eps_log2": e} (fn_bounds.py). Where the
table gives anything else at the node's precision (a derived formula,
pieces over the argument, "implementation-defined", "undefined") the fuzzer
does not generate that function there: the functions here return None.
"""

import functools

from clgen import common_catalog, geometric_catalog, math_catalog

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


# The keys of fn_bounds.py's specs the oracle reads, by kind.
FN_KINDS = ({'exact'}, {'ulp'}, {'abs', 'abs_decimal'}, {'abs_max_sq', 'eps_log2'})


@functools.lru_cache(maxsize=None)
def _fn_tables():
    fns = {f.name: f for f in common_catalog.catalog()}
    fns.update({f.name: f for f in geometric_catalog.catalog()})
    return fns


@functools.lru_cache(maxsize=None)
def _fn_bound(name, elem, n, options):
    f = _fn_tables().get(name)
    if f is None or elem not in f.tables or (hasattr(f, 'types') and elem not in f.types):
        return None
    spec = f.tables[elem]['full'].at(n)
    rule = spec.get('relaxed')
    spec = {k: v for k, v in spec.items() if k not in ('text', 'relaxed')}
    if set(spec) not in FN_KINDS:
        return None
    if rule and relaxed(options):
        # The catalog's relaxed rule for length, distance and normalize.
        assert rule['rule'] == 'squares_may_underflow', rule
        spec['squares_may_underflow'] = True
    return spec


def fn_bound(name, elem, n, options):
    """The bound of common or geometric built-in NAME on ELEM at width N
    (the operands' width for geometric ones) under the build OPTIONS, from
    the full profile's table (the relaxed table has no rows for these: 7.4
    keeps the profile's bounds), or None."""
    b = _fn_bound(name, elem, n, tuple(options))
    return dict(b) if b is not None else None
