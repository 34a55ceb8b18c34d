// With -cl-fast-relaxed-math, a kernel calling acos (and every other half math
// built-in the math suite tests: fmax, sqrt, exp, ...) on half fails to build:
// "JIT session error: Symbols not found: [ _Z11native_acosDh, ... ]" -- the
// runtime maps the built-in to a native_ variant its library lacks for half.
// OpenCL C 3.0 6.15.2 declares acos(halfn) with cl_khr_fp16, and the option
// (API 5.8.4.2) changes accuracy, never which programs are legal.
//@ kernel: k
//@ options: -cl-fast-relaxed-math
//@ expect-build: succeed
//@ global: 4
//@ arg 0 in 16: 3c00 3c00 3c00 3c00
//@ arg 1 out 16: 4
//@ expect 1: 0000 0000 0000 0000
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const half* a, __global half* r)
{
  size_t g = get_global_id(0);
  r[g] = acos(a[g]);
}
