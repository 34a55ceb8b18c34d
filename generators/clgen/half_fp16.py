"""The half suite's fp16 path: conversions to and from the half type itself,
legal only where the device has cl_khr_fp16. Every case requires "fp16", so
devices without the extension report them unsupported.

Source, OpenCL C 3.0 spec: 6.4.3 Explicit Conversions (6.4.3.2 rounding
modes: _rtz by default to integers, _rte to floating point; 6.4.3.3
out-of-range and _sat).

Half arithmetic (+, -, *, /, 1.0/x) and the math built-ins on half are the
math suite's half format (math.fp16.<name>: generators/clgen/math_catalog.py,
bounds from 7.4's half table); the common functions on half (degrees,
radians, sign, max, min, ...) are the common suite's.
"""

from .types import pragmas

SPEC = 'OpenCL C 3.0 spec: 6.4.3 Explicit Conversions'

REQ = ('fp16',)

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
    conv = convert_cases()
    for program, req in (('fp16_convert', REQ), ('fp16_convert_double', REQ + ('fp64',))):
        mine = [c for c in conv if tuple(c[3]) == req]
        m.add_program(program, pragmas(req) + '\n'.join(src for _, _, src, _, _ in mine), req)
        for case_id, name, _, _, params in mine:
            m.add_case(case_id, program, name, 'half.fp16.convert', 'fp16_convert', params, req)
