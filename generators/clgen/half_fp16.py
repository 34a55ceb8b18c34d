"""The half suite's fp16 path: arithmetic, conversions and math built-ins on
the half type itself, legal only where the device has cl_khr_fp16. Every case
requires "fp16", so devices without the extension report them unsupported.

Sources, OpenCL C 3.0 spec: 6.4.3 Explicit Conversions (6.4.3.2 rounding
modes: _rtz by default to integers, _rte to floating point; 6.4.3.3
out-of-range and _sat), 6.15.2 Math Functions, 6.15.4 Common Functions
(degrees, radians, sign, max, min), 7.4 Relative Error as ULPs (the table
"ULP Values for Half-Precision Floating-Point Arithmetic Operations": +, -, *
and fma correctly rounded; 1.0/x and x/y within 1 ulp; the math bounds below,
full profile then embedded profile).

The bounds are data here and travel to the check in each case's params;
the C++ reference (reference/half_math) knows how to compute each function's
real value, and an unknown name is a clear error there.
"""

from .types import pragmas

SPEC = ('OpenCL C 3.0 spec: 6.4.3 Explicit Conversions; 6.15.2 Math Functions; 6.15.4 Common Functions; '
        '7.4 Relative Error as ULPs (half table)')

REQ = ('fp16',)
CR = 'cr'  # correctly rounded (round to nearest even), decided on bits

ARITH_WIDTHS = (1, 2, 3, 4, 8, 16)
# (id, expression on a (and b), arity, bound, embedded bound): 7.4's half table.
ARITH = (
    ('add', 'a + b', 2, CR, CR),
    ('sub', 'a - b', 2, CR, CR),
    ('mul', 'a * b', 2, CR, CR),
    ('div', 'a / b', 2, 1, 1),
    ('recip', '1.0h / a', 1, 1, 1),
)

MATH_WIDTHS = (1, 4)
# (name, argument kinds: h = half, i = int, full profile bound, embedded
# profile bound), from 7.4's half table. A bound is in ulps; CR means
# correctly rounded; 0 means the exact result.
MATH = (
    ('acos', 'h', 2, 3), ('acosh', 'h', 2, 3), ('acospi', 'h', 2, 3),
    ('asin', 'h', 2, 3), ('asinh', 'h', 2, 3), ('asinpi', 'h', 2, 3),
    ('atan', 'h', 2, 3), ('atanh', 'h', 2, 3), ('atanpi', 'h', 2, 3),
    ('atan2', 'hh', 2, 3), ('atan2pi', 'hh', 2, 3),
    ('cbrt', 'h', 2, 2), ('ceil', 'h', CR, CR), ('copysign', 'hh', 0, 0),
    ('cos', 'h', 2, 2), ('cosh', 'h', 2, 3), ('cospi', 'h', 2, 2),
    ('degrees', 'h', 2, 2),
    ('erfc', 'h', 4, 4), ('erf', 'h', 4, 4),
    ('exp', 'h', 2, 3), ('exp2', 'h', 2, 3), ('exp10', 'h', 2, 3), ('expm1', 'h', 2, 3),
    ('fabs', 'h', 0, 0), ('fdim', 'hh', CR, CR), ('floor', 'h', CR, CR), ('fma', 'hhh', CR, CR),
    ('fmax', 'hh', 0, 0), ('fmin', 'hh', 0, 0), ('fmod', 'hh', 0, 0),
    ('hypot', 'hh', 2, 3), ('ldexp', 'hi', CR, CR),
    ('log', 'h', 2, 3), ('log2', 'h', 2, 3), ('log10', 'h', 2, 3), ('log1p', 'h', 2, 3), ('logb', 'h', 0, 0),
    ('max', 'hh', 0, 0), ('maxmag', 'hh', 0, 0), ('min', 'hh', 0, 0), ('minmag', 'hh', 0, 0),
    ('nextafter', 'hh', 0, 0),
    ('pow', 'hh', 4, 5), ('pown', 'hi', 4, 5), ('powr', 'hh', 4, 5),
    ('radians', 'h', 2, 2), ('remainder', 'hh', 0, 0), ('rint', 'h', CR, CR), ('rootn', 'hi', 4, 5),
    ('round', 'h', CR, CR), ('rsqrt', 'h', 1, 1), ('sign', 'h', 0, 0),
    ('sin', 'h', 2, 2), ('sinh', 'h', 2, 3), ('sinpi', 'h', 2, 2), ('sqrt', 'h', 1.5, 1.5),
    ('tan', 'h', 2.5, 3), ('tanh', 'h', 2, 3), ('tanpi', 'h', 2, 3), ('tgamma', 'h', 4, 4),
    ('trunc', 'h', CR, CR),
)

CONVERT_WIDTHS = (1, 4)
INT_TYPES = ('char', 'uchar', 'short', 'ushort', 'int', 'uint', 'long', 'ulong')
ROUNDINGS = ('', 'rte', 'rtz', 'rtp', 'rtn')  # '' is the destination's default (6.4.3.2)


def sfx(n):
    return '' if n == 1 else str(n)


def load(n, ptr):
    return f'vload{n}(i, {ptr})' if n > 1 else f'{ptr}[i]'


def store(n, value, ptr):
    return f'vstore{n}({value}, i, {ptr});' if n > 1 else f'{ptr}[i] = {value};'


def kernel(name, params, value, n, out_type='half'):
    """A kernel whose work-item i reads vector i of each parameter (as
    <name>v) and stores VALUE as vector i of out."""
    args = ', '.join(f'__global const {t}* {p}' for t, p in params)
    return (f'__kernel void {name}({args}, __global {out_type}* out)\n{{\n'
            f'  size_t i = get_global_id(0);\n'
            + ''.join(f'  {t}{sfx(n)} {p}v = {load(n, p)};\n' for t, p in params)
            + f'  {store(n, value, "out")}\n}}\n')


def bound_params(full, embedded):
    def one(b):
        return {'correctly_rounded': True, 'ulps': 0.5} if b == CR else {'correctly_rounded': False, 'ulps': b}
    return {'bound': one(full), 'embedded_bound': one(embedded)}


def arith_cases():
    out = []
    for op, expr, arity, full, emb in ARITH:
        for n in ARITH_WIDTHS:
            name = f'fp16_{op}_half{sfx(n)}'
            params = [('half', 'a'), ('half', 'b')][:arity]
            value = expr.replace('a', 'av').replace('b', 'bv')
            src = kernel(name, params, value, n)
            p = {'function': op, 'args': 'h' * arity, 'n': n}
            p.update(bound_params(full, emb))
            out.append((f'half.fp16.arith.{op}.half{sfx(n)}', name, src, 'arith', p))
    return out


def math_cases():
    out = []
    for fn, kinds, full, emb in MATH:
        for n in MATH_WIDTHS:
            name = f'fp16_{fn}_half{sfx(n)}'
            params = [('half' if k == 'h' else 'int', 'abc'[j]) for j, k in enumerate(kinds)]
            src = kernel(name, params, f'{fn}({", ".join(p + "v" for _, p in params)})', n)
            p = {'function': fn, 'args': kinds, 'n': n}
            p.update(bound_params(full, emb))
            out.append((f'half.fp16.math.{fn}.half{sfx(n)}', name, src, 'math', p))
    return out


def convert_cases():
    """convert_half*(T) from every type, and convert_T*(half) to every type,
    each rounding mode, _sat for integer destinations."""
    out = []
    for n in CONVERT_WIDTHS:
        for src in ('float', 'double') + INT_TYPES:
            for rnd in ROUNDINGS:
                fn = f'convert_half{sfx(n)}' + (f'_{rnd}' if rnd else '')
                name = f'fp16_{fn}_from_{src}'
                req = REQ + (('fp64',) if src == 'double' else ())
                p = {'from': src, 'to': 'half', 'n': n, 'rounding': rnd or 'rte', 'sat': False}
                out.append((f'half.fp16.convert.{fn}.{src}', name, kernel(name, [(src, 'a')], f'{fn}(av)', n),
                            req, p))
        for dst in ('float', 'double') + INT_TYPES:
            integer = dst in INT_TYPES
            for sat in ((False, True) if integer else (False,)):
                for rnd in ROUNDINGS:
                    fn = f'convert_{dst}{sfx(n)}' + ('_sat' if sat else '') + (f'_{rnd}' if rnd else '')
                    name = f'fp16_{fn}_from_half'
                    req = REQ + (('fp64',) if dst == 'double' else ())
                    p = {'from': 'half', 'to': dst, 'n': n, 'rounding': rnd or ('rtz' if integer else 'rte'),
                         'sat': sat}
                    src = kernel(name, [('half', 'a')], f'{fn}(av)', n, dst)
                    out.append((f'half.fp16.convert.{fn}.half', name, src, req, p))
    return out


def add_cases(m):
    """Adds the fp16 programs and cases to manifest M. Conversions that
    involve double are a program of their own, which also needs fp64."""
    for group, cases in (('fp16_arith', arith_cases()), ('fp16_math', math_cases())):
        m.add_program(group, pragmas(REQ) + '\n'.join(src for _, _, src, _, _ in cases), REQ)
        for case_id, name, _, check, params in cases:
            m.add_case(case_id, group, name, f'half.fp16.{check}', group, params, REQ)
    conv = convert_cases()
    for program, req in (('fp16_convert', REQ), ('fp16_convert_double', REQ + ('fp64',))):
        mine = [c for c in conv if tuple(c[3]) == req]
        m.add_program(program, pragmas(req) + '\n'.join(src for _, _, src, _, _ in mine), req)
        for case_id, name, _, _, params in mine:
            m.add_case(case_id, program, name, 'half.fp16.convert', 'fp16_convert', params, req)
