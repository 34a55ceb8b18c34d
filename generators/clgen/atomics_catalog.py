"""What the atomics suite covers (OpenCL C 3.0 spec 6.15.12).

Legacy functions (6.15.12.8 for 32-bit int and uint, 6.15.12.9 for the
64-bit atom_* of cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics)
and the C11-style functions of 6.15.12.7, which need OpenCL C 2.0 or the
OpenCL C 3.0 feature macros their memory order and scope ask for.
"""

# Read-modify-write operations: name in the kernel -> the host's operation
# (reference/atomic_history.hpp) and which extension carries its 64-bit form.
LEGACY_OPS = {
    'add': 'base', 'sub': 'base', 'xchg': 'base', 'inc': 'base', 'dec': 'base',
    'cmpxchg': 'base', 'cmpxchg_loop': 'base',
    'min': 'extended', 'max': 'extended', 'and': 'extended', 'or': 'extended', 'xor': 'extended',
}
C11_OPS = {
    'fetch_add': 'add', 'fetch_sub': 'sub', 'fetch_or': 'or', 'fetch_xor': 'xor', 'fetch_and': 'and',
    'fetch_min': 'min', 'fetch_max': 'max', 'exchange': 'xchg',
    'compare_exchange_strong': 'cmpxchg_loop', 'compare_exchange_weak': 'cmpxchg_loop',
}
# relaxed and acq_rel: the _explicit forms with that memory order (acquire
# on a failed compare-exchange) and the narrowest scope that covers every
# contender (work_group for local memory, device for global). seq_cst: the
# forms without _explicit, which 6.15.12.7 defines as memory_order_seq_cst
# and memory_scope_device.
C11_ORDERS = ['relaxed', 'acq_rel', 'seq_cst']
# The read-modify-write operations also run with acquire alone and release
# alone (a failed compare-exchange then loads with acquire and relaxed: its
# failure order may not be a release, 6.15.12.7.5).
RMW_ORDERS = C11_ORDERS + ['acquire', 'release']
# Beyond the narrowest scope: global memory at memory_scope_all_svm_devices
# (every device sharing the memory, a superset of the contenders; OpenCL C
# 3.0 calls it also memory_scope_all_devices), and both spaces through
# generic pointers (6.7.5), with the forms without _explicit.
# Last, the same all-devices atomics on a fine-grained SVM buffer with SVM
# atomics (the host allocates the memory with clSVMAlloc): (space, scope,
# generic, order, svm).
VARIANTS = [('global', 'all_svm_devices', False, 'relaxed', False), ('global', None, True, 'seq_cst', False),
            ('local', None, True, 'seq_cst', False), ('global', 'all_svm_devices', False, 'relaxed', True)]

TYPES = {'int': (32, True), 'uint': (32, False), 'long': (64, True), 'ulong': (64, False)}

# cl_ext_float_atomics: atomic_fetch_add/sub/min/max on atomic_float and
# atomic_double, each where the device reports it (the feature macro
# __opencl_c_ext_fp<bits>_<space>_atomic_<add|min_max>); host operation and
# feature per function.
FLOAT_TYPES = {'float': (32, 'fp32', []), 'double': (64, 'fp64', ['fp64']), 'half': (16, 'fp16', ['fp16'])}
# Half's whole numbers are exact only up to 2048: its global histories are
# spread over 16 and 64 addresses (at most 512 operations each).
FLOAT_NADDR = {'half': {'global': [16, 64], 'local': [1, 8]}}
FLOAT_OPS = {'fetch_add': ('fadd', 'add'), 'fetch_sub': ('fsub', 'add'), 'fetch_min': ('fmin', 'min_max'),
             'fetch_max': ('fmax', 'min_max')}
FLOAT_ORDERS = ['relaxed', 'seq_cst']


def float_requires(t, space, op, order):
    bits, fp, req = FLOAT_TYPES[t]
    out = ['opencl_c_2.0', 'cl_ext_float_atomics', f'__opencl_c_ext_{fp}_{space}_atomic_{FLOAT_OPS[op][1]}'] + req
    if t == 'half' and space == 'local':  # the kernel stores and loads the local atomic_half
        out.append('__opencl_c_ext_fp16_local_atomic_load_store')
    if order == 'seq_cst':
        out += ['__opencl_c_atomic_order_seq_cst', '__opencl_c_atomic_scope_device']
    return out
SPACES = ['global', 'local']

# Every case runs one launch per contention level: GLOBAL_ITEMS work-items in
# groups of LOCAL_SIZE, each doing REPS operations in a row on address
# (global id mod naddr) of global memory, or (local id mod naddr) of its
# group's local memory.
GLOBAL_ITEMS = 2048
LOCAL_SIZE = 64
REPS = 4
NADDR = {'global': [1, 16], 'local': [1, 8]}
LOCAL_SLOTS = 64  # the local array's length; naddr never exceeds it


def histories(space, naddr):
    groups = GLOBAL_ITEMS // LOCAL_SIZE
    return naddr if space == 'global' else naddr * groups


def operations():
    return GLOBAL_ITEMS * REPS


def legacy_requires(t, space, kind):
    if TYPES[t][0] == 64:
        return ['cl_khr_int64_base_atomics'] + (['cl_khr_int64_extended_atomics'] if kind == 'extended' else [])
    return []


def c11_requires(t, space, order, scope=None, generic=False, svm=False):
    req = ['opencl_c_2.0'] + (['svm_atomics'] if svm else [])
    if generic:
        req.append('__opencl_c_generic_address_space')
    if scope == 'all_svm_devices':
        req.append('__opencl_c_atomic_scope_all_devices')
    if TYPES[t][0] == 64:
        # 6.15.12.6: atomic_long and atomic_ulong need both 64-bit extensions
        # (and __opencl_c_int64 on an OpenCL C 3.0 device).
        req += ['cl_khr_int64_base_atomics', 'cl_khr_int64_extended_atomics', '__opencl_c_int64']
    if order == 'seq_cst':
        req += ['__opencl_c_atomic_order_seq_cst', '__opencl_c_atomic_scope_device']
        return req
    if order in ('acq_rel', 'acquire', 'release'):
        req += ['__opencl_c_atomic_order_acq_rel']
    if space == 'global':
        req += ['__opencl_c_atomic_scope_device']
    return req
