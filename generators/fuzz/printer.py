"""The OpenCL C source of a fuzz program: one statement per node, node j
in variable t<j>, kernel "fuzz".

Constants are written as bit patterns (as_float((uint)0x3f800000u)), so
the kernel holds exactly the values the oracle uses. Blocks: the value of
an if/else is declared before the `if` in the endif's variable and
assigned at the end of each branch; a loop's accumulator is the loop
node's variable, declared before the `for`, and the iter node, if there is
one, names the loop counter.
"""

import program

HEADER = '#pragma OPENCL FP_CONTRACT OFF'
INDENT = '  '
OPERATORS = {'add': '+', 'sub': '-', 'mul': '*', 'div': '/', 'rem': '%', 'and': '&', 'or': '|', 'xor': '^',
             'shl': '<<', 'shr': '>>', 'lt': '<', 'le': '<=', 'gt': '>', 'ge': '>=', 'eq': '==', 'ne': '!='}
# Scalar char and short operands are promoted to int (C99 6.3.1.1), which
# changes two things the format fixes otherwise: the arithmetic of two
# ushort may overflow int (undefined), and a shift count would be taken
# modulo 32, not modulo the element's width. Those scalars are computed in
# uint with the count masked explicitly.
NARROW = ('char', 'uchar', 'short', 'ushort')


def var(j):
    return f't{j}'


def literal(t, values):
    """A constant of type T with the given bit patterns: written in the
    unsigned type U of its size, reinterpreted with as_T unless T is U."""
    nbits = program.bits(t)
    u = program.UNSIGNED_OF_SIZE[nbits // 8]
    suffix = 'ul' if nbits == 64 else 'u'
    comps = [f'0x{v:x}{suffix}' if nbits >= 32 else f'({u})0x{v:x}u' for v in values]
    ut = program.with_elem(t, u)
    if len(comps) == 1:
        text = comps[0] if nbits < 32 else f'({u}){comps[0]}'
    else:
        text = f'({ut})(' + ', '.join(comps) + ')'
    return text if t == ut else f'as_{t}({text})'


def convert_name(n):
    name = 'convert_' + n['type'] + ('_sat' if n['sat'] else '')
    return name + ('_' + n['round'] if n['round'] else '')


def swizzle(comps):
    return '.s' + ''.join('0123456789abcdef'[c] for c in comps)


def expression(p, j):
    """The right-hand side of node J's statement."""
    nodes = p['nodes']
    n = nodes[j]
    op, t = n['op'], n['type']
    a = [var(i) for i in program.operands(n)]
    if op == 'arg':
        return f'a{n["arg"]}[gid]'
    if op == 'const':
        return literal(t, n['bits'])
    if op in ('not', 'neg'):
        return ('~' if op == 'not' else '-') + a[0]
    if op in OPERATORS:
        operand_type = nodes[n['in'][0]]['type']
        sym = OPERATORS[op]
        if program.elem_of(operand_type) in NARROW and program.width(operand_type) == 1:
            if op in program.SHIFTS:
                mask = program.bits(operand_type) - 1
                return f'({t})({a[0]} {sym} ({a[1]} & {mask}))'
            if op in program.BINARY_ARITH:
                return f'({t})((uint){a[0]} {sym} (uint){a[1]})'
        return f'({a[0]} {sym} {a[1]})'
    if op == 'select':
        return f'select({a[0]}, {a[1]}, {a[2]})'
    if op == 'call':
        return f'{n["fn"]}(' + ', '.join(a) + ')'
    if op == 'convert':
        return f'{convert_name(n)}({a[0]})'
    if op == 'as':
        return f'as_{t}({a[0]})'
    if op == 'swizzle':
        return a[0] + swizzle(n['comps'])
    if op == 'vec':
        return f'({t})(' + ', '.join(a) + ')'
    raise ValueError(f'node {j}: {op} is not an expression')


def source(p):
    nodes = p['nodes']
    needs = p['needs']
    lines = [HEADER]
    if 'fp64' in needs:
        lines.append('#pragma OPENCL EXTENSION cl_khr_fp64 : enable')
    if 'fp16' in needs:
        lines.append('#pragma OPENCL EXTENSION cl_khr_fp16 : enable')
    params = [f'__global const {t}* a{i}' for i, t in enumerate(p['args'])] + [f'__global {p["result"]}* out']
    lines.append('__kernel void fuzz(' + ', '.join(params) + ') {')
    lines.append(INDENT + 'const size_t gid = get_global_id(0);')
    counter = {n['loop']: var(j) for j, n in enumerate(nodes) if n['op'] == 'iter'}
    endif_of = {n['if']: j for j, n in enumerate(nodes) if n['op'] == 'endif'}
    depth = 1
    for j, n in enumerate(nodes):
        op, t = n['op'], n['type']
        pad = INDENT * depth
        x = [var(i) for i in program.operands(n)]
        if op == 'if':
            e = endif_of[j]
            lines.append(f'{pad}{nodes[e]["type"]} {var(e)};')
            lines.append(f'{pad}if ({x[0]} != 0) {{')
            depth += 1
        elif op == 'else':
            lines.append(f'{pad}{var(endif_of[n["if"]])} = {x[0]};')
            lines.append(f'{INDENT * (depth - 1)}}} else {{')
        elif op == 'endif':
            lines.append(f'{pad}{var(j)} = {x[0]};')
            depth -= 1
            lines.append(f'{INDENT * depth}}}')
        elif op == 'loop':
            i = counter.get(j, f'i{j}')
            lines.append(f'{pad}{t} {var(j)} = {x[0]};')
            lines.append(f'{pad}for (int {i} = 0; {i} < {n["count"]}; ++{i}) {{')
            depth += 1
        elif op == 'iter':
            continue  # the loop counter, declared by the loop's `for`
        elif op == 'endloop':
            lines.append(f'{pad}{var(n["loop"])} = {x[0]};')
            depth -= 1
            lines.append(f'{INDENT * depth}}}')
            lines.append(f'{INDENT * depth}{t} {var(j)} = {var(n["loop"])};')
        else:
            lines.append(f'{pad}{t} {var(j)} = {expression(p, j)};')
    lines.append(f'{INDENT}out[gid] = {var(p["ret"])};')
    lines.append('}')
    return '\n'.join(lines) + '\n'
