"""The pipes suite: the pipe built-ins (OpenCL C spec 6.15.18 in the unified
specification; 6.15.17 in revisions without the work-group uniform
arithmetic section), one case per way of using them and packet type.

Every case writes PACKETS distinct packets into a pipe from one kernel and
reads them back from another (the pipe a kernel argument of each, created
by the host with clCreatePipe), so the host knows every packet written and
can check that each one is read exactly once, with its bytes intact:

- basic: write_pipe and read_pipe without reservations; more readers than
  packets, so the surplus reads find the pipe empty, and then as many
  writers as packets into a pipe of half their number, so that half find it
  full (both must return a negative value, 6.15.18.2's table);
- reserve: each work-item reserves RESERVE packets (reserve_write_pipe),
  writes them in reverse index order, commits; readers reserve as many and
  read index 0 up. Reservations are contiguous and ordered in the pipe, so
  every read reservation must hold exactly one write reservation's packets,
  index i from index i;
- work_group: work_group_reserve_write_pipe / work_group_reserve_read_pipe
  of a whole work-group, each work-item at its local id;
- sub_group (with sub-groups): sub_group_reserve_* of a whole sub-group;
- query: get_pipe_max_packets and get_pipe_num_packets through a read-only
  and a write-only pipe, after the writes and after the reads.

Packet types: one of every size from 1 to 128 bytes (char, short, int, long,
int4, long4, long8, long16), float, double (fp64), half (fp16) and a struct
with padding.
"""

from .manifest import Manifest

SPEC = 'OpenCL C spec 6.15.18 Pipe Functions (unified specification numbering)'
PIPES = '__opencl_c_pipes'
SUBGROUPS = 'cl_khr_subgroups or __opencl_c_subgroups'
PACKETS = 256          # packets per pipe: at most 256, so a char packet can hold its number
RESERVE = 4            # packets per work-item reservation
WG_LOCAL = 16          # work-group size of the work_group and sub_group cases
STRUCT = 'typedef struct { uint a; ushort b; uchar c; } packet_t;'  # 8 bytes: a, b, c and one byte of padding

# (name in case ids, OpenCL C type, bytes, requires, coverage capability)
TYPES = [
    ('char', 'char', 1, [], 'core'), ('short', 'short', 2, [], 'core'), ('int', 'int', 4, [], 'core'),
    ('long', 'long', 8, [], 'core'), ('int4', 'int4', 16, [], 'core'), ('long4', 'long4', 32, [], 'core'),
    ('long8', 'long8', 64, [], 'core'), ('long16', 'long16', 128, [], 'core'), ('float', 'float', 4, [], 'core'),
    ('double', 'double', 8, ['fp64'], 'fp64'), ('half', 'half', 2, ['fp16'], 'fp16'),
    ('struct', 'packet_t', 8, [], 'core'),
]

FORMS = {
    'basic': ['read_pipe', 'write_pipe'],
    'reserve': ['reserve_read_pipe', 'reserve_write_pipe', 'commit_read_pipe', 'commit_write_pipe',
                'is_valid_reserve_id', 'read_pipe', 'write_pipe'],
    'work_group': ['work_group_reserve_read_pipe', 'work_group_reserve_write_pipe', 'work_group_commit_read_pipe',
                   'work_group_commit_write_pipe', 'read_pipe', 'write_pipe'],
    'sub_group': ['sub_group_reserve_read_pipe', 'sub_group_reserve_write_pipe', 'sub_group_commit_read_pipe',
                  'sub_group_commit_write_pipe', 'read_pipe', 'write_pipe'],
    'query': ['get_pipe_max_packets', 'get_pipe_num_packets', 'write_pipe', 'read_pipe'],
}


def _prologue(ctype):
    lines = []
    if ctype == 'half':
        lines.append('#pragma OPENCL EXTENSION cl_khr_fp16 : enable')
    if ctype == 'double':
        lines += ['#ifdef cl_khr_fp64', '#pragma OPENCL EXTENSION cl_khr_fp64 : enable', '#endif']
    lines += ['#ifdef cl_khr_subgroups', '#pragma OPENCL EXTENSION cl_khr_subgroups : enable', '#endif']
    lines.append(STRUCT if ctype == 'packet_t' else f'typedef {ctype} packet_t;')
    return '\n'.join(lines) + '\n\n'


# The kernels of one packet type. Packets come from the host's buffer `in`
# and go to `out`; `rc` gets each call's return value (1/0 for
# is_valid_reserve_id); `ids` each work-item's sub-group size, local id and id (sub_group forms).
KERNELS = f'''__kernel void w_basic(__global const packet_t* in, write_only pipe packet_t p, __global int* rc)
{{
  size_t g = get_global_id(0);
  packet_t v = in[g];
  rc[g] = write_pipe(p, &v);
}}

__kernel void r_basic(read_only pipe packet_t p, __global packet_t* out, __global int* rc)
{{
  size_t g = get_global_id(0);
  packet_t v;
  rc[g] = read_pipe(p, &v);
  if (rc[g] == 0) out[g] = v;
}}

__kernel void w_reserve(__global const packet_t* in, write_only pipe packet_t p, __global int* rc)
{{
  size_t g = get_global_id(0);
  reserve_id_t r = reserve_write_pipe(p, {RESERVE}u);
  rc[{RESERVE + 1} * g] = is_valid_reserve_id(r) ? 1 : 0;
  if (!is_valid_reserve_id(r)) return;
  for (int k = {RESERVE - 1}; k >= 0; --k) {{
    packet_t v = in[{RESERVE} * g + k];
    rc[{RESERVE + 1} * g + 1 + k] = write_pipe(p, r, (uint)k, &v);
  }}
  commit_write_pipe(p, r);
}}

__kernel void r_reserve(read_only pipe packet_t p, __global packet_t* out, __global int* rc)
{{
  size_t g = get_global_id(0);
  reserve_id_t r = reserve_read_pipe(p, {RESERVE}u);
  rc[{RESERVE + 1} * g] = is_valid_reserve_id(r) ? 1 : 0;
  if (!is_valid_reserve_id(r)) return;
  for (uint k = 0; k < {RESERVE}u; ++k) {{
    packet_t v;
    rc[{RESERVE + 1} * g + 1 + k] = read_pipe(p, r, k, &v);
    out[{RESERVE} * g + k] = v;
  }}
  commit_read_pipe(p, r);
}}

__kernel void w_work_group(__global const packet_t* in, write_only pipe packet_t p, __global int* rc)
{{
  size_t g = get_global_id(0);
  reserve_id_t r = work_group_reserve_write_pipe(p, (uint)get_local_size(0));
  rc[2 * g] = is_valid_reserve_id(r) ? 1 : 0;
  if (is_valid_reserve_id(r)) {{
    packet_t v = in[g];
    rc[2 * g + 1] = write_pipe(p, r, (uint)get_local_id(0), &v);
    work_group_commit_write_pipe(p, r);
  }}
}}

__kernel void r_work_group(read_only pipe packet_t p, __global packet_t* out, __global int* rc)
{{
  size_t g = get_global_id(0);
  reserve_id_t r = work_group_reserve_read_pipe(p, (uint)get_local_size(0));
  rc[2 * g] = is_valid_reserve_id(r) ? 1 : 0;
  if (is_valid_reserve_id(r)) {{
    packet_t v;
    rc[2 * g + 1] = read_pipe(p, r, (uint)get_local_id(0), &v);
    out[g] = v;
    work_group_commit_read_pipe(p, r);
  }}
}}

__kernel void query(read_only pipe packet_t p, __global uint* out)
{{
  out[0] = get_pipe_max_packets(p);
  out[1] = get_pipe_num_packets(p);
}}

__kernel void query_w(write_only pipe packet_t p, __global uint* out)
{{
  out[0] = get_pipe_max_packets(p);
  out[1] = get_pipe_num_packets(p);
}}
'''

SUB_GROUP_KERNELS = '''__kernel void w_sub_group(__global const packet_t* in, write_only pipe packet_t p, __global int* rc,
                          __global uint* ids)
{
  size_t g = get_global_id(0);
  ids[3 * g] = get_sub_group_size();
  ids[3 * g + 1] = get_sub_group_local_id();
  ids[3 * g + 2] = get_sub_group_id();
  reserve_id_t r = sub_group_reserve_write_pipe(p, get_sub_group_size());
  rc[2 * g] = is_valid_reserve_id(r) ? 1 : 0;
  if (is_valid_reserve_id(r)) {
    packet_t v = in[g];
    rc[2 * g + 1] = write_pipe(p, r, get_sub_group_local_id(), &v);
    sub_group_commit_write_pipe(p, r);
  }
}

__kernel void r_sub_group(read_only pipe packet_t p, __global packet_t* out, __global int* rc, __global uint* ids)
{
  size_t g = get_global_id(0);
  ids[3 * g] = get_sub_group_size();
  ids[3 * g + 1] = get_sub_group_local_id();
  ids[3 * g + 2] = get_sub_group_id();
  reserve_id_t r = sub_group_reserve_read_pipe(p, get_sub_group_size());
  rc[2 * g] = is_valid_reserve_id(r) ? 1 : 0;
  if (is_valid_reserve_id(r)) {
    packet_t v;
    rc[2 * g + 1] = read_pipe(p, r, get_sub_group_local_id(), &v);
    out[g] = v;
    sub_group_commit_read_pipe(p, r);
  }
}
'''


def cases():
    """(case id, program, form, params, requires, names, cap)."""
    out = []
    for name, ctype, size, req, cap in TYPES:
        for form, names in FORMS.items():
            need = [PIPES] + req + ([SUBGROUPS] if form == 'sub_group' else [])
            p = {'form': form, 'type': name, 'bytes': size, 'packets': PACKETS, 'reserve': RESERVE,
                 'local': WG_LOCAL}
            out.append((f'pipes.{form}.{name}', f'pipes_{name}' + ('_sg' if form == 'sub_group' else ''), form, p,
                        need, names, cap))
    return out


def build():
    m = Manifest('pipes', SPEC)
    for name, ctype, size, req, cap in TYPES:
        m.add_program(f'pipes_{name}', _prologue(ctype) + KERNELS, requires=['opencl_c_2.0', PIPES] + req,
                      cl_std='2.0')
        m.add_program(f'pipes_{name}_sg', _prologue(ctype) + SUB_GROUP_KERNELS,
                      requires=['opencl_c_2.0', PIPES, SUBGROUPS] + req, cl_std='2.0')
    all_cases = cases()
    for cid, prog, form, params, req, _, _ in all_cases:
        params = dict(params)
        params['cases_in_suite'] = len(all_cases)
        m.add_case(cid, prog, 'w_' + form if form != 'query' else 'query', 'pipes.check', 'pipes.' + form, params,
                   requires=['opencl_c_2.0'] + req)
    return m


def coverage():
    """Each pipe built-in has one overload in the coverage count (its packet
    type is any gentype or user type: builtins_spec.py counts names)."""
    out = {}
    for cid, prog, form, params, req, names, cap in cases():
        for name in names:
            e = out.setdefault(name, {'overloads': {}, 'cases': []})
            e['cases'].append(cid)
            e['overloads']['core'] = 1
    out['pipe objects (the pipe type)'] = {'overloads': {}, 'cases': [c[0] for c in cases()]}
    return out
