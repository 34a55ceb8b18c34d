"""Operators on vectors and on vector-scalar mixes (OpenCL C 6.5, 6.6).

One kernel per element type evaluates every operator at every width in
each operand form: vector op vector ('vv'), vector op scalar ('vs') and
scalar op vector ('sv'), the scalar widened to the vector (6.5.1).
Relational, equality and logical results are stored through a variable of
the signed integer vector of the operands' element size, so a compiler that
gives them another type fails to build the kernel (6.5.4, 6.5.5, 6.5.7,
6.5.8). The host chooses operands that keep signed results defined, and
computes every expected lane from the operator's name (suites/vectors/
operator_reference.cpp).

Region of one operator in each operand buffer (elements, from the
operator's base): the width-n vector at VEC_AT[n], the scalar used with
width n at SCALAR_AT[n].
"""

from .vectors_common import (GLOBAL_FULL, GLOBAL_QUICK, SIGNED_OF_SIZE, WIDTHS, Slots, describe, header, load_expr, req,
                             store_stmt, vec_name)

VEC_AT = {2: 0, 3: 4, 4: 8, 8: 16, 16: 32}
SCALAR_AT = {2: 48, 3: 49, 4: 50, 8: 51, 16: 52}
IN_STRIDE = 64

# name: (C operator, forms, result 'same' or 'signed', element kinds it applies to)
INT, FLOAT = ('int', 'uint'), ('float',)
OPERATORS = {
    'add': ('+', ('vv', 'vs', 'sv'), 'same', INT + FLOAT),
    'sub': ('-', ('vv', 'vs', 'sv'), 'same', INT + FLOAT),
    'mul': ('*', ('vv', 'vs', 'sv'), 'same', INT + FLOAT),
    'div': ('/', ('vv', 'vs', 'sv'), 'same', INT + FLOAT),
    'rem': ('%', ('vv', 'vs', 'sv'), 'same', INT),
    'plus': ('+', ('u',), 'same', INT + FLOAT),
    'neg': ('-', ('u',), 'same', INT + FLOAT),
    'bitnot': ('~', ('u',), 'same', INT),
    'lnot': ('!', ('u',), 'signed', INT + FLOAT),
    # 6.5.3: ++ and -- exclude the float types.
    'preinc': ('++', ('pre',), 'same', INT),
    'predec': ('--', ('pre',), 'same', INT),
    'postinc': ('++', ('post',), 'same', INT),
    'postdec': ('--', ('post',), 'same', INT),
    'lt': ('<', ('vv', 'vs', 'sv'), 'signed', INT + FLOAT),
    'gt': ('>', ('vv', 'vs', 'sv'), 'signed', INT + FLOAT),
    'le': ('<=', ('vv', 'vs', 'sv'), 'signed', INT + FLOAT),
    'ge': ('>=', ('vv', 'vs', 'sv'), 'signed', INT + FLOAT),
    'eq': ('==', ('vv', 'vs', 'sv'), 'signed', INT + FLOAT),
    'ne': ('!=', ('vv', 'vs', 'sv'), 'signed', INT + FLOAT),
    'land': ('&&', ('vv', 'vs', 'sv'), 'signed', INT + FLOAT),
    'lor': ('||', ('vv', 'vs', 'sv'), 'signed', INT + FLOAT),
    'and': ('&', ('vv', 'vs', 'sv'), 'same', INT),
    'or': ('|', ('vv', 'vs', 'sv'), 'same', INT),
    'xor': ('^', ('vv', 'vs', 'sv'), 'same', INT),
    # 6.5.10: a vector may be shifted by a vector or a scalar; a scalar only by a scalar.
    'shl': ('<<', ('vv', 'vs'), 'same', INT),
    'shr': ('>>', ('vv', 'vs'), 'same', INT),
    # 6.5.9: a vector condition selects like select(): by each lane's most significant bit.
    'select': ('?:', ('vv', 'vs', 'sv'), 'same', INT + FLOAT),
}

# Expressions whose size sizeof must give (6.5.11): the size of the result
# type, a 3-component vector counting as 4.
SIZEOF_FORMS = ('add', 'lt', 'lnot', 'lo', 'even', 'literal', 'select')


def expression(op, form, sym):
    if op == 'select':
        return {'vv': 'c ? x : y', 'vs': 'c ? x : s', 'sv': 'c ? t : y'}[form]
    if form == 'u':
        return f'{sym}x'
    return {'vv': f'x {sym} y', 'vs': f'x {sym} s', 'sv': f't {sym} y'}[form]


def operator_block(elem, op, base, out, outs):
    """The statements of one operator at every width, reading the operator's
    own input region at BASE; results go to OUT (the element type) or OUTS
    (the signed type of its size) at positions taken from those Slots."""
    sym, forms, result, _ = OPERATORS[op]
    e = elem.name
    signed = result == 'signed'
    r = SIGNED_OF_SIZE[elem.size] if signed else e
    c = SIGNED_OF_SIZE[elem.size]
    slots, target = (outs, 'os') if signed else (out, 'o')
    lines, outputs = [f'// {op}'], []
    for n in WIDTHS:
        t, rt = vec_name(e, n), vec_name(r, n)
        at_vec, at_scalar = base + VEC_AT[n], base + SCALAR_AT[n]
        body = [f'{t} x = {load_expr("__global", e, n, "pa", at_vec)};',
                f'const {t} y = {load_expr("__global", e, n, "pb", at_vec)};',
                f'const {vec_name(c, n)} c = {load_expr("__global", c, n, "pc", at_vec)};',
                f'const {e} t = pa[{at_scalar}];',
                f'const {e} s = pb[{at_scalar}];']
        for form in forms:
            if form in ('pre', 'post'):
                at_value, at_after = slots.take(n), slots.take(n)
                value = f'{sym}x' if form == 'pre' else f'x{sym}'
                body += [f'const {t} r_{form} = {value};',
                         store_stmt('__global', r, n, target, at_value, f'r_{form}'),
                         store_stmt('__global', r, n, target, at_after, 'x')]
                outputs += [f'n:{n} form:{form} out:{at_value}', f'n:{n} form:{form}_after out:{at_after}']
                continue
            at = slots.take(n)
            body += [f'const {rt} r_{form} = {expression(op, form, sym)};',
                     store_stmt('__global', r, n, target, at, f'r_{form}')]
            outputs.append(f'n:{n} form:{form} out:{at}')
        lines.append('{ ' + '\n    '.join(body) + ' }')
    return lines, outputs


def operators_kernel(elem, ops):
    """One kernel for all of an element type's operators (one large kernel
    builds much faster than one per operator); operator i reads the i-th
    IN_STRIDE elements of a work-item's region. Returns the source, the
    parameters every case shares, and each operator's outputs."""
    e, c = elem.name, SIGNED_OF_SIZE[elem.size]
    out, outs = Slots(), Slots()
    lines, outputs = [], {}
    for i, op in enumerate(ops):
        block, outputs[op] = operator_block(elem, op, i * IN_STRIDE, out, outs)
        lines += block
    name = f'operators_{e}'
    stride = len(ops) * IN_STRIDE
    src = (f'__kernel void {name}(__global const {e}* a, __global const {e}* b, __global const {c}* cond,\n'
           f'    __global {e}* out, __global {c}* out_signed)\n{{\n'
           f'  const size_t g = get_global_id(0);\n'
           f'  __global const {e}* pa = a + g * {stride};\n'
           f'  __global const {e}* pb = b + g * {stride};\n'
           f'  __global const {c}* pc = cond + g * {stride};\n'
           f'  __global {e}* o = out + g * {out.stride()};\n'
           f'  __global {c}* os = out_signed + g * {outs.stride()};\n  '
           + '\n  '.join(lines) + '\n}\n')
    shared = {'elem': describe(elem), 'in_stride': stride, 'op_stride': IN_STRIDE, 'out_stride': out.stride(), 'signed_stride': outs.stride(),
              'kernel_ops': [f'{op}@{i * IN_STRIDE}' for i, op in enumerate(ops)],
              'vec_at': {str(k): v for k, v in VEC_AT.items()}, 'scalar_at': {str(k): v for k, v in SCALAR_AT.items()},
              'global_quick': GLOBAL_QUICK * 64, 'global_full': GLOBAL_FULL * 16}
    return name, src, shared, outputs


def sizeof_kernel(elem):
    e = elem.name
    lines, items = [], []
    for n in WIDTHS:
        t = vec_name(e, n)
        exprs = {'add': 'x + x', 'lt': 'x < x', 'lnot': '!x', 'lo': 'x.lo', 'even': 'x.even',
                 'literal': f'({t})(x.s0)', 'select': 'c ? x : x'}
        lines.append(f'{{ {t} x = 0; {vec_name(SIGNED_OF_SIZE[elem.size], n)} c = 0;')
        for what in SIZEOF_FORMS:
            lines.append(f'  out[{len(items)}] = sizeof({exprs[what]});')
            items.append(f'n:{n} what:{what}')
        lines.append('}')
    name = f'sizeof_{e}'
    src = f'__kernel void {name}(__global ulong* out)\n{{\n  ' + '\n  '.join(lines) + '\n}\n'
    return name, src, {'elem': describe(elem), 'items': items}


def add(m, elem):
    program = f'operators_{elem.name}'
    ops = [op for op, (_, _, _, kinds) in OPERATORS.items() if elem.kind in kinds]
    name, src, shared, outputs = operators_kernel(elem, ops)
    sizeof_name, sizeof_src, sizeof_params = sizeof_kernel(elem)
    m.add_program(program, header(elem) + src + '\n' + sizeof_src, req(elem))
    for i, op in enumerate(ops):
        params = {**shared, 'op': op, 'base': i * IN_STRIDE, 'result': OPERATORS[op][2], 'outputs': outputs[op]}
        m.add_case(f'vectors.operators.{elem.name}.{op}', program, name, 'vectors.operator', 'operators', params,
                   req(elem))
    m.add_case(f'vectors.operators.{elem.name}.sizeof', program, sizeof_name, 'vectors.sizeof', 'operators',
               sizeof_params, req(elem))
