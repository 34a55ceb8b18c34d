// work_group_all returns 0 when every predicate is non-zero but one of them
// is even: it looks at bit 0 of each predicate only. OpenCL C 3.0 spec
// 6.15.16 (Work-group Collective Functions): work_group_all "returns a
// non-zero value if predicate evaluates to non-zero for all work-items in
// the work-group"; the predicate is an int, and 2 or INT_MIN is non-zero.
// Four work-groups of 4, every predicate non-zero, so every result must be
// non-zero; the kernel writes 1 for a non-zero result, 0 for zero:
//   group 0: 1 1 1 1          (all odd: the runtime gives 1)
//   group 1: 2 2 2 2          (all even)
//   group 2: INT_MIN 1 1 1    (0x80000000, the value the suite showed)
//   group 3: 3 6 7 7          (one even)
//@ kernel: k
//@ options: -cl-std=CL3.0
//@ global: 16
//@ local: 4
//@ arg 0 in 32: 1 1 1 1  2 2 2 2  80000000 1 1 1  3 6 7 7
//@ arg 1 out 32: 16
//@ expect 1: 1 1 1 1  1 1 1 1  1 1 1 1  1 1 1 1
__kernel void k(__global const int* in, __global int* out)
{
  size_t i = get_global_id(0);
  out[i] = work_group_all(in[i]) != 0;
}
