"""Explicit conversions, convert_<dst>[_sat][_rte|_rtz|_rtp|_rtn](<src>), for
every ordered pair of the ten element types and every width.

OpenCL C 3.0 spec 6.4.3 Explicit Conversions: 6.4.3.1 (the types, the same
number of elements on both sides), 6.4.3.2 (rounding modifiers; _rtz is the
default for integer destinations, _rte for floating-point ones), 6.4.3.3
(_sat clamps and sends NaN to 0; _sat exists for integer destinations only).

Why the kernels look the way they do: compiling is what makes a conversion
suite slow (PoCL generates code per kernel, and again per work-group size),
so each (source, destination) pair is ONE kernel holding every variant and
width behind a switch on a `which` argument. A case (one conversion, e.g.
convert_int_rte from float) makes six kernel objects of it, one per width,
that each convert one vector per work-item; all six read the same input
lanes (harness/sweep.hpp), so every lane is checked in every width against
one reference value.
"""

from .types import ELEMENTS, WIDTHS, Type, requirements

ROUNDINGS = ('', '_rte', '_rtz', '_rtp', '_rtn')  # '' is the destination's default


def variants(dst):
    """The modifier suffixes a destination element type has, in a fixed order."""
    sats = ('', '_sat') if dst.kind != 'float' else ('',)
    return [sat + rnd for sat in sats for rnd in ROUNDINGS]


def vname(elem, n):
    return elem.name if n == 1 else f'{elem.name}{n}'


def conversion_call(src, dst, n, suffix):
    arg = 'in[i]' if n == 1 else f'vload{n}(i, in)'
    value = f'convert_{vname(dst, n)}{suffix}({arg})'
    return f'out[i] = {value};' if n == 1 else f'vstore{n}({value}, i, out);'


def kernel_name(src, dst):
    return f'convert_{src.name}_to_{dst.name}'


def pair_kernel(src, dst):
    """One kernel for every variant and width of src -> dst; `which` picks one."""
    lines = [f'__kernel void {kernel_name(src, dst)}(__global const {src.name}* in, '
             f'__global {dst.name}* out, uint which)', '{', '  size_t i = get_global_id(0);', '  switch (which) {']
    which = 0
    for suffix in variants(dst):
        for n in WIDTHS:
            lines.append(f'  case {which}: {conversion_call(src, dst, n, suffix)} break;')
            which += 1
    lines += ['  }', '}']
    return '\n'.join(lines) + '\n'


def program_of(src, dst):
    """One program per source and destination type: a case's run builds only
    its own pair's kernel (a program of every pair from one source took
    NVIDIA's compiler 2.3 s; one pair, a ninth of it), and a device without
    doubles skips only the pairs that need them."""
    return f'explicit_{src.name}_to_{dst.name}'


def cases():
    """(program, requires, kernel source, [case dicts]) for every pair."""
    out = []
    for src in ELEMENTS:
        for dst in ELEMENTS:
            req = tuple(requirements(Type(src, 1), Type(dst, 1)))
            items = []
            for v, suffix in enumerate(variants(dst)):
                sat = suffix.startswith('_sat')
                rnd = suffix[len('_sat'):] if sat else suffix
                fn = f'convert_{dst.name}{suffix}'
                items.append({
                    'id': f'{fn}.{src.name}', 'kernel': kernel_name(src, dst),
                    'params': {'src': Type(src, 1).describe(), 'dst': Type(dst, 1).describe(),
                               'function': fn, 'saturate': sat,
                               'rounding': rnd[1:] if rnd else ('rtz' if dst.kind != 'float' else 'rte'),
                               'explicit_rounding': bool(rnd),
                               'which_base': v * len(WIDTHS), 'widths': list(WIDTHS)}})
            out.append((program_of(src, dst), req, pair_kernel(src, dst), items))
    return out


def function_count(pairs):
    """Distinct conversion functions: one per case and width."""
    return sum(len(items) for _, _, _, items in pairs) * len(WIDTHS)
