"""The half suite: half as a storage format (vload_half*, vstore_half*) and
the half type's restrictions without cl_khr_fp16.

OpenCL C 3.0 spec, section 6.15.7 Vector Data Load and Store Functions:
vload_half / vload_halfn / vloada_halfn read halves and return floats
exactly; vstore_half / vstore_halfn / vstorea_halfn convert float or double
to half in the default (round to nearest even) or an explicit rounding mode.
Section 6.3.1 (the half data type): without cl_khr_fp16 a half may only be
used through a pointer to it; declaring half variables or dereferencing a
half pointer is an error.

Stores come three ways: one case per built-in and width into __global (values
and layout), a few into __local and __private, and one sweep case per
built-in and rounding mode that runs every width through the harness Sweep
(all 2^32 float inputs in full mode). The fp16 path is half_fp16.py.
"""

from . import half_fp16
from .manifest import Manifest
from .types import pragmas

SPEC = ('OpenCL C 3.0 spec: 6.15.7 Vector Data Load and Store Functions; '
        '6.3.1 the half data type')

VEC_WIDTHS = (2, 3, 4, 8, 16)
ROUNDINGS = ('', 'rte', 'rtz', 'rtp', 'rtn')  # '' is the default (round to nearest even)
LOCAL_ROUND = 256  # work-items sharing the __local staging buffer per round


def sfx(n):
    return '' if n == 1 else str(n)


def vload_expr(n, src):
    return f'vload{n}(i, {src})' if n > 1 else f'{src}[i]'


def vstore_stmt(n, value, dst):
    return f'vstore{n}({value}, i, {dst});' if n > 1 else f'{dst}[i] = {value};'


# ---- loads -----------------------------------------------------------------

def load_global_kernel(fn, n):
    name = f'{fn}{sfx(n)}_global'
    src = (f'__kernel void {name}(__global const half* in, __global float* out, uint shift)\n{{\n'
           f'  size_t i = get_global_id(0);\n'
           f'  {vstore_stmt(n, f"{fn}{sfx(n)}(i, in + shift)", "out")}\n}}\n')
    return name, src


def load_space_kernel(n, space):
    """vload_half(n) from __constant, __local or __private memory: each work-item
    reads its own 4-half group (the input is laid out with a stride of 4)."""
    name = f'vload_half{sfx(n)}_{space}'
    body = '  size_t i = get_global_id(0);\n'
    if space == 'constant':
        src = (f'__kernel void {name}(__constant half* in, __global float* out, uint shift)\n{{\n' + body +
               f'  {vstore_stmt(n, f"vload_half{sfx(n)}(0, in + shift + 4 * i)", "out")}\n}}\n')
        return name, src
    head = f'__kernel void {name}(__global const ushort* in, __global float* out, uint shift)\n{{\n' + body
    if space == 'private':
        body = ('  ushort tmp[4];\n'
                '  for (int k = 0; k < 4; ++k) tmp[k] = in[shift + 4 * i + k];\n'
                f'  {vstore_stmt(n, f"vload_half{sfx(n)}(0, (__private const half*)tmp)", "out")}\n')
        return name, head + body + '}\n'
    body = (f'  __local ushort buf[{LOCAL_ROUND} * 4];\n'
            '  size_t lid = get_local_id(0);\n'
            f'  for (size_t r = 0; r < get_local_size(0); r += {LOCAL_ROUND}) {{\n'
            '    barrier(CLK_LOCAL_MEM_FENCE);\n'
            f'    if (lid >= r && lid < r + {LOCAL_ROUND}) {{\n'
            '      for (int k = 0; k < 4; ++k) buf[4 * (lid - r) + k] = in[shift + 4 * i + k];\n'
            '    }\n'
            '    barrier(CLK_LOCAL_MEM_FENCE);\n'
            f'    if (lid >= r && lid < r + {LOCAL_ROUND}) {{\n'
            f'      __local const half* p = (__local const half*)buf + 4 * (lid - r);\n'
            f'      {vstore_stmt(n, f"vload_half{sfx(n)}(0, p)", "out")}\n'
            '    }\n'
            '  }\n')
    return name, head + body + '}\n'


def load_cases():
    """(kernel name, source, params) for every load case."""
    out = []
    for fn, widths in (('vload_half', (1,) + VEC_WIDTHS), ('vloada_half', VEC_WIDTHS)):
        for n in widths:
            name, src = load_global_kernel(fn, n)
            aligned = fn == 'vloada_half'
            stride = 4 if (aligned and n == 3) else n
            out.append((name, src, {'fn': f'{fn}{sfx(n)}', 'n': n, 'space': 'global', 'stride': stride,
                                    'shift': 16 if aligned else 1}))
    for space in ('local', 'private', 'constant'):
        for n in (1, 4):
            name, src = load_space_kernel(n, space)
            out.append((name, src, {'fn': f'vload_half{sfx(n)}', 'n': n, 'space': space, 'stride': 4,
                                    'shift': 4}))
    return out


# ---- stores ----------------------------------------------------------------

def store_call(fn, n, rnd):
    return f'{fn}{sfx(n)}' + (f'_{rnd}' if rnd else '')


def store_kernel(fn, n, rnd, src_type):
    vec = f'{src_type}{sfx(n)}'
    call = store_call(fn, n, rnd)
    name = f'{call}_{src_type}'
    src = (f'__kernel void {name}(__global const {src_type}* in, __global half* out)\n{{\n'
           f'  size_t i = get_global_id(0);\n'
           f'  {vec} v = {vload_expr(n, "in")};\n'
           f'  {call}(v, i, out);\n}}\n')
    return name, call, src


def store_cases(src_type):
    out = []
    for fn, widths in (('vstore_half', (1,) + VEC_WIDTHS), ('vstorea_half', VEC_WIDTHS)):
        for n in widths:
            for rnd in ROUNDINGS:
                name, call, src = store_kernel(fn, n, rnd, src_type)
                aligned = fn == 'vstorea_half'
                out.append((name, call, src, {'fn': call, 'n': n, 'from': src_type, 'space': 'global',
                                              'rounding': rnd or 'rte', 'explicit_rounding': bool(rnd),
                                              'stride': 4 if (aligned and n == 3) else n,
                                              'padding_may_change': aligned and n == 3}))
    return out


# Stores into __local and __private memory: each work-item stores into its
# own 4-half slot (a ushort4, so 8-byte aligned as vstorea_half3 needs),
# filled with 0xA5A5 first, then copies the whole slot out to global memory,
# so halves a store must not touch are checked too. (fn, n, rounding)
SPACE_STORES = (('vstore_half', 1, ''), ('vstore_half', 1, 'rtz'), ('vstore_half', 3, 'rtp'),
                ('vstore_half', 4, 'rtn'), ('vstorea_half', 3, ''), ('vstorea_half', 4, 'rte'))


def store_space_kernel(fn, n, rnd, space):
    call = store_call(fn, n, rnd)
    name = f'{call}_float_{space}'
    head = (f'__kernel void {name}(__global const float* in, __global ushort* out)\n{{\n'
            f'  size_t i = get_global_id(0);\n'
            f'  float{sfx(n)} v = {vload_expr(n, "in")};\n')
    if space == 'private':
        body = ('  ushort4 slot = (ushort4)(0xA5A5);\n'
                f'  {call}(v, 0, (__private half*)&slot);\n'
                '  vstore4(slot, i, out);\n')
        return name, call, head + body + '}\n'
    body = (f'  __local ushort4 slots[{LOCAL_ROUND}];\n'
            '  size_t lid = get_local_id(0);\n'
            f'  for (size_t r = 0; r < get_local_size(0); r += {LOCAL_ROUND}) {{\n'
            '    barrier(CLK_LOCAL_MEM_FENCE);\n'
            f'    if (lid >= r && lid < r + {LOCAL_ROUND}) {{\n'
            '      __local ushort4* slot = slots + (lid - r);\n'
            '      *slot = (ushort4)(0xA5A5);\n'
            f'      {call}(v, 0, (__local half*)slot);\n'
            '      vstore4(*slot, i, out);\n'
            '    }\n'
            '  }\n')
    return name, call, head + body + '}\n'


def store_space_cases():
    out = []
    for space in ('local', 'private'):
        for fn, n, rnd in SPACE_STORES:
            name, call, src = store_space_kernel(fn, n, rnd, space)
            out.append((name, call, src, {'fn': call, 'n': n, 'from': 'float', 'space': space,
                                          'rounding': rnd or 'rte', 'explicit_rounding': bool(rnd), 'stride': 4,
                                          'padding_may_change': fn == 'vstorea_half' and n == 3}))
    return out


# Sweeps: one case per store function, rounding mode and source type runs
# every width of that function in one harness Sweep (one input upload and one
# reference per lane, checked against every width's output). Lanes are
# packed in and out, which is the aligned layout too for n = 2, 4, 8, 16;
# vstorea_half3 stores into an aligned __private group and copies its three
# halves out packed (its global layout is the per-width cases' job).

def sweep_kernel(fn, n, rnd, src_type):
    call = store_call(fn, n, rnd)
    name = f'sweep_{call}_{src_type}'
    head = (f'__kernel void {name}(__global const {src_type}* in, __global half* out)\n{{\n'
            f'  size_t i = get_global_id(0);\n')
    if fn == 'vstorea_half' and n == 3:
        body = ('  ushort4 group;\n'
                f'  {call}(vload3(i, in), 0, (__private half*)&group);\n'
                '  vstore3(group.s012, i, (__global ushort*)out);\n')
    else:
        body = f'  {call}({vload_expr(n, "in")}, i, out);\n'
    return name, head + body + '}\n'


def sweep_cases(src_type):
    out = []
    for fn, widths in (('vstore_half', (1,) + VEC_WIDTHS), ('vstorea_half', VEC_WIDTHS)):
        for rnd in ROUNDINGS:
            kernels = [sweep_kernel(fn, n, rnd, src_type) for n in widths]
            call = fn + (f'_{rnd}' if rnd else '')
            out.append((call, kernels, {'fn': call, 'widths': list(widths), 'from': src_type,
                                        'rounding': rnd or 'rte', 'explicit_rounding': bool(rnd),
                                        'kernels': [k for k, _ in kernels],
                                        'calls': [store_call(fn, n, rnd) for n in widths]}))
    return out


# ---- rejects ----------------------------------------------------------------

REJECTS = (
    ('variable', '__kernel void reject_half_variable(__global float* out)\n{\n'
                 '  half h;\n  out[get_global_id(0)] = 0.0f;\n}\n',
     'reject_half_variable', 'declaring a half variable without cl_khr_fp16 (6.3.1)'),
    ('array', '__kernel void reject_half_array(__global float* out)\n{\n'
              '  half a[4];\n  out[get_global_id(0)] = 0.0f;\n}\n',
     'reject_half_array', 'declaring a half array without cl_khr_fp16 (6.3.1)'),
    ('deref', '__kernel void reject_half_deref(__global half* p, __global float* out)\n{\n'
              '  half h = *p;\n}\n',
     'reject_half_deref', 'dereferencing a half pointer (half h = *p) without cl_khr_fp16 (6.3.1)'),
    ('deref_expr', '__kernel void reject_half_deref_expr(__global half* p, __global float* out)\n{\n'
                   '  out[get_global_id(0)] = *p;\n}\n',
     'reject_half_deref_expr', 'loading through a half pointer (out[i] = *p) without cl_khr_fp16 (6.3.1)'),
)


def build():
    m = Manifest('half', SPEC)
    loads = load_cases()
    m.add_program('load', '\n'.join(src for _, src, _ in loads))
    for name, _, params in loads:
        m.add_case(f'half.{name}', 'load', name, 'half.load', 'load', params)
    for src_type, group, req in (('float', 'store', ()), ('double', 'store_double', ('fp64',))):
        stores = store_cases(src_type)
        m.add_program(group, pragmas(req) + '\n'.join(src for _, _, src, _ in stores), req)
        for name, call, _, params in stores:
            m.add_case(f'half.{call}.{src_type}', group, name, 'half.store', group, params, req)
    spaces = store_space_cases()
    m.add_program('store_space', '\n'.join(src for _, _, src, _ in spaces))
    for name, call, _, params in spaces:
        m.add_case(f'half.{call}.float.{params["space"]}', 'store_space', name, 'half.store', 'store_space', params)
    # A program per sweep (its six widths' kernels): a sweep is run alone
    # more often than not, and builds only what it runs.
    for src_type, group, req in (('float', 'store_sweep', ()), ('double', 'store_sweep_double', ('fp64',))):
        for call, kernels, params in sweep_cases(src_type):
            program = f'{group}_{call}'
            m.add_program(program, pragmas(req) + '\n'.join(src for _, src in kernels), req)
            m.add_case(f'half.sweep.{call}.{src_type}', program, kernels[0][0], 'half.store_sweep', group, params, req)
    for what, src, kernel, why in REJECTS:
        program = f'reject_{what}'
        m.add_program(program, src)
        m.add_case(f'half.reject.{what}', program, kernel, 'half.reject', 'reject', {'why': why},
                   expect='build_failure')
    half_fp16.add_cases(m)
    return m
