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


class Kernel:
    """One kernel per width that evaluates the selections of every family of a
    group, each storing its result at its own aligned output position: a few
    large kernels build much faster than many small ones. Each case reads its
    family's slice of the output."""

    def __init__(self, elem, n, name, lvalue):
        self.elem, self.n, self.name, self.lvalue = elem, n, name, lvalue
        self.out = Slots()
        self.in_stride = (2 if lvalue else 1) * storage(n)
        e = elem.name
        self.lines = [] if lvalue else [f'const {vec_name(e, n)} v = {load_expr("__global", e, n, "p", 0)};']

    def add(self, selections):
        e, n = self.elem.name, self.n
        items = []
        for sel in selections:
            k = sel_length(n, sel)
            if self.lvalue:
                # A fresh copy of the vector for each assignment; the new lanes come from after it.
                b_at = storage(n)
                at = self.out.take(n)
                self.lines.append(f'{{ {vec_name(e, n)} v = {load_expr("__global", e, n, "p", 0)}; '
                                  f'v.{sel} = {load_expr("__global", e, k, "p", b_at)}; '
                                  + store_stmt('__global', e, n, 'o', at, 'v') + ' }')
                items.append(f'lvalue:{sel} from:{b_at} out:{at}')
            else:
                at = self.out.take(k)
                self.lines.append(store_stmt('__global', e, k, 'o', at, f'v.{sel}'))
                items.append(f'rvalue:{sel} out:{at}')
        return items

    def source(self):
        return gather_kernel(self.name, self.elem, self.in_stride, self.out.stride(), self.lines)

    def params(self):
        return {'kernel': self.name, 'in_stride': self.in_stride, 'out_stride': self.out.stride()}


class Group:
    """Collects one element type's kernels and cases for one manifest group."""

    def __init__(self, m, elem, group, lvalue):
        self.m, self.elem, self.group, self.lvalue = m, elem, group, lvalue
        self.kernels, self.cases = {}, []

    def kernel(self, n, full):
        key = (n, full)
        if key not in self.kernels:
            prefix = 'lv' if self.lvalue else 'swz'
            name = f'{prefix}_{"full_" if full else ""}{self.elem.name}{n}'
            self.kernels[key] = Kernel(self.elem, n, name, self.lvalue)
        return self.kernels[key]

    def add(self, case_suffix, n, quick_sel, full_sel=None):
        quick = self.kernel(n, False)
        case = {'id': f'vectors.{self.group}.{self.elem.name}{n}.{case_suffix}', 'n': n,
                'quick': (quick, quick.add(quick_sel))}
        if full_sel is not None:
            full = self.kernel(n, True)
            case['full'] = (full, full.add(full_sel))
        self.cases.append(case)

    def program(self, full=False):
        return f'{self.group}_{"full_" if full else ""}{self.elem.name}'

    def write(self):
        e = self.elem
        for full in (False, True):
            sources = [k.source() for (n, f), k in self.kernels.items() if f == full]
            if sources:
                self.m.add_program(self.program(full), header(e) + '\n'.join(sources), req(e))
        for case in self.cases:
            kernel, items = case['quick']
            params = {'elem': describe(e), 'n': case['n'], 'global_quick': GLOBAL_QUICK, 'global_full': GLOBAL_FULL,
                      **kernel.params(), 'items': items}
            if 'full' in case:
                kernel_f, items_f = case['full']
                params['full'] = {'program': self.program(True), **kernel_f.params(), 'items': items_f}
            self.m.add_case(case['id'], self.program(), kernel.name, 'vectors.gather', self.group, params, req(e))


def add_rvalues(m, elem):
    g = Group(m, elem, 'swizzles', lvalue=False)
    for n in WIDTHS:
        if n <= 4:
            for length in range(1, 5):
                sels = [''.join(s) for s in itertools.product(LETTERS[:n], repeat=length)]
                g.add(f'len{length}', n, sels)
        g.add('numeric', n, numeric_selections(n, NUMERIC_QUICK[n], 'q', True),
              numeric_selections(n, NUMERIC_FULL, 'f', True))
        chains = halves_chains(n)
        quick = quick_chains(n, chains, 'rvalue')
        g.add('halves', n, spelled(quick),
              spelled(chains) if quick != chains else None)
    g.write()


def add_lvalues(m, elem):
    g = Group(m, elem, 'lvalues', lvalue=True)
    for n in WIDTHS:
        if n <= 4:
            sels = [''.join(s) for length in range(1, n + 1) for s in itertools.permutations(LETTERS[:n], length)]
            g.add('xyzw', n, sels)
        g.add('numeric', n, numeric_selections(n, NUMERIC_QUICK[n], 'q', False),
              numeric_selections(n, NUMERIC_FULL, 'f', False))
        # An lvalue may not name the undefined w of a 3-vector.
        chains = [c for c in halves_chains(n) if None not in halves_lanes(n, c)]
        quick = quick_chains(n, chains, 'lvalue')
        g.add('halves', n, spelled(quick),
              spelled(chains) if quick != chains else None)
    g.write()
