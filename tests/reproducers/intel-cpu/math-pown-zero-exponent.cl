// pown(x, 0) returns 0x3f800001 (1 + 2^-23) instead of 1.0 for many finite
// nonzero x (5, 1, 2, -5, FLT_MIN, 0.5 - 2^-25, ...) when n comes from memory.
// OpenCL C 3.0 spec 7.5.1 (Additional Requirements Beyond C99 TC2): pown(x, 0)
// is 1 for any x, even zero, NaN or infinity, and such prescribed results
// must be exact, with no ulp allowance.
//@ kernel: k
//@ global: 8
//@ arg 0 in 32: 40a00000 3f800000 40000000 c0a00000 00800000 3effffff 00000000 7fc00000
//@ arg 1 in 32: 0 0 0 0 0 0 0 0
//@ arg 2 out 32: 8
//@ expect 2: 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000
__kernel void k(__global const float* x, __global const int* n, __global float* out)
{
  size_t i = get_global_id(0);
  out[i] = pown(x[i], n[i]);
}
