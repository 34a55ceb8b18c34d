"""Smaller variants of a fuzz program, for reducing a failing one.

candidates(p) proposes edits (a node's uses moved to one of its operands
or to an argument node, a node replaced by a simple constant or by the
value the host computed for it, ret moved to
an earlier node, an if collapsed to one branch, a loop collapsed to its
initial value, to one pass or to its passes unrolled, a loop count
lowered, every value of one width or one integer element narrowed), drops
what the edited
program no longer uses, and keeps each variant that is valid and strictly
smaller by size() -- so repeating "take the first variant that still
fails" always ends. The variants come smallest first.
"""

import functools

import bounds
import printer
import program
from program import Invalid

# The value 1 of each float format (the integers' "simple" value is 1 too).
FLOAT_ONE = {16: 0x3c00, 32: 0x3f800000, 64: 0x3ff0000000000000}
STRUCTURE = ('if', 'else', 'endif', 'loop', 'endloop')


def executed(nodes):
    """How many nodes a work-item runs: a loop's body counts once per pass."""
    total, mult, counts = 0, 1, []
    for n in nodes:
        if n['op'] == 'endloop':
            mult //= counts.pop()
        total += mult
        if n['op'] == 'loop':
            counts.append(n['count'])
            mult *= n['count']
    return total


def size(p):
    """How big a program is, compared lexicographically: nodes run (a
    loop's body once per pass), nodes, nodes that are operations (not
    arguments or constants), arguments, loop passes, components, constant
    bits."""
    nodes = p['nodes']
    return (executed(nodes),
            len(nodes),
            sum(1 for n in nodes if n['op'] not in ('arg', 'const')),
            len(p['args']),
            sum(n['count'] for n in nodes if n['op'] == 'loop'),
            sum(program.width(n['type']) for n in nodes),
            sum(v.bit_length() for n in nodes if n['op'] == 'const' for v in n['bits']))


def copy_node(n):
    return {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in n.items()}


def clone(p):
    """A copy of P that edits may change: its nodes and argument list are
    new; the input lists are shared, since nothing changes them in place."""
    q = dict(p)
    q['nodes'] = [copy_node(n) for n in p['nodes']]
    q['args'] = list(p['args'])
    q['inputs'] = list(p['inputs'])
    return q


def rebuild(p, drop=(), subst=None, put=None):
    """A copy of P without the nodes DROP, every use of a node in SUBST
    moved to its image (followed to the end of a chain), and the nodes in
    PUT replaced by the given ones. Invalid if a kept node still uses a
    dropped one."""
    subst = subst or {}
    put = put or {}
    nodes = p['nodes']
    keep = [j for j in range(len(nodes)) if j not in drop]
    new_index = {j: k for k, j in enumerate(keep)}

    def ref(i):
        while i in subst:
            i = subst[i]
        if i not in new_index:
            raise Invalid(f'node {i} was dropped but is still used')
        return new_index[i]

    q = clone(p)
    out = []
    for j in keep:
        n = copy_node(put.get(j, nodes[j]))
        if 'in' in n:
            n['in'] = [ref(i) for i in n['in']]
        for field in ('if', 'loop'):
            if field in n:
                if n[field] not in new_index:
                    raise Invalid(f'node {j}: its block head was dropped')
                n[field] = new_index[n[field]]
        out.append(n)
    q['nodes'] = out
    q['ret'] = ref(p['ret'])
    return q


def finish(q):
    """Q without dead nodes and unused arguments, its needs and source
    brought up to date, validated (before pruning too, which needs a sound
    program)."""
    q['result'] = q['nodes'][q['ret']]['type']
    program.validate(q)
    program.prune(q)
    q['result'] = q['nodes'][q['ret']]['type']
    q['needs'] = program.needs_of(q)
    q['source'] = printer.source(q)
    return program.validate(q)


def simple_constants(t):
    """The bit patterns of 0 and of 1 in every component of T."""
    n, nbits = program.width(t), program.bits(t)
    one = 1 if program.is_int(t) else FLOAT_ONE[nbits]
    return [[0] * n, [one] * n]


def blocks(nodes):
    """(if, else, endif) triples and (loop, iter or None, endloop) triples."""
    ifs, loops = [], []
    for j, n in enumerate(nodes):
        if n['op'] == 'endif':
            e = next(k for k in range(n['if'], j) if nodes[k]['op'] == 'else' and nodes[k]['if'] == n['if'])
            ifs.append((n['if'], e, j))
        elif n['op'] == 'endloop':
            it = next((k for k in range(n['loop'], j) if nodes[k]['op'] == 'iter' and nodes[k]['loop'] == n['loop']),
                      None)
            loops.append((n['loop'], it, j))
    return ifs, loops


def _with_ret(p, j):
    q = clone(p)
    q['ret'] = j
    return q


def _with_count(p, j, count):
    q = clone(p)
    q['nodes'][j]['count'] = count
    return q


def _unrolled(p, head, it, end):
    """P with loop HEAD .. END replaced by its passes one after another:
    the accumulator of the first is the initial value, of each later one
    the value the pass before gave; the counter of pass k the constant k."""
    nodes = p['nodes']
    init, nxt = nodes[head]['in'][0], nodes[end]['in'][0]
    out = [copy_node(n) for n in nodes[:head]]
    image = {j: j for j in range(head)}
    prev = init
    for k in range(nodes[head]['count']):
        local = {head: prev}
        for j in range(head + 1, end):
            if j == it:
                n = program.make_node('const', 'int', bits=[k])
            else:
                n = copy_node(nodes[j])
                if 'in' in n:
                    n['in'] = [local[i] if i in local else image[i] for i in n['in']]
                for field in ('if', 'loop'):
                    if field in n:
                        n[field] = local[n[field]]
            local[j] = len(out)
            out.append(n)
        prev = local[nxt] if nxt in local else image[nxt]
    image[end] = prev
    for j in range(end + 1, len(nodes)):
        n = copy_node(nodes[j])
        if 'in' in n:
            if any(head <= i < end for i in n['in']):
                raise Invalid(f'node {j} uses a node inside the loop')
            n['in'] = [image[i] for i in n['in']]
        for field in ('if', 'loop'):
            if field in n:
                n[field] = image[n[field]]
        image[j] = len(out)
        out.append(n)
    q = clone(p)
    q['nodes'] = out
    q['ret'] = image[p['ret']]
    return q


def _retyped(p, new_type, new_bits):
    """P with every type T replaced by new_type(T) (a narrower width or a
    narrower integer element), constants' and arguments' values by
    new_bits(T, one value's patterns). A swizzle keeps the components the
    narrower value still has, a vector literal the parts that fill it
    exactly; anything that cannot follow (as_type, a geometric built-in's
    operands, the loop counter) makes the variant invalid."""
    nodes = p['nodes']
    q = clone(p)
    changed = False
    for j, n in enumerate(q['nodes']):
        old, t = n['type'], new_type(n['type'])
        ins = [nodes[i]['type'] for i in program.operands(nodes[j])]
        moved = t != old or any(new_type(x) != x for x in ins)
        changed = changed or moved
        if not moved:
            continue
        op = n['op']
        if op in ('as', 'iter') or (op == 'call' and n['fn'] in program.GEOMETRIC):
            raise Invalid(f'node {j}: {op} cannot be narrowed')
        n['type'] = t
        if op == 'const':
            n['bits'] = new_bits(old, n['bits'])
        elif op == 'swizzle':
            comps = n['comps'][:program.width(t)]
            if any(c >= program.width(new_type(ins[0])) for c in comps):
                raise Invalid(f'node {j}: the swizzle reads a component narrowed away')
            n['comps'] = comps
        elif op == 'vec' and len(n['in']) > 1:
            keep, total = [], 0
            for i in n['in']:
                if total == program.width(t):
                    break
                keep.append(i)
                total += program.width(new_type(nodes[i]['type']))
            if total != program.width(t):
                raise Invalid(f'node {j}: the vector literal cannot be cut to {t}')
            n['in'] = keep
        elif op == 'call' and 'bound' in n and n['fn'] in program.COMMON_FORMS and not program.is_int(t):
            n['bound'] = bounds.fn_bound(n['fn'], program.elem_of(t), program.width(t), program.options_of(p))
    if not changed:
        raise Invalid('nothing to narrow')
    items = p['items']
    for a, t in enumerate(p['args']):
        w = program.width(t)
        q['args'][a] = new_type(t)
        q['inputs'][a] = [v for k in range(items) for v in new_bits(t, p['inputs'][a][k * w:(k + 1) * w])]
    return q


def _narrower_width(n, m):
    """new_type and new_bits that make every value of width N one of width M
    (its first M components)."""
    def new_type(t):
        return program.type_name(program.elem_of(t), m) if program.width(t) == n else t

    def new_bits(t, values):
        return list(values[:m]) if program.width(t) == n else list(values)
    return new_type, new_bits


def _narrower_int(elem, smaller):
    """new_type and new_bits that make every integer of element ELEM one of
    element SMALLER (its low bits)."""
    mask = (1 << program.bits(smaller)) - 1

    def new_type(t):
        return program.with_elem(t, smaller) if program.elem_of(t) == elem else t

    def new_bits(t, values):
        return [v & mask for v in values] if program.elem_of(t) == elem else list(values)
    return new_type, new_bits


# Each integer element and the one of half its size and the same signedness.
NARROWER_INT = {'long': 'int', 'int': 'short', 'short': 'char', 'ulong': 'uint', 'uint': 'ushort', 'ushort': 'uchar'}


def edits(p, values=None):
    """Every edit of P, as a function that makes the edited copy (not yet
    pruned or checked) or raises Invalid. VALUES, where given, holds per
    node the bit patterns the host knows it has on P's work-items (all
    alike during a reduction), None where not known: such a node may
    become a constant of that value."""
    nodes = p['nodes']
    edit = functools.partial
    yield edit(clone, p)  # only what pruning removes
    for j, bits in enumerate(values or []):
        n = nodes[j]
        if bits is not None and n['op'] not in program.NO_VALUE + STRUCTURE + ('const', 'iter'):
            yield edit(rebuild, p, put={j: program.make_node('const', n['type'], bits=list(bits))})
    for j, n in enumerate(nodes):
        if n['op'] in program.NO_VALUE:
            continue
        if j != p['ret'] and program.width(n['type']) != 3:
            yield edit(_with_ret, p, j)
        if n['op'] in STRUCTURE:
            continue
        for i in program.operands(n):
            if nodes[i]['type'] == n['type']:
                yield edit(rebuild, p, subst={j: i})
        for i in range(j):
            if nodes[i]['op'] == 'arg' and nodes[i]['type'] == n['type'] and nodes[i].get('arg') != n.get('arg'):
                yield edit(rebuild, p, subst={j: i})
        for b in simple_constants(n['type']):
            if n['op'] != 'const' or n['bits'] != b:
                yield edit(rebuild, p, put={j: program.make_node('const', n['type'], bits=b)})
    ifs, loops = blocks(nodes)
    for i, e, f in ifs:
        then_value, else_value = nodes[e]['in'][0], nodes[f]['in'][0]
        yield edit(rebuild, p, drop={i} | set(range(e, f + 1)), subst={f: then_value})
        yield edit(rebuild, p, drop=set(range(i, e + 1)) | {f}, subst={f: else_value})
    for head, it, end in loops:
        init, nxt = nodes[head]['in'][0], nodes[end]['in'][0]
        yield edit(rebuild, p, drop=set(range(head, end + 1)), subst={end: init})
        # One pass, inlined: the accumulator is the initial value, the counter 0.
        put = {it: program.make_node('const', 'int', bits=[0])} if it is not None else None
        yield edit(rebuild, p, drop={head, end}, subst={head: init, end: nxt}, put=put)
        if nodes[head]['count'] > 1:
            yield edit(_with_count, p, head, nodes[head]['count'] - 1)
            # Every pass, one after another: then each pass's nodes may go
            # on their own (a failure that needs two passes keeps both).
            yield edit(_unrolled, p, head, it, end)
    # Narrower values: every value of one width cut to a smaller width, every
    # integer of one element cut to the element of half its size.
    widths = sorted({program.width(n['type']) for n in nodes if program.width(n['type']) > 1})
    for n in widths:
        for m in (1, 2, 4, 8):
            if m < n:
                yield edit(_retyped, p, *_narrower_width(n, m))
    for e in sorted({program.elem_of(n['type']) for n in nodes} & set(NARROWER_INT)):
        yield edit(_retyped, p, *_narrower_int(e, NARROWER_INT[e]))


def candidates(p, values=None):
    """The valid variants of P that are smaller than P, smallest first."""
    base = size(p)
    seen = set()
    out = []
    for make in edits(p, values):
        try:
            q = finish(make())
        except Invalid:
            continue
        key = program.dumps([q['args'], q['nodes'], q['ret']])
        if size(q) < base and key not in seen:
            seen.add(key)
            out.append(q)
    out.sort(key=size)
    return out
