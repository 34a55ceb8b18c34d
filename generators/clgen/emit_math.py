"""The math suite (single precision): every entry of math_catalog.py becomes
one program with one kernel per width (1, 2, 3, 4, 8, 16) and one case that
runs all six widths over the same inputs (suites/math/math_checks.cpp).

Kernels read packed arguments (vloadn; a plain load for n = 1) and write the
return value and each pointer output to its own packed array (vstoren), so
lane i of every kernel holds the result for input tuple i whatever the width.
"""

from .manifest import Manifest
from .math_catalog import catalog

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


def kernel(e, n):
    params = [f'__global const {t}* in{i}' for i, t in enumerate(e.args)]
    params += [f'__global {o.kind}* out{j}' for j, o in enumerate(e.outputs)]
    body = ['  size_t i = get_global_id(0);']
    body += [f'  {vec(t, n)} a{i} = {load(n, i)};' for i, t in enumerate(e.args)]
    for j, o in enumerate(e.outputs):
        if o.pointer:
            body.append(f'  {vec(o.kind, n)} p{j};')
    body.append(f'  {vec(e.outputs[0].kind, n)} r0 = {call_expr(e)};')
    body.append('  ' + store(n, 'r0', 0))
    for j, o in enumerate(e.outputs):
        if o.pointer:
            body.append('  ' + store(n, f'p{j}', j))
    return (f'__kernel void {e.name}_{n}(' + ', '.join(params) + ')\n{\n' + '\n'.join(body) + '\n}\n')


def params(e):
    return {
        'builtin': e.name,
        'section': e.section,
        'args': list(e.args),
        'outputs': [{'kind': o.kind, 'judge': o.judge, 'pointer': o.pointer} for o in e.outputs],
        'bounds': e.bounds(),
        'cr_divide_sqrt': e.cr_divide_sqrt,
        'flushes': e.flushes,
        'judged': e.judged,
        'inputs': list(e.inputs),
        'rules': e.rules,
        'widths': list(WIDTHS),
    }


def build():
    m = Manifest('math', SPEC)
    for e in catalog():
        m.add_program(e.name, '\n'.join(kernel(e, n) for n in WIDTHS))
        m.add_case(f'math.{e.name}', e.name, e.name, 'math.builtin', e.group, params(e))
    return m
