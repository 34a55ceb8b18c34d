"""The integer_ext suite: the optional integer built-ins of OpenCL C spec
6.15.3 and 6.15.3.1 (integer_ext_catalog.py), one case per function and
element type (extended bit operations, every width 1 to 16 in one kernel)
and one per dot-product overload.

Bit operations: each work-item reads 16 lanes of base (and insert) and one
(offset, count) pair shared by every width, as 6.15.3.1 gives one scalar
offset and count for a whole vector; the host gives every pair with
offset + count <= the bit width (the rest are undefined) in turn. The
extract kernels also store whether the scalar result compares below 0, so a
result of the wrong signedness is caught (a vector of the wrong type does
not build: vstore of it to the right pointer is an error).

Dot products: a and b are 32-bit words, read as 4-vectors of 8-bit
components (component 0 the lowest byte, as a little-endian device stores
them and as SPIR-V's PackedVectorFormat4x8Bit packs them) or passed packed.
"""

from .manifest import Manifest
from . import integer_ext_catalog as cat
from .integer_catalog import WIDTHS
from .types import ELEMENT

SPEC = 'OpenCL C spec 6.15.3 (integer dot products) and 6.15.3.1 (Extended Bit Operations)'
EXTRACT = ('bitfield_extract_signed', 'bitfield_extract_unsigned')


def _vec(t, w):
    return t if w == 1 else f'{t}{w}'


def _bit_kernel(name, elem, res):
    args = {'bitfield_insert': lambda v: f'{v("base")}, {v("ins")}, o, c',
            'bitfield_extract_signed': lambda v: f'{v("base")}, o, c',
            'bitfield_extract_unsigned': lambda v: f'{v("base")}, o, c',
            'bit_reverse': lambda v: v('base')}[name]
    lines = [f'__kernel void intx_{name}_{elem}(__global const {elem}* base, __global const {elem}* ins,',
             f'    __global const uint* offset, __global const uint* count, __global {res}* out, __global int* negative)',
             '{',
             '  size_t g = get_global_id(0);',
             '  uint o = offset[g], c = count[g];']
    for wi, w in enumerate(WIDTHS):
        slot = f'{16 * len(WIDTHS)} * g + {16 * wi}'
        if w == 1:
            call = f'{name}({args(lambda a: f"{a}[16 * g]")})'
            lines.append(f'  out[{slot}] = {call};')
            if name in EXTRACT:
                lines.append(f'  negative[g] = {call} < 0;')
        else:
            call = f'{name}({args(lambda a: f"vload{w}(0, {a} + 16 * g)")})'
            lines.append(f'  vstore{w}({call}, 0, out + {slot});')
    if name not in EXTRACT:
        lines.append('  negative[g] = 0;')
    lines.append('}')
    return '\n'.join(lines) + '\n'


def _dot_kernel(name, a, b, res, acc, packed):
    kname = f'intx_{name}_{a}{b}' if not packed else f'intx_{name}'
    ctype = {'u': 'uchar', 's': 'char'}
    if packed:
        head = f'__global const uint* a, __global const uint* b'
        x, y = 'a[g]', 'b[g]'
    else:
        head = f'__global const {ctype[a]}* a, __global const {ctype[b]}* b'
        x, y = 'vload4(g, a)', 'vload4(g, b)'
    call = f'{name}({x}, {y}{", acc[g]" if acc else ""})'
    return (f'__kernel void {kname}({head}, __global const {res}* acc, __global {res}* out)\n'
            '{\n  size_t g = get_global_id(0);\n'
            f'  out[g] = {call};\n}}\n'), kname


def cases():
    """(case id, program, kernel, params, requires, coverage name, overloads)."""
    out = []
    for name, elem, res, widths in cat.bit_forms():
        e, r = ELEMENT[elem], ELEMENT[res]
        p = {'kind': 'bits', 'function': name, 'section': cat.BIT_SECTION, 'type': elem, 'result': res,
             'format': 'i' if e.kind == 'int' else 'u', 'bytes': e.size,
             'result_format': 'i' if r.kind == 'int' else 'u', 'widths': list(widths)}
        out.append((f'integer_ext.{name}.{elem}', f'intx_bits_{elem}', f'intx_{name}_{elem}', p,
                    [cat.BIT_OPS_NEED], name, len(widths)))
    for name, a, b, res, acc, packed, need in cat.dot_forms():
        src, kname = _dot_kernel(name, a, b, res, acc, packed)
        p = {'kind': 'dot', 'function': name, 'section': cat.DOT_SECTION, 'a_signed': a == 's',
             'b_signed': b == 's', 'result': res, 'accumulate': acc, 'packed': packed}
        cid = f'integer_ext.{name}' if packed else f'integer_ext.{name}.{a}{b}'
        out.append((cid, 'intx_dot_packed' if packed else 'intx_dot', kname, p,
                    ['cl_khr_integer_dot_product', need], 'dot (integer)' if name == 'dot' else name, 1))
    return out


def program_sources():
    progs = {}
    for name, elem, res, _ in cat.bit_forms():
        pid = f'intx_bits_{elem}'
        progs.setdefault(pid, {'source': '', 'requires': [cat.BIT_OPS_NEED]})
        progs[pid]['source'] += _bit_kernel(name, elem, res) + '\n'
    for name, a, b, res, acc, packed, need in cat.dot_forms():
        pid = 'intx_dot_packed' if packed else 'intx_dot'
        progs.setdefault(pid, {'source': '', 'requires': ['cl_khr_integer_dot_product', need]})
        progs[pid]['source'] += _dot_kernel(name, a, b, res, acc, packed)[0] + '\n'
    return progs


def build():
    m = Manifest('integer_ext', SPEC)
    for pid, prog in program_sources().items():
        m.add_program(pid, prog['source'], requires=['opencl_c_2.0'] + prog['requires'], cl_std='2.0')
    all_cases = cases()
    for cid, prog, kernel, params, req, _, _ in all_cases:
        params = dict(params)
        params['cases_in_suite'] = len(all_cases)
        m.add_case(cid, prog, kernel, 'integer_ext.' + params['kind'], 'integer_ext.' + params['kind'], params,
                   requires=['opencl_c_2.0'] + req)
    return m


def coverage():
    out = {}
    for cid, prog, kernel, params, req, name, n in cases():
        e = out.setdefault(name, {'overloads': {'core': 0}, 'cases': []})
        e['cases'].append(cid)
        e['overloads']['core'] += n
    return out
