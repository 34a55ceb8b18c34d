"""The conversions suite: explicit conversions (convert_*), implicit
conversions and casts between scalars, the usual arithmetic conversions,
scalar-to-vector widening, and the forms the spec forbids.

OpenCL C 3.0 spec 6.4 Conversions and Type Casting (6.4.1 implicit, 6.4.2
explicit casts, 6.4.3 explicit conversions, 6.4.6 usual arithmetic
conversions) and 7.5.3 (flush to zero). Checks: suites/conversions/.
"""

from . import conversions_explicit, conversions_implicit, conversions_reject
from .manifest import Manifest
from .types import pragmas

SPEC = ('OpenCL C 3.0 spec: 6.4.1 Implicit Conversions; 6.4.2 Explicit Casts; 6.4.3 Explicit Conversions; '
        '6.4.6 Usual Arithmetic Conversions; 7.5.3 Edge Case Behavior in Flush to Zero Mode')


def build():
    m = Manifest('conversions', SPEC)
    pairs = conversions_explicit.cases()
    functions = conversions_explicit.function_count(pairs)
    sources = {}
    for program, req, source, items in pairs:
        sources.setdefault(program, (req, []))[1].append(source)
    for program, (req, kernels) in sorted(sources.items()):
        m.add_program(program, pragmas(req) + '\n'.join(kernels), req)
    for program, req, _, items in pairs:
        group = 'explicit_fp64' if 'fp64' in req else 'explicit'
        for item in items:
            params = dict(item['params'], functions_in_suite=functions)
            m.add_case(f'conversions.{item["id"]}', program, item['kernel'], 'conversions.explicit', group,
                       params, req)
    conversions_implicit.add_cases(m)
    conversions_reject.add_cases(m)
    return m
