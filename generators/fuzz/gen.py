"""Random fuzz programs, deterministic from (seed, index).

The builder grows an SSA program statement by statement: each statement
is a random operation of a random type whose operands are earlier values
(preferably ones nothing uses yet), new arguments, constants or smaller
random expressions. Now and then it opens an if/else or a loop, and closes
it with a value that folds together what the block computed. At the end
the values nothing uses are folded into the result, and whatever ret still
does not depend on is pruned.

Only operations whose result the spec defines for every operand are built
(README.md, "What keeps a program defined"); program.validate() checks the
same rules, so a slip here raises instead of reaching a device.
"""

import random

import bounds
import inputs
import printer
import program
from program import make_node, type_name, width, elem_of, kind, is_int

MIN_NODES, MAX_NODES = 6, 28  # before the final folding and pruning
FLOAT_WEIGHT = 4
FAVOURITE_SHARE = 0.8
MAX_ARGS = 6
FOLD_LIMIT = 4  # unused values folded into a block's value or the result; older ones are pruned
WIDTH_WEIGHTS = ((1, 4), (2, 2), (3, 1), (4, 3), (8, 2), (16, 1))
INT_CALLS = ('abs', 'abs_diff', 'add_sat', 'sub_sat', 'hadd', 'rhadd', 'max', 'min', 'mul_hi', 'rotate', 'clz',
             'popcount', 'mad_sat', 'mad_hi', 'clamp', 'upsample')
ROUND_MODES = ('rte', 'rtz', 'rtp', 'rtn')
# upsample's result element -> its hi argument's element.
DOWNSAMPLE = {v: k for k, v in program.UPSAMPLE.items()}


def weighted(rng, pairs):
    """One item of (item, weight) pairs, in their order (no hash order)."""
    total = sum(w for _, w in pairs)
    x = rng.random() * total
    for item, w in pairs:
        x -= w
        if x < 0:
            return item
    return pairs[-1][0]


class Builder:
    def __init__(self, rng, fp64, fp16, options):
        self.rng = rng
        self.options = options
        self.finite = bounds.finite_only(options)
        self.elems = program.allowed_elements(fp64, fp16)
        self.favourites = self.pick_favourites()
        self.nodes = []
        self.args = []
        self.uses = []      # per node: how many nodes use it
        self.scopes = [[]]  # per open block (outermost first): its value nodes
        self.frames = []    # the open blocks: {'kind': 'then' | 'else' | 'loop', 'head': node, 'type': T}

    # ---- bookkeeping -----------------------------------------------------------------

    def emit(self, op, t, ins=(), **fields):
        j = len(self.nodes)
        self.nodes.append(make_node(op, t, ins, **fields))
        self.uses.append(0)
        for i in ins:
            self.uses[i] += 1
        if op not in program.NO_VALUE:
            self.scopes[-1].append(j)
        return j

    def visible(self, pred=lambda t: True):
        return [j for scope in self.scopes for j in scope if pred(self.nodes[j]['type'])]

    def pick(self, cands):
        """A candidate, preferring those nothing uses yet."""
        fresh = [j for j in cands if self.uses[j] == 0]
        pool = fresh if fresh and self.rng.random() < 0.7 else cands
        return pool[self.rng.randrange(len(pool))]

    def pick_favourites(self):
        """Two or three elements most of the program's values have: fewer
        conversions between unrelated types, more operations on each.
        Floats are favoured, since most of what the oracle bounds is
        there."""
        pool = [(e, FLOAT_WEIGHT if program.ELEMENT[e].kind == 'float' else 1) for e in self.elems]
        out = []
        for _ in range(self.rng.randint(2, 3)):
            e = weighted(self.rng, pool)
            pool = [(x, w) for x, w in pool if x != e]
            out.append(e)
        return out

    def rand_type(self, elems=None, allow3=True, widths=None):
        if elems is None:
            elems = self.favourites if self.rng.random() < FAVOURITE_SHARE else self.elems
        e = elems[self.rng.randrange(len(elems))]
        pairs = [(n, w) for n, w in WIDTH_WEIGHTS if (allow3 or n != 3) and (widths is None or n in widths)]
        return type_name(e, weighted(self.rng, pairs))

    def elems_of(self, kinds):
        return [e for e in self.elems if program.ELEMENT[e].kind in kinds]

    def elems_of_size(self, size):
        return [e for e in self.elems if program.ELEMENT[e].size == size]

    # ---- leaves and operands -------------------------------------------------------

    def const(self, t, bits=None):
        if bits is None:
            bits = [inputs.component(self.rng, elem_of(t), self.finite) for _ in range(width(t))]
        return self.emit('const', t, bits=bits)

    def new_arg(self, t):
        self.args.append(t)
        return self.emit('arg', t, arg=len(self.args) - 1)

    def operand(self, t, depth, avoid=()):
        """A value of type T: an earlier one (not one of AVOID: an
        operation's other operands), a new expression (DEPTH levels
        at most), a new argument or a constant."""
        cands = [j for j in self.visible(lambda x: x == t) if j not in avoid]
        r = self.rng.random()
        if cands and r < 0.55:
            return self.pick(cands)
        if depth > 0 and r < 0.8:
            return self.produce(t, depth - 1)
        if width(t) != 3 and len(self.args) < MAX_ARGS and r < 0.9:
            return self.new_arg(t)
        if cands and r < 0.95:
            return self.pick(cands)
        return self.const(t)

    def operands(self, t, depth, k):
        """K operands of type T, distinct where there is a choice."""
        out = []
        for _ in range(k):
            out.append(self.operand(t, depth, out))
        return out

    def operand_like(self, pred, fallback, depth):
        """An earlier value whose type satisfies PRED, or a new one of type FALLBACK."""
        cands = self.visible(pred)
        if cands and self.rng.random() < 0.6:
            return self.pick(cands)
        return self.operand(fallback, depth)

    # ---- operations ------------------------------------------------------------------

    def produce(self, t, depth):
        """A new node of type T, of a random operation that can give T."""
        makers = [(self.op_convert, 2), (self.op_select, 1), (self.op_bitselect, 1), (self.op_swizzle, 2),
                  (self.op_vec, 2), (self.op_as, 1)]
        if is_int(t):
            makers += [(self.op_bitwise, 3), (self.op_shift, 2), (self.op_int_call, 6), (self.op_compare, 3),
                       (self.op_predicate, 2)]
            if kind(t) == 'uint':
                makers += [(self.op_arith, 5)]
        else:
            makers += [(self.op_arith, 6), (self.op_neg, 1), (self.op_math, 12), (self.op_common, 4),
                       (self.op_geometric, 3)]
        while True:
            j = weighted(self.rng, makers)(t, depth)
            if j is not None:
                return j

    def op_arith(self, t, depth):
        ops = ['add', 'sub', 'mul']
        if is_int(t):
            ops += ['div', 'rem']
        elif bounds.bound('divide', elem_of(t), self.options):
            ops.append('div')
        op = ops[self.rng.randrange(len(ops))]
        a, b = self.operands(t, depth, 2)
        if op == 'div' and not is_int(t):
            return self.emit(op, t, [a, b], bound=bounds.bound('divide', elem_of(t), self.options))
        if op in ('div', 'rem'):
            # A divisor that cannot be 0: b | 1.
            b = self.emit('or', t, [b, self.const(t, [1] * width(t))])
        return self.emit(op, t, [a, b])

    def op_neg(self, t, depth):
        return self.emit('neg', t, [self.operand(t, depth)])

    def op_bitwise(self, t, depth):
        op = ('and', 'or', 'xor', 'not')[self.rng.randrange(4)]
        ins = self.operands(t, depth, 1 if op == 'not' else 2)
        return self.emit(op, t, ins)

    def op_shift(self, t, depth):
        op = 'shr' if kind(t) == 'int' or self.rng.random() < 0.5 else 'shl'
        return self.emit(op, t, self.operands(t, depth, 2))

    def comparand_type(self, t):
        """A type whose comparison gives T, or None."""
        n = width(t)
        if kind(t) != 'int' or (n == 1 and t != 'int'):
            return None
        elems = self.elems if n == 1 else self.elems_of_size(program.ELEMENT[elem_of(t)].size)
        return type_name(elems[self.rng.randrange(len(elems))], n)

    def op_compare(self, t, depth):
        s = self.comparand_type(t)
        if s is None:
            return None
        op = program.COMPARISONS[self.rng.randrange(len(program.COMPARISONS))]
        return self.emit(op, t, self.operands(s, depth, 2))

    def op_predicate(self, t, depth):
        if t == 'int' and self.rng.random() < 0.3:
            fn = ('any', 'all')[self.rng.randrange(2)]
            s = self.rand_type(self.elems_of(('int',)))
            return self.emit('call', t, [self.operand(s, depth)], fn=fn)
        s = self.comparand_type(t)
        if s is None or is_int(s):
            return None
        fns = list(program.PREDICATES)
        fn = fns[self.rng.randrange(len(fns))]
        return self.emit('call', t, self.operands(s, depth, program.PREDICATES[fn]), fn=fn)

    def op_select(self, t, depth):
        size = program.ELEMENT[elem_of(t)].size
        c = type_name(self.rng.choice((program.SIGNED_OF_SIZE, program.UNSIGNED_OF_SIZE))[size], width(t))
        return self.emit('select', t, self.operands(t, depth, 2) + [self.operand(c, depth)])

    def op_bitselect(self, t, depth):
        return self.emit('call', t, self.operands(t, depth, 3), fn='bitselect')

    def op_int_call(self, t, depth):
        fn = INT_CALLS[self.rng.randrange(len(INT_CALLS))]
        if fn in ('abs', 'abs_diff'):
            if kind(t) != 'uint':
                return None
            size = program.ELEMENT[elem_of(t)].size
            s = program.with_elem(t, self.rng.choice((program.SIGNED_OF_SIZE, program.UNSIGNED_OF_SIZE))[size])
            return self.emit('call', t, self.operands(s, depth, program.INT_FNS[fn]), fn=fn)
        if fn == 'upsample':
            if elem_of(t) not in DOWNSAMPLE:
                return None
            hi = program.with_elem(t, DOWNSAMPLE[elem_of(t)])
            return self.emit('call', t, [self.operand(hi, depth), self.operand(program.unsigned_of(hi), depth)],
                             fn=fn)
        if fn == 'mad_hi' and kind(t) != 'uint':
            return None
        if fn == 'clamp':
            # lo <= hi always: min and max of one pair (clamp is undefined otherwise).
            u, v = self.operands(t, depth, 2)
            lo = self.emit('call', t, [u, v], fn='min')
            hi = self.emit('call', t, [u, v], fn='max')
            return self.emit('call', t, [self.operand(t, depth, (u, v)), lo, hi], fn=fn)
        return self.emit('call', t, self.operands(t, depth, program.INT_FNS[fn]), fn=fn)

    def math_fns(self, elem):
        return [f for f in program.MATH_FNS if bounds.bound(f, elem, self.options)]

    def op_math(self, t, depth):
        fns = self.math_fns(elem_of(t))
        fn = fns[self.rng.randrange(len(fns))]
        ins = self.operands(t, depth, program.MATH_FNS[fn])
        return self.emit('call', t, ins, fn=fn, bound=bounds.bound(fn, elem_of(t), self.options))

    def float_const(self, t, x):
        """A constant of float type T with X in every component."""
        return self.const(t, [inputs.float_pattern(x, program.bits(elem_of(t)))] * width(t))

    def ordered_pair(self, t, depth):
        """fmin(u, v) and fmax(u, v) of one pair: bounds with lo <= hi
        whenever neither is NaN (clamp and smoothstep are undefined otherwise)."""
        u, v = self.operands(t, depth, 2)
        e = elem_of(t)
        lo = self.emit('call', t, [u, v], fn='fmin', bound=bounds.bound('fmin', e, self.options))
        hi = self.emit('call', t, [u, v], fn='fmax', bound=bounds.bound('fmax', e, self.options))
        return lo, hi

    def op_common(self, t, depth):
        e, n = elem_of(t), width(t)
        fns = [f for f in program.COMMON_FORMS if bounds.fn_bound(f, e, n, self.options)]
        fn = fns[self.rng.randrange(len(fns))]
        forms = [f for f in program.COMMON_FORMS[fn] if n > 1 or 's' not in f]
        form = forms[self.rng.randrange(len(forms))]
        types = [t if k == 'g' else e for k in form]
        if fn == 'clamp':
            lo, hi = self.ordered_pair(types[1], depth)
            ins = [self.operand(t, depth), lo, hi]
        elif fn == 'smoothstep':
            lo, hi = self.ordered_pair(types[0], depth)
            ins = [lo, hi, self.operand(t, depth)]
        elif fn == 'mix':
            # a in [0, 1], where mix is defined: clamp(z, 0.0, 1.0).
            a = types[2]
            z = self.emit('call', a, [self.operand(a, depth), self.float_const(a, 0.0), self.float_const(a, 1.0)],
                          fn='clamp', bound=bounds.fn_bound('clamp', e, width(a), self.options))
            ins = self.operands(t, depth, 2) + [z]
        else:
            ins = [self.operand(x, depth) for x in types]
        return self.emit('call', t, ins, fn=fn, bound=bounds.fn_bound(fn, e, n, self.options))

    def op_geometric(self, t, depth):
        e, n = elem_of(t), width(t)
        cands = []
        for g in program.GEOMETRIC.values():
            widths = [m for m in g.widths if (g.result == 's' and n == 1) or (g.result == 'v' and m == n)]
            for m in widths:
                if e in g.types and bounds.fn_bound(g.name, e, m, self.options):
                    cands.append((g, m))
        if not cands:
            return None
        g, m = cands[self.rng.randrange(len(cands))]
        a = type_name(e, m)
        return self.emit('call', t, self.operands(a, depth, len(g.args)), fn=g.name,
                         bound=bounds.fn_bound(g.name, e, m, self.options))

    def convert(self, v, t):
        s = self.nodes[v]['type']
        if is_int(t):
            sat = not is_int(s) or program.narrows_to_signed(s, t) or self.rng.random() < 0.4
        else:
            sat = False
        rnd = ROUND_MODES[self.rng.randrange(4)] if self.rng.random() < 0.5 else ''
        return self.emit('convert', t, [v], sat=sat, round=rnd)

    def op_convert(self, t, depth):
        n = width(t)
        v = self.operand_like(lambda x: width(x) == n and x != t, self.rand_type(widths=(n,)), depth)
        return self.convert(v, t)

    def op_as(self, t, depth):
        if width(t) == 3:
            return None
        size = program.parse(t).size
        shapes = [type_name(e, n) for e in self.elems for n in (1, 2, 4, 8, 16)
                  if program.ELEMENT[e].size * n == size and type_name(e, n) != t]
        if not shapes:
            return None
        s = shapes[self.rng.randrange(len(shapes))]
        return self.emit('as', t, [self.operand(s, depth)])

    def op_swizzle(self, t, depth):
        e = elem_of(t)
        v = self.operand_like(lambda x: width(x) > 1 and elem_of(x) == e,
                              self.rand_type([e], widths=(2, 3, 4, 8, 16)), depth)
        return self.swizzle(v, width(t))

    def swizzle(self, v, n):
        m = width(self.nodes[v]['type'])
        comps = [self.rng.randrange(m) for _ in range(n)]
        return self.emit('swizzle', type_name(elem_of(self.nodes[v]['type']), n), [v], comps=comps)

    def op_vec(self, t, depth):
        n = width(t)
        if n == 1:
            return None
        e = elem_of(t)
        if self.rng.random() < 0.2:
            return self.emit('vec', t, [self.operand(e, depth)])
        parts, left = [], n
        while left:
            w = weighted(self.rng, [(k, 1) for k in (1, 2, 3, 4, 8) if k <= left and k < n])
            parts.append(self.operand(type_name(e, w), depth))
            left -= w
        return self.emit('vec', t, parts)

    # ---- glue: reshaping values and folding them together --------------------------

    def reshape(self, v, n):
        """Value V with N components, its element kept: swizzled, replicated or repeated."""
        m = width(self.nodes[v]['type'])
        if m == n:
            return v
        if m > n:
            return self.swizzle(v, n)
        e = elem_of(self.nodes[v]['type'])
        if m == 1:
            return self.emit('vec', type_name(e, n), [v])
        parts = [v] * (n // m) + ([self.swizzle(v, n % m)] if n % m else [])
        return self.emit('vec', type_name(e, n), parts)

    def coerce(self, v, t):
        """A value of type T made from V."""
        v = self.reshape(v, width(t))
        s = self.nodes[v]['type']
        if s == t:
            return v
        if width(t) != 3 and program.parse(s).size == program.parse(t).size and self.rng.random() < 0.3:
            return self.emit('as', t, [v])
        return self.convert(v, t)

    def combine(self, a, b, t):
        """One value of type T from two, by an operation defined for every operand."""
        if is_int(t):
            choices = [('xor', None), ('or', None), ('and', None), ('call', 'add_sat'), ('call', 'sub_sat'),
                       ('call', 'hadd'), ('call', 'rhadd'), ('call', 'max'), ('call', 'min'), ('call', 'rotate')]
            if kind(t) == 'uint':
                choices += [('add', None), ('sub', None), ('mul', None)]
        else:
            choices = [('add', None), ('sub', None), ('mul', None), ('call', 'fmin'), ('call', 'fmax')]
        op, fn = choices[self.rng.randrange(len(choices))]
        if fn is None:
            return self.emit(op, t, [a, b])
        extra = {'bound': bounds.bound(fn, elem_of(t), self.options)} if fn in program.MATH_FNS else {}
        return self.emit('call', t, [a, b], fn=fn, **extra)

    def fold(self, t, keep=None):
        """A value of type T that uses the latest values of the current
        block that nothing uses yet (and KEEP, if nothing uses it), or any
        value of T if there are none."""
        fresh = [j for j in self.scopes[-1] if self.uses[j] == 0 and j != keep][-FOLD_LIMIT:]
        if keep is not None and self.uses[keep] == 0:
            fresh = [keep] + fresh[1 - FOLD_LIMIT:]
        if not fresh:
            return self.operand(t, 1)
        acc = self.coerce(fresh[0], t)
        for v in fresh[1:]:
            acc = self.combine(acc, self.coerce(v, t), t)
        return acc

    # ---- blocks ---------------------------------------------------------------------

    def condition(self):
        """A scalar integer: a comparison, a predicate, any/all, or an earlier scalar integer."""
        cands = self.visible(lambda x: width(x) == 1 and is_int(x))
        if cands and self.rng.random() < 0.2:
            return self.pick(cands)
        while True:
            maker = self.op_compare if self.rng.random() < 0.6 else self.op_predicate
            c = maker('int', 1)
            if c is not None:
                return c

    def open_if(self):
        c = self.condition()
        j = self.emit('if', self.nodes[c]['type'], [c])
        self.frames.append({'kind': 'then', 'head': j, 'type': self.rand_type()})
        self.scopes.append([])

    def open_loop(self):
        t = self.rand_type()
        init = self.operand(t, 1)
        self.scopes.append([])
        j = self.emit('loop', t, [init], count=self.rng.randint(1, program.MAX_LOOP_COUNT))
        self.frames.append({'kind': 'loop', 'head': j, 'type': t})
        if self.rng.random() < 0.5:
            self.emit('iter', 'int', loop=j)

    def close(self):
        f = self.frames[-1]
        # A loop whose body ignores the accumulator would be a loop in name only.
        v = self.fold(f['type'], f['head'] if f['kind'] == 'loop' else None)
        self.scopes.pop()
        if f['kind'] == 'then':
            self.emit('else', f['type'], [v], **{'if': f['head']})
            self.scopes.append([])
            f['kind'] = 'else'
        elif f['kind'] == 'else':
            self.frames.pop()
            self.emit('endif', f['type'], [v], **{'if': f['head']})
        else:
            self.frames.pop()
            self.emit('endloop', f['type'], [v], loop=f['head'])

    # ---- the program ----------------------------------------------------------------

    def build(self):
        target = self.rng.randint(MIN_NODES, MAX_NODES)
        while len(self.nodes) < target:
            r = self.rng.random()
            if self.frames and r < 0.12:
                self.close()
            elif len(self.frames) < program.MAX_DEPTH and r < 0.26:
                self.open_if() if self.rng.random() < 0.5 else self.open_loop()
            else:
                self.produce(self.rand_type(), self.rng.randint(0, 2))
        while self.frames:
            self.close()
        return self.fold(self.rand_type(allow3=False))


def generate(seed, index, fp64=False, fp16=False, build_options='', items=64):
    """Program INDEX of SEED: a dict in the README's format, validated."""
    rng = random.Random(seed * 2 ** 32 + index)
    options = build_options.split()
    b = Builder(rng, fp64, fp16, options)
    ret = b.build()
    p = {'format': program.FORMAT, 'seed': seed, 'index': index, 'build_options': build_options,
         'needs': [], 'items': items, 'args': b.args, 'result': b.nodes[ret]['type'], 'nodes': b.nodes,
         'ret': ret}
    program.prune(p)
    p['needs'] = program.needs_of(p)
    p['inputs'] = [inputs.values(rng, t, items, b.finite) for t in p['args']]
    p['source'] = printer.source(p)
    return program.validate(p)
