"""The catalog of the integer suite: every integer built-in of OpenCL C 3.0
section 6.15.3 (Integer Functions, and its table of the fast 24-bit
functions) and the integer operators whose rules 6.5 states on its own.

Each entry is written once, as data: the function, its arity, its
signature family (which element types and widths it exists for and what it
returns), the section, which of its results the spec leaves undefined, and
which input plan its arguments take (suites/integer/integer_inputs.cpp).
The overload count is computed from the families, never written down.

Families:
  gentype    every integer element type (char ... ulong) at n = 1, 2, 3, 4,
             8, 16; result of the argument type
  ugentype   as gentype, result the unsigned type of the same size (abs,
             abs_diff)
  sgentype   the forms whose trailing arguments are scalars of the vector's
             element type (clamp, max, min): n = 2 ... 16 only, since the
             scalar form of n = 1 is the gentype one
  int32      int and uint only, n = 1 ... 16 (mad24, mul24)
  upsample   hi: char, uchar, short, ushort, int, uint; lo: the unsigned
             type of hi's size; result twice as wide, signed as hi
  operator   not a built-in: an operator of 6.5 on the types it is checked
             for here (suites/integer/README.md says which rules the
             vectors suite covers already)
"""

from dataclasses import dataclass, field

from .types import ELEMENT, ELEMENTS

SECTION = '6.15.3'          # Integer Functions (OpenCL C 3.0)
SECTION_24 = '6.15.3'       # the table of fast integer functions (mad24, mul24) in the same section
SECTION_SHIFT = '6.5.10'    # shift operators: counts modulo the bit width
SECTION_MUL = '6.5.1'       # arithmetic operators (C99 6.5.5: / and % truncate toward zero)
SECTION_REL = '6.5.6'       # relational operators: 1/0 on scalars, -1/0 on vectors

WIDTHS = (1, 2, 3, 4, 8, 16)
VECTOR_WIDTHS = (2, 3, 4, 8, 16)
INTEGER_ELEMENTS = tuple(e for e in ELEMENTS if e.kind != 'float')
UNSIGNED = {'char': 'uchar', 'uchar': 'uchar', 'short': 'ushort', 'ushort': 'ushort',
            'int': 'uint', 'uint': 'uint', 'long': 'ulong', 'ulong': 'ulong'}
WIDER = {'char': 'short', 'uchar': 'ushort', 'short': 'int', 'ushort': 'uint', 'int': 'long', 'uint': 'ulong'}


@dataclass(frozen=True)
class Entry:
    name: str
    arity: int
    family: str
    section: str
    doc: str
    # The input plan of each argument: 'any' (edge values of the type plus a
    # sample), 'count' (rotate's count: every count around the bit width),
    # 'mul24' (the 24-bit operand range and its limits).
    roles: tuple = ()
    # Why some results are not judged ("" when every result is).
    undefined: str = ''
    requires: tuple = ()
    cl_std: str = ''        # '2.0': built with -cl-std=CL2.0 (or CL3.0) where the device has it
    call: str = ''           # an expression in a0, a1, a2 instead of name(a0, ...)
    elements: tuple = ()     # restricts the element types (operators)
    widths: tuple = WIDTHS   # restricts the widths (operators on char, short)
    sorted_args: tuple = ()  # sampled tuples put these two arguments in order (clamp: lo <= hi)

    def arg_roles(self):
        return self.roles or ('any',) * self.arity


def _e(name, arity, family, doc, **kw):
    return Entry(name, arity, family, kw.pop('section', SECTION), doc, **kw)


CLAMP_UNDEFINED = 'clamp: results are undefined if minval > maxval (6.15.3)'
MUL24_UNDEFINED = ('mul24/mad24: x and y outside [-2^23, 2^23-1] (int) or [0, 2^24-1] (uint) give an '
                   'implementation-defined result (6.15.3)')
DIV_UNDEFINED = 'division by zero and the most negative value divided by -1 are undefined (C99 6.5.5)'
SHL_UNDEFINED = 'a signed left shift of a negative value, or one whose result does not fit, is undefined (C99 6.5.7)'

BUILTINS = (
    _e('abs', 1, 'ugentype', '|x|, as the unsigned type'),
    _e('abs_diff', 2, 'ugentype', '|x - y| without modulo overflow, as the unsigned type'),
    _e('add_sat', 2, 'gentype', 'x + y, saturated'),
    _e('hadd', 2, 'gentype', '(x + y) >> 1 without modulo overflow'),
    _e('rhadd', 2, 'gentype', '(x + y + 1) >> 1 without modulo overflow'),
    _e('clamp', 3, 'gentype', 'min(max(x, minval), maxval)', undefined=CLAMP_UNDEFINED, sorted_args=(1, 2)),
    _e('clamp', 3, 'sgentype', 'min(max(x, minval), maxval), scalar bounds', undefined=CLAMP_UNDEFINED,
       sorted_args=(1, 2)),
    _e('clz', 1, 'gentype', 'leading zero bits; the bit width for 0'),
    _e('ctz', 1, 'gentype', 'trailing zero bits; the bit width for 0 (OpenCL C 2.0)',
       requires=('opencl_c_2.0',), cl_std='2.0'),
    _e('mad_hi', 3, 'gentype', 'mul_hi(a, b) + c, modulo'),
    _e('mad_sat', 3, 'gentype', 'a * b + c, saturated'),
    _e('max', 2, 'gentype', 'y if x < y, else x'),
    _e('max', 2, 'sgentype', 'y if x < y, else x; scalar y'),
    _e('min', 2, 'gentype', 'y if y < x, else x'),
    _e('min', 2, 'sgentype', 'y if y < x, else x; scalar y'),
    _e('mul_hi', 2, 'gentype', 'the high half of the full product x * y'),
    _e('rotate', 2, 'gentype', 'v rotated left by i, the count modulo the bit width (6.3)', roles=('any', 'count')),
    _e('sub_sat', 2, 'gentype', 'x - y, saturated'),
    _e('upsample', 2, 'upsample', '((wide)hi << bits) | lo'),
    _e('popcount', 1, 'gentype', 'the number of set bits'),
    _e('mad24', 3, 'int32', 'mul24(x, y) + z, modulo 2^32', roles=('mul24', 'mul24', 'any'),
       undefined=MUL24_UNDEFINED, section=SECTION_24),
    _e('mul24', 2, 'int32', 'the product of the low 24 bits of x and y, modulo 2^32', roles=('mul24', 'mul24'),
       undefined=MUL24_UNDEFINED, section=SECTION_24),
)

# Operators: the rules of 6.5 that the vectors suite does not check yet
# (scalars of 32 and 64 bits, edge operands, counts beyond the bit width).
# char and short scalars are promoted to int (C99 6.3.1.1), so their scalar
# forms are operations on int: they are left out.
_NARROW = ('char', 'uchar', 'short', 'ushort')
_WIDE = ('int', 'uint', 'long', 'ulong')
_UNSIGNED_ALL = ('uchar', 'ushort', 'uint', 'ulong')
_ALL = _NARROW + _WIDE

OPERATORS = (
    _e('op_div', 2, 'operator', 'x / y, truncated toward zero', call='a0 / a1', undefined=DIV_UNDEFINED,
       section=SECTION_MUL, elements=_ALL),
    _e('op_rem', 2, 'operator', 'x % y, the sign of x', call='a0 % a1', undefined=DIV_UNDEFINED,
       section=SECTION_MUL, elements=_ALL),
    _e('op_shl', 2, 'operator', 'x << (y mod bits)', call='a0 << a1', roles=('any', 'count'),
       undefined=SHL_UNDEFINED, section=SECTION_SHIFT, elements=_ALL),
    _e('op_shr', 2, 'operator', 'x >> (y mod bits), arithmetic for signed x', call='a0 >> a1',
       roles=('any', 'count'), section=SECTION_SHIFT, elements=_ALL),
    _e('op_add', 2, 'operator', 'x + y modulo 2^bits (unsigned)', call='a0 + a1', section=SECTION_MUL,
       elements=_UNSIGNED_ALL),
    _e('op_sub', 2, 'operator', 'x - y modulo 2^bits (unsigned)', call='a0 - a1', section=SECTION_MUL,
       elements=_UNSIGNED_ALL),
    _e('op_mul', 2, 'operator', 'x * y modulo 2^bits (unsigned)', call='a0 * a1', section=SECTION_MUL,
       elements=_UNSIGNED_ALL),
    _e('op_lt', 2, 'operator', 'x < y: 1/0 as int on scalars, -1/0 as the signed type on vectors', call='a0 < a1',
       section=SECTION_REL, elements=_ALL),
)


@dataclass(frozen=True)
class Form:
    """One case: an entry on one element type (or, for upsample, one hi type)."""
    entry: Entry
    elem: str
    args: tuple        # element type of each argument
    result: str        # element type of the result
    widths: tuple
    broadcast: tuple   # arguments that are scalars at every width (the sgentype forms)

    @property
    def case_id(self):
        kind = 'operators' if self.entry.family == 'operator' else 'builtins'
        name = self.entry.name[3:] if self.entry.family == 'operator' else self.entry.name
        suffix = '_scalar' if self.entry.family == 'sgentype' else ''
        return f'integer.{kind}.{name}{suffix}.{self.elem}'

    @property
    def overloads(self):
        return len(self.widths) if self.entry.family != 'operator' else 0


def signed_of(elem):
    return {1: 'char', 2: 'short', 4: 'int', 8: 'long'}[ELEMENT[elem].size]


def forms(entry):
    fam = entry.family
    out = []
    if fam in ('gentype', 'ugentype', 'sgentype'):
        for e in INTEGER_ELEMENTS:
            result = UNSIGNED[e.name] if fam == 'ugentype' else e.name
            widths = VECTOR_WIDTHS if fam == 'sgentype' else WIDTHS
            broadcast = tuple(range(1, entry.arity)) if fam == 'sgentype' else ()
            args = (e.name,) * entry.arity
            if entry.name == 'rotate':
                args = (e.name, e.name)
            out.append(Form(entry, e.name, args, result, widths, broadcast))
    elif fam == 'int32':
        for e in ('int', 'uint'):
            out.append(Form(entry, e, (e,) * entry.arity, e, WIDTHS, ()))
    elif fam == 'upsample':
        for hi in WIDER:
            out.append(Form(entry, hi, (hi, UNSIGNED[hi]), WIDER[hi], WIDTHS, ()))
    elif fam == 'operator':
        for e in entry.elements:
            widths = VECTOR_WIDTHS if e in _NARROW else WIDTHS
            result = signed_of(e) if entry.name == 'op_lt' else e
            out.append(Form(entry, e, (e, e), result, widths, ()))
    else:
        raise ValueError(f'unknown family {fam}')
    return out


def catalog():
    """Every case of the suite, built-ins first."""
    return [f for entry in BUILTINS + OPERATORS for f in forms(entry)]


def overload_counts():
    """Overloads of the built-ins: (without ctz, i.e. OpenCL C 1.2; with ctz, OpenCL C 2.0 and later)."""
    total = sum(f.overloads for f in catalog())
    ctz = sum(f.overloads for f in catalog() if f.entry.name == 'ctz')
    return total - ctz, total


def overloads_of(name):
    return sum(f.overloads for f in catalog() if f.entry.name == name and f.entry.family != 'operator')


def coverage():
    """Built-in names this suite covers, for the coverage table (clgen/coverage.py):
    {name: {'overloads': n, 'cases': [case ids]}}. Overloads are counted as
    builtins_spec.py counts them, one per element type and width: the forms
    with scalar trailing arguments (clamp, max, min) fold into the vector
    form of their width. The operator cases are no built-ins."""
    types, cases = {}, {}
    for f in catalog():
        if f.entry.family == 'operator':
            continue
        types.setdefault(f.entry.name, set()).update((f.elem, w) for w in f.widths)
        cases.setdefault(f.entry.name, []).append(f.case_id)
    return {name: {'overloads': len(types[name]), 'cases': cases[name]} for name in types}
