"""Implicit conversions and casts between scalar types, the usual arithmetic
conversions, and scalar-to-vector widening.

OpenCL C 3.0 spec 6.4.1 Implicit Conversions (between scalar types: the
value is converted; a scalar may be widened to a vector), 6.4.2 Explicit
Casts (scalar casts convert: toward zero to an integer, the default round to
nearest even to a floating-point type), 6.4.6 Usual Arithmetic Conversions
(C99 6.3.1.8 between scalars; a scalar operand of a vector expression is
converted to the element type and duplicated, and must not have a greater
rank than the element type).
"""

from .types import ELEMENTS, Type, pragmas, requirements

VECTOR_WIDTHS = (2, 3, 4, 8, 16)


def rank_key(e):
    """6.4.6's rank order: floats above integers, wider above narrower,
    unsigned above signed of the same width."""
    return (1 if e.kind == 'float' else 0, e.size, 1 if e.kind == 'uint' else 0)


def split_fp64(src, dsts):
    """(program suffix, requires, destinations) groups: destinations that need
    fp64 (double, or any from a double source) apart from the rest."""
    plain = [d for d in dsts if 'fp64' not in requirements(Type(src, 1), Type(d, 1))]
    fp64 = [d for d in dsts if d not in plain]
    return [(sfx, req, ds) for sfx, req, ds in (('', (), plain), ('_fp64', ('fp64',), fp64)) if ds]


def scalar_kernel(form, src, dsts, suffix):
    """form 'implicit' assigns (dst = src), 'cast' writes (dst)src."""
    name = f'{form}_from_{src.name}{suffix}'
    params = [f'__global const {src.name}* in'] + [f'__global {d.name}* o_{d.name}' for d in dsts]
    body = ['  size_t i = get_global_id(0);', f'  {src.name} x = in[i];']
    for d in dsts:
        value = 'x' if form == 'implicit' else f'({d.name})x'
        body.append(f'  {d.name} r_{d.name} = {value};')
        body.append(f'  o_{d.name}[i] = r_{d.name};')
    return name, f'__kernel void {name}({", ".join(params)})\n{{\n' + '\n'.join(body) + '\n}\n'


def arith_kernel(a, others, suffix):
    """For each other type B: how a and b compare after the usual arithmetic
    conversions, and the type of a + b (size, signedness), packed in a uint."""
    name = f'arith_{a.name}{suffix}'
    params = [f'__global const {a.name}* a'] + [f'__global const {b.name}* b_{b.name}' for b in others]
    params += [f'__global uint* o_{b.name}' for b in others]
    body = ['  size_t i = get_global_id(0);', f'  {a.name} x = a[i];']
    for b in others:
        body.append(f'  {{ {b.name} y = b_{b.name}[i];')
        body.append(f'    o_{b.name}[i] = (uint)(x < y) | (uint)(x == y) << 1 | (uint)(x > y) << 2'
                    f' | (uint)((({a.name})0 + ({b.name})0) - 1 < 0) << 3 | (uint)sizeof(x + y) << 4; }}')
    return name, f'__kernel void {name}({", ".join(params)})\n{{\n' + '\n'.join(body) + '\n}\n'


def widen_scalars(e):
    """Scalar types a vector of element type e may be mixed with (rank <= e)."""
    return [s for s in ELEMENTS if rank_key(s) <= rank_key(e)]


def widen_width(e, k):
    """The vector width scalar number k is tested at with element type e:
    rotating through every width keeps the programs small (compile time)
    while each width and each scalar type is tried."""
    return VECTOR_WIDTHS[(k + ELEMENTS.index(e)) % len(VECTOR_WIDTHS)]


def widen_kernel(e, n, scalars):
    """(v - v) + s: s is converted to e and duplicated into every component.
    Every width's kernel has the same parameters (the sweep engine gives all
    kernels the same arrays) and writes only the scalars tested at width n."""
    name = f'widen_{e.name}{n}'
    params = [f'__global const {e.name}* v'] + [f'__global const {s.name}* s_{s.name}' for s in scalars]
    params += [f'__global {e.name}* o_{s.name}' for s in scalars]
    body = ['  size_t i = get_global_id(0);', f'  {e.name}{n} x = vload{n}(i, v);']
    for k, s in enumerate(scalars):
        if widen_width(e, k) == n:
            body.append(f'  vstore{n}((x - x) + s_{s.name}[i * {n}], i, o_{s.name});')
    return name, f'__kernel void {name}({", ".join(params)})\n{{\n' + '\n'.join(body) + '\n}\n'


def describe_list(elems):
    return [Type(e, 1).describe() for e in elems]


def add_cases(m):
    """Two programs per family (one of them needing fp64): few builds."""
    programs = {}  # program id -> (requires, [kernel sources])

    def put(family, req, name, source):
        program = family + ('_fp64' if 'fp64' in req else '')
        programs.setdefault(program, (req, []))[1].append(source)
        return program

    cases = []
    for form in ('implicit', 'cast'):
        for src in ELEMENTS:
            for sfx, req, dsts in split_fp64(src, [d for d in ELEMENTS if d != src]):
                name, source = scalar_kernel(form, src, dsts, sfx)
                program = put('scalar', req, name, source)
                cases.append((f'conversions.{form}.{src.name}{sfx}', program, name, 'conversions.scalar', form,
                              {'form': form, 'src': Type(src, 1).describe(), 'dsts': describe_list(dsts)}, req))
    for a in ELEMENTS:
        for sfx, req, others in split_fp64(a, [b for b in ELEMENTS if b != a]):
            name, source = arith_kernel(a, others, sfx)
            program = put('scalar', req, name, source)
            cases.append((f'conversions.arith.{a.name}{sfx}', program, name, 'conversions.arith', 'arith',
                          {'a': Type(a, 1).describe(), 'others': describe_list(others)}, req))
    for e in ELEMENTS:
        scalars = widen_scalars(e)
        req = tuple(requirements(*[Type(x, 1) for x in [e] + scalars]))
        widths = sorted({widen_width(e, k) for k in range(len(scalars))})
        program = None
        for n in widths:
            name, source = widen_kernel(e, n, scalars)
            program = put('widen', req, name, source)
        cases.append((f'conversions.widen.{e.name}', program, f'widen_{e.name}{widths[0]}',
                      'conversions.widen', 'widen',
                      {'elem': Type(e, 1).describe(), 'scalars': describe_list(scalars),
                       'scalar_widths': [widen_width(e, k) for k in range(len(scalars))],
                       'widths': widths, 'kernel_prefix': f'widen_{e.name}'}, req))
    for program, (req, sources) in sorted(programs.items()):
        m.add_program(program, pragmas(req) + '\n'.join(sources), req)
    for cid, program, kernel, check, group, params, req in cases:
        m.add_case(cid, program, kernel, check, group, params, req)
