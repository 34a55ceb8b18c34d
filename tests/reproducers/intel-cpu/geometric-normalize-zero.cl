// normalize(v) of a float vector (2 to 4 elements) whose elements are all
// zero returns NaNs (0 / 0) instead of v. OpenCL C 3.0 7.5.1: "normalize(v)
// returns v if all elements of v are zero" (signs included). Work-item g
// normalizes float4 case g % 4, writes the result (out 1) and 1 where it
// equals v bit for bit (out 2):
//   0: (0, 0, 0, 0)   1: (-0, 0, -0, -0)   2: (-0, -0, -0, -0)
//   3: (0, 0, 0, 1), not all zero: (0, 0, 0, 1) (control)
//@ kernel: k
//@ global: 16
//@ arg 0 in 32: 0 0 0 0  80000000 0 80000000 80000000  80000000 80000000 80000000 80000000  0 0 0 3f800000
//@ arg 1 out 32: 64
//@ arg 2 out 32: 16
//@ expect 2: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
__kernel void k(__global const float* in, __global float* out, __global int* same)
{
  size_t g = get_global_id(0);
  float4 v = vload4(g % 4, in);
  float4 r = normalize(v);
  vstore4(r, g, out);
  same[g] = all(as_uint4(r) == as_uint4(v));
}
