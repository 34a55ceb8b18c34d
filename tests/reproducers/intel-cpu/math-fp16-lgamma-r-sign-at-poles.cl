// lgamma_r on half stores +1 or -1 in signp for x = +-0 and for the
// negative integers (-1, -2, -100, -32768, -65504); the lgamma value (+inf)
// is right. The float and double overloads do the same
// (math-lgamma-r-sign-at-poles.cl). OpenCL C 3.0 spec 7.5.1 (Additional
// Requirements Beyond C99 TC2): lgamma_r(x, signp) returns 0 in signp if x
// is zero or a negative integer.
//@ kernel: k
//@ global: 7
//@ arg 0 in 16: 0000 8000 bc00 c000 d640 f800 fbff
//@ arg 1 out 32: 7
//@ expect 1: 0 0 0 0 0 0 0
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const half* x, __global int* sign)
{
  size_t i = get_global_id(0);
  int s;
  (void)lgamma_r(x[i], &s);
  sign[i] = s;
}
