// normalize(v) of a vector with an infinite element returns a NaN in place
// of each infinite element (the finite ones become +-0 as they should), at
// float, double and half, widths 2 to 4; the scalar half normalize(+-inf)
// returns a NaN too. OpenCL C 3.0
// 7.5.1: normalize of a v with an infinite element "shall proceed as if the
// elements in v were replaced" by copysign(1.0, v[i]) where v[i] is infinite
// and 0.0 * v[i] elsewhere, so the result is the unit vector of the signs of
// the infinities (no NaN). Work-item g normalizes case g % 4 of float4
// (out 1), double4 (out 2) and half4 (out 3) and writes 1 where a result
// element is a NaN, else 0 (out 4, 5, 6); out 7 gets the same flag for the
// scalar half normalize of element 1 (+inf, 1.27, -inf, 2: +-1 required):
//   0: (0x1.fffffep-1, +inf, 0x1.44109p-3, 14.977)  -> (0, 1, 0, 0)
//   1: (-0.751, 1.27, 0.17, -inf)                   -> (-0, 0, 0, -1)
//   2: (+inf, -inf, 1, 2)                           -> (0.7071, -0.7071, 0, 0)
//   3: (1, 2, 3, 4), no infinity: no NaN either way
// (double and half: the same values converted in the kernel.)
//@ kernel: k
//@ global: 16
//@ arg 0 in 32: 3f7fffff 7f800000 3e22084c 416fa2b7  bf4056dc 3fa296aa 3e2ee5d6 ff800000  7f800000 ff800000 3f800000 40000000  3f800000 40000000 40400000 40800000
//@ arg 1 out 32: 64
//@ arg 2 out 64: 64
//@ arg 3 out 16: 64
//@ arg 4 out 32: 16
//@ arg 5 out 32: 16
//@ arg 6 out 32: 16
//@ arg 7 out 32: 16
//@ expect 4: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
//@ expect 5: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
//@ expect 6: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
//@ expect 7: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const float* in, __global float* of, __global double* od, __global half* oh,
                __global int* nf, __global int* nd, __global int* nh, __global int* nh1)
{
  size_t g = get_global_id(0), i = g % 4;
  float4 v = vload4(i, in);
  float4 rf = normalize(v);
  double4 rd = normalize(convert_double4(v));
  half4 rh = normalize(convert_half4(v));
  vstore4(rf, g, of);
  vstore4(rd, g, od);
  vstore_half4(convert_float4(rh), g, (__global half*)oh);
  nf[g] = any(isnan(rf));
  nd[g] = any(isnan(rd));
  nh[g] = any(isnan(rh));
  nh1[g] = isnan(normalize(convert_half(v.s1)));
}
