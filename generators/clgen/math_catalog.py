"""The built-in catalog of the math suite (float, double and half).

Every float math built-in of OpenCL C 3.0 section 6.15.2 (Math Functions,
and the half_ and native_ table) and the arithmetic operations that the ULP
table of section 7.4 names (x + y, x - y, x * y, x / y, 1.0 / x; sqrt and
rsqrt are built-ins). Float and double are two formats of one entry: every
entry but the half_ and native_ ones has a double overload (6.15.2), whose
bound is 7.4's double table (DOUBLE_TABLE below, one line per row of that
table); its edge cases are the float entry's, with the few values that name
a float limit given per format (fp64_rules). Half is the third format of
the same entries (cl_khr_fp16: every entry with a double overload has a
half one, 6.15.2): its bound is 7.4's half table (HALF_TABLE below, one
line per row, full and embedded profile), its edge cases the float entry's
with every literal that names a float limit carried to the half one
(fp16_rules, HALF_LITERALS). Each entry holds, as data:

  * the call, its argument kinds and its outputs (pointer outputs too), each
    output with the reference-side function that judges it
    (reference/math/judge.hpp names them);
  * its bound in the full profile, the embedded profile and the relaxed
    table (7.4, -cl-unsafe-math-optimizations / -cl-fast-relaxed-math);
  * the edge cases the spec prescribes (7.5.1, 7.5.2, and the C99 TC2
    Annex F.9 cases that 7.5 adopts), each a named check;
  * which edge values its inputs need beyond the common ones.

Bounds written once: the embedded profile lists only where it differs from
the full profile; the relaxed table only where it has an entry (elsewhere
the profile's own table applies, as 7.4 says); half_ functions derive their
bound (10 bits of accuracy) and their edge cases (those of the function
without the prefix, 7.5.1) from the base entry; native_ functions are
implementation-defined (run, reported, never failed).

Bound specs (JSON in the manifest; suites/math/bounds.cpp reads them):
  {"ulp": v}                       at most v ulp
  {"cr": true}                     correctly rounded
  {"exact": true}                  0 ulp: the result needs no rounding
  {"mad": true}                    a correctly rounded fma, or a correctly
                                   rounded multiply then add
  {"info": why}                    not judged: the error is measured and reported
  {"undefined": why}               that input is not judged at all
  {"abs": v}                       absolute error at most v
  {"ulp": v, "plus_floor_abs_arg": [i, k]}
                                   v + floor(|k * arg i|) ulp
  {"pieces": [{"if": cond, "then": spec}, ...], "else": spec}
Conditions: {"arg": i, "in": [lo, hi]}, {"arg": i, "abs_in": [lo, hi]}
(closed intervals), {"arg": i, "is": "zero" | "negative" | "integer" |
"odd_integer" | "finite"}, {"all": [...]}, {"any": [...]}, {"not": cond}.
"""

import math

SPEC_FUNCTIONS = '6.15.2'
SPEC_OPERATORS = '6.5.1'
SPEC_ULP = '7.4'
SPEC_EDGE = '7.5.1'
SPEC_C99_CHANGES = '7.5.2'
SPEC_FTZ = '7.5.3'
SPEC_ULP_DOUBLE = '7.4, double-precision table'
SPEC_ULP_HALF = '7.4, table "ULP Values for Half-Precision Floating-Point Arithmetic Operations"'

FLT_MANT_BITS = 23
# 6.15.2: half_ functions have "a minimum of 10-bits of accuracy, i.e. the
# maximum error value <= 8192 ulp" -- 2^(23 - 10).
HALF_ACCURACY_BITS = 10
HALF_ULP = 2 ** (FLT_MANT_BITS - HALF_ACCURACY_BITS)
# 7.4 relaxed table: the bound of a non-derived implementation.
RELAXED_NON_DERIVED_ULP = 8192

PI = math.pi

# ---- bound specs --------------------------------------------------------------


def ulp(v):
    return {'ulp': v}


CR = {'cr': True}
EXACT = {'exact': True}
MAD = {'mad': True}
IMPL = {'info': 'implementation-defined (7.4)'}


def info(why):
    return {'info': why}


def undefined(why):
    return {'undefined': why}


def absolute(v):
    return {'abs': float(v)}


def limit(v):
    """JSON has no infinity: an infinite interval end is written as text."""
    return ('inf' if v > 0 else '-inf') if math.isinf(v) else float(v)


def arg_in(i, lo, hi):
    return {'arg': i, 'in': [limit(lo), limit(hi)]}


def arg_abs_in(i, lo, hi):
    return {'arg': i, 'abs_in': [limit(lo), limit(hi)]}


def arg_is(i, what):
    return {'arg': i, 'is': what}


def pieces(*cases, otherwise):
    return {'pieces': [{'if': c, 'then': b} for c, b in cases], 'else': otherwise}


def derived(formula, bound=None, when=None):
    """A relaxed entry "derived implementations may implement as FORMULA; for
    non-derived implementations the error is <= 8192 ulp". The non-derived
    bound is what is judged; the formula is recorded so a failure names it."""
    b = dict(bound or ulp(RELAXED_NON_DERIVED_ULP))
    b['derived'] = formula
    if when is not None:
        return pieces((when, b), otherwise=undefined('outside the relaxed table\'s domain (7.4)'))
    return b


# ---- edge-case checks -----------------------------------------------------------
#
# A check is (name, [argument tuples], expected): the expected value of each
# output component, as text ('+0', '-0', 'inf', '-inf', 'nan', '1', '0.5',
# any float literal), an int (or a list of allowed ints) for int outputs, or
# None where nothing is prescribed. 'ref' means "within the bound": the
# value is checked numerically but named here because the C99 Annex lists it.


def rule(name, args, expect, section=SPEC_EDGE, ftz_alt=None):
    if not isinstance(args, list):
        args = [args]
    args = [a if isinstance(a, tuple) else (a,) for a in args]
    if not isinstance(expect, tuple):
        expect = (expect,)
    r = {'name': name, 'args': [[str(x) for x in a] for a in args], 'expect': list(expect), 'section': section}
    if ftz_alt is not None:
        r['ftz_alt'] = list(ftz_alt if isinstance(ftz_alt, tuple) else (ftz_alt,))
    return r


def pm(name, args, expect, section=SPEC_EDGE):
    """Two checks from one written with the plus-minus sign (7.5.1: "where the
    +- symbol is used, the sign shall be preserved"): each '±' becomes '+'
    and then '-', and '∓' the opposite sign."""
    out = []
    for s, t in (('+', '-'), ('-', '+')):
        def sub(v):
            if isinstance(v, str):
                return v.replace('±', s).replace('∓', t).replace('+-', '-').replace('--', '+').replace('-+', '-')
            return v
        a = args if isinstance(args, list) else [args]
        a = [tuple(sub(x) for x in (t_ if isinstance(t_, tuple) else (t_,))) for t_ in a]
        e = tuple(sub(x) for x in (expect if isinstance(expect, tuple) else (expect,)))
        out.append(rule(sub(name), a, e, section))
    return out


C99 = 'C99 TC2 F.9 (adopted by 7.5)'
IEEE = 'IEEE 754 (7.4: correctly rounded operations)'

# ---- entries ------------------------------------------------------------------


class Out:
    def __init__(self, kind, judge, pointer=False):
        self.kind, self.judge, self.pointer = kind, judge, pointer


class Builtin:
    def __init__(self, name, args, outputs, full, group, *, call=None, embedded=None, relaxed=None,
                 relaxed_embedded=None, rules=(), inputs=(), section=SPEC_FUNCTIONS, cr_divide_sqrt=False,
                 flushes=False, judged=True, fp64=True, fp64_call=None, fp64_rules=None):
        self.name = name
        self.args = tuple(args)            # 'float' | 'int' | 'uint'
        self.outputs = tuple(outputs)      # Out(...), return value first
        self.call = call                   # an expression over a0, a1, a2 (and p1, p2 for pointers), or None
        self.group = group
        self.section = section
        self.full = full                   # one spec, or a tuple with one per output
        self.embedded = embedded
        self.relaxed = relaxed             # None: the profile's own table applies (7.4)
        self.relaxed_embedded = relaxed_embedded  # None: the same entry as the full profile's
        self.rules = list(rules)
        self.inputs = tuple(inputs)        # extra edge-value sets (suites/math/inputs.cpp)
        self.cr_divide_sqrt = cr_divide_sqrt
        self.flushes = flushes             # may flush denormals whatever the build (half_, 6.15.2)
        self.judged = judged               # False: measured, never failed (native_)
        self.fp64 = fp64                   # has a double overload (6.15.2: all but half_ and native_)
        self.fp64_call = fp64_call         # the call at double where it differs (a literal's suffix)
        self.fp64_rules = fp64_rules       # the edge cases at double where a value differs, else rules

    def per_output(self, spec):
        if isinstance(spec, tuple):
            assert len(spec) == len(self.outputs), self.name
            return list(spec)
        return [spec] * len(self.outputs)

    def bounds(self):
        """Per output: the full-profile, embedded-profile, relaxed-full and
        relaxed-embedded specs, the derived ones filled in."""
        full = self.per_output(self.full)
        emb = full if self.embedded is None else self.per_output(self.embedded)
        relaxed = full if self.relaxed is None else self.per_output(self.relaxed)
        if self.relaxed is None:
            relaxed_emb = emb
        elif self.relaxed_embedded is None:
            relaxed_emb = relaxed
        else:
            relaxed_emb = self.per_output(self.relaxed_embedded)
        return {'full': full, 'embedded': emb, 'relaxed': relaxed, 'relaxed_embedded': relaxed_emb}

    def double_bounds(self):
        """The double table of 7.4 for every output, in all four tables: it
        has no embedded column (double is optional there and the table
        applies as it is), and the relaxed table of 7.4 is single precision
        only, so a relaxed build is judged by the double table too."""
        spec = self.per_output(DOUBLE_TABLE[self.name])
        return {'full': spec, 'embedded': spec, 'relaxed': spec, 'relaxed_embedded': spec}

    def half_bounds(self):
        """7.4's half table for every output: its full-profile column, and
        its embedded column for the embedded tables. The relaxed table of
        7.4 is single precision only, so a relaxed build is judged by the
        half table too."""
        full, emb = HALF_TABLE[self.name]
        full, emb = self.per_output(full), self.per_output(emb)
        return {'full': full, 'embedded': emb, 'relaxed': full, 'relaxed_embedded': emb}


F, I, U = 'float', 'int', 'uint'

# 7.4, "ULP Values for Double-Precision Built-in Math Functions", row by row
# (operators by their case name). Built-ins with several outputs give one
# spec per output; int outputs are exact. lgamma and lgamma_r have no row:
# their accuracy is not stated, so it is measured and reported.
DOUBLE_TABLE = {
    'add': CR, 'sub': CR, 'mul': CR, 'recip': CR, 'divide': CR,
    'acos': ulp(4), 'acospi': ulp(5), 'asin': ulp(4), 'asinpi': ulp(5), 'atan': ulp(5), 'atan2': ulp(6),
    'atanpi': ulp(5), 'atan2pi': ulp(6), 'acosh': ulp(4), 'asinh': ulp(4), 'atanh': ulp(5), 'cbrt': ulp(2),
    'ceil': CR, 'copysign': EXACT, 'cos': ulp(4), 'cosh': ulp(4), 'cospi': ulp(4), 'erfc': ulp(16), 'erf': ulp(16),
    'exp': ulp(3), 'exp2': ulp(3), 'exp10': ulp(3), 'expm1': ulp(3), 'fabs': EXACT, 'fdim': CR, 'floor': CR,
    'fma': CR, 'fmax': EXACT, 'fmin': EXACT, 'fmod': EXACT, 'fract': (CR, CR), 'frexp': (EXACT, EXACT),
    'hypot': ulp(4), 'ilogb': EXACT, 'ldexp': CR, 'log': ulp(3), 'log2': ulp(3), 'log10': ulp(3), 'log1p': ulp(2),
    'logb': EXACT, 'mad': info('mad: any value allowed (infinite ulp) in the double table (7.4)'),
    'maxmag': EXACT, 'minmag': EXACT, 'modf': (EXACT, EXACT), 'nan': EXACT, 'nextafter': EXACT, 'pow': ulp(16),
    'pown': ulp(16), 'powr': ulp(16), 'remainder': EXACT, 'remquo': (EXACT, EXACT), 'rint': CR, 'rootn': ulp(16),
    'round': CR, 'rsqrt': ulp(2), 'sin': ulp(4), 'sincos': (ulp(4), ulp(4)), 'sinh': ulp(4), 'sinpi': ulp(4),
    'sqrt': CR, 'tan': ulp(5), 'tanh': ulp(5), 'tanpi': ulp(6), 'tgamma': ulp(16), 'trunc': CR,
    'lgamma': info('lgamma: no row in the double table (7.4)'),
    'lgamma_r': (info('lgamma_r: no row in the double table (7.4)'), EXACT),
}


# 7.4, "ULP Values for Half-Precision Floating-Point Arithmetic Operations"
# (cl_khr_fp16), row by row: (full profile, embedded profile). Only the
# rows of built-ins this catalog holds (clamp, degrees, radians, sign, ...
# are common functions, 6.15.4; cross, dot, ... geometric, 6.15.5). mad and
# lgamma/lgamma_r: "Implementation-defined" and no row: measured, reported.
HALF_IMPL = info('implementation-defined in the half table (7.4)')
HALF_TABLE = {
    'add': (CR, CR), 'sub': (CR, CR), 'mul': (CR, CR), 'recip': (ulp(1), ulp(1)), 'divide': (ulp(1), ulp(1)),
    'acos': (ulp(2), ulp(3)), 'acosh': (ulp(2), ulp(3)), 'acospi': (ulp(2), ulp(3)), 'asin': (ulp(2), ulp(3)),
    'asinh': (ulp(2), ulp(3)), 'asinpi': (ulp(2), ulp(3)), 'atan': (ulp(2), ulp(3)), 'atanh': (ulp(2), ulp(3)),
    'atanpi': (ulp(2), ulp(3)), 'atan2': (ulp(2), ulp(3)), 'atan2pi': (ulp(2), ulp(3)), 'cbrt': (ulp(2), ulp(2)),
    'ceil': (CR, CR), 'copysign': (EXACT, EXACT), 'cos': (ulp(2), ulp(2)), 'cosh': (ulp(2), ulp(3)),
    'cospi': (ulp(2), ulp(2)), 'erfc': (ulp(4), ulp(4)), 'erf': (ulp(4), ulp(4)), 'exp': (ulp(2), ulp(3)),
    'exp2': (ulp(2), ulp(3)), 'exp10': (ulp(2), ulp(3)), 'expm1': (ulp(2), ulp(3)), 'fabs': (EXACT, EXACT),
    'fdim': (CR, CR), 'floor': (CR, CR), 'fma': (CR, CR), 'fmax': (EXACT, EXACT), 'fmin': (EXACT, EXACT),
    'fmod': (EXACT, EXACT), 'fract': ((CR, CR), (CR, CR)), 'frexp': ((EXACT, EXACT), (EXACT, EXACT)),
    'hypot': (ulp(2), ulp(3)), 'ilogb': (EXACT, EXACT), 'ldexp': (CR, CR), 'log': (ulp(2), ulp(3)),
    'log2': (ulp(2), ulp(3)), 'log10': (ulp(2), ulp(3)), 'log1p': (ulp(2), ulp(3)), 'logb': (EXACT, EXACT),
    'mad': (HALF_IMPL, HALF_IMPL), 'maxmag': (EXACT, EXACT), 'minmag': (EXACT, EXACT),
    'modf': ((EXACT, EXACT), (EXACT, EXACT)), 'nan': (EXACT, EXACT), 'nextafter': (EXACT, EXACT),
    'pow': (ulp(4), ulp(5)), 'pown': (ulp(4), ulp(5)), 'powr': (ulp(4), ulp(5)), 'remainder': (EXACT, EXACT),
    'remquo': ((EXACT, EXACT), (EXACT, EXACT)), 'rint': (CR, CR), 'rootn': (ulp(4), ulp(5)), 'round': (CR, CR),
    'rsqrt': (ulp(1), ulp(1)), 'sin': (ulp(2), ulp(2)), 'sincos': ((ulp(2), ulp(2)), (ulp(2), ulp(2))),
    'sinh': (ulp(2), ulp(3)), 'sinpi': (ulp(2), ulp(2)), 'sqrt': (ulp(1.5), ulp(1.5)), 'tan': (ulp(2.5), ulp(3)),
    'tanh': (ulp(2), ulp(3)), 'tanpi': (ulp(2), ulp(3)), 'tgamma': (ulp(4), ulp(4)), 'trunc': (CR, CR),
    'lgamma': (info('lgamma: no row in the half table (7.4)'),) * 2,
    'lgamma_r': ((info('lgamma_r: no row in the half table (7.4)'), EXACT),) * 2,
}


def unary(name, full, group, **kw):
    return Builtin(name, (F,), (Out(F, name),), full, group, **kw)


def binary(name, full, group, **kw):
    return Builtin(name, (F, F), (Out(F, name),), full, group, **kw)


NAN_ARGS = ['nan', '-nan']


def nan_in(name, nargs=1, outputs=1):
    """Checks that a NaN argument gives a NaN (C99 F.9: NaN operands propagate)."""
    out = []
    for i in range(nargs):
        args = tuple('nan' if j == i else '1' for j in range(nargs))
        shown = ', '.join('NaN' if j == i else 'x' for j in range(nargs))
        out.append(rule(f'{name}({shown}) = NaN', [args], tuple(['nan'] * outputs), C99))
    return out


def edge_table():
    """Edge-case checks by built-in name (operators by their case name)."""
    E = {}
    E['acos'] = [rule('acos(1) = +0', '1', '+0', C99),
                 rule('acos(|x| > 1) = NaN', ['1.0000001', '-1.0000001', '2', '-inf', 'inf'], 'nan', C99)]
    E['acospi'] = [rule('acospi(1) = +0', '1', '+0'),
                   rule('acospi(|x| > 1) = NaN', ['1.0000001', '-1.0000001', '4', '-inf'], 'nan')]
    E['asin'] = pm('asin(±0) = ±0', '±0', '±0', C99) + [
        rule('asin(|x| > 1) = NaN', ['1.0000001', '-1.0000001', '-3', 'inf'], 'nan', C99)]
    E['asinpi'] = pm('asinpi(±0) = ±0', '±0', '±0') + [
        rule('asinpi(|x| > 1) = NaN', ['1.0000001', '-1.0000001', '3', '-inf'], 'nan')]
    E['atan'] = pm('atan(±0) = ±0', '±0', '±0', C99) + pm('atan(±inf) = ±pi/2', '±inf', 'ref', C99)
    E['atanpi'] = pm('atanpi(±0) = ±0', '±0', '±0') + pm('atanpi(±inf) = ±0.5', '±inf', '±0.5')
    E['atan2'] = (pm('atan2(±0, -0) = ±pi', ('±0', '-0'), 'ref', C99) +
                  pm('atan2(±0, +0) = ±0', ('±0', '+0'), '±0', C99) +
                  pm('atan2(±0, x < 0) = ±pi', [('±0', '-1'), ('±0', '-inf')], 'ref', C99) +
                  pm('atan2(±0, x > 0) = ±0', [('±0', '1'), ('±0', '3e38')], '±0', C99) +
                  [rule('atan2(y < 0, ±0) = -pi/2', [('-1', '+0'), ('-1', '-0')], 'ref', C99),
                   rule('atan2(y > 0, ±0) = pi/2', [('1', '+0'), ('1', '-0')], 'ref', C99)] +
                  pm('atan2(±y, -inf) = ±pi for finite y > 0', ('±2', '-inf'), 'ref', C99) +
                  pm('atan2(±y, +inf) = ±0 for finite y > 0', [('±2', 'inf'), ('±3e38', 'inf')], '±0', C99) +
                  pm('atan2(±inf, x) = ±pi/2 for finite x', [('±inf', '1'), ('±inf', '-1')], 'ref', C99) +
                  pm('atan2(±inf, -inf) = ±3pi/4', ('±inf', '-inf'), 'ref', C99) +
                  pm('atan2(±inf, +inf) = ±pi/4', ('±inf', 'inf'), 'ref', C99))
    E['atan2pi'] = (pm('atan2pi(±0, -0) = ±1', ('±0', '-0'), '±1') +
                    pm('atan2pi(±0, +0) = ±0', ('±0', '+0'), '±0') +
                    pm('atan2pi(±0, x < 0) = ±1', [('±0', '-1'), ('±0', '-3e38')], '±1') +
                    pm('atan2pi(±0, x > 0) = ±0', [('±0', '1'), ('±0', '3e38')], '±0') +
                    [rule('atan2pi(y < 0, ±0) = -0.5', [('-1', '+0'), ('-1', '-0')], '-0.5'),
                     rule('atan2pi(y > 0, ±0) = 0.5', [('1', '+0'), ('1', '-0')], '0.5')] +
                    pm('atan2pi(±y, -inf) = ±1 for finite y > 0', [('±2', '-inf'), ('±3e38', '-inf')], '±1') +
                    pm('atan2pi(±y, +inf) = ±0 for finite y > 0', [('±2', 'inf'), ('±3e38', 'inf')], '±0') +
                    pm('atan2pi(±inf, x) = ±0.5 for finite x', [('±inf', '1'), ('±inf', '-1')], '±0.5') +
                    pm('atan2pi(±inf, -inf) = ±0.75', ('±inf', '-inf'), '±0.75') +
                    pm('atan2pi(±inf, +inf) = ±0.25', ('±inf', 'inf'), '±0.25'))
    E['cos'] = [rule('cos(+0) = 1', '+0', '1', C99), rule('cos(-0) = 1', '-0', '1', C99),
                rule('cos(±inf) = NaN', ['inf', '-inf'], 'nan', C99)]
    E['sin'] = pm('sin(±0) = ±0', '±0', '±0', C99) + [rule('sin(±inf) = NaN', ['inf', '-inf'], 'nan', C99)]
    E['tan'] = pm('tan(±0) = ±0', '±0', '±0', C99) + [rule('tan(±inf) = NaN', ['inf', '-inf'], 'nan', C99)]
    E['sincos'] = (pm('sincos(±0) = (±0, 1)', '±0', ('±0', '1'), C99) +
                   [rule('sincos(±inf) = (NaN, NaN)', ['inf', '-inf'], ('nan', 'nan'), C99)])
    E['cospi'] = [rule('cospi(±0) = 1', ['+0', '-0'], '1'),
                  rule('cospi(n + 0.5) = +0', ['0.5', '-0.5', '1.5', '-2.5', '1000.5', '-8388607.5', '8388607.5'], '+0'),
                  rule('cospi(±inf) = NaN', ['inf', '-inf'], 'nan')]
    E['sinpi'] = (pm('sinpi(±0) = ±0', '±0', '±0') +
                  [rule('sinpi(+n) = +0 for positive integers n', ['1', '2', '3', '1000', '8388608', '16777216', '3e38'], '+0'),
                   rule('sinpi(-n) = -0 for negative integers n', ['-1', '-2', '-7', '-1001', '-8388609', '-3e38'], '-0'),
                   rule('sinpi(±inf) = NaN', ['inf', '-inf'], 'nan')])
    E['tanpi'] = (pm('tanpi(±0) = ±0', '±0', '±0') +
                  [rule('tanpi(±inf) = NaN', ['inf', '-inf'], 'nan'),
                   rule('tanpi(n) = copysign(0, n) for even n', ['2', '-2', '4', '-1000', '16777216', '-3e38'],
                        'copysign0'),
                   rule('tanpi(n) = copysign(0, -n) for odd n', ['1', '-1', '3', '-1001', '8388607', '-16777215'],
                        'copysign0neg'),
                   rule('tanpi(n + 0.5) = +inf for even n', ['0.5', '2.5', '-1.5', '1000.5', '-8388607.5'], 'inf'),
                   rule('tanpi(n + 0.5) = -inf for odd n', ['1.5', '-0.5', '3.5', '-1000.5', '8388607.5'], '-inf')])
    # hyperbolic (C99 F.9.2)
    E['acosh'] = [rule('acosh(1) = +0', '1', '+0', C99), rule('acosh(x < 1) = NaN', ['0.5', '-1', '-inf', '+0'], 'nan', C99),
                  rule('acosh(+inf) = +inf', 'inf', 'inf', C99)]
    E['asinh'] = pm('asinh(±0) = ±0', '±0', '±0', C99) + pm('asinh(±inf) = ±inf', '±inf', '±inf', C99)
    E['atanh'] = (pm('atanh(±0) = ±0', '±0', '±0', C99) + pm('atanh(±1) = ±inf', '±1', '±inf', C99) +
                  [rule('atanh(|x| > 1) = NaN', ['1.0000001', '-2', 'inf', '-inf'], 'nan', C99)])
    E['cosh'] = [rule('cosh(±0) = 1', ['+0', '-0'], '1', C99), rule('cosh(±inf) = +inf', ['inf', '-inf'], 'inf', C99)]
    E['sinh'] = pm('sinh(±0) = ±0', '±0', '±0', C99) + pm('sinh(±inf) = ±inf', '±inf', '±inf', C99)
    E['tanh'] = pm('tanh(±0) = ±0', '±0', '±0', C99) + pm('tanh(±inf) = ±1', '±inf', '±1', C99)
    # exponentials and logarithms (C99 F.9.3)
    for f in ('exp', 'exp2'):
        E[f] = [rule(f'{f}(±0) = 1', ['+0', '-0'], '1', C99), rule(f'{f}(-inf) = +0', '-inf', '+0', C99),
                rule(f'{f}(+inf) = +inf', 'inf', 'inf', C99)]
    E['exp10'] = [rule('exp10(-inf) = +0', '-inf', '+0'), rule('exp10(+inf) = +inf', 'inf', 'inf'),
                  rule('exp10(±0) = 1', ['+0', '-0'], '1', C99)]
    E['expm1'] = (pm('expm1(±0) = ±0', '±0', '±0', C99) + [rule('expm1(+inf) = +inf', 'inf', 'inf', C99),
                                                           rule('expm1(-inf) = -1', '-inf', '-1', C99)])
    for f in ('log', 'log2', 'log10'):
        E[f] = [rule(f'{f}(±0) = -inf', ['+0', '-0'], '-inf', C99), rule(f'{f}(1) = +0', '1', '+0', C99),
                rule(f'{f}(x < 0) = NaN', ['-1', '-1e-30', '-inf'], 'nan', C99), rule(f'{f}(+inf) = +inf', 'inf', 'inf', C99)]
    E['log1p'] = (pm('log1p(±0) = ±0', '±0', '±0', C99) + [rule('log1p(-1) = -inf', '-1', '-inf', C99),
                                                           rule('log1p(x < -1) = NaN', ['-1.0000001', '-2', '-inf'], 'nan', C99),
                                                           rule('log1p(+inf) = +inf', 'inf', 'inf', C99)])
    E['logb'] = [rule('logb(±0) = -inf', ['+0', '-0'], '-inf', C99), rule('logb(±inf) = +inf', ['inf', '-inf'], 'inf', C99)]
    E['ilogb'] = [rule('ilogb(±0) = FP_ILOGB0 (INT_MIN or -INT_MAX)', ['+0', '-0'], [-2**31, -(2**31 - 1)], '6.15.2.1'),
                  rule('ilogb(±inf) = INT_MAX', ['inf', '-inf'], 2**31 - 1, C99),
                  rule('ilogb(NaN) = FP_ILOGBNAN (INT_MAX or INT_MIN)', ['nan', '-nan'], [2**31 - 1, -2**31], '6.15.2.1')]
    E['frexp'] = (pm('frexp(±0) = (±0, 0)', '±0', ('±0', 0), C99) +
                  pm('frexp(±inf) = (±inf, 0)', '±inf', ('±inf', 0)) +
                  [rule('frexp(NaN) = (NaN, 0)', ['nan', '-nan'], ('nan', 0))])
    E['ldexp'] = (pm('ldexp(±0, n) = ±0', [('±0', 5), ('±0', -3), ('±0', 2**31 - 1)], '±0', C99) +
                  pm('ldexp(±inf, n) = ±inf', [('±inf', -200), ('±inf', 7)], '±inf', C99) +
                  [rule('ldexp(x, 0) = x', [('1.5', 0), ('-3e38', 0), ('1e-37', 0)], 'arg0', C99)])
    E['modf'] = (pm('modf(±x) = (±0, ±inf) for x = inf', '±inf', ('±0', '±inf'), SPEC_C99_CHANGES) +
                 pm('modf(±0) = (±0, ±0)', '±0', ('±0', '±0'), SPEC_C99_CHANGES) +
                 pm('modf(±n) = (±0, ±n) for integers n', [('±1',), ('±8388608',), ('±3e38',)], ('±0', 'arg0'), SPEC_C99_CHANGES) +
                 [rule('modf(NaN) = (NaN, NaN)', ['nan', '-nan'], ('nan', 'nan'), C99)])
    E['fract'] = [rule('fract(+0) = (+0, +0)', '+0', ('+0', '+0')), rule('fract(-0) = (-0, -0)', '-0', ('-0', '-0')),
                  rule('fract(+inf) = (+0, +inf)', 'inf', ('+0', 'inf')), rule('fract(-inf) = (-0, -inf)', '-inf', ('-0', '-inf')),
                  rule('fract(NaN) = (NaN, NaN)', ['nan', '-nan'], ('nan', 'nan')),
                  rule('fract(x) < 1.0 (x just below an integer)', ['-1e-30', '-0x1p-25', '-1e-10', '-8388607.9'], ('lt1', None))]
    # powers (C99 F.9.4 and 7.5.1)
    E['cbrt'] = pm('cbrt(±0) = ±0', '±0', '±0', C99) + pm('cbrt(±inf) = ±inf', '±inf', '±inf', C99)
    E['sqrt'] = (pm('sqrt(±0) = ±0', '±0', '±0', IEEE) + [rule('sqrt(x < 0) = NaN', ['-1', '-1e-30', '-inf'], 'nan', IEEE),
                                                         rule('sqrt(+inf) = +inf', 'inf', 'inf', IEEE)])
    E['rsqrt'] = [rule('rsqrt(+0) = +inf', '+0', 'inf', IEEE), rule('rsqrt(-0) = -inf', '-0', '-inf', IEEE),
                  rule('rsqrt(x < 0) = NaN', ['-1', '-inf'], 'nan', IEEE), rule('rsqrt(+inf) = +0', 'inf', '+0', IEEE)]
    E['fabs'] = [rule('fabs(±0) = +0', ['+0', '-0'], '+0', C99), rule('fabs(±inf) = +inf', ['inf', '-inf'], 'inf', C99)]
    E['hypot'] = [rule('hypot(x, ±0) = fabs(x)', [('-3', '+0'), ('3', '-0'), ('-1e-37', '+0')], 'absarg0', C99),
                  rule('hypot(±inf, y) = +inf, even if y is a NaN', [('inf', '1'), ('-inf', 'nan'), ('nan', '-inf'), ('1', 'inf')],
                       'inf', C99)]
    E['pow'] = (pm('pow(±0, y) = ±inf for odd integers y < 0', [('±0', '-1'), ('±0', '-3'), ('±0', '-16777215')], '±inf', C99) +
                [rule('pow(±0, y) = +inf for y < 0 and not an odd integer', [('+0', '-2'), ('-0', '-0.5'), ('-0', '-3e38')], 'inf', C99)] +
                pm('pow(±0, y) = ±0 for odd integers y > 0', [('±0', '1'), ('±0', '3'), ('±0', '16777215')], '±0', C99) +
                [rule('pow(±0, y) = +0 for y > 0 and not an odd integer', [('+0', '2'), ('-0', '0.5'), ('-0', '3e38')], '+0', C99),
                 rule('pow(-1, ±inf) = 1', [('-1', 'inf'), ('-1', '-inf')], '1', C99),
                 rule('pow(+1, y) = 1 for any y, even a NaN', [('1', '5'), ('1', 'nan'), ('1', '-inf'), ('1', '-0.5')], '1', C99),
                 rule('pow(x, ±0) = 1 for any x, even a NaN', [('5', '+0'), ('nan', '-0'), ('-inf', '+0'), ('-2', '-0')], '1', C99),
                 rule('pow(x, y) = NaN for finite x < 0 and finite non-integer y', [('-2', '0.5'), ('-1', '1.5'), ('-3e38', '-0.25')], 'nan', C99),
                 rule('pow(x, -inf) = +inf for |x| < 1', [('0.5', '-inf'), ('-0.5', '-inf')], 'inf', C99),
                 rule('pow(x, -inf) = +0 for |x| > 1', [('2', '-inf'), ('-2', '-inf')], '+0', C99),
                 rule('pow(x, +inf) = +0 for |x| < 1', [('0.5', 'inf'), ('-0.5', 'inf')], '+0', C99),
                 rule('pow(x, +inf) = +inf for |x| > 1', [('2', 'inf'), ('-2', 'inf')], 'inf', C99),
                 rule('pow(-inf, y) = -0 for odd integers y < 0', [('-inf', '-1'), ('-inf', '-3')], '-0', C99),
                 rule('pow(-inf, y) = +0 for y < 0 and not an odd integer', [('-inf', '-2'), ('-inf', '-0.5')], '+0', C99),
                 rule('pow(-inf, y) = -inf for odd integers y > 0', [('-inf', '1'), ('-inf', '5')], '-inf', C99),
                 rule('pow(-inf, y) = +inf for y > 0 and not an odd integer', [('-inf', '2'), ('-inf', '0.5')], 'inf', C99),
                 rule('pow(+inf, y) = +0 for y < 0', [('inf', '-1'), ('inf', '-0.5')], '+0', C99),
                 rule('pow(+inf, y) = +inf for y > 0', [('inf', '1'), ('inf', '0.5')], 'inf', C99),
                 rule('pow(±0, -inf) = +inf', [('+0', '-inf'), ('-0', '-inf')], 'inf')])
    E['pown'] = ([rule('pown(x, 0) = 1 for any x, even zero, NaN or infinity',
                       [('+0', 0), ('-0', 0), ('nan', 0), ('inf', 0), ('-inf', 0), ('5', 0)], '1')] +
                 pm('pown(±0, n) = ±inf for odd n < 0', [('±0', -1), ('±0', -3)], '±inf') +
                 [rule('pown(±0, n) = +inf for even n < 0', [('+0', -2), ('-0', -2), ('-0', -100)], 'inf'),
                  rule('pown(±0, n) = +0 for even n > 0', [('+0', 2), ('-0', 2), ('-0', 100)], '+0')] +
                 pm('pown(±0, n) = ±0 for odd n > 0', [('±0', 1), ('±0', 3)], '±0'))
    E['powr'] = [rule('powr(x, ±0) = 1 for finite x > 0', [('2', '+0'), ('0.5', '-0'), ('3e38', '+0')], '1'),
                 rule('powr(±0, y) = +inf for finite y < 0', [('+0', '-1'), ('-0', '-2.5')], 'inf'),
                 rule('powr(±0, -inf) = +inf', [('+0', '-inf'), ('-0', '-inf')], 'inf'),
                 rule('powr(±0, y) = +0 for y > 0', [('+0', '1'), ('-0', '2.5'), ('-0', 'inf')], '+0'),
                 rule('powr(+1, y) = 1 for finite y', [('1', '5'), ('1', '-0.5'), ('1', '+0')], '1'),
                 rule('powr(x, y) = NaN for x < 0', [('-1', '2'), ('-2', '0.5'), ('-inf', '1')], 'nan'),
                 rule('powr(±0, ±0) = NaN', [('+0', '+0'), ('-0', '-0'), ('+0', '-0')], 'nan'),
                 rule('powr(+inf, ±0) = NaN', [('inf', '+0'), ('inf', '-0')], 'nan'),
                 rule('powr(+1, ±inf) = NaN', [('1', 'inf'), ('1', '-inf')], 'nan'),
                 rule('powr(x, NaN) = NaN for x >= 0', [('2', 'nan'), ('+0', 'nan'), ('1', 'nan')], 'nan'),
                 rule('powr(NaN, y) = NaN', [('nan', '2'), ('nan', '+0')], 'nan')]
    E['rootn'] = (pm('rootn(±0, n) = ±inf for odd n < 0', [('±0', -1), ('±0', -3)], '±inf') +
                  [rule('rootn(±0, n) = +inf for even n < 0', [('+0', -2), ('-0', -4)], 'inf'),
                   rule('rootn(±0, n) = +0 for even n > 0', [('+0', 2), ('-0', 4)], '+0')] +
                  pm('rootn(±0, n) = ±0 for odd n > 0', [('±0', 1), ('±0', 3)], '±0') +
                  [rule('rootn(x, n) = NaN for x < 0 and even n', [('-1', 2), ('-8', 4), ('-inf', 2)], 'nan'),
                   rule('rootn(x, 0) = NaN', [('2', 0), ('-2', 0), ('+0', 0)], 'nan')])
    # error and gamma functions (C99 F.9.5)
    E['erf'] = pm('erf(±0) = ±0', '±0', '±0', C99) + pm('erf(±inf) = ±1', '±inf', '±1', C99)
    E['erfc'] = [rule('erfc(-inf) = 2', '-inf', '2', C99), rule('erfc(+inf) = +0', 'inf', '+0', C99)]
    E['lgamma'] = [rule('lgamma(1) = +0', '1', '+0', C99), rule('lgamma(2) = +0', '2', '+0', C99),
                   rule('lgamma(x) = +inf for x a negative integer or zero', ['+0', '-0', '-1', '-2', '-100'], 'inf', C99),
                   rule('lgamma(±inf) = +inf', ['inf', '-inf'], 'inf', C99)]
    E['lgamma_r'] = [rule('lgamma_r(1) = +0', '1', ('+0', None), C99), rule('lgamma_r(2) = +0', '2', ('+0', None), C99),
                     rule('lgamma_r(x) = (+inf, 0) for x zero or a negative integer', ['+0', '-0', '-1', '-2', '-100'],
                          ('inf', 0)),
                     rule('lgamma_r(±inf) = +inf', ['inf', '-inf'], ('inf', None), C99)]
    E['tgamma'] = (pm('tgamma(±0) = ±inf', '±0', '±inf', C99) +
                   [rule('tgamma(x) = NaN for negative integers x', ['-1', '-2', '-1000'], 'nan', C99),
                    rule('tgamma(-inf) = NaN', '-inf', 'nan', C99), rule('tgamma(+inf) = +inf', 'inf', 'inf', C99)])
    # nearest integer (C99 F.9.6 and 7.5.1)
    for f in ('ceil', 'floor', 'rint', 'round', 'trunc'):
        E[f] = pm(f'{f}(±0) = ±0', '±0', '±0', C99) + pm(f'{f}(±inf) = ±inf', '±inf', '±inf', C99)
    E['ceil'].append(rule('ceil(-1 < x < 0) = -0', ['-0.5', '-1e-30', '-0x1.fffffep-1', '-0x1p-126'], '-0'))
    E['rint'].append(rule('rint(-0.5 <= x < 0) = -0', ['-0.5', '-0.25', '-1e-30', '-0x1p-126'], '-0'))
    E['rint'].append(rule('rint rounds halfway cases to even', ['0.5', '1.5', '2.5', '-2.5', '8388606.5'],
                          'ref', SPEC_C99_CHANGES))
    E['round'].append(rule('round(-0.5 < x < 0) = -0', ['-0.25', '-0x1.fffffep-2', '-1e-30', '-0x1p-126'], '-0'))
    E['trunc'].append(rule('trunc(-1 < x < 0) = -0', ['-0.5', '-0x1.fffffep-1', '-1e-30', '-0x1p-126'], '-0'))
    E['floor'].append(rule('floor(0 < x < 1) = +0', ['0.5', '1e-30', '0x1.fffffep-1', '0x1p-126'], '+0', C99))
    # remainders (C99 F.9.7 and 7.5.1)
    E['fmod'] = (pm('fmod(±0, y) = ±0 for y non-zero', [('±0', '3'), ('±0', '-inf')], '±0', C99) +
                 [rule('fmod(x, y) = NaN for x infinite or y zero', [('inf', '2'), ('-inf', '-1'), ('2', '+0'), ('-3', '-0')], 'nan', C99),
                  rule('fmod(x, ±inf) = x for finite x', [('3', 'inf'), ('-5', '-inf'), ('1e-37', 'inf')], 'arg0', C99),
                  rule('fmod(±0, NaN) = NaN', [('+0', 'nan'), ('-0', 'nan')], 'nan')])
    E['remainder'] = [rule('remainder(x, ±0) = NaN', [('1', '+0'), ('-1', '-0')], 'nan', C99),
                      rule('remainder(±inf, y) = NaN', [('inf', '1'), ('-inf', '2')], 'nan', C99),
                      rule('remainder(x, ±inf) = x for finite x', [('3', 'inf'), ('-5', '-inf')], 'arg0', C99),
                      rule('remainder: a zero result has the sign of x', [('-4', '2'), ('4', '-2'), ('-0', '1')], 'copysign0', '6.15.2')]
    E['remquo'] = [rule('remquo(±inf, y) = (NaN, 0)', [('inf', '1'), ('-inf', '2')], ('nan', 0)),
                   rule('remquo(x, 0) = (NaN, 0) for non-NaN x', [('1', '+0'), ('-1', '-0'), ('+0', '+0')], ('nan', 0)),
                   rule('remquo(x, y) = (NaN, 0) if either argument is a NaN', [('nan', '1'), ('1', 'nan'), ('nan', '+0')], ('nan', 0)),
                   rule('remquo: a zero result has the sign of x', [('-4', '2'), ('4', '-2')], ('copysign0', None), '6.15.2')]
    # manipulation (C99 F.9.8, F.9.9)
    E['copysign'] = [rule('copysign(x, ±0) takes the zero\'s sign', [('1', '-0'), ('-1', '+0')], 'ref', C99),
                     rule('copysign(±inf, y)', [('inf', '-1'), ('-inf', '1')], 'ref', C99)]
    def nextafter_rules(tiny, min_normal):
        return [rule('nextafter(-0, y > 0) = smallest positive denormal', [('-0', '1')], tiny, ftz_alt=min_normal),
                rule('nextafter(+0, y < 0) = smallest negative denormal', [('+0', '-1')], '-' + tiny, ftz_alt='-' + min_normal),
                rule('nextafter(x, y) = y for x == y', [('+0', '-0'), ('-0', '+0'), ('1', '1')], 'arg1', C99),
                rule('nextafter(x, NaN) = NaN', [('1', 'nan'), ('nan', '1')], 'nan', C99)]
    E['nextafter'] = nextafter_rules('0x1p-149', '0x1p-126')
    E['nextafter:fp64'] = nextafter_rules('0x1p-1074', '0x1p-1022')
    E['fdim'] = [rule('fdim(any, NaN) = NaN', [('1', 'nan'), ('inf', 'nan')], 'nan'),
                 rule('fdim(NaN, any) = NaN', [('nan', '1'), ('nan', '-inf')], 'nan'),
                 rule('fdim(x, y) = +0 for x <= y', [('1', '2'), ('-0', '+0'), ('-inf', '-inf')], '+0', '6.15.2')]
    E['fmax'] = [rule('fmax(x, NaN) = x', [('1', 'nan'), ('-inf', 'nan')], 'arg0', '6.15.2'),
                 rule('fmax(NaN, y) = y', [('nan', '2'), ('nan', '-0')], 'arg1', '6.15.2'),
                 rule('fmax(NaN, NaN) = NaN', [('nan', 'nan')], 'nan', '6.15.2')]
    E['fmin'] = [rule('fmin(x, NaN) = x', [('1', 'nan'), ('inf', 'nan')], 'arg0', '6.15.2'),
                 rule('fmin(NaN, y) = y', [('nan', '2'), ('nan', '+0')], 'arg1', '6.15.2'),
                 rule('fmin(NaN, NaN) = NaN', [('nan', 'nan')], 'nan', '6.15.2')]
    E['maxmag'] = [rule('maxmag(x, y) = fmax(x, y) when |x| = |y|', [('-2', '2'), ('2', '-2')], '2', '6.15.2')]
    E['minmag'] = [rule('minmag(x, y) = fmin(x, y) when |x| = |y|', [('-2', '2'), ('2', '-2')], '-2', '6.15.2')]
    E['nan'] = [rule('nan(nancode) is a NaN', [(0,), (1,), (0x400000,), (0xFFFFFFFF,)], 'nan', '6.15.2')]
    E['fma'] = [rule('fma(inf, 0, z) = NaN', [('inf', '+0', '1'), ('-0', 'inf', '1'), ('inf', '+0', 'nan')], 'nan', IEEE),
                rule('fma(x, y, z) = NaN for an exact inf - inf', [('inf', '1', '-inf'), ('-inf', '-1', '-inf')], 'nan', IEEE),
                rule('fma: an exact zero sum is +0 (round to nearest)', [('1', '1', '-1'), ('-2', '3', '6')], '+0', IEEE),
                rule('fma(-0, y, -0) = -0', [('-0', '1', '-0'), ('+0', '-1', '-0')], '-0', IEEE)]
    E['mad'] = [rule('mad(x, y, z) = NaN for an exact inf - inf', [('inf', '1', '-inf')], 'nan', IEEE)]
    # operators (IEEE 754 arithmetic, 7.4)
    def add_rules(big):
        return [rule('x + (-x) = +0', [('1', '-1'), ('-3e38', '3e38')], '+0', IEEE),
                rule('(-0) + (-0) = -0', [('-0', '-0')], '-0', IEEE), rule('(+0) + (-0) = +0', [('+0', '-0')], '+0', IEEE),
                rule('inf + (-inf) = NaN', [('inf', '-inf')], 'nan', IEEE), rule('x + NaN = NaN', [('1', 'nan')], 'nan', IEEE),
                rule('overflow gives inf', [(big, big)], 'inf', IEEE)]
    E['add'] = add_rules('3.4e38')
    E['add:fp64'] = add_rules('1.7e308')
    E['sub'] = [rule('x - x = +0', [('1', '1'), ('-3e38', '-3e38')], '+0', IEEE),
                rule('(-0) - (+0) = -0', [('-0', '+0')], '-0', IEEE), rule('inf - inf = NaN', [('inf', 'inf')], 'nan', IEEE),
                rule('x - NaN = NaN', [('1', 'nan')], 'nan', IEEE)]
    E['mul'] = [rule('0 * inf = NaN', [('+0', 'inf'), ('-inf', '-0')], 'nan', IEEE),
                rule('(-0) * (+x) = -0', [('-0', '2'), ('3', '-0')], '-0', IEEE),
                rule('(-x) * (-0) = +0', [('-2', '-0')], '+0', IEEE), rule('x * NaN = NaN', [('1', 'nan')], 'nan', IEEE)]
    E['divide'] = [rule('x / ±0 = ±inf for finite x != 0', [('1', '+0'), ('-1', '-0')], 'inf', IEEE),
                   rule('x / (∓0) = -inf for finite x != 0', [('1', '-0'), ('-1', '+0')], '-inf', IEEE),
                   rule('0 / 0 = NaN', [('+0', '+0'), ('-0', '+0')], 'nan', IEEE),
                   rule('inf / inf = NaN', [('inf', '-inf')], 'nan', IEEE),
                   rule('x / inf = ±0', [('1', 'inf'), ('-1', 'inf')], 'copysign0', IEEE)]
    E['recip'] = [rule('1 / +0 = +inf', '+0', 'inf', IEEE), rule('1 / -0 = -inf', '-0', '-inf', IEEE),
                  rule('1 / +inf = +0', 'inf', '+0', IEEE), rule('1 / -inf = -0', '-inf', '-0', IEEE),
                  rule('1 / NaN = NaN', 'nan', 'nan', IEEE)]
    return E


# Expectations beyond fixed values: 'arg0'/'arg1' (the argument's bits),
# 'absarg0' (|arg0|), 'copysign0' / 'copysign0neg' (a zero with the sign of
# arg0 / of -arg0), 'copysign0' (if the result is zero it has arg0's
# sign), 'copysign0' (a zero with the sign of arg0), 'lt1' (0 <= result < 1),
# 'ref' (within the bound: judged numerically, named here).


# Extra edge-value sets (suites/math/inputs.cpp): 'trig' (floats nearest
# multiples of pi/2), 'halves' (integers and half-integers), 'unit' (near
# +-1), 'exp:B' (overflow and underflow thresholds of B^x for B = e, 2, 10),
# 'hyper' (thresholds of sinh/cosh), 'gamma' (near poles and the overflow of
# tgamma), 'int:ldexp' / 'int:pow' / 'int:root' (the int argument's values).

def catalog():
    E = edge_table()
    d = derived
    relaxed_sincos = pieces((arg_abs_in(0, 0, PI), absolute(2 ** -11)),
                            otherwise=undefined('|x| > pi: the relaxed table only says "larger otherwise" (7.4)'))
    relaxed_pi_trig = pieces((arg_abs_in(0, 0, 1), absolute(2 ** -11)),
                             otherwise=undefined('|x| > 1: the relaxed table only says "larger otherwise" (7.4)'))

    def relaxed_log(full_ulp):
        return pieces((arg_in(0, 0.5, 2), absolute(2 ** -21)), otherwise=ulp(full_ulp))

    def relaxed_exp(base_ulp):
        return {'ulp': base_ulp, 'plus_floor_abs_arg': [0, 2]}

    pow_undefined = {'any': [{'all': [arg_is(0, 'zero'), arg_is(1, 'zero')]},
                             {'all': [arg_is(0, 'negative'), {'not': arg_is(1, 'integer')}]},
                             {'all': [arg_is(0, 'negative'), {'not': arg_abs_in(1, 0, 2 ** 24)}]}]}
    b = []
    # trigonometric (6.15.2; bounds 7.4)
    b.append(unary('acos', ulp(4), 'trig', relaxed=ulp(4096), inputs=('unit',), rules=E['acos']))
    b.append(unary('acospi', ulp(5), 'trig', relaxed=d('acos(x) * M_PI_F'), inputs=('unit',), rules=E['acospi']))
    b.append(unary('asin', ulp(4), 'trig', relaxed=ulp(4096), inputs=('unit',), rules=E['asin']))
    b.append(unary('asinpi', ulp(5), 'trig', relaxed=d('asin(x) * M_PI_F'), inputs=('unit',), rules=E['asinpi']))
    b.append(unary('atan', ulp(5), 'trig', relaxed=ulp(4096), rules=E['atan']))
    b.append(binary('atan2', ulp(6), 'trig', relaxed=d('atan(y / x) +- M_PI_F'), rules=E['atan2']))
    b.append(unary('atanpi', ulp(5), 'trig', relaxed=d('atan(x) * M_1_PI_F'), rules=E['atanpi']))
    b.append(binary('atan2pi', ulp(6), 'trig', relaxed=d('atan2(y, x) * M_1_PI_F'), rules=E['atan2pi']))
    b.append(unary('cos', ulp(4), 'trig', relaxed=relaxed_sincos, inputs=('trig',), rules=E['cos']))
    b.append(unary('cospi', ulp(4), 'trig', relaxed=relaxed_pi_trig, inputs=('halves',), rules=E['cospi']))
    b.append(unary('sin', ulp(4), 'trig', relaxed=relaxed_sincos, inputs=('trig',), rules=E['sin']))
    b.append(Builtin('sincos', (F,), (Out(F, 'sincos.sin'), Out(F, 'sincos.cos', pointer=True)), ulp(4), 'trig',
                     call='sincos(a0, &p1)', relaxed=(relaxed_sincos, relaxed_sincos), inputs=('trig',),
                     rules=E['sincos']))
    b.append(unary('sinpi', ulp(4), 'trig', relaxed=relaxed_pi_trig, inputs=('halves',), rules=E['sinpi']))
    b.append(unary('tan', ulp(5), 'trig', relaxed=d('sin(x) * (1.0f / cos(x))'), inputs=('trig',), rules=E['tan']))
    b.append(unary('tanpi', ulp(6), 'trig', relaxed=d('tan(x * M_PI_F)', when=arg_abs_in(0, 0, 1)), inputs=('halves',),
                   rules=E['tanpi']))
    # hyperbolic
    b.append(unary('acosh', ulp(4), 'hyperbolic', relaxed=d('log(x + sqrt(x * x - 1))'), inputs=('unit',), rules=E['acosh']))
    b.append(unary('asinh', ulp(4), 'hyperbolic', relaxed=d('log(x + sqrt(x * x + 1))'), rules=E['asinh']))
    b.append(unary('atanh', ulp(5), 'hyperbolic', relaxed=d('x, or 0.5f * log((1.0f + x) / (1.0f - x))',
                                                             when={'not': arg_abs_in(0, 1, math.inf)}),
                   inputs=('unit',), rules=E['atanh']))
    b.append(unary('cosh', ulp(4), 'hyperbolic', relaxed=d('0.5f * (exp(x) + exp(-x))', when=arg_in(0, -88, 88)),
                   inputs=('hyper',), rules=E['cosh']))
    b.append(unary('sinh', ulp(4), 'hyperbolic', relaxed=d('x, or 0.5f * (exp(x) - exp(-x))', when=arg_in(0, -88, 88)),
                   inputs=('hyper',), rules=E['sinh']))
    b.append(unary('tanh', ulp(5), 'hyperbolic', relaxed=d('x, or (exp(x) - exp(-x)) / (exp(x) + exp(-x))'),
                   rules=E['tanh']))
    # exponentials and logarithms
    b.append(unary('exp', ulp(3), 'exp_log', embedded=ulp(4), relaxed=relaxed_exp(3), relaxed_embedded=relaxed_exp(4), inputs=('exp:e',), rules=E['exp']))
    b.append(unary('exp2', ulp(3), 'exp_log', embedded=ulp(4), relaxed=relaxed_exp(3), relaxed_embedded=relaxed_exp(4), inputs=('exp:2', 'halves'),
                   rules=E['exp2']))
    b.append(unary('exp10', ulp(3), 'exp_log', embedded=ulp(4), relaxed=d('exp2(x * log2(10))'), inputs=('exp:10',),
                   rules=E['exp10']))
    b.append(unary('expm1', ulp(3), 'exp_log', embedded=ulp(4), relaxed=d('exp(x) - 1'), inputs=('exp:e',), rules=E['expm1']))
    b.append(unary('log', ulp(3), 'exp_log', embedded=ulp(4), relaxed=relaxed_log(3), relaxed_embedded=relaxed_log(4), inputs=('unit',), rules=E['log']))
    b.append(unary('log2', ulp(3), 'exp_log', embedded=ulp(4), relaxed=relaxed_log(3), relaxed_embedded=relaxed_log(4), inputs=('unit',), rules=E['log2']))
    b.append(unary('log10', ulp(3), 'exp_log', embedded=ulp(4), relaxed=relaxed_log(3), relaxed_embedded=relaxed_log(4), inputs=('unit',), rules=E['log10']))
    b.append(unary('log1p', ulp(2), 'exp_log', embedded=ulp(4), relaxed=d('log(x + 1)'), inputs=('unit',), rules=E['log1p']))
    b.append(unary('logb', EXACT, 'exp_log', rules=E['logb']))
    b.append(Builtin('ilogb', (F,), (Out(I, 'ilogb'),), EXACT, 'exp_log', rules=E['ilogb']))
    b.append(Builtin('frexp', (F,), (Out(F, 'frexp.mantissa'), Out(I, 'frexp.exponent', pointer=True)), EXACT, 'exp_log',
                     call='frexp(a0, &p1)', rules=E['frexp']))
    b.append(Builtin('ldexp', (F, I), (Out(F, 'ldexp'),), CR, 'exp_log', inputs=('int:ldexp',), rules=E['ldexp']))
    # powers and roots
    b.append(unary('cbrt', ulp(2), 'power', embedded=ulp(4), relaxed=d('rootn(x, 3)'), rules=E['cbrt']))
    b.append(binary('hypot', ulp(4), 'power', rules=E['hypot']))
    b.append(binary('pow', ulp(16), 'power', inputs=('halves',),
                    relaxed=pieces((pow_undefined, undefined('pow: undefined there in the relaxed table (7.4)')),
                                   otherwise=d('exp2(y * log2(fabs(x))), negated for x < 0 and odd y')),
                    rules=E['pow']))
    b.append(Builtin('pown', (F, I), (Out(F, 'pown'),), ulp(16), 'power', inputs=('int:pow',),
                     relaxed=pieces(({'all': [arg_is(0, 'zero'), arg_is(1, 'zero')]}, undefined('pown(0, 0) (7.4)')),
                                    otherwise=d('exp2(y * log2(fabs(x))), negated for x < 0 and odd y')),
                     rules=E['pown']))
    b.append(binary('powr', ulp(16), 'power',
                    relaxed=pieces(({'any': [arg_is(0, 'negative'), {'all': [arg_is(0, 'zero'), arg_is(1, 'zero')]}]},
                                    undefined('powr: defined only for x >= 0, not at 0^0 (7.4)')),
                                   otherwise=d('exp2(y * log2(x))')),
                    rules=E['powr']))
    b.append(Builtin('rootn', (F, I), (Out(F, 'rootn'),), ulp(16), 'power', inputs=('int:root',),
                     relaxed=pieces(({'any': [{'all': [{'not': arg_is(0, 'negative')}, {'not': arg_is(0, 'zero')},
                                                       {'not': arg_is(1, 'zero')}]},
                                              {'all': [arg_is(0, 'negative'), arg_is(1, 'odd_integer')]},
                                              {'all': [arg_is(0, 'zero'), arg_in(1, 1, math.inf)]}]},
                                     d('exp2(log2(x) / y), negated for x < 0')),
                                    otherwise=undefined('rootn: outside where the relaxed table defines it (7.4)')),
                     rules=E['rootn']))
    b.append(unary('sqrt', ulp(3), 'power', embedded=ulp(4), cr_divide_sqrt=True, rules=E['sqrt']))
    b.append(unary('rsqrt', ulp(2), 'power', embedded=ulp(4), rules=E['rsqrt']))
    # error and gamma functions
    b.append(unary('erf', ulp(16), 'special', rules=E['erf']))
    b.append(unary('erfc', ulp(16), 'special', rules=E['erfc']))
    b.append(unary('lgamma', info('lgamma: "Undefined" accuracy (7.4)'), 'special', inputs=('gamma', 'halves'),
                   rules=E['lgamma']))
    b.append(Builtin('lgamma_r', (F,), (Out(F, 'lgamma_r'), Out(I, 'lgamma_r.sign', pointer=True)),
                     (info('lgamma_r: "Undefined" accuracy (7.4)'), EXACT), 'special', call='lgamma_r(a0, &p1)',
                     inputs=('gamma', 'halves'), rules=E['lgamma_r']))
    b.append(unary('tgamma', ulp(16), 'special', inputs=('gamma', 'halves'), rules=E['tgamma']))
    # rounding to integers
    for f in ('ceil', 'floor', 'rint', 'round', 'trunc'):
        b.append(unary(f, CR, 'rounding', inputs=('halves',), rules=E[f]))
    # remainders
    b.append(binary('fmod', EXACT, 'remainder', rules=E['fmod']))
    b.append(binary('remainder', EXACT, 'remainder', rules=E['remainder']))
    b.append(Builtin('remquo', (F, F), (Out(F, 'remquo'), Out(I, 'remquo.quo', pointer=True)), EXACT, 'remainder',
                     call='remquo(a0, a1, &p1)', rules=E['remquo']))
    b.append(Builtin('fract', (F,), (Out(F, 'fract'), Out(F, 'fract.floor', pointer=True)), (CR, CR), 'remainder',
                     call='fract(a0, &p1)', inputs=('halves',), rules=E['fract']))
    b.append(Builtin('modf', (F,), (Out(F, 'modf'), Out(F, 'modf.int', pointer=True)), EXACT, 'remainder',
                     call='modf(a0, &p1)', inputs=('halves',), rules=E['modf'], section='6.15.2, 7.5.2'))
    # manipulation, comparison
    b.append(unary('fabs', EXACT, 'manipulation', rules=E['fabs']))
    b.append(binary('copysign', EXACT, 'manipulation', rules=E['copysign']))
    b.append(binary('fdim', CR, 'manipulation', rules=E['fdim']))
    b.append(binary('fmax', EXACT, 'manipulation', rules=E['fmax']))
    b.append(binary('fmin', EXACT, 'manipulation', rules=E['fmin']))
    b.append(binary('maxmag', EXACT, 'manipulation', rules=E['maxmag']))
    b.append(binary('minmag', EXACT, 'manipulation', rules=E['minmag']))
    b.append(binary('nextafter', EXACT, 'manipulation', rules=E['nextafter'], fp64_rules=E['nextafter:fp64']))
    b.append(Builtin('nan', (U,), (Out(F, None),), EXACT, 'manipulation', rules=E['nan']))
    # multiply-add
    b.append(Builtin('fma', (F, F, F), (Out(F, 'fma'),), CR, 'fma', rules=E['fma']))
    b.append(Builtin('mad', (F, F, F), (Out(F, 'mad'),), MAD, 'fma', embedded=info('mad: any value allowed (7.4, embedded)'),
                     rules=E['mad']))
    # operators (7.4 names them; 6.5.1 defines them)
    div_relaxed = pieces(({'all': [arg_abs_in(0, 2 ** -62, 2 ** 62), arg_abs_in(1, 2 ** -62, 2 ** 62)]}, ulp(2.5)),
                         otherwise=undefined('x / y outside 2^-62..2^62 in the relaxed table (7.4)'))
    div_relaxed_emb = pieces(({'all': [arg_abs_in(0, 2 ** -62, 2 ** 62), arg_abs_in(1, 2 ** -62, 2 ** 62)]}, ulp(3)),
                             otherwise=undefined('x / y outside 2^-62..2^62 in the relaxed table (7.4)'))
    b.append(Builtin('add', (F, F), (Out(F, 'add'),), CR, 'operators', call='a0 + a1', section=SPEC_OPERATORS, rules=E['add'],
                     fp64_rules=E['add:fp64']))
    b.append(Builtin('sub', (F, F), (Out(F, 'sub'),), CR, 'operators', call='a0 - a1', section=SPEC_OPERATORS, rules=E['sub']))
    b.append(Builtin('mul', (F, F), (Out(F, 'mul'),), CR, 'operators', call='a0 * a1', section=SPEC_OPERATORS, rules=E['mul']))
    b.append(Builtin('divide', (F, F), (Out(F, 'divide'),), ulp(2.5), 'operators', call='a0 / a1', section=SPEC_OPERATORS,
                     embedded=ulp(3), relaxed=div_relaxed, relaxed_embedded=div_relaxed_emb, cr_divide_sqrt=True,
                     rules=E['divide']))
    b.append(Builtin('recip', (F,), (Out(F, 'recip'),), ulp(2.5), 'operators', call='1.0f / a0', section=SPEC_OPERATORS,
                     fp64_call='1.0 / a0',
                     embedded=ulp(3), cr_divide_sqrt=True, rules=E['recip'],
                     relaxed=pieces((arg_abs_in(0, 2 ** -126, 2 ** 126), ulp(2.5)),
                                    otherwise=undefined('1.0 / x outside 2^-126..2^126 in the relaxed table (7.4)')),
                     relaxed_embedded=pieces((arg_abs_in(0, 2 ** -126, 2 ** 126), ulp(3)),
                                             otherwise=undefined('1.0 / x outside 2^-126..2^126 in the relaxed table (7.4)'))))
    return b + half_and_native(b)


# 6.15.2's second table: half_ functions (10 bits of accuracy) and native_
# functions (implementation-defined), each named after its base.
HALF_NATIVE_BASES = ('cos', 'divide', 'exp', 'exp2', 'exp10', 'log', 'log2', 'log10', 'powr', 'recip', 'rsqrt', 'sin',
                     'sqrt', 'tan')


def half_and_native(base_entries):
    by_name = {e.name: e for e in base_entries}
    out = []
    for prefix in ('half', 'native'):
        for base in HALF_NATIVE_BASES:
            e = by_name[base]
            name = f'{prefix}_{base}'
            call = f'{name}(' + ', '.join(f'a{i}' for i in range(len(e.args))) + ')'
            if prefix == 'half':
                # 7.5.1: same edge cases as the base function; 6.15.2: any
                # result the FTZ rules allow, whatever the build options.
                rules = [dict(r, name=f'{name}: ' + r['name'] if e.call else r['name'].replace(base + '(', name + '(', 1))
                         for r in e.rules]
                out.append(Builtin(name, e.args, e.outputs, ulp(HALF_ULP), 'half', call=call, rules=rules,
                                   inputs=e.inputs, flushes=True, fp64=False))
            else:
                out.append(Builtin(name, e.args, e.outputs, IMPL, 'native', call=call, inputs=e.inputs, judged=False,
                                   fp64=False))
    return out


# ---- the double format of an entry -------------------------------------------

FP64_TYPES = {'float': 'double', 'int': 'int', 'uint': 'ulong'}


def fp64_catalog():
    """Every entry with a double overload, and its double form: argument
    and output types (float -> double; nan's code is a ulong, 6.15.2; int
    arguments and outputs stay int), the call, the double table's bounds
    and the edge cases. Checks that DOUBLE_TABLE covers exactly these."""
    entries = [e for e in catalog() if e.fp64]
    names = {e.name for e in entries}
    assert names == set(DOUBLE_TABLE), sorted(names ^ set(DOUBLE_TABLE))
    return entries


# ---- the half format of an entry ---------------------------------------------

FP16_TYPES = {'float': 'half', 'int': 'int', 'uint': 'ushort'}

# The float literals of the edge rules that name a float limit (or a value
# that is not a half), and the half value that plays the same part: the
# next value above 1, the largest finite value, a tiny normal value, the
# binade where every value is an integer (2^23 -> 2^10), odd and even
# integers and half-integers there, the largest value below 1 and below
# 0.5, the smallest normal value. Each half literal is exact (checked by
# fp16_rules).
HALF_LITERALS = {
    '1.0000001': '0x1.004p+0', '3e38': '65504', '3.4e38': '65504', '1e-30': '0x1p-13', '1e-37': '0x1p-14',
    '0x1p-25': '0x1p-12', '1e-10': '0x1p-11', '8388607.9': '1023.5', '8388608': '1024', '16777216': '2048',
    '8388609': '2047', '8388607': '2047', '16777215': '2047', '8388607.5': '1023.5', '8388606.5': '1022.5',
    '0x1.fffffep-1': '0x1.ffcp-1', '0x1.fffffep-2': '0x1.ffcp-2', '0x1p-126': '0x1p-14',
}


def half_exact(text):
    """Whether a literal of a rule names a half value exactly."""
    if text in ('+0', '-0', '0', 'inf', '-inf', '+inf', 'nan', '-nan'):
        return True
    try:
        v = float.fromhex(text) if 'x' in text else float(text)
    except ValueError:
        return True  # a named expectation ('arg0', 'ref', 'lt1', ...)
    if math.isinf(v) or math.isnan(v):
        return True
    a = abs(v)
    if a > 65504:
        return False
    if a == 0:
        return True
    m, e = math.frexp(a)  # a = m 2^e, 0.5 <= m < 1
    q = a * 2.0 ** (24 if e <= -13 else 11 - e)
    return q == int(q)


def to_half_literal(text):
    if not isinstance(text, str) or not text or text[0] not in '+-0123456789':
        return text
    sign, body = (text[0], text[1:]) if text[0] in '+-' else ('', text)
    return sign + HALF_LITERALS.get(body, body) if body in HALF_LITERALS else text


def fp16_rules(entry, float_kinds):
    """The float entry's edge rules at half: every float literal that names
    a float limit carried to its half counterpart (HALF_LITERALS), int
    arguments as they are; nextafter's denormal limits and nan's codes are
    half's own (the rules for them are written here)."""
    if entry.name == 'nextafter':
        return nextafter_half_rules()
    if entry.name == 'nan':
        return [rule('nan(nancode) is a NaN', [(0,), (1,), (0x200,), (0xFFFF,)], 'nan', '6.15.2')]
    if entry.name == 'add':
        rules = [dict(r) for r in entry.fp64_rules]  # written with a double limit; carried the same way
        rules = [dict(r, args=[[('65504' if x in ('1.7e308', '-1.7e308') else x) for x in a] for a in r['args']])
                 for r in rules]
    else:
        rules = entry.rules
    out = []
    for r in rules:
        args = [[to_half_literal(x) if float_kinds[i] else x for i, x in enumerate(a)] for a in r['args']]
        expect = [to_half_literal(x) for x in r['expect']]
        for a in args:
            for i, x in enumerate(a):
                assert not float_kinds[i] or half_exact(x), (entry.name, r['name'], x)
        for x in expect:
            assert not isinstance(x, str) or half_exact(x), (entry.name, r['name'], x)
        h = dict(r, args=args, expect=expect)
        if 'ftz_alt' in r:
            h['ftz_alt'] = [to_half_literal(x) for x in r['ftz_alt']]
        out.append(h)
    return out


def nextafter_half_rules():
    return [rule('nextafter(-0, y > 0) = smallest positive denormal', [('-0', '1')], '0x1p-24', ftz_alt='0x1p-14'),
            rule('nextafter(+0, y < 0) = smallest negative denormal', [('+0', '-1')], '-0x1p-24', ftz_alt='-0x1p-14'),
            rule('nextafter(x, y) = y for x == y', [('+0', '-0'), ('-0', '+0'), ('1', '1')], 'arg1', C99),
            rule('nextafter(x, NaN) = NaN', [('1', 'nan'), ('nan', '1')], 'nan', C99)]


def fp16_catalog():
    """Every entry with a half overload (cl_khr_fp16, 6.15.2: every one with
    a double overload; half_ and native_ are float only), with its half
    rules. Checks that HALF_TABLE covers exactly these."""
    entries = [e for e in catalog() if e.fp64]
    names = {e.name for e in entries}
    assert names == set(HALF_TABLE), sorted(names ^ set(HALF_TABLE))
    for e in entries:
        e.fp16_rules = fp16_rules(e, [t == 'float' for t in e.args])
    return entries
