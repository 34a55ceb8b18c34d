"""The geometric built-ins (OpenCL C 3.0 spec, 6.15.5 Geometric Functions)
as data: arguments and result shape, the widths each allows, and the 7.4
bound formulas in the width n (fn_bounds.py), evaluated per overload.

float: the single-precision and embedded tables; double: the double table.
The dot and cross rows of the double table name FLT_EPSILON, as written
there; the catalog follows the text (suites/geometric/README.md).
fast_* exist for float only. half (cl_khr_fp16) overloads of the others
are emitted as cases that require "fp16", with the half-precision table's
bounds (HALF_EPSILON in dot and cross; implementation-defined in the
embedded profile).
"""

from .fn_bounds import IMPL, AbsMaxSq, SquaresMayUnderflow, Ulp

SECTION = '6.15.5'
TYPES = ('float', 'double')
HALF_TYPES = ('half',)  # cl_khr_fp16
V, S = 'v', 's'  # a floatn/doublen value, the scalar element type


class Fn:
    def __init__(self, name, args, result, widths, float_full, double, half, inputs, float_only=False):
        self.name, self.args, self.result, self.widths = name, args, result, widths
        self.inputs = inputs
        self.types = ('float',) if float_only else TYPES + HALF_TYPES
        # 7.4: the embedded profile's tables (float, and half's embedded
        # column) say "Implementation-defined" for all of these.
        self.tables = {'float': {'full': float_full, 'embedded': IMPL}, 'double': {'full': double, 'embedded': double}}
        if half:
            self.tables['half'] = {'full': half, 'embedded': IMPL}

    def overloads(self, elem):
        return list(self.widths) if elem in self.types else []


def catalog():
    n4 = (1, 2, 3, 4)
    relaxed = SquaresMayUnderflow
    return [
        # Columns: float full profile, double, half full profile.
        # 3 operations per component: two multiplications and a subtraction.
        Fn('cross', (V, V), V, (3, 4), AbsMaxSq(3, 0, 'FLT_EPSILON'), AbsMaxSq(3, 0, 'FLT_EPSILON'),
           AbsMaxSq(3, 0, 'HALF_EPSILON'), 'geometric'),
        # n multiplications and n - 1 additions.
        Fn('dot', (V, V), S, n4, AbsMaxSq(-1, 2, 'FLT_EPSILON'), AbsMaxSq(-1, 2, 'FLT_EPSILON'),
           AbsMaxSq(-1, 2, 'HALF_EPSILON'), 'geometric'),
        # Relaxed builds: the defining sum of squares may underflow (fn_bounds.RELAXED_SQUARES).
        Fn('distance', (V, V), S, n4, relaxed(Ulp(2.5, 2)), relaxed(Ulp(5.5, 2)), relaxed(Ulp(0, 2)), 'geometric'),
        Fn('length', (V,), S, n4, relaxed(Ulp(2.75, 0.5)), relaxed(Ulp(5.5, 1)), relaxed(Ulp(0.25, 0.5)),
           'geometric'),
        Fn('normalize', (V,), V, n4, relaxed(Ulp(2, 1)), relaxed(Ulp(4.5, 1)), relaxed(Ulp(1, 1)), 'normalize'),
        Fn('fast_distance', (V, V), S, n4, Ulp(8191.5, 2), None, None, 'geometric', float_only=True),
        Fn('fast_length', (V,), S, n4, Ulp(8191.5, 1), None, None, 'geometric', float_only=True),
        Fn('fast_normalize', (V,), V, n4, Ulp(8192, 1), None, None, 'normalize', float_only=True),
    ]


def overload_count(elems=TYPES):
    return sum(len(f.overloads(e)) for f in catalog() for e in elems)
