// convert_uint_sat(float) and convert_uint_sat_rtz(float) turn every NaN
// (quiet or signalling, either sign) into 0x80000000 instead of 0, in the
// kernel the runtime vectorises across work-items (here 64 of them; with 14
// work-items the same kernel gives 0). Other inputs
// (negative, +-inf, near 2^32) are right. OpenCL C 3.0 spec 6.4.3.3
// (Out-of-Range Behavior and Saturated Conversions): in saturated mode NaN
// is converted to zero.
//@ kernel: k
//@ global: 64
//@ arg 0 in 32: 7fc00000 7f800001 ffc00000 ff800001 7fa00000 7fffffff ffffffff 7f800002 7fc00000 7f800001 ffc00000 ff800001 7fa00000 7fffffff ffffffff 7f800002 7fc00000 7f800001 ffc00000 ff800001 7fa00000 7fffffff ffffffff 7f800002 7fc00000 7f800001 ffc00000 ff800001 7fa00000 7fffffff ffffffff 7f800002 7fc00000 7f800001 ffc00000 ff800001 7fa00000 7fffffff ffffffff 7f800002 7fc00000 7f800001 ffc00000 ff800001 7fa00000 7fffffff ffffffff 7f800002 7fc00000 7f800001 ffc00000 ff800001 7fa00000 7fffffff ffffffff 7f800002 7fc00000 7f800001 ffc00000 ff800001 7fa00000 7fffffff ffffffff 7f800002
//@ arg 1 out 32: 64
//@ arg 2 out 32: 64
//@ expect 1: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
//@ expect 2: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
__kernel void k(__global const float* x, __global uint* sat, __global uint* sat_rtz)
{
  size_t i = get_global_id(0);
  sat[i] = convert_uint_sat(x[i]);
  sat_rtz[i] = convert_uint_sat_rtz(x[i]);
}
