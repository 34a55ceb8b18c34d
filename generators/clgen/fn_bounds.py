"""Accuracy bounds of the common and geometric built-ins as data (OpenCL C
3.0 spec, 7.4 "Relative Error as ULPs": the single-precision table, the
embedded-profile table, the double-precision table and, with cl_khr_fp16,
the half-precision table with its full and embedded profile columns).

A table entry is a formula in the vector width n; bound(entry, n) evaluates
it for one overload into the spec the checks read
(suites/builtin_sweep/fn_bound.hpp):

  {"exact": true}                      0 ulp
  {"ulp": v}                           at most v ulp
  {"abs": v, "abs_decimal": "1e-3"}   absolute error at most v (the decimal the table gives)
  {"abs_max_sq": k, "eps_log2": e}     absolute error at most max * max * k * 2^e,
                                       max the largest input operand magnitude
  {"info": why}                        implementation-defined: measured, never failed

Each carries "text": the table's formula and the n it was evaluated at.
The relaxed table (7.4, -cl-unsafe-math-optimizations) has no entry for
these functions, so the profile's own table applies in relaxed builds too
(its introduction says so). An entry may add "relaxed": a rule of its own
for builds with -cl-unsafe-math-optimizations (SquaresMayUnderflow).
"""

SPEC_ULP = '7.4'
# FLT_EPSILON, DBL_EPSILON and HALF_EPSILON as powers of two (the OpenCL C
# macros: 2^-23, 2^-52, 2^-10).
EPS_LOG2 = {'FLT_EPSILON': -23, 'DBL_EPSILON': -52, 'HALF_EPSILON': -10}


class Exact:
    def at(self, n):
        return {'exact': True, 'text': '0 ulp'}


class Ulp:
    """c0 + c1 * n ulp."""
    def __init__(self, c0, c1=0.0):
        self.c0, self.c1 = c0, c1

    def at(self, n):
        if not self.c1:
            text = f'{self.c0:g} ulp'
        elif not self.c0:
            text = f'{self.c1:g}n ulp (n = {n})'
        else:
            text = f'{self.c0:g} + {self.c1:g}n ulp (n = {n})'
        return {'ulp': self.c0 + self.c1 * n, 'text': text}


class Abs:
    def __init__(self, v, shown):
        self.v, self.shown = v, shown

    def at(self, n):
        return {'abs': self.v, 'abs_decimal': self.shown, 'text': f'absolute error {self.shown}'}


class AbsMaxSq:
    """max * max * (k0 + k1 * n) * EPS."""
    def __init__(self, k0, k1, eps):
        self.k0, self.k1, self.eps = k0, k1, eps

    def at(self, n):
        k = self.k0 + self.k1 * n
        factor = f'{self.k0:g}' if not self.k1 else f'({self.k1:g}n {"-" if self.k0 < 0 else "+"} {abs(self.k0):g})'
        return {'abs_max_sq': k, 'eps_log2': EPS_LOG2[self.eps],
                'text': f'absolute error max * max * {factor} * {self.eps} (n = {n}: factor {k:g})'}


# length, distance and normalize under -cl-unsafe-math-optimizations
# (suites/geometric/README.md): computed as their defining formula
# sqrt(p.x^2 + ...), whose squares below MIN may flush, and not judged where
# the exact sum of squares lies outside [MIN, MAX] of the format.
RELAXED_SQUARES = {
    'rule': 'squares_may_underflow',
    'section': ('API spec, Optimization Options: -cl-unsafe-math-optimizations (d) may violate edge case behavior '
                '(7.5.1: no extraordinary precision loss due to underflow) and includes -cl-denorms-are-zero; '
                '7.4: a derived implementation\'s operations may be relaxed; 7.5.3: a subnormal result may be flushed'),
    'text': 'relaxed: squares below MIN may flush to zero; not judged where the sum of squares is outside [MIN, MAX]',
}


class SquaresMayUnderflow:
    """An entry (Ulp) with the relaxed rule RELAXED_SQUARES."""
    def __init__(self, base):
        self.base = base

    def at(self, n):
        return dict(self.base.at(n), relaxed=dict(RELAXED_SQUARES))


class Impl:
    def __init__(self, why='implementation-defined'):
        self.why = why

    def at(self, n):
        return {'info': f'{self.why} (7.4)', 'text': self.why}


IMPL = Impl()


def bounds(tables, n):
    """Every table's spec at width n: {'float': {'full': ..., 'embedded': ...}, ...}."""
    return {t: {p: e.at(n) for p, e in profiles.items()} for t, profiles in tables.items()}
