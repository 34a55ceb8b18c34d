// With -cl-fast-relaxed-math, ilogb(0) and ilogb(0x1p-149) return -127 (the
// biased exponent field minus 127). OpenCL C 3.0 6.15.2.1: ilogb(0) is FP_ILOGB0,
// INT_MIN or -INT_MAX; the option implies -cl-denorms-are-zero, so ilogb(0x1p-149)
// is -149 or, the argument read as +-0, FP_ILOGB0 (7.5.3). Work-item g uses 0 for
// even g, 0x1p-149 for odd g; out 1 is 1 where allowed, out 2 holds ilogb.
//@ kernel: k
//@ options: -cl-fast-relaxed-math
//@ global: 16
//@ arg 0 in 32: 00000000 00000001 00000000 00000001 00000000 00000001 00000000 00000001 00000000 00000001 00000000 00000001 00000000 00000001 00000000 00000001
//@ arg 1 out 32: 16
//@ arg 2 out 32: 16
//@ expect 1: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
__kernel void k(__global const float* a, __global int* ok, __global int* r)
{
  size_t g = get_global_id(0);
  int i = ilogb(a[g]);
  r[g] = i;
  ok[g] = i == (int)0x80000000 || i == -0x7fffffff || ((g % 2) && i == -149);
}
