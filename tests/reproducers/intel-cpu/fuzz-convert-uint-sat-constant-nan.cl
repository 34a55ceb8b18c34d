// convert_uint_sat of a NaN that the compiler knows (a constant half or
// float NaN, here behind a vector conversion and a swizzle) leaves the
// result unwritten: the compiler drops the store, so every element keeps
// the harness's fill. convert_int_sat and convert_uint_sat_rte of the same
// constant are right. Found by `clconform fuzz --seed 21` (program 5,
// reduced). OpenCL C 3.0 spec 6.4.3.3 (Out-of-Range Behavior and Saturated
// Conversions): in saturated mode NaN is converted to zero; cl_khr_fp16
// adds the half conversions under the same rules.
//@ kernel: k
//@ global: 64
//@ arg 0 out 32: 64
//@ arg 1 out 32: 64
//@ expect 0: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
//@ expect 1: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global uint* from_half, __global uint* from_float)
{
  size_t i = get_global_id(0);
  half2 h = as_half2((ushort2)((ushort)0x0u, (ushort)0x7e00u));
  from_half[i] = convert_uint2_sat(h).s1;
  from_float[i] = convert_uint_sat(as_float(0x7fc00000u));
}
