"""The common built-ins (OpenCL C 3.0 spec, 6.15.4 Common Functions) as
data: each function's forms (which arguments are gentype and which are the
scalar element type), its bounds from the 7.4 tables (fn_bounds.py), and
the name of its input recipe (suites/commonfn/common_inputs.cpp).

gentype is float or double at widths 1, 2, 3, 4, 8, 16, and half where
the device has cl_khr_fp16 (HALF_TYPES: those cases require "fp16"; their
bounds are the half-precision table's, 7.4). A form
with scalar arguments exists for n > 1 only: at n = 1 it is the gentype
form itself, so it is not counted twice.
"""

from .fn_bounds import IMPL, Abs, Exact, Ulp

SECTION = '6.15.4'
TYPES = ('float', 'double')
HALF_TYPES = ('half',)  # cl_khr_fp16
WIDTHS = (1, 2, 3, 4, 8, 16)

G, S = 'g', 's'  # a gentype argument, a scalar (element type) argument


class Fn:
    def __init__(self, name, forms, float_full, double, half, inputs, embedded=None):
        self.name = name
        self.forms = forms              # tuples of G/S, the first all G
        self.inputs = inputs
        # 7.4: single precision full and embedded profile, double precision,
        # half precision (its table gives the same row in both profiles here).
        self.tables = {'float': {'full': float_full, 'embedded': embedded or float_full},
                       'double': {'full': double, 'embedded': double},
                       'half': {'full': half, 'embedded': half}}

    def overloads(self, elem):
        """(form, n) for every distinct overload of ELEM."""
        out = []
        for f in self.forms:
            for n in WIDTHS:
                if n == 1 and S in f:
                    continue
                out.append((f, n))
        return out


def catalog():
    exact = Exact()
    two = Ulp(2)
    return [
        # Columns: float full profile, double, half.
        Fn('clamp', [(G, G, G), (G, S, S)], exact, exact, exact, 'clamp'),
        Fn('degrees', [(G,)], two, two, two, 'any'),
        Fn('max', [(G, G), (G, S)], exact, exact, exact, 'finite'),
        Fn('min', [(G, G), (G, S)], exact, exact, exact, 'finite'),
        # mix: 1e-3 in the full profile; embedded, double and half: implementation-defined.
        Fn('mix', [(G, G, G), (G, G, S)], Abs(1e-3, '1e-3'), IMPL, IMPL, 'mix', embedded=IMPL),
        Fn('radians', [(G,)], two, two, two, 'any'),
        Fn('step', [(G, G), (S, G)], exact, exact, exact, 'any'),
        Fn('smoothstep', [(G, G, G), (S, S, G)], Abs(1e-5, '1e-5'), IMPL, IMPL, 'smoothstep', embedded=IMPL),
        Fn('sign', [(G,)], exact, exact, exact, 'any'),
    ]


def overload_count(elems=TYPES):
    return sum(len(f.overloads(e)) for f in catalog() for e in elems)
