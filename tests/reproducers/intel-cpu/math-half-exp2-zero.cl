// half_exp2(+-0) returns 0x3f7ffb49 (0.99993) instead of exactly 1.0.
// OpenCL C 3.0 spec 7.5.1 (Additional Requirements Beyond C99 TC2): the
// half_ functions must meet the same edge-case requirements as the full
// functions (C99 TC2 F.9.3.2: exp2(+-0) returns 1), and the 8192-ulp
// allowance does not apply to values whose result is prescribed.
//@ kernel: k
//@ global: 2
//@ arg 0 in 32: 00000000 80000000
//@ arg 1 out 32: 2
//@ expect 1: 3f800000 3f800000
__kernel void k(__global const float* x, __global float* out)
{
  size_t i = get_global_id(0);
  out[i] = half_exp2(x[i]);
}
