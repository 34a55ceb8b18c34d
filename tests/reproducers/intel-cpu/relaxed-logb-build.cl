// With -cl-fast-relaxed-math, a kernel calling logb(float) and logb(floatN)
// fails to build: "JIT session error: Symbols not found: [ _Z11native_logbf,
// _Z11native_logbDv2_f, ... ]" -- the runtime maps logb to a native_logb its
// library lacks. logb is a built-in of OpenCL C 3.0 6.15.2, and the option
// (API 5.8.4.2) changes accuracy, never which programs are legal.
//@ kernel: k
//@ options: -cl-fast-relaxed-math
//@ expect-build: succeed
//@ global: 4
//@ arg 0 in 32: 3f800000 40000000 41000000 3e800000
//@ arg 1 out 32: 4
//@ expect 1: 00000000 3f800000 40400000 c0000000
__kernel void k(__global const float* a, __global float* r)
{
  size_t g = get_global_id(0);
  r[g] = logb(a[g]);
}
