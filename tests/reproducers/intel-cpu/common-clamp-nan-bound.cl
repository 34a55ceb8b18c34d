// clamp(x, minval, maxval) with a NaN minval or maxval returns that NaN, or
// the other bound, instead of x clamped by the bound that is a number.
// OpenCL C 3.0 6.15.4 defines clamp as fmin(fmax(x, minval), maxval), and
// 6.15.2 makes fmax and fmin return the other argument when one is a NaN:
// a NaN bound is no bound. "Results are undefined if minval > maxval" does
// not apply: a comparison with a NaN is false. Quiet NaNs only, so the
// footnote on signaling NaNs in fmin/fmax plays no part. Each work-item
// g clamps triple g % 4 at float (out 3), double (out 4) and half (out 5):
//   0: clamp(-0x1.fffffep-1, -0x1p-126, NaN)  = -0x1p-126   (runtime: NaN)
//   1: clamp(-inf, NaN, -1)                   = -inf        (runtime: -1)
//   2: clamp(0x1.000002p0, +inf, NaN)         = +inf        (runtime: NaN)
//   3: clamp(-1, 0x1.000002p0, NaN)           = 0x1.000002p0 (runtime: NaN)
// double: the same values rounded to double; half: 0x1.ffcp-1 for
// 0x1.fffffep-1, 0x1p-14 for 0x1p-126, 0x1.004p0 for 0x1.000002p0.
//@ kernel: k
//@ global: 16
//@ arg 0 in 32: bf7fffff 80800000 7fc00000  ff800000 7fc00000 bf800000  3f800001 7f800000 7fc00000  bf800000 3f800001 7fc00000
//@ arg 1 in 64: bfefffffe0000000 8010000000000000 7ff8000000000000  fff0000000000000 7ff8000000000000 bff0000000000000  3ff0000020000000 7ff0000000000000 7ff8000000000000  bff0000000000000 3ff0000020000000 7ff8000000000000
//@ arg 2 in 16: bbff 8400 7e00  fc00 7e00 bc00  3c01 7c00 7e00  bc00 3c01 7e00
//@ arg 3 out 32: 16
//@ arg 4 out 64: 16
//@ arg 5 out 16: 16
//@ expect 3: 80800000 ff800000 7f800000 3f800001 80800000 ff800000 7f800000 3f800001 80800000 ff800000 7f800000 3f800001 80800000 ff800000 7f800000 3f800001
//@ expect 4: 8010000000000000 fff0000000000000 7ff0000000000000 3ff0000020000000 8010000000000000 fff0000000000000 7ff0000000000000 3ff0000020000000 8010000000000000 fff0000000000000 7ff0000000000000 3ff0000020000000 8010000000000000 fff0000000000000 7ff0000000000000 3ff0000020000000
//@ expect 5: 8400 fc00 7c00 3c01 8400 fc00 7c00 3c01 8400 fc00 7c00 3c01 8400 fc00 7c00 3c01
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const float* f, __global const double* d, __global const half* h,
                __global float* of, __global double* od, __global half* oh)
{
  size_t g = get_global_id(0), i = g % 4;
  of[g] = clamp(f[3 * i], f[3 * i + 1], f[3 * i + 2]);
  od[g] = clamp(d[3 * i], d[3 * i + 1], d[3 * i + 2]);
  oh[g] = clamp(h[3 * i], h[3 * i + 1], h[3 * i + 2]);
}
