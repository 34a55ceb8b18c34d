"""Vector code the spec makes illegal; each program must fail to build.

A failed build costs a compiler invocation per program, so each illegal
form is tried on one element type, the forms rotating through all ten,
rather than on every type and width. Check: compile.reject (suites/common).
"""

from .vectors_common import SIGNED_OF_SIZE, UNSIGNED_OF_SIZE, describe, header, req
from .types import ELEMENTS

TYPES_PER_FORM = 1


def other_elem(elem):
    """An element type of the same size but another name, for the conversion forms; never
    double, which would need fp64 and so fail for a reason the case is not about."""
    return SIGNED_OF_SIZE[elem.size] if elem.kind != 'int' else UNSIGNED_OF_SIZE[elem.size]


def mismatched_mask(elem):
    """An unsigned mask whose element size differs from the element's."""
    return UNSIGNED_OF_SIZE[2 if elem.size != 2 else 4]


# name: (spec section, why, body from the element name and the `other`
# names); every body sees `__global const T* in` and `__global T* out`.
FORMS = {
    'component_beyond_2': ('6.3.7', 'pos.z of a 2-component vector',
                           lambda t, o: [f'{t}2 pos = *(__global const {t}2*)in;', 'out[0] = pos.z;']),
    'component_beyond_3': ('6.3.7', 'pos.w = ... on a 3-component vector',
                           lambda t, o: [f'{t}3 pos = *(__global const {t}3*)in;', 'pos.w = in[0];',
                                         f'*(__global {t}3*)out = pos;']),
    'numeric_beyond_8': ('6.3.7', '.s8 of an 8-component vector',
                         lambda t, o: [f'{t}8 v = *(__global const {t}8*)in;', 'out[0] = v.s8;']),
    'repeated_lvalue': ('6.3.7', 'pos.xx = ...: x named twice in an lvalue',
                        lambda t, o: [f'{t}4 pos = *(__global const {t}4*)in;',
                                      f'pos.xx = *(__global const {t}2*)in;', f'*(__global {t}4*)out = pos;']),
    'mixed_notation': ('6.3.7', 'f.x12w mixes .xyzw with numeric indices',
                       lambda t, o: [f'{t}4 f = *(__global const {t}4*)in;', f'*(__global {t}4*)out = f.x12w;']),
    'no_vector_type': ('6.3.7', 'a.xxxxxxx has 7 components, a size with no vector type',
                       lambda t, o: [f'{t}4 a = *(__global const {t}4*)in;',
                                     f'*(__global {t}16*)out = ({t}16)(a.xxxxxxx, a.xyz, a.xyz, a.xyz);']),
    'address_of_component': ('6.3.7', '&v.x: the address of a vector component',
                             lambda t, o: [f'{t}4 v = *(__global const {t}4*)in;', f'{t}* q = &v.x;',
                                           'out[0] = *q;']),
    'literal_too_few': ('6.3.6', 'a 4-component literal with 2 elements',
                        lambda t, o: [f'*(__global {t}4*)out = ({t}4)(in[0], in[1]);']),
    'literal_too_many': ('6.3.6', 'a 4-component literal with 5 elements',
                         lambda t, o: [f'*(__global {t}4*)out = ({t}4)(in[0], in[1], in[2], in[3], in[4]);']),
    'literal_foreign_vector': ('6.3.6', 'a literal with a vector operand of another element type',
                               lambda t, o: [f'{o}2 w = ({o}2)(1, 2);',
                                             f'*(__global {t}4*)out = ({t}4)(w, in[2], in[3]);']),
    'explicit_cast': ('6.4.2', 'an explicit cast between vector types',
                      lambda t, o: [f'{t}4 v = *(__global const {t}4*)in;', f'{o}4 w = ({o}4)v;',
                                    f'out[0] = ({t})w.x;']),
    'implicit_conversion': ('6.4.1', 'an implicit conversion between vector types',
                            lambda t, o: [f'{t}4 v = *(__global const {t}4*)in;', f'{o}4 w = v;',
                                          f'out[0] = ({t})w.x;']),
    'mixed_widths': ('6.5.1', 'an operator on a 4-vector and a 2-vector',
                     lambda t, o: [f'{t}4 a = *(__global const {t}4*)in;', f'{t}2 b = *(__global const {t}2*)in;',
                                   f'*(__global {t}4*)out = a + b;']),
    'relational_result_type': ('6.5.4', 'a vector comparison stored as the unsigned vector (it is the signed one)',
                               lambda t, o: [f'{t}4 a = *(__global const {t}4*)in;',
                                             f'{{u}}4 r = a < a;', 'out[0] = r.x;']),
    'shuffle_mask_size': ('6.15.13', 'a shuffle mask whose element size differs from the result\'s',
                          lambda t, o: [f'{t}4 a = *(__global const {t}4*)in;', '{m}4 k = ({m}4)(3, 2, 1, 0);',
                                        f'*(__global {t}4*)out = shuffle(a, k);']),
    'vstore_to_constant': ('6.15.7', 'vstore4 to a __constant pointer',
                           lambda t, o: [f'{t}4 v = *(__global const {t}4*)in;', 'vstore4(v, 0, c);']),
}


def add(m):
    elems = list(ELEMENTS)
    turn = 0
    for form, (section, why, body) in FORMS.items():
        for _ in range(TYPES_PER_FORM):
            elem = elems[turn % len(elems)]
            turn += 1
            t = elem.name
            lines = [s.replace('{u}', UNSIGNED_OF_SIZE[elem.size]).replace('{m}', mismatched_mask(elem))
                     for s in body(t, other_elem(elem))]
            program = f'negative_{form}_{t}'
            kernel = f'reject_{form}'
            src = (header(elem) + f'__kernel void {kernel}(__global const {t}* in, __global {t}* out, '
                   f'__constant {t}* c)\n{{\n  ' + '\n  '.join(lines) + '\n}\n')
            m.add_program(program, src, req(elem))
            m.add_case(f'vectors.negative.{form}.{t}', program, kernel, 'compile.reject', 'negative',
                       {'elem': describe(elem), 'section': section, 'why': f'{why} ({t}; OpenCL C {section})'},
                       req(elem), expect='build_failure')
