"""Conversions the spec forbids: each must fail to compile (compile.reject).

  * _sat with a floating-point destination (6.4.3.3: "The _sat modifier may
    not be used for conversions to floating-point formats");
  * convert_ between vectors of different lengths (6.4.3.1: "The operand and
    result type must have the same number of elements");
  * implicit conversion between vector types (6.4.1);
  * an explicit cast between vector types (6.4.2);
  * two different vector types in one expression (6.4.6: "If the operands
    are of more than one vector type, then an error shall occur");
  * a scalar of greater rank than the vector's element type (6.4.6).
"""

FP64 = '#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n'


def kernel(name, params, body):
    return f'__kernel void {name}({params})\n{{\n  size_t i = get_global_id(0);\n  {body}\n}}\n'


def rejects():
    """(id, kernel source, requires, why) for every negative case."""
    out = []
    # A spread of sources, widths and rounding modes for each float type.
    for dst, req in (('float', ()), ('double', ('fp64',))):
        for src, n, rnd in (('int', 1, ''), ('float', 4, '_rte'), ('uchar', 8, '_rtn'), ('ulong', 16, '_rtz'),
                            ('short', 3, '_rtp')):
            vec = (lambda t: t) if n == 1 else (lambda t: f'{t}{n}')
            fn = f'convert_{vec(dst)}_sat{rnd}'
            arg = 'in[i]' if n == 1 else f'vload{n}(i, in)'
            store = f'out[i] = {fn}({arg});' if n == 1 else f'vstore{n}({fn}({arg}), i, out);'
            out.append((f'sat_float.{fn}.{src}', FP64 * bool(req) + kernel(
                f'reject_{fn}_{src}', f'__global const {src}* in, __global {dst}* out', store), req,
                f'{fn}({vec(src)}): _sat with a floating-point destination (6.4.3.3)'))
    for dst_n, src_n in ((4, 8), (2, 3), (16, 4), (3, 4)):
        fn = f'convert_int{dst_n}'
        name = f'reject_{fn}_float{src_n}'
        out.append((f'length.{fn}.float{src_n}', kernel(
            name, '__global const float* in, __global int* out',
            f'vstore{dst_n}({fn}(vload{src_n}(i, in)), i, out);'), (),
            f'{fn}(float{src_n}): element counts differ (6.4.3.1)'))
    pairs = (('int4', 'float4'), ('uint4', 'int4'), ('int8', 'float4'), ('float2', 'double2'), ('char16', 'uchar16'),
             ('long3', 'int3'))
    for dst, src in pairs:
        req = ('fp64',) if 'double' in dst + src else ()
        de, dn = dst.rstrip('0123456789'), int(dst[len(dst.rstrip('0123456789')):])
        se, sn = src.rstrip('0123456789'), int(src[len(src.rstrip('0123456789')):])
        load = f'vload{sn}(i, in)'
        out.append((f'implicit_vector.{dst}.{src}', FP64 * bool(req) + kernel(
            f'reject_implicit_{dst}_{src}', f'__global const {se}* in, __global {de}* out',
            f'{src} x = {load};\n  {dst} y = x;\n  vstore{dn}(y, i, out);'), req,
            f'{dst} y = <{src}>: implicit conversion between vector types (6.4.1)'))
        out.append((f'cast_vector.{dst}.{src}', FP64 * bool(req) + kernel(
            f'reject_cast_{dst}_{src}', f'__global const {se}* in, __global {de}* out',
            f'{src} x = {load};\n  vstore{dn}(({dst})x, i, out);'), req,
            f'({dst})<{src}>: explicit cast between vector types (6.4.2)'))
    mixed = (('int4', 'float4'), ('int4', 'uint4'), ('short8', 'int8'), ('float4', 'double4'))
    for a, b in mixed:
        req = ('fp64',) if 'double' in a + b else ()
        ae, an = a.rstrip('0123456789'), a[len(a.rstrip('0123456789')):]
        be = b.rstrip('0123456789')
        out.append((f'mixed_vectors.{a}.{b}', FP64 * bool(req) + kernel(
            f'reject_mixed_{a}_{b}', f'__global const {ae}* p, __global const {be}* q, __global {ae}* out',
            f'vstore{an}(vload{an}(i, p) + vload{an}(i, q), i, out);'), req,
            f'{a} + {b}: operands of two vector types (6.4.6)'))
    ranks = (('int4', 'long'), ('int4', 'float'), ('uchar4', 'ushort'), ('short8', 'uint'), ('float4', 'double'),
             ('int4', 'uint'))
    for v, s in ranks:
        req = ('fp64',) if 'double' in v + s else ()
        ve, vn = v.rstrip('0123456789'), v[len(v.rstrip('0123456789')):]
        out.append((f'scalar_rank.{v}.{s}', FP64 * bool(req) + kernel(
            f'reject_rank_{v}_{s}', f'__global const {ve}* p, __global const {s}* q, __global {ve}* out',
            f'vstore{vn}(vload{vn}(i, p) + q[i], i, out);'), req,
            f'{v} + <{s}>: a scalar of greater rank than the element type (6.4.6)'))
    return out


def add_cases(m):
    for cid, source, req, why in rejects():
        program = 'reject_' + cid.replace('.', '_')
        m.add_program(program, source, req)
        kname = source.split('void ', 1)[1].split('(', 1)[0]
        m.add_case(f'conversions.reject.{cid}', program, kname, 'compile.reject', 'reject', {'why': why}, req,
                   expect='build_failure')
