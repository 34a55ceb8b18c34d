"""Input values of a fuzz program's arguments, as bit patterns.

About one component in five is an edge value (zeros, infinities, NaN,
denormal and normal limits, values at which functions turn; for integers
the limits and the small counts that shifts and rotates care about); the
rest are drawn so that every binade gets its share: a random sign, an
exponent mostly in a moderate range (where most functions are neither
saturated nor tiny) and now and then anywhere, a random mantissa.
"""

import struct

import program

EDGE_SHARE = 0.2
WIDE_EXPONENT_SHARE = 0.15
MODERATE_EXPONENT = 20

# (exponent bits, mantissa bits) of each float format.
FORMATS = {16: (5, 10), 32: (8, 23), 64: (11, 52)}
PACK = {16: ('<e', '<H'), 32: ('<f', '<I'), 64: ('<d', '<Q')}
# Finite edge values besides the format's own limits, as doubles: the
# arguments at which the library functions change behaviour or lose
# accuracy (1 and 0.5 for logs and powers, pi/2 and pi for the trig
# functions, the binade tops for rounding).
FINITE_EDGES = (1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 1.5, -2.5, 1.5707963267948966, -1.5707963267948966,
                3.141592653589793, -3.141592653589793, 4.71238898038469, 0.7853981633974483, 10.0, -10.0, 88.0, -88.0)


def float_pattern(x, fbits):
    """The pattern of the double X rounded to the format (every value here
    is exact or well inside the format's range)."""
    f, u = PACK[fbits]
    return struct.unpack(u, struct.pack(f, x))[0]


def float_edges(fbits, finite):
    e, m = FORMATS[fbits]
    sign = 1 << (e + m)
    exp_all = ((1 << e) - 1) << m
    one_ulp = 1  # the smallest denormal
    max_denormal = (1 << m) - 1
    min_normal = 1 << m
    max_finite = exp_all - 1
    out = [0, sign, one_ulp, sign | one_ulp, max_denormal, sign | max_denormal, min_normal, sign | min_normal,
           max_finite, sign | max_finite]
    for x in FINITE_EDGES:
        p = float_pattern(x, fbits)
        out += [p, p + 1, p - 1]  # the value and its two neighbours
    if not finite:
        out += [exp_all, sign | exp_all, exp_all | (1 << (m - 1)), sign | exp_all | (1 << (m - 1)) | 1]
    return out


def int_edges(nbits):
    full = (1 << nbits) - 1
    top = 1 << (nbits - 1)
    return [0, 1, 2, 3, 7, full, full - 1, top, top - 1, top + 1, nbits - 1, nbits, nbits + 1, 0x55 & full,
            (0xAA << (nbits - 8)) & full]


def float_random(rng, fbits):
    """A finite pattern: the exponent field is never all ones."""
    e, m = FORMATS[fbits]
    bias = (1 << (e - 1)) - 1
    if rng.random() < WIDE_EXPONENT_SHARE:
        field = rng.randrange(0, (1 << e) - 1)  # any finite binade, denormals included
    else:
        span = min(MODERATE_EXPONENT, bias - 1)
        field = bias + rng.randint(-span, span)
    return (rng.getrandbits(1) << (e + m)) | (field << m) | rng.getrandbits(m)


def component(rng, elem, finite):
    nbits = program.ELEMENT[elem].bits
    is_float = program.ELEMENT[elem].kind == 'float'
    if rng.random() < EDGE_SHARE:
        edges = float_edges(nbits, finite) if is_float else int_edges(nbits)
        return edges[rng.randrange(len(edges))]
    if is_float:
        return float_random(rng, nbits)
    return rng.getrandbits(nbits)


def values(rng, t, items, finite):
    """ITEMS values of type T, item-major: items * width patterns."""
    elem, n = program.elem_of(t), program.width(t)
    return [component(rng, elem, finite) for _ in range(items * n)]
