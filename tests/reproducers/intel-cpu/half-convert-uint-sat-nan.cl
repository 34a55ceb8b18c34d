// convert_uint_sat(half) and convert_uint_sat_rtz(half), scalar and
// vector, turn every half NaN (0x7c01-0x7fff, 0xfc01-0xffff) into
// 0x80000000 instead of 0, in the kernel the runtime vectorises across
// work-items (here 64 of them). Other halves (negative, +-inf, 65504) are
// right. OpenCL C 3.0 spec 6.4.3.3 (Out-of-Range Behavior and Saturated
// Conversions): in saturated mode NaN is converted to zero; cl_khr_fp16
// adds the half conversions with the same rules.
//@ kernel: k
//@ global: 64
//@ arg 0 in 16: 7e00 7c01 fe00 fc01 7fff ffff 7d00 7c02 7e00 7c01 fe00 fc01 7fff ffff 7d00 7c02 7e00 7c01 fe00 fc01 7fff ffff 7d00 7c02 7e00 7c01 fe00 fc01 7fff ffff 7d00 7c02 7e00 7c01 fe00 fc01 7fff ffff 7d00 7c02 7e00 7c01 fe00 fc01 7fff ffff 7d00 7c02 7e00 7c01 fe00 fc01 7fff ffff 7d00 7c02 7e00 7c01 fe00 fc01 7fff ffff 7d00 7c02
//@ arg 1 out 32: 64
//@ arg 2 out 32: 64
//@ expect 1: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
//@ expect 2: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const half* x, __global uint* sat, __global uint* sat_rtz)
{
  size_t i = get_global_id(0);
  sat[i] = convert_uint_sat(x[i]);
  sat_rtz[i] = convert_uint_sat_rtz(x[i]);
}
