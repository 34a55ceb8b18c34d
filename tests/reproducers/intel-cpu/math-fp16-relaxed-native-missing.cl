// With -cl-fast-relaxed-math, a kernel calling acos (and 39 other math
// built-ins: asin, atan, atan2, cos, sin, tan, the *pi and hyperbolic ones,
// exp*, log*, cbrt, hypot, pow, powr, sqrt, rsqrt, erf, erfc, fmod, fract,
// fdim, fmax, fmin, logb, ilogb) on half fails to build: the backend calls
// native_acos(half), a symbol its library does not have ("JIT session
// error: Symbols not found: _Z11native_acosDh"). The kernel is legal:
// OpenCL C 3.0 spec 6.15.2 declares acos for half with cl_khr_fp16, and the
// build options only relax accuracy (OpenCL API spec, Math Intrinsics
// Options; the relaxed table of 7.4 is single precision only).
//@ kernel: k
//@ options: -cl-fast-relaxed-math
//@ expect-build: succeed
//@ global: 1
//@ arg 0 in 16: 3800
//@ arg 1 out 16: 1
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global const half* x, __global half* out)
{
  size_t i = get_global_id(0);
  out[i] = acos(x[i]);
}
