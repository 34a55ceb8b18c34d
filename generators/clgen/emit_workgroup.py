"""The workgroup suite: the work-group collective functions of OpenCL C 3.0
spec 6.15.16 (work_group_all, work_group_any, work_group_broadcast in its 1-,
2- and 3-D forms, work_group_reduce/scan_inclusive/scan_exclusive with add,
min and max) over every gentype the spec allows, on 1-, 2- and 3-D NDRanges.

Needs OpenCL C 2.0, or OpenCL C 3.0 with
__opencl_c_work_group_collective_functions; the cases require both
"opencl_c_2.0" and the feature macro (which an OpenCL C 2.x compiler is
taken to have, 6.2.1). Each work-item writes its result at its global
linear id; the host knows every work-group's members from the NDRange.
"""

from .manifest import Manifest
from . import collective_catalog as cat

SPEC = 'OpenCL C 3.0 spec 6.15.16 Work-group Collective Functions'
FEATURE = '__opencl_c_work_group_collective_functions'


def _collective_kernel(kind, op, t):
    return (f'__kernel void wg_{kind}_{op}_{t}(__global const {t}* in, __global {t}* out)\n'
            '{\n'
            '  size_t g = get_global_linear_id();\n'
            f'  out[g] = work_group_{kind}_{op}(in[g]);\n'
            '}\n')


def _broadcast_kernel(t, dims):
    lines = [f'__kernel void wg_broadcast_d{dims}_{t}(__global const {t}* in, __global {t}* out)', '{',
             '  size_t g = get_global_linear_id();']
    args = []
    for d in range(dims):
        terms = ' + '.join(f'get_group_id({e}) * {cat.BROADCAST_COEF[d][e]}' for e in range(dims))
        lines.append(f'  size_t s{d} = ({terms} + {cat.BROADCAST_CONST[d]}) % get_local_size({d});')
        args.append(f's{d}')
    lines.append(f'  out[g] = work_group_broadcast(in[g], {", ".join(args)});')
    lines.append('}')
    return '\n'.join(lines) + '\n'


def _vote_kernel(fn):
    return (f'__kernel void wg_{fn}(__global const int* in, __global int* out)\n'
            '{\n'
            '  size_t g = get_global_linear_id();\n'
            f'  out[g] = work_group_{fn}(in[g]);\n'
            '}\n')


def cases():
    """(case id, program, kernel, check, group, params, requires, coverage name, coverage cap)."""
    out = []
    vote_shapes = cat.SHAPES
    for fn in ('all', 'any'):
        p = {'function': f'work_group_{fn}', 'shapes': vote_shapes, 'values': cat.values(vote_shapes),
             'patterns': ['all nonzero', 'all zero', 'one zero', 'one nonzero']}
        out.append((f'workgroup.{fn}', 'workgroup_int', f'wg_{fn}', 'workgroup.vote', 'workgroup.vote', p,
                    [], f'work_group_{fn}', 'core'))
    for tname, fmt, size, treq, cap in cat.TYPES:
        for dims in (1, 2, 3):
            shapes = [s for s in cat.SHAPES if s['dims'] == dims]
            p = {'function': 'work_group_broadcast', 'type': tname, 'format': fmt, 'bytes': size, 'dims': dims,
                 'shapes': shapes, 'values': cat.values(shapes), 'inputs': cat.input_class(tname, fmt, 'max'),
                 'coef': [row[:dims] for row in cat.BROADCAST_COEF[:dims]], 'const': cat.BROADCAST_CONST[:dims]}
            out.append((f'workgroup.broadcast.{tname}.d{dims}', f'workgroup_broadcast_{tname}',
                        f'wg_broadcast_d{dims}_{tname}', 'workgroup.broadcast', 'workgroup.broadcast', p, treq,
                        'work_group_broadcast', cap))
        for kind in cat.KINDS:
            for op in cat.OPS:
                p = {'function': f'work_group_{kind}_{op}', 'kind': kind, 'op': op, 'type': tname, 'format': fmt,
                     'bytes': size, 'shapes': cat.SHAPES, 'values': cat.values(cat.SHAPES),
                     'inputs': cat.input_class(tname, fmt, op)}
                if fmt == 'f' and op == 'add':
                    p['exp_range'] = cat.FLOAT_ADD_EXP[tname]
                out.append((f'workgroup.{kind}_{op}.{tname}', f'workgroup_{tname}', f'wg_{kind}_{op}_{tname}',
                            'workgroup.collective', f'workgroup.{kind}', p, treq, f'work_group_{kind}_{op}', cap))
    return out


def program_sources():
    """Two programs per element type: work_group_broadcast's kernels, and the
    reduce and scan kernels (the int one also holds the vote kernels). A
    device without double or half still builds the other types, and a
    compiler that fails on one built-in (or dies on it, which takes down
    every case of its program) still lets the other built-ins be tested."""
    progs = {}
    for tname, fmt, size, treq, cap in cat.TYPES:
        progs[f'workgroup_broadcast_{tname}'] = cat.pragmas(tname) + '\n'.join(
            _broadcast_kernel(tname, dims) for dims in (1, 2, 3))
        parts = [_collective_kernel(kind, op, tname) for kind in cat.KINDS for op in cat.OPS]
        if tname == 'int':
            parts += [_vote_kernel('all'), _vote_kernel('any')]
        progs[f'workgroup_{tname}'] = cat.pragmas(tname) + '\n'.join(parts)
    return progs


def _program_type(pid):
    return pid[len('workgroup_broadcast_'):] if pid.startswith('workgroup_broadcast_') else pid[len('workgroup_'):]


def _type_requires(tname):
    for t in cat.TYPES:
        if t[0] == tname:
            return t[3]
    return []


def build():
    m = Manifest('workgroup', SPEC)
    for pid, src in program_sources().items():
        tname = _program_type(pid)
        m.add_program(pid, src, requires=['opencl_c_2.0', FEATURE] + _type_requires(tname), cl_std='2.0')
    all_cases = cases()
    for cid, prog, kernel, check, group, params, treq, _, _ in all_cases:
        params = dict(params)
        params['cases_in_suite'] = len(all_cases)
        m.add_case(cid, prog, kernel, check, group, params, requires=['opencl_c_2.0', FEATURE] + treq)
    return m


def coverage():
    """Per built-in name: overloads covered (one per type; work_group_broadcast
    one per type and form) and the cases."""
    out = {}
    for cid, prog, kernel, check, group, params, treq, name, cap in cases():
        e = out.setdefault(name, {'overloads': {}, 'cases': []})
        e['overloads'][cap] = e['overloads'].get(cap, 0) + 1
        e['cases'].append(cid)
    return out
