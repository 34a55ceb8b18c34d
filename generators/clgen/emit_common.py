"""The common suite (OpenCL C 3.0 spec, 6.15.4): one program and one case
per built-in and element type, a kernel per overload (common_catalog.py),
judged by suites/commonfn/ through suites/builtin_sweep/."""

from . import builtin_kernels as bk
from . import fn_bounds
from .common_catalog import HALF_TYPES, SECTION, TYPES, S, catalog, overload_count
from .manifest import Manifest

SPEC = 'OpenCL C 3.0 spec: 6.15.4 Common Functions; 7.4 Relative Error as ULPs; 7.5 Edge Case Behavior'


def build():
    m = Manifest('common', SPEC)
    total = overload_count()  # OpenCL C 1.2 with fp64
    total_fp16 = overload_count(TYPES + HALF_TYPES)
    for f in catalog():
        for elem in TYPES + HALF_TYPES:
            req = bk.requires_of([elem])
            kernels, overloads = [], []
            for form, n in f.overloads(elem):
                args = [(elem, 1 if a == S else n) for a in form]
                kname = f'{f.name}_{"".join(form)}{n}'
                kernels.append(bk.kernel_source(kname, f.name, args, (elem, n)))
                overloads.append({'kernel': kname, 'n': n, 'form': ''.join(form),
                                  'args': [bk.operand(*a) for a in args], 'result': bk.operand(elem, n)})
                # half's 7.4 bounds are not taken yet: its cases carry none (README.md).
                if elem in f.tables:
                    overloads[-1]['bound'] = fn_bounds.bounds({elem: f.tables[elem]}, n)[elem]
            pid = f'{f.name}_{elem}'
            m.add_program(pid, bk.program_source(kernels, req), req)
            m.add_case(f'common.{f.name}.{elem}', pid, overloads[0]['kernel'], 'common.builtin', f.name,
                       {'builtin': f.name, 'section': SECTION, 'bound_section': fn_bounds.SPEC_ULP, 'elem': elem,
                        'inputs': f.inputs, 'overloads': overloads, 'case_overloads': len(overloads),
                        'suite_overloads': total, 'suite_overloads_fp16': total_fp16}, requires=req)
    return m
