"""The math suite: every entry of math_catalog.py becomes one program with
one kernel per width (1, 2, 3, 4, 8, 16) and one case that runs all six
widths over the same inputs (suites/math/math_checks.cpp), once per format:
float (cases math.<name>) and, for every entry with a double overload,
double (cases math.fp64.<name>, programs that enable cl_khr_fp64, labels
fp64 and quick, requiring the device's fp64 capability) and, for every
entry with a half overload, half (cases math.fp16.<name>, programs that
enable cl_khr_fp16, labels fp16 and quick, requiring fp16; the bounds of
7.4's half table).

Kernels read packed arguments (vloadn; a plain load for n = 1) and write the
return value and each pointer output to its own packed array (vstoren), so
lane i of every kernel holds the result for input tuple i whatever the width.
"""

from .manifest import Manifest
from .math_catalog import (FP16_TYPES, FP64_TYPES, SPEC_ULP, SPEC_ULP_DOUBLE, SPEC_ULP_HALF, catalog, fp16_catalog,
                           fp64_catalog)

SPEC = ('OpenCL C 3.0 spec: 6.15.2 Math Functions; 6.5.1 Arithmetic Operators; 7.4 Relative Error as ULPs; '
        '7.5 Edge Case Behavior')

WIDTHS = (1, 2, 3, 4, 8, 16)


def vec(t, n):
    return t if n == 1 else f'{t}{n}'


def load(n, i):
    return f'in{i}[i]' if n == 1 else f'vload{n}(i, in{i})'


def store(n, value, j):
    return f'out{j}[i] = {value};' if n == 1 else f'vstore{n}({value}, i, out{j});'


def call_expr(e):
    if e.call:
        return e.call
    return f'{e.name}(' + ', '.join(f'a{i}' for i in range(len(e.args))) + ')'


def type_map(fmt):
    return {'double': lambda t: FP64_TYPES[t], 'half': lambda t: FP16_TYPES[t]}.get(fmt, lambda t: t)


def call_in(e, fmt):
    if fmt == 'double' and e.fp64_call:
        return e.fp64_call
    if fmt == 'half' and e.name == 'recip':
        return '1.0h / a0'  # a half literal (cl_khr_fp16): 1.0f would make the quotient a float
    return call_expr(e)


def kernel(e, n, fmt='float'):
    ty = type_map(fmt)
    call = call_in(e, fmt)
    params = [f'__global const {ty(t)}* in{i}' for i, t in enumerate(e.args)]
    params += [f'__global {ty(o.kind)}* out{j}' for j, o in enumerate(e.outputs)]
    body = ['  size_t i = get_global_id(0);']
    body += [f'  {vec(ty(t), n)} a{i} = {load(n, i)};' for i, t in enumerate(e.args)]
    for j, o in enumerate(e.outputs):
        if o.pointer:
            body.append(f'  {vec(ty(o.kind), n)} p{j};')
    body.append(f'  {vec(ty(e.outputs[0].kind), n)} r0 = {call};')
    body.append('  ' + store(n, 'r0', 0))
    for j, o in enumerate(e.outputs):
        if o.pointer:
            body.append('  ' + store(n, f'p{j}', j))
    return (f'__kernel void {e.name}_{n}(' + ', '.join(params) + ')\n{\n' + '\n'.join(body) + '\n}\n')


def params(e, fmt='float'):
    ty = type_map(fmt)
    if fmt == 'double':
        rules = e.fp64_rules if e.fp64_rules is not None else e.rules
    elif fmt == 'half':
        rules = e.fp16_rules
    else:
        rules = e.rules
    return {
        'builtin': e.name,
        'format': fmt,
        'section': e.section,
        'bound_section': {'double': SPEC_ULP_DOUBLE, 'half': SPEC_ULP_HALF}.get(fmt, SPEC_ULP),
        'args': [ty(t) for t in e.args],
        'outputs': [{'kind': ty(o.kind), 'judge': o.judge, 'pointer': o.pointer} for o in e.outputs],
        'bounds': {'double': e.double_bounds, 'half': e.half_bounds}.get(fmt, e.bounds)(),
        # -cl-fp32-correctly-rounded-divide-sqrt is about float; the double
        # table is correctly rounded already, the half one names its own.
        'cr_divide_sqrt': e.cr_divide_sqrt and fmt == 'float',
        'flushes': e.flushes,
        'judged': e.judged,
        'inputs': list(e.inputs),
        'rules': rules,
        'widths': list(WIDTHS),
    }


FP64_PRAGMA = '#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n'
FP16_PRAGMA = '#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n'


def build():
    m = Manifest('math', SPEC)
    for e in catalog():
        m.add_program(e.name, '\n'.join(kernel(e, n) for n in WIDTHS))
        m.add_case(f'math.{e.name}', e.name, e.name, 'math.builtin', e.group, params(e))
    for e in fp64_catalog():
        program = f'fp64_{e.name}'
        m.add_program(program, FP64_PRAGMA + '\n'.join(kernel(e, n, 'double') for n in WIDTHS), requires=('fp64',))
        m.add_case(f'math.fp64.{e.name}', program, e.name, 'math.builtin', f'fp64_{e.group}', params(e, 'double'),
                   requires=('fp64',), labels=('fp64', 'quick'))
    for e in fp16_catalog():
        program = f'fp16_{e.name}'
        m.add_program(program, FP16_PRAGMA + '\n'.join(kernel(e, n, 'half') for n in WIDTHS), requires=('fp16',))
        m.add_case(f'math.fp16.{e.name}', program, e.name, 'math.builtin', f'fp16_{e.group}', params(e, 'half'),
                   requires=('fp16',), labels=('fp16', 'quick'))
    return m
