"""What the sync suite covers (OpenCL C 3.0 spec 6.15.8 Synchronization
Functions, 6.15.9 Legacy Explicit Memory Fence Functions, and 6.15.12.5
Fences, which defines the legacy fences as atomic_work_item_fence at
memory_scope_work_group with acq_rel, acquire and release order).
"""

# Work-group sizes (uniform NDRanges of GROUPS groups), powers of two and
# not, one work-item to a whole 256-wide group.
LOCAL_SIZES = [1, 7, 64, 100, 256]
GROUPS = 12
# Exchange kernels run PHASES write-barrier-read-barrier rounds; every case
# launches LAUNCHES times with fresh inputs.
PHASES = 8
LAUNCHES = 3

# Barrier statements: (id, statement, needs OpenCL C 2.0).
LOCAL_BARRIERS = [
    ('barrier_local', 'barrier(CLK_LOCAL_MEM_FENCE)', False),
    ('barrier_local_global', 'barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)', False),
    ('wg_barrier_local', 'work_group_barrier(CLK_LOCAL_MEM_FENCE)', True),
    ('wg_barrier_local_scope', 'work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group)', True),
]
GLOBAL_BARRIERS = [
    ('barrier_global', 'barrier(CLK_GLOBAL_MEM_FENCE)', False),
    ('barrier_global_local', 'barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE)', False),
    ('wg_barrier_global', 'work_group_barrier(CLK_GLOBAL_MEM_FENCE)', True),
    ('wg_barrier_global_scope', 'work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_group)', True),
]

# Message passing between two work-items of a group through a relaxed
# atomic flag: (id, producer's fence, consumer's fence).
FENCES = [
    ('write_read_mem_fence', 'write_mem_fence', 'read_mem_fence'),
    ('mem_fence', 'mem_fence', 'mem_fence'),
    ('atomic_work_item_fence', 'atomic_work_item_fence@release', 'atomic_work_item_fence@acquire'),
]
FENCE_ROUNDS = 16
FENCE_LOCAL_SIZE = 64
FENCE_SPIN = 100000  # consumer's bounded wait for the flag; no verdict when it times out
