"""The part of the common and geometric emitters they share: for every
built-in of a catalog and every element type it takes, one program with a
kernel per overload and one case listing the overloads with their 7.4
bounds (fn_bounds.py) evaluated at each overload's width, read by
suites/builtin_sweep/."""

from . import builtin_kernels as bk
from . import fn_bounds


def add_cases(m, suite, section, functions, elems, suite_overloads, suite_overloads_fp16, signatures):
    """SIGNATURES(f, elem) yields (kernel name, n, form, args, result) for
    each overload of F over ELEM, args and result as (element, n)."""
    for f in functions:
        for elem in elems:
            sigs = list(signatures(f, elem))
            if not sigs:
                continue
            req = bk.requires_of([elem])
            kernels, overloads = [], []
            for kname, n, form, args, result in sigs:
                kernels.append(bk.kernel_source(kname, f.name, args, result))
                overloads.append({'kernel': kname, 'n': n, 'form': form,
                                  'args': [bk.operand(*a) for a in args], 'result': bk.operand(*result)})
                overloads[-1]['bound'] = fn_bounds.bounds({elem: f.tables[elem]}, n)[elem]
            pid = f'{f.name}_{elem}'
            m.add_program(pid, bk.program_source(kernels, req), req)
            m.add_case(f'{suite}.{f.name}.{elem}', pid, overloads[0]['kernel'], f'{suite}.builtin', f.name,
                       {'builtin': f.name, 'section': section, 'bound_section': fn_bounds.SPEC_ULP, 'elem': elem,
                        'inputs': f.inputs, 'overloads': overloads, 'case_overloads': len(overloads),
                        'suite_overloads': suite_overloads, 'suite_overloads_fp16': suite_overloads_fp16},
                       requires=req)
