// sub_group_non_uniform_reduce_logical_xor and the inclusive scan give true
// for the predicates 1 and 3: the runtime xors the bits (1 ^ 3 = 2, non-zero)
// where the spec asks for the logical xor of the two truths (true xor true =
// false). OpenCL C spec 6.15.20.3 (Logical Operations): "a non-zero
// predicate argument or return value is logically true"; the reduce "returns
// the logical xor of predicate for all active work items". A work-group of 2
// makes one sub-group of 2 (the first line of results shows its size). The
// kernel stores 1 for a non-zero result, 0 for zero.
//@ kernel: k
//@ options: -cl-std=CL3.0
//@ global: 2
//@ local: 2
//@ arg 0 in 32: 1 3
//@ arg 1 out 32: 6
//@ expect 1: 2 2  0 0  1 0
__kernel void k(__global const int* in, __global int* out)
{
  size_t i = get_global_id(0);
  out[i] = get_sub_group_size();
  out[2 + i] = sub_group_non_uniform_reduce_logical_xor(in[i]) != 0;
  out[4 + i] = sub_group_non_uniform_scan_inclusive_logical_xor(in[i]) != 0;
}
