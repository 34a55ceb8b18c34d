// fract on half returns 0x3bff (0x1.ffcp-1, the largest half below 1) for a
// NaN and for +-inf, and +0 for -0; the iptr value (floor) is right. As if
// min(x - floor(x), 0x1.ffcp-1) were computed with no special case (float
// and double fract are right). OpenCL C 3.0 spec 7.5.1 (Additional
// Requirements Beyond C99 TC2): fract(-0) returns -0, fract(+inf) returns
// +0, fract(-inf) returns -0, fract(NaN) returns the NaN.
// Inputs: -0, +inf, -inf, a quiet NaN, a signalling NaN. Output 2 holds
// isnan() of the result (1 required for the NaN inputs).
//@ kernel: k
//@ global: 5
//@ arg 0 in 16: 8000 7c00 fc00 7e00 7c01
//@ arg 1 out 16: 5
//@ arg 2 out 32: 5
//@ expect 1: 8000 0000 8000
//@ expect 2: 0 0 0 1 1
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const half* x, __global half* out, __global int* nan)
{
  size_t i = get_global_id(0);
  half ip;
  half f = fract(x[i], &ip);
  out[i] = f;
  nan[i] = isnan(f);
}
