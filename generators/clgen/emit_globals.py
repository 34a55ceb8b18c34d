"""The globals suite: program-scope variables in the global address space
and static variables of functions in it (OpenCL C 3.0 spec 6.7.1, 6.7.7
Initialization, 6.10 Storage-Class Specifiers).

Needs OpenCL C 2.0, or OpenCL C 3.0 with
__opencl_c_program_scope_global_variables. Per element type, one program
declares: a variable with a constant initializer, one without (zero
initialized, 6.7.7), an array with fewer initializers than elements (the
rest zero), a program-scope pointer initialized with the address of an
array element, a buffer-sized array that one kernel writes and another
reads in a later launch (values "persist between calls to any of the
kernels in the program", 6.7.1), and a function with a static global
variable that keeps its value from one launch to the next.
"""

import struct

from .manifest import Manifest

SPEC = ('OpenCL C 3.0 spec 6.7.1 global address space (program scope variables), 6.7.7 Initialization, '
        '6.10 Storage-Class Specifiers')
FEATURE = '__opencl_c_program_scope_global_variables'
N = 256          # work-items of the store and load kernels
ARRAY = 5        # elements of the partly initialized array (3 initializers)
POINTED = 2      # the program-scope pointer's element of that array

PAIR = 'typedef struct { int a; float b; } pair_t;\n'


def _f(x):
    return struct.pack('<f', x)


def _d(x):
    return struct.pack('<d', x)


# (case name, OpenCL C type, bytes, requires, prelude, [(literal, little-endian bytes)] for the
# initialized variable, then the array's three initializers, then the static's stored value).
# Float values are dyadic, so each literal is exact.
TYPES = [
    ('char', 'char', 1, [], '', [('-100', struct.pack('<b', -100)), ('127', struct.pack('<b', 127)),
                                  ('-128', struct.pack('<b', -128)), ('5', struct.pack('<b', 5)),
                                  ('-3', struct.pack('<b', -3))]),
    ('int', 'int', 4, [], '', [('12', struct.pack('<i', 12)), ('-2147483647 - 1', struct.pack('<i', -2**31)),
                                ('2147483647', struct.pack('<i', 2**31 - 1)), ('-1', struct.pack('<i', -1)),
                                ('0x5A5A5A5A', struct.pack('<i', 0x5A5A5A5A))]),
    ('ulong', 'ulong', 8, ['__opencl_c_int64'], '',
     [('0xFEDCBA9876543210UL', struct.pack('<Q', 0xFEDCBA9876543210)), ('1UL', struct.pack('<Q', 1)),
      ('0xFFFFFFFFFFFFFFFFUL', struct.pack('<Q', 2**64 - 1)), ('0x8000000000000000UL', struct.pack('<Q', 2**63)),
      ('42UL', struct.pack('<Q', 42))]),
    ('float', 'float', 4, [], '', [('1.5f', _f(1.5)), ('-0.375f', _f(-0.375)), ('1024.25f', _f(1024.25)),
                                    ('0x1p-126f', _f(2.0**-126)), ('-0x1.fffffep127f', _f(-(2 - 2**-23) * 2.0**127))]),
    ('double', 'double', 8, ['fp64'], '#ifdef cl_khr_fp64\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n',
     [('-2.75', _d(-2.75)), ('0x1p-1022', _d(2.0**-1022)), ('0x1.fffffffffffffp1023', _d((2 - 2**-52) * 2.0**1023)),
      ('0.5', _d(0.5)), ('-1024.0', _d(-1024.0))]),
    ('float4', 'float4', 16, [], '',
     [('(float4)(1.0f, -2.0f, 0.5f, 3.25f)', _f(1.0) + _f(-2.0) + _f(0.5) + _f(3.25)),
      ('(float4)(0.0f, -0.0f, 8.0f, -16.5f)', _f(0.0) + _f(-0.0) + _f(8.0) + _f(-16.5)),
      ('(float4)(0.125f, 0.25f, 0.375f, 0.5f)', _f(0.125) + _f(0.25) + _f(0.375) + _f(0.5)),
      ('(float4)(-1.0f, 1.0f, -1.0f, 1.0f)', _f(-1.0) + _f(1.0) + _f(-1.0) + _f(1.0)),
      ('(float4)(100.0f, 200.0f, 300.0f, 400.0f)', _f(100.0) + _f(200.0) + _f(300.0) + _f(400.0))]),
    ('pair', 'pair_t', 8, [], PAIR,
     [('{3, 2.5f}', struct.pack('<i', 3) + _f(2.5)), ('{-1, -0.5f}', struct.pack('<i', -1) + _f(-0.5)),
      ('{2147483647, 65536.0f}', struct.pack('<i', 2**31 - 1) + _f(65536.0)),
      ('{0, 1.0f}', struct.pack('<i', 0) + _f(1.0)), ('{7, -8.0f}', struct.pack('<i', 7) + _f(-8.0))]),
]


def program(tid, t, values, pre):
    init, a0, a1, a2, stored = [v[0] for v in values]
    return (pre + (('\n' if pre else '')) +
            f'global {t} g_init = {init};\n'
            f'global {t} g_zero;\n'
            f'global {t} g_array[{ARRAY}] = {{{a0}, {a1}, {a2}}};\n'
            f'global {t}* g_ptr = &g_array[{POINTED}];\n'
            f'global {t} g_store[{N}];\n\n'
            '// Reads every initialized variable once (one work-item).\n'
            f'__kernel void glob_init_{tid}(__global {t}* out)\n'
            '{\n'
            f'  static global {t} s_zero;  // a static global variable of a function: zero initialized\n'
            '  out[0] = g_init;\n'
            '  out[1] = g_zero;\n'
            f'  for (int k = 0; k < {ARRAY}; ++k) out[2 + k] = g_array[k];\n'
            f'  out[{2 + ARRAY}] = *g_ptr;\n'
            f'  out[{3 + ARRAY}] = s_zero;\n'
            '}\n\n'
            f'__kernel void glob_store_{tid}(__global const {t}* in)\n'
            '{\n'
            '  g_store[get_global_id(0)] = in[get_global_id(0)];\n'
            '}\n\n'
            f'__kernel void glob_load_{tid}(__global {t}* out)\n'
            '{\n'
            '  out[get_global_id(0)] = g_store[get_global_id(0)];\n'
            '}\n\n'
            f'// Returns the value the previous call stored ({stored} first, zero before).\n'
            f'{t} swap_static_{tid}({t} v)\n'
            '{\n'
            f'  static global {t} kept;\n'
            f'  {t} old = kept;\n'
            '  kept = v;\n'
            '  return old;\n'
            '}\n\n'
            f'__kernel void glob_static_{tid}(__global {t}* out)\n'
            '{\n'
            f'  const {t} v = {stored};\n'
            f'  out[0] = swap_static_{tid}(v);\n'
            '}\n')


# Which lanes of each type hold floats (4-byte lanes) or doubles (8-byte
# lanes): the host keeps them finite in the persist inputs.
LAYOUT = {'char': {}, 'int': {}, 'ulong': {}, 'float': {'float_lanes': [0]}, 'double': {'double_lanes': [0]},
          'float4': {'float_lanes': [0, 1, 2, 3]}, 'pair': {'float_lanes': [1]}}


def cases():
    out = []
    for tid, t, size, req, pre, values in TYPES:
        layout = dict(LAYOUT[tid], bytes=size)
        hexes = [v[1].hex() for v in values]
        init = {'init': hexes[0], 'zero': (b'\0' * size).hex(),
                'array': hexes[1:4] + [(b'\0' * size).hex()] * (ARRAY - 3), 'pointed': POINTED,
                'static_zero': (b'\0' * size).hex()}
        out.append((f'globals.init.{tid}', f'globals_{tid}', f'glob_init_{tid}', 'globals.init',
                    {'type': t, 'layout': layout, 'expect': init, 'values': 3 + ARRAY + 1}, req))
        out.append((f'globals.persist.{tid}', f'globals_{tid}', f'glob_store_{tid}', 'globals.persist',
                    {'type': t, 'layout': layout, 'work_items': N, 'rounds': 2, 'values': 2 * N,
                     'load_kernel': f'glob_load_{tid}'}, req))
        out.append((f'globals.static.{tid}', f'globals_{tid}', f'glob_static_{tid}', 'globals.static',
                    {'type': t, 'layout': layout, 'stored': hexes[4], 'launches': 3, 'values': 3}, req))
    return out


def build():
    m = Manifest('globals', SPEC)
    for tid, t, size, req, pre, values in TYPES:
        m.add_program(f'globals_{tid}', program(tid, t, values, pre), requires=['opencl_c_2.0', FEATURE] + req,
                      cl_std='2.0')
    all_cases = cases()
    for cid, prog, kernel, check, params, req in all_cases:
        params = dict(params)
        params['cases_in_suite'] = len(all_cases)
        m.add_case(cid, prog, kernel, check, check, params, requires=['opencl_c_2.0', FEATURE] + req)
    return m


def coverage():
    """No built-in of its own: the language feature, with every case."""
    return {'program-scope global variables and static global variables':
            {'overloads': {}, 'cases': [c[0] for c in cases()]}}
