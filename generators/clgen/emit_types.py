"""The types suite: sizes, alignment, vec_step, conversion to bool and the limit macros.

OpenCL C 3.0 spec (OpenCL-Docs): section 6.3.1 Built-in Scalar Data Types,
6.3.2 Built-in Vector Data Types, 6.3.5 Alignment of Types, 6.15.13
Miscellaneous Vector Functions (vec_step), 6.15.2.1 Floating-point Macros and
Pragmas, 6.15.3.2 Integer Macros.
"""

from .manifest import Manifest
from .types import all_types, pragmas

SPEC = ('OpenCL C 3.0 spec: 6.3.1-6.3.2 scalar and vector types, 6.3.5 alignment, '
        '6.15.13 vec_step, 6.15.2.1 floating-point macros, 6.15.3.2 integer macros')

# Macro -> (the C type the macro's expression has, the capability it needs).
# C99 5.2.4.2.1: limits of types narrower than int have the promoted type int.
INTEGER_MACROS = {
    'CHAR_BIT': 'int', 'CHAR_MAX': 'int', 'CHAR_MIN': 'int', 'SCHAR_MAX': 'int',
    'SCHAR_MIN': 'int', 'UCHAR_MAX': 'int', 'SHRT_MAX': 'int', 'SHRT_MIN': 'int',
    'USHRT_MAX': 'int', 'INT_MAX': 'int', 'INT_MIN': 'int', 'UINT_MAX': 'uint',
    'LONG_MAX': 'long', 'LONG_MIN': 'long', 'ULONG_MAX': 'ulong',
}
FLOAT_INT_MACROS = ['FLT_DIG', 'FLT_MANT_DIG', 'FLT_MAX_10_EXP', 'FLT_MAX_EXP',
                    'FLT_MIN_10_EXP', 'FLT_MIN_EXP', 'FLT_RADIX']
FLOAT_VALUE_MACROS = ['FLT_MAX', 'FLT_MIN', 'FLT_EPSILON']
DOUBLE_INT_MACROS = ['DBL_DIG', 'DBL_MANT_DIG', 'DBL_MAX_10_EXP', 'DBL_MAX_EXP',
                     'DBL_MIN_10_EXP', 'DBL_MIN_EXP']
DOUBLE_VALUE_MACROS = ['DBL_MAX', 'DBL_MIN', 'DBL_EPSILON']
# cl_khr_fp16 (OpenCL extension spec, the half-precision macros): the same
# limits for half, and the math constants with an _H suffix.
HALF_INT_MACROS = ['HALF_DIG', 'HALF_MANT_DIG', 'HALF_MAX_10_EXP', 'HALF_MAX_EXP',
                   'HALF_MIN_10_EXP', 'HALF_MIN_EXP', 'HALF_RADIX']
HALF_VALUE_MACROS = ['HALF_MAX', 'HALF_MIN', 'HALF_EPSILON']
# The math constants "accurate within the precision of the float type"
# (6.15.2.1); the double ones drop the _F suffix.
MATH_CONSTANTS = ['M_E', 'M_LOG2E', 'M_LOG10E', 'M_LN2', 'M_LN10', 'M_PI', 'M_PI_2',
                  'M_PI_4', 'M_1_PI', 'M_2_PI', 'M_2_SQRTPI', 'M_SQRT2', 'M_SQRT1_2']


def layout_kernel(t):
    # The offset of a member after a char is the member's alignment (6.3.5).
    return (f'__kernel void layout_{t.name}(__global ulong* out)\n{{\n'
            f'  struct probe {{ char c; {t.name} v; }} p;\n'
            f'  out[0] = sizeof({t.name});\n'
            f'  out[1] = (ulong)((__private char*)&p.v - (__private char*)&p);\n'
            f'  out[2] = vec_step({t.name});\n}}\n')


def to_bool_kernel(t):
    # Both the explicit cast and the implicit conversion on assignment.
    return (f'__kernel void to_bool_{t.name}(__global const {t.name}* in, __global uchar* out)\n{{\n'
            f'  size_t i = get_global_id(0);\n'
            f'  bool e = (bool)in[i];\n'
            f'  bool m = in[i];\n'
            f'  out[2 * i] = e ? 1 : 0;\n'
            f'  out[2 * i + 1] = m ? 1 : 0;\n}}\n')


def macro_kernel(macro, value_expr):
    return (f'__kernel void macro_{macro}(__global ulong* out)\n{{\n'
            f'  out[0] = {value_expr};\n'
            f'  out[1] = sizeof({macro});\n}}\n')


def macro_cases():
    """(macro, value kind, C type, requires, kernel value expression)."""
    out = []
    for m, ctype in INTEGER_MACROS.items():
        out.append((m, 'integer', ctype, (), f'(ulong)({m})'))
    for m in FLOAT_INT_MACROS:
        out.append((m, 'integer', 'int', (), f'(ulong)({m})'))
    for m in FLOAT_VALUE_MACROS:
        out.append((m, 'float', 'float', (), f'as_uint({m})'))
    for c in MATH_CONSTANTS:
        out.append((c + '_F', 'float', 'float', (), f'as_uint({c}_F)'))
    for m in DOUBLE_INT_MACROS:
        out.append((m, 'integer', 'int', ('fp64',), f'(ulong)({m})'))
    for m in DOUBLE_VALUE_MACROS:
        out.append((m, 'double', 'double', ('fp64',), f'as_ulong({m})'))
    for c in MATH_CONSTANTS:
        out.append((c, 'double', 'double', ('fp64',), f'as_ulong({c})'))
    for m in HALF_INT_MACROS:
        out.append((m, 'integer', 'int', ('fp16',), f'(ulong)({m})'))
    for m in HALF_VALUE_MACROS:
        out.append((m, 'half', 'half', ('fp16',), f'as_ushort({m})'))
    for c in MATH_CONSTANTS:
        out.append((c + '_H', 'half', 'half', ('fp16',), f'as_ushort({c}_H)'))
    return out


def build():
    m = Manifest('types', SPEC)
    # Three programs of each kind: the core types, those that need fp64, and
    # half's, which need fp16 (cl_khr_fp16).
    for req in ((), ('fp64',), ('fp16',)):
        suffix = ''.join('_' + r for r in req)

        def needs(r):
            return tuple(x for x in r if x in ('fp64', 'fp16')) == req

        types = [t for t in all_types(with_half=True) if needs(t.requires)]
        m.add_program('layout' + suffix, pragmas(req) + '\n'.join(layout_kernel(t) for t in types), req)
        for t in types:
            m.add_case(f'types.layout.{t.name}', 'layout' + suffix, f'layout_{t.name}', 'types.layout',
                       'layout', {'type': t.describe()}, req)
        scalars = [t for t in all_types(with_half=True) if t.n == 1 and needs(t.requires)]
        m.add_program('to_bool' + suffix, pragmas(req) + '\n'.join(to_bool_kernel(t) for t in scalars), req)
        for t in scalars:
            m.add_case(f'types.to_bool.{t.name}', 'to_bool' + suffix, f'to_bool_{t.name}', 'types.to_bool',
                       'to_bool', {'type': t.describe()}, req)
        macros = [c for c in macro_cases() if needs(c[3])]
        m.add_program('macros' + suffix,
                      pragmas(req) + '\n'.join(macro_kernel(name, expr) for name, _, _, _, expr in macros), req)
        for name, kind, ctype, _, _ in macros:
            m.add_case(f'types.macro.{name}', 'macros' + suffix, f'macro_{name}', 'types.macro', 'macros',
                       {'macro': name, 'value_kind': kind, 'c_type': ctype}, req)
    return m
