"""The printf suite: one program per catalog entry (printf_catalog.py).

A kernel runs on one work-item (so its output has one order) and calls
printf once per format per value, each call's text tagged "@<value index>.
<format index>@" and ended by a newline; it stores every call's return value.
The check (suites/printf/printf_checks.cpp) captures the process's standard
output around the kernel and clFinish and renders the expected text on the
host with C99 snprintf.
"""

from .manifest import Manifest
from .printf_catalog import catalog
from .types import pragmas

SPEC = ('OpenCL C 3.0 spec: 6.15.14 printf (C99 7.19.6.1 conversions with the differences of 6.15.14.2 '
        'and 6.15.14.4)')


def c_string(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def call(tag_index, f, fmt, args):
    return f'ret[{tag_index} * {{F}} + {f}] = printf({c_string("@%u." + str(f) + "@" + fmt)[:-1]}\\n", ' \
           f'(uint)({tag_index}){"".join(", " + a for a in args)});'


def value_kernel(c):
    t = c.type['name']
    lines = [f'__kernel void {kname(c)}(__global const {t}* in, __global int* ret, uint n)', '{',
             '  for (uint i = 0; i < n; ++i) {', f'    {t} v = in[i];']
    for f, fmt in enumerate(c.formats):
        args = ['v', '~v', 'v ^ 0x5a5a5a5a'] if c.group == 'return' else ['v']
        lines.append('    ' + call('i', f, fmt, args))
    lines += ['  }', '}']
    return '\n'.join(lines).replace('{F}', str(len(c.formats))) + '\n'


def string_kernel(c):
    lines = [f'__kernel void {kname(c)}(__global int* ret)', '{']
    for s, text in enumerate(c.strings):
        for f, fmt in enumerate(c.formats):
            lines.append('  ' + call(str(s), f, fmt, [c_string(text)]))
    lines.append('}')
    return '\n'.join(lines).replace('{F}', str(len(c.formats))) + '\n'


def none_kernel(c):
    lines = [f'__kernel void {kname(c)}(__global int* ret)', '{']
    lines += ['  ' + call('0', f, fmt, []) for f, fmt in enumerate(c.formats)]
    lines.append('}')
    return '\n'.join(lines).replace('{F}', str(len(c.formats))) + '\n'


# Each address space's pointer, printed twice: the two texts must agree.
POINTERS = ('(__global void*)g', '(__local void*)l', '(__private void*)&p', '(__constant void*)c')


def pointer_kernel(c):
    lines = [f'__kernel void {kname(c)}(__global int* g, __constant int* c, __global int* ret)', '{',
             '  __local int l[4];', '  int p = g[0];', '  l[0] = p;']
    for k, ptr in enumerate(POINTERS):
        for rep in range(2):
            lines.append('  ' + call(str(2 * k + rep), 0, c.formats[0], [ptr]))
    lines += ['  g[1] = p + l[0];', '}']
    return '\n'.join(lines).replace('{F}', '1') + '\n'


def kname(c):
    return c.id.replace('.', '_')


KERNELS = {'value': value_kernel, 'string': string_kernel, 'none': none_kernel, 'pointer': pointer_kernel}


def build():
    m = Manifest('printf', SPEC)
    for c in catalog():
        m.add_program(c.id, pragmas(c.requires) + KERNELS[c.arg](c), c.requires)
        params = {'arg': c.arg, 'formats': c.formats, 'values': c.values, 'strings': c.strings,
                  'calls': len(c.formats) * (c.values or len(c.strings) or (2 * len(POINTERS) if c.arg == 'pointer' else 1)),
                  'pointers': list(POINTERS) if c.arg == 'pointer' else []}
        if c.type:
            params['type'] = c.type
        m.add_case(c.id, c.id, kname(c), 'printf.format', c.group, params, c.requires)
    return m
