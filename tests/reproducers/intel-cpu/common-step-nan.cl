// step(edge, x) returns 0.0 where edge or x is a NaN, in kernels the runtime
// vectorizes across work-items (16 work-items here; with 4 the scalar code
// returns 1.0). OpenCL C 3.0 6.15.4: step "Returns 0.0 if x < edge,
// otherwise it returns 1.0", and x < edge is false when either is a NaN
// (6.5.4, relational operators), so the result must be 1.0; the runtime seems
// to test x >= edge instead. Work-item g computes case g % 4 at float
// (out 2) and double (out 3):
//   0: step(NaN, 0x1.fffffep-1)   1: step(0, NaN)   2: step(NaN, NaN)
//   3: step(+inf, -NaN)           all must be 1.0 (runtime: 0.0)
//@ kernel: k
//@ global: 16
//@ arg 0 in 32: 7fc00000 3f7fffff  00000000 7fc00000  7fc00000 7fc00000  7f800000 ffc00000
//@ arg 1 in 64: 7ff8000000000000 3fefffffffffffff  0000000000000000 7ff8000000000000  7ff8000000000000 7ff8000000000000  7ff0000000000000 fff8000000000000
//@ arg 2 out 32: 16
//@ arg 3 out 64: 16
//@ expect 2: 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000 3f800000
//@ expect 3: 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000 3ff0000000000000
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global const float* f, __global const double* d,
                __global float* of, __global double* od)
{
  size_t g = get_global_id(0), i = g % 4;
  of[g] = step(f[2 * i], f[2 * i + 1]);
  od[g] = step(d[2 * i], d[2 * i + 1]);
}
