"""The integer suite: every form of integer_catalog.py becomes one case that
runs all its widths in one sweep (suites/integer/integer_checks.cpp); the
forms of one function on one element type share a program.

Kernels read packed arguments (vloadn; a plain load for n = 1) and store the
result through a variable of the exact result type the spec gives, with
vstoren into an array of that type, so lane i of every kernel holds the
result for input tuple i whatever the width. Arguments that are scalars at
every width (the sgentype forms) are read from the work-item's first lane;
the host keeps them equal over blocks of 48 lanes (a multiple of every
width), so every lane still has one reference shared by all widths.

Type checks at build time, so that a compiler whose built-in returns
another type fails to build the case:
  * vectors: `uint4 r = abs(x);` -- an implicit conversion between vector
    types is an error (6.2.1), so any other element type or width fails;
  * scalars: `(void)sizeof(char[sizeof(CALL) == sizeof(T) ? 1 : -1]);` --
    sizeof of a non-VLA is an integer constant expression (C99 6.6), and an
    array of negative size is a constraint violation, so a result of another
    size fails. A scalar of the right size but the wrong signedness converts
    silently (6.2.1 allows implicit scalar conversions, and mismatched
    pointer types are only warned about by clang), so for the built-ins whose
    result type differs from their arguments' (abs, abs_diff, upsample) the
    scalar kernel also stores `CALL < 0` evaluated in the call's own type,
    which the host checks against the sign the right type gives.
"""

from .integer_catalog import catalog, overload_counts, overloads_of
from .manifest import Manifest
from .types import ELEMENT

SPEC = ('OpenCL C 3.0 spec: 6.15.3 Integer Functions (with the fast integer functions mad24, mul24); '
        '6.5 Operators (6.5.1, 6.5.6, 6.5.10); 6.2.1 Implicit Conversions')

BLOCK = 48  # lcm(2, 3, 4, 8, 16): scalar arguments are constant over blocks of this many lanes
SIGN_PROBE = ('abs', 'abs_diff', 'upsample')


def vec(t, n):
    return t if n == 1 else f'{t}{n}'


def call_expr(form, args):
    e = form.entry
    if e.call:
        expr = e.call
        for i, a in enumerate(args):
            expr = expr.replace(f'a{i}', a)
        return expr
    return f'{e.name}(' + ', '.join(args) + ')'


def result_type(form, n):
    if form.entry.name == 'op_lt' and n == 1:
        return 'int'  # 6.5.6: a scalar relational has type int
    return vec(form.result, n)


def kernel(form, n):
    e = form.entry
    probe = e.name in SIGN_PROBE
    params = [f'__global const {t}* in{i}' for i, t in enumerate(form.args)]
    params.append(f'__global {form.result}* out0')
    if probe:
        params.append('__global char* neg')
    body = ['  size_t i = get_global_id(0);']
    names = []
    for k, t in enumerate(form.args):
        if k in form.broadcast:
            body.append(f'  {t} a{k} = in{k}[i * {n}];')
        elif n == 1:
            body.append(f'  {t} a{k} = in{k}[i];')
        else:
            body.append(f'  {vec(t, n)} a{k} = vload{n}(i, in{k});')
        names.append(f'a{k}')
    call = call_expr(form, names)
    rt = result_type(form, n)
    body.append(f'  {rt} r = {call};')
    body.append(f'  (void)sizeof(char[sizeof({call}) == sizeof({rt}) ? 1 : -1]);')
    if n == 1:
        store = f'r' if rt == form.result else f'({form.result})r'
        body.append(f'  out0[i] = {store};')
        if probe:
            body.append(f'  neg[i] = ({call}) < 0;')
    else:
        body.append(f'  vstore{n}(r, i, out0);')
    return f'__kernel void {kernel_name(form, n)}(' + ', '.join(params) + ')\n{\n' + '\n'.join(body) + '\n}\n'


def kernel_name(form, n):
    suffix = '_s' if form.entry.family == 'sgentype' else ''
    return f'{form.entry.name}{suffix}_{form.elem}_{n}'


def program_id(form):
    return f'{form.entry.name}_{form.elem}'


def arg_desc(t):
    el = ELEMENT[t]
    return {'type': t, 'bits': el.bits, 'signed': el.kind == 'int'}


def params(form, counts):
    e = form.entry
    without_ctz, with_ctz = counts
    p = {
        'function': e.name,
        'family': e.family,
        'section': e.section,
        'doc': e.doc,
        'args': [dict(arg_desc(t), role=r) for t, r in zip(form.args, e.arg_roles())],
        'result': arg_desc(form.result),
        'widths': list(form.widths),
        'broadcast': list(form.broadcast),
        'block': BLOCK,
        'sorted_args': list(e.sorted_args),
        'sign_probe': e.name in SIGN_PROBE,
        'undefined': e.undefined,
        'scalar_truth': 1 if e.name == 'op_lt' else None,
    }
    if e.family != 'operator':
        p['overloads'] = {'case': form.overloads, 'function': overloads_of(e.name),
                          'suite_opencl_c_1_2': without_ctz, 'suite_opencl_c_2_0': with_ctz}
    return p


def build():
    counts = overload_counts()
    m = Manifest('integer', SPEC)
    forms = catalog()
    by_program = {}
    for f in forms:
        by_program.setdefault(program_id(f), []).append(f)
    for pid, fs in by_program.items():
        src = '\n'.join(kernel(f, n) for f in fs for n in f.widths)
        m.add_program(pid, src, fs[0].entry.requires, cl_std=fs[0].entry.cl_std or None)
    for f in forms:
        group = 'operators' if f.entry.family == 'operator' else f.entry.name
        m.add_case(f.case_id, program_id(f), kernel_name(f, f.widths[0])[:-len(f'_{f.widths[0]}')],
                   'integer.sweep', group, params(f, counts), f.entry.requires)
    return m
