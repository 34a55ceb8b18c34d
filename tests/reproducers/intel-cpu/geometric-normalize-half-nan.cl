// normalize(v) of a half vector with a NaN element returns v unchanged
// (the NaN element and the others as they came, even -inf and 65504)
// instead of a vector full of NaNs. OpenCL C 3.0 7.5.1: "normalize(v) returns a vector full of NaNs
// if any element is a NaN"; the half overloads are those of 6.15.5 with
// cl_khr_fp16. Quiet NaNs only. Work-item g normalizes case g % 4 of half4
// and writes the result (out 1) and 1 where every element is a NaN (out 2):
//   0: (1, 0x1p-14, NaN, -0x1p-14)   1: (NaN, 0.1448, 0.1521, 0)
//   2: (-NaN, -inf, 65504, -0.1279)  3: (0.9995, -0.2498, NaN, 0.2267)
//@ kernel: k
//@ global: 16
//@ arg 0 in 16: 3c00 0400 7e00 8400  7e00 30a2 30de 0000  fe00 fc00 7bff b03f  3bff b3fe 7e00 335d
//@ arg 1 out 16: 64
//@ arg 2 out 32: 16
//@ expect 2: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const half* in, __global half* out, __global int* all_nan)
{
  size_t g = get_global_id(0), i = g % 4;
  half4 r = normalize(vload4(i, in));
  vstore4(r, g, out);
  all_nan[g] = all(isnan(r));
}
