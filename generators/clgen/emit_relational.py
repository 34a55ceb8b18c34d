"""The relational suite (OpenCL C 3.0 spec, 6.15.6): one case per built-in
and data element type (relational_catalog.py), a kernel per overload; the
cases of one element type share a program. Judged by suites/relational/
through suites/builtin_sweep/."""

from . import builtin_kernels as bk
from .manifest import Manifest
from .relational_catalog import SECTION, groups, overload_count

SPEC = 'OpenCL C 3.0 spec: 6.15.6 Relational Functions; 6.3.5 Vector Components (MSB of a lane)'


def build():
    m = Manifest('relational', SPEC)
    total = overload_count()  # OpenCL C 1.2 with fp64
    total_fp16 = overload_count(include_half=True)
    gs = groups()
    programs = {}
    for g in gs:
        programs.setdefault(g.program, [])
    cases = []
    for g in gs:
        overloads = []
        for suffix, n, args, result in g.overloads:
            kname = f'{g.builtin}_{suffix}'
            programs[g.program].append((kname, g.builtin, args, result))
            overloads.append({'kernel': kname, 'n': n, 'args': [bk.operand(*a) for a in args],
                              'result': bk.operand(*result)})
        elems = sorted({a[0] for _, _, args, _ in g.overloads for a in args})
        cases.append((g, overloads, bk.requires_of(elems)))
    for pid, ks in programs.items():
        elems = sorted({a[0] for _, _, args, _ in ks for a in args})
        req = bk.requires_of(elems)
        m.add_program(pid, bk.program_source([bk.kernel_source(*k) for k in ks], req), req)
    for g, overloads, req in cases:
        m.add_case(f'relational.{g.builtin}.{g.elem}', g.program, overloads[0]['kernel'], 'relational.builtin',
                   g.builtin, {'builtin': g.builtin, 'section': SECTION, 'elem': g.elem, 'overloads': overloads,
                               'case_overloads': len(overloads), 'suite_overloads': total, 'suite_overloads_fp16': total_fp16}, requires=req)
    return m
