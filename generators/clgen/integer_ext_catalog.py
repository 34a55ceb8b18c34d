"""The catalog of the integer_ext suite: the optional integer built-ins of
OpenCL C spec 6.15.3 and 6.15.3.1, written once as data.

- Extended bit operations (6.15.3.1; cl_khr_extended_bit_ops, core in
  OpenCL C 3.1): bitfield_insert, bitfield_extract_signed,
  bitfield_extract_unsigned, bit_reverse on every integer gentype.
- Integer dot products (6.15.3's table; cl_khr_integer_dot_product, with the
  feature macros __opencl_c_integer_dot_product_input_4x8bit for the
  char4/uchar4 forms and ..._4x8bit_packed for the forms on 32-bit words):
  dot and dot_acc_sat on the four signedness pairs, and the eight packed
  names.

builtins_spec.py counts the spec's overloads from these lists, and the
suite makes its cases from them.
"""

from .integer_catalog import INTEGER_ELEMENTS, UNSIGNED, WIDTHS, signed_of

BIT_OPS_NEED = 'cl_khr_extended_bit_ops or OpenCL C 3.1'
DOT_NEED = '__opencl_c_integer_dot_product_input_4x8bit'
PACKED_NEED = '__opencl_c_integer_dot_product_input_4x8bit_packed'
BIT_SECTION = '6.15.3.1'
DOT_SECTION = '6.15.3'

# (name, arguments beyond base: 'insert' and/or 'field', result family).
# 'field' is the two uint arguments offset and count; the result family is
# 'same' (gentype), 'signed' (igentype) or 'unsigned' (ugentype).
BIT_OPS = [
    ('bitfield_insert', ('insert', 'field'), 'same'),
    ('bitfield_extract_signed', ('field',), 'signed'),
    ('bitfield_extract_unsigned', ('field',), 'unsigned'),
    ('bit_reverse', (), 'same'),
]

# The signedness pairs of the dot products: (a, b, result), a 'u' or 's'.
DOT_PAIRS = [('u', 'u', 'uint'), ('s', 's', 'int'), ('u', 's', 'int'), ('s', 'u', 'int')]


def result_type(elem, family):
    return {'same': elem, 'signed': signed_of(elem), 'unsigned': UNSIGNED[elem]}[family]


def bit_forms():
    """[(name, element type, result element type, widths)]."""
    return [(name, e.name, result_type(e.name, fam), WIDTHS) for name, _, fam in BIT_OPS for e in INTEGER_ELEMENTS]


def dot_forms():
    """[(name, a, b, result, accumulates, packed, need)] for every dot-product overload."""
    out = []
    for a, b, res in DOT_PAIRS:
        for acc in (False, True):
            out.append(('dot_acc_sat' if acc else 'dot', a, b, res, acc, False, DOT_NEED))
    for a, b, res in DOT_PAIRS:
        for acc in (False, True):
            name = f'dot{"_acc_sat" if acc else ""}_4x8packed_{a}{b}_{res}'
            out.append((name, a, b, res, acc, True, PACKED_NEED))
    return out


def spec_rows():
    """Rows for builtins_spec.py: (name, section, needs, {capability: overloads}).
    The integer dot is listed as 'dot (integer)': 'dot' is geometric's name."""
    rows = [(name, BIT_SECTION, BIT_OPS_NEED, {'core': len(INTEGER_ELEMENTS) * len(WIDTHS)}) for name, _, _ in BIT_OPS]
    counts = {}
    for name, a, b, res, acc, packed, need in dot_forms():
        key = 'dot (integer)' if name == 'dot' else name
        counts.setdefault((key, need), 0)
        counts[(key, need)] += 1
    rows += [(key, DOT_SECTION, need, {'core': n}) for (key, need), n in counts.items()]
    return rows
