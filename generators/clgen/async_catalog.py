"""What the async suite covers (OpenCL C 3.0 spec 6.15.11 Async Copies From
Global to Local Memory, Local to Global Memory, and Prefetch).

Every gentype the section lists: the ten element types of types.py plus
half (cl_khr_fp16), each as a scalar and at widths 2, 3, 4, 8, 16; 3-wide
copies behave as 4-wide ones (the section's footnote).
"""

from .types import ELEMENTS, WIDTHS, Element

ELEMENT_TYPES = list(ELEMENTS) + [Element('half', 2, 'float', ('cl_khr_fp16',))]

# One case per (type, width, operation).
OPERATIONS = {
    'copy_g2l': 'async_work_group_copy from global to local memory',
    'copy_l2g': 'async_work_group_copy from local to global memory',
    'strided_g2l': 'async_work_group_strided_copy from global to local memory (src_stride)',
    'strided_l2g': 'async_work_group_strided_copy from local to global memory (dst_stride)',
    'multi': 'three copies in flight, two sharing one event, waited for together by wait_group_events',
    'prefetch': 'prefetch of the source, which must leave every byte of memory unchanged',
}

LOCAL_SIZE = 64
GROUPS = 4
MAX_STRIDE = 7
LOCAL_BYTES = 4096  # per local array, so that a program's arrays stay well within 32 KiB of local memory


def capacity(storage_bytes):
    """Elements of one local array."""
    return min(256, LOCAL_BYTES // storage_bytes)


def launches(cap, op):
    """(count, stride) per launch: a count below the work-group size, one
    that no work-group size here divides, one near the local array's end.
    multi splits its count in two copies, so it starts at 2."""
    return [(2 if op == 'multi' else 1, 1), (min(37, cap // 2 + 1), 3), (cap - 3, MAX_STRIDE)]


def segment(cap):
    """Elements of global memory each work-group owns."""
    return cap * MAX_STRIDE
