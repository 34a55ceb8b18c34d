"""Vector components as rvalues and lvalues (OpenCL C 6.3.7).

Rvalues: every .xyzw selection of 1 to 4 components for n = 2, 3, 4 (30,
120 and 340 of them), numeric selections .sN / .SN with hex digits in both
cases (sampled: every length 1, 2, 3, 4, 8, 16), and every chain of
.lo .hi .even .odd down to a scalar (a 3-vector acts as a 4-vector whose w
is undefined, so only its defined lanes are judged).

Lvalues: every selection without repeats for n <= 4, sampled numeric ones
for every n, and chains of .lo .hi .even .odd; the host checks that the
assigned lanes took the new values and every other lane kept its own.

The host parses each selection's text itself (suites/vectors/swizzle.cpp);
the manifest carries the text, not the lane numbers.
"""

import itertools

from .vectors_common import (GLOBAL_FULL, GLOBAL_QUICK, WIDTHS, Slots, describe, gather_kernel, header, load_expr,
                             req, rng, storage, store_stmt, vec_name)

LETTERS = 'xyzw'
HEX = '0123456789abcdef'
NUMERIC_LENGTHS = (1, 2, 3, 4, 8, 16)
HALVES = ('lo', 'hi', 'even', 'odd')
NUMERIC_QUICK = {2: 3, 3: 3, 4: 3, 8: 8, 16: 8}  # selections per length
NUMERIC_FULL = 64
# Chains of .lo/.hi/.even/.odd: a 16-vector has 340 down to a scalar, and a
# kernel with all of them (as lvalues above all) takes seconds to build, so
# quick mode takes every chain of up to two suffixes and a sample of the
# deeper ones; full mode takes them all.
HALVES_QUICK_DEEP = 16


def spell_numeric(indices, r):
    """.sN text with a random prefix case and random hex digit case, as the spec allows both."""
    prefix = r.choice('sS')
    return prefix + ''.join(HEX[i].upper() if r.random() < 0.5 else HEX[i] for i in indices)


def numeric_selections(n, per_length, purpose, repeats):
    r = rng('numeric', n, purpose, repeats)
    out = []
    if n == 16:
        out += ['s0123456789abcdef', 'S0123456789ABCDEF', 'sFEDCBA9876543210']
    elif n == 8:
        out += ['s01234567', 'S76543210']
    for length in NUMERIC_LENGTHS:
        if not repeats and length > n:
            continue
        for _ in range(per_length):
            indices = [r.randrange(n) for _ in range(length)] if repeats else r.sample(range(n), length)
            out.append(spell_numeric(indices, r))
    return list(dict.fromkeys(out))


def halves_lanes(n, chain):
    """The lanes a .lo/.hi/.even/.odd chain selects; None for a 3-vector's undefined w."""
    lanes = list(range(n)) + ([None] if n == 3 else [])
    for h in chain:
        half = len(lanes) // 2
        lanes = {'lo': lanes[:half], 'hi': lanes[half:], 'even': lanes[0::2], 'odd': lanes[1::2]}[h]
    return lanes


def halves_chains(n):
    out, frontier = [], [()]
    while frontier:
        nxt = []
        for chain in frontier:
            for h in HALVES:
                c = chain + (h,)
                lanes = halves_lanes(n, c)
                if any(lane is not None for lane in lanes):
                    out.append(c)
                if len(lanes) > 1:
                    nxt.append(c)
        frontier = nxt
    return out


def quick_chains(n, chains, purpose):
    shallow = [c for c in chains if len(c) <= 2]
    deep = [c for c in chains if len(c) > 2]
    if len(deep) <= HALVES_QUICK_DEEP:
        return chains
    return shallow + sorted(rng('halves', n, purpose).sample(deep, HALVES_QUICK_DEEP))


def spelled(chains):
    return ['.'.join(c) for c in chains]


def sel_length(n, sel):
    if sel[0] in 'sS':
        return len(sel) - 1
    if sel[0] in LETTERS:
        return len(sel)
    return len(halves_lanes(n, sel.split('.')))


def rvalue_kernel(elem, n, name, selections):
    out = Slots()
    lines = [f'const {vec_name(elem.name, n)} v = {load_expr("__global", elem.name, n, "p", 0)};']
    items = []
    for sel in selections:
        k = sel_length(n, sel)
        at = out.take(k)
        lines.append(store_stmt('__global', elem.name, k, 'o', at, f'v.{sel}'))
        items.append(f'rvalue:{sel} out:{at}')
    return gather_kernel(name, elem, storage(n), out.stride(), lines), {
        'kernel': name, 'in_stride': storage(n), 'out_stride': out.stride(), 'items': items}


def lvalue_kernel(elem, n, name, selections):
    out = Slots()
    t = vec_name(elem.name, n)
    b_at = storage(n)
    lines, items = [], []
    for sel in selections:
        k = sel_length(n, sel)
        at = out.take(n)
        lines.append(f'{{ {t} v = {load_expr("__global", elem.name, n, "p", 0)}; '
                     f'v.{sel} = {load_expr("__global", elem.name, k, "p", b_at)}; '
                     + store_stmt('__global', elem.name, n, 'o', at, 'v') + ' }')
        items.append(f'lvalue:{sel} from:{b_at} out:{at}')
    return gather_kernel(name, elem, 2 * storage(n), out.stride(), lines), {
        'kernel': name, 'in_stride': 2 * storage(n), 'out_stride': out.stride(), 'items': items}


class Group:
    """Collects one element type's kernels for one manifest group."""

    def __init__(self, m, elem, group):
        self.m, self.elem, self.group = m, elem, group
        self.sources, self.full_sources, self.cases = [], [], []

    def add(self, case_suffix, make, name, n, quick_sel, full_sel=None):
        src, quick = make(self.elem, n, name, quick_sel)
        self.sources.append(src)
        params = {'elem': describe(self.elem), 'n': n, 'global_quick': GLOBAL_QUICK, 'global_full': GLOBAL_FULL,
                  **quick}
        if full_sel is not None:
            fsrc, full = make(self.elem, n, name + '_full', full_sel)
            self.full_sources.append(fsrc)
            params['full'] = {'program': self.program(True), **full}
        self.cases.append((f'vectors.{self.group}.{self.elem.name}{n}.{case_suffix}', name, params))

    def program(self, full=False):
        return f'{self.group}_{"full_" if full else ""}{self.elem.name}'

    def write(self):
        e = self.elem
        self.m.add_program(self.program(), header(e) + '\n'.join(self.sources), req(e))
        if self.full_sources:
            self.m.add_program(self.program(True), header(e) + '\n'.join(self.full_sources), req(e))
        for case_id, kernel, params in self.cases:
            self.m.add_case(case_id, self.program(), kernel, 'vectors.gather', self.group, params, req(e))


def add_rvalues(m, elem):
    g = Group(m, elem, 'swizzles')
    e = elem.name
    for n in WIDTHS:
        if n <= 4:
            for length in range(1, 5):
                sels = [''.join(s) for s in itertools.product(LETTERS[:n], repeat=length)]
                g.add(f'len{length}', rvalue_kernel, f'swz_{e}{n}_len{length}', n, sels)
        g.add('numeric', rvalue_kernel, f'swz_{e}{n}_numeric', n, numeric_selections(n, NUMERIC_QUICK[n], 'q', True),
              numeric_selections(n, NUMERIC_FULL, 'f', True))
        chains = halves_chains(n)
        quick = quick_chains(n, chains, 'rvalue')
        g.add('halves', rvalue_kernel, f'swz_{e}{n}_halves', n, spelled(quick),
              spelled(chains) if quick != chains else None)
    g.write()


def add_lvalues(m, elem):
    g = Group(m, elem, 'lvalues')
    e = elem.name
    for n in WIDTHS:
        if n <= 4:
            sels = [''.join(s) for length in range(1, n + 1) for s in itertools.permutations(LETTERS[:n], length)]
            g.add('xyzw', lvalue_kernel, f'lv_{e}{n}_xyzw', n, sels)
        g.add('numeric', lvalue_kernel, f'lv_{e}{n}_numeric', n, numeric_selections(n, NUMERIC_QUICK[n], 'q', False),
              numeric_selections(n, NUMERIC_FULL, 'f', False))
        # An lvalue may not name the undefined w of a 3-vector.
        chains = [c for c in halves_chains(n) if None not in halves_lanes(n, c)]
        quick = quick_chains(n, chains, 'lvalue')
        g.add('halves', lvalue_kernel, f'lv_{e}{n}_halves', n, spelled(quick),
              spelled(chains) if quick != chains else None)
    g.write()
