// With -cl-denorms-are-zero, convert_float_rtp(0x1.0000000000001p-149) gives
// 0x1p-149 (0x00000001) and convert_float_rtn(-0x1.0000000000001p-149) gives
// -0x1p-149: subnormal floats rounded toward zero. OpenCL C 3.0 6.4.3.2: _rtp
// rounds toward +inf (0x00000002), _rtn toward -inf (0x80000002); 7.5.3 lets a
// subnormal result become +-0, never a wrongly rounded subnormal. Work-item g
// converts with _rtp for even g, _rtn for odd g; out 1 is 1 where allowed.
//@ kernel: k
//@ options: -cl-denorms-are-zero
//@ global: 16
//@ arg 0 in 64: 36a0000000000001 b6a0000000000001 36a0000000000001 b6a0000000000001 36a0000000000001 b6a0000000000001 36a0000000000001 b6a0000000000001 36a0000000000001 b6a0000000000001 36a0000000000001 b6a0000000000001 36a0000000000001 b6a0000000000001 36a0000000000001 b6a0000000000001
//@ arg 1 out 32: 16
//@ arg 2 out 32: 16
//@ expect 1: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global const double* d, __global int* ok, __global uint* r)
{
  size_t g = get_global_id(0);
  float up = convert_float_rtp(d[g]), dn = convert_float_rtn(d[g]);
  uint u = (g % 2) ? as_uint(dn) : as_uint(up);
  r[g] = u;
  ok[g] = u == ((g % 2) ? 0x80000002u : 0x00000002u) || (u & 0x7fffffffu) == 0;
}
