"""The coverage table: every built-in of builtins_spec.py against what the suites cover.

A suite tells what it covers through a function coverage() in its
emit_<suite>.py or <suite>_catalog.py, returning
    {built-in name: {'overloads': int or {capability: int}, 'cases': [case ids]}}
(an int counts as 'core'). Suites written before that protocol are read by
the adapters below, from the manifest their build() returns. For a suite
with neither, the kernel sources are scanned for the built-in names each
case's kernel calls: those names show as "called", without overload counts
(a kernel that dispatches on a runtime switch credits every name it holds).
"""

import ast
import importlib
import os
import re

from .builtins_spec import builtins, features
from . import device_claims

HERE = os.path.dirname(os.path.abspath(__file__))
CAPS = ('core', 'fp64', 'fp16')


def suite_names():
    return sorted(n[len('emit_'):-len('.py')] for n in os.listdir(HERE) if n.startswith('emit_') and n.endswith('.py'))


class Tally:
    """Covered overload keys and case ids per built-in name."""

    def __init__(self):
        self.keys = {}
        self.counts = {}
        self.cases = {}
        self.called = set()  # names seen in kernel sources, overloads not counted

    def key(self, name, cap, key, case_id):
        self.keys.setdefault(name, set()).add((cap, key))
        self._case(name, case_id)

    def count(self, name, overloads, cases):
        if isinstance(overloads, int):
            overloads = {'core': overloads}
        c = self.counts.setdefault(name, {})
        for cap, n in overloads.items():
            c[cap] = c.get(cap, 0) + n
        for case_id in cases:
            self._case(name, case_id)

    def _case(self, name, case_id):
        lst = self.cases.setdefault(name, [])
        if case_id not in lst:
            lst.append(case_id)

    def covered(self, name):
        out = dict(self.counts.get(name, {}))
        for cap, _ in self.keys.get(name, ()):
            out[cap] = out.get(cap, 0) + 1
        return out


def _cap_of(*type_names):
    if any(t and t.startswith('double') for t in type_names):
        return 'fp64'
    if any(t and t.startswith('half') for t in type_names):
        return 'fp16'
    return 'core'


def _adapt_math(m, t):
    for c in m.cases:
        p = c['params']
        cap = {'double': 'fp64', 'half': 'fp16'}.get(p.get('format'), 'core')
        for w in p.get('widths', ()):
            t.key(p['builtin'], cap, w, c['id'])


def _adapt_conversions(m, t):
    for c in m.cases:
        p = c['params']
        if 'function' in p and 'src' in p and 'widths' in p:
            src = p['src'] if isinstance(p['src'], str) else p['src'].get('name', '')
            dst = p['dst'] if isinstance(p['dst'], str) else p['dst'].get('name', '')
            for w in p['widths']:
                t.key('convert_<type>[_sat][_<rounding>]', _cap_of(src, dst), (p['function'], src, w), c['id'])


def _adapt_astype(m, t):
    for c in m.cases:
        p = c['params']
        if c['expect'] == 'build' and 'src' in p and 'dst' in p:
            src = p['src'] if isinstance(p['src'], str) else p['src'].get('name', '')
            dst = p['dst'] if isinstance(p['dst'], str) else p['dst'].get('name', '')
            t.key('as_<type>', _cap_of(src, dst), (src, dst), c['id'])


def _adapt_half(m, t):
    for c in m.cases:
        fn = c['params'].get('fn')
        if not fn or c['expect'] != 'build':
            continue
        g = re.match(r'^(vloada?_half|vstorea?_half)(\d*)(_rt[ezpn])?$', fn)
        if not g:
            continue
        base, n, r = g.group(1), g.group(2), g.group(3) or ''
        if base in ('vloada_half', 'vstorea_half') and not n:
            continue  # the spec lists the aligned forms for n = 2, 3, 4, 8, 16 only
        name = base + ('n' if n else '') + r
        src = c['params'].get('from', 'float')
        t.key(name, _cap_of(src), (n, src), c['id'])


def _adapt_vectors(m, t):
    for c in m.cases:
        p = c['params']
        elem = p.get('elem', {}).get('name', '') if isinstance(p.get('elem'), dict) else ''
        if c['id'].startswith('vectors.loadstore.') and 'out_at' in p:
            name = 'vloadn' if p.get('direction') == 'load' else 'vstoren'
            for n in p['out_at']:
                t.key(name, _cap_of(elem), (elem, n), c['id'])
        if c['id'].startswith('vectors.shuffle.') and 'pairs' in p:
            pairs = p['pairs'] if isinstance(p['pairs'], list) else ast.literal_eval(p['pairs'])
            for q in pairs:
                t.key(p['function'], _cap_of(elem), (elem, q.get('m'), q.get('n')), c['id'])


def _adapt_types(m, t):
    for c in m.cases:
        if c['id'].startswith('types.layout.'):
            name = c['params']['type']['name']
            t.key('vec_step', _cap_of(name), name, c['id'])


def _adapt_builtin_engine(m, t):
    """The common, geometric and relational suites: one case per built-in and
    element type, its params listing each overload's kernel and argument types."""
    for c in m.cases:
        p = c['params']
        if 'builtin' not in p:
            continue
        overloads = p.get('overloads', [])
        if isinstance(overloads, str):
            overloads = ast.literal_eval(overloads)
        for o in overloads:
            # One overload per type instance (builtins_spec.py's count): the
            # scalar-argument and selector-type variants of a width fold into it.
            types = [a.get('type', '') for a in o.get('args', [])] + [o.get('result', {}).get('type', '')]
            first = (o.get('args') or [{}])[0]
            t.key(p['builtin'], _cap_of(*types), (first.get('type'), first.get('n', o.get('n'))), c['id'])


def _adapt_async(m, t):
    """One async case per operation and gentype instance; wait_group_events
    ends every copy."""
    names = {'copy_g2l': ['async_work_group_copy'], 'copy_l2g': ['async_work_group_copy'],
             'strided_g2l': ['async_work_group_strided_copy'], 'strided_l2g': ['async_work_group_strided_copy'],
             'multi': ['async_work_group_copy'], 'prefetch': ['prefetch']}
    for c in m.cases:
        p = c['params']
        ty = p['type']
        for name in names[p['op']] + ['wait_group_events']:
            key = (ty['elem'], ty['n']) if name != 'wait_group_events' else ()
            t.key(name, _cap_of(ty['elem']) if key else 'core', key, c['id'])


# The C11-style atomic functions each case calls, by its operation.
_C11_NAMES = {'compare_exchange_strong': 'atomic_compare_exchange_strong',
              'compare_exchange_weak': 'atomic_compare_exchange_weak', 'exchange': 'atomic_exchange'}


def _adapt_atomics(m, t):
    """Legacy functions: one overload per (type, address space), atomic_ for
    int and uint and atom_ for long and ulong (6.15.12.8-9); the C11-style
    ones count one each (builtins_spec.py), _explicit where a case passes an
    order. Names read from the cases' parameters, checked against the
    kernel sources."""
    for c in m.cases:
        p = c['params']
        cid = c['id']
        src = m.sources[c['program']]
        found = []
        if cid.startswith('atomics.legacy.'):
            prefix = 'atom_' if p['bits'] == 64 else 'atomic_'
            ops = ['cmpxchg'] if p['op'] == 'cmpxchg_loop' else [p['op']]
            found = [(prefix + op, (p['type'], p['space'])) for op in ops]
        elif p.get('host_op'):
            name = _C11_NAMES.get(p['op'], 'atomic_' + p['op'])
            explicit = p['order'] != 'seq_cst' or p.get('scope') not in (None, 'memory_scope_device', 'memory_scope_work_group')
            found = [(name + ('_explicit' if explicit else ''), ())]
            if p['space'] == 'local':  # the local copy starts with atomic_init (a store for atomic_half) and ends with a load
                start = 'atomic_init' if re.search(r'\batomic_init\s*\(', src) else 'atomic_store_explicit'
                found += [(start, ()), ('atomic_load_explicit', ())]
        elif cid.startswith('atomics.c11.flag'):
            found = [(n, ()) for n in ('atomic_flag_clear', 'atomic_flag_test_and_set', 'atomic_flag_clear_explicit',
                                      'atomic_flag_test_and_set_explicit') if re.search(rf'\b{n}\s*\(', src)]
        elif cid.startswith('atomics.c11.store_load'):
            found = [(n, ()) for n in ('atomic_init', 'atomic_store', 'atomic_load', 'atomic_store_explicit',
                                      'atomic_load_explicit') if re.search(rf'\b{n}\s*\(', src)]
        for name, key in found:
            if not re.search(rf'\b{name}\s*\(', src):
                raise ValueError(f'coverage: {cid} is credited with {name}, which its program does not call')
            t.key(name, 'core', key, cid)


ADAPTERS = {'common': _adapt_builtin_engine, 'geometric': _adapt_builtin_engine, 'relational': _adapt_builtin_engine,
            'math': _adapt_math, 'conversions': _adapt_conversions, 'astype': _adapt_astype, 'half': _adapt_half,
            'vectors': _adapt_vectors, 'types': _adapt_types, 'async': _adapt_async, 'atomics': _adapt_atomics}


# Names whose overloads differ by their arguments' count: a pattern per overload.
_FORMS = {'work_group_barrier': [r'\bwork_group_barrier\s*\([^,()]*\)', r'\bwork_group_barrier\s*\([^,()]*,[^,()]*\)']}


def _scan_sources(m, t, names):
    """Suites with neither coverage() nor an adapter: the built-ins their
    kernels call, credited to the cases of those kernels' programs, with no
    overload count (Tally.called)."""
    pattern = re.compile(r'\b(' + '|'.join(sorted(map(re.escape, names), key=len, reverse=True)) + r')\s*\(')
    heads = re.compile(r'(?:__kernel|kernel)\s+void\s+(\w+)\s*\(')
    per_kernel, per_program = {}, {}
    for pid, src in m.sources.items():
        per_program[pid] = set(pattern.findall(src))
        starts = [(k.start(), k.group(1)) for k in heads.finditer(src)] + [(len(src), None)]
        for (a, name), (b, _) in zip(starts, starts[1:]):
            per_kernel[(pid, name)] = set(pattern.findall(src[a:b]))
    single = {row[0] for row in builtins() if row[3] == {'core': 1}}
    for c in m.cases:
        # The case's kernel, or its whole program where the calls sit in helper functions.
        found = per_kernel.get((c['program'], c['kernel'])) or per_program.get(c['program'], set())
        src = m.sources[c['program']]
        for name in sorted(found):
            if name in single:
                t.key(name, 'core', (), c['id'])  # its only overload is the one called
            elif name in _FORMS:
                for k, form in enumerate(_FORMS[name]):
                    if re.search(form, src):
                        t.key(name, 'core', k, c['id'])
            else:
                t.called.add(name)
                t._case(name, c['id'])


def _coverage_function(suite):
    for mod in (f'emit_{suite}', f'{suite}_catalog'):
        try:
            module = importlib.import_module(f'{__package__}.{mod}')
        except ImportError:
            continue
        if hasattr(module, 'coverage'):
            return module.coverage
    return None


def compute():
    """[(name, section, needs, spec overloads, covered overloads, [(suite, case ids)])] and the suites read."""
    per_suite = {}
    how = {}
    for suite in suite_names():
        t = Tally()
        fn = _coverage_function(suite)
        if fn:
            for name, entry in fn().items():
                t.count(name, entry['overloads'], entry['cases'])
            how[suite] = 'coverage()'
        elif suite in ADAPTERS:
            ADAPTERS[suite](importlib.import_module(f'{__package__}.emit_{suite}').build(), t)
            how[suite] = 'adapter'
        else:
            _scan_sources(importlib.import_module(f'{__package__}.emit_{suite}').build(), t,
                          [row[0] for row in builtins() if re.fullmatch(r'\w+', row[0])])
            how[suite] = 'kernel sources'
        per_suite[suite] = t
    rows = []
    for name, section, needs, spec in builtins():
        covered = {}
        cases = []
        keys = set()  # overloads several suites cover count once
        called = False
        for suite, t in per_suite.items():
            for cap, n in t.counts.get(name, {}).items():
                covered[cap] = covered.get(cap, 0) + n
            keys |= t.keys.get(name, set())
            called = called or name in t.called
            if name in t.cases:
                cases.append((suite, t.cases[name]))
        for cap, _ in keys:
            covered[cap] = covered.get(cap, 0) + 1
        if called and not covered:
            covered['called'] = 1
        rows.append((name, section, needs, spec, covered, cases))
    for name, section, needs in features():
        cases = [(suite, t.cases[name]) for suite, t in per_suite.items() if name in t.cases]
        rows.append((name, section, needs, None, {}, cases))
    return rows, how


def _counts(d):
    text = ' + '.join(f'{d[c]}' + ('' if c == 'core' else f' {c}') for c in CAPS if d.get(c))
    if d.get('called'):
        text = (text + '; ' if text else '') + 'called (overloads not counted)'
    return text or '0'


def render(rows, how):
    lines = ['Computed by `generators/coverage.py` from `generators/clgen/builtins_spec.py` (every built-in name '
             'of the OpenCL C specification) and the suites\' catalogs; the build writes it to '
             '`<build>/kernels/coverage.md` and `clconform list --coverage` prints it. Overloads are counted '
             'per type instance (see builtins_spec.py), split into core, fp64 and fp16 ones.', '']
    lines.append('Suites read: ' + ', '.join(f'`{s}` ({h})' for s, h in sorted(how.items())) + '.')
    lines.append('')
    groups = {}
    feature_rows = [r for r in rows if r[3] is None]
    rows = [r for r in rows if r[3] is not None]
    for name, section, needs, spec, covered, cases in rows:
        g = groups.setdefault(needs, [0, 0, 0, 0])
        g[0] += 1
        g[1] += 1 if cases and (covered.get('called') or all(
            covered.get(c, 0) >= spec.get(c, 0) for c in ('core',) if spec.get(c))) else 0
        g[2] += min(spec.get('core', 0), covered.get('core', 0))
        g[3] += spec.get('core', 0)
    devices = device_claims.load()
    lines += ['| needs | names | names covered (every core overload, or called where not counted) | core overloads covered '
              '| claimed by (devices at hand, `generators/clgen/devices/`) |',
              '| --- | --- | --- | --- | --- |']
    for needs, (n, full, cov, tot) in groups.items():
        lines.append(f'| {needs} | {n} | {full} | {cov} of {tot} | {device_claims.claimed_by(devices, needs)} |')
    lines += ['', '| built-in | section | needs | spec overloads | covered | suites and cases |', '| --- | --- | --- | --- | --- | --- |']
    for name, section, needs, spec, covered, cases in rows:
        if cases:
            where = '; '.join(f'{s}: ' + ', '.join(f'`{c}`' for c in ids[:3]) + (f' (+{len(ids) - 3})' if len(ids) > 3 else '')
                              for s, ids in cases)
        else:
            where = f'not covered; needs {needs}; claimed by {device_claims.claimed_by(devices, needs)}'
        lines.append(f'| `{name}` | {section} | {needs} | {_counts(spec)} | {_counts(covered)} | {where} |')
    lines += ['', 'Optional language features without a built-in name:', '',
              '| feature | section | needs | claimed by | suites and cases |', '| --- | --- | --- | --- | --- |']
    for name, section, needs, _, _, cases in feature_rows:
        where = '; '.join(f'{s}: ' + ', '.join(f'`{c}`' for c in ids[:3]) + (f' (+{len(ids) - 3})' if len(ids) > 3 else '')
                          for s, ids in cases) if cases else f'not covered; needs {needs}'
        lines.append(f'| {name} | {section} | {needs} | {device_claims.claimed_by(devices, needs)} | {where} |')
    return '\n'.join(lines) + '\n'
