"""Vector literals (OpenCL C 6.3.6).

A literal (Tn)(a, b, ...) takes any list of scalars and vectors of T whose
component counts sum to n, plus the single-scalar form that replicates it.
A single n-component operand is a cast, not a literal, so it is left out:
that leaves the spec's eight forms for float4 (seven lists and the
replicate form).  Every composition is enumerated for n <= 4 (1, 3 and 7
lists); n = 8 has 108 and n = 16 has 21,198, so quick mode takes a sample
of each (the regular shapes and random ones, SAMPLE_QUICK) and full mode
all 108 for n = 8 and SAMPLE_16_FULL for n = 16.

Each part is read from its own aligned input position; the host places
the parts' lanes in memory order and compares every lane.
"""

from .vectors_common import (GLOBAL_FULL, GLOBAL_QUICK, WIDTHS, Slots, describe, gather_kernel, header, load_expr,
                             req, rng, store_stmt, vec_name)

PART_SIZES = (1, 2, 3, 4, 8, 16)
IN_STRIDE = 64
SAMPLE_QUICK = {8: 40, 16: 40}  # a kernel's build time grows with its literals
SAMPLE_16_FULL = 1024


def compositions(n):
    """Every ordered list of part sizes summing to n, in lexicographic order."""
    if n == 0:
        return [()]
    out = []
    for k in PART_SIZES:
        if k <= n:
            out.extend((k,) + rest for rest in compositions(n - k))
    return out


def literal_forms(n):
    return [c for c in compositions(n) if len(c) > 1]


def place(parts):
    """Aligned input positions of the parts, in order."""
    slots = Slots()
    placed = [[k, slots.take(k)] for k in parts]
    assert slots.size <= IN_STRIDE, parts
    return placed


def sample_forms(n, count, purpose):
    forms = literal_forms(n)
    if len(forms) <= count:
        return forms
    # The regular shapes first (all scalars, all pairs, ...), the rest at random.
    regular = [c for c in forms if len(set(c)) == 1]
    rest = [c for c in forms if len(set(c)) > 1]
    return regular + sorted(rng('literals', n, purpose).sample(rest, count - len(regular)))


def literal_kernel(elem, n, name, forms):
    t = vec_name(elem.name, n)
    out = Slots()
    lines, items = [], []
    for parts in forms:
        placed = place(parts)
        args = ', '.join(load_expr('__global', elem.name, k, 'p', pos) for k, pos in placed)
        at = out.take(n)
        lines.append(store_stmt('__global', elem.name, n, 'o', at, f'({t})({args})'))
        items.append('parts:' + ','.join(f'{k}@{pos}' for k, pos in placed) + f' out:{at}')
    # The replicate form reads a position no list above starts at.
    at = out.take(n)
    lines.append(store_stmt('__global', elem.name, n, 'o', at, f'({t})(p[{IN_STRIDE - 1}])'))
    items.append(f'replicate:{IN_STRIDE - 1} out:{at}')
    return gather_kernel(name, elem, IN_STRIDE, out.stride(), lines), {
        'kernel': name, 'in_stride': IN_STRIDE, 'out_stride': out.stride(), 'items': items}


def add(m, elem):
    program = f'literals_{elem.name}'
    full_program = f'literals_full_{elem.name}'
    sources, full_sources, cases = [], [], []
    for n in WIDTHS:
        cap = SAMPLE_QUICK.get(n)
        forms = sample_forms(n, cap, 'quick') if cap else literal_forms(n)
        src, quick = literal_kernel(elem, n, f'lit_{elem.name}{n}', forms)
        sources.append(src)
        params = {'elem': describe(elem), 'n': n, 'what': 'literal', 'forms_total': len(literal_forms(n)) + 1,
                  'global_quick': GLOBAL_QUICK, 'global_full': GLOBAL_FULL, **quick}
        if cap:
            full_forms = sample_forms(n, SAMPLE_16_FULL, 'full') if n == 16 else literal_forms(n)
            fsrc, full = literal_kernel(elem, n, f'lit_full_{elem.name}{n}', full_forms)
            full_sources.append(fsrc)
            params['full'] = {'program': full_program, **full}
        cases.append((f'vectors.literals.{elem.name}{n}', f'lit_{elem.name}{n}', params))
    m.add_program(program, header(elem) + '\n'.join(sources), req(elem))
    m.add_program(full_program, header(elem) + '\n'.join(full_sources), req(elem))
    for case_id, kernel, params in cases:
        m.add_case(case_id, program, kernel, 'vectors.gather', 'literals', params, req(elem))
