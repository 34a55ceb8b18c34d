// lgamma_r stores +1 or -1 in signp for x = +-0 and for the negative
// integers (-1, -2, -3, -2^23, -1e30 ...), in float and in double; the
// lgamma value (+inf) is right. OpenCL C 3.0 spec 7.5.1 (Additional
// Requirements Beyond C99 TC2): lgamma_r(x, signp) returns 0 in signp if x
// is zero or a negative integer.
// Inputs: +0, -0, -1, -2, -3, -2^23, -1e30 (float); +0, -0, -1, -2, -2^52,
// -1e30, -3 (double).
//@ kernel: k
//@ global: 7
//@ arg 0 in 32: 00000000 80000000 bf800000 c0000000 c0400000 cb000000 f149f2ca
//@ arg 1 in 64: 0000000000000000 8000000000000000 bff0000000000000 c000000000000000 c330000000000000 c6293e5939a08cea c008000000000000
//@ arg 2 out 32: 7
//@ arg 3 out 32: 7
//@ expect 2: 0 0 0 0 0 0 0
//@ expect 3: 0 0 0 0 0 0 0
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global const float* x, __global const double* y, __global int* sign_f, __global int* sign_d)
{
  size_t i = get_global_id(0);
  int s;
  (void)lgamma_r(x[i], &s);
  sign_f[i] = s;
  (void)lgamma_r(y[i], &s);
  sign_d[i] = s;
}
