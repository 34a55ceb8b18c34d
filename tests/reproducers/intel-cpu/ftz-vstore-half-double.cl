// With -cl-denorms-are-zero, vstore_half_rtp(0x1p-149 as a double) stores 0x0000
// and vstore_half_rtn(-0x1p-149) stores 0x8000: the double seems to go through a
// float that is flushed. OpenCL C 3.0 6.1.1.1 (the half data type): conversions
// from double to half are correctly rounded, and half denormals made by
// vstore_half cannot be flushed; -cl-denorms-are-zero (API 5.8.4.2) concerns
// float and double denormals, and 0x1p-149 is a normal double. _rtp must give
// 0x0001 (smallest half denormal), _rtn 0x8001. Work-item g stores with _rtp for
// even g, _rtn for odd g. Without the option both are right.
//@ kernel: k
//@ options: -cl-denorms-are-zero
//@ global: 16
//@ arg 0 in 64: 36a0000000000000 b6a0000000000000 36a0000000000000 b6a0000000000000 36a0000000000000 b6a0000000000000 36a0000000000000 b6a0000000000000 36a0000000000000 b6a0000000000000 36a0000000000000 b6a0000000000000 36a0000000000000 b6a0000000000000 36a0000000000000 b6a0000000000000
//@ arg 1 out 16: 16
//@ expect 1: 0001 8001 0001 8001 0001 8001 0001 8001 0001 8001 0001 8001 0001 8001 0001 8001
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global const double* d, __global half* h)
{
  size_t g = get_global_id(0);
  if (g % 2) vstore_half_rtn(d[g], g, h);
  else vstore_half_rtp(d[g], g, h);
}
