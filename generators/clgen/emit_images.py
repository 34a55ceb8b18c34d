"""The images suite: format cases and sampler cases from images_catalog.py.

Format cases (images.<image type>.<order>.<data type>): one program per image
type and access (f, i, ui) holds
- read_<a>: every texel read three ways, sampler-less with integer
  coordinates, and through a sampler (unnormalized, CLAMP_TO_EDGE, NEAREST)
  with integer and with float coordinates at the texel's centre;
- write_<a>: one color per texel written with write_image<a> (for image3d in
  its own program, which needs cl_khr_3d_image_writes);
- query: the get_image_* results, and the values of every CLK_ channel order
  and data type constant so that the host can name the one returned.
The check (suites/images/format_check.cpp) fills the image, runs them and
judges every value by the conversion rules of section 8.3.

Sampler cases (images.sampler.<image>.<coords>.<addressing>.<filter>): one
program per image type, one kernel per sampler, reading a CL_RGBA CL_FLOAT
image at coordinates from a buffer (suites/images/sampler_check.cpp).
"""

from .images_catalog import (IMAGE_TYPES, EXTENTS, SAMPLER_EXTENTS, DATA_TYPES, format_cases, sampler_cases,
                             READ_FN, WRITE_FN)
from .manifest import Manifest

SPEC = ('OpenCL C 3.0 spec: 6.15.15 image read, write and query functions; 8.2 addressing and filter modes; '
        '8.3 conversion rules; 8.4 selecting an image from an image array')

VEC = {'f': 'float4', 'i': 'int4', 'ui': 'uint4'}
FP16 = '#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n'

ORDER_CONSTANTS = ('R', 'A', 'RG', 'RA', 'RGB', 'RGBA', 'BGRA', 'ARGB', 'INTENSITY', 'LUMINANCE', 'Rx', 'RGx',
                   'RGBx')
TYPE_CONSTANTS = tuple(DATA_TYPES)


def coords(image, gid='g'):
    """Integer and float coordinate expressions of texel number GID."""
    t = IMAGE_TYPES[image]
    x = f'({gid} % w)'
    y = f'(({gid} / w) % h)'
    z = f'({gid} / (w * h))'
    if t['icoord'] == 'int':
        return x, f'((float){x} + 0.5f)'
    if t['icoord'] == 'int2':
        if t['array']:  # 1D array: (x, layer); the layer coordinate is not normalized nor offset (8.4)
            return f'(int2)({x}, {y})', f'(float2)((float){x} + 0.5f, (float){y})'
        return f'(int2)({x}, {y})', f'(float2)((float){x} + 0.5f, (float){y} + 0.5f)'
    if t['array']:
        return f'(int4)({x}, {y}, {z}, 0)', f'(float4)((float){x} + 0.5f, (float){y} + 0.5f, (float){z}, 0.0f)'
    return f'(int4)({x}, {y}, {z}, 0)', f'(float4)((float){x} + 0.5f, (float){y} + 0.5f, (float){z} + 0.5f, 0.0f)'


def extent_args():
    return 'int w, int h'


def read_kernel(image, a):
    t = IMAGE_TYPES[image]
    ic, fc = coords(image)
    fn = READ_FN[a]
    # read_imageh's half4 is stored as float4: every half is a float, so the host reads it exactly.
    wrap = (lambda call: f'convert_float4({call})') if a == 'h' else (lambda call: call)
    lines = [f'__kernel void read_{a}(__read_only {t["cl"]} img, __global {VEC["f" if a == "h" else a]}* out, '
             f'{extent_args()})', '{',
             '  int g = get_global_id(0);',
             f'  out[3 * g] = {wrap(f"{fn}(img, {ic})")};']
    if t['sampled']:
        lines += [f'  out[3 * g + 1] = {wrap(f"{fn}(img, exact, {ic})")};',
                  f'  out[3 * g + 2] = {wrap(f"{fn}(img, exact, {fc})")};']
    else:
        lines += [f'  out[3 * g + 1] = out[3 * g];', f'  out[3 * g + 2] = out[3 * g];']
    lines.append('}')
    return '\n'.join(lines) + '\n'


def write_kernel(image, a):
    t = IMAGE_TYPES[image]
    ic, _ = coords(image)
    if a == 'h':  # half colors from a half buffer, four per texel
        return (f'__kernel void write_h(__write_only {t["cl"]} img, __global const half* in, {extent_args()})\n'
                f'{{\n  int g = get_global_id(0);\n  write_imageh(img, {ic}, vload4(g, in));\n}}\n')
    return (f'__kernel void write_{a}(__write_only {t["cl"]} img, __global const {VEC[a]}* in, {extent_args()})\n'
            f'{{\n  int g = get_global_id(0);\n  {WRITE_FN[a]}(img, {ic}, in[g]);\n}}\n')


def query_kernel(image):
    t = IMAGE_TYPES[image]
    lines = [f'__kernel void query(__read_only {t["cl"]} img, __global int* out)', '{',
             '  for (int i = 0; i < 16; ++i) out[i] = -1;',
             '  out[0] = get_image_width(img);']
    q = t['queries']
    if 'height' in q:
        lines.append('  out[1] = get_image_height(img);')
    if 'depth' in q:
        lines.append('  out[2] = get_image_depth(img);')
    if 'array_size' in q:
        lines.append('  out[3] = (int)get_image_array_size(img);')
    if 'dim2' in q:
        lines += ['  int2 d = get_image_dim(img);', '  out[4] = d.x; out[5] = d.y;']
    if 'dim4' in q:
        lines += ['  int4 d = get_image_dim(img);', '  out[4] = d.x; out[5] = d.y; out[6] = d.z; out[7] = d.w;']
    lines += ['  out[8] = get_image_channel_data_type(img);', '  out[9] = get_image_channel_order(img);']
    for k, name in enumerate(ORDER_CONSTANTS):
        lines.append(f'  out[{16 + k}] = CLK_{name};')
    for k, name in enumerate(TYPE_CONSTANTS):
        lines.append(f'  out[{32 + k}] = CLK_{name};')
    lines.append('}')
    return '\n'.join(lines) + '\n'


SAMPLER_HEADER = ('__constant sampler_t exact = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | '
                  'CLK_FILTER_NEAREST;\n')


def sampler_kernel(c):
    t = IMAGE_TYPES[c.image]
    norm = 'CLK_NORMALIZED_COORDS_TRUE' if c.normalized else 'CLK_NORMALIZED_COORDS_FALSE'
    n = {'float': 1, 'float2': 2, 'float4': 4}[t['fcoord']]
    coord = 'in[g].x' if n == 1 else 'in[g].xy' if n == 2 else 'in[g]'
    return (f'__kernel void {kname(c)}(__read_only {t["cl"]} img, __global const float4* in, __global float4* out)\n'
            f'{{\n  const sampler_t s = {norm} | CLK_ADDRESS_{c.addressing} | CLK_FILTER_{c.filter};\n'
            f'  int g = get_global_id(0);\n  out[g] = read_imagef(img, s, {coord});\n}}\n')


def kname(c):
    return c.id.split('.', 2)[2].replace('.', '_')


def build():
    m = Manifest('images', SPEC)
    for image in IMAGE_TYPES:
        for a in ('f', 'i', 'ui'):
            # PoCL 3.1 aborts the process on a kernel calling get_image_width of an
            # image1d_buffer_t (a missing symbol), so that image type's queries
            # live in a program and case of their own.
            src = SAMPLER_HEADER + read_kernel(image, a) + ('' if image == 'image1d_buffer' else query_kernel(image))
            if image != 'image3d':
                src += write_kernel(image, a)
            m.add_program(f'{image}_{a}', src, ['images'])
            if image == 'image3d':
                m.add_program(f'{image}_{a}_write',
                              '#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable\n' + write_kernel(image, a),
                              ['images', 'cl_khr_3d_image_writes'])
        # read_imageh and write_imageh (cl_khr_fp16); the queries stay in the float program.
        src = FP16 + SAMPLER_HEADER + read_kernel(image, 'h')
        if image != 'image3d':
            src += write_kernel(image, 'h')
        m.add_program(f'{image}_h', src, ['images', 'fp16'])
        if image == 'image3d':
            m.add_program(f'{image}_h_write', FP16 + '#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable\n' +
                          write_kernel(image, 'h'), ['images', 'fp16', 'cl_khr_3d_image_writes'])
    m.add_program('image1d_buffer_query', query_kernel('image1d_buffer'), ['images'])
    for c in format_cases():
        w, h, d = EXTENTS[c.image]
        params = {'image': c.image, 'order': c.order, 'dtype': c.dtype, 'access': c.access,
                  'extent': [w, h, d], 'full_width_factor': 8,
                  'write_program': f'{c.image}_{c.access}_write' if c.image == 'image3d' else f'{c.image}_{c.access}',
                  'write_requires': c.writes_require, 'queries': IMAGE_TYPES[c.image]['queries'],
                  'sampled': IMAGE_TYPES[c.image]['sampled'],
                  'order_constants': list(ORDER_CONSTANTS), 'type_constants': list(TYPE_CONSTANTS),
                  'texels': w * h * d, 'only_queries': False, 'half': c.half, 'reads': c.reads,
                  'query_program': None if c.image == 'image1d_buffer' else f'{c.image}_{"f" if c.half else c.access}'}
        m.add_case(c.id, f'{c.image}_{c.access}', f'read_{c.access}', 'images.format', c.image, params, c.requires)
        if c.image == 'image1d_buffer' and c.order == 'RGBA' and c.dtype in ('UNORM_INT8', 'FLOAT') and not c.half:
            q = dict(params, only_queries=True, query_program='image1d_buffer_query')
            m.add_case(f'images.query.image1d_buffer.{c.order}.{c.dtype}', 'image1d_buffer_query', 'query',
                       'images.format', 'query', q, c.requires)
    by_image = {}
    for c in sampler_cases():
        by_image.setdefault(c.image, []).append(c)
    for image, cases in by_image.items():
        m.add_program(f'sampler_{image}', ''.join(sampler_kernel(c) for c in cases), ['images'])
        for c in cases:
            w, h, d = SAMPLER_EXTENTS[image]
            params = {'image': image, 'normalized': c.normalized, 'addressing': c.addressing, 'filter': c.filter,
                      'exact': c.exact, 'extent': [w, h, d], 'dims': IMAGE_TYPES[image]['dims'],
                      'array': IMAGE_TYPES[image]['array']}
            m.add_case(c.id, f'sampler_{image}', kname(c), 'images.sampler', 'sampler', params, ['images'])
    return m
