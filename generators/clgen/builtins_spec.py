"""Every built-in function name of the OpenCL C specification (1.2, 2.0, 3.0
with its optional features), with its section, what a device needs for it,
and its overload count, for the coverage table (coverage.py).

Overloads are counted per type instance: one per element type and vector
width a signature family ranges over (gentype of float = float, float2,
float3, float4, float8, float16: 6). Variants that take a scalar where the
family takes a vector (fmax(float4, float)), and the address-space variants
of pointer arguments, are folded into their family. Counts are split by the
capability their types need: 'core', 'fp64' (double), 'fp16' (half).

Requirement strings name what the device must report: 'OpenCL C 1.2' (every
device here), 'OpenCL C 2.0 or __opencl_c_<feature>' (OpenCL C 2.0, or 3.0
with the feature macro), or an extension. No '|' in them: they go into Markdown tables.
"""

from . import integer_ext_catalog, subgroup_ext_catalog
from .types import all_types

WIDTHS = 6  # 1, 2, 3, 4, 8, 16
INT_TYPES = 8  # char uchar short ushort int uint long ulong


def fl(n=WIDTHS):
    """A float gentype family: core float, fp64 double, fp16 half."""
    return {'core': n, 'fp64': n, 'fp16': n}


def ints(n=WIDTHS):
    return {'core': INT_TYPES * n}


def plus(*counts):
    out = {}
    for c in counts:
        for k, v in c.items():
            out[k] = out.get(k, 0) + v
    return out


def one():
    return {'core': 1}


C12 = 'OpenCL C 1.2'
IMAGES = 'OpenCL C 1.2 with image support (3.0: __opencl_c_images)'
GENERIC = 'OpenCL C 2.0 or __opencl_c_generic_address_space'
WG = 'OpenCL C 2.0 or __opencl_c_work_group_collective_functions'
PIPES = 'OpenCL C 2.0 or __opencl_c_pipes'
ENQUEUE = 'OpenCL C 2.0 or __opencl_c_device_enqueue'
SUBGROUPS = 'cl_khr_subgroups or __opencl_c_subgroups'
ATOMICS20 = 'OpenCL C 2.0 or 3.0 (some orders and scopes need __opencl_c_atomic_* features)'
C20 = 'OpenCL C 2.0'


def _math():
    one_arg = ('acos acosh acospi asin asinh asinpi atan atanh atanpi cbrt ceil cos cosh cospi erfc erf exp exp2 '
               'exp10 expm1 fabs floor lgamma log log2 log10 log1p logb rint round rsqrt sin sinh sinpi sqrt tan '
               'tanh tanpi tgamma trunc').split()
    two_arg = ('atan2 atan2pi copysign fdim fmax fmin fmod hypot maxmag minmag nextafter pow powr remainder '
               'fma mad fract frexp ilogb ldexp lgamma_r modf nan pown remquo rootn sincos').split()
    rows = [(n, '6.15.2', C12, fl()) for n in one_arg + two_arg]
    native = ('cos divide exp exp2 exp10 log log2 log10 powr recip rsqrt sin sqrt tan').split()
    rows += [(f'half_{n}', '6.15.2', C12, {'core': WIDTHS}) for n in native]
    rows += [(f'native_{n}', '6.15.2', C12, {'core': WIDTHS}) for n in native]
    return rows


def _integer():
    rows = [(n, '6.15.3', C12, ints()) for n in
            'abs abs_diff add_sat hadd rhadd clz mad_hi mad_sat mul_hi rotate sub_sat popcount'.split()]
    rows.append(('ctz', '6.15.3', C20, ints()))
    rows.append(('upsample', '6.15.3', C12, {'core': 6 * WIDTHS}))  # char, uchar, short, ushort, int, uint halves
    rows += [(n, '6.15.3', C12, {'core': 2 * WIDTHS}) for n in ('mad24', 'mul24')]
    # clamp, max and min are integer (6.15.3) and common (6.15.4) functions.
    rows += [(n, '6.15.3, 6.15.4', C12, plus(ints(), fl())) for n in ('clamp', 'max', 'min')]
    # The optional ones: extended bit operations and integer dot products.
    rows += integer_ext_catalog.spec_rows()
    return rows


def _common():
    return [(n, '6.15.4', C12, fl()) for n in 'degrees mix radians step smoothstep sign'.split()]


def _geometric():
    four = {'core': 4, 'fp64': 4, 'fp16': 4}  # scalar, 2, 3, 4 components
    rows = [(n, '6.15.5', C12, four) for n in 'dot distance length normalize'.split()]
    rows += [(n, '6.15.5', C12, {'core': 4}) for n in 'fast_distance fast_length fast_normalize'.split()]
    rows.append(('cross', '6.15.5', C12, {'core': 2, 'fp64': 2, 'fp16': 2}))
    return rows


def _relational():
    rows = [(n, '6.15.6', C12, fl()) for n in
            ('isequal isnotequal isgreater isgreaterequal isless islessequal islessgreater isfinite isinf isnan '
             'isnormal isordered isunordered signbit').split()]
    rows += [(n, '6.15.6', C12, {'core': 4 * WIDTHS}) for n in ('any', 'all')]  # char short int long
    rows += [(n, '6.15.6', C12, plus(ints(), fl())) for n in ('bitselect', 'select')]
    return rows


def _vector_data():
    rows = [('vloadn', '6.15.7', C12, {'core': (INT_TYPES + 1) * 5, 'fp64': 5, 'fp16': 5}),
            ('vstoren', '6.15.7', C12, {'core': (INT_TYPES + 1) * 5, 'fp64': 5, 'fp16': 5}),
            ('vload_half', '6.15.7', C12, {'core': 1}),
            ('vload_halfn', '6.15.7', C12, {'core': 5}),
            ('vloada_halfn', '6.15.7', C12, {'core': 5})]
    for r in ('', '_rte', '_rtz', '_rtp', '_rtn'):
        rows.append((f'vstore_half{r}', '6.15.7', C12, {'core': 1, 'fp64': 1}))
        rows.append((f'vstore_halfn{r}', '6.15.7', C12, {'core': 5, 'fp64': 5}))
        rows.append((f'vstorea_halfn{r}', '6.15.7', C12, {'core': 5, 'fp64': 5}))
    return rows


def _conversions():
    types = [t for t in all_types() if t.n == 1]
    count = {'core': 0, 'fp64': 0}
    for dst in types:
        variants = 5 if dst.elem.kind == 'float' else 10  # no _sat to a floating-point type (6.4.3)
        for src in types:
            key = 'fp64' if (dst.requires or src.requires) else 'core'
            count[key] += variants * WIDTHS
    # as_type: ordered pairs of different types of equal size (6.4.4.2), half
    # ones with cl_khr_fp16; a pair that needs both extensions counts as fp64.
    pairs = {'core': 0, 'fp64': 0, 'fp16': 0}
    every = all_types(with_half=True)
    for a in every:
        for b in every:
            if a != b and a.size == b.size:
                needs = set(a.requires) | set(b.requires)
                pairs['fp64' if 'fp64' in needs else 'fp16' if 'fp16' in needs else 'core'] += 1
    return [('convert_<type>[_sat][_<rounding>]', '6.4.3', C12, count), ('as_<type>', '6.4.4.2', C12, pairs)]


def _sync():
    return [('barrier', '6.15.8', C12, one()), ('work_group_barrier', '6.15.8', C20, {'core': 2}),
            ('mem_fence', '6.15.9', C12, one()), ('read_mem_fence', '6.15.9', C12, one()),
            ('write_mem_fence', '6.15.9', C12, one())]


def _workitem():
    rows = [(n, '6.15.1', C12, one()) for n in
            'get_work_dim get_global_size get_global_id get_local_size get_local_id get_num_groups get_group_id '
            'get_global_offset'.split()]
    rows += [(n, '6.15.1', C20, one()) for n in 'get_enqueued_local_size get_global_linear_id get_local_linear_id'.split()]
    rows += [(n, '6.15.1', SUBGROUPS, one()) for n in
             'get_sub_group_size get_max_sub_group_size get_num_sub_groups get_enqueued_num_sub_groups '
             'get_sub_group_id get_sub_group_local_id'.split()]
    return rows


def _address_space():
    return [(n, '6.15.10', GENERIC, {'core': 2}) for n in ('to_global', 'to_local', 'to_private', 'get_fence')]


def _async():
    gentypes = {'core': (INT_TYPES + 1) * WIDTHS, 'fp64': WIDTHS, 'fp16': WIDTHS}
    return [('async_work_group_copy', '6.15.11', C12, gentypes),
            ('async_work_group_strided_copy', '6.15.11', C12, gentypes),
            ('wait_group_events', '6.15.11', C12, one()), ('prefetch', '6.15.11', C12, gentypes)]


def _atomics():
    legacy = [(n, '6.15.12.8 (legacy)', C12, {'core': 4}) for n in  # int, uint x global, local
              'atomic_add atomic_sub atomic_xchg atomic_inc atomic_dec atomic_cmpxchg atomic_min atomic_max '
              'atomic_and atomic_or atomic_xor'.split()]
    names = ['atomic_init', 'atomic_work_item_fence', 'atomic_store', 'atomic_load', 'atomic_exchange',
             'atomic_compare_exchange_strong', 'atomic_compare_exchange_weak', 'atomic_fetch_add', 'atomic_fetch_sub',
             'atomic_fetch_or', 'atomic_fetch_xor', 'atomic_fetch_and', 'atomic_fetch_min', 'atomic_fetch_max',
             'atomic_flag_test_and_set', 'atomic_flag_clear']
    rows = []
    for n in names:
        rows.append((n, '6.15.12', ATOMICS20, {'core': 1}))
        if n not in ('atomic_init', 'atomic_work_item_fence'):
            rows.append((n + '_explicit', '6.15.12', ATOMICS20, {'core': 1}))
    # The 64-bit legacy functions (6.15.12.9): long, ulong x global, local.
    base64 = 'atom_add atom_sub atom_xchg atom_inc atom_dec atom_cmpxchg'.split()
    ext64 = 'atom_min atom_max atom_and atom_or atom_xor'.split()
    rows += [(n, '6.15.12.9', 'cl_khr_int64_base_atomics', {'core': 4}) for n in base64]
    rows += [(n, '6.15.12.9', 'cl_khr_int64_extended_atomics', {'core': 4}) for n in ext64]
    return legacy + rows


def _extensions_without_suite():
    """Extension functions no suite covers yet (section numbers of the
    unified spec, which includes every extension)."""
    rows = []
    wg = 'OpenCL C 2.0 and cl_khr_work_group_uniform_arithmetic'
    for kind in ('reduce', 'scan_inclusive', 'scan_exclusive'):
        rows += [(f'work_group_{kind}_logical_{op}', '6.15.17', wg, one()) for op in ('and', 'or', 'xor')]
        rows += [(f'work_group_{kind}_{op}', '6.15.17', wg, {'core': 4}) for op in ('and', 'or', 'xor')]
        rows.append((f'work_group_{kind}_mul', '6.15.17', wg, {'core': 5, 'fp64': 1, 'fp16': 1}))
    rows += [(n, '6.15.11.1', 'cl_khr_extended_async_copies', one())
             for n in ('async_work_group_copy_2D2D', 'async_work_group_copy_3D3D')]
    rows.append(('async_work_group_copy_fence', '6.15.11', 'cl_khr_async_work_group_copy_fence', one()))
    for scope in ('device', 'work_group', 'sub_group'):
        need = f'cl_khr_kernel_clock with __opencl_c_kernel_clock_scope_{scope}'
        rows += [(f'clock_read_{scope}', '6.15.21', need, one()), (f'clock_read_hilo_{scope}', '6.15.21', need, one())]
    return rows


def _misc():
    return [('vec_step', '6.15.13', C12, {'core': (INT_TYPES + 1) * WIDTHS, 'fp64': WIDTHS, 'fp16': WIDTHS}),
            ('shuffle', '6.15.13', C12, {'core': (INT_TYPES + 1) * 4 * 4, 'fp64': 16, 'fp16': 16}),  # n, m in 2 4 8 16
            ('shuffle2', '6.15.13', C12, {'core': (INT_TYPES + 1) * 4 * 4, 'fp64': 16, 'fp16': 16}),
            ('printf', '6.15.14', C12, one())]


def _images():
    # Signatures per name, as images_catalog.coverage() counts them: one per
    # (image type, coordinate type, with or without a sampler).
    sampled = 5  # image1d, 1d_array, 2d, 2d_array, 3d
    reads = {'core': 1 + 2 * sampled + sampled}  # image1d_buffer: sampler-less only
    rows = [(n, '6.15.15', IMAGES, reads) for n in ('read_imagef', 'read_imagei', 'read_imageui')]
    rows += [(n, '6.15.15', IMAGES, {'core': 6}) for n in ('write_imagef', 'write_imagei', 'write_imageui')]
    rows += [('read_imageh', '6.15.15', 'cl_khr_fp16 with image support', {'fp16': 1 + 3 * sampled}),
             ('write_imageh', '6.15.15', 'cl_khr_fp16 with image support', {'fp16': 6})]
    rows += [('get_image_width', '6.15.15', IMAGES, {'core': 6}), ('get_image_height', '6.15.15', IMAGES, {'core': 3}),
             ('get_image_depth', '6.15.15', IMAGES, {'core': 1}), ('get_image_dim', '6.15.15', IMAGES, {'core': 3}),
             ('get_image_array_size', '6.15.15', IMAGES, {'core': 2}),
             ('get_image_channel_data_type', '6.15.15', IMAGES, {'core': 6}),
             ('get_image_channel_order', '6.15.15', IMAGES, {'core': 6}),
             ('get_image_num_samples', '6.15.15', 'cl_khr_gl_msaa_sharing', {'core': 4}),
             ('get_image_num_mip_levels', '6.15.15', 'cl_khr_mipmap_image', {'core': 6})]
    return rows


def _workgroup():
    g = {'core': 5, 'fp64': 1, 'fp16': 1}  # int uint long ulong float (+ double, half)
    rows = [('work_group_all', '6.15.16', WG, one()), ('work_group_any', '6.15.16', WG, one()),
            ('work_group_broadcast', '6.15.16', WG, {k: 3 * v for k, v in g.items()})]
    for op in ('reduce', 'scan_exclusive', 'scan_inclusive'):
        for f in ('add', 'min', 'max'):
            rows.append((f'work_group_{op}_{f}', '6.15.16', WG, g))
    return rows


def _pipes():
    names = ('read_pipe write_pipe reserve_read_pipe reserve_write_pipe commit_read_pipe commit_write_pipe '
             'is_valid_reserve_id work_group_reserve_read_pipe work_group_reserve_write_pipe '
             'work_group_commit_read_pipe work_group_commit_write_pipe get_pipe_num_packets get_pipe_max_packets')
    rows = [(n, '6.15.17', PIPES, one()) for n in names.split()]
    rows += [(n, '6.15.17', PIPES + ' and subgroups', one()) for n in
             'sub_group_reserve_read_pipe sub_group_reserve_write_pipe sub_group_commit_read_pipe '
             'sub_group_commit_write_pipe'.split()]
    return rows


def _enqueue():
    names = ('enqueue_kernel get_kernel_work_group_size get_kernel_preferred_work_group_size_multiple enqueue_marker '
             'retain_event release_event create_user_event is_valid_event set_user_event_status '
             'capture_event_profiling_info get_default_queue ndrange_1D ndrange_2D ndrange_3D')
    rows = [(n, '6.15.18', ENQUEUE, one()) for n in names.split()]
    rows += [(n, '6.15.18', ENQUEUE + ' and subgroups', one()) for n in
             ('get_kernel_sub_group_count_for_ndrange', 'get_kernel_max_sub_group_size_for_ndrange')]
    return rows


def _subgroups():
    rows = [('sub_group_barrier', '6.15.19', SUBGROUPS, {'core': 2}), ('sub_group_all', '6.15.19', SUBGROUPS, one()),
            ('sub_group_any', '6.15.19', SUBGROUPS, one()),
            ('sub_group_broadcast', '6.15.19', SUBGROUPS, {'core': 5, 'fp64': 1, 'fp16': 1})]
    for op in ('reduce', 'scan_exclusive', 'scan_inclusive'):
        for f in ('add', 'min', 'max'):
            rows.append((f'sub_group_{op}_{f}', '6.15.19', SUBGROUPS, {'core': 5, 'fp64': 1, 'fp16': 1}))
    # The cl_khr_subgroup_* extensions (6.15.20.1 to 6.15.20.7 of the unified spec): overloads
    # counted from each section's type list (subgroup_ext_catalog.py).
    for name, section, extension, types, widths, _ in subgroup_ext_catalog.functions():
        rows.append((name, section, extension, subgroup_ext_catalog.overloads(types, widths)))
    return rows


def features():
    """Optional language features that have no built-in name, for the
    coverage table's second part: [(feature, section, needs)]. A suite's
    coverage() may list a feature under its name, with its cases."""
    return [('program-scope global variables and static global variables', '6.7.1',
             'OpenCL C 2.0 or __opencl_c_program_scope_global_variables'),
            ('generic pointers (the unnamed generic address space)', '6.7.5', GENERIC),
            ('pipe objects (the pipe type)', '6.3.3 / 6.15.17', PIPES),
            ('blocks', '6.14', ENQUEUE),
            (subgroup_ext_catalog.EXTENDED_FEATURE, '6.15.20', subgroup_ext_catalog.EXTENDED)]


def builtins():
    """[(name, section, needs, {capability: spec overloads})], every name once."""
    rows = (_workitem() + _math() + _integer() + _common() + _geometric() + _relational() + _vector_data() +
            _conversions() + _sync() + _address_space() + _async() + _atomics() + _misc() + _images() +
            _workgroup() + _pipes() + _enqueue() + _subgroups() + _extensions_without_suite())
    names = [r[0] for r in rows]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise ValueError(f'built-in listed twice: {sorted(dup)}')
    return rows
