"""The relational built-ins (OpenCL C 3.0 spec, 6.15.6 Relational
Functions) as data.

  * 14 predicates on float and double (9 of two arguments, 5 of one):
    scalar results are int 0/1, vector results -1/0 in the signed integer
    type of the element's size (int for float, long for double).
  * any, all: igentype (char, short, int, long), scalar and vectors; an int result.
  * bitselect: gentype (the ten element types).
  * select: gentype data with an igentype or a ugentype selector of the same
    element size: every legal pairing.
All results are exact. half (cl_khr_fp16) joins FLOATS and GENTYPE in
cases that require "fp16" (selectors short and ushort, vector predicate
results short); overload_count() without include_half counts OpenCL C 1.2's
types only.
"""

from .types import ELEMENTS

SECTION = '6.15.6'
WIDTHS = (1, 2, 3, 4, 8, 16)
FLOATS = ('float', 'double', 'half')
SIGNED = ('char', 'short', 'int', 'long')
GENTYPE = tuple(e.name for e in ELEMENTS) + ('half',)  # char ... ulong, float, double, half
SIGNED_OF_SIZE = {1: 'char', 2: 'short', 4: 'int', 8: 'long'}
SIZE = dict({e.name: e.size for e in ELEMENTS}, half=2)

# name: arity. The comparison rule each one applies is in reference/relational.cpp.
PREDICATES = {'isequal': 2, 'isnotequal': 2, 'isgreater': 2, 'isgreaterequal': 2, 'isless': 2,
              'islessequal': 2, 'islessgreater': 2, 'isordered': 2, 'isunordered': 2,
              'isfinite': 1, 'isinf': 1, 'isnan': 1, 'isnormal': 1, 'signbit': 1}


def predicate_result(elem, n):
    """int for every scalar; the signed integer of the element's size for vectors."""
    return ('int', 1) if n == 1 else (SIGNED_OF_SIZE[SIZE[elem]], n)


def selectors(elem):
    """The selector element types select accepts for ELEM: the signed and the
    unsigned integer of the same size."""
    s = SIGNED_OF_SIZE[SIZE[elem]]
    return (s, 'u' + s)


class Group:
    """One case: a built-in over one data element type, all its overloads."""
    def __init__(self, builtin, elem, overloads, program):
        self.builtin, self.elem, self.overloads, self.program = builtin, elem, overloads, program


def groups():
    """Every case, with its overloads as (kernel suffix, n, args, result)."""
    out = []
    for p, arity in PREDICATES.items():
        for e in FLOATS:
            ovs = [(f'{n}', n, [(e, n)] * arity, predicate_result(e, n)) for n in WIDTHS]
            out.append(Group(p, e, ovs, f'predicates_{e}'))
    for fn in ('any', 'all'):
        ovs = [(f'{e}{n}', n, [(e, n)], ('int', 1)) for e in SIGNED for n in WIDTHS]
        out.append(Group(fn, 'igentype', ovs, 'any_all'))
    for e in GENTYPE:
        ovs = [(f'{n}', n, [(e, n)] * 3, (e, n)) for n in WIDTHS]
        out.append(Group('bitselect', e, ovs, f'select_{e}'))
    for e in GENTYPE:
        ovs = [(f'{s}{n}', n, [(e, n), (e, n), (s, n)], (e, n)) for s in selectors(e) for n in WIDTHS]
        out.append(Group('select', e, ovs, f'select_{e}'))
    return out


def overload_count(include_double=True, include_half=False):
    return sum(len(g.overloads) for g in groups()
               if (include_double or g.elem != 'double') and (include_half or g.elem != 'half'))
