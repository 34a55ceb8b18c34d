"""The geometric suite (OpenCL C 3.0 spec, 6.15.5): one program and one
case per built-in and element type, a kernel per width
(geometric_catalog.py), judged by suites/geometric/ through
suites/builtin_sweep/."""

from . import builtin_kernels as bk
from . import fn_bounds
from .geometric_catalog import HALF_TYPES, SECTION, TYPES, S, catalog, overload_count
from .manifest import Manifest

SPEC = ('OpenCL C 3.0 spec: 6.15.5 Geometric Functions; 7.4 Relative Error as ULPs; '
        '7.5.1 Additional Requirements Beyond C99 TC2')


def build():
    m = Manifest('geometric', SPEC)
    total = overload_count()  # OpenCL C 1.2 with fp64
    total_fp16 = overload_count(TYPES + HALF_TYPES)
    for f in catalog():
        for elem in TYPES + HALF_TYPES:
            widths = f.overloads(elem)
            if not widths:
                continue
            req = bk.requires_of([elem])
            kernels, overloads = [], []
            for n in widths:
                args = [(elem, n) for _ in f.args]
                result = (elem, 1 if f.result == S else n)
                kname = f'{f.name}_{n}'
                kernels.append(bk.kernel_source(kname, f.name, args, result))
                overloads.append({'kernel': kname, 'n': n, 'form': 'v' * len(args),
                                  'args': [bk.operand(*a) for a in args], 'result': bk.operand(*result)})
                # half's 7.4 bounds are not taken yet: its cases carry none (README.md).
                if elem in f.tables:
                    overloads[-1]['bound'] = fn_bounds.bounds({elem: f.tables[elem]}, n)[elem]
            pid = f'{f.name}_{elem}'
            m.add_program(pid, bk.program_source(kernels, req), req)
            m.add_case(f'geometric.{f.name}.{elem}', pid, overloads[0]['kernel'], 'geometric.builtin', f.name,
                       {'builtin': f.name, 'section': SECTION, 'bound_section': fn_bounds.SPEC_ULP, 'elem': elem,
                        'inputs': f.inputs, 'overloads': overloads, 'case_overloads': len(overloads),
                        'suite_overloads': total, 'suite_overloads_fp16': total_fp16}, requires=req)
    return m
