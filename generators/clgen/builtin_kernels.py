"""Kernels for the built-in function suites (common, geometric, relational).

An overload is one signature of a built-in: its argument types and its
result type. Each becomes one kernel that reads argument k of work-item i
from its own packed array (vloadn for a vector, a plain load for a scalar)
and writes the result to a packed array, so every vector component and
every scalar argument of every work-item holds a value of its own.

An operand is written as (element, n): n = 1 is the scalar type.
"""

from .types import ELEMENT, Element

# half (cl_khr_fp16) is no element of the shared type model; these suites add
# it here, and every program or case that uses it requires "fp16".
HALF = Element('half', 2, 'float', ('fp16',))
ELEMENTS = dict(ELEMENT, half=HALF)


def type_name(elem, n):
    return elem if n == 1 else f'{elem}{n}'


def load(elem, n, k):
    return f'in{k}[i]' if n == 1 else f'vload{n}(i, in{k})'


def kernel_source(name, builtin, args, result):
    """One kernel calling BUILTIN on ARGS (a list of (element, n)) and
    storing its RESULT ((element, n))."""
    params = [f'__global const {e}* in{k}' for k, (e, _) in enumerate(args)]
    params.append(f'__global {result[0]}* out')
    body = ['  size_t i = get_global_id(0);']
    body += [f'  {type_name(e, n)} a{k} = {load(e, n, k)};' for k, (e, n) in enumerate(args)]
    call = f'{builtin}(' + ', '.join(f'a{k}' for k in range(len(args))) + ')'
    body.append(f'  {type_name(*result)} r = {call};')
    body.append('  out[i] = r;' if result[1] == 1 else f'  vstore{result[1]}(r, i, out);')
    return f'__kernel void {name}(' + ', '.join(params) + ')\n{\n' + '\n'.join(body) + '\n}\n'


def operand(elem, n):
    """An operand as the manifest describes it (suites/builtin_sweep reads it)."""
    e = ELEMENTS[elem]
    return {'type': elem, 'kind': {'int': 'i', 'uint': 'u', 'float': 'f'}[e.kind], 'bytes': e.size, 'n': n}


def program_source(kernels, requires):
    head = ''.join(f'#pragma OPENCL EXTENSION cl_khr_{r} : enable\n' for r in ('fp64', 'fp16') if r in requires)
    return head + ('\n' if head else '') + '\n'.join(kernels)


def requires_of(elems):
    req = []
    for e in elems:
        for r in ELEMENTS[e].requires:
            if r not in req:
                req.append(r)
    return req
