"""The generic suite: the generic address space of OpenCL C 3.0 spec 6.7.5
and its conversions (6.7.9), and the address space qualifier functions of
6.15.10: to_global, to_local, to_private and get_fence, each in its plain
and const form.

Needs OpenCL C 2.0, or OpenCL C 3.0 with __opencl_c_generic_address_space.
Each work-item keeps one element of type T in each named address space
(global: its slot of a buffer; local: its slot of a local array; private: a
variable), takes a generic pointer to each, and applies the function under
test to each of the three: to_X must return a pointer to the same object
for a pointer into X and NULL otherwise (6.15.10); the plain form's result
is written through. get_fence must give a fence that covers the pointer's
space. The pointer cases pass generic pointers to a function and pick one
at run time (6.7.5's example).
"""

from .manifest import Manifest

SPEC = 'OpenCL C 3.0 spec 6.15.10 Address Space Qualifier Functions, 6.7.5 The Generic Address Space'
FEATURE = '__opencl_c_generic_address_space'
SPACES = ['global', 'local', 'private']
FUNCTIONS = ['to_global', 'to_local', 'to_private', 'get_fence']
LOCAL = 32
GLOBAL = 128

# (name in case ids, OpenCL C type, host layout, capability, pragma): the
# gentype of 6.15.10 is any type, built-in or user defined; these cover
# 1-, 4-, 8- and 16-byte built-in types, a vector and a struct.
TYPES = [
    ('uchar', 'uchar', {'bytes': 1}, [], ''),
    ('int', 'int', {'bytes': 4}, [], ''),
    ('ulong', 'ulong', {'bytes': 8}, ['__opencl_c_int64'], ''),
    ('float4', 'float4', {'bytes': 16, 'float_lanes': [0, 1, 2, 3]}, [], ''),
    ('pair', 'pair_t', {'bytes': 8, 'float_lanes': [1]}, [], 'typedef struct { int a; float b; } pair_t;\n'),
    ('double', 'double', {'bytes': 8, 'double_lanes': [0]}, ['fp64'],
     '#ifdef cl_khr_fp64\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n'),
]


def _prologue(t):
    return (f'  __local {t} l[{LOCAL}];\n'
            f'  {t} p[1];\n'
            '  size_t i = get_global_id(0), li = get_local_id(0);\n'
            '  l[li] = src[i];\n'
            '  p[0] = src[i];\n'
            f'  {t}* gp[3] = {{&work[i], &l[li], &p[0]}};  // generic pointers to the three spaces\n')


def _epilogue():
    return ('  after[3 * i] = work[i];\n'
            '  after[3 * i + 1] = l[li];\n'
            '  after[3 * i + 2] = p[0];\n')


def _to_kernel(fn, t, tid, const):
    space = fn[len('to_'):]
    c = 'const ' if const else ''
    name = f'gen_{fn}{"_const" if const else ""}_{tid}'
    body = _prologue(t)
    body += '  for (int s = 0; s < 3; ++s) {\n'
    body += f'    {c}__{space} {t}* r = {fn}(({c}{t}*)gp[s]);\n'
    body += f'    code[3 * i + s] = r == 0 ? 0u : (({c}{t}*)r == gp[s] ? 1u : 2u);\n'
    body += '    if (r) {\n'
    body += '      via[3 * i + s] = *r;\n'
    if not const:
        body += '      *r = src[(i + 1) % get_global_size(0)];\n'
    body += '    }\n'
    body += '  }\n'
    body += _epilogue()
    return (f'__kernel void {name}(__global const {t}* src, __global {t}* work, __global {t}* via,\n'
            f'    __global {t}* after, __global uint* code)\n{{\n{body}}}\n'), name


def _fence_kernel(t, tid, const):
    c = 'const ' if const else ''
    name = f'gen_get_fence{"_const" if const else ""}_{tid}'
    body = _prologue(t)
    body += '  for (int s = 0; s < 3; ++s) {\n'
    body += f'    cl_mem_fence_flags f = get_fence(({c}{t}*)gp[s]);\n'
    body += ('    code[3 * i + s] = ((f & CLK_GLOBAL_MEM_FENCE) ? 1u : 0u) | ((f & CLK_LOCAL_MEM_FENCE) ? 2u : 0u) |\n'
             '                      ((f & ~(cl_mem_fence_flags)(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE)) ? 4u : 0u);\n')
    body += '  }\n'
    body += _epilogue()
    return (f'__kernel void {name}(__global const {t}* src, __global {t}* work, __global {t}* via,\n'
            f'    __global {t}* after, __global uint* code)\n{{\n{body}}}\n'), name


def _pointer_kernel(t, tid):
    name = f'gen_pointer_{tid}'
    helper = (f'// A function of generic pointers: returns *P and stores V there.\n'
              f'{t} exchange_{tid}({t}* ptr, {t} v)\n{{\n  {t} old = *ptr;\n  *ptr = v;\n  return old;\n}}\n\n')
    body = _prologue(t)
    body += f'  {t} next = src[(i + 1) % get_global_size(0)];\n'
    body += f'  via[3 * i] = exchange_{tid}(&work[i], next);\n'
    body += f'  via[3 * i + 1] = exchange_{tid}(&l[li], next);\n'
    body += f'  via[3 * i + 2] = exchange_{tid}(&p[0], next);\n'
    body += ('  // One generic pointer chosen at run time between local and private\n'
             '  // (odd work-items: local), stored through. The operands are converted\n'
             '  // to generic first: clang 15 rejects the unconverted form of 6.7.5\'s example.\n')
    body += f'  {t}* q = (i & 1) ? ({t}*)&l[li] : ({t}*)&p[0];\n'
    body += '  code[3 * i] = (i & 1) ? 1u : 2u;\n'
    body += f'  *q = src[i];\n'
    body += _epilogue()
    return helper + (f'__kernel void {name}(__global const {t}* src, __global {t}* work, __global {t}* via,\n'
                     f'    __global {t}* after, __global uint* code)\n{{\n{body}}}\n'), name


def cases():
    """(case id, program, kernel, function, const, type entry)."""
    out = []
    for tid, t, layout, req, pre in TYPES:
        for fn in FUNCTIONS:
            for const in (False, True):
                kname = f'gen_{fn}{"_const" if const else ""}_{tid}'
                out.append((f'generic.{fn}{".const" if const else ""}.{tid}', f'generic_{tid}', kname, fn, const,
                            (tid, t, layout, req)))
        out.append((f'generic.pointer.{tid}', f'generic_{tid}', f'gen_pointer_{tid}', 'pointer', False,
                    (tid, t, layout, req)))
    return out


def program_sources():
    progs = {}
    for tid, t, layout, req, pre in TYPES:
        parts = []
        for fn in FUNCTIONS:
            for const in (False, True):
                src, _ = _fence_kernel(t, tid, const) if fn == 'get_fence' else _to_kernel(fn, t, tid, const)
                parts.append(src)
        parts.append(_pointer_kernel(t, tid)[0])
        progs[f'generic_{tid}'] = (pre + '\n' if pre else '') + '\n'.join(parts)
    return progs


def _values_per_item(fn):
    """Values the host compares per work-item: to_X: 3 results, the value
    read through the one that must be non-NULL, 3 elements afterwards;
    get_fence: 3 fences, 3 elements; pointer: 3 values read, 3 elements."""
    return 7 if fn.startswith('to_') else 6


def build():
    m = Manifest('generic', SPEC)
    reqs = {f'generic_{tid}': req for tid, t, layout, req, pre in TYPES}
    for pid, src in program_sources().items():
        m.add_program(pid, src, requires=['opencl_c_2.0', FEATURE] + reqs[pid], cl_std='2.0')
    all_cases = cases()
    for cid, prog, kernel, fn, const, (tid, t, layout, req) in all_cases:
        params = {'function': fn, 'const': const, 'type': t, 'layout': layout, 'spaces': SPACES,
                  'global': GLOBAL, 'local': LOCAL, 'values': GLOBAL * _values_per_item(fn),
                  'cases_in_suite': len(all_cases)}
        group = 'generic.' + ('pointer' if fn == 'pointer' else fn)
        m.add_case(cid, prog, kernel, 'generic.space', group, params, requires=['opencl_c_2.0', FEATURE] + req)
    return m


def coverage():
    """to_global, to_local, to_private, get_fence: two overloads each (plain
    and const pointer), each covered by the cases of every type."""
    out = {}
    for cid, prog, kernel, fn, const, _ in cases():
        if fn == 'pointer':
            continue
        e = out.setdefault(fn, {'overloads': {}, 'cases': [], 'forms': set()})
        e['cases'].append(cid)
        e['forms'].add(const)
    for e in out.values():
        e['overloads'] = {'core': len(e.pop('forms'))}
    # Generic pointers as such: every case takes them; the pointer cases pass
    # them to a function and choose one at run time.
    out['generic pointers (the unnamed generic address space)'] = {'overloads': {}, 'cases': [c[0] for c in cases()]}
    return out
