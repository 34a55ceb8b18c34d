"""The enqueue suite: device-side enqueue, OpenCL C spec 6.15.19 (unified
numbering; 6.15.18 in revisions without the work-group uniform arithmetic
section). A parent kernel enqueues blocks on the device queue; the children
record what ran, and the host checks every child work-item ran exactly once
over the NDRange it was given, that the dependencies held, and the queries'
bounds:

- ndrange: ndrange_1D/2D/3D in their three forms (global; global and local;
  offset, global and local); each child work-item counts itself at its global
  id (atomic_inc) and records its local size;
- flags: CLK_ENQUEUE_FLAGS_NO_WAIT, WAIT_KERNEL (the child starts after the
  parent ends, so it sees what the parent wrote after enqueuing it) and
  WAIT_WORK_GROUP (after the enqueuing work-group ends);
- events: a child with an event, a child waiting on it, enqueue_marker on
  both and a child waiting on the marker, a child waiting on a user event
  the parent completes (create_user_event, set_user_event_status,
  is_valid_event, retain_event, release_event), and
  capture_event_profiling_info;
- local_args: blocks taking local pointers, with and without events;
- queue_arg: a queue_t kernel argument (the host's device queue) instead of
  get_default_queue();
- queries: get_kernel_work_group_size,
  get_kernel_preferred_work_group_size_multiple, and with sub-groups
  get_kernel_max_sub_group_size_for_ndrange and
  get_kernel_sub_group_count_for_ndrange.
"""

from .manifest import Manifest

SPEC = 'OpenCL C spec 6.15.19 Enqueuing Kernels (unified specification numbering)'
ENQUEUE = '__opencl_c_device_enqueue'
SUBGROUPS = 'cl_khr_subgroups or __opencl_c_subgroups'
HITS = 2048  # the hits buffer: one counter per linear id x + 16 y + 256 z of a child's global ids

# (dims, global, local, offset) of each ndrange case; the forms leave out
# local (the device's choice) and offset.
RANGES = {
    '1d': ([60], [12], [7]),
    '2d': ([8, 6], [4, 3], [1, 2]),
    '3d': ([4, 6, 4], [2, 3, 2], [1, 0, 2]),
}
FORMS = ['global', 'global_local', 'offset_global_local']


def _arr(v):
    return '{' + ', '.join(f'{x}' for x in v) + '}'


def _ndrange_kernel(dims, form):
    g, l, o = RANGES[dims]
    n = len(g)
    fn = f'ndrange_{n}D'
    if n == 1:
        args = {'global': f'{g[0]}', 'global_local': f'{g[0]}, {l[0]}', 'offset_global_local': f'{o[0]}, {g[0]}, {l[0]}'}[form]
        decl = ''
    else:
        decl = (f'  const size_t gs[{n}] = {_arr(g)}, ls[{n}] = {_arr(l)}, os[{n}] = {_arr(o)};\n')
        args = {'global': 'gs', 'global_local': 'gs, ls', 'offset_global_local': 'os, gs, ls'}[form]
    # The child's linear id from its global ids, offsets included: x + 16 (y + 16 z).
    lin = 'get_global_id(0)' + (' + 16 * get_global_id(1)' if n > 1 else '') + (' + 256 * get_global_id(2)' if n > 2 else '')
    return (f'__kernel void nd_{dims}_{form}(__global int* hits, __global int* info, __global int* rc)\n'
            '{\n' + decl +
            f'  rc[0] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, {fn}({args}), ^{{\n'
            f'    size_t i = {lin};\n'
            '    atomic_inc(&hits[i]);\n'
            '    info[3 * i] = (int)get_local_size(0);\n'
            f'    info[3 * i + 1] = (int)get_local_size({1 if n > 1 else 0});\n'
            f'    info[3 * i + 2] = (int)get_local_size({2 if n > 2 else 0});\n'
            '  });\n}\n')


KERNELS = r'''
// The child of WAIT_KERNEL starts after the parent ends: it sees mark set
// after the enqueue. NO_WAIT promises no order: its child only counts itself.
__kernel void flag_no_wait(__global int* mark, __global int* seen, __global int* rc)
{
  rc[0] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), ^{ atomic_inc(&seen[0]); });
  mark[0] = 1;
}

__kernel void flag_wait_kernel(__global int* mark, __global int* seen, __global int* rc)
{
  rc[0] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(1), ^{ seen[0] = mark[0]; });
  mark[0] = 1;
}

// Work-groups of 8: work-item 0 of each enqueues a child that starts after its
// work-group ends, so it sees every mark the group set after the enqueue.
__kernel void flag_wait_work_group(__global int* mark, __global int* seen, __global int* rc)
{
  size_t g = get_global_id(0), grp = get_group_id(0);
  if (get_local_id(0) == 0) {
    rc[grp] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_WORK_GROUP, ndrange_1D(1), ^{
      int s = 0;
      for (int k = 0; k < 8; ++k) s += mark[8 * grp + k];
      seen[grp] = s;
    });
  }
  mark[g] = 1;
}

__kernel void events(__global int* data, __global int* out, __global int* rc, __global ulong* prof)
{
  queue_t q = get_default_queue();
  clk_event_t a, b, m, u;
  rc[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(16), 0, NULL, &a,
                         ^{ data[get_global_id(0)] = 3 * (int)get_global_id(0) + 1; });
  rc[1] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(16), 1, &a, &b,
                         ^{ out[get_global_id(0)] = 2 * data[get_global_id(0)]; });
  rc[6] = is_valid_event(a) ? 1 : 0;
  clk_event_t ab[2] = {a, b};
  rc[2] = enqueue_marker(q, 2, ab, &m);
  rc[3] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(16), 1, &m, NULL,
                         ^{ out[16 + get_global_id(0)] = out[get_global_id(0)] + data[get_global_id(0)]; });
  u = create_user_event();
  rc[4] = is_valid_event(u) ? 1 : 0;
  rc[5] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1, &u, NULL, ^{ out[32] = 77; });
  retain_event(u);
  release_event(u);
  set_user_event_status(u, CL_COMPLETE);
  capture_event_profiling_info(b, CLK_PROFILING_COMMAND_EXEC_TIME, prof);
  release_event(u);
  release_event(a);
  release_event(b);
  release_event(m);
}

// Blocks with local pointer arguments: work-groups of 16 fill two local
// arrays and read them across.
__kernel void local_args(__global int* out, __global int* rc)
{
  queue_t q = get_default_queue();
  rc[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(64, 16),
                         ^(local void* a, local void* b) {
                           local int* x = (local int*)a;
                           local int* y = (local int*)b;
                           size_t l = get_local_id(0);
                           x[l] = (int)get_global_id(0);
                           y[l] = 2 * (int)get_global_id(0);
                           barrier(CLK_LOCAL_MEM_FENCE);
                           out[get_global_id(0)] = x[15 - l] + y[(l + 1) % 16];
                         }, 16u * sizeof(int), 16u * sizeof(int));
  clk_event_t e;
  rc[1] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(64, 16), 0, NULL, &e,
                         ^(local void* a) {
                           local int* x = (local int*)a;
                           size_t l = get_local_id(0);
                           x[l] = 5 * (int)get_global_id(0);
                           barrier(CLK_LOCAL_MEM_FENCE);
                           out[64 + get_global_id(0)] = x[(l + 3) % 16];
                         }, 16u * sizeof(int));
  release_event(e);
}

// The host's device queue as a kernel argument.
__kernel void queue_arg(queue_t q, __global int* hits, __global int* rc)
{
  rc[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(32), ^{ atomic_inc(&hits[get_global_id(0)]); });
}

__kernel void queries(__global uint* out)
{
  void (^blk)(void) = ^{ };
  out[0] = get_kernel_work_group_size(blk);
  out[1] = get_kernel_preferred_work_group_size_multiple(blk);
}
'''

SUB_GROUP_KERNELS = r'''
#ifdef cl_khr_subgroups
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#endif
__kernel void sub_group_queries(__global uint* out)
{
  void (^blk)(void) = ^{ };
  ndrange_t nd = ndrange_1D(64, 16);
  out[0] = get_kernel_max_sub_group_size_for_ndrange(nd, blk);
  out[1] = get_kernel_sub_group_count_for_ndrange(nd, blk);
}
'''

ALL_NAMES = ['enqueue_kernel', 'get_default_queue', 'ndrange_1D', 'ndrange_2D', 'ndrange_3D', 'enqueue_marker',
             'retain_event', 'release_event', 'create_user_event', 'is_valid_event', 'set_user_event_status',
             'capture_event_profiling_info', 'get_kernel_work_group_size',
             'get_kernel_preferred_work_group_size_multiple']


def cases():
    """(case id, program, kernel, params, extra requires, names)."""
    out = []
    for dims, (g, l, o) in RANGES.items():
        for form in FORMS:
            p = {'kind': 'ndrange', 'dims': len(g), 'global': g, 'local': l if form != 'global' else None,
                 'offset': o if form == 'offset_global_local' else [0] * len(g), 'hits': HITS}
            out.append((f'enqueue.ndrange.{dims}.{form}', 'enqueue', f'nd_{dims}_{form}', p, [],
                        ['enqueue_kernel', 'get_default_queue', f'ndrange_{len(g)}D']))
    for flag in ('no_wait', 'wait_kernel', 'wait_work_group'):
        out.append((f'enqueue.flags.{flag}', 'enqueue', f'flag_{flag}', {'kind': 'flags', 'flag': flag}, [],
                    ['enqueue_kernel', 'get_default_queue', 'ndrange_1D']))
    out.append(('enqueue.events', 'enqueue', 'events', {'kind': 'events'}, [],
                ['enqueue_kernel', 'enqueue_marker', 'retain_event', 'release_event', 'create_user_event',
                 'is_valid_event', 'set_user_event_status', 'capture_event_profiling_info', 'get_default_queue',
                 'ndrange_1D']))
    out.append(('enqueue.local_args', 'enqueue', 'local_args', {'kind': 'local_args'}, [],
                ['enqueue_kernel', 'release_event', 'ndrange_1D']))
    out.append(('enqueue.queue_arg', 'enqueue', 'queue_arg', {'kind': 'queue_arg'}, [], ['enqueue_kernel', 'ndrange_1D']))
    out.append(('enqueue.queries', 'enqueue', 'queries', {'kind': 'queries'}, [],
                ['get_kernel_work_group_size', 'get_kernel_preferred_work_group_size_multiple']))
    out.append(('enqueue.sub_group_queries', 'enqueue_sg', 'sub_group_queries', {'kind': 'sub_group_queries'},
                [SUBGROUPS], ['get_kernel_max_sub_group_size_for_ndrange', 'get_kernel_sub_group_count_for_ndrange']))
    return out


def build():
    m = Manifest('enqueue', SPEC)
    src = ''.join(_ndrange_kernel(d, f) for d in RANGES for f in FORMS) + KERNELS
    m.add_program('enqueue', src, requires=['opencl_c_2.0', ENQUEUE], cl_std='2.0')
    m.add_program('enqueue_sg', SUB_GROUP_KERNELS, requires=['opencl_c_2.0', ENQUEUE, SUBGROUPS], cl_std='2.0')
    all_cases = cases()
    for cid, prog, kernel, params, req, _ in all_cases:
        params = dict(params)
        params['cases_in_suite'] = len(all_cases)
        m.add_case(cid, prog, kernel, 'enqueue.check', 'enqueue.' + params['kind'], params,
                   requires=['opencl_c_2.0', ENQUEUE] + req)
    return m


def coverage():
    """Every device-enqueue name has one overload in the coverage count."""
    out = {}
    for cid, prog, kernel, params, req, names in cases():
        for name in names:
            e = out.setdefault(name, {'overloads': {'core': 1}, 'cases': []})
            e['cases'].append(cid)
    out['blocks'] = {'overloads': {}, 'cases': [c[0] for c in cases()]}
    return out
