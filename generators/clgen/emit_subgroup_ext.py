"""The subgroup_ext suite: the functions of the sub-group extensions (OpenCL C
spec 6.15.20.1 to 6.15.20.7; the list is subgroup_ext_catalog.py), one case
per function and type.

Every kernel runs twice: in mode 0 every work-item calls the function
(uniform control flow), in mode 1 only the work-items for which
(sub-group local id + sub-group id) % 3 != 2 do (non-uniform control flow:
the others are inactive, 6.15.20). Every function of these sections "need
not be encountered by all work items", so both modes are defined. Each
kernel also records every work-item's sub-group id, local id, size and the
dispatch's maximum sub-group size; the host checks the partition and
computes each expected value from the sub-groups the device formed and the
active work-items the mode gives.
"""

from .manifest import Manifest
from . import collective_catalog as coll
from . import subgroup_ext_catalog as cat

SPEC = 'OpenCL C spec 6.15.20.1 to 6.15.20.7 (the cl_khr_subgroup_* extensions)'
SUBGROUPS = 'cl_khr_subgroups or __opencl_c_subgroups'
REQUIRES = ['opencl_c_2.0', SUBGROUPS]
# The uint4 bitfields the ballot functions read, chosen per sub-group as
# BALLOT_MASKS[(sub-group id + k) % 4]: a high and a low bit, two bits past
# 32, a dense pattern over all 128, and sparse bits in the middle words.
BALLOT_MASKS = [[0x80000000, 0, 0, 0x1], [0x00010000, 0x00400000, 0, 0],
                [0xDEADBEEF, 0x12345678, 0x9ABCDEF0, 0x0F0F0F0F], [0x00000120, 0x00000004, 0x10000000, 0]]
SHORT = {cat.EXTENDED: 'extended', cat.VOTE: 'vote', cat.BALLOT: 'ballot', cat.SHUFFLE: 'shuffle', cat.RELATIVE: 'relative',
         cat.ROTATE: 'rotate', cat.CLUSTERED: 'clustered', cat.ARITHMETIC: 'arith'}


def _prologue(tname):
    lines = []
    if tname == 'half':
        lines.append('#pragma OPENCL EXTENSION cl_khr_fp16 : enable')
    if tname == 'double':
        lines += ['#ifdef cl_khr_fp64', '#pragma OPENCL EXTENSION cl_khr_fp64 : enable', '#endif']
    lines += ['#ifdef cl_khr_subgroups', '#pragma OPENCL EXTENSION cl_khr_subgroups : enable', '#endif',
              '// Mode 0: every work-item calls the function; mode 1: only those with',
              '// (sub-group local id + sub-group id) % 3 != 2 (non-uniform control flow).',
              '#define ACTIVE(l, s) (mode == 0u || ((l) + (s)) % 3u != 2u)',
              '__constant uint4 kBallotMasks[4] = {' +
              ', '.join('(uint4)(' + ', '.join(f'0x{w:08X}u' for w in m) + ')' for m in BALLOT_MASKS) + '};']
    return '\n'.join(lines) + '\n\n'


def _body(fn, shape, t, widths):
    if shape == 'elect':
        return '    out[g] = sub_group_elect();\n'
    if shape == 'vote':
        return (f'    uint pattern = (uint)(({coll.group_linear_expr()} + s) % 4);\n'
                '    int v = in[g];\n'
                '    int p = pattern == 0 ? v : pattern == 1 ? 0 : pattern == 2 ? (l == (s * 3u + 1u) % n ? 0 : v)\n'
                '                                                              : (l == (s * 5u + 2u) % n ? v : 0);\n'
                f'    out[g] = {fn}(p);\n')
    if shape == 'all_equal':
        return (f'    uint pattern = (uint)(({coll.group_linear_expr()} + s) % 3);\n'
                f'    {t} v = pattern == 0 ? in[0] : pattern == 1 ? in[g] : (l == (s * 3u + 1u) % n ? in[g] : in[0]);\n'
                f'    out[g] = {fn}(v);\n')
    if shape in ('nu_broadcast', 'ext_broadcast'):
        # The source: the first active local id from (7 s + 3) % n on, the
        # same for every work-item of the sub-group (dynamically uniform;
        # sub_group_broadcast runs in uniform control flow only).
        lines = ['    uint idx = 0;',
                 '    for (uint k = 0; k < n; ++k) {',
                 '      uint c = (s * 7u + 3u + k) % n;',
                 '      if (ACTIVE(c, s)) { idx = c; break; }',
                 '    }']
        for wi, w in enumerate(widths):
            slot = f'16 * ({len(widths)} * g + {wi})'
            if w == 1:
                lines.append(f'    out[{slot}] = {fn}(in[16 * g], idx);')
            else:
                lines.append(f'    vstore{w}({fn}(vload{w}(0, in + 16 * g), idx), 0, out + {slot});')
        return '\n'.join(lines) + '\n'
    if shape == 'broadcast_first':
        return f'    out[g] = {fn}(in[g]);\n'
    if shape == 'ballot':
        return f'    vstore4({fn}(in[g]), g, out);\n'
    if shape == 'inverse_ballot':
        return f'    out[g] = {fn}(kBallotMasks[s % 4u]);\n'
    if shape == 'bit_extract':
        return f'    out[g] = {fn}(kBallotMasks[(s + 1u) % 4u], (l * 5u + s) % n);\n'
    if shape == 'ballot_scan':
        return f'    out[g] = {fn}(kBallotMasks[(s + 2u) % 4u]);\n'
    if shape == 'masks':
        return ''.join(f'    vstore4({m}(), {len(cat.MASK_FUNCTIONS)} * g + {i}, out);\n'
                       for i, m in enumerate(cat.MASK_FUNCTIONS))
    if shape == 'shuffle':
        arg = {'sub_group_shuffle': '(l * 5u + 3u) % n', 'sub_group_shuffle_xor': 's % 3u + 1u',
               'sub_group_shuffle_up': 'l % 3u + 1u', 'sub_group_shuffle_down': 'l % 3u + 1u'}[fn]
        return f'    out[g] = {fn}(in[g], {arg});\n'
    if shape == 'rotate':
        return f'    out[g] = {fn}(in[g], (int)(s % 5u) + 1);\n'
    if shape == 'clustered_rotate':
        return ''.join(f'    if (m >= {cs}u) out[{len(cat.CLUSTERS)} * g + {k}] = {fn}(in[g], (int)(s % 5u) + 1, {cs});\n'
                       for k, cs in enumerate(cat.CLUSTERS))
    if shape == 'clustered':
        return ''.join(f'    if (m >= {cs}u) out[{len(cat.CLUSTERS)} * g + {k}] = {fn}(in[g], {cs});\n'
                       for k, cs in enumerate(cat.CLUSTERS))
    if shape in ('non_uniform', 'extended'):
        return f'    out[g] = {fn}(in[g]);\n'
    raise ValueError(shape)


# Per shape: (argument type, result type, results per work-item, inputs per work-item).
def _layout(shape, t, widths):
    return {
        'ext_broadcast': (t, t, 16 * len(widths), 16), 'extended': (t, t, 1, 1),
        'elect': ('int', 'int', 1, 1), 'vote': ('int', 'int', 1, 1), 'all_equal': (t, 'int', 1, 1),
        'nu_broadcast': (t, t, 16 * len(widths), 16), 'broadcast_first': (t, t, 1, 1),
        'ballot': ('int', 'uint', 4, 1), 'inverse_ballot': ('int', 'int', 1, 1), 'bit_extract': ('int', 'int', 1, 1),
        'ballot_scan': ('int', 'uint', 1, 1), 'masks': ('int', 'uint', 4 * len(cat.MASK_FUNCTIONS), 1),
        'shuffle': (t, t, 1, 1), 'rotate': (t, t, 1, 1), 'clustered_rotate': (t, t, len(cat.CLUSTERS), 1),
        'clustered': (t, t, len(cat.CLUSTERS), 1), 'non_uniform': (t, t, 1, 1),
    }[shape]


def _kernel_name(fn, tname, shape=''):
    prefix = 'sgx_ext_' if shape in ('ext_broadcast', 'extended') else 'sgx_'
    return f'{prefix}{fn[len("sub_group_"):] if fn.startswith("sub_group_") else fn}_{tname}'


def _kernel(fn, shape, tname, widths):
    arg, res, _, _ = _layout(shape, tname, widths)
    return (f'__kernel void {_kernel_name(fn, tname, shape)}(__global const {arg}* in, __global {res}* out, '
            '__global uint* ids, uint mode)\n'
            '{\n'
            '  size_t g = get_global_linear_id();\n'
            '  uint s = get_sub_group_id(), l = get_sub_group_local_id(), n = get_sub_group_size();\n'
            '  uint m = get_max_sub_group_size();\n'
            '  ids[4 * g] = s;\n  ids[4 * g + 1] = l;\n  ids[4 * g + 2] = n;\n  ids[4 * g + 3] = m;\n'
            '  if (ACTIVE(l, s)) {\n' + _body(fn, shape, tname, widths) + '  }\n}\n')


def _op(fn):
    for op in cat.LOGICAL_OPS + cat.BITWISE_OPS + cat.ARITH_OPS:
        if fn.endswith('_' + op):
            return op
    return ''


def _inputs(shape, fn, tname, fmt):
    """How the host draws the inputs (suites/subgroup_ext/README.md)."""
    if shape in ('elect', 'inverse_ballot', 'bit_extract', 'ballot_scan', 'masks'):
        return 'none'
    if shape == 'vote':
        return 'vote'
    if shape == 'ballot':
        return 'predicate'
    op = _op(fn) if shape in ('clustered', 'non_uniform', 'extended') else ''
    if op.startswith('logical'):
        return 'predicate'
    if op == 'add':
        return 'float_add' if fmt == 'f' else 'sg_add'
    if op == 'mul':
        return 'sg_mul'
    return 'float_minmax' if fmt == 'f' else 'int_full'


def _case_name(fn, shape):
    if shape in ('ext_broadcast', 'extended'):
        return 'extended_types.' + fn[len('sub_group_'):]
    return 'masks' if shape == 'masks' else fn[len('sub_group_'):] if fn.startswith('sub_group_') else fn


def _rows():
    return cat.functions() + cat.extended_functions()


def cases():
    """(case id, program, kernel, params, requires, names, cap, widths) per function and type."""
    out = []
    seen_masks = False
    for fn, section, ext, types, widths, shape in _rows():
        if shape == 'masks':
            if seen_masks:
                continue
            seen_masks = True
        for tname, fmt, size, treq, cap in types:
            arg, res, per_item, in_per_item = _layout(shape, tname, widths)
            name = _case_name(fn, shape)
            kname = _kernel_name('masks' if shape == 'masks' else fn, tname, shape)
            p = {'function': 'get_sub_group_*_mask' if shape == 'masks' else fn, 'shape': shape,
                 'section': section, 'type': tname, 'format': fmt, 'bytes': size,
                 'arg_type': arg, 'result_type': res, 'per_item': per_item, 'in_per_item': in_per_item,
                 'inputs': _inputs(shape, fn, tname, fmt), 'op': _op(fn), 'shapes': coll.SHAPES,
                 'clusters': cat.CLUSTERS, 'widths': widths, 'ballot_masks': BALLOT_MASKS,
                 # 6.15.20's own functions must be met by every work-item: uniform control flow only.
                 'modes': [0] if ext == cat.EXTENDED else [0, 1]}
            if p['inputs'] == 'float_add':
                p['exp_range'] = coll.FLOAT_ADD_EXP[tname]
            for kind in cat.SCAN_KINDS:
                if f'_{kind}_' in fn:
                    p['kind'] = kind
            names = cat.MASK_FUNCTIONS if shape == 'masks' else [fn]
            out.append((f'subgroup_ext.{name}.{tname}', f'sgx_{SHORT[ext]}_{tname}', kname, p,
                        [ext] + treq, names, cap, widths))
    return out


def program_sources():
    progs = {}
    done = set()
    for fn, section, ext, types, widths, shape in _rows():
        for tname, _, _, treq, _ in types:
            pid = f'sgx_{SHORT[ext]}_{tname}'
            key = ('masks', tname) if shape == 'masks' else (fn, tname, shape)
            if key in done:
                continue
            done.add(key)
            if pid not in progs:
                progs[pid] = {'source': _prologue(tname), 'requires': [ext] + treq}
            progs[pid]['source'] += _kernel('masks' if shape == 'masks' else fn, shape, tname, widths) + '\n'
    return progs


def build():
    m = Manifest('subgroup_ext', SPEC)
    for pid, prog in program_sources().items():
        m.add_program(pid, prog['source'], requires=REQUIRES + prog['requires'], cl_std='2.0')
    all_cases = cases()
    for cid, prog, kernel, params, req, _, _, _ in all_cases:
        params = dict(params)
        params['cases_in_suite'] = len(all_cases)
        m.add_case(cid, prog, kernel, 'subgroup_ext.' + params['shape'], 'subgroup_ext.' + params['shape'], params,
                   requires=REQUIRES + req)
    return m


def coverage():
    """Per built-in name: the overloads its cases cover (one per type and
    width), by capability; cl_khr_subgroup_extended_types as a feature."""
    out = {}
    for cid, prog, kernel, params, req, names, cap, widths in cases():
        if params['shape'] in ('ext_broadcast', 'extended'):
            out.setdefault(cat.EXTENDED_FEATURE, {'overloads': {}, 'cases': []})['cases'].append(cid)
            continue
        for name in names:
            e = out.setdefault(name, {'overloads': {}, 'cases': []})
            e['cases'].append(cid)
            e['overloads'][cap] = e['overloads'].get(cap, 0) + len(widths)
    return out
