"""The program model of the fuzzer (README.md, "Program format"): types,
nodes, the rules a program obeys (validate) and its JSON form.

A program is kept as the plain dict its JSON decodes to, so that what the
generator builds, what the shrinker edits and what the oracle reads are one
and the same thing. Types are OpenCL C names ("float4"); parse() gives the
clgen Type behind a name.
"""

import functools
import json

from clgen import common_catalog, geometric_catalog
from clgen.types import ELEMENTS, HALF, WIDTHS, Type

import bounds

FORMAT = 1

ELEMENT = {e.name: e for e in ELEMENTS + (HALF,)}
UNSIGNED_OF_SIZE = {1: 'uchar', 2: 'ushort', 4: 'uint', 8: 'ulong'}
SIGNED_OF_SIZE = {1: 'char', 2: 'short', 4: 'int', 8: 'long'}
# upsample(hi, lo): hi's element -> the result's element (6.15.3).
UPSAMPLE = {'char': 'short', 'uchar': 'ushort', 'short': 'int', 'ushort': 'uint', 'int': 'long', 'uint': 'ulong'}
ROUNDINGS = ('', 'rte', 'rtz', 'rtp', 'rtn')

# Integer built-ins (6.15.3) by arity; all exact. abs and abs_diff return
# the unsigned type; upsample widens; clamp's bounds must be min and max
# nodes of one pair (see _check_clamp). mad_hi is generated for unsigned
# types only: for signed ones its "+ c" may overflow, which 6.15.3 leaves
# unspecified.
INT_FNS = {'abs': 1, 'clz': 1, 'popcount': 1,
           'abs_diff': 2, 'add_sat': 2, 'sub_sat': 2, 'hadd': 2, 'rhadd': 2, 'max': 2, 'min': 2, 'mul_hi': 2,
           'rotate': 2, 'upsample': 2,
           'clamp': 3, 'mad_hi': 3, 'mad_sat': 3}
# Relational built-ins (6.15.6) on floats, by arity; the result is the
# comparison type (bool_type).
PREDICATES = {'isnan': 1, 'isinf': 1, 'isfinite': 1, 'isnormal': 1, 'signbit': 1,
              'isequal': 2, 'isnotequal': 2, 'isgreater': 2, 'isgreaterequal': 2, 'isless': 2, 'islessequal': 2,
              'islessgreater': 2, 'isordered': 2, 'isunordered': 2}
# Math built-ins (6.15.2) the fuzzer calls, by arity: each one only where
# bounds.bound() gives it a plain bound at the node's precision.
MATH_FNS = dict(
    [(f, 1) for f in ('sin', 'cos', 'tan', 'exp', 'exp2', 'exp10', 'expm1', 'log', 'log2', 'log10', 'log1p', 'sqrt',
                      'rsqrt', 'cbrt', 'atan', 'asin', 'acos', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh',
                      'erf', 'erfc', 'sinpi', 'cospi', 'tanpi', 'atanpi', 'asinpi', 'acospi', 'fabs', 'floor',
                      'ceil', 'trunc', 'rint', 'round', 'logb')] +
    [(f, 2) for f in ('fmin', 'fmax', 'fdim', 'copysign', 'hypot', 'atan2', 'atan2pi', 'pow', 'powr', 'fmod',
                      'remainder', 'maxmag', 'minmag', 'nextafter')] +
    [('fma', 3)])

# Common built-ins (6.15.4) on floats: their forms, each a tuple of 'g' (an
# argument of the result's type) and 's' (its element type); a form with an
# 's' exists for vector results only. Each call carries the bound of
# bounds.fn_bound() at the result's width.
COMMON_FORMS = {f.name: f.forms for f in common_catalog.catalog()}
# Geometric built-ins (6.15.5): every argument of one float type of width
# 1 to 4 (cross: 3 or 4), the result that type ('v') or its element ('s');
# the bound is bounds.fn_bound()'s at the arguments' width.
GEOMETRIC = {f.name: f for f in geometric_catalog.catalog()}

BINARY_ARITH = ('add', 'sub', 'mul', 'div', 'rem')
BITWISE = ('and', 'or', 'xor')
SHIFTS = ('shl', 'shr')
COMPARISONS = ('lt', 'le', 'gt', 'ge', 'eq', 'ne')
# Nodes that open or split a block: they hold no value a node may use.
NO_VALUE = ('if', 'else')
OPS = (('arg', 'const') + BINARY_ARITH + ('neg',) + BITWISE + ('not',) + SHIFTS + COMPARISONS +
       ('select', 'call', 'convert', 'as', 'swizzle', 'vec', 'if', 'else', 'endif', 'loop', 'iter', 'endloop'))
MAX_DEPTH = 3
MAX_LOOP_COUNT = 4


class Invalid(ValueError):
    """A program breaks a rule of the format."""


# ---- types ----------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def parse(name):
    """The Type of an OpenCL C type name; Invalid for anything else."""
    base = name.rstrip('0123456789')
    digits = name[len(base):]
    n = int(digits) if digits else 1
    if base not in ELEMENT or (digits and (n == 1 or digits != str(n))) or n not in WIDTHS:
        raise Invalid(f'not a type: {name!r}')
    return Type(ELEMENT[base], n)


def type_name(elem, n):
    return elem if n == 1 else f'{elem}{n}'


def elem_of(t):
    return parse(t).elem.name


def width(t):
    return parse(t).n


def kind(t):
    """'int' (signed), 'uint' or 'float'."""
    return parse(t).elem.kind


def is_int(t):
    return kind(t) != 'float'


def bits(t):
    return parse(t).elem.bits


def with_elem(t, elem):
    return type_name(elem, width(t))


def unsigned_of(t):
    return with_elem(t, UNSIGNED_OF_SIZE[parse(t).elem.size])


def narrows_to_signed(src, dst):
    """Whether converting integer type SRC to DST can leave DST's range with
    DST signed: the result is then implementation-defined without _sat
    (6.4.3.3, C99 6.3.1.3), so the generator always saturates it."""
    if not (is_int(src) and is_int(dst)) or kind(dst) != 'int':
        return False
    s, d = parse(src).elem, parse(dst).elem
    return s.bits > d.bits or (s.bits == d.bits and s.kind == 'uint')


def bool_type(t):
    """The type of a comparison of two T (6.5.6) and of a relational
    predicate (6.15.6): int for scalars; for vectors the signed integer
    vector of the element's size."""
    n = width(t)
    return 'int' if n == 1 else type_name(SIGNED_OF_SIZE[parse(t).elem.size], n)


def type_needs(t):
    return parse(t).requires


def allowed_elements(fp64, fp16):
    out = [e.name for e in ELEMENTS if e.name != 'double' or fp64]
    if fp16:
        out.append('half')
    return out


# ---- nodes ------------------------------------------------------------------------


def make_node(op, t, ins=(), **fields):
    """A node dict with its keys in the README's order: op, type, in, then the op's fields."""
    n = {'op': op, 'type': t}
    if ins:
        n['in'] = list(ins)
    n.update(fields)
    return n


def operands(node):
    return node.get('in', [])


def options_of(p):
    return p.get('build_options', '').split()


def needs_of(p):
    """The capabilities the program's types need, fp64 before fp16."""
    found = set()
    for t in list(p['args']) + [n['type'] for n in p['nodes']]:
        found.update(type_needs(t))
    return [c for c in ('fp64', 'fp16') if c in found]


def dumps(p):
    return json.dumps(p, separators=(',', ':'))


def loads(text):
    return json.loads(text)


# ---- validation --------------------------------------------------------------------


def validate(p):
    """Raise Invalid unless P obeys every rule of the format; returns P."""
    for key in ('format', 'seed', 'index', 'build_options', 'needs', 'items', 'args', 'result', 'nodes', 'ret',
                'inputs', 'source'):
        if key not in p:
            raise Invalid(f'missing field {key!r}')
    if p['format'] != FORMAT:
        raise Invalid(f'format {p["format"]!r}')
    needs = p['needs']
    for t in list(p['args']) + [p['result']]:
        if width(t) == 3:
            raise Invalid(f'{t}: an argument or the result is never a 3-vector')
    if not all(c in ('fp64', 'fp16') for c in needs):
        raise Invalid(f'needs {needs!r}: only fp64 and fp16')
    for c in needs_of(p):
        if c not in needs:
            raise Invalid(f'needs lacks {c}')
    _check_inputs(p)
    _check_nodes(p)
    return p


def _check_inputs(p):
    items = p['items']
    if not isinstance(items, int) or items < 1:
        raise Invalid(f'items {items!r}')
    if len(p['inputs']) != len(p['args']):
        raise Invalid('one input list per argument')
    for i, (t, values) in enumerate(zip(p['args'], p['inputs'])):
        if len(values) != items * width(t):
            raise Invalid(f'argument {i}: {len(values)} values, not items * width')
        limit = 1 << bits(t)
        for v in values:
            if not isinstance(v, int) or not 0 <= v < limit:
                raise Invalid(f'argument {i}: pattern {v!r} is not a {bits(t)}-bit pattern')


def _check_nodes(p):
    nodes = p['nodes']
    scope = []        # per node: the block path it sits in (visible from that path and paths below it)
    path = ()         # the open blocks: ('then' | 'else' | 'loop', head node)
    iters = set()     # loops that have an iter node
    for j, n in enumerate(nodes):
        op = n.get('op')
        if op not in OPS:
            raise Invalid(f'node {j}: op {op!r}')
        parse(n.get('type', '?'))
        ins = operands(n)
        for i in ins:
            if not isinstance(i, int) or not 0 <= i < j:
                raise Invalid(f'node {j}: operand {i!r} is not an earlier node')
            if nodes[i]['op'] in NO_VALUE:
                raise Invalid(f'node {j}: operand {i} ({nodes[i]["op"]}) has no value')
            if scope[i] != path[:len(scope[i])]:
                raise Invalid(f'node {j}: operand {i} is out of scope')
        if op == 'if':
            scope.append(path)
            path = path + (('then', j),)
        elif op == 'else':
            if not path or path[-1] != ('then', n.get('if')):
                raise Invalid(f'node {j}: else without its if')
            scope.append(path)
            path = path[:-1] + (('else', n['if']),)
        elif op == 'endif':
            if not path or path[-1] != ('else', n.get('if')):
                raise Invalid(f'node {j}: endif without its else')
            path = path[:-1]
            scope.append(path)
        elif op == 'loop':
            path = path + (('loop', j),)
            scope.append(path)
        elif op == 'iter':
            if ('loop', n.get('loop')) not in path or n['loop'] in iters:
                raise Invalid(f'node {j}: iter outside its loop, or a second one')
            iters.add(n['loop'])
            scope.append(path)
        elif op == 'endloop':
            if not path or path[-1] != ('loop', n.get('loop')):
                raise Invalid(f'node {j}: endloop without its loop')
            path = path[:-1]
            scope.append(path)
        else:
            scope.append(path)
        if len(path) > MAX_DEPTH:
            raise Invalid(f'node {j}: blocks nest deeper than {MAX_DEPTH}')
        _check_types(p, j)
    if path:
        raise Invalid('a block is not closed')
    r = p['ret']
    if not isinstance(r, int) or not 0 <= r < len(nodes) or nodes[r]['op'] in NO_VALUE or scope[r] != ():
        raise Invalid(f'ret {r!r} is not a top-level value')
    if nodes[r]['type'] != p['result']:
        raise Invalid('result is not the type of ret')


def _expect(cond, j, what):
    if not cond:
        raise Invalid(f'node {j}: {what}')


def _check_types(p, j):
    nodes = p['nodes']
    n = nodes[j]
    op, t, ins = n['op'], n['type'], operands(n)
    ts = [nodes[i]['type'] for i in ins]
    arity = {'arg': 0, 'const': 0, 'iter': 0, 'neg': 1, 'not': 1, 'convert': 1, 'as': 1, 'swizzle': 1, 'if': 1,
             'else': 1, 'endif': 1, 'loop': 1, 'endloop': 1, 'select': 3}.get(op, 2)
    if op not in ('call', 'vec'):
        _expect(len(ins) == arity, j, f'{op} takes {arity} operands')
    if op == 'arg':
        a = n.get('arg')
        _expect(isinstance(a, int) and 0 <= a < len(p['args']) and p['args'][a] == t, j, 'arg of another type')
    elif op == 'const':
        b = n.get('bits')
        _expect(isinstance(b, list) and len(b) == width(t) and
                all(isinstance(v, int) and 0 <= v < (1 << bits(t)) for v in b), j, 'bits: one pattern per component')
    elif op in BINARY_ARITH:
        _expect(ts == [t, t], j, 'operands of the result type')
        if is_int(t):
            _expect(kind(t) == 'uint', j, 'integer arithmetic on unsigned types only')
            if op in ('div', 'rem'):
                _expect(_nonzero(nodes, ins[1]), j, 'a divisor that may be 0')
            _expect('bound' not in n, j, 'a bound on integer arithmetic')
        else:
            _expect(op != 'rem', j, 'rem on floats')
            if op == 'div':
                _check_bound(p, j, 'divide')
            else:
                _expect('bound' not in n, j, 'add, sub and mul are correctly rounded: no bound')
    elif op == 'neg':
        _expect(ts == [t] and not is_int(t), j, 'neg on floats only')
    elif op in BITWISE or op == 'not':
        _expect(ts == [t] * len(ins) and is_int(t), j, 'bitwise operators on integers of the result type')
    elif op in SHIFTS:
        _expect(ts == [t, t] and is_int(t), j, 'shift operands of the result type')
        _expect(op == 'shr' or kind(t) == 'uint', j, 'shl on unsigned types only')
    elif op in COMPARISONS:
        _expect(len(set(ts)) == 1 and t == bool_type(ts[0]), j, 'comparison types')
    elif op == 'select':
        _expect(ts[0] == t and ts[1] == t and is_int(ts[2]) and width(ts[2]) == width(t) and
                parse(ts[2]).elem.size == parse(t).elem.size, j, 'select types')
    elif op == 'call':
        _check_call(p, j, ts)
    elif op == 'convert':
        _expect(width(ts[0]) == width(t), j, 'convert keeps the width')
        _expect(n.get('round') in ROUNDINGS and isinstance(n.get('sat'), bool), j, 'convert fields')
        _expect(not (n['sat'] and not is_int(t)), j, '_sat on a float destination')
        _expect(n['sat'] or not (is_int(t) and not is_int(ts[0])), j, 'float to integer without _sat')
        _expect(n['sat'] or not narrows_to_signed(ts[0], t), j, 'an integer to a narrower signed type without _sat')
    elif op == 'as':
        _expect(width(t) != 3 and width(ts[0]) != 3 and parse(t).size == parse(ts[0]).size, j,
                'as between types of one size, neither a 3-vector')
    elif op == 'swizzle':
        c = n.get('comps')
        _expect(width(ts[0]) > 1 and isinstance(c, list) and len(c) in WIDTHS and
                all(isinstance(x, int) and 0 <= x < width(ts[0]) for x in c) and
                t == type_name(elem_of(ts[0]), len(c)), j, 'swizzle: components of the operand')
    elif op == 'vec':
        _expect(width(t) > 1 and ins and all(elem_of(x) == elem_of(t) for x in ts) and
                ((len(ts) == 1 and width(ts[0]) == 1) or sum(width(x) for x in ts) == width(t)), j,
                'vec parts: the components, or one scalar')
    elif op == 'if':
        _expect(width(ts[0]) == 1 and is_int(ts[0]) and t == ts[0], j, 'if: a scalar integer condition')
    elif op in ('else', 'endif'):
        _expect(ts == [t], j, f'{op}: a value of its type')
        if op == 'endif':
            els = [x for x in nodes[n['if']:j] if x['op'] == 'else' and x['if'] == n['if']]
            _expect(els[0]['type'] == t, j, 'then and else values of one type')
    elif op == 'endloop':
        _expect(ts == [t] and nodes[n['loop']]['type'] == t, j, "endloop: a value of the loop's type")
    elif op == 'loop':
        c = n.get('count')
        _expect(ts == [t] and isinstance(c, int) and 1 <= c <= MAX_LOOP_COUNT, j, 'loop: init of its type, count 1..4')
    elif op == 'iter':
        _expect(t == 'int', j, 'iter is an int')


def _nonzero(nodes, i):
    """Whether node I is a value that cannot be 0 in any component: a
    constant without a zero component, or an `or` with one."""
    n = nodes[i]
    if n['op'] == 'const':
        return all(v != 0 for v in n['bits'])
    return n['op'] == 'or' and any(nodes[k]['op'] == 'const' and _nonzero(nodes, k) for k in n['in'])


def _check_bound(p, j, entry):
    n = p['nodes'][j]
    want = bounds.bound(entry, elem_of(n['type']), options_of(p))
    _expect(want is not None, j, f'{entry} has no plain bound at {elem_of(n["type"])} here')
    _expect(n.get('bound') == want, j, f'bound {n.get("bound")!r}, not {want!r}')


def _check_fn_bound(p, j, fn, n):
    elem = elem_of(p['nodes'][j]['type'])
    want = bounds.fn_bound(fn, elem, n, options_of(p))
    _expect(want is not None, j, f'{fn} has no usable bound at {elem} here')
    _expect(p['nodes'][j].get('bound') == want, j, f'bound {p["nodes"][j].get("bound")!r}, not {want!r}')


def _check_call(p, j, ts):
    nodes = p['nodes']
    n = nodes[j]
    fn, t = n.get('fn'), n['type']
    if fn in COMMON_FORMS and not is_int(t):
        forms = [f for f in COMMON_FORMS[fn] if width(t) > 1 or 's' not in f]
        ok = any(ts == [t if k == 'g' else elem_of(t) for k in f] for f in forms)
        _expect(ok, j, f'{fn}: arguments of none of its forms')
        _check_fn_bound(p, j, fn, width(t))
        return
    if fn in GEOMETRIC:
        g = GEOMETRIC[fn]
        a = ts[0]
        _expect(len(ts) == len(g.args) and ts == [a] * len(ts) and width(a) in g.widths and elem_of(a) in g.types, j,
                f'{fn}: {len(g.args)} arguments of one float type of width {g.widths}')
        _expect(t == (a if g.result == 'v' else elem_of(a)), j, f'{fn}: result type')
        _check_fn_bound(p, j, fn, width(a))
        return
    arity = INT_FNS.get(fn) or PREDICATES.get(fn) or MATH_FNS.get(fn) or {'any': 1, 'all': 1, 'bitselect': 3}.get(fn)
    _expect(arity is not None, j, f'unknown built-in {fn!r}')
    _expect(len(ts) == arity, j, f'{fn} takes {arity} arguments')
    a = ts[0]
    if fn in MATH_FNS:
        _expect(not is_int(a) and ts == [a] * arity and t == a, j, f'{fn}: float arguments of the result type')
        _check_bound(p, j, fn)
        return
    _expect('bound' not in n, j, 'a bound on an exact built-in')
    if fn in PREDICATES:
        _expect(not is_int(a) and ts == [a] * arity and t == bool_type(a), j, f'{fn} types')
    elif fn in ('any', 'all'):
        _expect(kind(a) == 'int' and t == 'int', j, f'{fn}: a signed integer argument, an int result')
    elif fn == 'bitselect':
        _expect(ts == [t] * 3, j, 'bitselect types')
    elif fn == 'upsample':
        _expect(elem_of(a) in UPSAMPLE and ts[1] == unsigned_of(a) and t == with_elem(a, UPSAMPLE[elem_of(a)]), j,
                'upsample types')
    else:
        _expect(is_int(a) and ts == [a] * arity, j, f'{fn}: integer arguments of one type')
        _expect(t == (unsigned_of(a) if fn in ('abs', 'abs_diff') else a), j, f'{fn}: result type')
        _expect(fn != 'mad_hi' or kind(a) == 'uint', j, 'mad_hi on unsigned types only')
        if fn == 'clamp':
            _check_clamp(nodes, j)


def _check_clamp(nodes, j):
    """clamp(x, lo, hi) is undefined for lo > hi (6.15.3): lo and hi must
    be min(u, v) and max(u, v) of one pair."""
    lo, hi = (nodes[i] for i in nodes[j]['in'][1:])
    ok = (lo['op'] == 'call' and lo['fn'] == 'min' and hi['op'] == 'call' and hi['fn'] == 'max' and
          sorted(lo['in']) == sorted(hi['in']))
    _expect(ok, j, 'clamp bounds are not min and max of one pair')


# ---- dead nodes -----------------------------------------------------------------


def prune(p):
    """Drop the nodes ret does not depend on, and the arguments (with
    their inputs) no remaining node reads; renumber both. P is valid. A block stays
    whole while its value is used: a used endif keeps its if and else, a
    used endloop its loop."""
    nodes = p['nodes']
    else_of = {n['if']: j for j, n in enumerate(nodes) if n['op'] == 'else'}
    live = [False] * len(nodes)
    live[p['ret']] = True
    for j in range(len(nodes) - 1, -1, -1):
        if not live[j]:
            continue
        n = nodes[j]
        for i in operands(n):
            live[i] = True
        if n['op'] == 'endif':
            live[n['if']] = live[else_of[n['if']]] = True
        elif n['op'] == 'endloop':
            live[n['loop']] = True
    keep = [j for j in range(len(nodes)) if live[j]]
    new_index = {j: k for k, j in enumerate(keep)}
    used_args = sorted({nodes[j]['arg'] for j in keep if nodes[j]['op'] == 'arg'})
    new_arg = {a: k for k, a in enumerate(used_args)}
    out = []
    for j in keep:
        n = dict(nodes[j])
        if 'in' in n:
            n['in'] = [new_index[i] for i in n['in']]
        for field in ('if', 'loop'):
            if field in n:
                n[field] = new_index[n[field]]
        if n['op'] == 'arg':
            n['arg'] = new_arg[n['arg']]
        out.append(n)
    p['nodes'] = out
    p['ret'] = new_index[p['ret']]
    p['args'] = [p['args'][a] for a in used_args]
    if 'inputs' in p:
        p['inputs'] = [p['inputs'][a] for a in used_args]
    return p
